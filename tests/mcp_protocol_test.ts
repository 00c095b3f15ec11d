/**
 * The MCP protocol, in-process (a {@linkcode Session} turns lines into reply
 * lines): the JSON-RPC error table row by row, the lifecycle, revision
 * negotiation, batches, identity, the tool list, argument checking, profile
 * defaults, and every result against its tool's `outputSchema`.
 *
 * @module
 */

import { deepEqual, equal, match, notEqual, ok } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Ajv } from "npm:ajv@8.17.1";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Ajv2020 } from "npm:ajv@8.17.1/dist/2020.js";
import { VERSION } from "../mod.ts";
import { isRevision, LATEST_REVISION, type Revision, REVISIONS } from "../mcp/lifecycle.ts";
import { Session } from "../mcp/server.ts";
import { TOOLS } from "../mcp/tools.ts";
import type { ProfileName } from "../mod.ts";
import {
  SEED_ACCEPTED,
  SEED_GATE_FIELDS,
  SEED_GATE_REQUEST,
  SEED_REFUSAL,
  SEED_RETRY_REQUEST,
  SEED_SCHEMA_JSON,
  SEED_TEXT_CHANNEL,
  subset,
} from "./mcp_seed.ts";

// deno-lint-ignore no-explicit-any
type Message = any;

function reply(session: Session, message: unknown): Message {
  const line = session.handleLine(typeof message === "string" ? message : JSON.stringify(message));
  return line === null ? null : JSON.parse(line);
}

function initialized(revision: string = LATEST_REVISION, policy?: ProfileName): Session {
  const session = new Session({ policy });
  const answer = reply(session, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: revision,
      capabilities: {},
      clientInfo: { name: "t", version: "0" },
    },
  });
  equal(answer.result.protocolVersion, revision);
  return session;
}

let nextId = 1;
function call(session: Session, name: string, args: unknown): Message {
  const id = nextId++;
  const answer = reply(session, {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args },
  });
  equal(answer.id, id);
  return answer;
}

function errorCode(answer: Message): number | undefined {
  return answer?.error?.code;
}

// ---------------------------------------------------------------------------
// The JSON-RPC error table.

Deno.test("-32002: a request before initialize is refused; initialize and ping are exempt", () => {
  const session = new Session();
  for (const method of ["tools/list", "tools/call", "resources/list", "no/such/method"]) {
    const answer = reply(session, { jsonrpc: "2.0", id: 1, method, params: {} });
    equal(errorCode(answer), -32002, method);
    equal(answer.id, 1);
    ok(!("result" in answer));
  }
  deepEqual(reply(session, { jsonrpc: "2.0", id: 2, method: "ping" }), {
    jsonrpc: "2.0",
    id: 2,
    result: {},
  });
  const init = reply(session, { jsonrpc: "2.0", id: 3, method: "initialize", params: {} });
  equal(init.id, 3);
  ok(init.result);
  ok(reply(session, { jsonrpc: "2.0", id: 4, method: "tools/list" }).result);
});

Deno.test("notifications are never answered: before initialize, unknown ones, and after", () => {
  const session = new Session();
  for (const method of ["notifications/initialized", "notifications/cancelled", "whatever"]) {
    equal(reply(session, { jsonrpc: "2.0", method }), null, `before: ${method}`);
  }
  const ready = initialized();
  for (const method of ["notifications/initialized", "notifications/cancelled", "tools/call"]) {
    equal(reply(ready, { jsonrpc: "2.0", method, params: {} }), null, `after: ${method}`);
  }
});

Deno.test("a response from the client is not answered (the server sends no requests)", () => {
  equal(reply(initialized(), { jsonrpc: "2.0", id: 9, result: {} }), null);
  equal(reply(initialized(), { jsonrpc: "2.0", id: 9, error: { code: 1, message: "x" } }), null);
});

Deno.test("-32601: an unknown method after initialize", () => {
  const session = initialized();
  for (const method of ["resources/list", "prompts/list", "logging/setLevel", "tools/lists"]) {
    const answer = reply(session, { jsonrpc: "2.0", id: 5, method });
    equal(errorCode(answer), -32601, method);
    match(answer.error.message, new RegExp(method.replace("/", "\\/")));
  }
});

