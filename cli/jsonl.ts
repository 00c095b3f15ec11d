/**
 * `interjson gate --jsonl FILE|-`: many model outputs at once, one per line,
 * as `jq` and `ajv -d` users expect. Each input line is a JSON string (the
 * model's output) or an object `{"text": …, "schema"?: …, "profile"?: …}`
 * (`schema` a declaration-language string or a JSON Schema object); the
 * command line's `--schema`, `--schema-json`, `--profile` and option flags
 * apply to every line that does not name its own. Blank lines are skipped.
 *
 * Each line's answer is one line of JSON, in input order: the gate's result
 * with the line number first (`{"line":N,…}`), or `{"line":N,"problem":…}`
 * for a line that is not a string or such an object, or whose declaration
 * or profile is wrong. A summary goes to stderr when stderr is a terminal.
 * Exit 0 when every line is executable, 1 when some was refused, 2 when some
 * line could not be gated at all.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gateLines } from "./jsonl.ts";
 * const batch = gateLines('"{\\"a\\":1}"\n{"text":"[1,2,]","profile":"strict"}\n', {});
 * strictEqual(batch.lines.length, 2);
 * strictEqual(JSON.parse(batch.lines[1]).executable, false);
 * strictEqual(batch.exitCode, 1);
 * ```
 *
 * @module
 */

import { CallerError, gate, type GateOptions, parseJson } from "../mod.ts";
import { isObject } from "../wire/jsonrpc.ts";

/** What a batch produced. */
export interface GatedLines {
  /** One output line per non-blank input line, without line feeds. */
  readonly lines: readonly string[];
  /** Input line numbers (1-based) gated executable. */
  readonly executable: readonly number[];
  /** Input line numbers refused. */
  readonly refused: readonly number[];
  /** Input line numbers that could not be gated (a problem line). */
  readonly problems: readonly number[];
  /** 0 all executable, 1 some refused, 2 some line not gated. */
  readonly exitCode: 0 | 1 | 2;
}

/** One input line read: the text and what it overrides, or the problem with it. */
type LineRequest = { text: string; options: GateOptions } | { problem: string };

const LINE_KEYS = ["text", "schema", "profile"];

function readLine(line: string, defaults: GateOptions): LineRequest {
  let parsed: unknown;
  try {
    parsed = parseJson(line);
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
  if (typeof parsed === "string") return { text: parsed, options: defaults };
  if (!isObject(parsed)) {
    return { problem: 'a line is a JSON string or an object {"text": …}' };
  }
  const unknown = Object.keys(parsed).find((key) => !LINE_KEYS.includes(key));
  if (unknown !== undefined) {
    return { problem: `unknown key \`${unknown}\` (keys: ${LINE_KEYS.join(", ")})` };
  }
  if (typeof parsed.text !== "string") return { problem: "`text` must be a string" };
  const options: Record<string, unknown> = { ...defaults };
  if (parsed.schema !== undefined) {
    delete options.schema;
    delete options.schemaJson;
    delete options.assertFormat;
    if (typeof parsed.schema === "string") options.schema = parsed.schema;
    else if (isObject(parsed.schema) || typeof parsed.schema === "boolean") {
      options.schemaJson = parsed.schema;
    } else return { problem: "`schema` must be a declaration string or a JSON Schema object" };
  }
  if (parsed.profile !== undefined) {
    if (typeof parsed.profile !== "string") return { problem: "`profile` must be a string" };
    options.profile = parsed.profile;
  }
  return { text: parsed.text, options: options as GateOptions };
}

/**
 * Gates every line of `input` under `defaults` (the command line's
 * declaration, profile and options).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { gateLines } from "./jsonl.ts";
 * const batch = gateLines('"[1]"\n\n42\n', {});
 * deepStrictEqual([batch.executable, batch.problems, batch.exitCode], [[1], [3], 2]);
 * ```
 */
export function gateLines(input: string, defaults: GateOptions): GatedLines {
  const lines: string[] = [];
  const executable: number[] = [], refused: number[] = [], problems: number[] = [];
  const rows = input.split("\n");
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index].endsWith("\r") ? rows[index].slice(0, -1) : rows[index];
    if (row.trim() === "") continue;
    const number = index + 1;
    const request = readLine(row, defaults);
    if ("problem" in request) {
      problems.push(number);
      lines.push(JSON.stringify({ line: number, problem: request.problem }));
      continue;
    }
    try {
      const result = gate(request.text, request.options);
      (result.executable ? executable : refused).push(number);
      lines.push(JSON.stringify({ line: number, ...result }));
    } catch (error) {
      if (!(error instanceof CallerError)) throw error;
      problems.push(number);
      lines.push(JSON.stringify({ line: number, problem: error.message }));
    }
  }
  const exitCode = problems.length > 0 ? 2 : refused.length > 0 ? 1 : 0;
  return { lines, executable, refused, problems, exitCode };
}

/**
 * The one-line summary for a person: counts, and the first refused and
 * unreadable line numbers.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gateLines, summaryLine } from "./jsonl.ts";
 * strictEqual(
 *   summaryLine(gateLines('"[1]"\n"[1,"\n', {})),
 *   "2 lines: 1 executable, 1 refused (line 2), 0 not gated",
 * );
 * ```
 */
export function summaryLine(batch: GatedLines): string {
  const list = (numbers: readonly number[]) => {
    if (numbers.length === 0) return "";
    const shown = numbers.slice(0, 10).join(", ");
    const more = numbers.length > 10 ? `, … ${numbers.length - 10} more` : "";
    return ` (line${numbers.length === 1 ? "" : "s"} ${shown}${more})`;
  };
  const total = batch.executable.length + batch.refused.length + batch.problems.length;
  return `${total} line${total === 1 ? "" : "s"}: ${batch.executable.length} executable, ` +
    `${batch.refused.length} refused${list(batch.refused)}, ` +
    `${batch.problems.length} not gated${list(batch.problems)}`;
}
