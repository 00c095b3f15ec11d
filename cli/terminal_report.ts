/**
 * The report `gate`, `repair` and `validate` print for a person: when stdout
 * is a terminal (and `--json` is not given), instead of the JSON result.
 *
 * - the verdict first (executable or refused, its label, the exit code), for
 *   `gate` then the syntax decision and what became of the declaration
 *   ("syntax: safe; declaration: not satisfied"), and the error when there
 *   is one;
 * - the input excerpt, with a caret line under each repair labelled by its
 *   rule and coloured by its severity: cosmetic (cyan), lossy (red),
 *   ambiguous (magenta);
 * - the retry prompt when refused, and the value when executable.
 *
 * Colours are ANSI escapes, used only when asked ({@linkcode ReportStyle}):
 * the command line turns them off for `NO_COLOR` and `--color=never`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gate } from "../mod.ts";
 * import { gateReport } from "./terminal_report.ts";
 * const text = '{"query":"weather in Par';
 * const report = gateReport(gate(text), text, { color: false });
 * strictEqual(report.split("\n")[0], "REFUSED: REJECT (a value was changed) [exit 1]");
 * strictEqual(report.split("\n")[1], "  syntax: lossy_repair; no declaration");
 * ```
 *
 * @module
 */

import type { GateResult, RepairResult, ValidateResult } from "../mod.ts";
import type { EngineError } from "../engine/errors.ts";
import type { Repair } from "../engine/rules.ts";
import { retryPrompt } from "../engine/retry.ts";

/** How the report is drawn. */
export interface ReportStyle {
  /** ANSI colours on. */
  readonly color: boolean;
  /** The terminal's width in columns, when known: a line that fits is never cut. */
  readonly columns?: number;
}

/** The three kinds of repair a caret is coloured by. */
export type RepairKind = "cosmetic" | "lossy" | "ambiguous";

const SGR: Readonly<Record<RepairKind | "ok" | "refused" | "dim" | "bold", string>> = {
  cosmetic: "36",
  lossy: "31",
  ambiguous: "35",
  ok: "1;32",
  refused: "1;31",
  dim: "2",
  bold: "1",
};

function paint(style: ReportStyle, kind: keyof typeof SGR, text: string): string {
  return style.color ? `\x1b[${SGR[kind]}m${text}\x1b[0m` : text;
}

/**
 * The kind a repair is coloured by: `ambiguous` when it has more than one
 * reading, else its severity.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { repairKind } from "./terminal_report.ts";
 * strictEqual(repairKind({ severity: "lossy", ambiguity: "semantic" }), "ambiguous");
 * strictEqual(repairKind({ severity: "cosmetic", ambiguity: "none" }), "cosmetic");
 * ```
 */
export function repairKind(repair: Pick<Repair, "severity" | "ambiguity">): RepairKind {
  if (repair.ambiguity !== "none") return "ambiguous";
  return repair.severity === "lossy" ? "lossy" : "cosmetic";
}

/** Lines of the excerpt shown at most; the JSON result lists every repair. */
const MAX_EXCERPT_LINES = 12;
/** Code units shown of a long line when the terminal's width is unknown. */
const WINDOW = 100;
const LEAD = 30;
/** Characters of a value shown before it is cut. */
const MAX_VALUE = 2000;

interface Excerpt {
  line: number;
  start: number;
  end: number;
  lineStart: number;
  lineEnd: number;
  repairs: Repair[];
}

function lineBounds(text: string, offset: number): [number, number] {
  const at = Math.min(offset, text.length);
  const start = text.lastIndexOf("\n", at - 1) + 1;
  let end = text.indexOf("\n", at);
  if (end < 0) end = text.length;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  return [start, end];
}

/**
 * Groups repairs (in input order) into excerpts: one per line, or per window
 * of a line longer than `window`; a line that fits is shown whole.
 */
function excerptsOf(text: string, repairs: readonly Repair[], window: number): Excerpt[] {
  const excerpts: Excerpt[] = [];
  for (const repair of repairs) {
    const last = excerpts.at(-1);
    if (last && repair.line === last.line && repair.offset < last.end) {
      last.repairs.push(repair);
      continue;
    }
    const [lineStart, lineEnd] = lineBounds(text, repair.offset);
    const start = lineEnd - lineStart <= window
      ? lineStart
      : Math.max(lineStart, Math.min(repair.offset - LEAD, lineEnd - window));
    excerpts.push({
      line: repair.line,
      start,
      end: Math.min(lineEnd, start + window),
      lineStart,
      lineEnd,
      repairs: [repair],
    });
  }
  return excerpts;
}

/** Text for one terminal column per code point: controls and tabs become spaces. */
function visible(text: string): string {
  let out = "";
  for (const char of text) {
    const c = char.codePointAt(0)!;
    out += c < 32 || c === 0x7f ? " " : char;
  }
  return out;
}

