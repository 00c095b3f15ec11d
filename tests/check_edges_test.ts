/**
 * The checker's compiled closures answer what the schema says, row by row,
 * and the same as the interpreter (the explicit-stack generators, reached by
 * a form that collects annotations): objects read member by member with
 * `for…in` (in the declared order, out of order, required members that are
 * not declared, extra members), the same answers when `Object.prototype`
 * enumerates a property, member names inherited from `Object.prototype`, the
 * general object check, arrays, in-place applicators and the specialised
 * scalar checks. Each row names the behaviour it pins.
 *
 * @module
 */

import assert from "node:assert/strict";
import { checkForm, compiledCheck, matchesForm } from "../engine/declarations/check.ts";
import type { Form } from "../engine/declarations/form.ts";
import { compileJsonSchema, type JsonSchemaOptions } from "../engine/declarations/jsonschema.ts";

interface Row {
  /** The behaviour the row pins. */
  behaviour: string;
  /** A JSON Schema (2020-12). */
  schema: unknown;
  /** Values the schema admits. */
  matches: unknown[];
  /** Values the schema refuses. */
  refuses: unknown[];
  /** Options of compileJsonSchema. */
  options?: JsonSchemaOptions;
}

/** Objects of `properties`, `required` and `additionalProperties` only: the member-by-member closure. */
const MEMBERWISE: readonly Row[] = [
  {
    behaviour:
      "a closed object: declared members in either order, a required one missing, a bad value, an extra member",
    schema: {
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "string" } },
      required: ["a"],
      additionalProperties: false,
    },
    matches: [{ a: 1 }, { a: 1, b: "x" }, { b: "x", a: 1 }],
    refuses: [
      {},
      { b: "x" },
      { a: "1" },
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      { a: 1, c: 0 },
      { c: 0, a: 1 },
      [],
      "a",
    ],
  },
  {
    behaviour: "an optional member declared before a required one may be absent",
    schema: {
      type: "object",
      properties: { b: { type: "string" }, a: { type: "integer" } },
      required: ["a"],
    },
    matches: [{ a: 1 }, { a: 1, b: "x" }, { a: 1, z: [] }, { a: 1, undefined: "x" }],
    refuses: [{ b: "x" }, { a: 1, b: 1 }, { b: 1, a: 1 }],
  },
  {
    behaviour: "a required member that no property declares is counted when met, in any position",
    schema: {
      type: "object",
      properties: { a: { type: "integer" } },
      required: ["a", "z"],
    },
    matches: [{ a: 1, z: null }, { z: "q", a: 1 }, { y: 0, z: 0, a: 0 }],
    refuses: [{ a: 1 }, { z: 1 }, { a: "1", z: 1 }, { y: 0, a: 1 }],
  },
  {
    behaviour: "required members only (no properties): each must be present",
    schema: { type: "object", required: ["p", "q"] },
    matches: [{ p: 0, q: 0 }, { q: 0, p: 0, r: 0 }],
    refuses: [{ p: 0 }, { q: 0 }, {}, { p: 0, r: 0 }],
  },
  {
    behaviour:
      "additionalProperties with a schema checks each undeclared member, before or after the declared ones",
    schema: {
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "integer" } },
      additionalProperties: { type: "string" },
    },
    matches: [{}, { a: 1, x: "s" }, { x: "s", a: 1 }, { b: 2, a: 1, x: "s", y: "t" }],
    refuses: [{ a: 1, x: 1 }, { x: 1, a: 1 }, { x: "s", y: 2 }, { b: "2", a: 1 }],
  },
  {
    behaviour: "three members out of declared order: each value meets its own slot's check",
    schema: {
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "string" }, c: { type: "boolean" } },
      required: ["a", "b", "c"],
      additionalProperties: false,
    },
    matches: [{ a: 1, b: "x", c: true }, { c: true, a: 1, b: "x" }, { b: "x", c: false, a: 0 }],
    refuses: [
      { c: "x", a: 1, b: true },
      { a: 1, c: true, b: 2 },
      { a: 1, b: "x" },
      { a: 1, b: "x", c: true, d: 0 },
    ],
  },
  {
    behaviour: "a member named like a slot after the last one is an extra member",
    schema: {
      type: "object",
      properties: { a: { type: "integer" } },
      additionalProperties: { type: "integer" },
    },
    matches: [{ a: 1, b: 2 }],
    refuses: [{ a: 1, b: "2" }, { b: "2", a: 1 }],
  },
];

