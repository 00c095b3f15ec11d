/**
 * The engine commands of the command line: `interjson gate|repair|validate|
 * readiness [--schema DECL | --schema-json FILE] [--profile P] [FILE | -]`.
 *
 * Each reads the document from FILE, or from stdin when FILE is `-` or
 * absent, as UTF-8, and prints the engine's result as JSON indented by two
 * spaces on stdout. Exit codes:
 *
 * | command | 0 | 1 | 2 |
 * | --- | --- | --- | --- |
 * | `gate` | executable | refused | usage error, `E050`, `E070` |
 * | `repair` | repaired | refused under the profile | usage error, `E050`, `E070` |
 * | `validate` | valid | invalid | usage error, `E070` |
 * | `readiness` | measured | the engine answered an error | usage error, `E070` |
 *
 * `validate` and `readiness` take no `--profile`: they never repair.
 *
 * @example
 * ```ts
 * import { engineCommand } from "./engine_commands.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO('{"query":"weather"}');
 * console.log(await engineCommand("gate", ["--schema", "{!query:string}"], io)); // 0
 * ```
 *
 * @module
 */

import {
  CallerError,
  gate,
  isProfileName,
  PROFILE_NAMES,
  readiness,
  repair,
  validate,
} from "../mod.ts";
import type { ProfileName } from "../mod.ts";
import { type OptionSpec, parseCommandLine, unknownChoice } from "./arguments.ts";
import type { CliIO } from "./io.ts";

/** What the command line hands the engine. */
export interface EngineRequest {
  /** The document. */
  readonly text: string;
  /** `--schema DECL`. */
  readonly schema?: string;
  /** The parsed `--schema-json FILE`. */
  readonly schemaJson?: unknown;
  /** `--profile P`. */
  readonly profile?: ProfileName;
}

/** What a command produced: the result to print and the exit code it implies. */
export interface EngineAnswer {
  /** The engine's result, printed as JSON. */
  readonly result: unknown;
  /** The engine's error, if any (`E050`/`E070` become usage errors). */
  readonly error: { code: string; message: string } | null | undefined;
  /** 0 executable, valid or repaired; 1 refused or invalid. */
  readonly exitCode: 0 | 1;
}

/** One engine command. */
export interface EngineCommand {
  /** The command name. */
  readonly name: string;
  /** One line for `--help`. */
  readonly summary: string;
  /** Whether it takes `--profile`. */
  readonly takesProfile: boolean;
  /** Runs the engine. */
  readonly run: (request: EngineRequest) => EngineAnswer;
}

function declaration(request: EngineRequest): { schema?: string; schemaJson?: unknown } {
  if (request.schema !== undefined) return { schema: request.schema };
  if (request.schemaJson !== undefined) return { schemaJson: request.schemaJson };
  return {};
}

function withProfile(request: EngineRequest) {
  const options = declaration(request);
  return request.profile === undefined ? options : { ...options, profile: request.profile };
}

/**
 * The four engine commands, in order.
 *
 * @example
 * ```ts
 * import { ENGINE_COMMANDS } from "./engine_commands.ts";
 * console.log(ENGINE_COMMANDS.map((command) => command.name).join(" ")); // gate repair validate readiness
 * ```
 */
export const ENGINE_COMMANDS: readonly EngineCommand[] = [
  {
    name: "gate",
    summary: "may this be executed? (exit 0 executable, 1 refused; profile default agent)",
    takesProfile: true,
    run: (request) => {
      const result = gate(request.text, withProfile(request));
      return { result, error: result.error, exitCode: result.executable ? 0 : 1 };
    },
  },
  {
    name: "repair",
    summary: "repair and report every change (exit 0 repaired, 1 refused; default permissive)",
    takesProfile: true,
    run: (request) => {
      const result = repair(request.text, withProfile(request));
      return { result, error: result.error, exitCode: result.error ? 1 : 0 };
    },
  },
  {
    name: "validate",
    summary: "legal JSON as written, satisfying the declaration? (exit 0 valid, 1 invalid)",
    takesProfile: false,
    run: (request) => {
      const result = validate(request.text, declaration(request));
      return { result, error: result.error, exitCode: result.valid ? 0 : 1 };
    },
  },
  {
    name: "readiness",
    summary: "at which input fraction syntax and declared members are final (exit 0)",
    takesProfile: false,
    run: (request) => {
      const result = readiness(request.text, declaration(request));
      return { result, error: result.error, exitCode: result.error ? 1 : 0 };
    },
  },
];

/** The engine command names, in order. */
export const ENGINE_COMMAND_NAMES: readonly string[] = ENGINE_COMMANDS.map((c) => c.name);

const CALLER_ERRORS = new Set(["E050", "E070"]);

