/**
 * The number reader: a number token in value position (JSON numbers, and what models write for
 * them: `+1`, `.5`, `1.`, `0x1F`, `1_000`, `-Infinity`), its value, and its repairs. The digits
 * are gathered by the pure functions of `numbers.ts`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const r = scan("[+1, .5, 0x1F, 1_000]", PROFILES.permissive);
 * deepStrictEqual(r.value, [1, 0.5, 31, 1000]);
 * ```
 *
 * @module
 */

import { isDigit, isWordChar } from "../characters.ts";
import { hexValue, isHex } from "./chars.ts";
import { DROPPED, FATAL, NOT_PLAIN, SUSPEND, WAIT_NON_WORD } from "./codes.ts";
import {
  type DecimalReading,
  fastDouble,
  isUnsafeInteger,
  MAX_SAFE,
  POW10,
  readExponent,
  readFractionDigits,
  readIntegerDigits,
} from "./numbers.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";

// Char codes, local: a constant declared in this module is folded into its code, an imported
// binding is loaded from its module on every use.
const PLUS = 43, MINUS = 45, DOT = 46, ZERO = 48, NINE = 57, LOWER_X = 120, LOWER_E = 101;
const UPPER_E = 69, UNDERSCORE = 95;

/**
 * Scans a number at i. Returns the end index (value in `numValue`), SUSPEND, FATAL, or DROPPED
 * when the token was dropped (a lone sign or dot: the scan goes on at `pos`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read("[1.5e3, .5, 0x1F, 1_000]").value, [1500, 0.5, 31, 1000]);
 * deepStrictEqual(read("[-]").value, []); // DROPPED: a lone sign
 * deepStrictEqual(read("[1e400]").repairs.map((r) => r.name), ["NumberOutOfRange"]);
 * ```
 */
export function scanNumber(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  const plain = plainNumber(s, text, i, n);
  if (plain >= 0) return plain;
  const start = i;
  let c = text.charCodeAt(i);
  const negative = c === MINUS, plus = c === PLUS;
  if (negative || plus) {
    const word = afterSign(s, text, start, n, final);
    if (word !== NOT_PLAIN) return word;
    c = text.charCodeAt(++i);
  }
  if (c === ZERO && i + 1 < n && ((text.charCodeAt(i + 1) | 32) === LOWER_X)) {
    const end = hexNumber(s, text, start, i, n, final);
    if (end !== NOT_PLAIN) return end;
  }
  const digitsStart = i, r = s.decimal;
  r.reset(negative);
  i = readIntegerDigits(text, i, n, r);
  // With no digit read, no `0` stands at `digitsStart`.
  r.leadingZero = text.charCodeAt(digitsStart) === ZERO;
  i = digitSeparators(s, text, i, n, final);
  if (i === SUSPEND) return SUSPEND;
  if (i < n && text.charCodeAt(i) === DOT) i = readFractionDigits(text, i + 1, n, r);
  if (
    i < n && ((c = text.charCodeAt(i)) === LOWER_E || c === UPPER_E) &&
    (r.digits > 0 || r.fraction > 0)
  ) {
    i = readExponent(text, i + 1, n, r);
  }
  if (i >= n && !final) {
    // A plain decimal number so far: its reading (`decimal`) can go on with the next chunk.
    if (r.exponentDigits < 0 && !plus && !r.separated) s.rare.numberCut = true;
    return s.waitFor(WAIT_NON_WORD);
  }
  if (i - start > s.profile.maxToken) {
    s.failAt(
      "E022",
      s.base + start,
      `a number of ${i - start} code units exceeds max_token ${s.profile.maxToken}`,
    );
    return FATAL;
  }
  return decimalValue(s, text, start, digitsStart, i, n, plus);
}

