/**
 * Builds the npm packages and the PyPI wheels from a directory of release
 * binaries (what `scripts/build.ts` writes: the four binaries and their
 * `SHA256SUMS`). The release workflow and the tests run this same code.
 *
 * Every binary is checked against `SHA256SUMS` before anything is written: a
 * binary without a line there, or whose SHA-256 differs, stops the build.
 *
 * ```text
 * OUT/npm/interjson/               the launcher package (bins interjson, interjson-mcp)
 * OUT/npm/cli-linux-x64/ …         one package per platform, the binary in bin/
 * OUT/pypi/interjson-V-py3-none-TAG.whl   one wheel per platform, the binary in interjson/bin/
 * ```
 *
 * ```sh
 * deno run --allow-read --allow-write scripts/packages.ts --binaries dist --out dist/packages
 * deno run --allow-read --allow-write scripts/packages.ts --binaries dist --platform linux-x86_64
 * ```
 *
 * Every package carries the version of `deno.json` (the binary's own). The
 * wheels are written here, with the standard zip format and a `RECORD` of
 * SHA-256 digests: no build backend and no network. Exit codes: 0 built,
 * 1 a binary is missing or does not match `SHA256SUMS`, 2 usage error.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { PLATFORM_PACKAGES, wheelFileName } from "./packages.ts";
 * strictEqual(
 *   wheelFileName("1.0.0", PLATFORM_PACKAGES[0].wheelTag),
 *   "interjson-1.0.0-py3-none-manylinux_2_27_x86_64.whl",
 * );
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { crc32, deflateRawSync } from "node:zlib";
import { assetPath, CHECKSUMS_ASSET, sha256Hex, TARGETS } from "./build.ts";
import config from "../deno.json" with { type: "json" };

/** The npm name of the launcher package (`npx -y interjson mcp`). */
export const NPM_PACKAGE = "interjson";

/** The PyPI name of the distribution (`uvx interjson mcp`). */
export const PYPI_PACKAGE = "interjson";

/** The MCP Registry name, which npm's `mcpName` and the PyPI README must carry. */
export const MCP_NAME = "io.github.interjson/interjson";

/** The repository the packages point at. */
export const REPOSITORY = "https://github.com/interjson/interjson";

/** One platform: the release asset it is built from and the packages it becomes. */
export interface PlatformPackage {
  /** `Target.platform` of `scripts/build.ts` (`linux-x86_64`). */
  readonly platform: string;
  /** For people: `Linux x64 (glibc)`. */
  readonly label: string;
  /** The npm package holding the binary. */
  readonly npmName: string;
  /** Node's `process.platform` for it (the package's `os`). */
  readonly os: string;
  /** Node's `process.arch` for it (the package's `cpu`). */
  readonly cpu: string;
  /** The C library the binary links against (the package's `libc`), when it matters. */
  readonly libc?: string;
  /** The binary's file name inside the packages. */
  readonly binaryName: string;
  /**
   * The wheel's platform tag. Linux: the highest glibc symbol version the
   * Deno 2.9.6 runtime needs is GLIBC_2.27 (`readelf -V`), so manylinux_2_27;
   * macOS: 11.0, the first release on Apple silicon.
   */
  readonly wheelTag: string;
}

/**
 * The four platforms, in the order of `TARGETS` in `scripts/build.ts`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { PLATFORM_PACKAGES } from "./packages.ts";
 * deepStrictEqual(PLATFORM_PACKAGES.map((p) => `${p.os}-${p.cpu}`), [
 *   "linux-x64", "linux-arm64", "darwin-arm64", "win32-x64",
 * ]);
 * ```
 */
