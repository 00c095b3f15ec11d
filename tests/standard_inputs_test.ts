/**
 * The standard inputs (1 MiB, generated in memory by `bench/standard_inputs.ts`, the port of the
 * original Node generator, whose output is pinned here by SHA-256): `a_valid.json` is exact and equal to `JSON.parse`; `b_damaged.txt` (the same data with
 * LLM-typical notation damage) repairs as `cosmetic` to the same value and is accepted by `agent`
 * and `execution`; `c_truncated.txt` (`a` cut at 60%) is a lossy, truncated document that `agent`
 * refuses and `permissive` and `interactive` accept, with every record before the cut intact.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan } from "../engine/scanner/mod.ts";
import { PROFILE_NAMES, PROFILES } from "../engine/profiles.ts";
import { comparable, scanInChunks } from "./fixtures/streaming.ts";
import { generateStandardInputs } from "./fixtures/standard_inputs.ts";
import { generateStandardInputs as generateNow } from "../bench/standard_inputs.ts";

const { valid: a, damaged: b, truncated: c } = await generateStandardInputs(1_048_576);
const inputs = { a, b, c };
const records = JSON.parse(inputs.a) as unknown[];

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * SHA-256 of the UTF-8 files the original `gen-inputs.mjs` (Node 20) wrote for each size: the
 * port writes the same bytes, so numbers measured before and after the port compare.
 */
const ORIGINAL_DIGESTS = [
  {
    bytes: 1_048_576,
    valid: "4e08be1fc85b6e7e470662e259c64405434a873519cba4c5079e7a893bda0ddc",
    damaged: "f39ec1dd41b5bcbacbb86ba73dfe28e543d3e7bd9aabcaab7a8e22a86cb0b057",
    truncated: "6fd02aeaffc93e5dd9f304623c14151233c3b226de08a6bf965b524b59e24adb",
  },
  {
    bytes: 65_536,
    valid: "84404fbca8d83ee49910312fe3adf32bff7e0aceb8d2c6a924d87614f11ede72",
    damaged: "0880c29efefc20aa5468cfeedb25b42c6bdd53dad9c4e9189d2e1ed3d02cbebf",
    truncated: "df8d818a6ce6178ac7047c8460f09af8c5e8a9efa74892ebe8441a72d78259b2",
  },
];

Deno.test("standard inputs: the port writes the bytes the original Node generator wrote", async (t) => {
  for (const row of ORIGINAL_DIGESTS) {
    await t.step(`${row.bytes} bytes`, async () => {
      const generated = row.bytes === 1_048_576 ? inputs : (() => {
        const { valid, damaged, truncated } = generateNow(row.bytes);
        return { a: valid, b: damaged, c: truncated };
      })();
      assert.equal(await sha256(generated.a), row.valid, "a_valid.json");
      assert.equal(await sha256(generated.b), row.damaged, "b_damaged.txt");
      assert.equal(await sha256(generated.c), row.truncated, "c_truncated.txt");
    });
  }
});

Deno.test("standard inputs: a_valid.json is exact, valid JSON and equal to JSON.parse", () => {
  for (const name of PROFILE_NAMES) {
    const result = scan(inputs.a, PROFILES[name]);
    assert.equal(result.exactness, "exact", name);
    assert.equal(result.ambiguity, "none", name);
    assert.equal(result.validJson, true, name);
    assert.equal(result.completeness, "complete", name);
    assert.equal(result.refusal, null, name);
    assert.deepEqual(result.repairs, [], name);
  }
  assert.deepStrictEqual(scan(inputs.a, PROFILES.strict).value, records);
});

Deno.test("standard inputs: b_damaged.txt repairs as cosmetic to the value of a_valid.json", () => {
  for (const name of ["agent", "execution", "permissive", "interactive"] as const) {
    const result = scan(inputs.b, PROFILES[name]);
    assert.equal(result.exactness, "cosmetic", name);
    assert.equal(result.ambiguity, "none", name);
    assert.equal(result.completeness, "complete", name);
    assert.equal(result.validJson, false, name);
    assert.equal(result.refusal, null, name);
    assert.ok(result.repairCount > 1000, `${result.repairCount} repairs`);
  }
  assert.deepStrictEqual(scan(inputs.b, PROFILES.agent).value, records);
  const rules = new Set(scan(inputs.b, PROFILES.agent).repairs.map((r) => r.rule));
  for (const rule of ["R002", "R005", "R007", "R008", "R015"]) assert.ok(rules.has(rule), rule);
  assert.equal(scan(inputs.b, PROFILES.strict).refusal?.code, "E010");
});

Deno.test("standard inputs: c_truncated.txt is lossy and truncated; agent refuses it", () => {
  const refused = scan(inputs.c, PROFILES.agent);
  assert.equal(refused.exactness, "lossy");
  assert.equal(refused.completeness, "truncated");
  assert.equal(refused.refusal?.code, "E010");
  for (const name of ["permissive", "interactive"] as const) {
    const result = scan(inputs.c, PROFILES[name]);
    assert.equal(result.exactness, "lossy", name);
    assert.equal(result.completeness, "truncated", name);
    assert.equal(result.refusal, null, name);
  }
});

Deno.test("standard inputs: c_truncated.txt keeps every record that ends before the cut", () => {
  // `a` is pretty-printed with two spaces: a record ends with a line holding only `  }`.
  const complete = inputs.c.split("\n  }").length - 1;
  assert.ok(complete > 100 && complete < records.length, `${complete} complete records`);
  const value = scan(inputs.c, PROFILES.permissive).value as unknown[];
  assert.equal(value.length, complete + 1, "the complete records and the cut one");
  assert.deepStrictEqual(value.slice(0, complete), records.slice(0, complete));
  assert.deepStrictEqual(value[0], records[0]);
  const cut = value[complete] as Record<string, unknown>;
  const whole = records[complete] as Record<string, unknown>;
  assert.equal(cut.id, whole.id);
});

Deno.test("standard inputs: fed in chunks of 4096, each gives the result of one scan", () => {
  for (const text of [inputs.a, inputs.b, inputs.c]) {
    const expected = comparable(scan(text, PROFILES.agent, true));
    assert.deepStrictEqual(comparable(scanInChunks(text, PROFILES.agent, () => 4096)), expected);
  }
});
