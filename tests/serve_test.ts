/**
 * `interjson serve`, the JSONL protocol v1: every operation answers exactly
 * what the library answers (wire field names), every protocol and caller
 * error has its code, the handle registry is bounded, answers come in
 * request order under pipelining, the framing is the one `interjson mcp`
 * uses (8 MiB cap, CRLF, blank lines, a last line without LF), and the
 * process runs with no permission flag at all. In-process through
 * `ServeSession` for the table, and on the real process for the wiring.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { gate, readiness, repair, validate } from "../mod.ts";
import { encodeResult } from "../serve/encode.ts";
import { SERVE_ERRORS } from "../serve/errors.ts";
import { OPERATIONS, ServeSession } from "../serve/session.ts";
import { CLI, ROOT } from "./mcp_harness.ts";

// deno-lint-ignore no-explicit-any
type Answer = any;

function ask(session: ServeSession, request: unknown): Answer {
  const line = session.handleLine(typeof request === "string" ? request : JSON.stringify(request));
  ok(!line.includes("\n"), "one line");
  return JSON.parse(line);
}

/** The library's answer as it looks after a trip through JSON. */
function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

const TRUNCATED = '{"query":"weather in Par';
const CHAT = "Sure! {'query': 'weather in Paris', 'limit': 3,}";
const DECL = "{!query:string,limit:integer}";
/** A JSON Schema with a vendor keyword: an annotation, or E070 with `strict_keywords`. */
const VENDOR_SCHEMA = {
  type: "object",
  properties: { query: { type: "string", "x-order": 0 } },
  required: ["query"],
};

// ---------------------------------------------------------------------------
// Operations: the library's own results.

Deno.test("serve: each operation answers the library's result", async (t) => {
  const rows = [
    { op: "gate", fields: { text: CHAT, schema: DECL }, expected: gate(CHAT, { schema: DECL }) },
    {
      op: "gate",
      fields: { text: TRUNCATED, schema: DECL },
      expected: gate(TRUNCATED, { schema: DECL }),
    },
    {
      op: "gate",
      fields: { text: "[1,2,]", profile: "strict", options: { max_depth: 4 } },
      expected: gate("[1,2,]", { profile: "strict", maxDepth: 4 }),
    },
    { op: "repair", fields: { text: CHAT }, expected: repair(CHAT) },
    {
      op: "repair",
      fields: { text: TRUNCATED, profile: "execution" },
      expected: repair(TRUNCATED, { profile: "execution" }),
    },
    {
      op: "validate",
      fields: { text: '{"query":"x"}', schema_json: { type: "object", required: ["limit"] } },
      expected: validate('{"query":"x"}', { schemaJson: { type: "object", required: ["limit"] } }),
    },
    {
      op: "readiness",
      fields: { text: '{"query":"x","limit":3} ', schema: DECL },
      expected: readiness('{"query":"x","limit":3} ', { schema: DECL }),
    },
    {
      op: "gate",
      fields: { text: '{"query":"x"}', schema_json: VENDOR_SCHEMA },
      expected: gate('{"query":"x"}', { schemaJson: VENDOR_SCHEMA }),
    },
    {
      op: "validate",
      fields: { text: '{"query":"x"}', schema_json: VENDOR_SCHEMA, strict_keywords: false },
      expected: validate('{"query":"x"}', { schemaJson: VENDOR_SCHEMA }),
    },
  ];
  for (const [i, row] of rows.entries()) {
    await t.step(`${row.op} ${JSON.stringify(row.fields).slice(0, 60)}`, () => {
      const answer = ask(new ServeSession(), { v: 1, id: i, op: row.op, ...row.fields });
      deepEqual(answer, { v: 1, id: i, ok: true, result: wire(row.expected) });
    });
  }
});

Deno.test("serve: a refusal is a result with the retry prompt, not an error", () => {
  const answer = ask(new ServeSession(), { v: 1, id: "r", op: "gate", text: TRUNCATED });
  equal(answer.ok, true);
  equal(answer.result.executable, false);
  match(answer.result.retry.prompt, /^InterJSON refused the arguments: E010 R010 CloseString/);
});

