/**
 * Value and text must agree (a repaired number or string must never read one way as the value
 * and another as the text). For every executable result, `JSON.parse` of
 * its `text` is its `value`, deep-equal with the sign of zero included (numbers are compared
 * with `Object.is`), and the keys in the same order: the host that executes the text and the
 * host that executes the value run the same thing. The same holds for every `repair` that
 * succeeds with finite numbers (JSON has no `Infinity`), and for `JsonStream.end()`.
 *
 * The inputs are generated: numbers in every notation (`-0`, `-0.0`, `-0e5`, `-0x0`, hex,
 * leading and trailing dots, exponents), keys quoted three ways, strings with escapes, nested
 * arrays and objects, with the repairs a model's output needs (trailing commas, single quotes,
 * Python literals, fences, prose, truncation).
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, JsonStream, PROFILE_NAMES, repair } from "../mod.ts";
import { mulberry32 } from "./fixtures/random.ts";

/** The first difference between two JSON values, or null; numbers compare with `Object.is`. */
export function difference(actual: unknown, expected: unknown): string | null {
  const stack: [unknown, unknown, string][] = [[actual, expected, ""]];
  while (stack.length > 0) {
    const [a, b, at] = stack.pop()!;
    if (typeof a === "number" && typeof b === "number") {
      if (!Object.is(a, b)) {
        return `${at || "/"}: ${Object.is(a, -0) ? "-0" : a} ≠ ${Object.is(b, -0) ? "-0" : b}`;
      }
      continue;
    }
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
      if (a !== b) return `${at || "/"}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
      continue;
    }
    if (Array.isArray(a) !== Array.isArray(b)) return `${at || "/"}: array ≠ object`;
    const keysA = Object.keys(a), keysB = Object.keys(b);
    if (keysA.join("\u0000") !== keysB.join("\u0000")) {
      return `${at || "/"}: keys ${JSON.stringify(keysA)} ≠ ${JSON.stringify(keysB)}`;
    }
    for (const key of keysA) {
      stack.push([
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}/${key}`,
      ]);
    }
  }
  return null;
}

/** Numbers in every notation a model writes, zero of both signs above all. */
const NUMBERS: readonly string[] = [
  "0",
  "-0",
  "+0",
  "-0.0",
  "0.0",
  "-0e5",
  "-0E-3",
  "-0e+0",
  "-0.0e0",
  "-0x0",
  "0x0",
  "-0x00",
  "-0X0",
  "0x1F",
  "-0x10",
  "1",
  "-1",
  "+1",
  "12",
  "-12.5",
  ".5",
  "-.5",
  "-.0",
  "1.",
  "-0.",
  "1e5",
  "1E+2",
  "-1e-7",
  "2.5e-3",
  "1.5e300",
  "5e-324",
  "-5e-324",
  "1e-400",
  "-1e-400",
  "007",
  "-00",
  "1_000",
  "9007199254740991",
  "-9007199254740991",
  "9007199254740993",
  "0.1",
  "1.0",
  "100",
  "-100.25",
  "1e400",
  "NaN",
  "Infinity",
  "-Infinity",
  "0b1",
  "0o7",
];

const SCALARS: readonly string[] = [
  "true",
  "false",
  "null",
  "True",
  "False",
  "None",
  '"x"',
  "'y'",
  '"a\\"b"',
  '"\\u00e9"',
  '"\\ud83d\\ude00"',
  '""',
  '"-0"',
  "'it''s'",
  '"tab\\t"',
];

const KEYS: readonly string[] = [
  '"a"',
  "'b'",
  "c",
  '"d e"',
  '"0"',
  "1",
  '"-0"',
  '"__proto__"',
  '"é"',
];

/** A random value's text, nested up to `depth`. */
function valueText(next: () => number, depth: number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const roll = next();
  if (depth <= 0 || roll < 0.45) return roll < 0.3 ? pick(NUMBERS) : pick(SCALARS);
  const count = Math.floor(next() * 4);
  const items: string[] = [];
  const object = next() < 0.5;
  for (let k = 0; k < count; k++) {
    const item = valueText(next, depth - 1);
    items.push(object ? `${pick(KEYS)}${pick([":", ": ", " :"])}${item}` : item);
  }
  const comma = pick([",", ", ", ",\n"]);
  const trailing = count > 0 && next() < 0.25 ? "," : "";
  const body = items.join(comma) + trailing;
  return object ? `{${body}}` : `[${body}]`;
}

