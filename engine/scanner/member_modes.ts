/**
 * The modes inside a container: AFTER (a value was read: a comma or a closer is due), KEY (an
 * object's key is due) and COLON (a key was read: its colon is due). Each function reads one
 * token, or drops one character, and returns the next mode; the scanner's driver calls it again
 * while the mode stays.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const r = scan('{a: 1 "b": 2}', PROFILES.permissive);
 * deepStrictEqual(r.value, { a: 1, b: 2 });
 * deepStrictEqual(r.repairs.map((x) => x.name), ["UnquotedKey", "MissingComma"]);
 * ```
 *
 * @module
 */

import { isDigit, isOtherSpace, isQuote, isWordStart } from "../characters.ts";
import { endOfText, skipToToken } from "./between_tokens.ts";
import { isFormatCharacter, skipWhiteSpace } from "./chars.ts";
import {
  AFTER,
  ARRAY,
  COLON_MODE,
  FATAL,
  GLUED_TOKEN,
  INFERRED_COLON,
  INFERRED_COMMA,
  KEY,
  KEY_CUT,
  KEY_REST,
  NUMBER_TOKEN,
  OBJECT,
  STOP,
  STRING_TOKEN,
  SUSPEND,
  VALUE,
} from "./codes.ts";
import {
  closeTuple,
  closeWith,
  inferred,
  isEmptyObject,
  MATCHES,
  stray,
  SUBSTITUTE,
  wrongCloser,
} from "./containers.ts";
import { isPlaceholder, skipComment, skipPlaceholder } from "./ignored.ts";
import { plainKey, scanKeyWord } from "./keys.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";
import { quotedString } from "./strings.ts";

// Char codes, local: a constant declared in this module is folded into its code, an imported
// binding is loaded from its module on every use.
const TAB = 9, LF = 10, CR = 13, SPACE = 32, QUOTE = 34, HASH = 35, APOS = 39, COMMA = 44;
const MINUS = 45, DOT = 46, SLASH = 47, COLON = 58, LBRACKET = 91, RBRACKET = 93;
const LBRACE = 123, RBRACE = 125, LDQUO = 0x201c, LSQUO = 0x2018, ELLIPSIS = 0x2026;
const BOM = 0xfeff, RPAREN = 41;

/**
 * After a value inside a container: a comma, a closer, or what stands for them.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const names = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.name);
 * deepStrictEqual(names('{"a": 1,}'), ["TrailingComma"]);
 * deepStrictEqual(names('{"a": 1 "b": 2}'), ["MissingComma"]);
 * deepStrictEqual(names('{"a": 1,, "b": 2}'), ["SkippedCharacter"]);
 * ```
 */
export function readAfter(s: ScanState, text: string, n: number, final: boolean): number {
  const from = s.pos, base = s.base;
  const i = skipWhiteSpace(text, from, n);
  if (i >= n) {
    // Whether the white space held a line break, kept across the cut.
    if (!final && s.lineBreakIn(text, from, i)) s.rare.lineBreakTo = base + i;
    endOfText(s, i, n, final, AFTER);
    return STOP;
  }
  const c = text.charCodeAt(i);
  if (c === COMMA) {
    s.commaAt = base + i;
    return s.moveTo(i + 1, s.topKind === OBJECT ? KEY : VALUE);
  }
  if (c === RBRACKET || c === RBRACE) {
    const wrong = s.depth === 0 || s.kinds[s.depth - 1] === (c === RBRACE ? OBJECT : ARRAY)
      ? MATCHES
      : wrongCloser(s, text, i, n, final, c);
    if (wrong === SUSPEND) return s.suspend(i, AFTER);
    return s.moveTo(i + 1, closeWith(s, c, base + i, wrong === SUBSTITUTE));
  }
  if (c === SLASH || c === HASH) return comment(s, text, i, n, final, AFTER);
  if (isOtherSpace(c) || c === BOM || isFormatCharacter(c)) {
    // repair: a no-break space (or BOM, zero-width space) between tokens → dropped.
    s.repair(RULE.NonJsonWhitespace, base + i);
    return s.moveTo(i + 1, AFTER);
  }
  if (c === DOT || c === ELLIPSIS) {
    if (c === DOT && !final && i + 3 > n) return s.suspend(i, AFTER);
    if (c === ELLIPSIS || isPlaceholder(text, i, n)) {
      const end = skipPlaceholder(s, text, i, n, final);
      if (end === SUSPEND) return s.suspend(i, AFTER);
      return s.moveTo(end, s.topKind === OBJECT ? KEY : VALUE);
    }
  }
  if (
    c === LBRACE || c === LBRACKET || isQuote(c) || isDigit(c) || c === MINUS ||
    isWordStart(c) || c === DOT
  ) return missingComma(s, text, from, i, c);
  if (c === RPAREN && s.isTuple()) return s.moveTo(i + 1, closeTuple(s, base + i));
  s.repair(RULE.SkippedCharacter, base + i); // repair: `[1 @ 2]` → `[1 2]` (`@` dropped; a comma is inferred next)
  return s.moveTo(i + 1, AFTER);
}