function optionsOf(command: EngineCommand): Record<string, OptionSpec> {
  const options: Record<string, OptionSpec> = {
    schema: { type: "string" },
    "schema-json": { type: "string" },
    help: { type: "boolean", short: "h" },
  };
  if (command.takesProfile) options.profile = { type: "string" };
  return options;
}

/**
 * `interjson COMMAND --help`.
 *
 * @example
 * ```ts
 * import { engineCommandHelp } from "./engine_commands.ts";
 * console.log(engineCommandHelp("validate").split("\n")[0]);
 * // "interjson validate [--schema DECL | --schema-json FILE] [FILE | -]"
 * ```
 */
export function engineCommandHelp(name: string): string {
  const command = ENGINE_COMMANDS.find((c) => c.name === name);
  if (!command) throw new Error(`unknown engine command ${name}`);
  const profile = command.takesProfile ? " [--profile P]" : "";
  return [
    `interjson ${name} [--schema DECL | --schema-json FILE]${profile} [FILE | -]`,
    "",
    `  ${command.summary}`,
    "",
    "  FILE | -            the document (UTF-8); stdin when - or absent",
    "  --schema DECL       a declaration, e.g. {!query:string,!limit:integer}",
    "  --schema-json FILE  a JSON Schema (subset) read from FILE",
    ...(command.takesProfile ? [`  --profile P         one of ${PROFILE_NAMES.join(", ")}`] : []),
    "",
    "  Prints the result as JSON (indented by two spaces) on stdout.",
    "  Exit 2 on a usage error (one line on stderr), including E050 and E070.",
  ].join("\n");
}

const fatalUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Runs `interjson COMMAND ARGS` for one of the engine commands; resolves to
 * the exit code.
 *
 * @example
 * ```ts
 * import { engineCommand } from "./engine_commands.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("[1,2,]");
 * console.log(await engineCommand("validate", [], io)); // 1
 * ```
 */
export async function engineCommand(
  name: string,
  args: readonly string[],
  io: CliIO,
): Promise<number> {
  const command = ENGINE_COMMANDS.find((c) => c.name === name);
  if (!command) throw new Error(`unknown engine command ${name}`);
  const usage = async (problem: string) => {
    await io.stderr(`interjson ${name}: ${problem}\n`);
    return 2;
  };
  const end = args.indexOf("--");
  const options = end === -1 ? args : args.slice(0, end);
  if (
    !command.takesProfile && options.some((a) => a === "--profile" || a.startsWith("--profile="))
  ) {
    return usage(`${name} takes no --profile: it never repairs (use gate or repair for a profile)`);
  }
  const parsed = await parseCommandLine(name, args, optionsOf(command));
  if ("problem" in parsed) return usage(parsed.problem);
  if (parsed.values.help) {
    await io.stdout(engineCommandHelp(name) + "\n");
    return 0;
  }
  if (parsed.positionals.length > 1) {
    return usage(`unexpected argument \`${parsed.positionals[1]}\`; give one FILE, or - for stdin`);
  }
  const profile = parsed.values.profile as string | undefined;
  if (profile !== undefined && !isProfileName(profile)) {
    return usage(unknownChoice("profile", profile, PROFILE_NAMES));
  }
  const schema = parsed.values.schema as string | undefined;
  const schemaFile = parsed.values["schema-json"] as string | undefined;
  if (schema !== undefined && schemaFile !== undefined) {
    return usage("give either --schema or --schema-json, not both");
  }
  let schemaJson: unknown = undefined;
  if (schemaFile !== undefined) {
    const read = await readText(io, schemaFile);
    if (typeof read !== "string") return usage(read.problem);
    try {
      schemaJson = JSON.parse(read);
    } catch (error) {
      return usage(`--schema-json ${schemaFile} is not JSON: ${(error as Error).message}`);
    }
  }
  const source = parsed.positionals[0] ?? "-";
  const text = await readText(io, source);
  if (typeof text !== "string") return usage(text.problem);
  let answer: EngineAnswer;
  try {
    answer = command.run({ text, schema, schemaJson, profile });
  } catch (error) {
    // A mistake of the caller (E050 option, E070 declaration) is a usage error.
    if (error instanceof CallerError) return usage(error.message);
    throw error;
  }
  if (answer.error && CALLER_ERRORS.has(answer.error.code)) return usage(answer.error.message);
  await io.stdout(JSON.stringify(answer.result, null, 2) + "\n");
  return answer.exitCode;
}

async function readText(io: CliIO, source: string): Promise<string | { problem: string }> {
  const label = source === "-" ? "stdin" : source;
  let bytes: Uint8Array;
  try {
    bytes = source === "-" ? await io.readStdin() : await io.readFile(source);
  } catch (error) {
    return { problem: `cannot read ${label}: ${(error as Error).message}` };
  }
  try {
    return fatalUtf8.decode(bytes);
  } catch {
    return { problem: `${label} is not valid UTF-8` };
  }
}
