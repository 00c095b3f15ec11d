/**
 * One reading or none (issue 21): a value is executed only when it is the one reading of what the
 * model wrote. Each table below pins one class, under `agent` (the profile that skips prose) and
 * under every other profile, which repairs but never skips prose: a row that `agent` refuses is
 * never executed by any profile, and a row that `agent` accepts is never executed with another
 * value.
 *
 * - class 1: text around the value is skipped only when it is framing (docs/ENGINE.md,
 *   "Candidates"): lead-ins, labels, list markers, wrappers and fences, reasoning blocks,
 *   sign-offs; a negation, question, example, hypothetical or retraction is `R050`;
 * - class 2: a literal that is an operand in code, or stands in text that reads as code, is `R051`;
 * - class 3: a comment after the value follows the framing rules; one inside it that negates,
 *   retracts or marks it as an example is `R056`; an explanatory one (`// seconds`) is cosmetic;
 * - class 4: a document that goes on after the root closes is `R052` (lossy);
 * - class 5: inferred tokens never chain (`R053`), adjacent strings on one line are `R041`,
 *   Python triple quotes `R054`;
 * - class 7: a leading `+` on a number is `R055`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, PROFILE_NAMES } from "../mod.ts";

/** A row: a text, and either the value `agent` executes or the rule (and code) it refuses with. */
interface Row {
  name: string;
  input: string;
  value?: unknown;
  rule?: string;
  code?: string;
}

const ARGS = '{"city":"Paris","units":"metric"}';
const ARGS_VALUE = { city: "Paris", units: "metric" };
const DROP = '{"op":"drop_table"}';

/** Framing real models and agent frameworks write: accepted, the value read exactly. */
const FRAMING: Row[] = [
  { name: "a lead-in with a colon", input: `Here are the arguments:\n${ARGS}` },
  {
    name: "an opener and a fence",
    input: `Sure! Here's the JSON you asked for:\n\`\`\`json\n${ARGS}\n\`\`\``,
  },
  {
    name: "a fence and a sign-off",
    input: `\`\`\`json\n${ARGS}\n\`\`\`\nLet me know if you need anything else!`,
  },
  { name: "a ReAct action and its input", input: `Action: get_weather\nAction Input: ${ARGS}` },
  {
    name: "a ReAct thought, action and input",
    input: `Thought: I need the current weather first.\nAction: get_weather\nAction Input: ${ARGS}`,
  },
  { name: "a Hermes tool_call wrapper", input: `<tool_call>\n${ARGS}\n</tool_call>` },
  { name: "Mistral's TOOL_CALLS marker", input: `[TOOL_CALLS] [${ARGS}]`, value: [ARGS_VALUE] },
  { name: "Llama's python_tag", input: `<|python_tag|>${ARGS}` },
  { name: "Llama's function tag", input: `<function=get_weather>${ARGS}</function>` },
  { name: "a chat template's special tokens", input: `<|im_start|>assistant\n${ARGS}<|im_end|>` },
  {
    name: "a reasoning block holding a draft",
    input: `<think>\nThe user wants Paris. Maybe {"city":"Rome"}? No.\n</think>\n${ARGS}`,
  },
  {
    name: "a reasoning block then a lead-in",
    input: `<thinking>drafts</thinking>\nHere you go:\n${ARGS}`,
  },
  {
    name: "a tool named in inline code",
    input: `I'll call the \`get_weather\` tool with these arguments:\n${ARGS}`,
  },
  { name: "a tool named in snake case", input: `Calling get_weather with:\n${ARGS}` },
  { name: "a label on the value's line", input: `Arguments: ${ARGS}` },
  { name: "a bold label and a fence", input: `**Arguments:**\n\`\`\`json\n${ARGS}\n\`\`\`` },
  { name: "a numbered list marker", input: `1. ${ARGS}` },
  { name: "a dash list marker", input: `- ${ARGS}` },
  {
    name: "an opener and a sign-off",
    input: `Okay, here is the function call:\n\n${ARGS}\n\nHope this helps!`,
  },
  { name: "a fence with a jsonc tag", input: `\`\`\`jsonc\n${ARGS}\n\`\`\`` },
  { name: "a fence with a c++ tag", input: `\`\`\`c++\n${ARGS}\n\`\`\`` },
  { name: "a label and a bare fence", input: `Tool call:\n\`\`\`\n${ARGS}\n\`\`\`` },
  { name: "a JSON label", input: `JSON:\n${ARGS}` },
  { name: "here you go", input: `Here you go: ${ARGS}` },
  { name: "a final answer label", input: `Final Answer: ${ARGS}` },
  { name: "thanks after", input: `${ARGS}\n\nThanks!` },
  { name: "a formal lead-in", input: `Certainly! Below is the JSON object:\n\n${ARGS}` },
  { name: "a neutral comment after", input: `${ARGS} // arguments for the call` },
  { name: "a sign-off question", input: `<tool_call>${ARGS}</tool_call>\nAnything else?` },
  { name: "an input label", input: `Input:\n${ARGS}` },
  { name: "a request body", input: `Here is the request body:\n${ARGS}` },
  {
    name: "based on the request",
    input: `Based on your request, here are the parameters:\n${ARGS}`,
  },
  { name: "a value in a sentence of framing words", input: `Call the tool with ${ARGS} now.` },
  { name: "a note on its own line after", input: `${ARGS}\n\nThis sets the city and the units.` },
  { name: "a markdown heading before", input: `## Tool call\n${ARGS}` },
  { name: "inline code", input: `\`${ARGS}\`` },
  { name: "a sign-off after a comma", input: `${ARGS}, let me know!` },
  { name: "a tool_call wrapper under one line", input: `<tool_call>${ARGS}</tool_call>` },
  { name: "a json wrapper with a lead-in", input: `Here it is:\n<json>${ARGS}</json>` },
  {
    name: "a reasoning block with a draft, the value on its closing line",
    input: `<think>maybe {"city": "Rome"}? no</think>${ARGS}`,
  },
  {
    name: "a reasoning block with a draft, a space, then the value",
    input: `<thinking>try [1, 2] first</thinking> ${ARGS}`,
  },
];

