/**
 * Issue 29's question, measured: could ONE JavaScript loop over the char
 * codes of `a_valid.json` (1 MiB, not all ASCII) do the text checks of the
 * clean path (`scanCleanText` of `engine/fast_path.ts` as it stood when
 * measured: the hazard class search, six astral `indexOf`, `isWellFormed`,
 * the backslash loop, the colon count, the hyphen loop of the underflow
 * test) for less than the native
 * searches cost? Cases, each against the same round's `JSON.parse`:
 *
 * - `scanCleanText` as it is (native searches, `JSON.parse`, the walk);
 * - loop floors: a loop that only reads every char code (`charCodeAt`), one
 *   that also looks each up in a `Uint8Array`, and one that counts the colons
 *   outside strings branch-free (quotes toggle a bit), plus a branch for the
 *   rare units (a backslash skips the unit after it);
 * - the candidate ({@linkcode onePass}): the floor loop above with every
 *   check of the clean path in its rare branch (`\u` escapes past `\u001F`,
 *   escaped keys, negative exponents in numbers, bidi controls, ignorables
 *   in keys, lone surrogates, astral hazards), alone and followed by
 *   `JSON.parse` (without the walk).
 *
 * The cases are interleaved round by round (the order reversed every other
 * round); `--clock=cpu` times by the process's CPU time. The candidate is a
 * measurement, not the engine's code: docs/PERFORMANCE.md, "Issue 29: one
 * pass over the clean text", has what it showed.
 *
 * ```sh
 * deno run -A bench/clean_path_passes.ts --rounds=60 --clock=cpu
 * ```
 *
 * @module
 */

import { scanCleanText } from "../engine/fast_path.ts";
import { hazardOfCodePoint, IGNORABLE, NO_HAZARD } from "../engine/hazards.ts";
import { PROFILES } from "../engine/profiles.ts";
import { interleavedTimes, printRatioTable, splitArgs } from "./interleaved.ts";
import { loadStandardInputs } from "./inputs.ts";

const { rounds, now } = splitArgs(Deno.args, 60);

const QUOTE = 34, COLON = 58, BACKSLASH = 92, MINUS = 45, LOWER_U = 117, ZERO = 48, ONE = 49;
const LBRACKET = 91, COMMA = 44, SPACE = 32, LF = 10, TAB = 9, CR = 13, DOT = 46, NINE = 57;

/** Every code unit's bits: 1 a quote, 2 a colon, 4 rare (backslash, hyphen, a unit to look at). */
const BITS = new Uint8Array(65_536);
/** What a rare unit past ASCII is: 0 nothing, 1 refused, 2 an ignorable, 3 a high surrogate, 4 one of a hazard. */
const WIDE = new Uint8Array(65_536);
BITS[QUOTE] = 1;
BITS[COLON] = 2;
BITS[BACKSLASH] = BITS[MINUS] = 4;
for (let unit = 0xad; unit < 0x10000; unit++) {
  if (unit >= 0xd800 && unit < 0xdc00) {
    WIDE[unit] = 3;
    for (let low = 0xdc00; low < 0xe000; low++) {
      const cp = (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      if (hazardOfCodePoint(cp) !== NO_HAZARD) WIDE[unit] = 4;
    }
  } else if (unit >= 0xdc00 && unit < 0xe000) WIDE[unit] = 1;
  else {
    const hazard = hazardOfCodePoint(unit);
    if (hazard !== NO_HAZARD) WIDE[unit] = hazard === IGNORABLE ? 2 : 1;
  }
  if (WIDE[unit] !== 0) BITS[unit] = 4;
}

/** Reads every char code: the cost of the loop alone. */
function readOnly(text: string): number {
  let sum = 0;
  for (let i = 0, n = text.length; i < n; i++) sum += text.charCodeAt(i);
  return sum;
}

/** Reads every char code and looks it up in {@linkcode BITS}. */
function readAndLookUp(text: string): number {
  let sum = 0;
  for (let i = 0, n = text.length; i < n; i++) sum += BITS[text.charCodeAt(i)];
  return sum;
}

/** Counts the colons outside strings branch-free; a backslash skips the unit after it. */
function colonsOutsideStrings(text: string): number {
  let inString = 0, colons = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const bits = BITS[text.charCodeAt(i)];
    inString ^= bits & 1;
    colons += (bits >> 1) & (inString ^ 1);
    if (bits > 3 && text.charCodeAt(i) === BACKSLASH) i++;
  }
  return colons;
}

let negativeExponent = false, keyCheckedTo = 0;

