/**
 * The declaration language: every form (parse, check against matching and
 * non-matching values with exact verdicts, render back), every parse error
 * with its exact E070 message, the depth bound, and compileDeclarations.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  checkDeclaration,
  compileDeclarations,
  type Declaration,
  declaredMembers,
  describeDeclaration,
  isDeclaration,
  MAX_DECLARATION_DEPTH,
  parseDeclaration,
  type Verdict,
} from "../engine/declarations.ts";

function parsed(source: string): Declaration {
  const d = parseDeclaration(source);
  if (!isDeclaration(d)) throw new Error(`${source}: ${d.message}`);
  return d;
}

const OK = (total = 1): Verdict => ({
  total,
  satisfied: total,
  missing: [],
  mismatched: [],
  ok: true,
});

function bad(expected: string, found: string, pointer = ""): Verdict {
  return {
    total: 1,
    satisfied: 0,
    missing: [],
    mismatched: [{ pointer, expected, found }],
    ok: false,
  };
}

/** [declaration, canonical rendering, value, verdict] */
const FORMS: readonly [string, string, unknown, Verdict][] = [
  // primitive types
  ["any", "any", { x: [1] }, OK()],
  ["any", "any", null, OK()],
  ["string", "string", "hi", OK()],
  ["string", "string", 1, bad("string", "number 1")],
  ["number", "number", 3.5, OK()],
  ["number", "number", "3.5", bad("number", "string")],
  ["integer", "integer", 3, OK()],
  ["integer", "integer", 3.0, OK()],
  ["integer", "integer", 3.5, bad("integer", "number 3.5")],
  ["integer", "integer", NaN, bad("integer", "number NaN")],
  ["number", "number", Infinity, bad("number", "number Infinity")],
  ["boolean", "boolean", false, OK()],
  ["boolean", "boolean", "true", bad("boolean", "string")],
  ["null", "null", null, OK()],
  ["null", "null", 0, bad("null", "number 0")],
  ["object", "object", { a: 1 }, OK(0)], // an object declaration without members: total 0
  ["object", "object", [], { ...bad("object", "array"), total: 0 }],
  ["object", "object", null, { ...bad("object", "null"), total: 0 }],
  ["array", "array", [1, "a"], OK()],
  ["array", "array", { 0: 1 }, bad("array", "object")],
  // literals
  ['"asc"', '"asc"', "asc", OK()],
  ['"asc"', '"asc"', "ASC", bad('"asc"', 'string "ASC"')],
  ["1", "1", 1, OK()],
  ["1", "1", 1.0, OK()],
  ["1", "1", "1", bad("1", 'string "1"')],
  ["-2.5e3", "-2500", -2500, OK()],
  ["true", "true", true, OK()],
  ["true", "true", false, bad("true", "boolean false")],
  ["false", "false", false, OK()],
  ['"a\\"b\\u00e9\\n"', '"a\\"bé\\n"', 'a"bé\n', OK()],
  // unions
  ["string|null", "string|null", null, OK()],
  ["string|null", "string|null", "x", OK()],
  ["string|null", "string|null", 1, bad("string|null", "number 1")],
  ['"asc"|"desc"', '"asc"|"desc"', "desc", OK()],
  ['"asc"|"desc"', '"asc"|"desc"', "up", bad('"asc"|"desc"', 'string "up"')],
  ["1|2|true", "1|2|true", 2, OK()],
  ["1|2|true", "1|2|true", 3, bad("1|2|true", "number 3")],
  // constraints
  ["string(minLength=2)", "string(minLength=2)", "ab", OK()],
  [
    "string(minLength=2)",
    "string(minLength=2)",
    "a",
    bad("string(minLength=2)", "string of length 1"),
  ],
  ["string(maxLength=2)", "string(maxLength=2)", "😀😀", OK()],
  [
    "string(maxLength=2)",
    "string(maxLength=2)",
    "abc",
    bad("string(maxLength=2)", "string of length 3"),
  ],
  ['string(pattern="^[a-z]+$")', 'string(pattern="^[a-z]+$")', "abc", OK()],
  [
    'string(pattern="^[a-z]+$")',
    'string(pattern="^[a-z]+$")',
    "aB",
    bad('string(pattern="^[a-z]+$")', 'string "aB"'),
  ],
  ['string(pattern="b")', 'string(pattern="b")', "abc", OK()],
  ["integer(minimum=1)", "integer(minimum=1)", 1, OK()],
  ["integer(minimum=1)", "integer(minimum=1)", 0, bad("integer(minimum=1)", "number 0")],
  ["number(maximum=1.5)", "number(maximum=1.5)", 1.5, OK()],
  ["number(maximum=1.5)", "number(maximum=1.5)", 2, bad("number(maximum=1.5)", "number 2")],
  ["number(exclusiveMinimum=0)", "number(exclusiveMinimum=0)", 0.1, OK()],
  [
    "number(exclusiveMinimum=0)",
    "number(exclusiveMinimum=0)",
    0,
    bad("number(exclusiveMinimum=0)", "number 0"),
  ],
  ["number(exclusiveMaximum=10)", "number(exclusiveMaximum=10)", 9, OK()],
  [
    "number(exclusiveMaximum=10)",
    "number(exclusiveMaximum=10)",
    10,
    bad("number(exclusiveMaximum=10)", "number 10"),
  ],
  [
    "integer( minimum = 0 , maximum = 9 )",
    "integer(minimum=0,maximum=9)",
    10,
    bad("integer(minimum=0,maximum=9)", "number 10"),
  ],
  // arrays
  ["[string]", "[string]", ["a", "b"], OK()],
  ["[string]", "[string]", [], OK()],
  ["[string]", "[string]", ["a", 2], bad("string", "number 2", "/1")],
  ["[string]", "[string]", "a", bad("array", "string")],
  ["[any]", "array", [1], OK()],
  ["[[integer]]", "[[integer]]", [[1], [2, "x"]], bad("integer", "string", "/1/1")],
  ["[string|null]", "[string|null]", ["a", null], OK()],
  ["[string]|null", "[string]|null", null, OK()],
  ["[string]|null", "[string]|null", [1], bad("string", "number 1", "/0")],
  // nested objects in unions: the deepest reason is reported
  ["{!a:integer}|null", "{!a:integer}|null", { a: "1" }, bad("integer", "string", "/a")],
  ["{!a:integer}|null", "{!a:integer}|null", 7, bad("object|null", "number 7")],
  [
    "{!a:integer}|{!b:integer}",
    "{!a:integer}|{!b:integer}",
    { c: 1 },
    bad("object", "object"),
  ],
];

