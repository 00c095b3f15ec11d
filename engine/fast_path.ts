/**
 * The fast path for clean JSON: most tool calls are plain RFC 8259 JSON with
 * nothing for the gate to repair or refuse, and for those the native
 * `JSON.parse` builds the value faster than any scanner written in
 * TypeScript. {@linkcode scanCleanJson} takes that path only when native
 * searches of the raw text and one walk of the parsed value prove that the
 * scanner would answer exactly `safe`, `exact`, no repair, with the very
 * value `JSON.parse` builds;
 * otherwise it answers `null` and the caller runs the scanner
 * ({@linkcode scanText} does both). It never decides anything the scanner
 * would decide differently: every doubt sends the text to the scanner.
 *
 * A text takes the fast path only when all of these hold (each one a reason
 * the scanner could have something to say), checked with native searches
 * (`indexOf`, `match`, the UTF-8 encoder) and one walk of the parsed value,
 * never a second reading of the text in TypeScript:
 *
 * - it is at most `max_input` and `max_token` code units long (so no limit
 *   can be reached) and nests less deeply than `max_depth`;
 * - after optional JSON white space it is one object or array, followed by
 *   JSON white space only (no fence, no prose, no second value);
 * - it is all ASCII and holds no `\u` escape, so no string can hold a bidi
 *   control, tag character, lone surrogate, default-ignorable or confusable;
 * - no key holds an escape ({@linkcode escapedKeyIn}: V8's `JSON.parse`
 *   misreads some escaped keys);
 * - `JSON.parse` accepts it;
 * - every number `JSON.parse` reads is within ±(2^53 − 1) (no unsafe
 *   integer, no overflow) and is 0 or of normal magnitude; a 0 in a text
 *   with a negative exponent or a long run of zeros (a possible underflow)
 *   goes to the scanner;
 * - no object holds a key twice: the text has exactly as many colons as the
 *   objects kept keys, plus the colons inside the strings;
 * - no key is `__proto__`, and the keys of an object with an upper-case
 *   letter do not collide under `keyCollisions` of `engine/hazards.ts` (the
 *   check the scanner runs on exactly those objects).
 *
 * `tests/fast_path_test.ts` holds the fast path to the scanner: wherever it
 * answers, the answer deep-equals the scanner's, on every profile, over the
 * JSONTestSuite, the attack corpora and generated documents.
 *
 * @example
 * ```ts
 * import { scanCleanJson } from "./fast_path.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * deepStrictEqual(scanCleanJson('{"path":"/tmp/x"}', PROFILES.agent)?.value, { path: "/tmp/x" });
 * strictEqual(scanCleanJson('{"a":1,"a":2}', PROFILES.agent), null); // a duplicate: the scanner decides
 * strictEqual(scanCleanJson("[9007199254740993]", PROFILES.agent), null); // an unsafe integer
 * strictEqual(scanCleanJson('["caf\\u00e9"]', PROFILES.agent), null); // an escape: the scanner reads it
 * ```
 *
 * @module
 */

import { keyCollisions } from "./hazards.ts";
import type { Profile } from "./profiles.ts";
import { hasCase, scan, type ScanResult, skipWhiteSpace } from "./scanner/mod.ts";

// Char codes.
const SPACE = 32, LBRACKET = 91, LBRACE = 123, BACKSLASH = 92, COLON = 58;
/** `e`, and the bit that makes an ASCII letter lower case (`E` | 0x20 is `e`). */
const LOWER_E = 101, LOWER_CASE = 0x20;

/** The largest safe integer: a number at or past it goes to the scanner. */
const SAFE = 9007199254740991;

/**
 * A run of zeros no number can underflow without: a plain decimal needs 323
 * zeros after its point to round to 0 (`1e-324` does).
 */
const UNDERFLOW_ZEROS = "0".repeat(300);

/** The ASCII test encodes at most this many code units at a time. */
const ASCII_CHUNK = 65_536;
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
  for (let from = 0; from < text.length; from += ASCII_CHUNK) {
    const part = text.slice(from, from + ASCII_CHUNK);
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
    // The closing quote of the string this escape is in: the first quote not escaped.
    let end = at;
    do end = text.indexOf('"', end + 1); while (end !== -1 && isEscaped(text, end));
    if (end === -1) return true; // not JSON: JSON.parse refuses it, the scanner reads it
    const next = skipWhiteSpace(text, end + 1, text.length);
    if (text.charCodeAt(next) === COLON) return true;
    at = text.indexOf("\\", end + 1);
  }
  return false;
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

