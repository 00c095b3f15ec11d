/**
 * The scanner, as a specification: every repair rule, every error the scanner produces, every
 * profile on a common set of inputs, every hazard (bidi and tag characters, lone surrogates, unsafe numbers, key collisions), truncation wherever the text
 * could have continued, values built like `JSON.parse`, positions, option resolution, and the
 * streaming invariant (fed in chunks of 1, 2, 3, 7 and 64 characters, every table input gives the
 * result of one `scan`).
 *
 * A case lists what the scan must say: the value, `is` (exactness, ambiguity, `valid` or
 * `invalid` JSON, completeness), and the rules fired, in input order (`R010@24` pins the offset
 * too). Every case is scanned under `permissive` unless it names other options.
 *
 * @module
 */

import assert from "node:assert/strict";
import { MAX_LISTED_REPAIRS, scan, Scanner, type ScanResult } from "../engine/scanner/mod.ts";
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_INPUT,
  DEFAULT_MAX_TOKEN,
  MAX_DEPTH_CEILING,
  type Options,
  type Profile,
  PROFILE_NAMES,
  type ProfileName,
  PROFILES,
  resolveOptions,
} from "../engine/profiles.ts";
import { CHUNK_SIZES, comparable, scanInChunks } from "./fixtures/streaming.ts";

/** One table case. */
interface Case {
  /** The behaviour it pins. */
  name: string;
  input: string;
  /** Options to resolve (default: the `permissive` profile). */
  options?: Options;
  /** The value; absent when the scan produces none. */
  value?: unknown;
  /** `exactness ambiguity valid|invalid completeness`. */
  is: string;
  /** The rules fired, in order, space-separated; `R010@24` also pins the offset. */
  rules: string;
  /** The fatal error code (no value), if any. */
  fatal?: string;
  /** The refusal code under the case's options, if any. */
  refusal?: string;
  /** The whole error message (fatal or refusal). */
  message?: string;
}

function profileOf(options: Options | undefined): Profile {
  return resolveOptions(options ?? {});
}

/** 1-based line and UTF-16 column of an offset, counted independently of the engine. */
function lineColumn(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  const lastLf = before.lastIndexOf("\n");
  return [before.split("\n").length, offset - lastLf];
}

function check(c: Case): ScanResult {
  const result = scan(c.input, profileOf(c.options));
  const [exactness, ambiguity, validity, completeness] = c.is.split(" ");
  assert.deepStrictEqual(
    {
      exactness: result.exactness,
      ambiguity: result.ambiguity,
      validity: result.validJson ? "valid" : "invalid",
      completeness: result.completeness,
      fatal: result.fatal?.code,
      refusal: result.refusal?.code,
    },
    { exactness, ambiguity, validity, completeness, fatal: c.fatal, refusal: c.refusal },
  );
  const expected = c.rules === "" ? [] : c.rules.split(" ");
  assert.deepStrictEqual(
    result.repairs.map((r, k) => expected[k]?.includes("@") ? `${r.rule}@${r.offset}` : r.rule),
    expected,
  );
  assert.equal(result.repairCount, result.repairs.length);
  for (const r of result.repairs) {
    assert.deepEqual([r.line, r.column], lineColumn(c.input, r.offset), `${r.rule}@${r.offset}`);
  }
  if ("value" in c) {
    assert.equal(result.hasValue, true);
    assert.deepStrictEqual(result.value, c.value);
  } else {
    assert.equal(result.hasValue, false);
    assert.equal(result.value, undefined);
  }
  if (c.message !== undefined) {
    assert.equal((result.fatal ?? result.refusal)?.message, c.message);
  }
  return result;
}

// --------------------------------------------------------------------- rules

