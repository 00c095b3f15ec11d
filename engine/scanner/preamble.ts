/**
 * The preamble: what stands before the value. A byte order mark, comments, a code fence or a
 * wrapper tag, a reasoning block (`<think>…</think>`), and prose, in which only an object, an
 * array that is not a citation, or a fenced block starts the value.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan('Here it is: {"a": 1}', PROFILES.permissive).value, { a: 1 });
 * ```
 *
 * @module
 */
import { skipWhiteSpace } from "./chars.ts";
import {
  arrayCandidate,
  CANDIDATE,
  fenceLineEnd,
  rootStart,
  wrapperTagEnd,
} from "../candidates.ts";
import { engineError } from "../errors.ts";
import { REASONING_NAMES } from "../framing.ts";
import {
  FATAL,
  PREAMBLE,
  STOP,
  SUSPEND,
  VALUE,
  WAIT_ANY,
  WAIT_LINE_END,
  WAIT_NON_SPACE,
  WAIT_VALUE_START,
} from "./codes.ts";
import { skipComment } from "./ignored.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  HASH = 35,
  SLASH = 47,
  LBRACKET = 91,
  BACKTICK = 96,
  LBRACE = 123,
  STAR = 42,
  TILDE = 126,
  LESS = 60,
  BOM = 0xfeff;

/**
 * Reads BOM, comments, a code fence or wrapper, and prose before the value;
 * returns where the value starts. The candidate rules (docs/ENGINE.md):
 * at the start of the text a value may be any JSON value; once prose has
 * begun, only an object, an array (not a citation `[1]`, not `[word]`) or
 * a fenced block is a candidate, so nothing of the prose (a list number, a
 * year, a quoted word, `None`) becomes the value.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const rules = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.rule);
 * deepStrictEqual(rules("\ufeff[1]"), ["R001"]); // a BOM
 * deepStrictEqual(rules('Here: {"a": 1}'), ["R003"]); // prose
 * deepStrictEqual(scan('[12] see {"a": 1}', PROFILES.permissive).value, { a: 1 }); // a citation is prose
 * ```
 */
export function preamble(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  if (s.base + i === 0 && n > 0 && text.charCodeAt(0) === BOM) {
    s.repair(RULE.StripBom, 0); // repair: a byte order mark before the value → dropped
    i = 1;
  }
  for (;;) {
    if (s.fenceTail) {
      const end = fenceRest(s, text, i, n, final);
      if (end === SUSPEND) return SUSPEND;
      i = end;
      continue;
    }
    if (s.rareState !== null && s.rareState.reasoningClose !== "") {
      const end = reasoningRest(s, text, i, n, final);
      if (end < 0) return end;
      i = end;
      continue;
    }
    if (s.proseAt < 0) {
      const next = framingAt(s, text, i, n, final);
      if (next === SUSPEND || next === FATAL) return next;
      if (next === VALUE_HERE) return s.skippedTo;
      if (next >= 0) {
        i = next;
        continue;
      }
      i = s.skippedTo; // PROSE_HERE: `proseAt` is set
    }
    const j = proseCandidate(s, text, i, n, final);
    if (j < 0) return j;
    // repair: `Here is the call: {"a": 1}` → `{"a": 1}` (the prose before it is dropped).
    s.repair(RULE.SkipProse, s.proseAt);
    s.proseAt = -1;
    s.rare.candidateSeen = true;
    i = j;
    const c = text.charCodeAt(j);
    // Read the candidate as the value (a fence goes round the loop again).
    if (c !== BACKTICK && c !== TILDE) return i;
  }
}

/** `framingAt`: the value starts at `skippedTo`. */
const VALUE_HERE = -6;
/** `framingAt`: prose starts at `skippedTo` (`proseAt` is set). */
const PROSE_HERE = -7;

/**
 * Inside a reasoning block (`<think>…`): on to its closing tag, keeping only what may be the
 * start of it across a chunk end. The index past the tag, SUSPEND or FATAL (no value after it).
 */
