/**
 * The OpenAPI 3.1 document of `interjson serve --http`, served at
 * `GET /openapi.json`: the four operations, `/healthz`, and their request,
 * result and error schemas (JSON Schema 2020-12, as OpenAPI 3.1 uses it).
 * Result schemas name every field the library returns and stay open to
 * additions; the error schema is closed.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { openApiDocument } from "./openapi.ts";
 * const document = openApiDocument("1.0.0");
 * strictEqual(document.openapi, "3.1.0");
 * strictEqual(Object.keys(document.paths).length, 6);
 * ```
 *
 * @module
 */

import { PROFILE_NAMES } from "../mod.ts";
import { SERVE_ERRORS } from "./errors.ts";

/** A JSON value as the document holds it. */
type Json = Readonly<Record<string, unknown>>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const STRING = { type: "string" } as const;
const BOOLEAN = { type: "boolean" } as const;
const COUNT = { type: "integer", minimum: 0 } as const;
const PERMILLE = { type: "integer", minimum: 0, maximum: 1000 } as const;

function object(properties: Record<string, unknown>, required: string[], open = true): Json {
  return { type: "object", properties, required, additionalProperties: open };
}

/** An error as a value: a refusal at a place of the input also carries its position and rule. */
const ENGINE_ERROR = object(
  { code: STRING, message: STRING, offset: COUNT, line: COUNT, column: COUNT, rule: STRING },
  ["code", "message"],
  false,
);

const SCHEMAS: Record<string, Json> = {
  Request: {
    ...object(
      {
        text: { type: "string", description: "the model's raw output" },
        schema: {
          type: "string",
          description: "a declaration, e.g. {!query:string,limit:integer}",
        },
        schema_json: { type: ["object", "boolean"], description: "a JSON Schema" },
        strict_keywords: {
          type: "boolean",
          description: "with schema_json: refuse a keyword its dialect does not define (E070) " +
            "instead of reading it as an annotation",
        },
        profile: { type: "string", enum: PROFILE_NAMES },
        options: ref("Options"),
      },
      ["text"],
      false,
    ),
    description: "gate and repair take all fields; validate and readiness take text, schema, " +
      "schema_json and strict_keywords only",
  },
  Options: object(
    {
      max_loss: { type: "string", enum: ["exact", "cosmetic", "lossy"] },
      allow_ambiguity: BOOLEAN,
      skip_prose: BOOLEAN,
      max_depth: { type: "integer", minimum: 1 },
      max_input: { type: "integer", minimum: 1 },
      max_token: { type: "integer", minimum: 1 },
    },
    [],
    false,
  ),
  EngineError: ENGINE_ERROR,
  Repair: object({
    rule: STRING,
    name: STRING,
    offset: COUNT,
    line: COUNT,
    column: COUNT,
    severity: { type: "string", enum: ["exact", "cosmetic", "lossy"] },
    ambiguity: { type: "string", enum: ["none", "syntactic", "semantic"] },
    confidence: { type: "number", minimum: 0, maximum: 1 },
  }, ["rule", "name", "offset", "severity", "ambiguity"]),
  GateResult: object({
    decision: {
      type: "string",
      enum: ["safe", "cosmetic_repair", "lossy_repair", "ambiguous", "invalid"],
    },
    label: STRING,
    exactness: { type: "string", enum: ["exact", "cosmetic", "lossy"] },
    ambiguous: BOOLEAN,
    information_loss: BOOLEAN,
    valid_json: BOOLEAN,
    normalized: BOOLEAN,
    ambiguity: { type: "string", enum: ["none", "syntactic", "semantic"] },
    execution: { type: "string", enum: ["allowed", "blocked"] },
    executable: { ...BOOLEAN, description: "the only field a host has to branch on" },
    syntax_ready_permille: PERMILLE,
    schema_total: COUNT,
    schema_satisfied: COUNT,
    schema_missing: { type: "array", items: STRING },
    error: { oneOf: [ref("EngineError"), { type: "null" }] },
    repairs: { type: "array", items: ref("Repair") },
    retry: {
      oneOf: [object({ code: STRING, prompt: STRING }, ["code", "prompt"], false), {
        type: "null",
      }],
      description: "the prompt to send back to the model; null exactly when executable",
    },
    repairs_truncated: BOOLEAN,
    value: { description: "the value when executable, else null" },
    text: { type: "string", description: "the value as JSON when executable, else empty" },
  }, ["decision", "executable", "execution", "error", "retry", "value", "text", "repairs"]),
  RepairResult: object({
    error: { oneOf: [ref("EngineError"), { type: "null" }] },
    text: STRING,
    value: {},
    exactness: { type: "string", enum: ["exact", "cosmetic", "lossy"] },
    ambiguous: BOOLEAN,
    completeness: { type: "string", enum: ["complete", "truncated"] },
    repairs: { type: "array", items: ref("Repair") },
    repairs_truncated: BOOLEAN,
  }, ["error", "text", "exactness", "repairs"]),
  Verdict: object({
    total: COUNT,
    satisfied: COUNT,
    missing: { type: "array", items: STRING },
    mismatched: { type: "array", items: { type: "object" } },
    ok: BOOLEAN,
  }, ["ok"]),
  ValidateResult: object({
    valid: BOOLEAN,
    schema: ref("Verdict"),
    error: { oneOf: [ref("EngineError"), { type: "null" }] },
    repaired: STRING,
    exactness: { type: "string", enum: ["exact", "cosmetic", "lossy"] },
    ambiguous: BOOLEAN,
    repairs: { type: "array", items: ref("Repair") },
  }, ["valid"]),
  ReadinessResult: object({
    syntax_permille: PERMILLE,
    schema_permille: PERMILLE,
    settled_permille: PERMILLE,
    step: COUNT,
    verdict: ref("Verdict"),
    error: ref("EngineError"),
  }, ["syntax_permille", "schema_permille", "settled_permille", "step"]),
  Error: {
    ...object(
      {
        code: { type: "string", enum: SERVE_ERRORS.map((e) => e.code) },
        message: STRING,
      },
      ["code", "message"],
      false,
    ),
    description: SERVE_ERRORS.map((e) => `${e.code} ${e.name}: ${e.when}`).join("; "),
  },
  Health: object({ status: { const: "ok" }, engine: ref("Engine") }, ["status", "engine"], false),
  Engine: object({ name: STRING, version: STRING }, ["name", "version"], false),
};

