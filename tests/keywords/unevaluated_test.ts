/**
 * `unevaluatedProperties`, `unevaluatedItems` (`engine/declarations/keywords/unevaluated.ts`): members and items left over, in words.
 * Rows moved here from `tests/describe_test.ts` and
 * `tests/jsonschema_refusals_test.ts`, keyword by keyword.
 *
 * @module
 */

import { type MatchRow, runMatchRows, runWordsRows, type WordsRow } from "./keyword_cases.ts";

const WORDS: readonly WordsRow[] = [
  {
    name: "unevaluatedProperties false: the names admitted",
    declaration: { properties: { a: {} }, unevaluatedProperties: false },
    value: { a: 1, b: "x" },
    keyword: "unevaluatedProperties",
    pointer: "/b",
    expected: 'absent (the object admits only "a")',
    found: 'the string "x"',
  },
  {
    name: "unevaluatedProperties false without properties",
    declaration: { unevaluatedProperties: false },
    value: { b: null },
    keyword: "unevaluatedProperties",
    pointer: "/b",
    expected: "absent (the object admits no other members)",
    found: "null",
  },
  {
    name: "unevaluatedItems false: the item past the tuple",
    declaration: { prefixItems: [{}], unevaluatedItems: false },
    value: [1, 2],
    keyword: "unevaluatedItems",
    pointer: "/1",
    expected: "absent (the array admits no more items)",
    found: "2",
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "members and items no keyword evaluated, here or in a passing branch",
    schema: {
      prefixItems: [{}],
      anyOf: [{ properties: { a: {} } }, { properties: { b: {} } }],
      unevaluatedProperties: false,
      unevaluatedItems: { type: "string" },
    },
    matches: [{ a: 1 }, { b: 1 }, [1, "x", "y"]],
    refuses: [{ a: 1, c: 1 }, [1, 2]],
  },
  {
    name: "unevaluatedProperties a schema: the members left over must match it",
    schema: { properties: { a: {} }, unevaluatedProperties: { type: "string" } },
    matches: [{ a: 1, b: "x" }, {}],
    refuses: [{ a: 1, b: 2 }, { b: "x", c: null }],
  },
];

runWordsRows(
  "unevaluatedProperties, unevaluatedItems: a value failing one keyword, and its words",
  WORDS,
);
runMatchRows("unevaluated: what compiled schemas match and refuse", MATCHES);
