/**
 * Fewer needless refusals (issue 22): a repair is cosmetic when exactly one complete reading of
 * the text exists. For each class, a table of texts with one reading (executed, with that value)
 * and of texts with two readings (still refused, with the rule that says why). Each table sits
 * next to the rule that decides it (docs/RULES.md), and docs/PROFILES.md's table of which profile
 * accepts which class is checked against the gate here.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, PROFILE_NAMES } from "../mod.ts";

/** A row: a text, and the value `agent` executes, or the rule it is refused with. */
interface Row {
  name: string;
  input: string;
  value?: unknown;
  rule?: string;
}

/** Class 4: Python tuples as arrays. */
const TUPLES: Row[] = [
  { name: "a tuple as a member", input: '{"pt": (1, 2)}', value: { pt: [1, 2] } },
  { name: "a tuple at the start", input: '("a", "b")', value: ["a", "b"] },
  {
    name: "tuples in an array",
    input: '[("a", "b"), ("c", "d")]',
    value: [["a", "b"], ["c", "d"]],
  },
  { name: "a tuple of one", input: '{"a": (1,)}', value: { a: [1] } },
  { name: "an empty tuple", input: '{"a": ()}', value: { a: [] } },
  // Two readings: still refused.
  {
    name: "one item in parentheses (the item itself in Python)",
    input: '{"a": ("x")}',
    rule: "R066",
  },
  { name: "a tuple closed by a bracket", input: '{"a": (1, 2]}', rule: "R026" },
  {
    name: "a number in parentheses opening prose",
    input: '(1) Call the tool with {"a":1}',
    value: { a: 1 },
  },
];

/** Class 6: small structural slips with one reading. */
const SLIPS: Row[] = [
  { name: "a leading comma in an object", input: '{, "a": 1}', value: { a: 1 } },
  { name: "a leading comma and spaces", input: '{ ,\n "a": 1, "b": 2}', value: { a: 1, b: 2 } },
  { name: "one redundant brace", input: '{"a": 1}}', value: { a: 1 } },
  { name: "one redundant bracket", input: "[1, 2]]", value: [1, 2] },
  { name: "a redundant brace then a line break", input: '{"a": 1}}\n', value: { a: 1 } },
  { name: "members on separate lines", input: '{"a": 1\n"b": 2}', value: { a: 1, b: 2 } },
  { name: "strings on separate lines", input: '{"a": "x"\n"b": "y"}', value: { a: "x", b: "y" } },
  { name: "a zero-width space between tokens", input: '{"a":\u200B1}', value: { a: 1 } },
  { name: "a word joiner before a key", input: '{\u2060"a": 1}', value: { a: 1 } },
  { name: "a zero-width joiner after a comma", input: "[1,\u200D2]", value: [1, 2] },
  { name: "TRUE in capitals", input: '{"a": TRUE}', value: { a: true } },
  { name: "Null capitalised", input: '{"a": Null}', value: { a: null } },
  { name: "FALSE and NULL", input: "[FALSE, NULL]", value: [false, null] },
  { name: "a key repeated with the same number", input: '{"a": 1, "a": 1}', value: { a: 1 } },
  { name: "a key repeated with the same string", input: '{"k": "x", "k": "x"}', value: { k: "x" } },
  { name: "digit separators", input: '{"n": 1_000_000}', value: { n: 1000000 } },
  { name: "digit separators in an array", input: "[12_345, 6]", value: [12345, 6] },
  // Two readings: still refused.
  {
    name: "a comma before an array's first item (a hole in JavaScript)",
    input: "[, 1]",
    rule: "R031",
  },
  { name: "two commas between members", input: '{"a": 1,, "b": 2}', rule: "R031" },
  { name: "a closer of the other kind", input: '{"a": 1}]', rule: "R027" },
  { name: "a redundant closer, then more", input: '{"a": 1}} and more', rule: "R027" },
  { name: "a closer, then members", input: '{"a": 1}}, "b": 2}', rule: "R027" },
  { name: "strings side by side on one line", input: '{"a": "x" "b": "y"}', rule: "R041" },
  { name: "a key repeated with another value", input: '{"a": 1, "a": 2}', rule: "R032" },
  { name: "a key repeated with the same object", input: '{"a": {}, "a": {}}', rule: "R032" },
  { name: "a separator after a leading zero", input: "[0_1]", rule: "R041" },
  { name: "a root number with a separator is prose", input: "1_000" },
  { name: "a zero-width space inside a key", input: '{"a\u200B": 1}', rule: "R038" },
];