/** Other shapes of object, array, scalar and applicator closures. */
const SHAPES: readonly Row[] = [
  {
    behaviour:
      "declared member names inherited from Object.prototype are absent unless the object owns them",
    schema: {
      type: "object",
      properties: {
        constructor: { type: "integer" },
        a: { type: "integer" },
        b: { type: "string" },
      },
      required: ["a"],
    },
    matches: [{ a: 1 }, { a: 1, constructor: 2 }, { a: 1, b: "x", undefined: 0 }],
    refuses: [{ a: 1, constructor: "2" }, { constructor: 2 }, {}, { a: 1, b: 2 }],
  },
  {
    behaviour: "required names inherited from Object.prototype must be owned",
    schema: { type: "object", required: ["toString"] },
    matches: [{ toString: 0 }],
    refuses: [{}, { a: 1 }],
  },
  {
    behaviour: "an inherited name with additionalProperties: the extra members are still checked",
    schema: {
      type: "object",
      properties: { valueOf: { type: "integer" }, a: { type: "integer" } },
      required: ["a"],
      additionalProperties: false,
    },
    matches: [{ a: 1 }, { a: 1, valueOf: 2 }],
    refuses: [
      {},
      { valueOf: 1 },
      { a: 1, b: 1 },
      { valueOf: "1", a: 1 },
      { a: "1" },
      { valueOf: 1, a: 1, c: 1 },
    ],
  },
  {
    behaviour:
      "an inherited name with additionalProperties: an absent optional member is not checked",
    schema: {
      type: "object",
      properties: { valueOf: { type: "integer" }, b: { type: "integer" } },
      additionalProperties: false,
    },
    matches: [{}, { valueOf: 1 }, { b: 1 }, { b: 1, valueOf: 1 }],
    refuses: [{ b: "1" }, { valueOf: "1" }, { c: 1 }, { b: 1, c: 1 }],
  },
  {
    behaviour:
      "an inherited name with an additionalProperties schema: every extra member is checked, and only those",
    schema: {
      type: "object",
      properties: { valueOf: { type: "integer" } },
      additionalProperties: { type: "string" },
    },
    matches: [{}, { valueOf: 1 }, { valueOf: 1, x: "s" }, { x: "s", y: "t" }, { undefined: "u" }],
    refuses: [{ valueOf: 1, x: 1 }, { x: "s", y: 2 }, { valueOf: "1", x: "s" }],
  },
  {
    behaviour: "patternProperties, propertyNames, min/maxProperties and dependentRequired together",
    schema: {
      type: "object",
      properties: { a: { type: "integer" } },
      patternProperties: { "^x": { type: "string" }, "y$": { type: "string" } },
      additionalProperties: { type: "boolean" },
      propertyNames: { maxLength: 3 },
      minProperties: 1,
      maxProperties: 3,
      dependentRequired: { a: ["xa"] },
      required: [],
    },
    matches: [{ xa: "s" }, { a: 1, xa: "s" }, { q: true }, { xy: "s", q: false }],
    refuses: [
      {},
      { a: 1 },
      { a: "1", xa: "s" },
      { xa: 1 },
      { zy: 1 },
      { xy: 1 },
      { q: 1 },
      { long: true },
      { xa: "s", xb: "s", xc: "s", xd: "s" },
    ],
  },
  {
    behaviour: "an array's bounds, unique items, prefix, items and contains counts",
    schema: {
      type: "array",
      minItems: 2,
      maxItems: 4,
      uniqueItems: true,
      prefixItems: [{ type: "string" }],
      items: { type: "integer" },
      contains: { type: "integer", minimum: 10 },
      minContains: 1,
      maxContains: 2,
    },
    matches: [["a", 10], ["a", 10, 11], ["a", 1, 10]],
    refuses: [
      ["a"],
      ["a", 10, 11, 12],
      ["a", 10, 10],
      [1, 10],
      ["a", "b", 10],
      ["a", 1, 2],
      ["a", 10, 11, 12, 13],
    ],
  },
  {
    behaviour: "array bounds and items alone; without a type they do not apply to other values",
    schema: { minItems: 1, maxItems: 2, items: { type: "integer" } },
    matches: [[1], [1, 2], "abc", "", 5, {}],
    refuses: [[], [1, 2, 3], ["a"], [1, "a"]],
  },
  {
    behaviour: "an array bound without items",
    schema: { type: "array", minItems: 1 },
    matches: [[1], ["a", {}]],
    refuses: [[], {}],
  },
  {
    behaviour: "minProperties alone",
    schema: { type: "object", minProperties: 1 },
    matches: [{ a: 1 }, { a: 1, b: 2 }],
    refuses: [{}],
  },
  {
    behaviour: "maxProperties alone",
    schema: { type: "object", maxProperties: 1 },
    matches: [{}, { a: 1 }],
    refuses: [{ a: 1, b: 2 }],
  },
  {
    behaviour: "dependentRequired alone",
    schema: { type: "object", dependentRequired: { a: ["b"] } },
    matches: [{}, { b: 1 }, { a: 1, b: 1 }],
    refuses: [{ a: 1 }],
  },
  {
    behaviour: "a scalar failing its own type is refused whatever its anyOf says",
    schema: {
      type: "object",
      properties: { x: { type: "string", anyOf: [{ minLength: 1 }, { type: "integer" }] } },
    },
    matches: [{ x: "a" }, {}],
    refuses: [{ x: 1 }, { x: "" }],
  },
  {
    behaviour: "a prefix longer than the array checks only the items present",
    schema: {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "integer" }, { type: "boolean" }],
      items: false,
    },
    matches: [[], ["a"], ["a", 1], ["a", 1, true]],
    refuses: [[1], ["a", "b"], ["a", 1, true, null]],
  },
  {
    behaviour:
      "an object item or member meets the object keywords of a contains or additionalProperties node",
    schema: {
      type: "object",
      properties: { list: { type: "array", contains: { type: "object", required: ["a"] } } },
      additionalProperties: { type: "object", required: ["x"] },
    },
    matches: [{}, { list: [{ a: 1 }] }, { list: [{}, { a: 1 }], y: { x: 1 } }],
    refuses: [{ list: [{}] }, { list: [[]] }, { list: [1] }, { y: {} }, { y: [] }, { y: 1 }],
  },
  {
    behaviour: "contains with no maxContains: any number of matches at least minContains",
    schema: { type: "array", contains: { type: "string" }, minContains: 2 },
    matches: [["a", "b"], ["a", 1, "b", "c"]],
    refuses: [[], ["a"], [1, 2, "a"]],
  },
  {
    behaviour: "allOf, anyOf, oneOf, not, if/then/else and dependentSchemas on the same value",
    schema: {
      allOf: [{ type: ["integer", "string"] }],
      anyOf: [{ type: "integer" }, { minLength: 2 }],
      oneOf: [{ type: "string" }, { type: "integer", minimum: 0 }],
      not: { const: 5 },
      if: { type: "integer" },
      then: { maximum: 100 },
      else: { maxLength: 4 },
    },
    matches: [0, 7, 100, "ab", "abcd"],
    refuses: [-1, 5, 101, "a", "abcde", null, 1.5],
  },
  {
    behaviour:
      "an object or array of a declared type with an applicator or an enum beside it: each applies",
    schema: {
      type: "object",
      properties: {
        applied: {
          type: "object",
          properties: { a: { type: "integer" } },
          allOf: [{ required: ["a"] }],
        },
        listed: { type: "object", properties: { a: { type: "integer" } }, enum: [{ a: 1 }] },
        items: { type: "array", items: { type: "integer" }, not: { maxItems: 0 } },
      },
    },
    matches: [{ applied: { a: 1 }, listed: { a: 1 }, items: [1] }],
    refuses: [
      { applied: {} },
      { applied: { a: "1" } },
      { listed: { a: 2 } },
      { listed: { a: "1" } },
      { items: [] },
      { items: ["a"] },
    ],
  },
  {
    behaviour: "dependentSchemas applies only when its member is present",
    schema: { type: "object", dependentSchemas: { a: { required: ["b"] } } },
    matches: [{}, { b: 1 }, { a: 1, b: 1 }],
    refuses: [{ a: 1 }],
  },
  {
    behaviour:
      "dependentSchemas without a type: null, strings and arrays pass, a member named undefined is no dependency",
    schema: {
      dependentSchemas: { a: { required: ["b"] }, 0: { type: "object", required: ["b"] } },
    },
    matches: [null, "abc", [1], { undefined: 1 }, { a: 1, b: 2 }],
    refuses: [{ a: 1 }, { 0: 1 }],
  },
  {
    behaviour: "a $ref beside other keywords: both apply",
    schema: {
      $defs: { int: { type: "integer" } },
      $ref: "#/$defs/int",
      minimum: 3,
    },
    matches: [3, 4],
    refuses: [2, 3.5, "3"],
  },
  {
    behaviour: "a string's length counts code points, with either bound alone",
    schema: {
      type: "object",
      properties: { lo: { type: "string", minLength: 2 }, hi: { type: "string", maxLength: 2 } },
    },
    matches: [{ lo: "ab", hi: "ab" }, { lo: "😀😀", hi: "😀😀" }, { hi: "" }],
    refuses: [{ lo: "a" }, { lo: "😀" }, { hi: "abc" }, { hi: "😀😀😀" }, { lo: 1 }],
  },
  {
    behaviour: "lone surrogates count as one code point each; a pair counts as one",
    schema: {
      type: "object",
      properties: { lo: { type: "string", minLength: 2 }, hi: { type: "string", maxLength: 1 } },
    },
    matches: [{ lo: "a\uDC00" }, { lo: "\uD800a" }, { lo: "\uDBFF\uDFFF\uD800" }, {
      hi: "\uDBFF\uDFFF",
    }],
    refuses: [
      { lo: "\uD800\uDC00" },
      { lo: "\uDBFF\uDFFF" },
      { hi: "\uD800\uD800" },
      { hi: "\uDC00\uDC00" },
      { hi: "\uD800\uE000" },
    ],
  },
  {
    behaviour:
      "multipleOf on the exact decimals: exponent notation, a divisor with decimals, zero and a divisor past 2^53",
    schema: {
      type: "object",
      properties: {
        even: { multipleOf: 2 },
        fifths: { multipleOf: 0.4 },
        huge: { multipleOf: 1e21 },
      },
    },
    matches: [{ even: 1e21 }, { fifths: 2 }, { fifths: 1.2 }, { huge: 0 }, { huge: 2e21 }],
    refuses: [{ even: 1e-7 }, { fifths: 1 }, { fifths: 0.5 }, { huge: 1e20 }, { huge: 1.5e21 }],
  },
  {
    behaviour: "integer and number bounds, inclusive and exclusive",
    schema: {
      type: "object",
      properties: {
        i: { type: "integer", minimum: 1, maximum: 3 },
        n: { type: "number", exclusiveMinimum: 1, exclusiveMaximum: 3 },
      },
    },
    matches: [{ i: 1, n: 1.5 }, { i: 3, n: 2.999 }, { i: 2.0 }],
    refuses: [{ i: 0 }, { i: 4 }, { i: 1.5 }, { i: "1" }, { n: 1 }, { n: 3 }, { n: "2" }],
  },
  {
    behaviour: "an enum of strings and a number: strings by the set, others by the node",
    schema: {
      type: "object",
      properties: { e: { enum: ["a", "b", 1] }, s: { type: "integer", enum: ["a", 1] } },
    },
    matches: [{ e: "a" }, { e: 1 }, { e: 1.0 }, { s: 1 }],
    refuses: [{ e: "c" }, { e: 2 }, { e: null }, { s: "a" }, { s: 2 }],
  },
  {
    behaviour:
      "required names inherited from Object.prototype beside other object keywords must be owned",
    schema: { type: "object", required: ["toString"], minProperties: 0 },
    matches: [{ toString: 0 }, { toString: 0, undefined: 1 }],
    refuses: [{}, { a: 1 }],
  },
  {
    behaviour:
      "the general object check without patternProperties: propertyNames beside inherited required names",
    schema: { type: "object", propertyNames: { maxLength: 8 }, required: ["toString"] },
    matches: [{ toString: 0 }, { toString: 0, a: 1 }],
    refuses: [{}, { a: 1 }, { toString: 0, muchTooLong: 1 }],
  },
  {
    behaviour: "an enum of strings with string keywords: a listed string must meet them too",
    schema: {
      type: "object",
      properties: {
        min: { enum: ["a", "bb", 1] },
        max: { enum: ["a", "bb"], maxLength: 1 },
        pattern: { enum: ["a", "bb"], pattern: "^b" },
      },
      patternProperties: { "^min$": { minLength: 2 } },
    },
    matches: [{ min: "bb", max: "a", pattern: "bb" }, { min: 1 }],
    refuses: [{ min: "a" }, { max: "bb" }, { pattern: "a" }, { min: "c" }],
  },
  {
    behaviour: "an enum of strings with an asserted format: a listed string must have the format",
    schema: { enum: ["2024-01-01", "not a date"], format: "date" },
    options: { assertFormat: true },
    matches: ["2024-01-01"],
    refuses: ["not a date", "2024-01-02"],
  },
  {
    behaviour: "an enum with a minLength of its own",
    schema: { enum: ["a", "bb"], minLength: 2 },
    matches: ["bb"],
    refuses: ["a", "c"],
  },
  {
    behaviour:
      "keywords of the other type do not apply: a string's minimum, a number's maxLength, an enum's maximum on its strings",
    schema: {
      type: "object",
      properties: {
        s: { type: "string", maxLength: 2, minimum: 5, multipleOf: 3 },
        i: { type: "integer", maximum: 9, maxLength: 0, pattern: "^x" },
        n: { type: "number", minimum: 0, format: "date" },
        e: { enum: ["a", "bb", 7, 20], maximum: 10 },
      },
    },
    matches: [{ s: "ab", i: 9, n: 0.5, e: "a" }, { s: "", i: -1, e: "bb" }, { e: 7 }],
    refuses: [{ s: "abc" }, { s: 1 }, { i: 10 }, { i: 1.5 }, { n: -1 }, { e: 20 }, { e: "c" }],
  },
  {
    behaviour: "an enum without strings refuses every string",
    schema: { enum: [1, 2] },
    matches: [1, 2.0],
    refuses: ["1", 3],
  },
  {
    behaviour: "a type alone: each of the seven, and a union",
    schema: {
      type: "object",
      properties: {
        s: { type: "string" },
        b: { type: "boolean" },
        n: { type: "number" },
        i: { type: "integer" },
        o: { type: "object" },
        a: { type: "array" },
        z: { type: "null" },
        u: { type: ["string", "null"] },
      },
    },
    matches: [{ s: "", b: false, n: 1.5, i: 2, o: {}, a: [], z: null, u: null }, { u: "x" }],
    refuses: [
      { s: 1 },
      { b: 0 },
      { n: "1" },
      { i: 1.5 },
      { o: [] },
      { o: null },
      { a: {} },
      { z: 0 },
      { u: 1 },
    ],
  },
];

