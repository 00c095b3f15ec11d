/**
 * The gate's answer for a text the fast path takes (`gatePrepared` of
 * `engine/gate.ts`, which builds a passing call's `safe` answer without a
 * scan result) held to `gateScan` of the scanner's own result: for every
 * text and declaration below, under every profile, with and without the
 * compiled passing check, the two answers are equal field by field and in
 * the same field order (`JSON.stringify` of both). The rows reach each way
 * out of the short answer: no declaration, a check that passes, one that
 * fails, a missing member, numbers judged as written, a key that may twin a
 * declared one, branches that declare keys, and texts the fast path leaves
 * to the scanner.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, gatePrepared, gateScan } from "../engine/gate.ts";
import { compileGate } from "../engine/compile.ts";
import { compileDeclaration } from "../engine/declarations/compile.ts";
import { checkedKeyCount, passingCheck } from "../engine/declarations/verdict.ts";
import type { Form } from "../engine/declarations/form.ts";
import { type Profile, PROFILE_NAMES, PROFILES } from "../engine/profiles.ts";
import { scan } from "../engine/scanner/mod.ts";
import {
  keyedAnswerCount,
  scanCleanKeyed,
  scanCleanParsed,
  scanCleanResult,
  scanCleanText,
  scanCleanValue,
  scanCleanWalked,
} from "../engine/fast_path.ts";
import { flatObject } from "../engine/declarations/flat_object.ts";
import { branchesDeclareKeys } from "../engine/declarations/twins.ts";

/** Declarations by name: each reaches another branch of the gate's judgement. */
const DECLARATIONS: Readonly<Record<string, Form | null>> = {
  "no declaration": null,
  "closed object": compileDeclaration({
    schemaJson: {
      type: "object",
      properties: {
        query: { type: "string", minLength: 1 },
        limit: { type: "integer", minimum: 1, maximum: 50 },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["query"],
      additionalProperties: false,
    },
  }),
  "open object (undeclared keys may twin)": compileDeclaration({
    schemaJson: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  }),
  "branches that declare keys": compileDeclaration({
    schemaJson: { anyOf: [{ properties: { a: { type: "integer" } } }, { type: "array" }] },
  }),
  "a failing branch that declares a twinned key": compileDeclaration({
    schemaJson: {
      anyOf: [{ properties: { a: { type: "integer" }, mode: { const: "safe" } } }, {}],
    },
  }),
  "an enum that holds a number (every number judged as written)": compileDeclaration({
    schema: "{n:1|2|3,x:number}",
  }),
  "integers": compileDeclaration({ schema: "{!n:integer,m:[integer]}" }),
  "a flat object whose integers may be 0": compileDeclaration({
    schemaJson: {
      type: "object",
      properties: {
        query: { type: "string" },
        limit: { type: "integer", minimum: -5, maximum: 50 },
        n: { type: "integer", minimum: 0, maximum: 10 ** 15 },
        m: { type: "array", items: { type: "integer", minimum: 0, maximum: 9 } },
        sort: { enum: ["asc", "desc"] },
        safe: { type: "boolean" },
        path: { type: ["string", "null"] },
        a: { type: "string" },
      },
      required: ["query"],
      additionalProperties: false,
    },
  }),
  "a number bound": compileDeclaration({ schema: "{x:number(maximum=0.1)}" }),
};

/** Texts: most of them clean (the fast path takes them), some for the scanner. */
const TEXTS: readonly string[] = [
  '{"query":"weather in Paris","limit":10,"tags":["a","b"]}',
  ' \n{"query":"weather","limit":3}\n ',
  '{"query":"","limit":3}',
  '{"limit":3}',
  '{"query":"x","limit":"3"}',
  '{"query":"x","extra":1}',
  '{"path":"/tmp/x"}',
  '{"path":"/tmp/x","Path":"/etc"}',
  '{"path":"/tmp/x","note":"ok"}',
  '{"a":1}',
  '{"a":1.5}',
  '{"A":1}',
  '{"a":"x","Mode":"force"}',
  "[1,2,3]",
  "[]",
  "{}",
  '{"n":2,"x":0.1}',
  '{"n":2.0}',
  '{"n":1,"m":[1,2,3.0]}',
  '{"n":1e2,"m":[]}',
  '{"n":12345678901234567890}',
  '{"x":0.1000000000000000055511151231257827}',
  '{"x":0.10000000000000001}',
  '{"x":-0}',
  // Numbers that read whole or on a bound while written past it, and numbers written as integers
  // (no point, no negative exponent: nothing to judge as written) beside points and hyphens in
  // strings.
  '{"n":10.0000000000000000001}',
  '{"n":100000000000000000001e-5}',
  '{"n":1000e-2,"m":[5E-0]}',
  '{"n":1E2,"m":[5e15,1125899906842624]}',
  '{"query":"x","limit":50.00000000000000001}',
  '{"query":"x","limit":49.99999999999999999}',
  '{"query":"v1.2","limit":50}',
  '{"query":"2026-12-02","limit":1,"tags":["e-mail"]}',
  '{"x":0.1,"n":3}',
  '{"city":"Z\u00fcrich","n":0}',
  // Flat objects: the passing check's key count in place of the walk.
  '{"query":"x","limit":0,"n":0,"m":[0,1]}',
  '{"query":"x","limit":-0}',
  '{"query":"x","limit":-0.0}',
  '{"query":"x","limit":-1e-400}',
  '{"query":"x","n":1e-400}',
  '{"query":"x","n":0.0,"m":[0e5]}',
  '{"query":"2026-01-02","limit":0}',
  '{"query":"x","limit":3,"query":"rm -rf /"}',
  '{"query":"x","limit":3,"tags":["a"],"tags":["b"]}',
  '{"query":"x","limit":3,"__proto__":1}',
  '{"query":"x","Query":"y"}',
  '{"query":"a:b","path":"http://h:80/a","limit":3}',
  '{"query":"x","sort":"desc","safe":false,"path":null,"m":[]}',
  '{"query":"x","n":999999999999999}',
  '{"query":"x","n":1000000000000001}',
  ' {"query" : "x" , "limit" : 3 } ',
  '{"query":"x","limit":3}' + " ".repeat(600),
  '{"query":"' + "y".repeat(600) + '","limit":3,"limit":4}',
  '{"query":"caf\u00e9","limit":3}',
  '{"query":"x\u0007","limit":3}',
  '{"query":"a\u200Bb","limit":3}',
  '{"query":"x","limit":3,}',
  "{'query': 'x'}",
  '{"a":1,"a":2}',
  '{"query":"x"',
  "not json",
];

Deno.test("the gate's answer for a clean text equals gateScan of the scanner's result", async (t) => {
  let cleanTexts = 0;
  for (const [name, declaration] of Object.entries(DECLARATIONS)) {
    await t.step(name, () => {
      const passing = declaration === null ? undefined : passingCheck(declaration);
      for (const profileName of PROFILE_NAMES) {
        const profile = PROFILES[profileName];
        for (const text of TEXTS) {
          if (scanCleanText(text, profile) !== null) cleanTexts++;
          for (const check of [passing, undefined]) {
            const expected = gateScan(scan(text, profile), text, declaration, check);
            const actual = gatePrepared(text, profile, declaration, check);
            const label = `${JSON.stringify(text)} under ${profileName}${
              check ? "" : ", no check"
            }`;
            assert.deepStrictEqual(actual, expected, label);
            assert.strictEqual(JSON.stringify(actual), JSON.stringify(expected), label);
          }
        }
      }
    });
  }
  // The comparison means something only if most texts took the fast path.
  assert.ok(cleanTexts > TEXTS.length * PROFILE_NAMES.length * 3, `${cleanTexts} clean`);
});

Deno.test("a compiled gate's flag for branches that declare keys gives the same answers", async (t) => {
  for (const [name, declaration] of Object.entries(DECLARATIONS)) {
    if (declaration === null) continue;
    await t.step(name, () => {
      const passing = passingCheck(declaration);
      // Asked once, as compileGate asks it: a property of the declaration alone.
      const branchesDeclare = branchesDeclareKeys(declaration);
      for (const profileName of PROFILE_NAMES) {
        const profile = PROFILES[profileName];
        for (const text of TEXTS) {
          const expected = gateScan(scan(text, profile), text, declaration, passing);
          const actual = gatePrepared(text, profile, declaration, passing, branchesDeclare);
          const label = `${JSON.stringify(text)} under ${profileName}`;
          assert.deepStrictEqual(actual, expected, label);
          assert.strictEqual(JSON.stringify(actual), JSON.stringify(expected), label);
        }
      }
    });
  }
  await t.step("the flag is set exactly for the declarations with such branches", () => {
    const flagged = Object.entries(DECLARATIONS)
      .filter(([, d]) => d !== null && branchesDeclareKeys(d))
      .map(([name]) => name);
    assert.deepStrictEqual(flagged, [
      "branches that declare keys",
      "a failing branch that declares a twinned key",
    ]);
  });
});

/** Every profile, and two whose `max_depth` a flat object's value reaches (the walk then runs). */
const FLAT_PROFILES: readonly [string, Profile][] = [
  ...PROFILE_NAMES.map((name): [string, Profile] => [name, PROFILES[name]]),
  ["agent, max_depth 2", { ...PROFILES.agent, maxDepth: 2 }],
  ["agent, max_depth 1", { ...PROFILES.agent, maxDepth: 1 }],
];

Deno.test("a flat object's key count stands in for the walk, with the same answers", async (t) => {
  const flats = Object.entries(DECLARATIONS).filter(([, d]) =>
    d !== null && flatObject(d) !== null
  );
  await t.step("the flat objects among the declarations", () => {
    assert.deepStrictEqual(flats.map(([name]) => name), [
      "closed object",
      "a flat object whose integers may be 0",
    ]);
  });
  const before = keyedAnswerCount();
  for (const [name, declaration] of flats) {
    await t.step(name, () => {
      const passing = passingCheck(declaration!);
      const flat = flatObject(declaration!)!;
      for (const [profileName, profile] of FLAT_PROFILES) {
        for (const text of TEXTS) {
          const expected = gateScan(scan(text, profile), text, declaration, passing);
          const actual = gatePrepared(text, profile, declaration, passing, undefined, flat);
          const label = `${JSON.stringify(text)} under ${profileName}`;
          assert.deepStrictEqual(actual, expected, label);
          assert.strictEqual(JSON.stringify(actual), JSON.stringify(expected), label);
          // The scan result built from the keyed answer is the scanner's too (a -0 included).
          const value = scanCleanParsed(text, profile);
          if (value === null || passing(value) < 0) continue;
          if (scanCleanKeyed(text, profile, value, checkedKeyCount(), flat) === null) continue;
          assert.deepStrictEqual(scanCleanResult(text, value), scan(text, profile), label);
        }
      }
    });
  }
  // The comparison means something only if many answers took the keyed way.
  const keyed = keyedAnswerCount() - before;
  assert.ok(keyed > 20, `${keyed} keyed answers`);
});

/** A flat object whose integers hold no 0, and one whose may (`flat_object.ts`). */
const NO_ZERO_FLAT = compileDeclaration({
  schemaJson: {
    type: "object",
    properties: { query: { type: "string" }, limit: { type: "integer", minimum: 1, maximum: 50 } },
    additionalProperties: false,
  },
})!;
const ZERO_FLAT = DECLARATIONS["a flat object whose integers may be 0"]!;
/** A flat object that admits no member (its verdict's total is 0). */
const EMPTY_FLAT = compileDeclaration({
  schemaJson: { type: "object", properties: {}, additionalProperties: false },
})!;

/**
 * Where the keyed way (`scanCleanKeyed`) answers and where the walk or the scanner does:
 * `[row, declaration, text, max_depth, keyed]`.
 */
const KEYED_ROWS: readonly (readonly [string, Form, string, number, boolean])[] = [
  ["a clean call", NO_ZERO_FLAT, '{"query":"x","limit":3}', 512, true],
  ["a -0 in a string where no 0 may occur", NO_ZERO_FLAT, '{"query":"-0","limit":3}', 512, true],
  ["a 0 where one may occur", ZERO_FLAT, '{"query":"x","n":0}', 512, true],
  ["a -0 where a 0 may occur: the walk", ZERO_FLAT, '{"query":"x","n":-0}', 512, false],
  [
    "a -0 in a string where a 0 may occur: the walk",
    ZERO_FLAT,
    '{"query":"a-0","n":1}',
    512,
    false,
  ],
  ["text beyond ASCII", NO_ZERO_FLAT, '{"query":"caf\u00e9","limit":3}', 512, true],
  [
    "a long text beyond ASCII",
    NO_ZERO_FLAT,
    `{"query":"caf\u00e9 ${"x".repeat(600)}","limit":3}`,
    512,
    true,
  ],
  ["a duplicate key: declined", NO_ZERO_FLAT, '{"query":"x","query":"y","limit":3}', 512, false],
  ["a check that fails: the walk", NO_ZERO_FLAT, '{"query":"x","limit":0}', 512, false],
  ["max_depth 3", ZERO_FLAT, '{"query":"x","m":[1]}', 3, true],
  ["max_depth 2: the walk", ZERO_FLAT, '{"query":"x","m":[1]}', 2, false],
  ["a required member missing: the walk", ZERO_FLAT, '{"n":1}', 512, false],
  ["an empty object, nothing admitted", EMPTY_FLAT, "{}", 512, true],
];

Deno.test("a flat object's keyed way answers exactly where its facts settle the walk", async (t) => {
  for (const [row, declaration, text, maxDepth, keyed] of KEYED_ROWS) {
    await t.step(row, () => {
      const profile = { ...PROFILES.agent, maxDepth };
      const passing = passingCheck(declaration);
      const before = keyedAnswerCount();
      const actual = gatePrepared(
        text,
        profile,
        declaration,
        passing,
        undefined,
        flatObject(declaration),
      );
      assert.strictEqual(keyedAnswerCount() - before, keyed ? 1 : 0);
      assert.deepStrictEqual(actual, gateScan(scan(text, profile), text, declaration, passing));
    });
  }
});

Deno.test("scanCleanParsed then scanCleanWalked answers as scanCleanValue", () => {
  const profile = PROFILES.agent;
  const long = `{"note":"caf\u00e9 ${"x".repeat(600)}"}`;
  for (const text of [...TEXTS, long, "{}", "[]", '{"a":{"b":[{}]}}']) {
    const value = scanCleanParsed(text, profile);
    const expected = scanCleanValue(text, profile);
    if (value === null) {
      assert.strictEqual(expected, null, text);
      continue;
    }
    assert.deepStrictEqual(scanCleanWalked(text, profile, value), expected, text);
  }
  assert.deepStrictEqual(scanCleanWalked("{}", profile, scanCleanParsed("{}", profile)!), {});
  assert.deepStrictEqual(scanCleanParsed(long, profile), JSON.parse(long));
});

Deno.test("the one-shot gate and a compiled gate take the keyed way for a flat object, and only then", () => {
  const schemaJson = {
    type: "object",
    properties: { query: { type: "string" }, limit: { type: "integer", minimum: 1, maximum: 50 } },
    additionalProperties: false,
  };
  const open = { type: "object", properties: { query: { type: "string" } } };
  const text = '{"query":"x","limit":3}';
  const keyedBy = (call: () => unknown): number => {
    const before = keyedAnswerCount();
    call();
    return keyedAnswerCount() - before;
  };
  const compiled = compileGate({ schemaJson });
  assert.strictEqual(keyedBy(() => compiled.gate(text)), 1);
  assert.strictEqual(keyedBy(() => compiled.gate(text)), 1);
  assert.strictEqual(keyedBy(() => gate(text, { schemaJson })), 1);
  // The same declaration met again (its facts cached by identity).
  assert.strictEqual(keyedBy(() => gate(text, { schemaJson })), 1);
  assert.strictEqual(keyedBy(() => compileGate({ schemaJson: open }).gate(text)), 0);
  assert.strictEqual(keyedBy(() => gate(text, { schemaJson: open })), 0);
  assert.strictEqual(keyedBy(() => gate(text)), 0);
});
