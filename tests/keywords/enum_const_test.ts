/**
 * `enum` and `const` (`engine/declarations/keywords/enum_const.ts`): values quoted as JSON, cut at 40 characters, listed up to 10; malformed values refused.
 * Rows moved here from `tests/describe_test.ts`,
 * `tests/jsonschema_refusals_test.ts` and `tests/jsonschema_keywords_test.ts`,
 * keyword by keyword.
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

const D4 = "http://json-schema.org/draft-04/schema#";
/** `n` times the letter `x`. */
const xs = (n: number) => "x".repeat(n);

const WORDS: readonly WordsRow[] = [
  {
    name: "enum: one of, each quoted as JSON",
    declaration: { enum: ["fast", "safe", 1, null] },
    value: "slow",
    keyword: "enum",
    expected: 'one of "fast", "safe", 1, null',
    found: 'the string "slow"',
  },
  {
    name: "enum of one value: exactly",
    declaration: { enum: [{ a: [1] }] },
    value: {},
    keyword: "enum",
    expected: 'exactly {"a":[1]}',
    found: "an object with 0 members",
  },
  {
    name: "const: exactly",
    declaration: { const: "on" },
    value: "off",
    keyword: "const",
    expected: 'exactly "on"',
    found: 'the string "off"',
  },
  {
    name: "enum of 10 values: all listed",
    declaration: { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    value: 0,
    keyword: "enum",
    expected: "one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10",
    found: "0",
  },
  {
    name: "enum of 12 values: the first 10, then how many more",
    declaration: { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    value: 0,
    keyword: "enum",
    expected: "one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … (2 more)",
    found: "0",
  },
  {
    name: "a value of 42 characters as JSON (40 inside the quotes): shown whole",
    declaration: { const: xs(40) },
    value: 0,
    keyword: "const",
    expected: `exactly "${xs(40)}"`,
    found: "0",
  },
  {
    name: "a value of 43 characters as JSON: its first 40, then …",
    declaration: { const: xs(41) },
    value: 0,
    keyword: "const",
    expected: `exactly "${xs(39)}…`,
    found: "0",
  },
  {
    name: "a cut never separates the halves of a surrogate pair",
    declaration: { const: xs(38) + "😀" + xs(5) },
    value: 0,
    keyword: "const",
    expected: `exactly "${xs(38)}…`,
    found: "0",
  },
  {
    name: "a cut just after a surrogate pair keeps the pair",
    declaration: { const: xs(37) + "😀" + xs(5) },
    value: 0,
    keyword: "const",
    expected: `exactly "${xs(37)}😀…`,
    found: "0",
  },
  {
    name: "enum values are cut one by one",
    declaration: { enum: [xs(50), "b"] },
    value: "c",
    keyword: "enum",
    expected: `one of "${xs(39)}…, "b"`,
    found: 'the string "c"',
  },
  {
    name: "enum beside const: the words name only the value both allow",
    declaration: { enum: [1, 2, 3], const: 2 },
    value: 1,
    keyword: "const",
    expected: "exactly 2",
    found: "1",
  },
  {
    name: "enum and const with no value in common: none allowed, in words",
    declaration: { enum: [1, 3], const: 2 },
    value: 2,
    keyword: "enum",
    expected: "no value (none is allowed)",
    found: "2",
  },
  {
    name: "an empty enum: none allowed, in words",
    declaration: { enum: [] },
    value: "a",
    keyword: "enum",
    expected: "no value (none is allowed)",
    found: 'the string "a"',
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "enum not an array",
    schema: { "enum": 5 },
    pointer: "/enum",
    message: '"enum" at the root must be an array',
  },
  {
    name: "const in draft-04",
    schema: { "$schema": D4, "const": 1 },
    pointer: "/const",
    message:
      'unsupported keyword "const" at the root: a keyword of draft-06 and later, not of draft-04 (the dialect "$schema" selects)',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "enum beside const: both hold",
    schema: { enum: [1, 2, 3], const: 2 },
    matches: [2],
    refuses: [1, 3],
  },
  {
    name: "const beside enum: both hold",
    schema: { const: 2, enum: [1, 2] },
    matches: [2],
    refuses: [1],
  },
];

runWordsRows("enum and const: a value failing one keyword, and its words", WORDS);
runKeywordRefusals(
  "enum and const: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("enum const: what compiled schemas match and refuse", MATCHES);
