/**
 * What a scan returns (`ScanResult`), and the result of a document read unescaped (`R067`),
 * its offsets mapped back to the text as written.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { MAX_LISTED_REPAIRS } from "./scan_result.ts";
 * strictEqual(MAX_LISTED_REPAIRS, 256);
 * ```
 *
 * @module
 */
import type { EngineError } from "../errors.ts";
import { type EscapedReading, writtenOffsets } from "../escaped_document.ts";
import { type Ambiguity, type Exactness, type Repair, ruleByName } from "../rules.ts";

/**
 * At most this many repairs are listed; the rest are counted (`repairs_truncated`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { MAX_LISTED_REPAIRS } from "./scan_result.ts";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan("[" + "'a',".repeat(300) + "'a']", PROFILES.permissive); // 301 repairs
 * strictEqual(result.repairs.length, MAX_LISTED_REPAIRS);
 * strictEqual(result.repairCount, 301);
 * ```
 */
export const MAX_LISTED_REPAIRS = 256;

/**
 * Whether the input ended before the value did.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { type Completeness, scan } from "./mod.ts";
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
 * import { scan } from "./mod.ts";
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
 * import { scan } from "./mod.ts";
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
 * Whether a scan's reading is one every repairing profile accepts: a value, cosmetic at worst.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { acceptable } from "./scan_result.ts";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * strictEqual(acceptable(scan('{"a": 1}', PROFILES.strict)), true);
 * strictEqual(acceptable(scan("{'a': 1,}", PROFILES.permissive)), true); // cosmetic repairs
 * strictEqual(acceptable(scan("[NaN]", PROFILES.permissive)), false); // lossy
 * strictEqual(acceptable(scan("[1, 2", PROFILES.permissive)), false); // truncated
 * ```
 */
export function acceptable(result: ScanResult): boolean {
  return result.fatal === null && result.refusal === null && result.hasValue &&
    result.exactness !== "lossy" && result.ambiguity === "none" &&
    result.completeness === "complete";
}

/**
 * The rule a document escaped once is read under (`R067 EscapedDocument`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ESCAPED_DOCUMENT } from "./scan_result.ts";
 * strictEqual(ESCAPED_DOCUMENT.code, "R067");
 * strictEqual(ESCAPED_DOCUMENT.name, "EscapedDocument");
 * ```
 */
// repair: `{\"a\": 1}` (escaped once) → `{"a": 1}` (recorded by `unescapedResult`)
export const ESCAPED_DOCUMENT = ruleByName("EscapedDocument");

/**
 * The scan of the unescaped text as the result of the text as written: `R067` at the span's
 * first bracket, the repairs, value span and members placed back in the text as written.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { unescapedResult } from "./scan_result.ts";
 * import { escapedReading } from "../escaped_document.ts";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const written = 'Here: {\\"a\\": 1}';
 * const reading = escapedReading(written)!;
 * const result = unescapedResult(scan(reading.text, PROFILES.permissive), reading, written);
 * deepStrictEqual(result.value, { a: 1 });
 * // R003: the prose before the document; R067 at its first bracket, as written
 * deepStrictEqual(result.repairs.map((r) => [r.rule, r.offset]), [["R003", 0], ["R067", 6]]);
 * strictEqual(result.length, written.length);
 * ```
 */
export function unescapedResult(
  found: ScanResult,
  reading: EscapedReading,
  text: string,
): ScanResult {
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

/**
 * The offsets at which the lines of a text start (0 first).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { lineStarts } from "./scan_result.ts";
 * deepStrictEqual(lineStarts("a\nbc\n"), [0, 2, 5]);
 * deepStrictEqual(lineStarts("one line"), [0]);
 * deepStrictEqual(lineStarts(""), [0]);
 * ```
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}