export const PLATFORM_PACKAGES: readonly PlatformPackage[] = [
  {
    platform: "linux-x86_64",
    label: "Linux x64 (glibc)",
    npmName: "@interjson/cli-linux-x64",
    os: "linux",
    cpu: "x64",
    libc: "glibc",
    binaryName: "interjson",
    wheelTag: "manylinux_2_27_x86_64",
  },
  {
    platform: "linux-arm64",
    label: "Linux arm64 (glibc)",
    npmName: "@interjson/cli-linux-arm64",
    os: "linux",
    cpu: "arm64",
    libc: "glibc",
    binaryName: "interjson",
    wheelTag: "manylinux_2_27_aarch64",
  },
  {
    platform: "macos-arm64",
    label: "macOS arm64 (Apple silicon)",
    npmName: "@interjson/cli-darwin-arm64",
    os: "darwin",
    cpu: "arm64",
    binaryName: "interjson",
    wheelTag: "macosx_11_0_arm64",
  },
  {
    platform: "windows-x86_64",
    label: "Windows x64",
    npmName: "@interjson/cli-win32-x64",
    os: "win32",
    cpu: "x64",
    binaryName: "interjson.exe",
    wheelTag: "win_amd64",
  },
];

/**
 * The release asset a platform's packages are built from.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { assetFor, PLATFORM_PACKAGES } from "./packages.ts";
 * strictEqual(assetFor(PLATFORM_PACKAGES[3]), "interjson-windows-x86_64.exe");
 * ```
 */
export function assetFor(pkg: PlatformPackage): string {
  const target = TARGETS.find((t) => t.platform === pkg.platform);
  if (target === undefined) throw new Error(`no build target for ${pkg.platform}`);
  return target.asset;
}

/**
 * The PEP 440 form of a semver version: `1.2.3` stays, `1.2.3-rc.1` becomes
 * `1.2.3rc1` (also `alpha`→`a`, `beta`→`b`); any other pre-release has no
 * PEP 440 form and gives `undefined`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { pep440 } from "./packages.ts";
 * strictEqual(pep440("1.4.0"), "1.4.0");
 * strictEqual(pep440("2.0.0-beta.3"), "2.0.0b3");
 * strictEqual(pep440("2.0.0-nightly"), undefined);
 * ```
 */
export function pep440(version: string): string | undefined {
  const match = /^(\d+\.\d+\.\d+)(?:-(alpha|beta|rc)\.(\d+))?$/.exec(version);
  if (match === null) return undefined;
  const [, release, phase, number] = match;
  if (phase === undefined) return release;
  const short = { alpha: "a", beta: "b", rc: "rc" }[phase as "alpha" | "beta" | "rc"];
  return `${release}${short}${number}`;
}

/**
 * Reads a `SHA256SUMS` text (`<hex>  <name>` or `<hex> *<name>` per line)
 * into a map from name to lowercase hex.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { parseSha256Sums } from "./packages.ts";
 * const sums = parseSha256Sums(`${"ab".repeat(32)}  interjson-linux-x86_64\n`);
 * strictEqual(sums.get("interjson-linux-x86_64"), "ab".repeat(32));
 * ```
 */
export function parseSha256Sums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.replace(/\r$/, ""));
    if (match !== null) sums.set(match[2], match[1].toLowerCase());
  }
  return sums;
}

/**
 * Checks one binary against the sums: `undefined` when it matches, else the
 * one-line problem.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { checkBinary } from "./packages.ts";
 * const empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
 * strictEqual(await checkBinary("x", new Uint8Array(), new Map([["x", empty]])), undefined);
 * strictEqual(await checkBinary("y", new Uint8Array(), new Map()), "y has no line in SHA256SUMS");
 * ```
 */
export async function checkBinary(
  name: string,
  bytes: Uint8Array,
  sums: ReadonlyMap<string, string>,
): Promise<string | undefined> {
  const expected = sums.get(name);
  if (expected === undefined) return `${name} has no line in ${CHECKSUMS_ASSET}`;
  const actual = await sha256Hex(bytes);
  if (actual !== expected) {
    return `${name} does not match ${CHECKSUMS_ASSET}: expected ${expected}, got ${actual}`;
  }
  return undefined;
}

/** A `package.json`, as written. */
export type Manifest = Record<string, unknown>;

const COMMON_MANIFEST = {
  license: "MIT",
  repository: { type: "git", url: `git+${REPOSITORY}.git` },
  homepage: `${REPOSITORY}/blob/main/docs/INSTALL.md`,
};

/**
 * The `package.json` of one platform package: only installable on its
 * `os`/`cpu` (and `libc`), so npm skips the others of the launcher's
 * `optionalDependencies`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { npmPlatformManifest, PLATFORM_PACKAGES } from "./packages.ts";
 * const manifest = npmPlatformManifest(PLATFORM_PACKAGES[2], "1.0.0");
 * deepStrictEqual([manifest.name, manifest.os, manifest.cpu], [
 *   "@interjson/cli-darwin-arm64", ["darwin"], ["arm64"],
 * ]);
 * ```
 */
