/**
 * One-shot calls that pass the same JSON Schema object again: the compiled
 * declaration is kept by the object's identity (`declarations/compile.ts`),
 * and a walk on every call finds the object as it was, or compiles it again.
 * The specification: a schema object changed between calls (at any depth, a
 * key added or removed, an array grown, shrunk or changed, a value replaced
 * by another of the same shape) is judged as it is now; an unchanged one
 * gets the very same compilation; the caller's object is never frozen nor
 * changed; schemas that cannot be kept (not plain data, too large, cyclic)
 * are still judged as they are on every call.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate } from "../mod.ts";
import { compileDeclaration } from "../engine/declarations/compile.ts";

/** The keywords of one schema. */
type Keywords = Record<string, unknown>;
/** The ~100-byte call's schema, typed for the changes the tests make. */
interface WeatherSchema {
  type: string;
  properties: Record<string, Keywords> & { sort: Keywords & { enum: string[] } };
  required: string[];
  additionalProperties?: boolean;
}

/** A fresh copy of the ~100-byte call's schema (each test changes its own). */
function weatherSchema(): WeatherSchema {
  return {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1 },
      limit: { type: "integer", minimum: 1, maximum: 50 },
      sort: { enum: ["asc", "desc"] },
      safe: { type: "boolean" },
      tags: { type: "array", items: { type: "string" }, maxItems: 8 },
    },
    required: ["query", "limit"],
    additionalProperties: false,
  };
}

/** Whether the one-shot gate executes `text` against `schema` as it is now. */
function executes(text: string, schema: unknown, assertFormat = false): boolean {
  return gate(text, { schemaJson: schema, assertFormat }).executable;
}

Deno.test("a schema object changed between one-shot calls is judged as it is now", async (t) => {
  const rows: {
    name: string;
    text: string;
    change: (schema: WeatherSchema) => void;
    before: boolean;
  }[] = [
    {
      name: "a bound changed deep inside",
      text: '{"query":"q","limit":10}',
      change: (s) => s.properties.limit.maximum = 5,
      before: true,
    },
    {
      name: "a type replaced by another (same shape, another value)",
      text: '{"query":"q","limit":10}',
      change: (s) => s.properties.limit.type = "string",
      before: true,
    },
    {
      name: "a key added deep inside",
      text: '{"query":"q","limit":10}',
      change: (s) => s.properties.limit.multipleOf = 3,
      before: true,
    },
    {
      name: "a key removed deep inside",
      text: '{"query":"","limit":10}',
      change: (s) => delete s.properties.query.minLength,
      before: false,
    },
    {
      name: "a declared member added at the top",
      text: '{"query":"q","limit":10,"unit":"C"}',
      change: (s) => s.properties.unit = { type: "string" },
      before: false,
    },
    {
      name: "a keyword removed at the top",
      text: '{"query":"q","limit":10,"unit":"C"}',
      change: (s) => delete s.additionalProperties,
      before: false,
    },
    {
      name: "an enum grown",
      text: '{"query":"q","limit":10,"sort":"none"}',
      change: (s) => s.properties.sort.enum.push("none"),
      before: false,
    },
    {
      name: "an enum shrunk",
      text: '{"query":"q","limit":10,"sort":"desc"}',
      change: (s) => s.properties.sort.enum.pop(),
      before: true,
    },
    {
      name: "an enum item replaced (same length)",
      text: '{"query":"q","limit":10,"sort":"desc"}',
      change: (s) => s.properties.sort.enum[1] = "descending",
      before: true,
    },
    {
      name: "a required list grown",
      text: '{"query":"q","limit":10}',
      change: (s) => s.required.push("safe"),
      before: true,
    },
    {
      name: "a required list emptied by its length",
      text: '{"query":"q"}',
      change: (s) => s.required.length = 0,
      before: false,
    },
    {
      name: "a nested schema replaced by another object",
      text: '{"query":"q","limit":10,"tags":[1]}',
      change: (s) => s.properties.tags = { type: "array" },
      before: false,
    },
    {
      name: "a number replaced by the same number as a string",
      text: '{"query":"q","limit":10}',
      change: (s) => s.properties.limit.maximum = "5",
      before: true,
    },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const schema = weatherSchema();
      // Called twice: the second call is answered by the object's identity.
      assert.strictEqual(executes(row.text, schema), row.before);
      assert.strictEqual(executes(row.text, schema), row.before);
      let after: boolean | Error;
      try {
        row.change(schema);
        after = executes(row.text, schema);
      } catch (e) {
        after = e as Error;
      }
      // The changed object is judged exactly as a fresh copy of it is.
      let fresh: boolean | Error;
      try {
        fresh = executes(row.text, structuredClone(schema));
      } catch (e) {
        fresh = e as Error;
      }
      if (after instanceof Error || fresh instanceof Error) {
        assert.ok(after instanceof Error && fresh instanceof Error, `${after} / ${fresh}`);
        assert.strictEqual((after as { code?: string }).code, (fresh as { code?: string }).code);
      } else {
        assert.strictEqual(after, fresh);
        assert.notStrictEqual(after, row.before, "the change must turn the verdict");
      }
    });
  }
});

