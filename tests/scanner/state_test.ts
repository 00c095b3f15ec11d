/**
 * The scanner's state (`engine/scanner/state.ts`): the ranks of exactness and ambiguity, what a
 * repair records (the worst severity and ambiguity, validity, truncation, the listed repairs up to
 * `MAX_LISTED_REPAIRS`, their order), which repairs each profile refuses and the words of each
 * refusal, the refusal chosen (first in input order; more than one candidate outranks the rest),
 * line and column of an offset, members set on an object (`__proto__` an own property, a key
 * repeated with the same scalar or another value), the members recorded as they become final,
 * the classification remembered as the root value begins and restored when a root scalar turns
 * out to be prose, and the input kept as fed.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  AMBIGUITY_BY_RANK,
  AMBIGUITY_RANK,
  EXACTNESS_BY_RANK,
  EXACTNESS_RANK,
  ScanState,
} from "../../engine/scanner/state.ts";
import { MAX_LISTED_REPAIRS, Scanner } from "../../engine/scanner/mod.ts";
import { RULE } from "../../engine/scanner/scanner_rules.ts";
import { PROFILE_NAMES, type ProfileName, PROFILES } from "../../engine/profiles.ts";
import type { RepairRule } from "../../engine/rules.ts";
import { AFTER, COMMENT_REST, DONE, OBJECT, STOP } from "../../engine/scanner/codes.ts";
import { checkRows, type ScanRow } from "./scan_rows.ts";

Deno.test("state: the ranks order exactness and ambiguity, and invert each other", () => {
  assert.deepStrictEqual(EXACTNESS_RANK, { exact: 0, cosmetic: 1, lossy: 2 });
  assert.deepStrictEqual(AMBIGUITY_RANK, { none: 0, semantic: 1, syntactic: 2 });
  assert.deepStrictEqual(EXACTNESS_BY_RANK, ["exact", "cosmetic", "lossy"]);
  assert.deepStrictEqual(AMBIGUITY_BY_RANK, ["none", "semantic", "syntactic"]);
});

/** Rules recorded in order, and the classification they leave. */
const CLASSIFICATIONS: readonly {
  name: string;
  rules: readonly RepairRule[];
  exact: number;
  ambiguity: number;
  valid: boolean;
  truncated: boolean;
}[] = [
  { name: "nothing recorded", rules: [], exact: 0, ambiguity: 0, valid: true, truncated: false },
  {
    name: "an exact repair of valid JSON",
    rules: [RULE.RepeatedMember],
    exact: 0,
    ambiguity: 0,
    valid: true,
    truncated: false,
  },
  {
    name: "a cosmetic repair",
    rules: [RULE.TrailingComma],
    exact: 1,
    ambiguity: 0,
    valid: false,
    truncated: false,
  },
  {
    name: "a lossy repair completing a tail",
    rules: [RULE.CloseContainer],
    exact: 2,
    ambiguity: 0,
    valid: false,
    truncated: true,
  },
  {
    name: "a semantic ambiguity in valid JSON",
    rules: [RULE.LoneSurrogate],
    exact: 0,
    ambiguity: 1,
    valid: true,
    truncated: false,
  },
  {
    name: "the worst wins: lossy then cosmetic, syntactic then semantic",
    rules: [RULE.AmbiguousSplit, RULE.TrailingComma, RULE.LeadingZero],
    exact: 2,
    ambiguity: 2,
    valid: false,
    truncated: false,
  },
  {
    name: "the worst wins: cosmetic then lossy, semantic then syntactic",
    rules: [RULE.LeadingZero, RULE.MismatchedBracket, RULE.NonFiniteNumber],
    exact: 2,
    ambiguity: 2,
    valid: false,
    truncated: false,
  },
];

