/**
 * `format` (`engine/declarations/keywords/format.ts`): an asserted format in words.
 * Rows moved here from `tests/describe_test.ts` and
 * `tests/jsonschema_refusals_test.ts`, keyword by keyword.
 *
 * @module
 */

import { runWordsRows, type WordsRow } from "./keyword_cases.ts";

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

runWordsRows("format: a value failing one keyword, and its words", WORDS);
