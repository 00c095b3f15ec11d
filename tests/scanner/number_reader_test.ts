/**
 * The number reader (`engine/scanner/number_reader.ts`): a number token in value position, its
 * value and its repairs. The fast path for a plain decimal (`plainNumber`: at most 15 digits, no
 * exponent, no leading zero, ended by a character that ends it); a sign (`-Infinity`, `-NaN` →
 * `null` with `R023`, a lone sign dropped: `R013` at the input's end, `R031` before anything
 * else); hexadecimal (`0x1F`, `R021`, `R055` after a plus, `R033` past 2^53 − 1, `-0x0` is −0);
 * digit separators inside a container (`1_000`, `R060`; at the root, or after a leading zero,
 * no separators); the decimal number's repairs (`R013` cut by the input's end, `R042` an empty
 * exponent, `R022` a leading zero, `R055` a plus, `R021` a lone dot's notation), its value on
 * the fast path and from the lexeme (`R034` out of range either way, `R033` an unsafe integer in
 * any notation, −0 kept); `max_token` (`E022` with the token's length and offset). Every row is
 * also fed cut at every point (`tests/scanner/scan_rows.ts`), which takes `numberRest` (a plain
 * decimal read on after a chunk end) and each suspension of the reader; `NUMBER_REST` pins how
 * much of a number cut by a chunk end is read again (`scanned`). `WINDOW` calls `scanNumber` on
 * a window of a longer text: it reads nothing past the window's end, and keeps a plain decimal cut
 * there for `numberRest`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner } from "../../engine/scanner/mod.ts";
import { DROPPED, NOT_PLAIN, SUSPEND } from "../../engine/scanner/codes.ts";
import { plainNumber, scanNumber } from "../../engine/scanner/number_reader.ts";
import { resolveOptions } from "../../engine/profiles.ts";
import { checkRows, type ScanRow } from "./scan_rows.ts";

const FAST_PATH: readonly ScanRow[] = [
  { name: "a plain integer", input: "[12]", value: [12], span: [0, 4] },
  { name: "a plain negative fraction", input: "[-3.25]", value: [-3.25] },
  { name: "a plain fraction below one", input: "[0.1]", value: [0.1] },
  { name: "a lone zero is no leading zero", input: "[0]", value: [0] },
  { name: "-0 is kept as -0", input: "[-0]", value: [-0] },
  { name: "-0.0 is kept as -0", input: "[-0.0]", value: [-0] },
  { name: "-0 at the root is -0", input: "-0", value: -0 },
  { name: "a plain integer at the root", input: "12", value: 12, span: [0, 2] },
  { name: "a negative integer at the root", input: "-12", value: -12 },
  { name: "fifteen digits", input: "[123456789012345]", value: [123456789012345] },
  { name: "sixteen digits", input: "[1234567890123456]", value: [1234567890123456] },
  {
    name: "fifteen digits with a fraction",
    input: "[0.12345678901234]",
    value: [0.12345678901234],
  },
  {
    name: "sixteen digits with a fraction",
    input: "[0.123456789012345]",
    value: [0.123456789012345],
  },
  { name: "2^53 - 1 is safe", input: "[9007199254740991]", value: [9007199254740991] },
  {
    name: "two numbers in a row, each its own value",
    input: "[1.5,-2,30]",
    value: [1.5, -2, 30],
  },
  { name: "an exponent", input: "[1e5]", value: [100000] },
  { name: "an upper-case exponent with a sign", input: "[25E-1]", value: [2.5] },
  { name: "a member's number", input: '{"a":-7.5}', value: { a: -7.5 } },
];

const SIGNS: readonly ScanRow[] = [
  { name: "-Infinity is null", input: "[-Infinity]", value: [null], rules: "R023@1" },
  { name: "-NaN is null", input: "[-NaN]", value: [null], rules: "R023@1" },
  { name: "+Infinity is null", input: "[+Infinity]", value: [null], rules: "R023@1" },
  {
    name: "-Infinity after another item stands at its sign",
    input: "[1, -Infinity]",
    value: [1, null],
    rules: "R023@4",
  },
  {
    name: "-Infinity cut by the input's end",
    input: "[-Infinity",
    value: [null],
    rules: "R023@1 R011@10",
  },
  {
    name: "a sign before a word that is not Infinity is dropped",
    input: "[-Inf]",
    value: ["Inf"],
    rules: "R031@1 R030@2",
  },
  {
    name: "a sign before Infinity glued to a letter is dropped",
    input: "[-Infinityx]",
    value: ["Infinityx"],
    rules: "R031@1 R030@2",
  },
  {
    name: "a sign before a space is dropped",
    input: "[- 1]",
    value: [1],
    rules: "R031@1",
  },
  { name: "a lone plus is dropped", input: "[+]", value: [], rules: "R031@1" },
  {
    name: "a sign before an underscore is dropped, no separator read",
    input: "[-_1]",
    value: ["_1"],
    rules: "R031@1 R030@2",
  },
  {
    name: "a plus before an underscore is dropped, no separator read",
    input: "[+_1]",
    value: ["_1"],
    rules: "R031@1 R030@2",
  },
  {
    name: "a sign before an exponent letter is dropped",
    input: "[-e5]",
    value: ["e5"],
    rules: "R031@1 R030@2",
  },
  {
    name: "a lone sign at the input's end is a truncated number",
    input: "[-",
    value: [],
    rules: "R013@1 R011@2",
  },
  {
    name: "a lone sign after an item at the input's end",
    input: "[1, -",
    value: [1],
    rules: "R013@4 R011@5",
  },
  { name: "a sign then a dot and digits", input: "[-.5]", value: [-0.5], rules: "R021@1" },
  { name: "a leading plus", input: "[+1]", value: [1], rules: "R055@1" },
  { name: "a plus, a dot and digits", input: "[+.5]", value: [0.5], rules: "R055@1 R021@1" },
  {
    name: "a leading plus on a long number",
    input: "[+12345]",
    value: [12345],
    rules: "R055@1",
  },
];

const HEX: readonly ScanRow[] = [
  { name: "hexadecimal", input: "[0x1F]", value: [31], rules: "R021@1", span: [0, 6] },
  { name: "an upper-case X and lower-case digits", input: "[0X1f]", value: [31], rules: "R021@1" },
  { name: "negative hexadecimal", input: "[-0x1F]", value: [-31], rules: "R021@1" },
  { name: "-0x0 is -0", input: "[-0x0]", value: [-0], rules: "R021@1" },
  { name: "0x0 is 0", input: "[0x0]", value: [0], rules: "R021@1" },
  { name: "hexadecimal after a plus", input: "[+0x1F]", value: [31], rules: "R055@1 R021@1" },
  {
    name: "hexadecimal at 2^53 - 1 is safe",
    input: "[0x1FFFFFFFFFFFFF]",
    value: [9007199254740991],
    rules: "R021@1",
  },
  {
    name: "hexadecimal past 2^53 - 1 is an unsafe integer",
    input: "[0x20000000000001]",
    value: [9007199254740992],
    rules: "R021@1 R033@1",
  },
  { name: "hexadecimal at the root", input: "0x1F", value: 31, rules: "R021@0" },
  {
    name: "hexadecimal cut by the input's end",
    input: "[0x1F",
    value: [31],
    rules: "R021@1 R011@5",
  },
  {
    name: "hexadecimal ends at a letter past F",
    input: "[0x1G]",
    value: [1, "G"],
    rules: "R021@1 R041@4 R030@4",
  },
  {
    name: "an x after a digit other than 0 is no hexadecimal",
    input: "[1x5]",
    value: [1, "x5"],
    rules: "R041@2 R030@2",
  },
  {
    name: "an X after a negative digit other than 0 is no hexadecimal",
    input: "[-1X5]",
    value: [-1, "X5"],
    rules: "R041@3 R030@3",
  },
  {
    name: "0x with no hex digit is a zero, then a word",
    input: "[0x]",
    value: [0, "x"],
    rules: "R041@2 R030@2",
  },
  {
    name: "0x then no hex digit but a letter",
    input: "[0xG]",
    value: [0, "xG"],
    rules: "R041@2 R030@2",
  },
  {
    name: "hexadecimal as a member's value after another",
    input: '{"a":1,"b":0xff}',
    value: { a: 1, b: 255 },
    rules: "R021@11",
  },
];

const SEPARATORS: readonly ScanRow[] = [
  { name: "a digit separator", input: "[1_000]", value: [1000], rules: "R060@1" },
  { name: "two digit separators", input: "[1_000_000]", value: [1000000], rules: "R060@1" },
  { name: "separators then a fraction", input: "[1_000.5]", value: [1000.5], rules: "R060@1" },
  { name: "separators then an exponent", input: "[1_0e3]", value: [10000], rules: "R060@1" },
  {
    name: "separators in a member's value",
    input: '{"a": 1_000}',
    value: { a: 1000 },
    rules: "R060@6",
  },
  {
    name: "an unsafe integer written with separators",
    input: "[9_007_199_254_740_993]",
    value: [9007199254740992],
    rules: "R060@1 R033@1",
  },
  {
    name: "separators past the fast path",
    input: "[1_000_000_000_000_000_000]",
    value: [1000000000000000000],
    rules: "R060@1 R033@1",
  },
  {
    name: "separators cut by the input's end",
    input: "[1_000",
    value: [1000],
    rules: "R013@1 R060@1 R011@6",
  },
  {
    name: "two underscores are no separator",
    input: "[1__0]",
    value: [1, "__0"],
    rules: "R041@2 R030@2",
  },
  {
    name: "an underscore before the closer is no separator",
    input: "[1_]",
    value: [1, "_"],
    rules: "R041@2 R030@2",
  },
  {
    name: "an underscore at the input's end is no separator",
    input: "[1_",
    value: [1, "_"],
    rules: "R041@2 R030@2 R010@3 R011@3",
  },
  {
    name: "an underscore before a letter is no separator",
    input: "[1_a]",
    value: [1, "_a"],
    rules: "R041@2 R030@2",
  },
  {
    name: "an underscore after a leading zero is no separator",
    input: "[0_1]",
    value: [0, "_1"],
    rules: "R041@2 R030@2",
  },
  { name: "a root number glued to an underscore is prose", input: "1_000", fatal: "E003" },
  { name: "the same with a space after it", input: "1_000 ", fatal: "E003" },
];

const DECIMAL: readonly ScanRow[] = [
  { name: "a lone dot is dropped", input: "[.]", value: [], rules: "R031@1" },
  { name: "a sign and a dot are dropped", input: "[-.]", value: [], rules: "R031@1" },
  {
    name: "a lone dot takes no exponent: the e is a word",
    input: "[.e5]",
    value: ["e5"],
    rules: "R031@1 R030@2",
  },
  {
    name: "a trailing dot and an empty exponent at the root before a space",
    input: "1.e ",
    value: 1,
    rules: "R042@0 R021@0",
  },
  {
    name: "a lone dot at the input's end is a truncated number",
    input: "[.",
    value: [],
    rules: "R013@1 R011@2",
  },
  {
    name: "a lone dot after an item at the input's end",
    input: "[1, .",
    value: [1],
    rules: "R013@4 R011@5",
  },
  {
    name: "a trailing dot at the input's end is a truncated number",
    input: "[1, 2.",
    value: [1, 2],
    rules: "R013@4 R011@6",
  },
  {
    name: "an empty exponent at the input's end is a truncated number",
    input: "[1e",
    value: [1],
    rules: "R013@1 R011@3",
  },
  { name: "a trailing dot at the root is cut", input: "1.", value: 1, rules: "R013@0" },
  {
    name: "a trailing dot at the root before a space is cut",
    input: "1. ",
    value: 1,
    rules: "R013@0",
    span: [0, 2],
  },
  { name: "an empty exponent at the root's end", input: "1e", value: 1, rules: "R013@0" },
  {
    name: "a dot then an exponent at the root is cut",
    input: "1.e5",
    value: 100000,
    rules: "R013@0",
  },
  { name: "an empty exponent before a space", input: "1e ", value: 1, rules: "R042@0" },
  { name: "an empty exponent before a closer", input: "[1e]", value: [1], rules: "R042@1" },
  { name: "an empty exponent with a sign", input: "[1e+]", value: [1], rules: "R042@1" },
  {
    name: "an empty exponent after a fraction",
    input: "[1.5e+]",
    value: [1.5],
    rules: "R042@1",
  },
  {
    name: "an empty exponent before the wrong closer",
    input: "[1e}",
    value: [1],
    rules: "R042@1 R026@3",
  },
  { name: "a trailing dot in a container", input: "[5.]", value: [5], rules: "R021@1" },
  { name: "a leading dot", input: "[.5]", value: [0.5], rules: "R021@1" },
  { name: "a leading dot takes an exponent", input: "[.5e3]", value: [500], rules: "R021@1" },
  { name: "a trailing dot then an exponent", input: "[5.e3]", value: [5000], rules: "R021@1" },
  { name: "a leading zero", input: "[01]", value: [1], rules: "R022@1" },
  { name: "two leading zeros", input: "[007]", value: [7], rules: "R022@1" },
  { name: "a negative leading zero", input: "[-01]", value: [-1], rules: "R022@1" },
  { name: "two zeros", input: "[00]", value: [0], rules: "R022@1" },
  { name: "a leading zero before a fraction", input: "[00.5]", value: [0.5], rules: "R022@1" },
  { name: "a zero before a fraction is no leading zero", input: "[0.5]", value: [0.5] },
  {
    name: "a second dot starts another number",
    input: "[1.5.2]",
    value: [1.5, 0.2],
    rules: "R041@4 R021@4",
  },
  {
    name: "a dot after a fraction before the closer",
    input: "[1.5.]",
    value: [1.5],
    rules: "R041@4 R031@4",
  },
  { name: "a minus after digits starts a number", input: "[1-2]", value: [1, -2], rules: "R041@2" },
  {
    name: "a plus after digits is dropped",
    input: "[1+2]",
    value: [1, 2],
    rules: "R031@2 R041@3",
  },
  { name: "a letter after digits", input: "[1a]", value: [1, "a"], rules: "R041@2 R030@2" },
];

const VALUES: readonly ScanRow[] = [
  { name: "-0 with an exponent is -0", input: "[-0e5]", value: [-0] },
  { name: "-0 past the fast path is -0, no repair", input: "[-0e-400]", value: [-0] },
  { name: "a zero past the fast path is 0, no repair", input: "[0e-400]", value: [0] },
  { name: "zeros past the fast path are 0, no repair", input: "[0.000e-400]", value: [0] },
  { name: "an upper-case exponent on zero, no repair", input: "[0E-400]", value: [0] },
  {
    name: "a number too small for a double is 0",
    input: "[1e-400]",
    value: [0],
    rules: "R034@1",
  },
  {
    name: "a fraction too small for a double is 0",
    input: "[0.0001e-400]",
    value: [0],
    rules: "R034@1",
  },
  {
    name: "a negative number too small for a double is -0",
    input: "[-1e-400]",
    value: [-0],
    rules: "R034@1",
  },
  {
    name: "a nine is a nonzero digit of a number too small for a double",
    input: "[9e-400]",
    value: [0],
    rules: "R034@1",
  },
  {
    name: "a negative nine too small for a double is -0",
    input: "[-9e-400]",
    value: [-0],
    rules: "R034@1",
  },
  {
    name: "a number too large for a double is Infinity",
    input: "[1e400]",
    value: [Infinity],
    rules: "R034@1",
  },
  {
    name: "a negative number too large for a double is -Infinity",
    input: "[-1e400]",
    value: [-Infinity],
    rules: "R034@1",
  },
  {
    name: "2^53 + 1 is an unsafe integer",
    input: "[9007199254740993]",
    value: [9007199254740992],
    rules: "R033@1",
  },
  {
    name: "-(2^53 + 1) is an unsafe integer",
    input: "[-9007199254740993]",
    value: [-9007199254740992],
    rules: "R033@1",
  },
  {
    name: "2^53 + 1 written with a fraction is an unsafe integer",
    input: "[9007199254740993.0]",
    value: [9007199254740992],
    rules: "R033@1",
  },
  {
    name: "an unsafe integer from the fast path's exact mantissa",
    input: "[9007199254740991e1]",
    value: [90071992547409900],
    rules: "R033@1",
  },
  {
    name: "a negative unsafe integer from the fast path",
    input: "[-9007199254740991e1]",
    value: [-90071992547409900],
    rules: "R033@1",
  },
  { name: "1e16 gives back its digits: no repair", input: "[1e16]", value: [1e16] },
  { name: "1e22 is read exactly", input: "[1e22]", value: [1e22] },
  { name: "1e23 is read from the lexeme", input: "[1e23]", value: [1e23] },
  {
    name: "an empty exponent past the fast path",
    input: "[12345678901234567e]",
    value: [12345678901234568],
    rules: "R042@1 R033@1",
  },
  {
    name: "a trailing dot and an empty exponent past the fast path",
    input: "[12345678901234567.e+]",
    value: [12345678901234568],
    rules: "R042@1 R021@1 R033@1",
  },
  {
    name: "a trailing dot past the fast path",
    input: "[12345678901234567.]",
    value: [12345678901234568],
    rules: "R021@1 R033@1",
  },
  {
    name: "seventeen digits with a fraction read from the lexeme",
    input: "[0.14285714285714285]",
    value: [0.14285714285714285],
  },
];

const MAX_TOKEN: readonly ScanRow[] = [
  {
    name: "a number as long as max_token",
    input: "[1234]",
    options: { maxToken: 4 },
    value: [1234],
  },
  {
    name: "a number with an exponent as long as max_token",
    input: "[1e10]",
    options: { maxToken: 4 },
    value: [1e10],
  },
  {
    name: "a negative number as long as max_token",
    input: "[-123]",
    options: { maxToken: 4 },
    value: [-123],
  },
  {
    name: "a number longer than max_token",
    input: "[12345]",
    options: { maxToken: 4 },
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:2 (offset 1): a number of 5 code units exceeds max_token 4",
  },
  {
    name: "a number with an exponent longer than max_token",
    input: "[1.5e3]",
    options: { maxToken: 4 },
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:2 (offset 1): a number of 5 code units exceeds max_token 4",
  },
  {
    name: "a number longer than max_token after an item",
    input: "[1, 23456]",
    options: { maxToken: 4 },
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:5 (offset 4): a number of 5 code units exceeds max_token 4",
  },
  {
    name: "hexadecimal as long as max_token",
    input: "[0x12]",
    options: { maxToken: 4 },
    value: [18],
    rules: "R021@1",
  },
  {
    name: "hexadecimal longer than max_token",
    input: "[0x123]",
    options: { maxToken: 4 },
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:2 (offset 1): a number of 5 code units exceeds max_token 4",
  },
  {
    name: "hexadecimal longer than max_token after an item",
    input: "[1,-0x12]",
    options: { maxToken: 4 },
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:4 (offset 3): a number of 5 code units exceeds max_token 4",
  },
];

/**
 * `plainNumber` called directly: the fast path takes a plain decimal (a minus, at most 15 digits,
 * no leading zero, a fraction with digits, no longer than `max_token`) ended inside `[i, n)` by a
 * character that is no word character, and answers the index past it and its value; anything
 * else is NOT_PLAIN (the general path reads it). Without these rows a fast path that declines
 * everything would go unseen: the general path gives the same values.
 */