for (const c of CLASSIFICATIONS) {
  Deno.test(`state: a repair records its class: ${c.name}`, () => {
    const s = new ScanState(PROFILES.permissive);
    c.rules.forEach((rule, k) => s.repair(rule, k));
    assert.deepStrictEqual(
      [s.exactRank, s.ambiguityRank, s.validJson, s.truncated, s.repairCount, s.repairs.length],
      [c.exact, c.ambiguity, c.valid, c.truncated, c.rules.length, c.rules.length],
    );
    assert.deepStrictEqual(
      s.repairs.map((r) => [r.rule, r.name, r.offset, r.severity, r.ambiguity, r.confidence]),
      c.rules.map((r, k) => [r.code, r.name, k, r.severity, r.ambiguity, r.confidence]),
    );
  });
}

/** Per rule, the profiles that refuse it (in PROFILE_NAMES order), and each refusal's words. */
const REFUSALS: readonly [RepairRule, Partial<Record<ProfileName, string>>][] = [
  [RULE.TrailingComma, {
    strict: "E010 StrictViolation at 1:1 (offset 0): R005 TrailingComma: exactness cosmetic " +
      "exceeds max_loss exact",
  }],
  [RULE.SkipProse, {
    permissive: "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON " +
      "value; skip_prose is off under profile permissive",
    interactive:
      "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON " +
      "value; skip_prose is off under profile interactive",
    execution: "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON " +
      "value; skip_prose is off under profile execution",
    strict: "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON " +
      "value; skip_prose is off under profile strict",
  }],
  [RULE.LeadingZero, {
    execution: "E011 AmbiguityRefused at 1:1 (offset 0): R022 LeadingZero: ambiguity semantic " +
      "is refused by profile execution",
    agent: "E011 AmbiguityRefused at 1:1 (offset 0): R022 LeadingZero: ambiguity semantic is " +
      "refused by profile agent",
    strict: "E011 AmbiguityRefused at 1:1 (offset 0): R022 LeadingZero: ambiguity semantic is " +
      "refused by profile strict",
  }],
  [RULE.RepeatedMember, {}],
  [RULE.CloseContainer, {
    execution: "E010 StrictViolation at 1:1 (offset 0): R011 CloseContainer: exactness lossy " +
      "exceeds max_loss cosmetic",
    agent: "E010 StrictViolation at 1:1 (offset 0): R011 CloseContainer: exactness lossy " +
      "exceeds max_loss cosmetic",
    strict: "E010 StrictViolation at 1:1 (offset 0): R011 CloseContainer: exactness lossy " +
      "exceeds max_loss exact",
  }],
  [RULE.NonFiniteNumber, {
    interactive: "E010 StrictViolation at 1:1 (offset 0): R023 NonFiniteNumber: a lossy " +
      "repair that completes no truncated tail is refused by profile interactive, which " +
      "accepts a lossy repair only to complete a truncated tail",
    execution: "E010 StrictViolation at 1:1 (offset 0): R023 NonFiniteNumber: exactness lossy " +
      "exceeds max_loss cosmetic",
    agent: "E010 StrictViolation at 1:1 (offset 0): R023 NonFiniteNumber: exactness lossy " +
      "exceeds max_loss cosmetic",
    strict: "E010 StrictViolation at 1:1 (offset 0): R023 NonFiniteNumber: exactness lossy " +
      "exceeds max_loss exact",
  }],
  [RULE.UnquotedString, {
    interactive: "E011 AmbiguityRefused at 1:1 (offset 0): R030 UnquotedString: ambiguity " +
      "syntactic with a lossy repair is refused by profile interactive, which accepts a lossy " +
      "repair only to complete a truncated tail",
    execution: "E011 AmbiguityRefused at 1:1 (offset 0): R030 UnquotedString: ambiguity " +
      "syntactic is refused by profile execution",
    agent: "E011 AmbiguityRefused at 1:1 (offset 0): R030 UnquotedString: ambiguity syntactic " +
      "is refused by profile agent",
    strict: "E011 AmbiguityRefused at 1:1 (offset 0): R030 UnquotedString: ambiguity syntactic " +
      "is refused by profile strict",
  }],
  // Ambiguous, but a cosmetic repair completing a tail: refused only where ambiguity is.
  [RULE.UnescapedQuote, {
    execution: "E011 AmbiguityRefused at 1:1 (offset 0): R020 UnescapedQuote: ambiguity " +
      "syntactic is refused by profile execution",
    agent: "E011 AmbiguityRefused at 1:1 (offset 0): R020 UnescapedQuote: ambiguity syntactic " +
      "is refused by profile agent",
    strict: "E011 AmbiguityRefused at 1:1 (offset 0): R020 UnescapedQuote: ambiguity syntactic " +
      "is refused by profile strict",
  }],
];

