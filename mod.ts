/**
 * InterJSON: the execution gate for LLM output.
 *
 * A model emits text that should be JSON (tool-call arguments). Before a host
 * executes anything, {@linkcode gate} decides whether it may be executed as
 * written: it repairs what can be repaired, reports exactly what each repair
 * did to the value, refuses to invent, and hands back one sentence for the
 * model when the answer is no. Branch on `executable` alone.
 *
 * ```ts
 * import { gate } from "jsr:@interjson/cli";
 *
 * const result = gate('{"query":"weather in Par', {
 *   schema: "{!query:string,limit:integer}",
 * });
 * if (result.executable) {
 *   console.log("run the tool with", result.value);
 * } else {
 *   console.log(result.retry!.prompt); // send this back to the model
 * }
 * ```
 *
 * The four operations are {@linkcode gate}, {@linkcode repair},
 * {@linkcode validate} and {@linkcode readiness}; {@linkcode JsonStream}
 * gates a generation chunk by chunk. For every string `text`, no call throws:
 * the model's mistakes are answers. The host's mistakes (an unknown profile
 * or option, an option of the wrong type, a bad declaration, a `text` that is
 * not a string) are thrown as {@linkcode CallerError} (`E050`, `E070`), so
 * that they never reach the model as a retry prompt. Everything here is
 * pure: importing this module runs nothing and touches no runtime API, so it
 * works in Deno, Node, Bun and browsers. Run as a program (`deno run jsr:@interjson/cli mcp`), it
 * starts the command line.
 *
 * @module
 */

export { gate, type GateOptions, type GateResult } from "./engine/gate.ts";
export { repair, type RepairResult } from "./engine/repair.ts";
export { validate, type ValidateOptions, type ValidateResult } from "./engine/validate.ts";
export { readiness, type ReadinessResult } from "./engine/readiness.ts";
export { JsonStream, type StreamSnapshot } from "./engine/stream.ts";
export type { Decision } from "./engine/classify.ts";
export type { Retry } from "./engine/retry.ts";
export { CLOSING_SENTENCE } from "./engine/retry.ts";
export type { Completeness, SettledMember } from "./engine/scanner.ts";
export {
  type Ambiguity,
  type Exactness,
  type Repair,
  type RepairRule,
  RULES,
} from "./engine/rules.ts";
export { CallerError, type EngineError, type ErrorKind, ERRORS } from "./engine/errors.ts";
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_INPUT,
  DEFAULT_MAX_TOKEN,
  isProfileName,
  MAX_DEPTH_CEILING,
  type Options,
  type Profile,
  PROFILE_NAMES,
  type ProfileName,
  PROFILES,
} from "./engine/profiles.ts";
export {
  type AnyDeclaration,
  type ArrayDeclaration,
  type BooleanDeclaration,
  checkDeclaration,
  type Declaration,
  type DeclaredMember,
  type DeclaredPattern,
  describeDeclaration,
  isDeclaration,
  type LiteralDeclaration,
  MAX_DECLARATION_DEPTH,
  type MemberDeclaration,
  type Mismatch,
  type NullDeclaration,
  type NumberDeclaration,
  type ObjectDeclaration,
  parseDeclaration,
  type StringDeclaration,
  type UnionDeclaration,
  type Verdict,
} from "./engine/declarations.ts";
export { compileJsonSchema } from "./engine/jsonschema.ts";
export { VERSION } from "./engine/version.ts";

// Run as a program (`deno run jsr:@interjson/cli …`), this module starts the
// command line. The import is dynamic and behind the check, so importing the
// library loads no CLI or MCP code; no top-level await (cli.ts imports this
// module back).
if (import.meta.main) import("./cli.ts").then((cli) => cli.runAsProgram());
