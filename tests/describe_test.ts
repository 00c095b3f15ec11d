/**
 * `engine/declarations/describe.ts` as a specification: the exact words the
 * describer gives the model for what a place requires (`expected`) and what
 * it found there (`found`) where keywords meet (several types, no type,
 * unions, the closest branch); how values are shown (quoted, cut at 40
 * characters, lists cut at 10); and how a declaration renders back in the
 * language (`renderForm`, the end of every `E030` message). Each keyword's
 * own words are in its table in `tests/keywords/`. Fast and
 * deterministic, so `deno task mutate engine/declarations/describe.ts` runs it
 * first.
 *
 * @module
 */

import assert from "node:assert/strict";
import { checkForm } from "../engine/declarations/check.ts";
import {
  describeIssue,
  describeNode,
  describeValue,
  renderForm,
} from "../engine/declarations/describe.ts";
import type { Form } from "../engine/declarations/form.ts";
import { compileJsonSchema } from "../engine/declarations/jsonschema.ts";
import { parseLanguage } from "../engine/declarations/language.ts";
import { gate } from "../mod.ts";

/** A declaration in the language (a string) or a JSON Schema (anything else), formats asserted. */
function formOf(declaration: unknown): Form {
  return typeof declaration === "string"
    ? parseLanguage(declaration)
    : compileJsonSchema(declaration, { assertFormat: true });
}

/** Every issue of `value` against `declaration`, in words. */
function issuesInWords(
  declaration: unknown,
  value: unknown,
): { keyword: string; pointer: string; expected: string; found: string }[] {
  const form = formOf(declaration);
  return checkForm(form, value).issues.map((issue) => ({
    keyword: issue.keyword,
    ...describeIssue(form, issue),
  }));
}

/** `n` times the letter `x`. */
const xs = (n: number) => "x".repeat(n);

interface WordsCase {
  name: string;
  declaration: unknown;
  value: unknown;
  /** The keyword the checker reports (the one issue). */
  keyword: string;
  /** Defaults to the root, `""`. */
  pointer?: string;
  expected: string;
  found: string;
}

/** Table rows whose value fails exactly one keyword: the words of that one issue. */
async function checkRows(t: Deno.TestContext, rows: readonly WordsCase[]): Promise<void> {
  for (const row of rows) {
    await t.step(row.name, () => {
      assert.deepEqual(issuesInWords(row.declaration, row.value), [{
        keyword: row.keyword,
        pointer: row.pointer ?? "",
        expected: row.expected,
        found: row.found,
      }]);
    });
  }
}

const NOTHING: readonly WordsCase[] = [
  {
    name: "the schema false admits nothing",
    declaration: { properties: { a: false } },
    value: { a: 1 },
    keyword: "false",
    pointer: "/a",
    expected: "absent (nothing is allowed here)",
    found: "1",
  },
];

Deno.test("the schema false: nothing is allowed there", async (t) => {
  await checkRows(t, NOTHING);
});

const MIXED: readonly WordsCase[] = [
  {
    name: "two types, constraints on both: each followed by its type",
    declaration: { type: ["string", "number"], minimum: 1, maxLength: 3 },
    value: "abcd",
    keyword: "maxLength",
    expected:
      "a string or a number, at least 1 (if a number), of at most 3 characters (if a string)",
    found: "a string of 4 characters",
  },
  {
    name: "two types, constraints on one: read after the types",
    declaration: { type: ["null", "integer"], maximum: 5, minimum: 0 },
    value: 6,
    keyword: "maximum",
    expected: "null or an integer at least 0, at most 5",
    found: "6",
  },
];

Deno.test("typed constraints on several types name the type each applies to", async (t) => {
  await checkRows(t, MIXED);
});

