/**
 * The error catalogue. The model's errors are values, never exceptions:
 * `{code, message}` with a stable code `E0NN` and a message written for
 * whoever must act on it; a positioned error also carries its `offset`,
 * `line` and `column` as fields, and the repair `rule` that caused it when
 * there is one. The host's mistakes are the one exception, thrown:
 * {@linkcode CallerError} (`E050` options, `E070` declarations).
 *
 * Positioned errors read `E010 StrictViolation at 1:25 (offset 24): <detail>`;
 * errors without a position read `E050 OptionOutOfRange: <detail>`.
 *
 * @example
 * ```ts
 * import { engineError } from "./errors.ts";
 * import { strictEqual } from "node:assert/strict";
 * const e = engineError("E021", "input is 70000000 code units; max_input is 67108864");
 * strictEqual(e.message, "E021 InputTooLarge: input is 70000000 code units; max_input is 67108864");
 * ```
 *
 * @module
 */

import { ruleByCode } from "./rules.ts";

/**
 * An error as a value. A positioned error (one at a place of the input)
 * carries `offset`, `line` and `column`, and `rule` when a repair rule caused
 * it; the `message` says the same in words.
 *
 * @example
 * ```ts
 * import type { EngineError } from "./errors.ts";
 * import { strictEqual } from "node:assert/strict";
 * const e: EngineError = { code: "E001", message: "E001 EmptyInput: the input is empty" };
 * strictEqual(e.offset, undefined);
 * ```
 */
export interface EngineError {
  /** Stable code, `E0NN`. */
  code: string;
  /** The whole message, starting with the code and its name. */
  message: string;
  /** 0-based UTF-16 offset in the input, for a positioned error. */
  offset?: number;
  /** 1-based line, for a positioned error. */
  line?: number;
  /** 1-based column (UTF-16 code units), for a positioned error. */
  column?: number;
  /** The repair rule that caused the error (`R0NN`), when one did. */
  rule?: string;
}

/**
 * One entry of the error catalogue.
 *
 * @example
 * ```ts
 * import { ERRORS } from "./errors.ts";
 * import { strictEqual } from "node:assert/strict";
 * const entry = ERRORS.find((e) => e.code === "E010");
 * strictEqual(entry?.name, "StrictViolation");
 * ```
 */
export interface ErrorKind {
  /** Stable code, `E0NN`. */
  readonly code: string;
  /** Stable name, PascalCase. */
  readonly name: string;
  /** When the engine answers with it. */
  readonly when: string;
  /** What the person or model should do. */
  readonly action: string;
}

/**
 * The whole catalogue, in code order; `docs/ERRORS.md` documents the same table
 * and a test keeps the two equal.
 *
 * @example
 * ```ts
 * import { ERRORS } from "./errors.ts";
 * import { ok } from "node:assert/strict";
 * ok(ERRORS.every((e, i) => i === 0 || ERRORS[i - 1].code < e.code));
 * ```
 */
export const ERRORS: readonly ErrorKind[] = [
  {
    code: "E001",
    name: "EmptyInput",
    when: "the input is empty or only white space",
    action: "emit the JSON value",
  },
  {
    code: "E002",
    name: "ProseOutsideValue",
    when: "text that is not JSON stands before or after the value and skip_prose is off",
    action: "emit only the JSON value, or use the agent profile",
  },
  {
    code: "E003",
    name: "NoJsonFound",
    when: "no JSON value could be found in the input",
    action: "emit a JSON object or array",
  },
  {
    code: "E010",
    name: "StrictViolation",
    when: "a repair changes the value more than max_loss allows",
    action: "re-emit the value as valid JSON",
  },
  {
    code: "E011",
    name: "AmbiguityRefused",
    when:
      "the text admits more than one reading, or readers disagree on its value, and ambiguity is refused",
    action: "re-emit the value with exactly one reading",
  },
  {
    code: "E020",
    name: "DepthLimit",
    when: "arrays and objects nest deeper than max_depth",
    action: "flatten the value",
  },
  {
    code: "E021",
    name: "InputTooLarge",
    when: "the input is longer than max_input UTF-16 code units",
    action: "send a smaller document",
  },
  {
    code: "E022",
    name: "TokenTooLarge",
    when: "one string, number or word is longer than max_token UTF-16 code units",
    action: "send smaller strings",
  },
  {
    code: "E030",
    name: "DeclarationMismatch",
    when:
      "the value does not satisfy its declaration (a required member is missing or a member has the wrong type)",
    action: "re-emit the value with the declared members and types",
  },
  {
    code: "E050",
    name: "OptionOutOfRange",
    when: "an option or profile name is unknown or out of range",
    action: "use a documented profile and option values",
  },
  {
    code: "E070",
    name: "SchemaError",
    when:
      "a declaration or schema_json is malformed, too deep, or uses a keyword the gate cannot apply",
    action:
      "fix the declaration; an assertion the gate cannot apply is refused, never ignored (unknown keywords are annotations unless strictKeywords is set)",
  },
];

const names = new Map<string, string>(ERRORS.map((e) => [e.code, e.name]));

/**
 * The name of an error code (`"E010"` → `"StrictViolation"`).
 *
 * @example
 * ```ts
 * import { errorName } from "./errors.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(errorName("E070"), "SchemaError");
 * ```
 */
export function errorName(code: string): string {
  const name = names.get(code);
  if (name === undefined) throw new Error(`unknown error code ${code}`);
  return name;
}

