/**
 * `interjson hook` as the agents run it: the documented event of each agent
 * (Claude Code and Codex `PreToolUse`, Gemini CLI `BeforeTool`;
 * tests/fixtures/hook_events.ts cites the sources) fed to the real process,
 * checking the exit code, stdout JSON and stderr. Nothing wrong: exit 0 and
 * no output, never "allow". Refused: exit 0 and a deny in the agent's format
 * whose reason is the retry prompt. Every internal failure, each broken on
 * purpose: exit 2 and one line on stderr.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { hookCommand } from "../cli/hook_command.ts";
import type { CliIO } from "../cli/io.ts";
import { memoryIO } from "../cli/io.ts";
import { runCli } from "./mcp_harness.ts";
import { parsePolicy } from "../hook/policy.ts";
import { DOCUMENTED_EVENTS, eventText } from "./fixtures/hook_events.ts";

const CLAUDE = DOCUMENTED_EVENTS[0], CODEX = DOCUMENTED_EVENTS[1], GEMINI = DOCUMENTED_EVENTS[2];

const policyDir = await Deno.makeTempDir({ prefix: "interjson-hook-" });
async function policyFile(name: string, text: string): Promise<string> {
  const path = `${policyDir}/${name}`;
  await Deno.writeTextFile(path, text);
  return path;
}

const POLICY = await policyFile(
  "policy.jsonc",
  `// the policy the deny rows use
{
  "profile": "execution",
  "max_depth": 8,
  "tools": {
    "Bash": { "schema": "{!command:string,description:string,timeout:integer}" },
    "write_file": { "schema_json": {
      "type": "object",
      "properties": { "file_path": { "type": "string" }, "content": { "type": "string" } },
      "required": ["file_path", "content"],
    } },
    "mcp__github__.*": { "schema": "{!owner:string,!repo:string}", "max_depth": 3 },
  },
}
`,
);

function oneLine(stderr: string): void {
  ok(stderr.endsWith("\n"), `ends with a newline: ${JSON.stringify(stderr)}`);
  equal(stderr.trimEnd().split("\n").length, 1, `one line: ${stderr}`);
  match(stderr, /^interjson hook: /);
}

/** The reason the model sees, read from the agent's own answer format. */
function denyReason(agent: string, stdout: string): string {
  ok(stdout.endsWith("\n") && stdout.trimEnd().split("\n").length === 1, "one JSON line");
  const answer = JSON.parse(stdout);
  if (agent === "gemini") {
    deepEqual(Object.keys(answer), ["decision", "reason"]);
    equal(answer.decision, "deny");
    return answer.reason;
  }
  deepEqual(Object.keys(answer), ["hookSpecificOutput"]);
  deepEqual(Object.keys(answer.hookSpecificOutput), [
    "hookEventName",
    "permissionDecision",
    "permissionDecisionReason",
  ]);
  equal(answer.hookSpecificOutput.hookEventName, "PreToolUse");
  equal(answer.hookSpecificOutput.permissionDecision, "deny");
  return answer.hookSpecificOutput.permissionDecisionReason;
}

// ---------------------------------------------------------------------------
// Allowed through: exit 0, nothing printed.

Deno.test("hook: the documented event of each agent passes with exit 0 and no output", async (t) => {
  for (const event of DOCUMENTED_EVENTS) {
    await t.step(`${event.agent} (${event.source})`, async () => {
      const plain = await runCli(["hook"], eventText(event, event.documentedInput));
      deepEqual(plain, { code: 0, stdout: "", stderr: "" });
      const input = event.agent === "gemini"
        ? event.documentedInput
        : '{"command":"npm test","description":"Run the tests","timeout":120000}';
      const withPolicy = await runCli(
        ["hook", "--policy", POLICY],
        eventText(event, input),
        ["--allow-read"],
      );
      deepEqual(withPolicy, { code: 0, stdout: "", stderr: "" });
    });
  }
});

// ---------------------------------------------------------------------------
// Refused: a deny in the agent's format, the retry prompt as its reason.

