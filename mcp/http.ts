/**
 * The MCP server over Streamable HTTP (`interjson mcp --http [HOST:]PORT`):
 * one endpoint, `/mcp`, answering every POST with one JSON object (no SSE:
 * no feature of this server sends anything before its result).
 *
 * Both eras on one endpoint, chosen per request:
 * - **2026-07-28** (a request whose `_meta` or `MCP-Protocol-Version` names
 *   it): stateless. `MCP-Protocol-Version` must equal the `_meta` version,
 *   `Mcp-Method` the method, and `Mcp-Name` the tool name of `tools/call`
 *   (Base64 sentinel decoded), or the answer is 400 with `-32020`. An unknown
 *   method is 404 with `-32601`; an unsupported version 400 with `-32022`.
 * - **2025 era** (`initialize`): a session with its own revision, named by
 *   the `Mcp-Session-Id` the `initialize` answer carries; later requests must
 *   send it (400 without it, 404 once it is gone), `DELETE` ends it. At most
 *   {@linkcode MAX_SESSIONS} live at once. A session used within the last
 *   {@linkcode SESSION_PROTECTED_MS} (30 minutes) is never evicted: when the
 *   table is full and its least recently used session is more recent than
 *   that, `initialize` is answered 503 (a flood of new sessions cannot end
 *   the sessions of other clients; with a token, creating one needs the
 *   token like every request).
 *
 * Notifications and responses are answered 202 with no body; GET is 405.
 * The transport checks (`Host`, `Origin`, body cap, timeouts) are the shared
 * HTTP layer's, `wire/http.ts`. Nothing is ever executed.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveMcpHttp } from "./http.ts";
 * const surface = serveMcpHttp({ port: 0 });
 * const response = await fetch(`http://127.0.0.1:${surface.address.port}/mcp`);
 * await response.body?.cancel();
 * strictEqual(response.status, 405);
 * await surface.shutdown();
 * ```
 *
 * @module
 */

import { parseJson, type ProfileName } from "../mod.ts";
import {
  answer,
  type BodyRead,
  type BoundAddress,
  type FieldReader,
  type HttpRequest,
  type HttpSurface,
  serveHttp,
} from "../wire/http.ts";
import {
  encodeResponse,
  failure,
  isObject,
  type RequestId,
  type Response,
  RPC,
} from "../wire/jsonrpc.ts";
import { isIntegerLiteral, RawInteger, rawMemberText } from "../wire/request_id.ts";
import { isRevision, MODERN_REVISION, requestedVersion } from "./lifecycle.ts";
import { encodeReply, Session } from "./server.ts";

/** The endpoint path. */
export const MCP_PATH = "/mcp";

/** The most 2025-era sessions kept at once. */
export const MAX_SESSIONS = 1024;

/** How long after its last use a session is safe from eviction (30 minutes). */
export const SESSION_PROTECTED_MS = 30 * 60 * 1000;

const JSON_HEADERS = { "Content-Type": "application/json" };

