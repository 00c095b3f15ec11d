/**
 * The gate as a host sees it: every decision with its label, the twenty
 * fields of seed 000's `interjson_gate` table and no others, seed 000's real
 * gate call character for character, the default profile, each profile on a
 * set of inputs, declarations, caller errors (`E050`, `E070`), the rendering
 * of `text`, and the retry prompt's context line.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  CLOSING_SENTENCE,
  gate,
  type GateOptions,
  type GateResult,
  PROFILE_NAMES,
  SCHEMA_CLOSING_SENTENCE,
} from "../mod.ts";
import {
  SEED_ACCEPTED,
  SEED_GATE_FIELDS,
  SEED_REFUSAL,
  SEED_RETRY_PROMPT,
  SEED_SCHEMA_JSON,
} from "./mcp_seed.ts";
import { BIDI_CONTROLS } from "./oracle.ts";
import { reasonFor } from "../engine/reasons.ts";

const DECLARED_INSTRUCTION = SCHEMA_CLOSING_SENTENCE;

/** What a test pins of a result: any subset of its fields, plus the error code. */
type Expected = Partial<Omit<GateResult, "error">> & { code?: string | null };

function assertResult(result: GateResult, expected: Expected, name: string): void {
  const { code, ...fields } = expected;
  for (const [key, value] of Object.entries(fields)) {
    assert.deepEqual(result[key as keyof GateResult], value, `${name}: ${key}`);
  }
  if (code !== undefined) assert.equal(result.error?.code ?? null, code, `${name}: error code`);
}

Deno.test("gate: every result has exactly the twenty fields of the interjson_gate table", async (t) => {
  const calls: readonly { text: string; options: GateOptions }[] = [
    { text: '{"a":1}', options: {} },
    { text: "[1,2,]", options: {} },
    { text: '{"a":1', options: {} },
    { text: '{"a":1,"a":2}', options: { profile: "permissive" } },
    { text: "", options: {} },
    { text: '{"a":"x"}', options: { schema: "{!a:integer}" } },
  ];
  assert.equal(SEED_GATE_FIELDS.length, 20);
  for (const { text, options } of calls) {
    await t.step(`${JSON.stringify(text)} ${JSON.stringify(options)}`, () => {
      assert.deepEqual(
        Object.keys(gate(text, options)).sort(),
        [...SEED_GATE_FIELDS].sort(),
        String(text),
      );
    });
  }
});

