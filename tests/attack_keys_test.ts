/**
 * Keys: an unquoted key gets every check a quoted key gets (duplicates, case
 * collisions, invisible characters, lone surrogates), and an unquoted key that readers take
 * differently (a number, a dotted path, a literal, `__proto__`) is `R043 AmbiguousKey`. Every
 * `Default_Ignorable_Code_Point` in a key is `R038`, raw or escaped, quoted or not; keys of one
 * object that collide under full case folding (`R036`), NFC/NFKC (`R044`) or UTS #39 confusable
 * skeletons (`R045`) are a semantic ambiguity. Each such row is refused, and its rule reported,
 * under `agent`, `execution` and `strict`; plain distinct keys stay executable under each.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate } from "../mod.ts";
import { type AttackRow as Row, checkAttackRow } from "./fixtures/attack_rows.ts";
import { isDefaultIgnorable } from "../engine/hazards.ts";

/** A refusal here is always an ambiguity. */
function checkRow(row: Row): void {
  const result = checkAttackRow(row);
  if (!("value" in row)) assert.equal(result.ambiguous, true, result.decision);
}

const UNQUOTED_CHECKS: Row[] = [
  {
    name: "a zero-width space in an unquoted key",
    input: "{role\u200B: 'admin', role: 'user'}",
    rule: "R038",
  },
  { name: "a zero-width joiner in an unquoted key", input: "{ro\u200Dle: 1}", rule: "R038" },
  { name: "a word joiner in an unquoted key", input: "{role\u2060: 1}", rule: "R038" },
  { name: "a BOM inside an unquoted key", input: "{ro\uFEFFle: 1}", rule: "R038" },
  { name: "a bidi override in an unquoted key", input: "{r\u202Eole: 1}", rule: "R037" },
  { name: "a tag character in an unquoted key", input: "{role\u{E0041}: 1}", rule: "R037" },
  { name: "a lone surrogate in an unquoted key", input: "{x\uD800: 1}", rule: "R035" },
  { name: "a duplicate unquoted key", input: "{a: 1, a: 2}", rule: "R032" },
  { name: "an unquoted and a quoted duplicate", input: '{a: 1, "a": 2}', rule: "R032" },
  {
    name: "a no-break space after an unquoted key",
    input: "{role\u00A0: 'admin', role: 'user'}",
    rule: "R032",
  },
  { name: "a case collision of unquoted keys", input: "{a: 1, A: 2}", rule: "R036" },
  { name: "a case collision unquoted and quoted", input: '{Role: 1, "role": 2}', rule: "R036" },
  {
    name: "a zero-width space in a quoted key",
    input: '{"role\u200B":"admin","role":"user"}',
    rule: "R038",
  },
];

const AMBIGUOUS_KEYS: Row[] = [
  { name: "an exponent key", input: "{1e5:'x'}", rule: "R043" },
  // A plain integer or a JSON literal is the same string to every reader that takes unquoted
  // keys (issue 22, class 8): one reading, executed.
  { name: "an integer key", input: "{1: 'x'}", value: { 1: "x" } },
  { name: "a leading-zero key", input: "{01: 'x'}", rule: "R043" },
  { name: "a decimal key", input: "{1.5: 'x'}", rule: "R043" },
  { name: "a hex key", input: "{0x10: 'x'}", rule: "R043" },
  { name: "a huge number key", input: "{9999E9999:1}", rule: "R043" },
  { name: "a dotted key", input: "{a.b: 1}", rule: "R043" },
  { name: "a dotted path", input: "{user.role.name: 'admin'}", rule: "R043" },
  { name: "a true key", input: "{true: 1}", value: { true: 1 } },
  { name: "a None key", input: "{None: 1}", rule: "R043" },
  { name: "a null key", input: "{null: 1}", value: { null: 1 } },
  { name: "an unquoted __proto__", input: "{__proto__: 1}", rule: "R043" },
  { name: "a plain unquoted key is fine", input: "{role: 'user'}", value: { role: "user" } },
  { name: "identifiers with $ and _", input: "{$ref_1: 2}", value: { $ref_1: 2 } },
  { name: "a quoted number key is fine", input: '{"1e5":"x"}', value: { "1e5": "x" } },
  { name: "a quoted dotted key is fine", input: '{"a.b":1}', value: { "a.b": 1 } },
  {
    name: "a quoted __proto__ is an own member",
    input: '{"__proto__":1}',
    value: JSON.parse('{"__proto__":1}'),
  },
];

