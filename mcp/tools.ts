/**
 * The four tools: their definitions as `tools/list` shows them (title,
 * description, `inputSchema`, closed `outputSchema`, annotations), argument
 * checking, and dispatch to the engine through its public API.
 *
 * A call ends one of three ways:
 * - a protocol error (`-32602`): unknown or missing tool name, `arguments`
 *   that is not an object — no tool ran;
 * - a tool execution failure (`isError: true`, a message, no
 *   `structuredContent`): arguments that do not match the `inputSchema`, an
 *   unknown profile or option (`E050`), a bad declaration (`E070`), and for
 *   `interjson_repair` a refusal under the profile;
 * - a success, with the structured payload — including every gate refusal
 *   (`executable: false`), which is the product working.
 *
 * @example
 * ```ts
 * import { callTool } from "./tools.ts";
 * import { strictEqual } from "node:assert/strict";
 * const call = callTool({ name: "interjson_gate", arguments: { text: '{"a":1}' } });
 * strictEqual(call.kind === "outcome" && call.outcome.structured?.executable, true);
 * ```
 *
 * @module
 */

import { CallerError, PROFILE_NAMES, type ProfileName } from "../mod.ts";
import { OPERATIONS, runOperation } from "../engine/operations.ts";
import { isObject, kindOf, RPC } from "../wire/jsonrpc.ts";

export type { ProfileName };
import { renderGate, renderReadiness, renderRepair, renderValidate } from "./render.ts";
import { closest } from "../engine/suggestion.ts";

/** A JSON Schema, as plain data. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * One tool as `tools/list` shows it.
 *
 * @example
 * ```ts
 * import { TOOLS } from "./tools.ts";
 * import { strictEqual } from "node:assert/strict";
 * const gateTool = TOOLS.find((tool) => tool.name === "interjson_gate");
 * strictEqual(gateTool?.title, "Gate: may I execute this?");
 * ```
 */
export interface ToolDefinition {
  /** The tool name, `interjson_*`. */
  readonly name: string;
  /** A short human-readable title. */
  readonly title: string;
  /** What the tool answers, for the model. */
  readonly description: string;
  /** The arguments: closed, `text` required. */
  readonly inputSchema: JsonSchema;
  /** The result: closed, with its required fields. */
  readonly outputSchema: JsonSchema;
  /** What the tool can do to the world: nothing. */
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: true;
    readonly destructiveHint: false;
    readonly idempotentHint: true;
    readonly openWorldHint: false;
  };
}

// ---------------------------------------------------------------------------
// Schema building blocks.

const EXACTNESS = {
  type: "string",
  enum: ["exact", "cosmetic", "lossy"],
  description:
    "exact: no change; cosmetic: notation only; lossy: content invented, dropped or changed",
} as const;

const AMBIGUITY_CLASS = { type: "string", enum: ["none", "syntactic", "semantic"] } as const;

const ERROR_OR_NULL = {
  type: ["object", "null"],
  description: "the first refusal as {code, message}, or null",
  properties: { code: { type: "string" }, message: { type: "string" } },
  required: ["code", "message"],
  additionalProperties: false,
} as const;

const REPAIRS = {
  type: "array",
  description: "every change the engine made (or hazard it found), in input order",
  items: {
    type: "object",
    properties: {
      rule: { type: "string", description: "rule code, R0NN" },
      name: { type: "string", description: "rule name" },
      offset: { type: "integer", minimum: 0, description: "UTF-16 offset in the input" },
      line: { type: "integer", minimum: 1 },
      column: { type: "integer", minimum: 1 },
      severity: EXACTNESS,
      ambiguity: AMBIGUITY_CLASS,
      confidence: { type: "number", minimum: 0, maximum: 1 },
    },
    required: ["rule", "name", "offset", "line", "column", "severity", "ambiguity", "confidence"],
    additionalProperties: false,
  },
} as const;

const COUNT = { type: "integer", minimum: 0 } as const;
const PERMILLE = { type: "integer", minimum: 0, maximum: 1000 } as const;

