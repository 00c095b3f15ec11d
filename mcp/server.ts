/**
 * The MCP server: the session state machine ({@linkcode Session}), and the
 * loop that connects it to stdin and stdout ({@linkcode serve}).
 *
 * - One message per line in, one per line out; stdout carries JSON-RPC only.
 * - Both eras on one stream, chosen by how the client opens: `initialize`
 *   starts a legacy session (2024-11-05 … 2025-11-25); a request whose
 *   `_meta` names `2026-07-28` is served statelessly whenever it comes, and
 *   `server/discover` is answered before, after and without `initialize`.
 * - Requests are answered in the order they arrive. Reading does not wait for
 *   each reply to be written (so a client that writes many requests before
 *   reading cannot deadlock the pipe pair) unless more than
 *   `WRITE_HIGH_WATER` (`wire/stdio.ts`, 32 MiB) of replies are still queued, which
 *   keeps memory bounded.
 * - At end of input the server waits until every queued reply has been
 *   written to the OS, then returns exit code 0.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { Session } from "./server.ts";
 * const session = new Session();
 * const reply = JSON.parse(session.handleLine('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')!);
 * strictEqual(reply.error.code, -32002);
 * ```
 *
 * @module
 */

import { parseJson, type ProfileName } from "../mod.ts";

export type { ProfileName };
import { type Frame, MAX_LINE_BYTES, readFrames } from "../wire/framing.ts";
import {
  classify,
  encodeResponse,
  failure,
  isObject,
  type RequestId,
  type Response,
  RPC,
  success,
} from "../wire/jsonrpc.ts";
import { isIntegerLiteral, rawIdsOfBatch, RawInteger, rawMemberText } from "../wire/request_id.ts";
import {
  type ByteSink,
  LineWriter,
  readChunks,
  revokeAll,
  WRITE_HIGH_WATER,
} from "../wire/stdio.ts";
import {
  discover,
  initialize,
  LIST_TTL_MS,
  MODERN_REVISION,
  modernResult,
  requestedVersion,
  type Revision,
  REVISIONS,
  SUPPORTED_VERSIONS,
} from "./lifecycle.ts";
import { toolResult } from "./render.ts";
import { callTool, TOOLS, type ToolSettings } from "./tools.ts";
import { whyNotJson } from "../engine/not_json.ts";

/** What the server answers to a method it does not implement, by era. */
const LEGACY_METHODS = "initialize, ping, server/discover, tools/list, tools/call";
const MODERN_METHODS = "server/discover, tools/list, tools/call";

/**
 * Replaces a number id parsed from `text` by the id's own text, so that it is
 * echoed byte for byte; a number written with a fraction or an exponent
 * (`1.0` parses to the integer 1) becomes `NaN`, which the classifier refuses
 * with `-32600` like any id that is not a string or an integer.
 */
function keepRawId(message: Record<string, unknown>, raw: string | undefined): void {
  if (typeof message.id === "number" && raw !== undefined && isIntegerLiteral(raw)) {
    message.id = new RawInteger(raw);
  } else if (typeof message.id === "number" && raw !== undefined) {
    message.id = Number.NaN;
  }
}

