/** @module */
import { isDigit, isWordChar } from "../characters.ts";
import { hexValue, isHex } from "./chars.ts";
import { FATAL, WAIT_NON_WORD } from "./codes.ts";
import { isUnsafeInteger, MAX_SAFE, POW10 } from "./numbers.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const PLUS = 43,
  MINUS = 45,
  DOT = 46,
  ZERO = 48,
  NINE = 57,
  LOWER_X = 120,
  LOWER_E = 101,
  UPPER_E = 69,
  UNDERSCORE = 95;

/**
 * Scans a number at i. Returns the end index (value in `numValue`),
 * SUSPEND, FATAL, or -(i + 3) when the token was dropped.
 */
export function scanNumber(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  const base = s.base;
  const start = i;
  let c = text.charCodeAt(i);
  let negative = false;
  let notation = false;
  if (c === MINUS || c === PLUS) {
    negative = c === MINUS;
    if (c === PLUS) notation = true;
    i++;
    if (i >= n) {
      if (!final) return s.waitFor(WAIT_NON_WORD);
      // A lone sign at the end of the input: nothing to keep.
      s.repair(RULE.TruncatedNumber, base + start);
      return -(i + 3);
    }
    c = text.charCodeAt(i);
    if (c === 73 || c === 78) { // Infinity, NaN after a sign
      let j = i;
      while (j < n && isWordChar(text.charCodeAt(j))) j++;
      if (j >= n && !final) return s.waitFor(WAIT_NON_WORD);
      const word = text.slice(i, j);
      if (word === "Infinity" || word === "NaN") {
        s.repair(RULE.NonFiniteNumber, base + start);
        s.numValue = null;
        return j;
      }
    }
    if (!isDigit(c) && c !== DOT) {
      s.repair(RULE.SkippedCharacter, base + start);
      return -(i + 3);
    }
  }
  const digitsStart = i;
  // Hexadecimal.
  if (c === ZERO && i + 1 < n && ((text.charCodeAt(i + 1) | 32) === LOWER_X)) {
    let j = i + 2, value = 0;
    while (j < n && isHex(text.charCodeAt(j))) {
      value = value * 16 + hexValue(text.charCodeAt(j));
      j++;
    }
    if (j >= n && !final) return s.waitFor(WAIT_NON_WORD);
    if (j > i + 2) {
      if (j - start > s.profile.maxToken) {
        s.failAt(
          "E022",
          base + start,
          `a number of ${j - start} code units exceeds max_token ${s.profile.maxToken}`,
        );
        return FATAL;
      }
      if (notation) s.repair(RULE.LeadingPlus, base + start);
      s.repair(RULE.NumberNotation, base + start);
      // `-0x0` is -0, as JavaScript reads it: the renderer keeps the sign.
      if (negative && value === 0) s.negativeZero = true;
      s.numValue = negative ? -value : value;
      if (!Number.isSafeInteger(value)) s.repair(RULE.UnsafeInteger, base + start);
      return j;
    }
  }
  // Digits are gathered into an exact mantissa (at most 15 of them, or 16
  // while it stays at most 2^53 - 1: `i / 7` prints 16 or 17) and a decimal
  // exponent: within Clinger's fast path (an exact integer mantissa, a power
  // of ten at most 10^22) one correctly rounded multiplication or division
  // gives the double, no substring needed.
  let mantissa = 0;
  let significant = 0;
  let scale = 0;
  let inexact = false;
  let digits = 0;
  while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
    if (significant < 15) {
      mantissa = mantissa * 10 + (c - ZERO);
      if (mantissa > 0) significant++;
    } else if (significant === 15 && mantissa * 10 + (c - ZERO) <= MAX_SAFE) {
      mantissa = mantissa * 10 + (c - ZERO); // a 16th digit, still exact
      significant++;
    } else {
      inexact = true;
    }
    digits++;
    i++;
  }
  // `1_000_000` inside a value: Python and JavaScript read the underscores
  // as digit separators (a root number glued to `_` stays prose).
  let separated = false;
  while (
    c === UNDERSCORE && i < n && digits > 0 && s.depth > 0 &&
    text.charCodeAt(digitsStart) !== ZERO
  ) {
    if (i + 1 >= n) {
      if (!final) return s.waitFor(WAIT_NON_WORD);
      break;
    }
    if (!isDigit(text.charCodeAt(i + 1))) break;
    separated = true;
    i++;
    while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
      if (significant < 15) {
        mantissa = mantissa * 10 + (c - ZERO);
        if (mantissa > 0) significant++;
      } else if (significant === 15 && mantissa * 10 + (c - ZERO) <= MAX_SAFE) {
        mantissa = mantissa * 10 + (c - ZERO);
        significant++;
      } else {
        inexact = true;
      }
      digits++;
      i++;
    }
  }
  let fractionDigits = -1;
  let exponentDigits = -1;
  if (i < n && c === DOT) {
    i++;
    fractionDigits = 0;
    while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
      if (significant < 15) {
        mantissa = mantissa * 10 + (c - ZERO);
        if (mantissa > 0) significant++;
        scale++;
      } else if (significant === 15 && mantissa * 10 + (c - ZERO) <= MAX_SAFE) {
        mantissa = mantissa * 10 + (c - ZERO); // a 16th digit, still exact
        significant++;
        scale++;
      } else if (c !== ZERO) {
        inexact = true;
      }
      fractionDigits++;
      i++;
    }
  }
  let exponent = 0;
  if (i < n && (c === LOWER_E || c === UPPER_E) && (digits > 0 || fractionDigits > 0)) {
    i++;
    exponentDigits = 0;
    let exponentNegative = false;
    if (i < n && ((c = text.charCodeAt(i)) === PLUS || c === MINUS)) {
      exponentNegative = c === MINUS;
      i++;
    }
    while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
      if (exponent < 100_000) exponent = exponent * 10 + (c - ZERO);
      exponentDigits++;
      i++;
    }
    if (exponentNegative) exponent = -exponent;
  }
  if (i >= n && !final) {
    if (exponentDigits < 0 && !notation && !separated) {
      // A plain decimal number so far: its reading can go on with the next chunk.
      s.rare.numberCut = true;
      s.numMantissa = mantissa;
      s.numSignificant = significant;
      s.numScale = scale;
      s.numInexact = inexact;
      s.numDigits = digits;
      s.numFraction = fractionDigits;
      s.numNegative = negative;
      s.numLeadingZero = digits > 0 && text.charCodeAt(digitsStart) === ZERO;
    }
    return s.waitFor(WAIT_NON_WORD);
  }
  const end = i;
  if (end - start > s.profile.maxToken) {
    s.failAt(
      "E022",
      base + start,
      `a number of ${end - start} code units exceeds max_token ${s.profile.maxToken}`,
    );
    return FATAL;
  }
  const atEnd = end >= n && s.depth > 0;
  if (digits === 0 && fractionDigits <= 0) {
    // `-.` or `.` alone.
    s.repair(atEnd ? RULE.TruncatedNumber : RULE.SkippedCharacter, base + start);
    return -(end + 3);
  }
  // A number cut by the end of the input: inside a container, or at the
  // root when its fraction or exponent is empty (`1.`, `1e`): its digits
  // are unknown. An empty exponent elsewhere (`1e+}`) invents them too.
  // At the root a trailing dot is cut wherever it stands (`1. ` is a list
  // number as much as a number).
  const cut = atEnd || (end >= n && (fractionDigits === 0 || exponentDigits === 0)) ||
    (s.depth === 0 && fractionDigits === 0 && exponentDigits < 0);
  if (cut) s.repair(RULE.TruncatedNumber, base + start);
  else if (exponentDigits === 0) s.repair(RULE.EmptyExponent, base + start);
  if (digits > 1 && text.charCodeAt(digitsStart) === ZERO) {
    s.repair(RULE.LeadingZero, base + start);
  }
  // `+1`: a leading plus may be text the model meant (`+15551234567`).
  if (notation) s.repair(RULE.LeadingPlus, base + start);
  if (!cut && (digits === 0 || fractionDigits === 0)) {
    s.repair(RULE.NumberNotation, base + start);
  }
  if (separated) s.repair(RULE.DigitSeparator, base + start);
  // The digits as JSON writes them (separators dropped) for the exact checks below.
  const digitText = separated ? text.slice(start, end).replaceAll("_", "") : text;
  const digitFrom = separated ? digitsStart - start : digitsStart;
  const digitEnd = separated ? digitText.length : end;
  const power = exponent - scale;
  if (!inexact && power >= -22 && power <= 22) {
    const magnitude = power >= 0 ? mantissa * POW10[power] : mantissa / POW10[-power];
    if (negative && magnitude === 0) s.negativeZero = true;
    if (magnitude >= MAX_SAFE && isUnsafeInteger(digitText, digitFrom, digitEnd, magnitude)) {
      s.repair(RULE.UnsafeInteger, base + start);
    }
    s.numValue = negative ? -magnitude : magnitude;
    return end;
  }
  // Outside the fast path: read the lexeme, in JSON notation.
  let lexeme = separated ? text.slice(start, end).replaceAll("_", "") : text.slice(start, end);
  if (exponentDigits === 0) {
    // `1e` / `1e+`: drop the empty exponent.
    let cut = lexeme.length;
    while (
      cut > 0 && !isDigit(lexeme.charCodeAt(cut - 1)) && lexeme.charCodeAt(cut - 1) !== DOT
    ) cut--;
    lexeme = lexeme.slice(0, cut);
  }
  const value = Number(lexeme.endsWith(".") ? lexeme + "0" : lexeme);
  if (!Number.isFinite(value)) {
    s.repair(RULE.NumberOutOfRange, base + start);
  } else if (value === 0) {
    if (negative) s.negativeZero = true;
    for (let k = digitsStart; k < end; k++) {
      const d = text.charCodeAt(k);
      if (d === LOWER_E || d === UPPER_E) break;
      if (d > ZERO && d <= NINE) {
        s.repair(RULE.NumberOutOfRange, base + start);
        break;
      }
    }
  } else if (
    Math.abs(value) >= MAX_SAFE && isUnsafeInteger(digitText, digitFrom, digitEnd, value)
  ) {
    // On the exact decimal value, in any notation (`9007199254740993.0`, `…3e0`).
    s.repair(RULE.UnsafeInteger, base + start);
  }
  s.numValue = value;
  return end;
}