/** Arguments that are not a JSON object, each named for what it is instead. */
const notObjects: readonly { name: string; args: unknown }[] = [
  { name: "an array", args: ["text"] },
  { name: "a string", args: '{"text":"{}"}' },
  { name: "a number", args: 42 },
  { name: "null", args: null },
  { name: "a boolean", args: true },
];

Deno.test("-32602: tools/call with arguments that is not an object", async (t) => {
  const session = initialized();
  for (const { name, args } of notObjects) {
    await t.step(name, () => {
      const answer = call(session, "interjson_gate", args);
      equal(errorCode(answer), -32602, name);
      match(answer.error.message, /`arguments` must be an object/);
    });
  }
});

Deno.test("-32602: tools/call with an unknown tool name, naming the closest tool", () => {
  const answer = call(initialized(), "interjson_gat", { text: "{}" });
  equal(errorCode(answer), -32602);
  match(answer.error.message, /unknown tool `interjson_gat`/);
  match(answer.error.message, /did you mean `interjson_gate`/);
});

Deno.test("-32602: tools/call with no name, a name that is not a string, or no params", () => {
  const session = initialized();
  const cases: unknown[] = [
    { arguments: { text: "{}" } },
    { name: 7, arguments: { text: "{}" } },
    { name: null },
    undefined,
    ["interjson_gate"],
  ];
  for (const params of cases) {
    const message: Record<string, unknown> = { jsonrpc: "2.0", id: 1, method: "tools/call" };
    if (params !== undefined) message.params = params;
    equal(errorCode(reply(session, message)), -32602, JSON.stringify(params));
  }
});

Deno.test("-32700: a line that is not JSON, with no id member (never id null)", () => {
  const session = initialized();
  for (const line of ["{", "hello", '{"jsonrpc":"2.0","id":1,"method":"ping"', "[1,]"]) {
    const answer = reply(session, line);
    equal(errorCode(answer), -32700, line);
    equal("id" in answer, false);
  }
});

Deno.test("-32700: a line over 8 MiB and a line that is not UTF-8 (from the reader)", () => {
  const session = initialized();
  const tooLong = JSON.parse(session.handleFrame({ kind: "too_long", id: undefined })!);
  equal(tooLong.error.code, -32700);
  equal("id" in tooLong, false);
  match(tooLong.error.message, /8388608 bytes/);
  const invalid = JSON.parse(session.handleFrame({ kind: "invalid_utf8" })!);
  equal(invalid.error.code, -32700);
  match(invalid.error.message, /UTF-8/);
});

/** Messages that are not JSON-RPC 2.0 requests, and the id the -32600 answer carries. */
const notRequests: readonly { name: string; message: unknown; expectedId: unknown }[] = [
  { name: "no jsonrpc member", message: { id: 1, method: "ping" }, expectedId: 1 },
  { name: "jsonrpc 1.0", message: { jsonrpc: "1.0", id: 1, method: "ping" }, expectedId: 1 },
  {
    name: "jsonrpc as a number",
    message: { jsonrpc: 2, id: "a", method: "ping" },
    expectedId: "a",
  },
  { name: "method not a string", message: { jsonrpc: "2.0", id: 1, method: 5 }, expectedId: 1 },
  { name: "no method", message: { jsonrpc: "2.0", id: 1 }, expectedId: 1 },
  { name: "id null", message: { jsonrpc: "2.0", id: null, method: "ping" }, expectedId: undefined },
  {
    name: "id a boolean",
    message: { jsonrpc: "2.0", id: true, method: "ping" },
    expectedId: undefined,
  },
  {
    name: "id an object",
    message: { jsonrpc: "2.0", id: {}, method: "ping" },
    expectedId: undefined,
  },
  {
    name: "id a fraction",
    message: { jsonrpc: "2.0", id: 1.5, method: "ping" },
    expectedId: undefined,
  },
  {
    name: "id 1.0 as written",
    message: '{"jsonrpc":"2.0","id":1.0,"method":"ping"}',
    expectedId: undefined,
  },
  {
    name: "id 1e3 as written",
    message: '{"jsonrpc":"2.0","id":1e3,"method":"ping"}',
    expectedId: undefined,
  },
  {
    name: "params a string",
    message: { jsonrpc: "2.0", id: 1, method: "ping", params: "x" },
    expectedId: 1,
  },
  { name: "a number", message: 42, expectedId: undefined },
  { name: "a string", message: JSON.stringify("ping"), expectedId: undefined },
  { name: "null", message: null, expectedId: undefined },
  {
    name: "an invalid message without id",
    message: { jsonrpc: "2.0", method: 1 },
    expectedId: undefined,
  },
];

