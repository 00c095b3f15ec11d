/**
 * The adapters for the Vercel AI SDK (`ai`, 7.x): a language-model
 * middleware that gates **every** tool call, and the older repair hook that
 * gates only the calls the SDK could not use.
 *
 * **{@linkcode interjsonMiddleware} is the mandatory one.** Wrap the model
 * with it (`wrapLanguageModel({ model, middleware: interjsonMiddleware() })`)
 * and every tool-call part the model produces, in `generateText` and in
 * `streamText` (there at the `tool-call` part, when the call's input is
 * complete), is gated on its raw `input` text against that tool's input
 * schema (the JSON Schema in the call options' `tools`), under the `agent`
 * profile by default:
 *
 * - an executable call goes on with the gate's `text` as its input (a repair
 *   such as `{'city': 'Paris',}` → `{"city":"Paris"}`, else the model's own
 *   text);
 * - a refused call keeps its id and tool name, but its input becomes the
 *   gate's retry prompt, which is never JSON (it starts with
 *   `InterJSON refused the `). The SDK's own parse then fails, so the call is
 *   an invalid tool call: `execute` never runs, and the SDK sends the error,
 *   prompt included, back to the model as the call's tool result in the next
 *   step. That is the SDK's own route for a call it cannot use, in
 *   `generateText` and `streamText` alike, with no option to forget. With `repairToolCall: gateToolCallRepair()` beside it, the SDK's
 *   repair path recognizes the mark and throws {@linkcode InterJsonRefusal},
 *   so the model reads `Error repairing tool call: InterJsonRefusal: <prompt>`
 *   instead of the JSON parse error around the prompt.
 *
 * The tool's schema is compiled once per tool, and again when it changes;
 * every offered tool is compiled before the model is called, so a schema the
 * gate cannot compile (`E070`) throws a `ToolGateError` naming the tool (a
 * `CallerError`: the host's mistake, never a prompt). A provider-defined tool the host executes
 * (the request carries no schema for it) is gated without a schema: syntax
 * and hazards. A call to a tool the request did not offer is marked refused
 * (its schema is unknown). Provider-executed calls
 * (`providerExecuted: true`) ran at the provider and are passed through. An
 * empty input is gated as `{}`, the SDK's own reading of it.
 *
 * {@linkcode gateToolCallRepair} alone is **not** mandatory: the SDK calls
 * `repairToolCall` only after its own `JSON.parse` or schema check failed, so
 * a call that is valid JSON (duplicate keys, case-twin keys, an integer past
 * 2^53, bidi or tag characters, a lone surrogate) goes straight to `execute`.
 *
 * The types here are structural, so this module needs no runtime dependency
 * on `ai`, and importing `mod.ts` never loads it (it is the `./ai-sdk`
 * export). See docs/FRAMEWORKS.md.
 *
 * ```ts ignore
 * import { generateText, stepCountIs, wrapLanguageModel } from "ai";
 * import { gateToolCallRepair, interjsonMiddleware } from "jsr:@interjson/cli/ai-sdk";
 *
 * const result = await generateText({
 *   model: wrapLanguageModel({ model, middleware: interjsonMiddleware() }),
 *   tools, prompt,
 *   stopWhen: stepCountIs(5),
 *   repairToolCall: gateToolCallRepair(), // optional: a cleaner refusal message
 * });
 * ```
 *
 * @example
 * ```ts
 * import { deepStrictEqual, ok } from "node:assert/strict";
 * import { interjsonMiddleware } from "./ai_sdk.ts";
 * const middleware = interjsonMiddleware();
 * const params = { tools: [{ type: "function", name: "weather", inputSchema: { type: "object" } }] };
 * const call = (input: string) => ({ type: "tool-call", toolCallId: "1", toolName: "weather", input });
 * const { content } = await middleware.wrapGenerate({
 *   params,
 *   doGenerate: () => Promise.resolve({ content: [call("{'city': 'Paris',}"), call('{"city":"a","city":"b"}')] }),
 * });
 * deepStrictEqual(content[0], call('{"city":"Paris"}'));
 * ok(content[1].input.startsWith("InterJSON refused the arguments: E011 R032 DuplicateKey"));
 * ```
 *
 * @module
 */

import type { CompiledGate, GateResult, ProfileName } from "../mod.ts";
import { ToolGates } from "./tool_gates.ts";

export { ToolGateError } from "./tool_gates.ts";

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

/** How the adapters gate. */
export interface ToolCallRepairOptions {
  /** The gate's profile (default `agent`: notation repairs only, prose skipped). */
  readonly profile?: ProfileName;
  /** Called with every gate result, executable or not (for logging or metrics). */
  readonly onGate?: (toolName: string, result: GateResult) => void;
}

