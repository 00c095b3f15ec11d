/**
 * What the `interjson` binary may do, and what each command keeps of it.
 *
 * A compiled binary's permissions are fixed when it is built and cannot be
 * changed by its user, so the release build grants the union of what the
 * commands need ({@linkcode BINARY_PERMISSION_FLAGS}), and every command gives
 * up at its start what it does not use ({@linkcode COMMAND_PERMISSIONS}), then
 * the rest once it has opened its files, its socket or its child process.
 * Revoked permissions never come back: with `--no-prompt` a request for one is
 * denied.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { keptAtStart } from "./permissions.ts";
 * strictEqual(keptAtStart("gate").join(","), "read");
 * strictEqual(keptAtStart("--version").join(","), "");
 * ```
 *
 * @module
 */

import type { PermissionName } from "../wire/stdio.ts";

/**
 * The permission flags `deno compile` bakes into the release binary (and
 * that `deno run` needs to run every command from a checkout): reading files,
 * writing the audit and pin files, running the proxy's one server, listening
 * on the HTTP servers' address, and never a prompt.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { BINARY_PERMISSION_FLAGS } from "./permissions.ts";
 * strictEqual(BINARY_PERMISSION_FLAGS.at(-1), "--no-prompt");
 * ```
 */
export const BINARY_PERMISSION_FLAGS: readonly string[] = [
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-net",
  "--no-prompt",
];

/** One command's permissions: what it keeps at its start, and what it holds while it works. */
export interface CommandPermissions {
  /** The command (the first argument). */
  readonly command: string;
  /** What it keeps when it starts; every other permission is revoked at once. */
  readonly atStart: readonly PermissionName[];
  /** What it holds once it works, in words (docs/INSTALL.md and SECURITY.md repeat it). */
  readonly whileWorking: string;
}

/**
 * Every command's permissions. Anything not listed here (`--version`,
 * `--help`, a mistyped command) keeps nothing.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { COMMAND_PERMISSIONS } from "./permissions.ts";
 * const proxy = COMMAND_PERMISSIONS.find((row) => row.command === "proxy");
 * strictEqual(proxy?.atStart.join(","), "read,write,run");
 * ```
 */
export const COMMAND_PERMISSIONS: readonly CommandPermissions[] = [
  {
    command: "gate",
    atStart: ["read"],
    whileWorking: "nothing: read access goes once FILE and --schema-json FILE are read",
  },
  {
    command: "repair",
    atStart: ["read"],
    whileWorking: "nothing: read access goes once FILE and --schema-json FILE are read",
  },
  {
    command: "validate",
    atStart: ["read"],
    whileWorking: "nothing: read access goes once FILE and --schema-json FILE are read",
  },
  {
    command: "readiness",
    atStart: ["read"],
    whileWorking: "nothing: read access goes once FILE and --schema-json FILE are read",
  },
  {
    command: "mcp",
    atStart: ["read", "net"],
    whileWorking: "nothing: over stdio it drops all before the first line; with --http it " +
      "drops all once bound (the open socket stays), read access only served --token-file",
  },
  {
    command: "serve",
    atStart: ["read", "net"],
    whileWorking: "nothing: over stdio it drops all before the first line; with --http it " +
      "drops all once bound (the open socket stays), read access only served --token-file",
  },
  {
    command: "hook",
    atStart: ["read"],
    whileWorking: "nothing: read access goes once the --policy file is read",
  },
  {
    command: "proxy",
    atStart: ["read", "write", "run"],
    whileWorking: "nothing: the --policy file is read, the --pin and --audit files are open " +
      "(it writes them through those handles only), read and write access go, and run " +
      "access goes once its one server is started (--accept keeps read, write and run " +
      "until it has written the lock file and exits)",
  },
];

/**
 * What the command `first` keeps when it starts (nothing for an unknown one).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { keptAtStart } from "./permissions.ts";
 * strictEqual(keptAtStart("mcp").join(","), "read,net");
 * strictEqual(keptAtStart(undefined).length, 0);
 * ```
 */
export function keptAtStart(first: string | undefined): readonly PermissionName[] {
  return COMMAND_PERMISSIONS.find((row) => row.command === first)?.atStart ?? [];
}
