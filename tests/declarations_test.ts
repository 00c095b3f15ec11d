/**
 * The declaration language and the checker: every form matches and refuses
 * what its row says, the extensions (closed objects, optional null, array
 * bounds), parse errors thrown as CallerError E070, rendering round trips,
 * retry wording, and the bounds: a 4096-deep declaration and value, and a
 * 24-million-item mismatch kept to a bounded report.
 *
 * @module
 */

import assert from "node:assert/strict";
import { checkForm, matchesForm } from "../engine/declarations/check.ts";
import { renderForm } from "../engine/declarations/describe.ts";
import { MAX_DECLARATION_DEPTH } from "../engine/declarations/form.ts";
import { parseLanguage } from "../engine/declarations/language.ts";
import { checkDeclaration, describeVerdictProblems } from "../engine/declarations/verdict.ts";
import { CallerError } from "../engine/errors.ts";
import { gate } from "../engine/gate.ts";

interface FormRow {
  declaration: string;
  rendered: string;
  matches: unknown[];
  refuses: unknown[];
}

const FORMS: readonly FormRow[] = [
  { declaration: "any", rendered: "any", matches: [1, null, {}], refuses: [] },
  { declaration: "null", rendered: "null", matches: [null], refuses: [0, ""] },
  { declaration: "boolean", rendered: "boolean", matches: [false], refuses: ["true"] },
  { declaration: "string", rendered: "string", matches: ["hi"], refuses: [1] },
  { declaration: "number", rendered: "number", matches: [3.5, 3], refuses: ["3.5"] },
  { declaration: "integer", rendered: "integer", matches: [3, 9007199254740993], refuses: [3.5] },
  { declaration: "object", rendered: "object", matches: [{ a: 1 }], refuses: [[], null] },
  { declaration: "array", rendered: "array", matches: [[1, "a"]], refuses: [{}] },
  { declaration: '"asc"', rendered: '"asc"', matches: ["asc"], refuses: ["ASC"] },
  { declaration: "1", rendered: "1", matches: [1, 1.0], refuses: ["1"] },
  { declaration: "true", rendered: "true", matches: [true], refuses: [false] },
  {
    declaration: '"asc"|"desc"',
    rendered: '"asc"|"desc"',
    matches: ["desc"],
    refuses: ["up"],
  },
  {
    declaration: "{!query:string,limit:integer}",
    rendered: "{!query:string,limit:integer}",
    matches: [{ query: "q" }, { query: "q", extra: 1 }],
    refuses: [{ limit: 1 }, { query: "q", limit: 1.5 }],
  },
  {
    declaration: 'closed{!path:string,"dry run":boolean}',
    rendered: 'closed{!path:string,"dry run":boolean}',
    matches: [{ path: "/tmp" }, { path: "/tmp", "dry run": true }],
    refuses: [{ path: "/tmp", force: true }],
  },
  {
    declaration: "{limit:integer?}",
    rendered: "{limit:integer|null}",
    matches: [{}, { limit: null }, { limit: 2 }],
    refuses: [{ limit: "2" }],
  },
  {
    declaration: "[string](minItems=1,maxItems=2)",
    rendered: "[string](minItems=1,maxItems=2)",
    matches: [["a"], ["a", "b"]],
    refuses: [[], ["a", "b", "c"], [1]],
  },
  {
    declaration: "array(maxItems=1)",
    rendered: "array(maxItems=1)",
    matches: [[], [{}]],
    refuses: [[1, 2]],
  },
  {
    declaration: 'string(minLength=1,maxLength=3,pattern="^[a-z]+$")',
    rendered: 'string(minLength=1,maxLength=3,pattern="^[a-z]+$")',
    matches: ["abc", "az"],
    refuses: ["", "abcd", "aB"],
  },
  {
    declaration: "number(minimum=0,exclusiveMaximum=1,multipleOf=0.25)",
    rendered: "number(minimum=0,exclusiveMaximum=1,multipleOf=0.25)",
    matches: [0, 0.75],
    refuses: [1, -0.25, 0.3],
  },
];

Deno.test("every declaration form matches and refuses what its row says", async (t) => {
  for (const row of FORMS) {
    await t.step(row.declaration, () => {
      const form = parseLanguage(row.declaration);
      assert.equal(renderForm(form), row.rendered);
      for (const v of row.matches) assert.equal(matchesForm(form, v), true, JSON.stringify(v));
      for (const v of row.refuses) assert.equal(matchesForm(form, v), false, JSON.stringify(v));
      // The rendering parses to a declaration with the same verdicts.
      const again = parseLanguage(renderForm(form));
      for (const v of [...row.matches, ...row.refuses]) {
        assert.equal(matchesForm(again, v), matchesForm(form, v));
      }
    });
  }
});

