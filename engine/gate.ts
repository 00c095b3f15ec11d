/**
 * The gate: may this output be executed as written? It answers with the
 * twenty fields a host needs, and holds the refusal contract under every
 * profile and every input:
 *
 * - `executable === false` ⇒ `value === null`, `text === ""`, and `retry` is
 *   non-null with a non-empty `prompt`;
 * - `executable === true` ⇒ a live `value`, `retry === null`, decision `safe`
 *   or `cosmetic_repair`, and the declaration (if any) satisfied.
 *
 * A lossy repair or an ambiguous reading is never executable, whatever the
 * profile accepts: `permissive` repairs them for display only. `text` is
 * `JSON.stringify`-compatible with `value`, sign of zero included:
 * `JSON.parse(result.text)` gives back the value.
 *
 * For every string `text`, no call throws. A mistake of the host (options
 * that are not an object, an unknown option or profile, an option of the
 * wrong type or range, a bad declaration, a `text` that is not a string) is
 * thrown as a {@linkcode CallerError} (`E050`, `E070`), never turned into a
 * retry prompt: the model cannot fix it.
 *
 * @example
 * ```ts
 * import { gate } from "./gate.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * const result = gate('{"query":"weather in Par', { schema: "{!query:string,limit:integer}" });
 * strictEqual(result.executable, false);
 * strictEqual(
 *   result.retry?.prompt.split("\n")[0],
 *   "InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24).",
 * );
 * throws(() => gate("{}", { profile: "agnet" as "agent" }), { name: "CallerError", code: "E050" });
 * ```
 *
 * @module
 */

import { decide, type Decision, labelFor, permille } from "./classify.ts";
import { compileDeclaration } from "./declarations/compile.ts";
import { renderForm } from "./declarations/describe.ts";
import type { Form } from "./declarations/form.ts";
import { impreciseNumbers, numberJudge, writtenAsIntegers } from "./declarations/exact.ts";
import { locateKey, locatePointer } from "./declarations/locate.ts";
import { branchesDeclareKeys, declaredKeyTwins, type KeyTwin } from "./declarations/twins.ts";
import { type FlatObject, flatObject } from "./declarations/flat_object.ts";
import {
  checkDeclaration,
  checkDeclarationExact,
  checkedKeyCount,
  declaredMembers,
  declaresObject,
  describeVerdictProblems,
  mayHoldUndeclaredKey,
  memberPointer,
  numberRecords,
  passingCheck,
  type Verdict,
} from "./declarations/verdict.ts";
import { CallerError, type EngineError, engineError, positionedError } from "./errors.ts";
import {
  checkOptions,
  describeValue,
  OPTION_SPECS,
  type Options,
  type OptionSpec,
  type Profile,
  type ProfileName,
  resolveOptions,
} from "./profiles.ts";
import { type Retry, retryPrompt } from "./retry.ts";
import type { Ambiguity, Exactness, Repair } from "./rules.ts";
import {
  cleanFractions,
  cleanSpanEnd,
  cleanSpanStart,
  scanCleanKeyed,
  scanCleanParsed,
  scanCleanResult,
  scanCleanValue,
  scanCleanWalked,
} from "./fast_path.ts";
import { scan, type ScanResult } from "./scanner/mod.ts";

/**
 * Options of {@linkcode gate}: a declaration (one of `schema` or
 * `schemaJson`), a profile (default `agent`) and any option overrides.
 *
 * @example
 * ```ts
 * import { gate, type GateOptions } from "./gate.ts";
 * import { strictEqual } from "node:assert/strict";
 * const options: GateOptions = { schema: "{!path:string}", profile: "execution" };
 * strictEqual(gate('{"path":"/tmp"}', options).executable, true);
 * ```
 */
export interface GateOptions extends Options {
  /** A declaration in the declaration language, e.g. `{!query:string,limit:integer}`. */
  schema?: string;
  /** A declaration in JSON Schema (2020-12 by default; see docs/DECLARATIONS.md). */
  schemaJson?: unknown;
  /** Assert `format` in `schemaJson` (default false: `format` is an annotation). */
  assertFormat?: boolean;
  /**
   * Refuse unknown keywords in `schemaJson` with `E070` (ajv's strict mode);
   * default false: they are annotations, listed in the compiled gate's `warnings`.
   */
  strictKeywords?: boolean;
}

