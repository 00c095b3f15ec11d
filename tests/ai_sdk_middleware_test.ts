/**
 * `interjsonMiddleware()` (adapters/ai_sdk.ts, the `./ai-sdk` export) with
 * the real `ai` package, 7.x, and its mock language model (`ai/test`),
 * dev-only, in `generateText` and in `streamText`: for each kind of refusal
 * (syntax, schema, each hazard class) the tool's `execute` never runs and the
 * model's next request carries the gate's retry prompt as the call's tool
 * error; a valid call executes once with the right input. The repair-only
 * adapter, `gateToolCallRepair()`, misses a call that is valid JSON with a
 * hazard in it, and the middleware catches it: the difference
 * docs/FRAMEWORKS.md describes.
 *
 * @module
 */

import { deepEqual, equal, ok } from "node:assert/strict";
import {
  generateText,
  jsonSchema,
  type LanguageModelMiddleware,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
  // deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
} from "npm:ai@7.0.173";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { MockLanguageModelV4 } from "npm:ai@7.0.173/test";
import {
  gateToolCallRepair,
  interjsonMiddleware,
  InterJsonRefusal,
  ToolGateError,
} from "../adapters/ai_sdk.ts";
import { CallerError, gate, type GateResult } from "../mod.ts";
import { AI_SDK_DECLARATIONS, WEATHER_SCHEMA, weatherTool } from "./fixtures/weather_tool.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** One tool call the scripted model makes in its first step. */
interface ScriptedCall {
  readonly toolName: string;
  readonly input: string;
}

function finish(unified: string) {
  return { unified, raw: unified };
}

/** The stream of one step: the call's input in two deltas, then the complete call. */
function streamParts(calls: readonly ScriptedCall[]): Any[] {
  const parts: Any[] = [{ type: "stream-start", warnings: [] }];
  calls.forEach((call, index) => {
    const id = `call-${index + 1}`;
    const half = Math.floor(call.input.length / 2);
    parts.push(
      { type: "tool-input-start", id, toolName: call.toolName },
      { type: "tool-input-delta", id, delta: call.input.slice(0, half) },
      { type: "tool-input-delta", id, delta: call.input.slice(half) },
      { type: "tool-input-end", id },
      { type: "tool-call", toolCallId: id, toolName: call.toolName, input: call.input },
    );
  });
  parts.push({ type: "finish", finishReason: finish("tool-calls"), usage: USAGE });
  return parts;
}

const TEXT_PARTS: Any[] = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "done" },
  { type: "text-end", id: "t" },
  { type: "finish", finishReason: finish("stop"), usage: USAGE },
];

/** A mock model whose first step makes the calls and whose later steps answer "done". */
function scriptedModel(calls: readonly ScriptedCall[]): MockLanguageModelV4 {
  let generateStep = 0;
  let streamStep = 0;
  return new MockLanguageModelV4({
    doGenerate: () => {
      generateStep++;
      const content: Any[] = generateStep === 1
        ? calls.map((call, index) => ({
          type: "tool-call",
          toolCallId: `call-${index + 1}`,
          ...call,
        }))
        : [{ type: "text", text: "done" }];
      const reason = generateStep === 1 ? "tool-calls" : "stop";
      return Promise.resolve(
        { content, finishReason: finish(reason), usage: USAGE, warnings: [] } as Any,
      );
    },
    doStream: () => {
      streamStep++;
      const chunks = streamStep === 1 ? streamParts(calls) : TEXT_PARTS;
      return Promise.resolve({ stream: simulateReadableStream({ chunks }) } as Any);
    },
  });
}

/** The two ways SDK users declare a tool: `jsonSchema` (never validated by the SDK) and zod. */
const DECLARATIONS = AI_SDK_DECLARATIONS;

type Declaration = typeof DECLARATIONS[number];

/** The loop under test, in one of its two modes. */
interface Mode {
  readonly name: string;
  /** Runs the loop to its end; the model's requests, in order. */
  run(settings: Any): Promise<{ requests: Any[]; result: Any }>;
}

