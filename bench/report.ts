/**
 * The benchmark report: runs every comparison the benches make, times each
 * with `performance.now()` (the cases of one comparison interleaved round by
 * round, so load on the machine hits them alike), and prints markdown tables
 * of medians and the ratios the targets are stated in.
 *
 * ```sh
 * deno run -A --v8-flags=--expose-gc bench/report.ts   # everything (a few minutes)
 * deno run -A bench/report.ts --quick         # fewer samples
 * deno run -A bench/report.ts --only=standard,stream
 * deno run -A bench/report.ts --only=adversarial --shape=missing_commas
 * ```
 *
 * Sections: `standard` (the three standard inputs against `JSON.parse`,
 * `jsonrepair` and `partial-json`), `adversarial` (time(1 MB) / time(100 KB)
 * per shape), `stream` (the 32 KB document in 16-char chunks), `shapes`
 * (streaming shapes, time(100 KB) / time(10 KB)).
 *
 * @module
 */

import { parseArgs } from "node:util";
// deno-lint-ignore no-import-prefix -- a dev-only peer of this bench
import { jsonrepair } from "npm:jsonrepair@3.15.0";
// deno-lint-ignore no-import-prefix -- a dev-only peer of this bench
import { parse as partialParse } from "npm:partial-json@0.1.7";
import { gate, PROFILES, repair } from "../mod.ts";
import { scan } from "../engine/scanner/mod.ts";
import {
  ADVERSARIAL_SHAPES,
  ADVERSARIAL_SIZES,
  type AdversarialShape,
  chunksOf,
  feedStream,
  feedStreamPolling,
  feedStreamWatching,
  loadStandardInputs,
  reparsePrefixes,
  STREAM_SHAPES,
  STREAM_SIZES,
  streamDocument,
} from "./inputs.ts";

/** Linear time reads 10× for 10× the input; this leaves room for noise. */
const LINEAR_LIMIT = 11;
/** A growth exponent above this is super-linear (linear reads about 1, quadratic 2). */
const SUPER_LINEAR_EXPONENT = 1.5;

/**
 * A full garbage collection, when V8 exposes it (`--v8-flags=--expose-gc`):
 * the growth checks collect before each timed call, so every size starts
 * from the same heap instead of paying for the garbage of the size before.
 */
const collect: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

interface Timing {
  /** Median milliseconds per call. */
  median: number;
  /** Fastest sample, milliseconds per call. */
  min: number;
  /** Samples taken (each of `batch` calls). */
  samples: number;
}

interface Budget {
  /** Samples each case gets at least. */
  minSamples: number;
  /** Samples each case gets at most. */
  maxSamples: number;
  /** Stop adding rounds after this many milliseconds (once `minSamples` are in). */
  milliseconds: number;
}

const FULL: Budget = { minSamples: 15, maxSamples: 201, milliseconds: 4000 };
const QUICK: Budget = { minSamples: 5, maxSamples: 41, milliseconds: 800 };

/** Calls per sample, so that one sample lasts about a millisecond or more. */
function batchFor(fn: () => unknown): number {
  const start = performance.now();
  fn();
  const once = performance.now() - start;
  return once >= 1 ? 1 : Math.min(1000, Math.ceil(1 / Math.max(once, 0.001)));
}

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Times the cases of one comparison, interleaved: every round runs each case
 * once (a batch of calls), after two warm-up rounds.
 */
function timeCases(
  cases: Readonly<Record<string, () => unknown>>,
  budget: Budget,
): Record<string, Timing> {
  const names = Object.keys(cases);
  const batches = names.map((name) => {
    cases[name](); // warm-up
    return batchFor(cases[name]);
  });
  const samples: number[][] = names.map(() => []);
  const started = performance.now();
  for (let round = 0;; round++) {
    for (let k = 0; k < names.length; k++) {
      const fn = cases[names[k]], batch = batches[k];
      const start = performance.now();
      for (let b = 0; b < batch; b++) fn();
      const perCall = (performance.now() - start) / batch;
      if (round >= 1) samples[k].push(perCall);
    }
    const taken = round;
    if (taken >= budget.maxSamples) break;
    if (taken >= budget.minSamples && performance.now() - started > budget.milliseconds) break;
  }
  const timings: Record<string, Timing> = {};
  names.forEach((name, k) => {
    const sorted = samples[k].sort((x, y) => x - y);
    timings[name] = { median: median(sorted), min: sorted[0], samples: sorted.length };
  });
  return timings;
}