const PLAIN: readonly {
  text: string;
  i?: number;
  n?: number;
  maxToken?: number;
  end: number;
  value?: number;
}[] = [
  { text: "12,", end: 2, value: 12 },
  { text: "7]", end: 1, value: 7 },
  { text: "-3.25]", end: 5, value: -3.25 },
  { text: "0.1 ", end: 3, value: 0.1 },
  { text: "0}", end: 1, value: 0 },
  { text: "-0,", end: 2, value: -0 },
  { text: "-0.0,", end: 4, value: -0 },
  { text: "123456789012345,", end: 15, value: 123456789012345 },
  { text: "12345678901234.5,", end: 16, value: 12345678901234.5 },
  { text: "0.12345678901234,", end: 16, value: 0.12345678901234 },
  { text: "9.99999999999999,", end: 16, value: 9.99999999999999 },
  { text: "1.5.2", end: 3, value: 1.5 },
  { text: "1+2", end: 1, value: 1 },
  { text: "[12, 3]", i: 1, end: 3, value: 12 },
  { text: "[12, 3]", i: 5, end: 6, value: 3 },
  { text: "[-1]", i: 1, end: 3, value: -1 },
  { text: "[12, 3]", i: 5, maxToken: 1, end: 6, value: 3 },
  { text: "123,", maxToken: 3, end: 3, value: 123 },
  { text: "-12,", maxToken: 3, end: 3, value: -12 },
  { text: "1.5,", maxToken: 3, end: 3, value: 1.5 },
  { text: "1234,", maxToken: 3, end: NOT_PLAIN },
  { text: "-123,", maxToken: 3, end: NOT_PLAIN },
  { text: "1234567890123456,", end: NOT_PLAIN },
  { text: "12345678901234.56,", end: NOT_PLAIN },
  { text: "12", end: NOT_PLAIN },
  { text: "12.5", end: NOT_PLAIN },
  { text: "123,", n: 2, end: NOT_PLAIN },
  { text: "1.5,", n: 3, end: NOT_PLAIN },
  { text: "01,", end: NOT_PLAIN },
  { text: "00,", end: NOT_PLAIN },
  { text: "-01,", end: NOT_PLAIN },
  { text: "1.,", end: NOT_PLAIN },
  { text: ".5,", end: NOT_PLAIN },
  { text: "-.5,", end: NOT_PLAIN },
  { text: "-,", end: NOT_PLAIN },
  { text: "+1,", end: NOT_PLAIN },
  { text: "1e5,", end: NOT_PLAIN },
  { text: "1.5E5,", end: NOT_PLAIN },
  { text: "1_000,", end: NOT_PLAIN },
  { text: "0x1F,", end: NOT_PLAIN },
  { text: "12a,", end: NOT_PLAIN },
  { text: "1-2", end: NOT_PLAIN },
];

