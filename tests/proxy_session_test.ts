/**
 * `interjson proxy` in front of a fake downstream server that logs every
 * line it receives: pass-through, gating on the raw bytes of the arguments,
 * refusals answered by the proxy and never forwarded, batches, id matching
 * in both directions, and the faults (the server dies mid-call, the client
 * closes stdin mid-call, garbage on the server's stdout, replies out of
 * order, lines over the 8 MiB cap). Every test runs real processes.
 *
 * @module
 */

import { deepStrictEqual, match, notStrictEqual, ok, strictEqual } from "node:assert/strict";
import type { Message } from "./mcp_harness.ts";
import { callLine, INITIALIZE, startFake } from "./proxy_harness.ts";

const HANDSHAKE = JSON.stringify(INITIALIZE) + "\n" +
  '{"jsonrpc":"2.0","method":"notifications/initialized"}\n';

Deno.test("proxy: lines the proxy does not intervene in pass through byte for byte, both ways", async () => {
  const { proxy, received } = await startFake();
  const lines = [
    JSON.stringify(INITIALIZE),
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{ "jsonrpc" : "2.0" , "id" : "p-1" , "method" : "ping" }',
    '{"jsonrpc":"2.0","id":7,"method":"resources/list","params":{"_meta":{"x":"\\u00e9"}}}',
  ];
  for (const line of lines) await proxy.send(line + "\n");
  const init = await proxy.next();
  strictEqual(init.result.serverInfo.name, "fake");
  strictEqual(await proxy.nextLine(), '{"jsonrpc":"2.0","id":"p-1","result":{}}');
  strictEqual(
    await proxy.nextLine(),
    '{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"unknown method"}}',
  );
  const finished = await proxy.close();
  strictEqual(finished.code, 0);
  deepStrictEqual(await received(), lines);
});

const REFUSED: { name: string; tool: string; args: string; code: string }[] = [
  { name: "a duplicate key", tool: "echo", args: '{"text":"a","text":"rm -rf /"}', code: "E011" },
  {
    name: "keys that differ only by case",
    tool: "echo",
    args: '{"text":"a","Text":"b"}',
    code: "E011",
  },
  { name: "an unsafe integer", tool: "add", args: '{"a":9007199254740993,"b":1}', code: "E011" },
  {
    name: "a bidi control in a string",
    tool: "echo",
    args: '{"text":"/tmp/\u202Egpj.exe"}',
    code: "E011",
  },
  { name: "a lone surrogate escape", tool: "echo", args: '{"text":"\\ud800"}', code: "E011" },
  { name: "a tag character", tool: "echo", args: '{"text":"ok\u{E0041}"}', code: "E011" },
  { name: "a missing required member", tool: "echo", args: "{}", code: "" },
  { name: "a value of the wrong type", tool: "add", args: '{"a":"1","b":2}', code: "" },
];

Deno.test("proxy: a refused tools/call is answered as isError with the retry prompt and never reaches the server", async (t) => {
  const { proxy, received } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  let id = 100;
  for (const row of REFUSED) {
    await t.step(row.name, async () => {
      const reply = await proxy.request(callLine(++id, row.tool, row.args));
      strictEqual(reply.id, id);
      strictEqual(reply.result.isError, true);
      strictEqual(reply.result.content[0].type, "text");
      match(reply.result.content[0].text, /^InterJSON refused the arguments: E0\d\d/);
      if (row.code !== "") ok(reply.result.content[0].text.includes(row.code));
      match(reply.result.content[0].text, /Re-emit/);
    });
  }
  // a valid call afterwards still goes through, and reached the server
  const ok1 = await proxy.request(callLine(1, "add", '{"a":2,"b":3}'));
  deepStrictEqual(ok1.result, { content: [{ type: "text", text: "5" }] });
  await proxy.close();
  const calls = (await received()).filter((line) => line.includes('"tools/call"'));
  deepStrictEqual(calls, [callLine(1, "add", '{"a":2,"b":3}').trim()]);
});

Deno.test("proxy: a notifications/cancelled for a refused call is dropped; others are forwarded", async () => {
  const { proxy, received } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  await proxy.request(callLine(5, "echo", '{"text":1}'));
  await proxy.send(
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}\n',
  );
  await proxy.send(
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":6}}\n',
  );
  await proxy.request('{"jsonrpc":"2.0","id":9,"method":"ping"}\n');
  await proxy.close();
  const cancels = (await received()).filter((line) => line.includes("cancelled"));
  deepStrictEqual(cancels, [
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":6}}',
  ]);
});

