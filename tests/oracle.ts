/**
 * An independent oracle for the engine's classification, written to be slow and obvious. It never
 * looks at the engine's repair list: it reads the text with `JSON.parse`, reads the raw text a
 * second time, plainly, for what `JSON.parse` hides (exact duplicate keys, number tokens as exact
 * decimals, nesting depth), and scans every parsed string and key for every hazard the engine must
 * report:
 *
 * | kind | where | what |
 * | --- | --- | --- |
 * | `bidi_control` | any string or key | U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069 |
 * | `tag_character` | any string or key | U+E0000–U+E007F (however the pair was written) |
 * | `lone_surrogate` | any string or key | a UTF-16 surrogate without its other half |
 * | `split_surrogate_pair` | raw text of a string | a pair with one half escaped, one raw |
 * | `zero_width_in_key` | keys | U+200B–U+200D, U+2060, U+FEFF |
 * | `other_default_ignorable_in_key` | keys | the rest of `\p{Default_Ignorable_Code_Point}` |
 * | `case_twin_keys` | one object | two keys equal after `toLowerCase()` |
 * | `nfc_twin_keys` | one object | two keys equal after NFC |
 * | `nfkc_twin_keys` | one object | two keys equal after NFKC |
 * | `case_fold_twin_keys` | one object | equal after full case folding (of NFKC) |
 * | `duplicate_key` | one object | the same key, exactly, twice (read from the raw text), with another value or a container (the same scalar twice is one reading) |
 * | `unsafe_integer` | numbers | digits only, an integer beyond ±(2^53−1) |
 * | `unsafe_integer_in_other_notation` | numbers | `1.0`, `1e0`, `10e-1` notation of the same |
 * | `number_out_of_range` | numbers | overflows to infinity, or a non-zero that reads as 0 |
 * | `hazard_in_unquoted_key` | keys | any key hazard, in a key the model wrote without quotes |
 *
 * Every hazard is a semantic ambiguity; those that change the value when it is read (duplicate
 * keys, unsafe integers, out-of-range numbers) are also lossy. From that the oracle derives what
 * each profile must answer. A kind the engine does not detect yet would be listed in
 * {@linkcode AWAITING_ENGINE_FIX} (none is): the generators skip it and the judge only requires
 * the engine to be at least as strict as the other kinds demand.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { readText } from "./oracle.ts";
 * const reading = readText('{"id":1,"ID":2}');
 * deepStrictEqual(reading.json && reading.findings.map((f) => f.kind), ["case_twin_keys"]);
 * ```
 *
 * @module
 */

import { isDeepStrictEqual } from "node:util";

/** Every hazard kind the oracle knows, in the order of the table above. */
export const HAZARD_KINDS = [
  "bidi_control",
  "tag_character",
  "lone_surrogate",
  "split_surrogate_pair",
  "zero_width_in_key",
  "other_default_ignorable_in_key",
  "case_twin_keys",
  "nfc_twin_keys",
  "nfkc_twin_keys",
  "case_fold_twin_keys",
  "duplicate_key",
  "unsafe_integer",
  "unsafe_integer_in_other_notation",
  "number_out_of_range",
  "hazard_in_unquoted_key",
] as const;

/**
 * One hazard kind.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import type { HazardKind } from "./oracle.ts";
 * const kind: HazardKind = "duplicate_key";
 * strictEqual(kind, "duplicate_key");
 * ```
 */
export type HazardKind = typeof HAZARD_KINDS[number];

/**
 * Hazard kinds the engine misses: none, so every kind is judged for real. A kind goes here only
 * while a known gap is being fixed: the generators then do not produce it and the judge does not
 * require it to be detected.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { AWAITING_ENGINE_FIX } from "./oracle.ts";
 * ok(!AWAITING_ENGINE_FIX.has("bidi_control"));
 * ```
 */
export const AWAITING_ENGINE_FIX: ReadonlySet<HazardKind> = new Set<HazardKind>([]);

/** Kinds that also change the value as it is read: lossy as well as ambiguous. */
export const LOSSY_KINDS: ReadonlySet<HazardKind> = new Set<HazardKind>([
  "duplicate_key",
  "unsafe_integer",
  "unsafe_integer_in_other_notation",
  "number_out_of_range",
]);

