/**
 * Inputs shared by the benchmarks: the three standard documents of
 * `bench/standard_inputs.ts` (generated on first use into `bench/inputs/`,
 * which is gitignored, so peers can read the same files), the adversarial shapes that probe
 * the scanner for super-linear time, and the streaming document.
 *
 * Everything but {@linkcode loadStandardInputs} is pure, so tests can pin the
 * shapes without touching the file system.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ADVERSARIAL_SHAPES } from "./inputs.ts";
 * const shape = ADVERSARIAL_SHAPES.find((s) => s.name === "missing_commas")!;
 * strictEqual(shape.build(16), "[1 1 1 1 1 1 1]");
 * ```
 *
 * @module
 */

import { type GateOptions, type GateResult, JsonStream, type Options } from "../mod.ts";
import {
  STANDARD_INPUT_FILES,
  type StandardInputs,
  writeStandardInputs,
} from "./standard_inputs.ts";

/**
 * Size of the standard inputs, in bytes (the generator's target).
 *
 * @example
 * ```ts
 * import { STANDARD_BYTES } from "./inputs.ts";
 * console.log(STANDARD_BYTES); // 1048576
 * ```
 */
export const STANDARD_BYTES = 1_048_576;

export type { StandardInputs } from "./standard_inputs.ts";

const INPUT_DIR = new URL("./inputs/", import.meta.url);
const INPUT_FILES = [
  STANDARD_INPUT_FILES.valid,
  STANDARD_INPUT_FILES.damaged,
  STANDARD_INPUT_FILES.truncated,
] as const;

