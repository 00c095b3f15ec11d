/**
 * The refusal contract (a refused result has a null value, an empty text, an error and a
 * retry prompt; an executable one has neither), as a property over generated inputs:
 * random JSON values, serialized and then mutated (inserted, deleted and
 * replaced characters, truncation, prose, fences, Unicode hazards), under all
 * five profiles, with and without a declaration (language and JSON Schema).
 *
 * - `executable === false` ⇒ `value === null`, `text === ""`, an error, and a
 *   retry with a non-empty prompt ending in the closing sentence;
 * - `executable === true` ⇒ a live value, `retry === null`, decision `safe` or
 *   `cosmetic_repair`, nothing lossy or ambiguous, the declaration satisfied
 *   (re-checked here), and `JSON.parse(text)` deep-equals `value` (-0 and 0 told apart).
 *
 * Beside the contract, the independent oracle (`tests/oracle.ts`, which never reads the engine's
 * repairs) judges every answer: a JSON text with a hazard (bidi or tag characters, lone or split
 * surrogates, invisible characters or twins in keys, duplicate keys, unsafe or out-of-range
 * numbers) is never executable and is `ambiguous` with the profile's code; a clean one is `safe`
 * with `JSON.parse`'s value; a repaired value that is executed holds no hazard. The inputs include
 * documents holding every generated hazard kind, written raw and escaped.
 *
 * The generator is deterministic (mulberry32, fixed seed); the run is bounded
 * by time: 3 s, or `INTERJSON_FUZZ_SECONDS` when the environment may be read.
 *
 * @module
 */

import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import {
  checkDeclaration,
  compileJsonSchema,
  type Declaration,
  gate,
  type GateOptions,
  type GateResult,
  parseDeclaration,
  PROFILE_NAMES,
  readiness,
  repair,
  validate,
} from "../mod.ts";
import {
  AWAITING_ENGINE_FIX,
  HAZARD_KINDS,
  type HazardKind,
  judgeGate,
  kindsIn,
} from "./oracle.ts";
import { hazardDocument } from "./fixtures/hazards.ts";
import { scan } from "../engine/scanner/mod.ts";
import { PROFILES } from "../engine/profiles.ts";
import { reasonFor } from "../engine/reasons.ts";

const SEED = 0x1f2e3d4c;
const DEFAULT_SECONDS = 3;

/**
 * The run's length: `INTERJSON_FUZZ_SECONDS` if readable and positive, else
 * the test argument `--fuzz-seconds=N` (`deno task fuzz` passes 60), else 3 s.
 */
function fuzzSeconds(): number {
  const positive = (text: string | undefined) => {
    const seconds = Number(text);
    return text !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
  };
  let fromEnv: number | undefined;
  try {
    const state = Deno.permissions.querySync({
      name: "env",
      variable: "INTERJSON_FUZZ_SECONDS",
    }).state;
    if (state === "granted") fromEnv = positive(Deno.env.get("INTERJSON_FUZZ_SECONDS"));
  } catch {
    fromEnv = undefined;
  }
  const argument = Deno.args.find((arg) => arg.startsWith("--fuzz-seconds="))?.split("=")[1];
  return fromEnv ?? positive(argument) ?? DEFAULT_SECONDS;
}

/** mulberry32: a small deterministic PRNG, uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function int(random: Random, below: number): number {
  return Math.floor(random() * below);
}

// ------------------------------------------------------------------ values

const KEYS = [
  "a",
  "b",
  "query",
  "limit",
  "path",
  "id",
  "ID",
  "first name",
  "__proto__",
  "a\u200b",
  "",
  "é",
  "😀",
];

const STRINGS = [
  "",
  "x",
  "weather in Paris",
  "é ü ß",
  "😀",
  "\ud800",
  "\udc00x",
  "a\u202eb",
  "tag\u{e0041}",
  'say "hi"',
  "back\\slash",
  "line\nbreak",
  "tab\tcontrol\u0001",
  "...",
  "True",
  "/* not a comment */",
  "```",
];