/**
 * One client connection's state: the revision a legacy client negotiated,
 * and the settings every call uses. It never touches I/O; it turns lines
 * into reply lines.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { Session } from "./server.ts";
 * const session = new Session({ policy: "execution" });
 * session.handleLine('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}');
 * strictEqual(session.revision, "2025-06-18");
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
   * when nothing is to be sent. A line over the cap, or one that is not valid
   * UTF-8, is answered with the top-level id the line reader found in its
   * bytes, when there is one (an integer as written), and without an id
   * otherwise.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Session } from "./server.ts";
   * strictEqual(
   *   new Session().handleFrame({ kind: "invalid_utf8" }),
   *   '{"jsonrpc":"2.0","error":{"code":-32700,"message":"parse error: the line is not valid UTF-8"}}',
   * );
   * strictEqual(
   *   new Session().handleFrame({ kind: "invalid_utf8", id: "r-1" }),
   *   '{"jsonrpc":"2.0","id":"r-1","error":{"code":-32700,"message":"parse error: the line is not valid UTF-8"}}',
   * );
   * ```
   */
  handleFrame(frame: Frame): string | null {
    switch (frame.kind) {
      case "line":
        return this.handleLine(frame.text);
      case "too_long":
        return encodeResponse(failure(
          frame.id,
          RPC.PARSE_ERROR,
          `parse error: message exceeds MAX_LINE (${MAX_LINE_BYTES} bytes of UTF-8); ` +
            "the line was discarded through the next LF",
        ));
      case "invalid_utf8":
        return encodeResponse(
          failure(frame.id, RPC.PARSE_ERROR, "parse error: the line is not valid UTF-8"),
        );
    }
  }

  /**
   * Answers one line of text: the reply line (no LF), or `null`. Integer ids
   * are echoed exactly as written on the line.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Session } from "./server.ts";
   * strictEqual(
   *   new Session().handleLine('{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}'),
   *   '{"jsonrpc":"2.0","id":9007199254740993,"result":{}}',
   * );
   * ```
   */
  handleLine(text: string): string | null {
    let message: unknown;
    try {
      message = parseJson(text);
    } catch (error) {
      const detail = whyNotJson(text, error instanceof Error ? error.message : String(error));
      return encodeResponse(
        failure(undefined, RPC.PARSE_ERROR, `parse error: the line is not JSON: ${detail}`),
      );
    }
    return encodeReply(this.reply(text, message));
  }

  /**
   * Answers a message already parsed from `text` (the line, or an HTTP
   * body): the response, the responses of a batch, or `null`. `text` is read
   * again only for the raw text of integer ids.
   *
   * @example
   * ```ts
   * import { deepStrictEqual } from "node:assert/strict";
   * import { Session } from "./server.ts";
   * const text = '{"jsonrpc":"2.0","id":"a","method":"ping"}';
   * deepStrictEqual(new Session().reply(text, JSON.parse(text)), { jsonrpc: "2.0", id: "a", result: {} });
   * ```
   */
  reply(text: string, message: unknown): Response | Response[] | null {
    if (isObject(message) && typeof message.id === "number") {
      keepRawId(message, rawMemberText(text, 0));
    } else if (Array.isArray(message) && message.some((m) => typeof m?.id === "number")) {
      const raws = rawIdsOfBatch(text);
      message.forEach((member, index) => {
        if (isObject(member)) keepRawId(member, raws[index]);
      });
    }
    return Array.isArray(message) ? this.#batch(message) : this.handleMessage(message);
  }

  /**
   * Answers one parsed message (not a batch): a response, or `null` for a
   * notification or a response from the client.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Session } from "./server.ts";
   * strictEqual(new Session().handleMessage({ jsonrpc: "2.0", method: "notifications/whatever" }), null);
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
        undefined,
        RPC.INVALID_REQUEST,
        `invalid request: JSON-RPC batches are accepted only in a session that negotiated ` +
          `2025-03-26 (this session: ${revision}); send one message per line`,
      );
    }
    if (messages.length === 0) {
      return failure(undefined, RPC.INVALID_REQUEST, "invalid request: an empty batch");
    }
    const replies: Response[] = [];
    for (const message of messages) {
      const reply = this.handleMessage(message, true);
      if (reply !== null) replies.push(reply);
    }
    return replies.length > 0 ? replies : null;
  }

  #request(id: RequestId, method: string, params: unknown, inBatch: boolean): Response {
    if (method === "initialize") return this.#initialize(id, params, inBatch);
    const version = requestedVersion(params);
    if (version === MODERN_REVISION) return this.#modern(id, method, params);
    if (version !== undefined && this.#revision === null) {
      return failure(
        id,
        RPC.UNSUPPORTED_PROTOCOL_VERSION,
        `unsupported protocol version \`${version}\` in _meta: requests without initialize ` +
          `must name ${MODERN_REVISION}; this server supports ${SUPPORTED_VERSIONS.join(", ")}`,
        { supported: SUPPORTED_VERSIONS, requested: version },
      );
    }
    if (method === "server/discover") return success(id, discover());
    if (method === "ping") return success(id, {});
    if (this.#revision === null) {
      return failure(
        id,
        RPC.NOT_INITIALIZED,
        "server not initialized: send initialize first (only initialize, ping and " +
          `server/discover are answered before it), or name ${MODERN_REVISION} in each ` +
          "request's _meta",
      );
    }
    if (method === "tools/list") {
      return hasCursor(params) ? invalidCursor(id) : success(id, { tools: TOOLS });
    }
    if (method === "tools/call") {
      const call = callTool(params, this.#settings);
      if (call.kind === "protocol_error") return failure(id, call.code, call.message);
      return success(id, toolResult(call.outcome, this.#revision));
    }
    return failure(
      id,
      RPC.METHOD_NOT_FOUND,
      `unknown method \`${method}\`; this server implements ${LEGACY_METHODS}`,
    );
  }

  #initialize(id: RequestId, params: unknown, inBatch: boolean): Response {
    if (inBatch) {
      return failure(id, RPC.INVALID_REQUEST, "invalid request: initialize must not be batched");
    }
    if (this.#revision !== null) {
      return failure(
        id,
        RPC.INVALID_REQUEST,
        `invalid request: this session is already initialized (${this.#revision}); ` +
          "a second initialize is refused, start a new connection to renegotiate",
      );
    }
    const { revision, result } = initialize(params);
    this.#revision = revision;
    return success(id, result);
  }

  /** A stateless `2026-07-28` request: no handshake, no ping, no logging. */
  #modern(id: RequestId, method: string, params: unknown): Response {
    if (method === "server/discover") return success(id, discover());
    if (method === "tools/list") {
      if (hasCursor(params)) return invalidCursor(id);
      return success(
        id,
        modernResult({ tools: TOOLS, ttlMs: LIST_TTL_MS, cacheScope: "public" }),
      );
    }
    if (method === "tools/call") {
      const call = callTool(params, this.#settings);
      if (call.kind === "protocol_error") return failure(id, call.code, call.message);
      return success(id, modernResult(toolResult(call.outcome, MODERN_REVISION)));
    }
    return failure(
      id,
      RPC.METHOD_NOT_FOUND,
      `unknown method \`${method}\` in ${MODERN_REVISION}; this server implements ` +
        `${MODERN_METHODS} (ping and logging/setLevel do not exist in this revision)`,
    );
  }
}

