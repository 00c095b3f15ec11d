/**
 * The VALUE mode: a value is due (at the root, after `[`, after a colon, after a comma in an
 * array). {@linkcode readValue} reads one value token, or drops one character that cannot start
 * a value, and returns the next mode; the scanner's driver calls it again while the mode is
 * VALUE. The clean path (a bracket, a plain string, a number) is tested first; a literal is
 * read as a word (`scanWord` knows `true`, `false` and `null`): the scan loop's lane reads the
 * literals of clean JSON itself, so this one only meets them after a placeholder.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * strictEqual(scan("[1, 'a', true]", PROFILES.permissive).repairs[0].name, "SingleQuotes");
 * ```
 *
 * @module
 */

import { isDigit, isWordStart } from "../characters.ts";
import { isFormatCharacter } from "./chars.ts";
import {
  ARRAY,
  DROPPED,
  FATAL,
  GLUED_TOKEN,
  KEY,
  LITERAL_REST,
  NUMBER_REST,
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
  MATCHES,
  open,
  stray,
  SUBSTITUTE,
  wrongCloser,
} from "./containers.ts";
import { isPlaceholder, skipComment, skipPlaceholder } from "./ignored.ts";
import { scanNumber } from "./number_reader.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";
import { plainString, quotedString } from "./strings.ts";
import { isLiteralPrefix, LITERALS, scanWord } from "./words.ts";
import { skipToToken } from "./between_tokens.ts";

// Char codes, local: a constant declared in this module is folded into its code, an imported
// binding is loaded from its module on every use.
const QUOTE = 34, HASH = 35, APOS = 39, PLUS = 43, COMMA = 44, MINUS = 45, DOT = 46;
const SLASH = 47, LBRACKET = 91, RBRACKET = 93, LBRACE = 123, RBRACE = 125;
const LDQUO = 0x201c, LSQUO = 0x2018, ELLIPSIS = 0x2026, LPAREN = 40, RPAREN = 41;

/**
 * Reads the value (or the character) at the scan position; returns the next mode, or STOP.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read('[1, "a", true, null, {}, []]').value, [1, "a", true, null, {}, []]);
 * deepStrictEqual(read('{"a":}').value, { a: null });
 * deepStrictEqual(read('{"a":}').repairs.map((r) => r.name), ["MissingValue"]);
 * ```
 */
export function readValue(s: ScanState, text: string, n: number, final: boolean): number {
  const i = skipToToken(s, text, s.pos, n, final, VALUE);
  if (i < 0) return STOP;
  const c = text.charCodeAt(i), base = s.base;
  const afterPlaceholder = s.placeholderComma;
  s.placeholderComma = false;
  if (c === LBRACE || c === LBRACKET) {
    if (!open(s, c === LBRACE ? OBJECT : ARRAY, base + i)) return STOP;
    return s.moveTo(i + 1, c === LBRACE ? KEY : VALUE);
  }
  if (c === QUOTE) {
    const end = plainString(s, text, i + 1, n);
    if (end >= 0) {
      const next = s.completed(base + end, s.stringFinalAt);
      s.lastToken = STRING_TOKEN;
      return s.moveTo(end, next);
    }
  }
  if (c === QUOTE || c === APOS || c === LDQUO || c === LSQUO) {
    return quotedString(s, text, i, final, c, false);
  }
  if (isDigit(c) || c === MINUS || c === PLUS || c === DOT) {
    return valueNumber(s, text, i, n, final);
  }
  if (c === RBRACKET || c === RBRACE) return valueCloser(s, text, i, n, final, c);
  if (c === COMMA) {
    // A comma right after a placeholder (`[1, ..., 2]`) went with it.
    if (afterPlaceholder) return s.moveTo(i + 1, VALUE);
    const d = s.depth;
    if (d > 0 && s.kinds[d - 1] === OBJECT) return missingValue(s, i);
    s.repair(RULE.SkippedCharacter, base + i); // repair: `[1,,2]` → `[1,2]`
    return s.moveTo(i + 1, VALUE);
  }
  if (c === SLASH) {
    const end = skipComment(s, text, i, n, final);
    if (end === SUSPEND) return s.suspend(i, VALUE);
    return s.moveTo(end, VALUE);
  }
  if (c === HASH) {
    // In value position `#` is content (`#ff0000`), never a comment:
    // read as a bare word, so it is kept and reported (R030).
    return valueWord(s, text, i, n, final);
  }
  if (c === ELLIPSIS) {
    const end = skipPlaceholder(s, text, i, n, final);
    if (end === SUSPEND) return s.suspend(i, VALUE);
    return s.moveTo(end, VALUE);
  }
  if (isFormatCharacter(c)) {
    // repair: a zero-width space between tokens → dropped, as white space (issue 22).
    s.repair(RULE.NonJsonWhitespace, base + i);
    return s.moveTo(i + 1, VALUE);
  }
  if (isWordStart(c)) return valueWord(s, text, i, n, final);
  if (c === LPAREN) {
    // A Python tuple: an array (issue 22), judged when it closes.
    if (!open(s, ARRAY, base + i)) return STOP;
    s.rare.tuples.add(s.top as unknown[]);
    return s.moveTo(i + 1, VALUE);
  }
  if (c === RPAREN && s.isTuple()) {
    // repair: `(1, 2,)` → `[1, 2]` (the comma before the closer is dropped).
    if (s.commaAt >= 0) s.repair(RULE.TrailingComma, s.commaAt);
    return s.moveTo(i + 1, closeTuple(s, base + i));
  }
  stray(s, c, base + i);
  return s.moveTo(i + 1, VALUE);
}

