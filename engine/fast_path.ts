/**
 * The fast path for clean JSON: most tool calls are plain RFC 8259 JSON with
 * nothing for the gate to repair or refuse, and for those the native
 * `JSON.parse` builds the value faster than any scanner written in
 * TypeScript. {@linkcode scanCleanText} (and its narrow form,
 * {@linkcode scanCleanJson}) takes that path only when native
 * searches of the raw text and one walk of the parsed value prove that the
 * scanner would answer exactly `safe`, `exact`, no repair, with the very
 * value `JSON.parse` builds;
 * otherwise it answers `null` and the caller runs the scanner
 * ({@linkcode scanText} does both). It never decides anything the scanner
 * would decide differently: every doubt sends the text to the scanner.
 *
 * A text takes the fast path only when all of these hold (each one a reason
 * the scanner could have something to say), checked with native searches
 * (`indexOf`, `match`, one sticky run over a character class, one bounded
 * match per string that holds a backslash, `isWellFormed`, the UTF-8
 * encoder; for a text of at most 512 code units, one counted expression after
 * the walk instead of the ASCII test, the backslash search and the colon
 * count) and one walk of the parsed value, never a second reading of the
 * text in TypeScript:
 *
 * - it is at most `max_input` and `max_token` code units long (so no limit
 *   can be reached) and nests less deeply than `max_depth`;
 * - after optional JSON white space it is one object or array, followed by
 *   JSON white space only (no fence, no prose, no second value);
 * - its strings hold no hazard the scanner reports: no bidi control, tag
 *   character or lone surrogate anywhere, no other default-ignorable in a
 *   key ({@linkcode wideStringsClean}; the narrow test,
 *   {@linkcode scanCleanJson}, takes ASCII text only);
 * - every `\u` escape is one of `\u0000`–`\u001F` (the narrow test takes
 *   none), so no decoded character is a hazard, a colon or a point;
 * - no key holds an escape ({@linkcode escapedStringsClean}, which reads
 *   each string that holds a backslash for this and the escapes above, and
 *   {@linkcode escapedKeyIn}: V8's `JSON.parse` misreads some escaped keys);
 * - `JSON.parse` accepts it;
 * - every number `JSON.parse` reads is within ±(2^53 − 1) (no unsafe
 *   integer, no overflow) and is 0 or of normal magnitude; a 0 in a text
 *   with a negative exponent in a number or a long run of zeros (a possible
 *   underflow) goes to the scanner (the narrow test: any `e-` at all);
 * - no object holds a key twice: the text has exactly as many colons as the
 *   objects kept keys, plus the colons inside the strings
 *   (`keptEveryKey`);
 * - no key is `__proto__`, and the keys of an object with an upper-case or
 *   non-ASCII letter do not collide under `keyCollisions` of
 *   `engine/hazards.ts` (the check the scanner runs on exactly those
 *   objects).
 *
 * `tests/fast_path_test.ts` holds both tests to the scanner: wherever one
 * answers, the answer deep-equals the scanner's, on every profile, over the
 * JSONTestSuite, the attack corpora and generated documents (ASCII and
 * beyond), and the wide test answers wherever the narrow one does.
 *
 * @example
 * ```ts
 * import { scanCleanJson, scanCleanText } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * deepStrictEqual(scanCleanJson('{"path":"/tmp/x"}', PROFILES.agent)?.value, { path: "/tmp/x" });
 * strictEqual(scanCleanJson('{"a":1,"a":2}', PROFILES.agent), null); // a duplicate: the scanner decides
 * strictEqual(scanCleanJson("[9007199254740993]", PROFILES.agent), null); // an unsafe integer
 * strictEqual(scanCleanJson('["caf\\u00e9"]', PROFILES.agent), null); // an escape: the scanner reads it
 * deepStrictEqual(scanCleanText('{"city":"Z\u00fcrich"}', PROFILES.agent)?.value, { city: "Z\u00fcrich" });
 * strictEqual(scanCleanText('{"a\u200B":1}', PROFILES.agent), null); // a zero-width space in a key
 * ```
 *
 * @module
 */

import { HAZARD_UNIT, hazardAt, IGNORABLE, keyCollisions, NO_HAZARD } from "./hazards.ts";
import type { Profile } from "./profiles.ts";
import { hasCase, scan, type ScanResult, skipWhiteSpace } from "./scanner/mod.ts";

// Char codes.
const SPACE = 32, LBRACKET = 91, LBRACE = 123, BACKSLASH = 92, COLON = 58, COMMA = 44;
const ZERO = 48, ONE = 49, NINE = 57, DOT = 46, MINUS = 45, TAB = 9, LF = 10, CR = 13;
/** `e`, and the bit that makes an ASCII letter lower case (`E` | 0x20 is `e`). */
const LOWER_E = 101, LOWER_CASE = 0x20;

/** The largest safe integer: a number at or past it goes to the scanner. */
const SAFE = 9007199254740991;

/**
 * A run of zeros no number can underflow without: a plain decimal needs 323
 * zeros after its point to round to 0 (`1e-324` does).
 */
const UNDERFLOW_ZEROS = "0".repeat(300);

/**
 * Texts longer than this are first read for nesting past `max_depth` near
 * their start ({@linkcode nestsTooDeepEarly}): the scanner then stops at
 * `E020` without the whole text being parsed here first.
 */
const LARGE_TEXT = 65_536;
/** Code units per allowed level read by {@linkcode nestsTooDeepEarly} (`{"a":` is 5). */
const UNITS_PER_LEVEL = 8;
const QUOTE = 34, RBRACKET = 93, RBRACE = 125;

