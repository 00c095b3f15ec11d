/**
 * Classification: from what the scanner found to the decision a host
 * branches on. The decision is the first of these that applies:
 * `invalid` (no value, or a limit was hit) > `ambiguous` > `lossy_repair` >
 * `cosmetic_repair` > `safe`. It is a property of the document, not of the
 * profile: the profile decides whether the document is refused.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { decide } from "./classify.ts";
 * import { scan } from "./scanner/mod.ts";
 * import { PROFILES } from "./profiles.ts";
 * strictEqual(decide(scan("[1,2,]", PROFILES.agent)), "cosmetic_repair");
 * ```
 *
 * @module
 */

import type { ScanResult } from "./scanner/mod.ts";

/**
 * What the document is, from best to worst.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import type { Decision } from "./classify.ts";
 * const decision: Decision = "cosmetic_repair";
 * strictEqual(decision, "cosmetic_repair");
 * ```
 */
export type Decision = "safe" | "cosmetic_repair" | "lossy_repair" | "ambiguous" | "invalid";

/**
 * The decision for a scan.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { decide } from "./classify.ts";
 * import { scan } from "./scanner/mod.ts";
 * import { PROFILES } from "./profiles.ts";
 * strictEqual(decide(scan('{"a":1,"a":2}', PROFILES.permissive)), "ambiguous");
 * strictEqual(decide(scan("", PROFILES.permissive)), "invalid");
 * ```
 */
export function decide(result: ScanResult): Decision {
  if (result.fatal !== null || !result.hasValue) return "invalid";
  if (result.ambiguity !== "none") return "ambiguous";
  if (result.exactness === "lossy") return "lossy_repair";
  if (result.exactness === "cosmetic") return "cosmetic_repair";
  return "safe";
}

/** Labels for an executable document, by decision. */
const EXECUTABLE_LABELS: Readonly<Record<"safe" | "cosmetic_repair", string>> = {
  safe: "SAFE TO EXECUTE",
  cosmetic_repair: "SAFE TO EXECUTE (notation repaired)",
};

/** Labels for a refused document, by decision. */
const REFUSED_LABELS: Readonly<Record<Decision, string>> = {
  safe: "REJECT (refused by the profile)",
  cosmetic_repair: "REJECT (notation repair refused by the profile)",
  lossy_repair: "REJECT (a value was changed)",
  ambiguous: "REJECT (more than one reading)",
  invalid: "REJECT (no usable value)",
};

/** Label of a document that is valid but fails its declaration. */
const MISMATCH_LABEL = "REJECT (declaration not satisfied)";

/**
 * The one-line label of a gate result.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { labelFor } from "./classify.ts";
 * strictEqual(labelFor("lossy_repair", false, "E010"), "REJECT (a value was changed)");
 * strictEqual(labelFor("safe", true, null), "SAFE TO EXECUTE");
 * strictEqual(labelFor("safe", false, "E030"), "REJECT (declaration not satisfied)");
 * ```
 */
export function labelFor(
  decision: Decision,
  executable: boolean,
  errorCode: string | null,
): string {
  if (executable && (decision === "safe" || decision === "cosmetic_repair")) {
    return EXECUTABLE_LABELS[decision];
  }
  if (errorCode === "E030") return MISMATCH_LABEL;
  return REFUSED_LABELS[decision];
}

/**
 * Permille of `offset` in an input of `length` code units, rounded up (the
 * fraction of the input that suffices); 1000 for an empty input.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { permille } from "./classify.ts";
 * strictEqual(permille(7, 14), 500);
 * strictEqual(permille(0, 0), 1000);
 * ```
 */
export function permille(offset: number, length: number): number {
  if (length <= 0) return 1000;
  return Math.min(1000, Math.ceil((offset * 1000) / length));
}
