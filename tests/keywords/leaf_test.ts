/**
 * Leaf tests (`engine/declarations/keywords/leaf.ts`): a scalar's compiled
 * check described as data, which an object's and an array's compiled check
 * run inline. Each described closure and its test answer alike on every
 * value and record the same in `INTEGERS`; an object or array holding such
 * leaves answers what the interpreter answers (a form collecting
 * annotations is never compiled), on a table and on generated schemas and
 * values.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compiledCheck, matchesForm } from "../../engine/declarations/check.ts";
import type { Form } from "../../engine/declarations/form.ts";
import { compileJsonSchema } from "../../engine/declarations/jsonschema.ts";
import {
  LEAF_BOOLEAN,
  LEAF_BOUNDED,
  LEAF_INTEGER,
  LEAF_NUMBER,
  LEAF_STRING,
  LEAF_STRING_ENUM,
  LEAF_STRING_LENGTH,
  leafTestOf,
  passesLeafTest,
} from "../../engine/declarations/keywords/leaf.ts";
import { INTEGERS } from "../../engine/declarations/keywords/numeric_bounds.ts";

/** The interpreter's answer: a form that collects annotations is never compiled. */
function interpreted(form: Form, value: unknown): boolean {
  return matchesForm({ ...form, annotations: true }, value);
}

/** Values of every JSON type, at the edges the leaf tests read. */
const VALUES: readonly unknown[] = [
  "",
  "a",
  "ab",
  "abc",
  "abcd",
  "asc",
  "desc",
  "1",
  "\u{1F600}",
  "\u{1F600}\u{1F600}",
  "a\u{1F600}b",
  "\uD800",
  0,
  -0,
  1,
  -1,
  1.5,
  0.5,
  49,
  50,
  51,
  2 ** 50 - 1,
  2 ** 50,
  -(2 ** 50),
  2 ** 53,
  1e300,
  true,
  false,
  null,
  [],
  ["a"],
  {},
  { a: 1 },
];

/** A leaf schema and the kind of test its compiled check is described by. */
interface LeafRow {
  name: string;
  schema: Record<string, unknown>;
  kind: number;
}

const LEAVES: readonly LeafRow[] = [
  { name: "a string", schema: { type: "string" }, kind: LEAF_STRING },
  { name: "a boolean", schema: { type: "boolean" }, kind: LEAF_BOOLEAN },
  { name: "a number", schema: { type: "number" }, kind: LEAF_NUMBER },
  { name: "an integer", schema: { type: "integer" }, kind: LEAF_INTEGER },
  {
    name: "a string of 2 to 3 characters",
    schema: { type: "string", minLength: 2, maxLength: 3 },
    kind: LEAF_STRING_LENGTH,
  },
  {
    name: "a string of at most 1 character (code points, not units)",
    schema: { type: "string", maxLength: 1 },
    kind: LEAF_STRING_LENGTH,
  },
  {
    name: "a string of at least 2 characters",
    schema: { type: "string", minLength: 2 },
    kind: LEAF_STRING_LENGTH,
  },
  {
    name: "an integer from 1 to 50",
    schema: { type: "integer", minimum: 1, maximum: 50 },
    kind: LEAF_BOUNDED,
  },
  {
    name: "a number between 0 and 1, both excluded",
    schema: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
    kind: LEAF_BOUNDED,
  },
  {
    name: "a number of at least 0.5",
    schema: { type: "number", minimum: 0.5 },
    kind: LEAF_BOUNDED,
  },
  {
    name: "an integer of at most 2^50 (a large whole is recorded)",
    schema: { type: "integer", maximum: 2 ** 50 },
    kind: LEAF_BOUNDED,
  },
  {
    name: "an integer beside a string keyword (no bound)",
    schema: { type: "integer", maxLength: 3 },
    kind: LEAF_BOUNDED,
  },
  { name: "an enum of strings", schema: { enum: ["asc", "desc"] }, kind: LEAF_STRING_ENUM },
  {
    name: "an enum of strings beside their type",
    schema: { type: "string", enum: ["asc", "desc", "a"] },
    kind: LEAF_STRING_ENUM,
  },
  { name: "a string const", schema: { const: "a" }, kind: LEAF_STRING_ENUM },
];

/** Leaf schemas whose compiled check is not described: they stay calls. */
const NOT_LEAVES: readonly { name: string; schema: Record<string, unknown> }[] = [
  { name: "an enum of a string and a number", schema: { enum: ["asc", 1] } },
  {
    name: "an enum of strings on a type without strings",
    schema: { type: "integer", enum: ["1"] },
  },
  { name: "an enum of strings beside a string keyword", schema: { enum: ["asc"], maxLength: 9 } },
  {
    name: "an enum of strings beside a number bound (flagged)",
    schema: { enum: ["a"], maximum: 3 },
  },
  { name: "a pattern", schema: { type: "string", pattern: "^a" } },
  { name: "a multiple", schema: { type: "integer", multipleOf: 3 } },
  { name: "two types", schema: { type: ["string", "integer"] } },
  { name: "no type", schema: { maxLength: 2 } },
  { name: "a string with a numeric bound (flagged)", schema: { type: "string", minimum: 1 } },
];

