/**
 * Repair: the repaired document and what was changed, under a profile
 * (default `permissive`). A repair the profile refuses is an error, never a
 * silent change.
 *
 * @example
 * ```ts
 * import { repair } from "./repair.ts";
 * const result = repair("{'a': True, b: [1, 2,],}");
 * console.log(result.text, result.exactness); // {"a":true,"b":[1,2]} cosmetic
 * ```
 *
 * @module
 */

import { type GateOptions, prepare, renderValue } from "./gate.ts";
import type { EngineError } from "./errors.ts";
import { engineError } from "./errors.ts";
import type { Exactness, Repair } from "./rules.ts";
import { type Completeness, scan } from "./scanner.ts";

/**
 * What {@linkcode repair} answers. When `error` is non-null the repair was
 * refused (or impossible): `text` is `""` and `value` is `undefined`, while
 * the classification still says what was found.
 *
 * @example
 * ```ts
 * import { repair } from "./repair.ts";
 * const refused = repair('{"a":1', { profile: "execution" });
 * console.log(refused.error?.code, refused.text === ""); // E010 true
 * ```
 */
export interface RepairResult {
  /** The refusal or failure, or null. */
  error: EngineError | null;
  /** The repaired document as JSON ("" when refused). */
  text: string;
  /** The repaired value (undefined when refused). */
  value: unknown;
  /** `exact`, `cosmetic` or `lossy`. */
  exactness: Exactness;
  /** Whether the text admits more than one reading, or readers disagree on it. */
  ambiguous: boolean;
  /** `complete`, or `truncated` when the input ended inside the value. */
  completeness: Completeness;
  /** Every change made, in input order (at most 256). */
  repairs: Repair[];
  /** Whether more repairs were made than are listed. */
  repairs_truncated: boolean;
}

/**
 * Repairs `text` under a profile (default `permissive`).
 *
 * @example
 * ```ts
 * import { repair } from "./repair.ts";
 * const { text, repairs } = repair('```json\n{"path": "/tmp", }\n```');
 * console.log(text, repairs.map((r) => r.name)); // {"path":"/tmp"} ["StripCodeFence", "TrailingComma"]
 * ```
 */
export function repair(text: string, options: GateOptions = {}): RepairResult {
  const prepared = typeof text === "string"
    ? prepare(options, "permissive")
    : engineError("E001", "the input is not text; send the raw model output");
  if ("code" in prepared) {
    return {
      error: prepared,
      text: "",
      value: undefined,
      exactness: "exact",
      ambiguous: false,
      completeness: "complete",
      repairs: [],
      repairs_truncated: false,
    };
  }
  const result = scan(text, prepared.profile);
  const error = result.fatal ?? result.refusal;
  return {
    error,
    text: error === null ? renderValue(result, text) : "",
    value: error === null ? result.value : undefined,
    exactness: result.exactness,
    ambiguous: result.ambiguity !== "none",
    completeness: result.completeness,
    repairs: result.repairs,
    repairs_truncated: result.repairCount > result.repairs.length,
  };
}
