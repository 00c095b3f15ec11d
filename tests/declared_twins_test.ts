/**
 * Issue 21, class 6: keys that impersonate a declared key. A key that is not
 * declared where it stands but equals a key declared there under control or
 * invisible characters removed, a NUL cut, NFKC, case folding or a confusable
 * skeleton makes the value semantically ambiguous (E011), whether or not the
 * declaration admits other members, under every profile; keys declared
 * elsewhere, or twins of nothing, stay extra members.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileJsonSchema } from "../engine/declarations/jsonschema.ts";
import { parseLanguage } from "../engine/declarations/language.ts";
import { declaredKeyTwins, TwinIndex } from "../engine/declarations/twins.ts";
import { gate } from "../engine/gate.ts";
import { compileGate } from "../engine/compile.ts";
import { JsonStream } from "../engine/stream.ts";
import { PROFILE_NAMES } from "../engine/profiles.ts";

/** A key and the declared key it twins (or null: no twin). */
const INDEX_ROWS: readonly { key: string; declared: string | null; kind?: string }[] = [
  { key: "Mode", declared: "mode", kind: "case" },
  { key: "MODE", declared: "mode", kind: "case" },
  { key: "mOdE", declared: "mode", kind: "case" },
  { key: "PATH", declared: "path", kind: "case" },
  { key: "STRASSE", declared: "straße", kind: "case" },
  { key: "\u017Fize", declared: "size", kind: "normalization" }, // long s (NFKC: s)
  { key: "\u0130d", declared: "id", kind: "case" }, // İ
  { key: "\u212Aey", declared: "key", kind: "case" }, // KELVIN SIGN (NFKC: K, then folded)
  { key: "mode\u0001", declared: "mode", kind: "control" },
  { key: "\u0000mode", declared: "mode", kind: "control" },
  { key: "mo\u007Fde", declared: "mode", kind: "control" },
  { key: "mode\u0085", declared: "mode", kind: "control" },
  { key: "mo\u200Bde", declared: "mode", kind: "control" }, // zero-width space
  { key: "mode\u00AD", declared: "mode", kind: "control" }, // soft hyphen
  { key: "\uFEFFmode", declared: "mode", kind: "control" },
  { key: "mode\u200D", declared: "mode", kind: "control" },
  { key: "mode\u{E0041}", declared: "mode", kind: "control" }, // tag character
  { key: "mode\u202E", declared: "mode", kind: "control" }, // bidi control
  { key: "mode\u0000rm", declared: "mode", kind: "nul" },
  { key: "\uFF4D\uFF4F\uFF44\uFF45", declared: "mode", kind: "normalization" }, // fullwidth
  { key: "\uFB01le", declared: "file", kind: "normalization" }, // ligature
  { key: "cafe\u0301", declared: "caf\u00E9", kind: "normalization" },
  { key: "MO\u200BDE", declared: "mode", kind: "case" },
  { key: "m\u043Ede", declared: "mode", kind: "confusable" }, // Cyrillic о
  { key: "\u0440ath", declared: "path", kind: "confusable" }, // Cyrillic р
  { key: "r\u043El\u0435", declared: "role", kind: "confusable" },
  { key: "\u0421MD", declared: "cmd", kind: "confusable" }, // Cyrillic С, upper case
  // Not twins.
  { key: "mode", declared: null },
  { key: "modes", declared: null },
  { key: "mod", declared: null },
  { key: "rnode", declared: null }, // ASCII confusables are distinct characters as written
  { key: "m0de", declared: null },
  { key: "other", declared: null },
  { key: "", declared: null },
];

Deno.test("TwinIndex: a key and the declared key a lenient reader takes it for", async (t) => {
  const index = new TwinIndex([
    "mode",
    "path",
    "straße",
    "size",
    "id",
    "key",
    "file",
    "café",
    "role",
    "cmd",
  ]);
  for (const row of INDEX_ROWS) {
    await t.step(`${JSON.stringify(row.key)} → ${row.declared}`, () => {
      const match = index.match(row.key);
      if (row.declared === null) assert.equal(match, null);
      else assert.deepEqual(match, { declared: row.declared, kind: row.kind });
    });
  }
});

interface Row {
  name: string;
  schema: unknown;
  value: unknown;
  /** `pointer declared kind` of every twin, in order. */
  twins: string[];
  /** Keys of one object twin each other: the scanner refuses the value (E011) on its own. */
  withinObject?: true;
}

const OPEN = { type: "object", properties: { mode: { enum: ["safe", "fast"] } } };
const CLOSED = { ...OPEN, additionalProperties: false };