/**
 * One hazard found, and where (a short description for messages).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import type { Finding } from "./oracle.ts";
 * const finding: Finding = { kind: "bidi_control", where: 'string "a\\u202eb"' };
 * strictEqual(finding.kind, "bidi_control");
 * ```
 */
export interface Finding {
  /** The hazard kind. */
  kind: HazardKind;
  /** Where it is, for messages. */
  where: string;
}

/**
 * What the oracle reads in a text: either it is RFC 8259 JSON (then the value, the hazards and the
 * nesting depth), or it is not (and the oracle judges only the engine's value; see
 * {@linkcode valueFindings}).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { readText, type Reading } from "./oracle.ts";
 * const reading: Reading = readText("[1,");
 * strictEqual(reading.json, false);
 * ```
 */
export type Reading =
  | { json: true; value: unknown; findings: Finding[]; depth: number }
  | { json: false };

// ----------------------------------------------------------------- characters

/** The bidi controls, written out here (not read from the engine). */
export const BIDI_CONTROLS: ReadonlySet<number> = new Set([
  0x061c,
  0x200e,
  0x200f,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
]);
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);
const DEFAULT_IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

/** `\u` notation of a string, for messages that must show invisible characters. */
function shown(s: string): string {
  let out = "";
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    out += c >= 0x20 && c < 0x7f ? s[k] : `\\u${c.toString(16).padStart(4, "0")}`;
  }
  return `"${out}"`;
}

/** The hazards of one parsed string; `isKey` adds the key-only ones. */
function stringFindings(s: string, isKey: boolean): Finding[] {
  const found: Finding[] = [];
  const where = `${isKey ? "key" : "string"} ${shown(s)}`;
  const add = (kind: HazardKind) => {
    if (!found.some((f) => f.kind === kind)) found.push({ kind, where });
  };
  for (let k = 0; k < s.length; k++) {
    const unit = s.charCodeAt(k);
    let point = unit;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const low = k + 1 < s.length ? s.charCodeAt(k + 1) : 0;
      if (low >= 0xdc00 && low <= 0xdfff) {
        point = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
        k++;
      } else {
        add("lone_surrogate");
        continue;
      }
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      add("lone_surrogate");
      continue;
    }
    if (BIDI_CONTROLS.has(point)) add("bidi_control");
    else if (point >= 0xe0000 && point <= 0xe007f) add("tag_character");
    else if (isKey && ZERO_WIDTH.has(point)) add("zero_width_in_key");
    else if (isKey && DEFAULT_IGNORABLE.test(String.fromCodePoint(point))) {
      add("other_default_ignorable_in_key");
    }
  }
  return found;
}

/**
 * Full case folding, approximated: upper then lower case until nothing changes, with the
 * extras that leaves out (final sigma folds to σ).
 */
function caseFold(s: string): string {
  let folded = s;
  for (let round = 0; round < 4; round++) {
    const next = folded.toUpperCase().toLowerCase();
    if (next === folded) break;
    folded = next;
  }
  return folded.replaceAll("ς", "σ");
}

/** The raw value of a member that is an array or object (never compared). */
const CONTAINER: unique symbol = Symbol("container");

/** Ways two distinct keys of one object can look like one key, weakest first. */
const TWINS: readonly [HazardKind, (key: string) => string][] = [
  ["case_twin_keys", (key) => key.toLowerCase()],
  ["nfc_twin_keys", (key) => key.normalize("NFC")],
  ["nfkc_twin_keys", (key) => key.normalize("NFKC")],
  ["case_fold_twin_keys", (key) => caseFold(key.normalize("NFKC")).normalize("NFKC")],
];

/**
 * The twin hazards of one object's keys (distinct keys, as `JSON.parse` keeps them). With the
 * members' raw values, a key repeated with the same scalar value is one reading (issue 22), not a
 * duplicate: first-wins and last-wins readers agree.
 */
