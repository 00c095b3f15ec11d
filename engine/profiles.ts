/**
 * Profiles and options. A profile is a named set of every option, safety and
 * protocol alike; {@linkcode resolveOptions} applies a profile by name, then
 * any field the caller set. Options are checked once, against one table
 * ({@linkcode OPTION_SPECS}: each option's name, type and range): an options
 * argument that is not an object, an unknown option, an unknown profile or an
 * option of the wrong type or out of range is a mistake of the host, thrown
 * as a {@linkcode CallerError} `E050` whose pointer names the option.
 *
 * | profile | max_loss | ambiguity | skip_prose | intent |
 * | --- | --- | --- | --- | --- |
 * | `permissive` | lossy | allowed | no | show the user something |
 * | `interactive` | lossy (tail completion only) | allowed | no | live display of a stream |
 * | `execution` | cosmetic | refused | no | execute only what the model wrote |
 * | `agent` | cosmetic | refused | yes | `execution` for chat-channel output |
 * | `strict` | exact | refused | no | RFC 8259 only |
 *
 * @example
 * ```ts
 * import { resolveOptions } from "./profiles.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * strictEqual(resolveOptions({ profile: "agent" }).skipProse, true);
 * throws(() => resolveOptions({ profile: "agnet" as "agent" }), {
 *   name: "CallerError",
 *   code: "E050",
 *   pointer: "/profile",
 * });
 * ```
 *
 * @module
 */

import { CallerError } from "./errors.ts";
import { likelyMeant } from "./suggestion.ts";
import type { Exactness } from "./rules.ts";

/** The five profile names. */
export type ProfileName = "permissive" | "interactive" | "execution" | "agent" | "strict";

/**
 * Every option, resolved: what the engine actually runs with.
 *
 * @example
 * ```ts
 * import { PROFILES } from "./profiles.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const { maxLoss, allowAmbiguity, skipProse } = PROFILES.agent;
 * deepStrictEqual([maxLoss, allowAmbiguity, skipProse], ["cosmetic", false, true]);
 * ```
 */
export interface Profile {
  /** The profile this was built from. */
  readonly name: ProfileName;
  /** The worst exactness accepted without refusal (`E010` past it). */
  readonly maxLoss: Exactness;
  /** Accept only losses that complete a truncated tail (the `interactive` profile). */
  readonly tailLossOnly: boolean;
  /** Accept ambiguous text, taking the likeliest reading (`E011` otherwise). */
  readonly allowAmbiguity: boolean;
  /** Skip prose before and after the value (`E002` otherwise). */
  readonly skipProse: boolean;
  /** Deepest nesting of arrays and objects (`E020` past it). */
  readonly maxDepth: number;
  /** Longest input in UTF-16 code units (`E021` past it). */
  readonly maxInput: number;
  /** Longest single string, number or word in UTF-16 code units (`E022` past it). */
  readonly maxToken: number;
}

/**
 * Options a caller may set: a profile by name, then any field to override it.
 *
 * @example
 * ```ts
 * import type { Options } from "./profiles.ts";
 * import { resolveOptions } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * const options: Options = { profile: "execution", maxDepth: 64 };
 * strictEqual(resolveOptions(options).maxDepth, 64);
 * ```
 */
export interface Options {
  /** The profile to start from; the engine default is `permissive`. */
  profile?: ProfileName;
  /** Override: the worst exactness accepted. */
  maxLoss?: Exactness;
  /** Override: accept ambiguous text. */
  allowAmbiguity?: boolean;
  /** Override: skip prose around the value. */
  skipProse?: boolean;
  /** Override: deepest nesting (1 to {@linkcode MAX_DEPTH_CEILING}). */
  maxDepth?: number;
  /** Override: longest input (1 to {@linkcode DEFAULT_MAX_INPUT}). */
  maxInput?: number;
  /** Override: longest token (1 to {@linkcode DEFAULT_MAX_TOKEN}). */
  maxToken?: number;
}

