/**
 * The npm packages, as a user gets them: `scripts/packages.ts` builds the
 * launcher (`interjson`) and this machine's platform package from a
 * stand-in binary (tests/packaging_harness.ts), `npm pack` packs both, and
 * `npm install --offline` installs the tarballs into a temporary prefix. Then
 * through the installed bins: `npx interjson --version`, an MCP handshake and
 * tool call with the official SDK client (`interjson mcp` and the
 * `interjson-mcp` alias), the proxy in front of the fake server, exit codes,
 * SIGTERM/SIGINT forwarded to the binary, a signal death passed on,
 * `INTERJSON_BIN`, and the error when the platform package is missing.
 *
 * Needs node and npm (`.ci/run` installs them); no registry access.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client/index.js";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { StdioClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/stdio.js";
import { VERSION } from "../mod.ts";
import { PLATFORM_PACKAGES } from "../scripts/packages.ts";
import { buildHostPackages, type HostPackages, isRunning, run } from "./packaging_harness.ts";
import { fakeServerCommand } from "./proxy_harness.ts";

const LAUNCHER_JS = new URL("../packaging/npm/interjson/lib/launcher.js", import.meta.url).pathname;

/** Packs a package directory into `dest` and returns the tarball's path. */
async function pack(dir: string, dest: string): Promise<string> {
  const packed = await run("npm", ["pack", "--silent", "--pack-destination", dest, dir]);
  equal(packed.code, 0, packed.stderr);
  return `${dest}/${packed.stdout.trim().split("\n").at(-1)}`;
}

/** Installs tarballs into a fresh prefix, from the tarballs alone. */
async function install(prefix: string, tarballs: readonly string[], extra: string[] = []) {
  await Deno.mkdir(prefix, { recursive: true });
  await Deno.writeTextFile(`${prefix}/package.json`, '{"private":true}\n');
  const installed = await run("npm", [
    "install",
    "--offline",
    "--cache",
    `${prefix}/.npm-cache`,
    "--no-audit",
    "--no-fund",
    ...extra,
    ...tarballs,
  ], { cwd: prefix });
  equal(installed.code, 0, installed.stderr);
}

interface Installed {
  readonly packages: HostPackages;
  readonly prefix: string;
  readonly bin: (name: string) => string;
  readonly launcherTarball: string;
}

async function setUp(): Promise<Installed> {
  const packages = await buildHostPackages();
  const tarballs = `${packages.dir}/tarballs`;
  await Deno.mkdir(tarballs);
  const launcherTarball = await pack(packages.npmLauncher, tarballs);
  const platformTarball = await pack(packages.npmPlatform, tarballs);
  const prefix = `${packages.dir}/prefix`;
  await install(prefix, [launcherTarball, platformTarball]);
  return {
    packages,
    prefix,
    bin: (name) => `${prefix}/node_modules/.bin/${name}`,
    launcherTarball,
  };
}

