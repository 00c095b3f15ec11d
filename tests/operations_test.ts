/**
 * The three other operations: `repair` (default `permissive`; a repair the
 * profile refuses is an error, never a silent change), `validate` (RFC 8259
 * as written, then the declaration; never repairs into its verdict) and
 * `readiness` (the input fraction at which syntax and declared members are
 * final), each on hand-computed examples.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  type GateOptions,
  readiness,
  type ReadinessResult,
  repair,
  type RepairResult,
  validate,
  type ValidateResult,
} from "../mod.ts";

// ---------------------------------------------------------------------- repair

/** The six wire fields of `interjson_repair`, plus `error` and `value`. */
const REPAIR_FIELDS = [
  "ambiguous",
  "completeness",
  "error",
  "exactness",
  "repairs",
  "repairs_truncated",
  "text",
  "value",
];

function names(result: { repairs?: { name: string }[] }): string[] {
  return (result.repairs ?? []).map((r) => r.name);
}

Deno.test("repair: the default profile is permissive and the answer has the wire fields", () => {
  const result = repair("{'a': True, b: [1, 2,],}");
  assert.deepEqual(Object.keys(result).sort(), REPAIR_FIELDS);
  assert.deepEqual({ ...result, repairs: names(result) }, {
    error: null,
    text: '{"a":true,"b":[1,2]}',
    value: { a: true, b: [1, 2] },
    exactness: "cosmetic",
    ambiguous: false,
    completeness: "complete",
    repairs: ["SingleQuotes", "PythonLiteral", "UnquotedKey", "TrailingComma", "TrailingComma"],
    repairs_truncated: false,
  });
});

/** One row per repair: the whole answer expected, its repairs as names. */
const REPAIRS: readonly {
  behaviour: string;
  text: string;
  options: GateOptions;
  expected: Omit<RepairResult, "repairs"> & { repairs: string[] };
}[] = [
  {
    behaviour: "exact input is returned as its own span",
    text: '  {"a" : 1}  ',
    options: {},
    expected: {
      error: null,
      text: '{"a" : 1}',
      value: { a: 1 },
      exactness: "exact",
      ambiguous: false,
      completeness: "complete",
      repairs: [],
      repairs_truncated: false,
    },
  },
  {
    behaviour: "a truncated document is completed under permissive",
    text: '{"a":1',
    options: {},
    expected: {
      error: null,
      text: '{"a":1}',
      value: { a: 1 },
      exactness: "lossy",
      ambiguous: false,
      completeness: "truncated",
      repairs: ["TruncatedNumber", "CloseContainer"],
      repairs_truncated: false,
    },
  },
  {
    behaviour: "a cut string is closed under interactive (tail completion)",
    text: '{"a":"x',
    options: {
      profile: "interactive",
    },
    expected: {
      error: null,
      text: '{"a":"x"}',
      value: { a: "x" },
      exactness: "lossy",
      ambiguous: false,
      completeness: "truncated",
      repairs: ["CloseString", "CloseContainer"],
      repairs_truncated: false,
    },
  },
  {
    behaviour: "an ambiguous reading is repaired under permissive and says so",
    text: "[1,2}",
    options: {},
    expected: {
      error: null,
      text: "[1,2]",
      value: [1, 2],
      exactness: "cosmetic",
      ambiguous: true,
      completeness: "complete",
      repairs: ["MismatchedBracket"],
      repairs_truncated: false,
    },
  },
];

Deno.test("repair: the whole answer for each accepted repair", async (t) => {
  for (const { behaviour, text, options, expected } of REPAIRS) {
    await t.step(behaviour, () => {
      const result = repair(text, options);
      assert.deepEqual({ ...result, repairs: names(result) }, expected);
    });
  }
});