const RULE_CASES: Case[] = [
  {
    name: "R001 a BOM is dropped",
    input: "\uFEFF{}",
    value: {},
    is: "cosmetic none invalid complete",
    rules: "R001@0",
  },
  {
    name: "R002 a code fence is dropped",
    input: '```json\n{"a":1}\n```',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R002@0",
  },
  {
    name: "R002 a fence without a language",
    input: "```\n[1]\n```",
    value: [1],
    is: "cosmetic none invalid complete",
    rules: "R002@0",
  },
  {
    name: "R002 a fence on the value's line",
    input: '```json{"a":1}```',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R002@0",
  },
  {
    name: "R002 a closing fence alone",
    input: "[1]\n```",
    value: [1],
    is: "cosmetic none invalid complete",
    rules: "R002@4",
  },
  {
    name: "R003 prose before the value is skipped under agent",
    input: 'Here are the args:\n{"a":1}',
    options: { profile: "agent" },
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R003@0",
  },
  {
    name: "R003 prose after the value is skipped under agent",
    input: '{"a":1}\nHope this helps!',
    options: { profile: "agent" },
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R003@8",
  },
  {
    name: "R003 prose on both sides",
    input: "Here is [1,2] for you",
    options: { profile: "agent" },
    value: [1, 2],
    is: "cosmetic none invalid complete",
    rules: "R003@0 R003@14",
  },
  {
    name: "R004 a block comment is dropped",
    input: "[1 /* one */]",
    value: [1],
    is: "cosmetic none invalid complete",
    rules: "R004@3",
  },
  {
    name: "R004 a line comment before the value",
    input: '// c\n{"a":1}',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R004@0",
  },
  {
    name: "R004 a hash comment",
    input: "# c\n[1]",
    value: [1],
    is: "cosmetic none invalid complete",
    rules: "R004@0",
  },
  {
    name: "R004 a line comment between members",
    input: "[1, // x\n 2]",
    value: [1, 2],
    is: "cosmetic none invalid complete",
    rules: "R004@4",
  },
  {
    name: "R004 a comment after the value",
    input: '{"a":1} // done',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R004@8",
  },
  {
    name: "R004 an unclosed block comment runs to the end",
    input: "[1 /* open",
    value: [1],
    is: "lossy none invalid truncated",
    rules: "R004@3 R011@10",
  },
  {
    name: "R005 a trailing comma in an array",
    input: "[1,2,]",
    value: [1, 2],
    is: "cosmetic none invalid complete",
    rules: "R005@4",
  },
  {
    name: "R005 a trailing comma in an object",
    input: '{"a":1,}',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R005@6",
  },
  {
    name: "R006 a missing comma between members",
    input: '{"a":1 "b":2}',
    value: { a: 1, b: 2 },
    is: "cosmetic none invalid complete",
    rules: "R006@7",
  },
  {
    name: "R006 a missing comma between items",
    input: "[true 1]",
    value: [true, 1],
    is: "cosmetic none invalid complete",
    rules: "R006@6",
  },
  {
    name: "R007 an unquoted key",
    input: "{a:1}",
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R007@1",
  },
  {
    name: "R007 identifiers with $ _ and digits",
    input: "{$id_1:1, b2:2}",
    value: { $id_1: 1, b2: 2 },
    is: "cosmetic none invalid complete",
    rules: "R007@1 R007@10",
  },
  {
    name: "R008 single quotes on key and value",
    input: "{'a':'b'}",
    value: { a: "b" },
    is: "cosmetic none invalid complete",
    rules: "R008@1 R008@5",
  },
  {
    name: "R009 typographic double quotes",
    input: "{\u201Ca\u201D:1}",
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R009@1",
  },
  {
    name: "R009 typographic single quotes",
    input: "[\u2018x\u2019]",
    value: ["x"],
    is: "cosmetic none invalid complete",
    rules: "R009@1",
  },
  {
    name: "R010 an open string is closed",
    input: '["abc',
    value: ["abc"],
    is: "lossy none invalid truncated",
    rules: "R010@5 R011@5",
  },
  {
    name: "R011 an open array after a comma",
    input: "[1,[2],",
    value: [1, [2]],
    is: "lossy none invalid truncated",
    rules: "R011@7",
  },
  {
    name: "R011 an open object after a member",
    input: '{"a":[1,2],',
    value: { a: [1, 2] },
    is: "lossy none invalid truncated",
    rules: "R011@11",
  },
  {
    name: "R012 a cut true",
    input: "[tru",
    value: [true],
    is: "lossy none invalid truncated",
    rules: "R012@1 R011@4",
  },
  {
    name: "R012 a cut null",
    input: "[nul",
    value: [null],
    is: "lossy none invalid truncated",
    rules: "R012@1 R011@4",
  },
  {
    name: "R012 a cut false as a member",
    input: '{"a":fals',
    value: { a: false },
    is: "lossy none invalid truncated",
    rules: "R012@5 R011@9",
  },
  {
    name: "R012 a cut Python literal is completed and read",
    input: "[Tru",
    value: [true],
    is: "lossy none invalid truncated",
    rules: "R012@1 R015@1 R011@4",
  },
  {
    name: "R012 a cut undefined",
    input: "[undef",
    value: [null],
    is: "lossy none invalid truncated",
    rules: "R012@1 R016@1 R011@6",
  },
  {
    name: "R012 a cut Infinity",
    input: "[Infin",
    value: [null],
    is: "lossy none invalid truncated",
    rules: "R012@1 R023@1 R011@6",
  },
  {
    name: "R012 a cut literal at the top level",
    input: "tru",
    value: true,
    is: "lossy none invalid truncated",
    rules: "R012@0",
  },
  {
    name: "R013 a number at the end inside an object",
    input: '{"amount":12',
    value: { amount: 12 },
    is: "lossy none invalid truncated",
    rules: "R013@10 R011@12",
  },
  {
    name: "R013 a fraction at the end",
    input: "[1.5",
    value: [1.5],
    is: "lossy none invalid truncated",
    rules: "R013@1 R011@4",
  },
  {
    name: "R013 a lone sign at the end is dropped",
    input: "[-",
    value: [],
    is: "lossy none invalid truncated",
    rules: "R013@1 R011@2",
  },
  {
    name: "R013 a cut exponent",
    input: "[1e+",
    value: [1],
    is: "lossy none invalid truncated",
    rules: "R013@1 R011@4",
  },
  {
    name: "R014 a cut \\u escape is dropped",
    input: '["a\\u00',
    value: ["a"],
    is: "lossy none invalid truncated",
    rules: "R014@3 R010@7 R011@7",
  },
  {
    name: "R014 a cut backslash",
    input: '["a\\',
    value: ["a"],
    is: "lossy none invalid truncated",
    rules: "R014@3 R010@4 R011@4",
  },
  {
    name: "R015 Python True and None",
    input: "[True,None]",
    value: [true, null],
    is: "cosmetic none invalid complete",
    rules: "R015@1 R015@6",
  },
  {
    name: "R015 Python False as a member",
    input: '{"a":False}',
    value: { a: false },
    is: "cosmetic none invalid complete",
    rules: "R015@5",
  },
  {
    name: "R016 undefined becomes null",
    input: '{"a":undefined}',
    value: { a: null },
    is: "lossy none invalid complete",
    rules: "R016@5",
  },
  {
    name: "R017 a raw tab in a string",
    input: '["a\tb"]',
    value: ["a\tb"],
    is: "cosmetic none invalid complete",
    rules: "R017@3",
  },
  {
    name: "R017 a raw line feed in a string",
    input: '["a\nb"]',
    value: ["a\nb"],
    is: "cosmetic none invalid complete",
    rules: "R017@3",
  },
  {
    name: "R018 an unknown escape keeps its backslash",
    input: '["C:\\Users"]',
    value: ["C:\\Users"],
    is: "lossy none invalid complete",
    rules: "R018@4",
  },
  {
    name: "R018 a \\u without four hex digits",
    input: '["\\u12G4"]',
    value: ["\\u12G4"],
    is: "lossy none invalid complete",
    rules: "R018@2",
  },
  {
    name: "R019 an escaped single quote in single quotes",
    input: "['it\\'s']",
    value: ["it's"],
    is: "cosmetic none invalid complete",
    rules: "R008@1 R019@4",
  },
  {
    name: "R019 an escaped single quote in double quotes",
    input: '["it\\\'s"]',
    value: ["it's"],
    is: "cosmetic none invalid complete",
    rules: "R019@4",
  },
  {
    name: "R063 quotes inside a string that closes properly",
    input: '{"a":"say "hi" now"}',
    value: { a: 'say "hi" now' },
    is: "cosmetic none invalid complete",
    rules: "R063@10",
  },
  {
    name: "R020 quotes inside a string the input ends inside",
    input: '{"a":"say "hi',
    value: { a: 'say "hi' },
    is: "lossy syntactic invalid truncated",
    rules: "R020@10 R010@13 R011@13",
  },
  {
    name: "R021 .5 and hex",
    input: "[.5,0x1F]",
    value: [0.5, 31],
    is: "cosmetic none invalid complete",
    rules: "R021@1 R021@4",
  },
  {
    name: "R055 a leading plus may be text the model meant",
    input: "[+1,+0x1F]",
    value: [1, 31],
    is: "cosmetic semantic invalid complete",
    rules: "R055@1 R055@4 R021@4",
  },
  {
    name: "R061 a comma before an object's first member",
    input: '{, "a": 1}',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R061@1",
  },
  {
    name: "R062 bare text that is plainly text",
    input: '{"city": New York}',
    value: { city: "New York" },
    is: "cosmetic none invalid complete",
    rules: "R062@9",
  },
  {
    name: "R064 a wrong closer followed by a comma",
    input: '{"t":[1},"n":2}',
    value: { t: [1], n: 2 },
    is: "cosmetic none invalid complete",
    rules: "R064@7",
  },
  {
    name: "R065 a Python tuple",
    input: '{"pt":(1,2)}',
    value: { pt: [1, 2] },
    is: "cosmetic none invalid complete",
    rules: "R065@10",
  },
  {
    name: "R066 one item in parentheses",
    input: '{"a":("x")}',
    value: { a: ["x"] },
    is: "lossy syntactic invalid complete",
    rules: "R066@9",
  },
  {
    name: "R067 a document escaped once",
    input: '{\\"a\\": \\"x\\\\ny\\"}',
    value: { a: "x\ny" },
    is: "cosmetic none invalid complete",
    rules: "R067@0",
  },
  {
    name: "R067 repairs of the unescaped text placed in the text as written",
    input: 'Args: {\\"a\\": 1\\n\\"b\\": 2,}',
    value: { a: 1, b: 2 },
    options: { profile: "agent" },
    is: "cosmetic none invalid complete",
    rules: "R003@0 R067@6 R006@17 R005@25",
  },
  {
    name: "R057 a literal in another case",
    input: '{"a":TRUE,"b":Null}',
    value: { a: true, b: null },
    is: "cosmetic none invalid complete",
    rules: "R057@5 R057@14",
  },
  {
    name: "R058 one redundant closer after the root",
    input: '{"a":1}}',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R058@7",
  },
  {
    name: "R059 a key repeated with the same value",
    input: '{"a":1,"a":1}',
    value: { a: 1 },
    is: "exact none valid complete",
    rules: "R059@11",
  },
  {
    name: "R060 digit separators inside a value",
    input: "[1_000_000]",
    value: [1000000],
    is: "cosmetic none invalid complete",
    rules: "R060@1",
  },
  {
    name: "R050 a sentence around the value that is not framing",
    input: 'Avoid calling {"a":1} here.',
    options: { profile: "agent" },
    value: { a: 1 },
    is: "cosmetic semantic invalid complete",
    rules: "R003@0 R050@0 R003@22",
    refusal: "E011",
  },
  {
    name: "R051 the value is an operand in code",
    input: 'args = {"a":1}',
    options: { profile: "agent" },
    value: { a: 1 },
    is: "cosmetic semantic invalid complete",
    rules: "R003@0 R051@0",
    refusal: "E011",
  },
  {
    name: "R052 the document goes on after the root closed",
    input: '{"a":1}, "b":2}',
    options: { profile: "agent" },
    value: { a: 1 },
    is: "lossy none invalid complete",
    rules: "R052@7",
    refusal: "E010",
  },
  {
    name: "R053 closers for two containers inferred at one bracket",
    input: '{"a":[[1}',
    value: { a: [[1]] },
    is: "lossy syntactic invalid complete",
    rules: "R026@8 R053@8",
  },
  {
    name: "R054 a Python triple-quoted string",
    input: '["""x"""]',
    value: ["", "x", ""],
    is: "lossy syntactic invalid complete",
    rules: "R054@1 R041@3 R041@6",
  },
  {
    name: "R056 a comment inside the value marks it as an example",
    input: '{"op":"drop" /* example only */}',
    value: { op: "drop" },
    is: "cosmetic semantic invalid complete",
    rules: "R004@13 R056@13",
  },
  {
    name: "R021 a trailing dot",
    input: "[1.]",
    value: [1],
    is: "cosmetic none invalid complete",
    rules: "R021@1",
  },
  {
    name: "R021 negative hex",
    input: "[-0x10]",
    value: [-16],
    is: "cosmetic none invalid complete",
    rules: "R021@1",
  },
  {
    name: "R021 a dot before an exponent",
    input: "[1.e5]",
    value: [100000],
    is: "cosmetic none invalid complete",
    rules: "R021@1",
  },
  {
    name: "R022 leading zeros",
    input: "[007]",
    value: [7],
    is: "cosmetic semantic invalid complete",
    rules: "R022@1",
  },
  {
    name: "R022 a negative with a leading zero",
    input: "[-01]",
    value: [-1],
    is: "cosmetic semantic invalid complete",
    rules: "R022@1",
  },
  {
    name: "R022 not for 0.5",
    input: "[0.5]",
    value: [0.5],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "R023 NaN becomes null",
    input: "[NaN]",
    value: [null],
    is: "lossy none invalid complete",
    rules: "R023@1",
  },
  {
    name: "R023 -Infinity becomes null",
    input: "[-Infinity]",
    value: [null],
    is: "lossy none invalid complete",
    rules: "R023@1",
  },
  {
    name: "R024 a member with no value before }",
    input: '{"a":}',
    value: { a: null },
    is: "lossy none invalid complete",
    rules: "R024@5",
  },
  {
    name: "R024 a member with no value before a comma",
    input: '{"a":,"b":1}',
    value: { a: null, b: 1 },
    is: "lossy none invalid complete",
    rules: "R024@5",
  },
  {
    name: "R024 a key without colon or value",
    input: '{"a"}',
    value: { a: null },
    is: "lossy none invalid complete",
    rules: "R024@4",
  },
  {
    name: "R025 a missing colon",
    input: '{"a" 1}',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R025@5",
  },
  {
    name: "R026 } closes an array",
    input: "[1,2}",
    value: [1, 2],
    is: "cosmetic syntactic invalid complete",
    rules: "R026@4",
  },
  {
    name: "R026 } closes an inner array and its object",
    input: '{"a":[1}',
    value: { a: [1] },
    is: "cosmetic syntactic invalid complete",
    rules: "R026@7",
  },
  {
    name: "R026 ] closes an inner object and its array",
    input: '[{"a":1]',
    value: [{ a: 1 }],
    is: "cosmetic syntactic invalid complete",
    rules: "R026@7",
  },
  {
    name: "R027 a closer of the other kind",
    input: '{"a":1}]',
    value: { a: 1 },
    is: "lossy none invalid complete",
    rules: "R027@7",
  },
  {
    name: "R027 a comma after the value",
    input: '{"a":1},',
    value: { a: 1 },
    is: "lossy none invalid complete",
    rules: "R027@7",
  },
  {
    name: "R028 a string after the value",
    input: '{"a":1} "b"',
    value: { a: 1 },
    is: "lossy syntactic invalid complete",
    rules: "R028@8",
  },
  {
    name: "R040 two arrays separated by a space",
    input: "[1,2] [3]",
    value: [1, 2],
    is: "lossy syntactic invalid complete",
    rules: "R040@6",
  },
  {
    name: "R040 two objects separated by a comma",
    input: '{"a":1}, {"b":2}',
    value: { a: 1 },
    is: "lossy syntactic invalid complete",
    rules: "R040@9",
  },
  {
    name: "R029 ... in an array",
    input: "[1,2,...]",
    value: [1, 2],
    is: "lossy none invalid complete",
    rules: "R029@5",
  },
  {
    name: "R029 ... in an object",
    input: '{"a":1,...}',
    value: { a: 1 },
    is: "lossy none invalid complete",
    rules: "R029@7",
  },
  {
    name: "R029 an ellipsis character",
    input: "[1,\u2026]",
    value: [1],
    is: "lossy none invalid complete",
    rules: "R029@3",
  },
  {
    name: "R030 a bare word value",
    input: '{"a":hello}',
    value: { a: "hello" },
    is: "lossy syntactic invalid complete",
    rules: "R030@5",
  },
  {
    name: "R030 bare words run to the delimiter",
    input: "[hello world]",
    value: ["hello world"],
    is: "lossy syntactic invalid complete",
    rules: "R030@1",
  },
  {
    name: "R031 a stray character",
    input: "[1,@2]",
    value: [1, 2],
    is: "lossy none invalid complete",
    rules: "R031@3",
  },
  {
    name: "R031 a doubled comma",
    input: "[1,,2]",
    value: [1, 2],
    is: "lossy none invalid complete",
    rules: "R031@3",
  },
  {
    name: "R032 a duplicate key: the last wins",
    input: '{"a":1,"a":2}',
    value: { a: 2 },
    is: "lossy semantic valid complete",
    rules: "R032@11",
  },
  {
    name: "R033 an unsafe integer",
    input: "[9007199254740993]",
    value: [9007199254740992],
    is: "lossy semantic valid complete",
    rules: "R033@1",
  },
  {
    name: "R034 a number that overflows",
    input: "[1e400]",
    value: [Infinity],
    is: "lossy semantic valid complete",
    rules: "R034@1",
  },
  {
    name: "R035 an escaped lone surrogate",
    input: '["\\uD800"]',
    value: ["\uD800"],
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "R036 keys differing by case",
    input: '{"id":1,"ID":2}',
    value: { id: 1, ID: 2 },
    is: "exact semantic valid complete",
    rules: "R036@14",
  },
  {
    name: "R037 an escaped bidi override",
    input: '["a\\u202Eb"]',
    value: ["a\u202Eb"],
    is: "exact semantic valid complete",
    rules: "R037@3",
  },
  {
    name: "R038 a zero-width space in a key",
    input: '{"a\\u200B":1}',
    value: { "a\u200B": 1 },
    is: "exact semantic valid complete",
    rules: "R038@3",
  },
  {
    name: "R039 a no-break space between items",
    input: "[1,\u00A02]",
    value: [1, 2],
    is: "cosmetic none invalid complete",
    rules: "R039@3",
  },
  {
    name: "R039 a line separator before a key",
    input: '{\u2028"a":1}',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R039@1",
  },
  {
    name: "R039 a no-break space after the value",
    input: "[1]\u00A0",
    value: [1],
    is: "cosmetic none invalid complete",
    rules: "R039@3",
  },
  {
    name: "R040 two objects back to back",
    input: '{"a":1}{"b":2}',
    value: { a: 1 },
    is: "lossy syntactic invalid complete",
    rules: "R040@7",
  },
  {
    name: "R040 two objects in prose",
    input: '{"a":1} or {"a":2}',
    value: { a: 1 },
    is: "lossy syntactic invalid complete",
    refusal: "E002",
    rules: "R003@8 R040@11",
  },
  {
    name: "R041 an address is not split into numbers",
    input: "[192.168.1.1]",
    value: [192.168, 0.1, 0.1],
    is: "lossy syntactic invalid complete",
    rules: "R041@8 R021@8 R041@10 R021@10",
  },
  {
    name: "R042 an exponent with no digits",
    input: '{"a":1e+}',
    value: { a: 1 },
    is: "lossy none invalid complete",
    rules: "R042@5",
  },
  {
    name: "R043 a numeric unquoted key",
    input: "{1e5:1}",
    value: { "1e5": 1 },
    is: "cosmetic semantic invalid complete",
    rules: "R007@1 R043@1",
  },
  {
    name: "R044 keys equal after NFC (a composed and a decomposed é)",
    input: '{"\\u00E9":1,"e\\u0301":2}',
    value: { "\u00E9": 1, "e\u0301": 2 },
    is: "exact semantic valid complete",
    rules: "R044@23",
  },
  {
    name: "R045 confusable keys (Latin a, Cyrillic а)",
    input: '{"a":1,"\\u0430":2}',
    value: { a: 1, "\u0430": 2 },
    is: "exact semantic valid complete",
    rules: "R045@17",
  },
];

