/**
 * The scanner's named codes: its modes, container kinds, what a suspended scan waits for, and
 * the results its readers and mode functions answer instead of an index (`SUSPEND`, `FATAL`,
 * `DROPPED`, `NOT_PLAIN`, `STOP`, `REREAD`, …). No result is ever encoded as arithmetic on an index.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { NOT_PLAIN, STOP, SUSPEND } from "./codes.ts";
 * strictEqual(STOP, SUSPEND); // a reader may answer `s.suspend(…)` for SUSPEND
 * strictEqual(NOT_PLAIN < 0, true); // every result is below the first index
 * ```
 *
 * @module
 */

/**
 * Modes of the state machine: before the value, at a value, after a value, at a key, at a
 * colon, the value done, the input ended. Distinct small integers (a `switch` dispatches on them).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { AFTER, COLON_MODE, DONE, END, KEY, PREAMBLE, VALUE } from "./codes.ts";
 * const modes = [PREAMBLE, VALUE, AFTER, KEY, COLON_MODE, DONE, END];
 * strictEqual(new Set(modes).size, 7);
 * strictEqual(modes.every((mode, k) => mode === k), true);
 * ```
 */
export const PREAMBLE = 0, VALUE = 1, AFTER = 2, KEY = 3, COLON_MODE = 4, DONE = 5, END = 6;

/**
 * Modes inside a token cut by the end of a chunk, its reading so far kept: a plain key (its
 * hash), a plain decimal number (its digits), a JSON literal. They follow the modes above.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { END, KEY_REST, LITERAL_REST, NUMBER_REST } from "./codes.ts";
 * strictEqual([KEY_REST, NUMBER_REST, LITERAL_REST].every((mode) => mode > END), true);
 * ```
 */
export const KEY_REST = 7, NUMBER_REST = 8, LITERAL_REST = 9;

/**
 * The mode inside a block comment cut by the end of a chunk (only its last character kept).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { COMMENT_REST, LITERAL_REST } from "./codes.ts";
 * strictEqual(COMMENT_REST, LITERAL_REST + 1);
 * ```
 */
export const COMMENT_REST = 10;

/**
 * Container kinds: an array, an object, and none (at the root, outside every container).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ARRAY, NONE, OBJECT } from "./codes.ts";
 * strictEqual(ARRAY, 0);
 * strictEqual(OBJECT, 1);
 * strictEqual(NONE, -1);
 * ```
 */
export const ARRAY = 0, OBJECT = 1, NONE = -1;

/**
 * What a suspended scan waits for before it is worth resuming: any input, a character that ends
 * a word, one that is not white space, a line end, a slash. A token read again from its start is
 * resumed only once a chunk can end it, so a long token fed in many chunks is still read in
 * linear time.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { WAIT_ANY, WAIT_LINE_END, WAIT_NON_SPACE, WAIT_NON_WORD, WAIT_SLASH } from "./codes.ts";
 * const waits = [WAIT_ANY, WAIT_NON_WORD, WAIT_NON_SPACE, WAIT_LINE_END, WAIT_SLASH];
 * strictEqual(waits.every((wait, k) => wait === k), true);
 * ```
 */
export const WAIT_ANY = 0, WAIT_NON_WORD = 1, WAIT_NON_SPACE = 2, WAIT_LINE_END = 3, WAIT_SLASH = 4;

/**
 * Two more waits: for a delimiter (a comma, colon, closer or quote) and for the start of a value.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { WAIT_DELIMITER, WAIT_SLASH, WAIT_VALUE_START } from "./codes.ts";
 * strictEqual(WAIT_DELIMITER, WAIT_SLASH + 1);
 * strictEqual(WAIT_VALUE_START, WAIT_DELIMITER + 1);
 * ```
 */
export const WAIT_DELIMITER = 5, WAIT_VALUE_START = 6;

/**
 * What to wait for on a lookahead's answer, by `answer - NEED_LINE_END` (NEED_LINE_END … NEED_ANY).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { WAIT_ANY, WAIT_LINE_END, WAIT_OF_NEED } from "./codes.ts";
 * import { NEED_ANY, NEED_LINE_END, NEED_NON_WORD } from "../candidates.ts";
 * strictEqual(WAIT_OF_NEED[NEED_LINE_END - NEED_LINE_END], WAIT_LINE_END);
 * strictEqual(WAIT_OF_NEED[NEED_ANY - NEED_LINE_END], WAIT_ANY);
 * strictEqual(WAIT_OF_NEED[NEED_NON_WORD - NEED_LINE_END], 1); // WAIT_NON_WORD
 * ```
 */
export const WAIT_OF_NEED: readonly number[] = [
  WAIT_LINE_END,
  WAIT_NON_SPACE,
  WAIT_NON_WORD,
  WAIT_ANY,
];

/**
 * Where the epilogue (the text after the root value) is: at its start, in prose, at a candidate
 * for a second document.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { T_CANDIDATE, T_PROSE, T_START } from "./codes.ts";
 * strictEqual([T_START, T_PROSE, T_CANDIDATE].join(), "0,1,2");
 * ```
 */
