/**
 * `engine/declarations/verdict.ts` as a specification: which declarations
 * count members (the root object, through plain `$ref`s), the members they
 * declare, how a verdict counts `total` and `satisfied` for values that
 * match, fail, or are not objects at all, and how the problems read in words
 * (a limit, then how many more).
 *
 * @module
 */

import assert from "node:assert/strict";
import type { Form } from "../engine/declarations/form.ts";
import { compileJsonSchema } from "../engine/declarations/jsonschema.ts";
import { parseLanguage } from "../engine/declarations/language.ts";
import {
  checkDeclaration,
  checkedKeyCount,
  declaredMembers,
  declaresObject,
  describeVerdictProblems,
  memberPointer,
  passingCheck,
  type Verdict,
} from "../engine/declarations/verdict.ts";

/** A chain of `count` `$ref`s from the root to an object declaring member `a`. */
function refChain(count: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 1; i < count; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  defs[`d${count}`] = { type: "object", properties: { a: { type: "string" } } };
  return { $ref: "#/$defs/d1", $defs: defs };
}

interface ShapeCase {
  name: string;
  form: Form;
  /** Whether the verdict counts members. */
  object: boolean;
  /** The members, `!` marking the required ones. */
  members: string[];
}

const SHAPES: readonly ShapeCase[] = [
  {
    name: "a language object",
    form: parseLanguage("{!q:string,n:integer}"),
    object: true,
    members: ["!q", "n"],
  },
  { name: "a language string", form: parseLanguage("string"), object: false, members: [] },
  {
    name: "a language union with an object",
    form: parseLanguage("string|{a:any}"),
    object: false,
    members: [],
  },
  {
    name: "type object without properties",
    form: compileJsonSchema({ type: "object" }),
    object: true,
    members: [],
  },
  {
    name: "properties without a type",
    form: compileJsonSchema({ properties: { a: {} } }),
    object: true,
    members: ["a"],
  },
  {
    name: "type object or null",
    form: compileJsonSchema({ type: ["object", "null"] }),
    object: false,
    members: [],
  },
  {
    name: "required names that are not properties come last",
    form: compileJsonSchema({ properties: { a: {}, b: {} }, required: ["z", "b"] }),
    object: true,
    members: ["a", "!b", "!z"],
  },
  {
    name: "through one $ref",
    form: compileJsonSchema(refChain(1)),
    object: true,
    members: ["a"],
  },
  {
    name: "through a chain of 64 $refs",
    form: compileJsonSchema(refChain(64)),
    object: true,
    members: ["a"],
  },
  {
    name: "not past 64 $refs",
    form: compileJsonSchema(refChain(65)),
    object: false,
    members: [],
  },
  {
    name: "a root with properties beside a $ref declares its own",
    form: compileJsonSchema({
      properties: { mine: {} },
      $ref: "#/$defs/other",
      $defs: { other: { properties: { theirs: {} } } },
    }),
    object: true,
    members: ["mine"],
  },
];

Deno.test("which declarations count members, and which members", async (t) => {
  for (const row of SHAPES) {
    await t.step(row.name, () => {
      assert.equal(declaresObject(row.form), row.object);
      const members = declaredMembers(row.form);
      assert.deepEqual(members.map((m) => (m.required ? "!" : "") + m.name), row.members);
      assert.equal(declaredMembers(row.form), members, "computed once per form");
    });
  }
});

interface VerdictCase {
  name: string;
  declaration: string;
  value: unknown;
  verdict: Verdict;
}

const MEMBERS = "{!q:string,n:integer,!k:any}";

const VERDICTS: readonly VerdictCase[] = [
  {
    name: "an object that matches counts every member",
    declaration: MEMBERS,
    value: { q: "x", k: 1 },
    verdict: { total: 3, satisfied: 3, missing: [], mismatched: [], ok: true },
  },
  {
    name: "a value that is not an object declaration counts one",
    declaration: "string",
    value: "x",
    verdict: { total: 1, satisfied: 1, missing: [], mismatched: [], ok: true },
  },
  {
    name: "a failing value that is not an object declaration counts none of one",
    declaration: "string",
    value: 1,
    verdict: {
      total: 1,
      satisfied: 0,
      missing: [],
      mismatched: [{ pointer: "", expected: "a string", found: "1" }],
      ok: false,
    },
  },
  {
    name: "an absent optional member is met, an absent required one is not",
    declaration: MEMBERS,
    value: { q: "x" },
    verdict: { total: 3, satisfied: 2, missing: ["/k"], mismatched: [], ok: false },
  },
  {
    name: "a present member counts when it matches",
    declaration: MEMBERS,
    value: { q: 1, n: 2 },
    verdict: {
      total: 3,
      satisfied: 1,
      missing: ["/k"],
      mismatched: [{ pointer: "/q", expected: "a string", found: "1" }],
      ok: false,
    },
  },
  {
    name: "an array counts no member, not even the optional ones",
    declaration: MEMBERS,
    value: [],
    verdict: {
      total: 3,
      satisfied: 0,
      missing: [],
      mismatched: [{ pointer: "", expected: "an object", found: "an array of 0 items" }],
      ok: false,
    },
  },
  {
    name: "a string counts no member",
    declaration: MEMBERS,
    value: "q",
    verdict: {
      total: 3,
      satisfied: 0,
      missing: [],
      mismatched: [{ pointer: "", expected: "an object", found: 'the string "q"' }],
      ok: false,
    },
  },
  {
    name: "null counts no member",
    declaration: MEMBERS,
    value: null,
    verdict: {
      total: 3,
      satisfied: 0,
      missing: [],
      mismatched: [{ pointer: "", expected: "an object", found: "null" }],
      ok: false,
    },
  },
];

