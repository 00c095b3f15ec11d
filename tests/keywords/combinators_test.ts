/**
 * `allOf`, `anyOf`, `oneOf`, `not` (`engine/declarations/keywords/combinators.ts`): alternatives and the closest branch in words; malformed lists refused.
 * Rows moved here from `tests/describe_test.ts` and
 * `tests/jsonschema_refusals_test.ts`, keyword by keyword.
 *
 * @module
 */

import {
  type KeywordRefusal,
  type MatchRow,
  runKeywordRefusals,
  runMatchRows,
  runWordsRows,
  type WordsRow,
} from "./keyword_cases.ts";

const WORDS: readonly WordsRow[] = [
  {
    name: "not: anything but what it names",
    declaration: { not: { type: "string" } },
    value: "x",
    keyword: "not",
    expected: "anything but a string",
    found: 'the string "x"',
  },
  {
    name: "not of a union: anything but its alternatives",
    declaration: { not: { anyOf: [{ type: "integer" }, { minimum: 3 }] } },
    value: 3,
    keyword: "not",
    expected: "anything but an integer or a number at least 3",
    found: "3",
  },
  {
    name: "not false: anything but nothing",
    declaration: { not: { enum: [1, 2] } },
    value: 2,
    keyword: "not",
    expected: "anything but one of 1, 2",
    found: "2",
  },
  {
    name: "oneOf matched more than once: the alternatives and how many matched",
    declaration: { oneOf: [{ type: "integer" }, { minimum: 0 }] },
    value: 3,
    keyword: "oneOf",
    expected: "exactly one of the alternatives (an integer or a number at least 0)",
    found: "3, which matches 2 of them",
  },
  {
    name: "oneOf matched by none admitting the type: the alternatives",
    declaration: { oneOf: [{ type: "string" }, { type: "integer" }] },
    value: true,
    keyword: "oneOf",
    expected: "a string or an integer",
    found: "true",
  },
  {
    name: "anyOf matched by none admitting the type: the alternatives",
    declaration: { anyOf: [{ type: "string" }, { type: "object" }] },
    value: 3,
    keyword: "anyOf",
    expected: "a string or an object",
    found: "3",
  },
  {
    name: "anyOf: alternatives that read the same are named once",
    declaration: { anyOf: [{ type: "string" }, { type: "string", title: "b" }, { type: "null" }] },
    value: 1,
    keyword: "anyOf",
    expected: "a string or null",
    found: "1",
  },
  {
    name: "anyOf beside a type, no branch admitting the value: the branches",
    declaration: { type: ["boolean", "integer"], anyOf: [{ type: "integer" }, { type: "string" }] },
    value: true,
    keyword: "anyOf",
    expected: "an integer or a string",
    found: "true",
  },
  {
    name: "a language union",
    declaration: "string|integer",
    value: true,
    keyword: "anyOf",
    expected: "a string or an integer",
    found: "true",
  },
  {
    name: "a language union of literals and a type",
    declaration: '"a"|"b"|integer',
    value: "c",
    keyword: "anyOf",
    expected: 'exactly "a" or exactly "b" or an integer',
    found: 'the string "c"',
  },
  {
    name: "a union with a never branch",
    declaration: { anyOf: [false, { type: "null" }] },
    value: 1,
    keyword: "anyOf",
    expected: "nothing or null",
    found: "1",
  },
  {
    name: "the language's choice of literals",
    declaration: '{!mode:"fast"|"safe"}',
    value: { mode: "slow" },
    keyword: "anyOf",
    pointer: "/mode",
    expected: 'exactly "fast" or exactly "safe"',
    found: 'the string "slow"',
  },
  {
    name: "the language's optional type: T? is T or null",
    declaration: "{n:integer?}",
    value: { n: false },
    keyword: "anyOf",
    pointer: "/n",
    expected: "an integer or null",
    found: "false",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "allOf empty",
    schema: { "allOf": [] },
    pointer: "/allOf",
    message: '"allOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "anyOf not an array",
    schema: { "anyOf": {} },
    pointer: "/anyOf",
    message: '"anyOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "oneOf empty",
    schema: { "oneOf": [] },
    pointer: "/oneOf",
    message: '"oneOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "not a number",
    schema: { "not": 1 },
    pointer: "/not",
    message: "schema at /not must be an object or a boolean, found number",
  },
  {
    name: "a cycle through not",
    schema: { "not": { "$ref": "#" } },
    pointer: "/not",
    message: "a cycle of references that consumes no input passes through the root",
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "allOf every branch, anyOf some, oneOf exactly one, not none",
    schema: {
      allOf: [{ type: "integer" }],
      anyOf: [{ minimum: 10 }, { maximum: 0 }],
      oneOf: [{ multipleOf: 2 }, { multipleOf: 3 }],
      not: { const: 12 },
    },
    matches: [10, -2, 15, -3],
    refuses: [12, 6, 5, 11, "10"],
  },
];

runWordsRows("allOf, anyOf, oneOf, not: a value failing one keyword, and its words", WORDS);
runKeywordRefusals(
  "allOf, anyOf, oneOf, not: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("combinators: what compiled schemas match and refuse", MATCHES);
