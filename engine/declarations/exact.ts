/**
 * Numbers judged on the exact decimal the model wrote. The scanner reads a
 * number to the nearest double, as `JSON.parse` does; a number written with
 * more digits than a double holds (`0.30000000000000000001`,
 * `1.0000000000000000001`) reads as a double whose own decimal (`0.3`, `1`)
 * is not the number written, and a check on the double can pass where the
 * number written fails: `maximum: 0.3`, `integer`. So `integer`, `minimum`,
 * `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `const`
 * and `enum` judge the exact decimal of the text (schema numbers are the
 * decimals they print as), as `multipleOf` already did for the doubles.
 *
 * Finding them costs nothing on most calls: only a number written with 16
 * or more significant digits (or an exponent of three digits) can differ from
 * its double's decimal ({@linkcode impreciseNumbers} looks for those in one
 * pass over the value's text), and only where the double sits on a judgement that
 * could turn: a whole double under `integer`, a double at a bound, any
 * `multipleOf`, `const` or `enum`. The numbers found are keyed by their
 * double: the checker then judges every number equal to that double on each
 * decimal written for it (a double written both exactly and imprecisely is
 * judged on both: a refusal at most, never a pass the exact reading fails).
 *
 * @example
 * ```ts
 * import { impreciseNumbers, numberJudge } from "./exact.ts";
 * import { compileJsonSchema } from "./jsonschema.ts";
 * import { strictEqual } from "node:assert/strict";
 * const judge = numberJudge(compileJsonSchema({ properties: { ratio: { maximum: 0.3 } } }));
 * const text = '{"ratio": 0.30000000000000000001}';
 * strictEqual(impreciseNumbers(text, 0, text.length, judge)?.get(0.3)?.[0].text, "0.30000000000000000001");
 * strictEqual(impreciseNumbers('{"ratio": 0.3}', 0, 14, judge), null);
 * ```
 *
 * @module
 */

import { type Form, type Node, T_INTEGER, T_NUMBER } from "./form.ts";

/**
 * A number as written: `digits × 10^exponent` exactly (no trailing zeros
 * in the digits), and its text.
 *
 * @example
 * ```ts
 * import { exactDecimal } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * const d = exactDecimal("-1.50e2")!;
 * strictEqual(d.digits, -15n);
 * strictEqual(d.exponent, 1);
 * ```
 */
export interface ExactDecimal {
  /** The significant digits, signed. */
  readonly digits: bigint;
  /** The power of ten. */
  readonly exponent: number;
  /** The number as written. */
  readonly text: string;
  /** Too long or too far from any double to compute on: it fails every exact judgement. */
  readonly unreachable?: boolean;
}

/**
 * The exact decimal of a number lexeme (JSON notation, or a leading `+`, a
 * leading or trailing `.`), or null when it is not one.
 *
 * @example
 * ```ts
 * import { exactDecimal } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(exactDecimal("0.30000000000000000001")?.exponent, -20);
 * strictEqual(exactDecimal("abc"), null);
 * ```
 */
export function exactDecimal(text: string): ExactDecimal | null {
  const m = /^([-+]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([-+]?[0-9]+))?$/.exec(text);
  if (m === null || (m[2] === "" && (m[3] ?? "") === "")) return null;
  const fraction = m[3] ?? "";
  let digits = BigInt((m[2] + fraction).replace(/^0+(?=.)/, "") || "0");
  if (m[1] === "-") digits = -digits;
  const exponent = Number(m[4] ?? "0") - fraction.length;
  if (!Number.isSafeInteger(exponent)) return null;
  return normalize(digits, exponent, text);
}

/** The same decimal with no trailing zeros in its digits (zero is `0 × 10^0`). */
function normalize(digits: bigint, exponent: number, text: string): ExactDecimal {
  if (digits === 0n) return { digits, exponent: 0, text };
  while (digits % 10n === 0n) {
    digits /= 10n;
    exponent++;
  }
  return { digits, exponent, text };
}

