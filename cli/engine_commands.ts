/**
 * The engine commands of the command line: `interjson gate|repair|validate|
 * readiness [--schema DECL | --schema-json FILE [--assert-format] [--strict-keywords]] [options] [FILE | -]`.
 *
 * Each reads the document from FILE, or from stdin when FILE is `-` or
 * absent (with a one-line hint on stderr when stdin is a terminal), and
 * prints the engine's result. What it prints:
 *
 * | stdout | `gate`, `repair`, `validate` | `readiness` |
 * | --- | --- | --- |
 * | a pipe or a file, or `--json` | the result as JSON, indented by two spaces | the same |
 * | a terminal | a report for people (`cli/terminal_report.ts`) | the JSON |
 * | `--output=value` (`gate`, `repair`) | the value as JSON; nothing when refused | — |
 * | `--output=text` (`gate`, `repair`) | the executable JSON text; nothing when refused | — |
 *
 * Input that is not UTF-8 is the model's output all the same: a refusal
 * (`E003` naming the first bad byte's offset), never a usage error. Exit codes:
 *
 * | command | 0 | 1 | 2 |
 * | --- | --- | --- | --- |
 * | `gate` | executable | refused | usage error, `E050`, `E070` |
 * | `repair` | repaired | refused under the profile | usage error, `E050`, `E070` |
 * | `validate` | valid | invalid | usage error, `E070` |
 * | `readiness` | measured | the engine answered an error | usage error, `E070` |
 *
 * `gate` and `repair` take a profile and a flag for each field of `Options`,
 * which overrides the profile. `validate` and `readiness` take neither: they
 * never repair. Every problem with the command itself is one line on stderr.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { engineCommand } from "./engine_commands.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO('{"query":"weather"}');
 * strictEqual(await engineCommand("gate", ["--schema", "{!query:string}"], io), 0);
 * ```
 *
 * @module
 */

import { CallerError, gate, isProfileName, parseJson, PROFILE_NAMES } from "../mod.ts";
import type {
  Exactness,
  GateResult,
  Options,
  ReadinessResult,
  RepairResult,
  ValidateResult,
} from "../mod.ts";
import { decodeUtf8, type Undecodable, undecodableGateResult } from "../engine/encoding.ts";
import { OPERATIONS, runOperation } from "../engine/operations.ts";
import { type OptionSpec, parseCommandLine, unknownChoice } from "./arguments.ts";
import type { CliIO } from "./io.ts";
import { gateLines, summaryLine } from "./jsonl.ts";
import { gateReport, repairReport, type ReportStyle, validateReport } from "./terminal_report.ts";

/** What the command line hands the engine. */
export interface EngineRequest {
  /** The document. */
  readonly text: string;
  /** `--schema DECL`. */
  readonly schema?: string;
  /** The parsed `--schema-json FILE`. */
  readonly schemaJson?: unknown;
  /** `--assert-format`: `format` in the JSON Schema asserts instead of annotating. */
  readonly assertFormat?: boolean;
  /** `--strict-keywords`: unknown keywords in the JSON Schema are refused (E070), not annotations. */
  readonly strictKeywords?: boolean;
  /** `--profile P` and the option flags, for the commands that take them. */
  readonly options?: Options;
}

/** What a command produced: the result to print and the exit code it implies. */
export interface EngineAnswer {
  /** The engine's result, printed as JSON. */
  readonly result: unknown;
  /** The engine's error, if any (`E050`/`E070` become usage errors). */
  readonly error: { code: string; message: string } | null | undefined;
  /** 0 executable, valid or repaired; 1 refused or invalid. */
  readonly exitCode: 0 | 1;
  /** What `--output=value` and `--output=text` print (absent: nothing, refused). */
  readonly value?: { readonly value: unknown; readonly text: string };
}

/** One engine command. */
export interface EngineCommand {
  /** The command name. */
  readonly name: string;
  /** One line for `--help`. */
  readonly summary: string;
  /** Whether it takes `--profile` and the option flags (it repairs). */
  readonly takesProfile: boolean;
  /** Runs the engine. */
  readonly run: (request: EngineRequest) => EngineAnswer;
  /** The answer for model output that is not UTF-8. */
  readonly undecodable: (input: Undecodable) => EngineAnswer;
  /** The report for a person, when the command has one (`declared`: a declaration was given). */
  readonly report?: (
    result: unknown,
    text: string,
    style: ReportStyle,
    notes: readonly string[],
    declared: boolean,
  ) => string;
}

