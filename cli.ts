/**
 * The `interjson` command line: one entry point that routes to the MCP
 * server and the engine commands.
 *
 * ```text
 * interjson --version                       interjson <version>
 * interjson --help
 * interjson mcp [--profile P] [--print-config[=CLIENT]] [--help]
 * interjson proxy [--profile P] [--pin F] [--audit F] [--policy F] -- CMD [ARGS…]
 * interjson gate|repair|validate|readiness [--schema DECL | --schema-json FILE [--assert-format]] [--profile P]
 *                                           [OPTIONS] [--output=WHAT] [--json] [FILE | -]
 * ```
 *
 * Under the name `interjson-mcp` (a copy or symlink of the compiled binary)
 * it starts the MCP server with no arguments; `interjson-mcp --version` still
 * prints the version. A first argument that names a command runs that command
 * whatever the name, so the invoked name (and with it `node:process`, whose
 * loading would double the cold start of `interjson mcp`) is read only when
 * the first argument is not a command. Each command first gives up every
 * permission it does not use (`cli/permissions.ts`). Exit codes: 0 success, 1 refused or invalid, 2 usage
 * error (one line on stderr naming the problem and, when one is close, the choice meant).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { main } from "./cli.ts";
 * import { memoryIO } from "./cli/io.ts";
 * const io = memoryIO("");
 * strictEqual(await main(["--version"], { io }), 0);
 * strictEqual(io.captured.stdout.startsWith("interjson "), true);
 * ```
 *
 * @module
 */

import { VERSION } from "./mod.ts";
import { type CliIO, denoIO } from "./cli/io.ts";
import { ENGINE_COMMAND_NAMES, ENGINE_COMMANDS, engineCommand } from "./cli/engine_commands.ts";
import { mcpCommand } from "./cli/mcp_command.ts";
import { suggestionFor } from "./cli/arguments.ts";
import { hookCommand } from "./cli/hook_command.ts";
import { serveCommand } from "./cli/serve_command.ts";
import { keptAtStart } from "./cli/permissions.ts";

/** The name under which the binary starts the MCP server with no arguments. */
export const MCP_ALIAS = "interjson-mcp";

const COMMANDS = ["mcp", "proxy", "hook", "serve", ...ENGINE_COMMAND_NAMES] as const;
const TOP_LEVEL_FLAGS = ["--version", "--help"] as const;

/**
 * `interjson --help`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { HELP } from "./cli.ts";
 * strictEqual(HELP.includes("interjson gate|repair|validate|readiness"), true);
 * ```
 */
export const HELP: string = [
  `interjson ${VERSION}: the execution gate for LLM output`,
  "",
  "Usage:",
  "  interjson mcp [--profile P] [--print-config[=CLIENT]] [--help]",
  "  interjson proxy [--profile P] [--pin F] [--audit F] [--policy F] -- CMD [ARGS…]",
  "  interjson hook [--policy FILE] [--print-config[=AGENT]] [--help]",
  "  interjson serve [--http [HOST:]PORT [--token-file FILE]] [--help]",
  "  interjson gate|repair|validate|readiness [--schema DECL | --schema-json FILE [--assert-format]]",
  "                                           [--profile P] [OPTIONS] [FILE | -]",
  "  interjson --version",
  "  interjson --help",
  "",
  "Commands:",
  "  mcp        the MCP server on stdio (interjson mcp --help)",
  "  proxy      a mandatory gate in front of an MCP server (interjson proxy --help)",
  "  hook       the agent hook that gates every tool call (interjson hook --help)",
  "  serve      the gate as a versioned JSONL protocol on stdio (interjson serve --help)",
  ...ENGINE_COMMANDS.map((command) => `  ${command.name.padEnd(11)}${command.summary}`),
  "",
  "The engine commands read FILE (stdin when - or absent) and print the result as",
  "JSON on stdout, or a report on a terminal (--json for JSON; interjson gate --help",
  "lists the options). Exit codes: 0 executable/valid, 1 refused/invalid, 2 usage error.",
  `Under the name ${MCP_ALIAS} the binary starts the MCP server with no arguments.`,
].join("\n");

