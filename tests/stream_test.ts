/**
 * The streaming parser: fed in any chunks, `end()` answers exactly what one
 * `gate` call on the whole text answers (over JSONTestSuite, the standard
 * inputs and hand-written repair cases split at every point, under several
 * profiles and declarations); after each chunk the partial value, the final
 * members and `complete` are what engine/stream.ts documents; and the
 * stream's own contract (`push` after `end` throws, caller errors).
 *
 * @module
 */

import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import {
  CallerError,
  gate,
  type GateOptions,
  type GateResult,
  JsonStream,
  PROFILE_NAMES,
  type ProfileName,
  type StreamSnapshot,
} from "../mod.ts";
import { generateStandardInputs, GENERATOR } from "./fixtures/standard_inputs.ts";

const CORPUS = new URL("./fixtures/JSONTestSuite/test_parsing/", import.meta.url);

function exists(url: URL): boolean {
  try {
    Deno.statSync(url);
    return true;
  } catch {
    return false;
  }
}

/** `text` cut into chunks of `size` UTF-16 code units (a surrogate pair may be split). */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let k = 0; k < text.length; k += size) chunks.push(text.slice(k, k + size));
  return chunks;
}

/** Every way to feed `text` in two chunks, plus chunks of 1, 2 and 3. */
function everySplit(text: string): string[][] {
  const splits: string[][] = [];
  for (let k = 0; k <= text.length; k++) splits.push([text.slice(0, k), text.slice(k)]);
  for (const size of [1, 2, 3]) splits.push(chunksOf(text, size));
  return splits;
}

/**
 * Feeds `chunks` to a stream and ends it. A host that reads `error` after
 * every push (`reading`) makes the stream scan every chunk as it arrives;
 * one that does not leaves the chunks to be scanned together.
 */
function streamed(chunks: readonly string[], options: GateOptions, reading = true): GateResult {
  const stream = new JsonStream(options);
  for (const chunk of chunks) {
    const snapshot = stream.push(chunk);
    if (reading) void snapshot.error;
  }
  return stream.end();
}

/** The fields that differ between two results. */
function differing(a: GateResult, b: GateResult): string[] {
  return Object.keys(a).filter((key) =>
    !isDeepStrictEqual(a[key as keyof GateResult], b[key as keyof GateResult])
  );
}

/**
 * Asserts that every way of feeding `text` ends exactly as `gate(text)` does (every field,
 * `syntax_ready_permille` and the retry prompt included); returns how many streams were compared.
 */
function assertStreamsEqualGate(
  name: string,
  text: string,
  options: GateOptions,
  feeds: readonly (readonly string[])[],
): number {
  const whole = gate(text, options);
  for (const chunks of feeds) {
    for (const reading of [true, false]) {
      const result = streamed(chunks, options, reading);
      if (isDeepStrictEqual(result, whole)) continue;
      assert.deepEqual(
        result,
        whole,
        `${name} ${JSON.stringify(options)} in ${chunks.length} chunks${
          reading ? ", read after each" : ""
        }: ${differing(result, whole).join(", ")}`,
      );
    }
  }
  return feeds.length;
}

/** What a host reads of a snapshot after a push: `value`, `final`, `complete`. */
function readSnapshot(
  snapshot: StreamSnapshot,
  first: "value" | "final",
): [unknown, string[], boolean] {
  if (first === "value") {
    const value = snapshot.value;
    return [value, [...snapshot.final], snapshot.complete];
  }
  const final = [...snapshot.final], complete = snapshot.complete;
  return [snapshot.value, final, complete];
}

/**
 * Asserts that reading `value`, `final` and `complete` alone (the stream may
 * leave chunks unscanned that cannot change what is read) sees, after every
 * push, exactly what a stream that scans every chunk sees (it reads `error`
 * first, which scans); hosts differ in what they read first, so both orders
 * are fed alongside. Returns how many feeds were compared.
 */