/** One row per decision and label: the behaviour, the input, the options, what gate answers. */
const DECISIONS: readonly {
  behaviour: string;
  text: string;
  options: GateOptions;
  expected: Expected;
}[] = [
  {
    behaviour: "valid JSON as written is safe",
    text: '{"a":1}',
    options: {},
    expected: {
      decision: "safe",
      label: "SAFE TO EXECUTE",
      exactness: "exact",
      ambiguity: "none",
      ambiguous: false,
      information_loss: false,
      valid_json: true,
      normalized: false,
      executable: true,
      execution: "allowed",
      code: null,
    },
  },
  {
    behaviour: "a notation repair is cosmetic_repair and executable",
    text: "[1,2,]",
    options: {},
    expected: {
      decision: "cosmetic_repair",
      label: "SAFE TO EXECUTE (notation repaired)",
      exactness: "cosmetic",
      ambiguity: "none",
      information_loss: false,
      valid_json: false,
      normalized: true,
      executable: true,
      execution: "allowed",
      code: null,
    },
  },
  {
    behaviour: "a notation repair the profile refuses keeps its decision",
    text: "[1,2,]",
    options: { profile: "strict" },
    expected: {
      decision: "cosmetic_repair",
      label: "REJECT (notation repair refused by the profile)",
      executable: false,
      execution: "blocked",
      code: "E010",
    },
  },
  {
    behaviour: "an invented value is lossy_repair",
    text: '{"a":1',
    options: {},
    expected: {
      decision: "lossy_repair",
      label: "REJECT (a value was changed)",
      exactness: "lossy",
      ambiguity: "none",
      information_loss: true,
      valid_json: false,
      normalized: true,
      executable: false,
      execution: "blocked",
      code: "E010",
    },
  },
  {
    behaviour: "duplicate keys are ambiguous (semantic) though valid JSON",
    text: '{"a":1,"a":2}',
    options: {},
    expected: {
      decision: "ambiguous",
      label: "REJECT (more than one reading)",
      ambiguity: "semantic",
      ambiguous: true,
      valid_json: true,
      executable: false,
      code: "E011",
    },
  },
  {
    behaviour: "a mismatched bracket is ambiguous (syntactic)",
    text: "[1,2}",
    options: {},
    expected: {
      decision: "ambiguous",
      label: "REJECT (more than one reading)",
      ambiguity: "syntactic",
      ambiguous: true,
      valid_json: false,
      executable: false,
      code: "E011",
    },
  },
  {
    behaviour: "a lone surrogate is ambiguous without any repair",
    text: '{"a":"\\ud800"}',
    options: {},
    expected: {
      decision: "ambiguous",
      exactness: "exact",
      ambiguity: "semantic",
      valid_json: true,
      normalized: false,
      executable: false,
      code: "E011",
    },
  },
  {
    behaviour: "empty input is invalid (E001)",
    text: "",
    options: {},
    expected: {
      decision: "invalid",
      label: "REJECT (no usable value)",
      valid_json: false,
      normalized: false,
      executable: false,
      code: "E001",
    },
  },
  {
    behaviour: "white space only is invalid (E001)",
    text: " \n\t ",
    options: {},
    expected: { decision: "invalid", code: "E001" },
  },
  {
    behaviour: "prose without a value is invalid (E003)",
    text: "I could not find the file.",
    options: {},
    expected: {
      decision: "invalid",
      label: "REJECT (no usable value)",
      code: "E003",
    },
  },
  {
    behaviour: "nesting past max_depth is invalid (E020)",
    text: "[[[1]]]",
    options: { maxDepth: 2 },
    expected: {
      decision: "invalid",
      label: "REJECT (no usable value)",
      code: "E020",
    },
  },
  {
    behaviour: "input past max_input is invalid (E021)",
    text: '{"a":"long"}',
    options: { maxInput: 5 },
    expected: {
      decision: "invalid",
      code: "E021",
    },
  },
  {
    behaviour: "a token past max_token is invalid (E022)",
    text: '{"a":"long"}',
    options: { maxToken: 3 },
    expected: {
      decision: "invalid",
      code: "E022",
    },
  },
  {
    behaviour: "a value failing its declaration is refused with E030",
    text: '{"a":"x"}',
    options: {
      schema: "{!a:integer}",
    },
    expected: {
      decision: "safe",
      label: "REJECT (declaration not satisfied)",
      exactness: "exact",
      executable: false,
      execution: "blocked",
      code: "E030",
    },
  },
];

Deno.test("gate decision: one row per decision and label", async (t) => {
  for (const { behaviour, text, options, expected } of DECISIONS) {
    await t.step(behaviour, () => assertResult(gate(text, options), expected, behaviour));
  }
});

Deno.test("gate: seed 000's real gate call, field for field and the prompt verbatim", () => {
  const result = gate('{"query":"weather in Par', { schemaJson: SEED_SCHEMA_JSON });
  const shown = SEED_REFUSAL;
  for (const [key, value] of Object.entries(shown)) {
    // The seed shows the wire form of the error, {code, message}; the library's also carries
    // its position and rule as fields (pinned below).
    const field = key === "error"
      ? { code: result.error?.code, message: result.error?.message }
      : result[key as keyof GateResult];
    assert.deepEqual(field, value, key);
  }
  assert.deepEqual(
    [result.error?.offset, result.error?.line, result.error?.column, result.error?.rule],
    [24, 1, 25, "R010"],
  );
  // The summary's `error=` line is built from these two, so pin them separately too.
  assert.equal(result.retry?.prompt, SEED_RETRY_PROMPT);
  assert.equal(
    result.error?.message,
    "E010 StrictViolation at 1:25 (offset 24): R010 CloseString: exactness lossy exceeds max_loss cosmetic",
  );
  // Not shown by the seed, but implied: the closed string and the closed object.
  assert.deepEqual(result.repairs.map((r) => `${r.rule} ${r.name} ${r.offset}`), [
    "R010 CloseString 24",
    "R011 CloseContainer 24",
  ]);
});

