/**
 * The proxy's differential harness: a table of message shapes sent through
 * the real `interjson proxy` process to the logging fake server
 * (`tests/fixtures/proxy_fake_server.ts`, which keeps every byte it
 * receives). Each row is either forwarded or refused:
 *
 * - a **forwarded** row reaches the server as exactly one line, and every
 *   reader below reads that line the same way: the byte stream the server
 *   received splits into the same lines under Node's `readline` (run in
 *   `node`), Python's universal newlines and `str.splitlines` (run in
 *   `python3`), Java's `Scanner` and Go's `bufio.Scanner` / Rust's `lines()`
 *   (simulated); each line parses to the same value under `JSON.parse` and
 *   Python's `json`; and Go's `encoding/json` field matching (simulated:
 *   case-insensitive, Unicode simple folding, the last match wins) finds the
 *   same `jsonrpc`, `id`, `method`, `params`, `name`, `arguments` and `_meta`
 *   as an exact reader, and the same declared `path` in the arguments of
 *   `write` (whose schema allows other members);
 * - a **refused** row is answered by the proxy (the JSON-RPC code, and the
 *   request's id when it has one) and none of its bytes reach the server.
 *
 * Every row carries a marker (`m01`, …) in its payload, so the server's log
 * shows whether it arrived. A second test generates 300 seeded calls
 * (`PROXY_DIFFERENTIAL_SEED` replays one) with odd characters between tokens,
 * keys and names spelled another way, and members added under another
 * spelling carrying `/etc/` paths the schema forbids; whatever the proxy
 * forwards must read alike under every reader, and no reader may find an
 * `/etc/` path in what was forwarded.
 *
 * @module
 */

import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import type { Message } from "./mcp_harness.ts";
import { INITIALIZE, startFake } from "./proxy_harness.ts";
import { arrayElements, objectMembers, skipWhitespace } from "../wire/raw_json.ts";
import { mulberry32 } from "./fixtures/random.ts";

/** One message shape. */
interface Row {
  /** What the row pins. */
  readonly name: string;
  /** The line as the client sends it (its LF included); `@@` stands for the row's marker. */
  readonly line: string;
  /**
   * `forward`; `refuse` (the proxy answers the call with an `isError`
   * result); or the JSON-RPC error code the proxy answers with.
   */
  readonly expect: "forward" | "refuse" | -32700 | -32600 | -32602;
  /** The id the proxy's answer carries (a refused row); `undefined` for none. */
  readonly id?: number;
}