for (const [rule, refused] of REFUSALS) {
  Deno.test(`state: the profiles that refuse ${rule.code} ${rule.name}, in their words`, () => {
    for (const name of PROFILE_NAMES) {
      const s = new ScanState(PROFILES[name]);
      assert.equal(s.violates(rule), refused[name] !== undefined, name);
      if (refused[name] === undefined) continue;
      assert.equal(s.refuse(rule, 1, 1, 0).message, refused[name], name);
      s.repair(rule, 7);
      assert.deepStrictEqual([s.refusalRule, s.refusalOffset], [rule, 7], name);
    }
  });
}

/** Repairs recorded in this order (rule and offset), and the refusal chosen under `strict`. */
const CHOSEN: readonly {
  name: string;
  recorded: [RepairRule, number][];
  chosen: [string, number];
}[] = [
  {
    name: "the first refused in input order, though found later",
    recorded: [[RULE.TrailingComma, 9], [RULE.StripComment, 4], [RULE.StripBom, 0]],
    chosen: ["R001", 0],
  },
  {
    name: "a later one at the same offset does not replace it",
    recorded: [[RULE.TrailingComma, 4], [RULE.StripComment, 4]],
    chosen: ["R005", 4],
  },
  {
    name: "a later one further on does not replace it",
    recorded: [[RULE.TrailingComma, 4], [RULE.StripComment, 9]],
    chosen: ["R005", 4],
  },
  {
    name: "more than one candidate outranks an earlier refusal",
    recorded: [[RULE.TrailingComma, 1], [RULE.MultipleCandidates, 9]],
    chosen: ["R040", 9],
  },
  {
    name: "nothing earlier replaces more than one candidate",
    recorded: [[RULE.MultipleCandidates, 9], [RULE.TrailingComma, 1]],
    chosen: ["R040", 9],
  },
  {
    name: "more than one candidate found twice: the first kept",
    recorded: [[RULE.MultipleCandidates, 9], [RULE.MultipleCandidates, 3]],
    chosen: ["R040", 9],
  },
  {
    name: "a repair the profile takes is never the refusal",
    recorded: [[RULE.RepeatedMember, 0], [RULE.TrailingComma, 5]],
    chosen: ["R005", 5],
  },
];

for (const c of CHOSEN) {
  Deno.test(`state: the refusal chosen: ${c.name}`, () => {
    const s = new ScanState(PROFILES.strict);
    for (const [rule, offset] of c.recorded) s.repair(rule, offset);
    assert.deepStrictEqual([s.refusalRule?.code, s.refusalOffset], c.chosen);
  });
}

Deno.test("state: repairs past the listed ones are counted, and a refusal among them is kept", () => {
  const s = new ScanState(PROFILES.strict);
  for (let k = 0; k < MAX_LISTED_REPAIRS; k++) s.repair(RULE.RepeatedMember, 10 + k);
  assert.equal(s.repairs.length, MAX_LISTED_REPAIRS);
  s.repair(RULE.TrailingComma, 5); // past the list, refused, first in input order
  s.repair(RULE.StripComment, 2000);
  assert.deepStrictEqual(
    [s.repairs.length, s.repairCount, s.refusalRule?.code, s.refusalOffset, s.exactRank],
    [MAX_LISTED_REPAIRS, MAX_LISTED_REPAIRS + 2, "R005", 5, 1],
  );
  assert.equal(s.unordered, false, "an unlisted repair does not count for the order");
  assert.equal(s.lastListed, 10 + MAX_LISTED_REPAIRS - 1);
});