/** Every `[` (global: `match` counts them in one native search). */
const OPEN_BRACKETS = /\[/g;
/** Every `{`. */
const OPEN_BRACES = /\{/g;

/**
 * Whether the first `8 × max_depth + 4096` code units of `text` already nest
 * past `maxDepth` (brackets inside strings skipped). Only a shortcut to the
 * scanner's early `E020` on a large text: the walk of the parsed value still
 * checks the depth of every text the fast path takes. A prefix that holds
 * no more opening brackets than `maxDepth` (counted by two native searches,
 * strings and all) cannot nest past it, and is not read further: one tenth
 * of the time of reading it unit by unit, which only a prefix with more
 * brackets than that needs.
 *
 * @example
 * ```ts
 * import { nestsTooDeepEarly } from "./fast_path.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(nestsTooDeepEarly('{"a":'.repeat(600) + "1", 512), true);
 * strictEqual(nestsTooDeepEarly('["[[[[", [1]]', 2), false);
 * strictEqual(nestsTooDeepEarly("[[[1]]]", 2), true);
 * ```
 *
 * @param text the text, starting anywhere before its first bracket
 * @param maxDepth the deepest nesting allowed
 * @returns true when the prefix read nests deeper than `maxDepth`
 */
export function nestsTooDeepEarly(text: string, maxDepth: number): boolean {
  const end = Math.min(text.length, UNITS_PER_LEVEL * maxDepth + 4096);
  const prefix = text.slice(0, end);
  const opening = (prefix.match(OPEN_BRACKETS)?.length ?? 0) +
    (prefix.match(OPEN_BRACES)?.length ?? 0);
  if (opening <= maxDepth) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === LBRACE || c === LBRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === RBRACE || c === RBRACKET) depth--;
  }
  return false;
}

/** The ASCII test encodes at most this many code units at a time. */
const ASCII_CHUNK = 65_536;
/** The ASCII test's first chunk (each next one is four times as long, up to ASCII_CHUNK). */
const FIRST_ASCII_CHUNK = 1024;
/** Texts up to this length are tested for ASCII by {@linkcode NON_ASCII}. */
const SHORT_TEXT = 512;
/** Any code unit past ASCII (a regular expression without `g`: it keeps no state). */
const NON_ASCII = /[\u0080-\uffff]/;
const encoder = new TextEncoder();
const scratch = new Uint8Array(ASCII_CHUNK);

/**
 * Whether every code unit of `text` is ASCII (below U+0080), by the native
 * UTF-8 encoder: ASCII is the only text whose UTF-8 form is as long as it is.
 *
 * @example
 * ```ts
 * import { isAscii } from "./fast_path.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(isAscii('{"a":"b"}'), true);
 * strictEqual(isAscii(String.raw`{"a":"b\u202E"}`), true); // an escape is ASCII: the caller looks for it
 * strictEqual(isAscii('{"a":"caf\u00e9"}'), false);
 * strictEqual(isAscii("x".repeat(70_000) + "\u00e9"), false);
 * ```
 */
export function isAscii(text: string): boolean {
  // Short texts: one native regular-expression search costs less than a call into the encoder.
  if (text.length <= SHORT_TEXT) return !NON_ASCII.test(text);
  // Chunks grow from FIRST_ASCII_CHUNK: a text that is not ASCII mostly says so early.
  for (
    let from = 0, size = FIRST_ASCII_CHUNK;
    from < text.length;
    from += size, size = Math.min(4 * size, ASCII_CHUNK)
  ) {
    const part = text.slice(from, from + size);
    const { read, written } = encoder.encodeInto(part, scratch);
    if (read !== part.length || written !== part.length) return false;
  }
  return true;
}

/** Whether the character at `at` is escaped (an odd run of backslashes before it). */
function isEscaped(text: string, at: number): boolean {
  let run = 0;
  // Before the text, `charCodeAt` is NaN: the run stops there.
  while (text.charCodeAt(at - 1 - run) === BACKSLASH) run++;
  return run % 2 === 1;
}

/**
 * Whether some key of a text `JSON.parse` accepts holds an escape (`\n`,
 * `\\`, `\/`, …). V8 15.0's `JSON.parse` (Deno 2.9) misreads escaped keys
 * once objects with similar keys exist: after `{"a":1,"":2,"\\":3}` it
 * reads the key of `{"a":1,"":2,"\r":3}` as a backslash (and about one text
 * in five of those `tests/fast_path_test.ts` generates wrong). Such a text goes to the
 * scanner. Backslashes occur only inside strings in JSON, so each one found
 * starts an escape in a string; the string is a key when a colon follows its
 * closing quote. `from` may skip a start known to hold no backslash.
 *
 * @example
 * ```ts
 * import { escapedKeyIn } from "./fast_path.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(escapedKeyIn(String.raw`{"a\nb":1}`), true);
 * strictEqual(escapedKeyIn(String.raw`{"a":"line\nbreak","b\\":2}`), true);
 * strictEqual(escapedKeyIn(String.raw`{"a":"line\nbreak","b":"\"q\""}`), false);
 * ```
 */
export function escapedKeyIn(text: string, from = 0): boolean {
  for (let at = text.indexOf("\\", from); at !== -1;) {
    const end = closingQuote(text, at);
    if (end === -1 || endsKey(text, end)) return true; // -1: not JSON, the scanner reads it
    at = text.indexOf("\\", end + 1);
  }
  return false;
}

/**
 * The closing quote of the string that holds the offset `at` (inside a
 * string of a text `JSON.parse` accepts): the first quote after it that is
 * not escaped; -1 when there is none.
 */
function closingQuote(text: string, at: number): number {
  let end = at;
  do end = text.indexOf('"', end + 1); while (end !== -1 && isEscaped(text, end));
  return end;
}

/** Whether the string closed by the quote at `end` is a key (a colon follows it). */
function endsKey(text: string, end: number): boolean {
  return text.charCodeAt(skipWhiteSpace(text, end + 1, text.length)) === COLON;
}