const ROUTED: {
  name: string;
  line: string;
  check: (reply: Message) => void;
  forwarded: boolean;
}[] = [
  {
    name: "a tool the server never listed is forwarded; the server owns the error",
    line: callLine(20, "nope", "{}"),
    check: (r) => deepStrictEqual(r.error, { code: -32602, message: "unknown tool nope" }),
    forwarded: true,
  },
  {
    name: "a case variant of a listed tool is refused",
    line: callLine(21, "ECHO", '{"text":"x"}'),
    check: (r) => {
      strictEqual(r.result.isError, true);
      match(r.result.content[0].text, /did you mean `echo`/);
    },
    forwarded: false,
  },
  {
    name: "a tool whose schema cannot be compiled is refused (fail closed)",
    line: callLine(22, "odd", "{}"),
    check: (r) => {
      strictEqual(r.result.isError, true);
      match(r.result.content[0].text, /\$ref/);
    },
    forwarded: false,
  },
  {
    name: "an envelope with a duplicated method is refused",
    line: '{"jsonrpc":"2.0","id":23,"method":"tools/call","method":"ping"}\n',
    check: (r) => strictEqual(r.error.code, -32600),
    forwarded: false,
  },
  {
    name: "params with case-variant names are refused",
    line:
      '{"jsonrpc":"2.0","id":24,"method":"tools/call","params":{"name":"echo","Name":"odd","arguments":{"text":"x"}}}\n',
    check: (r) => strictEqual(r.error.code, -32602),
    forwarded: false,
  },
  {
    name: "a line that is not JSON is answered -32700 by the proxy",
    line:
      '{"jsonrpc":"2.0","id":25,"method":"tools/call","params":{"name":"add","arguments":{"a":NaN}}}\n',
    check: (r) => strictEqual(r.error.code, -32700),
    forwarded: false,
  },
  {
    name: "an invalid message (id null) is answered -32600",
    line:
      '{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"echo","arguments":{}}}\n',
    check: (r) => strictEqual(r.error.code, -32600),
    forwarded: false,
  },
  {
    name: "a client reply to an id the server never asked is dropped (the ping after it answers)",
    line:
      '{"jsonrpc":"2.0","id":"never-asked","result":{}}\n{"jsonrpc":"2.0","id":26,"method":"ping"}\n',
    check: (r) => deepStrictEqual(r, { jsonrpc: "2.0", id: 26, result: {} }),
    forwarded: false,
  },
];

Deno.test("proxy: routing decisions", async (t) => {
  const { proxy, received } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  for (const row of ROUTED) {
    await t.step(row.name, async () => {
      const before = (await received()).length;
      row.check(await proxy.request(row.line));
      const after = await received();
      const firstLine = row.line.split("\n")[0];
      strictEqual(after.slice(before).includes(firstLine), row.forwarded);
    });
  }
  const finished = await proxy.close();
  match(finished.stderr, /dropped a client reply to id "never-asked"/);
});

Deno.test("proxy: a batch is gated call by call; the kept calls go as their original bytes", async () => {
  const { proxy, received } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  const good =
    '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}';
  const bad =
    '{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"echo","arguments":{"text":"x","text":"y"}}}';
  await proxy.send(`[${good}, ${bad}]\n`);
  const refusal = await proxy.next();
  ok(Array.isArray(refusal));
  strictEqual(refusal[0].id, "b");
  strictEqual(refusal[0].result.isError, true);
  const answer = await proxy.next();
  strictEqual(answer.id, "a");
  await proxy.close();
  ok((await received()).includes(`[${good}]`));
});

