/**
 * `engine/declarations/language.ts` as a specification, in tables: every
 * syntax error with its exact message, line, column and offset; the lexical
 * details (white space, names, string escapes, numbers, constraints with
 * spaces) read by what the parsed declaration matches and refuses. Fast and
 * deterministic, so `deno task mutate engine/declarations/language.ts` runs
 * it first; the broader forms and their renderings are in
 * `tests/declarations_test.ts`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { checkForm, matchesForm } from "../engine/declarations/check.ts";
import { MAX_DECLARATION_DEPTH } from "../engine/declarations/form.ts";
import { parseLanguage } from "../engine/declarations/language.ts";
import { CallerError } from "../engine/errors.ts";

interface ErrorCase {
  name: string;
  declaration: string;
  /** The message after `E070 SchemaError `. */
  message: string;
}

const ERRORS: readonly ErrorCase[] = [
  {
    name: "an unknown type names every type",
    declaration: "strng",
    message:
      'at 1:1 (offset 0): unknown type "strng"; expected any, null, boolean, string, number, integer, object, array, a literal, {...}, closed{...} or [...]',
  },
  {
    name: "closed must touch its brace",
    declaration: "closed {}",
    message:
      'at 1:1 (offset 0): unknown type "closed"; expected any, null, boolean, string, number, integer, object, array, a literal, {...}, closed{...} or [...]',
  },
  {
    name: "a type expected after '['",
    declaration: "[]",
    message: "at 1:2 (offset 1): expected a type after '[', found ']'",
  },
  {
    name: "a type expected after '|'",
    declaration: "string|",
    message: "at 1:8 (offset 7): expected a type after '|', found end of declaration",
  },
  {
    name: "a character found is shown whole, even outside the BMP",
    declaration: "\u{1F600}",
    message: "at 1:1 (offset 0): expected a type, found '\u{1F600}'",
  },
  {
    name: "an unterminated string points at its quote",
    declaration: ' "abc',
    message: "at 1:2 (offset 1): unterminated string",
  },
  {
    name: "a raw control character in a string",
    declaration: '"a\u001bb"',
    message: "at 1:3 (offset 2): raw control character U+001B in string; escape it",
  },
  {
    name: "an unknown escape",
    declaration: '"a\\x"',
    message:
      'at 1:3 (offset 2): invalid escape in string; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
  },
  {
    name: "a short \\u escape",
    declaration: '"\\u12G4"',
    message:
      'at 1:2 (offset 1): invalid escape in string; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
  },
  {
    name: "a backslash at the end",
    declaration: '"\\',
    message:
      'at 1:2 (offset 1): invalid escape in string; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
  },
  {
    name: "a number with a leading zero",
    declaration: "01",
    message: 'at 1:1 (offset 0): invalid number "01"; write numbers as in JSON',
  },
  {
    name: "a number ending in a point",
    declaration: "[1.]",
    message: 'at 1:2 (offset 1): invalid number "1."; write numbers as in JSON',
  },
  {
    name: "a minus sign alone, up to the next delimiter",
    declaration: "-|1",
    message: 'at 1:1 (offset 0): invalid number "-"; write numbers as in JSON',
  },
  {
    name: "a number followed by a letter",
    declaration: "1x",
    message: 'at 1:1 (offset 0): invalid number "1x"; write numbers as in JSON',
  },
  {
    name: "a number out of range",
    declaration: "1e999",
    message: "at 1:1 (offset 0): number 1e999 is out of range",
  },
  {
    name: "a constraint name expected",
    declaration: "string()",
    message: "at 1:8 (offset 7): expected a constraint name, found ')'",
  },
  {
    name: "an unknown constraint lists the type's",
    declaration: "string(minimum=1)",
    message:
      'at 1:8 (offset 7): unknown constraint "minimum" for string; expected minLength, maxLength, pattern',
  },
  {
    name: "integer takes the number constraints",
    declaration: "integer(minItems=1)",
    message:
      'at 1:9 (offset 8): unknown constraint "minItems" for integer; expected minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf',
  },
  {
    name: "object takes none",
    declaration: "object(minItems=1)",
    message: "at 1:7 (offset 6): type object takes no constraints",
  },
  {
    name: "a duplicate constraint points at its name",
    declaration: "string(minLength=1, minLength=2)",
    message: 'at 1:21 (offset 20): duplicate constraint "minLength"',
  },
  {
    name: "'=' expected after a constraint name",
    declaration: "string(minLength)",
    message: "at 1:17 (offset 16): expected '=' after constraint \"minLength\", found ')'",
  },
  {
    name: "a pattern needs a string",
    declaration: "string(pattern=1)",
    message: "at 1:16 (offset 15): constraint pattern needs a string, found '1'",
  },
  {
    name: "a count needs a number",
    declaration: 'string(minLength="1")',
    message: "at 1:18 (offset 17): constraint minLength needs a number, found '\"'",
  },
  {
    name: "a bound needs a number, not a word",
    declaration: "number(minimum=a)",
    message: "at 1:16 (offset 15): constraint minimum needs a number, found 'a'",
  },
  {
    name: "a count is not negative",
    declaration: "string(minLength=-1)",
    message: "at 1:18 (offset 17): constraint minLength needs a non-negative integer, found -1",
  },
  {
    name: "a count is an integer",
    declaration: "[any](maxItems=1.5)",
    message: "at 1:16 (offset 15): constraint maxItems needs a non-negative integer, found 1.5",
  },
  {
    name: "multipleOf is above 0",
    declaration: "number(multipleOf=0)",
    message: "at 1:19 (offset 18): constraint multipleOf needs a number greater than 0, found 0",
  },
  {
    name: "multipleOf is not negative",
    declaration: "integer(multipleOf=-2)",
    message: "at 1:20 (offset 19): constraint multipleOf needs a number greater than 0, found -2",
  },
  {
    name: "',' or ')' expected after a constraint",
    declaration: "number(minimum=1 maximum=2)",
    message: "at 1:18 (offset 17): expected ',' or ')' after constraint \"minimum\", found 'm'",
  },
  {
    name: "a member name or '}' expected",
    declaration: "{1:string}",
    message: "at 1:2 (offset 1): expected a member name or '}', found '1'",
  },
  {
    name: "a member name expected after '!'",
    declaration: "{! :string}",
    message: "at 1:4 (offset 3): expected a member name after '!', found ':'",
  },
  {
    name: "a member name expected after ','",
    declaration: "{a:string,}",
    message: "at 1:11 (offset 10): expected a member name after ',', found '}'",
  },
  {
    name: "':' expected after a member name",
    declaration: "{a}",
    message: "at 1:3 (offset 2): expected ':' after member \"a\", found '}'",
  },
  {
    name: "a quoted duplicate member",
    declaration: '{"a b":any,"a b":any}',
    message: 'at 1:12 (offset 11): duplicate member "a b"',
  },
  {
    name: "',' or '}' expected after a member",
    declaration: "{a:string]",
    message: "at 1:10 (offset 9): expected ',' or '}' after member \"a\", found ']'",
  },
  {
    name: "']' expected after an item type",
    declaration: "[string}",
    message: "at 1:8 (offset 7): expected ']' after the item type, found '}'",
  },
  {
    name: "text after the declaration",
    declaration: "string x",
    message: "at 1:8 (offset 7): unexpected 'x' after the declaration",
  },
  {
    name: "lines and columns count line feeds",
    declaration: "{\n  a: string,\n  b:\n}",
    message: "at 4:1 (offset 20): expected a type after ':', found '}'",
  },
  {
    name: "a carriage return is not a new line",
    declaration: "{a:any,\r\r!}",
    message: "at 1:11 (offset 10): expected a member name after '!', found '}'",
  },
  {
    name: "any takes no constraints",
    declaration: "any(minLength=1)",
    message: "at 1:4 (offset 3): type any takes no constraints",
  },
  {
    name: "null takes no constraints",
    declaration: "null (maxLength=1)",
    message: "at 1:6 (offset 5): type null takes no constraints",
  },
  {
    name: "maxLength is an integer",
    declaration: "string(maxLength=1.5)",
    message: "at 1:18 (offset 17): constraint maxLength needs a non-negative integer, found 1.5",
  },
  {
    name: "minItems is not negative",
    declaration: "[any](minItems=-1)",
    message: "at 1:16 (offset 15): constraint minItems needs a non-negative integer, found -1",
  },
  {
    name: "only closed opens an object after a word",
    declaration: "object{}",
    message: "at 1:7 (offset 6): unexpected '{' after the declaration",
  },
  {
    name: "a delimiter where a type is expected is no number",
    declaration: "{a:,}",
    message: "at 1:4 (offset 3): expected a type after ':', found ','",
  },
  {
    name: "a bad number running to the end is quoted from its start",
    declaration: "{a:01",
    message: 'at 1:4 (offset 3): invalid number "01"; write numbers as in JSON',
  },
  {
    name: "line feeds after the error do not count",
    declaration: "{a:}\n\n",
    message: "at 1:4 (offset 3): expected a type after ':', found '}'",
  },
  {
    name: "a raw line feed in a string is on the line it ends",
    declaration: '"a\nb"',
    message: "at 1:3 (offset 2): raw control character U+000A in string; escape it",
  },
  {
    name: "objects nested too deep",
    declaration: "{a:".repeat(MAX_DECLARATION_DEPTH + 1),
    message: `at 1:12292 (offset 12291): declaration nested deeper than 4096 levels`,
  },
  {
    name: "too deep",
    declaration: "[".repeat(MAX_DECLARATION_DEPTH + 1),
    message: `at 1:4098 (offset 4097): declaration nested deeper than 4096 levels`,
  },
];

