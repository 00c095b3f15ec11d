/**
 * The `interjson hook` command: the agent hook that gates every tool call
 * before the agent runs it (Claude Code and Codex `PreToolUse`, Gemini CLI
 * `BeforeTool`). It reads one event on stdin, exits 0 with nothing printed
 * when the input is fine, exits 0 with a deny in the agent's format when it
 * is not, and exits 2 with one line on stderr whenever it cannot do its job
 * (a usage error, an unreadable or invalid policy, malformed stdin, an
 * internal exception): the agents fail open on a crashed hook, and exit 2 is
 * the one answer all of them treat as a block.
 *
 * The arguments are read by hand, not with `node:util`, whose loading would
 * cost more than the rest of the cold start.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { hookCommand } from "./hook_command.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO('{"hook_event_name":"BeforeTool","tool_name":"x","tool_input":{"n":1e400}}');
 * strictEqual(await hookCommand([], io), 0);
 * strictEqual(JSON.parse(io.captured.stdout).decision, "deny");
 * ```
 *
 * @module
 */

import type { CliIO } from "./io.ts";
import { answerEvent, failClosed, type HookAnswer } from "../hook/answer.ts";
import { HOOK_AGENTS, hookConfig } from "../hook/configs.ts";
import { NO_POLICY, parsePolicy, type Policy } from "../hook/policy.ts";
import { closest } from "../engine/suggestion.ts";
import { deprecationLine } from "./arguments.ts";
import { shellWord } from "./shell_word.ts";

const FLAGS = ["--policy", "--print-config", "--help"] as const;
/** The hook's agent names as the command line spells them: `claude`, as in `mcp` and `proxy`. */
const CLAUDE = "claude";
/** The old spelling of `claude` (still the name in `hook/configs.ts`). */
const CLAUDE_CODE = "claude-code";
const AGENT_NAMES = HOOK_AGENTS.map((agent) => agent.name === CLAUDE_CODE ? CLAUDE : agent.name);

/**
 * `interjson hook --help`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { HOOK_HELP } from "./hook_command.ts";
 * strictEqual(HOOK_HELP.includes("--print-config[=claude|codex|gemini]"), true);
 * ```
 */
export const HOOK_HELP: string = [
  "interjson hook: gate every tool call of an agent before it runs",
  "",
  "Usage:",
  "  interjson hook [--policy FILE]              answer one hook event read on stdin",
  "  interjson hook --print-config[=claude|codex|gemini] [--policy FILE]",
  "                                              print the agent's settings snippet",
  "                                              (default claude; claude-code still works)",
  "  interjson hook --help                       this text",
  "",
  "Events: Claude Code and Codex PreToolUse, Gemini CLI BeforeTool.",
  "Checks: bidi controls, tag characters, default-ignorables, lone surrogates,",
  "integers beyond 2^53, depth and size limits, and the policy's declaration.",
  "Nothing wrong: exit 0, no output (never allow). Refused: exit 0 with a deny",
  "whose reason is the retry prompt. Any failure of the hook itself: exit 2 with",
  "one line on stderr, which blocks the tool call. See docs/HOOKS.md.",
].join("\n");

/**
 * What `interjson hook` says on stderr when a person starts it on a
 * terminal, instead of waiting silently.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { HOOK_TERMINAL_HINT } from "./hook_command.ts";
 * ok(HOOK_TERMINAL_HINT.includes("--print-config"));
 * ```
 */
export const HOOK_TERMINAL_HINT = "interjson hook: reads one hook event (a JSON object) on " +
  "stdin, then answers; an agent runs it (interjson hook --print-config=claude); " +
  "Ctrl-D ends the input";

interface HookArguments {
  readonly policy?: string;
  readonly printConfig?: string;
  readonly help: boolean;
}

