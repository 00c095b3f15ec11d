/**
 * The scan loop's fast path (`Scanner.lane` in `engine/scanner/scanner.ts`): which tokens the loop
 * reads itself and which it hands to a mode function (`step`: `readValue`, `readAfter`, `readKey`,
 * `readColon`, the preamble, the epilogue, the modes that go on with a cut token). The mode
 * functions read every token the loop reads, the same way, so the results alone cannot tell them
 * apart; `Scanner.modeSteps` counts the loop's calls of `step`, and each row pins it after each
 * chunk, with the value and the repairs (`Name@offset`).
 *
 * How the counts are derived. A document fed in one chunk costs one step for the preamble (it
 * finds where the value starts and returns `VALUE`: the root's bracket is the loop's) and one for
 * the epilogue (`DONE` once the root closes; at the end of the input it returns `STOP`). Every
 * token the loop reads costs nothing more, so a clean document costs 2, and a row whose token the
 * loop declined would cost 3 or more. A token the loop declines costs one step for the mode
 * function that reads it (and one more for each further token that function hands back: a
 * placeholder's comma, the end of the input with an array left open). Fed in chunks: a token read
 * by the loop's own callee (`quotedString`, `keyWord`, `valueNumber`) suspends inside the loop
 * (no step); the chunk end between tokens, a cut plain key and a cut literal are the mode
 * functions' (`readValue`, `readColon`, `readKey`, then `KEY_REST` or `LITERAL_REST`), and a cut
 * number goes on in `NUMBER_REST`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { Scanner } from "../../engine/scanner/mod.ts";
import { PROFILES } from "../../engine/profiles.ts";

/** One row: the chunks fed (the last one final) and what the scan loop and the scan gave. */
interface LaneRow {
  name: string;
  chunks: readonly string[];
  /** `modeSteps` after each chunk, joined by `/`. */
  steps: string;
  value: unknown;
  /** The repairs, `Name@offset`, joined by `, ` (none when left out). */
  repairs?: string;
}