Deno.test("every declaration form parses, renders canonically and checks exactly", () => {
  for (const [source, canonical, value, verdict] of FORMS) {
    const d = parsed(source);
    assert.equal(describeDeclaration(d), canonical, source);
    assert.deepEqual(checkDeclaration(d, value), verdict, `${source} against ${String(value)}`);
  }
});

Deno.test("rendering round-trips: parse(describe(d)) equals d", () => {
  for (const [source] of FORMS) {
    const d = parsed(source);
    assert.deepEqual(parsed(describeDeclaration(d)), d, source);
  }
  const big = parsed(
    '{!query:string(maxLength=100),limit:integer(minimum=1)|null,"first name":"a"|"b",' +
      '!tags:[{!k:string,v:any}],"":boolean,"a/b~c":[[number]],"é":object}',
  );
  assert.deepEqual(parsed(describeDeclaration(big)), big);
});

Deno.test("object declarations: total, satisfied, missing and mismatched", () => {
  const d = parsed('{!query:string,!limit:integer,sort:"asc"|"desc"}');
  const cases: [unknown, Verdict][] = [
    [{ query: "q", limit: 3, sort: "asc" }, OK(3)],
    [{ query: "q", limit: 3 }, OK(3)], // optional and absent counts as satisfied
    [{ query: "q", limit: 3, extra: true }, OK(3)], // undeclared members are allowed
    [{}, { total: 3, satisfied: 1, missing: ["/query", "/limit"], mismatched: [], ok: false }],
    [
      { query: "q", limit: "3", sort: "up" },
      {
        total: 3,
        satisfied: 1,
        missing: [],
        mismatched: [
          { pointer: "/limit", expected: "integer", found: "string" },
          { pointer: "/sort", expected: '"asc"|"desc"', found: 'string "up"' },
        ],
        ok: false,
      },
    ],
    [
      ["q", 3],
      {
        total: 3,
        satisfied: 0,
        missing: [],
        mismatched: [{ pointer: "", expected: "object", found: "array" }],
        ok: false,
      },
    ],
  ];
  for (const [value, verdict] of cases) {
    assert.deepEqual(checkDeclaration(d, value), verdict, JSON.stringify(value));
  }
});

