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
 * import { match, strictEqual } from "node:assert/strict";
 *
 * const result = gate('{"query":"weather in Par', {
 *   schema: "{!query:string,limit:integer}",
 * });
 * // Branch on `executable` alone: run the tool with `result.value`, or send
 * // `result.retry.prompt` back to the model.
 * strictEqual(result.executable, false);
 * match(result.retry!.prompt, /^InterJSON refused the arguments: E010 R010 CloseString/);
 * ```
 *
 * The four operations are {@linkcode gate}, {@linkcode repair},
 * {@linkcode validate} and {@linkcode readiness}; {@linkcode JsonStream}
 * gates a generation chunk by chunk; a host that checks every call against
 * the same declaration compiles it once with {@linkcode compileGate}. For
 * every string `text`, no call throws:
 * the model's mistakes are answers. The host's mistakes (an unknown profile
 * or option, an option of the wrong type, a bad declaration, a `text` that is
 * not a string) are thrown as {@linkcode CallerError} (`E050`, `E070`), so
 * that they never reach the model as a retry prompt. Everything here is
 * pure: importing this module runs nothing and touches no runtime API, so it
 * works in Deno, Node, Bun and browsers. Run as a program (`deno run jsr:@interjson/cli mcp`), it
 * starts the command line.
 *
 * The hazard checks the gate applies are exported for a host's own text
 * (tool descriptions, names shown to a reviewer): {@linkcode stringHazards}
 * finds bidi controls, tag characters, lone surrogates and other
 * default-ignorable code points in a string, {@linkcode hazardOfCodePoint}
 * classifies one code point, and {@linkcode keyCollisions} finds keys of one
 * object that a reader could take for one another (invisible characters,
 * NFC/NFKC, full case folding, UTS #39 confusables).
 *
 * ```ts
 * import { keyCollisions, stringHazards } from "jsr:@interjson/cli";
 * import { deepStrictEqual } from "node:assert/strict";
 *
 * deepStrictEqual(stringHazards("ls\u{E0041}"), { bidi: -1, tag: 2, loneSurrogate: -1, ignorable: -1 });
 * deepStrictEqual(keyCollisions(["role", "r\u043Ele"]).map((c) => c.kind), ["confusable"]);
 * ```
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
export { CLOSING_SENTENCE, SCHEMA_CLOSING_SENTENCE } from "./engine/retry.ts";
export type { Completeness, SettledMember } from "./engine/scanner/mod.ts";
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
export { type CompiledGate, compileGate } from "./engine/compile.ts";
export {
  type CompileWarning,
  type Form as Declaration,
  MAX_DECLARATION_DEPTH,
  type Node as DeclarationNode,
  type Pattern as DeclarationPattern,
} from "./engine/declarations/form.ts";
export { parseLanguage as parseDeclaration } from "./engine/declarations/language.ts";
export { compileJsonSchema, type JsonSchemaOptions } from "./engine/declarations/jsonschema.ts";
export { renderForm as describeDeclaration } from "./engine/declarations/describe.ts";
export {
  declaredKeyTwins,
  type KeyTwin,
  TwinIndex,
  type TwinKind,
} from "./engine/declarations/twins.ts";
export {
  checkDeclaration,
  type DeclaredMember,
  type Mismatch,
  type Verdict,
} from "./engine/declarations/verdict.ts";
export {
  BIDI,
  COLLISION_KINDS,
  type CollisionKind,
  foldCase,
  hasHazard,
  type Hazard,
  hazardOfCodePoint,
  IGNORABLE,
  type KeyCollision,
  keyCollisions,
  LONE_SURROGATE,
  NO_HAZARD,
  skeleton,
  type StringHazards,
  stringHazards,
  TAG,
} from "./engine/hazards.ts";
export { parseJson } from "./engine/json_parse.ts";
export { VERSION } from "./engine/version.ts";

// Run as a program (`deno run jsr:@interjson/cli …`), this module starts the
// command line. The import is dynamic and behind the check, so importing the
// library loads no CLI or MCP code; no top-level await (cli.ts imports this
// module back).
if (import.meta.main) import("./cli.ts").then((cli) => cli.runAsProgram());