/** Times a single call (for peers that take seconds). */
function timeOnce(fn: () => unknown): Timing {
  const start = performance.now();
  fn();
  const ms = performance.now() - start;
  return { median: ms, min: ms, samples: 1 };
}

function ms(value: number): string {
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  if (value >= 0.1) return `${value.toFixed(2)} ms`;
  return `${(value * 1000).toFixed(1)} µs`;
}

function ratio(value: number): string {
  if (value >= 100) return `${value.toFixed(0)}×`;
  if (value >= 10) return `${value.toFixed(1)}×`;
  return `${value.toFixed(2)}×`;
}

function mibPerSecond(chars: number, milliseconds: number): string {
  return (chars / 1_048_576 / (milliseconds / 1000)).toFixed(1);
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

function verdict(met: boolean): string {
  return met ? "met" : "**missed**";
}

// ------------------------------------------------------------------ sections

async function standardSection(budget: Budget): Promise<string> {
  const { valid, damaged, truncated } = await loadStandardInputs();
  const out: string[] = ["## Standard inputs", ""];

  const a = timeCases({
    "JSON.parse": () => JSON.parse(valid),
    "repair (permissive)": () => repair(valid),
    "gate (agent)": () => gate(valid),
    "scan (permissive)": () => scan(valid, PROFILES.permissive),
  }, budget);
  const base = a["JSON.parse"].median;
  out.push(
    `### a_valid.json (${valid.length} chars): target repair and gate ≥ 0.5× JSON.parse throughput`,
    "",
    table(
      ["case", "median", "min", "MiB/s", "throughput vs JSON.parse", "target"],
      Object.entries(a).map(([name, t]) => [
        name,
        ms(t.median),
        ms(t.min),
        mibPerSecond(valid.length, t.median),
        ratio(base / t.median),
        name.startsWith("repair") || name.startsWith("gate") ? verdict(base / t.median >= 0.5) : "",
      ]),
    ),
    "",
  );

  const b = timeCases({
    "repair (permissive)": () => repair(damaged),
    "gate (agent)": () => gate(damaged),
  }, budget);
  const peerB = timeOnce(() => jsonrepair(damaged));
  out.push(
    `### b_damaged.txt (${damaged.length} chars): target repair ≥ 100× jsonrepair`,
    "",
    table(
      ["case", "median", "MiB/s", "speed-up over jsonrepair", "target"],
      [
        [
          "jsonrepair 3.15 (one call)",
          ms(peerB.median),
          mibPerSecond(damaged.length, peerB.median),
          "1×",
          "",
        ],
        ...Object.entries(b).map(([name, t]) => [
          name,
          ms(t.median),
          mibPerSecond(damaged.length, t.median),
          ratio(peerB.median / t.median),
          name.startsWith("repair") ? verdict(peerB.median / t.median >= 100) : "",
        ]),
      ],
    ),
    "",
  );

  const c = timeCases({
    "repair (permissive)": () => repair(truncated),
    "gate (agent)": () => gate(truncated),
    "partial-json 0.1.7": () => partialParse(truncated),
    "jsonrepair 3.15": () => jsonrepair(truncated),
  }, { ...budget, milliseconds: budget.milliseconds * 2 });
  const rc = c["repair (permissive)"].median;
  out.push(
    `### c_truncated.txt (${truncated.length} chars): repair vs jsonrepair and partial-json`,
    "",
    table(
      ["case", "median", "MiB/s", "repair's speed-up over it"],
      Object.entries(c).map(([name, t]) => [
        name,
        ms(t.median),
        mibPerSecond(truncated.length, t.median),
        name.startsWith("repair") ? "" : ratio(t.median / rc),
      ]),
    ),
    "",
  );
  return out.join("\n");
}

/** Cases of one adversarial shape at one size; the control re-parses the repaired text. */
function adversarialCases(shape: AdversarialShape, text: string): Record<string, () => unknown> {
  const permissive = { profile: "permissive" as const, ...shape.options };
  const agent = { profile: "agent" as const, ...shape.options };
  const repaired = repair(text, permissive).text;
  const cases: Record<string, () => unknown> = {
    repair: () => repair(text, permissive),
    gate: () => gate(text, agent),
  };
  if (repaired !== "") cases.control = () => JSON.parse(repaired);
  return cases;
}

function expectationHolds(shape: AdversarialShape, text: string): boolean {
  const result = repair(text, { profile: "permissive", ...shape.options });
  if ("error" in shape.expect) return result.error?.code === shape.expect.error;
  const rule = shape.expect.rule;
  return rule === null ? result.repairs.length === 0 : result.repairs.some((r) => r.name === rule);
}

/**
 * Sizes of the growth check, in MB: past the steps that the heap makes on its
 * way up (between 100 KB and 1 MB it outgrows the young generation; a few MB
 * later large arrays move to old space), so a step does not read as growth.
 */
const GROWTH_SIZES = [2, 4, 8, 16].map((mb) => mb * ADVERSARIAL_SIZES.large);

/**
 * The growth exponent of `repair` on a shape: the median, over the doublings
 * 2→4→8→16 MB, of log(time ratio) / log(size ratio), fastest of `calls`
 * calls at each size. Linear time reads about 1 and quadratic 2 at every
 * doubling; a one-off step of the heap lifts a single doubling only, which
 * the median ignores.
 */
function growthExponent(shape: AdversarialShape, calls: number): number {
  const options = { profile: "permissive" as const, ...shape.options };
  repair(shape.build(GROWTH_SIZES[0]), options); // warm-up
  const points = GROWTH_SIZES.map((size) => {
    const text = shape.build(size);
    let best = Infinity;
    for (let k = 0; k < calls; k++) {
      collect?.();
      const start = performance.now();
      repair(text, options);
      best = Math.min(best, performance.now() - start);
    }
    return { length: text.length, ms: best };
  });
  const exponents = points.slice(1).map((p, k) =>
    Math.log(p.ms / points[k].ms) / Math.log(p.length / points[k].length)
  ).sort((x, y) => x - y);
  return median(exponents);
}

function adversarialSection(budget: Budget, only: ReadonlySet<string> | null): string {
  const rows: string[][] = [];
  const flagged: string[] = [];
  for (const shape of ADVERSARIAL_SHAPES) {
    if (only !== null && !only.has(shape.name)) continue;
    const small = shape.build(ADVERSARIAL_SIZES.small);
    const large = shape.build(ADVERSARIAL_SIZES.large);
    const cases: Record<string, () => unknown> = {};
    for (const [size, text] of [["small", small], ["large", large]] as const) {
      for (const [name, fn] of Object.entries(adversarialCases(shape, text))) {
        cases[`${name} ${size}`] = fn;
      }
    }
    const t = timeCases(cases, { ...budget, milliseconds: budget.milliseconds / 2 });
    const r = (name: string) => t[`${name} large`].median / t[`${name} small`].median;
    const rMin = (name: string) => t[`${name} large`].min / t[`${name} small`].min;
    const control = t["control small"] === undefined ? "—" : ratio(r("control"));
    const worst = Math.max(r("repair"), r("gate"));
    const linear = worst <= LINEAR_LIMIT;
    // Above the limit: check the growth from 2 MB to 16 MB, past the steps the heap makes.
    const exponent = linear ? null : growthExponent(shape, budget === QUICK ? 2 : 3);
    const confirm = exponent === null ? "" : exponent.toFixed(2);
    if (exponent !== null) {
      flagged.push(
        `${shape.name} (exponent ${confirm}${
          exponent > SUPER_LINEAR_EXPONENT ? ", SUPER-LINEAR" : ""
        })`,
      );
    }
    const expected = expectationHolds(shape, large) ? "" : " (expectation not met!)";
    rows.push([
      `\`${shape.name}\`${expected}`,
      ms(t["repair small"].median),
      ms(t["repair large"].median),
      ratio(r("repair")),
      ratio(rMin("repair")),
      ms(t["gate large"].median),
      ratio(r("gate")),
      control,
      confirm,
      linear
        ? "linear"
        : exponent! > SUPER_LINEAR_EXPONENT
        ? "**super-linear**"
        : "above 11, linear past 1 MB",
    ]);
  }
  return [
    "## Adversarial shapes: time(1 MB) / time(100 KB), target ≤ 11",
    "",
    "`repair` runs under `permissive`, `gate` under `agent`; `control` is `JSON.parse` of",
    "the repaired text at both sizes (the same value built natively: when it is",
    "super-linear too, the cost is the runtime's, e.g. garbage collection). A shape above",
    "11 gets a growth exponent: for `repair` at 2, 4, 8 and 16 MB (fastest of 3 each), the",
    "median over the doublings of log(time ratio) / log(size ratio); linear reads about 1,",
    "quadratic 2, and a one-off step of the heap moves a single doubling only.",
    "",
    table(
      [
        "shape",
        "repair 100 KB",
        "repair 1 MB",
        "repair ratio",
        "ratio of mins",
        "gate 1 MB",
        "gate ratio",
        "control ratio",
        "growth exponent 2→16 MB",
        "",
      ],
      rows,
    ),
    "",
    flagged.length === 0 ? "No shape above the limit." : `Above the limit: ${flagged.join(", ")}.`,
    "",
  ].join("\n");
}

async function streamSection(budget: Budget): Promise<string> {
  const { valid } = await loadStandardInputs();
  const document = streamDocument(valid, 32_768);
  const chunks = chunksOf(document, 16);
  const rows: string[][] = [];
  for (const profile of ["permissive", "agent"] as const) {
    const t = timeCases({
      gate: () => gate(document, { profile }),
      stream: () => feedStream(chunks, { profile }),
      polling: () => feedStreamPolling(chunks, { profile }),
      watching: () => feedStreamWatching(chunks, { profile }),
    }, budget);
    const reparse = timeCases(
      { reparse: () => reparsePrefixes(chunks, partialParse) },
      { minSamples: 3, maxSamples: 9, milliseconds: budget.milliseconds },
    ).reparse;
    const over = (name: "stream" | "polling" | "watching") => {
      const r = t[name].median / t.gate.median;
      return `${ms(t[name].median)}: ${ratio(r)} (${verdict(r <= 2)})`;
    };
    const overReparse = reparse.median / t.watching.median;
    rows.push([
      profile,
      ms(t.gate.median),
      over("stream"),
      over("polling"),
      over("watching"),
      ms(reparse.median),
      `${ratio(overReparse)} (${verdict(overReparse >= 50)})`,
    ]);
  }
  return [
    `## Streaming: ${document.length} chars in ${chunks.length} chunks of 16`,
    "",
    "Each stream column gives its time and its ratio to one `gate` call (target ≤ 2×).",
    "Polling reads `final` and `complete` after every push (the stream scans a chunk only",
    "once one could change them); watching reads the live `value` after every push, so",
    "every chunk is scanned as it arrives. The re-parsing speed-up is the watching stream's.",
    "",
    table(
      [
        "profile",
        "gate, one call",
        "push×n + end",
        "polling final, complete after every push",
        "watching value after every push",
        "partial-json parse(prefix) per chunk",
        "speed-up of the watching stream over re-parsing (≥ 50×)",
      ],
      rows,
    ),
    "",
  ].join("\n");
}

/**
 * The growth exponent of a stream shape: the mean over the doublings
 * 100→200→400 KB of log(time ratio) / log(size ratio), fastest of three feeds.
 */
function streamGrowthExponent(build: (size: number) => string): number {
  const options = { profile: "permissive" as const };
  const points = [1, 2, 4].map((k) => {
    const chunks = chunksOf(build(k * STREAM_SIZES.large), 16);
    let best = Infinity;
    for (let call = 0; call < 3; call++) {
      collect?.();
      const start = performance.now();
      feedStreamWatching(chunks, options);
      best = Math.min(best, performance.now() - start);
    }
    return { length: k, ms: best };
  });
  const exponents = points.slice(1).map((p, k) =>
    Math.log(p.ms / points[k].ms) / Math.log(p.length / points[k].length)
  );
  return (exponents[0] + exponents[1]) / 2;
}

function streamShapesSection(budget: Budget): string {
  const rows: string[][] = [];
  const flagged: string[] = [];
  for (const shape of STREAM_SHAPES) {
    const smallText = shape.build(STREAM_SIZES.small);
    const largeText = shape.build(STREAM_SIZES.large);
    const small = chunksOf(smallText, 16);
    const large = chunksOf(largeText, 16);
    const options = { profile: "permissive" as const };
    const t = timeCases({
      small: () => feedStreamWatching(small, options),
      large: () => feedStreamWatching(large, options),
      gateSmall: () => gate(smallText, options),
      gateLarge: () => gate(largeText, options),
    }, { minSamples: 3, maxSamples: budget.maxSamples, milliseconds: budget.milliseconds / 2 });
    const r = t.large.median / t.small.median;
    const exponent = r > LINEAR_LIMIT ? streamGrowthExponent(shape.build) : null;
    const superLinear = exponent !== null && exponent > SUPER_LINEAR_EXPONENT;
    if (exponent !== null) {
      flagged.push(
        `${shape.name} (exponent ${exponent.toFixed(2)}${superLinear ? ", SUPER-LINEAR" : ""})`,
      );
    }
    rows.push([
      `\`${shape.name}\``,
      ms(t.small.median),
      ms(t.large.median),
      ratio(r),
      ratio(t.large.min / t.small.min),
      ratio(t.gateLarge.median / t.gateSmall.median),
      exponent === null ? "" : exponent.toFixed(2),
      exponent === null
        ? "linear"
        : superLinear
        ? "**super-linear**"
        : "above 11, linear past 100 KB",
    ]);
  }
  return [
    "## Streaming shapes (16-char chunks, permissive): time(100 KB) / time(10 KB), target ≤ 11",
    "",
    "`control` is one `gate` call on the same text at both sizes. A shape above 11 gets a",
    "growth exponent over 100 → 200 → 400 KB (linear about 1, quadratic 2).",
    "",
    table(
      [
        "shape",
        "10 KB",
        "100 KB",
        "ratio",
        "ratio of mins",
        "control ratio",
        "growth exponent",
        "",
      ],
      rows,
    ),
    "",
    flagged.length === 0 ? "No shape above the limit." : `Above the limit: ${flagged.join(", ")}.`,
    "",
  ].join("\n");
}

async function engineCommit(): Promise<string> {
  try {
    const output = await new Deno.Command("git", {
      args: ["log", "-1", "--format=%h %cs", "--", "engine/"],
      cwd: new URL("..", import.meta.url),
      stdout: "piped",
      stderr: "null",
    }).output();
    return new TextDecoder().decode(output.stdout).trim() || "unknown";
  } catch {
    return "unknown";
  }
}

async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      quick: { type: "boolean", default: false },
      only: { type: "string" },
      shape: { type: "string" },
    },
  });
  const budget = values.quick ? QUICK : FULL;
  const sections = new Set(
    (values.only ?? "standard,adversarial,stream,shapes").split(",").map((s) => s.trim()),
  );
  const shapes = values.shape === undefined ? null : new Set(values.shape.split(","));
  console.log(
    `# InterJSON benchmark report\n\n${new Date().toISOString()} · Deno ${Deno.version.deno} ` +
      `(V8 ${Deno.version.v8}) · ${navigator.hardwareConcurrency} cores · engine ` +
      `${await engineCommit()} · ${values.quick ? "quick" : "full"} budget ` +
      `(medians of ≥ ${budget.minSamples} interleaved samples unless noted) · growth checks ` +
      `${collect === undefined ? "without" : "with"} a forced GC before each call\n`,
  );
  if (sections.has("standard")) console.log(await standardSection(budget));
  if (sections.has("adversarial")) console.log(adversarialSection(budget, shapes));
  if (sections.has("stream")) console.log(await streamSection(budget));
  if (sections.has("shapes")) console.log(streamShapesSection(budget));
}

if (import.meta.main) await main(Deno.args);