Deno.test("gate: seed 000's second call (the re-emitted arguments) may execute", () => {
  const result = gate('{"query":"weather in Paris","limit":3}', { schemaJson: SEED_SCHEMA_JSON });
  const shown = SEED_ACCEPTED;
  for (const [key, value] of Object.entries(shown)) {
    assert.deepEqual(result[key as keyof GateResult], value, key);
  }
  assert.equal(result.text, '{"query":"weather in Paris","limit":3}');
});

Deno.test("gate: the same declaration in the language and in schema_json gives the same answer", () => {
  for (
    const text of [
      '{"query":"weather in Par',
      '{"query":"weather in Paris","limit":3}',
      '{"limit":3}',
      '{"query":"x","limit":"3"}',
    ]
  ) {
    assert.deepEqual(
      gate(text, { schema: "{!query:string,limit:integer}" }),
      gate(text, { schemaJson: SEED_SCHEMA_JSON }),
      text,
    );
  }
});

Deno.test("gate: the default profile is agent, so prose before the value is accepted", () => {
  const text = 'Here are the args:\n{"a":1}';
  const byDefault = gate(text);
  assertResult(byDefault, {
    decision: "cosmetic_repair",
    executable: true,
    value: { a: 1 },
    text: '{"a":1}',
    code: null,
  }, "default");
  assert.deepEqual(byDefault.repairs.map((r) => r.name), ["SkipProse"]);
  const underExecution = gate(text, { profile: "execution" });
  assertResult(underExecution, { executable: false, code: "E002" }, "execution");
  assert.equal(
    underExecution.error?.message,
    "E002 ProseOutsideValue at 1:1 (offset 0): R003 SkipProse: text outside the JSON value; skip_prose is off under profile execution",
  );
  // No options and `agent` by name are one and the same, on any input.
  for (
    const input of [text, '{"a":1', "[1,2,]", '{"a":1} thanks', "{'a': None}", "", '{"a":1,"a":2}']
  ) {
    assert.deepEqual(gate(input), gate(input, { profile: "agent" }), input);
  }
});

/**
 * Each profile on a set of inputs: the error code per profile; `null` means executable.
 */
