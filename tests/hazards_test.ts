/**
 * `engine/hazards.ts` as a specification, in tables: each hazard character
 * (raw, and escaped as a model would write it in JSON, decoded the way the
 * scanner decodes), the forms of a key (ignorables removed, NFKC, case
 * folding, UTS #39 skeleton) and the collisions between the keys of one object. Fast
 * and deterministic, so `deno task mutate engine/hazards.ts` runs it once per
 * mutant; the property sweeps against independent references (every code
 * point, random strings and key sets) are in `tests/hazards_property_test.ts`.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  BIDI,
  COLLISION_KINDS,
  combineSurrogates,
  FIRST_HAZARD_UNIT,
  foldCase,
  hasHazard,
  type Hazard,
  HAZARD_UNIT,
  hazardAt,
  hazardOfCodePoint,
  IGNORABLE,
  isBidiControl,
  isDefaultIgnorable,
  isLoneSurrogate,
  isTagCharacter,
  type KeyCollision,
  keyCollisions,
  LONE_SURROGATE,
  NO_HAZARD,
  normalizeKey,
  skeleton,
  type StringHazards,
  stringHazards,
  stripIgnorables,
  TAG,
} from "../engine/hazards.ts";
import { decode, escapeAll } from "./fixtures/json_escapes.ts";
import { CONFUSABLES_VERSION, UCD_VERSION } from "../engine/unicode_tables.ts";

/** The hazards of every code point of a string, walking code units with `hazardAt`. */
function hazardsByUnits(s: string): Hazard[] {
  const out: Hazard[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
    out.push(hazardAt(c, next));
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
  }
  return out;
}

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

// ---------------------------------------------------------------------------
// Characters

interface CharacterCase {
  name: string;
  cp: number;
  hazard: Hazard;
  bidi: boolean;
  tag: boolean;
  ignorable: boolean;
}

