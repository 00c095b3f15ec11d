/**
 * Seed 000's "A real gate call", verbatim: the two request lines as a client
 * sends them, the text channel of the refusal, and the structured fields the
 * seed shows for both calls.
 *
 * @example
 * ```ts ignore
 * import { SEED_GATE_REQUEST } from "./mcp_seed.ts";
 * console.log(JSON.parse(SEED_GATE_REQUEST).id); // 2
 * ```
 *
 * @module
 */

/** The twenty fields of seed 000's `interjson_gate` result table, in its order. */
export const SEED_GATE_FIELDS: readonly string[] = [
  "decision",
  "label",
  "exactness",
  "ambiguous",
  "information_loss",
  "valid_json",
  "normalized",
  "ambiguity",
  "execution",
  "executable",
  "syntax_ready_permille",
  "schema_total",
  "schema_satisfied",
  "schema_missing",
  "error",
  "repairs",
  "retry",
  "repairs_truncated",
  "value",
  "text",
];

/** The truncated call (`id: 2`), exactly as the seed shows the line. */
export const SEED_GATE_REQUEST = String
  .raw`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"interjson_gate","arguments":{"text":"{\"query\":\"weather in Par","schema_json":{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"required":["query"]}}}}`;

/** The re-emitted call (`id: 3`), exactly as the seed shows the line. */
export const SEED_RETRY_REQUEST = String
  .raw`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"interjson_gate","arguments":{"text":"{\"query\":\"weather in Paris\",\"limit\":3}","schema_json":{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"required":["query"]}}}}`;

/** The tool's inputSchema, sent as `schema_json`. */
export const SEED_SCHEMA_JSON = {
  type: "object",
  properties: { query: { type: "string" }, limit: { type: "integer" } },
  required: ["query"],
};

/** `retry.prompt` of the refusal. */
export const SEED_RETRY_PROMPT = [
  "InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24).",
  "Reason: the text ends inside a string, so the arguments look cut off",
  'Context: {"query":"weather in Par',
  "                                 ^",
  "Re-emit the complete arguments: the whole JSON value, with nothing cut off.",
].join("\n");

/** `result.content[0].text` of the refusal: the whole text channel. */
export const SEED_TEXT_CHANNEL = [
  "decision=lossy_repair executable=false exactness=lossy",
  "error=E010 E010 StrictViolation at 1:25 (offset 24): R010 CloseString: exactness lossy exceeds max_loss cosmetic",
  `retry (send this back to the model): ${SEED_RETRY_PROMPT}`,
].join("\n");

/** The refusal's structured fields, as the seed shows them. */
export const SEED_REFUSAL = {
  decision: "lossy_repair",
  label: "REJECT (a value was changed)",
  exactness: "lossy",
  ambiguous: false,
  information_loss: true,
  valid_json: false,
  normalized: true,
  ambiguity: "none",
  execution: "blocked",
  executable: false,
  error: {
    code: "E010",
    message:
      "E010 StrictViolation at 1:25 (offset 24): R010 CloseString: exactness lossy exceeds max_loss cosmetic",
  },
  retry: { code: "E010", prompt: SEED_RETRY_PROMPT },
  value: null,
  text: "",
};

/** The second call's structured fields, as the seed shows them. */
export const SEED_ACCEPTED = {
  decision: "safe",
  label: "SAFE TO EXECUTE",
  exactness: "exact",
  executable: true,
  execution: "allowed",
  schema_total: 2,
  schema_satisfied: 2,
  schema_missing: [],
  error: null,
  retry: null,
  value: { query: "weather in Paris", limit: 3 },
};

/**
 * The members of `actual` named by `expected`: what to compare with a seed
 * excerpt that shows only some fields.
 */
export function subset(actual: Record<string, unknown>, expected: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key]]));
}
