/**
 * Issue 21, class 7 (first half): `integer`, `minimum`, `maximum`,
 * `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `const` and `enum`
 * judge the exact decimal the model wrote, not the double it reads as:
 * `0.30000000000000000001` fails `maximum: 0.3`. Each row is checked through
 * the one-shot gate, the compiled gate and the stream; rows that must pass
 * pin that numbers written exactly (or whose extra digits do not turn the
 * judgement) are not refused.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileGate } from "../engine/compile.ts";
import {
  compareDecimal,
  doubleDecimal,
  exactDecimal,
  impreciseNumbers,
  numberJudge,
} from "../engine/declarations/exact.ts";
import { compileJsonSchema } from "../engine/declarations/jsonschema.ts";
import { gate } from "../engine/gate.ts";
import { scanCleanJson } from "../engine/fast_path.ts";
import { PROFILES } from "../engine/profiles.ts";
import { JsonStream } from "../engine/stream.ts";

/**
 * `[schema of n, number as written, executes, refused on the double already]`: a number whose
 * double crosses a bound its written value does not (`0.99999999999999999999` reads as `1`) is
 * refused on the double: a needless refusal at most, never a wrong execution.
 */
type Row = readonly [Record<string, unknown>, string, boolean, "double"?];

const ROWS: readonly Row[] = [
  [{ type: "integer" }, "1.0000000000000000001", false],
  [{ type: "integer" }, "2.99999999999999999999", false],
  [{ type: "integer" }, "-7.00000000000000000001", false],
  [{ type: "integer" }, "1234567890.0000001", false],
  [{ type: "integer" }, "1.00000000000000000001e5", false],
  [{ type: "integer" }, "1.0000000000000000000", true],
  [{ type: "integer" }, "12345678901234.5e1", true],
  [{ type: "integer" }, "100000000000000000000e-20", true],
  [{ type: "integer" }, "3", true],
  [{ type: "integer" }, "0.14285714285714285", false, "double"],
  [{ maximum: 0.3 }, "0.30000000000000000001", false],
  [{ maximum: 0.3 }, "0.29999999999999999999", true],
  [{ maximum: 0.3 }, "0.3000000000000000000", true],
  [{ maximum: 100 }, "100.00000000000000001", false],
  [{ maximum: 1e21 }, "1000000000000000000000.5", false],
  [{ minimum: 0.1 }, "0.09999999999999999999", false],
  [{ minimum: 0.1 }, "0.10000000000000000001", true],
  [{ minimum: -5 }, "-5.0000000000000000001", false],
  [{ minimum: 0 }, "-0.0000000000000000000000001", false, "double"],
  [{ exclusiveMaximum: 1 }, "1.00000000000000000001", false],
  [{ exclusiveMaximum: 1 }, "0.99999999999999999999", false, "double"],
  [{ exclusiveMaximum: 0.3 }, "0.30000000000000000001", false],
  [{ exclusiveMaximum: 0.5 }, "0.49999999999999999", false, "double"],
  [{ exclusiveMinimum: 2 }, "1.99999999999999999999", false],
  [{ exclusiveMinimum: 2 }, "2.00000000000000000001", false, "double"],
  [{ exclusiveMinimum: -1 }, "-0.99999999999999999999", false, "double"],
  [{ multipleOf: 0.1 }, "0.30000000000000000001", false],
  [{ multipleOf: 0.1 }, "0.3000000000000000000", true],
  [{ multipleOf: 2 }, "4.0000000000000000001", false],
  [{ multipleOf: 0.5 }, "2.5000000000000000000", true],
  [{ const: 1 }, "1.0000000000000000001", false],
  [{ const: 1 }, "1.00000000000000000000", true],
  [{ const: 0.3 }, "0.29999999999999999999", false],
  [{ enum: [1, 2, 3] }, "2.0000000000000000001", false],
  [{ enum: [1, 2, 3] }, "3.00000000000000000", true],
  [{ enum: ["a", 0.1] }, "0.10000000000000000001", false],
  // No numeric keyword: the double is the value.
  [{ type: "number" }, "0.30000000000000000001", true],
  [{ type: "number", maximum: 1 }, "0.30000000000000000001", true],
];

