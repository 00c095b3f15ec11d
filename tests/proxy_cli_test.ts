/**
 * `interjson proxy` on the command line: `--help`, usage errors (exit 2 with
 * one line naming the problem), `--print-config` for the six clients, and a
 * command that cannot be started (exit 127). Real processes.
 *
 * @module
 */

import { match, strictEqual } from "node:assert/strict";
import { runCli } from "./mcp_harness.ts";

const COMMAND = ["--", "npx", "-y", "@modelcontextprotocol/server-filesystem", "/home/me/notes"];

const CONFIGS: { client: string; extra: string[]; snippet: string }[] = [
  {
    client: "claude",
    extra: ["--pin", "fs.lock.json"],
    snippet: "claude mcp add server-filesystem -- interjson proxy --pin fs.lock.json -- npx -y " +
      "@modelcontextprotocol/server-filesystem /home/me/notes",
  },
  {
    client: "cursor",
    extra: [],
    snippet: `{
  "mcpServers": {
    "server-filesystem": {
      "command": "interjson",
      "args": [
        "proxy",
        "--",
        "npx",
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/home/me/notes"
      ]
    }
  }
}`,
  },
  {
    client: "vscode",
    extra: ["--name", "fs"],
    snippet: `{
  "servers": {
    "fs": {
      "type": "stdio",
      "command": "interjson",
      "args": [
        "proxy",
        "--",
        "npx",
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/home/me/notes"
      ]
    }
  }
}`,
  },
  {
    client: "codex",
    extra: ["--audit", "audit.jsonl"],
    snippet: `[mcp_servers.server-filesystem]
command = "interjson"
args = ["proxy", "--audit", "audit.jsonl", "--", "npx", "-y", "@modelcontextprotocol/server-filesystem", "/home/me/notes"]`,
  },
  {
    client: "zed",
    extra: ["--name", "fs"],
    snippet: `{
  "context_servers": {
    "fs": {
      "command": {
        "path": "interjson",
        "args": [
          "proxy",
          "--",
          "npx",
          "-y",
          "@modelcontextprotocol/server-filesystem",
          "/home/me/notes"
        ]
      }
    }
  }
}`,
  },
  {
    client: "json",
    extra: ["--name", "fs", "--profile", "strict"],
    snippet: `{
  "mcpServers": {
    "fs": {
      "command": "interjson",
      "args": [
        "proxy",
        "--profile",
        "strict",
        "--",
        "npx",
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/home/me/notes"
      ]
    }
  }
}`,
  },
];

Deno.test("proxy --print-config: the snippet that wraps the server, for each of the six clients", async (t) => {
  for (const row of CONFIGS) {
    await t.step(row.client, async () => {
      const result = await runCli([
        "proxy",
        `--print-config=${row.client}`,
        ...row.extra,
        ...COMMAND,
      ]);
      strictEqual(result.code, 0, result.stderr);
      strictEqual(result.stdout, row.snippet + "\n");
      strictEqual(result.stderr, "");
    });
  }
  await t.step("--print-config alone means json", async () => {
    const result = await runCli([
      "proxy",
      "--print-config",
      "--name",
      "fs",
      "--profile",
      "strict",
      ...COMMAND,
    ]);
    strictEqual(result.stdout, CONFIGS[5].snippet + "\n");
  });
});

const USAGE: { name: string; args: string[]; problem: RegExp }[] = [
  { name: "no command", args: ["proxy"], problem: /the downstream server's command is missing/ },
  {
    name: "an unknown option",
    args: ["proxy", "--pinn", "x", ...COMMAND],
    problem: /unknown option --pinn; did you mean --pin\?/,
  },
  {
    name: "an unknown profile",
    args: ["proxy", "--profile", "loose", ...COMMAND],
    problem: /profile/,
  },
  {
    name: "--accept without --pin",
    args: ["proxy", "--accept", "echo", ...COMMAND],
    problem: /--accept needs --pin/,
  },
  {
    name: "--audit-values without --audit",
    args: ["proxy", "--audit-values", ...COMMAND],
    problem: /--audit-values needs --audit/,
  },
  {
    name: "an unknown client",
    args: ["proxy", "--print-config=emacs", ...COMMAND],
    problem: /client/,
  },
  { name: "an argument before --", args: ["proxy", "npx", "server"], problem: /after `--`/ },
  { name: "a value missing", args: ["proxy", "--pin"], problem: /--pin needs a value/ },
  {
    name: "--check with --accept",
    args: ["proxy", "--check", "--pin", "x.json", "--accept", "echo", ...COMMAND],
    problem: /--check and --accept go apart/,
  },
  {
    name: "--check with --audit",
    args: ["proxy", "--check", "--audit", "a.jsonl", ...COMMAND],
    problem: /--check serves nothing, so it takes no --audit/,
  },
];

Deno.test("proxy: usage errors exit 2 with one line on stderr", async (t) => {
  for (const row of USAGE) {
    await t.step(row.name, async () => {
      const result = await runCli(row.args);
      strictEqual(result.code, 2);
      strictEqual(result.stdout, "");
      match(result.stderr, /^interjson proxy: .*\n$/);
      match(result.stderr, row.problem);
    });
  }
});

Deno.test("proxy --help names every option, and interjson --help names proxy", async () => {
  const help = await runCli(["proxy", "--help"]);
  strictEqual(help.code, 0);
  for (
    const flag of [
      "--profile",
      "--pin",
      "--accept",
      "--check",
      "--audit",
      "--audit-values",
      "--policy",
      "--print-config",
      "--name",
    ]
  ) {
    match(help.stdout, new RegExp(flag));
  }
  match((await runCli(["--help"])).stdout, /interjson proxy/);
});

Deno.test("proxy: a command that cannot be started exits 127 and writes nothing to stdout", async () => {
  const result = await runCli(["proxy", "--", "interjson-no-such-server-here"], "", [
    "--allow-run",
  ]);
  strictEqual(result.code, 127);
  strictEqual(result.stdout, "");
  match(result.stderr, /cannot start `interjson-no-such-server-here`/);
});
