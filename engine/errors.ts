/**
 * The error catalogue. Errors are values, never exceptions: `{code, message}`
 * with a stable code `E0NN` and a message written for whoever must act on it.
 *
 * Positioned errors read `E010 StrictViolation at 1:25 (offset 24): <detail>`;
 * errors without a position read `E050 OptionOutOfRange: <detail>`.
 *
 * @example
 * ```ts
 * import { engineError } from "./errors.ts";
 * const e = engineError("E021", "input is 70000000 code units; max_input is 67108864");
 * console.log(e.message); // "E021 InputTooLarge: input is 70000000 code units; max_input is 67108864"
 * ```
 *
 * @module
 */

/**
 * An error as a value.
 *
 * @example
 * ```ts
 * import type { EngineError } from "./errors.ts";
 * const e: EngineError = { code: "E001", message: "E001 EmptyInput: the input is empty" };
 * console.log(e.code);
 * ```
 */
export interface EngineError {
  /** Stable code, `E0NN`. */
  code: string;
  /** The whole message, starting with the code and its name. */
  message: string;
}

/**
 * One entry of the error catalogue.
 *
 * @example
 * ```ts
 * import { ERRORS } from "./errors.ts";
 * const entry = ERRORS.find((e) => e.code === "E010");
 * console.log(entry?.name); // "StrictViolation"
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
 * for (const e of ERRORS) console.log(e.code, e.name);
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
    when: "a declaration or schema_json is malformed, too deep, or uses an unsupported keyword",
    action: "fix the declaration; unsupported keywords are refused, never ignored",
  },
];

const names = new Map<string, string>(ERRORS.map((e) => [e.code, e.name]));

/**
 * The name of an error code (`"E010"` → `"StrictViolation"`).
 *
 * @example
 * ```ts
 * import { errorName } from "./errors.ts";
 * console.log(errorName("E070")); // "SchemaError"
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
 * console.log(engineError("E001", "the input is empty").message); // "E001 EmptyInput: the input is empty"
 * ```
 */
export function engineError(code: string, detail: string): EngineError {
  return { code, message: `${code} ${errorName(code)}: ${detail}` };
}

/**
 * Builds an error at a position of the input (1-based line and column, 0-based
 * UTF-16 offset).
 *
 * @example
 * ```ts
 * import { positionedError } from "./errors.ts";
 * const e = positionedError("E010", 1, 25, 24, "R010 CloseString: exactness lossy exceeds max_loss cosmetic");
 * console.log(e.message);
 * // "E010 StrictViolation at 1:25 (offset 24): R010 CloseString: exactness lossy exceeds max_loss cosmetic"
 * ```
 */
export function positionedError(
  code: string,
  line: number,
  column: number,
  offset: number,
  detail: string,
): EngineError {
  return {
    code,
    message: `${code} ${errorName(code)} at ${line}:${column} (offset ${offset}): ${detail}`,
  };
}

/**
 * A mistake of the host, never of the model: a bad declaration (`E070`), an
 * unknown profile or an option of the wrong type or range (`E050`), or a
 * `text` that is not a string. The library throws it, because the model
 * cannot fix it and a retry prompt would loop forever. `pointer` is the JSON
 * pointer of the offending option or keyword (`/maxDepth`, `/properties/a/type`),
 * `""` for the whole argument.
 *
 * @example
 * ```ts
 * import { CallerError } from "./errors.ts";
 * import { strictEqual } from "node:assert/strict";
 * const e = new CallerError("E050", "/maxDepth", "max_depth must be an integer from 1 to 10000; got -1");
 * strictEqual(e.code, "E050");
 * strictEqual(e.message, "E050 OptionOutOfRange at /maxDepth: max_depth must be an integer from 1 to 10000; got -1");
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
