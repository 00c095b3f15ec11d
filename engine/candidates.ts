/**
 * Where the value may start, and what around it belongs to the prose: the
 * lookaheads the scanner's preamble and epilogue ask (docs/ENGINE.md,
 * "Candidates"). Each reads a few characters of the current chunk and answers
 * a verdict, or one of the `NEED_*` codes when the chunk ends before it can
 * tell: the scanner then suspends until a chunk arrives that can settle it,
 * so a stream and a one-shot call decide alike at every split.
 *
 * They are pure: what the scanner keeps (a wrapper's name, a fence's run)
 * it takes from their answers.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { arrayCandidate, CANDIDATE, CITATION, NOT_CANDIDATE } from "./candidates.ts";
 * strictEqual(arrayCandidate('[{"a":1}]', 0, 9, true), CANDIDATE);
 * strictEqual(arrayCandidate("[12] says", 0, 9, true), CITATION);
 * strictEqual(arrayCandidate("[optional]", 0, 10, true), NOT_CANDIDATE);
 * ```
 *
 * @module
 */

import {
  APOS,
  BACKTICK,
  CR,
  DOT,
  GREATER,
  isDigit,
  isQuote,
  isWordChar,
  isWordStart,
  LBRACE,
  LBRACKET,
  LDQUO,
  LF,
  LOWER_A,
  LOWER_Z,
  LSQUO,
  MINUS,
  PLUS,
  QUOTE,
  RBRACKET,
  SPACE,
  TAB,
  UNDERSCORE,
  UPPER_A,
  UPPER_Z,
} from "./characters.ts";

/** A verdict: not a candidate (or not a label, not a value start). */
export const NOT_CANDIDATE = 0;
/** A verdict: a candidate (or a label, a value start). */
export const CANDIDATE = 1;
/** `arrayCandidate`: one integer in brackets, a citation in prose. */
export const CITATION = 2;
/** The chunk ended first: any next character settles it. */
export const NEED_ANY = -10;
/** The chunk ended first: wait for a character that ends a word. */
export const NEED_NON_WORD = -11;
/** The chunk ended first: wait for a character that is not white space. */
export const NEED_NON_SPACE = -12;
/** The chunk ended first: wait for a line feed. */
export const NEED_LINE_END = -13;
/** Whether a lookahead's answer asks for more input (one of the `NEED_*` codes). */
export type Need =
  | typeof NEED_ANY
  | typeof NEED_NON_WORD
  | typeof NEED_NON_SPACE
  | typeof NEED_LINE_END;

/**
 * Whether a lookahead's answer is one of the `NEED_*` codes.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { arrayCandidate, needsMore } from "./candidates.ts";
 * strictEqual(needsMore(arrayCandidate("[", 0, 1, false)), true);
 * strictEqual(needsMore(arrayCandidate("[", 0, 1, true)), false);
 * ```
 */
export function needsMore(answer: number): answer is Need {
  return answer <= NEED_ANY;
}

/** The longest wrapper tag name read (`<tool_call>`). */
export const MAX_WRAPPER = 32;

/** The words a value may be spelled as, in the order a cut word is completed. */
export const VALUE_WORDS: readonly string[] = [
  "true",
  "false",
  "null",
  "True",
  "False",
  "None",
  "undefined",
  "NaN",
  "Infinity",
];
const VALUE_WORD_SET: ReadonlySet<string> = new Set(VALUE_WORDS);
/** First characters of the words a value may be spelled as (`true`, `None`…). */
const LITERAL_STARTS: ReadonlySet<number> = new Set([116, 102, 110, 84, 70, 78]);

/**
 * The value word a cut word could complete to, or undefined.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { completionOf } from "./candidates.ts";
 * strictEqual(completionOf("tr"), "true");
 * strictEqual(completionOf("Non"), "None");
 * strictEqual(completionOf("xyz"), undefined);
 * ```
 */
export function completionOf(prefix: string): string | undefined {
  for (const word of VALUE_WORDS) {
    if (word.length > prefix.length && word.startsWith(prefix)) return word;
  }
  return undefined;
}

/**
 * Whether a list marker (one to three digits, then `.` or `)`, then white
 * space or the end) starts at i: CANDIDATE yes, NOT_CANDIDATE no, NEED_ANY
 * when the chunk ends first (a few characters at most are read again).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { CANDIDATE, listMarker, NOT_CANDIDATE } from "./candidates.ts";
 * strictEqual(listMarker("2. Next", 0, 7, true), CANDIDATE);
 * strictEqual(listMarker("2.5", 0, 3, true), NOT_CANDIDATE);
 * ```
 */
