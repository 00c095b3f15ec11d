/**
 * Character classes and predicates of the scanner: white space, hex digits, quotes, format
 * characters, and the plain-run tests the string fast paths use. Pure functions of char codes and
 * strings; `characters.ts` of the engine holds the classes the rest of the engine shares.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { closingQuote, isHex, skipWhiteSpace } from "./chars.ts";
 * strictEqual(skipWhiteSpace(" \n[", 0, 3), 2);
 * strictEqual(isHex("f".charCodeAt(0)), true);
 * strictEqual(closingQuote(0x201c), 0x201d); // “ closes with ”
 * ```
 *
 * @module
 */

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  ZERO = 48,
  NINE = 57,
  UPPER_A = 65,
  UPPER_Z = 90,
  BACKSLASH = 92,
  LDQUO = 0x201c,
  RDQUO = 0x201d,
  LSQUO = 0x2018,
  RSQUO = 0x2019;

/**
 * Value strings: every code unit below U+061C (the first bidi control) is free
 * of the hazards a value can hold (bidi controls, tag characters, lone
 * surrogates), so the value loops stop only from here. Keys stop from
 * `FIRST_HAZARD_UNIT` (U+00AD): every default-ignorable is a hazard in a key.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isPlainRun, WIDE } from "./chars.ts";
 * strictEqual(WIDE, 0x061c);
 * strictEqual(isPlainRun("caf\u00e9", 0x22, WIDE), true); // below U+061C: plain in a value
 * strictEqual(isPlainRun("a\u061cb", 0x22, WIDE), false); // the first bidi control
 * ```
 */
export const WIDE = 0x061c;

/**
 * An invisible format character (zero-width space, joiners, word joiner)
 * between tokens: white space to every reader that sees it (issue 22).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isFormatCharacter } from "./chars.ts";
 * strictEqual(isFormatCharacter(0x200b), true); // zero-width space
 * strictEqual(isFormatCharacter(0x2060), true); // word joiner
 * strictEqual(isFormatCharacter(0x20), false); // a plain space is not one
 * ```
 */
export function isFormatCharacter(c: number): boolean {
  return c === 0x200b || c === 0x200c || c === 0x200d || c === 0x2060;
}

/**
 * Whether `text` from `start` to `end` holds only white space.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isAllBlank } from "./chars.ts";
 * strictEqual(isAllBlank("[ \n\t ]", 1, 5), true);
 * strictEqual(isAllBlank("[ 1 ]", 1, 4), false);
 * strictEqual(isAllBlank("[]", 1, 1), true); // an empty range
 * ```
 */
export function isAllBlank(text: string, start: number, end: number): boolean {
  return skipWhiteSpace(text, start, end) >= end;
}

/**
 * Whether char code `c` is a hex digit (`0-9`, `A-F`, `a-f`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isHex } from "./chars.ts";
 * strictEqual(isHex("7".charCodeAt(0)), true);
 * strictEqual(isHex("F".charCodeAt(0)), true);
 * strictEqual(isHex("f".charCodeAt(0)), true);
 * strictEqual(isHex("g".charCodeAt(0)), false);
 * ```
 */
export function isHex(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * The value (0 to 15) of a hex digit's char code `c` (`isHex(c)` must hold).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { hexValue } from "./chars.ts";
 * strictEqual(hexValue("0".charCodeAt(0)), 0);
 * strictEqual(hexValue("9".charCodeAt(0)), 9);
 * strictEqual(hexValue("a".charCodeAt(0)), 10);
 * strictEqual(hexValue("F".charCodeAt(0)), 15);
 * ```
 */
export function hexValue(c: number): number {
  return c <= NINE ? c - ZERO : (c | 32) - 87;
}

/**
 * Whether `chunk` holds nothing that the string scanner stops at (its
 * closing quote `q`, a backslash, a control character, a character from
 * `wide` up: U+061C in a value, U+00AD in a key): a string being read only
 * grows by it.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isPlainRun, WIDE } from "./chars.ts";
 * const QUOTE = 0x22;
 * strictEqual(isPlainRun("hello world", QUOTE, WIDE), true);
 * strictEqual(isPlainRun('say "hi"', QUOTE, WIDE), false); // the closing quote
 * strictEqual(isPlainRun("a\\n", QUOTE, WIDE), false); // a backslash
 * strictEqual(isPlainRun("a\tb", QUOTE, WIDE), false); // a control character
 * strictEqual(isPlainRun("soft\u00adhyphen", QUOTE, 0x00ad), false); // a key stops at U+00AD
 * ```
 */
export function isPlainRun(chunk: string, q: number, wide: number): boolean {
  for (let k = 0; k < chunk.length; k++) {
    const c = chunk.charCodeAt(k);
    if (c > BACKSLASH ? c >= wide : c === q || c === BACKSLASH || c < SPACE) return false;
  }
  return true;
}

/**
 * Whether `text` holds one of the characters of `chars` (searched natively).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { holdsAnyOf } from "./mod.ts";
 * strictEqual(holdsAnyOf('{"a":[1,2', "]}"), false);
 * strictEqual(holdsAnyOf("1,2]", "]}"), true);
 * ```
 */
export function holdsAnyOf(text: string, chars: string): boolean {
  for (let k = 0; k < chars.length; k++) if (text.indexOf(chars[k]) >= 0) return true;
  return false;
}

/**
 * Whether `text` holds `key` at offset i.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { sameText } from "./chars.ts";
 * strictEqual(sameText('{"name":1}', 2, "name"), true);
 * strictEqual(sameText('{"name":1}', 1, "name"), false);
 * strictEqual(sameText('{"na', 2, "name"), false); // past the end of the text
 * ```
 */
export function sameText(text: string, i: number, key: string): boolean {
  for (let k = 0; k < key.length; k++) {
    if (text.charCodeAt(i + k) !== key.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * The index of the first character at or after `i` (before `n`) that is not
 * JSON white space (space, tab, line feed, carriage return).
 *
 * @example
 * ```ts
 * import { skipWhiteSpace } from "./mod.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(skipWhiteSpace(" \r\n\t{}", 0, 6), 4);
 * ```
 */
export function skipWhiteSpace(text: string, i: number, n: number): number {
  let c = 0;
  while (i < n && ((c = text.charCodeAt(i)) === SPACE || c === LF || c === CR || c === TAB)) i++;
  return i;
}

/**
 * Whether a key has a letter whose case can fold (ASCII upper case, or
 * anything non-ASCII): only the keys of an object with such a key are
 * compared beyond equality (`keyCollisions`).
 *
 * @example
 * ```ts
 * import { hasCase } from "./mod.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(hasCase("filePath"), true);
 * strictEqual(hasCase("path"), false);
 * ```
 */
export function hasCase(key: string): boolean {
  for (let k = 0; k < key.length; k++) {
    const c = key.charCodeAt(k);
    if ((c >= UPPER_A && c <= UPPER_Z) || c >= 0x80) return true;
  }
  return false;
}

/**
 * A string delimiter's closing char code, for an opening one.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { closingQuote } from "./chars.ts";
 * strictEqual(closingQuote(0x201c), 0x201d); // “ closes with ”
 * strictEqual(closingQuote(0x2018), 0x2019); // ‘ closes with ’
 * strictEqual(closingQuote(0x22), 0x22); // " closes with itself
 * strictEqual(closingQuote(0x27), 0x27); // ' closes with itself
 * ```
 */
export function closingQuote(c: number): number {
  if (c === LDQUO) return RDQUO;
  if (c === LSQUO) return RSQUO;
  return c;
}