const ERRORS: readonly { declaration: string; message: string }[] = [
  {
    declaration: "",
    message: "E070 SchemaError at 1:1 (offset 0): expected a type, found end of declaration",
  },
  {
    declaration: "{!query:}",
    message: "E070 SchemaError at 1:9 (offset 8): expected a type after ':', found '}'",
  },
  {
    declaration: "[string,integer]",
    message: "E070 SchemaError at 1:8 (offset 7): expected ']' after the item type, found ','",
  },
  {
    declaration: "{a:string,a:integer}",
    message: 'E070 SchemaError at 1:11 (offset 10): duplicate member "a"',
  },
  {
    declaration: "string[]",
    message: "E070 SchemaError at 1:7 (offset 6): unexpected '[' after the declaration",
  },
  {
    declaration: "boolean(minimum=1)",
    message: "E070 SchemaError at 1:8 (offset 7): type boolean takes no constraints",
  },
  {
    declaration: "[string](minLength=1)",
    message:
      'E070 SchemaError at 1:10 (offset 9): unknown constraint "minLength" for array; expected minItems, maxItems',
  },
  {
    declaration: 'string(pattern="(a)\\\\1")',
    message:
      "E070 SchemaError at 1:16 (offset 15): invalid pattern: back-references (\\1, \\k<name>) are not supported",
  },
];

Deno.test("every parse error throws CallerError E070 with its position", async (t) => {
  for (const row of ERRORS) {
    await t.step(JSON.stringify(row.declaration), () => {
      assert.throws(
        () => parseLanguage(row.declaration),
        (e) => e instanceof CallerError && e.code === "E070" && e.message === row.message,
      );
    });
  }
});

Deno.test("a 4096-deep declaration parses and checks a 4096-deep value; 4097 is refused", () => {
  const depth = MAX_DECLARATION_DEPTH;
  const form = parseLanguage("[".repeat(depth) + "integer" + "]".repeat(depth));
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  assert.equal(checkForm(form, value).ok, true);
  let bad: unknown = "x";
  for (let i = 0; i < depth; i++) bad = [bad];
  const result = checkForm(form, bad);
  assert.equal(result.issues[0].pointer, "/0".repeat(depth));
  assert.throws(
    () => parseLanguage("[".repeat(depth + 1) + "integer" + "]".repeat(depth + 1)),
    /declaration nested deeper than 4096 levels/,
  );
  // A recursive-free declaration against a far deeper value: no stack overflow.
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = { a: deep };
  assert.equal(matchesForm(parseLanguage("{a:any}"), deep), true);
});

Deno.test("a mismatch on millions of items keeps a bounded report and counts the rest", () => {
  const form = parseLanguage("[string]");
  const items = new Array(2_000_000).fill(1);
  const verdict = checkDeclaration(form, items);
  assert.equal(verdict.mismatched.length, 100);
  assert.equal(verdict.omitted, 2_000_000 - 100);
  assert.match(describeVerdictProblems(verdict), /^\/0 must be a string; got 1; .* 1999990 more$/);
});

Deno.test("gate: a 24-million-item array against [string] is refused without running out of memory", () => {
  const text = "[" + "1,".repeat(24e6) + "1]";
  const result = gate(text, { schema: "[string]", maxInput: 67108864 });
  assert.equal(result.executable, false);
  assert.equal(result.error?.code, "E030");
  assert.match(result.error!.message, /\/0 must be a string; got 1; .*23999991 more;/);
});

const WORDING: readonly { declaration: string; value: unknown; prompt: string }[] = [
  {
    declaration: "{!limit:integer(maximum=50)}",
    value: { limit: "3" },
    prompt: '/limit must be an integer at most 50; got the string "3"',
  },
  {
    declaration: "{!limit:integer(maximum=50)}",
    value: { limit: 70 },
    prompt: "/limit must be an integer at most 50; got 70",
  },
  {
    declaration: '{!mode:"fast"|"safe"}',
    value: { mode: "slow" },
    prompt: '/mode must be exactly "fast" or exactly "safe"; got the string "slow"',
  },
  {
    declaration: "closed{!a:integer}",
    value: { a: 1, b: 2 },
    prompt: '/b must be absent (the object admits only "a"); got 2',
  },
  {
    declaration: "{!q:string(maxLength=3)}",
    value: { q: "abcdef" },
    prompt: "/q must be a string of at most 3 characters; got a string of 6 characters",
  },
  {
    declaration: "{!query:string}",
    value: {},
    prompt: "required member /query is missing",
  },
];

Deno.test("retry wording names each failing member with pointer and constraint", async (t) => {
  for (const row of WORDING) {
    await t.step(row.prompt, () => {
      const verdict = checkDeclaration(parseLanguage(row.declaration), row.value);
      assert.equal(describeVerdictProblems(verdict), row.prompt);
    });
  }
});

Deno.test("verdict: total, satisfied, missing and mismatched for an object declaration", () => {
  const form = parseLanguage("{!query:string,!limit:integer,sort:string}");
  assert.deepEqual(checkDeclaration(form, { query: 3, sort: "x" }), {
    total: 3,
    satisfied: 1,
    missing: ["/limit"],
    mismatched: [{ pointer: "/query", expected: "a string", found: "3" }],
    ok: false,
  });
  assert.deepEqual(checkDeclaration(form, []), {
    total: 3,
    satisfied: 0,
    missing: [],
    mismatched: [{ pointer: "", expected: "an object", found: "an array of 0 items" }],
    ok: false,
  });
});
