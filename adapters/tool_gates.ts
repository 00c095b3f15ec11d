/**
 * The compiled gates of a host's tools, one per tool name, shared by the
 * framework adapters (`./ai-sdk`, `./openai-agents`): a tool's JSON Schema is
 * compiled the first time a call to that tool is gated, and compiled again
 * only when the schema's JSON text changes. A schema the gate cannot compile
 * is the host's mistake, never the model's: {@linkcode ToolGates.gateFor}
 * throws a `TypeError` naming the tool (its message carries the `E070`
 * detail), and nothing is cached for it.
 *
 * This module is internal to the adapters: it is not an export of the
 * package, and it loads nothing but `mod.ts`.
 *
 * @example
 * ```ts
 * import { strictEqual, throws } from "node:assert/strict";
 * import { ToolGates } from "./tool_gates.ts";
 * const gates = new ToolGates("agent");
 * const schema = { type: "object", properties: { city: { type: "string" } } };
 * strictEqual(gates.gateFor("weather", schema).gate('{"city":"Paris"}').executable, true);
 * throws(() => gates.gateFor("fetch", { $ref: "https://example.com/remote.json" }), TypeError);
 * ```
 *
 * @module
 */

import { type CompiledGate, compileGate, type ProfileName } from "../mod.ts";

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
   * the same, else a new one. Throws a `TypeError` naming the tool when the
   * gate cannot compile the schema.
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
 * `TypeError` that names the tool.
 *
 * @example
 * ```ts
 * import { throws } from "node:assert/strict";
 * import { compileToolGate } from "./tool_gates.ts";
 * throws(() => compileToolGate("fetch", { $ref: "https://example.com/remote.json" }, "agent"),
 *   (error) => error instanceof TypeError && error.message.startsWith("InterJSON cannot gate tool fetch: E070"));
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
    throw new TypeError(
      `InterJSON cannot gate tool ${toolName}: ${error instanceof Error ? error.message : error}`,
    );
  }
}