function keyFindings(keys: readonly string[], values?: readonly unknown[]): Finding[] {
  const found: Finding[] = [];
  const distinct = [...new Set(keys)];
  for (let a = 0; a < distinct.length; a++) {
    for (let b = a + 1; b < distinct.length; b++) {
      const twin = TWINS.find(([, canon]) => canon(distinct[a]) === canon(distinct[b]));
      if (twin !== undefined) {
        found.push({ kind: twin[0], where: `keys ${shown(distinct[a])} ${shown(distinct[b])}` });
      }
    }
  }
  if (distinct.length < keys.length) {
    const seen = new Map<string, unknown>();
    const again = keys.find((key, k) => {
      const value = values === undefined ? CONTAINER : values[k];
      if (!seen.has(key)) return (seen.set(key, value), false);
      const before = seen.get(key);
      return before === CONTAINER || value === CONTAINER || !Object.is(before, value);
    });
    if (again !== undefined) found.push({ kind: "duplicate_key", where: `key ${shown(again)}` });
  }
  return found;
}

// -------------------------------------------------------------------- numbers

/**
 * A number lexeme as an exact decimal: sign, significant digits (no leading or trailing zeros)
 * and the power of ten they are multiplied by.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { exactDecimal } from "./oracle.ts";
 * deepStrictEqual(exactDecimal("90071992547409930e-1"), {
 *   negative: false, digits: "9007199254740993", exponent: 0,
 * });
 * ```
 */
export function exactDecimal(
  lexeme: string,
): { negative: boolean; digits: string; exponent: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(lexeme);
  if (match === null) throw new Error(`not a JSON number: ${lexeme}`);
  const [, sign, whole, fraction = "", power = "0"] = match;
  let digits = (whole + fraction).replace(/^0+/, "");
  let exponent = Number(power) - fraction.length;
  const trimmed = digits.replace(/0+$/, "");
  exponent += digits.length - trimmed.length;
  digits = trimmed;
  if (digits === "") exponent = 0;
  return { negative: sign === "-", digits, exponent };
}

/**
 * The hazard of one number of JSON text (`lexeme`, in JSON notation), or null. `digitsOnly` says
 * how the model wrote it: as digits alone (a sign, hex or leading zeros allowed), or with a
 * fraction, an exponent or a trailing dot.
 *
 * - Out of range: it reads as ±Infinity, or as 0 though a digit is not 0.
 * - Written as digits alone: an integer beyond ±(2^53−1) (`unsafe_integer`, rule R033).
 * - Written otherwise: an integer beyond ±(2^53−1) whose digits do not survive reading (the
 *   double's shortest form is another decimal): `9007199254740993.0` reads as …992. `123e65`
 *   reads back as `1.23e+67`, the same value, and is no hazard.
 */
function numberFinding(lexeme: string, digitsOnly = /^-?\d+$/.test(lexeme)): Finding | null {
  const { digits, exponent } = exactDecimal(lexeme);
  const where = `number ${lexeme}`;
  const read = Number(lexeme);
  if (!Number.isFinite(read) || (read === 0 && digits !== "")) {
    return { kind: "number_out_of_range", where };
  }
  if (digits === "" || exponent < 0) return null; // zero, or not an integer
  const size = digits.length + exponent;
  const beyond = size > 16 ||
    (size === 16 && BigInt(digits + "0".repeat(exponent)) > BigInt(Number.MAX_SAFE_INTEGER));
  if (!beyond) return null;
  if (digitsOnly) return { kind: "unsafe_integer", where };
  const back = exactDecimal(String(Math.abs(read)));
  if (back.digits === digits && back.exponent === exponent) return null;
  return { kind: "unsafe_integer_in_other_notation", where };
}

// ------------------------------------------------------------------ raw reading

/**
 * Reads text that `JSON.parse` accepted, plainly, for what `JSON.parse` hides: each object's keys
 * in order (duplicates included), each number's lexeme, and the deepest nesting.
 */
function rawReading(
  text: string,
): {
  objects: string[][];
  values: unknown[][];
  numbers: string[];
  depth: number;
  split: string[];
} {
  const objects: string[][] = [];
  const values: unknown[][] = [];
  const split: string[] = [];
  const numbers: string[] = [];
  const stack: (string[] | null)[] = []; // an object's keys, or null for an array
  const ownValues = new Map<string[], unknown[]>();
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "{" || c === "[") {
      const keys = c === "{" ? [] : null;
      if (keys !== null) {
        objects.push(keys);
        values.push([]);
        ownValues.set(keys, values[values.length - 1]);
      }
      stack.push(keys);
      depth = Math.max(depth, stack.length);
      i++;
    } else if (c === "}" || c === "]") {
      stack.pop();
      i++;
    } else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const decoded = JSON.parse(text.slice(i, end + 1)) as string;
      if (splitSurrogate(text.slice(i + 1, end))) split.push(decoded);
      let after = end + 1;
      while (" \t\n\r".includes(text[after] ?? "x")) after++;
      const keys = stack[stack.length - 1];
      if (text[after] === ":" && keys) {
        keys.push(decoded);
        ownValues.get(keys)!.push(rawScalar(text, after + 1));
      }
      i = end + 1;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const lexeme = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
      lexeme.lastIndex = i;
      const match = lexeme.exec(text)![0];
      numbers.push(match);
      i += match.length;
    } else {
      i++;
    }
  }
  return { objects, values, numbers, depth, split };
}

