/**
 * `uniqueItems` (`engine/declarations/keywords/unique_items.ts`): no two
 * items equal in the JSON Schema sense (`1` equals `1.0`, objects by
 * members in any order, `0` equals `-0`); the report names the first equal
 * pair at the array; a malformed value is refused.
 *
 * @module
 */

import {
  type KeywordCase,
  type KeywordRefusal,
  runKeywordCases,
  runKeywordRefusals,
} from "./keyword_cases.ts";

const CASES: readonly KeywordCase[] = [
  {
    name: "uniqueItems: the indexes of the first equal pair",
    declaration: { type: "array", uniqueItems: true },
    matches: [[], [1], [1, "1"], [[1], [1, 2]], [{ a: 1 }, { a: 2 }], [null, false, 0, ""]],
    refuses: [{
      value: [1, 2, 1.0],
      keyword: "uniqueItems",
      detail: "0 and 2",
      expected: "an array without duplicate items",
      found: "an array whose items 0 and 2 are equal",
    }],
  },
  {
    name: "uniqueItems alone: an array",
    declaration: { uniqueItems: true },
    matches: ["a", 1, { a: 1 }, ["a", "b"]],
    refuses: [{
      value: ["a", "a"],
      keyword: "uniqueItems",
      expected: "an array without duplicate items",
      found: "an array whose items 0 and 1 are equal",
    }],
  },
  {
    name: "objects are equal by their members in any order, numbers by value",
    declaration: { type: "array", uniqueItems: true },
    refuses: [
      { value: [{ a: 1, b: [2.0] }, { b: [2], a: 1 }], keyword: "uniqueItems", detail: "0 and 1" },
      { value: [0, -0], keyword: "uniqueItems", detail: "0 and 1" },
      { value: ["x", "y", "x", "y"], keyword: "uniqueItems", detail: "0 and 2" },
    ],
  },
  {
    name: "the pair is reported at the array's pointer",
    declaration: {
      type: "object",
      properties: { tags: { type: "array", uniqueItems: true } },
    },
    matches: [{ tags: ["a", "b"] }, {}],
    refuses: [{ value: { tags: ["a", "b", "b"] }, keyword: "uniqueItems", pointer: "/tags" }],
  },
  {
    name: "uniqueItems false asserts nothing",
    declaration: { type: "array", uniqueItems: false },
    matches: [[1, 1], []],
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "uniqueItems a string",
    schema: { "uniqueItems": "yes" },
    pointer: "/uniqueItems",
    message: '"uniqueItems" at the root must be a boolean',
  },
];

runKeywordCases("uniqueItems: admitted and refused arrays, the report and its words", CASES);
runKeywordRefusals("uniqueItems: a malformed value is refused", REFUSALS);
