/**
 * `allOf`, `anyOf`, `oneOf`, `not` (`engine/declarations/keywords/combinators.ts`): alternatives and the closest branch in words; malformed lists refused.
 * Rows moved here from `tests/describe_test.ts` and
 * `tests/jsonschema_refusals_test.ts`, keyword by keyword.
 *
 * @module
 */

import assert from "node:assert/strict";
import { checkForm } from "../../engine/declarations/check.ts";
import { compileJsonSchema } from "../../engine/declarations/jsonschema.ts";
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
    name: "not: anything but what it names",
    declaration: { not: { type: "string" } },
    value: "x",
    keyword: "not",
    expected: "anything but a string",
    found: 'the string "x"',
  },
  {
    name: "not of a union: anything but its alternatives",
    declaration: { not: { anyOf: [{ type: "integer" }, { minimum: 3 }] } },
    value: 3,
    keyword: "not",
    expected: "anything but an integer or a number at least 3",
    found: "3",
  },
  {
    name: "not false: anything but nothing",
    declaration: { not: { enum: [1, 2] } },
    value: 2,
    keyword: "not",
    expected: "anything but one of 1, 2",
    found: "2",
  },
  {
    name: "oneOf matched more than once: the alternatives and how many matched",
    declaration: { oneOf: [{ type: "integer" }, { minimum: 0 }] },
    value: 3,
    keyword: "oneOf",
    expected: "exactly one of the alternatives (an integer or a number at least 0)",
    found: "3, which matches 2 of them",
  },
  {
    name: "oneOf matched by none admitting the type: the alternatives",
    declaration: { oneOf: [{ type: "string" }, { type: "integer" }] },
    value: true,
    keyword: "oneOf",
    expected: "a string or an integer",
    found: "true",
  },
  {
    name: "anyOf matched by none admitting the type: the alternatives",
    declaration: { anyOf: [{ type: "string" }, { type: "object" }] },
    value: 3,
    keyword: "anyOf",
    expected: "a string or an object",
    found: "3",
  },
  {
    name: "anyOf: alternatives that read the same are named once",
    declaration: { anyOf: [{ type: "string" }, { type: "string", title: "b" }, { type: "null" }] },
    value: 1,
    keyword: "anyOf",
    expected: "a string or null",
    found: "1",
  },
  {
    name: "anyOf beside a type, no branch admitting the value: the branches",
    declaration: { type: ["boolean", "integer"], anyOf: [{ type: "integer" }, { type: "string" }] },
    value: true,
    keyword: "anyOf",
    expected: "an integer or a string",
    found: "true",
  },
  {
    name: "a language union",
    declaration: "string|integer",
    value: true,
    keyword: "anyOf",
    expected: "a string or an integer",
    found: "true",
  },
  {
    name: "a language union of literals and a type",
    declaration: '"a"|"b"|integer',
    value: "c",
    keyword: "anyOf",
    expected: 'exactly "a" or exactly "b" or an integer',
    found: 'the string "c"',
  },
  {
    name: "a union with a never branch",
    declaration: { anyOf: [false, { type: "null" }] },
    value: 1,
    keyword: "anyOf",
    expected: "nothing or null",
    found: "1",
  },
  {
    name: "the language's choice of literals",
    declaration: '{!mode:"fast"|"safe"}',
    value: { mode: "slow" },
    keyword: "anyOf",
    pointer: "/mode",
    expected: 'exactly "fast" or exactly "safe"',
    found: 'the string "slow"',
  },
  {
    name: "the language's optional type: T? is T or null",
    declaration: "{n:integer?}",
    value: { n: false },
    keyword: "anyOf",
    pointer: "/n",
    expected: "an integer or null",
    found: "false",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "allOf empty",
    schema: { "allOf": [] },
    pointer: "/allOf",
    message: '"allOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "anyOf not an array",
    schema: { "anyOf": {} },
    pointer: "/anyOf",
    message: '"anyOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "oneOf empty",
    schema: { "oneOf": [] },
    pointer: "/oneOf",
    message: '"oneOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "not a number",
    schema: { "not": 1 },
    pointer: "/not",
    message: "schema at /not must be an object or a boolean, found number",
  },
  {
    name: "a cycle through not",
    schema: { "not": { "$ref": "#" } },
    pointer: "/not",
    message: "a cycle of references that consumes no input passes through the root",
  },
];

