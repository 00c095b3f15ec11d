/**
 * Streaming under attack: the candidate rules read the same split at every point as in
 * one call (the epilogue now reads to the end of the input, resumably); a block comment fed one
 * character at a time resumes where it stopped; and `final` means exactly that no continuation of
 * the stream can give that member another value in a document that is still executable (a later
 * duplicate key, a second candidate or a changed number makes the document refused at `end()`).
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, type GateResult, JsonStream } from "../mod.ts";

type Profile = "agent" | "execution" | "permissive";

/** The fields a stream's end must share with one gate call. */
function answer(result: GateResult): unknown {
  return {
    decision: result.decision,
    executable: result.executable,
    value: result.value,
    text: result.text,
    error: result.error,
    repairs: result.repairs,
  };
}

/** The stream's answer for `text` cut at `cuts`, reading the value after every chunk. */
function streamed(text: string, cuts: number[], profile: Profile): GateResult {
  const stream = new JsonStream({ profile });
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    stream.push(text.slice(from, cut));
    void stream.value;
    void stream.final;
    from = cut;
  }
  return stream.end();
}

const INPUTS: readonly string[] = [
  '1. Call the tool with {"path":"/tmp/x"}',
  '3 results found: {"a":1}',
  'True story. {"a":1}',
  'None of these fit. {"a":1}',
  '"Sure!" she said. {"a":1}',
  'Step [1] done. {"a":1}',
  "12abc",
  "1_000",
  'Do NOT run {"cmd":"rm -rf /"} instead run {"cmd":"ls"}',
  '{"cmd":"rm -rf /tmp/a"}\nWait, that is wrong. Use: {"cmd":"ls"}',
  '```json\n{"a":1}\n```\n\n```json\n{"a":2}\n```',
  '{"a":1} or {"a":2}',
  '{"a":1}.',
  'Here you go: {"a":1}, let me know!',
  '{"a":1}\n\n**Note:** fine',
  '<tool_call>{"a":1}</tool_call>',
  '<json>{"a":1}</json>',
  '`{"a":1}`',
  '~~~json\n{"a":1}\n~~~',
  '````json\n{"a":1}\n````',
  "```\n{}\n``````\n```",
  '- Call the tool with {"a":1}',
  '1) {"a":1}',
  '(args: {"a":1})',
  '{"hosts":[192.168.1.1]}',
  "[2024-11-15]",
  "[1 500]",
  '["a" "b"]',
  '{"a":1e+}',
  "1.",
  "9007199254740993.0",
  '{"colors":[#ff0000, #00ff00]}',
  "{role\u200B: 'admin', role: 'user'}",
  "{1e5:'x'}",
  "[-0x0]",
  "[/* / / / */1]",
  '{"a":1} see [12]. or [12, 3]',
  'x {"a":1} y {"b":{"c":[1,"]"]}} z [1]\n',
  '{"a":1},  ',
  '{"a":1}, {"b":2}',
  "Here: [1]",
  "Here: [1] ok",
  '{"a":1}\n\n1. First point\n2. Second',
  '{"a":1}\n12) x {"b":2}',
  '{"a":1}\n2.5',
  '```\n42\n```\n{"a":1}',
];

Deno.test("stream ≡ gate: the attack inputs split at every point, under three profiles", async (t) => {
  for (const text of INPUTS) {
    await t.step(JSON.stringify(text), () => {
      for (const profile of ["agent", "execution", "permissive"] as const) {
        const expected = answer(gate(text, { profile }));
        for (let cut = 0; cut <= text.length; cut++) {
          assert.deepStrictEqual(answer(streamed(text, [cut], profile)), expected, `cut ${cut}`);
        }
        const each = Array.from({ length: text.length }, (_, k) => k);
        assert.deepStrictEqual(answer(streamed(text, each, profile)), expected, "one by one");
      }
    });
  }
});

Deno.test("bounded: a long fence run fed one character at a time is read once", () => {
  const text = "`".repeat(100_000) + "json\n[1]\n```";
  const stream = new JsonStream({ profile: "permissive" });
  for (let k = 0; k < text.length; k++) stream.push(text[k]);
  assert.deepStrictEqual(stream.end().value, [1]);
});

