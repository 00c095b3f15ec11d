/**
 * The shared loopback HTTP layer (`wire/http.ts` over `wire/http1.ts`),
 * in-process with short deadlines and raw sockets: idle and slow connections
 * are cut off, heads and bodies are bounded, malformed framing is refused,
 * keep-alive and `Expect: 100-continue` work, the token option, and shutdown
 * lets a request in progress finish.
 *
 * @module
 */

import { equal, match, ok } from "node:assert/strict";
import { answer, serveHttp } from "../wire/http.ts";

const encoder = new TextEncoder();

function start(extra: Partial<Parameters<typeof serveHttp>[0]> = {}) {
  return serveHttp({
    port: 0,
    path: "/x",
    idleTimeoutMs: 300,
    headTimeoutMs: 300,
    bodyTimeoutMs: 300,
    maxBodyBytes: 1000,
    handler: (_request, body) =>
      answer(200, body?.kind === "body" ? `len=${body.text.length}` : "none"),
    ...extra,
  });
}

/** Opens a connection, writes `parts` with `gapMs` between them, reads until close (or 3 s). */
async function exchange(
  port: number,
  parts: string[],
  gapMs = 0,
): Promise<{ text: string; closed: boolean }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const writing = (async () => {
    for (const part of parts) {
      await conn.write(encoder.encode(part));
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  })().catch(() => {});
  const buffer = new Uint8Array(65536);
  let text = "";
  let closed = false;
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = new Promise<"wait">((
      resolve,
    ) => (timer = setTimeout(() => resolve("wait"), deadline - Date.now())));
    const read = await Promise.race([conn.read(buffer).catch(() => null), wait]);
    clearTimeout(timer);
    if (read === "wait") break;
    if (read === null) {
      closed = true;
      break;
    }
    text += new TextDecoder().decode(buffer.subarray(0, read));
  }
  try {
    conn.close();
  } catch {
    // Closed by the server.
  }
  await writing;
  return { text, closed };
}

const head = (port: number, extra = "") =>
  `POST /x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extra}`;

