/**
 * Number reading as pure functions: the digits of a decimal number gathered into a
 * {@linkcode DecimalReading} (an exact mantissa and a decimal exponent: Clinger's fast path), the
 * double they give, and whether that double is an unsafe integer. `number_reader.ts` reads the
 * token and records its repairs; nothing here reads or writes the scanner's state.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DecimalReading, readFractionDigits, readIntegerDigits } from "./numbers.ts";
 * const r = new DecimalReading();
 * const dot = readIntegerDigits("12.50,", 0, 6, r);
 * strictEqual(dot, 2);
 * strictEqual(readFractionDigits("12.50,", dot + 1, 6, r), 5);
 * strictEqual(r.mantissa, 1250);
 * strictEqual(r.scale, 2);
 * ```
 *
 * @module
 */

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const PLUS = 43, MINUS = 45, DOT = 46, ZERO = 48, NINE = 57, LOWER_E = 101;

/**
 * The largest safe integer, 2^53 − 1: a double at least this large may be an unsafe integer.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { MAX_SAFE } from "./numbers.ts";
 * strictEqual(MAX_SAFE, Number.MAX_SAFE_INTEGER);
 * strictEqual(MAX_SAFE + 1 === MAX_SAFE + 2, true); // past it, doubles skip integers
 * ```
 */
export const MAX_SAFE = 9007199254740991;

/**
 * Whether the number written from `i` (its first digit or dot) to `end`, read
 * as the double `value`, is an unsafe integer: its exact decimal value is an
 * integer beyond ±(2^53 − 1), and either it is written as an integer
 * (`9007199254740993`) or, in fraction or exponent notation, the double does
 * not give back the digits written (`9007199254740993.0`,
 * `9007199254740993e0`, `90071992547409930e-1`: the integer meant is lost).
 * `1e22` or `123e65` give back their digits: they are doubles, read exactly as
 * every reader reads them. `9007199254740991.5` is no integer. Called only
 * for a double at least 2^53 − 1 (a rare path).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isUnsafeInteger } from "./numbers.ts";
 * const unsafe = (written: string) => isUnsafeInteger(written, 0, written.length, Number(written));
 * strictEqual(unsafe("9007199254740993"), true); // read as ...992
 * strictEqual(unsafe("9007199254740993.0"), true);
 * strictEqual(unsafe("9007199254740991"), false); // 2^53 - 1 is safe
 * strictEqual(unsafe("1e22"), false); // gives back its digits
 * strictEqual(unsafe("9007199254740991.5"), false); // no integer
 * ```
 */
export function isUnsafeInteger(text: string, i: number, end: number, value: number): boolean {
  // The significant digits written are those from the first nonzero digit to the last, the dot
  // aside: found by their indexes, not gathered one by one (a number may be megabytes long).
  let first = -1, last = -1, dot = -1, k = i;
  for (; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === DOT) dot = k;
    else if (c > ZERO && c <= NINE) {
      if (first < 0) first = k;
      last = k;
    } else if (c !== ZERO) break;
  }
  const digitsEnd = k, plain = dot < 0 && k >= end;
  let exponent = 0, exponentNegative = false;
  if (k < end) {
    k++; // e or E
    const sign = text.charCodeAt(k);
    if (sign === PLUS || sign === MINUS) {
      exponentNegative = sign === MINUS;
      k++;
    }
    // Capped past any number's count of digits (max_token is at most 16 Mi): the sign of
    // `power` below stays exact.
    for (; k < end; k++) {
      if (exponent < 100_000_000) exponent = exponent * 10 + (text.charCodeAt(k) - ZERO);
    }
  }
  if (first < 0) return false; // zero
  const fraction = dot < 0 ? 0 : digitsEnd - dot - 1;
  const trailing = digitsEnd - last - 1 - (dot > last ? 1 : 0);
  const power = (exponentNegative ? -exponent : exponent) - fraction + trailing;
  if (power < 0) return false; // not an integer
  const significant = first < dot && dot < last
    ? text.slice(first, dot) + text.slice(dot + 1, last + 1)
    : text.slice(first, last + 1);
  const length = significant.length + power;
  if (length < 16 || (length === 16 && significant + "0".repeat(power) <= "9007199254740991")) {
    return false;
  }
  if (plain) return true;
  return significantDigits(String(Math.abs(value))) !== significant;
}

/**
 * The significant digits of a number's JavaScript rendering (`1.23e+67` → `123`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { significantDigits } from "./numbers.ts";
 * strictEqual(significantDigits("1.23e+67"), "123");
 * strictEqual(significantDigits("120000"), "12");
 * strictEqual(significantDigits("0.00105"), "105");
 * strictEqual(significantDigits("0"), "");
 * ```
 */
export function significantDigits(rendered: string): string {
  let digits = "";
  for (let k = 0; k < rendered.length; k++) {
    const c = rendered.charCodeAt(k);
    if (c === LOWER_E) break;
    if (c >= ZERO && c <= NINE && (digits.length > 0 || c !== ZERO)) digits += rendered[k];
  }
  let cut = digits.length;
  while (cut > 0 && digits.charCodeAt(cut - 1) === ZERO) cut--;
  return digits.slice(0, cut);
}