Deno.test("an unchanged schema object gets the very same compilation, per pair of options", () => {
  const schema = weatherSchema();
  const first = compileDeclaration({ schemaJson: schema });
  assert.strictEqual(compileDeclaration({ schemaJson: schema }), first);
  const withFormat = compileDeclaration({ schemaJson: schema, assertFormat: true });
  assert.notStrictEqual(withFormat, first);
  assert.strictEqual(compileDeclaration({ schemaJson: schema, assertFormat: true }), withFormat);
  assert.strictEqual(compileDeclaration({ schemaJson: schema }), first);
  schema.properties.limit.maximum = 5;
  const changed = compileDeclaration({ schemaJson: schema });
  assert.notStrictEqual(changed, first);
  assert.strictEqual(compileDeclaration({ schemaJson: schema }), changed);
  // Changed back: the text cache knows it again.
  schema.properties.limit.maximum = 50;
  assert.strictEqual(compileDeclaration({ schemaJson: schema }), first);
});

Deno.test("a key moved to another place in its object counts as a change", () => {
  const schema = weatherSchema();
  const first = compileDeclaration({ schemaJson: schema });
  const { query } = schema.properties;
  delete schema.properties.query;
  schema.properties.query = query;
  const moved = compileDeclaration({ schemaJson: schema });
  assert.notStrictEqual(moved, first);
  assert.strictEqual(executes('{"query":"q","limit":10}', schema), true);
});

Deno.test("minus zero, NaN and undefined are values a change can turn", async (t) => {
  const rows: { name: string; from: unknown; to: unknown }[] = [
    { name: "0 to -0", from: 0, to: -0 },
    { name: "undefined to null", from: undefined, to: null },
    { name: "NaN to 1", from: NaN, to: 1 },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const schema: Record<string, unknown> = { type: "object", "x-note": row.from };
      const first = compileDeclaration({ schemaJson: schema });
      assert.strictEqual(compileDeclaration({ schemaJson: schema }), first);
      schema["x-note"] = row.to;
      // Whatever the text cache says, the object is compiled through it again.
      const again = compileDeclaration({ schemaJson: schema });
      assert.strictEqual(compileDeclaration({ schemaJson: schema }), again);
    });
  }
});

Deno.test("the caller's schema object is never frozen nor changed", () => {
  const schema = weatherSchema();
  const before = structuredClone(schema);
  for (let k = 0; k < 3; k++) executes('{"query":"q","limit":10}', schema);
  compileDeclaration({ schemaJson: schema, strictKeywords: true, assertFormat: true });
  assert.deepStrictEqual(schema, before);
  const objects: object[] = [schema];
  for (let k = 0; k < objects.length; k++) {
    assert.strictEqual(Object.isFrozen(objects[k]), false);
    assert.strictEqual(Object.isSealed(objects[k]), false);
    assert.strictEqual(Object.isExtensible(objects[k]), true);
    for (const value of Object.values(objects[k])) {
      if (value !== null && typeof value === "object") objects.push(value);
    }
  }
});