/** Class 7: text that is not output. */
const NOT_OUTPUT: Row[] = [
  {
    name: "a reasoning block before the value",
    input: '<think>\nMaybe {"q": "a"}? No, b.\n</think>\n{"q": "b"}',
    value: { q: "b" },
  },
  {
    name: "a thinking block and a fence",
    input: '<thinking>draft: {"q": 1}</thinking>\n```json\n{"q": 2}\n```',
    value: { q: 2 },
  },
  {
    name: "an empty list mentioned in a note",
    input: '{"q": "x"}\n\n(returns an empty list [] when nothing matches)',
    value: { q: "x" },
  },
  {
    name: "an empty object mentioned in a note",
    input: '{"q": "x"} (an empty filter {} matches everything)',
    value: { q: "x" },
  },
  // Two readings: still refused.
  { name: "a reasoning block never closed", input: '<think>{"q": 1}' },
  { name: "a second presented value on its own line", input: '{"q": "x"}\n{}', rule: "R040" },
  { name: "a second value offered as an alternative", input: '{"q": "x"} or {}', rule: "R040" },
  { name: "a non-empty value in a note", input: '{"q": "x"} (or {"q": "y"})', rule: "R040" },
];

/** Class 1: quotes inside a string that the model forgot to escape. */
const INNER_QUOTES: Row[] = [
  {
    name: "quoted speech",
    input: '{"note": "She said "yes" twice", "id": 7}',
    value: { note: 'She said "yes" twice', id: 7 },
  },
  {
    name: "an HTML attribute",
    input: '{"html": "<a href="x">link</a>", "n": 1}',
    value: { html: '<a href="x">link</a>', n: 1 },
  },
  { name: "inches", input: '{"h": "5 foot 11" tall"}', value: { h: '5 foot 11" tall' } },
  { name: "in an array", input: '["say "hi" now", "b"]', value: ['say "hi" now', "b"] },
  {
    name: "a quoted part at the string's end, before a comma",
    input: '{"query": "SELECT * FROM t WHERE name = "bob"", "limit": 5}',
    value: { query: 'SELECT * FROM t WHERE name = "bob"', limit: 5 },
  },
  {
    name: "a quoted part at the string's end, before the closer",
    input: '{"msg": "He said "hi""}',
    value: { msg: 'He said "hi"' },
  },
  {
    name: "a quoted part at the end, in an array, across lines",
    input: '["a "b"" \n, "c"]',
    value: ['a "b"', "c"],
  },
  // Two readings: still refused.
  { name: "a doubled quote with no inner quote before it", input: '{"a": "x"", "b": 1}' },
  { name: "a doubled quote before a word", input: '{"a": "say "hi"" now}' },
  // Two readings: still refused.
  { name: "a string the input ends inside", input: '{"a": "say "hi', rule: "R020" },
  { name: "a quote followed by a comma", input: '{"a": "he said "hi", then left", "b": 1}' },
  { name: "embedded JSON", input: '{"payload": "{"a": 1}"}' },
];

/** Class 2: a wrong inner closer that the rest confirms. */
const INNER_CLOSERS: Row[] = [
  {
    name: "a brace for a bracket, members after",
    input: '{"tags": ["a", "b"}, "n": 2}',
    value: { tags: ["a", "b"], n: 2 },
  },
  {
    name: "a bracket for a brace, items after",
    input: '[{"a": 1], {"b": 2}]',
    value: [{ a: 1 }, { b: 2 }],
  },
  {
    name: "deeper in the document",
    input: '[{"x": {"tags": ["a", "b"}, "n": 2}}]',
    value: [{ x: { tags: ["a", "b"], n: 2 } }],
  },
  // Two readings: still refused.
  {
    name: "nothing after it (or the root closed there)",
    input: '{"tags": ["a", "b"}',
    rule: "R026",
  },
  { name: "no enclosing container of its kind", input: "[1, 2}", rule: "R026" },
  { name: "two containers left open", input: '{"a": [[1, 2}, "b": 3}', rule: "R064" },
];