// ---------------------------------------------------------------- every profile that executes

/** The profiles a host executes under: each refuses every hazard row and keeps every plain one. */
const PROFILES = ["agent", "execution", "strict"] as const;

function checkUnder(row: Row, profile: (typeof PROFILES)[number]): void {
  if (!("value" in row)) assert.notEqual(row.rule, undefined, "a hazard row names its rule");
  const result = checkAttackRow({ ...row, profile });
  if (!("value" in row)) {
    assert.ok(result.error !== undefined && result.error !== null, "a refusal names its error");
  }
}

/** `\uXXXX` escapes of every code unit of s (a supplementary character as an escaped pair). */
function escape(s: string): string {
  let out = "";
  for (let k = 0; k < s.length; k++) {
    out += "\\u" + s.charCodeAt(k).toString(16).toUpperCase().padStart(4, "0");
  }
  return out;
}

/** Default-ignorable code points across the set, below and above the old U+061C threshold. */
const IGNORABLES: readonly { name: string; char: string }[] = [
  { name: "U+00AD SOFT HYPHEN", char: "\u00AD" },
  { name: "U+034F COMBINING GRAPHEME JOINER", char: "\u034F" },
  { name: "U+115F HANGUL CHOSEONG FILLER", char: "\u115F" },
  { name: "U+1160 HANGUL JUNGSEONG FILLER", char: "\u1160" },
  { name: "U+17B4 KHMER VOWEL INHERENT AQ", char: "\u17B4" },
  { name: "U+180B MONGOLIAN FREE VARIATION SELECTOR ONE", char: "\u180B" },
  { name: "U+180E MONGOLIAN VOWEL SEPARATOR", char: "\u180E" },
  { name: "U+200B ZERO WIDTH SPACE", char: "\u200B" },
  { name: "U+200C ZERO WIDTH NON-JOINER", char: "\u200C" },
  { name: "U+200D ZERO WIDTH JOINER", char: "\u200D" },
  { name: "U+2060 WORD JOINER", char: "\u2060" },
  { name: "U+2061 FUNCTION APPLICATION", char: "\u2061" },
  { name: "U+2062 INVISIBLE TIMES", char: "\u2062" },
  { name: "U+2064 INVISIBLE PLUS", char: "\u2064" },
  { name: "U+206A INHIBIT SYMMETRIC SWAPPING", char: "\u206A" },
  { name: "U+3164 HANGUL FILLER", char: "\u3164" },
  { name: "U+FE00 VARIATION SELECTOR-1", char: "\uFE00" },
  { name: "U+FE0F VARIATION SELECTOR-16", char: "\uFE0F" },
  { name: "U+FEFF ZERO WIDTH NO-BREAK SPACE", char: "\uFEFF" },
  { name: "U+FFA0 HALFWIDTH HANGUL FILLER", char: "\uFFA0" },
  { name: "U+1BCA0 SHORTHAND FORMAT LETTER OVERLAP", char: "\u{1BCA0}" },
  { name: "U+1D173 MUSICAL SYMBOL BEGIN BEAM", char: "\u{1D173}" },
  { name: "U+E0100 VARIATION SELECTOR-17", char: "\u{E0100}" },
  { name: "U+E0FFF an unassigned default-ignorable", char: "\u{E0FFF}" },
];

/** Each ignorable, in every form a key can carry it: raw, escaped, quoted, unquoted, alone. */
const IGNORABLE_ROWS: Row[] = IGNORABLES.flatMap(({ name, char }) => {
  const rows: Row[] = [
    {
      name: `${name}, raw in a quoted key`,
      input: `{"role${char}":"admin","role":"user"}`,
      rule: "R038",
    },
    {
      name: `${name}, escaped in a quoted key`,
      input: `{"role${escape(char)}":"admin","role":"user"}`,
      rule: "R038",
    },
    {
      name: `${name}, raw in an unquoted key`,
      input: `{role${char}: 'admin', role: 'user'}`,
      rule: "R038",
    },
    { name: `${name}, raw inside an unquoted key`, input: `{ro${char}le: 'admin'}`, rule: "R038" },
    {
      name: `${name}, raw at the start of a quoted key, alone`,
      input: `{"${char}id":1}`,
      rule: "R038",
    },
    {
      name: `${name}, escaped after the twin`,
      input: `{"role":"user","${escape(char)}role":"admin"}`,
      rule: "R038",
    },
    { name: `${name}, in a nested object's key`, input: `{"a":[{"k${char}":1}]}`, rule: "R038" },
  ];
  if (char.length === 2) {
    // An escaped high surrogate followed by a raw low one is the same code point.
    rows.push({
      name: `${name}, escaped high surrogate and raw low surrogate`,
      input: `{"role${escape(char[0])}${char[1]}":"admin"}`,
      rule: "R038",
    });
  }
  return rows;
});

