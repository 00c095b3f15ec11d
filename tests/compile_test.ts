/**
 * The compile step: `compileGate(options)` refuses bad options (E050) and
 * bad declarations (E070) at once by throwing CallerError with a pointer,
 * and its gate, validate, readiness and stream answer exactly what the
 * one-shot calls answer with the same options. One-shot calls reuse the
 * compilation of a repeated declaration text.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileGate, gate, type GateOptions, readiness, validate } from "../mod.ts";
import { compileDeclaration } from "../engine/declarations/compile.ts";
import { CallerError } from "../engine/errors.ts";

const THROWS: readonly { name: string; options: GateOptions; code: string; pointer: string }[] = [
  {
    name: "an unknown profile",
    options: { profile: "loose" as never },
    code: "E050",
    pointer: "/profile",
  },
  { name: "max_depth out of range", options: { maxDepth: 0 }, code: "E050", pointer: "/maxDepth" },
  {
    name: "assert_format not a boolean",
    options: { assertFormat: "yes" as never },
    code: "E050",
    pointer: "/assertFormat",
  },
  {
    name: "a malformed declaration",
    options: { schema: "{!a:" },
    code: "E070",
    pointer: "/schema",
  },
  {
    name: "both declarations",
    options: { schema: "any", schemaJson: {} },
    code: "E070",
    pointer: "",
  },
  {
    name: "an unsupported keyword",
    options: { schemaJson: { properties: { a: { $dynamicRef: "#x" } } } },
    code: "E070",
    pointer: "/schemaJson/properties/a/$dynamicRef",
  },
];

Deno.test("compileGate throws CallerError at once for bad options and declarations", async (t) => {
  for (const row of THROWS) {
    await t.step(row.name, () => {
      assert.throws(
        () => compileGate(row.options),
        (e) => e instanceof CallerError && e.code === row.code && e.pointer === row.pointer,
      );
    });
  }
});

const SCHEMA_JSON = {
  type: "object",
  properties: {
    query: { type: "string", description: "what to search" },
    limit: { type: "integer", maximum: 50, default: 10 },
    when: { type: "string", format: "date" },
  },
  required: ["query"],
  additionalProperties: false,
};

const CASES: readonly { options: GateOptions; texts: string[] }[] = [
  {
    options: { schema: "{!query:string,limit:integer(maximum=50)}" },
    texts: ['{"query":"q","limit":3}', '{"query":"q","limit":"3"}', "{'query':'q'}", "", "nope"],
  },
  {
    options: { schemaJson: SCHEMA_JSON, profile: "execution" },
    texts: ['{"query":"q"}', '{"query":"q","extra":1}', '{"query":"q","when":"x"}', '{"query"'],
  },
  {
    options: { schemaJson: SCHEMA_JSON, assertFormat: true },
    texts: ['{"query":"q","when":"2024-02-30"}', '{"query":"q","when":"2024-02-29"}'],
  },
  { options: {}, texts: ["[1,2,]", '{"a":1}'] },
];

Deno.test("the compiled functions answer what the one-shot calls answer", async (t) => {
  for (const { options, texts } of CASES) {
    const compiled = compileGate(options);
    const declaration = {
      schema: options.schema,
      schemaJson: options.schemaJson,
      assertFormat: options.assertFormat,
    };
    for (const text of texts) {
      await t.step(`${JSON.stringify(options).slice(0, 60)} ${text}`, () => {
        assert.deepEqual(compiled.gate(text), gate(text, options));
        assert.deepEqual(compiled.validate(text), validate(text, declaration));
        assert.deepEqual(compiled.readiness(text), readiness(text, declaration));
        const stream = compiled.stream();
        for (const ch of text) stream.push(ch);
        assert.deepEqual(stream.end(), gate(text, options));
      });
    }
  }
});

Deno.test("format asserts only when asked", () => {
  const text = '{"query":"q","when":"not a date"}';
  assert.equal(compileGate({ schemaJson: SCHEMA_JSON }).gate(text).executable, true);
  const refused = compileGate({ schemaJson: SCHEMA_JSON, assertFormat: true }).gate(text);
  assert.equal(refused.executable, false);
  assert.match(
    refused.error!.message,
    /\/when must be a string in format date; got the string "not a date"/,
  );
});

Deno.test("one-shot calls reuse the compilation of a repeated declaration", () => {
  const a = compileDeclaration({ schemaJson: SCHEMA_JSON });
  const b = compileDeclaration({ schemaJson: structuredClone(SCHEMA_JSON) });
  assert.equal(a, b);
  assert.notEqual(a, compileDeclaration({ schemaJson: SCHEMA_JSON, assertFormat: true }));
  assert.equal(
    compileDeclaration({ schema: "[integer]" }),
    compileDeclaration({ schema: "[integer]" }),
  );
});

interface NamedCall {
  name: string;
  call: () => unknown;
  pointer: string;
  message: string;
}

// A host's mistake names the function the host called, compiled or not.
const NAMED_CALLS: readonly NamedCall[] = [
  {
    name: "compileGate names itself for an unknown option",
    call: () => compileGate({ shema: "x" } as GateOptions),
    pointer: "/shema",
    message: 'unknown option "shema" of compileGate()',
  },
  {
    name: "the compiled gate names gate()",
    call: () => compileGate().gate(1 as unknown as string),
    pointer: "/text",
    message: "the text of gate() must be a string",
  },
  {
    name: "the compiled validate names validate()",
    call: () => compileGate().validate(1 as unknown as string),
    pointer: "/text",
    message: "the text of validate() must be a string",
  },
  {
    name: "the compiled readiness names readiness()",
    call: () => compileGate().readiness(1 as unknown as string),
    pointer: "/text",
    message: "the text of readiness() must be a string",
  },
];

Deno.test("compiled calls name the call in their caller errors", async (t) => {
  for (const row of NAMED_CALLS) {
    await t.step(row.name, () => {
      assert.throws(row.call, (e: unknown) => {
        assert.ok(e instanceof CallerError);
        assert.equal(e.code, "E050");
        assert.equal(e.pointer, row.pointer);
        assert.ok(e.message.includes(row.message), e.message);
        return true;
      });
    });
  }
});

// The compilation cache, seen from outside: a hit returns the very same form.

Deno.test("the cache keeps the 64 newest declaration texts and drops the oldest first", () => {
  // 64 texts never compiled before fill the cache with exactly these 64.
  const texts = Array.from({ length: 65 }, (_, i) => `{!cache_eviction_${i}:string}`);
  const forms = texts.slice(0, 64).map((schema) => compileDeclaration({ schema }));
  assert.equal(compileDeclaration({ schema: texts[0] }), forms[0], "the oldest is still kept");
  assert.equal(compileDeclaration({ schema: texts[63] }), forms[63], "the newest is kept");
  compileDeclaration({ schema: texts[64] }); // the 65th pushes out the oldest
  assert.equal(compileDeclaration({ schema: texts[1] }), forms[1], "the second oldest stays");
  assert.notEqual(compileDeclaration({ schema: texts[0] }), forms[0], "the oldest was dropped");
});

Deno.test("a declaration text up to 65,535 characters is cached; a longer one compiles every time", async (t) => {
  // The cache key is one prefix character and the text; the key may be 65,536 long.
  const rows = [
    { name: "65,535 characters", length: 65_535, cached: true },
    { name: "65,536 characters", length: 65_536, cached: false },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const schema = "string" + " ".repeat(row.length - "string".length);
      assert.equal(schema.length, row.length);
      const first = compileDeclaration({ schema });
      assert.equal(compileDeclaration({ schema }) === first, row.cached);
    });
  }
});

Deno.test("the cache keeps language texts and JSON Schemas apart", () => {
  // `Jtrue` is the JSON Schema `true` spelled as its cache key; as a language text it is wrong.
  assert.equal(compileDeclaration({ schemaJson: true })?.source, "jsonschema");
  assert.throws(() => compileDeclaration({ schema: "Jtrue" }), /unknown type "Jtrue"/);
});

Deno.test("a cyclic JSON Schema that compiles is not cached and keeps assertFormat", () => {
  // JSON.stringify cannot make its cache key; `default` is an annotation, never walked.
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const schemaJson = { type: "string", format: "date", default: cyclic };
  const asserted = compileDeclaration({ schemaJson, assertFormat: true });
  assert.equal(asserted?.nodes[asserted.root].format, "date");
  assert.notEqual(compileDeclaration({ schemaJson, assertFormat: true }), asserted);
  const annotated = compileDeclaration({ schemaJson });
  assert.equal(annotated?.nodes[annotated.root].format, undefined);
});

interface DeclarationInputCase {
  name: string;
  input: Parameters<typeof compileDeclaration>[0];
  /** The compiled form's source, null for no declaration, or the CallerError thrown. */
  source?: "language" | "jsonschema" | null;
  error?: { pointer: string; message: string };
}

