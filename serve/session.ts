/**
 * One `interjson serve` session: the versioned JSONL protocol. Each request
 * line is `{"v":1,"id":ID,"op":OP,…fields}`; each answer is one line,
 * `{"v":1,"id":ID,"ok":true,"result":…}` or
 * `{"v":1,"id":ID,"ok":false,"error":{"code","message"}}`, in request order
 * (every line is answered, synchronously, before the next is read).
 *
 * The session holds the bounded registry of compiled declarations that
 * `compile` fills and `release` empties.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ServeSession } from "./session.ts";
 * const session = new ServeSession();
 * const compiled = JSON.parse(session.handleLine('{"v":1,"id":1,"op":"compile","schema":"{!a:integer}"}'));
 * strictEqual(compiled.result.handle, "h1");
 * const gated = JSON.parse(session.handleLine(`{"v":1,"id":2,"op":"gate","text":"{'a':1}","declaration":"h1"}`));
 * strictEqual(gated.result.executable, true);
 * ```
 *
 * @module
 */

import { parseJson, VERSION } from "../mod.ts";
import { type Frame, MAX_LINE_BYTES } from "../wire/framing.ts";
import type { RawInteger } from "../wire/request_id.ts";
import { closest } from "../engine/suggestion.ts";
import { encodeResult } from "./encode.ts";
import { isServeError, serveError } from "./errors.ts";
import {
  compile,
  type Compiled,
  ENGINE_OPERATIONS,
  type EngineOperation,
  readOptions,
  runOperation,
  unknownField,
} from "./operations.ts";
import { HandleRegistry, MAX_HANDLES } from "./registry.ts";
import { whyNotJson } from "../engine/not_json.ts";
import { isObject } from "../wire/jsonrpc.ts";

/** The protocol versions this server speaks. */
export const PROTOCOL_VERSIONS: readonly number[] = [1];

/** Every operation, in the order `hello` lists them. */
export const OPERATIONS: readonly string[] = [
  "hello",
  ...ENGINE_OPERATIONS,
  "compile",
  "release",
];

/** A request id: a string or a number (null only in answers to unreadable lines). */
export type ServeId = string | number | null;

/** How a session runs. */
export interface SessionOptions {
  /** The bound on live handles (default {@linkcode MAX_HANDLES}). */
  readonly maxHandles?: number;
}

/** A session: its registry, and the answer to each line. */
export class ServeSession {
  readonly #registry: HandleRegistry<Compiled>;

  /**
   * A session with an empty registry.
   *
   * @param options the registry's bound
   */
  constructor(options: SessionOptions = {}) {
    this.#registry = new HandleRegistry(options.maxHandles ?? MAX_HANDLES);
  }

  /** How many handles are live. */
  get handles(): number {
    return this.#registry.size;
  }

  /**
   * Answers one frame from the line reader with one line (no LF).
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { ServeSession } from "./session.ts";
   * const answer = JSON.parse(new ServeSession().handleFrame({ kind: "too_long", id: "r7" }));
   * strictEqual(answer.error.code, "S002");
   * strictEqual(answer.id, "r7");
   * const notUtf8 = JSON.parse(new ServeSession().handleFrame({ kind: "invalid_utf8", id: "r8" }));
   * strictEqual(notUtf8.error.code, "S001");
   * strictEqual(notUtf8.id, "r8");
   * ```
   */
  handleFrame(frame: Frame): string {
    switch (frame.kind) {
      case "line":
        return this.handleLine(frame.text);
      case "too_long":
        return answer(
          idFoundInBytes(frame.id),
          serveError(
            "S002",
            `the line exceeds ${MAX_LINE_BYTES} bytes of UTF-8; it was discarded through the next LF`,
          ),
        );
      case "invalid_utf8":
        return answer(idFoundInBytes(frame.id), serveError("S001", "the line is not valid UTF-8"));
    }
  }

  /**
   * Answers one line of text with one line (no LF).
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { ServeSession } from "./session.ts";
   * const answer = JSON.parse(new ServeSession().handleLine('{"v":2,"id":"a","op":"hello"}'));
   * strictEqual(answer.error.message, "S004 UnsupportedVersion: protocol version 2 is not supported; supported versions: 1");
   * ```
   */
  handleLine(text: string): string {
    let request: unknown;
    try {
      request = parseJson(text);
    } catch (error) {
      const detail = whyNotJson(text, error instanceof Error ? error.message : String(error));
      return answer(null, serveError("S001", `the line is not JSON: ${detail}`));
    }
    const id =
      isObject(request) && (typeof request.id === "string" || typeof request.id === "number")
        ? request.id
        : null;
    try {
      return answer(id, this.handleRequest(request));
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return answer(id, serveError("S008", detail));
    }
  }