Deno.test("-32600: not a JSON-RPC 2.0 request, before and after initialize", async (t) => {
  for (const { name, message, expectedId } of notRequests) {
    await t.step(name, () => {
      for (const session of [new Session(), initialized()]) {
        const answer = reply(session, message);
        equal(errorCode(answer), -32600);
        equal(answer.id, expectedId);
      }
    });
  }
});

// ---------------------------------------------------------------------------
// Identity, lifecycle, revisions.

Deno.test("initialize: identity, non-empty instructions, tools-only capabilities", () => {
  const answer = reply(new Session(), {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "0" },
    },
  });
  deepEqual(answer.result.serverInfo, {
    name: "interjson",
    title: "InterJSON — the execution gate",
    version: VERSION,
    description:
      "Execution gate for LLM JSON: repairs what is safe, refuses to invent, returns a retry prompt.",
    websiteUrl: "https://github.com/interjson/interjson/blob/main/docs/INSTALL.md",
  });
  deepEqual(answer.result.capabilities, { tools: { listChanged: false } });
  const instructions: string = answer.result.instructions;
  ok(instructions.length > 0);
  match(instructions, /interjson_gate/);
  match(instructions, /executable/);
  match(instructions, /retry\.prompt/);
});

for (const revision of Object.keys(REVISIONS).filter(isRevision)) {
  Deno.test(`revision ${revision} is accepted verbatim`, () => {
    initialized(revision);
  });
}

/** Revisions the server does not speak, each named for what it is. */
const unknownRevisions: readonly { name: string; requested: unknown }[] = [
  { name: "the stateless revision (it has no handshake)", requested: "2026-07-28" },
  { name: "a future revision", requested: "2027-01-01" },
  { name: "an old draft", requested: "2024-10-07" },
  { name: "garbage", requested: "not-a-version" },
  { name: "an empty string", requested: "" },
  { name: "a number", requested: 20250618 },
  { name: "null", requested: null },
];

Deno.test("an unknown revision is answered with 2025-11-25 and never echoed", async (t) => {
  for (const { name, requested } of unknownRevisions) {
    await t.step(name, () => {
      const line = new Session().handleLine(JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: requested, capabilities: {} },
      }))!;
      equal(JSON.parse(line).result.protocolVersion, "2025-11-25");
      if (typeof requested === "string" && requested !== "") ok(!line.includes(requested));
    });
  }
});

Deno.test("initialize with no params, or params not an object, still answers 2025-11-25", () => {
  for (const params of [undefined, []]) {
    const message: Record<string, unknown> = { jsonrpc: "2.0", id: 1, method: "initialize" };
    if (params !== undefined) message.params = params;
    equal(reply(new Session(), message).result.protocolVersion, "2025-11-25");
  }
});

// ---------------------------------------------------------------------------
// Batches.

const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" });
const note = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } };

Deno.test("a batch is processed as a batch in a 2025-03-26 session", () => {
  const session = initialized("2025-03-26");
  const answer = reply(session, [ping(1), note, { jsonrpc: "2.0", id: 2, method: "tools/list" }]);
  ok(Array.isArray(answer));
  equal(answer.length, 2);
  deepEqual(answer[0], { jsonrpc: "2.0", id: 1, result: {} });
  equal(answer[1].id, 2);
  equal(answer[1].result.tools.length, 4);
});

Deno.test("a batch of notifications only gets no reply (2025-03-26)", () => {
  equal(reply(initialized("2025-03-26"), [note, note]), null);
});

Deno.test("an empty batch is -32600 (2025-03-26)", () => {
  const answer = reply(initialized("2025-03-26"), []);
  ok(!Array.isArray(answer));
  equal(errorCode(answer), -32600);
  equal("id" in answer, false);
});