const MODES: readonly Mode[] = [
  {
    name: "generateText",
    async run(settings) {
      const result = await generateText({
        stopWhen: stepCountIs(3),
        prompt: "Weather?",
        ...settings,
      });
      return { requests: settings.inner.doGenerateCalls, result };
    },
  },
  {
    name: "streamText",
    async run(settings) {
      const errors: unknown[] = [];
      const result = streamText({
        stopWhen: stepCountIs(3),
        prompt: "Weather?",
        onError: ({ error }: Any) => {
          errors.push(error);
        },
        ...settings,
      });
      await result.consumeStream();
      if (errors.length > 0) throw errors[0];
      return { requests: settings.inner.doStreamCalls, result: { steps: await result.steps } };
    },
  },
];

/** Runs the weather tool through the wrapped mock model; what ran and what the model saw. */
async function runWeather(
  mode: Mode,
  declaration: Declaration,
  calls: readonly ScriptedCall[],
  extra: { middleware?: LanguageModelMiddleware | null; repairToolCall?: unknown } = {},
) {
  const executed: unknown[] = [];
  const gated: GateResult[] = [];
  const inner = scriptedModel(calls);
  const middleware = extra.middleware === undefined
    ? interjsonMiddleware({ onGate: (_tool, result) => gated.push(result) })
    : extra.middleware;
  const model = middleware === null ? inner : wrapLanguageModel({ model: inner, middleware });
  const { requests, result } = await mode.run({
    inner,
    model,
    tools: { weather: weatherTool(declaration, executed) },
    repairToolCall: extra.repairToolCall,
  });
  return { executed, gated, requests, result };
}

/** Every text of every tool-result error in one request's prompt. */
function toolErrors(request: Any): string[] {
  const texts: string[] = [];
  for (const message of request.prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result" && part.output?.type === "error-text") {
        texts.push(part.output.value);
      }
    }
  }
  return texts;
}

/** The retry prompt the gate gives for this text against the schema the model was offered. */
function expectedPrompt(request: Any, raw: string): string {
  const offered = request.tools.find((tool: Any) => tool.name === "weather");
  const result = gate(raw, { schemaJson: offered.inputSchema, profile: "agent" });
  equal(result.executable, false, "the row is a refusal");
  return result.retry!.prompt;
}

/** The `text` blocks of docs/FRAMEWORKS.md, their list indentation removed. */
async function frameworksDocBlocks(): Promise<string[]> {
  const text = await Deno.readTextFile(new URL("../docs/FRAMEWORKS.md", import.meta.url));
  return [...text.matchAll(/^( *)```text\n([\s\S]*?)\n\1```$/gm)].map(([, indent, body]) =>
    body.split("\n").map((line) => line.startsWith(indent) ? line.slice(indent.length) : line)
      .join("\n")
  );
}

/** Each kind of refusal, one row each: the text the model sends and the code it is refused with. */
const REFUSALS = [
  { kind: "syntax: a truncated string", raw: '{"city": "Par', code: "E010 R010" },
  { kind: "schema: a number for a string", raw: '{"city": 75001}', code: "E030" },
  {
    kind: "hazard: duplicate keys",
    raw: '{"city": "Paris", "city": "Rome"}',
    code: "E011 R032 DuplicateKey",
  },
  {
    kind: "hazard: case-twin keys",
    raw: '{"city": "Paris", "City": "Rome"}',
    code: "E011 R036 CaseCollidingKeys",
  },
  {
    kind: "hazard: an integer past 2^53",
    raw: '{"city": "Paris", "days": 9007199254740993}',
    code: "E011 R033 UnsafeInteger",
  },
  {
    kind: "hazard: a bidi override",
    raw: '{"city": "Paris\u202e"}',
    code: "E011 R037 InvisibleControl",
  },
  {
    kind: "hazard: a tag character",
    raw: '{"city": "Paris\u{E0041}"}',
    code: "E011 R037 InvisibleControl",
  },
  {
    kind: "hazard: a lone surrogate",
    raw: '{"city": "\\ud800Paris"}',
    code: "E011 R035 LoneSurrogate",
  },
  {
    kind: "hazard: a NUL twin of a declared key",
    raw: '{"city": "Paris", "city\\u0000": "Rome"}',
    code: "E011 AmbiguityRefused",
  },
  {
    kind: "hazard: a declared key in another case, alone",
    raw: '{"City": "Rome"}',
    code: "E011 AmbiguityRefused",
  },
] as const;

