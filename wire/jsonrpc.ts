/**
 * JSON-RPC 2.0 envelopes: classifying what arrived, and building what goes
 * back. The error table is data ({@linkcode JSONRPC_ERRORS}); `docs/MCP.md`
 * documents the same rows.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { classify, failure, RPC } from "./jsonrpc.ts";
 * const inbound = classify({ jsonrpc: "2.0", id: 1, method: "ping" });
 * strictEqual(inbound.kind, "request");
 * deepStrictEqual(failure(undefined, RPC.PARSE_ERROR, "parse error"), {
 *   jsonrpc: "2.0",
 *   error: { code: -32700, message: "parse error" },
 * });
 * ```
 *
 * When the id of a message cannot be read (it is not JSON, the id is `null`,
 * a boolean, an object or a fraction, or the line was over the cap and no id
 * was found in it), the error reply has **no `id` member** rather
 * than `"id": null`: the 2025-11-25 and 2026-07-28 schemas allow an error
 * response without an id, and no revision's schema allows a null one.
 *
 * @module
 */

import { isRecord, jsonKind } from "../engine/json_kind.ts";
import { RawInteger } from "./request_id.ts";

/**
 * A request id: a string, or an integer (a {@linkcode RawInteger} when it was
 * read from a line, so that it is echoed exactly as written). Never null in MCP.
 */
export type RequestId = string | number | RawInteger;

/**
 * The JSON-RPC error codes the server answers with, by name.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { RPC } from "./jsonrpc.ts";
 * strictEqual(RPC.NOT_INITIALIZED, -32002);
 * ```
 */
export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  NOT_INITIALIZED: -32002,
  HEADER_MISMATCH: -32020,
  UNSUPPORTED_PROTOCOL_VERSION: -32022,
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
 * import { ok } from "node:assert/strict";
 * import { JSONRPC_ERRORS } from "./jsonrpc.ts";
 * ok(JSONRPC_ERRORS.some((row) => row.code === -32022));
 * ```
 */
export const JSONRPC_ERRORS: readonly RpcErrorRow[] = [
  {
    code: RPC.NOT_INITIALIZED,
    when: "a request other than `initialize`, `ping` or `server/discover`, without a " +
      "2026-07-28 `_meta` version, arrives before `initialize`",
    meaning: "the session is not initialized",
  },
  {
    code: RPC.UNSUPPORTED_PROTOCOL_VERSION,
    when: "a request whose `_meta` names a protocol version this server does not serve " +
      "statelessly (2026-07-28 is the one it does); `data` lists `supported` and `requested`",
    meaning: "retry with a version from `data.supported`",
  },
  {
    code: RPC.HEADER_MISMATCH,
    when: "HTTP only, 2026-07-28: `MCP-Protocol-Version`, `Mcp-Method` or `Mcp-Name` missing " +
      "or not equal to the body (HTTP 400)",
    meaning: "the headers and the body disagree; nothing ran",
  },
  {
    code: RPC.INVALID_PARAMS,
    when: "`tools/call` with an unknown `name`, no `name`, or `arguments` that is not an " +
      "object; `tools/list` with a `cursor` (the list has one page, so no cursor is valid)",
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
    when: "JSON that is not a JSON-RPC 2.0 request (an id that is null, a boolean, an object, " +
      "or a number with a fraction or exponent), a batch where batches are not allowed, or a " +
      "second `initialize` in one session",
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
 * import { strictEqual } from "node:assert/strict";
 * import type { Inbound } from "./jsonrpc.ts";
 * const inbound: Inbound = { kind: "notification", method: "notifications/initialized", params: undefined };
 * strictEqual(inbound.kind, "notification");
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
  | { readonly kind: "invalid"; readonly id: RequestId | undefined; readonly message: string };

/** A JSON-RPC response object, serialized by {@linkcode encodeResponse}. */
export type Response =
  | { jsonrpc: "2.0"; id: RequestId; result: unknown }
  | {
    jsonrpc: "2.0";
    id?: RequestId;
    error: { code: number; message: string; data?: unknown };
  };

/**
 * Whether a value is a plain JSON object (not null, not an array): the
 * engine's `isRecord` (`engine/json_kind.ts`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { isObject } from "./jsonrpc.ts";
 * deepStrictEqual([isObject({}), isObject([]), isObject(null)], [true, false, false]);
 * ```
 */
