/**
 * JSON Schema as the world writes it: a keyword no dialect defines is an
 * annotation (it asserts nothing) listed in the form's `warnings` with its
 * pointer, and `strictKeywords` refuses it; a keyword of another dialect is
 * applied as it means there when that is its only meaning (listed as a
 * warning too), else refused (see `tests/jsonschema_refusals_test.ts` for
 * the words). Each row gives values that must pass and values that must
 * fail, so a row cannot hold while the keyword is silently skipped.
 *
 * @module
 */

import assert from "node:assert/strict";
import { matchesForm } from "../engine/declarations/check.ts";
import { compileJsonSchema } from "../engine/declarations/jsonschema.ts";
import { compileGate } from "../engine/compile.ts";
import { gate } from "../engine/gate.ts";
import { CallerError } from "../engine/errors.ts";

const D4 = "http://json-schema.org/draft-04/schema#";
const D7 = "http://json-schema.org/draft-07/schema#";
const D19 = "https://json-schema.org/draft/2019-09/schema";
const D20 = "https://json-schema.org/draft/2020-12/schema";

interface Row {
  name: string;
  schema: unknown;
  passes: unknown[];
  fails: unknown[];
  /** `kind keyword pointer` of every warning, in order. */
  warnings: string[];
}

const ROWS: readonly Row[] = [
  {
    name:
      'the undated "$schema" http://json-schema.org/schema names no dialect (read as none named)',
    schema: {
      $schema: "http://json-schema.org/schema",
      type: "object",
      properties: { name: { type: "string" } },
      required: ["name"],
    },
    passes: [{ name: "x" }],
    fails: [{}, { name: 1 }],
    warnings: ["other-dialect $schema /$schema"],
  },
  {
    name: 'the undated "$schema" with "#" or https, and a tuple "items" read as when none is named',
    schema: {
      $schema: "https://json-schema.org/schema#",
      type: "array",
      items: [{ type: "string" }],
    },
    passes: [["a"], ["a", 1]],
    fails: [[1], {}],
    warnings: ["other-dialect $schema /$schema", "other-dialect items /items"],
  },
  {
    name: 'an undated "$schema" inside a dated schema changes nothing',
    schema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { a: { $schema: "http://json-schema.org/schema#", type: "integer" } },
    },
    passes: [{ a: 1 }, {}],
    fails: [{ a: "1" }],
    warnings: ["other-dialect $schema /properties/a/$schema"],
  },
  {
    name: "a vendor x- keyword at the root",
    schema: { type: "object", "x-order": 3 },
    passes: [{}, { a: 1 }],
    fails: [[], 1],
    warnings: ["unknown-keyword x-order /x-order"],
  },
  {
    name: "Kubernetes keywords deep in a property",
    schema: {
      type: "object",
      properties: {
        containers: {
          type: "array",
          "x-kubernetes-patch-merge-key": "name",
          "x-kubernetes-list-type": "map",
          items: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
        },
      },
    },
    passes: [{ containers: [{ name: "a" }] }, {}],
    fails: [{ containers: [{}] }, { containers: [{ name: 1 }] }],
    warnings: [
      "unknown-keyword x-kubernetes-patch-merge-key /properties/containers/x-kubernetes-patch-merge-key",
      "unknown-keyword x-kubernetes-list-type /properties/containers/x-kubernetes-list-type",
    ],
  },
  {
    name: "documentation keywords (example, markdownDescription, javaType)",
    schema: {
      type: "string",
      example: 5,
      markdownDescription: "**a**",
      javaType: "java.lang.String",
    },
    passes: ["x"],
    fails: [5],
    warnings: [
      "unknown-keyword example /example",
      "unknown-keyword markdownDescription /markdownDescription",
      "unknown-keyword javaType /javaType",
    ],
  },
  {
    name: "a misspelled standard keyword (readonly) asserts nothing",
    schema: { type: "integer", readonly: true, maximun: 3 },
    passes: [1, 100],
    fails: ["1", 1.5],
    warnings: ["unknown-keyword readonly /readonly", "unknown-keyword maximun /maximun"],
  },
  {
    name: "an unknown keyword whose value looks like a schema is not compiled",
    schema: { "x-schema": { type: "string" }, properties: { a: { "x-if": { const: 1 } } } },
    passes: [1, { a: 2 }],
    fails: [],
    warnings: ["unknown-keyword x-schema /x-schema", "unknown-keyword x-if /properties/a/x-if"],
  },
  {
    name: "a $ref into an unknown keyword compiles its target",
    schema: { "x-defs": { n: { type: "integer" } }, properties: { a: { $ref: "#/x-defs/n" } } },
    passes: [{ a: 1 }, {}],
    fails: [{ a: "1" }],
    warnings: ["unknown-keyword x-defs /x-defs"],
  },
  {
    name: "unknown keywords under a draft-07 $ref are siblings it ignores anyway",
    schema: {
      $schema: D7,
      definitions: { s: { type: "string" } },
      properties: { a: { $ref: "#/definitions/s", "x-note": "n" } },
    },
    passes: [{ a: "x" }],
    fails: [{ a: 1 }],
    warnings: ["unknown-keyword x-note /properties/a/x-note"],
  },
  // Keywords of another dialect, applied as they mean there.
  {
    name: "OpenAPI nullable: true admits null beside the type",
    schema: { type: "object", properties: { a: { type: "string", nullable: true } } },
    passes: [{ a: "x" }, { a: null }, {}],
    fails: [{ a: 1 }],
    warnings: ["other-dialect nullable /properties/a/nullable"],
  },
  {
    name: "OpenAPI nullable: true with an enum without null still refuses null",
    schema: { type: "string", enum: ["a", "b"], nullable: true },
    passes: ["a"],
    fails: [null, "c"],
    warnings: ["other-dialect nullable /nullable"],
  },
  {
    name: "OpenAPI nullable: false changes nothing",
    schema: { type: "string", nullable: false },
    passes: ["a"],
    fails: [null],
    warnings: ["other-dialect nullable /nullable"],
  },
  {
    name: "OpenAPI nullable without type: any value already",
    schema: { nullable: true, minLength: 2 },
    passes: [null, "ab", 3],
    fails: ["a"],
    warnings: ["other-dialect nullable /nullable"],
  },
  {
    name: "boolean exclusiveMaximum true (draft-04) in a schema naming no dialect",
    schema: { type: "number", maximum: 10, exclusiveMaximum: true },
    passes: [9.99, -1],
    fails: [10, 11],
    warnings: ["other-dialect exclusiveMaximum /exclusiveMaximum"],
  },
  {
    name: "boolean exclusiveMinimum true (draft-04) in a schema naming no dialect",
    schema: { type: "number", minimum: 0, exclusiveMinimum: true },
    passes: [0.01],
    fails: [0, -1],
    warnings: ["other-dialect exclusiveMinimum /exclusiveMinimum"],
  },
  {
    name: "boolean exclusiveMaximum false (draft-04): the bound stays inclusive",
    schema: { maximum: 10, exclusiveMaximum: false },
    passes: [10],
    fails: [10.5],
    warnings: ["other-dialect exclusiveMaximum /exclusiveMaximum"],
  },
  {
    name: "draft-04 itself: boolean exclusiveMaximum, no warning",
    schema: { $schema: D4, maximum: 10, exclusiveMaximum: true },
    passes: [9],
    fails: [10],
    warnings: [],
  },
  {
    name: "dependencies in a 2020-12 schema (its meta-schema still defines it)",
    schema: { $schema: D20, dependencies: { a: ["b"], c: { required: ["d"] } } },
    passes: [{}, { a: 1, b: 2 }, { c: 1, d: 2 }],
    fails: [{ a: 1 }, { c: 1 }],
    warnings: ["other-dialect dependencies /dependencies"],
  },
  {
    name: "dependencies in a 2019-09 schema",
    schema: { $schema: D19, dependencies: { a: ["b"] } },
    passes: [{ b: 1 }],
    fails: [{ a: 1 }],
    warnings: ["other-dialect dependencies /dependencies"],
  },
  {
    name: "dependencies in a schema naming no dialect",
    schema: { dependencies: { a: { properties: { b: { type: "string" } } } } },
    passes: [{ b: 1 }, { a: 1, b: "x" }],
    fails: [{ a: 1, b: 1 }],
    warnings: ["other-dialect dependencies /dependencies"],
  },
  {
    name: "items as an array (tuple) with additionalItems, no dialect named",
    schema: { items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
    passes: [["a", 1], ["a"], []],
    fails: [[1, 1], ["a", 1, 2]],
    warnings: ["other-dialect items /items"],
  },
  {
    name: "additionalItems without an array items asserts nothing in any dialect",
    schema: { items: { type: "integer" }, additionalItems: false },
    passes: [[1, 2, 3]],
    fails: [["a"]],
    warnings: ["other-dialect additionalItems /additionalItems"],
  },
  {
    name: "$defs in a draft-07 schema holds schemas to reference",
    schema: {
      $schema: D7,
      $defs: { s: { type: "string" } },
      properties: { a: { $ref: "#/$defs/s" } },
    },
    passes: [{ a: "x" }],
    fails: [{ a: 1 }],
    warnings: ["other-dialect $defs /$defs"],
  },
  {
    name: "draft-04 id in a later schema is an annotation",
    schema: { id: "thing", type: "object" },
    passes: [{}],
    fails: [1],
    warnings: ["other-dialect id /id"],
  },
];