Deno.test("http layer: deadlines, caps and framing, row by row", async (t) => {
  const surface = start();
  const port = surface.address.port;
  const rows: {
    name: string;
    parts: (port: number) => string[];
    gapMs?: number;
    status: RegExp | null;
    closed: boolean;
  }[] = [
    {
      name: "an idle connection (no byte) is closed after the idle deadline",
      parts: () => [],
      status: null,
      closed: true,
    },
    {
      name: "a head sent too slowly is 408, then closed",
      parts: (
        p,
      ) => [`POST /x HTTP/1.1\r\n`, `Host: 127.0.0.1:${p}\r\n`, `X-A: 1\r\n`, `X-B: 2\r\n`, "\r\n"],
      gapMs: 150,
      status: /^HTTP\/1\.1 408 /,
      closed: true,
    },
    {
      name: "a body sent too slowly is 408, then closed",
      parts: (p) => [head(p, "Content-Length: 10\r\n\r\nab"), "cd", "ef", "gh"],
      gapMs: 150,
      status: /^HTTP\/1\.1 408 /,
      closed: true,
    },
    {
      name: "a declared body over the cap is 413 before it is sent",
      parts: (p) => [head(p, "Content-Length: 1001\r\n\r\n")],
      status: /^HTTP\/1\.1 413 /,
      closed: true,
    },
    {
      name: "a chunked body crossing the cap is 413",
      parts: (
        p,
      ) => [
        head(p, "Transfer-Encoding: chunked\r\n\r\n") +
        `258\r\n${"a".repeat(600)}\r\n258\r\n${"a".repeat(600)}\r\n0\r\n\r\n`,
      ],
      status: /^HTTP\/1\.1 413 /,
      closed: true,
    },
    {
      name: "a chunked body under the cap is read whole",
      parts: (
        p,
      ) => [
        head(p, "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n") +
        "3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n",
      ],
      status: /^HTTP\/1\.1 200 [\s\S]*len=5$/,
      closed: true,
    },
    {
      name: "Content-Length beside Transfer-Encoding is 400 (no request smuggling)",
      parts: (p) => [head(p, "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc")],
      status: /^HTTP\/1\.1 400 /,
      closed: true,
    },
    {
      name: "a transfer coding other than chunked is 501",
      parts: (p) => [head(p, "Transfer-Encoding: gzip\r\n\r\n")],
      status: /^HTTP\/1\.1 501 /,
      closed: true,
    },
    {
      name: "a folded header line is 400",
      parts: (p) => [head(p, "X-A: 1\r\n  folded\r\nContent-Length: 0\r\n\r\n")],
      status: /^HTTP\/1\.1 400 /,
      closed: true,
    },
    {
      name: "headers over 16 KiB are 431",
      parts: (p) => [head(p, `X-Big: ${"b".repeat(17000)}\r\n\r\n`)],
      status: /^HTTP\/1\.1 431 /,
      closed: true,
    },
    {
      name: "an absolute-form target is 400",
      parts: (p) => [`GET http://evil.example/x HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\n\r\n`],
      status: /^HTTP\/1\.1 400 /,
      closed: true,
    },
    {
      name: "HTTP/2 preface or another version is refused",
      parts: () => ["PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"],
      status: /^HTTP\/1\.1 (400|505) /,
      closed: true,
    },
    {
      name: "Expect: 100-continue gets 100 before the body, then the answer",
      parts: (
        p,
      ) => [
        head(p, "Content-Length: 3\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n"),
        "abc",
      ],
      gapMs: 50,
      status: /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 [\s\S]*len=3$/,
      closed: true,
    },
    {
      name: "two requests on one keep-alive connection are answered in order",
      parts: (
        p,
      ) => [
        head(p, "Content-Length: 1\r\n\r\na") +
        head(p, "Content-Length: 2\r\nConnection: close\r\n\r\nbb"),
      ],
      status: /^HTTP\/1\.1 200 [\s\S]*len=1HTTP\/1\.1 200 [\s\S]*len=2$/,
      closed: true,
    },
  ];
  for (const row of rows) {
    await t.step(row.name, async () => {
      const { text, closed } = await exchange(port, row.parts(port), row.gapMs);
      if (row.status === null) equal(text, "");
      else match(text, row.status);
      equal(closed, row.closed, "closed by the server");
    });
  }
  await surface.shutdown();
});

Deno.test("http layer: the token option answers 401 without it and serves with it", async () => {
  const surface = start({ token: "s3cret" });
  const url = `http://127.0.0.1:${surface.address.port}/x`;
  const without = await fetch(url, { method: "POST", body: "a" });
  await without.body?.cancel();
  equal(without.status, 401);
  const wrong = await fetch(url, {
    method: "POST",
    body: "a",
    headers: { Authorization: "Bearer s3creT" },
  });
  await wrong.body?.cancel();
  equal(wrong.status, 401);
  const right = await fetch(url, {
    method: "POST",
    body: "a",
    headers: { Authorization: "Bearer s3cret" },
  });
  equal(await right.text(), "len=1");
  await surface.shutdown();
});

Deno.test("http layer: shutdown lets a request whose body is still arriving finish", async () => {
  const surface = start({ bodyTimeoutMs: 3000 });
  const port = surface.address.port;
  const pending = exchange(port, [head(port, "Content-Length: 4\r\n\r\nab"), "cd"], 200);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const stopped = surface.shutdown();
  const { text } = await pending;
  match(text, /^HTTP\/1\.1 200 [\s\S]*connection: close[\s\S]*len=4$/);
  await stopped;
  const refused = await Deno.connect({ hostname: "127.0.0.1", port }).then(
    (conn) => (conn.close(), false),
    () => true,
  );
  ok(refused, "the listener is closed");
});