/** Class 3: bare text in value position that is plainly text. */
const BARE_TEXT: Row[] = [
  {
    name: "two words",
    input: '{"city": New York, "zip": "10001"}',
    value: { city: "New York", zip: "10001" },
  },
  {
    name: "a URL with its slashes",
    input: "{url: https://example.com/a}",
    value: { url: "https://example.com/a" },
  },
  { name: "an address", input: '{"to": ops@example.com}', value: { to: "ops@example.com" } },
  {
    name: "words up to the closing brace",
    input: '{"note": call me later}',
    value: { note: "call me later" },
  },
  // Two readings: still refused.
  { name: "one word (a name in JavaScript)", input: '{"a": hello}', rule: "R030" },
  { name: "a property access", input: '{"a": hello.world}', rule: "R030" },
  { name: "an expression", input: '{"a": x - y}', rule: "R030" },
  { name: "text cut by a line break", input: '{"a": New York\n}', rule: "R030" },
  { name: "text in an array", input: "[New York]", rule: "R030" },
];

/** Class 8: unquoted keys every reader turns into the same string. */
const KEYS: Row[] = [
  { name: "an integer key", input: '{2: "b"}', value: { 2: "b" } },
  { name: "a larger integer key", input: "{10: 1, 11: 2}", value: { 10: 1, 11: 2 } },
  { name: "true as a key", input: "{true: 1}", value: { true: 1 } },
  { name: "null as a key", input: "{null: 0}", value: { null: 0 } },
  // Two readings: still refused.
  { name: "an exponent key", input: "{1e5: 1}", rule: "R043" },
  {
    name: "an integer key with no colon (digit groups?)",
    input: '{"n": 42, 764 52}',
    rule: "R043",
  },
  { name: "a literal key with no colon", input: '{"n": 1, true 2}', rule: "R043" },
  { name: "a hex key", input: "{0x10: 1}", rule: "R043" },
  { name: "a decimal key", input: "{1.50: 1}", rule: "R043" },
  { name: "a leading zero key", input: "{01: 1}", rule: "R043" },
  { name: "Python's True as a key", input: "{True: 1}", rule: "R043" },
  { name: "a key too long to stay exact", input: "{1234567890123456: 1}", rule: "R043" },
];

/**
 * Class 5: a whole document JSON-escaped once (`R067`). One reading: the span from the first
 * bracket to the last is JSON string content holding escaped quotes and no raw one, and the
 * unescaped text is accepted. A raw quote beside escaped ones, a second escaping, or an
 * unescaped text that is itself refused stays refused.
 */
const ESCAPED: Row[] = [
  { name: "an object escaped once", input: '{\\"a\\": 1}', value: { a: 1 } },
  {
    name: "an array escaped once",
    input: '[\\"x\\", {\\"k\\": \\"v\\"}]',
    value: ["x", { k: "v" }],
  },
  {
    name: "an escaped newline escape inside a string",
    input: '{\\"cmd\\": \\"echo a\\\\nb\\"}',
    value: { cmd: "echo a\nb" },
  },
  {
    name: "an escaped backslash inside a string",
    input: '{\\"path\\": \\"C:\\\\\\\\Users\\"}',
    value: { path: "C:\\Users" },
  },
  {
    name: "an escaped quote inside a string",
    input: '{\\"q\\": \\"say \\\\\\"hi\\\\\\"\\"}',
    value: { q: 'say "hi"' },
  },
  {
    name: "a pretty-printed document escaped once",
    input: '{\\n  \\"a\\": 1,\\n  \\"b\\": [true, null]\\n}',
    value: { a: 1, b: [true, null] },
  },
  {
    name: "an escaped unicode escape",
    input: '{\\"city\\": \\"Z\\\\u00fcrich\\"}',
    value: { city: "Z\u00fcrich" },
  },
  { name: "an escaped slash", input: '{\\"url\\": \\"a\\/b\\"}', value: { url: "a/b" } },
  {
    name: "numbers and literals",
    input: '{\\"n\\": 2, \\"ok\\": true, \\"x\\": null}',
    value: { n: 2, ok: true, x: null },
  },
  { name: "inside a fence", input: '```json\n{\\"a\\": 1}\n```', value: { a: 1 } },
  { name: "after a lead-in", input: 'Here are the arguments: {\\"a\\": 1}', value: { a: 1 } },
  // Two readings, or no acceptable one: still refused.
  { name: "escaped and raw quotes mixed", input: '{\\"a\\": 1, "b": 2}' },
  { name: "a raw string inside", input: '{\\"a\\": "x"}' },
  { name: "escaped twice", input: '{\\\\\\"a\\\\\\": 1}' },
  { name: "cut by the end of the input", input: '{\\"a\\": 1' },
  { name: "an escape JSON does not know", input: '{\\"p\\": \\"C:\\Users\\"}' },
  { name: "a raw line break inside", input: '{\\"a\\":\n1}' },
  { name: "a duplicate key once unescaped", input: '{\\"a\\": 1, \\"a\\": 2}' },
  { name: "two escaped documents", input: '{\\"a\\": 1} {\\"b\\": 2}' },
  { name: "a lossy value once unescaped", input: '{\\"a\\": undefined}' },
];

