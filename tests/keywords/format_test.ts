/**
 * `format` (`engine/declarations/keywords/format.ts`): an asserted format in words.
 * Rows moved here from `tests/describe_test.ts`,
 * `tests/jsonschema_refusals_test.ts` and `tests/jsonschema_keywords_test.ts`,
 * keyword by keyword.
 *
 * @module
 */

import { type MatchRow, runMatchRows, runWordsRows, type WordsRow } from "./keyword_cases.ts";

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
];

runWordsRows("format: a value failing one keyword, and its words", WORDS);
runMatchRows("format: what compiled schemas match and refuse", MATCHES);
