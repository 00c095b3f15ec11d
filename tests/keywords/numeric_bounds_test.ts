/**
 * `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (`engine/declarations/keywords/numeric_bounds.ts`): bounds inclusive and exclusive in words; draft-04 boolean bounds and malformed values refused.
 * Rows moved here from `tests/describe_test.ts`,
 * `tests/jsonschema_refusals_test.ts` and `tests/jsonschema_keywords_test.ts`,
 * keyword by keyword.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileGate } from "../../engine/compile.ts";
import { compileJsonSchema } from "../../engine/declarations/jsonschema.ts";
import { gate } from "../../engine/gate.ts";
import {
  type KeywordRefusal,
  type MatchRow,
  runKeywordRefusals,
  runMatchRows,
  runWordsRows,
  type WordsRow,
} from "./keyword_cases.ts";

const D4 = "http://json-schema.org/draft-04/schema#";
const D7 = "http://json-schema.org/draft-07/schema#";

const WORDS: readonly WordsRow[] = [
  {
    name: "minimum is inclusive: at least",
    declaration: "integer(minimum=1)",
    value: 0,
    keyword: "minimum",
    expected: "an integer at least 1",
    found: "0",
  },
  {
    name: "exclusiveMinimum: greater than",
    declaration: "number(exclusiveMinimum=1)",
    value: 1,
    keyword: "exclusiveMinimum",
    expected: "a number greater than 1",
    found: "1",
  },
  {
    name: "maximum is inclusive: at most",
    declaration: "number(maximum=-2.5)",
    value: 0,
    keyword: "maximum",
    expected: "a number at most -2.5",
    found: "0",
  },
  {
    name: "exclusiveMaximum: less than",
    declaration: "integer(exclusiveMaximum=10)",
    value: 10,
    keyword: "exclusiveMaximum",
    expected: "an integer less than 10",
    found: "10",
  },
];

const REFUSALS: readonly KeywordRefusal[] = [
  {
    name: "minimum null",
    schema: { "minimum": null },
    pointer: "/minimum",
    message: '"minimum" at the root must be a number, found null',
  },
  {
    name: "maximum a string",
    schema: { "maximum": "1" },
    pointer: "/maximum",
    message: '"maximum" at the root must be a number, found string',
  },
  {
    name: "exclusiveMinimum a boolean after draft-04",
    schema: { "$schema": D7, "exclusiveMinimum": true, minimum: 1 },
    pointer: "/exclusiveMinimum",
    message:
      'boolean "exclusiveMinimum" at the root is draft-04, not draft-07 (the dialect "$schema" selects); write the bound as a number',
  },
  {
    name: "exclusiveMaximum true without maximum, no dialect named",
    schema: { "exclusiveMaximum": true },
    pointer: "/exclusiveMaximum",
    message: '"exclusiveMaximum": true at the root needs "maximum" beside it (draft-04)',
  },
  {
    name: "exclusiveMinimum true without minimum in draft-04",
    schema: { "$schema": D4, "exclusiveMinimum": true },
    pointer: "/exclusiveMinimum",
    message: '"exclusiveMinimum": true at the root needs "minimum" beside it (draft-04)',
  },
  {
    name: "exclusiveMaximum a number in draft-04",
    schema: { "$schema": D4, "exclusiveMaximum": 5 },
    pointer: "/exclusiveMaximum",
    message: '"exclusiveMaximum" at the root must be a boolean in draft-04',
  },
];

const MATCHES: readonly MatchRow[] = [
  {
    name: "draft-04: exclusiveMinimum true makes minimum exclusive",
    schema: { $schema: D4, minimum: 1, exclusiveMinimum: true },
    matches: [1.5],
    refuses: [1],
  },
  {
    name: "draft-04: exclusiveMaximum true makes maximum exclusive",
    schema: { $schema: D4, maximum: 1, exclusiveMaximum: true },
    matches: [0.5],
    refuses: [1],
  },
  {
    name: "draft-04: exclusiveMinimum false leaves minimum inclusive",
    schema: { $schema: D4, minimum: 1, exclusiveMinimum: false, maximum: 3 },
    matches: [1, 3],
    refuses: [0.5, 3.5],
  },
  {
    name: "2020-12: exclusiveMinimum is its own bound beside minimum",
    schema: { minimum: 1, exclusiveMinimum: 0, maximum: 2, exclusiveMaximum: 5 },
    matches: [1, 2],
    refuses: [0.5, 2.5],
  },
  {
    name: "no dialect named: a boolean exclusiveMinimum has its draft-04 meaning",
    schema: { minimum: 1, exclusiveMinimum: true },
    matches: [1.5],
    refuses: [1],
  },
  {
    name: "no dialect named: a boolean exclusiveMaximum has its draft-04 meaning",
    schema: { maximum: 1, exclusiveMaximum: true },
    matches: [0.5],
    refuses: [1],
  },
];

/** A schema, and the `kind keyword pointer: message` of each warning it compiles with. */
const WARNINGS: readonly (readonly [name: string, schema: unknown, warnings: string[]])[] = [
  [
    "no dialect named: a boolean exclusiveMinimum true is applied, and said so",
    { minimum: 1, exclusiveMinimum: true },
    [
      'other-dialect exclusiveMinimum /exclusiveMinimum: boolean "exclusiveMinimum" at the root applied as draft-04 means it: "minimum" is exclusive',
    ],
  ],
  [
    "no dialect named: a boolean exclusiveMaximum false means nothing, and is said to",
    { maximum: 1, exclusiveMaximum: false },
    [
      'other-dialect exclusiveMaximum /exclusiveMaximum: boolean "exclusiveMaximum" at the root applied as draft-04 means it: nothing',
    ],
  ],
  ["draft-04: a boolean bound is its own dialect's, no warning", {
    $schema: D4,
    minimum: 1,
    exclusiveMinimum: true,
  }, []],
];