/**
 * A value starts where a comma or a closer is due (`[1 2]`, `{"a":1 "b":2}`): a comma is
 * inferred, or the two tokens may be one (`R042`). Returns the next mode.
 */
function missingComma(s: ScanState, text: string, from: number, i: number, c: number): number {
  const base = s.base;
  // Only two tokens each complete on its own, that nothing else
  // could join, get a comma: a number next to a digit, dot or sign
  // (or, in an array, a word) and two strings in an array may be
  // one token (`192.168.1.1`, `2024-11-15`, `1 500`, `["a" "b"]`).
  // Two strings side by side are one in Python (`"a" "b"` is
  // `"ab"`): split only between members on separate lines.
  const last = s.lastToken;
  const split = last === GLUED_TOKEN ||
    (last === NUMBER_TOKEN
      ? isDigit(c) || c === DOT || c === MINUS || (s.topKind === ARRAY && isWordStart(c))
      : last === STRING_TOKEN && isQuote(c) &&
        (s.topKind === ARRAY || !s.lineBreakIn(text, from, i)));
  if (
    last === STRING_TOKEN && s.rareState !== null &&
    c === s.rareState.emptyQuote && s.rareState.emptyStringEnd === base + i
  ) {
    // repair: `"""text"""` (a Python triple-quoted string) → `"text"`.
    s.repair(RULE.TripleQuotedString, base + i - 2);
  }
  // repair: `[1 2]` → `[1, 2]` (MissingComma); `[1 500]` → `[1, 500]`, maybe one number
  // (AmbiguousSplit).
  s.repair(split ? RULE.AmbiguousSplit : RULE.MissingComma, base + i);
  s.commaAt = -1;
  if (!split) inferred(s, INFERRED_COMMA, base + i, true);
  return s.moveTo(i, s.topKind === OBJECT ? KEY : VALUE);
}

/** A comment at i in `mode`: skipped; returns `mode`, or STOP. */
function comment(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
  mode: number,
): number {
  const end = skipComment(s, text, i, n, final);
  if (end === SUSPEND) return s.suspend(i, mode);
  return s.moveTo(end, mode);
}

/**
 * A key is due (after `{` or a comma in an object): reads it, or what stands for it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read('{,"a": 1}').repairs.map((r) => r.name), ["LeadingComma"]);
 * deepStrictEqual(read('{"a": 1, b: 2}').value, { a: 1, b: 2 });
 * deepStrictEqual(read('{"a":1, "a":2}').repairs.map((r) => r.name), ["DuplicateKey"]);
 * ```
 */
