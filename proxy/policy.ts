/**
 * The proxy's `--policy FILE`: per-tool profiles and extra declarations, and
 * allow-lists. The file is JSONC read by InterJSON's own engine (gated under
 * the `permissive` profile and accepted only when executable), so comments
 * and trailing commas are cosmetic while a truncated or ambiguous file is
 * refused.
 *
 * ```jsonc
 * {
 *   "profile": "execution",              // the default for every tool
 *   "allowTools": ["read_file", "search"], // when present: only these are served
 *   "allowPoisoned": ["legacy"],         // served despite invisible Unicode in their metadata
 *   "allowUncompilable": ["odd"],        // gated with hazard checks only
 *   "strictKeywords": true,              // an unknown schema keyword stops the tool (E070)
 *   "tools": {
 *     "search": { "profile": "strict", "schema": "{!query:string,limit:integer}" },
 *   },
 * }
 * ```
 *
 * @example
 * ```ts
 * import { parsePolicy } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const policy = parsePolicy('{ "tools": { "a": { "profile": "strict", }, }, // why\n}');
 * strictEqual("problem" in policy, false);
 * strictEqual(!("problem" in policy) && policy.tools.get("a")?.profile, "strict");
 * ```
 *
 * @module
 */

import { compileGate, gate, isProfileName, PROFILE_NAMES, type ProfileName } from "../mod.ts";
import { closest } from "../engine/suggestion.ts";
import { isObject } from "../wire/jsonrpc.ts";

/**
 * What the policy says about one tool.
 *
 * @example
 * ```ts
 * import type { ToolPolicy } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const policy: ToolPolicy = { profile: "strict", schema: "{!path:string}" };
 * strictEqual(policy.profile, "strict");
 * ```
 */
export interface ToolPolicy {
  /** The profile for this tool's calls. */
  readonly profile?: ProfileName;
  /** An extra declaration (declaration language) the arguments must also meet. */
  readonly schema?: string;
}

/**
 * A parsed policy.
 *
 * @example
 * ```ts
 * import { parsePolicy, type Policy } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const policy = parsePolicy('{"allowTools": ["a"]}') as Policy;
 * strictEqual(policy.allowTools?.has("a"), true);
 * ```
 */
export interface Policy {
  /** The default profile (`--profile` overrides it). */
  readonly profile?: ProfileName;
  /** When set, the only tools served. */
  readonly allowTools: ReadonlySet<string> | null;
  /** Tools served despite invisible Unicode in their metadata. */
  readonly allowPoisoned: ReadonlySet<string>;
  /** Tools whose schema cannot be compiled, gated with hazard checks only. */
  readonly allowUncompilable: ReadonlySet<string>;
  /**
   * Compile tool schemas with `strictKeywords`: an unknown keyword (such as
   * `x-order`) makes the schema uncompilable (`E070`) instead of an
   * annotation listed in the warnings. Default false.
   */
  readonly strictKeywords: boolean;
  /** Per-tool settings. */
  readonly tools: ReadonlyMap<string, ToolPolicy>;
}

/**
 * The policy without a file: nothing extra.
 *
 * @example
 * ```ts
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(EMPTY_POLICY.allowTools, null);
 * ```
 */
export const EMPTY_POLICY: Policy = {
  allowTools: null,
  allowPoisoned: new Set(),
  allowUncompilable: new Set(),
  strictKeywords: false,
  tools: new Map(),
};

const TOP_KEYS = [
  "profile",
  "allowTools",
  "allowPoisoned",
  "allowUncompilable",
  "strictKeywords",
  "tools",
];
const TOOL_KEYS = ["profile", "schema"];

function unknownKey(key: string, keys: readonly string[], where: string): string {
  return `unknown key "${key}" at ${where}; did you mean "${closest(key, keys)}"? ` +
    `(keys: ${keys.join(", ")})`;
}

