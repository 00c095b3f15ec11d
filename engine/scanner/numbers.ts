/** @module */

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const PLUS = 43, MINUS = 45, DOT = 46, ZERO = 48, NINE = 57, LOWER_E = 101;

/** The largest safe integer, 2^53 − 1: a double at least this large may be an unsafe integer. */
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
 */
export function isUnsafeInteger(text: string, i: number, end: number, value: number): boolean {
  let digits = "", fraction = 0, inFraction = false, k = i;
  for (; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === DOT) inFraction = true;
    else if (c >= ZERO && c <= NINE) {
      if (digits.length > 0 || c !== ZERO) digits += text[k];
      if (inFraction) fraction++;
    } else break;
  }
  const plain = !inFraction && k >= end;
  let exponent = 0, exponentNegative = false;
  if (k < end) {
    k++; // e or E
    const sign = text.charCodeAt(k);
    if (sign === PLUS || sign === MINUS) {
      exponentNegative = sign === MINUS;
      k++;
    }
    for (; k < end; k++) {
      if (exponent < 1_000_000) exponent = exponent * 10 + (text.charCodeAt(k) - ZERO);
    }
  }
  if (digits.length === 0) return false;
  let trailing = 0;
  while (digits.charCodeAt(digits.length - 1 - trailing) === ZERO) trailing++;
  const power = (exponentNegative ? -exponent : exponent) - fraction + trailing;
  if (power < 0) return false; // not an integer
  const significant = digits.slice(0, digits.length - trailing);
  const length = significant.length + power;
  if (length < 16 || (length === 16 && significant + "0".repeat(power) <= "9007199254740991")) {
    return false;
  }
  if (plain) return true;
  return significantDigits(String(Math.abs(value))) !== significant;
}

/** The significant digits of a number's JavaScript rendering (`1.23e+67` → `123`). */
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

/** Exact powers of ten (the fast path of decimal reading). */
export const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