Deno.test("every syntax error: its message, line, column and offset", async (t) => {
  for (const row of ERRORS) {
    await t.step(row.name, () => {
      assert.throws(() => parseLanguage(row.declaration), (e: unknown) => {
        assert.ok(e instanceof CallerError);
        assert.equal(e.code, "E070");
        assert.equal(e.message, `E070 SchemaError ${row.message}`);
        assert.equal(e.pointer, "", "a language error has no pointer, only its position");
        return true;
      });
    });
  }
});

interface ParseCase {
  name: string;
  declaration: string;
  matches: unknown[];
  refuses: unknown[];
}

const PARSES: readonly ParseCase[] = [
  {
    name: "white space: space, tab, line feed and carriage return between all tokens",
    declaration: " \t{ \n!\ta \r: \tstring \n, b\t:\r[ integer ]\n}\t ",
    matches: [{ a: "x", b: [1] }],
    refuses: [{ b: [1] }, { a: "x", b: ["1"] }],
  },
  {
    name: "names take letters, digits, _, $ and -",
    declaration: "{!$a_Z-9:any,!_:any,!A:any,!z:any}",
    matches: [{ "$a_Z-9": 1, _: 2, A: 3, z: 4 }],
    refuses: [{ "$a_Z-9": 1, A: 3, z: 4 }, { _: 2, A: 3, z: 4 }, { "$a_Z-9": 1, _: 2, z: 4 }],
  },
  {
    name: "a quoted member name with every escape",
    declaration: '{!"q\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u00C9":any}',
    matches: [{ 'q"\\/\b\f\n\r\t\u00e9\u00c9': 1 }],
    refuses: [{ q: 1 }],
  },
  {
    name: "a string literal with escapes between raw runs",
    declaration: '"ab\\ncd\\"ef"|"\\nbeef"',
    matches: ['ab\ncd"ef', "\nbeef"],
    refuses: ['ab\\ncd\\"ef', "ab"],
  },
  {
    name: "an empty string literal",
    declaration: '""|"x"',
    matches: ["", "x"],
    refuses: [" "],
  },
  {
    name: "number literals: negative, fraction, exponent",
    declaration: "-1.5e2|0|2E-1|-0|9|-9",
    matches: [-150, 0, 0.2, 9, -9],
    refuses: [150, 1.5, 2, 8],
  },
  {
    name: "boolean literals",
    declaration: "false",
    matches: [false],
    refuses: [true, 0],
  },
  {
    name: "true as a member type is the literal",
    declaration: "{a:true}",
    matches: [{ a: true }],
    refuses: [{ a: false }],
  },
  {
    name: "constraints with white space inside",
    declaration: "string ( minLength = 2 , maxLength = 3 )",
    matches: ["ab", "abc"],
    refuses: ["a", "abcd"],
  },
  {
    name: "constraints are optional after a type name followed by space",
    declaration: "[ string ] ",
    matches: [["a"]],
    refuses: [[1]],
  },
  {
    name: "negative and exponent constraint values",
    declaration: "number(minimum=-2,maximum=1e1,exclusiveMinimum=-3)",
    matches: [-2, 10],
    refuses: [-2.5, 10.5],
  },
  {
    name: "integer bounds",
    declaration: "integer(exclusiveMinimum=0,exclusiveMaximum=3,multipleOf=2)",
    matches: [2],
    refuses: [0, 1, 3, 4],
  },
  {
    name: "optional after a union member, then more members",
    declaration: "string?|integer",
    matches: ["a", null, 1],
    refuses: [true],
  },
  {
    name: "an optional object",
    declaration: "{!a:any}?",
    matches: [null, { a: 1 }],
    refuses: [{}, 1],
  },
  {
    name: "a union of objects and arrays",
    declaration: '{!k:"a"}|{!k:"b",!n:1}|[integer]',
    matches: [{ k: "a" }, { k: "b", n: 1 }, [1]],
    refuses: [{ k: "b" }, { k: "c" }, ["1"]],
  },
  {
    name: "nested objects close in order",
    declaration: "{!a:{!b:[{!c:integer}]},!d:string}",
    matches: [{ a: { b: [{ c: 1 }] }, d: "x" }],
    refuses: [{ a: { b: [{ c: 1 }] } }, { a: { b: [{}] }, d: "x" }],
  },
  {
    name: "an empty closed object refuses every member",
    declaration: "closed{}",
    matches: [{}],
    refuses: [{ a: 1 }, []],
  },
  {
    name: "an empty object accepts every member",
    declaration: "{ }",
    matches: [{}, { a: 1 }],
    refuses: [[]],
  },
  {
    name: "an array with constraints after its brackets",
    declaration: "[any] (minItems=1)",
    matches: [[1]],
    refuses: [[]],
  },
  {
    name: "zero and nine as counts",
    declaration: "{!a:[any](maxItems=0),!b:string(maxLength=9)}",
    matches: [{ a: [], b: "123456789" }],
    refuses: [{ a: [1], b: "" }, { a: [], b: "1234567890" }],
  },
  {
    name: "2100 objects side by side are not nested (each closes what it opens)",
    declaration: "{a:null}|".repeat(2100) + "null",
    matches: [null, { a: null }],
    refuses: [{ a: 1 }],
  },
  {
    name: "2100 arrays side by side are not nested",
    declaration: "[null]|".repeat(2100) + "null",
    matches: [null, [null]],
    refuses: [[1]],
  },
  {
    name: "a declaration exactly 4096 levels deep",
    declaration: "[".repeat(MAX_DECLARATION_DEPTH) + "null" + "]".repeat(MAX_DECLARATION_DEPTH),
    matches: [],
    refuses: [null],
  },
];

Deno.test("what a parsed declaration matches and refuses", async (t) => {
  for (const row of PARSES) {
    await t.step(row.name, () => {
      const form = parseLanguage(row.declaration);
      assert.equal(form.source, "language");
      assert.equal(form.text, row.declaration);
      for (const v of row.matches) assert.equal(matchesForm(form, v), true, JSON.stringify(v));
      for (const v of row.refuses) assert.equal(matchesForm(form, v), false, JSON.stringify(v));
    });
  }
});

Deno.test("a literal is checked as a const", async (t) => {
  const rows = [
    { name: "a string literal", declaration: '"a"', value: "b", keyword: "const" },
    { name: "a number literal", declaration: "1", value: 2, keyword: "const" },
    { name: "a boolean literal", declaration: "true", value: false, keyword: "const" },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const result = checkForm(parseLanguage(row.declaration), row.value);
      assert.deepEqual(result.issues.map((i) => i.keyword), [row.keyword]);
    });
  }
});
