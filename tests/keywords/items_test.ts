/**
 * `items`, `prefixItems`, `additionalItems` (`engine/declarations/keywords/items.ts`): malformed and other-dialect spellings refused.
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
} from "./keyword_cases.ts";

const D7 = "http://json-schema.org/draft-07/schema#";

const D4 = "http://json-schema.org/draft-04/schema#";

const D19 = "https://json-schema.org/draft/2019-09/schema";
const D20 = "https://json-schema.org/draft/2020-12/schema";

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "prefixItems empty",
    schema: { "prefixItems": [] },
    pointer: "/prefixItems",
    message: '"prefixItems" at the root must be a non-empty array of schemas',
  },
  {
    name: "prefixItems not an array",
    schema: { "prefixItems": {} },
    pointer: "/prefixItems",
    message: '"prefixItems" at the root must be a non-empty array of schemas',
  },
  {
    name: "items array in a schema naming 2020-12",
    schema: { "$schema": D20, "items": [{}] },
    pointer: "/items",
    message:
      '"items" at the root is an array: the tuple form of 2019-09 and older, not of 2020-12 (the dialect "$schema" selects); write "prefixItems"',
  },
  {
    name: "items a number",
    schema: { "items": 5 },
    pointer: "/items",
    message: "schema at /items must be an object or a boolean, found number",
  },
  {
    name: "prefixItems in 2019-09",
    schema: { "$schema": D19, "prefixItems": [{}] },
    pointer: "/prefixItems",
    message:
      'unsupported keyword "prefixItems" at the root: a keyword of 2020-12, not of 2019-09 (the dialect "$schema" selects)',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "draft-04: items as an array, additionalItems and dependencies",
    schema: { $schema: D4, items: [{}], additionalItems: false, dependencies: { a: ["b"] } },
    matches: [[1], { a: 1, b: 1 }],
    refuses: [[1, 2], { a: 1 }],
  },
  {
    name: "draft-07: an empty items array, then additionalItems",
    schema: { $schema: D7, items: [], additionalItems: false },
    matches: [[]],
    refuses: [[1]],
  },
  {
    name: "draft-07: additionalItems without an items array asserts nothing",
    schema: { $schema: D7, additionalItems: false },
    matches: [[1, 2]],
    refuses: [],
  },
];

runKeywordRefusals(
  "items, prefixItems, additionalItems: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("items: what compiled schemas match and refuse", MATCHES);