const VERDICT = {
  type: "object",
  description: "how the value meets its declaration",
  properties: {
    total: { ...COUNT, description: "declared members" },
    satisfied: { ...COUNT, description: "declared members present with the declared type" },
    missing: { type: "array", items: { type: "string" }, description: "JSON Pointers" },
    mismatched: {
      type: "array",
      items: {
        type: "object",
        properties: {
          pointer: { type: "string" },
          expected: { type: "string" },
          found: { type: "string" },
        },
        required: ["pointer", "expected", "found"],
        additionalProperties: false,
      },
    },
    ok: { type: "boolean" },
    omitted: { ...COUNT, description: "problems found beyond those listed" },
  },
  required: ["total", "satisfied", "missing", "mismatched", "ok"],
  additionalProperties: false,
} as const;

function closedObject(
  properties: Record<string, unknown>,
  required: readonly string[],
): JsonSchema {
  return { type: "object", properties, required, additionalProperties: false };
}

const TEXT_ARGUMENT = {
  type: "string",
  description: "The raw model output, exactly as the model emitted it.",
} as const;
const SCHEMA_ARGUMENT = {
  type: "string",
  description:
    "Optional declaration of what the value must be, e.g. {!query:string,!limit:integer} " +
    "(`!` marks a required member). Give schema or schema_json, not both.",
} as const;
const SCHEMA_JSON_ARGUMENT = {
  type: "object",
  description: "Optional JSON Schema (2020-12 by default; 2019-09, draft-07/06/04 by $schema): " +
    "typically the inputSchema of the tool about to be called. Annotations and unknown " +
    "keywords are accepted (they assert nothing) unless strict_keywords is true; remote $ref " +
    "(but to the standard meta-schemas), $dynamicRef and $vocabulary are refused.",
} as const;
const STRICT_KEYWORDS_ARGUMENT = {
  type: "boolean",
  description: "Optional, with schema_json only: true refuses a keyword the schema's dialect " +
    "does not define (E070, as ajv's strict mode) instead of accepting it as an annotation. " +
    "Default false.",
} as const;

function profileArgument(defaultText: string): JsonSchema {
  return {
    type: "string",
    enum: PROFILE_NAMES,
    description: `Safety profile. ${defaultText} permissive repairs anything; interactive ` +
      "accepts only completing a truncated tail; execution and agent accept notation fixes " +
      "only and refuse ambiguity (agent also skips prose around the value); strict accepts " +
      "RFC 8259 JSON only.",
  };
}

function inputSchema(withProfile: JsonSchema | undefined): JsonSchema {
  const properties: Record<string, unknown> = {
    text: TEXT_ARGUMENT,
    schema: SCHEMA_ARGUMENT,
    schema_json: SCHEMA_JSON_ARGUMENT,
    strict_keywords: STRICT_KEYWORDS_ARGUMENT,
  };
  if (withProfile) properties.profile = withProfile;
  return closedObject(properties, ["text"]);
}

function annotations(title: string): ToolDefinition["annotations"] {
  return {
    title,
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  };
}

/** The twenty fields of a gate result, in wire order. */
export const GATE_FIELDS = [
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
] as const;

const GATE_OUTPUT = closedObject({
  decision: {
    type: "string",
    enum: ["safe", "cosmetic_repair", "lossy_repair", "ambiguous", "invalid"],
  },
  label: { type: "string", description: "the decision in words, e.g. SAFE TO EXECUTE" },
  exactness: EXACTNESS,
  ambiguous: { type: "boolean" },
  information_loss: {
    type: "boolean",
    description: "a repair invented, dropped or changed content",
  },
  valid_json: { type: "boolean", description: "the input was legal JSON as written" },
  normalized: { type: "boolean", description: "the value changed only in notation" },
  ambiguity: AMBIGUITY_CLASS,
  execution: { type: "string", enum: ["allowed", "blocked"] },
  executable: {
    type: "boolean",
    description: "the only field to branch on: execute the value only when true",
  },
  syntax_ready_permille: { ...PERMILLE, description: "input fraction at which syntax was final" },
  schema_total: COUNT,
  schema_satisfied: COUNT,
  schema_missing: { type: "array", items: { type: "string" } },
  error: ERROR_OR_NULL,
  repairs: REPAIRS,
  retry: {
    type: ["object", "null"],
    description: "when not executable: {code, prompt}, the prompt to send back to the model",
    properties: { code: { type: "string" }, prompt: { type: "string", minLength: 1 } },
    required: ["code", "prompt"],
    additionalProperties: false,
  },
  repairs_truncated: { type: "boolean" },
  value: { description: "the parsed value when executable; null otherwise" },
  text: { type: "string", description: 'the value rendered as JSON when executable; "" otherwise' },
}, GATE_FIELDS);