const PROFILE_MATRIX: readonly {
  behaviour: string;
  text: string;
  codes: Readonly<Record<(typeof PROFILE_NAMES)[number], string | null>>;
}[] = [
  {
    behaviour: "valid JSON",
    text: '{"a":1}',
    codes: { permissive: null, interactive: null, execution: null, agent: null, strict: null },
  },
  {
    behaviour: "a trailing comma",
    text: "[1,2,]",
    codes: { permissive: null, interactive: null, execution: null, agent: null, strict: "E010" },
  },
  {
    behaviour: "single quotes and a Python literal",
    text: "{'a': True}",
    codes: { permissive: null, interactive: null, execution: null, agent: null, strict: "E010" },
  },
  {
    behaviour: "a code fence",
    text: '```json\n{"a":1}\n```',
    codes: { permissive: null, interactive: null, execution: null, agent: null, strict: "E010" },
  },
  {
    behaviour: "prose before the value",
    text: 'Here:\n{"a":1}',
    codes: {
      permissive: "E002",
      interactive: "E002",
      execution: "E002",
      agent: null,
      strict: "E002",
    },
  },
  {
    behaviour: "prose after the value",
    text: '{"a":1} thanks',
    codes: {
      permissive: "E002",
      interactive: "E002",
      execution: "E002",
      agent: null,
      strict: "E002",
    },
  },
  {
    behaviour: "a truncated number",
    text: '{"a":1',
    codes: {
      permissive: "E010",
      interactive: "E010",
      execution: "E010",
      agent: "E010",
      strict: "E010",
    },
  },
  {
    behaviour: "a missing value",
    text: '{"a":}',
    codes: {
      permissive: "E010",
      interactive: "E010",
      execution: "E010",
      agent: "E010",
      strict: "E010",
    },
  },
  {
    behaviour: "a duplicate key",
    text: '{"a":1,"a":2}',
    codes: {
      permissive: "E011",
      interactive: "E011",
      execution: "E011",
      agent: "E011",
      strict: "E011",
    },
  },
  {
    behaviour: "a mismatched bracket",
    text: "[1,2}",
    codes: {
      permissive: "E011",
      interactive: "E011",
      execution: "E011",
      agent: "E011",
      strict: "E011",
    },
  },
  {
    behaviour: "a lone surrogate",
    text: '["\\ud800"]',
    codes: {
      permissive: "E011",
      interactive: "E011",
      execution: "E011",
      agent: "E011",
      strict: "E011",
    },
  },
  {
    behaviour: "an unsafe integer",
    text: "[9007199254740993]",
    codes: {
      permissive: "E011",
      interactive: "E011",
      execution: "E011",
      agent: "E011",
      strict: "E011",
    },
  },
  {
    behaviour: "two documents",
    text: '{"a":1}{"b":2}',
    codes: {
      permissive: "E011",
      interactive: "E011",
      execution: "E011",
      agent: "E011",
      strict: "E011",
    },
  },
  {
    behaviour: "empty input",
    text: "",
    codes: {
      permissive: "E001",
      interactive: "E001",
      execution: "E001",
      agent: "E001",
      strict: "E001",
    },
  },
];

for (const { behaviour, text, codes } of PROFILE_MATRIX) {
  Deno.test(`gate profiles: ${behaviour}`, async (t) => {
    for (const profile of PROFILE_NAMES) {
      await t.step(`${profile}: ${codes[profile] ?? "executable"}`, () => {
        const result = gate(text, { profile });
        assert.equal(result.error?.code ?? null, codes[profile], profile);
        assert.equal(result.executable, codes[profile] === null, profile);
      });
    }
  });
}

Deno.test("gate: lossy and ambiguous results under permissive are accepted but never executable", () => {
  const lossy = gate('{"a":1', { profile: "permissive" });
  assertResult(lossy, { decision: "lossy_repair", executable: false, value: null, text: "" }, "");
  assert.equal(
    lossy.error?.message,
    "E010 StrictViolation at 1:6 (offset 5): R013 TruncatedNumber: exactness lossy is never executable",
  );
  assert.equal(lossy.retry?.code, "E010");
  assert.match(
    lossy.retry!.prompt,
    /^.*E010 R013 TruncatedNumber at line 1 column 6 \(offset 5\)\./,
  );

  const ambiguous = gate('{"a":1,"a":2}', { profile: "permissive" });
  assertResult(ambiguous, { decision: "ambiguous", executable: false, value: null, text: "" }, "");
  assert.equal(
    ambiguous.error?.message,
    "E011 AmbiguityRefused at 1:12 (offset 11): R032 DuplicateKey: ambiguity semantic is never executable",
  );
  assert.equal(
    ambiguous.retry?.prompt,
    "InterJSON refused the arguments: E011 R032 DuplicateKey at line 1 column 12 (offset 11).\n" +
      "Reason: a key appears twice in one object, and readers disagree on which value counts\n" +
      'Context: {"a":1,"a":2}\n' +
      "                    ^\n" +
      "Re-emit the arguments with each key once per object.",
  );
});