Deno.test("invalid members of a batch get -32600 each; initialize may not be batched", () => {
  const answer = reply(initialized("2025-03-26"), [1, ping(3), {
    jsonrpc: "2.0",
    id: 4,
    method: "initialize",
    params: {},
  }]);
  deepEqual(answer.map((r: Message) => [r.id, r.error?.code ?? "ok"]), [
    [undefined, -32600],
    [3, "ok"],
    [4, -32600],
  ]);
});

Deno.test("a tool call inside a batch (2025-03-26)", () => {
  const answer = reply(initialized("2025-03-26"), [{
    jsonrpc: "2.0",
    id: 7,
    method: "tools/call",
    params: { name: "interjson_gate", arguments: { text: '{"a":1}' } },
  }]);
  equal(answer[0].result.structuredContent.executable, true);
});

for (const revision of ["2024-11-05", "2025-06-18", "2025-11-25"]) {
  Deno.test(`a batch is refused with one -32600 in a ${revision} session`, () => {
    const answer = reply(initialized(revision), [ping(1), ping(2)]);
    ok(!Array.isArray(answer));
    equal(errorCode(answer), -32600);
    equal("id" in answer, false);
  });
}

Deno.test("a batch before initialize is refused with -32600", () => {
  const answer = reply(new Session(), [{
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {},
  }]);
  equal(errorCode(answer), -32600);
});

// ---------------------------------------------------------------------------
// The tool list.

