/**
 * Value position (`engine/scanner/value_mode.ts`): every token that may start a value, read by the
 * mode's own function, which the scan loop hands a value after a placeholder (`[... x]`) or one
 * its fast lane declines; a missing value (`R024`), a comma or closer where a value goes, a
 * number or word cut or past `max_token`, tuples, format characters and stray characters; members'
 * ends and `R032` offsets of values read there, root numbers' spans, and how much of a value cut by
 * a chunk end is read again (`scanned`).
 *
 * @module
 */

import assert from "node:assert/strict";
import { Scanner } from "../../engine/scanner/mod.ts";
import { PROFILES } from "../../engine/profiles.ts";
import { runScanCases, type ScanCase } from "./scan_cases.ts";
import { checkRows, type ScanRow } from "./scan_rows.ts";

const ROWS: readonly ScanCase[] = [
  {
    name: "after a placeholder (no comma), an object",
    text: '[... {"a": 1}]',
    value: [{ "a": 1 }],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), an array",
    text: "[... [1]]",
    value: [[1]],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), a string",
    text: '[... "x"]',
    value: ["x"],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), an empty string",
    text: '[... ""]',
    value: [""],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), a string with an escape",
    text: '[... "a\\nb"]',
    value: ["a\nb"],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), a single-quoted string",
    text: "[... 'x']",
    value: ["x"],
    rules: "R029@1 R008@5",
  },
  {
    name: "after a placeholder (no comma), a curly-quoted string",
    text: "[... \u201cx\u201d]",
    value: ["x"],
    rules: "R029@1 R009@5",
  },
  {
    name: "after a placeholder (no comma), a number",
    text: "[... 12]",
    value: [12],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), a glued number",
    text: "[... 12abc]",
    value: [12, "abc"],
    rules: "R029@1 R041@7 R030@7",
  },
  {
    name: "after a placeholder (no comma), true",
    text: "[... true]",
    value: [true],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), false",
    text: "[... false]",
    value: [false],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), null",
    text: "[... null]",
    value: [null],
    rules: "R029@1",
  },
  {
    name: "after a placeholder (no comma), a literal and a closer",
    text: "[... null ]",
    value: [null],
    rules: "R029@1",
  },
  { name: "after a placeholder, a comma", text: "[..., , 1]", value: [1], rules: "R029@1 R031@6" },
  {
    name: "after a placeholder without a comma, a value",
    text: "[... 1]",
    value: [1],
    rules: "R029@1",
  },
  {
    name: "after a placeholder without a comma, a comma",
    text: "[... , 1]",
    value: [1],
    rules: "R029@1",
  },
  {
    name: "an empty string then a quote: a triple quote",
    text: '["""text"""]',
    value: ["", "text", ""],
    rules: "R054@1 R041@3 R041@9",
  },
  {
    name: "a member with no value before the brace",
    text: '{"a":}',
    value: { "a": null },
    rules: "R024@5",
    members: "a@5",
  },
  {
    name: "a member with no value before a comma",
    text: '{"a": , "b": 1}',
    value: { "a": null, "b": 1 },
    rules: "R024@6",
    members: "a@6 b@15",
  },
  {
    name: "a member with no value before a bracket",
    text: '{"a": ]',
    value: { "a": null },
    rules: "R024@6 R026@6",
    members: "a@6",
  },
  {
    name: "a comma where a value goes in an array",
    text: "[1,,2]",
    value: [1, 2],
    rules: "R031@3",
  },
  { name: "a comma first in an array", text: "[,1]", value: [1], rules: "R031@1" },
  {
    name: "a closer at the root before the value",
    text: ']{"a": 1}',
    value: { "a": 1 },
    rules: "R003@0",
    refusal: "E002",
    members: "a@9",
  },
  {
    name: "a closer at the root where the value is due, after a dropped sign and dot",
    text: "-.]1",
    value: 1,
    rules: "R031@0 R031@2",
  },
  {
    name: "a brace at the root where the value is due, after a dropped sign and dot",
    text: "-.}1",
    value: 1,
    rules: "R031@0 R031@2",
  },
  {
    name: "a comma at the root where the value is due, after a dropped sign and dot",
    text: "-.,1",
    value: 1,
    rules: "R031@0 R031@2",
  },
  { name: "a trailing comma", text: "[1, 2,]", value: [1, 2], rules: "R005@5" },
  {
    name: "a trailing comma before a wrong closer",
    text: '{"a": [1, 2,}, "b": 3}',
    value: { "a": [1, 2], "b": 3 },
    rules: "R005@11 R064@12",
    members: "a@13 b@22",
  },
  { name: "a closer after an opener", text: "[]", value: [], rules: "" },
  { name: "a closer right after an inner opener", text: "[[]]", value: [[]], rules: "" },
  {
    name: "a hash in value position is content",
    text: "[#ff0000]",
    value: ["#ff0000"],
    rules: "R030@1",
  },
  {
    name: "a hash among members is content",
    text: '{"c": #ff0000}',
    value: { "c": "#ff0000" },
    rules: "R030@6",
    members: "c@14",
  },
  { name: "a comment in value position", text: "[/* c */ 1]", value: [1], rules: "R004@1" },
  {
    name: "a line comment in value position",
    text: '{"a": // c\n1}',
    value: { "a": 1 },
    rules: "R004@6",
    members: "a@13",
  },
  { name: "an ellipsis in value position", text: "[\u2026]", value: [], rules: "R029@1" },
  { name: "a format character in value position", text: "[\u200b1]", value: [1], rules: "R039@1" },
  { name: "a no-break space in value position", text: "[\u00a01]", value: [1], rules: "R039@1" },
  { name: "a plus sign", text: "[+1]", value: [1], rules: "R055@1" },
  { name: "a leading dot", text: "[.5]", value: [0.5], rules: "R021@1" },
  { name: "a lone dot", text: "[.]", value: [], rules: "R031@1" },
  { name: "a lone sign", text: "[-]", value: [], rules: "R031@1" },
  { name: "a lone sign before a value", text: "[- 1]", value: [1], rules: "R031@1" },
  { name: "two dots then a digit", text: "[..5]", value: [0.5], rules: "R031@1 R021@2" },
  { name: "a glued number", text: "[12abc]", value: [12, "abc"], rules: "R041@3 R030@3" },
  { name: "a number and an underscore", text: "[80_4]", value: [804], rules: "R060@1" },
  {
    name: "a number then a space and a word",
    text: "[12 abc]",
    value: [12, "abc"],
    rules: "R041@4 R030@4",
  },
  { name: "two numbers", text: "[1 2]", value: [1, 2], rules: "R041@3" },
  {
    name: "a number at the end of the input",
    text: "[12",
    value: [12],
    rules: "R013@1 R011@3",
    completeness: "truncated",
  },
  {
    name: "a bare word",
    text: '{"a": [hello]}',
    value: { "a": ["hello"] },
    rules: "R030@7",
    members: "a@13",
  },
  {
    name: "a bare word at the end of the input",
    text: '{"a": [hel',
    value: { "a": ["hel"] },
    rules: "R030@7 R010@10 R011@10 R011@10",
    completeness: "truncated",
  },
  {
    name: "a literal prefix at the end of the input",
    text: "[tr",
    value: [true],
    rules: "R012@1 R011@3",
    completeness: "truncated",
  },
  { name: "a Python literal", text: "[True, None]", value: [true, null], rules: "R015@1 R015@7" },
  { name: "a tuple", text: "[(1, 2)]", value: [[1, 2]], rules: "R065@6" },
  {
    name: "a tuple with a trailing comma",
    text: "[(1, 2,)]",
    value: [[1, 2]],
    rules: "R005@6 R065@7",
  },
  { name: "an empty tuple", text: "[()]", value: [[]], rules: "R065@2" },
  { name: "a tuple holding a placeholder", text: "[(... )]", value: [[]], rules: "R029@2 R065@6" },
  {
    name: "a stray character first in a tuple",
    text: "[(@1)]",
    value: [[1]],
    rules: "R031@2 R066@4",
  },
  {
    name: "a stray character after a comma in a tuple",
    text: "[(1, @)]",
    value: [[1]],
    rules: "R005@3 R031@5 R065@6",
  },
  { name: "a parenthesized string", text: '[("a")]', value: [["a"]], rules: "R066@5" },
  { name: "a stray closing parenthesis", text: "[1, )]", value: [1], rules: "R005@2 R031@4" },
  { name: "a stray character", text: "[@]", value: [], rules: "R031@1" },
  { name: "a number glued to a dot", text: "[1.2.3]", value: [1.2, 0.3], rules: "R041@4 R021@4" },
  {
    name: "an IP address",
    text: "[192.168.1.1]",
    value: [192.168, 0.1, 0.1],
    rules: "R041@8 R021@8 R041@10 R021@10",
  },
  { name: "a date", text: "[2024-11-15]", value: [2024, -11, -15], rules: "R041@5 R041@8" },
  { name: "two strings side by side", text: '["a" "b"]', value: ["a", "b"], rules: "R041@5" },
  {
    name: "a value past max_depth after a placeholder",
    text: "[... [[1]]]",
    options: { "profile": "permissive", "maxDepth": 2 },
    rules: "R029@1",
    fatal: "E020 DepthLimit at 1:7 (offset 6): nesting deeper than max_depth 2; flatten the value",
  },
  {
    name: "a tuple past max_depth",
    text: "[[(1)]]",
    options: { "profile": "permissive", "maxDepth": 2 },
    rules: "",
    fatal: "E020 DepthLimit at 1:3 (offset 2): nesting deeper than max_depth 2; flatten the value",
  },
  {
    name: "a word past max_token",
    text: '{"a": abcdefghijk}',
    options: { "profile": "permissive", "maxToken": 8 },
    rules: "",
    fatal: "E022 TokenTooLarge at 1:7 (offset 6): a word of 11 code units exceeds max_token 8",
  },
  {
    name: "a number past max_token",
    text: "[1234567890123]",
    options: { "profile": "permissive", "maxToken": 8 },
    rules: "",
    fatal: "E022 TokenTooLarge at 1:2 (offset 1): a number of 13 code units exceeds max_token 8",
  },
  {
    name: "a number past max_token after a placeholder",
    text: "[... 1234567890123]",
    options: { "profile": "permissive", "maxToken": 8 },
    rules: "R029@1",
    fatal: "E022 TokenTooLarge at 1:6 (offset 5): a number of 13 code units exceeds max_token 8",
  },
  {
    name: "a closer at the root after a value",
    text: '{"a": 1}]',
    value: { "a": 1 },
    rules: "R027@8",
    members: "a@8",
  },
  {
    name: "a literal cut then read whole",
    text: '{"a": [nul',
    value: { "a": [null] },
    rules: "R012@7 R011@10 R011@10",
    completeness: "truncated",
  },
  {
    name: "a placeholder cut by the end of the input",
    text: "[1, ..",
    value: [1],
    rules: "R031@4 R013@5 R011@6",
    completeness: "truncated",
  },
  {
    name: "after a placeholder (no comma), an object as a member's value",
    text: '{"x": 1, ... "a": {"b": 1}, "c": 2}',
    value: { "x": 1, "a": { "b": 1 }, "c": 2 },
    rules: "R029@9",
    members: "x@8 a@26 c@35",
  },
  {
    name: "after a placeholder (no comma), a string then a member",
    text: '{"x": [... "s"], "c": 2}',
    value: { "x": ["s"], "c": 2 },
    rules: "R029@7",
    members: "x@15 c@24",
  },
  {
    name: "after a placeholder (no comma), a number then a member",
    text: '{"x": [... 12], "c": 2}',
    value: { "x": [12], "c": 2 },
    rules: "R029@7",
    members: "x@14 c@23",
  },
  {
    name: "after a placeholder (no comma), a literal then a member",
    text: '{"x": [... true], "c": 2}',
    value: { "x": [true], "c": 2 },
    rules: "R029@7",
    members: "x@16 c@25",
  },
  {
    name: "after a placeholder (no comma), a word then a member",
    text: '{"x": [... abc], "c": 2}',
    value: { "x": ["abc"], "c": 2 },
    rules: "R029@7 R030@11",
    members: "x@15 c@24",
  },
  {
    name: "after a placeholder, a member's string value (final at its closing quote)",
    text: '{"a": ... "s", "b": 1}',
    value: { "a": "s", "b": 1 },
    rules: "R029@6",
    members: "a@14 b@22",
  },
  {
    name: "after a placeholder, a member's empty string",
    text: '{"a": ... "", "b": 1}',
    value: { "a": "", "b": 1 },
    rules: "R029@6",
    members: "a@13 b@21",
  },
  {
    name: "after a placeholder, a member's single-curly-quoted string",
    text: '{"a": ... \u2018x\u2019, "b": 1}',
    value: { "a": "x", "b": 1 },
    rules: "R029@6 R009@10",
    members: "a@14 b@22",
  },
  {
    name: "after a placeholder, a member's true (final after its delimiter)",
    text: '{"a": ... true, "b": 1}',
    value: { "a": true, "b": 1 },
    rules: "R029@6",
    members: "a@15 b@23",
  },
  {
    name: "after a placeholder, a member's false",
    text: '{"a": ... false, "b": 1}',
    value: { "a": false, "b": 1 },
    rules: "R029@6",
    members: "a@16 b@24",
  },
  {
    name: "after a placeholder, a member's null",
    text: '{"a": ... null, "b": 1}',
    value: { "a": null, "b": 1 },
    rules: "R029@6",
    members: "a@15 b@23",
  },
  {
    name: "after a placeholder, a member's number",
    text: '{"a": ... 12, "b": 1}',
    value: { "a": 12, "b": 1 },
    rules: "R029@6",
    members: "a@13 b@21",
  },
  {
    name: "after a placeholder, a member's negative number",
    text: '{"a": ... -1, "b": 1}',
    value: { "a": -1, "b": 1 },
    rules: "R029@6",
    members: "a@13 b@21",
  },
  {
    name: "after a placeholder, a member's bare word",
    text: '{"a": ... x, "b": 1}',
    value: { "a": "x", "b": 1 },
    rules: "R029@6 R030@10",
    members: "a@12 b@20",
  },
  {
    name: "after a placeholder, a member's array",
    text: '{"a": ... [1], "b": 1}',
    value: { "a": [1], "b": 1 },
    rules: "R029@6",
    members: "a@13 b@22",
  },
  {
    name: "after a placeholder, a member with no value",
    text: '{"a": ... }',
    value: { "a": null },
    rules: "R029@6 R024@10",
    members: "a@10",
  },
  {
    name: "a member's number with a plus sign (final after its delimiter)",
    text: '{"a": +1, "b": 2}',
    value: { "a": 1, "b": 2 },
    rules: "R055@6",
    members: "a@9 b@17",
  },
  {
    name: "a member's number with a plus sign at the end of the input",
    text: '{"a": +1',
    value: { "a": 1 },
    rules: "R013@6 R055@6 R011@8",
    members: "a@8",
    completeness: "truncated",
  },
  {
    name: "a member's bare word (final after its delimiter)",
    text: '{"a": x, "b": 1}',
    value: { "a": "x", "b": 1 },
    rules: "R030@6",
    members: "a@8 b@16",
  },
  {
    name: "a member's bare word at the end of the input",
    text: '{"a": x',
    value: { "a": "x" },
    rules: "R030@6 R010@7 R011@7",
    members: "a@7",
    completeness: "truncated",
  },
  {
    name: "a repeated member's number with a plus sign, flagged at its sign",
    text: '{"a": 1, "a": +2}',
    value: { "a": 2 },
    rules: "R055@14 R032@14",
    members: "a@8 a@17",
  },
  {
    name: "a repeated member's leading-dot number, flagged at its dot",
    text: '{"a": 1, "a": .5}',
    value: { "a": 0.5 },
    rules: "R021@14 R032@14",
    members: "a@8 a@17",
  },
  {
    name: "a repeated member's bare word, flagged at its start",
    text: '{"a": 1, "a": x}',
    value: { "a": "x" },
    rules: "R030@14 R032@14",
    members: "a@8 a@16",
  },
  {
    name: "a repeated member's tuple, flagged at its parenthesis",
    text: '{"a": 1, "a": (1)}',
    value: { "a": [1] },
    rules: "R032@14 R066@16",
    members: "a@8 a@17",
  },
  {
    name: "after a placeholder, a repeated member's true, flagged at its start",
    text: '{"a": 1, "a": ... true}',
    value: { "a": true },
    rules: "R029@14 R032@18",
    members: "a@8 a@23",
  },
  {
    name: "after a placeholder, a repeated member's string, flagged at its quote",
    text: '{"a": 1, "a": ... ""}',
    value: { "a": "" },
    rules: "R029@14 R032@18",
    members: "a@8 a@21",
  },
  {
    name: "after a placeholder, a repeated member's number, flagged at its start",
    text: '{"a": 1, "a": ... 12}',
    value: { "a": 12 },
    rules: "R029@14 R032@18",
    members: "a@8 a@21",
  },
  {
    name: "after a placeholder, a repeated member's array, flagged at its bracket",
    text: '{"a": 1, "a": ... [1]}',
    value: { "a": [1] },
    rules: "R029@14 R032@18",
    members: "a@8 a@21",
  },
  {
    name: "after a placeholder, a repeated member's object, flagged at its brace",
    text: '{"a": 1, "a": ... {}}',
    value: { "a": {} },
    rules: "R029@14 R032@18",
    members: "a@8 a@20",
  },
  {
    name: "a single-curly-quoted string",
    text: "[\u2018x\u2019, 1]",
    value: ["x", 1],
    rules: "R009@1",
  },
  {
    name: "after a placeholder, two strings side by side",
    text: '[... "a" "b"]',
    value: ["a", "b"],
    rules: "R029@1 R041@9",
  },
  {
    name: "after a placeholder, a string starting with a comma",
    text: '[... ",a"]',
    value: [",a"],
    rules: "R029@1",
  },
  {
    name: "after a placeholder, strings glued",
    text: '[... "a""b"]',
    value: ["a", "b"],
    rules: "R029@1 R041@8",
  },
  {
    name: "after a placeholder, a triple quote",
    text: '[..."""a"""]',
    value: ["", "a", ""],
    rules: "R029@1 R054@4 R041@6 R041@9",
  },
  {
    name: "after a placeholder, a number then a string",
    text: '[... 1 "a"]',
    value: [1, "a"],
    rules: "R029@1 R006@7",
  },
  {
    name: "after a placeholder, a number glued to a word with a plus sign",
    text: "[... +12abc]",
    value: [12, "abc"],
    rules: "R029@1 R055@5 R041@8 R030@8",
  },
  {
    name: "after a placeholder, a word that only starts as a literal",
    text: "[... truex]",
    value: ["truex"],
    rules: "R029@1 R030@5",
  },
  {
    name: "after a placeholder, a literal then a number",
    text: "[... true 1]",
    value: [true, 1],
    rules: "R029@1 R006@10",
  },
  {
    name: "a number with a plus sign glued to a word",
    text: "[+12abc]",
    value: [12, "abc"],
    rules: "R055@1 R041@4 R030@4",
  },
  {
    name: "a number with a plus sign then a number",
    text: "[+1 2]",
    value: [1, 2],
    rules: "R055@1 R041@4",
  },
  {
    name: "an array past max_depth right after a placeholder",
    text: "[... [1]]",
    options: { "profile": "permissive", "maxDepth": 1 },
    rules: "R029@1",
    fatal: "E020 DepthLimit at 1:6 (offset 5): nesting deeper than max_depth 1; flatten the value",
  },
  {
    name: "an object past max_depth right after a placeholder",
    text: "[... {}]",
    options: { "profile": "permissive", "maxDepth": 1 },
    rules: "R029@1",
    fatal: "E020 DepthLimit at 1:6 (offset 5): nesting deeper than max_depth 1; flatten the value",
  },
  {
    name: "a tuple past max_depth right after a placeholder",
    text: "[... (1)]",
    options: { "profile": "permissive", "maxDepth": 1 },
    rules: "R029@1",
    fatal: "E020 DepthLimit at 1:6 (offset 5): nesting deeper than max_depth 1; flatten the value",
  },
  {
    name: "after a placeholder, a string then a string on the next line",
    text: '[... "a"\n"b"]',
    value: ["a", "b"],
    rules: "R029@1 R041@9",
  },
  {
    name: "a member's number glued to a word (one token split, not a missing comma)",
    text: '{"a": 12abc, "b": 1}',
    value: { "a": 12, "abc": null, "b": 1 },
    rules: "R041@8 R007@8 R024@11",
    members: "a@9 abc@11 b@20",
  },
];