Deno.test("number_reader: the fast path takes a plain decimal ended by a non-word character", () => {
  for (const row of PLAIN) {
    const scanner = new Scanner(resolveOptions({ profile: "permissive", maxToken: row.maxToken }));
    scanner.numValue = 99;
    const i = row.i ?? 0, n = row.n ?? row.text.length;
    const label = `${row.text} from ${i} to ${n}`;
    assert.equal(plainNumber(scanner, row.text, i, n), row.end, label);
    assert.equal(scanner.numValue, row.end === NOT_PLAIN ? 99 : row.value, label);
    assert.equal(scanner.negativeZero, Object.is(row.value, -0), label);
  }
});

Deno.test("number_reader: scanNumber reads up to n, where the text goes on", () => {
  const read = (text: string, n: number): [number, number | null] => {
    const scanner = new Scanner(resolveOptions({ profile: "permissive" }));
    return [scanNumber(scanner, text, 0, n, true), scanner.numValue];
  };
  assert.deepStrictEqual(read("1.5", 1), [1, 1]);
  assert.deepStrictEqual(read("1e5", 1), [1, 1]);
  assert.deepStrictEqual(read("12e5", 2), [2, 12]);
  assert.deepStrictEqual(read("0x1F", 1), [1, 0]);
});

/**
 * `scanNumber` called on a window `[0, n)` of a text that goes on past `n`: it reads nothing at
 * or past `n` (the sign's word, hexadecimal digits, the zero digits of a value read as 0). Cut at
 * `n` before the input's end (`final` false) it suspends, and keeps the reading of a plain
 * decimal for `numberRest` (`numberCut`): an `0x` or a `_` past `n` is not read, so `0` or `1`
 * is such a number; an exponent, a plus or a separator is read again whole.
 */
