/**
 * schema_json: every supported keyword (accepted and rejected values), every
 * refused keyword with its exact E070 message and pointer, malformed keyword
 * values, boolean schemas, enum/const, the depth bound, and seed 000's schema.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  checkDeclaration,
  type Declaration,
  describeDeclaration,
  isDeclaration,
  parseDeclaration,
} from "../engine/declarations.ts";
import { compileJsonSchema, SUPPORTED_KEYWORDS } from "../engine/jsonschema.ts";

function compiled(schema: unknown): Declaration {
  const d = compileJsonSchema(schema);
  if (!isDeclaration(d)) throw new Error(`${JSON.stringify(schema)}: ${d.message}`);
  return d;
}

function refusal(schema: unknown): string {
  const d = compileJsonSchema(schema);
  if (isDeclaration(d)) throw new Error(`${describeDeclaration(d)} should have been refused`);
  assert.equal(d.code, "E070");
  return d.message;
}

const SEED_SCHEMA = {
  type: "object",
  properties: { query: { type: "string" }, limit: { type: "integer" } },
  required: ["query"],
};

Deno.test("seed 000's schema: the re-emitted arguments satisfy it, {} misses /query", () => {
  const d = compiled(SEED_SCHEMA);
  assert.equal(describeDeclaration(d), "{!query:string,limit:integer}");
  assert.deepEqual(checkDeclaration(d, { query: "weather in Paris", limit: 3 }), {
    total: 2,
    satisfied: 2,
    missing: [],
    mismatched: [],
    ok: true,
  });
  assert.deepEqual(checkDeclaration(d, {}), {
    total: 2,
    satisfied: 1,
    missing: ["/query"],
    mismatched: [],
    ok: false,
  });
  assert.deepEqual(checkDeclaration(d, { query: "q", limit: 2.5 }), {
    total: 2,
    satisfied: 1,
    missing: [],
    mismatched: [{ pointer: "/limit", expected: "integer", found: "number 2.5" }],
    ok: false,
  });
});

/** [keyword, schema, its rendering, accepted values, rejected values] */
const KEYWORDS: readonly [string, unknown, string, unknown[], unknown[]][] = [
  ["type", { type: "string" }, "string", ["", "a"], [1, null, [], {}]],
  ["type", { type: "integer" }, "integer", [0, -3, 1e3], [1.5, "1", true]],
  ["type", { type: "number" }, "number", [0, 1.5], ["1", null]],
  ["type", { type: "boolean" }, "boolean", [true, false], [0, "true"]],
  ["type", { type: "null" }, "null", [null], [0, "", false]],
  ["type", { type: "object" }, "object", [{}, { a: 1 }], [[], null, "{}"]],
  ["type", { type: "array" }, "array", [[], [1, "a"]], [{}, "[]"]],
  ["type", { type: ["string", "null"] }, "string|null", ["a", null], [1, {}]],
  ["type", { type: ["integer", "number"] }, "number", [1, 1.5], ["1"]],
  [
    "properties",
    { type: "object", properties: { a: { type: "integer" } } },
    "{a:integer}",
    [{}, { a: 1 }, { b: "x" }],
    [{ a: "1" }, []],
  ],
  [
    "required",
    { type: "object", required: ["a"] },
    "{!a:any}",
    [{ a: null }, { a: 1, b: 2 }],
    [{}, { b: 1 }],
  ],
  ["items", { type: "array", items: { type: "string" } }, "[string]", [[], ["a"]], [[1], ["a", 2]]],
  ["items", { type: "array", items: true }, "array", [[1, "a"]], [{}]],
  ["enum", { enum: ["asc", "desc"] }, '"asc"|"desc"', ["asc", "desc"], ["ASC", 1, null]],
  ["enum", { enum: [1, "1", true, null] }, '1|"1"|true|null', [1, "1", true, null], [2, false]],
  ["const", { const: "x" }, '"x"', ["x"], ["y", null]],
  ["const", { const: null }, "null", [null], [0]],
  ["minimum", { type: "number", minimum: 1 }, "number(minimum=1)", [1, 2], [0.9]],
  ["maximum", { type: "number", maximum: 1 }, "number(maximum=1)", [1, -5], [1.1]],
  ["exclusiveMinimum", { type: "integer", exclusiveMinimum: 0 }, "integer(exclusiveMinimum=0)", [
    1,
  ], [0, -1]],
  ["exclusiveMaximum", { type: "number", exclusiveMaximum: 1 }, "number(exclusiveMaximum=1)", [
    0.99,
  ], [1]],
  ["minLength", { type: "string", minLength: 2 }, "string(minLength=2)", ["ab", "🙂🙂"], [
    "a",
    "🙂",
  ]],
  ["maxLength", { type: "string", maxLength: 2 }, "string(maxLength=2)", ["ab", "🙂🙂"], ["abc"]],
  ["pattern", { type: "string", pattern: "^[a-z]+$" }, 'string(pattern="^[a-z]+$")', ["abc"], [
    "aBc",
    "",
  ]],
  ["pattern", { type: "string", pattern: "\\d" }, 'string(pattern="\\\\d")', ["a1b"], ["ab"]],
  ["pattern", { type: "string", pattern: "^\\p{L}+$" }, 'string(pattern="^\\\\p{L}+$")', [
    "héllo",
  ], ["h1"]],
];