/** An array of arrays, to any depth: a recursive schema, which is not compiled into closures. */
const NESTED = { type: "array", items: { $ref: "#/$defs/nested" } };

const MATCHES: readonly MatchRow[] = [
  {
    name: "allOf every branch, anyOf some, oneOf exactly one, not none",
    schema: {
      allOf: [{ type: "integer" }],
      anyOf: [{ minimum: 10 }, { maximum: 0 }],
      oneOf: [{ multipleOf: 2 }, { multipleOf: 3 }],
      not: { const: 12 },
    },
    matches: [10, -2, 15, -3],
    refuses: [12, 6, 5, 11, "10"],
  },
  {
    name: "allOf with a recursive branch (not compiled)",
    schema: { $defs: { nested: NESTED }, allOf: [{ $ref: "#/$defs/nested" }, { maxItems: 1 }] },
    matches: [[], [[]]],
    refuses: [[[], []], [1], "a"],
  },
  {
    name: "anyOf with a recursive branch",
    schema: { $defs: { nested: NESTED }, anyOf: [{ $ref: "#/$defs/nested" }, { type: "string" }] },
    matches: [[], [[]], "a"],
    refuses: [[1], 1],
  },
  {
    name: "oneOf with a recursive branch",
    schema: { $defs: { nested: NESTED }, oneOf: [{ $ref: "#/$defs/nested" }, { maxItems: 1 }] },
    matches: [[[], []], [1], "a"],
    refuses: [[], [[]]],
  },
  {
    name: "unevaluatedProperties: the members every allOf branch evaluated count",
    schema: {
      allOf: [{ properties: { a: {} } }, { properties: { b: {} } }],
      unevaluatedProperties: false,
    },
    matches: [{ a: 1, b: 1 }],
    refuses: [{ a: 1, c: 1 }],
  },
  {
    name: "unevaluatedProperties: every anyOf branch that matches counts, no other",
    schema: {
      anyOf: [{ properties: { a: {}, b: { const: 1 } } }, { properties: { b: {} } }],
      unevaluatedProperties: false,
    },
    matches: [{ a: 1, b: 1 }, { b: 2 }],
    refuses: [{ a: 1, b: 2 }],
  },
  {
    name: "unevaluatedProperties: the oneOf branch that matches counts",
    schema: {
      oneOf: [{ properties: { a: {} }, required: ["a"] }, { required: ["b"] }],
      unevaluatedProperties: false,
    },
    matches: [{ a: 1 }],
    refuses: [{ b: 1 }, { a: 1, b: 1 }],
  },
  {
    name: "unevaluatedProperties: what a not evaluates never counts",
    schema: { not: { not: { properties: { a: {} } } }, unevaluatedProperties: false },
    matches: [{}],
    refuses: [{ a: 1 }],
  },
  {
    name: "not of a recursive schema",
    schema: { $defs: { nested: NESTED }, not: { $ref: "#/$defs/nested" } },
    matches: [[1], "a"],
    refuses: [[], [[]]],
  },
];

/** An object type requiring the names. */
function requiring(...names: string[]): Record<string, unknown> {
  return { type: "object", required: names };
}

const TEN = Array.from({ length: 10 }, (_, i) => `k${i}`);
const NINE = Array.from({ length: 9 }, (_, i) => `z${i}`);

/**
 * A failing `anyOf`/`oneOf` reports its closest branch: among the branches whose first issue is
 * not on the value itself (`type`, `false`, `enum`, `const`), the one with the fewest issues (the
 * first on a tie), kept and omitted alike. `[name, schema, value, issue limit, the issues as
 * "pointer keyword", omitted]`.
 */
