/**
 * Which declarations are flat closed objects (`flatObject` of
 * `engine/declarations/flat_object.ts`): those whose passing check tells
 * the gate all that the fast path's walk would. One row per reason a
 * declaration is one or is not; the gate's answers with the walk skipped are
 * held to the scanner's in `tests/gate_clean_test.ts`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { flatObject } from "../engine/declarations/flat_object.ts";
import { compileDeclaration } from "../engine/declarations/compile.ts";

/** A closed object of the given members. */
function closed(properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { type: "object", properties, additionalProperties: false, ...extra };
}

/** The facts of a flat object whose integers hold no 0, and of one whose may. */
const NO_ZERO = { nesting: 2, mayHoldZero: false };
const MAY_BE_ZERO = { nesting: 2, mayHoldZero: true };

const BOUNDED = { type: "integer", minimum: 1, maximum: 50 };

/** [row, schema (JSON Schema, or the language when a string), facts or null]. */
const ROWS: readonly [string, unknown, { nesting: number; mayHoldZero: boolean } | null][] = [
  // Flat: scalars and arrays of scalars, closed, numbers only as bounded integers.
  [
    "strings, booleans and null",
    closed({ a: { type: "string" }, b: { type: "boolean" }, c: { type: "null" } }),
    { nesting: 2, mayHoldZero: false },
  ],
  [
    "string keywords",
    closed({ a: { type: "string", minLength: 1, maxLength: 9, pattern: "^x", format: "email" } }),
    { nesting: 2, mayHoldZero: false },
  ],
  ["a string or null", closed({ a: { type: ["string", "null"] } }), {
    nesting: 2,
    mayHoldZero: false,
  }],
  ["an enum of strings, untyped", closed({ sort: { enum: ["asc", "desc"] } }), {
    nesting: 2,
    mayHoldZero: false,
  }],
  ["a const string", closed({ mode: { const: "safe" } }), { nesting: 2, mayHoldZero: false }],
  ["an integer from 1 to 50", closed({ n: BOUNDED }), { nesting: 2, mayHoldZero: false }],
  ["an integer from 0", closed({ n: { type: "integer", minimum: 0, maximum: 9 } }), {
    nesting: 2,
    mayHoldZero: true,
  }],
  [
    "an integer above 0, exclusive",
    closed({ n: { type: "integer", exclusiveMinimum: 0, maximum: 9 } }),
    { nesting: 2, mayHoldZero: false },
  ],
  ["a negative integer", closed({ n: { type: "integer", minimum: -9, maximum: -1 } }), {
    nesting: 2,
    mayHoldZero: false,
  }],
  [
    "an integer below 0, exclusive",
    closed({ n: { type: "integer", minimum: -9, exclusiveMaximum: 0 } }),
    { nesting: 2, mayHoldZero: false },
  ],
  ["an integer around 0", closed({ n: { type: "integer", minimum: -1, maximum: 1 } }), {
    nesting: 2,
    mayHoldZero: true,
  }],
  [
    "an integer with multipleOf",
    closed({ n: { type: "integer", minimum: 0, maximum: 100, multipleOf: 5 } }),
    { nesting: 2, mayHoldZero: true },
  ],
  [
    "integers at the safe edges",
    closed({ n: { type: "integer", minimum: -9007199254740990, maximum: 9007199254740990 } }),
    { nesting: 2, mayHoldZero: true },
  ],
  [
    "an array of strings",
    closed({ tags: { type: "array", items: { type: "string" }, maxItems: 8, uniqueItems: true } }),
    { nesting: 2, mayHoldZero: false },
  ],
  [
    "an array of bounded integers",
    closed({
      ids: { type: "array", items: { type: "integer", minimum: 0, maximum: 9 }, minItems: 1 },
    }),
    { nesting: 2, mayHoldZero: true },
  ],
  ["required members", closed({ q: { type: "string" }, n: BOUNDED }, { required: ["q", "n"] }), {
    nesting: 2,
    mayHoldZero: false,
  }],
  ["no members at all", closed({}), { nesting: 2, mayHoldZero: false }],
  [
    "annotations beside",
    closed({ q: { type: "string", description: "d", title: "t", default: "x", examples: ["x"] } }, {
      description: "d",
      "x-order": 1,
    }),
    { nesting: 2, mayHoldZero: false },
  ],
  ["a member that admits nothing", closed({ q: false }), { nesting: 2, mayHoldZero: false }],
  ["the language, closed", "closed{!q:string,n:integer(minimum=1,maximum=5)}", {
    nesting: 2,
    mayHoldZero: false,
  }],
  // Not flat: the walk's facts are not all vouched for.
  ["open: other members unread", { type: "object", properties: { q: { type: "string" } } }, null],
  ["additionalProperties a schema", {
    type: "object",
    properties: { q: { type: "string" } },
    additionalProperties: { type: "string" },
  }, null],
  [
    "the root untyped",
    { properties: { q: { type: "string" } }, additionalProperties: false },
    null,
  ],
  ["the root an object or null", {
    type: ["object", "null"],
    properties: {},
    additionalProperties: false,
  }, null],
  ["a number", closed({ x: { type: "number", minimum: 0, maximum: 1 } }), null],
  ["an integer unbounded", closed({ n: { type: "integer" } }), null],
  ["an integer bounded below only", closed({ n: { type: "integer", minimum: 0 } }), null],
  ["an integer bounded above only", closed({ n: { type: "integer", maximum: 9 } }), null],
  [
    "an integer bound at 2^53 - 1",
    closed({ n: { type: "integer", minimum: 0, maximum: 9007199254740991 } }),
    null,
  ],
  [
    "an integer bound at -(2^53 - 1)",
    closed({ n: { type: "integer", minimum: -9007199254740991, maximum: 0 } }),
    null,
  ],
  ["an enum that holds a number", closed({ n: { enum: ["a", 1] } }), null],
  ["an enum that holds an object", closed({ n: { enum: ["a", { b: 1 }] } }), null],
  ["a member of any type", closed({ a: {} }), null],
  [
    "a nested object",
    closed({ where: { type: "object", properties: {}, additionalProperties: false } }),
    null,
  ],
  ["an array of objects", closed({ items: { type: "array", items: { type: "object" } } }), null],
  [
    "an array of arrays",
    closed({ items: { type: "array", items: { type: "array", items: { type: "string" } } } }),
    null,
  ],
  ["an array of any items", closed({ items: { type: "array" } }), null],
  [
    "an array with prefixItems",
    closed({
      pair: { type: "array", prefixItems: [{ type: "string" }], items: { type: "string" } },
    }),
    null,
  ],
  [
    "an array with contains",
    closed({ tags: { type: "array", items: { type: "string" }, contains: { const: "a" } } }),
    null,
  ],
  [
    "an array or a string",
    closed({ tags: { type: ["array", "string"], items: { type: "string" } } }),
    null,
  ],
  [
    "a member through anyOf",
    closed({ a: { anyOf: [{ type: "string" }, { type: "null" }] } }),
    null,
  ],
  ["a member through $ref", {
    ...closed({ a: { $ref: "#/$defs/s" } }),
    $defs: { s: { type: "string" } },
  }, null],
  [
    "patternProperties",
    closed({ a: { type: "string" } }, { patternProperties: { "^x": { type: "string" } } }),
    null,
  ],
  ["propertyNames", closed({ a: { type: "string" } }, { propertyNames: { maxLength: 3 } }), null],
  ["minProperties", closed({ a: { type: "string" } }, { minProperties: 1 }), null],
  [
    "an applicator on the root",
    closed({ a: { type: "string" } }, { allOf: [{ required: ["a"] }] }),
    null,
  ],
  ["a member named __proto__", closed({ ["__proto__"]: { type: "string" } }), null],
  ["a member named constructor", closed({ constructor: { type: "string" } }), null],
  [
    "members whose names collide",
    closed({ path: { type: "string" }, Path: { type: "string" } }),
    null,
  ],
  ["unevaluatedProperties", {
    type: "object",
    properties: { a: { type: "string" } },
    unevaluatedProperties: false,
  }, null],
  // Edges of the integer ranges, and of the root's members.
  ["an integer up to 0", closed({ n: { type: "integer", minimum: -9, maximum: 0 } }), MAY_BE_ZERO],
  [
    "an integer, exclusive bounds around 0",
    closed({ n: { type: "integer", exclusiveMinimum: -1, exclusiveMaximum: 1 } }),
    MAY_BE_ZERO,
  ],
  [
    "an integer at the exclusive safe edges",
    closed({
      n: {
        type: "integer",
        exclusiveMinimum: -9007199254740991,
        exclusiveMaximum: 9007199254740991,
      },
    }),
    MAY_BE_ZERO,
  ],
  [
    "an integer bounded twice below",
    closed({
      n: { type: "integer", minimum: -9007199254741000, exclusiveMinimum: -5, maximum: 5 },
    }),
    MAY_BE_ZERO,
  ],
  ["no properties keyword", { type: "object", additionalProperties: false }, NO_ZERO],
  ["a member named with the empty string", closed({ "": { type: "string" } }), NO_ZERO],
  [
    "an integer exclusive past -(2^53 - 1)",
    closed({ n: { type: "integer", exclusiveMinimum: -9007199254740992, maximum: 0 } }),
    null,
  ],
  [
    "an integer exclusive past 2^53 - 1",
    closed({ n: { type: "integer", minimum: 0, exclusiveMaximum: 9007199254740992 } }),
    null,
  ],
  ["a string with allOf", closed({ a: { type: "string", allOf: [{ minLength: 1 }] } }), null],
  ["a string with not", closed({ a: { type: "string", not: { const: "x" } } }), null],
  ["a string whose format is asserted", {
    assertFormat: closed({ a: { type: "string", format: "date" } }),
  }, NO_ZERO],
  [
    "a required member inherited from Object.prototype",
    closed({}, { required: ["constructor"] }),
    null,
  ],
  ["annotations collected elsewhere in the schema", {
    ...closed({ a: { type: "string" } }),
    $defs: { x: { unevaluatedProperties: false } },
  }, null],
];

/** A row whose schema is compiled with `format` asserted: `{ assertFormat: schema }`. */
function isAsserted(schema: unknown): schema is { assertFormat: unknown } {
  return typeof schema === "object" && schema !== null && "assertFormat" in schema;
}

Deno.test("flatObject answers the facts of a flat closed object, null otherwise", async (t) => {
  for (const [row, schema, facts] of ROWS) {
    await t.step(row, () => {
      const declaration = typeof schema === "string"
        ? compileDeclaration({ schema })
        : isAsserted(schema)
        ? compileDeclaration({ schemaJson: schema.assertFormat, assertFormat: true })
        : compileDeclaration({ schemaJson: schema });
      assert.deepStrictEqual(flatObject(declaration!), facts);
    });
  }
});
