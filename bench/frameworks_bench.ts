/**
 * What the framework adapters add per tool call, against the bare SDK with
 * a mock model (no network): each iteration is one whole loop whose first
 * step makes ten tool calls (about 150 bytes of arguments each) and whose
 * second step answers with text, so the group's ratio is the whole loop's,
 * and (wrapped − bare) / 10 is the added cost of one call.
 *
 * - `ai` 7 `generateText` and `streamText`: the bare mock model against the
 *   same model wrapped with `interjsonMiddleware()`;
 * - `@openai/agents` 0.20 `run`: the same tool without and with
 *   `interjsonToolGuardrail()`.
 *
 * ```sh
 * deno bench --lock=deno.dev.lock --allow-read --allow-env --allow-net=registry.npmjs.org --allow-sys bench/frameworks_bench.ts
 * ```
 *
 * @module
 */

import {
  generateText,
  jsonSchema,
  type LanguageModel,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
  // deno-lint-ignore no-import-prefix -- a dev-only dependency of this bench
} from "npm:ai@7.0.173";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this bench
import { Agent, run, setTracingDisabled, tool as agentTool } from "npm:@openai/agents@0.20.0";
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  // deno-lint-ignore no-import-prefix -- a dev-only dependency of this bench
} from "npm:@openai/agents@0.20.0/testing";
import { interjsonMiddleware } from "../adapters/ai_sdk.ts";
import { interjsonToolGuardrail } from "../adapters/openai_agents.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

// The mock runs export no traces (and would print an error per run without an API key).
setTracingDisabled(true);

const CALLS = 10;
/** Loops per side in one measured iteration (a short run: the machine is shared). */
const LOOPS = 40;
/** Tool executions, checked once before the benches run. */
let executions = 0;

const SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string" },
    limit: { type: "integer", minimum: 1, maximum: 50 },
    filters: {
      type: "object",
      properties: { lang: { type: "string" }, since: { type: "string" } },
    },
  },
  required: ["query", "limit"],
  additionalProperties: false,
} as const;

const ARGUMENTS = Array.from(
  { length: CALLS },
  (_, index) =>
    JSON.stringify({
      query: `weather in Paris and the week ahead, call ${index}`,
      limit: 10 + index,
      filters: { lang: "en", since: "2026-01-01T00:00:00Z" },
    }),
);

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** Whether the loop is at its first step: no tool result in the prompt yet. */
function firstStep(options: Any): boolean {
  return !options.prompt.some((message: Any) => message.role === "tool");
}

const TOOL_CALLS = ARGUMENTS.map((input, index) => ({
  type: "tool-call",
  toolCallId: `c${index}`,
  toolName: "search",
  input,
}));

const TEXT = [
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "done" },
  { type: "text-end", id: "t" },
];

/** A mock model that records nothing (the SDK's MockLanguageModelV4 keeps every call). */
function aiModel(): LanguageModel {
  return {
    specificationVersion: "v4",
    provider: "bench",
    modelId: "bench",
    supportedUrls: {},
    doGenerate: (options: Any) => {
      const calls = firstStep(options);
      const unified = calls ? "tool-calls" : "stop";
      return Promise.resolve({
        content: calls ? TOOL_CALLS : [{ type: "text", text: "done" }],
        finishReason: { unified, raw: unified },
        usage: USAGE,
        warnings: [],
      });
    },
    doStream: (options: Any) => {
      const calls = firstStep(options);
      const unified = calls ? "tool-calls" : "stop";
      const chunks = [
        { type: "stream-start", warnings: [] },
        ...(calls ? TOOL_CALLS : TEXT),
        { type: "finish", finishReason: { unified, raw: unified }, usage: USAGE },
      ];
      return Promise.resolve({ stream: ReadableStream.from(chunks) });
    },
  } as Any;
}

const aiTools = {
  search: tool({
    inputSchema: jsonSchema(SCHEMA as Any) as Any,
    execute: (input: Any) => {
      executions++;
      return Promise.resolve(input.limit);
    },
  } as Any),
};

const bareAi = aiModel();
const wrappedAi = wrapLanguageModel({ model: aiModel() as Any, middleware: interjsonMiddleware() });

async function aiGenerate(model: LanguageModel): Promise<void> {
  await generateText({ model, tools: aiTools, prompt: "Search", stopWhen: stepCountIs(2) } as Any);
}

async function aiStream(model: LanguageModel): Promise<void> {
  const result = streamText(
    { model, tools: aiTools, prompt: "Search", stopWhen: stepCountIs(2) } as Any,
  );
  await result.consumeStream();
}

function agent(guarded: boolean): Agent {
  const search = agentTool({
    name: "search",
    description: "Search",
    parameters: SCHEMA as Any,
    strict: false,
    inputGuardrails: guarded ? [interjsonToolGuardrail()] : [],
    execute: (input: Any) => {
      executions++;
      return String(input.limit);
    },
  } as Any);
  return new Agent({ name: "bench", tools: [search] });
}

const bareAgent = agent(false);
const guardedAgent = agent(true);

async function agentRun(base: Agent): Promise<void> {
  const model = new ScriptedModel([
    ARGUMENTS.map((input, index) => functionCall("search", input, { callId: `c${index}` })),
    [assistantMessage("done")],
  ]);
  await run(base.clone({ model }), "Search");
}

