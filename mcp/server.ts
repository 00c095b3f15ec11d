/**
 * The MCP server over stdio: the session state machine ({@linkcode Session})
 * and the loop that connects it to stdin and stdout ({@linkcode serve}).
 *
 * - One message per line in, one per line out; stdout carries JSON-RPC only.
 * - Requests are answered in the order they arrive. Reading does not wait for
 *   each reply to be written (so a client that writes many requests before
 *   reading cannot deadlock the pipe pair) unless more than
 *   {@linkcode WRITE_HIGH_WATER} bytes of replies are still queued, which
 *   keeps memory bounded.
 * - At end of input the server waits until every queued reply has been
 *   written to the OS, then returns exit code 0.
 *
 * @example
 * ```ts
 * import { Session } from "./server.ts";
 * const session = new Session();
 * console.log(session.handleLine('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
 * // {"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"server not initialized: ..."}}
 * ```
 *
 * @module
 */

import type { ProfileName } from "../mod.ts";

export type { ProfileName };
import { type Frame, MAX_LINE_BYTES, readFrames } from "../wire/framing.ts";
import { classify, failure, type RequestId, type Response, RPC, success } from "../wire/jsonrpc.ts";
import { initialize, type Revision, REVISIONS } from "./lifecycle.ts";
import { toolResult } from "./render.ts";
import { callTool, TOOLS, type ToolSettings } from "./tools.ts";

/** Bytes of unwritten replies above which the server stops reading until they drain. */
export const WRITE_HIGH_WATER = 32 * 1024 * 1024;

/**
 * One client session: the negotiated revision and the settings every call
 * uses. It never touches I/O; it turns lines into reply lines.
 *
 * @example
 * ```ts
 * import { Session } from "./server.ts";
 * const session = new Session({ policy: "execution" });
 * session.handleLine('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}');
 * console.log(session.revision); // "2025-06-18"
 * ```
 */
export class Session {
  readonly #settings: ToolSettings;
  #revision: Revision | null = null;

  /**
   * A new session, not yet initialized.
   *
   * @param settings the process-level settings (`--policy`)
   */
  constructor(settings: ToolSettings = {}) {
    this.#settings = settings;
  }

  /** The revision negotiated by `initialize`, or `null` before it. */
  get revision(): Revision | null {
    return this.#revision;
  }

  /**
   * Answers one frame from the line reader: the reply line (no LF), or `null`
   * when nothing is to be sent.
   *
   * @example
   * ```ts
   * import { Session } from "./server.ts";
   * console.log(new Session().handleFrame({ kind: "invalid_utf8" }));
   * // {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not valid UTF-8"}}
   * ```
   */
  handleFrame(frame: Frame): string | null {
    switch (frame.kind) {
      case "line":
        return this.handleLine(frame.text);
      case "too_long":
        return JSON.stringify(failure(
          null,
          RPC.PARSE_ERROR,
          `parse error: message exceeds MAX_LINE (${MAX_LINE_BYTES} bytes of UTF-8); ` +
            "the line was discarded through the next LF",
        ));
      case "invalid_utf8":
        return JSON.stringify(
          failure(null, RPC.PARSE_ERROR, "parse error: the line is not valid UTF-8"),
        );
    }
  }