/**
 * The gate's answer: exactly the twenty fields of the `interjson_gate` tool.
 *
 * @example
 * ```ts
 * import { gate } from "./gate.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const { decision, executable, value, text } = gate('{"a":1}');
 * deepStrictEqual([decision, executable, value, text], ["safe", true, { a: 1 }, '{"a":1}']);
 * ```
 */
export interface GateResult {
  /** `safe`, `cosmetic_repair`, `lossy_repair`, `ambiguous` or `invalid`. */
  decision: Decision;
  /** A one-line label for people (`SAFE TO EXECUTE`, `REJECT (a value was changed)`, …). */
  label: string;
  /** `exact`, `cosmetic` or `lossy`. */
  exactness: Exactness;
  /** Whether the ambiguity is other than `none`. */
  ambiguous: boolean;
  /** Whether a repair invented, dropped or changed content. */
  information_loss: boolean;
  /** Whether the input was legal RFC 8259 JSON as written. */
  valid_json: boolean;
  /** Whether a value exists and a repair rewrote the text; with `information_loss` false, notation only. */
  normalized: boolean;
  /** `none`, `syntactic` or `semantic`. */
  ambiguity: Ambiguity;
  /** `allowed` or `blocked`; follows `executable`. */
  execution: "allowed" | "blocked";
  /** The only field a host has to branch on. */
  executable: boolean;
  /** Per mille of the input at which the value's syntax was final. */
  syntax_ready_permille: number;
  /** Declared top-level members (0 without a declaration). */
  schema_total: number;
  /** Declared members that are met. */
  schema_satisfied: number;
  /** JSON pointers of required members that are missing. */
  schema_missing: string[];
  /** The first refusal, or null. */
  error: EngineError | null;
  /** Every change made, in input order (at most 256). */
  repairs: Repair[];
  /** The prompt to send back to the model when not executable, else null. */
  retry: Retry | null;
  /** Whether more repairs were made than are listed. */
  repairs_truncated: boolean;
  /** The value when executable, else null. */
  value: unknown;
  /** The value rendered as JSON when executable, else "". */
  text: string;
}

/**
 * Renders the value of a scan as JSON text: the input's own span when it was
 * exact (byte-for-byte what the model wrote), else the normalized value, so
 * that `JSON.parse` of the text gives back the value, sign of zero included:
 * `JSON.stringify` (native, fastest) unless the value holds a `-0` (in any
 * notation the scanner read as one), which {@linkcode renderJson} keeps.
 *
 * @example
 * ```ts
 * import { renderValue } from "./gate.ts";
 * import { scan } from "./scanner/mod.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = "{'a': True, 'b': -0x0}";
 * strictEqual(renderValue(scan(text, PROFILES.permissive), text), '{"a":true,"b":-0}');
 * ```
 */
export function renderValue(result: ScanResult, text: string): string {
  if (!result.hasValue) return "";
  if (result.repairCount === 0) return text.slice(result.valueStart, result.valueEnd);
  const value = result.value;
  return holdsNegativeZero(value) ? renderJson(value) : JSON.stringify(value) ?? "null";
}

/**
 * Whether a value of JSON data holds a `-0` anywhere (which `JSON.stringify`
 * would write as `0`). Iterative; inherited keys are looked at too, which can
 * only send a value to the slower renderer, never lose a sign.
 *
 * @example
 * ```ts
 * import { holdsNegativeZero } from "./gate.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(holdsNegativeZero({ a: [1, { b: -0 }] }), true);
 * strictEqual(holdsNegativeZero({ a: [0, "-0"] }), false);
 * ```
 */
export function holdsNegativeZero(value: unknown): boolean {
  if (value === 0) return 1 / value < 0;
  if (value === null || typeof value !== "object") return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const container = stack.pop()!;
    if (Array.isArray(container)) {
      for (let k = 0; k < container.length; k++) {
        const item: unknown = container[k];
        if (item === 0) {
          if (1 / item < 0) return true;
        } else if (item !== null && typeof item === "object") stack.push(item);
      }
    } else {
      const record = container as Record<string, unknown>;
      for (const key in record) {
        const item = record[key];
        if (item === 0) {
          if (1 / item < 0) return true;
        } else if (item !== null && typeof item === "object") stack.push(item);
      }
    }
  }
  return false;
}

/** One open container of {@linkcode renderJson}: the next index to write. */
interface RenderFrame {
  readonly items: readonly unknown[] | null;
  readonly keys: readonly string[] | null;
  readonly record: Readonly<Record<string, unknown>> | null;
  next: number;
}

