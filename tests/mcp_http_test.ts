/**
 * `interjson mcp --http` as a black box over real HTTP: the stderr line,
 * permissions, the 2025-era session (`Mcp-Session-Id`, DELETE), the stateless
 * 2026-07-28 requests and their header checks (`-32020`), 202 for
 * notifications and responses, 405 for GET, and the security checks (`Origin`
 * and `Host` 403, 413 without reading the body), then graceful shutdown.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { HttpServerProcess } from "./mcp_http_harness.ts";
import { META, MODERN, runCli } from "./mcp_harness.ts";
import { MAX_SESSIONS, McpHttpHandler, SESSION_PROTECTED_MS } from "../mcp/http.ts";
import { checkServerMessage } from "./mcp_schema.ts";

// deno-lint-ignore no-explicit-any
type Message = any;

function modernCall(id: number, name: string, args: unknown): Message {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args, _meta: META },
  };
}

const modernHeaders = (method: string, name?: string): Record<string, string> => ({
  "MCP-Protocol-Version": MODERN,
  "Mcp-Method": method,
  ...(name === undefined ? {} : { "Mcp-Name": name }),
});

async function json(response: Response): Promise<Message> {
  equal(response.headers.get("content-type"), "application/json");
  return await response.json();
}

Deno.test({
  name: "http: the server over real HTTP, row by row, then SIGTERM exits 0",
  fn: async (t) => {
    const server = await HttpServerProcess.start();
    let session = "";
    try {
      await t.step("one stderr line names the loopback URL on /mcp", () => {
        match(server.listening, /^interjson: listening on http:\/\/127\.0\.0\.1:\d+\/mcp$/);
        ok(server.port > 0, "port 0 picked a free port");
      });
      await t.step("GET is 405 (no SSE stream is offered)", async () => {
        const response = await fetch(server.url);
        await response.body?.cancel();
        equal(response.status, 405);
      });
      await t.step("initialize starts a session: 200, JSON, Mcp-Session-Id", async () => {
        const response = await server.post({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "t", version: "0" },
          },
        });
        equal(response.status, 200);
        session = response.headers.get("mcp-session-id") ?? "";
        ok(session.length >= 16, "a session id");
        const reply = await json(response);
        deepEqual(checkServerMessage("2025-11-25", "initialize", reply), []);
      });
      await t.step("a notification and a client response are 202 with no body", async () => {
        for (
          const message of [
            { jsonrpc: "2.0", method: "notifications/initialized" },
            { jsonrpc: "2.0", id: 99, result: {} },
          ]
        ) {
          const response = await server.post(message, { "Mcp-Session-Id": session });
          equal(response.status, 202);
          equal(await response.text(), "");
        }
      });
      await t.step(
        "legacy requests need the session: 200 with it, 400 without, 404 unknown",
        async () => {
          const list = { jsonrpc: "2.0", id: 2, method: "tools/list" };
          const ok200 = await server.post(list, {
            "Mcp-Session-Id": session,
            "MCP-Protocol-Version": "2025-11-25",
          });
          equal(ok200.status, 200);
          deepEqual(checkServerMessage("2025-11-25", "tools/list", await json(ok200)), []);
          const none = await server.post(list);
          equal(none.status, 400);
          await none.body?.cancel();
          const unknown = await server.post(list, { "Mcp-Session-Id": "no-such-session" });
          equal(unknown.status, 404);
          await unknown.body?.cancel();
        },
      );
      await t.step(
        "an MCP-Protocol-Version that is no handshake revision is 400 in a session",
        async (t) => {
          const revisions: readonly { version: string; status: number }[] = [
            { version: "2099-01-01", status: 400 },
            { version: "2026-07-28x", status: 400 },
            { version: "2025-03-26", status: 200 },
          ];
          for (const { version, status } of revisions) {
            await t.step(`${version}: ${status}`, async () => {
              const response = await server.post({ jsonrpc: "2.0", id: 3, method: "ping" }, {
                "Mcp-Session-Id": session,
                "MCP-Protocol-Version": version,
              });
              equal(response.status, status, version);
              await response.body?.cancel();
            });
          }
        },
      );
      await t.step(
        "2026-07-28 tools/call with matching headers: 200, resultType, no session",
        async () => {
          const response = await server.post(
            modernCall(4, "interjson_gate", { text: "{'a': 1}" }),
            modernHeaders("tools/call", "interjson_gate"),
          );
          equal(response.status, 200);
          equal(response.headers.get("mcp-session-id"), null);
          const reply = await json(response);
          equal(reply.result.resultType, "complete");
          deepEqual(checkServerMessage(MODERN, "tools/call", reply), []);
        },
      );
      await t.step("Mcp-Name in the Base64 sentinel form is decoded before comparing", async () => {
        const response = await server.post(
          modernCall(5, "interjson_gate", { text: "[1]" }),
          modernHeaders("tools/call", `=?base64?${btoa("interjson_gate")}?=`),
        );
        equal(response.status, 200);
        await response.body?.cancel();
      });
      const mismatches: readonly { name: string; headers: Record<string, string> }[] = [
        { name: "Mcp-Name differs", headers: modernHeaders("tools/call", "interjson_repair") },
        { name: "Mcp-Name missing", headers: modernHeaders("tools/call") },
        { name: "Mcp-Method differs", headers: modernHeaders("tools/list", "interjson_gate") },
        {
          name: "Mcp-Method missing",
          headers: { "MCP-Protocol-Version": MODERN, "Mcp-Name": "interjson_gate" },
        },
        {
          name: "MCP-Protocol-Version missing",
          headers: {
            "Mcp-Method": "tools/call",
            "Mcp-Name": "interjson_gate",
          },
        },
        {
          name: "MCP-Protocol-Version differs from _meta",
          headers: {
            ...modernHeaders("tools/call", "interjson_gate"),
            "MCP-Protocol-Version": "2025-11-25",
          },
        },
      ];
      for (const { name, headers } of mismatches) {
        await t.step(`-32020 HeaderMismatch, 400: ${name}`, async () => {
          const response = await server.post(
            modernCall(6, "interjson_gate", { text: "[1]" }),
            headers,
          );
          equal(response.status, 400);
          const reply = await json(response);
          equal(reply.error.code, -32020);
          equal(reply.id, 6);
          deepEqual(checkServerMessage(MODERN, undefined, reply), []);
        });
      }
      await t.step("2026-07-28: an unknown method (ping) is 404 with -32601", async () => {
        const response = await server.post(
          { jsonrpc: "2.0", id: 7, method: "ping", params: { _meta: META } },
          modernHeaders("ping"),
        );
        equal(response.status, 404);
        equal((await json(response)).error.code, -32601);
      });
      await t.step(
        "an unsupported _meta version is 400 with -32022 and the supported list",
        async () => {
          const meta = { ...META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" };
          const response = await server.post(
            { jsonrpc: "2.0", id: 8, method: "server/discover", params: { _meta: meta } },
            { "MCP-Protocol-Version": "2099-01-01", "Mcp-Method": "server/discover" },
          );
          equal(response.status, 400);
          const reply = await json(response);
          equal(reply.error.code, -32022);
          equal(reply.error.data.supported[0], MODERN);
        },
      );
      await t.step("server/discover (2026-07-28) is answered without any session", async () => {
        const response = await server.post(
          { jsonrpc: "2.0", id: 9, method: "server/discover", params: { _meta: META } },
          modernHeaders("server/discover"),
        );
        equal(response.status, 200);
        deepEqual(checkServerMessage(MODERN, "server/discover", await json(response)), []);
      });
      await t.step(
        "not JSON is 400 with -32700 and no id; not application/json is 415",
        async () => {
          const bad = await server.post("{", { "Mcp-Session-Id": session });
          equal(bad.status, 400);
          const reply = await json(bad);
          equal(reply.error.code, -32700);
          equal("id" in reply, false);
          const text = await fetch(server.url, {
            method: "POST",
            body: "{}",
            headers: { "Content-Type": "text/plain" },
          });
          equal(text.status, 415);
          await text.body?.cancel();
        },
      );
      await t.step("an Origin that is not loopback is 403; a loopback one is served", async () => {
        const evil = await server.post({ jsonrpc: "2.0", id: 10, method: "server/discover" }, {
          Origin: "https://evil.example",
        });
        equal(evil.status, 403);
        await evil.body?.cancel();
        const local = await server.post({ jsonrpc: "2.0", id: 11, method: "server/discover" }, {
          Origin: "http://localhost:5173",
        });
        equal(local.status, 200);
        await local.body?.cancel();
      });
      await t.step("a Host that is not the bound address is 403 (DNS rebinding)", async () => {
        const body = '{"jsonrpc":"2.0","id":1,"method":"server/discover"}';
        for (
          const host of [
            "evil.example",
            `evil.example:${server.port}`,
            `localhost:${server.port + 1}`,
          ]
        ) {
          const reply = await server.raw(
            `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
              `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
          );
          match(reply, /^HTTP\/1\.1 403 /, host);
        }
        const good = await server.raw(
          `POST /mcp HTTP/1.1\r\nHost: localhost:${server.port}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        );
        match(good, /^HTTP\/1\.1 200 /);
      });
      await t.step("a body declared over 8 MiB is 413 before a byte of it is sent", async () => {
        const reply = await server.raw(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
            `Content-Length: 9000000\r\n\r\n`,
        );
        match(reply, /^HTTP\/1\.1 413 /);
      });
      await t.step("a chunked body that grows past 8 MiB is 413", async () => {
        const chunk = "x".repeat(1 << 20);
        const piece = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
        const reply = await server.raw(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
            `Transfer-Encoding: chunked\r\n\r\n` + piece.repeat(9) + "0\r\n\r\n",
        );
        match(reply, /^HTTP\/1\.1 413 /);
      });
      await t.step("DELETE ends the session; the id is then unknown (404)", async () => {
        const deleted = await fetch(server.url, {
          method: "DELETE",
          headers: { "Mcp-Session-Id": session },
        });
        equal(deleted.status, 204);
        await deleted.body?.cancel();
        const after = await server.post({ jsonrpc: "2.0", id: 12, method: "ping" }, {
          "Mcp-Session-Id": session,
        });
        equal(after.status, 404);
        await after.body?.cancel();
      });
      await t.step(
        "a request in flight when SIGTERM arrives is answered, then exit 0",
        async () => {
          const pending = server.post(
            modernCall(13, "interjson_gate", {
              text: JSON.stringify({ big: "y".repeat(3_000_000) }),
            }),
            modernHeaders("tools/call", "interjson_gate"),
          );
          await new Promise((resolve) => setTimeout(resolve, 30));
          const stopping = server.stop("SIGTERM");
          const response = await pending;
          equal(response.status, 200);
          equal((await response.json()).result.structuredContent.executable, true);
          const end = await stopping;
          deepEqual(end, { code: 0, stdout: "", stderr: "" });
        },
      );
    } finally {
      await server.stop("SIGKILL");
    }
  },
});

Deno.test("http: a non-loopback host must be confirmed with --allow-remote", async () => {
  const refused = await runCli(["mcp", "--http", "0.0.0.0:0"], "", ["--allow-net"]);
  equal(refused.code, 2);
  match(refused.stderr, /non-loopback .* --allow-remote/);
  equal(refused.stdout, "");
});

Deno.test("http: a bad [HOST:]PORT, or --allow-remote without --http, is a usage error", async () => {
  for (const listen of ["70000", "abc", ":80", "127.0.0.1:"]) {
    const run = await runCli(["mcp", "--http", listen], "", []);
    equal(run.code, 2, listen);
    match(run.stderr, /--http/);
  }
  const alone = await runCli(["mcp", "--allow-remote"], "", []);
  equal(alone.code, 2);
  match(alone.stderr, /--allow-remote only applies to --http/);
});

Deno.test("http: at most MAX_SESSIONS sessions; only one unused for 30 minutes is evicted", async (t) => {
  let clock = 0;
  const handler = new McpHttpHandler(undefined, () => clock);
  const initialize = (id: number) =>
    handler.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
      }),
      {
        kind: "body",
        text: JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {} },
        }),
      },
    );
  const ping = (session: string) =>
    handler.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Mcp-Session-Id": session },
      }),
      { kind: "body", text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
    ).status;
  const first = initialize(0).headers.get("mcp-session-id")!;
  clock = 1000;
  const second = initialize(1).headers.get("mcp-session-id")!;
  for (let i = 2; i < MAX_SESSIONS; i++) initialize(i);
  equal(handler.sessions, MAX_SESSIONS);
  await t.step(
    "a full table of recent sessions answers a new initialize 503, evicting none",
    async () => {
      clock = SESSION_PROTECTED_MS - 1;
      const refused = initialize(MAX_SESSIONS);
      equal(refused.status, 503);
      match(await refused.text(), /too many sessions/);
      equal(handler.sessions, MAX_SESSIONS);
      equal(ping(first), 200);
    },
  );
  await t.step("once the least recently used is 30 minutes unused, it makes room", () => {
    clock = 1000 + SESSION_PROTECTED_MS;
    equal(initialize(MAX_SESSIONS).status, 200);
    equal(handler.sessions, MAX_SESSIONS);
    equal(ping(second), 404, "the second was the least recently used (the first was pinged)");
    equal(ping(first), 200);
  });
});

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "t", version: "0" },
  },
};

Deno.test("http: a flood of initialize from another local process does not end a session in use", async () => {
  const server = await HttpServerProcess.start();
  try {
    const opened = await server.post(INITIALIZE);
    await opened.body?.cancel();
    const session = opened.headers.get("mcp-session-id")!;
    const statuses = new Map<number, number>();
    for (let i = 0; i < MAX_SESSIONS + 50; i++) {
      const flood = await server.post({ ...INITIALIZE, id: i + 1 });
      await flood.body?.cancel();
      statuses.set(flood.status, (statuses.get(flood.status) ?? 0) + 1);
    }
    deepEqual(Object.fromEntries(statuses), { 200: MAX_SESSIONS - 1, 503: 51 });
    const ping = await server.post({ jsonrpc: "2.0", id: 9, method: "ping" }, {
      "Mcp-Session-Id": session,
    });
    equal(ping.status, 200);
    equal((await ping.json()).id, 9);
  } finally {
    await server.stop();
  }
});

Deno.test("http: with -A the server still binds and answers (it revokes everything once bound)", async () => {
  const server = await HttpServerProcess.start(["mcp", "--http", "127.0.0.1:0"], ["-A"]);
  try {
    const response = await server.post({ jsonrpc: "2.0", id: 1, method: "server/discover" });
    equal(response.status, 200);
    await response.body?.cancel();
  } finally {
    const end = await server.stop("SIGINT");
    equal(end.code, 0);
  }
});

Deno.test("http: --token-file demands the bearer token on every request", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "interjson-mcp-token-" });
  const token = "mcp-s3cret-token-0123456789";
  const file = `${dir}/token`;
  await Deno.writeTextFile(file, `${token}\n`);
  await Deno.writeTextFile(`${dir}/short`, "abc");
  try {
    await t.step("no token, a wrong one, then the right one", async (t) => {
      const server = await HttpServerProcess.start(
        ["mcp", "--http", "127.0.0.1:0", "--token-file", file],
        ["--allow-net=127.0.0.1", `--allow-read=${file}`],
      );
      try {
        const discover = { jsonrpc: "2.0", id: 1, method: "server/discover" };
        const rows: { name: string; headers: Record<string, string>; status: number }[] = [
          { name: "no Authorization", headers: {}, status: 401 },
          { name: "a wrong token", headers: { Authorization: "Bearer nope" }, status: 401 },
          { name: "the token without Bearer", headers: { Authorization: token }, status: 401 },
          { name: "the token", headers: { Authorization: `Bearer ${token}` }, status: 200 },
        ];
        for (const row of rows) {
          await t.step(`${row.name}: ${row.status}`, async () => {
            const response = await server.post(discover, row.headers);
            equal(response.status, row.status, row.name);
            await response.body?.cancel();
          });
        }
      } finally {
        equal((await server.stop("SIGINT")).code, 0);
      }
    });
    await t.step("usage errors: exit 2, one line, nothing on stdout", async (t) => {
      const rows = [
        { args: ["mcp", "--token-file", file], pattern: /--token-file goes with --http/ },
        {
          args: ["mcp", "--http", "127.0.0.1:0", "--token-file", `${dir}/short`],
          pattern: /the token must be one word of at least 16 characters/,
        },
        {
          args: ["mcp", "--http", "127.0.0.1:0", "--token-file", `${dir}/absent`],
          pattern: /cannot read --token-file/,
        },
      ];
      for (const row of rows) {
        await t.step(row.args.join(" ").replaceAll(dir, "DIR"), async () => {
          const run = await runCli(row.args, "", [`--allow-read=${dir}`, "--allow-net=127.0.0.1"]);
          equal(run.code, 2, row.args.join(" "));
          match(run.stderr, row.pattern);
          equal(run.stderr.trimEnd().split("\n").length, 1, run.stderr);
          equal(run.stdout, "");
        });
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