function warningsOf(schema: unknown): string[] {
  return (compileJsonSchema(schema).warnings ?? []).map((w) =>
    `${w.kind} ${w.keyword} ${w.pointer}`
  );
}

Deno.test("keywords no dialect defines are annotations; other dialects' keywords apply as they mean there", async (t) => {
  for (const row of ROWS) {
    await t.step(row.name, () => {
      const form = compileJsonSchema(row.schema);
      for (const value of row.passes) {
        assert.equal(matchesForm(form, value), true, `passes ${JSON.stringify(value)}`);
      }
      for (const value of row.fails) {
        assert.equal(matchesForm(form, value), false, `fails ${JSON.stringify(value)}`);
      }
      assert.deepEqual(warningsOf(row.schema), row.warnings);
    });
  }
});

Deno.test("strictKeywords refuses every unknown keyword, and nothing else", async (t) => {
  for (const row of ROWS) {
    await t.step(row.name, () => {
      const unknown = row.warnings.filter((w) => w.startsWith("unknown-keyword"));
      if (unknown.length === 0) {
        // Keywords of another dialect are handled the same in strict mode.
        const form = compileJsonSchema(row.schema, { strictKeywords: true });
        assert.deepEqual(
          (form.warnings ?? []).map((w) => `${w.kind} ${w.keyword} ${w.pointer}`),
          row.warnings,
        );
        return;
      }
      assert.throws(
        () => compileJsonSchema(row.schema, { strictKeywords: true }),
        (e: unknown) => {
          assert.ok(e instanceof CallerError);
          assert.equal(e.code, "E070");
          assert.equal(e.pointer, unknown[0].split(" ")[2]);
          for (const w of unknown) {
            assert.ok(e.message.includes(`unsupported keyword "${w.split(" ")[1]}"`), w);
          }
          return true;
        },
      );
    });
  }
});