/** Prose that says something about the value: refused, naming the text (`R050`). */
const NOT_FRAMING: Row[] = [
  { name: "avoidance", input: `Avoid calling ${DROP} here.` },
  { name: "a negation", input: `Do not run ${DROP}.` },
  { name: "never", input: `Never send ${DROP}` },
  { name: "a question about the value", input: `Would ${DROP} work for you?` },
  { name: "a question before the value", input: `Should I send ${DROP}?` },
  { name: "a question after the value", input: `${DROP}\nIs this correct?` },
  { name: "e.g.", input: `e.g. ${DROP}` },
  { name: "for example", input: `For example: ${DROP}` },
  { name: "an example in a sentence", input: `An example call looks like ${DROP}.` },
  { name: "a sample payload", input: `Here's a sample payload: ${DROP}` },
  { name: "a hypothetical", input: `If I were allowed to, I'd send ${DROP}.` },
  { name: "hypothetically", input: `Hypothetically: ${DROP}` },
  { name: "a retraction after a dash", input: `${DROP} — scratch that, wrong table.` },
  { name: "a retraction on the next line", input: `${DROP}\nWait, that is wrong.` },
  { name: "ignore that", input: `${DROP}\n\nActually, ignore that.` },
  { name: "a condition after the value", input: `${DROP} is what I would send if you confirm.` },
  { name: "a refusal", input: `I can't run ${DROP} for you.` },
  { name: "a hedge", input: `Something like ${DROP} maybe.` },
  { name: "instead of", input: `Instead of ${DROP}, list the tables.` },
  { name: "an example comment after", input: `${DROP} // example only` },
  { name: "a negating comment before", input: `/* do not run */ ${DROP}` },
  { name: "an example heading", input: `# Example\n${DROP}` },
  { name: "don't as a label", input: `Don't: ${DROP}` },
  { name: "an example wrapper", input: `<example>${DROP}</example>` },
  { name: "a placeholder note", input: `${DROP}\n(placeholder values)` },
  { name: "a test note", input: `Here is a dummy call:\n${DROP}` },
  { name: "a retracting sign-off", input: `${DROP}\nSorry, wrong table.` },
  {
    name: "a question sign-off about the value",
    input: `${DROP}\nDo you want me to run it instead?`,
  },
  { name: "a mention in a sentence", input: `The tool was called with ${DROP} yesterday.` },
  { name: "struck through", input: `~~${DROP}~~` },
  { name: "a quoted block", input: `> ${DROP}` },
  { name: "a past call", input: `I have called the tool with ${DROP}.` },
  { name: "a joke in parentheses", input: `${DROP} (just kidding)` },
  { name: "a joke on the next line", input: `${DROP}\nlol, jk` },
  { name: "never mind", input: `${DROP}\nNevermind, forget it.` },
  { name: "a cancellation", input: `${DROP}\n\nCancel that request.` },
  { name: "a condition with unless", input: `${DROP}\n(unless the table is still in use)` },
  { name: "a contrast with but", input: `${DROP}\nBut please check with the DBA first.` },
  { name: "a doubt", input: `${DROP}\nHmm, I doubt this is right.` },
  { name: "a draft", input: `Draft:\n${DROP}` },
  { name: "a warning", input: `${DROP}\nWarning: this is destructive and irreversible.` },
  { name: "a typo note", input: `${DROP}\n(typo, the table is users_old)` },
];

