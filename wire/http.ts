/**
 * The loopback HTTP layer every HTTP surface shares (the MCP server's
 * Streamable HTTP transport, and later `serve --http` and the proxy): one
 * endpoint path, the checks that keep a local server from being driven by a
 * web page (DNS rebinding), a body cap enforced while reading, timeouts, an
 * optional bearer token, and graceful shutdown. What a request means is the
 * surface's business: it gets the request and its body as text.
 *
 * The connection layer is `wire/http1.ts` (deadlines on idle connections, on
 * request heads and on bodies; the body cap). Before a body is read, a
 * request is answered by this layer when:
 * 1. its path is not the endpoint (or one of the endpoints): 404;
 * 2. its `Host` is not the bound address (a loopback name and the bound port,
 *    or the explicit host): 403;
 * 3. it has an `Origin` that is not a loopback origin or an allowed one: 403;
 * 4. a token is configured and `Authorization: Bearer <token>` is missing or
 *    wrong: 401.
 *
 * Then a body over `maxBodyBytes` is 413 (a declared one before a byte is
 * read), a body slower than `bodyTimeoutMs` is 408, and what remains reaches
 * the surface's handler with the body as text.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isAllowedHost } from "./http.ts";
 * strictEqual(isAllowedHost("127.0.0.1:8080", { hostname: "127.0.0.1", port: 8080 }), true);
 * strictEqual(isAllowedHost("evil.example:8080", { hostname: "127.0.0.1", port: 8080 }), false);
 * ```
 *
 * @module
 */

import { Http1Server, MAX_CONNECTIONS, type RequestHead } from "./http1.ts";

export { MAX_CONNECTIONS };

/** The default body cap: 8 MiB, the same as a stdio line. */
export const MAX_BODY_BYTES = 8_388_608;

/** The default time a request body may take to arrive. */
export const BODY_TIMEOUT_MS = 30_000;

/** The default time a handler may take to answer. */
export const HANDLER_TIMEOUT_MS = 60_000;

