/**
 * Command-line arguments: `node:util`'s `parseArgs` in strict mode, with a
 * first pass over its tokens so that every complaint is one line that names
 * the problem and the closest valid choice ("unknown option --profil; did you
 * mean --profile?").
 *
 * `node:util` is imported when there is something to parse, not before:
 * loading Deno's Node compatibility layer costs more than the whole cold
 * start of `interjson mcp`, which has no arguments to parse.
 *
 * @example
 * ```ts
 * import { parseCommandLine } from "./arguments.ts";
 * const parsed = await parseCommandLine("gate", ["--profil", "agent"], { profile: { type: "string" } });
 * console.log("problem" in parsed && parsed.problem); // "unknown option --profil; did you mean --profile?"
 * ```
 *
 * @module
 */

import { closest } from "../wire/suggestion.ts";

/** One option a command accepts. */
export interface OptionSpec {
  /** `string` takes a value (`--name=value` or `--name value`); `boolean` takes none. */
  readonly type: "string" | "boolean";
  /** A one-letter alias (`-h`). */
  readonly short?: string;
}

/** What a command line parsed into. */
export interface ParsedCommandLine {
  /** Option values by name (`true` for a boolean option that was given). */
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  /** Arguments that are not options, in order. */
  readonly positionals: readonly string[];
}

/** A usage problem: one line, without the program name. */
export interface UsageProblem {
  /** What is wrong and what to type instead. */
  readonly problem: string;
}

/**
 * Parses `args` against the options of one command. Positionals are allowed;
 * the command checks how many it takes.
 *
 * @example
 * ```ts
 * import { parseCommandLine } from "./arguments.ts";
 * const parsed = await parseCommandLine("mcp", ["--policy=strict"], { policy: { type: "string" } });
 * console.log("values" in parsed && parsed.values.policy); // "strict"
 * ```
 */
export async function parseCommandLine(
  command: string,
  args: readonly string[],
  options: Readonly<Record<string, OptionSpec>>,
): Promise<ParsedCommandLine | UsageProblem> {
  const { parseArgs } = await import("node:util");
  const names = Object.keys(options);
  const flags = names.map((name) => `--${name}`);
  const loose = parseArgs({
    args: [...args],
    options: { ...options },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of loose.tokens ?? []) {
    if (token.kind !== "option") continue;
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (spec === undefined) {
      const suggestion = flags.length > 0
        ? `; did you mean ${closest(token.rawName, flags)}?`
        : `; ${command} takes no options`;
      return { problem: `unknown option ${token.rawName}${suggestion}` };
    }
    if (spec.type === "string" && token.value === undefined) {
      return { problem: `option --${token.name} needs a value, as in --${token.name}=VALUE` };
    }
    if (spec.type === "boolean" && token.value !== undefined) {
      return { problem: `option --${token.name} takes no value` };
    }
  }
  try {
    const strict = parseArgs({
      args: [...args],
      options: { ...options },
      strict: true,
      allowPositionals: true,
    });
    return { values: strict.values, positionals: strict.positionals };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The one-line complaint about a value that is not one of `choices`.
 *
 * @example
 * ```ts
 * import { unknownChoice } from "./arguments.ts";
 * console.log(unknownChoice("profile", "agnt", ["agent", "strict"]));
 * // "unknown profile `agnt`; did you mean `agent`? (one of agent, strict)"
 * ```
 */
export function unknownChoice(what: string, value: string, choices: readonly string[]): string {
  return `unknown ${what} \`${value}\`; did you mean \`${closest(value, choices)}\`? ` +
    `(one of ${choices.join(", ")})`;
}
