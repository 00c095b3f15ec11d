/**
 * The fast path for clean JSON (`engine/fast_path.ts`) swept over every BMP
 * code unit: each one raw in a value and in a key, in a short text (at most
 * 512 code units, read by one counted expression after the walk) and in a
 * long one (read by the ASCII test, the hazard searches and the colon count
 * first). Wherever the narrow or the wide test answers, the answer
 * deep-equals the scanner's, and the wide test answers wherever the narrow
 * one does. Kept out of `tests/fast_path_test.ts`: it takes seconds, too
 * long to run once per mutant.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scanCleanJson, scanCleanText } from "../engine/fast_path.ts";
import { type Profile, resolveOptions } from "../engine/profiles.ts";
import { scan } from "../engine/scanner/mod.ts";

/** Both tests on one text, held to the scanner; whether the wide one answered. */
function agreesBoth(text: string, profile: Profile): boolean {
  const narrow = scanCleanJson(text, profile);
  const wide = scanCleanText(text, profile);
  if (narrow === null && wide === null) return false;
  const expected = scan(text, profile);
  const label = JSON.stringify(text).slice(0, 40);
  if (narrow !== null) {
    assert.deepStrictEqual(narrow, expected, `narrow: ${label}`);
    assert.ok(wide !== null, `the wide test declined what the narrow one answered: ${label}`);
  }
  if (wide !== null) assert.deepStrictEqual(wide, expected, `wide: ${label}`);
  return wide !== null;
}

Deno.test("the fast path agrees with the scanner on every BMP code unit, in a key and in a value, short and long", () => {
  // Short texts (at most 512 code units) are read by one counted expression after the walk,
  // long ones by the ASCII test, the hazard searches and the colon count first: both readings
  // are swept over every code unit, raw, beside a key and a value.
  const profile = resolveOptions({ profile: "agent" });
  const pad = "p".repeat(600);
  let answered = 0;
  for (let unit = 0; unit <= 0xffff; unit++) {
    const c = String.fromCharCode(unit);
    for (
      const text of [
        `{"k":"a${c}b","n":1}`,
        `{"a${c}":1,"n":2}`,
        `{"k":"a${c}b","pad":"${pad}"}`,
        `{"a${c}":1,"pad":"${pad}"}`,
      ]
    ) {
      if (agreesBoth(text, profile)) answered++;
    }
  }
  // Every unit but the quote, the backslash, the controls, the surrogates and the hazards.
  assert.ok(answered > 4 * 60_000, `the fast path answered only ${answered} times`);
});