/**
 * The candidate: every text check of the clean path in one loop; the colon
 * count outside strings, or -1 where the clean path would send the text to
 * the scanner.
 */
function onePass(text: string): number {
  let inString = 0, colons = 0;
  negativeExponent = false;
  keyCheckedTo = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const bits = BITS[text.charCodeAt(i)];
    inString ^= bits & 1;
    colons += (bits >> 1) & (inString ^ 1);
    if (bits > 3) {
      i = rareUnit(text, i);
      if (i < 0) return -1;
    }
  }
  return colons;
}

/** The rare unit at `i`: where the loop goes on (the last unit read), or -1. */
function rareUnit(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === BACKSLASH) {
    const next = text.charCodeAt(++i);
    if (next === LOWER_U && !controlEscapeAt(text, i + 1)) return -1;
    if (next === BACKSLASH && text.charCodeAt(i + 1) === LOWER_U && !controlEscapeAt(text, i + 2)) {
      return -1;
    }
    return i < keyCheckedTo || !inKey(text, i) ? i : -1;
  }
  if (c === MINUS) {
    if (!negativeExponent) negativeExponent = exponentInNumber(text, i);
    return i;
  }
  const wide = WIDE[c];
  if (wide === 1) return -1;
  if (wide === 2) return inKey(text, i) ? -1 : i;
  const low = text.charCodeAt(++i);
  if (!(low >= 0xdc00 && low <= 0xdfff)) return -1;
  if (wide === 3) return i;
  const hazard = hazardOfCodePoint((c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000);
  if (hazard === NO_HAZARD) return i;
  return hazard === IGNORABLE && !inKey(text, i) ? i : -1;
}

/** Whether the four units at `at` are `00` then `0` or `1` (a `\u0000`–`\u001F` escape). */
function controlEscapeAt(text: string, at: number): boolean {
  const third = text.charCodeAt(at + 2);
  return text.charCodeAt(at) === ZERO && text.charCodeAt(at + 1) === ZERO &&
    (third === ZERO || third === ONE);
}

/** Whether the string holding `at` is a key (its closing quote is followed by a colon). */
function inKey(text: string, at: number): boolean {
  let end = at;
  do end = text.indexOf('"', end + 1); while (end !== -1 && escaped(text, end));
  if (end === -1) return true;
  keyCheckedTo = end;
  let next = end + 1;
  while (text.charCodeAt(next) <= SPACE) next++;
  return text.charCodeAt(next) === COLON;
}

/** Whether an odd run of backslashes stands before `at`. */
function escaped(text: string, at: number): boolean {
  let run = 0;
  while (text.charCodeAt(at - 1 - run) === BACKSLASH) run++;
  return run % 2 === 1;
}

/** The underflow test's look at a hyphen: `e-` after digits that start a number. */
function exponentInNumber(text: string, k: number): boolean {
  if ((text.charCodeAt(k - 1) | 0x20) !== 101) return false;
  let j = k - 2;
  for (let c = text.charCodeAt(j); (c >= ZERO && c <= NINE) || c === DOT; c = text.charCodeAt(j)) {
    j--;
  }
  if (j === k - 2) return false;
  if (text.charCodeAt(j) === MINUS) j--;
  const c = text.charCodeAt(j);
  return c === LBRACKET || c === COMMA || c === COLON || c === SPACE || c === LF || c === TAB ||
    c === CR;
}

const { valid } = await loadStandardInputs();
const agent = PROFILES.agent;
if (scanCleanText(valid, agent) === null) throw new Error("a_valid.json must take the fast path");
if (onePass(valid) !== colonsOutsideStrings(valid)) throw new Error("the candidate must accept");

const cases: Record<string, () => unknown> = {
  "JSON.parse": () => JSON.parse(valid),
  "scanCleanText (native searches, JSON.parse, walk)": () => scanCleanText(valid, agent),
  "loop: charCodeAt only": () => readOnly(valid),
  "loop: charCodeAt + Uint8Array lookup": () => readAndLookUp(valid),
  "loop: colons outside strings, branch-free": () => colonsOutsideStrings(valid),
  "candidate: one pass, every check": () => onePass(valid),
  "candidate, then JSON.parse (no walk)": () => onePass(valid) >= 0 && JSON.parse(valid),
};
const times = interleavedTimes(cases, rounds, now);
printRatioTable(
  `a_valid.json (${valid.length} code units)`,
  "ms",
  "JSON.parse:",
  cases,
  times,
  1,
  2,
);