/** The official SDK client on a command: connects, and hands the client to `body`. */
async function withSdkClient(
  command: string,
  args: string[],
  body: (client: Client) => Promise<void>,
): Promise<void> {
  const transport = new StdioClientTransport({ command, args, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => stderr += new TextDecoder().decode(chunk));
  const client = new Client({ name: "interjson-npm-test", version: "0" });
  try {
    await client.connect(transport);
    await body(client);
  } catch (error) {
    throw new Error(`${error}; the server's stderr: ${stderr}`);
  } finally {
    await client.close();
  }
}

/** Starts a bin with piped stdio and waits until the binary answers `hello` on `serve`. */
async function startServe(bin: string, pidFile: string) {
  const child = new Deno.Command(bin, {
    args: ["serve"],
    env: { INTERJSON_STANDIN_PIDFILE: pidFile },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode('{"v":1,"id":1,"op":"hello"}\n'));
  const reader = child.stdout.getReader();
  const { value } = await reader.read();
  match(new TextDecoder().decode(value), /"protocol":"interjson-serve"/);
  const binaryPid = Number((await Deno.readTextFile(pidFile)).trim());
  return { child, writer, reader, binaryPid };
}

Deno.test({
  name: "npm: the packed launcher and platform package, installed from their tarballs",
  // The SDK's stdio transport runs on node:child_process, which the sanitizers cannot follow.
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const installed = await setUp();
    const { bin, prefix } = installed;

    await t.step("npx interjson --version prints the binary's version", async () => {
      const ran = await run("npx", ["interjson", "--version"], {
        cwd: prefix,
        env: { npm_config_offline: "true" },
      });
      equal(ran.stdout, `interjson ${VERSION}\n`, ran.stderr);
      equal(ran.code, 0);
    });

    await t.step("interjson-mcp --version is `interjson mcp --version`", async () => {
      const ran = await run(bin("interjson-mcp"), ["--version"]);
      equal(ran.stdout, `interjson ${VERSION}\n`, ran.stderr);
    });

    for (
      const [name, command, args] of [
        ["interjson mcp", "interjson", ["mcp"]],
        ["interjson-mcp with no arguments", "interjson-mcp", []],
      ] as const
    ) {
      await t.step(`the SDK client completes the handshake through ${name}`, async () => {
        await withSdkClient(bin(command), [...args], async (client) => {
          equal(client.getServerVersion()?.name, "interjson");
          equal(client.getServerVersion()?.version, VERSION);
          const { tools } = await client.listTools();
          ok(tools.some((tool: { name: string }) => tool.name === "interjson_gate"));
          const result = await client.callTool({
            name: "interjson_gate",
            arguments: { text: '{"query":"weather in Par', schema: "{!query:string}" },
          });
          // deno-lint-ignore no-explicit-any
          equal((result.structuredContent as any).executable, false);
        });
      });
    }

    await t.step("the proxy runs through the launcher in front of the fake server", async () => {
      const log = `${installed.packages.dir}/fake.log`;
      const server = fakeServerCommand(log);
      await withSdkClient(bin("interjson"), ["proxy", "--", ...server], async (client) => {
        const { tools } = await client.listTools();
        ok(tools.some((tool: { name: string }) => tool.name === "echo"));
        const echoed = await client.callTool({ name: "echo", arguments: { text: "hi" } });
        equal(echoed.isError ?? false, false);
        const refused = await client.callTool({ name: "add", arguments: { a: "1", b: 2 } });
        equal(refused.isError, true);
      });
      const received = (await Deno.readTextFile(log)).split("\n").filter((l) => l !== "");
      ok(received.some((line) => line.includes('"echo"')));
      ok(!received.some((line) => line.includes('"add"')), "the refused call never reached it");
    });

    const exitRows = [
      { behaviour: "a safe document exits 0", args: ["gate"], stdin: '{"a":1}', code: 0 },
      {
        behaviour: "a refused document exits 1",
        args: ["gate", "--schema", "{!query:string}"],
        stdin: '{"query":"weather in Par',
        code: 1,
      },
      { behaviour: "a usage error exits 2", args: ["gatee"], stdin: "", code: 2 },
    ];
    for (const row of exitRows) {
      await t.step(`exit code: ${row.behaviour}`, async () => {
        const ran = await run(bin("interjson"), row.args, { stdin: row.stdin });
        equal(ran.code, row.code, ran.stderr);
      });
    }

    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      await t.step(`${signal} to the launcher reaches the binary; both end by it`, async () => {
        const pidFile = `${installed.packages.dir}/${signal}.pid`;
        const serve = await startServe(bin("interjson"), pidFile);
        ok(await isRunning(serve.binaryPid));
        Deno.kill(serve.child.pid, signal);
        const status = await serve.child.status;
        await serve.writer.close().catch(() => {});
        await serve.reader.cancel();
        await serve.child.stderr.cancel();
        equal(status.signal, signal);
        equal(await isRunning(serve.binaryPid), false, "the binary was left running");
      });
    }

    await t.step("the binary killed by SIGKILL: the launcher dies of SIGKILL too", async () => {
      const serve = await startServe(bin("interjson"), `${installed.packages.dir}/kill.pid`);
      Deno.kill(serve.binaryPid, "SIGKILL");
      const status = await serve.child.status;
      await serve.writer.close().catch(() => {});
      await serve.reader.cancel();
      await serve.child.stderr.cancel();
      equal(status.signal, "SIGKILL");
    });

    await t.step("INTERJSON_BIN runs that binary instead, with the same arguments", async () => {
      const other = `${installed.packages.dir}/other-binary`;
      await Deno.writeTextFile(other, '#!/bin/sh\necho "other: $*"\nexit 7\n', { mode: 0o755 });
      const ran = await run(bin("interjson-mcp"), ["--policy=strict"], {
        env: { INTERJSON_BIN: other },
      });
      equal(ran.stdout, "other: mcp --policy=strict\n");
      equal(ran.code, 7);
    });

    await t.step("INTERJSON_BIN naming no file: exit 127 naming it", async () => {
      const ran = await run(bin("interjson"), ["--version"], {
        env: { INTERJSON_BIN: "/no/such/interjson" },
      });
      equal(ran.code, 127);
      match(ran.stderr, /cannot run \/no\/such\/interjson/);
    });

    await t.step(
      "no platform package: exit 127 naming the platform and the installer",
      async () => {
        const bare = `${installed.packages.dir}/bare`;
        await install(bare, [installed.launcherTarball], ["--omit=optional"]);
        const ran = await run(`${bare}/node_modules/.bin/interjson`, ["--version"]);
        equal(ran.code, 127);
        const pkg = installed.packages.platform;
        ok(ran.stderr.includes(`the binary for ${pkg.os}-${pkg.cpu} is missing`), ran.stderr);
        ok(ran.stderr.includes(pkg.npmName), ran.stderr);
        ok(ran.stderr.includes("interjson-install.sh | sh"), ran.stderr);
        equal(ran.stdout, "");
      },
    );

    await Deno.remove(installed.packages.dir, { recursive: true });
  },
});

