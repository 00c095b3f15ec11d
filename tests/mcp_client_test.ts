/**
 * The real v2 client, `@modelcontextprotocol/client` 2.4, against the real
 * server: pinned to `2026-07-28` and in `auto` mode (it probes with
 * `server/discover` and keeps the modern era), over stdio and over
 * Streamable HTTP, listing the tools and calling all four. Every message the
 * server writes is recorded (stdio through `tee`, HTTP through the client's
 * `fetch`) and validated against the official JSON Schema of the revision
 * that message answers.
 *
 * @module
 */

import { deepEqual, equal, ok } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Client, StreamableHTTPClientTransport } from "npm:@modelcontextprotocol/client@2.4.0";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { StdioClientTransport } from "npm:@modelcontextprotocol/client@2.4.0/stdio";
import { CLI, ROOT } from "./mcp_harness.ts";
import { HttpServerProcess } from "./mcp_http_harness.ts";
import { checkServerMessage, type SchemaRevision } from "./mcp_schema.ts";

// deno-lint-ignore no-explicit-any
type Message = any;

const TOOL_NAMES = [
  "interjson_gate",
  "interjson_repair",
  "interjson_validate",
  "interjson_readiness",
];

const CALLS: { name: string; args: Record<string, unknown>; check: (r: Message) => void }[] = [
  {
    name: "interjson_gate",
    args: { text: "{'query': 'x', 'limit': 2,}", schema: "{!query:string,!limit:integer}" },
    check: (r) => {
      equal(r.structuredContent.executable, true);
      ok(r.content[0].text.includes("repaired text"));
    },
  },
  {
    name: "interjson_repair",
    args: { text: "[1,2,]" },
    check: (r) => equal(r.structuredContent.text, "[1,2]"),
  },
  {
    name: "interjson_validate",
    args: { text: '{"a":1}' },
    check: (r) => equal(r.structuredContent.valid, true),
  },
  {
    name: "interjson_readiness",
    args: { text: '{"a":1}', schema: "{!a:integer}" },
    check: (r) => equal(r.structuredContent.settled_permille, 1000),
  },
];

/** One request the client sent and the message the server wrote for it. */
interface Exchange {
  readonly request: Message;
  readonly reply: Message;
}

/** Which revision's schema judges a reply: 2026-07-28 for _meta-versioned requests, else the session's. */
function judge(exchanges: readonly Exchange[]): string[] {
  const problems: string[] = [];
  let session: SchemaRevision | undefined;
  for (const { request, reply } of exchanges) {
    const modern =
      request.params?._meta?.["io.modelcontextprotocol/protocolVersion"] === "2026-07-28" ||
      request.method === "server/discover";
    if (request.method === "initialize" && reply.result) session = reply.result.protocolVersion;
    const revision = modern ? "2026-07-28" : session;
    if (revision === undefined) {
      problems.push(`no revision for ${request.method}`);
      continue;
    }
    for (const problem of checkServerMessage(revision, request.method, reply)) {
      problems.push(`${revision} ${request.method}: ${problem}`);
    }
  }
  return problems;
}

/** Pairs the lines a stdio server read and wrote (each recorded by tee) by id. */
async function stdioExchanges(directory: string): Promise<Exchange[][]> {
  const runs: Exchange[][] = [];
  for await (const entry of Deno.readDir(directory)) {
    const read = async (name: string) =>
      (await Deno.readTextFile(`${directory}/${entry.name}/${name}`)).split("\n").filter((l) =>
        l.trim()
      )
        .map((l) => JSON.parse(l));
    const requests = (await read("in")).filter((m: Message) => m.method && "id" in m);
    const replies = await read("out");
    const byId = new Map(replies.map((r: Message) => [JSON.stringify(r.id), r]));
    runs.push(
      requests.filter((q: Message) => byId.has(JSON.stringify(q.id))).map((q: Message) => ({
        request: q,
        reply: byId.get(JSON.stringify(q.id)),
      })),
    );
  }
  return runs;
}

