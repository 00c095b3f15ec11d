/**
 * `properties`, `patternProperties`, `additionalProperties`, `propertyNames` (`engine/declarations/keywords/properties.ts`): members not admitted and refused names in words; malformed maps refused.
 * Rows moved here from `tests/describe_test.ts` and
 * `tests/jsonschema_refusals_test.ts`, keyword by keyword.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileGate } from "../../engine/compile.ts";
import { compiledCheck, MEMBERS, UNDECLARED } from "../../engine/declarations/check.ts";
import { compileJsonSchema } from "../../engine/declarations/jsonschema.ts";
import { gate } from "../../engine/gate.ts";
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
    name: "additionalProperties false: the names admitted",
    declaration: 'closed{!a:integer,"b c":string}',
    value: { a: 1, d: [1] },
    keyword: "additionalProperties",
    pointer: "/d",
    expected: 'absent (the object admits only "a", "b c")',
    found: "an array of 1 item",
  },
  {
    name: "additionalProperties false without properties: no other members",
    declaration: { additionalProperties: false },
    value: { b: 2 },
    keyword: "additionalProperties",
    pointer: "/b",
    expected: "absent (the object admits no other members)",
    found: "2",
  },
  {
    name: "additionalProperties false with 12 properties: the first 10 named",
    declaration: {
      properties: Object.fromEntries(
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"].map((k) => [k, {}]),
      ),
      additionalProperties: false,
    },
    value: { z: true },
    keyword: "additionalProperties",
    pointer: "/z",
    expected:
      'absent (the object admits only "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", … (2 more))',
    found: "true",
  },
  {
    name: "propertyNames: the member name refused",
    declaration: { propertyNames: { pattern: "^[a-z]+$" } },
    value: { Abc: 1 },
    keyword: "propertyNames",
    expected: 'an object whose every member name is a string matching "^[a-z]+$"',
    found: 'the member name "Abc"',
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "properties an array",
    schema: { "properties": [] },
    pointer: "/properties",
    message: '"properties" at the root must be an object, found array',
  },
  {
    name: "patternProperties null",
    schema: { "patternProperties": null },
    pointer: "/patternProperties",
    message: '"patternProperties" at the root must be an object, found null',
  },
  {
    name: "a patternProperties pattern refused at its own pointer",
    schema: { "patternProperties": { "a/(": {} } },
    pointer: "/patternProperties/a~1(",
    message:
      'pattern "a/(" of "patternProperties" at the root is refused: Invalid regular expression: /a/(/u: Unterminated group',
  },
  {
    name: "additionalProperties a number",
    schema: { "additionalProperties": 1 },
    pointer: "/additionalProperties",
    message: "schema at /additionalProperties must be an object or a boolean, found number",
  },
  {
    name: "propertyNames a string",
    schema: { "propertyNames": "x" },
    pointer: "/propertyNames",
    message: "schema at /propertyNames must be an object or a boolean, found string",
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "named members, pattern members, the rest, and every name",
    schema: {
      properties: { id: { type: "integer" } },
      patternProperties: { "^x-": { type: "string" } },
      additionalProperties: { type: "boolean" },
      propertyNames: { maxLength: 5 },
    },
    matches: [{}, { id: 1 }, { "x-a": "s", ok: true }, [1]],
    refuses: [{ id: "1" }, { "x-a": 1 }, { ok: 1 }, { longer: true }],
  },
  {
    name: "a required name that is no property: additionalProperties false refuses it",
    schema: { properties: { a: {} }, required: ["c"], additionalProperties: false },
    matches: [[]],
    refuses: [{ c: 1 }, { a: 1, c: 1 }, {}],
  },
  {
    name: "a required name that is no property: additionalProperties applies to it",
    schema: {
      properties: { a: { type: "integer" } },
      required: ["c"],
      additionalProperties: { type: "string" },
    },
    matches: [{ c: "x" }, { a: 1, c: "x" }, { c: "x", a: 1, d: "y" }],
    refuses: [{ c: 1 }, { a: 1 }, { a: "1", c: "x" }, { c: "x", d: 1 }],
  },
  {
    name: "properties and required, members in any order",
    schema: { properties: { a: { type: "integer" }, b: { type: "string" } }, required: ["a", "b"] },
    matches: [{ a: 1, b: "x" }, { b: "x", a: 1 }, { b: "x", c: null, a: 1 }],
    refuses: [{ a: 1 }, { b: "x" }, { a: "1", b: "x" }, { b: 1, a: 1 }, {}],
  },
  {
    name: "a member matching its property and a pattern must pass both",
    schema: {
      properties: { a: { type: "integer" } },
      patternProperties: { "^a": { minimum: 0 } },
      additionalProperties: false,
    },
    matches: [{ a: 1 }, { ab: 1 }, {}],
    refuses: [{ a: -1 }, { a: "1" }, { ab: -1 }, { b: 1 }],
  },
  {
    name: "properties beside the member counts, required and dependentRequired",
    schema: {
      properties: { a: { type: "integer" } },
      required: ["a"],
      dependentRequired: { a: ["b"] },
      minProperties: 2,
      maxProperties: 3,
    },
    matches: [{ a: 1, b: 1 }, { a: 1, b: 1, c: 1 }],
    refuses: [{ a: 1 }, { b: 1, c: 1 }, { a: "1", b: 1 }, { a: 1, b: 1, c: 1, d: 1 }, {
      a: 1,
      c: 1,
    }],
  },
  {
    name: "propertyNames with an alternative: every name checked",
    schema: {
      propertyNames: { anyOf: [{ maxLength: 1 }, { pattern: "^x" }] },
      properties: { a: {} },
    },
    matches: [{ a: 1, xyz: 1 }, {}],
    refuses: [{ ab: 1 }, { a: 1, bc: 2 }],
  },
  {
    name: "a property named as Object.prototype's own: only an own member counts",
    schema: { properties: { toString: { type: "string" } }, additionalProperties: false },
    matches: [{}, { toString: "x" }],
    refuses: [{ toString: 1 }, { a: 1 }],
  },
  {
    name: "a property named as Object.prototype's own, no additionalProperties",
    schema: { properties: { constructor: { type: "integer" }, a: { type: "string" } } },
    matches: [{}, { constructor: 1 }, { a: "x", b: 1 }],
    refuses: [{ constructor: "x" }, { a: 1 }],
  },
  {
    name: "a required name of Object.prototype's own: only an own member counts",
    schema: { required: ["toString"], properties: { a: { type: "string" } } },
    matches: [{ toString: 1 }, { toString: 1, a: "x" }],
    refuses: [{}, { a: "x" }, { toString: 1, a: 1 }],
  },
  {
    name: "Object.prototype's names with additionalProperties: the rest checked",
    schema: {
      properties: { toString: { type: "string" } },
      required: ["valueOf"],
      additionalProperties: { type: "integer" },
    },
    matches: [{ valueOf: 1 }, { valueOf: 1, toString: "x", b: 2 }],
    refuses: [{}, { valueOf: "1" }, { valueOf: 1, toString: 1 }, { valueOf: 1, b: "2" }],
  },
  {
    name:
      "unevaluatedProperties: members a property, a pattern or additionalProperties evaluated count",
    schema: {
      properties: { a: {} },
      patternProperties: { "^x": {} },
      unevaluatedProperties: false,
    },
    matches: [{ a: 1, x1: 1 }, {}],
    refuses: [{ b: 1 }, { a: 1, b: 1 }],
  },
  {
    name: "unevaluatedProperties beside additionalProperties: every member evaluated",
    schema: {
      properties: { a: { type: "integer" } },
      additionalProperties: { type: "string" },
      unevaluatedProperties: false,
    },
    matches: [{ a: 1, b: "s" }, {}],
    refuses: [{ a: "1" }, { b: 1 }],
  },
  {
    name: "annotations collected: named members, patterns, the rest and names checked",
    schema: {
      properties: { id: { type: "integer" }, obj: { type: "object", required: ["k"] } },
      patternProperties: { "^x-": { type: "string" } },
      additionalProperties: { type: "boolean" },
      propertyNames: { maxLength: 5 },
      unevaluatedProperties: false,
    },
    matches: [{}, { id: 1, obj: { k: 1 } }, { "x-a": "s", ok: true }],
    refuses: [{ id: "1" }, { obj: {} }, { "x-a": 1 }, { ok: 1 }, { longer: true }],
  },
];

/**
 * Whether a passing compiled check met a key its object's node does not declare by name
 * (`UNDECLARED.seen`, read by the gate to look for keys impersonating declared ones):
 * `[name, schema, value, seen]`.
 */
