/**
 * `required`, `dependentRequired` (`engine/declarations/keywords/required.ts`): the missing member at its pointer, in words; malformed lists refused.
 * Rows moved here from `tests/describe_test.ts` and
 * `tests/jsonschema_refusals_test.ts`, keyword by keyword.
 *
 * @module
 */

import {
  type KeywordRefusal,
  type MatchRow,
  runKeywordRefusals,
  runMatchRows,
  runWordsRows,
  type WordsRow,
} from "./keyword_cases.ts";

const WORDS: readonly WordsRow[] = [
  {
    name: "required: the pointer of the missing member",
    declaration: "{!query:string}",
    value: {},
    keyword: "required",
    pointer: "/query",
    expected: "present (it is required)",
    found: "nothing",
  },
  {
    name: "required: a member name escaped in the pointer",
    declaration: { required: ["a/b~c"] },
    value: {},
    keyword: "required",
    pointer: "/a~1b~0c",
    expected: "present (it is required)",
    found: "nothing",
  },
  {
    name: "dependentRequired: the member that asks for it",
    declaration: { dependentRequired: { card: ["cvc"] } },
    value: { card: 1 },
    keyword: "dependentRequired",
    pointer: "/cvc",
    expected: 'present (required when "card" is present)',
    found: "nothing",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "a dependentRequired list that is not a list of names, at the member that holds it",
    schema: { dependentRequired: { "a/b": "x" } },
    pointer: "/dependentRequired/a~1b",
    message: '"dependentRequired" at the root must be an array of strings',
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
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "a member named undefined is only a name to dependentRequired",
    schema: { dependentRequired: { a: ["b"] } },
    matches: [{ undefined: 1 }, { a: 1, b: 2, undefined: 3 }],
    refuses: [{ a: 1, undefined: 3 }],
  },
  {
    name: "required members own, names on Object.prototype included; dependents when present",
    schema: { required: ["a", "toString"], dependentRequired: { b: ["c"] } },
    matches: [{ a: 1, toString: 2 }, { a: 1, toString: 2, b: 3, c: 4 }, "x"],
    refuses: [{ a: 1 }, {}, { a: 1, toString: 2, b: 3 }],
  },
];

runWordsRows("required, dependentRequired: a value failing one keyword, and its words", WORDS);
runKeywordRefusals(
  "required, dependentRequired: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("required: what compiled schemas match and refuse", MATCHES);