/** The six fields of a repair result, in wire order. */
export const REPAIR_FIELDS = [
  "text",
  "exactness",
  "ambiguous",
  "completeness",
  "repairs",
  "repairs_truncated",
] as const;

const REPAIR_OUTPUT = closedObject({
  text: { type: "string", description: "the repaired document" },
  exactness: EXACTNESS,
  ambiguous: { type: "boolean" },
  completeness: { type: "string", enum: ["complete", "truncated"] },
  repairs: REPAIRS,
  repairs_truncated: { type: "boolean" },
}, REPAIR_FIELDS);

/** The fields of a validate result, in wire order (only `valid` is always there). */
export const VALIDATE_FIELDS = [
  "valid",
  "schema",
  "error",
  "repaired",
  "exactness",
  "ambiguous",
  "repairs",
] as const;

const VALIDATE_OUTPUT = closedObject({
  valid: { type: "boolean", description: "legal JSON, and satisfying the declaration if any" },
  schema: VERDICT,
  error: ERROR_OR_NULL,
  repaired: { type: "string", description: "what a repair would make of the text" },
  exactness: EXACTNESS,
  ambiguous: { type: "boolean" },
  repairs: REPAIRS,
}, ["valid"]);

/** The fields of a readiness result, in wire order (the first four always there). */
export const READINESS_FIELDS = [
  "syntax_permille",
  "schema_permille",
  "settled_permille",
  "step",
  "verdict",
] as const;

const READINESS_OUTPUT = closedObject({
  syntax_permille: { ...PERMILLE, description: "input fraction at which the syntax is final" },
  schema_permille: {
    ...PERMILLE,
    description: "input fraction at which declared members are final",
  },
  settled_permille: { ...PERMILLE, description: "input fraction at which both are final" },
  step: {
    ...COUNT,
    description: "UTF-16 code units of input after which no declared member can change",
  },
  verdict: VERDICT,
}, ["syntax_permille", "schema_permille", "settled_permille", "step"]);

/**
 * The four tools, in the order `tools/list` shows them.
 *
 * @example
 * ```ts
 * import { TOOLS } from "./tools.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(TOOLS.map((tool) => tool.name), [
 *   "interjson_gate",
 *   "interjson_repair",
 *   "interjson_validate",
 *   "interjson_readiness",
 * ]);
 * ```
 */
export const TOOLS: readonly ToolDefinition[] = [
  {
    name: "interjson_gate",
    title: "Gate: may I execute this?",
    description: "Call this with the raw text of tool-call arguments BEFORE executing them. " +
      "Answers whether the text may be executed as written: execute only when `executable` is " +
      "true, using `value`. When it is false, do not execute: send `retry.prompt` back to the " +
      "model unchanged and gate the re-emitted arguments. Pass the target tool's inputSchema as " +
      "schema_json to check the arguments against it. Profile defaults to agent.",
    inputSchema: inputSchema(profileArgument("Default: agent, whatever the server default.")),
    outputSchema: GATE_OUTPUT,
    annotations: annotations("Gate: may I execute this?"),
  },
  {
    name: "interjson_repair",
    title: "Repair malformed JSON",
    description: "Repairs malformed or truncated JSON and reports every change it made " +
      "(exactness: exact, cosmetic or lossy). A profile that refuses the needed repair makes the " +
      "call fail with the error. Repaired text is for display: use interjson_gate before " +
      "executing anything.",
    inputSchema: inputSchema(profileArgument("Default: the server's --policy, else permissive.")),
    outputSchema: REPAIR_OUTPUT,
    annotations: annotations("Repair malformed JSON"),
  },
  {
    name: "interjson_validate",
    title: "Validate without repairing",
    description: "Answers whether the text is legal JSON as written and, with a declaration, " +
      "whether it satisfies it. Never repairs into its verdict; when the text is repairable it " +
      "also says what a repair would change.",
    inputSchema: inputSchema(undefined),
    outputSchema: VALIDATE_OUTPUT,
    annotations: annotations("Validate without repairing"),
  },
  {
    name: "interjson_readiness",
    title: "When do fields become final?",
    description: "Measures at which fraction of the input (per mille) the syntax, the declared " +
      "members, and both together were already final: what a host needs to stop a generation " +
      "early.",
    inputSchema: inputSchema(undefined),
    outputSchema: READINESS_OUTPUT,
    annotations: annotations("When do fields become final?"),
  },
];