  /**
   * Answers one parsed request: the result, or the error.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { ServeSession } from "./session.ts";
   * const result = new ServeSession().handleRequest({ v: 1, id: 1, op: "hello" }) as { versions: number[] };
   * strictEqual(result.versions[0], 1);
   * ```
   */
  handleRequest(request: unknown): unknown {
    if (!isObject(request)) return serveError("S003", "a request is a JSON object");
    if (!Object.hasOwn(request, "v")) {
      return serveError(
        "S004",
        `\`v\` is required; supported versions: ${PROTOCOL_VERSIONS.join(", ")}`,
      );
    }
    if (typeof request.v !== "number" || !PROTOCOL_VERSIONS.includes(request.v)) {
      return serveError(
        "S004",
        `protocol version ${JSON.stringify(request.v)} is not supported; supported versions: ${
          PROTOCOL_VERSIONS.join(", ")
        }`,
      );
    }
    if (typeof request.id !== "string" && typeof request.id !== "number") {
      return serveError("S003", "`id` is required: a string or a number, echoed in the answer");
    }
    const op = request.op;
    if (typeof op !== "string") {
      return serveError("S003", `\`op\` is required, one of ${OPERATIONS.join(", ")}`);
    }
    if (!OPERATIONS.includes(op)) {
      return serveError(
        "S005",
        `unknown op \`${op}\` (did you mean \`${closest(op, OPERATIONS)}\`?); ops are ${
          OPERATIONS.join(", ")
        }`,
      );
    }
    const { v: _v, id: _id, op: _op, ...fields } = request;
    if (op === "hello") return this.#hello(fields);
    if (op === "compile") return this.#compile(fields);
    if (op === "release") return this.#release(fields);
    return runOperation(op as EngineOperation, fields, this.#registry);
  }

  #hello(fields: Record<string, unknown>): unknown {
    const unknown = unknownField("hello", Object.keys(fields), true);
    if (unknown) return unknown;
    return {
      protocol: "interjson-serve",
      versions: PROTOCOL_VERSIONS,
      engine: { name: "interjson", version: VERSION },
      ops: OPERATIONS,
      max_line_bytes: MAX_LINE_BYTES,
      max_handles: this.#registry.capacity,
    };
  }

  #compile(fields: Record<string, unknown>): unknown {
    const unknown = unknownField("compile", Object.keys(fields), true);
    if (unknown) return unknown;
    if (fields.schema === undefined && fields.schema_json === undefined) {
      return serveError("S003", "compile needs `schema` (a declaration) or `schema_json`");
    }
    const options = readOptions(fields);
    if ("code" in options) return options;
    const compiled = compile(options);
    if ("code" in compiled) return compiled;
    const handle = this.#registry.add(compiled);
    if (handle === null) {
      return serveError(
        "S007",
        `${this.#registry.capacity} handles are live; release one before compiling another`,
      );
    }
    return { handle };
  }

  #release(fields: Record<string, unknown>): unknown {
    const unknown = unknownField("release", Object.keys(fields), true);
    if (unknown) return unknown;
    if (typeof fields.handle !== "string") {
      return serveError("S003", "`handle` is required: a handle from compile");
    }
    if (!this.#registry.release(fields.handle)) {
      return serveError("S006", `no live handle \`${fields.handle}\``);
    }
    return { released: fields.handle };
  }
}

/**
 * The id of a request over the cap or not valid UTF-8, as the line splitter
 * found it in the line's bytes; `null` when none was found or an integer one
 * is beyond ±(2^53−1).
 */
function idFoundInBytes(id: string | RawInteger | undefined): ServeId {
  if (id === undefined || typeof id === "string") return id ?? null;
  const value = Number(id.text);
  return Number.isSafeInteger(value) ? value : null;
}

/** One answer line for a result or an error. */
function answer(id: ServeId, outcome: unknown): string {
  if (isServeError(outcome)) return JSON.stringify({ v: 1, id, ok: false, error: outcome });
  return `{"v":1,"id":${JSON.stringify(id)},"ok":true,"result":${encodeResult(outcome as object)}}`;
}