/**
 * `scanNumber` resumed on the next chunk, for a plain decimal number (no
 * sign but `-`, no exponent yet) whose digits so far are kept in `num*`.
 * Returns the index where it ends (value in `numValue`), or -1 to read it
 * again whole (an exponent, a repair, more than the fast path takes, or
 * no end in s chunk).
 */
export function numberRest(s: ScanState, text: string, n: number): number {
  let i = 0, c = 0;
  let mantissa = s.numMantissa, significant = s.numSignificant, scale = s.numScale;
  let inexact = s.numInexact, digits = s.numDigits, fraction = s.numFraction;
  if (fraction < 0) {
    while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
      if (significant < 15) {
        mantissa = mantissa * 10 + (c - ZERO);
        if (mantissa > 0) significant++;
      } else {
        inexact = true;
      }
      digits++;
      i++;
    }
    if (i < n && c === DOT) {
      fraction = 0;
      i++;
    }
  }
  if (fraction >= 0) {
    while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
      if (significant < 15) {
        mantissa = mantissa * 10 + (c - ZERO);
        if (mantissa > 0) significant++;
        scale++;
      } else if (c !== ZERO) {
        inexact = true;
      }
      fraction++;
      i++;
    }
  }
  if (i >= n) return -1;
  c = text.charCodeAt(i);
  // What one call would read on (an exponent, `0x`, a second dot) or repair.
  if (isWordChar(c) || c === DOT || c === PLUS) return -1;
  if (digits === 0 || fraction === 0 || (digits > 1 && s.numLeadingZero)) return -1;
  if (inexact || scale > 22) return -1;
  if (s.rare.tokenHead.length - s.rare.tokenHeadStart + i > s.profile.maxToken) {
    return -1;
  }
  const magnitude = mantissa / POW10[scale];
  if (s.numNegative && magnitude === 0) s.negativeZero = true;
  s.numValue = s.numNegative ? -magnitude : magnitude;
  return i;
}
