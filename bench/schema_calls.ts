/**
 * The two tool calls and their declarations shared by `bench/schema_bench.ts`
 * and `bench/schema_split.ts`: a ~100-byte call with a five-property schema
 * ({@linkcode SMALL}, {@linkcode SCHEMA}) and a 10 KB call of 110 items
 * ({@linkcode LARGE}, {@linkcode LARGE_SCHEMA}).
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { gate } from "../mod.ts";
 * import { LARGE, LARGE_SCHEMA, SCHEMA, SMALL } from "./schema_calls.ts";
 * ok(gate(SMALL, { schemaJson: SCHEMA }).executable);
 * ok(gate(LARGE, { schemaJson: LARGE_SCHEMA }).executable);
 * ```
 *
 * @module
 */

/** The five-property schema of the ~100-byte call. */
export const SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string", minLength: 1 },
    limit: { type: "integer", minimum: 1, maximum: 50 },
    sort: { enum: ["asc", "desc"] },
    safe: { type: "boolean" },
    tags: { type: "array", items: { type: "string" }, maxItems: 8 },
  },
  required: ["query", "limit"],
  additionalProperties: false,
};
/** The ~100-byte call, valid against {@linkcode SCHEMA}. */
export const SMALL = JSON.stringify({
  query: "weather in Paris tomorrow",
  limit: 10,
  sort: "desc",
  safe: true,
  tags: ["a", "b"],
});

/** One item of the 10 KB call. */
const ITEM = {
  type: "object",
  properties: {
    id: { type: "integer" },
    name: { type: "string", maxLength: 80 },
    score: { type: "number" },
    tags: { type: "array", items: { type: "string" } },
  },
  required: ["id", "name"],
};
/** The schema of the 10 KB call. */
export const LARGE_SCHEMA = {
  type: "object",
  properties: { query: { type: "string" }, items: { type: "array", items: ITEM } },
  required: ["query", "items"],
};
/** The 10 KB call: 110 items, valid against {@linkcode LARGE_SCHEMA}. */
export const LARGE = JSON.stringify({
  query: "inventory",
  items: Array.from({ length: 110 }, (_, i) => ({
    id: i,
    name: `item number ${i}`,
    score: i / 7,
    tags: ["x", "y"],
  })),
});