/**
 * The fast path for a plain decimal number (`12`, `-3.25`: at most 15 digits, no exponent, no
 * leading zero, no repair) followed by a character that ends it: the index past it (value in
 * `numValue`), or NOT_PLAIN for the general path. Its mantissa and power of ten are exact, so
 * one correctly rounded division gives the double, as `decimalValue` computes it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan("[12, -3.25, 0.1]", PROFILES.strict).value, [12, -3.25, 0.1]);
 * ```
 */
export function plainNumber(s: ScanState, text: string, i: number, n: number): number {
  let j = i, c = text.charCodeAt(i), mantissa = 0;
  const negative = c === MINUS;
  if (negative) j++;
  const digitsStart = j;
  while (j < n && (c = text.charCodeAt(j)) >= ZERO && c <= NINE) {
    mantissa = mantissa * 10 + (c - ZERO);
    j++;
  }
  const digits = j - digitsStart;
  if (digits === 0 || (digits > 1 && text.charCodeAt(digitsStart) === ZERO)) return NOT_PLAIN;
  let scale = 0;
  if (c === DOT) { // `c` is the last character read: a digit when the digits reach `n`
    const fractionStart = ++j;
    while (j < n && (c = text.charCodeAt(j)) >= ZERO && c <= NINE) {
      mantissa = mantissa * 10 + (c - ZERO);
      j++;
    }
    scale = j - fractionStart;
    if (scale === 0) return NOT_PLAIN;
  }
  if (digits + scale > 15 || j - i > s.profile.maxToken) return NOT_PLAIN;
  // What the general path reads on (an exponent, `_`, `0x`) or repairs (a word or a `-` glued to
  // it: `isWordChar`). A second dot or a plus ends the number there on either path. A number
  // that reaches `n` is declined here too: the last character read (`c`) is then a digit.
  if (isWordChar(c)) return NOT_PLAIN;
  const magnitude = scale === 0 ? mantissa : mantissa / POW10[scale]; // an integer: no division
  if (negative && magnitude === 0) s.negativeZero = true;
  s.numValue = negative ? -magnitude : magnitude;
  return j;
}

/**
 * After a sign at `start`: the end of `-Infinity` or `-NaN` (value null, `R023`), DROPPED at the
 * input's end (a lone sign, `R013`), SUSPEND, or NOT_PLAIN for the general path: digits or a dot
 * follow, or anything else, which it drops (`R031` at the sign) as it drops a lone dot.
 */
function afterSign(s: ScanState, text: string, start: number, n: number, final: boolean): number {
  const i = start + 1, at = s.base + start;
  if (i >= n) {
    if (!final) return s.waitFor(WAIT_NON_WORD);
    // repair: `[1, -` at the end of the input → `[1]` (a lone sign: nothing to keep).
    s.repair(RULE.TruncatedNumber, at);
    s.pos = i;
    return DROPPED;
  }
  const c = text.charCodeAt(i);
  if (c === 73 || c === 78) { // Infinity, NaN after a sign
    let j = i;
    while (j < n && isWordChar(text.charCodeAt(j))) j++;
    if (j >= n && !final) return s.waitFor(WAIT_NON_WORD);
    const word = text.slice(i, j);
    if (word === "Infinity" || word === "NaN") {
      s.repair(RULE.NonFiniteNumber, at); // repair: `-Infinity` → `null`
      s.numValue = null;
      return j;
    }
  }
  return NOT_PLAIN;
}

/**
 * A hexadecimal number (`0x1F`, `-0x0`) whose `0` is at i: its end (value in `numValue`),
 * SUSPEND, FATAL, or NOT_PLAIN when no hex digit follows the `x`.
 */