async function exists(url: URL): Promise<boolean> {
  try {
    await Deno.stat(url);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * Reads the standard inputs, generating them first when any is missing
 * (`deno run --allow-write bench/standard_inputs.ts 1048576 bench/inputs`).
 *
 * @example
 * ```ts ignore
 * import { loadStandardInputs } from "./inputs.ts";
 * const { valid } = await loadStandardInputs(); // ~1 MiB, written to bench/inputs/ once
 * ```
 */
export async function loadStandardInputs(): Promise<StandardInputs> {
  const present = await Promise.all(INPUT_FILES.map((f) => exists(new URL(f, INPUT_DIR))));
  if (present.includes(false)) {
    await writeStandardInputs(STANDARD_BYTES, decodeURIComponent(INPUT_DIR.pathname));
  }
  const [valid, damaged, truncated] = await Promise.all(
    INPUT_FILES.map((f) => Deno.readTextFile(new URL(f, INPUT_DIR))),
  );
  return { valid, damaged, truncated };
}

/**
 * An adversarial input shape: a generator of about `size` UTF-16 code units
 * and the options it is scanned with.
 *
 * @example
 * ```ts
 * import type { AdversarialShape } from "./inputs.ts";
 * const shape: AdversarialShape = {
 *   name: "ones",
 *   probes: "`[1,1,…]`",
 *   build: (size) => "[1" + ",1".repeat(size / 2 - 1) + "]",
 *   expect: { rule: null },
 * };
 * console.log(shape.build(8)); // [1,1,1]
 * ```
 */
export interface AdversarialShape {
  /** A stable name (used in bench names and the report). */
  name: string;
  /** What the shape probes. */
  probes: string;
  /** Builds an input of about `size` code units (never more than `size + 16`). */
  build: (size: number) => string;
  /** Options added to the profile's (e.g. `maxDepth` at the ceiling). */
  options?: Options;
  /**
   * What `repair` must find at the bench sizes, so the bench measures the
   * path it names: a fatal error code, or a repair rule name (`null`: none).
   */
  expect: { error: string } | { rule: string | null };
}

/** `unit` repeated to fill about `size` code units between `head` and `tail`. */
function fill(head: string, unit: string, tail: string, size: number): string {
  const count = Math.max(1, Math.floor((size - head.length - tail.length) / unit.length));
  return head + unit.repeat(count) + tail;
}

/** `count` items built by `item(k)`, joined by `separator`, between `head` and `tail`. */
function list(
  head: string,
  item: (k: number) => string,
  separator: string,
  tail: string,
  size: number,
): string {
  const parts: string[] = [];
  let length = head.length + tail.length;
  for (let k = 0;; k++) {
    const next = item(k);
    const added = next.length + (k > 0 ? separator.length : 0);
    if (k > 0 && length + added > size) break;
    parts.push(next);
    length += added;
  }
  return head + parts.join(separator) + tail;
}

/** Deep nesting that closes again: a block of `depth` arrays, repeated. */
function nestedBlock(depth: number): string {
  return "[".repeat(depth) + "1" + "]".repeat(depth);
}

/** The ceiling of `maxDepth` (`MAX_DEPTH_CEILING`). */
const DEPTH_CEILING = 4096;

/**
 * The adversarial shapes. Each must scan in time linear in its size: the
 * report divides time(1 MB) by time(100 KB) and expects at most ~11.
 *
 * @example
 * ```ts
 * import { ADVERSARIAL_SHAPES } from "./inputs.ts";
 * console.log(ADVERSARIAL_SHAPES.map((s) => s.name).includes("unescaped_quotes")); // true
 * ```
 */
export const ADVERSARIAL_SHAPES: readonly AdversarialShape[] = [
  {
    name: "open_brackets",
    probes: "`[` repeated; stops at E020 at the default max_depth 512",
    build: (size) => "[".repeat(size),
    expect: { error: "E020" },
  },
  {
    name: "open_brackets_depth_4096",
    probes: "`[` repeated with maxDepth at the ceiling 4096 (E020 at 4096)",
    build: (size) => "[".repeat(size),
    options: { maxDepth: DEPTH_CEILING },
    expect: { error: "E020" },
  },
  {
    name: "open_members",
    probes: '`{"a":` repeated; stops at E020 at max_depth 512',
    build: (size) => fill("", '{"a":', "", size),
    expect: { error: "E020" },
  },
  {
    name: "open_members_depth_4096",
    probes: '`{"a":` repeated with maxDepth 4096',
    build: (size) => fill("", '{"a":', "", size),
    options: { maxDepth: DEPTH_CEILING },
    expect: { error: "E020" },
  },
  {
    name: "nested_blocks_depth_4000",
    probes: "blocks of 4000 nested arrays that close again, many of them (maxDepth 4096)",
    build: (size) => list("[", () => nestedBlock(4000), ",", "]", size),
    options: { maxDepth: DEPTH_CEILING },
    expect: { rule: null },
  },
  {
    name: "missing_commas",
    probes:
      "`[1 1 1 …]`: a missing comma per element (R041 AmbiguousSplit: `1 1` may be digit groups)",
    build: (size) => fill("[1", " 1", "]", size),
    expect: { rule: "AmbiguousSplit" },
  },
  {
    name: "unescaped_quotes",
    probes:
      '`{"a":"x"yx"y…"}`: an inner-quote look-ahead per quote (InnerQuotes: the string closes)',
    build: (size) => fill('{"a":"', 'x"y', '"}', size),
    expect: { rule: "InnerQuotes" },
  },
  {
    name: "unescaped_quotes_spaced",
    probes: 'inner quotes followed by spaces (InnerQuotes): `{"a":"x"   y"   y…"}`',
    build: (size) => fill('{"a":"x', '"        y', '"}', size),
    expect: { rule: "InnerQuotes" },
  },
  {
    name: "trailing_commas_flat",
    probes: "`[[1,],[1,],…]`: a TrailingComma repair per element",
    build: (size) => fill("[[1,]", ",[1,]", "]", size),
    expect: { rule: "TrailingComma" },
  },
  {
    name: "trailing_commas_nested",
    probes: "`[[[…[1,],…],],]` 400 deep, repeated: TrailingComma at every level",
    build: (size) => list("[", () => "[".repeat(400) + "1" + ",]".repeat(400), ",", "]", size),
    expect: { rule: "TrailingComma" },
  },
  {
    name: "duplicate_keys",
    probes: '`{"a":0,"a":1,"a":1,…}`: a duplicate-key repair per member (the first value differs)',
    build: (size) => fill('{"a":0', ',"a":1', "}", size),
    expect: { rule: "DuplicateKey" },
  },
  {
    name: "distinct_keys",
    probes: '`{"k0":0,"k1":1,…}`: one object with very many members',
    build: (size) => list("{", (k) => `"k${k}":${k}`, ",", "}", size),
    expect: { rule: null },
  },
  {
    name: "case_colliding_keys",
    probes: '`{"k0":0,"K0":0,…}`: one object whose keys collide by case',
    build: (size) => list("{", (k) => `"k${k}":0,"K${k}":0`, ",", "}", size),
    expect: { rule: "CaseCollidingKeys" },
  },
  {
    name: "case_colliding_objects",
    probes: '`[{"a":1,"A":1},…]`: many small objects, each case-colliding',
    build: (size) => fill('[{"a":1,"A":1}', ',{"a":1,"A":1}', "]", size),
    expect: { rule: "CaseCollidingKeys" },
  },
  {
    name: "lone_surrogates_raw",
    probes: "a string of raw lone high surrogates: a LoneSurrogate repair each",
    build: (size) => fill('["', "\ud800x", '"]', size),
    expect: { rule: "LoneSurrogate" },
  },
  {
    name: "lone_surrogates_escaped",
    probes: "a string of `\\ud800` escapes: a LoneSurrogate repair each",
    build: (size) => fill('["', "\\ud800", '"]', size),
    expect: { rule: "LoneSurrogate" },
  },
  {
    name: "single_quoted_items",
    probes: "`['a','a',…]`: a huge repairs list (SingleQuotes per element), 256 listed",
    build: (size) => fill("['a'", ",'a'", "]", size),
    expect: { rule: "SingleQuotes" },
  },
  {
    name: "placeholder_line",
    probes: "one long line of lossy repairs (`...` placeholders): refusal and retry context",
    build: (size) => fill("[1", ", ...", "]", size),
    expect: { rule: "Placeholder" },
  },
  {
    name: "python_literals_line",
    probes: "one long line of `True`/`None` repairs (cosmetic) with missing commas",
    build: (size) => fill("[True", " None", "]", size),
    expect: { rule: "PythonLiteral" },
  },
  {
    name: "quotes_only",
    probes: '`"` repeated: an empty string, then prose (a quoted word is never the value): E003',
    build: (size) => '"'.repeat(size),
    expect: { error: "E003" },
  },
  {
    name: "commas_only",
    probes: "`,` repeated (prose without a value)",
    build: (size) => ",".repeat(size),
    expect: { error: "E003" },
  },
  {
    name: "commas_in_array",
    probes: "`[,,,…]`: a SkippedCharacter repair per comma",
    build: (size) => fill("[", ",", "]", size),
    expect: { rule: "SkippedCharacter" },
  },
  {
    name: "mismatched_brackets",
    probes: "`[[1},[1},…]`: an array closed by `}`, a MismatchedBracket repair per element",
    build: (size) => fill("[[1}", ",[1}", "]", size),
    expect: { rule: "MismatchedBracket" },
  },
  {
    name: "unterminated_comment",
    probes: "`[1, /*` then no end: the comment runs to the end of the input",
    build: (size) => fill("[1, /*", "x", "", size),
    expect: { rule: "StripComment" },
  },
  {
    name: "line_comments",
    probes: "`[1, // c\\n` repeated: a StripComment repair per line",
    build: (size) => fill("[1", ", // c\n1", "]", size),
    expect: { rule: "StripComment" },
  },
  {
    name: "prose_words",
    probes: "prose without any value: `word word word…`",
    build: (size) => fill("", "word ", "", size),
    expect: { error: "E003" },
  },
  {
    name: "unquoted_strings",
    probes: "`[abc def, abc def, …]`: an UnquotedString per element",
    build: (size) => fill("[abc def", ", abc def", "]", size),
    expect: { rule: "UnquotedString" },
  },
  {
    name: "long_number",
    probes: "one number of `size` digits (Number() on the lexeme)",
    build: (size) => fill("[", "7", "]", size),
    expect: { rule: "NumberOutOfRange" },
  },
  {
    name: "many_long_numbers",
    probes: "`[1.00…01e-400, …]` numbers outside the fast path (a NumberOutOfRange check each)",
    build: (size) => fill("[0", ",0.0000000000000000000001e-400", "]", size),
    expect: { rule: "NumberOutOfRange" },
  },
  {
    name: "backticks",
    probes: "`` ` `` repeated: code fence lines that never hold a value",
    build: (size) => "`".repeat(size),
    expect: { error: "E003" },
  },
];

/**
 * The document sizes of the adversarial shapes: 100 KB and 1 MB (UTF-16 code units).
 *
 * @example
 * ```ts
 * import { ADVERSARIAL_SIZES } from "./inputs.ts";
 * console.log(ADVERSARIAL_SIZES.large / ADVERSARIAL_SIZES.small); // 10.24
 * ```
 */
export const ADVERSARIAL_SIZES = { small: 102_400, large: 1_048_576 } as const;

/**
 * A complete, valid, pretty-printed document of about `size` code units cut
 * from the standard valid input: its first records, re-serialized.
 *
 * @example
 * ```ts
 * import { streamDocument } from "./inputs.ts";
 * const valid = JSON.stringify([{ a: 1 }, { a: 2 }, { a: 3 }]);
 * console.log(streamDocument(valid, 30)); // [\n  {\n    "a": 1\n  },\n  {\n    "a": 2\n  }\n]
 * ```
 */
export function streamDocument(valid: string, size: number): string {
  const records = JSON.parse(valid) as unknown[];
  let count = 1;
  let document = JSON.stringify(records.slice(0, count), null, 2);
  while (count < records.length) {
    const next = JSON.stringify(records.slice(0, count + 1), null, 2);
    if (next.length > size) break;
    document = next;
    count++;
  }
  return document;
}

/**
 * Splits `text` into chunks of `size` code units (the last may be shorter).
 * Each chunk is a fresh flat string, as a network decoder hands them over: a
 * `slice` would be a V8 sliced string of the whole document, slower to read
 * and unlike what a streaming host receives.
 *
 * @example
 * ```ts
 * import { chunksOf } from "./inputs.ts";
 * console.log(chunksOf("abcdefg", 3)); // ["abc", "def", "g"]
 * ```
 */
export function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let k = 0; k < text.length; k += size) {
    chunks.push(JSON.parse(JSON.stringify(text.slice(k, k + size))));
  }
  return chunks;
}