Deno.test("serve: hello lists versions, engine version and operations", () => {
  const answer = ask(new ServeSession({ maxHandles: 7 }), { v: 1, id: 0, op: "hello" });
  equal(answer.ok, true);
  deepEqual(answer.result.versions, [1]);
  deepEqual(answer.result.ops, [...OPERATIONS]);
  equal(answer.result.engine.name, "interjson");
  equal(answer.result.max_handles, 7);
  equal(answer.result.max_line_bytes, 8388608);
});

// ---------------------------------------------------------------------------
// compile and release.

Deno.test("serve: a compiled handle gives the same results as the one-shot call", async (t) => {
  const session = new ServeSession();
  const compiled = ask(session, { v: 1, id: 1, op: "compile", schema: DECL, profile: "execution" });
  deepEqual(compiled, { v: 1, id: 1, ok: true, result: { handle: "h1" } });
  for (const op of ["gate", "repair", "validate", "readiness"]) {
    await t.step(op, () => {
      for (const text of [CHAT, TRUNCATED, '{"query":"x","limit":"3"}']) {
        const viaHandle = ask(session, { v: 1, id: 2, op, text, declaration: "h1" });
        const fields = op === "gate" || op === "repair"
          ? { text, schema: DECL, profile: "execution" }
          : { text, schema: DECL };
        const oneShot = ask(new ServeSession(), { v: 1, id: 2, op, ...fields });
        deepEqual(viaHandle, oneShot);
      }
    });
  }
  await t.step("release frees the handle; it is never reused", () => {
    deepEqual(ask(session, { v: 1, id: 3, op: "release", handle: "h1" }).result, {
      released: "h1",
    });
    equal(
      ask(session, { v: 1, id: 4, op: "gate", text: "{}", declaration: "h1" }).error.code,
      "S006",
    );
    equal(ask(session, { v: 1, id: 5, op: "release", handle: "h1" }).error.code, "S006");
    equal(ask(session, { v: 1, id: 6, op: "compile", schema: DECL }).result.handle, "h2");
    equal(session.handles, 1);
  });
});

Deno.test("serve: the registry is bounded; a full one refuses and recovers after release", () => {
  const session = new ServeSession({ maxHandles: 3 });
  for (let i = 1; i <= 3; i++) {
    equal(ask(session, { v: 1, id: i, op: "compile", schema: DECL }).result.handle, `h${i}`);
  }
  const full = ask(session, { v: 1, id: 4, op: "compile", schema: DECL });
  equal(full.error.code, "S007");
  equal(ask(session, { v: 1, id: 5, op: "gate", text: "{}", declaration: "h3" }).ok, true);
  ask(session, { v: 1, id: 6, op: "release", handle: "h2" });
  equal(ask(session, { v: 1, id: 7, op: "compile", schema: DECL }).result.handle, "h4");
});

// ---------------------------------------------------------------------------
// Errors: every code.

