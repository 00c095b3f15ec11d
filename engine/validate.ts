/**
 * Validate: is this legal JSON as written, and does it satisfy its
 * declaration? Validation never repairs into its verdict: the declaration is
 * checked only on a document that was valid as written. When the text is not
 * valid but repairable, the answer also shows what a repair would do.
 *
 * @example
 * ```ts
 * import { validate } from "./validate.ts";
 * import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
 * strictEqual(validate('{"a":1}').valid, true);
 * const bad = validate("{'a':1}");
 * deepStrictEqual([bad.valid, bad.error?.code, bad.repaired], [false, "E010", '{"a":1}']);
 * // A bad declaration is the host's mistake: thrown, never an answer.
 * throws(() => validate("{}", { schema: "{!a" }), { name: "CallerError", code: "E070" });
 * ```
 *
 * @module
 */

import { checkDeclaration, describeVerdictProblems, type Verdict } from "./declarations/verdict.ts";
import type { EngineError } from "./errors.ts";
import { engineError } from "./errors.ts";
import {
  checkText,
  DECLARATION_OPTION_SPECS,
  type GateOptions,
  prepare,
  renderValue,
} from "./gate.ts";
import type { Exactness, Repair } from "./rules.ts";
import { scanText } from "./fast_path.ts";
import type { Form } from "./declarations/form.ts";
import type { Profile } from "./profiles.ts";

/**
 * Options of {@linkcode validate}: only a declaration (validation has no profile).
 *
 * @example
 * ```ts
 * import { validate, type ValidateOptions } from "./validate.ts";
 * import { strictEqual } from "node:assert/strict";
 * const options: ValidateOptions = { schema: "{!id:integer}" };
 * strictEqual(validate('{"id":7}', options).valid, true);
 * ```
 */
export type ValidateOptions = Pick<
  GateOptions,
  "schema" | "schemaJson" | "assertFormat" | "strictKeywords"
>;

/**
 * What {@linkcode validate} answers.
 *
 * @example
 * ```ts
 * import { validate } from "./validate.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const result = validate('{"id":"7"}', { schema: "{!id:integer}" });
 * strictEqual(result.valid, false);
 * deepStrictEqual(result.schema?.mismatched, [
 *   { pointer: "/id", expected: "an integer", found: 'the string "7"' },
 * ]);
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
 * Validates `text` as RFC 8259 JSON, then against its declaration. Never
 * throws for a string `text`; throws a `CallerError` for a mistake of the
 * host: `E050` for a `text` that is not a string or options that are not
 * `{schema}` or `{schemaJson}`, `E070` for a bad declaration.
 *
 * @example
 * ```ts
 * import { validate } from "./validate.ts";
 * import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
 * const result = validate('{"query":"x"}', { schema: "{!query:string,!limit:integer}" });
 * strictEqual(result.valid, false);
 * deepStrictEqual(result.schema?.missing, ["/limit"]);
 * throws(() => validate("{}", { profile: "agent" } as never), { code: "E050", pointer: "/profile" });
 * ```
 */
export function validate(text: string, options: ValidateOptions = {}): ValidateResult {
  checkText(text, "validate");
  const prepared = prepare(options, "strict", DECLARATION_OPTION_SPECS, "validate");
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
  const result = scanText(text, prepared.profile);
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