Deno.test("tools/list: the four tools, titled, annotated read-only, closed output schemas", () => {
  const { tools } = reply(initialized(), { jsonrpc: "2.0", id: 1, method: "tools/list" }).result;
  deepEqual(tools.map((t: Message) => [t.name, t.title]), [
    ["interjson_gate", "Gate: may I execute this?"],
    ["interjson_repair", "Repair malformed JSON"],
    ["interjson_validate", "Validate without repairing"],
    ["interjson_readiness", "When do fields become final?"],
  ]);
  for (const tool of tools) {
    deepEqual(tool.annotations, {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    ok(tool.description.length > 40);
    equal(tool.inputSchema.type, "object");
    equal(tool.inputSchema.additionalProperties, false);
    deepEqual(tool.inputSchema.required, ["text"]);
    equal(tool.outputSchema.type, "object");
    equal(tool.outputSchema.additionalProperties, false);
  }
});

Deno.test("tools/list: output schema properties and required fields are seed 000's table", async (t) => {
  const byName = Object.fromEntries(TOOLS.map((tool) => [tool.name, tool]));
  const gateFields = [...SEED_GATE_FIELDS];
  const table: readonly { tool: string; properties: string[]; required: string[] }[] = [
    { tool: "interjson_gate", properties: gateFields, required: gateFields },
    {
      tool: "interjson_repair",
      properties: [
        "text",
        "exactness",
        "ambiguous",
        "completeness",
        "repairs",
        "repairs_truncated",
      ],
      required: ["text", "exactness", "ambiguous", "completeness", "repairs", "repairs_truncated"],
    },
    {
      tool: "interjson_validate",
      properties: ["valid", "schema", "error", "repaired", "exactness", "ambiguous", "repairs"],
      required: ["valid"],
    },
    {
      tool: "interjson_readiness",
      properties: ["syntax_permille", "schema_permille", "settled_permille", "step", "verdict"],
      required: ["syntax_permille", "schema_permille", "settled_permille", "step"],
    },
  ];
  for (const { tool, properties, required } of table) {
    await t.step(tool, () => {
      const schema = byName[tool].outputSchema as Message;
      deepEqual(Object.keys(schema.properties), properties, tool);
      deepEqual(schema.required, required, tool);
    });
  }
});

Deno.test("tools/list: gate and repair take a profile; validate and readiness do not", () => {
  const keys = Object.fromEntries(
    TOOLS.map((tool) => [tool.name, Object.keys(tool.inputSchema.properties as object)]),
  );
  deepEqual(keys, {
    interjson_gate: ["text", "schema", "schema_json", "strict_keywords", "profile"],
    interjson_repair: ["text", "schema", "schema_json", "strict_keywords", "profile"],
    interjson_validate: ["text", "schema", "schema_json", "strict_keywords"],
    interjson_readiness: ["text", "schema", "schema_json", "strict_keywords"],
  });
});

Deno.test("every input and output schema compiles in strict Ajv, draft-07 and 2020-12", () => {
  for (const Validator of [Ajv, Ajv2020]) {
    const ajv = new Validator({ strict: true, allErrors: true });
    for (const tool of TOOLS) {
      ajv.compile(tool.inputSchema);
      ajv.compile(tool.outputSchema);
    }
  }
});

// ---------------------------------------------------------------------------
// Arguments: the inputSchema is the contract, and the server enforces it.

/** Tool arguments, valid and not, each named for what it holds. */
const argumentCases: readonly { name: string; args: unknown }[] = [
  { name: "text only", args: { text: "{}" } },
  { name: "text and schema", args: { text: "{}", schema: "{a:integer}" } },
  { name: "text and schema_json", args: { text: "{}", schema_json: { type: "object" } } },
  { name: "text and a profile", args: { text: "{}", profile: "strict" } },
  { name: "no text", args: {} },
  { name: "text a number", args: { text: 1 } },
  { name: "text null", args: { text: null } },
  { name: "schema a number", args: { text: "{}", schema: 3 } },
  { name: "schema_json a string", args: { text: "{}", schema_json: '{"type":"object"}' } },
  { name: "schema_json an array", args: { text: "{}", schema_json: [] } },
  { name: "schema and schema_json", args: { text: "{}", schema: "{a:integer}", schema_json: {} } },
  { name: "an unknown argument", args: { text: "{}", limit: 1 } },
  { name: "profile a number", args: { text: "{}", profile: 1 } },
  { name: "an unknown profile", args: { text: "{}", profile: "loose" } },
  {
    name: "strict_keywords with schema_json",
    args: { text: "{}", schema_json: { type: "object" }, strict_keywords: true },
  },
  { name: "strict_keywords false alone", args: { text: "{}", strict_keywords: false } },
  { name: "strict_keywords true without schema_json", args: { text: "{}", strict_keywords: true } },
  {
    name: "strict_keywords a string",
    args: { text: "{}", schema_json: { type: "object" }, strict_keywords: "yes" },
  },
];

/**
 * The two rules the inputSchema does not say: `schema` and `schema_json` go
 * apart, and `strict_keywords: true` needs a `schema_json` to apply to.
 */
function breaksARuleBeyondTheSchema(args: unknown): boolean {
  const given = args as Record<string, unknown>;
  return ("schema" in given && "schema_json" in given) ||
    (given.strict_keywords === true && !("schema_json" in given));
}

Deno.test("arguments: accepted exactly when the tool's inputSchema accepts them", async (t) => {
  const ajv = new Ajv({ strict: true, allErrors: true });
  const session = initialized();
  for (const tool of TOOLS) {
    const accepts = ajv.compile(tool.inputSchema);
    for (const { name, args } of argumentCases) {
      if (tool.name !== "interjson_gate" && tool.name !== "interjson_repair") {
        if ((args as Message).profile !== undefined) continue;
      }
      await t.step(`${tool.name}: ${name}`, () => {
        const answer = call(session, tool.name, args);
        ok(answer.result, `${tool.name} ${name}: a tool result, not a protocol error`);
        const schemaSaysOk = accepts(args) && !breaksARuleBeyondTheSchema(args);
        equal(answer.result.isError, !schemaSaysOk, `${tool.name} ${name}`);
        if (answer.result.isError) {
          equal(answer.result.structuredContent, undefined, `${tool.name} ${name}`);
          equal(answer.result.content.length, 1);
          equal(answer.result.content[0].type, "text");
          ok(answer.result.content[0].text.length > 0);
        }
      });
    }
  }
});

Deno.test("arguments: a missing text is named in the message", () => {
  const answer = call(initialized(), "interjson_gate", {});
  match(answer.result.content[0].text, /`text` is required/);
});

Deno.test("arguments: an unknown argument names the closest accepted one", () => {
  const answer = call(initialized(), "interjson_gate", { text: "{}", schemajson: {} });
  match(answer.result.content[0].text, /unknown argument `schemajson`.*`schema_json`/);
});

Deno.test("arguments: omitted arguments are an empty object (text is then missing)", () => {
  const session = initialized();
  const answer = reply(session, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "interjson_gate" },
  });
  equal(answer.result.isError, true);
});