for (const mode of MODES) {
  Deno.test(`ai-sdk middleware, ${mode.name}: each refusal never executes and the next request carries the retry prompt`, async (t) => {
    for (const row of REFUSALS) {
      for (const declaration of DECLARATIONS) {
        await t.step(`${row.kind} (${declaration.name})`, async () => {
          const run = await runWeather(mode, declaration, [{
            toolName: "weather",
            input: row.raw,
          }]);
          deepEqual(run.executed, [], "execute never ran");
          equal(run.requests.length, 2, "the model was asked again");
          equal(run.gated.length, 1);
          const prompt = expectedPrompt(run.requests[0], row.raw);
          ok(prompt.startsWith(`InterJSON refused the arguments: ${row.code}`), prompt);
          equal(run.gated[0].retry?.prompt, prompt);
          const errors = toolErrors(run.requests[1]);
          equal(errors.length, 1);
          ok(errors[0].includes(prompt), `the prompt reaches the model: ${errors[0]}`);
        });
      }
    }
  });

  Deno.test(`ai-sdk middleware, ${mode.name}: a valid call executes once with the model's value`, async (t) => {
    const rows = [
      { name: "valid JSON", raw: '{"city": "Paris", "days": 3}' },
      {
        name: "single quotes and a trailing comma, repaired",
        raw: "{'city': 'Paris', 'days': 3,}",
      },
    ];
    for (const row of rows) {
      for (const declaration of DECLARATIONS) {
        await t.step(`${row.name} (${declaration.name})`, async () => {
          const run = await runWeather(mode, declaration, [{
            toolName: "weather",
            input: row.raw,
          }]);
          deepEqual(run.executed, [{ city: "Paris", days: 3 }]);
          deepEqual(toolErrors(run.requests[1]), []);
          const results = run.result.steps[0].toolResults as Any[];
          equal(results.length, 1);
          equal(results[0].output, "sunny in Paris");
        });
      }
    }
  });

  Deno.test(`ai-sdk middleware, ${mode.name}: of two calls in one step, only the refused one is held back`, async () => {
    const run = await runWeather(mode, DECLARATIONS[0], [
      { toolName: "weather", input: '{"city": "Paris", "city": "Rome"}' },
      { toolName: "weather", input: '{"city": "Oslo"}' },
    ]);
    deepEqual(run.executed, [{ city: "Oslo" }]);
    const errors = toolErrors(run.requests[1]);
    equal(errors.length, 1);
    ok(errors[0].includes("E011 R032 DuplicateKey"), errors[0]);
  });
}

Deno.test("ai-sdk: the repair-only adapter executes a duplicate key's last value; the middleware refuses it", async (t) => {
  const raw = '{"city": "Paris", "city": "Rome"}';
  for (const mode of MODES) {
    for (const declaration of DECLARATIONS) {
      await t.step(`${mode.name} (${declaration.name})`, async () => {
        const repairOnly = await runWeather(mode, declaration, [{
          toolName: "weather",
          input: raw,
        }], {
          middleware: null,
          repairToolCall: gateToolCallRepair(),
        });
        deepEqual(
          repairOnly.executed,
          [{ city: "Rome" }],
          "the SDK parsed it and never asked the hook",
        );
        const mandatory = await runWeather(mode, declaration, [{
          toolName: "weather",
          input: raw,
        }]);
        deepEqual(mandatory.executed, []);
        ok(toolErrors(mandatory.requests[1])[0].includes("E011 R032 DuplicateKey"));
      });
    }
  }
});