/** One code unit that starts no hazard (the complement of {@linkcode HAZARD_UNIT}). */
const HAZARD_FREE_UNIT = "[^" + HAZARD_UNIT.source.slice(1, -1) + "]";
/**
 * A run of code units none of which starts a hazard, sticky: from
 * `lastIndex` it runs to the first code unit of {@linkcode HAZARD_UNIT}, or
 * to the end. One greedy loop over the text, which irregexp runs faster than
 * a search for the class (a match tried at every offset); its body is four
 * units written out, then up to three more, so the loop turns once per four
 * units (`{4}` would count its turns, which costs more than the loop saves):
 * 0.11 of `JSON.parse` on `a_valid.json` against 0.18 for the run of one unit
 * at a time (docs/PERFORMANCE.md, "Issue 29: the hazard run, four units a
 * turn"). A fixed-length body keeps irregexp's greedy loop, which pushes
 * nothing per turn: the run reads any length in one call.
 */
const HAZARD_FREE_RUN = new RegExp(
  `(?:${HAZARD_FREE_UNIT.repeat(4)})*${(HAZARD_FREE_UNIT + "?").repeat(3)}`,
  "y",
);

/**
 * Whether the strings of a text `JSON.parse` accepts hold no character the
 * scanner reports (the non-ASCII half of the clean test): no lone surrogate
 * (`isWellFormed`, native), and, where a native run over the text
 * ({@linkcode HAZARD_FREE_RUN}) stops at a code unit of
 * {@linkcode HAZARD_UNIT} (a BMP default-ignorable, or a high surrogate
 * that starts an astral one), a closer look at it by `hazardAt` of
 * `engine/hazards.ts`: no bidi control or tag character anywhere, and no
 * other default-ignorable in a key. Outside strings such a text holds ASCII
 * only. Each string is looked at once at most (a key test moves past its
 * closing quote), so a text costs linear time whatever it holds.
 *
 * @example
 * ```ts
 * import { wideStringsClean } from "./fast_path.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(wideStringsClean('{"city":"K\u00f8benhavn","note":"\u4e2d\u6587 \u{1F600}"}'), true);
 * strictEqual(wideStringsClean('{"note":"\u2764\uFE0F"}'), true); // a variation selector in a value
 * strictEqual(wideStringsClean('{"note":"\u{1D160}"}'), true); // a musical note: its high surrogate starts a hazard elsewhere
 * strictEqual(wideStringsClean('{"ro\u00ADle":1}'), false); // a soft hyphen in a key
 * strictEqual(wideStringsClean('["a\u202Eb"]'), false); // a bidi control
 * strictEqual(wideStringsClean('["\u{E0041}"]'), false); // a tag character
 * strictEqual(wideStringsClean('["\uD800"]'), false); // a lone surrogate
 * ```
 */
export function wideStringsClean(text: string): boolean {
  if (!text.isWellFormed()) return false;
  const run = HAZARD_FREE_RUN;
  for (let at = 0;;) {
    run.lastIndex = at;
    run.test(text);
    at = run.lastIndex;
    if (at >= text.length) return true;
    // The text is well formed: a high surrogate found is followed by its low one.
    at = hazardsInValueOnly(text, at, hazardAt(text.charCodeAt(at), text.charCodeAt(at + 1)));
    if (at < 0) return false;
  }
}

/**
 * For a hazard found at `at` inside a string: -1 when the scanner reports it
 * (a bidi control or a tag character anywhere, another default-ignorable in
 * a key), else where the search may go on (past the string's closing quote
 * when it was looked for, so no string is searched twice).
 */
function hazardsInValueOnly(text: string, at: number, hazard: number): number {
  if (hazard === NO_HAZARD) return at + 1;
  if (hazard !== IGNORABLE) return -1;
  const end = closingQuote(text, at);
  return end === -1 || endsKey(text, end) ? -1 : end + 1;
}

/**
 * Whether every `\\u` escape of a text is one of a control character,
 * `\\u0000` to `\\u001F` (what `JSON.stringify` writes): decoded, none is
 * a hazard, a colon, a point or a digit, so the counts of the clean test
 * hold for the text as written. A backslash-u that is not an escape (after
 * an escaped backslash) is held to the same rule, which can only send a text
 * to the scanner.
 */
function controlEscapesOnly(text: string, from: number): boolean {
  for (let at = text.indexOf("\\u", from); at !== -1; at = text.indexOf("\\u", at + 2)) {
    const third = text.charCodeAt(at + 4);
    if (
      text.charCodeAt(at + 2) !== ZERO || text.charCodeAt(at + 3) !== ZERO ||
      (third !== ZERO && third !== ONE)
    ) return false;
  }
  return true;
}

/**
 * One step through the rest of a string from one of its backslashes,
 * sticky: plain units and escapes, each `\\u` escape one of
 * `\\u0000`–`\\u001F`, at most 64 plain units in a row and five escapes
 * (so one step reads at most 414 code units: irregexp's backtracking stack
 * stays small whatever the string, and a long string is left to the
 * memchr-fast searches instead of being read unit by unit). It stops at the closing quote
 * when the string ends within those bounds; anywhere else (a longer string,
 * more escapes, another `\\u` escape) it stops short of it.
 */
const ESCAPED_STRING_STEP = /[^"\\]{0,64}(?:\\(?:[^u]|u00[01][0-9A-Fa-f])[^"\\]{0,64}){0,5}/y;