function assertPollingExact(
  name: string,
  options: GateOptions,
  feeds: readonly (readonly string[])[],
): number {
  for (const chunks of feeds) {
    const scanning = new JsonStream(options);
    const valueFirst = new JsonStream(options), finalFirst = new JsonStream(options);
    const readers = [
      { stream: valueFirst, first: "value" },
      { stream: finalFirst, first: "final" },
    ] as const;
    chunks.forEach((chunk, k) => {
      void scanning.push(chunk).error;
      const expected = readSnapshot(scanning, "value");
      for (const { stream, first } of readers) {
        const seen = readSnapshot(stream.push(chunk), first);
        if (isDeepStrictEqual(seen, expected)) continue;
        assert.deepEqual(
          seen,
          expected,
          `${name} ${
            JSON.stringify(options)
          } in ${chunks.length} chunks, after chunk ${k}, ${first} read first`,
        );
      }
    });
  }
  return feeds.length;
}

// ------------------------------------------------------------ equivalence

const CORPUS_OPTIONS: readonly GateOptions[] = [
  { profile: "permissive" },
  { profile: "agent" },
  { profile: "strict" },
  { profile: "agent", schema: "{a:any,!b:integer}" },
  { profile: "permissive", schemaJson: { type: "array", items: { type: "number" } } },
];

/** One corpus document: its file name and its text. */
interface CorpusDocument {
  name: string;
  text: string;
}

function corpusDocuments(): CorpusDocument[] {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const documents: CorpusDocument[] = [];
  for (const entry of Deno.readDirSync(CORPUS)) {
    if (!/^[yni]_.*\.json$/.test(entry.name)) continue;
    documents.push({
      name: entry.name,
      text: decoder.decode(Deno.readFileSync(new URL(encodeURIComponent(entry.name), CORPUS))),
    });
  }
  return documents.sort((a, b) => (a.name < b.name ? -1 : 1));
}

Deno.test({
  name: "stream ≡ gate: every JSONTestSuite file in chunks of 1, 7 and 4096",
  async fn(t) {
    assert.ok(exists(CORPUS), `the vendored corpus is missing: ${CORPUS.pathname}`);
    const documents = corpusDocuments();
    assert.ok(documents.length >= 300, `${documents.length} corpus files`);
    let compared = 0;
    for (const { name, text } of documents) {
      await t.step(name, () => {
        const feeds = [1, 7, 4096].map((size) => chunksOf(text, size));
        for (const options of CORPUS_OPTIONS) {
          compared += assertStreamsEqualGate(name, text, options, feeds);
          if (text.length <= 20_000) assertPollingExact(name, options, feeds.slice(0, 2));
        }
      });
    }
    assert.ok(compared > 4500);
  },
});

Deno.test({
  name: "stream ≡ gate: the three standard inputs in chunks of 1, 7 and 4096",
  async fn(t) {
    assert.ok(exists(GENERATOR), `the generator is missing: ${GENERATOR.pathname}`);
    const { valid, damaged, truncated } = await generateStandardInputs(65_536);
    const expected: readonly { file: string; text: string; decision: string }[] = [
      { file: "a_valid.json", text: valid, decision: "safe" },
      { file: "b_damaged.txt", text: damaged, decision: "cosmetic_repair" },
      { file: "c_truncated.txt", text: truncated, decision: "lossy_repair" },
    ];
    for (const { file, text, decision } of expected) {
      await t.step(`${file}: ${decision}`, () => {
        const feeds = [1, 7, 4096].map((size) => chunksOf(text, size));
        for (const profile of ["agent", "permissive", "strict"] as const) {
          assert.equal(gate(text, { profile }).decision, decision, file);
          assertStreamsEqualGate(file, text, { profile }, feeds);
          assertPollingExact(file, { profile }, feeds.slice(1));
        }
      });
    }
  },
});

/** A named input that a stream is fed in pieces. */
interface StreamCase {
  name: string;
  text: string;
}