/**
 * The streaming workload: a {@linkcode JsonStream} fed `chunks` one `push`
 * each, then `end()`.
 *
 * @example
 * ```ts
 * import { feedStream } from "./inputs.ts";
 * console.log(feedStream(['{"a"', ":1}"], { profile: "permissive" }).value); // { a: 1 }
 * ```
 */
export function feedStream(chunks: readonly string[], options: GateOptions): GateResult {
  const stream = new JsonStream(options);
  for (const chunk of chunks) stream.push(chunk);
  return stream.end();
}

/**
 * The streaming workload of a host that polls after every chunk: as
 * {@linkcode feedStream}, reading the snapshot's `final` and `complete` after
 * each `push` (the stream scans a chunk only once one could change them).
 *
 * @example
 * ```ts
 * import { feedStreamPolling } from "./inputs.ts";
 * console.log(feedStreamPolling(['{"a"', ":1}"], { profile: "permissive" }).value); // { a: 1 }
 * ```
 */
export function feedStreamPolling(chunks: readonly string[], options: GateOptions): GateResult {
  const stream = new JsonStream(options);
  let seen = 0;
  for (const chunk of chunks) {
    const snapshot = stream.push(chunk);
    seen += snapshot.final.length + (snapshot.complete ? 1 : 0);
  }
  if (seen < 0) throw new Error("unreachable");
  return stream.end();
}

