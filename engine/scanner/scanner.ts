/**
 * The scanner: one pass over UTF-16 char codes that parses what a model wrote,
 * repairs what can be repaired, and records every change as a {@linkcode Repair}.
 *
 * It is iterative (an explicit stack, never recursion), so no input can
 * overflow the call stack; nesting is bounded by `maxDepth` (`E020`). Every
 * character is examined a bounded number of times, so time is linear in the
 * input. Values are built the way `JSON.parse` builds them: a `"__proto__"`
 * key is an own data property, and the last of duplicate keys wins.
 *
 * The scanner is resumable: {@linkcode Scanner.feed} takes the input in chunks
 * and suspends at a token boundary (or inside a string, keeping its progress)
 * when it needs more input, so the streaming parser reads each character once
 * and keeps only the unfinished token in memory. Fed in one chunk or many, the
 * result is the same.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./scanner.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan("{'a': True,}", PROFILES.permissive);
 * deepStrictEqual(result.value, { a: true });
 * strictEqual(result.exactness, "cosmetic");
 * deepStrictEqual(result.repairs.map((r) => r.name), [
 *   "SingleQuotes", "PythonLiteral", "TrailingComma",
 * ]);
 * ```
 *
 * @module
 */

import {
  arrayCandidate,
  CITATION,
  completionOf,
  fenceLineEnd,
  listMarker,
  NEED_LINE_END,
  needsMore,
  rootStart,
  wrapperTagEnd,
} from "../candidates.ts";
import { isDigit, isOtherSpace, isQuote, isWordChar, isWordStart } from "../characters.ts";

// Char codes, local: a constant declared in this module is folded into the
// hot loops, an imported binding is loaded from its module on every use.
const TAB = 9, LF = 10, CR = 13, SPACE = 32, QUOTE = 34, HASH = 35, APOS = 39;
const PLUS = 43, COMMA = 44, MINUS = 45, DOT = 46, SLASH = 47, ZERO = 48, NINE = 57;
const COLON = 58, UPPER_A = 65, UPPER_Z = 90, LBRACKET = 91, BACKSLASH = 92, RBRACKET = 93;
const BACKTICK = 96, LBRACE = 123, RBRACE = 125;
const STAR = 42, LOWER_X = 120, LOWER_E = 101, UPPER_E = 69, TILDE = 126, LESS = 60;
const GREATER = 62;
const LDQUO = 0x201c, RDQUO = 0x201d, LSQUO = 0x2018, RSQUO = 0x2019, ELLIPSIS = 0x2026;
const BOM = 0xfeff, UNDERSCORE = 95, LPAREN = 40, RPAREN = 41;
import { type EngineError, engineError, positionedError } from "../errors.ts";
import { type EscapedReading, escapedReading, writtenOffsets } from "../escaped_document.ts";
import { commentChangesMeaning, REASONING_NAMES, type Unframed, unframedText } from "../framing.ts";
import type { Profile } from "../profiles.ts";
import {
  BIDI,
  COLLISION_KINDS,
  type CollisionKind,
  FIRST_HAZARD_UNIT,
  type Hazard,
  hazardAt,
  IGNORABLE,
  keyCollisions,
  LONE_SURROGATE,
  TAG,
} from "../hazards.ts";
import {
  type Ambiguity,
  type Exactness,
  type Repair,
  type RepairRule,
  ruleByName,
} from "../rules.ts";

/** At most this many repairs are listed; the rest are counted (`repairs_truncated`). */
export const MAX_LISTED_REPAIRS = 256;

/**
 * Whether the input ended before the value did.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { type Completeness, scan } from "./scanner.ts";
 * import { PROFILES } from "../profiles.ts";
 * const cut: Completeness = scan("[1,2", PROFILES.permissive).completeness;
 * strictEqual(cut, "truncated");
 * strictEqual(scan("[1,2]", PROFILES.permissive).completeness, "complete");
 * ```
 */
export type Completeness = "complete" | "truncated";

/**
 * A top-level member of the root object whose value became final, and the
 * offset just past the input that made it final.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./scanner.ts";
 * import { PROFILES } from "../profiles.ts";
 * // "a" is final at its comma (offset 6); "b" only at the closing brace
 * // (offset 14), since a string waits to see what follows its quote.
 * deepStrictEqual(scan('{"a":1,"b":"x"}', PROFILES.strict, true).members, [
 *   { name: "a", end: 7 },
 *   { name: "b", end: 15 },
 * ]);
 * // Without `trackMembers`, nothing is recorded.
 * deepStrictEqual(scan('{"a":1,"b":"x"}', PROFILES.strict).members, []);
 * ```
 */
export interface SettledMember {
  /** The member's key. */
  name: string;
  /** UTF-16 offset just past the character that made the member final. */
  end: number;
}

/**
 * Everything one scan found.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./scanner.ts";
 * import { PROFILES } from "../profiles.ts";
 * const r = scan('{"query":"weather in Par', PROFILES.agent);
 * deepStrictEqual(r.value, { query: "weather in Par" }); // a value is built...
 * strictEqual(r.exactness, "lossy");
 * strictEqual(r.completeness, "truncated");
 * strictEqual(r.refusal?.code, "E010"); // ...and refused: `agent` takes no invented quote
 * strictEqual(r.refusal?.rule, "R010");
 * ```
 */
export interface ScanResult {
  /** Whether a value was produced (false after a fatal error). */
  hasValue: boolean;
  /** The value, built like `JSON.parse`; `undefined` when there is none. */
  value: unknown;
  /** The input was RFC 8259 JSON as written (hazards of valid JSON aside). */
  validJson: boolean;
  /** The worst severity of any repair. */
  exactness: Exactness;
  /** The ambiguity class: `syntactic` outranks `semantic`. */
  ambiguity: Ambiguity;
  /** The repairs, in input order, at most {@linkcode MAX_LISTED_REPAIRS}. */
  repairs: Repair[];
  /** How many repairs were made in all. */
  repairCount: number;
  /** Whether the input ended inside the value. */
  completeness: Completeness;
  /** The error that left no value (`E001`, `E003`, `E020`, `E021`, `E022`), or null. */
  fatal: EngineError | null;
  /** The first repair the profile refuses (`E002`, `E010`, `E011`), or null. */
  refusal: EngineError | null;
  /** Offset of the value's first character (after BOM, fence, prose). */
  valueStart: number;
  /** Offset just past the value's last character. */
  valueEnd: number;
  /** Offset at which the syntax became final (the input length when it never did). */
  syntaxEnd: number;
  /** Top-level members of the root object, in the order they became final (when tracked). */
  members: SettledMember[];
  /** The input length in UTF-16 code units. */
  length: number;
  /** Whether the value holds a `-0` somewhere. */
  negativeZero: boolean;
}

/**
 * Value strings: every code unit below U+061C (the first bidi control) is free
 * of the hazards a value can hold (bidi controls, tag characters, lone
 * surrogates), so the value loops stop only from here. Keys stop from
 * `FIRST_HAZARD_UNIT` (U+00AD): every default-ignorable is a hazard in a key.
 */
const WIDE = 0x061c;

// Modes of the state machine.
const PREAMBLE = 0, VALUE = 1, AFTER = 2, KEY = 3, COLON_MODE = 4, DONE = 5, END = 6;
// Inside a token cut by the end of a chunk, its reading so far kept: a plain
// key (its hash), a plain decimal number (its digits), a JSON literal.
const KEY_REST = 7, NUMBER_REST = 8, LITERAL_REST = 9;
// Inside a block comment cut by the end of a chunk (only its last character kept).
const COMMENT_REST = 10;
/** The JSON literals by first character (`t`, `f`, `n`). */
const LITERALS: ReadonlyMap<number, { text: string; value: boolean | null }> = new Map([
  [116, { text: "true", value: true }],
  [102, { text: "false", value: false }],
  [110, { text: "null", value: null }],
]);
// Container kinds.
const ARRAY = 0, OBJECT = 1, NONE = -1;
// What a suspended scan waits for before it is worth resuming: a token read
// again from its start is resumed only once a chunk can end it, so a long
// token fed in many chunks is still read in linear time.
const WAIT_ANY = 0, WAIT_NON_WORD = 1, WAIT_NON_SPACE = 2, WAIT_LINE_END = 3, WAIT_SLASH = 4;
const WAIT_DELIMITER = 5, WAIT_VALUE_START = 6;
/** What to wait for on a lookahead's answer, by `answer - NEED_LINE_END` (NEED_LINE_END … NEED_ANY). */
const WAIT_OF_NEED: readonly number[] = [WAIT_LINE_END, WAIT_NON_SPACE, WAIT_NON_WORD, WAIT_ANY];
// Where the epilogue is (see `Scanner.epilogue`).
const T_START = 0, T_PROSE = 1, T_CANDIDATE = 2;
/** Further candidates whose offsets are kept for the refusal's message. */
const MAX_LISTED_CANDIDATES = 8;
// What the last value read was (a comma missing after a number or a string
// may split one token: `192.168.1.1`, `2024-11-15`, `["a" "b"]`).
const OTHER_TOKEN = 0, NUMBER_TOKEN = 1, STRING_TOKEN = 2;
/** A number followed at once by a word character (`12abc`, `80_4`). */
const GLUED_TOKEN = 3;

/**
 * Structural tokens inferred for one member or element (issue 21 class 5), as bits: a comma
 * before it, a colon inside it, quotes around its bare key or bare value (counted only beside an
 * inferred colon: without one the key's or value's extent is fixed by a written token), a closer
 * standing for another after it. Two or more are `R053 ChainedRepair`.
 */
const INFERRED_COMMA = 1, INFERRED_COLON = 2, INFERRED_CLOSER = 4;
const BARE_KEY = 8, BARE_VALUE = 16;
/** The largest safe integer, 2^53 − 1: a double at least this large may be an unsafe integer. */
const MAX_SAFE = 9007199254740991;
// Results of the token scanners.
const SUSPEND = -1, FATAL = -2;

const EXACTNESS_RANK: Record<Exactness, number> = { exact: 0, cosmetic: 1, lossy: 2 };
const AMBIGUITY_RANK: Record<Ambiguity, number> = { none: 0, semantic: 1, syntactic: 2 };
const EXACTNESS_BY_RANK: readonly Exactness[] = ["exact", "cosmetic", "lossy"];
const AMBIGUITY_BY_RANK: readonly Ambiguity[] = ["none", "semantic", "syntactic"];

const RULE = {
  StripBom: ruleByName("StripBom"),
  StripCodeFence: ruleByName("StripCodeFence"),
  SkipProse: ruleByName("SkipProse"),
  StripComment: ruleByName("StripComment"),
  TrailingComma: ruleByName("TrailingComma"),
  MissingComma: ruleByName("MissingComma"),
  UnquotedKey: ruleByName("UnquotedKey"),
  SingleQuotes: ruleByName("SingleQuotes"),
  TypographicQuotes: ruleByName("TypographicQuotes"),
  CloseString: ruleByName("CloseString"),
  CloseContainer: ruleByName("CloseContainer"),
  CompleteLiteral: ruleByName("CompleteLiteral"),
  TruncatedNumber: ruleByName("TruncatedNumber"),
  TruncatedEscape: ruleByName("TruncatedEscape"),
  PythonLiteral: ruleByName("PythonLiteral"),
  UndefinedLiteral: ruleByName("UndefinedLiteral"),
  RawControlCharacter: ruleByName("RawControlCharacter"),
  InvalidEscape: ruleByName("InvalidEscape"),
  EscapedSingleQuote: ruleByName("EscapedSingleQuote"),
  UnescapedQuote: ruleByName("UnescapedQuote"),
  NumberNotation: ruleByName("NumberNotation"),
  LeadingZero: ruleByName("LeadingZero"),
  NonFiniteNumber: ruleByName("NonFiniteNumber"),
  MissingValue: ruleByName("MissingValue"),
  MissingColon: ruleByName("MissingColon"),
  MismatchedBracket: ruleByName("MismatchedBracket"),
  TrailingGarbage: ruleByName("TrailingGarbage"),
  ConcatenatedDocuments: ruleByName("ConcatenatedDocuments"),
  Placeholder: ruleByName("Placeholder"),
  UnquotedString: ruleByName("UnquotedString"),
  SkippedCharacter: ruleByName("SkippedCharacter"),
  DuplicateKey: ruleByName("DuplicateKey"),
  UnsafeInteger: ruleByName("UnsafeInteger"),
  NumberOutOfRange: ruleByName("NumberOutOfRange"),
  LoneSurrogate: ruleByName("LoneSurrogate"),
  CaseCollidingKeys: ruleByName("CaseCollidingKeys"),
  InvisibleControl: ruleByName("InvisibleControl"),
  ZeroWidthInKey: ruleByName("ZeroWidthInKey"),
  NonJsonWhitespace: ruleByName("NonJsonWhitespace"),
  MultipleCandidates: ruleByName("MultipleCandidates"),
  AmbiguousSplit: ruleByName("AmbiguousSplit"),
  EmptyExponent: ruleByName("EmptyExponent"),
  AmbiguousKey: ruleByName("AmbiguousKey"),
  NormalizationCollidingKeys: ruleByName("NormalizationCollidingKeys"),
  ConfusableKeys: ruleByName("ConfusableKeys"),
  NonFramingText: ruleByName("NonFramingText"),
  CodeAroundValue: ruleByName("CodeAroundValue"),
  PrematureClose: ruleByName("PrematureClose"),
  ChainedRepair: ruleByName("ChainedRepair"),
  TripleQuotedString: ruleByName("TripleQuotedString"),
  LeadingPlus: ruleByName("LeadingPlus"),
  CommentChangesMeaning: ruleByName("CommentChangesMeaning"),
  LiteralCase: ruleByName("LiteralCase"),
  RedundantCloser: ruleByName("RedundantCloser"),
  RepeatedMember: ruleByName("RepeatedMember"),
  DigitSeparator: ruleByName("DigitSeparator"),
  LeadingComma: ruleByName("LeadingComma"),
  BareText: ruleByName("BareText"),
  InnerQuotes: ruleByName("InnerQuotes"),
  WrongCloser: ruleByName("WrongCloser"),
  TupleAsArray: ruleByName("TupleAsArray"),
  ParenthesizedValue: ruleByName("ParenthesizedValue"),
} as const;

/** `continuesRoot`: the text after the comma goes on with the root, or not. */
const CONTINUES = 1, STOPS = 0;

/**
 * Whether the text at j, after a comma that follows the root, continues the
 * root: a quoted key or string, a number, a value word, an unquoted key
 * (`cc: "x"`) or a closer. CONTINUES, STOPS, or SUSPEND when the chunk ends
 * before it can tell (and the input goes on).
 */
