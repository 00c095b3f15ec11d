/**
 * `$ref`, `$defs`, `definitions` (`engine/declarations/keywords/ref.ts`): references that cannot resolve, and their words.
 * Rows moved here from `tests/describe_test.ts`,
 * `tests/jsonschema_refusals_test.ts` and `tests/jsonschema_keywords_test.ts`,
 * keyword by keyword.
 *
 * @module
 */

import {
  type KeywordRefusal,
  type MatchRow,
  runKeywordRefusals,
  runMatchRows,
} from "./keyword_cases.ts";

const D7 = "http://json-schema.org/draft-07/schema#";

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

const MATCHES: readonly MatchRow[] = [
  {
    name: "a $ref to a resource by its $id",
    schema: {
      $id: "https://example.com/root.json",
      $defs: { a: { $id: "a.json", type: "string" } },
      $ref: "a.json",
    },
    matches: ["x"],
    refuses: [1],
  },
  {
    name: "a $ref by pointer into a resource with its own $id",
    schema: {
      $id: "https://example.com/root.json",
      $defs: { a: { $id: "a.json", properties: { b: { type: "integer" } } } },
      $ref: "a.json#/properties/b",
    },
    matches: [1],
    refuses: ["1"],
  },
  {
    name: "a $ref to a plain-name $anchor",
    schema: { $defs: { a: { $anchor: "a-b.c_d", type: "string" } }, $ref: "#a-b.c_d" },
    matches: ["x"],
    refuses: [1],
  },
  {
    name: "a $ref into an array by index",
    schema: { prefixItems: [true, { type: "string" }], items: { $ref: "#/prefixItems/1" } },
    matches: [[1, "a", "b"]],
    refuses: [[1, "a", 2]],
  },
  {
    name: "a $ref into an array by a two-digit index",
    schema: {
      prefixItems: Array.from({ length: 11 }, (_, i) => i === 10 ? { type: "string" } : true),
      items: { $ref: "#/prefixItems/10" },
    },
    matches: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, "a", "b"]],
    refuses: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, "a", 1]],
  },
  {
    name: "a $ref into an annotation compiles it as a schema",
    schema: { default: { type: "string" }, $ref: "#/default" },
    matches: ["x"],
    refuses: [1],
  },
  {
    name: "a $ref into an array inside an annotation",
    schema: { $defs: { a: { examples: [{ type: "integer" }] } }, $ref: "#/$defs/a/examples/0" },
    matches: [1],
    refuses: ["1"],
  },
  {
    name: "a $ref through an escaped name",
    schema: {
      $defs: { "a/b": { type: "string" }, "c~d": { type: "integer" } },
      properties: { x: { $ref: "#/$defs/a~1b" }, y: { $ref: "#/$defs/c~0d" } },
    },
    matches: [{ x: "s", y: 1 }],
    refuses: [{ x: 1 }, { y: "s" }],
  },
  {
    name: "a $ref to a position not compiled on its own",
    schema: {
      $defs: { a: { properties: { b: { properties: { c: { type: "string" } } } } } },
      $ref: "#/$defs/a/properties/b/properties/c",
    },
    matches: ["x"],
    refuses: [1],
  },
  {
    name: "draft-07: $ref beside $id ignores the $id",
    schema: {
      $schema: D7,
      definitions: { a: { type: "string" } },
      properties: { p: { $id: "#/definitions/a", $ref: "#/definitions/a" } },
    },
    matches: [{ p: "x" }],
    refuses: [{ p: 1 }],
  },
];

runKeywordRefusals(
  "$ref, $defs, definitions: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("ref: what compiled schemas match and refuse", MATCHES);