const UNTYPED: readonly WordsCase[] = [
  {
    name: "minimum alone: a number",
    declaration: { minimum: 1 },
    value: 0,
    keyword: "minimum",
    expected: "a number at least 1",
    found: "0",
  },
  {
    name: "maximum alone: a number",
    declaration: { maximum: 1 },
    value: 2,
    keyword: "maximum",
    expected: "a number at most 1",
    found: "2",
  },
  {
    name: "exclusiveMinimum alone: a number",
    declaration: { exclusiveMinimum: 1 },
    value: 1,
    keyword: "exclusiveMinimum",
    expected: "a number greater than 1",
    found: "1",
  },
  {
    name: "exclusiveMaximum alone: a number",
    declaration: { exclusiveMaximum: 1 },
    value: 1,
    keyword: "exclusiveMaximum",
    expected: "a number less than 1",
    found: "1",
  },
  {
    name: "multipleOf alone: a number",
    declaration: { multipleOf: 3 },
    value: 1,
    keyword: "multipleOf",
    expected: "a number divisible by 3",
    found: "1",
  },
  {
    name: "minLength alone: a string",
    declaration: { minLength: 2 },
    value: "a",
    keyword: "minLength",
    expected: "a string of at least 2 characters",
    found: "a string of 1 character",
  },
  {
    name: "maxLength alone: a string",
    declaration: { maxLength: 1 },
    value: "ab",
    keyword: "maxLength",
    expected: "a string of at most 1 character",
    found: "a string of 2 characters",
  },
  {
    name: "pattern alone: a string",
    declaration: { pattern: "^a" },
    value: "b",
    keyword: "pattern",
    expected: 'a string matching "^a"',
    found: 'the string "b"',
  },
  {
    name: "format alone: a string",
    declaration: { format: "ipv4" },
    value: "1.2.3",
    keyword: "format",
    expected: "a string in format ipv4",
    found: 'the string "1.2.3"',
  },
  {
    name: "minItems alone: an array",
    declaration: { minItems: 1 },
    value: [],
    keyword: "minItems",
    expected: "an array with at least 1 item",
    found: "an array of 0 items",
  },
  {
    name: "maxItems alone: an array",
    declaration: { maxItems: 0 },
    value: [1],
    keyword: "maxItems",
    expected: "an array with at most 0 items",
    found: "an array of 1 item",
  },
  {
    name: "minProperties alone: an object",
    declaration: { minProperties: 1 },
    value: {},
    keyword: "minProperties",
    expected: "an object with at least 1 member",
    found: "an object with 0 members",
  },
  {
    name: "maxProperties alone: an object",
    declaration: { maxProperties: 0 },
    value: { a: 1 },
    keyword: "maxProperties",
    expected: "an object with at most 0 members",
    found: "an object with 1 member",
  },
  {
    name: "constraints of two types: each followed by its type",
    declaration: { minimum: 1, minLength: 1 },
    value: 0,
    keyword: "minimum",
    expected: "at least 1 (if a number), of at least 1 character (if a string)",
    found: "0",
  },
  {
    name: "array and object constraints: each followed by its type",
    declaration: { minItems: 1, minProperties: 1 },
    value: {},
    keyword: "minProperties",
    expected: "with at least 1 item (if an array), with at least 1 member (if an object)",
    found: "an object with 0 members",
  },
  {
    name: "string and array constraints: each followed by its type",
    declaration: { maxLength: 1, maxItems: 1 },
    value: "ab",
    keyword: "maxLength",
    expected: "of at most 1 character (if a string), with at most 1 item (if an array)",
    found: "a string of 2 characters",
  },
  {
    name: "number and array constraints: each followed by its type",
    declaration: { maximum: 1, uniqueItems: true },
    value: 2,
    keyword: "maximum",
    expected: "at most 1 (if a number), without duplicate items (if an array)",
    found: "2",
  },
  {
    name: "several constraints of each of two types: the type after each type's last",
    declaration: { minimum: 1, maximum: 5, minLength: 2, pattern: "a" },
    value: 6,
    keyword: "maximum",
    expected:
      'at least 1, at most 5 (if a number), of at least 2 characters, matching "a" (if a string)',
    found: "6",
  },
  {
    name: "constraints of four types",
    declaration: { multipleOf: 2, format: "date", maxItems: 1, maxProperties: 1 },
    value: [1, 2],
    keyword: "maxItems",
    expected: "divisible by 2 (if a number), in format date (if a string), " +
      "with at most 1 item (if an array), with at most 1 member (if an object)",
    found: "an array of 2 items",
  },
];

Deno.test("without type: one type's constraints name it, several types' each name theirs", async (t) => {
  await checkRows(t, UNTYPED);
});