/** One row per repair the profile refuses, with its error message: text "" and no value. */
const REFUSED_REPAIRS: readonly {
  behaviour: string;
  text: string;
  options: GateOptions;
  message: string;
}[] = [
  {
    behaviour: "a lossy completion under execution",
    text: '{"a":1',
    options: { profile: "execution" },
    message:
      "E010 StrictViolation at 1:6 (offset 5): R013 TruncatedNumber: exactness lossy exceeds max_loss cosmetic",
  },
  {
    behaviour: "a lossy completion under agent",
    text: '{"a":1',
    options: { profile: "agent" },
    message:
      "E010 StrictViolation at 1:6 (offset 5): R013 TruncatedNumber: exactness lossy exceeds max_loss cosmetic",
  },
  {
    behaviour: "a cosmetic repair under strict",
    text: "[1,2,]",
    options: { profile: "strict" },
    message:
      "E010 StrictViolation at 1:5 (offset 4): R005 TrailingComma: exactness cosmetic exceeds max_loss exact",
  },
  {
    behaviour: "an ambiguous reading under execution",
    text: '{"a":1,"a":2}',
    options: { profile: "execution" },
    message:
      "E011 AmbiguityRefused at 1:12 (offset 11): R032 DuplicateKey: ambiguity semantic is refused by profile execution",
  },
  {
    behaviour: "a loss that is not a truncated tail under interactive",
    text: '{"a":}',
    options: { profile: "interactive" },
    message:
      "E010 StrictViolation at 1:6 (offset 5): R024 MissingValue: a lossy repair that completes no truncated tail is refused by profile interactive, which accepts a lossy repair only to complete a truncated tail",
  },
  {
    behaviour: "prose under permissive (skip_prose is off)",
    text: 'Here:\n{"a":1}',
    options: {},
    message:
      "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON value; skip_prose is off under profile permissive",
  },
];

Deno.test("repair refused: a repair the profile refuses is an error, with no text and no value", async (t) => {
  for (const { behaviour, text, options, message } of REFUSED_REPAIRS) {
    await t.step(behaviour, () => {
      const result = repair(text, options);
      const error = result.error && { code: result.error.code, message: result.error.message };
      assert.deepEqual(error, { code: message.slice(0, 4), message });
      assert.equal(result.text, "");
      assert.equal(result.value, undefined);
      assert.deepEqual(Object.keys(result).sort(), REPAIR_FIELDS);
      // The classification still says what was found.
      assert.ok(result.repairs.length > 0);
    });
  }
});

Deno.test("repair: the completeness of a refused truncated document is still reported", () => {
  const result = repair('{"a":1', { profile: "strict" });
  assert.equal(result.completeness, "truncated");
  assert.equal(result.exactness, "lossy");
  assert.equal(result.error?.code, "E010");
});

// Caller errors (E050, E070) are thrown, not answered: tests/caller_errors_test.ts.
Deno.test("repair: empty input and no JSON are errors with nothing repaired", async (t) => {
  const cases: readonly { text: string; options: GateOptions; code: string }[] = [
    { text: "", options: {}, code: "E001" },
    { text: "hello", options: {}, code: "E003" },
  ];
  for (const { text, options, code } of cases) {
    await t.step(`${JSON.stringify(text)}: ${code}`, () => {
      const result = repair(text, options);
      assert.equal(result.error?.code, code, String(text));
      assert.equal(result.text, "");
      assert.equal(result.value, undefined);
      assert.deepEqual(result.repairs, []);
    });
  }
});

Deno.test("repair: more than 256 repairs are counted, not listed", () => {
  const text = "[" + "1,".repeat(300).replaceAll(",", ",,").slice(0, -1) + "]";
  const result = repair(text);
  assert.equal(result.error, null);
  assert.equal(result.repairs.length, 256);
  assert.equal(result.repairs_truncated, true);
});

// -------------------------------------------------------------------- validate

Deno.test("validate: valid JSON as written", () => {
  assert.deepEqual(validate('{"a":1}'), {
    valid: true,
    error: null,
    exactness: "exact",
    ambiguous: false,
    repairs: [],
  });
});

