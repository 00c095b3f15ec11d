/**
 * Containers (`engine/scanner/containers.ts`): opening within `max_depth` (`E020` past it),
 * closing, every open container closed at the end of the input (`R011`), the keys of a closed
 * object compared beyond equality (`R036`, `R038`, `R044`, `R045`; a repeated key set judged
 * once), characters dropped where no token may stand (`R031`, `R039`), tuples (`R065`, `R066`),
 * closers that do not match (`R026`; two inferred at one bracket are `R053`) or stand for the
 * top's own before a comma (`R064`), and tokens inferred for one member (`R053`).
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  COLLISION_BITS,
  COLLISION_RULES,
  isEmptyObject,
  sameKeys,
} from "../../engine/scanner/containers.ts";
import { runScanCases, type ScanCase } from "./scan_cases.ts";

const ROWS: readonly ScanCase[] = [
  {
    name: "nested containers open and close",
    text: '{"a": [1, {"b": []}], "c": {}}',
    value: { "a": [1, { "b": [] }], "c": {} },
    rules: "",
  },
  {
    name: "an array at max_depth",
    text: "[[[1]]]",
    options: { "profile": "permissive", "maxDepth": 3 },
    value: [[[1]]],
    rules: "",
  },
  {
    name: "an array past max_depth",
    text: "[[[[1]]]]",
    options: { "profile": "permissive", "maxDepth": 3 },
    rules: "",
    fatal: "E020 DepthLimit at 1:4 (offset 3): nesting deeper than max_depth 3; flatten the value",
  },
  {
    name: "an object past max_depth",
    text: '{"a": {"b": {"c": {}}}}',
    options: { "profile": "permissive", "maxDepth": 3 },
    rules: "",
    fatal:
      "E020 DepthLimit at 1:19 (offset 18): nesting deeper than max_depth 3; flatten the value",
  },
  {
    name: "keys differing in case",
    text: '{"Path": 1, "path": 2}',
    value: { "Path": 1, "path": 2 },
    rules: "R036@21",
  },
  {
    name: "keys differing in case, closed at the end of the input",
    text: '{"Path": 1, "path": 2',
    value: { "Path": 1, "path": 2 },
    rules: "R013@20 R011@21 R036@21",
    completeness: "truncated",
  },
  {
    name: "keys differing by a zero-width character",
    text: '{"ab": 1, "a\u200bb": 2}',
    value: { "ab": 1, "a\u200bb": 2 },
    rules: "R038@12 R038@18",
  },
  {
    name: "keys differing in normalization",
    text: '{"\u00e9": 1, "e\u0301": 2}',
    value: { "\u00e9": 1, "e\u0301": 2 },
    rules: "R044@16",
  },
  {
    name: "confusable keys",
    text: '{"a": 1, "\u0430": 2}',
    value: { "a": 1, "\u0430": 2 },
    rules: "R045@15",
  },
  {
    name: "keys colliding in case and by a zero-width character",
    text: '{"Ab": 1, "ab": 2, "a\u200bb": 3}',
    value: { "Ab": 1, "ab": 2, "a\u200bb": 3 },
    rules: "R038@21 R038@27 R036@27",
  },
  { name: "one upper-case key", text: '{"Path": 1}', value: { "Path": 1 }, rules: "" },
  {
    name: "upper-case keys that do not collide",
    text: '{"Path": 1, "File": 2}',
    value: { "Path": 1, "File": 2 },
    rules: "",
  },
  {
    name: "records repeating colliding keys",
    text: '[{"Path": 1, "path": 2}, {"Path": 3, "path": 4}]',
    value: [{ "Path": 1, "path": 2 }, { "Path": 3, "path": 4 }],
    rules: "R036@22 R036@46",
  },
  {
    name: "records repeating keys, then other keys",
    text: '[{"Path": 1, "path": 2}, {"Path": 3, "File": 4}]',
    value: [{ "Path": 1, "path": 2 }, { "Path": 3, "File": 4 }],
    rules: "R036@22",
  },
  {
    name: "records with clean keys, then colliding ones",
    text: '[{"Path": 1, "File": 2}, {"Path": 3, "path": 4}]',
    value: [{ "Path": 1, "File": 2 }, { "Path": 3, "path": 4 }],
    rules: "R036@46",
  },
  {
    name: "an inner object with colliding keys",
    text: '{"x": {"Path": 1, "path": 2}, "y": 1}',
    value: { "x": { "Path": 1, "path": 2 }, "y": 1 },
    rules: "R036@27",
  },
  {
    name: "an inner object with colliding keys at the end of the input",
    text: '{"x": {"Path": 1, "path": 2',
    value: { "x": { "Path": 1, "path": 2 } },
    rules: "R013@26 R011@27 R036@27 R011@27",
    completeness: "truncated",
  },
  {
    name: "an array closed at the end of the input",
    text: "[1, [2",
    value: [1, [2]],
    rules: "R013@5 R011@6 R011@6",
    completeness: "truncated",
  },
  { name: "a no-break space between tokens", text: "[1,\u00a02]", value: [1, 2], rules: "R039@3" },
  { name: "a BOM between tokens", text: "[1,\ufeff2]", value: [1, 2], rules: "R039@3" },
  {
    name: "a zero-width space between tokens",
    text: "[1,\u200b2]",
    value: [1, 2],
    rules: "R039@3",
  },
  { name: "a stray character", text: "[1, @2]", value: [1, 2], rules: "R031@4" },
  {
    name: "a tuple",
    text: "(1, 2)",
    rules: "",
    fatal: "E003 NoJsonFound: no JSON value found in the input; emit a JSON object or array",
  },
  { name: "a tuple in an array", text: "[(1, 2), 3]", value: [[1, 2], 3], rules: "R065@6" },
  { name: "a parenthesized value", text: '[("a")]', value: [["a"]], rules: "R066@5" },
  { name: "a one-item tuple with a comma", text: "[(1,)]", value: [[1]], rules: "R005@3 R065@4" },
  { name: "a tuple closed by a bracket", text: "[(1, 2]]", value: [[1, 2]], rules: "R026@6" },
  {
    name: "a closer with nothing open",
    text: "[1]]",
    rules: "",
    fatal: "E003 NoJsonFound: no JSON value found in the input; emit a JSON object or array",
  },
  { name: "a brace closing an array", text: '{"a": [1}', value: { "a": [1] }, rules: "R026@8" },
  {
    name: "a brace closing two arrays",
    text: '[{"a": [[1}]',
    value: [{ "a": [[1]] }],
    rules: "R026@10 R053@10",
  },
  { name: "a bracket closing an object", text: '[{"a": 1]', value: [{ "a": 1 }], rules: "R026@8" },
  {
    name: "a bracket closing two objects",
    text: '[{"a": {"b": 1]',
    value: [{ "a": { "b": 1 } }],
    rules: "R026@14 R053@14",
  },
  {
    name: "a brace standing for a bracket before a comma",
    text: '{"a": [1, 2}, "b": 3}',
    value: { "a": [1, 2], "b": 3 },
    rules: "R064@11",
  },
  {
    name: "a bracket standing for a brace before a comma",
    text: '[{"a": 1], 2]',
    value: [{ "a": 1 }, 2],
    rules: "R064@8",
  },
  { name: "a brace with no object open", text: "[1}", value: [1], rules: "R026@2" },
  { name: "a bracket with no array open", text: '{"a": 1]', value: { "a": 1 }, rules: "R026@7" },
  {
    name: "a brace standing for a bracket, a comma inferred before",
    text: '{"a": [1 2}, "b": 3}',
    value: { "a": [1, 2], "b": 3 },
    rules: "R041@9 R064@10",
  },
  {
    name: "a wrong closer at the end of the input",
    text: '{"a": [1, 2}',
    value: { "a": [1, 2] },
    rules: "R026@11",
  },
  {
    name: "a wrong closer before white space and a comma",
    text: '{"a": [1, 2}  , "b": 3}',
    value: { "a": [1, 2], "b": 3 },
    rules: "R064@11",
  },
  {
    name: "a key with no colon and no quotes",
    text: "{a 1}",
    value: { "a": 1 },
    rules: "R007@1 R025@3 R053@3",
  },
  {
    name: "a missing comma and colon in one member",
    text: '{"a":1 "b" 2}',
    value: { "a": 1, "b": 2 },
    rules: "R006@7 R025@11 R053@11",
  },
  {
    name: "missing commas in two members",
    text: '{"a":1 "b":2 "c":3}',
    value: { "a": 1, "b": 2, "c": 3 },
    rules: "R006@7 R006@13",
  },
  {
    name: "a bare value after an inferred colon",
    text: '{"a" b}',
    value: { "a": "b" },
    rules: "R025@5 R030@5 R053@5",
  },
  {
    name: "an object of an inferred member closed by a bracket",
    text: '[{"a": [1}, 2]',
    value: [{ "2": null, "a": [1] }],
    rules: "R064@9 R007@12 R024@13 R026@13",
  },
  {
    name: "an empty object and array",
    text: '{"a": {}, "b": []}',
    value: { "a": {}, "b": [] },
    rules: "",
  },
  {
    name: "a comma first in an object (it is still empty)",
    text: '{, "a": 1}',
    value: { a: 1 },
    rules: "R061@1",
  },
  {
    name: "a comma after a member is no leading comma",
    text: '{"a": 1,, "b": 2}',
    value: { a: 1, b: 2 },
    rules: "R031@8",
  },
  {
    name: "a closer after an inner array closes the object it names",
    text: '{"a": [[1], 2}',
    value: { "a": [[1], 2] },
    rules: "R026@13",
  },
  {
    name: "a tuple of two items with a comma inferred",
    text: "[(1 2)]",
    value: [[1, 2]],
    rules: "R041@4 R065@5",
  },
  { name: "a tuple closed by a brace", text: "[(1, 2}]", value: [[1, 2]], rules: "R026@6" },
  {
    name: "a member with an inferred colon, then one with an inferred comma",
    text: '{"a" 1, "b": 2 "c": 3}',
    value: { "a": 1, "b": 2, "c": 3 },
    rules: "R025@5 R006@15",
  },
  {
    name: "a bare key, an inferred colon and a bare value: one R053",
    text: "{a b}",
    value: { "a": "b" },
    rules: "R007@1 R025@3 R053@3 R030@3",
  },
  {
    name: "a member's value closed by a brace after an inferred colon",
    text: '{"a" [1, 2}, "b": 3}',
    value: { "a": [1, 2], "b": 3 },
    rules: "R025@5 R064@10 R053@10",
  },
  {
    name: "a member's value closed by a brace after an inferred comma",
    text: '{"a": 1 "b": [1, 2}, "c": 3}',
    value: { "a": 1, "b": [1, 2], "c": 3 },
    rules: "R006@8 R064@18 R053@18",
  },
  {
    name: "a bracket with no array open closes the inner object only",
    text: '{"a": {"b": 1]',
    value: { "a": { "b": 1 } },
    rules: "R026@13 R011@14",
    completeness: "truncated",
  },
  {
    name: "a brace with no object open closes the inner array only",
    text: "[[1}",
    value: [[1]],
    rules: "R026@3 R011@4",
    completeness: "truncated",
  },
  {
    name: "a bracket with no array open, before a comma",
    text: '{"a": {"b": 1], "c": 2}',
    value: { "a": { "b": 1 }, "c": 2 },
    rules: "R026@13",
  },
  {
    name: "a brace with no object open, before a comma",
    text: "[[1}, 2]",
    value: [[1], 2],
    rules: "R026@3",
  },
  {
    name: "a tuple as a member's value",
    text: '{"a": (1, 2), "b": 1}',
    value: { "a": [1, 2], "b": 1 },
    rules: "R065@11",
    members: "a@12 b@21",
  },
  {
    name: "a closer inferred for the root object's member value",
    text: '{"a": [1}, "b": 2}',
    value: { "a": [1], "b": 2 },
    rules: "R064@8",
    members: "a@9 b@18",
  },
  {
    name: "an array closed by a brace at the end of a member",
    text: '{"a": [1, 2}',
    value: { "a": [1, 2] },
    rules: "R026@11",
  },
  {
    name: "depth limit then more text",
    text: "[[[[1]]]], 2]",
    options: { "profile": "permissive", "maxDepth": 3 },
    rules: "",
    fatal: "E020 DepthLimit at 1:4 (offset 3): nesting deeper than max_depth 3; flatten the value",
  },
  {
    name: "an object closed before a brace with no object open",
    text: "[{}, [1}]",
    value: [{}, [1]],
    rules: "R026@7",
  },
  {
    name: "an inferred colon, then a bare value in an inner object's member",
    text: '{"a" {"b": c}}',
    value: { "a": { "b": "c" } },
    rules: "R025@5 R030@11",
    members: "a@13",
  },
  {
    name: "an inferred colon, then a bare value in the next member",
    text: '{"a" 1, "b": c}',
    value: { "a": 1, "b": "c" },
    rules: "R025@5 R030@13",
    members: "a@7 b@15",
  },
  {
    name: "an inferred colon, then a closer standing for the next member's bracket",
    text: '{"x" 1, "a": [1, 2}, "b": 3}',
    value: { "x": 1, "a": [1, 2], "b": 3 },
    rules: "R025@5 R064@18",
    members: "x@7 a@19 b@28",
  },
  {
    name: "two arrays closed by a brace: the member final at it",
    text: '{"a": [[1}',
    value: { "a": [[1]] },
    rules: "R026@9 R053@9",
    members: "a@10",
  },
];

runScanCases("containers", ROWS);

Deno.test("containers: an object is empty until it has a member of its own or inherited", () => {
  assert.equal(isEmptyObject({}), true);
  assert.equal(isEmptyObject({ a: 1 }), false);
  assert.equal(isEmptyObject(Object.create({ inherited: 1 })), false);
});

const KEY_LISTS: readonly { a: string[]; b: string[]; same: boolean }[] = [
  { a: ["a", "b"], b: ["a", "b"], same: true },
  { a: ["a", "b"], b: ["b", "a"], same: false },
  { a: ["a", "b"], b: ["a", "c"], same: false },
  { a: ["a"], b: ["a", "b"], same: false },
  { a: ["a", "b"], b: ["a"], same: false },
  { a: [], b: [], same: true },
];

for (const row of KEY_LISTS) {
  Deno.test(`containers: key lists [${row.a}] and [${row.b}] are ${row.same ? "" : "not "}the same`, () => {
    assert.equal(sameKeys(row.a, row.b), row.same);
  });
}

Deno.test("containers: each kind of key collision has its own bit and rule (none for equal keys)", () => {
  const rules = Object.fromEntries(
    Object.entries(COLLISION_RULES).map(([kind, rule]) => [kind, rule?.code ?? null]),
  );
  assert.deepEqual(rules, {
    exact: null,
    ignorable: "R038",
    normalization: "R044",
    case: "R036",
    confusable: "R045",
  });
  const bits = Object.values(COLLISION_BITS);
  assert.equal(new Set(bits).size, bits.length);
  assert.deepEqual(Object.keys(COLLISION_BITS), Object.keys(COLLISION_RULES));
});