function declaration(
  request: EngineRequest,
): { schema?: string; schemaJson?: unknown; assertFormat?: boolean; strictKeywords?: boolean } {
  if (request.schema !== undefined) return { schema: request.schema };
  if (request.schemaJson !== undefined) {
    return {
      schemaJson: request.schemaJson,
      ...(request.assertFormat === true ? { assertFormat: true } : {}),
      ...(request.strictKeywords === true ? { strictKeywords: true } : {}),
    };
  }
  return {};
}

function gateAnswer(result: GateResult): EngineAnswer {
  return {
    result,
    error: result.error,
    exitCode: result.executable ? 0 : 1,
    value: result.executable ? { value: result.value, text: result.text } : undefined,
  };
}

function repairAnswer(result: RepairResult): EngineAnswer {
  const repaired = result.error === null;
  return {
    result,
    error: result.error,
    exitCode: repaired ? 0 : 1,
    value: repaired ? { value: result.value, text: result.text } : undefined,
  };
}

/**
 * The four engine commands, in order.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ENGINE_COMMANDS } from "./engine_commands.ts";
 * strictEqual(ENGINE_COMMANDS.map((command) => command.name).join(" "), "gate repair validate readiness");
 * ```
 */
export const ENGINE_COMMANDS: readonly EngineCommand[] = [
  {
    name: "gate",
    summary: "may this be executed? (exit 0 executable, 1 refused; profile default agent)",
    takesProfile: OPERATIONS.gate.takesProfile,
    run: (request) =>
      gateAnswer(
        runOperation("gate", request.text, { ...declaration(request), ...request.options }),
      ),
    undecodable: (input) => gateAnswer(undecodableGateResult(input)),
    report: (result, text, style, notes, declared) =>
      gateReport(result as GateResult, text, style, notes, declared),
  },
  {
    name: "repair",
    summary: "repair and report every change (exit 0 repaired, 1 refused; default permissive)",
    takesProfile: OPERATIONS.repair.takesProfile,
    run: (request) =>
      repairAnswer(
        runOperation("repair", request.text, { ...declaration(request), ...request.options }),
      ),
    undecodable: (input) =>
      repairAnswer({
        error: input.error,
        text: "",
        value: undefined,
        exactness: "exact",
        ambiguous: false,
        completeness: "complete",
        repairs: [],
        repairs_truncated: false,
      }),
    report: (result, text, style, notes) =>
      repairReport(result as RepairResult, text, style, notes),
  },
  {
    name: "validate",
    summary: "legal JSON as written, satisfying the declaration? (exit 0 valid, 1 invalid)",
    takesProfile: OPERATIONS.validate.takesProfile,
    run: (request) => {
      const result = runOperation("validate", request.text, declaration(request));
      return { result, error: result.error, exitCode: result.valid ? 0 : 1 };
    },
    undecodable: (input) => {
      const result: ValidateResult = { valid: false, error: input.error };
      return { result, error: input.error, exitCode: 1 };
    },
    report: (result, text, style, notes, declared) =>
      validateReport(result as ValidateResult, text, style, notes, declared),
  },
  {
    name: "readiness",
    summary: "at which input fraction syntax and declared members are final (exit 0)",
    takesProfile: OPERATIONS.readiness.takesProfile,
    run: (request) => {
      const result = runOperation("readiness", request.text, declaration(request));
      return { result, error: result.error, exitCode: result.error ? 1 : 0 };
    },
    undecodable: (input) => {
      const result: ReadinessResult = {
        syntax_permille: 0,
        schema_permille: 0,
        settled_permille: 0,
        step: 0,
        error: input.error,
      };
      return { result, error: input.error, exitCode: 1 };
    },
  },
];

/** The engine command names, in order. */
export const ENGINE_COMMAND_NAMES: readonly string[] = ENGINE_COMMANDS.map((c) => c.name);

