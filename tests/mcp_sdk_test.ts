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

const calls: [string, string, Record<string, unknown>, (result: Result) => void][] = [
  [
    "gate: a safe document",
    "interjson_gate",
    { text: '{"query":"weather in Paris","limit":3}' },
    (r) => {
      equal(r.structuredContent.executable, true);
      deepEqual(r.structuredContent.value, { query: "weather in Paris", limit: 3 });
    },
  ],
  ["gate: the seed's refused document", "interjson_gate", {
    text: '{"query":"weather in Par',
    schema_json: SEED_SCHEMA_JSON,
  }, (r) => {
    equal(r.structuredContent.executable, false);
    equal(r.content[0].text, SEED_TEXT_CHANNEL);
  }],
  ["gate: a schema mismatch", "interjson_gate", {
    text: '{"limit":3}',
    schema_json: SEED_SCHEMA_JSON,
  }, (r) => {
    equal(r.structuredContent.executable, false);
    deepEqual(r.structuredContent.schema_missing, ["/query"]);
    ok(r.structuredContent.retry.prompt.length > 0);
  }],
  ["gate: a declaration and a cosmetic repair", "interjson_gate", {
    text: "{'query': 'x', 'limit': 2,}",
    schema: "{!query:string,!limit:integer}",
  }, (r) => {
    equal(r.structuredContent.decision, "cosmetic_repair");
    equal(r.structuredContent.executable, true);
  }],
  ["gate: prose around the value (agent default)", "interjson_gate", {
    text: 'Here are the args:\n{"a":1}',
  }, (r) => equal(r.structuredContent.executable, true)],
  ["gate: an ambiguous document", "interjson_gate", { text: '{"a":1,"a":2}' }, (r) => {
    equal(r.structuredContent.executable, false);
    equal(r.structuredContent.ambiguous, true);
  }],
  ["gate: no JSON at all", "interjson_gate", { text: "sorry, I cannot" }, (r) => {
    equal(r.structuredContent.decision, "invalid");
  }],
  [
    "repair: a truncated document",
    "interjson_repair",
    { text: '{"query":"weather in Par' },
    (r) => {
      equal(r.structuredContent.completeness, "truncated");
      equal(r.structuredContent.exactness, "lossy");
    },
  ],
  [
    "repair: a trailing comma",
    "interjson_repair",
    { text: "[1,2,]", profile: "execution" },
    (r) => {
      equal(r.structuredContent.exactness, "cosmetic");
      match(r.content[0].text, /^exactness=cosmetic /);
    },
  ],
  ["validate: valid with a declaration", "interjson_validate", {
    text: '{"query":"x"}',
    schema_json: SEED_SCHEMA_JSON,
  }, (r) => {
    equal(r.structuredContent.valid, true);
    equal(r.structuredContent.schema.ok, true);
  }],
  ["validate: repairable", "interjson_validate", { text: "[1,2,]" }, (r) => {
    equal(r.structuredContent.valid, false);
    equal(typeof r.structuredContent.repaired, "string");
  }],
  ["validate: nothing to repair", "interjson_validate", { text: "" }, (r) => {
    equal(r.structuredContent.valid, false);
  }],
  ["readiness: with a declaration", "interjson_readiness", {
    text: '{"query":"weather in Paris","limit":3}',
    schema: "{!query:string,!limit:integer}",
  }, (r) => {
    ok(r.structuredContent.settled_permille <= 1000);
    ok(r.structuredContent.verdict);
  }],
  ["readiness: without a declaration", "interjson_readiness", { text: "[1,2]" }, (r) => {
    equal(typeof r.structuredContent.syntax_permille, "number");
  }],
  ["a tool execution failure (E070) has no structuredContent", "interjson_gate", {
    text: "{}",
    schema_json: { type: "object", allOf: [] },
  }, (r) => {
    equal(r.isError, true);
    equal(r.structuredContent, undefined);
    match(r.content[0].text, /E070/);
  }],
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
      for (const [label, name, args, check] of calls) {
        await t.step(label, async () => {
          const result = await client.callTool({ name, arguments: args });
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
