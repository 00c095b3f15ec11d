/**
 * The MCP server as a black box: each test spawns `deno run cli.ts mcp` (with
 * no permission flag unless it says otherwise) and talks to it over real
 * pipes — the handshake, the seed's gate call, the 8 MiB line cap, UTF-8 and
 * CRLF framing, end-of-input flushing, the `interjson-mcp` alias, and the
 * revocation of every permission.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { VERSION } from "../mod.ts";
import { runDeno } from "./fixtures/run_deno.ts";
import { CLI, McpProcess, type Message, ROOT } from "./mcp_harness.ts";
import {
  SEED_ACCEPTED,
  SEED_GATE_REQUEST,
  SEED_REFUSAL,
  SEED_RETRY_REQUEST,
  SEED_TEXT_CHANNEL,
  subset,
} from "./mcp_seed.ts";

const MAX_LINE = 8_388_608;
const encoder = new TextEncoder();

Deno.test("stdio: with no permission flag, the handshake and tools/list work; exit 0 at EOF", async () => {
  const server = McpProcess.start();
  const init = await server.initialize("2025-06-18", 1);
  deepEqual(init, {
    jsonrpc: "2.0",
    id: 1,
    result: {
      protocolVersion: "2025-06-18",
      capabilities: { tools: { listChanged: false } },
      serverInfo: {
        name: "interjson",
        title: "InterJSON — the execution gate",
        version: VERSION,
        description: init.result.serverInfo.description,
        websiteUrl: init.result.serverInfo.websiteUrl,
      },
      instructions: init.result.instructions,
    },
  });
  ok(init.result.instructions.length > 0);
  const list = await server.request({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  equal(list.result.tools.length, 4);
  for (const tool of list.result.tools) {
    equal(tool.annotations.readOnlyHint, true);
    equal(tool.outputSchema.additionalProperties, false);
  }
  const end = await server.close();
  deepEqual(end, { code: 0, stdout: "", stderr: "" });
});

Deno.test("stdio: the seed's real gate call, verbatim, then the re-emitted call", async () => {
  const server = McpProcess.start();
  await server.initialize();
  await server.send(SEED_GATE_REQUEST + "\n");
  const refused = await server.next();
  equal(refused.id, 2);
  equal(refused.result.isError, false);
  deepEqual(refused.result.content, [{ type: "text", text: SEED_TEXT_CHANNEL }]);
  deepEqual(subset(refused.result.structuredContent, SEED_REFUSAL), SEED_REFUSAL);
  await server.send(SEED_RETRY_REQUEST + "\n");
  const accepted = await server.next();
  equal(accepted.id, 3);
  deepEqual(subset(accepted.result.structuredContent, SEED_ACCEPTED), SEED_ACCEPTED);
  equal((await server.close()).code, 0);
});

Deno.test("stdio: -32002 before initialize; ping exempt; notifications never answered", async () => {
  const server = McpProcess.start();
  await server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await server.send({ jsonrpc: "2.0", method: "no/such/notification" });
  const early = await server.request({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  equal(early.error.code, -32002);
  deepEqual(await server.request({ jsonrpc: "2.0", id: 2, method: "ping" }), {
    jsonrpc: "2.0",
    id: 2,
    result: {},
  });
  await server.initialize();
  await server.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: {} });
  const unknown = await server.request({ jsonrpc: "2.0", id: 3, method: "resources/list" });
  equal(unknown.error.code, -32601);
  deepEqual(await server.close(), { code: 0, stdout: "", stderr: "" });
});

Deno.test("stdio: a line over 8 MiB is -32700 with its top-level id, wherever it is written; the next line works", async () => {
  const server = McpProcess.start();
  await server.initialize();
  const oversized = new Uint8Array(MAX_LINE + 2).fill(0x20);
  oversized.set(encoder.encode('{"jsonrpc":"2.0","id":9,"method":"ping"}'));
  oversized[MAX_LINE + 1] = 0x0a; // MAX_LINE + 1 bytes, then LF
  await server.send(oversized);
  const refused = await server.next();
  equal(refused.error.code, -32700);
  equal(refused.id, 9);
  const idLast = new Uint8Array(MAX_LINE + 40).fill(0x20);
  idLast.set(encoder.encode('{"method":"tools/call","params":{"arguments":{}}'));
  idLast.set(encoder.encode(',"jsonrpc":"2.0","id":123456789012345678901}\n'), MAX_LINE - 5);
  await server.send(idLast);
  const last = await server.nextLine();
  equal(
    last,
    '{"jsonrpc":"2.0","id":123456789012345678901,"error":{"code":-32700,"message":"parse error: ' +
      'message exceeds MAX_LINE (8388608 bytes of UTF-8); the line was discarded through the next LF"}}',
    "an id written after 8 MiB (the SDK's order) is found as the bytes stream past",
  );
  const anonymous = new Uint8Array(MAX_LINE + 2).fill(0x20);
  anonymous.set(encoder.encode('{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{'));
  anonymous[MAX_LINE + 1] = 0x0a;
  await server.send(anonymous);
  const unknown = await server.next();
  equal(unknown.error.code, -32700);
  equal("id" in unknown, false, "an id that is not in the first bytes is omitted, never null");
  deepEqual(await server.request({ jsonrpc: "2.0", id: 10, method: "ping" }), {
    jsonrpc: "2.0",
    id: 10,
    result: {},
  });
  equal((await server.close()).code, 0);
});

Deno.test("stdio: a line of exactly 8 MiB (and its CRLF) is accepted", async () => {
  const server = McpProcess.start();
  await server.initialize();
  const exact = new Uint8Array(MAX_LINE + 2).fill(0x20);
  exact.set(encoder.encode('{"jsonrpc":"2.0","id":11,"method":"ping"}'));
  exact.set([0x0d, 0x0a], MAX_LINE);
  await server.send(exact);
  deepEqual(await server.next(), { jsonrpc: "2.0", id: 11, result: {} });
  equal((await server.close()).code, 0);
});

/**
 * Lines that are not valid UTF-8 (each `<FF>` is the byte 0xFF), and the id
 * the -32700 answer carries as written, if any.
 */
