/**
 * The table runner of the scanner modules' tests (`tests/scanner/<module>_test.ts`): a row is a
 * text, the options it is scanned under, and what the scan says: the value (absent when there is
 * none), the rules fired in input order with their offsets (`R011@6`), whether the input was
 * truncated, the fatal error's whole message, and the root object's members where the row names
 * them. A row is run by `checkRows` of `scan_rows.ts` (scanned whole, then fed cut at every
 * point and one unit at a time: each must give the whole scan's result).
 *
 * @example
 * ```ts ignore
 * import { runScanCases } from "./scan_cases.ts";
 * runScanCases("containers", [{ name: "an empty array", text: "[]", value: [], rules: "" }]);
 * ```
 *
 * @module
 */

import type { Options } from "../../engine/profiles.ts";
import type { ScanResult } from "../../engine/scanner/mod.ts";
import { checkRows, type ScanRow } from "./scan_rows.ts";

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

/** The case as a {@linkcode ScanRow}: its completeness always pinned, its fatal error by code and message. */
function asRow(row: ScanCase): ScanRow {
  const completeness: ScanResult["completeness"] = row.completeness ?? "complete";
  return {
    name: row.name,
    input: row.text,
    options: row.options,
    ...("value" in row ? { value: row.value } : {}),
    rules: row.rules,
    completeness,
    ...(row.fatal === undefined ? {} : { fatal: row.fatal.slice(0, 4), message: row.fatal }),
    refusal: row.refusal,
    members: row.members,
  };
}

/** Registers one `Deno.test` per row, named `<module>: <row name>`. */
export function runScanCases(module: string, rows: readonly ScanCase[]): void {
  checkRows(module, rows.map(asRow));
}
