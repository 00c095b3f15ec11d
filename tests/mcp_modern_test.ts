/**
 * The stateless 2026-07-28 revision, in-process, beside the four handshake
 * revisions in one session: `server/discover`, the version in each request's
 * `_meta`, `-32022` with the supported list, `resultType`, caching hints, no
 * ping or logging, and both eras on one stream. Every reply is validated
 * against the official JSON Schema of the revision it answers.
 *
 * @module
 */

import { deepEqual, equal, ok } from "node:assert/strict";
import { SUPPORTED_VERSIONS } from "../mcp/lifecycle.ts";
import { Session } from "../mcp/server.ts";
import { TOOLS } from "../mcp/tools.ts";
import { META, MODERN } from "./mcp_harness.ts";
import { checkServerMessage, type SchemaRevision } from "./mcp_schema.ts";

// deno-lint-ignore no-explicit-any
type Message = any;

let nextId = 1;

/** Sends one request, checks the reply against `revision`'s schema, returns it. */
function ask(
  session: Session,
  revision: SchemaRevision,
  method: string,
  params?: Record<string, unknown>,
): Message {
  const id = nextId++;
  const line = session.handleLine(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  ok(line !== null, `${method} got no reply`);
  const reply = JSON.parse(line);
  equal(reply.id, id);
  deepEqual(checkServerMessage(revision, method, reply), [], `${method}: ${line.slice(0, 300)}`);
  return reply;
}

const modern = (extra: Record<string, unknown> = {}) => ({ ...extra, _meta: META });

Deno.test("server/discover: versions, capabilities, identity, caching hints; before initialize", () => {
  const reply = ask(new Session(), MODERN, "server/discover", modern());
  const result = reply.result;
  equal(result.resultType, "complete");
  deepEqual(result.supportedVersions, [...SUPPORTED_VERSIONS]);
  deepEqual(result.supportedVersions, [
    "2026-07-28",
    "2025-11-25",
    "2025-06-18",
    "2025-03-26",
    "2024-11-05",
  ]);
  deepEqual(result.capabilities, { tools: { listChanged: false } });
  equal(result._meta["io.modelcontextprotocol/serverInfo"].name, "interjson");
  ok(result.instructions.includes("interjson_gate"));
  equal(typeof result.ttlMs, "number");
  equal(result.cacheScope, "public");
});

Deno.test("server/discover without any _meta (a bare probe) is answered, never -32002", () => {
  const reply = ask(new Session(), MODERN, "server/discover");
  equal(reply.result.resultType, "complete");
});

Deno.test("tools/list (2026-07-28): resultType, ttlMs, cacheScope, the same order every time", () => {
  const session = new Session();
  const first = ask(session, MODERN, "tools/list", modern()).result;
  const second = ask(new Session(), MODERN, "tools/list", modern()).result;
  equal(first.resultType, "complete");
  ok(first.ttlMs >= 0);
  equal(first.cacheScope, "public");
  deepEqual(first.tools.map((t: Message) => t.name), TOOLS.map((t) => t.name));
  deepEqual(JSON.stringify(first.tools), JSON.stringify(second.tools));
  equal(first._meta["io.modelcontextprotocol/serverInfo"].version.length > 0, true);
});

const toolCalls: { name: string; args: Record<string, unknown> }[] = [
  { name: "interjson_gate", args: { text: "{'a': 1,}" } },
  { name: "interjson_gate", args: { text: '{"q":"Par' } },
  { name: "interjson_repair", args: { text: "[1,2,]" } },
  { name: "interjson_validate", args: { text: '{"a":1}', schema: "{!a:integer}" } },
  { name: "interjson_readiness", args: { text: '{"a":1}' } },
  { name: "interjson_gate", args: { text: "{}", schema_json: { allOf: [] } } },
];

Deno.test("tools/call (2026-07-28): every tool, resultType complete, schema-valid", async (t) => {
  for (const row of toolCalls) {
    await t.step(`${row.name} ${JSON.stringify(row.args).slice(0, 40)}`, () => {
      const reply = ask(
        new Session(),
        MODERN,
        "tools/call",
        modern({ name: row.name, arguments: row.args }),
      );
      equal(reply.result.resultType, "complete");
      ok(Array.isArray(reply.result.content));
    });
  }
});

const unsupported = ["2025-11-25", "2025-06-18", "2099-01-01", "draft"];

Deno.test("-32022: a _meta version the server does not serve statelessly, with the supported list", async (t) => {
  for (const requested of unsupported) {
    await t.step(requested, () => {
      const session = new Session();
      const params = {
        _meta: { ...META, "io.modelcontextprotocol/protocolVersion": requested },
      };
      for (const method of ["server/discover", "tools/list", "tools/call"]) {
        const reply = ask(session, MODERN, method, params);
        equal(reply.error.code, -32022);
        deepEqual(reply.error.data, { supported: [...SUPPORTED_VERSIONS], requested });
      }
    });
  }
});

Deno.test("2026-07-28 has no ping, logging/setLevel or initialize-era methods: -32601", async (t) => {
  for (const method of ["ping", "logging/setLevel", "resources/list", "completion/complete"]) {
    await t.step(method, () => {
      const reply = ask(new Session(), MODERN, method, modern({ level: "info" }));
      equal(reply.error.code, -32601);
    });
  }
});

Deno.test("both eras on one stream: discover, then a legacy session, then modern requests again", () => {
  const session = new Session();
  ask(session, MODERN, "server/discover", modern());
  equal(session.revision, null, "discover opens no session");
  const init = ask(session, "2025-06-18", "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "0" },
  });
  equal(init.result.protocolVersion, "2025-06-18");
  const legacyList = ask(session, "2025-06-18", "tools/list");
  equal(legacyList.result.resultType, undefined, "legacy results carry no resultType");
  const legacyCall = ask(session, "2025-06-18", "tools/call", {
    name: "interjson_gate",
    arguments: { text: "[1]" },
  });
  equal(legacyCall.result.resultType, undefined);
  const modernList = ask(session, MODERN, "tools/list", modern());
  equal(modernList.result.resultType, "complete");
  ask(session, "2025-06-18", "ping");
});