Deno.test("ai-sdk: with a jsonSchema() tool the repair-only adapter checks no schema; the middleware does", async (t) => {
  const raw = '{"city": 75001}';
  for (const mode of MODES) {
    await t.step(mode.name, async () => {
      const repairOnly = await runWeather(mode, DECLARATIONS[0], [{
        toolName: "weather",
        input: raw,
      }], {
        middleware: null,
        repairToolCall: gateToolCallRepair(),
      });
      deepEqual(repairOnly.executed, [{ city: 75001 }]);
      const mandatory = await runWeather(mode, DECLARATIONS[0], [{
        toolName: "weather",
        input: raw,
      }]);
      deepEqual(mandatory.executed, []);
      ok(toolErrors(mandatory.requests[1])[0].includes("E030"));
    });
  }
});

Deno.test("ai-sdk: what the model reads on a refusal, with and without gateToolCallRepair beside the middleware", async (t) => {
  const raw = '{"city": "Paris", "city": "Rome"}';
  for (const mode of MODES) {
    await t.step(
      `${mode.name}: the middleware alone: the SDK's parse error around the prompt`,
      async () => {
        const run = await runWeather(mode, DECLARATIONS[0], [{ toolName: "weather", input: raw }]);
        const prompt = expectedPrompt(run.requests[0], raw);
        const [error] = toolErrors(run.requests[1]);
        ok(error.startsWith("AI_InvalidToolInputError: Invalid input for tool weather: "), error);
        ok(error.includes(`JSON parsing failed: Text: ${prompt}.`), error);
        ok((await frameworksDocBlocks()).includes(error), `docs/FRAMEWORKS.md shows it: ${error}`);
      },
    );
    await t.step(
      `${mode.name}: with gateToolCallRepair: the prompt as InterJsonRefusal`,
      async () => {
        const run = await runWeather(mode, DECLARATIONS[0], [{ toolName: "weather", input: raw }], {
          repairToolCall: gateToolCallRepair(),
        });
        deepEqual(run.executed, []);
        const prompt = expectedPrompt(run.requests[0], raw);
        deepEqual(toolErrors(run.requests[1]), [
          `AI_ToolCallRepairError: Error repairing tool call: InterJsonRefusal: ${prompt}`,
        ]);
      },
    );
  }
});

Deno.test("ai-sdk middleware: a call to a tool the request did not offer never executes", async (t) => {
  for (const mode of MODES) {
    await t.step(`${mode.name}: the SDK reports the unknown tool itself`, async () => {
      const run = await runWeather(mode, DECLARATIONS[0], [{
        toolName: "delete_all",
        input: "{}",
      }]);
      deepEqual(run.executed, []);
      equal(run.gated.length, 0);
      const [error] = toolErrors(run.requests[1]);
      ok(
        error.startsWith("AI_NoSuchToolError: Model tried to call unavailable tool 'delete_all'"),
        error,
      );
    });
  }
  await t.step("the middleware alone marks it refused: its schema is unknown", async () => {
    const { content } = await interjsonMiddleware().wrapGenerate({
      params: { tools: [{ type: "function", name: "weather", inputSchema: WEATHER_SCHEMA }] },
      doGenerate: () =>
        Promise.resolve({
          content: [{ type: "tool-call", toolCallId: "1", toolName: "delete_all", input: "{}" }],
        }),
    });
    equal(
      content[0].input,
      'InterJSON refused the call: the tool "delete_all" was not offered in this request, ' +
        "so its arguments cannot be gated.\nCall one of the tools you were given.",
    );
  });
});

Deno.test("ai-sdk middleware: an empty input is gated as {}, the SDK's own reading of it", async (t) => {
  for (const mode of MODES) {
    await t.step(`${mode.name}: a tool without required members runs with {}`, async () => {
      const executed: unknown[] = [];
      const inner = scriptedModel([{ toolName: "now", input: "" }]);
      await mode.run({
        inner,
        model: wrapLanguageModel({ model: inner, middleware: interjsonMiddleware() }),
        tools: {
          now: tool({
            inputSchema: jsonSchema({ type: "object", properties: {} }) as Any,
            execute: (input: Any) => {
              executed.push(input);
              return Promise.resolve("noon");
            },
          } as Any),
        },
      });
      deepEqual(executed, [{}]);
    });
    await t.step(`${mode.name}: a tool with a required member refuses it with E030`, async () => {
      const run = await runWeather(mode, DECLARATIONS[0], [{ toolName: "weather", input: "  " }]);
      deepEqual(run.executed, []);
      ok(toolErrors(run.requests[1])[0].includes("E030"));
    });
  }
});