export function npmPlatformManifest(pkg: PlatformPackage, version: string): Manifest {
  return {
    name: pkg.npmName,
    version,
    description: `The interjson binary for ${pkg.label}; installed by the ${NPM_PACKAGE} package.`,
    ...COMMON_MANIFEST,
    os: [pkg.os],
    cpu: [pkg.cpu],
    ...(pkg.libc === undefined ? {} : { libc: [pkg.libc] }),
    files: ["bin/", "README.md", "LICENSE"],
    preferUnplugged: true,
  };
}

/**
 * The `package.json` of the launcher: two bins, and every platform package
 * as an optional dependency pinned to the same version.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { npmLauncherManifest } from "./packages.ts";
 * const manifest = npmLauncherManifest("1.0.0");
 * deepStrictEqual(manifest.bin, {
 *   interjson: "bin/interjson.js",
 *   "interjson-mcp": "bin/interjson-mcp.js",
 * });
 * strictEqual((manifest.optionalDependencies as Record<string, string>)["@interjson/cli-win32-x64"], "1.0.0");
 * ```
 */
export function npmLauncherManifest(version: string): Manifest {
  return {
    name: NPM_PACKAGE,
    version,
    description:
      "InterJSON, the execution gate for LLM output: the MCP server, the MCP proxy and the CLI (a launcher for the native binary).",
    ...COMMON_MANIFEST,
    mcpName: MCP_NAME,
    keywords: ["mcp", "mcp-server", "json", "llm", "tool-calling", "agents"],
    bin: { interjson: "bin/interjson.js", "interjson-mcp": "bin/interjson-mcp.js" },
    files: ["bin/", "lib/", "README.md", "LICENSE"],
    engines: { node: ">=18" },
    optionalDependencies: Object.fromEntries(
      PLATFORM_PACKAGES.map((pkg) => [pkg.npmName, version]),
    ),
  };
}

/** One file in a zip archive. */
export interface ZipEntry {
  /** Its path inside the archive, with `/`. */
  readonly name: string;
  /** Its contents. */
  readonly bytes: Uint8Array;
  /** Whether it is executable (unix mode 0755 instead of 0644). */
  readonly executable?: boolean;
}

/** 1980-01-01 00:00:00, the earliest DOS time: the same bytes on every build. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;

function u16(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff];
}

function u32(value: number): number[] {
  return [...u16(value & 0xffff), ...u16(value >>> 16)];
}

/**
 * A zip archive (deflate, unix modes, fixed timestamps) of some entries, in
 * the order given: what a wheel is.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { zipArchive } from "./packages.ts";
 * const zip = zipArchive([{ name: "a.txt", bytes: new TextEncoder().encode("hi") }]);
 * strictEqual(new TextDecoder().decode(zip.subarray(0, 2)), "PK");
 * ```
 */