/** Hand-written repair cases, each fed split at every point and in chunks of 1, 2, 3. */
const HAND_CASES: readonly StreamCase[] = [
  { name: "a json fence", text: '```json\n{"a":1}\n```' },
  { name: "a bare fence and a newline", text: "```\n[1,2]\n```\n" },
  { name: "prose before the value", text: 'Here are the args:\n{"a":1}' },
  { name: "comments of every kind", text: '{"a":1 /* one */, // two\n "b":2 # three\n}' },
  { name: "an unclosed comment", text: "[1, /* unclosed comment" },
  { name: "a BOM", text: '\ufeff{"a":1}' },
  { name: "CRLF and a raw tab", text: '{\r\n "a": "x\ty"\r\n}' },
  { name: "a raw newline in a string", text: '["a\nb"]' },
  // Every truncation kind.
  { name: "a cut string", text: '{"a":"abc' },
  { name: "a cut escape", text: '{"a":"abc\\' },
  { name: "a cut \\u escape", text: '{"a":"\\u00' },
  { name: "a cut \\u escape, three digits", text: '{"a":"\\u00e' },
  { name: "a cut literal", text: '{"a":tr' },
  { name: "a cut Python literal", text: '{"a":Tr' },
  { name: "a cut null", text: '{"a":nul' },
  { name: "a lone minus", text: '{"a":-' },
  { name: "a cut fraction", text: '{"a":1.' },
  { name: "a cut exponent", text: '{"a":1e' },
  { name: "a cut exponent sign", text: '{"a":1e+' },
  { name: "a cut number", text: '{"a":12' },
  { name: "a cut before the value", text: '{"a":' },
  { name: "a cut before the colon", text: '{"a"' },
  { name: "a cut key", text: '{"a' },
  { name: "a longer cut key", text: '{"alpha":1,"betaGam' },
  // Keys cut by a chunk end and resumed in the next: the key cache must
  // match across the cut, and anything but a plain key reads it again whole.
  {
    name: "repeated keys at every depth",
    text: '{"alpha":{"alpha":1,"beta":[{"alpha":2}]},"beta":3}',
  },
  { name: "a key whose escape follows the cut", text: '{"abcdef":1,"abc\\u0064ef":2}' },
  { name: "keys differing by case after the cut", text: '{"userId":1,"userID":2}' },
  { name: "keys differing by case, the capital before the cut", text: '{"x":0,"Abc":1,"abc":2}' },
  { name: "a key with a raw tab after the cut", text: '{"abc\tdef":1}' },
  {
    name: "a key longer than the key cache takes",
    text: `{"${"k".repeat(70)}":1,"${"k".repeat(70)}":2}`,
  },
  { name: "a key then white space before the colon", text: '{"alpha"  :  1, "beta"\n:2}' },
  { name: "a key with non-ASCII text", text: '{"caf\u00e9":1,"café":2,"日本語キー":3}' },
  { name: "an open object", text: "{" },
  { name: "an open array", text: "[" },
  { name: "a cut after a comma", text: "[1," },
  { name: "nested open containers", text: '{"a":[1,{"b":' },
  { name: "a cut after a member", text: '{"a":1,' },
  // Surrogates, escapes, placeholders, literals: every split point cuts them.
  { name: "an emoji (a surrogate pair)", text: '["😀"]' },
  { name: "an emoji inside a string", text: '{"x":"a😀b"}' },
  { name: "an escaped surrogate pair", text: '["\\ud83d\\ude00"]' },
  { name: "an escaped lone surrogate", text: '["\\ud83d"]' },
  { name: "a raw lone surrogate", text: '["\ud83d"]' },
  { name: "\\u escapes", text: '["\\u00e9\\u0041"]' },
  { name: "a placeholder in an array", text: "[1,2,...]" },
  { name: "a placeholder in an object", text: '{"a":1,...}' },
  { name: "an ellipsis character", text: "[1, …]" },
  { name: "only a placeholder", text: "[...]" },
  { name: "two dots", text: "[1,..]" },
  { name: "JSON literals", text: "[true,false,null]" },
  { name: "Python literals", text: "[True,False,None]" },
  { name: "undefined", text: '{"a":undefined}' },
  { name: "non-finite numbers", text: "[NaN,Infinity,-Infinity]" },
  { name: "number notations", text: "[+1,.5,0x1F,007,1.,-0]" },
  // Numbers and literals cut by a chunk end go on from what was read so far;
  // anything but a plain decimal number or a JSON literal is read again whole.
  {
    name: "plain numbers",
    text: "[0,7,-1,12.5,-0.125,1234567.875,0.0001,100000000000000,-45.354401]",
  },
  {
    name: "numbers past the fast path",
    text: "[1234567890123456789,0.12345678901234567891,1e23,-1.5e-7]",
  },
  { name: "negative zeros in a repaired value", text: "[-0,-0.0,-0.000,0.0,]" },
  { name: "a number then a word or a second dot", text: "[12abc,1.2.3,0x,1-2,00]" },
  { name: "literals then words", text: "[truex,nullable,false_,tru,nul,fals]" },
  { name: "words that begin like literals", text: "[trap,nope,fail,nulx]" },
  { name: "literals as members", text: '{"a":true,"b":false,"c":null,"d":[null,true]}' },
  { name: "an unsafe integer", text: "[9007199254740993]" },
  { name: "a number out of range", text: "[1e400]" },
  // Quotes and structure.
  { name: "single quotes", text: "{'a':'b'}" },
  { name: "typographic quotes", text: "{“a”:“b”}" },
  { name: "unescaped inner quotes", text: '{"a":"say "hi" now"}' },
  { name: "an escaped single quote", text: "['it\\'s']" },
  { name: "a missing comma", text: '{"a":1 "b":2}' },
  { name: "an unquoted key", text: "{a:1}" },
  { name: "a missing colon", text: '{"a" 1}' },
  // Two inferred tokens in one member (R053), split at every point.
  { name: "a missing comma and colon", text: '{"a":1 "b" 2}' },
  { name: "a missing comma and colon across lines", text: '{"a":1\n"b" 2}' },
  { name: "a bare key without its colon", text: '{"a":1, bc 2}' },
  { name: "a missing colon and a wrong closer", text: '{"t" ["a", "b"}, "n": 2}' },
  { name: "a missing comma and a wrong closer", text: '{"x":1\n"t": [1, 2}, "n": 2}' },
  { name: "a missing colon and bare text", text: '{"city" New York}' },
  // A reasoning block with a draft, the value on its closing line.
  {
    name: "a reasoning block closed on the value's line",
    text: '<think>maybe {"a": 2}</think>{"a": 1}',
  },
  // A quoted part at a string's end (R063 through a doubled quote), and a doubled quote refused.
  { name: "a quoted part before a comma", text: '{"q": "name = "bob"", "n": 5}' },
  { name: "a quoted part before the closer", text: '["He said "hi""]' },
  { name: "a doubled quote with no inner quote", text: '{"a": "x"", "b": 1}' },
  // A document escaped once (R067), and escaped and raw quotes mixed.
  { name: "a document escaped once", text: '{\\"a\\": 1}' },
  { name: "an array escaped once", text: '[\\"x\\", {\\"k\\": \\"a\\\\nb\\"}]' },
  { name: "escaped and raw quotes mixed", text: '{\\"a\\": 1, "b": 2}' },
  { name: "a mismatched bracket", text: "[1,2}" },
  { name: "a skipped character", text: "[1,@2]" },
  { name: "an unquoted string", text: '{"a":hello}' },
  // Hazards.
  { name: "a duplicate key", text: '{"a":1,"a":2}' },
  { name: "keys differing by case", text: '{"id":1,"ID":2}' },
  { name: "a bidi control", text: '["a\\u202Eb"]' },
  { name: "a zero-width character in a key", text: '{"a\\u200B":1}' },
  { name: "non-JSON white space", text: "[1,\u00a02]" },
  // No value, scalars, depth.
  { name: "empty", text: "" },
  { name: "white space", text: "   " },
  { name: "prose only", text: "no json here" },
  { name: "a root string", text: '"just a string"' },
  { name: "a root number", text: "42" },
  { name: "a root literal", text: "true" },
  { name: "deep nesting", text: "[[[[[[1]]]]]]" },
];