Deno.test("gate: a value failing its declaration is refused, and the prompt names what is wrong", () => {
  const result = gate('{"a":"x"}', { schema: "{!a:integer,!b:string}" });
  assertResult(result, {
    decision: "safe",
    label: "REJECT (declaration not satisfied)",
    executable: false,
    value: null,
    text: "",
    schema_total: 2,
    schema_satisfied: 0,
    schema_missing: ["/b"],
    code: "E030",
  }, "");
  assert.equal(
    result.retry?.prompt,
    "InterJSON refused the arguments: E030 DeclarationMismatch at line 1 column 6 (offset 5).\n" +
      "Reason: the arguments do not match their declaration: " +
      'required member /b is missing; /a must be an integer; got the string "x"; ' +
      "declared {!a:integer,!b:string}\n" +
      'Context: {"a":"x"}\n' +
      "              ^\n" +
      DECLARED_INSTRUCTION,
  );
});

Deno.test("gate: the E030 position is the failing member's value, after prose on an earlier line", () => {
  const result = gate('Here:\n{"a":"x"}', { schema: "{!a:integer}" });
  assert.equal(
    result.retry?.prompt,
    "InterJSON refused the arguments: E030 DeclarationMismatch at line 2 column 6 (offset 11).\n" +
      "Reason: the arguments do not match their declaration: " +
      '/a must be an integer; got the string "x"; declared {!a:integer}\n' +
      'Context: {"a":"x"}\n' +
      "              ^\n" +
      DECLARED_INSTRUCTION,
  );
});

/** Where an E030 points: the first mismatched member's value, else the object missing a member. */
const E030_POSITIONS: readonly { name: string; text: string; schema: string; at: string }[] = [
  {
    name: "a nested member",
    text: '{"a":{"b":[1,"x"]}}',
    schema: "{!a:{!b:[integer]}}",
    at: '"x"',
  },
  {
    name: "past a long first member (the context keeps the bad value)",
    text: `{"q":"${"w".repeat(200)}","limit":"3"}`,
    schema: "{!q:string,!limit:integer}",
    at: '"3"',
  },
  {
    name: "a missing member: its object",
    text: '{"a":{"c":1}}',
    schema: "{!a:{!b:integer}}",
    at: '{"c"',
  },
  {
    name: "a missing member at the root: the value",
    text: '{"c":1}',
    schema: "{!b:integer}",
    at: '{"c"',
  },
  { name: "a wrong root type", text: "  [1]", schema: "{!a:integer}", at: "[1]" },
  {
    name: "single-quoted keys (repaired)",
    text: "{'a': 1, 'b': 'x'}",
    schema: "{a:integer,b:integer}",
    at: "'x'",
  },
  {
    name: "a comment before the member",
    text: '{"a": 1, /* b */ "b": true}',
    schema: "{b:string}",
    at: "true",
  },
  { name: "an escaped key", text: '{"\\u0062": null}', schema: "{b:string}", at: "null" },
  { name: "an array index", text: "[1, 2, [3, 4, 5]]", schema: "[integer|[string]]", at: "3" },
];

Deno.test("gate: E030 points its position, caret and context at the first failing member", async (t) => {
  for (const row of E030_POSITIONS) {
    await t.step(row.name, () => {
      const result = gate(row.text, { schema: row.schema, profile: "permissive" });
      assert.equal(result.error?.code, "E030");
      assert.equal(result.error?.offset, row.text.indexOf(row.at), result.error?.message);
      const lines = result.retry!.prompt.split("\n");
      const context = lines.find((l) => l.startsWith("Context: "))!;
      const caret = lines[lines.indexOf(context) + 1].indexOf("^");
      assert.ok(context.slice(caret).startsWith(row.at.slice(0, 3)), `${context}\n${caret}`);
      assert.equal(lines.at(-1), SCHEMA_CLOSING_SENTENCE);
    });
  }
});