/** How {@linkcode interjsonMiddleware} gates: the same options as the repair hook. */
export type InterJsonMiddlewareOptions = ToolCallRepairOptions;

/** How a refusal's text starts: the mark the middleware leaves in a refused call's input. */
const REFUSAL_START = "InterJSON refused the ";

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
  /**
   * The whole gate result; `null` when the middleware refused the call (its
   * result went to the middleware's `onGate`) and the repair hook only
   * carries its prompt on.
   */
  readonly result: GateResult | null;

  /**
   * The refusal of one gate result (which must not be executable), or of the
   * prompt the middleware left in a refused call's input.
   *
   * @param toolName the tool whose input was refused
   * @param result the gate's result, or the middleware's retry prompt
   */
  constructor(toolName: string, result: GateResult | string) {
    const retry = typeof result === "string"
      ? { code: codeOf(result), prompt: result }
      : result.retry ?? { code: "E003", prompt: "InterJSON refused the arguments." };
    super(retry.prompt);
    this.name = "InterJsonRefusal";
    this.code = retry.code;
    this.prompt = retry.prompt;
    this.toolName = toolName;
    this.result = typeof result === "string" ? null : result;
  }
}

/** The `E0NN` code a retry prompt names first (`E003` when it names none). */
function codeOf(prompt: string): string {
  return /^InterJSON refused the arguments: (E\d{3}) /.exec(prompt)?.[1] ?? "E003";
}

function errorName(error: unknown): string {
  return typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
}

/**
 * Makes the repair hook: pass it as `repairToolCall` (or
 * `experimental_repairToolCall`) to `generateText`, `streamText` or an agent.
 * On its own it gates only the calls the SDK could not parse or validate;
 * beside {@linkcode interjsonMiddleware} it turns the middleware's refusals
 * into {@linkcode InterJsonRefusal}.
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
  const gates = new ToolGates(options.profile ?? "agent");
  return async <T extends ToolCallLike>(repair: RepairOptionsLike<T>): Promise<T | null> => {
    if (errorName(repair.error) === "AI_NoSuchToolError") return null;
    const { toolCall } = repair;
    if (toolCall.input.startsWith(REFUSAL_START)) {
      throw new InterJsonRefusal(toolCall.toolName, toolCall.input);
    }
    const schemaJson = await repair.inputSchema({ toolName: toolCall.toolName });
    const result = gates.gateFor(toolCall.toolName, schemaJson).gate(toolCall.input);
    options.onGate?.(toolCall.toolName, result);
    if (!result.executable) throw new InterJsonRefusal(toolCall.toolName, result);
    return { ...toolCall, input: result.text };
  };
}

/** A tool in the call options (`LanguageModelV4FunctionTool` or a provider tool). */
export interface OfferedToolLike {
  /** `function`, or `provider` for a provider-defined tool. */
  readonly type: string;
  /** The tool's name. */
  readonly name: string;
  /** The function tool's input schema as JSON Schema. */
  readonly inputSchema?: unknown;
}

/** The part of the call options the middleware reads (`LanguageModelV4CallOptions`). */
export interface CallOptionsLike {
  /** The tools offered to the model in this request. */
  readonly tools?: readonly OfferedToolLike[];
}

/** The part of a generate result the middleware rewrites (`LanguageModelV4GenerateResult`). */
export interface GenerateResultLike<P> {
  /** The model's content parts, tool calls among them. */
  readonly content: P[];
}

/** The part of a stream result the middleware rewrites (`LanguageModelV4StreamResult`). */
export interface StreamResultLike<P> {
  /** The model's stream parts, tool calls among them. */
  readonly stream: ReadableStream<P>;
}

/** The middleware: a `LanguageModelV4Middleware` for `wrapLanguageModel`. */
export interface InterJsonMiddleware {
  /** The middleware interface it implements. */
  readonly specificationVersion: "v4";
  /** Gates every tool-call part of the model's answer. */
  wrapGenerate<P, R extends GenerateResultLike<P>>(
    options: { doGenerate: () => PromiseLike<R>; params: CallOptionsLike },
  ): Promise<R>;
  /** Gates every tool-call part of the model's stream, as it passes. */
  wrapStream<P, R extends StreamResultLike<P>>(
    options: { doStream: () => PromiseLike<R>; params: CallOptionsLike },
  ): Promise<R>;
}

/** The compiled gate of every function tool a request offers, by name. */
type OfferedGates = ReadonlyMap<string, CompiledGate>;