export function readKey(s: ScanState, text: string, n: number, final: boolean): number {
  const i = skipToToken(s, text, s.pos, n, final, KEY);
  if (i < 0) return STOP;
  const c = text.charCodeAt(i), base = s.base;
  if (c === COMMA && s.placeholderComma) {
    s.placeholderComma = false;
    return s.moveTo(i + 1, KEY);
  }
  s.placeholderComma = false;
  if (c === COMMA && s.commaAt < 0 && isEmptyObject(s.top)) {
    // repair: `{, "a": 1}` → `{"a": 1}` (a comma before the first member: one reading, issue 22).
    s.repair(RULE.LeadingComma, base + i);
    return s.moveTo(i + 1, KEY);
  }
  if (c === QUOTE) {
    const end = plainKey(s, text, i + 1, n);
    if (end >= 0) {
      if (end < n && text.charCodeAt(end) === COLON) return s.moveTo(end + 1, VALUE);
      return s.moveTo(end, COLON_MODE);
    }
    // A short key cut by the end of a chunk: go on with the next one.
    if (end === KEY_CUT && !final) return s.suspend(n, KEY_REST);
  }
  if (c === QUOTE || c === APOS || c === LDQUO || c === LSQUO) {
    return quotedString(s, text, i, final, c, true);
  }
  if (c === RBRACE || c === RBRACKET) {
    const wrong = s.kinds[s.depth - 1] === (c === RBRACE ? OBJECT : ARRAY)
      ? MATCHES
      : wrongCloser(s, text, i, n, final, c);
    if (wrong === SUSPEND) return s.suspend(i, KEY);
    if (s.commaAt >= 0) s.repair(RULE.TrailingComma, s.commaAt); // repair: `{"a":1,}` → `{"a":1}`
    return s.moveTo(i + 1, closeWith(s, c, base + i, wrong === SUBSTITUTE));
  }
  if (c === SLASH || c === HASH) return comment(s, text, i, n, final, KEY);
  if (c === DOT || c === ELLIPSIS) {
    if (c === DOT && !final && i + 3 > n) return s.suspend(i, KEY);
    if (c === ELLIPSIS || isPlaceholder(text, i, n)) {
      const end = skipPlaceholder(s, text, i, n, final);
      if (end === SUSPEND) return s.suspend(i, KEY);
      return s.moveTo(end, KEY);
    }
  }
  if (isFormatCharacter(c)) {
    // Before a quoted key it is white space; glued to an unquoted key it is part of
    // the key (and a hazard there, R038).
    if (i + 1 >= n && !final) return s.suspend(i, KEY);
    const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
    if (d === QUOTE || d === APOS || d === SPACE || d === LF || d === CR || d === TAB) {
      // repair: a zero-width space before a key → dropped, as white space.
      s.repair(RULE.NonJsonWhitespace, base + i);
      return s.moveTo(i + 1, KEY);
    }
  }
  if (isWordStart(c) || isDigit(c)) return keyWord(s, text, i, n, final);
  stray(s, c, base + i);
  return s.moveTo(i + 1, KEY);
}

/**
 * An unquoted key at i (`{a: 1}`); returns COLON_MODE, or STOP.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan("{name: 1}", PROFILES.permissive);
 * deepStrictEqual(result.value, { name: 1 });
 * deepStrictEqual(result.repairs.map((r) => [r.name, r.offset]), [["UnquotedKey", 1]]);
 * ```
 */
export function keyWord(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  const end = scanKeyWord(s, text, i, n, final);
  if (end === SUSPEND) return s.suspend(i, KEY);
  if (end === FATAL) return STOP;
  return s.moveTo(end, COLON_MODE);
}

/**
 * A key was read: its colon is due.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const names = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.name);
 * deepStrictEqual(names('{"a": 1}'), []);
 * deepStrictEqual(names('{"a" 1}'), ["MissingColon"]);
 * deepStrictEqual(names('{"a"= 1}'), ["SkippedCharacter", "MissingColon"]);
 * ```
 */
export function readColon(s: ScanState, text: string, n: number, final: boolean): number {
  const i = skipToToken(s, text, s.pos, n, final, COLON_MODE);
  if (i < 0) return STOP;
  const c = text.charCodeAt(i), base = s.base;
  if (c === COLON) return s.moveTo(i + 1, VALUE);
  if (c === SLASH || c === HASH) return comment(s, text, i, n, final, COLON_MODE);
  if (c === COMMA || c === RBRACE || c === RBRACKET) {
    s.repair(RULE.MissingValue, base + i); // repair: `{"a"}` → `{"a": null}`
    s.place(null, base + i);
    return s.moveTo(i, s.completed(base + i));
  }
  if (isOtherSpace(c) || c === BOM || isFormatCharacter(c)) {
    // repair: a no-break space (or BOM, zero-width space) before the colon → dropped.
    s.repair(RULE.NonJsonWhitespace, base + i);
    return s.moveTo(i + 1, COLON_MODE);
  }
  if (
    c === LBRACE || c === LBRACKET || isQuote(c) || isDigit(c) || c === MINUS || isWordStart(c)
  ) {
    s.repair(RULE.MissingColon, base + i); // repair: `{"a" 1}` → `{"a": 1}`
    inferred(s, INFERRED_COLON, base + i);
    const rare = s.rareState;
    if (
      rare !== null && rare.bareKey !== "" && rare.bareKeyDepth === s.depth &&
      s.pendingKeys[s.depth - 1] === rare.bareKey
    ) {
      // repair: `{764 52}` → `{"764": 52}`, but an integer or literal key with no colon may be a
      // value (digit groups): ambiguous.
      s.repair(RULE.AmbiguousKey, base + i);
    }
    return s.moveTo(i, VALUE);
  }
  s.repair(RULE.SkippedCharacter, base + i); // repair: `{"a" = 1}` → `{"a": 1}` (`=` dropped)
  return s.moveTo(i + 1, COLON_MODE);
}
