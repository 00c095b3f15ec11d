/**
 * A real third-party client: the official TypeScript SDK
 * (`@modelcontextprotocol/sdk`, `Client` + `StdioClientTransport`) starts
 * `deno run cli.ts mcp`, negotiates, lists the tools, and calls each one. The
 * SDK validates every `tools/list` entry against its own schemas and every
 * `structuredContent` against the tool's `outputSchema`, so a result that
 * does not match its declaration fails here.
 *
 * @module
 */

import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client/index.js";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { StdioClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/stdio.js";
import { VERSION } from "../mod.ts";
import { CLI, ROOT } from "./mcp_harness.ts";
import { SEED_SCHEMA_JSON, SEED_TEXT_CHANNEL } from "./mcp_seed.ts";

// deno-lint-ignore no-explicit-any
type Result = any;

/** One call through the SDK client: the tool, its arguments, and what its result must show. */
interface SdkCall {
  behaviour: string;
  tool: string;
  args: Record<string, unknown>;
  check: (result: Result) => void;
}

const calls: readonly SdkCall[] = [
  {
    behaviour: "gate: a safe document",
    tool: "interjson_gate",
    args: { text: '{"query":"weather in Paris","limit":3}' },
    check: (r) => {
      equal(r.structuredContent.executable, true);
      deepEqual(r.structuredContent.value, { query: "weather in Paris", limit: 3 });
    },
  },
  {
    behaviour: "gate: the seed's refused document",
    tool: "interjson_gate",
    args: {
      text: '{"query":"weather in Par',
      schema_json: SEED_SCHEMA_JSON,
    },
    check: (r) => {
      equal(r.structuredContent.executable, false);
      equal(r.content[0].text, SEED_TEXT_CHANNEL);
    },
  },
  {
    behaviour: "gate: a schema mismatch",
    tool: "interjson_gate",
    args: {
      text: '{"limit":3}',
      schema_json: SEED_SCHEMA_JSON,
    },
    check: (r) => {
      equal(r.structuredContent.executable, false);
      deepEqual(r.structuredContent.schema_missing, ["/query"]);
      ok(r.structuredContent.retry.prompt.length > 0);
    },
  },
  {
    behaviour: "gate: a declaration and a cosmetic repair",
    tool: "interjson_gate",
    args: {
      text: "{'query': 'x', 'limit': 2,}",
      schema: "{!query:string,!limit:integer}",
    },
    check: (r) => {
      equal(r.structuredContent.decision, "cosmetic_repair");
      equal(r.structuredContent.executable, true);
    },
  },
  {
    behaviour: "gate: prose around the value (agent default)",
    tool: "interjson_gate",
    args: {
      text: 'Here are the args:\n{"a":1}',
    },
    check: (r) => equal(r.structuredContent.executable, true),
  },
  {
    behaviour: "gate: an ambiguous document",
    tool: "interjson_gate",
    args: { text: '{"a":1,"a":2}' },
    check: (r) => {
      equal(r.structuredContent.executable, false);
      equal(r.structuredContent.ambiguous, true);
    },
  },
  {
    behaviour: "gate: no JSON at all",
    tool: "interjson_gate",
    args: { text: "sorry, I cannot" },
    check: (r) => {
      equal(r.structuredContent.decision, "invalid");
    },
  },
  {
    behaviour: "repair: a truncated document",
    tool: "interjson_repair",
    args: { text: '{"query":"weather in Par' },
    check: (r) => {
      equal(r.structuredContent.completeness, "truncated");
      equal(r.structuredContent.exactness, "lossy");
    },
  },
  {
    behaviour: "repair: a trailing comma",
    tool: "interjson_repair",
    args: { text: "[1,2,]", profile: "execution" },
    check: (r) => {
      equal(r.structuredContent.exactness, "cosmetic");
      match(r.content[0].text, /^exactness=cosmetic /);
    },
  },
  {
    behaviour: "validate: valid with a declaration",
    tool: "interjson_validate",
    args: {
      text: '{"query":"x"}',
      schema_json: SEED_SCHEMA_JSON,
    },
    check: (r) => {
      equal(r.structuredContent.valid, true);
      equal(r.structuredContent.schema.ok, true);
    },
  },
  {
    behaviour: "validate: repairable",
    tool: "interjson_validate",
    args: { text: "[1,2,]" },
    check: (r) => {
      equal(r.structuredContent.valid, false);
      equal(typeof r.structuredContent.repaired, "string");
    },
  },
  {
    behaviour: "validate: nothing to repair",
    tool: "interjson_validate",
    args: { text: "" },
    check: (r) => {
      equal(r.structuredContent.valid, false);
    },
  },
  {
    behaviour: "readiness: with a declaration",
    tool: "interjson_readiness",
    args: {
      text: '{"query":"weather in Paris","limit":3}',
      schema: "{!query:string,!limit:integer}",
    },
    check: (r) => {
      ok(r.structuredContent.settled_permille <= 1000);
      ok(r.structuredContent.verdict);
    },
  },
  {
    behaviour: "readiness: without a declaration",
    tool: "interjson_readiness",
    args: { text: "[1,2]" },
    check: (r) => {
      equal(typeof r.structuredContent.syntax_permille, "number");
    },
  },
  {
    behaviour: "a tool execution failure (E070) has no structuredContent",
    tool: "interjson_gate",
    args: {
      text: "{}",
      schema_json: { type: "object", allOf: [] },
    },
    check: (r) => {
      equal(r.isError, true);
      equal(r.structuredContent, undefined);
      match(r.content[0].text, /E070/);
    },
  },
];

Deno.test({
  name: "the official MCP SDK client connects, lists the tools, and calls each one",
  // The SDK's stdio transport runs on node:child_process, which the sanitizers cannot follow.
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const transport = new StdioClientTransport({
      command: Deno.execPath(),
      args: ["run", CLI, "mcp"],
      cwd: ROOT,
      stderr: "pipe",
    });
    const client = new Client({ name: "interjson-test", version: "0" });
    await client.connect(transport);
    try {
      await t.step("identity and instructions", () => {
        const info = client.getServerVersion();
        equal(info?.name, "interjson");
        equal(info?.version, VERSION);
        ok((client.getInstructions() ?? "").includes("interjson_gate"));
        deepEqual(client.getServerCapabilities(), { tools: { listChanged: false } });
      });
      await t.step("tools/list", async () => {
        const { tools } = await client.listTools();
        deepEqual(tools.map((tool: { name: string }) => tool.name), [
          "interjson_gate",
          "interjson_repair",
          "interjson_validate",
          "interjson_readiness",
        ]);
      });
      for (const { behaviour, tool, args, check } of calls) {
        await t.step(behaviour, async () => {
          const result = await client.callTool({ name: tool, arguments: args });
          if (!result.isError) ok(result.structuredContent, "structuredContent present");
          check(result);
        });
      }
      await t.step("an unknown tool is a protocol error (-32602)", async () => {
        await rejects(
          client.callTool({ name: "interjson_gat", arguments: { text: "{}" } }),
          /-32602/,
        );
      });
      await t.step("ping", async () => {
        deepEqual(await client.ping(), {});
      });
    } finally {
      await client.close();
    }
  },
});
