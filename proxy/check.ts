/**
 * `interjson proxy --check [--pin FILE] -- COMMAND…`: what the proxy would
 * make of a server's tools, before the server is put in a client's
 * configuration. For each tool it reports whether the `inputSchema`
 * compiles (or the engine's message naming the keyword that stops it), the
 * compile warnings of the compiled gate (`compiled.warnings`: each keyword
 * that is not checked, such as a vendor `x-order`, with its JSON pointer),
 * invisible Unicode in its metadata, and how it
 * compares with the lock file: `pinned`, `changed` (with the member-by-member
 * diff against the stored definition), `new`, or `first use` when the lock
 * file does not exist yet (the first run pins every tool). A tool is
 * servable when the proxy would serve it: the same rules as a running proxy,
 * `--policy` included.
 *
 * {@linkcode assessTools} is pure; {@linkcode renderTable} is the human
 * report for a terminal and {@linkcode renderJson} the report when piped.
 *
 * @example
 * ```ts
 * import { assessTools, renderJson } from "./check.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const report = await assessTools(
 *   [{ name: "echo", inputSchema: { type: "object" } }],
 *   { policy: EMPTY_POLICY, pins: null, profile: "execution" },
 * );
 * strictEqual(report.servable, true);
 * strictEqual(JSON.parse(renderJson(report)).tools[0].schema.compiles, true);
 * ```
 *
 * @module
 */

import type { CompileWarning, ProfileName } from "../mod.ts";
import { compileToolSchema } from "./gating.ts";
import { type DefinitionChange, definitionChanges } from "./pin_review.ts";
import { canonicalDefinition, type PinStatus, type PinStore, sha256 } from "./pinning.ts";
import { codePointLabel, poisonedField } from "./poisoning.ts";
import type { Policy } from "./policy.ts";

/**
 * What `--check` found for one tool.
 *
 * @example
 * ```ts
 * import type { ToolCheck } from "./check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const check: ToolCheck = {
 *   name: "echo", servable: true, reasons: [],
 *   schema: { compiles: true, problem: null, warnings: [] },
 *   poisoned: null, pin: null, changes: null,
 * };
 * strictEqual(check.servable, true);
 * ```
 */
export interface ToolCheck {
  /** The tool's name. */
  readonly name: string;
  /** Whether the proxy would serve it. */
  readonly servable: boolean;
  /** Why not, one sentence each. */
  readonly reasons: readonly string[];
  /**
   * The `inputSchema`: compiled, or the engine's message; the compiled
   * gate's warnings (keyword, pointer, kind and message of each keyword that
   * is not checked as written), none when it does not compile.
   */
  readonly schema: {
    readonly compiles: boolean;
    readonly problem: string | null;
    readonly warnings: readonly CompileWarning[];
  };
  /** The first invisible code point in its metadata, or `null`. */
  readonly poisoned: {
    readonly pointer: string;
    readonly codePoint: string;
    readonly kind: string;
  } | null;
  /** Against the lock file; `null` without `--pin`. */
  readonly pin: PinStatus | "first use" | null;
  /**
   * For a changed tool, the differences from its stored definition; `null`
   * when it did not change, or the lock file stores no definition for it
   * (or one that does not hash to its pin).
   */
  readonly changes: readonly DefinitionChange[] | null;
}

/**
 * The whole report: every tool in the server's order, and whether all are
 * servable (the exit code: 0 when they are, 1 otherwise).
 *
 * @example
 * ```ts
 * import type { CheckReport } from "./check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const report: CheckReport = { servable: true, tools: [] };
 * strictEqual(report.tools.length, 0);
 * ```
 */
export interface CheckReport {
  /** Whether every tool is servable. */
  readonly servable: boolean;
  /** One entry per tool. */
  readonly tools: readonly ToolCheck[];
}

/**
 * What the check is made against.
 *
 * @example
 * ```ts
 * import type { CheckSettings } from "./check.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const settings: CheckSettings = { policy: EMPTY_POLICY, pins: null, profile: "execution" };
 * strictEqual(settings.pins, null);
 * ```
 */
export interface CheckSettings {
  /** The `--policy` file, parsed. */
  readonly policy: Policy;
  /** The lock file's pins, or `null` without `--pin`. */
  readonly pins: PinStore | null;
  /** The profile a tool is compiled under unless the policy names one. */
  readonly profile: ProfileName;
}

/**
 * Assesses every tool the server offered.
 *
 * @example
 * ```ts
 * import { assessTools } from "./check.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const report = await assessTools(
 *   [{ name: "odd", inputSchema: { type: "object", properties: { x: { $ref: "https://e.com/x" } } } }],
 *   { policy: EMPTY_POLICY, pins: null, profile: "execution" },
 * );
 * strictEqual(report.servable, false);
 * strictEqual(report.tools[0].schema.problem?.startsWith("E070"), true);
 * // A vendor keyword is an annotation: servable, listed as a warning with its pointer.
 * const vendor = await assessTools(
 *   [{ name: "k", inputSchema: { type: "object", "x-order": 1 } }],
 *   { policy: EMPTY_POLICY, pins: null, profile: "execution" },
 * );
 * strictEqual(vendor.servable, true);
 * strictEqual(vendor.tools[0].schema.warnings[0].pointer, "/x-order");
 * ```
 */
