/**
 * Keys (`engine/scanner/keys.ts`): a plain quoted key read by the fast path and shared through the
 * key cache (two keys in one slot, of one length or two, stay apart), cut by a chunk end and read
 * on (every row is also fed one character at a time), declined to the general reader (an escape,
 * a hazard, a control character, more than 64 code units, past `max_token`); an unquoted key
 * (`R007`), flagged `R043` when readers read it differently (`1e5`, `a.b`, `007`, 16 digits,
 * `None`, `True`, `__proto__`), and the checks every key gets; what the key cache holds (one copy of
 * a key read whole or cut), and how much of a cut key is read again (`scanned`).
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner } from "../../engine/scanner/mod.ts";
import { PROFILES, resolveOptions } from "../../engine/profiles.ts";
import {
  isPlainIntegerKey,
  KEY_CACHE_SIZE,
  keyCache,
  sameSplitText,
} from "../../engine/scanner/keys.ts";
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
    name: "unquoted keys of fullwidth letters only, upper and lower case",
    text: "{\uff21: 1, \uff41: 2}",
    value: { "\uff21": 1, "\uff41": 2 },
    rules: "R007@1 R007@7 R036@11",
  },
  {
    name: "unquoted keys of non-ASCII letters only, one NFKC of the other",
    text: "{\u00aa: 1, \uff41: 2}",
    value: { "\u00aa": 1, "\uff41": 2 },
    rules: "R007@1 R007@7 R044@11",
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
    name: "a plain key of one upper-case letter A",
    text: '{"A": 1, "a": 2}',
    value: { "A": 1, "a": 2 },
    rules: "R036@15",
  },
  {
    name: "a plain key of one upper-case letter Z",
    text: '{"Z": 1, "z": 2}',
    value: { "Z": 1, "z": 2 },
    rules: "R036@15",
  },
  {
    name: "a plain key with a non-ASCII character below the hazards (\u00aa, NFKC a)",
    text: '{"\u00aa": 1, "a": 2}',
    value: { "\u00aa": 1, "a": 2 },
    rules: "R044@15",
  },
  {
    name: "an unquoted key of one upper-case letter A",
    text: "{A: 1, a: 2}",
    value: { "A": 1, "a": 2 },
    rules: "R007@1 R007@7 R036@11",
  },
  {
    name: "an unquoted key of one upper-case letter Z",
    text: "{Z: 1, z: 2}",
    value: { "Z": 1, "z": 2 },
    rules: "R007@1 R007@7 R036@11",
  },
  {
    name: "an unquoted key with a non-ASCII character below the hazards",
    text: "{\u00aa: 1, a: 2}",
    value: { "\u00aa": 1, "a": 2 },
    rules: "R007@1 R007@7 R044@11",
  },
  {
    name: "a key and a longer key it begins, in one cache slot",
    text: '[{"ba": 1}, {"bao": 2}, {"ba": 3}, {"bao": 4}]',
    value: [{ "ba": 1 }, { "bao": 2 }, { "ba": 3 }, { "bao": 4 }],
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
    name: "an A after the cut",
    chunks: ['{"x', 'A": 2, "xa": 3}'],
    value: { xA: 2, xa: 3 },
    rules: "R036@17",
  },
  {
    name: "a Z after the cut",
    chunks: ['{"x', 'Z": 2, "xz": 3}'],
    value: { xZ: 2, xz: 3 },
    rules: "R036@17",
  },
  {
    name: "a non-ASCII character below the hazards after the cut",
    chunks: ['{"x', '\u00aa": 2, "xa": 3}'],
    value: { "x\u00aa": 2, xa: 3 },
    rules: "R044@17",
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

/**
 * The key cache (`keyCache`): which keys the fast path keeps (a plain key of up to
 * `MAX_CACHED_KEY` code units, within `max_token`), and that it never grows past its slots.
 */
const CACHED_KEYS: readonly { key: string; maxToken: number; cached: boolean }[] = [
  { key: "a", maxToken: 100, cached: true },
  { key: "a b", maxToken: 100, cached: true },
  { key: "Path", maxToken: 100, cached: true },
  { key: "x\u00ac", maxToken: 100, cached: true }, // below the first hazard unit
  { key: "k".repeat(64), maxToken: 100, cached: true },
  { key: "k".repeat(65), maxToken: 100, cached: false },
  { key: "abcdefgh", maxToken: 8, cached: true },
  { key: "caf\u00e9", maxToken: 100, cached: false }, // from the first hazard unit: the general path
  { key: "a\\nb", maxToken: 100, cached: false }, // an escape: the general path
];

for (const row of CACHED_KEYS) {
  Deno.test(`keys: ${JSON.stringify(row.key)} under max_token ${row.maxToken} is ${row.cached ? "" : "not "}cached`, () => {
    const read = JSON.parse(`"${row.key}"`);
    const profile = resolveOptions({ profile: "permissive", maxToken: row.maxToken });
    keyCache.fill(undefined); // what the rows before left there (a cut key is cached too)
    assert.deepEqual(scan(`{"${row.key}": 1}`, profile).value, { [read]: 1 });
    assert.equal(keyCache.filter((key) => key === read).length, row.cached ? 1 : 0);
    assert.equal(keyCache.length, KEY_CACHE_SIZE);
  });
}