function reasoningRest(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  const rare = s.rare, close = rare.reasoningClose;
  const at = text.indexOf(close, i);
  if (at < 0) {
    if (!final) {
      const keep = n - close.length + 1;
      s.suspend(keep > i ? keep : i, PREAMBLE);
      return SUSPEND;
    }
    s.fail(engineError("E003", "no JSON value found in the input; emit a JSON object or array"));
    return FATAL;
  }
  rare.reasoningClose = "";
  rare.candidateSeen = true;
  return at + close.length;
}

/**
 * Before the value, outside prose: skips white space, then reads one piece of framing (a
 * comment, a fence, a wrapper tag, a reasoning block) and returns the index past it; or
 * VALUE_HERE or PROSE_HERE (at `skippedTo`), SUSPEND, FATAL (nothing but white space).
 */
function framingAt(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  const base = s.base;
  i = skipWhiteSpace(text, i, n);
  if (i >= n) {
    if (!final) return s.suspend(i, PREAMBLE);
    s.fail(
      s.fence || s.rare.candidateSeen
        ? engineError("E003", "no JSON value found in the input")
        : engineError("E001", "the input is empty or only white space; emit the JSON value"),
    );
    return FATAL;
  }
  const c = text.charCodeAt(i);
  if (c === SLASH || c === HASH) {
    if (i + 1 >= n && !final) return s.suspend(i, PREAMBLE);
    const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
    // `# Title` is a comment; `#1: …` or `#tag` is prose.
    if (
      c === HASH
        ? d === 0 || d === SPACE || d === TAB || d === LF || d === CR || d === HASH
        : d === SLASH || d === STAR
    ) {
      const end = skipComment(s, text, i, n, final);
      return end === SUSPEND ? s.suspend(i, PREAMBLE) : end;
    }
  }
  if (c === BACKTICK || c === TILDE) {
    const fenceEnd = fenceLine(s, text, i, n, final);
    if (fenceEnd === SUSPEND) return s.suspend(i, PREAMBLE);
    if (fenceEnd >= 0) {
      s.repair(RULE.StripCodeFence, base + i); // repair: "```json\n{…}\n```" → `{…}`
      s.fence = true;
      return fenceEnd;
    }
  }
  if (c === LESS && s.rare.wrapper === "") {
    const wrapperEnd = wrapperTag(s, text, i, n, final);
    if (wrapperEnd === SUSPEND) return s.suspend(i, PREAMBLE);
    if (wrapperEnd >= 0 && REASONING_NAMES.has(s.rare.wrapper.toLowerCase())) {
      // repair: `<think>draft</think>{…}` → `{…}` (a reasoning block holds drafts, not candidates).
      s.repair(RULE.SkipProse, base + i);
      s.rare.reasoningClose = `</${s.rare.wrapper}>`;
      s.rare.wrapper = "";
      return wrapperEnd;
    }
    if (wrapperEnd >= 0) {
      s.repair(RULE.StripCodeFence, base + i); // repair: `<tool_call>{…}</tool_call>` → `{…}`
      return wrapperEnd;
    }
  }
  const start = s.ask(rootStart(text, i, n, final));
  if (start === SUSPEND) return s.suspend(i, PREAMBLE);
  s.skippedTo = i;
  if (start === CANDIDATE) return VALUE_HERE;
  s.proseAt = base + i;
  return PROSE_HERE;
}

/**
 * In prose: the index of the first candidate from i (`{`, an array that is not a citation, a
 * code fence of ``` or ~~~), SUSPEND, or FATAL (the input ended with none).
 */
function proseCandidate(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  let j = i;
  for (; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === LBRACE) return j;
    if (c === LBRACKET) {
      const verdict = s.ask(arrayCandidate(text, j, n, final));
      if (verdict === CANDIDATE) return j;
      // A `[` that may be a citation: wait for what follows it.
      if (verdict === SUSPEND) return s.suspend(j, PREAMBLE);
      continue;
    }
    if (
      (c === BACKTICK || c === TILDE) && j + 2 < n && text.charCodeAt(j + 1) === c &&
      text.charCodeAt(j + 2) === c
    ) return j;
  }
  if (!final) {
    // Keep two characters: a fence may be split across chunks.
    s.suspendWait = WAIT_VALUE_START;
    return s.suspend(n - 2 > i ? n - 2 : i, PREAMBLE);
  }
  s.fail(engineError("E003", "no JSON value found in the input; emit a JSON object or array"));
  return FATAL;
}

