/**
 * The retry prompt: the one message a host sends back to the model when the
 * gate refuses. Its form is fixed:
 *
 * ```text
 * InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24).
 * Reason: exactness lossy exceeds max_loss cosmetic
 * Context: {"query":"weather in Par
 *                                  ^
 * Re-emit the arguments as valid JSON with exactly one reading.
 * ```
 *
 * The first line names the error code, the rule (or the error's name when no
 * rule is involved) and the position; the context line shows the input line
 * with a caret under the column (long lines are cut around it).
 *
 * @example
 * ```ts
 * import { retryPrompt } from "./retry.ts";
 * const error = { code: "E001", message: "E001 EmptyInput: the input is empty" };
 * console.log(retryPrompt(error, ""));
 * ```
 *
 * @module
 */

import type { EngineError } from "./errors.ts";

/**
 * What a refused caller gets: the error code and the prompt for the model.
 *
 * @example
 * ```ts
 * import type { Retry } from "./retry.ts";
 * const retry: Retry = { code: "E010", prompt: "InterJSON refused the arguments: ..." };
 * console.log(retry.code);
 * ```
 */
export interface Retry {
  /** The error code of the refusal. */
  code: string;
  /** The message to send back to the model, unchanged. */
  prompt: string;
}

/** The closing sentence of every prompt. */
export const CLOSING_SENTENCE = "Re-emit the arguments as valid JSON with exactly one reading.";

const CONTEXT_PREFIX = "Context: ";
/** Characters of context kept before and after the column on a long line. */
const CONTEXT_BEFORE = 60;
const CONTEXT_AFTER = 40;

/** The parts of a positioned message: `E010 StrictViolation at 1:25 (offset 24): detail`. */
interface Located {
  code: string;
  name: string;
  line: number;
  column: number;
  offset: number;
  detail: string;
}

/** Reads a positioned message back into its parts (the form `positionedError` writes). */
function locate(error: EngineError): Located | null {
  const match = /^(E\d{3}) (\w+) at (\d+):(\d+) \(offset (\d+)\): ([\s\S]*)$/.exec(error.message);
  if (match === null) return null;
  return {
    code: match[1],
    name: match[2],
    line: Number(match[3]),
    column: Number(match[4]),
    offset: Number(match[5]),
    detail: match[6],
  };
}

/** The input line holding `offset`, cut around the column when long, with the caret's index. */
function contextLine(text: string, offset: number): [line: string, caret: number] {
  let start = text.lastIndexOf("\n", offset - 1) + 1;
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
    // Control characters would move the caret: show them as spaces.
    line += c < 32 || c === 0x7f ? " " : text[k];
  }
  return [prefix + line + suffix, caret];
}

/**
 * The retry prompt for an error of the call itself (an option out of range,
 * a malformed declaration): it points at no position of the model's text,
 * since the text is not what is wrong.
 *
 * @example
 * ```ts
 * import { callerRetryPrompt } from "./retry.ts";
 * import { engineError } from "./errors.ts";
 * console.log(callerRetryPrompt(engineError("E050", "unknown profile \"loose\"")));
 * ```
 */
export function callerRetryPrompt(error: EngineError): string {
  const head = /^(E\d{3}) (\w+)(: )?/.exec(error.message);
  const name = head?.[2] ?? "";
  const detail = head === null ? error.message : error.message.slice(head[0].length).trim();
  // A position in a caller error is in the declaration, never in the model's text.
  const reason = head?.[3] === undefined ? `in the declaration ${detail}` : detail;
  return `InterJSON refused the arguments: ${error.code} ${name}.\n` +
    `Reason: ${reason}\n` +
    CLOSING_SENTENCE;
}

/**
 * Builds the retry prompt for a refusal of `text`.
 *
 * @example
 * ```ts
 * import { retryPrompt } from "./retry.ts";
 * import { positionedError } from "./errors.ts";
 * const error = positionedError("E010", 1, 25, 24, "R010 CloseString: exactness lossy exceeds max_loss cosmetic");
 * console.log(retryPrompt(error, '{"query":"weather in Par'));
 * ```
 */
export function retryPrompt(error: EngineError, text: string): string {
  const located = locate(error);
  if (located === null) {
    const detail = error.message.replace(/^E\d{3} \w+: /, "");
    const name = /^E\d{3} (\w+)/.exec(error.message)?.[1] ?? "";
    return `InterJSON refused the arguments: ${error.code} ${name}.\nReason: ${detail}\n${CLOSING_SENTENCE}`;
  }
  const rule = /^(R\d{3}) (\w+): ([\s\S]*)$/.exec(located.detail);
  const what = rule === null ? located.name : `${rule[1]} ${rule[2]}`;
  const reason = rule === null ? located.detail : rule[3];
  const [line, caret] = contextLine(text, Math.min(located.offset, text.length));
  return `InterJSON refused the arguments: ${located.code} ${what} at line ${located.line} column ${located.column} (offset ${located.offset}).\n` +
    `Reason: ${reason}\n` +
    `${CONTEXT_PREFIX}${line}\n` +
    `${" ".repeat(CONTEXT_PREFIX.length + caret)}^\n` +
    CLOSING_SENTENCE;
}