Deno.test("every supported keyword accepts and rejects what JSON Schema says", () => {
  const covered = new Set<string>();
  for (const [keyword, schema, rendering, accepted, rejected] of KEYWORDS) {
    covered.add(keyword);
    const d = compiled(schema);
    assert.equal(describeDeclaration(d), rendering, keyword);
    assert.deepEqual(parseDeclaration(rendering), d, `${rendering} round-trips`);
    for (const v of accepted) {
      assert.equal(
        checkDeclaration(d, v).ok,
        true,
        `${JSON.stringify(schema)} accepts ${JSON.stringify(v)}`,
      );
    }
    for (const v of rejected) {
      assert.equal(
        checkDeclaration(d, v).ok,
        false,
        `${JSON.stringify(schema)} rejects ${JSON.stringify(v)}`,
      );
    }
  }
  assert.deepEqual([...covered].sort(), [...SUPPORTED_KEYWORDS].sort());
});

Deno.test("keywords apply only to values of their type", () => {
  // No "type": every JSON type is accepted, constrained where a keyword applies.
  const d = compiled({ minLength: 2, minimum: 0, properties: { a: { type: "string" } } });
  assert.equal(
    describeDeclaration(d),
    "null|boolean|string(minLength=2)|number(minimum=0)|{a:string}|array",
  );
  for (const v of [null, true, "ab", 0, {}, { a: "x" }, []]) assert.ok(checkDeclaration(d, v).ok);
  for (const v of ["a", -1, { a: 1 }]) assert.ok(!checkDeclaration(d, v).ok);
  // A keyword for another type changes nothing (but its value is still checked).
  assert.equal(describeDeclaration(compiled({ type: "string", minimum: 3 })), "string");
  assert.equal(
    refusal({ type: "string", minimum: "3" }),
    'E070 SchemaError: "minimum" at the root must be a number, found string',
  );
  // An empty schema, and one with only "type"-less enum, are what they say.
  assert.deepEqual(compiled({}), { kind: "any" });
  assert.deepEqual(compiled(true), { kind: "any" });
});

Deno.test("enum and const intersect with type and constraints", () => {
  assert.equal(describeDeclaration(compiled({ type: "string", enum: ["a", 1, "b"] })), '"a"|"b"');
  assert.equal(describeDeclaration(compiled({ type: "integer", enum: [1, 1.5, 2] })), "1|2");
  assert.equal(describeDeclaration(compiled({ enum: ["a", "b"], const: "b" })), '"b"');
  assert.equal(describeDeclaration(compiled({ enum: ["a", "a", "b"] })), '"a"|"b"');
  assert.equal(
    describeDeclaration(compiled({ type: "string", maxLength: 1, enum: ["a", "bb"] })),
    '"a"',
  );
  assert.equal(
    refusal({ type: "integer", enum: ["a"] }),
    'E070 SchemaError: no value of "enum"/"const" at the root satisfies the other keywords',
  );
  assert.equal(
    refusal({ enum: ["a"], const: "b" }),
    'E070 SchemaError: no value of "enum"/"const" at the root satisfies the other keywords',
  );
});

Deno.test("required members absent from properties are declared as any", () => {
  const d = compiled({
    type: "object",
    properties: { a: { type: "string" } },
    required: ["b", "a"],
  });
  assert.equal(describeDeclaration(d), "{!a:string,!b:any}");
  assert.deepEqual(checkDeclaration(d, { a: "x" }).missing, ["/b"]);
});

