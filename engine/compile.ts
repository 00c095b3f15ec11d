/**
 * The compile step: a host checks every tool call against the same
 * declaration, so it compiles the options and the declaration once and then
 * calls the compiled gate with the text alone. Compiling validates
 * everything up front and throws {@linkcode CallerError} at once: `E050` for
 * an unknown profile or an option of the wrong type or range, `E070` for a
 * bad declaration (every unsupported keyword listed with its JSON pointer).
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
 *   'Reason: /limit must be an integer at most 50; got the string "3"; declared {!query:string,limit:integer(maximum=50)}');
 * ```
 *
 * @module
 */

import { compileDeclaration } from "./declarations/compile.ts";
import type { Form } from "./declarations/form.ts";
import { CallerError } from "./errors.ts";
import { gate, type GateOptions, type GateResult, gateScan } from "./gate.ts";
import { type Profile, resolveOptions } from "./profiles.ts";
import { readiness, readinessPrepared, type ReadinessResult } from "./readiness.ts";
import { scan } from "./scanner.ts";
import { JsonStream } from "./stream.ts";
import { validate, validatePrepared, type ValidateResult } from "./validate.ts";

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
}

/** Option names as messages spell them, and their pointers in the options object. */
const OPTION_POINTERS: readonly [string, string][] = [
  ["unknown profile", "/profile"],
  ["max_loss", "/maxLoss"],
  ["max_depth", "/maxDepth"],
  ["max_input", "/maxInput"],
  ["max_token", "/maxToken"],
];

function resolved(options: GateOptions, profile: string): Profile {
  const p = resolveOptions({ ...options, profile: options.profile ?? profile } as GateOptions);
  if (!("code" in p)) return p;
  const detail = p.message.slice(p.message.indexOf(": ") + 2);
  const pointer = OPTION_POINTERS.find(([word]) => detail.startsWith(word))?.[1] ?? "";
  throw new CallerError("E050", pointer, detail);
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
 * throws(() => compileGate({ schemaJson: { type: "object", "x-foo": 1 } }),
 *   (e) => e instanceof CallerError && e.code === "E070" && e.pointer === "/x-foo");
 * throws(() => compileGate({ maxDepth: -1 }),
 *   (e) => e instanceof CallerError && e.code === "E050" && e.pointer === "/maxDepth");
 * strictEqual(compileGate({}).gate("[1,2,]").executable, true);
 * ```
 */
export function compileGate(options: GateOptions = {}): CompiledGate {
  if (options.assertFormat !== undefined && typeof options.assertFormat !== "boolean") {
    throw new CallerError("E050", "/assertFormat", "assert_format must be true or false");
  }
  const gateProfile = resolved(options, "agent");
  const declaration = compileDeclaration(options);
  const base = {
    schema: options.schema,
    schemaJson: options.schemaJson,
    assertFormat: options.assertFormat,
  };
  const validateProfile = resolved(base, "strict");
  const readinessProfile = resolved(base, "permissive");
  return {
    declaration,
    gate(text: string): GateResult {
      if (typeof text !== "string") return gate(text, options);
      return gateScan(scan(text, gateProfile), text, declaration);
    },
    validate(text: string): ValidateResult {
      if (typeof text !== "string") return validate(text, base);
      return validatePrepared(text, { profile: validateProfile, declaration });
    },
    readiness(text: string): ReadinessResult {
      if (typeof text !== "string") return readiness(text, base);
      return readinessPrepared(text, { profile: readinessProfile, declaration });
    },
    stream(): JsonStream {
      return new JsonStream(options);
    },
  };
}