const ERROR_ROWS: readonly { name: string; request: unknown; code: string; message: RegExp }[] = [
  { name: "a line that is not JSON", request: "{v:1", code: "S001", message: /not JSON/ },
  { name: "a request that is an array", request: [], code: "S003", message: /JSON object/ },
  { name: "no v", request: { id: 1, op: "hello" }, code: "S004", message: /supported versions: 1/ },
  {
    name: "an unknown v",
    request: { v: 2, id: 1, op: "hello" },
    code: "S004",
    message: /protocol version 2 is not supported; supported versions: 1/,
  },
  { name: "a string v", request: { v: "1", id: 1, op: "hello" }, code: "S004", message: /"1"/ },
  { name: "no id", request: { v: 1, op: "hello" }, code: "S003", message: /`id` is required/ },
  { name: "an object id", request: { v: 1, id: {}, op: "hello" }, code: "S003", message: /`id`/ },
  { name: "no op", request: { v: 1, id: 1 }, code: "S003", message: /`op` is required/ },
  {
    name: "an unknown op",
    request: { v: 1, id: 1, op: "gat" },
    code: "S005",
    message: /unknown op `gat` \(did you mean `gate`\?\)/,
  },
  {
    name: "no text",
    request: { v: 1, id: 1, op: "gate" },
    code: "S003",
    message: /`text` is required/,
  },
  {
    name: "a text that is not a string",
    request: { v: 1, id: 1, op: "gate", text: { a: 1 } },
    code: "S003",
    message: /`text` must be a string, got an object/,
  },
  {
    name: "an unknown field",
    request: { v: 1, id: 1, op: "gate", text: "{}", shcema: "{}" },
    code: "S003",
    message: /unknown field `shcema` for gate \(did you mean `schema`\?\)/,
  },
  {
    name: "a profile on validate",
    request: { v: 1, id: 1, op: "validate", text: "{}", profile: "strict" },
    code: "S003",
    message: /unknown field `profile` for validate/,
  },
  {
    name: "schema and schema_json together",
    request: { v: 1, id: 1, op: "gate", text: "{}", schema: "{}", schema_json: {} },
    code: "S003",
    message: /either `schema` or `schema_json`/,
  },
  {
    name: "strict_keywords not a boolean",
    request: { v: 1, id: 1, op: "gate", text: "{}", schema_json: {}, strict_keywords: 1 },
    code: "S003",
    message: /`strict_keywords` must be true or false, got a number/,
  },
  {
    name: "strict_keywords without schema_json",
    request: { v: 1, id: 1, op: "validate", text: "{}", schema: "{}", strict_keywords: true },
    code: "S003",
    message: /`strict_keywords` refuses unknown keywords of a JSON Schema: give `schema_json`/,
  },
  {
    name: "a handle with strict_keywords",
    request: { v: 1, id: 1, op: "gate", text: "{}", declaration: "h1", strict_keywords: true },
    code: "S003",
    message: /`strict_keywords` cannot be combined with a `declaration` handle/,
  },
  {
    name: "a handle with a profile",
    request: { v: 1, id: 1, op: "gate", text: "{}", declaration: "h1", profile: "strict" },
    code: "S003",
    message: /cannot be combined with a `declaration` handle/,
  },
  {
    name: "an unknown option",
    request: { v: 1, id: 1, op: "gate", text: "{}", options: { max_dept: 3 } },
    code: "S003",
    message: /unknown option `max_dept` \(did you mean `max_depth`\?\)/,
  },
  {
    name: "an unknown handle",
    request: { v: 1, id: 1, op: "gate", text: "{}", declaration: "h41" },
    code: "S006",
    message: /no live handle `h41`/,
  },
  {
    name: "compile without a declaration",
    request: { v: 1, id: 1, op: "compile", profile: "strict" },
    code: "S003",
    message: /compile needs `schema`/,
  },
  {
    name: "release without a handle",
    request: { v: 1, id: 1, op: "release" },
    code: "S003",
    message: /`handle` is required/,
  },
  {
    name: "an unknown profile",
    request: { v: 1, id: 1, op: "gate", text: "{}", profile: "lenient" },
    code: "E050",
    message: /^E050 OptionOutOfRange/,
  },
  {
    name: "an option out of range",
    request: { v: 1, id: 1, op: "repair", text: "{}", options: { max_depth: 0 } },
    code: "E050",
    message: /max_depth/,
  },
  {
    name: "a malformed declaration",
    request: { v: 1, id: 1, op: "validate", text: "{}", schema: "{!a:" },
    code: "E070",
    message: /^E070 SchemaError/,
  },
  {
    name: "a malformed declaration at compile",
    request: { v: 1, id: 1, op: "compile", schema: "{!a:" },
    code: "E070",
    message: /^E070 SchemaError/,
  },
  ...["gate", "repair", "validate", "readiness"].map((op) => ({
    name: `an unknown keyword with strict_keywords: ${op}`,
    request: { v: 1, id: 1, op, text: "{}", schema_json: VENDOR_SCHEMA, strict_keywords: true },
    code: "E070",
    message: /^E070 .*"x-order" at \/properties\/query/,
  })),
  {
    name: "an unknown keyword with strict_keywords at compile",
    request: { v: 1, id: 1, op: "compile", schema_json: VENDOR_SCHEMA, strict_keywords: true },
    code: "E070",
    message: /^E070 .*"x-order"/,
  },
  {
    name: "an unsupported JSON Schema keyword at compile",
    request: { v: 1, id: 1, op: "compile", schema_json: { $ref: "https://example.com/x" } },
    code: "E070",
    message: /^E070/,
  },
];

