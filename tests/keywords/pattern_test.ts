/**
 * `pattern` (`engine/declarations/keywords/pattern.ts`): the pattern quoted in words; a pattern outside the supported syntax refused.
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
    name: "pattern: quoted as JSON",
    declaration: 'string(pattern="^[a-z]+\\\\d$")',
    value: "A1",
    keyword: "pattern",
    expected: 'a string matching "^[a-z]+\\\\d$"',
    found: 'the string "A1"',
  },
  {
    name: "every string constraint, in a fixed order",
    declaration: { type: "string", format: "date", pattern: "^2", maxLength: 10, minLength: 10 },
    value: "1999-01-01",
    keyword: "pattern",
    expected: 'a string of exactly 10 characters, matching "^2", in format date',
    found: 'the string "1999-01-01"',
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "pattern not a string",
    schema: { "pattern": 5 },
    pointer: "/pattern",
    message: '"pattern" at the root must be a string, found number',
  },
  {
    name: "pattern with lookaround",
    schema: { "pattern": "a(?!b)" },
    pointer: "/pattern",
    message:
      '"pattern" at the root is refused: lookaround assertions ((?=, (?!, (?<=, (?<!) are not supported',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "a pattern matches anywhere unless anchored; it applies to strings only",
    schema: { pattern: "^[a-z]+-\\d$" },
    matches: ["ab-1", "z-9", 5, null],
    refuses: ["ab-12", "AB-1", "xab-1 "],
  },
];

runWordsRows("pattern: a value failing one keyword, and its words", WORDS);
runKeywordRefusals("pattern: malformed values refused with their pointers and words", REFUSALS);
runMatchRows("pattern: what compiled schemas match and refuse", MATCHES);
