/**
 * Between tokens: the one helper every mode starts with, "skip white space, then suspend or close
 * at the end". At the end of a chunk the scan suspends (more input may come); at the end of the
 * input every open container is closed (`R011 CloseContainer`), or, with none open, there is no
 * value (`E003`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * strictEqual(scan('{"a": [1, ', PROFILES.permissive).completeness, "truncated");
 * ```
 *
 * @module
 */

import { engineError } from "../errors.ts";
import { skipWhiteSpace } from "./chars.ts";
import { AT_END } from "./codes.ts";
import { closeAllAtEnd } from "./containers.ts";
import type { ScanState } from "./state.ts";

/**
 * The index of the first character at or after i that is not white space; AT_END when the chunk
 * ends first, once the scan is suspended in `mode` or, at the end of the input, closed.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan(' [ 1 ,\n\t2 ] ', PROFILES.strict).value, [1, 2]);
 * deepStrictEqual(scan("[1,\u200b2]", PROFILES.permissive).value, [1, 2]); // a format character is white space
 * ```
 */
export function skipToToken(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
  mode: number,
): number {
  i = skipWhiteSpace(text, i, n);
  if (i < n) return i;
  return endOfText(s, i, n, final, mode);
}

/**
 * The chunk ended at i before a token: suspends in `mode` (more input may come), or, the input
 * having ended, closes every open container (no value at all is `E003`). Returns AT_END.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * strictEqual(scan("  ", PROFILES.permissive).fatal?.code, "E001"); // no value at all
 * deepStrictEqual(scan('{"a": [1, ', PROFILES.permissive).value, { a: [1] }); // closed
 * ```
 */
export function endOfText(
  s: ScanState,
  i: number,
  n: number,
  final: boolean,
  mode: number,
): number {
  if (!final) s.suspend(i, mode);
  else if (s.depth === 0) s.fail(engineError("E003", "no JSON value found in the input"));
  else closeAllAtEnd(s, s.base + n);
  return AT_END;
}
