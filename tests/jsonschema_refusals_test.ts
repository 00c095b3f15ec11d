/**
 * `engine/declarations/jsonschema.ts`: every refusal as a table, each with
 * its exact words and the JSON pointer of the offending keyword (a keyword's
 * own malformed values are in its table in `tests/keywords/`): refused keywords, keywords a dialect does not know, `$ref`s
 * that leave the schema or point at nothing, in-place cycles, and several
 * problems in one message. Fast and deterministic, so `deno task mutate
 * engine/declarations/jsonschema.ts` runs it first; what the compiled schemas
 * accept is specified by the JSON-Schema-Test-Suite in
 * `tests/jsonschema_test.ts`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileJsonSchema } from "../engine/declarations/jsonschema.ts";
import { CallerError } from "../engine/errors.ts";

const D4 = "http://json-schema.org/draft-04/schema#";
const D7 = "http://json-schema.org/draft-07/schema#";
const D20 = "https://json-schema.org/draft/2020-12/schema";

interface Refusal {
  name: string;
  schema: unknown;
  /** The pointer of the first problem, in the schema. */
  pointer: string;
  /** The message after `E070 SchemaError at <pointer>: `. */
  message: string;
  /** Compile options (default none). */
  options?: { strictKeywords?: boolean };
}

const REFUSALS: readonly Refusal[] = [
  {
    name: "a root that is neither an object nor a boolean",
    schema: 5,
    pointer: "",
    message: "schema at the root must be an object or a boolean, found number",
  },
  {
    name: "a subschema that is neither",
    schema: { "properties": { "a": "x" } },
    pointer: "/properties/a",
    message: "schema at /properties/a must be an object or a boolean, found string",
  },
  {
    name: "$id not a string",
    schema: { "$id": 5 },
    pointer: "/$id",
    message: '"$id" at the root must be a string',
  },
  {
    name: "$id not a URI reference",
    schema: { "$id": "http://a b/%zz" },
    pointer: "/$id",
    message: '"$id" "http://a b/%zz" is not a URI reference',
  },
  {
    name: "id not a string in draft-04",
    schema: { "$schema": D4, "id": 5 },
    pointer: "/id",
    message: '"id" at the root must be a string',
  },
  {
    name: "$schema not a string",
    schema: { "$schema": 5 },
    pointer: "/$schema",
    message:
      'unknown "$schema" 5 at the root; use 2020-12, 2019-09, draft-07, draft-06 or draft-04',
  },
  {
    name: "an unknown $schema",
    schema: { "$schema": "https://example.com/schema" },
    pointer: "/$schema",
    message:
      'unknown "$schema" "https://example.com/schema" at the root; use 2020-12, 2019-09, draft-07, draft-06 or draft-04',
  },
  {
    name: "a second dialect inside",
    schema: { "$defs": { "a": { "$schema": D7 } } },
    pointer: "/$defs/a/$schema",
    message:
      '"$schema" at /$defs/a selects draft-07 inside a 2020-12 schema; one dialect per schema',
  },
  {
    name: "$anchor not a plain name",
    schema: { "$anchor": "1a" },
    pointer: "/$anchor",
    message: '"$anchor" at the root must be a plain name',
  },
  {
    name: "$anchor not a string",
    schema: { "$anchor": 1 },
    pointer: "/$anchor",
    message: '"$anchor" at the root must be a plain name',
  },
  {
    name: "$dynamicRef",
    schema: { "$dynamicRef": "#a" },
    pointer: "/$dynamicRef",
    message: 'unsupported keyword "$dynamicRef" at the root: dynamic references are not supported',
  },
  {
    name: "$dynamicAnchor",
    schema: { "$dynamicAnchor": "a" },
    pointer: "/$dynamicAnchor",
    message:
      'unsupported keyword "$dynamicAnchor" at the root: dynamic references are not supported',
  },
  {
    name: "$recursiveRef",
    schema: { "$recursiveRef": "#" },
    pointer: "/$recursiveRef",
    message:
      'unsupported keyword "$recursiveRef" at the root: recursive references ($recursiveRef) are not supported',
  },
  {
    name: "$recursiveAnchor",
    schema: { "$recursiveAnchor": true },
    pointer: "/$recursiveAnchor",
    message:
      'unsupported keyword "$recursiveAnchor" at the root: recursive references ($recursiveAnchor) are not supported',
  },
  {
    name: "$vocabulary",
    schema: { "$vocabulary": {} },
    pointer: "/$vocabulary",
    message: 'unsupported keyword "$vocabulary" at the root: custom vocabularies are not supported',
  },
  {
    name: "an unknown keyword with strictKeywords",
    schema: { "x-foo": 1 },
    options: { strictKeywords: true },
    pointer: "/x-foo",
    message: 'unsupported keyword "x-foo" at the root',
  },
  {
    name: "a documentation keyword with strictKeywords",
    schema: { properties: { a: { example: 3 } } },
    options: { strictKeywords: true },
    pointer: "/properties/a/example",
    message: 'unsupported keyword "example" at /properties/a',
  },
  {
    name: "nullable in a schema naming its dialect",
    schema: { "$schema": D20, type: "string", nullable: true },
    pointer: "/nullable",
    message:
      'unsupported keyword "nullable" at the root: an OpenAPI 3.0 keyword, not a keyword of 2020-12 (the dialect "$schema" selects); write "type" with "null"',
  },
  {
    name: "nullable not a boolean",
    schema: { type: "string", nullable: "yes" },
    pointer: "/nullable",
    message: '"nullable" at the root must be a boolean',
  },
  {
    name: "divisibleBy (draft-03)",
    schema: { divisibleBy: 2 },
    pointer: "/divisibleBy",
    message:
      'unsupported keyword "divisibleBy" at the root: a draft-03 keyword; write "multipleOf"',
  },
  {
    name: "disallow (draft-03)",
    schema: { properties: { a: { disallow: "string" } } },
    pointer: "/properties/a/disallow",
    message: 'unsupported keyword "disallow" at /properties/a: a draft-03 keyword; write "not"',
  },
  {
    name: "extends (draft-03)",
    schema: { extends: {} },
    pointer: "/extends",
    message: 'unsupported keyword "extends" at the root: a draft-03 keyword; write "allOf"',
  },
  {
    name: "patternProperties with a refused pattern",
    schema: { "patternProperties": { "(?=a)": {} } },
    pointer: "/patternProperties/(?=a)",
    message:
      'pattern "(?=a)" of "patternProperties" at the root is refused: lookaround assertions ((?=, (?!, (?<=, (?<!) are not supported',
  },
  {
    name: "dependentRequired with a non-array",
    schema: { "dependentRequired": { "a": "b" } },
    pointer: "/dependentRequired/a",
    message: '"dependentRequired" at the root must be an array of strings',
  },
  {
    name: "dependentRequired twice",
    schema: { "dependentRequired": { "a": ["b", "b"] } },
    pointer: "/dependentRequired/a",
    message: '"dependentRequired" at the root lists a name twice',
  },
  {
    name: "dependencies in draft-07 with a bad list",
    schema: { "$schema": D7, "dependencies": { "a": [1] } },
    pointer: "/dependencies/a",
    message: '"dependencies" at the root must be an array of strings',
  },
  {
    name: "$ref cycle in place",
    schema: {
      "$defs": { "a": { "$ref": "#/$defs/b" }, "b": { "$ref": "#/$defs/a" } },
      "$ref": "#/$defs/a",
    },
    pointer: "/$defs/b",
    message: "a cycle of references that consumes no input passes through /$defs/a",
  },
  {
    name: "$ref to itself",
    schema: { "$ref": "#" },
    pointer: "",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "$id in draft-04",
    schema: { "$schema": D4, "$id": "a" },
    pointer: "/$id",
    message:
      'unsupported keyword "$id" at the root: a keyword of draft-06 and later, not of draft-04 (the dialect "$schema" selects)',
  },

  {
    name: "a BigInt in enum",
    schema: { enum: [1, 2n] },
    pointer: "/enum/1",
    message: "the BigInt 2n (JSON has no BigInt; write a number) at /enum/1: a schema is JSON",
  },
  {
    name: "a hole in allOf",
    schema: { allOf: [{}, , {}] },
    pointer: "/allOf/1",
    message: "a hole in an array at /allOf/1: a schema is JSON (write null, or remove the comma)",
  },
  {
    name: "a $schema URI must start with http",
    schema: { "$schema": "xhttp://json-schema.org/draft-07/schema#" },
    pointer: "/$schema",
    message:
      'unknown "$schema" "xhttp://json-schema.org/draft-07/schema#" at the root; use 2020-12, 2019-09, draft-07, draft-06 or draft-04',
  },
  {
    name: "$anchor with a space",
    schema: { "$anchor": "a b" },
    pointer: "/$anchor",
    message: '"$anchor" at the root must be a plain name',
  },
  {
    name: "a cycle through allOf",
    schema: { "$defs": { "a": { "allOf": [{ "$ref": "#/$defs/a" }] } }, "$ref": "#/$defs/a" },
    pointer: "/$defs/a/allOf/0",
    message: "a cycle of references that consumes no input passes through /$defs/a",
  },
  {
    name: "a cycle through anyOf",
    schema: { "anyOf": [{ "$ref": "#" }] },
    pointer: "/anyOf/0",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "a cycle through oneOf",
    schema: { "oneOf": [true, { "$ref": "#" }] },
    pointer: "/oneOf/1",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "a cycle through dependentSchemas",
    schema: { "dependentSchemas": { "a": { "$ref": "#" } } },
    pointer: "/dependentSchemas/a",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "a null root",
    schema: null,
    pointer: "",
    message: "schema at the root must be an object or a boolean, found null",
  },
];

