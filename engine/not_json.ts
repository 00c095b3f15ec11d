/**
 * Why a text is not JSON, in a plain sentence and a position, for the
 * protocol errors of the surfaces (a line typed into `interjson mcp` or
 * `serve`, a hook event): the engine reads the text strictly and its first
 * refusal is told in the words of `engine/reasons.ts`, instead of V8's
 * `Unexpected token … is not valid JSON`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { whyNotJson } from "./not_json.ts";
 * strictEqual(whyNotJson("hello", "Unexpected token"), "no JSON value was found in the text");
 * ```
 *
 * @module
 */

import { errorDetail } from "./errors.ts";
import { reasonFor } from "./reasons.ts";
import { validate } from "./validate.ts";

/**
 * Why `text` is not JSON: the sentence for the first thing a strict reading
 * refuses, with its line and column; `fallback` (the parser's own message)
 * when the strict reading has nothing to say.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { whyNotJson } from "./not_json.ts";
 * strictEqual(
 *   whyNotJson("{'a':1}", "Unexpected token"),
 *   "a string is in single quotes, and JSON strings take double quotes (line 1, column 2)",
 * );
 * strictEqual(whyNotJson("[1]", "too deep"), "too deep");
 * ```
 */
export function whyNotJson(text: string, fallback: string): string {
  const result = validate(text);
  if (result.valid || !result.error) return fallback;
  const error = result.error;
  const words = reasonFor(error.rule ?? error.code)?.reason ?? errorDetail(error);
  const at = error.offset === undefined ? "" : ` (line ${error.line}, column ${error.column})`;
  return `${words}${at}`;
}
