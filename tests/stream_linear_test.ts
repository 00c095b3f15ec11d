/**
 * Streaming stays linear when polled (issue 21 class 8): docs/ENGINE.md shows `JsonStream` read
 * after every `push`, and each read hands the chunks pushed since the last one to the scanner
 * (`Scanner.feed`). Driven that way, every kind of token must resume where it stopped, never be
 * read again from its start on each read. For each kind, a long run of it is fed one code unit at
 * a time, at 1× and at 4× the length, and the scanner's work (`Scanner.scanned`: the code units
 * its loop was handed, counted again each time a suspended token is read again) is compared as a
 * ratio: linear work is 4×, a re-scan from the start on every read would be 16×. The count is
 * exact, so the bound needs no room for a noisy machine; one test also times a polled
 * `JsonStream` at a generous bound.
 *
 * @module
 */

import assert from "node:assert/strict";
import { JsonStream } from "../mod.ts";
import { PROFILES } from "../engine/profiles.ts";
import { Scanner } from "../engine/scanner/mod.ts";

/** Code units of the run at 1×. */
const BASE = 2_000;
/** The largest work ratio of 4× to 1× taken as linear. */
const BOUND = 4.5;

/** Each kind of token, as a text holding a run of `n` code units of it. */
const KINDS: Record<string, (n: number) => string> = {
  string: (n) => `{"a":"${"x".repeat(n)}"}`,
  escapes: (n) => `{"a":"${"\\n".repeat(n / 2)}"}`,
  key: (n) => `{"${"k".repeat(n)}":1}`,
  keyEscapes: (n) => `{"${"\\u0041".repeat(n / 6)}":1}`,
  unquotedKey: (n) => `{${"k".repeat(n)}:1}`,
  digits: (n) => `[${"1".repeat(n)}]`,
  fraction: (n) => `[1.${"1".repeat(n)}]`,
  exponent: (n) => `[1e-${"0".repeat(n)}1]`,
  hex: (n) => `[0x${"1".repeat(n)}]`,
  signs: (n) => `[${"-".repeat(n)}1]`,
  plusSigns: (n) => `[${"+".repeat(n)}1]`,
  altSigns: (n) => `[${"-+".repeat(n / 2)}1]`,
  lineComment: (n) => `[1 // ${"x".repeat(n)}\n]`,
  blockComment: (n) => `[1 /* ${"x".repeat(n)} */]`,
  slashes: (n) => `[1 /* ${"/ ".repeat(n / 2)} */]`,
  stars: (n) => `[1 /* ${"*".repeat(n)} */]`,
  hashComment: (n) => `{"a":1 # ${"x".repeat(n)}\n}`,
  bareWord: (n) => `{"a": ${"x".repeat(n)}}`,
  whitespace: (n) => `[1,${" ".repeat(n)}2]`,
  placeholder: (n) => `[1, ${".".repeat(n)}]`,
  proseBefore: (n) => `Here ${"x ".repeat(n / 2)}{"a":1}`,
  proseWordBefore: (n) => `Here ${"x".repeat(n)} {"a":1}`,
  proseAfter: (n) => `{"a":1} ${"x ".repeat(n / 2)}`,
  reasoning: (n) => `<think>${"x".repeat(n)}</think>{"a":1}`,
  fenceTag: (n) => "```" + "j".repeat(n) + '\n{"a":1}\n```',
  tildes: (n) => "~".repeat(n) + "\n[1]",
  backticks: (n) => "`".repeat(n) + "\n[1]",
  citationDigits: (n) => `Here [${"1".repeat(n)}] {"a":1}`,
  commaAfter: (n) => `{"a":1},${" ".repeat(n)}x`,
  commaWord: (n) => `{"a":1}, ${"k".repeat(n)}`,
  wrapperName: (n) => `<${"a".repeat(n)}`,
  literalWord: (n) => `[${"t".repeat(n)}]`,
  singleQuoted: (n) => `['${"x".repeat(n)}']`,
  typographic: (n) => `[\u201C${"x".repeat(n)}\u201D]`,
  bigNumber: (n) => `[${"9".repeat(n)}]`,
  dotsInNumber: (n) => `[1${".1".repeat(n / 2)}]`,
  keyWithSpaceRun: (n) => `{"a"${" ".repeat(n)}:1}`,
  rootWord: (n) => `${"x".repeat(n)} {"a":1}`,
  bom: (n) => `\uFEFF${" ".repeat(n)}{"a":1}`,
  unicodeEscape: (n) => `["${"\\u00e9".repeat(n / 6)}"]`,
  hazardString: (n) => `["${"\u0700".repeat(n)}"]`,
};
/** The scanner's work on `text` fed one code unit at a time, as a stream polled after each push. */
function work(text: string): number {
  const scanner = new Scanner(PROFILES.agent);
  for (let k = 0; k < text.length; k++) scanner.feed(text[k], false);
  scanner.feed("", true);
  return scanner.scanned;
}

for (const [kind, text] of Object.entries(KINDS)) {
  Deno.test(`stream fed one unit at a time stays linear: ${kind}`, () => {
    const ratio = work(text(4 * BASE)) / work(text(BASE));
    assert.ok(ratio < BOUND, `4× the input took ${ratio.toFixed(2)}× the work`);
  });
}

Deno.test("a JsonStream read after every push: 4× the input within 12× the time", () => {
  const polled = (text: string): number => {
    const start = performance.now();
    const stream = new JsonStream();
    for (let k = 0; k < text.length; k++) void stream.push(text[k]).value;
    stream.end();
    return performance.now() - start;
  };
  const text = (n: number) =>
    `{"a":"${"x".repeat(n)}","b":[${"1,".repeat(n / 2)}1]} // ${"c".repeat(n)}`;
  polled(text(200_000)); // warm up
  const small = Math.min(polled(text(50_000)), polled(text(50_000)), polled(text(50_000)));
  const large = Math.min(polled(text(200_000)), polled(text(200_000)));
  assert.ok(large / Math.max(small, 5) < 12, `${(large / small).toFixed(1)}×`);
});