interface DenyRow {
  readonly name: string;
  readonly toolName?: string;
  readonly input: string;
  readonly policy: boolean;
  readonly firstLine: RegExp;
}

const DENY_ROWS: readonly DenyRow[] = [
  {
    name: "a bidi control in a string",
    input: '{"command":"ls \u202Etxt.exe"}',
    policy: false,
    firstLine: /E011 R037 InvisibleControl at line 1 column 16/,
  },
  {
    name: "an escaped bidi control",
    input: '{"command":"ls \\u2066x"}',
    policy: false,
    firstLine: /E011 R037 InvisibleControl/,
  },
  {
    name: "a tag character",
    input: '{"command":"echo hi\u{E0041}\u{E0042}"}',
    policy: false,
    firstLine: /E011 R037 InvisibleControl/,
  },
  {
    name: "a lone surrogate",
    input: '{"command":"echo \\ud800"}',
    policy: false,
    firstLine: /E011 R035 LoneSurrogate/,
  },
  {
    name: "a default-ignorable in a value",
    input: '{"command":"rm -rf /tmp/a\\u200Bb"}',
    policy: false,
    firstLine: /E011 AmbiguityRefused at \/command \(string offset 13\)/,
  },
  {
    name: "an integer beyond 2^53",
    input: '{"command":"kill","pid":9007199254740993}',
    policy: false,
    firstLine: /E011 R033 UnsafeInteger/,
  },
  {
    name: "nesting past the policy's max_depth",
    input: '{"command":"x","description":[[[[[[[[[1]]]]]]]]]}',
    policy: true,
    firstLine: /E020/,
  },
  {
    name: "a missing required member of the declaration",
    input: '{"description":"no command"}',
    policy: true,
    firstLine: /E030 DeclarationMismatch/,
  },
  {
    name: "a member of the wrong type",
    input: '{"command":"sleep","timeout":"10"}',
    policy: true,
    firstLine: /E030 DeclarationMismatch/,
  },
  {
    name: "an MCP tool matched by pattern",
    toolName: "mcp__github__create_issue",
    input: '{"owner":"denoland"}',
    policy: true,
    firstLine: /E030 DeclarationMismatch/,
  },
];

Deno.test("hook: each hazard or policy violation is a deny with the retry prompt", async (t) => {
  for (const row of DENY_ROWS) {
    for (const event of [CLAUDE, CODEX, GEMINI]) {
      if (event !== CLAUDE && row.policy) continue; // one agent is enough for the policy rows
      await t.step(`${row.name} (${event.agent})`, async () => {
        const args = row.policy ? ["hook", "--policy", POLICY] : ["hook"];
        const toolName = row.toolName ?? (event === GEMINI ? "run_shell_command" : "Bash");
        const { code, stdout, stderr } = await runCli(
          args,
          eventText(event, row.input, toolName),
          row.policy ? ["--allow-read"] : [],
        );
        equal(stderr, "");
        equal(code, 0);
        ok(!stdout.includes('"allow"'), "never allow");
        const reason = denyReason(event.agent, stdout);
        const lines = reason.split("\n");
        match(lines[0], /^InterJSON refused the arguments: /);
        match(lines[0], row.firstLine);
        equal(
          lines.at(-1),
          /E030/.test(lines[0])
            ? "Re-emit the arguments so that they match the tool's input schema."
            : "Re-emit the arguments as valid JSON with exactly one reading.",
        );
      });
    }
  }
});

// ---------------------------------------------------------------------------
// Fails closed: exit 2 and one line on stderr.

interface FailureRow {
  readonly name: string;
  readonly args: readonly string[];
  readonly stdin: string | Uint8Array;
  readonly flags?: readonly string[];
  readonly stderr: RegExp;
}

const GOOD_EVENT = eventText(CLAUDE, CLAUDE.documentedInput);

