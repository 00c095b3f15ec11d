/**
 * One reading or none, generated (issue 21): texts are built at random from a value and the text
 * around or inside it: framing (lead-ins, labels, wrappers, fences, reasoning blocks, sign-offs),
 * prose that is not framing (negations, questions, examples, hypotheticals, retractions), code
 * around a literal, a document that goes on after its root closes, gaps where two tokens would
 * have to be inferred, and members of a random object with one or several of their comma, colon,
 * key quotes and closer left out; and (issue 22) slips with exactly one reading beside the same
 * slips with two (a document escaped once beside escaped and raw quotes mixed). One invariant is
 * checked under every profile: an executable answer's value is the one reading, the value that
 * was built; one-reading texts execute under `agent`. Framing alone executes under `agent`
 * (recall); everything else is never executed. Each text is also streamed at a random split,
 * polled after each push: the stream's end equals the gate.
 *
 * The seed is fixed (`INTERJSON_FUZZ_SEED` overrides it) and printed on failure.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, JsonStream, PROFILE_NAMES } from "../mod.ts";

const SEED = Number(Deno.env.get("INTERJSON_FUZZ_SEED") ?? "0x21B0") >>> 0;
const ROUNDS = 300;

type Random = (n: number) => number;

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): Random {
  let s = seed;
  return (n: number) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296 * n) | 0;
  };
}

const pick = <T>(random: Random, list: readonly T[]): T => list[random(list.length)];

const KEYS = ["path", "city", "op", "query", "limit", "force", "tags", "to", "id"];
const WORDS = ["ls", "Paris", "drop_table", "/tmp/x", "a b", "", "ops@example.com", "42"];

/** A random object of one to four members (scalars and small arrays). */
function randomObject(random: Random): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  const count = 1 + random(4);
  for (let k = 0; k < count; k++) {
    const key = pick(random, KEYS);
    const kind = random(5);
    value[key] = kind === 0
      ? pick(random, WORDS)
      : kind === 1
      ? random(1000) - 500
      : kind === 2
      ? random(2) === 0
      : kind === 3
      ? [pick(random, WORDS), random(10)]
      : { n: random(9) };
  }
  return value;
}

const LEAD_INS = [
  "",
  "Here are the arguments:\n",
  "Sure! Here is the JSON:\n",
  "Action: get_weather\nAction Input: ",
  "Thought: I should look this up.\nAction: search\nAction Input: ",
  "I'll call the `run_query` tool with these arguments:\n",
  "Arguments: ",
  "1. ",
  "- ",
  "Okay, here is the function call:\n\n",
  "Certainly! Below is the JSON object:\n\n",
  '<think>\nMaybe {"op":"other"}? No.\n</think>\n',
  "Based on your request, here are the parameters:\n",
  "## Tool call\n",
  "[TOOL_CALLS] ",
  "<|python_tag|>",
];
const WRAPS: readonly [string, string][] = [
  ["", ""],
  ["```json\n", "\n```"],
  ["```\n", "\n```"],
  ["~~~json\n", "\n~~~"],
  ["<tool_call>\n", "\n</tool_call>"],
  ["<json>", "</json>"],
  ["`", "`"],
];
const SIGN_OFFS = [
  "",
  "\nLet me know if you need anything else!",
  "\n\nHope this helps!",
  "\nThanks!",
  " // the arguments",
  "\nAnything else?",
  "\n\nThis sets the fields you asked for.",
];
const NOT_FRAMING_BEFORE = [
  "Avoid calling ",
  "Do not run ",
  "Would ",
  "e.g. ",
  "For example: ",
  "If I were allowed to, I'd send ",
  "Hypothetically: ",
  "Never send ",
  "Here is a sample payload: ",
  "Don't: ",
  "# Example\n",
  "I can't run ",
  "Instead of ",
  "/* placeholder */ ",
];
const NOT_FRAMING_AFTER = [
  " work for you?",
  " — scratch that, wrong table.",
  "\nWait, that is wrong.",
  "\n\nActually, ignore that.",
  " is what I would send if you confirm.",
  " // just an illustration",
  " maybe.",
  "\nIs this correct?",
  "\nSorry, wrong one.",
  " (example only)",
];
const CODE_AROUND: readonly [string, string][] = [
  ["args = ", ""],
  ["const payload = ", ";"],
  ["print(json.dumps(", "))"],
  ["requests.post(url, json=", ")"],
  ["return ", ""],
  ["def f():\n    return ", ""],
  ["tool.invoke(", ")"],
  ["", ".keys()"],
  ["x := ", ""],
  ["import json\n", ""],
];