Deno.test("validate: invalid but repairable shows the strict error and what a repair makes", () => {
  assert.deepEqual(validate("{'a':1}"), {
    valid: false,
    error: {
      code: "E010",
      message:
        "E010 StrictViolation at 1:2 (offset 1): R008 SingleQuotes: exactness cosmetic exceeds max_loss exact",
      offset: 1,
      line: 1,
      column: 2,
      rule: "R008",
    },
    repaired: '{"a":1}',
    exactness: "cosmetic",
    ambiguous: false,
    repairs: [{
      rule: "R008",
      name: "SingleQuotes",
      offset: 1,
      line: 1,
      column: 2,
      severity: "cosmetic",
      ambiguity: "none",
      confidence: 1,
    }],
  });
});

/** Invalid inputs without declaration: the fields expected, the repairs as names. */
const INVALID: readonly {
  behaviour: string;
  text: string;
  expected: Partial<ValidateResult> & { names?: string[] };
}[] = [
  {
    behaviour: "a truncated document",
    text: '{"a":1',
    expected: {
      valid: false,
      repaired: '{"a":1}',
      exactness: "lossy",
      ambiguous: false,
      names: ["TruncatedNumber", "CloseContainer"],
    },
  },
  {
    behaviour: "an ambiguous bracket",
    text: "[1,2}",
    expected: {
      valid: false,
      repaired: "[1,2]",
      exactness: "cosmetic",
      ambiguous: true,
      names: ["MismatchedBracket"],
    },
  },
  {
    behaviour: "prose after the value",
    text: '{"a":1} thanks',
    expected: {
      valid: false,
      repaired: '{"a":1}',
      exactness: "cosmetic",
      names: ["SkipProse"],
    },
  },
];

Deno.test("validate invalid: the strict error and what a repair would make", async (t) => {
  for (const { behaviour, text, expected } of INVALID) {
    await t.step(behaviour, () => {
      const { names: repairNames, ...fields } = expected;
      const result = validate(text);
      for (const [key, value] of Object.entries(fields)) {
        assert.deepEqual(result[key as keyof ValidateResult], value, key);
      }
      assert.deepEqual(names(result), repairNames);
      assert.ok(result.error !== null && result.error !== undefined);
      assert.ok(!("schema" in result));
    });
  }
});

Deno.test("validate: the error of an invalid document is the strict profile's refusal", () => {
  assert.equal(
    validate('{"a":1').error?.message,
    "E010 StrictViolation at 1:6 (offset 5): R013 TruncatedNumber: exactness lossy exceeds max_loss exact",
  );
  assert.equal(validate('{"a":1} x').error?.code, "E002");
});

Deno.test("validate: legal JSON with a hazard is valid and reports the hazard", async (t) => {
  const rows: readonly { text: string; hazard: string }[] = [
    { text: '{"a":1,"a":2}', hazard: "DuplicateKey" },
    { text: '"\\ud800"', hazard: "LoneSurrogate" },
    { text: "[1e400]", hazard: "NumberOutOfRange" },
  ];
  for (const { text, hazard } of rows) {
    await t.step(hazard, () => {
      const result = validate(text);
      assert.equal(result.valid, true, text);
      assert.equal(result.error, null, text);
      assert.equal(result.ambiguous, true, text);
      assert.deepEqual(names(result), [hazard], text);
    });
  }
});

Deno.test("validate: with a declaration, a valid document gets the verdict", () => {
  assert.deepEqual(validate('{"a":1}', { schema: "{!a:integer}" }), {
    valid: true,
    schema: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    error: null,
    exactness: "exact",
    ambiguous: false,
    repairs: [],
  });
  assert.deepEqual(validate('{"a":"1"}', { schema: "{!a:integer,!b:string}" }), {
    valid: false,
    schema: {
      total: 2,
      satisfied: 0,
      missing: ["/b"],
      mismatched: [{ pointer: "/a", expected: "an integer", found: 'the string "1"' }],
      ok: false,
    },
    error: {
      code: "E030",
      message: "E030 DeclarationMismatch: required member /b is missing; " +
        '/a must be an integer; got the string "1"',
    },
    exactness: "exact",
    ambiguous: false,
    repairs: [],
  });
  const json = validate('{"a":1}', {
    schemaJson: { type: "object", properties: { a: { type: "integer", minimum: 2 } } },
  });
  assert.equal(json.valid, false);
  assert.deepEqual(json.schema?.mismatched, [
    { pointer: "/a", expected: "an integer at least 2", found: "1" },
  ]);
});

