/**
 * The adapter for the Vercel AI SDK's tool-call repair hook
 * (`repairToolCall`, formerly `experimental_repairToolCall`, in
 * `generateText`, `streamText` and agents). The SDK calls that hook with the
 * model's raw argument text when it failed to parse or to match the tool's
 * input schema, which is exactly where the gate belongs:
 *
 * - the raw input is gated against the tool's own input schema (as JSON
 *   Schema, from the SDK's `inputSchema({ toolName })`, compiled once per
 *   tool and again only when it changes), under the `agent` profile by
 *   default;
 * - when it is executable, the tool call comes back with the repaired input
 *   (`{"path":"/tmp"}` for `{'path': '/tmp',}`), and the SDK executes it;
 * - when it is refused, the hook throws {@linkcode InterJsonRefusal}, whose
 *   message is the gate's retry prompt: the SDK turns the call into an
 *   invalid tool call whose error text ("Error repairing tool call: " + the
 *   prompt) goes back to the model in the next step's messages.
 *
 * An unknown tool name is not the gate's to fix: the hook answers `null` and
 * the SDK reports its own error. A tool whose input schema the gate cannot
 * compile (`E070`) is the host's mistake: the hook throws a `TypeError`
 * naming the tool, never a prompt for the model. The types here are structural, so this
 * module needs no runtime dependency on `ai`, and importing `mod.ts` never
 * loads it (it is the `./ai-sdk` export).
 *
 * ```ts ignore
 * import { generateText, stepCountIs } from "ai";
 * import { gateToolCallRepair } from "jsr:@interjson/cli/ai-sdk";
 *
 * const result = await generateText({
 *   model, tools, prompt,
 *   stopWhen: stepCountIs(5),
 *   repairToolCall: gateToolCallRepair(),
 * });
 * ```
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { gateToolCallRepair } from "./ai_sdk.ts";
 * const repair = gateToolCallRepair();
 * const repaired = await repair({
 *   toolCall: { type: "tool-call", toolCallId: "1", toolName: "weather", input: "{'city': 'Paris',}" },
 *   inputSchema: () => Promise.resolve({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
 *   error: { name: "AI_InvalidToolInputError" },
 * });
 * deepStrictEqual(repaired?.input, '{"city":"Paris"}');
 * ```
 *
 * @module
 */

import { type CompiledGate, compileGate, type GateResult, type ProfileName } from "../mod.ts";

/** The part of the SDK's tool call the gate reads and rewrites (`LanguageModelV4ToolCall`). */
export interface ToolCallLike {
  /** The call's id, kept. */
  readonly toolCallId: string;
  /** The tool's name. */
  readonly toolName: string;
  /** The model's raw argument text. */
  readonly input: string;
}

/** The part of the SDK's repair options the adapter uses. */
export interface RepairOptionsLike<T extends ToolCallLike> {
  /** The tool call that failed to parse or validate. */
  readonly toolCall: T;
  /** The tool's input schema as JSON Schema. */
  readonly inputSchema: (options: { toolName: string }) => PromiseLike<unknown>;
  /** Why the SDK could not use the call (`AI_InvalidToolInputError`, `AI_NoSuchToolError`). */
  readonly error: unknown;
}

/** How the adapter gates. */
export interface ToolCallRepairOptions {
  /** The gate's profile (default `agent`: notation repairs only, prose skipped). */
  readonly profile?: ProfileName;
  /** Called with every gate result, executable or not (for logging or metrics). */
  readonly onGate?: (toolName: string, result: GateResult) => void;
}

/**
 * The error the repair hook throws when the gate refuses: its message is the
 * retry prompt, which the SDK sends back to the model.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gate } from "../mod.ts";
 * import { InterJsonRefusal } from "./ai_sdk.ts";
 * const refusal = new InterJsonRefusal("search", gate('{"q":"wea'));
 * strictEqual(refusal.code, "E010");
 * strictEqual(refusal.message, refusal.prompt);
 * ```
 */
export class InterJsonRefusal extends Error {
  /** The refusal's error code (`E010`, `E030`, …). */
  readonly code: string;
  /** The retry prompt for the model. */
  readonly prompt: string;
  /** The tool whose input was refused. */
  readonly toolName: string;
  /** The whole gate result. */
  readonly result: GateResult;

  /**
   * The refusal of one gate result (which must not be executable).
   *
   * @param toolName the tool whose input was refused
   * @param result the gate's result
   */
  constructor(toolName: string, result: GateResult) {
    const retry = result.retry ?? { code: "E003", prompt: "InterJSON refused the arguments." };
    super(retry.prompt);
    this.name = "InterJsonRefusal";
    this.code = retry.code;
    this.prompt = retry.prompt;
    this.toolName = toolName;
    this.result = result;
  }
}

function errorName(error: unknown): string {
  return typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
}

/**
 * Makes the repair hook: pass it as `repairToolCall` (or
 * `experimental_repairToolCall`) to `generateText`, `streamText` or an agent.
 *
 * @example
 * ```ts
 * import { rejects, strictEqual } from "node:assert/strict";
 * import { gateToolCallRepair, InterJsonRefusal } from "./ai_sdk.ts";
 * const repair = gateToolCallRepair();
 * const options = {
 *   toolCall: { toolCallId: "2", toolName: "weather", input: '{"city": "Par' },
 *   inputSchema: () => Promise.resolve({ type: "object" }),
 *   error: { name: "AI_InvalidToolInputError" },
 * };
 * await rejects(repair(options), (error: unknown) => error instanceof InterJsonRefusal && error.code === "E010");
 * strictEqual(await repair({ ...options, error: { name: "AI_NoSuchToolError" } }), null);
 * ```
 */
export function gateToolCallRepair(
  options: ToolCallRepairOptions = {},
): <T extends ToolCallLike>(repair: RepairOptionsLike<T>) => Promise<T | null> {
  const profile = options.profile ?? "agent";
  const compiled = new Map<string, { schema: string; gate: CompiledGate }>();
  /** The tool's compiled gate, compiled again only when its schema changed. */
  const gateFor = (toolName: string, schemaJson: unknown): CompiledGate => {
    const schema = JSON.stringify(schemaJson) ?? "";
    const cached = compiled.get(toolName);
    if (cached !== undefined && cached.schema === schema) return cached.gate;
    let gate: CompiledGate;
    try {
      gate = compileGate({ schemaJson, profile });
    } catch (error) {
      throw new TypeError(
        `InterJSON cannot gate tool ${toolName}: ${error instanceof Error ? error.message : error}`,
      );
    }
    compiled.set(toolName, { schema, gate });
    return gate;
  };
  return async <T extends ToolCallLike>(repair: RepairOptionsLike<T>): Promise<T | null> => {
    if (errorName(repair.error) === "AI_NoSuchToolError") return null;
    const { toolCall } = repair;
    const schemaJson = await repair.inputSchema({ toolName: toolCall.toolName });
    const result = gateFor(toolCall.toolName, schemaJson).gate(toolCall.input);
    options.onGate?.(toolCall.toolName, result);
    if (!result.executable) throw new InterJsonRefusal(toolCall.toolName, result);
    return { ...toolCall, input: result.text };
  };
}
