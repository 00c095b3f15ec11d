/**
 * Between tokens (`engine/scanner/between_tokens.ts`): white space of every kind is skipped before
 * a token; a chunk that ends there suspends the scan, which goes on with the next chunk; the input
 * ending there closes every open container (`R011`), or, with none open, leaves no value.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, Scanner } from "../../engine/scanner/mod.ts";
import { PROFILES } from "../../engine/profiles.ts";

/** A text fed in the chunks given (then a final empty chunk), and what the scan says. */
interface Row {
  name: string;
  chunks: readonly string[];
  value?: unknown;
  /** The rules fired, `R011@9` with their offsets. */
  rules: string;
  completeness: "complete" | "truncated";
  /** The fatal error's whole message, when the scan leaves no value. */
  fatal?: string;
}

const ROWS: readonly Row[] = [
  {
    name: "spaces, tabs, line ends and carriage returns before every token are skipped",
    chunks: [' [ 1 ,\n\t2 ,\r\n{ "a" : 3 } ] '],
    value: [1, 2, { a: 3 }],
    rules: "",
    completeness: "complete",
  },
  {
    name: "a format character between tokens is white space JSON does not allow",
    chunks: ["[1,\u200b2]"],
    value: [1, 2],
    rules: "R039@3",
    completeness: "complete",
  },
  {
    name: "a chunk that ends before a value suspends, the next one goes on",
    chunks: ["[1, ", "  ", "2]"],
    value: [1, 2],
    rules: "",
    completeness: "complete",
  },
  {
    name: "a chunk that ends before a key suspends, the next one goes on",
    chunks: ['{"a": 1, ', " ", '"b": 2}'],
    value: { a: 1, b: 2 },
    rules: "",
    completeness: "complete",
  },
  {
    name: "a chunk that ends before a colon suspends, the next one goes on",
    chunks: ['{"a" ', " ", ": 1}"],
    value: { a: 1 },
    rules: "",
    completeness: "complete",
  },
  {
    name: "a chunk that ends after a value suspends, the next one goes on",
    chunks: ["[1 ", " ", ", 2]"],
    value: [1, 2],
    rules: "",
    completeness: "complete",
  },
  {
    name: "the input ending before a value closes every open container at its end",
    chunks: ['{"a": [1, '],
    value: { a: [1] },
    rules: "R011@10 R011@10",
    completeness: "truncated",
  },
  {
    name: "the input ending before a value, fed in chunks, closes them all the same",
    chunks: ['{"a": [1, ', "  "],
    value: { a: [1] },
    rules: "R011@12 R011@12",
    completeness: "truncated",
  },
  {
    name: "the input ending before a key closes the object",
    chunks: ['{"a": 1, '],
    value: { a: 1 },
    rules: "R011@9",
    completeness: "truncated",
  },
  {
    name: "the input ending before a colon drops the key and closes the object",
    chunks: ['{"a" '],
    value: {},
    rules: "R011@5",
    completeness: "truncated",
  },
  {
    name: "the input ending after a value closes the array",
    chunks: ["[1 \n"],
    value: [1],
    rules: "R011@4",
    completeness: "truncated",
  },
  {
    name: "the input ending at the root before any value leaves none (E003)",
    chunks: ["-."],
    rules: "R031@0",
    completeness: "complete",
    fatal: "E003 NoJsonFound: no JSON value found in the input",
  },
  {
    name: "the input ending at the root before any value, fed in chunks, leaves none (E003)",
    chunks: ["-", ".", " "],
    rules: "R031@0",
    completeness: "complete",
    fatal: "E003 NoJsonFound: no JSON value found in the input",
  },
];

function rulesOf(repairs: readonly { rule: string; offset: number }[]): string {
  return repairs.map((r) => `${r.rule}@${r.offset}`).join(" ");
}

for (const row of ROWS) {
  Deno.test(`between tokens: ${row.name}`, () => {
    const scanner = new Scanner(PROFILES.permissive);
    for (const chunk of row.chunks) scanner.feed(chunk, false);
    scanner.feed("", true);
    const result = scanner.result();
    assert.equal(result.fatal?.message, row.fatal);
    assert.deepEqual(result.value, row.value);
    assert.equal(rulesOf(result.repairs), row.rules);
    assert.equal(result.completeness, row.completeness);
    // One call reads the same.
    const whole = scan(row.chunks.join(""), PROFILES.permissive);
    assert.equal(whole.fatal?.message, row.fatal);
    assert.deepEqual(whole.value, row.value);
    assert.equal(rulesOf(whole.repairs), row.rules);
  });
}
