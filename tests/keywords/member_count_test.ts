/**
 * `minProperties`, `maxProperties` (`engine/declarations/keywords/member_count.ts`): member counts in words; malformed counts refused.
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
    name: "minProperties",
    declaration: { type: "object", minProperties: 2 },
    value: { a: 1 },
    keyword: "minProperties",
    expected: "an object with at least 2 members",
    found: "an object with 1 member",
  },
  {
    name: "maxProperties 1: singular",
    declaration: { type: "object", maxProperties: 1 },
    value: { a: 1, b: 2 },
    keyword: "maxProperties",
    expected: "an object with at most 1 member",
    found: "an object with 2 members",
  },
  {
    name: "minProperties 1 and maxProperties 2",
    declaration: { type: "object", minProperties: 1, maxProperties: 2 },
    value: {},
    keyword: "minProperties",
    expected: "an object with at least 1 member, with at most 2 members",
    found: "an object with 0 members",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "minProperties a boolean",
    schema: { "minProperties": true },
    pointer: "/minProperties",
    message: '"minProperties" at the root must be a non-negative integer, found true',
  },
  {
    name: "maxProperties negative",
    schema: { "maxProperties": -2 },
    pointer: "/maxProperties",
    message: '"maxProperties" at the root must be a non-negative integer, found -2',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "member counts bound objects only, both ends inclusive",
    schema: { minProperties: 1, maxProperties: 2 },
    matches: [{ a: 1 }, { a: 1, b: 2 }, [], "x"],
    refuses: [{}, { a: 1, b: 2, c: 3 }],
  },
];

runWordsRows("minProperties, maxProperties: a value failing one keyword, and its words", WORDS);
runKeywordRefusals(
  "minProperties, maxProperties: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("member count: what compiled schemas match and refuse", MATCHES);
