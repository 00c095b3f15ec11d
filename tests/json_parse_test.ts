/**
 * `parseJson` (`engine/json_parse.ts`) against V8's escaped-key bug: V8 15.0's
 * `JSON.parse` reads an escaped object key wrong once objects with similar
 * keys exist (after `{"a":1,"":2,"\\":3}` the key of `{"a":1,"":2,"\r":3}` comes
 * out as a backslash). `parseJson` answers what `JSON.parse` is specified to,
 * the surfaces read their messages with it, and a schema with an escaped
 * property name is checked as written, not as V8 misread it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import { parseJson } from "../mod.ts";
import { PROFILES } from "../engine/profiles.ts";
import { scan } from "../engine/scanner/mod.ts";
import { Session } from "../mcp/server.ts";
import { ProxySession } from "../proxy/session.ts";
import { EMPTY_POLICY } from "../proxy/policy.ts";
import { escapedKeyTexts, primeV8 } from "./fixtures/escaped_keys.ts";

/** The value the scanner reads (the reference for valid JSON). */
function reference(text: string): unknown {
  return scan(text, PROFILES.permissive).value;
}

Deno.test("parseJson reads what JSON.parse is specified to", async (t) => {
  primeV8();
  const rows: { name: string; text: string; value: unknown }[] = [
    { name: "a plain object", text: '{"a":[1,2.5,true,null]}', value: { a: [1, 2.5, true, null] } },
    {
      name: "escapes in values only",
      text: String.raw`{"a":"x\ny","b":["\\"]}`,
      value: { a: "x\ny", b: ["\\"] },
    },
    {
      name: "the escaped key V8 misreads",
      text: String.raw`{"a":1,"":2,"\r":3}`,
      value: { a: 1, "": 2, "\r": 3 },
    },
    {
      name: "an escaped key written \\u",
      text: String.raw`{"a":1,"":2,"\u0062":3}`,
      value: { a: 1, "": 2, b: 3 },
    },
    {
      name: "escaped keys in a nested object",
      text: String.raw`{"x":{"\n":1,"\/":2,"\"":3}}`,
      value: { x: { "\n": 1, "/": 2, '"': 3 } },
    },
    {
      name: "a duplicate escaped key (the last wins)",
      text: String.raw`{"\t":1,"\t":2}`,
      value: { "\t": 2 },
    },
    { name: "a scalar", text: "42", value: 42 },
    { name: "white space around", text: ' \n{"\\b":1}\t', value: { "\b": 1 } },
  ];
  for (const row of rows) {
    await t.step(row.name, () => assert.deepStrictEqual(parseJson(row.text), row.value));
  }
});

Deno.test("parseJson throws JSON.parse's own SyntaxError for text that is not JSON", async (t) => {
  for (const text of ["", "{", "{'a':1}", '{"a":1,}', "[1] [2]", '{"\\q":1}', "\uFEFF{}"]) {
    await t.step(JSON.stringify(text), () => {
      let expected = "";
      try {
        JSON.parse(text);
      } catch (error) {
        expected = (error as Error).message;
      }
      assert.throws(() => parseJson(text), { name: "SyntaxError", message: expected });
    });
  }
});

Deno.test("parseJson refuses an escaped key nested deeper than the scanner reads", () => {
  const text = "[".repeat(4200) + String.raw`{"\n":1}` + "]".repeat(4200);
  assert.throws(() => parseJson(text), { name: "SyntaxError", message: /nested deeper than 4096/ });
  // Without an escaped key it is JSON.parse's answer, at any depth V8 reads.
  const plain = "[".repeat(4200) + '{"n":1}' + "]".repeat(4200);
  assert.strictEqual(JSON.stringify(parseJson(plain)), plain);
});

Deno.test("parseJson agrees with the scanner where V8's JSON.parse does not", () => {
  let misread = 0;
  for (const text of escapedKeyTexts(2026, 20_000)) {
    const expected = reference(text);
    if (!isDeepStrictEqual(JSON.parse(text), expected)) misread++;
    assert.deepStrictEqual(parseJson(text), expected, text);
  }
  console.log(`V8's JSON.parse misread ${misread} of 20,000 texts; parseJson none`);
});

/** A schema whose property `\r` must be an integer, with names V8 misreads once primed. */
const ESCAPED_SCHEMA = String
  .raw`{"type":"object","properties":{"a":{},"":{},"\r":{"type":"integer"}},"required":["\r"]}`;

Deno.test("the MCP server checks a schema_json with an escaped property name as written", () => {
  primeV8();
  const session = new Session();
  session.handleLine(JSON.stringify({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "0" },
    },
  }));
  const call = (text: string) =>
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"interjson_gate",` +
    `"arguments":{"text":${JSON.stringify(text)},"schema_json":${ESCAPED_SCHEMA}}}}`;
  const refused = JSON.parse(session.handleLine(call(String.raw`{"\r":"x"}`))!);
  assert.strictEqual(refused.result.structuredContent.executable, false);
  assert.strictEqual(refused.result.structuredContent.error.code, "E030");
  const allowed = JSON.parse(session.handleLine(call(String.raw`{"\r":3}`))!);
  assert.strictEqual(allowed.result.structuredContent.executable, true);
});

Deno.test("the proxy learns an inputSchema with an escaped property name as written", async () => {
  primeV8();
  const toClient: string[] = [], toServer: string[] = [];
  const session = new ProxySession(
    { profile: "execution", policy: EMPTY_POLICY, pins: null, audit: null },
    {
      toClient: (line) => toClient.push(line),
      toServer: (line) => toServer.push(line),
      log: () => {},
    },
  );
  await session.fromClient({
    kind: "line",
    text: '{"jsonrpc":"2.0","id":0,"method":"tools/list"}',
  });
  await session.fromServer({
    kind: "line",
    text:
      `{"jsonrpc":"2.0","id":0,"result":{"tools":[{"name":"t","inputSchema":${ESCAPED_SCHEMA}}]}}`,
  });
  toServer.length = 0;
  toClient.length = 0;
  await session.fromClient({
    kind: "line",
    text: String
      .raw`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"\r":"x"}}}`,
  });
  assert.deepStrictEqual(toServer, [], "the refused call never reaches the server");
  const reply = JSON.parse(toClient[0]);
  assert.strictEqual(reply.id, 1);
  assert.strictEqual(reply.result.isError, true);
  await session.fromClient({
    kind: "line",
    text: String
      .raw`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","arguments":{"\r":3}}}`,
  });
  assert.strictEqual(toServer.length, 1, "a call that satisfies the schema is forwarded");
});
