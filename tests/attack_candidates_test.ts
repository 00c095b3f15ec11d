/**
 * Candidates (values standing in prose or fences, and prose that is never a value): with `skip_prose` the value is
 * the one candidate the text holds, a fenced or wrapped block or an object or array standing in
 * prose. Nothing of the prose (a list number, a year, a quoted word, a citation `[1]`, the word
 * `None`) is ever the value; two or more candidates are refused (`R040 MultipleCandidates`) with
 * a prompt that says how many and where; a single candidate with text around it is cosmetic under
 * `agent`. Every executable answer here is also checked to agree with its own text.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, type GateResult } from "../mod.ts";
import { type AttackRow as Row, checkAttackRow } from "./fixtures/attack_rows.ts";

/** Checks a gate answer against its row; a refusal here also hands back no value. */
function checkRow(row: Row): GateResult {
  const result = checkAttackRow(row);
  if (!("value" in row)) assert.equal(result.value, null);
  return result;
}

// ------------------------------------------------------------- class 1: prose scalars

const PROSE_SCALARS: Row[] = [
  { name: "a citation opening prose", input: "[2], **Note:** None", code: "E003" },
  { name: "a citation before markup", input: "[1] </b>\n", code: "E003" },
  { name: "a citation then an object", input: '[1] {"a":1}', value: { a: 1 } },
  { name: "a citation at the end of prose", input: "Here: [1]", code: "E003" },
  { name: "two citations in prose", input: "Use [1], or [2]", code: "E003" },
  { name: "citations on their own line", input: "Sources: [1], [2]\n", code: "E003" },
  { name: "an array then a comment", input: "[1] // one", value: [1] },
  {
    name: "a list number",
    input: '1. Call the tool with {"path":"/tmp/x"}',
    value: { path: "/tmp/x" },
  },
  { name: "a count", input: '3 results found: {"a":1}', value: { a: 1 } },
  { name: "True in a sentence", input: 'True story. {"a":1}', value: { a: 1 } },
  // A negation next to the value is not framing (issue 21 class 1): refused, never misread.
  { name: "None in a sentence", input: 'None of these fit. {"a":1}', rule: "R050", code: "E011" },
  { name: "a quoted word", input: '"Sure!" she said. {"a":1}', value: { a: 1 } },
  { name: "a citation before the value", input: 'Step [1] done. {"a":1}', value: { a: 1 } },
  { name: "digits and letters", input: "12abc", code: "E003" },
  { name: "digit groups with underscores", input: "1_000", code: "E003" },
  { name: "a year", input: '2024 was a good year. {"a":1}', value: { a: 1 } },
  { name: "a key and value without braces", input: '"cmd": "rm -rf /"', code: "E003" },
  { name: "a single-quoted word", input: "'Sure!' {\"a\":1}", value: { a: 1 } },
  { name: "a literal then a comma", input: 'true, here it is: {"a":1}', value: { a: 1 } },
  { name: "a decimal in a sentence", input: '1.5 million users: {"a":1}', value: { a: 1 } },
  { name: "a negative number in a sentence", input: '-1 is the answer {"a":1}', value: { a: 1 } },
  { name: "a quoted word on its own line", input: '"a"\n{"b":1}', value: { b: 1 } },
  { name: "a numbered list", input: '1. First\n2. Second\n{"a":1}', value: { a: 1 } },
  { name: "a number then a parenthesis", input: '1) {"a":1}', value: { a: 1 } },
  { name: "a letter then a parenthesis", input: 'a) {"a":1}', value: { a: 1 } },
  { name: "a dash list marker", input: '- Call the tool with {"a":1}', value: { a: 1 } },
  { name: "a star list marker", input: '* {"a":1}', value: { a: 1 } },
  { name: "a plus list marker", input: '+ {"a":1}', value: { a: 1 } },
  { name: "a dash before the value", input: '- {"a":1}', value: { a: 1 } },
  { name: "a label in parentheses", input: '(args: {"a":1})', value: { a: 1 } },
  { name: "a step label", input: 'Step 1: {"a":1}', value: { a: 1 } },
  { name: "prose then a number only", input: "Answer: 42", code: "E003" },
  { name: "prose then a string only", input: 'Answer: "yes"', code: "E003" },
  { name: "prose then a literal only", input: "The answer is true", code: "E003" },
  { name: "a citation alone", input: "Step [1] done.", code: "E003" },
  { name: "a citation then a period", input: 'See [12]. {"a":1}', value: { a: 1 } },
  // The value as an operand in code is not the arguments (issue 21 class 2).
  { name: "an index in code", input: 'foo[0] = {"a":1}', rule: "R051", code: "E011" },
  { name: "an address", input: "192.168.1.1", code: "E003" },
  { name: "a date", input: "2024-11-15", code: "E003" },
  { name: "digits grouped by a narrow space", input: "1\u202F500", code: "E003" },
  { name: "digits grouped by a space", input: "1 500", code: "E003" },
  { name: "two strings", input: '"a" "b"', code: "E003" },
  { name: "a number then a closing bracket", input: "1]", code: "E003" },
  { name: "a number then garbage", input: "2@", code: "E003" },
  { name: "a version", input: 'v1.2.3 {"a":1}', value: { a: 1 } },
  { name: "a percentage", input: '50% done: {"a":1}', value: { a: 1 } },
  { name: "a price", input: '$5 for {"a":1}', value: { a: 1 } },
  { name: "a time", input: '10:30 run {"a":1}', value: { a: 1 } },
  // Words touching the value that are not framing (issue 21 class 1): refused, never misread.
  { name: "null in a sentence", input: 'null pointers aside, {"a":1}', rule: "R050", code: "E011" },
  { name: "false in a sentence", input: 'false alarm: {"a":1}', value: { a: 1 } },
  { name: "NaN in a sentence", input: 'NaN values: {"a":1}', value: { a: 1 } },
  { name: "Infinity in a sentence", input: 'Infinity and beyond {"a":1}', rule: "R050" },
  { name: "a negative zero in prose", input: '-0 is odd {"a":1}', rule: "R050" },
  { name: "a hex number in prose", input: '0x1F is 31 {"a":1}', value: { a: 1 } },
  { name: "a number then a line", input: '42\n{"a":1}', value: { a: 1 } },
  { name: "a typographic quote in prose", input: '\u201CSure\u201D {"a":1}', value: { a: 1 } },
  { name: "a number after a BOM, then prose", input: '\uFEFF7 days: {"a":1}', value: { a: 1 } },
  { name: "a number then a comment, then the value", input: '1 // one\n{"a":1}', value: { a: 1 } },
  { name: "a fenced scalar is still a value", input: "```\n42\n```", value: 42 },
  { name: "a scalar alone", input: "42", value: 42 },
  { name: "a negative number alone", input: "-3.5", value: -3.5 },
  { name: "a string alone", input: '"hello"', value: "hello" },
  { name: "None alone is Python's null", input: "None", value: null },
  { name: "null alone", input: " null ", value: null },
];

