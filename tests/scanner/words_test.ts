/**
 * Bare words in value position (`engine/scanner/words.ts`): the JSON literals (their fast check
 * `literalEnd`, a literal resumed after a chunk end `literalRest`, `isLiteralPrefix`), the words
 * models write for them (`True`, `None`, `undefined`, `NULL`, `NaN`), a literal cut by the end of
 * the input (completed), and bare strings: an unquoted string (`R030`), or text that has one
 * reading (`R062`: two words, a URL, an address, up to its member's end), `max_token` on a word.
 * The scan rows are also fed cut at every point.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  isLiteralPrefix,
  literalEnd,
  literalRest,
  LITERALS,
  portEnd,
  WORDS,
} from "../../engine/scanner/words.ts";
import { NOT_PLAIN } from "../../engine/scanner/codes.ts";
import { ScanState } from "../../engine/scanner/state.ts";
import { PROFILES } from "../../engine/profiles.ts";
import { Scanner } from "../../engine/scanner/mod.ts";
import { checkRows, type ScanRow } from "./scan_rows.ts";

const ROWS: readonly ScanRow[] = [
  {
    name: "the JSON literals need no repair",
    input: "[true, false, null]",
    value: [true, false, null],
    span: [0, 19],
  },
  { name: "a literal at the end of the input", input: "true", value: true, span: [0, 4] },
  { name: "a literal before white space at the end", input: "null \n", value: null, span: [0, 4] },
  {
    name: "Python's True, False and None",
    input: "[True, False, None]",
    value: [true, false, null],
    rules: "R015@1 R015@7 R015@14",
    span: [0, 19],
  },
  {
    name: "undefined reads as null",
    input: "[undefined]",
    value: [null],
    rules: "R016@1",
    span: [0, 11],
  },
  {
    name: "literals in capitals",
    input: "[TRUE, FALSE, NULL, Null]",
    value: [true, false, null, null],
    rules: "R057@1 R057@7 R057@14 R057@20",
    span: [0, 25],
  },
  {
    name: "NaN and Infinity read as null",
    input: "[NaN, Infinity]",
    value: [null, null],
    rules: "R023@1 R023@6",
    span: [0, 15],
  },
  {
    name: "a word in a member's value",
    input: '{"a": None}',
    value: { "a": null },
    rules: "R015@6",
    span: [0, 11],
  },
  {
    name: "a literal cut at the end is completed",
    input: "[tr",
    value: [true],
    rules: "R012@1 R011@3",
    span: [0, 3],
  },
  {
    name: "a Python literal cut at the end is completed, then repaired",
    input: "[Tr",
    value: [true],
    rules: "R012@1 R015@1 R011@3",
    span: [0, 3],
  },
  {
    name: "null cut at the end is completed",
    input: '{"a": nu',
    value: { "a": null },
    rules: "R012@6 R011@8",
    span: [0, 8],
  },
  {
    name: "false cut at the end is completed",
    input: "[f",
    value: [false],
    rules: "R012@1 R011@2",
    span: [0, 2],
  },
  {
    name: "None cut at the end is completed",
    input: "[Non",
    value: [null],
    rules: "R012@1 R015@1 R011@4",
    span: [0, 4],
  },
  {
    name: "a word no literal starts with, cut at the end, is a string",
    input: "[tx",
    value: ["tx"],
    rules: "R030@1 R010@3 R011@3",
    span: [0, 3],
  },
  {
    name: "a whole literal and more letters is a string",
    input: '{"a": truex}',
    value: { "a": "truex" },
    rules: "R030@6",
    span: [0, 12],
  },
  {
    name: "a bare word in an array is an unquoted string",
    input: '{"a": [hello]}',
    value: { "a": ["hello"] },
    rules: "R030@7",
    span: [0, 14],
  },
  {
    name: "a bare word in an object is an unquoted string",
    input: '{"a": hello}',
    value: { "a": "hello" },
    rules: "R030@6",
    span: [0, 12],
  },
  {
    name: "two words up to the member's end are text",
    input: '{"city": New York}',
    value: { "city": "New York" },
    rules: "R062@9",
    span: [0, 18],
  },
  {
    name: "two words before a comma are text",
    input: '{"city": New York, "b": 1}',
    value: { "city": "New York", "b": 1 },
    rules: "R062@9",
    span: [0, 26],
  },
  {
    name: "two words on a line that ends are an unquoted string",
    input: '{"city": New York\n}',
    value: { "city": "New York" },
    rules: "R030@9",
    span: [0, 19],
  },
  {
    name: "two words at the end of the input are an unquoted string",
    input: '{"city": New York',
    value: { "city": "New York" },
    rules: "R030@9 R010@17 R011@17",
    span: [0, 17],
  },
  {
    name: "two words in an array are an unquoted string",
    input: "[New York]",
    value: ["New York"],
    rules: "R030@1",
    span: [0, 10],
  },
  {
    name: "words joined by a minus are an unquoted string",
    input: '{"a": x - y}',
    value: { "a": "x - y" },
    rules: "R030@6",
    span: [0, 12],
  },
  {
    name: "a dotted name is an unquoted string",
    input: '{"a": a.b}',
    value: { "a": "a.b" },
    rules: "R030@6",
    span: [0, 10],
  },
  {
    name: "a URL in a member's value is text, its colon and slashes kept",
    input: '{"u": https://example.com/a}',
    value: { "u": "https://example.com/a" },
    rules: "R062@6",
    span: [0, 28],
  },
  {
    name: "a URL's port stays in the URL",
    input: '{"u": http://h:8080/a}',
    value: { "u": "http://h:8080/a" },
    rules: "R062@6",
    span: [0, 22],
  },
  {
    name: "a URL ending in its port, then another member",
    input: '{"u": http://localhost:3000, "n": 1}',
    value: { "u": "http://localhost:3000", "n": 1 },
    rules: "R062@6",
    span: [0, 36],
  },
  {
    name: "a URL's port before a query",
    input: '{"u": https://h.example:443?q=1}',
    value: { "u": "https://h.example:443?q=1" },
    rules: "R062@6",
    span: [0, 32],
  },
  {
    name: "a URL's port cut by the end of the input",
    input: '{"u": http://h:80',
    value: { "u": "http://h:80" },
    rules: "R030@6 R010@17 R011@17",
    span: [0, 17],
  },
  {
    name: "a colon after white space in a URL's host is no port",
    input: '{"u": http://h b:1}',
    value: { "u": "http://h b", "1": null },
    rules: "R030@6 R031@16 R006@17 R007@17 R024@18",
    is: "lossy syntactic invalid complete",
  },
  {
    name: "a colon followed by six digits is no port",
    input: '{"u": http://h:123456}',
    value: { "u": "http://h", "123456": null },
    rules: "R030@6 R031@14 R006@15 R007@15 R024@21",
    is: "lossy syntactic invalid complete",
  },
  {
    name: "a colon followed by letters after a URL's host is no port",
    input: '{"u": http://h:x}',
    value: { "u": "http://h", "x": null },
    rules: "R030@6 R031@14 R006@15 R007@15 R024@16",
    is: "lossy syntactic invalid complete",
  },
  {
    name: "a colon with digits but no URL before it ends the word",
    input: '{"u":a:8}',
    value: { "u": "a", "8": null },
    rules: "R030@5 R031@6 R006@7 R007@7 R024@8",
    is: "lossy syntactic invalid complete",
  },
  {
    name: "a colon after a URL's port and path ends the word",
    input: '{"u":http://h:80/a:90}',
    value: { "u": "http://h:80/a", "90": null },
    rules: "R030@5 R031@18 R006@19 R007@19 R024@21",
    is: "lossy syntactic invalid complete",
  },
  {
    name: "a colon without slashes in a member's value ends the word",
    input: '{"u": a:b}',
    value: { "u": "a", "b": null },
    rules: "R030@6 R031@7 R006@8 R007@8 R024@9",
    span: [0, 10],
  },
  {
    name: "a colon and one slash ends the word",
    input: '{"u": a:/b}',
    value: { "u": "a", "b": null },
    rules: "R030@6 R031@7 R031@8 R006@9 R007@9 R024@10",
    span: [0, 11],
  },
  {
    name: "a colon in an array ends the word",
    input: "[a://b]",
    value: ["a"],
    rules: "R030@1 R031@2 R004@3 R011@7",
    span: [0, 7],
  },
  {
    name: "an address is text",
    input: '{"e": bob@example.com}',
    value: { "e": "bob@example.com" },
    rules: "R062@6",
    span: [0, 22],
  },
  {
    name: "an address with a space is not an address",
    input: '{"e": bob @example.com}',
    value: { "e": "bob @example.com" },
    rules: "R030@6",
    span: [0, 23],
  },
  {
    name: "white space after a bare word is not part of it",
    input: '{"a": hello \t }',
    value: { "a": "hello" },
    rules: "R030@6",
    span: [0, 15],
  },
  {
    name: "a bare word cut at the end of the input is closed",
    input: '{"a": hel',
    value: { "a": "hel" },
    rules: "R030@6 R010@9 R011@9",
    span: [0, 9],
  },
  {
    name: "a bare word ends at a quote",
    input: '[ab"c"]',
    value: ["ab", "c"],
    rules: "R030@1 R006@3",
    span: [0, 7],
  },
  {
    name: "a bare word ends at a bracket",
    input: "[ab[1]]",
    value: ["ab", [1]],
    rules: "R030@1 R006@3",
    span: [0, 7],
  },
  {
    name: "a bare word ends at a brace",
    input: "[ab{}]",
    value: ["ab", {}],
    rules: "R030@1 R006@3",
    span: [0, 6],
  },
  {
    name: "a bare word ends at a carriage return",
    input: "[ab\r]",
    value: ["ab"],
    rules: "R030@1",
    span: [0, 5],
  },
  {
    name: "a bare word under max_token",
    input: '{"a": abcde}',
    options: { maxToken: 5 },
    value: { "a": "abcde" },
    rules: "R030@6",
    span: [0, 12],
  },
  {
    name: "a bare word over max_token is E022",
    input: '{"a": abcdef}',
    options: { maxToken: 5 },
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:7 (offset 6): a word of 6 code units exceeds max_token 5",
  },
  {
    name: "a bare word is refused where quotes may not be invented",
    input: '{"a": hello}',
    profile: "agent",
    value: { "a": "hello" },
    rules: "R030@6",
    refusal: "E011",
    span: [0, 12],
  },
  {
    name: "NaN is refused where a lossy repair is",
    input: "[NaN]",
    profile: "agent",
    value: [null],
    rules: "R023@1",
    refusal: "E010",
    span: [0, 5],
  },
  {
    name: "text over max_token is E022",
    input: '{"a": New York}',
    options: { maxToken: 7 },
    fatal: "E022",
  },
  {
    name: "text at max_token",
    input: '{"a": New York}',
    options: { maxToken: 8 },
    value: { "a": "New York" },
    rules: "R062@6",
    span: [0, 15],
  },
  {
    name: "a word repeating a member, another value",
    input: '{"a": 1, "a": None}',
    value: { "a": null },
    rules: "R015@14 R032@14",
    span: [0, 19],
  },
  {
    name: "a completed word repeating a member",
    input: '{"a": 1, "a": Tr',
    value: { "a": true },
    rules: "R012@14 R015@14 R032@14 R011@16",
    span: [0, 16],
  },
  {
    name: "a bare word repeating a member",
    input: '{"a": 1, "a": hello}',
    value: { "a": "hello" },
    rules: "R030@14 R032@14",
    span: [0, 20],
  },
  {
    name: "a literal prefix inside the text is a string, not completed",
    input: '{"a": tr, "b": 1}',
    value: { "a": "tr", "b": 1 },
    rules: "R030@6",
    span: [0, 17],
  },
  {
    name: "a word at the end of the input at max_token",
    input: '{"a": abcde',
    options: { maxToken: 5 },
    value: { "a": "abcde" },
    rules: "R030@6 R010@11 R011@11",
    span: [0, 11],
  },
  {
    name: "a comma and two slashes end a bare word",
    input: '{"a": x,// note\n"b": 1}',
    value: { "a": "x", "b": 1 },
    rules: "R030@6 R004@8",
    span: [0, 23],
  },
  {
    name: "a colon at the end of the input ends a bare word",
    input: '{"u": a:',
    value: { "u": "a" },
    rules: "R030@6 R031@7 R011@8",
    span: [0, 8],
  },
  {
    name: "a colon and one slash at the end of the input",
    input: '{"u": a:/',
    value: { "u": "a" },
    rules: "R030@6 R031@7 R031@8 R011@9",
    span: [0, 9],
  },
  {
    name: "a colon, a letter and a slash end a bare word",
    input: '{"u": a:x/b}',
    value: { "u": "a", "x": "b" },
    rules: "R030@6 R031@7 R006@8 R007@8 R031@9 R025@10 R053@10 R030@10",
    span: [0, 12],
  },
  {
    name: "two words in an array before a comma are an unquoted string",
    input: '{"a": [New York, 1]}',
    value: { "a": ["New York", 1] },
    rules: "R030@7",
    span: [0, 20],
  },
  {
    name: "a one-letter word and another are text",
    input: '{"a": I am}',
    value: { "a": "I am" },
    rules: "R062@6",
    span: [0, 11],
  },
  {
    name: "a word ending in a digit and another are text",
    input: '{"a": A1 B}',
    value: { "a": "A1 B" },
    rules: "R062@6",
    span: [0, 11],
  },
  {
    name: "two words two spaces apart are text",
    input: '{"a": New  York}',
    value: { "a": "New  York" },
    rules: "R062@6",
    span: [0, 16],
  },
  {
    name: "a URL scheme not at the start is no URL",
    input: '{"u": Xy://z}',
    value: { "u": "Xy://z" },
    rules: "R030@6",
    span: [0, 13],
  },
  {
    name: "a URL followed by more is no URL",
    input: '{"u": http://a 1}',
    value: { "u": "http://a 1" },
    rules: "R030@6",
    span: [0, 17],
  },
  {
    name: "an address not at the start is no address",
    input: '{"e": x 1b@c}',
    value: { "e": "x 1b@c" },
    rules: "R030@6",
    span: [0, 13],
  },
  {
    name: "an address followed by more is no address",
    input: '{"e": b@c 1}',
    value: { "e": "b@c 1" },
    rules: "R030@6",
    span: [0, 12],
  },
  {
    name: "a bare value after an inferred colon is a chained repair",
    input: '{"a" hello}',
    value: { "a": "hello" },
    rules: "R025@5 R030@5 R053@5",
    span: [0, 11],
  },
  {
    name: "a bare value in an array after an inferred colon's member",
    input: '{"a" [x] "b": 1}',
    value: { "a": ["x"], "b": 1 },
    rules: "R025@5 R030@6 R006@9",
    span: [0, 16],
  },
];

checkRows("words", ROWS);

/** `literalEnd(text, i)`: the end of the literal at i, or NOT_PLAIN. */
const LITERAL_ENDS: readonly [string, number, number][] = [
  ["true,", 0, 4],
  ["[true]", 1, 5],
  ["false,", 0, 5],
  ["[false ", 1, 6],
  ["null}", 0, 4],
  ["[null\n", 1, 5],
  // No delimiter after it yet: the literal may go on.
  ["true", 0, NOT_PLAIN],
  ["[true", 1, NOT_PLAIN],
  ["false", 0, NOT_PLAIN],
  ["[false", 1, NOT_PLAIN],
  ["null", 0, NOT_PLAIN],
  ["[null", 1, NOT_PLAIN],
  // A longer word.
  ["truex", 0, NOT_PLAIN],
  ["falsey", 0, NOT_PLAIN],
  ["null_", 0, NOT_PLAIN],
  // One letter off, at each place.
  ["txue,", 0, NOT_PLAIN],
  ["trxe,", 0, NOT_PLAIN],
  ["trux,", 0, NOT_PLAIN],
  ["fxlse,", 0, NOT_PLAIN],
  ["faxse,", 0, NOT_PLAIN],
  ["falxe,", 0, NOT_PLAIN],
  ["falsx,", 0, NOT_PLAIN],
  ["nxll,", 0, NOT_PLAIN],
  ["nuxl,", 0, NOT_PLAIN],
  ["nulx,", 0, NOT_PLAIN],
  ["[nxll,", 1, NOT_PLAIN],
];

