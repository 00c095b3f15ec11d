/**
 * Declarations compiled once: the compiled gate against `JSON.parse` plus a
 * precompiled ajv validator (the baseline), on a ~100-byte tool call with a
 * five-property schema (target ≤ 2×) and a 10 KB call (target ≤ 1.5×); the
 * one-shot `gate(text, {schemaJson})` (which caches the compilation) for
 * comparison; and `uniqueItems` on 10,000 and 100,000 items (linear: the
 * second should take about ten times the first, not a hundred).
 *
 * `deno bench -A bench/schema_bench.ts`; keep runs short on shared machines.
 *
 * @module
 */

import { compileGate, gate } from "../mod.ts";
import { matchesForm } from "../engine/declarations/check.ts";
import { compileJsonSchema } from "../engine/declarations/jsonschema.ts";
import { ajvCompile } from "../tests/fixtures/ajv_oracle.ts";
import { LARGE, LARGE_SCHEMA, SCHEMA, SMALL } from "./schema_calls.ts";

const compiledSmall = compileGate({ schemaJson: SCHEMA });
const compiledLarge = compileGate({ schemaJson: LARGE_SCHEMA });
const ajvSmall = ajvCompile(SCHEMA);
const ajvLarge = ajvCompile(LARGE_SCHEMA);
if (!compiledSmall.gate(SMALL).executable || !ajvSmall(JSON.parse(SMALL))) {
  throw new Error("the small call must be valid");
}
if (!compiledLarge.gate(LARGE).executable || !ajvLarge(JSON.parse(LARGE))) {
  throw new Error("the large call must be valid");
}

const S = `~100-byte call (${SMALL.length} B), five-property schema`;
Deno.bench({
  name: "JSON.parse + precompiled ajv",
  group: S,
  baseline: true,
  fn: () => void ajvSmall(JSON.parse(SMALL)),
});
Deno.bench({ name: "compiled gate", group: S, fn: () => void compiledSmall.gate(SMALL) });
Deno.bench({
  name: "one-shot gate (cached compile)",
  group: S,
  fn: () => void gate(SMALL, { schemaJson: SCHEMA }),
});

const L = `10 KB call (${LARGE.length} B)`;
Deno.bench({
  name: "JSON.parse + precompiled ajv",
  group: L,
  baseline: true,
  fn: () => void ajvLarge(JSON.parse(LARGE)),
});
Deno.bench({ name: "compiled gate", group: L, fn: () => void compiledLarge.gate(LARGE) });

const unique = compileJsonSchema({ type: "array", uniqueItems: true });
const items10k = Array.from({ length: 10_000 }, (_, i) => ({ id: i, v: [i % 3] }));
const items100k = Array.from({ length: 100_000 }, (_, i) => ({ id: i, v: [i % 3] }));
const U = "uniqueItems";
Deno.bench({
  name: "10,000 objects",
  group: U,
  baseline: true,
  n: 20,
  warmup: 2,
  fn: () => void matchesForm(unique, items10k),
});
Deno.bench({
  name: "100,000 objects",
  group: U,
  n: 5,
  warmup: 1,
  fn: () => void matchesForm(unique, items100k),
});