/** A literal in a program is not the arguments (`R051`). */
const CODE: Row[] = [
  { name: "a list assigned to a variable", input: 'files = ["a", "b"]' },
  { name: "an object assigned", input: 'args = {"a": 1}' },
  { name: "a declaration", input: 'const payload = {"a": 1};' },
  { name: "an argument to a call", input: 'print(json.dumps({"a": 1}))' },
  { name: "a keyword argument", input: 'requests.post(url, json={"a": 1})' },
  { name: "a return", input: 'return {"a": 1}' },
  { name: "a function body", input: "def f():\n    return [1, 2]" },
  { name: "an empty initialiser", input: "result = []" },
  { name: "a fenced program", input: '```python\nimport json\ndata = {"a": 1}\n```' },
  { name: "a method call", input: 'tool.invoke({"a": 1})' },
  { name: "a method on the value", input: '{"a": 1}.keys()' },
  { name: "a walrus", input: "x := [1, 2]" },
  { name: "a loop over a literal", input: "for x in [1, 2]:" },
  { name: "a let with a semicolon", input: "let v = [1, 2];" },
  { name: "console.log", input: "console.log({a: 1})" },
  { name: "an import line above", input: 'import os\n{"a": 1}' },
  { name: "an index assignment", input: 'foo[0] = {"a":1}' },
];

/** Comments: after the value they follow the framing rules; inside, explanation stays cosmetic. */
const COMMENTS: Row[] = [
  {
    name: "a unit after a member",
    input: '{"ttl": 300, // seconds\n"a": 1}',
    value: { ttl: 300, a: 1 },
  },
  { name: "a block comment naming a member", input: '{"a": 1 /* the id */}', value: { a: 1 } },
  { name: "a hash comment", input: '{"path": "/tmp" # where to write\n}', value: { path: "/tmp" } },
  {
    name: "a comment line above a member",
    input: '{\n  // the user id\n  "id": 7\n}',
    value: { id: 7 },
  },
  { name: "a neutral comment after the root", input: '{"a": 1} // the arguments', value: { a: 1 } },
  { name: "an example comment inside", input: '{"op": "drop" /* example only */}', rule: "R056" },
  {
    name: "a negating comment inside",
    input: '{"op": "drop", // do not run\n"t": 1}',
    rule: "R056",
  },
  { name: "a placeholder comment", input: '{"id": 7 // placeholder\n}', rule: "R056" },
  { name: "a correcting comment", input: '{"a": 1 /* wrong, use 2 */}', rule: "R056" },
  { name: "a todo comment", input: '{"a": 1 // TODO fix\n}', rule: "R056" },
  { name: "a questioning comment", input: '{"a": 1 // right?\n}', rule: "R056" },
  { name: "a hedging comment", input: '{"a": 1 # maybe 2\n}', rule: "R056" },
  {
    name: "an illustration after the root",
    input: `${DROP} // just an illustration`,
    rule: "R050",
  },
  { name: "a negation after the root", input: `${DROP} # never run this`, rule: "R050" },
];