/** What one generated text means: the value built, and whether `agent` must execute it. */
interface Built {
  text: string;
  value: unknown;
  executes: boolean;
  /** A rule `agent` must name among the repairs, when the builder knows it. */
  rule?: string;
}

/** A framed value: must execute under `agent`, with exactly the value built. */
function framed(random: Random): Built {
  const value = randomObject(random);
  const lead = pick(random, LEAD_INS);
  const [open, close] = pick(random, WRAPS);
  const body = lead === "[TOOL_CALLS] " ? `[${JSON.stringify(value)}]` : JSON.stringify(value);
  return {
    text: lead + open + body + close + pick(random, SIGN_OFFS),
    value: lead === "[TOOL_CALLS] " ? [value] : value,
    executes: true,
  };
}

/** A value beside prose that is not framing, on either side: never executed. */
function mentioned(random: Random): Built {
  const value = randomObject(random);
  const before = random(2) === 0;
  const text = before
    ? pick(random, NOT_FRAMING_BEFORE) + JSON.stringify(value) + pick(random, SIGN_OFFS)
    : pick(random, LEAD_INS.filter((l) => !l.includes("TOOL_CALLS"))) + JSON.stringify(value) +
      pick(random, NOT_FRAMING_AFTER);
  return { text, value, executes: false };
}

/** A literal as an operand in code: never executed. */
function inCode(random: Random): Built {
  const value = random(2) === 0 ? randomObject(random) : [pick(random, WORDS), random(9)];
  const [before, after] = pick(random, CODE_AROUND);
  return { text: before + JSON.stringify(value) + after, value, executes: false };
}

/** A root that closes before the document does: never executed. */
function closedEarly(random: Random): Built {
  const value = randomObject(random);
  const rest = pick(random, [
    ', "cc": "all@example.com"}',
    ", 3]",
    ", }",
    ',\n"more": true\n}',
    ", extra: 1}",
    ", -1]",
  ]);
  return { text: JSON.stringify(value) + rest, value, executes: false };
}

/** Two tokens that would both have to be inferred in one gap: never executed. */
function chained(random: Random): Built {
  const a = pick(random, WORDS.filter((w) => w !== "")), b = pick(random, KEYS);
  const text = pick(random, [
    `{"files": "${a}" "${b}"}`,
    `{"${b}": "${a}" "x": 1}`,
    `{"${b}":[[${random(9)}}`,
    `[{"${b}":{"n":${random(9)}]`,
    `{"${b}": """${a}"""}`,
    `{"${b}": +${1 + random(9)}}`,
  ]);
  return { text, value: undefined, executes: false };
}

/**
 * Issue 21 class 5 at random: one member of a random object has some of its structural tokens
 * left out (the comma before it, its colon, its key's quotes, its array value's own closer). One
 * inferred token executes the value built; two or more (quotes counting only beside a missing
 * colon) are `R053` and never execute.
 */
function chainedMember(random: Random): Built {
  const value = randomObject(random);
  const keys = Object.keys(value);
  const k = random(keys.length);
  const key = keys[k];
  const member = value[key];
  const noComma = k > 0 && random(2) === 0;
  const noColon = random(2) === 0;
  const bareKey = random(2) === 0;
  const wrongCloser = Array.isArray(member) && k < keys.length - 1 && random(2) === 0;
  const parts = keys.map((name, i) => {
    if (i !== k) return `${JSON.stringify(name)}:${JSON.stringify(value[name])}`;
    let json = JSON.stringify(member);
    if (wrongCloser) json = json.slice(0, -1) + "}";
    return `${bareKey ? name : JSON.stringify(name)}${noColon ? " " : ":"}${json}`;
  });
  let text = "{";
  parts.forEach((part, i) => {
    if (i > 0) text += i === k && noComma ? "\n" : ",";
    text += part;
  });
  text += "}";
  const inferred = (noComma ? 1 : 0) + (noColon ? 1 : 0) + (wrongCloser ? 1 : 0) +
    (noColon && bareKey ? 1 : 0);
  return inferred >= 2
    ? { text, value: undefined, executes: false, rule: "R053" }
    : { text, value, executes: true };
}

