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
import { NOTHING_MARKED, RareState } from "../../engine/scanner/rare_state.ts";
import { ScanState } from "../../engine/scanner/state.ts";

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

Deno.test("rare state: the empty mark is the classification of a fresh scan state", () => {
  const fresh = new ScanState(PROFILES.agent);
  assert.deepStrictEqual({
    listed: fresh.repairs.length,
    count: fresh.repairCount,
    exact: fresh.exactRank,
    ambiguity: fresh.ambiguityRank,
    valid: fresh.validJson,
    truncated: fresh.truncated,
    refusalRule: fresh.refusalRule,
    refusalOffset: fresh.refusalOffset,
    lastListed: fresh.lastListed,
    unordered: fresh.unordered,
    negativeZero: fresh.negativeZero,
  }, { ...NOTHING_MARKED });
  fresh.mark();
  assert.strictEqual(fresh.marked, NOTHING_MARKED);
});

/**
 * What a fresh rare state says before a scan sets anything: each field's "none" as its doc
 * comment in `rare_state.ts` states it (the readers test these sentinels, e.g. `commentAt < 0`
 * for "no comment cut").
 */
const FRESH: readonly [keyof RareState, unknown, string][] = [
  ["candidateSeen", false, "no prose skipped before the value"],
  ["fenceChar", 0, "no fence"],
  ["wrapper", "", "no wrapper tag"],
  ["tailDepth", 0, "not inside a further candidate"],
  ["tailString", false, "not in a further candidate's string"],
  ["tailEscape", false, "not after a backslash there"],
  ["candidates", [], "no further candidate listed"],
  ["candidateCount", 0, "no further candidate counted"],
  ["commentAt", -1, "no comment cut by a chunk end"],
  ["commentKeep", -1, "no window kept for a cut comment"],
  ["rewoundAt", -1, "no token put back"],
  ["escaped", "", "no \\u escape decoded"],
  ["numberCut", false, "no number cut by a chunk end"],
  ["tokenHead", "", "no token cut by a chunk end"],
  ["lastKeySet", [], "no keys compared"],
  ["lastKeyKinds", 0, "no collision found"],
  ["newlines", [], "no line feed searched yet"],
  ["innerComments", [], "no comment inside the value"],
  ["tailRefused", false, "nothing after the value refused"],
  ["lineBreakTo", -1, "no line break after a value"],
  ["emptyStringEnd", -1, "no empty string read"],
  ["innerQuoteAt", -1, "no quote inside a string"],
  ["bareKey", "", "no key read unquoted"],
  ["tailParens", 0, "no parenthesis open after the value"],
  ["closerAt", -1, "no closer held back"],
  ["scanned", 0, "nothing handed to the scan loop"],
  ["judged", false, "the framing not judged yet"],
  ["reasoningClose", "", "no reasoning block being skipped"],
  ["unframed", null, "nothing judged around the value"],
  ["chainComma", -2, "no member's inferred tokens counted (-1 is a first member's)"],
  ["chainTokens", 0, "no token inferred"],
  ["chainReported", false, "R053 not recorded"],
];

for (const [field, none, meaning] of FRESH) {
  Deno.test(`rare state: a fresh one says ${meaning} (${field})`, () => {
    assert.deepStrictEqual(new RareState()[field], none);
  });
}
