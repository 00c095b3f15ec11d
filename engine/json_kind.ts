/**
 * What kind of JSON value a parsed value is: a plain object
 * ({@linkcode isRecord}) and the kind's name for a message
 * ({@linkcode jsonKind}). The engine's one definition of each; the surfaces
 * word theirs on top of it (`wire/jsonrpc.ts`).
 *
 * @example
 * ```ts
 * import { isRecord, jsonKind } from "./json_kind.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(isRecord({ a: 1 }), true);
 * strictEqual(jsonKind([1]), "array");
 * ```
 *
 * @module
 */

/**
 * Whether a value is a plain JSON object: an object, not `null`, not an array.
 *
 * @example
 * ```ts
 * import { isRecord } from "./json_kind.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual([isRecord({}), isRecord([]), isRecord(null), isRecord("{}")], [
 *   true,
 *   false,
 *   false,
 *   false,
 * ]);
 * ```
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The kind of a parsed value, as a message names it: `null`, `array`, or
 * its `typeof` (`object`, `string`, `number`, `boolean`, …).
 *
 * @example
 * ```ts
 * import { jsonKind } from "./json_kind.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual([jsonKind(null), jsonKind([]), jsonKind({}), jsonKind(1)], [
 *   "null",
 *   "array",
 *   "object",
 *   "number",
 * ]);
 * ```
 */
export function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
