/**
 * The release binary's permissions, as a user meets them. `deno compile`
 * cannot run here, so every documented command runs through `deno run` under
 * exactly the flags `scripts/build.ts` bakes into the binary
 * (`PERMISSION_FLAGS`), inside `tests/fixtures/permission_probe.ts`: the real
 * command line, followed by a probe that reports what the process can still
 * do. Each row pins that the command works (the proxy in front of a real
 * downstream with its pin and audit files, both HTTP servers, the hook, serve,
 * the engine commands) and that it kept nothing: writing another path,
 * reading a file, listening and running a program all fail, and every
 * permission reads as revoked. SECURITY.md and docs/INSTALL.md state the same
 * per command; the last test checks that they say it.
 *
 * @module
 */

import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { PERMISSION_FLAGS } from "../scripts/build.ts";
import { COMMAND_PERMISSIONS } from "../cli/permissions.ts";
import { McpProcess, ROOT } from "./mcp_harness.ts";
import { readListeningLine } from "./mcp_http_harness.ts";
import { fakeServerCommand } from "./proxy_harness.ts";
import type { ProbeReport } from "./fixtures/permission_probe.ts";

const PROBE = new URL("./fixtures/permission_probe.ts", import.meta.url).pathname;

/** What a command that kept nothing reports. */
const KEPT_NOTHING: Omit<ProbeReport, "state"> = {
  wroteOtherPath: false,
  readAFile: false,
  listened: false,
  ran: false,
};

/** The `deno run` arguments: the binary's flags, the probe, the path it must not write, the command. */
function probeArgs(other: string, command: readonly string[]): string[] {
  return ["run", ...PERMISSION_FLAGS, PROBE, other, ...command];
}

function reportOf(stderr: string): ProbeReport {
  const line = /^probe: (.*)$/m.exec(stderr);
  if (line === null) throw new Error(`no probe line on stderr:\n${stderr}`);
  return JSON.parse(line[1]);
}

/** Asserts that the process kept no permission at all. */
async function assertKeptNothing(stderr: string, other: string): Promise<void> {
  const report = reportOf(stderr);
  const { state, ...attempts } = report;
  deepStrictEqual(attempts, KEPT_NOTHING);
  for (const [name, value] of Object.entries(state)) {
    ok(value !== "granted", `${name} is still granted`);
  }
  const exists = await Deno.stat(other).then(() => true, () => false);
  strictEqual(exists, false, "the probe wrote the other path");
}