/** The scan loop reads these tokens itself: a whole document costs the preamble and the epilogue. */
const READ_BY_THE_LANE: readonly LaneRow[] = [
  // AFTER: a comma, a matching closer.
  { name: "a comma in an array", chunks: ["[1,2]"], steps: "2", value: [1, 2] },
  { name: "a comma in an object", chunks: ['{"a":1,"b":2}'], steps: "2", value: { a: 1, b: 2 } },
  { name: "a space before a comma", chunks: ["[1 ,2]"], steps: "2", value: [1, 2] },
  { name: "a line break before a comma", chunks: ["[1\n,2]"], steps: "2", value: [1, 2] },
  { name: "a string, a line break, a comma", chunks: ['["x"\n,1]'], steps: "2", value: ["x", 1] },
  {
    name: "a `}` closing an object",
    chunks: ['{"a":{"b":1}}'],
    steps: "2",
    value: { a: { b: 1 } },
  },
  { name: "a `]` closing an array", chunks: ["[[1],[2]]"], steps: "2", value: [[1], [2]] },
  { name: "white space before a `]`", chunks: ["[ 1 ]"], steps: "2", value: [1] },
  { name: "a line break before a `}`", chunks: ['{"a":1\n}'], steps: "2", value: { a: 1 } },
  // KEY and COLON_MODE.
  { name: "a plain key with its colon", chunks: ['{"a":1}'], steps: "2", value: { a: 1 } },
  {
    name: "a plain key, a space, its colon (COLON_MODE)",
    chunks: ['{"a" :1}'],
    steps: "2",
    value: { a: 1 },
  },
  {
    name: "a plain key, a line break, its colon (COLON_MODE)",
    chunks: ['{"a"\n:1}'],
    steps: "2",
    value: { a: 1 },
  },
  {
    name: "a key with an escape, by quotedString",
    chunks: ['{"a\\n":1}'],
    steps: "2",
    value: { "a\n": 1 },
  },
  ...["a", "z", "A", "Z", "0", "9", "_"].map((key) => ({
    name: `an unquoted ASCII key \`${key}\` (keyWord)`,
    chunks: [`{${key}:1}`],
    steps: "2",
    value: { [key]: 1 },
    repairs: "UnquotedKey@1",
  })),
  {
    name: "an unquoted key between spaces",
    chunks: ["{ a : 1 }"],
    steps: "2",
    value: { a: 1 },
    repairs: "UnquotedKey@2",
  },
  // VALUE: a string, a number, a literal, a bracket.
  { name: "a plain string before `]`", chunks: ['["x"]'], steps: "2", value: ["x"] },
  { name: "a plain string before `,`", chunks: ['["x",1]'], steps: "2", value: ["x", 1] },
  { name: "a plain string before `}`", chunks: ['{"a":"x"}'], steps: "2", value: { a: "x" } },
  { name: "a plain string before a line break", chunks: ['["x"\n]'], steps: "2", value: ["x"] },
  { name: "a plain string after a comma", chunks: ['[1,"x"]'], steps: "2", value: [1, "x"] },
  { name: "an empty string in an array", chunks: ['[""]'], steps: "2", value: [""] },
  { name: "an empty string in an object", chunks: ['{"a":""}'], steps: "2", value: { a: "" } },
  {
    name: "a string with an escape, by quotedString",
    chunks: ['["a\\n"]'],
    steps: "2",
    value: ["a\n"],
  },
  {
    name: "a string with an inner quote, by quotedString",
    chunks: ['{"a":"x"y"}'],
    steps: "2",
    value: { a: 'x"y' },
    repairs: "InnerQuotes@7",
  },
  { name: "a negative number", chunks: ["[-1]"], steps: "2", value: [-1] },
  { name: "a fraction", chunks: ["[1.5]"], steps: "2", value: [1.5] },
  { name: "an exponent", chunks: ["[1e5]"], steps: "2", value: [1e5] },
  { name: "a signed capital exponent", chunks: ["[1E+5]"], steps: "2", value: [1e5] },
  { name: "every part of a number", chunks: ["[-0.5e-3]"], steps: "2", value: [-0.5e-3] },
  { name: "the digit 0", chunks: ["[0]"], steps: "2", value: [0] },
  { name: "the digit 9", chunks: ["[9]"], steps: "2", value: [9] },
  {
    name: "a number with a leading zero, by valueNumber",
    chunks: ["[01]"],
    steps: "2",
    value: [1],
    repairs: "LeadingZero@1",
  },
  {
    name: "a number ending in a dot, by valueNumber",
    chunks: ["[1.]"],
    steps: "2",
    value: [1],
    repairs: "NumberNotation@1",
  },
  {
    name: "an unsafe integer, by valueNumber",
    chunks: ["[12345678901234567890]"],
    steps: "2",
    value: [12345678901234567000],
    repairs: "UnsafeInteger@1",
  },
  { name: "true", chunks: ["[true]"], steps: "2", value: [true] },
  { name: "false", chunks: ["[false]"], steps: "2", value: [false] },
  { name: "null", chunks: ["[null]"], steps: "2", value: [null] },
  {
    name: "each literal as a member",
    chunks: ['{"a":true,"b":false,"c":null}'],
    steps: "2",
    value: { a: true, b: false, c: null },
  },
  { name: "a nested `[`", chunks: ["[[1]]"], steps: "2", value: [[1]] },
  { name: "a nested `{`", chunks: ['[{"a":1}]'], steps: "2", value: [{ a: 1 }] },
  {
    name: "containers as members",
    chunks: ['{"a":[1],"b":{"c":2}}'],
    steps: "2",
    value: { a: [1], b: { c: 2 } },
  },
  {
    name: "white space before every token",
    chunks: ['{ "a" : [ 1 , { "b" : null } ] }'],
    steps: "2",
    value: { a: [1, { b: null }] },
  },
  { name: "tabs and CR LF around a value", chunks: ["[\n\t-1\r\n]"], steps: "2", value: [-1] },
];

/**
 * A root number or literal is the loop's too (the preamble returns `VALUE` at it): its span
 * (`valueStart`, `valueEnd`, `syntaxEnd`) is what the loop completed.
 */
const ROOT_SCALARS: readonly (LaneRow & { span: readonly [number, number, number] })[] = [
  { name: "a root number", chunks: ["1 "], steps: "2", value: 1, span: [0, 1, 2] },
  { name: "a root fraction", chunks: ["-1.5\n"], steps: "2", value: -1.5, span: [0, 4, 5] },
  { name: "a root true", chunks: ["true "], steps: "2", value: true, span: [0, 4, 5] },
  { name: "a root false", chunks: ["false\t"], steps: "2", value: false, span: [0, 5, 6] },
  { name: "a root null", chunks: ["null\n"], steps: "2", value: null, span: [0, 4, 5] },
];