export const isObject: (value: unknown) => value is Record<string, unknown> = isRecord;

/**
 * What a parsed JSON value is, in words for a complaint ("got an array"):
 * the engine's `jsonKind` with its article.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { kindOf } from "./jsonrpc.ts";
 * deepStrictEqual([kindOf(null), kindOf([1]), kindOf({}), kindOf(1)], ["null", "an array", "an object", "a number"]);
 * ```
 */
export function kindOf(value: unknown): string {
  const kind = jsonKind(value);
  if (kind === "null") return kind;
  return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || value instanceof RawInteger ||
    (typeof value === "number" && Number.isInteger(value));
}

/**
 * Classifies one parsed message (not a batch: the caller splits batches).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { classify } from "./jsonrpc.ts";
 * strictEqual(classify({ jsonrpc: "2.0", method: "notifications/initialized" }).kind, "notification");
 * strictEqual(classify({ id: 1, method: "ping" }).kind, "invalid");
 * strictEqual(classify({ jsonrpc: "2.0", id: 1.5, method: "ping" }).kind, "invalid");
 * ```
 */
export function classify(message: unknown): Inbound {
  if (!isObject(message)) {
    return { kind: "invalid", id: undefined, message: "a JSON-RPC message must be an object" };
  }
  const hasId = Object.hasOwn(message, "id");
  const id = message.id;
  if (hasId && !isRequestId(id)) {
    return {
      kind: "invalid",
      id: undefined,
      message: "`id` must be a string or an integer written without a fraction or exponent",
    };
  }
  const replyId = hasId ? id as RequestId : undefined;
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
 * import { deepStrictEqual } from "node:assert/strict";
 * import { success } from "./jsonrpc.ts";
 * deepStrictEqual(success(1, {}), { jsonrpc: "2.0", id: 1, result: {} });
 * ```
 */
export function success(id: RequestId, result: unknown): Response {
  return { jsonrpc: "2.0", id, result };
}

/**
 * An error response; with no id (`undefined`) when the request's id could not
 * be read.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { failure, RPC } from "./jsonrpc.ts";
 * strictEqual(failure(7, RPC.METHOD_NOT_FOUND, "unknown method `resources/list`").error.code, -32601);
 * strictEqual("id" in failure(undefined, RPC.PARSE_ERROR, "parse error"), false);
 * ```
 */
export function failure(
  id: RequestId | undefined,
  code: number,
  message: string,
  data?: unknown,
): Response & { error: { code: number; message: string; data?: unknown } } {
  const error = data === undefined ? { code, message } : { code, message, data };
  return id === undefined ? { jsonrpc: "2.0", error } : { jsonrpc: "2.0", id, error };
}

/**
 * One response as a line of JSON (no LF). An id read from the line
 * ({@linkcode RawInteger}) is written exactly as the client wrote it.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { encodeResponse, success } from "./jsonrpc.ts";
 * import { RawInteger } from "./request_id.ts";
 * strictEqual(
 *   encodeResponse(success(new RawInteger("9007199254740993"), {})),
 *   '{"jsonrpc":"2.0","id":9007199254740993,"result":{}}',
 * );
 * ```
 */
export function encodeResponse(response: Response): string {
  const id = response.id;
  if (!(id instanceof RawInteger)) return JSON.stringify(response);
  const rest = "result" in response ? { result: response.result } : { error: response.error };
  return `{"jsonrpc":"2.0","id":${id.text},${JSON.stringify(rest).slice(1)}`;
}