/** The tool names, in order. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((tool) => tool.name);

// ---------------------------------------------------------------------------
// Calls.

/**
 * What a tool call produced: a failure message (`isError: true`) or a
 * structured payload with its summary.
 *
 * @example
 * ```ts
 * import type { ToolOutcome } from "./tools.ts";
 * import { strictEqual } from "node:assert/strict";
 * const outcome: ToolOutcome = { isError: true, summary: "`text` is required" };
 * strictEqual(outcome.isError, true);
 * ```
 */
export interface ToolOutcome {
  /** True for a tool execution failure. */
  readonly isError: boolean;
  /** The text channel: a summary for the model, or the failure message. */
  readonly summary: string;
  /** The payload, matching the tool's `outputSchema`; absent when `isError`. */
  readonly structured?: Record<string, unknown>;
}

/**
 * A `tools/call` answered: either an outcome or a JSON-RPC protocol error.
 *
 * @example
 * ```ts
 * import type { ToolCall } from "./tools.ts";
 * import { strictEqual } from "node:assert/strict";
 * const call: ToolCall = { kind: "protocol_error", code: -32602, message: "unknown tool `x`" };
 * strictEqual(call.kind, "protocol_error");
 * ```
 */
export type ToolCall =
  | { readonly kind: "outcome"; readonly outcome: ToolOutcome }
  | { readonly kind: "protocol_error"; readonly code: number; readonly message: string };

/** Server-level settings a call may depend on. */
export interface ToolSettings {
  /** The process-level `--policy`: the profile of `interjson_repair` when none is given. */
  readonly policy?: ProfileName;
}

interface Arguments {
  text: string;
  schema?: string;
  schemaJson?: unknown;
  strictKeywords?: boolean;
  profile?: string;
}

const CALLER_ERRORS = new Set(["E050", "E070"]);

function failed(summary: string): ToolOutcome {
  return { isError: true, summary };
}

/**
 * The wire fields of a result, in order; an error goes on the wire as
 * `{code, message}` (its position fields stay in the library).
 */
function pick<T extends { error?: WireError | null }, K extends keyof T & string>(
  source: T,
  fields: readonly K[],
): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    if (source[field] !== undefined) picked[field] = source[field];
  }
  if (source.error && Object.hasOwn(picked, "error")) {
    picked.error = { code: source.error.code, message: source.error.message };
  }
  return picked;
}

/** What of an engine error the wire carries. */
interface WireError {
  readonly code: string;
  readonly message: string;
}

/** Checks arguments against the tool's inputSchema; a string is the complaint. */
function readArguments(tool: ToolDefinition, raw: Record<string, unknown>): Arguments | string {
  const accepted = Object.keys(tool.inputSchema.properties as Record<string, unknown>);
  for (const key of Object.keys(raw)) {
    if (!accepted.includes(key)) {
      return `unknown argument \`${key}\` for ${tool.name} (did you mean \`${
        closest(key, accepted)
      }\`?); it accepts ${accepted.join(", ")}`;
    }
  }
  if (!Object.hasOwn(raw, "text")) {
    return `\`text\` is required: pass the raw model output to ${tool.name} as a string`;
  }
  if (typeof raw.text !== "string") return `\`text\` must be a string, got ${kindOf(raw.text)}`;
  if (raw.schema !== undefined && typeof raw.schema !== "string") {
    return `\`schema\` must be a string (a declaration), got ${kindOf(raw.schema)}`;
  }
  if (raw.schema_json !== undefined && !isObject(raw.schema_json)) {
    return `\`schema_json\` must be an object (a JSON Schema), got ${kindOf(raw.schema_json)}`;
  }
  if (raw.schema !== undefined && raw.schema_json !== undefined) {
    return "give either `schema` or `schema_json`, not both";
  }
  if (raw.strict_keywords !== undefined && typeof raw.strict_keywords !== "boolean") {
    return `\`strict_keywords\` must be true or false, got ${kindOf(raw.strict_keywords)}`;
  }
  if (raw.strict_keywords === true && raw.schema_json === undefined) {
    return "`strict_keywords` refuses unknown keywords of a JSON Schema: give `schema_json`, " +
      "or drop `strict_keywords`";
  }
  if (raw.profile !== undefined && typeof raw.profile !== "string") {
    return `\`profile\` must be a string, one of ${PROFILE_NAMES.join(", ")}; got ${
      kindOf(raw.profile)
    }`;
  }
  return {
    text: raw.text,
    schema: raw.schema as string | undefined,
    schemaJson: raw.schema_json,
    strictKeywords: raw.strict_keywords === true,
    profile: raw.profile as string | undefined,
  };
}

