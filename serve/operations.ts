/**
 * The operations of `interjson serve`, shared by the JSONL protocol and the
 * HTTP facade: reading a request's fields (wire names: `text`, `schema`,
 * `schema_json`, `profile`, `options.max_depth`, …), compiling declarations,
 * and running `gate`, `repair`, `validate` and `readiness` with the library's
 * own results.
 *
 * `compile` registers a declaration with the engine's compile step
 * (`compileGate`: the declaration is compiled once, every later call takes
 * only the text); a one-shot request runs the library's one-shot calls.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { runOperation } from "./operations.ts";
 * const result = runOperation("gate", { text: "{'a': 1,}", schema: "{!a:integer}" }, null);
 * strictEqual((result as { executable: boolean }).executable, true);
 * ```
 *
 * @module
 */

import {
  compileGate,
  type GateOptions,
  type GateResult,
  type ReadinessResult,
  type RepairResult,
  type ValidateResult,
} from "../mod.ts";
import {
  OPERATION_NAMES,
  type OperationName,
  runOperation as runEngineOperation,
} from "../engine/operations.ts";
import { closest } from "../engine/suggestion.ts";
import { type ServeError, serveError } from "./errors.ts";
import type { HandleRegistry } from "./registry.ts";
import { isObject, kindOf } from "../wire/jsonrpc.ts";

/** The four engine operations (the engine's one table, `engine/operations.ts`). */
export const ENGINE_OPERATIONS: readonly OperationName[] = OPERATION_NAMES;

/** One of {@linkcode ENGINE_OPERATIONS}. */
export type EngineOperation = OperationName;

/** A declaration with its profile and options, ready to run. */
export interface Compiled {
  /** The library options it runs with. */
  readonly options: GateOptions;
  /** `gate` (profile default `agent`). */
  gate(text: string): GateResult;
  /** `repair` (profile default `permissive`). */
  repair(text: string): RepairResult;
  /** `validate` (the declaration only). */
  validate(text: string): ValidateResult;
  /** `readiness` (the declaration only). */
  readiness(text: string): ReadinessResult;
}

/** Option names on the wire and in the library. */
const WIRE_OPTIONS: Readonly<Record<string, keyof GateOptions>> = {
  max_loss: "maxLoss",
  allow_ambiguity: "allowAmbiguity",
  skip_prose: "skipProse",
  max_depth: "maxDepth",
  max_input: "maxInput",
  max_token: "maxToken",
};

/**
 * The wire names of the options an `options` object may hold.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { OPTION_NAMES } from "./operations.ts";
 * strictEqual(OPTION_NAMES.includes("max_depth"), true);
 * ```
 */
export const OPTION_NAMES: readonly string[] = Object.keys(WIRE_OPTIONS);

const CALLER_CODES = new Set(["E050", "E070"]);

/** The caller error in a thrown value (the library's `CallerError`), if it is one. */
function thrownCallerError(error: unknown): ServeError | null {
  if (error instanceof Error && "code" in error && CALLER_CODES.has(String(error.code))) {
    return { code: String(error.code), message: error.message };
  }
  return null;
}

/** The operations bound to `options`, unchecked (a one-shot call checks as it runs). */
function bind(options: GateOptions): Compiled {
  return {
    options,
    gate: (text) => runEngineOperation("gate", text, options),
    repair: (text) => runEngineOperation("repair", text, options),
    validate: (text) => runEngineOperation("validate", text, options),
    readiness: (text) => runEngineOperation("readiness", text, options),
  };
}

/**
 * Compiles library options once with the engine's `compileGate`. A bad
 * profile, option or declaration is the caller error it would be on every
 * call.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { compile } from "./operations.ts";
 * const compiled = compile({ schema: "{!a:integer}" });
 * strictEqual("gate" in compiled && compiled.gate('{"a":1}').executable, true);
 * strictEqual("code" in compile({ schema: "{!a:" }) && "E070", "E070");
 * ```
 */
export function compile(options: GateOptions): Compiled | ServeError {
  try {
    const compiled = compileGate(options);
    return {
      options,
      gate: (text) => compiled.gate(text),
      repair: (text) => runEngineOperation("repair", text, options),
      validate: (text) => compiled.validate(text),
      readiness: (text) => compiled.readiness(text),
    };
  } catch (error) {
    const caller = thrownCallerError(error);
    if (caller !== null) return caller;
    throw error;
  }
}

/** The fields each operation accepts (besides the protocol's `v`, `id`, `op`). */
export const OPERATION_FIELDS: Readonly<Record<string, readonly string[]>> = {
  gate: ["text", "declaration", "schema", "schema_json", "strict_keywords", "profile", "options"],
  repair: ["text", "declaration", "schema", "schema_json", "strict_keywords", "profile", "options"],
  validate: ["text", "declaration", "schema", "schema_json", "strict_keywords"],
  readiness: ["text", "declaration", "schema", "schema_json", "strict_keywords"],
  compile: ["schema", "schema_json", "strict_keywords", "profile", "options"],
  release: ["handle"],
  hello: [],
};

/**
 * Checks that `fields` holds only what `op` accepts; the complaint names the
 * closest accepted field.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { unknownField } from "./operations.ts";
 * strictEqual(unknownField("gate", ["txt"], false)?.message, "S003 InvalidRequest: unknown field `txt` for gate (did you mean `text`?); it accepts text, schema, schema_json, strict_keywords, profile, options");
 * ```
 */