Deno.test("validate: never repairs into its verdict", () => {
  // Repaired, `{'a':1}` would satisfy `{!a:integer}`; it is still not checked.
  const satisfiedIfRepaired = validate("{'a':1}", { schema: "{!a:integer}" });
  assert.equal(satisfiedIfRepaired.valid, false);
  assert.ok(!("schema" in satisfiedIfRepaired));
  assert.equal(satisfiedIfRepaired.error?.code, "E010");
  assert.equal(satisfiedIfRepaired.repaired, '{"a":1}');
  // Repaired, it would fail; still no verdict, and the error is the syntax one.
  const failingIfRepaired = validate("{'a':'x'}", { schema: "{!a:integer}" });
  assert.ok(!("schema" in failingIfRepaired));
  assert.equal(failingIfRepaired.error?.code, "E010");
});

Deno.test("validate: errors without a value", async (t) => {
  const cases: readonly {
    text: string;
    options: { schema?: string; schemaJson?: unknown };
    code: string;
  }[] = [
    { text: "", options: {}, code: "E001" },
    { text: "hello", options: {}, code: "E003" },
  ];
  for (const { text, options, code } of cases) {
    await t.step(`${JSON.stringify(text)}: ${code}`, () => {
      const result = validate(text, options);
      assert.equal(result.valid, false, String(text));
      assert.equal(result.error?.code, code, String(text));
      assert.deepEqual(Object.keys(result).sort(), ["error", "valid"], String(text));
    });
  }
});

// ------------------------------------------------------------------- readiness