Deno.test("the compiled gate lists the warnings; strictKeywords is a boolean option", async (t) => {
  const schemaJson = {
    type: "object",
    required: ["n"],
    properties: { n: { type: "integer", "x-order": 1, maximum: 5 } },
  };
  await t.step("warnings: kind, keyword, pointer in the schema, message", () => {
    assert.deepEqual(compileGate({ schemaJson }).warnings, [{
      kind: "unknown-keyword",
      keyword: "x-order",
      pointer: "/properties/n/x-order",
      message: 'unknown keyword "x-order" at /properties/n is an annotation: it asserts nothing',
    }]);
  });
  await t.step("no warnings without a JSON Schema or without unknown keywords", () => {
    assert.deepEqual(compileGate({}).warnings, []);
    assert.deepEqual(compileGate({ schema: "{!n:integer}" }).warnings, []);
    assert.deepEqual(compileGate({ schemaJson: { type: "object" } }).warnings, []);
  });
  await t.step("the declared keywords beside an unknown one still assert", () => {
    const compiled = compileGate({ schemaJson });
    assert.equal(compiled.gate('{"n":3}').executable, true);
    assert.equal(compiled.gate('{"n":7}').executable, false);
    assert.equal(gate('{"n":7}', { schemaJson }).error?.code, "E030");
  });
  await t.step("strictKeywords: true refuses, through gate and compileGate alike", () => {
    for (
      const call of [
        () => compileGate({ schemaJson, strictKeywords: true }),
        () => gate("{}", { schemaJson, strictKeywords: true }),
      ]
    ) {
      assert.throws(call, (e: unknown) =>
        e instanceof CallerError && e.code === "E070" &&
        e.pointer === "/schemaJson/properties/n/x-order");
    }
  });
  await t.step("strictKeywords not a boolean is E050", () => {
    assert.throws(
      () => compileGate({ schemaJson, strictKeywords: "yes" as never }),
      (e: unknown) =>
        e instanceof CallerError && e.code === "E050" && e.pointer === "/strictKeywords",
    );
  });
  await t.step("a strict and a lenient compile of one schema do not share a cache entry", () => {
    assert.equal(compileGate({ schemaJson }).warnings.length, 1);
    assert.throws(() => compileGate({ schemaJson, strictKeywords: true }));
    assert.equal(compileGate({ schemaJson }).warnings.length, 1);
  });
});