/** The address a server is bound to. */
export interface BoundAddress {
  /** The host name or IP literal the listener was given. */
  readonly hostname: string;
  /** The port it listens on. */
  readonly port: number;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Whether a host name (or IP literal) is a loopback address.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { isLoopback } from "./http.ts";
 * deepStrictEqual(["127.0.0.1", "::1", "localhost", "0.0.0.0", "10.0.0.2"].map(isLoopback), [
 *   true,
 *   true,
 *   true,
 *   false,
 *   false,
 * ]);
 * ```
 */
export function isLoopback(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return LOOPBACK_NAMES.has(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

/** `[::1]` for an IPv6 literal, the name otherwise (as it appears in a Host header). */
function hostForm(hostname: string): string {
  return hostname.includes(":") && !hostname.startsWith("[") ? `[${hostname}]` : hostname;
}

/**
 * Whether a `Host` header names the bound address: a loopback name with the
 * bound port (or no port) when bound to loopback, and also the explicit host
 * itself when bound elsewhere. Anything else is what a DNS-rebinding page
 * sends.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isAllowedHost } from "./http.ts";
 * const bound = { hostname: "127.0.0.1", port: 3000 };
 * strictEqual(isAllowedHost("localhost:3000", bound), true);
 * strictEqual(isAllowedHost("localhost", bound), true);
 * strictEqual(isAllowedHost("localhost:3001", bound), false);
 * strictEqual(isAllowedHost(null, bound), false);
 * ```
 */
export function isAllowedHost(host: string | null, bound: BoundAddress): boolean {
  if (host === null) return false;
  const value = host.toLowerCase();
  const colon = value.lastIndexOf(":");
  const hasPort = colon > value.lastIndexOf("]");
  const name = hasPort ? value.slice(0, colon) : value;
  if (hasPort && value.slice(colon + 1) !== String(bound.port)) return false;
  if (isLoopback(name)) return true;
  return !isLoopback(bound.hostname) && name === hostForm(bound.hostname.toLowerCase());
}

/**
 * Whether an `Origin` header may drive the server: absent (not a browser),
 * a loopback origin (`http://localhost:5173`), or one of `allowed`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isAllowedOrigin } from "./http.ts";
 * strictEqual(isAllowedOrigin(null, []), true);
 * strictEqual(isAllowedOrigin("http://127.0.0.1:9999", []), true);
 * strictEqual(isAllowedOrigin("https://evil.example", []), false);
 * strictEqual(isAllowedOrigin("null", []), false);
 * strictEqual(isAllowedOrigin("https://app.example", ["https://app.example"]), true);
 * ```
 */
export function isAllowedOrigin(origin: string | null, allowed: readonly string[]): boolean {
  if (origin === null) return true;
  if (allowed.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopback(url.hostname);
}

/** A request body: its text, or the fact that it is not UTF-8. */
export type BodyRead =
  | { readonly kind: "body"; readonly text: string }
  | { readonly kind: "invalid_utf8" };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A body's bytes as UTF-8 text.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { decodeBody } from "./http.ts";
 * deepStrictEqual(decodeBody(new TextEncoder().encode("{}")), { kind: "body", text: "{}" });
 * deepStrictEqual(decodeBody(new Uint8Array([0xff])), { kind: "invalid_utf8" });
 * ```
 */
export function decodeBody(bytes: Uint8Array): BodyRead {
  try {
    return { kind: "body", text: utf8.decode(bytes) };
  } catch {
    return { kind: "invalid_utf8" };
  }
}

/** Reads a header field by name (case-insensitive): its value, repeated ones joined, or `null`. */
export interface FieldReader {
  /** The field's value, or `null` when absent. */
  get(name: string): string | null;
}

/**
 * A request as a surface's handler sees it: what a `Request` offers that a
 * handler reads, without the cost of building one (a `Request` fits it).
 */
export interface HttpRequest {
  /** The method, e.g. `POST`. */
  readonly method: string;
  /** The absolute URL: `http://HOST:PORT` and the target as sent. */
  readonly url: string;
  /** The header fields. */
  readonly headers: FieldReader;
}

/** What a surface does with a request that passed the checks. */
export type HttpHandler = (
  request: HttpRequest,
  body: BodyRead | null,
) => Response | Promise<Response>;

/** How to run an HTTP surface. */
export interface HttpServeOptions {
  /** The address to bind (default `127.0.0.1`). */
  readonly hostname?: string;
  /** The port (0 picks a free one). */
  readonly port: number;
  /** The endpoint path, e.g. `/mcp`, or the list of endpoint paths. */
  readonly path: string | readonly string[];
  /** Answers a request (its body read when it is a POST, `null` otherwise). */
  readonly handler: HttpHandler;
  /** The body cap in bytes (default {@linkcode MAX_BODY_BYTES}). */
  readonly maxBodyBytes?: number;
  /** How long a body may take to arrive (default {@linkcode BODY_TIMEOUT_MS}). */
  readonly bodyTimeoutMs?: number;
  /** How long the handler may take (default {@linkcode HANDLER_TIMEOUT_MS}). */
  readonly handlerTimeoutMs?: number;
  /** How long a connection may wait for its next request (default 30 s). */
  readonly idleTimeoutMs?: number;
  /** How long a request's line and headers may take once begun (default 10 s). */
  readonly headTimeoutMs?: number;
  /** How long the client may take to read one answer (default 10 s). */
  readonly writeTimeoutMs?: number;
  /** How long shutdown lets requests in progress finish (default 5 s). */
  readonly drainTimeoutMs?: number;
  /** The most connections served at once (default {@linkcode MAX_CONNECTIONS}); one more is 503. */
  readonly maxConnections?: number;
  /** Origins accepted besides loopback ones. */
  readonly allowedOrigins?: readonly string[];
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Called once the listener is bound, with the real port. */
  readonly onListen?: (address: BoundAddress) => void;
}

/** A running HTTP surface. */
export interface HttpSurface {
  /** The bound address (the real port when 0 was asked for). */
  readonly address: BoundAddress;
  /**
   * Stops accepting, closes idle connections, lets the requests in flight
   * finish (their bodies are still read) for at most the drain deadline,
   * closes the rest, then resolves.
   */
  shutdown(): Promise<void>;
  /**
   * Resolves when the server has stopped; rejects (once every connection
   * ended) when the listener failed on its own, with the reason.
   */
  readonly finished: Promise<void>;
}

/**
 * A plain-text or JSON answer with the given status and headers.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { answer } from "./http.ts";
 * strictEqual(answer(405, "method not allowed", { Allow: "POST" }).headers.get("allow"), "POST");
 * ```
 */
export function answer(
  status: number,
  body: string | null,
  headers: Record<string, string> = {},
): Response {
  const type = body !== null && (body.startsWith("{") || body.startsWith("["))
    ? "application/json"
    : "text/plain; charset=utf-8";
  return new Response(body, {
    status,
    headers: body === null ? headers : { "Content-Type": type, ...headers },
  });
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Starts an HTTP surface on one endpoint with the checks above; the handler
 * sees only requests that passed them. A handler that throws or runs past
 * its timeout is answered with 500 or 503; every request gets an answer.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { answer, serveHttp } from "./http.ts";
 * const surface = serveHttp({ port: 0, path: "/echo", handler: (_, body) => answer(200, body?.kind ?? "none") });
 * const url = `http://127.0.0.1:${surface.address.port}`;
 * strictEqual(await (await fetch(`${url}/echo`, { method: "POST", body: "x" })).text(), "body");
 * strictEqual((await fetch(`${url}/other`).then(async (r) => (await r.body?.cancel(), r))).status, 404);
 * const rebinding = await fetch(`${url}/echo`, { headers: { Origin: "https://evil.example" } });
 * await rebinding.body?.cancel();
 * strictEqual(rebinding.status, 403);
 * await surface.shutdown();
 * ```
 */
export function serveHttp(options: HttpServeOptions): HttpSurface {
  const hostname = options.hostname ?? "127.0.0.1";
  const handlerTimeout = options.handlerTimeoutMs ?? HANDLER_TIMEOUT_MS;
  const allowedOrigins = options.allowedOrigins ?? [];
  const paths: readonly string[] = typeof options.path === "string" ? [options.path] : options.path;
  const notFound = paths.length === 1
    ? `the endpoint is ${paths[0]}`
    : `the endpoints are ${paths.join(", ")}`;
  let address: BoundAddress = { hostname, port: options.port };
  const inspect = (head: RequestHead): Response | undefined => {
    const query = head.target.indexOf("?");
    const path = query === -1 ? head.target : head.target.slice(0, query);
    if (!paths.includes(path)) return answer(404, `not found: ${notFound}`);
    if (!isAllowedHost(head.get("host"), address)) {
      return answer(403, "forbidden: the Host header does not name this server's address");
    }
    if (!isAllowedOrigin(head.get("origin"), allowedOrigins)) {
      return answer(403, "forbidden: the Origin is not a loopback or allowed origin");
    }
    if (options.token !== undefined) {
      const given = head.get("authorization") ?? "";
      if (!timingSafeEqual(given, `Bearer ${options.token}`)) {
        return answer(401, "unauthorized: send Authorization: Bearer <token>", {
          "WWW-Authenticate": "Bearer",
        });
      }
    }
    return undefined;
  };
  const handle = async (head: RequestHead, bytes: Uint8Array): Promise<Response> => {
    const request: HttpRequest = {
      method: head.method,
      get url() {
        return `http://${hostForm(hostname)}:${address.port}${head.target}`;
      },
      headers: head,
    };
    const body = head.method === "POST" ? decodeBody(bytes) : null;
    const answered = options.handler(request, body);
    // A handler that answers at once needs no timer (nor could one interrupt it).
    if (answered instanceof Response) return answered;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Response>((resolve) => {
      timer = setTimeout(() => resolve(answer(503, "the answer took too long")), handlerTimeout);
    });
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  const server = new Http1Server({
    hostname,
    port: options.port,
    inspect,
    handle,
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs ?? BODY_TIMEOUT_MS,
    idleTimeoutMs: options.idleTimeoutMs,
    headTimeoutMs: options.headTimeoutMs,
    writeTimeoutMs: options.writeTimeoutMs,
    drainTimeoutMs: options.drainTimeoutMs,
    maxConnections: options.maxConnections,
  });
  address = { hostname, port: server.port };
  options.onListen?.(address);
  return {
    address,
    shutdown: () => server.shutdown(),
    finished: server.finished,
  };
}