/** Default nesting depth. */
export const DEFAULT_MAX_DEPTH = 512;
/** The ceiling on `maxDepth` (documented in `SECURITY.md`). */
export const MAX_DEPTH_CEILING = 4096;
/** Default and ceiling of `maxInput`: 64 Mi UTF-16 code units. */
export const DEFAULT_MAX_INPUT = 67_108_864;
/** Default and ceiling of `maxToken`: 16 Mi UTF-16 code units. */
export const DEFAULT_MAX_TOKEN = 16_777_216;

/** The engine default profile (what `repair` uses when none is named). */
export const DEFAULT_PROFILE: ProfileName = "permissive";

const limits = {
  maxDepth: DEFAULT_MAX_DEPTH,
  maxInput: DEFAULT_MAX_INPUT,
  maxToken: DEFAULT_MAX_TOKEN,
};

/**
 * The five profiles, by name.
 *
 * @example
 * ```ts
 * import { PROFILES } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(Object.keys(PROFILES).join(" "), "permissive interactive execution agent strict");
 * ```
 */
export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  permissive: {
    name: "permissive",
    maxLoss: "lossy",
    tailLossOnly: false,
    allowAmbiguity: true,
    skipProse: false,
    ...limits,
  },
  interactive: {
    name: "interactive",
    maxLoss: "lossy",
    tailLossOnly: true,
    allowAmbiguity: true,
    skipProse: false,
    ...limits,
  },
  execution: {
    name: "execution",
    maxLoss: "cosmetic",
    tailLossOnly: false,
    allowAmbiguity: false,
    skipProse: false,
    ...limits,
  },
  agent: {
    name: "agent",
    maxLoss: "cosmetic",
    tailLossOnly: false,
    allowAmbiguity: false,
    skipProse: true,
    ...limits,
  },
  strict: {
    name: "strict",
    maxLoss: "exact",
    tailLossOnly: false,
    allowAmbiguity: false,
    skipProse: false,
    ...limits,
  },
};

/** The profile names, in the order of the table. */
export const PROFILE_NAMES: readonly ProfileName[] = Object.keys(PROFILES) as ProfileName[];

/**
 * Whether `name` is one of the five profile names.
 *
 * @example
 * ```ts
 * import { isProfileName } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(isProfileName("agent"), true);
 * strictEqual(isProfileName("loose"), false);
 * ```
 */
export function isProfileName(name: unknown): name is ProfileName {
  return typeof name === "string" && Object.hasOwn(PROFILES, name);
}

const EXACTNESS: readonly Exactness[] = ["exact", "cosmetic", "lossy"];

/**
 * What one option accepts: its name in an options object, its name on the
 * wire (MCP arguments, documentation), and its type and range.
 *
 * - `profile`: one of {@linkcode PROFILE_NAMES};
 * - `choice`: one of `choices`;
 * - `boolean`: `true` or `false`;
 * - `integer`: an integer from `min` to `max`;
 * - `declaration`: anything; the declaration compiler checks it (`E070`).
 *
 * @example
 * ```ts
 * import { OPTION_SPECS } from "./profiles.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const depth = OPTION_SPECS.find((spec) => spec.name === "maxDepth");
 * deepStrictEqual(depth, { name: "maxDepth", wire: "max_depth", type: "integer", min: 1, max: 4096 });
 * ```
 */
export type OptionSpec =
  | { readonly name: string; readonly wire: string; readonly type: "profile" }
  | {
    readonly name: string;
    readonly wire: string;
    readonly type: "choice";
    readonly choices: readonly string[];
  }
  | { readonly name: string; readonly wire: string; readonly type: "boolean" }
  | {
    readonly name: string;
    readonly wire: string;
    readonly type: "integer";
    readonly min: number;
    readonly max: number;
  }
  | { readonly name: string; readonly wire: string; readonly type: "declaration" };

