/**
 * The table runner of the scanner modules' tests (`tests/scanner/<module>_test.ts`): a row is a
 * text, the options it is scanned under, and what the scan says: the value (absent when there is
 * none), the rules fired in input order with their offsets (`R011@6`), whether the input was
 * truncated, the fatal error's whole message, and the root object's members where the row names
 * them. Each row is scanned whole and fed one character at a
 * time; both must say what the row says.
 *
 * @example
 * ```ts ignore
 * import { runScanCases } from "./scan_cases.ts";
 * runScanCases("containers", [{ name: "an empty array", text: "[]", value: [], rules: "" }]);
 * ```
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner, type ScanResult } from "../../engine/scanner/mod.ts";
import { type Options, PROFILES, resolveOptions } from "../../engine/profiles.ts";

/** One row of a scanner module's table. */
export interface ScanCase {
  /** The behaviour it pins. */
  name: string;
  text: string;
  /** Options to resolve (default: the `permissive` profile). */
  options?: Options;
  /** The value; absent when the scan produces none. */
  value?: unknown;
  /** The rules fired, in order, space-separated, each `rule@offset`. */
  rules: string;
  completeness?: "truncated";
  /** The fatal error's whole message (no value), if any. */
  fatal?: string;
  /** The refusal's code under the row's options, if any. */
  refusal?: string;
  /** The root object's members as they became final, `name@end`, when the row pins them. */
  members?: string;
}

function oneCharAtATime(text: string, options: Options | undefined): ScanResult {
  const scanner = new Scanner(
    options === undefined ? PROFILES.permissive : resolveOptions(options),
    true,
  );
  for (const c of text) scanner.feed(c, false);
  scanner.feed("", true);
  return scanner.result();
}

/** Registers one `Deno.test` per row, named `<module>: <row name>`. */
export function runScanCases(module: string, rows: readonly ScanCase[]): void {
  for (const row of rows) {
    Deno.test(`${module}: ${row.name}`, () => {
      const profile = row.options === undefined ? PROFILES.permissive : resolveOptions(row.options);
      const results = [scan(row.text, profile, true), oneCharAtATime(row.text, row.options)];
      for (const [k, result] of results.entries()) {
        const how = k === 0 ? "scanned whole" : "fed one character at a time";
        assert.equal(result.fatal?.message, row.fatal, how);
        assert.deepEqual(result.value, row.value, how);
        assert.equal(result.repairs.map((r) => `${r.rule}@${r.offset}`).join(" "), row.rules, how);
        assert.equal(result.completeness, row.completeness ?? "complete", how);
        assert.equal(result.refusal?.code, row.refusal, how);
        if (row.members !== undefined) {
          assert.equal(result.members.map((m) => `${m.name}@${m.end}`).join(" "), row.members, how);
        }
      }
    });
  }
}