Deno.test("words: literalEnd finds a literal followed by a delimiter, and nothing else", () => {
  for (const [text, i, end] of LITERAL_ENDS) {
    assert.equal(literalEnd(text, i, text.length, text.charCodeAt(i)), end, text);
  }
});

/** `isLiteralPrefix(text, i, n, literal)`. */
const PREFIXES: readonly [string, number, number, string, boolean][] = [
  ["[tr", 1, 3, "true", true],
  ["[true", 1, 5, "true", true],
  ["[true]", 1, 5, "true", true],
  ["[", 1, 1, "true", true],
  ["[tx", 1, 3, "true", false],
  ["[xr", 1, 3, "true", false],
  ["[truer", 1, 6, "true", false],
  ["nul", 0, 3, "null", true],
  ["nul", 0, 3, "false", false],
];

Deno.test("words: isLiteralPrefix takes a literal's prefix, whole, never longer", () => {
  for (const [text, i, n, literal, prefix] of PREFIXES) {
    assert.equal(isLiteralPrefix(text, i, n, literal), prefix, `${text} ${i}-${n} ${literal}`);
  }
});

/** `literalRest`: the head read in the last chunk (from its start), the next chunk, the answer. */
const RESTS: readonly [string, number, string, string, number][] = [
  ["[tr", 1, "ue]", "true", 2],
  ["tr", 0, "ue,", "true", 2],
  ["[fal", 1, "se ", "false", 2],
  ["[n", 1, "ull}", "null", 3],
  ["[tru", 1, "e]", "true", 1],
  // The rest not followed by a delimiter yet, or by more letters: read it again whole.
  ["[tr", 1, "ue", "true", NOT_PLAIN],
  ["[tr", 1, "uex", "true", NOT_PLAIN],
  // Another word.
  ["[tr", 1, "ee]", "true", NOT_PLAIN],
  ["[tr", 1, "xe]", "true", NOT_PLAIN],
];

