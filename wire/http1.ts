/**
 * A small, strict HTTP/1.1 server over `Deno.listen`, so that every phase of
 * a connection has a deadline — which `Deno.serve` does not offer: a client
 * that sends its headers slowly, keeps an idle keep-alive connection open, or
 * trickles a body is cut off.
 *
 * - **Idle**: a connection waiting for its next request is closed after
 *   `idleTimeoutMs` (30 s) without a byte.
 * - **Head**: once the first byte of a request arrives, the request line and
 *   headers (at most `maxHeadBytes`, 16 KiB; more is 431) must be complete
 *   within `headTimeoutMs` (10 s), or the answer is 408 and the connection
 *   closes.
 * - **Body**: `Content-Length` or `chunked`, at most `maxBodyBytes`; a declared
 *   length over the cap is 413 before a byte of it is read, a chunked body is
 *   cut with 413 at the chunk that crosses it, and the whole body must arrive
 *   within `bodyTimeoutMs` (30 s) or the answer is 408.
 *
 * Parsing is strict, as a server behind nothing should be: CRLF line ends, no
 * folded headers, no `Content-Length` beside `Transfer-Encoding`, no transfer
 * coding but `chunked`, an origin-form target. Requests on one connection are
 * answered in order (`Expect: 100-continue` is honoured); every response has a
 * `Content-Length`. Shutdown closes the listener and idle connections at once,
 * lets requests in progress finish, then resolves.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { Http1Server } from "./http1.ts";
 * const server = new Http1Server({
 *   hostname: "127.0.0.1",
 *   port: 0,
 *   inspect: () => undefined,
 *   handle: (_request, body) => new Response(`got ${body.length} bytes`),
 * });
 * const response = await fetch(`http://127.0.0.1:${server.port}/`, { method: "POST", body: "abc" });
 * strictEqual(await response.text(), "got 3 bytes");
 * await server.shutdown();
 * ```
 *
 * @module
 */

/** The request line and headers of a request, before its body is read. */
export interface RequestHead {
  /** The method, e.g. `POST`. */
  readonly method: string;
  /** The origin-form target, e.g. `/mcp?x=1`. */
  readonly target: string;
  /** The headers, names lower-cased. */
  readonly headers: Headers;
}

/** How to run an {@linkcode Http1Server}. */
export interface Http1Options {
  /** The address to bind. */
  readonly hostname: string;
  /** The port (0 picks a free one). */
  readonly port: number;
  /**
   * Looks at a request before its body is read: a response to send instead
   * (a refused request), or `undefined` to read the body and call `handle`.
   */
  readonly inspect: (head: RequestHead) => Response | undefined;
  /** Answers a request whose body (UTF-8 bytes, not decoded) was read whole. */
  readonly handle: (request: Request, body: Uint8Array) => Response | Promise<Response>;
  /** The body cap in bytes (default 8 MiB). */
  readonly maxBodyBytes?: number;
  /** The request-line-and-headers cap in bytes (default 16 KiB). */
  readonly maxHeadBytes?: number;
  /** How long a connection may wait for its next request (default 30 s). */
  readonly idleTimeoutMs?: number;
  /** How long the head of a request may take once it has begun (default 10 s). */
  readonly headTimeoutMs?: number;
  /** How long a body may take to arrive (default 30 s). */
  readonly bodyTimeoutMs?: number;
}

const CR = 0x0d;
const LF = 0x0a;
const encoder = new TextEncoder();
const latin1 = new TextDecoder("latin1");

const REASONS: Readonly<Record<number, string>> = {
  100: "Continue",
  200: "OK",
  202: "Accepted",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  411: "Length Required",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  505: "HTTP Version Not Supported",
};

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why a connection stops reading: the peer closed, a deadline passed, or the server closed it. */
class Closed extends Error {}

/** A connection's bytes, read on demand, each wait bounded by the deadline in force. */
class ConnectionReader {
  readonly #conn: Deno.Conn;
  #buffer = new Uint8Array(0);
  #start = 0;
  #deadline = Infinity;
  #timedOut = false;
  readonly #chunk = new Uint8Array(65536);

  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /** Bytes read and not consumed yet. */
  get available(): number {
    return this.#buffer.length - this.#start;
  }

  /** Whether the last failure was a deadline. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** Sets the deadline (a `Date.now()` value) for the reads to come. */
  deadline(at: number): void {
    this.#deadline = at;
  }

