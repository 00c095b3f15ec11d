/**
 * The errors of `interjson serve` (the JSONL protocol and the HTTP facade):
 * the protocol's own (`S0NN`: the request itself is wrong) and the engine's
 * caller errors (`E050` an option, `E070` a declaration). Both are the
 * host's mistakes; a refusal of the model's text is never an error here but
 * a result (`executable: false` with its retry prompt).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { SERVE_ERRORS } from "./errors.ts";
 * strictEqual(SERVE_ERRORS.map((e) => e.code).join(" "), "S001 S002 S003 S004 S005 S006 S007 S008 E050 E070");
 * ```
 *
 * @module
 */

/** One error a host can get, with what causes it. */
export interface ServeErrorKind {
  /** The stable code. */
  readonly code: string;
  /** Its name. */
  readonly name: string;
  /** When it is answered. */
  readonly when: string;
}

/**
 * Every error, in code order (docs/PROTOCOL.md lists the same table).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { SERVE_ERRORS } from "./errors.ts";
 * strictEqual(SERVE_ERRORS[0].name, "ParseError");
 * ```
 */
export const SERVE_ERRORS: readonly ServeErrorKind[] = [
  { code: "S001", name: "ParseError", when: "the line is not valid UTF-8 or not JSON" },
  {
    code: "S002",
    name: "LineTooLong",
    when: "the line is longer than 8 MiB of UTF-8; it is discarded through the next LF",
  },
  {
    code: "S003",
    name: "InvalidRequest",
    when: "the request is not an object, or a field is missing, unknown or of the wrong type",
  },
  {
    code: "S004",
    name: "UnsupportedVersion",
    when: "`v` is missing or not a supported protocol version (the message lists them)",
  },
  { code: "S005", name: "UnknownOperation", when: "`op` names no operation" },
  { code: "S006", name: "UnknownHandle", when: "a handle was never issued or was released" },
  {
    code: "S007",
    name: "RegistryFull",
    when: "`compile` would hold more handles than the registry's bound; release one first",
  },
  { code: "S008", name: "InternalError", when: "the server failed; the message says how" },
  {
    code: "E050",
    name: "OptionOutOfRange",
    when: "a profile or option is unknown or out of range",
  },
  {
    code: "E070",
    name: "SchemaError",
    when:
      "a declaration or schema_json is malformed, too deep, or uses a keyword the gate cannot apply",
  },
];

/** An error as it goes on the wire. */
export interface ServeError {
  /** The stable code. */
  readonly code: string;
  /** One line for the host, naming the field and what to send instead. */
  readonly message: string;
}

/**
 * Builds an error: `message` is prefixed with the code and its name.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { serveError } from "./errors.ts";
 * deepStrictEqual(serveError("S006", "no handle `h9`"), { code: "S006", message: "S006 UnknownHandle: no handle `h9`" });
 * ```
 */
export function serveError(code: string, detail: string): ServeError {
  const name = SERVE_ERRORS.find((kind) => kind.code === code)?.name ?? "Error";
  return { code, message: `${code} ${name}: ${detail}` };
}

/**
 * Whether a value is an error (as opposed to a result).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isServeError, serveError } from "./errors.ts";
 * strictEqual(isServeError(serveError("S001", "x")), true);
 * strictEqual(isServeError({ valid: true }), false);
 * ```
 */
export function isServeError(value: unknown): value is ServeError {
  return typeof value === "object" && value !== null && "code" in value && "message" in value &&
    Object.keys(value).length === 2;
}