Deno.test("proxy: tools/list pagination is followed, hidden tools never listed, and a call waits for the list", async () => {
  const { proxy, received } = await startFake([], ["--page-size", "2", "--poison"]);
  await proxy.send(HANDSHAKE);
  await proxy.next();
  // a call before any listing: the proxy lists every page itself first
  const refused = await proxy.request(callLine(1, "add", '{"a":1.5,"b":2}'));
  strictEqual(refused.result.isError, true);
  const names: string[] = [];
  let cursor: string | undefined;
  for (let id = 2;; id++) {
    const params = cursor === undefined ? {} : { cursor };
    const page = await proxy.request({ jsonrpc: "2.0", id, method: "tools/list", params });
    names.push(...page.result.tools.map((tool: { name: string }) => tool.name));
    cursor = page.result.nextCursor;
    if (cursor === undefined) break;
  }
  deepStrictEqual(names, ["echo", "add", "slow", "ask", "die", "mutate", "huge", "odd"]);
  const evil = await proxy.request(callLine(50, "evil", "{}"));
  strictEqual(evil.result.isError, true);
  const finished = await proxy.close();
  match(finished.stderr, /tool "evil" is hidden.*tag character \(U\+E0049\) at \/description/);
  const own = (await received()).filter((line) => line.includes("interjson-proxy-"));
  strictEqual(own.length, 5); // five pages of two
});

Deno.test("proxy: server-to-client requests are forwarded and the client's reply routed back", async () => {
  const { proxy } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  await proxy.send(callLine(3, "ask", "{}"));
  const ask = await proxy.next();
  deepStrictEqual(ask, { jsonrpc: "2.0", id: "roots-1", method: "roots/list" });
  await proxy.send('{"jsonrpc":"2.0","id":"roots-1","result":{"roots":[{"uri":"file:///a"}]}}\n');
  deepStrictEqual(await proxy.next(), {
    jsonrpc: "2.0",
    id: 3,
    result: { content: [{ type: "text", text: "roots: 1" }] },
  });
  strictEqual((await proxy.close()).code, 0);
});

Deno.test("proxy: pipelined calls answered out of order are each routed to their id", async () => {
  const { proxy } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  await proxy.send(callLine("slow-1", "slow", "{}") + callLine("fast-2", "echo", '{"text":"f"}'));
  const first = await proxy.next();
  const second = await proxy.next();
  deepStrictEqual([first.id, second.id], ["fast-2", "slow-1"]);
  strictEqual(second.result.content[0].text, "slow");
  strictEqual((await proxy.close()).code, 0);
});

Deno.test("proxy: garbage and replies to unknown ids on the server's stdout never reach the client", async () => {
  const { proxy } = await startFake([], ["--garbage"]);
  await proxy.send(HANDSHAKE);
  strictEqual((await proxy.next()).id, 0);
  deepStrictEqual(await proxy.request('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'), {
    jsonrpc: "2.0",
    id: 1,
    result: {},
  });
  const finished = await proxy.close();
  strictEqual(finished.stdout, "");
  match(finished.stderr, /dropped a line from the server that is not JSON/);
  match(finished.stderr, /dropped a server reply to id 424242/);
});

Deno.test("proxy: the server dies mid-call: -32603 for every pending request and a non-zero exit", async () => {
  const { proxy } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  await proxy.send(callLine("s", "slow", "{}") + callLine("d", "die", "{}"));
  const replies = [await proxy.next(), await proxy.next()];
  deepStrictEqual(replies.map((r) => r.id).sort(), ["d", "s"]);
  for (const reply of replies) {
    strictEqual(reply.error.code, -32603);
    match(reply.error.message, /exited with code 3/);
  }
  const finished = await proxy.close();
  strictEqual(finished.code, 3);
  match(finished.stderr, /the server exited with code 3/);
});

Deno.test("proxy: the client closes stdin mid-call: the reply still arrives, then a clean exit", async () => {
  const { proxy } = await startFake();
  await proxy.send(HANDSHAKE + callLine(1, "echo", '{"text":"late"}'));
  const finished = await proxy.close();
  strictEqual(finished.code, 0);
  const lines = finished.stdout.trim().split("\n").map((line) => JSON.parse(line));
  deepStrictEqual(lines.map((m) => m.id), [0, 1]);
  strictEqual(lines[1].result.content[0].text, "late");
});

Deno.test("proxy: a server that ignores the end of its stdin is killed after 5 s", async () => {
  const { proxy } = await startFake([], ["--ignore-eof"]);
  await proxy.send(HANDSHAKE);
  await proxy.next();
  const started = performance.now();
  const finished = await proxy.close();
  ok(performance.now() - started >= 4900);
  match(finished.stderr, /did not exit within 5000 ms/);
  notStrictEqual(finished.code, 0);
});

