/**
 * `engine/hazards.ts` against independent slow references, the property half
 * of its specification (the tables are in `tests/hazards_test.ts`): V8's own
 * `\p{Default_Ignorable_Code_Point}` on every code point, NFKC mapping no
 * code point to an ignorable one, `toUpperCase`/`toLowerCase` against the case
 * folding on every code point, the stability of skeletons, a regex-based
 * string checker and a quadratic key-set checker on random inputs. These
 * sweeps run over 1.1 million code points each, too slow to run once per
 * mutant under mutation testing; the tables kill the mutants.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  BIDI,
  COLLISION_KINDS,
  foldCase,
  type Hazard,
  hazardOfCodePoint,
  IGNORABLE,
  isDefaultIgnorable,
  type KeyCollision,
  keyCollisions,
  LONE_SURROGATE,
  NO_HAZARD,
  skeleton,
  type StringHazards,
  stringHazards,
  stripIgnorables,
  TAG,
} from "../engine/hazards.ts";
import { decode, escapeAll } from "./fixtures/json_escapes.ts";

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

const none: StringHazards = { bidi: -1, tag: -1, loneSurrogate: -1, ignorable: -1 };

function describe(collisions: KeyCollision[]): string[] {
  return collisions.map((c) => `${c.kind} ${c.firstIndex}>${c.index}`);
}

// ---------------------------------------------------------------------------
// Properties against independent references

const V8_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const BIDI_REFERENCE = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const TAG_REFERENCE = /[\u{E0000}-\u{E007F}]/u;

Deno.test("property: every code point classifies as V8's own Unicode tables say", () => {
  const wrong: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    const s = String.fromCodePoint(cp);
    const surrogate = cp >= 0xd800 && cp <= 0xdfff;
    const ignorable = V8_IGNORABLE.test(s);
    const expected: Hazard = surrogate
      ? LONE_SURROGATE
      : BIDI_REFERENCE.test(s)
      ? BIDI
      : TAG_REFERENCE.test(s)
      ? TAG
      : ignorable
      ? IGNORABLE
      : NO_HAZARD;
    if (isDefaultIgnorable(cp) !== ignorable || hazardOfCodePoint(cp) !== expected) {
      wrong.push(hex(cp));
    }
  }
  assert.deepEqual(wrong, [], "V8 is on Unicode 16.0; regenerate the tables if it moved");
});

Deno.test("property: NFKC maps no code point that is not ignorable to an ignorable one", () => {
  const wrong: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if ((cp >= 0xd800 && cp <= 0xdfff) || isDefaultIgnorable(cp)) continue;
    const normalized = String.fromCodePoint(cp).normalize("NFKC");
    if (stripIgnorables(normalized) !== normalized) wrong.push(hex(cp));
  }
  // keyCollisions strips ignorables once, before NFKC, on the strength of this.
  assert.deepEqual(wrong, []);
});

/** Code points where full case folding and `toLowerCase(toUpperCase())` differ by design. */
function foldDiffersFromLowerUpper(cp: number): boolean {
  return (cp >= 0x13a0 && cp <= 0x13f5) || (cp >= 0x13f8 && cp <= 0x13fd) ||
    (cp >= 0xab70 && cp <= 0xabbf) || // Cherokee folds to upper case
    cp === 0x130 || // İ: our Turkic decision (lower(upper) keeps U+0307)
    cp === 0x1e9e; // ẞ: lower(upper) is ß, which folds on to ss
}

