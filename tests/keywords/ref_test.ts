/**
 * `$ref`, `$defs`, `definitions` (`engine/declarations/keywords/ref.ts`): references that cannot resolve, and their words.
 * Rows moved here from `tests/describe_test.ts` and
 * `tests/jsonschema_refusals_test.ts`, keyword by keyword.
 *
 * @module
 */

import { type KeywordRefusal, runKeywordRefusals } from "./keyword_cases.ts";

const REFUSALS: readonly KeywordRefusal[] = [
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
    name: "a remote $ref inside names the schema that holds it",
    schema: { properties: { a: { $ref: "https://example.com/s.json" } } },
    pointer: "/properties/a/$ref",
    message:
      'unsupported keyword "$ref" at /properties/a: remote reference "https://example.com/s.json" (only references inside the schema are supported)',
  },
];

runKeywordRefusals(
  "$ref, $defs, definitions: malformed values refused with their pointers and words",
  REFUSALS,
);
