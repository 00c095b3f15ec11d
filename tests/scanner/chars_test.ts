/**
 * The scanner's character classes (`engine/scanner/chars.ts`), each at the edges of its ranges:
 * white space, format characters, hex digits, quotes and their closers, upper case and non-ASCII
 * in keys, the plain runs a string fast path may take whole, and text comparisons.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  closingQuote,
  hasCase,
  hexValue,
  holdsAnyOf,
  isAllBlank,
  isFormatCharacter,
  isHex,
  isPlainRun,
  sameText,
  skipWhiteSpace,
  WIDE,
} from "../../engine/scanner/chars.ts";

const code = (c: string): number => c.charCodeAt(0);

/** A predicate of one char code, and the characters it holds and does not. */
const CLASSES: readonly {
  name: string;
  holds: (c: number) => boolean;
  yes: string;
  no: string;
}[] = [
  {
    name: "a format character (zero-width space, non-joiner, joiner, word joiner)",
    holds: isFormatCharacter,
    yes: "\u200b\u200c\u200d\u2060",
    no: "\u200a\u200e\u205f\u2061 \u00a0\ufeff",
  },
  {
    name: "a hex digit",
    holds: isHex,
    yes: "0123456789ABCDEFabcdef",
    no: "/:@G`gxX ",
  },
];

for (const row of CLASSES) {
  Deno.test(`chars: ${row.name}`, () => {
    for (const c of row.yes) assert.equal(row.holds(code(c)), true, `U+${code(c).toString(16)}`);
    for (const c of row.no) assert.equal(row.holds(code(c)), false, `U+${code(c).toString(16)}`);
  });
}

Deno.test("chars: a hex digit's value", () => {
  const digits = "0123456789abcdef";
  for (let v = 0; v < 16; v++) {
    assert.equal(hexValue(code(digits[v])), v, digits[v]);
    assert.equal(hexValue(code(digits[v].toUpperCase())), v, digits[v].toUpperCase());
  }
});

const WHITE_SPACE: readonly { name: string; text: string; i: number; n: number; to: number }[] = [
  { name: "space, tab, line feed and carriage return", text: " \t\n\rx", i: 0, n: 5, to: 4 },
  { name: "none", text: "x ", i: 0, n: 2, to: 0 },
  { name: "from i on", text: "x  y", i: 1, n: 4, to: 3 },
  { name: "up to n only", text: "    x", i: 0, n: 2, to: 2 },
  { name: "to the end", text: "  ", i: 0, n: 2, to: 2 },
  { name: "not a no-break space", text: "\u00a0", i: 0, n: 1, to: 0 },
  { name: "not a format character", text: "\u200b", i: 0, n: 1, to: 0 },
  { name: "not a form feed or vertical tab", text: "\f\v", i: 0, n: 2, to: 0 },
];

for (const row of WHITE_SPACE) {
  Deno.test(`chars: white space skipped: ${row.name}`, () => {
    assert.equal(skipWhiteSpace(row.text, row.i, row.n), row.to);
    assert.equal(isAllBlank(row.text, row.i, row.n), row.to === row.n);
  });
}

