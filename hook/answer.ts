/**
 * The hook's answer to one event, in the agent's own format. It never
 * answers "allow" (that would skip the user's own permission rules): when
 * nothing is wrong it exits 0 and prints nothing; a refusal is a deny whose
 * reason is the gate's retry prompt, which the model sees.
 *
 * - `PreToolUse` (Claude Code, Codex): exit 0 with
 *   `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":PROMPT}}`
 *   (https://code.claude.com/docs/en/hooks#pretooluse-decision-control; Codex
 *   reads the same shape and rejects an explicit allow,
 *   https://developers.openai.com/codex/hooks).
 * - `BeforeTool` (Gemini CLI): exit 0 with `{"decision":"deny","reason":PROMPT}`
 *   (google-gemini/gemini-cli `docs/hooks/reference.md`: the reason "is sent
 *   to the agent as a tool error").
 *
 * The agents fail *open* on a crashed hook (Claude Code treats exit 1 as
 * non-blocking), so every failure of the hook itself is exit 2 with one line
 * on stderr, which all three agents treat as a block.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { answerEvent } from "./answer.ts";
 * import { NO_POLICY } from "./policy.ts";
 * const event = '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}';
 * deepStrictEqual(answerEvent(event, NO_POLICY), { code: 0, stdout: "", stderr: "" });
 * ```
 *
 * @module
 */

import type { Retry } from "../mod.ts";
import { checkToolInput } from "./check.ts";
import { type HookFormat, readEvent } from "./event.ts";
import { gateFor, type Policy } from "./policy.ts";

/** What the process does: its exit code and what it writes. */
export interface HookAnswer {
  /** 0 (nothing wrong, or a deny on stdout) or 2 (the hook failed: blocked). */
  readonly code: 0 | 2;
  /** The deny, as one JSON line, or "". */
  readonly stdout: string;
  /** One line when the hook failed, or "". */
  readonly stderr: string;
}

/**
 * The failure answer: exit 2 with one line on stderr (newlines in the
 * reason are flattened so it stays one line).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { failClosed } from "./answer.ts";
 * deepStrictEqual(failClosed("a\nb"), { code: 2, stdout: "", stderr: "interjson hook: a b\n" });
 * ```
 */
export function failClosed(reason: string): HookAnswer {
  return { code: 2, stdout: "", stderr: `interjson hook: ${reason.replace(/\s*\n\s*/g, " ")}\n` };
}

/**
 * The deny in an agent's format, as the JSON line to print.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { denial } from "./answer.ts";
 * strictEqual(denial("before_tool", { code: "E011", prompt: "P" }), '{"decision":"deny","reason":"P"}\n');
 * ```
 */
export function denial(format: HookFormat, retry: Retry): string {
  const body = format === "before_tool" ? { decision: "deny", reason: retry.prompt } : {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: retry.prompt,
    },
  };
  return JSON.stringify(body) + "\n";
}

/**
 * Answers one event (its text, as read from stdin) under a policy.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { answerEvent } from "./answer.ts";
 * import { NO_POLICY } from "./policy.ts";
 * const answer = answerEvent("not json", NO_POLICY);
 * strictEqual(answer.code, 2);
 * strictEqual(answer.stderr.startsWith("interjson hook: stdin is not one JSON hook event"), true);
 * ```
 */
export function answerEvent(text: string, policy: Policy): HookAnswer {
  const event = readEvent(text);
  if ("problem" in event) return failClosed(event.problem);
  const refusal = checkToolInput(event.toolInputText, gateFor(policy, event.toolName));
  if (refusal === null) return { code: 0, stdout: "", stderr: "" };
  return { code: 0, stdout: denial(event.format, refusal), stderr: "" };
}
