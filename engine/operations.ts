/**
 * The four engine operations as one table, for every surface that offers
 * them (the command line, the MCP tools, `interjson serve`): each one's
 * name, whether it takes a profile and option flags (it repairs), the
 * profile it defaults to, and how it runs on a text. A surface reads its
 * wire or flags into `GateOptions` and calls {@linkcode runOperation}, whose
 * result is typed by the operation's name.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { runOperation } from "./operations.ts";
 * strictEqual(runOperation("gate", "[1,2,]", {}).executable, true);
 * strictEqual(runOperation("validate", "[1,2,]", { schema: "[integer]" }).valid, false);
 * ```
 *
 * @module
 */

import { gate, type GateOptions, type GateResult } from "./gate.ts";
import { repair, type RepairResult } from "./repair.ts";
import { validate, type ValidateOptions, type ValidateResult } from "./validate.ts";
import { readiness, type ReadinessResult } from "./readiness.ts";
import type { ProfileName } from "./profiles.ts";

/** The result each operation gives, by name. */
export interface OperationResults {
  /** `gate`: may this be executed? */
  gate: GateResult;
  /** `repair`: the repaired text and every change. */
  repair: RepairResult;
  /** `validate`: legal JSON as written, satisfying the declaration? */
  validate: ValidateResult;
  /** `readiness`: at which fraction of the input it became final. */
  readiness: ReadinessResult;
}

/** One of the four operations. */
export type OperationName = keyof OperationResults;

/** One operation of the table. */
export interface Operation<N extends OperationName> {
  /** Its name. */
  readonly name: N;
  /** Whether it takes a profile and option flags (it repairs into its answer). */
  readonly takesProfile: boolean;
  /** The profile it runs under when none is named (`undefined`: it takes none). */
  readonly defaultProfile: ProfileName | undefined;
  /** Runs it (`validate` and `readiness` read only the declaration of `options`). */
  readonly run: (text: string, options: GateOptions) => OperationResults[N];
}

/** The declaration part of the options: all `validate` and `readiness` read. */
function declarationOf(options: GateOptions): ValidateOptions {
  const declaration: ValidateOptions = {};
  if (options.schema !== undefined) declaration.schema = options.schema;
  if (options.schemaJson !== undefined) declaration.schemaJson = options.schemaJson;
  if (options.assertFormat !== undefined) declaration.assertFormat = options.assertFormat;
  if (options.strictKeywords !== undefined) declaration.strictKeywords = options.strictKeywords;
  return declaration;
}

/**
 * The table, by name.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { OPERATIONS } from "./operations.ts";
 * strictEqual(OPERATIONS.gate.defaultProfile, "agent");
 * strictEqual(OPERATIONS.readiness.takesProfile, false);
 * ```
 */
export const OPERATIONS: { readonly [N in OperationName]: Operation<N> } = {
  gate: { name: "gate", takesProfile: true, defaultProfile: "agent", run: gate },
  repair: { name: "repair", takesProfile: true, defaultProfile: "permissive", run: repair },
  validate: {
    name: "validate",
    takesProfile: false,
    defaultProfile: undefined,
    run: (text, options) => validate(text, declarationOf(options)),
  },
  readiness: {
    name: "readiness",
    takesProfile: false,
    defaultProfile: undefined,
    run: (text, options) => readiness(text, declarationOf(options)),
  },
};

/**
 * The operation names, in the order the surfaces list them.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { OPERATION_NAMES } from "./operations.ts";
 * strictEqual(OPERATION_NAMES.join(" "), "gate repair validate readiness");
 * ```
 */
export const OPERATION_NAMES: readonly OperationName[] = [
  "gate",
  "repair",
  "validate",
  "readiness",
];

/**
 * Whether `name` is one of the operations.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isOperationName } from "./operations.ts";
 * strictEqual(isOperationName("repair"), true);
 * strictEqual(isOperationName("compile"), false);
 * ```
 */
export function isOperationName(name: string): name is OperationName {
  return (OPERATION_NAMES as readonly string[]).includes(name);
}

/**
 * Runs operation `name` on `text`: the engine's own result, typed by the
 * name. A mistake of the host throws the library's `CallerError`.
 *
 * @example
 * ```ts
 * import { strictEqual, throws } from "node:assert/strict";
 * import { runOperation } from "./operations.ts";
 * strictEqual(runOperation("repair", "{'a':1}", {}).text, '{"a":1}');
 * strictEqual(runOperation("readiness", '{"a":1}', { profile: "strict" }).syntax_permille, 1000);
 * // validate and readiness keep the declaration's options (strictKeywords, assertFormat):
 * const vendor = { type: "object", "x-order": 1 };
 * strictEqual(runOperation("validate", "{}", { schemaJson: vendor }).valid, true);
 * throws(() => runOperation("validate", "{}", { schemaJson: vendor, strictKeywords: true }), /E070/);
 * ```
 */
export function runOperation<N extends OperationName>(
  name: N,
  text: string,
  options: GateOptions,
): OperationResults[N] {
  const operation: Operation<N> = OPERATIONS[name];
  return operation.run(text, options);
}