function hexNumber(
  s: ScanState,
  text: string,
  start: number,
  i: number,
  n: number,
  final: boolean,
): number {
  let j = i + 2, value = 0;
  while (j < n && isHex(text.charCodeAt(j))) {
    value = value * 16 + hexValue(text.charCodeAt(j));
    j++;
  }
  if (j >= n && !final) return s.waitFor(WAIT_NON_WORD);
  if (j === i + 2) return NOT_PLAIN;
  const at = s.base + start, sign = text.charCodeAt(start);
  if (j - start > s.profile.maxToken) {
    s.failAt(
      "E022",
      at,
      `a number of ${j - start} code units exceeds max_token ${s.profile.maxToken}`,
    );
    return FATAL;
  }
  if (sign === PLUS) s.repair(RULE.LeadingPlus, at); // repair: `+0x1F` → `31`
  s.repair(RULE.NumberNotation, at); // repair: `0x1F` → `31`
  // `-0x0` is -0, as JavaScript reads it: the renderer keeps the sign.
  if (sign === MINUS && value === 0) s.negativeZero = true;
  s.numValue = sign === MINUS ? -value : value;
  if (!Number.isSafeInteger(value)) s.repair(RULE.UnsafeInteger, at);
  return j;
}

/**
 * `1_000_000` inside a value: Python and JavaScript read the underscores as digit separators (a
 * root number glued to `_` stays prose, and so does a `_` after a leading zero or with no digit
 * before it). From i, past the integer digits: the index past the digits the separators join (i
 * itself when no `_` stands there), or SUSPEND.
 */
function digitSeparators(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  const r = s.decimal;
  if (r.digits === 0 || s.depth === 0 || r.leadingZero) return i;
  while (i < n && text.charCodeAt(i) === UNDERSCORE) {
    if (i + 1 >= n) {
      if (!final) return s.waitFor(WAIT_NON_WORD);
      break;
    }
    if (!isDigit(text.charCodeAt(i + 1))) break;
    r.separated = true;
    i = readIntegerDigits(text, i + 1, n, r);
  }
  return i;
}

/** The decimal number read into `decimal`, ending at `end`: its repairs and value; returns `end`. */
function decimalValue(
  s: ScanState,
  text: string,
  start: number,
  digitsStart: number,
  end: number,
  n: number,
  plus: boolean,
): number {
  const r = s.decimal, at = s.base + start;
  const atEnd = end >= n && s.depth > 0;
  if (r.digits === 0 && r.fraction <= 0) {
    // repair: `[.]`, `[-.]` → `[]`, `[- x]` → `[x]` (a dot or sign alone is dropped).
    s.repair(atEnd ? RULE.TruncatedNumber : RULE.SkippedCharacter, at);
    s.pos = end;
    return DROPPED;
  }
  // A number cut by the end of the input: inside a container, or at the
  // root when its fraction or exponent is empty (`1.`, `1e`): its digits
  // are unknown. An empty exponent elsewhere (`1e+}`) invents them too.
  // At the root a trailing dot is cut wherever it stands (`1. ` is a list
  // number as much as a number).
  const cut = atEnd || (end >= n && (r.fraction === 0 || r.exponentDigits === 0)) ||
    (s.depth === 0 && r.fraction === 0 && r.exponentDigits < 0);
  if (cut) s.repair(RULE.TruncatedNumber, at); // repair: `[1, 2.` → `[1, 2]` (digits unknown)
  else if (r.exponentDigits === 0) s.repair(RULE.EmptyExponent, at); // repair: `1e}` → `1}`
  if (r.digits > 1 && r.leadingZero) s.repair(RULE.LeadingZero, at); // repair: `007` → `7`
  // repair: `+1` → `1` (a leading plus may be text the model meant: `+15551234567`).
  if (plus) s.repair(RULE.LeadingPlus, at);
  if (!cut && (r.digits === 0 || r.fraction === 0)) {
    s.repair(RULE.NumberNotation, at); // repair: `.5` → `0.5`, `5.` → `5`
  }
  if (r.separated) s.repair(RULE.DigitSeparator, at); // repair: `1_000` → `1000`
  // The digits as JSON writes them (separators dropped) for the exact checks below.
  const digitText = r.separated ? text.slice(start, end).replaceAll("_", "") : text;
  const digitFrom = r.separated ? digitsStart - start : digitsStart;
  const digitEnd = r.separated ? digitText.length : end;
  const fast = fastDouble(r);
  if (fast === fast) { // not NaN: within the fast path
    if (r.negative && fast === 0) s.negativeZero = true;
    if (fast >= MAX_SAFE && isUnsafeInteger(digitText, digitFrom, digitEnd, fast)) {
      s.repair(RULE.UnsafeInteger, at); // repair: none: 9007199254740993 is kept, and flagged
    }
    s.numValue = r.negative ? -fast : fast;
    return end;
  }
  const value = lexemeValue(text.slice(start, end), r);
  if (!Number.isFinite(value)) {
    s.repair(RULE.NumberOutOfRange, at); // repair: `1e999` → `Infinity`, as JSON.parse reads it
  } else if (value === 0) {
    if (r.negative) s.negativeZero = true;
    for (let k = digitsStart; k < end; k++) {
      const d = text.charCodeAt(k);
      if (d === LOWER_E || d === UPPER_E) break;
      if (d > ZERO && d <= NINE) {
        s.repair(RULE.NumberOutOfRange, at); // repair: `1e-999` → `0`
        break;
      }
    }
  } else if (
    Math.abs(value) >= MAX_SAFE && isUnsafeInteger(digitText, digitFrom, digitEnd, value)
  ) {
    // On the exact decimal value, in any notation (`9007199254740993.0`, `…3e0`).
    // repair: none: `9007199254740993.0` is kept, and flagged (beyond 2^53 − 1)
    s.repair(RULE.UnsafeInteger, at);
  }
  s.numValue = value;
  return end;
}

