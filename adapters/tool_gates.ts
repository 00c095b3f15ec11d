/**
 * The compiled gates of a host's tools, one per tool name, shared by the
 * framework adapters (`./ai-sdk`, `./openai-agents`): a tool's JSON Schema is
 * compiled the first time a call to that tool is gated, and compiled again
 * only when the schema's JSON text changes. A schema the gate cannot compile
 * is the host's mistake, never the model's: {@linkcode ToolGates.gateFor}
 * throws a {@linkcode ToolGateError} (a `CallerError` with the gate's code,
 * `E070`, and pointer) whose message names the tool, and nothing is cached
 * for it.
 *
 * This module is internal to the adapters: it is not an export of the
 * package, and it loads nothing but `mod.ts`.
 *
 * @example
 * ```ts
 * import { strictEqual, throws } from "node:assert/strict";
 * import { ToolGateError, ToolGates } from "./tool_gates.ts";
 * const gates = new ToolGates("agent");
 * const schema = { type: "object", properties: { city: { type: "string" } } };
 * strictEqual(gates.gateFor("weather", schema).gate('{"city":"Paris"}').executable, true);
 * throws(() => gates.gateFor("fetch", { $ref: "https://example.com/remote.json" }), ToolGateError);
 * ```
 *
 * @module
 */

import { CallerError, type CompiledGate, compileGate, type ProfileName } from "../mod.ts";

/**
 * The host's mistake about one tool, found by an adapter before the model is
 * asked: a schema the gate cannot compile (`E070`, with the gate's pointer
 * into the schema), or a tool the adapter cannot find a single schema for
 * (`E050`). It is a {@linkcode CallerError}, so a host that catches those
 * catches these too; its message starts with `InterJSON cannot gate tool
 * NAME:` and {@linkcode ToolGateError.toolName} names the tool.
 *
 * @example
 * ```ts
 * import { ok, strictEqual } from "node:assert/strict";
 * import { CallerError } from "../mod.ts";
 * import { ToolGateError } from "./tool_gates.ts";
 * const error = new ToolGateError("fetch", new CallerError("E070", "/$ref", "remote references are not fetched"));
 * ok(error instanceof CallerError);
 * strictEqual(error.code, "E070");
 * strictEqual(error.pointer, "/$ref");
 * strictEqual(error.message, "InterJSON cannot gate tool fetch: E070 SchemaError at /$ref: remote references are not fetched");
 * ```
 */
export class ToolGateError extends CallerError {
  /** The tool whose schema or declaration the adapter could not gate. */
  readonly toolName: string;

  /**
   * Names the tool in front of the gate's own error.
   *
   * @param toolName the tool, for the message
   * @param cause the gate's error, whose code, pointer and detail are kept
   */
  constructor(toolName: string, cause: CallerError) {
    super(cause.code, cause.pointer, cause.detail);
    this.name = "ToolGateError";
    this.toolName = toolName;
    this.message = `InterJSON cannot gate tool ${toolName}: ${cause.message}`;
  }
}

/** One tool's compiled gate and the schema text it was compiled from. */
interface CompiledTool {
  readonly schemaText: string;
  readonly gate: CompiledGate;
}

/**
 * The compiled gates of one host's tools, keyed by tool name.
 *
 * @example
 * ```ts
 * import { notStrictEqual, strictEqual } from "node:assert/strict";
 * import { ToolGates } from "./tool_gates.ts";
 * const gates = new ToolGates("agent");
 * const first = gates.gateFor("search", { type: "object" });
 * strictEqual(gates.gateFor("search", { type: "object" }), first);
 * notStrictEqual(gates.gateFor("search", { type: "array" }), first);
 * ```
 */
export class ToolGates {
  readonly #profile: ProfileName;
  readonly #compiled = new Map<string, CompiledTool>();

  /**
   * The gates of one host, all under one profile.
   *
   * @param profile the gate's profile for every tool
   */
  constructor(profile: ProfileName) {
    this.#profile = profile;
  }

  /**
   * The tool's compiled gate: the cached one while the schema's JSON text is
   * the same, else a new one. Throws a {@linkcode ToolGateError} naming the
   * tool when the gate cannot compile the schema.
   *
   * @param toolName the tool whose arguments are gated
   * @param schemaJson the tool's input schema as JSON Schema
   * @returns the compiled gate
   */
  gateFor(toolName: string, schemaJson: unknown): CompiledGate {
    const schemaText = JSON.stringify(schemaJson) ?? "";
    const cached = this.#compiled.get(toolName);
    if (cached !== undefined && cached.schemaText === schemaText) return cached.gate;
    const gate = compileToolGate(toolName, schemaJson, this.#profile);
    this.#compiled.set(toolName, { schemaText, gate });
    return gate;
  }
}

/**
 * Compiles one tool's schema, turning the gate's `CallerError` into the
 * {@linkcode ToolGateError} that names the tool.
 *
 * @example
 * ```ts
 * import { throws } from "node:assert/strict";
 * import { compileToolGate, ToolGateError } from "./tool_gates.ts";
 * throws(() => compileToolGate("fetch", { $ref: "https://example.com/remote.json" }, "agent"),
 *   (error) => error instanceof ToolGateError && error.code === "E070" &&
 *     error.message.startsWith("InterJSON cannot gate tool fetch: E070"));
 * ```
 *
 * @param toolName the tool, for the message
 * @param schemaJson the tool's input schema as JSON Schema
 * @param profile the gate's profile
 * @returns the compiled gate
 */
export function compileToolGate(
  toolName: string,
  schemaJson: unknown,
  profile: ProfileName,
): CompiledGate {
  try {
    return compileGate({ schemaJson, profile });
  } catch (error) {
    if (error instanceof CallerError) throw new ToolGateError(toolName, error);
    throw error;
  }
}
