/**
 * Bounded on every input: no recursion anywhere. The deepest allowed input (4,096 levels with
 * `maxDepth: 4096`; 512, the default, for `validate` and `readiness`, which take no limit) runs
 * through every operation in a FRESH process, where the JIT is cold and a recursive walker
 * overflows first: arrays, objects and both mixed, with and without a `-0` innermost, and with a
 * repair that makes the renderer write the whole value. The runs are in
 * `tests/fixtures/deepest_inputs.ts`; this test spawns it and checks each report line.
 *
 * @module
 */

import assert from "node:assert/strict";

const SCRIPT = new URL("./fixtures/deepest_inputs.ts", import.meta.url);
const ROOT = new URL("../", import.meta.url);

/** One line of the script's report. */
interface Run {
  operation: string;
  shape: "arrays" | "objects" | "mixed";
  inner: "plain" | "plain with a repair" | "-0" | "-0 with a repair" | "-0x0 with a repair";
  depth: number;
  ok: boolean;
  thrown?: string;
  executable?: boolean;
  valid?: boolean;
  error?: string | null;
  value?: { depth: number; negativeZero: boolean };
  parsed?: { depth: number; negativeZero: boolean };
  partial?: { depth: number; negativeZero: boolean };
  repaired?: { depth: number; negativeZero: boolean } | null;
  syntax?: number;
}

/** Which declarations a shape satisfies (a mixed value is an array at its root). */
const SATISFIES: Readonly<Record<string, readonly Run["shape"][]>> = {
  "gate with declaration any": ["arrays", "objects", "mixed"],
  "gate with declaration array": ["arrays", "mixed"],
  "gate with declaration object": ["objects"],
  "gate with declaration {!a:any}": ["objects"],
  "gate with declaration [any]": ["arrays", "mixed"],
  "gate with schema_json {}": ["arrays", "objects", "mixed"],
};

async function runFresh(): Promise<Run[]> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    // The variable is read by code instrumented by `deno task mutate` (the mutant runs here too).
    args: [
      "run",
      "--no-check",
      `--allow-read=${ROOT.pathname}`,
      "--allow-env=__STRYKER_ACTIVE_MUTANT__",
      SCRIPT.pathname,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const errors = new TextDecoder().decode(stderr);
  assert.equal(code, 0, `the fresh process failed:\n${errors}`);
  return new TextDecoder().decode(stdout).trim().split("\n").map((line) => JSON.parse(line));
}

Deno.test("the deepest allowed inputs run through every operation in a fresh process", async (t) => {
  const runs = await runFresh();
  // 3 shapes × 5 innermost values × 12 runs each.
  assert.equal(runs.length, 3 * 5 * 12);
  for (const run of runs) {
    await t.step(`${run.operation}: ${run.shape}, ${run.inner}, depth ${run.depth}`, () => {
      assert.equal(run.thrown, undefined, "nothing throws, no stack overflows");
      assert.equal(run.ok, true);
      const negativeZero = run.inner.includes("-0");
      const repaired = run.inner.endsWith("with a repair");
      const full = { depth: run.depth, negativeZero };
      switch (run.operation) {
        case "gate":
        case "JsonStream":
          assert.equal(run.executable, true);
          assert.equal(run.error, null);
          assert.deepEqual(run.parsed, full, "JSON.parse(text) is the whole value, sign kept");
          assert.deepEqual(run.operation === "gate" ? run.value : run.partial, full);
          break;
        case "repair":
          assert.equal(run.error, null);
          assert.deepEqual(run.value, full);
          assert.deepEqual(run.parsed, full);
          break;
        case "validate":
          assert.equal(run.valid, !repaired);
          assert.equal(run.error, repaired ? "E010" : null);
          assert.deepEqual(run.repaired, repaired ? full : null);
          break;
        case "readiness":
          assert.equal(run.error, null);
          assert.equal(run.syntax, 1000);
          break;
        case "validate past the default":
          assert.equal(run.error, "E020");
          break;
        default: {
          const satisfied = SATISFIES[run.operation];
          assert.ok(satisfied !== undefined, `an operation this test knows: ${run.operation}`);
          const ok = satisfied.includes(run.shape);
          assert.equal(run.executable, ok);
          assert.equal(run.error, ok ? null : "E030");
        }
      }
    });
  }
});
