/**
 * `properties`, `patternProperties`, `additionalProperties`, `propertyNames` (`engine/declarations/keywords/properties.ts`): members not admitted and refused names in words; malformed maps refused.
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
    name: "additionalProperties false: the names admitted",
    declaration: 'closed{!a:integer,"b c":string}',
    value: { a: 1, d: [1] },
    keyword: "additionalProperties",
    pointer: "/d",
    expected: 'absent (the object admits only "a", "b c")',
    found: "an array of 1 item",
  },
  {
    name: "additionalProperties false without properties: no other members",
    declaration: { additionalProperties: false },
    value: { b: 2 },
    keyword: "additionalProperties",
    pointer: "/b",
    expected: "absent (the object admits no other members)",
    found: "2",
  },
  {
    name: "additionalProperties false with 12 properties: the first 10 named",
    declaration: {
      properties: Object.fromEntries(
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"].map((k) => [k, {}]),
      ),
      additionalProperties: false,
    },
    value: { z: true },
    keyword: "additionalProperties",
    pointer: "/z",
    expected:
      'absent (the object admits only "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", … (2 more))',
    found: "true",
  },
  {
    name: "propertyNames: the member name refused",
    declaration: { propertyNames: { pattern: "^[a-z]+$" } },
    value: { Abc: 1 },
    keyword: "propertyNames",
    expected: 'an object whose every member name is a string matching "^[a-z]+$"',
    found: 'the member name "Abc"',
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "properties an array",
    schema: { "properties": [] },
    pointer: "/properties",
    message: '"properties" at the root must be an object, found array',
  },
  {
    name: "patternProperties null",
    schema: { "patternProperties": null },
    pointer: "/patternProperties",
    message: '"patternProperties" at the root must be an object, found null',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "named members, pattern members, the rest, and every name",
    schema: {
      properties: { id: { type: "integer" } },
      patternProperties: { "^x-": { type: "string" } },
      additionalProperties: { type: "boolean" },
      propertyNames: { maxLength: 5 },
    },
    matches: [{}, { id: 1 }, { "x-a": "s", ok: true }, [1]],
    refuses: [{ id: "1" }, { "x-a": 1 }, { ok: 1 }, { longer: true }],
  },
];

runWordsRows(
  "properties, patternProperties, additionalProperties, propertyNames: a value failing one keyword, and its words",
  WORDS,
);
runKeywordRefusals(
  "properties, patternProperties, additionalProperties, propertyNames: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("properties: what compiled schemas match and refuse", MATCHES);
