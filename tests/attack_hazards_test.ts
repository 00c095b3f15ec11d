/**
 * The scanner's character hazards come from one module (`engine/hazards.ts`), for every
 * spelling of a character: raw, `\u` escaped, an escaped high surrogate followed by a raw low one,
 * in a value, a quoted key and an unquoted key, whole or fed to a stream at every split. The
 * expected rule of each character is stated here, not computed by the engine: a bidi control or a
 * tag character is `R037` anywhere, a lone surrogate `R035` anywhere, any other default-ignorable
 * `R038` in a key and content in a value. A sweep over the whole `Default_Ignorable_Code_Point`
 * property (read from the JavaScript engine, not from the engine's tables) checks every one.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, JsonStream, type Options } from "../mod.ts";

type Expected = "R035" | "R037" | "R038" | "content";

interface Char {
  name: string;
  /** The character (one code point, or one lone surrogate). */
  char: string;
  /** In a value. */
  value: Expected;
  /** In a key. */
  key: Expected;
}

const CHARS: Char[] = [
  { name: "U+061C ARABIC LETTER MARK", char: "\u061C", value: "R037", key: "R037" },
  { name: "U+200E LEFT-TO-RIGHT MARK", char: "\u200E", value: "R037", key: "R037" },
  { name: "U+200F RIGHT-TO-LEFT MARK", char: "\u200F", value: "R037", key: "R037" },
  { name: "U+202A LEFT-TO-RIGHT EMBEDDING", char: "\u202A", value: "R037", key: "R037" },
  { name: "U+202E RIGHT-TO-LEFT OVERRIDE", char: "\u202E", value: "R037", key: "R037" },
  { name: "U+2066 LEFT-TO-RIGHT ISOLATE", char: "\u2066", value: "R037", key: "R037" },
  { name: "U+2069 POP DIRECTIONAL ISOLATE", char: "\u2069", value: "R037", key: "R037" },
  { name: "U+E0001 LANGUAGE TAG", char: "\u{E0001}", value: "R037", key: "R037" },
  { name: "U+E0041 TAG LATIN CAPITAL LETTER A", char: "\u{E0041}", value: "R037", key: "R037" },
  { name: "U+E007F CANCEL TAG", char: "\u{E007F}", value: "R037", key: "R037" },
  { name: "U+D800 a lone high surrogate", char: "\uD800", value: "R035", key: "R035" },
  { name: "U+DB40 a lone tag high surrogate", char: "\uDB40", value: "R035", key: "R035" },
  { name: "U+DC41 a lone low surrogate", char: "\uDC41", value: "R035", key: "R035" },
  { name: "U+00AD SOFT HYPHEN", char: "\u00AD", value: "content", key: "R038" },
  { name: "U+034F COMBINING GRAPHEME JOINER", char: "\u034F", value: "content", key: "R038" },
  { name: "U+180E MONGOLIAN VOWEL SEPARATOR", char: "\u180E", value: "content", key: "R038" },
  { name: "U+200B ZERO WIDTH SPACE", char: "\u200B", value: "content", key: "R038" },
  { name: "U+2061 FUNCTION APPLICATION", char: "\u2061", value: "content", key: "R038" },
  { name: "U+3164 HANGUL FILLER", char: "\u3164", value: "content", key: "R038" },
  { name: "U+FE0F VARIATION SELECTOR-16", char: "\uFE0F", value: "content", key: "R038" },
  { name: "U+E0080 just past the tags", char: "\u{E0080}", value: "content", key: "R038" },
  { name: "U+E0100 VARIATION SELECTOR-17", char: "\u{E0100}", value: "content", key: "R038" },
  { name: "U+00AC NOT SIGN (just below)", char: "\u00AC", value: "content", key: "content" },
  { name: "U+00E9 é", char: "\u00E9", value: "content", key: "content" },
  { name: "U+1F600 an emoji", char: "\u{1F600}", value: "content", key: "content" },
];

/** `\uXXXX` for each code unit. */
function escaped(s: string): string {
  let out = "";
  for (let k = 0; k < s.length; k++) {
    out += "\\u" + s.charCodeAt(k).toString(16).toUpperCase().padStart(4, "0");
  }
  return out;
}

/** Every spelling of a character inside a string literal: raw, escaped, escaped high + raw low. */
function spellings(char: string): { name: string; text: string }[] {
  const list = [{ name: "raw", text: char }, { name: "escaped", text: escaped(char) }];
  if (char.length === 2) {
    list.push({ name: "escaped high, raw low", text: escaped(char[0]) + char[1] });
  }
  return list;
}

