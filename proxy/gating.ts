/**
 * The one place where the proxy calls the engine on a tool call: compile a
 * tool's `inputSchema` once per profile ({@linkcode compileToolSchema}, with
 * the engine's compile step `compileGate`), gate the raw bytes of
 * `params.arguments` against it ({@linkcode gateArguments}), and word a
 * refusal as the `CallToolResult` the model sees ({@linkcode refusalResult}).
 *
 * A schema the engine cannot compile (`compileGate` throws a `CallerError`
 * with `E070`: an unsupported keyword such as a remote `$ref`) is reported
 * with the engine's message, which names the keyword and its JSON pointer;
 * the proxy then fails closed.
 *
 * @example
 * ```ts
 * import { compileToolSchema, gateArguments } from "./gating.ts";
 * import { strictEqual } from "node:assert/strict";
 * const compiled = compileToolSchema({ type: "object", properties: { n: { type: "integer" } } }, "execution");
 * strictEqual(compiled.ok, true);
 * strictEqual(gateArguments('{"n":1}', compiled, "execution").executable, true);
 * strictEqual(gateArguments('{"n":1,"n":2}', compiled, "execution").executable, false);
 * ```
 *
 * @module
 */

import { type CompiledGate, compileGate, gate, type GateResult, type ProfileName } from "../mod.ts";

/**
 * A tool's input schema after its one compilation: a compiled gate, or why not.
 *
 * @example
 * ```ts
 * import { compileToolSchema, type CompiledSchema } from "./gating.ts";
 * import { strictEqual } from "node:assert/strict";
 * const compiled: CompiledSchema = compileToolSchema({ type: "object" }, "execution");
 * strictEqual(compiled.ok, true);
 * ```
 */
export type CompiledSchema =
  | { readonly ok: true; readonly gate: CompiledGate }
  | { readonly ok: false; readonly problem: string };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Compiles a tool's `inputSchema` once under `profile`. A schema the engine
 * cannot compile comes back with the engine's `E070` message. Unknown
 * keywords are annotations (listed in the compiled gate's `warnings`), or
 * with `strictKeywords` (the policy's) refused with `E070`.
 *
 * @example
 * ```ts
 * import { compileToolSchema } from "./gating.ts";
 * import { strictEqual } from "node:assert/strict";
 * const bad = compileToolSchema({ type: "object", properties: { a: { $ref: "https://x/y" } } }, "execution");
 * strictEqual(bad.ok, false);
 * strictEqual(!bad.ok && bad.problem.startsWith("E070"), true);
 * const vendor = { type: "object", "x-order": 1 };
 * strictEqual(compileToolSchema(vendor, "execution").ok, true);
 * strictEqual(compileToolSchema(vendor, "execution", true).ok, false);
 * ```
 */
export function compileToolSchema(
  schema: unknown,
  profile: ProfileName,
  strictKeywords = false,
): CompiledSchema {
  const schemaJson = schema === undefined ? { type: "object" } : schema;
  try {
    return { ok: true, gate: compileGate({ schemaJson, profile, strictKeywords }) };
  } catch (error) {
    const problem = describe(error);
    return {
      ok: false,
      problem: problem.startsWith("E0") ? problem : `E070 SchemaError: ${problem}`,
    };
  }
}

/**
 * Gates the raw arguments of one call: with the compiled schema, or with the
 * hazard checks only (duplicate and case-variant keys, unsafe integers, lone
 * surrogates, bidi and tag characters) under `profile` when `compiled` is
 * `null`; then against an extra declaration from `--policy`, if any. Never
 * throws for any `raw` string.
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
    result = compiled !== null && compiled.ok ? compiled.gate.gate(raw) : gate(raw, { profile });
    if (result.executable && declaration !== undefined) {
      result = gate(raw, { schema: declaration, profile });
    }
  } catch (error) {
    result = gate("", { profile });
    if (result.retry) result.retry.prompt = `InterJSON refused the arguments: ${describe(error)}`;
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