// -------------------------------------------------------------------- errors

const ERROR_CASES: Case[] = [
  {
    name: "E001 empty input",
    input: "",
    is: "exact none invalid complete",
    rules: "",
    fatal: "E001",
    message: "E001 EmptyInput: the input is empty or only white space; emit the JSON value",
  },
  {
    name: "E001 only white space",
    input: " \n\t\r ",
    is: "exact none invalid complete",
    rules: "",
    fatal: "E001",
  },
  {
    name: "E001 only a BOM",
    input: "\uFEFF",
    is: "cosmetic none invalid complete",
    rules: "R001@0",
    fatal: "E001",
  },
  {
    name: "E001 only a comment",
    input: "// only a comment",
    is: "cosmetic none invalid complete",
    rules: "R004@0",
    fatal: "E001",
  },
  {
    name: "E002 leading prose without skip_prose",
    input: 'Here are the args:\n{"a":1}',
    options: { profile: "execution" },
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R003@0",
    refusal: "E002",
    message:
      "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON value; skip_prose is off under profile execution",
  },
  {
    name: "E002 trailing prose without skip_prose",
    input: '{"a":1}\nHope this helps!',
    options: { profile: "strict" },
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R003@8",
    refusal: "E002",
    message:
      "E002 ProseOutsideValue at 2:1 (offset 8): R003 SkipProse: text outside the JSON value; skip_prose is off under profile strict",
  },
  {
    name: "E002 prose under permissive (no skip_prose)",
    input: 'Sure: {"a":1}',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R003@0",
    refusal: "E002",
  },
  {
    name: "E003 prose only",
    input: "hello world",
    is: "exact none invalid complete",
    rules: "",
    fatal: "E003",
    message: "E003 NoJsonFound: no JSON value found in the input; emit a JSON object or array",
  },
  {
    name: "E003 prose only under agent",
    input: "Sure, I can help with that.",
    options: { profile: "agent" },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E003",
  },
  {
    name: "E003 a lone closing bracket",
    input: "]",
    is: "exact none invalid complete",
    rules: "",
    fatal: "E003",
  },
  {
    name: "E003 an empty code fence",
    input: "```json\n```",
    is: "cosmetic none invalid complete",
    rules: "R002@0 R002@8",
    fatal: "E003",
  },
  {
    name: "E010 a truncated string under agent",
    input: '{"query":"weather in Par',
    options: { profile: "agent" },
    value: { query: "weather in Par" },
    is: "lossy none invalid truncated",
    rules: "R010@24 R011@24",
    refusal: "E010",
    message:
      "E010 StrictViolation at 1:25 (offset 24): R010 CloseString: exactness lossy exceeds max_loss cosmetic",
  },
  {
    name: "E010 a cosmetic repair under strict",
    input: "[1,2,]",
    options: { profile: "strict" },
    value: [1, 2],
    is: "cosmetic none invalid complete",
    rules: "R005@4",
    refusal: "E010",
    message:
      "E010 StrictViolation at 1:5 (offset 4): R005 TrailingComma: exactness cosmetic exceeds max_loss exact",
  },
  {
    name: "E010 a lossy repair that is not a tail under interactive",
    input: '{"a":undefined}',
    options: { profile: "interactive" },
    value: { a: null },
    is: "lossy none invalid complete",
    rules: "R016@5",
    refusal: "E010",
    message:
      "E010 StrictViolation at 1:6 (offset 5): R016 UndefinedLiteral: a lossy repair that completes no truncated tail is refused by profile interactive, which accepts a lossy repair only to complete a truncated tail",
  },
  {
    name: "E011 an ambiguous lossy repair that is not a tail under interactive",
    input: '{"a":1,"a":2}',
    options: { profile: "interactive" },
    value: { a: 2 },
    is: "lossy semantic valid complete",
    rules: "R032@11",
    refusal: "E011",
    message:
      "E011 AmbiguityRefused at 1:12 (offset 11): R032 DuplicateKey: ambiguity semantic with a lossy repair is refused by profile interactive, which accepts a lossy repair only to complete a truncated tail",
  },
  {
    name: "E010 names the first refused repair in input order",
    input: "{'a':undefined",
    options: { profile: "execution" },
    value: { a: null },
    is: "lossy none invalid truncated",
    rules: "R008@1 R016@5 R011@14",
    refusal: "E010",
    message:
      "E010 StrictViolation at 1:6 (offset 5): R016 UndefinedLiteral: exactness lossy exceeds max_loss cosmetic",
  },
  {
    name: "E011 a duplicate key under agent",
    input: '{"a":1,"a":2}',
    options: { profile: "agent" },
    value: { a: 2 },
    is: "lossy semantic valid complete",
    rules: "R032@11",
    refusal: "E011",
    message:
      "E011 AmbiguityRefused at 1:12 (offset 11): R032 DuplicateKey: ambiguity semantic is refused by profile agent",
  },
  {
    name: "E011 comes before E010 for an ambiguous lossy repair",
    input: "[1,2] [3]",
    options: { profile: "strict" },
    value: [1, 2],
    is: "lossy syntactic invalid complete",
    rules: "R040@6",
    refusal: "E011",
  },
  {
    name: "E011 a hazard of valid JSON under strict",
    input: '["\\uD800"]',
    options: { profile: "strict" },
    value: ["\uD800"],
    is: "exact semantic valid complete",
    rules: "R035@2",
    refusal: "E011",
  },
  {
    name: "E020 513 nested arrays at the default max_depth",
    input: "[".repeat(513) + "]".repeat(513),
    is: "exact none invalid complete",
    rules: "",
    fatal: "E020",
    message:
      "E020 DepthLimit at 1:513 (offset 512): nesting deeper than max_depth 512; flatten the value",
  },
  {
    name: "E020 not for 512 nested arrays",
    input: "[".repeat(512) + "]".repeat(512),
    value: nested(512),
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "E020 an object inside an object at max_depth 1",
    input: '{"a":{}}',
    options: { maxDepth: 1 },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E020",
    message:
      "E020 DepthLimit at 1:6 (offset 5): nesting deeper than max_depth 1; flatten the value",
  },
  {
    name: "E020 an open nesting past max_depth 2",
    input: "[[[",
    options: { maxDepth: 2 },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E020",
  },
  {
    name: "E020 not at max_depth 2 for depth 2",
    input: "[[1]]",
    options: { maxDepth: 2 },
    value: [[1]],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "E021 one code unit past max_input",
    input: "[1,2,3]",
    options: { maxInput: 6 },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E021",
    message: "E021 InputTooLarge: input is 7 code units; max_input is 6",
  },
  {
    name: "E021 not at exactly max_input",
    input: "[1,2,3]",
    options: { maxInput: 7 },
    value: [1, 2, 3],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "E022 a string past max_token",
    input: '["abcdef"]',
    options: { maxToken: 5 },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:2 (offset 1): a string of 6 code units exceeds max_token 5",
  },
  {
    name: "E022 not for a string of exactly max_token",
    input: '["abcde"]',
    options: { maxToken: 5 },
    value: ["abcde"],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "E022 a string's length is its decoded length",
    input: '["ab\\ncd"]',
    options: { maxToken: 5 },
    value: ["ab\ncd"],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "E022 a number past max_token",
    input: "[123456]",
    options: { maxToken: 5 },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:2 (offset 1): a number of 6 code units exceeds max_token 5",
  },
  {
    name: "E022 not for a number of exactly max_token",
    input: "[12345]",
    options: { maxToken: 5 },
    value: [12345],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "E022 a key past max_token",
    input: '{"abcdef":1}',
    options: { maxToken: 5 },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:2 (offset 1): a string of 6 code units exceeds max_token 5",
  },
  {
    name: "E022 an unquoted key past max_token",
    input: "{abcdef:1}",
    options: { maxToken: 5 },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:2 (offset 1): a key of 6 code units exceeds max_token 5",
  },
  {
    name: "E022 a bare word past max_token",
    input: '{"a":abcdef}',
    options: { maxToken: 5 },
    is: "exact none invalid complete",
    rules: "",
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:6 (offset 5): a word of 6 code units exceeds max_token 5",
  },
  {
    name: "E022 an open string past max_token",
    input: '["abcdefgh',
    options: { maxToken: 5 },
    is: "lossy none invalid truncated",
    rules: "R010@10",
    fatal: "E022",
  },
];