/** Wrappers and damage a model's output comes with. */
function dress(next: () => number, text: string): string {
  const roll = next();
  if (roll < 0.1) return "```json\n" + text + "\n```";
  if (roll < 0.2) return `Here are the arguments:\n${text}`;
  if (roll < 0.25) return text.slice(0, Math.max(1, Math.floor(text.length * next())));
  if (roll < 0.3) return ` \n${text}\n `;
  return text;
}

/** Texts every run checks: zero in each notation, alone and nested. */
const FIXED: readonly string[] = [
  "[-0x0]",
  "[-0x0,]",
  "[-0]",
  "[-0.0]",
  "[-0e5]",
  "[-0,]",
  "{'a': -0x0}",
  "{'a': [-0.0, -0e5,]}",
  "-0x0",
  "-0",
  "-0.0",
  "-0e5",
  " -0x0 ",
  "[[[-0x0]]]",
  '{"a":{"b":[-0,0,-0x0]}}',
  "[-.0]",
  "[-0.]",
  "[-00]",
  "[-1e-400]",
  "{a: -0x0, b: True}",
  "```json\n[-0x0]\n```",
];

/** Checks one text under every profile; returns how many executable results were compared. */
function check(text: string): number {
  let compared = 0;
  for (const profile of PROFILE_NAMES) {
    const result = gate(text, { profile });
    if (result.executable) {
      const problem = difference(JSON.parse(result.text), result.value);
      assert.equal(problem, null, `gate ${profile} ${JSON.stringify(text)} → ${result.text}`);
      compared++;
    }
    const repaired = repair(text, { profile });
    if (repaired.error === null && finiteOnly(repaired.value)) {
      const problem = difference(JSON.parse(repaired.text), repaired.value);
      assert.equal(problem, null, `repair ${profile} ${JSON.stringify(text)} → ${repaired.text}`);
    }
  }
  const stream = new JsonStream();
  for (let k = 0; k < text.length; k += 3) stream.push(text.slice(k, k + 3));
  const ended = stream.end();
  if (ended.executable) {
    assert.equal(difference(JSON.parse(ended.text), ended.value), null, `stream ${text}`);
  }
  return compared;
}

/** Whether every number of a value is finite (JSON cannot write the others). */
function finiteOnly(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "number" && !Number.isFinite(v)) return false;
    if (v !== null && typeof v === "object") stack.push(...Object.values(v));
  }
  return true;
}

Deno.test("difference: catches what deepEqual without Object.is would miss", () => {
  assert.equal(difference([0], [-0]), "/0: 0 ≠ -0");
  assert.equal(difference({ a: 1, b: 2 }, { b: 2, a: 1 }), '/: keys ["a","b"] ≠ ["b","a"]');
  assert.equal(difference([[1]], [{ 0: 1 }]), "/0: array ≠ object");
  assert.equal(difference({ a: [-0, "x"] }, { a: [-0, "x"] }), null);
});

Deno.test("zero in every notation: the text keeps the sign the value has", async (t) => {
  for (const text of FIXED) {
    await t.step(text, () => {
      check(text);
    });
  }
  // The one the issue names: `[-0x0]` reads as -0 (the scanner's reading), and its text says so.
  const result = gate("[-0x0]", { profile: "permissive" });
  assert.ok(result.executable);
  assert.ok(Object.is((result.value as number[])[0], -0));
  assert.equal(result.text, "[-0]");
});

Deno.test("for every executable result, JSON.parse(text) deep-equals value (generated)", () => {
  const seed = 0x0908;
  const next = mulberry32(seed);
  let compared = 0;
  for (let k = 0; k < 10_000; k++) {
    const text = dress(next, valueText(next, 1 + Math.floor(next() * 5)));
    compared += check(text);
  }
  // The generator must reach executable results, or the property says nothing.
  assert.ok(compared > 10_000, `only ${compared} executable results compared (seed ${seed})`);
});