Deno.test("an unknown profile is a tool execution failure carrying E050", () => {
  for (const name of ["interjson_gate", "interjson_repair"]) {
    const answer = call(initialized(), name, { text: "{}", profile: "loose" });
    equal(answer.result.isError, true);
    match(answer.result.content[0].text, /E050/);
  }
});

Deno.test("a bad declaration is a tool execution failure carrying E070", () => {
  const badSchemas = [{ schema_json: { type: "object", allOf: [] } }, {
    schema_json: { type: "object", properties: { a: { type: "string", minLength: -1 } } },
  }];
  for (const tool of TOOLS) {
    for (const bad of badSchemas) {
      const answer = call(initialized(), tool.name, { text: '{"a":"x"}', ...bad });
      equal(answer.result.isError, true, tool.name);
      equal(answer.result.structuredContent, undefined);
      match(answer.result.content[0].text, /E070/, tool.name);
    }
  }
});

Deno.test("strict_keywords: an unknown keyword of schema_json is an annotation, or with it E070", async (t) => {
  const vendor = {
    type: "object",
    properties: { name: { type: "string", "x-order": 0, markdownDescription: "The name." } },
    "x-kubernetes-patch-merge-key": "name",
  };
  for (const tool of TOOLS) {
    await t.step(`${tool.name}: without strict_keywords, the call is answered`, () => {
      const answer = call(initialized(), tool.name, { text: '{"name":"a"}', schema_json: vendor });
      equal(answer.result.isError, false, answer.result.content[0].text);
    });
    await t.step(`${tool.name}: with it, E070 names the keyword and its place`, () => {
      const answer = call(initialized(), tool.name, {
        text: '{"name":"a"}',
        schema_json: vendor,
        strict_keywords: true,
      });
      equal(answer.result.isError, true);
      match(answer.result.content[0].text, /^E070 .*"x-kubernetes-patch-merge-key" at the root/);
    });
  }
  await t.step("strict_keywords true without schema_json says what to give", () => {
    const answer = call(initialized(), "interjson_gate", {
      text: "{}",
      schema: "{a:integer}",
      strict_keywords: true,
    });
    equal(answer.result.isError, true);
    match(answer.result.content[0].text, /`strict_keywords` .*give `schema_json`/);
  });
});

// ---------------------------------------------------------------------------
// Profiles: gate defaults to agent; --policy for the others; explicit wins.

const PROSE = 'Here are the args:\n{"a":1}';
const TRUNCATED = '{"query":"weather in Par';

Deno.test("interjson_gate defaults to agent: prose around the value is skipped", () => {
  const answer = call(initialized(), "interjson_gate", { text: PROSE });
  equal(answer.result.isError, false);
  equal(answer.result.structuredContent.executable, true);
  deepEqual(answer.result.structuredContent.value, { a: 1 });
});

Deno.test("interjson_gate defaults to agent whatever --policy says", () => {
  for (const policy of ["permissive", "strict", "execution"] as const) {
    const answer = call(initialized(LATEST_REVISION, policy), "interjson_gate", { text: PROSE });
    equal(answer.result.structuredContent.executable, true, policy);
  }
});

Deno.test("interjson_gate: an explicit profile wins (execution refuses prose with E002)", () => {
  const answer = call(initialized(), "interjson_gate", { text: PROSE, profile: "execution" });
  equal(answer.result.isError, false);
  equal(answer.result.structuredContent.executable, false);
  equal(answer.result.structuredContent.error.code, "E002");
});

Deno.test("interjson_repair: engine default permissive, --policy when given, explicit wins", () => {
  const permissive = call(initialized(), "interjson_repair", { text: TRUNCATED });
  equal(permissive.result.isError, false);
  equal(permissive.result.structuredContent.exactness, "lossy");

  const policed = initialized(LATEST_REVISION, "execution");
  const refused = call(policed, "interjson_repair", { text: TRUNCATED });
  equal(refused.result.isError, true);
  match(refused.result.content[0].text, /^E010 /);

  const explicit = call(policed, "interjson_repair", { text: TRUNCATED, profile: "permissive" });
  equal(explicit.result.isError, false);
});

