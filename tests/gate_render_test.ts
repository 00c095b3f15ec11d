/**
 * The gate's own pieces, one table each: `renderJson` (the value's JSON text, `-0` kept),
 * `holdsNegativeZero` (whether a value needs it), the flags a result derives from its scan
 * (`ambiguous`, `information_loss`, `normalized`), the declaration counts of a text with no value,
 * and where an `E030` points when prose spans several lines. Written against the surviving mutants
 * of `engine/gate.ts` (docs/MUTATION_REPORT.md), each row pins an answer a host reads.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  DECLARATION_OPTION_SPECS,
  gate,
  GATE_OPTION_SPECS,
  type GateOptions,
  holdsNegativeZero,
  renderJson,
  renderValue,
} from "../engine/gate.ts";
import { CallerError } from "../engine/errors.ts";
import { resolveOptions } from "../engine/profiles.ts";
import { scan } from "../engine/scanner/mod.ts";

interface Rendering {
  name: string;
  value: unknown;
  json: string;
}

const RENDERINGS: readonly Rendering[] = [
  { name: "null", value: null, json: "null" },
  { name: "a string is escaped", value: 'a"\n', json: '"a\\"\\n"' },
  { name: "negative zero keeps its sign", value: -0, json: "-0" },
  { name: "zero", value: 0, json: "0" },
  { name: "a non-finite number is null", value: Infinity, json: "null" },
  { name: "NaN is null", value: NaN, json: "null" },
  { name: "undefined is null", value: undefined, json: "null" },
  { name: "an empty array", value: [], json: "[]" },
  { name: "an empty object", value: {}, json: "{}" },
  { name: "one item", value: [1], json: "[1]" },
  { name: "three items, in order", value: [1, -0, "x"], json: '[1,-0,"x"]' },
  { name: "one member", value: { a: 1 }, json: '{"a":1}' },
  {
    name: "three members, in order",
    value: { b: -0, a: true, 'c"': null },
    json: '{"b":-0,"a":true,"c\\"":null}',
  },
  { name: "nested arrays close in order", value: [[[]], [-0, [1]], 2], json: "[[[]],[-0,[1]],2]" },
  {
    name: "nested objects close in order",
    value: { a: { b: {} }, c: { d: -0 }, e: 1 },
    json: '{"a":{"b":{}},"c":{"d":-0},"e":1}',
  },
  {
    name: "arrays in objects in arrays",
    value: [{ a: [{}, { b: [-0] }] }, {}],
    json: '[{"a":[{},{"b":[-0]}]},{}]',
  },
];

Deno.test("renderJson: JSON.stringify's text, except that -0 is written -0", async (t) => {
  for (const row of RENDERINGS) {
    await t.step(row.name, () => {
      assert.equal(renderJson(row.value), row.json);
    });
  }
});

interface ZeroCase {
  name: string;
  value: unknown;
  holds: boolean;
}

const ZEROS: readonly ZeroCase[] = [
  { name: "negative zero", value: -0, holds: true },
  { name: "zero", value: 0, holds: false },
  { name: "null", value: null, holds: false },
  { name: "a string", value: "-0", holds: false },
  { name: "another number", value: -1, holds: false },
  { name: "an empty array", value: [], holds: false },
  { name: "zero in an array", value: [0, 1, null, "x"], holds: false },
  { name: "negative zero last in an array", value: [0, null, 1, -0], holds: true },
  { name: "negative zero in a nested array", value: [null, [1, [-0]]], holds: true },
  { name: "zero in an object", value: { a: 0, b: null }, holds: false },
  { name: "negative zero last in an object", value: { a: 0, b: null, c: -0 }, holds: true },
  {
    name: "negative zero in an object in an array",
    value: [0, { a: [0, { b: -0 }] }],
    holds: true,
  },
  { name: "nested containers without it", value: { a: [0, {}], b: { c: [[0]] } }, holds: false },
];

Deno.test("holdsNegativeZero: true exactly when -0 is somewhere in the value", async (t) => {
  for (const row of ZEROS) {
    await t.step(row.name, () => assert.equal(holdsNegativeZero(row.value), row.holds));
  }
});

interface Flags {
  name: string;
  text: string;
  profile: "strict" | "agent" | "permissive";
  ambiguous: boolean;
  information_loss: boolean;
  normalized: boolean;
  executable: boolean;
  text_out: string;
}

const FLAGS: readonly Flags[] = [
  {
    name: "exact JSON: nothing changed",
    text: '{"a": 1}',
    profile: "agent",
    ambiguous: false,
    information_loss: false,
    normalized: false,
    executable: true,
    text_out: '{"a": 1}',
  },
  {
    name: "a cosmetic repair normalizes",
    text: "{a: 1}",
    profile: "agent",
    ambiguous: false,
    information_loss: false,
    normalized: true,
    executable: true,
    text_out: '{"a":1}',
  },
  {
    name: "a lossy repair loses information",
    text: '{"a": 1',
    profile: "permissive",
    ambiguous: false,
    information_loss: true,
    normalized: true,
    executable: false,
    text_out: "",
  },
  {
    name: "a duplicate key is ambiguous, and keeping one value loses the other",
    text: '{"a": 1, "a": 2}',
    profile: "permissive",
    ambiguous: true,
    information_loss: true,
    normalized: true,
    executable: false,
    text_out: "",
  },
  {
    name: "case twins are ambiguous with nothing lost",
    text: '{"a":1,"A":2}',
    profile: "permissive",
    ambiguous: true,
    information_loss: false,
    normalized: false,
    executable: false,
    text_out: "",
  },
  {
    name: "no value at all is not normalized",
    text: "no json here",
    profile: "strict",
    ambiguous: false,
    information_loss: false,
    normalized: false,
    executable: false,
    text_out: "",
  },
  {
    name: "a repaired -0 keeps its sign in the text",
    text: "{a: -0}",
    profile: "agent",
    ambiguous: false,
    information_loss: false,
    normalized: true,
    executable: true,
    text_out: '{"a":-0}',
  },
];

Deno.test("gate flags: ambiguous, information_loss and normalized follow the scan", async (t) => {
  for (const row of FLAGS) {
    await t.step(row.name, () => {
      const result = gate(row.text, { profile: row.profile });
      assert.equal(result.ambiguous, row.ambiguous, "ambiguous");
      assert.equal(result.information_loss, row.information_loss, "information_loss");
      assert.equal(result.normalized, row.normalized, "normalized");
      assert.equal(result.executable, row.executable, "executable");
      assert.equal(result.text, row.text_out, "text");
    });
  }
});

interface NoValue {
  name: string;
  schema: string;
  total: number;
  missing: string[];
}

const NO_VALUES: readonly NoValue[] = [
  {
    name: "an object counts its members",
    schema: "{!a:string,b:integer,!c:boolean}",
    total: 3,
    missing: ["/a", "/c"],
  },
  {
    name: "an object with no required member misses none",
    schema: "{a:string}",
    total: 1,
    missing: [],
  },
  { name: "a scalar declaration counts one", schema: "string", total: 1, missing: [] },
];

Deno.test("gate declaration without a value: total counts what was declared, missing the required", async (t) => {
  for (const row of NO_VALUES) {
    await t.step(row.name, () => {
      const result = gate("no json here", { schema: row.schema });
      assert.equal(result.schema_total, row.total);
      assert.equal(result.schema_satisfied, 0);
      assert.deepEqual(result.schema_missing, row.missing);
      assert.equal(result.error?.code, "E003");
    });
  }
});

interface Mismatch {
  name: string;
  text: string;
  line: number;
  column: number;
  offset: number;
}

const MISMATCHES: readonly Mismatch[] = [
  { name: "at the start", text: '{"a":"x"}', line: 1, column: 6, offset: 5 },
  {
    name: "after prose on the same line",
    text: 'Args: {"a":"x"}',
    line: 1,
    column: 12,
    offset: 11,
  },
  {
    name: "after two lines of prose",
    text: 'One\nTwo\n  {"a":"x"}',
    line: 3,
    column: 8,
    offset: 15,
  },
  { name: "right after a line feed", text: 'Here:\n{"a":"x"}', line: 2, column: 6, offset: 11 },
  { name: "after an empty first line", text: '\n{"a":"x"}', line: 2, column: 6, offset: 6 },
  {
    name: "line feeds after the value do not count",
    text: '{"a":"x"}\n\n',
    line: 1,
    column: 6,
    offset: 5,
  },
  {
    name: "the member's value on its own line",
    text: '{\n  "a":\n    "x"\n}',
    line: 3,
    column: 5,
    offset: 13,
  },
];

Deno.test("gate E030: the line, column and offset of the failing member's value", async (t) => {
  for (const row of MISMATCHES) {
    await t.step(row.name, () => {
      const error = gate(row.text, { schema: "{!a:integer}" }).error;
      assert.equal(error?.code, "E030");
      assert.deepEqual(
        { line: error?.line, column: error?.column, offset: error?.offset },
        { line: row.line, column: row.column, offset: row.offset },
      );
    });
  }
});

Deno.test("renderValue: no value renders as the empty string", () => {
  const text = "no json here";
  const result = scan(text, resolveOptions({ profile: "permissive" }, "agent", true));
  assert.equal(result.hasValue, false);
  assert.equal(renderValue(result, text), "");
});

Deno.test("gate without a declaration: nothing counted, nothing missing", () => {
  for (const text of ['{"a":1}', "no json here"]) {
    const result = gate(text);
    assert.deepEqual(
      [result.schema_total, result.schema_satisfied, result.schema_missing],
      [0, 0, []],
      text,
    );
  }
});

interface Refusal {
  name: string;
  text: string;
  code: string;
  message: string;
}

// The first repair of each text is a cosmetic one (R007, an unquoted key): the error must name
// the repair that made the value never executable, not the first one.
const NEVER_EXECUTABLE: readonly Refusal[] = [
  {
    name: "lossy: the first lossy repair, after a cosmetic one",
    text: "{a:1",
    code: "E010",
    message:
      "E010 StrictViolation at 1:4 (offset 3): R013 TruncatedNumber: exactness lossy is never executable",
  },
  {
    name: "ambiguous: the first ambiguous repair, after a cosmetic one",
    text: '{a:1,"a":2}',
    code: "E011",
    message:
      "E011 AmbiguityRefused at 1:10 (offset 9): R032 DuplicateKey: ambiguity semantic is never executable",
  },
];

Deno.test("gate under permissive: a refusal names the repair that made it", async (t) => {
  for (const row of NEVER_EXECUTABLE) {
    await t.step(row.name, () => {
      const result = gate(row.text, { profile: "permissive" });
      assert.equal(result.error?.code, row.code);
      assert.equal(result.error?.message, row.message);
    });
  }
});

interface Thrown {
  name: string;
  options: Record<string, unknown>;
  code: string;
  pointer: string;
  message: string;
}

const DECLARATION_ERRORS: readonly Thrown[] = [
  {
    name: "a bad schema points at /schema and says declaration",
    options: { schema: "{!a:strin}" },
    code: "E070",
    pointer: "/schema",
    message: 'E070 SchemaError at /schema: declaration at 1:5 (offset 4): unknown type "strin"; ' +
      "expected any, null, boolean, string, number, integer, object, array, a literal, {...}, " +
      "closed{...} or [...]",
  },
  {
    name: "a bad schema beside a null schemaJson is still the schema's",
    options: { schema: "{!a:strin}", schemaJson: null },
    code: "E070",
    pointer: "/schema",
    message: 'E070 SchemaError at /schema: declaration at 1:5 (offset 4): unknown type "strin"; ' +
      "expected any, null, boolean, string, number, integer, object, array, a literal, {...}, " +
      "closed{...} or [...]",
  },
  {
    name: "a bad schemaJson points into /schemaJson",
    options: { schemaJson: { type: "strnig" } },
    code: "E070",
    pointer: "/schemaJson/type",
    message: 'E070 SchemaError at /schemaJson/type: "type" at the root must be one of null, ' +
      'boolean, string, number, integer, object, array or an array of them, found "strnig"',
  },
  {
    name: "a bad schemaJson beside a null schema is still the schemaJson's",
    options: { schema: null, schemaJson: { type: "strnig" } },
    code: "E070",
    pointer: "/schemaJson/type",
    message: 'E070 SchemaError at /schemaJson/type: "type" at the root must be one of null, ' +
      'boolean, string, number, integer, object, array or an array of them, found "strnig"',
  },
  {
    name: "assertFormat must be a boolean, named by its wire name",
    options: { assertFormat: "yes" },
    code: "E050",
    pointer: "/assertFormat",
    message: "E050 OptionOutOfRange at /assertFormat: assert_format must be true or false; " +
      'got the string "yes"',
  },
];

Deno.test("gate declaration options: each mistake is thrown with its pointer and message", async (t) => {
  for (const row of DECLARATION_ERRORS) {
    await t.step(row.name, () => {
      assert.throws(() => gate("{}", row.options as GateOptions), (e: unknown) => {
        assert.ok(e instanceof CallerError);
        assert.deepEqual(
          { code: e.code, pointer: e.pointer, message: e.message },
          { code: row.code, pointer: row.pointer, message: row.message },
        );
        return true;
      });
    });
  }
});

Deno.test("DECLARATION_OPTION_SPECS: the names and wire names hosts and the MCP tools use", () => {
  // The wire names are the MCP and HTTP argument names; the names are the TypeScript options.
  assert.deepEqual(DECLARATION_OPTION_SPECS, [
    { name: "schema", wire: "schema", type: "declaration" },
    { name: "schemaJson", wire: "schema_json", type: "declaration" },
    { name: "assertFormat", wire: "assert_format", type: "boolean" },
    { name: "strictKeywords", wire: "strict_keywords", type: "boolean" },
  ]);
  assert.deepEqual(GATE_OPTION_SPECS.slice(-4), DECLARATION_OPTION_SPECS);
});
