/**
 * The scanner's rarely used state (`engine/scanner/rare_state.ts`) as scans see it: a root value
 * that was prose after all goes back to the mark of a scan that had recorded nothing (complete,
 * no `-0`, only the prose's own repairs), and the refusal of several candidate values lists each
 * where it is, starting from none listed.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan } from "../../engine/scanner/mod.ts";
import { type ProfileName, PROFILES } from "../../engine/profiles.ts";

interface Row {
  name: string;
  text: string;
  profile: ProfileName;
  value: unknown;
  /** The rules fired, `R003@0` with their offsets. */
  rules: string;
  valueStart: number;
  negativeZero: boolean;
  /** The refusal's whole message, if any. */
  refusal?: string;
}

const ROWS: readonly Row[] = [
  {
    name: "a root string that was prose leaves the scan complete",
    text: '"x" said {"a": 1}',
    profile: "permissive",
    value: { a: 1 },
    rules: "R003@0 R050@0",
    valueStart: 9,
    negativeZero: false,
    refusal:
      "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON value; skip_prose is off under profile permissive",
  },
  {
    name: "a root -0 that was prose leaves no -0",
    text: '-0 and then {"a": 1}',
    profile: "agent",
    value: { a: 1 },
    rules: "R003@0",
    valueStart: 12,
    negativeZero: false,
  },
  {
    name: "a citation that was prose leaves the scan complete",
    text: '[12] see {"a": 1}',
    profile: "agent",
    value: { a: 1 },
    rules: "R003@0",
    valueStart: 9,
    negativeZero: false,
  },
  {
    name: "two candidate values are refused, each listed where it is",
    text: '{"a": 1} or {"b": 2}',
    profile: "agent",
    value: { a: 1 },
    rules: "R003@9 R040@12",
    valueStart: 0,
    negativeZero: false,
    refusal:
      "E011 AmbiguityRefused at 1:13 (offset 12): R040 MultipleCandidates: 2 candidate values, at line 1 column 1 (offset 0), line 1 column 13 (offset 12); emit exactly one value (ambiguity syntactic is refused by profile agent)",
  },
];

for (const row of ROWS) {
  Deno.test(`rare state: ${row.name}`, () => {
    const result = scan(row.text, PROFILES[row.profile]);
    assert.deepEqual(result.value, row.value);
    assert.equal(result.repairs.map((r) => `${r.rule}@${r.offset}`).join(" "), row.rules);
    assert.equal(result.completeness, "complete");
    assert.equal(result.valueStart, row.valueStart);
    assert.equal(result.negativeZero, row.negativeZero);
    assert.equal(result.refusal?.message, row.refusal);
  });
}