const NOT_UTF8: readonly { name: string; line: string; id: string | undefined }[] = [
  { name: "no id anywhere", line: '{"<FF>"}', id: undefined },
  {
    name: "a string id",
    line: '{"jsonrpc":"2.0","id":"r-1","method":"ping","x":"<FF>"}',
    id: '"r-1"',
  },
  { name: "an integer id", line: '{"jsonrpc":"2.0","id":7,"method":"ping","x":"<FF>"}', id: "7" },
  {
    name: "an id after the bad byte, beyond 2^53, as written",
    line: '{"jsonrpc":"2.0","method":"ping","x":"<FF>","id":123456789012345678901}',
    id: "123456789012345678901",
  },
  {
    name: "a nested id is not the message's",
    line: '{"jsonrpc":"2.0","method":"ping","params":{"id":5,"x":"<FF>"}}',
    id: undefined,
  },
];

/** The line and its LF as bytes, each `<FF>` the byte 0xFF. */
function withBadBytes(line: string): Uint8Array {
  const pieces = (line + "\n").split("<FF>").map((piece) => [...encoder.encode(piece)]);
  return Uint8Array.from(pieces.flatMap((piece, i) => (i === 0 ? piece : [0xff, ...piece])));
}

Deno.test("stdio: a line that is not valid UTF-8 is -32700 with its top-level id when one is found", async (t) => {
  const server = McpProcess.start();
  await server.initialize();
  for (const row of NOT_UTF8) {
    await t.step(row.name, async () => {
      await server.send(withBadBytes(row.line));
      const idPart = row.id === undefined ? "" : `"id":${row.id},`;
      equal(
        await server.nextLine(),
        `{"jsonrpc":"2.0",${idPart}"error":{"code":-32700,` +
          '"message":"parse error: the line is not valid UTF-8"}}',
      );
    });
  }
  deepEqual(await server.request({ jsonrpc: "2.0", id: 10, method: "ping" }), {
    jsonrpc: "2.0",
    id: 10,
    result: {},
  });
  equal((await server.close()).code, 0);
});

Deno.test("stdio: invalid UTF-8 is -32700; UTF-8 split across writes and CRLF are read whole", async () => {
  const server = McpProcess.start();
  await server.initialize();
  await server.send(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a]));
  const invalid = await server.next();
  equal(invalid.error.code, -32700);
  equal("id" in invalid, false);

  const request = encoder.encode(
    JSON.stringify({
      jsonrpc: "2.0",
      id: "€",
      method: "tools/call",
      params: { name: "interjson_gate", arguments: { text: '{"price":"12 €","note":"😀"}' } },
    }) + "\r\n",
  );
  const euro = request.indexOf(0xe2);
  await server.send(request.subarray(0, euro + 1));
  await new Promise((resolve) => setTimeout(resolve, 30));
  await server.send(request.subarray(euro + 1));
  const answer = await server.next();
  equal(answer.id, "€");
  deepEqual(answer.result.structuredContent.value, { price: "12 €", note: "😀" });
  equal((await server.close()).code, 0);
});