Deno.test("words: literalRest reads a literal's rest in the next chunk, or gives it back", () => {
  for (const [head, start, text, literal, end] of RESTS) {
    const s = new ScanState(PROFILES.strict);
    s.rare.tokenHead = head;
    s.rare.tokenHeadStart = start;
    assert.equal(literalRest(s, text, text.length, literal), end, `${head}|${text}`);
  }
});

Deno.test("words: the literals by first letter, and every word's value and rule", () => {
  assert.deepStrictEqual([...LITERALS].map(([c, l]) => [String.fromCharCode(c), l.text, l.value]), [
    ["t", "true", true],
    ["f", "false", false],
    ["n", "null", null],
  ]);
  assert.deepStrictEqual([...WORDS].map(([word, w]) => [word, w.value, w.rule?.code ?? null]), [
    ["true", true, null],
    ["false", false, null],
    ["null", null, null],
    ["True", true, "R015"],
    ["False", false, "R015"],
    ["None", null, "R015"],
    ["undefined", null, "R016"],
    ["TRUE", true, "R057"],
    ["FALSE", false, "R057"],
    ["NULL", null, "R057"],
    ["Null", null, "R057"],
    ["NaN", null, "R023"],
    ["Infinity", null, "R023"],
  ]);
});

/**
 * Text fed before the input ends (whole, and one code unit at a time), and the root read from it:
 * a word is read once it ends.
 */