/**
 * Exact powers of ten (the fast path of decimal reading).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { POW10 } from "./numbers.ts";
 * strictEqual(POW10.length, 23);
 * strictEqual(POW10[0], 1);
 * strictEqual(POW10[22], 1e22); // the largest power of ten a double holds exactly
 * ```
 */
export const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * A decimal number's digits as read so far: at most 15 significant digits (or 16 while the
 * mantissa stays at most 2^53 − 1: `i / 7` prints 16 or 17) in an exact integer mantissa, the
 * count of fraction digits among them (`scale`), and whether digits were left out (`inexact`).
 * Within Clinger's fast path (an exact mantissa, a power of ten at most 10^22) one correctly
 * rounded multiplication or division gives the double, no substring needed. One reading is kept
 * across a chunk end (the scanner's NUMBER_REST mode goes on with it).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DecimalReading } from "./numbers.ts";
 * strictEqual(new DecimalReading().fraction, -1);
 * ```
 */
export class DecimalReading {
  /** The significant digits read, as an exact integer. */
  mantissa = 0;
  /** How many significant digits the mantissa holds. */
  significant = 0;
  /** How many of them follow the dot. */
  scale = 0;
  /** Whether a significant digit was left out of the mantissa. */
  inexact = false;
  /** Digits before the dot. */
  digits = 0;
  /** Digits after the dot (-1: no dot). */
  fraction = -1;
  /** The exponent's value (capped), and its digits (-1: no exponent). */
  exponent = 0;
  exponentDigits = -1;
  /** A minus sign was written; the first digit is a zero; a `_` separator was read. */
  negative = false;
  leadingZero = false;
  separated = false;

  /** Starts a new number. */
  reset(negative: boolean): void {
    this.mantissa =
      this.significant =
      this.scale =
      this.digits =
      this.exponent =
        0;
    this.fraction = this.exponentDigits = -1;
    this.inexact = this.leadingZero = this.separated = false;
    this.negative = negative;
  }
}

/**
 * Reads the digits before a dot from i into `r`; returns the index past them.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DecimalReading, readIntegerDigits } from "./numbers.ts";
 * const r = new DecimalReading();
 * strictEqual(readIntegerDigits("9007199254740993", 0, 16, r), 16);
 * strictEqual(r.inexact, true); // past 2^53 − 1: the 16th digit is left out
 * ```
 */
export function readIntegerDigits(text: string, i: number, n: number, r: DecimalReading): number {
  let mantissa = r.mantissa, significant = r.significant, inexact = r.inexact, c = 0;
  const from = i;
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
    i++;
  }
  r.mantissa = mantissa;
  r.significant = significant;
  r.inexact = inexact;
  r.digits += i - from;
  return i;
}

/**
 * Reads the digits after a dot from i into `r` (its `fraction` at least 0); returns the index
 * past them. A zero past the significant digits loses nothing.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DecimalReading, readFractionDigits } from "./numbers.ts";
 * const r = new DecimalReading();
 * strictEqual(readFractionDigits("25", 0, 2, r), 2);
 * strictEqual(r.fraction, 2);
 * ```
 */
export function readFractionDigits(text: string, i: number, n: number, r: DecimalReading): number {
  let mantissa = r.mantissa, significant = r.significant, scale = r.scale;
  let inexact = r.inexact, c = 0;
  const from = i;
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
    i++;
  }
  r.mantissa = mantissa;
  r.significant = significant;
  r.scale = scale;
  r.inexact = inexact;
  r.fraction = (r.fraction < 0 ? 0 : r.fraction) + i - from;
  return i;
}

/**
 * Reads an exponent's sign and digits from i (just past `e`) into `r`; returns the index past
 * them. Its value is capped (a larger one is out of range anyway).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DecimalReading, readExponent } from "./numbers.ts";
 * const r = new DecimalReading();
 * strictEqual(readExponent("-12]", 0, 4, r), 3);
 * strictEqual(r.exponent, -12);
 * ```
 */
export function readExponent(text: string, i: number, n: number, r: DecimalReading): number {
  let exponent = 0, digits = 0, c = 0, negative = false;
  if (i < n && ((c = text.charCodeAt(i)) === PLUS || c === MINUS)) {
    negative = c === MINUS;
    i++;
  }
  while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
    if (exponent < 100_000) exponent = exponent * 10 + (c - ZERO);
    digits++;
    i++;
  }
  r.exponent = negative ? -exponent : exponent;
  r.exponentDigits = digits;
  return i;
}

/**
 * The double of an exact reading within Clinger's fast path (a power of ten at most 10^22 either
 * way), or NaN outside it (the lexeme must be read then).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DecimalReading, fastDouble, readFractionDigits, readIntegerDigits } from "./numbers.ts";
 * const r = new DecimalReading();
 * readFractionDigits("0.5", readIntegerDigits("0.5", 0, 3, r) + 1, 3, r);
 * strictEqual(fastDouble(r), 0.5);
 * ```
 */
export function fastDouble(r: DecimalReading): number {
  const power = r.exponent - r.scale;
  if (r.inexact || power < -22 || power > 22) return NaN;
  return power >= 0 ? r.mantissa * POW10[power] : r.mantissa / POW10[-power];
}
