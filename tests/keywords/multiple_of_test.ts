/**
 * `multipleOf` (`engine/declarations/keywords/multiple_of.ts`): exact decimal multiples in words; a malformed divisor refused.
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
    name: "multipleOf: divisible by",
    declaration: "number(multipleOf=0.5)",
    value: 0.3,
    keyword: "multipleOf",
    expected: "a number divisible by 0.5",
    found: "0.3",
  },
  {
    name: "every number constraint, in a fixed order",
    declaration: {
      type: "integer",
      multipleOf: 2,
      exclusiveMaximum: 9,
      maximum: 8,
      exclusiveMinimum: 0,
      minimum: 1,
    },
    value: 3,
    keyword: "multipleOf",
    expected: "an integer at least 1, greater than 0, at most 8, less than 9, divisible by 2",
    found: "3",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "multipleOf 0",
    schema: { "multipleOf": 0 },
    pointer: "/multipleOf",
    message: '"multipleOf" at the root must be greater than 0',
  },
  {
    name: "multipleOf negative",
    schema: { "multipleOf": -1 },
    pointer: "/multipleOf",
    message: '"multipleOf" at the root must be greater than 0',
  },
  {
    name: "multipleOf a string",
    schema: { "multipleOf": "2" },
    pointer: "/multipleOf",
    message: '"multipleOf" at the root must be a number, found string',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "multiples on the exact decimals written, not on the doubles' quotient",
    schema: { multipleOf: 0.01 },
    matches: [0.07, 1.1, 19.99, 0, -0.03, "0.001"],
    refuses: [0.001, 1.005, 0.015],
  },
];

runWordsRows("multipleOf: a value failing one keyword, and its words", WORDS);
runKeywordRefusals("multipleOf: malformed values refused with their pointers and words", REFUSALS);
runMatchRows("multiple of: what compiled schemas match and refuse", MATCHES);
