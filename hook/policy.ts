/**
 * The hook's policy file: JSONC (comments and trailing commas allowed), read
 * by InterJSON's own engine under the `execution` profile, so a policy that
 * would need a lossy or ambiguous repair is refused like any other input.
 *
 * ```jsonc
 * {
 *   "profile": "execution",          // every tool; default execution
 *   "max_depth": 64,                 // also max_input, max_token
 *   "tools": {                       // first pattern that matches the whole name wins
 *     "Bash": { "schema": "{!command:string,description:string,timeout:integer}" },
 *     "mcp__github__.*": { "schema_json": { "type": "object" }, "profile": "strict" },
 *   },
 * }
 * ```
 *
 * A tool no pattern matches is checked for hazards and limits only. Every
 * declaration and pattern is checked when the policy is read, so a bad one
 * fails the hook before any tool call, never in the middle of one.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { parsePolicy, ruleFor } from "./policy.ts";
 * const policy = parsePolicy('{"tools": {"mcp__.*": {"schema": "{!q:string}"},}} // ok');
 * strictEqual("problem" in policy, false);
 * if (!("problem" in policy)) strictEqual(ruleFor(policy, "mcp__x__search")?.options.schema, "{!q:string}");
 * ```
 *
 * @module
 */

import {
  type CompiledGate,
  compileGate,
  type GateOptions,
  isProfileName,
  PROFILE_NAMES,
  type ProfileName,
  repair,
} from "../mod.ts";
import { closest } from "../engine/suggestion.ts";
import { isObject } from "../wire/jsonrpc.ts";

/** One tool pattern and the options its tools are gated with. */
export interface ToolRule {
  /** The pattern as written (a regular expression for the whole tool name). */
  readonly pattern: string;
  /** The compiled pattern, anchored at both ends. */
  readonly matcher: RegExp;
  /** Profile, limits and declaration for the matching tools. */
  readonly options: GateOptions;
  /** Those options compiled. */
  readonly gate: CompiledGate;
}

/** A policy read and checked. */
export interface Policy {
  /** Options for tools that no pattern matches. */
  readonly defaults: GateOptions;
  /** Those options compiled. */
  readonly defaultGate: CompiledGate;
  /** The tool patterns, in file order. */
  readonly rules: readonly ToolRule[];
}

/** Why a policy cannot be used: one line. */
export interface PolicyProblem {
  /** What is wrong, naming the key. */
  readonly problem: string;
}

/** The policy with no file: hazards and limits under `execution`, no declaration. */
export const NO_POLICY: Policy = {
  defaults: { profile: "execution" },
  defaultGate: compileGate({ profile: "execution" }),
  rules: [],
};

const LIMITS = { max_depth: "maxDepth", max_input: "maxInput", max_token: "maxToken" } as const;
const ROOT_KEYS = ["profile", ...Object.keys(LIMITS), "tools"];
const TOOL_KEYS = ["schema", "schema_json", "profile", ...Object.keys(LIMITS)];

function unknownKey(where: string, key: string, keys: readonly string[]): PolicyProblem {
  return {
    problem: `unknown key \`${key}\` in ${where}; did you mean \`${closest(key, keys)}\`? ` +
      `(keys: ${keys.join(", ")})`,
  };
}

/** Reads profile and limits from `source` on top of `base`. */
function readOptions(
  source: Record<string, unknown>,
  base: GateOptions,
  where: string,
): GateOptions | PolicyProblem {
  const options: GateOptions = { ...base };
  if (source.profile !== undefined) {
    if (!isProfileName(source.profile)) {
      const given = String(source.profile);
      return {
        problem: `${where}.profile \`${given}\` is not a profile; did you mean \`${
          closest(given, PROFILE_NAMES)
        }\`? (one of ${PROFILE_NAMES.join(", ")})`,
      };
    }
    options.profile = source.profile as ProfileName;
  }
  for (const [key, field] of Object.entries(LIMITS)) {
    const value = source[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isInteger(value)) {
      return { problem: `${where}.${key} must be an integer` };
    }
    options[field] = value;
  }
  return options;
}