/** One row per declared behaviour: the expected schema fields and code. */
const DECLARED: readonly {
  behaviour: string;
  text: string;
  options: GateOptions;
  expected: Expected;
}[] = [
  {
    behaviour: "a wrong root type",
    text: "[1,2]",
    options: { schema: "{!a:integer}" },
    expected: {
      schema_total: 1,
      schema_satisfied: 0,
      schema_missing: [],
      executable: false,
      code: "E030",
    },
  },
  {
    behaviour: "an optional member may be absent",
    text: '{"query":"x"}',
    options: { schemaJson: SEED_SCHEMA_JSON },
    expected: {
      schema_total: 2,
      schema_satisfied: 2,
      schema_missing: [],
      executable: true,
      code: null,
    },
  },
  {
    behaviour: "a missing required member",
    text: '{"limit":3}',
    options: { schemaJson: SEED_SCHEMA_JSON },
    expected: {
      schema_total: 2,
      schema_satisfied: 1,
      schema_missing: ["/query"],
      executable: false,
      code: "E030",
    },
  },
  {
    behaviour: "a cosmetic repair that satisfies its declaration executes",
    text: 'Here are the args:\n{"path": "/tmp/x", "force": False}',
    options: {
      schema: "{!path:string,force:boolean}",
    },
    expected: {
      decision: "cosmetic_repair",
      schema_total: 2,
      schema_satisfied: 2,
      executable: true,
      value: { path: "/tmp/x", force: false },
      code: null,
    },
  },
  {
    behaviour: "no value: every required member is missing",
    text: "",
    options: { schema: "{!a:integer,b:string}" },
    expected: {
      schema_total: 2,
      schema_satisfied: 0,
      schema_missing: ["/a"],
      code: "E001",
    },
  },
  {
    behaviour: "missing pointers are escaped (RFC 6901)",
    text: "",
    options: {
      schemaJson: {
        type: "object",
        properties: { "a/b": { type: "integer" }, "c~d": {} },
        required: ["a/b", "c~d"],
      },
    },
    expected: { schema_total: 2, schema_missing: ["/a~1b", "/c~0d"], code: "E001" },
  },
  {
    behaviour: "a scalar declaration counts as one",
    text: '"x"',
    options: { schema: "string" },
    expected: {
      schema_total: 1,
      schema_satisfied: 1,
      executable: true,
      text: '"x"',
    },
  },
  {
    behaviour: "a lossy repair is refused before its declaration is checked",
    text: '{"a":"x',
    options: {
      schema: "{!a:integer}",
    },
    expected: { schema_total: 1, schema_satisfied: 0, code: "E010" },
  },
];

Deno.test("gate declaration: the schema fields and code of each declared case", async (t) => {
  for (const { behaviour, text, options, expected } of DECLARED) {
    await t.step(behaviour, () => assertResult(gate(text, options), expected, behaviour));
  }
});

// Caller errors (an unknown profile, an option out of range, a bad declaration) are thrown as
// CallerError, never answered with a retry prompt: tests/caller_errors_test.ts.

/** One row per rendering of `text` by an executable gate result. */
const RENDERINGS: readonly {
  behaviour: string;
  text: string;
  options: GateOptions;
  rendered: string;
}[] = [
  {
    behaviour: "exact input renders as the value's own span, spacing and notation kept",
    text: '  {"a" : 1.50 , "b":[ 1e2 ], "c":"\\u00e9"}\n',
    options: {},
    rendered: '{"a" : 1.50 , "b":[ 1e2 ], "c":"\\u00e9"}',
  },
  {
    behaviour: "an exact scalar renders as its span",
    text: " 1.0E+2 ",
    options: {},
    rendered: "1.0E+2",
  },
  {
    behaviour: "a repaired value renders as JSON.stringify",
    text: "{'a': 1.50, b: [1e2,],}",
    options: {},
    rendered: '{"a":1.5,"b":[100]}',
  },
  {
    behaviour: "skipped prose is not part of the rendering",
    text: 'Here:\n{"a" : 1}',
    options: {},
    rendered: '{"a":1}',
  },
  {
    behaviour: "a stripped fence is not part of the rendering",
    text: '```json\n{"a" : 1}\n```',
    options: {},
    rendered: '{"a":1}',
  },
];

