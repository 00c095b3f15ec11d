/**
 * The JSON Schema front end: the official JSON-Schema-Test-Suite (vendored
 * in tests/fixtures/JSON-Schema-Test-Suite, MIT) passes in full except the
 * groups docs/DECLARATIONS.md lists as refused, which must be refused with
 * E070; optional/format passes with format assertion on for the asserted
 * formats; refusals list every unsupported keyword with its pointer;
 * ReDoS shapes return; exact numbers; uniqueItems on 100,000 items.
 *
 * @module
 */

import assert from "node:assert/strict";
import { matchesForm } from "../engine/declarations/check.ts";
import { compileJsonSchema } from "../engine/declarations/jsonschema.ts";
import { checkDeclaration, describeVerdictProblems } from "../engine/declarations/verdict.ts";
import { CallerError } from "../engine/errors.ts";

const SUITE = new URL("./fixtures/JSON-Schema-Test-Suite/tests/", import.meta.url);

interface Group {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/**
 * Groups refused with E070, by file: the whole file (`"*"`), or the named
 * groups. The same list is in docs/DECLARATIONS.md.
 */
const REFUSED: Readonly<Record<string, readonly string[]>> = {
  "dynamicRef.json": ["*"],
  "refRemote.json": ["*"],
  "vocabulary.json": ["*"],
  "unevaluatedItems.json": ["unevaluatedItems with $dynamicRef"],
  "unevaluatedProperties.json": ["unevaluatedProperties with $dynamicRef"],
  // optional/
  "cross-draft.json": ["*"], // remote $ref to a schema of another draft
  "format-assertion.json": ["*"], // custom meta-schemas
};

/** Format files whose formats are asserted (the others are annotations). */
const ASSERTED_FORMATS = [
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "uuid",
  "regex",
];

function files(dir: string): string[] {
  return [...Deno.readDirSync(new URL(dir, SUITE))]
    .filter((e) => e.isFile && e.name.endsWith(".json"))
    .map((e) => e.name)
    .sort();
}

function runSuite(dir: string, draft7: boolean, assertFormat: boolean, only?: string[]) {
  let passed = 0, refused = 0, contentGap = 0;
  for (const file of files(dir)) {
    if (only !== undefined && !only.includes(file.replace(".json", ""))) continue;
    const groups: Group[] = JSON.parse(Deno.readTextFileSync(new URL(dir + file, SUITE)));
    const refusedHere = REFUSED[file] ?? [];
    for (const group of groups) {
      let schema = group.schema;
      if (draft7 && typeof schema === "object" && schema !== null && !("$schema" in schema)) {
        schema = { $schema: "http://json-schema.org/draft-07/schema#", ...schema };
      }
      const label = `${dir}${file}: ${group.description}`;
      if (refusedHere.includes("*") || refusedHere.includes(group.description)) {
        assert.throws(
          () => compileJsonSchema(schema, { assertFormat }),
          (e) => e instanceof CallerError && e.code === "E070",
          label,
        );
        refused += group.tests.length;
        continue;
      }
      const form = compileJsonSchema(schema, { assertFormat });
      for (const t of group.tests) {
        if (file === "content.json" && !t.valid) {
          // contentMediaType/contentEncoding/contentSchema are annotations (as 2019-09 on).
          assert.equal(matchesForm(form, t.data), true, `${label} / ${t.description}`);
          contentGap++;
          continue;
        }
        assert.equal(matchesForm(form, t.data), t.valid, `${label} / ${t.description}`);
        passed++;
      }
    }
  }
  return contentGap === 0 ? { passed, refused } : { passed, refused, contentGap };
}

Deno.test("JSON-Schema-Test-Suite draft2020-12: every test passes or its group is refused", () => {
  assert.deepEqual(runSuite("draft2020-12/", false, false), { passed: 1215, refused: 84 });
});

Deno.test("JSON-Schema-Test-Suite draft7: every test passes or its group is refused", () => {
  assert.deepEqual(runSuite("draft7/", true, false), { passed: 904, refused: 23 });
});

Deno.test("JSON-Schema-Test-Suite optional: every test passes or its file is refused", () => {
  assert.deepEqual(runSuite("draft2020-12/optional/", false, false), { passed: 155, refused: 7 });
  assert.deepEqual(runSuite("draft7/optional/", true, false), {
    passed: 112,
    refused: 2,
    contentGap: 4,
  });
});

Deno.test("JSON-Schema-Test-Suite optional/format: the asserted formats pass with assertion on", () => {
  const a = runSuite("draft2020-12/optional/format/", false, true, ASSERTED_FORMATS);
  const b = runSuite("draft7/optional/format/", true, true, ASSERTED_FORMATS);
  assert.deepEqual([a, b], [
    { passed: 497, refused: 0 },
    { passed: 410, refused: 0 },
  ]);
});

Deno.test("annotations are accepted and assert nothing; format is an annotation by default", () => {
  const schema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "t",
    description: "d",
    default: 1,
    examples: [1],
    deprecated: true,
    readOnly: true,
    writeOnly: false,
    $comment: "c",
    contentMediaType: "application/json",
    contentEncoding: "base64",
    contentSchema: { type: "object" },
    format: "date",
    type: "string",
  };
  const form = compileJsonSchema(schema);
  assert.equal(matchesForm(form, "not a date"), true);
  assert.equal(matchesForm(compileJsonSchema(schema, { assertFormat: true }), "not a date"), false);
});

