/**
 * One reading, generated (issue 9): the shapes of each attack class are built at random, and one
 * invariant is checked on every answer: an executable result's value is the one reading of the
 * text, and its text is that value.
 *
 * - numbers joined by dots, dashes, spaces, no-break spaces, underscores, slashes or commas: an
 *   executable answer is exactly what `JSON.parse` reads (nothing else was meant);
 * - prose holding scalars (list numbers, years, `True`, `None`, quoted words, citations) around
 *   zero, one or several candidates (bare, fenced, wrapped, inline): executable only with exactly
 *   one candidate, and then its value is that candidate;
 * - keys with zero-width characters and case variants, quoted or not: executable only when no two
 *   keys collide once those are removed and case is folded.
 *
 * Each input is also streamed at a random split: the stream's end equals the gate. The seed is
 * fixed (`INTERJSON_FUZZ_SEED` overrides it) and printed on failure.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, type GateResult, JsonStream } from "../mod.ts";

const SEED = Number(Deno.env.get("INTERJSON_FUZZ_SEED") ?? "0x0A77AC") >>> 0;

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): (n: number) => number {
  let s = seed;
  return (n: number) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296 * n) | 0;
  };
}

const pick = <T>(random: (n: number) => number, list: readonly T[]): T => list[random(list.length)];

/** Checks the invariant every executable answer keeps, and stream ≡ gate at one split. */
function checkCommon(text: string, result: GateResult, random: (n: number) => number): void {
  if (result.executable) {
    assert.deepStrictEqual(JSON.parse(result.text), result.value, "the text is the value");
  } else {
    assert.equal(result.value, null);
  }
  const cut = random(text.length + 1);
  const stream = new JsonStream();
  stream.push(text.slice(0, cut));
  void stream.value;
  stream.push(text.slice(cut));
  const end = stream.end();
  assert.deepStrictEqual(
    [end.decision, end.executable, end.value, end.error],
    [result.decision, result.executable, result.value, result.error],
    `stream cut at ${cut}`,
  );
}

/** Runs `rounds` generated inputs, naming the seed and the input on failure. */
function generate(
  rounds: number,
  seed: number,
  build: (random: (n: number) => number) => { text: string; check: (r: GateResult) => void },
): void {
  const random = prng(seed);
  for (let round = 0; round < rounds; round++) {
    const { text, check } = build(random);
    try {
      const result = gate(text);
      check(result);
      checkCommon(text, result, random);
    } catch (error) {
      throw new Error(`seed ${seed}, round ${round}: ${JSON.stringify(text)}`, { cause: error });
    }
  }
}

// ------------------------------------------------------------------ numbers

const SEPARATORS = [
  ",",
  ", ",
  " ,",
  " ",
  ".",
  "..",
  "-",
  " - ",
  "\u202F",
  "\u00A0",
  "\u2009",
  "_",
  "/",
  ":",
  "",
  "e",
  "e+",
  "\n",
];

Deno.test("generated: numbers with dots, dashes and spaces have one reading or are refused", () => {
  generate(3000, SEED, (random) => {
    const count = 1 + random(4);
    let body = "";
    for (let k = 0; k < count; k++) {
      if (k > 0) body += pick(random, SEPARATORS);
      if (random(6) === 0) body += "-";
      const digits = 1 + random(4);
      for (let d = 0; d < digits; d++) body += String(d === 0 ? 1 + random(9) : random(10));
      if (random(8) === 0) body += pick(random, [".", "e", ".0", "e0"]);
    }
    const text = pick(random, [`[${body}]`, `{"n":${body}}`, `{"n":[${body}]}`]);
    return {
      text,
      check: (result) => {
        if (!result.executable) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Only notation JSON lacks may be repaired: a trailing dot (`1.`, `1.e5`).
          assert.match(
            text,
            /\d\.(?:[eE]|\s*[\],}])/,
            `executed a non-JSON number text: ${result.text}`,
          );
          return;
        }
        assert.deepStrictEqual(result.value, parsed);
      },
    };
  });
});

// -------------------------------------------------------------------- prose

const PROSE_OPENERS = [
  "1. ",
  "2) ",
  "- ",
  "* ",
  "3 results found: ",
  "2024 was a year. ",
  "True story. ",
  "None of these fit. ",
  '"Sure!" she said. ',
  "Step [1] done. ",
  "12abc ",
  "1_000 ",
  "Here you go: ",
  "(args: ",
  "Do NOT run ",
  "",
];
const PROSE_JOINERS = [
  " instead run ",
  " or ",
  "\nWait, that is wrong. Use: ",
  " and also ",
  "\n\n",
  " see [2] then ",
  ", ",
  " -1 ",
];
const PROSE_CLOSERS = ["", ".", ", let me know!", "\n\n**Note:** done.", ")", " see [3].", " :)"];

/** A candidate value in one of its dresses: bare, fenced, wrapped, inline. */
function candidate(random: (n: number) => number, n: number): string {
  const value = pick(random, [`{"v":${n}}`, `{"cmd":"run ${n}"}`, `[${n},${n + 1}]`]);
  return pick(random, [
    value,
    value,
    "```json\n" + value + "\n```",
    "~~~\n" + value + "\n~~~",
    "````json\n" + value + "\n````",
    `<tool_call>${value}</tool_call>`,
    `<json>${value}</json>`,
    "`" + value + "`",
  ]);
}

Deno.test("generated: prose holding scalars and several values executes only one candidate", () => {
  generate(3000, SEED + 1, (random) => {
    const count = random(4);
    const values: unknown[] = [];
    let text = pick(random, PROSE_OPENERS);
    for (let k = 0; k < count; k++) {
      if (k > 0) text += pick(random, PROSE_JOINERS);
      const n = 10 + random(90);
      const dressed = candidate(random, n);
      values.push(JSON.parse(dressed.replace(/^[^[{]*/, "").replace(/[^\]}]*$/, "")));
      text += dressed;
    }
    text += pick(random, PROSE_CLOSERS);
    return {
      text,
      check: (result) => {
        if (!result.executable) return;
        assert.equal(values.length, 1, `executed one of ${values.length} candidates`);
        assert.deepStrictEqual(result.value, values[0]);
      },
    };
  });
});

// --------------------------------------------------------------------- keys

const INVISIBLE = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF"];

Deno.test("generated: keys with invisible characters and case variants never collide silently", () => {
  generate(3000, SEED + 2, (random) => {
    const base = pick(random, ["role", "id", "path", "cmd"]);
    const count = 2 + random(2);
    const keys: string[] = [];
    let text = "{";
    for (let k = 0; k < count; k++) {
      let key = base;
      if (random(2) === 0) {
        key = random(2) === 0 ? key.toUpperCase() : key[0].toUpperCase() + key.slice(1);
      }
      if (random(2) === 0) {
        const at = random(key.length + 1);
        key = key.slice(0, at) + pick(random, INVISIBLE) + key.slice(at);
      }
      keys.push(key);
      if (k > 0) text += ",";
      text += random(2) === 0 ? `${key}:${k}` : `${JSON.stringify(key)}:${k}`;
    }
    text += "}";
    return {
      text,
      check: (result) => {
        if (!result.executable) return;
        const folded = keys.map((key) =>
          key.replace(/[\u200B-\u200D\u2060\uFEFF]/g, "").toLowerCase()
        );
        assert.equal(
          new Set(folded).size,
          folded.length,
          `colliding keys executed: ${keys.join(" ")}`,
        );
      },
    };
  });
});