Deno.test("proxy: the 8 MiB line cap applies in both directions", async () => {
  const { proxy, received } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  const long = callLine(1, "echo", `{"text":"${"y".repeat(8 * 1024 * 1024)}"}`);
  const tooLong = await proxy.request(long);
  strictEqual(tooLong.error.code, -32700);
  strictEqual(tooLong.id, 1); // found in the discarded bytes, as `interjson mcp` does
  match(tooLong.error.message, /MAX_LINE/);
  const huge = await proxy.request(callLine(2, "huge", "{}"));
  strictEqual(huge.id, 2); // answered, not left waiting
  strictEqual(huge.error.code, -32603);
  match(huge.error.message, /reply was not forwarded: it is over the line limit \(8388608 bytes/);
  deepStrictEqual(await proxy.request('{"jsonrpc":"2.0","id":3,"method":"ping"}\n'), {
    jsonrpc: "2.0",
    id: 3,
    result: {},
  });
  const finished = await proxy.close();
  match(
    finished.stderr,
    /answered request 2 with -32603: the server's reply was not forwarded: it is over the line/,
  );
  ok(!(await received()).some((line) => line.length > 8 * 1024 * 1024));
});

Deno.test("proxy: SIGTERM is forwarded to the server and the proxy exits non-zero", async () => {
  const log = await Deno.makeTempFile();
  const { CLI } = await import("./mcp_harness.ts");
  const { FAKE_SERVER } = await import("./proxy_harness.ts");
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      CLI,
      "proxy",
      "--",
      Deno.execPath(),
      "run",
      "-A",
      FAKE_SERVER,
      "--log",
      log,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(HANDSHAKE));
  const reader = child.stdout.getReader();
  await reader.read(); // the initialize reply: both processes are up
  child.kill("SIGTERM");
  const status = await child.status;
  notStrictEqual(status.code, 0);
  const stderr = await new Response(child.stderr).text();
  match(stderr, /the server was killed by SIGTERM/);
  reader.releaseLock();
  await child.stdout.cancel();
  await writer.close().catch(() => {});
});

Deno.test("proxy: after notifications/tools/list_changed the next call is gated against the new schema", async () => {
  const { proxy, received } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  deepStrictEqual(
    (await proxy.request(callLine(1, "echo", '{"text":"a"}'))).result.content[0].text,
    "a",
  );
  await proxy.send(callLine(2, "mutate", "{}"));
  deepStrictEqual(await proxy.next(), {
    jsonrpc: "2.0",
    method: "notifications/tools/list_changed",
  });
  strictEqual((await proxy.next()).id, 2);
  const refused = await proxy.request(callLine(3, "echo", '{"text":"a"}'));
  strictEqual(refused.result.isError, true);
  deepStrictEqual(
    (await proxy.request(callLine(4, "echo", '{"text":7}'))).result.content[0].text,
    "7",
  );
  await proxy.close();
  const lists = (await received()).filter((line) => line.includes('"tools/list"'));
  strictEqual(lists.length, 2);
});

Deno.test("proxy: the 2026-07-28 era passes through, and a refusal carries resultType complete", async () => {
  const { proxy, received } = await startFake();
  const meta = '{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}';
  const discover =
    `{"jsonrpc":"2.0","id":"d","method":"server/discover","params":{"_meta":${meta}}}`;
  const unknown = await proxy.request(discover + "\n");
  strictEqual(unknown.id, "d");
  const line = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add",` +
    `"arguments":{"a":1,"a":2,"b":3},"_meta":${meta}}}\n`;
  const refused = await proxy.request(line);
  strictEqual(refused.result.isError, true);
  strictEqual(refused.result.resultType, "complete");
  await proxy.close();
  const seen = await received();
  strictEqual(seen[0], discover);
  ok(seen.some((l) => l.includes('"tools/list"') && l.includes("2026-07-28")));
});

Deno.test("proxy: a refusal echoes an integer id beyond 2^53 exactly as the client wrote it", async () => {
  const { proxy } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  await proxy.send(
    '{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call","params":{"name":"echo","arguments":{}}}\n',
  );
  const line = await proxy.nextLine();
  ok(line?.startsWith('{"jsonrpc":"2.0","id":9007199254740993,"result":{'));
  await proxy.close();
});

