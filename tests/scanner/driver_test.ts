/**
 * The driver (`engine/scanner/scanner.ts`): `Scanner.feed` (`max_input` checked on the whole
 * input first, `E021` dropping whatever was read; the chunks gathered into the input's text; a
 * suspended scan holding chunks that cannot end what it waits for; a chunk wholly inside a string
 * only growing it), the scan loop's own reading of clean JSON (commas and closers after a value,
 * plain and unquoted keys, strings, numbers, literals, containers and `max_depth`, the last token
 * that decides a missing comma), the framing judged once the input ends (`R050`, `R051`, `R056`, a
 * held closer), the refusals' messages (the text that is not framing, the candidates and where
 * they are), a document escaped once read unescaped (`R067`), and `settlesOn`. The scan rows are
 * fed whole and cut at every point (`tests/scanner/scan_rows.ts`); the chunk rows pin, after each
 * chunk, the work done (`scanned`) and the chunks held.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner } from "../../engine/scanner/mod.ts";
import { PROFILES } from "../../engine/profiles.ts";
import { checkRows, type ScanRow } from "./scan_rows.ts";

const ROWS: readonly ScanRow[] = [
  // max_input (feed): E021 before anything is read, whatever was read before
  {
    name: "an input over max_input is E021, and nothing read is kept",
    input: '{"a": \'x\', "b": [1, 2]}',
    options: { "maxInput": 10 },
    fatal: "E021",
    message: "E021 InputTooLarge: input is 23 code units; max_input is 10",
    span: [0, 0],
    syntaxEnd: 23,
    is: "exact none invalid complete",
    members: "",
  },
  {
    name: "an input of exactly max_input is read",
    input: "[1]",
    options: { "maxInput": 3 },
    value: [1],
    span: [0, 3],
    syntaxEnd: 3,
    is: "exact none valid complete",
  },
  {
    name: "one code unit over max_input is E021",
    input: "[1] ",
    options: { "maxInput": 3 },
    fatal: "E021",
    span: [0, 0],
    syntaxEnd: 4,
    is: "exact none invalid complete",
  },
  {
    name: "a hazard read before the limit leaves no rank",
    input: '["\\ud83d", 12345678]',
    options: { "maxInput": 12 },
    fatal: "E021",
    span: [0, 0],
    syntaxEnd: 20,
    is: "exact none invalid complete",
  },
  {
    name: "a value read before the limit leaves no span",
    input: "xx [1] yyyyyy",
    options: { "maxInput": 8 },
    fatal: "E021",
    span: [0, 0],
    syntaxEnd: 13,
    is: "exact none invalid complete",
  },
  {
    name: "members read before the limit are dropped",
    input: '{"a": 1, "b": 2}',
    options: { "maxInput": 10 },
    fatal: "E021",
    span: [0, 0],
    syntaxEnd: 16,
    is: "exact none invalid complete",
    members: "",
  },
  // The scan loop (lane): commas and closers after a value
  {
    name: "a trailing comma in an array, R005 at it",
    input: "[1,]",
    value: [1],
    rules: "R005@2",
    span: [0, 4],
    syntaxEnd: 4,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a trailing comma in an object, R005 at it",
    input: '{"a": 1,}',
    value: { "a": 1 },
    rules: "R005@7",
    span: [0, 9],
    syntaxEnd: 9,
    is: "cosmetic none invalid complete",
  },
  {
    name: "white space before commas and closers",
    input: '{"a": [1] , "b": {}, "c": 1 }',
    value: { "a": [1], "b": {}, "c": 1 },
    span: [0, 29],
    syntaxEnd: 29,
    is: "exact none valid complete",
  },
  {
    name: "white space before an array's comma and bracket",
    input: '[1 , "a" ,true ]',
    value: [1, "a", true],
    span: [0, 16],
    syntaxEnd: 16,
    is: "exact none valid complete",
  },
  {
    name: "a brace closing an array is a wrong closer",
    input: "[1}",
    value: [1],
    rules: "R026@2",
    span: [0, 3],
    syntaxEnd: 3,
    is: "cosmetic syntactic invalid complete",
  },
  {
    name: "a bracket closing a tuple is a wrong closer",
    input: "[(1, 2]]",
    value: [[1, 2]],
    rules: "R026@6",
    span: [0, 8],
    syntaxEnd: 8,
    is: "cosmetic syntactic invalid complete",
  },
  {
    name: "a brace closing a tuple is a wrong closer",
    input: "[(1, 2}]",
    value: [[1, 2]],
    rules: "R026@6",
    span: [0, 8],
    syntaxEnd: 8,
    is: "cosmetic syntactic invalid complete",
  },
  {
    name: "a parenthesis closing an array is no closer",
    input: "[[1, 2)]",
    value: [[1, 2]],
    rules: "R031@6 R011@8",
    span: [0, 8],
    syntaxEnd: 8,
    is: "lossy none invalid truncated",
  },
  {
    name: "a tuple closed by its parenthesis",
    input: '{"a": (1, 2)}',
    value: { "a": [1, 2] },
    rules: "R065@11",
    span: [0, 13],
    syntaxEnd: 13,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a tuple's trailing comma before a wrong closer",
    input: "[(1,]",
    value: [[1]],
    rules: "R005@3 R026@4 R011@5",
    span: [0, 5],
    syntaxEnd: 5,
    is: "lossy syntactic invalid truncated",
  },
  {
    name: "empty containers and white space",
    input: "[{} , [ ], { }]",
    value: [{}, [], {}],
    span: [0, 15],
    syntaxEnd: 15,
    is: "exact none valid complete",
  },
  {
    name: "a line break before the closing brace",
    input: '{"a": 1\n}',
    value: { "a": 1 },
    span: [0, 9],
    syntaxEnd: 9,
    is: "exact none valid complete",
    members: "a@8",
  },
  // The scan loop: keys
  {
    name: "a plain key, a space and its colon",
    input: '{"a" :1}',
    value: { "a": 1 },
    span: [0, 8],
    syntaxEnd: 8,
    is: "exact none valid complete",
  },
  {
    name: "a plain key, a line break and its colon",
    input: '{"a"\n: 1}',
    value: { "a": 1 },
    span: [0, 9],
    syntaxEnd: 9,
    is: "exact none valid complete",
  },
  {
    name: "an escaped key is read by the general reader",
    input: '{"a\\n": 1, "b\\u0041": 2}',
    value: { "a\n": 1, "bA": 2 },
    span: [0, 24],
    syntaxEnd: 24,
    is: "exact none valid complete",
  },
  {
    name: "a plain key cut by the end of the input",
    input: '{"ab',
    value: {},
    rules: "R010@4 R011@4",
    span: [0, 4],
    syntaxEnd: 4,
    is: "lossy none invalid truncated",
  },
  {
    name: "unquoted keys of every ASCII class",
    input: "{a: 1, Z: 2, _: 3, 0: 4, 9: 5, z: 6, A: 7}",
    value: { "0": 4, "9": 5, "a": 1, "Z": 2, "_": 3, "z": 6, "A": 7 },
    rules: "R007@1 R007@7 R007@13 R007@19 R007@25 R007@31 R007@37 R036@41",
    span: [0, 42],
    syntaxEnd: 42,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "a backtick before a key is dropped",
    input: "{`a`: 1}",
    value: { "a": 1 },
    rules: "R031@1 R007@2 R031@3",
    span: [0, 8],
    syntaxEnd: 8,
    is: "lossy none invalid complete",
  },
  {
    name: "an at sign is no key",
    input: "{@: 1}",
    value: { "1": null },
    rules: "R031@1 R031@2 R007@4 R024@5",
    span: [0, 6],
    syntaxEnd: 6,
    is: "lossy none invalid complete",
  },
  {
    name: "a bracket where a key is due",
    input: "{[: 1}",
    value: { "1": null },
    rules: "R031@1 R031@2 R007@4 R024@5",
    span: [0, 6],
    syntaxEnd: 6,
    is: "lossy none invalid complete",
  },
  {
    name: "a brace where a key is due",
    input: "{{: 1}",
    value: { "1": null },
    rules: "R031@1 R031@2 R007@4 R024@5",
    span: [0, 6],
    syntaxEnd: 6,
    is: "lossy none invalid complete",
  },
  {
    name: "a caret where a key is due",
    input: "{^: 1}",
    value: { "1": null },
    rules: "R031@1 R031@2 R007@4 R024@5",
    span: [0, 6],
    syntaxEnd: 6,
    is: "lossy none invalid complete",
  },
  {
    name: "white space before the first key",
    input: '{ "a": 1, \n"b": 2}',
    value: { "a": 1, "b": 2 },
    span: [0, 18],
    syntaxEnd: 18,
    is: "exact none valid complete",
    members: "a@9 b@18",
  },
  // The scan loop: values
  {
    name: "plain strings, white space before them",
    input: '[ "a",\t"b"]',
    value: ["a", "b"],
    span: [0, 11],
    syntaxEnd: 11,
    is: "exact none valid complete",
  },
  {
    name: "empty plain strings",
    input: '{"a":"", "b": ["", ""]}',
    value: { "a": "", "b": ["", ""] },
    span: [0, 23],
    syntaxEnd: 23,
    is: "exact none valid complete",
  },
  {
    name: "two empty strings side by side: a triple quote's start, R054",
    input: '[""""]',
    value: ["", ""],
    rules: "R054@1 R041@3",
    span: [0, 6],
    syntaxEnd: 6,
    is: "lossy syntactic invalid complete",
  },
  {
    name: "a triple-quoted string in double quotes",
    input: '["""x"""]',
    value: ["", "x", ""],
    rules: "R054@1 R041@3 R041@6",
    span: [0, 9],
    syntaxEnd: 9,
    is: "lossy syntactic invalid complete",
  },
  {
    name: "two plain strings on two lines in an array may be one, R041",
    input: '["a"\n"b"]',
    value: ["a", "b"],
    rules: "R041@5",
    span: [0, 9],
    syntaxEnd: 9,
    is: "lossy syntactic invalid complete",
  },
  {
    name: "two plain members on two lines miss a comma, R006",
    input: '{"a": "x"\n"b": 1}',
    value: { "a": "x", "b": 1 },
    rules: "R006@10",
    span: [0, 17],
    syntaxEnd: 17,
    is: "cosmetic none invalid complete",
    members: "a@11 b@17",
  },
  {
    name: "two numbers on two lines may be one, R041",
    input: "[1\n2]",
    value: [1, 2],
    rules: "R041@3",
    span: [0, 5],
    syntaxEnd: 5,
    is: "lossy syntactic invalid complete",
  },
  {
    name: "numbers: signed, zero, nine",
    input: "[1, -2, 0, 9, -0.5e3]",
    value: [1, -2, 0, 9, -500],
    span: [0, 21],
    syntaxEnd: 21,
    is: "exact none valid complete",
  },
  {
    name: "number members are final at the character after them",
    input: '{"a": 1, "b": -2.5e3}',
    value: { "a": 1, "b": -2500 },
    span: [0, 21],
    syntaxEnd: 21,
    is: "exact none valid complete",
    members: "a@8 b@21",
  },
  {
    name: "a repeated key's number: R032 at the number",
    input: '{"a": 1, "a": 2}',
    value: { "a": 2 },
    rules: "R032@14",
    span: [0, 16],
    syntaxEnd: 16,
    is: "lossy semantic valid complete",
  },
  {
    name: "a number the fast path declines",
    input: "[1.5e+]",
    value: [1.5],
    rules: "R042@1",
    span: [0, 7],
    syntaxEnd: 7,
    is: "lossy none invalid complete",
  },
  {
    name: "a lone minus",
    input: "[- 1]",
    value: [1],
    rules: "R031@1",
    span: [0, 5],
    syntaxEnd: 5,
    is: "lossy none invalid complete",
  },
  {
    name: "the literals",
    input: "[true, false, null]",
    value: [true, false, null],
    span: [0, 19],
    syntaxEnd: 19,
    is: "exact none valid complete",
  },
  {
    name: "literal members are final at the character after them",
    input: '{"a": null, "b": true}',
    value: { "a": null, "b": true },
    span: [0, 22],
    syntaxEnd: 22,
    is: "exact none valid complete",
    members: "a@11 b@22",
  },
  {
    name: "a repeated key's literal: R032 at the literal",
    input: '{"a": true, "a": false}',
    value: { "a": false },
    rules: "R032@17",
    span: [0, 23],
    syntaxEnd: 23,
    is: "lossy semantic valid complete",
  },
  {
    name: "words that start like literals are strings",
    input: "[f, n, nul, fals]",
    value: ["f", "n", "nul", "fals"],
    rules: "R030@1 R030@4 R030@7 R030@12",
    span: [0, 17],
    syntaxEnd: 17,
    is: "lossy syntactic invalid complete",
  },
  {
    name: "a value past max_depth is E020",
    input: "[[1]]",
    options: { "maxDepth": 1 },
    fatal: "E020",
    message:
      "E020 DepthLimit at 1:2 (offset 1): nesting deeper than max_depth 1; flatten the value",
    syntaxEnd: 5,
    is: "exact none invalid complete",
  },
  {
    name: "an object at max_depth is read",
    input: '{"a": {}}',
    options: { "maxDepth": 2 },
    value: { "a": {} },
    span: [0, 9],
    syntaxEnd: 9,
    is: "exact none valid complete",
  },
  {
    name: "an object past max_depth is E020",
    input: '{"a": {}}',
    options: { "maxDepth": 1 },
    fatal: "E020",
    syntaxEnd: 9,
    is: "exact none invalid complete",
  },
  {
    name: "a placeholder, then values",
    input: '[..., 1, ..., "a"]',
    value: [1, "a"],
    rules: "R029@1 R029@9",
    span: [0, 18],
    syntaxEnd: 18,
    is: "lossy none invalid complete",
  },
  {
    name: "a placeholder in an object, then a member",
    input: '{"a": 1, ..., "b": 2}',
    value: { "a": 1, "b": 2 },
    rules: "R029@9",
    span: [0, 21],
    syntaxEnd: 21,
    is: "lossy none invalid complete",
  },
  // The framing around the value (judgeFraming) and refusals
  {
    name: "text before the value that is not framing, R050 at it",
    input: 'Note: do not run this {"a": 1}',
    profile: "agent",
    value: { "a": 1 },
    rules: "R003@0 R050@6",
    refusal: "E011",
    message:
      'E011 AmbiguityRefused at 1:7 (offset 6): R050 NonFramingText: the text "do not run this" is not framing (a lead-in, label, wrapper, fence or sign-off); emit only the value (ambiguity semantic is refused by profile agent)',
    span: [22, 30],
    syntaxEnd: 30,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "a lead-in before the value is framing",
    input: 'Here is the JSON: {"a": 1}',
    profile: "agent",
    value: { "a": 1 },
    rules: "R003@0",
    span: [18, 26],
    syntaxEnd: 26,
    is: "cosmetic none invalid complete",
  },
  {
    name: "source code around the value, R051",
    input: 'const x = {"a": 1};',
    profile: "agent",
    value: { "a": 1 },
    rules: "R003@0 R051@0 R003@18",
    refusal: "E011",
    message:
      'E011 AmbiguityRefused at 1:1 (offset 0): R051 CodeAroundValue: the text "const x =" reads as source code around the value; emit only the value (ambiguity semantic is refused by profile agent)',
    span: [10, 18],
    syntaxEnd: 18,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "text after the value that is not framing, R050 at it",
    input: '{"a": 1} Note that this one is wrong',
    profile: "agent",
    value: { "a": 1 },
    rules: "R003@9 R050@9",
    refusal: "E011",
    message:
      'E011 AmbiguityRefused at 1:10 (offset 9): R050 NonFramingText: the text "Note that this one is wrong" is not framing (a lead-in, label, wrapper, fence or sign-off); emit only the value (ambiguity semantic is refused by profile agent)',
    span: [0, 8],
    syntaxEnd: 8,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "white space around the value needs no judgement",
    input: '  {"a": 1}  \n',
    profile: "agent",
    value: { "a": 1 },
    span: [2, 10],
    syntaxEnd: 10,
    is: "exact none valid complete",
  },
  {
    name: "a comment that marks the value an example, R056",
    input: '{"rm": true /* just an example */}',
    profile: "agent",
    value: { "rm": true },
    rules: "R004@12 R056@12",
    refusal: "E011",
    message:
      "E011 AmbiguityRefused at 1:13 (offset 12): R056 CommentChangesMeaning: ambiguity semantic is refused by profile agent",
    span: [0, 34],
    syntaxEnd: 34,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "only the first comment that changes the meaning is flagged",
    input: '{"a": 1 /* just an example */, "b": 2 /* do not run */}',
    value: { "a": 1, "b": 2 },
    rules: "R004@8 R056@8 R004@38",
    span: [0, 55],
    syntaxEnd: 55,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "a comment that does not change the meaning, then one that does",
    input: '{"a": 1 /* ok */, "b": 2 /* just an example */}',
    value: { "a": 1, "b": 2 },
    rules: "R004@8 R004@25 R056@25",
    span: [0, 47],
    syntaxEnd: 47,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "a closer after the value with nothing after it is redundant, R058",
    input: '{"a": 1}}  ',
    value: { "a": 1 },
    rules: "R058@8",
    span: [0, 9],
    syntaxEnd: 8,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a closer after the value with text after it is garbage, R027",
    input: '{"a": 1}} and more',
    value: { "a": 1 },
    rules: "R027@8",
    span: [0, 8],
    syntaxEnd: 8,
    is: "lossy none invalid complete",
  },
  {
    name: "two candidate values, refused with both places",
    input: '{"a":1}\n{"b":2}',
    profile: "agent",
    value: { "a": 1 },
    rules: "R040@8",
    refusal: "E011",
    message:
      "E011 AmbiguityRefused at 2:1 (offset 8): R040 MultipleCandidates: 2 candidate values, at line 1 column 1 (offset 0), line 2 column 1 (offset 8); emit exactly one value (ambiguity syntactic is refused by profile agent)",
    span: [0, 7],
    syntaxEnd: 7,
    is: "lossy syntactic invalid complete",
  },
  {
    name: "more candidates than are listed",
    input:
      '{"a":1} {"k0":0} {"k1":1} {"k2":2} {"k3":3} {"k4":4} {"k5":5} {"k6":6} {"k7":7} {"k8":8}',
    profile: "agent",
    value: { "a": 1 },
    rules: "R040@8 R040@17 R040@26 R040@35 R040@44 R040@53 R040@62 R040@71 R040@80",
    refusal: "E011",
    message:
      "E011 AmbiguityRefused at 1:9 (offset 8): R040 MultipleCandidates: 10 candidate values, at line 1 column 1 (offset 0), line 1 column 9 (offset 8), line 1 column 18 (offset 17), line 1 column 27 (offset 26), line 1 column 36 (offset 35), line 1 column 45 (offset 44), line 1 column 54 (offset 53), line 1 column 63 (offset 62), line 1 column 72 (offset 71), and 1 more; emit exactly one value (ambiguity syntactic is refused by profile agent)",
    span: [0, 7],
    syntaxEnd: 7,
    is: "lossy syntactic invalid complete",
  },
  // A document escaped once (result, escapedResult)
  {
    name: "an escaped object is read unescaped, R067",
    input: '{\\"a\\": 1}',
    value: { "a": 1 },
    rules: "R067@0",
    span: [0, 10],
    syntaxEnd: 10,
    is: "cosmetic none invalid complete",
  },
  {
    name: "an escaped array is read unescaped",
    input: '[\\"a\\"]',
    value: ["a"],
    rules: "R067@0",
    span: [0, 7],
    syntaxEnd: 7,
    is: "cosmetic none invalid complete",
  },
  {
    // The lead-in makes the escaped array prose as written: no value (E003), which the
    // unescaped reading may replace.
    name: "an escaped array after a lead-in, no value as written, is read unescaped",
    input: 'Here: [\\"b\\", 1]',
    profile: "agent",
    value: ["b", 1],
    rules: "R003@0 R067@6",
    span: [6, 16],
    syntaxEnd: 16,
    is: "cosmetic none invalid complete",
  },
  {
    // The unescaped reading is judged as a whole input (its framing too): R050 there is
    // refused, so the reading as written stays.
    name: "an escaped value after text that is not framing is kept as written",
    input: 'Note: do not run this {\\"a\\": 1}',
    profile: "agent",
    value: {},
    rules: "R003@0 R050@6 R031@23 R010@32 R011@32",
    refusal: "E011",
    span: [22, 32],
    syntaxEnd: 32,
    is: "lossy semantic invalid truncated",
  },
  {
    name: "strict keeps the reading as written",
    input: '{\\"a\\": 1}',
    profile: "strict",
    value: {},
    rules: "R031@1 R010@10 R011@10",
    refusal: "E010",
    span: [0, 10],
    syntaxEnd: 10,
    is: "lossy none invalid truncated",
  },
  {
    name: "an error other than no value keeps the reading as written",
    input: '{\\"a\\": \\"abcdef\\"}',
    options: { "maxToken": 3 },
    rules: "R031@1 R010@19",
    fatal: "E022",
    syntaxEnd: 19,
    is: "lossy none invalid truncated",
  },
  {
    name: "an escaped value inside prose is not read unescaped",
    input: 'say {\\"a\\": 1}',
    value: {},
    rules: "R003@0 R050@0 R031@5 R010@14 R011@14",
    refusal: "E002",
    span: [4, 14],
    syntaxEnd: 14,
    is: "lossy semantic invalid truncated",
  },
  {
    name: "no escaped quote, no unescaped reading",
    input: "{\\'a\\': 1}",
    value: {},
    rules: "R031@1 R008@2 R019@4 R010@10 R011@10",
    span: [0, 10],
    syntaxEnd: 10,
    is: "lossy none invalid truncated",
  },
  // What the result holds (ownResult, refusalError)
  {
    name: "repairs found out of input order are listed in it",
    input: "Note: do not run this {'a': 1}",
    value: { "a": 1 },
    rules: "R003@0 R050@6 R008@23",
    refusal: "E002",
    span: [22, 30],
    syntaxEnd: 30,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "a refusal before the text that is not framing keeps its own message",
    input: 'Note: do not run this {"a": 1}',
    profile: "strict",
    value: { "a": 1 },
    rules: "R003@0 R050@6",
    refusal: "E002",
    message:
      "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON value; skip_prose is off under profile strict",
    span: [22, 30],
    syntaxEnd: 30,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "a fatal error leaves no refusal",
    input: "['abc']",
    profile: "strict",
    options: { "maxToken": 2 },
    rules: "R008@1",
    fatal: "E022",
    syntaxEnd: 7,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a fatal error leaves the framing unjudged",
    input: 'Note: do not run this {"a": "abcdef"}',
    options: { "maxToken": 3 },
    rules: "R003@0",
    fatal: "E022",
    syntaxEnd: 37,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a value cut by the end of the input has its syntax end there",
    input: '[1, {"a": tr',
    value: [1, { "a": true }],
    rules: "R012@10 R011@12 R011@12",
    span: [0, 12],
    syntaxEnd: 12,
    is: "lossy none invalid truncated",
  },
  // Characters the scan loop leaves to the mode functions
  {
    name: "a line comment where a key is due",
    input: '{// c\n"a": 1}',
    value: { "a": 1 },
    rules: "R004@1",
    span: [0, 13],
    syntaxEnd: 13,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a block comment where a key is due",
    input: '{/* c */ "a": 1}',
    value: { "a": 1 },
    rules: "R004@1",
    span: [0, 16],
    syntaxEnd: 16,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a colon where a key is due",
    input: "{:1}",
    value: { "1": null },
    rules: "R031@1 R007@2 R024@3",
    span: [0, 4],
    syntaxEnd: 4,
    is: "lossy none invalid complete",
  },
  {
    name: "a colon after the root value is prose",
    input: '{"a": 1}: 2',
    value: { "a": 1 },
    rules: "R003@8",
    refusal: "E002",
    span: [0, 8],
    syntaxEnd: 8,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a colon in prose before the value",
    input: "Answer: [1, 2]",
    value: [1, 2],
    rules: "R003@0",
    refusal: "E002",
    span: [8, 14],
    syntaxEnd: 14,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a placeholder's comma, then a string",
    input: '[..., "a"]',
    value: ["a"],
    rules: "R029@1",
    span: [0, 10],
    syntaxEnd: 10,
    is: "lossy none invalid complete",
  },
  {
    name: "a placeholder's comma, then a number",
    input: "[...,1]",
    value: [1],
    rules: "R029@1",
    span: [0, 7],
    syntaxEnd: 7,
    is: "lossy none invalid complete",
  },
  {
    name: "a placeholder's comma in an object, then a key",
    input: '{"a":1,...,"b":2}',
    value: { "a": 1, "b": 2 },
    rules: "R029@7",
    span: [0, 17],
    syntaxEnd: 17,
    is: "lossy none invalid complete",
  },
  // Rows added after the first mutation run
  {
    name: "a missing colon before a string: R025, not read as the value at once",
    input: '{"a" "b"}',
    value: { "a": "b" },
    rules: "R025@5",
    span: [0, 9],
    syntaxEnd: 9,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a missing colon before a number",
    input: '{"a" 1}',
    value: { "a": 1 },
    rules: "R025@5",
    span: [0, 7],
    syntaxEnd: 7,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a missing colon before an array",
    input: '{"a" [1]}',
    value: { "a": [1] },
    rules: "R025@5",
    span: [0, 9],
    syntaxEnd: 9,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a missing colon before a literal",
    input: '{"a" true}',
    value: { "a": true },
    rules: "R025@5",
    span: [0, 10],
    syntaxEnd: 10,
    is: "cosmetic none invalid complete",
  },
  {
    name: "plain strings holding only a delimiter",
    input: '[",", ":", "]", "}"]',
    value: [",", ":", "]", "}"],
    span: [0, 20],
    syntaxEnd: 20,
    is: "exact none valid complete",
  },
  {
    name: "text before the value is judged when a second document ended the scan early",
    input: 'Note: do not run this {"a": 1} "x"',
    profile: "agent",
    value: { "a": 1 },
    rules: "R003@0 R050@6 R028@31",
    refusal: "E011",
    span: [22, 30],
    syntaxEnd: 30,
    is: "lossy syntactic invalid complete",
  },
  {
    name:
      "an error other than no value keeps the reading as written, though unescaped it is accepted",
    input: '{\\"a\\": \\"ab\\"}',
    options: { "maxToken": 3 },
    rules: "R031@1 R010@15",
    fatal: "E022",
    message: "E022 TokenTooLarge at 1:3 (offset 2): a string of 9 code units exceeds max_token 3",
    syntaxEnd: 15,
    is: "lossy none invalid truncated",
  },
  {
    name: "an escaped quote in a document that is not escaped",
    input: 'Note: do not run this {"a": "x\\"y"}',
    value: { "a": 'x"y' },
    rules: "R003@0 R050@6",
    refusal: "E002",
    span: [22, 35],
    syntaxEnd: 35,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "a document escaped twice is read unescaped once only",
    input: '{\\\\\\"a\\\\\\": 1}',
    value: {},
    rules: "R031@1 R031@2 R031@3 R010@14 R011@14",
    span: [0, 14],
    syntaxEnd: 14,
    is: "lossy none invalid truncated",
  },
  {
    name: "an escaped document cut by the end of the input",
    input: '{\\"a\\": [1, 2',
    value: {},
    rules: "R031@1 R010@13 R011@13",
    span: [0, 13],
    syntaxEnd: 13,
    is: "lossy none invalid truncated",
  },
  {
    name: "an escaped value after a value: a second candidate",
    input: '{"b": 2} and {\\"a\\": 1}',
    value: { "b": 2 },
    rules: "R003@9 R040@13",
    refusal: "E002",
    span: [0, 8],
    syntaxEnd: 8,
    is: "lossy syntactic invalid complete",
  },
  {
    name: "a sign-off after the value is framing",
    input: '{"a": 1} Hope this helps!',
    profile: "agent",
    value: { "a": 1 },
    rules: "R003@9",
    span: [0, 8],
    syntaxEnd: 8,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a sign-off before the value",
    input: 'Hope this helps! {"a": 1}',
    profile: "agent",
    value: { "a": 1 },
    rules: "R003@0",
    span: [17, 25],
    syntaxEnd: 25,
    is: "cosmetic none invalid complete",
  },
  {
    // A reasoning block is framing only before the value (the tail is judged as a tail).
    name: "a reasoning block after the value is not framing",
    input: '{"a": 1}\n<think>hmm</think>',
    profile: "agent",
    value: { "a": 1 },
    rules: "R003@9 R050@16",
    refusal: "E011",
    span: [0, 8],
    syntaxEnd: 8,
    is: "cosmetic semantic invalid complete",
  },
  {
    name: "a refusal with nothing around the value",
    input: "['a']",
    profile: "strict",
    value: ["a"],
    rules: "R008@1",
    refusal: "E010",
    message:
      "E010 StrictViolation at 1:2 (offset 1): R008 SingleQuotes: exactness cosmetic exceeds max_loss exact",
    span: [0, 5],
    syntaxEnd: 5,
    is: "cosmetic none invalid complete",
  },
  {
    name: "a stray colon where a value is due is dropped, R031",
    input: "[: 1]",
    value: [1],
    rules: "R031@1",
    span: [0, 5],
    syntaxEnd: 5,
    is: "lossy none invalid complete",
  },
  {
    name: "a stray colon after a member's colon",
    input: '{"a": : 1}',
    value: { "a": 1 },
    rules: "R031@6",
    span: [0, 10],
    syntaxEnd: 10,
    is: "lossy none invalid complete",
  },
  {
    name: "a stray colon after a comma in an array",
    input: "[1, : 2]",
    value: [1, 2],
    rules: "R031@4",
    span: [0, 8],
    syntaxEnd: 8,
    is: "lossy none invalid complete",
  },
];