/** The behaviour, the input, the declaration, the answer: every number computed by hand. */
const READINESS: readonly {
  behaviour: string;
  text: string;
  schema: string | undefined;
  expected: ReadinessResult;
}[] = [
  {
    // `{"query":"weather",` is 19 units, `"limit":3,` 10 more: step 29 of 74.
    behaviour: "declared members final early while the document continues",
    text: '{"query":"weather","limit":3,"debug":"a long tail the host does not need"}',
    schema: "{!query:string,!limit:integer}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 392,
      settled_permille: 1000,
      step: 29,
      verdict: { total: 2, satisfied: 2, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // `{"a":"x",` is 9 units: a string is final once the character after its closing
    // quote confirms the close (`"x" y"` would be an unescaped inner quote); 9 of 25.
    behaviour: "a string member is final once the character after its closing quote confirms it",
    text: '{"a":"x","b":"long tail"}',
    schema: "{!a:string}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 360,
      settled_permille: 1000,
      step: 9,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // `{"a":12` is 7 units; the number is final only with the comma: 8 of 24.
    behaviour: "a number member is final only after its delimiter",
    text: '{"a":12,"b":"long tail"}',
    schema: "{!a:integer}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 334,
      settled_permille: 1000,
      step: 8,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // White space delimits the number too: `{"a":12 ` is 8 units, of 15.
    behaviour: "white space delimits a number member",
    text: '{"a":12 ,"c":1}',
    schema: "{!a:integer}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 534,
      settled_permille: 1000,
      step: 8,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // `{"cfg":` is 7 units, `{"x":1,"y":[1,2]}` 17 more: 24 of 45.
    behaviour: "an object member is final at its closing bracket",
    text: '{"cfg":{"x":1,"y":[1,2]},"tail":"abcdefghij"}',
    schema: "{!cfg:object}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 534,
      settled_permille: 1000,
      step: 24,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // b is final at 8, a at 15 (`{"b":"x","a":1,`): the later one counts; 15 of 26.
    behaviour:
      "several declared members: the last to become final counts, whatever the declared order",
    text: '{"b":"x","a":1,"c":"tail"}',
    schema: "{!a:integer,!b:string}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 577,
      settled_permille: 1000,
      step: 15,
      verdict: { total: 2, satisfied: 2, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // The second `"a":3,` ends at 19 of 30.
    behaviour: "of duplicate keys the last occurrence counts",
    text: '{"a":1,"b":2,"a":3,"c":"tail"}',
    schema: "{!a:integer}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 634,
      settled_permille: 1000,
      step: 19,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // a never appears: known absent only when the object closes, at 23 of 25.
    behaviour: "a missing declared member is final at the syntax point",
    text: '{"b":"long tail","c":1}  ',
    schema: "{!a:integer}",
    expected: {
      syntax_permille: 920,
      schema_permille: 920,
      settled_permille: 920,
      step: 23,
      verdict: { total: 1, satisfied: 0, missing: ["/a"], mismatched: [], ok: false },
    },
  },
  {
    // No declaration: the schema point is the syntax point, 7 of 9; no verdict.
    behaviour: "without a declaration the schema point is the syntax point",
    text: '{"a":1}  ',
    schema: undefined,
    expected: { syntax_permille: 778, schema_permille: 778, settled_permille: 778, step: 7 },
  },
  {
    // A declaration without members (an array) has nothing to wait for but the syntax: 7 of 9.
    behaviour: "a declaration without members is final with the syntax",
    text: "[1,2,3]  ",
    schema: "[integer]",
    expected: {
      syntax_permille: 778,
      schema_permille: 778,
      settled_permille: 778,
      step: 7,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // Truncated: the syntax is final only at the end; b is final at 17 of 22 (its comma).
    behaviour: "a truncated document: syntax at 1000, a closed member before",
    text: '{"b":"long tail","c":1',
    schema: "{!b:string}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 773,
      settled_permille: 1000,
      step: 17,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // The declared string is cut: nothing is final before the end, 13 of 13.
    behaviour: "a truncated document cut inside the declared member",
    text: '{"b":"long ta',
    schema: "{!b:string}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 1000,
      settled_permille: 1000,
      step: 13,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
  {
    // Read as permissive reads it: single quotes are fine; `{'a': 1,` is 8 of 20.
    behaviour: "readiness never refuses a repair",
    text: "{'a': 1, 'b': 'tail'}",
    schema: "{!a:integer}",
    expected: {
      syntax_permille: 1000,
      schema_permille: 381,
      settled_permille: 1000,
      step: 8,
      verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
    },
  },
];

Deno.test("readiness: the fraction of the input at which syntax and members are final", async (t) => {
  for (const { behaviour, text, schema, expected } of READINESS) {
    await t.step(behaviour, () => {
      const result = readiness(text, schema === undefined ? {} : { schema });
      assert.deepEqual(result, expected);
      assert.ok(result.step <= text.length);
    });
  }
});

Deno.test("readiness: a literal member is final only after its delimiter", () => {
  // `{"a":truex}` reads a as "truex", so a literal, like a number, is final only once the
  // delimiter after it is read: `{"a":true,` is 10 units, of 21.
  assert.deepEqual(readiness('{"a":true,"c":"tail"}', { schema: "{!a:boolean}" }), {
    syntax_permille: 1000,
    schema_permille: 477,
    settled_permille: 1000,
    step: 10,
    verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
  });
});

Deno.test("readiness: the verdict is there with a declaration, and is the declaration's", () => {
  const result = readiness('{"a":"x"}', { schemaJson: { type: "object", required: ["b"] } });
  assert.deepEqual(result.verdict, {
    total: 1,
    satisfied: 0,
    missing: ["/b"],
    mismatched: [],
    ok: false,
  });
  assert.ok(!("verdict" in readiness('{"a":"x"}')));
});

Deno.test("readiness: errors", () => {
  assert.deepEqual(readiness(""), {
    syntax_permille: 1000,
    schema_permille: 1000,
    settled_permille: 1000,
    step: 0,
    error: {
      code: "E001",
      message: "E001 EmptyInput: the input is empty or only white space; emit the JSON value",
    },
  });
  const none = readiness("hello");
  assert.equal(none.error?.code, "E003");
  assert.equal(none.step, 5);
  // A bad declaration or a non-string text is thrown: tests/caller_errors_test.ts.
});