/** The interpreter's answer: a form that collects annotations is never compiled. */
function interpreted(form: Form, value: unknown): boolean {
  return matchesForm({ ...form, annotations: true }, value);
}

function checkRows(t: Deno.TestContext, rows: readonly Row[]): Promise<void> {
  return rows.reduce(async (previous, row) => {
    await previous;
    await t.step(row.behaviour, () => {
      const form = compileJsonSchema(row.schema, row.options);
      const compiled = compiledCheck(form);
      assert.notEqual(compiled, null, "the row's schema is compiled");
      assert.equal(
        compiledCheck({ ...form, annotations: true }),
        null,
        "the same form collecting annotations is not compiled",
      );
      for (const [values, expected] of [[row.matches, true], [row.refuses, false]] as const) {
        for (const value of values) {
          const shown = JSON.stringify(value);
          assert.equal(compiled!(value), expected, `compiled check of ${shown}`);
          assert.equal(matchesForm(form, value), expected, `matchesForm of ${shown}`);
          const result = checkForm(form, value);
          assert.equal(result.ok, expected, `checkForm of ${shown}`);
          if (expected) assert.deepEqual(result.issues, [], `no issues for ${shown}`);
          assert.equal(interpreted(form, value), expected, `interpreter on ${shown}`);
        }
      }
    });
  }, Promise.resolve());
}