Deno.test("state: a repair listed before an earlier listed one marks the list unordered", () => {
  const s = new ScanState(PROFILES.permissive);
  s.repair(RULE.TrailingComma, 5);
  s.repair(RULE.TrailingComma, 5);
  assert.deepStrictEqual([s.unordered, s.lastListed], [false, 5]);
  s.repair(RULE.TrailingComma, 3);
  assert.deepStrictEqual([s.unordered, s.lastListed], [true, 3]);
});

Deno.test("state: line and column of every offset, asked in any order", () => {
  const text = "a\nbc\n\nd\n";
  const expected = (offset: number): [number, number] => {
    const before = text.slice(0, offset);
    return [before.split("\n").length, offset - before.lastIndexOf("\n")];
  };
  const offsets = [...text].map((_, k) => k).concat([text.length]);
  for (const order of [offsets, [...offsets].reverse(), [4, 0, 8, 2, 5, 6, 1, 7, 3]]) {
    const scanner = new Scanner(PROFILES.permissive);
    scanner.feed(text, false);
    for (const offset of order) {
      assert.deepStrictEqual(scanner.lineColumn(offset), expected(offset), `${offset} in ${order}`);
    }
  }
});

Deno.test("state: line breaks are recorded once, up to the offset asked and the text's end", () => {
  const scanner = new Scanner(PROFILES.permissive);
  scanner.feed("\n\n\n", false);
  scanner.trackLines(1);
  assert.deepStrictEqual([scanner.rare.newlines, scanner.rare.linesUpTo], [[0], 1]);
  scanner.trackLines(2);
  assert.deepStrictEqual([scanner.rare.newlines, scanner.rare.linesUpTo], [[0, 1], 2]);
  scanner.trackLines(99);
  assert.deepStrictEqual([scanner.rare.newlines, scanner.rare.linesUpTo], [[0, 1, 2], 3]);
  scanner.trackLines(1);
  assert.deepStrictEqual([scanner.rare.newlines, scanner.rare.linesUpTo], [[0, 1, 2], 3]);
});

Deno.test("state: repairs get their line and column once, a placed one kept", () => {
  const scanner = new Scanner(PROFILES.permissive);
  scanner.feed("[1,\n 2,]", true);
  scanner.repairs.push({ ...scanner.repairs[0], offset: 0, line: 9, column: 9 });
  scanner.placeRepairs();
  assert.deepStrictEqual(scanner.repairs.map((r) => [r.rule, r.line, r.column]), [
    ["R005", 2, 3],
    ["R005", 9, 9],
  ]);
});

Deno.test("state: the input as fed, small chunks gathered", () => {
  const scanner = new Scanner(PROFILES.permissive);
  const chunks = ['{"a"', ":", " ", "1", ', "b": "a longer chunk than the small ones"', "}"];
  let fed = "";
  for (const chunk of chunks) {
    scanner.feed(chunk, false);
    fed += chunk;
    assert.equal(scanner.text(), fed);
  }
  scanner.feed("", true);
  assert.equal(scanner.text(), fed);
  assert.equal(scanner.tiny.length, 0);
});