checkRows("driver", ROWS);

/** Chunks fed one after another (not final), then the end of the input. */
interface ChunkRow {
  name: string;
  chunks: readonly string[];
  value: unknown;
  rules: string;
  members: string;
  /**
   * After each chunk: `scanned` (units handed to the scan loop) / chunks held; then `scanned`
   * once the input ended; space-separated.
   */
  trace: string;
}

const CHUNK_ROWS: readonly ChunkRow[] = [
  {
    name: "a chunk wholly inside a value string only grows it",
    chunks: ['{"a": "abc', "def", 'ghi"}'],
    value: { "a": "abcdefghi" },
    rules: "",
    members: "a@18",
    trace: "10/0 13/0 18/0 18",
  },
  {
    name: "a chunk wholly inside a single-quoted string",
    chunks: ['{"a": \'ab', "cd", "ef'}"],
    value: { "a": "abcdef" },
    rules: "R008@6",
    members: "a@15",
    trace: "9/0 11/0 15/0 15",
  },
  {
    name: "a chunk inside a string holding a hazard is read",
    chunks: ['{"a\\u0041": "ab', "\u202e", 'cd"}'],
    value: { "aA": "ab\u202ecd" },
    rules: "R037@15",
    members: "aA@20",
    trace: "15/0 16/0 20/0 20",
  },
  {
    name: "a chunk inside a value string holding a zero-width space only grows it",
    chunks: ['{"a": "ab', "\u200b", 'cd"}'],
    value: { "a": "ab\u200bcd" },
    rules: "",
    members: "a@14",
    trace: "9/0 10/0 14/0 14",
  },
  {
    name: "a chunk inside a key holding a soft hyphen is read (R038)",
    chunks: ["{'ab", "c\u00ad", "d': 1}"],
    value: { "abc\u00add": 1 },
    rules: "R008@1 R038@5",
    members: "abc\u00add@12",
    trace: "4/0 6/0 12/0 12",
  },
  {
    name: "a chunk inside a string holding a quote is read",
    chunks: ['["ab', 'c"d', '"]'],
    value: ['abc"d'],
    rules: "R063@5",
    members: "",
    trace: "4/0 7/0 9/0 9",
  },
  {
    name: "a chunk inside a string holding an escape is read",
    chunks: ['["ab', "c\\nd", '"]'],
    value: ["abc\nd"],
    rules: "",
    members: "",
    trace: "4/0 8/0 10/0 10",
  },
  {
    name: "a plain key cut by chunk ends is read again",
    chunks: ['{"ab', "cd", '": 1}'],
    value: { "abcd": 1 },
    rules: "",
    members: "abcd@11",
    trace: "4/0 11/0 16/0 16",
  },
  {
    name: "digits after a cut number are held",
    chunks: ["[1, 12", "34", ", 5]"],
    value: [1, 1234, 5],
    rules: "",
    members: "",
    trace: "6/0 6/1 12/0 12",
  },
  {
    name: "a dot after a cut number is held",
    chunks: ["[1, 12", ".", "5]"],
    value: [1, 12.5],
    rules: "",
    members: "",
    trace: "6/0 6/1 9/0 9",
  },
  {
    name: "a plus after a cut exponent is held",
    chunks: ["[1, 1e", "+", "5]"],
    value: [1, 100000],
    rules: "",
    members: "",
    trace: "6/0 6/1 11/0 11",
  },
  {
    name: "a minus after a cut exponent is held",
    chunks: ["[1, 1e", "-", "5]"],
    value: [1, 0.00001],
    rules: "",
    members: "",
    trace: "6/0 6/1 11/0 11",
  },
  {
    name: "white space after a string's quote is held",
    chunks: ['{"a": "x\\n" ', "  ", ', "b": 1}'],
    value: { "a": "x\n", "b": 1 },
    rules: "",
    members: "a@15 b@23",
    trace: "12/0 12/1 25/0 25",
  },
  {
    name: "white space of every kind after a string's quote is held",
    chunks: ['{"a": "x\\n" ', " \n\t\r", "}"],
    value: { "a": "x\n" },
    rules: "",
    members: "a@17",
    trace: "12/0 12/1 19/0 19",
  },
  {
    name: "a line comment's text is held until its line ends",
    chunks: ["[1 // c", "omment", "\n]"],
    value: [1],
    rules: "R004@3",
    members: "",
    trace: "7/0 7/1 19/0 19",
  },
  {
    name: "a block comment's text is held until a slash",
    chunks: ["[1 /* a", " b *", "/]"],
    value: [1],
    rules: "R004@3",
    members: "",
    trace: "7/0 7/1 14/0 14",
  },
  {
    name: "a bare word's letters are held until a delimiter",
    chunks: ["[hello wor", "ld", "]"],
    value: ["hello world"],
    rules: "R030@1",
    members: "",
    trace: "10/0 10/1 22/0 22",
  },
  {
    name: "a brace ends a held bare word",
    chunks: ["[hello wor", "ld", "}"],
    value: ["hello world"],
    rules: "R030@1 R026@12",
    members: "",
    trace: "10/0 10/1 22/0 22",
  },
  {
    name: "a quote ends a held bare word",
    chunks: ["[hello wor", "ld", '"b"', "]"],
    value: ["hello world", "b"],
    rules: "R030@1 R006@12",
    members: "",
    trace: "10/0 10/1 24/0 26/0 26",
  },
  {
    name: "a single quote ends a held bare word",
    chunks: ["[hello wor", "ld", "'b'", "]"],
    value: ["hello world", "b"],
    rules: "R030@1 R006@12 R008@12",
    members: "",
    trace: "10/0 10/1 24/0 26/0 26",
  },
  {
    name: "a bracket ends a held bare word",
    chunks: ["[hello wor", "ld", "[", "]]"],
    value: ["hello world", []],
    rules: "R030@1 R006@12",
    members: "",
    trace: "10/0 10/1 22/0 24/0 24",
  },
  {
    name: "an opening brace ends a held bare word",
    chunks: ["[hello wor", "ld", "{", "}]"],
    value: ["hello world", {}],
    rules: "R030@1 R006@12",
    members: "",
    trace: "10/0 10/1 22/0 24/0 24",
  },
  {
    name: "a line feed ends a held bare word",
    chunks: ["[hello wor", "ld", "\n2", "]"],
    value: ["hello world", 2],
    rules: "R030@1 R006@13",
    members: "",
    trace: "10/0 10/1 23/0 24/0 24",
  },
  {
    name: "a carriage return ends a held bare word",
    chunks: ["[hello wor", "ld", "\r2", "]"],
    value: ["hello world", 2],
    rules: "R030@1 R006@13",
    members: "",
    trace: "10/0 10/1 23/0 24/0 24",
  },
  {
    name: "a colon ends a held bare word",
    chunks: ["{a: hello wor", "ld", ": 1", "}"],
    value: { "1": null, "a": "hello world" },
    rules: "R007@1 R030@4 R031@15 R006@17 R007@17 R024@18",
    members: "a@16 1@18",
    trace: "13/0 13/1 27/0 29/0 29",
  },
  {
    name: "a comma ends a held bare word",
    chunks: ["[hello wor", "ld", ", 2", "]"],
    value: ["hello world", 2],
    rules: "R030@1",
    members: "",
    trace: "10/0 10/1 24/0 25/0 25",
  },
  {
    name: "a comma does not end a held block comment",
    chunks: ["[1 /* a", " b, c", " */]"],
    value: [1],
    rules: "R004@3",
    members: "",
    trace: "7/0 7/1 17/0 17",
  },
  {
    name: "prose before the value is held until a value can start",
    chunks: ["Here is ", "the answer: ", '{"a": 1}'],
    value: { "a": 1 },
    rules: "R003@0",
    members: "a@28",
    trace: "8/0 8/1 30/0 30",
  },
  {
    name: "a tilde in prose before the value resumes the scan",
    chunks: ["Here is ", "the ~answer: ", '{"a": 1}'],
    value: { "a": 1 },
    rules: "R003@0",
    members: "a@29",
    trace: "8/0 23/0 33/0 33",
  },
  {
    name: "a backtick after held prose resumes the scan",
    chunks: ["Here is ", "the answer: ", "`", '{"a": 1}`'],
    value: { "a": 1 },
    rules: "R003@0 R003@29",
    members: "a@29",
    trace: "8/0 8/1 23/0 34/0 35",
  },
  {
    name: "a bracket after held prose resumes the scan",
    chunks: ["Here is ", "the answer: ", "[true", "]"],
    value: [true],
    rules: "R003@0",
    members: "",
    trace: "8/0 8/1 27/0 33/0 33",
  },
  {
    name: "prose after the value is read as it comes",
    chunks: ['{"a": 1}', " and", " more"],
    value: { "a": 1 },
    rules: "R003@9",
    members: "a@8",
    trace: "8/0 12/0 17/0 17",
  },
  {
    name: "a second candidate after the value",
    chunks: ['{"a": 1}', '{"b"', ": 2}"],
    value: { "a": 1 },
    rules: "R040@8",
    members: "a@8",
    trace: "8/0 12/0 16/0 16",
  },
  {
    name: "a second document ends the scan: what follows is not read",
    chunks: ['{"a": 1} "x"', " and", " more"],
    value: { "a": 1 },
    rules: "R028@9",
    members: "a@8",
    trace: "12/0 12/0 12/0 12",
  },
  {
    name: "text before a value that a second document ended is judged at the end",
    chunks: ['Note: do not run this {"a": 1} "x"', " more"],
    value: { "a": 1 },
    rules: "R003@0 R050@6 R028@31",
    members: "a@30",
    trace: "34/0 34/0 34",
  },
  {
    name: "tiny chunks gathered, then a long one",
    chunks: [
      "N",
      "o",
      "t",
      "e",
      ":",
      " ",
      "d",
      "o",
      " ",
      "n",
      "o",
      "t",
      ' run this one at all {"a": 1}',
    ],
    value: { "a": 1 },
    rules: "R003@0 R050@6",
    members: "a@41",
    trace: "1/0 1/1 1/2 1/3 6/0 6/1 6/2 6/3 6/4 6/5 6/6 6/7 44/0 44",
  },
  {
    name: "a long chunk, then tiny ones",
    chunks: ['{"a": 1} and then', " ", "n", "o", " ", "m", "o", "r", "e"],
    value: { "a": 1 },
    rules: "R003@9 R050@9",
    members: "a@8",
    trace: "17/0 18/0 19/0 20/0 21/0 22/0 23/0 24/0 25/0 25",
  },
];

