/**
 * Release build: cross-compiles `cli.ts` with `deno compile --target` into one
 * standalone executable per platform, copies `install.sh` beside them as
 * `interjson-install.sh`, and writes `SHA256SUMS` (the `sha256sum` format,
 * sorted by name) over every asset.
 *
 * The binaries are granted what their commands need, with `--no-prompt`
 * baked in ({@linkcode PERMISSION_FLAGS}, shared with the test that runs every
 * command under exactly these flags): each command gives up at start what it
 * does not use, and the rest once its files, socket or child are open
 * (`cli/permissions.ts`).
 *
 * ```sh
 * deno run -A scripts/build.ts                       # all four targets into dist/
 * deno run -A scripts/build.ts --dry-run             # print the deno compile lines only
 * deno run -A scripts/build.ts --target aarch64-apple-darwin --out /tmp/out
 * deno run -A scripts/build.ts --checksums-only      # installer + SHA256SUMS over prebuilt files
 * ```
 *
 * Paths (`--out`, the entry point, the config) are relative to the repository
 * root, where `deno compile` runs. Exit codes: 0 built, 1 a step failed,
 * 2 usage error.
 *
 * @example
 * ```ts
 * import { compileArgs, TARGETS } from "./build.ts";
 * console.log(compileArgs(TARGETS[0], { outDir: "dist" }).join(" "));
 * // compile --target x86_64-unknown-linux-gnu --output dist/interjson-linux-x86_64 --allow-read ...
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { BINARY_PERMISSION_FLAGS } from "../cli/permissions.ts";
import { shellWord } from "../cli/shell_word.ts";

/** One release target: the `deno compile --target` triple and the asset it produces. */
export interface Target {
  /** The Rust-style triple `deno compile --target` takes. */
  readonly triple: string;
  /** The platform part of the asset name, as `install.sh` computes it. */
  readonly platform: string;
  /** The release asset's file name. */
  readonly asset: string;
}

/**
 * The four release targets, in release order.
 *
 * @example
 * ```ts
 * import { TARGETS } from "./build.ts";
 * console.log(TARGETS.map((t) => t.asset));
 * // ["interjson-linux-x86_64", "interjson-linux-arm64", "interjson-macos-arm64",
 * //  "interjson-windows-x86_64.exe"]
 * ```
 */
export const TARGETS: readonly Target[] = [
  {
    triple: "x86_64-unknown-linux-gnu",
    platform: "linux-x86_64",
    asset: "interjson-linux-x86_64",
  },
  {
    triple: "aarch64-unknown-linux-gnu",
    platform: "linux-arm64",
    asset: "interjson-linux-arm64",
  },
  {
    triple: "aarch64-apple-darwin",
    platform: "macos-arm64",
    asset: "interjson-macos-arm64",
  },
  {
    triple: "x86_64-pc-windows-msvc",
    platform: "windows-x86_64",
    asset: "interjson-windows-x86_64.exe",
  },
];

/**
 * The permission flags baked into every binary (`cli/permissions.ts`):
 * reading files, writing the proxy's audit and pin files, running the proxy's
 * server, listening for the HTTP servers, and no interactive prompt (a
 * missing permission is an error, never a question).
 *
 * @example
 * ```ts
 * import { PERMISSION_FLAGS } from "./build.ts";
 * console.log(PERMISSION_FLAGS);
 * // ["--allow-read", "--allow-write", "--allow-run", "--allow-net", "--no-prompt"]
 * ```
 */
export const PERMISSION_FLAGS: readonly string[] = BINARY_PERMISSION_FLAGS;

/** The release name of the copied installer. */
export const INSTALLER_ASSET = "interjson-install.sh";

/** The name of the checksum file. */
export const CHECKSUMS_ASSET = "SHA256SUMS";

/** Where the build reads and writes, relative to the repository root. */
export interface BuildPaths {
  /** Output directory (default `dist`). */
  readonly outDir: string;
  /** Entry point (default `cli.ts`). */
  readonly entry?: string;
  /** Deno config file (default `deno.json`). */
  readonly config?: string;
}