Deno.test("every refusal: its pointer and its words", async (t) => {
  for (const row of REFUSALS) {
    await t.step(row.name, () => {
      assert.throws(() => compileJsonSchema(row.schema, row.options), (e: unknown) => {
        assert.ok(e instanceof CallerError);
        assert.equal(e.code, "E070");
        assert.equal(e.pointer, row.pointer);
        const at = row.pointer === "" ? "" : ` at ${row.pointer}`;
        assert.equal(e.message, `E070 SchemaError${at}: ${row.message}`);
        return true;
      });
    });
  }
});

Deno.test("a refusal lists 20 problems, then how many more", async (t) => {
  const rows = [
    { name: "20 problems: all listed", problems: 20, listed: 20, more: "" },
    { name: "21 problems: 20 listed and 1 more", problems: 21, listed: 20, more: "and 1 more" },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const schema = { allOf: Array.from({ length: row.problems }, () => ({ minLength: -1 })) };
      assert.throws(() => compileJsonSchema(schema), (e: unknown) => {
        assert.ok(e instanceof CallerError);
        const parts = e.detail.split("; ");
        const listed = parts.filter((p) => p.endsWith("must be a non-negative integer, found -1"));
        assert.equal(listed.length, row.listed);
        assert.equal(parts.length, row.listed + (row.more === "" ? 0 : 1));
        if (row.more !== "") assert.equal(parts.at(-1), row.more);
        return true;
      });
    });
  }
});
