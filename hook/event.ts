/**
 * One agent hook event: which agent sent it, the tool it is about, and the
 * raw JSON text of the tool's input, cut out of the event as the agent
 * serialized it (so an integer beyond 2^53 is checked as written, not as
 * `JSON.parse` rounded it).
 *
 * Events handled (the event name decides the answer's format):
 * - `PreToolUse` from Claude Code and Codex
 *   (https://code.claude.com/docs/en/hooks#pretooluse-input,
 *   https://developers.openai.com/codex/hooks#pretooluse);
 * - `BeforeTool` from Gemini CLI
 *   (google-gemini/gemini-cli `docs/hooks/reference.md`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { readEvent } from "./event.ts";
 * const event = readEvent('{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}');
 * deepStrictEqual(event, {
 *   format: "pre_tool_use",
 *   toolName: "Bash",
 *   toolInputText: '{"command":"ls"}',
 * });
 * ```
 *
 * @module
 */

import { parseJson } from "../mod.ts";
import { whyNotJson } from "../engine/not_json.ts";
import { isObject } from "../wire/jsonrpc.ts";

/** How the answer is written: Claude Code / Codex `hookSpecificOutput`, or Gemini CLI `decision`. */
export type HookFormat = "pre_tool_use" | "before_tool";

/** The event names the hook answers, and the format each one wants. */
export const EVENT_FORMATS: Readonly<Record<string, HookFormat>> = {
  PreToolUse: "pre_tool_use",
  BeforeTool: "before_tool",
};

/** What the hook needs from an event. */
export interface HookEvent {
  /** The answer's format, from `hook_event_name`. */
  readonly format: HookFormat;
  /** `tool_name`. */
  readonly toolName: string;
  /** The JSON text of `tool_input`, exactly as it stands in the event. */
  readonly toolInputText: string;
}

/** Why an event cannot be read: one line, for stderr. */
export interface EventProblem {
  /** What is wrong with the event. */
  readonly problem: string;
}

const QUOTE = 0x22, BACKSLASH = 0x5c, LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b;
const RBRACKET = 0x5d, COMMA = 0x2c, COLON = 0x3a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Index past the string whose opening quote is at `i`. */
function skipString(text: string, i: number): number {
  for (let k = i + 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === BACKSLASH) k++;
    else if (c === QUOTE) return k + 1;
  }
  return text.length;
}

/** Index past the value that starts at `i` (explicit depth counter, no recursion). */
function skipValue(text: string, i: number): number {
  let depth = 0;
  let k = i;
  while (k < text.length) {
    const c = text.charCodeAt(k);
    if (c === QUOTE) {
      k = skipString(text, k);
      if (depth === 0) return k;
      continue;
    }
    if (c === LBRACE || c === LBRACKET) depth++;
    else if (c === RBRACE || c === RBRACKET) {
      if (depth === 0) return k;
      depth--;
      if (depth === 0) return k + 1;
    } else if (depth === 0 && (c === COMMA || isSpace(c))) return k;
    k++;
  }
  return k;
}

/**
 * The text of the last member named `key` of the root object in `text`,
 * which must be valid JSON (checked by the caller); `undefined` when absent.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { memberText } from "./event.ts";
 * strictEqual(memberText('{"a":1, "b" : [1, {"c":"}"}] }', "b"), '[1, {"c":"}"}]');
 * strictEqual(memberText('{"\\u0062":true}', "b"), "true");
 * strictEqual(memberText('{"a":1}', "b"), undefined);
 * ```
 */
export function memberText(text: string, key: string): string | undefined {
  let found: string | undefined;
  let i = 0;
  const n = text.length;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== LBRACE) return undefined;
  i++;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === COMMA) {
      i++;
      continue;
    }
    if (c !== QUOTE) break;
    const keyEnd = skipString(text, i);
    const name = JSON.parse(text.slice(i, keyEnd));
    i = keyEnd;
    while (i < n && (isSpace(text.charCodeAt(i)) || text.charCodeAt(i) === COLON)) i++;
    const valueEnd = skipValue(text, i);
    if (name === key) found = text.slice(i, valueEnd);
    i = valueEnd;
  }
  return found;
}

/**
 * Reads one hook event, or says in one line why it cannot.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { readEvent } from "./event.ts";
 * deepStrictEqual(readEvent('{"hook_event_name":"PostToolUse"}'), {
 *   problem: "event `PostToolUse` is not one the hook answers (PreToolUse, BeforeTool); " +
 *     "register interjson hook for PreToolUse (Claude Code, Codex) or BeforeTool (Gemini CLI)",
 * });
 * ```
 */
export function readEvent(text: string): HookEvent | EventProblem {
  let event: unknown;
  try {
    event = parseJson(text);
  } catch (error) {
    const reason = whyNotJson(text, error instanceof Error ? error.message : String(error));
    return { problem: `stdin is not one JSON hook event: ${reason}` };
  }
  if (!isObject(event)) return { problem: "stdin is not a JSON object (a hook event)" };
  const name = event.hook_event_name;
  if (typeof name !== "string") return { problem: "the event has no string `hook_event_name`" };
  const format = Object.hasOwn(EVENT_FORMATS, name) ? EVENT_FORMATS[name] : undefined;
  if (format === undefined) {
    return {
      problem: `event \`${name}\` is not one the hook answers (${
        Object.keys(EVENT_FORMATS).join(", ")
      }); register interjson hook for PreToolUse (Claude Code, Codex) or BeforeTool (Gemini CLI)`,
    };
  }
  if (typeof event.tool_name !== "string") {
    return { problem: `the ${name} event has no string \`tool_name\`` };
  }
  if (!Object.hasOwn(event, "tool_input")) {
    return { problem: `the ${name} event has no \`tool_input\`` };
  }
  const toolInputText = memberText(text, "tool_input");
  if (toolInputText === undefined) {
    return { problem: `the ${name} event's tool_input is unreadable` };
  }
  return { format, toolName: event.tool_name, toolInputText };
}