/** The scan loop declines these: the mode function reads them (one step each, or as said). */
const READ_BY_A_MODE_FUNCTION: readonly LaneRow[] = [
  {
    // readValue drops `...`; its comma pending, the loop declines `,` (readValue again).
    name: "a placeholder's comma",
    chunks: ["[1, ..., 2]"],
    steps: "4",
    value: [1, 2],
    repairs: "Placeholder@4",
  },
  {
    // With the placeholder's comma pending, the loop declines even the number after it.
    name: "a value after a placeholder with no comma",
    chunks: ["[1, ... 2]"],
    steps: "4",
    value: [1, 2],
    repairs: "Placeholder@4",
  },
  {
    name: "a placeholder's comma in an object (readKey twice)",
    chunks: ['{"a": 1, ..., "b": 2}'],
    steps: "4",
    value: { a: 1, b: 2 },
    repairs: "Placeholder@9",
  },
  {
    // readValue opens the tuple `(`, readAfter takes its `]`, and at the end the array left open.
    name: "a `]` closing a tuple",
    chunks: ["[(1, 2]"],
    steps: "4",
    value: [[1, 2]],
    repairs: "MismatchedBracket@6, CloseContainer@7",
  },
  {
    // readValue opens the tuple, readAfter closes it at `)`; the loop reads the `]`.
    name: "a tuple's `)`",
    chunks: ["[(1, 2)]"],
    steps: "4",
    value: [[1, 2]],
    repairs: "TupleAsArray@6",
  },
  {
    name: "a bad literal `tru`",
    chunks: ["[true, tru]"],
    steps: "3",
    value: [true, "tru"],
    repairs: "UnquotedString@7",
  },
  {
    // The loop reads only `true`, `false` and `null`: any other word is readValue's, even one
    // spelled like `null` after its first letter.
    name: "a word ending in `ull`",
    chunks: ["[1, xull]"],
    steps: "3",
    value: [1, "xull"],
    repairs: "UnquotedString@4",
  },
  {
    name: "a literal in another case",
    chunks: ["[1, Null]"],
    steps: "3",
    value: [1, null],
    repairs: "LiteralCase@4",
  },
  {
    // The epilogue finds the root scalar `true` to be prose and hands back to the preamble
    // (PREAMBLE, mode 0): preamble, epilogue, preamble, epilogue.
    name: "a root scalar that is prose",
    chunks: ['true story: {"a": 1}'],
    steps: "4",
    value: { a: 1 },
    repairs: "SkipProse@0",
  },
  {
    name: "a `}` closing an array",
    chunks: ["[1}"],
    steps: "3",
    value: [1],
    repairs: "MismatchedBracket@2",
  },
  {
    name: "a `]` closing an object",
    chunks: ['{"a":1]'],
    steps: "3",
    value: { a: 1 },
    repairs: "MismatchedBracket@6",
  },
  { name: "the `]` of an empty array", chunks: ["[[]]"], steps: "3", value: [[]] },
  { name: "the `}` of an empty object (readKey)", chunks: ["[{}]"], steps: "3", value: [{}] },
  {
    name: "a trailing comma's closer",
    chunks: ["[1,]"],
    steps: "3",
    value: [1],
    repairs: "TrailingComma@2",
  },
  {
    name: "a single-quoted key",
    chunks: ["{'a': 1}"],
    steps: "3",
    value: { a: 1 },
    repairs: "SingleQuotes@1",
  },
  {
    name: "a non-ASCII unquoted key",
    chunks: ["{é: 1}"],
    steps: "3",
    value: { "é": 1 },
    repairs: "UnquotedKey@1",
  },
  {
    name: "a key after a stray character",
    chunks: ["{@a: 1}"],
    steps: "3",
    value: { a: 1 },
    repairs: "SkippedCharacter@1, UnquotedKey@2",
  },
  {
    name: "a single-quoted string",
    chunks: ["['x']"],
    steps: "3",
    value: ["x"],
    repairs: "SingleQuotes@1",
  },
  {
    name: "a number with a plus",
    chunks: ["[+1]"],
    steps: "3",
    value: [1],
    repairs: "LeadingPlus@1",
  },
  {
    name: "a missing comma between numbers",
    chunks: ["[1 2]"],
    steps: "3",
    value: [1, 2],
    repairs: "AmbiguousSplit@3",
  },
  {
    name: "a missing comma between members",
    chunks: ['{"a":1 "b":2}'],
    steps: "3",
    value: { a: 1, b: 2 },
    repairs: "MissingComma@7",
  },
  {
    // readAfter skips the colon, then reads the number as a missing comma's.
    name: "a colon after an array's string",
    chunks: ['["x":1]'],
    steps: "4",
    value: ["x", 1],
    repairs: "SkippedCharacter@4, MissingComma@5",
  },
];