/** The documents that carry a spelling, with where it stands. */
function documents(spelling: string, raw: boolean): { where: "value" | "key"; text: string }[] {
  const list: { where: "value" | "key"; text: string }[] = [
    { where: "value", text: `{"a":"x${spelling}y"}` },
    { where: "value", text: `["${spelling}"]` },
    { where: "key", text: `{"k${spelling}":1}` },
    { where: "key", text: `[{"${spelling}k":1}]` },
  ];
  // An unquoted key holds raw characters only (a backslash ends it).
  if (raw) list.push({ where: "key", text: `{k${spelling}: 1}` });
  return list;
}

/**
 * Checks one document. `split` marks a pair spelled half escaped, half raw: JSON.parse joins the
 * halves and Python's json keeps two lone surrogates, so it is a lone surrogate (`R035`) whatever
 * the character, besides the character's own hazard.
 */
function check(text: string, expected: Expected, profile: string, split = false): void {
  const result = gate(text, { profile } as Options);
  const rules = result.repairs.map((r) => r.rule);
  const hazards = rules.filter((r) => r === "R035" || r === "R037" || r === "R038");
  if (split) {
    assert.ok(hazards.includes("R035"), `R035 in ${rules.join(",")}`);
    if (expected !== "content") assert.ok(hazards.includes(expected), `${expected} in ${rules}`);
    assert.equal(result.executable, false, `executed ${JSON.stringify(result.value)}`);
  } else if (expected === "content") {
    assert.deepStrictEqual(hazards, [], `no hazard in ${JSON.stringify(text)}`);
  } else {
    assert.ok(hazards.includes(expected), `${expected} in ${rules.join(",")}`);
    assert.equal(result.executable, false, `executed ${JSON.stringify(result.value)}`);
  }
  // Streamed at every split, the answer is the same.
  for (let cut = 1; cut < text.length; cut++) {
    const stream = new JsonStream({ profile } as Options);
    stream.push(text.slice(0, cut));
    stream.push(text.slice(cut));
    const end = stream.end();
    assert.deepStrictEqual(
      [end.executable, end.repairs.map((r) => r.rule)],
      [result.executable, rules],
      `split at ${cut}`,
    );
  }
}

Deno.test("hazards: each character in each spelling, in values and keys, under strict and agent", async (t) => {
  for (const c of CHARS) {
    await t.step(c.name, async (t) => {
      for (const spelling of spellings(c.char)) {
        for (const doc of documents(spelling.text, spelling.name === "raw")) {
          const expected = doc.where === "value" ? c.value : c.key;
          await t.step(`${spelling.name} in a ${doc.where}: ${JSON.stringify(doc.text)}`, () => {
            const split = spelling.name === "escaped high, raw low";
            for (const profile of ["strict", "agent"]) check(doc.text, expected, profile, split);
          });
        }
      }
    });
  }
});

/** Every code point with the property, from the JavaScript engine's own Unicode data. */
function defaultIgnorables(): number[] {
  const found: number[] = [];
  const property = /^\p{Default_Ignorable_Code_Point}$/u;
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if ((cp < 0xd800 || cp > 0xdfff) && property.test(String.fromCodePoint(cp))) found.push(cp);
  }
  return found;
}

function isBidiOrTag(cp: number): boolean {
  return cp === 0x061c || cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) || (cp >= 0xe0000 && cp <= 0xe007f);
}

Deno.test("hazards: every Default_Ignorable_Code_Point in a key is refused under strict, raw and escaped", () => {
  const missed: string[] = [];
  for (const cp of defaultIgnorables()) {
    const char = String.fromCodePoint(cp);
    for (const text of [`{"k${char}":1}`, `{"k${escaped(char)}":1}`]) {
      const result = gate(text, { profile: "strict" });
      const rule = isBidiOrTag(cp) ? "R037" : "R038";
      if (result.executable || !result.repairs.some((r) => r.rule === rule)) {
        missed.push(`U+${cp.toString(16).toUpperCase()}`);
      }
    }
    if (missed.length > 10) break;
  }
  assert.deepStrictEqual(missed, []);
});

Deno.test("hazards: a default-ignorable that is no bidi control or tag is content in a value", () => {
  const refused: string[] = [];
  for (const cp of defaultIgnorables()) {
    if (isBidiOrTag(cp)) continue;
    const result = gate(`["x${String.fromCodePoint(cp)}"]`, { profile: "strict" });
    if (!result.executable) refused.push(`U+${cp.toString(16).toUpperCase()}`);
    if (refused.length > 10) break;
  }
  assert.deepStrictEqual(refused, []);
});
