/**
 * `engine/declarations/jsonschema.ts`: what compiled schemas match where the
 * compiler decides beyond one keyword (a keyword set to `undefined`, a second
 * `$schema`), `const`/`enum` naming their keyword, and the bounds (100,000
 * subschemas, 256 nested in-place references). The rows of one keyword
 * (draft-04 boolean bounds, `then`/`else` without `if`, `additionalItems`,
 * `dependencies`, `enum` beside `const`, `format` only when asked,
 * references by `$id`, `$anchor` and pointer) are in its table in
 * `tests/keywords/`. Fast and deterministic, for `deno task mutate
 * engine/declarations/jsonschema.ts`.
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

interface MatchCase {
  name: string;
  schema: unknown;
  assertFormat?: boolean;
  matches: unknown[];
  refuses: unknown[];
}

const MATCHES: readonly MatchCase[] = [
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
