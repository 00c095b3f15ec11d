/**
 * One evaluation of the playground's state, pure and DOM-free: the gate's
 * answer, a display-only repair (the same profile with every loss and
 * ambiguity accepted, so that a refused input still shows what the engine
 * read), the declaration's verdict on that value, and the highlight marks,
 * one per input position that has repairs. A mistake of the host (unknown
 * profile, bad declaration) is caught as the library's `CallerError` and
 * answered as `hostError`, never thrown.
 *
 * Built on the public API (`mod.ts`) only.
 *
 * @example
 * ```ts
 * import { evaluate } from "./evaluate.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const answer = evaluate({ text: '{"a":1', profile: "agent", schema: "", lang: "auto" });
 * strictEqual(answer.result?.decision, "lossy_repair");
 * deepStrictEqual(answer.marks.map((mark) => [mark.start, mark.end]), [[5, 6], [6, 6]]);
 * ```
 *
 * @module
 */

import {
  CallerError,
  checkDeclaration,
  compileJsonSchema,
  type Declaration,
  gate,
  type GateOptions,
  type GateResult,
  parseDeclaration,
  type ProfileName,
  type Repair,
  repair,
  type RepairResult,
  type RepairRule,
  RULES,
  type Verdict,
} from "../mod.ts";
import { type DeclarationInput, type PlaygroundState, readDeclaration } from "./state.ts";

/**
 * A mistake of the host: shown as an option or declaration error, not a result.
 *
 * @example
 * ```ts
 * import { evaluate } from "./evaluate.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const { hostError } = evaluate({ text: "{}", profile: "agnet", schema: "", lang: "auto" });
 * deepStrictEqual([hostError?.code, hostError?.pointer], ["E050", "/profile"]);
 * ```
 */
export interface HostError {
  /** `E050` (options, profile) or `E070` (declaration). */
  code: string;
  /** JSON pointer of the offending option or keyword (`/profile`, `/schema`). */
  pointer: string;
  /** The whole message. */
  message: string;
}

/**
 * One highlight: the repairs made at one input position, and the span it covers.
 *
 * @example
 * ```ts
 * import { evaluate } from "./evaluate.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const [mark] = evaluate({ text: "[None]", profile: "agent", schema: "", lang: "auto" }).marks;
 * deepStrictEqual([mark.start, mark.end, mark.severity, mark.ambiguous], [1, 5, "cosmetic", false]);
 * ```
 */
export interface Mark {
  /** UTF-16 offset of the repairs; the span starts here. */
  start: number;
  /** End of the span (exclusive); equal to `start` at the end of the input. */
  end: number;
  /** The repairs at this offset, in input order. */
  repairs: Repair[];
  /** The worst severity among them. */
  severity: Repair["severity"];
  /** Whether any of them is ambiguous. */
  ambiguous: boolean;
}

/**
 * Everything the page renders for one state.
 *
 * @example
 * ```ts
 * import { evaluate } from "./evaluate.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const answer = evaluate({ text: "[1,2,]", profile: "agent", schema: "[integer]", lang: "auto" });
 * deepStrictEqual(
 *   [answer.result?.decision, answer.display?.text, answer.verdict?.ok, answer.declaration.kind],
 *   ["cosmetic_repair", "[1,2]", true, "language"],
 * );
 * ```
 */
export interface Evaluation {
  /** The state evaluated. */
  state: PlaygroundState;
  /** How the declaration box was read. */
  declaration: DeclarationInput;
  /** The host's mistake, when there is one (then `result` is null). */
  hostError: HostError | null;
  /** The gate's answer. */
  result: GateResult | null;
  /** The display-only repair (every loss and ambiguity accepted). */
  display: RepairResult | null;
  /** The declaration's verdict on the display value, when both exist. */
  verdict: Verdict | null;
  /** The highlights, in input order. */
  marks: Mark[];
}

const RULE_BY_CODE: ReadonlyMap<string, RepairRule> = new Map(
  RULES.map((rule) => [rule.code, rule]),
);

/**
 * The catalogue entry of a rule code, if the engine knows it.
 *
 * @example
 * ```ts
 * import { ruleOf } from "./evaluate.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(ruleOf("R015")?.name, "PythonLiteral");
 * ```
 */
