/**
 * The adapter for the OpenAI Agents SDK for JavaScript (`@openai/agents`,
 * 0.20): a tool input guardrail. The SDK runs a function tool's input
 * guardrails on `toolCall.arguments`, the model's raw argument string, before
 * the tool executes; a guardrail allows the call or rejects it with a message
 * that goes back to the model as the call's output.
 *
 * {@linkcode interjsonToolGuardrail} gates that string against the tool's
 * parameters schema (its JSON Schema, found among the running agent's tools
 * by the call's name and compiled once per tool, or the `schemaJson` option),
 * under the `agent` profile by default:
 *
 * - it **allows** only what the gate executes *as written*: valid JSON with no
 *   repair (white space around it aside), because the SDK then parses the raw
 *   string itself and the guardrail cannot hand it the gate's text;
 * - a call the gate would execute only after a repair (`{'city': 'Paris',}`,
 *   prose around the JSON) is **rejected** with a prompt naming the first
 *   repair and asking the model to re-emit the arguments as the gate wrote
 *   them;
 * - everything else is **rejected** with the gate's retry prompt (syntax,
 *   schema, duplicate or case-twin keys, integers past 2^53, bidi or tag
 *   characters, lone surrogates, …).
 *
 * A call whose arguments the SDK cannot `JSON.parse` never reaches the
 * guardrails: the SDK answers the model with its own parse error, and the
 * tool does not run. A tool the guardrail cannot find among the agent's
 * function tools (one from an MCP server, or two tools of one name with
 * different schemas), or a schema the gate cannot compile (`E070`), is the
 * host's mistake: the guardrail throws a `ToolGateError` (a `CallerError`,
 * `E050` or `E070`) naming the tool, which fails the run, never a prompt for
 * the model.
 *
 * The types here are structural, so this module needs no runtime dependency
 * on the SDK, and importing `mod.ts` never loads it (it is the
 * `./openai-agents` export). See docs/FRAMEWORKS.md.
 *
 * ```ts ignore
 * import { Agent, run, tool } from "@openai/agents";
 * import { interjsonToolGuardrail } from "jsr:@interjson/cli/openai-agents";
 *
 * const weather = tool({
 *   name: "weather", description: "Weather for a city",
 *   parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
 *   strict: true,
 *   inputGuardrails: [interjsonToolGuardrail()],
 *   execute: ({ city }) => `sunny in ${city}`,
 * });
 * await run(new Agent({ name: "assistant", tools: [weather] }), "Weather in Paris?");
 * ```
 *
 * @example
 * ```ts
 * import { deepStrictEqual, ok } from "node:assert/strict";
 * import { interjsonToolGuardrail } from "./openai_agents.ts";
 * const guardrail = interjsonToolGuardrail();
 * const agent = { tools: [{ type: "function", name: "rm", parameters: { type: "object" } }] };
 * const allowed = await guardrail.run({ agent, toolCall: { name: "rm", arguments: '{"path":"/tmp"}' } });
 * deepStrictEqual(allowed.behavior, { type: "allow" });
 * const refused = await guardrail.run({ agent, toolCall: { name: "rm", arguments: '{"path":"/tmp","path":"/"}' } });
 * ok(refused.behavior.type === "rejectContent" && refused.behavior.message.includes("E011 R032 DuplicateKey"));
 * ```
 *
 * @module
 */

import {
  CallerError,
  CLOSING_SENTENCE,
  type CompiledGate,
  type GateResult,
  type ProfileName,
  type Repair,
} from "../mod.ts";
import { compileToolGate, ToolGateError, ToolGates } from "./tool_gates.ts";

export { ToolGateError } from "./tool_gates.ts";

/** The part of the SDK's function call item the guardrail reads (`protocol.FunctionCallItem`). */
export interface FunctionCallLike {
  /** The tool's name. */
  readonly name: string;
  /** The model's raw argument string, which the SDK parses with `JSON.parse`. */
  readonly arguments: string;
}

/** A tool of the agent (`Tool`): function tools carry their parameters' JSON Schema. */
export interface AgentToolLike {
  /** `function` for function tools. */
  readonly type?: string;
  /** The tool's name. */
  readonly name?: string;
  /** A function tool's parameters as JSON Schema. */
  readonly parameters?: unknown;
}

/** The part of the running agent the guardrail reads (`Agent`). */
export interface AgentLike {
  /** The agent's tools. */
  readonly tools: readonly AgentToolLike[];
}

/** What the SDK passes to a tool input guardrail (`ToolInputGuardrailData`). */
export interface ToolInputGuardrailDataLike {
  /** The agent whose tool is called. */
  readonly agent: AgentLike;
  /** The call, with the model's raw argument string. */
  readonly toolCall: FunctionCallLike;
}

/** The guardrail's decision (`ToolGuardrailFunctionOutput`). */
export interface ToolGuardrailOutput {
  /** `allow`, or `rejectContent` with the message the model reads as the call's output. */
  readonly behavior: { readonly type: "allow" } | {
    readonly type: "rejectContent";
    readonly message: string;
  };
  /** The gate's decision and, on a refusal, its error code (for tracing). */
  readonly outputInfo: { readonly decision: string; readonly code: string | null };
}

/** The guardrail (`ToolInputGuardrailDefinition`): put it in a tool's `inputGuardrails`. */
export interface InterJsonToolGuardrail {
  /** Always `tool_input`. */
  readonly type: "tool_input";
  /** The guardrail's name in traces and results (default `interjson`). */
  readonly name: string;
  /** Gates one call's raw arguments. */
  run(data: ToolInputGuardrailDataLike): Promise<ToolGuardrailOutput>;
}