/**
 * Input after the value: the scanner stops reading at it, yet every later chunk still counts
 * toward the length (`syntax_ready_permille`), the retry prompt's context and `max_input`.
 */
const TRAILING_CASES: readonly StreamCase[] = [
  { name: "prose after the value", text: '{"a":1}\nHope this helps!' },
  { name: "prose around a fence", text: 'Sure! ```json\n{"a": [1, 2]}\n``` Done.' },
  { name: "a closing bracket too many", text: '{"a":1}}' },
  { name: "two documents", text: '{"a":1}{"b":2}' },
  { name: "two documents and a comma", text: '{"a":1},{"b":2}' },
  { name: "two arrays", text: "[][]" },
];

const HAND_OPTIONS: readonly GateOptions[] = [
  ...PROFILE_NAMES.map((profile) => ({ profile })),
  { profile: "agent", schema: "{!a:any}" },
  { profile: "permissive", schema: "{a:integer,x:string}" },
  { profile: "strict", maxDepth: 3 },
];

Deno.test("stream ≡ gate: hand-written repair cases split at every point, under every profile", async (t) => {
  let compared = 0;
  for (const { name, text } of HAND_CASES) {
    await t.step(name, () => {
      for (const options of HAND_OPTIONS) {
        compared += assertStreamsEqualGate(name, text, options, everySplit(text));
      }
    });
  }
  assert.ok(compared > 5000);
});