for (const row of CHUNK_ROWS) {
  Deno.test(`driver: ${row.name}`, () => {
    const scanner = new Scanner(PROFILES.permissive, true);
    const trace: string[] = [];
    for (const chunk of row.chunks) {
      scanner.feed(chunk, false);
      trace.push(`${scanner.scanned}/${scanner.pending.length}`);
    }
    scanner.feed("", true);
    trace.push(`${scanner.scanned}`);
    const result = scanner.result();
    assert.deepStrictEqual(result.value, row.value);
    assert.strictEqual(result.repairs.map((r) => `${r.rule}@${r.offset}`).join(" "), row.rules);
    assert.strictEqual(result.members.map((m) => `${m.name}@${m.end}`).join(" "), row.members);
    assert.strictEqual(trace.join(" "), row.trace);
    // Fed in chunks or whole, the result is the same.
    const whole = scan(row.chunks.join(""), PROFILES.permissive, true);
    assert.deepStrictEqual({ ...result }, { ...whole });
  });
}

/** `settlesOn` after the chunks (not final): what must be read before a member can settle. */
const SETTLES: readonly { name: string; chunks: readonly string[]; members?: false; on: string }[] =
  [
    { name: "before any input", chunks: [], on: "" },
    { name: "inside an array in a member", chunks: ['{"a":{"b":[1,'], on: "]}" },
    { name: "inside a member's string", chunks: ['{"a":{"b":[1,', '2]},"c":"tex'], on: '"' },
    { name: "inside a member's single-quoted string", chunks: ['{"a": \'te'], on: "'" },
    { name: "between members of the root object", chunks: ['{"a": 1, '], on: "" },
    { name: "inside a root array", chunks: ["[1, "], on: "]}" },
    {
      name: "in a root object, members not tracked",
      chunks: ['{"a": 1, '],
      members: false,
      on: "]}",
    },
    { name: "in a string, members not tracked", chunks: ['{"a": "x'], members: false, on: "]}" },
    { name: "in a string inside an array in the root", chunks: ['[{"a": "x'], on: "]}" },
    { name: "a string holding a brace", chunks: ['{"a": "x}'], on: '"' },
    { name: "a quote kept while what follows it is read", chunks: ['{"a": "x"'], on: "" },
    { name: "a quote and a space kept", chunks: ['{"a": "x" '], on: "" },
    {
      name: "a dot kept while a placeholder is told from a stray dot",
      chunks: ['{"a": [.'],
      on: "]}",
    },
    { name: "a closer kept with the dot", chunks: ['{"a": [.}'], on: "" },
    { name: "a held chunk holding a closer", chunks: ['{"a": [1 // c', "]}"], on: "" },
    { name: "a held chunk holding no closer", chunks: ['{"a": [1 // c', "x"], on: "]}" },
    { name: "after the root closed", chunks: ['{"a": 1}'], on: "" },
  ];

