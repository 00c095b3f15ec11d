/**
 * Readiness: at which fraction of the input is the document already final?
 * A host streaming a generation can stop the model as soon as what it needs
 * can no longer change.
 *
 * - `syntax_permille`: per mille of the input at which the value's syntax was
 *   complete (its closing bracket; 1000 when only the end of the input, or
 *   nothing, completed it).
 * - `schema_permille`: per mille at which every declared top-level member was
 *   final (a string once the character after its closing quote confirms
 *   the close, a number or literal at the delimiter after it, an array or
 *   object at its closing bracket). A
 *   declared member that never appears is known absent only when the object
 *   closes. Without a declaration, this equals `syntax_permille`.
 * - `settled_permille`: per mille at which both are final (the larger).
 * - `step`: the point of `schema_permille`, exactly: the number of UTF-16
 *   code units of input after which no declared member can change (a host
 *   that needs only the declared members may stop the generation there; a
 *   later duplicate of a declared key would make the document ambiguous,
 *   which the gate refuses).
 * - `verdict`: the declaration's verdict on the value, when one was declared.
 *
 * Readiness never refuses a repair: it reads the text as `permissive` does.
 *
 * @example
 * ```ts
 * import { readiness } from "./readiness.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = '{"query":"weather","limit":3,"debug":"a long tail the host does not need"}';
 * const r = readiness(text, { schema: "{!query:string,!limit:integer}" });
 * strictEqual(r.schema_permille < r.syntax_permille, true);
 * strictEqual(r.step, 29);
 * ```
 *
 * @module
 */

import { permille } from "./classify.ts";
import { checkDeclaration, declaredMembers, type Verdict } from "./declarations/verdict.ts";
import { type EngineError, engineError } from "./errors.ts";
import { checkText, DECLARATION_OPTION_SPECS, prepare } from "./gate.ts";
import { scan } from "./scanner/mod.ts";
import type { Form } from "./declarations/form.ts";
import type { Profile } from "./profiles.ts";
import type { ValidateOptions } from "./validate.ts";

/**
 * What {@linkcode readiness} answers.
 *
 * @example
 * ```ts
 * import { readiness } from "./readiness.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(readiness('{"a":1}  ').syntax_permille, 778);
 * ```
 */
export interface ReadinessResult {
  /** Per mille of the input at which the syntax was final. */
  syntax_permille: number;
  /** Per mille at which every declared member was final. */
  schema_permille: number;
  /** Per mille at which both were final. */
  settled_permille: number;
  /** UTF-16 code units of input after which no declared member can change. */
  step: number;
  /** The declaration's verdict on the value (with a declaration). */
  verdict?: Verdict;
  /** Why no readiness could be measured (no value in the text), when so. */
  error?: EngineError;
}

/**
 * Measures where the document's syntax and its declared members become final.
 * Never throws for a string `text`; throws a `CallerError` for a mistake of
 * the host, as `validate` does.
 *
 * @example
 * ```ts
 * import { readiness } from "./readiness.ts";
 * import { deepStrictEqual, throws } from "node:assert/strict";
 * const r = readiness('{"a":1,"b":[1,2,3]}', { schema: "{!a:integer}" });
 * deepStrictEqual([r.schema_permille, r.syntax_permille, r.settled_permille], [369, 1000, 1000]);
 * throws(() => readiness(9 as unknown as string), { code: "E050", pointer: "/text" });
 * ```
 */
export function readiness(text: string, options: ValidateOptions = {}): ReadinessResult {
  checkText(text, "readiness");
  const prepared = prepare(options, "permissive", DECLARATION_OPTION_SPECS, "readiness");
  return readinessPrepared(text, prepared);
}

/**
 * {@linkcode readiness} with the profile and declaration already resolved
 * (what a compiled gate calls).
 *
 * @example
 * ```ts
 * import { readinessPrepared } from "./readiness.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(readinessPrepared("[1]", { profile: PROFILES.permissive, declaration: null }).syntax_permille, 1000);
 * ```
 */
export function readinessPrepared(
  text: string,
  prepared: { profile: Profile; declaration: Form | null },
): ReadinessResult {
  const result = scan(text, prepared.profile, true);
  const length = result.length;
  if (!result.hasValue) {
    return {
      syntax_permille: 1000,
      schema_permille: 1000,
      settled_permille: 1000,
      step: length,
      error: result.fatal ?? engineError("E003", "no JSON value found in the input"),
    };
  }
  const syntaxEnd = result.syntaxEnd;
  let schemaEnd = syntaxEnd;
  let verdict: Verdict | undefined;
  if (prepared.declaration !== null) {
    verdict = checkDeclaration(prepared.declaration, result.value);
    const declared = declaredMembers(prepared.declaration);
    if (declared.length > 0) {
      const finalAt = new Map<string, number>();
      for (const member of result.members) {
        // The last occurrence of a duplicate key is the one that counts.
        finalAt.set(member.name, member.end);
      }
      schemaEnd = 0;
      for (const member of declared) {
        const end = finalAt.get(member.name) ?? syntaxEnd;
        if (end > schemaEnd) schemaEnd = end;
      }
    }
  }
  const settled = Math.max(syntaxEnd, schemaEnd);
  const out: ReadinessResult = {
    syntax_permille: permille(syntaxEnd, length),
    schema_permille: permille(schemaEnd, length),
    settled_permille: permille(settled, length),
    step: schemaEnd,
  };
  if (verdict !== undefined) out.verdict = verdict;
  return out;
}