/** One comparison: a loop without and with the adapter, timed in alternation. */
interface Comparison {
  readonly name: string;
  readonly bare: () => Promise<void>;
  readonly gated: () => Promise<void>;
  /** Tool calls in one loop. */
  readonly calls: number;
  /** Total milliseconds per side, over every measured iteration. */
  readonly totals: { bare: number; gated: number; loops: number };
}

const middleware = interjsonMiddleware();
const middlewareParams = { tools: [{ type: "function", name: "search", inputSchema: SCHEMA }] };
const modelAnswer = () => Promise.resolve({ content: TOOL_CALLS });

/** Answers per loop of the middleware alone (one answer is too short to time). */
const ANSWERS = 100;

/** The middleware's own work on answers of ten calls, without the SDK around it. */
async function middlewareAlone(): Promise<void> {
  let gated: readonly unknown[] = [];
  for (let answer = 0; answer < ANSWERS; answer++) {
    gated = (await middleware.wrapGenerate({ params: middlewareParams, doGenerate: modelAnswer }))
      .content;
  }
  executions += gated.length;
}

/** The same answers passed through untouched. */
async function identityAlone(): Promise<void> {
  let passed: readonly unknown[] = [];
  for (let answer = 0; answer < ANSWERS; answer++) passed = (await modelAnswer()).content;
  executions += passed.length;
}

const guardrail = interjsonToolGuardrail();
const guardrailAgent = { tools: [{ type: "function", name: "search", parameters: SCHEMA }] };

/** The guardrail's own work on the same calls, without the SDK around it. */
async function guardrailAlone(): Promise<void> {
  let allowed = 0;
  for (let answer = 0; answer < ANSWERS; answer++) {
    allowed = 0;
    for (const input of ARGUMENTS) {
      const output = await guardrail.run({
        agent: guardrailAgent,
        toolCall: { name: "search", arguments: input },
      });
      if (output.behavior.type === "allow") allowed++;
    }
  }
  executions += allowed;
}

/** The same calls, allowed without looking. */
async function allowAlone(): Promise<void> {
  let allowed = 0;
  for (let answer = 0; answer < ANSWERS; answer++) {
    allowed = 0;
    for (const _input of ARGUMENTS) {
      const output = await Promise.resolve({ behavior: { type: "allow" } });
      if (output.behavior.type === "allow") allowed++;
    }
  }
  executions += allowed;
}

const COMPARISONS: Comparison[] = [
  {
    name: "interjsonMiddleware.wrapGenerate alone (no SDK)",
    bare: identityAlone,
    gated: middlewareAlone,
    calls: CALLS * ANSWERS,
    totals: { bare: 0, gated: 0, loops: 0 },
  },
  {
    name: "interjsonToolGuardrail.run alone (no SDK)",
    bare: allowAlone,
    gated: guardrailAlone,
    calls: CALLS * ANSWERS,
    totals: { bare: 0, gated: 0, loops: 0 },
  },
  {
    name: "ai generateText + interjsonMiddleware",
    bare: () => aiGenerate(bareAi),
    gated: () => aiGenerate(wrappedAi),
    calls: CALLS,
    totals: { bare: 0, gated: 0, loops: 0 },
  },
  {
    name: "ai streamText + interjsonMiddleware",
    bare: () => aiStream(bareAi),
    gated: () => aiStream(wrappedAi),
    calls: CALLS,
    totals: { bare: 0, gated: 0, loops: 0 },
  },
  {
    name: "@openai/agents run + interjsonToolGuardrail",
    bare: () => agentRun(bareAgent),
    gated: () => agentRun(guardedAgent),
    calls: CALLS,
    totals: { bare: 0, gated: 0, loops: 0 },
  },
];

/** Every gated loop executes its ten calls: the adapters refuse none of them. */
for (const comparison of COMPARISONS) {
  executions = 0;
  await comparison.gated();
  if (executions !== CALLS) {
    throw new Error(`${comparison.name}: expected ${CALLS} executions, got ${executions}`);
  }
}

async function timed(loop: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await loop();
  return performance.now() - started;
}

for (const comparison of COMPARISONS) {
  Deno.bench({
    name: `${comparison.name}: ${LOOPS} loops of ${comparison.calls} calls each side, alternating`,
    n: 5,
    warmup: 1,
    async fn(b) {
      const round = { bare: 0, gated: 0 };
      b.start();
      for (let loop = 0; loop < LOOPS; loop++) {
        round.bare += await timed(comparison.bare);
        round.gated += await timed(comparison.gated);
      }
      b.end();
      comparison.totals.bare += round.bare;
      comparison.totals.gated += round.gated;
      comparison.totals.loops += LOOPS;
    },
  });
}

globalThis.addEventListener("unload", () => {
  const lines = ["", "frameworks summary:"];
  for (const { name, totals, calls } of COMPARISONS) {
    if (totals.loops === 0) continue;
    const ratio = totals.gated / totals.bare;
    const addedMicros = ((totals.gated - totals.bare) / (totals.loops * calls)) * 1000;
    lines.push(
      `${name}: bare ${(totals.bare / totals.loops).toFixed(3)} ms/loop, ` +
        `gated ${(totals.gated / totals.loops).toFixed(3)} ms/loop, ratio ${ratio.toFixed(3)}×, ` +
        `added ${addedMicros.toFixed(1)} µs per tool call`,
    );
  }
  console.log(lines.join("\n"));
});