Deno.test("compiled object checks read members in any order and count required ones", async (t) => {
  await checkRows(t, MEMBERWISE);
});

Deno.test("compiled checks of every other shape answer what the schema says", async (t) => {
  await checkRows(t, SHAPES);
});

Deno.test("the same answers when Object.prototype enumerates a property", async (t) => {
  for (const row of [...MEMBERWISE, ...SHAPES]) {
    await t.step(row.behaviour, () => {
      const form = compileJsonSchema(row.schema, row.options);
      const compiled = compiledCheck(form)!;
      const answers: [string, boolean, boolean][] = [];
      const proto = Object.prototype as Record<string, unknown>;
      proto.polluted = 1;
      try {
        for (const value of row.matches) {
          answers.push([JSON.stringify(value), true, compiled(value)]);
        }
        for (const value of row.refuses) {
          answers.push([JSON.stringify(value), false, compiled(value)]);
        }
      } finally {
        delete proto.polluted;
      }
      for (const [shown, expected, got] of answers) assert.equal(got, expected, shown);
    });
  }
});

/** A chain of `count` nodes: arrays of arrays, ending in `end`. */
function nested(count: number, end: unknown): unknown {
  let schema = end;
  for (let k = 1; k < count; k++) schema = { type: "array", items: schema };
  return schema;
}

/** A value as deep as {@linkcode nested}'s arrays, ending in `leaf`. */
function deepValue(count: number, leaf: unknown): unknown {
  let value = leaf;
  for (let k = 1; k < count; k++) value = [value];
  return value;
}

interface HeightRow {
  behaviour: string;
  schema: unknown;
  compiled: boolean;
  matches: unknown[];
  refuses: unknown[];
}