function columns(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * The input excerpt: each line (or window of a long line) that holds a
 * repair, then a caret line under each repair, labelled with its rule.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { repair } from "../mod.ts";
 * import { excerpt } from "./terminal_report.ts";
 * const text = "[1,2,]";
 * strictEqual(
 *   excerpt(text, repair(text).repairs, { color: false }).join("\n"),
 *   "  1 | [1,2,]\n    |     ^ R005 TrailingComma (cosmetic)",
 * );
 * ```
 */
export function excerpt(text: string, repairs: readonly Repair[], style: ReportStyle): string[] {
  const width = String(Math.max(1, ...repairs.map((repair) => repair.line))).length;
  // The gutter ("  12 | ") and the two "…" take their columns; a caret label may wrap.
  const window = style.columns === undefined ? WINDOW : Math.max(20, style.columns - width - 7);
  const excerpts = excerptsOf(text, repairs, window);
  const shown = excerpts.slice(0, MAX_EXCERPT_LINES);
  const lines: string[] = [];
  for (const part of shown) {
    const head = part.start > part.lineStart ? "…" : "";
    const tail = part.end < part.lineEnd ? "…" : "";
    const gutter = `  ${String(part.line).padStart(width)} | `;
    const blank = `  ${" ".repeat(width)} | `;
    lines.push(
      paint(style, "dim", gutter) + head + visible(text.slice(part.start, part.end)) + tail,
    );
    for (const repair of part.repairs) {
      const before = Math.max(0, Math.min(repair.offset, text.length) - part.start);
      const column = head.length + columns(text.slice(part.start, part.start + before));
      const kind = repairKind(repair);
      const label = `^ ${repair.rule} ${repair.name} (${
        kind === "ambiguous" ? `${repair.severity}, ambiguous ${repair.ambiguity}` : kind
      })`;
      lines.push(paint(style, "dim", blank) + " ".repeat(column) + paint(style, kind, label));
    }
  }
  const hidden = excerpts.slice(MAX_EXCERPT_LINES).reduce((sum, e) => sum + e.repairs.length, 0);
  if (hidden > 0) lines.push(`  … ${hidden} more repairs (--json lists every one)`);
  return lines;
}

function indented(block: string): string[] {
  return block.split("\n").map((line) => `  ${line}`);
}

function cut(text: string): string {
  if (text.length <= MAX_VALUE) return text;
  return `${text.slice(0, MAX_VALUE)}… (${
    text.length - MAX_VALUE
  } more characters; --output=text prints all)`;
}

/** The parts every report has, in order. */
interface ReportParts {
  ok: boolean;
  verdict: string;
  detail: string;
  /** A second line under the verdict, or `null`. */
  reading: string | null;
  error: EngineError | null | undefined;
  text: string;
  repairs: readonly Repair[];
  truncated: boolean;
  prompt: string | null;
  valueTitle: string;
  value: string | null;
  notes: readonly string[];
}

function report(parts: ReportParts, style: ReportStyle): string {
  const lines = [
    paint(style, parts.ok ? "ok" : "refused", parts.verdict) + ` [${parts.detail}]`,
  ];
  if (parts.reading !== null) lines.push(`  ${parts.reading}`);
  if (parts.error) lines.push(`  ${parts.error.message}`);
  for (const note of parts.notes) lines.push(paint(style, "bold", `  hint: ${note}`));
  if (parts.repairs.length > 0) {
    const count = parts.truncated ? `more than ${parts.repairs.length}` : `${parts.repairs.length}`;
    lines.push("", `Repairs (${count}):`, ...excerpt(parts.text, parts.repairs, style));
  }
  if (parts.prompt !== null) {
    lines.push("", "Retry prompt (send it back to the model):", ...indented(parts.prompt));
  }
  if (parts.value !== null) lines.push("", `${parts.valueTitle}:`, ...indented(cut(parts.value)));
  return lines.join("\n") + "\n";
}

/**
 * What became of the declaration: `satisfied`, `not satisfied (…)`, or not
 * reached because the text was refused first; `null` without a declaration.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gate } from "../mod.ts";
 * import { declarationState } from "./terminal_report.ts";
 * strictEqual(declarationState(gate('{"a":"x"}', { schema: "{!a:string}" }), true), "satisfied (1 declared member)");
 * strictEqual(declarationState(gate("{}", { schema: "{!a:string}" }), true), "not satisfied (missing /a)");
 * strictEqual(declarationState(gate("{}"), false), null);
 * ```
 */
export function declarationState(
  result: Pick<GateResult, "executable" | "error" | "schema_total" | "schema_missing">,
  declared: boolean,
): string | null {
  if (!declared) return null;
  if (result.executable) {
    const total = result.schema_total;
    return total === 0
      ? "satisfied"
      : `satisfied (${total} declared member${total === 1 ? "" : "s"})`;
  }
  if (result.error?.code !== "E030") return "not reached (the text was refused first)";
  const missing = result.schema_missing;
  return missing.length === 0 ? "not satisfied" : `not satisfied (missing ${missing.join(", ")})`;
}

/**
 * The report of `interjson gate`: the verdict first (executable or refused,
 * the label, the exit code), then what the syntax and the declaration came
 * to, then the error, the repairs, and the retry prompt or the value.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gate } from "../mod.ts";
 * import { gateReport } from "./terminal_report.ts";
 * const text = "[1,2,]";
 * const lines = gateReport(gate(text), text, { color: false }).split("\n");
 * strictEqual(lines[0], "EXECUTABLE: SAFE TO EXECUTE (notation repaired) [exit 0]");
 * strictEqual(lines[1], "  syntax: cosmetic_repair; no declaration");
 * strictEqual(lines.at(-2), "  [1,2]");
 * const refused = gateReport(gate("{}", { schema: "{!a:string}" }), "{}", { color: false }, [], true);
 * strictEqual(refused.split("\n")[1], "  syntax: safe; declaration: not satisfied (missing /a)");
 * ```
 */
export function gateReport(
  result: GateResult,
  text: string,
  style: ReportStyle,
  notes: readonly string[] = [],
  declared = false,
): string {
  const declaration = declarationState(result, declared);
  return report({
    ok: result.executable,
    verdict: `${result.executable ? "EXECUTABLE" : "REFUSED"}: ${result.label}`,
    detail: `exit ${result.executable ? 0 : 1}`,
    reading: `syntax: ${result.decision}; ` +
      (declaration === null ? "no declaration" : `declaration: ${declaration}`),
    error: result.error,
    text,
    repairs: result.repairs,
    truncated: result.repairs_truncated,
    prompt: result.retry?.prompt ?? null,
    valueTitle: "Value (what may be executed)",
    value: result.executable ? result.text : null,
    notes,
  }, style);
}

/**
 * The report of `interjson repair`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { repair } from "../mod.ts";
 * import { repairReport } from "./terminal_report.ts";
 * const text = '{"a":1';
 * const first = repairReport(repair(text), text, { color: false }).split("\n")[0];
 * strictEqual(first, "REPAIRED: exactness lossy, truncated [exit 0]");
 * ```
 */
export function repairReport(
  result: RepairResult,
  text: string,
  style: ReportStyle,
  notes: readonly string[] = [],
): string {
  const ok = result.error === null;
  const shape = `exactness ${result.exactness}${result.ambiguous ? ", ambiguous" : ""}, ` +
    result.completeness;
  return report({
    ok,
    verdict: ok ? `REPAIRED: ${shape}` : `REFUSED: ${result.error!.code}`,
    detail: ok ? "exit 0" : `${shape}, exit 1`,
    reading: null,
    error: result.error,
    text,
    repairs: result.repairs,
    truncated: result.repairs_truncated,
    prompt: ok ? null : retryPrompt(result.error!, text),
    valueTitle: "Repaired text",
    value: ok ? result.text : null,
    notes,
  }, style);
}

/**
 * The report of `interjson validate`; with a declaration, a valid text says
 * it satisfies it.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { validate } from "../mod.ts";
 * import { validateReport } from "./terminal_report.ts";
 * const text = "[1,2,]";
 * const lines = validateReport(validate(text), text, { color: false }).split("\n");
 * strictEqual(lines[0], "INVALID: not JSON as written [exit 1]");
 * const declared = validateReport(validate("{}", { schema: "{a:string}" }), "{}", { color: false }, [], true);
 * strictEqual(declared.split("\n")[0], "VALID: JSON as written, declaration satisfied [exit 0]");
 * ```
 */
export function validateReport(
  result: ValidateResult,
  text: string,
  style: ReportStyle,
  notes: readonly string[] = [],
  declared = false,
): string {
  const why = result.error?.code === "E030" ? "fails its declaration" : "not JSON as written";
  const valid = declared
    ? "VALID: JSON as written, declaration satisfied"
    : "VALID: JSON as written";
  return report({
    ok: result.valid,
    verdict: result.valid ? valid : `INVALID: ${why}`,
    detail: `exit ${result.valid ? 0 : 1}`,
    reading: null,
    error: result.error,
    text,
    repairs: result.repairs ?? [],
    truncated: false,
    prompt: result.valid || !result.error ? null : retryPrompt(result.error, text),
    valueTitle: "A repair would give",
    value: result.repaired ?? null,
    notes,
  }, style);
}
