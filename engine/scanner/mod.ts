/**
 * The scanner's public face: {@linkcode scan} reads a whole document, the
 * resumable {@linkcode Scanner} reads one fed in chunks. Everything else in
 * `engine/scanner/` is internal to the scanner (docs/ENGINE.md lists the
 * modules).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan("{'a': True,}", PROFILES.permissive).value, { a: true });
 * ```
 *
 * @module
 */

export { hasCase, holdsAnyOf, skipWhiteSpace } from "./chars.ts";
export {
  type Completeness,
  MAX_LISTED_REPAIRS,
  type ScanResult,
  type SettledMember,
} from "./scan_result.ts";
export { scan, Scanner } from "./scanner.ts";
