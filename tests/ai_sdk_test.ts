/**
 * The AI SDK's repair-only adapter, `gateToolCallRepair()` (`adapters/ai_sdk.ts`,
 * the `./ai-sdk` export), with the real `ai` package, 7.x, and its mock
 * language model (`ai/test`), dev-only (the middleware that gates every call
 * is tested in tests/ai_sdk_middleware_test.ts):
 * a truncated tool call is refused and the gate's retry prompt reaches the
 * model in the next step's messages; a call with single quotes and a
 * trailing comma is repaired and executed with the right value. Tools are
 * declared both with `jsonSchema` and with zod, the way SDK users write them.
 *
 * @module
 */

import { deepEqual, equal, ok } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { generateText, stepCountIs } from "npm:ai@7.0.173";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { MockLanguageModelV4 } from "npm:ai@7.0.173/test";
import { gateToolCallRepair, ToolGateError } from "../adapters/ai_sdk.ts";
import { CallerError, gate } from "../mod.ts";
import { AI_SDK_DECLARATIONS, WEATHER_SCHEMA, weatherTool } from "./fixtures/weather_tool.ts";

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

// deno-lint-ignore no-explicit-any
type Any = any;

/** A mock model that answers step 1 with one tool call and step 2 with text. */
function modelCalling(input: string) {
  let step = 0;
  return new MockLanguageModelV4({
    doGenerate: () => {
      step++;
      const content: Any[] = step === 1
        ? [{ type: "tool-call", toolCallId: "call-1", toolName: "weather", input }]
        : [{ type: "text", text: "done" }];
      const unified = step === 1 ? "tool-calls" : "stop";
      return Promise.resolve({
        content,
        finishReason: { unified, raw: unified },
        usage: USAGE,
        warnings: [],
      } as Any);
    },
  });
}

/** Every text of every tool-result error in a prompt sent to the model. */
function toolErrors(prompt: Any[]): string[] {
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result" && part.output?.type === "error-text") {
        texts.push(part.output.value);
      }
    }
  }
  return texts;
}

Deno.test("ai-sdk: a truncated call is refused and the retry prompt is in the next step's messages", async (t) => {
  const raw = '{"city": "Par';
  for (const declaration of AI_SDK_DECLARATIONS) {
    await t.step(declaration.name, async () => {
      const executed: unknown[] = [];
      const refusals: string[] = [];
      const model = modelCalling(raw);
      const result = await generateText({
        model,
        tools: { weather: weatherTool(declaration, executed) },
        prompt: "What is the weather in Paris?",
        stopWhen: stepCountIs(3),
        repairToolCall: gateToolCallRepair({
          onGate: (_tool, gated) => refusals.push(gated.retry?.prompt ?? ""),
        }),
      } as Any);
      deepEqual(executed, [], "the tool never ran");
      equal(model.doGenerateCalls.length, 2);
      const expected = gate(raw, { schemaJson: WEATHER_SCHEMA }).retry!.prompt;
      equal(refusals[0].split("\n")[0], expected.split("\n")[0]);
      const errors = toolErrors(model.doGenerateCalls[1].prompt as Any[]);
      equal(errors.length, 1);
      ok(errors[0].includes(refusals[0]), `the prompt reaches the model: ${errors[0]}`);
      ok(errors[0].includes("InterJSON refused the arguments: E010 R010 CloseString"));
      const invalid = result.steps[0].content.find((part: Any) =>
        part.type === "tool-error"
      ) as Any;
      equal(typeof invalid.error, "string");
      ok(invalid.error.includes(`InterJsonRefusal: ${expected}`), invalid.error);
      equal(result.text, "done");
    });
  }
});

Deno.test("ai-sdk: single quotes and a trailing comma are repaired and executed with the right value", async (t) => {
  for (const declaration of AI_SDK_DECLARATIONS) {
    await t.step(declaration.name, async () => {
      const executed: unknown[] = [];
      const model = modelCalling("{'city': 'Paris', 'days': 3,}");
      const result = await generateText({
        model,
        tools: { weather: weatherTool(declaration, executed) },
        prompt: "What is the weather in Paris?",
        stopWhen: stepCountIs(3),
        repairToolCall: gateToolCallRepair(),
      } as Any);
      deepEqual(executed, [{ city: "Paris", days: 3 }]);
      const results = result.steps[0].toolResults as Any[];
      equal(results.length, 1);
      equal(results[0].output, "sunny in Paris");
      deepEqual(results[0].input, { city: "Paris", days: 3 });
      deepEqual(toolErrors(model.doGenerateCalls[1].prompt as Any[]), []);
    });
  }
});

Deno.test("ai-sdk: a value that fails the tool's (zod) schema is refused with E030, not executed", async () => {
  // A `jsonSchema()` without a validator is not checked by the SDK at all, so
  // the SDK asks for a repair only when its own parse or validation fails.
  const executed: unknown[] = [];
  const model = modelCalling('{"city": 75001}');
  await generateText({
    model,
    tools: { weather: weatherTool(AI_SDK_DECLARATIONS[1], executed) },
    prompt: "Weather?",
    stopWhen: stepCountIs(3),
    repairToolCall: gateToolCallRepair(),
  } as Any);
  deepEqual(executed, []);
  const errors = toolErrors(model.doGenerateCalls[1].prompt as Any[]);
  ok(errors[0].includes("E030 DeclarationMismatch"), errors[0]);
});

Deno.test("ai-sdk: importing mod.ts loads no adapter code", async () => {
  const modText = await Deno.readTextFile(new URL("../mod.ts", import.meta.url));
  ok(!modText.includes("adapters/"), "mod.ts does not import the adapter");
  const adapter = await Deno.readTextFile(new URL("../adapters/ai_sdk.ts", import.meta.url));
  ok(!/^import .* from "(npm:)?ai/m.test(adapter), "the adapter imports nothing from ai");
});

Deno.test("ai-sdk: a schema the gate cannot compile is the host's ToolGateError (E070), not a prompt", async () => {
  const repair = gateToolCallRepair();
  let thrown: unknown;
  try {
    await repair({
      toolCall: { toolCallId: "1", toolName: "fetch", input: "{}" },
      inputSchema: () => Promise.resolve({ $ref: "https://example.com/remote.json" }),
      error: { name: "AI_InvalidToolInputError" },
    });
  } catch (error) {
    thrown = error;
  }
  ok(thrown instanceof ToolGateError && thrown instanceof CallerError);
  ok(thrown.code === "E070" && thrown.toolName === "fetch");
  ok(/^InterJSON cannot gate tool fetch: E070/.test(thrown.message), thrown.message);
});