/** The document goes on after the root closed: lossy (`R052`). */
const PREMATURE: Row[] = [
  { name: "a member after the root", input: '{"to": "a@x.io"}, "cc": "b@x.io"}', code: "E010" },
  { name: "an element after the root", input: "[1, 2], 3]", code: "E010" },
  { name: "a nested object closed early", input: '{"a": {"b": 1}}, "c": 2}', code: "E010" },
  { name: "an unquoted key after", input: '{"a": 1}, b: 2}', code: "E010" },
  { name: "a closer after a comma", input: "[1, 2], ]", code: "E010" },
  { name: "a brace after a comma", input: '{"a":1}, }', code: "E010" },
  { name: "a literal element after", input: '{"a":1}, true]', code: "E010" },
  { name: "a member on the next line", input: '{"a":1},\n"b": 2\n}', code: "E010" },
  { name: "a negative element", input: "[1, 2],-3]", code: "E010" },
  { name: "a single-quoted key", input: "{'a': 1}, 'b': 2}", code: "E010" },
];

/** Prose after a comma is not a continuation: still framing. */
const NOT_PREMATURE: Row[] = [
  { name: "thanks after a comma", input: '{"a":1}, thanks!', value: { a: 1 } },
  { name: "a sign-off after a comma", input: '{"a":1}, let me know!', value: { a: 1 } },
];

/** Inferred tokens never chain; strings Python reads otherwise are ambiguous. */
const CHAINS: Row[] = [
  { name: "adjacent strings as a value", input: '{"files": "a.txt" "b.txt"}', rule: "R041" },
  { name: "adjacent strings before a colon", input: '{"a": "x" "y": 1}', rule: "R041" },
  { name: "adjacent strings in an array", input: '["a" "b"]', rule: "R041" },
  { name: "two arrays closed by a brace", input: '{"a":[[1}', rule: "R053" },
  { name: "three arrays closed by a brace", input: '{"a":[[[1}', rule: "R053" },
  { name: "objects closed by a bracket", input: '[{"a":{"b":1]', rule: "R053" },
  { name: "a triple-quoted string", input: '["""x"""]', rule: "R054" },
  { name: "a single-quoted triple", input: "{'a': '''x'''}", rule: "R054" },
  { name: "members on separate lines", input: '{"a": "x"\n"b": 1}', value: { a: "x", b: 1 } },
  { name: "numbers on separate lines", input: '{"a": 1\n"b": 2}', value: { a: 1, b: 2 } },
];

/**
 * Class 5, the class behind the chains: one member (or element) that needs two or more inferred
 * structural tokens (a comma before it, a colon inside it, quotes whose extent only an inferred
 * colon fixes, a closer standing for its value's own) is `R053 ChainedRepair`, lossy: refused by
 * every profile that repairs, and never executable under `permissive`, which allows lossy.
 */