// ---------------------------------------------------------- class 2: several candidates

const SEVERAL: Row[] = [
  { name: "a hash glued to a second value", input: '{"a":1} #[2, 3]', code: "E011" },
  { name: "a hash tag then a second value", input: '{"a":1}\n#alt {"a":2}', code: "E011" },
  { name: "two arrays after a comma", input: "[1,2], [3]", code: "E011" },
  { name: "two citations after a comma", input: "[1], [2]", code: "E003" },
  { name: "an array right after an object", input: '{"a":1} [2]', code: "E011" },
  { name: "two arrays of numbers", input: "[1, 2] [3]", code: "E011" },
  { name: "two citations", input: "[1] [2]", code: "E003" },
  { name: "a literal array after a label", input: '[null] {"a":1}', code: "E011" },
  { name: "a number after the value", input: '{"a":1} 2', code: "E011" },
  { name: "a decimal on the next line", input: '{"a":1}\n2.5', code: "E011" },
  { name: "a list item holding a second value", input: '{"a":1}\n1. Or use {"a":2}', code: "E011" },
  { name: "a fenced scalar then an object", input: '```\n42\n```\n{"a":1}', code: "E011" },
  { name: "a wrapped scalar then an object", input: '<json>42</json> {"a":1}', code: "E011" },
  {
    name: "the worst case of the issue",
    input: 'Do NOT run {"cmd":"rm -rf /"} instead run {"cmd":"ls"}',
    code: "E011",
  },
  {
    name: "a correction after the value",
    input: '{"cmd":"rm -rf /tmp/a"}\nWait, that is wrong. Use: {"cmd":"ls"}',
    code: "E011",
  },
  {
    name: "two fenced blocks",
    input: '```json\n{"a":1}\n```\n\n```json\n{"a":2}\n```',
    code: "E011",
  },
  { name: "two bare fences", input: '```\n{"a":1}\n```\n```\n{"a":2}\n```', code: "E011" },
  { name: "or between two objects", input: '{"a":1} or {"a":2}', code: "E011" },
  { name: "and between two arrays", input: "[1,2] and [3,4]", code: "E011" },
  { name: "back to back", input: '{"a":1} {"a":2}', code: "E011" },
  { name: "an array after on its own line", input: '{"a":1}\n[{"b":2}]', code: "E011" },
  {
    name: "a fence then a bare object",
    input: '```json\n{"a":1}\n```\nor simply {"a":2}',
    code: "E011",
  },
  { name: "two options", input: 'Option A: {"a":1}\nOption B: {"a":2}', code: "E011" },
  { name: "inline code after", input: '{"a":1} or `{"a":2}`', code: "E011" },
  { name: "an array of words after", input: '{"a":1}\nAlternatively ["rm"]', code: "E011" },
  {
    name: "two wrappers",
    input: '<tool_call>{"a":1}</tool_call>\n<tool_call>{"a":2}</tool_call>',
    code: "E011",
  },
  { name: "a comma between two", input: '{"a":1}, {"a":2}', code: "E011" },
  { name: "a brace inside a string of the second", input: '{"a":"}"} and {"b":1}', code: "E011" },
  { name: "three candidates", input: 'x {"a":1} y {"b":{"c":[1,2]}} z {"d":3}', code: "E011" },
  { name: "a template before the value", input: 'Use {name} here: {"a":1}', code: "E011" },
  { name: "a nested second candidate", input: '{"a":1}\nthen {"b":{"c":{"d":[1]}}}', code: "E011" },
  {
    name: "a second candidate under execution",
    input: '{"a":1} or {"a":2}',
    profile: "execution",
    code: "E011",
  },
  {
    name: "a second candidate under strict",
    input: '{"a":1} or {"a":2}',
    profile: "strict",
    code: "E011",
  },
  {
    name: "a second candidate under permissive",
    input: '{"a":1} or {"a":2}',
    profile: "permissive",
  },
  { name: "an unclosed second candidate", input: '{"a":1} or {"a":', code: "E011" },
  { name: "an empty second object", input: '{"a":1} or {}', code: "E011" },
  { name: "an empty second array", input: '{"a":1} or []', code: "E011" },
  { name: "a second array of objects", input: 'Here {"a":1}. Also [{"b":2}]', code: "E011" },
  { name: "a second array of literals", input: 'Use {"a":1} - or [true]', code: "E011" },
  {
    name: "a second candidate after a markdown note",
    input: '{"a":1}\n\n**Note:** or {"a":2}',
    code: "E011",
  },
  {
    name: "a second value after a wrapper",
    input: '<json>{"a":1}</json> and {"a":2}',
    code: "E011",
  },
  {
    name: "a second value inside a second fence after prose",
    input: '~~~\n{"a":1}\n~~~\nNo:\n~~~\n{"a":2}\n~~~',
    code: "E011",
  },
  { name: "a second value after a citation", input: '{"a":1} see [1], or {"a":2}', code: "E011" },
];