Deno.test("a refusal lists every unsupported keyword with its JSON pointer", () => {
  const schema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    "x-vendor": 1,
    $vocabulary: {},
    properties: {
      "a/b": { $dynamicRef: "#x" },
      remote: { $ref: "https://example.com/other.json" },
    },
    items: { nullable: true },
  };
  assert.throws(
    () => compileJsonSchema(schema, { strictKeywords: true }),
    (e) =>
      e instanceof CallerError && e.code === "E070" && e.pointer === "/x-vendor" &&
      e.message.includes('unsupported keyword "x-vendor" at the root') &&
      e.message.includes('unsupported keyword "$vocabulary" at the root') &&
      e.message.includes('unsupported keyword "$dynamicRef" at /properties/a~1b') &&
      e.message.includes('unsupported keyword "nullable" at /items'),
  );
  // Without strictKeywords the unknown keyword is an annotation: the others are still refused.
  assert.throws(
    () => compileJsonSchema(schema),
    (e) =>
      e instanceof CallerError && e.pointer === "/$vocabulary" && !e.message.includes("x-vendor"),
  );
  // A remote reference is refused once the schema's own keywords are accepted.
  assert.throws(
    () => compileJsonSchema({ properties: { r: { $ref: "https://example.com/o.json" } } }),
    /remote reference "https:\/\/example.com\/o.json"/,
  );
});

/** `{ a: 1, self: <itself> }`. */
const CYCLIC: Record<string, unknown> = { a: 1 };
CYCLIC.self = CYCLIC;