  /** Reads more bytes; throws {@linkcode Closed} at end of input or the deadline. */
  async fill(): Promise<void> {
    const remaining = this.#deadline - Date.now();
    if (remaining <= 0) {
      this.#timedOut = true;
      throw new Closed("deadline");
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<"expired">((resolve) => {
      if (remaining !== Infinity) timer = setTimeout(() => resolve("expired"), remaining);
    });
    const read = this.#conn.read(this.#chunk).catch(() => null);
    const count = await Promise.race([read, expired]);
    clearTimeout(timer);
    if (count === "expired") {
      this.#timedOut = true;
      throw new Closed("deadline");
    }
    if (count === null) throw new Closed("end of input");
    const kept = this.#buffer.subarray(this.#start);
    const joined = new Uint8Array(kept.length + count);
    joined.set(kept);
    joined.set(this.#chunk.subarray(0, count), kept.length);
    this.#buffer = joined;
    this.#start = 0;
  }

  /** The index (from the unconsumed start) of the first CRLF CRLF, or -1. */
  headEnd(): number {
    const buffer = this.#buffer;
    for (let i = this.#start; i + 3 < buffer.length; i++) {
      if (
        buffer[i] === CR && buffer[i + 1] === LF && buffer[i + 2] === CR && buffer[i + 3] === LF
      ) {
        return i - this.#start;
      }
    }
    return -1;
  }

  /** The index (from the unconsumed start) of the first CRLF, or -1. */
  lineEnd(): number {
    const buffer = this.#buffer;
    for (let i = this.#start; i + 1 < buffer.length; i++) {
      if (buffer[i] === CR && buffer[i + 1] === LF) return i - this.#start;
    }
    return -1;
  }

  /**
   * Reads until a CRLF is buffered and returns {@linkcode lineEnd}; -1 when
   * more than `limit` bytes are buffered without one.
   */
  async lineWithin(limit: number): Promise<number> {
    let end = this.lineEnd();
    while (end === -1) {
      if (this.available > limit) return -1;
      await this.fill();
      end = this.lineEnd();
    }
    return end;
  }

  /** Consumes `count` bytes and returns them (a view, valid until the next fill). */
  take(count: number): Uint8Array {
    const taken = this.#buffer.subarray(this.#start, this.#start + count);
    this.#start += count;
    return taken;
  }

  /** Waits until `count` bytes are available. */
  async need(count: number): Promise<void> {
    while (this.available < count) await this.fill();
  }
}

/** A request refused while its head was read: the status, and a reason for the body. */
interface Refusal {
  readonly status: number;
  readonly reason: string;
}

function parseHead(text: string): RequestHead | Refusal {
  const lines = text.split("\r\n");
  const requestLine = lines[0].split(" ");
  if (requestLine.length !== 3) return { status: 400, reason: "malformed request line" };
  const [method, target, version] = requestLine;
  if (!TOKEN.test(method)) return { status: 400, reason: "malformed method" };
  if (version !== "HTTP/1.1" && version !== "HTTP/1.0") {
    return { status: 505, reason: "only HTTP/1.1 and HTTP/1.0 are served" };
  }
  if (!target.startsWith("/")) return { status: 400, reason: "the target must be a path" };
  const headers = new Headers();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const colon = line.indexOf(":");
    if (colon <= 0) return { status: 400, reason: "malformed header line" };
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) return { status: 400, reason: "malformed header name (no folding)" };
    try {
      headers.append(name, line.slice(colon + 1).trim());
    } catch {
      return { status: 400, reason: `malformed header value of ${name}` };
    }
  }
  if (version === "HTTP/1.0" && !headers.has("connection")) headers.set("connection", "close");
  return { method, target, headers };
}

function isRefusal(value: RequestHead | Refusal): value is Refusal {
  return "status" in value;
}

/** How the body of a request is framed, or why it is refused. */
type Framing =
  | { readonly kind: "none" }
  | { readonly kind: "length"; readonly length: number }
  | { readonly kind: "chunked" }
  | Refusal & { readonly kind: "refused" };

function framing(headers: Headers, maxBody: number): Framing {
  const coding = headers.get("transfer-encoding");
  const length = headers.get("content-length");
  if (coding !== null) {
    if (length !== null) {
      return { kind: "refused", status: 400, reason: "Content-Length beside Transfer-Encoding" };
    }
    if (coding.toLowerCase() !== "chunked") {
      return { kind: "refused", status: 501, reason: "only the chunked transfer coding is served" };
    }
    return { kind: "chunked" };
  }
  if (length === null) return { kind: "none" };
  if (!/^\d{1,15}$/.test(length)) {
    return { kind: "refused", status: 400, reason: "malformed Content-Length" };
  }
  const declared = Number(length);
  if (declared > maxBody) {
    return { kind: "refused", status: 413, reason: `the body limit is ${maxBody} bytes` };
  }
  return declared === 0 ? { kind: "none" } : { kind: "length", length: declared };
}

