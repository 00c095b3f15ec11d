/**
 * The generator of the three standard inputs, ported from the project's
 * original `gen-inputs.mjs` and `gen-lib.mjs` (Node scripts kept beside the
 * repository) into the project's own TypeScript. Deterministic: a seeded
 * mulberry32 generator makes the same bytes on every machine, byte for byte
 * what the Node scripts wrote (checked when the port was made).
 *
 * | file | what it is |
 * | --- | --- |
 * | `a_valid.json` | valid JSON of realistic shape, pretty-printed with two spaces, at most `bytes` UTF-8 bytes |
 * | `b_damaged.txt` | the same data with LLM-typical damage: code fence, single quotes, unquoted keys, trailing commas, Python `True`/`False`/`None`, `//` and `/* *\/` comments |
 * | `c_truncated.txt` | `a_valid.json` cut at 60% of its length |
 *
 * The generator is pure; run as a program it writes the three files:
 * `deno run --allow-write bench/standard_inputs.ts [bytes] [outDir]`
 * (defaults 1048576 and `bench/inputs`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { generateStandardInputs } from "./standard_inputs.ts";
 * const inputs = generateStandardInputs(4096);
 * strictEqual(new TextEncoder().encode(inputs.valid).length <= 4096, true);
 * deepStrictEqual(generateStandardInputs(4096), inputs);
 * ```
 *
 * @module
 */

/**
 * The three standard inputs, as text.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import type { StandardInputs } from "./standard_inputs.ts";
 * const inputs: StandardInputs = { valid: "[1]", damaged: "[1,]", truncated: "[" };
 * strictEqual(inputs.truncated, "[");
 * ```
 */
export interface StandardInputs {
  /** Valid, pretty-printed JSON of realistic shape (`a_valid.json`). */
  valid: string;
  /** The same data with LLM-typical notation damage (`b_damaged.txt`). */
  damaged: string;
  /** `valid` cut at 60% of its length (`c_truncated.txt`). */
  truncated: string;
}

/**
 * The file each input is written to, in the order `valid`, `damaged`, `truncated`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { STANDARD_INPUT_FILES } from "./standard_inputs.ts";
 * strictEqual(STANDARD_INPUT_FILES.valid, "a_valid.json");
 * ```
 */
export const STANDARD_INPUT_FILES: Readonly<Record<keyof StandardInputs, string>> = {
  valid: "a_valid.json",
  damaged: "b_damaged.txt",
  truncated: "c_truncated.txt",
};

/**
 * The mulberry32 generator: numbers in [0, 1), the same sequence for a seed.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { mulberry32 } from "./standard_inputs.ts";
 * const a = mulberry32(42);
 * const b = mulberry32(42);
 * strictEqual(a(), b());
 * ```
 */
export function mulberry32(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "alpha",
  "beta",
  "gamma",
  "delta",
  "search",
  "query",
  "result",
  "user",
  "file",
  "path",
  "config",
  "value",
  "token",
  "stream",
  "repair",
  "schema",
  "tool",
  "call",
  "argument",
  "function",
];

const SPECIALS = [
  'He said "hi"',
  "line1\nline2",
  "tab\there",
  "back\\slash",
  "unicode é ü ß",
  "emoji 😀 🚀",
  "cjk 中文 日本語",
  "quote ' apostrophe",
  "url https://example.com/a?b=c&d=e",
  "ctrl \u0001 char",
];

const CITIES = ["Paris", "Zürich", "São Paulo", "Tokyo", "Köln"];

/**
 * The probability of each kind of damage (`fence: false` drops the code fence).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DEFAULT_DAMAGE } from "./standard_inputs.ts";
 * strictEqual(DEFAULT_DAMAGE.python, 0.5);
 * ```
 */
export interface DamageRates {
  /** A string in single quotes. */
  singleQuote?: number;
  /** An identifier-like key without quotes. */
  unquotedKey?: number;
  /** A comma after the last member or element. */
  trailingComma?: number;
  /** `True`, `False`, `None` for `true`, `false`, `null`. */
  python?: number;
  /** A `// …` line before a member or element. */
  lineComment?: number;
  /** A `/* … *\/` line before a member or element. */
  blockComment?: number;
  /** `false`: no ```` ```json ```` fence around the document. */
  fence?: boolean;
}

/**
 * The damage of `b_damaged.txt`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DEFAULT_DAMAGE } from "./standard_inputs.ts";
 * strictEqual(DEFAULT_DAMAGE.singleQuote, 0.3);
 * ```
 */