// ---------------------------------------------------------------------------
// Results: the text channel, structuredContent once, the refusal contract.

Deno.test("the seed's gate call: refused is a success with the verbatim text channel", () => {
  const session = initialized();
  const answer = reply(session, SEED_GATE_REQUEST);
  equal(answer.id, 2);
  equal(answer.result.isError, false);
  equal(answer.result.content.length, 1);
  equal(answer.result.content[0].text, SEED_TEXT_CHANNEL);
  deepEqual(subset(answer.result.structuredContent, SEED_REFUSAL), SEED_REFUSAL);
});

Deno.test("the seed's second gate call: the re-emitted arguments are safe to execute", () => {
  const answer = reply(initialized(), SEED_RETRY_REQUEST);
  equal(answer.id, 3);
  deepEqual(subset(answer.result.structuredContent, SEED_ACCEPTED), SEED_ACCEPTED);
  equal(answer.result.content[0].text, "decision=safe executable=true exactness=exact");
});

Deno.test("structuredContent is carried once: the text channel is a summary, not a copy", () => {
  const text = JSON.stringify({ payload: "x".repeat(10_000) });
  for (const name of ["interjson_gate", "interjson_validate", "interjson_readiness"]) {
    const answer = call(initialized(), name, { text });
    ok(answer.result.structuredContent, name);
    ok(answer.result.content[0].text.length < 1000, name);
    equal(answer.result.content.length, 1);
  }
});

for (const revision of ["2024-11-05", "2025-03-26"] as Revision[]) {
  Deno.test(`a ${revision} session also gets the payload as JSON text (no structuredContent then)`, () => {
    const answer = call(initialized(revision), "interjson_gate", { text: '{"a":1}' });
    equal(answer.result.content.length, 2);
    match(answer.result.content[0].text, /^decision=safe executable=true/);
    deepEqual(JSON.parse(answer.result.content[1].text), answer.result.structuredContent);
  });
}

Deno.test("summaries: repair shows the exactness line and the text; validate and readiness theirs", () => {
  const session = initialized();
  const repaired = call(session, "interjson_repair", { text: "[1,2,]" });
  const [head, ...body] = repaired.result.content[0].text.split("\n");
  match(head, /^exactness=cosmetic ambiguous=false completeness=complete repairs=\d+$/);
  equal(body.join("\n"), repaired.result.structuredContent.text);
  const validated = call(session, "interjson_validate", { text: "[1,2,]" });
  match(validated.result.content[0].text, /^valid=false\nerror=E\d{3} /);
  const ready = call(session, "interjson_readiness", { text: "[1,2]" });
  match(
    ready.result.content[0].text,
    /^syntax_permille=\d+ schema_permille=\d+ settled_permille=\d+$/,
  );
});

// Inputs across the engine's range, to hold every result against its outputSchema.
const DOCUMENTS: string[] = [
  '{"query":"weather in Paris","limit":3}',
  TRUNCATED,
  PROSE,
  "[1,2,]",
  "{'a': True, 'b': None}",
  '```json\n{"a":1}\n```',
  '{"a":1,"a":2}',
  '{"n":12345678901234567890}',
  '"\\ud800"',
  '{"a":1}{"b":2}',
  '{"a":"he said "hi""}',
  "[1, 2",
  '{"a":}',
  "",
  "   ",
  "no json here",
  "[".repeat(600) + "]".repeat(600),
  '{"a":[1,{"b":null}],"c":"é\\u0000"}',
  "\ufeff{}",
  "NaN",
  '{"a":1 // comment\n}',
  '{"query":"x","limit":"3"}',
  '{"limit":3}',
];

const DECLARATIONS: Record<string, unknown>[] = [
  {},
  { schema_json: SEED_SCHEMA_JSON },
  { schema: "{!query:string,!limit:integer}" },
];

