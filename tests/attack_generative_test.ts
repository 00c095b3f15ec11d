/**
 * One reading, generated: the shapes of each attack class are built at random, and one
 * invariant is checked on every answer: an executable result's value is the one reading of the
 * text, and its text is that value.
 *
 * - numbers joined by dots, dashes, spaces, no-break spaces, underscores, slashes or commas: an
 *   executable answer is exactly what `JSON.parse` reads (nothing else was meant);
 * - prose holding scalars (list numbers, years, `True`, `None`, quoted words, citations) around
 *   zero, one or several candidates (bare, fenced, wrapped, inline): executable only with exactly
 *   one candidate, and then its value is that candidate;
 * - keys with zero-width characters and case variants, quoted or not: executable only when no two
 *   keys collide once those are removed and case is folded;
 * - keys with any default-ignorable (picked from the JavaScript engine's own Unicode property, one
 *   run of the set as likely as another), full-case-folding variants (`ſ`, `ı`, KELVIN SIGN, `ß`,
 *   `ẞ`), normalization variants (NFD, fullwidth, ligatures) and look-alike letters (Cyrillic,
 *   Greek), raw, escaped or unquoted: executable only when no key holds an invisible character and
 *   no two keys share the oracle's form, and then the value is each key as written with its own
 *   value; plain distinct keys are always executable.
 *
 * Each input is also streamed at a random split: the stream's end equals the gate. The seed is
 * fixed (`INTERJSON_FUZZ_SEED` overrides it) and printed on failure.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, type GateResult, JsonStream } from "../mod.ts";

const SEED = Number(Deno.env.get("INTERJSON_FUZZ_SEED") ?? "0x0A77AC") >>> 0;

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): (n: number) => number {
  let s = seed;
  return (n: number) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296 * n) | 0;
  };
}

const pick = <T>(random: (n: number) => number, list: readonly T[]): T => list[random(list.length)];

/** Checks the invariant every executable answer keeps, and stream ≡ gate at one split. */
function checkCommon(text: string, result: GateResult, random: (n: number) => number): void {
  if (result.executable) {
    assert.deepStrictEqual(JSON.parse(result.text), result.value, "the text is the value");
  } else {
    assert.equal(result.value, null);
  }
  const cut = random(text.length + 1);
  const stream = new JsonStream();
  stream.push(text.slice(0, cut));
  void stream.value;
  stream.push(text.slice(cut));
  const end = stream.end();
  assert.deepStrictEqual(
    [end.decision, end.executable, end.value, end.error],
    [result.decision, result.executable, result.value, result.error],
    `stream cut at ${cut}`,
  );
}

/** Runs `rounds` generated inputs, naming the seed and the input on failure. */
function generate(
  rounds: number,
  seed: number,
  build: (random: (n: number) => number) => { text: string; check: (r: GateResult) => void },
): void {
  const random = prng(seed);
  for (let round = 0; round < rounds; round++) {
    const { text, check } = build(random);
    try {
      const result = gate(text);
      check(result);
      checkCommon(text, result, random);
    } catch (error) {
      throw new Error(`seed ${seed}, round ${round}: ${JSON.stringify(text)}`, { cause: error });
    }
  }
}

// ------------------------------------------------------------------ numbers

const SEPARATORS = [
  ",",
  ", ",
  " ,",
  " ",
  ".",
  "..",
  "-",
  " - ",
  "\u202F",
  "\u00A0",
  "\u2009",
  "_",
  "/",
  ":",
  "",
  "e",
  "e+",
  "\n",
];