/** How to run the HTTP server. */
export interface McpHttpOptions {
  /** The address to bind (default `127.0.0.1`). */
  readonly hostname?: string;
  /** The port; 0 picks a free one. */
  readonly port: number;
  /** The process-level `--policy`. */
  readonly policy?: ProfileName;
  /** Origins accepted besides loopback ones. */
  readonly allowedOrigins?: readonly string[];
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** The most connections served at once (the shared layer's default otherwise). */
  readonly maxConnections?: number;
  /** Called once the listener is bound. */
  readonly onListen?: (address: BoundAddress) => void;
}

/** A JSON-RPC error as an HTTP answer with no id. */
function rpcError(status: number, code: number, message: string): globalThis.Response {
  return answer(status, encodeResponse(failure(undefined, code, message)), JSON_HEADERS);
}

/**
 * Decodes an `Mcp-Name` / `Mcp-Param-*` value: the Base64 sentinel
 * `=?base64?…?=` is UTF-8 in Base64; anything else is the value itself.
 * `undefined` when the sentinel does not decode.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { decodeHeaderValue } from "./http.ts";
 * strictEqual(decodeHeaderValue("interjson_gate"), "interjson_gate");
 * strictEqual(decodeHeaderValue("=?base64?SGVsbG8sIOS4lueVjA==?="), "Hello, 世界");
 * ```
 */
export function decodeHeaderValue(value: string): string | undefined {
  if (!value.startsWith("=?base64?") || !value.endsWith("?=") || value.length < 11) return value;
  try {
    const binary = atob(value.slice(9, -2));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The id to echo in an error built here: a string, an integer as written, or none. */
function echoableId(text: string, id: unknown): RequestId | undefined {
  if (typeof id === "string") return id;
  if (typeof id !== "number") return undefined;
  const raw = rawMemberText(text, 0);
  return raw !== undefined && isIntegerLiteral(raw) ? new RawInteger(raw) : undefined;
}

/** The HTTP status of a reply: JSON-RPC errors of the envelope or the transport are 4xx. */
function statusOf(reply: Response | Response[], modern: boolean): number {
  if (Array.isArray(reply) || !("error" in reply)) return 200;
  switch (reply.error.code) {
    case RPC.PARSE_ERROR:
    case RPC.INVALID_REQUEST:
    case RPC.UNSUPPORTED_PROTOCOL_VERSION:
    case RPC.HEADER_MISMATCH:
      return 400;
    case RPC.METHOD_NOT_FOUND:
      return modern ? 404 : 200;
    default:
      return 200;
  }
}

/** The `-32020` complaint about a modern request's headers, or `undefined` when they match. */
function headerMismatch(
  headers: FieldReader,
  message: Record<string, unknown>,
): string | undefined {
  const version = requestedVersion(message.params);
  const headerVersion = headers.get("mcp-protocol-version");
  if (headerVersion === null) return "the MCP-Protocol-Version header is missing";
  if (version === undefined) {
    return `MCP-Protocol-Version is ${headerVersion} but the body's _meta names no protocol version`;
  }
  if (headerVersion !== version) {
    return `MCP-Protocol-Version header value '${headerVersion}' does not match the body's ` +
      `_meta version '${version}'`;
  }
  const method = headers.get("mcp-method");
  if (method === null) return "the Mcp-Method header is missing";
  if (method !== message.method) {
    return `Mcp-Method header value '${method}' does not match body value '${message.method}'`;
  }
  const params = isObject(message.params) ? message.params : {};
  const source = message.method === "tools/call" || message.method === "prompts/get"
    ? params.name
    : message.method === "resources/read"
    ? params.uri
    : undefined;
  if (source === undefined) return undefined;
  const raw = headers.get("mcp-name");
  if (raw === null) return `the Mcp-Name header is missing (required for ${message.method})`;
  const name = decodeHeaderValue(raw);
  if (name === undefined) return "the Mcp-Name header's Base64 value does not decode";
  if (name !== source) {
    return `Mcp-Name header value '${name}' does not match body value '${String(source)}'`;
  }
  return undefined;
}

/**
 * The Streamable HTTP handler for MCP: sessions for the 2025 era, stateless
 * answers for 2026-07-28. Exposed for tests and for surfaces that mount it.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { McpHttpHandler } from "./http.ts";
 * const handler = new McpHttpHandler();
 * const response = await handler.handle(new Request("http://127.0.0.1/mcp", { method: "GET" }), null);
 * strictEqual(response.status, 405);
 * ```
 */
export class McpHttpHandler {
  readonly #policy: ProfileName | undefined;
  readonly #stateless: Session;
  /** The sessions, least recently used first, with the time of their last use. */
  readonly #sessions = new Map<string, { session: Session; used: number }>();
  readonly #now: () => number;

  /**
   * A handler with no sessions.
   *
   * @param policy the process-level `--policy`
   * @param now the clock sessions are aged by (milliseconds)
   */
  constructor(policy?: ProfileName, now: () => number = Date.now) {
    this.#policy = policy;
    this.#stateless = new Session({ policy });
    this.#now = now;
  }

  /** How many 2025-era sessions are open. */
  get sessions(): number {
    return this.#sessions.size;
  }

  /** Answers one request that passed the transport checks. */
  handle(request: HttpRequest, body: BodyRead | null): globalThis.Response {
    if (request.method === "DELETE") return this.#delete(request.headers);
    if (request.method !== "POST") {
      return answer(405, "method not allowed: POST JSON-RPC messages to this endpoint", {
        Allow: "POST, DELETE",
      });
    }
    const type = request.headers.get("content-type") ?? "";
    if (!type.toLowerCase().startsWith("application/json")) {
      return rpcError(415, RPC.INVALID_REQUEST, "unsupported media type: send application/json");
    }
    if (body === null || body.kind !== "body") {
      return rpcError(400, RPC.PARSE_ERROR, "parse error: the body is not valid UTF-8");
    }
    let message: unknown;
    try {
      message = parseJson(body.text);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return rpcError(400, RPC.PARSE_ERROR, `parse error: ${detail}`);
    }
    const headers = request.headers;
    const single = isObject(message) ? message : undefined;
    if (single?.method === "initialize") return this.#initialize(body.text, single);
    const modern = single !== undefined && (
      requestedVersion(single.params) !== undefined ||
      headers.get("mcp-protocol-version") === MODERN_REVISION
    );
    if (modern) return this.#modern(headers, body.text, single);
    if (single?.method === "server/discover") {
      return this.#answer(this.#stateless, body.text, single, false, {});
    }
    return this.#legacy(headers, body.text, message);
  }

  #answer(
    session: Session,
    text: string,
    message: unknown,
    modern: boolean,
    extra: Record<string, string>,
  ): globalThis.Response {
    const reply = session.reply(text, message);
    if (reply === null) return answer(202, null, extra);
    return answer(statusOf(reply, modern), encodeReply(reply), { ...JSON_HEADERS, ...extra });
  }

  #modern(
    headers: FieldReader,
    text: string,
    message: Record<string, unknown>,
  ): globalThis.Response {
    const isRequest = Object.hasOwn(message, "id") && typeof message.method === "string";
    if (isRequest) {
      const mismatch = headerMismatch(headers, message);
      if (mismatch !== undefined) {
        const id = echoableId(text, message.id);
        return answer(
          400,
          encodeResponse(failure(id, RPC.HEADER_MISMATCH, `header mismatch: ${mismatch}`)),
          JSON_HEADERS,
        );
      }
    }
    return this.#answer(this.#stateless, text, message, true, {});
  }

  #initialize(text: string, message: Record<string, unknown>): globalThis.Response {
    const session = new Session({ policy: this.#policy });
    const reply = session.reply(text, message);
    if (reply === null || Array.isArray(reply) || !("result" in reply)) {
      return this.#answer(new Session({ policy: this.#policy }), text, message, false, {});
    }
    const now = this.#now();
    if (this.#sessions.size >= MAX_SESSIONS) {
      const [oldest, { used }] = this.#sessions.entries().next().value!;
      if (now - used < SESSION_PROTECTED_MS) {
        return rpcError(
          503,
          RPC.INTERNAL_ERROR,
          `too many sessions: ${MAX_SESSIONS} are open and each was used within the last ` +
            `${SESSION_PROTECTED_MS / 60_000} minutes; end one with DELETE or try again later`,
        );
      }
      this.#sessions.delete(oldest);
    }
    const id = crypto.randomUUID();
    this.#sessions.set(id, { session, used: now });
    return answer(200, encodeReply(reply), { ...JSON_HEADERS, "Mcp-Session-Id": id });
  }

  #legacy(headers: FieldReader, text: string, message: unknown): globalThis.Response {
    const id = headers.get("mcp-session-id");
    if (id === null) {
      return rpcError(
        400,
        RPC.INVALID_REQUEST,
        "bad request: no Mcp-Session-Id; send initialize first and echo the session id it " +
          `returns, or name ${MODERN_REVISION} in MCP-Protocol-Version and each request's _meta`,
      );
    }
    const entry = this.#sessions.get(id);
    if (entry === undefined) {
      return rpcError(404, RPC.INVALID_REQUEST, "session not found: initialize a new session");
    }
    const session = entry.session;
    this.#sessions.delete(id);
    this.#sessions.set(id, { session, used: this.#now() });
    const version = headers.get("mcp-protocol-version");
    if (version !== null && !isRevision(version)) {
      return rpcError(
        400,
        RPC.INVALID_REQUEST,
        `bad request: MCP-Protocol-Version ${version} is not a revision this server supports ` +
          `for sessions (this session negotiated ${session.revision})`,
      );
    }
    return this.#answer(session, text, message, false, {});
  }

  #delete(headers: FieldReader): globalThis.Response {
    const id = headers.get("mcp-session-id");
    if (id === null) {
      return answer(405, "method not allowed: DELETE ends a session named by Mcp-Session-Id", {
        Allow: "POST",
      });
    }
    if (!this.#sessions.delete(id)) return answer(404, "session not found");
    return answer(204, null);
  }
}

/**
 * Serves MCP over Streamable HTTP on `/mcp` until shut down.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveMcpHttp } from "./http.ts";
 * const surface = serveMcpHttp({ port: 0 });
 * const response = await fetch(`http://127.0.0.1:${surface.address.port}/mcp`, {
 *   method: "POST",
 *   headers: { "Content-Type": "application/json" },
 *   body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
 * });
 * await response.body?.cancel();
 * strictEqual(response.status, 400);
 * await surface.shutdown();
 * ```
 */
export function serveMcpHttp(options: McpHttpOptions): HttpSurface {
  const handler = new McpHttpHandler(options.policy);
  return serveHttp({
    hostname: options.hostname,
    port: options.port,
    path: MCP_PATH,
    allowedOrigins: options.allowedOrigins,
    token: options.token,
    maxConnections: options.maxConnections,
    onListen: options.onListen,
    handler: (request, body) => handler.handle(request, body),
  });
}
