/**
 * Keys, the parsing side (issue 9, class 7): an unquoted key gets every check a quoted key gets
 * (duplicates, case collisions, invisible and zero-width characters, lone surrogates), and an
 * unquoted key that readers take differently (a number, a dotted path, a literal, `__proto__`) is
 * `R043 AmbiguousKey`. The tables of default-ignorable characters, case folding, normalization
 * and confusables belong to `engine/hazards.ts` (another branch); the rows here pin what the
 * scanner itself decides.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate } from "../mod.ts";

/** One row: a text, and the rule that must refuse it, or the value it executes as. */
interface Row {
  name: string;
  input: string;
  rule?: string;
  value?: unknown;
}

function checkRow(row: Row): void {
  const result = gate(row.input);
  if ("value" in row) {
    assert.equal(result.executable, true, `${result.decision} ${result.error?.message}`);
    assert.deepStrictEqual(result.value, row.value);
    assert.deepStrictEqual(JSON.parse(result.text), result.value);
    return;
  }
  assert.equal(result.executable, false, `executed ${JSON.stringify(result.value)}`);
  assert.equal(result.ambiguous, true, result.decision);
  if (row.rule !== undefined) {
    assert.ok(
      result.repairs.some((r) => r.rule === row.rule),
      `${row.rule} in ${result.repairs.map((r) => r.rule).join(",")}`,
    );
  }
}

const UNQUOTED_CHECKS: Row[] = [
  {
    name: "a zero-width space in an unquoted key",
    input: "{role\u200B: 'admin', role: 'user'}",
    rule: "R038",
  },
  { name: "a zero-width joiner in an unquoted key", input: "{ro\u200Dle: 1}", rule: "R038" },
  { name: "a word joiner in an unquoted key", input: "{role\u2060: 1}", rule: "R038" },
  { name: "a BOM inside an unquoted key", input: "{ro\uFEFFle: 1}", rule: "R038" },
  { name: "a bidi override in an unquoted key", input: "{r\u202Eole: 1}", rule: "R037" },
  { name: "a tag character in an unquoted key", input: "{role\u{E0041}: 1}", rule: "R037" },
  { name: "a lone surrogate in an unquoted key", input: "{x\uD800: 1}", rule: "R035" },
  { name: "a duplicate unquoted key", input: "{a: 1, a: 2}", rule: "R032" },
  { name: "an unquoted and a quoted duplicate", input: '{a: 1, "a": 2}', rule: "R032" },
  {
    name: "a no-break space after an unquoted key",
    input: "{role\u00A0: 'admin', role: 'user'}",
    rule: "R032",
  },
  { name: "a case collision of unquoted keys", input: "{a: 1, A: 2}", rule: "R036" },
  { name: "a case collision unquoted and quoted", input: '{Role: 1, "role": 2}', rule: "R036" },
  {
    name: "a zero-width space in a quoted key",
    input: '{"role\u200B":"admin","role":"user"}',
    rule: "R038",
  },
];

const AMBIGUOUS_KEYS: Row[] = [
  { name: "an exponent key", input: "{1e5:'x'}", rule: "R043" },
  { name: "an integer key", input: "{1: 'x'}", rule: "R043" },
  { name: "a leading-zero key", input: "{01: 'x'}", rule: "R043" },
  { name: "a decimal key", input: "{1.5: 'x'}", rule: "R043" },
  { name: "a hex key", input: "{0x10: 'x'}", rule: "R043" },
  { name: "a huge number key", input: "{9999E9999:1}", rule: "R043" },
  { name: "a dotted key", input: "{a.b: 1}", rule: "R043" },
  { name: "a dotted path", input: "{user.role.name: 'admin'}", rule: "R043" },
  { name: "a true key", input: "{true: 1}", rule: "R043" },
  { name: "a None key", input: "{None: 1}", rule: "R043" },
  { name: "a null key", input: "{null: 1}", rule: "R043" },
  { name: "an unquoted __proto__", input: "{__proto__: 1}", rule: "R043" },
  { name: "a plain unquoted key is fine", input: "{role: 'user'}", value: { role: "user" } },
  { name: "identifiers with $ and _", input: "{$ref_1: 2}", value: { $ref_1: 2 } },
  { name: "a quoted number key is fine", input: '{"1e5":"x"}', value: { "1e5": "x" } },
  { name: "a quoted dotted key is fine", input: '{"a.b":1}', value: { "a.b": 1 } },
  {
    name: "a quoted __proto__ is an own member",
    input: '{"__proto__":1}',
    value: JSON.parse('{"__proto__":1}'),
  },
];

for (
  const [table, rows] of [
    ["class 7: an unquoted key gets every check a quoted one gets", UNQUOTED_CHECKS],
    ["class 7: unquoted keys that readers take differently", AMBIGUOUS_KEYS],
  ] as const
) {
  Deno.test(table, async (t) => {
    for (const row of rows) await t.step(row.name, () => checkRow(row));
  });
}