const ROWS: readonly Row[] = [
  {
    name: "case twin, extra members allowed",
    schema: OPEN,
    value: { Mode: "force" },
    twins: ["/Mode mode case"],
  },
  {
    name: "case twin, extra members refused",
    schema: CLOSED,
    value: { Mode: "force" },
    twins: ["/Mode mode case"],
  },
  {
    name: "case twin beside the declared key",
    schema: OPEN,
    value: { mode: "safe", MODE: "force" },
    twins: ["/MODE mode case"],
    withinObject: true,
  },
  {
    name: "a control character",
    schema: OPEN,
    value: { "mode\u0001": "x" },
    twins: ["/mode\u0001 mode control"],
  },
  {
    name: "a NUL cut",
    schema: OPEN,
    value: { "mode\u0000x": "x" },
    twins: ["/mode\u0000x mode nul"],
  },
  {
    name: "a required name",
    schema: { required: ["path"] },
    value: { path: "a", Path: "b" },
    twins: ["/Path path case"],
    withinObject: true,
  },
  {
    name: "a dependentRequired name",
    schema: { dependentRequired: { a: ["b"] } },
    value: { B: 1 },
    twins: ["/B b case"],
  },
  {
    name: "nested object",
    schema: { properties: { opts: { properties: { force: { const: false } } } } },
    value: { opts: { Force: true } },
    twins: ["/opts/Force force case"],
  },
  {
    name: "array items",
    schema: { type: "array", items: { properties: { id: { type: "integer" } } } },
    value: [{ id: 1 }, { ID: "x" }],
    twins: ["/1/ID id case"],
  },
  {
    name: "prefixItems",
    schema: { prefixItems: [{ properties: { a: {} } }, { properties: { b: {} } }] },
    value: [{ A: 1 }, { A: 1, B: 2 }],
    twins: ["/0/A a case", "/1/B b case"],
  },
  {
    name: "through $ref",
    schema: { $defs: { o: { properties: { cmd: {} } } }, $ref: "#/$defs/o" },
    value: { CMD: "rm" },
    twins: ["/CMD cmd case"],
  },
  {
    name: "through allOf",
    schema: { allOf: [{ properties: { a: {} } }, { properties: { b: {} } }] },
    value: { A: 1, B: 2 },
    twins: ["/A a case", "/B b case"],
  },
  {
    name: "through anyOf branches",
    schema: { anyOf: [{ properties: { a: {} } }, { properties: { b: {} } }] },
    value: { B: 1 },
    twins: ["/B b case"],
  },
  {
    name: "additionalProperties' schema declares below",
    schema: { additionalProperties: { properties: { on: { type: "boolean" } } } },
    value: { x: { ON: "yes" } },
    twins: ["/x/ON on case"],
  },
  {
    name: "a recursive schema",
    schema: {
      $defs: { t: { properties: { name: {}, kids: { items: { $ref: "#/$defs/t" } } } } },
      $ref: "#/$defs/t",
    },
    value: { name: "a", kids: [{ name: "b", kids: [{ NAME: "c" }] }] },
    twins: ["/kids/0/kids/0/NAME name case"],
  },
  {
    name: "two twins in document order",
    schema: { properties: { a: {}, b: {} } },
    value: { B: 1, x: 2, A: 3 },
    twins: ["/B b case", "/A a case"],
  },
  // Not twins.
  { name: "the declared key itself", schema: OPEN, value: { mode: "safe" }, twins: [] },
  {
    name: "an unrelated extra member",
    schema: OPEN,
    value: { mode: "safe", verbose: true },
    twins: [],
  },
  {
    name: "a key declared at another position (env var PATH beside a declared path)",
    schema: { properties: { path: {}, env: { additionalProperties: { type: "string" } } } },
    value: { path: "/tmp", env: { PATH: "/bin" } },
    twins: [],
  },
  {
    name: "a key declared only below",
    schema: { properties: { opts: { properties: { mode: {} } } } },
    value: { MODE: 1, opts: {} },
    twins: [],
  },
  {
    name: "both case variants declared",
    schema: { properties: { mode: {}, Mode: {} } },
    value: { Mode: 1, mode: 2 },
    twins: [],
    withinObject: true,
  },
  { name: "no declared members at all", schema: { type: "object" }, value: { Mode: 1 }, twins: [] },
  {
    name: "a key a not names (its reading decides the negation)",
    schema: { not: { properties: { mode: { const: 1 } }, required: ["mode"] } },
    value: { Mode: 1 },
    twins: ["/Mode mode case"],
  },
  { name: "a scalar value", schema: OPEN, value: "Mode", twins: [] },
];

function twinsOf(schema: unknown, value: unknown): string[] {
  return declaredKeyTwins(compileJsonSchema(schema), value).map((t) =>
    `${t.pointer} ${t.declared} ${t.kind}`
  );
}