function renderScalar(value: unknown): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "null";
    return Object.is(value, -0) ? "-0" : String(value);
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * JSON text of a value of JSON data (null, booleans, numbers, strings, arrays,
 * plain objects), as `JSON.stringify` writes it except that `-0` keeps its
 * sign. Iterative, with an explicit stack: any depth renders in constant
 * native stack.
 *
 * @example
 * ```ts
 * import { renderJson } from "./gate.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(renderJson({ a: [-0, 1.5, "x"], b: {}, c: [] }), '{"a":[-0,1.5,"x"],"b":{},"c":[]}');
 * let deep: unknown = -0;
 * for (let i = 0; i < 100_000; i++) deep = [deep];
 * strictEqual(renderJson(deep).length, 200_002);
 * ```
 */
export function renderJson(value: unknown): string {
  let out = "";
  const stack: RenderFrame[] = [];
  let current = value;
  for (;;) {
    if (current === null || typeof current !== "object") {
      out += renderScalar(current);
    } else if (Array.isArray(current)) {
      if (current.length === 0) out += "[]";
      else {
        out += "[";
        stack.push({ items: current, keys: null, record: null, next: 1 });
        current = current[0];
        continue;
      }
    } else {
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length === 0) out += "{}";
      else {
        out += `{${JSON.stringify(keys[0])}:`;
        stack.push({ items: null, keys, record, next: 1 });
        current = record[keys[0]];
        continue;
      }
    }
    // The current value is written: move to the next one, closing containers.
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) return out;
      if (top.items !== null) {
        if (top.next < top.items.length) {
          out += ",";
          current = top.items[top.next++];
          break;
        }
        out += "]";
      } else {
        const keys = top.keys!;
        if (top.next < keys.length) {
          const key = keys[top.next++];
          out += `,${JSON.stringify(key)}:`;
          current = top.record![key];
          break;
        }
        out += "}";
      }
      stack.pop();
    }
  }
}

/** The error for a document the profile accepted but that may never be executed. */
function neverExecutable(result: ScanResult, decision: Decision): EngineError {
  const wantAmbiguous = decision === "ambiguous";
  const code = wantAmbiguous ? "E011" : "E010";
  for (const repair of result.repairs) {
    if (wantAmbiguous ? repair.ambiguity !== "none" : repair.severity === "lossy") {
      const detail = wantAmbiguous
        ? `ambiguity ${repair.ambiguity} is never executable`
        : "exactness lossy is never executable";
      return positionedError(
        code,
        repair.line,
        repair.column,
        repair.offset,
        `${repair.rule} ${repair.name}: ${detail}`,
        repair.rule,
      );
    }
  }
  return engineError(
    code,
    wantAmbiguous ? "the text has more than one reading" : "a repair changed the value",
  );
}

/**
 * Where an E030 points: the value of the first mismatched member, else the
 * object missing the first required member; the value's start when the text
 * cannot be followed there.
 */
function problemOffset(verdict: Verdict, result: ScanResult, text: string): number {
  let pointer: string | undefined = verdict.mismatched[0]?.pointer;
  if (pointer === undefined && verdict.missing.length > 0) {
    pointer = verdict.missing[0].slice(0, verdict.missing[0].lastIndexOf("/"));
  }
  if (pointer === undefined || pointer === "") return result.valueStart;
  return locatePointer(text, result.valueStart, result.valueEnd, pointer) ?? result.valueStart;
}