/**
 * The program name in `argv[0]`: its basename without `.exe` (`deno` under
 * `deno run`; the binary's name, symlink included, when compiled).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { invokedName } from "./cli.ts";
 * strictEqual(invokedName("C:\\tools\\interjson-mcp.exe"), "interjson-mcp");
 * ```
 */
export function invokedName(argv0: string): string {
  const base = argv0.split(/[\\/]/).at(-1) ?? argv0;
  return base.replace(/\.exe$/i, "");
}

/** How {@linkcode main} runs: the program name and the process's streams. */
export interface MainOptions {
  /** The invoked name (default: from `argv[0]`). */
  readonly invokedAs?: string;
  /** The streams (default: the real process). */
  readonly io?: CliIO;
}

/**
 * Runs the command line; resolves to the exit code.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { main } from "./cli.ts";
 * import { memoryIO } from "./cli/io.ts";
 * const io = memoryIO("");
 * strictEqual(await main(["mcp", "--print-config=claude"], { io }), 0);
 * strictEqual(io.captured.stdout, "claude mcp add interjson -- interjson mcp\n");
 * ```
 */
export async function main(args: readonly string[], options: MainOptions = {}): Promise<number> {
  const io = options.io ?? denoIO;
  const [first, ...rest] = args;
  if (first !== undefined && (COMMANDS as readonly string[]).includes(first)) {
    io.keepPermissions(keptAtStart(first));
  }
  if (first === "mcp") return mcpCommand(rest, io);
  if (first === "proxy") return (await import("./cli/proxy_command.ts")).proxyCommand(rest, io);
  if (first === "hook") return hookCommand(rest, io);
  if (first === "serve") return serveCommand(rest, io);
  if (first !== undefined && ENGINE_COMMAND_NAMES.includes(first)) {
    return engineCommand(first, rest, io);
  }
  const invokedAs = options.invokedAs ?? invokedName((await import("node:process")).default.argv0);
  if (invokedAs === MCP_ALIAS) {
    io.keepPermissions(keptAtStart("mcp"));
    return mcpCommand(args, io);
  }
  io.keepPermissions([]);
  if (first === undefined) {
    await io.stderr(`interjson: a command is needed; did you mean \`interjson --help\`?\n`);
    return 2;
  }
  if (first === "--version" || first === "-V") {
    if (rest.length > 0) return usage(io, `--version takes no arguments; got \`${rest[0]}\``);
    return version(io);
  }
  if (first === "--help" || first === "-h" || first === "help") {
    await io.stdout(HELP + "\n");
    return 0;
  }
  if (first.startsWith("-")) {
    const hint = suggestionFor(first, TOP_LEVEL_FLAGS, (flag) => flag, " (see interjson --help)");
    return usage(io, `unknown option ${first}${hint}`);
  }
  const hint = suggestionFor(first, COMMANDS, (command) => `\`${command}\``);
  return usage(io, `unknown command \`${first}\`${hint} (commands: ${COMMANDS.join(", ")})`);
}

async function version(io: CliIO): Promise<number> {
  await io.stdout(`interjson ${VERSION}\n`);
  return 0;
}

async function usage(io: CliIO, problem: string): Promise<number> {
  await io.stderr(`interjson: ${problem}\n`);
  return 2;
}

/**
 * Runs the command line on the process's arguments and exits with its code
 * (what `deno run cli.ts …` and `deno run jsr:@interjson/cli …` do).
 *
 * @example
 * ```ts ignore
 * import { runAsProgram } from "./cli.ts";
 * await runAsProgram();
 * ```
 */
export async function runAsProgram(): Promise<never> {
  Deno.exit(await main(Deno.args));
}

if (import.meta.main) await runAsProgram();
