/**
 * `engine/declarations/jsonschema.ts`: every refusal as a table, each with
 * its exact words and the JSON pointer of the offending keyword: malformed
 * keyword values, refused keywords, keywords a dialect does not know, `$ref`s
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
const D6 = "http://json-schema.org/draft-06/schema#";
const D7 = "http://json-schema.org/draft-07/schema#";
const D19 = "https://json-schema.org/draft/2019-09/schema";
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
    name: "$ref not a string",
    schema: { "$ref": 5 },
    pointer: "/$ref",
    message: '"$ref" at the root must be a string',
  },
  {
    name: "$defs not an object",
    schema: { "$defs": 5 },
    pointer: "/$defs",
    message: '"$defs" at the root must be an object, found number',
  },
  {
    name: "definitions an array",
    schema: { "definitions": [] },
    pointer: "/definitions",
    message: '"definitions" at the root must be an object, found array',
  },
  {
    name: "type unknown",
    schema: { "type": "str" },
    pointer: "/type",
    message:
      '"type" at the root must be one of null, boolean, string, number, integer, object, array or an array of them, found "str"',
  },
  {
    name: "type list with a non-string",
    schema: { "type": ["string", 5] },
    pointer: "/type",
    message:
      '"type" at the root must be one of null, boolean, string, number, integer, object, array or an array of them, found ["string",5]',
  },
  {
    name: "enum not an array",
    schema: { "enum": 5 },
    pointer: "/enum",
    message: '"enum" at the root must be an array',
  },
  {
    name: "multipleOf 0",
    schema: { "multipleOf": 0 },
    pointer: "/multipleOf",
    message: '"multipleOf" at the root must be greater than 0',
  },
  {
    name: "multipleOf negative",
    schema: { "multipleOf": -1 },
    pointer: "/multipleOf",
    message: '"multipleOf" at the root must be greater than 0',
  },
  {
    name: "multipleOf a string",
    schema: { "multipleOf": "2" },
    pointer: "/multipleOf",
    message: '"multipleOf" at the root must be a number, found string',
  },
  {
    name: "minimum null",
    schema: { "minimum": null },
    pointer: "/minimum",
    message: '"minimum" at the root must be a number, found null',
  },
  {
    name: "maximum a string",
    schema: { "maximum": "1" },
    pointer: "/maximum",
    message: '"maximum" at the root must be a number, found string',
  },
  {
    name: "exclusiveMinimum a boolean after draft-04",
    schema: { "$schema": D7, "exclusiveMinimum": true, minimum: 1 },
    pointer: "/exclusiveMinimum",
    message:
      'boolean "exclusiveMinimum" at the root is draft-04, not draft-07 (the dialect "$schema" selects); write the bound as a number',
  },
  {
    name: "exclusiveMaximum true without maximum, no dialect named",
    schema: { "exclusiveMaximum": true },
    pointer: "/exclusiveMaximum",
    message: '"exclusiveMaximum": true at the root needs "maximum" beside it (draft-04)',
  },
  {
    name: "exclusiveMinimum true without minimum in draft-04",
    schema: { "$schema": D4, "exclusiveMinimum": true },
    pointer: "/exclusiveMinimum",
    message: '"exclusiveMinimum": true at the root needs "minimum" beside it (draft-04)',
  },
  {
    name: "exclusiveMaximum a number in draft-04",
    schema: { "$schema": D4, "exclusiveMaximum": 5 },
    pointer: "/exclusiveMaximum",
    message: '"exclusiveMaximum" at the root must be a boolean in draft-04',
  },
  {
    name: "minLength fractional",
    schema: { "minLength": 1.5 },
    pointer: "/minLength",
    message: '"minLength" at the root must be a non-negative integer, found 1.5',
  },
  {
    name: "maxLength a string",
    schema: { "maxLength": "1" },
    pointer: "/maxLength",
    message: '"maxLength" at the root must be a non-negative integer, found "1"',
  },
  {
    name: "minItems negative",
    schema: { "minItems": -1 },
    pointer: "/minItems",
    message: '"minItems" at the root must be a non-negative integer, found -1',
  },
  {
    name: "maxItems null",
    schema: { "maxItems": null },
    pointer: "/maxItems",
    message: '"maxItems" at the root must be a non-negative integer, found null',
  },
  {
    name: "minContains negative",
    schema: { "minContains": -1 },
    pointer: "/minContains",
    message: '"minContains" at the root must be a non-negative integer, found -1',
  },
  {
    name: "maxContains fractional",
    schema: { "maxContains": 0.5 },
    pointer: "/maxContains",
    message: '"maxContains" at the root must be a non-negative integer, found 0.5',
  },
  {
    name: "minProperties a boolean",
    schema: { "minProperties": true },
    pointer: "/minProperties",
    message: '"minProperties" at the root must be a non-negative integer, found true',
  },
  {
    name: "maxProperties negative",
    schema: { "maxProperties": -2 },
    pointer: "/maxProperties",
    message: '"maxProperties" at the root must be a non-negative integer, found -2',
  },
  {
    name: "pattern not a string",
    schema: { "pattern": 5 },
    pointer: "/pattern",
    message: '"pattern" at the root must be a string, found number',
  },
  {
    name: "pattern with lookaround",
    schema: { "pattern": "a(?!b)" },
    pointer: "/pattern",
    message:
      '"pattern" at the root is refused: lookaround assertions ((?=, (?!, (?<=, (?<!) are not supported',
  },
  {
    name: "prefixItems empty",
    schema: { "prefixItems": [] },
    pointer: "/prefixItems",
    message: '"prefixItems" at the root must be a non-empty array of schemas',
  },
  {
    name: "prefixItems not an array",
    schema: { "prefixItems": {} },
    pointer: "/prefixItems",
    message: '"prefixItems" at the root must be a non-empty array of schemas',
  },
  {
    name: "items array in a schema naming 2020-12",
    schema: { "$schema": D20, "items": [{}] },
    pointer: "/items",
    message:
      '"items" at the root is an array: the tuple form of 2019-09 and older, not of 2020-12 (the dialect "$schema" selects); write "prefixItems"',
  },
  {
    name: "items a number",
    schema: { "items": 5 },
    pointer: "/items",
    message: "schema at /items must be an object or a boolean, found number",
  },
  {
    name: "properties an array",
    schema: { "properties": [] },
    pointer: "/properties",
    message: '"properties" at the root must be an object, found array',
  },
  {
    name: "patternProperties with a refused pattern",
    schema: { "patternProperties": { "(?=a)": {} } },
    pointer: "/patternProperties/(?=a)",
    message:
      'pattern "(?=a)" of "patternProperties" at the root is refused: lookaround assertions ((?=, (?!, (?<=, (?<!) are not supported',
  },
  {
    name: "patternProperties null",
    schema: { "patternProperties": null },
    pointer: "/patternProperties",
    message: '"patternProperties" at the root must be an object, found null',
  },
  {
    name: "required not an array",
    schema: { "required": "a" },
    pointer: "/required",
    message: '"required" at the root must be an array of strings',
  },
  {
    name: "required with a number",
    schema: { "required": ["a", 1] },
    pointer: "/required",
    message: '"required" at the root must be an array of strings',
  },
  {
    name: "required twice",
    schema: { "required": ["a", "a"] },
    pointer: "/required",
    message: '"required" at the root lists a name twice',
  },
  {
    name: "dependentRequired not an object",
    schema: { "dependentRequired": [] },
    pointer: "/dependentRequired",
    message: '"dependentRequired" at the root must be an object',
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
    name: "dependentSchemas not an object",
    schema: { "dependentSchemas": 1 },
    pointer: "/dependentSchemas",
    message: '"dependentSchemas" at the root must be an object, found number',
  },
  {
    name: "dependencies in draft-07 not an object",
    schema: { "$schema": D7, "dependencies": 1 },
    pointer: "/dependencies",
    message: '"dependencies" at the root must be an object',
  },
  {
    name: "dependencies in draft-07 with a bad list",
    schema: { "$schema": D7, "dependencies": { "a": [1] } },
    pointer: "/dependencies/a",
    message: '"dependencies" at the root must be an array of strings',
  },
  {
    name: "allOf empty",
    schema: { "allOf": [] },
    pointer: "/allOf",
    message: '"allOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "anyOf not an array",
    schema: { "anyOf": {} },
    pointer: "/anyOf",
    message: '"anyOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "oneOf empty",
    schema: { "oneOf": [] },
    pointer: "/oneOf",
    message: '"oneOf" at the root must be a non-empty array of schemas',
  },
  {
    name: "not a number",
    schema: { "not": 1 },
    pointer: "/not",
    message: "schema at /not must be an object or a boolean, found number",
  },
  {
    name: "contains a string",
    schema: { "contains": "x" },
    pointer: "/contains",
    message: "schema at /contains must be an object or a boolean, found string",
  },
  {
    name: "remote $ref",
    schema: { "$ref": "https://example.com/s.json" },
    pointer: "/$ref",
    message:
      'unsupported keyword "$ref" at the root: remote reference "https://example.com/s.json" (only references inside the schema are supported)',
  },
  {
    name: "relative remote $ref",
    schema: { "$ref": "other.json#/a" },
    pointer: "/$ref",
    message:
      'unsupported keyword "$ref" at the root: remote reference "other.json#/a" (only references inside the schema are supported)',
  },
  {
    name: "$ref to an unknown anchor",
    schema: { "$ref": "#nope" },
    pointer: "/$ref",
    message: '"$ref" "#nope" at /$ref names no $anchor or $id of the schema',
  },
  {
    name: "$ref to nothing",
    schema: { "$ref": "#/$defs/none" },
    pointer: "/$ref",
    message: '"$ref" "#/$defs/none" at /$ref points at nothing in the schema',
  },
  {
    name: "$ref not a URI reference",
    schema: { "$ref": "http://a b/%zz" },
    pointer: "/$ref",
    message: '"$ref" "http://a b/%zz" at /$ref is not a URI reference',
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
    name: "const in draft-04",
    schema: { "$schema": D4, "const": 1 },
    pointer: "/const",
    message:
      'unsupported keyword "const" at the root: a keyword of draft-06 and later, not of draft-04 (the dialect "$schema" selects)',
  },
  {
    name: "$id in draft-04",
    schema: { "$schema": D4, "$id": "a" },
    pointer: "/$id",
    message:
      'unsupported keyword "$id" at the root: a keyword of draft-06 and later, not of draft-04 (the dialect "$schema" selects)',
  },
  {
    name: "if in draft-06",
    schema: { "$schema": D6, "if": {} },
    pointer: "/if",
    message:
      'unsupported keyword "if" at the root: a keyword of draft-07 and later, not of draft-06 (the dialect "$schema" selects)',
  },

  {
    name: "prefixItems in 2019-09",
    schema: { "$schema": D19, "prefixItems": [{}] },
    pointer: "/prefixItems",
    message:
      'unsupported keyword "prefixItems" at the root: a keyword of 2020-12, not of 2019-09 (the dialect "$schema" selects)',
  },
  {
    name: "minContains in draft-07",
    schema: { "$schema": D7, "contains": {}, "minContains": 2 },
    pointer: "/minContains",
    message:
      'unsupported keyword "minContains" at the root: a keyword of 2019-09 and later, not of draft-07 (the dialect "$schema" selects)',
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
    name: "two problems listed",
    schema: { "minLength": -1, "properties": { "a": { "type": "x" } } },
    pointer: "/minLength",
    message:
      '"minLength" at the root must be a non-negative integer, found -1; "type" at /properties/a must be one of null, boolean, string, number, integer, object, array or an array of them, found "x"',
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
    name: "additionalItems without an array items is still compiled",
    schema: { "$schema": D7, "additionalItems": { "type": "x" } },
    pointer: "/additionalItems/type",
    message:
      '"type" at /additionalItems must be one of null, boolean, string, number, integer, object, array or an array of them, found "x"',
  },
  {
    name: "$ref problems wait for the other problems",
    schema: { "minLength": -1, "$ref": "#/nope" },
    pointer: "/minLength",
    message: '"minLength" at the root must be a non-negative integer, found -1',
  },
  {
    name: "in-place cycles wait for the other problems",
    schema: { "minLength": -1, "$ref": "#" },
    pointer: "/minLength",
    message: '"minLength" at the root must be a non-negative integer, found -1',
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
    name: "a cycle through not",
    schema: { "not": { "$ref": "#" } },
    pointer: "/not",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "a cycle through if",
    schema: { "if": { "$ref": "#" } },
    pointer: "/if",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "a cycle through then",
    schema: { "if": true, "then": { "$ref": "#" } },
    pointer: "/then",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "a cycle through else",
    schema: { "if": true, "else": { "$ref": "#" } },
    pointer: "/else",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "a cycle through dependentSchemas",
    schema: { "dependentSchemas": { "a": { "$ref": "#" } } },
    pointer: "/dependentSchemas/a",
    message: "a cycle of references that consumes no input passes through the root",
  },
  {
    name: "a $ref to an array index with a leading zero",
    schema: { "prefixItems": [true, { "type": "string" }], "$ref": "#/prefixItems/01" },
    pointer: "/$ref",
    message: '"$ref" "#/prefixItems/01" at /$ref points at nothing in the schema',
  },
  {
    name: "a $ref past the end of an array",
    schema: { "prefixItems": [true], "items": { "$ref": "#/prefixItems/1" } },
    pointer: "/items/$ref",
    message: '"$ref" "#/prefixItems/1" at /items/$ref points at nothing in the schema',
  },
  {
    name: "a $ref pointer without its slash",
    schema: { "$defs": { "a": true }, "$ref": "#$defs" },
    pointer: "/$ref",
    message: '"$ref" "#$defs" at /$ref names no $anchor or $id of the schema',
  },
  {
    name: "additionalItems beside an array items, compiled once where it stands",
    schema: { $schema: D7, items: [], additionalItems: { minLength: -1 } },
    pointer: "/additionalItems/minLength",
    message: '"minLength" at /additionalItems must be a non-negative integer, found -1',
  },
  {
    name: "a null root",
    schema: null,
    pointer: "",
    message: "schema at the root must be an object or a boolean, found null",
  },
  {
    name: "a malformed schema reached by a $ref into an annotation",
    schema: { default: { minLength: -1 }, $ref: "#/default" },
    pointer: "/default/minLength",
    message: '"minLength" at /default must be a non-negative integer, found -1',
  },
  {
    name: "a remote $ref inside names the schema that holds it",
    schema: { properties: { a: { $ref: "https://example.com/s.json" } } },
    pointer: "/properties/a/$ref",
    message:
      'unsupported keyword "$ref" at /properties/a: remote reference "https://example.com/s.json" (only references inside the schema are supported)',
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
