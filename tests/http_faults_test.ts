/**
 * The HTTP surfaces under faults and hostile clients, on the real process
 * (`interjson serve --http 0`, `interjson mcp --http 0`) with raw sockets:
 * resets before `accept()` and running out of file descriptors never stop the
 * listener; a chunked body of 1-byte chunks is cut early and costs little
 * memory; a client that never reads its answers cannot hold SIGTERM; the
 * connection cap answers 503; header values hold no white space but SP and
 * HTAB. In-process, with short deadlines: the write deadline, and a listener
 * that fails on its own; and on the real process a listening socket destroyed
 * under it (`ss -K`, iproute2, which needs CAP_NET_ADMIN) ends it with exit 1
 * and one stderr line.
 *
 * @module
 */

import { equal, match, ok, rejects } from "node:assert/strict";
import { HttpServerProcess } from "./mcp_http_harness.ts";
import { ROOT, runCli } from "./mcp_harness.ts";
import { Http1Server } from "../wire/http1.ts";

const encoder = new TextEncoder();
const SURFACES = [
  { name: "serve --http", args: ["serve", "--http", "0"], path: "/healthz", method: "GET" },
  { name: "mcp --http", args: ["mcp", "--http", "0"], path: "/mcp", method: "GET" },
] as const;

/** The status of a plain request on a new connection (the answer's body dropped). */
async function statusOf(server: HttpServerProcess, path: string, method: string): Promise<number> {
  const response = await fetch(new URL(path, server.url), { method });
  await response.body?.cancel();
  return response.status;
}