const UNDECLARED_KEYS: readonly (readonly [string, unknown, unknown, boolean])[] = [
  ["declared members only", { properties: { a: {} }, required: ["a"] }, { a: 1 }, false],
  ["a member no property names", { properties: { a: {} } }, { a: 1, b: 1 }, true],
  [
    "a member additionalProperties checks",
    {
      properties: { a: {} },
      additionalProperties: {},
    },
    { a: 1, b: 1 },
    true,
  ],
  [
    "declared members beside patterns",
    {
      properties: { a: {} },
      patternProperties: { "^x": {} },
    },
    { a: 1 },
    false,
  ],
  [
    "a member only a pattern matches",
    {
      properties: { a: {} },
      patternProperties: { "^x": {} },
    },
    { a: 1, x: 1 },
    true,
  ],
  [
    "declared members beside the member counts",
    {
      properties: { a: {} },
      minProperties: 1,
    },
    { a: 1 },
    false,
  ],
  [
    "Object.prototype's names, no additionalProperties: members read by name, others unseen",
    {
      properties: { toString: {} },
    },
    { toString: 1 },
    true,
  ],
  [
    "Object.prototype's names beside additionalProperties, declared members only",
    {
      properties: { toString: {} },
      additionalProperties: {},
    },
    { toString: 1 },
    false,
  ],
  [
    "Object.prototype's names beside additionalProperties, another member",
    {
      properties: { toString: {} },
      additionalProperties: {},
    },
    { toString: 1, b: 2 },
    true,
  ],
];