Deno.test("gate text: an executable result renders the value as text", async (t) => {
  for (const { behaviour, text, options, rendered } of RENDERINGS) {
    await t.step(behaviour, () => {
      const result = gate(text, options);
      assert.equal(result.executable, true);
      assert.equal(result.text, rendered);
      assert.deepEqual(JSON.parse(result.text), result.value);
    });
  }
});

Deno.test("gate: more than 256 repairs are counted, not listed", () => {
  const text = "{" + Array.from({ length: 300 }, (_, k) => `k${k}:1`).join(",") + "}";
  const result = gate(text);
  assert.equal(result.executable, true);
  assert.equal(result.repairs.length, 256);
  assert.equal(result.repairs_truncated, true);
  assert.equal(Object.keys(result.value as object).length, 300);
  assert.equal(gate("{a:1}").repairs_truncated, false);
});

Deno.test("gate syntax_ready_permille: the fraction of the input at which the syntax was final", () => {
  assert.equal(gate('{"a":1}').syntax_ready_permille, 1000);
  assert.equal(gate('{"a":1}   ').syntax_ready_permille, 700); // 7 of 10
  assert.equal(gate('{"a":1', { profile: "permissive" }).syntax_ready_permille, 1000);
});

// ------------------------------------------------------------ the retry prompt

/** The caret's column in the prompt, counted inside the context line. */
function caretUnder(prompt: string): string {
  const lines = prompt.split("\n");
  const k = lines.findIndex((line) => line.startsWith("Context: "));
  assert.ok(k >= 0, "a context line");
  const caret = lines[k + 1].indexOf("^");
  assert.equal(lines[k + 1].trimEnd(), " ".repeat(caret) + "^");
  return lines[k][caret];
}

Deno.test("retry prompt: a 10,000-character line is cut around the column", () => {
  const line = `{"a":"${"x".repeat(5000)}" "b":"${"y".repeat(4985)}"}`;
  assert.equal(line.length, 10_000);
  const result = gate(line, { profile: "strict" });
  assert.equal(
    result.retry?.prompt,
    "InterJSON refused the arguments: E011 R041 AmbiguousSplit at line 1 column 5009 (offset 5008).\n" +
      "Reason: two tokens stand side by side without a comma, and they could also be one value\n" +
      `Context: …${"x".repeat(58)}" "b":"${"y".repeat(35)}…\n` +
      " ".repeat("Context: ".length + 61) + "^\n" +
      "Re-emit the arguments as valid JSON: put a comma between elements, or quote the value as one string.",
  );
  assert.equal(caretUnder(result.retry!.prompt), '"');
});

Deno.test("retry prompt: a long line is cut only on the side that is long", () => {
  const head = `["a", 1,]${" ".repeat(200)}`;
  const early = gate(head, { profile: "strict" }).retry!.prompt;
  assert.ok(early.includes(`Context: ["a", 1,]${" ".repeat(38)}…\n`), early);
  assert.equal(caretUnder(early), ",");

  const tail = `[${" ".repeat(200)}1,]`;
  const late = gate(tail, { profile: "strict" }).retry!.prompt;
  assert.ok(late.includes(`Context: …${" ".repeat(59)}1,]\n`), late);
  assert.equal(caretUnder(late), ",");
});