runScanCases("value mode", ROWS);

/**
 * A root number the scan loop declines (a plus sign, a leading dot): `valueNumber` ends the value
 * at its last digit (`valueEnd`) and the syntax at the character after it, or at the input's end.
 */
const ROOT_ROWS: readonly ScanRow[] = [
  {
    name: "a root number with a plus sign ends at the input's end",
    input: "+1",
    value: 1,
    rules: "R055@0",
    span: [0, 2],
    syntaxEnd: 2,
  },
  {
    name: "a root number with a plus sign, then a space",
    input: "+1 ",
    value: 1,
    rules: "R055@0",
    span: [0, 2],
    syntaxEnd: 3,
  },
  {
    name: "a root number with a leading dot, then a space",
    input: ".5 ",
    value: 0.5,
    rules: "R021@0",
    span: [0, 2],
    syntaxEnd: 3,
  },
  {
    name: "a root negative number with a leading dot, then a space",
    input: "-.5 ",
    value: -0.5,
    rules: "R021@0",
    span: [0, 3],
    syntaxEnd: 4,
  },
];

checkRows("value mode", ROOT_ROWS);

/**
 * How much of a value cut by a chunk end is read again (`scanned` less the input's length): a
 * number or a literal prefix the scan loop declines at the chunk end is read on from the digits or
 * letters read so far (`NUMBER_REST`, `LITERAL_REST`), once; a token that turns out otherwise (a
 * word after the digits, a word that only starts as a literal) and a number with a sign or a
 * leading dot are read again from their start.
 */