/**
 * Connects the SDK client to a fresh `interjson mcp --http` process, runs
 * `use`, closes the client and stops the server (which must exit 0); resolves
 * to every JSON-RPC request answered with a JSON reply, recorded through the
 * client's `fetch`.
 */
async function httpExchanges(
  options: ConstructorParameters<typeof Client>[1],
  use: (client: Client, transport: StreamableHTTPClientTransport) => Promise<void>,
): Promise<Exchange[]> {
  const server = await HttpServerProcess.start();
  const exchanges: Exchange[] = [];
  const recording = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    if (
      body?.method && "id" in body && response.headers.get("content-type") === "application/json"
    ) {
      exchanges.push({ request: body, reply: await response.clone().json() });
    }
    return response;
  };
  try {
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      fetch: recording,
    });
    const client = new Client({ name: "interjson-test", version: "0" }, options);
    await client.connect(transport);
    try {
      await use(client, transport);
    } finally {
      await client.close();
    }
  } finally {
    equal((await server.stop()).code, 0);
  }
  return exchanges;
}

async function exercise(client: Client): Promise<void> {
  equal(client.getProtocolEra(), "modern");
  equal(client.getNegotiatedProtocolVersion(), "2026-07-28");
  equal(client.getServerVersion()?.name, "interjson");
  const { tools } = await client.listTools();
  deepEqual(tools.map((tool: Message) => tool.name), TOOL_NAMES);
  for (const call of CALLS) {
    const result = await client.callTool({ name: call.name, arguments: call.args });
    equal(result.isError, false, call.name);
    call.check(result);
  }
}

const MODES: { label: string; mode: "auto" | { pin: string } }[] = [
  { label: "pinned to 2026-07-28", mode: { pin: "2026-07-28" } },
  { label: "auto", mode: "auto" },
];

for (const { label, mode } of MODES) {
  Deno.test({
    name: `client 2.4 (${label}) over stdio: modern era, four tools, every message schema-valid`,
    // The client's stdio transport runs on node:child_process, which the sanitizers cannot follow.
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const directory = await Deno.makeTempDir({ prefix: "interjson-mcp-tee-" });
      try {
        const server = `${Deno.execPath()} run ${CLI} mcp`;
        const transport = new StdioClientTransport({
          command: "/bin/sh",
          args: ["-c", `d=$(mktemp -d -p ${directory}); tee "$d/in" | ${server} | tee "$d/out"`],
          cwd: ROOT,
          stderr: "pipe",
        });
        const client = new Client({ name: "interjson-test", version: "0" }, {
          versionNegotiation: { mode },
        });
        await client.connect(transport);
        try {
          await exercise(client);
        } finally {
          await client.close();
        }
        const runs = await stdioExchanges(directory);
        ok(runs.length >= 1);
        const all = runs.flat();
        ok(all.some((e) => e.request.method === "tools/call"), "the calls were recorded");
        deepEqual(all.filter((e) => e.request.method === "initialize"), [], "no handshake");
        for (const run of runs) deepEqual(judge(run), []);
      } finally {
        await Deno.remove(directory, { recursive: true });
      }
    },
  });

  Deno.test({
    name:
      `client 2.4 (${label}) over Streamable HTTP: modern era, four tools, every message schema-valid`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const exchanges = await httpExchanges({ versionNegotiation: { mode } }, exercise);
      ok(exchanges.filter((e) => e.request.method === "tools/call").length === 4);
      deepEqual(judge(exchanges), []);
    },
  });
}

Deno.test({
  name: "client 2.4 in legacy mode over HTTP: initialize, a session id, the 2025-11-25 schema",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const exchanges = await httpExchanges(undefined, async (client, transport) => {
      equal(client.getProtocolEra(), "legacy");
      ok(transport.sessionId, "the server issued a session id");
      const { tools } = await client.listTools();
      equal(tools.length, 4);
      const result = await client.callTool({
        name: "interjson_gate",
        arguments: { text: "[1]" },
      });
      equal((result as Message).structuredContent.executable, true);
      await transport.terminateSession();
    });
    deepEqual(judge(exchanges), []);
  },
});
