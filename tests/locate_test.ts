/**
 * `engine/declarations/locate.ts`: a JSON pointer back to the offset of the
 * value (or key) in the text as written, through the notations the lenient
 * profiles accept; null when the text cannot be followed (the caller keeps
 * the value's start).
 *
 * @module
 */

import assert from "node:assert/strict";
import { locateKey, locatePointer } from "../engine/declarations/locate.ts";

const ROWS: readonly { name: string; text: string; pointer: string; at: string | null }[] = [
  { name: "the root", text: '  {"a":1}', pointer: "", at: '{"a"' },
  { name: "a member", text: '{"a":1,"b":2}', pointer: "/b", at: "2}" },
  { name: "a nested member", text: '{"a":{"b":{"c":"x"}}}', pointer: "/a/b/c", at: '"x"' },
  { name: "an array item", text: "[10, 20, 30]", pointer: "/2", at: "30" },
  { name: "past nested containers", text: '[[1,[2]],{"x":[3]},"]",4]', pointer: "/3", at: "4]" },
  {
    name: "past strings holding brackets and quotes",
    text: '{"a":"}\\",","b":0}',
    pointer: "/b",
    at: "0}",
  },
  {
    name: "single-quoted keys and strings",
    text: "{'a': 'x', 'b': 'y'}",
    pointer: "/b",
    at: "'y'",
  },
  { name: "bare keys", text: "{a: 1, b: true}", pointer: "/b", at: "true" },
  {
    name: "line and block comments",
    text: '{"a":1, // one\n/* two */ "b":2}',
    pointer: "/b",
    at: "2}",
  },
  { name: "hash comments", text: '{"a":1, # one\n "b":2}', pointer: "/b", at: "2}" },
  { name: "an escaped key", text: '{"\\u0061b": 5}', pointer: "/ab", at: "5" },
  {
    name: "a key with / and ~ (pointer escapes)",
    text: '{"a/b~c": 7}',
    pointer: "/a~1b~0c",
    at: "7",
  },
  { name: "a missing member", text: '{"a":1}', pointer: "/b", at: null },
  { name: "an index past the end", text: "[1,2]", pointer: "/2", at: null },
  { name: "a member of a scalar", text: '{"a":1}', pointer: "/a/b", at: null },
  { name: "an index into an object", text: '{"0":1}', pointer: "/0", at: "1}" },
  { name: "a non-index into an array", text: "[1]", pointer: "/x", at: null },
];

Deno.test("locatePointer: the value's offset, or null", async (t) => {
  for (const row of ROWS) {
    await t.step(row.name, () => {
      const at = locatePointer(row.text, 0, row.text.length, row.pointer);
      assert.equal(at, row.at === null ? null : row.text.indexOf(row.at));
    });
  }
});

Deno.test("locateKey: the key's offset, or null", async (t) => {
  const rows = [
    { text: '{"a":1,"Mode":"f"}', pointer: "/Mode", at: '"Mode"' },
    { text: '{"x":{"mode\\u0001":2}}', pointer: "/x/mode\u0001", at: '"mode' },
    { text: "{a: 1, b: 2}", pointer: "/b", at: "b:" },
    { text: '{"a":1}', pointer: "/b", at: null },
    { text: "[1]", pointer: "/0", at: null },
  ];
  for (const row of rows) {
    await t.step(row.pointer, () => {
      const at = locateKey(row.text, 0, row.text.length, row.pointer);
      assert.equal(at, row.at === null ? null : row.text.indexOf(row.at));
    });
  }
});
