/**
 * `type` (`engine/declarations/keywords/type.ts`): the words for each admitted type in a fixed order; a malformed `type` is refused.
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

const D7 = "http://json-schema.org/draft-07/schema#";

const WORDS: readonly WordsRow[] = [
  {
    name: "null",
    declaration: { type: "null" },
    value: 0,
    keyword: "type",
    expected: "null",
    found: "0",
  },
  {
    name: "a boolean",
    declaration: "boolean",
    value: "true",
    keyword: "type",
    expected: "a boolean",
    found: 'the string "true"',
  },
  {
    name: "a string",
    declaration: "string",
    value: 1,
    keyword: "type",
    expected: "a string",
    found: "1",
  },
  {
    name: "a number (integers included, not named twice)",
    declaration: "number",
    value: "1",
    keyword: "type",
    expected: "a number",
    found: 'the string "1"',
  },
  {
    name: "an integer",
    declaration: "integer",
    value: 1.5,
    keyword: "type",
    expected: "an integer",
    found: "1.5",
  },
  {
    name: "an object",
    declaration: { type: "object" },
    value: [],
    keyword: "type",
    expected: "an object",
    found: "an array of 0 items",
  },
  {
    name: "an array",
    declaration: { type: "array" },
    value: {},
    keyword: "type",
    expected: "an array",
    found: "an object with 0 members",
  },
  {
    name: "several types, in the order null, boolean, string, number, object, array",
    declaration: { type: ["array", "object", "integer", "string", "boolean", "null"] },
    value: 1.5,
    keyword: "type",
    expected: "null or a boolean or a string or an integer or an object or an array",
    found: "1.5",
  },
  {
    name: "integer or boolean: the integer is named after the boolean",
    declaration: { type: ["integer", "boolean"] },
    value: "1",
    keyword: "type",
    expected: "a boolean or an integer",
    found: 'the string "1"',
  },
  {
    name: "number and integer together name only the number",
    declaration: { type: ["integer", "number"] },
    value: null,
    keyword: "type",
    expected: "a number",
    found: "null",
  },
  {
    name: "a type failure names the node's constraints too",
    declaration: "{!limit:integer(maximum=50)}",
    value: { limit: "3" },
    keyword: "type",
    pointer: "/limit",
    expected: "an integer at most 50",
    found: 'the string "3"',
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "type unknown",
    schema: { "type": "str" },
    pointer: "/type",
    message:
      '"type" at the root must be one of null, boolean, string, number, integer, object, array or an array of them, found "str"',
  },
  {
    name: "type list with a non-string",
    schema: { "type": ["string", 5] },
    pointer: "/type",
    message:
      '"type" at the root must be one of null, boolean, string, number, integer, object, array or an array of them, found ["string",5]',
  },
  {
    name: "a list inside the type list is no type name, though it prints as one",
    schema: { "type": ["string", ["null"]] },
    pointer: "/type",
    message:
      '"type" at the root must be one of null, boolean, string, number, integer, object, array or an array of them, found ["string",["null"]]',
  },
  {
    name: "a name every object inherits is no type",
    schema: { "type": ["string", "toString"] },
    pointer: "/type",
    message:
      '"type" at the root must be one of null, boolean, string, number, integer, object, array or an array of them, found ["string","toString"]',
  },
  {
    name: "additionalItems without an array items is still compiled",
    schema: { "$schema": D7, "additionalItems": { "type": "x" } },
    pointer: "/additionalItems/type",
    message:
      '"type" at /additionalItems must be one of null, boolean, string, number, integer, object, array or an array of them, found "x"',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "OpenAPI 3.0 nullable beside type admits null too",
    schema: { type: "string", nullable: true },
    matches: ["a", null],
    refuses: [1, false],
  },
  {
    name: "integer admits whole numbers (1.0 included), number every number; a union admits each",
    schema: { type: ["integer", "null", "string"] },
    matches: [1, 1.0, -0, null, "", "1"],
    refuses: [1.5, true, [], {}],
  },
];

runWordsRows("type: a value failing one keyword, and its words", WORDS);
runKeywordRefusals("type: malformed values refused with their pointers and words", REFUSALS);
runMatchRows("type: what compiled schemas match and refuse", MATCHES);
