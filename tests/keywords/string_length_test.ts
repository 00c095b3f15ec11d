/**
 * `minLength`, `maxLength` (`engine/declarations/keywords/string_length.ts`): lengths in code points in words; malformed bounds refused.
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
    name: "minLength, and the length found in code points",
    declaration: "string(minLength=3)",
    value: "😀😀",
    keyword: "minLength",
    expected: "a string of at least 3 characters",
    found: "a string of 2 characters",
  },
  {
    name: "minLength 1: one character, singular",
    declaration: "string(minLength=1)",
    value: "",
    keyword: "minLength",
    expected: "a string of at least 1 character",
    found: "a string of 0 characters",
  },
  {
    name: "maxLength 1: singular",
    declaration: "string(maxLength=1)",
    value: "ab",
    keyword: "maxLength",
    expected: "a string of at most 1 character",
    found: "a string of 2 characters",
  },
  {
    name: "maxLength: the length found, singular at 1",
    declaration: "string(maxLength=0)",
    value: "a",
    keyword: "maxLength",
    expected: "a string of at most 0 characters",
    found: "a string of 1 character",
  },
  {
    name: "both lengths: a range",
    declaration: "string(minLength=2,maxLength=4)",
    value: "abcde",
    keyword: "maxLength",
    expected: "a string of 2 to 4 characters",
    found: "a string of 5 characters",
  },
  {
    name: "equal lengths: exactly",
    declaration: "string(minLength=3,maxLength=3)",
    value: "ab",
    keyword: "minLength",
    expected: "a string of exactly 3 characters",
    found: "a string of 2 characters",
  },
  {
    name: "equal lengths of 1: exactly one character",
    declaration: "string(minLength=1,maxLength=1)",
    value: "ab",
    keyword: "maxLength",
    expected: "a string of exactly 1 character",
    found: "a string of 2 characters",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "minLength fractional",
    schema: { "minLength": 1.5 },
    pointer: "/minLength",
    message: '"minLength" at the root must be a non-negative integer, found 1.5',
  },
  {
    name: "maxLength a string",
    schema: { "maxLength": "1" },
    pointer: "/maxLength",
    message: '"maxLength" at the root must be a non-negative integer, found "1"',
  },
  {
    name: "two problems listed",
    schema: { "minLength": -1, "properties": { "a": { "type": "x" } } },
    pointer: "/minLength",
    message:
      '"minLength" at the root must be a non-negative integer, found -1; "type" at /properties/a must be one of null, boolean, string, number, integer, object, array or an array of them, found "x"',
  },
  {
    name: "$ref problems wait for the other problems",
    schema: { "minLength": -1, "$ref": "#/nope" },
    pointer: "/minLength",
    message: '"minLength" at the root must be a non-negative integer, found -1',
  },
  {
    name: "in-place cycles wait for the other problems",
    schema: { "minLength": -1, "$ref": "#" },
    pointer: "/minLength",
    message: '"minLength" at the root must be a non-negative integer, found -1',
  },
  {
    name: "additionalItems beside an array items, compiled once where it stands",
    schema: { $schema: D7, items: [], additionalItems: { minLength: -1 } },
    pointer: "/additionalItems/minLength",
    message: '"minLength" at /additionalItems must be a non-negative integer, found -1',
  },
  {
    name: "a malformed schema reached by a $ref into an annotation",
    schema: { default: { minLength: -1 }, $ref: "#/default" },
    pointer: "/default/minLength",
    message: '"minLength" at /default must be a non-negative integer, found -1',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "lengths count code points: a surrogate pair once, a lone surrogate once",
    schema: { type: "string", minLength: 2, maxLength: 3 },
    matches: ["ab", "abc", "😀😀", "a\ud800", "😀😀😀"],
    refuses: ["a", "😀", "abcd", "😀😀😀😀"],
  },
];

runWordsRows("minLength, maxLength: a value failing one keyword, and its words", WORDS);
runKeywordRefusals(
  "minLength, maxLength: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("string length: what compiled schemas match and refuse", MATCHES);