/** Checks a row under `agent`, and that no other profile executes another value. */
function check(row: Row): void {
  const result = gate(row.input);
  if ("value" in row) {
    assert.equal(result.executable, true, `${result.decision}: ${result.error?.message}`);
    assert.deepStrictEqual(result.value, row.value);
  } else {
    assert.equal(result.executable, false, `executed ${JSON.stringify(result.value)}`);
    if (row.rule !== undefined) {
      assert.ok(
        result.repairs.some((r) => r.rule === row.rule),
        `${row.rule} among ${result.repairs.map((r) => r.rule)}`,
      );
    }
  }
  for (const profile of PROFILE_NAMES) {
    const other = gate(row.input, { profile });
    if (other.executable) {
      assert.ok("value" in row, `${profile} executed ${JSON.stringify(other.value)}`);
      assert.deepStrictEqual(other.value, row.value, profile);
    }
  }
}

for (
  const { behaviour, rows } of [
    { behaviour: "class 1: quotes inside a string with one split", rows: INNER_QUOTES },
    { behaviour: "class 2: a wrong inner closer the rest confirms", rows: INNER_CLOSERS },
    { behaviour: "class 3: bare text that is plainly text", rows: BARE_TEXT },
    { behaviour: "class 4: Python tuples as arrays", rows: TUPLES },
    { behaviour: "class 6: small slips with one reading", rows: SLIPS },
    { behaviour: "class 7: text that is not output", rows: NOT_OUTPUT },
    { behaviour: "class 8: unquoted keys with one reading", rows: KEYS },
    { behaviour: "class 5: a document escaped once (R067)", rows: ESCAPED },
  ] as const
) {
  Deno.test(`fewer refusals: ${behaviour}`, async (t) => {
    for (const row of rows) await t.step(row.name, () => check(row));
  });
}

Deno.test("fewer refusals: class 5, an escaped document names R067 where it is read, and only there", async (t) => {
  for (const row of ESCAPED) {
    await t.step(row.name, () => {
      const result = gate(row.input);
      const named = result.repairs.some((r) => r.rule === "R067");
      assert.equal(named, "value" in row, result.repairs.map((r) => r.rule).join(" "));
      if ("value" in row) {
        assert.equal(result.decision, "cosmetic_repair");
        assert.equal(result.valid_json, false);
        assert.ok(result.repairs.every((r) => r.offset <= row.input.length));
      }
    });
  }
});

Deno.test("fewer refusals: docs/PROFILES.md's table says which profile accepts which class", async () => {
  const doc = await Deno.readTextFile(new URL("../docs/PROFILES.md", import.meta.url));
  const start = doc.indexOf("<!-- classes of issue 22 -->");
  const end = doc.indexOf("<!-- end of the classes of issue 22 -->");
  assert.ok(start >= 0 && end > start, "the table's markers");
  const rows = doc.slice(start, end).split("\n").filter((line) => /^\| \d/.test(line));
  assert.ok(rows.length >= 10, "rows");
  for (const line of rows) {
    const cells = line.split(" | ").map((cell) => cell.replace(/^\| /, "").replace(/ \|$/, ""));
    const input = JSON.parse(cells[1].slice(1, -1)) as string;
    PROFILE_NAMES.forEach((profile, k) => {
      const result = gate(input, { profile });
      const said = cells[2 + k];
      assert.equal(result.executable ? "—" : result.error?.code, said, `${cells[0]} ${profile}`);
    });
  }
});
