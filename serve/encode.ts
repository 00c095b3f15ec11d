/**
 * JSON text of the engine's results, as `JSON.stringify` writes it (a
 * property test holds the two equal) but faster: V8 serializes a result
 * about twice as fast when the `value` the scanner built is not inside it,
 * so the result is written with a placeholder in `value`'s place and the
 * value's own JSON is put where the placeholder stands. The placeholder is
 * a string of control characters that `JSON.stringify` escapes; if its text
 * shows up anywhere else (a model may write anything), the whole result
 * goes to `JSON.stringify` instead.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gate } from "../mod.ts";
 * import { encodeResult } from "./encode.ts";
 * const result = gate("{'a': [1, 2,],}");
 * strictEqual(encodeResult(result), JSON.stringify(result));
 * ```
 *
 * @module
 */

const PLACEHOLDER = "\u0000\u0001interjson-value\u0001\u0000";
const MARK = `"value":${JSON.stringify(PLACEHOLDER)}`;
const KEY_LENGTH = '"value":'.length;

/**
 * The JSON text of one engine result: the same text as `JSON.stringify(result)`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { encodeResult } from "./encode.ts";
 * const tricky = { text: '"value":"\u0000\u0001interjson-value\u0001\u0000"', value: { a: -0 } };
 * strictEqual(encodeResult(tricky), JSON.stringify(tricky));
 * strictEqual(encodeResult({ valid: true }), '{"valid":true}');
 * ```
 */
export function encodeResult(result: object): string {
  if (!Object.hasOwn(result, "value")) return JSON.stringify(result);
  const value = (result as { value: unknown }).value;
  if (value === undefined || typeof value === "function") return JSON.stringify(result);
  const text = JSON.stringify({ ...result, value: PLACEHOLDER });
  const at = text.indexOf(MARK);
  if (at < 0 || text.indexOf(MARK, at + 1) >= 0 || text.indexOf(MARK.slice(KEY_LENGTH)) < at) {
    return JSON.stringify(result);
  }
  return text.slice(0, at + KEY_LENGTH) + JSON.stringify(value) + text.slice(at + MARK.length);
}
