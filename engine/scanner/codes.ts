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

// Modes of the state machine.
export const PREAMBLE = 0, VALUE = 1, AFTER = 2, KEY = 3, COLON_MODE = 4, DONE = 5, END = 6;

// Inside a token cut by the end of a chunk, its reading so far kept: a plain
// key (its hash), a plain decimal number (its digits), a JSON literal.
export const KEY_REST = 7, NUMBER_REST = 8, LITERAL_REST = 9;

// Inside a block comment cut by the end of a chunk (only its last character kept).
export const COMMENT_REST = 10;

// Container kinds.
export const ARRAY = 0, OBJECT = 1, NONE = -1;

// What a suspended scan waits for before it is worth resuming: a token read
// again from its start is resumed only once a chunk can end it, so a long
// token fed in many chunks is still read in linear time.
export const WAIT_ANY = 0, WAIT_NON_WORD = 1, WAIT_NON_SPACE = 2, WAIT_LINE_END = 3, WAIT_SLASH = 4;

export const WAIT_DELIMITER = 5, WAIT_VALUE_START = 6;

/** What to wait for on a lookahead's answer, by `answer - NEED_LINE_END` (NEED_LINE_END … NEED_ANY). */
export const WAIT_OF_NEED: readonly number[] = [
  WAIT_LINE_END,
  WAIT_NON_SPACE,
  WAIT_NON_WORD,
  WAIT_ANY,
];

// Where the epilogue is (see `Scanner.epilogue`).
export const T_START = 0, T_PROSE = 1, T_CANDIDATE = 2;

// What the last value read was (a comma missing after a number or a string
// may split one token: `192.168.1.1`, `2024-11-15`, `["a" "b"]`).
export const OTHER_TOKEN = 0, NUMBER_TOKEN = 1, STRING_TOKEN = 2;

/** A number followed at once by a word character (`12abc`, `80_4`). */
export const GLUED_TOKEN = 3;

/**
 * Structural tokens inferred for one member or element (issue 21 class 5), as bits: a comma
 * before it, a colon inside it, quotes around its bare key or bare value (counted only beside an
 * inferred colon: without one the key's or value's extent is fixed by a written token), a closer
 * standing for another after it. Two or more are `R053 ChainedRepair`.
 */
export const INFERRED_COMMA = 1, INFERRED_COLON = 2, INFERRED_CLOSER = 4;

export const BARE_KEY = 8, BARE_VALUE = 16;

/**
 * What a mode function returns instead of the next mode when the scan of this chunk is over:
 * suspended (the window keeps the unread tail), ended or failed. It equals SUSPEND, so a reader
 * may answer `s.suspend(…)` (which returns STOP) for SUSPEND.
 */
export const STOP = -1;
/** A mode function put a cut token back in front of the window: the window is read again. */
export const REREAD = -2;

// Results of the token readers. A reader returns the index where its token ends (at least 0) or
// one of these.
/** More input is needed: the reader noted what it waits for (`waitFor`); the scan suspends. */
export const SUSPEND = -1;
/** A fatal error was recorded (`fail`): the scan is over. */
export const FATAL = -2;
/** `plainKey`: the input ended inside a short key (read on from `tokenHead`). */
export const KEY_CUT = -3;
/** `scanNumber`: the token was dropped (a lone sign, a lone dot); the scan goes on at `pos`. */
export const DROPPED = -4;
/** A fast path declined (an escape, a hazard, a cut): the general reader reads the token. */
export const NOT_PLAIN = -5;
/** `unicodeEscape`: not an escape (`\u12x`): the backslash is kept as a character. */
export const INVALID = -6;
/** `unicodeEscape`: the input ended inside the escape. */
export const ENDED = -7;
/** `skipToToken`: the chunk or the input ended before a token (suspended, or closed). */
export const AT_END = -1;