// ------------------------------------------------------- fewer false refusals (one candidate)

const ONE_CANDIDATE: Row[] = [
  { name: "a hash number before the value", input: '#1: {"a":1}', value: { a: 1 } },
  { name: "a markdown title before the value", input: '# Title\n{"a":1}', value: { a: 1 } },
  { name: "a hash tag before the value", input: '#tag {"a":1}', value: { a: 1 } },
  { name: "a hash comment after", input: '{"a":1} # done', value: { a: 1 } },
  { name: "a markdown heading after", input: '{"a":1}\n## Why\nBecause.', value: { a: 1 } },
  {
    name: "a bracketed label before an array",
    input: '[TOOL_CALLS] [{"name":"x","arguments":{"a":1}}]',
    value: [{ name: "x", arguments: { a: 1 } }],
  },
  { name: "an instruction tag", input: '[INST] {"a":1}', value: { a: 1 } },
  { name: "a citation opening the text", input: '[1] Call the tool with {"a":1}', value: { a: 1 } },
  { name: "a word in brackets after", input: '{"a":1} [note]', value: { a: 1 } },
  { name: "a numbered list after", input: '{"a":1}\n\n1. First point\n2. Second', value: { a: 1 } },
  { name: "a parenthesized number after", input: '{"a":1}\n2) note', value: { a: 1 } },
  {
    name: "a list number inside a fence",
    input: '```\n1. Call the tool with {"a":1}\n```',
    value: { a: 1 },
  },
  { name: "a wrapped string", input: '<json>"x"</json>', value: "x" },
  { name: "a period after the value", input: '{"a":1}.', value: { a: 1 } },
  { name: "a comma and words after", input: 'Here you go: {"a":1}, let me know!', value: { a: 1 } },
  { name: "a markdown note after", input: '{"a":1}\n\n**Note:** this sets a.', value: { a: 1 } },
  { name: "a tool_call wrapper", input: '<tool_call>{"a":1}</tool_call>', value: { a: 1 } },
  {
    name: "a tool_call wrapper on lines",
    input: '<tool_call>\n{"name":"x","arguments":{"a":1}}\n</tool_call>',
    value: { name: "x", arguments: { a: 1 } },
  },
  { name: "a json wrapper", input: '<json>{"a":1}</json>', value: { a: 1 } },
  { name: "inline code", input: '`{"a":1}`', value: { a: 1 } },
  { name: "inline code around an array", input: "`[1,2]`", value: [1, 2] },
  { name: "inline code after prose", input: 'Sure! `{"a":1}`', value: { a: 1 } },
  { name: "a tilde fence", input: '~~~json\n{"a":1}\n~~~', value: { a: 1 } },
  { name: "a four-backtick fence", input: '````json\n{"a":1}\n````', value: { a: 1 } },
  {
    name: "a fence with prose around",
    input: 'Here:\n\n```json\n{"a":1}\n```\n\nThis calls the tool.',
    value: { a: 1 },
  },
  { name: "an exclamation mark", input: '{"a":1}!', value: { a: 1 } },
  { name: "a semicolon", input: '{"a":1};', value: { a: 1 } },
  { name: "a smiley", input: '{"a":1} :)', value: { a: 1 } },
  {
    name: "a closing sentence",
    input: '{"a":1}\n\nLet me know if you need anything else.',
    value: { a: 1 },
  },
  {
    name: "prose on both sides",
    input: 'Here is the JSON {"a":"x"} you asked for.',
    value: { a: "x" },
  },
  { name: "a list after", input: '{"a":1}\n- note 1\n- note 2', value: { a: 1 } },
  { name: "a dash and a word after", input: '{"a":1} - done', value: { a: 1 } },
  { name: "a citation after", input: '{"a":1} see [1].', value: { a: 1 } },
  {
    name: "braces inside the value's strings",
    input: '{"text":"use {x} and [1]"} ok',
    value: { text: "use {x} and [1]" },
  },
  { name: "a comment after", input: '{"cmd":"ls"} // {"cmd":"rm"}', value: { cmd: "ls" } },
  { name: "a comment before", input: '// {"cmd":"rm"}\n{"cmd":"ls"}', value: { cmd: "ls" } },
  { name: "a word in brackets after", input: '{"a":1} (the [optional] flag)', value: { a: 1 } },
  { name: "a lone bracket at the end", input: 'Here: {"a":1}  and [', value: { a: 1 } },
  { name: "an array of two in prose", input: "Here: [1, 2]", value: [1, 2] },
  {
    name: "a fence under execution",
    input: '```json\n{"a":1}\n```',
    profile: "execution",
    value: { a: 1 },
  },
  {
    name: "a wrapper under execution",
    input: '<json>{"a":1}</json>',
    profile: "execution",
    value: { a: 1 },
  },
  {
    name: "inline code under execution",
    input: '`{"a":1}`',
    profile: "execution",
    value: { a: 1 },
  },
];