/** A member's value as JSON.parse reads it when it is a scalar, else CONTAINER. */
function rawScalar(text: string, i: number): unknown {
  while (" \t\n\r".includes(text[i] ?? "x")) i++;
  if (text[i] === "{" || text[i] === "[") return CONTAINER;
  if (text[i] === '"') {
    let end = i + 1;
    while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
    return JSON.parse(text.slice(i, end + 1));
  }
  const token = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  token.lastIndex = i;
  return JSON.parse(token.exec(text)![0]);
}

/**
 * Whether the raw source of a string (between its quotes) writes a surrogate pair with one half
 * escaped and the other raw, or a raw surrogate alone. `JSON.parse` joins such halves; readers
 * that decode escapes after the text (Python's `json`, UTF-8 transcoders) keep two lone
 * surrogates, so the reading is not one.
 */
function splitSurrogate(source: string): boolean {
  const units: { unit: number; escaped: boolean }[] = [];
  for (let k = 0; k < source.length;) {
    if (source[k] === "\\" && source[k + 1] === "u") {
      units.push({ unit: parseInt(source.slice(k + 2, k + 6), 16), escaped: true });
      k += 6;
    } else {
      units.push({ unit: source.charCodeAt(source[k] === "\\" ? k + 1 : k), escaped: false });
      k += source[k] === "\\" ? 2 : 1;
    }
  }
  const high = (u: number) => u >= 0xd800 && u <= 0xdbff;
  const low = (u: number) => u >= 0xdc00 && u <= 0xdfff;
  for (let k = 0; k < units.length; k++) {
    const { unit, escaped } = units[k];
    if (high(unit) && k + 1 < units.length && low(units[k + 1].unit)) {
      if (units[k + 1].escaped !== escaped) return true;
      k++;
    } else if (!escaped && (high(unit) || low(unit))) return true;
  }
  return false;
}

/** Every string and key of a value, and every object's keys, walked with an explicit stack. */
function walk(
  value: unknown,
  onString: (s: string, isKey: boolean) => void,
  onObject: (keys: string[]) => void,
  onNumber: (n: number) => void = () => {},
): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") onString(item, false);
    else if (typeof item === "number") onNumber(item);
    else if (Array.isArray(item)) stack.push(...item);
    else if (item !== null && typeof item === "object") {
      const keys = Object.keys(item);
      onObject(keys);
      for (const key of keys) {
        onString(key, true);
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
}

/**
 * What the oracle reads in `text`: `JSON.parse` decides whether it is JSON; then the parsed
 * strings and keys are scanned, and the raw text is read for duplicate keys, numbers and depth.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { readText } from "./oracle.ts";
 * const reading = readText('[9007199254740993e0,"\\uDB40\\uDC41"]');
 * deepStrictEqual(reading.json && reading.findings.map((f) => f.kind).sort(), [
 *   "tag_character", "unsafe_integer_in_other_notation",
 * ]);
 * ```
 */
export function readText(text: string): Reading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { json: false };
  }
  const findings: Finding[] = [];
  walk(value, (s, isKey) => findings.push(...stringFindings(s, isKey)), () => {});
  const raw = rawReading(text);
  raw.objects.forEach((keys, k) => findings.push(...keyFindings(keys, raw.values[k])));
  for (const s of raw.split) {
    findings.push({
      kind: "split_surrogate_pair",
      where: `a pair spelled half raw in ${shown(s)}`,
    });
  }
  for (const lexeme of raw.numbers) {
    const finding = numberFinding(lexeme);
    if (finding !== null) findings.push(finding);
  }
  return { json: true, value, findings, depth: raw.depth };
}