/**
 * The decimal a double prints as (its shortest round-trip rendering),
 * exactly: the meaning of a number in a schema.
 *
 * @example
 * ```ts
 * import { doubleDecimal } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(doubleDecimal(0.3).digits, 3n);
 * strictEqual(doubleDecimal(0.3).exponent, -1);
 * ```
 */
export function doubleDecimal(x: number): ExactDecimal {
  return exactDecimal(String(x))!;
}

/**
 * The sign of `a − b`, exactly.
 *
 * @example
 * ```ts
 * import { compareDecimal, doubleDecimal, exactDecimal } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(compareDecimal(exactDecimal("0.30000000000000000001")!, doubleDecimal(0.3)), 1);
 * strictEqual(compareDecimal(exactDecimal("3e-1")!, doubleDecimal(0.3)), 0);
 * ```
 */
export function compareDecimal(a: ExactDecimal, b: ExactDecimal): number {
  const e = Math.min(a.exponent, b.exponent);
  const x = a.digits * 10n ** BigInt(a.exponent - e);
  const y = b.digits * 10n ** BigInt(b.exponent - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether the decimal is a whole number. */
function isWhole(a: ExactDecimal): boolean {
  return a.exponent >= 0;
}

/** Whether `a / divisor` is a whole number, exactly. */
function isMultiple(a: ExactDecimal, divisor: ExactDecimal): boolean {
  const e = Math.min(a.exponent, divisor.exponent);
  const x = a.digits * 10n ** BigInt(a.exponent - e);
  const y = divisor.digits * 10n ** BigInt(divisor.exponent - e);
  return y !== 0n && x % y === 0n;
}

/**
 * What of a form judges numbers in a way the exact decimal can turn.
 *
 * @example
 * ```ts
 * import type { NumberJudge } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * const judge: NumberJudge = { judges: true, integer: false, any: false, bounds: [0.3] };
 * strictEqual(judge.bounds[0], 0.3);
 * ```
 */
export interface NumberJudge {
  /** Whether anything does (else no number needs its text). */
  readonly judges: boolean;
  /** Some node admits integers and not every number. */
  readonly integer: boolean;
  /** Some node has `multipleOf`, `const` or `enum` (every number may be judged exactly). */
  readonly any: boolean;
  /** The bounds of every node (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`). */
  readonly bounds: readonly number[];
}

const judges = new WeakMap<Form, NumberJudge>();
/** The form {@linkcode numberJudge} answered last, and its answer. */
let lastForm: Form | null = null, lastJudge: NumberJudge | null = null;

/**
 * What of a form judges numbers (computed once per form).
 *
 * @example
 * ```ts
 * import { numberJudge } from "./exact.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(numberJudge(parseLanguage("{a:string,b:number}")).judges, false);
 * strictEqual(numberJudge(parseLanguage("{a:integer}")).integer, true);
 * ```
 */
export function numberJudge(form: Form): NumberJudge {
  // A compiled gate asks for the same form on every call: the last answer costs no lookup.
  if (form === lastForm) return lastJudge!;
  let judge = judges.get(form);
  if (judge === undefined) {
    let integer = false, any = false;
    const bounds: number[] = [];
    for (const n of form.nodes) {
      if ((n.types & T_INTEGER) !== 0 && (n.types & T_NUMBER) === 0) integer = true;
      if (n.multipleOf !== undefined || (n.values !== undefined && mayListNumber(n.values))) {
        any = true;
      }
      for (const b of [n.minimum, n.maximum, n.exclusiveMinimum, n.exclusiveMaximum]) {
        if (b !== undefined) bounds.push(b);
      }
    }
    judge = { judges: integer || any || bounds.length > 0, integer, any, bounds };
    judges.set(form, judge);
  }
  lastForm = form;
  lastJudge = judge;
  return judge;
}

/**
 * Whether an `enum` or `const` may hold a number (at its top or inside an
 * array or object): a canonical key that is a string's (it starts with `"`),
 * `true`, `false` or `null` holds none, and a number never equals such a
 * value whatever digits it was written with.
 */
function mayListNumber(values: ReadonlySet<string>): boolean {
  for (const key of values) {
    if (key.charCodeAt(0) !== 0x22 && key !== "true" && key !== "false" && key !== "null") {
      return true;
    }
  }
  return false;
}

/** Whether a double sits where the judgement could turn on digits it does not hold. */
function critical(d: number, judge: NumberJudge): boolean {
  if (judge.any || (judge.integer && Number.isInteger(d))) return true;
  for (const b of judge.bounds) {
    if (Math.abs(d - b) <= 4 * Math.max(Number.MIN_VALUE, Math.abs(b) * 2 ** -52)) return true;
  }
  return false;
}

/** A run of 16 digits and points, or a digit before a three-digit exponent. */
const LONG = /[0-9.]{16}|[0-9][eE][-+]?[0-9]{3}/g;

/**
 * The first place where a number that reads as a whole double below 2^50
 * while it is not may be written: a point followed by 0 or 9, an exponent
 * after a point, or a negative exponent (`10000000000000000001e-19`); -1
 * when there is none. Native searches: most texts hold no point
 * at all.
 */
function wholeLooking(text: string, start: number, end: number): number {
  let first = -1;
  // Each point: a fraction starting with 0 or 9, or digits then an exponent mark.
  for (
    let dot = text.indexOf(".", start);
    dot >= 0 && dot < end;
    dot = text.indexOf(".", dot + 1)
  ) {
    const next = text.charCodeAt(dot + 1);
    if (next === 0x30 || next === 0x39) {
      first = dot;
      break;
    }
    let k = dot + 1;
    while (k < end && isDigit(text.charCodeAt(k))) k++;
    const c = text.charCodeAt(k);
    if (k > dot + 1 && (c === 0x65 || c === 0x45)) {
      first = dot;
      break;
    }
  }
  const lower = text.indexOf("e-", start);
  if (lower >= 0 && lower < end && (first < 0 || lower < first)) first = lower;
  const upper = text.indexOf("E-", start);
  if (upper >= 0 && upper < end && (first < 0 || upper < first)) first = upper;
  return first;
}

/** Texts up to this length have their points counted by `indexOf`, longer ones by `match`. */
const SHORT_TEXT = 512;
/** `match` counts the points of at most this many code units at a time (bounds its list). */
const COUNT_CHUNK = 65_536;
/** Every point (global: `match` collects them all in one native search). */
const POINTS = /\./g;

/**
 * How many points the text holds, counting stops past `limit` (native
 * searches: one `indexOf` per point in a short text, one `match` per chunk in
 * a long one, which costs a tenth of the `indexOf`s on a 10 KB call).
 */
function pointCount(text: string, limit: number): number {
  let count = 0;
  if (text.length <= SHORT_TEXT) {
    for (let k = text.indexOf("."); k !== -1 && count <= limit; k = text.indexOf(".", k + 1)) {
      count++;
    }
    return count;
  }
  for (let from = 0; from < text.length && count <= limit; from += COUNT_CHUNK) {
    count += text.slice(from, from + COUNT_CHUNK).match(POINTS)?.length ?? 0;
  }
  return count;
}

/**
 * Whether `e-` or `E-` occurs in the text: one search for `-`, which is
 * rare, then a look at the character before it (searching `e-` itself stops
 * at every `e`).
 */
function holdsNegativeExponent(text: string): boolean {
  for (let k = text.indexOf("-"); k !== -1; k = text.indexOf("-", k + 1)) {
    if ((text.charCodeAt(k - 1) | 0x20) === 0x65) return true;
  }
  return false;
}

/**
 * Whether every whole double of a clean JSON text's value was written as a
 * whole number, proven by counts: the text holds no `e-`/`E-` and exactly
 * as many points as the value holds numbers that are not whole
 * (`fractions`, counted by the fast path's walk, which also proves every
 * number within ±(2^53 − 1)). Then a number written without a point is an
 * integer times a power of ten at least 1, below 2^53: its double is it,
 * exactly, and whole. So every number that is not whole was written with a
 * point, one each; as many points as those numbers leaves none for a number
 * that reads whole, nor for a string. A point in a string (or a whole number
 * written with one) only makes the counts differ: the caller then looks.
 */
function wholeAsWritten(text: string, fractions: number): boolean {
  return pointCount(text, fractions) === fractions && !holdsNegativeExponent(text);
}

/**
 * Whether the text holds no point and no `e-` or `E-` (two native searches):
 * then each of its numbers was written as an integer times a power of ten
 * at least 1. In a clean text (the fast path's walk proved every number
 * within ±(2^53 − 1)) such a number is its double exactly, so
 * {@linkcode impreciseNumbers} has nothing to find, whatever the judge.
 *
 * @example
 * ```ts
 * import { writtenAsIntegers } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(writtenAsIntegers('{"limit":10,"big":5e15,"date":"2026-12-02"}'), true);
 * strictEqual(writtenAsIntegers('{"limit":10.0}'), false);
 * strictEqual(writtenAsIntegers('{"limit":1000e-2}'), false);
 * strictEqual(writtenAsIntegers('{"path":"/tmp/a.txt"}'), false); // a point anywhere: the caller looks
 * ```
 */
export function writtenAsIntegers(text: string): boolean {
  return text.indexOf(".") === -1 && !holdsNegativeExponent(text);
}

/** The offset of the first match of a global pattern between `start` and `end`, or -1. */
function firstMatch(pattern: RegExp, text: string, start: number, end: number): number {
  pattern.lastIndex = start;
  const m = pattern.exec(text);
  return m === null || m.index >= end ? -1 : m.index;
}

/** Whether a value holds a whole number of magnitude 2^50 or more (an explicit stack). */
function holdsLargeWhole(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "number") {
      if ((v >= 2 ** 50 || v <= -(2 ** 50)) && Number.isInteger(v)) return true;
    } else if (typeof v === "object" && v !== null) {
      if (Array.isArray(v)) {
        for (let k = 0; k < v.length; k++) stack.push(v[k]);
      } else {
        for (const key in v) stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** Longest number text judged exactly (a double's exact decimal has at most 767 digits). */
const MAX_EXACT_DIGITS = 800;
/** Largest power of ten judged exactly (doubles lie within 10^±324). */
const MAX_EXACT_EXPONENT = 400;

/** Whether a code point is a digit. */
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isDigitOrDot(c: number): boolean {
  return isDigit(c) || c === 0x2e;
}

/**
 * For a form that judges only `integer`: whether the long number written
 * between `from` and `to` may read as a whole double while it is not whole.
 * Digits alone are whole as written; below 2^50 a fraction can round to a
 * whole double only when its first digit is 0 or 9 (`1.00000000000000000001`,
 * `2.99999999999999999`); with 16 digits before the point any fraction may;
 * an exponent may move any digit.
 */
function mayReadWhole(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x65 || c === 0x45) return true;
    // 16 digits before the point: 2^50 or more, where any fraction may round away.
    if (c === 0x2e && k - from >= 16) return true;
    if (c === 0x2e) {
      const next = text.charCodeAt(k + 1);
      if (next === 0x30 || next === 0x39) return true;
      for (let j = k + 1; j < to; j++) {
        const d = text.charCodeAt(j);
        if (d === 0x65 || d === 0x45) return true;
      }
      return false;
    }
  }
  return false;
}

/**
 * The numbers written between `start` and `end` whose exact decimal is not
 * the decimal of the double they read as, where the form's judgement could
 * turn on it, keyed by that double; null when there are none (the common
 * case), or when the form judges no number (then the text is not read). A digit run inside a string may be
 * taken for a number: that can only add a decimal to judge, never remove
 * one. `recorded` is what a passing compiled check recorded; `fractions`,
 * for a text the fast path answered, how many of the value's numbers are
 * not whole (`cleanFractions` of `fast_path.ts`), else -1.
 *
 * @example
 * ```ts
 * import { impreciseNumbers, numberJudge } from "./exact.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const judge = numberJudge(parseLanguage("{n:integer}"));
 * const text = '{"n": 1.0000000000000000001}';
 * strictEqual(impreciseNumbers(text, 0, text.length, judge)?.get(1)?.length, 1);
 * ```
 */
export function impreciseNumbers(
  text: string,
  start: number,
  end: number,
  judge: NumberJudge,
  value?: unknown,
  recorded?: { readonly large: boolean; readonly nearBound: boolean },
  fractions = -1,
): Map<number, ExactDecimal[]> | null {
  if (!judge.judges) return null;
  let from = -1;
  if (recorded !== undefined && !judge.any && !recorded.large && !recorded.nearBound) {
    // A compiled check passed the value and met no number where a bound or a large whole could
    // turn: only an `integer` judgement on a number that reads as whole while it is not remains,
    // and below 2^50 that needs a fraction starting with 0 or 9, or a negative exponent.
    if (!judge.integer) return null;
    // The fast path counted the numbers that are not whole: counting points may prove at once
    // that none was written with a point while it reads whole.
    if (fractions >= 0 && wholeAsWritten(text, fractions)) return null;
    from = wholeLooking(text, start, end);
    if (from < 0) return null;
  } else {
    // A regular expression finds out first whether any long number is written at all: most
    // texts hold none.
    from = firstMatch(LONG, text, start, end);
    if (from < 0) return null;
    if (!judge.any && judge.bounds.length === 0 && !(recorded?.large ?? holdsLargeWhole(value))) {
      from = wholeLooking(text, start, end);
      if (from < 0) return null;
    }
  }
  let found: Map<number, ExactDecimal[]> | null = null;
  // One pass over runs of digits and points: a run of 16 digits or more, or one followed by an
  // exponent of three digits, is a number that may hold more than its double (a digit run in a
  // string is taken too: it only adds a decimal to judge).
  let i = from;
  while (i > start && isDigitOrDot(text.charCodeAt(i - 1))) i--;
  while (i < end) {
    if (!isDigitOrDot(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const from = i;
    let digits = 0;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (isDigit(c)) digits++;
      else if (c !== 0x2e) break;
    }
    let to = i;
    const e = text.charCodeAt(to);
    let exponentDigits = 0;
    if (e === 0x65 || e === 0x45) {
      let k = to + 1;
      const sign = text.charCodeAt(k);
      if (sign === 0x2b || sign === 0x2d) k++;
      const first = k;
      while (k < end && isDigit(text.charCodeAt(k))) k++;
      exponentDigits = k - first;
      if (exponentDigits > 0) to = k;
    }
    i = to;
    if (digits < 16 && exponentDigits < 3) continue;
    if (!judge.any && judge.bounds.length === 0 && !mayReadWhole(text, from, to)) continue;
    const negative = from > start && text.charCodeAt(from - 1) === 0x2d;
    const magnitude = Number(text.slice(from, to));
    if (!Number.isFinite(magnitude)) continue;
    const d = negative ? -magnitude : magnitude;
    if (!critical(d, judge)) continue;
    const exact = exactDecimal((negative ? "-" : "") + text.slice(from, to));
    if (exact === null) continue;
    // Beyond any double's reach, a number is judged failing rather than computed on: exact
    // arithmetic on a million digits would cost what the model chose.
    const reachable = to - from <= MAX_EXACT_DIGITS &&
      Math.abs(exact.exponent) <= MAX_EXACT_EXPONENT;
    if (reachable && compareDecimal(exact, doubleDecimal(d)) === 0) continue;
    if (!reachable) (exact as { unreachable?: boolean }).unreachable = true;
    found ??= new Map();
    const list = found.get(d);
    if (list === undefined) found.set(d, [exact]);
    else list.push(exact);
  }
  return found;
}

/**
 * While set, the checker judges every number equal to a key on each exact
 * decimal listed for it (see the module documentation). Set around one
 * synchronous check by {@linkcode withExactNumbers}.
 *
 * @example
 * ```ts
 * import { EXACT } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(EXACT.numbers, null); // outside a check
 * ```
 */
export const EXACT: { numbers: ReadonlyMap<number, readonly ExactDecimal[]> | null } = {
  numbers: null,
};

/**
 * Runs `check` with the checker judging the listed numbers on their exact
 * decimals (the compiled checks, which see only doubles, are bypassed).
 *
 * @example
 * ```ts
 * import { exactDecimal, withExactNumbers } from "./exact.ts";
 * import { matchesForm } from "./check.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = parseLanguage("number(maximum=0.3)");
 * const numbers = new Map([[0.3, [exactDecimal("0.30000000000000000001")!]]]);
 * strictEqual(matchesForm(form, 0.3), true);
 * strictEqual(withExactNumbers(numbers, () => matchesForm(form, 0.3)), false);
 * ```
 */
export function withExactNumbers<T>(
  numbers: ReadonlyMap<number, readonly ExactDecimal[]>,
  check: () => T,
): T {
  const before = EXACT.numbers;
  EXACT.numbers = numbers;
  try {
    return check();
  } finally {
    EXACT.numbers = before;
  }
}

/** The node's numeric keywords, as the checker reads them. */
type NumberKeywords = Pick<
  Node,
  | "types"
  | "values"
  | "isConst"
  | "minimum"
  | "maximum"
  | "exclusiveMinimum"
  | "exclusiveMaximum"
  | "multipleOf"
>;

/**
 * The keyword a number fails on one of the exact decimals written for its
 * double, or null (also when none is listed for it).
 *
 * @example
 * ```ts
 * import { exactDecimal, exactNumberFailure } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * const written = [exactDecimal("1.0000000000000000001")!];
 * strictEqual(exactNumberFailure({ types: 16 }, written), "type");
 * strictEqual(exactNumberFailure({ types: 24, maximum: 1 }, written), "maximum");
 * ```
 */
export function exactNumberFailure(
  n: NumberKeywords,
  written: readonly ExactDecimal[],
): string | null {
  for (const x of written) {
    if (x.unreachable) {
      const first = (n.types & T_NUMBER) === 0
        ? "type"
        : n.values !== undefined
        ? (n.isConst ? "const" : "enum")
        : n.minimum !== undefined
        ? "minimum"
        : n.maximum !== undefined
        ? "maximum"
        : n.exclusiveMinimum !== undefined
        ? "exclusiveMinimum"
        : n.exclusiveMaximum !== undefined
        ? "exclusiveMaximum"
        : n.multipleOf !== undefined
        ? "multipleOf"
        : null;
      if (first !== null) return first;
      continue;
    }
    if ((n.types & T_NUMBER) === 0 && !isWhole(x)) return "type";
    // A decimal that is not its double's own equals no number a schema holds.
    if (n.values !== undefined) return n.isConst ? "const" : "enum";
    if (n.minimum !== undefined && compareDecimal(x, doubleDecimal(n.minimum)) < 0) {
      return "minimum";
    }
    if (n.maximum !== undefined && compareDecimal(x, doubleDecimal(n.maximum)) > 0) {
      return "maximum";
    }
    if (
      n.exclusiveMinimum !== undefined && compareDecimal(x, doubleDecimal(n.exclusiveMinimum)) <= 0
    ) return "exclusiveMinimum";
    if (
      n.exclusiveMaximum !== undefined && compareDecimal(x, doubleDecimal(n.exclusiveMaximum)) >= 0
    ) return "exclusiveMaximum";
    if (n.multipleOf !== undefined && !isMultiple(x, doubleDecimal(n.multipleOf))) {
      return "multipleOf";
    }
  }
  return null;
}

/**
 * Whether a container holds a number some exact decimal is listed for (it
 * then equals no `const` or `enum` value a schema holds).
 *
 * @example
 * ```ts
 * import { exactDecimal, holdsListedNumber } from "./exact.ts";
 * import { strictEqual } from "node:assert/strict";
 * const numbers = new Map([[1, [exactDecimal("1.0000000000000000001")!]]]);
 * strictEqual(holdsListedNumber({ a: [2, 1] }, numbers), true);
 * strictEqual(holdsListedNumber({ a: [2] }, numbers), false);
 * ```
 */
export function holdsListedNumber(
  value: unknown,
  numbers: ReadonlyMap<number, readonly ExactDecimal[]>,
): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "number") {
      if (numbers.has(v)) return true;
    } else if (typeof v === "object" && v !== null) {
      stack.push(...Object.values(v));
    }
  }
  return false;
}
