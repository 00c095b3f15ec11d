/**
 * Shared by the package tests (npm launcher, PyPI wheel): builds this
 * machine's packages with `scripts/packages.ts`, the code the release runs,
 * from a stand-in binary. `deno compile` cannot run here, so the stand-in is
 * a shell script that runs this checkout's `cli.ts` under `deno run` with
 * exactly the permission flags `scripts/build.ts` compiles the binaries with
 * (`PERMISSION_FLAGS`). When `INTERJSON_STANDIN_PIDFILE` is set it writes its
 * process id there first (the `exec` keeps it), so a test can find the
 * binary's process behind a launcher.
 *
 * @module
 */

import { CHECKSUMS_ASSET, commandLine, PERMISSION_FLAGS, sha256Hex } from "../scripts/build.ts";
import {
  assetFor,
  buildPackages,
  PLATFORM_PACKAGES,
  type PlatformPackage,
} from "../scripts/packages.ts";
import { CLI, ROOT } from "./mcp_harness.ts";

const NODE_OS: Record<string, string> = { linux: "linux", darwin: "darwin", windows: "win32" };
const NODE_CPU: Record<string, string> = { x86_64: "x64", aarch64: "arm64" };

/** This machine's row of `PLATFORM_PACKAGES`; throws on a platform without one. */
export function hostPlatform(): PlatformPackage {
  const os = NODE_OS[Deno.build.os];
  const cpu = NODE_CPU[Deno.build.arch];
  const pkg = PLATFORM_PACKAGES.find((p) => p.os === os && p.cpu === cpu);
  if (pkg === undefined) throw new Error(`no package platform for ${Deno.build.target}`);
  return pkg;
}

/** The stand-in binary's text: `deno run PERMISSION_FLAGS --config deno.json cli.ts "$@"`. */
export function standInScript(): string {
  const run = commandLine([
    Deno.execPath(),
    "run",
    ...PERMISSION_FLAGS,
    "--config",
    `${ROOT}deno.json`,
    CLI,
  ]);
  return [
    "#!/bin/sh",
    "# stand-in for the compiled interjson binary (tests/packaging_harness.ts)",
    'if [ -n "$INTERJSON_STANDIN_PIDFILE" ]; then echo "$$" > "$INTERJSON_STANDIN_PIDFILE"; fi',
    `exec ${run} "$@"`,
    "",
  ].join("\n");
}

/** What the build wrote, as absolute paths. */
export interface HostPackages {
  /** The temporary directory everything is in. */
  readonly dir: string;
  /** The platform built. */
  readonly platform: PlatformPackage;
  /** The npm launcher package's directory. */
  readonly npmLauncher: string;
  /** The platform npm package's directory. */
  readonly npmPlatform: string;
  /** The wheel file. */
  readonly wheel: string;
}

/**
 * Writes the stand-in as this platform's release asset with its
 * `SHA256SUMS` line, and builds the packages from it into a temporary
 * directory.
 */
export async function buildHostPackages(): Promise<HostPackages> {
  const dir = await Deno.makeTempDir({ prefix: "interjson-packages-" });
  const platform = hostPlatform();
  const binaries = `${dir}/binaries`;
  await Deno.mkdir(binaries);
  const asset = assetFor(platform);
  const bytes = new TextEncoder().encode(standInScript());
  await Deno.writeFile(`${binaries}/${asset}`, bytes, { mode: 0o755 });
  await Deno.writeTextFile(
    `${binaries}/${CHECKSUMS_ASSET}`,
    `${await sha256Hex(bytes)}  ${asset}\n`,
  );
  const report = await buildPackages({ binaries, out: `${dir}/out`, platforms: [platform] });
  if (typeof report === "string") throw new Error(report);
  return {
    dir,
    platform,
    npmLauncher: `${dir}/out/${report.npm[0]}`,
    npmPlatform: `${dir}/out/${report.npm[1]}`,
    wheel: `${dir}/out/${report.wheels[0]}`,
  };
}

/** A finished process: exit code (or signal), and its output. */
export interface Finished {
  readonly code: number;
  readonly signal: Deno.Signal | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end with `stdin` as input. */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; stdin?: string } = {},
): Promise<Finished> {
  const child = new Deno.Command(command, {
    args: [...args],
    cwd: options.cwd,
    env: options.env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(options.stdin ?? ""));
  await writer.close();
  const output = await child.output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    signal: output.signal,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/** Whether a process id names a running process (a signal 0 probe, by `kill -0`). */
export async function isRunning(pid: number): Promise<boolean> {
  const probe = await new Deno.Command("kill", { args: ["-0", String(pid)], stderr: "null" })
    .output();
  return probe.success;
}