Deno.test("property: case folding agrees with V8's case mappings on every code point", () => {
  const wrong: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const s = String.fromCodePoint(cp);
    const f = foldCase(s);
    if (f !== foldCase(f)) wrong.push(`${hex(cp)} not idempotent`);
    if (cp !== 0x130 && (f !== foldCase(s.toUpperCase()) || f !== foldCase(s.toLowerCase()))) {
      wrong.push(`${hex(cp)} differs from the fold of its upper or lower case`);
    }
    if (!foldDiffersFromLowerUpper(cp) && f !== s.toUpperCase().toLowerCase()) {
      wrong.push(`${hex(cp)} differs from toLowerCase(toUpperCase())`);
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("property: skeletons are stable but for the known confusables.txt 13.0 exceptions", () => {
  const unstable: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const k = skeleton(String.fromCodePoint(cp));
    if (skeleton(k) !== k) unstable.push(hex(cp));
  }
  // Prototypes whose NFD holds a mark that maps on again (DŽ → DZ + caron → breve; …).
  assert.deepEqual(unstable, [
    "U+01C4",
    "U+01C5",
    "U+01C6",
    "U+048B",
    "U+321D",
    "U+FBA4",
    "U+FBA5",
    "U+FBB0",
    "U+FBB1",
    "U+FE81",
    "U+FE82",
    "U+FEF5",
    "U+FEF6",
  ]);
});

/** A deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces random strings are made of: ordinary text and every kind of hazard. */
const PIECES = [
  "a",
  "b",
  "I",
  "l",
  "1",
  "0",
  "O",
  "m",
  "rn",
  "s",
  "k",
  "K",
  "i",
  "e",
  "fi",
  "ss",
  "\u0430",
  "\u0410",
  "\u043E",
  "\u0435",
  "\u04CF",
  "\u03BF",
  "\u03C3",
  "\u03C2",
  "\u03A3",
  "\u017F",
  "\u0131",
  "\u00DF",
  "\u212A",
  "\u00E9",
  "e\u0301",
  "\uFB01",
  "\uFF41",
  "\u00B2",
  "\u00AD",
  "\u034F",
  "\u2061",
  "\u3164",
  "\uFE0F",
  "\u200B",
  "\u200D",
  "\uFEFF",
  "\uFFA0",
  "\u202E",
  "\u2066",
  "\u200E",
  "\u061C",
  "\u{E0041}",
  "\u{E007F}",
  "\u{E0100}",
  "\uD800",
  "\uDC00",
  "\u{1F600}",
  "\u6771",
  "\u00E8",
];

function randomString(next: () => number, pieces: number): string {
  let s = "";
  for (let k = 0; k < pieces; k++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

/** The string checker, slowly: one regex test per code point. */
function stringHazardsReference(s: string): StringHazards {
  const found = { ...none };
  let i = 0;
  for (const ch of s) {
    const lone = ch.length === 1 && ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff;
    const key = lone
      ? "loneSurrogate"
      : BIDI_REFERENCE.test(ch)
      ? "bidi"
      : TAG_REFERENCE.test(ch)
      ? "tag"
      : V8_IGNORABLE.test(ch)
      ? "ignorable"
      : undefined;
    if (key !== undefined && found[key] < 0) found[key] = i;
    i += ch.length;
  }
  return found;
}

Deno.test("property: stringHazards equals a regex reference on random strings", () => {
  const next = random(9);
  for (let run = 0; run < 3000; run++) {
    const s = randomString(next, 1 + Math.floor(next() * 8));
    assert.deepEqual(stringHazards(s), stringHazardsReference(s), JSON.stringify(s));
    assert.deepEqual(stringHazards(decode(escapeAll(s))), stringHazards(s));
  }
});

const V8_IGNORABLES = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * A key's forms, built from V8 alone (regex ignorables, `normalize`, upper- then
 * lower-casing twice, so `ß` → `SS` → `ss`, with İ → i for the Turkic
 * decision); the skeletons are the module's, whose table has no other source here.
 */
function formsReference(key: string): string[] {
  const ignorable = key.replace(V8_IGNORABLES, "");
  const normalized = ignorable.normalize("NFKC");
  const lowerUpper = (s: string) => s.toUpperCase().toLowerCase();
  const folded = lowerUpper(lowerUpper(normalized.replaceAll("\u0130", "i"))).normalize("NFKC");
  return [key, ignorable, normalized, folded, skeleton(normalized), skeleton(folded)];
}

/** The key-set checker, quadratically: every earlier key, every level. */
function keyCollisionsReference(keys: string[]): string[] {
  const forms = keys.map(formsReference);
  const ascii = keys.map((k) => [...k].every((ch) => ch.charCodeAt(0) < 0x80));
  const same = (i: number, j: number, level: number) =>
    level < 4
      ? forms[i][level] === forms[j][level]
      : (forms[i][4] === forms[j][4] || forms[i][5] === forms[j][5]) && (!ascii[i] || !ascii[j]);
  const out: string[] = [];
  for (let j = 0; j < keys.length; j++) {
    for (let level = 0; level < COLLISION_KINDS.length; level++) {
      const i = forms.findIndex((_, i) => i < j && same(i, j, level));
      if (i < 0) continue;
      out.push(`${COLLISION_KINDS[level]} ${i}>${j}`);
      break;
    }
  }
  return out;
}

Deno.test("property: keyCollisions equals a quadratic reference on random key sets", () => {
  const next = random(15);
  for (let run = 0; run < 2000; run++) {
    const count = 2 + Math.floor(next() * 6);
    const keys: string[] = [];
    for (let k = 0; k < count; k++) {
      // Half the keys are variants of an earlier one, so collisions are frequent.
      keys.push(
        k > 0 && next() < 0.5
          ? keys[Math.floor(next() * k)] + randomString(next, Math.floor(next() * 2))
          : randomString(next, 1 + Math.floor(next() * 3)),
      );
    }
    assert.deepEqual(
      describe(keyCollisions(keys)),
      keyCollisionsReference(keys),
      JSON.stringify(keys),
    );
  }
});

Deno.test("property: all-ASCII key sets take the fast path with the same answer", () => {
  const next = random(23);
  for (let run = 0; run < 2000; run++) {
    // Half the sets are lower-case only; sizes cross PAIRWISE_MAX (16) both ways.
    const letters = run % 2 === 0 ? "abil1_-." : "aAbBiIlL1_-.";
    const keys = Array.from({ length: 1 + Math.floor(next() * 24) }, () => {
      let s = "";
      for (let k = 0; k < 1 + Math.floor(next() * 3); k++) {
        s += letters[Math.floor(next() * letters.length)];
      }
      return s;
    });
    assert.deepEqual(
      describe(keyCollisions(keys)),
      keyCollisionsReference(keys),
      JSON.stringify(keys),
    );
  }
});