const EXACTNESS: readonly Exactness[] = ["exact", "cosmetic", "lossy"];
const OUTPUTS = ["result", "value", "text"] as const;
const COLORS = ["auto", "always", "never"] as const;

/**
 * The flags for the fields of `Options` (`gate` and `repair`): each overrides
 * the profile's value. `--no-skip-prose` and `--no-allow-ambiguity` turn a
 * profile's `true` off.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { OPTION_FLAGS } from "./engine_commands.ts";
 * strictEqual(OPTION_FLAGS.map((flag) => flag.flag).join(" "),
 *   "--skip-prose --allow-ambiguity --max-loss --max-depth --max-input --max-token");
 * ```
 */
export const OPTION_FLAGS: readonly {
  /** The flag. */
  readonly flag: string;
  /** The `Options` field it sets. */
  readonly field: Exclude<keyof Options, "profile">;
  /** `--flag` alone (`boolean`), one of the exactness levels, or a whole number. */
  readonly kind: "boolean" | "exactness" | "count";
  /** One line for `--help`. */
  readonly help: string;
}[] = [
  {
    flag: "--skip-prose",
    field: "skipProse",
    kind: "boolean",
    help: "skip prose around the value (--no-skip-prose: refuse it, E002)",
  },
  {
    flag: "--allow-ambiguity",
    field: "allowAmbiguity",
    kind: "boolean",
    help: "take the likeliest reading (--no-allow-ambiguity: refuse, E011)",
  },
  {
    flag: "--max-loss",
    field: "maxLoss",
    kind: "exactness",
    help: "the worst repair accepted: exact, cosmetic or lossy (E010 past it)",
  },
  {
    flag: "--max-depth",
    field: "maxDepth",
    kind: "count",
    help: "deepest nesting, 1 to 4096 (default 512; E020 past it)",
  },
  {
    flag: "--max-input",
    field: "maxInput",
    kind: "count",
    help: "longest input in UTF-16 code units (default 67108864; E021)",
  },
  {
    flag: "--max-token",
    field: "maxToken",
    kind: "count",
    help: "longest string, number or word (default 16777216; E022)",
  },
];

