/**
 * The row shape of the scanner modules' tables (`tests/scanner/<module>_test.ts`), and the
 * runner they share. A {@linkcode ScanRow} names an input and what one `scan` of it must say:
 * the value (or none), the repairs in input order with their offsets, the fatal error or the
 * refusal, and, when the row pins them, the value's span and the completeness. Every row is
 * then fed to a `Scanner` cut at every point and one code unit at a time, and each of those
 * scans must give the whole result of the one `scan` (the streaming invariant): the suspend and
 * resume paths of a module are pinned by the same rows as its one-shot paths.
 *
 * @example
 * ```ts ignore
 * import { checkRows } from "./scan_rows.ts";
 * checkRows("preamble", [
 *   { name: "a BOM is dropped", input: "\ufeff[1]", value: [1], rules: "R001@0" },
 * ]);
 * ```
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner, type ScanResult } from "../../engine/scanner/mod.ts";
import {
  type Options,
  type Profile,
  type ProfileName,
  resolveOptions,
} from "../../engine/profiles.ts";

/** One row: an input and what its scan says. */
export interface ScanRow {
  /** The behaviour it pins. */
  name: string;
  input: string;
  /** The profile (default `permissive`). */
  profile?: ProfileName;
  /** Options beside the profile (`maxToken`, `maxDepth`, …). */
  options?: Options;
  /** The value; absent when the scan produces none. */
  value?: unknown;
  /** The repairs in input order, `R003@5` (rule and offset), space-separated; default none. */
  rules?: string;
  /** The fatal error's code, when the scan has no value. */
  fatal?: string;
  /** The refusal's code under the row's profile. */
  refusal?: string;
  /** The refused repair's rule (`refusal.rule`). */
  refusedRule?: string;
  /** The whole message of the fatal error or the refusal. */
  message?: string;
  /** `[valueStart, valueEnd]`. */
  span?: readonly [number, number];
  /** `syntaxEnd`. */
  syntaxEnd?: number;
  /** `exactness ambiguity valid|invalid completeness`. */
  is?: string;
  /** `completeness` alone (`complete`, `truncated`). */
  completeness?: ScanResult["completeness"];
  /** The top-level members as they became final (`name@end`), scanned with members tracked. */
  members?: string;
  /** Skip the streaming invariant (a row that documents where it does not hold). */
  oneShotOnly?: boolean;
}

/** The fields a row pins, read from a result. */
function observed(row: ScanRow, result: ScanResult): Record<string, unknown> {
  const seen: Record<string, unknown> = {
    hasValue: result.hasValue,
    value: result.value,
    rules: result.repairs.map((r) => `${r.rule}@${r.offset}`).join(" "),
    repairCount: result.repairCount,
    fatal: result.fatal?.code,
    refusal: result.refusal?.code,
  };
  if (row.refusedRule !== undefined) seen.refusedRule = result.refusal?.rule;
  if (row.message !== undefined) seen.message = (result.fatal ?? result.refusal)?.message;
  if (row.span !== undefined) seen.span = [result.valueStart, result.valueEnd];
  if (row.syntaxEnd !== undefined) seen.syntaxEnd = result.syntaxEnd;
  if (row.is !== undefined) {
    seen.is = `${result.exactness} ${result.ambiguity} ${
      result.validJson ? "valid" : "invalid"
    } ${result.completeness}`;
  }
  if (row.completeness !== undefined) seen.completeness = result.completeness;
  if (row.members !== undefined) {
    seen.members = result.members.map((m) => `${m.name}@${m.end}`).join(" ");
  }
  return seen;
}

/** What the row expects, in the shape of {@linkcode observed}. */
function expected(row: ScanRow): Record<string, unknown> {
  const rules = row.rules ?? "";
  const wanted: Record<string, unknown> = {
    hasValue: "value" in row,
    value: row.value,
    rules,
    repairCount: rules === "" ? 0 : rules.split(" ").length,
    fatal: row.fatal,
    refusal: row.refusal,
  };
  if (row.refusedRule !== undefined) wanted.refusedRule = row.refusedRule;
  if (row.message !== undefined) wanted.message = row.message;
  if (row.span !== undefined) wanted.span = row.span;
  if (row.syntaxEnd !== undefined) wanted.syntaxEnd = row.syntaxEnd;
  if (row.is !== undefined) wanted.is = row.is;
  if (row.completeness !== undefined) wanted.completeness = row.completeness;
  if (row.members !== undefined) wanted.members = row.members;
  return wanted;
}

/** The row's resolved options. */
function profileOf(row: ScanRow): Profile {
  return resolveOptions({ profile: row.profile ?? "permissive", ...row.options });
}

/** Feeds `chunks` to a scanner (members tracked as `trackMembers` says), then ends it. */
function fed(chunks: readonly string[], row: ScanRow, trackMembers: boolean): ScanResult {
  const scanner = new Scanner(profileOf(row), trackMembers);
  for (const chunk of chunks) scanner.feed(chunk, false);
  scanner.feed("", true);
  return scanner.result();
}

/**
 * Every way of cutting `text` in two, and in chunks of one code unit (a
 * surrogate pair may be split).
 */
function cuts(text: string): string[][] {
  const all: string[][] = [];
  for (let k = 0; k <= text.length; k++) all.push([text.slice(0, k), text.slice(k)]);
  all.push([...text.split("")]);
  return all;
}

/**
 * One test per row: its one `scan`, then its streams (every cut) against that scan's whole
 * result.
 *
 * @example
 * ```ts ignore
 * checkRows("words", [{ name: "True is true", input: "True", value: true, rules: "R040@0" }]);
 * ```
 */
export function checkRows(module: string, rows: readonly ScanRow[]): void {
  for (const row of rows) {
    Deno.test(`${module}: ${row.name}`, () => {
      const profile = profileOf(row);
      const tracked = row.members !== undefined;
      const once = scan(row.input, profile, tracked);
      assert.deepStrictEqual(observed(row, once), expected(row));
      if (row.oneShotOnly) return;
      const whole = { ...once };
      for (const chunks of cuts(row.input)) {
        const streamed = { ...fed(chunks, row, tracked) };
        assert.deepStrictEqual(streamed, whole, `fed as ${JSON.stringify(chunks)}`);
      }
    });
  }
}