/** Reads a chunked body into one array; a string is the refusal. */
async function readChunked(
  reader: ConnectionReader,
  maxBody: number,
): Promise<Uint8Array | Refusal> {
  const parts: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const end = await reader.lineWithin(1024);
    if (end === -1) return { status: 400, reason: "malformed chunk size line" };
    const sizeLine = latin1.decode(reader.take(end));
    reader.take(2);
    const sizeText = sizeLine.split(";")[0].trim();
    if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) {
      return { status: 400, reason: "malformed chunk size" };
    }
    const size = parseInt(sizeText, 16);
    if (size === 0) break;
    if (total + size > maxBody) {
      return { status: 413, reason: `the body limit is ${maxBody} bytes` };
    }
    await reader.need(size + 2);
    parts.push(reader.take(size).slice());
    const crlf = reader.take(2);
    if (crlf[0] !== CR || crlf[1] !== LF) return { status: 400, reason: "malformed chunk end" };
    total += size;
  }
  while (true) {
    const end = await reader.lineWithin(16384);
    if (end === -1) return { status: 431, reason: "trailers too large" };
    reader.take(end + 2);
    if (end === 0) break;
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return body;
}

function wantsClose(headers: Headers): boolean {
  return (headers.get("connection") ?? "").toLowerCase().split(",").some((token) =>
    token.trim() === "close"
  );
}

/** Serializes a response: status line, its headers, `Content-Length`, `Connection`. */
async function serialize(response: Response, close: boolean, head: boolean): Promise<Uint8Array> {
  const noBody = response.status === 204 || response.status === 304 || response.status < 200;
  const body = noBody ? new Uint8Array(0) : new Uint8Array(await response.arrayBuffer());
  let text = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Status"}\r\n`;
  for (const [name, value] of response.headers) {
    if (name === "content-length" || name === "connection" || name === "transfer-encoding") {
      continue;
    }
    text += `${name}: ${value}\r\n`;
  }
  if (!noBody) text += `content-length: ${body.length}\r\n`;
  text += close ? "connection: close\r\n\r\n" : "\r\n";
  const headBytes = encoder.encode(text);
  if (head || body.length === 0) return headBytes;
  const all = new Uint8Array(headBytes.length + body.length);
  all.set(headBytes);
  all.set(body, headBytes.length);
  return all;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await conn.write(bytes.subarray(written));
}

/**
 * The server: accepts connections and answers their requests in order until
 * {@linkcode Http1Server.shutdown}.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { Http1Server } from "./http1.ts";
 * const server = new Http1Server({
 *   hostname: "127.0.0.1",
 *   port: 0,
 *   inspect: (head) => head.method === "GET" ? new Response(null, { status: 405 }) : undefined,
 *   handle: () => new Response("ok"),
 * });
 * const response = await fetch(`http://127.0.0.1:${server.port}/`);
 * await response.body?.cancel();
 * strictEqual(response.status, 405);
 * await server.shutdown();
 * ```
 */
export class Http1Server {
  readonly #options: Http1Options;
  readonly #listener: Deno.Listener<Deno.TcpConn, Deno.NetAddr>;
  readonly #connections = new Map<Deno.Conn, { busy: boolean }>();
  readonly #finished: Promise<void>;
  #draining = false;
  #idle: (() => void) | undefined;

  /**
   * Binds and starts accepting.
   *
   * @param options the address, the two callbacks and the limits
   */
  constructor(options: Http1Options) {
    this.#options = options;
    this.#listener = Deno.listen({ hostname: options.hostname, port: options.port });
    this.#finished = this.#accept();
  }

  /** The bound port. */
  get port(): number {
    return this.#listener.addr.port;
  }

  /** Resolves when the listener is closed and every connection has ended. */
  get finished(): Promise<void> {
    return this.#finished;
  }