/** How many times `:` occurs in a string (native searches; most strings hold none). */
function colonsIn(s: string): number {
  let count = 0;
  for (let k = s.indexOf(":"); k !== -1; k = s.indexOf(":", k + 1)) count++;
  return count;
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

/** An empty object: `for…in` over it sees only what `Object.prototype` enumerates. */
const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The last key list found free of collisions. An array of records repeats
 * one key list, and a host gates the same tool's arguments again and again:
 * a list equal to it needs no check (`keyCollisions` is a function of the
 * keys alone).
 */
let checkedKeys: string[] = [];

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
 * object with an upper-case key.
 */
function walkValue(value: object, maxDepth: number): number {
  walkZero = walkNegativeZero = false;
  let keys = 0, fractions = 0;
  let lastKeys = checkedKeys;
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
          if (!(item < SAFE && item > -SAFE)) return -1;
          if (item === 0) {
            walkZero = true;
            if (Object.is(item, -0)) walkNegativeZero = true;
          } else if (item < MIN_NORMAL && item > -MIN_NORMAL) return -1;
          else if (item % 1 !== 0) fractions++;
        } else if (item !== null && typeof item === "object") stack.push(item, depth + 1);
      }
      continue;
    }
    const record = container as Record<string, unknown>;
    let count = 0, sameAsLast = true;
    for (const key in record) {
      if (key === "__proto__") return -1;
      if (sameAsLast && lastKeys[count] !== key) sameAsLast = false;
      count++;
      const item = record[key];
      if (typeof item === "number") {
        if (!(item < SAFE && item > -SAFE)) return -1;
        if (item === 0) {
          walkZero = true;
          if (Object.is(item, -0)) walkNegativeZero = true;
        } else if (item < MIN_NORMAL && item > -MIN_NORMAL) return -1;
        else if (item % 1 !== 0) fractions++;
      } else if (item !== null && typeof item === "object") stack.push(item, depth + 1);
    }
    keys += count;
    if (count >= 2 && !(sameAsLast && count === lastKeys.length)) {
      // The check the scanner runs on an object with an upper-case key.
      const names = Object.keys(record);
      if (names.some(hasCase) && keyCollisions(names).length > 0) return -1;
      lastKeys = checkedKeys = names;
    }
  }
  walkFractions = fractions;
  return keys;
}

/**
 * The colons inside the keys and strings of a parsed value (iteratively;
 * `for…in` reads an array's items as it reads an object's members).
 */
function colonsInStrings(value: object): number {
  let colons = 0;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const container = stack.pop()!;
    for (const key in container) {
      colons += colonsIn(key);
      const item = (container as Record<string, unknown>)[key];
      if (typeof item === "string") colons += colonsIn(item);
      // null too: `for…in` over null visits nothing.
      else if (typeof item === "object") stack.push(item as object);
    }
  }
  return colons;
}

/**
 * The scanner's answer for a clean JSON document, computed with
 * `JSON.parse`, or null when the text may hold anything the scanner would
 * report (see the module documentation): then the scanner must run.
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
 * ```
 */
export function scanCleanJson(text: string, profile: Profile): ScanResult | null {
  const n = text.length;
  if (n > profile.maxInput || n > profile.maxToken) return null;
  const start = skipWhiteSpace(text, 0, n);
  // Past the end (nothing but white space), `charCodeAt` is NaN: no bracket.
  const first = text.charCodeAt(start);
  if (first !== LBRACE && first !== LBRACKET) return null;
  if (!isAscii(text)) return null;
  // Escapes: none at all is the common case (one search); else no `\u` and no escaped key.
  const escape = text.indexOf("\\");
  if (escape !== -1 && (text.indexOf("\\u", escape) !== -1 || escapedKeyIn(text, escape))) {
    return null;
  }
  let value: object;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  // An enumerable property on Object.prototype would be counted as a key of every object.
  for (const _ in EMPTY) return null;
  const keys = walkValue(value, profile.maxDepth);
  if (keys < 0) return null;
  // Every member has one colon outside strings: as many colons as keys kept,
  // plus the colons inside strings, means no key was dropped (no duplicate).
  const colons = colonCount(text);
  if (colons !== keys && colons !== keys + colonsInStrings(value)) return null;
  // A number read as 0 may be an underflow (`1e-400`): the scanner tells.
  if (
    walkZero &&
    (hasNegativeExponent(text) || text.indexOf(UNDERFLOW_ZEROS) !== -1)
  ) return null;
  // JSON.parse accepted a text that starts with a bracket: only JSON white space (all of it at
  // most U+0020) follows the matching bracket, which stops the loop.
  let end = n;
  while (text.charCodeAt(end - 1) <= SPACE) end--;
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
    valueStart: start,
    valueEnd: end,
    syntaxEnd: end,
    members: [],
    length: n,
    negativeZero: walkNegativeZero,
  };
}

/**
 * Right after {@linkcode scanCleanJson} answered a result (not null): how
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
  return (trackMembers ? null : scanCleanJson(text, profile)) ?? scan(text, profile, trackMembers);
}
