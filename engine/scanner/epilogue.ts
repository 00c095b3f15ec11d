/**
 * The epilogue: what follows the root value, to the end of the input. White space, comments, the
 * closing fence or wrapper, a closer held back as maybe redundant, and prose in which every further
 * candidate value is counted (`R040`). A root scalar followed by prose was prose itself: the scan
 * then goes back to the preamble.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * strictEqual(scan('{"a":1} {"a":2}', PROFILES.permissive).repairs[0].name, "MultipleCandidates");
 * ```
 *
 * @module
 */
import { arrayCandidate, CANDIDATE, CITATION, listMarker } from "../candidates.ts";
import { isDigit, isOtherSpace, isQuote, isWordChar } from "../characters.ts";
import { isAllBlank, sameText, skipWhiteSpace } from "./chars.ts";
import {
  DONE,
  END,
  PREAMBLE,
  STOP,
  SUSPEND,
  T_CANDIDATE,
  T_PROSE,
  T_START,
  WAIT_NON_SPACE,
  WAIT_NON_WORD,
} from "./codes.ts";
import { skipComment } from "./ignored.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";
import { WORDS } from "./words.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  QUOTE = 34,
  HASH = 35,
  APOS = 39,
  COMMA = 44,
  MINUS = 45,
  SLASH = 47,
  COLON = 58,
  LBRACKET = 91,
  BACKSLASH = 92,
  RBRACKET = 93,
  BACKTICK = 96,
  LBRACE = 123,
  RBRACE = 125,
  STAR = 42,
  TILDE = 126,
  LESS = 60,
  GREATER = 62,
  BOM = 0xfeff,
  LPAREN = 40,
  RPAREN = 41;

/**
 * `continuesRoot`: the text after the comma goes on with the root, or not.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { CONTINUES, continuesRoot, STOPS } from "./epilogue.ts";
 * const text = '{"a":1}, "b": 2}';
 * strictEqual(continuesRoot(text, 9, text.length, true), CONTINUES);
 * strictEqual(STOPS, 0);
 * ```
 */
export const CONTINUES = 1, STOPS = 0;

/**
 * Whether the text at j, after a comma that follows the root, continues the
 * root: a quoted key or string, a number, a value word, an unquoted key
 * (`cc: "x"`) or a closer. CONTINUES, STOPS, or SUSPEND when the chunk ends
 * before it can tell (and the input goes on).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { CONTINUES, continuesRoot, STOPS } from "./epilogue.ts";
 * const at = (text: string) => continuesRoot(text, 9, text.length, true); // past ", "
 * strictEqual(at('{"a":1}, "b": 2}'), CONTINUES); // a quoted key
 * strictEqual(at('{"a":1}, cc: "x"}'), CONTINUES); // an unquoted key
 * strictEqual(at('{"a":1}, 12'), CONTINUES); // a number
 * strictEqual(at('{"a":1}, and more'), STOPS); // prose
 * ```
 */