/** `setMember` on one object in this order: key, value; the repairs it records and the object. */
const MEMBERS: readonly {
  name: string;
  set: [string, unknown][];
  rules: string[];
  keys: string[];
  last: unknown;
}[] = [
  { name: "a new key", set: [["a", 1]], rules: [], keys: ["a"], last: 1 },
  {
    name: "the same scalar twice has one reading",
    set: [["a", 1], ["a", 1]],
    rules: ["R059"],
    keys: ["a"],
    last: 1,
  },
  {
    name: "the same string twice",
    set: [["a", "x"], ["a", "x"]],
    rules: ["R059"],
    keys: ["a"],
    last: "x",
  },
  {
    name: "null twice",
    set: [["a", null], ["a", null]],
    rules: ["R059"],
    keys: ["a"],
    last: null,
  },
  {
    name: "another value: the last wins, flagged",
    set: [["a", 1], ["b", 0], ["a", 2]],
    rules: ["R032"],
    keys: ["a", "b"],
    last: 2,
  },
  {
    name: "0 and -0 are two values",
    set: [["a", 0], ["a", -0]],
    rules: ["R032"],
    keys: ["a"],
    last: -0,
  },
  {
    name: "two empty objects are two values",
    set: [["a", {}], ["a", {}]],
    rules: ["R032"],
    keys: ["a"],
    last: {},
  },
  { name: "__proto__ once", set: [["__proto__", 1]], rules: [], keys: ["__proto__"], last: 1 },
  {
    name: "__proto__ twice: the last wins, flagged",
    set: [["__proto__", 1], ["__proto__", 1]],
    rules: ["R032"],
    keys: ["__proto__"],
    last: 1,
  },
];

