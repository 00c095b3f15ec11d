/**
 * The retry prompt's words: every repair rule and every error code has its
 * `Reason:` sentence and last line in `engine/reasons.ts` (a new code without
 * one fails here), docs/ERRORS.md lists the same rows, and a refusal's prompt
 * carries its rule's words, or its error's words and detail.
 *
 * @module
 */

import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { reasonFor, REASONS } from "../engine/reasons.ts";
import { RULES } from "../engine/rules.ts";
import { ERRORS } from "../engine/errors.ts";
import { gate } from "../mod.ts";

const ROOT = new URL("..", import.meta.url).pathname;

Deno.test("reasons: every rule and every error has a sentence and a last line, and nothing else does", async (t) => {
  const codes = [...RULES.map((rule) => rule.code), ...ERRORS.map((error) => error.code)];
  for (const code of codes) {
    await t.step(code, () => {
      const row = reasonFor(code);
      ok(row !== undefined, `${code} has no row in engine/reasons.ts`);
      ok(/^[a-z0-9]/i.test(row.reason) && !row.reason.endsWith("."), row.reason);
      ok(!row.reason.includes("\n") && !row.instruction.includes("\n"));
      ok(/^(Re-emit|Emit) .*\.$/.test(row.instruction), row.instruction);
    });
  }
  deepStrictEqual(REASONS.map((row) => row.code), codes);
});

Deno.test("reasons: docs/ERRORS.md lists every row as the table has it", async (t) => {
  const doc = await Deno.readTextFile(`${ROOT}/docs/ERRORS.md`);
  for (const row of REASONS) {
    await t.step(row.code, () => {
      const line = `| \`${row.code}\` | ${row.reason}${
        row.detail ? ": DETAIL" : ""
      } | ${row.instruction} |`;
      ok(doc.includes(line.replaceAll("|", "|")), `docs/ERRORS.md lacks:\n${line}`);
    });
  }
});

/** Refusals and the prompt lines they must carry. */
const PROMPTS: readonly {
  name: string;
  text: string;
  options: Parameters<typeof gate>[1];
  reason: string;
  last: string;
}[] = [
  {
    name: "a cut-off string says the arguments look cut off",
    text: '{"query":"weather in Par',
    options: { profile: "agent" },
    reason: "Reason: the text ends inside a string, so the arguments look cut off",
    last: "Re-emit the complete arguments: the whole JSON value, with nothing cut off.",
  },
  {
    name: "text that is not framing is quoted in the reason",
    text: 'Avoid calling {"op": "drop_table"} here.',
    options: { profile: "agent" },
    reason:
      "Reason: text beside the JSON value may change what it means (it may negate, question, " +
      'retract or only illustrate it): the text "Avoid calling" is not framing',
    last: "Re-emit only the JSON value, with no text around it.",
  },
  {
    name: "code around the value is quoted in the reason",
    text: 'files = ["a", "b"]',
    options: { profile: "agent" },
    reason: "Reason: the JSON value stands inside source code, where it is an operand of the " +
      'program, not the arguments: the text "files =" reads as source code',
    last: "Re-emit only the arguments as one JSON value, not a program that contains them.",
  },
  {
    name: "two candidates: the reason says how many and where",
    text: 'Use {"a":1} or {"b":2}.',
    options: { profile: "agent" },
    reason: "Reason: the text holds more than one JSON value, so it is unclear which one to run: " +
      "2 candidate values, at line 1 column 5 (offset 4), line 1 column 16 (offset 15)",
    last: "Re-emit exactly one JSON value.",
  },
  {
    name: "a premature close says members would be lost",
    text: '{"to": "ops@example.com"}, "cc": "all@example.com"}',
    options: { profile: "agent" },
    reason:
      "Reason: the JSON value closes before the text ends, and what follows would continue it",
    last: "Re-emit the complete arguments as one JSON value, with every member inside it.",
  },
  {
    name: "a duplicate key says the key appears twice",
    text: '{"mode":"a","mode":"b"}',
    options: { profile: "agent" },
    reason: "Reason: a key appears twice in one object, and readers disagree on which value counts",
    last: "Re-emit the arguments with each key once per object.",
  },
  {
    name: "a declaration mismatch gives the sentence and the engine's detail",
    text: '{"a":1}',
    options: { schema: "{!query:string}" },
    reason: "Reason: the arguments do not match their declaration: required member /query is " +
      "missing; declared {!query:string}",
    last: "Re-emit the arguments so that they match the tool's input schema.",
  },
  {
    name: "an empty text",
    text: " ",
    options: {},
    reason: "Reason: the text is empty, so there are no arguments to run",
    last: "Emit the arguments as one JSON value.",
  },
  {
    name: "a trailing comma under strict",
    text: "[1,2,]",
    options: { profile: "strict" },
    reason: "Reason: a comma stands before a closing bracket, which JSON does not allow",
    last: "Re-emit the arguments as valid JSON, without the trailing comma.",
  },
  {
    name: "nesting past max_depth gives the limit",
    text: "[[[1]]]",
    options: { maxDepth: 2 },
    reason: "Reason: the value nests deeper than allowed: ",
    last: "Re-emit the arguments nested less deeply.",
  },
];

Deno.test("reasons: a refusal's prompt says the rule's or the error's words", async (t) => {
  for (const row of PROMPTS) {
    await t.step(row.name, () => {
      const result = gate(row.text, row.options);
      strictEqual(result.executable, false);
      const lines = result.retry!.prompt.split("\n");
      ok(lines[1].startsWith(row.reason), lines[1]);
      strictEqual(lines.at(-1), row.last);
    });
  }
});