const VALUES_SHOWN: readonly { name: string; value: unknown; words: string }[] = [
  { name: "absent", value: undefined, words: "nothing" },
  { name: "a string, quoted as JSON", value: 'say "hi"\n', words: 'the string "say \\"hi\\"\\n"' },
  { name: "an empty string", value: "", words: 'the string ""' },
  { name: "a string cut at 40", value: xs(45), words: `the string "${xs(39)}…` },
  { name: "a number", value: -1.5, words: "-1.5" },
  { name: "an integer", value: 0, words: "0" },
  { name: "true", value: true, words: "true" },
  { name: "false", value: false, words: "false" },
  { name: "null", value: null, words: "null" },
  { name: "an empty array", value: [], words: "an array of 0 items" },
  { name: "an array of one item", value: [[1, 2]], words: "an array of 1 item" },
  { name: "an array of three items", value: [1, 2, 3], words: "an array of 3 items" },
  { name: "an empty object", value: {}, words: "an object with 0 members" },
  { name: "an object of one member", value: { a: { b: 1 } }, words: "an object with 1 member" },
  { name: "an object of two members", value: { a: 1, b: 2 }, words: "an object with 2 members" },
];

Deno.test("describeValue: what the model sent, by type, strings quoted and cut", async (t) => {
  for (const row of VALUES_SHOWN) {
    await t.step(row.name, () => assert.equal(describeValue(row.value), row.words));
  }
});

const PROBLEMS: readonly WordsCase[] = [
  {
    name: "items false: the item past the tuple",
    declaration: { prefixItems: [{ type: "string" }], items: false },
    value: ["a", 1],
    keyword: "false",
    pointer: "/1",
    expected: "absent (nothing is allowed here)",
    found: "1",
  },
];

Deno.test("every kind of problem the checker reports, in words", async (t) => {
  await checkRows(t, PROBLEMS);
});

Deno.test("anyOf/oneOf: the closest branch's own problem, at its deeper pointer", () => {
  assert.deepEqual(
    issuesInWords(
      { anyOf: [{ type: "object", required: ["a"] }, { type: "integer" }] },
      { b: 1 },
    ),
    [{
      keyword: "required",
      pointer: "/a",
      expected: "present (it is required)",
      found: "nothing",
    }],
  );
  assert.deepEqual(
    issuesInWords({ oneOf: [{ type: "string", maxLength: 1 }, { type: "null" }] }, "abc"),
    [{
      keyword: "maxLength",
      pointer: "",
      expected: "a string of at most 1 character",
      found: "a string of 3 characters",
    }],
  );
});

interface NodeCase {
  name: string;
  declaration: unknown;
  words: string;
}

const NODES: readonly NodeCase[] = [
  { name: "any value", declaration: {}, words: "a value" },
  { name: "the schema false", declaration: false, words: "absent (nothing is allowed here)" },
  { name: "a const", declaration: { const: [1] }, words: "exactly [1]" },
  { name: "an enum", declaration: { enum: ["a", 2] }, words: 'one of "a", 2' },
  { name: "an empty enum list", declaration: { enum: [] }, words: "no value (none is allowed)" },
  {
    name: "a union names its alternatives",
    declaration: "string|null",
    words: "a string or null",
  },
  {
    name: "a union of 11 alternatives names the first 10",
    declaration: "0|1|2|3|4|5|6|7|8|9|10",
    words:
      "exactly 0 or exactly 1 or exactly 2 or exactly 3 or exactly 4 or exactly 5 or exactly 6 or exactly 7 or exactly 8 or exactly 9",
  },
  {
    name: "an anyOf beside a constraint of its own: the constraint, not the branches",
    declaration: { anyOf: [{ type: "integer" }, { type: "string" }], minimum: 5 },
    words: "a number at least 5",
  },
  {
    name: "an anyOf beside a type of its own: the type",
    declaration: { type: "string", anyOf: [{ minLength: 1 }, { const: "" }] },
    words: "a string",
  },
  {
    name: "a oneOf alone is not a union: a value",
    declaration: { oneOf: [{ type: "integer" }, { type: "string" }] },
    words: "a value",
  },
];

Deno.test("describeNode: a root's words, unions by their alternatives", async (t) => {
  for (const row of NODES) {
    await t.step(row.name, () => {
      const form = formOf(row.declaration);
      assert.equal(describeNode(form, form.nodes[form.root]), row.words);
    });
  }
});

Deno.test("an anyOf beside a constraint: a failed minimum names the minimum, not the branches", () => {
  assert.deepEqual(
    issuesInWords({ anyOf: [{ type: "integer" }, { type: "string" }], minimum: 5 }, 3),
    [{ keyword: "minimum", pointer: "", expected: "a number at least 5", found: "3" }],
  );
});