function continuesRoot(text: string, j: number, n: number, final: boolean): number {
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
 * An invisible format character (zero-width space, joiners, word joiner)
 * between tokens: white space to every reader that sees it (issue 22).
 */
function isFormatCharacter(c: number): boolean {
  return c === 0x200b || c === 0x200c || c === 0x200d || c === 0x2060;
}

/** Whether an unquoted key is a plain integer every reader reads alike: digits, no leading zero, at most 15. */
function isPlainIntegerKey(key: string): boolean {
  if (key.length > 15 || (key.length > 1 && key.charCodeAt(0) === ZERO)) return false;
  for (let k = 0; k < key.length; k++) if (!isDigit(key.charCodeAt(k))) return false;
  return true;
}

/** Whether an object has no member yet. */
function isEmptyObject(object: unknown): boolean {
  for (const _ in object as Record<string, unknown>) return false;
  return true;
}

/** No comments inside the value (shared, never written). */
const NO_SPANS: readonly number[] = Object.freeze([]);

/** Whether `text` from `start` to `end` holds only white space. */
function isAllBlank(text: string, start: number, end: number): boolean {
  return skipWhiteSpace(text, start, end) >= end;
}

/**
 * The rule each kind of key collision is reported as (`exact` is
 * `R032 DuplicateKey`, reported as the member is set; Object.keys holds no
 * exact twins).
 */
const COLLISION_RULES: Readonly<Record<CollisionKind, RepairRule | null>> = {
  exact: null,
  ignorable: RULE.ZeroWidthInKey,
  normalization: RULE.NormalizationCollidingKeys,
  case: RULE.CaseCollidingKeys,
  confusable: RULE.ConfusableKeys,
};
const COLLISION_BITS: Readonly<Record<CollisionKind, number>> = {
  exact: 0,
  ignorable: 1,
  normalization: 2,
  case: 3,
  confusable: 4,
};

/** Whether two key lists hold the same keys in the same order. */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Words a value may be spelled as, and what each means. */
const WORDS: ReadonlyMap<string, { value: unknown; rule: RepairRule | null }> = new Map<
  string,
  { value: unknown; rule: RepairRule | null }
>([
  ["true", { value: true, rule: null }],
  ["false", { value: false, rule: null }],
  ["null", { value: null, rule: null }],
  ["True", { value: true, rule: RULE.PythonLiteral }],
  ["False", { value: false, rule: RULE.PythonLiteral }],
  ["None", { value: null, rule: RULE.PythonLiteral }],
  ["undefined", { value: null, rule: RULE.UndefinedLiteral }],
  ["TRUE", { value: true, rule: RULE.LiteralCase }],
  ["FALSE", { value: false, rule: RULE.LiteralCase }],
  ["NULL", { value: null, rule: RULE.LiteralCase }],
  ["Null", { value: null, rule: RULE.LiteralCase }],
  ["NaN", { value: null, rule: RULE.NonFiniteNumber }],
  ["Infinity", { value: null, rule: RULE.NonFiniteNumber }],
]);

function isHex(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function hexValue(c: number): number {
  return c <= NINE ? c - ZERO : (c | 32) - 87;
}

/** The end of `true`, `false` or `null` at i when followed by a delimiter, else -1. */
function literalEnd(text: string, i: number, n: number, c: number): number {
  // Bounds first: a read past the end would return NaN and deoptimize.
  let end = -1;
  if (c === 116) {
    if (
      i + 4 < n && text.charCodeAt(i + 1) === 114 && text.charCodeAt(i + 2) === 117 &&
      text.charCodeAt(i + 3) === 101
    ) end = i + 4;
  } else if (c === 102) {
    if (
      i + 5 < n && text.charCodeAt(i + 1) === 97 && text.charCodeAt(i + 2) === 108 &&
      text.charCodeAt(i + 3) === 115 && text.charCodeAt(i + 4) === 101
    ) end = i + 5;
  } else if (
    i + 4 < n && text.charCodeAt(i + 1) === 117 && text.charCodeAt(i + 2) === 108 &&
    text.charCodeAt(i + 3) === 108
  ) end = i + 4;
  if (end < 0 || isWordChar(text.charCodeAt(end))) return -1;
  return end;
}

/** `plainKey`: the input ended inside a short key. */
const KEY_CUT = -3;
/** Chunks shorter than this are gathered TINY_BATCH at a time before joining the input's rope. */
const TINY = 8, TINY_BATCH = 64;

/** Keys up to this length are cached by the key fast path. */
const MAX_CACHED_KEY = 64;
/** Slots of the key cache (a power of two). */
const KEY_CACHE_SIZE = 4096;
/** Recently seen keys, by hash: reusing one avoids a copy and a re-interning. */
const keyCache: (string | undefined)[] = new Array(KEY_CACHE_SIZE).fill(undefined);

/** Whether `head` from `start` to its end, then `rest`, hold `key`. */
function sameSplitText(head: string, start: number, rest: string, key: string): boolean {
  const split = head.length - start;
  for (let k = 0; k < split; k++) {
    if (head.charCodeAt(start + k) !== key.charCodeAt(k)) return false;
  }
  for (let k = split; k < key.length; k++) {
    if (rest.charCodeAt(k - split) !== key.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Whether `chunk` holds nothing that the string scanner stops at (its
 * closing quote `q`, a backslash, a control character, a character from
 * `wide` up: U+061C in a value, U+00AD in a key): a string being read only
 * grows by it.
 */
function isPlainRun(chunk: string, q: number, wide: number): boolean {
  for (let k = 0; k < chunk.length; k++) {
    const c = chunk.charCodeAt(k);
    if (c > BACKSLASH ? c >= wide : c === q || c === BACKSLASH || c < SPACE) return false;
  }
  return true;
}

/**
 * Whether `text` holds one of the characters of `chars` (searched natively).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { holdsAnyOf } from "./scanner.ts";
 * strictEqual(holdsAnyOf('{"a":[1,2', "]}"), false);
 * strictEqual(holdsAnyOf("1,2]", "]}"), true);
 * ```
 */
export function holdsAnyOf(text: string, chars: string): boolean {
  for (let k = 0; k < chars.length; k++) if (text.indexOf(chars[k]) >= 0) return true;
  return false;
}

/** Whether `text` from i to n is a prefix of `literal` (or all of it). */
function isLiteralPrefix(text: string, i: number, n: number, literal: string): boolean {
  if (n - i > literal.length) return false;
  for (let k = i; k < n; k++) {
    if (text.charCodeAt(k) !== literal.charCodeAt(k - i)) return false;
  }
  return true;
}

/** Whether `text` holds `key` at offset i. */
function sameText(text: string, i: number, key: string): boolean {
  for (let k = 0; k < key.length; k++) {
    if (text.charCodeAt(i + k) !== key.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Whether the number written from `i` (its first digit or dot) to `end`, read
 * as the double `value`, is an unsafe integer: its exact decimal value is an
 * integer beyond ±(2^53 − 1), and either it is written as an integer
 * (`9007199254740993`) or, in fraction or exponent notation, the double does
 * not give back the digits written (`9007199254740993.0`,
 * `9007199254740993e0`, `90071992547409930e-1`: the integer meant is lost).
 * `1e22` or `123e65` give back their digits: they are doubles, read exactly as
 * every reader reads them. `9007199254740991.5` is no integer. Called only
 * for a double at least 2^53 − 1 (a rare path).
 */
function isUnsafeInteger(text: string, i: number, end: number, value: number): boolean {
  let digits = "", fraction = 0, inFraction = false, k = i;
  for (; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === DOT) inFraction = true;
    else if (c >= ZERO && c <= NINE) {
      if (digits.length > 0 || c !== ZERO) digits += text[k];
      if (inFraction) fraction++;
    } else break;
  }
  const plain = !inFraction && k >= end;
  let exponent = 0, exponentNegative = false;
  if (k < end) {
    k++; // e or E
    const sign = text.charCodeAt(k);
    if (sign === PLUS || sign === MINUS) {
      exponentNegative = sign === MINUS;
      k++;
    }
    for (; k < end; k++) {
      if (exponent < 1_000_000) exponent = exponent * 10 + (text.charCodeAt(k) - ZERO);
    }
  }
  if (digits.length === 0) return false;
  let trailing = 0;
  while (digits.charCodeAt(digits.length - 1 - trailing) === ZERO) trailing++;
  const power = (exponentNegative ? -exponent : exponent) - fraction + trailing;
  if (power < 0) return false; // not an integer
  const significant = digits.slice(0, digits.length - trailing);
  const length = significant.length + power;
  if (length < 16 || (length === 16 && significant + "0".repeat(power) <= "9007199254740991")) {
    return false;
  }
  if (plain) return true;
  return significantDigits(String(Math.abs(value))) !== significant;
}

/** The significant digits of a number's JavaScript rendering (`1.23e+67` → `123`). */
function significantDigits(rendered: string): string {
  let digits = "";
  for (let k = 0; k < rendered.length; k++) {
    const c = rendered.charCodeAt(k);
    if (c === LOWER_E) break;
    if (c >= ZERO && c <= NINE && (digits.length > 0 || c !== ZERO)) digits += rendered[k];
  }
  let cut = digits.length;
  while (cut > 0 && digits.charCodeAt(cut - 1) === ZERO) cut--;
  return digits.slice(0, cut);
}

/** Exact powers of ten (the fast path of decimal reading). */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/** Whether `chunk` holds a character that can end what a suspended scan waits for. */
function canResume(chunk: string, wait: number): boolean {
  for (let k = 0; k < chunk.length; k++) {
    const c = chunk.charCodeAt(k);
    switch (wait) {
      case WAIT_NON_WORD:
        if (!isWordChar(c) && c !== DOT && c !== PLUS) return true;
        break;
      case WAIT_NON_SPACE:
        if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return true;
        break;
      case WAIT_LINE_END:
        if (c === LF) return true;
        break;
      case WAIT_SLASH:
        if (c === SLASH) return true;
        break;
      case WAIT_DELIMITER:
        if (
          c === COMMA || c === RBRACE || c === RBRACKET || c === COLON || c === LF || c === CR ||
          isQuote(c) || c === LBRACE || c === LBRACKET
        ) return true;
        break;
      case WAIT_VALUE_START:
        if (c === LBRACE || c === LBRACKET || c === BACKTICK || c === TILDE) return true;
        break;
      default:
        return true;
    }
  }
  return false;
}

/**
 * The index of the first character at or after `i` (before `n`) that is not
 * JSON white space (space, tab, line feed, carriage return).
 *
 * @example
 * ```ts
 * import { skipWhiteSpace } from "./scanner.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(skipWhiteSpace(" \r\n\t{}", 0, 6), 4);
 * ```
 */
export function skipWhiteSpace(text: string, i: number, n: number): number {
  let c = 0;
  while (i < n && ((c = text.charCodeAt(i)) === SPACE || c === LF || c === CR || c === TAB)) i++;
  return i;
}

/**
 * Whether a key has a letter whose case can fold (ASCII upper case, or
 * anything non-ASCII): only the keys of an object with such a key are
 * compared beyond equality (`keyCollisions`).
 *
 * @example
 * ```ts
 * import { hasCase } from "./scanner.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(hasCase("filePath"), true);
 * strictEqual(hasCase("path"), false);
 * ```
 */
export function hasCase(key: string): boolean {
  for (let k = 0; k < key.length; k++) {
    const c = key.charCodeAt(k);
    if ((c >= UPPER_A && c <= UPPER_Z) || c >= 0x80) return true;
  }
  return false;
}

/** A string delimiter's closing char code, for an opening one. */
function closingQuote(c: number): number {
  if (c === LDQUO) return RDQUO;
  if (c === LSQUO) return RSQUO;
  return c;
}

/** The classification as it stood when the root value began (`Scanner.mark`). */
interface Mark {
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

/** The mark of a scan that has recorded nothing yet (shared: a mark is never written). */
const NOTHING_MARKED: Mark = Object.freeze({
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
 */
class RareState {
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

/**
 * The resumable scanner. Use {@linkcode scan} for a whole document; the
 * streaming parser feeds chunks.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./scanner.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.permissive, true);
 * scanner.feed('{"a":[1,', false);
 * deepStrictEqual(scanner.root, { a: [1] });
 * scanner.feed("2]}", true);
 * deepStrictEqual(scanner.result().value, { a: [1, 2] });
 * // `a` became final at its closing `]` (offset 9), before the `}`.
 * deepStrictEqual(scanner.members, [{ name: "a", end: 10 }]);
 * ```
 */
export class Scanner {
  /** The resolved options. */
  readonly profile: Profile;
  /** The root value as built so far (live: later chunks mutate it). */
  root: unknown = undefined;
  /** Whether a root value exists (possibly still open). */
  hasRoot = false;
  /** Top-level members that are final. */
  readonly members: SettledMember[] = [];

  // Window over the input: only the unfinished tail is kept between feeds.
  private window = "";
  private base = 0;
  private pos = 0;
  private mode = PREAMBLE;
  private finished = false;
  /** Whether the last chunk was fed (`feed(…, true)`). */
  private ended = false;
  /** Read unescaped already (`R067`): never read unescaped again. */
  private readonly unescaped: boolean;

  // Container stack.
  private containers: unknown[] = [];
  private kinds: number[] = [];
  private pendingKeys: string[] = [];
  private caseFlags: boolean[] = [];
  /** The innermost open container and its kind (NONE at the root). */
  private top: unknown = undefined;
  private topKind = NONE;
  private depth = 0;
  private openObjects = 0;
  /** Absolute offset of the comma that opened the current slot, or -1. */
  private commaAt = -1;

  // String in progress.
  private inString = false;
  private strStart = 0;
  private strQuote = 0;
  private strOut = "";
  private strIsKey = false;
  private strValue = "";

  private numValue: number | null = 0;
  /** What the last value read was: OTHER_TOKEN, NUMBER_TOKEN or STRING_TOKEN. */
  private lastToken = OTHER_TOKEN;
  /** Whether the value holds a `-0` (JSON.stringify would render it as `0`). */
  private negativeZero = false;
  private fence = false;

  // Classification.
  private repairs: Repair[] = [];
  private repairCount = 0;
  private exactRank = 0;
  private ambiguityRank = 0;
  private validJson = true;
  private truncated = false;
  private fatal: EngineError | null = null;
  /** The repair the profile refuses first in input order (its error is made by `result()`). */
  private refusalRule: RepairRule | null = null;
  private refusalOffset = 0;
  /** Offset of the last listed repair, and whether the list left input order. */
  private lastListed = 0;
  private unordered = false;
  private valueStart = 0;
  private valueEnd = 0;
  private syntaxEnd = -1;

  // The input as fed: a rope (flattened once, when `text()` is first read),
  // with chunks under TINY code units gathered first (their cons cells would
  // outweigh them). The line index (offsets of LF up to `linesUpTo`) is
  // searched in it only when a position is needed: repairs get their line
  // and column in `result()`, so a resume costs no line search.
  private all = "";
  private tiny: string[] = [];
  private received = 0;
  /** What the suspended scan waits for, and the chunks held until it comes. */
  private wait = WAIT_ANY;
  private pending: string[] = [];
  /** Set by a token scanner before it returns SUSPEND: what it waits for. */
  private suspendWait = WAIT_ANY;

  /** Creates a scanner with resolved options. */
  constructor(profile: Profile, trackMembers = false, unescaped = false) {
    this.profile = profile;
    this.trackMembers = trackMembers;
    this.unescaped = unescaped;
  }

  /** Whether top-level members are recorded as they become final (streaming, readiness). */
  private readonly trackMembers: boolean;

  /**
   * How many code units the scan loop was handed in all, counting a unit
   * again each time a suspended token is read again from its start: the
   * scanner's work, which stays linear in the input for any chunking (a
   * test compares 1× and 4× inputs fed one unit at a time). A scan fed in
   * one final chunk reads each unit once and counts nothing (its `scanned`
   * may stay 0).
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Scanner } from "./scanner.ts";
   * import { PROFILES } from "../profiles.ts";
   * const scanner = new Scanner(PROFILES.agent);
   * for (const unit of "[1, 2]") scanner.feed(unit, false);
   * scanner.feed("", true);
   * strictEqual(scanner.scanned <= 2 * "[1, 2]".length, true);
   * ```
   */
  get scanned(): number {
    return this.rareState === null ? 0 : this.rareState.scanned;
  }
  /** A placeholder was just dropped: a comma next belongs to it. */
  private placeholderComma = false;
  /** The rarely used state, made when first read or written. */
  private rareState: RareState | null = null;

  private get rare(): RareState {
    return this.rareState ??= new RareState();
  }

  /**
   * Feeds the next chunk. With `final` true the chunk is the last: open
   * tokens and containers are completed and the epilogue is read.
   */
  feed(chunk: string, final: boolean): void {
    if (final) this.ended = true;
    const received = this.received + chunk.length;
    this.received = received;
    if (chunk.length >= TINY) {
      if (this.tiny.length > 0) this.gatherTiny();
      this.all = this.all.length === 0 ? chunk : this.all + chunk;
    } else if (chunk.length > 0 && this.tiny.push(chunk) >= TINY_BATCH) {
      this.gatherTiny();
    }
    if (received > this.profile.maxInput) {
      // Checked on the whole input before anything is read: it outranks any
      // other error, and a one-call scan finds nothing else.
      this.fatal = engineError(
        "E021",
        `input is ${received} code units; max_input is ${this.profile.maxInput}`,
      );
      this.repairs = [];
      this.repairCount = 0;
      this.exactRank = 0;
      this.ambiguityRank = 0;
      this.truncated = false;
      this.refusalRule = null;
      this.syntaxEnd = -1;
      this.valueStart = 0;
      this.valueEnd = 0;
      this.members.length = 0;
      this.mode = END;
      this.finished = true;
      return;
    }
    if (this.finished) {
      // A scan that ended early (a second document) is still judged once the input ends.
      if (final) this.judgeFraming();
      return;
    }
    if (this.wait !== WAIT_ANY && !final && !canResume(chunk, this.wait)) {
      this.pending.push(chunk);
      return;
    }
    this.wait = WAIT_ANY;
    if (this.pending.length > 0) {
      this.pending.push(chunk);
      chunk = this.pending.join("");
      this.pending.length = 0;
    }
    if (
      this.inString && this.window.length === 0 && !final &&
      isPlainRun(chunk, this.strQuote, this.strIsKey ? FIRST_HAZARD_UNIT : WIDE)
    ) {
      // Wholly inside the string being read: it only grows.
      this.rare.scanned += chunk.length;
      this.strOut += chunk;
      this.base += chunk.length;
      return;
    }
    // A joined (flat) string: a cons string would slow every character read.
    this.window = this.window.length === 0 ? chunk : [this.window, chunk].join("");
    this.run(final);
    if (final) {
      this.judgeFraming();
      this.finished = true;
    }
  }

  /**
   * Once the input has ended: the text skipped around the value must be
   * framing (`engine/framing.ts`), else `R050 NonFramingText` (or `R051
   * CodeAroundValue`) at the first piece that is not; a comment inside the
   * value that negates, retracts or marks it as an example is `R056`.
   * Clean JSON (nothing around the value, no comment) never gets past the
   * first test.
   */
  private judgeFraming(): void {
    if (this.fatal !== null || !this.hasRoot) return;
    if (this.rareState !== null && this.rareState.closerAt >= 0) this.settleCloser();
    const length = this.received, start = this.valueStart, end = this.valueEnd;
    const spans = this.rareState === null ? NO_SPANS : this.rareState.innerComments;
    if (start === 0 && end >= length && spans.length === 0) return;
    const rare = this.rare;
    if (rare.judged) return;
    rare.judged = true;
    const text = this.text();
    let found: Unframed | null = null;
    if (start > 0 && !isAllBlank(text, 0, start)) found = unframedText(text, 0, start, true);
    if (found === null && end < length && !rare.tailRefused && !isAllBlank(text, end, length)) {
      found = unframedText(text, end, length, false);
    }
    if (found !== null) {
      rare.unframed = found;
      this.repair(found.kind === "code" ? RULE.CodeAroundValue : RULE.NonFramingText, found.offset);
    }
    for (let k = 0; k + 1 < spans.length; k += 2) {
      if (commentChangesMeaning(text, spans[k], spans[k + 1])) {
        this.repair(RULE.CommentChangesMeaning, spans[k]);
        break;
      }
    }
  }

  /**
   * The result so far (final after `feed(…, true)`). Once the input ended, a text with no
   * acceptable reading as written that is a whole document JSON-escaped once is read unescaped
   * when that reading is accepted (`R067`, issue 22 class 5).
   */
  result(): ScanResult {
    const own = this.ownResult();
    if (
      !this.ended || this.unescaped || this.profile.maxLoss === "exact" || acceptable(own) ||
      (own.fatal !== null && own.fatal.code !== "E003")
    ) return own;
    return this.escapedResult() ?? own;
  }

  /**
   * The whole text read as a document escaped once, when that reading is accepted by this
   * profile: the scan of the unescaped text, with `R067` added and every offset mapped back to
   * the text as written; otherwise null.
   */
  private escapedResult(): ScanResult | null {
    const text = this.text();
    if (text.indexOf('\\"') < 0) return null;
    const reading = escapedReading(text);
    if (reading === null) return null;
    const inner = new Scanner(this.profile, this.trackMembers, true);
    inner.feed(reading.text, true);
    const found = inner.result();
    // The value must be the unescaped span itself, not text in the framing around it.
    if (
      !acceptable(found) || found.valueStart < reading.start ||
      found.valueEnd > reading.start + reading.length
    ) return null;
    return unescapedResult(found, reading, text);
  }

  /** The result of the text as written. */
  private ownResult(): ScanResult {
    const length = this.received;
    if (this.unordered) {
      this.repairs.sort((a, b) => a.offset - b.offset); // stable: ties keep their order
      this.unordered = false;
    }
    this.placeRepairs();
    const hasValue = this.fatal === null && this.hasRoot;
    return {
      hasValue,
      value: hasValue ? this.root : undefined,
      validJson: this.validJson && this.fatal === null && this.hasRoot,
      exactness: EXACTNESS_BY_RANK[this.exactRank],
      ambiguity: AMBIGUITY_BY_RANK[this.ambiguityRank],
      repairs: this.repairs,
      repairCount: this.repairCount,
      completeness: this.truncated ? "truncated" : "complete",
      fatal: this.fatal,
      refusal: this.fatal === null && this.refusalRule !== null ? this.refusalError() : null,
      valueStart: this.valueStart,
      valueEnd: this.valueEnd,
      syntaxEnd: this.syntaxEnd < 0 ? length : this.syntaxEnd,
      members: this.members,
      length,
      negativeZero: this.negativeZero,
    };
  }

  /** The error that stopped the scan (a limit), or null. */
  get error(): EngineError | null {
    return this.fatal;
  }

  /** Whether the root value's syntax is complete. */
  get settled(): boolean {
    return this.syntaxEnd >= 0;
  }

  /**
   * The characters one of which must be read before a top-level member (as
   * recorded in `members`) or the root itself can settle: `]}` inside a
   * container nested in the root object's members, or anywhere inside a root
   * array (only a closing bracket brings the scan back up); the closing quote
   * of a string being read in the root object; `""` when any character may,
   * or when the text the scan keeps to read again (a cut token, a lookahead,
   * held chunks) holds one of them already. A streaming reader of `members`
   * and `settled` needs to scan pending text only once it holds one of them.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Scanner } from "./scanner.ts";
   * import { PROFILES } from "../profiles.ts";
   * const scanner = new Scanner(PROFILES.agent, true);
   * scanner.feed('{"a":{"b":[1,', false);
   * strictEqual(scanner.settlesOn(), "]}");
   * scanner.feed('2]},"c":"tex', false);
   * strictEqual(scanner.settlesOn(), '"');
   * ```
   */
  settlesOn(): string {
    const depth = this.depth;
    if (this.finished || depth === 0) return "";
    let chars: string;
    if (depth >= 2 || this.kinds[0] !== OBJECT || !this.trackMembers) chars = "]}";
    else if (this.inString) chars = String.fromCharCode(this.strQuote);
    else return "";
    // A kept tail (a cut token, a lookahead) and held chunks are read again
    // with the next chunk: `[.}` keeps its `}` while it tells a placeholder
    // `...` from a stray dot, and a string keeps its quote while it looks at
    // what follows.
    if (holdsAnyOf(this.window, chars)) return "";
    for (const held of this.pending) if (holdsAnyOf(held, chars)) return "";
    return chars;
  }

  // ---------------------------------------------------------------- repairs

  /** 1-based line and column of an absolute offset. */
  private lineColumn(offset: number): [number, number] {
    if (offset > this.rare.linesUpTo) this.trackLines(offset);
    const newlines = this.rare.newlines;
    // Binary search for the number of LFs before offset.
    let lo = 0, hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newlines[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return [lo + 1, lo === 0 ? offset + 1 : offset - newlines[lo - 1]];
  }

  /**
   * Records the line breaks of the input before an absolute offset, natively
   * (with indexOf). A document without repairs is never searched.
   */
  private trackLines(offset: number): void {
    const text = this.text(), newlines = this.rare.newlines;
    const stop = offset < text.length ? offset : text.length;
    for (let k = this.rare.linesUpTo;;) {
      const at = text.indexOf("\n", k);
      if (at < 0 || at >= stop) break;
      newlines.push(at);
      k = at + 1;
    }
    if (stop > this.rare.linesUpTo) this.rare.linesUpTo = stop;
  }

  /** Gives the listed repairs not placed yet their line and column. */
  private placeRepairs(): void {
    for (const repair of this.repairs) {
      if (repair.line !== 0) continue;
      const [line, column] = this.lineColumn(repair.offset);
      repair.line = line;
      repair.column = column;
    }
  }

  /** The error of the refused repair, at its line and column. */
  private refusalError(): EngineError {
    const [line, column] = this.lineColumn(this.refusalOffset);
    const error = this.refuse(this.refusalRule!, line, column, this.refusalOffset);
    const unframed = this.rareState?.unframed;
    if (
      unframed && (this.refusalRule === RULE.NonFramingText ||
        this.refusalRule === RULE.CodeAroundValue)
    ) {
      // Name the text that is not framing, then why it is refused.
      const head = `${this.refusalRule.code} ${this.refusalRule.name}: `;
      const reason = error.message.slice(error.message.indexOf(head) + head.length);
      const what = unframed.kind === "code"
        ? "reads as source code around the value"
        : "is not framing (a lead-in, label, wrapper, fence or sign-off)";
      return positionedError(
        error.code,
        line,
        column,
        this.refusalOffset,
        `${head}the text ${JSON.stringify(unframed.text)} ${what}; emit only the value (${reason})`,
      );
    }
    if (this.refusalRule !== RULE.MultipleCandidates) return error;
    // Say how many candidates there are and where, then why they are refused.
    const head = `${RULE.MultipleCandidates.code} ${RULE.MultipleCandidates.name}: `;
    const reason = error.message.slice(error.message.indexOf(head) + head.length);
    return positionedError(
      error.code,
      line,
      column,
      this.refusalOffset,
      `${head}${this.candidatesDetail()}; emit exactly one value (${reason})`,
    );
  }

  /** How many candidate values the text holds, and where (for the refusal). */
  private candidatesDetail(): string {
    const offsets = [this.valueStart, ...this.rare.candidates];
    const places = offsets.map((offset) => {
      const [line, column] = this.lineColumn(offset);
      return `line ${line} column ${column} (offset ${offset})`;
    });
    const count = 1 + this.rare.candidateCount;
    const more = count > offsets.length ? `, and ${count - offsets.length} more` : "";
    return `${count} candidate values, at ${places.join(", ")}${more}`;
  }

  /** Appends the gathered tiny chunks to the rope, joined. */
  private gatherTiny(): void {
    const joined = this.tiny.join("");
    this.tiny.length = 0;
    this.all = this.all.length === 0 ? joined : this.all + joined;
  }

  /**
   * The whole input fed so far.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Scanner } from "./scanner.ts";
   * import { PROFILES } from "../profiles.ts";
   * const scanner = new Scanner(PROFILES.strict);
   * scanner.feed('{"a":', false);
   * scanner.feed("1}", true);
   * strictEqual(scanner.text(), '{"a":1}');
   * ```
   */
  text(): string {
    if (this.tiny.length > 0) this.gatherTiny();
    return this.all;
  }

  private repair(rule: RepairRule, offset: number): void {
    this.repairCount++;
    const severity = EXACTNESS_RANK[rule.severity];
    if (severity > this.exactRank) this.exactRank = severity;
    const ambiguity = AMBIGUITY_RANK[rule.ambiguity];
    if (ambiguity > this.ambiguityRank) this.ambiguityRank = ambiguity;
    if (!rule.valid) this.validJson = false;
    if (rule.tail) this.truncated = true;
    const listed = this.repairs.length < MAX_LISTED_REPAIRS;
    // The refusal is the refused repair first in input order (a few repairs
    // are found after ones that stand later in the input).
    // More than one candidate outranks every other refusal: the model must
    // first say which value it means.
    const refuses = this.violates(rule) &&
      (this.refusalRule === null ||
        (rule === RULE.MultipleCandidates
          ? this.refusalRule !== rule
          : offset < this.refusalOffset && this.refusalRule !== RULE.MultipleCandidates));
    if (!listed && !refuses) return;
    if (listed) {
      if (offset < this.lastListed) this.unordered = true;
      this.lastListed = offset;
      this.repairs.push({
        rule: rule.code,
        name: rule.name,
        offset,
        line: 0, // placed by result()
        column: 0,
        severity: rule.severity,
        ambiguity: rule.ambiguity,
        confidence: rule.confidence,
      });
    }
    if (refuses) {
      this.refusalRule = rule;
      this.refusalOffset = offset;
    }
  }

  /** Whether the profile refuses a repair of this rule. */
  private violates(rule: RepairRule): boolean {
    const p = this.profile;
    if (rule === RULE.SkipProse) return !p.skipProse;
    if (rule.ambiguity !== "none" && !p.allowAmbiguity) return true;
    if (EXACTNESS_RANK[rule.severity] > EXACTNESS_RANK[p.maxLoss]) return true;
    return p.tailLossOnly && rule.severity === "lossy" && !rule.tail;
  }

  /** The error the profile answers a repair it refuses with. */
  private refuse(
    rule: RepairRule,
    line: number,
    column: number,
    offset: number,
  ): EngineError {
    const p = this.profile;
    const head = `${rule.code} ${rule.name}`;
    if (rule === RULE.SkipProse && !p.skipProse) {
      return positionedError(
        "E002",
        line,
        column,
        offset,
        `${head}: text outside the JSON value; skip_prose is off under profile ${p.name}`,
      );
    }
    if (rule.ambiguity !== "none" && !p.allowAmbiguity) {
      return positionedError(
        "E011",
        line,
        column,
        offset,
        `${head}: ambiguity ${rule.ambiguity} is refused by profile ${p.name}`,
      );
    }
    if (EXACTNESS_RANK[rule.severity] > EXACTNESS_RANK[p.maxLoss]) {
      return positionedError(
        "E010",
        line,
        column,
        offset,
        `${head}: exactness ${rule.severity} exceeds max_loss ${p.maxLoss}`,
      );
    }
    // tailLossOnly (interactive): a lossy repair that completes no truncated tail.
    const only = `which accepts a lossy repair only to complete a truncated tail`;
    if (rule.ambiguity !== "none") {
      return positionedError(
        "E011",
        line,
        column,
        offset,
        `${head}: ambiguity ${rule.ambiguity} with a lossy repair is refused by profile ${p.name}, ${only}`,
      );
    }
    return positionedError(
      "E010",
      line,
      column,
      offset,
      `${head}: a lossy repair that completes no truncated tail is refused by profile ${p.name}, ${only}`,
    );
  }

  private fail(error: EngineError): void {
    if (this.fatal === null) this.fatal = error;
    this.mode = END;
    this.finished = true;
  }

  private failAt(code: string, offset: number, detail: string): void {
    const [line, column] = this.lineColumn(offset);
    this.fail(positionedError(code, line, column, offset, detail));
  }

  // ----------------------------------------------------------- value building

  private setMember(
    object: Record<string, unknown>,
    key: string,
    value: unknown,
    at: number,
  ): void {
    if (key === "__proto__") {
      if (Object.hasOwn(object, key)) this.repair(RULE.DuplicateKey, at);
      Object.defineProperty(object, key, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      return;
    }
    if (Object.hasOwn(object, key)) {
      // The same scalar twice has one reading, whichever of the two a reader keeps.
      const before = object[key];
      const same = Object.is(before, value) && (typeof value !== "object" || value === null);
      this.repair(same ? RULE.RepeatedMember : RULE.DuplicateKey, at);
      // Re-inserting keeps the first key's position, as JSON.parse does.
    }
    object[key] = value;
  }

  /** Places a completed scalar (or an opened container) into its parent. */
  private place(value: unknown, at: number): void {
    const d = this.depth;
    if (d === 0) {
      this.root = value;
      this.hasRoot = true;
      return;
    }
    if (this.topKind === ARRAY) (this.top as unknown[]).push(value);
    else this.setMember(this.top as Record<string, unknown>, this.pendingKeys[d - 1], value, at);
  }

  /** Bookkeeping once a value is complete; returns the next mode. */
  private completed(end: number, finalAt: number = end): number {
    this.lastToken = OTHER_TOKEN;
    const d = this.depth;
    if (d === 0) {
      this.valueEnd = end;
      this.syntaxEnd = finalAt;
      return DONE;
    }
    if (d === 1 && this.trackMembers && this.kinds[0] === OBJECT) {
      this.members.push({ name: this.pendingKeys[0], end: finalAt });
    }
    return AFTER;
  }

  private open(kind: number, at: number): boolean {
    if (this.depth >= this.profile.maxDepth) {
      this.failAt(
        "E020",
        at,
        `nesting deeper than max_depth ${this.profile.maxDepth}; flatten the value`,
      );
      return false;
    }
    const container = kind === ARRAY ? [] : {};
    this.place(container, at);
    const d = this.depth++;
    this.containers[d] = container;
    this.kinds[d] = kind;
    this.caseFlags[d] = false;
    this.top = container;
    this.topKind = kind;
    if (kind === OBJECT) this.openObjects++;
    const rare = this.rareState;
    if (
      rare !== null && rare.chainTop === this.containers[d - 1] && rare.chainComma === this.commaAt
    ) {
      rare.chainValue = container;
    }
    this.commaAt = -1;
    return true;
  }

  /** Pops the top container; returns the next mode. */
  private close(end: number): number {
    const d = --this.depth;
    const container = this.containers[d];
    this.containers[d] = undefined;
    this.top = d > 0 ? this.containers[d - 1] : undefined;
    this.topKind = d > 0 ? this.kinds[d - 1] : NONE;
    if (this.kinds[d] === OBJECT) {
      this.openObjects--;
      if (this.caseFlags[d]) this.checkKeys(container as Record<string, unknown>, end - 1);
    }
    return this.completed(end);
  }

  /**
   * The keys of a closed object compared with each other beyond equality, by
   * `keyCollisions` of `engine/hazards.ts`, for quoted and unquoted keys
   * alike. Only objects with a key that has an upper-case ASCII letter or a
   * non-ASCII character get here (`caseFlags`): all-lower-case ASCII keys
   * collide only when equal, which `setMember` reports. Each collision is
   * reported at `at` (the object's end), once per kind.
   */
  private checkKeys(object: Record<string, unknown>, at: number): void {
    const keys = Object.keys(object);
    if (keys.length < 2) return;
    // An array of records repeats one key set: compare it with the last one
    // checked (keys are interned, so this is a few pointer comparisons).
    const last = this.rare.lastKeySet;
    let kinds = this.rare.lastKeyKinds;
    if (!sameKeys(keys, last)) {
      kinds = 0;
      for (const { kind } of keyCollisions(keys)) kinds |= 1 << COLLISION_BITS[kind];
      this.rare.lastKeySet = keys;
      this.rare.lastKeyKinds = kinds;
    }
    if (kinds === 0) return;
    for (const kind of COLLISION_KINDS) {
      const rule = COLLISION_RULES[kind];
      if (rule !== null && (kinds & (1 << COLLISION_BITS[kind])) !== 0) this.repair(rule, at);
    }
  }

  /** Closes every open container at the end of the input. */
  private closeAllAtEnd(end: number): void {
    while (this.depth > 0) {
      this.repair(RULE.CloseContainer, end);
      const d = --this.depth;
      if (this.kinds[d] === OBJECT) {
        this.openObjects--;
        if (this.caseFlags[d]) this.checkKeys(this.containers[d] as Record<string, unknown>, end);
      }
      this.containers[d] = undefined;
    }
    this.top = undefined;
    this.topKind = NONE;
    this.valueEnd = end;
    this.mode = END;
  }

  // ------------------------------------------------------------------- run

  private suspend(keep: number, mode: number): void {
    if (this.rare.commentKeep >= 0) {
      // Inside a block comment: keep its last character only.
      keep = this.rare.commentKeep;
      this.rare.commentKeep = -1;
      this.rare.commentReturn = mode;
      mode = COMMENT_REST;
    }
    // Keep only the unfinished tail.
    this.wait = this.suspendWait;
    this.suspendWait = WAIT_ANY;
    const absolute = this.base + keep;
    const window = this.window;
    this.window = keep === 0 ? window : keep >= window.length ? "" : window.slice(keep);
    this.base = absolute;
    this.pos = 0;
    this.mode = mode;
  }

  private run(final: boolean): void {
    const text = this.window;
    const n = text.length;
    const base = this.base;
    let i = this.pos;
    // The work of a scan fed in chunks (a one-shot scan reads each unit once).
    if (!final || this.rareState !== null) this.rare.scanned += n - i;
    let mode = this.mode;
    let c = 0;

    if (this.inString) {
      const end = this.scanString(text, i, final);
      if (end === SUSPEND || end === FATAL) return;
      i = end;
      mode = this.finishString(i);
      if (mode === END) return;
    }

    for (;;) {
      switch (mode) {
        case VALUE: {
          i = skipWhiteSpace(text, i, n);
          c = i < n ? text.charCodeAt(i) : 0;
          if (i >= n) {
            if (!final) return this.suspend(i, mode);
            if (this.depth === 0) {
              this.fail(engineError("E003", "no JSON value found in the input"));
              return;
            }
            this.closeAllAtEnd(base + n);
            return;
          }
          const afterPlaceholder = this.placeholderComma;
          this.placeholderComma = false;
          if (c === LBRACE || c === LBRACKET) {
            if (!this.open(c === LBRACE ? OBJECT : ARRAY, base + i)) return;
            i++;
            mode = c === LBRACE ? KEY : VALUE;
            continue;
          }
          if (c === QUOTE) {
            const end = this.plainString(text, i + 1, n);
            if (end > 0) {
              if (end === i + 2) this.emptyString(base + end, QUOTE);
              i = end;
              mode = this.completed(base + i, this.stringFinalAt);
              this.lastToken = STRING_TOKEN;
              continue;
            }
          }
          if (c === QUOTE || c === APOS || c === LDQUO || c === LSQUO) {
            if (c !== QUOTE) {
              this.repair(c === APOS ? RULE.SingleQuotes : RULE.TypographicQuotes, base + i);
            }
            this.beginString(base + i, closingQuote(c), false);
            const end = this.scanString(text, i + 1, final);
            if (end === SUSPEND || end === FATAL) return;
            i = end;
            mode = this.finishString(i);
            if (mode === END) return;
            continue;
          }
          if (isDigit(c) || c === MINUS || c === PLUS || c === DOT) {
            if (c === DOT) {
              if (!final && i + 3 > n) return this.suspend(i, mode);
              if (this.isPlaceholder(text, i, n)) {
                const end = this.skipPlaceholder(text, i, n, final);
                if (end === SUSPEND) return this.suspend(i, mode);
                i = end;
                continue;
              }
            }
            const end = this.scanNumber(text, i, n, final);
            if (end === SUSPEND) {
              if (this.rare.numberCut && base + i !== this.rare.rewoundAt) {
                // Go on from the digits read so far with the next chunk.
                this.rare.numberCut = false;
                this.rare.tokenHead = text;
                this.rare.tokenHeadStart = i;
                return this.suspend(n, NUMBER_REST);
              }
              this.rare.numberCut = false;
              return this.suspend(i, mode);
            }
            if (end === FATAL) return;
            if (end < 0) {
              i = -end - 3; // the token was dropped (a lone sign)
              continue;
            }
            this.place(this.numValue, base + i);
            i = end;
            // A number is final only once the character after it is read.
            mode = this.completed(base + i, base + (i < n ? i + 1 : i));
            // A word right after the digits (`12abc`, `80_4`) may belong to the number.
            this.lastToken = i < n && isWordStart(text.charCodeAt(i)) ? GLUED_TOKEN : NUMBER_TOKEN;
            continue;
          }
          if (c === RBRACKET || c === RBRACE) {
            const d = this.depth;
            if (d === 0) {
              this.repair(RULE.SkippedCharacter, base + i);
              i++;
              continue;
            }
            if (this.kinds[d - 1] === OBJECT) {
              // `{"a":}` — the member has no value.
              this.repair(RULE.MissingValue, base + i);
              this.place(null, base + i);
              mode = this.completed(base + i);
              continue;
            }
            const wrong = this.kinds[this.depth - 1] === (c === RBRACE ? OBJECT : ARRAY)
              ? 0
              : this.wrongCloser(text, i, n, final, c);
            if (wrong === SUSPEND) return this.suspend(i, mode);
            if (this.commaAt >= 0) this.repair(RULE.TrailingComma, this.commaAt);
            mode = this.closeWith(c, base + i, wrong === 1);
            i++;
            continue;
          }
          if (c === COMMA) {
            if (afterPlaceholder) {
              i++;
              continue;
            }
            const d = this.depth;
            if (d > 0 && this.kinds[d - 1] === OBJECT) {
              this.repair(RULE.MissingValue, base + i);
              this.place(null, base + i);
              mode = this.completed(base + i);
              continue;
            }
            this.repair(RULE.SkippedCharacter, base + i);
            i++;
            continue;
          }
          if (c === SLASH) {
            const end = this.skipComment(text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (c === HASH) {
            // In value position `#` is content (`#ff0000`), never a comment:
            // read as a bare word, so it is kept and reported (R030).
            const end = this.scanWord(text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            if (end === FATAL) return;
            i = end;
            mode = this.completed(base + i, base + (i < n ? i + 1 : i));
            continue;
          }
          if (c === ELLIPSIS) {
            const end = this.skipPlaceholder(text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (c === 116 || c === 102 || c === 110) { // t f n
            const end = literalEnd(text, i, n, c);
            if (end > 0) {
              this.place(c === 116 ? true : c === 102 ? false : null, base + i);
              i = end;
              // Final at the delimiter after it (`truex` would be a bare word).
              mode = this.completed(base + i, base + i + 1);
              continue;
            }
          }
          if (isFormatCharacter(c)) {
            // An invisible format character between tokens (issue 22): white space.
            this.repair(RULE.NonJsonWhitespace, base + i);
            i++;
            continue;
          }
          if (isWordStart(c)) {
            if (
              !final && LITERALS.has(c) && base + i !== this.rare.rewoundAt &&
              isLiteralPrefix(text, i, n, LITERALS.get(c)!.text)
            ) {
              // A literal cut by the end of the chunk (or not yet delimited): go on
              // with the next one.
              this.rare.tokenHead = text;
              this.rare.tokenHeadStart = i;
              return this.suspend(n, LITERAL_REST);
            }
            const end = this.scanWord(text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            if (end === FATAL) return;
            i = end;
            mode = this.completed(base + i, base + (i < n ? i + 1 : i));
            continue;
          }
          if (c === LPAREN) {
            // A Python tuple: an array (issue 22), judged when it closes.
            if (!this.open(ARRAY, base + i)) return;
            this.rare.tuples.add(this.top as unknown[]);
            i++;
            continue;
          }
          if (c === RPAREN && this.isTuple()) {
            if (this.commaAt >= 0) this.repair(RULE.TrailingComma, this.commaAt);
            mode = this.closeTuple(base + i);
            i++;
            continue;
          }
          this.stray(c, base + i);
          i++;
          continue;
        }

        case AFTER: {
          const from = i;
          i = skipWhiteSpace(text, i, n);
          if (i >= n) {
            if (!final) {
              // Whether the white space held a line break, kept across the cut.
              if (this.lineBreakIn(text, from, i)) this.rare.lineBreakTo = base + i;
              return this.suspend(i, mode);
            }
            this.closeAllAtEnd(base + n);
            return;
          }
          c = text.charCodeAt(i);
          if (c === COMMA) {
            this.commaAt = base + i;
            i++;
            mode = this.topKind === OBJECT ? KEY : VALUE;
            continue;
          }
          if (c === RBRACKET || c === RBRACE) {
            const wrong = this.depth === 0 ||
                this.kinds[this.depth - 1] === (c === RBRACE ? OBJECT : ARRAY)
              ? 0
              : this.wrongCloser(text, i, n, final, c);
            if (wrong === SUSPEND) return this.suspend(i, mode);
            mode = this.closeWith(c, base + i, wrong === 1);
            i++;
            continue;
          }
          if (c === SLASH || c === HASH) {
            const end = this.skipComment(text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (isOtherSpace(c) || c === BOM || isFormatCharacter(c)) {
            this.repair(RULE.NonJsonWhitespace, base + i);
            i++;
            continue;
          }
          if (c === DOT || c === ELLIPSIS) {
            if (c === DOT && !final && i + 3 > n) return this.suspend(i, mode);
            if (c === ELLIPSIS || this.isPlaceholder(text, i, n)) {
              const end = this.skipPlaceholder(text, i, n, final);
              if (end === SUSPEND) return this.suspend(i, mode);
              i = end;
              mode = this.topKind === OBJECT ? KEY : VALUE;
              continue;
            }
          }
          if (
            c === LBRACE || c === LBRACKET || isQuote(c) || isDigit(c) || c === MINUS ||
            isWordStart(c) || c === DOT
          ) {
            // Only two tokens each complete on its own, that nothing else
            // could join, get a comma: a number next to a digit, dot or sign
            // (or, in an array, a word) and two strings in an array may be
            // one token (`192.168.1.1`, `2024-11-15`, `1 500`, `["a" "b"]`).
            // Two strings side by side are one in Python (`"a" "b"` is
            // `"ab"`): split only between members on separate lines.
            const last = this.lastToken;
            const split = last === GLUED_TOKEN ||
              (last === NUMBER_TOKEN
                ? isDigit(c) || c === DOT || c === MINUS ||
                  (this.topKind === ARRAY && isWordStart(c))
                : last === STRING_TOKEN && isQuote(c) &&
                  (this.topKind === ARRAY || !this.lineBreakIn(text, from, i)));
            if (
              last === STRING_TOKEN && this.rareState !== null &&
              c === this.rareState.emptyQuote && this.rareState.emptyStringEnd === base + i
            ) {
              // A Python triple-quoted string.
              this.repair(RULE.TripleQuotedString, base + i - 2);
            }
            this.repair(split ? RULE.AmbiguousSplit : RULE.MissingComma, base + i);
            this.commaAt = -1;
            if (!split) this.inferred(INFERRED_COMMA, base + i, true);
            mode = this.topKind === OBJECT ? KEY : VALUE;
            continue;
          }
          if (c === RPAREN && this.isTuple()) {
            mode = this.closeTuple(base + i);
            i++;
            continue;
          }
          this.repair(RULE.SkippedCharacter, base + i);
          i++;
          continue;
        }

        case KEY: {
          i = skipWhiteSpace(text, i, n);
          if (i >= n) {
            if (!final) return this.suspend(i, mode);
            this.closeAllAtEnd(base + n);
            return;
          }
          c = text.charCodeAt(i);
          if (c === COMMA && this.placeholderComma) {
            this.placeholderComma = false;
            i++;
            continue;
          }
          this.placeholderComma = false;
          if (c === COMMA && this.commaAt < 0 && isEmptyObject(this.top)) {
            // `{, "a": 1}`: a comma before the first member has one reading (issue 22).
            this.repair(RULE.LeadingComma, base + i);
            i++;
            continue;
          }
          if (c === QUOTE) {
            const end = this.plainKey(text, i + 1, n);
            if (end > 0) {
              i = end;
              if (i < n && text.charCodeAt(i) === COLON) {
                i++;
                mode = VALUE;
              } else {
                mode = COLON_MODE;
              }
              continue;
            }
            // A short key cut by the end of a chunk: go on with the next one.
            if (end === KEY_CUT && !final) return this.suspend(n, KEY_REST);
          }
          if (c === QUOTE || c === APOS || c === LDQUO || c === LSQUO) {
            if (c !== QUOTE) {
              this.repair(c === APOS ? RULE.SingleQuotes : RULE.TypographicQuotes, base + i);
            }
            this.beginString(base + i, closingQuote(c), true);
            const end = this.scanString(text, i + 1, final);
            if (end === SUSPEND || end === FATAL) return;
            i = end;
            mode = this.finishString(i);
            if (mode === END) return;
            continue;
          }
          if (c === RBRACE || c === RBRACKET) {
            const wrong = this.kinds[this.depth - 1] === (c === RBRACE ? OBJECT : ARRAY)
              ? 0
              : this.wrongCloser(text, i, n, final, c);
            if (wrong === SUSPEND) return this.suspend(i, mode);
            if (this.commaAt >= 0) this.repair(RULE.TrailingComma, this.commaAt);
            mode = this.closeWith(c, base + i, wrong === 1);
            i++;
            continue;
          }
          if (c === SLASH || c === HASH) {
            const end = this.skipComment(text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (c === DOT || c === ELLIPSIS) {
            if (c === DOT && !final && i + 3 > n) return this.suspend(i, mode);
            if (c === ELLIPSIS || this.isPlaceholder(text, i, n)) {
              const end = this.skipPlaceholder(text, i, n, final);
              if (end === SUSPEND) return this.suspend(i, mode);
              i = end;
              continue;
            }
          }
          if (isFormatCharacter(c)) {
            // Before a quoted key it is white space; glued to an unquoted key it is part of
            // the key (and a hazard there, R038).
            if (i + 1 >= n && !final) return this.suspend(i, mode);
            const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
            if (d === QUOTE || d === APOS || d === SPACE || d === LF || d === CR || d === TAB) {
              this.repair(RULE.NonJsonWhitespace, base + i);
              i++;
              continue;
            }
          }
          if (isWordStart(c) || isDigit(c)) {
            const end = this.scanKeyWord(text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            if (end === FATAL) return;
            i = end;
            mode = COLON_MODE;
            continue;
          }
          this.stray(c, base + i);
          i++;
          continue;
        }

        case COLON_MODE: {
          i = skipWhiteSpace(text, i, n);
          if (i >= n) {
            if (!final) return this.suspend(i, mode);
            this.closeAllAtEnd(base + n);
            return;
          }
          c = text.charCodeAt(i);
          if (c === COLON) {
            i++;
            mode = VALUE;
            continue;
          }
          if (c === SLASH || c === HASH) {
            const end = this.skipComment(text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (c === COMMA || c === RBRACE || c === RBRACKET) {
            this.repair(RULE.MissingValue, base + i);
            this.place(null, base + i);
            mode = this.completed(base + i);
            continue;
          }
          if (isOtherSpace(c) || c === BOM || isFormatCharacter(c)) {
            this.repair(RULE.NonJsonWhitespace, base + i);
            i++;
            continue;
          }
          if (
            c === LBRACE || c === LBRACKET || isQuote(c) || isDigit(c) || c === MINUS ||
            isWordStart(c)
          ) {
            this.repair(RULE.MissingColon, base + i);
            this.inferred(INFERRED_COLON, base + i);
            const rare = this.rareState;
            if (
              rare !== null && rare.bareKey !== "" && rare.bareKeyDepth === this.depth &&
              this.pendingKeys[this.depth - 1] === rare.bareKey
            ) {
              // `764 52`: an integer or literal key with no colon may be a value (digit groups).
              this.repair(RULE.AmbiguousKey, base + i);
            }
            mode = VALUE;
            continue;
          }
          this.repair(RULE.SkippedCharacter, base + i);
          i++;
          continue;
        }

        case KEY_REST: {
          const end = this.plainKeyRest(text, n);
          if (end > 0) {
            i = end;
            if (i < n && text.charCodeAt(i) === COLON) {
              i++;
              mode = VALUE;
            } else {
              mode = COLON_MODE;
            }
            continue;
          }
          // Not a plain key after all, or cut again: read it again from its quote.
          this.rewindToken(text, KEY);
          return this.run(final);
        }

        case NUMBER_REST:
        case LITERAL_REST: {
          const at = this.tokenStart();
          const literal = mode === LITERAL_REST
            ? LITERALS.get(this.rare.tokenHead.charCodeAt(this.rare.tokenHeadStart))!
            : null;
          const end = literal === null
            ? this.numberRest(text, n)
            : this.literalRest(text, n, literal.text);
          if (end < 0) {
            // Not plain after all, or no end in this chunk: read it again whole.
            this.rewindToken(text, VALUE);
            return this.run(final);
          }
          this.place(literal === null ? this.numValue : literal.value, at);
          this.rare.tokenHead = "";
          i = end;
          // Final at the delimiter after it, as when read in one piece.
          mode = this.completed(base + i, base + i + 1);
          if (literal === null) this.lastToken = NUMBER_TOKEN;
          continue;
        }

        case COMMENT_REST: {
          // The rest of a block comment cut by a chunk end.
          let j = i;
          while (j + 1 < n && !(text.charCodeAt(j) === STAR && text.charCodeAt(j + 1) === SLASH)) {
            j++;
          }
          if (j + 1 >= n && !final) {
            this.rare.commentKeep = j;
            this.suspendWait = WAIT_SLASH;
            return this.suspend(j, this.rare.commentReturn);
          }
          this.repair(RULE.StripComment, this.rare.commentAt);
          i = j + 1 >= n ? n : j + 2;
          this.innerComment(this.rare.commentAt, base + i);
          mode = this.rare.commentReturn;
          continue;
        }

        case PREAMBLE: {
          const next = this.preamble(text, i, n, final);
          if (next === SUSPEND || next === FATAL) return;
          i = next;
          mode = VALUE;
          this.valueStart = base + i;
          this.mark();
          continue;
        }

        case DONE: {
          const next = this.epilogue(text, i, n, final);
          if (next < 0) return;
          i = next; // the root scalar was prose: look for the value again
          mode = PREAMBLE;
          continue;
        }

        default:
          return;
      }
    }
  }

  /** Records a character that cannot stand where it is (it is dropped). */
  private stray(c: number, at: number): void {
    this.repair(
      isOtherSpace(c) || c === BOM || isFormatCharacter(c)
        ? RULE.NonJsonWhitespace
        : RULE.SkippedCharacter,
      at,
    );
  }

  /** Whether the top container is a tuple `(…)` read as an array. */
  private isTuple(): boolean {
    return this.rareState !== null && this.topKind === ARRAY &&
      this.rareState.tuples.has(this.top as unknown[]);
  }

  /**
   * Closes a tuple at its `)`: an array (`R065 TupleAsArray`), unless it holds
   * one item and no comma (`("a")` is the string in Python, not a tuple:
   * `R066 ParenthesizedValue`). Returns the next mode.
   */
  private closeTuple(at: number): number {
    const items = this.top as unknown[];
    const single = items.length === 1 && this.commaAt < 0;
    this.repair(single ? RULE.ParenthesizedValue : RULE.TupleAsArray, at);
    return this.close(at + 1);
  }

  /**
   * Counts a structural token inferred at `at` for the member being read (a new one when `fresh`:
   * an inferred comma starts it). Two or more in one member invent structure (issue 21 class 5:
   * `{"a":1 "b" 2}` infers a comma and a colon, `{a 1}` quotes and a colon): `R053 ChainedRepair`,
   * once per member. Runs only on broken input; the clean path never calls it.
   */
  private inferred(token: number, at: number, fresh = false): void {
    const rare = this.rare;
    if (fresh || rare.chainTop !== this.top || rare.chainComma !== this.commaAt) {
      rare.chainTop = this.top;
      rare.chainComma = this.commaAt;
      rare.chainTokens = 0;
      rare.chainReported = false;
      rare.chainValue = undefined;
    }
    this.count(token, at);
  }

  /** Adds an inferred token to the counted member; records `R053` at the second. */
  private count(token: number, at: number): void {
    const rare = this.rare;
    const tokens = rare.chainTokens |= token;
    const colon = (tokens & INFERRED_COLON) !== 0;
    const count = (tokens & INFERRED_COMMA ? 1 : 0) + (colon ? 1 : 0) +
      (tokens & INFERRED_CLOSER ? 1 : 0) + (colon && tokens & BARE_KEY ? 1 : 0) +
      (colon && tokens & BARE_VALUE ? 1 : 0);
    if (count >= 2 && !rare.chainReported) {
      rare.chainReported = true;
      this.repair(RULE.ChainedRepair, at);
    }
  }

  /** Closes the top container with a closer that may not match it; returns the next mode. */
  private closeWith(closer: number, at: number, substitute = false): number {
    const want = closer === RBRACE ? OBJECT : ARRAY;
    const d = this.depth;
    if (d === 0) {
      this.repair(RULE.SkippedCharacter, at);
      return this.mode;
    }
    if (want === ARRAY && this.isTuple()) this.repair(RULE.MismatchedBracket, at);
    if (substitute) {
      // `["a", "b"}, "n": 2}`: the closer stands for the top's own (one reading).
      this.repair(RULE.WrongCloser, at);
      const rare = this.rare;
      if (rare.chainValue === this.top && rare.chainTop !== this.top) {
        // The member whose value this closes had a token inferred already: the closer is its second.
        this.count(INFERRED_CLOSER, at);
      } else this.inferred(INFERRED_CLOSER, at);
      return this.close(at + 1);
    }
    if (this.kinds[d - 1] !== want) {
      this.repair(RULE.MismatchedBracket, at);
      // When an enclosing container is of the closer's kind, the inner ones were left open.
      const enclosing = want === OBJECT ? this.openObjects > 0 : this.depth - this.openObjects > 0;
      if (enclosing) {
        let inferred = 0;
        while (this.kinds[this.depth - 1] !== want) {
          // Two or more closers inferred at one bracket: never cosmetic.
          if (++inferred === 2) this.repair(RULE.ChainedRepair, at);
          const mode = this.close(at + 1);
          if (mode === DONE) return DONE;
        }
      }
    }
    return this.close(at + 1);
  }

  /**
   * A closer that does not match the top container, at i, while an enclosing
   * container is of its kind: 1 when a comma follows it (closing the
   * enclosing one too would leave that comma and the members after it with
   * no place: the closer stands for the top's own, the one complete
   * reading), 0 otherwise (the inner containers were left open), or SUSPEND
   * when the chunk ends before what follows is known.
   */
  private wrongCloser(text: string, i: number, n: number, final: boolean, closer: number): number {
    const want = closer === RBRACE ? OBJECT : ARRAY;
    const enclosing = want === OBJECT ? this.openObjects > 0 : this.depth - this.openObjects > 0;
    if (!enclosing) return 0;
    const k = skipWhiteSpace(text, i + 1, n);
    if (k >= n) return final ? 0 : this.waitFor(WAIT_NON_SPACE);
    return text.charCodeAt(k) === COMMA ? 1 : 0;
  }

  // --------------------------------------------------------------- preamble

  /**
   * Reads BOM, comments, a code fence or wrapper, and prose before the value;
   * returns where the value starts. The candidate rules (docs/ENGINE.md):
   * at the start of the text a value may be any JSON value; once prose has
   * begun, only an object, an array (not a citation `[1]`, not `[word]`) or
   * a fenced block is a candidate, so nothing of the prose (a list number, a
   * year, a quoted word, `None`) becomes the value.
   */
  private preamble(text: string, i: number, n: number, final: boolean): number {
    const base = this.base;
    if (base + i === 0 && n > 0 && text.charCodeAt(0) === BOM) {
      this.repair(RULE.StripBom, 0);
      i = 1;
    }
    let c = 0;
    for (;;) {
      if (this.fenceTail) {
        const end = this.fenceRest(text, i, n, final);
        if (end === SUSPEND) return SUSPEND;
        i = end;
        continue;
      }
      if (this.rareState !== null && this.rareState.reasoningClose !== "") {
        // Inside a reasoning block: on to its closing tag, keeping only what
        // may be the start of it across a chunk end.
        const close = this.rareState.reasoningClose;
        const at = text.indexOf(close, i);
        if (at < 0) {
          if (!final) {
            const keep = n - close.length + 1;
            this.suspend(keep > i ? keep : i, PREAMBLE);
            return SUSPEND;
          }
          this.fail(
            engineError("E003", "no JSON value found in the input; emit a JSON object or array"),
          );
          return FATAL;
        }
        this.rareState.reasoningClose = "";
        this.rare.candidateSeen = true;
        i = at + close.length;
        continue;
      }
      if (this.proseAt < 0) {
        while (i < n && ((c = text.charCodeAt(i)) === SPACE || c === LF || c === CR || c === TAB)) {
          i++;
        }
        if (i >= n) {
          if (!final) {
            this.suspend(i, PREAMBLE);
            return SUSPEND;
          }
          this.fail(
            this.fence || this.rare.candidateSeen
              ? engineError("E003", "no JSON value found in the input")
              : engineError("E001", "the input is empty or only white space; emit the JSON value"),
          );
          return FATAL;
        }
        if (c === SLASH || c === HASH) {
          if (i + 1 >= n && !final) {
            this.suspend(i, PREAMBLE);
            return SUSPEND;
          }
          const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
          // `# Title` is a comment; `#1: …` or `#tag` is prose.
          if (
            c === HASH
              ? d === 0 || d === SPACE || d === TAB || d === LF || d === CR || d === HASH
              : d === SLASH || d === STAR
          ) {
            const end = this.skipComment(text, i, n, final);
            if (end === SUSPEND) {
              this.suspend(i, PREAMBLE);
              return SUSPEND;
            }
            i = end;
            continue;
          }
        }
        if (c === BACKTICK || c === TILDE) {
          const fenceEnd = this.fenceLine(text, i, n, final);
          if (fenceEnd === SUSPEND) {
            this.suspend(i, PREAMBLE);
            return SUSPEND;
          }
          if (fenceEnd >= 0) {
            this.repair(RULE.StripCodeFence, base + i);
            this.fence = true;
            i = fenceEnd;
            continue;
          }
        }
        if (c === LESS && this.rare.wrapper === "") {
          const wrapperEnd = this.wrapperTag(text, i, n, final);
          if (wrapperEnd === SUSPEND) {
            this.suspend(i, PREAMBLE);
            return SUSPEND;
          }
          if (wrapperEnd >= 0 && REASONING_NAMES.has(this.rare.wrapper.toLowerCase())) {
            // A reasoning block (`<think>…</think>`): drafts, not candidates.
            this.repair(RULE.SkipProse, base + i);
            this.rare.reasoningClose = `</${this.rare.wrapper}>`;
            this.rare.wrapper = "";
            i = wrapperEnd;
            continue;
          }
          if (wrapperEnd >= 0) {
            this.repair(RULE.StripCodeFence, base + i);
            i = wrapperEnd;
            continue;
          }
        }
        const start = this.ask(rootStart(text, i, n, final));
        if (start === SUSPEND) {
          this.suspend(i, PREAMBLE);
          return SUSPEND;
        }
        if (start === 1) return i;
        this.proseAt = base + i;
      }
      // Prose: the value starts at the first candidate: `{`, an array that is
      // not a citation, or a code fence (``` or ~~~).
      let j = i;
      let wait = false;
      for (; j < n; j++) {
        c = text.charCodeAt(j);
        if (c === LBRACE) break;
        if (c === LBRACKET) {
          const verdict = this.ask(arrayCandidate(text, j, n, final));
          if (verdict === 1) break;
          if (verdict === SUSPEND) {
            wait = true;
            break;
          }
          continue;
        }
        if (
          (c === BACKTICK || c === TILDE) && j + 2 < n && text.charCodeAt(j + 1) === c &&
          text.charCodeAt(j + 2) === c
        ) break;
      }
      if (wait) {
        // A `[` that may be a citation: wait for what follows it.
        this.suspend(j, PREAMBLE);
        return SUSPEND;
      }
      if (j >= n) {
        if (!final) {
          // Keep two characters: a fence may be split across chunks.
          this.suspendWait = WAIT_VALUE_START;
          this.suspend(n - 2 > i ? n - 2 : i, PREAMBLE);
          return SUSPEND;
        }
        this.fail(
          engineError("E003", "no JSON value found in the input; emit a JSON object or array"),
        );
        return FATAL;
      }
      this.repair(RULE.SkipProse, this.proseAt);
      this.proseAt = -1;
      this.rare.candidateSeen = true;
      i = j;
      if (c === BACKTICK || c === TILDE) continue;
      // Read the candidate as the value (a fence goes round the loop again).
      return i;
    }
  }

  /** Absolute offset where prose before the value began, or -1. */
  private proseAt = -1;

  /** Turns a lookahead's `NEED_*` answer into SUSPEND (noting what to wait for); other answers pass. */
  private ask(answer: number): number {
    if (!needsMore(answer)) return answer;
    return this.waitFor(WAIT_OF_NEED[answer - NEED_LINE_END]);
  }

  /** A code fence line (```lang\n, ~~~, four backticks, inline `) at i: its end, -3 when it is not one, SUSPEND when unsure. */
  private fenceLine(text: string, i: number, n: number, final: boolean): number {
    const f = text.charCodeAt(i);
    let j = i;
    while (j < n && text.charCodeAt(j) === f) j++;
    if (j >= n && !final) {
      if (j - i < 3) return this.waitFor(WAIT_NON_SPACE);
      // A fence whose run or language line the chunk cuts: the rest is read
      // as it comes (`fenceTail`), never the run again.
      this.rare.fenceChar = f;
      this.rare.fenceLength = j - i;
      this.fenceTail = true;
      return j;
    }
    const run = j - i;
    if (run < 3) {
      // Inline code: one backtick right before an object or array.
      if (run === 1 && f === BACKTICK && j < n) {
        const c = text.charCodeAt(j);
        if (c === LBRACE || c === LBRACKET) {
          this.rare.fenceChar = f;
          this.rare.fenceLength = 1;
          return j;
        }
      }
      return -3;
    }
    this.rare.fenceChar = f;
    this.rare.fenceLength = run;
    const end = fenceLineEnd(text, j, n);
    if (end >= 0) return end;
    return final ? n : this.waitFor(WAIT_LINE_END);
  }

  /** The rest of a fence line cut by a chunk end (its run, its language): the index past it, or SUSPEND. */
  private fenceRest(text: string, i: number, n: number, final: boolean): number {
    const f = this.rare.fenceChar;
    while (i < n && text.charCodeAt(i) === f) i++;
    const end = fenceLineEnd(text, i, n);
    if (end >= 0 || final) {
      this.fenceTail = false;
      return end >= 0 ? end : n;
    }
    // Keep the language read so far (read again once the line ends).
    this.suspendWait = i >= n ? WAIT_ANY : WAIT_LINE_END;
    this.suspend(i, PREAMBLE);
    return SUSPEND;
  }

  /** A fence's run or language line is being read across chunks. */
  private fenceTail = false;

  /**
   * A wrapper tag (`<tool_call>`, `<json>`, any `<name>`) at i before the
   * value: its end (the name kept in `wrapper`), -3 when it is not one,
   * SUSPEND when unsure.
   */
  private wrapperTag(text: string, i: number, n: number, final: boolean): number {
    const end = this.ask(wrapperTagEnd(text, i, n, final));
    if (end >= 0) this.rare.wrapper = text.slice(i + 1, end - 1);
    return end;
  }

  // --------------------------------------------------------------- epilogue

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
  private epilogue(text: string, i: number, n: number, final: boolean): number {
    const base = this.base;
    let c = 0;
    for (;;) {
      if (this.tail !== T_START) {
        i = this.skipTail(text, i, n, final);
        if (i === SUSPEND) return -1;
        this.mode = END;
        return -1;
      }
      if (this.fenceRun !== 0) {
        // The rest of a closing fence's run, across a chunk end.
        while (i < n && text.charCodeAt(i) === this.fenceRun) i++;
        if (i < n) this.fenceRun = 0;
      }
      while (i < n && ((c = text.charCodeAt(i)) === SPACE || c === LF || c === CR || c === TAB)) {
        i++;
      }
      if (i >= n) {
        if (!final) {
          this.suspend(i, DONE);
          return -1;
        }
        this.mode = END;
        return -1;
      }
      if (c === SLASH || c === HASH) {
        if (i + 1 >= n && !final) {
          this.suspend(i, DONE);
          return -1;
        }
        const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        // After the value `#` starts a comment only as a comment is written
        // (`# note`, `#` alone): `#[2]` or `#tag` are prose, read for candidates.
        if (
          c === HASH
            ? d === 0 || d === SPACE || d === TAB || d === LF || d === CR || d === HASH
            : d === SLASH || d === STAR
        ) {
          const end = this.skipComment(text, i, n, final);
          if (end === SUSPEND) {
            this.suspend(i, DONE);
            return -1;
          }
          i = end;
          continue;
        }
      }
      if (c === BACKTICK || c === TILDE) {
        // The closing fence (or a stray one): three of the fence's character,
        // or the one backtick of inline code.
        const length = this.fence && c === this.rare.fenceChar && this.rare.fenceLength < 3 ? 1 : 3;
        if (i + length > n && !final) {
          this.suspend(i, DONE);
          return -1;
        }
        let run = 0;
        while (run < length && i + run < n && text.charCodeAt(i + run) === c) run++;
        if (
          run === length && !this.fence && !this.closedAfter && this.hasRoot &&
          (typeof this.root !== "object" || this.root === null)
        ) {
          // `1. ```json`: a list number, then a fence that opens the value.
          return this.proseAgain(i);
        }
        if (run === length && (c === BACKTICK || (this.fence && c === this.rare.fenceChar))) {
          if (!this.fence) this.repair(RULE.StripCodeFence, base + i);
          this.fence = false;
          this.closedAfter = true;
          i += run;
          this.fenceRun = c;
          continue;
        }
      }
      if (c === LESS && this.rare.wrapper !== "") {
        const length = this.rare.wrapper.length + 3;
        if (i + length > n && !final) {
          this.suspend(i, DONE);
          return -1;
        }
        if (
          i + length <= n && text.charCodeAt(i + 1) === SLASH &&
          sameText(text, i + 2, this.rare.wrapper) && text.charCodeAt(i + length - 1) === GREATER
        ) {
          this.rare.wrapper = "";
          this.closedAfter = true;
          i += length;
          continue;
        }
      }
      if (isOtherSpace(c) || c === BOM) {
        this.repair(RULE.NonJsonWhitespace, base + i);
        i++;
        continue;
      }
      // A scalar closed by its fence or wrapper is a fenced block, a candidate.
      const scalar = !this.closedAfter && this.rootMayBeProse();
      if (c === RBRACE || c === RBRACKET) {
        if (scalar) return this.proseAgain(i);
        // One closer of the root's kind with nothing after it is redundant
        // (cosmetic); anything else is garbage. Decided once the input ends.
        const root = this.root;
        const ofKind = c === RBRACKET ? Array.isArray(root) : !Array.isArray(root);
        if (ofKind && this.rare.closerAt < 0) this.rare.closerAt = base + i;
        else this.garbageAfter(base + i);
        this.tail = T_PROSE;
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
          this.suspendWait = WAIT_NON_SPACE;
          this.suspend(i, DONE);
          return -1;
        }
        if (scalar) return this.proseAgain(i);
        if (j < n && (c === LBRACE || c === LBRACKET)) {
          // `{...}, {...}`: a second candidate after a comma.
          this.candidate(base + j);
          i = j + 1;
          continue;
        }
        const goesOn = j < n ? continuesRoot(text, j, n, final) : STOPS;
        if (goesOn === SUSPEND) {
          const last = text.charCodeAt(n - 1);
          this.suspendWait = last === SPACE || last === TAB ? WAIT_NON_SPACE : WAIT_NON_WORD;
          this.suspend(i, DONE);
          return -1;
        }
        if (goesOn === CONTINUES) {
          // `{"to":…}, "cc": …}`, `[1, 2], 3]`: the root closed too early.
          this.rare.tailRefused = true;
          this.repair(RULE.PrematureClose, base + i);
          this.tail = T_PROSE;
          i++;
          continue;
        }
        this.repair(j >= n ? RULE.TrailingGarbage : RULE.SkipProse, base + i);
        this.tail = T_PROSE;
        i++;
        continue;
      }
      if (c === MINUS && i + 1 >= n && !final) {
        this.suspend(i, DONE);
        return -1;
      }
      if (isDigit(c) && !scalar) {
        // `2. Next step` or `3) note` after the value is a list marker: prose.
        const marker = this.ask(listMarker(text, i, n, final));
        if (marker === SUSPEND) {
          this.suspend(i, DONE);
          return -1;
        }
        if (marker === 1) {
          this.repair(RULE.SkipProse, base + i);
          this.tail = T_PROSE;
          continue;
        }
      }
      if (c === LBRACE || c === LBRACKET) {
        // A second object or array right after the value: a second candidate
        // (a citation or a word in brackets is prose).
        if (scalar) return this.proseAgain(i);
        const verdict = c === LBRACE ? 1 : this.ask(arrayCandidate(text, i, n, final));
        if (verdict === SUSPEND) {
          this.suspend(i, DONE);
          return -1;
        }
        // Right after the value even `[2]` is a second value, not a citation.
        if (verdict === 1 || verdict === CITATION) {
          this.candidate(base + i);
          i++;
          continue;
        }
      }
      if (
        isQuote(c) || isDigit(c) || (c === MINUS && i + 1 < n && isDigit(text.charCodeAt(i + 1)))
      ) {
        if (scalar) return this.proseAgain(i);
        this.concatenated(base + i);
        return -1;
      }
      if (scalar) return this.proseAgain(i);
      this.repair(RULE.SkipProse, base + i);
      this.tail = T_PROSE;
    }
  }

  /** Garbage after the value (`R027`); a closer held back as maybe redundant is garbage too. */
  private garbageAfter(at: number): void {
    const rare = this.rare;
    rare.tailRefused = true;
    if (rare.closerAt >= 0) {
      this.repair(RULE.TrailingGarbage, rare.closerAt);
      rare.closerAt = -2; // decided
    }
    this.repair(RULE.TrailingGarbage, at);
  }

  /** A second scalar document right after the value: `R028`, and nothing after it is read. */
  private concatenated(at: number): void {
    this.rare.tailRefused = true;
    this.repair(RULE.ConcatenatedDocuments, at);
    this.mode = END;
    this.finished = true;
  }

  /**
   * Whether the root value, followed by text, was part of the prose: a
   * scalar (a string, number or literal), or a citation written `[12]`.
   */
  private rootMayBeProse(): boolean {
    const root = this.root;
    if (!this.hasRoot) return false;
    if (typeof root !== "object" || root === null) return true;
    if (!Array.isArray(root) || root.length !== 1 || this.repairCount !== this.marked.count) {
      return false;
    }
    const item = root[0];
    return typeof item === "number" && Number.isSafeInteger(item) && item >= 0 &&
      this.valueEnd - this.valueStart === String(item).length + 2;
  }

  /**
   * The root scalar was prose after all: everything recorded since it began
   * is forgotten, and the scan goes back to the preamble's prose search at i.
   */
  private proseAgain(i: number): number {
    this.restoreMark();
    this.root = undefined;
    this.hasRoot = false;
    this.syntaxEnd = -1;
    this.valueEnd = 0;
    this.proseAt = this.valueStart;
    this.mode = PREAMBLE;
    return i;
  }

  /**
   * Prose after the value, read to the end: counts every further candidate
   * (an object, or an array that is not a citation), skipping each by its
   * brackets and double-quoted strings. Returns the end, or SUSPEND.
   */
  private skipTail(text: string, i: number, n: number, final: boolean): number {
    const base = this.base;
    let c = 0;
    while (i < n) {
      c = text.charCodeAt(i);
      if (this.tail === T_PROSE) {
        if (c === LPAREN) this.rare.tailParens++;
        else if (c === RPAREN && this.rare.tailParens > 0) this.rare.tailParens--;
        else if ((c === LBRACE || c === LBRACKET) && this.rare.tailParens > 0) {
          // An empty `[]` or `{}` in a parenthesis is mentioned in a note
          // (`(returns [] when nothing matches)`), not a second value (issue 22).
          if (i + 1 >= n && !final) {
            this.suspend(i, DONE);
            return SUSPEND;
          }
          if (i + 1 < n && text.charCodeAt(i + 1) === (c === LBRACE ? RBRACE : RBRACKET)) {
            i += 2;
            continue;
          }
        }
        if (c === LBRACE) {
          this.candidate(base + i);
        } else if (c === LBRACKET) {
          const verdict = this.ask(arrayCandidate(text, i, n, final));
          if (verdict === SUSPEND) {
            this.suspend(i, DONE);
            return SUSPEND;
          }
          if (verdict === 1) this.candidate(base + i);
        }
        i++;
        continue;
      }
      // Inside a further candidate.
      if (this.rare.tailString) {
        if (this.rare.tailEscape) this.rare.tailEscape = false;
        else if (c === BACKSLASH) this.rare.tailEscape = true;
        else if (c === QUOTE) this.rare.tailString = false;
      } else if (c === QUOTE) {
        this.rare.tailString = true;
      } else if (c === LBRACE || c === LBRACKET) {
        this.rare.tailDepth++;
      } else if ((c === RBRACE || c === RBRACKET) && --this.rare.tailDepth === 0) {
        this.tail = T_PROSE;
      }
      i++;
    }
    if (!final) {
      this.suspend(i, DONE);
      return SUSPEND;
    }
    return i;
  }

  /** A further candidate value at an absolute offset (its `{` or `[`). */
  private candidate(at: number): void {
    if (this.rare.candidates.length < MAX_LISTED_CANDIDATES) this.rare.candidates.push(at);
    this.rare.candidateCount++;
    this.rare.tailRefused = true;
    this.repair(RULE.MultipleCandidates, at);
    this.tail = T_CANDIDATE;
    this.rare.tailDepth = 1;
    this.rare.tailString = false;
    this.rare.tailEscape = false;
  }

  /** A closing fence or wrapper followed the value at once. */
  private closedAfter = false;
  /** The character of a closing fence whose run is being read (0 when none). */
  private fenceRun = 0;
  /** Where the epilogue is: before any prose, in prose, inside a further candidate. */
  private tail = T_START;

  /**
   * The classification as it stood when the root value began: a root
   * scalar that turns out to be prose is forgotten by going back to it.
   */
  private marked: Mark = NOTHING_MARKED;

  /** Remembers the classification as the root value begins. */
  private mark(): void {
    this.closedAfter = false;
    if (
      this.repairCount === 0 && this.repairs.length === 0 && this.exactRank === 0 &&
      this.ambiguityRank === 0 && this.validJson && !this.truncated &&
      this.refusalRule === null && this.refusalOffset === 0 && this.lastListed === 0 &&
      !this.unordered && !this.negativeZero
    ) {
      // Nothing recorded yet (the usual case): no snapshot to make.
      this.marked = NOTHING_MARKED;
      return;
    }
    this.marked = {
      listed: this.repairs.length,
      count: this.repairCount,
      exact: this.exactRank,
      ambiguity: this.ambiguityRank,
      valid: this.validJson,
      truncated: this.truncated,
      refusalRule: this.refusalRule,
      refusalOffset: this.refusalOffset,
      lastListed: this.lastListed,
      unordered: this.unordered,
      negativeZero: this.negativeZero,
    };
  }

  /** Goes back to the classification remembered by `mark`. */
  private restoreMark(): void {
    const marked = this.marked;
    this.repairs.length = marked.listed;
    this.repairCount = marked.count;
    this.exactRank = marked.exact;
    this.ambiguityRank = marked.ambiguity;
    this.validJson = marked.valid;
    this.truncated = marked.truncated;
    this.refusalRule = marked.refusalRule;
    this.refusalOffset = marked.refusalOffset;
    this.lastListed = marked.lastListed;
    this.unordered = marked.unordered;
    this.negativeZero = marked.negativeZero;
  }

  // ---------------------------------------------------------------- tokens

  private beginString(start: number, quote: number, isKey: boolean): void {
    this.inString = true;
    this.strStart = start;
    this.strQuote = quote;
    this.strOut = "";
    this.strIsKey = isKey;
    this.stringFinalAt = -1;
  }

  /** After a string closed at i: place it; returns the next mode (END on a fatal error). */
  private finishString(i: number): number {
    this.inString = false;
    const value = this.strValue;
    const at = this.strStart;
    if (value.length > this.profile.maxToken) {
      this.failAt(
        "E022",
        at,
        `a string of ${value.length} code units exceeds max_token ${this.profile.maxToken}`,
      );
      return END;
    }
    if (this.strIsKey) {
      const d = this.depth - 1;
      this.pendingKeys[d] = value;
      if (!this.caseFlags[d] && hasCase(value)) this.caseFlags[d] = true;
      return COLON_MODE;
    }
    this.place(value, at);
    if (value.length === 0) this.emptyString(this.base + i, this.strQuote);
    // Closed by the end of the input, the string is final only there.
    const mode = this.completed(
      this.base + i,
      this.stringFinalAt < 0 ? this.base + i : this.stringFinalAt,
    );
    this.lastToken = STRING_TOKEN;
    return mode;
  }

  /**
   * Records the inner quotes of the string just ended, once, at the first:
   * `R063 InnerQuotes` when the string closed where what follows confirms it
   * (closing at an inner quote instead leaves text no reading can place:
   * one reading), `R020` when the input ended inside it.
   */
  private innerQuotes(rule: RepairRule): void {
    const rare = this.rareState;
    if (rare === null || rare.innerQuoteAt < 0) return;
    this.repair(rule, rare.innerQuoteAt);
    rare.innerQuoteAt = -1;
  }

  /** Notes an empty string value ending at an absolute offset (a triple quote may follow). */
  private emptyString(end: number, quote: number): void {
    this.rare.emptyStringEnd = end;
    this.rare.emptyQuote = quote;
  }

  /** Absolute offset just past the character that confirmed a string's closing quote. */
  private stringFinalAt = 0;

  // A token cut by the end of a chunk (modes KEY_REST, NUMBER_REST,
  // LITERAL_REST): the window it began in and its first character there
  // (`tokenHead`, `tokenHeadStart` in RareState); for a key its hash so far and whether it has cased characters; for a
  // number its reading so far, as `scanNumber` keeps it.
  private keyHash = 0;
  private keyCased = false;
  private numMantissa = 0;
  private numSignificant = 0;
  private numScale = 0;
  private numInexact = false;
  private numDigits = 0;
  private numFraction = -1;
  private numNegative = false;
  private numLeadingZero = false;

  /**
   * The fast path for a double-quoted key without escapes or hazards: hashes
   * it while scanning and reuses an earlier copy of the same key (already
   * interned by the engine), so repeated keys cost no allocation. Returns the
   * index past the closing quote, KEY_CUT when the input ended inside a short
   * key, or -1 to take the general path.
   */
  private plainKey(text: string, i: number, n: number): number {
    let h = 0, j = i, c = 0, cased = false;
    while (j < n) {
      c = text.charCodeAt(j);
      if (c === QUOTE) break;
      if (c === BACKSLASH || c < SPACE || c >= FIRST_HAZARD_UNIT) return -1;
      if ((c >= UPPER_A && c <= UPPER_Z) || c >= 0x80) cased = true;
      h = (Math.imul(h, 31) + c) | 0;
      j++;
    }
    const length = j - i;
    if (j >= n) {
      if (length > MAX_CACHED_KEY) return -1;
      this.rare.tokenHead = text;
      this.rare.tokenHeadStart = i - 1;
      this.keyHash = h;
      this.keyCased = cased;
      return KEY_CUT;
    }
    if (length > MAX_CACHED_KEY || length > this.profile.maxToken) return -1;
    const slot = (h ^ (h >>> 11) ^ length) & (KEY_CACHE_SIZE - 1);
    let key = keyCache[slot];
    if (key === undefined || key.length !== length || !sameText(text, i, key)) {
      key = text.slice(i, j);
      keyCache[slot] = key;
    }
    const d = this.depth - 1;
    this.pendingKeys[d] = key;
    if (cased) this.caseFlags[d] = true;
    return j + 1;
  }

  /**
   * `plainKey` resumed on the next chunk: the key's first part is the end of
   * the previous window (`tokenHead` after its quote), hashed already. The
   * cached copy is compared across the cut, so a repeated key costs no
   * concatenation. Returns the index past the closing quote, or -1 to read
   * the key again from its quote (see {@linkcode Scanner.rewindToken}).
   */
  private plainKeyRest(text: string, n: number): number {
    let h = this.keyHash, j = 0, c = 0, cased = this.keyCased;
    while (j < n) {
      c = text.charCodeAt(j);
      if (c === QUOTE) break;
      if (c === BACKSLASH || c < SPACE || c >= FIRST_HAZARD_UNIT) return -1;
      if ((c >= UPPER_A && c <= UPPER_Z) || c >= 0x80) cased = true;
      h = (Math.imul(h, 31) + c) | 0;
      j++;
    }
    const head = this.rare.tokenHead, start = this.rare.tokenHeadStart + 1;
    const length = head.length - start + j;
    if (j >= n || length > MAX_CACHED_KEY || length > this.profile.maxToken) return -1;
    const slot = (h ^ (h >>> 11) ^ length) & (KEY_CACHE_SIZE - 1);
    let key = keyCache[slot];
    if (key === undefined || key.length !== length || !sameSplitText(head, start, text, key)) {
      key = [head.slice(start), text.slice(0, j)].join("");
      keyCache[slot] = key;
    }
    this.rare.tokenHead = "";
    const d = this.depth - 1;
    this.pendingKeys[d] = key;
    if (cased) this.caseFlags[d] = true;
    return j + 1;
  }

  /**
   * `scanNumber` resumed on the next chunk, for a plain decimal number (no
   * sign but `-`, no exponent yet) whose digits so far are kept in `num*`.
   * Returns the index where it ends (value in `numValue`), or -1 to read it
   * again whole (an exponent, a repair, more than the fast path takes, or
   * no end in this chunk).
   */
  private numberRest(text: string, n: number): number {
    let i = 0, c = 0;
    let mantissa = this.numMantissa, significant = this.numSignificant, scale = this.numScale;
    let inexact = this.numInexact, digits = this.numDigits, fraction = this.numFraction;
    if (fraction < 0) {
      while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
        if (significant < 15) {
          mantissa = mantissa * 10 + (c - ZERO);
          if (mantissa > 0) significant++;
        } else {
          inexact = true;
        }
        digits++;
        i++;
      }
      if (i < n && c === DOT) {
        fraction = 0;
        i++;
      }
    }
    if (fraction >= 0) {
      while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
        if (significant < 15) {
          mantissa = mantissa * 10 + (c - ZERO);
          if (mantissa > 0) significant++;
          scale++;
        } else if (c !== ZERO) {
          inexact = true;
        }
        fraction++;
        i++;
      }
    }
    if (i >= n) return -1;
    c = text.charCodeAt(i);
    // What one call would read on (an exponent, `0x`, a second dot) or repair.
    if (isWordChar(c) || c === DOT || c === PLUS) return -1;
    if (digits === 0 || fraction === 0 || (digits > 1 && this.numLeadingZero)) return -1;
    if (inexact || scale > 22) return -1;
    if (this.rare.tokenHead.length - this.rare.tokenHeadStart + i > this.profile.maxToken) {
      return -1;
    }
    const magnitude = mantissa / POW10[scale];
    if (this.numNegative && magnitude === 0) this.negativeZero = true;
    this.numValue = this.numNegative ? -magnitude : magnitude;
    return i;
  }

  /**
   * A JSON literal resumed on the next chunk: returns the index past it when
   * the rest of it and a character that is not part of a word follow, or -1
   * to read it again whole.
   */
  private literalRest(text: string, n: number, literal: string): number {
    const done = this.rare.tokenHead.length - this.rare.tokenHeadStart, end = literal.length - done;
    if (end >= n || isWordChar(text.charCodeAt(end))) return -1;
    for (let k = 0; k < end; k++) {
      if (text.charCodeAt(k) !== literal.charCodeAt(done + k)) return -1;
    }
    return end;
  }

  /**
   * Puts a cut token back in front of `text` as the window, from its first
   * character, to be read whole in `mode`; a cut of it again then keeps the
   * window (the general way, linear however many chunks it spans).
   */
  private rewindToken(text: string, mode: number): void {
    const head = this.rare.tokenHead, start = this.rare.tokenHeadStart;
    this.window = [head.slice(start), text].join("");
    this.base -= head.length - start;
    this.rare.rewoundAt = this.base;
    this.pos = 0;
    this.mode = mode;
    this.rare.tokenHead = "";
  }

  /** The absolute offset where the cut token began. */
  private tokenStart(): number {
    return this.base - (this.rare.tokenHead.length - this.rare.tokenHeadStart);
  }

  /**
   * The fast path for a double-quoted value string with no escape, control
   * character or hazard, whose closing quote is followed by `,` `}` `]` `:`
   * or a line break (the cases where the general path closes it at once):
   * places it and returns the index past the closing quote, or -1 to take the
   * general path.
   */
  private plainString(text: string, i: number, n: number): number {
    let j = i, c = 0;
    while (j < n) {
      c = text.charCodeAt(j);
      if (c > BACKSLASH) {
        if (c >= WIDE) return -1;
      } else if (c === QUOTE) {
        break;
      } else if (c === BACKSLASH || c < SPACE) {
        return -1;
      }
      j++;
    }
    if (j + 1 >= n || j - i > this.profile.maxToken) return -1;
    const follower = text.charCodeAt(j + 1);
    let finalAt = j + 2;
    if (follower === LF) {
      let k = j + 2;
      while (k < n && ((c = text.charCodeAt(k)) === SPACE || c === LF || c === CR || c === TAB)) {
        k++;
      }
      if (k >= n) return -1;
      finalAt = k + 1;
    } else if (
      follower !== COMMA && follower !== RBRACE && follower !== RBRACKET && follower !== COLON
    ) {
      return -1;
    }
    this.stringFinalAt = this.base + finalAt;
    this.place(text.slice(i, j), this.base + i - 1);
    return j + 1;
  }

  /**
   * Scans string content from i (just past the opening quote, or where a
   * suspended scan stopped). Returns the index just past the closing quote
   * (the value in `strValue`), SUSPEND, or FATAL.
   */
  private scanString(text: string, i: number, final: boolean): number {
    const n = text.length;
    const q = this.strQuote;
    const base = this.base;
    let segment = i;
    let out = this.strOut;
    let c = 0;
    // Every default-ignorable is a hazard in a key; a value stops at bidi controls and up.
    const wide = this.strIsKey ? FIRST_HAZARD_UNIT : WIDE;
    for (;;) {
      while (i < n) {
        c = text.charCodeAt(i);
        if (c > BACKSLASH) {
          if (c >= wide) break;
        } else if (c === q || c === BACKSLASH || c < SPACE) break;
        i++;
      }
      if (i >= n) {
        if (!final) return this.suspendString(text, segment, i, out);
        // The input ended inside the string: an inner quote may have been its end.
        this.innerQuotes(RULE.UnescapedQuote);
        this.repair(RULE.CloseString, base + n);
        this.strValue = out + text.slice(segment, n);
        return n;
      }
      if (c === q) {
        const verdict = this.closesString(text, i + 1, n, final);
        if (verdict === SUSPEND) return this.suspendString(text, segment, i, out);
        if (verdict === 1) {
          // Closed where what follows confirms it: the inner quotes had one reading.
          this.innerQuotes(RULE.InnerQuotes);
          this.strValue = segment === i && out === "" ? "" : out + text.slice(segment, i);
          return i + 1;
        }
        // A quote that does not end the string (what follows it cannot follow a
        // string): kept, and judged once the string ends.
        if (this.rare.innerQuoteAt < 0) this.rare.innerQuoteAt = base + i;
        i++;
        continue;
      }
      if (c === BACKSLASH) {
        if (i + 1 >= n) {
          if (!final) return this.suspendString(text, segment, i, out);
          this.repair(RULE.TruncatedEscape, base + i);
          this.repair(RULE.CloseString, base + n);
          this.strValue = out + text.slice(segment, i);
          return n;
        }
        const e = text.charCodeAt(i + 1);
        let decoded = "";
        switch (e) {
          case QUOTE:
            decoded = '"';
            break;
          case BACKSLASH:
            decoded = "\\";
            break;
          case SLASH:
            decoded = "/";
            break;
          case 98:
            decoded = "\b";
            break;
          case 102:
            decoded = "\f";
            break;
          case 110:
            decoded = "\n";
            break;
          case 114:
            decoded = "\r";
            break;
          case 116:
            decoded = "\t";
            break;
          case APOS:
            this.repair(RULE.EscapedSingleQuote, base + i);
            decoded = "'";
            break;
          case 117: { // \uXXXX
            const r = this.unicodeEscape(text, i, n, final);
            if (r === SUSPEND) return this.suspendString(text, segment, i, out);
            if (r === FATAL) {
              // Cut at the end of the input.
              this.repair(RULE.CloseString, base + n);
              this.strValue = out + text.slice(segment, i);
              return n;
            }
            if (r === 0) {
              // Not an escape: keep the backslash as a character.
              this.repair(RULE.InvalidEscape, base + i);
              i += 1;
              continue;
            }
            out += text.slice(segment, i) + this.rare.escaped;
            i = r;
            segment = i;
            continue;
          }
          default:
            if (e === q && q !== QUOTE) {
              decoded = String.fromCharCode(q);
              break;
            }
            this.repair(RULE.InvalidEscape, base + i);
            i += 1; // the backslash stays in the segment
            continue;
        }
        out += text.slice(segment, i) + decoded;
        i += 2;
        segment = i;
        continue;
      }
      if (c < SPACE) {
        this.repair(RULE.RawControlCharacter, base + i);
        i++;
        continue;
      }
      // c >= wide: the hazards of engine/hazards.ts.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 >= n) {
        // A high surrogate whose low half is not read yet.
        if (!final) return this.suspendString(text, segment, i, out);
        this.repair(RULE.TruncatedEscape, base + i);
        this.repair(RULE.CloseString, base + n);
        this.strValue = out + text.slice(segment, i);
        return n;
      }
      i += this.hazardStep(c, i + 1 < n ? text.charCodeAt(i + 1) : -1, base + i);
    }
  }

  /**
   * Decodes `\uXXXX` (and a following low surrogate escape) at i. Returns the
   * index past it, 0 when it is not a valid escape, SUSPEND, or FATAL when the
   * input ends inside it.
   */
  private unicodeEscape(text: string, i: number, n: number, final: boolean): number {
    const base = this.base;
    let unit = 0;
    for (let k = 2; k < 6; k++) {
      if (i + k >= n) {
        if (!final) return SUSPEND;
        this.repair(RULE.TruncatedEscape, base + i);
        return FATAL;
      }
      const h = text.charCodeAt(i + k);
      if (!isHex(h)) return 0;
      unit = unit * 16 + hexValue(h);
    }
    const end = i + 6;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      // A high surrogate: a pair needs a low surrogate next, escaped or raw.
      if (
        end >= n || (text.charCodeAt(end) === BACKSLASH && (end + 1 >= n ||
          (text.charCodeAt(end + 1) === 117 && end + 6 > n)))
      ) {
        if (!final) return SUSPEND;
        this.repair(RULE.TruncatedEscape, base + i);
        return FATAL;
      }
      const next = text.charCodeAt(end);
      if (next >= 0xdc00 && next <= 0xdfff) {
        // An escaped high surrogate and a raw low one: JSON.parse joins them into one code
        // point, Python's json keeps two lone surrogates. Readers disagree, as they do on the
        // mirror image (a raw high surrogate and an escaped low one): a lone surrogate, R035.
        this.repair(RULE.LoneSurrogate, base + i);
        this.hazardStep(unit, next, base + i);
        this.rare.escaped = String.fromCharCode(unit, next);
        return end + 1;
      }
      if (next === BACKSLASH && text.charCodeAt(end + 1) === 117) {
        let low = 0, ok = true;
        for (let k = 2; k < 6; k++) {
          const h = text.charCodeAt(end + k);
          if (!isHex(h)) {
            ok = false;
            break;
          }
          low = low * 16 + hexValue(h);
        }
        if (ok && low >= 0xdc00 && low <= 0xdfff) {
          this.hazardStep(unit, low, base + i);
          this.rare.escaped = String.fromCharCode(unit, low);
          return end + 6;
        }
      }
    }
    // A lone surrogate (high without a low one, or low) or a BMP code point.
    this.hazardStep(unit, -1, base + i);
    this.rare.escaped = String.fromCharCode(unit);
    return end;
  }

  /**
   * The hazards of the characters of an unquoted key, as a quoted key's are
   * found while its string is read (the same {@linkcode Scanner.hazardStep}).
   */
  private checkKeyCharacters(key: string, at: number): void {
    const wasKey = this.strIsKey;
    this.strIsKey = true;
    const n = key.length;
    for (let k = 0; k < n;) {
      const c = key.charCodeAt(k);
      k += c < FIRST_HAZARD_UNIT
        ? 1
        : this.hazardStep(c, k + 1 < n ? key.charCodeAt(k + 1) : -1, at + k);
    }
    this.strIsKey = wasKey;
  }

  /**
   * Reports the hazard of the code point starting with the decoded code unit
   * `unit` (`next` is the decoded unit after it, -1 for none), found at
   * `at`, by `hazardAt` of `engine/hazards.ts`: a bidi control or a tag
   * character is `R037` anywhere, a lone surrogate `R035`, any other
   * default-ignorable `R038` in a key (in a value it is content). Returns
   * how many units the code point takes (2 for a surrogate pair).
   */
  private hazardStep(unit: number, next: number, at: number): number {
    const hazard: Hazard = hazardAt(unit, next);
    if (hazard === BIDI || hazard === TAG) this.repair(RULE.InvisibleControl, at);
    else if (hazard === LONE_SURROGATE) this.repair(RULE.LoneSurrogate, at);
    else if (hazard === IGNORABLE && this.strIsKey) this.repair(RULE.ZeroWidthInKey, at);
    return hazard !== LONE_SURROGATE && unit >= 0xd800 && unit <= 0xdbff ? 2 : 1;
  }

  private suspendString(text: string, segment: number, i: number, out: string): number {
    if (i - segment > 0) out += text.slice(segment, i);
    // max_token is checked once the string is whole (max_input bounds it meanwhile),
    // so that a string measures the same fed in one chunk or many.
    this.strOut = out;
    this.suspend(i, this.mode);
    return SUSPEND;
  }

  /**
   * Whether a quote at i-1 closes the string: 1 yes, 0 no (an unescaped
   * inner quote), SUSPEND when more input is needed to tell.
   */
  private closesString(text: string, i: number, n: number, final: boolean): number {
    // A quote inside a key is too rare to weigh against a missing colon.
    if (this.strIsKey) return 1;
    const base = this.base;
    if (i >= n) {
      this.stringFinalAt = base + i;
      return final ? 1 : SUSPEND;
    }
    let c = text.charCodeAt(i);
    if (c === this.strQuote && this.rareState !== null && this.rareState.innerQuoteAt >= 0) {
      // repair: `"name = "bob""` — a quoted part that ends the string: after an inner quote,
      // a doubled quote before what ends the member is that part's closing quote, then the
      // string's (closing at the first leaves a `""` that no reading places).
      const verdict = this.pairEndsMember(text, i + 1, n, final);
      if (verdict !== 1) return verdict;
    }
    this.stringFinalAt = base + i + 1;
    if (c === COMMA || c === COLON || c === RBRACE || c === RBRACKET) return 1;
    if (c === RPAREN && this.isTuple()) return 1;
    let newline = false;
    while (c === SPACE || c === LF || c === CR || c === TAB) {
      if (c === LF) newline = true;
      if (++i >= n) {
        this.stringFinalAt = base + i;
        return final ? 1 : this.waitFor(WAIT_NON_SPACE);
      }
      c = text.charCodeAt(i);
    }
    this.stringFinalAt = base + i + 1;
    if (newline) return 1;
    if (
      c === COMMA || c === COLON || c === RBRACE || c === RBRACKET || c === SLASH || c === HASH ||
      c === BACKTICK || isQuote(c) || (c === RPAREN && this.isTuple())
    ) return 1;
    // Only the root value may end before arbitrary text (prose after it).
    if (this.depth === 0) return 1;
    return 0;
  }

  /**
   * After a doubled quote in a string that already holds an inner quote:
   * 0 (the first quote is inner) when white space and then a comma, a closer
   * or the end of the input follow the pair, SUSPEND when the chunk ends
   * before that is known, 1 otherwise (the first quote closes as before).
   */
  private pairEndsMember(text: string, i: number, n: number, final: boolean): number {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === TAB || c === LF || c === CR) {
        i++;
        continue;
      }
      return c === COMMA || c === RBRACE || c === RBRACKET ? 0 : 1;
    }
    return final ? 0 : SUSPEND;
  }

  /**
   * Scans a number at i. Returns the end index (value in `numValue`),
   * SUSPEND, FATAL, or -(i + 3) when the token was dropped.
   */
  private scanNumber(text: string, i: number, n: number, final: boolean): number {
    const base = this.base;
    const start = i;
    let c = text.charCodeAt(i);
    let negative = false;
    let notation = false;
    if (c === MINUS || c === PLUS) {
      negative = c === MINUS;
      if (c === PLUS) notation = true;
      i++;
      if (i >= n) {
        if (!final) return this.waitFor(WAIT_NON_WORD);
        // A lone sign at the end of the input: nothing to keep.
        this.repair(RULE.TruncatedNumber, base + start);
        return -(i + 3);
      }
      c = text.charCodeAt(i);
      if (c === 73 || c === 78) { // Infinity, NaN after a sign
        let j = i;
        while (j < n && isWordChar(text.charCodeAt(j))) j++;
        if (j >= n && !final) return this.waitFor(WAIT_NON_WORD);
        const word = text.slice(i, j);
        if (word === "Infinity" || word === "NaN") {
          this.repair(RULE.NonFiniteNumber, base + start);
          this.numValue = null;
          return j;
        }
      }
      if (!isDigit(c) && c !== DOT) {
        this.repair(RULE.SkippedCharacter, base + start);
        return -(i + 3);
      }
    }
    const digitsStart = i;
    // Hexadecimal.
    if (c === ZERO && i + 1 < n && ((text.charCodeAt(i + 1) | 32) === LOWER_X)) {
      let j = i + 2, value = 0;
      while (j < n && isHex(text.charCodeAt(j))) {
        value = value * 16 + hexValue(text.charCodeAt(j));
        j++;
      }
      if (j >= n && !final) return this.waitFor(WAIT_NON_WORD);
      if (j > i + 2) {
        if (j - start > this.profile.maxToken) {
          this.failAt(
            "E022",
            base + start,
            `a number of ${j - start} code units exceeds max_token ${this.profile.maxToken}`,
          );
          return FATAL;
        }
        if (notation) this.repair(RULE.LeadingPlus, base + start);
        this.repair(RULE.NumberNotation, base + start);
        // `-0x0` is -0, as JavaScript reads it: the renderer keeps the sign.
        if (negative && value === 0) this.negativeZero = true;
        this.numValue = negative ? -value : value;
        if (!Number.isSafeInteger(value)) this.repair(RULE.UnsafeInteger, base + start);
        return j;
      }
    }
    // Digits are gathered into an exact mantissa (at most 15 of them, or 16
    // while it stays at most 2^53 - 1: `i / 7` prints 16 or 17) and a decimal
    // exponent: within Clinger's fast path (an exact integer mantissa, a power
    // of ten at most 10^22) one correctly rounded multiplication or division
    // gives the double, no substring needed.
    let mantissa = 0;
    let significant = 0;
    let scale = 0;
    let inexact = false;
    let digits = 0;
    while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
      if (significant < 15) {
        mantissa = mantissa * 10 + (c - ZERO);
        if (mantissa > 0) significant++;
      } else if (significant === 15 && mantissa * 10 + (c - ZERO) <= MAX_SAFE) {
        mantissa = mantissa * 10 + (c - ZERO); // a 16th digit, still exact
        significant++;
      } else {
        inexact = true;
      }
      digits++;
      i++;
    }
    // `1_000_000` inside a value: Python and JavaScript read the underscores
    // as digit separators (a root number glued to `_` stays prose).
    let separated = false;
    while (
      c === UNDERSCORE && i < n && digits > 0 && this.depth > 0 &&
      text.charCodeAt(digitsStart) !== ZERO
    ) {
      if (i + 1 >= n) {
        if (!final) return this.waitFor(WAIT_NON_WORD);
        break;
      }
      if (!isDigit(text.charCodeAt(i + 1))) break;
      separated = true;
      i++;
      while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
        if (significant < 15) {
          mantissa = mantissa * 10 + (c - ZERO);
          if (mantissa > 0) significant++;
        } else if (significant === 15 && mantissa * 10 + (c - ZERO) <= MAX_SAFE) {
          mantissa = mantissa * 10 + (c - ZERO);
          significant++;
        } else {
          inexact = true;
        }
        digits++;
        i++;
      }
    }
    let fractionDigits = -1;
    let exponentDigits = -1;
    if (i < n && c === DOT) {
      i++;
      fractionDigits = 0;
      while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
        if (significant < 15) {
          mantissa = mantissa * 10 + (c - ZERO);
          if (mantissa > 0) significant++;
          scale++;
        } else if (significant === 15 && mantissa * 10 + (c - ZERO) <= MAX_SAFE) {
          mantissa = mantissa * 10 + (c - ZERO); // a 16th digit, still exact
          significant++;
          scale++;
        } else if (c !== ZERO) {
          inexact = true;
        }
        fractionDigits++;
        i++;
      }
    }
    let exponent = 0;
    if (i < n && (c === LOWER_E || c === UPPER_E) && (digits > 0 || fractionDigits > 0)) {
      i++;
      exponentDigits = 0;
      let exponentNegative = false;
      if (i < n && ((c = text.charCodeAt(i)) === PLUS || c === MINUS)) {
        exponentNegative = c === MINUS;
        i++;
      }
      while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) {
        if (exponent < 100_000) exponent = exponent * 10 + (c - ZERO);
        exponentDigits++;
        i++;
      }
      if (exponentNegative) exponent = -exponent;
    }
    if (i >= n && !final) {
      if (exponentDigits < 0 && !notation && !separated) {
        // A plain decimal number so far: its reading can go on with the next chunk.
        this.rare.numberCut = true;
        this.numMantissa = mantissa;
        this.numSignificant = significant;
        this.numScale = scale;
        this.numInexact = inexact;
        this.numDigits = digits;
        this.numFraction = fractionDigits;
        this.numNegative = negative;
        this.numLeadingZero = digits > 0 && text.charCodeAt(digitsStart) === ZERO;
      }
      return this.waitFor(WAIT_NON_WORD);
    }
    const end = i;
    if (end - start > this.profile.maxToken) {
      this.failAt(
        "E022",
        base + start,
        `a number of ${end - start} code units exceeds max_token ${this.profile.maxToken}`,
      );
      return FATAL;
    }
    const atEnd = end >= n && this.depth > 0;
    if (digits === 0 && fractionDigits <= 0) {
      // `-.` or `.` alone.
      this.repair(atEnd ? RULE.TruncatedNumber : RULE.SkippedCharacter, base + start);
      return -(end + 3);
    }
    // A number cut by the end of the input: inside a container, or at the
    // root when its fraction or exponent is empty (`1.`, `1e`): its digits
    // are unknown. An empty exponent elsewhere (`1e+}`) invents them too.
    // At the root a trailing dot is cut wherever it stands (`1. ` is a list
    // number as much as a number).
    const cut = atEnd || (end >= n && (fractionDigits === 0 || exponentDigits === 0)) ||
      (this.depth === 0 && fractionDigits === 0 && exponentDigits < 0);
    if (cut) this.repair(RULE.TruncatedNumber, base + start);
    else if (exponentDigits === 0) this.repair(RULE.EmptyExponent, base + start);
    if (digits > 1 && text.charCodeAt(digitsStart) === ZERO) {
      this.repair(RULE.LeadingZero, base + start);
    }
    // `+1`: a leading plus may be text the model meant (`+15551234567`).
    if (notation) this.repair(RULE.LeadingPlus, base + start);
    if (!cut && (digits === 0 || fractionDigits === 0)) {
      this.repair(RULE.NumberNotation, base + start);
    }
    if (separated) this.repair(RULE.DigitSeparator, base + start);
    // The digits as JSON writes them (separators dropped) for the exact checks below.
    const digitText = separated ? text.slice(start, end).replaceAll("_", "") : text;
    const digitFrom = separated ? digitsStart - start : digitsStart;
    const digitEnd = separated ? digitText.length : end;
    const power = exponent - scale;
    if (!inexact && power >= -22 && power <= 22) {
      const magnitude = power >= 0 ? mantissa * POW10[power] : mantissa / POW10[-power];
      if (negative && magnitude === 0) this.negativeZero = true;
      if (magnitude >= MAX_SAFE && isUnsafeInteger(digitText, digitFrom, digitEnd, magnitude)) {
        this.repair(RULE.UnsafeInteger, base + start);
      }
      this.numValue = negative ? -magnitude : magnitude;
      return end;
    }
    // Outside the fast path: read the lexeme, in JSON notation.
    let lexeme = separated ? text.slice(start, end).replaceAll("_", "") : text.slice(start, end);
    if (exponentDigits === 0) {
      // `1e` / `1e+`: drop the empty exponent.
      let cut = lexeme.length;
      while (
        cut > 0 && !isDigit(lexeme.charCodeAt(cut - 1)) && lexeme.charCodeAt(cut - 1) !== DOT
      ) cut--;
      lexeme = lexeme.slice(0, cut);
    }
    const value = Number(lexeme.endsWith(".") ? lexeme + "0" : lexeme);
    if (!Number.isFinite(value)) {
      this.repair(RULE.NumberOutOfRange, base + start);
    } else if (value === 0) {
      if (negative) this.negativeZero = true;
      for (let k = digitsStart; k < end; k++) {
        const d = text.charCodeAt(k);
        if (d === LOWER_E || d === UPPER_E) break;
        if (d > ZERO && d <= NINE) {
          this.repair(RULE.NumberOutOfRange, base + start);
          break;
        }
      }
    } else if (
      Math.abs(value) >= MAX_SAFE && isUnsafeInteger(digitText, digitFrom, digitEnd, value)
    ) {
      // On the exact decimal value, in any notation (`9007199254740993.0`, `…3e0`).
      this.repair(RULE.UnsafeInteger, base + start);
    }
    this.numValue = value;
    return end;
  }

  /** Scans a bare word in value position and places its value; returns its end. */
  private scanWord(text: string, i: number, n: number, final: boolean): number {
    const base = this.base;
    let j = i;
    while (j < n && isWordChar(text.charCodeAt(j))) j++;
    if (j >= n && !final) return this.waitFor(WAIT_NON_WORD);
    const word = text.slice(i, j);
    const known = WORDS.get(word);
    if (known !== undefined) {
      if (known.rule !== null) this.repair(known.rule, base + i);
      this.place(known.value, base + i);
      return j;
    }
    if (j >= n && j > i) {
      const completion = completionOf(word);
      if (completion !== undefined) {
        this.repair(RULE.CompleteLiteral, base + i);
        const target = WORDS.get(completion)!;
        if (target.rule !== null) this.repair(target.rule, base + i);
        this.place(target.value, base + i);
        return j;
      }
    }
    // A bare string: up to the next delimiter on the same line (a URL's `://`
    // inside a member's value goes on: `{url: https://example.com/a}`).
    let k = j;
    let c = 0;
    for (;;) {
      while (
        k < n && (c = text.charCodeAt(k)) !== COMMA && c !== RBRACE && c !== RBRACKET &&
        c !== COLON &&
        c !== LF && c !== CR && !isQuote(c) && c !== LBRACE && c !== LBRACKET
      ) k++;
      if (k >= n || c !== COLON || this.topKind !== OBJECT) break;
      if (k + 2 >= n && !final) return this.waitFor(WAIT_ANY);
      if (text.charCodeAt(k + 1) !== SLASH || text.charCodeAt(k + 2) !== SLASH) break;
      k += 3;
    }
    if (k >= n && !final) return this.waitFor(WAIT_DELIMITER);
    let e = k;
    while (e > j && ((c = text.charCodeAt(e - 1)) === SPACE || c === TAB)) e--;
    if (e - i > this.profile.maxToken) {
      this.failAt(
        "E022",
        base + i,
        `a word of ${e - i} code units exceeds max_token ${this.profile.maxToken}`,
      );
      return FATAL;
    }
    // Text that no reader takes for a name or an expression (two words side by
    // side, a URL, an address), running to its member's end in an object, has
    // one reading: the text (issue 22). `hello`, `a.b`, `x - y` stay R030.
    const bare = text.slice(i, e);
    const plainText = this.topKind === OBJECT && k < n &&
      (text.charCodeAt(k) === COMMA || text.charCodeAt(k) === RBRACE) &&
      (/[A-Za-z][\w'-]*[ \t]+[A-Za-z]/.test(bare) ||
        /^[a-z]+:\/\/\S+$|^[^\s@]+@[^\s@]+$/.test(bare));
    this.repair(plainText ? RULE.BareText : RULE.UnquotedString, base + i);
    if (this.topKind === OBJECT) this.inferred(BARE_VALUE, base + i);
    if (k >= n) this.repair(RULE.CloseString, base + n);
    this.place(bare, base + i);
    return e;
  }

  /** Scans an unquoted key; returns its end (the key in `pendingKeys`). */
  private scanKeyWord(text: string, i: number, n: number, final: boolean): number {
    let j = i;
    let c = 0;
    let hasCase = false;
    while (j < n && (isWordChar(c = text.charCodeAt(j)) || c === DOT)) {
      if ((c >= UPPER_A && c <= UPPER_Z) || c >= 0x80) hasCase = true;
      j++;
    }
    if (j >= n && !final) return this.waitFor(WAIT_NON_WORD);
    if (j - i > this.profile.maxToken) {
      this.failAt(
        "E022",
        this.base + i,
        `a key of ${j - i} code units exceeds max_token ${this.profile.maxToken}`,
      );
      return FATAL;
    }
    const d = this.depth - 1;
    const at = this.base + i;
    this.repair(RULE.UnquotedKey, at);
    this.inferred(BARE_KEY, at);
    // A number (`1e5` is the key "100000" in JavaScript, an integer in
    // Python) or a dotted path (`a.b`) is read differently by readers.
    const first = text.charCodeAt(i);
    let dotted = false;
    for (let k = i; k < j; k++) if (text.charCodeAt(k) === DOT) dotted = true;
    const key = text.slice(i, j);
    // So is a literal (`{true: 1}`, `{None: 1}`: a bool or null key in
    // Python) and `__proto__` (a JavaScript object literal sets the prototype).
    // A plain integer (`2`, `10`) or a JSON literal (`true`) is the same
    // string to every reader that takes unquoted keys (issue 22).
    if (
      (isDigit(first) && !isPlainIntegerKey(key)) || dotted ||
      (WORDS.has(key) && key !== "true" && key !== "false" && key !== "null") ||
      key === "__proto__"
    ) {
      this.repair(RULE.AmbiguousKey, at);
    } else if (isDigit(first) || WORDS.has(key)) {
      // One reading only with its colon: noted for COLON_MODE.
      this.rare.bareKey = key;
      this.rare.bareKeyDepth = this.depth;
    }
    // An unquoted key gets every check a quoted one gets.
    this.checkKeyCharacters(key, at);
    this.pendingKeys[d] = key;
    if (hasCase) this.caseFlags[d] = true;
    return j;
  }

  /** Returns SUSPEND, noting what the suspended scan waits for. */
  private waitFor(wait: number): number {
    this.suspendWait = wait;
    return SUSPEND;
  }

  /** Whether `...` starts at i. */
  private isPlaceholder(text: string, i: number, n: number): boolean {
    return i + 2 < n && text.charCodeAt(i + 1) === DOT && text.charCodeAt(i + 2) === DOT;
  }

  /**
   * Drops a placeholder (`...`, `…`); a comma right after it is dropped with
   * it (see `placeholderComma`). Returns the index past it, or SUSPEND when
   * more dots may follow in the next chunk.
   */
  private skipPlaceholder(text: string, i: number, n: number, final: boolean): number {
    let j = i + (text.charCodeAt(i) === ELLIPSIS ? 1 : 3);
    while (j < n && text.charCodeAt(j) === DOT) j++;
    if (j >= n && !final) return this.waitFor(WAIT_NON_WORD);
    this.repair(RULE.Placeholder, this.base + i);
    this.commaAt = -1;
    this.placeholderComma = true;
    return j;
  }

  /** Skips a comment at i; returns its end, or SUSPEND. A lone `/` is skipped as a character. */
  private skipComment(text: string, i: number, n: number, final: boolean): number {
    const base = this.base;
    const c = text.charCodeAt(i);
    if (c === SLASH) {
      if (i + 1 >= n) {
        if (!final) return SUSPEND;
        this.repair(RULE.SkippedCharacter, base + i);
        return i + 1;
      }
      const d = text.charCodeAt(i + 1);
      if (d === STAR) {
        let j = i + 2;
        while (j + 1 < n && !(text.charCodeAt(j) === STAR && text.charCodeAt(j + 1) === SLASH)) j++;
        if (j + 1 >= n) {
          if (!final) {
            // Cut by the chunk end: the scan suspends in COMMENT_REST, which
            // keeps only the comment's last character and goes on from there
            // (so `/* / / … */` fed one character at a time stays linear).
            this.rare.commentAt = base + i;
            this.rare.commentKeep = n - 1 >= i + 2 ? n - 1 : n;
            return this.waitFor(WAIT_SLASH);
          }
          this.repair(RULE.StripComment, base + i);
          this.innerComment(base + i, base + n);
          return n;
        }
        this.repair(RULE.StripComment, base + i);
        this.innerComment(base + i, base + j + 2);
        return j + 2;
      }
      if (d !== SLASH) {
        this.repair(RULE.SkippedCharacter, base + i);
        return i + 1;
      }
    }
    let j = i + 1;
    while (j < n && text.charCodeAt(j) !== LF) j++;
    if (j >= n && !final) return this.waitFor(WAIT_LINE_END);
    this.repair(RULE.StripComment, base + i);
    this.innerComment(base + i, base + j);
    return j;
  }

  /**
   * Whether the white space from `from` to `to` holds a line break (or the
   * run began in an earlier chunk after one: `lineBreakTo`).
   */
  private lineBreakIn(text: string, from: number, to: number): boolean {
    if (this.rareState !== null && this.rareState.lineBreakTo === this.base + from) return true;
    for (let k = from; k < to; k++) if (text.charCodeAt(k) === LF) return true;
    return false;
  }

  /**
   * A closer after the root, held back: redundant (`R058`) when only white
   * space follows it, else garbage (`R027`). Read once the input ends.
   */
  private settleCloser(): void {
    const rare = this.rare, at = rare.closerAt;
    rare.closerAt = -2;
    const text = this.text();
    if (isAllBlank(text, at + 1, text.length)) {
      this.repair(RULE.RedundantCloser, at);
      this.valueEnd = at + 1;
      return;
    }
    rare.tailRefused = true;
    this.repair(RULE.TrailingGarbage, at);
  }

  /** Notes a comment inside the value (judged once the input ends, `judgeFraming`). */
  private innerComment(start: number, end: number): void {
    if (this.depth > 0) this.rare.innerComments.push(start, end);
  }
}

/**
 * Scans a whole document under resolved options. With `trackMembers`, the
 * top-level members of a root object are recorded as they become final
 * (`members`; readiness needs them); otherwise `members` stays empty.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./scanner.ts";
 * import { PROFILES } from "../profiles.ts";
 * strictEqual(scan("[1,2,]", PROFILES.strict).refusal?.code, "E010");
 * deepStrictEqual(scan('{"a":1}', PROFILES.strict, true).members, [{ name: "a", end: 7 }]);
 * deepStrictEqual(scan('{"a":1}', PROFILES.strict).members, []);
 * ```
 */
export function scan(text: string, profile: Profile, trackMembers = false): ScanResult {
  const scanner = new Scanner(profile, trackMembers);
  scanner.feed(text, true);
  return scanner.result();
}

/** Whether a scan's reading is one every repairing profile accepts: a value, cosmetic at worst. */
function acceptable(result: ScanResult): boolean {
  return result.fatal === null && result.refusal === null && result.hasValue &&
    result.exactness !== "lossy" && result.ambiguity === "none" &&
    result.completeness === "complete";
}

const ESCAPED_DOCUMENT = ruleByName("EscapedDocument");

/**
 * The scan of the unescaped text as the result of the text as written: `R067` at the span's
 * first bracket, the repairs, value span and members placed back in the text as written.
 */
function unescapedResult(found: ScanResult, reading: EscapedReading, text: string): ScanResult {
  const members = found.members;
  const offsets = [found.valueStart, found.valueEnd, found.syntaxEnd];
  for (const r of found.repairs) offsets.push(r.offset);
  for (const m of members) offsets.push(m.end);
  const written = writtenOffsets(text, reading, offsets);
  const lines = lineStarts(text);
  const place = (at: number): { offset: number; line: number; column: number } => {
    let lo = 0, hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lines[mid] <= at) lo = mid + 1;
      else hi = mid;
    }
    return { offset: at, line: lo, column: at - lines[lo - 1] + 1 };
  };
  const repairs: Repair[] = found.repairs.map((r, k) => ({ ...r, ...place(written[3 + k]) }));
  const rule = ESCAPED_DOCUMENT;
  const escaped: Repair = {
    rule: rule.code,
    name: rule.name,
    ...place(reading.start),
    severity: rule.severity,
    ambiguity: rule.ambiguity,
    confidence: rule.confidence,
  };
  let k = 0;
  while (k < repairs.length && repairs[k].offset <= reading.start) k++;
  repairs.splice(k, 0, escaped);
  if (repairs.length > MAX_LISTED_REPAIRS) repairs.length = MAX_LISTED_REPAIRS;
  const shift = 3 + found.repairs.length;
  return {
    ...found,
    validJson: false,
    exactness: "cosmetic",
    repairs,
    repairCount: found.repairCount + 1,
    valueStart: written[0],
    valueEnd: written[1],
    syntaxEnd: written[2],
    members: members.map((m, n) => ({ ...m, end: written[shift + n] })),
    length: text.length,
  };
}

/** The offsets at which the lines of a text start (0 first). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}