Deno.test("bounded: [/* / / … */1] fed one character at a time is read once (linear)", () => {
  // Each `/` used to restart the wait for `*/` from the comment's start, and the
  // comment was kept whole in the window: 128 k characters took 12 s.
  const text = "[/* " + "/ ".repeat(100_000) + "*/1]";
  const stream = new JsonStream({ profile: "permissive" });
  for (let k = 0; k < text.length; k++) {
    stream.push(text[k]);
    if (k % 97 === 0) void stream.value;
  }
  const result = stream.end();
  assert.deepStrictEqual(result.value, [1]);
  assert.equal(result.decision, "cosmetic_repair");
});

// ------------------------------------------------------------------------ final

/** The members reported final after a prefix, with their values at that time. */
function finalAfter(prefix: string): Map<string, unknown> {
  const stream = new JsonStream();
  stream.push(prefix);
  const value = stream.value as Record<string, unknown> | undefined;
  const seen = new Map<string, unknown>();
  for (const name of stream.final) seen.set(name, structuredClone(value?.[name]));
  return seen;
}

/** Asserts `final` after `prefix` holds whatever `rest` follows. */
function assertFinalHolds(prefix: string, rest: string): void {
  const seen = finalAfter(prefix);
  const result = gate(prefix + rest);
  if (!result.executable) return; // refused: nothing is executed
  const value = result.value as Record<string, unknown>;
  for (const [name, then] of seen) {
    assert.deepStrictEqual(value[name], then, `${name} changed after ${JSON.stringify(rest)}`);
  }
}

Deno.test("final: no continuation gives a final member another value in an executable document", async (t) => {
  const prefixes = [
    '{"a":1,',
    '{"a":"x",',
    '{"a":[1,2],',
    '{"a":{"b":1},',
    '{"a":true,',
    '{"a":1, "b":',
    'Here: {"a":"ls",',
    '```json\n{"a":1,',
    '{"a":12 ',
  ];
  const continuations = [
    '"a":2}',
    '"b":2,"a":3}',
    '"A":2}',
    '"a\u200B":2}',
    "a:2}",
    '"b":2}',
    "}",
    '"b":2} or {"a":3}',
    '"b":2}\n{"a":3}',
    '"b":2}\n```\n```json\n{"a":3}\n```',
    '"b":2}, {"a":3}',
    "3}",
    ".5}",
    "e5}",
    '"b":2',
    '"b":"x" "a":4}',
    '"b":[1,2] "a":5}',
    "",
  ];
  for (const prefix of prefixes) {
    await t.step(JSON.stringify(prefix), () => {
      for (const rest of continuations) assertFinalHolds(prefix, rest);
    });
  }
});

Deno.test("final: a later duplicate key makes the document refused at end()", () => {
  const stream = new JsonStream({ schema: "{!a:integer,b:integer}" });
  stream.push('{"a":1,');
  assert.deepStrictEqual(stream.final, ["a"]);
  stream.push('"b":2,"a":3}');
  const result = stream.end();
  assert.equal(result.executable, false);
  assert.equal(result.decision, "ambiguous");
  assert.ok(result.repairs.some((r) => r.rule === "R032"));
});

Deno.test("final: random documents and continuations keep every final member's value", () => {
  let seed = 0x5eed;
  const random = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const values = ["1", '"x"', "[1,2]", '{"c":1}', "true", "null", "-0", "12.5"];
  const keys = ["a", "b", "A", "a\u200B"];
  const tails = ["}", '} or {"a":9}', "}\n\nDone.", "} [1, 2]", ', "a": 7}', " 3}", "}}", ""];
  for (let round = 0; round < 400; round++) {
    let text = "{";
    const count = 1 + random(4);
    for (let k = 0; k < count; k++) {
      if (k > 0) text += random(5) === 0 ? " " : ",";
      text += `"${keys[random(keys.length)]}":${values[random(values.length)]}`;
    }
    text += tails[random(tails.length)];
    for (let cut = 1; cut < text.length; cut++) {
      assertFinalHolds(text.slice(0, cut), text.slice(cut));
    }
  }
});