const CLOSEST: readonly (readonly [string, unknown, unknown, number, string[], number])[] = [
  ["a tie: the first branch", { anyOf: [requiring("a"), requiring("b")] }, {}, 100, [
    "/a required",
  ], 0],
  [
    "the fewest issues, in a later branch",
    {
      anyOf: [requiring("a", "b"), requiring("c")],
    },
    {},
    100,
    ["/c required"],
    0,
  ],
  ["oneOf matched by none: the same", { oneOf: [requiring("a", "b"), requiring("c")] }, {}, 100, [
    "/c required",
  ], 0],
  [
    "a branch refusing the value's type is passed over",
    {
      anyOf: [{ type: "string" }, requiring("a")],
    },
    {},
    100,
    ["/a required"],
    0,
  ],
  [
    "a branch refusing the value by enum is passed over",
    {
      anyOf: [{ enum: [1] }, requiring("a")],
    },
    {},
    100,
    ["/a required"],
    0,
  ],
  [
    "a branch refusing the value by const is passed over",
    {
      anyOf: [{ const: 1 }, requiring("a")],
    },
    {},
    100,
    ["/a required"],
    0,
  ],
  ["a false branch is passed over", { anyOf: [false, requiring("a")] }, {}, 100, [
    "/a required",
  ], 0],
  [
    "a branch refusing a member's type counts (the issue is not on the value)",
    {
      anyOf: [{ type: "object", properties: { a: { type: "string" } } }, requiring("b")],
    },
    { a: 1 },
    100,
    ["/a type"],
    0,
  ],
  [
    "a branch refusing a member by enum counts",
    {
      anyOf: [{ type: "object", properties: { a: { enum: ["x"] } } }, requiring("b")],
    },
    { a: 1 },
    100,
    ["/a enum"],
    0,
  ],
  [
    "a branch's issues past eight are counted, not kept",
    {
      anyOf: [requiring(...TEN), { type: "string" }],
    },
    {},
    100,
    TEN.slice(0, 8).map((k) => `/${k} required`),
    2,
  ],
  [
    "the issues counted weigh as the ones kept",
    {
      anyOf: [requiring(...TEN), requiring(...NINE)],
    },
    {},
    100,
    NINE.slice(0, 8).map((k) => `/${k} required`),
    1,
  ],
  [
    "an alternative inside a branch is reported by its keyword",
    {
      anyOf: [{
        type: "object",
        properties: { a: { anyOf: [requiring("q"), { type: "string" }] } },
        required: ["b"],
      }, { type: "string" }],
    },
    { a: {}, b: 1 },
    100,
    ["/a anyOf"],
    0,
  ],
  [
    "the report already full: the keyword, counted",
    {
      type: "object",
      required: ["x"],
      properties: { y: { anyOf: [requiring("a"), requiring("b", "c")] } },
    },
    { y: {} },
    1,
    ["/x required"],
    1,
  ],
  [
    "room for part of the branch: the rest counted",
    {
      type: "object",
      required: ["x"],
      properties: { y: { anyOf: [requiring("b", "c"), { type: "string" }] } },
    },
    { y: {} },
    2,
    ["/x required", "/y/b required"],
    1,
  ],
];

runWordsRows("allOf, anyOf, oneOf, not: a value failing one keyword, and its words", WORDS);
runKeywordRefusals(
  "allOf, anyOf, oneOf, not: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("combinators: what compiled schemas match and refuse", MATCHES);

Deno.test("anyOf, oneOf: a failure reports the closest branch", async (t) => {
  for (const [name, schema, value, limit, issues, omitted] of CLOSEST) {
    await t.step(name, () => {
      const r = checkForm(compileJsonSchema(schema), value, limit);
      assert.equal(r.ok, false);
      assert.deepEqual(r.issues.map((i) => `${i.pointer} ${i.keyword}`), issues);
      assert.equal(r.omitted, omitted);
    });
  }
});

Deno.test("allOf: every branch that fails is reported", () => {
  const form = compileJsonSchema({ allOf: [{ minimum: 2 }, { maximum: 0 }] });
  assert.deepEqual(checkForm(form, 1).issues.map((i) => i.keyword), ["minimum", "maximum"]);
});