/** Invisibles in keys that are reported as what they are, not as ignorables. */
const OTHER_KEY_HAZARDS: Row[] = [
  {
    name: "an escaped tag character in a quoted key",
    input: '{"role\\uDB40\\uDC41":1}',
    rule: "R037",
  },
  {
    name: "an escaped high and a raw low tag half in a key",
    input: '{"role\\uDB40\uDC41":1}',
    rule: "R037",
  },
  { name: "a raw tag character in a quoted key", input: '{"role\u{E0041}":1}', rule: "R037" },
  { name: "an escaped bidi mark in a quoted key", input: '{"role\\u200E":1}', rule: "R037" },
  { name: "an Arabic letter mark in an unquoted key", input: "{role\u061C: 1}", rule: "R037" },
  { name: "an escaped lone low surrogate in a key", input: '{"role\\uDC41":1}', rule: "R035" },
  { name: "a raw lone high surrogate in an unquoted key", input: "{role\uD800: 1}", rule: "R035" },
];

/** Keys equal under full Unicode case folding, and those NFKC already joins (finer, R044). */
const CASE_ROWS: Row[] = [
  { name: "ASCII upper and lower case", input: '{"role":"user","ROLE":"admin"}', rule: "R036" },
  { name: "mixed ASCII case, unquoted", input: "{Role: 'user', rOLE: 'admin'}", rule: "R036" },
  { name: "ß and ss (full folding)", input: '{"strasse":1,"stra\u00DFe":2}', rule: "R036" },
  { name: "ẞ capital sharp s and ß", input: '{"\u1E9E":1,"\u00DF":2}', rule: "R036" },
  { name: "ẞ capital sharp s and SS", input: '{"SS":1,"\u1E9E":2}', rule: "R036" },
  { name: "dotless ı and i", input: '{"id":1,"\u0131d":2}', rule: "R036" },
  { name: "dotted İ and i", input: '{"id":1,"\u0130d":2}', rule: "R036" },
  { name: "dotless ı and I", input: '{"ID":1,"\u0131d":2}', rule: "R036" },
  { name: "final ς and σ", input: '{"\u03C3":1,"\u03C2":2}', rule: "R036" },
  { name: "Σ and ς", input: '{"\u03A3":1,"\u03C2":2}', rule: "R036" },
  { name: "Cyrillic Д and д", input: '{"\u0414\u0430":1,"\u0434\u0430":2}', rule: "R036" },
  { name: "Armenian capital and small", input: '{"\u0531":1,"\u0561":2}', rule: "R036" },
  { name: "Deseret capital and small", input: '{"\u{10400}":1,"\u{10428}":2}', rule: "R036" },
  { name: "ǅ titlecase and ǆ", input: '{"\u01C5":1,"\u01C6":2}', rule: "R036" },
  { name: "ß and SS, escaped", input: '{"SS":1,"\\u00DF":2}', rule: "R036" },
  {
    name: "ſ long s and s (NFKC joins them first)",
    input: '{"size":1,"\u017Fize":2}',
    rule: "R044",
  },
  {
    name: "Kelvin sign and k (NFKC gives K, folding k)",
    input: '{"key":1,"\u212Aey":2}',
    rule: "R036",
  },
  {
    name: "Kelvin sign and K (NFKC joins them first)",
    input: '{"Key":1,"\\u212Aey":2}',
    rule: "R044",
  },
  { name: "Ohm sign and ω", input: '{"\u03C9":1,"\u2126":2}', rule: "R036" },
];

