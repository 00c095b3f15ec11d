/**
 * `scripts/packages.ts`, the build of the npm packages and the wheels from a
 * directory of binaries: every binary is checked against `SHA256SUMS` first
 * (a mismatch, a missing line or a missing file writes nothing); every
 * package carries `deno.json`'s version, as `server.json` does; each wheel is
 * a zip that Python's own `zipfile` reads, whose `RECORD` lists every file with
 * its SHA-256, whose binary is executable, and whose tag is its platform's;
 * and the release workflow runs this script and publishes what it wrote.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { CHECKSUMS_ASSET, sha256Hex, TARGETS } from "../scripts/build.ts";
import {
  assetFor,
  main,
  MCP_NAME,
  parsePackagesArgs,
  pep440,
  PLATFORM_PACKAGES,
  wheelFileName,
} from "../scripts/packages.ts";
import { run } from "./packaging_harness.ts";
import { runCli } from "./mcp_harness.ts";
import {
  clientConfig,
  DEFAULT_LAUNCH,
  DENO_LAUNCH,
  REGISTRY_LAUNCHES,
} from "../cli/client_configs.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const denoJson = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`)) as { version: string };
const VERSION = denoJson.version;

/** Writes four fake binaries (distinct bytes) and their SHA256SUMS; returns the directory. */
async function fakeBinaries(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "interjson-binaries-" });
  let sums = "";
  for (const pkg of PLATFORM_PACKAGES) {
    const bytes = new TextEncoder().encode(`#!/bin/sh\necho ${pkg.platform}\n`);
    await Deno.writeFile(`${dir}/${assetFor(pkg)}`, bytes);
    sums += `${await sha256Hex(bytes)}  ${assetFor(pkg)}\n`;
  }
  await Deno.writeTextFile(`${dir}/${CHECKSUMS_ASSET}`, sums);
  return dir;
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

async function readJson(path: string) {
  return JSON.parse(await Deno.readTextFile(path));
}

/** Python's own reading of a wheel: names, modes, RECORD checked, METADATA/WHEEL text. */
const READ_WHEEL = `
import base64, hashlib, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
record = z.read([n for n in z.namelist() if n.endswith("/RECORD")][0]).decode()
bad = []
for line in record.splitlines():
    name, digest, size = line.rsplit(",", 2)
    if digest == "":
        continue
    data = z.read(name)
    actual = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    if actual != digest or int(size) != len(data):
        bad.append(name)
listed = [line.rsplit(",", 2)[0] for line in record.splitlines()]
text = lambda suffix: z.read([n for n in z.namelist() if n.endswith(suffix)][0]).decode()
print(json.dumps({
    "names": z.namelist(),
    "modes": {i.filename: oct(i.external_attr >> 16) for i in z.infolist()},
    "bad": bad,
    "unlisted": [n for n in z.namelist() if n not in listed],
    "metadata": text("/METADATA"),
    "wheel": text("/WHEEL"),
    "entry_points": text("/entry_points.txt"),
}))
`;