async function run(
  command: readonly string[],
  stdin = "",
): Promise<{ code: number; stdout: string; stderr: string; other: string }> {
  const dir = await Deno.makeTempDir();
  const other = `${dir}/other-path`;
  const child = new Deno.Command(Deno.execPath(), {
    args: probeArgs(other, command),
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const output = await child.output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return {
    code: output.code,
    stdout: decode(output.stdout),
    stderr: decode(output.stderr),
    other,
  };
}

async function tempFile(name: string, text: string): Promise<string> {
  const path = `${await Deno.makeTempDir()}/${name}`;
  await Deno.writeTextFile(path, text);
  return path;
}

Deno.test("binary flags: read, write, run and net, with no prompt, and nothing else", () => {
  deepStrictEqual(PERMISSION_FLAGS, [
    "--allow-read",
    "--allow-write",
    "--allow-run",
    "--allow-net",
    "--no-prompt",
  ]);
});

/** One-shot commands: arguments, stdin, the exit code and what stdout must show. */
interface OneShotRow {
  readonly name: string;
  readonly args: (files: { input: string; schema: string; policy: string }) => string[];
  readonly stdin?: string;
  readonly code: number;
  readonly stdout: RegExp;
}

const ONE_SHOT: readonly OneShotRow[] = [
  {
    name: "gate FILE --schema-json FILE: executable, and read access is gone after reading",
    args: ({ input, schema }) => ["gate", "--schema-json", schema, input],
    code: 0,
    stdout: /"executable": true/,
  },
  {
    name: "repair from stdin",
    args: () => ["repair", "-"],
    stdin: "{'a': 1,}",
    code: 0,
    stdout: /"text": "\{\\"a\\":1\}"/,
  },
  {
    name: "validate --schema from stdin",
    args: () => ["validate", "--schema", "{!a:integer}"],
    stdin: '{"a":1}',
    code: 0,
    stdout: /"valid": true/,
  },
  {
    name: "readiness FILE",
    args: ({ input }) => ["readiness", input],
    code: 0,
    stdout: /"syntax_permille": \d+/,
  },
  {
    name: "hook --policy FILE: a deny, and read access is gone after the policy",
    args: ({ policy }) => ["hook", "--policy", policy],
    stdin: JSON.stringify({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    }),
    code: 0,
    stdout: /deny/,
  },
  {
    name: "mcp --print-config",
    args: () => ["mcp", "--print-config=claude"],
    code: 0,
    stdout: /^claude mcp add interjson -- interjson mcp\n$/,
  },
  {
    name: "--version",
    args: () => ["--version"],
    code: 0,
    stdout: /^interjson \d+\.\d+\.\d+\n$/,
  },
];

Deno.test("binary permissions: the one-shot commands work and keep nothing", async (t) => {
  const input = await tempFile("input.json", '{"a":1}');
  const schema = await tempFile("schema.json", '{"type":"object","required":["a"]}');
  const policy = await tempFile(
    "policy.jsonc",
    '{"tools":{"Bash":{"schema":"{!command:string,!timeout:integer}"}}}',
  );
  for (const row of ONE_SHOT) {
    await t.step(row.name, async () => {
      const ran = await run(row.args({ input, schema, policy }), row.stdin);
      strictEqual(ran.code, row.code, ran.stderr);
      match(ran.stdout, row.stdout);
      await assertKeptNothing(ran.stderr, ran.other);
    });
  }
});

Deno.test("binary permissions: mcp over stdio answers a tools/call and keeps nothing", async () => {
  const dir = await Deno.makeTempDir();
  const other = `${dir}/other-path`;
  const server = McpProcess.spawn(Deno.execPath(), probeArgs(other, ["mcp"]));
  const init = await server.initialize();
  ok(init.result.serverInfo);
  const call = await server.request({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "interjson_gate", arguments: { text: '{"a":1}' } },
  });
  strictEqual(call.result.structuredContent.executable, true);
  const finished = await server.close();
  strictEqual(finished.code, 0);
  await assertKeptNothing(finished.stderr, other);
});

Deno.test("binary permissions: serve over stdio answers a gate and keeps nothing", async () => {
  const ran = await run(["serve"], '{"v":1,"id":1,"op":"gate","text":"{\\"a\\":1}"}\n');
  strictEqual(ran.code, 0, ran.stderr);
  match(ran.stdout, /"ok":true/);
  await assertKeptNothing(ran.stderr, ran.other);
});

/** One HTTP server: its arguments and one request it must answer. */
interface HttpRow {
  readonly name: string;
  readonly args: (tokenFile: string) => string[];
  readonly path: string;
  readonly body: unknown;
  readonly answer: RegExp;
}

const TOKEN = "a-token-of-sixteen-chars-or-more";

const HTTP_SERVERS: readonly HttpRow[] = [
  {
    name: "mcp --http with --token-file",
    args: (tokenFile) => ["mcp", "--http", "127.0.0.1:0", "--token-file", tokenFile],
    path: "/mcp",
    body: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "test", version: "0" },
      },
    },
    answer: /"serverInfo"/,
  },
  {
    name: "serve --http with --token-file",
    args: (tokenFile) => ["serve", "--http", "127.0.0.1:0", "--token-file", tokenFile],
    path: "/v1/gate",
    body: { text: '{"a":1}' },
    answer: /"executable":true/,
  },
];

Deno.test("binary permissions: both HTTP servers answer, keep only their socket, exit 0 on SIGTERM", async (t) => {
  const tokenFile = await tempFile("token", TOKEN + "\n");
  for (const row of HTTP_SERVERS) {
    await t.step(row.name, async () => {
      const dir = await Deno.makeTempDir();
      const other = `${dir}/other-path`;
      const child = new Deno.Command(Deno.execPath(), {
        args: probeArgs(other, row.args(tokenFile)),
        cwd: ROOT,
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
      const listening = await readListeningLine(reader, row.name);
      const base = /http:\/\/[^/\s]+/.exec(listening)![0];
      const response = await fetch(base + row.path, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          Authorization: `Bearer ${TOKEN}`,
        },
        body: JSON.stringify(row.body),
      });
      const answer = await response.text();
      strictEqual(response.status, 200, answer);
      match(answer, row.answer);
      child.kill("SIGTERM");
      let stderr = listening;
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        stderr += read.value;
      }
      await child.stdout.cancel();
      strictEqual((await child.status).code, 0, stderr);
      await assertKeptNothing(stderr, other);
    });
  }
});