/** Every built-in meta-schema: a schema it admits and one it refuses. */
const METASCHEMA_ROWS: readonly { uri: string; dialect: string; good: unknown; bad: unknown }[] = [
  {
    uri: "https://json-schema.org/draft/2020-12/schema",
    dialect: D20,
    good: { type: "string" },
    bad: { type: "strng" },
  },
  {
    uri: "https://json-schema.org/draft/2020-12/meta/core",
    dialect: D20,
    good: { $id: "a" },
    bad: { $id: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2020-12/meta/applicator",
    dialect: D20,
    good: { items: {} },
    bad: { items: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2020-12/meta/unevaluated",
    dialect: D20,
    good: { unevaluatedItems: {} },
    bad: { unevaluatedItems: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2020-12/meta/validation",
    dialect: D20,
    good: { minLength: 1 },
    bad: { minLength: -1 },
  },
  {
    uri: "https://json-schema.org/draft/2020-12/meta/meta-data",
    dialect: D20,
    good: { title: "t" },
    bad: { title: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2020-12/meta/format-annotation",
    dialect: D20,
    good: { format: "date" },
    bad: { format: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2020-12/meta/content",
    dialect: D20,
    good: { contentEncoding: "base64" },
    bad: { contentEncoding: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2019-09/schema",
    dialect: D19,
    good: { items: [{}] },
    bad: { items: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2019-09/meta/core",
    dialect: D19,
    good: { $anchor: "a" },
    bad: { $anchor: "#a" },
  },
  {
    uri: "https://json-schema.org/draft/2019-09/meta/applicator",
    dialect: D19,
    good: { additionalItems: {} },
    bad: { additionalItems: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2019-09/meta/validation",
    dialect: D19,
    good: { maxItems: 1 },
    bad: { maxItems: 1.5 },
  },
  {
    uri: "https://json-schema.org/draft/2019-09/meta/meta-data",
    dialect: D19,
    good: { readOnly: true },
    bad: { readOnly: 1 },
  },
  {
    uri: "https://json-schema.org/draft/2019-09/meta/format",
    dialect: D19,
    good: { format: "email" },
    bad: { format: [] },
  },
  {
    uri: "https://json-schema.org/draft/2019-09/meta/content",
    dialect: D19,
    good: { contentMediaType: "a/b" },
    bad: { contentMediaType: 2 },
  },
  {
    uri: "http://json-schema.org/draft-07/schema#",
    dialect: D7,
    good: { if: {}, then: {} },
    bad: { required: "a" },
  },
  {
    uri: "http://json-schema.org/draft-06/schema#",
    dialect: "http://json-schema.org/draft-06/schema#",
    good: { const: 1 },
    bad: { multipleOf: 0 },
  },
  {
    uri: "http://json-schema.org/draft-04/schema#",
    dialect: D4,
    good: { maximum: 1, exclusiveMaximum: true },
    bad: { exclusiveMaximum: true },
  },
];

Deno.test("the standard meta-schemas are built in: a $ref to one resolves locally", async (t) => {
  for (const row of METASCHEMA_ROWS) {
    await t.step(row.uri, () => {
      const form = compileJsonSchema({ $schema: row.dialect, $ref: row.uri });
      assert.equal(matchesForm(form, row.good), true, JSON.stringify(row.good));
      assert.equal(matchesForm(form, row.bad), false, JSON.stringify(row.bad));
      assert.equal(matchesForm(form, "not a schema"), false);
    });
  }
  await t.step("a pointer into a meta-schema", () => {
    const form = compileJsonSchema({
      $schema: D7,
      $ref: "http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger",
    });
    assert.equal(matchesForm(form, 3), true);
    assert.equal(matchesForm(form, -1), false);
  });
  await t.step("https for a draft's http URI", () => {
    const form = compileJsonSchema({
      $schema: D7,
      $ref: "https://json-schema.org/draft-07/schema",
    });
    assert.equal(matchesForm(form, { type: "strng" }), false);
  });
  await t.step("a meta-schema of another dialect is refused, naming both", () => {
    assert.throws(
      () => compileJsonSchema({ $ref: "http://json-schema.org/draft-07/schema#" }),
      /names the draft-07 meta-schema from a 2020-12 schema; one dialect per schema/,
    );
  });
  await t.step("other remote references stay refused, naming the URL", () => {
    assert.throws(
      () => compileJsonSchema({ $ref: "https://json-schema.org/draft/2020-12/links" }),
      /remote reference "https:\/\/json-schema.org\/draft\/2020-12\/links"/,
    );
    assert.throws(
      () => compileJsonSchema({ $ref: "https://example.com/schemas/a.json" }),
      /remote reference "https:\/\/example.com\/schemas\/a.json"/,
    );
  });
});

/** `$ref` by JSON pointer to anywhere in the document, as ajv resolves it. */
const POINTER_ROWS: readonly {
  name: string;
  schema: unknown;
  passes: unknown[];
  fails: unknown[];
}[] = [
  {
    name: "#/$defs/x in a draft-07 schema",
    schema: { $schema: D7, $defs: { x: { type: "integer" } }, items: { $ref: "#/$defs/x" } },
    passes: [[1, 2]],
    fails: [["1"]],
  },
  {
    name: "#/whatever/y: a key no keyword defines",
    schema: { whatever: { y: { type: "string" } }, properties: { a: { $ref: "#/whatever/y" } } },
    passes: [{ a: "s" }],
    fails: [{ a: 1 }],
  },
  {
    name: "into an array inside an unknown keyword",
    schema: { "x-list": [{ minimum: 5 }], properties: { a: { $ref: "#/x-list/0" } } },
    passes: [{ a: 5 }],
    fails: [{ a: 4 }],
  },
  {
    name: "into a property's own subschema",
    schema: {
      properties: {
        a: { type: "object", properties: { b: { enum: ["x"] } } },
        c: { $ref: "#/properties/a/properties/b" },
      },
    },
    passes: [{ c: "x" }],
    fails: [{ c: "y" }],
  },
  {
    name: "into the schema of an annotation (examples)",
    schema: { examples: [{ type: "boolean" }], $ref: "#/examples/0" },
    passes: [true],
    fails: [1],
  },
  {
    name: "percent-encoded and escaped tokens",
    schema: { "a b": { "c/d": { type: "null" } }, $ref: "#/a%20b/c~1d" },
    passes: [null],
    fails: [0],
  },
];

Deno.test("$ref by JSON pointer anywhere in the document", async (t) => {
  for (const row of POINTER_ROWS) {
    await t.step(row.name, () => {
      const form = compileJsonSchema(row.schema);
      for (const v of row.passes) assert.equal(matchesForm(form, v), true, JSON.stringify(v));
      for (const v of row.fails) assert.equal(matchesForm(form, v), false, JSON.stringify(v));
    });
  }
});