  /** Stops accepting, closes idle connections, lets busy ones finish; resolves when all ended. */
  async shutdown(): Promise<void> {
    if (!this.#draining) {
      this.#draining = true;
      try {
        this.#listener.close();
      } catch {
        // Already closed.
      }
      for (const [conn, state] of this.#connections) if (!state.busy) this.#close(conn);
    }
    await this.#finished;
  }

  async #accept(): Promise<void> {
    try {
      for await (const conn of this.#listener) {
        if (this.#draining) {
          this.#close(conn);
          continue;
        }
        const state = { busy: false };
        this.#connections.set(conn, state);
        this.#serve(conn, state).catch(() => {}).finally(() => {
          this.#connections.delete(conn);
          this.#close(conn);
          if (this.#connections.size === 0) this.#idle?.();
        });
      }
    } catch {
      // The listener was closed.
    }
    if (this.#connections.size > 0) {
      await new Promise<void>((resolve) => (this.#idle = resolve));
    }
  }

  #close(conn: Deno.Conn): void {
    try {
      conn.close();
    } catch {
      // Already closed.
    }
  }

  async #refuse(conn: Deno.Conn, status: number, reason: string): Promise<void> {
    const response = new Response(`${reason}\n`, {
      status,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
    await writeAll(conn, await serialize(response, true, false)).catch(() => {});
  }

  async #serve(conn: Deno.Conn, state: { busy: boolean }): Promise<void> {
    const options = this.#options;
    const maxBody = options.maxBodyBytes ?? 8_388_608;
    const maxHead = options.maxHeadBytes ?? 16_384;
    const reader = new ConnectionReader(conn);
    while (!this.#draining) {
      state.busy = false;
      reader.deadline(Date.now() + (options.idleTimeoutMs ?? 30_000));
      try {
        if (reader.available === 0) await reader.fill();
      } catch {
        return;
      }
      state.busy = true;
      reader.deadline(Date.now() + (options.headTimeoutMs ?? 10_000));
      let end = reader.headEnd();
      try {
        while (end === -1) {
          if (reader.available > maxHead) {
            return this.#refuse(conn, 431, "the request line and headers are too large");
          }
          await reader.fill();
          end = reader.headEnd();
        }
      } catch {
        if (reader.timedOut) {
          await this.#refuse(conn, 408, "the request head did not arrive in time");
        }
        return;
      }
      if (end > maxHead) {
        return this.#refuse(conn, 431, "the request line and headers are too large");
      }
      const parsed = parseHead(latin1.decode(reader.take(end)));
      reader.take(4);
      if (isRefusal(parsed)) return this.#refuse(conn, parsed.status, parsed.reason);
      const close = wantsClose(parsed.headers) || this.#draining;
      const refused = options.inspect(parsed);
      const body = framing(parsed.headers, maxBody);
      if (body.kind === "refused") return this.#refuse(conn, body.status, body.reason);
      if (refused !== undefined) {
        // Not read: the connection cannot be reused unless there was no body.
        const reusable = body.kind === "none" && !close;
        await writeAll(conn, await serialize(refused, !reusable, parsed.method === "HEAD"));
        if (!reusable) return;
        continue;
      }
      let bytes: Uint8Array = new Uint8Array(0);
      if (body.kind !== "none") {
        if ((parsed.headers.get("expect") ?? "").toLowerCase() === "100-continue") {
          await writeAll(conn, encoder.encode("HTTP/1.1 100 Continue\r\n\r\n")).catch(() => {});
        }
        reader.deadline(Date.now() + (options.bodyTimeoutMs ?? 30_000));
        try {
          if (body.kind === "length") {
            await reader.need(body.length);
            bytes = reader.take(body.length).slice();
          } else {
            const read = await readChunked(reader, maxBody);
            if (!(read instanceof Uint8Array)) return this.#refuse(conn, read.status, read.reason);
            bytes = read;
          }
        } catch {
          if (reader.timedOut) {
            await this.#refuse(conn, 408, "the request body did not arrive in time");
          }
          return;
        }
      }
      const host = options.hostname.includes(":") ? `[${options.hostname}]` : options.hostname;
      let request: Request;
      try {
        request = new Request(`http://${host}:${this.port}${parsed.target}`, {
          method: parsed.method,
          headers: parsed.headers,
        });
      } catch {
        return this.#refuse(conn, 400, "a request this server cannot represent");
      }
      let response: Response;
      try {
        response = await options.handle(request, bytes);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        console.error(`interjson: internal error answering ${parsed.method}: ${detail}`);
        response = new Response("internal error\n", { status: 500 });
      }
      const closing = close || this.#draining;
      try {
        await writeAll(conn, await serialize(response, closing, parsed.method === "HEAD"));
      } catch {
        return;
      }
      if (closing) return;
    }
  }
}
