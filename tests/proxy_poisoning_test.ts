/**
 * The proxy's poisoning check (`proxy/poisoning.ts`) classifies invisible
 * code points with the engine's hazard module, exported from `mod.ts`: the
 * proxy and the gate agree on every code point, and the one exception the
 * proxy makes (U+FE0F right after a pictograph) is pinned here.
 *
 * @module
 */

import assert from "node:assert/strict";
import { BIDI, hazardOfCodePoint, IGNORABLE, TAG } from "../mod.ts";
import { invisibleAt, type InvisibleKind, poisonedField } from "../proxy/poisoning.ts";

interface Row {
  name: string;
  text: string;
  found: { index: number; codePoint: number; kind: InvisibleKind } | null;
}

const ROWS: Row[] = [
  { name: "plain text", text: "Adds two numbers.", found: null },
  { name: "accented text", text: "Ajoute deux nombres à la liste", found: null },
  {
    name: "a tag character",
    text: "Adds.\u{E0049}",
    found: { index: 5, codePoint: 0xe0049, kind: "tag character" },
  },
  {
    name: "a bidi override",
    text: "a\u202Eb",
    found: { index: 1, codePoint: 0x202e, kind: "bidi control" },
  },
  {
    name: "an Arabic letter mark",
    text: "x\u061C",
    found: { index: 1, codePoint: 0x61c, kind: "bidi control" },
  },
  {
    name: "a soft hyphen (below the old U+061C threshold)",
    text: "ig\u00ADnore",
    found: { index: 2, codePoint: 0xad, kind: "default-ignorable" },
  },
  {
    name: "a combining grapheme joiner",
    text: "a\u034Fb",
    found: { index: 1, codePoint: 0x34f, kind: "default-ignorable" },
  },
  {
    name: "function application",
    text: "f\u2061x",
    found: { index: 1, codePoint: 0x2061, kind: "default-ignorable" },
  },
  {
    name: "a Hangul filler",
    text: "\u3164",
    found: { index: 0, codePoint: 0x3164, kind: "default-ignorable" },
  },
  {
    name: "a variation selector after a letter",
    text: "a\uFE0F",
    found: { index: 1, codePoint: 0xfe0f, kind: "default-ignorable" },
  },
  { name: "a variation selector after a pictograph", text: "Careful \u26A0\uFE0F", found: null },
  {
    name: "a supplementary variation selector",
    text: "ok\u{E0100}",
    found: { index: 2, codePoint: 0xe0100, kind: "default-ignorable" },
  },
  { name: "a lone surrogate is not invisible", text: "a\uD800b", found: null },
];

Deno.test("proxy poisoning: the first invisible code point of a text", async (t) => {
  for (const row of ROWS) {
    await t.step(row.name, () => assert.deepStrictEqual(invisibleAt(row.text), row.found));
  }
});

Deno.test("proxy poisoning: agrees with the engine's hazardOfCodePoint on every code point", () => {
  const kinds = new Map<number, InvisibleKind>([
    [TAG, "tag character"],
    [BIDI, "bidi control"],
    [IGNORABLE, "default-ignorable"],
  ]);
  const disagreements: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const expected = kinds.get(hazardOfCodePoint(cp)) ?? null;
    // After a letter, so that U+FE0F is no emoji selector.
    const found = invisibleAt("a" + String.fromCodePoint(cp));
    if ((found?.kind ?? null) !== expected) disagreements.push(cp.toString(16));
    if (disagreements.length > 10) break;
  }
  assert.deepStrictEqual(disagreements, []);
});

Deno.test("proxy poisoning: a key of a tool definition is checked like a value", () => {
  const tool = { name: "f", inputSchema: { properties: { "pa\u00ADth": { type: "string" } } } };
  assert.deepStrictEqual(poisonedField(tool), {
    pointer: "/inputSchema/properties/pa\u00ADth",
    codePoint: 0xad,
    kind: "default-ignorable",
  });
});
