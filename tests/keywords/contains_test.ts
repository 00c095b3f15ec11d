/**
 * `contains`, `minContains`, `maxContains` (`engine/declarations/keywords/contains.ts`): how many items matched, in words; malformed counts refused.
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
    name: "contains: at least 1 item",
    declaration: { contains: { type: "string" } },
    value: [1],
    keyword: "contains",
    expected: "an array with at least 1 item that is a string",
    found: "an array with 0 such items",
  },
  {
    name: "contains with minContains 2",
    declaration: { contains: { type: "integer" }, minContains: 2 },
    value: [1, "a"],
    keyword: "contains",
    expected: "an array with at least 2 items that are an integer",
    found: "an array with 1 such item",
  },
  {
    name: "maxContains 1 (minContains 1 by default): exactly 1",
    declaration: { contains: { type: "string" }, maxContains: 1 },
    value: ["a", "b"],
    keyword: "maxContains",
    expected: "an array with exactly 1 item that is a string",
    found: "an array with 2 such items",
  },
  {
    name: "minContains 0 and maxContains 1: a range",
    declaration: { contains: { type: "string" }, minContains: 0, maxContains: 1 },
    value: ["a", "b"],
    keyword: "maxContains",
    expected: "an array with 0 to 1 items that are a string",
    found: "an array with 2 such items",
  },
  {
    name: "minContains 1 and maxContains 2: a range",
    declaration: { contains: { type: "string" }, minContains: 1, maxContains: 2 },
    value: [],
    keyword: "contains",
    expected: "an array with 1 to 2 items that are a string",
    found: "an array with 0 such items",
  },
  {
    name: "minContains 2 and maxContains 2: exactly 2",
    declaration: { contains: { const: 1 }, minContains: 2, maxContains: 2 },
    value: [1],
    keyword: "contains",
    expected: "an array with exactly 2 items that are exactly 1",
    found: "an array with 1 such item",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "minContains negative",
    schema: { "minContains": -1 },
    pointer: "/minContains",
    message: '"minContains" at the root must be a non-negative integer, found -1',
  },
  {
    name: "maxContains fractional",
    schema: { "maxContains": 0.5 },
    pointer: "/maxContains",
    message: '"maxContains" at the root must be a non-negative integer, found 0.5',
  },
  {
    name: "contains a string",
    schema: { "contains": "x" },
    pointer: "/contains",
    message: "schema at /contains must be an object or a boolean, found string",
  },
  {
    name: "minContains in draft-07",
    schema: { "$schema": D7, "contains": {}, "minContains": 2 },
    pointer: "/minContains",
    message:
      'unsupported keyword "minContains" at the root: a keyword of 2019-09 and later, not of draft-07 (the dialect "$schema" selects)',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "between minContains and maxContains items match",
    schema: { contains: { type: "integer" }, minContains: 2, maxContains: 3 },
    matches: [[1, 2], [1, "a", 2, 3], "not an array"],
    refuses: [[1], [], [1, 2, 3, 4], ["a", "b"]],
  },
];

runWordsRows(
  "contains, minContains, maxContains: a value failing one keyword, and its words",
  WORDS,
);
runKeywordRefusals(
  "contains, minContains, maxContains: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("contains: what compiled schemas match and refuse", MATCHES);
