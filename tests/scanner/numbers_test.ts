/**
 * Number helpers (`engine/scanner/numbers.ts`): whether a number reads as a whole number past
 * 2^53 whose double is not the number written (`isUnsafeInteger`, `R035`), the significant digits
 * of a rendered double, the decimal reading of digits, fraction and exponent (an exact mantissa of
 * up to 16 significant digits, `inexact` past it), and the double it gives on the fast path (NaN
 * where the fast path may not answer: inexact, or a power of ten past 22).
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  DecimalReading,
  fastDouble,
  isUnsafeInteger,
  MAX_SAFE,
  POW10,
  readExponent,
  readFractionDigits,
  readIntegerDigits,
  significantDigits,
} from "../../engine/scanner/numbers.ts";

const UNSAFE: readonly { text: string; unsafe: boolean }[] = [
  { text: "9007199254740991", unsafe: false },
  { text: "9007199254740992", unsafe: true },
  { text: "9007199254740993", unsafe: true },
  { text: "-9007199254740993", unsafe: true },
  { text: "12345678901234567", unsafe: true },
  { text: "1234567890123456", unsafe: false },
  { text: "9007199254740991.0", unsafe: false },
  { text: "9007199254740993.0", unsafe: true },
  { text: "9.007199254740993e15", unsafe: true },
  { text: "9007199254740993e0", unsafe: true },
  { text: "90071992547409930e-1", unsafe: true },
  { text: "1e16", unsafe: false },
  { text: "1e15", unsafe: false },
  { text: "1.5e16", unsafe: false },
  { text: "12345678901234567e-1", unsafe: false },
  { text: "1e400", unsafe: true },
  { text: "0", unsafe: false },
  { text: "0.000", unsafe: false },
  { text: "0e20", unsafe: false },
  { text: "1e-5", unsafe: false },
  { text: "10000000000000000", unsafe: true },
  { text: "100000000000000000000", unsafe: true },
  { text: "9007199254740992e1", unsafe: false },
  { text: "1E16", unsafe: false },
  { text: "1e+16", unsafe: false },
  { text: "12.5", unsafe: false },
  { text: "9007199254740991e0", unsafe: false },
  { text: "9007199254740990e0", unsafe: false },
  { text: "0.9007199254740993e16", unsafe: true },
  { text: "00009007199254740993", unsafe: true },
  // Sixteen digits with trailing zeros past 2^53 - 1: compared as digits, not as the short
  // significand (9007199254741 is below it).
  { text: "9007199254741000", unsafe: true },
  // A leading zero is no significant digit: 0.1e22 gives back the digit 1 of 1e21.
  { text: "0.1e22", unsafe: false },
  { text: "00.5e17", unsafe: false },
  // The dot inside the significant digits is no digit; zeros before it are.
  { text: "100.5e15", unsafe: false },
  { text: "9007199254740.993e3", unsafe: true },
  { text: "90071992547409.90e2", unsafe: false },
  { text: "9007199254740993e+0", unsafe: true },
  { text: "9007199254740993e+1", unsafe: true },
  // Written with a dot, 10^16 gives back its digits; a zero before the dot is no significant digit.
  { text: "10000000000000000.0", unsafe: false },
  { text: "9007199254740990.0", unsafe: false },
  { text: "00000000000000000000", unsafe: false },
  // 9007199254740993.5, no integer, written with a leading dot or a zero after the dot.
  { text: ".90071992547409935e16", unsafe: false },
  { text: "90071992547409935.0e-1", unsafe: false },
];

for (const row of UNSAFE) {
  Deno.test(`numbers: ${row.text} is ${row.unsafe ? "" : "not "}an unsafe integer`, () => {
    const start = row.text.startsWith("-") ? 1 : 0;
    assert.equal(isUnsafeInteger(row.text, start, row.text.length, Number(row.text)), row.unsafe);
  });
}

Deno.test("numbers: a number read from inside a longer text stops at its end", () => {
  assert.equal(isUnsafeInteger("[9007199254740993]", 1, 17, 9007199254740993), true);
  assert.equal(isUnsafeInteger("[9007199254740993]", 1, 16, 900719925474099), false);
});

const SIGNIFICANT: readonly { rendered: string; digits: string }[] = [
  { rendered: "1e+21", digits: "1" },
  { rendered: "1.5e-7", digits: "15" },
  { rendered: "123", digits: "123" },
  { rendered: "0.001", digits: "1" },
  { rendered: "1230000", digits: "123" },
  { rendered: "9007199254740993", digits: "9007199254740993" },
  { rendered: "1.2345e+30", digits: "12345" },
  { rendered: "0", digits: "" },
  { rendered: "-0.5e-3", digits: "5" },
  { rendered: "100", digits: "1" },
  // A double past the range renders with no digit at all.
  { rendered: "Infinity", digits: "" },
];

for (const row of SIGNIFICANT) {
  Deno.test(`numbers: the significant digits of ${row.rendered} are "${row.digits}"`, () => {
    assert.equal(significantDigits(row.rendered), row.digits);
  });
}

interface ReadingRow {
  text: string;
  /** Where the reading stopped. */
  end: number;
  reading: Partial<DecimalReading>;
  /** The fast path's double, NaN when it may not answer. */
  fast: number;
}

