/**
 * `format` (`engine/declarations/keywords/format.ts`): an asserted format in words.
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
  runWordsRows,
  type WordsRow,
} from "./keyword_cases.ts";

const WORDS: readonly WordsRow[] = [
  {
    name: "format (asserted)",
    declaration: { type: "string", format: "email" },
    value: "nobody",
    keyword: "format",
    expected: "a string in format email",
    found: 'the string "nobody"',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "format asserts when asked",
    schema: { type: "string", format: "date" },
    assertFormat: true,
    matches: ["2024-02-29"],
    refuses: ["x"],
  },
  {
    name: "another annotation that names a format asserts nothing",
    schema: { title: "date", description: "email" },
    assertFormat: true,
    matches: ["x"],
    refuses: [],
  },
  {
    name: "a format that is not a string is an annotation when formats are not asserted",
    schema: { type: "string", format: ["date"] },
    assertFormat: false,
    matches: ["x", "2024-02-29"],
    refuses: [1],
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "asserted, a format that is not a string is refused (a list naming a known format)",
    schema: { type: "string", format: ["date"] },
    options: { assertFormat: true },
    pointer: "/format",
    message: '"format" at the root must be a string naming a format',
  },
  {
    name: "asserted, a number as a format is refused where it stands",
    schema: { properties: { day: { format: 1 } } },
    options: { assertFormat: true },
    pointer: "/properties/day/format",
    message: '"format" at /properties/day must be a string naming a format',
  },
];

runWordsRows("format: a value failing one keyword, and its words", WORDS);
runMatchRows("format: what compiled schemas match and refuse", MATCHES);
runKeywordRefusals("format: malformed values refused with their pointers and words", REFUSALS);