/** Keys equal after NFC or NFKC. */
const NORMALIZATION_ROWS: Row[] = [
  { name: "é composed and decomposed", input: '{"caf\u00E9":1,"cafe\u0301":2}', rule: "R044" },
  {
    name: "é composed and decomposed, escaped",
    input: '{"caf\\u00E9":1,"cafe\\u0301":2}',
    rule: "R044",
  },
  { name: "é decomposed first", input: '{"cafe\u0301":1,"caf\u00E9":2}', rule: "R044" },
  { name: "Å and the Angstrom sign", input: '{"\u00C5":1,"\u212B":2}', rule: "R044" },
  { name: "Ω and the Ohm sign", input: '{"\u03A9":1,"\u2126":2}', rule: "R044" },
  { name: "ﬁ ligature and fi", input: '{"file":1,"\uFB01le":2}', rule: "R044" },
  { name: "ﬆ ligature and st", input: '{"st":1,"\uFB06":2}', rule: "R044" },
  { name: "fullwidth ａ and a", input: '{"a":1,"\uFF41":2}', rule: "R044" },
  {
    name: "fullwidth ｒｏｌｅ and role",
    input: '{"role":1,"\uFF52\uFF4F\uFF4C\uFF45":2}',
    rule: "R044",
  },
  { name: "fullwidth in an unquoted key", input: "{role: 1, \uFF52ole: 2}", rule: "R044" },
  { name: "superscript two and 2", input: '{"x2":1,"x\u00B2":2}', rule: "R044" },
  { name: "circled one and 1", input: '{"1":1,"\u2460":2}', rule: "R044" },
  { name: "the kg sign and kg", input: '{"kg":1,"\u338F":2}', rule: "R044" },
  {
    name: "Hangul syllable and its jamo",
    input: '{"\uD55C":1,"\u1112\u1161\u11AB":2}',
    rule: "R044",
  },
  {
    name: "ñ composed and decomposed, unquoted",
    input: "{ma\u00F1ana: 1, man\u0303ana: 2}",
    rule: "R044",
  },
  { name: "a non-breaking space and a space", input: '{"a b":1,"a\u00A0b":2}', rule: "R044" },
];

/** Keys whose UTS #39 skeletons are equal. */
const CONFUSABLE_ROWS: Row[] = [
  { name: "Latin a and Cyrillic а", input: '{"a":1,"\u0430":2}', rule: "R045" },
  { name: "role and r-o-l-Cyrillic е", input: '{"role":"user","rol\u0435":"admin"}', rule: "R045" },
  { name: "Greek ο and Latin o", input: '{"role":1,"r\u03BFle":2}', rule: "R045" },
  { name: "Cyrillic р for p", input: '{"path":1,"\u0440ath":2}', rule: "R045" },
  { name: "Cyrillic ѕ for s", input: '{"sudo":1,"\u0455udo":2}', rule: "R045" },
  { name: "a whole Cyrillic lookalike", input: '{"cmd":1,"\u0441md":2}', rule: "R045" },
  { name: "Cyrillic lookalike first", input: '{"\u0430dmin":1,"admin":2}', rule: "R045" },
  { name: "escaped Cyrillic а", input: '{"admin":1,"\\u0430dmin":2}', rule: "R045" },
  { name: "unquoted Cyrillic lookalike", input: "{admin: 1, \u0430dmin: 2}", rule: "R045" },
  { name: "Greek capital Α and A", input: '{"A":1,"\u0391":2}', rule: "R045" },
  { name: "Cyrillic І and l", input: '{"level":1,"\u0406evel":2}', rule: "R045" },
  { name: "mathematical bold a and a (NFKC first)", input: '{"a":1,"\u{1D41A}":2}', rule: "R044" },
  {
    name: "two lookalikes of each other, neither Latin",
    input: '{"\u0430":1,"\u03B1x":2,"\u0251":3}',
    rule: "R045",
  },
];

