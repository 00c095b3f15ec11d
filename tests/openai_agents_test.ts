/**
 * `interjsonToolGuardrail()` (adapters/openai_agents.ts, the
 * `./openai-agents` export) with the real `@openai/agents` package, 0.20,
 * and its scripted model (`@openai/agents/testing`), dev-only, in a plain
 * run and a streamed run: for each refusal the gate makes on text the SDK
 * can parse (schema, each hazard class), the tool never executes and the
 * model's next request carries the gate's retry prompt as the call's output;
 * text the SDK cannot parse never reaches the guardrail or the tool; a valid
 * call executes once with the model's value.
 *
 * @module
 */

import { deepEqual, equal, ok } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Agent, run, setTracingDisabled, tool } from "npm:@openai/agents@0.20.0";
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  // deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
} from "npm:@openai/agents@0.20.0/testing";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { z } from "npm:zod@4.1.12";
import {
  interjsonToolGuardrail,
  repairedPrompt,
  ToolGateError,
} from "../adapters/openai_agents.ts";
import { CallerError, gate, type GateResult } from "../mod.ts";
import { WEATHER_SCHEMA } from "./fixtures/weather_tool.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

// The scripted runs export no traces.
setTracingDisabled(true);

/** The two ways SDK users declare parameters: JSON Schema (never validated by the SDK) and zod. */
const DECLARATIONS = [
  { name: "JSON Schema", strict: false, parameters: () => WEATHER_SCHEMA as Any },
  {
    name: "zod",
    strict: true,
    parameters: () => z.object({ city: z.string(), days: z.number().int().nullable() }),
  },
] as const;

type Declaration = typeof DECLARATIONS[number];

/** The run under test, plain or streamed. */
const MODES = [
  { name: "run", stream: false },
  { name: "run, streamed", stream: true },
] as const;

type Mode = typeof MODES[number];

/** Runs an agent whose model calls the weather tool once with `raw`, then answers "done". */
async function runWeather(mode: Mode, declaration: Declaration, raw: string) {
  const executed: unknown[] = [];
  const gated: GateResult[] = [];
  const weather = tool({
    name: "weather",
    description: "Weather for a city",
    parameters: declaration.parameters(),
    strict: declaration.strict,
    inputGuardrails: [interjsonToolGuardrail({ onGate: (_name, result) => gated.push(result) })],
    execute: (input: Any) => {
      executed.push(input);
      return `sunny in ${input.city}`;
    },
  } as Any);
  const model = new ScriptedModel([
    [functionCall("weather", raw, { callId: "call-1" })],
    [assistantMessage("done")],
  ]);
  const agent = new Agent({ name: "assistant", model, tools: [weather] });
  if (mode.stream) {
    const streamed = await run(agent, "Weather?", { stream: true });
    await streamed.completed;
    equal(streamed.finalOutput, "done");
  } else {
    equal((await run(agent, "Weather?")).finalOutput, "done");
  }
  const offered = (agent.tools[0] as Any).parameters;
  return { executed, gated, requests: model.calls.map((call) => call.request), offered };
}

/** The text of every function call's output in one request's input. */
function callOutputs(request: Any): string[] {
  const texts: string[] = [];
  for (const item of request.input) {
    if (item.type !== "function_call_result") continue;
    texts.push(typeof item.output === "string" ? item.output : item.output.text);
  }
  return texts;
}

/**
 * Each refusal the gate makes on text the SDK parses: the text, the code it
 * is refused with, and whether the SDK's own zod check refuses it too (then
 * the SDK, by default, shows the model its redacted error instead of the
 * guardrail's message; the tool never runs either way).
 */
const REFUSALS = [
  {
    kind: "schema: a number for a string",
    raw: '{"city": 75001, "days": 3}',
    code: "E030",
    zodRefuses: true,
  },
  {
    kind: "hazard: duplicate keys",
    raw: '{"city": "Paris", "days": 3, "city": "Rome"}',
    code: "E011 R032",
    zodRefuses: false,
  },
  {
    kind: "hazard: case-twin keys",
    raw: '{"city": "Paris", "days": 3, "City": "Rome"}',
    code: "E011 R036",
    zodRefuses: false,
  },
  {
    kind: "hazard: an integer past 2^53",
    raw: '{"city": "Paris", "days": 9007199254740993}',
    code: "E011 R033",
    zodRefuses: true,
  },
  {
    kind: "hazard: a bidi override",
    raw: '{"city": "Paris\u202e", "days": 3}',
    code: "E011 R037",
    zodRefuses: false,
  },
  {
    kind: "hazard: a tag character",
    raw: '{"city": "Paris\u{E0041}", "days": 3}',
    code: "E011 R037",
    zodRefuses: false,
  },
  {
    kind: "hazard: a lone surrogate",
    raw: '{"city": "\\ud800Paris", "days": 3}',
    code: "E011 R035",
    zodRefuses: false,
  },
] as const;