function nested(depth: number): unknown {
  let value: unknown[] = [];
  for (let k = 1; k < depth; k++) value = [value];
  return value;
}

// ------------------------------------------------------------------- hazards

const BIDI = [
  0x202A,
  0x202B,
  0x202C,
  0x202D,
  0x202E,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0x200E,
  0x200F,
  0x061C,
];
const ZERO_WIDTH = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF];
const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, "0");

const HAZARD_CASES: Case[] = [
  {
    name: "duplicate keys: the last value wins, in the first key's place",
    input: '{"a":1,"b":2,"a":3}',
    value: { a: 3, b: 2 },
    is: "lossy semantic valid complete",
    rules: "R032@17",
  },
  {
    name: "duplicate keys in a nested object",
    input: '[{"k":1,"k":2}]',
    value: [{ k: 2 }],
    is: "lossy semantic valid complete",
    rules: "R032@12",
  },
  {
    name: "duplicate __proto__ keys",
    input: '{"__proto__":1,"__proto__":2}',
    value: JSON.parse('{"__proto__":2}'),
    is: "lossy semantic valid complete",
    rules: "R032@27",
  },
  {
    name: "keys differing only by case",
    input: '{"id":1,"ID":2}',
    value: { id: 1, ID: 2 },
    is: "exact semantic valid complete",
    rules: "R036@14",
  },
  {
    name: "non-ASCII keys differing only by case",
    input: '{"\u00E9":1,"\u00C9":2}',
    value: { "\u00E9": 1, "\u00C9": 2 },
    is: "exact semantic valid complete",
    rules: "R036@12",
  },
  {
    name: "keys differing by case in different objects are no hazard",
    input: '[{"id":1},{"ID":2}]',
    value: [{ id: 1 }, { ID: 2 }],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "2^53-1 is a safe integer",
    input: "[9007199254740991,-9007199254740991]",
    value: [9007199254740991, -9007199254740991],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "2^53 is beyond the safe integers",
    input: "[9007199254740992]",
    value: [9007199254740992],
    is: "lossy semantic valid complete",
    rules: "R033@1",
  },
  {
    name: "-(2^53+1) is beyond the safe integers",
    input: "[-9007199254740993]",
    value: [-9007199254740992],
    is: "lossy semantic valid complete",
    rules: "R033@1",
  },
  {
    name: "a 21-digit integer",
    input: "[100000000000000000000]",
    value: [1e20],
    is: "lossy semantic valid complete",
    rules: "R033@1",
  },
  {
    name: "a large number in exponent notation is no integer hazard",
    input: "[1e20]",
    value: [1e20],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "a hex integer beyond 2^53",
    input: "[0x20000000000001]",
    value: [9007199254740992],
    is: "lossy semantic invalid complete",
    rules: "R021@1 R033@1",
  },
  {
    name: "1e309 overflows to infinity",
    input: "[1e309]",
    value: [Infinity],
    is: "lossy semantic valid complete",
    rules: "R034@1",
  },
  {
    name: "-1e309 overflows to -infinity",
    input: "[-1e309]",
    value: [-Infinity],
    is: "lossy semantic valid complete",
    rules: "R034@1",
  },
  {
    name: "1.8e308 overflows",
    input: "[1.8e308]",
    value: [Infinity],
    is: "lossy semantic valid complete",
    rules: "R034@1",
  },
  {
    name: "the largest double does not overflow",
    input: "[1.7976931348623157e308]",
    value: [Number.MAX_VALUE],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "1e-400 underflows to zero",
    input: "[1e-400]",
    value: [0],
    is: "lossy semantic valid complete",
    rules: "R034@1",
  },
  {
    name: "-1e-400 underflows to -0",
    input: "[-1e-400]",
    value: [-0],
    is: "lossy semantic valid complete",
    rules: "R034@1",
  },
  {
    name: "2e-324 underflows to zero",
    input: "[2e-324]",
    value: [0],
    is: "lossy semantic valid complete",
    rules: "R034@1",
  },
  {
    name: "the smallest subnormal does not underflow",
    input: "[4.9e-324]",
    value: [5e-324],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "zero with a huge exponent is zero, no hazard",
    input: "[0e400,0.000e-999]",
    value: [0, 0],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "-0 stays -0",
    input: "[-0,-0.0]",
    value: [-0, -0],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "an escaped lone high surrogate",
    input: '["\\uD800"]',
    value: ["\uD800"],
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "an escaped lone high surrogate (DBFF)",
    input: '["\\uDBFF"]',
    value: ["\uDBFF"],
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "an escaped lone low surrogate",
    input: '["\\uDC00"]',
    value: ["\uDC00"],
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "an escaped lone low surrogate (DFFF)",
    input: '["\\uDFFF"]',
    value: ["\uDFFF"],
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "a high surrogate followed by a non-surrogate escape",
    input: '["\\uD800\\u0041"]',
    value: ["\uD800A"],
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "a high surrogate followed by a character",
    input: '["\\uD800x"]',
    value: ["\uD800x"],
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "inverted escaped surrogates are two lone ones",
    input: '["\\uDC00\\uD800"]',
    value: ["\uDC00\uD800"],
    is: "exact semantic valid complete",
    rules: "R035@2 R035@8",
  },
  {
    name: "two high surrogates are two lone ones",
    input: '["\\uD800\\uD800"]',
    value: ["\uD800\uD800"],
    is: "exact semantic valid complete",
    rules: "R035@2 R035@8",
  },
  {
    name: "an escaped lone surrogate in a key",
    input: '{"\\uDC00":1}',
    value: { "\uDC00": 1 },
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "a raw lone high surrogate",
    input: '["a\uD800b"]',
    value: ["a\uD800b"],
    is: "exact semantic valid complete",
    rules: "R035@3",
  },
  {
    name: "a raw lone low surrogate",
    input: '["\uDC00"]',
    value: ["\uDC00"],
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "a raw lone surrogate in a key",
    input: '{"\uD800":1}',
    value: { "\uD800": 1 },
    is: "exact semantic valid complete",
    rules: "R035@2",
  },
  {
    name: "raw inverted surrogates",
    input: '["\uDC00\uD800"]',
    value: ["\uDC00\uD800"],
    is: "exact semantic valid complete",
    rules: "R035@2 R035@3",
  },
  {
    name: "an escaped surrogate pair is no hazard",
    input: '["\\uD83D\\uDE00"]',
    value: ["\u{1F600}"],
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "a raw surrogate pair is no hazard",
    input: '["\u{1F600}"]',
    value: ["\u{1F600}"],
    is: "exact none valid complete",
    rules: "",
  },
  ...BIDI.flatMap((c): Case[] => [
    {
      name: `raw U+${hex(c)} in a value`,
      input: `["a${String.fromCharCode(c)}b"]`,
      value: [`a${String.fromCharCode(c)}b`],
      is: "exact semantic valid complete",
      rules: "R037@3",
    },
    {
      name: `escaped U+${hex(c)} in a value`,
      input: `["a\\u${hex(c)}"]`,
      value: [`a${String.fromCharCode(c)}`],
      is: "exact semantic valid complete",
      rules: "R037@3",
    },
    {
      name: `raw U+${hex(c)} in a key`,
      input: `{"k${String.fromCharCode(c)}":1}`,
      value: { [`k${String.fromCharCode(c)}`]: 1 },
      is: "exact semantic valid complete",
      rules: "R037@3",
    },
  ]),
  {
    name: "an escaped bidi control in a key",
    input: '{"\\u202E":1}',
    value: { "\u202E": 1 },
    is: "exact semantic valid complete",
    rules: "R037@2",
  },
  {
    name: "raw tag character U+E0000",
    input: '["\u{E0000}"]',
    value: ["\u{E0000}"],
    is: "exact semantic valid complete",
    rules: "R037@2",
  },
  {
    name: "raw tag character U+E0001",
    input: '["\u{E0001}"]',
    value: ["\u{E0001}"],
    is: "exact semantic valid complete",
    rules: "R037@2",
  },
  {
    name: "raw tag character U+E007F",
    input: '["\u{E007F}"]',
    value: ["\u{E007F}"],
    is: "exact semantic valid complete",
    rules: "R037@2",
  },
  {
    name: "escaped tag character pair U+E0001",
    input: '["\\uDB40\\uDC01"]',
    value: ["\u{E0001}"],
    is: "exact semantic valid complete",
    rules: "R037@2",
  },
  {
    name: "escaped tag character pair U+E007F",
    input: '["\\uDB40\\uDC7F"]',
    value: ["\u{E007F}"],
    is: "exact semantic valid complete",
    rules: "R037@2",
  },
  {
    name: "escaped tag pair in lower case",
    input: '["\\udb40\\udc00"]',
    value: ["\u{E0000}"],
    is: "exact semantic valid complete",
    rules: "R037@2",
  },
  {
    name: "a tag character in a key",
    input: '{"\u{E0041}":1}',
    value: { "\u{E0041}": 1 },
    is: "exact semantic valid complete",
    rules: "R037@2",
  },
  {
    name: "U+E0080 is past the tag block",
    input: '["\u{E0080}","\\uDB40\\uDC80"]',
    value: ["\u{E0080}", "\u{E0080}"],
    is: "exact none valid complete",
    rules: "",
  },
  ...ZERO_WIDTH.flatMap((c): Case[] => [
    {
      name: `raw U+${hex(c)} in a key`,
      input: `{"a${String.fromCharCode(c)}":1}`,
      value: { [`a${String.fromCharCode(c)}`]: 1 },
      is: "exact semantic valid complete",
      rules: "R038@3",
    },
    {
      name: `escaped U+${hex(c)} in a key`,
      input: `{"a\\u${hex(c)}":1}`,
      value: { [`a${String.fromCharCode(c)}`]: 1 },
      is: "exact semantic valid complete",
      rules: "R038@3",
    },
    {
      name: `raw U+${hex(c)} in a value is no hazard`,
      input: `["a${String.fromCharCode(c)}b"]`,
      value: [`a${String.fromCharCode(c)}b`],
      is: "exact none valid complete",
      rules: "",
    },
    {
      name: `escaped U+${hex(c)} in a value is no hazard`,
      input: `{"a":"x\\u${hex(c)}"}`,
      value: { a: `x${String.fromCharCode(c)}` },
      is: "exact none valid complete",
      rules: "",
    },
  ]),
];