Deno.test("nested schemas report missing and mismatched members by pointer", () => {
  const d = compiled({
    type: "object",
    properties: {
      filter: {
        type: "object",
        properties: { from: { type: "string" }, "a/b": { type: "integer" } },
        required: ["from"],
      },
      tags: { type: "array", items: { type: "string", maxLength: 3 } },
    },
    required: ["filter"],
  });
  assert.deepEqual(checkDeclaration(d, { filter: { "a/b": "1" }, tags: ["ok", "toolong"] }), {
    total: 2,
    satisfied: 0,
    missing: ["/filter/from"],
    mismatched: [
      { pointer: "/filter/a~1b", expected: "integer", found: "string" },
      { pointer: "/tags/1", expected: "string(maxLength=3)", found: "string of length 7" },
    ],
    ok: false,
  });
});

/** Real-world keywords outside the subset: [schema, exact message]. */
const REFUSED: readonly [unknown, string][] = [
  [{ type: "object", additionalProperties: false }, '"additionalProperties" at the root'],
  [
    { type: "object", properties: { a: { type: "string", description: "the a" } } },
    '"description" at /properties/a',
  ],
  [{ $ref: "#/definitions/a" }, '"$ref" at the root'],
  [{ oneOf: [{ type: "string" }] }, '"oneOf" at the root'],
  [{ anyOf: [{ type: "string" }] }, '"anyOf" at the root'],
  [{ allOf: [{ type: "string" }] }, '"allOf" at the root'],
  [{ type: "string", format: "uri" }, '"format" at the root'],
  [{ type: "integer", default: 10 }, '"default" at the root'],
  [{ title: "Search" }, '"title" at the root'],
  [{ $schema: "http://json-schema.org/draft-07/schema#" }, '"$schema" at the root'],
  [{ type: "array", minItems: 1 }, '"minItems" at the root'],
  [{ type: "array", maxItems: 1 }, '"maxItems" at the root'],
  [{ type: "array", uniqueItems: true }, '"uniqueItems" at the root'],
  [{ type: "object", patternProperties: { "^x": {} } }, '"patternProperties" at the root'],
  [{ not: { type: "null" } }, '"not" at the root'],
  [{ if: { type: "string" }, then: { minLength: 1 } }, '"if" at the root'],
  [{ examples: ["a"] }, '"examples" at the root'],
  [{ $comment: "x" }, '"$comment" at the root'],
  [{ $id: "urn:x" }, '"$id" at the root'],
  [{ $defs: {} }, '"$defs" at the root'],
  [{ definitions: {} }, '"definitions" at the root'],
  [{ type: "number", multipleOf: 2 }, '"multipleOf" at the root'],
  [{ type: "object", minProperties: 1 }, '"minProperties" at the root'],
  [{ type: "object", dependentRequired: {} }, '"dependentRequired" at the root'],
  [{ type: "array", contains: {} }, '"contains" at the root'],
  [{ type: "array", prefixItems: [] }, '"prefixItems" at the root'],
  [{ type: "object", propertyNames: {} }, '"propertyNames" at the root'],
  [{ nullable: true }, '"nullable" at the root'],
  [{ readOnly: true }, '"readOnly" at the root'],
  [{ deprecated: true }, '"deprecated" at the root'],
  [
    { type: "array", items: { type: "object", properties: { "x/y": { enum: [1], x: 1 } } } },
    '"x" at /items/properties/x~1y',
  ],
  [JSON.parse('{"__proto__":{"type":"string"}}'), '"__proto__" at the root'],
];

Deno.test("every other keyword is refused with E070 naming it and its pointer", () => {
  for (const [schema, where] of REFUSED) {
    assert.equal(refusal(schema), `E070 SchemaError: unsupported keyword ${where}`);
  }
});

Deno.test("a typical MCP inputSchema is refused at its first unsupported keyword", () => {
  const inputSchema = {
    type: "object",
    properties: { query: { type: "string", description: "What to search for" } },
    required: ["query"],
    additionalProperties: false,
    $schema: "http://json-schema.org/draft-07/schema#",
  };
  assert.equal(
    refusal(inputSchema),
    'E070 SchemaError: unsupported keyword "additionalProperties" at the root',
  );
  const stripped = { ...inputSchema } as Record<string, unknown>;
  delete stripped.additionalProperties;
  delete stripped.$schema;
  assert.equal(
    refusal(stripped),
    'E070 SchemaError: unsupported keyword "description" at /properties/query',
  );
});

