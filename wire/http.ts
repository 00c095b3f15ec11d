/**
 * The loopback HTTP layer every HTTP surface shares (the MCP server's
 * Streamable HTTP transport, and later `serve --http` and the proxy): one
 * endpoint path, the checks that keep a local server from being driven by a
 * web page (DNS rebinding), a body cap enforced while reading, timeouts, an
 * optional bearer token, and graceful shutdown. What a request means is the
 * surface's business: it gets the request and its body as text.
 *
 * In order, a request is answered by this layer when:
 * 1. its path is not the endpoint (or one of the endpoints): 404;
 * 2. its `Host` is not the bound address (a loopback name and the bound port,
 *    or the explicit host): 403;
 * 3. it has an `Origin` that is not a loopback origin or an allowed one: 403;
 * 4. a token is configured and `Authorization: Bearer <token>` is missing or
 *    wrong: 401;
 * 5. a POST body declares or reaches more than `maxBodyBytes`: 413 with
 *    `Connection: close`, read no further;
 * 6. a POST body takes longer than `bodyTimeoutMs` to arrive: 408.
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

/** How a request body was read. */
export type BodyRead =
  | { readonly kind: "body"; readonly text: string }
  | { readonly kind: "too_large" }
  | { readonly kind: "timeout" }
  | { readonly kind: "invalid_utf8" };

/**
 * Reads a request body as UTF-8 text, never holding more than `maxBytes`:
 * a declared `Content-Length` over the cap is refused before reading, and a
 * stream that grows past it is cancelled at the chunk that crosses it.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { readBody } from "./http.ts";
 * const read = await readBody(new Request("http://x/", { method: "POST", body: "abc" }), 2, 1000);
 * strictEqual(read.kind, "too_large");
 * ```
 */
export async function readBody(
  request: Request,
  maxBytes: number,
  timeoutMs: number,
): Promise<BodyRead> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) return { kind: "too_large" };
  if (request.body === null) return { kind: "body", text: "" };
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    while (true) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === "timeout") {
        reader.cancel().catch(() => {});
        return { kind: "timeout" };
      }
      if (next.done) break;
      total += next.value.length;
      if (total > maxBytes) {
        reader.cancel().catch(() => {});
        return { kind: "too_large" };
      }
      parts.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  const bytes = parts.length === 1 ? parts[0] : new Uint8Array(total);
  if (parts.length !== 1) {
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
  }
  try {
    return { kind: "body", text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { kind: "invalid_utf8" };
  }
}

/** What a surface does with a request that passed the checks. */
export type HttpHandler = (request: Request, body: BodyRead | null) => Response | Promise<Response>;

/** How to run an HTTP surface. */
export interface HttpServeOptions {
  /** The address to bind (default `127.0.0.1`). */
  readonly hostname?: string;
  /** The port (0 picks a free one). */
  readonly port: number;
  /** The endpoint path, e.g. `/mcp`, or every path of a small REST surface. */
  readonly path: string | readonly string[];
  /** Answers a request (its body read when it is a POST, `null` otherwise). */
  readonly handler: HttpHandler;
  /** The body cap in bytes (default {@linkcode MAX_BODY_BYTES}). */
  readonly maxBodyBytes?: number;
  /** How long a body may take to arrive (default {@linkcode BODY_TIMEOUT_MS}). */
  readonly bodyTimeoutMs?: number;
  /** How long the handler may take (default {@linkcode HANDLER_TIMEOUT_MS}). */
  readonly handlerTimeoutMs?: number;
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
   * Answers new requests with 503, lets the requests in flight finish (their
   * bodies are still read), then stops the listener and resolves.
   */
  shutdown(): Promise<void>;
  /** Resolves when the server has stopped. */
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
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const bodyTimeout = options.bodyTimeoutMs ?? BODY_TIMEOUT_MS;
  const handlerTimeout = options.handlerTimeoutMs ?? HANDLER_TIMEOUT_MS;
  const allowedOrigins = options.allowedOrigins ?? [];
  const paths: readonly string[] = typeof options.path === "string" ? [options.path] : options.path;
  const notFound = paths.length === 1
    ? `the endpoint is ${paths[0]}`
    : `the endpoints are ${paths.join(", ")}`;
  let address: BoundAddress = { hostname, port: options.port };
  let inFlight = 0;
  let draining = false;
  let drained: (() => void) | undefined;
  const handle = async (request: Request): Promise<Response> => {
    if (draining) {
      return answer(503, "shutting down: the server accepts no new requests", {
        Connection: "close",
      });
    }
    inFlight++;
    try {
      return await checkedHandle(request);
    } finally {
      inFlight--;
      if (inFlight === 0) drained?.();
    }
  };
  const checkedHandle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (!paths.includes(url.pathname)) {
      return answer(404, `not found: ${notFound}`);
    }
    if (!isAllowedHost(request.headers.get("host"), address)) {
      return answer(403, "forbidden: the Host header does not name this server's address");
    }
    if (!isAllowedOrigin(request.headers.get("origin"), allowedOrigins)) {
      return answer(403, "forbidden: the Origin is not a loopback or allowed origin");
    }
    if (options.token !== undefined) {
      const given = request.headers.get("authorization") ?? "";
      if (!timingSafeEqual(given, `Bearer ${options.token}`)) {
        return answer(401, "unauthorized: send Authorization: Bearer <token>", {
          "WWW-Authenticate": "Bearer",
        });
      }
    }
    let body: BodyRead | null = null;
    if (request.method === "POST") {
      body = await readBody(request, maxBody, bodyTimeout);
      if (body.kind === "too_large") {
        return answer(413, `payload too large: the body limit is ${maxBody} bytes`, {
          Connection: "close",
        });
      }
      if (body.kind === "timeout") {
        return answer(408, "request timeout: the body did not arrive in time", {
          Connection: "close",
        });
      }
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Response>((resolve) => {
      timer = setTimeout(() => resolve(answer(503, "the answer took too long")), handlerTimeout);
    });
    try {
      return await Promise.race([Promise.resolve(options.handler(request, body)), late]);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      console.error(`interjson: internal error answering ${request.method}: ${detail}`);
      return answer(500, "internal error");
    } finally {
      clearTimeout(timer);
    }
  };
  const server = Deno.serve({
    hostname,
    port: options.port,
    onListen: (addr) => {
      address = { hostname, port: (addr as Deno.NetAddr).port };
      options.onListen?.(address);
    },
  }, handle);
  address = { hostname, port: (server.addr as Deno.NetAddr).port };
  return {
    get address() {
      return address;
    },
    shutdown: async () => {
      draining = true;
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, bodyTimeout + handlerTimeout);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      await server.shutdown();
    },
    finished: server.finished,
  };
}