// ---------------------------------------------------------------- truncation

const TRUNCATION_CASES: Case[] = [
  {
    name: "an open string at the top level",
    input: '"abc',
    value: "abc",
    is: "lossy none invalid truncated",
    rules: "R010@4",
  },
  {
    name: "an open string as a member",
    input: '{\n  "q": "weather in Par',
    value: { q: "weather in Par" },
    is: "lossy none invalid truncated",
    rules: "R010@24 R011@24",
  },
  {
    name: "an open key",
    input: '{"ke',
    value: {},
    is: "lossy none invalid truncated",
    rules: "R010@4 R011@4",
  },
  {
    name: "a number at the end inside an open object",
    input: '{"amount": 12',
    value: { amount: 12 },
    is: "lossy none invalid truncated",
    rules: "R013@11 R011@13",
  },
  {
    name: "a number at the end inside an open array",
    input: "[12",
    value: [12],
    is: "lossy none invalid truncated",
    rules: "R013@1 R011@3",
  },
  {
    name: "a number ending a top-level document is complete",
    input: "12",
    value: 12,
    is: "exact none valid complete",
    rules: "",
  },
  {
    name: "a cut literal",
    input: "[tru",
    value: [true],
    is: "lossy none invalid truncated",
    rules: "R012@1 R011@4",
  },
  {
    name: "a cut \\u escape",
    input: '"a\\u00',
    value: "a",
    is: "lossy none invalid truncated",
    rules: "R014@2 R010@6",
  },
  {
    name: "a cut \\u escape with no digits",
    input: '["\\u',
    value: [""],
    is: "lossy none invalid truncated",
    rules: "R014@2 R010@4 R011@4",
  },
  {
    name: "a cut escaped surrogate pair (high only)",
    input: '"\\uD83D',
    value: "",
    is: "lossy none invalid truncated",
    rules: "R014@1 R010@7",
  },
  {
    name: "a cut escaped surrogate pair in an array",
    input: '["\\uD83D',
    value: [""],
    is: "lossy none invalid truncated",
    rules: "R014@2 R010@8 R011@8",
  },
  {
    name: "a cut escaped surrogate pair after the backslash",
    input: '["\\uD83D\\',
    value: [""],
    is: "lossy none invalid truncated",
    rules: "R014@2 R010@9 R011@9",
  },
  {
    name: "a cut escaped surrogate pair inside the low escape",
    input: '["\\uD83D\\uDE',
    value: [""],
    is: "lossy none invalid truncated",
    rules: "R014@2 R010@12 R011@12",
  },
  {
    name: "a cut raw surrogate pair",
    input: '"\uD83D',
    value: "",
    is: "lossy none invalid truncated",
    rules: "R014@1 R010@2",
  },
  {
    name: "a cut raw surrogate pair in an array",
    input: '["x\uD83D',
    value: ["x"],
    is: "lossy none invalid truncated",
    rules: "R014@3 R010@4 R011@4",
  },
  {
    name: "an open array",
    input: "[",
    value: [],
    is: "lossy none invalid truncated",
    rules: "R011@1",
  },
  {
    name: "an open object",
    input: "{",
    value: {},
    is: "lossy none invalid truncated",
    rules: "R011@1",
  },
  {
    name: "an open object after a key",
    input: '{"a"',
    value: {},
    is: "lossy none invalid truncated",
    rules: "R011@4",
  },
  {
    name: "an open object after a colon",
    input: '{"a":',
    value: {},
    is: "lossy none invalid truncated",
    rules: "R011@5",
  },
  {
    name: "an open object after a comma",
    input: '{"a":1,',
    value: { a: 1 },
    is: "lossy none invalid truncated",
    rules: "R011@7",
  },
  {
    name: "nested open containers close innermost first",
    input: '[{"a":[',
    value: [{ a: [] }],
    is: "lossy none invalid truncated",
    rules: "R011@7 R011@7 R011@7",
  },
  {
    name: "a complete value is not truncated",
    input: '{"a":[1,2]}',
    value: { a: [1, 2] },
    is: "exact none valid complete",
    rules: "",
  },
];