runWordsRows(
  "properties, patternProperties, additionalProperties, propertyNames: a value failing one keyword, and its words",
  WORDS,
);
runKeywordRefusals(
  "properties, patternProperties, additionalProperties, propertyNames: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("properties: what compiled schemas match and refuse", MATCHES);

Deno.test("properties: a passing compiled check records whether it met an undeclared key", async (t) => {
  for (const [name, schema, value, seen] of UNDECLARED_KEYS) {
    await t.step(name, () => {
      const check = compiledCheck(compileJsonSchema(schema))!;
      UNDECLARED.seen = false;
      assert.equal(check(value), true);
      assert.equal(UNDECLARED.seen, seen);
    });
  }
});

/**
 * The key count a compiled check leaves (`MEMBERS.count`, which the gate reads in place of the
 * fast path's walk for a flat object): the keys of the object whose members were read last with
 * `for…in`, assigned, never added; -1 (as reset) when no object was read that way:
 * `[name, schema, value, count]`.
 */
const KEY_COUNTS: readonly (readonly [string, unknown, unknown, number])[] = [
  ["declared members", { properties: { a: {}, b: {} }, required: ["a"] }, { a: 1, b: 2 }, 2],
  ["a member no property names", { properties: { a: {} } }, { a: 1, z: 2, y: 3 }, 3],
  ["no members", { properties: { a: {} } }, {}, 0],
  ["not an object", { properties: { a: {} } }, "x", -1],
  ["no properties keyword", { type: "object" }, { a: 1 }, -1],
  [
    "members beside patterns: read another way",
    { properties: { a: {} }, patternProperties: { "^x": {} } },
    { a: 1 },
    -1,
  ],
  [
    "a nested object: the outer one finishes last",
    { properties: { a: { properties: { x: {}, y: {}, z: {} } } } },
    { a: { x: 1, y: 2, z: 3 } },
    1,
  ],
  [
    "objects in an array: the last one read",
    { properties: { list: { items: { properties: { k: {} } } } }, additionalProperties: false },
    { list: [{ k: 1, j: 2 }, { k: 1 }] },
    1,
  ],
  [
    "items read after the outer object: its count stands",
    { items: { properties: { k: {} } } },
    [{ k: 1, j: 2, i: 3 }, { k: 1 }],
    1,
  ],
];

Deno.test("properties: a compiled check leaves the key count of the object it read last", async (t) => {
  for (const [name, schema, value, count] of KEY_COUNTS) {
    await t.step(name, () => {
      const check = compiledCheck(compileJsonSchema(schema))!;
      MEMBERS.count = -1;
      assert.equal(check(value), true);
      assert.equal(MEMBERS.count, count);
    });
  }
});

Deno.test("properties: a required member no property names is refused by additionalProperties false at the gate", () => {
  const schemaJson = {
    type: "object",
    properties: { a: {} },
    required: ["c"],
    additionalProperties: false,
  };
  const text = '{"c": 1}';
  for (const result of [gate(text, { schemaJson }), compileGate({ schemaJson }).gate(text)]) {
    assert.equal(result.executable, false);
    assert.equal(result.error?.code, "E030");
  }
});

Deno.test("properties: with Object.prototype enumerating a property, members are read by name", () => {
  const check = compiledCheck(
    compileJsonSchema({ properties: { a: { type: "integer" } }, required: ["a"] }),
  )!;
  Object.defineProperty(Object.prototype, "polluted", {
    value: 1,
    enumerable: true,
    configurable: true,
    writable: true,
  });
  try {
    UNDECLARED.seen = false;
    assert.equal(check({ a: 1 }), true);
    // The other keys are not looked at: any may be undeclared.
    assert.equal(UNDECLARED.seen, true);
    assert.equal(check({ a: "1" }), false);
    assert.equal(check({}), false);
  } finally {
    delete (Object.prototype as Record<string, unknown>).polluted;
  }
});