Deno.test("numbers are judged on the exact decimal written", async (t) => {
  for (const [schema, number, executes, onDouble] of ROWS) {
    const schemaJson = { type: "object", properties: { n: schema } };
    const text = `{"n": ${number}}`;
    await t.step(`${JSON.stringify(schema)}: ${number}`, () => {
      const stream = new JsonStream({ schemaJson });
      stream.push(text);
      const results = [
        gate(text, { schemaJson }),
        compileGate({ schemaJson }).gate(text),
        stream.end(),
      ];
      for (const result of results) {
        assert.equal(result.executable, executes, result.error?.message);
        if (executes) continue;
        assert.equal(result.error?.code, "E030");
        if (onDouble === undefined) {
          assert.ok(result.error!.message.includes(`got the number ${number} as written`));
        }
      }
    });
  }
});

Deno.test("in arrays, nested, repeated, and beside exact twins of the same double", async (t) => {
  const rows = [
    {
      text: "[1, 2, 3.00000000000000000001]",
      schema: { items: { type: "integer" } },
      executes: false,
    },
    {
      text: '{"a":{"b":[0.30000000000000000001]}}',
      schema: { properties: { a: { properties: { b: { items: { maximum: 0.3 } } } } } },
      executes: false,
    },
    // The same double written exactly and not: both are judged (a refusal at most).
    { text: "[0.3, 0.30000000000000000001]", schema: { items: { maximum: 0.3 } }, executes: false },
    // A long number in a string is not a number: judged only if a number reads as its double.
    {
      text: '{"s":"0.30000000000000000001","n":0.25}',
      schema: { properties: { n: { maximum: 0.3 } } },
      executes: true,
    },
    // An enum of objects holding a number written imprecisely.
    {
      text: '{"o":{"k":1.0000000000000000001}}',
      schema: { properties: { o: { enum: [{ k: 1 }] } } },
      executes: false,
    },
  ];
  for (const row of rows) {
    await t.step(row.text, () => {
      assert.equal(gate(row.text, { schemaJson: row.schema }).executable, row.executes);
      assert.equal(compileGate({ schemaJson: row.schema }).gate(row.text).executable, row.executes);
    });
  }
});

Deno.test("exact decimals: parsing, comparison, and which numbers need their text", async (t) => {
  await t.step("exactDecimal", () => {
    for (
      const [text, digits, exponent] of [
        ["0", 0n, 0],
        ["-0.0", 0n, 0],
        ["1.50", 15n, -1],
        ["-2e3", -2n, 3],
        ["1E-2", 1n, -2],
        ["+7", 7n, 0],
        ["5.", 5n, 0],
        [".5", 5n, -1],
      ] as const
    ) {
      const d = exactDecimal(text)!;
      assert.deepEqual([d.digits, d.exponent], [digits, exponent], text);
    }
    for (const bad of ["", ".", "-", "1e", "a", "1.2.3"]) {
      assert.equal(exactDecimal(bad), null, bad);
    }
  });
  await t.step("compareDecimal", () => {
    assert.equal(compareDecimal(exactDecimal("0.1")!, doubleDecimal(0.1)), 0);
    assert.equal(compareDecimal(exactDecimal("-1")!, doubleDecimal(1)), -1);
    assert.equal(compareDecimal(exactDecimal("1e400")!, doubleDecimal(1.7976931348623157e308)), 1);
  });
  await t.step("impreciseNumbers finds only numbers whose judgement could turn", () => {
    const judge = numberJudge(compileJsonSchema({ properties: { n: { type: "integer" } } }));
    const find = (text: string) => impreciseNumbers(text, 0, text.length, judge);
    assert.equal(find('{"n": 1}'), null);
    assert.equal(find('{"n": 0.14285714285714285}'), null); // not whole: integer cannot turn
    assert.equal(find('{"n": 9007199254740993}'), null); // digits alone: whole as written
    assert.deepEqual([...find('{"n": 1.0000000000000000001}')!.keys()], [1]);
    assert.deepEqual([...find('{"n": -2.0000000000000000001}')!.keys()], [-2]);
    const none = numberJudge(compileJsonSchema({ properties: { n: { type: "number" } } }));
    assert.equal(none.judges, false);
    assert.equal(impreciseNumbers('{"n": 1.0000000000000000001}', 0, 28, none), null);
  });
});

