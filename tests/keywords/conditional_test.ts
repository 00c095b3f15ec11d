/**
 * `if`/`then`/`else`, `dependentSchemas`, `dependencies` (`engine/declarations/keywords/conditional.ts`): malformed values refused.
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
];

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
];

runKeywordRefusals(
  "if/then/else, dependentSchemas, dependencies: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("conditional: what compiled schemas match and refuse", MATCHES);