const FAILURE_ROWS: readonly FailureRow[] = [
  { name: "empty stdin", args: [], stdin: "", stderr: /stdin is not one JSON hook event/ },
  {
    name: "stdin that is not JSON",
    args: [],
    stdin: GOOD_EVENT.slice(0, -5),
    stderr: /stdin is not one JSON hook event/,
  },
  {
    name: "stdin that is not UTF-8",
    args: [],
    stdin: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    stderr: /cannot read the event on stdin/,
  },
  { name: "a JSON array", args: [], stdin: "[]", stderr: /not a JSON object/ },
  {
    name: "an event the hook does not answer",
    args: [],
    stdin: GOOD_EVENT.replace('"PreToolUse"', '"PostToolUse"'),
    stderr: /event `PostToolUse` is not one the hook answers/,
  },
  {
    name: "an event without tool_input",
    args: [],
    stdin: JSON.stringify(CLAUDE.base),
    stderr: /has no `tool_input`/,
  },
  {
    name: "an event without tool_name",
    args: [],
    stdin: '{"hook_event_name":"BeforeTool","tool_input":{}}',
    stderr: /has no string `tool_name`/,
  },
  {
    name: "a policy file that does not exist",
    args: ["--policy", `${policyDir}/missing.jsonc`],
    stdin: GOOD_EVENT,
    flags: ["--allow-read"],
    stderr: /cannot read the policy .*missing\.jsonc/,
  },
  {
    name: "a policy the process may not read",
    args: ["--policy", POLICY],
    stdin: GOOD_EVENT,
    stderr: /cannot read the policy .*Requires read access/,
  },
  {
    name: "a policy option without its value",
    args: ["--policy"],
    stdin: GOOD_EVENT,
    stderr: /option --policy needs a value/,
  },
  {
    name: "an unknown option",
    args: ["--polcy", POLICY],
    stdin: GOOD_EVENT,
    stderr: /unknown option --polcy; did you mean --policy\?/,
  },
];