/** The launcher's `findBinary`, run by node with a platform and an environment. */
async function findBinary(platform: string, arch: string, env: Record<string, string> = {}) {
  const script = `const l = require(${JSON.stringify(LAUNCHER_JS)});
    const r = l.findBinary(${JSON.stringify(env)}, ${JSON.stringify(platform)},
      ${JSON.stringify(arch)}, (id) => "/pkgs/" + id);
    console.log(JSON.stringify(r));`;
  const ran = await run("node", ["-e", script]);
  equal(ran.code, 0, ran.stderr);
  return JSON.parse(ran.stdout);
}

Deno.test("npm launcher: its platform table is scripts/packages.ts's", async () => {
  const ran = await run("node", [
    "-e",
    `console.log(JSON.stringify(require(${JSON.stringify(LAUNCHER_JS)}).PLATFORMS))`,
  ]);
  deepEqual(
    JSON.parse(ran.stdout),
    Object.fromEntries(PLATFORM_PACKAGES.map((p) => [`${p.os}-${p.cpu}`, p.npmName])),
  );
});

Deno.test("npm launcher: where the binary is found", async (t) => {
  const rows: {
    behaviour: string;
    platform: string;
    arch: string;
    env: Record<string, string>;
    expected: unknown;
  }[] = [
    {
      behaviour: "linux x64: the platform package's bin/interjson",
      platform: "linux",
      arch: "x64",
      env: {},
      expected: { path: "/pkgs/@interjson/cli-linux-x64/bin/interjson" },
    },
    {
      behaviour: "windows x64: bin/interjson.exe",
      platform: "win32",
      arch: "x64",
      env: {},
      expected: { path: "/pkgs/@interjson/cli-win32-x64/bin/interjson.exe" },
    },
    {
      behaviour: "INTERJSON_BIN first",
      platform: "linux",
      arch: "x64",
      env: { INTERJSON_BIN: "/opt/interjson" },
      expected: { path: "/opt/interjson" },
    },
    {
      behaviour: "INTERJSON_BIN also where no binary is built",
      platform: "freebsd",
      arch: "x64",
      env: { INTERJSON_BIN: "/opt/interjson" },
      expected: { path: "/opt/interjson" },
    },
  ];
  for (const row of rows) {
    await t.step(row.behaviour, async () => {
      deepEqual(await findBinary(row.platform, row.arch, row.env), row.expected);
    });
  }
  await t.step("no binary built for the platform: the problem names it and Deno", async () => {
    const found = await findBinary("darwin", "x64");
    match(found.problem, /no prebuilt binary for darwin-x64/);
    match(found.problem, /deno run jsr:@interjson\/cli mcp/);
  });
});