const REFUSALS: readonly { name: string; schema: unknown; message: RegExp }[] = [
  { name: "unknown $schema", schema: { $schema: "urn:x" }, message: /unknown "\$schema"/ },
  {
    name: "a $ref cycle that consumes no input",
    schema: { $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" },
    message: /a cycle of references that consumes no input/,
  },
  {
    name: "a $ref to nothing",
    schema: { $ref: "#/$defs/missing" },
    message: /points at nothing in the schema/,
  },
  { name: "minLength -1", schema: { minLength: -1 }, message: /must be a non-negative integer/ },
  { name: "lookaround", schema: { pattern: "(?=a)" }, message: /lookaround/ },
  // A JavaScript host can build values JSON cannot hold; walking one would never end.
  {
    name: "a const that holds itself",
    schema: { const: CYCLIC },
    message: /"const" at the root holds itself/,
  },
  {
    name: "an enum value that holds itself",
    schema: { properties: { a: { enum: [1, [CYCLIC]] } } },
    message: /"enum" at \/properties\/a holds itself/,
  },
];

Deno.test("a const that holds one object twice holds no cycle: it compiles and matches", () => {
  const shared = { x: 1 };
  const form = compileJsonSchema({ const: [shared, { y: shared }] });
  assert.equal(matchesForm(form, [{ x: 1 }, { y: { x: 1 } }], form.root), true);
  assert.equal(matchesForm(form, [{ x: 1 }, { y: { x: 2 } }], form.root), false);
});

Deno.test("malformed and unsupported schemas are refused with E070", async (t) => {
  for (const row of REFUSALS) {
    await t.step(row.name, () => {
      assert.throws(
        () => compileJsonSchema(row.schema),
        (e) => e instanceof CallerError && e.code === "E070" && row.message.test(e.message),
      );
    });
  }
});

Deno.test("local references: $id, $anchor, $defs, definitions, recursion, escaped pointers", () => {
  const schema = {
    $id: "https://example.com/root.json",
    $defs: {
      "a/b~c": { type: "integer" },
      node: {
        $anchor: "node",
        type: "object",
        properties: { next: { $ref: "#node" }, n: { $ref: "#/$defs/a~1b~0c" } },
      },
    },
    definitions: { s: { $id: "s.json", type: "string" } },
    properties: { tree: { $ref: "#node" }, name: { $ref: "s.json" } },
  };
  const form = compileJsonSchema(schema);
  assert.equal(matchesForm(form, { tree: { n: 1, next: { n: 2, next: {} } }, name: "x" }), true);
  assert.equal(matchesForm(form, { tree: { next: { next: { n: "1" } } } }), false);
  assert.equal(matchesForm(form, { name: 1 }), false);
});

Deno.test("dialects: draft-04 boolean exclusiveMaximum, draft-07 items arrays and dependencies", () => {
  const d4 = compileJsonSchema({
    $schema: "http://json-schema.org/draft-04/schema#",
    maximum: 5,
    exclusiveMaximum: true,
  });
  assert.equal(matchesForm(d4, 5), false);
  assert.equal(matchesForm(d4, 4.9), true);
  const d7 = compileJsonSchema({
    $schema: "http://json-schema.org/draft-07/schema#",
    items: [{ type: "string" }],
    additionalItems: false,
    dependencies: { a: ["b"] },
  });
  assert.equal(matchesForm(d7, ["x"]), true);
  assert.equal(matchesForm(d7, ["x", 1]), false);
  assert.equal(matchesForm(d7, { a: 1 }), false);
});

Deno.test("a 4096-deep schema compiles and checks a 4096-deep value; 4097 is refused", () => {
  let schema: unknown = { type: "integer" };
  let value: unknown = 1;
  for (let i = 0; i < 4096; i++) {
    schema = { type: "array", items: schema };
    value = [value];
  }
  const form = compileJsonSchema(schema);
  assert.equal(matchesForm(form, value), true);
  const verdict = checkDeclaration(form, JSON.parse(JSON.stringify(value).replace("1", '"1"')));
  assert.equal(verdict.mismatched[0].pointer, "/0".repeat(4096));
  assert.throws(
    () => compileJsonSchema({ items: schema }),
    (e) => e instanceof CallerError && /nested deeper than 4096 levels/.test(e.message),
  );
});

Deno.test("numbers: multipleOf and integer on the exact decimal value", async (t) => {
  const rows: readonly { schema: unknown; value: unknown; valid: boolean }[] = [
    { schema: { multipleOf: 0.01 }, value: 0.07, valid: true },
    { schema: { multipleOf: 0.0001 }, value: 0.0075, valid: true },
    { schema: { multipleOf: 0.1 }, value: 0.35, valid: false },
    { schema: { type: "integer" }, value: 9007199254740993.0, valid: true },
    { schema: { type: "integer", multipleOf: 0.5 }, value: 1e308, valid: true },
    { schema: { type: "integer" }, value: 1.0, valid: true },
  ];
  for (const { schema, value, valid } of rows) {
    await t.step(`${JSON.stringify(schema)}: ${value}`, () => {
      assert.equal(matchesForm(compileJsonSchema(schema), value), valid, JSON.stringify(schema));
    });
  }
});

Deno.test("patterns: the known ReDoS shapes answer on long model strings (a linear matcher)", async (t) => {
  const long = "a".repeat(50_000);
  const rows: readonly { pattern: string; text: string; expected: boolean }[] = [
    { pattern: "(a+)+$", text: long + "!", expected: false },
    { pattern: "(a|a)*$", text: long + "!", expected: true },
    { pattern: "(a|aa)+$", text: long + "!", expected: false },
    { pattern: "(.*a){20}", text: "a".repeat(19) + "b".repeat(50_000), expected: false },
    { pattern: "^(\\w+\\s?)*$", text: "word ".repeat(10_000) + "!", expected: false },
  ];
  for (const { pattern, text, expected } of rows) {
    await t.step(pattern, () => {
      const form = compileJsonSchema({ pattern });
      assert.equal(matchesForm(form, text), expected);
    });
  }
});

Deno.test("uniqueItems hashes canonical forms: 100,000 items, 1 equals 1.0, members in any order", () => {
  const form = compileJsonSchema({ uniqueItems: true });
  const items = Array.from({ length: 100_000 }, (_, i) => ({ i, tag: [i % 7] }));
  assert.equal(matchesForm(form, items), true);
  assert.equal(matchesForm(form, [...items, { tag: [99_999 % 7], i: 99_999 }]), false);
  assert.equal(matchesForm(form, [1, 1.0]), false);
});

Deno.test("retry words for JSON Schema keywords: enum, additionalProperties, minItems", () => {
  const form = compileJsonSchema({
    type: "object",
    properties: { mode: { enum: ["fast", "safe"] }, tags: { type: "array", minItems: 1 } },
    additionalProperties: false,
  });
  assert.equal(
    describeVerdictProblems(checkDeclaration(form, { mode: "slow", tags: [], x: 1 })),
    '/mode must be one of "fast", "safe"; got the string "slow"; ' +
      "/tags must be an array with at least 1 item; got an array of 0 items; " +
      '/x must be absent (the object admits only "mode", "tags"); got 1',
  );
});

const WORDS: readonly { schema: unknown; value: unknown; words: string }[] = [
  {
    schema: { not: { type: "string" } },
    value: "x",
    words: 'the value must be anything but a string; got the string "x"',
  },
  {
    schema: { contains: { type: "integer" }, minContains: 2 },
    value: [1, "a"],
    words:
      "the value must be an array with at least 2 items that are an integer; got an array with 1 such item",
  },
  {
    schema: { propertyNames: { pattern: "^[a-z]+$" } },
    value: { Abc: 1 },
    words:
      'the value must be an object whose every member name is a string matching "^[a-z]+$"; got the member name "Abc"',
  },
  {
    schema: { uniqueItems: true },
    value: [1, 2, 1.0],
    words:
      "the value must be an array without duplicate items; got an array whose items 0 and 2 are equal",
  },
  {
    schema: { dependentRequired: { a: ["b"] } },
    value: { a: 1 },
    words: "required member /b is missing",
  },
  {
    schema: { oneOf: [{ type: "integer" }, { minimum: 0 }] },
    value: 3,
    words:
      "the value must be exactly one of the alternatives (an integer or a number at least 0); got 3, which matches 2 of them",
  },
  {
    schema: { type: "number", multipleOf: 0.5, exclusiveMinimum: 0 },
    value: 0.3,
    words: "the value must be a number greater than 0, divisible by 0.5; got 0.3",
  },
  {
    schema: {
      type: "object",
      properties: { a: { type: "integer" } },
      unevaluatedProperties: false,
    },
    value: { a: 1, b: 2 },
    words: '/b must be absent (the object admits only "a"); got 2',
  },
  {
    schema: { prefixItems: [{ type: "string" }], items: false },
    value: ["a", 1],
    words: "/1 must be absent (nothing is allowed here); got 1",
  },
  {
    schema: { minProperties: 2 },
    value: { a: 1 },
    words: "the value must be an object with at least 2 members; got an object with 1 member",
  },
  {
    schema: { type: ["string", "null"], maxLength: 2 },
    value: "abc",
    words:
      "the value must be null or a string of at most 2 characters; got a string of 3 characters",
  },
];

Deno.test("retry words for every kind of problem", async (t) => {
  for (const row of WORDS) {
    await t.step(JSON.stringify(row.schema), () => {
      const verdict = checkDeclaration(compileJsonSchema(row.schema), row.value);
      assert.equal(describeVerdictProblems(verdict), row.words);
    });
  }
});

Deno.test("anyOf/oneOf: the retry names the closest branch", () => {
  const form = compileJsonSchema({
    anyOf: [
      { type: "string" },
      {
        type: "object",
        properties: { limit: { type: "integer", maximum: 50 } },
        required: ["limit"],
      },
    ],
  });
  assert.equal(
    describeVerdictProblems(checkDeclaration(form, { limit: 70 })),
    "/limit must be an integer at most 50; got 70",
  );
  assert.equal(
    describeVerdictProblems(checkDeclaration(form, 3)),
    "the value must be a string or an object; got 3",
  );
});