export function zipArchive(entries: readonly ZipEntry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const data = deflateRawSync(entry.bytes);
    const crc = crc32(entry.bytes) >>> 0;
    const mode = entry.executable ? 0o100755 : 0o100644;
    // version needed 2.0, flag bit 11 (UTF-8 names), method 8 (deflate).
    const common = [
      ...u16(20),
      ...u16(0x0800),
      ...u16(8),
      ...u16(DOS_TIME),
      ...u16(DOS_DATE),
      ...u32(crc),
      ...u32(data.length),
      ...u32(entry.bytes.length),
      ...u16(name.length),
      ...u16(0),
    ];
    const local = new Uint8Array([...u32(0x04034b50), ...common]);
    chunks.push(local, name, data);
    // version made by: unix (3) 2.0; then the local fields, comment length, disk, attributes.
    central.push(
      new Uint8Array([
        ...u32(0x02014b50),
        ...u16((3 << 8) | 20),
        ...common,
        ...u16(0),
        ...u16(0),
        ...u16(0),
        ...u32((mode << 16) >>> 0),
        ...u32(offset),
      ]),
      name,
    );
    offset += local.length + name.length + data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array([
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(entries.length),
    ...u16(entries.length),
    ...u32(centralSize),
    ...u32(offset),
    ...u16(0),
  ]);
  const parts = [...chunks, ...central, end];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The file name of a wheel: `interjson-<pep440 version>-py3-none-<tag>.whl`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { wheelFileName } from "./packages.ts";
 * strictEqual(wheelFileName("1.0.0-rc.2", "win_amd64"), "interjson-1.0.0rc2-py3-none-win_amd64.whl");
 * ```
 */
export function wheelFileName(version: string, tag: string): string {
  return `${PYPI_PACKAGE}-${pep440Strict(version)}-py3-none-${tag}.whl`;
}

function pep440Strict(version: string): string {
  const converted = pep440(version);
  if (converted === undefined) throw new Error(`version ${version} has no PEP 440 form`);
  return converted;
}

/** The `sha256=<urlsafe base64, no padding>` digest a wheel's `RECORD` holds. */
async function recordDigest(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>),
  );
  const base64 = btoa(String.fromCharCode(...digest));
  return `sha256=${base64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}

/** What goes into a wheel besides the binary. */
export interface WheelSources {
  /** The Python package's files, by path under `interjson/`. */
  readonly packageFiles: ReadonlyMap<string, Uint8Array>;
  /** The long description (Markdown), shown on PyPI. */
  readonly readme: string;
  /** The license text. */
  readonly license: string;
}

/**
 * The `METADATA` of the wheel (core metadata 2.1): name, version, summary,
 * the console scripts' package, no runtime dependency.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { wheelMetadata } from "./packages.ts";
 * strictEqual(wheelMetadata("1.0.0", "# x\n").split("\n")[2], "Version: 1.0.0");
 * ```
 */
export function wheelMetadata(version: string, readme: string): string {
  return [
    "Metadata-Version: 2.1",
    `Name: ${PYPI_PACKAGE}`,
    `Version: ${pep440Strict(version)}`,
    "Summary: InterJSON, the execution gate for LLM output: MCP server, MCP proxy, CLI and a typed Python client.",
    `Home-page: ${REPOSITORY}`,
    "License: MIT",
    `Project-URL: Documentation, ${REPOSITORY}/blob/main/docs/INSTALL.md`,
    `Project-URL: Source, ${REPOSITORY}`,
    "Keywords: mcp,json,llm,tool-calling,agents",
    "Classifier: License :: OSI Approved :: MIT License",
    "Classifier: Programming Language :: Python :: 3",
    "Classifier: Typing :: Typed",
    "Requires-Python: >=3.9",
    "Description-Content-Type: text/markdown",
    "",
    readme,
  ].join("\n");
}

/**
 * Every entry of one platform's wheel, `RECORD` last.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { PLATFORM_PACKAGES, wheelEntries } from "./packages.ts";
 * const entries = await wheelEntries(PLATFORM_PACKAGES[0], "1.0.0", new Uint8Array([1]), {
 *   packageFiles: new Map([["__init__.py", new Uint8Array()]]),
 *   readme: "# interjson\n",
 *   license: "MIT\n",
 * });
 * strictEqual(entries.at(-1)?.name, "interjson-1.0.0.dist-info/RECORD");
 * strictEqual(entries.find((e) => e.name === "interjson/bin/interjson")?.executable, true);
 * ```
 */
export async function wheelEntries(
  pkg: PlatformPackage,
  version: string,
  binary: Uint8Array,
  sources: WheelSources,
): Promise<ZipEntry[]> {
  const encoder = new TextEncoder();
  const distInfo = `${PYPI_PACKAGE}-${pep440Strict(version)}.dist-info`;
  const entries: ZipEntry[] = [];
  for (const [path, bytes] of [...sources.packageFiles].sort(([a], [b]) => a < b ? -1 : 1)) {
    entries.push({ name: `interjson/${path}`, bytes });
  }
  entries.push({ name: `interjson/bin/${pkg.binaryName}`, bytes: binary, executable: true });
  const text = (name: string, body: string) => ({
    name: `${distInfo}/${name}`,
    bytes: encoder.encode(body),
  });
  entries.push(
    text("METADATA", wheelMetadata(version, sources.readme)),
    text(
      "WHEEL",
      "Wheel-Version: 1.0\nGenerator: interjson scripts/packages.ts\nRoot-Is-Purelib: false\n" +
        `Tag: py3-none-${pkg.wheelTag}\n`,
    ),
    text(
      "entry_points.txt",
      "[console_scripts]\ninterjson = interjson._launcher:main\n" +
        "interjson-mcp = interjson._launcher:mcp_main\n",
    ),
    text("LICENSE", sources.license),
  );
  const lines = await Promise.all(
    entries.map(async (e) => `${e.name},${await recordDigest(e.bytes)},${e.bytes.length}\n`),
  );
  entries.push(text("RECORD", lines.join("") + `${distInfo}/RECORD,,\n`));
  return entries;
}

/** What the command line asked for. */
export interface PackagesRequest {
  /** The directory holding the binaries and `SHA256SUMS`. */
  readonly binaries: string;
  /** Where the packages go. */
  readonly out: string;
  /** The platforms to build (all four when none was named). */
  readonly platforms: readonly PlatformPackage[];
}

/**
 * Parses the command line; a usage problem comes back as a one-line string.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { parsePackagesArgs } from "./packages.ts";
 * const request = parsePackagesArgs(["--binaries", "dist", "--platform", "macos-arm64"]);
 * strictEqual(typeof request !== "string" && request.platforms[0].npmName, "@interjson/cli-darwin-arm64");
 * strictEqual(parsePackagesArgs(["--binaries", "dist", "--platform", "bsd"]),
 *   "unknown platform `bsd`; platforms: linux-x86_64, linux-arm64, macos-arm64, windows-x86_64");
 * ```
 */
export function parsePackagesArgs(args: readonly string[]): PackagesRequest | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        binaries: { type: "string" },
        out: { type: "string", default: "dist/packages" },
        platform: { type: "string", multiple: true, default: [] },
      },
    }));
  } catch (error) {
    return error instanceof Error ? error.message.split("\n")[0] : String(error);
  }
  if (values.binaries === undefined || values.binaries === "") {
    return "--binaries DIR is needed (the directory with the binaries and SHA256SUMS)";
  }
  if (values.out === "") return "--out needs a directory";
  const platforms: PlatformPackage[] = [];
  for (const name of values.platform) {
    const pkg = PLATFORM_PACKAGES.find((p) => p.platform === name);
    if (pkg === undefined) {
      const valid = PLATFORM_PACKAGES.map((p) => p.platform).join(", ");
      return `unknown platform \`${name}\`; platforms: ${valid}`;
    }
    if (!platforms.includes(pkg)) platforms.push(pkg);
  }
  return {
    binaries: values.binaries,
    out: values.out,
    platforms: platforms.length === 0 ? PLATFORM_PACKAGES : platforms,
  };
}