Deno.test("retry prompt: control characters show as spaces so the caret stays aligned", () => {
  const text = '["a\u0001b\tc", 1';
  const prompt = gate(text, { profile: "execution" }).retry!.prompt;
  assert.equal(
    prompt,
    "InterJSON refused the arguments: E010 R013 TruncatedNumber at line 1 column 11 (offset 10).\n" +
      "Reason: the text ends with a number that may be missing digits, so the arguments look " +
      "cut off\n" +
      'Context: ["a b c", 1\n' +
      " ".repeat("Context: ".length + 10) + "^\n" +
      "Re-emit the complete arguments: the whole JSON value, with nothing cut off.",
  );
  const tab = gate('{"a":"\tb"}', { profile: "strict" }).retry!.prompt;
  assert.ok(tab.includes('Context: {"a":" b"}\n'), tab);
  assert.equal(caretUnder(tab), " ");
});

/** The name and character of each code point. */
function codePoints(points: readonly number[]): { name: string; char: string }[] {
  return points.map((c) => ({
    name: `U+${c.toString(16).toUpperCase().padStart(4, "0")}`,
    char: String.fromCharCode(c),
  }));
}

/**
 * Every C0 control but the line feed (which ends the line), DEL, every C1 control, and every bidi
 * control: each is shown as one space, never as itself, so the prompt carries no raw control, the
 * caret stays under the column, and the line is not reordered where it is shown.
 */
const CONTEXT_CONTROLS: readonly { name: string; char: string }[] = codePoints([
  ...Array.from({ length: 0x20 }, (_, c) => c).filter((c) => c !== 0x0a),
  ...Array.from({ length: 0x21 }, (_, c) => 0x7f + c),
  ...BIDI_CONTROLS,
]);

Deno.test("retry prompt: each C0, DEL, C1 and bidi control in the context line shows as one space", async (t) => {
  for (const { name, char } of CONTEXT_CONTROLS) {
    await t.step(name, () => {
      // Ambiguity allowed, so that the refusal is the cut number, not the bidi control itself.
      const options = { profile: "execution", allowAmbiguity: true } as const;
      const prompt = gate(`["a${char}b", 1`, options).retry!.prompt;
      const context = prompt.split("\n").find((line) => line.startsWith("Context: "));
      assert.equal(context, 'Context: ["a b", 1', JSON.stringify(prompt));
      assert.equal(caretUnder(prompt), "1");
      assert.ok(!prompt.includes(char), "the raw control is not in the prompt");
    });
  }
});

Deno.test("retry prompt: multi-line input shows the line the error is on", () => {
  const text = '{\n  "a": 1,\n  "b": [1,2,\n}\n';
  const prompt = gate(text, { profile: "strict" }).retry!.prompt;
  assert.equal(
    prompt,
    "InterJSON refused the arguments: E010 R005 TrailingComma at line 3 column 12 (offset 23).\n" +
      "Reason: a comma stands before a closing bracket, which JSON does not allow\n" +
      'Context:   "b": [1,2,\n' +
      " ".repeat("Context: ".length + 11) + "^\n" +
      "Re-emit the arguments as valid JSON, without the trailing comma.",
  );
  const crlf = gate('{\r\n  "a": 1,\r\n  "b": [1,2,]\r\n}', { profile: "strict" }).retry!.prompt;
  assert.ok(crlf.includes('Context:   "b": [1,2,]\n'), crlf);
  assert.equal(caretUnder(crlf), ",");
});

Deno.test("retry prompt: every refusal ends in the instruction of its rule, or else of its error", () => {
  for (const text of ["", "hi", '{"a":1', "[1,2}", '{"a":"\\ud800"}', "[1,]"]) {
    for (const profile of PROFILE_NAMES) {
      const result = gate(text, { profile });
      if (result.executable) continue;
      const code = result.error!.rule ?? result.error!.code;
      const last = result.retry!.prompt.split("\n").at(-1);
      assert.equal(last, reasonFor(code)!.instruction, `${text} ${profile}`);
      assert.equal(result.retry!.code, result.error!.code);
    }
  }
  assert.equal(CLOSING_SENTENCE, "Re-emit the arguments as valid JSON with exactly one reading.");
});