/** The `text` blocks of docs/FRAMEWORKS.md. */
async function frameworksDocBlocks(): Promise<string[]> {
  const text = await Deno.readTextFile(new URL("../docs/FRAMEWORKS.md", import.meta.url));
  return [...text.matchAll(/^```text\n([\s\S]*?)\n```$/gm)].map(([, body]) => body);
}

/** What the SDK shows the model when its own input check failed too (tool data redacted by default). */
const REDACTED = "Tool execution failed. Error details are redacted.";

for (const mode of MODES) {
  Deno.test(`openai-agents guardrail, ${mode.name}: each refusal never executes and the next request carries the retry prompt`, async (t) => {
    for (const row of REFUSALS) {
      for (const declaration of DECLARATIONS) {
        await t.step(`${row.kind} (${declaration.name})`, async () => {
          const result = await runWeather(mode, declaration, row.raw);
          deepEqual(result.executed, [], "execute never ran");
          equal(result.requests.length, 2);
          const expected = gate(row.raw, { schemaJson: result.offered, profile: "agent" });
          equal(expected.executable, false);
          const prompt = expected.retry!.prompt;
          ok(prompt.startsWith(`InterJSON refused the arguments: ${row.code}`), prompt);
          equal(result.gated.length, 1);
          const sdkRedacts = declaration.name === "zod" && row.zodRefuses;
          deepEqual(callOutputs(result.requests[1]), [sdkRedacts ? REDACTED : prompt]);
          if (row.code === "E011 R032" && declaration.name === "JSON Schema") {
            ok((await frameworksDocBlocks()).includes(prompt), "docs/FRAMEWORKS.md shows it");
          }
        });
      }
    }
  });

  Deno.test(`openai-agents guardrail, ${mode.name}: a valid call executes once with the model's value`, async (t) => {
    for (const declaration of DECLARATIONS) {
      await t.step(declaration.name, async () => {
        const result = await runWeather(mode, declaration, '{"city": "Paris", "days": 3}');
        deepEqual(result.executed, [{ city: "Paris", days: 3 }]);
        equal(result.gated[0].executable, true);
        deepEqual(callOutputs(result.requests[1]), ["sunny in Paris"]);
      });
    }
  });

  Deno.test(`openai-agents guardrail, ${mode.name}: text the SDK cannot parse never reaches the guardrail or the tool`, async (t) => {
    const rows = [
      { name: "a truncated string", raw: '{"city": "Par' },
      { name: "single quotes and a trailing comma", raw: "{'city': 'Paris',}" },
    ];
    for (const row of rows) {
      await t.step(row.name, async () => {
        const result = await runWeather(mode, DECLARATIONS[0], row.raw);
        deepEqual(result.executed, []);
        equal(result.gated.length, 0, "the SDK's own parse answered first");
        deepEqual(callOutputs(result.requests[1]), [
          "An error occurred while parsing tool arguments. Please try again with valid JSON.",
        ]);
      });
    }
  });
}

Deno.test("openai-agents guardrail: a call the gate executes only after a repair is rejected with the text to re-emit", async (t) => {
  const guardrail = interjsonToolGuardrail();
  const agent = { tools: [{ type: "function", name: "weather", parameters: WEATHER_SCHEMA }] };
  const rows = [
    { name: "prose around the JSON", raw: 'Sure: {"city": "Paris"}', rule: "R003 SkipProse" },
    { name: "single quotes", raw: "{'city': 'Paris'}", rule: "R008 SingleQuotes" },
  ];
  for (const row of rows) {
    await t.step(row.name, async () => {
      const output = await guardrail.run({
        agent,
        toolCall: { name: "weather", arguments: row.raw },
      });
      const result = gate(row.raw, { schemaJson: WEATHER_SCHEMA });
      equal(result.executable, true, "the gate itself would execute it");
      deepEqual(output.behavior, { type: "rejectContent", message: repairedPrompt(result) });
      ok(
        repairedPrompt(result).startsWith(
          `InterJSON refused the arguments: E010 ${row.rule} at line 1`,
        ),
      );
      ok(repairedPrompt(result).endsWith('exactly as here: {"city":"Paris"}'));
      if (row.rule === "R008 SingleQuotes") {
        ok(
          (await frameworksDocBlocks()).includes(repairedPrompt(result)),
          "docs/FRAMEWORKS.md shows it",
        );
      }
    });
  }
  await t.step(
    "white space around valid JSON is allowed (JSON.parse reads it the same)",
    async () => {
      const output = await guardrail.run({
        agent,
        toolCall: { name: "weather", arguments: ' {"city": "Paris"}\n' },
      });
      deepEqual(output.behavior, { type: "allow" });
    },
  );
});