/** Distinct keys: executable under every profile. */
const DISTINCT_ROWS: Row[] = [
  { name: "lower-case ASCII keys", input: '{"a":1,"b":2,"c":3}', value: { a: 1, b: 2, c: 3 } },
  { name: "mixed-case distinct keys", input: '{"ID":1,"name":2}', value: { ID: 1, name: 2 } },
  {
    name: "é and e are distinct",
    input: '{"caf\u00E9":1,"cafe":2}',
    value: { "caf\u00E9": 1, cafe: 2 },
  },
  {
    name: "ASCII lookalikes stay distinct",
    input: '{"col1":1,"coll":2}',
    value: { col1: 1, coll: 2 },
  },
  { name: "rn and m stay distinct", input: '{"rn":1,"m":2}', value: { rn: 1, m: 2 } },
  { name: "0 and O stay distinct", input: '{"0":1,"O":2}', value: { "0": 1, O: 2 } },
  {
    name: "Cyrillic words",
    input: '{"\u043A\u043B\u044E\u0447":1,"\u0438\u043C\u044F":2}',
    value: { "\u043A\u043B\u044E\u0447": 1, "\u0438\u043C\u044F": 2 },
  },
  {
    name: "Greek words",
    input: '{"\u03B1\u03B2":1,"\u03B3\u03B4":2}',
    value: { "\u03B1\u03B2": 1, "\u03B3\u03B4": 2 },
  },
  {
    name: "CJK keys",
    input: '{"\u540D\u524D":1,"\u5E74":2}',
    value: { "\u540D\u524D": 1, "\u5E74": 2 },
  },
  {
    name: "an emoji key without a variation selector",
    input: '{"\u{1F680}":1}',
    value: { "\u{1F680}": 1 },
  },
  { name: "one key with ß alone", input: '{"stra\u00DFe":1}', value: { "stra\u00DFe": 1 } },
  { name: "one upper-case key", input: '{"ROLE":"user"}', value: { ROLE: "user" } },
  {
    name: "the same key in two objects",
    input: '[{"Role":1},{"role":2}]',
    value: [{ Role: 1 }, { role: 2 }],
  },
  {
    name: "a soft hyphen in a value is content",
    input: '{"a":"co\u00ADop"}',
    value: { a: "co\u00ADop" },
  },
  {
    name: "a variation selector in a value is content",
    input: '{"a":"\u2764\uFE0F"}',
    value: { a: "\u2764\uFE0F" },
  },
];

for (
  const { behaviour, rows } of [
    {
      behaviour: "class 7: an unquoted key gets every check a quoted one gets",
      rows: UNQUOTED_CHECKS,
    },
    { behaviour: "class 7: unquoted keys that readers take differently", rows: AMBIGUOUS_KEYS },
  ] as const
) {
  Deno.test(behaviour, async (t) => {
    for (const row of rows) await t.step(row.name, () => checkRow(row));
  });
}

for (
  const { behaviour, rows } of [
    {
      behaviour: "class 7: every default-ignorable in a key is R038, raw or escaped, quoted or not",
      rows: IGNORABLE_ROWS,
    },
    {
      behaviour: "class 7: tag, bidi and surrogate hazards in keys, raw or escaped",
      rows: OTHER_KEY_HAZARDS,
    },
    { behaviour: "class 7: keys equal under full case folding are R036", rows: CASE_ROWS },
    { behaviour: "class 7: keys equal after NFC or NFKC are R044", rows: NORMALIZATION_ROWS },
    { behaviour: "class 7: keys with equal confusable skeletons are R045", rows: CONFUSABLE_ROWS },
    { behaviour: "class 7: distinct keys stay executable", rows: DISTINCT_ROWS },
  ] as const
) {
  Deno.test(`${behaviour}, under agent, execution and strict`, async (t) => {
    for (const row of rows) {
      await t.step(row.name, async (t) => {
        for (const profile of PROFILES) await t.step(profile, () => checkUnder(row, profile));
      });
    }
  });
}

Deno.test("class 7: the ignorable rows cover only default-ignorable code points", async (t) => {
  for (const { name, char } of IGNORABLES) {
    await t.step(name, () => assert.equal(isDefaultIgnorable(char.codePointAt(0)!), true));
  }
});

Deno.test("class 7: records that repeat one key set are each checked", async (t) => {
  const rows: { name: string; input: string; offsets: number[] }[] = [
    {
      name: "a clean record, then a colliding one",
      input: '[{"Id":1,"name":2},{"Id":1,"ID":2}]',
      offsets: [33],
    },
    {
      name: "a colliding record, then a clean one",
      input: '[{"Id":1,"ID":2},{"Id":1,"name":2}]',
      offsets: [15],
    },
    {
      name: "the same colliding key set twice: reported at each record",
      input: '[{"a":1,"\u0430":2},{"a":1,"\u0430":2}]',
      offsets: [13, 27],
    },
    { name: "the same clean key set twice", input: '[{"Id":1,"x":2},{"Id":1,"x":2}]', offsets: [] },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const result = gate(row.input);
      const offsets = result.repairs
        .filter((r) => r.rule === "R036" || r.rule === "R045")
        .map((r) => r.offset);
      assert.deepStrictEqual(offsets, row.offsets);
      assert.equal(result.executable, row.offsets.length === 0);
    });
  }
});