/**
 * The options of a profile, in the order of {@linkcode Options}: the one
 * table every call checks its options against.
 *
 * @example
 * ```ts
 * import { OPTION_SPECS } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(OPTION_SPECS.map((spec) => spec.wire).join(" "),
 *   "profile max_loss allow_ambiguity skip_prose max_depth max_input max_token");
 * ```
 */
export const OPTION_SPECS: readonly OptionSpec[] = [
  { name: "profile", wire: "profile", type: "profile" },
  { name: "maxLoss", wire: "max_loss", type: "choice", choices: EXACTNESS },
  { name: "allowAmbiguity", wire: "allow_ambiguity", type: "boolean" },
  { name: "skipProse", wire: "skip_prose", type: "boolean" },
  { name: "maxDepth", wire: "max_depth", type: "integer", min: 1, max: MAX_DEPTH_CEILING },
  { name: "maxInput", wire: "max_input", type: "integer", min: 1, max: DEFAULT_MAX_INPUT },
  { name: "maxToken", wire: "max_token", type: "integer", min: 1, max: DEFAULT_MAX_TOKEN },
];

/**
 * A value as a message shows it, safely for every type (a Symbol, a BigInt,
 * an object whose `toString` throws): its type, and the value when short.
 *
 * @example
 * ```ts
 * import { describeValue } from "./profiles.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(describeValue("false"), 'the string "false"');
 * strictEqual(describeValue(10n), "the bigint 10n");
 * strictEqual(describeValue(Symbol("x")), "a symbol");
 * strictEqual(describeValue(null), "null");
 * ```
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
    case "number":
      return `the number ${String(value)}`;
    case "bigint":
      return `the bigint ${String(value)}n`;
    case "boolean":
      return String(value);
    case "symbol":
      return "a symbol";
    case "undefined":
      return "undefined";
    case "function":
      return "a function";
    default:
      if (value === null) return "null";
      return Array.isArray(value) ? "an array" : "an object";
  }
}

function fail(pointer: string, detail: string): never {
  throw new CallerError("E050", pointer, detail);
}

/** ` (did you mean "agent"?)` when a choice is close to `word`, else "". */
function suggest(word: unknown, choices: readonly string[]): string {
  const meant = typeof word === "string" ? likelyMeant(word, choices) : null;
  return meant === null ? "" : ` (did you mean ${JSON.stringify(meant)}?)`;
}

/** Checks one set option against its spec; throws `E050` naming it. */
function checkOption(spec: OptionSpec, value: unknown): void {
  const pointer = `/${spec.name}`;
  const got = `; got ${describeValue(value)}`;
  switch (spec.type) {
    case "profile":
      if (typeof value !== "string") {
        fail(pointer, `${spec.wire} must be one of ${PROFILE_NAMES.join(", ")}${got}`);
      }
      if (!isProfileName(value)) {
        fail(
          pointer,
          `unknown profile ${JSON.stringify(value)}${suggest(value, PROFILE_NAMES)}; ` +
            `use one of ${PROFILE_NAMES.join(", ")}`,
        );
      }
      return;
    case "choice":
      if (typeof value !== "string" || !spec.choices.includes(value)) {
        fail(
          pointer,
          `${spec.wire} must be one of ${spec.choices.join(", ")}${got}${
            suggest(value, spec.choices)
          }`,
        );
      }
      return;
    case "boolean":
      if (typeof value !== "boolean") fail(pointer, `${spec.wire} must be true or false${got}`);
      return;
    case "integer":
      if (
        typeof value !== "number" || !Number.isInteger(value) || value < spec.min ||
        value > spec.max
      ) {
        fail(pointer, `${spec.wire} must be an integer from ${spec.min} to ${spec.max}${got}`);
      }
      return;
    case "declaration":
      return;
  }
}

/** The option names of each table of specs (a call checks its options against one every time). */
const specNames = new WeakMap<readonly OptionSpec[], ReadonlySet<string>>();