/**
 * The streaming workload of a host that watches the value grow: as
 * {@linkcode feedStream}, reading the live `value` after each `push`, which
 * scans every chunk as it arrives.
 *
 * @example
 * ```ts
 * import { feedStreamWatching } from "./inputs.ts";
 * console.log(feedStreamWatching(['{"a"', ":1}"], { profile: "permissive" }).value); // { a: 1 }
 * ```
 */
export function feedStreamWatching(chunks: readonly string[], options: GateOptions): GateResult {
  const stream = new JsonStream(options);
  let seen = 0;
  for (const chunk of chunks) {
    if (stream.push(chunk).value !== undefined) seen++;
  }
  if (seen < 0) throw new Error("unreachable");
  return stream.end();
}

/**
 * The re-parsing workload a streaming parser replaces: `parse` called on the
 * whole prefix after every chunk (the way partial-JSON parsers are used).
 * Returns the last value parsed.
 *
 * @example
 * ```ts
 * import { reparsePrefixes } from "./inputs.ts";
 * console.log(reparsePrefixes(["[1", ",2]"], (t) => JSON.parse(t + (t.endsWith("]") ? "" : "]"))));
 * // [ 1, 2 ]
 * ```
 */
export function reparsePrefixes(
  chunks: readonly string[],
  parse: (prefix: string) => unknown,
): unknown {
  let prefix = "";
  let value: unknown = undefined;
  for (const chunk of chunks) {
    prefix += chunk;
    try {
      value = parse(prefix);
    } catch {
      // A prefix the parser cannot read yet: keep the last value.
    }
  }
  return value;
}