Deno.test("schemas that cannot be kept by identity are judged as they are on every call", async (t) => {
  await t.step("a schema larger than a snapshot holds", () => {
    const values = Array.from({ length: 70_000 }, (_, k) => `v${k}`);
    const schema = { type: "object", properties: { v: { enum: values } } };
    assert.strictEqual(executes('{"v":"v69999"}', schema), true);
    values.pop();
    assert.strictEqual(executes('{"v":"v69999"}', schema), false);
  });
  await t.step("an object that is not plain data", () => {
    class Schema {
      type = "object";
      properties = { n: { type: "integer", maximum: 3 } };
    }
    const schema = new Schema();
    assert.strictEqual(executes('{"n":3}', schema), true);
    assert.strictEqual(executes('{"n":3}', schema), true);
    schema.properties.n.maximum = 2;
    assert.strictEqual(executes('{"n":3}', schema), false);
  });
  await t.step("a schema with a null prototype", () => {
    const schema = Object.assign(Object.create(null), { type: "integer", maximum: 3 });
    assert.strictEqual(executes("3", schema), true);
    assert.strictEqual(executes("3", schema), true);
    schema.maximum = 2;
    assert.strictEqual(executes("3", schema), false);
  });
  await t.step("a cyclic schema is refused (its snapshot gives up)", () => {
    const schema: Record<string, unknown> = { type: "object" };
    schema.properties = { self: schema };
    assert.throws(() => executes("{}", schema), { name: "CallerError", code: "E070" });
  });
  await t.step("a schema refused, then repaired in place", () => {
    const schema: Record<string, unknown> = { type: "object", properties: { a: { type: 1n } } };
    for (let k = 0; k < 2; k++) {
      assert.throws(() => executes('{"a":1}', schema), { name: "CallerError", code: "E070" });
    }
    schema.properties = { a: { type: "integer" } };
    assert.strictEqual(executes('{"a":1}', schema), true);
    assert.strictEqual(executes('{"a":"1"}', schema), false);
  });
  await t.step("a hole made in an array a schema holds", () => {
    const schema = { enum: ["a", "b", "c"] };
    assert.strictEqual(executes('"c"', schema), true);
    delete (schema.enum as (string | undefined)[])[1];
    assert.throws(() => executes('"c"', schema), { name: "CallerError", code: "E070" });
  });
});

Deno.test("one schema object shared by many calls and options stays right after each change", () => {
  const schema = weatherSchema();
  schema.properties.query.format = "email";
  const text = '{"query":"not an email","limit":10}';
  for (let round = 0; round < 3; round++) {
    assert.strictEqual(executes(text, schema, false), true);
    assert.strictEqual(executes(text, schema, true), false);
  }
  delete schema.properties.query.format;
  assert.strictEqual(executes(text, schema, true), true);
  assert.strictEqual(executes(text, schema, false), true);
});

Deno.test("a compilation kept for a schema's text does not change when the object it came from does", async (t) => {
  const rows: { name: string; change: (values: string[]) => void }[] = [
    { name: "a value pushed onto the enum compiled", change: (values) => values.push("c") },
    { name: "a value of the enum compiled replaced", change: (values) => values[1] = "x" },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const first = { enum: ["a", "b"], "x-case": row.name };
      assert.strictEqual(executes('"a"', first), true);
      row.change(first.enum);
      // Another object with the text the first one had: the kept compilation answers, in its
      // own words.
      const result = gate('"z"', { schemaJson: { enum: ["a", "b"], "x-case": row.name } });
      assert.strictEqual(result.executable, false);
      assert.match(result.retry!.prompt, /must be one of "a", "b"; got the string "z"/);
    });
  }
});

Deno.test("a schema declaring a __proto__ member (as JSON.parse makes it) keeps it", () => {
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"integer"}},"x-case":"proto"}',
  );
  for (let k = 0; k < 2; k++) {
    assert.strictEqual(executes('{"__proto__":1}', schema), true);
    assert.strictEqual(gate('{"__proto__":"x"}', { schemaJson: schema }).error?.code, "E030");
  }
});