Deno.test("missing members are reported at any depth, as RFC 6901 pointers", () => {
  const d = parsed('{!filter:{!from:string,!"a/b~c":integer},!items:[{!id:integer}]}');
  assert.deepEqual(checkDeclaration(d, { filter: {}, items: [{ id: 1 }, {}] }), {
    total: 2,
    satisfied: 0,
    missing: ["/filter/from", "/filter/a~1b~0c", "/items/1/id"],
    mismatched: [],
    ok: false,
  });
});

Deno.test("an empty object declaration has total 0", () => {
  assert.deepEqual(checkDeclaration(parsed("{}"), { a: 1 }), OK(0));
  assert.deepEqual(checkDeclaration(parsed("object"), 1), {
    total: 0,
    satisfied: 0,
    missing: [],
    mismatched: [{ pointer: "", expected: "object", found: "number 1" }],
    ok: false,
  });
});

Deno.test("members are own properties: __proto__ works, inherited keys do not count", () => {
  const d = parsed('{!"__proto__":integer,!toString:string}');
  const value = JSON.parse('{"__proto__":1}');
  assert.deepEqual(checkDeclaration(d, value), {
    total: 2,
    satisfied: 1,
    missing: ["/toString"],
    mismatched: [],
    ok: false,
  });
  assert.equal(checkDeclaration(d, JSON.parse('{"__proto__":"x","toString":"y"}')).satisfied, 1);
});

Deno.test("quoted member names and whitespace between tokens", () => {
  const d = parsed(' {\n  !"first name" : string ,\n  "2nd" : [ integer ] | null\n} ');
  assert.equal(describeDeclaration(d), '{!"first name":string,"2nd":[integer]|null}');
  assert.deepEqual(declaredMembers(d), [
    { name: "first name", required: true },
    { name: "2nd", required: false },
  ]);
  assert.deepEqual(checkDeclaration(d, { "first name": "Ada", "2nd": [1] }), OK(2));
});

Deno.test("declaredMembers lists top-level members of object declarations only", () => {
  assert.deepEqual(declaredMembers(parsed("{!q:string,l:integer}")), [
    { name: "q", required: true },
    { name: "l", required: false },
  ]);
  assert.deepEqual(declaredMembers(parsed("{!q:string}|null")), []);
  assert.deepEqual(declaredMembers(parsed("[{!q:string}]")), []);
  assert.deepEqual(declaredMembers(parsed("string")), []);
});

