/**
 * The text channel of a tool result: a short summary the model can act on.
 * The structured payload travels once, in `structuredContent`; the text is a
 * view of it, never a second copy (except for clients of revisions that
 * predate `structuredContent`, see {@linkcode toolResult}).
 *
 * The gate's summary is `decision=… executable=… exactness=…`, then
 * `error=<code> <message>` when there is an error, then
 * `retry (send this back to the model): <prompt>` when the call was refused,
 * or — when the call is executable and something was repaired —
 * `repaired text (execute this): <text>`, so that a model reading only the
 * text channel has the value to use. A repaired text longer than
 * {@linkcode SUMMARY_TEXT_LIMIT} characters is not copied: the line says how
 * long it is and that it is the `text` field of the structured result.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { renderReadiness } from "./render.ts";
 * strictEqual(
 *   renderReadiness({ syntax_permille: 1000, schema_permille: 800, settled_permille: 1000 }),
 *   "syntax_permille=1000 schema_permille=800 settled_permille=1000",
 * );
 * ```
 *
 * @module
 */

import type { Revision } from "./lifecycle.ts";
import { REVISIONS } from "./lifecycle.ts";
import type { ToolOutcome } from "./tools.ts";

/** A structured tool payload, as the renderers read it. */
export type Payload = Readonly<Record<string, unknown>>;

interface ErrorValue {
  code: string;
  message: string;
}

interface VerdictValue {
  total: number;
  satisfied: number;
  missing: string[];
  mismatched: { pointer: string; expected: string; found: string }[];
  ok: boolean;
}

function errorLine(error: unknown): string[] {
  if (!error) return [];
  const { code, message } = error as ErrorValue;
  return [`error=${code} ${message}`];
}

function verdictLine(label: string, verdict: unknown): string[] {
  if (!verdict) return [];
  const { total, satisfied, missing, mismatched } = verdict as VerdictValue;
  let line = `${label}: ${satisfied} of ${total} declared members satisfied`;
  if (missing.length > 0) line += `; missing ${missing.join(", ")}`;
  if (mismatched.length > 0) {
    line += `; mismatched ${
      mismatched.map((m) => `${m.pointer} (expected ${m.expected}, found ${m.found})`).join(", ")
    }`;
  }
  return [line];
}

/** The longest repaired text the gate's summary copies, in UTF-16 code units. */
export const SUMMARY_TEXT_LIMIT = 4096;

function repairedTextLine(result: Payload): string[] {
  const repairs = result.repairs as unknown[] | undefined;
  const repaired = result.exactness !== "exact" || (repairs !== undefined && repairs.length > 0);
  if (result.executable !== true || !repaired || typeof result.text !== "string") return [];
  const text = result.text;
  if (text.length <= SUMMARY_TEXT_LIMIT) return [`repaired text (execute this): ${text}`];
  return [
    `repaired text (execute this): ${text.length} characters, longer than this summary's ` +
    `limit of ${SUMMARY_TEXT_LIMIT}; it is the \`text\` field of the structured result`,
  ];
}

/**
 * The gate's summary.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { renderGate } from "./render.ts";
 * strictEqual(
 *   renderGate({ decision: "safe", executable: true, exactness: "exact", error: null, retry: null }),
 *   "decision=safe executable=true exactness=exact",
 * );
 * strictEqual(
 *   renderGate({
 *     decision: "cosmetic_repair", executable: true, exactness: "cosmetic", error: null,
 *     retry: null, repairs: [{}], text: '{"a":1}',
 *   }),
 *   'decision=cosmetic_repair executable=true exactness=cosmetic\nrepaired text (execute this): {"a":1}',
 * );
 * ```
 */
export function renderGate(result: Payload): string {
  const lines = [
    `decision=${result.decision} executable=${result.executable} exactness=${result.exactness}`,
    ...errorLine(result.error),
  ];
  const retry = result.retry as { prompt: string } | null;
  if (retry) lines.push(`retry (send this back to the model): ${retry.prompt}`);
  lines.push(...repairedTextLine(result));
  return lines.join("\n");
}

/**
 * The repair summary: the exactness line, then the repaired text.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { renderRepair } from "./render.ts";
 * strictEqual(
 *   renderRepair({
 *     text: "[1,2]", exactness: "cosmetic", ambiguous: false, completeness: "complete",
 *     repairs: [{}], repairs_truncated: false,
 *   }),
 *   "exactness=cosmetic ambiguous=false completeness=complete repairs=1\n[1,2]",
 * );
 * ```
 */
export function renderRepair(result: Payload): string {
  const repairs = result.repairs as unknown[];
  const count = `${repairs.length}${result.repairs_truncated ? "+" : ""}`;
  return `exactness=${result.exactness} ambiguous=${result.ambiguous} ` +
    `completeness=${result.completeness} repairs=${count}\n${result.text}`;
}

/**
 * The validate summary: `valid=…`, the declaration verdict, the error.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { renderValidate } from "./render.ts";
 * strictEqual(renderValidate({ valid: true }), "valid=true");
 * ```
 */
export function renderValidate(result: Payload): string {
  return [
    `valid=${result.valid}`,
    ...verdictLine("schema", result.schema),
    ...errorLine(result.error),
  ]
    .join("\n");
}

/**
 * The readiness summary: the three fractions, in per mille.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { renderReadiness } from "./render.ts";
 * strictEqual(
 *   renderReadiness({ syntax_permille: 500, schema_permille: 400, settled_permille: 500 }),
 *   "syntax_permille=500 schema_permille=400 settled_permille=500",
 * );
 * ```
 */
export function renderReadiness(result: Payload): string {
  return `syntax_permille=${result.syntax_permille} schema_permille=${result.schema_permille} ` +
    `settled_permille=${result.settled_permille}`;
}

/**
 * The `tools/call` result for an outcome, as the negotiated revision expects
 * it. The payload is in `structuredContent`, once; a session on a revision
 * that predates `structuredContent` (`2024-11-05`, `2025-03-26`) also gets it
 * serialized as a second text item, as the specification asks for backwards
 * compatibility, so that such a client can still read it. A failure is
 * `isError: true` with its message and no `structuredContent`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { toolResult } from "./render.ts";
 * const result = toolResult({ isError: true, summary: "`text` is required" }, "2025-11-25");
 * deepStrictEqual(result, { content: [{ type: "text", text: "`text` is required" }], isError: true });
 * ```
 */
export function toolResult(outcome: ToolOutcome, revision: Revision): {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
} {
  const content = [{ type: "text" as const, text: outcome.summary }];
  if (outcome.isError || outcome.structured === undefined) return { content, isError: true };
  if (!REVISIONS[revision].structuredContent) {
    content.push({ type: "text", text: JSON.stringify(outcome.structured) });
  }
  return { content, structuredContent: outcome.structured, isError: false };
}