/** How the guardrail gates. */
export interface ToolGuardrailOptions {
  /** The tool's schema as JSON Schema; by default the called tool's `parameters`. */
  readonly schemaJson?: unknown;
  /** The gate's profile (default `agent`: notation repairs only, prose skipped). */
  readonly profile?: ProfileName;
  /** The guardrail's name (default `interjson`). */
  readonly name?: string;
  /** Called with every gate result, executable or not (for logging or metrics). */
  readonly onGate?: (toolName: string, result: GateResult) => void;
}

/**
 * The prompt for a call the gate would execute only after a repair: the SDK
 * parses the raw string itself, so the model must write the arguments as
 * the gate did.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gate } from "../mod.ts";
 * import { repairedPrompt } from "./openai_agents.ts";
 * strictEqual(repairedPrompt(gate("{'city': 'Paris'}")),
 *   "InterJSON refused the arguments: E010 R008 SingleQuotes at line 1 column 2 (offset 1).\n" +
 *   "Reason: the arguments needed a repair, and this tool reads them exactly as written\n" +
 *   'Re-emit the arguments as valid JSON, exactly as here: {"city":"Paris"}');
 * ```
 *
 * @param result an executable gate result with at least one repair
 * @returns the retry prompt
 */
export function repairedPrompt(result: GateResult): string {
  const first: Repair | undefined = result.repairs[0];
  const where = first === undefined
    ? ""
    : ` ${first.rule} ${first.name} at line ${first.line} column ${first.column} (offset ${first.offset})`;
  return `InterJSON refused the arguments: E010${where}.\n` +
    "Reason: the arguments needed a repair, and this tool reads them exactly as written\n" +
    `Re-emit the arguments as valid JSON, exactly as here: ${result.text}`;
}

/** Whether the SDK's own `JSON.parse` of the raw text reads exactly what the gate executes. */
function executableAsWritten(result: GateResult): boolean {
  return result.executable && result.valid_json && result.exactness === "exact" &&
    result.repairs.length === 0;
}

/** The guardrail's answer for one gate result. */
function decide(result: GateResult): ToolGuardrailOutput {
  const outputInfo = { decision: result.decision, code: result.error?.code ?? null };
  if (executableAsWritten(result)) return { behavior: { type: "allow" }, outputInfo };
  const message = result.executable
    ? repairedPrompt(result)
    : result.retry?.prompt ?? `InterJSON refused the arguments.\n${CLOSING_SENTENCE}`;
  return { behavior: { type: "rejectContent", message }, outputInfo };
}

/** The called tool's parameters schema among the agent's function tools. */
function parametersOf(agent: AgentLike, toolName: string): unknown {
  const found = agent.tools.filter((tool) => tool.type === "function" && tool.name === toolName);
  if (found.length === 0) {
    throw new ToolGateError(
      toolName,
      new CallerError(
        "E050",
        "",
        "it is not among the agent's function tools; pass interjsonToolGuardrail({ schemaJson })",
      ),
    );
  }
  const texts = new Set(found.map((tool) => JSON.stringify(tool.parameters)));
  if (texts.size > 1) {
    throw new ToolGateError(
      toolName,
      new CallerError(
        "E050",
        "",
        `the agent has ${found.length} function tools of that name with different schemas; ` +
          "pass interjsonToolGuardrail({ schemaJson })",
      ),
    );
  }
  return found[0].parameters;
}

/**
 * Makes the tool input guardrail: put it in a function tool's
 * `inputGuardrails` (`tool({ …, inputGuardrails: [interjsonToolGuardrail()] })`).
 * With `schemaJson`, the schema is compiled at once (and a bad one throws
 * here); without it, the called tool's `parameters` are compiled on its first
 * call and again when they change.
 *
 * @example
 * ```ts
 * import { ok, strictEqual, throws } from "node:assert/strict";
 * import { interjsonToolGuardrail, ToolGateError } from "./openai_agents.ts";
 * const guardrail = interjsonToolGuardrail({ schemaJson: { type: "object", required: ["city"] } });
 * const refused = await guardrail.run({ agent: { tools: [] }, toolCall: { name: "weather", arguments: "{}" } });
 * ok(refused.behavior.type === "rejectContent" && refused.behavior.message.includes("E030"));
 * const repaired = await guardrail.run({ agent: { tools: [] }, toolCall: { name: "weather", arguments: "{'city': 'Paris'}" } });
 * strictEqual(repaired.behavior.type, "rejectContent");
 * throws(() => interjsonToolGuardrail({ schemaJson: { $ref: "https://example.com/s.json" } }), ToolGateError);
 * ```
 *
 * @param options the schema, profile, name and `onGate` callback, all optional
 * @returns the guardrail
 */
export function interjsonToolGuardrail(options: ToolGuardrailOptions = {}): InterJsonToolGuardrail {
  const profile = options.profile ?? "agent";
  const given: CompiledGate | undefined = options.schemaJson === undefined
    ? undefined
    : compileToolGate("(schemaJson option)", options.schemaJson, profile);
  const gates = new ToolGates(profile);
  return {
    type: "tool_input",
    name: options.name ?? "interjson",
    run({ agent, toolCall }: ToolInputGuardrailDataLike): Promise<ToolGuardrailOutput> {
      try {
        const compiled = given ?? gates.gateFor(toolCall.name, parametersOf(agent, toolCall.name));
        const result = compiled.gate(toolCall.arguments);
        options.onGate?.(toolCall.name, result);
        return Promise.resolve(decide(result));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}