/** Reads `--policy FILE`, `--print-config=AGENT`, `--help` (either `=` or a separate value). */
function readArguments(args: readonly string[]): HookArguments | { problem: string } {
  let policy: string | undefined, printConfig: string | undefined, help = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if (flag !== "--policy" && flag !== "--print-config") {
      if (!arg.startsWith("-")) {
        return {
          problem: `unexpected argument \`${arg}\` (interjson hook reads the event on stdin)`,
        };
      }
      return { problem: `unknown option ${flag}; did you mean ${closest(flag, FLAGS)}?` };
    }
    const next = args[i + 1];
    if (flag === "--print-config" && eq < 0 && (next === undefined || next.startsWith("-"))) {
      printConfig = CLAUDE;
      continue;
    }
    let value: string | undefined = eq >= 0 ? arg.slice(eq + 1) : next;
    if (eq < 0) i++;
    if (value === undefined || value === "") {
      return { problem: `option ${flag} needs a value, as in ${flag}=VALUE` };
    }
    if (flag === "--policy") policy = value;
    else printConfig = value;
    value = undefined;
  }
  return { policy, printConfig, help };
}

/** The agent whose name starts with `name` (`cl` → `claude`), else the closest. */
function suggestAgent(name: string): string {
  return AGENT_NAMES.find((agent) => agent.startsWith(name)) ?? closest(name, AGENT_NAMES);
}

async function loadPolicy(path: string | undefined, io: CliIO): Promise<Policy | HookAnswer> {
  if (path === undefined) return NO_POLICY;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await io.readFile(path));
  } catch (error) {
    return failClosed(`cannot read the policy ${path}: ${(error as Error).message}`);
  }
  const policy = parsePolicy(text);
  return "problem" in policy ? failClosed(`policy ${path}: ${policy.problem}`) : policy;
}

async function emit(answer: HookAnswer, io: CliIO): Promise<number> {
  if (answer.stdout !== "") await io.stdout(answer.stdout);
  if (answer.stderr !== "") await io.stderr(answer.stderr);
  return answer.code;
}

async function run(args: readonly string[], io: CliIO): Promise<number> {
  const parsed = readArguments(args);
  if ("problem" in parsed) return emit(failClosed(parsed.problem), io);
  if (parsed.help) {
    await io.stdout(HOOK_HELP + "\n");
    return 0;
  }
  if (parsed.printConfig !== undefined) {
    io.keepPermissions([]);
    if (parsed.printConfig === CLAUDE_CODE) {
      await io.stderr(deprecationLine("hook", "--print-config=claude-code"));
    }
    const command = parsed.policy === undefined
      ? "interjson hook"
      : `interjson hook --policy ${shellWord(parsed.policy)}`;
    const agent = parsed.printConfig === CLAUDE ? CLAUDE_CODE : parsed.printConfig;
    const snippet = hookConfig(agent, command);
    if (snippet === undefined) {
      return emit(
        failClosed(
          `unknown agent \`${parsed.printConfig}\`; did you mean \`${
            suggestAgent(parsed.printConfig)
          }\`? (one of ${AGENT_NAMES.join(", ")})`,
        ),
        io,
      );
    }
    await io.stdout(snippet + "\n");
    return 0;
  }
  const policy = await loadPolicy(parsed.policy, io);
  io.keepPermissions([]);
  if ("code" in policy) return emit(policy, io);
  if (io.isTerminal("stdin")) await io.stderr(HOOK_TERMINAL_HINT + "\n");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await io.readStdin());
  } catch (error) {
    return emit(failClosed(`cannot read the event on stdin: ${(error as Error).message}`), io);
  }
  return emit(answerEvent(text, policy), io);
}

/**
 * Runs `interjson hook ARGS`; resolves to the exit code (0 or 2). Any
 * exception, writing the answer included, becomes exit 2 with one line.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { hookCommand } from "./hook_command.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("{}");
 * strictEqual(await hookCommand(["--policy", "missing.jsonc"], io), 2);
 * strictEqual(io.captured.stderr.startsWith("interjson hook: cannot read the policy missing.jsonc"), true);
 * ```
 */
export async function hookCommand(args: readonly string[], io: CliIO): Promise<number> {
  try {
    return await run(args, io);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    try {
      await io.stderr(failClosed(`internal error: ${reason}`).stderr);
    } catch {
      // stderr is gone too; the exit code alone still blocks.
    }
    return 2;
  }
}
