/**
 * A compiled gate keeps no state from one call to the next: many different
 * inputs (valid, repaired, refused, truncated, over a limit, and ones that
 * wake the scanner's rarely used state) run through one compiled gate in
 * random order, and each answer equals a fresh one-shot `gate`'s answer;
 * an answer once given is never changed by later calls.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileGate, gate, type GateOptions } from "../mod.ts";
import { mulberry32 } from "./fixtures/random.ts";

/** Texts that set much of the scanner's state: repairs, fences, prose, candidates, limits. */
const TEXTS: readonly string[] = [
  "1",
  "-0",
  "0.1428571428571428",
  "12345678901234567890",
  "1e400",
  '"text"',
  "[]",
  "{}",
  '{"query":"weather in Paris tomorrow","limit":10,"sort":"desc","safe":true,"tags":["a","b"]}',
  '{"query":"x","limit":"3"}',
  '{"query":"x","limit":99}',
  "[1,2,]",
  "[1,2,",
  '{"a":1,"a":2}',
  '{"Key":1,"key":2}',
  "{'a':'b'}",
  "{a:1,b:[true,False,None]}",
  '{"a":"unterminated',
  '{"a":"esc\\',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  "// comment\n[1 /* two */, 2]",
  '```json\n{"a":1}\n```',
  '```json\n{"a":1}\n``` and then ```json\n{"b":2}\n```',
  'Here is the call: {"a":1} hope it helps',
  '{"a":1}{"b":2}',
  "[1] [2] [3]",
  '{"a":[1,2}',
  '{"a":1,,"b":2}',
  '{"a" 1}',
  "[1 2 3]",
  "[.1, 01, +1, 1., 0x10, NaN, Infinity]",
  "[1e, 2E+]",
  '{"a":undefined}',
  '{"a":...}',
  "[1, ...]",
  "\uFEFF[1]",
  "[\u00A01]",
  '{"a\u200Bb":1,"ab":2}',
  '{"caf\u00e9":1,"cafe\u0301":2}',
  "\u201Chello\u201D",
  "[[[[[[[[[[1]]]]]]]]]]",
  '{"a":{"b":{"c":[{"d":null}]}}}',
  "",
  "   ",
  "prose only, no value",
  "tru",
  "[nul",
  "9007199254740993",
  '{"text":"line\nbreak"}',
];

/** Characters a mutation inserts: the ones that move the scanner between states. */
const NOISE = "{}[]\",:'`/*\\ \n0123456789.eE-+tfnux\u201C\u200B";

/** A text derived from one of TEXTS: cut, spliced with another, or with noise inserted. */
function mutate(random: () => number): string {
  const pick = () => TEXTS[Math.floor(random() * TEXTS.length)];
  const base = pick();
  const at = Math.floor(random() * (base.length + 1));
  switch (Math.floor(random() * 4)) {
    case 0:
      return base;
    case 1:
      return base.slice(0, at);
    case 2:
      return base.slice(0, at) + pick();
    default:
      return base.slice(0, at) + NOISE[Math.floor(random() * NOISE.length)] + base.slice(at);
  }
}

const OPTIONS: readonly { name: string; options: GateOptions }[] = [
  { name: "the agent profile", options: {} },
  { name: "the strict profile", options: { profile: "strict" } },
  { name: "the permissive profile", options: { profile: "permissive" } },
  {
    name: "a JSON Schema",
    options: {
      schemaJson: {
        type: "object",
        properties: {
          query: { type: "string", minLength: 1 },
          limit: { type: "integer", minimum: 1, maximum: 50 },
          tags: { type: "array", items: { type: "string" } },
        },
        required: ["query", "limit"],
      },
    },
  },
  { name: "a declaration", options: { schema: "[integer]" } },
  { name: "small limits", options: { maxInput: 24, maxDepth: 3 } },
];

Deno.test("a compiled gate answers every text as the one-shot gate does, in any order", async (t) => {
  for (const { name, options } of OPTIONS) {
    await t.step(name, () => {
      const random = mulberry32(0x5ca7 + name.length);
      const compiled = compileGate(options);
      const texts = [...TEXTS];
      for (let k = 0; k < 600; k++) texts.push(mutate(random));
      for (let round = 0; round < 3; round++) {
        for (let k = texts.length - 1; k > 0; k--) {
          const j = Math.floor(random() * (k + 1));
          [texts[k], texts[j]] = [texts[j], texts[k]];
        }
        for (const text of texts) {
          assert.deepStrictEqual(compiled.gate(text), gate(text, options), JSON.stringify(text));
        }
      }
    });
  }
});

Deno.test("a compiled gate's earlier results are not changed by its later calls", () => {
  const compiled = compileGate({});
  const first = compiled.gate("[1,2,");
  const copy = structuredClone(first);
  for (const text of TEXTS) compiled.gate(text);
  assert.deepStrictEqual(first, copy);
});