Deno.test("ai-sdk middleware: a schema the gate cannot compile throws the host's ToolGateError (E070) before the model is called", async (t) => {
  for (const mode of MODES) {
    await t.step(mode.name, async () => {
      const executed: unknown[] = [];
      const inner = scriptedModel([{ toolName: "fetch", input: "{}" }]);
      let thrown: unknown;
      try {
        await mode.run({
          inner,
          model: wrapLanguageModel({ model: inner, middleware: interjsonMiddleware() }),
          tools: {
            fetch: tool({
              inputSchema: jsonSchema({ $ref: "https://example.com/remote.json" } as Any) as Any,
              execute: (input: Any) => Promise.resolve(executed.push(input)),
            } as Any),
          },
        });
      } catch (error) {
        thrown = error;
      }
      ok(thrown instanceof ToolGateError && thrown instanceof CallerError, String(thrown));
      equal(thrown.code, "E070");
      equal(thrown.toolName, "fetch");
      ok(/^InterJSON cannot gate tool fetch: E070/.test(thrown.message), thrown.message);
      equal(inner.doGenerateCalls.length + inner.doStreamCalls.length, 0);
      deepEqual(executed, []);
    });
  }
});

Deno.test("ai-sdk middleware: one middleware gates against the tool's schema of each request (recompiled when it changes)", async () => {
  const middleware = interjsonMiddleware();
  const raw = '{"city": 75001}';
  const outcomes: unknown[][] = [];
  for (const city of [{ type: "string" }, { type: "integer" }, { type: "string" }]) {
    const executed: unknown[] = [];
    const inner = scriptedModel([{ toolName: "weather", input: raw }]);
    await generateText({
      model: wrapLanguageModel({ model: inner, middleware }),
      prompt: "Weather?",
      stopWhen: stepCountIs(3),
      tools: {
        weather: tool({
          inputSchema: jsonSchema({ type: "object", properties: { city } }) as Any,
          execute: (input: Any) => Promise.resolve(executed.push(input)),
        } as Any),
      },
    } as Any);
    outcomes.push(executed);
  }
  deepEqual(outcomes, [[], [{ city: 75001 }], []]);
});

Deno.test("ai-sdk middleware: provider-executed calls and other parts pass through untouched", async () => {
  const middleware = interjsonMiddleware();
  const parts = [
    { type: "text", text: '{"a":1,"a":2}' },
    {
      type: "tool-call",
      toolCallId: "p",
      toolName: "web_search",
      input: '{"q":1,"q":2}',
      providerExecuted: true,
    },
    { type: "tool-call", toolCallId: "h", toolName: "weather", input: '{"city":"Paris"}' },
  ];
  const { content } = await middleware.wrapGenerate({
    params: { tools: [{ type: "function", name: "weather", inputSchema: WEATHER_SCHEMA }] },
    doGenerate: () => Promise.resolve({ content: parts }),
  });
  deepEqual(content, parts);
});

Deno.test("ai-sdk middleware: an executable call goes on with the gate's text", async () => {
  const middleware = interjsonMiddleware();
  const raw = "Sure: ```json\n{'city': 'Paris',}\n```";
  const { content } = await middleware.wrapGenerate({
    params: { tools: [{ type: "function", name: "weather", inputSchema: WEATHER_SCHEMA }] },
    doGenerate: () =>
      Promise.resolve({
        content: [{ type: "tool-call", toolCallId: "1", toolName: "weather", input: raw }],
      }),
  });
  equal(content[0].input, gate(raw, { schemaJson: WEATHER_SCHEMA }).text);
  equal(content[0].input, '{"city":"Paris"}');
});

