/**
 * Text dropped between tokens (`engine/scanner/ignored.ts`): line, block and `#` comments
 * (`R004`, and `R056` when one inside the value changes its meaning), placeholders (`R029`: `...`,
 * `…`, any run of dots, a comma right after dropped with it), a lone `/` (`R031`). Each row is
 * also fed one, two and three characters at a time: a comment or placeholder cut by a chunk end
 * reads the same.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner, type ScanResult } from "../../engine/scanner/mod.ts";
import { PROFILES } from "../../engine/profiles.ts";
import { isPlaceholder } from "../../engine/scanner/ignored.ts";

interface Row {
  name: string;
  text: string;
  value: unknown;
  /** The rules fired, `R004@4` with their offsets. */
  rules: string;
  completeness?: "truncated";
}

const ROWS: readonly Row[] = [
  // Placeholders.
  { name: "a placeholder ending an array", text: "[1, ...]", value: [1], rules: "R029@4" },
  {
    name: "a placeholder and the comma after it",
    text: "[1, ..., 2]",
    value: [1, 2],
    rules: "R029@4",
  },
  { name: "an ellipsis character", text: "[1, …, 2]", value: [1, 2], rules: "R029@4" },
  { name: "four dots", text: "[1, ....]", value: [1], rules: "R029@4" },
  {
    name: "a placeholder before a space and a comma",
    text: "[1, ... , 2]",
    value: [1, 2],
    rules: "R029@4",
  },
  { name: "a placeholder right before a value", text: "[1, ...2]", value: [1, 2], rules: "R029@4" },
  { name: "a placeholder after a value", text: "[1 ...]", value: [1], rules: "R029@3" },
  { name: "a placeholder and a trailing comma", text: "[1, …,]", value: [1], rules: "R029@4" },
  {
    name: "a placeholder among members",
    text: '{"a": 1, ..., "b": 2}',
    value: { a: 1, b: 2 },
    rules: "R029@9",
  },
  { name: "an ellipsis among members", text: '{"a": 1, …}', value: { a: 1 }, rules: "R029@9" },
  {
    name: "two dots are no placeholder",
    text: "[1, ..]",
    value: [1],
    rules: "R005@2 R031@4 R031@5",
  },
  {
    name: "two dots cut by the end of the input",
    text: "[1, ..",
    value: [1],
    rules: "R031@4 R013@5 R011@6",
    completeness: "truncated",
  },
  {
    name: "an ellipsis at the end of the input",
    text: "[1, …",
    value: [1],
    rules: "R029@4 R011@5",
    completeness: "truncated",
  },
  // Comments.
  { name: "a block comment", text: "[1, /* c */ 2]", value: [1, 2], rules: "R004@4" },
  { name: "an empty block comment", text: "[1, /**/ 2]", value: [1, 2], rules: "R004@4" },
  {
    name: "a block comment holding a slash and a star apart",
    text: "[1, /* a * / b */ 2]",
    value: [1, 2],
    rules: "R004@4",
  },
  {
    name: "a block comment opened by /*/",
    text: "[1, /*/ 2 */ 3]",
    value: [1, 3],
    rules: "R004@4",
  },
  { name: "a line comment", text: "[1, // c\n2]", value: [1, 2], rules: "R004@4" },
  { name: "a line comment ended by CR LF", text: "[1, // a\r\n2]", value: [1, 2], rules: "R004@4" },
  { name: "a line comment on its own line", text: "[1,\n// c\n2]", value: [1, 2], rules: "R004@4" },
  {
    name: "a # comment on its own line among members",
    text: '{"a": 1,\n# c\n"b": 2}',
    value: { a: 1, b: 2 },
    rules: "R004@9",
  },
  { name: "a # comment after a value", text: "[1 # c\n, 2]", value: [1, 2], rules: "R004@3" },
  { name: "a # comment before a key", text: '{# c\n"a": 1}', value: { a: 1 }, rules: "R004@1" },
  { name: "a # comment before the value", text: "# c\n[1]", value: [1], rules: "R004@0" },
  { name: "a # comment after the value", text: "[1] # c", value: [1], rules: "R004@4" },
  { name: "a line comment after the value", text: "[1] // c", value: [1], rules: "R004@4" },
  { name: "a block comment after the value", text: "[1] /* c */", value: [1], rules: "R004@4" },
  { name: "a block comment before the value", text: "/* c */ [1]", value: [1], rules: "R004@0" },
  {
    name: "a block comment cut by the end of the input",
    text: "[1, /* cut",
    value: [1],
    rules: "R004@4 R011@10",
    completeness: "truncated",
  },
  {
    name: "a line comment cut by the end of the input",
    text: "[1, // cut",
    value: [1],
    rules: "R004@4 R011@10",
    completeness: "truncated",
  },
  {
    name: "a lone slash is a character dropped",
    text: "[1 / 2]",
    value: [1, 2],
    rules: "R031@3 R041@5",
  },
  {
    name: "a lone slash at the end of the input",
    text: "[1, /",
    value: [1],
    rules: "R031@4 R011@5",
    completeness: "truncated",
  },
  // Comments that change the value's meaning (their text, delimiters included, is judged).
  {
    name: "a line comment that negates",
    text: "[1, // not\n2]",
    value: [1, 2],
    rules: "R004@4 R056@4",
  },
  {
    name: "a block comment that negates",
    text: "[1, /* not */ 2]",
    value: [1, 2],
    rules: "R004@4 R056@4",
  },
  {
    name: "a block comment that asks, up to its last character",
    text: "[1 /* ok? */]",
    value: [1],
    rules: "R004@3 R056@3",
  },
  {
    name: "a line comment that asks, up to its last character",
    text: "[1 // ok?\n]",
    value: [1],
    rules: "R004@3 R056@3",
  },
  {
    name: "a question mark just past a block comment is not in it",
    text: "[1 /*a*/?]",
    value: [1],
    rules: "R004@3 R031@8",
  },
  {
    name: "the second of two comments asks",
    text: "[1 /* a */\n/* b? */]",
    value: [1],
    rules: "R004@3 R004@11 R056@11",
  },
  {
    name: "a block comment cut by the end of the input that asks",
    text: "[1, /* ok?",
    value: [1],
    rules: "R004@4 R056@4 R011@10",
    completeness: "truncated",
  },
  {
    name: "a line comment cut by the end of the input that asks",
    text: "[1, // ok?",
    value: [1],
    rules: "R004@4 R056@4 R011@10",
    completeness: "truncated",
  },
];