const BAD_POLICIES: readonly { name: string; text: string; stderr: RegExp }[] = [
  { name: "truncated JSONC", text: '{"tools": {"Bash": ', stderr: /the policy is not JSONC: E010/ },
  { name: "not an object", text: "[]", stderr: /must be a JSON object/ },
  {
    name: "an unknown key",
    text: '{"tools": {"Bash": {"shcema": "{!command:string}"}}}',
    stderr: /unknown key `shcema` in tools\.Bash; did you mean `schema`\?/,
  },
  {
    name: "a malformed declaration",
    text: '{"tools": {"Bash": {"schema": "{!command:"}}}',
    stderr: /tools\.Bash: E070/,
  },
  {
    name: "an unsupported JSON Schema keyword",
    text: '{"tools": {"Bash": {"schema_json": {"$ref": "https://example.com/s.json"}}}}',
    stderr: /tools\.Bash: E070/,
  },
  { name: "an unknown profile", text: '{"profile": "lenient"}', stderr: /is not a profile/ },
  {
    name: "a max_depth above the ceiling",
    text: '{"max_depth": 100000}',
    stderr: /the policy: E050/,
  },
  {
    name: "a pattern that is not a regular expression",
    text: '{"tools": {"mcp__(": {}}}',
    stderr: /tools\.mcp__\(: not a regular expression/,
  },
];

Deno.test("hook: every internal failure exits 2 with one line on stderr", async (t) => {
  const rows: FailureRow[] = [...FAILURE_ROWS];
  for (const bad of BAD_POLICIES) {
    rows.push({
      name: `a policy with ${bad.name}`,
      args: ["--policy", await policyFile(`bad-${rows.length}.jsonc`, bad.text)],
      stdin: GOOD_EVENT,
      flags: ["--allow-read"],
      stderr: bad.stderr,
    });
  }
  for (const row of rows) {
    await t.step(row.name, async () => {
      const { code, stdout, stderr } = await runCli(["hook", ...row.args], row.stdin, row.flags);
      equal(stdout, "");
      equal(code, 2);
      oneLine(stderr);
      match(stderr, row.stderr);
    });
  }
});

Deno.test("hook: an exception while answering (stdout on a full disk) exits 2", async () => {
  const event = eventText(CLAUDE, '{"command":"kill","pid":9007199254740993}');
  const child = new Deno.Command("sh", {
    args: ["-c", `exec "${Deno.execPath()}" run cli.ts hook >/dev/full`],
    cwd: new URL("..", import.meta.url).pathname,
    stdin: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(event));
  await writer.close();
  const { code, stderr } = await child.output();
  const text = new TextDecoder().decode(stderr);
  equal(code, 2, `sh and /dev/full are needed for this test; stderr: ${text}`);
  oneLine(text);
  match(text, /internal error: .*No space left on device/);
});

Deno.test("hook: in-process, a stream that throws is exit 2 with one line", async (t) => {
  const broken = (which: "stdin" | "stdout"): CliIO & { captured: { stderr: string } } => {
    const io = memoryIO(eventText(CLAUDE, '{"command":"\u202E"}'));
    return {
      ...io,
      readStdin: which === "stdin" ? () => Promise.reject(new Error("stdin broke")) : io.readStdin,
      stdout: which === "stdout" ? () => Promise.reject(new Error("stdout broke")) : io.stdout,
    };
  };
  for (const which of ["stdin", "stdout"] as const) {
    await t.step(which, async () => {
      const io = broken(which);
      equal(await hookCommand([], io), 2);
      oneLine(io.captured.stderr);
      match(io.captured.stderr, new RegExp(`${which} broke`));
    });
  }
});

// ---------------------------------------------------------------------------
// --print-config and --help.

Deno.test("hook: --print-config prints each agent's settings with a matcher for every tool", async (t) => {
  const rows = [
    { agent: "claude-code", event: "PreToolUse", matcher: "*" },
    { agent: "codex", event: "PreToolUse", matcher: "Bash|apply_patch|mcp__.*" },
    { agent: "gemini", event: "BeforeTool", matcher: ".*" },
  ];
  for (const row of rows) {
    await t.step(row.agent, async () => {
      const { code, stdout, stderr } = await runCli(["hook", `--print-config=${row.agent}`]);
      equal(stderr, "");
      equal(code, 0);
      const config = JSON.parse(stdout);
      deepEqual(Object.keys(config.hooks), [row.event]);
      equal(config.hooks[row.event][0].matcher, row.matcher);
      equal(config.hooks[row.event][0].hooks[0].type, "command");
      equal(config.hooks[row.event][0].hooks[0].command, "interjson hook");
      const withPolicy = await runCli([
        "hook",
        "--policy",
        "/etc/interjson policy.jsonc",
        "--print-config",
        row.agent,
      ]);
      equal(
        JSON.parse(withPolicy.stdout).hooks[row.event][0].hooks[0].command,
        "interjson hook --policy '/etc/interjson policy.jsonc'",
      );
    });
  }
  await t.step("an unknown agent", async () => {
    const { code, stderr } = await runCli(["hook", "--print-config=claude"]);
    equal(code, 2);
    oneLine(stderr);
    match(stderr, /unknown agent `claude`; did you mean `claude-code`\?/);
  });
});

Deno.test("hook: --help exits 0 and names the three agents", async () => {
  const { code, stdout } = await runCli(["hook", "--help"]);
  equal(code, 0);
  match(stdout, /PreToolUse/);
  match(stdout, /BeforeTool/);
});

Deno.test("hook: the policy file is removed after the tests", async () => {
  await Deno.remove(policyDir, { recursive: true });
});

Deno.test("hook: docs/HOOKS.md shows the printed claude-code snippet and a policy that reads", async () => {
  const docs = await Deno.readTextFile(new URL("../docs/HOOKS.md", import.meta.url));
  const printed = await runCli(["hook", "--print-config=claude-code"]);
  ok(docs.includes("```json\n" + printed.stdout + "```"), "the snippet in docs/HOOKS.md");
  const policy = docs.match(/```jsonc\n([\s\S]*?)```/);
  ok(policy, "a jsonc policy block");
  const parsed = parsePolicy(policy[1]);
  ok(!("problem" in parsed), JSON.stringify(parsed));
  equal(
    parsed.rules.map((rule) => rule.pattern).join(" "),
    "Bash run_shell_command mcp__github__.*",
  );
});
