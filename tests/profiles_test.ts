/**
 * Profiles and options (`engine/profiles.ts`) on their own: the five profiles field by field as
 * the product defines them (docs/PROFILES.md), the default profile, overrides (a `max_loss` set by the caller drops the
 * tail-only rule), and every integer option at both ends of its range. Each row pins what a
 * mutation tool found unguarded (docs/MUTATION_REPORT.md).
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  checkOptions,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_INPUT,
  DEFAULT_MAX_TOKEN,
  DEFAULT_PROFILE,
  describeValue,
  isProfileName,
  MAX_DEPTH_CEILING,
  OPTION_SPECS,
  type Options,
  type Profile,
  PROFILE_NAMES,
  PROFILES,
  resolveOptions,
} from "../engine/profiles.ts";
import { CallerError } from "../engine/errors.ts";

const LIMITS = {
  maxDepth: DEFAULT_MAX_DEPTH,
  maxInput: DEFAULT_MAX_INPUT,
  maxToken: DEFAULT_MAX_TOKEN,
};

/** The profiles' table (docs/PROFILES.md), one row per profile. */
const TABLE: readonly Profile[] = [
  {
    name: "permissive",
    maxLoss: "lossy",
    tailLossOnly: false,
    allowAmbiguity: true,
    skipProse: false,
    ...LIMITS,
  },
  {
    name: "interactive",
    maxLoss: "lossy",
    tailLossOnly: true,
    allowAmbiguity: true,
    skipProse: false,
    ...LIMITS,
  },
  {
    name: "execution",
    maxLoss: "cosmetic",
    tailLossOnly: false,
    allowAmbiguity: false,
    skipProse: false,
    ...LIMITS,
  },
  {
    name: "agent",
    maxLoss: "cosmetic",
    tailLossOnly: false,
    allowAmbiguity: false,
    skipProse: true,
    ...LIMITS,
  },
  {
    name: "strict",
    maxLoss: "exact",
    tailLossOnly: false,
    allowAmbiguity: false,
    skipProse: false,
    ...LIMITS,
  },
];

Deno.test("profiles: each profile is its row of the table, and resolving it by name gives the same", async (t) => {
  assert.deepEqual(PROFILE_NAMES, TABLE.map((p) => p.name));
  for (const row of TABLE) {
    await t.step(row.name, () => {
      assert.deepStrictEqual(PROFILES[row.name], row);
      assert.deepStrictEqual(resolveOptions({ profile: row.name }), row);
    });
  }
});

Deno.test("profiles: the engine default is permissive", () => {
  assert.equal(DEFAULT_PROFILE, "permissive");
  assert.deepStrictEqual(resolveOptions(), TABLE[0]);
  assert.deepStrictEqual(resolveOptions({}, "agent"), TABLE[3]);
});

Deno.test("profiles: isProfileName takes exactly the five names", () => {
  for (const name of PROFILE_NAMES) assert.equal(isProfileName(name), true, name);
  for (const other of ["loose", "", "Agent", "toString", "__proto__", 1, null, undefined]) {
    assert.equal(isProfileName(other), false, String(other));
  }
});

const OVERRIDES: readonly { behaviour: string; options: Options; expected: Partial<Profile> }[] = [
  {
    behaviour: "a max_loss set by the caller drops interactive's tail-only rule",
    options: { profile: "interactive", maxLoss: "lossy" },
    expected: { name: "interactive", maxLoss: "lossy", tailLossOnly: false },
  },
  {
    behaviour: "without a max_loss, interactive keeps its tail-only rule",
    options: { profile: "interactive", skipProse: true },
    expected: { name: "interactive", tailLossOnly: true, skipProse: true },
  },
  {
    behaviour: "each field overrides its profile's",
    options: { profile: "strict", allowAmbiguity: true, maxDepth: 7, maxInput: 9, maxToken: 3 },
    expected: { maxLoss: "exact", allowAmbiguity: true, maxDepth: 7, maxInput: 9, maxToken: 3 },
  },
];

Deno.test("profiles: options override the profile field by field", async (t) => {
  for (const { behaviour, options, expected } of OVERRIDES) {
    await t.step(behaviour, () => {
      const resolved = resolveOptions(options);
      for (const [key, value] of Object.entries(expected)) {
        assert.equal(resolved[key as keyof Profile], value, key);
      }
    });
  }
});

const RANGES: readonly {
  option: "maxDepth" | "maxInput" | "maxToken";
  wire: string;
  max: number;
}[] = [
  { option: "maxDepth", wire: "max_depth", max: MAX_DEPTH_CEILING },
  { option: "maxInput", wire: "max_input", max: DEFAULT_MAX_INPUT },
  { option: "maxToken", wire: "max_token", max: DEFAULT_MAX_TOKEN },
];

Deno.test("profiles: every integer option takes 1 and its ceiling, and refuses 0 and one more", async (t) => {
  for (const { option, wire, max } of RANGES) {
    await t.step(option, () => {
      assert.equal(resolveOptions({ [option]: 1 })[option], 1);
      assert.equal(resolveOptions({ [option]: max })[option], max);
      for (const bad of [0, max + 1, 1.5]) {
        assert.throws(
          () => resolveOptions({ [option]: bad }),
          (error: unknown) =>
            error instanceof CallerError && error.code === "E050" &&
            error.pointer === `/${option}` &&
            error.message.includes(`${wire} must be an integer from 1 to ${max}`),
          `${option} = ${bad}`,
        );
      }
    });
  }
});

Deno.test("profiles: isProfileName does not let a key coerce to a profile name", () => {
  // Object.hasOwn coerces its key to a string: ["agent"] and an object whose toString is
  // "agent" would pass without the typeof check.
  assert.equal(isProfileName(["agent"]), false);
  assert.equal(isProfileName({ toString: () => "agent" }), false);
});

Deno.test("describeValue: a string longer than 40 characters is cut at 40 with an ellipsis", () => {
  assert.equal(describeValue("x".repeat(40)), `the string "${"x".repeat(40)}"`);
  assert.equal(describeValue("x".repeat(41)), `the string "${"x".repeat(40)}…"`);
});

const CHECKS: readonly { behaviour: string; call: () => unknown; message: string }[] = [
  {
    behaviour: "a profile that is not a string names the option and lists the profiles",
    call: () => resolveOptions({ profile: 5 as unknown as "agent" }),
    message: "E050 OptionOutOfRange at /profile: profile must be one of permissive, " +
      "interactive, execution, agent, strict; got the number 5",
  },
  {
    behaviour: "options that are not an object name the function they were given to",
    call: () => resolveOptions("loose" as unknown as Options),
    message: "E050 OptionOutOfRange: the options of resolveOptions() must be an object " +
      '(or omitted); got the string "loose"',
  },
  {
    behaviour: "a profile name given as the options gets a hint",
    call: () => checkOptions("agent", OPTION_SPECS, "gate"),
    message: "E050 OptionOutOfRange: the options of gate() must be an object (or omitted); " +
      'got the string "agent"; to choose a profile, pass { profile: "agent" }',
  },
];

Deno.test("checkOptions: the exact message of each caller error", async (t) => {
  for (const { behaviour, call, message } of CHECKS) {
    await t.step(behaviour, () => {
      assert.throws(call, (error: unknown) => {
        assert.ok(error instanceof CallerError);
        assert.equal(error.message, message);
        return true;
      });
    });
  }
});

Deno.test("checkOptions: omitted options are fine", () => {
  assert.equal(checkOptions(undefined, OPTION_SPECS, "gate"), undefined);
});