/**
 * The escape test of the wide clean test, from the first backslash `from`
 * of a text `JSON.parse` accepts: every `\\u` escape one of a control
 * character (what {@linkcode controlEscapesOnly} asks) and no escaped key
 * (what {@linkcode escapedKeyIn} asks). Each string that holds a backslash
 * is read once from its first backslash to its closing quote by
 * {@linkcode ESCAPED_STRING_STEP} (one native match, not a search of the
 * whole text per question): about 0.6× the time of the two searches on
 * `a_valid.json`. A string longer than one step reads, or with another
 * `\\u` escape, hands the rest of the text to those two searches, which
 * answer as before (and turn down a `\\u` after an escaped backslash that
 * the step reads as plain text: a text sent to the scanner, never a wrong
 * answer).
 *
 * @example
 * ```ts
 * import { escapedStringsClean } from "./fast_path.ts";
 * import { strictEqual } from "node:assert/strict";
 * const clean = (text: string) => escapedStringsClean(text, text.indexOf("\\"));
 * strictEqual(clean(String.raw`{"a":"He said \"hi\"","b":"\u0001"}`), true);
 * strictEqual(clean(String.raw`{"a\tb":1}`), false); // an escaped key
 * strictEqual(clean(String.raw`["caf\u00e9"]`), false); // an escape past U+001F
 * strictEqual(clean(`["${"\\n".repeat(10_000)}"]`), true); // more than one step: the two searches
 * ```
 *
 * @param text a text `JSON.parse` accepts
 * @param from the offset of its first backslash
 * @returns whether no key holds an escape and every `\\u` escape is a control character
 */
export function escapedStringsClean(text: string, from: number): boolean {
  const step = ESCAPED_STRING_STEP;
  for (let at = from; at !== -1;) {
    step.lastIndex = at;
    step.test(text);
    const end = step.lastIndex;
    if (text.charCodeAt(end) !== QUOTE) {
      return controlEscapesOnly(text, at) && !escapedKeyIn(text, at);
    }
    if (endsKey(text, end)) return false;
    at = text.indexOf("\\", end + 1);
  }
  return true;
}

/**
 * Whether `e-` or `E-` occurs in the text (a negative exponent, or those
 * characters in a string). One search for `-`, which is rare, then a look at
 * the character before it: searching `e-` itself stops at every `e`.
 */
function hasNegativeExponent(text: string): boolean {
  for (let k = text.indexOf("-"); k !== -1; k = text.indexOf("-", k + 1)) {
    if ((text.charCodeAt(k - 1) | LOWER_CASE) === LOWER_E) return true;
  }
  return false;
}

/**
 * Whether a number of a text `JSON.parse` accepts may have underflowed to 0
 * (the wide test; the narrow one is {@linkcode hasNegativeExponent}): a run
 * of {@linkcode UNDERFLOW_ZEROS}, or a negative exponent written in a
 * number. A number starts after `[`, `,`, `:` or JSON white space; an `e-`
 * whose digits start after anything else is in a string (`"b5e-844"` in a
 * UUID, `"e-mail"`). Each digit is looked at once at most: linear.
 */
function mayUnderflow(text: string): boolean {
  if (text.indexOf(UNDERFLOW_ZEROS) !== -1) return true;
  for (let k = text.indexOf("-"); k !== -1; k = text.indexOf("-", k + 1)) {
    if ((text.charCodeAt(k - 1) | LOWER_CASE) !== LOWER_E) continue;
    let j = k - 2;
    while (isDigitOrDot(text.charCodeAt(j))) j--;
    if (j === k - 2) continue; // no digit before the exponent mark: not a number
    if (text.charCodeAt(j) === MINUS) j--;
    const c = text.charCodeAt(j);
    if (
      c === LBRACKET || c === COMMA || c === COLON || c === SPACE || c === LF || c === TAB ||
      c === CR
    ) return true;
  }
  return false;
}

/** Whether a char code is a digit or a point (NaN, before the text, is neither). */
function isDigitOrDot(c: number): boolean {
  return (c >= ZERO && c <= NINE) || c === DOT;
}

/** Every `:` (global: `match` collects them all in one native search). */
const COLONS = /:/g;
/**
 * How many times `:` occurs in a text: past {@linkcode SHORT_TEXT}, one
 * native `match` per {@linkcode ASCII_CHUNK} code units (a text has a colon
 * per member, and one search per colon costs more than collecting them; the
 * chunks bound the list `match` builds); below it, one search per colon.
 */
function colonCount(text: string): number {
  if (text.length <= SHORT_TEXT) return colonsIn(text);
  let count = 0;
  for (let from = 0; from < text.length; from += ASCII_CHUNK) {
    count += text.slice(from, from + ASCII_CHUNK).match(COLONS)?.length ?? 0;
  }
  return count;
}

/**
 * Whether no object of the text held a key twice: `keys` is how many keys
 * the parsed objects kept. Each member has one colon outside strings, so a
 * text with as many colons as keys kept dropped none; else the colons before
 * a slash (a URL's, always inside a string: a member's colon is followed by
 * white space or a value) are taken off; else the colons inside the parsed
 * strings are counted (exact: the escapes the fast path lets through decode
 * to no colon). Each count is an upper bound of the members written, which
 * is never below the keys kept, so equality proves there was no duplicate.
 */
function keptEveryKey(text: string, value: object, keys: number): boolean {
  const colons = colonCount(text);
  if (colons === keys) return true;
  if (colons - colonsBeforeSlash(text) === keys) return true;
  return colons === keys + colonsInStrings(value);
}

/**
 * How many colons are followed by a slash (`https://`): one native search
 * per slash, which is rarer than a colon in JSON.
 */
function colonsBeforeSlash(text: string): number {
  let count = 0;
  for (let k = text.indexOf("/"); k !== -1; k = text.indexOf("/", k + 1)) {
    if (text.charCodeAt(k - 1) === COLON) count++;
  }
  return count;
}

/** How many times `:` occurs in a string (native searches; most strings hold none). */
function colonsIn(s: string): number {
  let count = 0;
  for (let k = s.indexOf(":"); k !== -1; k = s.indexOf(":", k + 1)) count++;
  return count;
}