/**
 * Whether `key` is written in `text` without quotes somewhere: its characters occur, as written,
 * not right after a quote character (`"`, `'`, `“`, `‘`).
 */
function writtenUnquoted(text: string, key: string): boolean {
  if (key === "") return false;
  for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + 1)) {
    if (!"\"'\u201C\u2018".includes(text[at - 1] ?? '"')) return true;
  }
  return false;
}

/**
 * The hazards visible in a value the engine produced from text that is not JSON: hazardous
 * characters in strings and keys, twin keys, and integers beyond ±(2^53−1). A key hazard in a key
 * written without quotes is reported as `hazard_in_unquoted_key`. (Duplicate keys and the
 * notation of numbers are gone from a value; only raw JSON text shows them.)
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { valueFindings } from "./oracle.ts";
 * deepStrictEqual(valueFindings({ "a\u200B": 1 }, "{a\u200B:1}").map((f) => f.kind), [
 *   "hazard_in_unquoted_key",
 * ]);
 * ```
 */
export function valueFindings(value: unknown, text: string): Finding[] {
  const found: Finding[] = [];
  walk(
    value,
    (s, isKey) => {
      for (const finding of stringFindings(s, isKey)) {
        const unquoted = isKey && writtenUnquoted(text, s);
        found.push(unquoted ? { kind: "hazard_in_unquoted_key", where: finding.where } : finding);
      }
    },
    (keys) => {
      for (const finding of keyFindings(keys)) {
        const unquoted = keys.some((key) => writtenUnquoted(text, key));
        found.push(unquoted ? { kind: "hazard_in_unquoted_key", where: finding.where } : finding);
      }
    },
    (n) => {
      if (!Number.isInteger(n) || Number.isSafeInteger(n)) return;
      // The number-like tokens of the text (JSON5 notation too) whose exact value is n's
      // integer: digits only (sign, hex and leading zeros included) or another notation.
      const tokens = /[+-]?(?:0[xX][\da-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d*)?)/g;
      for (const [token] of text.matchAll(tokens)) {
        const hex = /^[+-]?0[xX]/.test(token);
        const json = hex ? "" : token.replace(/^\+/, "").replace(/^(-?)\./, "$10.")
          .replace(/[eE][+-]?$/, "").replace(/\.(?=[eE]|$)/, "");
        const digitsOnly = hex || /^[+-]?\d+$/.test(token);
        if (hex) {
          const exact = BigInt(token.replace(/^[+-]/, ""));
          if (Number(exact) === Math.abs(n) && exact > BigInt(Number.MAX_SAFE_INTEGER)) {
            found.push({ kind: "unsafe_integer", where: `number ${token}` });
          }
          continue;
        }
        if (Math.abs(Number(json)) !== Math.abs(n)) continue;
        const finding = numberFinding(json, digitsOnly);
        if (finding !== null) found.push({ kind: finding.kind, where: `number ${token}` });
      }
    },
  );
  return found;
}

// ------------------------------------------------------------------- judging

/** The five profile names, as the oracle knows them. */
export type ProfileName = "permissive" | "interactive" | "execution" | "agent" | "strict";

/**
 * What the engine answered, in the oracle's terms (from a `ScanResult` or a `GateResult`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import type { Observed } from "./oracle.ts";
 * const observed: Observed = {
 *   hasValue: true, value: [1], validJson: true, exactness: "exact", ambiguity: "none",
 *   refusal: null,
 * };
 * strictEqual(observed.refusal, null);
 * ```
 */
export interface Observed {
  /** Whether there is a value (no fatal error). */
  hasValue: boolean;
  /** The value read (even when refused), or anything when there is none. */
  value: unknown;
  /** Whether the engine says the text is RFC 8259 JSON. */
  validJson: boolean;
  /** `exact`, `cosmetic` or `lossy`. */
  exactness: string;
  /** `none`, `syntactic` or `semantic`. */
  ambiguity: string;
  /** The refusal's code under the profile (`E011`, `E010`, …), or null; the fatal code if any. */
  refusal: string | null;
}

