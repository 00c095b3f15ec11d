/**
 * The settings snippets `interjson hook --print-config=AGENT` prints: where
 * each agent registers a command hook for its before-tool event, with a
 * matcher that takes every tool (the hook checks hazards in every tool's
 * input; the policy decides which tools also get a declaration).
 *
 * - `claude-code`: `.claude/settings.json` (or `~/.claude/settings.json`),
 *   `hooks.PreToolUse`, matcher `*` (https://code.claude.com/docs/en/hooks).
 * - `codex`: `~/.codex/hooks.json` (or `<repo>/.codex/hooks.json`),
 *   `hooks.PreToolUse`, a regular expression over the tool names Codex gives
 *   hooks: `Bash`, `apply_patch` and MCP tools
 *   (https://developers.openai.com/codex/hooks).
 * - `gemini`: `~/.gemini/settings.json` (or `.gemini/settings.json`),
 *   `hooks.BeforeTool`, matcher `.*` (google-gemini/gemini-cli
 *   `docs/hooks/reference.md`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { hookConfig } from "./configs.ts";
 * const snippet = JSON.parse(hookConfig("gemini", "interjson hook")!);
 * strictEqual(snippet.hooks.BeforeTool[0].hooks[0].command, "interjson hook");
 * ```
 *
 * @module
 */

/** One agent whose hook settings can be printed. */
export interface HookAgent {
  /** The `--print-config` value. */
  readonly name: string;
  /** Where the snippet goes. */
  readonly file: string;
  /** The event the hook is registered for. */
  readonly event: "PreToolUse" | "BeforeTool";
  /** The matcher that takes every tool the agent lets hooks see. */
  readonly matcher: string;
}

/**
 * The agents, in the order `--help` lists them.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { HOOK_AGENTS } from "./configs.ts";
 * strictEqual(HOOK_AGENTS.map((agent) => agent.name).join(" "), "claude-code codex gemini");
 * ```
 */
export const HOOK_AGENTS: readonly HookAgent[] = [
  { name: "claude-code", file: ".claude/settings.json", event: "PreToolUse", matcher: "*" },
  {
    name: "codex",
    file: "~/.codex/hooks.json",
    event: "PreToolUse",
    matcher: "Bash|apply_patch|mcp__.*",
  },
  { name: "gemini", file: "~/.gemini/settings.json", event: "BeforeTool", matcher: ".*" },
];

/**
 * The snippet for one agent, running `command`; `undefined` for an unknown agent.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { hookConfig } from "./configs.ts";
 * const snippet = JSON.parse(hookConfig("claude-code", "interjson hook")!);
 * strictEqual(snippet.hooks.PreToolUse[0].matcher, "*");
 * strictEqual(hookConfig("cursor", "interjson hook"), undefined);
 * ```
 */
export function hookConfig(name: string, command: string): string | undefined {
  const agent = HOOK_AGENTS.find((candidate) => candidate.name === name);
  if (agent === undefined) return undefined;
  const handler = agent.event === "BeforeTool"
    ? { name: "interjson", type: "command", command, timeout: 10000 }
    : { type: "command", command, timeout: 10 };
  const config = { hooks: { [agent.event]: [{ matcher: agent.matcher, hooks: [handler] }] } };
  return JSON.stringify(config, null, 2);
}