/** The option names of a table of specs, as a set. */
function namesOf(specs: readonly OptionSpec[]): ReadonlySet<string> {
  let names = specNames.get(specs);
  if (names === undefined) {
    names = new Set(specs.map((spec) => spec.name));
    specNames.set(specs, names);
  }
  return names;
}

/**
 * Checks an options argument against a table of option specs, once: it must
 * be an object (or omitted), every key must be one of the specs, and every
 * option set (not `undefined`) must have its type and range. Throws a
 * {@linkcode CallerError} `E050` naming the option; `call` names the function
 * in the messages.
 *
 * @example
 * ```ts
 * import { checkOptions, OPTION_SPECS } from "./profiles.ts";
 * import { throws } from "node:assert/strict";
 * checkOptions({ profile: "agent", maxDepth: 64 }, OPTION_SPECS, "gate");
 * throws(() => checkOptions({ skipProse: "false" }, OPTION_SPECS, "gate"), {
 *   code: "E050",
 *   pointer: "/skipProse",
 *   message: "E050 OptionOutOfRange at /skipProse: skip_prose must be true or false; got the string \"false\"",
 * });
 * throws(() => checkOptions("agent", OPTION_SPECS, "gate"), { code: "E050", pointer: "" });
 * throws(() => checkOptions({ maxdepth: 9 }, OPTION_SPECS, "gate"), { pointer: "/maxdepth" });
 * ```
 */
export function checkOptions(
  options: unknown,
  specs: readonly OptionSpec[],
  call: string,
): void {
  if (options === undefined) return;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    const profileHint = typeof options === "string" && isProfileName(options)
      ? `; to choose a profile, pass { profile: ${JSON.stringify(options)} }`
      : "";
    fail(
      "",
      `the options of ${call}() must be an object (or omitted); got ${
        describeValue(options)
      }${profileHint}`,
    );
  }
  const record = options as Record<string, unknown>;
  const known = namesOf(specs);
  for (const key of Object.keys(record)) {
    if (!known.has(key)) {
      const names = specs.map((spec) => spec.name);
      fail(
        `/${key}`,
        `unknown option ${JSON.stringify(key)} of ${call}()${suggest(key, names)}; ` +
          `the options are ${names.join(", ")}`,
      );
    }
  }
  for (const spec of specs) {
    const value = record[spec.name];
    if (value !== undefined) checkOption(spec, value);
  }
}

/**
 * Resolves options: the named profile (`defaultProfile` when none is named),
 * then every field the caller set. The options must have been checked with
 * {@linkcode checkOptions}, or are checked here against
 * {@linkcode OPTION_SPECS}; a mistake throws a {@linkcode CallerError} `E050`.
 *
 * @example
 * ```ts
 * import { resolveOptions } from "./profiles.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * strictEqual(resolveOptions({ maxLoss: "exact" }).maxLoss, "exact");
 * throws(() => resolveOptions({ maxDepth: 1_000_000 }), {
 *   code: "E050",
 *   pointer: "/maxDepth",
 *   message:
 *     "E050 OptionOutOfRange at /maxDepth: max_depth must be an integer from 1 to 4096; got the number 1000000",
 * });
 * ```
 */
export function resolveOptions(
  options: Options = {},
  defaultProfile: ProfileName = DEFAULT_PROFILE,
  checked = false,
): Profile {
  if (!checked) checkOptions(options, OPTION_SPECS, "resolveOptions");
  const base = PROFILES[options.profile ?? defaultProfile];
  return {
    name: base.name,
    maxLoss: options.maxLoss ?? base.maxLoss,
    tailLossOnly: options.maxLoss === undefined ? base.tailLossOnly : false,
    allowAmbiguity: options.allowAmbiguity ?? base.allowAmbiguity,
    skipProse: options.skipProse ?? base.skipProse,
    maxDepth: options.maxDepth ?? base.maxDepth,
    maxInput: options.maxInput ?? base.maxInput,
    maxToken: options.maxToken ?? base.maxToken,
  };
}
