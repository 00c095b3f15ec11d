/**
 * The harness of the split benches (`bench/schema_split.ts`,
 * `bench/clean_path_split.ts`, `bench/clean_path_passes.ts`): their
 * `--rounds` and `--clock` flags, cases timed round by round with the order
 * reversed every other round (three warm-up rounds first), and the table of
 * each case's best time and the quartiles of its per-round ratio to the
 * first case (the baseline), so load on a shared machine hits every case
 * alike. With `--clock=cpu` a case is timed by the process's CPU time
 * (`process.cpuUsage`) instead of the wall clock, which other processes'
 * load disturbs much less.
 *
 * @example
 * ```ts ignore
 * import { interleavedTimes, printRatioTable, splitArgs } from "./interleaved.ts";
 * const { rounds, now } = splitArgs(Deno.args, 40);
 * const cases = { "JSON.parse": () => JSON.parse("[1]"), "eval": () => eval("[1]") };
 * const times = interleavedTimes(cases, rounds, now);
 * printRatioTable("`[1]`", "ms", "JSON.parse", cases, times, 1, 4);
 * ```
 *
 * @module
 */

import process from "node:process";
import { parseArgs } from "node:util";

/** What the flags of a split bench ask for. */
export interface SplitArgs {
  /** Rounds measured (after the three warm-up rounds). */
  readonly rounds: number;
  /** Milliseconds of the chosen clock: the wall clock, or the process's CPU time. */
  readonly now: () => number;
}

/**
 * The `--rounds=N` (default `defaultRounds`) and `--clock=wall|cpu` flags.
 *
 * @example
 * ```ts
 * import { splitArgs } from "./interleaved.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(splitArgs(["--rounds=5", "--clock=cpu"], 40).rounds, 5);
 * strictEqual(splitArgs([], 40).rounds, 40);
 * ```
 */
export function splitArgs(args: readonly string[], defaultRounds: number): SplitArgs {
  const { rounds, clock } = parseArgs({
    args: [...args],
    options: {
      rounds: { type: "string", default: String(defaultRounds) },
      clock: { type: "string", default: "wall" },
    },
  }).values;
  if (clock !== "wall" && clock !== "cpu") throw new Error("--clock is wall or cpu");
  const now = clock === "wall" ? () => performance.now() : () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  return { rounds: Number(rounds), now };
}

/** Rounds run first and left out of the times. */
const WARM_UP_ROUNDS = 3;

/**
 * Each case's time per call (milliseconds) in each measured round: `loops`
 * calls a round, the i-th given `i`, the cases in order and in reverse
 * order every other round. What the calls answer is kept alive.
 *
 * @example
 * ```ts
 * import { interleavedTimes } from "./interleaved.ts";
 * import { strictEqual } from "node:assert/strict";
 * const times = interleavedTimes({ a: () => 1, b: (i) => i }, 4, () => performance.now(), 10);
 * strictEqual(times.length, 2);
 * strictEqual(times[0].length, 4);
 * ```
 */
export function interleavedTimes(
  cases: Readonly<Record<string, (i: number) => unknown>>,
  rounds: number,
  now: () => number,
  loops = 1,
): number[][] {
  const calls = Object.values(cases);
  const times: number[][] = calls.map(() => []);
  let sink = 0;
  for (let r = 0; r < rounds + WARM_UP_ROUNDS; r++) {
    const order = r % 2 === 0 ? [...calls.keys()] : [...calls.keys()].reverse();
    for (const c of order) {
      const call = calls[c];
      const t0 = now();
      for (let i = 0; i < loops; i++) if (call(i)) sink++;
      if (r >= WARM_UP_ROUNDS) times[c].push((now() - t0) / loops);
    }
  }
  if (sink < 0) console.log(sink);
  return times;
}

/** The value at quantile `q` (0 to 1) of `values`. */
function quartile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))];
}

/**
 * Prints the Markdown table of {@linkcode interleavedTimes}: each case's
 * best time (milliseconds times `scale`, in `unit`, with `digits` decimals)
 * and the quartiles of its per-round ratio to the first case's.
 *
 * @example
 * ```ts ignore
 * import { printRatioTable } from "./interleaved.ts";
 * printRatioTable("91 B call", "µs", "baseline: per-round", cases, times, 1000, 3);
 * ```
 */
export function printRatioTable(
  title: string,
  unit: string,
  baseline: string,
  cases: Readonly<Record<string, unknown>>,
  times: readonly number[][],
  scale: number,
  digits: number,
): void {
  console.log(`\n| ${title} | ${unit} (best) | × ${baseline} q25 / median / q75 |`);
  console.log("| --- | --- | --- |");
  Object.keys(cases).forEach((name, c) => {
    const ratios = times[c].map((t, r) => t / times[0][r]);
    const q = [0.25, 0.5, 0.75].map((p) => quartile(ratios, p).toFixed(2)).join(" / ");
    console.log(`| ${name} | ${(Math.min(...times[c]) * scale).toFixed(digits)} | ${q} |`);
  });
}
