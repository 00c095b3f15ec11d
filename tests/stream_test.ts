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
    chunks.forEach((chunk, k) => {
      void scanning.push(chunk).error;
      const expected = readSnapshot(scanning, "value");
      for (const [stream, first] of [[valueFirst, "value"], [finalFirst, "final"]] as const) {
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

function corpusDocuments(): [string, string][] {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const documents: [string, string][] = [];
  for (const entry of Deno.readDirSync(CORPUS)) {
    if (!/^[yni]_.*\.json$/.test(entry.name)) continue;
    documents.push([
      entry.name,
      decoder.decode(Deno.readFileSync(new URL(encodeURIComponent(entry.name), CORPUS))),
    ]);
  }
  return documents.sort(([a], [b]) => (a < b ? -1 : 1));
}

Deno.test({
  name: "stream ≡ gate: every JSONTestSuite file in chunks of 1, 7 and 4096",
  fn() {
    assert.ok(exists(CORPUS), `the vendored corpus is missing: ${CORPUS.pathname}`);
    const documents = corpusDocuments();
    assert.ok(documents.length >= 300, `${documents.length} corpus files`);
    let compared = 0;
    for (const [name, text] of documents) {
      const feeds = [1, 7, 4096].map((size) => chunksOf(text, size));
      for (const options of CORPUS_OPTIONS) {
        compared += assertStreamsEqualGate(name, text, options, feeds);
        if (text.length <= 20_000) assertPollingExact(name, options, feeds.slice(0, 2));
      }
    }
    assert.ok(compared > 4500);
  },
});

Deno.test({
  name: "stream ≡ gate: the three standard inputs in chunks of 1, 7 and 4096",
  async fn() {
    assert.ok(exists(GENERATOR), `the generator is missing: ${GENERATOR.pathname}`);
    const { valid, damaged, truncated } = await generateStandardInputs(65_536);
    const expected: [string, string, string][] = [
      ["a_valid.json", valid, "safe"],
      ["b_damaged.txt", damaged, "cosmetic_repair"],
      ["c_truncated.txt", truncated, "lossy_repair"],
    ];
    for (const [file, text, decision] of expected) {
      const feeds = [1, 7, 4096].map((size) => chunksOf(text, size));
      for (const profile of ["agent", "permissive", "strict"] as const) {
        assert.equal(gate(text, { profile }).decision, decision, file);
        assertStreamsEqualGate(file, text, { profile }, feeds);
        assertPollingExact(file, { profile }, feeds.slice(1));
      }
    }
  },
});

/** Hand-written repair cases, each fed split at every point and in chunks of 1, 2, 3. */
const HAND_CASES: readonly [string, string][] = [
  ["a json fence", '```json\n{"a":1}\n```'],
  ["a bare fence and a newline", "```\n[1,2]\n```\n"],
  ["prose before the value", 'Here are the args:\n{"a":1}'],
  ["comments of every kind", '{"a":1 /* one */, // two\n "b":2 # three\n}'],
  ["an unclosed comment", "[1, /* unclosed comment"],
  ["a BOM", '\ufeff{"a":1}'],
  ["CRLF and a raw tab", '{\r\n "a": "x\ty"\r\n}'],
  ["a raw newline in a string", '["a\nb"]'],
  // Every truncation kind.
  ["a cut string", '{"a":"abc'],
  ["a cut escape", '{"a":"abc\\'],
  ["a cut \\u escape", '{"a":"\\u00'],
  ["a cut \\u escape, three digits", '{"a":"\\u00e'],
  ["a cut literal", '{"a":tr'],
  ["a cut Python literal", '{"a":Tr'],
  ["a cut null", '{"a":nul'],
  ["a lone minus", '{"a":-'],
  ["a cut fraction", '{"a":1.'],
  ["a cut exponent", '{"a":1e'],
  ["a cut exponent sign", '{"a":1e+'],
  ["a cut number", '{"a":12'],
  ["a cut before the value", '{"a":'],
  ["a cut before the colon", '{"a"'],
  ["a cut key", '{"a'],
  ["a longer cut key", '{"alpha":1,"betaGam'],
  // Keys cut by a chunk end and resumed in the next: the key cache must
  // match across the cut, and anything but a plain key reads it again whole.
  ["repeated keys at every depth", '{"alpha":{"alpha":1,"beta":[{"alpha":2}]},"beta":3}'],
  ["a key whose escape follows the cut", '{"abcdef":1,"abc\\u0064ef":2}'],
  ["keys differing by case after the cut", '{"userId":1,"userID":2}'],
  ["keys differing by case, the capital before the cut", '{"x":0,"Abc":1,"abc":2}'],
  ["a key with a raw tab after the cut", '{"abc\tdef":1}'],
  ["a key longer than the key cache takes", `{"${"k".repeat(70)}":1,"${"k".repeat(70)}":2}`],
  ["a key then white space before the colon", '{"alpha"  :  1, "beta"\n:2}'],
  ["a key with non-ASCII text", '{"caf\u00e9":1,"café":2,"日本語キー":3}'],
  ["an open object", "{"],
  ["an open array", "["],
  ["a cut after a comma", "[1,"],
  ["nested open containers", '{"a":[1,{"b":'],
  ["a cut after a member", '{"a":1,'],
  // Surrogates, escapes, placeholders, literals: every split point cuts them.
  ["an emoji (a surrogate pair)", '["😀"]'],
  ["an emoji inside a string", '{"x":"a😀b"}'],
  ["an escaped surrogate pair", '["\\ud83d\\ude00"]'],
  ["an escaped lone surrogate", '["\\ud83d"]'],
  ["a raw lone surrogate", '["\ud83d"]'],
  ["\\u escapes", '["\\u00e9\\u0041"]'],
  ["a placeholder in an array", "[1,2,...]"],
  ["a placeholder in an object", '{"a":1,...}'],
  ["an ellipsis character", "[1, …]"],
  ["only a placeholder", "[...]"],
  ["two dots", "[1,..]"],
  ["JSON literals", "[true,false,null]"],
  ["Python literals", "[True,False,None]"],
  ["undefined", '{"a":undefined}'],
  ["non-finite numbers", "[NaN,Infinity,-Infinity]"],
  ["number notations", "[+1,.5,0x1F,007,1.,-0]"],
  // Numbers and literals cut by a chunk end go on from what was read so far;
  // anything but a plain decimal number or a JSON literal is read again whole.
  ["plain numbers", "[0,7,-1,12.5,-0.125,1234567.875,0.0001,100000000000000,-45.354401]"],
  ["numbers past the fast path", "[1234567890123456789,0.12345678901234567891,1e23,-1.5e-7]"],
  ["negative zeros in a repaired value", "[-0,-0.0,-0.000,0.0,]"],
  ["a number then a word or a second dot", "[12abc,1.2.3,0x,1-2,00]"],
  ["literals then words", "[truex,nullable,false_,tru,nul,fals]"],
  ["words that begin like literals", "[trap,nope,fail,nulx]"],
  ["literals as members", '{"a":true,"b":false,"c":null,"d":[null,true]}'],
  ["an unsafe integer", "[9007199254740993]"],
  ["a number out of range", "[1e400]"],
  // Quotes and structure.
  ["single quotes", "{'a':'b'}"],
  ["typographic quotes", "{“a”:“b”}"],
  ["unescaped inner quotes", '{"a":"say "hi" now"}'],
  ["an escaped single quote", "['it\\'s']"],
  ["a missing comma", '{"a":1 "b":2}'],
  ["an unquoted key", "{a:1}"],
  ["a missing colon", '{"a" 1}'],
  ["a mismatched bracket", "[1,2}"],
  ["a skipped character", "[1,@2]"],
  ["an unquoted string", '{"a":hello}'],
  // Hazards.
  ["a duplicate key", '{"a":1,"a":2}'],
  ["keys differing by case", '{"id":1,"ID":2}'],
  ["a bidi control", '["a\\u202Eb"]'],
  ["a zero-width character in a key", '{"a\\u200B":1}'],
  ["non-JSON white space", "[1,\u00a02]"],
  // No value, scalars, depth.
  ["empty", ""],
  ["white space", "   "],
  ["prose only", "no json here"],
  ["a root string", '"just a string"'],
  ["a root number", "42"],
  ["a root literal", "true"],
  ["deep nesting", "[[[[[[1]]]]]]"],
];

/**
 * Input after the value: the scanner stops reading at it, yet every later chunk still counts
 * toward the length (`syntax_ready_permille`), the retry prompt's context and `max_input`.
 */
const TRAILING_CASES: readonly [string, string][] = [
  ["prose after the value", '{"a":1}\nHope this helps!'],
  ["prose around a fence", 'Sure! ```json\n{"a": [1, 2]}\n``` Done.'],
  ["a closing bracket too many", '{"a":1}}'],
  ["two documents", '{"a":1}{"b":2}'],
  ["two documents and a comma", '{"a":1},{"b":2}'],
  ["two arrays", "[][]"],
];

const HAND_OPTIONS: readonly GateOptions[] = [
  ...PROFILE_NAMES.map((profile) => ({ profile })),
  { profile: "agent", schema: "{!a:any}" },
  { profile: "permissive", schema: "{a:integer,x:string}" },
  { profile: "strict", maxDepth: 3 },
];

Deno.test("stream ≡ gate: hand-written repair cases split at every point, under every profile", () => {
  let compared = 0;
  for (const [name, text] of HAND_CASES) {
    for (const options of HAND_OPTIONS) {
      compared += assertStreamsEqualGate(name, text, options, everySplit(text));
    }
  }
  assert.ok(compared > 5000);
});

/**
 * Where polling may skip a scan: inside nested containers (closing brackets
 * in strings, comments and keys too), inside strings of the root object
 * (escaped and typographic quotes, a closing quote whose next character is
 * not read yet), and every way a member ends.
 */
const POLLING_CASES: readonly [string, string][] = [
  ["nested containers in members", '{"a":{"b":[1,{"c":2}],"d":3},"e":[[]],"f":{}}'],
  ["closing brackets inside nested strings", '{"a":{"b":"]}","c":["}]"]},"d":1}'],
  ["closing brackets in a comment inside a member", '{"a":[1, // ]}\n2],"b":{/* } */}}'],
  ["a root array of objects", '[{"a":1},{"b":[2]},3,"x"]'],
  ["strings of the root object", '{"a":"plain","b":"esc\\"aped","c":"x" ,"d":"y"\n}'],
  ["single and typographic quotes", "{'a':'x\"y','b':“z”,'c':[1]}"],
  ["members of every kind", '{"a":1,"b":true,"c":null,"d":"s","e":[],"f":{},"g":-2.5}'],
  ["a truncated member", '{"a":{"b":[1,2'],
  ["a lookahead that keeps a closing bracket", '{"a":[.},"b":[1,.]],"c":{"d":..}}'],
  ["a root array closed inside a lookahead", "僨[.}47"],
  ["repairs in members", '{"a":[1,2,],"b":{c:1},"d":\'q\'}'],
];

Deno.test("stream polling: value, final and complete read alone equal a stream that scans every chunk", () => {
  let compared = 0;
  const options: readonly GateOptions[] = [
    ...HAND_OPTIONS,
    { profile: "agent", schema: "{a:any,b:any,c:any}" },
  ];
  for (const [name, text] of [...POLLING_CASES, ...HAND_CASES, ...TRAILING_CASES]) {
    for (const option of options) compared += assertPollingExact(name, option, everySplit(text));
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

Deno.test("stream ≡ gate: input after the value split at every point, under every profile", () => {
  let compared = 0;
  for (const [name, text] of TRAILING_CASES) {
    for (const options of HAND_OPTIONS) {
      compared += assertStreamsEqualGate(name, text, options, everySplit(text));
    }
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
const PLACEHOLDER_CASES: readonly [string, string][] = [
  ["a placeholder between elements", "[1,...,2]"],
  ["a placeholder as the first element", "[...,1]"],
  ["a placeholder between members", '{"a":1,...,"b":2}'],
  ["a placeholder as a member value", '{"a":...,"b":1}'],
];

Deno.test("stream ≡ gate: a placeholder followed by a comma, split at every point", () => {
  for (const [name, text] of PLACEHOLDER_CASES) {
    for (const options of HAND_OPTIONS) {
      assertStreamsEqualGate(name, text, options, everySplit(text));
    }
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

/** [behaviour, options, code] — a stream that cannot start. */
const BAD_STREAMS: readonly [string, GateOptions, string][] = [
  ["an unknown profile", { profile: "loose" as ProfileName }, "E050"],
  ["max_depth above its ceiling", { maxDepth: 1_000_000 }, "E050"],
  ["a malformed declaration", { schema: "{!a:" }, "E070"],
  ["both schema and schema_json", { schema: "{!a:any}", schemaJson: {} }, "E070"],
  ["an unsupported JSON Schema keyword", { schemaJson: { oneOf: [] } }, "E070"],
];

for (const [behaviour, options, code] of BAD_STREAMS) {
  Deno.test(`stream caller error: ${behaviour} is thrown by the constructor, as gate throws`, () => {
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

Deno.test("stream: a limit hit mid-stream is reported after that chunk", () => {
  const stream = new JsonStream({ maxDepth: 2 });
  assert.equal(stream.push("[[").error, null);
  assert.equal(stream.push("[1]]]").error?.code, "E020");
  const result = stream.end();
  assert.equal(result.error?.code, "E020");
  assert.deepEqual(result, gate("[[[1]]]", { maxDepth: 2 }));
});
