/**
 * `engine/declarations/jsonschema.ts`: what compiled schemas match, keyword
 * by keyword where the dialects differ or the compiler decides (draft-04
 * boolean bounds, `then`/`else` without `if`, `additionalItems`,
 * `dependencies`, `enum` beside `const`, `format` only when asked and only
 * from `format`, references by `$id`, `$anchor` and pointer), and the bounds
 * (100,000 subschemas, 256 nested in-place references). Fast and
 * deterministic, for `deno task mutate engine/declarations/jsonschema.ts`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { checkForm, matchesForm } from "../engine/declarations/check.ts";
import { checkDeclaration } from "../engine/declarations/verdict.ts";
import {
  compileJsonSchema,
  MAX_REF_DEPTH,
  MAX_SCHEMA_NODES,
} from "../engine/declarations/jsonschema.ts";

const D4 = "http://json-schema.org/draft-04/schema#";
const D7 = "http://json-schema.org/draft-07/schema#";

interface MatchCase {
  name: string;
  schema: unknown;
  assertFormat?: boolean;
  matches: unknown[];
  refuses: unknown[];
}

const MATCHES: readonly MatchCase[] = [
  {
    name: "draft-04: exclusiveMinimum true makes minimum exclusive",
    schema: { $schema: D4, minimum: 1, exclusiveMinimum: true },
    matches: [1.5],
    refuses: [1],
  },
  {
    name: "draft-04: exclusiveMaximum true makes maximum exclusive",
    schema: { $schema: D4, maximum: 1, exclusiveMaximum: true },
    matches: [0.5],
    refuses: [1],
  },
  {
    name: "draft-04: exclusiveMinimum false leaves minimum inclusive",
    schema: { $schema: D4, minimum: 1, exclusiveMinimum: false, maximum: 3 },
    matches: [1, 3],
    refuses: [0.5, 3.5],
  },
  {
    name: "2020-12: exclusiveMinimum is its own bound beside minimum",
    schema: { minimum: 1, exclusiveMinimum: 0, maximum: 2, exclusiveMaximum: 5 },
    matches: [1, 2],
    refuses: [0.5, 2.5],
  },
  {
    name: "draft-04: items as an array, additionalItems and dependencies",
    schema: { $schema: D4, items: [{}], additionalItems: false, dependencies: { a: ["b"] } },
    matches: [[1], { a: 1, b: 1 }],
    refuses: [[1, 2], { a: 1 }],
  },
  {
    name: "then without if asserts nothing",
    schema: { then: false },
    matches: [1, "a"],
    refuses: [],
  },
  {
    name: "else without if asserts nothing",
    schema: { else: false },
    matches: [1],
    refuses: [],
  },
  {
    name: "if, then and else",
    schema: { if: { type: "string" }, then: { minLength: 2 }, else: { type: "integer" } },
    matches: ["ab", 1],
    refuses: ["a", 1.5],
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
    name: "draft-07: dependencies, names and schemas",
    schema: { $schema: D7, dependencies: { a: ["b"], c: { required: ["d"] } } },
    matches: [{ a: 1, b: 1 }, { c: 1, d: 1 }, { b: 1 }, { undefined: 1 }],
    refuses: [{ a: 1 }, { c: 1 }],
  },
  {
    name: "dependentRequired and dependentSchemas",
    schema: { dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["d"] } } },
    matches: [{ a: 1, b: 1 }, { c: 1, d: 1 }, { undefined: 1 }],
    refuses: [{ a: 1 }, { c: 1 }],
  },
  {
    name: "enum beside const: both hold",
    schema: { enum: [1, 2, 3], const: 2 },
    matches: [2],
    refuses: [1, 3],
  },
  {
    name: "const beside enum: both hold",
    schema: { const: 2, enum: [1, 2] },
    matches: [2],
    refuses: [1],
  },
  {
    name: "format asserts when asked",
    schema: { type: "string", format: "date" },
    assertFormat: true,
    matches: ["2024-02-29"],
    refuses: ["x"],
  },
  {
    name: "another annotation that names a format asserts nothing",
    schema: { title: "date", description: "email" },
    assertFormat: true,
    matches: ["x"],
    refuses: [],
  },
  {
    name: "a keyword set to undefined is not set",
    schema: { minLength: undefined, type: "string" },
    matches: [""],
    refuses: [1],
  },
  {
    name: "a second $schema of the same dialect inside is accepted",
    schema: { $defs: { a: { $schema: "https://json-schema.org/draft/2020-12/schema" } } },
    matches: [1],
    refuses: [],
  },
  {
    name: "a $ref to a resource by its $id",
    schema: {
      $id: "https://example.com/root.json",
      $defs: { a: { $id: "a.json", type: "string" } },
      $ref: "a.json",
    },
    matches: ["x"],
    refuses: [1],
  },
  {
    name: "a $ref by pointer into a resource with its own $id",
    schema: {
      $id: "https://example.com/root.json",
      $defs: { a: { $id: "a.json", properties: { b: { type: "integer" } } } },
      $ref: "a.json#/properties/b",
    },
    matches: [1],
    refuses: ["1"],
  },
  {
    name: "a $ref to a plain-name $anchor",
    schema: { $defs: { a: { $anchor: "a-b.c_d", type: "string" } }, $ref: "#a-b.c_d" },
    matches: ["x"],
    refuses: [1],
  },
  {
    name: "a $ref into an array by index",
    schema: { prefixItems: [true, { type: "string" }], items: { $ref: "#/prefixItems/1" } },
    matches: [[1, "a", "b"]],
    refuses: [[1, "a", 2]],
  },
  {
    name: "a $ref into an array by a two-digit index",
    schema: {
      prefixItems: Array.from({ length: 11 }, (_, i) => i === 10 ? { type: "string" } : true),
      items: { $ref: "#/prefixItems/10" },
    },
    matches: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, "a", "b"]],
    refuses: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, "a", 1]],
  },
  {
    name: "a $ref into an annotation compiles it as a schema",
    schema: { default: { type: "string" }, $ref: "#/default" },
    matches: ["x"],
    refuses: [1],
  },
  {
    name: "a $ref into an array inside an annotation",
    schema: { $defs: { a: { examples: [{ type: "integer" }] } }, $ref: "#/$defs/a/examples/0" },
    matches: [1],
    refuses: ["1"],
  },
  {
    name: "a $ref through an escaped name",
    schema: {
      $defs: { "a/b": { type: "string" }, "c~d": { type: "integer" } },
      properties: { x: { $ref: "#/$defs/a~1b" }, y: { $ref: "#/$defs/c~0d" } },
    },
    matches: [{ x: "s", y: 1 }],
    refuses: [{ x: 1 }, { y: "s" }],
  },
  {
    name: "a $ref to a position not compiled on its own",
    schema: {
      $defs: { a: { properties: { b: { properties: { c: { type: "string" } } } } } },
      $ref: "#/$defs/a/properties/b/properties/c",
    },
    matches: ["x"],
    refuses: [1],
  },
  {
    name: "draft-07: $ref beside $id ignores the $id",
    schema: {
      $schema: D7,
      definitions: { a: { type: "string" } },
      properties: { p: { $id: "#/definitions/a", $ref: "#/definitions/a" } },
    },
    matches: [{ p: "x" }],
    refuses: [{ p: 1 }],
  },
];

Deno.test("what compiled schemas match and refuse", async (t) => {
  for (const row of MATCHES) {
    await t.step(row.name, () => {
      const form = compileJsonSchema(row.schema, { assertFormat: row.assertFormat });
      for (const v of row.matches) assert.equal(matchesForm(form, v), true, JSON.stringify(v));
      for (const v of row.refuses) assert.equal(matchesForm(form, v), false, JSON.stringify(v));
    });
  }
});

Deno.test("const and enum name their keyword when refused", async (t) => {
  const rows = [
    { name: "const", schema: { const: 1 }, keyword: "const" },
    { name: "enum of one", schema: { enum: [1] }, keyword: "enum" },
    { name: "enum then const", schema: { enum: [1, 2], const: 1 }, keyword: "const" },
    { name: "const then enum", schema: { const: 1, enum: [1, 2] }, keyword: "enum" },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const result = checkForm(compileJsonSchema(row.schema), 3);
      assert.deepEqual(result.issues.map((i) => i.keyword), [row.keyword]);
    });
  }
});

Deno.test("at most 100,000 subschemas, and the refusal says so once", () => {
  assert.equal(MAX_SCHEMA_NODES, 100_000);
  // The root and 99,999 subschemas compile.
  compileJsonSchema({ allOf: Array(MAX_SCHEMA_NODES - 1).fill(true) });
  assert.throws(
    () => compileJsonSchema({ allOf: Array(MAX_SCHEMA_NODES + 1).fill(true) }),
    (e: unknown) =>
      e instanceof Error &&
      e.message === "E070 SchemaError at /allOf/99999: the schema has more than 100000 subschemas",
  );
});

Deno.test("in-place references nest 256 deep, not 257", () => {
  assert.equal(MAX_REF_DEPTH, 256);
  /** A chain of `count` in-place `$ref`s ending in a string. */
  const chain = (count: number) => {
    const defs: Record<string, unknown> = {};
    for (let i = 1; i < count; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    defs[`d${count}`] = { type: "string" };
    return { $ref: "#/$defs/d1", $defs: defs };
  };
  assert.equal(matchesForm(compileJsonSchema(chain(MAX_REF_DEPTH)), "x"), true);
  assert.throws(
    () => compileJsonSchema(chain(MAX_REF_DEPTH + 1)),
    /references and in-place applicators nest deeper than 256 at /,
  );
});

Deno.test("enum beside const: the words name what both allow", async (t) => {
  const rows = [
    { name: "enum then const", schema: { enum: [1, 2, 3], const: 2 } },
    { name: "const then enum", schema: { const: 2, enum: [1, 2] } },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const verdict = checkDeclaration(compileJsonSchema(row.schema), 1);
      assert.deepEqual(verdict.mismatched, [{ pointer: "", expected: "exactly 2", found: "1" }]);
    });
  }
});