Deno.test("serve: every host mistake is ok:false with its code and a one-line message", async (t) => {
  const seen = new Set<string>();
  for (const row of ERROR_ROWS) {
    await t.step(row.name, () => {
      const answer = ask(new ServeSession(), row.request);
      deepEqual(Object.keys(answer), ["v", "id", "ok", "error"]);
      equal(answer.v, 1);
      equal(answer.ok, false);
      deepEqual(Object.keys(answer.error), ["code", "message"]);
      equal(answer.error.code, row.code);
      match(answer.error.message, row.message);
      ok(!answer.error.message.includes("\n"));
      const id = (row.request as { id?: unknown }).id;
      equal(answer.id, typeof id === "number" || typeof id === "string" ? id : null);
      seen.add(row.code);
    });
  }
  await t.step("the table covers every code but the framing and internal ones", () => {
    const untested = SERVE_ERRORS.map((e) => e.code).filter((code) => !seen.has(code));
    deepEqual(untested, ["S002", "S007", "S008"]); // S002 and S007 have their own tests below/above
  });
});

Deno.test("serve: any line at all gets exactly one JSON answer with v:1 (generated lines)", () => {
  const session = new ServeSession({ maxHandles: 4 });
  const pieces = [
    '{"v":1',
    ',"id":',
    "1",
    '"x"',
    ',"op":',
    '"gate"',
    '"compile"',
    '"release"',
    ',"text":',
    '"[1,"',
    '"{}"',
    ',"schema":"{!a:integer}"',
    ',"handle":"h1"',
    ',"declaration":"h1"',
    "}",
    "]",
    "null",
    "\u202E",
    "\\u",
    ",",
    ":",
    "{",
    "[",
    "1e999",
    '"',
  ];
  let seed = 13;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 3000; i++) {
    let line = "";
    const count = 1 + Math.floor(random() * 12);
    for (let k = 0; k < count; k++) line += pieces[Math.floor(random() * pieces.length)];
    const answer = JSON.parse(session.handleLine(line));
    equal(answer.v, 1);
    equal(typeof answer.ok, "boolean");
    ok(answer.ok ? "result" in answer : /^[SE]0\d\d$/.test(answer.error.code), line);
  }
});

// ---------------------------------------------------------------------------
// The real process: pipelining, order, framing, no permissions.

async function runServe(input: Uint8Array | string, args: string[] = []): Promise<{
  code: number;
  lines: Answer[];
  stderr: string;
}> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", CLI, "serve", ...args],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const writing = (async () => {
    const writer = child.stdin.getWriter();
    await writer.write(bytes);
    await writer.close();
  })();
  const output = await child.output();
  await writing;
  const text = new TextDecoder().decode(output.stdout);
  const parse = !args.includes("--help");
  const lines = text === "" || !parse ? [] : text.trimEnd().split("\n").map((l) => JSON.parse(l));
  ok(text === "" || text.endsWith("\n"), "every answer ends with LF");
  return { code: output.code, lines, stderr: new TextDecoder().decode(output.stderr) };
}