  /**
   * Answers one line of text: the reply line (no LF), or `null`.
   *
   * @example
   * ```ts
   * import { Session } from "./server.ts";
   * console.log(new Session().handleLine('{"jsonrpc":"2.0","id":"a","method":"ping"}'));
   * // {"jsonrpc":"2.0","id":"a","result":{}}
   * ```
   */
  handleLine(text: string): string | null {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return JSON.stringify(failure(null, RPC.PARSE_ERROR, `parse error: ${detail}`));
    }
    const reply = Array.isArray(message) ? this.#batch(message) : this.handleMessage(message);
    if (reply === null) return null;
    try {
      return JSON.stringify(reply);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const id = Array.isArray(reply) ? null : reply.id;
      return JSON.stringify(failure(id, RPC.INTERNAL_ERROR, `internal error: ${detail}`));
    }
  }

  /**
   * Answers one parsed message (not a batch): a response, or `null` for a
   * notification or a response from the client.
   *
   * @example
   * ```ts
   * import { Session } from "./server.ts";
   * console.log(new Session().handleMessage({ jsonrpc: "2.0", method: "notifications/whatever" })); // null
   * ```
   */
  handleMessage(message: unknown, inBatch = false): Response | null {
    const inbound = classify(message);
    switch (inbound.kind) {
      case "response":
      case "notification":
        return null;
      case "invalid":
        return failure(inbound.id, RPC.INVALID_REQUEST, `invalid request: ${inbound.message}`);
      case "request":
        try {
          return this.#request(inbound.id, inbound.method, inbound.params, inBatch);
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          console.error(`interjson mcp: internal error answering ${inbound.method}: ${detail}`);
          return failure(inbound.id, RPC.INTERNAL_ERROR, `internal error: ${detail}`);
        }
    }
  }

  #batch(messages: unknown[]): Response | Response[] | null {
    if (this.#revision === null || !REVISIONS[this.#revision].batches) {
      const revision = this.#revision ?? "none negotiated yet";
      return failure(
        null,
        RPC.INVALID_REQUEST,
        `invalid request: JSON-RPC batches are accepted only in a session that negotiated ` +
          `2025-03-26 (this session: ${revision}); send one message per line`,
      );
    }
    if (messages.length === 0) {
      return failure(null, RPC.INVALID_REQUEST, "invalid request: an empty batch");
    }
    const replies: Response[] = [];
    for (const message of messages) {
      const reply = this.handleMessage(message, true);
      if (reply !== null) replies.push(reply);
    }
    return replies.length > 0 ? replies : null;
  }

  #request(id: RequestId, method: string, params: unknown, inBatch: boolean): Response {
    if (method === "initialize") {
      if (inBatch) {
        return failure(id, RPC.INVALID_REQUEST, "invalid request: initialize must not be batched");
      }
      const { revision, result } = initialize(params);
      this.#revision = revision;
      return success(id, result);
    }
    if (method === "ping") return success(id, {});
    if (this.#revision === null) {
      return failure(
        id,
        RPC.NOT_INITIALIZED,
        "server not initialized: send initialize first (only initialize and ping are answered " +
          "before it)",
      );
    }
    if (method === "tools/list") return success(id, { tools: TOOLS });
    if (method === "tools/call") {
      const call = callTool(params, this.#settings);
      if (call.kind === "protocol_error") return failure(id, call.code, call.message);
      return success(id, toolResult(call.outcome, this.#revision));
    }
    return failure(
      id,
      RPC.METHOD_NOT_FOUND,
      `unknown method \`${method}\`; this server implements initialize, ping, tools/list, ` +
        "tools/call",
    );
  }
}

/** Where replies go: anything with `Deno.stdout`'s `write`. */
export interface ByteSink {
  /** Writes some of `bytes`; resolves to how many were written. */
  write(bytes: Uint8Array): Promise<number>;
}

/**
 * Writes reply lines in order, in the background, and says how many bytes
 * are still queued.
 *
 * @example
 * ```ts
 * import { ReplyWriter } from "./server.ts";
 * const writer = new ReplyWriter({ write: (bytes) => Promise.resolve(bytes.length) });
 * writer.enqueue('{"jsonrpc":"2.0","id":1,"result":{}}');
 * await writer.drain();
 * console.log(writer.queued); // 0
 * ```
 */
export class ReplyWriter {
  readonly #sink: ByteSink;
  readonly #encoder = new TextEncoder();
  #tail: Promise<void> = Promise.resolve();
  #queued = 0;
  #failure: unknown = undefined;

  /**
   * A writer with nothing queued.
   *
   * @param sink where the bytes go
   */
  constructor(sink: ByteSink) {
    this.#sink = sink;
  }

  /** Bytes queued and not yet written. */
  get queued(): number {
    return this.#queued;
  }

  /** The error that stopped writing, if any. */
  get failure(): unknown {
    return this.#failure;
  }

  /** Queues one line (an LF is added). */
  enqueue(line: string): void {
    const bytes = this.#encoder.encode(line + "\n");
    this.#queued += bytes.length;
    this.#tail = this.#tail.then(async () => {
      if (this.#failure === undefined) {
        try {
          let written = 0;
          while (written < bytes.length) {
            written += await this.#sink.write(bytes.subarray(written));
          }
        } catch (error) {
          this.#failure = error;
        }
      }
      this.#queued -= bytes.length;
    });
  }

  /** Resolves when everything queued so far has been written (or writing failed). */
  drain(): Promise<void> {
    return this.#tail;
  }
}