/** A chain of `count` `$ref`s from the root to an object declaring member `a`. */
function refChain(count: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 1; i < count; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  defs[`d${count}`] = { type: "object", properties: { a: { type: "string" } } };
  return { $ref: "#/$defs/d1", $defs: defs };
}

interface RenderCase {
  name: string;
  declaration: unknown;
  rendered: string;
}

const RENDERINGS: readonly RenderCase[] = [
  { name: "any value", declaration: {}, rendered: "any" },
  {
    name: "the schema false: null, the nearest the language says",
    declaration: false,
    rendered: "null",
  },
  { name: "null", declaration: { type: "null" }, rendered: "null" },
  { name: "boolean", declaration: { type: "boolean" }, rendered: "boolean" },
  { name: "object without properties", declaration: { type: "object" }, rendered: "object" },
  {
    name: "object with an empty properties",
    declaration: { type: "object", properties: {} },
    rendered: "object",
  },
  { name: "array without items", declaration: { type: "array" }, rendered: "array" },
  {
    name: "array without items, counted",
    declaration: { type: "array", minItems: 1, maxItems: 2, uniqueItems: true },
    rendered: "array(minItems=1,maxItems=2)",
  },
  {
    name: "array of items, counted",
    declaration: { type: "array", items: { type: "string" }, maxItems: 3 },
    rendered: "[string](maxItems=3)",
  },
  {
    name: "string constraints, the pattern as a JSON string; format left out",
    declaration: { type: "string", pattern: '^"a"$', maxLength: 5, minLength: 1, format: "email" },
    rendered: 'string(minLength=1,maxLength=5,pattern="^\\"a\\"$")',
  },
  {
    name: "number constraints, in a fixed order",
    declaration: {
      type: "number",
      multipleOf: 0.5,
      exclusiveMaximum: 9,
      exclusiveMinimum: 0,
      maximum: 8,
      minimum: 1,
    },
    rendered: "number(minimum=1,maximum=8,exclusiveMinimum=0,exclusiveMaximum=9,multipleOf=0.5)",
  },
  {
    name: "integer constraints",
    declaration: { type: "integer", maximum: 5 },
    rendered: "integer(maximum=5)",
  },
  {
    name: "number and integer: number",
    declaration: { type: ["integer", "number"] },
    rendered: "number",
  },
  {
    name: "several scalar types in a fixed order",
    declaration: { type: ["integer", "string", "boolean", "null"] },
    rendered: "null|boolean|string|integer",
  },
  {
    name: "an object with members, then the scalars",
    declaration: { type: ["null", "object"], properties: { a: {} } },
    rendered: "{a:any}|null",
  },
  {
    name: "an array of items, then the scalars",
    declaration: { type: ["array", "string"], items: { type: "integer" } },
    rendered: "[integer]|string",
  },
  {
    name: "an array of items, then null",
    declaration: { type: ["null", "array"], items: { type: "integer" } },
    rendered: "[integer]|null",
  },
  {
    name: "an object with members, then two scalars",
    declaration: { type: ["boolean", "object", "null"], properties: { a: { type: "null" } } },
    rendered: "{a:null}|null|boolean",
  },
  {
    name: "required members marked, a closed object",
    declaration: "closed{!path:string,n:integer}",
    rendered: "closed{!path:string,n:integer}",
  },
  {
    name: "additionalProperties that is not false: open",
    declaration: {
      type: "object",
      properties: { a: {} },
      additionalProperties: { type: "string" },
    },
    rendered: "{a:any}",
  },
  {
    name: "member names that are not identifiers are quoted",
    declaration: { type: "object", properties: { "a b": {}, "1x": {}, "$_-9": {}, "": {} } },
    rendered: '{"a b":any,"1x":any,$_-9:any,"":any}',
  },
  {
    name: "an identifier ends where the name ends",
    declaration: { type: "object", properties: { "ab!": {}, "a\nb": {} } },
    rendered: '{"ab!":any,"a\\nb":any}',
  },
  {
    name: "literals",
    declaration: { enum: ["a", 1, null, [true]] },
    rendered: '"a"|1|null|[true]',
  },
  {
    name: "literals: the first 10",
    declaration: { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
    rendered: "1|2|3|4|5|6|7|8|9|10",
  },
  {
    name: "a union",
    declaration: "string|{!a:integer}|null",
    rendered: "string|{!a:integer}|null",
  },
  {
    name: "an anyOf beside a type renders the type",
    declaration: { type: "string", anyOf: [{ minLength: 1 }, { const: "" }] },
    rendered: "string",
  },
  {
    name: "a plain $ref is followed",
    declaration: { $ref: "#/$defs/s", $defs: { s: { type: "string", maxLength: 2 } } },
    rendered: "string(maxLength=2)",
  },
  {
    name: "a $ref beside a type renders the type",
    declaration: { $ref: "#/$defs/s", type: "string", $defs: { s: { minLength: 1 } } },
    rendered: "string",
  },
  {
    name: "a $ref beside properties renders the properties",
    declaration: { $ref: "#/$defs/s", properties: { a: {} }, $defs: { s: { type: "object" } } },
    rendered: "any",
  },
  { name: "a chain of 64 $refs is followed", declaration: refChain(64), rendered: "{a:string}" },
  { name: "a chain of 65 $refs renders as any", declaration: refChain(65), rendered: "any" },
  {
    name: "a recursive schema renders its repeated part as any",
    declaration: {
      $defs: {
        tree: {
          type: "object",
          properties: { kids: { type: "array", items: { $ref: "#/$defs/tree" } } },
        },
      },
      $ref: "#/$defs/tree",
    },
    rendered: "{kids:[any]}",
  },
  {
    name: "a recursive union",
    declaration: { anyOf: [{ type: "string" }, { type: "array", items: { $ref: "#" } }] },
    rendered: "string|[any]",
  },
  {
    name: "a node met again beside itself, not inside itself, renders whole",
    declaration: {
      type: "object",
      properties: { a: { $ref: "#/$defs/s" }, b: { $ref: "#/$defs/s" } },
      $defs: { s: { type: "object", properties: { q: { type: "string" } } } },
    },
    rendered: "{a:{q:string},b:{q:string}}",
  },
  {
    name: "a root with a $ref and members met again inside itself",
    declaration: {
      $ref: "#/$defs/x",
      type: "object",
      properties: { self: { $ref: "#" } },
      $defs: { x: {} },
    },
    rendered: "{self:any}",
  },
];

Deno.test("renderForm: a declaration in the language, as far as it can say it", async (t) => {
  for (const row of RENDERINGS) {
    await t.step(row.name, () => assert.equal(renderForm(formOf(row.declaration)), row.rendered));
  }
});

Deno.test("renderForm: a long rendering is cut after the piece that passes 400 characters", () => {
  const names = Array.from({ length: 60 }, (_, i) => `member${String(i).padStart(2, "0")}`);
  const full = `{${names.map((n) => `${n}:string`).join(",")}}`;
  // `{member00:string,…,member24:string` is 400 characters, not past the limit; the next piece
  // `,member25:` passes it, and the rendering ends there with …
  assert.equal(renderForm(formOf(full)), full.slice(0, 410) + "…");
});

Deno.test("renderForm: each repeated part counts its 3 characters towards the cut", () => {
  const names = Array.from({ length: 60 }, (_, i) => `m${String(i).padStart(2, "0")}`);
  const rendered = renderForm(formOf({
    type: "object",
    properties: Object.fromEntries(names.map((n) => [n, { $ref: "#" }])),
  }));
  const full = `{${names.map((n) => `${n}:any`).join(",")}}`;
  // `{m00:any,…,m49:any` is 400 characters, not past the limit; the next piece `,m50:` passes it.
  assert.equal(rendered, full.slice(0, 405) + "…");
});

Deno.test("the E030 retry prompt carries the words and the rendering", () => {
  const result = gate('{"limit":"3","extra":1}', {
    schema: 'closed{!limit:integer(maximum=50),!mode:"fast"|"safe"}',
  });
  assert.equal(result.executable, false);
  assert.equal(
    result.error?.message.endsWith(
      'required member /mode is missing; /limit must be an integer at most 50; got the string "3"; ' +
        '/extra must be absent (the object admits only "limit", "mode"); got 1; ' +
        'declared closed{!limit:integer(maximum=50),!mode:"fast"|"safe"}',
    ),
    true,
    result.error?.message,
  );
});