const WINDOW: readonly {
  text: string;
  n: number;
  final: boolean;
  end: number;
  value: number | null;
  rules: string;
  numberCut: boolean;
  depth?: number;
}[] = [
  {
    text: "-Infinity",
    n: 5,
    final: true,
    end: DROPPED,
    value: 99,
    rules: "R031@0",
    numberCut: false,
  },
  {
    text: "-Infinity",
    n: 8,
    final: true,
    end: DROPPED,
    value: 99,
    rules: "R031@0",
    numberCut: false,
  },
  { text: "-Infinity", n: 9, final: true, end: 9, value: null, rules: "R023@0", numberCut: false },
  { text: "0x1F", n: 3, final: true, end: 3, value: 1, rules: "R021@0", numberCut: false },
  {
    text: `0.${"0".repeat(23)}5`,
    n: 25,
    final: true,
    end: 25,
    value: 0,
    rules: "",
    numberCut: false,
  },
  {
    text: `0.${"0".repeat(23)}5`,
    n: 26,
    final: true,
    end: 26,
    value: 5e-24,
    rules: "",
    numberCut: false,
  },
  { text: "0x1F", n: 1, final: false, end: SUSPEND, value: 99, rules: "", numberCut: true },
  { text: "12,", n: 2, final: false, end: SUSPEND, value: 99, rules: "", numberCut: true },
  { text: "1e5,", n: 3, final: false, end: SUSPEND, value: 99, rules: "", numberCut: false },
  { text: "+1,", n: 2, final: false, end: SUSPEND, value: 99, rules: "", numberCut: false },
  {
    text: "1_0,",
    n: 1,
    final: false,
    end: SUSPEND,
    value: 99,
    rules: "",
    numberCut: true,
    depth: 1,
  },
  {
    text: "1_0,",
    n: 3,
    final: false,
    end: SUSPEND,
    value: 99,
    rules: "",
    numberCut: false,
    depth: 1,
  },
];