/**
 * `[schema of n, n as written]`: a number whose double passes the bound (it reads as the
 * bound itself, or as a whole number of 2^50 or more) while the number written does not, so
 * the compiled check must flag it for the written digits to be judged (`exact.ts`). Each bound
 * alone, on the shape compiled for a number (`type` number or integer) and on any other shape
 * (`type` beside string).
 */
const WRITTEN_PAST: readonly (readonly [schema: Record<string, unknown>, number: string])[] = [
  [{ type: "number", minimum: 0.1 }, "0.09999999999999999999"],
  [{ type: "number", maximum: 0.3 }, "0.30000000000000000001"],
  [{ type: ["number", "string"], minimum: 0.1 }, "0.09999999999999999999"],
  [{ type: ["number", "string"], maximum: 0.3 }, "0.30000000000000000001"],
  [{ minimum: 0.1 }, "0.09999999999999999999"],
  [{ type: "integer", minimum: 0 }, "9007199254740993.5"],
  [{ type: "integer", maximum: 0 }, "-9007199254740993.5"],
  // 2^50 exactly: the first whole double a fraction may read as.
  [{ type: "integer", minimum: 0 }, "1125899906842624.0000001"],
  [{ type: "integer", maximum: 0 }, "-1125899906842624.0000001"],
  [{ type: ["integer", "string"] }, "1125899906842624.0000001"],
  [{ type: ["integer", "string"] }, "-1125899906842624.0000001"],
  // A fraction not starting with 0 or 9 that still reads as 2^50 exactly: only the compiled
  // check's record of a large whole number sends the gate to read it.
  [{ type: "integer" }, "1125899906842624.1"],
  [{ type: "integer" }, "-1125899906842624.1"],
  [{ type: "integer", minimum: 0 }, "1125899906842624.1"],
  [{ type: "integer", maximum: 0 }, "-1125899906842624.1"],
  [{ type: ["integer", "string"] }, "1125899906842624.1"],
  [{ type: ["integer", "string"] }, "-1125899906842624.1"],
  // Both bounds: the number written past either one reads as that bound.
  [{ type: "number", minimum: 0.1, maximum: 0.3 }, "0.09999999999999999999"],
  [{ type: "number", minimum: 0.1, maximum: 0.3 }, "0.30000000000000000001"],
  [{ type: ["number", "string"], minimum: 0.1, maximum: 0.3 }, "0.09999999999999999999"],
  [{ type: ["number", "string"], minimum: 0.1, maximum: 0.3 }, "0.30000000000000000001"],
];

runWordsRows(
  "minimum, maximum, exclusiveMinimum, exclusiveMaximum: a value failing one keyword, and its words",
  WORDS,
);
runKeywordRefusals(
  "minimum, maximum, exclusiveMinimum, exclusiveMaximum: malformed values refused with their pointers and words",
  REFUSALS,
);
runMatchRows("numeric bounds: what compiled schemas match and refuse", MATCHES);

Deno.test("numeric bounds: a boolean bound outside draft-04 is listed as a warning", async (t) => {
  for (const [name, schema, warnings] of WARNINGS) {
    await t.step(name, () => {
      assert.deepEqual(
        (compileJsonSchema(schema).warnings ?? []).map((w) =>
          `${w.kind} ${w.keyword} ${w.pointer}: ${w.message}`
        ),
        warnings,
      );
    });
  }
});

Deno.test("numeric bounds: a number written past a bound its double meets is refused", async (t) => {
  for (const [schema, number] of WRITTEN_PAST) {
    await t.step(`${JSON.stringify(schema)}: ${number}`, () => {
      const schemaJson = { type: "object", properties: { n: schema } };
      const text = `{"n": ${number}}`;
      for (const result of [gate(text, { schemaJson }), compileGate({ schemaJson }).gate(text)]) {
        assert.equal(result.executable, false);
        assert.equal(result.error?.code, "E030");
        assert.ok(result.error!.message.includes(`got the number ${number} as written`));
      }
    });
  }
});