Deno.test("a verdict counts total and satisfied members", async (t) => {
  for (const row of VERDICTS) {
    await t.step(row.name, () => {
      assert.deepEqual(checkDeclaration(parseLanguage(row.declaration), row.value), row.verdict);
    });
  }
});

Deno.test("passingCheck is the verdict's total when the compiled check passes, else -1", async (t) => {
  for (const row of VERDICTS) {
    await t.step(row.name, () => {
      const form = parseLanguage(row.declaration);
      const expected = row.verdict.ok ? row.verdict.total : -1;
      assert.equal(passingCheck(form)(row.value), expected);
    });
  }
  await t.step(
    "a form collecting annotations is never compiled: -1 though the value passes",
    () => {
      const form = compileJsonSchema({
        type: "object",
        properties: { a: { type: "string" } },
        unevaluatedProperties: false,
      });
      assert.equal(checkDeclaration(form, { a: "x" }).ok, true);
      assert.equal(passingCheck(form)({ a: "x" }), -1);
    },
  );
});

interface SchemaVerdictCase {
  name: string;
  schema: Record<string, unknown>;
  value: unknown;
  total: number;
  satisfied: number;
}

const SCHEMA_VERDICTS: readonly SchemaVerdictCase[] = [
  {
    // b is checked against nothing of its own (not against the root object).
    name: "a required member with no declaration of its own is met when present",
    schema: {
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a", "b"],
      maxProperties: 1,
    },
    value: { a: "x", b: 1 },
    total: 2,
    satisfied: 2,
  },
  {
    name: "an object declaring only required names: each present one is met",
    schema: { type: "object", required: ["a", "b"], maxProperties: 0 },
    value: { a: 1 },
    total: 2,
    satisfied: 1,
  },
];

Deno.test("members declared only by required, in a failing verdict", async (t) => {
  for (const row of SCHEMA_VERDICTS) {
    await t.step(row.name, () => {
      const verdict = checkDeclaration(compileJsonSchema(row.schema), row.value);
      assert.equal(verdict.ok, false);
      assert.deepEqual([verdict.total, verdict.satisfied], [row.total, row.satisfied]);
    });
  }
});

interface ProblemsCase {
  name: string;
  verdict: Verdict;
  limit?: number;
  words: string;
}

const mismatch = (pointer: string) => ({ pointer, expected: "a string", found: "1" });
const failed = (missing: string[], mismatched: Verdict["mismatched"], omitted?: number) => {
  const v: Verdict = { total: 1, satisfied: 0, missing, mismatched, ok: false };
  if (omitted !== undefined) v.omitted = omitted;
  return v;
};

const PROBLEMS: readonly ProblemsCase[] = [
  {
    name: "the root reads as the value",
    verdict: failed([], [mismatch("")]),
    words: "the value must be a string; got 1",
  },
  {
    name: "missing members first, then mismatches",
    verdict: failed(["/a"], [mismatch("/b")]),
    words: "required member /a is missing; /b must be a string; got 1",
  },
  {
    name: "at most the limit of missing members, then how many more",
    verdict: failed(["/a", "/b", "/c"], [mismatch("/d")]),
    limit: 2,
    words: "required member /a is missing; required member /b is missing; 2 more",
  },
  {
    name: "the limit reached exactly by missing members",
    verdict: failed(["/a", "/b"], []),
    limit: 2,
    words: "required member /a is missing; required member /b is missing",
  },
  {
    name: "the omitted problems count among the more",
    verdict: failed([], [mismatch("/a")], 5),
    words: "/a must be a string; got 1; 5 more",
  },
];

Deno.test("the problems of a verdict in words", async (t) => {
  for (const row of PROBLEMS) {
    await t.step(row.name, () => {
      assert.equal(describeVerdictProblems(row.verdict, row.limit), row.words);
    });
  }
});

Deno.test("a member's pointer escapes ~ and /", async (t) => {
  const rows = [
    { name: "plain", member: "query", pointer: "/query" },
    { name: "slash and tilde", member: "a/b~c", pointer: "/a~1b~0c" },
    { name: "empty name", member: "", pointer: "/" },
  ];
  for (const row of rows) {
    await t.step(row.name, () => assert.equal(memberPointer(row.member), row.pointer));
  }
});

Deno.test("passingCheck: the key count of each call is its own (reset to -1, then the object's keys)", () => {
  const passing = passingCheck(parseLanguage("{!q:string,n:integer}"));
  assert.equal(passing({ q: "x", n: 1 }), 2);
  assert.equal(checkedKeyCount(), 2);
  // A value that reads no object: the count of the call before does not stand.
  assert.equal(passing("x"), -1);
  assert.equal(checkedKeyCount(), -1);
  assert.equal(passing({ q: "x", n: 1, m: 2 }), 2);
  assert.equal(checkedKeyCount(), 3);
});
