/**
 * The servers on a terminal, as a person meets them: `mcp`, `serve` and
 * `hook` started by hand say on stderr what they expect instead of waiting
 * silently (through util-linux `script`, a real pseudo-terminal), say nothing
 * when a client pipes to them, and answer a line that is not JSON with the
 * protocol's own error in a readable sentence, not V8's parser message.
 *
 * @module
 */

import { equal, match, ok } from "node:assert/strict";
import { MCP_TERMINAL_HINT } from "../cli/mcp_command.ts";
import { SERVE_TERMINAL_HINT } from "../cli/serve_command.ts";
import { HOOK_TERMINAL_HINT } from "../cli/hook_command.ts";
import { ROOT, runCli } from "./mcp_harness.ts";
import { onTerminal } from "./fixtures/terminal.ts";
import { shellWord } from "../cli/shell_word.ts";

const SERVERS: readonly { command: string; hint: string }[] = [
  { command: "mcp", hint: MCP_TERMINAL_HINT },
  { command: "serve", hint: SERVE_TERMINAL_HINT },
  { command: "hook", hint: HOOK_TERMINAL_HINT },
];

Deno.test("on a terminal, each server's first words are one stderr line saying what it expects", async (t) => {
  for (const row of SERVERS) {
    await t.step(row.command, async () => {
      const shown = await onTerminal(`${shellWord(Deno.execPath())} run cli.ts ${row.command}`, {
        cwd: ROOT,
      });
      equal(shown.output.split("\n")[0], row.hint);
    });
  }
});

Deno.test("piped, the servers print no hint", async (t) => {
  for (const row of SERVERS) {
    await t.step(row.command, async () => {
      const ran = await runCli([row.command], "");
      ok(!ran.stderr.includes(row.hint), ran.stderr);
    });
  }
});

/** A line that is not JSON, and the readable error each server answers with. */
const NOT_JSON: readonly { name: string; command: string; line: string; answer: RegExp }[] = [
  {
    name: "mcp: a typed word is -32700 saying no JSON was found",
    command: "mcp",
    line: "hello\n",
    answer:
      /^\{"jsonrpc":"2\.0","error":\{"code":-32700,"message":"parse error: the line is not JSON: no JSON value was found in the text"\}\}\n$/,
  },
  {
    name: "mcp: a cut-off object says where",
    command: "mcp",
    line: '{"jsonrpc":"2.0","id":1,\n',
    answer:
      /the line is not JSON: the text ends before an array or object is closed.*\(line 1, column 25\)/,
  },
  {
    name: "serve: single quotes are S001 naming them",
    command: "serve",
    line: "{'v':1}\n",
    answer:
      /"S001 ParseError: the line is not JSON: a string is in single quotes, and JSON strings take double quotes \(line 1, column 2\)"/,
  },
];

Deno.test("a line that is not JSON gets the protocol's error in a plain sentence", async (t) => {
  for (const row of NOT_JSON) {
    await t.step(row.name, async () => {
      const ran = await runCli([row.command], row.line);
      match(ran.stdout, row.answer);
      ok(!ran.stdout.includes("Unexpected"), "no V8 parser message");
    });
  }
  const hook = await runCli(["hook"], "hello\n");
  equal(hook.code, 2);
  equal(
    hook.stderr,
    "interjson hook: stdin is not one JSON hook event: no JSON value was found in the text\n",
  );
});