/**
 * Builds an error without a position.
 *
 * @example
 * ```ts
 * import { engineError } from "./errors.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(engineError("E001", "the input is empty"), {
 *   code: "E001",
 *   message: "E001 EmptyInput: the input is empty",
 * });
 * ```
 */
export function engineError(code: string, detail: string): EngineError {
  return { code, message: `${code} ${errorName(code)}: ${detail}` };
}

/**
 * The rule a detail starts with (`R010 CloseString: …` → `R010`), read from
 * the catalogue, never guessed: the code must be a rule's and its name must
 * follow it exactly.
 */
function leadingRule(detail: string): string | undefined {
  const rule = ruleByCode(detail.slice(0, 4));
  if (rule === undefined) return undefined;
  return detail.startsWith(`${rule.code} ${rule.name}: `) ? rule.code : undefined;
}

/**
 * Builds an error at a position of the input (1-based line and column, 0-based
 * UTF-16 offset); the position travels as fields as well as in the message.
 * `rule` is the repair rule that caused it; when omitted, a detail that starts
 * with a rule of the catalogue (`R010 CloseString: …`) names it.
 *
 * @example
 * ```ts
 * import { positionedError } from "./errors.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const e = positionedError("E010", 1, 25, 24, "R010 CloseString: exactness lossy exceeds max_loss cosmetic");
 * deepStrictEqual(e, {
 *   code: "E010",
 *   message:
 *     "E010 StrictViolation at 1:25 (offset 24): R010 CloseString: exactness lossy exceeds max_loss cosmetic",
 *   offset: 24,
 *   line: 1,
 *   column: 25,
 *   rule: "R010",
 * });
 * deepStrictEqual(Object.keys(positionedError("E030", 2, 1, 9, "missing /a")), [
 *   "code", "message", "offset", "line", "column",
 * ]);
 * ```
 */
export function positionedError(
  code: string,
  line: number,
  column: number,
  offset: number,
  detail: string,
  rule: string | undefined = leadingRule(detail),
): EngineError {
  const error: EngineError = {
    code,
    message: `${code} ${errorName(code)} at ${line}:${column} (offset ${offset}): ${detail}`,
    offset,
    line,
    column,
  };
  if (rule !== undefined) error.rule = rule;
  return error;
}

/**
 * The detail of an error: its message without the code, name and position
 * (and without the rule's code and name when it has a rule), rebuilt from its
 * fields, never read back with a pattern.
 *
 * @example
 * ```ts
 * import { errorDetail, positionedError, engineError } from "./errors.ts";
 * import { strictEqual } from "node:assert/strict";
 * const e = positionedError("E010", 1, 25, 24, "R010 CloseString: exactness lossy exceeds max_loss cosmetic");
 * strictEqual(errorDetail(e), "exactness lossy exceeds max_loss cosmetic");
 * strictEqual(errorDetail(engineError("E001", "the input is empty")), "the input is empty");
 * ```
 */
export function errorDetail(error: EngineError): string {
  const name = names.get(error.code) ?? "";
  const position = error.offset === undefined
    ? ""
    : ` at ${error.line}:${error.column} (offset ${error.offset})`;
  const head = `${error.code} ${name}${position}: `;
  let detail = error.message.startsWith(head) ? error.message.slice(head.length) : error.message;
  if (error.rule !== undefined) {
    const ruleHead = `${error.rule} ${ruleByCode(error.rule)?.name ?? ""}: `;
    if (detail.startsWith(ruleHead)) detail = detail.slice(ruleHead.length);
  }
  return detail;
}

/**
 * A mistake of the host, never of the model: a bad declaration (`E070`), an
 * unknown profile or an option of the wrong type or range (`E050`), or a
 * `text` that is not a string. The library throws it, because the model
 * cannot fix it and a retry prompt would loop forever. `pointer` is the JSON
 * pointer of the offending option or keyword (`/maxDepth`, `/schema`, `/text`),
 * `""` for the whole options argument. `docs/ENGINE.md` lists which call
 * throws what.
 *
 * @example
 * ```ts
 * import { CallerError } from "./errors.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * import { gate } from "./gate.ts";
 * const e = new CallerError("E050", "/maxDepth", "max_depth must be an integer from 1 to 4096; got the number -1");
 * strictEqual(e.code, "E050");
 * strictEqual(e.message, "E050 OptionOutOfRange at /maxDepth: max_depth must be an integer from 1 to 4096; got the number -1");
 * // What the library throws for that mistake:
 * throws(() => gate("{}", { maxDepth: -1 }), { name: "CallerError", message: e.message });
 * ```
 */
export class CallerError extends Error {
  /** Stable code: `E050` (options, profile, argument types) or `E070` (declarations). */
  readonly code: "E050" | "E070";
  /** JSON pointer of the offending option or keyword; `""` for the whole argument. */
  readonly pointer: string;
  /** What is wrong and what to do, without the code prefix. */
  readonly detail: string;

  /** Builds the error; the message reads `E070 SchemaError at /properties/a: detail`. */
  constructor(code: "E050" | "E070", pointer: string, detail: string) {
    super(`${code} ${errorName(code)}${pointer === "" ? "" : ` at ${pointer}`}: ${detail}`);
    this.name = "CallerError";
    this.code = code;
    this.pointer = pointer;
    this.detail = detail;
  }
}