const PLAIN_RUNS: readonly {
  name: string;
  chunk: string;
  quote: string;
  wide: number;
  plain: boolean;
}[] = [
  { name: "letters, digits, spaces", chunk: "ab 12", quote: '"', wide: WIDE, plain: true },
  { name: "an empty chunk", chunk: "", quote: '"', wide: WIDE, plain: true },
  { name: "the quote that ends it", chunk: 'ab"c', quote: '"', wide: WIDE, plain: false },
  { name: "another quote", chunk: "ab'c", quote: '"', wide: WIDE, plain: true },
  { name: "a single quote that ends it", chunk: "ab'c", quote: "'", wide: WIDE, plain: false },
  { name: "a backslash", chunk: "a\\b", quote: '"', wide: WIDE, plain: false },
  { name: "a control character", chunk: "a\u001fb", quote: '"', wide: WIDE, plain: false },
  { name: "a tab", chunk: "a\tb", quote: '"', wide: WIDE, plain: false },
  {
    name: "the characters after the backslash",
    chunk: "]^_`{|}~",
    quote: '"',
    wide: WIDE,
    plain: true,
  },
  {
    name: "a character just below the wide limit",
    chunk: "\u061b",
    quote: '"',
    wide: WIDE,
    plain: true,
  },
  { name: "the wide limit", chunk: "a\u061c", quote: '"', wide: WIDE, plain: false },
  { name: "above the wide limit", chunk: "\u2028", quote: '"', wide: WIDE, plain: false },
  { name: "a key's lower limit (U+00AD)", chunk: "\u00ad", quote: '"', wide: 0xad, plain: false },
  { name: "below a key's lower limit", chunk: "\u00ac", quote: '"', wide: 0xad, plain: true },
  {
    name: "a curly quote ending it past the limit",
    chunk: "\u201d",
    quote: "\u201d",
    wide: WIDE,
    plain: false,
  },
];

for (const row of PLAIN_RUNS) {
  Deno.test(`chars: a plain run ${row.plain ? "holds" : "stops at"} ${row.name}`, () => {
    assert.equal(isPlainRun(row.chunk, code(row.quote), row.wide), row.plain);
  });
}

Deno.test("chars: WIDE is the first bidi control (U+061C)", () => {
  assert.equal(WIDE, 0x061c);
});

const TEXTS: readonly { name: string; holds: boolean; run: () => boolean }[] = [
  { name: "a text holding one of the characters", holds: true, run: () => holdsAnyOf("abc", "xc") },
  { name: "a text holding the first of them", holds: true, run: () => holdsAnyOf("abc", "ay") },
  { name: "a text holding none of them", holds: false, run: () => holdsAnyOf("abc", "xy") },
  { name: "no characters to find", holds: false, run: () => holdsAnyOf("abc", "") },
  {
    name: "a text holding the word undefined and none of the characters",
    holds: false,
    run: () => holdsAnyOf("undefined", "xy"),
  },
  { name: "the same text at i", holds: true, run: () => sameText("xabc", 1, "abc") },
  { name: "the same text at 0", holds: true, run: () => sameText("abc", 0, "abc") },
  {
    name: "a text differing in its last character",
    holds: false,
    run: () => sameText("xabd", 1, "abc"),
  },
  {
    name: "a text differing in its first character",
    holds: false,
    run: () => sameText("xbbc", 1, "abc"),
  },
  { name: "a text ending before the key does", holds: false, run: () => sameText("xab", 1, "abc") },
  { name: "an empty key", holds: true, run: () => sameText("x", 1, "") },
  { name: "a key with no upper case", holds: false, run: () => hasCase("abc_1@[`{") },
  { name: "a key with an A", holds: true, run: () => hasCase("xA") },
  { name: "a key with a Z", holds: true, run: () => hasCase("Zx") },
  { name: "a key with a DEL (ASCII)", holds: false, run: () => hasCase("a\u007f") },
  { name: "a key with a non-ASCII character", holds: true, run: () => hasCase("a\u0080") },
  { name: "an empty key", holds: false, run: () => hasCase("") },
];

for (const row of TEXTS) {
  Deno.test(`chars: ${row.name}`, () => {
    assert.equal(row.run(), row.holds);
  });
}

const QUOTES: readonly { opening: string; closing: string }[] = [
  { opening: "\u201c", closing: "\u201d" },
  { opening: "\u2018", closing: "\u2019" },
  { opening: '"', closing: '"' },
  { opening: "'", closing: "'" },
  { opening: "\u201d", closing: "\u201d" },
];

for (const row of QUOTES) {
  Deno.test(`chars: a string opened by ${row.opening} closes with ${row.closing}`, () => {
    assert.equal(closingQuote(code(row.opening)), code(row.closing));
  });
}