Deno.test("serve process: 2000 pipelined requests are answered in request order", async () => {
  const requests: string[] = [JSON.stringify({ v: 1, id: "c", op: "compile", schema: DECL })];
  for (let i = 0; i < 2000; i++) {
    const text = i % 3 === 0 ? TRUNCATED : i % 3 === 1 ? CHAT : `{"query":"q${i}","limit":${i}}`;
    const op = ["gate", "repair", "validate", "readiness"][i % 4];
    requests.push(JSON.stringify({ v: 1, id: i, op, text, declaration: "h1" }));
  }
  const { code, lines, stderr } = await runServe(requests.join("\n") + "\n");
  equal(stderr, "");
  equal(code, 0);
  equal(lines.length, 2001);
  deepEqual(lines[0].result, { handle: "h1" });
  for (let i = 0; i < 2000; i++) {
    equal(lines[i + 1].id, i);
    equal(lines[i + 1].ok, true);
  }
  equal(lines[9].result.value.limit, 8); // id 8: gate on a document that is valid JSON
});

Deno.test("serve process: framing is mcp's (8 MiB cap, CRLF, blank lines, no final LF, UTF-8)", async () => {
  const encoder = new TextEncoder();
  const long = encoder.encode(
    `{"v":1,"id":"long","op":"gate","text":"${"x".repeat(8 * 1024 * 1024)}"}\n`,
  );
  const parts = [
    encoder.encode('{"v":1,"id":1,"op":"hello"}\r\n\n   \n'),
    long,
    new Uint8Array([0x7b, 0xff, 0x7d, 0x0a]),
    Uint8Array.from([
      ...encoder.encode('{"v":1,"id":"bad","op":"gate","text":"'),
      0xff,
      0x22,
      0x7d,
      0x0a,
    ]),
    encoder.encode('{"v":1,"id":2,"op":"gate","text":"[1,2,]"}'),
  ];
  const input = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    input.set(part, at);
    at += part.length;
  }
  const { code, lines } = await runServe(input);
  equal(code, 0);
  deepEqual(lines.map((l) => [l.id, l.ok, l.error?.code ?? null]), [
    [1, true, null],
    ["long", false, "S002"],
    [null, false, "S001"],
    ["bad", false, "S001"], // not UTF-8, but its id is found in the bytes
    [2, true, null],
  ]);
  equal(lines[4].result.executable, true);
});

Deno.test("serve process: runs with no permission flag and exits 0 at end of input", async () => {
  const { code, lines, stderr } = await runServe(
    '{"v":1,"id":1,"op":"gate","text":"{\\"a\\":1}","schema":"{!a:integer}"}\n',
  );
  equal(stderr, "");
  equal(code, 0);
  equal(lines[0].result.executable, true);
});

Deno.test("serve process: --help exits 0; an unknown option exits 2 with one line", async () => {
  const help = await runServe("", ["--help"]);
  equal(help.code, 0);
  const bad = await runServe("", ["--htp"]);
  equal(bad.code, 2);
  match(bad.stderr, /^interjson serve: unknown option --htp; did you mean --\w+\?\n$/);
});

Deno.test("serve: encodeResult writes exactly what JSON.stringify writes (generated results)", () => {
  const pieces = [
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    '"a"',
    "'b'",
    "1",
    "-0",
    "1e400",
    "9007199254740993",
    "true",
    "None",
    '"\\u0000\\u0001interjson-value\\u0001\\u0000"',
    '"value"',
    "\u202E",
    " ",
    "//c\n",
    '"x',
    "...",
    "```json\n",
    "null",
  ];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const runs = [
    (text: string) => gate(text),
    (text: string) => gate(text, { profile: "permissive", schema: "{a:any}" }),
    (text: string) => repair(text),
    (text: string) => validate(text, { schema: "{!a:integer}" }),
    (text: string) => readiness(text, { schema: "{!a:integer}" }),
  ];
  for (let i = 0; i < 4000; i++) {
    let text = "";
    const count = 1 + Math.floor(random() * 14);
    for (let k = 0; k < count; k++) text += pieces[Math.floor(random() * pieces.length)];
    const result = runs[i % runs.length](text);
    equal(encodeResult(result), JSON.stringify(result), text);
  }
  const tricky = gate('{"value":"\u0000\u0001interjson-value\u0001\u0000","text":1}', {
    profile: "strict",
  });
  equal(encodeResult(tricky), JSON.stringify(tricky));
});
