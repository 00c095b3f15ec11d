/**
 * Generated cases for two rules of issue 21, each checked against an
 * oracle written independently of the engine, through the one-shot gate and
 * the compiled gate:
 * - declared-key twins: a key made from a declared key by a transformation a
 *   lenient reader undoes (case, control and invisible characters, a NUL
 *   cut, fullwidth forms, Cyrillic look-alikes) is never executed; a key made
 *   by a transformation no reader undoes (another letter, a suffix) is not
 *   refused for it;
 * - exact numbers: a number written with 20 digits or more just above or
 *   below a bound (or a whole number) executes exactly when both its written
 *   decimal (a BigInt oracle) and its double satisfy the bound.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileGate } from "../engine/compile.ts";
import { gate } from "../engine/gate.ts";
import { mulberry32 } from "./fixtures/random.ts";

const WORDS = ["mode", "path", "force", "query", "limit", "role", "target", "command", "scope"];

/** Cyrillic letters that look like Latin ones. */
const CYRILLIC: Readonly<Record<string, string>> = {
  a: "\u0430",
  c: "\u0441",
  e: "\u0435",
  o: "\u043E",
  p: "\u0440",
  x: "\u0445",
};

type Transform = (word: string, random: () => number) => string | null;

function at(word: string, random: () => number): number {
  return Math.floor(random() * (word.length + 1));
}

/** Transformations a lenient reader undoes: each gives a twin of the word. */
const TWINS: readonly { name: string; make: Transform }[] = [
  { name: "upper case", make: (w) => w.toUpperCase() },
  { name: "first letter upper", make: (w) => w[0].toUpperCase() + w.slice(1) },
  {
    name: "a control character",
    make: (w, r) => {
      const k = at(w, r);
      return w.slice(0, k) + String.fromCharCode(1 + Math.floor(r() * 31)) + w.slice(k);
    },
  },
  {
    name: "an invisible character",
    make: (w, r) => {
      const k = at(w, r);
      const ch = ["\u200B", "\u200C", "\u200D", "\u00AD", "\u2060", "\uFEFF"][Math.floor(r() * 6)];
      return w.slice(0, k) + ch + w.slice(k);
    },
  },
  { name: "a NUL cut", make: (w, r) => w + "\u0000" + "x".repeat(1 + Math.floor(r() * 4)) },
  {
    name: "fullwidth",
    make: (w) => [...w].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(""),
  },
  {
    name: "a Cyrillic look-alike",
    make: (w) => {
      const k = [...w].findIndex((c) => Object.hasOwn(CYRILLIC, c));
      return k < 0 ? null : w.slice(0, k) + CYRILLIC[w[k]] + w.slice(k + 1);
    },
  },
];

/** Transformations no reader undoes: never refused as twins. */
const OTHERS: readonly { name: string; make: Transform }[] = [
  { name: "a suffix", make: (w) => w + "s" },
  { name: "a prefix", make: (w) => "x_" + w },
  { name: "a letter dropped", make: (w) => w.slice(1) },
  { name: "another word", make: (w) => w.split("").reverse().join("") + "_2" },
];

Deno.test("generated declared-key twins are never executed; other keys are not refused for it", () => {
  const random = mulberry32(0x2106);
  let twins = 0, others = 0;
  for (let round = 0; round < 400; round++) {
    const declared = WORDS.filter(() => random() < 0.4);
    if (declared.length === 0) declared.push(WORDS[0]);
    const schemaJson = {
      type: "object",
      properties: Object.fromEntries(declared.map((w) => [w, { type: "string", enum: ["safe"] }])),
      additionalProperties: random() < 0.5,
    };
    const compiled = compileGate({ schemaJson });
    const word = declared[Math.floor(random() * declared.length)];
    const twin = TWINS[Math.floor(random() * TWINS.length)];
    const key = twin.make(word, random);
    if (key !== null && !declared.includes(key)) {
      const text = JSON.stringify({ [key]: "force" });
      for (const result of [gate(text, { schemaJson }), compiled.gate(text)]) {
        assert.equal(result.executable, false, `${twin.name}: ${JSON.stringify(key)} for ${word}`);
        assert.equal(result.error?.code, "E011", result.error?.message);
      }
      twins++;
    }
    const other = OTHERS[Math.floor(random() * OTHERS.length)].make(word, random)!;
    const near = WORDS.some((w) => w.toLowerCase() === other.toLowerCase());
    if (!near && schemaJson.additionalProperties) {
      const text = JSON.stringify({ [other]: "force" });
      for (const result of [gate(text, { schemaJson }), compiled.gate(text)]) {
        assert.equal(result.executable, true, `${JSON.stringify(other)}: ${result.error?.message}`);
      }
      others++;
    }
  }
  assert.ok(twins > 300 && others > 100, `${twins} twins, ${others} others`);
});