/** Only `agent` skips prose: the other profiles refuse the same texts. */
const PROSE_REFUSED_ELSEWHERE: Row[] = [
  { name: "text after under execution", input: '{"a":1}.', profile: "execution", code: "E002" },
  { name: "a list marker under execution", input: '- {"a":1}', profile: "execution", code: "E002" },
  { name: "a list number under strict", input: '1. {"a":1}', profile: "strict", code: "E002" },
  {
    name: "a quoted word under execution",
    input: '"Sure!" she said. {"a":1}',
    profile: "execution",
    code: "E002",
  },
  { name: "prose under permissive", input: 'Here: {"a":1}', profile: "permissive", code: "E002" },
];

for (
  const { behaviour, rows } of [
    { behaviour: "class 1: nothing of the prose is the value", rows: PROSE_SCALARS },
    { behaviour: "class 2: more than one candidate is refused", rows: SEVERAL },
    { behaviour: "one candidate with text around it is cosmetic under agent", rows: ONE_CANDIDATE },
    { behaviour: "only agent skips prose", rows: PROSE_REFUSED_ELSEWHERE },
  ] as const
) {
  Deno.test(behaviour, async (t) => {
    for (const row of rows) await t.step(row.name, () => void checkRow(row));
  });
}

Deno.test("class 2: the prompt says how many candidates there are and where", async (t) => {
  const rows = [
    { input: '{"a":1} or {"a":2}', count: 2, offsets: [0, 11] },
    {
      input: 'Do NOT run {"cmd":"rm -rf /"} instead run {"cmd":"ls"}',
      count: 2,
      offsets: [11, 42],
    },
    { input: 'x {"a":1} y {"b":{"c":[1,2]}} z {"d":3}', count: 3, offsets: [2, 12, 32] },
    { input: '```json\n{"a":1}\n```\n\n```json\n{"a":2}\n```', count: 2, offsets: [8, 29] },
  ];
  for (const row of rows) {
    await t.step(row.input, () => {
      const result = gate(row.input);
      assert.equal(result.decision, "ambiguous");
      const prompt = result.retry!.prompt;
      assert.match(prompt, /R040 MultipleCandidates/);
      assert.match(prompt, new RegExp(`${row.count} candidate values`));
      for (const offset of row.offsets) assert.match(prompt, new RegExp(`\\(offset ${offset}\\)`));
    });
  }
});

Deno.test("class 2: the issue's worst case is refused with its declaration too", () => {
  const result = gate('Do NOT run {"cmd":"rm -rf /"} instead run {"cmd":"ls"}', {
    schema: "{!cmd:string}",
  });
  assert.equal(result.executable, false);
  assert.equal(result.decision, "ambiguous");
  assert.equal(result.value, null);
  assert.match(result.retry!.prompt, /2 candidate values, at line 1 column 12 \(offset 11\)/);
});

Deno.test("class 2: many candidates are counted, the first few placed", () => {
  const input = Array.from({ length: 20 }, (_, k) => `{"n":${k}}`).join(" or ");
  const result = gate(input);
  assert.equal(result.executable, false);
  assert.match(result.retry!.prompt, /20 candidate values/);
  assert.match(result.retry!.prompt, /and 11 more/);
});