/**
 * The `deno compile` arguments (without the `deno` executable) for one target.
 *
 * @example
 * ```ts
 * import { compileArgs, TARGETS } from "./build.ts";
 * compileArgs(TARGETS[3], { outDir: "dist" });
 * // ["compile", "--target", "x86_64-pc-windows-msvc",
 * //  "--output", "dist/interjson-windows-x86_64.exe",
 * //  "--allow-read", "--allow-write", "--allow-run", "--allow-net", "--no-prompt",
 * //  "--config", "deno.json", "cli.ts"]
 * ```
 */
export function compileArgs(target: Target, paths: BuildPaths): string[] {
  return [
    "compile",
    "--target",
    target.triple,
    "--output",
    assetPath(paths.outDir, target.asset),
    ...PERMISSION_FLAGS,
    "--config",
    paths.config ?? "deno.json",
    paths.entry ?? "cli.ts",
  ];
}

/**
 * Joins an output directory and an asset name with exactly one `/`.
 *
 * @example
 * ```ts
 * import { assetPath } from "./build.ts";
 * console.log(assetPath("dist/", "SHA256SUMS")); // dist/SHA256SUMS
 * ```
 */
export function assetPath(outDir: string, name: string): string {
  const dir = outDir.length > 1 ? outDir.replace(/\/+$/, "") : outDir;
  return dir === "/" ? `/${name}` : `${dir}/${name}`;
}

/**
 * A whole command line, each word shell-quoted, joined by single spaces.
 *
 * @example
 * ```ts
 * import { commandLine } from "./build.ts";
 * console.log(commandLine(["deno", "compile", "--output", "a b"])); // deno compile --output 'a b'
 * ```
 */
export function commandLine(words: readonly string[]): string {
  return words.map(shellWord).join(" ");
}

/**
 * Picks targets by triple; no triple at all means every target. Returns the
 * unknown triple as an error string instead of throwing.
 *
 * @example
 * ```ts
 * import { selectTargets } from "./build.ts";
 * const picked = selectTargets(["aarch64-apple-darwin"]);
 * if (Array.isArray(picked)) console.log(picked[0].asset); // interjson-macos-arm64
 * ```
 */
export function selectTargets(triples: readonly string[]): Target[] | string {
  if (triples.length === 0) return [...TARGETS];
  const picked: Target[] = [];
  for (const triple of triples) {
    const target = TARGETS.find((t) => t.triple === triple);
    if (target === undefined) {
      const valid = TARGETS.map((t) => t.triple).join(", ");
      return `unknown target "${triple}"; valid targets: ${valid}`;
    }
    if (!picked.includes(target)) picked.push(target);
  }
  return TARGETS.filter((t) => picked.includes(t));
}

/** One file to checksum: its release name and its bytes. */
export interface AssetFile {
  /** The release asset name written into `SHA256SUMS`. */
  readonly name: string;
  /** The file's contents. */
  readonly bytes: Uint8Array;
}

/**
 * Lowercase hex SHA-256 of some bytes, with `crypto.subtle`.
 *
 * @example
 * ```ts
 * import { sha256Hex } from "./build.ts";
 * console.log(await sha256Hex(new Uint8Array()));
 * // e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
 * ```
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The `SHA256SUMS` text for some files: one `<hex>  <name>` line each (the
 * `sha256sum` text-mode format), sorted by name, ending in a newline.
 *
 * @example
 * ```ts
 * import { sha256sums } from "./build.ts";
 * const text = await sha256sums([{ name: "empty", bytes: new Uint8Array() }]);
 * console.log(text);
 * // e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty
 * ```
 */
export async function sha256sums(files: readonly AssetFile[]): Promise<string> {
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lines = await Promise.all(
    sorted.map(async (file) => `${await sha256Hex(file.bytes)}  ${file.name}\n`),
  );
  return lines.join("");
}

/** What the command line asked for. */
export interface BuildRequest {
  /** Print the `deno compile` lines instead of running them. */
  readonly dryRun: boolean;
  /** Skip compiling: copy the installer and checksum prebuilt binaries. */
  readonly checksumsOnly: boolean;
  /** Output directory, relative to the repository root. */
  readonly outDir: string;
  /** The selected targets. */
  readonly targets: Target[];
}