/** An empty object: `for…in` over it sees only what `Object.prototype` enumerates. */
const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

/**
 * Key lists found free of collisions, by their first key. An array of
 * records repeats a few key lists (a record, its nested objects), and a host
 * gates the same tool's arguments again and again: a list equal to one of
 * them needs no check (`keyCollisions` is a function of the keys alone).
 * Bounded: at most {@linkcode CHECKED_LISTS} lists of at most
 * {@linkcode CHECKED_LIST_KEYS} keys each, and one longer list
 * ({@linkcode longList}).
 */
const checkedLists = new Map<string, readonly string[]>();
/** Most key lists kept in {@linkcode checkedLists} (it is emptied when full). */
const CHECKED_LISTS = 64;
/** Longest key list kept in {@linkcode checkedLists}. */
const CHECKED_LIST_KEYS = 64;
/** No key list: what an object whose first key starts no checked list is compared with. */
const NO_KEYS: readonly string[] = [];
/** The last list longer than {@linkcode CHECKED_LIST_KEYS} found free of collisions (one only). */
let longList: readonly string[] = NO_KEYS;
/** The checked list met last (a host's calls repeat one: no lookup). */
let lastList: readonly string[] = NO_KEYS;

/** The checked key list that starts with `first`, or {@linkcode NO_KEYS}. */
function checkedListOf(first: string): readonly string[] {
  if (lastList[0] === first) return lastList;
  const found = checkedLists.get(first) ?? (longList[0] === first ? longList : NO_KEYS);
  if (found !== NO_KEYS) lastList = found;
  return found;
}

/** What the last walk found besides its count: whether a number is 0 (it may be an underflow). */
let walkZero: boolean;
/** What the last walk found besides its count: whether a `-0` occurs. */
let walkNegativeZero: boolean;
/** What the last walk found besides its count: how many numbers are not whole. */
let walkFractions = 0;
/** The smallest positive normal double: below it (and above 0) a number is subnormal. */
const MIN_NORMAL = 2.2250738585072014e-308;

/**
 * Walks the parsed value (iteratively) and answers how many keys its objects
 * kept, with {@linkcode walkZero} and {@linkcode walkNegativeZero} set; -1
 * at a number at or past ±(2^53 − 1) or subnormal, a `__proto__` key,
 * nesting as deep as `maxDepth`, or keys that collide (`keyCollisions`) in an
 * object with an upper-case or non-ASCII key.
 */
function walkValue(value: object, maxDepth: number): number {
  walkZero = walkNegativeZero = false;
  let keys = 0, fractions = 0;
  // Pairs: a container, then its depth.
  const stack: (object | number)[] = [value, 1];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const container = stack.pop() as object;
    if (depth >= maxDepth) return -1;
    if (Array.isArray(container)) {
      for (let k = 0; k < container.length; k++) {
        const item: unknown = container[k];
        if (typeof item === "number") {
          const kind = numberKind(item);
          if (kind < 0) return -1;
          fractions += kind;
        } else if (item !== null && typeof item === "object") stack.push(item, depth + 1);
      }
      continue;
    }
    const record = container as Record<string, unknown>;
    let count = 0, same = true, first = "";
    let known = NO_KEYS;
    for (const key in record) {
      if (key === "__proto__") return -1;
      // An object of one key needs no list: the lookup waits for a second key.
      if (count === 0) first = key;
      else if (same) {
        if (count === 1) known = checkedListOf(first);
        if (known[count] !== key) same = false;
      }
      count++;
      const item = record[key];
      if (typeof item === "number") {
        const kind = numberKind(item);
        if (kind < 0) return -1;
        fractions += kind;
      } else if (item !== null && typeof item === "object") stack.push(item, depth + 1);
    }
    keys += count;
    if (count >= 2 && !(same && count === known.length)) {
      // The check the scanner runs on an object with an upper-case or non-ASCII key.
      const names = Object.keys(record);
      if (names.some(hasCase) && keyCollisions(names).length > 0) return -1;
      lastList = names;
      if (names.length > CHECKED_LIST_KEYS) longList = names;
      else {
        if (checkedLists.size >= CHECKED_LISTS) checkedLists.clear();
        checkedLists.set(names[0], names);
      }
    }
  }
  walkFractions = fractions;
  return keys;
}

/**
 * A number of the parsed value: 0 when it is whole within ±(2^53 − 1)
 * (±Infinity, an overflow, is whole and past it), 1 when it is not whole and
 * of normal magnitude (a subnormal is never whole), -1 otherwise (the
 * scanner reads it differently). Notes a 0 and a `-0` for the walk.
 */
function numberKind(item: number): number {
  if (Math.trunc(item) !== item) return item < MIN_NORMAL && item > -MIN_NORMAL ? -1 : 1;
  if (!(item < SAFE && item > -SAFE)) return -1;
  if (item === 0) {
    walkZero = true;
    if (Object.is(item, -0)) walkNegativeZero = true;
  }
  return 0;
}

/**
 * The colons inside the keys and strings of a parsed value (iteratively).
 */
function colonsInStrings(value: object): number {
  let colons = 0;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const container = stack.pop()!;
    if (Array.isArray(container)) {
      for (let k = 0; k < container.length; k++) {
        const item: unknown = container[k];
        if (typeof item === "string") colons += colonsIn(item);
        else if (item !== null && typeof item === "object") stack.push(item);
      }
      continue;
    }
    for (const key in container) {
      colons += colonsIn(key);
      const item = (container as Record<string, unknown>)[key];
      if (typeof item === "string") colons += colonsIn(item);
      else if (item !== null && typeof item === "object") stack.push(item);
    }
  }
  return colons;
}

