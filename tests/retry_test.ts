/**
 * The retry prompt (`engine/retry.ts`) on its own: its exact form for positioned and unpositioned
 * errors, and where the context line is cut. Each case pins a branch a
 * mutation tool found unguarded (docs/MUTATION_REPORT.md): a line number of two digits, an error on an
 * empty line, and a column exactly at the cut limits (60 characters before, 40 after).
 *
 * @module
 */

import assert from "node:assert/strict";
import { CLOSING_SENTENCE, retryPrompt } from "../engine/retry.ts";
import { type EngineError, engineError, positionedError } from "../engine/errors.ts";

const HEAD = "InterJSON refused the arguments: ";

const PROMPTS: readonly { behaviour: string; error: EngineError; text: string; prompt: string }[] =
  [
    {
      behaviour:
        "an unpositioned error names its code and name, and gives its sentence and last line",
      error: engineError("E001", "the input is empty"),
      text: "",
      prompt: `${HEAD}E001 EmptyInput.\nReason: the text is empty, so there are no arguments ` +
        "to run\nEmit the arguments as one JSON value.",
    },
    {
      behaviour: "an error whose row takes the detail: the sentence, then the message whole",
      error: { code: "E021", message: "longer than 10" },
      text: "",
      prompt: `${HEAD}E021 InputTooLarge.\nReason: the text is longer than allowed: longer ` +
        "than 10\nRe-emit shorter arguments.",
    },
    {
      behaviour: "a code the catalogue does not know has no name, and keeps its message whole",
      error: { code: "E999", message: "E999 Unknown: made up" },
      text: "",
      prompt: `${HEAD}E999 .\nReason: E999 Unknown: made up\n${CLOSING_SENTENCE}`,
    },
    {
      behaviour: "a positioned error on line 12 shows that line, the caret, the rule's words",
      error: positionedError("E010", 12, 3, 13, "R005 TrailingComma: exactness cosmetic exceeds"),
      text: "\n".repeat(11) + "[1,]",
      prompt: `${HEAD}E010 R005 TrailingComma at line 12 column 3 (offset 13).\n` +
        "Reason: a comma stands before a closing bracket, which JSON does not allow\n" +
        "Context: [1,]\n" + " ".repeat(11) + "^\n" +
        "Re-emit the arguments as valid JSON, without the trailing comma.",
    },
    {
      behaviour: "a positioned error without a rule names the error instead",
      error: positionedError("E020", 1, 2, 1, "nesting deeper than max_depth 1"),
      text: "[[1]]",
      prompt: `${HEAD}E020 DepthLimit at line 1 column 2 (offset 1).\n` +
        "Reason: the value nests deeper than allowed: nesting deeper than max_depth 1\n" +
        "Context: [[1]]\n" + " ".repeat(10) + "^\n" +
        "Re-emit the arguments nested less deeply.",
    },
    {
      behaviour: "an error on an empty line shows an empty context, the caret at its start",
      error: positionedError("E010", 2, 1, 4, "R011 CloseContainer: exactness lossy exceeds"),
      text: "[1,\n\n]",
      prompt: `${HEAD}E010 R011 CloseContainer at line 2 column 1 (offset 4).\n` +
        "Reason: the text ends before an array or object is closed, so the arguments look " +
        `cut off\nContext: \n${" ".repeat(9)}^\n` +
        "Re-emit the complete arguments: the whole JSON value, with nothing cut off.",
    },
  ];

Deno.test("retryPrompt: the exact prompt for each kind of error", async (t) => {
  for (const { behaviour, error, text, prompt } of PROMPTS) {
    await t.step(behaviour, () => {
      assert.equal(retryPrompt(error, text), prompt);
    });
  }
});

/** The context line of an error at `offset` of one long line. */
function context(text: string, offset: number): string {
  const prompt = retryPrompt(positionedError("E010", 1, offset + 1, offset, "R005 X: y"), text);
  return prompt.split("\n").find((line) => line.startsWith("Context: "))!.slice(9);
}

Deno.test("retryPrompt: an error at offset 0 of a text that starts with a line feed", () => {
  // The line holding offset 0 is the empty first line; the caret stands under its first column.
  const prompt = retryPrompt(positionedError("E010", 1, 1, 0, "R005 X: y"), "\n[1,]");
  const lines = prompt.split("\n");
  const at = lines.findIndex((line) => line.startsWith("Context: "));
  assert.equal(lines[at], "Context: ");
  assert.equal(lines[at + 1], " ".repeat("Context: ".length) + "^");
});

const CUTS: readonly { behaviour: string; offset: number; context: string }[] = [
  {
    behaviour: "60 characters before the column are kept whole",
    offset: 60,
    context: "a".repeat(60) + "b".repeat(40) + "…",
  },
  {
    behaviour: "61 characters before the column are cut to 60",
    offset: 61,
    context: "…" + "a".repeat(59) + "b".repeat(41) + "…",
  },
  {
    behaviour: "40 characters after the column are kept whole",
    offset: 160,
    context: "…" + "b".repeat(60) + "c".repeat(40),
  },
  {
    behaviour: "41 characters after the column are cut to 40",
    offset: 159,
    context: "…" + "b".repeat(61) + "c".repeat(39) + "…",
  },
];

Deno.test("retryPrompt: a long line is cut 60 characters before and 40 after the column", async (t) => {
  const line = "a".repeat(60) + "b".repeat(100) + "c".repeat(40);
  for (const { behaviour, offset, context: expected } of CUTS) {
    await t.step(behaviour, () => assert.equal(context(line, offset), expected));
  }
});