const DECLARATION_INPUTS: readonly DeclarationInputCase[] = [
  { name: "nothing given", input: {}, source: null },
  { name: "schema null means not given", input: { schema: null }, source: null },
  { name: "schemaJson null means not given", input: { schemaJson: null }, source: null },
  {
    name: "schema null beside a JSON Schema",
    input: { schema: null, schemaJson: { type: "string" } },
    source: "jsonschema",
  },
  {
    name: "schemaJson null beside a language text",
    input: { schema: "string", schemaJson: null },
    source: "language",
  },
  {
    name: "both given",
    input: { schema: "string", schemaJson: { type: "string" } },
    error: { pointer: "", message: "give either schema or schema_json, not both" },
  },
  {
    name: "schema not a string",
    input: { schema: 5 as unknown as string },
    error: { pointer: "/schema", message: "schema must be a string, found number" },
  },
];

Deno.test("compileDeclaration reads schema and schemaJson, null meaning not given", async (t) => {
  for (const row of DECLARATION_INPUTS) {
    await t.step(row.name, () => {
      if (row.error === undefined) {
        const form = compileDeclaration(row.input);
        assert.equal(form === null ? null : form.source, row.source);
        return;
      }
      assert.throws(() => compileDeclaration(row.input), (e: unknown) => {
        assert.ok(e instanceof CallerError);
        assert.equal(e.code, "E070");
        assert.equal(e.pointer, row.error!.pointer);
        assert.ok(e.message.includes(row.error!.message), e.message);
        return true;
      });
    });
  }
});
