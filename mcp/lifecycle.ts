/**
 * The MCP lifecycle: identity, instructions, capabilities, and protocol
 * revisions, in both eras.
 *
 * - **Legacy** (`initialize` handshake): four revisions are implemented and
 *   accepted verbatim. Any other requested revision (or none) is answered
 *   with {@linkcode LATEST_REVISION}, and the requested string is never
 *   echoed back.
 * - **Modern** (stateless, {@linkcode MODERN_REVISION} `2026-07-28`): no
 *   handshake; each request names its version in
 *   `_meta["io.modelcontextprotocol/protocolVersion"]`, and `server/discover`
 *   ({@linkcode discover}) lists what the server supports.
 *
 * What a revision changes on the wire is a row of {@linkcode REVISIONS}:
 * JSON-RPC batches exist only in `2025-03-26`, `structuredContent` from
 * `2025-06-18` on, and the stateless shape (`resultType`, caching hints,
 * `serverInfo` in each result's `_meta`) only in `2026-07-28`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { negotiateRevision } from "./lifecycle.ts";
 * strictEqual(negotiateRevision("2024-11-05"), "2024-11-05");
 * strictEqual(negotiateRevision("1999-01-01"), "2025-11-25");
 * strictEqual(negotiateRevision("2026-07-28"), "2025-11-25");
 * ```
 *
 * @module
 */

import { VERSION } from "../mod.ts";
import { isObject } from "../wire/jsonrpc.ts";

/** A revision negotiated by the `initialize` handshake. */
export type LegacyRevision = "2024-11-05" | "2025-03-26" | "2025-06-18" | "2025-11-25";

/** A protocol revision the server implements, in either era. */
export type Revision = LegacyRevision | "2026-07-28";

/** What a revision changes on the wire. */
export interface RevisionFeatures {
  /** JSON-RPC batches (arrays of messages) are accepted. */
  readonly batches: boolean;
  /** Tool results carry `structuredContent`; older clients also get it as JSON text. */
  readonly structuredContent: boolean;
  /** Stateless: no handshake, `resultType` and caching hints on results. */
  readonly stateless: boolean;
}

/**
 * The implemented revisions, newest first, with what each changes.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { REVISIONS } from "./lifecycle.ts";
 * strictEqual(REVISIONS["2025-03-26"].batches, true);
 * strictEqual(REVISIONS["2026-07-28"].stateless, true);
 * ```
 */
export const REVISIONS: Readonly<Record<Revision, RevisionFeatures>> = {
  "2026-07-28": { batches: false, structuredContent: true, stateless: true },
  "2025-11-25": { batches: false, structuredContent: true, stateless: false },
  "2025-06-18": { batches: false, structuredContent: true, stateless: false },
  "2025-03-26": { batches: true, structuredContent: false, stateless: false },
  "2024-11-05": { batches: false, structuredContent: false, stateless: false },
};

/** The revision `initialize` answers when the client asks for one it does not implement. */
export const LATEST_REVISION: LegacyRevision = "2025-11-25";

/** The stateless revision, served per request from `_meta`. */
export const MODERN_REVISION = "2026-07-28" as const;

/**
 * Every revision the server supports, newest first: `server/discover`'s
 * `supportedVersions` and the `supported` list of a `-32022` error.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { SUPPORTED_VERSIONS } from "./lifecycle.ts";
 * strictEqual(SUPPORTED_VERSIONS[0], "2026-07-28");
 * strictEqual(SUPPORTED_VERSIONS.length, 5);
 * ```
 */
export const SUPPORTED_VERSIONS: readonly Revision[] = Object.keys(REVISIONS) as Revision[];

/**
 * Whether `value` names a revision the `initialize` handshake accepts.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { isRevision } from "./lifecycle.ts";
 * deepStrictEqual([isRevision("2025-06-18"), isRevision("2025-06-19"), isRevision("2026-07-28")], [
 *   true,
 *   false,
 *   false,
 * ]);
 * ```
 */
export function isRevision(value: unknown): value is LegacyRevision {
  return typeof value === "string" && Object.hasOwn(REVISIONS, value) &&
    !REVISIONS[value as Revision].stateless;
}