/**
 * A reply as one line of JSON (no LF), or `null` for no reply. A reply that
 * cannot be serialized becomes `-32603` for its request.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { encodeReply } from "./server.ts";
 * strictEqual(encodeReply({ jsonrpc: "2.0", id: 1, result: {} }), '{"jsonrpc":"2.0","id":1,"result":{}}');
 * strictEqual(encodeReply(null), null);
 * ```
 */
export function encodeReply(reply: Response | Response[] | null): string | null {
  if (reply === null) return null;
  try {
    return Array.isArray(reply)
      ? `[${reply.map(encodeResponse).join(",")}]`
      : encodeResponse(reply);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const id = Array.isArray(reply) ? undefined : reply.id;
    return encodeResponse(failure(id, RPC.INTERNAL_ERROR, `internal error: ${detail}`));
  }
}

function hasCursor(params: unknown): boolean {
  return isObject(params) && params.cursor !== undefined;
}

function invalidCursor(id: RequestId): Response {
  return failure(
    id,
    RPC.INVALID_PARAMS,
    "invalid params: `cursor` is not one this server issued (tools/list has a single page " +
      "and never returns nextCursor)",
  );
}

/** How to run the server. */
export interface ServeOptions {
  /** The bytes coming in (the server reads `Deno.stdin` with `readChunks`). */
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
 * import { strictEqual } from "node:assert/strict";
 * import { serve } from "./server.ts";
 * const lines = ['{"jsonrpc":"2.0","id":1,"method":"ping"}\n'];
 * const input = ReadableStream.from(lines.map((line) => new TextEncoder().encode(line)));
 * let out = "";
 * const output = {
 *   write: (bytes: Uint8Array) => {
 *     out += new TextDecoder().decode(bytes);
 *     return Promise.resolve(bytes.length);
 *   },
 * };
 * strictEqual(await serve({ input, output }), 0);
 * strictEqual(out, '{"jsonrpc":"2.0","id":1,"result":{}}\n');
 * ```
 */
export async function serve(options: ServeOptions): Promise<number> {
  const session = new Session({ policy: options.policy });
  const writer = new LineWriter(options.output);
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