export function ruleOf(code: string): RepairRule | undefined {
  return RULE_BY_CODE.get(code);
}

const DOCS = "https://github.com/interjson/interjson/blob/main/docs/";

/**
 * Where a rule is documented: its row in docs/RULES.md's catalogue, which
 * carries the anchor `rNNN` (`<a id="r010"></a>R010`).
 *
 * @example
 * ```ts
 * import { ruleDocsUrl } from "./evaluate.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(
 *   ruleDocsUrl("R010"),
 *   "https://github.com/interjson/interjson/blob/main/docs/RULES.md#r010",
 * );
 * ```
 */
export function ruleDocsUrl(code: string): string {
  return `${DOCS}RULES.md#${code.toLowerCase()}`;
}

const SEVERITY_ORDER = { exact: 0, cosmetic: 1, lossy: 2 } as const;

function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ||
    code === 95;
}

/**
 * The span a highlight covers from `offset`: a whole word (`False`,
 * `undefined`, `NaN`), a run of backticks with its language tag (a code
 * fence), one code point otherwise, nothing at the end of the input.
 *
 * @example
 * ```ts
 * import { spanAt } from "./evaluate.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(spanAt('{"a": False}', 6), 11);
 * strictEqual(spanAt("`".repeat(3) + "json\n{}", 0), 7);
 * strictEqual(spanAt("[1,]", 3), 4);
 * strictEqual(spanAt("[1", 2), 2);
 * ```
 */
export function spanAt(text: string, offset: number): number {
  if (offset >= text.length) return text.length;
  let end = offset;
  const first = text.charCodeAt(offset);
  if (first === 96) {
    while (end < text.length && text.charCodeAt(end) === 96) end++;
    while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
    return end;
  }
  if (isWordCode(first)) {
    while (end < text.length && isWordCode(text.charCodeAt(end)) && end - offset < 64) end++;
    return end;
  }
  const high = first >= 0xd800 && first <= 0xdbff;
  const next = text.charCodeAt(offset + 1);
  return offset + (high && next >= 0xdc00 && next <= 0xdfff ? 2 : 1);
}

/**
 * Groups repairs by offset into highlights that never overlap: a span is cut
 * at the next highlight's start.
 *
 * @example
 * ```ts
 * import { marksFor } from "./evaluate.ts";
 * import { repair } from "../mod.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const text = "[True,]";
 * const marks = marksFor(text, repair(text).repairs);
 * deepStrictEqual(marks.map((m) => [m.start, m.end, m.repairs.map((r) => r.rule)]), [
 *   [1, 5, ["R015"]],
 *   [5, 6, ["R005"]],
 * ]);
 * ```
 */
export function marksFor(text: string, repairs: readonly Repair[]): Mark[] {
  const byOffset = new Map<number, Repair[]>();
  for (const item of repairs) {
    const group = byOffset.get(item.offset);
    if (group === undefined) byOffset.set(item.offset, [item]);
    else group.push(item);
  }
  const offsets = [...byOffset.keys()].sort((x, y) => x - y);
  return offsets.map((start, index) => {
    const group = byOffset.get(start)!;
    const next = index + 1 < offsets.length ? offsets[index + 1] : text.length;
    let severity: Repair["severity"] = "exact";
    for (const item of group) {
      if (SEVERITY_ORDER[item.severity] > SEVERITY_ORDER[severity]) severity = item.severity;
    }
    return {
      start,
      end: Math.min(spanAt(text, start), next),
      repairs: group,
      severity,
      ambiguous: group.some((item) => item.ambiguity !== "none"),
    };
  });
}

function hostErrorOf(error: unknown): HostError {
  if (error instanceof CallerError) {
    return { code: error.code, pointer: error.pointer, message: error.message };
  }
  throw error;
}

function declarationOptions(input: DeclarationInput): GateOptions {
  if (input.kind === "language") return { schema: input.source };
  if (input.kind === "json-schema") return { schemaJson: input.schema };
  return {};
}

/** The declaration's compiled form; the gate accepted it, so this does not throw. */
function compiled(input: DeclarationInput): Declaration | null {
  try {
    if (input.kind === "json-schema") return compileJsonSchema(input.schema);
    if (input.kind === "language") return parseDeclaration(input.source);
  } catch (error) {
    if (!(error instanceof CallerError)) throw error;
  }
  return null;
}

