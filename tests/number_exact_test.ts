/**
 * Numbers are read to the double `JSON.parse` gives, whichever path the
 * scanner takes: the fast path (an exact mantissa of up to 15 digits, or 16
 * while it stays at most 2^53 − 1, times or divided by an exact power of
 * ten) or the lexeme read by `Number`. Pinned on the edges of the fast path
 * (2^53 − 1 and its neighbours, 10^±22) and on random 14- to 19-digit
 * decimals with any point and exponent, at the root and inside an array.
 *
 * @module
 */

import assert from "node:assert/strict";
import { PROFILES } from "../engine/profiles.ts";
import { scan } from "../engine/scanner/mod.ts";
import { mulberry32 } from "./fixtures/random.ts";

const EDGES: readonly { name: string; lexeme: string }[] = [
  { name: "2^53 − 1", lexeme: "9007199254740991" },
  { name: "2^53", lexeme: "9007199254740992" },
  { name: "2^53 + 1 (not a double)", lexeme: "9007199254740993" },
  { name: "2^53 − 1 as a fraction", lexeme: "0.9007199254740991" },
  { name: "2^53 as a fraction", lexeme: "0.9007199254740992" },
  { name: "2^53 + 1 as a fraction", lexeme: "0.9007199254740993" },
  { name: "a 16-digit mantissa over 2^53", lexeme: "9.999999999999999" },
  { name: "a 16th digit zero", lexeme: "0.1234567890123450" },
  { name: "a 16th digit zero over 2^53", lexeme: "0.9999999999999990" },
  { name: "a 16th digit zero, then a digit", lexeme: "0.99999999999999901" },
  { name: "1/7 (17 digits)", lexeme: "0.14285714285714285" },
  { name: "2/7 (16 digits)", lexeme: "0.2857142857142857" },
  { name: "16 digits, leading zeros", lexeme: "0.0000002857142857142857" },
  { name: "16 digits times 10^22", lexeme: "1234567890123456e22" },
  { name: "16 digits divided by 10^22", lexeme: "1234567890123456e-22" },
  { name: "16 digits divided by 10^23", lexeme: "1234567890123456e-23" },
  { name: "16 digits, point and exponent", lexeme: "1234567.890123456e-15" },
  { name: "16 integer digits then a fraction", lexeme: "1234567890123456.5" },
  { name: "negative, 16 digits", lexeme: "-0.2857142857142857" },
  { name: "negative zero, 16 zeros", lexeme: "-0.0000000000000000" },
  { name: "a halfway case", lexeme: "9007199254740993.0" },
  { name: "ties near 2^53 in fraction", lexeme: "900719925474099.25" },
];

function read(text: string): unknown {
  return scan(text, PROFILES.strict).value;
}

Deno.test("numbers on the edges of the fast path read as JSON.parse reads them", async (t) => {
  for (const { name, lexeme } of EDGES) {
    await t.step(`${name}: ${lexeme}`, () => {
      assert.ok(Object.is(read(lexeme), JSON.parse(lexeme)), lexeme);
      assert.deepStrictEqual(read(`[${lexeme},1]`), JSON.parse(`[${lexeme},1]`));
    });
  }
});

/** A random JSON number: 14 to 19 digits, a point anywhere or none, maybe an exponent. */
function randomNumber(random: () => number): string {
  const length = 14 + Math.floor(random() * 6);
  let digits = String(1 + Math.floor(random() * 9));
  for (let k = 1; k < length; k++) digits += String(Math.floor(random() * 10));
  if (random() < 0.2) digits = digits.slice(0, -3) + "000";
  const point = Math.floor(random() * (length + 1));
  let lexeme = point === length
    ? digits
    : `${digits.slice(0, point) || "0"}.${digits.slice(point)}`;
  if (random() < 0.4) lexeme += `e${Math.floor(random() * 61) - 30}`;
  return random() < 0.3 ? `-${lexeme}` : lexeme;
}

Deno.test("random 14- to 19-digit decimals read as JSON.parse reads them", () => {
  const random = mulberry32(0x7e57);
  for (let k = 0; k < 20_000; k++) {
    const lexeme = randomNumber(random);
    assert.ok(Object.is(read(lexeme), JSON.parse(lexeme)), lexeme);
    assert.ok(Object.is((read(`[${lexeme}]`) as number[])[0], JSON.parse(lexeme)), lexeme);
  }
});