const HEIGHTS: readonly HeightRow[] = [
  {
    behaviour: "a chain of 32 nodes is compiled",
    schema: nested(32, { type: "integer" }),
    compiled: true,
    matches: [deepValue(32, 1), []],
    refuses: [deepValue(32, "1"), deepValue(31, 1)],
  },
  {
    behaviour: "a chain of 33 nodes is interpreted",
    schema: nested(33, { type: "integer" }),
    compiled: false,
    matches: [deepValue(33, 1)],
    refuses: [deepValue(33, "1")],
  },
  {
    behaviour:
      "a definition compiled shallow first and reused deep counts its full height (16 + 20)",
    schema: {
      $defs: { d: nested(20, { type: "integer" }) },
      type: "array",
      items: { $ref: "#/$defs/d" },
      prefixItems: [nested(15, { $ref: "#/$defs/d" })],
    },
    compiled: false,
    matches: [[deepValue(34, 1), deepValue(20, 2)]],
    refuses: [[deepValue(34, "1")], [deepValue(34, 1), deepValue(20, "2")]],
  },
  {
    behaviour:
      "a node is as tall as its tallest child, not its last one (31 + 1, then contains: true)",
    schema: {
      $defs: { d: nested(30, { type: "integer" }) },
      type: "array",
      items: { $ref: "#/$defs/d" },
      prefixItems: [{ type: "array", items: { $ref: "#/$defs/d" } }],
      contains: true,
    },
    compiled: false,
    matches: [[[deepValue(30, 1)], deepValue(30, 2)]],
    refuses: [[], [[deepValue(30, "1")]]],
  },
  {
    behaviour: "a definition reused at two depths within the bound is compiled (1 + 10 + 20)",
    schema: {
      $defs: { d: nested(20, { type: "integer" }) },
      type: "array",
      items: { $ref: "#/$defs/d" },
      prefixItems: [nested(10, { $ref: "#/$defs/d" })],
    },
    compiled: true,
    matches: [[deepValue(29, 1), deepValue(20, 2)]],
    refuses: [[deepValue(29, "1")], [deepValue(29, 1), deepValue(20, "2")]],
  },
];

/** A schema whose `keyword` holds a `$ref` back to the root: a cycle, never compiled. */
function cyclic(keyword: string, value: unknown, rest: Record<string, unknown> = {}): unknown {
  return { [keyword]: value, ...rest };
}

const ROOT = { $ref: "#" };

const CYCLES: readonly HeightRow[] = [
  {
    behaviour: "a cycle through additionalProperties",
    schema: cyclic("additionalProperties", ROOT, { type: "object" }),
    compiled: false,
    matches: [{}, { a: {} }, { a: { b: {} } }],
    refuses: [{ a: 1 }, { a: { b: 1 } }],
  },
  {
    behaviour: "a cycle through patternProperties",
    schema: cyclic("patternProperties", { "^a": ROOT }, { type: "object" }),
    compiled: false,
    matches: [{ a: {} }, { b: 1 }],
    refuses: [{ a: 1 }, { a: { a: 1 } }],
  },
  {
    behaviour: "a cycle through propertyNames",
    schema: cyclic("propertyNames", { anyOf: [{ maxLength: 1 }, ROOT] }, { type: "object" }),
    compiled: false,
    matches: [{ a: 1 }],
    refuses: [{ ab: 1 }, 1],
  },
  {
    behaviour: "a cycle through contains",
    schema: cyclic("contains", { anyOf: [{ type: "integer" }, ROOT] }, { type: "array" }),
    compiled: false,
    matches: [[1], [[1]], ["a", 1]],
    refuses: [[], ["a"], [["a"]]],
  },
  {
    behaviour: "a cycle through anyOf",
    schema: cyclic("anyOf", [{ type: "integer" }, { type: "array", items: ROOT }]),
    compiled: false,
    matches: [1, [1, [2]]],
    refuses: ["a", [1, "a"]],
  },
  {
    behaviour: "a cycle through oneOf",
    schema: cyclic("oneOf", [{ type: "integer" }, { type: "array", items: ROOT }]),
    compiled: false,
    matches: [1, [1, [2]]],
    refuses: ["a", [1, "a"]],
  },
  {
    behaviour: "a cycle through not",
    schema: { type: "array", items: { not: { type: "array", items: { not: ROOT } } } },
    compiled: false,
    matches: [[], [1]],
    refuses: [1],
  },
  {
    behaviour: "a cycle through if",
    schema: {
      anyOf: [{ type: "integer" }, { type: "array", items: { if: ROOT, then: true, else: false } }],
    },
    compiled: false,
    matches: [1, [1, [2]]],
    refuses: ["a", [1, "a"]],
  },
  {
    behaviour: "a cycle through then",
    schema: cyclic("if", { type: "array" }, { then: { items: ROOT }, else: { type: "integer" } }),
    compiled: false,
    matches: [1, [1, [2]]],
    refuses: ["a", [1, "a"]],
  },
  {
    behaviour: "a cycle through else",
    schema: cyclic("if", { type: "integer" }, { else: { type: "array", items: ROOT } }),
    compiled: false,
    matches: [1, [1, [2]]],
    refuses: ["a", [1, "a"]],
  },
  {
    behaviour: "a cycle through dependentSchemas",
    schema: cyclic("dependentSchemas", { a: { properties: { a: ROOT } } }, { type: "object" }),
    compiled: false,
    matches: [{}, { a: {} }, { a: { a: {} } }],
    refuses: [{ a: 1 }, { a: { a: 1 } }],
  },
];

Deno.test("compiled closures nest at most 32 deep, counting definitions reused deeper; a $ref cycle is interpreted", async (t) => {
  for (const row of [...HEIGHTS, ...CYCLES]) {
    await t.step(row.behaviour, () => {
      const form = compileJsonSchema(row.schema);
      assert.equal(compiledCheck(form) !== null, row.compiled);
      for (const [values, expected] of [[row.matches, true], [row.refuses, false]] as const) {
        for (const value of values) {
          assert.equal(matchesForm(form, value), expected);
          assert.equal(checkForm(form, value).ok, expected);
          assert.equal(interpreted(form, value), expected);
        }
      }
    });
  }
});

/**
 * `unevaluated*` (never compiled: the interpreter collects which members and items each
 * keyword evaluated, and merges what passing in-place applicators evaluated).
 */
const ANNOTATED: readonly Row[] = [
  {
    behaviour:
      "items evaluated by a node's own prefix stay evaluated when an applicator evaluates fewer",
    schema: {
      type: "array",
      prefixItems: [true, true],
      allOf: [{ prefixItems: [true] }],
      unevaluatedItems: false,
    },
    matches: [[], [1], [1, 2]],
    refuses: [[1, 2, 3]],
  },
  {
    behaviour: "items evaluated by an applicator's longer prefix are evaluated",
    schema: {
      type: "array",
      prefixItems: [true],
      allOf: [{ prefixItems: [true, true] }],
      unevaluatedItems: false,
    },
    matches: [[1, 2]],
    refuses: [[1, 2, 3]],
  },
];