Deno.test("generated: numbers with dots, dashes and spaces have one reading or are refused", () => {
  generate(3000, SEED, (random) => {
    const count = 1 + random(4);
    let body = "";
    for (let k = 0; k < count; k++) {
      if (k > 0) body += pick(random, SEPARATORS);
      if (random(6) === 0) body += "-";
      const digits = 1 + random(4);
      for (let d = 0; d < digits; d++) body += String(d === 0 ? 1 + random(9) : random(10));
      if (random(8) === 0) body += pick(random, [".", "e", ".0", "e0"]);
    }
    const text = pick(random, [`[${body}]`, `{"n":${body}}`, `{"n":[${body}]}`]);
    return {
      text,
      check: (result) => {
        if (!result.executable) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Digit separators between digits (`6_4480`) are read as Python and JavaScript
          // read them (issue 22): the value is the text's without them.
          // So is a plain integer as an unquoted key (`{"n":1 ,61:84}`: the key "61").
          const unseparated = text.replace(/(\d)_(?=\d)/g, "$1")
            .replace(/([{,]\s*)([1-9]\d*|0)(\s*:)/g, '$1"$2"$3');
          if (unseparated !== text && !/\d\.(?:[eE]|\s*[\],}])/.test(text)) {
            assert.deepStrictEqual(result.value, JSON.parse(unseparated));
            return;
          }
          // Only notation JSON lacks may be repaired: a trailing dot (`1.`, `1.e5`).
          assert.match(
            text,
            /\d\.(?:[eE]|\s*[\],}])/,
            `executed a non-JSON number text: ${result.text}`,
          );
          return;
        }
        assert.deepStrictEqual(result.value, parsed);
      },
    };
  });
});

// -------------------------------------------------------------------- prose

const PROSE_OPENERS = [
  "1. ",
  "2) ",
  "- ",
  "* ",
  "3 results found: ",
  "2024 was a year. ",
  "True story. ",
  "None of these fit. ",
  '"Sure!" she said. ',
  "Step [1] done. ",
  "12abc ",
  "1_000 ",
  "Here you go: ",
  "(args: ",
  "Do NOT run ",
  "",
];
const PROSE_JOINERS = [
  " instead run ",
  " or ",
  "\nWait, that is wrong. Use: ",
  " and also ",
  "\n\n",
  " see [2] then ",
  ", ",
  " -1 ",
];
const PROSE_CLOSERS = ["", ".", ", let me know!", "\n\n**Note:** done.", ")", " see [3].", " :)"];

/** A candidate value in one of its dresses: bare, fenced, wrapped, inline. */
function candidate(random: (n: number) => number, n: number): string {
  const value = pick(random, [`{"v":${n}}`, `{"cmd":"run ${n}"}`, `[${n},${n + 1}]`]);
  return pick(random, [
    value,
    value,
    "```json\n" + value + "\n```",
    "~~~\n" + value + "\n~~~",
    "````json\n" + value + "\n````",
    `<tool_call>${value}</tool_call>`,
    `<json>${value}</json>`,
    "`" + value + "`",
  ]);
}

Deno.test("generated: prose holding scalars and several values executes only one candidate", () => {
  generate(3000, SEED + 1, (random) => {
    const count = random(4);
    const values: unknown[] = [];
    let text = pick(random, PROSE_OPENERS);
    for (let k = 0; k < count; k++) {
      if (k > 0) text += pick(random, PROSE_JOINERS);
      const n = 10 + random(90);
      const dressed = candidate(random, n);
      values.push(JSON.parse(dressed.replace(/^[^[{]*/, "").replace(/[^\]}]*$/, "")));
      text += dressed;
    }
    text += pick(random, PROSE_CLOSERS);
    return {
      text,
      check: (result) => {
        if (!result.executable) return;
        assert.equal(values.length, 1, `executed one of ${values.length} candidates`);
        assert.deepStrictEqual(result.value, values[0]);
      },
    };
  });
});

// --------------------------------------------------------------------- keys

const INVISIBLE = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF"];