/** How to run the server. */
export interface ServeOptions {
  /** The bytes coming in (the server reads `Deno.stdin` with {@linkcode readChunks}). */
  readonly input: AsyncIterable<Uint8Array>;
  /** Where replies go (the server uses `Deno.stdout`). */
  readonly output: ByteSink;
  /** The process-level `--policy`. */
  readonly policy?: ProfileName;
  /** The line cap, in bytes (default 8 MiB). */
  readonly maxLineBytes?: number;
}

/**
 * Runs a session until end of input and every reply is written. Resolves to
 * the exit code: 0 at end of input, 1 when stdout could not be written.
 *
 * @example
 * ```ts
 * import { serve } from "./server.ts";
 * const lines = ['{"jsonrpc":"2.0","id":1,"method":"ping"}\n'];
 * const input = ReadableStream.from(lines.map((line) => new TextEncoder().encode(line)));
 * let out = "";
 * const output = { write: (bytes: Uint8Array) => { out += new TextDecoder().decode(bytes); return Promise.resolve(bytes.length); } };
 * console.log(await serve({ input, output }), out); // 0 {"jsonrpc":"2.0","id":1,"result":{}}
 * ```
 */
export async function serve(options: ServeOptions): Promise<number> {
  const session = new Session({ policy: options.policy });
  const writer = new ReplyWriter(options.output);
  for await (const frame of readFrames(options.input, options.maxLineBytes ?? MAX_LINE_BYTES)) {
    const reply = session.handleFrame(frame);
    if (reply !== null) writer.enqueue(reply);
    if (writer.queued > WRITE_HIGH_WATER) await writer.drain();
    if (writer.failure !== undefined) break;
  }
  await writer.drain();
  if (writer.failure !== undefined) {
    const detail = writer.failure instanceof Error
      ? writer.failure.message
      : String(writer.failure);
    console.error(`interjson mcp: stdout closed before every reply was written: ${detail}`);
    return 1;
  }
  return 0;
}

/** The permissions the server gives up before it reads its first line. */
export const PERMISSION_NAMES = [
  "read",
  "write",
  "net",
  "env",
  "run",
  "ffi",
  "sys",
  "import",
] as const;

/**
 * Revokes every permission the process holds (a compiled binary, or
 * `deno run -A`): the server reads stdin and writes stdout and stderr, which
 * need none. Names this Deno does not know are skipped.
 *
 * @example
 * ```ts ignore
 * import { revokeAll } from "./server.ts";
 * revokeAll();
 * console.log(Deno.permissions.querySync({ name: "net" }).state); // "prompt" (not granted)
 * ```
 */
export function revokeAll(): void {
  for (const name of PERMISSION_NAMES) {
    try {
      Deno.permissions.revokeSync({ name } as Deno.PermissionDescriptor);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  }
}

/** Where requests come from: anything with `Deno.stdin`'s `read`. */
export interface ByteSource {
  /** Reads into `buffer`; resolves to how many bytes were read, or `null` at the end. */
  read(buffer: Uint8Array): Promise<number | null>;
}

/** The read size: the usual pipe buffer. */
const READ_SIZE = 65_536;

/**
 * The chunks of a byte source, read straight into one reused buffer. Each
 * chunk is valid until the next one is requested (the line reader copies
 * what it keeps). This is about twice as fast per round trip as
 * `Deno.stdin.readable`, whose stream layers cost more than a small request.
 *
 * @example
 * ```ts
 * import { readChunks } from "./server.ts";
 * const bytes = new TextEncoder().encode("[1]\n");
 * let done = false;
 * const source = { read: (buffer: Uint8Array) => {
 *   if (done) return Promise.resolve(null);
 *   done = true;
 *   buffer.set(bytes);
 *   return Promise.resolve(bytes.length);
 * } };
 * for await (const chunk of readChunks(source)) console.log(chunk.length); // 4
 * ```
 */
export async function* readChunks(source: ByteSource): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(READ_SIZE);
  while (true) {
    const count = await source.read(buffer);
    if (count === null) return;
    if (count > 0) yield buffer.subarray(0, count);
  }
}

/**
 * Runs the server on this process's stdin and stdout, with no permissions.
 *
 * @example
 * ```ts ignore
 * import { runStdioServer } from "./server.ts";
 * Deno.exit(await runStdioServer({ policy: "execution" }));
 * ```
 */
export function runStdioServer(settings: { policy?: ProfileName } = {}): Promise<number> {
  revokeAll();
  return serve({
    input: readChunks(Deno.stdin),
    output: Deno.stdout,
    policy: settings.policy,
  });
}