/** Malformed values of supported keywords: [schema, exact detail]. */
const MALFORMED: readonly [unknown, string][] = [
  [null, "schema at the root must be an object or a boolean, found null"],
  ["string", "schema at the root must be an object or a boolean, found string"],
  [[{ type: "string" }], "schema at the root must be an object or a boolean, found array"],
  [false, "the schema false at the root matches nothing; remove the member instead"],
  [
    { properties: { a: false } },
    "the schema false at /properties/a matches nothing; remove the member instead",
  ],
  [
    { properties: { a: "string" } },
    "schema at /properties/a must be an object or a boolean, found string",
  ],
  [
    { type: "str" },
    '"type" at the root must be one of null, boolean, string, number, integer, object, array or a non-empty array of them, found "str"',
  ],
  [
    { type: [] },
    '"type" at the root must be one of null, boolean, string, number, integer, object, array or a non-empty array of them, found []',
  ],
  [
    { type: ["string", 1] },
    '"type" at the root must be one of null, boolean, string, number, integer, object, array or a non-empty array of them, found ["string",1]',
  ],
  [{ type: ["string", "string"] }, '"type" at the root lists a type twice'],
  [{ required: "a" }, '"required" at the root must be an array of strings'],
  [{ required: ["a", 1] }, '"required" at the root must be an array of strings'],
  [{ required: ["a", "a"] }, '"required" at the root lists "a" twice'],
  [{ properties: [] }, '"properties" at the root must be an object, found array'],
  [{ items: [{ type: "string" }] }, "schema at /items must be an object or a boolean, found array"],
  [{ items: { minimum: "0" } }, '"minimum" at /items must be a number, found string'],
  [{ maximum: null }, '"maximum" at the root must be a number, found null'],
  [{ exclusiveMinimum: true }, '"exclusiveMinimum" at the root must be a number, found boolean'],
  [{ exclusiveMaximum: "1" }, '"exclusiveMaximum" at the root must be a number, found string'],
  [{ minLength: -1 }, '"minLength" at the root must be a non-negative integer, found -1'],
  [{ maxLength: 1.5 }, '"maxLength" at the root must be a non-negative integer, found 1.5'],
  [{ maxLength: "3" }, '"maxLength" at the root must be a non-negative integer, found "3"'],
  [{ pattern: 1 }, '"pattern" at the root must be a string, found number'],
  [{ enum: [] }, '"enum" at the root must be a non-empty array'],
  [{ enum: "a" }, '"enum" at the root must be a non-empty array'],
  [
    { enum: ["a", ["b"]] },
    "/enum/1 is array; enum and const values must be strings, numbers, booleans or null",
  ],
  [
    { const: { a: 1 } },
    "/const is object; enum and const values must be strings, numbers, booleans or null",
  ],
];

Deno.test("malformed keyword values are E070 with the exact reason", () => {
  for (const [schema, detail] of MALFORMED) {
    assert.equal(refusal(schema), `E070 SchemaError: ${detail}`, JSON.stringify(schema));
  }
});

Deno.test("a pattern that is not a regular expression is E070 at compile time", () => {
  assert.match(
    refusal({ properties: { a: { type: "string", pattern: "([a-z]" } } }),
    /^E070 SchemaError: "pattern" at \/properties\/a is not a valid regular expression: /,
  );
  // Valid ECMA-262 without flag u is still refused when flag u rejects it.
  assert.match(refusal({ pattern: "\\-" }), /is not a valid regular expression/);
});

Deno.test("depth bound: 64 nested subschemas compile, 65 are E070, cycles terminate", () => {
  const nest = (n: number): unknown => {
    let s: unknown = { type: "string" };
    for (let i = 0; i < n; i++) s = { type: "array", items: s };
    return s;
  };
  const d = compiled(nest(64));
  assert.deepEqual(parseDeclaration(describeDeclaration(d)), d);
  assert.equal(
    refusal(nest(65)),
    `E070 SchemaError: schema nested deeper than 64 levels at ${"/items".repeat(65)}`,
  );
  const cyclic: Record<string, unknown> = { type: "object" };
  cyclic.properties = { self: cyclic };
  assert.equal(
    refusal(cyclic),
    `E070 SchemaError: schema nested deeper than 64 levels at ${"/properties/self".repeat(65)}`,
  );
  let deep: unknown = {};
  for (let i = 0; i < 1_000_000; i++) deep = { items: deep };
  assert.match(refusal(deep), /^E070 SchemaError: schema nested deeper than 64 levels at /);
});
