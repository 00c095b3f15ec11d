/**
 * `interjson serve --http`: the same operations as the JSONL protocol as a
 * small REST API, on the HTTP layer every InterJSON HTTP surface shares
 * (`wire/http.ts`: loopback by default, `Host` and `Origin` checks, an 8 MiB
 * body cap answered with 413, timeouts, an optional bearer token, graceful
 * shutdown).
 *
 * | Method and path | Body | Answer |
 * | --- | --- | --- |
 * | `POST /v1/gate`, `/v1/repair`, `/v1/validate`, `/v1/readiness` | `{text, schema \| schema_json, strict_keywords, profile, options}` | 200 with the library's result; 400 `{code, message}` for the host's mistake |
 * | `GET /healthz` | — | 200 `{"status":"ok","engine":{…}}` |
 * | `GET /openapi.json` | — | the OpenAPI 3.1 document |
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveGateHttp } from "./http.ts";
 * const surface = serveGateHttp({ port: 0 });
 * const response = await fetch(`http://127.0.0.1:${surface.address.port}/v1/gate`, {
 *   method: "POST",
 *   body: JSON.stringify({ text: "{'a': 1,}", schema: "{!a:integer}" }),
 * });
 * strictEqual((await response.json()).executable, true);
 * await surface.shutdown();
 * ```
 *
 * @module
 */

import { parseJson, VERSION } from "../mod.ts";
import {
  answer,
  type BodyRead,
  type BoundAddress,
  type HttpRequest,
  type HttpSurface,
  serveHttp,
} from "../wire/http.ts";
import { isObject } from "../wire/jsonrpc.ts";
import { encodeResult } from "./encode.ts";
import { isServeError, type ServeError, serveError } from "./errors.ts";
import { ENGINE_OPERATIONS, type EngineOperation, runOperation } from "./operations.ts";
import { openApiDocument } from "./openapi.ts";

/** The paths the facade answers. */
export const SERVE_HTTP_PATHS: readonly string[] = [
  ...ENGINE_OPERATIONS.map((op) => `/v1/${op}`),
  "/healthz",
  "/openapi.json",
];

/** How to run the facade. */
export interface GateHttpOptions {
  /** The address to bind (default `127.0.0.1`). */
  readonly hostname?: string;
  /** The port (0 picks a free one). */
  readonly port: number;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** The most connections served at once (the shared layer's default otherwise). */
  readonly maxConnections?: number;
  /** Called once bound, with the real port. */
  readonly onListen?: (address: BoundAddress) => void;
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

function error(status: number, value: ServeError): Response {
  return json(status, value);
}

/** Answers one POST to `/v1/OP` whose body was read. */
function operation(op: EngineOperation, body: BodyRead | null): Response {
  if (body === null || body.kind !== "body") {
    return error(400, serveError("S001", "the body is not valid UTF-8"));
  }
  let fields: unknown;
  try {
    fields = parseJson(body.text);
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    return error(400, serveError("S001", `the body is not JSON: ${detail}`));
  }
  if (!isObject(fields)) {
    return error(400, serveError("S003", "the body is a JSON object: {text, schema, ...}"));
  }
  const outcome = runOperation(op, fields, null);
  if (isServeError(outcome)) return error(400, outcome);
  return new Response(encodeResult(outcome), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * Answers one request that passed the shared layer's checks.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { handleGateRequest } from "./http.ts";
 * const response = handleGateRequest(new Request("http://127.0.0.1/v1/gate"), null);
 * strictEqual(response.status, 405);
 * strictEqual(response.headers.get("allow"), "POST");
 * ```
 */
export function handleGateRequest(request: HttpRequest, body: BodyRead | null): Response {
  const path = new URL(request.url).pathname;
  if (path === "/healthz" || path === "/openapi.json") {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return answer(405, `method not allowed: ${path} answers GET`, { Allow: "GET, HEAD" });
    }
    const value = path === "/healthz"
      ? { status: "ok", engine: { name: "interjson", version: VERSION } }
      : openApiDocument(VERSION);
    return json(200, value, { "Cache-Control": "no-store" });
  }
  if (request.method !== "POST") {
    return answer(405, `method not allowed: ${path} answers POST`, { Allow: "POST" });
  }
  try {
    return operation(path.slice("/v1/".length) as EngineOperation, body);
  } catch (cause) {
    const detail = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    return error(500, serveError("S008", detail));
  }
}

/**
 * Starts the facade.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveGateHttp } from "./http.ts";
 * const surface = serveGateHttp({ port: 0 });
 * const health = await fetch(`http://127.0.0.1:${surface.address.port}/healthz`);
 * strictEqual((await health.json()).status, "ok");
 * await surface.shutdown();
 * ```
 */
export function serveGateHttp(options: GateHttpOptions): HttpSurface {
  return serveHttp({
    hostname: options.hostname,
    port: options.port,
    path: SERVE_HTTP_PATHS,
    token: options.token,
    maxConnections: options.maxConnections,
    onListen: options.onListen,
    handler: handleGateRequest,
  });
}
