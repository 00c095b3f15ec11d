/**
 * `minItems`, `maxItems` (`engine/declarations/keywords/array_length.ts`): item counts in words; malformed counts refused.
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
    name: "minItems: the array found counts its items",
    declaration: "[string](minItems=2)",
    value: ["a"],
    keyword: "minItems",
    expected: "an array with at least 2 items",
    found: "an array of 1 item",
  },
  {
    name: "maxItems 1: singular",
    declaration: "array(maxItems=1)",
    value: [1, 2],
    keyword: "maxItems",
    expected: "an array with at most 1 item",
    found: "an array of 2 items",
  },
  {
    name: "minItems 1 and maxItems 3",
    declaration: { type: "array", minItems: 1, maxItems: 3 },
    value: [],
    keyword: "minItems",
    expected: "an array with at least 1 item, with at most 3 items",
    found: "an array of 0 items",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "minItems negative",
    schema: { "minItems": -1 },
    pointer: "/minItems",
    message: '"minItems" at the root must be a non-negative integer, found -1',
  },
  {
    name: "maxItems null",
    schema: { "maxItems": null },
    pointer: "/maxItems",
    message: '"maxItems" at the root must be a non-negative integer, found null',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "item counts bound arrays only, both ends inclusive",
    schema: { minItems: 1, maxItems: 2 },
    matches: [[1], [1, 2], "", {}],
    refuses: [[], [1, 2, 3]],
  },
];

runWordsRows("minItems, maxItems: a value failing one keyword, and its words", WORDS);
runKeywordRefusals(
  "minItems, maxItems: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("array length: what compiled schemas match and refuse", MATCHES);