export function unknownField(
  op: string,
  keys: readonly string[],
  handles: boolean,
): ServeError | null {
  const accepted = OPERATION_FIELDS[op].filter((field) => handles || field !== "declaration");
  for (const key of keys) {
    if (!accepted.includes(key)) {
      const hint = accepted.length > 0 ? ` (did you mean \`${closest(key, accepted)}\`?)` : "";
      return serveError(
        "S003",
        `unknown field \`${key}\` for ${op}${hint}; it accepts ${
          accepted.length > 0 ? accepted.join(", ") : "no fields"
        }`,
      );
    }
  }
  return null;
}

/**
 * Reads `schema`, `schema_json`, `strict_keywords`, `profile` and `options`
 * into library options. `strict_keywords: true` needs a `schema_json`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { readOptions } from "./operations.ts";
 * deepStrictEqual(readOptions({ schema: "{!a:string}", options: { max_depth: 8 } }), { schema: "{!a:string}", maxDepth: 8 });
 * deepStrictEqual(readOptions({ schema_json: {}, strict_keywords: true }), { schemaJson: {}, strictKeywords: true });
 * strictEqual("code" in readOptions({ schema: "{a:string}", strict_keywords: true }), true);
 * ```
 */
export function readOptions(fields: Record<string, unknown>): GateOptions | ServeError {
  const options: GateOptions = {};
  if (fields.schema !== undefined && fields.schema_json !== undefined) {
    return serveError("S003", "give either `schema` or `schema_json`, not both");
  }
  if (fields.schema !== undefined) {
    if (typeof fields.schema !== "string") {
      return serveError(
        "S003",
        `\`schema\` must be a string (a declaration), got ${kindOf(fields.schema)}`,
      );
    }
    options.schema = fields.schema;
  }
  if (fields.schema_json !== undefined) {
    if (!isObject(fields.schema_json) && typeof fields.schema_json !== "boolean") {
      return serveError(
        "S003",
        `\`schema_json\` must be a JSON Schema (an object), got ${kindOf(fields.schema_json)}`,
      );
    }
    options.schemaJson = fields.schema_json;
  }
  if (fields.strict_keywords !== undefined) {
    if (typeof fields.strict_keywords !== "boolean") {
      return serveError(
        "S003",
        `\`strict_keywords\` must be true or false, got ${kindOf(fields.strict_keywords)}`,
      );
    }
    if (fields.strict_keywords && fields.schema_json === undefined) {
      return serveError(
        "S003",
        "`strict_keywords` refuses unknown keywords of a JSON Schema: give `schema_json`",
      );
    }
    if (fields.strict_keywords) options.strictKeywords = true;
  }
  if (fields.profile !== undefined) {
    if (typeof fields.profile !== "string") {
      return serveError("S003", `\`profile\` must be a string, got ${kindOf(fields.profile)}`);
    }
    options.profile = fields.profile as GateOptions["profile"];
  }
  if (fields.options !== undefined) {
    if (!isObject(fields.options)) {
      return serveError("S003", `\`options\` must be an object, got ${kindOf(fields.options)}`);
    }
    for (const [key, value] of Object.entries(fields.options)) {
      if (!Object.hasOwn(WIRE_OPTIONS, key)) {
        return serveError(
          "S003",
          `unknown option \`${key}\` (did you mean \`${
            closest(key, OPTION_NAMES)
          }\`?); options are ${OPTION_NAMES.join(", ")}`,
        );
      }
      (options as Record<string, unknown>)[WIRE_OPTIONS[key]] = value;
    }
  }
  return options;
}

/** The caller error a result carries (`E050`, `E070`), if any. */
function resultCallerError(
  result: { error?: { code: string; message: string } | null },
): ServeError | null {
  const error = result.error;
  return error && CALLER_CODES.has(error.code)
    ? { code: error.code, message: error.message }
    : null;
}

/**
 * Runs one engine operation on request fields: the library's result, or the
 * host's error. With a registry, `declaration` may name a compiled handle
 * (which then fixes the declaration, profile and options).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { runOperation } from "./operations.ts";
 * const error = runOperation("gate", { text: "{}", profile: "lenient" }, null);
 * strictEqual((error as { code: string }).code, "E050");
 * ```
 */
export function runOperation(
  op: EngineOperation,
  fields: Record<string, unknown>,
  registry: HandleRegistry<Compiled> | null,
): GateResult | RepairResult | ValidateResult | ReadinessResult | ServeError {
  const unknown = unknownField(op, Object.keys(fields), registry !== null);
  if (unknown) return unknown;
  if (!Object.hasOwn(fields, "text")) {
    return serveError("S003", `\`text\` is required: the raw model output, as a string`);
  }
  if (typeof fields.text !== "string") {
    return serveError("S003", `\`text\` must be a string, got ${kindOf(fields.text)}`);
  }
  let compiled: Compiled | ServeError;
  if (fields.declaration !== undefined) {
    if (typeof fields.declaration !== "string") {
      return serveError(
        "S003",
        `\`declaration\` must be a handle from compile, got ${kindOf(fields.declaration)}`,
      );
    }
    for (const field of ["schema", "schema_json", "strict_keywords", "profile", "options"]) {
      if (fields[field] !== undefined) {
        return serveError(
          "S003",
          `\`${field}\` cannot be combined with a \`declaration\` handle, which fixes it`,
        );
      }
    }
    const found = registry!.get(fields.declaration);
    if (found === undefined) {
      return serveError(
        "S006",
        `no live handle \`${fields.declaration}\`; compile the declaration again`,
      );
    }
    compiled = found;
  } else {
    const options = readOptions(fields);
    if ("code" in options) return options as ServeError;
    compiled = bind(options);
  }
  try {
    const result = compiled[op](fields.text);
    const caller = resultCallerError(result);
    return caller ?? result;
  } catch (error) {
    const caller = thrownCallerError(error);
    if (caller !== null) return caller;
    throw error;
  }
}