/**
 * The gate of every tool the request offers: a function tool against its
 * input schema; a provider tool (whose schema the request does not carry,
 * and which the host may execute, a shell say) without one, for syntax and
 * hazards.
 */
function offeredGates(gates: ToolGates, params: CallOptionsLike): OfferedGates {
  const offered = new Map<string, CompiledGate>();
  for (const tool of params.tools ?? []) {
    const schemaJson = tool.type === "function" ? tool.inputSchema : undefined;
    offered.set(tool.name, gates.gateFor(tool.name, schemaJson));
  }
  return offered;
}

/** A part the middleware gates: a tool call the host executes. */
interface GatedCall extends ToolCallLike {
  readonly type: "tool-call";
  readonly providerExecuted?: boolean;
}

function isHostToolCall(part: unknown): part is GatedCall {
  return typeof part === "object" && part !== null &&
    (part as { type?: unknown }).type === "tool-call" &&
    typeof (part as { input?: unknown }).input === "string" &&
    (part as { providerExecuted?: unknown }).providerExecuted !== true;
}

/**
 * The input a call goes on with: the gate's text when executable, else the
 * retry prompt (never JSON, so the SDK's parse fails and nothing executes).
 */
function gatedInput(
  call: GatedCall,
  offered: OfferedGates,
  onGate: ToolCallRepairOptions["onGate"],
): string {
  const compiled = offered.get(call.toolName);
  if (compiled === undefined) {
    return `${REFUSAL_START}call: the tool ${
      JSON.stringify(call.toolName)
    } was not offered in this request, so its arguments cannot be gated.\n` +
      "Call one of the tools you were given.";
  }
  // The SDK reads an empty input as {}; gate what it would execute.
  const result = compiled.gate(call.input.trim() === "" ? "{}" : call.input);
  onGate?.(call.toolName, result);
  if (result.executable) return result.text;
  return result.retry?.prompt ?? `${REFUSAL_START}arguments.`;
}

function gatedPart<P>(part: P, offered: OfferedGates, onGate: ToolCallRepairOptions["onGate"]): P {
  if (!isHostToolCall(part)) return part;
  return { ...part, input: gatedInput(part, offered, onGate) };
}

/**
 * Makes the middleware that gates every tool call: pass it to
 * `wrapLanguageModel({ model, middleware: interjsonMiddleware() })`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, ok, rejects } from "node:assert/strict";
 * import { interjsonMiddleware, ToolGateError } from "./ai_sdk.ts";
 * const middleware = interjsonMiddleware();
 * const params = {
 *   tools: [{ type: "function", name: "rm", inputSchema: { type: "object", properties: { path: { type: "string" } } } }],
 * };
 * const parts = [
 *   { type: "tool-input-delta", id: "1", delta: '{"path":"/tmp","path":"/"}' },
 *   { type: "tool-call", toolCallId: "1", toolName: "rm", input: '{"path":"/tmp","path":"/"}' },
 * ];
 * const { stream } = await middleware.wrapStream({
 *   params,
 *   doStream: () => Promise.resolve({ stream: ReadableStream.from(parts) }),
 * });
 * const out = await Array.fromAsync(stream);
 * deepStrictEqual(out[0], parts[0]);
 * ok((out[1] as { input: string }).input.startsWith("InterJSON refused the arguments: E011 R032"));
 * const bad = { tools: [{ type: "function", name: "f", inputSchema: { $ref: "https://example.com/s.json" } }] };
 * await rejects(middleware.wrapGenerate({ params: bad, doGenerate: () => Promise.resolve({ content: [] }) }), ToolGateError);
 * ```
 */
export function interjsonMiddleware(options: InterJsonMiddlewareOptions = {}): InterJsonMiddleware {
  const gates = new ToolGates(options.profile ?? "agent");
  const { onGate } = options;
  return {
    specificationVersion: "v4",
    async wrapGenerate<P, R extends GenerateResultLike<P>>(
      { doGenerate, params }: { doGenerate: () => PromiseLike<R>; params: CallOptionsLike },
    ): Promise<R> {
      const offered = offeredGates(gates, params);
      const result = await doGenerate();
      return { ...result, content: result.content.map((part) => gatedPart(part, offered, onGate)) };
    },
    async wrapStream<P, R extends StreamResultLike<P>>(
      { doStream, params }: { doStream: () => PromiseLike<R>; params: CallOptionsLike },
    ): Promise<R> {
      const offered = offeredGates(gates, params);
      const result = await doStream();
      const gating = new TransformStream<P, P>({
        transform: (part, controller) => controller.enqueue(gatedPart(part, offered, onGate)),
      });
      return { ...result, stream: result.stream.pipeThrough(gating) };
    },
  };
}