/**
 * Where polling may skip a scan: inside nested containers (closing brackets
 * in strings, comments and keys too), inside strings of the root object
 * (escaped and typographic quotes, a closing quote whose next character is
 * not read yet), and every way a member ends.
 */
const POLLING_CASES: readonly StreamCase[] = [
  { name: "nested containers in members", text: '{"a":{"b":[1,{"c":2}],"d":3},"e":[[]],"f":{}}' },
  { name: "closing brackets inside nested strings", text: '{"a":{"b":"]}","c":["}]"]},"d":1}' },
  {
    name: "closing brackets in a comment inside a member",
    text: '{"a":[1, // ]}\n2],"b":{/* } */}}',
  },
  { name: "a root array of objects", text: '[{"a":1},{"b":[2]},3,"x"]' },
  { name: "strings of the root object", text: '{"a":"plain","b":"esc\\"aped","c":"x" ,"d":"y"\n}' },
  { name: "single and typographic quotes", text: "{'a':'x\"y','b':“z”,'c':[1]}" },
  {
    name: "members of every kind",
    text: '{"a":1,"b":true,"c":null,"d":"s","e":[],"f":{},"g":-2.5}',
  },
  { name: "a truncated member", text: '{"a":{"b":[1,2' },
  { name: "a lookahead that keeps a closing bracket", text: '{"a":[.},"b":[1,.]],"c":{"d":..}}' },
  { name: "a root array closed inside a lookahead", text: "僨[.}47" },
  { name: "repairs in members", text: '{"a":[1,2,],"b":{c:1},"d":\'q\'}' },
];

Deno.test("stream polling: value, final and complete read alone equal a stream that scans every chunk", async (t) => {
  let compared = 0;
  const options: readonly GateOptions[] = [
    ...HAND_OPTIONS,
    { profile: "agent", schema: "{a:any,b:any,c:any}" },
  ];
  for (const { name, text } of [...POLLING_CASES, ...HAND_CASES, ...TRAILING_CASES]) {
    await t.step(name, () => {
      for (const option of options) compared += assertPollingExact(name, option, everySplit(text));
    });
  }
  assert.ok(compared > 5000);
});