const READ_AS_FED: readonly [string, unknown][] = [
  ['{"a": None, "b": 1, ', { a: null, b: 1 }],
  ['{"a": hello, "b": 1, ', { a: "hello", b: 1 }],
  ['{"u": http://x, "c": 1, ', { u: "http://x", c: 1 }],
  ['{"u": a:b, "c": 1, ', { u: "a", b: null, c: 1 }],
];

Deno.test("words: a word is read as soon as it ends, before the input does", () => {
  for (const [text, root] of READ_AS_FED) {
    for (const chunks of [[text], text.split("")]) {
      const scanner = new Scanner(PROFILES.permissive);
      for (const chunk of chunks) scanner.feed(chunk, false);
      assert.deepStrictEqual([scanner.hasRoot, scanner.root], [true, root], JSON.stringify(chunks));
    }
  }
});

/** `portEnd(text, host, colon, n, final)`: where a URL's port ends, -1 for no port, -2 to wait. */
const PORTS: readonly [string, string, number, number, number | undefined, boolean, number][] = [
  ["no URL open", "a:80/", -1, 1, undefined, true, -1],
  ["an empty host", "http://:80/", 7, 7, undefined, true, -1],
  ["a space in the host", "http://h b:1}", 7, 10, undefined, true, -1],
  ["a tab in the host", "http://h\tb:1}", 7, 10, undefined, true, -1],
  ["a port, then a path", "http://h:8080/a}", 7, 8, undefined, true, 13],
  ["five digits", "http://h:12345}", 7, 8, undefined, true, 14],
  ["six digits", "http://h:123456}", 7, 8, undefined, true, -1],
  ["no digit", "http://h:x}", 7, 8, undefined, true, -1],
  ["no digit before a slash", "http://h:/x}", 7, 8, undefined, true, -1],
  ["a letter after the digits", "http://h:80a}", 7, 8, undefined, true, -1],
  ["a query", "http://h:80?q}", 7, 8, undefined, true, 11],
  ["a fragment", "http://h:80#f}", 7, 8, undefined, true, 11],
  ["a comma", "http://h:80,", 7, 8, undefined, true, 11],
  ["a closing brace", "http://h:80}", 7, 8, undefined, true, 11],
  ["a space", "http://h:80 }", 7, 8, undefined, true, 11],
  ["a tab", "http://h:80\t}", 7, 8, undefined, true, 11],
  ["a line feed", "http://h:80\n}", 7, 8, undefined, true, 11],
  ["a carriage return", "http://h:80\r}", 7, 8, undefined, true, 11],
  ["the end of the input", "http://h:80", 7, 8, undefined, true, 11],
  ["the end of the input right after the colon", "http://h:", 7, 8, undefined, true, -1],
  ["a chunk end after digits: wait", "http://h:80", 7, 8, undefined, false, -2],
  ["a chunk end right after the colon: wait", "http://h:", 7, 8, undefined, false, -2],
  ["the input's end is n, not the text's", "http://h:80/", 7, 8, 10, true, 10],
];

for (const [name, text, host, colon, n, final, end] of PORTS) {
  Deno.test(`words: portEnd, ${name}`, () => {
    assert.strictEqual(portEnd(text, host, colon, n ?? text.length, final), end);
  });
}