Deno.test("unevaluatedItems sees the items that the node and its passing applicators evaluated", async (t) => {
  for (const row of ANNOTATED) {
    await t.step(row.behaviour, () => {
      const form = compileJsonSchema(row.schema, row.options);
      assert.equal(compiledCheck(form), null, "unevaluated* is never compiled");
      for (const [values, expected] of [[row.matches, true], [row.refuses, false]] as const) {
        for (const value of values) {
          const shown = JSON.stringify(value);
          assert.equal(matchesForm(form, value), expected, `matchesForm of ${shown}`);
          assert.equal(checkForm(form, value).ok, expected, `checkForm of ${shown}`);
        }
      }
    });
  }
});

interface IssueRow {
  behaviour: string;
  schema: unknown;
  /** Options of compileJsonSchema. */
  options?: JsonSchemaOptions;
  value: unknown;
  /** Each issue as `[pointer, keyword]` or `[pointer, keyword, detail]`, in order. */
  issues: (readonly [string, string] | readonly [string, string, string])[];
  /** How many issues past the limit are only counted. */
  omitted?: number;
  /** The issue limit given to checkForm. */
  limit?: number;
}

/** Names for branches with 8 and with 9 missing members (no name in common). */
const EIGHT = ["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"];
const NINE = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"];

