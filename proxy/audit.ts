/**
 * The audit log (`--audit FILE`): one JSON line per `tools/call`, appended.
 *
 * | field | meaning |
 * | --- | --- |
 * | `time` | when the call arrived, ISO 8601 UTC |
 * | `tool` | `params.name` |
 * | `id` | the client's JSON-RPC id (`null` for a call sent as a notification; an unsafe integer as its literal, in a string) |
 * | `decision` | `forwarded` (passed the gate), `refused` (answered by the proxy), `unlisted` (a tool the server never listed, forwarded unchanged) |
 * | `reason` | why it was refused: `gate`, `hidden`, `uncompilable`, `unlisted_variant`, `no_tool_list`; else `null` |
 * | `code` | the gate's error code (`E0NN`) for a gate refusal, else `null` |
 * | `repairs` | how many repairs the gate reported (cosmetic ones only on a forwarded call) |
 * | `arguments_sha256` | `sha256:` and the hex SHA-256 of the raw `arguments` bytes |
 * | `duration_ms` | from forwarding to the server's reply; `null` when not forwarded |
 * | `outcome` | `result`, `tool_error` (`isError: true`), `rpc_error`, `downstream_exited`, or `refused` |
 * | `arguments` | the raw arguments text, only with `--audit-values` (they may hold secrets) |
 *
 * @example
 * ```ts
 * import { AuditLog } from "./audit.ts";
 * import { strictEqual } from "node:assert/strict";
 * const lines: string[] = [];
 * const log = new AuditLog((line) => lines.push(line), false);
 * await log.record({
 *   time: "2026-01-01T00:00:00.000Z", tool: "echo", id: 1, decision: "refused", reason: "gate",
 *   code: "E031", repairs: 0, duration_ms: null, outcome: "refused",
 * }, '{"a":1,"a":2}');
 * strictEqual(JSON.parse(lines[0]).arguments_sha256.startsWith("sha256:"), true);
 * strictEqual("arguments" in JSON.parse(lines[0]), false);
 * ```
 *
 * @module
 */

import { sha256 } from "./pinning.ts";

/**
 * One audited call, before the arguments' hash is added.
 *
 * @example
 * ```ts
 * import type { AuditEntry } from "./audit.ts";
 * import { strictEqual } from "node:assert/strict";
 * const entry: AuditEntry = {
 *   time: "2026-01-01T00:00:00.000Z", tool: "echo", id: 1, decision: "forwarded", reason: null,
 *   code: null, repairs: 0, duration_ms: 0.4, outcome: "result",
 * };
 * strictEqual(entry.decision, "forwarded");
 * ```
 */
export interface AuditEntry {
  /** When the call arrived (ISO 8601). */
  readonly time: string;
  /** The tool name. */
  readonly tool: string;
  /** The client's id, or `null` for a notification. */
  readonly id: string | number | null;
  /** What the proxy did. */
  readonly decision: "forwarded" | "refused" | "unlisted";
  /** Why it refused, or `null`. */
  readonly reason: string | null;
  /** The gate's error code, or `null`. */
  readonly code: string | null;
  /** Repairs the gate reported. */
  readonly repairs: number;
  /** Milliseconds to the server's reply, or `null`. */
  readonly duration_ms: number | null;
  /** How the call ended. */
  readonly outcome: string;
}

/**
 * Writes audit lines through `write`, which must write each line whole (the
 * file sink appends each line with one write to a file opened for appending).
 *
 * @example
 * ```ts
 * import { AuditLog } from "./audit.ts";
 * import { strictEqual } from "node:assert/strict";
 * const lines: string[] = [];
 * const log = new AuditLog((line) => lines.push(line), true);
 * await log.record({
 *   time: "t", tool: "echo", id: "a", decision: "forwarded", reason: null, code: null,
 *   repairs: 0, duration_ms: 1.5, outcome: "result",
 * }, '{"msg":"hi"}');
 * strictEqual(JSON.parse(lines[0]).arguments, '{"msg":"hi"}');
 * strictEqual(lines[0].endsWith("\n"), true);
 * ```
 */
export class AuditLog {
  readonly #write: (line: string) => void;
  readonly #values: boolean;

  /**
   * @param write writes one whole line (with its LF)
   * @param values whether to include the raw arguments (`--audit-values`)
   */
  constructor(write: (line: string) => void, values: boolean) {
    this.#write = write;
    this.#values = values;
  }

  /** Appends the line of one call; `rawArguments` is hashed, and kept only with `values`. */
  async record(entry: AuditEntry, rawArguments: string): Promise<void> {
    const line: Record<string, unknown> = {
      ...entry,
      arguments_sha256: await sha256(rawArguments),
    };
    if (this.#values) line.arguments = rawArguments;
    this.#write(JSON.stringify(line) + "\n");
  }
}