for (const row of SETTLES) {
  Deno.test(`driver: settlesOn ${row.name}`, () => {
    const scanner = new Scanner(PROFILES.permissive, row.members ?? true);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    assert.strictEqual(scanner.settlesOn(), row.on);
  });
}

Deno.test("driver: settlesOn once the input ended", () => {
  const scanner = new Scanner(PROFILES.permissive, true);
  scanner.feed('{"a": [1,', true);
  assert.strictEqual(scanner.settlesOn(), "");
});

Deno.test("driver: feeding the end again judges the framing once", () => {
  const text = 'Note: do not run this {"a": 1 /* just an example */}';
  const scanner = new Scanner(PROFILES.permissive);
  scanner.feed(text, true);
  const once = scanner.result().repairs.map((r) => `${r.rule}@${r.offset}`).join(" ");
  scanner.feed("", true);
  const twice = scanner.result().repairs.map((r) => `${r.rule}@${r.offset}`).join(" ");
  assert.strictEqual(once, "R003@0 R050@6 R004@30 R056@30");
  assert.strictEqual(twice, once);
});

Deno.test("driver: a document escaped once is read unescaped only once the input ended", () => {
  const scanner = new Scanner(PROFILES.permissive);
  scanner.feed('{\\"a\\": 1}', false);
  assert.strictEqual(scanner.result().repairs.some((r) => r.rule === "R067"), false);
  scanner.feed("", true);
  assert.deepStrictEqual(scanner.result().value, { a: 1 });
  assert.strictEqual(scanner.result().repairs[0].rule, "R067");
});