const ISSUES: readonly IssueRow[] = [
  {
    behaviour: "every missing required member is reported at its own pointer",
    schema: { type: "object", required: ["a", "b/c", "d~e"] },
    value: { x: 1 },
    issues: [["/a", "required"], ["/b~1c", "required"], ["/d~0e", "required"]],
  },
  {
    behaviour: "dependentRequired names the member that requires, only when it is present",
    schema: { type: "object", dependentRequired: { a: ["b", "c"], z: ["y"] } },
    value: { a: 1, c: 1 },
    issues: [["/b", "dependentRequired", "a"]],
  },
  {
    behaviour: "too few and too many members",
    schema: {
      type: "array",
      prefixItems: [
        { type: "object", minProperties: 2 },
        { type: "object", maxProperties: 1 },
        { type: "object", minProperties: 1, maxProperties: 1 },
      ],
    },
    value: [{ a: 1 }, { a: 1, b: 2 }, { a: 1 }],
    issues: [["/0", "minProperties"], ["/1", "maxProperties"]],
  },
  {
    behaviour: "propertyNames names the member, additionalProperties: false names each extra one",
    schema: {
      type: "object",
      properties: { ok: true },
      propertyNames: { maxLength: 3 },
      additionalProperties: false,
    },
    value: { ok: 1, long: 2, x: 3 },
    issues: [
      ["", "propertyNames", "long"],
      ["/long", "additionalProperties", "long"],
      ["/x", "additionalProperties", "x"],
    ],
  },
  {
    behaviour:
      "members checked by properties, patternProperties and an additionalProperties schema, nested",
    schema: {
      type: "object",
      properties: { a: { type: "object", properties: { "b/c": { type: "integer" } } } },
      patternProperties: { "^p": { type: "string" } },
      additionalProperties: { type: "boolean" },
    },
    value: { a: { "b/c": "1" }, p1: 1, q: 0, p2: "ok", r: true },
    issues: [["/a/b~1c", "type"], ["/p1", "type"], ["/q", "type"]],
  },
  {
    behaviour: "properties alone: only the members present are checked",
    schema: {
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "array", items: { type: "integer" } } },
    },
    value: { b: [1, "2", 3, "4"], a: "x" },
    issues: [["/a", "type"], ["/b/1", "type"], ["/b/3", "type"]],
  },
  {
    behaviour: "array bounds, duplicate items (first pair), prefix and items at their indexes",
    schema: {
      type: "array",
      prefixItems: [
        { type: "array", minItems: 2 },
        { type: "array", maxItems: 1 },
        { type: "array", uniqueItems: true },
      ],
      items: { type: "string" },
    },
    value: [[1], [1, 2], [1, 2, 1.0, 2], "a", 5],
    issues: [["/0", "minItems"], ["/1", "maxItems"], ["/2", "uniqueItems", "0 and 2"], [
      "/4",
      "type",
    ]],
  },
  {
    behaviour: "contains reports how many items matched, too few or too many",
    schema: {
      type: "array",
      prefixItems: [
        { type: "array", contains: { type: "string" } },
        { type: "array", contains: { type: "string" }, minContains: 2 },
        { type: "array", contains: { type: "string" }, maxContains: 1 },
        { type: "array", contains: { type: "string" }, minContains: 0, maxContains: 2 },
      ],
    },
    value: [[1], ["a", 1], ["a", "b"], []],
    issues: [["/0", "contains", "0"], ["/1", "contains", "1"], ["/2", "maxContains", "2"]],
  },
  {
    behaviour: "oneOf matched twice says how many; not matched reports not",
    schema: {
      type: "array",
      prefixItems: [{ oneOf: [{ type: "integer" }, { minimum: 0 }] }, { not: { type: "string" } }],
    },
    value: [3, "s"],
    issues: [["/0", "oneOf", "2"], ["/1", "not"]],
  },
  {
    behaviour:
      "a failing anyOf reports its closest branch's issues, skipping branches of another type",
    schema: {
      anyOf: [
        { type: "string" },
        { type: "object", required: ["a", "b", "c"] },
        { type: "object", required: ["a"], properties: { a: { type: "integer" } } },
      ],
    },
    value: { a: "x" },
    issues: [["/a", "type"]],
  },
  {
    behaviour: "an anyOf whose every branch fails on the value itself reports anyOf",
    schema: { anyOf: [{ type: "string" }, { const: 1 }] },
    value: 2,
    issues: [["", "anyOf"]],
  },
  {
    behaviour: "if/then/else and allOf report at the value; a $ref's issues keep the pointer",
    schema: {
      $defs: { pos: { minimum: 0 } },
      type: "array",
      prefixItems: [
        { if: { type: "string" }, then: { minLength: 2 }, else: { type: "integer" } },
        { if: { type: "string" }, then: { minLength: 2 }, else: { type: "integer" } },
        { allOf: [{ $ref: "#/$defs/pos" }, { maximum: 5 }] },
      ],
    },
    value: ["a", 1.5, -1],
    issues: [["/0", "minLength"], ["/1", "type"], ["/2", "minimum"]],
  },
  {
    behaviour: "dependentSchemas report at the object when their member is present",
    schema: {
      type: "object",
      dependentSchemas: { a: { required: ["b"] }, z: { required: ["y"] } },
    },
    value: { a: 1 },
    issues: [["/b", "required"]],
  },
  {
    behaviour: "unevaluatedProperties and unevaluatedItems: false names what nothing evaluated",
    schema: {
      type: "array",
      prefixItems: [
        { type: "object", properties: { a: true }, unevaluatedProperties: false },
        { type: "array", prefixItems: [true], unevaluatedItems: false },
        { type: "object", properties: { a: true }, unevaluatedProperties: { type: "integer" } },
      ],
    },
    value: [{ a: 1, b: 2 }, [1, 2], { a: "x", c: "y" }],
    issues: [["/0/b", "unevaluatedProperties", "b"], ["/1/1", "unevaluatedItems"], [
      "/2/c",
      "type",
    ]],
  },
  {
    behaviour: "too few items alone makes the result a failure",
    schema: { type: "array", minItems: 2 },
    value: [1],
    issues: [["", "minItems"]],
  },
  {
    behaviour: "too many items alone makes the result a failure",
    schema: { type: "array", maxItems: 2 },
    value: [1, 2, 3],
    issues: [["", "maxItems"]],
  },
  {
    behaviour: "an array exactly at maxItems has no maxItems issue",
    schema: { type: "array", maxItems: 2, items: { type: "integer" } },
    value: [1, "a"],
    issues: [["/1", "type"]],
  },
  {
    behaviour: "an additionalProperties schema reports every bad member",
    schema: { type: "object", additionalProperties: { type: "string" } },
    value: { a: 1, b: 2 },
    issues: [["/a", "type"], ["/b", "type"]],
  },
  {
    behaviour: "a failing $ref does not stop the other keywords",
    schema: { $defs: { pos: { minimum: 0 } }, $ref: "#/$defs/pos", not: { type: "integer" } },
    value: -1,
    issues: [["", "minimum"], ["", "not"]],
  },
  {
    behaviour: "a failing allOf does not stop the other keywords; alone it still fails",
    schema: {
      type: "array",
      prefixItems: [{ allOf: [{ minimum: 0 }], not: { type: "integer" } }, {
        allOf: [{ minimum: 0 }],
      }],
    },
    value: [-1, -1],
    issues: [["/0", "minimum"], ["/0", "not"], ["/1", "minimum"]],
  },
  {
    behaviour: "a failing then and a failing dependentSchemas are both reported",
    schema: {
      type: "object",
      if: { required: ["a"] },
      then: { required: ["b"] },
      dependentSchemas: { a: { required: ["c"] } },
      unevaluatedProperties: { type: "integer" },
    },
    value: { a: 1, z: "s" },
    issues: [["/b", "required"], ["/c", "required"], ["/z", "type"]],
  },
  {
    behaviour:
      "unevaluatedProperties and unevaluatedItems alone fail, and report every member and item",
    schema: {
      type: "array",
      prefixItems: [
        { type: "object", unevaluatedProperties: false },
        { type: "object", unevaluatedProperties: { type: "string" } },
        { type: "array", unevaluatedItems: false },
        { type: "array", unevaluatedItems: { type: "string" } },
      ],
      items: false,
    },
    value: [{ a: 1 }, { a: 1, b: 2 }, [1], [1, 2]],
    issues: [
      ["/0/a", "unevaluatedProperties", "a"],
      ["/1/a", "type"],
      ["/1/b", "type"],
      ["/2/0", "unevaluatedItems"],
      ["/3/0", "type"],
      ["/3/1", "type"],
    ],
  },
  {
    behaviour: "a oneOf that nothing matches reports its closest branch",
    schema: { oneOf: [{ type: "string" }, { type: "object", required: ["a"] }] },
    value: {},
    issues: [["/a", "required"]],
  },
  {
    behaviour: "branches failing on the value itself (const, enum, false) are never the closest",
    schema: {
      type: "array",
      prefixItems: [
        { anyOf: [{ const: 5 }, { type: "object", required: ["b"] }] },
        { anyOf: [{ enum: [5] }, { type: "object", required: ["b"] }] },
        { anyOf: [false, { type: "object", required: ["b"] }] },
      ],
    },
    value: [{}, {}, {}],
    issues: [["/0/b", "required"], ["/1/b", "required"], ["/2/b", "required"]],
  },
  {
    behaviour: "of two closest branches with as many issues, the first is reported",
    schema: { anyOf: [{ type: "object", required: ["a"] }, { type: "object", required: ["b"] }] },
    value: {},
    issues: [["/a", "required"]],
  },
  {
    behaviour: "the closest branch's issues past the limit are counted",
    schema: { anyOf: [{ type: "string" }, { type: "object", required: ["a", "b"] }] },
    value: {},
    limit: 1,
    issues: [["/a", "required"]],
    omitted: 1,
  },
  {
    behaviour: "a failing allOf alone makes the result a failure",
    schema: { allOf: [{ minimum: 0 }] },
    value: -1,
    issues: [["", "minimum"]],
  },
  {
    behaviour: "unevaluatedProperties: false alone makes the result a failure",
    schema: { type: "object", unevaluatedProperties: false },
    value: { a: 1 },
    issues: [["/a", "unevaluatedProperties", "a"]],
  },
  {
    behaviour: "unevaluatedItems: false alone makes the result a failure",
    schema: { type: "array", unevaluatedItems: false },
    value: [1],
    issues: [["/0", "unevaluatedItems"]],
  },
  {
    behaviour: "an unevaluatedItems schema alone makes the result a failure",
    schema: { type: "array", unevaluatedItems: { type: "string" } },
    value: [1],
    issues: [["/0", "type"]],
  },
  {
    behaviour:
      "a branch failing on the value itself by another keyword (minProperties) can be the closest",
    schema: {
      anyOf: [{ type: "object", minProperties: 3 }, { type: "object", required: ["a", "b"] }],
    },
    value: {},
    issues: [["", "minProperties"]],
  },
  {
    behaviour: "a closest branch with more than 8 issues: 8 kept, the rest counted",
    schema: {
      anyOf: [{ type: "string" }, {
        type: "object",
        required: ["a", "b", "c", "d", "e", "f", "g", "h", "i"],
      }],
    },
    value: {},
    issues: ["a", "b", "c", "d", "e", "f", "g", "h"].map((name) =>
      [`/${name}`, "required"] as const
    ),
    omitted: 1,
  },
  {
    behaviour:
      "the closest branch counts its issues past 8 too: 8 issues beat 9, listed first or second",
    schema: {
      type: "array",
      prefixItems: [
        { anyOf: [{ required: NINE }, { required: EIGHT }] },
        { anyOf: [{ required: EIGHT }, { required: NINE }] },
      ],
    },
    value: [{}, {}],
    issues: [
      ...EIGHT.map((name) => [`/0/${name}`, "required"] as const),
      ...EIGHT.map((name) => [`/1/${name}`, "required"] as const),
    ],
  },
  {
    behaviour:
      "inside a branch on trial a failing anyOf counts as one issue (its own closest branch is not searched)",
    schema: {
      anyOf: [
        { anyOf: [{ required: ["a1", "a2", "a3"] }, { required: ["b1", "b2", "b3", "b4"] }] },
        { required: ["c1", "c2"] },
      ],
    },
    value: {},
    issues: [["", "anyOf"]],
  },
  {
    behaviour: "a failing anyOf past the limit counts as one omitted issue",
    schema: { required: ["z"], anyOf: [{ required: ["a", "b"] }, { required: ["c", "d", "e"] }] },
    value: {},
    limit: 1,
    issues: [["/z", "required"]],
    omitted: 1,
  },
  {
    behaviour: "each scalar keyword names itself",
    schema: {
      type: "array",
      prefixItems: [
        { pattern: "^a" },
        { format: "date" },
        { maximum: 1 },
        { exclusiveMinimum: 1 },
        { exclusiveMaximum: 1 },
        { multipleOf: 0.5 },
        { multipleOf: 0.01 },
        { multipleOf: 3 },
        { minLength: 2 },
        { maxLength: 1 },
        { minLength: 3, maxLength: 1 },
        { minimum: 1 },
      ],
    },
    value: ["b", "x", 2, 1, 1, 0.3, 0.001, 1e20, "😀", "ab", "ab", 0],
    issues: [
      ["/0", "pattern"],
      ["/2", "maximum"],
      ["/3", "exclusiveMinimum"],
      ["/4", "exclusiveMaximum"],
      ["/5", "multipleOf"],
      ["/6", "multipleOf"],
      ["/7", "multipleOf"],
      ["/8", "minLength"],
      ["/9", "maxLength"],
      ["/10", "minLength"],
      ["/11", "minimum"],
    ],
  },
  {
    behaviour: "an asserted format names itself",
    schema: { type: "array", items: { format: "date" } },
    options: { assertFormat: true },
    value: ["2024-02-30", "2024-02-29"],
    issues: [["/0", "format"]],
  },
  {
    behaviour: "a pointer escapes `/` and `~` in every member name on its way",
    schema: {
      type: "object",
      properties: { "a/b": { type: "object", properties: { "c~d": { type: "integer" } } } },
    },
    value: { "a/b": { "c~d": "1" } },
    issues: [["/a~1b/c~0d", "type"]],
  },
  {
    behaviour: "past the limit issues are only counted",
    schema: { type: "array", items: { type: "integer" } },
    value: ["a", "b", "c", "d"],
    limit: 2,
    issues: [["/0", "type"], ["/1", "type"]],
    omitted: 2,
  },
];

