/**
 * Positions as data. A refusal at a place of the input carries `offset`, `line`,
 * `column` and, when a repair rule caused it, `rule` as fields; the message says the same in
 * words, and the retry prompt is built from the fields. The line and column are recounted here
 * from the text and the offset, independently of the engine.
 *
 * @module
 */

import assert from "node:assert/strict";
import { ERRORS, gate, PROFILE_NAMES, repair, RULES, validate } from "../mod.ts";
import { mulberry32 } from "./fixtures/random.ts";

/** 1-based line and UTF-16 column of an offset, counted independently of the engine. */
function lineColumn(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  return [before.split("\n").length, offset - before.lastIndexOf("\n")];
}

const NAMES = new Map(ERRORS.map((e) => [e.code, e.name]));
const RULE_NAMES = new Map(RULES.map((r) => [r.code, r.name]));

/** The checks every positioned error of `text` passes. */
function checkError(
  error: {
    code: string;
    message: string;
    offset?: number;
    line?: number;
    column?: number;
    rule?: string;
  },
  text: string,
  where: string,
): void {
  const name = NAMES.get(error.code);
  assert.ok(name !== undefined, `${where}: a catalogued code`);
  if (error.offset === undefined) {
    assert.equal(error.line, undefined, where);
    assert.equal(error.column, undefined, where);
    assert.equal(error.rule, undefined, where);
    assert.ok(error.message.startsWith(`${error.code} ${name}: `), `${where}: ${error.message}`);
    return;
  }
  assert.ok(error.offset >= 0 && error.offset <= text.length, `${where}: offset in the text`);
  assert.deepEqual([error.line, error.column], lineColumn(text, error.offset), where);
  const head = `${error.code} ${name} at ${error.line}:${error.column} (offset ${error.offset}): `;
  assert.ok(error.message.startsWith(head), `${where}: ${error.message}`);
  if (error.rule !== undefined) {
    const rule = RULE_NAMES.get(error.rule);
    assert.ok(rule !== undefined, `${where}: a catalogued rule`);
    assert.ok(error.message.startsWith(`${head}${error.rule} ${rule}: `), where);
  } else {
    const detail = error.message.slice(head.length);
    assert.ok(!RULE_NAMES.has(detail.slice(0, 4)), `${where}: a rule named but not as a field`);
  }
}

const PIECES: readonly string[] = [
  "{",
  "}",
  "[",
  "]",
  ":",
  ",",
  '"a"',
  "'b'",
  "c",
  "1",
  "-0x0",
  "1e",
  "1.",
  "True",
  "None",
  "\n",
  "\r\n",
  " ",
  "/*x*/",
  "// c\n",
  "```json\n",
  "```",
  "Here:",
  "\u200B",
  "\uD800",
  "é",
  '"x',
  "\\",
  "1_000",
  "#f00",
];

Deno.test("the seed's refusal carries its position and rule as fields", () => {
  const text = '{"query":"weather in Par';
  const { error, retry } = gate(text);
  assert.deepEqual(
    { offset: error?.offset, line: error?.line, column: error?.column, rule: error?.rule },
    { offset: 24, line: 1, column: 25, rule: "R010" },
  );
  assert.equal(
    retry?.prompt.split("\n")[0],
    "InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24).",
  );
});

Deno.test("a declaration mismatch is positioned at the failing member's value, without a rule", () => {
  const text = 'Here:\n  {"a":"x"}';
  const { error } = gate(text, { schema: "{!a:integer}" });
  assert.equal(error?.code, "E030");
  assert.deepEqual([error?.offset, error?.line, error?.column, error?.rule], [13, 2, 8, undefined]);
});

Deno.test("every error's fields agree with its message and with the text (generated)", () => {
  const seed = 0x0f15;
  const next = mulberry32(seed);
  let positioned = 0;
  for (let k = 0; k < 3000; k++) {
    let text = "";
    const length = Math.floor(next() * 16);
    for (let p = 0; p < length; p++) text += PIECES[Math.floor(next() * PIECES.length)];
    for (const profile of PROFILE_NAMES) {
      const result = gate(text, { profile });
      if (result.error !== null) {
        checkError(result.error, text, `gate ${profile} ${JSON.stringify(text)}`);
        if (result.error.offset !== undefined) {
          positioned++;
          const { line, column, offset } = result.error;
          assert.ok(
            result.retry!.prompt.split("\n")[0].endsWith(
              ` at line ${line} column ${column} (offset ${offset}).`,
            ),
            result.retry!.prompt,
          );
        }
      }
      const repaired = repair(text, { profile });
      if (repaired.error) checkError(repaired.error, text, `repair ${profile} ${text}`);
    }
    const validated = validate(text);
    if (validated.error) checkError(validated.error, text, `validate ${JSON.stringify(text)}`);
  }
  assert.ok(positioned > 1000, `only ${positioned} positioned errors seen (seed ${seed})`);
});
