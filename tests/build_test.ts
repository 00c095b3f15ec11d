/**
 * `scripts/build.ts` and the release workflow. `deno compile` cannot run
 * here, so these pin everything around it: the target table, the exact
 * `deno compile` argument lists (read-only permissions, no prompt), the
 * `SHA256SUMS` format against the real `sha256sum` over real files, the
 * `--dry-run` and `--checksums-only` command lines, and that the release
 * workflow builds with the script, smoke-tests and uploads every asset.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  checksummedAssets,
  commandLine,
  compileArgs,
  parseBuildArgs,
  PERMISSION_FLAGS,
  selectTargets,
  sha256Hex,
  sha256sums,
  TARGETS,
} from "../scripts/build.ts";
import { type Ran, runDeno } from "./fixtures/run_deno.ts";
import { shellWord } from "../cli/shell_word.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const BUILD_TS = `${ROOT}scripts/build.ts`;
const WORKFLOW = `${ROOT}.github/workflows/release.yml`;
const decoder = new TextDecoder();

/** The release contract (docs/INSTALL.md, release assets): each target triple and its asset. */
const EXPECTED_TARGETS: readonly { triple: string; asset: string }[] = [
  { triple: "x86_64-unknown-linux-gnu", asset: "interjson-linux-x86_64" },
  { triple: "aarch64-unknown-linux-gnu", asset: "interjson-linux-arm64" },
  { triple: "aarch64-apple-darwin", asset: "interjson-macos-arm64" },
  { triple: "x86_64-pc-windows-msvc", asset: "interjson-windows-x86_64.exe" },
];

Deno.test("build: the target table is the four release binaries", () => {
  assert.deepEqual(TARGETS.map((t) => ({ triple: t.triple, asset: t.asset })), EXPECTED_TARGETS);
  for (const target of TARGETS) {
    const ext = target.triple.includes("windows") ? ".exe" : "";
    assert.equal(target.asset, `interjson-${target.platform}${ext}`);
  }
});

Deno.test("build: compileArgs is the exact deno compile command for each target", async (t) => {
  for (const { triple, asset } of EXPECTED_TARGETS) {
    await t.step(triple, () => {
      const target = TARGETS.find((t) => t.triple === triple)!;
      assert.deepEqual(compileArgs(target, { outDir: "dist" }), [
        "compile",
        "--target",
        triple,
        "--output",
        `dist/${asset}`,
        ...PERMISSION_FLAGS,
        "--config",
        "deno.json",
        "cli.ts",
      ]);
    });
  }
  assert.deepEqual(
    compileArgs(TARGETS[0], { outDir: "/tmp/out/", entry: "x.ts", config: "c.json" }).slice(3),
    [
      "--output",
      "/tmp/out/interjson-linux-x86_64",
      ...PERMISSION_FLAGS,
      "--config",
      "c.json",
      "x.ts",
    ],
  );
});

Deno.test("build: binaries are granted read, write, run and net (no env, sys, ffi), never a prompt", () => {
  for (const target of TARGETS) {
    const args = compileArgs(target, { outDir: "dist" });
    const grants = args.filter((a) =>
      a.startsWith("--allow-") || a === "-A" || /^-[A-Z]+$/.test(a)
    );
    assert.deepEqual(
      grants,
      ["--allow-read", "--allow-write", "--allow-run", "--allow-net"],
      target.triple,
    );
    assert.ok(args.includes("--no-prompt"), target.triple);
  }
});

/** Each word and how shellWord writes it. */
const QUOTING: readonly { word: string; quoted: string }[] = [
  { word: "dist/interjson-linux-x86_64", quoted: "dist/interjson-linux-x86_64" },
  { word: "--allow-read", quoted: "--allow-read" },
  { word: "/usr/bin/deno", quoted: "/usr/bin/deno" },
  { word: "my dist", quoted: "'my dist'" },
  { word: "it's", quoted: `'it'\\''s'` },
  { word: "$HOME", quoted: "'$HOME'" },
  { word: "a;b", quoted: "'a;b'" },
  { word: "", quoted: "''" },
];

