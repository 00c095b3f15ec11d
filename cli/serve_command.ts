/**
 * The `interjson serve` command: the versioned JSONL protocol on stdio
 * (docs/PROTOCOL.md), for hosts in any language that start one process and
 * gate every tool call through it. The server revokes every permission
 * before it reads its first line.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveCommand } from "./serve_command.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("");
 * strictEqual(await serveCommand(["--verbose"], io), 2);
 * strictEqual(io.captured.stderr, "interjson serve: unknown option --verbose; did you mean --help?\n");
 * ```
 *
 * @module
 */

import type { CliIO } from "./io.ts";
import { runServeStdio } from "../serve/stdio.ts";
import { OPERATIONS, PROTOCOL_VERSIONS } from "../serve/session.ts";
import { closest } from "../wire/suggestion.ts";

const FLAGS = ["--help"] as const;

/**
 * `interjson serve --help`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { SERVE_HELP } from "./serve_command.ts";
 * strictEqual(SERVE_HELP.includes("docs/PROTOCOL.md"), true);
 * ```
 */
export const SERVE_HELP: string = [
  "interjson serve: the gate as a versioned JSONL protocol on stdio",
  "",
  "Usage:",
  "  interjson serve          serve requests on stdin/stdout until end of input",
  "  interjson serve --help   this text",
  "",
  `One request per line: {"v":1,"id":ID,"op":OP,...}; one answer per line, in order:`,
  `{"v":1,"id":ID,"ok":true,"result":...} or {"v":1,"id":ID,"ok":false,"error":{"code","message"}}.`,
  `Protocol versions: ${PROTOCOL_VERSIONS.join(", ")}. Operations: ${OPERATIONS.join(", ")}.`,
  "Lines are capped at 8 MiB of UTF-8. The server needs no permission. See docs/PROTOCOL.md.",
].join("\n");

/**
 * Runs `interjson serve ARGS`; resolves to the exit code (0 at end of input,
 * 1 when stdout closed early, 2 on a usage error).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveCommand } from "./serve_command.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("");
 * strictEqual(await serveCommand(["--help"], io), 0);
 * ```
 */
export async function serveCommand(args: readonly string[], io: CliIO): Promise<number> {
  const usage = async (problem: string) => {
    await io.stderr(`interjson serve: ${problem}\n`);
    return 2;
  };
  for (const arg of args) {
    if (arg === "--help" || arg === "-h") {
      await io.stdout(SERVE_HELP + "\n");
      return 0;
    }
    if (arg.startsWith("-")) {
      const flag = arg.split("=")[0];
      return usage(`unknown option ${flag}; did you mean ${closest(flag, FLAGS)}?`);
    }
    return usage(`unexpected argument \`${arg}\` (interjson serve reads requests on stdin)`);
  }
  return runServeStdio();
}