const OPERATIONS: readonly { name: string; result: string; summary: string }[] = [
  { name: "gate", result: "GateResult", summary: "May this output be executed as written?" },
  { name: "repair", result: "RepairResult", summary: "Repair the text under a profile" },
  { name: "validate", result: "ValidateResult", summary: "Is the text valid JSON, and declared?" },
  {
    name: "readiness",
    result: "ReadinessResult",
    summary: "Where the syntax and the declared members became final",
  },
];

function jsonContent(schema: Json): Json {
  return { "application/json": { schema } };
}

const ERROR_RESPONSES = {
  "400": {
    description: "the host's mistake (S001, S003, E050, E070), never the model's",
    content: jsonContent(ref("Error")),
  },
  "401": { description: "a token is configured and the bearer token is missing or wrong" },
  "403": { description: "the Host or Origin header is not this server's (DNS rebinding)" },
  "405": { description: "the method is not POST" },
  "413": { description: "the body is larger than 8 MiB" },
};

/**
 * The OpenAPI 3.1 document, for the given engine version.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { openApiDocument } from "./openapi.ts";
 * const document = openApiDocument("1.0.0");
 * strictEqual("/v1/gate" in document.paths, true);
 * ```
 */
export function openApiDocument(version: string): {
  openapi: string;
  paths: Record<string, unknown>;
  [key: string]: unknown;
} {
  const paths: Record<string, unknown> = {};
  for (const operation of OPERATIONS) {
    paths[`/v1/${operation.name}`] = {
      post: {
        operationId: operation.name,
        summary: operation.summary,
        requestBody: { required: true, content: jsonContent(ref("Request")) },
        responses: {
          "200": {
            description: `the library's ${operation.name} result; a refusal of the model's ` +
              "text is a result, not an error",
            content: jsonContent(ref(operation.result)),
          },
          ...ERROR_RESPONSES,
        },
      },
    };
  }
  paths["/healthz"] = {
    get: {
      operationId: "healthz",
      summary: "The server is up",
      responses: { "200": { description: "up", content: jsonContent(ref("Health")) } },
    },
  };
  paths["/openapi.json"] = {
    get: {
      operationId: "openapi",
      summary: "This document",
      responses: { "200": { description: "the OpenAPI 3.1 document" } },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "InterJSON gate",
      version,
      description: "The execution gate for LLM output: interjson serve --http. Branch on " +
        "`executable`; when it is false, send `retry.prompt` back to the model.",
      license: { name: "MIT", identifier: "MIT" },
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    paths,
    components: {
      schemas: SCHEMAS,
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
  };
}