/** Compiles options once; a caller error (E050, E070) is the policy's. */
function compileRule(options: GateOptions, where: string): CompiledGate | PolicyProblem {
  try {
    return compileGate(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { problem: `${where}: ${message}` };
  }
}

/**
 * Reads a policy from its text, or says in one line what is wrong with it.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { parsePolicy } from "./policy.ts";
 * const bad = parsePolicy('{"tools": {"Bash": {"shcema": "{!command:string}"}}}');
 * strictEqual("problem" in bad && bad.problem.startsWith("unknown key `shcema` in tools.Bash; did you mean `schema`?"), true);
 * ```
 */
export function parsePolicy(text: string): Policy | PolicyProblem {
  const read = repair(text, { profile: "execution" });
  if (read.error !== null) return { problem: `the policy is not JSONC: ${read.error.message}` };
  const root = read.value;
  if (!isObject(root)) return { problem: "the policy must be a JSON object" };
  for (const key of Object.keys(root)) {
    if (!ROOT_KEYS.includes(key)) return unknownKey("the policy", key, ROOT_KEYS);
  }
  const defaults = readOptions(root, NO_POLICY.defaults, "the policy");
  if ("problem" in defaults) return defaults;
  const defaultGate = compileRule(defaults, "the policy");
  if ("problem" in defaultGate) return defaultGate;
  const tools = root.tools ?? {};
  if (!isObject(tools)) return { problem: "`tools` must be an object of tool patterns" };
  const rules: ToolRule[] = [];
  for (const [pattern, entry] of Object.entries(tools)) {
    const where = `tools.${pattern}`;
    if (!isObject(entry)) return { problem: `${where} must be an object` };
    for (const key of Object.keys(entry)) {
      if (!TOOL_KEYS.includes(key)) return unknownKey(where, key, TOOL_KEYS);
    }
    let matcher: RegExp;
    try {
      matcher = new RegExp(`^(?:${pattern})$`, "u");
    } catch (error) {
      return { problem: `${where}: not a regular expression (${(error as Error).message})` };
    }
    const options = readOptions(entry, defaults, where);
    if ("problem" in options) return options;
    if (entry.schema !== undefined && entry.schema_json !== undefined) {
      return { problem: `${where}: give either schema or schema_json, not both` };
    }
    if (entry.schema !== undefined) {
      if (typeof entry.schema !== "string") {
        return { problem: `${where}.schema must be a string (a declaration)` };
      }
      options.schema = entry.schema;
    }
    if (entry.schema_json !== undefined) {
      if (!isObject(entry.schema_json) && typeof entry.schema_json !== "boolean") {
        return { problem: `${where}.schema_json must be a JSON Schema (an object)` };
      }
      options.schemaJson = entry.schema_json;
    }
    const gate = compileRule(options, where);
    if ("problem" in gate) return gate;
    rules.push({ pattern, matcher, options, gate });
  }
  return { defaults, defaultGate, rules };
}

/**
 * The rule a tool is gated by: the first pattern that matches its whole
 * name, else `null` (the policy's defaults).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { NO_POLICY, ruleFor } from "./policy.ts";
 * strictEqual(ruleFor(NO_POLICY, "Bash"), null);
 * ```
 */
export function ruleFor(policy: Policy, toolName: string): ToolRule | null {
  for (const rule of policy.rules) if (rule.matcher.test(toolName)) return rule;
  return null;
}

/**
 * The compiled gate a tool's input goes through.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { gateFor, NO_POLICY } from "./policy.ts";
 * strictEqual(gateFor(NO_POLICY, "Bash").gate("[1]").executable, true);
 * ```
 */
export function gateFor(policy: Policy, toolName: string): CompiledGate {
  return ruleFor(policy, toolName)?.gate ?? policy.defaultGate;
}