/** `digits × 10^exponent` of a decimal text, for the oracle. */
function decimalOf(text: string): [bigint, number] {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)!;
  const fraction = m[3] ?? "";
  const digits = BigInt(m[2] + fraction) * (m[1] === "-" ? -1n : 1n);
  return [digits, -fraction.length];
}

/** The sign of a − b for two decimal texts. */
function compareTexts(a: string, b: string): number {
  const [x, ex] = decimalOf(a), [y, ey] = decimalOf(b);
  const e = Math.min(ex, ey);
  const l = x * 10n ** BigInt(ex - e), r = y * 10n ** BigInt(ey - e);
  return l < r ? -1 : l > r ? 1 : 0;
}

Deno.test("generated long numbers at a bound execute exactly when the written decimal and its double pass", () => {
  const random = mulberry32(0x0721);
  const bounds = ["0.3", "1", "0.1", "100", "2.5", "-5", "0.7", "1000000"];
  const keywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;
  let refused = 0, executed = 0, turned = 0;
  for (let round = 0; round < 600; round++) {
    const bound = bounds[Math.floor(random() * bounds.length)];
    const keyword = keywords[Math.floor(random() * keywords.length)];
    const zeros = 15 + Math.floor(random() * 10);
    const [int, frac = ""] = bound.replace("-", "").split(".");
    const negative = bound.startsWith("-");
    // Just above or just below the bound's magnitude, by one unit in the last of many digits.
    const up = random() < 0.5;
    let written: string;
    if (up) {
      written = `${int}.${frac.padEnd(frac.length + zeros, "0")}1`;
    } else {
      const digits = BigInt(int + frac) * 10n ** BigInt(zeros + 1) - 1n;
      const text = digits.toString().padStart(frac.length + zeros + 2, "0");
      const cut = text.length - (frac.length + zeros + 1);
      written = `${text.slice(0, cut)}.${text.slice(cut)}`;
    }
    if (negative) written = "-" + written;
    const double = Number(written), b = Number(bound);
    const c = compareTexts(written, bound);
    const exactPasses = keyword === "minimum"
      ? c >= 0
      : keyword === "maximum"
      ? c <= 0
      : keyword === "exclusiveMinimum"
      ? c > 0
      : c < 0;
    const doublePasses = keyword === "minimum"
      ? double >= b
      : keyword === "maximum"
      ? double <= b
      : keyword === "exclusiveMinimum"
      ? double > b
      : double < b;
    const schemaJson = { type: "object", properties: { n: { type: "number", [keyword]: b } } };
    const text = `{"n": ${written}}`;
    const expected = exactPasses && doublePasses;
    for (const result of [gate(text, { schemaJson }), compileGate({ schemaJson }).gate(text)]) {
      assert.equal(result.executable, expected, `${keyword} ${bound}: ${written}`);
    }
    if (expected) executed++;
    else refused++;
    if (doublePasses && !exactPasses) turned++;
  }
  assert.ok(refused > 150 && executed > 150, `${refused} refused, ${executed} executed`);
  // The cases this rule exists for: the double passes, the number written does not.
  assert.ok(turned > 100, `${turned} refused on the written decimal alone`);
});