/**
 * Evaluates a state: gate, display repair, verdict and marks.
 *
 * @example
 * ```ts
 * import { evaluate } from "./evaluate.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const bad = evaluate({ text: "{}", profile: "agnet", schema: "", lang: "auto" });
 * strictEqual(bad.result, null);
 * strictEqual(bad.hostError?.code, "E050");
 * const mismatch = evaluate({ text: '{"a":"x"}', profile: "agent", schema: "{!a:integer,!b:string}", lang: "auto" });
 * deepStrictEqual(mismatch.verdict?.missing, ["/b"]);
 * deepStrictEqual(mismatch.verdict?.mismatched.map((m) => m.pointer), ["/a"]);
 * ```
 */
export function evaluate(state: PlaygroundState): Evaluation {
  const declaration = readDeclaration(state.schema, state.lang);
  const answer: Evaluation = {
    state,
    declaration,
    hostError: null,
    result: null,
    display: null,
    verdict: null,
    marks: [],
  };
  if (declaration.kind === "unreadable") {
    answer.hostError = { code: "E070", pointer: "/schema", message: declaration.message };
    return answer;
  }
  const options: GateOptions = {
    profile: state.profile as ProfileName,
    ...declarationOptions(declaration),
  };
  try {
    const result = gate(state.text, options);
    answer.result = result;
    // An executable answer is what the display repair would give: no second scan.
    answer.display = result.executable
      ? {
        error: null,
        text: result.text,
        value: result.value,
        exactness: result.exactness,
        ambiguous: result.ambiguous,
        completeness: "complete",
        repairs: result.repairs,
        repairs_truncated: result.repairs_truncated,
      }
      : repair(state.text, {
        profile: state.profile as ProfileName,
        maxLoss: "lossy",
        allowAmbiguity: true,
      });
  } catch (error) {
    answer.hostError = hostErrorOf(error);
    return answer;
  }
  answer.marks = marksFor(state.text, answer.display.repairs);
  const value = answer.display.error === null ? answer.display.value : undefined;
  if (value !== undefined && declaration.kind !== "none") {
    // The gate accepted the declaration, so it compiles; checkDeclaration needs the compiled form.
    const compiledDeclaration = compiled(declaration);
    if (compiledDeclaration !== null) answer.verdict = checkDeclaration(compiledDeclaration, value);
  }
  return answer;
}

/**
 * The result badge's words: the verdict first (executable or refused, and
 * the label), then what the syntax and the declaration came to, so that a
 * syntactically safe value refused for its declaration never reads as safe.
 * An empty text says what the page expects instead.
 *
 * @example
 * ```ts
 * import { badgeText, evaluate } from "./evaluate.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(
 *   badgeText(evaluate({ text: "{}", profile: "agent", schema: "{!a:string}", lang: "auto" })),
 *   "refused \u2014 REJECT (declaration not satisfied) \u00B7 syntax: safe; declaration: not satisfied",
 * );
 * strictEqual(
 *   badgeText(evaluate({ text: "[1]", profile: "agent", schema: "", lang: "auto" })),
 *   "executable \u2014 SAFE TO EXECUTE \u00B7 syntax: safe; no declaration",
 * );
 * ```
 */
export function badgeText(evaluation: Evaluation): string {
  const { result, hostError, state, declaration } = evaluation;
  if (result === null) {
    return `error \u2014 ${hostError?.code ?? ""} the options or the declaration are wrong`;
  }
  if (state.text.trim() === "") {
    return "empty \u2014 paste what the model wrote, or pick an example (an empty text is refused, E001)";
  }
  const declared = declaration.kind !== "none";
  const verdict = `${result.executable ? "executable" : "refused"} \u2014 ${result.label}`;
  const syntax = `syntax: ${result.decision}`;
  if (!declared) return `${verdict} \u00B7 ${syntax}; no declaration`;
  const outcome = result.executable
    ? "satisfied"
    : result.error?.code === "E030"
    ? "not satisfied"
    : "not reached (the text was refused first)";
  return `${verdict} \u00B7 ${syntax}; declaration: ${outcome}`;
}