/**
 * A code fence line (three backticks and a language, ~~~, four backticks, inline `) at i: its end, -3 when it is not one, SUSPEND when unsure.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const value = (text: string) => scan(text, PROFILES.permissive).value;
 * const fence = "`".repeat(3);
 * deepStrictEqual(value(fence + 'json\n{"a": 1}\n' + fence), { a: 1 });
 * deepStrictEqual(value("~~~\n[1]\n~~~"), [1]);
 * deepStrictEqual(value('`{"a": 1}`'), { a: 1 }); // inline code
 * ```
 */
export function fenceLine(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  const f = text.charCodeAt(i);
  let j = i;
  while (j < n && text.charCodeAt(j) === f) j++;
  if (j >= n && !final) {
    if (j - i < 3) return s.waitFor(WAIT_NON_SPACE);
    // A fence whose run or language line the chunk cuts: the rest is read
    // as it comes (`fenceTail`), never the run again.
    s.rare.fenceChar = f;
    s.rare.fenceLength = j - i;
    s.fenceTail = true;
    return j;
  }
  const run = j - i;
  if (run < 3) {
    // Inline code: one backtick right before an object or array.
    if (run === 1 && f === BACKTICK && j < n) {
      const c = text.charCodeAt(j);
      if (c === LBRACE || c === LBRACKET) {
        s.rare.fenceChar = f;
        s.rare.fenceLength = 1;
        return j;
      }
    }
    return -3;
  }
  s.rare.fenceChar = f;
  s.rare.fenceLength = run;
  const end = fenceLineEnd(text, j, n);
  if (end >= 0) return end;
  return final ? n : s.waitFor(WAIT_LINE_END);
}

/**
 * The rest of a fence line cut by a chunk end (its run, its language): the index past it, or SUSPEND.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.permissive);
 * scanner.feed("``", false); // the fence's run cut by the chunk end
 * scanner.feed("`json\n[1]\n" + "`".repeat(3), true);
 * deepStrictEqual(scanner.result().value, [1]);
 * deepStrictEqual(scanner.result().repairs.map((r) => r.name), ["StripCodeFence"]);
 * ```
 */
export function fenceRest(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  const f = s.rare.fenceChar;
  while (i < n && text.charCodeAt(i) === f) i++;
  const end = fenceLineEnd(text, i, n);
  if (end >= 0 || final) {
    s.fenceTail = false;
    return end >= 0 ? end : n;
  }
  // Keep the language read so far (read again once the line ends).
  s.suspendWait = i >= n ? WAIT_ANY : WAIT_LINE_END;
  s.suspend(i, PREAMBLE);
  return SUSPEND;
}

/**
 * A wrapper tag (`<tool_call>`, `<json>`, any `<name>`) at i before the
 * value: its end (the name kept in `wrapper`), -3 when it is not one,
 * SUSPEND when unsure.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read('<tool_call>\n{"a": 1}\n</tool_call>').value, { a: 1 });
 * deepStrictEqual(read("<json>[1]</json>").repairs.map((r) => r.name), ["StripCodeFence"]);
 * ```
 */
export function wrapperTag(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  const end = s.ask(wrapperTagEnd(text, i, n, final));
  if (end >= 0) s.rare.wrapper = text.slice(i + 1, end - 1);
  return end;
}

/**
 * PREAMBLE: reads up to where the value starts; returns VALUE, or STOP.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.permissive);
 * scanner.feed("<tool_", false); // unsure yet: a wrapper tag or prose
 * scanner.feed("call>[1]</tool_call>", true);
 * deepStrictEqual(scanner.result().value, [1]);
 * ```
 */
export function readPreamble(s: ScanState, text: string, n: number, final: boolean): number {
  const i = preamble(s, text, s.pos, n, final);
  if (i === SUSPEND || i === FATAL) return STOP;
  s.valueStart = s.base + i;
  s.mark();
  return s.moveTo(i, VALUE);
}