Deno.test("openai-agents guardrail: the schema comes from the agent's tool by name, or from schemaJson", async (t) => {
  const call = { name: "weather", arguments: '{"city": 1}' };
  await t.step("the agent's tool of that name", async () => {
    const guardrail = interjsonToolGuardrail();
    const agent = {
      tools: [
        { type: "function", name: "other", parameters: { type: "object" } },
        { type: "function", name: "weather", parameters: WEATHER_SCHEMA },
      ],
    };
    const output = await guardrail.run({ agent, toolCall: call });
    ok(output.behavior.type === "rejectContent" && output.behavior.message.includes("E030"));
  });
  await t.step("recompiled when the tool's parameters change", async () => {
    const guardrail = interjsonToolGuardrail();
    const withCity = (city: unknown) => ({
      tools: [{
        type: "function",
        name: "weather",
        parameters: { type: "object", properties: { city } },
      }],
    });
    const kinds = [];
    for (const city of [{ type: "string" }, { type: "integer" }, { type: "string" }]) {
      kinds.push((await guardrail.run({ agent: withCity(city), toolCall: call })).behavior.type);
    }
    deepEqual(kinds, ["rejectContent", "allow", "rejectContent"]);
  });
  await t.step("schemaJson overrides the tool's parameters", async () => {
    const guardrail = interjsonToolGuardrail({ schemaJson: { type: "object" } });
    const agent = { tools: [{ type: "function", name: "weather", parameters: WEATHER_SCHEMA }] };
    deepEqual((await guardrail.run({ agent, toolCall: call })).behavior, { type: "allow" });
  });
});

Deno.test("openai-agents guardrail: the host's mistakes are ToolGateErrors (CallerError E050/E070) that fail the run, never prompts", async (t) => {
  const rows = [
    {
      name: "a tool that is not among the agent's function tools",
      agent: { tools: [{ type: "hosted_tool", name: "weather" }] },
      code: "E050",
      message:
        /^InterJSON cannot gate tool weather: E050 OptionOutOfRange: it is not among the agent's function tools/,
    },
    {
      name: "two tools of one name with different schemas",
      agent: {
        tools: [
          { type: "function", name: "weather", parameters: { type: "object" } },
          { type: "function", name: "weather", parameters: WEATHER_SCHEMA },
        ],
      },
      code: "E050",
      message:
        /^InterJSON cannot gate tool weather: E050 OptionOutOfRange: the agent has 2 function tools of that name/,
    },
    {
      name: "a schema the gate cannot compile",
      agent: {
        tools: [{
          type: "function",
          name: "weather",
          parameters: { $ref: "https://example.com/s.json" },
        }],
      },
      code: "E070",
      message: /^InterJSON cannot gate tool weather: E070/,
    },
  ];
  for (const row of rows) {
    await t.step(row.name, async () => {
      let thrown: unknown;
      try {
        await interjsonToolGuardrail().run({
          agent: row.agent,
          toolCall: { name: "weather", arguments: "{}" },
        });
      } catch (error) {
        thrown = error;
      }
      ok(thrown instanceof ToolGateError && thrown instanceof CallerError, String(thrown));
      ok(thrown.code === row.code && thrown.toolName === "weather", String(thrown));
      ok(row.message.test(thrown.message), thrown.message);
    });
  }
  await t.step("in a real run, the run fails and the tool never executes", async () => {
    const executed: unknown[] = [];
    const weather = tool({
      name: "weather",
      description: "Weather",
      parameters: { $ref: "https://example.com/s.json" } as Any,
      strict: false,
      inputGuardrails: [interjsonToolGuardrail()],
      execute: (input: Any) => {
        executed.push(input);
        return "sunny";
      },
    } as Any);
    const model = new ScriptedModel([[functionCall("weather", "{}", { callId: "call-1" })]]);
    let thrown: unknown;
    try {
      await run(new Agent({ name: "assistant", model, tools: [weather] }), "Weather?");
    } catch (error) {
      thrown = error;
    }
    ok(
      thrown instanceof Error &&
        thrown.message.includes("InterJSON cannot gate tool weather: E070"),
      String(thrown),
    );
    deepEqual(executed, []);
  });
});

Deno.test("openai-agents: the adapter imports nothing from the SDK, and mod.ts never loads it", async () => {
  const modText = await Deno.readTextFile(new URL("../mod.ts", import.meta.url));
  ok(!modText.includes("adapters/"));
  const adapter = await Deno.readTextFile(new URL("../adapters/openai_agents.ts", import.meta.url));
  const imports = [...adapter.matchAll(/^import [^;]* from "([^"]+)";/gms)].map((match) =>
    match[1]
  );
  deepEqual(imports, ["../mod.ts", "./tool_gates.ts"]);
  const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  equal(config.exports["./openai-agents"], "./adapters/openai_agents.ts");
});