/**
 * The scanner's answer for a clean JSON document that is all ASCII and
 * holds no `\u` escape, computed with `JSON.parse`, or null when the text
 * may hold anything the scanner would report (see the module
 * documentation): then the scanner must run. The narrow test:
 * {@linkcode scanCleanText} answers on every text this answers on, with
 * the same answer, and on more.
 *
 * @example
 * ```ts
 * import { scanCleanJson } from "./fast_path.ts";
 * import { scan } from "./scanner/mod.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const text = ' {"query":"weather","limit":3} ';
 * deepStrictEqual(scanCleanJson(text, PROFILES.strict), scan(text, PROFILES.strict));
 * strictEqual(scanCleanJson("[1,2,]", PROFILES.agent), null);
 * strictEqual(scanCleanJson('{"Path":1,"path":2}', PROFILES.agent), null); // case twins
 * strictEqual(scanCleanJson("Sure: [1]", PROFILES.agent), null); // prose
 * strictEqual(scanCleanJson('["caf\u00e9"]', PROFILES.agent), null); // not ASCII: the wide test
 * ```
 */
export function scanCleanJson(text: string, profile: Profile): ScanResult | null {
  return cleanScan(text, profile, false);
}

/**
 * The scanner's answer for a clean JSON document, computed with
 * `JSON.parse`, or null when the text may hold anything the scanner would
 * report (see the module documentation): the wide test, which also answers
 * on text that is not ASCII (strings clean by {@linkcode wideStringsClean}),
 * on `\u0000`–`\u001F` escapes in values, and on an `e-` that is not in a
 * number (`"e-mail"`, a UUID) beside a 0. {@linkcode scanText} takes it.
 *
 * @example
 * ```ts
 * import { scanCleanText } from "./fast_path.ts";
 * import { scan } from "./scanner/mod.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const text = '{"city":"Z\u00fcrich","note":"\u4e2d\u6587 \u{1F600}","bell":"\\u0007","n":0,"id":"e-1"}';
 * deepStrictEqual(scanCleanText(text, PROFILES.agent), scan(text, PROFILES.agent));
 * strictEqual(scanCleanText('["a\u202Eb"]', PROFILES.agent), null); // a bidi control
 * strictEqual(scanCleanText('["caf\\u00e9"]', PROFILES.agent), null); // an escape past U+001F
 * strictEqual(scanCleanText("[0,1e-400]", PROFILES.agent), null); // an underflow
 * ```
 */
export function scanCleanText(text: string, profile: Profile): ScanResult | null {
  return cleanScan(text, profile, true);
}

/** The clean test, narrow ({@linkcode scanCleanJson}) or wide ({@linkcode scanCleanText}). */
function cleanScan(text: string, profile: Profile, wide: boolean): ScanResult | null {
  const value = cleanValue(text, profile, wide);
  return value === null ? null : cleanResult(text, value);
}

/**
 * Whether the characters of a text are clean ({@linkcode cleanValue}'s
 * first tests): ASCII, or (the wide test) strings clean by
 * {@linkcode wideStringsClean}; and no escape, or (escapes are rare: one
 * search when there is none) only the `\u` escapes the test allows and no
 * escaped key.
 */
function charactersClean(text: string, wide: boolean): boolean {
  if (!isAscii(text) && !(wide && wideStringsClean(text))) return false;
  const escape = text.indexOf("\\");
  if (escape === -1) return true;
  if (wide) return escapedStringsClean(text, escape);
  return text.indexOf("\\u", escape) === -1 && !escapedKeyIn(text, escape);
}

/** Any code unit but a colon, a backslash or one past ASCII. */
const PLAIN_UNIT = "[^:\\\\\\u0080-\\uffff]";
/**
 * `COUNTED_COLONS[k]`: a whole text of plain units and exactly `k` colons,
 * built on first use; a key takes at least five code units (`"":0,`), so a
 * short text has at most 103 keys, and this holds at most 104 expressions.
 */
const COUNTED_COLONS: RegExp[] = [];

/**
 * Whether a text is ASCII, holds no backslash and exactly `keys` colons:
 * for a short text, one native match instead of the ASCII test, the
 * backslash search and the colon count ({@linkcode charactersClean},
 * {@linkcode keptEveryKey}, which answer the same then).
 */
function plainWithColons(text: string, keys: number): boolean {
  const counted = COUNTED_COLONS[keys] ??= new RegExp(
    `^(?:${PLAIN_UNIT}*:){${keys}}${PLAIN_UNIT}*$`,
  );
  return counted.test(text);
}

/** Where the value of the text {@linkcode cleanValue} answered last starts and ends. */
let cleanStart = 0, cleanEnd = 0;
/** Where the value of the text {@linkcode cleanParsed} parsed last starts. */
let parsedStart = 0;

/**
 * The clean test without its result: the value `JSON.parse` built, with
 * {@linkcode cleanStart} and {@linkcode cleanEnd} set, or null.
 */
function cleanValue(text: string, profile: Profile, wide: boolean): object | null {
  const value = cleanParsed(text, profile, wide);
  if (value === null) return null;
  const keys = walkValue(value, profile.maxDepth);
  return keys < 0 ? null : cleanCounted(text, wide, value, keys);
}

/**
 * The clean test's first half: the text's length, its first bracket, its
 * characters (a long text: a short one is read once its keys are counted),
 * then `JSON.parse`: the value it built, with {@linkcode parsedStart} set,
 * or null.
 */
function cleanParsed(text: string, profile: Profile, wide: boolean): object | null {
  const n = text.length;
  if (n > profile.maxInput || n > profile.maxToken) return null;
  const start = skipWhiteSpace(text, 0, n);
  // Past the end (nothing but white space), `charCodeAt` is NaN: no bracket.
  const first = text.charCodeAt(start);
  if (first !== LBRACE && first !== LBRACKET) return null;
  if (n > LARGE_TEXT && nestsTooDeepEarly(text, profile.maxDepth)) return null;
  if (n > SHORT_TEXT && !charactersClean(text, wide)) return null;
  let value: object;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  // An enumerable property on Object.prototype would be counted as a key of every object.
  for (const _ in EMPTY) return null;
  parsedStart = start;
  return value;
}