Deno.test("generated: keys with invisible characters and case variants never collide silently", () => {
  generate(3000, SEED + 2, (random) => {
    const base = pick(random, ["role", "id", "path", "cmd"]);
    const count = 2 + random(2);
    const keys: string[] = [];
    let text = "{";
    for (let k = 0; k < count; k++) {
      let key = base;
      if (random(2) === 0) {
        key = random(2) === 0 ? key.toUpperCase() : key[0].toUpperCase() + key.slice(1);
      }
      if (random(2) === 0) {
        const at = random(key.length + 1);
        key = key.slice(0, at) + pick(random, INVISIBLE) + key.slice(at);
      }
      keys.push(key);
      if (k > 0) text += ",";
      text += random(2) === 0 ? `${key}:${k}` : `${JSON.stringify(key)}:${k}`;
    }
    text += "}";
    return {
      text,
      check: (result) => {
        if (!result.executable) return;
        const folded = keys.map((key) =>
          key.replace(/[\u200B-\u200D\u2060\uFEFF]/g, "").toLowerCase()
        );
        assert.equal(
          new Set(folded).size,
          folded.length,
          `colliding keys executed: ${keys.join(" ")}`,
        );
      },
    };
  });
});

// ------------------------------------------------- keys: the whole hazard set

/**
 * Every `Default_Ignorable_Code_Point`, read from the JavaScript engine's own Unicode property
 * (not from `engine/unicode_tables.ts`, so the generator does not share the engine's table).
 */
const DEFAULT_IGNORABLES: readonly number[] = (() => {
  const found: number[] = [];
  const property = /^\p{Default_Ignorable_Code_Point}$/u;
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    if (property.test(String.fromCodePoint(cp))) found.push(cp);
  }
  return found;
})();

/** The runs of consecutive code points in `DEFAULT_IGNORABLES`, so each run is picked alike. */
const IGNORABLE_RUNS: readonly (readonly number[])[] = DEFAULT_IGNORABLES.reduce<number[][]>(
  (runs, cp) => {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[last.length - 1] === cp - 1) last.push(cp);
    else runs.push([cp]);
    return runs;
  },
  [],
);

/** Look-alikes of Latin letters (UTS #39 confusables), and the letter each stands for. */
const LOOKALIKES: Readonly<Record<string, readonly string[]>> = {
  a: ["\u0430", "\u0251"],
  e: ["\u0435"],
  o: ["\u043E", "\u03BF", "\u0585"],
  p: ["\u0440", "\u03C1"],
  c: ["\u0441", "\u03F2"],
  i: ["\u0456", "\u0269"],
  s: ["\u0455"],
  x: ["\u0445", "\u03C7"],
  y: ["\u0443"],
  d: ["\u0501"],
};
const LATIN_OF = new Map<string, string>(
  Object.entries(LOOKALIKES).flatMap(([latin, list]) => list.map((alike) => [alike, latin])),
);

/** Case variants beyond ASCII: each letter and what full case folding makes of the variant. */
const CASE_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  s: ["S", "\u017F"],
  i: ["I", "\u0131"],
  k: ["K", "\u212A"],
  ss: ["SS", "\u00DF", "\u1E9E"],
};

/** Normalization variants: a key written so that NFC or NFKC makes it another. */
function normalizationVariant(random: (n: number) => number, key: string): string {
  switch (random(4)) {
    case 0:
      return key.normalize("NFD"); // é → e + U+0301 (no change for ASCII)
    case 1: { // one letter fullwidth
      const at = random(key.length);
      const c = key.charCodeAt(at);
      if (c < 0x21 || c > 0x7e) return key;
      return key.slice(0, at) + String.fromCharCode(c + 0xfee0) + key.slice(at + 1);
    }
    case 2:
      return key.replace("fi", "\uFB01").replace("st", "\uFB06");
    default:
      return key.normalize("NFC");
  }
}

/**
 * The oracle's form of a key, written separately from `engine/hazards.ts` and coarser where it
 * is simpler: default-ignorables removed (by the regex property), NFKC, case folded as
 * `toUpperCase().toLowerCase()` (ß → ss, ſ → s, ς → σ, KELVIN SIGN → k, ı → i), NFKC again, then
 * the look-alikes the generator inserts mapped back to Latin. Two keys with one form must never
 * both be executed.
 */