const READINGS: readonly ReadingRow[] = [
  {
    text: "123",
    end: 3,
    reading: {
      mantissa: 123,
      significant: 3,
      scale: 0,
      inexact: false,
      digits: 3,
      fraction: -1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("123"),
  },
  {
    text: "1234567890123456",
    end: 16,
    reading: {
      mantissa: 1234567890123456,
      significant: 16,
      scale: 0,
      inexact: false,
      digits: 16,
      fraction: -1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("1234567890123456"),
  },
  {
    text: "9007199254740993",
    end: 16,
    reading: {
      mantissa: 900719925474099,
      significant: 15,
      scale: 0,
      inexact: true,
      digits: 16,
      fraction: -1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: NaN,
  },
  {
    text: "12345678901234567",
    end: 17,
    reading: {
      mantissa: 1234567890123456,
      significant: 16,
      scale: 0,
      inexact: true,
      digits: 17,
      fraction: -1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: NaN,
  },
  {
    text: "0001",
    end: 4,
    reading: {
      mantissa: 1,
      significant: 1,
      scale: 0,
      inexact: false,
      digits: 4,
      fraction: -1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("0001"),
  },
  {
    text: "000",
    end: 3,
    reading: {
      mantissa: 0,
      significant: 0,
      scale: 0,
      inexact: false,
      digits: 3,
      fraction: -1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("000"),
  },
  {
    text: "1.5",
    end: 3,
    reading: {
      mantissa: 15,
      significant: 2,
      scale: 1,
      inexact: false,
      digits: 1,
      fraction: 1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("1.5"),
  },
  {
    text: "0.25",
    end: 4,
    reading: {
      mantissa: 25,
      significant: 2,
      scale: 2,
      inexact: false,
      digits: 1,
      fraction: 2,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("0.25"),
  },
  {
    text: "1.00000000000000000001",
    end: 22,
    reading: {
      mantissa: 1000000000000000,
      significant: 16,
      scale: 15,
      inexact: true,
      digits: 1,
      fraction: 20,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: NaN,
  },
  {
    text: "1.50",
    end: 4,
    reading: {
      mantissa: 150,
      significant: 3,
      scale: 2,
      inexact: false,
      digits: 1,
      fraction: 2,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("1.50"),
  },
  {
    text: "0.0000000000000000000001",
    end: 24,
    reading: {
      mantissa: 1,
      significant: 1,
      scale: 22,
      inexact: false,
      digits: 1,
      fraction: 22,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("0.0000000000000000000001"),
  },
  {
    text: "12345678901234.56",
    end: 17,
    reading: {
      mantissa: 1234567890123456,
      significant: 16,
      scale: 2,
      inexact: false,
      digits: 14,
      fraction: 2,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("12345678901234.56"),
  },
  {
    text: "123456789012345.6",
    end: 17,
    reading: {
      mantissa: 1234567890123456,
      significant: 16,
      scale: 1,
      inexact: false,
      digits: 15,
      fraction: 1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("123456789012345.6"),
  },
  {
    text: "1234567890123456.0",
    end: 18,
    reading: {
      mantissa: 1234567890123456,
      significant: 16,
      scale: 0,
      inexact: false,
      digits: 16,
      fraction: 1,
      exponent: 0,
      exponentDigits: -1,
    },
    fast: Number("1234567890123456.0"),
  },
  {
    text: "1e5",
    end: 3,
    reading: {
      mantissa: 1,
      significant: 1,
      scale: 0,
      inexact: false,
      digits: 1,
      fraction: -1,
      exponent: 5,
      exponentDigits: 1,
    },
    fast: Number("1e5"),
  },
  {
    text: "1.5e-3",
    end: 6,
    reading: {
      mantissa: 15,
      significant: 2,
      scale: 1,
      inexact: false,
      digits: 1,
      fraction: 1,
      exponent: -3,
      exponentDigits: 1,
    },
    fast: Number("1.5e-3"),
  },
  {
    text: "1e22",
    end: 4,
    reading: {
      mantissa: 1,
      significant: 1,
      scale: 0,
      inexact: false,
      digits: 1,
      fraction: -1,
      exponent: 22,
      exponentDigits: 2,
    },
    fast: Number("1e22"),
  },
  {
    text: "1e23",
    end: 4,
    reading: {
      mantissa: 1,
      significant: 1,
      scale: 0,
      inexact: false,
      digits: 1,
      fraction: -1,
      exponent: 23,
      exponentDigits: 2,
    },
    fast: NaN,
  },
  {
    text: "1e-22",
    end: 5,
    reading: {
      mantissa: 1,
      significant: 1,
      scale: 0,
      inexact: false,
      digits: 1,
      fraction: -1,
      exponent: -22,
      exponentDigits: 2,
    },
    fast: Number("1e-22"),
  },
  {
    text: "1e-23",
    end: 5,
    reading: {
      mantissa: 1,
      significant: 1,
      scale: 0,
      inexact: false,
      digits: 1,
      fraction: -1,
      exponent: -23,
      exponentDigits: 2,
    },
    fast: NaN,
  },
  {
    text: "1.0e+2",
    end: 6,
    reading: {
      mantissa: 10,
      significant: 2,
      scale: 1,
      inexact: false,
      digits: 1,
      fraction: 1,
      exponent: 2,
      exponentDigits: 1,
    },
    fast: Number("1.0e+2"),
  },
  {
    // The 16th digit that makes the mantissa exactly 2^53 - 1 is still exact.
    text: "9007199254740991",
    end: 16,
    reading: {
      mantissa: 9007199254740991,
      significant: 16,
      scale: 0,
      inexact: false,
      digits: 16,
      fraction: -1,
    },
    fast: 9007199254740991,
  },
  {
    text: "9007199254740992",
    end: 16,
    reading: { mantissa: 900719925474099, significant: 15, inexact: true, digits: 16 },
    fast: NaN,
  },
  {
    text: "900719925474099.1",
    end: 17,
    reading: {
      mantissa: 9007199254740991,
      significant: 16,
      scale: 1,
      inexact: false,
      digits: 15,
      fraction: 1,
    },
    fast: 900719925474099.1,
  },
  {
    text: "900719925474099.2",
    end: 17,
    reading: { mantissa: 900719925474099, significant: 15, scale: 0, inexact: true, fraction: 1 },
    fast: NaN,
  },
  {
    text: "5e-324",
    end: 6,
    reading: {
      mantissa: 5,
      significant: 1,
      scale: 0,
      inexact: false,
      digits: 1,
      fraction: -1,
      exponent: -324,
      exponentDigits: 3,
    },
    fast: NaN,
  },
];

/** Reads `text` as integer digits, then a fraction after a dot, then an exponent after an `e`. */
function read(text: string): [number, DecimalReading] {
  const r = new DecimalReading();
  r.reset(false);
  let i = readIntegerDigits(text, 0, text.length, r);
  if (text[i] === ".") i = readFractionDigits(text, i + 1, text.length, r);
  if (text[i] === "e") i = readExponent(text, i + 1, text.length, r);
  return [i, r];
}

for (const row of READINGS) {
  Deno.test(`numbers: the decimal reading of ${row.text}`, () => {
    const [end, r] = read(row.text);
    assert.equal(end, row.end);
    for (const [field, value] of Object.entries(row.reading)) {
      assert.equal(r[field as keyof DecimalReading], value, field);
    }
    assert.equal(fastDouble(r), row.fast);
  });
}

Deno.test("numbers: a reading started again forgets the last number", () => {
  const [, r] = read("1.5e3");
  r.leadingZero = r.separated = true;
  r.reset(true);
  assert.deepEqual({ ...r }, {
    mantissa: 0,
    significant: 0,
    scale: 0,
    inexact: false,
    digits: 0,
    fraction: -1,
    exponent: 0,
    exponentDigits: -1,
    negative: true,
    leadingZero: false,
    separated: false,
  });
});

Deno.test("numbers: digits read on across a chunk end add up", () => {
  const r = new DecimalReading();
  r.reset(false);
  assert.equal(readIntegerDigits("12", 0, 2, r), 2);
  assert.equal(readIntegerDigits("34.", 0, 3, r), 2);
  assert.equal(readFractionDigits("5", 0, 1, r), 1);
  assert.equal(readFractionDigits("6e", 0, 2, r), 1);
  assert.deepEqual([r.mantissa, r.digits, r.fraction, r.scale], [123456, 4, 2, 2]);
  assert.equal(fastDouble(r), 1234.56);
});

Deno.test("numbers: an exponent's sign is read, its value capped", () => {
  const r = new DecimalReading();
  r.reset(false);
  assert.equal(readExponent("+12,", 0, 4, r), 3);
  assert.deepEqual([r.exponent, r.exponentDigits], [12, 2]);
  assert.equal(readExponent("-3", 0, 2, r), 2);
  assert.deepEqual([r.exponent, r.exponentDigits], [-3, 1]);
  assert.equal(readExponent("99999999", 0, 8, r), 8);
  assert.deepEqual([r.exponent, r.exponentDigits], [999999, 8]);
  assert.equal(readExponent("x", 0, 1, r), 0);
  assert.deepEqual([r.exponent, r.exponentDigits], [0, 0]);
});

Deno.test("numbers: each reader stops at n, where the text goes on", () => {
  const r = new DecimalReading();
  r.reset(false);
  assert.equal(readIntegerDigits("12345", 0, 3, r), 3);
  assert.deepEqual([r.mantissa, r.digits], [123, 3]);
  assert.equal(readFractionDigits("6789", 0, 2, r), 2);
  assert.deepEqual([r.mantissa, r.fraction, r.scale], [12367, 2, 2]);
  assert.equal(readExponent("+5", 0, 0, r), 0);
  assert.deepEqual([r.exponent, r.exponentDigits], [0, 0]);
  assert.equal(readExponent("-75", 0, 2, r), 2);
  assert.deepEqual([r.exponent, r.exponentDigits], [-7, 1]);
  assert.equal(readIntegerDigits("9", 0, 0, r), 0);
  assert.equal(readFractionDigits("9", 0, 0, r), 0);
  assert.deepEqual([r.mantissa, r.digits, r.fraction], [12367, 3, 2]);
});

Deno.test("numbers: an exponent stops growing once it reaches 100000", () => {
  const r = new DecimalReading();
  r.reset(false);
  assert.equal(readExponent("1000000", 0, 7, r), 7);
  assert.deepEqual([r.exponent, r.exponentDigits], [100000, 7]);
  assert.equal(readExponent("-99999", 0, 6, r), 6);
  assert.deepEqual([r.exponent, r.exponentDigits], [-99999, 5]);
});

Deno.test("numbers: a fresh reading is no number yet, as its fields' comments say", () => {
  assert.deepEqual({ ...new DecimalReading() }, {
    mantissa: 0,
    significant: 0,
    scale: 0,
    inexact: false,
    digits: 0,
    fraction: -1,
    exponent: 0,
    exponentDigits: -1,
    negative: false,
    leadingZero: false,
    separated: false,
  });
});

Deno.test("numbers: the powers of ten are exact up to 1e22, and MAX_SAFE is 2^53 - 1", () => {
  assert.equal(POW10.length, 23);
  for (let k = 0; k < POW10.length; k++) assert.equal(POW10[k], Number(`1e${k}`));
  assert.equal(MAX_SAFE, 2 ** 53 - 1);
});

Deno.test("numbers: a number of ten million digits is read on its exact value", () => {
  // 9007199254740993.5 written with ten million zeros and an exponent of eight digits: no
  // integer (an exponent capped below the count of digits read it as one), and read in time
  // linear in its length.
  const zeros = "0".repeat(10_000_000);
  const half = `90071992547409935${zeros}e-10000001`;
  assert.equal(isUnsafeInteger(half, 0, half.length, Number(half)), false);
  const whole = `9007199254740993${zeros}e-10000000`;
  assert.equal(isUnsafeInteger(whole, 0, whole.length, Number(whole)), true);
});