/** [declaration, exact E070 message] */
const PARSE_ERRORS: readonly [string, string][] = [
  ["", "at 1:1 (offset 0): expected a type, found end of declaration"],
  ["   ", "at 1:4 (offset 3): expected a type, found end of declaration"],
  ["{!query:}", "at 1:9 (offset 8): expected a type after ':', found '}'"],
  [
    "{!query:string",
    "at 1:15 (offset 14): expected ',' or '}' after member \"query\", found end of declaration",
  ],
  ["{!query string}", "at 1:9 (offset 8): expected ':' after member \"query\", found 's'"],
  ["{a:string,}", "at 1:11 (offset 10): expected a member name after ',', found '}'"],
  ["{!}", "at 1:3 (offset 2): expected a member name after '!', found '}'"],
  ["{:string}", "at 1:2 (offset 1): expected a member name or '}', found ':'"],
  ["{a:string,a:integer}", 'at 1:11 (offset 10): duplicate member "a"'],
  ['{"a":string,!"a":integer}', 'at 1:14 (offset 13): duplicate member "a"'],
  [
    "strng",
    'at 1:1 (offset 0): unknown type "strng"; expected any, null, boolean, string, number, integer, object, array, a literal, {...} or [...]',
  ],
  ["string|", "at 1:8 (offset 7): expected a type after '|', found end of declaration"],
  ["|string", "at 1:1 (offset 0): expected a type, found '|'"],
  ["[]", "at 1:2 (offset 1): expected a type after '[', found ']'"],
  ["[string", "at 1:8 (offset 7): expected ']' after the item type, found end of declaration"],
  ["[string,integer]", "at 1:8 (offset 7): expected ']' after the item type, found ','"],
  ["string[]", "at 1:7 (offset 6): unexpected '[' after the declaration"],
  ["string integer", "at 1:8 (offset 7): unexpected 'i' after the declaration"],
  ['"abc', "at 1:1 (offset 0): unterminated string"],
  [
    '"a\\qb"',
    'at 1:3 (offset 2): invalid escape in string; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
  ],
  ['"a\nb"', "at 1:3 (offset 2): raw control character U+000A in string; escape it"],
  ["01", 'at 1:1 (offset 0): invalid number "01"; write numbers as in JSON'],
  ["1.", 'at 1:1 (offset 0): invalid number "1."; write numbers as in JSON'],
  ["-", 'at 1:1 (offset 0): invalid number "-"; write numbers as in JSON'],
  ["1e999", "at 1:1 (offset 0): number 1e999 is out of range"],
  ["{\n  !a: string,\n  b: }", "at 3:6 (offset 21): expected a type after ':', found '}'"],
  ["'asc'", "at 1:1 (offset 0): expected a type, found '''"],
  ["boolean(minimum=1)", "at 1:8 (offset 7): type boolean takes no constraints"],
  ["string()", "at 1:8 (offset 7): expected a constraint name, found ')'"],
  [
    "string(min=1)",
    'at 1:8 (offset 7): unknown constraint "min" for string; expected minLength, maxLength, pattern',
  ],
  [
    "integer(minLength=1)",
    'at 1:9 (offset 8): unknown constraint "minLength" for integer; expected minimum, maximum, exclusiveMinimum, exclusiveMaximum',
  ],
  ["string(minLength=1,minLength=2)", 'at 1:20 (offset 19): duplicate constraint "minLength"'],
  [
    "string(minLength 1)",
    "at 1:18 (offset 17): expected '=' after constraint \"minLength\", found '1'",
  ],
  [
    "string(minLength=-1)",
    "at 1:18 (offset 17): constraint minLength needs a non-negative integer, found -1",
  ],
  [
    "string(maxLength=1.5)",
    "at 1:18 (offset 17): constraint maxLength needs a non-negative integer, found 1.5",
  ],
  ["number(minimum=x)", "at 1:16 (offset 15): constraint minimum needs a number, found 'x'"],
  ["string(pattern=1)", "at 1:16 (offset 15): constraint pattern needs a string, found '1'"],
  [
    "string(minLength=1",
    "at 1:19 (offset 18): expected ',' or ')' after constraint \"minLength\", found end of declaration",
  ],
];

Deno.test("every parse error is E070 with its exact position and detail", () => {
  for (const [source, detail] of PARSE_ERRORS) {
    const e = parseDeclaration(source);
    assert.ok(!isDeclaration(e), source);
    assert.equal(e.code, "E070", source);
    assert.equal(e.message, `E070 SchemaError ${detail}`, JSON.stringify(source));
  }
});

