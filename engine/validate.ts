/**
 * Validate: is this legal JSON as written, and does it satisfy its
 * declaration? Validation never repairs into its verdict: the declaration is
 * checked only on a document that was valid as written. When the text is not
 * valid but repairable, the answer also shows what a repair would do.
 *
 * @example
 * ```ts
 * import { validate } from "./validate.ts";
 * console.log(validate('{"a":1}').valid); // true
 * const bad = validate("{'a':1}");
 * console.log(bad.valid, bad.error?.code, bad.repaired); // false E010 {"a":1}
 * ```
 *
 * @module
 */

import { checkDeclaration, describeVerdictProblems, type Verdict } from "./declarations/verdict.ts";
import type { EngineError } from "./errors.ts";
import { engineError } from "./errors.ts";
import { type GateOptions, prepare, renderValue } from "./gate.ts";
import type { Exactness, Repair } from "./rules.ts";
import { scan } from "./scanner.ts";
import type { Form } from "./declarations/form.ts";
import type { Profile } from "./profiles.ts";

/**
 * Options of {@linkcode validate}: only a declaration (validation has no profile).
 *
 * @example
 * ```ts
 * import type { ValidateOptions } from "./validate.ts";
 * const options: ValidateOptions = { schema: "{!id:integer}" };
 * console.log(options.schema);
 * ```
 */
export type ValidateOptions = Pick<GateOptions, "schema" | "schemaJson" | "assertFormat">;

/**
 * What {@linkcode validate} answers.
 *
 * @example
 * ```ts
 * import { validate } from "./validate.ts";
 * const result = validate('{"id":"7"}', { schema: "{!id:integer}" });
 * console.log(result.valid, result.schema?.mismatched); // false [{ pointer: "/id", expected: "integer", found: "string" }]
 * ```
 */
export interface ValidateResult {
  /** Legal RFC 8259 JSON as written, and the declaration (if any) satisfied. */
  valid: boolean;
  /** The declaration's verdict, for a document valid as written. */
  schema?: Verdict;
  /** Why it is not valid, or null. */
  error?: EngineError | null;
  /** The repaired document, when the text is not valid JSON but repairable. */
  repaired?: string;
  /** How far the text is from JSON (`exact` when valid as written). */
  exactness?: Exactness;
  /** Whether the text admits more than one reading, or readers disagree on it. */
  ambiguous?: boolean;
  /** What a repair changes (or, for valid JSON, the hazards found). */
  repairs?: Repair[];
}

/**
 * Validates `text` as RFC 8259 JSON, then against its declaration.
 *
 * @example
 * ```ts
 * import { validate } from "./validate.ts";
 * const result = validate('{"query":"x"}', { schema: "{!query:string,!limit:integer}" });
 * console.log(result.valid, result.schema?.missing); // false ["/limit"]
 * ```
 */
export function validate(text: string, options: ValidateOptions = {}): ValidateResult {
  const prepared = typeof text === "string"
    ? prepare(
      {
        schema: options.schema,
        schemaJson: options.schemaJson,
        assertFormat: options.assertFormat,
      },
      "strict",
    )
    : engineError("E001", "the input is not text; send the raw model output");
  if ("code" in prepared) return { valid: false, error: prepared };
  return validatePrepared(text, prepared);
}

/**
 * {@linkcode validate} with the profile and declaration already resolved
 * (what a compiled gate calls).
 *
 * @example
 * ```ts
 * import { validatePrepared } from "./validate.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(validatePrepared("[1]", { profile: PROFILES.strict, declaration: null }).valid, true);
 * ```
 */
export function validatePrepared(
  text: string,
  prepared: { profile: Profile; declaration: Form | null },
): ValidateResult {
  // One scan under strict: the scanner repairs alike under every profile, so
  // its value shows what a repair would make, and its refusal says why the
  // text is not valid as written.
  const result = scan(text, prepared.profile);
  if (result.fatal !== null) return { valid: false, error: result.fatal };
  const classification = {
    exactness: result.exactness,
    ambiguous: result.ambiguity !== "none",
    repairs: result.repairs,
  };
  if (!result.validJson) {
    return {
      valid: false,
      error: result.refusal,
      repaired: renderValue(result, text),
      ...classification,
    };
  }
  if (prepared.declaration === null) return { valid: true, error: null, ...classification };
  const verdict = checkDeclaration(prepared.declaration, result.value);
  return {
    valid: verdict.ok,
    schema: verdict,
    error: verdict.ok ? null : engineError("E030", describeVerdictProblems(verdict)),
    ...classification,
  };
}
