/** @module */
import { arrayCandidate, CITATION, listMarker } from "../candidates.ts";
import { isDigit, isOtherSpace, isQuote, isWordChar } from "../characters.ts";
import { isAllBlank, sameText } from "./chars.ts";
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

/** `continuesRoot`: the text after the comma goes on with the root, or not. */
export const CONTINUES = 1, STOPS = 0;

/**
 * Whether the text at j, after a comma that follows the root, continues the
 * root: a quoted key or string, a number, a value word, an unquoted key
 * (`cc: "x"`) or a closer. CONTINUES, STOPS, or SUSPEND when the chunk ends
 * before it can tell (and the input goes on).
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

/** Further candidates whose offsets are kept for the refusal's message. */
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
 */
export function epilogue(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  const base = s.base;
  let c = 0;
  for (;;) {
    if (s.tail !== T_START) {
      i = skipTail(s, text, i, n, final);
      if (i === SUSPEND) return STOP;
      s.mode = END;
      return STOP;
    }
    if (s.fenceRun !== 0) {
      // The rest of a closing fence's run, across a chunk end.
      while (i < n && text.charCodeAt(i) === s.fenceRun) i++;
      if (i < n) s.fenceRun = 0;
    }
    while (i < n && ((c = text.charCodeAt(i)) === SPACE || c === LF || c === CR || c === TAB)) {
      i++;
    }
    if (i >= n) {
      if (!final) {
        s.suspend(i, DONE);
        return STOP;
      }
      s.mode = END;
      return STOP;
    }
    if (c === SLASH || c === HASH) {
      if (i + 1 >= n && !final) {
        s.suspend(i, DONE);
        return STOP;
      }
      const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      // After the value `#` starts a comment only as a comment is written
      // (`# note`, `#` alone): `#[2]` or `#tag` are prose, read for candidates.
      if (
        c === HASH
          ? d === 0 || d === SPACE || d === TAB || d === LF || d === CR || d === HASH
          : d === SLASH || d === STAR
      ) {
        const end = skipComment(s, text, i, n, final);
        if (end === SUSPEND) {
          s.suspend(i, DONE);
          return STOP;
        }
        i = end;
        continue;
      }
    }
    if (c === BACKTICK || c === TILDE) {
      // The closing fence (or a stray one): three of the fence's character,
      // or the one backtick of inline code.
      const length = s.fence && c === s.rare.fenceChar && s.rare.fenceLength < 3 ? 1 : 3;
      if (i + length > n && !final) {
        s.suspend(i, DONE);
        return STOP;
      }
      let run = 0;
      while (run < length && i + run < n && text.charCodeAt(i + run) === c) run++;
      if (
        run === length && !s.fence && !s.closedAfter && s.hasRoot &&
        (typeof s.root !== "object" || s.root === null)
      ) {
        // `1. ```json`: a list number, then a fence that opens the value.
        return proseAgain(s, i);
      }
      if (run === length && (c === BACKTICK || (s.fence && c === s.rare.fenceChar))) {
        if (!s.fence) s.repair(RULE.StripCodeFence, base + i);
        s.fence = false;
        s.closedAfter = true;
        i += run;
        s.fenceRun = c;
        continue;
      }
    }
    if (c === LESS && s.rare.wrapper !== "") {
      const length = s.rare.wrapper.length + 3;
      if (i + length > n && !final) {
        s.suspend(i, DONE);
        return STOP;
      }
      if (
        i + length <= n && text.charCodeAt(i + 1) === SLASH &&
        sameText(text, i + 2, s.rare.wrapper) && text.charCodeAt(i + length - 1) === GREATER
      ) {
        s.rare.wrapper = "";
        s.closedAfter = true;
        i += length;
        continue;
      }
    }
    if (isOtherSpace(c) || c === BOM) {
      s.repair(RULE.NonJsonWhitespace, base + i);
      i++;
      continue;
    }
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
      i++;
      continue;
    }
    if (c === COMMA) {
      // `{...}, {...}`: a second document after a comma; `{...}, thanks` is prose.
      let j = i + 1;
      while (j < n && ((c = text.charCodeAt(j)) === SPACE || c === LF || c === CR || c === TAB)) {
        j++;
      }
      if (j >= n && !final) {
        s.suspendWait = WAIT_NON_SPACE;
        s.suspend(i, DONE);
        return STOP;
      }
      if (scalar) return proseAgain(s, i);
      if (j < n && (c === LBRACE || c === LBRACKET)) {
        // `{...}, {...}`: a second candidate after a comma.
        candidate(s, base + j);
        i = j + 1;
        continue;
      }
      const goesOn = j < n ? continuesRoot(text, j, n, final) : STOPS;
      if (goesOn === SUSPEND) {
        const last = text.charCodeAt(n - 1);
        s.suspendWait = last === SPACE || last === TAB ? WAIT_NON_SPACE : WAIT_NON_WORD;
        s.suspend(i, DONE);
        return STOP;
      }
      if (goesOn === CONTINUES) {
        // `{"to":…}, "cc": …}`, `[1, 2], 3]`: the root closed too early.
        s.rare.tailRefused = true;
        s.repair(RULE.PrematureClose, base + i);
        s.tail = T_PROSE;
        i++;
        continue;
      }
      s.repair(j >= n ? RULE.TrailingGarbage : RULE.SkipProse, base + i);
      s.tail = T_PROSE;
      i++;
      continue;
    }
    if (c === MINUS && i + 1 >= n && !final) {
      s.suspend(i, DONE);
      return STOP;
    }
    if (isDigit(c) && !scalar) {
      // `2. Next step` or `3) note` after the value is a list marker: prose.
      const marker = s.ask(listMarker(text, i, n, final));
      if (marker === SUSPEND) {
        s.suspend(i, DONE);
        return STOP;
      }
      if (marker === 1) {
        s.repair(RULE.SkipProse, base + i);
        s.tail = T_PROSE;
        continue;
      }
    }
    if (c === LBRACE || c === LBRACKET) {
      // A second object or array right after the value: a second candidate
      // (a citation or a word in brackets is prose).
      if (scalar) return proseAgain(s, i);
      const verdict = c === LBRACE ? 1 : s.ask(arrayCandidate(text, i, n, final));
      if (verdict === SUSPEND) {
        s.suspend(i, DONE);
        return STOP;
      }
      // Right after the value even `[2]` is a second value, not a citation.
      if (verdict === 1 || verdict === CITATION) {
        candidate(s, base + i);
        i++;
        continue;
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
    s.repair(RULE.SkipProse, base + i);
    s.tail = T_PROSE;
  }
}

/** Garbage after the value (`R027`); a closer held back as maybe redundant is garbage too. */
export function garbageAfter(s: ScanState, at: number): void {
  const rare = s.rare;
  rare.tailRefused = true;
  if (rare.closerAt >= 0) {
    s.repair(RULE.TrailingGarbage, rare.closerAt);
    rare.closerAt = -2; // decided
  }
  s.repair(RULE.TrailingGarbage, at);
}

/** A second scalar document right after the value: `R028`, and nothing after it is read. */
export function concatenated(s: ScanState, at: number): void {
  s.rare.tailRefused = true;
  s.repair(RULE.ConcatenatedDocuments, at);
  s.mode = END;
  s.finished = true;
}

/**
 * Whether the root value, followed by text, was part of the prose: a
 * scalar (a string, number or literal), or a citation written `[12]`.
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
 */
export function proseAgain(s: ScanState, i: number): number {
  s.restoreMark();
  s.root = undefined;
  s.hasRoot = false;
  s.syntaxEnd = -1;
  s.valueEnd = 0;
  s.proseAt = s.valueStart;
  s.mode = PREAMBLE;
  return i;
}

/**
 * Prose after the value, read to the end: counts every further candidate
 * (an object, or an array that is not a citation), skipping each by its
 * brackets and double-quoted strings. Returns the end, or SUSPEND.
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

/** A further candidate value at an absolute offset (its `{` or `[`). */
export function candidate(s: ScanState, at: number): void {
  if (s.rare.candidates.length < MAX_LISTED_CANDIDATES) s.rare.candidates.push(at);
  s.rare.candidateCount++;
  s.rare.tailRefused = true;
  s.repair(RULE.MultipleCandidates, at);
  s.tail = T_CANDIDATE;
  s.rare.tailDepth = 1;
  s.rare.tailString = false;
  s.rare.tailEscape = false;
}

/**
 * A closer after the root, held back: redundant (`R058`) when only white
 * space follows it, else garbage (`R027`). Read once the input ends.
 */
export function settleCloser(s: ScanState): void {
  const rare = s.rare, at = rare.closerAt;
  rare.closerAt = -2;
  const text = s.text();
  if (isAllBlank(text, at + 1, text.length)) {
    s.repair(RULE.RedundantCloser, at);
    s.valueEnd = at + 1;
    return;
  }
  rare.tailRefused = true;
  s.repair(RULE.TrailingGarbage, at);
}

/**
 * DONE: reads what follows the root value; returns STOP, or PREAMBLE when the root scalar was
 * prose (the value is looked for again).
 */
export function readEpilogue(s: ScanState, text: string, n: number, final: boolean): number {
  const i = epilogue(s, text, s.pos, n, final);
  if (i === STOP) return STOP;
  return s.moveTo(i, PREAMBLE);
}
