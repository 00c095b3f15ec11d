/**
 * Command-line arguments: `node:util`'s `parseArgs` in strict mode, with a
 * first pass over its tokens so that every complaint is one line that names
 * the problem and, when one is close, the valid choice meant ("unknown option
 * --profil; did you mean --profile?"). A choice is suggested only within an
 * edit distance of a third of the word's length (at least 1): `frobnicate` gets
 * no `validate`, `-p` no `--help`.
 *
 * `node:util` is imported when there is something to parse, not before:
 * loading Deno's Node compatibility layer costs more than the whole cold
 * start of `interjson mcp`, which has no arguments to parse.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { parseCommandLine } from "./arguments.ts";
 * const parsed = await parseCommandLine("gate", ["--profil", "agent"], { profile: { type: "string" } });
 * strictEqual("problem" in parsed && parsed.problem, "unknown option --profil; did you mean --profile?");
 * ```
 *
 * @module
 */

import { closest, editDistance } from "../engine/suggestion.ts";

/**
 * The choice `word` was probably meant to be, or `undefined` when none is
 * close: the nearest choice (case ignored, leading dashes not counted),
 * if its edit distance is at most a third of the word's length, and at least 1.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { didYouMean } from "./arguments.ts";
 * strictEqual(didYouMean("gat", ["gate", "repair", "validate"]), "gate");
 * strictEqual(didYouMean("--verison", ["--version", "--help"]), "--version");
 * strictEqual(didYouMean("frobnicate", ["gate", "repair", "validate"]), undefined);
 * strictEqual(didYouMean("-p", ["--help", "--profile"]), undefined);
 * ```
 */
export function didYouMean(word: string, choices: readonly string[]): string | undefined {
  if (choices.length === 0) return undefined;
  const bare = (text: string) => text.replace(/^-+/, "").toLowerCase();
  const choice = closest(word, choices);
  const distance = editDistance(bare(word), bare(choice));
  return distance <= Math.max(1, Math.floor(bare(word).length / 3)) ? choice : undefined;
}

/**
 * `; did you mean X?` for a close choice, else `fallback` (which may be empty).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { suggestionFor } from "./arguments.ts";
 * strictEqual(suggestionFor("agnt", ["agent"], (c) => `\`${c}\``), "; did you mean `agent`?");
 * strictEqual(suggestionFor("zzz", ["agent"], (c) => c, " (one of agent)"), " (one of agent)");
 * ```
 */
export function suggestionFor(
  word: string,
  choices: readonly string[],
  quote: (choice: string) => string,
  fallback = "",
): string {
  const choice = didYouMean(word, choices);
  return choice === undefined ? fallback : `; did you mean ${quote(choice)}?`;
}

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
 * import { strictEqual } from "node:assert/strict";
 * import { parseCommandLine } from "./arguments.ts";
 * const parsed = await parseCommandLine("mcp", ["--policy=strict"], { policy: { type: "string" } });
 * strictEqual("values" in parsed && parsed.values.policy, "strict");
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
        ? suggestionFor(token.rawName, flags, (flag) => flag, ` (see interjson ${command} --help)`)
        : `; ${command} takes no options`;
      return { problem: `unknown option ${token.rawName}${suggestion}` };
    }
    if (spec.type === "string" && (token.value === undefined || token.value === "")) {
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
 * import { strictEqual } from "node:assert/strict";
 * import { unknownChoice } from "./arguments.ts";
 * strictEqual(
 *   unknownChoice("profile", "agnt", ["agent", "strict"]),
 *   "unknown profile `agnt`; did you mean `agent`? (one of agent, strict)",
 * );
 * strictEqual(
 *   unknownChoice("profile", "loose", ["agent", "strict"]),
 *   "unknown profile `loose` (one of agent, strict)",
 * );
 * ```
 */
export function unknownChoice(what: string, value: string, choices: readonly string[]): string {
  const suggestion = suggestionFor(value, choices, (choice) => `\`${choice}\``);
  return `unknown ${what} \`${value}\`${suggestion} (one of ${choices.join(", ")})`;
}

/** An old spelling a command still takes, and the one it became. */
export interface DeprecatedSpelling {
  /** The command (`mcp`, `hook`). */
  readonly command: string;
  /** The old spelling. */
  readonly old: string;
  /** What to write instead. */
  readonly now: string;
}

/**
 * The one flag vocabulary's old spellings: each still works and prints one
 * deprecation line on stderr. `--profile P` names a profile and `--policy
 * FILE` a policy file in every command; the Claude Code client is `claude`
 * in every `--print-config`. docs/CLI.md lists the same rows.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DEPRECATED_SPELLINGS } from "./arguments.ts";
 * strictEqual(DEPRECATED_SPELLINGS.find((row) => row.command === "mcp")?.now, "--profile P");
 * ```
 */
export const DEPRECATED_SPELLINGS: readonly DeprecatedSpelling[] = [
  { command: "mcp", old: "--policy P", now: "--profile P" },
  { command: "hook", old: "--print-config=claude-code", now: "--print-config=claude" },
];

/**
 * The one stderr line an old spelling prints.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { deprecationLine } from "./arguments.ts";
 * strictEqual(
 *   deprecationLine("mcp", "--policy P"),
 *   "interjson mcp: --policy P is deprecated; write --profile P (it names a profile; --policy names a policy file elsewhere)\n",
 * );
 * ```
 */
export function deprecationLine(command: string, old: string): string {
  const row = DEPRECATED_SPELLINGS.find((r) => r.command === command && r.old === old);
  if (row === undefined) throw new Error(`no deprecated spelling ${command} ${old}`);
  const why = row.now.startsWith("--profile")
    ? " (it names a profile; --policy names a policy file elsewhere)"
    : " (the same client name as in interjson mcp and proxy)";
  return `interjson ${command}: ${row.old} is deprecated; write ${row.now}${why}\n`;
}
