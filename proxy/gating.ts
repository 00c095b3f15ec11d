/**
 * The one place where the proxy calls the engine on a tool call: compile a
 * tool's `inputSchema` once ({@linkcode compileToolSchema}), gate the raw
 * bytes of `params.arguments` against it ({@linkcode gateArguments}), and
 * word a refusal as the `CallToolResult` the model sees
 * ({@linkcode refusalResult}).
 *
 * Until the engine's JSON Schema 2020-12 support and its compile step land
 * (branch `schema`), a schema is "compiled" by checking it once with today's
 * `compileJsonSchema` and then gated with `gate(text, {schemaJson, profile})`;
 * an `E070` (returned or thrown as a `CallerError`) means the schema cannot be
 * compiled, and the proxy fails closed. Swapping in the compile step changes
 * only this file.
 *
 * @example
 * ```ts
 * import { compileToolSchema, gateArguments } from "./gating.ts";
 * import { strictEqual } from "node:assert/strict";
 * const compiled = compileToolSchema({ type: "object", properties: { n: { type: "integer" } } });
 * strictEqual(compiled.ok, true);
 * strictEqual(gateArguments('{"n":1}', compiled, "execution").executable, true);
 * strictEqual(gateArguments('{"n":1,"n":2}', compiled, "execution").executable, false);
 * ```
 *
 * @module
 */

import { compileJsonSchema, gate, type GateResult, type ProfileName } from "../mod.ts";

/** A tool's input schema after its one compilation: usable, or why not. */
export type CompiledSchema =
  | { readonly ok: true; readonly schemaJson: unknown }
  | { readonly ok: false; readonly problem: string };

function problemOf(error: unknown): string | null {
  if (typeof error === "object" && error !== null && "code" in error && "message" in error) {
    const { code, message } = error as { code: unknown; message: unknown };
    if (code === "E070") return String(message);
  }
  return null;
}

/**
 * Compiles a tool's `inputSchema` once. A schema the engine cannot compile
 * (an unsupported keyword, a remote `$ref`) comes back with the engine's
 * `E070` message, which names the keyword and its JSON pointer.
 *
 * @example
 * ```ts
 * import { compileToolSchema } from "./gating.ts";
 * import { strictEqual } from "node:assert/strict";
 * const bad = compileToolSchema({ type: "object", properties: { a: { $ref: "https://x/y" } } });
 * strictEqual(bad.ok, false);
 * strictEqual(!bad.ok && bad.problem.startsWith("E070"), true);
 * ```
 */
export function compileToolSchema(schema: unknown): CompiledSchema {
  const schemaJson = schema === undefined ? { type: "object" } : schema;
  try {
    const compiled = compileJsonSchema(schemaJson);
    const problem = problemOf(compiled);
    return problem === null ? { ok: true, schemaJson } : { ok: false, problem };
  } catch (error) {
    const problem = problemOf(error);
    if (problem !== null) return { ok: false, problem };
    return { ok: false, problem: `E070 SchemaError: ${String(error)}` };
  }
}

/**
 * Gates the raw arguments of one call under `profile`: against the compiled
 * schema, or with the hazard checks only (duplicate and case-variant keys,
 * unsafe integers, lone surrogates, bidi and tag characters) when `compiled`
 * is `null`, and then against an extra declaration from `--policy`, if any.
 * Never throws for any `raw` string.
 *
 * @example
 * ```ts
 * import { gateArguments } from "./gating.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(gateArguments('{"n":9007199254740993}', null, "execution").executable, false);
 * strictEqual(gateArguments('{"p":"/tmp"}', null, "execution", "{!p:string}").executable, true);
 * strictEqual(gateArguments("{}", null, "execution", "{!p:string}").executable, false);
 * ```
 */
export function gateArguments(
  raw: string,
  compiled: CompiledSchema | null,
  profile: ProfileName,
  declaration?: string,
): GateResult {
  let result: GateResult;
  try {
    result = compiled !== null && compiled.ok
      ? gate(raw, { schemaJson: compiled.schemaJson, profile })
      : gate(raw, { profile });
    if (result.executable && declaration !== undefined) {
      result = gate(raw, { schema: declaration, profile });
    }
  } catch (error) {
    result = gate("", { profile });
    const problem = problemOf(error) ?? String(error);
    if (result.retry) result.retry.prompt = `InterJSON refused the arguments: ${problem}`;
  }
  return result;
}

/**
 * The `CallToolResult` the proxy answers a refused call with: `isError: true`
 * and one text block for the model (SEP-1303: input validation errors are tool
 * execution errors, which clients show to the model). A 2026-07-28 request
 * gets `resultType: "complete"`.
 *
 * @example
 * ```ts
 * import { refusalResult } from "./gating.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(refusalResult("Fix it.", false), {
 *   content: [{ type: "text", text: "Fix it." }],
 *   isError: true,
 * });
 * ```
 */
export function refusalResult(text: string, modern: boolean): Record<string, unknown> {
  const result: Record<string, unknown> = { content: [{ type: "text", text }], isError: true };
  if (modern) result.resultType = "complete";
  return result;
}
