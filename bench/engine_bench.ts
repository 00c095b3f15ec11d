/**
 * Engine throughput on the three standard inputs, against `JSON.parse` and
 * the best peers, in one `deno bench` run so the ratios are comparable:
 *
 * - `a_valid.json` (1 MiB): `JSON.parse` (baseline) vs `repair`, `gate` and
 *   `scan`. Target: `repair` and `gate` at least 0.5× `JSON.parse`.
 * - `b_damaged.txt`: `jsonrepair` (baseline) vs `repair` and `gate`. Target:
 *   `repair` at least 100× `jsonrepair` (which is super-linear here and takes
 *   seconds per call, so it runs a single timed iteration).
 * - `c_truncated.txt`: `jsonrepair` (baseline) vs `repair` and `partial-json`.
 *
 * `deno task bench` runs every bench file; `deno run -A bench/report.ts`
 * prints the same ratios as a markdown table (medians, interleaved).
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a dev-only peer of this bench
import { jsonrepair } from "npm:jsonrepair@3.15.0";
// deno-lint-ignore no-import-prefix -- a dev-only peer of this bench
import { parse as partialParse } from "npm:partial-json@0.1.7";
import { gate, PROFILES, repair } from "../mod.ts";
import { scan } from "../engine/scanner/mod.ts";
import { loadStandardInputs } from "./inputs.ts";

const { valid, damaged, truncated } = await loadStandardInputs();

// The benches measure the paths the README names: check them once.
if (gate(valid).decision !== "safe") throw new Error("a_valid.json: gate is not safe");
if (!gate(damaged).executable) throw new Error("b_damaged.txt: gate is not executable");
if (repair(truncated).completeness !== "truncated") {
  throw new Error("c_truncated.txt: repair does not see a truncation");
}

const A = "a_valid.json (1 MiB)";
Deno.bench({ name: "JSON.parse", group: A, baseline: true, fn: () => void JSON.parse(valid) });
Deno.bench({ name: "repair (permissive)", group: A, fn: () => void repair(valid) });
Deno.bench({ name: "gate (agent)", group: A, fn: () => void gate(valid) });
Deno.bench({
  name: "scan (permissive)",
  group: A,
  fn: () => void scan(valid, PROFILES.permissive),
});

const B = "b_damaged.txt";
Deno.bench({
  name: "jsonrepair",
  group: B,
  baseline: true,
  n: 1,
  warmup: 0,
  fn: () => void jsonrepair(damaged),
});
Deno.bench({ name: "repair (permissive)", group: B, fn: () => void repair(damaged) });
Deno.bench({ name: "gate (agent)", group: B, fn: () => void gate(damaged) });

const C = "c_truncated.txt";
Deno.bench({
  name: "jsonrepair",
  group: C,
  baseline: true,
  n: 5,
  warmup: 1,
  fn: () => void jsonrepair(truncated),
});
Deno.bench({ name: "repair (permissive)", group: C, fn: () => void repair(truncated) });
Deno.bench({ name: "partial-json", group: C, fn: () => void partialParse(truncated) });
