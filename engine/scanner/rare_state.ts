/**
 * The scanner's rarely used state (fences and prose, further candidates, comments, escapes,
 * tokens cut at a chunk end, key collisions, line positions), made only when first needed, and the
 * mark of the classification taken as the root value begins.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { RareState } from "./rare_state.ts";
 * strictEqual(new RareState().closerAt, -1);
 * ```
 *
 * @module
 */
import type { Unframed } from "../framing.ts";
import type { RepairRule } from "../rules.ts";
import { VALUE } from "./codes.ts";

/**
 * The classification as it stood when the root value began (`Scanner.mark`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { type Mark, NOTHING_MARKED } from "./rare_state.ts";
 * const mark: Mark = NOTHING_MARKED;
 * strictEqual(mark.listed, 0);
 * strictEqual(mark.valid, true);
 * ```
 */
export interface Mark {
  readonly listed: number;
  readonly count: number;
  readonly exact: number;
  readonly ambiguity: number;
  readonly valid: boolean;
  readonly truncated: boolean;
  readonly refusalRule: RepairRule | null;
  readonly refusalOffset: number;
  readonly lastListed: number;
  readonly unordered: boolean;
  readonly negativeZero: boolean;
}

/**
 * The mark of a scan that has recorded nothing yet (shared: a mark is never written).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { NOTHING_MARKED } from "./rare_state.ts";
 * strictEqual(Object.isFrozen(NOTHING_MARKED), true);
 * strictEqual(NOTHING_MARKED.count, 0);
 * strictEqual(NOTHING_MARKED.refusalRule, null);
 * ```
 */
export const NOTHING_MARKED: Mark = Object.freeze({
  listed: 0,
  count: 0,
  exact: 0,
  ambiguity: 0,
  valid: true,
  truncated: false,
  refusalRule: null,
  refusalOffset: 0,
  lastListed: 0,
  unordered: false,
  negativeZero: false,
});

/**
 * The scanner's rarely used state: fences and prose, further candidates,
 * comments, escapes, tokens cut at a chunk end, key collisions and line
 * positions. A plain call on clean JSON never touches it, so a scanner
 * allocates it only when first needed (a scanner with every field in one
 * object costs twice as much to build: V8 keeps only about 70 fields in
 * the object itself).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { RareState } from "./rare_state.ts";
 * const rare = new RareState();
 * strictEqual(rare.commentAt, -1); // no comment cut
 * strictEqual(rare.candidates.length, 0);
 * ```
 */
export class RareState {
  /** Prose was skipped before the value (so an empty rest is "no value found"). */
  candidateSeen = false;
  /** The fence around the value: its character (` or ~) and length (1 for inline code). */
  fenceChar = 0;
  fenceLength = 0;
  /** The name of the wrapper tag around the value (`tool_call` for `<tool_call>`), or "". */
  wrapper = "";
  /** Inside a further candidate: its depth, and whether in a string, after a backslash. */
  tailDepth = 0;
  tailString = false;
  tailEscape = false;
  /** Offsets of the further candidates (the first few), and how many there were. */
  candidates: number[] = [];
  candidateCount = 0;
  /**
   * A `/*` comment cut by the chunk end: its absolute offset, and the index
   * of the window from which to keep it (-1 when none is cut); the mode to
   * go back to once it ends.
   */
  commentAt = -1;
  commentKeep = -1;
  commentReturn = VALUE;
  /** Absolute offset of the token `rewindToken` put back last (-1 before any). */
  rewoundAt = -1;
  /** The decoded text of the last `\u` escape (one or two code units). */
  escaped = "";
  /** Set by `scanNumber` when it stopped at the chunk end of a plain decimal number. */
  numberCut = false;
  /** A token cut by the end of a chunk: the window it began in, and its first character there. */
  tokenHead = "";
  tokenHeadStart = 0;
  /** The keys `checkKeys` compared last, and the collision kinds found in them (bits). */
  lastKeySet: readonly string[] = [];
  lastKeyKinds = 0;
  /** Offsets of the LFs of the input up to `linesUpTo` (searched when a position is needed). */
  newlines: number[] = [];
  linesUpTo = 0;
  /** Comments inside the value: start and end offsets, in pairs (judged once the input ends). */
  innerComments: number[] = [];
  /** The epilogue refused what follows the value already (a second value, garbage, a premature close). */
  tailRefused = false;
  /** Absolute offset up to which white space after a value held a line break (-1: none). */
  lineBreakTo = -1;
  /** Absolute offset just past the last empty string, and its quote (a third one makes a triple quote). */
  emptyStringEnd = -1;
  emptyQuote = 0;
  /** The arrays opened by `(` (Python tuples), closed by `)`. */
  tuples: WeakSet<unknown[]> = new WeakSet();
  /** Absolute offset of the first quote inside the string being read that did not end it (-1 none). */
  innerQuoteAt = -1;
  /** The last integer or literal key read unquoted, and its depth (a missing colon after it is R043). */
  bareKey = "";
  bareKeyDepth = 0;
  /** Open parentheses in the prose after the value (a note there may mention `[]`). */
  tailParens = 0;
  /** A closer right after the root, held back until the input ends (-1 none, -2 decided). */
  closerAt = -1;
  /** Code units handed to the scan loop of a scan fed in chunks (`Scanner.scanned`). */
  scanned = 0;
  /** The text around the value was judged (`judgeFraming`, once). */
  judged = false;
  /** The closing tag of the reasoning block being skipped (`</think>`), or "". */
  reasoningClose = "";
  /** The text around the value that is not framing, once judged. */
  unframed: Unframed | null = null;
  /**
   * The member whose inferred tokens are counted (its container and the offset of the comma
   * before it, -1 for a first member or one after an inferred comma), the tokens inferred for it
   * (`INFERRED_*` bits), and whether `R053` was recorded for it.
   */
  chainTop: unknown = undefined;
  chainComma = -2;
  chainTokens = 0;
  chainReported = false;
  /** The container opened as that member's value (a closer inferred for it counts for the member). */
  chainValue: unknown = undefined;
}