export function listMarker(text: string, i: number, n: number, final: boolean): number {
  let k = i;
  while (k < n && k - i < 4 && isDigit(text.charCodeAt(k))) k++;
  if (k - i > 3) return NOT_CANDIDATE;
  if (k + 1 >= n) {
    if (!final) return NEED_ANY;
    return k < n && text.charCodeAt(k) === DOT ? CANDIDATE : NOT_CANDIDATE;
  }
  const c = text.charCodeAt(k), d = text.charCodeAt(k + 1);
  return (c === DOT || c === 41) && (d === SPACE || d === TAB || d === LF || d === CR)
    ? CANDIDATE
    : NOT_CANDIDATE;
}

/**
 * The end of a fence's language line from j: past its line break, or at the
 * first character a language tag cannot hold (```` ```{ ```` on one line:
 * the value starts there); -1 when the text ends first.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { fenceLineEnd } from "./candidates.ts";
 * strictEqual(fenceLineEnd("```json\n{}", 3, 10), 8);
 * strictEqual(fenceLineEnd("```{}", 3, 5), 3);
 * strictEqual(fenceLineEnd("```js", 3, 5), -1);
 * ```
 */
export function fenceLineEnd(text: string, j: number, n: number): number {
  for (; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === LF) return j + 1;
    // Any language tag (`json`, `json5`, `c++`, `objective-c`, `.json`)
    // but the start of a value on the fence's own line.
    if (c === LBRACE || c === LBRACKET || c === QUOTE || c === APOS || c === BACKTICK) return j;
  }
  return -1;
}

/**
 * Whether a `[` at i in prose starts a candidate array: CANDIDATE (`[{`,
 * `[[`, `["`, `[1,`, `[-`, `[]`, `[true`…), CITATION for one integer in
 * brackets (`[12]`), NOT_CANDIDATE (a word `[optional]`, `[TOOL_CALLS]`, a
 * `[` that ends the text), or a `NEED_*` code when the chunk ends before it
 * can tell.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { arrayCandidate, CANDIDATE, NEED_NON_WORD } from "./candidates.ts";
 * strictEqual(arrayCandidate("[true, 1]", 0, 9, true), CANDIDATE);
 * strictEqual(arrayCandidate("[tr", 0, 3, false), NEED_NON_WORD);
 * ```
 */
export function arrayCandidate(text: string, i: number, n: number, final: boolean): number {
  let j = i + 1, c = 0;
  while (j < n && ((c = text.charCodeAt(j)) === SPACE || c === TAB)) j++;
  // A `[` that ends the text opens nothing: it holds no value.
  if (j >= n) return final ? NOT_CANDIDATE : NEED_NON_SPACE;
  if (isDigit(c)) {
    let k = j;
    while (k < n && isDigit(text.charCodeAt(k))) k++;
    if (k >= n) return final ? CANDIDATE : NEED_NON_WORD;
    // `[12]` in prose is a citation, never the value.
    return text.charCodeAt(k) === RBRACKET ? CITATION : CANDIDATE;
  }
  if (
    c === LBRACE || c === LBRACKET || c === RBRACKET || isQuote(c) || c === MINUS ||
    c === LF || c === CR
  ) return CANDIDATE;
  if (LITERAL_STARTS.has(c)) {
    // `[true, …]` is an array; `[TOOL_CALLS]`, `[note]` are words in brackets.
    let k = j;
    while (k < n && isWordChar(text.charCodeAt(k))) k++;
    if (k >= n) return final ? CANDIDATE : NEED_NON_WORD;
    return VALUE_WORD_SET.has(text.slice(j, k)) ? CANDIDATE : NOT_CANDIDATE;
  }
  return NOT_CANDIDATE;
}

/**
 * Whether a `[` at the start of the text is a label, not a value: a word
 * in brackets (`[TOOL_CALLS]`, `[INST]`) or a citation followed by its
 * sentence (`[1] Call…`). CANDIDATE (a label) yes, NOT_CANDIDATE no, or a
 * `NEED_*` code when the chunk ends first.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { bracketLabel, CANDIDATE, NOT_CANDIDATE } from "./candidates.ts";
 * strictEqual(bracketLabel("[TOOL_CALLS] [", 0, 14, true), CANDIDATE);
 * strictEqual(bracketLabel("[1, 2]", 0, 6, true), NOT_CANDIDATE);
 * ```
 */