Deno.test("driver: a chunk over max_input after a value was read drops it", () => {
  const scanner = new Scanner({ ...PROFILES.permissive, maxInput: 12 }, true);
  scanner.feed("xx {'a': 1,", false);
  assert.deepStrictEqual(scanner.members.length, 1);
  scanner.feed(' "b": 2}', false);
  scanner.feed(" more", true);
  const result = scanner.result();
  assert.deepStrictEqual(
    [result.fatal?.code, result.repairs, result.members, result.valueStart, result.valueEnd],
    ["E021", [], [], 0, 0],
  );
  assert.deepStrictEqual(
    [result.exactness, result.ambiguity, result.completeness, result.syntaxEnd, result.length],
    ["exact", "none", "complete", 24, 24],
  );
});

Deno.test("driver: scan tracks no members unless asked", () => {
  assert.deepStrictEqual(scan('{"a": 1}', PROFILES.permissive).members, []);
  assert.deepStrictEqual(scan('{"a": 1}', PROFILES.permissive, true).members, [{
    name: "a",
    end: 8,
  }]);
});

Deno.test("driver: a document read in one final chunk counts no work", () => {
  const scanner = new Scanner(PROFILES.permissive);
  scanner.feed('{"a": [1, "x", true]}', true);
  assert.deepStrictEqual([scanner.scanned, scanner.rareState], [0, null]);
});
