/**
 * The compile step: a host checks every tool call against the same
 * declaration, so it compiles the options and the declaration once and then
 * calls the compiled gate with the text alone. Compiling checks everything
 * up front, as {@linkcode gate} does, and throws {@linkcode CallerError} at
 * once: `E050` for an unknown profile or option or a value of the wrong type
 * or range, `E070` for a bad declaration (every unsupported keyword listed,
 * `pointer` into the options: `/schema`, `/schemaJson/properties/a/$dynamicRef`).
 * Unknown keywords are annotations, listed in `warnings` (refused with
 * `strictKeywords: true`).
 * The compiled functions answer exactly what the one-shot {@linkcode gate},
 * {@linkcode validate}, {@linkcode readiness} and {@linkcode JsonStream}
 * answer with the same options.
 *
 * @example
 * ```ts
 * import { compileGate } from "./compile.ts";
 * import { strictEqual } from "node:assert/strict";
 * const compiled = compileGate({ schema: "{!query:string,limit:integer(maximum=50)}" });
 * strictEqual(compiled.gate('{"query":"weather","limit":3}').executable, true);
 * const refused = compiled.gate('{"query":"weather","limit":"3"}');
 * strictEqual(refused.retry?.prompt.split("\n")[1],
 *   "Reason: the arguments do not match their declaration: " +
 *     '/limit must be an integer at most 50; got the string "3"; declared {!query:string,limit:integer(maximum=50)}');
 * ```
 *
 * @module
 */

import type { CompileWarning, Form } from "./declarations/form.ts";
import {
  checkText,
  GATE_OPTION_SPECS,
  type GateOptions,
  gatePrepared,
  type GateResult,
  prepare,
} from "./gate.ts";
import { passingCheck } from "./declarations/verdict.ts";
import { flatObject } from "./declarations/flat_object.ts";
import { branchesDeclareKeys } from "./declarations/twins.ts";
import { PROFILES } from "./profiles.ts";
import { readinessPrepared, type ReadinessResult } from "./readiness.ts";
import { JsonStream } from "./stream.ts";
import { validatePrepared, type ValidateResult } from "./validate.ts";

/**
 * A gate compiled once: every function takes the text alone.
 *
 * @example
 * ```ts
 * import { compileGate, type CompiledGate } from "./compile.ts";
 * import { strictEqual } from "node:assert/strict";
 * const compiled: CompiledGate = compileGate({ schema: "[integer]" });
 * strictEqual(compiled.validate("[1,2]").valid, true);
 * ```
 */
export interface CompiledGate {
  /** {@linkcode gate} with the compiled options. */
  gate(text: string): GateResult;
  /** {@linkcode validate} with the compiled declaration. */
  validate(text: string): ValidateResult;
  /** {@linkcode readiness} with the compiled declaration. */
  readiness(text: string): ReadinessResult;
  /** A new {@linkcode JsonStream} with the compiled options. */
  stream(): JsonStream;
  /** The compiled declaration, or null. */
  readonly declaration: Form | null;
  /**
   * What the schema says that is not checked: unknown keywords (annotations)
   * and keywords of another dialect applied as they mean there, each with its
   * pointer in the schema; empty without a JSON Schema or when there are none.
   */
  readonly warnings: readonly CompileWarning[];
}

/**
 * Compiles options and a declaration once; throws `CallerError` (`E050`,
 * `E070`) at once when either is wrong.
 *
 * @example
 * ```ts
 * import { compileGate } from "./compile.ts";
 * import { CallerError } from "./errors.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * throws(() => compileGate({ schemaJson: { type: "object", $dynamicRef: "#a" } }),
 *   (e) => e instanceof CallerError && e.code === "E070" && e.pointer === "/schemaJson/$dynamicRef");
 * throws(() => compileGate({ maxDepth: -1 }),
 *   (e) => e instanceof CallerError && e.code === "E050" && e.pointer === "/maxDepth");
 * strictEqual(compileGate({}).gate("[1,2,]").executable, true);
 * // Unknown keywords are annotations, listed with their pointers; strictKeywords refuses them.
 * const lenient = compileGate({ schemaJson: { type: "object", "x-order": 1 } });
 * strictEqual(lenient.warnings[0].pointer, "/x-order");
 * throws(() => compileGate({ schemaJson: { type: "object", "x-order": 1 }, strictKeywords: true }),
 *   (e) => e instanceof CallerError && e.code === "E070" && e.pointer === "/schemaJson/x-order");
 * ```
 */
export function compileGate(options: GateOptions = {}): CompiledGate {
  const { profile, declaration } = prepare(options, "agent", GATE_OPTION_SPECS, "compileGate");
  // validate and readiness take no profile: they read as strict and permissive.
  const strict = PROFILES.strict;
  const permissive = PROFILES.permissive;
  const passing = declaration === null ? undefined : passingCheck(declaration);
  // Whether an applicator's branch declares keys: a property of the declaration, asked once.
  const branchesDeclare = declaration !== null && branchesDeclareKeys(declaration);
  // A flat object's passing check counts the keys the fast path's walk would (`flat_object.ts`).
  const flat = declaration === null ? null : flatObject(declaration);
  return {
    declaration,
    warnings: declaration?.warnings ?? [],
    gate(text: string): GateResult {
      checkText(text, "gate");
      return gatePrepared(text, profile, declaration, passing, branchesDeclare, flat);
    },
    validate(text: string): ValidateResult {
      checkText(text, "validate");
      return validatePrepared(text, { profile: strict, declaration });
    },
    readiness(text: string): ReadinessResult {
      checkText(text, "readiness");
      return readinessPrepared(text, { profile: permissive, declaration });
    },
    stream(): JsonStream {
      return new JsonStream(options);
    },
  };
}