/**
 * The revision `initialize` answers with: the requested one when it is a
 * handshake revision, otherwise the latest. Never the requested string when
 * it is not implemented.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { negotiateRevision } from "./lifecycle.ts";
 * strictEqual(negotiateRevision(undefined), "2025-11-25");
 * ```
 */
export function negotiateRevision(requested: unknown): LegacyRevision {
  return isRevision(requested) ? requested : LATEST_REVISION;
}

/**
 * Who the server is (`serverInfo`): the same description and website as
 * `server.json`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { SERVER_INFO } from "./lifecycle.ts";
 * strictEqual(SERVER_INFO.name, "interjson");
 * ```
 */
export const SERVER_INFO: {
  readonly name: "interjson";
  readonly title: string;
  readonly version: string;
  readonly description: string;
  readonly websiteUrl: string;
} = {
  name: "interjson",
  title: "InterJSON — the execution gate",
  version: VERSION,
  description:
    "Execution gate for LLM JSON: repairs what is safe, refuses to invent, returns a retry prompt.",
  websiteUrl: "https://github.com/interjson/interjson/blob/main/docs/INSTALL.md",
};

/**
 * What the model is told about using the server (`instructions`).
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { INSTRUCTIONS } from "./lifecycle.ts";
 * ok(INSTRUCTIONS.includes("interjson_gate"));
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
 * import { strictEqual } from "node:assert/strict";
 * import { CAPABILITIES } from "./lifecycle.ts";
 * strictEqual(CAPABILITIES.tools.listChanged, false);
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
 * import { strictEqual } from "node:assert/strict";
 * import { initialize } from "./lifecycle.ts";
 * const { revision, result } = initialize({ protocolVersion: "2025-06-18" });
 * strictEqual(revision, "2025-06-18");
 * strictEqual(result.serverInfo.name, "interjson");
 * ```
 */
export function initialize(params: unknown): {
  revision: LegacyRevision;
  result: {
    protocolVersion: LegacyRevision;
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

/** The `_meta` key naming a modern request's protocol version. */
export const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

/** The `_meta` key of the server's identity on a modern result. */
export const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

/**
 * How long a client may keep `server/discover` and `tools/list` (one hour:
 * the list is fixed for the life of the process; a new release may change it).
 */
export const LIST_TTL_MS = 3_600_000;

/**
 * The protocol version a request names in its `_meta`, or `undefined` when
 * it names none (a legacy request).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { requestedVersion } from "./lifecycle.ts";
 * strictEqual(requestedVersion({ _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } }), "2026-07-28");
 * strictEqual(requestedVersion({ name: "x" }), undefined);
 * ```
 */
export function requestedVersion(params: unknown): string | undefined {
  if (!isObject(params) || !isObject(params._meta)) return undefined;
  const version = params._meta[PROTOCOL_VERSION_KEY];
  return typeof version === "string" ? version : undefined;
}

/**
 * A modern (`2026-07-28`) result: the payload with `resultType: "complete"`
 * and the server's identity in `_meta`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { modernResult } from "./lifecycle.ts";
 * strictEqual(modernResult({ tools: [] }).resultType, "complete");
 * ```
 */
export function modernResult<T extends Record<string, unknown>>(
  payload: T,
): T & { resultType: "complete"; _meta: Record<string, unknown> } {
  return { ...payload, resultType: "complete", _meta: { [SERVER_INFO_KEY]: SERVER_INFO } };
}

/**
 * The `server/discover` result: every supported version, the capabilities,
 * the identity and the instructions, cacheable for {@linkcode LIST_TTL_MS}.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { discover } from "./lifecycle.ts";
 * deepStrictEqual(discover().capabilities, { tools: { listChanged: false } });
 * ```
 */
export function discover(): Record<string, unknown> & {
  supportedVersions: readonly Revision[];
  capabilities: typeof CAPABILITIES;
} {
  return modernResult({
    supportedVersions: SUPPORTED_VERSIONS,
    capabilities: CAPABILITIES,
    instructions: INSTRUCTIONS,
    ttlMs: LIST_TTL_MS,
    cacheScope: "public",
  });
}