Deno.test("every result matches its tool's outputSchema (strict Ajv); refusal contract holds", () => {
  const ajv = new Ajv({ strict: true, allErrors: true });
  const validators = Object.fromEntries(
    TOOLS.map((tool) => [tool.name, ajv.compile(tool.outputSchema)]),
  );
  const session = initialized();
  let checked = 0;
  for (const tool of TOOLS) {
    for (const text of DOCUMENTS) {
      for (const declaration of DECLARATIONS) {
        const answer = call(session, tool.name, { text, ...declaration });
        ok(answer.result, `${tool.name} ${JSON.stringify(text)}`);
        if (answer.result.isError) {
          equal(answer.result.structuredContent, undefined);
          continue;
        }
        const structured = answer.result.structuredContent;
        const valid = validators[tool.name](answer.result.structuredContent);
        ok(
          valid,
          `${tool.name} ${JSON.stringify(text)}: ${ajv.errorsText(validators[tool.name].errors)}`,
        );
        checked++;
        if (tool.name === "interjson_gate") {
          if (structured.executable) {
            equal(structured.retry, null);
            notEqual(structured.value, null);
          } else {
            equal(structured.value, null);
            equal(structured.text, "");
            ok(structured.retry.prompt.length > 0);
          }
        }
      }
    }
  }
  ok(checked > DOCUMENTS.length * 3, `only ${checked} results checked`);
});

// ---------------------------------------------------------------------------
// Cursor, second initialize, identity as server.json, the gate's text channel.

Deno.test("-32602: tools/list with any cursor (the list has one page, no cursor is valid)", async (t) => {
  for (const cursor of ["", "abc", "eyJwYWdlIjoyfQ==", 5, null]) {
    await t.step(JSON.stringify(cursor), () => {
      const answer = reply(initialized(), {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/list",
        params: { cursor },
      });
      equal(errorCode(answer), -32602);
      equal(answer.id, 3);
    });
  }
  equal(
    reply(initialized(), { jsonrpc: "2.0", id: 4, method: "tools/list", params: {} })
      .result.tools.length,
    4,
  );
});

Deno.test("-32600: a second initialize is refused and the session keeps its revision", () => {
  const session = initialized("2025-03-26");
  const again = reply(session, {
    jsonrpc: "2.0",
    id: 5,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {} },
  });
  equal(errorCode(again), -32600);
  equal(again.id, 5);
  equal(session.revision, "2025-03-26");
  const result = call(session, "interjson_gate", { text: '{"a":1}' }).result;
  equal(result.content.length, 2, "still the 2025-03-26 shape (payload also as JSON text)");
});

Deno.test("serverInfo: description and websiteUrl are server.json's", async () => {
  const serverJson = JSON.parse(
    await Deno.readTextFile(new URL("../server.json", import.meta.url)),
  );
  const info = reply(new Session(), {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {} },
  }).result.serverInfo;
  equal(info.description, serverJson.description);
  equal(info.websiteUrl, serverJson.websiteUrl);
});

const gateTexts: {
  name: string;
  args: Record<string, unknown>;
  repairedLine: RegExp | null;
}[] = [
  {
    name: "executable and repaired: the summary carries the repaired text",
    args: { text: "{'query': 'x', 'limit': 2,}", schema: "{!query:string,!limit:integer}" },
    repairedLine: /^repaired text \(execute this\): \{"query":"x","limit":2\}$/m,
  },
  {
    name: "executable and exact: no repaired text",
    args: { text: '{"a":1}' },
    repairedLine: null,
  },
  {
    name: "refused: no repaired text (the retry sentence instead)",
    args: { text: '{"query":"weather in Par', schema_json: SEED_SCHEMA_JSON },
    repairedLine: null,
  },
  {
    name: "executable, repaired and long: where the full value is, not the value",
    args: { text: `{'k': '${"x".repeat(5000)}'}` },
    repairedLine:
      /^repaired text \(execute this\): 5008 characters, longer than this summary's limit of 4096; it is the `text` field of the structured result$/m,
  },
];

Deno.test("the gate's text channel adds the repaired text when executable and repaired", async (t) => {
  for (const row of gateTexts) {
    await t.step(row.name, () => {
      const result = call(initialized(), "interjson_gate", row.args).result;
      const summary: string = result.content[0].text;
      if (row.repairedLine === null) ok(!summary.includes("repaired text"), summary);
      else match(summary, row.repairedLine);
      ok(summary.length < 5000, "the summary stays bounded");
    });
  }
});
