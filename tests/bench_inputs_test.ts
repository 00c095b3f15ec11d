/**
 * The benchmark inputs measure what they claim: every adversarial shape
 * reaches the repair (or the error) it is named for, sizes are what the
 * report divides by, the streamed document is complete and valid, and the
 * three standard inputs get the verdicts the benchmarks assume. No timing is
 * asserted here: speed is reported by `bench/`, never tested.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, repair } from "../mod.ts";
import {
  ADVERSARIAL_SHAPES,
  ADVERSARIAL_SIZES,
  chunksOf,
  feedStream,
  feedStreamPolling,
  feedStreamWatching,
  loadStandardInputs,
  reparsePrefixes,
  STREAM_SHAPES,
  streamDocument,
} from "../bench/inputs.ts";

/** Large enough to pass the depth limits, small enough to keep the test fast. */
const PROBE_SIZE = 25_000;

Deno.test("adversarial shapes reach the repair or error they are named for", () => {
  for (const shape of ADVERSARIAL_SHAPES) {
    const text = shape.build(PROBE_SIZE);
    const result = repair(text, { profile: "permissive", ...shape.options });
    if ("error" in shape.expect) {
      assert.equal(result.error?.code, shape.expect.error, shape.name);
    } else if (shape.expect.rule === null) {
      assert.equal(result.error, null, shape.name);
      assert.deepEqual(result.repairs, [], shape.name);
    } else {
      const rule = shape.expect.rule;
      assert.ok(result.repairs.some((r) => r.name === rule), `${shape.name}: no ${rule}`);
    }
  }
});

Deno.test("adversarial shapes are about the size asked, so time ratios are size ratios", () => {
  for (const shape of ADVERSARIAL_SHAPES) {
    for (const size of [ADVERSARIAL_SIZES.small, ADVERSARIAL_SIZES.large]) {
      const length = shape.build(size).length;
      assert.ok(
        length <= size + 16 && length >= size * 0.9,
        `${shape.name}: ${length} for ${size}`,
      );
    }
  }
});

Deno.test("shape names are unique (they name bench groups)", () => {
  for (const shapes of [ADVERSARIAL_SHAPES, STREAM_SHAPES]) {
    const names = shapes.map((s) => s.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of names) assert.match(name, /^[a-z0-9_]+$/);
  }
});

Deno.test("streaming shapes stream to the same answer as one gate call, however the host reads", () => {
  for (const shape of STREAM_SHAPES) {
    const text = shape.build(2_000);
    const chunks = chunksOf(text, 16);
    const whole = gate(text, { profile: "permissive" });
    for (const feed of [feedStream, feedStreamPolling, feedStreamWatching]) {
      assert.deepEqual(
        feed(chunks, { profile: "permissive" }),
        whole,
        `${shape.name} ${feed.name}`,
      );
    }
  }
});

Deno.test("chunksOf splits losslessly, lone surrogate halves included", () => {
  const text = '{"e":"😀😀😀","s":"\ud800x"}';
  for (const size of [1, 3, 16]) {
    const chunks = chunksOf(text, size);
    assert.equal(chunks.join(""), text);
    assert.ok(chunks.slice(0, -1).every((c) => c.length === size));
  }
});

Deno.test("reparsePrefixes keeps the last value a prefix could be parsed to", () => {
  const parse = (prefix: string) => JSON.parse(prefix);
  assert.deepEqual(reparsePrefixes(["[1", ",2", "]"], parse), [1, 2]);
  assert.equal(reparsePrefixes(["[1", ",2"], parse), undefined);
});

Deno.test("the standard inputs get the verdicts the benchmarks assume", async () => {
  const { valid, damaged, truncated } = await loadStandardInputs();
  const expected = JSON.parse(valid) as unknown[];

  const a = gate(valid);
  assert.equal(a.decision, "safe");
  assert.deepEqual(a.value, expected);

  const b = gate(damaged);
  assert.equal(b.decision, "cosmetic_repair");
  assert.equal(b.executable, true);
  assert.deepEqual(b.value, expected);

  const c = gate(truncated);
  assert.equal(c.decision, "lossy_repair");
  assert.equal(c.executable, false);
  const recovered = repair(truncated, { profile: "permissive" });
  assert.equal(recovered.completeness, "truncated");
  const records = recovered.value as unknown[];
  // Every record but the cut one is recovered whole.
  assert.deepEqual(records.slice(0, -1), expected.slice(0, records.length - 1));

  const document = streamDocument(valid, 32_768);
  assert.ok(document.length <= 32_768 && document.length > 30_000, `${document.length}`);
  assert.deepEqual(JSON.parse(document), expected.slice(0, (JSON.parse(document) as []).length));
});
