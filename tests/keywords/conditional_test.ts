/**
 * `if`/`then`/`else`, `dependentSchemas`, `dependencies` (`engine/declarations/keywords/conditional.ts`): malformed values refused.
 * Rows moved here from `tests/describe_test.ts` and
 * `tests/jsonschema_refusals_test.ts`, keyword by keyword.
 *
 * @module
 */

import { type KeywordRefusal, runKeywordRefusals } from "./keyword_cases.ts";

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

runKeywordRefusals(
  "if/then/else, dependentSchemas, dependencies: malformed values refused with their pointers and words",
  REFUSALS,
);