Deno.test("ai-sdk middleware: what it leaves to the SDK and the host (docs/FRAMEWORKS.md, not covered)", async (t) => {
  const raw = '{"city": "Paris", "city": "Rome"}';
  await t.step(
    "the next request shows the refused call's input as {} (the SDK's rendering)",
    async () => {
      const run = await runWeather(MODES[0], DECLARATIONS[0], [{
        toolName: "weather",
        input: raw,
      }]);
      const assistant = run.requests[1].prompt.find((message: Any) => message.role === "assistant");
      deepEqual(assistant.content.map((part: Any) => [part.type, part.input]), [["tool-call", {}]]);
    },
  );
  await t.step("streamText: the tool-input-delta parts carry the raw text ungated", async () => {
    const inner = scriptedModel([{ toolName: "weather", input: raw }]);
    const executed: unknown[] = [];
    const result = streamText({
      model: wrapLanguageModel({ model: inner, middleware: interjsonMiddleware() }),
      tools: { weather: weatherTool(DECLARATIONS[0], executed) },
      prompt: "Weather?",
      stopWhen: stepCountIs(3),
    } as Any);
    let streamed = "";
    for await (const part of result.fullStream as AsyncIterable<Any>) {
      if (part.type === "tool-input-delta") streamed += part.delta;
    }
    equal(streamed, raw);
    deepEqual(executed, []);
  });
  await t.step(
    "a repairToolCall hook of the host's own: its output runs without the gate",
    async () => {
      const run = await runWeather(
        MODES[0],
        DECLARATIONS[0],
        [{ toolName: "weather", input: raw }],
        {
          repairToolCall: ({ toolCall }: Any) =>
            Promise.resolve({ ...toolCall, input: '{"city": "Rome"}' }),
        },
      );
      deepEqual(run.executed, [{ city: "Rome" }]);
    },
  );
});

Deno.test("ai-sdk: gateToolCallRepair turns the middleware's mark into InterJsonRefusal, never gating the prompt", async () => {
  const prompt = gate('{"city": "Paris", "city": "Rome"}').retry!.prompt;
  let thrown: unknown;
  try {
    await gateToolCallRepair()({
      toolCall: { toolCallId: "1", toolName: "weather", input: prompt },
      inputSchema: () => Promise.resolve(WEATHER_SCHEMA),
      error: { name: "AI_InvalidToolInputError" },
    });
  } catch (error) {
    thrown = error;
  }
  ok(thrown instanceof InterJsonRefusal);
  deepEqual([thrown.code, thrown.prompt, thrown.toolName, thrown.result], [
    "E011",
    prompt,
    "weather",
    null,
  ]);
});

Deno.test("ai-sdk middleware: a provider-defined tool the host executes is gated without a schema (syntax and hazards)", async (t) => {
  const rows = [
    {
      name: "duplicate keys are refused",
      raw: '{"command": "ls", "command": "rm -rf /"}',
      ran: [],
    },
    { name: "valid JSON runs once", raw: '{"command": "ls"}', ran: [{ command: "ls" }] },
  ];
  for (const mode of MODES) {
    for (const row of rows) {
      await t.step(`${mode.name}: ${row.name}`, async () => {
        const executed: unknown[] = [];
        const inner = scriptedModel([{ toolName: "shell", input: row.raw }]);
        const { requests } = await mode.run({
          inner,
          model: wrapLanguageModel({ model: inner, middleware: interjsonMiddleware() }),
          tools: {
            shell: {
              type: "provider",
              id: "test.shell",
              args: {},
              inputSchema: jsonSchema({
                type: "object",
                properties: { command: { type: "string" } },
              }),
              execute: (input: Any) => Promise.resolve(executed.push(input)),
            },
          },
        });
        equal(requests[0].tools[0].type, "provider");
        deepEqual(executed, row.ran);
        const errors = toolErrors(requests[1]);
        equal(errors.length, row.ran.length === 0 ? 1 : 0);
        if (errors.length > 0) ok(errors[0].includes("E011 R032 DuplicateKey"), errors[0]);
      });
    }
  }
});
