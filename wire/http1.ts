/**
 * A small, strict HTTP/1.1 server over `Deno.listen`, so that every phase of
 * a connection has a deadline — which `Deno.serve` does not offer: a client
 * that sends its headers slowly, keeps an idle keep-alive connection open,
 * trickles a body or never reads its answers is cut off.
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
 *   within `bodyTimeoutMs` (30 s) or the answer is 408. Memory follows the
 *   bytes received, never the length declared: a body grows in one buffer
 *   (doubling, at most the cap). A chunked body's framing (chunk-size lines
 *   with their extensions, the CRLF after each chunk, trailers) may take at
 *   most 64 KiB plus as many bytes as the data so far, or the answer is 413:
 *   a flood of 1-byte chunks is cut early.
 * - **Write**: each answer must be taken by the client within
 *   `writeTimeoutMs` (10 s), or the connection is closed (a client that
 *   pipelines requests and never reads cannot hold it).
 * - **Connections**: at most `maxConnections` (512) at once; one more is
 *   answered 503 and closed.
 * - **Accepting**: an error from `accept()` for one connection (a client that
 *   reset before it was accepted) is ignored; running out of file descriptors
 *   backs off (10 ms doubling to 1 s) and retries. Only a listener that is
 *   really gone stops the server: {@linkcode Http1Server.finished} rejects.
 *
 * Parsing is `wire/http1_parse.ts`'s, as strict as llhttp: CRLF line ends
 * (a bare CR or LF is 400), only SP and HTAB as optional white space, no
 * folded headers, no `Content-Length` beside `Transfer-Encoding`, no transfer
 * coding but `chunked`, an origin-form target. Requests on one connection are
 * answered in order (`Expect: 100-continue` is honoured); every response has
 * a `Content-Length`. Shutdown closes the listener and idle connections at
 * once, lets requests in progress finish for at most `drainTimeoutMs` (5 s),
 * then closes the rest and resolves.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { Http1Server } from "./http1.ts";
 * const server = new Http1Server({
 *   hostname: "127.0.0.1",
 *   port: 0,
 *   inspect: () => undefined,
 *   handle: (_head, body) => new Response(`got ${body.length} bytes`),
 * });
 * const response = await fetch(`http://127.0.0.1:${server.port}/`, { method: "POST", body: "abc" });
 * strictEqual(await response.text(), "got 3 bytes");
 * await server.shutdown();
 * ```
 *
 * @module
 */

import {
  framing,
  isRefusal,
  parseChunkSize,
  parseFieldLine,
  parseHead,
  type Refusal,
  type RequestHead,
} from "./http1_parse.ts";

export type { HeaderField, RequestHead } from "./http1_parse.ts";

/** How to run an {@linkcode Http1Server}. */
export interface Http1Options {
  /** The address to bind. */
  readonly hostname: string;
  /** The port (0 picks a free one). */
  readonly port: number;
  /** A listener already bound, served instead of binding `hostname:port`. */
  readonly listener?: Deno.Listener<Deno.TcpConn, Deno.NetAddr>;
  /**
   * Looks at a request before its body is read: a response to send instead
   * (a refused request), or `undefined` to read the body and call `handle`.
   */
  readonly inspect: (head: RequestHead) => Response | undefined;
  /**
   * Answers a request whose body (bytes, not decoded) was read whole. No
   * `Request` is built: constructing one costs more than parsing the head.
   */
  readonly handle: (head: RequestHead, body: Uint8Array) => Response | Promise<Response>;
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
  /** How long the client may take to read one answer (default 10 s). */
  readonly writeTimeoutMs?: number;
  /** How long shutdown lets requests in progress finish (default 5 s). */
  readonly drainTimeoutMs?: number;
  /** The most connections served at once (default {@linkcode MAX_CONNECTIONS}). */
  readonly maxConnections?: number;
}

/** The default cap on connections served at once. */
export const MAX_CONNECTIONS = 512;

/** Chunk framing allowed beyond the data bytes of a chunked body. */
const CHUNK_FRAMING_ALLOWANCE = 65_536;
/** The longest chunk-size line (with its extensions). */
const MAX_CHUNK_LINE = 4096;
/** The most connections being turned away (503) at once; past it they are closed at once. */
const MAX_TURNING_AWAY = 64;
/** How long a connection past the cap has to take its 503. */
const TURN_AWAY_MS = 1000;
/** The read buffer of an idle connection. */
const IDLE_BUFFER = 4096;
/** The read buffer while a body arrives. */
const BODY_BUFFER = 65_536;

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
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  505: "HTTP Version Not Supported",
};