Deno.test("packages: all four platforms from the binaries", async (t) => {
  const binaries = await fakeBinaries();
  const out = `${binaries}/out`;
  equal(await main(["--binaries", binaries, "--out", out]), 0);

  await t.step("one platform package per release target, and the launcher", async () => {
    deepEqual(PLATFORM_PACKAGES.map(assetFor), TARGETS.map((target) => target.asset));
    const dirs = [];
    for await (const entry of Deno.readDir(`${out}/npm`)) dirs.push(entry.name);
    deepEqual(dirs.sort(), [
      "cli-darwin-arm64",
      "cli-linux-arm64",
      "cli-linux-x64",
      "cli-win32-x64",
      "interjson",
    ]);
  });

  await t.step("every package carries deno.json's version, pinned in the launcher", async () => {
    const launcher = await readJson(`${out}/npm/interjson/package.json`);
    equal(launcher.version, VERSION);
    equal(launcher.mcpName, MCP_NAME);
    const readme = await Deno.readTextFile(`${out}/npm/interjson/README.md`);
    ok(readme.includes(`"args": ["-y", "interjson@${VERSION}", "mcp"]`), "README pinned");
    for (const pkg of PLATFORM_PACKAGES) {
      const dir = `${out}/npm/${pkg.npmName.split("/")[1]}`;
      const manifest = await readJson(`${dir}/package.json`);
      deepEqual([manifest.name, manifest.version], [pkg.npmName, VERSION]);
      equal(launcher.optionalDependencies[pkg.npmName], VERSION);
      ok(await exists(`${out}/pypi/${wheelFileName(VERSION, pkg.wheelTag)}`));
    }
  });

  await t.step("each platform package holds its own binary, executable", async () => {
    for (const pkg of PLATFORM_PACKAGES) {
      const path = `${out}/npm/${pkg.npmName.split("/")[1]}/bin/${pkg.binaryName}`;
      equal(await Deno.readTextFile(path), `#!/bin/sh\necho ${pkg.platform}\n`);
      equal((await Deno.stat(path)).mode! & 0o777, 0o755);
    }
  });

  for (const pkg of PLATFORM_PACKAGES) {
    await t.step(`the ${pkg.wheelTag} wheel, as Python's zipfile reads it`, async () => {
      const wheel = `${out}/pypi/${wheelFileName(VERSION, pkg.wheelTag)}`;
      const ran = await run("python3", ["-c", READ_WHEEL, wheel]);
      equal(ran.code, 0, ran.stderr);
      const read = JSON.parse(ran.stdout);
      deepEqual(read.bad, [], "RECORD digests");
      deepEqual(read.unlisted, [], "files missing from RECORD");
      const binary = `interjson/bin/${pkg.binaryName}`;
      ok(read.names.includes(binary));
      equal(read.modes[binary], "0o100755");
      equal(read.modes["interjson/_client.py"], "0o100644");
      ok(read.names.includes("interjson/py.typed"));
      ok(!read.names.some((n: string) => n.includes("__pycache__") || n.includes("tests/")));
      match(read.wheel, new RegExp(`^Tag: py3-none-${pkg.wheelTag}$`, "m"));
      match(read.wheel, /^Root-Is-Purelib: false$/m);
      match(read.metadata, new RegExp(`^Version: ${pep440(VERSION)}$`, "m"));
      ok(read.metadata.includes(`mcp-name: ${MCP_NAME}`), "the MCP Registry's marker");
      ok(read.metadata.includes(`"args": ["interjson@${VERSION}", "mcp"]`), "README pinned");
      match(read.entry_points, /^interjson = interjson\._launcher:main$/m);
      match(read.entry_points, /^interjson-mcp = interjson\._launcher:mcp_main$/m);
    });
  }

  await t.step("two builds write the same wheel bytes", async () => {
    const again = `${binaries}/again`;
    equal(await main(["--binaries", binaries, "--out", again]), 0);
    const name = wheelFileName(VERSION, PLATFORM_PACKAGES[0].wheelTag);
    deepEqual(
      await sha256Hex(await Deno.readFile(`${again}/pypi/${name}`)),
      await sha256Hex(await Deno.readFile(`${out}/pypi/${name}`)),
    );
  });

  await Deno.remove(binaries, { recursive: true });
});

Deno.test("packages: a binary SHA256SUMS does not vouch for stops the build", async (t) => {
  const rows: { behaviour: string; spoil: (dir: string) => Promise<void>; problem: RegExp }[] = [
    {
      behaviour: "a binary whose SHA-256 differs",
      spoil: (dir) => Deno.writeTextFile(`${dir}/interjson-macos-arm64`, "tampered"),
      problem: /interjson-macos-arm64 does not match SHA256SUMS: expected [0-9a-f]{64}, got/,
    },
    {
      behaviour: "a binary without a line",
      spoil: async (dir) => {
        const sums = await Deno.readTextFile(`${dir}/SHA256SUMS`);
        await Deno.writeTextFile(
          `${dir}/SHA256SUMS`,
          sums.split("\n").filter((l) => !l.endsWith("linux-arm64")).join("\n"),
        );
      },
      problem: /interjson-linux-arm64 has no line in SHA256SUMS/,
    },
    {
      behaviour: "a missing binary",
      spoil: (dir) => Deno.remove(`${dir}/interjson-windows-x86_64.exe`),
      problem: /missing binary .*interjson-windows-x86_64\.exe/,
    },
    {
      behaviour: "no SHA256SUMS",
      spoil: (dir) => Deno.remove(`${dir}/SHA256SUMS`),
      problem: /no SHA256SUMS in /,
    },
  ];
  for (const row of rows) {
    await t.step(`${row.behaviour}: exit 1, nothing written`, async () => {
      const binaries = await fakeBinaries();
      await row.spoil(binaries);
      const script = `${ROOT}scripts/packages.ts`;
      const ran = await run(Deno.execPath(), [
        "run",
        "--allow-read",
        "--allow-write",
        script,
        "--binaries",
        binaries,
        "--out",
        `${binaries}/out`,
      ]);
      equal(ran.code, 1, ran.stderr);
      match(ran.stderr, row.problem);
      equal(await exists(`${binaries}/out`), false);
      await Deno.remove(binaries, { recursive: true });
    });
  }
});

Deno.test("packages: one platform builds only its packages", async () => {
  const binaries = await fakeBinaries();
  await Deno.remove(`${binaries}/interjson-linux-arm64`); // not needed for this platform
  equal(
    await main(["--binaries", binaries, "--out", `${binaries}/out`, "--platform", "macos-arm64"]),
    0,
  );
  const dirs = [];
  for await (const entry of Deno.readDir(`${binaries}/out/npm`)) dirs.push(entry.name);
  deepEqual(dirs.sort(), ["cli-darwin-arm64", "interjson"]);
  await Deno.remove(binaries, { recursive: true });
});