/**
 * The clean test's second half, once the value's `keys` are counted and
 * the walk's facts set ({@linkcode walkZero}): a short text's characters,
 * no key dropped, no underflow; the value, with {@linkcode cleanStart} and
 * {@linkcode cleanEnd} set, or null.
 */
function cleanCounted(text: string, wide: boolean, value: object, keys: number): object | null {
  const n = text.length;
  // A short text is read once the walk counted its keys (plainWithColons); a long one first.
  const short = n <= SHORT_TEXT;
  if (
    !(short && plainWithColons(text, keys)) &&
    ((short && !charactersClean(text, wide)) || !keptEveryKey(text, value, keys))
  ) return null;
  // A number read as 0 may be an underflow (`1e-400`): the scanner tells.
  if (
    walkZero &&
    (wide ? mayUnderflow(text) : hasNegativeExponent(text) || text.indexOf(UNDERFLOW_ZEROS) !== -1)
  ) return null;
  // JSON.parse accepted a text that starts with a bracket: only JSON white space (all of it at
  // most U+0020) follows the matching bracket, which stops the loop.
  let end = n;
  while (text.charCodeAt(end - 1) <= SPACE) end--;
  cleanStart = parsedStart;
  cleanEnd = end;
  return value;
}

/** The scanner's answer for a text {@linkcode cleanValue} answered `value` on last. */
function cleanResult(text: string, value: object): ScanResult {
  return {
    hasValue: true,
    value,
    validJson: true,
    exactness: "exact",
    ambiguity: "none",
    repairs: [],
    repairCount: 0,
    completeness: "complete",
    fatal: null,
    refusal: null,
    valueStart: cleanStart,
    valueEnd: cleanEnd,
    syntaxEnd: cleanEnd,
    members: [],
    length: text.length,
    negativeZero: walkNegativeZero,
  };
}

/**
 * The wide test ({@linkcode scanCleanText}) without its result: the value
 * `JSON.parse` built from a clean text, or null where the scanner must run.
 * Right after a value, {@linkcode cleanSpanStart}, {@linkcode cleanSpanEnd}
 * and {@linkcode cleanFractions} tell about it, and
 * {@linkcode scanCleanResult} builds the very result {@linkcode scanCleanText}
 * answers. The gate takes it to build no scan result on a call that passes.
 *
 * @example
 * ```ts
 * import { cleanSpanEnd, cleanSpanStart, scanCleanResult, scanCleanText, scanCleanValue } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const text = ' {"city":"Z\u00fcrich"} ';
 * const value = scanCleanValue(text, PROFILES.agent);
 * deepStrictEqual(value, { city: "Z\u00fcrich" });
 * deepStrictEqual([cleanSpanStart(), cleanSpanEnd()], [1, 18]);
 * deepStrictEqual(scanCleanResult(text, value!), scanCleanText(text, PROFILES.agent));
 * strictEqual(scanCleanValue('{"a":1,"a":2}', PROFILES.agent), null);
 * ```
 */
export function scanCleanValue(text: string, profile: Profile): object | null {
  return cleanValue(text, profile, true);
}

/**
 * {@linkcode scanCleanValue} in two steps, for a gate whose declaration's
 * passing check may count the keys instead of the walk (a flat object,
 * `declarations/flat_object.ts`): the value `JSON.parse` built from a text
 * whose length, first bracket and (past 512 code units) characters are
 * clean, or null where the scanner must run. Then
 * {@linkcode scanCleanKeyed} or {@linkcode scanCleanWalked} finishes the
 * test on that value.
 *
 * @example
 * ```ts
 * import { scanCleanParsed, scanCleanValue, scanCleanWalked } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const text = '{"query":"weather","limit":3}';
 * const value = scanCleanParsed(text, PROFILES.agent)!;
 * deepStrictEqual(scanCleanWalked(text, PROFILES.agent, value), scanCleanValue(text, PROFILES.agent));
 * strictEqual(scanCleanParsed("Sure: [1]", PROFILES.agent), null);
 * ```
 */
export function scanCleanParsed(text: string, profile: Profile): object | null {
  return cleanParsed(text, profile, true);
}

/**
 * After {@linkcode scanCleanParsed} answered `value` on `text`: the rest of
 * the wide test, with the walk of the value: `value`, or null (as
 * {@linkcode scanCleanValue} answers).
 *
 * @example
 * ```ts
 * import { scanCleanParsed, scanCleanWalked } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = '{"a":1,"a":2}';
 * strictEqual(scanCleanWalked(text, PROFILES.agent, scanCleanParsed(text, PROFILES.agent)!), null);
 * ```
 */
export function scanCleanWalked(text: string, profile: Profile, value: object): object | null {
  const keys = walkValue(value, profile.maxDepth);
  return keys < 0 ? null : cleanCounted(text, true, value, keys);
}

/**
 * What a passing check vouches for about a value in place of the walk
 * ({@linkcode scanCleanKeyed}; `FlatObject` of
 * `declarations/flat_object.ts` is one).
 *
 * @example
 * ```ts
 * import type { VouchedFacts } from "./fast_path.ts";
 * import { strictEqual } from "node:assert/strict";
 * const facts: VouchedFacts = { nesting: 2, mayHoldZero: false };
 * strictEqual(facts.nesting, 2);
 * ```
 */
export interface VouchedFacts {
  /** How deep the value nests at most (1: one object or array of scalars). */
  readonly nesting: number;
  /** Whether the value may hold a 0 (else it holds none). */
  readonly mayHoldZero: boolean;
}