Deno.test("declaredKeyTwins: the keys that impersonate a key declared at their position", async (t) => {
  for (const row of ROWS) {
    await t.step(row.name, () => assert.deepEqual(twinsOf(row.schema, row.value), row.twins));
  }
});

Deno.test("the gate refuses a declared-key twin as semantic ambiguity, under every profile", async (t) => {
  for (const row of ROWS) {
    const text = JSON.stringify(row.value);
    for (const profile of PROFILE_NAMES) {
      await t.step(`${row.name} (${profile})`, () => {
        const result = gate(text, { schemaJson: row.schema, profile });
        const compiled = compileGate({ schemaJson: row.schema, profile }).gate(text);
        const stream = new JsonStream({ schemaJson: row.schema, profile });
        stream.push(text);
        const streamed = stream.end();
        for (const r of [result, compiled, streamed]) {
          if (row.twins.length === 0 && !row.withinObject) {
            assert.notEqual(r.error?.code, "E011", r.error?.message);
            continue;
          }
          assert.equal(r.executable, false);
          assert.equal(r.decision, "ambiguous");
          assert.equal(r.ambiguity, "semantic");
          assert.equal(r.error?.code, "E011");
          if (row.withinObject) continue;
          assert.match(r.error!.message, /lenient readers take it for the declared key/);
        }
      });
    }
  }
});

Deno.test("the E011 for a twin points at its key and names both keys", () => {
  const text = 'Args: {"path": "/tmp", "Mode": "force"}';
  const result = gate(text, { schema: '{!path:string,mode:"safe"|"fast"}' });
  assert.equal(result.error?.offset, text.indexOf('"Mode"'));
  assert.equal(
    result.error?.message,
    'E011 AmbiguityRefused at 1:24 (offset 23): the key "Mode" at /Mode is not declared, and lenient readers take it for the declared key "mode" (the same but for letter case): ambiguity semantic is never executable',
  );
});

Deno.test("declaredKeyTwins: the declaration language too", () => {
  const form = parseLanguage("{!query:string,limit:integer}");
  assert.deepEqual(declaredKeyTwins(form, { query: "q", Limit: "all" }), [
    { pointer: "/Limit", key: "Limit", declared: "limit", kind: "case" },
  ]);
});

Deno.test("the compiled gate and the one-shot gate agree when a failing branch declares the twin", async (t) => {
  const rows = [
    {
      name: "anyOf: the declaring branch fails before the twin, another passes",
      schema: { anyOf: [{ properties: { a: { type: "integer" }, mode: { const: "safe" } } }, {}] },
      text: '{"a":"x","Mode":"force"}',
    },
    {
      name: "oneOf",
      schema: { oneOf: [{ properties: { a: { type: "integer" }, mode: {} } }, { type: "object" }] },
      text: '{"a":"x","MODE":1}',
    },
    {
      name: "if without then",
      schema: { if: { properties: { a: { type: "integer" }, mode: {} } } },
      text: '{"a":"x","Mode":1}',
    },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const once = gate(row.text, { schemaJson: row.schema });
      const compiled = compileGate({ schemaJson: row.schema }).gate(row.text);
      assert.equal(once.error?.code, "E011");
      assert.equal(compiled.error?.code, "E011");
      assert.equal(compiled.error?.message, once.error?.message);
    });
  }
});

Deno.test("a compiled gate finds a twin whichever object shape holds it", async (t) => {
  const rows: readonly { name: string; schema: unknown }[] = [
    { name: "open object (memberwise)", schema: { properties: { mode: {} } } },
    { name: "closed object", schema: { properties: { mode: {} }, additionalProperties: false } },
    {
      name: "additionalProperties schema",
      schema: { properties: { mode: {} }, additionalProperties: { type: "string" } },
    },
    {
      name: "patternProperties",
      schema: { properties: { mode: {} }, patternProperties: { "^x": {} } },
    },
    { name: "an inherited name declared", schema: { properties: { mode: {}, constructor: {} } } },
    {
      name: "an inherited name, extra schema",
      schema: { properties: { mode: {}, toString: {} }, additionalProperties: {} },
    },
    { name: "required only", schema: { required: ["mode"] } },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const result = compileGate({ schemaJson: row.schema }).gate('{"mode":"x","MODE":"y"}');
      assert.equal(result.error?.code, "E011");
      const nested = compileGate({ schemaJson: { properties: { o: row.schema } } }).gate(
        '{"o":{"Mode":"y"}}',
      );
      assert.equal(nested.error?.code, "E011", nested.error?.message);
    });
  }
});