/** Runs `f` with the records cleared, and answers its result and the records after it. */
function recorded(f: () => boolean): [boolean, boolean, boolean] {
  INTEGERS.large = false;
  INTEGERS.nearBound = false;
  const ok = f();
  return [ok, INTEGERS.large, INTEGERS.nearBound];
}

Deno.test("a described leaf's closure and its test answer and record alike", async (t) => {
  for (const row of LEAVES) {
    await t.step(row.name, () => {
      const form = compileJsonSchema(row.schema);
      const closure = compiledCheck(form)!;
      const test = leafTestOf(closure);
      assert.equal(test?.kind, row.kind, "the closure is described");
      for (const v of VALUES) {
        const shown = JSON.stringify(v);
        const byClosure = recorded(() => closure(v));
        assert.deepEqual(recorded(() => passesLeafTest(test!, v)), byClosure, shown);
        assert.equal(byClosure[0], interpreted(form, v), `interpreter on ${shown}`);
      }
    });
  }
});

Deno.test("other leaves are not described: their checks are called", async (t) => {
  for (const row of NOT_LEAVES) {
    await t.step(row.name, () => {
      assert.equal(leafTestOf(compiledCheck(compileJsonSchema(row.schema))), undefined);
    });
  }
  await t.step("no check at all", () => {
    assert.equal(leafTestOf(null), undefined);
    assert.equal(leafTestOf(undefined), undefined);
  });
});

Deno.test("a leaf as a member and as every item answers what the interpreter answers", async (t) => {
  for (const row of [...LEAVES, ...NOT_LEAVES]) {
    await t.step(row.name, () => {
      const leaf = compiledCheck(compileJsonSchema(row.schema))!;
      const shapes = [
        { type: "object", properties: { m: row.schema }, required: ["m"] },
        { type: "object", properties: { m: row.schema }, additionalProperties: false },
        { type: "object", properties: { a: { type: "string" }, m: row.schema } },
        { type: "array", items: row.schema },
      ];
      for (const schema of shapes) {
        const form = compileJsonSchema(schema);
        const check = compiledCheck(form)!;
        for (const v of VALUES) {
          const values = schema.type === "array"
            ? [[v], [v, v], ["x", v]]
            : [{ m: v }, { a: "x", m: v }];
          for (const value of values) {
            const shown = `${JSON.stringify(schema)} on ${JSON.stringify(value)}`;
            const got = recorded(() => check(value));
            assert.equal(got[0], interpreted(form, value), shown);
            if (!got[0]) continue;
            // A passing value records what the leaf's own closure records on its scalars.
            const scalars = Array.isArray(value) ? value : Object.values(value as object);
            const members = schema.type === "array" ? scalars : [(value as { m: unknown }).m];
            let large = false, nearBound = false;
            for (const s of members) {
              const [, l, n] = recorded(() => leaf(s));
              large ||= l;
              nearBound ||= n;
            }
            assert.deepEqual(got, [true, large, nearBound], `records of ${shown}`);
          }
        }
      }
    });
  }
});

/** A small seeded generator (mulberry32): the same cases on every run. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test("generated objects of leaves: the compiled check answers what the interpreter answers", () => {
  const random = generator(23);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const pool = [...LEAVES, ...NOT_LEAVES].map((row) => row.schema);
  const names = ["a", "b", "c", "d"];
  let passed = 0, failed = 0;
  for (let round = 0; round < 300; round++) {
    const properties: Record<string, unknown> = {};
    const declared = names.slice(0, 1 + Math.floor(random() * names.length));
    for (const name of declared) properties[name] = pick(pool);
    const required = declared.filter(() => random() < 0.5);
    const schema: Record<string, unknown> = { type: "object", properties, required };
    const extra = random();
    if (extra < 0.3) schema.additionalProperties = false;
    else if (extra < 0.5) schema.additionalProperties = pick(pool);
    const form = compileJsonSchema(schema);
    const check = compiledCheck(form)!;
    for (let k = 0; k < 20; k++) {
      const value: Record<string, unknown> = {};
      for (const name of [...names, "e"]) {
        if (random() < 0.6) value[name] = pick(VALUES);
      }
      const got = check(value);
      assert.equal(
        got,
        interpreted(form, value),
        `${JSON.stringify(schema)} on ${JSON.stringify(value)}`,
      );
      if (got) passed++;
      else failed++;
    }
  }
  // The generated cases reach both answers.
  assert.ok(passed > 300 && failed > 300, `${passed} passed, ${failed} failed`);
});
