/**
 * `install.sh`, run for real with `/bin/sh` against a fake release served on
 * 127.0.0.1. Every case gets a sandbox: its own HOME, TMPDIR (asserted empty
 * afterwards: the temporary directory is removed on every exit path), install
 * directory, and a `bin/` of fake `uname`/`sysctl` first on PATH, so the
 * platform the installer sees is the one the case names.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type AssetFile, sha256sums } from "../scripts/build.ts";

const INSTALL_SH = new URL("../install.sh", import.meta.url).pathname;
const VERSION_TAG = "v9.9.9";
const SUPPORTED = ["linux-x86_64", "linux-arm64", "macos-arm64", "windows-x86_64"];
const ASSETS = [
  "interjson-linux-x86_64",
  "interjson-linux-arm64",
  "interjson-macos-arm64",
  "interjson-windows-x86_64.exe",
];
/** The tools install.sh documents as its needs, besides a downloader and a SHA-256 tool. */
const BASE_TOOLS = ["mktemp", "mkdir", "rm", "cp", "mv", "chmod", "ln"];
const encoder = new TextEncoder();

/** A fake release binary: a script that answers `--version` and names its asset. */
function fakeBinary(asset: string): Uint8Array {
  return encoder.encode(`#!/bin/sh\n# ${asset}\necho 'interjson 9.9.9'\n`);
}

/** The fake release's files by name: the four binaries and a correct SHA256SUMS. */
async function releaseFiles(): Promise<Map<string, Uint8Array>> {
  const files: AssetFile[] = ASSETS.map((name) => ({ name, bytes: fakeBinary(name) }));
  const sums = await sha256sums(files);
  return new Map([...files.map((f) => [f.name, f.bytes] as const), [
    "SHA256SUMS",
    encoder.encode(sums),
  ]]);
}

interface Release {
  readonly baseUrl: string;
  /** Every path requested so far, in order. */
  readonly requested: string[];
}

/** Serves `files` under `/latest/download/` and `/download/v9.9.9/` while `body` runs. */
async function withRelease(
  files: Map<string, Uint8Array>,
  body: (release: Release) => Promise<void>,
): Promise<void> {
  const requested: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const path = new URL(request.url).pathname;
    requested.push(path);
    const match = /^\/(?:latest\/download|download\/v9\.9\.9)\/([^/]+)$/.exec(path);
    const bytes = match === null ? undefined : files.get(match[1]);
    return bytes === undefined
      ? new Response("not found\n", { status: 404 })
      : new Response(bytes as Uint8Array<ArrayBuffer>);
  });
  try {
    await body({ baseUrl: `http://127.0.0.1:${server.addr.port}`, requested });
  } finally {
    await server.shutdown();
  }
}

interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly tmp: string;
  /** Fake tools, first on PATH. */
  readonly bin: string;
  /** INTERJSON_DIR: exists and is empty before the run. */
  readonly dir: string;
}

interface Platform {
  readonly os: string;
  readonly arch: string;
  /** What `sysctl -n sysctl.proc_translated` prints (`1` under Rosetta 2); absent: it fails. */
  readonly translated?: string;
}

const LINUX_X86_64: Platform = { os: "Linux", arch: "x86_64" };

async function writeScript(path: string, text: string): Promise<void> {
  await Deno.writeTextFile(path, text);
  await Deno.chmod(path, 0o755);
}

async function makeSandbox(platform: Platform = LINUX_X86_64): Promise<Sandbox> {
  const root = await Deno.makeTempDir({ prefix: "interjson_install_" });
  const sandbox = {
    root,
    home: `${root}/home`,
    tmp: `${root}/tmp`,
    bin: `${root}/bin`,
    dir: `${root}/install`,
  };
  for (const dir of [sandbox.home, sandbox.tmp, sandbox.bin, sandbox.dir]) await Deno.mkdir(dir);
  await writeScript(
    `${sandbox.bin}/uname`,
    `#!/bin/sh\ncase $1 in -m) echo '${platform.arch}' ;; *) echo '${platform.os}' ;; esac\n`,
  );
  await writeScript(
    `${sandbox.bin}/sysctl`,
    platform.translated === undefined
      ? "#!/bin/sh\necho 'sysctl: unknown oid' >&2\nexit 1\n"
      : `#!/bin/sh\necho '${platform.translated}'\n`,
  );
  return sandbox;
}