function declaration(
  args: Arguments,
): { schema?: string; schemaJson?: unknown; strictKeywords?: boolean } {
  if (args.schema !== undefined) return { schema: args.schema };
  if (args.schemaJson === undefined) return {};
  return args.strictKeywords
    ? { schemaJson: args.schemaJson, strictKeywords: true }
    : { schemaJson: args.schemaJson };
}

type Runner = (args: Arguments, settings: ToolSettings) => ToolOutcome;

const RUNNERS: Readonly<Record<string, Runner>> = {
  interjson_gate(args) {
    const profile = (args.profile ?? OPERATIONS.gate.defaultProfile) as ProfileName;
    const result = runOperation("gate", args.text, { ...declaration(args), profile });
    if (result.error && CALLER_ERRORS.has(result.error.code)) return failed(result.error.message);
    const structured = pick(result, GATE_FIELDS);
    return { isError: false, summary: renderGate(structured), structured };
  },
  interjson_repair(args, settings) {
    const profile = (args.profile ?? settings.policy) as ProfileName | undefined;
    const options = profile === undefined ? declaration(args) : { ...declaration(args), profile };
    const result = runOperation("repair", args.text, options);
    if (result.error) return failed(result.error.message);
    const structured = pick(result, REPAIR_FIELDS);
    return { isError: false, summary: renderRepair(structured), structured };
  },
  interjson_validate(args) {
    const result = runOperation("validate", args.text, declaration(args));
    if (result.error && CALLER_ERRORS.has(result.error.code)) return failed(result.error.message);
    const structured = pick(result, VALIDATE_FIELDS);
    return { isError: false, summary: renderValidate(structured), structured };
  },
  interjson_readiness(args) {
    const result = runOperation("readiness", args.text, declaration(args));
    if (result.error) return failed(result.error.message);
    const structured = pick(result, READINESS_FIELDS);
    return { isError: false, summary: renderReadiness(structured), structured };
  },
};

/**
 * Runs a `tools/call` from its params.
 *
 * @example
 * ```ts
 * import { callTool } from "./tools.ts";
 * import { match } from "node:assert/strict";
 * const call = callTool({ name: "interjson_gat", arguments: { text: "{}" } });
 * match(call.kind === "protocol_error" ? call.message : "", /did you mean `interjson_gate`/);
 * // unknown tool `interjson_gat` (did you mean `interjson_gate`?); the tools are ...
 * ```
 */
export function callTool(params: unknown, settings: ToolSettings = {}): ToolCall {
  const invalid = (message: string): ToolCall => ({
    kind: "protocol_error",
    code: RPC.INVALID_PARAMS,
    message,
  });
  if (!isObject(params)) return invalid("tools/call needs params: an object with `name`");
  if (!Object.hasOwn(params, "name")) {
    return invalid(`tools/call needs \`name\`, one of ${TOOL_NAMES.join(", ")}`);
  }
  const name = params.name;
  if (typeof name !== "string") {
    return invalid(`\`name\` must be a string, one of ${TOOL_NAMES.join(", ")}`);
  }
  const tool = TOOLS.find((candidate) => candidate.name === name);
  if (!tool) {
    return invalid(
      `unknown tool \`${name}\` (did you mean \`${closest(name, TOOL_NAMES)}\`?); ` +
        `the tools are ${TOOL_NAMES.join(", ")}`,
    );
  }
  const raw = params.arguments === undefined ? {} : params.arguments;
  if (!isObject(raw)) return invalid(`\`arguments\` must be an object, got ${kindOf(raw)}`);
  const args = readArguments(tool, raw);
  if (typeof args === "string") return { kind: "outcome", outcome: failed(args) };
  try {
    return { kind: "outcome", outcome: RUNNERS[tool.name](args, settings) };
  } catch (error) {
    // A mistake of the host (E050 option, E070 declaration) is the caller's to fix.
    if (error instanceof CallerError) return { kind: "outcome", outcome: failed(error.message) };
    throw error;
  }
}
