/**
 * `items`, `prefixItems`, `additionalItems` (`engine/declarations/keywords/items.ts`): malformed and other-dialect spellings refused.
 * Rows moved here from `tests/describe_test.ts`,
 * `tests/jsonschema_refusals_test.ts` and `tests/jsonschema_keywords_test.ts`,
 * keyword by keyword.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compiledCheck } from "../../engine/declarations/check.ts";
import { emptyNode } from "../../engine/declarations/form.ts";
import { compileJsonSchema } from "../../engine/declarations/jsonschema.ts";
import { compileItems } from "../../engine/declarations/keywords/items.ts";
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
  {
    name: "draft-07: additionalItems alone: its schema is still read, and refused where it is",
    schema: { "$schema": D7, "additionalItems": 5 },
    pointer: "/additionalItems",
    message: "schema at /additionalItems must be an object or a boolean, found number",
  },
  {
    name: "draft-07: additionalItems beside an items array: read once, refused where it is",
    schema: { "$schema": D7, "items": [{}], "additionalItems": 5 },
    pointer: "/additionalItems",
    message: "schema at /additionalItems must be an object or a boolean, found number",
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
  {
    name: "draft-07: an empty items array alone admits every array",
    schema: { $schema: D7, items: [] },
    matches: [[], [1, "a"]],
    refuses: [],
  },
  {
    name: "prefixItems alone: the items past the tuple are free",
    schema: { prefixItems: [{ type: "string" }] },
    matches: [[], ["a"], ["a", 1]],
    refuses: [[1], [1, "a"]],
  },
  {
    name: "no dialect named: items as an array is the tuple form, additionalItems the rest",
    schema: { items: [{ type: "string" }], additionalItems: { type: "integer" } },
    matches: [["a"], ["a", 1]],
    refuses: [[1], ["a", "b"]],
  },
  {
    name: "an array of items: a string or an object is no array, whatever its characters",
    schema: { type: "array", items: { pattern: "^a" } },
    matches: [[], ["a", "ab"], [1]],
    refuses: ["aa", { length: 1, 0: "a" }, {}, ["b"]],
  },
  {
    name: "an array of typed items: a string or an object is no array",
    schema: { type: "array", items: { type: "string" } },
    matches: [[], ["a", "b"]],
    refuses: ["ab", { length: 1, 0: "a" }, {}, [1]],
  },
];

/** A schema, and the `kind keyword pointer: message` of each warning it compiles with. */
const WARNINGS: readonly (readonly [name: string, schema: unknown, warnings: string[]])[] = [
  [
    "no dialect named: items as an array is applied as the tuple form, and said so",
    { items: [{}] },
    [
      'other-dialect items /items: "items" at the root is an array: applied as the tuple form of 2019-09 and older ("additionalItems" for the rest)',
    ],
  ],
  [
    "draft-07: items as an array is its own dialect's, no warning",
    { $schema: D7, items: [{}] },
    [],
  ],
];

runKeywordRefusals(
  "items, prefixItems, additionalItems: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("items: what compiled schemas match and refuse", MATCHES);

Deno.test("items: an array items in a schema naming no dialect is listed as a warning", async (t) => {
  for (const [name, schema, warnings] of WARNINGS) {
    await t.step(name, () => {
      assert.deepEqual(
        (compileJsonSchema(schema).warnings ?? []).map((w) =>
          `${w.kind} ${w.keyword} ${w.pointer}: ${w.message}`
        ),
        warnings,
      );
    });
  }
});

Deno.test("items: compileItems adds no check to a node without items, and compiles a tuple alone", () => {
  assert.equal(compileItems(emptyNode(0, ""), () => null), undefined);
  const tuple = compileJsonSchema({ prefixItems: [{ type: "string" }] });
  assert.notEqual(compiledCheck(tuple), null);
});
