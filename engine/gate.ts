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
 * profile accepts: `permissive` repairs them for display only.
 *
 * @example
 * ```ts
 * import { gate } from "./gate.ts";
 * const result = gate('{"query":"weather in Par', { schema: "{!query:string,limit:integer}" });
 * console.log(result.executable, result.retry?.prompt.split("\n")[0]);
 * // false "InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24)."
 * ```
 *
 * @module
 */

import { decide, type Decision, labelFor, permille } from "./classify.ts";
import { compileDeclaration } from "./declarations/compile.ts";
import { renderForm } from "./declarations/describe.ts";
import type { Form } from "./declarations/form.ts";
import {
  checkDeclaration,
  declaredMembers,
  declaresObject,
  describeVerdictProblems,
  memberPointer,
  type Verdict,
} from "./declarations/verdict.ts";
import { CallerError, type EngineError, engineError, positionedError } from "./errors.ts";
import { type Options, type Profile, resolveOptions } from "./profiles.ts";
import { callerRetryPrompt, type Retry, retryPrompt } from "./retry.ts";
import type { Ambiguity, Exactness, Repair } from "./rules.ts";
import { scan, type ScanResult } from "./scanner.ts";

/**
 * Options of {@linkcode gate}: a declaration (one of `schema` or
 * `schemaJson`), a profile (default `agent`) and any option overrides.
 *
 * @example
 * ```ts
 * import type { GateOptions } from "./gate.ts";
 * const options: GateOptions = { schema: "{!path:string}", profile: "execution" };
 * console.log(options.profile);
 * ```
 */
export interface GateOptions extends Options {
  /** A declaration in the declaration language, e.g. `{!query:string,limit:integer}`. */
  schema?: string;
  /** A declaration in JSON Schema (2020-12 by default; see docs/DECLARATIONS.md). */
  schemaJson?: unknown;
  /** Assert `format` in `schemaJson` (default false: `format` is an annotation). */
  assertFormat?: boolean;
}

/**
 * The gate's answer: exactly the twenty fields of the `interjson_gate` tool.
 *
 * @example
 * ```ts
 * import { gate } from "./gate.ts";
 * const result = gate('{"a":1}');
 * console.log(result.decision, result.executable, result.value); // safe true { a: 1 }
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
 * exact (byte-for-byte what the model wrote), else the normalized value.
 *
 * @example
 * ```ts
 * import { renderValue } from "./gate.ts";
 * import { scan } from "./scanner.ts";
 * import { PROFILES } from "./profiles.ts";
 * const text = "{'a': True}";
 * console.log(renderValue(scan(text, PROFILES.permissive), text)); // {"a":true}
 * ```
 */
export function renderValue(result: ScanResult, text: string): string {
  if (!result.hasValue) return "";
  if (result.repairCount === 0) return text.slice(result.valueStart, result.valueEnd);
  if (result.negativeZero) return renderKeepingSign(result.value);
  return JSON.stringify(result.value) ?? "null";
}

/** JSON text of a value that holds `-0` somewhere (JSON.stringify writes it as `0`). */
function renderKeepingSign(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : JSON.stringify(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(renderKeepingSign).join(",")}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record).map((key) =>
    `${JSON.stringify(key)}:${renderKeepingSign(record[key])}`
  );
  return `{${members.join(",")}}`;
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
      );
    }
  }
  return engineError(
    code,
    wantAmbiguous ? "the text has more than one reading" : "a repair changed the value",
  );
}