Deno.test("a modern client that opens with a tools/call (no discover) is served statelessly", () => {
  const session = new Session();
  const reply = ask(
    session,
    MODERN,
    "tools/call",
    modern({ name: "interjson_gate", arguments: { text: '{"a":1}' } }),
  );
  equal(reply.result.structuredContent.executable, true);
  equal(session.revision, null);
  const legacy = session.handleLine('{"jsonrpc":"2.0","id":"x","method":"tools/list"}')!;
  equal(JSON.parse(legacy).error.code, -32002, "a request with no _meta version is legacy");
});

Deno.test("after initialize, a legacy request's stray _meta version is ignored (legacy rules)", () => {
  const session = new Session();
  ask(session, "2025-11-25", "initialize", { protocolVersion: "2025-11-25", capabilities: {} });
  const reply = ask(session, "2025-11-25", "tools/list", {
    _meta: { "io.modelcontextprotocol/protocolVersion": "2025-11-25" },
  });
  equal(reply.result.tools.length, 4);
});

for (const revision of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const) {
  Deno.test(`every reply of a ${revision} session matches the ${revision} schema`, () => {
    const session = new Session();
    ask(session, revision, "initialize", {
      protocolVersion: revision,
      capabilities: {},
      clientInfo: { name: "t", version: "0" },
    });
    ask(session, revision, "ping");
    ask(session, revision, "tools/list");
    for (const row of toolCalls) {
      ask(session, revision, "tools/call", { name: row.name, arguments: row.args });
    }
    const unknown = ask(session, revision, "tools/call", { name: "nope" });
    equal(unknown.error.code, -32602);
  });
}