export function bracketLabel(text: string, i: number, n: number, final: boolean): number {
  if (i + 1 >= n) return final ? NOT_CANDIDATE : NEED_ANY;
  const c = text.charCodeAt(i + 1);
  if (isDigit(c)) {
    // A citation followed by its sentence (`[1] Call…`); `[1]`, `[1], [2]`
    // or `[1] {…}` are values.
    let k = i + 1;
    while (k < n && isDigit(text.charCodeAt(k))) k++;
    if (k >= n) return final ? NOT_CANDIDATE : NEED_NON_WORD;
    if (text.charCodeAt(k) !== RBRACKET) return NOT_CANDIDATE;
    k++;
    let d = 0;
    while (k < n && ((d = text.charCodeAt(k)) === SPACE || d === TAB)) k++;
    if (k >= n) return final ? NOT_CANDIDATE : NEED_NON_SPACE;
    return isWordStart(d) ? CANDIDATE : NOT_CANDIDATE;
  }
  if (!((c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) || c === UNDERSCORE)) {
    return NOT_CANDIDATE;
  }
  let k = i + 1;
  while (k < n && isWordChar(text.charCodeAt(k))) k++;
  if (k >= n) return final ? NOT_CANDIDATE : NEED_NON_WORD;
  return text.charCodeAt(k) === RBRACKET && !VALUE_WORD_SET.has(text.slice(i + 1, k))
    ? CANDIDATE
    : NOT_CANDIDATE;
}

/**
 * A wrapper tag (`<tool_call>`, `<json>`, any `<name>`) at i before the
 * value: the index past its `>` (its name is the text between), -3 when it
 * is not one, or a `NEED_*` code when the chunk ends first.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { wrapperTagEnd } from "./candidates.ts";
 * strictEqual(wrapperTagEnd("<tool_call>{}", 0, 13, true), 11);
 * strictEqual(wrapperTagEnd("< b", 0, 3, true), -3);
 * ```
 */
export function wrapperTagEnd(text: string, i: number, n: number, final: boolean): number {
  let j = i + 1;
  while (j < n && j - i <= MAX_WRAPPER) {
    const c = text.charCodeAt(j);
    if (c === GREATER) break;
    if (
      !((c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) || c === UNDERSCORE ||
        c === MINUS || (j > i + 1 && isDigit(c)))
    ) return -3;
    j++;
  }
  if (j >= n) return final ? -3 : NEED_NON_WORD;
  if (j === i + 1 || text.charCodeAt(j) !== GREATER) return -3;
  return j + 1;
}

/**
 * At the start of the text (or after prose a root scalar turned into):
 * CANDIDATE when a value can start at i, NOT_CANDIDATE when it is prose, or a
 * `NEED_*` code when the chunk ends first. A sign or dot starts a number only
 * before a digit (`- item` is a list marker); a word starts a value only when
 * it is a value word (`true`, `None`) or may be one cut by the end.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { CANDIDATE, NOT_CANDIDATE, rootStart } from "./candidates.ts";
 * strictEqual(rootStart("- item", 0, 6, true), NOT_CANDIDATE);
 * strictEqual(rootStart("-1", 0, 2, true), CANDIDATE);
 * strictEqual(rootStart("Here: {}", 0, 8, true), NOT_CANDIDATE);
 * ```
 */
export function rootStart(text: string, i: number, n: number, final: boolean): number {
  const c = text.charCodeAt(i);
  if (c === LBRACKET) {
    const label = bracketLabel(text, i, n, final);
    if (needsMore(label)) return label;
    return label === CANDIDATE ? NOT_CANDIDATE : CANDIDATE;
  }
  if (c === LBRACE || c === QUOTE || c === APOS || c === LDQUO || c === LSQUO || isDigit(c)) {
    return CANDIDATE;
  }
  if (c === 40) {
    // `("a", "b")`: a Python tuple of strings at the start is a value; `(1) Call…`,
    // `(args: …)` are prose.
    let k = i + 1;
    while (k < n && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++;
    if (k >= n) return final ? NOT_CANDIDATE : NEED_NON_SPACE;
    const d = text.charCodeAt(k);
    return d === QUOTE || d === APOS ? CANDIDATE : NOT_CANDIDATE;
  }
  if (c === DOT || c === MINUS || c === PLUS) {
    // A sign or dot starts a number only before a digit (`- item` is a list marker).
    if (i + 1 >= n) return final ? NOT_CANDIDATE : NEED_NON_SPACE;
    const d = text.charCodeAt(i + 1);
    return isDigit(d) || (c !== DOT && (d === DOT || d === 73 || d === 78))
      ? CANDIDATE
      : NOT_CANDIDATE;
  }
  if (!isWordStart(c)) return NOT_CANDIDATE;
  let j = i;
  while (j < n && isWordChar(text.charCodeAt(j))) j++;
  if (j >= n && !final) return NEED_NON_WORD;
  const word = text.slice(i, j);
  if (VALUE_WORD_SET.has(word)) return CANDIDATE;
  if (j >= n && completionOf(word) !== undefined) return CANDIDATE;
  return NOT_CANDIDATE;
}