/** What an error from `accept()` means for the listener. */
export type AcceptFailure = "connection" | "exhausted" | "closed";

const EXHAUSTED = new Set(["EMFILE", "ENFILE", "ENOBUFS", "ENOMEM"]);
/** What `accept()` says of a socket that is no longer listening (e.g. destroyed by `ss -K`). */
const GONE = new Set(["EINVAL", "EBADF", "ENOTSOCK", "EOPNOTSUPP"]);

/**
 * What an error from `accept()` means: `closed` when the listener itself is
 * gone (closed, or its socket no longer listening: `EINVAL`), `exhausted` when the process or system ran out of descriptors or
 * memory (back off, retry), `connection` for anything about the one
 * connection (a reset before it was accepted: ignore it).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { acceptFailure } from "./http1.ts";
 * const emfile = Object.assign(new Error("Too many open files (os error 24)"), { code: "EMFILE" });
 * const reset = new Deno.errors.NotConnected("Transport endpoint is not connected");
 * const gone = new Deno.errors.BadResource("Listener has been closed");
 * const destroyed = Object.assign(new TypeError("Invalid argument (os error 22)"), { code: "EINVAL" });
 * deepStrictEqual([emfile, reset, gone, destroyed].map(acceptFailure), [
 *   "exhausted",
 *   "connection",
 *   "closed",
 *   "closed",
 * ]);
 * ```
 */