Deno.test("build: shellWord leaves safe words bare and single-quotes the rest", async (t) => {
  for (const { word, quoted } of QUOTING) {
    await t.step(JSON.stringify(word), () => assert.equal(shellWord(word), quoted, word));
  }
  assert.equal(
    commandLine(["deno", "compile", "--output", "a b/c"]),
    "deno compile --output 'a b/c'",
  );
});

Deno.test("build: selectTargets picks by triple in release order; unknown names the valid ones", () => {
  assert.deepEqual(selectTargets([]), [...TARGETS]);
  const picked = selectTargets([
    "x86_64-pc-windows-msvc",
    "aarch64-apple-darwin",
    "aarch64-apple-darwin",
  ]);
  assert.deepEqual(picked, [TARGETS[2], TARGETS[3]]);
  const error = selectTargets(["x86_64-apple-darwin"]);
  assert.equal(typeof error, "string");
  assert.match(error as string, /^unknown target "x86_64-apple-darwin"; valid targets: /);
  for (const { triple } of EXPECTED_TARGETS) assert.ok((error as string).includes(triple));
});

Deno.test("build: parseBuildArgs defaults and usage errors", async (t) => {
  assert.deepEqual(parseBuildArgs([]), {
    dryRun: false,
    checksumsOnly: false,
    outDir: "dist",
    targets: [...TARGETS],
  });
  const cases: readonly { args: string[]; message: RegExp }[] = [
    { args: ["--dry-run", "--checksums-only"], message: /cannot be combined/ },
    { args: ["--frobnicate"], message: /--frobnicate/ },
    { args: ["positional"], message: /positional/ },
    { args: ["--out", ""], message: /--out needs a directory/ },
    { args: ["--target", "wasm32"], message: /unknown target "wasm32"/ },
  ];
  for (const { args, message } of cases) {
    await t.step(JSON.stringify(args), () => {
      const result = parseBuildArgs(args);
      assert.equal(typeof result, "string", args.join(" "));
      assert.match(result as string, message);
      assert.ok(!(result as string).includes("\n"), "one line");
    });
  }
});

