/**
 * The playground's built-in examples: one row per case a person debugging a
 * model's output meets first. Each row is a whole state (text, profile,
 * declaration) so that loading it reproduces the case exactly.
 *
 * @example
 * ```ts
 * import { EXAMPLES } from "./examples.ts";
 * import { ok } from "node:assert/strict";
 * ok(EXAMPLES.some((example) => example.id === "truncated"));
 * ```
 *
 * @module
 */

/**
 * One built-in example.
 *
 * @example
 * ```ts
 * import type { Example } from "./examples.ts";
 * import { strictEqual } from "node:assert/strict";
 * const example: Example = { id: "x", title: "X", text: "[1,", profile: "agent", schema: "" };
 * strictEqual(example.profile, "agent");
 * ```
 */
export interface Example {
  /** Stable id, used by the buttons and by tests. */
  readonly id: string;
  /** The button's text. */
  readonly title: string;
  /** What the model wrote. */
  readonly text: string;
  /** The profile to gate it under. */
  readonly profile: string;
  /** The declaration, in the declaration language or JSON Schema ("" for none). */
  readonly schema: string;
}

const FENCE = "```";

/**
 * The examples, in the order the page shows them.
 *
 * @example
 * ```ts
 * import { EXAMPLES } from "./examples.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(EXAMPLES.find((example) => example.id === "bidi")?.text.includes("\u202E"), true);
 * ```
 */
export const EXAMPLES: readonly Example[] = [
  {
    id: "truncated",
    title: "Truncated call",
    text: '{"command":"rm","args":["-rf","/tmp/build',
    profile: "agent",
    schema: "{!command:string,!args:[string]}",
  },
  {
    id: "chat",
    title: "Chat answer (fence, Python literals)",
    text: `Sure! Here are the arguments:\n${FENCE}json\n{"path": "/tmp/report.csv", ` +
      `"overwrite": False, "encoding": None,}\n${FENCE}\nLet me know if you need anything else.`,
    profile: "agent",
    schema: "{!path:string,overwrite:boolean,encoding:string|null}",
  },
  {
    id: "duplicate",
    title: "Duplicate key",
    text: '{"path": "/tmp/safe-to-delete", "recursive": true, "path": "/"}',
    profile: "agent",
    schema: "",
  },
  {
    id: "bidi",
    title: "Bidi attack",
    text: '{"attachment": "invoice_\u202Efdp.exe", "send": true}',
    profile: "agent",
    schema: "",
  },
  {
    id: "mismatch",
    title: "Declaration mismatch",
    text: '{"query": "weather in Paris", "limit": "ten"}',
    profile: "agent",
    schema: JSON.stringify({
      type: "object",
      properties: {
        query: { type: "string" },
        limit: { type: "integer" },
        units: { enum: ["c", "f"] },
      },
      required: ["query", "units"],
    }),
  },
];