/**
 * A key cut by a chunk end is hashed across the cut as it is whole: read after the whole key,
 * it finds the copy the whole key cached (one copy in the cache, not a second in another slot).
 */
const SHARED_KEYS: readonly string[] = ["id", "name", "Path", "x\u00ac", "k".repeat(64), "a_b$c-9"];

for (const key of SHARED_KEYS) {
  Deno.test(`keys: ${JSON.stringify(key)} cut at every point finds its whole copy in the cache`, () => {
    const text = `{"${key}": 1}`;
    assert.deepEqual(scan(text, PROFILES.permissive).value, { [key]: 1 });
    for (let cut = 3; cut < 2 + key.length; cut++) {
      const scanner = new Scanner(PROFILES.permissive);
      scanner.feed(text.slice(0, cut), false);
      scanner.feed(text.slice(cut), true);
      assert.deepEqual(scanner.result().value, { [key]: 1 });
      assert.equal(scanner.scanned, text.length, `cut at ${cut}: read on, not read again`);
      assert.equal(keyCache.filter((cached) => cached === key).length, 1, `cut at ${cut}`);
    }
  });
}

/**
 * How much of a key cut by a chunk end is read again (`scanned` less the input's length): none
 * where `plainKeyRest` reads on or the general reader took the key from the start; where the key
 * turns out not plain after the cut (an escape, a hazard, a control character, more than 64 code
 * units in all, past `max_token`), the key is read again from its quote: its first part and the
 * whole chunk after the cut.
 */
const REREAD_KEYS: readonly {
  name: string;
  chunks: string[];
  maxToken?: number;
  value: unknown;
  again: number;
}[] = [
  { name: "a plain key", chunks: ['{"na', 'me": 1}'], value: { name: 1 }, again: 0 },
  { name: "cut right after its quote", chunks: ['{"', 'ab": 1}'], value: { ab: 1 }, again: 0 },
  { name: "cut before its closing quote", chunks: ['{"ab', '": 1}'], value: { ab: 1 }, again: 0 },
  { name: "a space after the cut", chunks: ['{"a', ' b": 1}'], value: { "a b": 1 }, again: 0 },
  {
    name: "at max_token after the cut",
    chunks: ['{"abcd', 'efgh": 1}'],
    maxToken: 8,
    value: { abcdefgh: 1 },
    again: 0,
  },
  {
    name: "an escape after the cut",
    chunks: ['{"ab', '\\nb": 1}'],
    value: { "ab\nb": 1 },
    again: 11,
  },
  {
    name: "a hazard after the cut",
    chunks: ['{"ab', '\u00adb": 1}'],
    value: { "ab\u00adb": 1 },
    again: 10,
  },
  {
    name: "a control character after the cut",
    chunks: ['{"ab', '\u0001b": 1}'],
    value: { "ab\u0001b": 1 },
    again: 10,
  },
  {
    name: "64 code units before the cut, 65 in all",
    chunks: ['{"' + "k".repeat(64), 'k": 1}'],
    value: { ["k".repeat(65)]: 1 },
    again: 71,
  },
  {
    name: "64 code units in all",
    chunks: ['{"' + "k".repeat(63), 'k": 1}'],
    value: { ["k".repeat(64)]: 1 },
    again: 0,
  },
  {
    name: "65 code units before the cut: the general reader from the start",
    chunks: ['{"' + "k".repeat(65), 'k": 1}'],
    value: { ["k".repeat(66)]: 1 },
    again: 0,
  },
  {
    name: "past max_token after the cut",
    chunks: ['{"abcd', 'efghi": 1}'],
    maxToken: 8,
    value: undefined,
    again: 15,
  },
];

for (const row of REREAD_KEYS) {
  Deno.test(`keys: a key cut by a chunk end, ${row.name}, is read again ${row.again} units`, () => {
    const profile = resolveOptions({ profile: "permissive", maxToken: row.maxToken ?? 100 });
    const scanner = new Scanner(profile);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    scanner.feed("", true);
    assert.deepEqual(scanner.result().value, row.value);
    assert.equal(scanner.scanned - row.chunks.join("").length, row.again);
  });
}

/**
 * An unquoted key is read as soon as the character after it is in the window: only a key cut by
 * the chunk end waits (and is read again from its start, 1 unit here), not every key of a chunk.
 */
const WORD_KEYS_AS_THEY_COME: readonly { chunks: string[]; value: unknown; again: number }[] = [
  { chunks: ["{a: 1, ", "b: 2}"], value: { a: 1, b: 2 }, again: 0 },
  { chunks: ["{ab: 1, ", "cd: 2}"], value: { ab: 1, cd: 2 }, again: 0 },
  { chunks: ["{a", ": 1, b: 2}"], value: { a: 1, b: 2 }, again: 1 },
];

for (const row of WORD_KEYS_AS_THEY_COME) {
  Deno.test(`keys: unquoted keys fed as ${JSON.stringify(row.chunks)} are read again ${row.again} units`, () => {
    const scanner = new Scanner(PROFILES.permissive);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    scanner.feed("", true);
    assert.deepEqual(scanner.result().value, row.value);
    assert.equal(scanner.scanned - row.chunks.join("").length, row.again);
  });
}