function optionsOf(command: EngineCommand): Record<string, OptionSpec> {
  const options: Record<string, OptionSpec> = {
    schema: { type: "string" },
    "schema-json": { type: "string" },
    "assert-format": { type: "boolean" },
    "strict-keywords": { type: "boolean" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  };
  if (command.report) {
    options.color = { type: "string" };
    options.quiet = { type: "boolean", short: "q" };
  }
  if (command.name === "gate") options.jsonl = { type: "boolean" };
  if (command.takesProfile) {
    options.profile = { type: "string" };
    options.output = { type: "string" };
    for (const { flag, kind } of OPTION_FLAGS) {
      const name = flag.slice(2);
      options[name] = { type: kind === "boolean" ? "boolean" : "string" };
      if (kind === "boolean") options[`no-${name}`] = { type: "boolean" };
    }
  }
  return options;
}

/** What `readiness --help` says its fields mean (docs/ENGINE.md has the same). */
const READINESS_FIELDS: readonly string[] = [
  "",
  "  syntax_permille      per mille (0 to 1000) of the input at which the syntax was final",
  "  schema_permille      per mille at which every declared top-level member was final",
  "                       (without a declaration, the same as syntax_permille)",
  "  settled_permille     the larger of the two: from there on nothing can change",
  "  step                 where schema_permille falls, in UTF-16 code units: a host that",
  "                       needs only the declared members may stop generating there",
  "  Per mille values round up. See docs/ENGINE.md, readiness.",
  "",
];

/**
 * `interjson COMMAND --help`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { engineCommandHelp } from "./engine_commands.ts";
 * strictEqual(
 *   engineCommandHelp("validate").split("\n")[0],
 *   "interjson validate [--schema DECL | --schema-json FILE [--assert-format] [--strict-keywords]] [--json] [--color=WHEN] [-q] [FILE | -]",
 * );
 * ```
 */
export function engineCommandHelp(name: string): string {
  const command = ENGINE_COMMANDS.find((c) => c.name === name);
  if (!command) throw new Error(`unknown engine command ${name}`);
  const profile = command.takesProfile ? " [--profile P] [OPTIONS] [--output=WHAT]" : "";
  const color = command.report ? " [--color=WHEN] [-q]" : "";
  const jsonl = name === "gate" ? " [--jsonl]" : "";
  return [
    `interjson ${name} [--schema DECL | --schema-json FILE [--assert-format] [--strict-keywords]]${profile}${jsonl} [--json]${color} [FILE | -]`,
    "",
    `  ${command.summary}`,
    "",
    "  FILE | -             the model output (UTF-8); stdin when - or absent",
    "  --schema DECL        a declaration, in single quotes: '{!query:string,!limit:integer}'",
    "  --schema-json FILE   a JSON Schema read from FILE",
    "  --assert-format      with --schema-json: `format` asserts (date-time, email, uri, …)",
    "                       instead of annotating (the 2020-12 default)",
    "  --strict-keywords    with --schema-json: refuse unknown keywords (E070) instead of",
    "                       compiling them as annotations (ajv's strict mode)",
    ...(command.takesProfile
      ? [
        `  --profile P          one of ${PROFILE_NAMES.join(", ")}`,
        "",
        "  Options (each overrides the profile's value):",
        ...OPTION_FLAGS.map(({ flag, kind, help }) =>
          `  ${(flag + (kind === "boolean" ? "" : "=V")).padEnd(21)}${help}`
        ),
        "",
        "  --output=result      the whole result (default)",
        "  --output=value       only the value, as JSON; nothing when refused",
        "  --output=text        only the executable JSON text; nothing when refused",
      ]
      : []),
    ...(command.name === "gate"
      ? [
        "  --jsonl              many outputs, one per line: a JSON string, or an object",
        '                       {"text": …, "schema"?: …, "profile"?: …}; one result per',
        '                       line ({"line": N, …}); a summary on stderr on a terminal;',
        "                       exit 0 all executable, 1 some refused, 2 some line not gated",
      ]
      : []),
    "  --json               the result as JSON even on a terminal",
    ...(command.report ? ["  -q, --quiet          print nothing: the exit status only"] : []),
    ...(command.report
      ? ["  --color=WHEN         auto (default: on a terminal, unless NO_COLOR), always, never"]
      : []),
    "",
    command.report
      ? "  On a terminal: a report for people; otherwise the result as JSON (two spaces)."
      : "  Prints the result as JSON (indented by two spaces) on stdout.",
    ...(name === "readiness" ? READINESS_FIELDS : []),
    "  Exit 2 on a usage error (one line on stderr), including E050 and E070.",
  ].join("\n");
}

/** The problem, or the options the flags set over the profile. */
function optionOverrides(
  values: Readonly<Record<string, string | boolean | undefined>>,
): Options | { problem: string } {
  const options: Record<string, unknown> = {};
  for (const { flag, field, kind } of OPTION_FLAGS) {
    const name = flag.slice(2);
    const value = values[name];
    if (kind === "boolean") {
      const negated = values[`no-${name}`];
      if (value && negated) return { problem: `give ${flag} or --no-${name}, not both` };
      if (value) options[field] = true;
      if (negated) options[field] = false;
      continue;
    }
    if (typeof value !== "string") continue;
    if (kind === "exactness") {
      if (!(EXACTNESS as readonly string[]).includes(value)) {
        return { problem: unknownChoice("max-loss", value, EXACTNESS) };
      }
      options[field] = value;
      continue;
    }
    if (!/^[0-9]+$/.test(value)) {
      return { problem: `${flag} takes a whole number, got \`${value}\`` };
    }
    options[field] = Number(value);
  }
  return options as Options;
}

/** A declaration member as the shell leaves it after brace expansion: `!query:string`. */
const LOOSE_MEMBER = /^!?[A-Za-z_$][\w$-]*\??:/;

/**
 * The usage problem when `--schema` and the arguments look like a declaration
 * the shell split (Bash brace-expands `{!a:string,b:integer}` into
 * `!a:string b:integer`), with the quoted declaration meant; else `undefined`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { splitDeclaration } from "./engine_commands.ts";
 * strictEqual(
 *   splitDeclaration("!query:string", ["limit:integer"]),
 *   "the declaration looks split by the shell (braces and commas expand, ! is history): " +
 *     "put it in single quotes, as in --schema '{!query:string,limit:integer}'",
 * );
 * strictEqual(splitDeclaration("{!query:string}", ["args.json"]), undefined);
 * ```
 */
export function splitDeclaration(
  schema: string | undefined,
  positionals: readonly string[],
): string | undefined {
  if (schema === undefined || !LOOSE_MEMBER.test(schema)) return undefined;
  const members = [schema, ...positionals.filter((word) => LOOSE_MEMBER.test(word))];
  return "the declaration looks split by the shell (braces and commas expand, ! is history): " +
    `put it in single quotes, as in --schema '{${members.join(",")}}'`;
}

/** One line, whatever the message held (a JSON parser's message may span several). */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

const PROSE_HINT = "only the prose around the value was refused: add --skip-prose, " +
  "or use --profile agent (which skips prose)";

/**
 * Runs `interjson COMMAND ARGS` for one of the engine commands; resolves to
 * the exit code.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { engineCommand } from "./engine_commands.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("[1,2,]");
 * strictEqual(await engineCommand("validate", [], io), 1);
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
    await io.stderr(`interjson ${name}: ${oneLine(problem)}\n`);
    return 2;
  };
  const end = args.indexOf("--");
  const flags = end === -1 ? args : args.slice(0, end);
  if (!command.takesProfile) {
    const repairing = flags.find((a) =>
      ["--profile", ...OPTION_FLAGS.map((f) => f.flag), "--output"].some((flag) =>
        a === flag || a.startsWith(`${flag}=`)
      )
    );
    if (repairing !== undefined) {
      const flag = repairing.split("=")[0];
      return usage(`${name} takes no ${flag}: it never repairs (gate and repair take it)`);
    }
  }
  const parsed = await parseCommandLine(name, args, optionsOf(command));
  if ("problem" in parsed) return usage(parsed.problem);
  const values = parsed.values;
  if (values.help) {
    await io.stdout(engineCommandHelp(name) + "\n");
    return 0;
  }
  const split = splitDeclaration(values.schema as string | undefined, parsed.positionals);
  if (split !== undefined) return usage(split);
  if (parsed.positionals.length > 1) {
    return usage(`unexpected argument \`${parsed.positionals[1]}\`; give one FILE, or - for stdin`);
  }
  const profile = values.profile as string | undefined;
  if (profile !== undefined && !isProfileName(profile)) {
    return usage(unknownChoice("profile", profile, PROFILE_NAMES));
  }
  const output = (values.output as string | undefined) ?? "result";
  if (!(OUTPUTS as readonly string[]).includes(output)) {
    return usage(unknownChoice("output", output, OUTPUTS));
  }
  const color = (values.color as string | undefined) ?? "auto";
  if (!(COLORS as readonly string[]).includes(color)) {
    return usage(unknownChoice("color", color, COLORS));
  }
  const overrides = optionOverrides(values);
  if ("problem" in overrides) return usage(overrides.problem);
  const options: Options | undefined = command.takesProfile
    ? { ...(profile === undefined ? {} : { profile: profile as Options["profile"] }), ...overrides }
    : undefined;
  const schema = values.schema as string | undefined;
  const schemaFile = values["schema-json"] as string | undefined;
  if (schema !== undefined && schemaFile !== undefined) {
    return usage("give either --schema or --schema-json, not both");
  }
  const assertFormat = values["assert-format"] === true;
  if (assertFormat && schemaFile === undefined) {
    return usage("--assert-format asserts the `format` of a JSON Schema: give --schema-json FILE");
  }
  const strictKeywords = values["strict-keywords"] === true;
  if (strictKeywords && schemaFile === undefined) {
    return usage(
      "--strict-keywords refuses unknown keywords of a JSON Schema: give --schema-json FILE",
    );
  }
  let schemaJson: unknown = undefined;
  if (schemaFile !== undefined) {
    const read = await readBytes(io, schemaFile);
    if (!(read instanceof Uint8Array)) return usage(read.problem);
    const decoded = decodeUtf8(read);
    if (decoded.error !== null) return usage(`--schema-json ${schemaFile} is not UTF-8`);
    try {
      schemaJson = parseJson(decoded.text);
    } catch (error) {
      return usage(`--schema-json ${schemaFile} is not JSON: ${(error as Error).message}`);
    }
  }
  if (values.jsonl) {
    if (output !== "result") return usage("--jsonl prints whole results; drop --output");
    const defaults = { ...declaration({ text: "", schema, schemaJson, assertFormat }), ...options };
    try {
      gate("", defaults);
    } catch (error) {
      if (error instanceof CallerError) return usage(error.message);
      throw error;
    }
    const source = parsed.positionals[0] ?? "-";
    const read = await readBytes(io, source);
    io.keepPermissions([]);
    if (!(read instanceof Uint8Array)) return usage(read.problem);
    const decoded = decodeUtf8(read);
    if (decoded.error !== null) return usage(`--jsonl reads UTF-8: ${decoded.error.message}`);
    const batch = gateLines(decoded.text, defaults);
    if (values.quiet) return batch.exitCode;
    if (batch.lines.length > 0) await io.stdout(batch.lines.join("\n") + "\n");
    if (io.isTerminal("stderr")) await io.stderr(`interjson gate: ${summaryLine(batch)}\n`);
    return batch.exitCode;
  }
  const source = parsed.positionals[0] ?? "-";
  if (source === "-" && io.isTerminal("stdin")) {
    await io.stderr(
      `interjson ${name}: reading the model output from stdin; end with Ctrl-D, or pass a file\n`,
    );
  }
  const bytes = await readBytes(io, source);
  io.keepPermissions([]);
  if (!(bytes instanceof Uint8Array)) return usage(bytes.problem);
  const decoded = decodeUtf8(bytes);
  const request: EngineRequest = {
    text: decoded.text,
    schema,
    schemaJson,
    assertFormat,
    strictKeywords,
    options,
  };
  let answer: EngineAnswer;
  try {
    // Mistakes in the command (a bad declaration, an option out of range) come first, whatever
    // the bytes: the engine checks them on an empty text when the input is not UTF-8.
    answer = command.run(decoded.error === null ? request : { ...request, text: "" });
  } catch (error) {
    if (error instanceof CallerError) return usage(error.message);
    throw error;
  }
  if (decoded.error !== null) answer = command.undecodable(decoded);

  if (values.quiet) return answer.exitCode;
  const notes: string[] = [];
  if (answer.error?.code === "E002" && command.takesProfile && options?.skipProse !== false) {
    const skipping = command.run({ ...request, options: { ...options, skipProse: true } });
    if (skipping.exitCode === 0) notes.push(PROSE_HINT);
  }
  if (output !== "result") {
    if (answer.value === undefined) {
      const why = answer.error ? oneLine(answer.error.message) : "refused";
      await io.stderr(`interjson ${name}: refused: ${[why, ...notes].join("; ")}\n`);
      return answer.exitCode;
    }
    const printed = output === "text"
      ? answer.value.text
      : JSON.stringify(answer.value.value, null, 2);
    await io.stdout(printed + "\n");
    return answer.exitCode;
  }
  if (command.report && !values.json && io.isTerminal("stdout")) {
    const style = {
      color: color === "always" || (color === "auto" && !io.noColor),
      columns: io.columns(),
    };
    const declared = schema !== undefined || schemaFile !== undefined;
    await io.stdout(command.report(answer.result, decoded.text, style, notes, declared));
    return answer.exitCode;
  }
  await io.stdout(JSON.stringify(answer.result, null, 2) + "\n");
  if (notes.length > 0) await io.stderr(`interjson ${name}: hint: ${notes.join("; ")}\n`);
  return answer.exitCode;
}

async function readBytes(io: CliIO, source: string): Promise<Uint8Array | { problem: string }> {
  const label = source === "-" ? "stdin" : source;
  try {
    return source === "-" ? await io.readStdin() : await io.readFile(source);
  } catch (error) {
    return { problem: `cannot read ${label}: ${(error as Error).message}` };
  }
}