Deno.test("number_reader: scanNumber reads nothing past n, and keeps a plain decimal cut at n", () => {
  for (const row of WINDOW) {
    const scanner = new Scanner(resolveOptions({ profile: "permissive" }));
    scanner.numValue = 99;
    scanner.depth = row.depth ?? 0;
    const label = `${row.text} to ${row.n}${row.final ? "" : ", more to come"}`;
    assert.deepStrictEqual(
      [
        scanNumber(scanner, row.text, 0, row.n, row.final),
        scanner.numValue,
        scanner.repairs.map((r) => `${r.rule}@${r.offset}`).join(" "),
        scanner.rare.numberCut,
      ],
      [row.end, row.value, row.rules, row.numberCut],
      label,
    );
  }
});

/** Whether the value holds a `-0` (`negativeZero`, which the renderer reads to keep the sign). */
const NEGATIVE_ZERO: readonly [string, boolean][] = [
  ["[-0]", true],
  ["[0]", false],
  ["[-0.0e0]", true],
  ["[-0e-400]", true],
  ["[-0.0e-999]", true],
  ["[-1e-400]", true],
  ["[0e-400]", false],
  ["[1e-400]", false],
  ["[-0x0]", true],
  ["[0x0]", false],
  ["[-0x1F]", false],
  ["[-1.5]", false],
  ["[-1e5]", false],
  ["[-12345678901234567]", false],
  ["[-1e400]", false],
  ["[-0,1]", true],
];