const CHAINED_TOKENS: Row[] = [
  { name: "a comma and a colon on one line", input: '{"a":1 "b" 2}', rule: "R053" },
  { name: "a comma and a colon across lines", input: '{"a":1\n"b" 2}', rule: "R053" },
  { name: "a comma, a bare key and a colon", input: '{"a":1 b 2}', rule: "R053" },
  { name: "a list member after a string", input: '{"files": "a.txt"\n"n" 2}', rule: "R053" },
  { name: "single-quoted keys", input: "{'a':1 'b' 2}", rule: "R053" },
  { name: "typographic quotes", input: "{\u201ca\u201d:1 \u201cb\u201d 2}", rule: "R053" },
  { name: "an object as the invented value", input: '{"a":1 "b" {"c":1}}', rule: "R053" },
  { name: "an array as the invented value", input: '{"a":1 "b" [1, 2]}', rule: "R053" },
  { name: "a string as the invented value", input: '{"a":1\n"b" "c"}', rule: "R053" },
  { name: "a literal as the invented value", input: '{"a":1 "b" true}', rule: "R053" },
  { name: "a Python literal as the invented value", input: '{"a":1 "b" None}', rule: "R053" },
  { name: "a nested member", input: '{"a":{"b":1 "c" 2}}', rule: "R053" },
  { name: "inside an array of objects", input: '[{"a":1 "b" 2}]', rule: "R053" },
  { name: "a comment in the gap", input: '{"a":1 /* x */ "b" 2}', rule: "R053" },
  { name: "a third member after a chain", input: '{"a" 1 "b" 2 "c" 3}', rule: "R053" },
  { name: "a chain before a written comma", input: '{"a":1 "b" 2 ,"c":3}', rule: "R053" },
  { name: "a chain after an object value", input: '{"a" {"b":1} "c" 2}', rule: "R053" },
  { name: "a bare key and a colon", input: "{a 1}", rule: "R053" },
  { name: "a bare key and a colon after a comma", input: '{"a":1, b 2}', rule: "R053" },
  { name: "a colon and bare text", input: '{"city" New York}', rule: "R053" },
  { name: "a colon and a bare word", input: '{"a" hello}', rule: "R053" },
  { name: "a colon and a closer", input: '{"t" ["a", "b"}, "n": 2}', rule: "R053" },
  { name: "a comma and a closer", input: '{"x":1\n"t": ["a", "b"}, "n": 2}', rule: "R053" },
  { name: "a colon and a closer in an array", input: '[1, {"a" [1, 2}, "b": 3}]', rule: "R053" },
  { name: "a colon and a closer of a nested value", input: '{"t" [[1], 2}, "n": 2}', rule: "R053" },
  // One inferred token per member stays as it is.
  { name: "a lone missing colon", input: '{"a" 1}', value: { a: 1 } },
  { name: "a lone missing colon before a string", input: '{"a" "b"}', value: { a: "b" } },
  {
    name: "a lone missing colon before an array",
    input: '{"a" [1, 2], "b": 3}',
    value: { a: [1, 2], b: 3 },
  },
  { name: "a missing comma on one line", input: '{"a":1 "b":2}', value: { a: 1, b: 2 } },
  { name: "a missing comma across lines", input: '{"a":1\n"b":2}', value: { a: 1, b: 2 } },
  {
    name: "a missing comma before a bare key and its colon",
    input: '{"a":1\nb:2}',
    value: { a: 1, b: 2 },
  },
  { name: "bare keys with colons, a comma missing", input: "{a:1 b:2}", value: { a: 1, b: 2 } },
  {
    name: "a colon in one member, a comma before the next",
    input: '{"a" 1 "b":2}',
    value: { a: 1, b: 2 },
  },
  { name: "a colon in each of two members", input: '{"a" 1, "b" 2}', value: { a: 1, b: 2 } },
  {
    name: "a missing comma between objects",
    input: '[{"a":1} {"b":2}]',
    value: [{ a: 1 }, { b: 2 }],
  },
  {
    name: "a lone wrong closer",
    input: '{"t": ["a", "b"}, "n": 2}',
    value: { t: ["a", "b"], n: 2 },
  },
  {
    name: "a wrong closer and a colon elsewhere",
    input: '{"t": [1, 2}, "n" 2}',
    value: { t: [1, 2], n: 2 },
  },
  {
    name: "a comma before an element, a colon inside it",
    input: '[{"a":1} {"b" 2}]',
    value: [{ a: 1 }, { b: 2 }],
  },
  {
    name: "a colon in a member and in its object value",
    input: '{"a" {"b" 1}}',
    value: { a: { b: 1 } },
  },
  {
    name: "a missing comma before bare text after its colon",
    input: '{"a":1\n"city": New York}',
    value: { a: 1, city: "New York" },
  },
];

/** The profiles that repair: each refuses a chained row and executes a one-token row alike. */
const REPAIRING = ["agent", "execution", "permissive", "interactive"] as const;

/** A leading plus may be text the model meant (`R055`). */
const PLUS: Row[] = [
  { name: "a phone number", input: '{"phone": +15551234567}', rule: "R055" },
  { name: "a plus in an array", input: "[+1]", rule: "R055" },
  { name: "a plus fraction", input: '{"offset": +0.5}', rule: "R055" },
  { name: "a plus at the root", input: "+3", rule: "R055" },
  { name: "a plus hex number", input: "[+0x1F]", rule: "R055" },
  { name: "a minus is a number", input: '{"offset": -0.5}', value: { offset: -0.5 } },
];

/** Checks a row under `agent`: executes its value (ARGS by default for framing), or refuses. */
function checkAgent(row: Row, accepted: boolean): void {
  const result = gate(row.input);
  if (accepted) {
    assert.equal(result.executable, true, `${result.decision}: ${result.error?.message}`);
    assert.deepStrictEqual(result.value, "value" in row ? row.value : ARGS_VALUE);
    return;
  }
  assert.equal(result.executable, false, `executed ${JSON.stringify(result.value)}`);
  if (row.rule !== undefined) {
    assert.ok(
      result.repairs.some((r) => r.rule === row.rule),
      `${row.rule} among ${result.repairs.map((r) => r.rule)}`,
    );
  }
  if (row.code !== undefined) assert.equal(result.error?.code, row.code);
}