export const T_START = 0, T_PROSE = 1, T_CANDIDATE = 2;

/**
 * What the last value read was: other, a number, a string (a comma missing after a number or a
 * string may split one token: `192.168.1.1`, `2024-11-15`, `["a" "b"]`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { NUMBER_TOKEN, OTHER_TOKEN, STRING_TOKEN } from "./codes.ts";
 * strictEqual([OTHER_TOKEN, NUMBER_TOKEN, STRING_TOKEN].join(), "0,1,2");
 * ```
 */
export const OTHER_TOKEN = 0, NUMBER_TOKEN = 1, STRING_TOKEN = 2;

/**
 * The last value read was a number followed at once by a word character (`12abc`, `80_4`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { GLUED_TOKEN, STRING_TOKEN } from "./codes.ts";
 * strictEqual(GLUED_TOKEN, STRING_TOKEN + 1);
 * ```
 */
export const GLUED_TOKEN = 3;

/**
 * Structural tokens inferred for one member or element (issue 21 class 5), as bits: a comma
 * before it, a colon inside it, quotes around its bare key or bare value (counted only beside an
 * inferred colon: without one the key's or value's extent is fixed by a written token), a closer
 * standing for another after it. Two or more are `R053 ChainedRepair`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { INFERRED_CLOSER, INFERRED_COLON, INFERRED_COMMA } from "./codes.ts";
 * const inferred = INFERRED_COMMA | INFERRED_COLON;
 * strictEqual((inferred & INFERRED_COLON) !== 0, true);
 * strictEqual((inferred & INFERRED_CLOSER) !== 0, false);
 * ```
 */
export const INFERRED_COMMA = 1, INFERRED_COLON = 2, INFERRED_CLOSER = 4;

/**
 * Two more bits of the inferred tokens: quotes around a bare key, around a bare value.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { BARE_KEY, BARE_VALUE, INFERRED_CLOSER } from "./codes.ts";
 * strictEqual(BARE_KEY, INFERRED_CLOSER << 1);
 * strictEqual(BARE_VALUE, BARE_KEY << 1);
 * ```
 */
export const BARE_KEY = 8, BARE_VALUE = 16;

/**
 * What a mode function returns instead of the next mode when the scan of this chunk is over:
 * suspended (the window keeps the unread tail), ended or failed. It equals SUSPEND, so a reader
 * may answer `s.suspend(…)` (which returns STOP) for SUSPEND.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { STOP, SUSPEND } from "./codes.ts";
 * strictEqual(STOP, SUSPEND); // a reader may answer `s.suspend(…)` for SUSPEND
 * ```
 */
export const STOP = -1;
/**
 * A mode function put a cut token back in front of the window: the window is read again.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { REREAD, STOP } from "./codes.ts";
 * strictEqual(REREAD < STOP, true); // both below every mode
 * ```
 */
export const REREAD = -2;

// Results of the token readers. A reader returns the index where its token ends (at least 0) or
// one of these.
/**
 * More input is needed: the reader noted what it waits for (`waitFor`); the scan suspends.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { SUSPEND } from "./codes.ts";
 * strictEqual(SUSPEND < 0, true); // below every index a reader answers
 * ```
 */
export const SUSPEND = -1;
/**
 * A fatal error was recorded (`fail`): the scan is over.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { FATAL, SUSPEND } from "./codes.ts";
 * strictEqual(FATAL, SUSPEND - 1);
 * ```
 */
export const FATAL = -2;
/**
 * `plainKey`: the input ended inside a short key (read on from `tokenHead`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { KEY_CUT } from "./codes.ts";
 * strictEqual(KEY_CUT, -3);
 * ```
 */
export const KEY_CUT = -3;
/**
 * `scanNumber`: the token was dropped (a lone sign, a lone dot); the scan goes on at `pos`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DROPPED } from "./codes.ts";
 * strictEqual(DROPPED, -4);
 * ```
 */
export const DROPPED = -4;
/**
 * A fast path declined (an escape, a hazard, a cut): the general reader reads the token.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { NOT_PLAIN } from "./codes.ts";
 * strictEqual(NOT_PLAIN, -5);
 * ```
 */
export const NOT_PLAIN = -5;
/**
 * `unicodeEscape`: not an escape (`\u12x`): the backslash is kept as a character.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ENDED, INVALID } from "./codes.ts";
 * strictEqual(INVALID, ENDED + 1);
 * ```
 */
export const INVALID = -6;
/**
 * `unicodeEscape`: the input ended inside the escape.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ENDED } from "./codes.ts";
 * strictEqual(ENDED, -7);
 * ```
 */
export const ENDED = -7;
/**
 * `skipToToken`: the chunk or the input ended before a token (suspended, or closed).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { AT_END } from "./codes.ts";
 * strictEqual(AT_END, -1); // never an index
 * ```
 */
export const AT_END = -1;
