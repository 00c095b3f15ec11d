/**
 * Tokens cut by the end of a chunk (`engine/scanner/cut_modes.ts`): a plain key, a plain number, a
 * literal and a block comment go on in the next chunk from their reading so far (what a row reads
 * again, `scanned` less the text's length, is 0, or 1 for a comment's kept last character); a
 * token that turns out not to be plain is read again whole. Either way the result is the one of
 * the text scanned in one piece, members' ends and repairs' offsets included.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner } from "../../engine/scanner/mod.ts";
import { PROFILES } from "../../engine/profiles.ts";
import { comparable } from "../fixtures/streaming.ts";

interface Row {
  name: string;
  chunks: readonly string[];
  value: unknown;
  /** The rules fired, `R004@3` with their offsets. */
  rules: string;
  /** The members of a root object, `name@end`. */
  members: string;
  /**
   * How many code units are read again (`scanned` less the text's length): 0 when the reading so
   * far is kept; a comment's kept last character; a token that was not plain read again whole.
   */
  reread: number;
  completeness?: "truncated";
}

const ROWS: readonly Row[] = [
  {
    name: "a key, a number and a literal each cut, then a delimiter",
    chunks: ['{"ke', 'y": 12', "34, ", '"b": tr', "ue}"],
    value: { key: 1234, b: true },
    rules: "",
    members: "key@13 b@24",
    reread: 0,
  },
  {
    name: "a key cut, its colon after a space",
    chunks: ['{"a', 'b" : 1}'],
    value: { ab: 1 },
    rules: "",
    members: "ab@10",
    reread: 0,
  },
  {
    name: "a key cut twice",
    chunks: ['{"a', "b", 'c": 1}'],
    value: { abc: 1 },
    rules: "",
    members: "abc@10",
    reread: 3,
  },
  {
    name: "a key cut before an escape is read again from its quote",
    chunks: ['{"a', '\\nb": 1}'],
    value: { "a\nb": 1 },
    rules: "",
    members: "a\nb@11",
    reread: 10,
  },
  {
    name: "a key cut at the end of the input",
    chunks: ['{"a', "b"],
    value: {},
    rules: "R010@4 R011@4",
    members: "",
    reread: 6,
    completeness: "truncated",
  },
  {
    name: "a number cut, then its fraction and exponent",
    chunks: ['{"a": 12', ".5e3}"],
    value: { a: 12500 },
    rules: "",
    members: "a@13",
    reread: 7,
  },
  {
    name: "a negative number cut",
    chunks: ['{"a": -1', "2}"],
    value: { a: -12 },
    rules: "",
    members: "a@10",
    reread: 0,
  },
  {
    name: "a number cut before a closer",
    chunks: ['{"a": 1', "}"],
    value: { a: 1 },
    rules: "",
    members: "a@8",
    reread: 0,
  },
  {
    name: "a number cut before a word character is read again whole",
    chunks: ['{"a": 12', 'x, "b": 1}'],
    value: { a: 12, x: null, b: 1 },
    rules: "R041@8 R007@8 R024@9",
    members: "a@9 x@9 b@18",
    reread: 12,
  },
  {
    name: "a number cut at the end of the input",
    chunks: ['{"a": 1', "2"],
    value: { a: 12 },
    rules: "R013@6 R011@8",
    members: "a@8",
    reread: 2,
    completeness: "truncated",
  },
  {
    name: "a number cut in an array",
    chunks: ["[1, 2", "]"],
    value: [1, 2],
    rules: "",
    members: "",
    reread: 0,
  },
  {
    name: "a number cut, then a digit after a space: the reading was a number (a split)",
    chunks: ["[0, 1", "2 3]"],
    value: [0, 12, 3],
    rules: "R041@7",
    members: "",
    reread: 0,
  },
  {
    name: "literals cut, then a comma and a closer",
    chunks: ['{"a": nu', 'll, "b": fal', "se}"],
    value: { a: null, b: false },
    rules: "",
    members: "a@11 b@23",
    reread: 0,
  },
  {
    name: "a literal cut, then a space",
    chunks: ["[tr", "ue ]"],
    value: [true],
    rules: "",
    members: "",
    reread: 3,
  },
  {
    name: "a literal cut, then a number after a space: the reading was no number (a comma)",
    chunks: ["[0, tr", "ue 3]"],
    value: [0, true, 3],
    rules: "R006@9",
    members: "",
    reread: 0,
  },
  {
    name: "a number cut as a repeated key's value: the repair at the value's start",
    chunks: ['{"a": 1, "a": 1', "2}"],
    value: { a: 12 },
    rules: "R032@14",
    members: "a@8 a@17",
    reread: 0,
  },
  {
    name: "a literal cut as a repeated key's value: the repair at the value's start",
    chunks: ['{"b": 0, "a": 1, "a": tr', "ue}"],
    value: { b: 0, a: true },
    rules: "R032@22",
    members: "b@8 a@16 a@27",
    reread: 0,
  },
  {
    name: "a literal cut before a word character is read again whole",
    chunks: ['{"a": tr', "uex}"],
    value: { a: "truex" },
    rules: "R030@6",
    members: "a@12",
    reread: 6,
  },
  {
    name: "a Python literal cut",
    chunks: ["[Tr", "ue]"],
    value: [true],
    rules: "R015@1",
    members: "",
    reread: 3,
  },
  {
    name: "a literal cut at the end of the input",
    chunks: ['{"a": tru', "e"],
    value: { a: true },
    rules: "R011@10",
    members: "a@10",
    reread: 8,
    completeness: "truncated",
  },
  {
    name: "a block comment cut between its star and its slash",
    chunks: ["[1 /* a *", "/ 2]"],
    value: [1, 2],
    rules: "R004@3 R041@11",
    members: "",
    reread: 1,
  },
  {
    name: "a block comment cut twice",
    chunks: ["[1 /* a ", "b ", "c */, 2]"],
    value: [1, 2],
    rules: "R004@3",
    members: "",
    reread: 1,
  },
  {
    name: "a block comment cut again at a slash that does not end it",
    chunks: ["[1 /* a", " / b", " */ 2]"],
    value: [1, 2],
    rules: "R004@3 R041@15",
    members: "",
    reread: 2,
  },
  {
    name: "a block comment resumed at a slash is judged on its whole text",
    chunks: ["[1, 2, 3 /* a", " / not */]"],
    value: [1, 2, 3],
    rules: "R004@9 R056@9",
    members: "",
    reread: 1,
  },
  {
    name: "a block comment cut again between its star and its slash",
    chunks: ["[1 /* a", " / b *", "/ 2]"],
    value: [1, 2],
    rules: "R004@3 R041@15",
    members: "",
    reread: 2,
  },
  {
    name: "a block comment resumed at a slash holds a star that does not end it",
    chunks: ["[1 /* a", " / b * c */ 2]"],
    value: [1, 2],
    rules: "R004@3 R041@19",
    members: "",
    reread: 1,
  },
  {
    name: "a block comment cut again, then the end of the input",
    chunks: ["[1 /* a", " / b"],
    value: [1],
    rules: "R004@3 R011@11",
    members: "",
    reread: 2,
    completeness: "truncated",
  },
  {
    name: "a block comment cut again after a star, then the end of the input",
    chunks: ["[1 /* a", " / b *"],
    value: [1],
    rules: "R004@3 R011@13",
    members: "",
    reread: 2,
    completeness: "truncated",
  },
  {
    name: "a block comment cut before a value goes on before the value",
    chunks: ['{"a": /* x', " */ 1}"],
    value: { a: 1 },
    rules: "R004@6",
    members: "a@16",
    reread: 1,
  },
  {
    name: "a block comment cut before a key goes on before the key",
    chunks: ["{/* x", ' */ "a": 1}'],
    value: { a: 1 },
    rules: "R004@1",
    members: "a@16",
    reread: 1,
  },
  {
    name: "a block comment cut before a colon goes on before the colon",
    chunks: ['{"a" /* x', " */: 1}"],
    value: { a: 1 },
    rules: "R004@5",
    members: "a@16",
    reread: 1,
  },
  {
    name: "a block comment cut at the end of the input",
    chunks: ["[1 /* a", ""],
    value: [1],
    rules: "R004@3 R011@7",
    members: "",
    reread: 1,
    completeness: "truncated",
  },
  {
    name: "a block comment cut that asks is judged whole",
    chunks: ["[1 /* a", " ok? */]"],
    value: [1],
    rules: "R004@3 R056@3",
    members: "",
    reread: 1,
  },
];

for (const row of ROWS) {
  Deno.test(`cut modes: ${row.name}`, () => {
    const text = row.chunks.join("");
    const scanner = new Scanner(PROFILES.permissive, true);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    scanner.feed("", true);
    const result = scanner.result();
    assert.deepEqual(result.value, row.value);
    assert.equal(result.repairs.map((r) => `${r.rule}@${r.offset}`).join(" "), row.rules);
    assert.equal(result.members.map((m) => `${m.name}@${m.end}`).join(" "), row.members);
    assert.equal(result.completeness, row.completeness ?? "complete");
    assert.deepEqual(comparable(result), comparable(scan(text, PROFILES.permissive, true)));
    assert.equal(scanner.scanned - text.length, row.reread);
  });
}