export const DEFAULT_DAMAGE: Readonly<DamageRates> = {
  singleQuote: 0.3,
  unquotedKey: 0.3,
  trailingComma: 0.3,
  python: 0.5,
  lineComment: 0.02,
  blockComment: 0.02,
};

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Serializes `value` as pretty-printed JSON with LLM-typical damage, each kind
 * applied with its probability, drawn from a generator seeded with `seed`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { damage } from "./standard_inputs.ts";
 * strictEqual(damage({ a: true }, { python: 1, fence: false }), '{\n  "a": True\n}');
 * ```
 */
export function damage(value: unknown, rates: Readonly<DamageRates> = DEFAULT_DAMAGE, seed = 7) {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const str = (s: string): string => {
    if (random() < (rates.singleQuote || 0) && !s.includes("\u0001")) {
      const body = JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
      return `'${body}'`;
    }
    return JSON.stringify(s);
  };
  const key = (
    k: string,
  ) => (IDENTIFIER.test(k) && random() < (rates.unquotedKey || 0) ? k : str(k));
  const comment = (indent: string): string => {
    const x = random();
    const line = rates.lineComment || 0;
    if (x < line) return `${indent}// ${sentence(4)}\n`;
    if (x < line + (rates.blockComment || 0)) return `${indent}/* ${sentence(4)} */\n`;
    return "";
  };
  const trailing = () => (random() < (rates.trailingComma || 0) ? "," : "");
  // The records are a few levels deep: recursion on the generator's own data, not on input.
  const write = (v: unknown, indent: string): string => {
    const inner = indent + "  ";
    const python = rates.python || 0;
    if (v === null) return random() < python ? "None" : "null";
    if (v === true) return random() < python ? "True" : "true";
    if (v === false) return random() < python ? "False" : "false";
    if (typeof v === "number") return JSON.stringify(v);
    if (typeof v === "string") return str(v);
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      const items = v.map((x) => comment(inner) + inner + write(x, inner));
      return "[\n" + items.join(",\n") + trailing() + "\n" + indent + "]";
    }
    const record = v as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 0) return "{}";
    const items = keys.map((k) => comment(inner) + inner + key(k) + ": " + write(record[k], inner));
    return "{\n" + items.join(",\n") + trailing() + "\n" + indent + "}";
  };
  const fenced = rates.fence !== false;
  return (fenced ? "```json\n" : "") + write(value, "") + (fenced ? "\n```\n" : "");
}

const encoder = new TextEncoder();

function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

function records(bytes: number): unknown[] {
  const random = mulberry32(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const hex = (scale: number) => Math.floor(random() * scale).toString(16);
  const record = (i: number) => ({
    id: i,
    uuid: `${hex(1e8)}-${hex(1e4)}-4abc-8def-${hex(1e12)}`,
    name: `${pick(WORDS)}_${i}`,
    active: random() < 0.5,
    deleted: random() < 0.1 ? null : false,
    score: Math.round((random() * 200 - 100) * 1e6) / 1e6,
    count: Math.floor(random() * 1e6),
    ratio: Number((random() * 1e-3).toExponential(4)),
    description: sentence(5 + Math.floor(random() * 20)) +
      (random() < 0.5 ? " " + pick(SPECIALS) : ""),
    tags: Array.from({ length: Math.floor(random() * 5) }, () => pick(WORDS)),
    location: {
      lat: Math.round((random() * 180 - 90) * 1e5) / 1e5,
      lon: Math.round((random() * 360 - 180) * 1e5) / 1e5,
      city: pick(CITIES),
    },
    history: Array.from({ length: Math.floor(random() * 3) }, (_, k) => ({
      ts: 1700000000 + k * 3600 + Math.floor(random() * 1000),
      event: pick(WORDS),
      ok: random() < 0.8,
      detail: random() < 0.3 ? null : pick(SPECIALS),
    })),
    nested: {
      level1: {
        level2: { level3: { value: pick(SPECIALS), list: [1, 2.5, -3, 4e10, true, null] } },
      },
    },
  });
  const list: unknown[] = [];
  let size = 2;
  while (size < bytes) {
    const next = record(list.length);
    list.push(next);
    size += utf8Length(JSON.stringify(next, null, 2)) + 4;
  }
  return list;
}

/**
 * The three standard inputs for about `bytes` UTF-8 bytes (the valid one
 * never exceeds it while it holds more than one record).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { generateStandardInputs } from "./standard_inputs.ts";
 * const { valid, truncated } = generateStandardInputs(2048);
 * strictEqual(truncated, valid.slice(0, Math.floor(valid.length * 0.6)));
 * ```
 */
export function generateStandardInputs(bytes: number): StandardInputs {
  const list = records(bytes);
  let valid = JSON.stringify(list, null, 2);
  while (utf8Length(valid) > bytes && list.length > 1) {
    list.pop();
    valid = JSON.stringify(list, null, 2);
  }
  return {
    valid,
    damaged: damage(list, DEFAULT_DAMAGE, 7),
    truncated: valid.slice(0, Math.floor(valid.length * 0.6)),
  };
}

/**
 * Writes the three inputs for `bytes` bytes into `directory` (created if
 * missing) as UTF-8.
 *
 * @example
 * ```ts ignore
 * import { writeStandardInputs } from "./standard_inputs.ts";
 * await writeStandardInputs(1_048_576, "bench/inputs");
 * ```
 */
export async function writeStandardInputs(bytes: number, directory: string): Promise<void> {
  const inputs = generateStandardInputs(bytes);
  await Deno.mkdir(directory, { recursive: true });
  for (const [field, file] of Object.entries(STANDARD_INPUT_FILES)) {
    await Deno.writeTextFile(`${directory}/${file}`, inputs[field as keyof StandardInputs]);
  }
}

if (import.meta.main) {
  const [bytes = "1048576", directory = new URL("./inputs", import.meta.url).pathname] = Deno.args;
  await writeStandardInputs(Number(bytes), directory);
}