Deno.test("stream polling: final and complete follow nested containers and root strings chunk by chunk", () => {
  const stream = new JsonStream();
  stream.push('{"a":{"b":[1,');
  assert.deepEqual([stream.final, stream.complete], [[], false]);
  // No closing bracket: nothing can settle, and nothing is scanned yet.
  stream.push("2,3,");
  assert.deepEqual([stream.final, stream.complete], [[], false]);
  // The live value shows what was scanned: reading it scans the rest.
  assert.deepEqual(stream.value, { a: { b: [1, 2, 3] } });
  stream.push('4]},"c":"lo');
  assert.deepEqual([stream.final, stream.complete], [["a"], false]);
  stream.push("ng text");
  assert.deepEqual([stream.final, stream.complete], [["a"], false]);
  stream.push('"}');
  assert.deepEqual([stream.final, stream.complete], [["a", "c"], true]);
});

Deno.test("stream ≡ gate: input after the value split at every point, under every profile", async (t) => {
  let compared = 0;
  for (const { name, text } of TRAILING_CASES) {
    await t.step(name, () => {
      for (const options of HAND_OPTIONS) {
        compared += assertStreamsEqualGate(name, text, options, everySplit(text));
      }
    });
  }
  assert.ok(compared > 500);
});

Deno.test("stream ≡ gate: max_input counts every chunk, also after the scanner stops", () => {
  // Prose after the value: E021 outranks the value read before it.
  const long = '{"a":1} thanks' + "x".repeat(100);
  assertStreamsEqualGate("prose past max_input", long, { maxInput: 50 }, [
    [long.slice(0, 10), long.slice(10)],
    chunksOf(long, 7),
  ]);
  assert.equal(gate(long, { maxInput: 50 }).error?.code, "E021");
  // E020 stops the scanner; E021 still outranks it.
  const deep = "[".repeat(600) + "]".repeat(600) + "x".repeat(100);
  assertStreamsEqualGate("depth past max_depth and max_input", deep, { maxInput: 1250 }, [
    [deep.slice(0, 650), deep.slice(650)],
  ]);
  assert.equal(gate(deep, { maxInput: 1250 }).error?.code, "E021");
});

/** Placeholders followed by a comma: the comma belongs to the placeholder wherever the cut. */
const PLACEHOLDER_CASES: readonly StreamCase[] = [
  { name: "a placeholder between elements", text: "[1,...,2]" },
  { name: "a placeholder as the first element", text: "[...,1]" },
  { name: "a placeholder between members", text: '{"a":1,...,"b":2}' },
  { name: "a placeholder as a member value", text: '{"a":...,"b":1}' },
];

Deno.test("stream ≡ gate: a placeholder followed by a comma, split at every point", async (t) => {
  for (const { name, text } of PLACEHOLDER_CASES) {
    await t.step(name, () => {
      for (const options of HAND_OPTIONS) {
        assertStreamsEqualGate(name, text, options, everySplit(text));
      }
    });
  }
});

// ------------------------------------------------------- after each chunk

/** What a test pins of a snapshot (the value copied, `final` copied). */
interface Seen {
  value: unknown;
  final: string[];
  complete: boolean;
}

function feed(chunks: readonly string[], options: GateOptions = {}): Seen[] {
  const stream = new JsonStream(options);
  return chunks.map((chunk) => {
    const snapshot = stream.push(chunk);
    return {
      value: snapshot.value === undefined ? undefined : structuredClone(snapshot.value),
      final: [...snapshot.final],
      complete: snapshot.complete,
    };
  });
}