/** How strict the engine must be with the findings, under a profile. */
function expectation(
  findings: readonly Finding[],
  profile: ProfileName,
  maxDepth: number,
  depth: number,
) {
  if (depth > maxDepth) return { fatal: "E020" } as const;
  const ambiguous = findings.length > 0;
  const lossy = findings.some((f) => LOSSY_KINDS.has(f.kind));
  let refusal: string | null = null;
  // A lossy hazard is refused as an ambiguity even where ambiguity is allowed but loss is not.
  if (ambiguous && (profile === "execution" || profile === "agent" || profile === "strict")) {
    refusal = "E011";
  } else if (lossy && profile === "interactive") refusal = "E011";
  return {
    fatal: null,
    exactness: lossy ? "lossy" : "exact",
    ambiguity: ambiguous ? "semantic" : "none",
    refusal,
  } as const;
}

/**
 * What is wrong with the answer to a text `JSON.parse` rejects: it may not say `valid_json`, and
 * a value it `claimed` safe (`unambiguous`, `executable`; `null` when it claimed nothing) may hold
 * no finding outside `awaiting`.
 */
function judgeNonJson(
  text: string,
  validJson: boolean,
  claimed: string | null,
  value: unknown,
  awaiting: ReadonlySet<HazardKind>,
): string[] {
  const wrong: string[] = [];
  if (validJson) wrong.push("valid_json, but JSON.parse rejects the text");
  if (claimed === null) return wrong;
  const missed = valueFindings(value, text).filter((f) => !awaiting.has(f.kind));
  if (missed.length > 0) {
    wrong.push(`${claimed}, but the value holds ${missed.map((f) => `${f.kind} (${f.where})`)}`);
  }
  return wrong;
}

/**
 * Judges the engine's answer for `text` under a profile against the oracle. Returns the
 * disagreements (empty when the engine agrees). When the text holds a kind of `awaiting`, the
 * engine must be at least as strict as the other kinds demand, and may be stricter.
 *
 * `value` is compared with `parsed` (the caller's reference value, `JSON.parse` of the text or an
 * independent reader's when V8 misreads), exactly, -0 included.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { judge } from "./oracle.ts";
 * const observed = {
 *   hasValue: true, value: ["a\u202Eb"], validJson: true, exactness: "exact",
 *   ambiguity: "none", refusal: null,
 * };
 * deepStrictEqual(judge('["a\\u202Eb"]', "strict", observed).length, 2); // ambiguity and refusal
 * ```
 */
export function judge(
  text: string,
  profile: ProfileName,
  observed: Observed,
  options: { awaiting?: ReadonlySet<HazardKind>; maxDepth?: number; parsed?: unknown } = {},
): string[] {
  const awaiting = options.awaiting ?? AWAITING_ENGINE_FIX;
  const reading = readText(text);
  if (!reading.json) {
    const claimed = observed.hasValue && observed.ambiguity === "none" ? "unambiguous" : null;
    return judgeNonJson(text, observed.validJson, claimed, observed.value, awaiting);
  }
  const wrong: string[] = [];
  const judged = reading.findings.filter((f) => !awaiting.has(f.kind));
  const partial = judged.length < reading.findings.length;
  const expected = expectation(judged, profile, options.maxDepth ?? 512, reading.depth);
  if (expected.fatal !== null) {
    if (observed.hasValue || observed.refusal !== expected.fatal) {
      wrong.push(`expected fatal ${expected.fatal}, got ${observed.refusal}`);
    }
    return wrong;
  }
  const hazards = judged.map((f) => `${f.kind} (${f.where})`).join(", ") || "no hazard";
  if (!observed.hasValue) return [`JSON with ${hazards}, but no value (${observed.refusal})`];
  if (!observed.validJson) wrong.push("JSON.parse accepts it, but not valid_json");
  const reference = "parsed" in options ? options.parsed : reading.value;
  if (!isDeepStrictEqual(observed.value, reference)) wrong.push("value differs from JSON.parse");
  const order = { exact: 0, cosmetic: 1, lossy: 2, none: 0, syntactic: 1, semantic: 2 } as const;
  const at = (word: string) => order[word as keyof typeof order] ?? -1;
  const compare = (what: string, got: string, want: string) => {
    if (partial ? at(got) < at(want) : got !== want) {
      wrong.push(`${what} ${got}, expected ${partial ? "at least " : ""}${want} for ${hazards}`);
    }
  };
  compare("exactness", observed.exactness, expected.exactness);
  compare("ambiguity", observed.ambiguity, expected.ambiguity);
  if (partial) {
    if (expected.refusal !== null && observed.refusal === null) {
      wrong.push(`executable under ${profile}, expected ${expected.refusal} for ${hazards}`);
    }
  } else if (observed.refusal !== expected.refusal) {
    wrong.push(
      `refusal ${observed.refusal} under ${profile}, expected ${expected.refusal} for ${hazards}`,
    );
  }
  return wrong;
}

