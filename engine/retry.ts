/**
 * The retry prompt: the one message a host sends back to the model when the
 * gate refuses. Its form is fixed:
 *
 * ```text
 * InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24).
 * Reason: the text ends inside a string, so the arguments look cut off
 * Context: {"query":"weather in Par
 *                                  ^
 * Re-emit the complete arguments: the whole JSON value, with nothing cut off.
 * ```
 *
 * The first line names the error code, the rule (or the error's name when no
 * rule is involved) and the position; the `Reason:` line is a plain sentence
 * for the rule or the error, and the last line what to emit instead, both
 * from one table (`engine/reasons.ts`); the context line shows the input line
 * with a caret under the column (long lines are cut around it). Everything is
 * read from the error's fields (`offset`, `line`, `column`, `rule`), never
 * parsed back out of its message. The prompt is only ever addressed to the
 * model: a mistake of the host is thrown as a `CallerError` instead.
 *
 * @example
 * ```ts
 * import { retryPrompt } from "./retry.ts";
 * import { strictEqual } from "node:assert/strict";
 * const error = { code: "E001", message: "E001 EmptyInput: the input is empty" };
 * strictEqual(
 *   retryPrompt(error, ""),
 *   "InterJSON refused the arguments: E001 EmptyInput.\n" +
 *     "Reason: the text is empty, so there are no arguments to run\n" +
 *     "Emit the arguments as one JSON value.",
 * );
 * ```
 *
 * @module
 */

import { isBidiControl } from "./hazards.ts";
import { type EngineError, errorDetail, ERRORS } from "./errors.ts";
import { ruleByCode } from "./rules.ts";
import { DEFAULT_INSTRUCTION, promptWords, SCHEMA_INSTRUCTION } from "./reasons.ts";

/**
 * What a refused caller gets: the error code and the prompt for the model.
 *
 * @example
 * ```ts
 * import type { Retry } from "./retry.ts";
 * import { strictEqual } from "node:assert/strict";
 * const retry: Retry = { code: "E010", prompt: "InterJSON refused the arguments: ..." };
 * strictEqual(retry.code, "E010");
 * ```
 */
export interface Retry {
  /** The error code of the refusal. */
  code: string;
  /** The message to send back to the model, unchanged. */
  prompt: string;
}

/** The prompt's last line when no more specific one fits its code (`engine/reasons.ts`). */
export const CLOSING_SENTENCE: string = DEFAULT_INSTRUCTION;

/**
 * The closing sentence of an `E030` prompt: the JSON was valid, its value was not.
 *
 * @example
 * ```ts
 * import { SCHEMA_CLOSING_SENTENCE } from "./retry.ts";
 * import { gate } from "./gate.ts";
 * import { strictEqual } from "node:assert/strict";
 * const prompt = gate('{"a":"x"}', { schema: "{!a:integer}" }).retry!.prompt;
 * strictEqual(prompt.split("\n").at(-1), SCHEMA_CLOSING_SENTENCE);
 * ```
 */
export const SCHEMA_CLOSING_SENTENCE: string = SCHEMA_INSTRUCTION;

const CONTEXT_PREFIX = "Context: ";
/** Characters of context kept before and after the column on a long line. */
const CONTEXT_BEFORE = 60;
const CONTEXT_AFTER = 40;

const ERROR_NAMES: ReadonlyMap<string, string> = new Map(ERRORS.map((e) => [e.code, e.name]));

/** The input line holding `offset`, cut around the column when long, with the caret's index. */
function contextLine(text: string, offset: number): [line: string, caret: number] {
  // lastIndexOf's fromIndex -1 reads as 0: at offset 0 the line starts at 0 even after an LF.
  let start = offset === 0 ? 0 : text.lastIndexOf("\n", offset - 1) + 1;
  let end = text.indexOf("\n", offset);
  if (end < 0) end = text.length;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  let caret = offset - start;
  let prefix = "", suffix = "";
  if (caret > CONTEXT_BEFORE) {
    start = offset - CONTEXT_BEFORE;
    caret = CONTEXT_BEFORE + 1;
    prefix = "…";
  }
  if (end - offset > CONTEXT_AFTER) {
    end = offset + CONTEXT_AFTER;
    suffix = "…";
  }
  let line = "";
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    // Controls (C0, DEL, C1) would move the caret and bidi controls would reorder the line as it
    // is shown: each is one space.
    line += c < 32 || (c >= 0x7f && c <= 0x9f) || isBidiControl(c) ? " " : text[k];
  }
  return [prefix + line + suffix, caret];
}

/**
 * Builds the retry prompt for a refusal of `text`.
 *
 * @example
 * ```ts
 * import { retryPrompt } from "./retry.ts";
 * import { positionedError } from "./errors.ts";
 * import { strictEqual } from "node:assert/strict";
 * const error = positionedError("E010", 1, 25, 24, "R010 CloseString: exactness lossy exceeds max_loss cosmetic");
 * strictEqual(
 *   retryPrompt(error, '{"query":"weather in Par'),
 *   "InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24).\n" +
 *     "Reason: the text ends inside a string, so the arguments look cut off\n" +
 *     'Context: {"query":"weather in Par\n' +
 *     "                                 ^\n" +
 *     "Re-emit the complete arguments: the whole JSON value, with nothing cut off.",
 * );
 * ```
 */
export function retryPrompt(error: EngineError, text: string): string {
  const name = ERROR_NAMES.get(error.code) ?? "";
  const { reason, instruction } = promptWords(error.code, error.rule, errorDetail(error));
  if (error.offset === undefined) {
    return `InterJSON refused the arguments: ${error.code} ${name}.\nReason: ${reason}\n${instruction}`;
  }
  const rule = error.rule === undefined ? undefined : ruleByCode(error.rule);
  const what = rule === undefined ? name : `${rule.code} ${rule.name}`;
  const [line, caret] = contextLine(text, Math.min(error.offset, text.length));
  return `InterJSON refused the arguments: ${error.code} ${what} at line ${error.line} column ${error.column} (offset ${error.offset}).\n` +
    `Reason: ${reason}\n` +
    `${CONTEXT_PREFIX}${line}\n` +
    `${" ".repeat(CONTEXT_PREFIX.length + caret)}^\n` +
    instruction;
}