/** Cut by a chunk end: which reader suspends, and which goes on with the next chunk. */
const CUT: readonly LaneRow[] = [
  // The loop's own callee suspends; the next chunk goes on in it (run's scanString) or the loop.
  {
    name: "inside a plain string (quotedString)",
    chunks: ['[1, "a', 'b"]'],
    steps: "1/2",
    value: [1, "ab"],
  },
  { name: "after a string's quote", chunks: ['[1, "a"', "]"], steps: "1/2", value: [1, "a"] },
  {
    name: "inside a string with an escape",
    chunks: ['[1, "a\\n', 'b"]'],
    steps: "1/2",
    value: [1, "a\nb"],
  },
  {
    name: "inside a key with an escape (quotedString)",
    chunks: ['{"a":1, "a\\n', 'b":1}'],
    steps: "1/2",
    value: { a: 1, "a\nb": 1 },
  },
  {
    name: "inside an unquoted key (keyWord)",
    chunks: ['{"a":1, ab', "c:1}"],
    steps: "1/2",
    value: { a: 1, abc: 1 },
    repairs: "UnquotedKey@8",
  },
  {
    name: "inside a number (valueNumber, then NUMBER_REST)",
    chunks: ["[1, 12", "3]"],
    steps: "1/3",
    value: [1, 123],
  },
  // The mode function reads it.
  {
    name: "inside a plain key (readKey, then KEY_REST)",
    chunks: ['{"a":1, "ab', 'c":1}'],
    steps: "2/4",
    value: { a: 1, abc: 1 },
  },
  {
    name: "inside a literal (readValue, then LITERAL_REST)",
    chunks: ["[1, tr", "ue]"],
    steps: "2/4",
    value: [1, true],
  },
  { name: "before a value (readValue)", chunks: ["[1, ", "2]"], steps: "2/3", value: [1, 2] },
  {
    name: "before a colon (readColon)",
    chunks: ['{"a":1, "b"', ":1}"],
    steps: "2/3",
    value: { a: 1, b: 1 },
  },
  {
    name: "after a nested `{` (readKey)",
    chunks: ["[1, {", '"a":2}]'],
    steps: "2/3",
    value: [1, { a: 2 }],
  },
];

/** Feeds a row and gives its `modeSteps` trace, value and repairs. */
function laneRun(
  chunks: readonly string[],
): { steps: string; value: unknown; repairs: string; span: readonly number[] } {
  const scanner = new Scanner(PROFILES.permissive);
  const steps: number[] = [];
  chunks.forEach((chunk, k) => {
    scanner.feed(chunk, k === chunks.length - 1);
    steps.push(scanner.modeSteps);
  });
  const result = scanner.result();
  return {
    steps: steps.join("/"),
    value: result.value,
    repairs: result.repairs.map((r) => `${r.name}@${r.offset}`).join(", "),
    span: [result.valueStart, result.valueEnd, result.syntaxEnd],
  };
}

for (
  const [group, rows] of [
    ["the lane reads", READ_BY_THE_LANE],
    ["a mode function reads", READ_BY_A_MODE_FUNCTION],
    ["cut", CUT],
  ] as const
) {
  Deno.test(`lane: ${group}`, async (t) => {
    for (const row of rows) {
      await t.step(row.name, () => {
        const { steps, value, repairs } = laneRun(row.chunks);
        assert.deepStrictEqual(
          { steps, value, repairs },
          { steps: row.steps, value: row.value, repairs: row.repairs ?? "" },
        );
      });
    }
  });
}

Deno.test("lane: the lane reads a root scalar", async (t) => {
  for (const row of ROOT_SCALARS) {
    await t.step(row.name, () => {
      const { steps, value, repairs, span } = laneRun(row.chunks);
      assert.deepStrictEqual({ steps, value, repairs, span }, {
        steps: row.steps,
        value: row.value,
        repairs: "",
        span: row.span,
      });
    });
  }
});

Deno.test("lane: a clean document's value is JSON.parse's, fed whole", () => {
  for (const row of READ_BY_THE_LANE) {
    if (row.repairs !== undefined) continue;
    assert.deepStrictEqual(row.value, JSON.parse(row.chunks.join("")), row.name);
  }
});

Deno.test("lane: a row cut in chunks reads as the text fed whole", () => {
  for (const row of CUT) {
    const whole = laneRun([row.chunks.join("")]);
    assert.deepStrictEqual([whole.value, whole.repairs], [row.value, row.repairs ?? ""], row.name);
  }
});