Deno.test("proxy: a server line it cannot forward answers the request it was for", async (t) => {
  const { proxy, received } = await startFake([], ["--hostile"]);
  await proxy.send(HANDSHAKE);
  await proxy.next();
  const rows = [
    { tool: "badutf8", reason: /reply was not forwarded: it is not valid UTF-8/ },
    { tool: "bare_cr", reason: /reply was not forwarded: it holds a bare CR \(U\+000D\)/ },
  ];
  let id = 0;
  for (const row of rows) {
    await t.step(`a reply from ${row.tool} gets -32603 naming the reason`, async () => {
      const reply = await proxy.request(callLine(++id, row.tool, "{}"));
      strictEqual(reply.id, id);
      strictEqual(reply.error.code, -32603);
      match(reply.error.message, row.reason);
    });
  }
  await t.step(
    "a server request holding a bare CR is answered -32700, never forwarded",
    async () => {
      await proxy.send(callLine(++id, "ask_cr", "{}"));
      const pong = await proxy.request('{"jsonrpc":"2.0","id":"after","method":"ping"}\n');
      strictEqual(pong.id, "after"); // no roots/list reached the client before it
    },
  );
  await t.step("a client line that is not UTF-8 gets -32700 with its id", async () => {
    const bytes = new TextEncoder().encode(
      '{"jsonrpc":"2.0","id":77,"method":"ping","params":{"x":"',
    );
    await proxy.send(Uint8Array.from([...bytes, 0xff, 0x22, 0x7d, 0x7d, 0x0a]));
    const reply = await proxy.next();
    strictEqual(reply.id, 77);
    strictEqual(reply.error.code, -32700);
  });
  const finished = await proxy.close();
  const answered = (await received()).map((line) => JSON.parse(line))
    .filter((message) => message.id === "cr-1");
  strictEqual(answered.length, 1);
  strictEqual(answered[0].error.code, -32700);
  match(answered[0].error.message, /bare CR/);
  match(finished.stderr, /answered a server request with -32700: it holds a bare CR/);
});

Deno.test("proxy: server requests the client never answers are bounded, the oldest answered", async () => {
  const { proxy, received } = await startFake([], ["--hostile"]);
  await proxy.send(HANDSHAKE);
  await proxy.next();
  const count = 4096 + 3;
  await proxy.send(callLine(1, "flood", `{"count":${count}}`));
  const asked: string[] = [];
  while (true) {
    const message = await proxy.next();
    if (message.id === 1) break;
    asked.push(message.id);
  }
  strictEqual(asked.length, count); // every request reaches the client
  // A late answer to an expired request is dropped; the newest is still forwarded.
  await proxy.send('{"jsonrpc":"2.0","id":"flood-0","result":{"roots":[]}}\n');
  await proxy.send(`{"jsonrpc":"2.0","id":"flood-${count - 1}","result":{"roots":[]}}\n`);
  await proxy.request('{"jsonrpc":"2.0","id":"sync","method":"ping"}\n');
  const finished = await proxy.close();
  const lines = (await received()).map((line) => JSON.parse(line));
  const errors = lines.filter((message) => message.error?.code === -32603).map((m) => m.id);
  deepStrictEqual(errors, ["flood-0", "flood-1", "flood-2"]);
  const results = lines.filter((message) => message.result !== undefined).map((m) => m.id);
  deepStrictEqual(results, [`flood-${count - 1}`]);
  match(
    finished.stderr,
    /answered server request "flood-0" with -32603: more than 4096 server requests/,
  );
  match(finished.stderr, /dropped a client reply to id "flood-0", which the server never asked/);
});

Deno.test("proxy: the proxy's own replies carry no raw line separator either", async () => {
  const { proxy } = await startFake();
  await proxy.send(HANDSHAKE);
  await proxy.next();
  await proxy.send(callLine(1, "ECHO\u2028", '{"text":"x"}')); // refused: a variant of echo
  const line = (await proxy.nextLine())!;
  ok(!/[\u0085\u2028\u2029]/.test(line), line);
  ok(line.includes("ECHO\\u2028"), line);
  strictEqual(JSON.parse(line).result.isError, true);
  await proxy.close();
});