/**
 * A number outside the fast path, read from its lexeme (`Number` reads `1.`, `.5` and `+1` as
 * the JSON they stand for).
 */
function lexemeValue(written: string, r: DecimalReading): number {
  const lexeme = r.separated ? written.replaceAll("_", "") : written;
  // `1e` / `1e+`: drop the empty exponent (and a dot before it: `1.e` is `1`); a lexeme that
  // ends with a digit is read whole.
  let cut = lexeme.length;
  while (cut > 0 && !isDigit(lexeme.charCodeAt(cut - 1))) cut--;
  return Number(lexeme.slice(0, cut));
}

/**
 * `scanNumber` resumed on the next chunk, for a plain decimal number (no sign but `-`, no
 * exponent yet) whose reading so far is kept in `decimal`. Returns the index where it ends
 * (value in `numValue`), or NOT_PLAIN to read it again whole (an exponent, a repair, more than
 * the fast path takes, or no end in this chunk).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.strict);
 * scanner.feed("[1", false); // a plain decimal number cut by the chunk end
 * scanner.feed(".5, 2", false);
 * scanner.feed("e3]", true); // an exponent: read again whole
 * deepStrictEqual(scanner.result().value, [1.5, 2000]);
 * ```
 */
export function numberRest(s: ScanState, text: string, n: number): number {
  const r = s.decimal;
  let i = 0;
  if (r.fraction < 0) {
    i = readIntegerDigits(text, i, n, r);
    if (i < n && text.charCodeAt(i) === DOT) i = readFractionDigits(text, i + 1, n, r);
  } else {
    i = readFractionDigits(text, i, n, r);
  }
  if (i >= n) return NOT_PLAIN;
  const c = text.charCodeAt(i);
  // What one call would read on (an exponent, `0x`, a second dot) or repair.
  if (isWordChar(c) || c === DOT || c === PLUS) return NOT_PLAIN;
  if (r.digits === 0 || r.fraction === 0 || (r.digits > 1 && r.leadingZero)) return NOT_PLAIN;
  if (s.rare.tokenHead.length - s.rare.tokenHeadStart + i > s.profile.maxToken) {
    return NOT_PLAIN;
  }
  const magnitude = fastDouble(r);
  if (!(magnitude < MAX_SAFE)) return NOT_PLAIN; // outside the fast path, or maybe unsafe
  if (r.negative && magnitude === 0) s.negativeZero = true;
  s.numValue = r.negative ? -magnitude : magnitude;
  return i;
}