// ----------------------------------------------------------- positions

const POSITION_CASES: Case[] = [
  {
    name: "line and column after LF",
    input: '{\n  "a": 1,\n  "b": [1, 2,],\n}',
    value: { a: 1, b: [1, 2] },
    is: "cosmetic none invalid complete",
    rules: "R005@24 R005@26",
  },
  {
    name: "columns count UTF-16 code units",
    input: '["\u{1F600}\u{1F600}", @1]',
    value: ["\u{1F600}\u{1F600}", 1],
    is: "lossy none invalid complete",
    rules: "R031@9",
  },
  {
    name: "CR LF ends a line at the LF",
    input: '{\r\n"a":1,\r\n}',
    value: { a: 1 },
    is: "cosmetic none invalid complete",
    rules: "R005@8",
  },
  {
    name: "blank lines before the value",
    input: "\n\n\n[1,,2]",
    value: [1, 2],
    is: "lossy none invalid complete",
    rules: "R031@6",
  },
];

// ------------------------------------------------------------------- run

const TABLES: readonly [string, Case[]][] = [
  ["rule", RULE_CASES],
  ["error", ERROR_CASES],
  ["hazard", HAZARD_CASES],
  ["truncation", TRUNCATION_CASES],
  ["position", POSITION_CASES],
];