/** Issue 22: a slip with exactly one reading: executed, with the value built. */
function oneReading(random: Random): Built {
  const value = randomObject(random);
  const json = JSON.stringify(value);
  const key = Object.keys(value)[0];
  const first = JSON.stringify({ [key]: value[key] }).slice(1, -1);
  const slips: (() => Built)[] = [
    () => ({ text: "{," + json.slice(1), value, executes: true }),
    () => ({ text: json + "}", value, executes: true }),
    () => ({ text: json.replace(":", ":\u200B"), value, executes: true }),
    () => ({ text: "{" + first + "," + json.slice(1), value, executes: true }),
    () => {
      const n = 1000 + random(1_000_000);
      const grouped = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "_");
      return { text: `{"n": ${grouped}}`, value: { n }, executes: true };
    },
    () => ({ text: `{"a": TRUE, "b": Null}`, value: { a: true, b: null }, executes: true }),
    () => ({ text: `{${1 + random(99)}: "x"}`, value: undefined, executes: true }),
    () => ({ text: json.replaceAll(',"', ',\n"'), value, executes: true }),
    () => {
      const word = pick(random, ["yes", "no", "x", "ok"]);
      const note = `She said "${word}" twice`;
      return { text: `{"note": "${note}", "id": 7}`, value: { note, id: 7 }, executes: true };
    },
    () => {
      const n = random(9);
      return {
        text: `{"tags": ["a", "b"}, "n": ${n}}`,
        value: { tags: ["a", "b"], n },
        executes: true,
      };
    },
    () => {
      const n = random(9);
      return { text: `{"pt": (${n}, ${n + 1})}`, value: { pt: [n, n + 1] }, executes: true };
    },
    // A whole document JSON-escaped once (R067).
    () => ({ text: JSON.stringify(json).slice(1, -1), value, executes: true }),
    () => ({
      text: `{"city": New York, "${key}": ${JSON.stringify(value[key])}}`,
      value: key === "city" ? { city: value[key] } : { city: "New York", [key]: value[key] },
      executes: key !== "city",
    }),
  ];
  const built = pick(random, slips)();
  if (built.value === undefined) {
    const k = built.text.slice(1, built.text.indexOf(":"));
    return { ...built, value: { [k]: "x" } };
  }
  // A repeated member with a container value is R032: keep only scalars for that slip.
  if (built.text.startsWith("{" + first + ",") && typeof value[key] === "object") {
    return { text: json + "}", value, executes: true };
  }
  return built;
}

/** Issue 22: the same slips where a second reading exists: never executed. */
function twoReadings(random: Random): Built {
  const a = pick(random, WORDS.filter((w) => w !== "")), b = pick(random, KEYS);
  const text = pick(random, [
    `{"${b}": "${a}" "x": "y"}`,
    `{"${b}": 1, "${b}": 2}`,
    `{1e${1 + random(9)}: 1}`,
    `[, ${random(9)}]`,
    `{"${b}": 1}]`,
    `{"${b}": 1}} more`,
    `{"${b}": [0_${random(9)}]}`,
    `{True: 1}`,
    `{"note": "She said "${a}`,
    `{"${b}": hello}`,
    `{"${b}": ["${a}", 1}`,
    `{"${b}": ("${a}")}`,
    `{"${b}": x - y}`,
    `{\\"${b}\\": 1, "x": 2}`,
    JSON.stringify(JSON.stringify({ [b]: a })).slice(1, -1).replace('\\"', '"'),
  ]);
  return { text, value: undefined, executes: false };
}

const BUILDERS = [
  framed,
  mentioned,
  inCode,
  closedEarly,
  chained,
  chainedMember,
  oneReading,
  twoReadings,
];

/** Streams a text at one split, polling after the first push; returns the end. */
function streamed(text: string, cut: number) {
  const stream = new JsonStream();
  void stream.push(text.slice(0, cut)).value;
  void stream.push(text.slice(cut)).value;
  return stream.end();
}

Deno.test("one reading, generated: an executable value is the one reading, under every profile", () => {
  const random = prng(SEED);
  for (let round = 0; round < ROUNDS; round++) {
    const built = pick(random, BUILDERS)(random);
    try {
      const agent = gate(built.text);
      assert.equal(agent.executable, built.executes, `${agent.decision} ${agent.error?.message}`);
      if (built.rule !== undefined) {
        assert.ok(agent.repairs.some((r) => r.rule === built.rule), `${built.rule} not named`);
      }
      for (const profile of PROFILE_NAMES) {
        const result = gate(built.text, { profile });
        if (!result.executable) continue;
        assert.ok(built.executes, `${profile} executed ${JSON.stringify(result.value)}`);
        assert.deepStrictEqual(result.value, built.value, profile);
      }
      const cut = random(built.text.length + 1);
      const end = streamed(built.text, cut);
      assert.deepStrictEqual(
        [end.decision, end.executable, end.value, end.error],
        [agent.decision, agent.executable, agent.value, agent.error],
        `stream cut at ${cut}`,
      );
    } catch (error) {
      throw new Error(`seed ${SEED}, round ${round}: ${JSON.stringify(built.text)}`, {
        cause: error,
      });
    }
  }
});
