/**
 * JSON-RPC 2.0 envelopes: classifying what arrived, and building what goes
 * back. The error table is data ({@linkcode JSONRPC_ERRORS}); `docs/MCP.md`
 * documents the same rows.
 *
 * @example
 * ```ts
 * import { classify, failure, RPC } from "./jsonrpc.ts";
 * const inbound = classify({ jsonrpc: "2.0", id: 1, method: "ping" });
 * console.log(inbound.kind); // "request"
 * console.log(failure(null, RPC.PARSE_ERROR, "parse error"));
 * // { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } }
 * ```
 *
 * @module
 */

/** A request id: a string or a number (never null in MCP). */
export type RequestId = string | number;

/**
 * The JSON-RPC error codes the server answers with, by name.
 *
 * @example
 * ```ts
 * import { RPC } from "./jsonrpc.ts";
 * console.log(RPC.NOT_INITIALIZED); // -32002
 * ```
 */
export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  NOT_INITIALIZED: -32002,
} as const;

/** One row of the error table. */
export interface RpcErrorRow {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** When the server answers with it. */
  readonly when: string;
  /** What it means for the caller. */
  readonly meaning: string;
}

/**
 * Every JSON-RPC error the server sends, with when and why. A refused
 * document is never here: that is a successful tool call.
 *
 * @example
 * ```ts
 * import { JSONRPC_ERRORS } from "./jsonrpc.ts";
 * for (const row of JSONRPC_ERRORS) console.log(row.code, row.when);
 * ```
 */
export const JSONRPC_ERRORS: readonly RpcErrorRow[] = [
  {
    code: RPC.NOT_INITIALIZED,
    when: "a request other than `initialize` or `ping` arrives before `initialize`",
    meaning: "the session is not initialized",
  },
  {
    code: RPC.INVALID_PARAMS,
    when: "`tools/call` with an unknown `name`, no `name`, or `arguments` that is not an object",
    meaning: "the call is malformed; no tool ran",
  },
  {
    code: RPC.METHOD_NOT_FOUND,
    when: "an unknown `method`",
    meaning: "the method does not exist on this server",
  },
  {
    code: RPC.PARSE_ERROR,
    when: "a line that is not JSON, is not UTF-8, or is longer than 8 MiB",
    meaning: "framing or parse failure; the line is discarded through the next LF",
  },
  {
    code: RPC.INVALID_REQUEST,
    when: "JSON that is not a JSON-RPC 2.0 request, or a batch where batches are not allowed",
    meaning: "the envelope is wrong; nothing ran",
  },
  {
    code: RPC.INTERNAL_ERROR,
    when: "the server failed while answering (a bug: please report it)",
    meaning: "the request may be retried; nothing was executed",
  },
];

/**
 * A message as classified: a request to answer, a notification never to
 * answer, a response (the server sends no requests, so it is ignored), or
 * something that is not JSON-RPC at all (answered with `-32600`).
 *
 * @example
 * ```ts
 * import type { Inbound } from "./jsonrpc.ts";
 * const inbound: Inbound = { kind: "notification", method: "notifications/initialized", params: undefined };
 * console.log(inbound.kind);
 * ```
 */
export type Inbound =
  | {
    readonly kind: "request";
    readonly id: RequestId;
    readonly method: string;
    readonly params: unknown;
  }
  | { readonly kind: "notification"; readonly method: string; readonly params: unknown }
  | { readonly kind: "response" }
  | { readonly kind: "invalid"; readonly id: RequestId | null; readonly message: string };

/** A JSON-RPC response object, ready to serialize. */
export type Response =
  | { jsonrpc: "2.0"; id: RequestId; result: unknown }
  | {
    jsonrpc: "2.0";
    id: RequestId | null;
    error: { code: number; message: string; data?: unknown };
  };

/**
 * Whether a value is a plain JSON object (not null, not an array).
 *
 * @example
 * ```ts
 * import { isObject } from "./jsonrpc.ts";
 * console.log(isObject({}), isObject([]), isObject(null)); // true false false
 * ```
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

/**
 * Classifies one parsed message (not a batch: the caller splits batches).
 *
 * @example
 * ```ts
 * import { classify } from "./jsonrpc.ts";
 * console.log(classify({ jsonrpc: "2.0", method: "notifications/initialized" }).kind); // "notification"
 * console.log(classify({ id: 1, method: "ping" })); // invalid: jsonrpc must be "2.0"
 * ```
 */
export function classify(message: unknown): Inbound {
  if (!isObject(message)) {
    return { kind: "invalid", id: null, message: "a JSON-RPC message must be an object" };
  }
  const hasId = Object.hasOwn(message, "id");
  const id = message.id;
  if (hasId && !isRequestId(id)) {
    return { kind: "invalid", id: null, message: "`id` must be a string or a number" };
  }
  const replyId = hasId ? id as RequestId : null;
  if (message.jsonrpc !== "2.0") {
    return { kind: "invalid", id: replyId, message: '`jsonrpc` must be "2.0"' };
  }
  if (!Object.hasOwn(message, "method")) {
    if (hasId && (Object.hasOwn(message, "result") || Object.hasOwn(message, "error"))) {
      return { kind: "response" };
    }
    return { kind: "invalid", id: replyId, message: "`method` is missing" };
  }
  const method = message.method;
  if (typeof method !== "string") {
    return { kind: "invalid", id: replyId, message: "`method` must be a string" };
  }
  const params = message.params;
  if (params !== undefined && (typeof params !== "object" || params === null)) {
    return { kind: "invalid", id: replyId, message: "`params` must be an object" };
  }
  return hasId
    ? { kind: "request", id: id as RequestId, method, params }
    : { kind: "notification", method, params };
}

/**
 * A success response.
 *
 * @example
 * ```ts
 * import { success } from "./jsonrpc.ts";
 * console.log(success(1, {})); // { jsonrpc: "2.0", id: 1, result: {} }
 * ```
 */
export function success(id: RequestId, result: unknown): Response {
  return { jsonrpc: "2.0", id, result };
}

/**
 * An error response.
 *
 * @example
 * ```ts
 * import { failure, RPC } from "./jsonrpc.ts";
 * console.log(failure(7, RPC.METHOD_NOT_FOUND, "unknown method `resources/list`").error.code); // -32601
 * ```
 */
export function failure(
  id: RequestId | null,
  code: number,
  message: string,
): Response & { error: { code: number; message: string } } {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