/** Runs the Node script that resets `count` connections as they are established. */
async function resetConnections(port: number, count: number): Promise<void> {
  const output = await new Deno.Command("node", {
    args: [`${ROOT}/tests/fixtures/reset_connections.mjs`, String(port), String(count)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(new TextDecoder().decode(output.stdout), `reset ${count}\n`);
}

/** Writes `bytes` to a connection in the background, ignoring its failure (the server may cut it). */
function writeInBackground(conn: Deno.Conn, parts: Iterable<Uint8Array>): Promise<void> {
  return (async () => {
    for (const part of parts) {
      let written = 0;
      while (written < part.length) written += await conn.write(part.subarray(written));
    }
  })().catch(() => {});
}

/** Reads a connection until the server closes it (or `limitMs`); the text. */
async function readUntilClosed(conn: Deno.Conn, limitMs = 20_000): Promise<string> {
  const buffer = new Uint8Array(65536);
  let text = "";
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = new Promise<"wait">((resolve) => {
      timer = setTimeout(() => resolve("wait"), deadline - Date.now());
    });
    const read = await Promise.race([conn.read(buffer).catch(() => null), wait]);
    clearTimeout(timer);
    if (read === "wait" || read === null) break;
    text += new TextDecoder().decode(buffer.subarray(0, read));
  }
  return text;
}

for (const surface of SURFACES) {
  Deno.test(`${surface.name}: connections reset before accept() never stop the listener`, async () => {
    const server = await HttpServerProcess.start(surface.args);
    for (let round = 0; round < 3; round++) await resetConnections(server.port, 300);
    const status = await statusOf(server, surface.path, surface.method);
    equal(status, surface.name === "mcp --http" ? 405 : 200, "still answering");
    const { code, stderr } = await server.stop();
    equal(code, 0);
    equal(stderr, "");
  });

  Deno.test(`${surface.name}: out of file descriptors, it backs off and serves again`, async () => {
    // About 25 descriptors are Deno's own: the 40 left are used up by the held connections.
    const server = await HttpServerProcess.start(surface.args, undefined, 64);
    const held: Deno.Conn[] = [];
    for (let i = 0; i < 80; i++) {
      held.push(await Deno.connect({ hostname: "127.0.0.1", port: server.port }));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const conn of held) conn.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const status = await statusOf(server, surface.path, surface.method);
    equal(status, surface.name === "mcp --http" ? 405 : 200, "serving again");
    const { code, stderr } = await server.stop();
    equal(code, 0);
    equal(stderr, "");
  });
}

Deno.test("http layer: a listener that fails on its own ends the server, naming why", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const server = new Http1Server({
    hostname: "127.0.0.1",
    port: 0,
    listener,
    inspect: () => undefined,
    handle: () => new Response("ok"),
  });
  const answered = await fetch(`http://127.0.0.1:${server.port}/`);
  equal(await answered.text(), "ok");
  listener.close();
  await rejects(server.finished, /^Error: the listener stopped: /);
});

/** `count` 1-byte chunks, generated as they are written. */
function* oneByteChunks(count: number): Generator<Uint8Array> {
  const batch = encoder.encode("1\r\na\r\n".repeat(4096));
  for (let sent = 0; sent < count; sent += 4096) yield batch;
  yield encoder.encode("0\r\n\r\n");
}

Deno.test("serve --http: a body of 1-byte chunks is cut with 413 and costs little memory", async () => {
  const server = await HttpServerProcess.start(["serve", "--http", "0"]);
  const before = await server.peakRss();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  const head = `POST /v1/gate HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
    "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
  const writing = writeInBackground(conn, [encoder.encode(head), ...oneByteChunks(1 << 20)]);
  const text = await readUntilClosed(conn);
  conn.close();
  await writing;
  match(text, /^HTTP\/1\.1 413 [\s\S]*chunk framing/);
  const grown = (await server.peakRss()) - before;
  // A megabyte of 1-byte chunks once cost about 430 MB; the framing cap stops it at 64 KiB.
  ok(grown < 64 * 1024 * 1024, `peak RSS grew by ${grown} bytes`);
  equal(await statusOf(server, "/healthz", "GET"), 200);
  await server.stop();
});

Deno.test("serve --http: a body of small chunks under the framing cap is read whole", async () => {
  const server = await HttpServerProcess.start(["serve", "--http", "0"]);
  const body = JSON.stringify({ text: `{"a":"${"x".repeat(200_000)}"}` });
  const chunks = [];
  for (let at = 0; at < body.length; at += 64) {
    const part = body.slice(at, at + 64);
    chunks.push(`${part.length.toString(16)}\r\n${part}\r\n`);
  }
  const text = await server.raw(
    `POST /v1/gate HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n` +
      `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${
        chunks.join("")
      }0\r\n\r\n`,
  );
  match(text, /^HTTP\/1\.1 200 [\s\S]*"executable":true/);
  await server.stop();
});

/** Endless pipelined `GET path` requests, generated as they are written. */
function* pipelined(port: number, path: string): Generator<Uint8Array> {
  const batch = encoder.encode(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`.repeat(1024),
  );
  for (let i = 0; i < 400; i++) yield batch;
}

Deno.test("http layer: a client that pipelines and never reads is closed at the write deadline", async () => {
  const server = new Http1Server({
    hostname: "127.0.0.1",
    port: 0,
    writeTimeoutMs: 300,
    inspect: () => undefined,
    handle: () => new Response("x".repeat(65536)),
  });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  const writing = writeInBackground(conn, pipelined(server.port, "/"));
  const deadline = Date.now() + 10_000;
  while (server.connections > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  equal(server.connections, 0, "the connection was closed");
  conn.close();
  await writing;
  await server.shutdown();
});

Deno.test("serve --http: SIGTERM with a client that never reads still exits 0 (the drain deadline)", async () => {
  const server = await HttpServerProcess.start(["serve", "--http", "0"]);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  const writing = writeInBackground(conn, pipelined(server.port, "/openapi.json"));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<"stuck">((
    resolve,
  ) => (timer = setTimeout(() => resolve("stuck"), 20_000)));
  const stopped = await Promise.race([server.stop(), stuck]);
  clearTimeout(timer);
  conn.close();
  await writing;
  if (stopped === "stuck") {
    await server.stop("SIGKILL");
    throw new Error("the server did not exit within 20 s of SIGTERM");
  }
  equal(stopped.code, 0);
});

Deno.test("serve --http --max-connections: one connection more is answered 503", async () => {
  const server = await HttpServerProcess.start(["serve", "--http", "0", "--max-connections", "4"]);
  const held: Deno.Conn[] = [];
  for (let i = 0; i < 4; i++) {
    held.push(await Deno.connect({ hostname: "127.0.0.1", port: server.port }));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const request =
    `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`;
  match(await server.raw(request), /^HTTP\/1\.1 503 /);
  held.pop()!.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  match(await server.raw(request), /^HTTP\/1\.1 200 /);
  for (const conn of held) conn.close();
  await server.stop();
});

Deno.test("serve --http: only SP and HTAB are white space in a header (no smuggling by trim())", async (t) => {
  const server = await HttpServerProcess.start(["serve", "--http", "0"]);
  const host = `Host: 127.0.0.1:${server.port}\r\n`;
  const post = (fields: string, body: string) =>
    `POST /v1/gate HTTP/1.1\r\n${host}Content-Type: application/json\r\nConnection: close\r\n` +
    `${fields}\r\n${body}`;
  const BODY = '{"text":"{}"}';
  const CHUNKED = `${BODY.length.toString(16)}\r\n${BODY}\r\n0\r\n\r\n`;
  const rows = [
    {
      name: "NBSP before a Content-Length",
      raw: post(`Content-Length: \u00a013\r\n`, BODY),
      status: 400,
    },
    {
      name: "VT before a Content-Length",
      raw: post(`Content-Length:\x0b13\r\n`, BODY),
      status: 400,
    },
    {
      name: "FF after a Content-Length",
      raw: post(`Content-Length: 13\x0c\r\n`, BODY),
      status: 400,
    },
    {
      name: "NBSP before chunked",
      raw: post(`Transfer-Encoding: \u00a0chunked\r\n`, CHUNKED),
      status: 400,
    },
    {
      name: "VT inside a value",
      raw: post(`X-A: a\x0bb\r\nContent-Length: 13\r\n`, BODY),
      status: 400,
    },
    {
      name: "DEL inside a value",
      raw: post(`X-A: a\x7fb\r\nContent-Length: 13\r\n`, BODY),
      status: 400,
    },
    {
      name: "a bare CR inside a line",
      raw: post(`X-A: a\rb\r\nContent-Length: 13\r\n`, BODY),
      status: 400,
    },
    {
      name: "a bare LF ending a line",
      raw: post(`X-A: a\nContent-Length: 13\r\n`, BODY),
      status: 400,
    },
    {
      name: "two equal Content-Lengths",
      raw: post(`Content-Length: 13\r\nContent-Length: 13\r\n`, BODY),
      status: 400,
    },
    { name: "a second Host", raw: post(`${host}Content-Length: 13\r\n`, BODY), status: 400 },
    { name: "a space before the colon", raw: post(`Content-Length : 13\r\n`, BODY), status: 400 },
    {
      name: "SP and HTAB around a value are fine",
      raw: post(`X-A: \t v \t\r\nContent-Length:\t 13 \r\n`, BODY),
      status: 200,
    },
    {
      name: "HTAB after a Content-Length value (as llhttp)",
      raw: post(`Content-Length: 13\t\r\n`, BODY),
      status: 400,
    },
    {
      name: "chunked in capitals is fine",
      raw: post(`Transfer-Encoding: CHUNKED\r\n`, CHUNKED),
      status: 200,
    },
  ];
  for (const row of rows) {
    await t.step(`${row.name}: ${row.status}`, async () => {
      const text = await server.raw(row.raw);
      equal(text.slice(0, 12), `HTTP/1.1 ${row.status}`);
    });
  }
  await server.stop();
});

Deno.test("--max-connections: a bad value, or the flag without --http, is a usage error", async (t) => {
  const rows = [
    { args: ["serve", "--http", "0", "--max-connections", "0"], stderr: /from 1 to 65535/ },
    { args: ["serve", "--http", "0", "--max-connections=x"], stderr: /from 1 to 65535/ },
    { args: ["serve", "--max-connections", "8"], stderr: /goes with --http/ },
    { args: ["mcp", "--http", "0", "--max-connections=70000"], stderr: /from 1 to 65535/ },
    { args: ["mcp", "--max-connections=8"], stderr: /goes with --http/ },
  ];
  for (const row of rows) {
    await t.step(row.args.join(" "), async () => {
      const run = await runCli(row.args, "", []);
      equal(run.code, 2);
      match(run.stderr, row.stderr);
      equal(run.stderr.split("\n").length, 2, "one line");
    });
  }
});

for (const surface of SURFACES) {
  Deno.test(`${surface.name}: a listener destroyed under it (ss -K) ends it with exit 1 and one line`, async () => {
    const server = await HttpServerProcess.start(surface.args);
    const kill = await new Deno.Command("ss", {
      args: ["-K", "-tln", `sport = :${server.port}`],
      stdout: "null",
      stderr: "piped",
    }).output();
    ok(
      kill.success,
      `ss -K (iproute2, CAP_NET_ADMIN) failed: ${new TextDecoder().decode(kill.stderr)}`,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<"stuck">((
      resolve,
    ) => (timer = setTimeout(() => resolve("stuck"), 10_000)));
    const exited = await Promise.race([server.exit(), stuck]);
    clearTimeout(timer);
    if (exited === "stuck") {
      await server.stop("SIGKILL");
      throw new Error("the server kept running with its listener destroyed");
    }
    equal(exited.code, 1);
    match(exited.stderr, /^interjson (serve|mcp): the listener stopped: .+\n$/);
  });
}
