/**
 * `JSON.parse` without V8's escaped-key bug. V8 15.0 (Deno 2.9) misreads an
 * escaped object key (`"\r"`, `"\n"`, `"\/"`, `"\u0062"`, …) once objects
 * with similar keys exist: after `{"a":1,"":2,"\\":3}` it reads the key of
 * `{"a":1,"":2,"\r":3}` as a backslash, silently (`tests/json_parse_test.ts`
 * measures how often over generated texts). Every
 * surface that reads a JSON message, a schema or a hook event goes through
 * {@linkcode parseJson}: a text with no escaped key is `JSON.parse`d (native
 * and fast); one with an escaped key is read by the engine's own scanner,
 * which builds the value `JSON.parse` is specified to build.
 *
 * @example
 * ```ts
 * import { parseJson } from "./json_parse.ts";
 * import { deepStrictEqual, throws } from "node:assert/strict";
 * deepStrictEqual(parseJson(String.raw`{"\r":1,"a":[true]}`), { "\r": 1, a: [true] });
 * throws(() => parseJson("{'a':1}"), SyntaxError);
 * ```
 *
 * @module
 */

import { escapedKeyIn } from "./fast_path.ts";
import { DEFAULT_MAX_INPUT, DEFAULT_MAX_TOKEN, MAX_DEPTH_CEILING, PROFILES } from "./profiles.ts";
import type { Profile } from "./profiles.ts";
import { scan } from "./scanner/mod.ts";

/** Strict reading with every limit at its ceiling: the scanner as a plain JSON reader. */
const EXACT: Profile = {
  ...PROFILES.strict,
  maxDepth: MAX_DEPTH_CEILING,
  maxInput: DEFAULT_MAX_INPUT,
  maxToken: DEFAULT_MAX_TOKEN,
};

/**
 * Parses JSON text as `JSON.parse` is specified to (no reviver), and throws
 * the same `SyntaxError` for text that is not JSON. A text with an escaped
 * key is read by the scanner instead of V8's `JSON.parse`; if it nests more
 * than 4,096 deep or is longer than 64 Mi code units, it is refused with a
 * `SyntaxError` rather than read by a reader that may misread it.
 *
 * @example
 * ```ts
 * import { parseJson } from "./json_parse.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * JSON.parse(String.raw`{"a":1,"":2,"\\":3}`); // the last key is a backslash
 * // From here on V8 reads the escaped key "\r" below as a backslash too.
 * deepStrictEqual(Object.keys(JSON.parse(String.raw`{"a":1,"":2,"\r":3}`)), ["a", "", "\\"]);
 * deepStrictEqual(Object.keys(parseJson(String.raw`{"a":1,"":2,"\r":3}`) as object), ["a", "", "\r"]);
 * strictEqual(parseJson("[1, 2.5]") instanceof Array, true);
 * ```
 */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!escapedKeyIn(text)) return value;
  const read = scan(text, EXACT);
  if (!read.hasValue || !read.validJson) {
    throw new SyntaxError(
      `JSON with escaped keys nested deeper than ${MAX_DEPTH_CEILING} or longer than ` +
        `${DEFAULT_MAX_INPUT} code units cannot be read exactly`,
    );
  }
  return read.value;
}