/** The behaviour, the chunks, the options, and what the stream shows after each chunk. */
const SNAPSHOTS: readonly {
  behaviour: string;
  chunks: string[];
  options: GateOptions;
  seen: Seen[];
}[] = [
  {
    behaviour: "a number is shown only once its delimiter arrives",
    chunks: ['{"a":[1,2', ",3", "]", "}"],
    options: {},
    seen: [
      { value: { a: [1] }, final: [], complete: false },
      { value: { a: [1, 2] }, final: [], complete: false },
      { value: { a: [1, 2, 3] }, final: ["a"], complete: false },
      { value: { a: [1, 2, 3] }, final: ["a"], complete: true },
    ],
  },
  {
    // A quote followed by more text may be an unescaped inner quote
    // (`"x" y"` reads as `x" y`), so the string waits for the next non-space.
    behaviour: "a string is shown once the character after its closing quote decides it",
    chunks: ['{"a":"x', '"', " ", ',"b":1', "}"],
    options: {},
    seen: [
      { value: {}, final: [], complete: false },
      { value: {}, final: [], complete: false },
      { value: {}, final: [], complete: false },
      { value: { a: "x" }, final: ["a"], complete: false },
      { value: { a: "x", b: 1 }, final: ["a", "b"], complete: true },
    ],
  },
  {
    behaviour: "a literal is shown only once its delimiter arrives",
    chunks: ['{"c":tr', "ue", "}"],
    options: {},
    seen: [
      { value: {}, final: [], complete: false },
      { value: {}, final: [], complete: false },
      { value: { c: true }, final: ["c"], complete: true },
    ],
  },
  {
    behaviour: "an escape split across chunks is decoded whole",
    chunks: ['{"x":"\\u00', 'e9"}'],
    options: {},
    seen: [
      { value: {}, final: [], complete: false },
      { value: { x: "é" }, final: ["x"], complete: true },
    ],
  },
  {
    behaviour: "a surrogate pair split across chunks is joined",
    chunks: ['{"x":"\ud83d', '\ude00"}'],
    options: {},
    seen: [
      { value: {}, final: [], complete: false },
      { value: { x: "😀" }, final: ["x"], complete: true },
    ],
  },
  {
    behaviour: "a placeholder split across chunks is dropped",
    chunks: ['{"x":[1,..', ".]}"],
    options: { profile: "permissive" },
    seen: [
      { value: { x: [1] }, final: [], complete: false },
      { value: { x: [1] }, final: ["x"], complete: true },
    ],
  },
  {
    behaviour: "declared members are listed in the order they become final, not the declared order",
    chunks: ['{"a":12', '3,"b":"s"}'],
    options: { schema: "{!b:string,!a:integer}" },
    seen: [
      { value: {}, final: [], complete: false },
      { value: { a: 123, b: "s" }, final: ["a", "b"], complete: true },
    ],
  },
  {
    behaviour: "undeclared and nested members are not listed",
    chunks: ['{"a":1,"b":{"c":1}', ',"d":2}'],
    options: { schema: "{!d:integer,b:object}" },
    seen: [
      { value: { a: 1, b: { c: 1 } }, final: ["b"], complete: false },
      { value: { a: 1, b: { c: 1 }, d: 2 }, final: ["b", "d"], complete: true },
    ],
  },
  {
    behaviour: "without an object declaration every top-level member is listed, once",
    chunks: ['{"a":1,"a":2,', '"b":[1]}'],
    options: { profile: "permissive", schema: "any" },
    seen: [
      { value: { a: 2 }, final: ["a"], complete: false },
      { value: { a: 2, b: [1] }, final: ["a", "b"], complete: true },
    ],
  },
  {
    behaviour: "complete flips at the root's closing bracket, not at a nested one",
    chunks: ["[1,[2", "]", "]", "  "],
    options: {},
    seen: [
      { value: [1, []], final: [], complete: false },
      { value: [1, [2]], final: [], complete: false },
      { value: [1, [2]], final: [], complete: true },
      { value: [1, [2]], final: [], complete: true },
    ],
  },
  {
    behaviour: "a root number is shown, and complete, once its delimiter arrives",
    chunks: ["12", "3", " "],
    options: {},
    seen: [
      { value: undefined, final: [], complete: false },
      { value: undefined, final: [], complete: false },
      { value: 123, final: [], complete: true },
    ],
  },
  {
    behaviour: "a root string followed by white space only is not decided before the end",
    chunks: ['"ab', 'c"', "  "],
    options: {},
    seen: [
      { value: undefined, final: [], complete: false },
      { value: undefined, final: [], complete: false },
      { value: undefined, final: [], complete: false },
    ],
  },
];

