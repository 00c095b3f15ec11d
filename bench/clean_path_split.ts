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

import process from "node:process";
import { parseArgs } from "node:util";
import { gate, PROFILES } from "../mod.ts";
import { scanCleanText } from "../engine/fast_path.ts";
import { scan } from "../engine/scanner/mod.ts";
import { loadStandardInputs } from "./inputs.ts";

const { rounds, clock } = parseArgs({
  args: Deno.args,
  options: {
    rounds: { type: "string", default: "40" },
    clock: { type: "string", default: "wall" },
  },
}).values;
if (clock !== "wall" && clock !== "cpu") throw new Error("--clock is wall or cpu");

/** Milliseconds of the chosen clock: the wall clock, or the process's CPU time. */
function now(): number {
  if (clock === "wall") return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function quartile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))];
}

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
const names = Object.keys(cases);
const times: number[][] = names.map(() => []);
const total = Number(rounds) + 3;
for (let r = 0; r < total; r++) {
  const order = r % 2 === 0 ? [...names.keys()] : [...names.keys()].reverse();
  for (const c of order) {
    const t0 = now();
    cases[names[c]]();
    if (r >= 3) times[c].push(now() - t0);
  }
}
console.log(
  `\n| a_valid.json (${valid.length} code units) | ms (best) | × JSON.parse: q25 / median / q75 |`,
);
console.log("| --- | --- | --- |");
names.forEach((name, c) => {
  const ratios = times[c].map((t, r) => t / times[0][r]);
  const q = [0.25, 0.5, 0.75].map((p) => quartile(ratios, p).toFixed(2)).join(" / ");
  console.log(`| ${name} | ${Math.min(...times[c]).toFixed(2)} | ${q} |`);
});
