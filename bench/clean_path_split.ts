/**
 * The clean path on the standard valid input (`a_valid.json`, 1 MiB, not
 * all ASCII): `JSON.parse` (the baseline), the fast path's test alone
 * (`scanCleanText` of `engine/fast_path.ts`: native searches, `JSON.parse`
 * and one walk of the value), the gate (`agent`), and the scanner alone for
 * comparison. The cases are interleaved round by round (the order reversed
 * every other round) and each round's time is divided by the same round's
 * baseline, so load on a shared machine hits them alike; the best times and
 * the quartiles of those ratios are printed. `--clock=cpu` times by the
 * process's CPU time (`process.cpuUsage`) instead of the wall clock, which
 * other processes' load disturbs much less.
 *
 * ```sh
 * deno run -A bench/clean_path_split.ts --rounds=40 --clock=cpu
 * ```
 *
 * @module
 */

import { gate, PROFILES } from "../mod.ts";
import { scanCleanText } from "../engine/fast_path.ts";
import { scan } from "../engine/scanner/mod.ts";
import { interleavedTimes, printRatioTable, splitArgs } from "./interleaved.ts";
import { loadStandardInputs } from "./inputs.ts";

const { rounds, now } = splitArgs(Deno.args, 40);

const { valid } = await loadStandardInputs();
const agent = PROFILES.agent;
if (scanCleanText(valid, agent) === null) throw new Error("a_valid.json must take the fast path");
if (gate(valid).decision !== "safe") throw new Error("a_valid.json: gate is not safe");

const cases: Record<string, () => unknown> = {
  "JSON.parse": () => JSON.parse(valid),
  "fast path (scanCleanText)": () => scanCleanText(valid, agent),
  "gate (agent)": () => gate(valid),
  "scan (agent), the scanner": () => scan(valid, agent),
};
const times = interleavedTimes(cases, rounds, now);
printRatioTable(
  `a_valid.json (${valid.length} code units)`,
  "ms",
  "JSON.parse:",
  cases,
  times,
  1,
  2,
);