export function continuesRoot(text: string, j: number, n: number, final: boolean): number {
  const c = text.charCodeAt(j);
  if (c === QUOTE || c === APOS || c === RBRACE || c === RBRACKET || isDigit(c)) return CONTINUES;
  if (c === MINUS) {
    if (j + 1 >= n) return final ? STOPS : SUSPEND;
    return isDigit(text.charCodeAt(j + 1)) ? CONTINUES : STOPS;
  }
  let k = j;
  while (k < n && isWordChar(text.charCodeAt(k))) k++;
  if (k === j) return STOPS;
  if (k >= n) return final ? (WORDS.has(text.slice(j, k)) ? CONTINUES : STOPS) : SUSPEND;
  if (WORDS.has(text.slice(j, k))) return CONTINUES;
  // An unquoted key: `, cc: "x"}`.
  while (k < n && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++;
  if (k >= n) return final ? STOPS : SUSPEND;
  return text.charCodeAt(k) === COLON ? CONTINUES : STOPS;
}

/**
 * Further candidates whose offsets are kept for the refusal's message.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { MAX_LISTED_CANDIDATES } from "./epilogue.ts";
 * strictEqual(MAX_LISTED_CANDIDATES, 8);
 * ```
 */
export const MAX_LISTED_CANDIDATES = 8;

/**
 * Reads what follows the root value, to the end of the input: white space,
 * comments, the closing fence or wrapper, and then prose, in which every
 * further candidate (an object, an array that is not a citation) is
 * counted: a second candidate is `R040 MultipleCandidates`. A root scalar
 * followed by anything but those was itself prose (`1. Call…`, `True
 * story.`, `"Sure!" she said.`, `12abc`): the scan then goes back to the
 * preamble as if the scalar had been prose, and returns where it resumes
 * (else -1). Each character is read once: the state (`tail`, the depth and
 * string state of a candidate being skipped) survives a suspension.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const rules = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.rule);
 * deepStrictEqual(rules('{"a": 1} // done'), ["R004"]); // a comment
 * deepStrictEqual(rules('{"a":1}\n\nSee {"b":2} and [3, 4]'), ["R003", "R040", "R040"]);
 * deepStrictEqual(rules('{"a": 1}\n' + "`".repeat(3)), ["R002"]); // the closing fence
 * ```
 */
export function epilogue(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  for (;;) {
    if (s.tail !== T_START) {
      if (skipTail(s, text, i, n, final) !== SUSPEND) s.mode = END;
      return STOP;
    }
    if (s.fenceRun !== 0) {
      // The rest of a closing fence's run, across a chunk end.
      while (i < n && text.charCodeAt(i) === s.fenceRun) i++;
      if (i < n) s.fenceRun = 0;
    }
    i = skipWhiteSpace(text, i, n);
    if (i >= n) {
      if (!final) return s.suspend(i, DONE);
      s.mode = END;
      return STOP;
    }
    const c = text.charCodeAt(i);
    let next = framingAfter(s, text, i, n, final, c);
    if (next === NOT_HERE) next = tokenAfter(s, text, i, n, final, c);
    if (next < 0) return next;
    i = next;
  }
}

/** `framingAfter`: what stands at i is not framing. */
const NOT_HERE = -6;
/** The root scalar was prose after all: the preamble goes on at `pos` (`proseAgain`). */
const PROSE_AGAIN = -7;

/**
 * Framing after the value at i (a comment, the closing fence or wrapper tag, a no-break space):
 * the index past it, STOP, PROSE_AGAIN, or NOT_HERE.
 */
function framingAfter(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
  c: number,
): number {
  if (c === SLASH || c === HASH) {
    if (i + 1 >= n && !final) return s.suspend(i, DONE);
    const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
    // After the value `#` starts a comment only as a comment is written
    // (`# note`, `#` alone): `#[2]` or `#tag` are prose, read for candidates.
    if (
      c === HASH
        ? d === 0 || d === SPACE || d === TAB || d === LF || d === CR || d === HASH
        : d === SLASH || d === STAR
    ) {
      const end = skipComment(s, text, i, n, final);
      return end === SUSPEND ? s.suspend(i, DONE) : end;
    }
  }
  if (c === BACKTICK || c === TILDE) return closingFence(s, text, i, n, final, c);
  if (c === LESS && s.rare.wrapper !== "") {
    const length = s.rare.wrapper.length + 3;
    if (i + length > n && !final) return s.suspend(i, DONE);
    if (
      i + length <= n && text.charCodeAt(i + 1) === SLASH &&
      sameText(text, i + 2, s.rare.wrapper) && text.charCodeAt(i + length - 1) === GREATER
    ) {
      s.rare.wrapper = "";
      s.closedAfter = true;
      return i + length;
    }
  }
  if (isOtherSpace(c) || c === BOM) {
    s.repair(RULE.NonJsonWhitespace, s.base + i); // repair: a no-break space after the value → dropped
    return i + 1;
  }
  return NOT_HERE;
}

/**
 * The closing fence (or a stray one) at i: three of the fence's character, or the one backtick
 * of inline code. The index past it, STOP, PROSE_AGAIN, or NOT_HERE.
 */
function closingFence(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
  c: number,
): number {
  const length = s.fence && c === s.rare.fenceChar && s.rare.fenceLength < 3 ? 1 : 3;
  if (i + length > n && !final) return s.suspend(i, DONE);
  let run = 0;
  while (run < length && i + run < n && text.charCodeAt(i + run) === c) run++;
  if (run === length && !s.fence && !s.closedAfter && rootMayBeProse(s)) {
    // `1. ```json`: a list number, then a fence that opens the value. After a citation
    // (`[12] ```json …`) too, unless the fence ends the input (`[1]\n````: a closing fence alone).
    if (typeof s.root !== "object" || s.root === null) return proseAgain(s, i);
    const after = skipWhiteSpace(text, i + run, n);
    if (after >= n && !final) {
      s.suspendWait = WAIT_NON_SPACE;
      return s.suspend(i, DONE);
    }
    if (after < n) return proseAgain(s, i);
  }
  if (run === length && (c === BACKTICK || (s.fence && c === s.rare.fenceChar))) {
    // repair: `{…}\n```` with no opening fence → `{…}` (a closing fence alone is dropped).
    if (!s.fence) s.repair(RULE.StripCodeFence, s.base + i);
    s.fence = false;
    s.closedAfter = true;
    s.fenceRun = c;
    return i + run;
  }
  return NOT_HERE;
}

/**
 * A token after the value at i that is not framing: a closer, a comma, a list marker, a second
 * candidate, a second document, or prose. The index to go on at, STOP, or PROSE_AGAIN.
 */
function tokenAfter(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
  c: number,
): number {
  const base = s.base;
  // A scalar closed by its fence or wrapper is a fenced block, a candidate.
  const scalar = !s.closedAfter && rootMayBeProse(s);
  if (c === RBRACE || c === RBRACKET) {
    if (scalar) return proseAgain(s, i);
    // One closer of the root's kind with nothing after it is redundant
    // (cosmetic); anything else is garbage. Decided once the input ends.
    const root = s.root;
    const ofKind = c === RBRACKET ? Array.isArray(root) : !Array.isArray(root);
    if (ofKind && s.rare.closerAt < 0) s.rare.closerAt = base + i;
    else garbageAfter(s, base + i);
    s.tail = T_PROSE;
    return i + 1;
  }
  if (c === COMMA) return commaAfter(s, text, i, n, final, scalar);
  if (c === MINUS && i + 1 >= n && !final) return s.suspend(i, DONE);
  if (isDigit(c) && !scalar) {
    // `2. Next step` or `3) note` after the value is a list marker: prose.
    const marker = s.ask(listMarker(text, i, n, final));
    if (marker === SUSPEND) return s.suspend(i, DONE);
    if (marker === CANDIDATE) {
      s.repair(RULE.SkipProse, base + i); // repair: `{…}\n2. Next step` → `{…}`
      s.tail = T_PROSE;
      return i;
    }
  }
  if (c === LBRACE || c === LBRACKET) {
    // A second object or array right after the value: a second candidate
    // (a citation or a word in brackets is prose).
    if (scalar) return proseAgain(s, i);
    const verdict = c === LBRACE ? CANDIDATE : s.ask(arrayCandidate(text, i, n, final));
    if (verdict === SUSPEND) return s.suspend(i, DONE);
    // Right after the value even `[2]` is a second value, not a citation.
    if (verdict === CANDIDATE || verdict === CITATION) {
      candidate(s, base + i);
      return i + 1;
    }
  }
  if (
    isQuote(c) || isDigit(c) || (c === MINUS && i + 1 < n && isDigit(text.charCodeAt(i + 1)))
  ) {
    if (scalar) return proseAgain(s, i);
    concatenated(s, base + i);
    return STOP;
  }
  if (scalar) return proseAgain(s, i);
  s.repair(RULE.SkipProse, base + i); // repair: `{…} Let me know!` → `{…}`
  s.tail = T_PROSE;
  return i;
}

/**
 * A comma after the value at i: a second candidate (`{…}, {…}`), a root closed too early
 * (`{"to":…}, "cc": …}`), or prose (`{…}, thanks`). The index to go on at, STOP, PROSE_AGAIN.
 */
function commaAfter(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
  scalar: boolean,
): number {
  const base = s.base;
  const j = skipWhiteSpace(text, i + 1, n);
  if (j >= n && !final) {
    s.suspendWait = WAIT_NON_SPACE;
    return s.suspend(i, DONE);
  }
  if (scalar) return proseAgain(s, i);
  const c = j < n ? text.charCodeAt(j) : 0;
  if (c === LBRACE || c === LBRACKET) {
    // `{...}, {...}`: a second candidate after a comma.
    candidate(s, base + j);
    return j + 1;
  }
  const goesOn = j < n ? continuesRoot(text, j, n, final) : STOPS;
  if (goesOn === SUSPEND) {
    const last = text.charCodeAt(n - 1);
    s.suspendWait = last === SPACE || last === TAB ? WAIT_NON_SPACE : WAIT_NON_WORD;
    return s.suspend(i, DONE);
  }
  s.tail = T_PROSE;
  if (goesOn === CONTINUES) {
    // repair: none: `{"to":…}, "cc": …}`, `[1, 2], 3]` (the root closed too early) is refused.
    s.rare.tailRefused = true;
    s.repair(RULE.PrematureClose, base + i);
    return i + 1;
  }
  // repair: `{…},` → `{…}` (TrailingGarbage); `{…}, thanks` → `{…}` (SkipProse).
  s.repair(j >= n ? RULE.TrailingGarbage : RULE.SkipProse, base + i);
  return i + 1;
}

/**
 * Garbage after the value (`R027`); a closer held back as maybe redundant is garbage too.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan('{"a": 1}} and', PROFILES.permissive);
 * deepStrictEqual(result.value, { a: 1 });
 * deepStrictEqual(result.repairs.map((r) => [r.name, r.offset]), [["TrailingGarbage", 8]]);
 * ```
 */
export function garbageAfter(s: ScanState, at: number): void {
  const rare = s.rare;
  rare.tailRefused = true;
  if (rare.closerAt >= 0) {
    // repair: `{…}} x` → `{…}` (a held-back closer with text after it is garbage)
    s.repair(RULE.TrailingGarbage, rare.closerAt);
    rare.closerAt = -2; // decided
  }
  // repair: `{…}]` → `{…}` (a closer after the value is dropped)
  // repair: `{…}} x` → `{…}`
  s.repair(RULE.TrailingGarbage, at);
}

/**
 * A second scalar document right after the value: `R028`, and nothing after it is read.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan('{"a":1} 5 6', PROFILES.permissive);
 * deepStrictEqual(result.value, { a: 1 });
 * deepStrictEqual(result.repairs.map((r) => [r.rule, r.offset]), [["R028", 8]]); // once
 * ```
 */
export function concatenated(s: ScanState, at: number): void {
  s.rare.tailRefused = true;
  // repair: `{…}"x"` → `{…}` (a second document after the value is dropped)
  s.repair(RULE.ConcatenatedDocuments, at);
  s.mode = END;
  s.finished = true;
}

/**
 * Whether the root value, followed by text, was part of the prose: a
 * scalar (a string, number or literal), or a citation written `[12]`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const value = (text: string) => scan(text, PROFILES.permissive).value;
 * deepStrictEqual(value('42 and then {"a": 1}'), { a: 1 }); // a scalar root
 * deepStrictEqual(value('[12] see {"a": 1}'), { a: 1 }); // a citation
 * deepStrictEqual(value('{"a": 1} and then [2]'), { a: 1 }); // an object stays the value
 * ```
 */
export function rootMayBeProse(s: ScanState): boolean {
  const root = s.root;
  if (!s.hasRoot) return false;
  if (typeof root !== "object" || root === null) return true;
  if (!Array.isArray(root) || root.length !== 1 || s.repairCount !== s.marked.count) {
    return false;
  }
  const item = root[0];
  return typeof item === "number" && Number.isSafeInteger(item) && item >= 0 &&
    s.valueEnd - s.valueStart === String(item).length + 2;
}

/**
 * The root scalar was prose after all: everything recorded since it began
 * is forgotten, and the scan goes back to the preamble's prose search at i.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan('"x" said {"a": 1}', PROFILES.permissive);
 * deepStrictEqual(result.value, { a: 1 }); // the string was prose: the object is the value
 * strictEqual(result.valueStart, 9);
 * ```
 */
export function proseAgain(s: ScanState, i: number): number {
  s.restoreMark();
  s.root = undefined;
  s.hasRoot = false;
  s.syntaxEnd = -1;
  s.valueEnd = 0;
  s.proseAt = s.valueStart;
  s.mode = PREAMBLE;
  s.pos = i;
  return PROSE_AGAIN;
}

/**
 * Prose after the value, read to the end: counts every further candidate
 * (an object, or an array that is not a citation), skipping each by its
 * brackets and double-quoted strings. Returns the end, or SUSPEND.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan('{"a":1} {"b":2} {"c":3}', PROFILES.permissive);
 * deepStrictEqual(result.value, { a: 1 });
 * deepStrictEqual(result.repairs.map((r) => [r.name, r.offset]), [
 *   ["MultipleCandidates", 8],
 *   ["MultipleCandidates", 16],
 * ]);
 * ```
 */
export function skipTail(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  const base = s.base;
  let c = 0;
  while (i < n) {
    c = text.charCodeAt(i);
    if (s.tail === T_PROSE) {
      if (c === LPAREN) s.rare.tailParens++;
      else if (c === RPAREN && s.rare.tailParens > 0) s.rare.tailParens--;
      else if ((c === LBRACE || c === LBRACKET) && s.rare.tailParens > 0) {
        // An empty `[]` or `{}` in a parenthesis is mentioned in a note
        // (`(returns [] when nothing matches)`), not a second value (issue 22).
        if (i + 1 >= n && !final) {
          s.suspend(i, DONE);
          return SUSPEND;
        }
        if (i + 1 < n && text.charCodeAt(i + 1) === (c === LBRACE ? RBRACE : RBRACKET)) {
          i += 2;
          continue;
        }
      }
      if (c === LBRACE) {
        candidate(s, base + i);
      } else if (c === LBRACKET) {
        const verdict = s.ask(arrayCandidate(text, i, n, final));
        if (verdict === SUSPEND) {
          s.suspend(i, DONE);
          return SUSPEND;
        }
        if (verdict === 1) candidate(s, base + i);
      }
      i++;
      continue;
    }
    // Inside a further candidate.
    if (s.rare.tailString) {
      if (s.rare.tailEscape) s.rare.tailEscape = false;
      else if (c === BACKSLASH) s.rare.tailEscape = true;
      else if (c === QUOTE) s.rare.tailString = false;
    } else if (c === QUOTE) {
      s.rare.tailString = true;
    } else if (c === LBRACE || c === LBRACKET) {
      s.rare.tailDepth++;
    } else if ((c === RBRACE || c === RBRACKET) && --s.rare.tailDepth === 0) {
      s.tail = T_PROSE;
    }
    i++;
  }
  if (!final) {
    s.suspend(i, DONE);
    return SUSPEND;
  }
  return i;
}

/**
 * A further candidate value at an absolute offset (its `{` or `[`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan('{"a":1}{"b":2}', PROFILES.permissive);
 * deepStrictEqual(result.repairs.map((r) => [r.rule, r.offset]), [["R040", 7]]);
 * ```
 */
export function candidate(s: ScanState, at: number): void {
  if (s.rare.candidates.length < MAX_LISTED_CANDIDATES) s.rare.candidates.push(at);
  s.rare.candidateCount++;
  s.rare.tailRefused = true;
  // repair: none: `{…} or {…}` holds two candidate values: refused
  s.repair(RULE.MultipleCandidates, at);
  s.tail = T_CANDIDATE;
  s.rare.tailDepth = 1;
  s.rare.tailString = false;
  s.rare.tailEscape = false;
}

/**
 * A closer after the root, held back: redundant (`R058`) when only white
 * space follows it, else garbage (`R027`). Read once the input ends.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const names = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.name);
 * deepStrictEqual(names('{"a": 1}}  '), ["RedundantCloser"]);
 * deepStrictEqual(names('{"a": 1}} and'), ["TrailingGarbage"]);
 * ```
 */
export function settleCloser(s: ScanState): void {
  const rare = s.rare, at = rare.closerAt;
  rare.closerAt = -2;
  const text = s.text();
  if (isAllBlank(text, at + 1, text.length)) {
    // repair: `{"a":1}}` → `{"a":1}`
    s.repair(RULE.RedundantCloser, at);
    s.valueEnd = at + 1;
    return;
  }
  rare.tailRefused = true;
  // repair: `{…}} x` → `{…}` (a closer after the value with text after it is garbage)
  s.repair(RULE.TrailingGarbage, at);
}

/**
 * DONE: reads what follows the root value; returns STOP, or PREAMBLE when the root scalar was
 * prose (the value is looked for again).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.permissive);
 * scanner.feed('{"a":1}\n', false); // the value is done: the epilogue reads on
 * scanner.feed('Also {"b":2}', true);
 * deepStrictEqual(scanner.result().repairs.map((r) => r.name), ["SkipProse", "MultipleCandidates"]);
 * ```
 */
export function readEpilogue(s: ScanState, text: string, n: number, final: boolean): number {
  return epilogue(s, text, s.pos, n, final) === PROSE_AGAIN ? PREAMBLE : STOP;
}
