/**
 * The `interjson` npm launcher. It reimplements nothing: it finds the native
 * binary and runs it with inherited stdio, so there is one engine and one
 * MCP server, the binary's.
 *
 * The binary comes from the platform package npm installed among the
 * optional dependencies (`@interjson/cli-linux-x64`, `-linux-arm64`,
 * `-darwin-arm64`, `-win32-x64`), or from `INTERJSON_BIN` when that is set.
 * SIGINT, SIGTERM (and SIGHUP, SIGQUIT, SIGBREAK where they exist) are passed
 * on to the binary; the launcher exits with the binary's code, or dies of the
 * signal that ended it. Without a binary it exits 127 with the reason and the
 * way to install one on stderr.
 *
 * @module
 */
"use strict";

const { spawn } = require("node:child_process");
const path = require("node:path");
const { constants } = require("node:os");

/** `process.platform-process.arch` → the npm package that carries its binary. */
const PLATFORMS = {
  "linux-x64": "@interjson/cli-linux-x64",
  "linux-arm64": "@interjson/cli-linux-arm64",
  "darwin-arm64": "@interjson/cli-darwin-arm64",
  "win32-x64": "@interjson/cli-win32-x64",
};

const INSTALLER =
  "curl -fsSL https://github.com/interjson/interjson/releases/latest/download/interjson-install.sh | sh";

/** The exit code of a command that could not be found (as a shell's). */
const NOT_FOUND = 127;
/** The exit code of a command that was found but could not be run. */
const NOT_RUNNABLE = 126;

/**
 * Where the binary is: `{ path }`, or `{ problem }`, the message for stderr.
 *
 * @param {Record<string, string | undefined>} env the environment (`INTERJSON_BIN`)
 * @param {string} platform `process.platform`
 * @param {string} arch `process.arch`
 * @param {(id: string) => string} resolve `require.resolve`
 * @returns {{ path: string } | { problem: string }}
 */
function findBinary(env, platform, arch, resolve) {
  if (env.INTERJSON_BIN) return { path: env.INTERJSON_BIN };
  const key = `${platform}-${arch}`;
  const pkg = Object.prototype.hasOwnProperty.call(PLATFORMS, key) ? PLATFORMS[key] : undefined;
  if (pkg === undefined) {
    return {
      problem: `interjson: there is no prebuilt binary for ${key} ` +
        `(there are for ${Object.keys(PLATFORMS).join(", ")}).\n` +
        "Run InterJSON with Deno instead (deno run jsr:@interjson/cli mcp), " +
        "or set INTERJSON_BIN to an interjson binary you built.",
    };
  }
  let dir;
  try {
    dir = path.dirname(resolve(`${pkg}/package.json`));
  } catch {
    return {
      problem:
        `interjson: the binary for ${key} is missing: the package ${pkg} is not installed.\n` +
        "npm leaves it out when optional dependencies are omitted (--omit=optional, " +
        "--no-optional) or when the lockfile was made on another platform; reinstall with " +
        "optional dependencies, or install the binary with the installer\n" +
        `  ${INSTALLER}\n` +
        "and set INTERJSON_BIN to its path.",
    };
  }
  return { path: path.join(dir, "bin", platform === "win32" ? "interjson.exe" : "interjson") };
}

const FORWARDED = process.platform === "win32"
  ? ["SIGINT", "SIGTERM", "SIGBREAK"]
  : ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"];

/**
 * Runs the binary with `prefix` and this process's arguments, and ends this
 * process the way the binary ended.
 *
 * @param {readonly string[]} prefix arguments put before the user's (`["mcp"]`)
 */
function run(prefix) {
  const found = findBinary(process.env, process.platform, process.arch, require.resolve);
  if ("problem" in found) {
    process.stderr.write(found.problem + "\n");
    process.exitCode = NOT_FOUND;
    return;
  }
  const child = spawn(found.path, [...prefix, ...process.argv.slice(2)], {
    stdio: "inherit",
    windowsHide: true,
  });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  const stopForwarding = () => {
    for (const signal of FORWARDED) process.removeListener(signal, forward);
  };
  child.on("error", (error) => {
    stopForwarding();
    const code = error.code === "ENOENT" ? NOT_FOUND : NOT_RUNNABLE;
    process.stderr.write(`interjson: cannot run ${found.path}: ${error.message}\n`);
    process.exitCode = code;
  });
  child.on("exit", (code, signal) => {
    stopForwarding();
    if (signal !== null) {
      // Die of the same signal; where it cannot kill (ignored, or Windows), exit as a shell reports it.
      process.exitCode = 128 + (constants.signals[signal] ?? 0);
      try {
        process.kill(process.pid, signal);
      } catch {
        // the exit code above stands
      }
      return;
    }
    process.exitCode = code ?? 1;
  });
}

module.exports = { PLATFORMS, findBinary, run };