/**
 * The kinds `readText` (JSON) or `valueFindings` (otherwise) finds in a text, for generators
 * that must avoid the kinds in {@linkcode AWAITING_ENGINE_FIX}.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { kindsIn } from "./oracle.ts";
 * deepStrictEqual([...kindsIn('{"a":1,"a":2}')], ["duplicate_key"]);
 * ```
 */
export function kindsIn(text: string): Set<HazardKind> {
  const reading = readText(text);
  if (reading.json) return new Set(reading.findings.map((f) => f.kind));
  return new Set();
}

/**
 * What `gate` answered, in the oracle's terms.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import type { ObservedGate } from "./oracle.ts";
 * const observed: ObservedGate = {
 *   executable: true, decision: "safe", error: null, value: [1], validJson: true,
 * };
 * strictEqual(observed.decision, "safe");
 * ```
 */
export interface ObservedGate {
  /** `executable`. */
  executable: boolean;
  /** `decision`. */
  decision: string;
  /** `error.code`, or null. */
  error: string | null;
  /** `value` (null when refused). */
  value: unknown;
  /** `valid_json`. */
  validJson: boolean;
}

/**
 * Judges a `gate` answer for `text` under a profile against the oracle; returns the
 * disagreements. The gate never executes a hazard, whatever the profile: a JSON text with one is
 * `ambiguous`, refused with `E011`. With a declaration (`declared`), a text the oracle finds clean may also be
 * refused with `E030`. Kinds of `awaiting` are handled as in {@linkcode judge}.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { judgeGate } from "./oracle.ts";
 * const observed = {
 *   executable: true, decision: "safe", error: null, value: { id: 1, ID: 2 }, validJson: true,
 * };
 * deepStrictEqual(judgeGate('{"id":1,"ID":2}', "agent", observed).length, 3);
 * ```
 */
export function judgeGate(
  text: string,
  profile: ProfileName,
  observed: ObservedGate,
  options: { awaiting?: ReadonlySet<HazardKind>; maxDepth?: number; declared?: boolean } = {},
): string[] {
  const awaiting = options.awaiting ?? AWAITING_ENGINE_FIX;
  const reading = readText(text);
  if (!reading.json) {
    const claimed = observed.executable ? "executable" : null;
    return judgeNonJson(text, observed.validJson, claimed, observed.value, awaiting);
  }
  const wrong: string[] = [];
  if (reading.depth > (options.maxDepth ?? 512)) {
    if (observed.decision !== "invalid" || observed.error !== "E020") {
      wrong.push(`deeper than max_depth: expected invalid E020, got ${observed.decision}`);
    }
    return wrong;
  }
  const judged = reading.findings.filter((f) => !awaiting.has(f.kind));
  const partial = judged.length < reading.findings.length;
  const hazards = judged.map((f) => `${f.kind} (${f.where})`).join(", ") || "no hazard";
  if (observed.decision === "invalid") return [`JSON with ${hazards}, but invalid`];
  if (!observed.validJson) wrong.push("JSON.parse accepts it, but not valid_json");
  const expected = expectation(judged, profile, Infinity, 0);
  if (judged.length > 0) {
    if (observed.decision !== "ambiguous") {
      wrong.push(`decision ${observed.decision}, expected ambiguous for ${hazards}`);
    }
    if (observed.executable) wrong.push(`executable under ${profile} with ${hazards}`);
    const code = expected.refusal ?? "E011";
    if (observed.error !== code) wrong.push(`error ${observed.error}, expected ${code}`);
    return wrong;
  }
  if (partial) return wrong; // a kind the engine may not detect yet: refusing it is fine too
  if (observed.decision !== "safe") wrong.push(`decision ${observed.decision}, expected safe`);
  if (observed.executable) {
    if (!isDeepStrictEqual(observed.value, reading.value)) {
      wrong.push("value differs from JSON.parse");
    }
  } else if (!(options.declared && observed.error === "E030")) {
    wrong.push(`refused with ${observed.error}, but the oracle finds nothing to refuse`);
  }
  return wrong;
}