const CHARACTERS: CharacterCase[] = [
  { name: "ASCII letter", cp: 0x61, hazard: NO_HAZARD, bidi: false, tag: false, ignorable: false },
  { name: "NUL", cp: 0x00, hazard: NO_HAZARD, bidi: false, tag: false, ignorable: false },
  { name: "NBSP", cp: 0xa0, hazard: NO_HAZARD, bidi: false, tag: false, ignorable: false },
  {
    name: "just below U+00AD",
    cp: 0xac,
    hazard: NO_HAZARD,
    bidi: false,
    tag: false,
    ignorable: false,
  },
  { name: "soft hyphen", cp: 0xad, hazard: IGNORABLE, bidi: false, tag: false, ignorable: true },
  {
    name: "combining grapheme joiner",
    cp: 0x34f,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  { name: "Arabic letter mark", cp: 0x61c, hazard: BIDI, bidi: true, tag: false, ignorable: true },
  {
    name: "Hangul choseong filler",
    cp: 0x115f,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "Hangul jungseong filler",
    cp: 0x1160,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "Khmer vowel inherent aq",
    cp: 0x17b4,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "Mongolian free variation selector",
    cp: 0x180b,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "Mongolian vowel separator",
    cp: 0x180e,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "zero width space",
    cp: 0x200b,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "zero width non-joiner",
    cp: 0x200c,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "zero width joiner",
    cp: 0x200d,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  { name: "left-to-right mark", cp: 0x200e, hazard: BIDI, bidi: true, tag: false, ignorable: true },
  { name: "right-to-left mark", cp: 0x200f, hazard: BIDI, bidi: true, tag: false, ignorable: true },
  {
    name: "hyphen is ordinary",
    cp: 0x2010,
    hazard: NO_HAZARD,
    bidi: false,
    tag: false,
    ignorable: false,
  },
  {
    name: "left-to-right embedding",
    cp: 0x202a,
    hazard: BIDI,
    bidi: true,
    tag: false,
    ignorable: true,
  },
  {
    name: "right-to-left override",
    cp: 0x202e,
    hazard: BIDI,
    bidi: true,
    tag: false,
    ignorable: true,
  },
  {
    name: "narrow NBSP is ordinary",
    cp: 0x202f,
    hazard: NO_HAZARD,
    bidi: false,
    tag: false,
    ignorable: false,
  },
  { name: "word joiner", cp: 0x2060, hazard: IGNORABLE, bidi: false, tag: false, ignorable: true },
  {
    name: "function application",
    cp: 0x2061,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "invisible times",
    cp: 0x2062,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "unassigned U+2065",
    cp: 0x2065,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "left-to-right isolate",
    cp: 0x2066,
    hazard: BIDI,
    bidi: true,
    tag: false,
    ignorable: true,
  },
  {
    name: "pop directional isolate",
    cp: 0x2069,
    hazard: BIDI,
    bidi: true,
    tag: false,
    ignorable: true,
  },
  {
    name: "inhibit symmetric swapping",
    cp: 0x206a,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "nominal digit shapes",
    cp: 0x206f,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "superscript zero is ordinary",
    cp: 0x2070,
    hazard: NO_HAZARD,
    bidi: false,
    tag: false,
    ignorable: false,
  },
  {
    name: "Hangul filler",
    cp: 0x3164,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "variation selector 1",
    cp: 0xfe00,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "variation selector 16",
    cp: 0xfe0f,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "byte order mark",
    cp: 0xfeff,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "halfwidth Hangul filler",
    cp: 0xffa0,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "unassigned U+FFF0",
    cp: 0xfff0,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "replacement character is ordinary",
    cp: 0xfffd,
    hazard: NO_HAZARD,
    bidi: false,
    tag: false,
    ignorable: false,
  },
  {
    name: "shorthand format letter overlap",
    cp: 0x1bca0,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "musical symbol begin beam",
    cp: 0x1d173,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "emoji is ordinary",
    cp: 0x1f600,
    hazard: NO_HAZARD,
    bidi: false,
    tag: false,
    ignorable: false,
  },
  { name: "unassigned U+E0000", cp: 0xe0000, hazard: TAG, bidi: false, tag: true, ignorable: true },
  { name: "language tag", cp: 0xe0001, hazard: TAG, bidi: false, tag: true, ignorable: true },
  { name: "tag space", cp: 0xe0020, hazard: TAG, bidi: false, tag: true, ignorable: true },
  {
    name: "tag latin capital letter A",
    cp: 0xe0041,
    hazard: TAG,
    bidi: false,
    tag: true,
    ignorable: true,
  },
  { name: "cancel tag", cp: 0xe007f, hazard: TAG, bidi: false, tag: true, ignorable: true },
  {
    name: "variation selector 17",
    cp: 0xe0100,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "end of the ignorable plane-14 block",
    cp: 0xe0fff,
    hazard: IGNORABLE,
    bidi: false,
    tag: false,
    ignorable: true,
  },
  {
    name: "past the ignorable block",
    cp: 0xe1000,
    hazard: NO_HAZARD,
    bidi: false,
    tag: false,
    ignorable: false,
  },
  {
    name: "last code point",
    cp: 0x10ffff,
    hazard: NO_HAZARD,
    bidi: false,
    tag: false,
    ignorable: false,
  },
];

Deno.test("each hazard character is classified by its own predicate and by hazardOfCodePoint", async (t) => {
  for (const c of CHARACTERS) {
    await t.step(`${hex(c.cp)} ${c.name}`, () => {
      assert.equal(isBidiControl(c.cp), c.bidi, "isBidiControl");
      assert.equal(isTagCharacter(c.cp), c.tag, "isTagCharacter");
      assert.equal(isDefaultIgnorable(c.cp), c.ignorable, "isDefaultIgnorable");
      assert.equal(hazardOfCodePoint(c.cp), c.hazard, "hazardOfCodePoint");
    });
  }
});

Deno.test("a hazard character reads the same raw, escaped, and half escaped", async (t) => {
  for (const c of CHARACTERS) {
    const raw = `k${String.fromCodePoint(c.cp)}z`;
    const escaped = escapeAll(raw);
    await t.step(`${hex(c.cp)} ${c.name}: raw ${JSON.stringify(escaped)}`, () => {
      assert.deepEqual(hazardsByUnits(raw), [NO_HAZARD, c.hazard, NO_HAZARD]);
      assert.deepEqual(hazardsByUnits(decode(escaped)), hazardsByUnits(raw));
      assert.deepEqual(stringHazards(decode(escaped)), stringHazards(raw));
      assert.equal(hasHazard(raw), c.hazard !== NO_HAZARD);
      if (c.cp > 0xffff) {
        // An escaped high surrogate followed by the raw low one.
        const high = raw.charCodeAt(1), low = raw.charCodeAt(2);
        const mixed = `k\\u${high.toString(16)}${String.fromCharCode(low)}z`;
        assert.deepEqual(hazardsByUnits(decode(mixed)), hazardsByUnits(raw));
        assert.equal(hazardAt(high, low), c.hazard);
        assert.equal(combineSurrogates(high, low), c.cp);
      }
    });
  }
});

interface SurrogateCase {
  name: string;
  /** The JSON string body, escapes and raw characters mixed. */
  body: string;
  /** Each code point's hazard, in order. */
  hazards: Hazard[];
  loneSurrogate: number;
}

const SURROGATES: SurrogateCase[] = [
  { name: "escaped pair", body: "\\uD83D\\uDE00", hazards: [NO_HAZARD], loneSurrogate: -1 },
  { name: "raw pair", body: "\u{1F600}", hazards: [NO_HAZARD], loneSurrogate: -1 },
  { name: "escaped high, raw low", body: "\\uD83D\uDE00", hazards: [NO_HAZARD], loneSurrogate: -1 },
  {
    name: "escaped high alone",
    body: "a\\uD800",
    hazards: [NO_HAZARD, LONE_SURROGATE],
    loneSurrogate: 1,
  },
  {
    name: "raw high alone",
    body: "a\uD800",
    hazards: [NO_HAZARD, LONE_SURROGATE],
    loneSurrogate: 1,
  },
  {
    name: "escaped low alone",
    body: "\\uDC00a",
    hazards: [LONE_SURROGATE, NO_HAZARD],
    loneSurrogate: 0,
  },
  {
    name: "raw low alone",
    body: "\uDC00a",
    hazards: [LONE_SURROGATE, NO_HAZARD],
    loneSurrogate: 0,
  },
  {
    name: "high then ASCII",
    body: "\\uDBFFx",
    hazards: [LONE_SURROGATE, NO_HAZARD],
    loneSurrogate: 0,
  },
  {
    name: "two highs",
    body: "\\uD800\\uD800",
    hazards: [LONE_SURROGATE, LONE_SURROGATE],
    loneSurrogate: 0,
  },
  {
    name: "two lows",
    body: "\\uDC00\\uDC00",
    hazards: [LONE_SURROGATE, LONE_SURROGATE],
    loneSurrogate: 0,
  },
  {
    name: "low then high (reversed pair)",
    body: "\\uDE00\\uD83D",
    hazards: [LONE_SURROGATE, LONE_SURROGATE],
    loneSurrogate: 0,
  },
  {
    name: "high, pair",
    body: "\\uD800\\uD83D\\uDE00",
    hazards: [LONE_SURROGATE, NO_HAZARD],
    loneSurrogate: 0,
  },
  {
    name: "pair, low",
    body: "\\uD83D\\uDE00\\uDC00",
    hazards: [NO_HAZARD, LONE_SURROGATE],
    loneSurrogate: 2,
  },
  { name: "escaped tag pair", body: "\\uDB40\\uDC01", hazards: [TAG], loneSurrogate: -1 },
  {
    name: "escaped high of a tag, raw low",
    body: "\\uDB40\uDC7F",
    hazards: [TAG],
    loneSurrogate: -1,
  },
  {
    name: "tag high without its low",
    body: "\\uDB40x",
    hazards: [LONE_SURROGATE, NO_HAZARD],
    loneSurrogate: 0,
  },
  {
    name: "variation selector 17 escaped",
    body: "\\uDB40\\uDD00",
    hazards: [IGNORABLE],
    loneSurrogate: -1,
  },
  {
    name: "just past the tags escaped",
    body: "\\uDB40\\uDC80",
    hazards: [IGNORABLE],
    loneSurrogate: -1,
  },
];

Deno.test("lone surrogates: high without low, low without high, in any spelling", async (t) => {
  for (const c of SURROGATES) {
    await t.step(c.name, () => {
      const s = decode(c.body);
      assert.deepEqual(hazardsByUnits(s), c.hazards);
      assert.equal(stringHazards(s).loneSurrogate, c.loneSurrogate);
      assert.equal(s.isWellFormed(), c.loneSurrogate < 0, "cross-check with isWellFormed");
    });
  }
});

const SURROGATE_CODE_POINTS: readonly { name: string; cp: number; hazard: Hazard }[] = [
  { name: "last code point before the surrogates", cp: 0xd7ff, hazard: NO_HAZARD },
  { name: "first high surrogate", cp: 0xd800, hazard: LONE_SURROGATE },
  { name: "last high surrogate", cp: 0xdbff, hazard: LONE_SURROGATE },
  { name: "first low surrogate", cp: 0xdc00, hazard: LONE_SURROGATE },
  { name: "last low surrogate", cp: 0xdfff, hazard: LONE_SURROGATE },
  { name: "first private use character after them", cp: 0xe000, hazard: NO_HAZARD },
];

Deno.test("hazardOfCodePoint: a surrogate code point is a lone surrogate", async (t) => {
  for (const c of SURROGATE_CODE_POINTS) {
    await t.step(`${hex(c.cp)} ${c.name}`, () => assert.equal(hazardOfCodePoint(c.cp), c.hazard));
  }
});

interface LoneCase {
  name: string;
  unit: number;
  next: number;
  lone: boolean;
}

const LONE_UNITS: LoneCase[] = [
  { name: "ASCII", unit: 0x41, next: 0x42, lone: false },
  { name: "BMP letter before a low", unit: 0x4e00, next: 0xdc00, lone: false },
  { name: "first high, first low", unit: 0xd800, next: 0xdc00, lone: false },
  { name: "last high, last low", unit: 0xdbff, next: 0xdfff, lone: false },
  { name: "high, end of text", unit: 0xd800, next: -1, lone: true },
  { name: "high, high", unit: 0xdbff, next: 0xd800, lone: true },
  { name: "high, unit past the lows", unit: 0xd800, next: 0xe000, lone: true },
  { name: "high, unit before the highs", unit: 0xd800, next: 0xd7ff, lone: true },
  { name: "low met first", unit: 0xdc00, next: 0xdc00, lone: true },
  { name: "last low met first", unit: 0xdfff, next: -1, lone: true },
  { name: "first unit past the surrogates", unit: 0xe000, next: 0x41, lone: false },
  { name: "replacement character before a low", unit: 0xfffd, next: 0xdc00, lone: false },
];

Deno.test("isLoneSurrogate at the start of a code point", async (t) => {
  for (const c of LONE_UNITS) {
    await t.step(c.name, () => {
      assert.equal(isLoneSurrogate(c.unit, c.next), c.lone);
      assert.equal(hazardAt(c.unit, c.next) === LONE_SURROGATE, c.lone);
    });
  }
});

// ---------------------------------------------------------------------------
// Strings

interface StringCase {
  name: string;
  text: string;
  hazards: StringHazards;
}

const none: StringHazards = { bidi: -1, tag: -1, loneSurrogate: -1, ignorable: -1 };

const STRINGS: StringCase[] = [
  { name: "empty", text: "", hazards: none },
  { name: "ASCII", text: '{"cmd":"ls -la"}', hazards: none },
  { name: "accented and CJK text", text: "naïve café 東京 Ελλάδα", hazards: none },
  { name: "emoji without selector", text: "ok \u{1F44D}", hazards: none },
  {
    name: "trojan source override",
    text: "access\u202E \u2066// admin\u2069",
    hazards: { ...none, bidi: 6 },
  },
  { name: "Arabic letter mark", text: "x\u061C", hazards: { ...none, bidi: 1 } },
  { name: "right-to-left mark", text: "\u200Fabc", hazards: { ...none, bidi: 0 } },
  { name: "role with soft hyphen", text: "role\u00AD", hazards: { ...none, ignorable: 4 } },
  { name: "combining grapheme joiner", text: "ro\u034Fle", hazards: { ...none, ignorable: 2 } },
  { name: "function application", text: "ro\u2061le", hazards: { ...none, ignorable: 2 } },
  { name: "Hangul filler", text: "\u3164", hazards: { ...none, ignorable: 0 } },
  { name: "emoji variation selector", text: "\u2764\uFE0F", hazards: { ...none, ignorable: 1 } },
  { name: "zero width space", text: "a\u200Bb\u200Bc", hazards: { ...none, ignorable: 1 } },
  { name: "BOM inside", text: "a\uFEFF", hazards: { ...none, ignorable: 1 } },
  {
    name: "hidden tag instruction",
    text: "hi\u{E0049}\u{E0047}\u{E004E}",
    hazards: { ...none, tag: 2 },
  },
  {
    name: "flag tag sequence",
    text: "\u{1F3F4}\u{E0067}\u{E0062}\u{E007F}",
    hazards: { ...none, tag: 2 },
  },
  { name: "lone high at the end", text: "ab\uD800", hazards: { ...none, loneSurrogate: 2 } },
  { name: "lone low at the start", text: "\uDC00ab", hazards: { ...none, loneSurrogate: 0 } },
  {
    name: "every hazard, first offsets",
    text: "a\u00AD\u200E\uD800\uDB40\uDC41\u202E\u00AD",
    hazards: { bidi: 2, tag: 4, loneSurrogate: 3, ignorable: 1 },
  },
  { name: "last pair of the surrogate range", text: "a\u{10FFFD}b", hazards: none },
  { name: "supplementary ignorable", text: "x\u{1D173}", hazards: { ...none, ignorable: 1 } },
  { name: "variation selector 17", text: "\u8FBB\u{E0100}", hazards: { ...none, ignorable: 1 } },
  {
    name: "a hazard at offset 0 stays the first of its kind",
    text: "\u202E\u{E0041}\u00ADa\u202E\u{E0041}\u00AD",
    hazards: { ...none, bidi: 0, tag: 1, ignorable: 3 },
  },
  {
    name: "a tag at offset 0 stays the first",
    text: "\u{E0041}a\u{E0041}",
    hazards: { ...none, tag: 0 },
  },
  {
    name: "an ignorable at offset 0 stays the first",
    text: "\u00ADa\u00AD",
    hazards: { ...none, ignorable: 0 },
  },
  {
    name: "the first supplementary code point (a pair from U+D800)",
    text: "a\u{10000}",
    hazards: none,
  },
  {
    name: "a unit above the surrogates is one code point",
    text: "\uFFFD\u202E",
    hazards: { ...none, bidi: 1 },
  },
];

Deno.test("stringHazards gives the first offset of each hazard, raw or escaped", async (t) => {
  for (const c of STRINGS) {
    await t.step(c.name, () => {
      assert.deepEqual(stringHazards(c.text), c.hazards);
      assert.deepEqual(stringHazards(decode(escapeAll(c.text))), c.hazards, "escaped");
      const any = c.hazards.bidi >= 0 || c.hazards.tag >= 0 || c.hazards.loneSurrogate >= 0 ||
        c.hazards.ignorable >= 0;
      assert.equal(hasHazard(c.text), any, "hasHazard");
    });
  }
});

// ---------------------------------------------------------------------------
// Forms of a key

interface FormCase {
  name: string;
  input: string;
  output: string;
}

const STRIPPED: FormCase[] = [
  { name: "ASCII unchanged", input: "role", output: "role" },
  { name: "soft hyphen", input: "role\u00AD", output: "role" },
  { name: "zero width space inside", input: "ro\u200Ble", output: "role" },
  { name: "several kinds", input: "\u034Fr\u2061o\u3164l\uFE0Fe\u200D", output: "role" },
  { name: "bidi controls too", input: "\u202Erole\u202C", output: "role" },
  { name: "tag characters", input: "role\u{E0041}\u{E007F}", output: "role" },
  { name: "supplementary ignorable", input: "a\u{E0100}", output: "a" },
  { name: "only ignorables", input: "\u200B\u200C", output: "" },
  { name: "lone surrogate stays", input: "a\uD800\u00AD", output: "a\uD800" },
  { name: "emoji stays", input: "\u{1F600}", output: "\u{1F600}" },
  { name: "an ignorable before a lone low surrogate", input: "\u00AD\uDC00", output: "\uDC00" },
  {
    name: "an ignorable above the surrogates before a lone low",
    input: "\uFE0F\uDC00",
    output: "\uDC00",
  },
  { name: "the first tag code point (low half U+DC00)", input: "a\u{E0000}", output: "a" },
  { name: "an ignorable with low half U+DFFF", input: "a\u{E03FF}", output: "a" },
  {
    name: "a high surrogate before a unit past the lows is no pair",
    input: "\uDB40\uE000",
    output: "\uDB40\uE000",
  },
];

const FOLDED: FormCase[] = [
  { name: "ASCII upper", input: "UserID", output: "userid" },
  { name: "long s", input: "\u017F", output: "s" },
  { name: "dotless i (our Turkic decision)", input: "\u0131", output: "i" },
  { name: "dotted capital I (our Turkic decision)", input: "\u0130", output: "i" },
  { name: "final sigma", input: "\u03C2", output: "\u03C3" },
  { name: "capital sigma", input: "\u03A3", output: "\u03C3" },
  { name: "sharp s (status F)", input: "\u00DF", output: "ss" },
  { name: "capital sharp s", input: "\u1E9E", output: "ss" },
  { name: "Kelvin sign", input: "\u212A", output: "k" },
  { name: "Angstrom sign", input: "\u212B", output: "\u00E5" },
  { name: "ligature ff (status F)", input: "\uFB00", output: "ff" },
  { name: "Cyrillic capital", input: "\u0410", output: "\u0430" },
  { name: "Cherokee small letter folds to capital", input: "\uAB70", output: "\u13A0" },
  { name: "Deseret (supplementary)", input: "\u{10400}", output: "\u{10428}" },
  { name: "micro sign", input: "\u00B5", output: "\u03BC" },
  { name: "mixed", input: "Stra\u00DFe\u212A", output: "strassek" },
  {
    name: "ASCII beside non-ASCII: only A to Z change",
    input: "\u00C4@AZ[`az{19",
    output: "\u00E4@az[`az{19",
  },
  {
    name: "the last entry of the folding table",
    input: "\u{1E921}",
    output: "\u{1E943}",
  },
];

const NORMALIZED: FormCase[] = [
  { name: "ASCII unchanged", input: "name", output: "name" },
  { name: "NFD é composes", input: "cafe\u0301", output: "caf\u00E9" },
  { name: "NFC é stays", input: "caf\u00E9", output: "caf\u00E9" },
  { name: "fi ligature", input: "\uFB01le", output: "file" },
  { name: "fullwidth letters", input: "\uFF49\uFF44", output: "id" },
  { name: "Kelvin sign (canonical singleton)", input: "\u212A", output: "K" },
  { name: "Angstrom sign", input: "\u212B", output: "\u00C5" },
  { name: "long s (compatibility)", input: "\u017F", output: "s" },
  { name: "superscript two", input: "x\u00B2", output: "x2" },
  { name: "Hangul syllable from jamo", input: "\u1100\u1161", output: "\uAC00" },
];

const SKELETONS: FormCase[] = [
  { name: "ASCII word", input: "paypal", output: "paypal" },
  { name: "Cyrillic a", input: "\u0430", output: "a" },
  { name: "Cyrillic in a word", input: "p\u0430yp\u0430l", output: "paypal" },
  { name: "Greek omicron", input: "r\u03BFle", output: "role" },
  { name: "Cyrillic capital", input: "\u0421\u041C\u0414", output: "CMД" },
  { name: "m is rn", input: "m", output: "rn" },
  { name: "digit one is l", input: "1", output: "l" },
  { name: "capital I is l", input: "I", output: "l" },
  { name: "fullwidth a", input: "\uFF41", output: "a" },
  { name: "mathematical bold a", input: "\u{1D41A}", output: "a" },
  { name: "precomposed é decomposes", input: "\u00E9", output: "e\u0301" },
];

Deno.test("forms of a key", async (t) => {
  const tables: readonly { name: string; cases: FormCase[]; form: (s: string) => string }[] = [
    { name: "stripIgnorables", cases: STRIPPED, form: stripIgnorables },
    { name: "foldCase", cases: FOLDED, form: foldCase },
    { name: "normalizeKey", cases: NORMALIZED, form: normalizeKey },
    { name: "skeleton", cases: SKELETONS, form: skeleton },
  ];
  for (const { name, cases, form } of tables) {
    for (const c of cases) {
      await t.step(`${name}: ${c.name}`, () => {
        assert.equal(form(c.input), c.output);
        assert.equal(form(decode(escapeAll(c.input))), c.output, "escaped");
      });
    }
  }
});

// ---------------------------------------------------------------------------
// Keys

interface KeysCase {
  name: string;
  keys: string[];
  /** `kind firstIndex>index` per collision. */
  collisions: string[];
}

const KEYS: KeysCase[] = [
  { name: "no keys", keys: [], collisions: [] },
  { name: "one key", keys: ["a"], collisions: [] },
  { name: "distinct lower-case ASCII", keys: ["cmd", "args", "cwd", "env"], collisions: [] },
  { name: "exact duplicate", keys: ["a", "b", "a"], collisions: ["exact 0>2"] },
  { name: "three exact duplicates", keys: ["a", "a", "a"], collisions: ["exact 0>1", "exact 0>2"] },
  { name: "ASCII case", keys: ["id", "ID"], collisions: ["case 0>1"] },
  {
    name: "ASCII case, three spellings",
    keys: ["Role", "role", "ROLE"],
    collisions: ["case 0>1", "case 0>2"],
  },
  { name: "ASCII case and exact", keys: ["Id", "id", "Id"], collisions: ["case 0>1", "exact 0>2"] },
  { name: "soft hyphen (issue)", keys: ["role\u00AD", "role"], collisions: ["ignorable 0>1"] },
  { name: "soft hyphen second", keys: ["role", "role\u00AD"], collisions: ["ignorable 0>1"] },
  {
    name: "combining grapheme joiner (issue)",
    keys: ["role", "ro\u034Fle"],
    collisions: ["ignorable 0>1"],
  },
  {
    name: "function application (issue)",
    keys: ["role", "role\u2061"],
    collisions: ["ignorable 0>1"],
  },
  { name: "Hangul filler (issue)", keys: ["role", "role\u3164"], collisions: ["ignorable 0>1"] },
  {
    name: "emoji variation selector (issue)",
    keys: ["role", "role\uFE0F"],
    collisions: ["ignorable 0>1"],
  },
  { name: "zero width space (issue)", keys: ["role\u200B", "role"], collisions: ["ignorable 0>1"] },
  { name: "bidi control", keys: ["admin", "\u202Badmin"], collisions: ["ignorable 0>1"] },
  { name: "tag characters", keys: ["cmd", "cmd\u{E0041}"], collisions: ["ignorable 0>1"] },
  { name: "two different ignorables", keys: ["a\u200B", "a\u200C"], collisions: ["ignorable 0>1"] },
  { name: "ignorable alone does not collide", keys: ["role\u00AD", "user"], collisions: [] },
  {
    name: "halfwidth Hangul filler",
    keys: ["a", "a\uFFA0"],
    collisions: ["ignorable 0>1"],
  },
  {
    name: "NFC vs NFD é (issue)",
    keys: ["caf\u00E9", "cafe\u0301"],
    collisions: ["normalization 0>1"],
  },
  { name: "NFKC fi ligature (issue)", keys: ["fi", "\uFB01"], collisions: ["normalization 0>1"] },
  { name: "fullwidth letters", keys: ["id", "\uFF49\uFF44"], collisions: ["normalization 0>1"] },
  { name: "Kelvin sign vs K", keys: ["K", "\u212A"], collisions: ["normalization 0>1"] },
  {
    name: "long s vs s (issue; NFKC already maps it)",
    keys: ["\u017Fize", "size"],
    collisions: ["normalization 0>1"],
  },
  { name: "superscript vs digit", keys: ["x2", "x\u00B2"], collisions: ["normalization 0>1"] },
  { name: "dotless i vs i (issue)", keys: ["\u0131d", "id"], collisions: ["case 0>1"] },
  { name: "dotted capital I vs i", keys: ["id", "\u0130d"], collisions: ["case 0>1"] },
  { name: "dotless i vs capital I", keys: ["\u0131D", "ID"], collisions: ["case 0>1"] },
  { name: "final vs medial sigma (issue)", keys: ["\u03C3", "\u03C2"], collisions: ["case 0>1"] },
  {
    name: "capital sigma vs final sigma",
    keys: ["\u03BF\u03C2", "\u039F\u03A3"],
    collisions: ["case 0>1"],
  },
  { name: "sharp s vs ss", keys: ["stra\u00DFe", "strasse"], collisions: ["case 0>1"] },
  { name: "capital sharp s vs sharp s", keys: ["\u00DF", "\u1E9E"], collisions: ["case 0>1"] },
  { name: "Kelvin sign vs k", keys: ["k", "\u212A"], collisions: ["case 0>1"] },
  {
    name: "Cyrillic capital vs small",
    keys: ["\u0434\u0430", "\u0414\u0410"],
    collisions: ["case 0>1"],
  },
  { name: "Latin a vs Cyrillic а (issue)", keys: ["a", "\u0430"], collisions: ["confusable 0>1"] },
  {
    name: "Cyrillic in a word",
    keys: ["password", "p\u0430ssw\u043Erd"],
    collisions: ["confusable 0>1"],
  },
  { name: "Greek omicron", keys: ["role", "r\u03BFle"], collisions: ["confusable 0>1"] },
  {
    name: "Cyrillic capital vs Latin small",
    keys: ["a", "\u0410"],
    collisions: ["confusable 0>1"],
  },
  {
    name: "mathematical bold vs Cyrillic",
    keys: ["\u{1D41A}", "\u0430"],
    collisions: ["confusable 0>1"],
  },
  { name: "palochka vs i", keys: ["i", "\u04CF"], collisions: ["confusable 0>1"] },
  {
    name: "Cyrillic capital І vs l (skeleton before folding)",
    keys: ["l", "\u0406"],
    collisions: ["confusable 0>1"],
  },
  { name: "Cyrillic capital І vs I", keys: ["\u0406D", "ID"], collisions: ["confusable 0>1"] },
  { name: "dental click vs l", keys: ["\u01C0ist", "list"], collisions: ["confusable 0>1"] },
  {
    name: "ASCII-only confusables are not reported",
    keys: ["col1", "coll", "colI", "m", "rn", "O", "0"],
    collisions: [],
  },
  {
    name: "ASCII confusables, then a non-ASCII one",
    keys: ["l", "1", "\u01C0"],
    collisions: ["confusable 0>2"],
  },
  {
    name: "an ASCII key is confusable with the first wide key by either skeleton",
    keys: ["\u01C0", "\u0456", "I"],
    collisions: ["confusable 0>2"],
  },
  {
    name: "a wide key is confusable with the first key by either skeleton",
    keys: ["\u0456", "\u01C0", "I"],
    collisions: ["confusable 0>2"],
  },
  {
    name: "a C1 control is not ASCII: its keys are compared by skeleton",
    keys: ["l\u0080", "1\u0080"],
    collisions: ["confusable 0>1"],
  },
  { name: "A is upper case", keys: ["a", "A"], collisions: ["case 0>1"] },
  { name: "Z is upper case", keys: ["z", "Z"], collisions: ["case 0>1"] },
  {
    name: "an ASCII key confusable with a wide key that is not the first key",
    keys: ["x", "\u0430", "a"],
    collisions: ["confusable 1>2"],
  },
  {
    name: "an ASCII key confusable with a later wide key by the folded skeleton only",
    keys: ["x", "\u0456", "I"],
    collisions: ["confusable 1>2"],
  },
  { name: "exact non-ASCII duplicates", keys: ["\u00E9", "\u00E9"], collisions: ["exact 0>1"] },
  { name: "distinct Cyrillic words", keys: ["\u0434\u0430", "\u043D\u0435\u0442"], collisions: [] },
  { name: "distinct accented keys", keys: ["caf\u00E9", "cafe", "caf\u00E8"], collisions: [] },
  {
    name: "finest kind wins",
    keys: ["role", "role\u00AD", "ROLE", "r\u043Ele"],
    collisions: ["ignorable 0>1", "case 0>2", "confusable 0>3"],
  },
  {
    name: "each later key once, against the first of its class",
    keys: ["a", "A", "\u0430", "\u0410", "a\u200B"],
    collisions: ["case 0>1", "confusable 0>2", "case 2>3", "ignorable 0>4"],
  },
  {
    name: "many lower-case keys, exact duplicates",
    keys: [...Array.from({ length: 20 }, (_, k) => `k${k}`), "k3", "k19", "k3"],
    collisions: ["exact 3>20", "exact 19>21", "exact 3>22"],
  },
  {
    name: "few lower-case keys, exact duplicates",
    keys: ["a", "b", "c", "b", "a", "b"],
    collisions: ["exact 1>3", "exact 0>4", "exact 1>5"],
  },
  {
    name: "many keys, one collision at the end",
    keys: [...Array.from({ length: 50 }, (_, k) => `k${k}`), "K7"],
    collisions: ["case 7>50"],
  },
];

function describe(collisions: KeyCollision[]): string[] {
  return collisions.map((c) => `${c.kind} ${c.firstIndex}>${c.index}`);
}

Deno.test("keyCollisions reports the finest collision of each later key", async (t) => {
  for (const c of KEYS) {
    await t.step(c.name, () => {
      const found = keyCollisions(c.keys);
      assert.deepEqual(describe(found), c.collisions);
      for (const f of found) {
        assert.equal(f.first, c.keys[f.firstIndex]);
        assert.equal(f.second, c.keys[f.index]);
        assert.ok(f.firstIndex < f.index);
      }
      const escaped = c.keys.map((k) => decode(escapeAll(k)));
      assert.deepEqual(describe(keyCollisions(escaped)), c.collisions, "escaped keys");
    });
  }
});

Deno.test("the data tables record their Unicode versions", () => {
  assert.equal(UCD_VERSION, "16.0.0");
  assert.equal(CONFUSABLES_VERSION, "13.0.0");
  assert.equal(FIRST_HAZARD_UNIT, 0xad);
});

Deno.test("the collision kinds, finest first", () => {
  assert.deepEqual(COLLISION_KINDS, ["exact", "ignorable", "normalization", "case", "confusable"]);
});

/** Code units and whether a hazard starts with them (`HAZARD_UNIT`). */
const HAZARD_UNIT_ROWS: readonly (readonly [string, number, boolean])[] = [
  ["a letter", 0x61, false],
  ["the last unit before the first ignorable", 0xac, false],
  ["a soft hyphen", 0xad, true],
  ["the unit after it", 0xae, false],
  ["a combining grapheme joiner", 0x34f, true],
  ["the Arabic letter mark (a bidi control)", 0x61c, true],
  ["a Hangul choseong filler and the jungseong filler after it", 0x1160, true],
  ["the unit after the fillers", 0x1161, false],
  ["a zero-width space", 0x200b, true],
  ["an en dash", 0x2013, false],
  ["a right-to-left override", 0x202e, true],
  ["a word joiner", 0x2060, true],
  ["the last unit of the invisible operators' block", 0x206f, true],
  ["a superscript zero", 0x2070, false],
  ["a CJK ideograph", 0x4e2d, false],
  ["a variation selector", 0xfe0f, true],
  ["a byte order mark", 0xfeff, true],
  ["the last reserved ignorable of the specials", 0xfff8, true],
  ["an interlinear annotation anchor", 0xfff9, false],
  ["the high surrogate of U+1BCA0 (a shorthand format control)", 0xd82f, true],
  ["the high surrogate of U+1D173 (a musical format control)", 0xd834, true],
  ["an emoji's high surrogate", 0xd83d, false],
  ["the high surrogate of the tag characters", 0xdb40, true],
  ["the high surrogate of U+E0FFF", 0xdb43, true],
  ["the high surrogate after them", 0xdb44, false],
  ["a low surrogate", 0xdc00, false],
];

Deno.test("HAZARD_UNIT holds exactly the code units a hazard starts with", async (t) => {
  for (const [name, unit, expected] of HAZARD_UNIT_ROWS) {
    await t.step(name, () => {
      assert.strictEqual(HAZARD_UNIT.test(String.fromCharCode(unit)), expected);
    });
  }
  await t.step(
    "every code unit: a BMP default-ignorable, or an astral one's high surrogate",
    () => {
      const highs = new Set<number>();
      for (let cp = 0x10000; cp <= 0x10ffff; cp++) {
        if (isDefaultIgnorable(cp)) highs.add(String.fromCodePoint(cp).charCodeAt(0));
      }
      for (let unit = 0; unit <= 0xffff; unit++) {
        const expected = unit >= 0xd800 && unit <= 0xdfff
          ? highs.has(unit)
          : isDefaultIgnorable(unit);
        if (HAZARD_UNIT.test(String.fromCharCode(unit)) !== expected) {
          assert.fail(`U+${unit.toString(16).toUpperCase()}: expected ${expected}`);
        }
      }
    },
  );
});