for (const [table, cases] of TABLES) {
  for (const c of cases) Deno.test(`${table}: ${c.name}`, () => void check(c));
}

Deno.test("every rule of the catalogue has a case", async () => {
  const { RULES } = await import("../engine/rules.ts");
  const fired = new Set(
    RULE_CASES.filter((c) => c.rules.includes(c.name.slice(0, 4))).map((c) => c.name.slice(0, 4)),
  );
  assert.deepEqual(RULES.map((r) => r.code).filter((code) => !fired.has(code)), []);
});

Deno.test("positions: line and column of repairs on multi-line input", () => {
  const result = check(POSITION_CASES[0]);
  assert.deepEqual(result.repairs.map((r) => [r.line, r.column]), [[3, 13], [3, 15]]);
  const wide = check(POSITION_CASES[1]);
  assert.deepEqual([wide.repairs[0].line, wide.repairs[0].column], [1, 10]);
  const crlf = check(POSITION_CASES[2]);
  assert.deepEqual([crlf.repairs[0].line, crlf.repairs[0].column], [2, 6]);
  const blank = check(POSITION_CASES[3]);
  assert.deepEqual([blank.repairs[0].line, blank.repairs[0].column], [4, 4]);
  const refused = scan('{\n  "q": "weather in Par', PROFILES.agent).refusal;
  assert.equal(
    refused?.message,
    "E010 StrictViolation at 2:23 (offset 24): R010 CloseString: exactness lossy exceeds max_loss cosmetic",
  );
});

// ----------------------------------------------------------------- profiles

