/**
 * Char codes and character classes shared by the scanner and the candidate
 * rules (`engine/candidates.ts`, `engine/framing.ts`): which characters make
 * a word, a quote, white space JSON does not allow.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isQuote, isWordChar, LBRACE } from "./characters.ts";
 * strictEqual(isWordChar("a".charCodeAt(0)), true);
 * strictEqual(isQuote(0x201c), true); // a typographic quote opens a string
 * strictEqual(LBRACE, 123);
 * ```
 *
 * @module
 */

/** Char codes (each named for its character). */
export const TAB = 9, LF = 10, CR = 13, SPACE = 32, QUOTE = 34, HASH = 35, DOLLAR = 36;
/** Char codes (each named for its character). */
export const APOS = 39, PLUS = 43, COMMA = 44, MINUS = 45, DOT = 46, SLASH = 47, ZERO = 48;
/** Char codes (each named for its character). */
export const NINE = 57, COLON = 58, UPPER_A = 65, UPPER_Z = 90, LBRACKET = 91, BACKSLASH = 92;
/** Char codes (each named for its character). */
export const RBRACKET = 93, UNDERSCORE = 95, BACKTICK = 96, LOWER_A = 97, LOWER_Z = 122;
/** Char codes (each named for its character). */
export const LBRACE = 123, RBRACE = 125, STAR = 42, LOWER_X = 120, LOWER_E = 101, UPPER_E = 69;
/** Char codes (each named for its character). */
export const TILDE = 126, LESS = 60, GREATER = 62, LPAREN = 40, RPAREN = 41, EQUALS = 61;
/** Typographic quotes and the ellipsis. */
export const LDQUO = 0x201c, RDQUO = 0x201d, LSQUO = 0x2018, RSQUO = 0x2019, ELLIPSIS = 0x2026;
/** The byte order mark. */
export const BOM = 0xfeff;

/**
 * Whether a char code is an ASCII digit.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isDigit } from "./characters.ts";
 * strictEqual(isDigit(55), true); // "7"
 * strictEqual(isDigit(97), false); // "a"
 * ```
 */
export function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/**
 * White space that JSON does not allow between tokens (no-break space, line
 * separator, the Unicode spaces).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isOtherSpace } from "./characters.ts";
 * strictEqual(isOtherSpace(0xa0), true);
 * strictEqual(isOtherSpace(32), false); // a JSON space
 * ```
 */
export function isOtherSpace(c: number): boolean {
  return c === 0xa0 || c === 0x0b || c === 0x0c || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * Whether a char code can continue a bare word (`abc`, `$x`, `a-b`, `é`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isWordChar } from "./characters.ts";
 * strictEqual(isWordChar(45), true); // "-"
 * strictEqual(isWordChar(44), false); // ","
 * ```
 */
export function isWordChar(c: number): boolean {
  return (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) ||
    (c >= ZERO && c <= NINE) ||
    c === UNDERSCORE || c === DOLLAR || c === MINUS || (c >= 0x80 && c !== LDQUO && c !== RDQUO &&
      c !== LSQUO && c !== RSQUO && c !== ELLIPSIS && !isOtherSpace(c));
}

/**
 * Whether a char code can start a bare word (a letter, `_`, `$`, non-ASCII).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isWordStart } from "./characters.ts";
 * strictEqual(isWordStart(84), true); // "T"
 * strictEqual(isWordStart(49), false); // "1"
 * ```
 */
export function isWordStart(c: number): boolean {
  return (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) || c === UNDERSCORE ||
    c === DOLLAR || (c >= 0x80 && c !== LDQUO && c !== RDQUO && c !== LSQUO && c !== RSQUO &&
      c !== ELLIPSIS && c !== BOM && !isOtherSpace(c));
}

/**
 * Whether a char code opens or closes a string (straight, single or typographic quotes).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isQuote } from "./characters.ts";
 * strictEqual(isQuote(39), true); // "'"
 * strictEqual(isQuote(96), false); // "`"
 * ```
 */
export function isQuote(c: number): boolean {
  return c === QUOTE || c === APOS || c === LDQUO || c === LSQUO || c === RDQUO || c === RSQUO;
}