/** Under every profile: a refused row is refused; an accepted row never yields another value. */
function checkProfiles(row: Row, accepted: boolean): void {
  for (const profile of PROFILE_NAMES) {
    const result = gate(row.input, { profile });
    if (!result.executable) {
      assert.equal(result.value, null);
      assert.ok(result.retry !== null && result.retry.prompt.length > 0);
      continue;
    }
    assert.ok(accepted, `${profile} executed ${JSON.stringify(result.value)}`);
    assert.deepStrictEqual(result.value, "value" in row ? row.value : ARGS_VALUE, profile);
  }
}

const TABLES: { behaviour: string; rows: Row[]; accepted: (row: Row) => boolean; rule?: string }[] =
  [
    { behaviour: "class 1: framing models write is skipped", rows: FRAMING, accepted: () => true },
    {
      behaviour: "class 1: prose that changes the meaning is refused (R050)",
      rows: NOT_FRAMING,
      accepted: () => false,
      rule: "R050",
    },
    {
      behaviour: "class 2: a literal in code is not the arguments (R051)",
      rows: CODE,
      accepted: () => false,
      rule: "R051",
    },
    {
      behaviour: "class 3: comments follow the framing rules",
      rows: COMMENTS,
      accepted: (r) => "value" in r,
    },
    {
      behaviour: "class 4: a document that goes on after the root is lossy (R052)",
      rows: PREMATURE,
      accepted: () => false,
      rule: "R052",
    },
    {
      behaviour: "class 4: prose after a comma is not a continuation",
      rows: NOT_PREMATURE,
      accepted: () => true,
    },
    {
      behaviour: "class 5: inferred tokens never chain",
      rows: CHAINS,
      accepted: (r) => "value" in r,
    },
    {
      behaviour: "class 7: a leading plus is not cosmetic",
      rows: PLUS,
      accepted: (r) => "value" in r,
    },
  ];

for (const { behaviour, rows, accepted, rule } of TABLES) {
  Deno.test(`one reading: ${behaviour}`, async (t) => {
    for (const row of rows) {
      await t.step(row.name, () => {
        const withRule = rule !== undefined && row.rule === undefined ? { ...row, rule } : row;
        checkAgent(withRule, accepted(row));
        checkProfiles(row, accepted(row));
      });
    }
  });
}

Deno.test("one reading: class 5, two inferred tokens in one member are R053 under every repairing profile", async (t) => {
  for (const row of CHAINED_TOKENS) {
    await t.step(row.name, () => {
      for (const profile of REPAIRING) {
        const result = gate(row.input, { profile });
        if ("value" in row) {
          assert.equal(result.executable, true, `${profile}: ${result.error?.message}`);
          assert.deepStrictEqual(result.value, row.value, profile);
          assert.ok(!result.repairs.some((r) => r.rule === "R053"), profile);
          continue;
        }
        assert.equal(
          result.executable,
          false,
          `${profile} executed ${JSON.stringify(result.value)}`,
        );
        assert.ok(
          result.repairs.some((r) => r.rule === "R053" && r.severity === "lossy"),
          `${profile}: R053 among ${result.repairs.map((r) => r.rule)}`,
        );
      }
      checkProfiles(row, "value" in row);
    });
  }
});

Deno.test("one reading: the refusal names the text that is not framing", () => {
  const result = gate(`Avoid calling ${DROP} here.`);
  assert.equal(result.error?.rule, "R050");
  assert.match(result.retry!.prompt, /"Avoid calling"/);
  const code = gate('args = {"a": 1}');
  assert.equal(code.error?.rule, "R051");
  assert.match(code.retry!.prompt, /"args ="/);
});

Deno.test("one reading: a premature close names the offset of the comma", () => {
  const result = gate('{"to": "a@x.io"}, "cc": "b@x.io"}');
  assert.equal(result.error?.rule, "R052");
  assert.equal(result.error?.offset, 16);
});

Deno.test("one reading: only agent skips framing; the other profiles refuse prose (E002)", () => {
  for (const profile of ["execution", "permissive", "interactive"] as const) {
    assert.equal(
      gate(`Here are the arguments:\n${ARGS}`, { profile }).error?.code,
      "E002",
      profile,
    );
  }
});