const NUMBERS = [0, 1, -1, 3, 42, 1.5, -2.25, 1e21, 1e-7, 9007199254740991, 2 ** 53 + 2, 0.1];

function randomValue(random: Random, depth: number): unknown {
  const roll = random();
  if (depth > 0 && roll < 0.25) {
    const object: Record<string, unknown> = {};
    for (let k = int(random, 4); k > 0; k--) {
      Object.defineProperty(object, pick(random, KEYS), {
        value: randomValue(random, depth - 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return object;
  }
  if (depth > 0 && roll < 0.45) {
    return Array.from({ length: int(random, 4) }, () => randomValue(random, depth - 1));
  }
  if (roll < 0.6) return pick(random, STRINGS);
  if (roll < 0.8) return pick(random, NUMBERS);
  return pick(random, [true, false, null]);
}

/** Tool-call-shaped arguments: mostly an object with the declared members. */
function randomArguments(random: Random): unknown {
  if (random() < 0.3) return randomValue(random, 3);
  const object: Record<string, unknown> = { query: pick(random, STRINGS) };
  if (random() < 0.7) object.limit = pick(random, NUMBERS);
  if (random() < 0.5) object.a = randomValue(random, 2);
  if (random() < 0.3) object.b = randomValue(random, 2);
  return object;
}

function serialize(random: Random, value: unknown): string {
  return JSON.stringify(value, null, pick(random, [0, 0, 2, "\t"])) ?? "null";
}

// --------------------------------------------------------------- mutations

const ALPHABET = "{}[]\",:'\\ ntfuN0123456789.eE+-/*#`";
const HAZARDS = [
  "\u202e",
  "\u200b",
  "\ufeff",
  "\u00a0",
  "\ud800",
  "\udc00",
  "😀",
  "“",
  "”",
  "‘",
  "’",
  "…",
  "\u2028",
  "\u0000",
  "\r\n",
];
const WORDS = ["True", "False", "None", "NaN", "Infinity", "undefined", "...", "0x1F", "+1", ".5"];
const PROSE_BEFORE = ["Here are the args:\n", "Sure! ", "I'll call the tool.\n\n", "json\n"];
const PROSE_AFTER = ["\nHope this helps!", " Done.", "\n", "\n// end", " ```"];

function insertAt(text: string, at: number, piece: string): string {
  return text.slice(0, at) + piece + text.slice(at);
}

function mutate(random: Random, text: string): string {
  const at = int(random, text.length + 1);
  switch (int(random, 11)) {
    case 0:
      return insertAt(text, at, ALPHABET[int(random, ALPHABET.length)]);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + int(random, 3));
    case 2:
      return text.slice(0, at) + ALPHABET[int(random, ALPHABET.length)] + text.slice(at + 1);
    case 3:
      return text.slice(0, at); // truncation
    case 4:
      return pick(random, PROSE_BEFORE) + text;
    case 5:
      return text + pick(random, PROSE_AFTER);
    case 6:
      return "```" + pick(random, ["json", "", "JSON"]) + "\n" + text + pick(random, ["\n```", ""]);
    case 7:
      return insertAt(text, at, pick(random, HAZARDS));
    case 8:
      return insertAt(text, at, pick(random, WORDS));
    case 9:
      return text + pick(random, ["", ",", "\n"]) + text.slice(0, int(random, text.length + 1));
    default: {
      // Unquoted keys holding a hazard await an engine fix (see AWAITING_ENGINE_FIX).
      const bare = random() < 0.5 ? "'" : "";
      const replaced = text.replaceAll('"', bare);
      return bare === "" && AWAITING_ENGINE_FIX.has("hazard_in_unquoted_key") &&
          /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u061c]/.test(text)
        ? text
        : replaced;
    }
  }
}

function randomInput(random: Random): string {
  if (random() < 0.25) {
    let text = hazardDocument(random);
    if (random() < 0.4) text = mutate(random, text);
    return text;
  }
  if (random() < 0.05) {
    return Array.from({ length: int(random, 24) }, () => ALPHABET[int(random, ALPHABET.length)])
      .join("");
  }
  let text = serialize(random, randomArguments(random));
  for (let k = int(random, 4); k > 0; k--) text = mutate(random, text);
  return text;
}

// ------------------------------------------------------------ declarations

const LANGUAGE_DECLARATIONS = [
  "{!query:string,limit:integer}",
  "{!a:any}",
  "any",
  "[integer]",
  "{a:string|null,!b:[number]}",
  '{!"first name":string}',
  "{!a:{!b:boolean}}",
  '{query:string(minLength=1,pattern="^w"),limit:integer(minimum=0,maximum=100)}',
  "string",
  '"asc"|"desc"',
];

const SCHEMA_DECLARATIONS: readonly unknown[] = [
  {
    type: "object",
    properties: { query: { type: "string" }, limit: { type: "integer" } },
    required: ["query"],
  },
  { type: "array", items: { type: "integer" } },
  { type: "object", properties: { a: { enum: [1, "x", null] } }, required: ["a"] },
  { type: "string", minLength: 1 },
  {},
  { type: "object", properties: { limit: { type: "number", exclusiveMaximum: 10 } } },
];

/** A declaration to call the gate with, and the same compiled for the re-check. */
interface Declared {
  options: GateOptions;
  declaration: Declaration;
}

function compiled(): Declared[] {
  const all: Declared[] = [];
  for (const schema of LANGUAGE_DECLARATIONS) {
    const declaration = parseDeclaration(schema); // throws CallerError when malformed
    all.push({ options: { schema }, declaration });
  }
  for (const schemaJson of SCHEMA_DECLARATIONS) {
    const declaration = compileJsonSchema(schemaJson); // throws CallerError when refused
    all.push({ options: { schemaJson }, declaration });
  }
  return all;
}

// ---------------------------------------------------------------- contract

/** The contract's violations for one call (empty when it holds). */
function violations(
  text: string,
  result: GateResult,
  declaration: Declaration | null,
  profile: (typeof PROFILE_NAMES)[number] = "agent",
  awaiting: ReadonlySet<HazardKind> = AWAITING_ENGINE_FIX,
): string[] {
  const found: string[] = judgeGate(text, profile, {
    executable: result.executable,
    decision: result.decision,
    error: result.error?.code ?? null,
    value: result.value,
    validJson: result.valid_json,
  }, { awaiting, declared: declaration !== null }).map((wrong) => `oracle: ${wrong}`);
  const check = (ok: boolean, what: string) => {
    if (!ok) found.push(what);
  };
  check(Object.keys(result).length === 20, "twenty fields");
  check(result.execution === (result.executable ? "allowed" : "blocked"), "execution follows");
  if (!result.executable) {
    check(result.value === null, "refused ⇒ value === null");
    check(result.text === "", 'refused ⇒ text === ""');
    check(result.error !== null, "refused ⇒ an error");
    check(result.retry !== null, "refused ⇒ retry");
    const prompt = result.retry?.prompt ?? "";
    const instruction = reasonFor(result.error?.rule ?? result.error?.code ?? "")?.instruction;
    check(instruction !== undefined, "the refusal's rule or error has its words");
    check(prompt.length > (instruction ?? "").length, "refused ⇒ a non-empty prompt");
    check(
      prompt.endsWith(`\n${instruction}`),
      "the prompt ends in its rule's or error's instruction",
    );
    check(result.retry?.code === result.error?.code, "retry.code is the error's code");
    check(result.label.startsWith("REJECT"), "refused ⇒ a REJECT label");
    return found;
  }
  check(result.value !== undefined, "executable ⇒ a value");
  check(result.value !== null || result.text === "null", "executable ⇒ null only for `null`");
  check(result.retry === null, "executable ⇒ retry === null");
  check(result.error === null, "executable ⇒ error === null");
  check(
    result.decision === "safe" || result.decision === "cosmetic_repair",
    "executable ⇒ safe or cosmetic_repair",
  );
  check(result.exactness !== "lossy" && !result.information_loss, "executable ⇒ nothing lossy");
  check(result.ambiguity === "none" && !result.ambiguous, "executable ⇒ nothing ambiguous");
  check(result.label.startsWith("SAFE TO EXECUTE"), "executable ⇒ a SAFE label");
  if (declaration !== null) {
    check(checkDeclaration(declaration, result.value).ok, "executable ⇒ declaration satisfied");
    check(result.schema_satisfied === result.schema_total, "executable ⇒ all members met");
    check(result.schema_missing.length === 0, "executable ⇒ nothing missing");
  }
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(result.text);
  } catch {
    found.push("executable ⇒ text is JSON");
  }
  check(
    isDeepStrictEqual(parsed, result.value),
    "executable ⇒ JSON.parse(text) deep-equals value (-0 and 0 differ)",
  );
  if (result.valid_json) {
    let asWritten: unknown = undefined;
    try {
      asWritten = JSON.parse(text);
    } catch {
      found.push("valid_json ⇒ JSON.parse accepts the input");
    }
    check(isDeepStrictEqual(asWritten, result.value), "valid_json ⇒ value is JSON.parse(input)");
  }
  return found;
}

Deno.test("refusal contract: holds for generated inputs × every profile × declarations", () => {
  const random = mulberry32(SEED);
  const declarations = compiled();
  const deadline = Date.now() + fuzzSeconds() * 1000;
  let inputs = 0, calls = 0, executable = 0, refused = 0, awaiting = 0;
  const failures: string[] = [];
  while (Date.now() < deadline && failures.length < 10) {
    const text = randomInput(random);
    inputs++;
    if ([...kindsIn(text)].some((kind) => AWAITING_ENGINE_FIX.has(kind))) awaiting++;
    const declared = random() < 0.5 ? pick(random, declarations) : null;
    for (const profile of PROFILE_NAMES) {
      const options: GateOptions = { ...declared?.options, profile };
      const where = `${JSON.stringify(text)} ${JSON.stringify(options)}`;
      let result: GateResult;
      try {
        result = gate(text, options);
      } catch (error) {
        failures.push(`${where}: gate threw ${error}`);
        continue;
      }
      calls++;
      if (result.executable) executable++;
      else refused++;
      const broken = violations(text, result, declared?.declaration ?? null, profile);
      if (broken.length > 0) failures.push(`${where}: ${broken.join("; ")}`);
    }
    try {
      repair(text, declared?.options);
      validate(text, declared?.options);
      readiness(text, declared?.options);
    } catch (error) {
      failures.push(`${JSON.stringify(text)}: an operation threw ${error}`);
    }
  }
  console.log(`${inputs} inputs, ${awaiting} judged in part (a kind awaiting an engine fix)`);
  assert.deepEqual(failures, []);
  // The generator reaches both sides of the contract.
  assert.ok(inputs > 100, `${inputs} inputs`);
  assert.ok(executable > calls / 20, `${executable} of ${calls} executable`);
  assert.ok(refused > calls / 5, `${refused} of ${calls} refused`);
});

/** Hand-picked inputs at the edges of the contract, under every profile. */
const EDGES: readonly string[] = [
  "",
  "null",
  "[null]",
  '"\\ud800"',
  '["\ud800"]',
  '{"a":"\\udc00"}',
  "[1e400]",
  "[9007199254740993]",
  '{"__proto__":{"x":1}}',
  '{"__proto__":1,"__proto__":2}',
  "[-0]",
  '{"a":1,"A":2}',
  '{"a":"x\u202ey"}',
  '{"a\u200b":1}',
  '{"a":1} {"a":2}',
  "{'a': 'it\\'s'}",
  '{"a":"say "hi""}',
  '```json\n{"a":1}\n```',
  "[" + "[".repeat(600) + "]".repeat(600) + "]",
  "[NaN]",
  '{"a":undefined}',
  "[1,2,...]",
  // Hazards spelled raw, escaped and half-escaped (the oracle, not the engine, names them).
  '["\\u202E"]',
  '["\\uDB40\\uDC41"]',
  '["\\uDB40\udc41"]',
  '["\udb40\\uDC41"]',
  '["\\uDC00\\uD800"]',
  '["\\uD800x"]',
  '{"role\\u200B":"admin","role":"user"}',
  '{"a":1,"\\u0061":2}',
  '{"Id":1,"iD":2}',
  "[-9007199254740993]",
  "[1e-400]",
];

/** One planted wrong answer: the gate forgets the hazard and executes the value. */
function planted(result: GateResult, text: string): GateResult {
  let value: unknown = result.value;
  try {
    value = JSON.parse(text);
  } catch {
    value = scan(text, PROFILES.permissive).value ?? value;
  }
  return {
    ...result,
    decision: "safe",
    executable: true,
    execution: "allowed",
    error: null,
    retry: null,
    value,
    label: "SAFE TO EXECUTE",
  };
}

Deno.test("refusal contract: the oracle catches a planted executable hazard of each kind", async (t) => {
  let seed = 0x5eed;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (const kind of HAZARD_KINDS) {
    await t.step(kind, () => {
      for (let k = 0; k < 20; k++) {
        const text = hazardDocument(random, kind);
        for (const profile of PROFILE_NAMES) {
          const result = gate(text, { profile });
          const found = violations(text, planted(result, text), null, profile, new Set());
          assert.ok(
            found.some((v) => v.startsWith("oracle:")),
            `${kind} ${profile} ${JSON.stringify(text)}`,
          );
        }
      }
    });
  }
});

Deno.test("refusal contract: holds on hand-picked edge inputs under every profile", () => {
  const failures: string[] = [];
  for (const text of EDGES) {
    for (const profile of PROFILE_NAMES) {
      const broken = violations(text, gate(text, { profile }), null, profile);
      if (broken.length > 0) failures.push(`${JSON.stringify(text)} ${profile}: ${broken}`);
    }
  }
  assert.deepEqual(failures, []);
});

Deno.test("refusal contract: a valid __proto__ key is an own property, as JSON.parse makes it", () => {
  const result = gate('{"__proto__":{"x":1}}', { profile: "strict" });
  assert.equal(result.executable, true);
  assert.ok(Object.hasOwn(result.value as object, "__proto__"));
  assert.equal(Object.getPrototypeOf(result.value), Object.prototype);
  assert.deepEqual(result.value, JSON.parse('{"__proto__":{"x":1}}'));
});

/** [repaired input with a -0 in it, the rendered text] */
const NEGATIVE_ZEROS: readonly [string, string][] = [
  ["[-0,]", "[-0]"],
  ["[-0.0,]", "[-0]"],
  ["[-0e5 ,]", "[-0]"],
  ["{'a':-0}", '{"a":-0}'],
  ["{a:[-0,{b:-0}],}", '{"a":[-0,{"b":-0}]}'],
];

Deno.test("refusal contract: a repaired -0 renders as -0, so the text parses back to the value", () => {
  for (const [input, text] of NEGATIVE_ZEROS) {
    const result = gate(input);
    assert.equal(result.executable, true, input);
    assert.equal(result.text, text, input);
    assert.deepStrictEqual(JSON.parse(result.text), result.value, input);
  }
  assert.ok(!isDeepStrictEqual(JSON.parse("[-0]"), [0]), "the comparison tells -0 from 0");
});
