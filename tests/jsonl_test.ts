/**
 * `interjson gate --jsonl FILE|-` and `-q/--quiet`: one result per input
 * line, in order, each carrying its line number; per-line text, schema and
 * profile over the command line's; a problem line for input that cannot be
 * gated; exit 0/1/2; the summary on stderr only when stderr is a terminal;
 * `-q` prints nothing for gate, repair and validate. In-process rows pin the
 * behaviour; the real process is run piped and on a terminal (`script`).
 *
 * @module
 */

import { deepStrictEqual, equal, match, ok } from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIO } from "../cli/io.ts";
import { ROOT, runCli } from "./mcp_harness.ts";
import { onTerminal } from "./fixtures/terminal.ts";
import { shellWord } from "../cli/shell_word.ts";

async function run(args: string[], stdin: string, stderrTerminal = false) {
  const io = memoryIO(stdin, {}, { terminal: { stderr: stderrTerminal } });
  const code = await main(args, { invokedAs: "interjson", io });
  return { code, ...io.captured };
}

/** Parsed output lines: the line number and what matters of each. */
function shape(stdout: string): unknown[] {
  return stdout.trimEnd().split("\n").map((line) => {
    const row = JSON.parse(line);
    return "problem" in row ? [row.line, "problem"] : [row.line, row.executable, row.error?.code];
  });
}

const BATCHES: readonly {
  name: string;
  args: string[];
  stdin: string;
  code: number;
  rows: unknown[];
}[] = [
  {
    name: "JSON strings, one result each, in order",
    args: [],
    stdin: '"{\\"a\\":1}"\n"[1,2,]"\n"{\\"a\\":"\n',
    code: 1,
    rows: [[1, true, undefined], [2, true, undefined], [3, false, "E010"]],
  },
  {
    name: "blank lines are skipped and CRLF is a line end; numbers are the input's lines",
    args: [],
    stdin: '"[1]"\r\n\r\n  \n"[2]"\r\n',
    code: 0,
    rows: [[1, true, undefined], [4, true, undefined]],
  },
  {
    name: "an object line names its own schema and profile over the command line's",
    args: ["--schema", "{!a:integer}", "--profile", "agent"],
    stdin: [
      '{"text":"{\\"a\\":1}"}',
      '{"text":"{\\"b\\":\\"x\\"}","schema":"{!b:string}"}',
      '{"text":"[1,2,]","profile":"strict"}',
      '{"text":"{\\"c\\":1}","schema":{"type":"object","required":["c"]}}',
    ].join("\n"),
    code: 1,
    rows: [[1, true, undefined], [2, true, undefined], [3, false, "E010"], [4, true, undefined]],
  },
  {
    name: "the command line's declaration applies to string lines",
    args: ["--schema", "{!a:integer}"],
    stdin: '"{\\"a\\":1}"\n"{}"\n',
    code: 1,
    rows: [[1, true, undefined], [2, false, "E030"]],
  },
  {
    name: "a line that is not a string or a text object is a problem line, exit 2",
    args: [],
    stdin: '"[1]"\n42\n{"txt":"x"}\nnot json\n{"text":"{}","profile":"loose"}\n',
    code: 2,
    rows: [[1, true, undefined], [2, "problem"], [3, "problem"], [4, "problem"], [5, "problem"]],
  },
];

Deno.test("gate --jsonl: one result per line, with its line number", async (t) => {
  for (const row of BATCHES) {
    await t.step(row.name, async () => {
      const ran = await run(["gate", "--jsonl", ...row.args, "-"], row.stdin);
      equal(ran.code, row.code, ran.stderr);
      deepStrictEqual(shape(ran.stdout), row.rows);
      equal(ran.stderr, "", "no summary when stderr is not a terminal");
    });
  }
});

Deno.test("gate --jsonl: each result is the gate's result, the line number first", async () => {
  const ran = await run(["gate", "--jsonl"], '"[1,2,]"\n');
  const [line] = ran.stdout.trimEnd().split("\n");
  const row = JSON.parse(line);
  equal(Object.keys(row)[0], "line");
  equal(row.text, "[1,2]");
  equal(row.decision, "cosmetic_repair");
});

Deno.test("gate --jsonl: the summary goes to stderr when it is a terminal", async () => {
  const ran = await run(["gate", "--jsonl"], '"[1]"\n"[1,"\n7\n', true);
  equal(ran.code, 2);
  equal(
    ran.stderr,
    "interjson gate: 3 lines: 1 executable, 1 refused (line 2), 1 not gated (line 3)\n",
  );
});

Deno.test("gate --jsonl: usage errors are one line, exit 2", async (t) => {
  const rows: [string, string[], RegExp][] = [
    ["with --output", ["--output=value"], /--jsonl prints whole results; drop --output/],
    ["a bad --schema", ["--schema", "{!a:"], /^interjson gate: E070/],
    ["an unknown --profile", ["--profile", "loose"], /unknown profile `loose`/],
  ];
  for (const [name, args, problem] of rows) {
    await t.step(name, async () => {
      const ran = await run(["gate", "--jsonl", ...args], '"[1]"\n');
      equal(ran.code, 2);
      equal(ran.stdout, "");
      match(ran.stderr, problem);
    });
  }
  const repair = await run(["repair", "--jsonl"], '"[1]"\n');
  equal(repair.code, 2);
  match(repair.stderr, /unknown option --jsonl/);
});

Deno.test("-q/--quiet: gate, repair and validate print nothing; the exit status says it", async (t) => {
  const rows: [string[], string, number][] = [
    [["gate", "-q"], "[1]", 0],
    [["gate", "--quiet"], "[1,", 1],
    [["repair", "-q"], "{'a':1}", 0],
    [["validate", "--quiet"], "[1,2,]", 1],
    [["validate", "-q", "--schema", "{!a:integer}"], '{"a":1}', 0],
    [["gate", "--jsonl", "-q"], '"[1]"\n"[1,"\n', 1],
  ];
  for (const [args, stdin, code] of rows) {
    await t.step(args.join(" "), async () => {
      const ran = await run(args, stdin, true);
      deepStrictEqual(ran, { code, stdout: "", stderr: "" });
    });
  }
});

Deno.test("process: gate --jsonl FILE, piped: results on stdout, nothing on stderr", async () => {
  const file = await Deno.makeTempFile({ suffix: ".jsonl" });
  await Deno.writeTextFile(file, '"[1]"\n{"text":"{\\"a\\":","profile":"agent"}\n');
  const ran = await runCli(["gate", "--jsonl", file], "", ["--allow-read"]);
  equal(ran.code, 1);
  equal(ran.stderr, "");
  deepStrictEqual(shape(ran.stdout), [[1, true, undefined], [2, false, "E010"]]);
});

Deno.test("process: gate --jsonl on a terminal prints the summary on stderr", async () => {
  const file = await Deno.makeTempFile({ suffix: ".jsonl" });
  await Deno.writeTextFile(file, '"[1]"\n"[2]"\n"{"\n');
  const command = `${shellWord(Deno.execPath())} run --allow-read cli.ts gate --jsonl ` +
    `${shellWord(file)} > /dev/null`;
  const shown = await onTerminal(command, { cwd: ROOT });
  equal(shown.code, 1);
  equal(shown.output, "interjson gate: 3 lines: 2 executable, 1 refused (line 3), 0 not gated\n");
  ok(!shown.output.includes('"line"'));
});