/**
 * Parses the command line. A usage problem comes back as a one-line string.
 *
 * @example
 * ```ts
 * import { parseBuildArgs } from "./build.ts";
 * const request = parseBuildArgs(["--dry-run", "--out", "out"]);
 * if (typeof request !== "string") console.log(request.targets.length); // 4
 * ```
 */
export function parseBuildArgs(args: readonly string[]): BuildRequest | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        "dry-run": { type: "boolean", default: false },
        "checksums-only": { type: "boolean", default: false },
        out: { type: "string", default: "dist" },
        target: { type: "string", multiple: true, default: [] },
      },
    }));
  } catch (error) {
    return error instanceof Error ? error.message.split("\n")[0] : String(error);
  }
  if (values["dry-run"] && values["checksums-only"]) {
    return "--dry-run and --checksums-only cannot be combined";
  }
  if (values.out === "") return "--out needs a directory";
  const targets = selectTargets(values.target);
  if (typeof targets === "string") return targets;
  return {
    dryRun: values["dry-run"],
    checksumsOnly: values["checksums-only"],
    outDir: values.out,
    targets,
  };
}

/**
 * The names `SHA256SUMS` covers for some targets: their binaries and the installer.
 *
 * @example
 * ```ts
 * import { checksummedAssets, TARGETS } from "./build.ts";
 * console.log(checksummedAssets([TARGETS[2]])); // ["interjson-macos-arm64", "interjson-install.sh"]
 * ```
 */
export function checksummedAssets(targets: readonly Target[]): string[] {
  return [...targets.map((t) => t.asset), INSTALLER_ASSET];
}

function repoRoot(): string {
  return decodeURIComponent(new URL("../", import.meta.url).pathname);
}

function resolveOut(root: string, outDir: string): string {
  return outDir.startsWith("/") ? outDir : `${root}${outDir}`;
}

async function compileAll(request: BuildRequest, root: string): Promise<boolean> {
  await Deno.mkdir(resolveOut(root, request.outDir), { recursive: true });
  for (const target of request.targets) {
    const args = compileArgs(target, { outDir: request.outDir });
    console.error(`build: ${target.asset}`);
    const status = await new Deno.Command(Deno.execPath(), {
      args,
      cwd: root,
      stdin: "null",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn().status;
    if (!status.success) {
      console.error(`build: deno compile failed for ${target.triple} (exit ${status.code})`);
      return false;
    }
  }
  return true;
}

async function writeInstallerAndSums(request: BuildRequest, root: string): Promise<boolean> {
  const outDir = resolveOut(root, request.outDir);
  await Deno.mkdir(outDir, { recursive: true });
  const installer = assetPath(outDir, INSTALLER_ASSET);
  await Deno.copyFile(`${root}install.sh`, installer);
  await Deno.chmod(installer, 0o755);
  const files: AssetFile[] = [];
  for (const name of checksummedAssets(request.targets)) {
    try {
      files.push({ name, bytes: await Deno.readFile(assetPath(outDir, name)) });
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      console.error(`build: missing asset ${assetPath(request.outDir, name)}`);
      return false;
    }
  }
  await Deno.writeTextFile(assetPath(outDir, CHECKSUMS_ASSET), await sha256sums(files));
  console.error(
    `build: wrote ${assetPath(request.outDir, CHECKSUMS_ASSET)} (${files.length} assets)`,
  );
  return true;
}

/**
 * Runs the build for a command line and returns the exit code.
 *
 * @example
 * ```ts ignore
 * import { main } from "./build.ts";
 * Deno.exit(await main(["--dry-run"]));
 * ```
 */
export async function main(args: readonly string[]): Promise<number> {
  const request = parseBuildArgs(args);
  if (typeof request === "string") {
    console.error(`build: ${request}`);
    return 2;
  }
  if (request.dryRun) {
    for (const target of request.targets) {
      console.log(
        commandLine([Deno.execPath(), ...compileArgs(target, { outDir: request.outDir })]),
      );
    }
    return 0;
  }
  const root = repoRoot();
  if (!request.checksumsOnly && !await compileAll(request, root)) return 1;
  return await writeInstallerAndSums(request, root) ? 0 : 1;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