function oracleForm(key: string): string {
  const folded = key.replace(/\p{Default_Ignorable_Code_Point}/gu, "").normalize("NFKC")
    .toUpperCase().toLowerCase().normalize("NFKC");
  let out = "";
  for (const ch of folded) out += LATIN_OF.get(ch) ?? ch;
  return out;
}

/** A key as a JSON string literal with every non-ASCII code unit escaped (`\uXXXX`). */
function escapedLiteral(key: string): string {
  return JSON.stringify(key).replace(
    /[\u0080-\uFFFF]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0"),
  );
}

const KEY_BASES = [
  "role",
  "id",
  "path",
  "cmd",
  "size",
  "kind",
  "class",
  "status",
  "file",
  "caf\u00E9",
];

Deno.test("generated: keys with default-ignorables, case and normalization variants and look-alikes have one reading", () => {
  let executed = 0, refused = 0;
  generate(4000, SEED + 3, (random) => {
    const count = 2 + random(2);
    const keys: string[] = [];
    let varied = false;
    let text = "{";
    const bases = [...KEY_BASES];
    for (let k = 0; k < count; k++) {
      // Half the time the same base as the first key, so that variants meet their twin.
      let key = k > 0 && random(2) === 0 ? keys[0] : bases.splice(random(bases.length), 1)[0];
      const variant = random(6);
      if (variant === 1) { // a default-ignorable anywhere
        const at = random(key.length + 1);
        key = key.slice(0, at) + String.fromCodePoint(pick(random, pick(random, IGNORABLE_RUNS))) +
          key.slice(at);
      } else if (variant === 2) { // a case variant
        const letters = Object.keys(CASE_VARIANTS).filter((l) => key.includes(l));
        if (letters.length > 0) {
          const letter = pick(random, letters);
          key = key.replace(letter, pick(random, CASE_VARIANTS[letter]));
        } else key = key.toUpperCase();
      } else if (variant === 3) {
        key = normalizationVariant(random, key);
      } else if (variant === 4) { // a look-alike letter
        const letters = [...key].filter((l) => l in LOOKALIKES);
        if (letters.length > 0) {
          const letter = pick(random, letters);
          key = key.replace(letter, pick(random, LOOKALIKES[letter]));
        }
      }
      if (!KEY_BASES.includes(key)) varied = true;
      if (k > 0) text += ",";
      const form = random(3);
      text += form === 0
        ? `${key}:${k}`
        : `${form === 1 ? JSON.stringify(key) : escapedLiteral(key)}:${k}`;
      // Before an unquoted key, U+FEFF is white space (as in JSON5), not part of the key.
      keys.push(form === 0 && key.startsWith("\uFEFF") ? key.slice(1) : key);
    }
    text += "}";
    return {
      text,
      check: (result) => {
        if (result.executable) executed++;
        else refused++;
        const forms = keys.map(oracleForm);
        const collide = new Set(forms).size < forms.length;
        const invisible = keys.some((key) => /\p{Default_Ignorable_Code_Point}/u.test(key));
        if (!varied && !collide) {
          // Plain distinct keys: nothing to refuse.
          assert.equal(result.executable, true, `${result.decision} ${result.error?.message}`);
        }
        if (!result.executable) return;
        assert.ok(!collide, `colliding keys executed: ${keys.map(escapedLiteral).join(" ")}`);
        assert.ok(!invisible, `an invisible key executed: ${keys.map(escapedLiteral).join(" ")}`);
        // The one reading: each key as written (decoded), with its own value.
        assert.deepStrictEqual(result.value, Object.fromEntries(keys.map((key, k) => [key, k])));
      },
    };
  });
  // Both answers occur, so the invariant is exercised on each side.
  assert.ok(executed > 100 && refused > 100, `executed ${executed}, refused ${refused}`);
});
