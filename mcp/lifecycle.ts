/**
 * The MCP lifecycle: identity, instructions, capabilities, and protocol
 * revision negotiation.
 *
 * Four revisions are implemented and accepted verbatim. Any other requested
 * revision (or none) is answered with the latest, {@linkcode LATEST_REVISION},
 * and the requested string is never echoed back. What a revision changes on
 * the wire is a row of {@linkcode REVISIONS}: JSON-RPC batches exist only in
 * `2025-03-26`, and `structuredContent` only from `2025-06-18` on.
 *
 * @example
 * ```ts
 * import { negotiateRevision } from "./lifecycle.ts";
 * console.log(negotiateRevision("2024-11-05")); // "2024-11-05"
 * console.log(negotiateRevision("1999-01-01")); // "2025-11-25"
 * ```
 *
 * @module
 */

import { VERSION } from "../mod.ts";
import { isObject } from "../wire/jsonrpc.ts";

/** A protocol revision the server implements. */
export type Revision = "2024-11-05" | "2025-03-26" | "2025-06-18" | "2025-11-25";

/** What a revision changes on the wire. */
export interface RevisionFeatures {
  /** JSON-RPC batches (arrays of messages) are accepted. */
  readonly batches: boolean;
  /** Tool results carry `structuredContent`; older clients also get it as JSON text. */
  readonly structuredContent: boolean;
}

/**
 * The implemented revisions, newest first, with what each changes.
 *
 * @example
 * ```ts
 * import { REVISIONS } from "./lifecycle.ts";
 * console.log(REVISIONS["2025-03-26"].batches); // true
 * ```
 */
export const REVISIONS: Readonly<Record<Revision, RevisionFeatures>> = {
  "2025-11-25": { batches: false, structuredContent: true },
  "2025-06-18": { batches: false, structuredContent: true },
  "2025-03-26": { batches: true, structuredContent: false },
  "2024-11-05": { batches: false, structuredContent: false },
};

/** The revision answered when the client asks for one the server does not implement. */
export const LATEST_REVISION: Revision = "2025-11-25";

/**
 * Whether `value` names an implemented revision.
 *
 * @example
 * ```ts
 * import { isRevision } from "./lifecycle.ts";
 * console.log(isRevision("2025-06-18"), isRevision("2025-06-19")); // true false
 * ```
 */
export function isRevision(value: unknown): value is Revision {
  return typeof value === "string" && Object.hasOwn(REVISIONS, value);
}

/**
 * The revision to answer with: the requested one when implemented, otherwise
 * the latest. Never the requested string when it is not implemented.
 *
 * @example
 * ```ts
 * import { negotiateRevision } from "./lifecycle.ts";
 * console.log(negotiateRevision(undefined)); // "2025-11-25"
 * ```
 */
export function negotiateRevision(requested: unknown): Revision {
  return isRevision(requested) ? requested : LATEST_REVISION;
}

/**
 * Who the server is (`serverInfo`).
 *
 * @example
 * ```ts
 * import { SERVER_INFO } from "./lifecycle.ts";
 * console.log(SERVER_INFO.name); // "interjson"
 * ```
 */
export const SERVER_INFO: {
  readonly name: "interjson";
  readonly title: string;
  readonly version: string;
} = {
  name: "interjson",
  title: "InterJSON — the execution gate",
  version: VERSION,
};

/**
 * What the model is told about using the server (`instructions`).
 *
 * @example
 * ```ts
 * import { INSTRUCTIONS } from "./lifecycle.ts";
 * console.log(INSTRUCTIONS.includes("interjson_gate")); // true
 * ```
 */
export const INSTRUCTIONS: string = [
  "InterJSON is the execution gate for model output that should be JSON.",
  "Before executing any tool call whose arguments you wrote as text, call interjson_gate",
  "with the raw text (and the tool's input schema as schema_json when you have it).",
  "Execute only when `executable` is true, and then use the returned `value`.",
  "Otherwise do not execute: send `retry.prompt` back to the model unchanged and gate the",
  "re-emitted arguments again. A refusal is a successful call, not an error.",
  "interjson_repair, interjson_validate and interjson_readiness repair, check and measure",
  "a document; none of the four tools executes anything.",
].join(" ");

/**
 * What the server offers: tools only, and the list never changes.
 *
 * @example
 * ```ts
 * import { CAPABILITIES } from "./lifecycle.ts";
 * console.log(CAPABILITIES.tools.listChanged); // false
 * ```
 */
export const CAPABILITIES = { tools: { listChanged: false } } as const;

/**
 * The `initialize` result for the given params, and the revision negotiated.
 * Params that are missing or malformed still get an answer (with the latest
 * revision): the handshake is the one call that must not fail.
 *
 * @example
 * ```ts
 * import { initialize } from "./lifecycle.ts";
 * const { revision, result } = initialize({ protocolVersion: "2025-06-18" });
 * console.log(revision, result.serverInfo.name); // "2025-06-18" "interjson"
 * ```
 */
export function initialize(params: unknown): {
  revision: Revision;
  result: {
    protocolVersion: Revision;
    capabilities: typeof CAPABILITIES;
    serverInfo: typeof SERVER_INFO;
    instructions: string;
  };
} {
  const revision = negotiateRevision(isObject(params) ? params.protocolVersion : undefined);
  return {
    revision,
    result: {
      protocolVersion: revision,
      capabilities: CAPABILITIES,
      serverInfo: SERVER_INFO,
      instructions: INSTRUCTIONS,
    },
  };
}