for (const c of MEMBERS) {
  Deno.test(`state: setMember: ${c.name}`, () => {
    const s = new ScanState(PROFILES.permissive);
    const object: Record<string, unknown> = {};
    for (const [key, value] of c.set) s.setMember(object, key, value, 3);
    assert.deepStrictEqual(s.repairs.map((r) => r.rule), c.rules);
    assert.deepStrictEqual(Object.keys(object), c.keys);
    assert.deepStrictEqual(
      object[c.keys[0] === "__proto__" ? "__proto__" : c.set.at(-1)![0]],
      c.last,
    );
    assert.equal(Object.getPrototypeOf(object), Object.prototype);
    if (c.keys.includes("__proto__")) {
      const property = Object.getOwnPropertyDescriptor(object, "__proto__");
      assert.deepStrictEqual(property, {
        value: c.last,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
  });
}

Deno.test("state: completed at the root ends the value; inside a container asks for AFTER", () => {
  const s = new ScanState(PROFILES.permissive, true);
  assert.equal(s.completed(5, 6), DONE);
  assert.deepStrictEqual([s.valueEnd, s.syntaxEnd, s.settled], [5, 6, true]);
  const t = new ScanState(PROFILES.permissive, true);
  assert.equal(t.completed(5), DONE);
  assert.deepStrictEqual([t.valueEnd, t.syntaxEnd], [5, 5]);
  const u = new ScanState(PROFILES.permissive, true);
  u.depth = 1;
  u.kinds = [OBJECT];
  u.pendingKeys = ["k"];
  assert.equal(u.completed(5, 6), AFTER);
  assert.deepStrictEqual(u.members, [{ name: "k", end: 6 }]);
  u.depth = 2;
  assert.equal(u.completed(7, 8), AFTER);
  assert.deepStrictEqual(u.members, [{ name: "k", end: 6 }], "only top-level members");
  const untracked = new ScanState(PROFILES.permissive);
  untracked.depth = 1;
  untracked.kinds = [OBJECT];
  untracked.pendingKeys = ["k"];
  untracked.completed(5, 6);
  assert.deepStrictEqual(untracked.members, []);
  assert.equal(new ScanState(PROFILES.permissive).settled, false);
});

Deno.test("state: suspend keeps the window's tail, or a block comment's last character", () => {
  const s = new ScanState(PROFILES.permissive);
  s.window = "abcdef";
  s.base = 10;
  assert.equal(s.suspend(4, AFTER), STOP);
  assert.deepStrictEqual([s.window, s.base, s.pos, s.mode], ["ef", 14, 0, AFTER]);
  s.suspend(0, AFTER);
  assert.deepStrictEqual([s.window, s.base], ["ef", 14]);
  s.suspend(2, AFTER);
  assert.deepStrictEqual([s.window, s.base], ["", 16]);
  const t = new ScanState(PROFILES.permissive);
  t.window = "/* abc";
  t.rare.commentKeep = 5;
  t.suspendWait = 3;
  t.suspend(0, AFTER);
  assert.deepStrictEqual(
    [t.window, t.base, t.mode, t.rare.commentReturn, t.rare.commentKeep, t.wait, t.suspendWait],
    ["c", 5, COMMENT_REST, AFTER, -1, 3, 0],
  );
});

Deno.test("state: a line break in white space, or before a cut where the run began", () => {
  const s = new ScanState(PROFILES.permissive);
  assert.equal(s.lineBreakIn(" \n ", 0, 3), true);
  assert.equal(s.lineBreakIn(" \n ", 2, 3), false);
  assert.equal(s.lineBreakIn(" \n ", 0, 1), false);
  s.base = 10;
  s.rare.lineBreakTo = 12;
  assert.equal(s.lineBreakIn("   ", 2, 3), true);
  assert.equal(s.lineBreakIn("   ", 1, 3), false);
});

Deno.test("state: a fresh state has no rare part, no work counted, no error, no tuple", () => {
  const s = new ScanState(PROFILES.permissive);
  assert.deepStrictEqual([s.scanned, s.error, s.isTuple(), s.rareState], [0, null, false, null]);
  s.rare.scanned = 4;
  assert.equal(s.scanned, 4);
  s.topKind = OBJECT;
  assert.equal(s.isTuple(), false);
});

Deno.test("state: fail keeps the first error; innerComment notes comments inside the value only", () => {
  const s = new ScanState(PROFILES.permissive);
  s.failAt("E022", 0, "first");
  s.failAt("E020", 0, "second");
  assert.equal(s.error?.code, "E022");
  assert.deepStrictEqual([s.finished, s.mode], [true, 6]);
  s.innerComment(1, 2);
  assert.deepStrictEqual(s.rare.innerComments, []);
  s.depth = 1;
  s.innerComment(3, 4);
  assert.deepStrictEqual(s.rare.innerComments, [3, 4]);
});

/** What the classification marked as the root begins restores (a root scalar that is prose). */
Deno.test("state: mark remembers the classification, restoreMark goes back to it", () => {
  const s = new ScanState(PROFILES.strict);
  s.mark();
  s.repair(RULE.LeadingZero, 3);
  s.negativeZero = true;
  s.restoreMark();
  assert.deepStrictEqual(
    [s.repairs, s.repairCount, s.exactRank, s.ambiguityRank, s.validJson, s.truncated],
    [[], 0, 0, 0, true, false],
  );
  assert.deepStrictEqual(
    [s.refusalRule, s.refusalOffset, s.lastListed, s.unordered, s.negativeZero],
    [null, 0, 0, false, false],
  );
  s.repair(RULE.CloseContainer, 5);
  s.repair(RULE.TrailingComma, 2);
  s.negativeZero = true;
  s.closedAfter = true;
  s.mark();
  assert.equal(s.closedAfter, false);
  s.repair(RULE.AmbiguousSplit, 9);
  s.repair(RULE.StripBom, 0);
  s.negativeZero = false;
  s.restoreMark();
  assert.deepStrictEqual(
    [s.repairs.map((r) => r.rule), s.repairCount, s.exactRank, s.ambiguityRank, s.validJson],
    [["R011", "R005"], 2, 2, 0, false],
  );
  assert.deepStrictEqual(
    [s.truncated, s.refusalRule?.code, s.refusalOffset, s.lastListed, s.unordered, s.negativeZero],
    [true, "R005", 2, 2, true, true],
  );
});

/** Each single field set before `mark` makes a snapshot (anything recorded is remembered). */
const MARKED_FIELDS: readonly [string, (s: ScanState) => void][] = [
  ["repairCount", (s) => s.repairCount = 1],
  ["repairs", (s) => {
    const other = new ScanState(PROFILES.strict);
    other.repair(RULE.RepeatedMember, 0);
    s.repairs.push(other.repairs[0]);
  }],
  ["exactRank", (s) => s.exactRank = 1],
  ["ambiguityRank", (s) => s.ambiguityRank = 1],
  ["validJson", (s) => s.validJson = false],
  ["truncated", (s) => s.truncated = true],
  ["refusalRule", (s) => s.refusalRule = RULE.TrailingComma],
  ["refusalOffset", (s) => s.refusalOffset = 1],
  ["lastListed", (s) => s.lastListed = 1],
  ["unordered", (s) => s.unordered = true],
  ["negativeZero", (s) => s.negativeZero = true],
];

for (const [field, set] of MARKED_FIELDS) {
  Deno.test(`state: mark remembers ${field} set alone`, () => {
    const s = new ScanState(PROFILES.strict);
    set(s);
    const before = JSON.stringify(s);
    s.mark();
    s.repair(RULE.MultipleCandidates, 8);
    s.negativeZero = !s.negativeZero;
    s.restoreMark();
    const after = { ...JSON.parse(JSON.stringify(s)), marked: undefined };
    assert.deepStrictEqual(after, { ...JSON.parse(before), marked: undefined });
  });
}

/** Through `scan`: the root scalar that turns out to be prose, members, refusal words. */
const ROWS: readonly ScanRow[] = [
  {
    name: "members become final as their values complete",
    input: '{"a": 1, "b": [2, 3], "c": {"d": 4}}',
    value: { a: 1, b: [2, 3], c: { d: 4 } },
    members: "a@8 b@20 c@35",
  },
  {
    name: "a member cut by the end of the input is not final",
    input: '{"a": 1, "b": [2',
    value: { a: 1, b: [2] },
    rules: "R013@15 R011@16 R011@16",
    members: "a@8",
  },
  {
    name: "an array's items are not members",
    input: "[1, 2]",
    value: [1, 2],
    members: "",
  },
  {
    name: "a refusal's position is placed from its offset",
    input: '{"a":\n  1,}',
    profile: "strict",
    value: { a: 1 },
    rules: "R005@9",
    refusal: "E010",
    message: "E010 StrictViolation at 2:4 (offset 9): R005 TrailingComma: exactness cosmetic " +
      "exceeds max_loss exact",
  },
  {
    name: "a tuple is closed by its parenthesis",
    input: '{"a": (1, 2)}',
    value: { a: [1, 2] },
    rules: "R065@11",
  },
  {
    name: "an empty string is noted for a triple quote",
    input: '["""x"""]',
    value: ["", "x", ""],
    rules: "R054@1 R041@3 R041@6",
  },
  {
    name: "a block comment cut many times keeps only its last character",
    input: "[1 /* a longer comment, cut */, 2]",
    value: [1, 2],
    rules: "R004@3",
  },
  {
    name: "a root scalar that is prose forgets what its reading recorded",
    input: '\ufeff01 and {"a": 1}',
    value: { a: 1 },
    rules: "R001@0 R003@1",
    refusal: "E002",
  },
];

checkRows("state", ROWS);

Deno.test("state: before a value is read there is none, and a scanner starts unscanned", () => {
  const scanner = new Scanner(PROFILES.permissive);
  scanner.feed("Here is", false);
  const result = scanner.result();
  assert.deepStrictEqual([scanner.hasRoot, result.hasValue, result.value], [
    false,
    false,
    undefined,
  ]);
});

Deno.test("state: a document escaped once is read unescaped only once the input has ended", () => {
  const scanner = new Scanner(PROFILES.permissive);
  scanner.feed('{\\"a\\": 1}', false);
  assert.deepStrictEqual(scanner.result().repairs.map((r) => r.rule), ["R031"]);
  scanner.feed("", true);
  assert.deepStrictEqual(scanner.result().repairs.map((r) => r.rule), ["R067"]);
  assert.deepStrictEqual(scanner.result().value, { a: 1 });
});

Deno.test("state: a lookahead's answer is waited for, then read as it comes", () => {
  const scanner = new Scanner(PROFILES.permissive);
  scanner.feed("Here [12", false);
  scanner.feed(", 13, ", false);
  assert.deepStrictEqual([scanner.hasRoot, scanner.root], [true, [12, 13]]);
});