export function acceptFailure(error: unknown): AcceptFailure {
  if (error instanceof Deno.errors.BadResource || error instanceof Deno.errors.Interrupted) {
    return "closed";
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return "connection";
  return GONE.has(code) ? "closed" : EXHAUSTED.has(code) ? "exhausted" : "connection";
}

/** Why a connection stops reading: the peer closed, a deadline passed, or the server closed it. */
class Closed extends Error {}

/**
 * A connection's bytes, read on demand into one buffer that is compacted or
 * grown only when full (never copied per read), each wait bounded by the
 * deadline in force.
 */
class ConnectionReader {
  readonly #conn: Deno.Conn;
  #buffer = new Uint8Array(IDLE_BUFFER);
  #start = 0;
  #end = 0;
  #deadline = Infinity;
  #timedOut = false;
  #expire: ((value: "expired") => void) | undefined;
  #expiry: Promise<"expired"> | undefined;

  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /** Bytes read and not consumed yet. */
  get available(): number {
    return this.#end - this.#start;
  }

  /** Whether the last failure was a deadline. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** Sets the deadline (a `Date.now()` value) for the reads to come. */
  deadline(at: number): void {
    this.#deadline = at;
    this.#expiry = this.#expire = undefined;
  }

  /** Ends a wait that has run past the deadline; the server's sweep calls it. */
  sweep(now: number): void {
    if (now >= this.#deadline) this.#expire?.("expired");
  }

  /** The promise a wait races: settled by {@linkcode sweep}, one per deadline (no timer per read). */
  #expired(): Promise<"expired"> {
    this.#expiry ??= new Promise((resolve) => (this.#expire = resolve));
    return this.#expiry;
  }

  /** Makes room for at least `free` more bytes after the unconsumed ones. */
  reserve(free: number): void {
    const kept = this.available;
    if (this.#buffer.length - this.#end >= free) return;
    if (this.#buffer.length - kept >= free && kept <= this.#buffer.length / 2) {
      this.#buffer.copyWithin(0, this.#start, this.#end);
    } else {
      const grown = new Uint8Array(Math.max(this.#buffer.length * 2, kept + free));
      grown.set(this.#buffer.subarray(this.#start, this.#end));
      this.#buffer = grown;
    }
    this.#start = 0;
    this.#end = kept;
  }

  /** Gives back a grown buffer once what is left fits the idle size. */
  relax(): void {
    if (this.#buffer.length <= IDLE_BUFFER || this.available > IDLE_BUFFER / 2) return;
    const small = new Uint8Array(IDLE_BUFFER);
    small.set(this.#buffer.subarray(this.#start, this.#end));
    this.#end = this.available;
    this.#start = 0;
    this.#buffer = small;
  }

  /** Reads more bytes; throws {@linkcode Closed} at end of input or the deadline. */
  async fill(): Promise<void> {
    if (this.#end === this.#buffer.length) this.reserve(IDLE_BUFFER);
    this.#end += await this.readInto(this.#buffer.subarray(this.#end));
  }

  /**
   * Reads straight into `target` (when nothing is buffered: a body's own
   * buffer, with no copy in between); the count. Throws {@linkcode Closed}
   * at end of input or the deadline.
   */
  async readInto(target: Uint8Array): Promise<number> {
    const remaining = this.#deadline - Date.now();
    if (remaining <= 0) {
      this.#timedOut = true;
      throw new Closed("deadline");
    }
    const read = this.#conn.read(target).catch(() => null);
    const count = remaining === Infinity ? await read : await Promise.race([read, this.#expired()]);
    if (count === "expired") {
      this.#timedOut = true;
      throw new Closed("deadline");
    }
    if (count === null) throw new Closed("end of input");
    return count;
  }

  /**
   * Consumes leading CRLFs (empty lines before a request line, which RFC 9112
   * lets a server skip); whether there were any.
   */
  skipEmptyLines(): boolean {
    const before = this.#start;
    while (
      this.available >= 2 && this.#buffer[this.#start] === CR &&
      this.#buffer[this.#start + 1] === LF
    ) this.#start += 2;
    return this.#start !== before;
  }

  /**
   * Scans the unconsumed bytes from offset `from` for the end of a head: its
   * length (the bytes before CRLF CRLF), `-1` when it has not arrived yet, or
   * `-2` at a bare CR or LF.
   */
  headEnd(from: number): number {
    const buffer = this.#buffer;
    const start = this.#start;
    for (let i = start + from; i < this.#end; i++) {
      if (buffer[i] === LF) {
        if (i === start || buffer[i - 1] !== CR) return -2;
        if (i - start >= 3 && buffer[i - 2] === LF) return i - 3 - start;
      } else if (i > start && buffer[i - 1] === CR) {
        return -2;
      }
    }
    return -1;
  }

  /** The index (from the unconsumed start) of the first CRLF, or -1. */
  lineEnd(): number {
    const buffer = this.#buffer;
    for (let i = this.#start; i + 1 < this.#end; i++) {
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
    if (this.#start === this.#end) this.#start = this.#end = 0;
    return taken;
  }

  /** Waits until `count` bytes are available. */
  async need(count: number): Promise<void> {
    while (this.available < count) await this.fill();
  }
}

/** A body as it arrives: one buffer, doubled when full, never past its cap. */
class BodyBuffer {
  #bytes = new Uint8Array(0);
  #length = 0;
  readonly #cap: number;

  constructor(cap: number) {
    this.#cap = cap;
  }

  get length(): number {
    return this.#length;
  }

  /** Grows (doubling, at most the cap) to hold `needed` bytes in all. */
  #grow(needed: number): void {
    if (needed <= this.#bytes.length) return;
    const grown = new Uint8Array(
      Math.min(this.#cap, Math.max(needed, this.#bytes.length * 2, 4096)),
    );
    grown.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = grown;
  }

  /** Appends `part` (the caller checked the cap). */
  append(part: Uint8Array): void {
    this.#grow(this.#length + part.length);
    this.#bytes.set(part, this.#length);
    this.#length += part.length;
  }

  /**
   * Free space after the bytes so far, at least `BODY_BUFFER` (or what the
   * cap leaves) once grown; fill it, then {@linkcode commit} what was read.
   */
  room(): Uint8Array {
    if (this.#bytes.length - this.#length < BODY_BUFFER) {
      this.#grow(Math.min(this.#cap, this.#length + BODY_BUFFER));
    }
    return this.#bytes.subarray(this.#length);
  }

  /** Counts `count` bytes written into {@linkcode room}. */
  commit(count: number): void {
    this.#length += count;
  }

  /** The bytes so far. */
  get bytes(): Uint8Array {
    return this.#bytes.subarray(0, this.#length);
  }
}

/** Reads a body of a declared length, taking what arrives as it arrives. */
async function readLength(reader: ConnectionReader, length: number): Promise<Uint8Array> {
  const body = new BodyBuffer(length);
  if (reader.available > 0) body.append(reader.take(Math.min(reader.available, length)));
  // The rest is read straight into the body's buffer (its cap is the length: never past it).
  while (body.length < length) body.commit(await reader.readInto(body.room()));
  return body.bytes;
}

/** Reads a chunked body into one buffer; the refusal when it breaks the grammar or a cap. */
async function readChunked(
  reader: ConnectionReader,
  maxBody: number,
): Promise<Uint8Array | Refusal> {
  const body = new BodyBuffer(maxBody);
  let framingBytes = 0;
  const overFraming = (): Refusal | undefined =>
    framingBytes > CHUNK_FRAMING_ALLOWANCE + body.length
      ? {
        status: 413,
        reason: `the chunk framing is over ${CHUNK_FRAMING_ALLOWANCE} bytes plus the data's length`,
      }
      : undefined;
  while (true) {
    const end = await reader.lineWithin(MAX_CHUNK_LINE);
    if (end === -1) return { status: 400, reason: "malformed chunk size line" };
    const size = parseChunkSize(latin1.decode(reader.take(end)), maxBody);
    reader.take(2);
    if (typeof size !== "number") return size;
    framingBytes += end + 2;
    const tooMuch = overFraming();
    if (tooMuch !== undefined) return tooMuch;
    if (size === 0) break;
    if (body.length + size > maxBody) {
      return { status: 413, reason: `the body limit is ${maxBody} bytes` };
    }
    let remaining = size;
    while (remaining > 0) {
      if (reader.available === 0) {
        reader.reserve(Math.min(BODY_BUFFER, remaining + 2));
        await reader.fill();
      }
      const part = reader.take(Math.min(reader.available, remaining));
      body.append(part);
      remaining -= part.length;
    }
    await reader.need(2);
    const crlf = reader.take(2);
    if (crlf[0] !== CR || crlf[1] !== LF) return { status: 400, reason: "malformed chunk end" };
    framingBytes += 2;
  }
  while (true) {
    const end = await reader.lineWithin(MAX_CHUNK_LINE);
    if (end === -1) return { status: 431, reason: "a trailer line is too long" };
    const line = latin1.decode(reader.take(end));
    reader.take(2);
    framingBytes += end + 2;
    const tooMuch = overFraming();
    if (tooMuch !== undefined) return tooMuch;
    if (end === 0) break;
    const field = parseFieldLine(line);
    if (isRefusal(field)) return field;
  }
  return body.bytes;
}

function wantsClose(connection: string | null): boolean {
  return connection !== null &&
    connection.toLowerCase().split(",").some((token) => token.trim() === "close");
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

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

function plain(status: number, reason: string): Response {
  return new Response(`${reason}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One connection being served: whether a request is in progress. */
interface ConnectionState {
  busy: boolean;
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
  readonly #connections = new Map<Deno.Conn, ConnectionState>();
  readonly #finished: Promise<void>;
  readonly #writeTimeout: number;
  #turningAway = 0;
  /** Every reader waiting under a deadline, for the sweep. */
  readonly #readers = new Set<ConnectionReader>();
  /** The connections being written to, with the time their write must end by. */
  readonly #writing = new Map<Deno.Conn, number>();
  /** Each connection's last write, which the next one waits for (answers go out in order). */
  readonly #answering = new Map<Deno.Conn, Promise<void>>();
  readonly #sweeper: ReturnType<typeof setInterval>;
  #draining = false;
  #drainTimer: ReturnType<typeof setTimeout> | undefined;
  #idle: (() => void) | undefined;

  /**
   * Binds (unless given a listener) and starts accepting.
   *
   * @param options the address, the two callbacks and the limits
   */
  constructor(options: Http1Options) {
    this.#options = options;
    this.#writeTimeout = options.writeTimeoutMs ?? 10_000;
    this.#listener = options.listener ??
      Deno.listen({ hostname: options.hostname, port: options.port });
    const shortest = Math.min(
      options.idleTimeoutMs ?? 30_000,
      options.headTimeoutMs ?? 10_000,
      options.bodyTimeoutMs ?? 30_000,
      this.#writeTimeout,
      TURN_AWAY_MS,
    );
    // One timer for every deadline of every connection, not one per read or write.
    this.#sweeper = setInterval(() => this.#sweep(), Math.max(10, Math.floor(shortest / 4)));
    this.#finished = this.#accept();
  }

  /** The bound port. */
  get port(): number {
    return this.#listener.addr.port;
  }

  /** How many connections are being served. */
  get connections(): number {
    return this.#connections.size;
  }

  /**
   * Resolves when the server has stopped and every connection has ended;
   * rejects, once they have, when the listener failed on its own.
   */
  get finished(): Promise<void> {
    return this.#finished;
  }

  /**
   * Stops accepting, closes idle connections, lets busy ones finish for at
   * most `drainTimeoutMs`, then closes the rest; resolves when all ended.
   */
  async shutdown(): Promise<void> {
    this.#drain();
    await this.#finished;
  }

  #drain(): void {
    if (this.#draining) return;
    this.#draining = true;
    try {
      this.#listener.close();
    } catch {
      // Already closed.
    }
    for (const [conn, state] of this.#connections) {
      // An idle connection may still be writing its last answer: it closes once that is out.
      if (!state.busy) this.#written(conn).finally(() => closeQuietly(conn));
    }
    this.#drainTimer = setTimeout(() => {
      for (const conn of [...this.#connections.keys()]) this.#forget(conn);
    }, this.#options.drainTimeoutMs ?? 5_000);
  }

  /** Ends the reads and writes that have run past their deadline. */
  #sweep(): void {
    const now = Date.now();
    for (const reader of this.#readers) reader.sweep(now);
    for (const [conn, until] of this.#writing) {
      if (now >= until) {
        this.#writing.delete(conn);
        closeQuietly(conn);
      }
    }
  }

  /**
   * Writes all of `bytes` after the connection's previous write; past
   * `timeoutMs` the sweep closes the connection and the write fails.
   */
  #write(conn: Deno.Conn, bytes: Uint8Array, timeoutMs: number): Promise<void> {
    const previous = this.#answering.get(conn);
    const write = (async () => {
      await previous;
      this.#writing.set(conn, Date.now() + timeoutMs);
      try {
        let written = 0;
        while (written < bytes.length) written += await conn.write(bytes.subarray(written));
      } finally {
        this.#writing.delete(conn);
      }
    })();
    this.#answering.set(conn, write);
    return write;
  }

  /** Waits for a connection's last write (ignoring its failure) and forgets it. */
  async #written(conn: Deno.Conn): Promise<void> {
    await this.#answering.get(conn)?.catch(() => {});
    this.#answering.delete(conn);
  }

  /** Closes a connection and stops counting it. */
  #forget(conn: Deno.Conn): void {
    closeQuietly(conn);
    if (this.#connections.delete(conn) && this.#connections.size === 0) this.#idle?.();
  }

  async #accept(): Promise<void> {
    let failure: unknown;
    let backoff = 0;
    while (!this.#draining) {
      let conn: Deno.TcpConn;
      try {
        conn = await this.#listener.accept();
        backoff = 0;
      } catch (error) {
        if (this.#draining) break;
        const kind = acceptFailure(error);
        if (kind === "closed") {
          failure = error;
          break;
        }
        // Out of descriptors: back off. A per-connection error used up its connection: go on.
        if (kind === "exhausted") {
          backoff = Math.min(Math.max(backoff * 2, 10), 1000);
          await sleep(backoff);
        }
        continue;
      }
      if (this.#draining) {
        closeQuietly(conn);
        break;
      }
      if (this.#connections.size >= (this.#options.maxConnections ?? MAX_CONNECTIONS)) {
        this.#turnAway(conn);
        continue;
      }
      try {
        // Answers are written whole; waiting to coalesce them only adds latency.
        conn.setNoDelay(true);
      } catch {
        // Already reset by the client: the first read ends it.
      }
      const state = { busy: false };
      this.#connections.set(conn, state);
      const reader = new ConnectionReader(conn);
      this.#readers.add(reader);
      this.#serve(conn, state, reader).catch(() => {}).finally(async () => {
        this.#readers.delete(reader);
        await this.#written(conn);
        this.#forget(conn);
      });
    }
    if (failure !== undefined) this.#drain();
    if (this.#connections.size > 0) {
      await new Promise<void>((resolve) => (this.#idle = resolve));
    }
    clearTimeout(this.#drainTimer);
    clearInterval(this.#sweeper);
    if (failure !== undefined) {
      const detail = failure instanceof Error ? failure.message : String(failure);
      throw new Error(`the listener stopped: ${detail}`, { cause: failure });
    }
  }

  /** Past the connection cap: 503, then close (at once when too many are being turned away). */
  #turnAway(conn: Deno.Conn): void {
    if (this.#turningAway >= MAX_TURNING_AWAY) return closeQuietly(conn);
    this.#turningAway++;
    (async () => {
      const busy = plain(503, "too many connections: try again later");
      await this.#write(conn, await serialize(busy, true, false), TURN_AWAY_MS);
      // Read (and drop) what the client sent, so that closing does not reset the answer away.
      await conn.closeWrite();
      const reader = new ConnectionReader(conn);
      reader.deadline(Date.now() + TURN_AWAY_MS);
      this.#readers.add(reader);
      try {
        for (let dropped = 0; dropped < 65_536; dropped += reader.take(reader.available).length) {
          await reader.fill();
        }
      } finally {
        this.#readers.delete(reader);
      }
    })().catch(() => {}).finally(() => {
      this.#turningAway--;
      this.#answering.delete(conn);
      closeQuietly(conn);
    });
  }

  async #refuse(conn: Deno.Conn, status: number, reason: string): Promise<void> {
    const response = plain(status, reason);
    await this.#write(conn, await serialize(response, true, false), this.#writeTimeout).catch(
      () => {},
    );
  }

  async #serve(conn: Deno.Conn, state: ConnectionState, reader: ConnectionReader): Promise<void> {
    const options = this.#options;
    const maxBody = options.maxBodyBytes ?? 8_388_608;
    const maxHead = options.maxHeadBytes ?? 16_384;
    while (!this.#draining) {
      state.busy = false;
      reader.relax();
      reader.deadline(Date.now() + (options.idleTimeoutMs ?? 30_000));
      try {
        if (reader.available === 0) await reader.fill();
      } catch {
        return;
      }
      state.busy = true;
      reader.deadline(Date.now() + (options.headTimeoutMs ?? 10_000));
      let end = -1;
      let scanned = 0;
      try {
        while (true) {
          if (reader.skipEmptyLines()) scanned = 0;
          end = reader.headEnd(scanned);
          if (end !== -1 || reader.available > maxHead) break;
          scanned = reader.available;
          await reader.fill();
        }
      } catch {
        if (reader.timedOut) {
          await this.#refuse(conn, 408, "the request head did not arrive in time");
        }
        return;
      }
      if (end === -2) return this.#refuse(conn, 400, "a bare CR or LF in the request head");
      if (end === -1 || end > maxHead) {
        return this.#refuse(conn, 431, "the request line and headers are too large");
      }
      const parsed = parseHead(latin1.decode(reader.take(end)));
      reader.take(4);
      if (isRefusal(parsed)) return this.#refuse(conn, parsed.status, parsed.reason);
      const close = wantsClose(parsed.get("connection")) || this.#draining;
      const body = framing(parsed, maxBody);
      if (isRefusal(body)) return this.#refuse(conn, body.status, body.reason);
      const refused = options.inspect(parsed);
      if (refused !== undefined) {
        // Not read: the connection cannot be reused unless there was no body.
        const reusable = body.kind === "none" && !close;
        await this.#write(
          conn,
          await serialize(refused, !reusable, parsed.method === "HEAD"),
          this.#writeTimeout,
        );
        if (!reusable) return;
        continue;
      }
      let bytes: Uint8Array = new Uint8Array(0);
      if (body.kind !== "none") {
        if (
          parsed.version === "HTTP/1.1" &&
          (parsed.get("expect") ?? "").toLowerCase() === "100-continue"
        ) {
          await this.#write(
            conn,
            encoder.encode("HTTP/1.1 100 Continue\r\n\r\n"),
            this.#writeTimeout,
          );
        }
        reader.deadline(Date.now() + (options.bodyTimeoutMs ?? 30_000));
        try {
          const read = body.kind === "length"
            ? await readLength(reader, body.length)
            : await readChunked(reader, maxBody);
          if (!(read instanceof Uint8Array)) return this.#refuse(conn, read.status, read.reason);
          bytes = read;
        } catch {
          if (reader.timedOut) {
            await this.#refuse(conn, 408, "the request body did not arrive in time");
          }
          return;
        }
      }
      let response: Response;
      try {
        response = await options.handle(parsed, bytes);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        console.error(`interjson: internal error answering ${parsed.method}: ${detail}`);
        response = plain(500, "internal error");
      }
      const closing = close || this.#draining;
      // At most one answer in flight: the one before must be out before this one starts.
      await this.#answering.get(conn);
      const answered = this.#write(
        conn,
        await serialize(response, closing, parsed.method === "HEAD"),
        this.#writeTimeout,
      );
      if (closing) return answered;
      // Read the next request while this answer goes out; a failed write ends the connection.
      answered.catch(() => closeQuietly(conn));
    }
  }
}