Deno.test("stream snapshot: what each chunk shows, and the end is the gate's answer", async (t) => {
  for (const { behaviour, chunks, options, seen } of SNAPSHOTS) {
    await t.step(behaviour, () => {
      assert.deepEqual(feed(chunks, options), seen);
      // And the end is the gate's answer on the whole text.
      assert.deepEqual(streamed(chunks, options), gate(chunks.join(""), options));
    });
  }
});

Deno.test("stream snapshot: the value is live, later chunks extend the same objects", () => {
  const stream = new JsonStream();
  const first = stream.push('{"a":[1,');
  const list = (first.value as { a: number[] }).a;
  const second = stream.push('2],"b":true}');
  assert.equal(second.value, first.value);
  assert.equal((second.value as { a: number[] }).a, list);
  assert.deepEqual(list, [1, 2]);
  assert.equal(stream.end().value, first.value);
});

Deno.test("stream snapshot: received counts UTF-16 code units so far", () => {
  const stream = new JsonStream();
  assert.equal(stream.push('["').received, 2);
  assert.equal(stream.push("😀").received, 4);
  assert.equal(stream.push('"]').received, 6);
  assert.equal(stream.end().value?.toString(), "😀");
});

Deno.test("stream: a root scalar becomes the value at the end", () => {
  assert.deepEqual(streamed(['"ab', 'c"'], {}).value, "abc");
  assert.deepEqual(streamed(["12", "3"], {}).value, 123);
  assert.deepEqual(streamed(["tr", "ue"], {}).value, true);
});

Deno.test("stream: push after end throws, and end is idempotent", () => {
  const stream = new JsonStream();
  stream.push('{"a":1}');
  const result = stream.end();
  assert.equal(stream.end(), result);
  assert.throws(() => stream.push(" "), /push\(\) after end\(\)/);
  assert.equal(stream.end(), result);
});

/** A stream that cannot start: the options and the caller error's code. */
const BAD_STREAMS: readonly { behaviour: string; options: GateOptions; code: string }[] = [
  { behaviour: "an unknown profile", options: { profile: "loose" as ProfileName }, code: "E050" },
  { behaviour: "max_depth above its ceiling", options: { maxDepth: 1_000_000 }, code: "E050" },
  { behaviour: "a malformed declaration", options: { schema: "{!a:" }, code: "E070" },
  {
    behaviour: "both schema and schema_json",
    options: { schema: "{!a:any}", schemaJson: {} },
    code: "E070",
  },
  {
    behaviour: "an unsupported JSON Schema keyword",
    options: { schemaJson: { oneOf: [] } },
    code: "E070",
  },
];

Deno.test("stream caller error: thrown by the constructor, as gate throws", async (t) => {
  for (const { behaviour, options, code } of BAD_STREAMS) {
    await t.step(behaviour, () => {
      const thrown = (call: () => unknown): CallerError => {
        try {
          call();
        } catch (error) {
          if (error instanceof CallerError) return error;
          throw error;
        }
        throw new assert.AssertionError({ message: `${behaviour}: nothing was thrown` });
      };
      const fromStream = thrown(() => new JsonStream(options));
      const fromGate = thrown(() => gate('{"a":1}', options));
      assert.equal(fromStream.code, code);
      assert.deepEqual(
        [fromStream.code, fromStream.pointer, fromStream.message],
        [fromGate.code, fromGate.pointer, fromGate.message],
      );
    });
  }
});

Deno.test("stream: a limit hit mid-stream is reported after that chunk", () => {
  const stream = new JsonStream({ maxDepth: 2 });
  assert.equal(stream.push("[[").error, null);
  assert.equal(stream.push("[1]]]").error?.code, "E020");
  const result = stream.end();
  assert.equal(result.error?.code, "E020");
  assert.deepEqual(result, gate("[[[1]]]", { maxDepth: 2 }));
});