/** The E011 error for a key that twins a declared key, positioned at the key. */
function twinError(twin: KeyTwin, result: ScanResult, text: string): EngineError {
  const offset = locateKey(text, result.valueStart, result.valueEnd, twin.pointer) ??
    result.valueStart;
  let line = 1, lineStart = 0;
  for (let k = text.indexOf("\n"); k >= 0 && k < offset; k = text.indexOf("\n", k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return positionedError(
    "E011",
    line,
    offset - lineStart + 1,
    offset,
    `the key ${JSON.stringify(twin.key)} at ${
      JSON.stringify(twin.pointer).slice(1, -1)
    } is not declared, and lenient readers ` +
      `take it for the declared key ${JSON.stringify(twin.declared)} (${TWIN_WORDS[twin.kind]}): ` +
      "ambiguity semantic is never executable",
  );
}

/** How a key twins a declared one, in words. */
const TWIN_WORDS: Readonly<Record<KeyTwin["kind"], string>> = {
  control: "the same without control or invisible characters",
  nul: "the same up to its NUL character",
  normalization: "the same after Unicode normalization",
  case: "the same but for letter case",
  confusable: "they look alike",
};

/** The E030 error for a value that fails its declaration. */
function mismatchError(
  verdict: Verdict,
  declaration: Form,
  result: ScanResult,
  text: string,
): EngineError {
  const detail = `${describeVerdictProblems(verdict)}; declared ${renderForm(declaration)}`;
  const offset = problemOffset(verdict, result, text);
  let line = 1, lineStart = 0;
  for (let k = text.indexOf("\n"); k >= 0 && k < offset; k = text.indexOf("\n", k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return positionedError("E030", line, offset - lineStart + 1, offset, detail);
}

/**
 * The gate's classification of a finished scan (shared with the streaming
 * parser, whose `end()` answers exactly what one call would). A compiled
 * gate passes its `passing` check and, for a result of the fast path, how
 * many of its numbers are not whole (`fractions`, `cleanFractions` of
 * `fast_path.ts`; -1 otherwise).
 *
 * @example
 * ```ts
 * import { gateScan } from "./gate.ts";
 * import { scan } from "./scanner/mod.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = "[1,2,]";
 * strictEqual(gateScan(scan(text, PROFILES.agent), text, null).text, "[1,2]");
 * ```
 */
export function gateScan(
  result: ScanResult,
  text: string,
  declaration: Form | null,
  passing?: (value: unknown) => number,
  fractions = -1,
): GateResult {
  let passed = -1;
  let numbers: ExactNumbers = null;
  if (declaration !== null && result.hasValue) {
    // A compiled gate's passing check answers a passing value without a verdict.
    if (passing !== undefined) passed = passing(result.value);
    numbers = numbersToJudge(
      text,
      result.valueStart,
      result.valueEnd,
      declaration,
      result.value,
      passed,
      fractions,
    );
  }
  return gateJudged(result, text, declaration, passed, numbers);
}

/** What `impreciseNumbers` of `declarations/exact.ts` answers: the numbers to judge as written. */
type ExactNumbers = ReturnType<typeof impreciseNumbers>;

/**
 * The numbers of the value between `start` and `end` written with more digits
 * than their double holds, which the declaration judges as written; the
 * passing check's records (`passed` ≥ 0) and the walk's count of fractions
 * (`fractions` ≥ 0) may answer at once that there are none.
 */
function numbersToJudge(
  text: string,
  start: number,
  end: number,
  declaration: Form,
  value: unknown,
  passed: number,
  fractions: number,
): ExactNumbers {
  return impreciseNumbers(
    text,
    start,
    end,
    numberJudge(declaration),
    value,
    passed >= 0 ? numberRecords() : undefined,
    fractions,
  );
}

/**
 * {@linkcode gateScan} once the passing check (`passed`: its member count,
 * -1 when it did not pass or did not run) and the exact-number search
 * (`numbers`) have run on the scan's value.
 */
function gateJudged(
  result: ScanResult,
  text: string,
  declaration: Form | null,
  passed: number,
  numbers: ExactNumbers,
): GateResult {
  let decision = decide(result);
  let ambiguity = result.ambiguity;
  let error: EngineError | null = result.fatal ?? result.refusal;
  if (error === null && (decision === "lossy_repair" || decision === "ambiguous")) {
    error = neverExecutable(result, decision);
  }
  let total = 0, satisfied = 0, twinsPossible = true;
  let missing: string[] = [];
  if (declaration !== null) {
    if (numbers !== null) passed = -1;
    if (passed >= 0) {
      total = satisfied = passed;
      // Every key the compiled check met is declared where it stands: none can be a twin.
      twinsPossible = mayHoldUndeclaredKey() || branchesDeclareKeys(declaration);
    } else if (result.hasValue) {
      const verdict = numbers === null
        ? checkDeclaration(declaration, result.value)
        : checkDeclarationExact(declaration, result.value, numbers);
      total = verdict.total;
      satisfied = verdict.satisfied;
      missing = verdict.missing;
      if (error === null && !verdict.ok) error = mismatchError(verdict, declaration, result, text);
    } else {
      const members = declaredMembers(declaration);
      total = declaresObject(declaration) ? members.length : 1;
      missing = members.filter((m) => m.required).map((m) => memberPointer(m.name));
    }
  }
  if (
    declaration !== null && twinsPossible && (error === null || error.code === "E030") &&
    result.hasValue
  ) {
    // A key a lenient reader takes for a declared key: the declared constraint went unchecked
    // (the value is ambiguous whether or not the declaration admits other members).
    const twin = declaredKeyTwins(declaration, result.value, 1)[0];
    if (twin !== undefined) {
      decision = "ambiguous";
      ambiguity = "semantic";
      error = twinError(twin, result, text);
    }
  }
  const executable = error === null && result.hasValue &&
    (decision === "safe" || decision === "cosmetic_repair");
  return {
    decision,
    label: labelFor(decision, executable, error?.code ?? null),
    exactness: result.exactness,
    ambiguous: ambiguity !== "none",
    information_loss: result.exactness === "lossy",
    valid_json: result.validJson,
    normalized: result.hasValue && result.exactness !== "exact",
    ambiguity,
    execution: executable ? "allowed" : "blocked",
    executable,
    syntax_ready_permille: permille(result.syntaxEnd, result.length),
    schema_total: total,
    schema_satisfied: satisfied,
    schema_missing: missing,
    error,
    repairs: result.repairs,
    retry: executable ? null : refusalRetry(error, text),
    repairs_truncated: result.repairCount > result.repairs.length,
    value: executable ? result.value : null,
    text: executable ? renderValue(result, text) : "",
  };
}

function refusalRetry(error: EngineError | null, text: string): Retry {
  const refusal = error ?? engineError("E003", "no JSON value found in the input");
  return { code: refusal.code, prompt: retryPrompt(refusal, text) };
}

/** The options of every call that takes a declaration and a profile. */
const DECLARATION_SPECS: readonly OptionSpec[] = [
  { name: "schema", wire: "schema", type: "declaration" },
  { name: "schemaJson", wire: "schema_json", type: "declaration" },
  { name: "assertFormat", wire: "assert_format", type: "boolean" },
  { name: "strictKeywords", wire: "strict_keywords", type: "boolean" },
];

/**
 * The options {@linkcode gate}, {@linkcode prepare}, `repair` and
 * `JsonStream` accept: a profile, its overrides and a declaration.
 *
 * @example
 * ```ts
 * import { GATE_OPTION_SPECS } from "./gate.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(GATE_OPTION_SPECS.length, 11);
 * ```
 */
export const GATE_OPTION_SPECS: readonly OptionSpec[] = [...OPTION_SPECS, ...DECLARATION_SPECS];

/**
 * The options `validate` and `readiness` accept: a declaration only (they
 * take no profile: they never repair into their answer).
 *
 * @example
 * ```ts
 * import { DECLARATION_OPTION_SPECS } from "./gate.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(DECLARATION_OPTION_SPECS.map((spec) => spec.name), [
 *   "schema",
 *   "schemaJson",
 *   "assertFormat",
 *   "strictKeywords",
 * ]);
 * ```
 */
export const DECLARATION_OPTION_SPECS: readonly OptionSpec[] = DECLARATION_SPECS;

/**
 * Throws the {@linkcode CallerError} for a `text` argument that is not a
 * string (`E050` at `/text`); `call` names the function in the message, and
 * `name` the argument (`chunk` for `JsonStream.push`).
 *
 * @example
 * ```ts
 * import { checkText } from "./gate.ts";
 * import { throws } from "node:assert/strict";
 * checkText("anything at all", "gate");
 * throws(() => checkText(42, "gate"), {
 *   code: "E050",
 *   pointer: "/text",
 *   message:
 *     "E050 OptionOutOfRange at /text: the text of gate() must be a string (the raw model output); got the number 42",
 * });
 * ```
 */
export function checkText(
  text: unknown,
  call: string,
  name = "text",
): asserts text is string {
  if (typeof text !== "string") {
    throw new CallerError(
      "E050",
      `/${name}`,
      `the ${name} of ${call}() must be a string (the raw model output); got ${
        describeValue(text)
      }`,
    );
  }
}

/**
 * The declaration of the options, compiled, or the `E070` thrown (with its
 * position in the declaration language, when it has one).
 */
function compileOrThrow(
  options: {
    schema?: unknown;
    schemaJson?: unknown;
    assertFormat?: boolean;
    strictKeywords?: boolean;
  },
): Form | null {
  try {
    return compileDeclaration(options as { schema?: string; schemaJson?: unknown });
  } catch (e) {
    if (!(e instanceof CallerError)) throw e;
    const hasSchema = options.schema !== undefined && options.schema !== null;
    const hasJson = options.schemaJson !== undefined && options.schemaJson !== null;
    if (hasSchema && hasJson) throw e;
    // The pointer is into the options: `/schema`, or `/schemaJson` + the keyword's pointer.
    if (hasSchema) throw new CallerError("E070", "/schema", `declaration ${e.detail}`);
    throw new CallerError("E070", `/schemaJson${e.pointer}`, e.detail);
  }
}

/**
 * Checks and resolves the options and the declaration of a call, once:
 * throws a {@linkcode CallerError} for a mistake of the host (`E050` for the
 * options, `E070` for the declaration).
 *
 * @example
 * ```ts
 * import { GATE_OPTION_SPECS, prepare } from "./gate.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * const prepared = prepare({ profile: "agent", schema: "{!a:integer}" }, "agent", GATE_OPTION_SPECS, "gate");
 * strictEqual(prepared.profile.name, "agent");
 * throws(() => prepare({ schema: "{!a:" }, "agent", GATE_OPTION_SPECS, "gate"), { code: "E070" });
 * ```
 */
export function prepare(
  options: unknown,
  defaultProfile: ProfileName,
  specs: readonly OptionSpec[],
  call: string,
): { profile: Profile; declaration: Form | null } {
  checkOptions(options, specs, call);
  const checked = (options ?? {}) as GateOptions;
  const profile = resolveOptions(checked, defaultProfile, true);
  return { profile, declaration: compileOrThrow(checked) };
}

/**
 * Decides whether `text` may be executed as written. The default profile is
 * `agent` (refuse invention and ambiguity; skip prose around the value).
 * Never throws for a string `text`; throws a {@linkcode CallerError} for a
 * mistake of the host (see the module documentation).
 *
 * @example
 * ```ts
 * import { gate } from "./gate.ts";
 * import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
 * const ok = gate("Here are the args:\n{\"path\": \"/tmp/x\", \"force\": False}", {
 *   schema: "{!path:string,force:boolean}",
 * });
 * strictEqual(ok.executable, true);
 * strictEqual(ok.decision, "cosmetic_repair");
 * deepStrictEqual(ok.value, { path: "/tmp/x", force: false });
 * throws(() => gate("{}", "agent" as never), { code: "E050", pointer: "" });
 * throws(() => gate("{}", { schema: "{!a:strin}" }), { code: "E070" });
 * ```
 */
export function gate(text: string, options: GateOptions = {}): GateResult {
  checkText(text, "gate");
  const prepared = prepare(options, "agent", GATE_OPTION_SPECS, "gate");
  const declaration = prepared.declaration;
  if (declaration === null) return gatePrepared(text, prepared.profile, null);
  const { passing, flat } = judgesFor(declaration);
  return gatePrepared(text, prepared.profile, declaration, passing, undefined, flat);
}

/** What the one-shot gate asks of a declaration besides the declaration itself. */
interface Judges {
  /** Its passing check (`passingCheck` of `declarations/verdict.ts`). */
  readonly passing: (value: unknown) => number;
  /** Its facts when it is a flat object, else null (`flatObject` of `declarations/flat_object.ts`). */
  readonly flat: FlatObject | null;
}

/** The judges of each declaration compiled (a one-shot call meets the same one again). */
const judges = new WeakMap<Form, Judges>();

/** The judges of a declaration, built once. */
function judgesFor(declaration: Form): Judges {
  let found = judges.get(declaration);
  if (found === undefined) {
    found = { passing: passingCheck(declaration), flat: flatObject(declaration) };
    judges.set(declaration, found);
  }
  return found;
}

/**
 * The gate with its options prepared: the one-shot {@linkcode gate} and a
 * compiled gate (`compile.ts`) answer through it. With a declaration, a
 * clean text's walk counted the numbers that are not whole, so the
 * exact-number search may be answered by counts (`impreciseNumbers` of
 * `declarations/exact.ts`); `passing` is the declaration's passing check,
 * and `branchesDeclare`, when given, what `branchesDeclareKeys` of
 * `declarations/twins.ts` answers for the declaration (a compiled gate asks
 * it once: it is a property of the declaration alone). With `flat`, the
 * declaration is a flat object (`declarations/flat_object.ts`): the passing
 * check runs first, and when it passes, its key count stands in for the
 * fast path's walk ({@linkcode gateFlat}).
 *
 * @example
 * ```ts
 * import { gatePrepared } from "./gate.ts";
 * import { compileDeclaration } from "./declarations/compile.ts";
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * const declaration = compileDeclaration({ schema: "{!n:integer}" });
 * strictEqual(gatePrepared('{"n":1}', PROFILES.agent, declaration).executable, true);
 * strictEqual(gatePrepared('{"n":1.5}', PROFILES.agent, declaration).executable, false);
 * ```
 */
export function gatePrepared(
  text: string,
  profile: Profile,
  declaration: Form | null,
  passing?: (value: unknown) => number,
  branchesDeclare?: boolean,
  flat?: FlatObject | null,
): GateResult {
  if (flat != null && declaration !== null && passing !== undefined) {
    return gateFlat(text, profile, declaration, passing, branchesDeclare, flat);
  }
  const value = scanCleanValue(text, profile);
  return value === null
    ? gateScan(scan(text, profile), text, declaration, passing)
    : gateClean(value, text, declaration, passing, branchesDeclare);
}

/**
 * {@linkcode gatePrepared} for a flat object: the text parsed, then the
 * passing check, then the rest of the fast path's test, with the check's
 * key count in place of the walk when the check passed (`scanCleanKeyed` of
 * `fast_path.ts`), with the walk otherwise. The same answer as
 * {@linkcode gatePrepared} without `flat`, the passing check run once.
 */
function gateFlat(
  text: string,
  profile: Profile,
  declaration: Form,
  passing: (value: unknown) => number,
  branchesDeclare: boolean | undefined,
  flat: FlatObject,
): GateResult {
  const value = scanCleanParsed(text, profile);
  if (value === null) return gateScan(scan(text, profile), text, declaration, passing);
  const passed = passing(value);
  const keys = checkedKeyCount();
  const clean = passed >= 0 && keys >= 0
    ? scanCleanKeyed(text, profile, value, keys, flat)
    : scanCleanWalked(text, profile, value);
  return clean === null
    ? gateScan(scan(text, profile), text, declaration, passing)
    : gateClean(value, text, declaration, passing, branchesDeclare, passed);
}

/** The label of an executable `safe` result. */
const SAFE_LABEL = labelFor("safe", true, null);

/**
 * {@linkcode gateScan} of the fast path's result for a clean text whose
 * value is `value` (`scanCleanValue` of `fast_path.ts`, just answered): when
 * the declaration, if any, passed its compiled check with no number to judge
 * as written and no key that may twin a declared one, the `safe` answer is
 * built at once, without the scan result (the gate's common call);
 * otherwise the scan result is built and judged as `gateScan` does.
 * `checked`, when given, is what the passing check already answered on
 * `value` (its flags still stand).
 */
function gateClean(
  value: object,
  text: string,
  declaration: Form | null,
  passing: ((value: unknown) => number) | undefined,
  branchesDeclare: boolean | undefined,
  checked?: number,
): GateResult {
  let passed = 0;
  if (declaration !== null) {
    passed = checked ?? (passing === undefined ? -1 : passing(value));
    // The walk proved every number within ±(2^53 − 1): written without a point or a negative
    // exponent, each reads as exactly what was written, and no number is left to judge.
    const numbers = writtenAsIntegers(text) ? null : numbersToJudge(
      text,
      cleanSpanStart(),
      cleanSpanEnd(),
      declaration,
      value,
      passed,
      cleanFractions(),
    );
    if (
      passed < 0 || numbers !== null || mayHoldUndeclaredKey() ||
      (branchesDeclare ?? branchesDeclareKeys(declaration))
    ) return gateJudged(scanCleanResult(text, value), text, declaration, passed, numbers);
  }
  const end = cleanSpanEnd();
  return {
    decision: "safe",
    label: SAFE_LABEL,
    exactness: "exact",
    ambiguous: false,
    information_loss: false,
    valid_json: true,
    normalized: false,
    ambiguity: "none",
    execution: "allowed",
    executable: true,
    syntax_ready_permille: permille(end, text.length),
    schema_total: passed,
    schema_satisfied: passed,
    schema_missing: [],
    error: null,
    repairs: [],
    retry: null,
    repairs_truncated: false,
    value,
    text: text.slice(cleanSpanStart(), end),
  };
}