const PACKAGING = new URL("../packaging/", import.meta.url);

async function readTree(dir: URL, prefix = ""): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const pending: [URL, string][] = [[dir, prefix]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [url, at] = next;
    for await (const entry of Deno.readDir(url)) {
      if (entry.name === "__pycache__" || entry.name.endsWith(".pyc")) continue;
      if (entry.isDirectory) pending.push([new URL(`${entry.name}/`, url), `${at}${entry.name}/`]);
      else if (entry.isFile) {
        files.set(`${at}${entry.name}`, await Deno.readFile(new URL(entry.name, url)));
      }
    }
  }
  return files;
}

async function writeTree(dir: string, files: ReadonlyMap<string, Uint8Array>): Promise<void> {
  for (const [path, bytes] of files) {
    const full = `${dir}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeFile(full, bytes);
  }
}

/** A README's `interjson@VERSION` examples, with the version being built. */
function withVersion(readme: Uint8Array, version: string): Uint8Array {
  const text = new TextDecoder().decode(readme);
  return new TextEncoder().encode(text.replaceAll("interjson@VERSION", `interjson@${version}`));
}

function json(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value, null, 2) + "\n");
}

function platformReadme(pkg: PlatformPackage): Uint8Array {
  return new TextEncoder().encode(
    `# ${pkg.npmName}\n\nThe \`interjson\` binary for ${pkg.label}. Do not install it directly: ` +
      `install [\`${NPM_PACKAGE}\`](https://www.npmjs.com/package/${NPM_PACKAGE}), which picks ` +
      `the package for your platform.\n`,
  );
}