function nameList(value: unknown, where: string): Set<string> | string {
  if (!Array.isArray(value) || value.some((name) => typeof name !== "string")) {
    return `${where} must be an array of tool names`;
  }
  return new Set(value);
}

function profileAt(value: unknown, where: string): ProfileName | string {
  if (typeof value === "string" && isProfileName(value)) return value;
  return `${where} must be one of ${PROFILE_NAMES.join(", ")}; got ${JSON.stringify(value)}`;
}

function toolPolicy(name: string, value: unknown): ToolPolicy | string {
  const where = `/tools/${name}`;
  if (!isObject(value)) return `${where} must be an object`;
  for (const key of Object.keys(value)) {
    if (!TOOL_KEYS.includes(key)) return unknownKey(key, TOOL_KEYS, where);
  }
  let profile: ProfileName | undefined;
  if (value.profile !== undefined) {
    const checked = profileAt(value.profile, `${where}/profile`);
    if (!isProfileName(checked)) return checked;
    profile = checked;
  }
  let schema: string | undefined;
  if (value.schema !== undefined) {
    if (typeof value.schema !== "string") return `${where}/schema must be a declaration string`;
    try {
      compileGate({ schema: value.schema });
    } catch (error) {
      return `${where}/schema: ${error instanceof Error ? error.message : String(error)}`;
    }
    schema = value.schema;
  }
  return { profile, schema };
}

/**
 * Reads a policy file's text; returns the policy, or `{ problem }` naming what
 * is wrong and where (the command exits 2 on it).
 *
 * @example
 * ```ts
 * import { parsePolicy } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const bad = parsePolicy('{"allowtools": []}');
 * strictEqual("problem" in bad && bad.problem.includes('did you mean "allowTools"'), true);
 * strictEqual("problem" in parsePolicy('{"profile": "execution"'), true); // truncated: refused
 * strictEqual("problem" in parsePolicy('{"strictKeywords": "yes"}'), true);
 * ```
 */
export function parsePolicy(text: string): Policy | { problem: string } {
  const read = gate(text, { profile: "permissive" });
  if (!read.executable) {
    return { problem: `the policy file is not usable JSONC: ${read.error?.message ?? "refused"}` };
  }
  const value = read.value;
  if (!isObject(value)) return { problem: "the policy must be a JSON object" };
  for (const key of Object.keys(value)) {
    if (!TOP_KEYS.includes(key)) return { problem: unknownKey(key, TOP_KEYS, "/") };
  }
  let profile: ProfileName | undefined;
  if (value.profile !== undefined) {
    const checked = profileAt(value.profile, "/profile");
    if (!isProfileName(checked)) return { problem: checked };
    profile = checked;
  }
  const lists: Record<string, Set<string>> = {};
  for (const key of ["allowPoisoned", "allowUncompilable"]) {
    const list = value[key] === undefined ? new Set<string>() : nameList(value[key], `/${key}`);
    if (typeof list === "string") return { problem: list };
    lists[key] = list;
  }
  if (value.strictKeywords !== undefined && typeof value.strictKeywords !== "boolean") {
    return {
      problem: `/strictKeywords must be true or false; got ${JSON.stringify(value.strictKeywords)}`,
    };
  }
  let allowTools: Set<string> | null = null;
  if (value.allowTools !== undefined) {
    const list = nameList(value.allowTools, "/allowTools");
    if (typeof list === "string") return { problem: list };
    allowTools = list;
  }
  const tools = new Map<string, ToolPolicy>();
  if (value.tools !== undefined) {
    if (!isObject(value.tools)) return { problem: "/tools must be an object" };
    for (const [name, entry] of Object.entries(value.tools)) {
      const checked = toolPolicy(name, entry);
      if (typeof checked === "string") return { problem: checked };
      tools.set(name, checked);
    }
  }
  return {
    profile,
    allowTools,
    allowPoisoned: lists.allowPoisoned,
    allowUncompilable: lists.allowUncompilable,
    strictKeywords: value.strictKeywords === true,
    tools,
  };
}
