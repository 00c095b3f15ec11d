/**
 * Repair: the repaired document and what was changed, under a profile
 * (default `permissive`). A repair the profile refuses is an error, never a
 * silent change.
 *
 * @example
 * ```ts
 * import { repair } from "./repair.ts";
 * import { strictEqual } from "node:assert/strict";
 * const result = repair("{'a': True, b: [1, 2,],}");
 * strictEqual(result.text, '{"a":true,"b":[1,2]}');
 * strictEqual(result.exactness, "cosmetic");
 * ```
 *
 * @module
 */

import { checkText, GATE_OPTION_SPECS, type GateOptions, prepare, renderValue } from "./gate.ts";
import type { EngineError } from "./errors.ts";
import type { Exactness, Repair } from "./rules.ts";
import { scanText } from "./fast_path.ts";
import type { Completeness } from "./scanner/mod.ts";

/**
 * What {@linkcode repair} answers. When `error` is non-null the repair was
 * refused (or impossible): `text` is `""` and `value` is `undefined`, while
 * the classification still says what was found.
 *
 * @example
 * ```ts
 * import { repair } from "./repair.ts";
 * import { strictEqual } from "node:assert/strict";
 * const refused = repair('{"a":1', { profile: "execution" });
 * strictEqual(refused.error?.code, "E010");
 * strictEqual(refused.text, "");
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
 * Repairs `text` under a profile (default `permissive`). Never throws for a
 * string `text`; throws a `CallerError` for a mistake of the host, as `gate`
 * does.
 *
 * @example
 * ```ts
 * import { repair } from "./repair.ts";
 * import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
 * const fence = "`".repeat(3);
 * const { text, repairs } = repair(`${fence}json\n{"path": "/tmp", }\n${fence}`);
 * strictEqual(text, '{"path":"/tmp"}');
 * deepStrictEqual(repairs.map((r) => r.name), ["StripCodeFence", "TrailingComma"]);
 * throws(() => repair("{}", { maxDepth: 0 }), { code: "E050", pointer: "/maxDepth" });
 * ```
 */
export function repair(text: string, options: GateOptions = {}): RepairResult {
  checkText(text, "repair");
  const prepared = prepare(options, "permissive", GATE_OPTION_SPECS, "repair");
  const result = scanText(text, prepared.profile);
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