Deno.test("an invalid pattern is E070 at the pattern", () => {
  const e = parseDeclaration('string(pattern="(")');
  assert.ok(!isDeclaration(e));
  assert.match(
    e.message,
    /^E070 SchemaError at 1:16 \(offset 15\): invalid pattern: Invalid regular expression: /,
  );
});

Deno.test("depth bound: 64 nested levels parse, 65 are E070, a million fail fast", () => {
  const nest = (n: number) => "[".repeat(n) + "string" + "]".repeat(n);
  const objects = (n: number) => "{a:".repeat(n) + "string" + "}".repeat(n);
  assert.equal(MAX_DECLARATION_DEPTH, 64);
  assert.ok(isDeclaration(parseDeclaration(nest(64))));
  assert.ok(isDeclaration(parseDeclaration(objects(64))));
  assert.equal(
    (parseDeclaration(nest(65)) as { message: string }).message,
    "E070 SchemaError at 1:66 (offset 65): declaration nested deeper than 64 levels",
  );
  assert.equal(
    (parseDeclaration(objects(65)) as { message: string }).message,
    "E070 SchemaError at 1:196 (offset 195): declaration nested deeper than 64 levels",
  );
  assert.equal(
    (parseDeclaration("[".repeat(1_000_000)) as { message: string }).message,
    "E070 SchemaError at 1:66 (offset 65): declaration nested deeper than 64 levels",
  );
  assert.equal(
    (parseDeclaration("{a:".repeat(1_000_000)) as { message: string }).message,
    "E070 SchemaError at 1:196 (offset 195): declaration nested deeper than 64 levels",
  );
});

Deno.test("checking follows the declaration, not the value: deep values are fine", () => {
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.deepEqual(checkDeclaration(parsed("[[any]]"), deep), OK());
  assert.deepEqual(checkDeclaration(parsed("{!a:any}"), { a: deep }), OK(1));
  assert.deepEqual(checkDeclaration(parsed("[[string]]"), deep), bad("string", "array", "/0/0"));
  const deepest = parsed("[".repeat(64) + "integer" + "]".repeat(64));
  assert.deepEqual(checkDeclaration(deepest, deep), bad("integer", "array", "/0".repeat(64)));
});

Deno.test("compileDeclarations dispatches, and refuses both at once", () => {
  assert.equal(compileDeclarations({}), null);
  assert.equal(compileDeclarations({ schema: undefined, schemaJson: undefined }), null);
  assert.equal(
    compileDeclarations({ schema: null as unknown as string, schemaJson: null }),
    null,
  );
  assert.deepEqual(compileDeclarations({ schema: "{!q:string}" }), parsed("{!q:string}"));
  assert.deepEqual(compileDeclarations({ schemaJson: { type: "string" } }), { kind: "string" });
  assert.deepEqual(compileDeclarations({ schema: "string", schemaJson: { type: "string" } }), {
    code: "E070",
    message: "E070 SchemaError: give either schema or schema_json, not both",
  });
  assert.deepEqual(compileDeclarations({ schema: 5 as unknown as string }), {
    code: "E070",
    message: "E070 SchemaError: schema must be a string, found number",
  });
  const e = compileDeclarations({ schema: "{!q:}" });
  assert.equal(
    (e as { message: string }).message,
    "E070 SchemaError at 1:5 (offset 4): expected a type after ':', found '}'",
  );
  const j = compileDeclarations({ schemaJson: { format: "uri" } });
  assert.equal(
    (j as { message: string }).message,
    'E070 SchemaError: unsupported keyword "format" at the root',
  );
});

Deno.test("a declaration and an error are told apart by kind and code", () => {
  const d = parseDeclaration("string");
  const e = parseDeclaration("?");
  assert.ok(isDeclaration(d) && "kind" in d && !("code" in d));
  assert.ok(!isDeclaration(e) && "code" in e && !("kind" in e));
});
