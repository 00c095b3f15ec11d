/**
 * Where a compiled gate's time goes, against `JSON.parse` plus a precompiled
 * ajv validator (the baseline of the "compiled once" targets): the baseline,
 * the scan alone (agent profile), the check alone (on a value the scanner
 * built), scan then check, and the compiled gate, on the same ~100-byte and
 * 10 KB calls as `bench/schema_bench.ts`, each as many distinct texts as a
 * round makes calls (one string member changed: nothing meets the same text
 * twice in a round). The cases are interleaved round by
 * round (the order reversed every other round), so load on a shared machine
 * hits them alike; each round's time is divided by the same round's
 * baseline, and the best times and the quartiles of those ratios are printed.
 * The last case is the one-shot `gate(text, { schemaJson })` of a host that
 * passes the same schema object on every call (known by its identity,
 * `engine/declarations/compile.ts`).
 *
 * On a shared machine, `--clock=cpu` times each case by the process's CPU
 * time (`process.cpuUsage`) instead of the wall clock: other processes'
 * load then weighs much less on the ratios.
 *
 * ```sh
 * deno run -A bench/schema_split.ts             # 120 rounds
 * deno run -A bench/schema_split.ts --rounds=40 --clock=cpu
 * ```
 *
 * @module
 */

import { compileGate, gate } from "../mod.ts";
import { matchesForm } from "../engine/declarations/check.ts";
import { PROFILES } from "../engine/profiles.ts";
import { scan } from "../engine/scanner/mod.ts";
import { ajvCompile } from "../tests/fixtures/ajv_oracle.ts";
import { interleavedTimes, printRatioTable, splitArgs } from "./interleaved.ts";
import { LARGE, LARGE_SCHEMA, SCHEMA, SMALL } from "./schema_calls.ts";

const { rounds, now } = splitArgs(Deno.args, 120);

/**
 * `loops` distinct texts of the call (one string member changed in each,
 * every text a fresh string), so that no case can profit from meeting the
 * very same text or value again.
 */
function distinctTexts(text: string, member: string, loops: number): string[] {
  return Array.from({ length: loops }, (_, i) => {
    const changed = text.replace(`"${member}"`, `"${member.slice(0, -1)}${i}"`);
    if (changed === text) throw new Error(`the call holds no string "${member}"`);
    return changed;
  });
}

function split(label: string, schema: unknown, text: string, member: string, loops: number): void {
  const compiled = compileGate({ schemaJson: schema });
  const form = compiled.declaration!;
  const ajv = ajvCompile(schema);
  const agent = PROFILES.agent;
  const texts = distinctTexts(text, member, loops);
  const built = texts.map((t) => scan(t, agent).value);
  for (let i = 0; i < loops; i++) {
    const t = texts[i];
    if (
      !compiled.gate(t).executable || !ajv(JSON.parse(t)) || !matchesForm(form, built[i]) ||
      !gate(t, { schemaJson: schema }).executable
    ) {
      throw new Error(`the ${label} must be valid`);
    }
  }
  const cases: Record<string, (i: number) => unknown> = {
    "JSON.parse + precompiled ajv": (i) => ajv(JSON.parse(texts[i])),
    "scan (agent) alone": (i) => scan(texts[i], agent),
    "check alone (a scanned value)": (i) => matchesForm(form, built[i]),
    "scan, then check": (i) => matchesForm(form, scan(texts[i], agent).value),
    "compiled gate": (i) => compiled.gate(texts[i]),
    "one-shot gate, the same schema object": (i) => gate(texts[i], { schemaJson: schema }),
  };
  const times = interleavedTimes(cases, rounds, now, loops);
  printRatioTable(label, "µs", "baseline: per-round", cases, times, 1000, 3);
}

split(`~100-byte call (${SMALL.length} B)`, SCHEMA, SMALL, "weather in Paris tomorrow", 3000);
split(`10 KB call (${LARGE.length} B)`, LARGE_SCHEMA, LARGE, "inventory", 40);