/** What one build wrote, by path relative to the output directory. */
export interface PackagesReport {
  /** The npm package directories (launcher first). */
  readonly npm: string[];
  /** The wheel files. */
  readonly wheels: string[];
}

/**
 * Checks the binaries against `SHA256SUMS`, then writes every package.
 * Resolves to the report, or to the one-line problem (nothing written).
 *
 * @example
 * ```ts ignore
 * import { buildPackages, PLATFORM_PACKAGES } from "./packages.ts";
 * await buildPackages({ binaries: "dist", out: "dist/packages", platforms: PLATFORM_PACKAGES });
 * ```
 */
export async function buildPackages(request: PackagesRequest): Promise<PackagesReport | string> {
  let sums: Map<string, string>;
  try {
    sums = parseSha256Sums(await Deno.readTextFile(assetPath(request.binaries, CHECKSUMS_ASSET)));
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    return `no ${CHECKSUMS_ASSET} in ${request.binaries}`;
  }
  const binaries = new Map<PlatformPackage, Uint8Array>();
  for (const pkg of request.platforms) {
    const asset = assetFor(pkg);
    let bytes: Uint8Array;
    try {
      bytes = await Deno.readFile(assetPath(request.binaries, asset));
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      return `missing binary ${assetPath(request.binaries, asset)}`;
    }
    const problem = await checkBinary(asset, bytes, sums);
    if (problem !== undefined) return problem;
    binaries.set(pkg, bytes);
  }
  const version = config.version;
  const license = await Deno.readFile(new URL("../LICENSE", import.meta.url));
  const report: PackagesReport = { npm: [], wheels: [] };

  const launcher = await readTree(new URL("npm/interjson/", PACKAGING));
  launcher.set("README.md", withVersion(launcher.get("README.md")!, version));
  launcher.set("package.json", json(npmLauncherManifest(version)));
  launcher.set("LICENSE", license);
  await writeTree(`${request.out}/npm/${NPM_PACKAGE}`, launcher);
  report.npm.push(`npm/${NPM_PACKAGE}`);

  const pythonFiles = await readTree(new URL("pypi/interjson/", PACKAGING));
  const sources: WheelSources = {
    packageFiles: pythonFiles,
    readme: new TextDecoder().decode(
      withVersion(await Deno.readFile(new URL("pypi/README.md", PACKAGING)), version),
    ),
    license: new TextDecoder().decode(license),
  };
  await Deno.mkdir(`${request.out}/pypi`, { recursive: true });
  for (const [pkg, binary] of binaries) {
    const dir = `npm/${pkg.npmName.split("/")[1]}`;
    await writeTree(
      `${request.out}/${dir}`,
      new Map([
        ["package.json", json(npmPlatformManifest(pkg, version))],
        ["README.md", platformReadme(pkg)],
        ["LICENSE", license],
        [`bin/${pkg.binaryName}`, binary],
      ]),
    );
    await Deno.chmod(`${request.out}/${dir}/bin/${pkg.binaryName}`, 0o755);
    report.npm.push(dir);
    const wheel = `pypi/${wheelFileName(version, pkg.wheelTag)}`;
    await Deno.writeFile(
      `${request.out}/${wheel}`,
      zipArchive(await wheelEntries(pkg, version, binary, sources)),
    );
    report.wheels.push(wheel);
  }
  return report;
}

/**
 * Runs the command line and returns the exit code.
 *
 * @example
 * ```ts ignore
 * import { main } from "./packages.ts";
 * Deno.exit(await main(["--binaries", "dist"]));
 * ```
 */
export async function main(args: readonly string[]): Promise<number> {
  const request = parsePackagesArgs(args);
  if (typeof request === "string") {
    console.error(`packages: ${request}`);
    return 2;
  }
  const report = await buildPackages(request);
  if (typeof report === "string") {
    console.error(`packages: ${report}; nothing was written`);
    return 1;
  }
  for (const path of [...report.npm, ...report.wheels]) {
    console.error(`packages: wrote ${assetPath(request.out, path)}`);
  }
  return 0;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