Deno.test("binary permissions: the proxy gates a real downstream, writes exactly its pin and audit files, keeps nothing", async () => {
  const dir = await Deno.makeTempDir();
  const pin = `${dir}/tools.lock.json`;
  const audit = `${dir}/audit.jsonl`;
  const log = `${dir}/server.log`;
  const other = `${dir}/other-path`;
  const proxy = McpProcess.spawn(
    Deno.execPath(),
    probeArgs(other, [
      "proxy",
      "--pin",
      pin,
      "--audit",
      audit,
      "--",
      ...fakeServerCommand(log, ["--no-odd"]),
    ]),
  );
  await proxy.initialize("2025-06-18");
  const list = await proxy.request({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  ok(list.result.tools.some((tool: { name: string }) => tool.name === "echo"));
  const passed = await proxy.request({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "echo", arguments: { text: "hi" } },
  });
  strictEqual(passed.result.isError, undefined);
  const refused = await proxy.request({
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: "add", arguments: { a: 1, b: 1e400 } },
  });
  strictEqual(refused.result.isError, true);
  const finished = await proxy.close();
  strictEqual(finished.code, 0, finished.stderr);
  match(await Deno.readTextFile(pin), /"echo": "sha256:/);
  const lines = (await Deno.readTextFile(audit)).trim().split("\n");
  strictEqual(lines.length, 2);
  await assertKeptNothing(finished.stderr, other);
});

Deno.test("SECURITY.md and docs/INSTALL.md state what each command keeps, as cli/permissions.ts has it", async (t) => {
  const security = await Deno.readTextFile(`${ROOT}/SECURITY.md`);
  const install = await Deno.readTextFile(`${ROOT}/docs/INSTALL.md`);
  for (const row of COMMAND_PERMISSIONS) {
    await t.step(row.command, () => {
      const line = `| \`${row.command}\` | ${
        row.atStart.join(", ") || "nothing"
      } | ${row.whileWorking} |`;
      ok(security.includes(line), `SECURITY.md lacks:\n${line}`);
      ok(install.includes(line), `docs/INSTALL.md lacks:\n${line}`);
    });
  }
  ok(security.includes(PERMISSION_FLAGS.join(" ")));
  ok(install.includes(PERMISSION_FLAGS.join(" ")));
});

Deno.test("deno task install puts interjson on PATH with exactly the binary's flags", async () => {
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
  const task: string = config.tasks.install;
  ok(task.includes(` ${PERMISSION_FLAGS.join(" ")} `), task);
  const root = await Deno.makeTempDir();
  const words = task.split(" ");
  strictEqual(words.shift(), "deno");
  const installed = await new Deno.Command(Deno.execPath(), {
    args: [...words.slice(0, 2), "--root", root, ...words.slice(2)],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  strictEqual(installed.code, 0, new TextDecoder().decode(installed.stderr));
  const script = await Deno.readTextFile(`${root}/bin/interjson`);
  for (const flag of PERMISSION_FLAGS) ok(script.includes(flag), `${flag} missing:\n${script}`);
  const ran = await new Deno.Command("interjson", {
    args: ["mcp", "--print-config=claude"],
    env: { PATH: `${root}/bin:${Deno.env.get("PATH")}` },
    stdout: "piped",
  }).output();
  strictEqual(new TextDecoder().decode(ran.stdout), "claude mcp add interjson -- interjson mcp\n");
});

Deno.test("binary permissions: proxy --accept pins the named tool and keeps only what docs say", async () => {
  const dir = await Deno.makeTempDir();
  const pin = `${dir}/tools.lock.json`;
  const log = `${dir}/server.log`;
  const ran = await run([
    "proxy",
    "--pin",
    pin,
    "--accept",
    "echo",
    "--",
    ...fakeServerCommand(log, ["--no-odd"]),
  ]);
  strictEqual(ran.code, 0, ran.stderr);
  match(await Deno.readTextFile(pin), /"echo": "sha256:/);
  const { state } = reportOf(ran.stderr);
  const row = COMMAND_PERMISSIONS.find((entry) => entry.command === "proxy")!;
  ok(row.whileWorking.includes("--accept keeps read, write and run"));
  deepStrictEqual(
    [state.read, state.write, state.run, state.net],
    ["granted", "granted", "granted", "prompt"],
  );
});