Deno.test("numbers beyond any double's reach are refused at once, not computed on", async (t) => {
  const schemaJson = { type: "object", properties: { n: { type: "integer" } } };
  const rows = [
    { name: "a fraction of a million zeros", text: `{"n": 0.${"0".repeat(1_000_000)}1}` },
    { name: "a hundred thousand nines", text: `{"n": 1.${"9".repeat(100_000)}}` },
    { name: "in a string, beside a whole number", text: `{"s": "0.${"0".repeat(5000)}1", "n": 0}` },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const result = compileGate({ schemaJson }).gate(row.text);
      // Refused (a digit run in a string is taken for a number: a needless refusal at most).
      assert.equal(result.executable, false, result.error?.message);
    });
  }
});

Deno.test("integer alone: large whole numbers and fractions that may read as whole", async (t) => {
  const schemaJson = {
    type: "object",
    properties: { n: { type: "integer" }, s: { type: "number" } },
  };
  const rows = [
    { text: '{"n": 9007199254740993.5}', executes: false }, // reads as 2^53 + 2: whole
    { text: '{"n": 1125899906842624.25, "s": 0.14285714285714285}', executes: false },
    { text: '{"n": 1125899906842625}', executes: true }, // digits alone: whole as written
    { text: '{"n": 7, "s": 0.14285714285714285}', executes: true },
    { text: '{"n": 7, "s": 9007199254740993.5}', executes: true }, // not judged as an integer
    { text: '{"n": 7.00000000000000000001, "s": 0.5}', executes: false },
    { text: '{"n": 7e0, "s": 0.5}', executes: true },
  ];
  for (const row of rows) {
    await t.step(row.text, () => {
      assert.equal(gate(row.text, { schemaJson }).executable, row.executes);
      assert.equal(compileGate({ schemaJson }).gate(row.text).executable, row.executes);
    });
  }
});

Deno.test("what the compiled check records decides where the text is read, and agrees with the one-shot gate", async (t) => {
  const rows: readonly { schema: Record<string, unknown>; text: string; executes: boolean }[] = [
    // integer alone, no large whole: fractions starting 0/9, exponents after a point, negative ones.
    { schema: { type: "integer" }, text: "[1.5000000000000000001e1]", executes: false },
    { schema: { type: "integer" }, text: "[10000000000000000001e-19]", executes: false },
    { schema: { type: "integer" }, text: "[10000000000000000000e-19]", executes: true },
    { schema: { type: "integer" }, text: "[1234567890123456e0]", executes: true },
    { schema: { type: "integer" }, text: "[3.0000000000000000001, 0.25]", executes: false },
    { schema: { type: "integer" }, text: "[3, 4]", executes: true },
    // bounds only: near a bound the text is read, elsewhere not.
    { schema: { maximum: 0.3 }, text: "[0.1, 0.30000000000000000001]", executes: false },
    { schema: { maximum: 0.3 }, text: "[0.1, 0.2999999999999999999]", executes: true },
    { schema: { maximum: 0.3 }, text: "[0.10000000000000000001]", executes: true },
    {
      schema: { type: ["number", "null"], minimum: 5 },
      text: "[null, 4.99999999999999999999]",
      executes: false,
    },
    {
      schema: { type: ["number", "null"], minimum: 5 },
      text: "[null, 5.00000000000000000001]",
      executes: true,
    },
    {
      schema: { type: ["integer", "null"] },
      text: "[null, 7.00000000000000000001]",
      executes: false,
    },
    { schema: { type: ["integer", "null"] }, text: "[null, 2251799813685249.5]", executes: false },
  ];
  for (const row of rows) {
    await t.step(`${JSON.stringify(row.schema)} ${row.text}`, () => {
      const schemaJson = { type: "array", items: row.schema };
      assert.equal(gate(row.text, { schemaJson }).executable, row.executes);
      assert.equal(compileGate({ schemaJson }).gate(row.text).executable, row.executes);
    });
  }
});

