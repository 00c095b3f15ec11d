/**
 * `if`/`then`/`else`, `dependentSchemas`, `dependencies` (`engine/declarations/keywords/conditional.ts`): malformed values refused.
 * Rows moved here from `tests/describe_test.ts`,
 * `tests/jsonschema_refusals_test.ts` and `tests/jsonschema_keywords_test.ts`,
 * keyword by keyword.
 *
 * @module
 */

import assert from "node:assert/strict";
import { checkForm, compiledCheck } from "../../engine/declarations/check.ts";
import { emptyNode } from "../../engine/declarations/form.ts";
import { compileJsonSchema } from "../../engine/declarations/jsonschema.ts";
import {
  compileDependentSchemas,
  compileIf,
} from "../../engine/declarations/keywords/conditional.ts";
import {
  type KeywordRefusal,
  type MatchRow,
  runKeywordRefusals,
  runMatchRows,
} from "./keyword_cases.ts";

const D6 = "http://json-schema.org/draft-06/schema#";
const D7 = "http://json-schema.org/draft-07/schema#";

const REFUSALS: readonly KeywordRefusal[] = [
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
    name: "if in draft-06",
    schema: { "$schema": D6, "if": {} },
    pointer: "/if",
    message:
      'unsupported keyword "if" at the root: a keyword of draft-07 and later, not of draft-06 (the dialect "$schema" selects)',
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
    name: "dependencies: a malformed name list, refused at its member",
    schema: { "$schema": D7, "dependencies": { "a/b": [1] } },
    pointer: "/dependencies/a~1b",
    message: '"dependencies" at the root must be an array of strings',
  },
  {
    name: "dependencies: a malformed schema, refused at its member",
    schema: { "$schema": D7, "dependencies": { "a/b": 5 } },
    pointer: "/dependencies/a~1b",
    message: "schema at /dependencies/a~1b must be an object or a boolean, found number",
  },
  {
    name: "dependentSchemas: a malformed schema, refused at its member",
    schema: { "dependentSchemas": { "a/b": 5 } },
    pointer: "/dependentSchemas/a~1b",
    message: "schema at /dependentSchemas/a~1b must be an object or a boolean, found number",
  },
];

/** An array of arrays, to any depth: a recursive schema, which is not compiled into closures. */
const NESTED = { type: "array", items: { $ref: "#/$defs/nested" } };

const MATCHES: readonly MatchRow[] = [
  {
    name: "then without if asserts nothing",
    schema: { then: false },
    matches: [1, "a"],
    refuses: [],
  },
  {
    name: "else without if asserts nothing",
    schema: { else: false },
    matches: [1],
    refuses: [],
  },
  {
    name: "then without if: a reference back through it is no cycle (it never applies)",
    schema: { then: { $ref: "#" } },
    matches: [1, "a"],
    refuses: [],
  },
  {
    name: "else without if: the same",
    schema: { else: { $ref: "#" } },
    matches: [1],
    refuses: [],
  },

  {
    name: "if, then and else",
    schema: { if: { type: "string" }, then: { minLength: 2 }, else: { type: "integer" } },
    matches: ["ab", 1],
    refuses: ["a", 1.5],
  },
  {
    name: "draft-07: dependencies, names and schemas",
    schema: { $schema: D7, dependencies: { a: ["b"], c: { required: ["d"] } } },
    matches: [{ a: 1, b: 1 }, { c: 1, d: 1 }, { b: 1 }, { undefined: 1 }],
    refuses: [{ a: 1 }, { c: 1 }],
  },
  {
    name: "dependentRequired and dependentSchemas",
    schema: { dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["d"] } } },
    matches: [{ a: 1, b: 1 }, { c: 1, d: 1 }, { undefined: 1 }],
    refuses: [{ a: 1 }, { c: 1 }],
  },
  {
    name: "a recursive if: the branch it picks still applies",
    schema: { $defs: { nested: NESTED }, if: { $ref: "#/$defs/nested" }, then: { minItems: 1 } },
    matches: [[[]], [1], "a"],
    refuses: [[]],
  },
  {
    name: "a recursive then",
    schema: { $defs: { nested: NESTED }, if: { type: "array" }, then: { $ref: "#/$defs/nested" } },
    matches: [[], [[]], "a"],
    refuses: [[1]],
  },
  {
    name: "a recursive else",
    schema: { $defs: { nested: NESTED }, if: { type: "string" }, else: { $ref: "#/$defs/nested" } },
    matches: ["a", [], [[]]],
    refuses: [1, [1]],
  },
  {
    name: "unevaluatedProperties: a member the if evaluated counts only when the if matches",
    schema: {
      properties: { b: {} },
      if: { properties: { a: {}, b: { const: 1 } } },
      unevaluatedProperties: false,
    },
    matches: [{ a: 1, b: 1 }, { b: 2 }],
    refuses: [{ a: 1, b: 2 }],
  },
  {
    name: "unevaluatedProperties: a member the branch taken evaluated counts",
    schema: {
      if: { required: ["a"] },
      then: { properties: { a: {} } },
      else: { properties: { b: {} } },
      unevaluatedProperties: false,
    },
    matches: [{ a: 1 }, { b: 1 }, {}],
    refuses: [{ a: 1, b: 1 }, { c: 1 }],
  },
  {
    name: "unevaluatedProperties: a member a dependent schema evaluated counts",
    schema: {
      properties: { a: {} },
      dependentSchemas: { a: { properties: { b: {} } } },
      unevaluatedProperties: false,
    },
    matches: [{ a: 1, b: 1 }, {}],
    refuses: [{ b: 1 }, { a: 1, c: 1 }],
  },
  {
    name: "dependentSchemas applies to objects only: an array's index or a string's is no member",
    schema: { dependentSchemas: { "0": false } },
    matches: ["abc", [1]],
    refuses: [{ "0": 1 }],
  },
  {
    name: "dependentSchemas applies to objects only, also when annotations are collected",
    schema: { dependentSchemas: { "0": false }, unevaluatedProperties: true },
    matches: ["abc", [1]],
    refuses: [{ "0": 1 }],
  },
];

runKeywordRefusals(
  "if/then/else, dependentSchemas, dependencies: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("conditional: what compiled schemas match and refuse", MATCHES);

Deno.test("conditional: no check without the keyword; if with then alone, or else alone, is compiled", () => {
  assert.equal(compileIf(emptyNode(0, ""), () => null), undefined);
  assert.equal(compileDependentSchemas(emptyNode(0, ""), () => null), undefined);
  for (
    const schema of [
      { if: { type: "string" }, then: { minLength: 2 } },
      { if: { type: "string" }, else: { type: "integer" } },
    ]
  ) {
    assert.notEqual(compiledCheck(compileJsonSchema(schema)), null, JSON.stringify(schema));
  }
});

Deno.test("dependentSchemas: every dependent schema that fails is reported", () => {
  const form = compileJsonSchema({
    dependentSchemas: { a: { required: ["x"] }, b: { required: ["y"] } },
  });
  assert.deepEqual(
    checkForm(form, { a: 1, b: 1 }).issues.map((i) => `${i.pointer} ${i.keyword}`),
    ["/x required", "/y required"],
  );
  assert.equal(checkForm(form, { a: 1, b: 1, x: 1, y: 1 }).ok, true);
});