/** Input × profile → the refusal (or fatal) code, `null` when accepted. */
const PROFILE_MATRIX: readonly [string, Record<ProfileName, string | null>][] = [
  ['{"a":1}', { permissive: null, interactive: null, execution: null, agent: null, strict: null }],
  ["{'a':1}", {
    permissive: null,
    interactive: null,
    execution: null,
    agent: null,
    strict: "E010",
  }],
  ['{"a":1,}', {
    permissive: null,
    interactive: null,
    execution: null,
    agent: null,
    strict: "E010",
  }],
  ['```json\n{"a":1}\n```', {
    permissive: null,
    interactive: null,
    execution: null,
    agent: null,
    strict: "E010",
  }],
  ['Here are the args:\n{"a":1}', {
    permissive: "E002",
    interactive: "E002",
    execution: "E002",
    agent: null,
    strict: "E002",
  }],
  ['{"a":1}\nHope this helps!', {
    permissive: "E002",
    interactive: "E002",
    execution: "E002",
    agent: null,
    strict: "E002",
  }],
  ['{"a":"weather in Par', {
    permissive: null,
    interactive: null,
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ['{"a":[1,2', {
    permissive: null,
    interactive: null,
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ['{"a":tru', {
    permissive: null,
    interactive: null,
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ['{"a":12', {
    permissive: null,
    interactive: null,
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ['"\\uD83D', {
    permissive: null,
    interactive: null,
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ['{"a":undefined}', {
    permissive: null,
    interactive: "E010",
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ["[NaN]", {
    permissive: null,
    interactive: "E010",
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ['{"a":}', {
    permissive: null,
    interactive: "E010",
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ["[1,2,...]", {
    permissive: null,
    interactive: "E010",
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ["[1,@2]", {
    permissive: null,
    interactive: "E010",
    execution: "E010",
    agent: "E010",
    strict: "E010",
  }],
  ['{"a":1,"a":2}', {
    permissive: null,
    interactive: "E011",
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ['{"a":1}{"b":2}', {
    permissive: null,
    interactive: "E011",
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ['{"a":hello}', {
    permissive: null,
    interactive: "E011",
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ["[9007199254740993]", {
    permissive: null,
    interactive: "E011",
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ["[1e400]", {
    permissive: null,
    interactive: "E011",
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ['{"a":"say "hi" now"}', {
    permissive: null,
    interactive: null,
    execution: null,
    agent: null,
    strict: "E010",
  }],
  ["[1,2}", {
    permissive: null,
    interactive: null,
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ["[007]", {
    permissive: null,
    interactive: null,
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ['["\\uD800"]', {
    permissive: null,
    interactive: null,
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ['{"id":1,"ID":2}', {
    permissive: null,
    interactive: null,
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ['["a\\u202Eb"]', {
    permissive: null,
    interactive: null,
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ['{"a\\u200B":1}', {
    permissive: null,
    interactive: null,
    execution: "E011",
    agent: "E011",
    strict: "E011",
  }],
  ['Here: {"a":1}  and [', {
    permissive: "E002",
    interactive: "E002",
    execution: "E002",
    agent: null,
    strict: "E002",
  }],
  ["", {
    permissive: "E001",
    interactive: "E001",
    execution: "E001",
    agent: "E001",
    strict: "E001",
  }],
  ["hello world", {
    permissive: "E003",
    interactive: "E003",
    execution: "E003",
    agent: "E003",
    strict: "E003",
  }],
];

for (const [input, expected] of PROFILE_MATRIX) {
  Deno.test(`profiles: ${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
    const actual = Object.fromEntries(PROFILE_NAMES.map((name) => {
      const result = scan(input, PROFILES[name]);
      return [name, result.fatal?.code ?? result.refusal?.code ?? null];
    }));
    assert.deepStrictEqual(actual, expected);
  });
}

Deno.test("profiles: classification does not depend on the profile", () => {
  for (const [input] of PROFILE_MATRIX) {
    const [first, ...rest] = PROFILE_NAMES.map((name) => {
      const { refusal: _refusal, ...classification } = scan(input, PROFILES[name]);
      return classification;
    });
    for (const other of rest) assert.deepStrictEqual(other, first, JSON.stringify(input));
  }
});

// ------------------------------------------------------- JSON.parse semantics

Deno.test('"__proto__" is an own data property, never the prototype', () => {
  for (const input of ['{"__proto__":{"x":1}}', "{'__proto__':{'x':1}}", "{__proto__:{x:1}}"]) {
    const value = scan(input, PROFILES.permissive).value as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), Object.prototype, input);
    assert.ok(Object.hasOwn(value, "__proto__"), input);
    assert.deepStrictEqual(Object.getOwnPropertyDescriptor(value, "__proto__"), {
      value: { x: 1 },
      writable: true,
      enumerable: true,
      configurable: true,
    });
    assert.equal((value as { x?: unknown }).x, undefined);
    assert.deepStrictEqual(value, JSON.parse('{"__proto__":{"x":1}}'));
  }
  assert.equal(({} as { x?: unknown }).x, undefined, "no prototype was polluted");
  const nested = scan('[{"a":{"__proto__":null}}]', PROFILES.strict).value as [
    { a: Record<string, unknown> },
  ];
  assert.equal(Object.getPrototypeOf(nested[0].a), Object.prototype);
  assert.ok(Object.hasOwn(nested[0].a, "__proto__"));
});

Deno.test("a valid document's value deep-equals JSON.parse, member order included", () => {
  const inputs = [
    '{"b":1,"a":[true,false,null,-0,1.5e-7,"\\u00e9\\n\\"\\\\\\/"],"2":{},"1":[]}',
    '{"a":1,"b":2,"a":3}',
    " \t\n\r[ 1 , 2 ]\r\n",
    '"\\uD834\\uDD1E"',
    "[1E+2,1e-2,0.1,123456789012345678]",
  ];
  for (const input of inputs) {
    const result = scan(input, PROFILES.permissive);
    assert.ok(result.validJson, input);
    assert.deepStrictEqual(result.value, JSON.parse(input));
    assert.deepEqual(Object.keys(result.value as object), Object.keys(JSON.parse(input)));
  }
});

Deno.test("at most MAX_LISTED_REPAIRS repairs are listed; all are counted", () => {
  const input = `[${"1,".repeat(MAX_LISTED_REPAIRS + 10)}]`.replaceAll(",", ",,");
  const result = scan(input, PROFILES.permissive);
  assert.equal(result.repairs.length, MAX_LISTED_REPAIRS);
  assert.ok(result.repairCount > MAX_LISTED_REPAIRS);
});

// ------------------------------------------------------------ resolveOptions

// An unknown profile or an option out of range is thrown as CallerError E050:
// tests/caller_errors_test.ts.

Deno.test("resolveOptions: the ceilings themselves are accepted", () => {
  const resolved = profileOf({
    maxDepth: MAX_DEPTH_CEILING,
    maxInput: DEFAULT_MAX_INPUT,
    maxToken: DEFAULT_MAX_TOKEN,
  });
  assert.deepEqual([resolved.maxDepth, resolved.maxInput, resolved.maxToken], [
    4096,
    67_108_864,
    16_777_216,
  ]);
  assert.deepEqual(profileOf({ maxDepth: 1, maxInput: 1, maxToken: 1 }).maxDepth, 1);
});

Deno.test("resolveOptions: the default is permissive with the default limits", () => {
  assert.deepStrictEqual(resolveOptions(), PROFILES.permissive);
  assert.deepStrictEqual(resolveOptions({}), PROFILES.permissive);
  assert.equal(PROFILES.permissive.maxDepth, DEFAULT_MAX_DEPTH);
});

Deno.test("resolveOptions: a profile by name applies all its options, skip_prose too", () => {
  for (const name of PROFILE_NAMES) {
    assert.deepStrictEqual(resolveOptions({ profile: name }), PROFILES[name]);
  }
  const agent = profileOf({ profile: "agent" });
  assert.equal(agent.skipProse, true);
  assert.equal(scan('Here are the args:\n{"a":1}', agent).refusal, null);
  const overridden = profileOf({ profile: "agent", skipProse: false });
  assert.equal(scan('Here are the args:\n{"a":1}', overridden).refusal?.code, "E002");
});

Deno.test("resolveOptions: fields override the profile; an explicit max_loss ends tail-only", () => {
  const interactive = profileOf({ profile: "interactive", maxLoss: "lossy" });
  assert.equal(interactive.tailLossOnly, false);
  assert.equal(scan('{"a":undefined}', interactive).refusal, null);
  const strictish = profileOf({ profile: "permissive", maxLoss: "exact", allowAmbiguity: false });
  assert.equal(scan("[1,]", strictish).refusal?.code, "E010");
  assert.equal(scan("[007]", strictish).refusal?.code, "E011");
  assert.equal(profileOf({ profile: "strict", maxDepth: 3 }).maxLoss, "exact");
});

// ---------------------------------------------------------------- streaming

/** Every table input with the options it is scanned under. */
const STREAMED: readonly { name: string; input: string; profile: Profile }[] = [
  ...TABLES.flatMap(([table, cases]) =>
    cases.map((c) => ({
      name: `${table}: ${c.name}`,
      input: c.input,
      profile: profileOf(c.options),
    }))
  ),
  ...PROFILE_MATRIX.flatMap(([input]) =>
    PROFILE_NAMES.map((name) => ({
      name: `${name}: ${JSON.stringify(input)}`,
      input,
      profile: PROFILES[name],
    }))
  ),
];

Deno.test("streaming: chunks of 1, 2, 3, 7 and 64 give the result of one scan", async (t) => {
  for (const s of STREAMED) {
    await t.step(s.name, () => {
      const expected = comparable(scan(s.input, s.profile, true));
      for (const size of CHUNK_SIZES) {
        assert.deepStrictEqual(
          comparable(scanInChunks(s.input, s.profile, () => size)),
          expected,
          `chunks of ${size}`,
        );
      }
    });
  }
});

Deno.test("streaming: the live root grows as chunks arrive", () => {
  const scanner = new Scanner(PROFILES.permissive, true);
  scanner.feed('{"a":[1,', false);
  assert.deepStrictEqual(scanner.root, { a: [1] });
  assert.equal(scanner.settled, false);
  scanner.feed('2],"b":"x"}', false);
  assert.equal(scanner.settled, true);
  scanner.feed("", true);
  const result = scanner.result();
  assert.deepStrictEqual(result.value, { a: [1, 2], b: "x" });
  assert.deepStrictEqual(result.members, [{ name: "a", end: 10 }, { name: "b", end: 19 }]);
});

Deno.test("streaming: `...` or `…` split across chunks, with its comma, is one placeholder", () => {
  for (
    const [input, size] of [
      ["[1,...,2]", 3],
      ['{"a":1,...,"b":2}', 10],
      ["[\u2026.5]", 2],
      ["[1,..", 1],
      ['{"a":...', 6],
    ] as const
  ) {
    const expected = comparable(scan(input, PROFILES.permissive, true));
    assert.deepStrictEqual(
      comparable(scanInChunks(input, PROFILES.permissive, () => size)),
      expected,
      `${input} in chunks of ${size}`,
    );
  }
});

Deno.test("streaming: chunks after the value still count toward max_input and length", () => {
  const input = '{"a":1} thanks!!!!';
  for (const size of CHUNK_SIZES) {
    assert.deepStrictEqual(
      comparable(scanInChunks(input, PROFILES.agent, () => size)),
      comparable(scan(input, PROFILES.agent, true)),
      `chunks of ${size}`,
    );
  }
  assert.equal(scanInChunks(input, PROFILES.agent, () => 1).length, input.length);
  const limited = profileOf({ maxInput: 10 });
  assert.equal(scan(input, limited).fatal?.code, "E021");
  for (const size of CHUNK_SIZES) {
    const chunked = scanInChunks(input, limited, () => size);
    assert.deepStrictEqual(chunked.fatal, scan(input, limited).fatal, `chunks of ${size}`);
    assert.equal(chunked.hasValue, false);
    assert.equal(chunked.length, input.length);
  }
});

/** [input, max_input]: E021 found only once the scanner has read past the value's start. */
const LATE_E021: readonly [string, number][] = [
  ['{"a":1} thanks!!!!', 10],
  ["Here: [1,2,3] ok", 10],
  ["Here: [1,2,3] ok", 15],
  ["```json\n[1]\n``` done", 15],
];

Deno.test({
  name: "streaming: E021 found in a later chunk leaves the result of one scan",
  // E021 is decided on the whole input, so what was read before it (value
  // bounds included) is dropped, as a one-call scan never reads it.
  fn: () => {
    for (const [input, maxInput] of LATE_E021) {
      const limited = profileOf({ maxInput });
      for (const size of CHUNK_SIZES) {
        assert.deepStrictEqual(
          comparable(scanInChunks(input, limited, () => size)),
          comparable(scan(input, limited, true)),
          `${input} (max_input ${maxInput}) in chunks of ${size}`,
        );
      }
    }
  },
});

Deno.test("repairs are listed, and the first refused, in input order", () => {
  // A trailing comma is found at its closer (after a comment or white space between them), and
  // a duplicate key when its value is placed, yet both are listed at their own offsets.
  for (const input of ["[1, /*c*/ ]", "[1,\u00A0]", '{"a":1,"a":"x']) {
    const offsets = scan(input, PROFILES.permissive).repairs.map((r) => r.offset);
    assert.deepEqual(offsets, [...offsets].sort((a, b) => a - b), input);
  }
  // R032 (offset 11) comes before R010 (offset 13): strict refuses the ambiguity first.
  assert.equal(scan('{"a":1,"a":"x', PROFILES.strict).refusal?.code, "E011");
});

Deno.test("members: recorded only when asked for (streaming and readiness); a plain scan keeps none", () => {
  const text = '{"a":1,"b":"x","c":[true]}';
  assert.deepStrictEqual(scan(text, PROFILES.strict).members, []);
  assert.deepStrictEqual(scan(text, PROFILES.strict, true).members, [
    { name: "a", end: 7 },
    { name: "b", end: 15 },
    { name: "c", end: 25 },
  ]);
});
