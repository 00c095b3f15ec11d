/**
 * The official MCP JSON Schemas (vendored in `tests/fixtures/mcp-schema/`),
 * compiled with Ajv: {@linkcode checkServerMessage} says what is wrong with a
 * message the server wrote, judged by the revision the session negotiated and
 * the method it answers.
 *
 * @example
 * ```ts ignore
 * import { checkServerMessage } from "./mcp_schema.ts";
 * const problems = checkServerMessage("2026-07-28", "ping", { jsonrpc: "2.0", id: 1, result: {} });
 * ```
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a dev-only dependency of the tests
import { Ajv } from "npm:ajv@8.17.1";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of the tests
import { Ajv2020 } from "npm:ajv@8.17.1/dist/2020.js";

/** The five revisions, as the fixture files are named. */
export const SCHEMA_REVISIONS = [
  "2024-11-05",
  "2025-03-26",
  "2025-06-18",
  "2025-11-25",
  "2026-07-28",
] as const;

/** A revision with a vendored schema. */
export type SchemaRevision = typeof SCHEMA_REVISIONS[number];

/** The result type each method answers with. */
const RESULT_OF: Readonly<Record<string, string>> = {
  initialize: "InitializeResult",
  ping: "EmptyResult",
  "tools/list": "ListToolsResult",
  "tools/call": "CallToolResult",
  "server/discover": "DiscoverResult",
};

// deno-lint-ignore no-explicit-any
type Validator = any;

const compiled = new Map<string, Validator>();
const engines = new Map<SchemaRevision, { ajv: Validator; defs: string }>();

function engine(revision: SchemaRevision): { ajv: Validator; defs: string } {
  let found = engines.get(revision);
  if (found) return found;
  const schema = JSON.parse(
    Deno.readTextFileSync(new URL(`./fixtures/mcp-schema/${revision}.json`, import.meta.url)),
  );
  const draft07 = schema.$schema.includes("draft-07");
  const options = { strict: false, allErrors: true, validateFormats: false };
  const ajv = draft07 ? new Ajv(options) : new Ajv2020(options);
  ajv.addSchema(schema, revision);
  found = { ajv, defs: draft07 ? "definitions" : "$defs" };
  engines.set(revision, found);
  return found;
}

function validate(revision: SchemaRevision, definition: string, value: unknown): string[] {
  const key = `${revision}#${definition}`;
  let check = compiled.get(key);
  if (!check) {
    const { ajv, defs } = engine(revision);
    check = ajv.compile({ $ref: `${revision}#/${defs}/${definition}` });
    compiled.set(key, check);
  }
  if (check(value)) return [];
  return (check.errors ?? []).map((e: { instancePath: string; message: string }) =>
    `${definition}${e.instancePath}: ${e.message}`
  );
}

/**
 * What is wrong with one message the server wrote, for a session on
 * `revision`, answering a request of `method` (empty when all is well). An
 * error response is checked as the revision's error envelope; a result as the
 * method's result type.
 */
export function checkServerMessage(
  revision: SchemaRevision,
  method: string | undefined,
  // deno-lint-ignore no-explicit-any
  message: any,
): string[] {
  const modernEnvelope = revision === "2025-11-25" || revision === "2026-07-28";
  if (message !== null && typeof message === "object" && "error" in message) {
    return validate(revision, modernEnvelope ? "JSONRPCErrorResponse" : "JSONRPCError", message);
  }
  const envelope = validate(
    revision,
    modernEnvelope ? "JSONRPCResultResponse" : "JSONRPCResponse",
    message,
  );
  const type = method === undefined ? undefined : RESULT_OF[method];
  if (type === undefined) return [...envelope, `no result type known for method ${method}`];
  return [...envelope, ...validate(revision, type, message?.result)];
}
