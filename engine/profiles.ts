/**
 * Profiles and options. A profile is a named set of every option, safety and
 * protocol alike; {@linkcode resolveOptions} applies a profile by name, then
 * any field the caller set, and checks every limit (`E050` when out of range).
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
 * const resolved = resolveOptions({ profile: "agent" });
 * if (!("code" in resolved)) console.log(resolved.skipProse); // true
 * ```
 *
 * @module
 */

import { type EngineError, engineError } from "./errors.ts";
import type { Exactness } from "./rules.ts";

/** The five profile names. */
export type ProfileName = "permissive" | "interactive" | "execution" | "agent" | "strict";

/**
 * Every option, resolved: what the engine actually runs with.
 *
 * @example
 * ```ts
 * import { PROFILES } from "./profiles.ts";
 * const agent = PROFILES.agent;
 * console.log(agent.maxLoss, agent.allowAmbiguity, agent.skipProse); // cosmetic false true
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
 * const options: Options = { profile: "execution", maxDepth: 64 };
 * console.log(options.profile);
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
 * console.log(Object.keys(PROFILES).join(" ")); // permissive interactive execution agent strict
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
 * console.log(isProfileName("agent"), isProfileName("loose")); // true false
 * ```
 */
export function isProfileName(name: unknown): name is ProfileName {
  return typeof name === "string" && Object.hasOwn(PROFILES, name);
}

const EXACTNESS: readonly Exactness[] = ["exact", "cosmetic", "lossy"];

function checkInteger(
  name: string,
  value: number | undefined,
  fallback: number,
  ceiling: number,
): number | EngineError {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > ceiling) {
    return engineError("E050", `${name} must be an integer from 1 to ${ceiling}, got ${value}`);
  }
  return value;
}

/**
 * Resolves options: the named profile (default `permissive`), then every field
 * the caller set. Returns an `E050` error for an unknown profile or an option
 * out of range.
 *
 * @example
 * ```ts
 * import { resolveOptions } from "./profiles.ts";
 * const bad = resolveOptions({ maxDepth: 1_000_000 });
 * console.log("code" in bad && bad.code); // "E050"
 * ```
 */
export function resolveOptions(options: Options = {}): Profile | EngineError {
  const name = options.profile ?? DEFAULT_PROFILE;
  if (!isProfileName(name)) {
    return engineError(
      "E050",
      `unknown profile ${JSON.stringify(name)}; use one of ${PROFILE_NAMES.join(", ")}`,
    );
  }
  const base = PROFILES[name];
  if (options.maxLoss !== undefined && !EXACTNESS.includes(options.maxLoss)) {
    return engineError("E050", `max_loss must be one of ${EXACTNESS.join(", ")}`);
  }
  const maxDepth = checkInteger("max_depth", options.maxDepth, base.maxDepth, MAX_DEPTH_CEILING);
  if (typeof maxDepth !== "number") return maxDepth;
  const maxInput = checkInteger("max_input", options.maxInput, base.maxInput, DEFAULT_MAX_INPUT);
  if (typeof maxInput !== "number") return maxInput;
  const maxToken = checkInteger("max_token", options.maxToken, base.maxToken, DEFAULT_MAX_TOKEN);
  if (typeof maxToken !== "number") return maxToken;
  return {
    name,
    maxLoss: options.maxLoss ?? base.maxLoss,
    tailLossOnly: options.maxLoss === undefined ? base.tailLossOnly : false,
    allowAmbiguity: options.allowAmbiguity ?? base.allowAmbiguity,
    skipProse: options.skipProse ?? base.skipProse,
    maxDepth,
    maxInput,
    maxToken,
  };
}
