/**
 * Numbers and tokens (split tokens, empty exponents, cut numbers, unsafe integers, `#`): the missing-comma repair joins two tokens
 * only when each is complete on its own and nothing else could have been meant (else `R041
 * AmbiguousSplit`); an empty exponent and a number cut at the end of the input are lossy; an
 * unsafe integer is found on the exact decimal value in any notation; `#` in value position is
 * content; `-0x0` is `-0` in the value and in the text; hexadecimal numbers obey `max_token`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, repair } from "../mod.ts";
import { type AttackRow as Row, checkAttackRow as checkRow } from "./fixtures/attack_rows.ts";

// -------------------------------------------------------------- class 3: one token or two

const SPLITS: Row[] = [
  {
    name: "an IPv4 address",
    input: '{"hosts":[192.168.1.1]}',
    rule: "R041",
    decision: "ambiguous",
  },
  { name: "a date", input: "[2024-11-15]", rule: "R041" },
  { name: "two dots", input: "[1..2]", rule: "R041" },
  { name: "a version", input: "[1.2.3]", rule: "R041" },
  { name: "digit groups with a space", input: "[1 500]", rule: "R041" },
  { name: "digit groups with a narrow no-break space", input: "[1\u202F500]", rule: "R041" },
  { name: "digit groups with a no-break space", input: "[1\u00A0000]", rule: "R041" },
  { name: "digit groups with a thin space", input: "[1\u2009000]", rule: "R041" },
  { name: "adjacent strings", input: '["a" "b"]', rule: "R041" },
  { name: "adjacent strings without a space", input: '["a""b"]', rule: "R041" },
  { name: "adjacent strings on two lines", input: '["a"\n"b"]', rule: "R041" },
  { name: "adjacent single-quoted strings", input: "['a' 'b']", rule: "R041" },
  { name: "a third string", input: '["a","b" "c"]', rule: "R041" },
  { name: "strings in a nested array", input: '{"a":["x" "y"]}', rule: "R041" },
  { name: "two signed numbers", input: "[+1 -1]", rule: "R041" },
  { name: "a number and a fraction", input: "[1 .5]", rule: "R041" },
  { name: "an exponent then digits", input: "[1e5 5]", rule: "R041" },
  { name: "hex then decimal", input: "[0x10 20]", rule: "R041" },
  { name: "pi with two dots", input: "[3.14.15]", rule: "R041" },
  { name: "two negatives", input: "[-1 -2]", rule: "R041" },
  { name: "an expression", input: "[1+2]" },
  { name: "a member value with a space", input: '{"a":1 2}', rule: "R041" },
  { name: "a member date", input: '{"a": 2024-11-15}', rule: "R041" },
  { name: "a member address", input: '{"ip": 10.0.0.1}', rule: "R041" },
  { name: "a member version with a suffix", input: '{"v": 1.2.3-beta}', rule: "R041" },
  { name: "digits then letters", input: "[12abc]", rule: "R041" },
  // Digit separators are read as Python and JavaScript read them (issue 22, class 6).
  { name: "digits then an underscore group", input: "[1_000]", value: [1000] },
  { name: "a BigInt suffix", input: "[9007199254740993n]", rule: "R041" },
  { name: "a unit after a number", input: "[5px]", rule: "R041" },
  { name: "a number then a word with a space", input: "[1 true]", rule: "R041" },
  { name: "a time", input: "[10:30]" },
  { name: "a fraction", input: "[1/2]" },
  { name: "a thousands comma in a member", input: '{"price": 1,299.99}' },
  { name: "a phone number", input: "[555-1234]", rule: "R041" },
  { name: "a negative date in a member", input: '{"d":-2024-01-01}', rule: "R041" },
  { name: "members may miss a comma", input: '{"a":1 "b":2}', value: { a: 1, b: 2 } },
  { name: "members on lines may miss a comma", input: '{"a":"x"\n"b":1}', value: { a: "x", b: 1 } },
  { name: "literals may miss a comma", input: "[true false]", value: [true, false] },
  { name: "containers may miss a comma", input: "[[1] [2]]", value: [[1], [2]] },
  {
    name: "objects in an array may miss a comma",
    input: '[{"a":1} {"b":2}]',
    value: [{ a: 1 }, { b: 2 }],
  },
  { name: "a literal then a number", input: "[true 1]", value: [true, 1] },
  { name: "an object then a string", input: '[{"b":1} "a"]', value: [{ b: 1 }, "a"] },
  { name: "valid JSON with commas is what it says", input: "[1,234,567]", value: [1, 234, 567] },
];

// ------------------------------------------------------------ class 4: invented digits

const CUT_NUMBERS: Row[] = [
  { name: "an empty signed exponent", input: '{"a":1e+}', rule: "R042", decision: "lossy_repair" },
  { name: "an empty exponent", input: "[1e]", rule: "R042" },
  { name: "an empty negative exponent", input: '{"a":1E-}', rule: "R042" },
  { name: "an empty exponent after a fraction", input: "[0.3e]", rule: "R042" },
  { name: "an empty exponent after a trailing dot", input: "[9.e+]", rule: "R042" },
  { name: "an empty exponent then a sign", input: "[0e+-1]", rule: "R042" },
  { name: "a trailing dot at the end of the input", input: "1.", rule: "R013" },
  { name: "an exponent at the end of the input", input: "1e", rule: "R013" },
  { name: "a signed exponent at the end of the input", input: "1e+", rule: "R013" },
  { name: "a cut fraction in an object", input: '{"a":1.', rule: "R013" },
  { name: "a cut exponent in an object", input: '{"a":1e', rule: "R013" },
  { name: "a lone minus", input: "[-]" },
  { name: "a lone minus at the root", input: "-" },
  { name: "a trailing dot inside is notation", input: '{"a":1.}', value: { a: 1 } },
  { name: "a trailing dot before an exponent is notation", input: "[1.e5]", value: [100000] },
  { name: "a leading dot is notation", input: "[.5]", value: [0.5] },
];

// ------------------------------------------------------------- class 5: unsafe integers

const UNSAFE: Row[] = [
  { name: "a fraction of zero", input: "9007199254740993.0", rule: "R033", decision: "ambiguous" },
  { name: "an exponent of zero", input: "9007199254740993e0", rule: "R033" },
  { name: "a negative exponent", input: "90071992547409930e-1", rule: "R033" },
  { name: "scientific notation", input: "9.007199254740993e15", rule: "R033" },
  { name: "a negative one", input: "-9007199254740993.0", rule: "R033" },
  { name: "a leading-dot mantissa", input: "[0.9007199254740993e16]", rule: "R033" },
  { name: "twenty digits with a fraction", input: "[12345678901234567890.0]", rule: "R033" },
  { name: "many zeros in the fraction", input: '{"id":9007199254740993.000000}', rule: "R033" },
  { name: "a capital exponent", input: '{"id":9007199254740993E0}', rule: "R033" },
  { name: "a positive exponent sign", input: '{"id":900719925474099.3e+1}', rule: "R033" },
  { name: "an integer beyond 2^53", input: "[9007199254740993]", rule: "R033" },
  { name: "2^53 itself as an integer", input: "[9007199254740992]", rule: "R033" },
  { name: "a hex integer beyond 2^53", input: "[0x20000000000001]", rule: "R033" },
  { name: "the largest safe integer", input: "[9007199254740991]", value: [9007199254740991] },
  {
    name: "the largest safe integer with a fraction",
    input: "[9007199254740991.0]",
    value: [9007199254740991],
  },
  { name: "the smallest safe integer", input: "[-9007199254740991e0]", value: [-9007199254740991] },
  { name: "a double that reads back as written", input: "[1e22]", value: [1e22] },
  { name: "a double with three digits", input: "[123e65]", value: [123e65] },
  {
    name: "2^53 written as a double is exact",
    input: "[9007199254740992.0]",
    value: [9007199254740992],
  },
  { name: "no integer: a half", input: "[9007199254740991.5]", value: [9007199254740991.5] },
];

// ------------------------------------------------------------ class 6: `#` is content

const HASHES: Row[] = [
  { name: "colors", input: '{"colors":[#ff0000, #00ff00]}', rule: "R030" },
  { name: "a color member", input: '{"color": #fff}', rule: "R030" },
  { name: "a lone hash", input: "[#]", rule: "R030" },
  { name: "a hash before a closing brace", input: '{"a":#}', rule: "R030" },
  { name: "a hash among numbers", input: "[1, #2, 3]", rule: "R030" },
  { name: "a hashtag", input: '{"tag": #launch}', rule: "R030" },
  { name: "a hash and a space", input: '{"a": # one\n1}' },
  {
    name: "a hash in key position is a comment",
    input: '{"a":1, # note\n "b":2}',
    value: { a: 1, b: 2 },
  },
  { name: "a hash after a value is a comment", input: '{"a":1 # note\n}', value: { a: 1 } },
];

// ------------------------------------------------------ class 8: value and text agree

const SIGNS: Row[] = [
  { name: "-0x0", input: "[-0x0]", value: [-0] },
  { name: "-0x0 as a member", input: '{"a":-0x0}', value: { a: -0 } },
  { name: "-0x00 at the root", input: "-0x00", value: -0 },
  { name: "-0", input: "[-0]", value: [-0] },
  { name: "-0 at the root", input: "-0", value: -0 },
  { name: "-0.0e5", input: "[-0.0e5]", value: [-0] },
  { name: "-.0", input: "[-.0]", value: [-0] },
  // A leading plus is no longer cosmetic (issue 21 class 7): the value is refused, not misread.
  { name: "+0x0", input: "[+0x0]", rule: "R055", code: "E011" },
];

for (
  const { behaviour, rows } of [
    { behaviour: "class 3: a comma only between tokens complete on their own", rows: SPLITS },
    { behaviour: "class 4: invented digits are lossy", rows: CUT_NUMBERS },
    { behaviour: "class 5: unsafe integers in any notation", rows: UNSAFE },
    { behaviour: "class 6: # in value position is content", rows: HASHES },
    { behaviour: "class 8: the value and its text agree, sign of zero included", rows: SIGNS },
  ] as const
) {
  Deno.test(behaviour, async (t) => {
    for (const row of rows) await t.step(row.name, () => void checkRow(row));
  });
}

Deno.test("class 6: the colors are read, not dropped, by permissive", () => {
  const result = repair('{"colors":[#ff0000, #00ff00]}');
  assert.deepStrictEqual(result.value, { colors: ["#ff0000", "#00ff00"] });
});

Deno.test("class 8: -0x0 renders with its sign", () => {
  const result = gate("[-0x0]");
  assert.equal(result.text, "[-0]");
  assert.ok(Object.is((result.value as number[])[0], -0));
});

Deno.test("bounded: a hexadecimal number obeys max_token (E022)", async (t) => {
  const rows = [
    { input: "[0x" + "F".repeat(20) + "]", maxToken: 10, code: "E022" },
    { input: "[-0x" + "1".repeat(9) + "]", maxToken: 10, code: "E022" },
    { input: "[0x" + "1".repeat(8) + "]", maxToken: 10, code: null },
  ];
  for (const row of rows) {
    await t.step(`${row.input} under max_token ${row.maxToken}`, () => {
      const result = gate(row.input, { profile: "permissive", maxToken: row.maxToken });
      assert.equal(result.error?.code ?? null, row.code);
    });
  }
});