Deno.test("packages: usage errors", async (t) => {
  const rows = [
    {
      args: [],
      problem: "--binaries DIR is needed (the directory with the binaries and SHA256SUMS)",
    },
    {
      args: ["--binaries", "d", "--platform", "macos-x86_64"],
      problem:
        "unknown platform `macos-x86_64`; platforms: linux-x86_64, linux-arm64, macos-arm64, windows-x86_64",
    },
    { args: ["--binaries", "d", "--out", ""], problem: "--out needs a directory" },
  ];
  for (const row of rows) {
    await t.step(row.args.join(" ") || "(no arguments)", () => {
      equal(parsePackagesArgs(row.args), row.problem);
    });
  }
  await t.step("an unknown option is a usage error", () => {
    match(String(parsePackagesArgs(["--binaries", "d", "--bogus"])), /bogus/);
  });
});

Deno.test("packages: PEP 440 versions", async (t) => {
  const rows: [string, string | undefined][] = [
    ["1.0.0", "1.0.0"],
    ["1.2.3-alpha.1", "1.2.3a1"],
    ["1.2.3-beta.2", "1.2.3b2"],
    ["1.2.3-rc.10", "1.2.3rc10"],
    ["1.2.3-dev", undefined],
    ["1.2", undefined],
  ];
  for (const [semver, expected] of rows) {
    await t.step(`${semver} → ${expected}`, () => equal(pep440(semver), expected));
  }
  await t.step("deno.json's version has a PEP 440 form", () => ok(pep440(VERSION)));
});

Deno.test("packages: the release workflow builds, checks and publishes them", async () => {
  const workflow = await Deno.readTextFile(`${ROOT}.github/workflows/release.yml`);
  for (
    const line of [
      "deno run --allow-read --allow-write scripts/packages.ts --binaries dist --out dist/packages",
      "npm publish --provenance --access public",
      "uses: pypa/gh-action-pypi-publish@release/v1",
      "packages-dir: dist/packages/pypi/",
    ]
  ) {
    ok(workflow.includes(line), `release.yml lacks: ${line}`);
  }
  // Platform packages go first: the launcher's optionalDependencies must resolve when it appears.
  ok(
    workflow.indexOf('npm publish --provenance --access public "$dir"') <
      workflow.indexOf("npm publish --provenance --access public dist/packages/npm/interjson"),
  );
});

Deno.test("docs/INSTALL.md: the install table's snippets are what --print-config prints", async (t) => {
  const install = await Deno.readTextFile(`${ROOT}docs/INSTALL.md`);
  const cursor = clientConfig("cursor")!;
  const rows = [
    ["binary and installer", DEFAULT_LAUNCH],
    ["JSR", DENO_LAUNCH],
    ["npm", REGISTRY_LAUNCHES.npx],
    ["PyPI", REGISTRY_LAUNCHES.uvx],
  ] as const;
  for (const [path, launch] of rows) {
    await t.step(path, () => {
      const line = cursor.render(launch).split("\n").find((l) => l.includes('"interjson": '))!;
      const entry = line.trim().slice('"interjson": '.length);
      ok(install.includes(`| \`${entry}\` |`), `INSTALL.md lacks ${entry}`);
    });
  }
});

Deno.test("mcp --print-config --command=npx|uvx: the registry launchers, this version pinned", async (t) => {
  const rows = [
    {
      args: ["--print-config=cursor", "--command=npx"],
      stdout: '{\n  "mcpServers": {\n    "interjson": { "command": "npx", "args": ' +
        `["-y", "interjson@${VERSION}", "mcp"] }\n  }\n}\n`,
    },
    {
      args: ["--print-config=claude", "--command=npx"],
      stdout: `claude mcp add interjson -- npx -y interjson@${VERSION} mcp\n`,
    },
    {
      args: ["--print-config=claude", "--command=uvx"],
      stdout: `claude mcp add interjson -- uvx interjson@${VERSION} mcp\n`,
    },
    {
      args: ["--print-config=codex", "--command=uvx"],
      stdout: `[mcp_servers.interjson]\ncommand = "uvx"\nargs = ["interjson@${VERSION}", "mcp"]\n`,
    },
    {
      args: ["--print-config=vscode", "--command=uvx"],
      stdout: '{\n  "servers": {\n    "interjson": {\n      "type": "stdio",\n' +
        `      "command": "uvx",\n      "args": ["interjson@${VERSION}", "mcp"]\n    }\n  }\n}\n`,
    },
  ];
  for (const row of rows) {
    await t.step(row.args.join(" "), async () => {
      const ran = await runCli(["mcp", ...row.args]);
      deepEqual([ran.code, ran.stdout, ran.stderr], [0, row.stdout, ""]);
    });
  }
});