/**
 * A streaming shape: a document the streaming parser receives in 16-char
 * chunks. Total cost must be linear in its length.
 *
 * @example
 * ```ts
 * import type { StreamShape } from "./inputs.ts";
 * const shape: StreamShape = { name: "spaces", probes: "white space", build: (n) => " ".repeat(n) };
 * console.log(shape.build(3).length); // 3
 * ```
 */
export interface StreamShape {
  /** A stable name. */
  name: string;
  /** What the shape probes. */
  probes: string;
  /** Builds a document of about `size` code units. */
  build: (size: number) => string;
}

/**
 * The streaming shapes: one token or run that spans many chunks, and a root
 * object with very many members. The report divides time(100 KB) by
 * time(10 KB) and expects at most ~11.
 *
 * @example
 * ```ts
 * import { STREAM_SHAPES } from "./inputs.ts";
 * console.log(STREAM_SHAPES.find((s) => s.name === "long_number")!.build(8)); // [777777]
 * ```
 */
export const STREAM_SHAPES: readonly StreamShape[] = [
  {
    name: "long_string",
    probes: "one string spanning every chunk",
    build: (size) => fill('["', "x", '"]', size),
  },
  {
    name: "long_number",
    probes: "one number spanning every chunk",
    build: (size) => fill("[", "7", "]", size),
  },
  {
    name: "long_word",
    probes: "one unquoted word spanning every chunk",
    build: (size) => fill("[", "a", "]", size),
  },
  {
    name: "long_block_comment",
    probes: "one `/* … */` comment spanning every chunk",
    build: (size) => fill("[1, /*", "x", "*/]", size),
  },
  {
    name: "long_line_comment",
    probes: "one `// …` comment spanning every chunk",
    build: (size) => fill("[1, //", "x", "\n]", size),
  },
  {
    name: "quote_then_spaces",
    probes: "an inner quote followed by a run of spaces (the look-ahead spans every chunk)",
    build: (size) => fill('{"a":"x"', " ", 'y"}', size),
  },
  {
    name: "whitespace",
    probes: "a run of white space between tokens",
    build: (size) => fill("[", " ", "1]", size),
  },
  {
    name: "prose_before_value",
    probes: "prose before the value (skipped under `agent`, refused under `permissive`)",
    build: (size) => fill("", "word ", '{"a":1}', size),
  },
  {
    name: "long_unquoted_key",
    probes: "one unquoted key spanning every chunk",
    build: (size) => fill("{", "k", ":1}", size),
  },
  {
    name: "long_escape_run",
    probes: "a string of `\\n` escapes (each decoded across chunk ends)",
    build: (size) => fill('["', "\\n", '"]', size),
  },
  {
    name: "prose_long_word",
    probes: "one long word of prose before the value",
    build: (size) => fill("", "a", '{"a":1}', size),
  },
  {
    name: "fence_long_tag",
    probes: "a code fence whose language tag spans every chunk",
    build: (size) => fill("```", "a", '\n{"a":1}', size),
  },
  {
    name: "spaces_after_value",
    probes: "white space after the value (the epilogue)",
    build: (size) => fill('{"a":1}', " ", "", size),
  },
  {
    name: "top_level_members",
    probes: 'a root object with very many members `{"k0":0,"k1":1,…}` (each becomes final)',
    build: (size) => list("{", (k) => `"k${k}":${k}`, ",", "}", size),
  },
];

/**
 * The document sizes of the streaming shapes: 10 KB and 100 KB (UTF-16 code units).
 *
 * @example
 * ```ts
 * import { STREAM_SIZES } from "./inputs.ts";
 * console.log(STREAM_SIZES.small); // 10240
 * ```
 */
export const STREAM_SIZES = { small: 10_240, large: 102_400 } as const;