/** The E030 error for a value that fails its declaration. */
function mismatchError(
  verdict: Verdict,
  declaration: Form,
  result: ScanResult,
  text: string,
): EngineError {
  const detail = `${describeVerdictProblems(verdict)}; declared ${renderForm(declaration)}`;
  const offset = result.valueStart;
  let line = 1, lineStart = 0;
  for (let k = text.indexOf("\n"); k >= 0 && k < offset; k = text.indexOf("\n", k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return positionedError("E030", line, offset - lineStart + 1, offset, detail);
}

/**
 * The gate's classification of a finished scan (shared with the streaming
 * parser, whose `end()` answers exactly what one call would).
 *
 * @example
 * ```ts
 * import { gateScan } from "./gate.ts";
 * import { scan } from "./scanner.ts";
 * import { PROFILES } from "./profiles.ts";
 * const text = "[1,2,]";
 * console.log(gateScan(scan(text, PROFILES.agent), text, null).executable); // true
 * ```
 */
export function gateScan(
  result: ScanResult,
  text: string,
  declaration: Form | null,
): GateResult {
  const decision = decide(result);
  let error: EngineError | null = result.fatal ?? result.refusal;
  if (error === null && (decision === "lossy_repair" || decision === "ambiguous")) {
    error = neverExecutable(result, decision);
  }
  let total = 0, satisfied = 0;
  let missing: string[] = [];
  if (declaration !== null) {
    if (result.hasValue) {
      const verdict = checkDeclaration(declaration, result.value);
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
  const executable = error === null && result.hasValue &&
    (decision === "safe" || decision === "cosmetic_repair");
  return {
    decision,
    label: labelFor(decision, executable, error?.code ?? null),
    exactness: result.exactness,
    ambiguous: result.ambiguity !== "none",
    information_loss: result.exactness === "lossy",
    valid_json: result.validJson,
    normalized: result.hasValue && result.exactness !== "exact",
    ambiguity: result.ambiguity,
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

/**
 * The refused result for a caller error (an option out of range, a bad
 * declaration) or a non-string input: decision `invalid`, with a retry prompt
 * that points at no position of the model's text.
 *
 * @example
 * ```ts
 * import { callerRefusal } from "./gate.ts";
 * import { engineError } from "./errors.ts";
 * console.log(callerRefusal(engineError("E050", "unknown profile")).executable); // false
 * ```
 */
export function callerRefusal(error: EngineError): GateResult {
  return {
    decision: "invalid",
    label: labelFor("invalid", false, error.code),
    exactness: "exact",
    ambiguous: false,
    information_loss: false,
    valid_json: false,
    normalized: false,
    ambiguity: "none",
    execution: "blocked",
    executable: false,
    syntax_ready_permille: 0,
    schema_total: 0,
    schema_satisfied: 0,
    schema_missing: [],
    error,
    repairs: [],
    retry: { code: error.code, prompt: callerRetryPrompt(error) },
    repairs_truncated: false,
    value: null,
    text: "",
  };
}

/**
 * Resolves the options and the declaration of a call, or the caller error.
 *
 * @example
 * ```ts
 * import { prepare } from "./gate.ts";
 * const prepared = prepare({ profile: "agent", schema: "{!a:integer}" }, "agent");
 * console.log("code" in prepared ? prepared.code : prepared.profile.name); // "agent"
 * ```
 */
export function prepare(
  options: GateOptions,
  defaultProfile: Options["profile"],
): { profile: Profile; declaration: Form | null } | EngineError {
  const profile = resolveOptions({ ...options, profile: options.profile ?? defaultProfile });
  if ("code" in profile) return profile;
  try {
    return { profile, declaration: compileDeclaration(options) };
  } catch (e) {
    if (e instanceof CallerError) return { code: e.code, message: e.message };
    throw e;
  }
}

/**
 * Decides whether `text` may be executed as written. The default profile is
 * `agent` (refuse invention and ambiguity; skip prose around the value).
 *
 * @example
 * ```ts
 * import { gate } from "./gate.ts";
 * const ok = gate("Here are the args:\n{\"path\": \"/tmp/x\", \"force\": False}", {
 *   schema: "{!path:string,force:boolean}",
 * });
 * console.log(ok.executable, ok.decision, ok.value); // true cosmetic_repair { path: "/tmp/x", force: false }
 * ```
 */
export function gate(text: string, options: GateOptions = {}): GateResult {
  if (typeof text !== "string") {
    return callerRefusal(engineError("E001", "the input is not text; send the raw model output"));
  }
  const prepared = prepare(options, "agent");
  if ("code" in prepared) return callerRefusal(prepared);
  return gateScan(scan(text, prepared.profile), text, prepared.declaration);
}
