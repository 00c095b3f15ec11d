/**
 * Classification (`engine/classify.ts`) on its own: the decision for a scan, the label of a gate
 * result and the permille of an offset. Each case pins a branch a mutation tool found unguarded
 * (docs/MUTATION_REPORT.md): the two halves of the `invalid` condition, the label of a non-executable
 * result whatever it says about `executable`, the label of every refused decision, and the empty
 * input's permille.
 *
 * @module
 */

import assert from "node:assert/strict";
import { decide, type Decision, labelFor, permille } from "../engine/classify.ts";
import { scan, type ScanResult } from "../engine/scanner/mod.ts";
import { PROFILES } from "../engine/profiles.ts";
import { engineError } from "../engine/errors.ts";

const valueOf = (text: string): ScanResult => scan(text, PROFILES.permissive);

const DECIDE_CASES: readonly { behaviour: string; result: ScanResult; decision: Decision }[] = [
  { behaviour: "valid JSON is safe", result: valueOf("[1]"), decision: "safe" },
  {
    behaviour: "a notation repair is cosmetic",
    result: valueOf("[1,]"),
    decision: "cosmetic_repair",
  },
  { behaviour: "an invented value is lossy", result: valueOf("[1,"), decision: "lossy_repair" },
  { behaviour: "a second reading is ambiguous", result: valueOf("[1}"), decision: "ambiguous" },
  { behaviour: "no value is invalid", result: valueOf(""), decision: "invalid" },
  {
    // A limit hit after part of the value was built: the error alone makes it invalid.
    behaviour: "a fatal error is invalid even beside a value",
    result: { ...valueOf("[1]"), fatal: engineError("E020", "too deep") },
    decision: "invalid",
  },
  {
    // No value and no error (a stream not yet fed): the missing value alone makes it invalid.
    behaviour: "no value is invalid even without a fatal error",
    result: { ...valueOf("[1]"), hasValue: false, value: undefined },
    decision: "invalid",
  },
  {
    behaviour: "ambiguity outranks loss",
    result: { ...valueOf("[1,"), ambiguity: "semantic" },
    decision: "ambiguous",
  },
];

Deno.test("decide: the first decision that applies, invalid > ambiguous > lossy > cosmetic > safe", async (t) => {
  for (const { behaviour, result, decision } of DECIDE_CASES) {
    await t.step(behaviour, () => assert.equal(decide(result), decision));
  }
});

const LABEL_CASES: readonly {
  behaviour: string;
  decision: Decision;
  executable: boolean;
  code: string | null;
  label: string;
}[] = [
  {
    behaviour: "an executable safe document",
    decision: "safe",
    executable: true,
    code: null,
    label: "SAFE TO EXECUTE",
  },
  {
    behaviour: "an executable repaired document",
    decision: "cosmetic_repair",
    executable: true,
    code: null,
    label: "SAFE TO EXECUTE (notation repaired)",
  },
  {
    // Only safe and cosmetic documents have an executable label; the flag alone is not enough.
    behaviour: "a lossy document is never labelled safe, even if called executable",
    decision: "lossy_repair",
    executable: true,
    code: null,
    label: "REJECT (a value was changed)",
  },
  {
    behaviour: "an ambiguous document is never labelled safe, even if called executable",
    decision: "ambiguous",
    executable: true,
    code: null,
    label: "REJECT (more than one reading)",
  },
  {
    behaviour: "an invalid document is never labelled safe, even if called executable",
    decision: "invalid",
    executable: true,
    code: null,
    label: "REJECT (no usable value)",
  },
  {
    // Not reachable through gate today (every profile accepts an exact document); the label
    // is the one a refused exact document gets, whatever refuses it.
    behaviour: "a refused safe document",
    decision: "safe",
    executable: false,
    code: "E011",
    label: "REJECT (refused by the profile)",
  },
  {
    behaviour: "a refused cosmetic document",
    decision: "cosmetic_repair",
    executable: false,
    code: "E010",
    label: "REJECT (notation repair refused by the profile)",
  },
  {
    behaviour: "a refused lossy document",
    decision: "lossy_repair",
    executable: false,
    code: "E010",
    label: "REJECT (a value was changed)",
  },
  {
    behaviour: "a refused ambiguous document",
    decision: "ambiguous",
    executable: false,
    code: "E011",
    label: "REJECT (more than one reading)",
  },
  {
    behaviour: "a refused invalid document",
    decision: "invalid",
    executable: false,
    code: "E001",
    label: "REJECT (no usable value)",
  },
  {
    behaviour: "a declaration mismatch, whatever the decision",
    decision: "safe",
    executable: false,
    code: "E030",
    label: "REJECT (declaration not satisfied)",
  },
];

Deno.test("labelFor: one label per decision and refusal", async (t) => {
  for (const { behaviour, decision, executable, code, label } of LABEL_CASES) {
    await t.step(behaviour, () => assert.equal(labelFor(decision, executable, code), label));
  }
});

const PERMILLE_CASES: readonly {
  behaviour: string;
  offset: number;
  length: number;
  permille: number;
}[] = [
  { behaviour: "an empty input is settled at once", offset: 0, length: 0, permille: 1000 },
  { behaviour: "a negative length counts as empty", offset: 0, length: -1, permille: 1000 },
  { behaviour: "the start of an input", offset: 0, length: 14, permille: 0 },
  { behaviour: "half of an input", offset: 7, length: 14, permille: 500 },
  { behaviour: "rounded up: the fraction that suffices", offset: 1, length: 3, permille: 334 },
  { behaviour: "the end of an input", offset: 14, length: 14, permille: 1000 },
  { behaviour: "never beyond 1000", offset: 20, length: 14, permille: 1000 },
];

Deno.test("permille: the fraction of the input that suffices, rounded up, 1000 when empty", async (t) => {
  for (const { behaviour, offset, length, permille: expected } of PERMILLE_CASES) {
    await t.step(behaviour, () => assert.equal(permille(offset, length), expected));
  }
});