export async function assessTools(
  tools: Iterable<Record<string, unknown>>,
  settings: CheckSettings,
): Promise<CheckReport> {
  const { policy, pins } = settings;
  const checks: ToolCheck[] = [];
  for (const tool of tools) {
    const name = String(tool.name);
    const reasons: string[] = [];
    if (policy.allowTools !== null && !policy.allowTools.has(name)) {
      reasons.push("it is not in the policy's allowTools");
    }
    const profile = policy.tools.get(name)?.profile ?? settings.profile;
    const compiled = compileToolSchema(tool.inputSchema, profile, policy.strictKeywords);
    if (!compiled.ok && !policy.allowUncompilable.has(name)) {
      reasons.push(`its inputSchema cannot be compiled (${compiled.problem})`);
    }
    const finding = poisonedField(tool);
    const poisoned = finding === null ? null : {
      pointer: finding.pointer || "/",
      codePoint: codePointLabel(finding.codePoint),
      kind: finding.kind,
    };
    if (poisoned !== null && !policy.allowPoisoned.has(name)) {
      reasons.push(
        `its metadata holds an invisible ${poisoned.kind} (${poisoned.codePoint}) at ${poisoned.pointer}`,
      );
    }
    let pin: ToolCheck["pin"] = null;
    let changes: DefinitionChange[] | null = null;
    if (pins !== null) {
      const canonical = canonicalDefinition(tool);
      const status = pins.status(name, await sha256(canonical));
      pin = status === "new" && pins.firstUse ? "first use" : status;
      if (pin === "new") reasons.push("it is not pinned");
      if (pin === "changed") {
        reasons.push("its definition changed since it was pinned");
        const stored = pins.definition(name);
        if (stored !== undefined && await sha256(stored) === pins.pin(name)) {
          changes = definitionChanges(stored, canonical);
        }
      }
    }
    checks.push({
      name,
      servable: reasons.length === 0,
      reasons,
      schema: {
        compiles: compiled.ok,
        problem: compiled.ok ? null : compiled.problem,
        warnings: compiled.ok ? compiled.gate.warnings : [],
      },
      poisoned,
      pin,
      changes,
    });
  }
  return { servable: checks.every((check) => check.servable), tools: checks };
}

/**
 * The report as JSON (two-space indented), for a pipe.
 *
 * @example
 * ```ts
 * import { renderJson } from "./check.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(renderJson({ servable: true, tools: [] }), '{\n  "servable": true,\n  "tools": []\n}\n');
 * ```
 */
export function renderJson(report: CheckReport): string {
  return JSON.stringify(report, null, 2) + "\n";
}

/** One warning's detail line: the keyword, its pointer, then the engine's words. */
function warningText(warning: CompileWarning): string {
  return `warning: ${warning.keyword} at ${warning.pointer}: ${warning.message}`;
}

/** The table's columns: heading and cell. */
const COLUMNS: readonly [string, (check: ToolCheck) => string][] = [
  ["TOOL", (check) => check.name],
  ["SERVABLE", (check) => (check.servable ? "yes" : "no")],
  ["SCHEMA", (check) => (check.schema.compiles ? "compiles" : "refused")],
  ["WARNINGS", (check) => String(check.schema.warnings.length)],
  ["POISONING", (check) => (check.poisoned === null ? "clean" : check.poisoned.kind)],
  ["PIN", (check) => check.pin ?? "-"],
];

/**
 * The report for a terminal: one table row per tool, then for each tool
 * that needs a look the details: why it is not servable, the compile
 * problem or warnings, and a changed tool's diff, member by member, with
 * the command that accepts it.
 *
 * @example
 * ```ts
 * import { renderTable } from "./check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = renderTable({ servable: true, tools: [{
 *   name: "echo", servable: true, reasons: [],
 *   schema: { compiles: true, problem: null, warnings: [] },
 *   poisoned: null, pin: "pinned", changes: null,
 * }] }, "tools.lock.json");
 * strictEqual(text.split("\n")[2], "echo  yes       compiles  0         clean      pinned");
 * const warned = renderTable({ servable: true, tools: [{
 *   name: "k", servable: true, reasons: [],
 *   schema: { compiles: true, problem: null, warnings: [{
 *     kind: "unknown-keyword", keyword: "x-order", pointer: "/x-order", message: "not checked",
 *   }] },
 *   poisoned: null, pin: null, changes: null,
 * }] });
 * strictEqual(warned.split("\n")[5], "  warning: x-order at /x-order: not checked");
 * ```
 */
export function renderTable(report: CheckReport, pinFile?: string): string {
  const rows = report.tools.map((check) => COLUMNS.map(([, cell]) => cell(check)));
  const widths = COLUMNS.map(([heading], i) =>
    Math.max(heading.length, ...rows.map((row) => row[i].length))
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ");
  const servable = report.tools.filter((check) => check.servable).length;
  const out = [
    `${report.tools.length} tool${report.tools.length === 1 ? "" : "s"}, ${servable} servable`,
    line(COLUMNS.map(([heading]) => heading)),
    ...rows.map(line),
  ];
  for (const check of report.tools) {
    const details: string[] = [];
    for (const reason of check.reasons) details.push(`  not served: ${reason}`);
    for (const warning of check.schema.warnings) details.push(`  ${warningText(warning)}`);
    if (check.pin === "changed" && check.changes === null) {
      details.push(
        "  the lock file stores no definition to compare with (accepted before it kept them)",
      );
    }
    for (const change of check.changes ?? []) {
      details.push(`  ${change.pointer}`);
      if (change.before !== undefined) details.push(`    - ${change.before}`);
      if (change.after !== undefined) details.push(`    + ${change.after}`);
    }
    if ((check.pin === "changed" || check.pin === "new") && pinFile !== undefined) {
      details.push(
        `  accept it with: interjson proxy --pin ${pinFile} --accept ${check.name} -- …`,
      );
    }
    if (details.length > 0) out.push("", `${check.name}:`, ...details);
  }
  return out.join("\n") + "\n";
}