Deno.test("stdio: stdout carries only JSON-RPC, one message per line, whatever comes in", async () => {
  const server = McpProcess.start();
  await server.initialize();
  const inputs = [
    "not json\n",
    "\n\r\n",
    '{"id":1}\n',
    '[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n',
    '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"x"}}\n',
    '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"interjson_repair","arguments":{"text":"[1,"}}}\n',
  ];
  for (const input of inputs) await server.send(input);
  const end = await server.close();
  equal(end.code, 0);
  equal(end.stderr, "");
  const lines = end.stdout.split("\n");
  equal(lines.pop(), "");
  equal(lines.length, 5);
  for (const line of lines) {
    const message: Message = JSON.parse(line);
    equal(message.jsonrpc, "2.0");
    ok(("result" in message) !== ("error" in message));
  }
});

Deno.test("stdio: 40 large replies in flight all arrive before exit at end of input", async () => {
  const server = McpProcess.start();
  await server.initialize();
  const item = '{"id":1,"name":"a fairly ordinary name","tags":["x","y"],},';
  const document = "[" + item.repeat(Math.ceil(200_000 / item.length)) + "]";
  const requests = Array.from({ length: 40 }, (_, i) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id: i + 1,
      method: "tools/call",
      params: { name: "interjson_repair", arguments: { text: document } },
    }) + "\n").join("");
  await server.send(requests);
  const end = await server.close();
  equal(end.code, 0);
  const replies = end.stdout.trimEnd().split("\n").map((line) => JSON.parse(line));
  deepEqual(replies.map((reply) => reply.id), Array.from({ length: 40 }, (_, i) => i + 1));
  for (const reply of replies) {
    equal(reply.result.isError, false);
    ok(reply.result.structuredContent.text.length > 150_000);
  }
});

Deno.test("stdio: closing stdin at once ends the server with exit 0 and no output", async () => {
  deepEqual(await McpProcess.start().close(), { code: 0, stdout: "", stderr: "" });
});

Deno.test("stdio: --profile=execution applies to interjson_repair; the gate stays agent", async () => {
  const server = McpProcess.start(["mcp", "--profile=execution"]);
  await server.initialize();
  const repaired = await server.request({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "interjson_repair", arguments: { text: '{"query":"weather in Par' } },
  });
  equal(repaired.result.isError, true);
  match(repaired.result.content[0].text, /^E010 /);
  const gated = await server.request({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "interjson_gate", arguments: { text: 'Here are the args:\n{"a":1}' } },
  });
  equal(gated.result.structuredContent.executable, true);
  equal((await server.close()).code, 0);
});

Deno.test("stdio: under -A the server still answers (it revokes every permission first)", async () => {
  const server = McpProcess.start(["mcp"], ["-A"]);
  await server.initialize();
  const gated = await server.request({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "interjson_gate", arguments: { text: '{"a":1}' } },
  });
  equal(gated.result.structuredContent.executable, true);
  deepEqual(await server.close(), { code: 0, stdout: "", stderr: "" });
});

Deno.test("revokeAll: a process holding every permission holds none afterwards", async () => {
  const server = new URL("../wire/stdio.ts", import.meta.url).href;
  const script = `
    import { PERMISSION_NAMES, revokeAll } from ${JSON.stringify(server)};
    const states = (): Record<string, string> => Object.fromEntries(PERMISSION_NAMES.map((name) =>
      [name, Deno.permissions.querySync({ name } as Deno.PermissionDescriptor).state]));
    const before = states();
    revokeAll();
    console.log(JSON.stringify({ before, after: states() }));
  `;
  const output = await runDeno(["eval", "--ext=ts", script], { cwd: ROOT });
  equal(output.code, 0, output.stderr);
  const { before, after } = JSON.parse(output.stdout);
  const names = ["read", "write", "net", "env", "run", "ffi", "sys", "import"];
  deepEqual(Object.keys(before), names);
  for (const name of names) {
    equal(before[name], "granted", `${name} before`);
    ok(after[name] !== "granted", `${name} is still granted`);
  }
});

Deno.test("alias: a binary named interjson-mcp starts the server with no arguments", async () => {
  const server = McpProcess.spawn("bash", [
    "-c",
    `exec -a interjson-mcp "$0" run "$1"`,
    Deno.execPath(),
    CLI,
  ]);
  const init = await server.initialize("2024-11-05");
  equal(init.result.protocolVersion, "2024-11-05");
  equal(init.result.serverInfo.name, "interjson");
  equal((await server.close()).code, 0);
});

Deno.test("alias: interjson-mcp --version prints the version", async () => {
  const output = await new Deno.Command("bash", {
    args: ["-c", `exec -a interjson-mcp "$0" run "$1" --version`, Deno.execPath(), CLI],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(output.code, 0);
  equal(new TextDecoder().decode(output.stdout), `interjson ${VERSION}\n`);
});