Deno.test("number_reader: a -0 is noted wherever it is read, and only a -0", () => {
  for (const [input, negativeZero] of NEGATIVE_ZERO) {
    assert.equal(
      scan(input, resolveOptions({ profile: "permissive" })).negativeZero,
      negativeZero,
      input,
    );
  }
});

/**
 * A number ended inside its chunk is read once (no wait for the next chunk). A number cut by a
 * chunk end and read on (`numberRest`): a plain decimal's reading is kept and goes on with the
 * next chunk (nothing read again); an exponent, a repair, a word, a second dot, a sign, more than
 * the fast path takes, or a number at 2^53 - 1 or past it is read again whole.
 * `reread` is `scanned` less the text's length.
 */
const NUMBER_REST: readonly {
  chunks: readonly string[];
  value: unknown;
  rules?: string;
  reread: number;
  maxToken?: number;
}[] = [
  // Ended inside its chunk, before the input ends: read once, no wait for the next chunk.
  { chunks: ['{"a":0x1F,', '"b":2}'], value: { a: 31, b: 2 }, rules: "R021@5", reread: 0 },
  { chunks: ['{"a":-Infinity,', '"b":2}'], value: { a: null, b: 2 }, rules: "R023@5", reread: 0 },
  { chunks: ['{"a":1_000,', '"b":2}'], value: { a: 1000, b: 2 }, rules: "R060@5", reread: 0 },
  { chunks: ['{"a":1e5,', '"b":2}'], value: { a: 100000, b: 2 }, reread: 0 },
  { chunks: ['{"a":+1,', '"b":2}'], value: { a: 1, b: 2 }, rules: "R055@5", reread: 0 },
  {
    chunks: ['{"a":-x,', '"b":2}'],
    value: { a: "x", b: 2 },
    rules: "R031@5 R030@6",
    reread: 0,
  },
  { chunks: ['{"a":1_', "000}"], value: { a: 1000 }, rules: "R060@5", reread: 2 },
  { chunks: ['{"a":1_0', '00,"b":2}'], value: { a: 1000, b: 2 }, rules: "R060@5", reread: 3 },
  // Cut by the chunk end: a plain decimal's reading goes on.
  { chunks: ['{"a":12', "34}"], value: { a: 1234 }, reread: 0 },
  { chunks: ['{"a":1', "2", "3}"], value: { a: 123 }, reread: 0 },
  { chunks: ['{"a":1.', "5}"], value: { a: 1.5 }, reread: 0 },
  { chunks: ['{"a":1.2', "3}"], value: { a: 1.23 }, reread: 0 },
  { chunks: ['{"a":1', ".5}"], value: { a: 1.5 }, reread: 0 },
  { chunks: ['{"a":-1', "2}"], value: { a: -12 }, reread: 0 },
  { chunks: ['{"a":-0', ".0}"], value: { a: -0 }, reread: 0 },
  { chunks: ['{"a":-0', "}"], value: { a: -0 }, reread: 0 },
  { chunks: ['{"a":0.', "5}"], value: { a: 0.5 }, reread: 0 },
  { chunks: ['{"a":1.0', "0}"], value: { a: 1 }, reread: 0 },
  { chunks: ['{"a":1', '2, "b":3}'], value: { a: 12, b: 3 }, reread: 0 },
  { chunks: ['{"a":1', "2 }"], value: { a: 12 }, reread: 0 },
  { chunks: ['{"a":12', "34}"], value: { a: 1234 }, reread: 0, maxToken: 4 },
  { chunks: ['{"a":1', "e5}"], value: { a: 100000 }, reread: 4 },
  { chunks: ['{"a":1.5', "e3}"], value: { a: 1500 }, reread: 6 },
  {
    chunks: ['{"a":1', "x}"],
    value: { a: 1, x: null },
    rules: "R041@6 R007@6 R024@7",
    reread: 3,
  },
  {
    chunks: ['{"a":1', "2.5.}"],
    value: { a: 12.5 },
    rules: "R041@9 R031@9",
    reread: 8,
  },
  {
    chunks: ['{"a":1', "+2}"],
    value: { a: 1, "2": null },
    rules: "R031@6 R041@7 R007@7 R024@8",
    reread: 4,
  },
  { chunks: ['{"a":0', "7}"], value: { a: 7 }, rules: "R022@5", reread: 3 },
  { chunks: ['{"a":.', "5}"], value: { a: 0.5 }, rules: "R021@5", reread: 1 },
  { chunks: ['{"a":1.', "}"], value: { a: 1 }, rules: "R021@5", reread: 3 },
  { chunks: ['{"a":+1', "2}"], value: { a: 12 }, rules: "R055@5", reread: 2 },
  { chunks: ['{"a":1_0', "00}"], value: { a: 1000 }, rules: "R060@5", reread: 3 },
  { chunks: ['{"a":-', "12}"], value: { a: -12 }, reread: 1 },
  {
    chunks: ['{"a":12', "345678901234567}"],
    value: { a: 12345678901234568 },
    rules: "R033@5",
    reread: 18,
  },
  { chunks: ['{"a":9007199254740', "991}"], value: { a: 9007199254740991 }, reread: 17 },
  {
    chunks: ['{"a":900719925474099', "2}"],
    value: { a: 9007199254740992 },
    rules: "R033@5",
    reread: 17,
  },
];

for (const row of NUMBER_REST) {
  const name = `number_reader: ${JSON.stringify(row.chunks)} read on${
    row.maxToken === undefined ? "" : ` (max_token ${row.maxToken})`
  } reads ${row.reread} again`;
  Deno.test(name, () => {
    const profile = resolveOptions({ profile: "permissive", maxToken: row.maxToken });
    const scanner = new Scanner(profile);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    scanner.feed("", true);
    const result = scanner.result();
    const text = row.chunks.join("");
    assert.deepStrictEqual(
      [result.value, result.repairs.map((r) => `${r.rule}@${r.offset}`).join(" ")],
      [row.value, row.rules ?? ""],
    );
    assert.deepStrictEqual(result.value, scan(text, profile).value);
    assert.equal(scanner.scanned - text.length, row.reread);
  });
}

// The scan rows last: the direct calls above fail first on a mutant of the fast path.
checkRows("number_reader", [
  ...FAST_PATH,
  ...SIGNS,
  ...HEX,
  ...SEPARATORS,
  ...DECIMAL,
  ...VALUES,
  ...MAX_TOKEN,
]);