const call = (id: number, params: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":${params}}`;
const echo = (text: string) => `{"name":"echo","arguments":{"text":"${text}"}}`;
/** A tools/call the server would run with a text that breaks echo's schema. */
const smuggled = (id: number) => call(id, `{"name":"echo","arguments":{"text":["@@"]}}`);

const ROWS: readonly Row[] = [
  // Forwarded: the same message to every reader.
  { name: "a plain call", line: call(1, echo("@@")) + "\n", expect: "forward" },
  { name: "a call ended by CRLF", line: call(2, echo("@@")) + "\r\n", expect: "forward" },
  {
    name: "a call with white space and escapes",
    line: `{ "jsonrpc" : "2.0" ,\t"id":3, "method":"tools\\/call","params":{ "name":"\\u0065cho",` +
      `"arguments":{ "text" :\t"@@\\n" } } }\n`,
    expect: "forward",
  },
  {
    name: "raw U+2028 and U+2029 in a string (escaped on the way)",
    line: call(4, echo("@@\u2028x\u2029y")) + "\n",
    expect: "forward",
  },
  { name: "raw U+0085 in a string", line: call(5, echo("@@\u0085")) + "\n", expect: "forward" },
  {
    name: "raw U+2028 in a string id",
    line: `{"jsonrpc":"2.0","id":"@@\u2028","method":"tools/call","params":${echo("x")}}\n`,
    expect: "forward",
  },
  {
    name: "raw U+2028 in a ping's params (passed through)",
    line: `{"jsonrpc":"2.0","id":7,"method":"ping","params":{"_meta":{"note":"@@\u2028"}}}\n`,
    expect: "forward",
  },
  {
    name: "an escaped envelope key",
    line: `{"jsonrpc":"2.0","id":8,"\\u006dethod":"tools/call","params":${echo("@@")}}\n`,
    expect: "forward",
  },
  {
    name: "an extra envelope member (left out)",
    line: `{"jsonrpc":"2.0","id":9,"x":{"Arguments":1},"method":"tools/call","params":` +
      `${echo("@@")}}\n`,
    expect: "forward",
  },
  {
    name: "_meta with a duplicate key and other params members",
    line: call(
      10,
      `{"name":"echo","_meta":{"progressToken":1,"progressToken":2},"arguments":{"text":"@@"},` +
        `"task":{"ttl":1.0}}`,
    ) + "\n",
    expect: "forward",
  },
  {
    name: "a call without arguments to an unlisted tool",
    line: call(11, `{"name":"@@_unlisted"}`) + "\n",
    expect: "forward",
  },
  {
    name: "a batch with a call and a ping",
    line: `[${call(12, echo("@@"))},{"jsonrpc":"2.0","id":13,"method":"ping"}]\n`,
    expect: "forward",
  },
  {
    name: "a tools/call notification",
    line: `{"jsonrpc":"2.0","method":"tools/call","params":${echo("@@")}}\n`,
    expect: "forward",
  },

  {
    name: "a declared optional key",
    line: call(14, `{"name":"write","arguments":{"path":"/tmp/@@"}}`) + "\n",
    expect: "forward",
  },
  {
    name: "an undeclared key",
    line: call(15, `{"name":"write","arguments":{"mode":"@@"}}`) + "\n",
    expect: "forward",
  },

  // Argument keys: one that folds to a declared property, where the schema allows others.
  ...["PATH", "Path", "\uFF50ath", "pa\u200Bth"].map((key, i): Row => ({
    name: `argument key ${JSON.stringify(key)} for the declared "path"`,
    line: call(16 + i, `{"name":"write","arguments":{"${key}":"/etc/@@"}}`) + "\n",
    expect: "refuse",
    id: 16 + i,
  })),

  // Tool names: one that folds to a listed tool.
  ...["ECHO", "\uFF45cho", "ec\u200Bho"].map((name, i): Row => ({
    name: `the tool name ${JSON.stringify(name)} for the listed "echo"`,
    line: call(60 + i, `{"name":"${name}","arguments":{"text":["@@"]}}`) + "\n",
    expect: "refuse",
    id: 60 + i,
  })),

  // Line ends: refused with -32700, never forwarded.
  {
    name: "a bare CR hiding a call inside a notification",
    line: `{"jsonrpc":"2.0","method":"notifications/x","params":{"a":\r${smuggled(20)}\r}}\n`,
    expect: -32700,
  },
  {
    name: "a bare CR between the members of a call",
    line: `{"jsonrpc":"2.0","id":21,\r"method":"tools/call","params":${echo("@@")}}\n`,
    expect: -32700,
    id: 21,
  },
  {
    name: "CR CR LF at the end",
    line: call(22, echo("@@")) + "\r\r\n",
    expect: -32700,
    id: 22,
  },
  {
    name: "a bare CR in a batch",
    line: `[{"jsonrpc":"2.0","id":23,"method":"ping","params":{"@@":1}},\r${smuggled(24)}]\n`,
    expect: -32700,
  },
  ...(["\v", "\f", "\x1c", "\x1d", "\x1e", "\u0085", "\u2028", "\u2029"] as const).map((
    ch,
  ): Row => ({
    name: `U+${ch.charCodeAt(0).toString(16).padStart(4, "0")} between tokens`,
    line: `{"jsonrpc":"2.0","method":"notifications/x","params":{"a":${ch}${smuggled(25)}${ch}}}\n`,
    expect: -32700,
  })),

  // Envelope keys: one key that folds to a key the proxy reads.
  ...[
    "Arguments",
    "ARGUMENTS",
    "argument\u017F",
    "arguments\u200B",
    "\uFF41rguments",
    "arguments\u{E0020}",
  ].map((key, i): Row => ({
    name: `params key ${JSON.stringify(key)} without "arguments"`,
    line: call(30 + i, `{"name":"echo","${key}":{"text":["@@"]}}`) + "\n",
    expect: -32602,
    id: 30 + i,
  })),
  {
    name: 'params key "Name" next to "name"',
    line: call(40, `{"name":"echo","Name":"add","arguments":{"text":"@@"}}`) + "\n",
    expect: -32602,
    id: 40,
  },
  {
    name: 'params key "_META"',
    line: call(41, `{"name":"echo","_META":{},"arguments":{"text":"@@"}}`) + "\n",
    expect: -32602,
    id: 41,
  },
  {
    name: 'envelope key "Params" next to "params"',
    line: `{"jsonrpc":"2.0","id":42,"method":"tools/call","params":${echo("x")},"Params":` +
      `{"name":"echo","arguments":{"text":["@@"]}}}\n`,
    expect: -32600,
    id: 42,
  },
  {
    name: 'envelope key "PARAMS" on a ping',
    line: `{"jsonrpc":"2.0","id":43,"method":"ping","PARAMS":${echo("@@")}}\n`,
    expect: -32600,
    id: 43,
  },
  {
    name: 'envelope key "\\u0131d" (dotless i) on a notification',
    line: `{"jsonrpc":"2.0","\u0131d":44,"method":"tools/call","params":${echo("@@")}}\n`,
    expect: -32600,
  },
  {
    name: 'envelope key "Method" next to "method"',
    line: `{"jsonrpc":"2.0","id":45,"method":"ping","Method":"tools/call","params":` +
      `${echo("@@")}}\n`,
    expect: -32600,
    id: 45,
  },
  {
    name: '"method" twice',
    line: `{"jsonrpc":"2.0","id":46,"method":"ping","method":"tools/call","params":` +
      `${echo("@@")}}\n`,
    expect: -32600,
    id: 46,
  },
  ...["Tools/Call", "TOOLS/CALL", "tools/call ", "tools/c\u200Ball"]
    .map((method, i): Row => ({
      name: `method ${JSON.stringify(method)}`,
      line: `{"jsonrpc":"2.0","id":${50 + i},"method":"${method}","params":` +
        `{"name":"echo","arguments":{"text":["@@"]}}}\n`,
      expect: -32600,
      id: 50 + i,
    })),
];

/** A reader's lines of a byte stream (without their line ends). */
type Split = (bytes: Uint8Array) => Promise<string[]> | string[];

const decoder = new TextDecoder();

/** Go's `bufio.Scanner` (`ScanLines`) and Rust's `BufRead::lines`: LF, a CR before it dropped. */
function lfLines(bytes: Uint8Array): string[] {
  const lines = decoder.decode(bytes).split("\n").map((line) => line.replace(/\r$/, ""));
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Java's `Scanner.nextLine`: CRLF, LF, CR, U+2028, U+2029, U+0085. */
function javaScannerLines(bytes: Uint8Array): string[] {
  const lines = decoder.decode(bytes).split(/\r\n|[\n\r\u2028\u2029\u0085]/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

async function run(command: string, args: string[], input: Uint8Array): Promise<string> {
  const child = new Deno.Command(command, { args, stdin: "piped", stdout: "piped" }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(input);
  await writer.close();
  const output = await child.output();
  strictEqual(output.code, 0, `${command} failed`);
  return decoder.decode(output.stdout);
}

const NODE_READLINE = `
const rl = require("readline").createInterface({ input: process.stdin, crlfDelay: Infinity });
const lines = [];
rl.on("line", (line) => lines.push(line));
rl.on("close", () => process.stdout.write(JSON.stringify(lines)));`;

const PYTHON = `
import io, json, sys
data = sys.stdin.buffer.read()
universal = [l[:-1] if l.endswith("\\n") else l for l in io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")]
values = []
for line in data.split(b"\\n"):
    if line.strip() == b"":
        continue
    values.append(json.dumps(json.loads(line.decode("utf-8"))))
print(json.dumps({"universal": universal, "splitlines": data.decode("utf-8").splitlines(), "values": values}))`;

/** Python's reading of the stream: its lines and each LF line's value, as JSON. */
async function python(bytes: Uint8Array) {
  return JSON.parse(await run("python3", ["-c", PYTHON], bytes)) as {
    universal: string[];
    splitlines: string[];
    values: string[];
  };
}

const READERS: Record<string, Split> = {
  "Node readline": async (bytes) => JSON.parse(await run("node", ["-e", NODE_READLINE], bytes)),
  "Python universal newlines": async (bytes) => (await python(bytes)).universal,
  "Python str.splitlines": async (bytes) => (await python(bytes)).splitlines,
  "Java Scanner": javaScannerLines,
  "Go bufio.Scanner, Rust lines()": lfLines,
};

/** Go's `strings.EqualFold`-style key comparison (simple case folding). */
function goFold(key: string): string {
  return [...key].map((ch) => ch.toUpperCase().toLowerCase()).join("");
}

/**
 * The raw text of each field as Go's `encoding/json` would fill it: every
 * member in order goes to the field its key names exactly, or else to one it
 * equals after case folding; a later member overwrites an earlier one.
 */
function goFields(text: string, at: number, fields: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const member of objectMembers(text, at) ?? []) {
    const field = fields.find((f) => f === member.key) ??
      fields.find((f) => goFold(f) === goFold(member.key));
    if (field !== undefined) found[field] = text.slice(member.valueStart, member.valueEnd);
  }
  return found;
}

/** Asserts that Go's field matching reads one message as an exact reader does. */
function assertGoReadsTheSame(text: string, at: number, value: Record<string, unknown>): void {
  const envelope = goFields(text, at, ["jsonrpc", "id", "method", "params"]);
  for (const field of ["jsonrpc", "id", "method"]) {
    deepStrictEqual(field in envelope ? JSON.parse(envelope[field]) : undefined, value[field]);
  }
  if (value.method !== "tools/call") return;
  const paramsAt = objectMembers(text, at)!.find((m) => m.key === "params")!.valueStart;
  const params = goFields(text, paramsAt, ["name", "arguments", "_meta"]);
  const exact = value.params as Record<string, unknown>;
  for (const field of ["name", "arguments", "_meta"]) {
    deepStrictEqual(field in params ? JSON.parse(params[field]) : undefined, exact[field]);
  }
  if (exact.name !== "write") return;
  const argumentsAt = objectMembers(text, paramsAt)!.find((m) => m.key === "arguments")!.valueStart;
  const path = goFields(text, argumentsAt, ["path"]).path;
  const exactPath = (exact.arguments as Record<string, unknown>).path;
  deepStrictEqual(path === undefined ? undefined : JSON.parse(path), exactPath);
}

/** Each message of a line: the line itself, or a batch's elements. */
function messagesOf(text: string): { at: number; value: Record<string, unknown> }[] {
  const value = JSON.parse(text);
  const at = skipWhitespace(text, 0);
  if (!Array.isArray(value)) return [{ at, value }];
  return arrayElements(text, at)!.map((span, i) => ({ at: span.valueStart, value: value[i] }));
}

const marker = (i: number) => `m${String(i).padStart(2, "0")}`;

/** What one proxy session made of a list of client lines. */
interface Exchange {
  /** What came back for each line (before the ping that follows it was answered). */
  readonly replies: Message[][];
  /** The lines the server received. */
  readonly lines: string[];
  /** Every byte the server received. */
  readonly bytes: Uint8Array;
}

/** Sends each line through a real proxy to the fake server, a ping after each. */
async function exchange(lines: readonly string[]): Promise<Exchange> {
  const { proxy, received, receivedBytes } = await startFake([], ["--hostile"]);
  const replies: Message[][] = [];
  try {
    await proxy.send(JSON.stringify(INITIALIZE) + "\n");
    await proxy.next();
    await proxy.send('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    await proxy.send('{"jsonrpc":"2.0","id":"list","method":"tools/list"}\n');
    await proxy.next();
    for (let i = 0; i < lines.length; i++) {
      await proxy.send(lines[i]);
      const sync = `sync-${i}`;
      await proxy.send(`{"jsonrpc":"2.0","id":"${sync}","method":"ping"}\n`);
      const got: Message[] = [];
      while (true) {
        const reply = await proxy.next();
        if (reply.id === sync) break;
        got.push(...(Array.isArray(reply) ? reply : [reply]));
      }
      replies.push(got);
    }
  } finally {
    await proxy.close();
  }
  return { replies, lines: await received(), bytes: await receivedBytes() };
}

/** The three readings of everything the server received, one step each. */
async function assertReadAlike(t: Deno.TestContext, { lines, bytes }: Exchange): Promise<void> {
  await t.step("every line reader splits the server's stream into the same lines", async () => {
    const expected = lfLines(bytes);
    strictEqual(expected.length, lines.length);
    for (const [name, split] of Object.entries(READERS)) {
      deepStrictEqual(await split(bytes), expected, name);
    }
  });
  await t.step("Python's json reads every line as JSON.parse does", async () => {
    const values = (await python(bytes)).values;
    strictEqual(values.length, lines.length);
    for (let i = 0; i < lines.length; i++) {
      deepStrictEqual(JSON.parse(values[i]), JSON.parse(lines[i]), lines[i]);
    }
  });
  await t.step(
    "Go's case-insensitive field matching reads every message as an exact reader",
    () => {
      for (const line of lines) {
        for (const { at, value } of messagesOf(line)) assertGoReadsTheSame(line, at, value);
      }
    },
  );
}

Deno.test("proxy differential: forwarded rows read alike everywhere, refused rows never arrive", async (t) => {
  const result = await exchange(ROWS.map((row, i) => row.line.replaceAll("@@", marker(i))));
  const arrived = (i: number) => result.lines.filter((line) => line.includes(marker(i)));

  for (let i = 0; i < ROWS.length; i++) {
    const row = ROWS[i];
    await t.step(
      `${marker(i)} ${row.name}: ${row.expect === "forward" ? "forwarded" : "refused"}`,
      () => {
        if (row.expect === "forward") {
          strictEqual(arrived(i).length, 1, "reaches the server as one line");
          return;
        }
        deepStrictEqual(arrived(i), [], "never reaches the server");
        const answers = result.replies[i];
        strictEqual(answers.length, 1, "answered once");
        if (row.expect === "refuse") strictEqual(answers[0].result?.isError, true);
        else strictEqual(answers[0].error?.code, row.expect);
        strictEqual(answers[0].id, row.id);
      },
    );
  }

  await assertReadAlike(t, result);

  await t.step("a forwarded tools/call is written from its parsed envelope", () => {
    const forwarded = arrived(ROWS.findIndex((row) => row.name.startsWith("an extra envelope")));
    deepStrictEqual(Object.keys(JSON.parse(forwarded[0])), ["jsonrpc", "id", "method", "params"]);
    const meta = arrived(ROWS.findIndex((row) => row.name.startsWith("_meta with")))[0];
    ok(meta.includes('"_meta":{"progressToken":2}'), meta);
    ok(meta.includes('"task":{"ttl":1}'), meta);
    const escaped = arrived(ROWS.findIndex((row) => row.name.startsWith("raw U+2028 and")))[0];
    ok(escaped.includes("\\u2028x\\u2029y"), escaped);
    const spaced = arrived(ROWS.findIndex((row) => row.name.startsWith("a call with white")))[0];
    ok(spaced.includes(`"arguments":{ "text" :\t"${marker(2)}\\n" }`), spaced);
  });
});

/** Seeded: `PROXY_DIFFERENTIAL_SEED` replays a run. */
const SEED = Number(Deno.env.get("PROXY_DIFFERENTIAL_SEED") ?? "24");
const GENERATED = 300;

/** Characters put between tokens or into a string. */
const INSERTED = [
  " ",
  "\t",
  "\r",
  "\v",
  "\f",
  "\x1c",
  "\x1d",
  "\x1e",
  "\u0085",
  "\u2028",
  "\u2029",
];

/** Spellings another reader could take for a key or a name. */
const VARIANTS: readonly ((key: string) => string)[] = [
  (key) => key.toUpperCase(),
  (key) => key[0].toUpperCase() + key.slice(1),
  (key) => key.replace("s", "\u017F"),
  (key) => key.replace("i", "\u0131"),
  (key) => key.replace("k", "\u212A"),
  (key) => String.fromCodePoint(key.codePointAt(0)! + 0xfee0) + key.slice(1),
  (key) => key.slice(0, 1) + "\u200B" + key.slice(1),
  (key) => key + "\u00AD",
  (key) => key + "\u{E0041}",
  (key) => key + " ",
];

/**
 * One generated `tools/call` to `write` (whose `path` must start with
 * `/tmp/`), with some keys spelled another way, some members added under
 * another spelling carrying `/etc/` paths, and odd characters between tokens
 * or in the path string.
 */
function generatedLine(next: () => number, n: number): string {
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const gap = () => (chance(0.01) ? pick(INSERTED) : chance(0.2) ? " " : "");
  const key = (name: string) => JSON.stringify(chance(0.02) ? pick(VARIANTS)(name) : name);
  const member = (name: string, value: string) =>
    `${gap()}${key(name)}${gap()}:${gap()}${value}${gap()}`;
  const object = (members: string[]) => `{${members.join(",")}}`;
  const path = `"/tmp/g${n}.${chance(0.1) ? pick(INSERTED) : ""}"`;
  const args = [member("path", path)];
  if (chance(0.15)) args.push(member(pick(VARIANTS)("path"), `"/etc/g${n}."`));
  const tool = JSON.stringify(chance(0.08) ? pick(VARIANTS)("write") : "write");
  const params = [member("name", tool), member("arguments", object(args))];
  if (chance(0.1)) {
    params.push(member(pick(VARIANTS)("arguments"), object([member("path", `"/etc/g${n}."`)])));
  }
  const method = JSON.stringify(chance(0.05) ? pick(VARIANTS)("tools/call") : "tools/call");
  const envelope = [
    member("jsonrpc", '"2.0"'),
    member("id", String(1000 + n)),
    member("method", method),
    member("params", object(params)),
  ];
  if (chance(0.05)) envelope.push(member(pick(VARIANTS)("params"), object(params)));
  return object(envelope) + (chance(0.1) ? "\r" : "") + "\n";
}

Deno.test(`proxy differential, generated (seed ${SEED}): what is forwarded reads alike, /etc/ never runs`, async (t) => {
  const next = mulberry32(SEED);
  const sent = Array.from({ length: GENERATED }, (_, n) => generatedLine(next, n));
  const result = await exchange(sent);
  await t.step("each line is answered once, by the server if it arrived, else by the proxy", () => {
    for (let n = 0; n < GENERATED; n++) {
      const arrived = result.lines.filter((line) => line.includes(`/tmp/g${n}.`)).length;
      ok(arrived <= 1, sent[n]);
      strictEqual(result.replies[n].length, 1, JSON.stringify(sent[n]));
      const answer = result.replies[n][0];
      if (arrived === 1) match(String(answer.result?.content?.[0]?.text), /^wrote \/tmp\//);
      else ok(answer.error !== undefined || answer.result?.isError === true, sent[n]);
    }
  });
  await t.step("no forwarded call carries an /etc/ path for an exact reader or Go", () => {
    for (const line of result.lines) {
      const value = JSON.parse(line);
      if (value.params?.name !== "write") continue;
      const at = skipWhitespace(line, 0);
      const paramsAt = objectMembers(line, at)!.find((m) => m.key === "params")!.valueStart;
      const argumentsAt = goFields(line, paramsAt, ["arguments"]).arguments;
      const goPath = goFields(argumentsAt, 0, ["path"]).path;
      ok(!String(value.params.arguments?.path).startsWith("/etc/"), line);
      ok(goPath === undefined || !JSON.parse(goPath).startsWith("/etc/"), line);
    }
  });
  await t.step("some lines of each kind were sent", () => {
    const forwarded = result.lines.filter((line) => line.includes('"/tmp/g')).length;
    ok(forwarded > GENERATED / 4 && forwarded < GENERATED, `${forwarded} forwarded`);
  });
  await assertReadAlike(t, result);
});
