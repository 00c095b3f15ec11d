/**
 * The scanner's named codes (`engine/scanner/codes.ts`): what the readers and modes rely on.
 * A reader answers an index (0 or more) or a result code, so every result code is below 0 and
 * the codes one caller tells apart differ; the modes a `switch` dispatches on differ; a lookahead's
 * `NEED_*` answer maps to the wait it names.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  AFTER,
  ARRAY,
  AT_END,
  COLON_MODE,
  COMMENT_REST,
  DONE,
  DROPPED,
  END,
  ENDED,
  FATAL,
  INVALID,
  KEY,
  KEY_CUT,
  KEY_REST,
  LITERAL_REST,
  NONE,
  NOT_PLAIN,
  NUMBER_REST,
  OBJECT,
  PREAMBLE,
  REREAD,
  STOP,
  SUSPEND,
  VALUE,
  WAIT_ANY,
  WAIT_LINE_END,
  WAIT_NON_SPACE,
  WAIT_NON_WORD,
  WAIT_OF_NEED,
} from "../../engine/scanner/codes.ts";
import { NEED_ANY, NEED_LINE_END, NEED_NON_SPACE, NEED_NON_WORD } from "../../engine/candidates.ts";

/** A set of codes one caller tells apart: each below 0 where it stands for "not an index". */
interface CodeSet {
  name: string;
  codes: Readonly<Record<string, number>>;
  /** Every code is a result, never an index (below 0). */
  negative: boolean;
}

const MODES = {
  PREAMBLE,
  VALUE,
  AFTER,
  KEY,
  COLON_MODE,
  DONE,
  END,
  KEY_REST,
  NUMBER_REST,
  LITERAL_REST,
  COMMENT_REST,
};

const CODE_SETS: readonly CodeSet[] = [
  {
    name: "the number reader's results (an index, SUSPEND, FATAL, DROPPED or NOT_PLAIN)",
    codes: { SUSPEND, FATAL, DROPPED, NOT_PLAIN },
    negative: true,
  },
  {
    name: "the plain key reader's results (an index, KEY_CUT, FATAL, NOT_PLAIN, SUSPEND)",
    codes: { KEY_CUT, FATAL, NOT_PLAIN, SUSPEND },
    negative: true,
  },
  {
    name: "the unicode escape's results (an index, INVALID, ENDED, SUSPEND)",
    codes: { INVALID, ENDED, SUSPEND },
    negative: true,
  },
  {
    name: "between tokens: an index or AT_END",
    codes: { AT_END },
    negative: true,
  },
  {
    name: "a mode function's answers beside the next mode (STOP, REREAD) and every mode",
    codes: { STOP, REREAD, ...MODES },
    negative: false,
  },
  {
    name: "a mode function's STOP and REREAD are never a mode",
    codes: { STOP, REREAD },
    negative: true,
  },
  {
    name: "the container kinds and none",
    codes: { ARRAY, OBJECT, NONE },
    negative: false,
  },
];

for (const set of CODE_SETS) {
  Deno.test(`codes: ${set.name} are distinct${set.negative ? " and below every index" : ""}`, () => {
    const values = Object.values(set.codes);
    assert.equal(new Set(values).size, values.length, JSON.stringify(set.codes));
    if (set.negative) {
      for (const [name, code] of Object.entries(set.codes)) assert.ok(code < 0, name);
    }
  });
}

Deno.test("codes: a reader may answer a mode function's STOP for SUSPEND (`s.suspend(…)`)", () => {
  assert.equal(STOP, SUSPEND);
});

Deno.test("codes: modes are 0 and up (the states of the machine), NONE is no container kind", () => {
  for (const [name, mode] of Object.entries(MODES)) assert.ok(mode >= 0, name);
  assert.ok(NONE < 0);
});

/** A lookahead's `NEED_*` answer and the wait it names. */
const NEEDS: readonly { need: number; name: string; wait: number }[] = [
  { need: NEED_LINE_END, name: "a line end", wait: WAIT_LINE_END },
  { need: NEED_NON_SPACE, name: "a character that is not white space", wait: WAIT_NON_SPACE },
  { need: NEED_NON_WORD, name: "a character that ends a word", wait: WAIT_NON_WORD },
  { need: NEED_ANY, name: "any input", wait: WAIT_ANY },
];

for (const row of NEEDS) {
  Deno.test(`codes: a lookahead needing ${row.name} waits for it`, () => {
    assert.equal(WAIT_OF_NEED[row.need - NEED_LINE_END], row.wait);
  });
}