/** How many answers {@linkcode scanCleanKeyed} gave without the walk. */
let keyedAnswers = 0;

/**
 * After {@linkcode scanCleanParsed} answered `value` on `text`, and the
 * passing check of a flat object (`declarations/flat_object.ts`) passed on
 * it counting `keys` (`MEMBERS` of `declarations/keywords/properties.ts`):
 * the rest of the wide test without the walk, `value` or null, as
 * {@linkcode scanCleanWalked} answers. The caller vouches for what the walk
 * would find (`facts`): the value nests `facts.nesting` deep at most, its
 * numbers are whole and within ±(2^53 − 1), no key is `__proto__` or
 * collides with another, and a 0 occurs only when `facts.mayHoldZero`;
 * `keys` is at most the keys the value holds (then the colon count still
 * proves that no key was dropped). The walk runs anyway where those facts
 * do not settle it: a profile whose `max_depth` the nesting reaches, or a
 * `-0` in a text whose value may hold a 0 (the result tells a `-0`).
 *
 * @example
 * ```ts
 * import { keyedAnswerCount, scanCleanKeyed, scanCleanParsed } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const text = '{"query":"weather","limit":3}';
 * const before = keyedAnswerCount();
 * const value = scanCleanParsed(text, PROFILES.agent)!;
 * const facts = { nesting: 1, mayHoldZero: false };
 * deepStrictEqual(scanCleanKeyed(text, PROFILES.agent, value, 2, facts), { query: "weather", limit: 3 });
 * strictEqual(keyedAnswerCount(), before + 1);
 * strictEqual(scanCleanKeyed(text, PROFILES.agent, value, 1, facts), null); // a colon more than the keys
 * ```
 */
export function scanCleanKeyed(
  text: string,
  profile: Profile,
  value: object,
  keys: number,
  facts: VouchedFacts,
): object | null {
  const mayHoldZero = facts.mayHoldZero;
  if (profile.maxDepth <= facts.nesting || (mayHoldZero && text.indexOf("-0") !== -1)) {
    return scanCleanWalked(text, profile, value);
  }
  walkZero = mayHoldZero;
  walkNegativeZero = false;
  walkFractions = 0;
  const answer = cleanCounted(text, true, value, keys);
  if (answer !== null) keyedAnswers++;
  return answer;
}

/**
 * How many answers {@linkcode scanCleanKeyed} has given without the walk
 * (for tests: the gate's keyed way is taken where it should be).
 *
 * @example
 * ```ts
 * import { keyedAnswerCount, scanCleanKeyed, scanCleanParsed } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = '{"a":1,"a":2}'; // a key twice: the colons exceed the count, no answer
 * const before = keyedAnswerCount();
 * const value = scanCleanParsed(text, PROFILES.agent)!;
 * strictEqual(scanCleanKeyed(text, PROFILES.agent, value, 1, { nesting: 1, mayHoldZero: false }), null);
 * strictEqual(keyedAnswerCount(), before);
 * ```
 */
export function keyedAnswerCount(): number {
  return keyedAnswers;
}

/**
 * Right after {@linkcode scanCleanValue} answered a value on `text`: the
 * result {@linkcode scanCleanText} answers on it (a fresh object).
 *
 * @example
 * ```ts
 * import { scanCleanResult, scanCleanValue } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * const value = scanCleanValue("[1]", PROFILES.agent);
 * strictEqual(scanCleanResult("[1]", value!).exactness, "exact");
 * ```
 */
export function scanCleanResult(text: string, value: object): ScanResult {
  return cleanResult(text, value);
}

/**
 * Right after {@linkcode scanCleanValue} answered a value: the offset of its
 * first bracket (`valueStart` of the result).
 *
 * @example
 * ```ts
 * import { cleanSpanStart, scanCleanValue } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * scanCleanValue("\n [1] ", PROFILES.agent);
 * strictEqual(cleanSpanStart(), 2);
 * ```
 */
export function cleanSpanStart(): number {
  return cleanStart;
}

/**
 * Right after {@linkcode scanCleanValue} answered a value: the offset past
 * its last bracket (`valueEnd` and `syntaxEnd` of the result).
 *
 * @example
 * ```ts
 * import { cleanSpanEnd, scanCleanValue } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * scanCleanValue("\n [1] ", PROFILES.agent);
 * strictEqual(cleanSpanEnd(), 5);
 * ```
 */
export function cleanSpanEnd(): number {
  return cleanEnd;
}

/**
 * Right after {@linkcode scanCleanJson} or {@linkcode scanCleanText}
 * answered a result (not null): how
 * many numbers of its value are not whole (all of them lie within
 * ±(2^53 − 1)). The gate proves with it that no whole number was written
 * with a point (`impreciseNumbers` of `declarations/exact.ts`).
 *
 * @example
 * ```ts
 * import { cleanFractions, scanCleanJson } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * scanCleanJson('{"a":[1.5,2,0.25],"b":3e2}', PROFILES.agent);
 * strictEqual(cleanFractions(), 2);
 * ```
 */
export function cleanFractions(): number {
  return walkFractions;
}

/**
 * Scans a whole document: the fast path when the text is clean JSON, else
 * the scanner. With `trackMembers` (readiness), always the scanner.
 *
 * @example
 * ```ts
 * import { scanText } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * deepStrictEqual(scanText('{"a":[1,2]}', PROFILES.agent).value, { a: [1, 2] });
 * strictEqual(scanText("{'a': 1}", PROFILES.agent).exactness, "cosmetic");
 * ```
 */
export function scanText(text: string, profile: Profile, trackMembers = false): ScanResult {
  return (trackMembers ? null : scanCleanText(text, profile)) ?? scan(text, profile, trackMembers);
}