/** A member with no value (`{"a":}`, `{"a":,`): null; returns the next mode. */
function missingValue(s: ScanState, i: number): number {
  const at = s.base + i;
  s.repair(RULE.MissingValue, at); // repair: `{"a":}` → `{"a":null}`
  s.place(null, at);
  return s.moveTo(i, s.completed(at));
}

/**
 * A number (or a placeholder `...`) at i; returns the next mode, or STOP.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read("[+1, 01]").value, [1, 1]);
 * deepStrictEqual(read("[+1, 01]").repairs.map((r) => r.name), ["LeadingPlus", "LeadingZero"]);
 * deepStrictEqual(read("[1, ...]").value, [1]); // a placeholder
 * ```
 */
export function valueNumber(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  const base = s.base;
  if (text.charCodeAt(i) === DOT) {
    if (!final && i + 3 > n) return s.suspend(i, VALUE);
    if (isPlaceholder(text, i, n)) {
      const end = skipPlaceholder(s, text, i, n, final);
      if (end === SUSPEND) return s.suspend(i, VALUE);
      return s.moveTo(end, VALUE);
    }
  }
  const end = scanNumber(s, text, i, n, final);
  if (end === SUSPEND) {
    if (s.rare.numberCut && base + i !== s.rare.rewoundAt) {
      // Go on from the digits read so far with the next chunk.
      s.rare.numberCut = false;
      s.rare.tokenHead = text;
      s.rare.tokenHeadStart = i;
      return s.suspend(n, NUMBER_REST);
    }
    s.rare.numberCut = false;
    return s.suspend(i, VALUE);
  }
  if (end === FATAL) return STOP;
  if (end === DROPPED) return VALUE; // the token was dropped (a lone sign): on at `pos`
  s.place(s.numValue, base + i);
  // A number is final only once the character after it is read.
  const next = s.completed(base + end, base + (end < n ? end + 1 : end));
  // A word right after the digits (`12abc`, `80_4`) may belong to the number.
  s.lastToken = end < n && isWordStart(text.charCodeAt(end)) ? GLUED_TOKEN : NUMBER_TOKEN;
  return s.moveTo(end, next);
}

/** A closer where a value is due (`[1,]`, `{"a":}`, `]` at the root); returns the next mode. */
function valueCloser(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
  c: number,
): number {
  const d = s.depth, base = s.base;
  if (d === 0) {
    s.repair(RULE.SkippedCharacter, base + i); // repair: `]1` at the root → `1`
    return s.moveTo(i + 1, VALUE);
  }
  // `{"a":}` — the member has no value.
  if (s.kinds[d - 1] === OBJECT) return missingValue(s, i);
  const wrong = s.kinds[d - 1] === (c === RBRACE ? OBJECT : ARRAY)
    ? MATCHES
    : wrongCloser(s, text, i, n, final, c);
  if (wrong === SUSPEND) return s.suspend(i, VALUE);
  if (s.commaAt >= 0) s.repair(RULE.TrailingComma, s.commaAt); // repair: `[1,]` → `[1]`
  return s.moveTo(i + 1, closeWith(s, c, base + i, wrong === SUBSTITUTE));
}

/** A bare word in value position (a literal, `None`, a bare string); returns the next mode. */
function valueWord(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  const base = s.base, c = text.charCodeAt(i);
  if (
    !final && LITERALS.has(c) && base + i !== s.rare.rewoundAt &&
    isLiteralPrefix(text, i, n, LITERALS.get(c)!.text)
  ) {
    // A literal cut by the end of the chunk (or not yet delimited): go on
    // with the next one.
    s.rare.tokenHead = text;
    s.rare.tokenHeadStart = i;
    return s.suspend(n, LITERAL_REST);
  }
  const end = scanWord(s, text, i, n, final);
  if (end === SUSPEND) return s.suspend(i, VALUE);
  if (end === FATAL) return STOP;
  return s.moveTo(end, s.completed(base + end, base + (end < n ? end + 1 : end)));
}