const READ_AGAIN: readonly { name: string; chunks: string[]; value: unknown; again: number }[] = [
  { name: "a number", chunks: ['{"k": [12', "34]}"], value: { k: [1234] }, again: 0 },
  {
    name: "a number cut thrice",
    chunks: ['{"k": [1', "2", "3", "4]}"],
    value: { k: [1234] },
    again: 0,
  },
  {
    name: "a number after a placeholder",
    chunks: ['{"k": [... 12', "34]}"],
    value: { k: [1234] },
    again: 0,
  },
  {
    name: "a number with a plus sign",
    chunks: ['{"k": [+12', "34]}"],
    value: { k: [1234] },
    again: 3,
  },
  { name: "a minus sign", chunks: ['{"k": [-', "12]}"], value: { k: [-12] }, again: 1 },
  { name: "a leading dot", chunks: ['{"k": [.', "5]}"], value: { k: [0.5] }, again: 1 },
  { name: "two dots of a placeholder", chunks: ['{"k": [..', ".]}"], value: { k: [] }, again: 2 },
  { name: "a number's exponent", chunks: ['{"k": [1e', "5]}"], value: { k: [100000] }, again: 2 },
  {
    name: "a number then a word",
    chunks: ['{"k": [12', "abc]}"],
    value: { k: [12, "abc"] },
    again: 7,
  },
  { name: "a literal", chunks: ['{"k": [tr', "ue]}"], value: { k: [true] }, again: 0 },
  {
    name: "a literal after a placeholder",
    chunks: ['{"k": [... tr', "ue]}"],
    value: { k: [true] },
    again: 0,
  },
  {
    name: "a member's literal after a placeholder",
    chunks: ['{"a": ... nu', "ll}"],
    value: { a: null },
    again: 0,
  },
  {
    name: "a word that only starts as a literal",
    chunks: ['{"k": [tr', "uex]}"],
    value: { k: ["truex"] },
    again: 7,
  },
  {
    name: "a literal cut twice (read again whole once cut again)",
    chunks: ['{"k": [tr', "u", "e]}"],
    value: { k: [true] },
    again: 6,
  },
  {
    name: "a literal cut after one read again (read on: only the rewound one is read whole)",
    chunks: ['{"k": [tr', "u", "e, 1, 2, ", "3, 4, 5, 6, t", "rue, false, null]}"],
    value: { k: [true, 1, 2, 3, 4, 5, 6, true, false, null] },
    again: 6,
  },
  {
    name: "a number cut after a literal read again (read on from its digits)",
    chunks: ['{"k": [tr', "u", "e, ", "1, 2, 3", ", 4, 5, 6, 1234, 5678, 9]}"],
    value: { k: [true, 1, 2, 3, 4, 5, 6, 1234, 5678, 9] },
    again: 6,
  },
  {
    name: "a literal cut thrice",
    chunks: ['{"k": [t', "r", "u", "e]}"],
    value: { k: [true] },
    again: 4,
  },
  { name: "a word", chunks: ['{"k": [no', "ne]}"], value: { k: ["none"] }, again: 2 },
  {
    name: "a word starting with a hash",
    chunks: ['{"k": [#f', "f]}"],
    value: { k: ["#ff"] },
    again: 2,
  },
];

for (const row of READ_AGAIN) {
  Deno.test(`value mode: ${row.name} cut by a chunk end is read again ${row.again} units`, () => {
    const scanner = new Scanner(PROFILES.permissive);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    scanner.feed("", true);
    assert.deepEqual(scanner.result().value, row.value);
    assert.equal(scanner.scanned - row.chunks.join("").length, row.again);
  });
}