Deno.test("checkForm reports each problem with its pointer, keyword and detail", async (t) => {
  for (const row of ISSUES) {
    await t.step(row.behaviour, () => {
      const form = compileJsonSchema(row.schema, row.options);
      const result = checkForm(form, row.value, row.limit);
      assert.equal(result.ok, false);
      assert.deepEqual(
        // An issue without a detail has no `detail` field at all.
        result.issues.map((i) =>
          "detail" in i ? [i.pointer, i.keyword, i.detail] : [i.pointer, i.keyword]
        ),
        row.issues,
      );
      assert.equal(result.omitted, row.omitted ?? 0);
    });
  }
});

Deno.test("past the 32-closure bound the same rows answer the same (the quick loop and the generators)", async (t) => {
  for (const row of [...MEMBERWISE, ...SHAPES]) {
    await t.step(row.behaviour, () => {
      // 33 array levels around the row's schema (its $defs at the root): too deep to compile.
      const { $defs, ...inner } = row.schema as Record<string, unknown>;
      const schema = {
        ...(nested(34, inner) as object),
        ...($defs === undefined ? {} : { $defs }),
      };
      const form = compileJsonSchema(schema, row.options);
      assert.equal(compiledCheck(form), null);
      for (const [values, expected] of [[row.matches, true], [row.refuses, false]] as const) {
        for (const value of values) {
          const deep = deepValue(34, value);
          const shown = JSON.stringify(value);
          assert.equal(matchesForm(form, deep), expected, `matchesForm of ${shown}`);
          assert.equal(checkForm(form, deep).ok, expected, `checkForm of ${shown}`);
        }
      }
    });
  }
});