/** Finds a real tool in the usual system directories. */
function findTool(name: string): string | undefined {
  for (const dir of ["/usr/local/bin", "/usr/bin", "/bin"]) {
    try {
      if (Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  return undefined;
}

/** The Debian package of each tool a test needs (what `.ci/run` installs). */
const PACKAGE_OF: Readonly<Record<string, string>> = {
  curl: "curl",
  wget: "wget",
  shasum: "perl",
  sha256sum: "coreutils",
  openssl: "openssl",
  shellcheck: "shellcheck",
};

/** Fails, naming the packages to install, when a tool is missing (a test never skips). */
function requireTools(tools: readonly string[]): void {
  const missing = tools.filter((tool) => findTool(tool) === undefined);
  if (missing.length > 0) {
    const packages = missing.map((tool) => PACKAGE_OF[tool] ?? tool).join(" ");
    throw new Error(
      `this test needs ${missing.join(", ")}: apt-get install ${packages} (.ci/run installs them)`,
    );
  }
}

function realTool(name: string): string {
  const path = findTool(name);
  if (path === undefined) throw new Error(`test needs ${name}`);
  return path;
}

/** Adds symlinks to real tools into the sandbox's bin, for a PATH of only that directory. */
async function linkTools(sandbox: Sandbox, tools: readonly string[]): Promise<void> {
  for (const tool of tools) await Deno.symlink(realTool(tool), `${sandbox.bin}/${tool}`);
}

interface Run {
  readonly code: number;
  readonly stderr: string;
}

async function runInstaller(
  sandbox: Sandbox,
  release: Release,
  env: Record<string, string> = {},
): Promise<Run> {
  const output = await new Deno.Command("/bin/sh", {
    args: [INSTALL_SH],
    clearEnv: true,
    env: {
      HOME: sandbox.home,
      TMPDIR: sandbox.tmp,
      PATH: `${sandbox.bin}:/usr/bin:/bin`,
      INTERJSON_DIR: sandbox.dir,
      INTERJSON_BASE_URL: release.baseUrl,
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(output.stdout);
  assert.equal(stdout, "", "the installer writes nothing to stdout");
  return { code: output.code, stderr: new TextDecoder().decode(output.stderr) };
}

async function entries(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  return names.sort();
}

async function runVersion(path: string): Promise<string> {
  const output = await new Deno.Command(path, { args: ["--version"], stdin: "null" }).output();
  assert.equal(output.code, 0, `${path} --version`);
  return new TextDecoder().decode(output.stdout).trim();
}

/** Asserts a failed run left nothing behind: install dir and TMPDIR both empty. */
async function assertNothingLeft(sandbox: Sandbox): Promise<void> {
  assert.deepEqual(await entries(sandbox.dir), [], "nothing installed");
  assert.deepEqual(await entries(sandbox.tmp), [], "temporary directory removed");
}

/** Asserts the install dir holds exactly `asset`'s fake binary as `interjson` plus the alias. */
async function assertInstalled(sandbox: Sandbox, asset: string, windows = false): Promise<void> {
  const ext = windows ? ".exe" : "";
  const binary = `${sandbox.dir}/interjson${ext}`;
  const alias = `${sandbox.dir}/interjson-mcp${ext}`;
  assert.deepEqual(await entries(sandbox.dir), [`interjson${ext}`, `interjson-mcp${ext}`].sort());
  assert.deepEqual(await Deno.readFile(binary), fakeBinary(asset), `installed ${asset}`);
  assert.ok(((await Deno.stat(binary)).mode ?? 0) & 0o100, "binary is executable");
  if (windows) {
    assert.ok((await Deno.lstat(alias)).isFile, "Windows alias is a copy");
    assert.deepEqual(await Deno.readFile(alias), fakeBinary(asset));
  } else {
    assert.ok((await Deno.lstat(alias)).isSymlink, "unix alias is a symlink");
    assert.equal(await Deno.readLink(alias), "interjson");
  }
  assert.equal(await runVersion(binary), "interjson 9.9.9");
  assert.equal(await runVersion(alias), "interjson 9.9.9");
  assert.deepEqual(await entries(sandbox.tmp), [], "temporary directory removed");
}

async function cleanup(sandbox: Sandbox): Promise<void> {
  await Deno.remove(sandbox.root, { recursive: true });
}

Deno.test("install.sh: installs the latest binary, the interjson-mcp alias and prints the PATH line", async () => {
  await withRelease(await releaseFiles(), async (release) => {
    const sandbox = await makeSandbox();
    try {
      const run = await runInstaller(sandbox, release);
      assert.equal(run.code, 0, run.stderr);
      await assertInstalled(sandbox, "interjson-linux-x86_64");
      assert.deepEqual(release.requested, [
        "/latest/download/SHA256SUMS",
        "/latest/download/interjson-linux-x86_64",
      ]);
      assert.match(run.stderr, /installed interjson 9\.9\.9 to /);
      assert.ok(
        run.stderr.includes(`  export PATH="${sandbox.dir}:$PATH"\n`),
        `PATH line missing:\n${run.stderr}`,
      );
    } finally {
      await cleanup(sandbox);
    }
  });
});

Deno.test("install.sh: prints no PATH line when the install directory is already on PATH", async () => {
  await withRelease(await releaseFiles(), async (release) => {
    const sandbox = await makeSandbox();
    try {
      const run = await runInstaller(sandbox, release, {
        PATH: `${sandbox.bin}:/usr/bin:${sandbox.dir}:/bin`,
      });
      assert.equal(run.code, 0, run.stderr);
      await assertInstalled(sandbox, "interjson-linux-x86_64");
      assert.ok(!run.stderr.includes("PATH"), run.stderr);
    } finally {
      await cleanup(sandbox);
    }
  });
});

Deno.test("install.sh: defaults the install directory to $HOME/.local/bin", async () => {
  await withRelease(await releaseFiles(), async (release) => {
    const sandbox = await makeSandbox();
    try {
      const run = await runInstaller(sandbox, release, { INTERJSON_DIR: "" });
      assert.equal(run.code, 0, run.stderr);
      const dir = `${sandbox.home}/.local/bin`;
      assert.deepEqual(await entries(dir), ["interjson", "interjson-mcp"]);
      assert.equal(await runVersion(`${dir}/interjson-mcp`), "interjson 9.9.9");
      assert.deepEqual(await entries(sandbox.dir), []);
    } finally {
      await cleanup(sandbox);
    }
  });
});

Deno.test("install.sh: replaces an earlier install in place", async () => {
  await withRelease(await releaseFiles(), async (release) => {
    const sandbox = await makeSandbox();
    try {
      await writeScript(`${sandbox.dir}/interjson`, "#!/bin/sh\necho 'interjson 0.0.1'\n");
      await writeScript(`${sandbox.dir}/interjson-mcp`, "#!/bin/sh\necho 'stale alias'\n");
      for (const attempt of [1, 2]) {
        const run = await runInstaller(sandbox, release);
        assert.equal(run.code, 0, `attempt ${attempt}: ${run.stderr}`);
        await assertInstalled(sandbox, "interjson-linux-x86_64");
      }
    } finally {
      await cleanup(sandbox);
    }
  });
});

Deno.test("install.sh: INTERJSON_VERSION pins the release and fetches from /download/<tag>/", async (t) => {
  for (const version of [VERSION_TAG, "9.9.9"]) {
    await t.step(`INTERJSON_VERSION=${version}`, async () => {
      await withRelease(await releaseFiles(), async (release) => {
        const sandbox = await makeSandbox();
        try {
          const run = await runInstaller(sandbox, release, { INTERJSON_VERSION: version });
          assert.equal(run.code, 0, run.stderr);
          await assertInstalled(sandbox, "interjson-linux-x86_64");
          assert.deepEqual(release.requested, [
            "/download/v9.9.9/SHA256SUMS",
            "/download/v9.9.9/interjson-linux-x86_64",
          ]);
        } finally {
          await cleanup(sandbox);
        }
      });
    });
  }
});

const DEFAULT_URL_CASES: readonly { env: Record<string, string>; url: string }[] = [
  {
    env: {},
    url: "https://github.com/interjson/interjson/releases/latest/download/SHA256SUMS",
  },
  {
    env: { INTERJSON_REPO: "someone/fork", INTERJSON_VERSION: "v1.2.3" },
    url: "https://github.com/someone/fork/releases/download/v1.2.3/SHA256SUMS",
  },
];

Deno.test("install.sh: without INTERJSON_BASE_URL it fetches from GitHub releases over HTTPS only", async (t) => {
  for (const { env, url } of DEFAULT_URL_CASES) {
    await t.step(url, async () => {
      const sandbox = await makeSandbox();
      try {
        // A fake curl that records its arguments and fails like a 404 would.
        await writeScript(
          `${sandbox.bin}/curl`,
          `#!/bin/sh\nprintf '%s\\n' "$@" > '${sandbox.root}/curl.args'\nexit 22\n`,
        );
        const release = { baseUrl: "", requested: [] }; // empty INTERJSON_BASE_URL: the default
        const run = await runInstaller(sandbox, release, env);
        assert.equal(run.code, 1, run.stderr);
        const args = (await Deno.readTextFile(`${sandbox.root}/curl.args`)).split("\n");
        assert.equal(args.at(-2), url);
        assert.deepEqual(args.slice(0, 3), ["--proto", "=https", "--tlsv1.2"]);
        await assertNothingLeft(sandbox);
      } finally {
        await cleanup(sandbox);
      }
    });
  }
});

const PLATFORM_CASES: readonly { platform: Platform; asset: string }[] = [
  { platform: { os: "Linux", arch: "x86_64" }, asset: "interjson-linux-x86_64" },
  { platform: { os: "Linux", arch: "amd64" }, asset: "interjson-linux-x86_64" },
  { platform: { os: "Linux", arch: "aarch64" }, asset: "interjson-linux-arm64" },
  { platform: { os: "Linux", arch: "arm64" }, asset: "interjson-linux-arm64" },
  { platform: { os: "Darwin", arch: "arm64" }, asset: "interjson-macos-arm64" },
  { platform: { os: "Darwin", arch: "x86_64", translated: "1" }, asset: "interjson-macos-arm64" },
  {
    platform: { os: "MINGW64_NT-10.0-22631", arch: "x86_64" },
    asset: "interjson-windows-x86_64.exe",
  },
  { platform: { os: "MSYS_NT-10.0-22631", arch: "x86_64" }, asset: "interjson-windows-x86_64.exe" },
  { platform: { os: "CYGWIN_NT-10.0", arch: "x86_64" }, asset: "interjson-windows-x86_64.exe" },
];

Deno.test("install.sh: uname -s/-m (and Rosetta 2) select the platform's asset", async (t) => {
  for (const { platform, asset } of PLATFORM_CASES) {
    const name = `${platform.os} ${platform.arch}${platform.translated ? " (Rosetta)" : ""}`;
    await t.step(`${name} -> ${asset}`, async () => {
      await withRelease(await releaseFiles(), async (release) => {
        const sandbox = await makeSandbox(platform);
        try {
          const run = await runInstaller(sandbox, release);
          assert.equal(run.code, 0, run.stderr);
          await assertInstalled(sandbox, asset, asset.endsWith(".exe"));
          assert.deepEqual(release.requested, [
            "/latest/download/SHA256SUMS",
            `/latest/download/${asset}`,
          ]);
        } finally {
          await cleanup(sandbox);
        }
      });
    });
  }
});

const UNSUPPORTED: readonly Platform[] = [
  { os: "Darwin", arch: "x86_64" },
  { os: "Darwin", arch: "x86_64", translated: "0" },
  { os: "FreeBSD", arch: "amd64" },
  { os: "Linux", arch: "riscv64" },
  { os: "Linux", arch: "armv7l" },
  { os: "MINGW64_NT-10.0-22631", arch: "aarch64" },
  { os: "SunOS", arch: "i86pc" },
];

Deno.test("install.sh: an unsupported platform exits 2, names the supported ones, fetches nothing", async (t) => {
  for (const platform of UNSUPPORTED) {
    const translated = platform.translated === undefined
      ? ""
      : ` (proc_translated=${platform.translated})`;
    await t.step(`${platform.os} ${platform.arch}${translated}`, async () => {
      await withRelease(await releaseFiles(), async (release) => {
        const sandbox = await makeSandbox(platform);
        try {
          const run = await runInstaller(sandbox, release);
          assert.equal(run.code, 2, run.stderr);
          assert.ok(run.stderr.includes(`${platform.os} ${platform.arch}`), run.stderr);
          for (const supported of SUPPORTED) assert.ok(run.stderr.includes(supported), run.stderr);
          assert.deepEqual(release.requested, []);
          await assertNothingLeft(sandbox);
        } finally {
          await cleanup(sandbox);
        }
      });
    });
  }
});

/** A release whose files are changed by `edit` before serving. */
async function brokenRelease(
  edit: (files: Map<string, Uint8Array>) => void,
): Promise<Map<string, Uint8Array>> {
  const files = await releaseFiles();
  edit(files);
  return files;
}

const FAILURE_CASES: readonly {
  name: string;
  files: () => Promise<Map<string, Uint8Array>>;
  stderr: RegExp;
  requested: string[];
}[] = [
  {
    name: "a checksum mismatch deletes the download and installs nothing",
    files: () =>
      brokenRelease((files) =>
        files.set("interjson-linux-x86_64", encoder.encode("#!/bin/sh\necho tampered\n"))
      ),
    stderr: /checksum mismatch for interjson-linux-x86_64/,
    requested: ["/latest/download/SHA256SUMS", "/latest/download/interjson-linux-x86_64"],
  },
  {
    name: "a missing asset (404) installs nothing",
    files: () => brokenRelease((files) => files.delete("interjson-linux-x86_64")),
    stderr: /download failed: .*\/latest\/download\/interjson-linux-x86_64/,
    requested: ["/latest/download/SHA256SUMS", "/latest/download/interjson-linux-x86_64"],
  },
  {
    name: "a missing SHA256SUMS (404) installs nothing and skips the binary",
    files: () => brokenRelease((files) => files.delete("SHA256SUMS")),
    stderr: /download failed: .*\/latest\/download\/SHA256SUMS/,
    requested: ["/latest/download/SHA256SUMS"],
  },
  {
    name: "SHA256SUMS without a line for the asset installs nothing and skips the binary",
    files: () =>
      brokenRelease((files) => {
        const sums = new TextDecoder().decode(files.get("SHA256SUMS"));
        const kept = sums.split("\n").filter((line) => !line.endsWith("  interjson-linux-x86_64"));
        files.set("SHA256SUMS", encoder.encode(kept.join("\n")));
      }),
    stderr: /SHA256SUMS has no valid line for interjson-linux-x86_64/,
    requested: ["/latest/download/SHA256SUMS"],
  },
  {
    name: "a malformed SHA256SUMS line for the asset installs nothing",
    files: () =>
      brokenRelease((files) =>
        files.set("SHA256SUMS", encoder.encode("not-a-digest  interjson-linux-x86_64\n"))
      ),
    stderr: /SHA256SUMS has no valid line for interjson-linux-x86_64/,
    requested: ["/latest/download/SHA256SUMS"],
  },
];

Deno.test("install.sh: download and checksum failures exit 1 and leave nothing behind", async (t) => {
  for (const failure of FAILURE_CASES) {
    await t.step(failure.name, async () => {
      await withRelease(await failure.files(), async (release) => {
        const sandbox = await makeSandbox();
        try {
          const run = await runInstaller(sandbox, release);
          assert.equal(run.code, 1, run.stderr);
          assert.match(run.stderr, failure.stderr);
          assert.deepEqual(release.requested, failure.requested);
          await assertNothingLeft(sandbox);
        } finally {
          await cleanup(sandbox);
        }
      });
    });
  }
});

const TOOLSET_CASES: readonly { name: string; tools: string[]; code: number; stderr?: RegExp }[] = [
  { name: "curl + sha256sum", tools: ["curl", "sha256sum"], code: 0 },
  { name: "curl + shasum", tools: ["curl", "shasum"], code: 0 },
  { name: "curl + openssl", tools: ["curl", "openssl"], code: 0 },
  { name: "wget + sha256sum", tools: ["wget", "sha256sum"], code: 0 },
  {
    name: "no SHA-256 tool fails closed",
    tools: ["curl", "wget"],
    code: 1,
    stderr: /no SHA-256 tool found/,
  },
  {
    name: "no downloader",
    tools: ["sha256sum"],
    code: 1,
    stderr: /need curl or wget/,
  },
];

Deno.test("install.sh: needs only the documented tools, one downloader and one SHA-256 tool", async (t) => {
  for (const toolset of TOOLSET_CASES) {
    await t.step({
      name: `${toolset.name} -> exit ${toolset.code}`,
      // A machine without one of these tools cannot run the case: it fails, naming the package.
      fn: async () => {
        requireTools(toolset.tools);
        await withRelease(await releaseFiles(), async (release) => {
          const sandbox = await makeSandbox();
          try {
            await linkTools(sandbox, [...BASE_TOOLS, ...toolset.tools]);
            const run = await runInstaller(sandbox, release, { PATH: sandbox.bin });
            assert.equal(run.code, toolset.code, run.stderr);
            if (toolset.stderr !== undefined) assert.match(run.stderr, toolset.stderr);
            if (toolset.code === 0) {
              await assertInstalled(sandbox, "interjson-linux-x86_64");
            } else {
              await assertNothingLeft(sandbox);
            }
          } finally {
            await cleanup(sandbox);
          }
        });
      },
    });
  }
});

Deno.test("install.sh: a failure never fetches the binary when no SHA-256 tool exists", async () => {
  await withRelease(await releaseFiles(), async (release) => {
    const sandbox = await makeSandbox();
    try {
      await linkTools(sandbox, [...BASE_TOOLS, "curl"]);
      const run = await runInstaller(sandbox, release, { PATH: sandbox.bin });
      assert.equal(run.code, 1, run.stderr);
      assert.deepEqual(release.requested, []);
      await assertNothingLeft(sandbox);
    } finally {
      await cleanup(sandbox);
    }
  });
});

Deno.test({
  name: "install.sh: shellcheck finds nothing (POSIX sh)",
  async fn() {
    requireTools(["shellcheck"]);
    const output = await new Deno.Command(findTool("shellcheck")!, {
      args: ["--shell=sh", INSTALL_SH],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(output.code, 0, new TextDecoder().decode(output.stdout));
  },
});