Deno.test("build: sha256Hex matches known digests", async () => {
  assert.equal(
    await sha256Hex(new Uint8Array()),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  );
  assert.equal(
    await sha256Hex(new TextEncoder().encode("abc")),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

async function sha256sumOf(dir: string, names: string[]): Promise<string> {
  const output = await new Deno.Command("sha256sum", { args: ["--", ...names], cwd: dir }).output();
  assert.equal(output.code, 0, decoder.decode(output.stderr));
  return decoder.decode(output.stdout);
}

/** Writes distinct fake files for `names` into `dir`, returning their bytes. */
async function writeFakeAssets(dir: string, names: readonly string[]): Promise<Uint8Array[]> {
  const all: Uint8Array[] = [];
  for (const [i, name] of names.entries()) {
    const bytes = crypto.getRandomValues(new Uint8Array(1000 + i * 4099));
    await Deno.writeFile(`${dir}/${name}`, bytes);
    all.push(bytes);
  }
  return all;
}

Deno.test("build: sha256sums equals sha256sum over the same files, sorted by name", async () => {
  const dir = await Deno.makeTempDir({ prefix: "interjson_sums_" });
  try {
    const names = [...checksummedAssets(TARGETS), "empty", "Z-upper"];
    const bytes = await writeFakeAssets(dir, names);
    await Deno.writeFile(`${dir}/empty`, new Uint8Array());
    bytes[names.indexOf("empty")] = new Uint8Array();
    const files = names.map((name, i) => ({ name, bytes: bytes[i] }));
    const sorted = [...names].sort();
    const expected = await sha256sumOf(dir, sorted);
    assert.equal(await sha256sums(files), expected);
    assert.equal(await sha256sums([...files].reverse()), expected, "input order does not matter");
    assert.equal(expected.split("\n").length, names.length + 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

function runBuild(flags: string[], args: string[]): Promise<Ran> {
  return runDeno(["run", ...flags, BUILD_TS, ...args], { env: { NO_COLOR: "1" } });
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

Deno.test("build: --dry-run prints the four deno compile lines and writes nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "interjson_dry_" });
  try {
    const out = `${dir}/out dir`;
    const run = await runBuild([], ["--dry-run", "--out", out]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split("\n");
    assert.equal(lines.pop(), "", "ends with a newline");
    assert.equal(lines.length, 4);
    assert.deepEqual(
      lines,
      TARGETS.map((t) => commandLine([Deno.execPath(), ...compileArgs(t, { outDir: out })])),
    );
    assert.ok(lines[0].includes(` --output '${dir}/out dir/interjson-linux-x86_64' `), lines[0]);
    assert.equal(await exists(out), false, "no output directory");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("build: --dry-run --target restricts the lines to the chosen targets", async () => {
  const run = await runBuild([], [
    "--dry-run",
    "--target",
    "x86_64-pc-windows-msvc",
    "--target",
    "aarch64-unknown-linux-gnu",
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stdout.trimEnd().split("\n"), [
    commandLine([Deno.execPath(), ...compileArgs(TARGETS[1], { outDir: "dist" })]),
    commandLine([Deno.execPath(), ...compileArgs(TARGETS[3], { outDir: "dist" })]),
  ]);
});

Deno.test("build: usage errors exit 2 with one line on stderr", async () => {
  for (
    const args of [["--target", "x86_64-apple-darwin"], ["--nope"], [
      "--dry-run",
      "--checksums-only",
    ]]
  ) {
    const run = await runBuild([], args);
    assert.equal(run.code, 2, args.join(" "));
    assert.equal(run.stdout, "");
    const lines = run.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0], /^build: /);
  }
  const run = await runBuild([], ["--target", "x86_64-apple-darwin"]);
  for (const { triple } of EXPECTED_TARGETS) assert.ok(run.stderr.includes(triple), run.stderr);
});

const FS = ["--allow-read", "--allow-write"];

Deno.test("build: --checksums-only copies the installer and writes a SHA256SUMS sha256sum -c accepts", async () => {
  const dir = await Deno.makeTempDir({ prefix: "interjson_dist_" });
  try {
    await writeFakeAssets(dir, TARGETS.map((t) => t.asset));
    await Deno.writeTextFile(`${dir}/unrelated.txt`, "not an asset\n");
    const run = await runBuild(FS, ["--checksums-only", "--out", dir]);
    assert.equal(run.code, 0, run.stderr);
    const installer = `${dir}/interjson-install.sh`;
    assert.deepEqual(await Deno.readFile(installer), await Deno.readFile(`${ROOT}install.sh`));
    assert.ok(((await Deno.stat(installer)).mode ?? 0) & 0o100, "installer is executable");
    const sums = await Deno.readTextFile(`${dir}/SHA256SUMS`);
    const names = checksummedAssets(TARGETS).sort();
    assert.deepEqual(names, [
      "interjson-install.sh",
      "interjson-linux-arm64",
      "interjson-linux-x86_64",
      "interjson-macos-arm64",
      "interjson-windows-x86_64.exe",
    ]);
    assert.equal(sums, await sha256sumOf(dir, names));
    const check = await new Deno.Command("sha256sum", {
      args: ["-c", "--strict", "SHA256SUMS"],
      cwd: dir,
    })
      .output();
    assert.equal(check.code, 0, decoder.decode(check.stdout) + decoder.decode(check.stderr));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("build: --checksums-only --target covers only that binary and the installer", async () => {
  const dir = await Deno.makeTempDir({ prefix: "interjson_dist_" });
  try {
    await writeFakeAssets(dir, ["interjson-macos-arm64"]);
    const run = await runBuild(FS, [
      "--checksums-only",
      "--out",
      dir,
      "--target",
      "aarch64-apple-darwin",
    ]);
    assert.equal(run.code, 0, run.stderr);
    const sums = await Deno.readTextFile(`${dir}/SHA256SUMS`);
    assert.equal(sums, await sha256sumOf(dir, ["interjson-install.sh", "interjson-macos-arm64"]));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("build: --checksums-only with a missing binary exits 1 naming it and writes no SHA256SUMS", async () => {
  const dir = await Deno.makeTempDir({ prefix: "interjson_dist_" });
  try {
    await writeFakeAssets(dir, ["interjson-linux-x86_64", "interjson-macos-arm64"]);
    const run = await runBuild(FS, ["--checksums-only", "--out", dir]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /missing asset .*interjson-linux-arm64/);
    assert.equal(await exists(`${dir}/SHA256SUMS`), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// The release workflow: a text check, but one tied to the same tables the build uses.

async function workflow(): Promise<string> {
  return await Deno.readTextFile(WORKFLOW);
}

/** The `run:` text of the workflow step named `name` (up to the next step). */
function step(text: string, name: string): string {
  const start = text.indexOf(`- name: ${name}\n`);
  assert.notEqual(start, -1, `workflow step "${name}" missing`);
  const next = text.indexOf("\n      - ", start + 1);
  return text.slice(start, next === -1 ? undefined : next);
}

Deno.test("release workflow: runs on v* tags with the permissions publishing needs", async () => {
  const text = await workflow();
  assert.match(text, /\non:\n {2}push:\n {4}tags:\n {6}- "v\*"\n/);
  const permissions = /\npermissions:\n((?: {2}.*\n)+)/.exec(text)?.[1] ?? "";
  for (const grant of ["contents: write", "id-token: write", "packages: write"]) {
    assert.match(permissions, new RegExp(`^ {2}${grant}(?: #.*)?$`, "m"), grant);
  }
  assert.match(text, /uses: denoland\/setup-deno@v2\n\s+with:\n\s+deno-version: 2\.9\.6\n/);
});

Deno.test("release workflow: checks the tag, tests, then builds with scripts/build.ts", async () => {
  const text = await workflow();
  const tag = step(text, "Tag matches the deno.json version");
  assert.match(tag, /deno\.json/);
  assert.match(tag, /"\$GITHUB_REF_NAME" != "v\$version"/);
  const needles = [
    "deno task test",
    "deno run -A scripts/build.ts",
    "gh release",
    "run: deno publish\n",
  ];
  const order = needles
    .map((needle) => {
      const at = text.indexOf(needle);
      assert.notEqual(at, -1, `workflow lacks "${needle}"`);
      return at;
    });
  assert.deepEqual([...order].sort((a, b) => a - b), order, `in this order: ${needles.join(", ")}`);
});

Deno.test("release workflow: smoke-tests the native binary, its MCP handshake and the alias", async () => {
  const smoke = step(await workflow(), "Smoke-test the linux-x86_64 binary");
  assert.match(smoke, /dist\/interjson-linux-x86_64/);
  assert.match(smoke, /--version\)" != "interjson \$VERSION"/);
  assert.match(smoke, /"method":"initialize"/);
  assert.match(smoke, /"\$bin" mcp/);
  assert.match(smoke, /ln -s .*\/interjson-mcp"/);
  assert.match(smoke, /"name":"interjson"/);
  assert.match(smoke, /sha256sum -c --strict SHA256SUMS/);
});

Deno.test("release workflow: uploads every asset the build writes, by name", async () => {
  const upload = step(await workflow(), "Upload the release assets");
  for (const name of [...checksummedAssets(TARGETS), "SHA256SUMS"]) {
    assert.ok(upload.includes(`dist/${name}`), `upload step lacks dist/${name}`);
  }
});
