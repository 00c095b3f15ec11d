/**
 * Keys (`engine/scanner/keys.ts`): a plain quoted key read by the fast path and shared through the
 * key cache (two keys in one slot, of one length or two, stay apart), cut by a chunk end and read
 * on (every row is also fed one character at a time), declined to the general reader (an escape,
 * a hazard, a control character, more than 64 code units, past `max_token`); an unquoted key
 * (`R007`), flagged `R043` when readers read it differently (`1e5`, `a.b`, `007`, 16 digits,
 * `None`, `True`, `__proto__`), and the checks every key gets.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner } from "../../engine/scanner/mod.ts";
import { PROFILES } from "../../engine/profiles.ts";
import { isPlainIntegerKey, sameSplitText } from "../../engine/scanner/keys.ts";
import { runScanCases, type ScanCase } from "./scan_cases.ts";

const ROWS: readonly ScanCase[] = [
  { name: "a plain key", text: '{"a": 1}', value: { "a": 1 }, rules: "" },
  {
    name: "plain keys repeated across records",
    text: '[{"id": 1, "name": "x"}, {"id": 2, "name": "y"}]',
    value: [{ "id": 1, "name": "x" }, { "id": 2, "name": "y" }],
    rules: "",
  },
  {
    name: "a plain key with upper case",
    text: '{"Path": 1, "path": 2}',
    value: { "Path": 1, "path": 2 },
    rules: "R036@21",
  },
  {
    name: "a plain key with a non-ASCII character",
    text: '{"caf\u00e9": 1, "cafe\u0301": 2}',
    value: { "caf\u00e9": 1, "cafe\u0301": 2 },
    rules: "R044@22",
  },
  {
    name: "a key of 64 code units",
    text: '{"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk": 1}',
    value: { "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk": 1 },
    rules: "",
  },
  {
    name: "a key of 65 code units",
    text: '{"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk": 1}',
    value: { "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk": 1 },
    rules: "",
  },
  { name: "a key with an escape", text: '{"a\\nb": 1}', value: { "a\nb": 1 }, rules: "" },
  {
    name: "a key with a hazard",
    text: '{"a\u200bb": 1}',
    value: { "a\u200bb": 1 },
    rules: "R038@3",
  },
  {
    name: "a key with a soft hyphen",
    text: '{"a\u00adb": 1}',
    value: { "a\u00adb": 1 },
    rules: "R038@3",
  },
  {
    name: "a key with a control character",
    text: '{"a\u0001b": 1}',
    value: { "a\u0001b": 1 },
    rules: "R017@3",
  },
  {
    name: "a key past max_token",
    text: '{"abcdefghij": 1}',
    options: { "profile": "permissive", "maxToken": 8 },
    rules: "",
    fatal: "E022 TokenTooLarge at 1:2 (offset 1): a string of 10 code units exceeds max_token 8",
  },
  {
    name: "a key at max_token",
    text: '{"abcdefgh": 1}',
    options: { "profile": "permissive", "maxToken": 8 },
    value: { "abcdefgh": 1 },
    rules: "",
  },
  {
    name: "a key cut by the end of the input",
    text: '{"ab',
    value: {},
    rules: "R010@4 R011@4",
    completeness: "truncated",
  },
  {
    name: "a long key cut by the end of the input",
    text: '{"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk',
    value: {},
    rules: "R010@72 R011@72",
    completeness: "truncated",
  },
  { name: "a key with no colon", text: '{"a" 1}', value: { "a": 1 }, rules: "R025@5" },
  { name: "an empty key", text: '{"": 1}', value: { "": 1 }, rules: "" },
  { name: "an unquoted key", text: "{a: 1}", value: { "a": 1 }, rules: "R007@1" },
  {
    name: "an unquoted key with a dot",
    text: "{a.b: 1}",
    value: { "a.b": 1 },
    rules: "R007@1 R043@1",
  },
  {
    name: "an unquoted key with upper case",
    text: "{Path: 1, path: 2}",
    value: { "Path": 1, "path": 2 },
    rules: "R007@1 R007@10 R036@17",
  },
  {
    name: "an unquoted key with a non-ASCII letter",
    text: "{caf\u00e9: 1}",
    value: { "caf\u00e9": 1 },
    rules: "R007@1",
  },
  {
    name: "an unquoted integer key",
    text: "{2: 1, 10: 2}",
    value: { "2": 1, "10": 2 },
    rules: "R007@1 R007@7",
  },
  { name: "an unquoted zero key", text: "{0: 1}", value: { "0": 1 }, rules: "R007@1" },
  {
    name: "an unquoted key with a leading zero",
    text: "{007: 1}",
    value: { "007": 1 },
    rules: "R007@1 R043@1",
  },
  {
    name: "an unquoted key of 15 digits",
    text: "{123456789012345: 1}",
    value: { "123456789012345": 1 },
    rules: "R007@1",
  },
  {
    name: "an unquoted key of 16 digits",
    text: "{1234567890123456: 1}",
    value: { "1234567890123456": 1 },
    rules: "R007@1 R043@1",
  },
  {
    name: "an unquoted exponent key",
    text: "{1e5: 1}",
    value: { "1e5": 1 },
    rules: "R007@1 R043@1",
  },
  { name: "an unquoted None key", text: "{None: 1}", value: { "None": 1 }, rules: "R007@1 R043@1" },
  { name: "an unquoted True key", text: "{True: 1}", value: { "True": 1 }, rules: "R007@1 R043@1" },
  { name: "an unquoted true key", text: "{true: 1}", value: { "true": 1 }, rules: "R007@1" },
  { name: "an unquoted null key", text: "{null: 1}", value: { "null": 1 }, rules: "R007@1" },
  { name: "an unquoted false key", text: "{false: 1}", value: { "false": 1 }, rules: "R007@1" },
  {
    name: "an unquoted integer key with no colon",
    text: "{2 1}",
    value: { "2": 1 },
    rules: "R007@1 R025@3 R053@3 R043@3",
  },
  {
    name: "an unquoted literal key with no colon",
    text: "{true 1}",
    value: { "true": 1 },
    rules: "R007@1 R025@6 R053@6 R043@6",
  },
  {
    name: "an unquoted word key with no colon",
    text: "{a 1}",
    value: { "a": 1 },
    rules: "R007@1 R025@3 R053@3",
  },
  {
    name: "an unquoted key past max_token",
    text: "{abcdefghij: 1}",
    options: { "profile": "permissive", "maxToken": 8 },
    rules: "",
    fatal: "E022 TokenTooLarge at 1:2 (offset 1): a key of 10 code units exceeds max_token 8",
  },
  {
    name: "an unquoted key at max_token",
    text: "{abcdefgh: 1}",
    options: { "profile": "permissive", "maxToken": 8 },
    value: { "abcdefgh": 1 },
    rules: "R007@1",
  },
  {
    name: "an unquoted key at the end of the input",
    text: "{abc",
    value: {},
    rules: "R007@1 R011@4",
    completeness: "truncated",
  },
  {
    name: "an unquoted key with a zero-width character",
    text: "{a\u200bb: 1}",
    value: { "a\u200bb": 1 },
    rules: "R007@1 R038@2",
  },
  {
    name: "an unquoted key with a dollar sign",
    text: "{$a: 1}",
    value: { "$a": 1 },
    rules: "R007@1",
  },
  {
    name: "an unquoted key with an underscore",
    text: "{_a: 1}",
    value: { "_a": 1 },
    rules: "R007@1",
  },
  {
    name: "keys of one length in one cache slot",
    text: '[{"aaz": 1}, {"eih": 2}, {"aaz": 3}]',
    value: [{ "aaz": 1 }, { "eih": 2 }, { "aaz": 3 }],
    rules: "",
  },
  {
    name: "keys of two lengths in one cache slot",
    text: '[{"an": 1}, {"baa": 2}, {"an": 3}]',
    value: [{ "an": 1 }, { "baa": 2 }, { "an": 3 }],
    rules: "",
  },
  {
    name: "a key cut that is not plain after all",
    text: '{"ab\\u0041": 1}',
    value: { "abA": 1 },
    rules: "",
  },
  {
    name: "a key with upper case cut and resumed",
    text: '{"aB": 1, "ab": 2}',
    value: { "aB": 1, "ab": 2 },
    rules: "R036@17",
  },
];

runScanCases("keys", ROWS);

Deno.test("keys: an unquoted __proto__ key is kept as a member and flagged R043", () => {
  const result = scan("{__proto__: 1}", PROFILES.permissive);
  assert.deepEqual(result.value, JSON.parse('{"__proto__": 1}'));
  assert.deepEqual(result.repairs.map((r) => `${r.rule}@${r.offset}`), ["R007@1", "R043@1"]);
});

const INTEGER_KEYS: readonly { key: string; plain: boolean }[] = [
  { key: "0", plain: true },
  { key: "7", plain: true },
  { key: "10", plain: true },
  { key: "123456789012345", plain: true },
  { key: "1234567890123456", plain: false },
  { key: "07", plain: false },
  { key: "00", plain: false },
  { key: "1e5", plain: false },
  { key: "12a", plain: false },
  { key: "a1", plain: false },
  { key: "", plain: true },
];

for (const row of INTEGER_KEYS) {
  Deno.test(`keys: ${JSON.stringify(row.key)} is ${row.plain ? "" : "not "}a plain integer key`, () => {
    assert.equal(isPlainIntegerKey(row.key), row.plain);
  });
}

const SPLIT_TEXTS: readonly {
  head: string;
  start: number;
  rest: string;
  key: string;
  same: boolean;
}[] = [
  { head: '{"ab', start: 2, rest: 'c": 1}', key: "abc", same: true },
  { head: '{"ab', start: 2, rest: 'd": 1}', key: "abc", same: false },
  { head: '{"xb', start: 2, rest: 'c": 1}', key: "abc", same: false },
  { head: '{"ab', start: 2, rest: "", key: "ab", same: true },
  { head: '{"', start: 2, rest: 'abc"', key: "abc", same: true },
  { head: '{"a', start: 2, rest: 'bx"', key: "abc", same: false },
];

for (const row of SPLIT_TEXTS) {
  Deno.test(`keys: ${JSON.stringify(row.head.slice(row.start))} + ${JSON.stringify(row.rest)} ${row.same ? "starts with" : "does not start with"} ${row.key}`, () => {
    assert.equal(sameSplitText(row.head, row.start, row.rest, row.key), row.same);
  });
}

/** A key cut by a chunk end, read on by `plainKeyRest`: its case marks carry across the cut. */
const CUT_KEYS: readonly { name: string; chunks: string[]; value: unknown; rules: string }[] = [
  {
    name: "upper case after the cut",
    chunks: ['{"pa', 'Th": 2, "path": 3}'],
    value: { paTh: 2, path: 3 },
    rules: "R036@21",
  },
  {
    name: "upper case before the cut",
    chunks: ['{"Pa', 'th": 2, "path": 3}'],
    value: { Path: 2, path: 3 },
    rules: "R036@21",
  },
];

for (const row of CUT_KEYS) {
  Deno.test(`keys: a key cut by a chunk end with ${row.name} is compared beyond equality`, () => {
    const scanner = new Scanner(PROFILES.permissive);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    scanner.feed("", true);
    const result = scanner.result();
    assert.deepEqual(result.value, row.value);
    assert.equal(result.repairs.map((r) => `${r.rule}@${r.offset}`).join(" "), row.rules);
    assert.equal(scanner.scanned, row.chunks.join("").length); // read on, not read again
  });
}