Deno.test("a clean text's count of points against its fractions skips the search only when it proves every whole number written whole", async (t) => {
  const schemaJson = {
    type: "object",
    properties: {
      n: { type: "integer" },
      s: { type: "number" },
      t: { type: "string" },
      sort: { enum: ["asc", "desc"] },
    },
  };
  const compiled = compileGate({ schemaJson });
  const rows: readonly { name: string; text: string; executes: boolean }[] = [
    { name: "one point, one fraction", text: '{"n": 7, "s": 0.5}', executes: true },
    { name: "no point, no fraction", text: '{"n": 7, "s": 2, "sort": "asc"}', executes: true },
    { name: "17 digits after a point", text: '{"n": 7, "s": 0.14285714285714285}', executes: true },
    { name: "a positive exponent", text: '{"n": 1e2, "s": 0.5}', executes: true },
    { name: "16 digits, whole", text: '{"n": 1234567890123456, "s": 0.5}', executes: true },
    { name: "a point in a string", text: '{"t": "v1.2", "n": 7}', executes: true },
    { name: "whole, written with a point", text: '{"n": 7.0e0, "s": 0.5}', executes: true },
    {
      name: "a whole double, 1 point, 0 fractions",
      text: '{"n": 7.00000000000000000001}',
      executes: false,
    },
    {
      name: "2 points, 1 fraction",
      text: '{"n": 7.00000000000000000001, "s": 0.5}',
      executes: false,
    },
    {
      name: "a fraction written without a point (e-) evens the counts",
      text: '{"n": 7.00000000000000000001, "s": 5e-1}',
      executes: false,
    },
    {
      name: "a fraction written without a point (E-) evens the counts",
      text: '{"n": -7.00000000000000000001, "s": -5E-1}',
      executes: false,
    },
    {
      name: "a whole number with a negative exponent",
      text: '{"n": 10000000000000000001e-19}',
      executes: false,
    },
    {
      name: "a string's point beside a whole double written with one",
      text: '{"t": "a.b", "n": 7.00000000000000000001, "sort": "asc"}',
      executes: false,
    },
    {
      name: "past 512 characters (counted by match)",
      text: `{"t": "${"x".repeat(600)}", "n": 9.00000000000000000001, "s": 0.5}`,
      executes: false,
    },
    {
      name: "past 512 characters, whole as written",
      text: `{"t": "${"x".repeat(600)}", "n": 9, "s": 0.5}`,
      executes: true,
    },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      // The fast path answers each of these texts: the counts are what is pinned.
      assert.notEqual(scanCleanJson(row.text, PROFILES.agent), null);
      assert.equal(compiled.gate(row.text).executable, row.executes);
      assert.equal(gate(row.text, { schemaJson }).executable, row.executes);
    });
  }
});

Deno.test("an enum or const that holds no number needs no number's text; one that may hold one does", async (t) => {
  const rows: readonly { schema: Record<string, unknown>; text: string; executes: boolean }[] = [
    {
      schema: { enum: ["asc", "desc", true, null] },
      text: "[1.0000000000000000001]",
      executes: false,
    },
    { schema: { enum: [[1, 2], "x"] }, text: "[[1.0000000000000000001, 2]]", executes: false },
    { schema: { enum: [[1, 2], "x"] }, text: "[[1, 2]]", executes: true },
    { schema: { const: { a: 0.3 } }, text: '[{"a": 0.30000000000000000001}]', executes: false },
    { schema: { const: { a: 0.3 } }, text: '[{"a": 0.3}]', executes: true },
  ];
  for (const row of rows) {
    await t.step(`${JSON.stringify(row.schema)} ${row.text}`, () => {
      const schemaJson = { type: "array", items: row.schema };
      assert.equal(compileGate({ schemaJson }).gate(row.text).executable, row.executes);
      assert.equal(gate(row.text, { schemaJson }).executable, row.executes);
    });
  }
  await t.step("a string enum judges no number", () => {
    strictJudge({ enum: ["asc", "desc"] }, false);
    strictJudge({ enum: ["asc", 1] }, true);
    strictJudge({ const: [1] }, true);
    strictJudge({ const: null }, false);
  });
});

/** Whether the schema's judge reads every number (`any`) is as expected. */
function strictJudge(schema: Record<string, unknown>, any: boolean): void {
  assert.equal(numberJudge(compileJsonSchema(schema)).any, any);
}