function rulesOf(result: ScanResult): string {
  return result.repairs.map((r) => `${r.rule}@${r.offset}`).join(" ");
}

function inChunks(text: string, size: number): ScanResult {
  const scanner = new Scanner(PROFILES.permissive);
  for (let i = 0; i < text.length; i += size) scanner.feed(text.slice(i, i + size), false);
  scanner.feed("", true);
  return scanner.result();
}

for (const row of ROWS) {
  Deno.test(`ignored: ${row.name}`, () => {
    const results = [
      scan(row.text, PROFILES.permissive),
      ...[1, 2, 3].map((size) => inChunks(row.text, size)),
    ];
    for (const [k, result] of results.entries()) {
      const how = k === 0 ? "whole" : `in chunks of ${k}`;
      assert.deepEqual(result.value, row.value, how);
      assert.equal(rulesOf(result), row.rules, how);
      assert.equal(result.completeness, row.completeness ?? "complete", how);
    }
  });
}

/** Chunks that cut a comment where its end must be kept, or where the dropped text ends first. */
const CHUNKED: readonly {
  name: string;
  chunks: string[];
  value: unknown;
  rules: string;
  readOnce: boolean;
}[] = [
  {
    name: "a block comment cut between its star and its slash keeps the star",
    chunks: ["[1, /* a *", "/ 2]"],
    value: [1, 2],
    rules: "R004@4",
    readOnce: false,
  },
  {
    name: "a block comment cut right after /** keeps the second star",
    chunks: ["[1, /**", "/ 2]"],
    value: [1, 2],
    rules: "R004@4",
    readOnce: false,
  },
  {
    name: "a block comment cut right after /* is not closed by the slash that follows",
    chunks: ["[1, /*", "/ 2 */ 3]"],
    value: [1, 3],
    rules: "R004@4",
    readOnce: true,
  },
  {
    name: "a placeholder ending before its chunk does is read once",
    chunks: ["[1, ..., ", "2]"],
    value: [1, 2],
    rules: "R029@4",
    readOnce: true,
  },
  {
    name: "a line comment ending before its chunk does is read once",
    chunks: ["[1, // c\n", "2]"],
    value: [1, 2],
    rules: "R004@4",
    readOnce: true,
  },
];

for (const row of CHUNKED) {
  Deno.test(`ignored: ${row.name}`, () => {
    const scanner = new Scanner(PROFILES.permissive);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    scanner.feed("", true);
    const result = scanner.result();
    assert.deepEqual(result.value, row.value);
    assert.equal(rulesOf(result), row.rules);
    const length = row.chunks.join("").length;
    if (row.readOnce) assert.equal(scanner.scanned, length);
    else assert.ok(scanner.scanned > length);
  });
}

const PLACEHOLDERS: readonly { text: string; i: number; n: number; is: boolean }[] = [
  { text: "[1, ...]", i: 4, n: 8, is: true },
  { text: "[1, ...]", i: 5, n: 8, is: false },
  { text: "[...", i: 1, n: 4, is: true },
  { text: "[..", i: 1, n: 3, is: false },
  { text: "[...", i: 1, n: 3, is: false },
  { text: "[.x.", i: 1, n: 4, is: false },
  { text: "[..x", i: 1, n: 4, is: false },
];

for (const row of PLACEHOLDERS) {
  Deno.test(`ignored: ${JSON.stringify(row.text.slice(row.i, row.n))} at ${row.i} is ${row.is ? "" : "not "}a placeholder`, () => {
    assert.equal(isPlaceholder(row.text, row.i, row.n), row.is);
  });
}
