/**
 * The command line, as a specification: routing, `--version`, `--help`, `mcp --print-config` for
 * every way of starting the server, the engine commands and every exit code, the option flags,
 * `--output`, input that is not UTF-8, one-line usage errors that suggest only what is close, the
 * report for people on a terminal, the stdin hint, the prose hint — in-process through `main()`
 * with captured streams, and on the real process for the wiring (`deno run cli.ts …`), including
 * the demo with an empty Deno cache and no network. Also: the library entry point loads no CLI or
 * MCP code, the README's checkout commands do what they say, and docs/PROFILES.md's two tables are
 * what the code refuses.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { HELP, invokedName, main } from "../cli.ts";
import { memoryIO, type MemoryTerminal } from "../cli/io.ts";
import { CLIENTS, DENO_LAUNCH } from "../cli/client_configs.ts";
import { DEPRECATED_SPELLINGS, didYouMean } from "../cli/arguments.ts";
import { OPTION_FLAGS } from "../cli/engine_commands.ts";
import { gate, type Options, PROFILE_NAMES, repair, VERSION } from "../mod.ts";
import { CANNOT_RUN } from "../scripts/demo.ts";
import { ROOT, runCli } from "./mcp_harness.ts";
import { runDeno } from "./fixtures/run_deno.ts";
import { SEED_SCHEMA_JSON } from "./mcp_seed.ts";
import { onTerminal } from "./fixtures/terminal.ts";
import { shellWord } from "../cli/shell_word.ts";

const SAFE = '{"query":"weather in Paris","limit":3}';
const TRUNCATED = '{"query":"weather in Par';
const PROSE = 'Here are the args:\n{"a":1}';
const ESC = "\x1b[";

async function run(
  args: string[],
  stdin: string | Uint8Array = "",
  files: Record<string, string | Uint8Array> = {},
  terminal: MemoryTerminal = {},
) {
  const io = memoryIO(stdin, files, terminal);
  const code = await main(args, { invokedAs: "interjson", io });
  return { code, ...io.captured };
}

function oneLine(stderr: string): string {
  ok(stderr.endsWith("\n"), `ends with a newline: ${JSON.stringify(stderr)}`);
  equal(stderr.trimEnd().split("\n").length, 1, `one line: ${stderr}`);
  return stderr;
}

const read = (path: string) => Deno.readTextFile(new URL(`../${path}`, import.meta.url));

// ---------------------------------------------------------------------------
// Routing, version, help.

Deno.test("cli: --version prints `interjson <VERSION>`", async () => {
  deepEqual(await run(["--version"]), { code: 0, stdout: `interjson ${VERSION}\n`, stderr: "" });
});

Deno.test("cli: --help lists every command", async () => {
  const { code, stdout } = await run(["--help"]);
  equal(code, 0);
  equal(stdout, HELP + "\n");
  for (const command of ["mcp", "gate", "repair", "validate", "readiness"]) {
    match(stdout, new RegExp(`\\n  ${command} `));
  }
});

Deno.test("cli: each engine command has --help, naming every option flag where it repairs", async (t) => {
  for (const command of ["gate", "repair", "validate", "readiness"]) {
    await t.step(command, async () => {
      const { code, stdout } = await run([command, "--help"]);
      equal(code, 0);
      match(stdout, new RegExp(`^interjson ${command} `));
      const repairs = command === "gate" || command === "repair";
      for (const { flag } of OPTION_FLAGS) equal(stdout.includes(flag), repairs, flag);
      equal(stdout.includes("--output=text"), repairs);
    });
  }
});

// ---------------------------------------------------------------------------
// Usage errors: exit 2, one line on stderr, a suggestion only when it is close.

interface UsageCase {
  name: string;
  args: string[];
  stderr: RegExp;
  /** A pattern stderr must not match (a far-fetched suggestion). */
  not?: RegExp;
}

const USAGE_ERRORS: UsageCase[] = [
  { name: "no command", args: [], stderr: /a command is needed/ },
  { name: "a near command", args: ["gat"], stderr: /unknown command `gat`; did you mean `gate`\?/ },
  {
    name: "a far command gets the list, not a guess",
    args: ["frobnicate"],
    stderr:
      /unknown command `frobnicate` \(commands: mcp, proxy, hook, serve, gate, repair, validate, readiness\)/,
    not: /did you mean/,
  },
  {
    name: "a near top-level flag",
    args: ["--verison"],
    stderr: /unknown option --verison; did you mean --version\?/,
  },
  { name: "--version with an argument", args: ["--version", "x"], stderr: /takes no arguments/ },
  {
    name: "mcp: a near flag",
    args: ["mcp", "--profle=agent"],
    stderr: /unknown option --profle; did you mean --profile\?/,
  },
  {
    name: "mcp: a far profile gets the list",
    args: ["mcp", "--profile=loose"],
    stderr: /unknown profile `loose` \(one of permissive, interactive, execution, agent, strict\)/,
    not: /did you mean/,
  },
  {
    name: "mcp: a profile without value",
    args: ["mcp", "--profile"],
    stderr: /--profile needs a value/,
  },
  {
    name: "mcp: a near client",
    args: ["mcp", "--print-config=claud"],
    stderr: /unknown client `claud`; did you mean `claude`\?/,
  },
  {
    name: "mcp: a client as a separate word",
    args: ["mcp", "--print-config", "zed"],
    stderr: /did you mean --print-config=zed\?/,
  },
  { name: "mcp: a positional", args: ["mcp", "serve"], stderr: /unexpected argument `serve`/ },
  {
    name: "mcp: --help with a value",
    args: ["mcp", "--help=yes"],
    stderr: /--help takes no value/,
  },
  {
    name: "mcp: --command without --print-config",
    args: ["mcp", "--command=deno"],
    stderr: /--command goes with --print-config/,
  },
  {
    name: "mcp: --command with a relative path",
    args: ["mcp", "--print-config=claude", "--command=bin/interjson"],
    stderr: /--command takes interjson, deno, npx, uvx, or an absolute path; got `bin\/interjson`/,
  },
  {
    name: "gate: a near flag",
    args: ["gate", "--profil", "agent"],
    stderr: /unknown option --profil; did you mean --profile\?/,
  },
  {
    name: "gate: a near profile",
    args: ["gate", "--profile", "agnt"],
    stderr: /unknown profile `agnt`; did you mean `agent`\?/,
  },
  {
    name: "gate: a short flag gets no far-fetched --help",
    args: ["gate", "-p", "agent"],
    stderr: /unknown option -p \(see interjson gate --help\)/,
    not: /did you mean/,
  },
  {
    name: "gate: --profile= with an empty value needs a value, not `agent`",
    args: ["gate", "--profile="],
    stderr: /option --profile needs a value/,
    not: /did you mean/,
  },
  {
    name: "gate: two files",
    args: ["gate", "a.json", "b.json"],
    stderr: /unexpected argument `b.json`/,
  },
  {
    name: "gate: both declarations",
    args: ["gate", "--schema", "{a:integer}", "--schema-json", "s.json"],
    stderr: /either --schema or --schema-json/,
  },
  {
    name: "gate: a missing file",
    args: ["gate", "missing.json"],
    stderr: /cannot read missing.json/,
  },
  {
    name: "gate: a missing schema file",
    args: ["gate", "--schema-json", "missing.json"],
    stderr: /cannot read missing.json/,
  },
  {
    name: "gate: a schema file that is not JSON",
    args: ["gate", "--schema-json", "bad.json"],
    stderr: /--schema-json bad.json is not JSON: /,
  },
  {
    name: "gate: a schema file that is not UTF-8",
    args: ["gate", "--schema-json", "latin1.json"],
    stderr: /--schema-json latin1.json is not UTF-8/,
  },
  {
    name: "gate: an unknown --output",
    args: ["gate", "--output=json"],
    stderr: /unknown output `json`/,
  },
  {
    name: "gate: an unknown --color",
    args: ["gate", "--color=yes"],
    stderr: /unknown color `yes`/,
  },
  {
    name: "gate: --max-loss out of its three levels",
    args: ["gate", "--max-loss=cosmetc"],
    stderr: /unknown max-loss `cosmetc`; did you mean `cosmetic`\?/,
  },
  {
    name: "gate: --max-depth not a number",
    args: ["gate", "--max-depth=deep"],
    stderr: /--max-depth takes a whole number, got `deep`/,
  },
  {
    name: "gate: --max-depth above its ceiling is E050",
    args: ["gate", "--max-depth=5000"],
    stderr: /E050 OptionOutOfRange at \/maxDepth: max_depth must be an integer from 1 to 4096/,
  },
  {
    name: "gate: --skip-prose and --no-skip-prose",
    args: ["gate", "--skip-prose", "--no-skip-prose"],
    stderr: /give --skip-prose or --no-skip-prose, not both/,
  },
  {
    name: "validate: a profile",
    args: ["validate", "--profile", "strict"],
    stderr: /validate takes no --profile/,
  },
  {
    name: "readiness: a profile",
    args: ["readiness", "--profile=strict"],
    stderr: /readiness takes no --profile/,
  },
  {
    name: "validate: an option flag",
    args: ["validate", "--max-depth=3"],
    stderr: /validate takes no --max-depth/,
  },
  {
    name: "validate: --output",
    args: ["validate", "--output=text"],
    stderr: /validate takes no --output/,
  },
  {
    name: "repair: a far flag",
    args: ["repair", "--frobnicate"],
    stderr: /unknown option --frobnicate \(see interjson repair --help\)/,
  },
];

Deno.test("cli: a usage error exits 2 with one line on stderr and nothing on stdout", async (t) => {
  const files = { "bad.json": "{nope\n", "latin1.json": new Uint8Array([0x7b, 0xe9, 0x7d]) };
  for (const row of USAGE_ERRORS) {
    await t.step(row.name, async () => {
      const { code, stdout, stderr } = await run(row.args, SAFE, files);
      equal(code, 2);
      equal(stdout, "");
      match(oneLine(stderr), row.stderr);
      match(stderr, /^interjson( \w+)?: /);
      if (row.not) ok(!row.not.test(stderr), `no ${row.not}: ${stderr}`);
    });
  }
});

Deno.test("cli: a JSON parser's message on several lines is one line on stderr", async () => {
  // A schema file with a control character inside a string makes some parsers cite the line.
  const files = { "s.json": '{\n  "type": "object",\n  "x": "a\nb"\n}' };
  const { code, stderr } = await run(["gate", "--schema-json", "s.json"], SAFE, files);
  equal(code, 2);
  match(oneLine(stderr), /is not JSON/);
});

Deno.test("cli: did you mean — only within a third of the word's length", async (t) => {
  const table: { word: string; choices: string[]; expected: string | undefined }[] = [
    { word: "gat", choices: ["mcp", "gate", "repair"], expected: "gate" },
    { word: "valdiate", choices: ["gate", "validate"], expected: "validate" },
    { word: "frobnicate", choices: ["gate", "repair", "validate"], expected: undefined },
    { word: "-p", choices: ["--help", "--profile", "--schema"], expected: undefined },
    { word: "", choices: ["agent", "strict"], expected: undefined },
    { word: "--verison", choices: ["--version", "--help"], expected: "--version" },
    { word: "VSCode", choices: ["claude", "vscode"], expected: "vscode" },
    { word: "serve", choices: ["mcp", "gate", "repair"], expected: undefined },
  ];
  for (const row of table) {
    await t.step(`${JSON.stringify(row.word)} → ${row.expected ?? "nothing"}`, () => {
      equal(didYouMean(row.word, row.choices), row.expected);
    });
  }
});

// ---------------------------------------------------------------------------
// interjson mcp --help and --print-config.

Deno.test("cli: mcp --help names interjson_gate, the six clients and --command", async () => {
  const { code, stdout } = await run(["mcp", "--help"]);
  equal(code, 0);
  match(stdout, /interjson_gate/);
  match(stdout, /--command=interjson\|deno\|npx\|uvx\|PATH/);
  for (const client of ["claude", "cursor", "vscode", "codex", "zed", "json"]) {
    match(stdout, new RegExp(`\\n  ${client} `), client);
  }
});

Deno.test("cli: mcp --version prints the version (what interjson-mcp --version runs)", async () => {
  deepEqual(await run(["mcp", "--version"]), {
    code: 0,
    stdout: `interjson ${VERSION}\n`,
    stderr: "",
  });
});

const PRINT_CONFIGS: { name: string; args: string[]; stdout: string }[] = [
  {
    name: "the installed binary (default)",
    args: ["--print-config=claude"],
    stdout: "claude mcp add interjson -- interjson mcp\n",
  },
  {
    name: "--command=interjson is the default",
    args: ["--print-config=claude", "--command=interjson"],
    stdout: "claude mcp add interjson -- interjson mcp\n",
  },
  {
    name: "an absolute path",
    args: ["--print-config=claude", "--command=/opt/interjson/bin/interjson"],
    stdout: "claude mcp add interjson -- /opt/interjson/bin/interjson mcp\n",
  },
  {
    name: "an absolute path with a space, quoted for the shell",
    args: ["--print-config=claude", "--command=/Users/a b/interjson"],
    stdout: "claude mcp add interjson -- '/Users/a b/interjson' mcp\n",
  },
  {
    name: "a Windows path in TOML",
    args: ["--print-config=codex", "--command=C:\\tools\\interjson.exe"],
    stdout: '[mcp_servers.interjson]\ncommand = "C:\\\\tools\\\\interjson.exe"\nargs = ["mcp"]\n',
  },
  {
    name: "deno run jsr:@interjson/cli@VERSION mcp: pinned to this version",
    args: ["--print-config=claude", "--command=deno"],
    stdout: `claude mcp add interjson -- deno run jsr:@interjson/cli@${VERSION} mcp\n`,
  },
  {
    name: "deno in mcpServers JSON",
    args: ["--print-config=cursor", "--command=deno"],
    stdout: '{\n  "mcpServers": {\n    "interjson": { "command": "deno", "args": ' +
      `["run", "jsr:@interjson/cli@${VERSION}", "mcp"] }\n  }\n}\n`,
  },
  {
    name: "--profile is carried into the snippet",
    args: ["--print-config=claude", "--profile=strict"],
    stdout: "claude mcp add interjson -- interjson mcp --profile=strict\n",
  },
  {
    name: "--profile with deno, in TOML",
    args: ["--print-config=codex", "--command=deno", "--profile", "execution"],
    stdout: '[mcp_servers.interjson]\ncommand = "deno"\n' +
      `args = ["run", "jsr:@interjson/cli@${VERSION}", "mcp", "--profile=execution"]\n`,
  },
];

/** Old spellings: each still works, with one deprecation line on stderr. */
const OLD_SPELLINGS: readonly { args: string[]; stdout: string; stderr: string }[] = [
  {
    args: ["mcp", "--print-config=claude", "--policy=strict"],
    stdout: "claude mcp add interjson -- interjson mcp --profile=strict\n",
    stderr: "interjson mcp: --policy P is deprecated; write --profile P (it names a profile; " +
      "--policy names a policy file elsewhere)\n",
  },
  {
    args: ["hook", "--print-config=claude-code"],
    stdout: "",
    stderr: "interjson hook: --print-config=claude-code is deprecated; write " +
      "--print-config=claude (the same client name as in interjson mcp and proxy)\n",
  },
];

Deno.test("cli: an old spelling works and prints one deprecation line", async (t) => {
  for (const row of OLD_SPELLINGS) {
    await t.step(row.args.join(" "), async () => {
      const ran = await run(row.args);
      equal(ran.code, 0);
      equal(ran.stderr, row.stderr);
      if (row.stdout !== "") equal(ran.stdout, row.stdout);
      else {
        const now = await run(row.args.map((a) => a.replace("claude-code", "claude")));
        equal(ran.stdout, now.stdout, "the same snippet as the new spelling");
      }
    });
  }
  const both = await run(["mcp", "--profile=agent", "--policy=strict"]);
  equal(both.code, 2);
  match(both.stderr, /give --profile P alone/);
});

Deno.test("docs/CLI.md lists every old spelling", async () => {
  const doc = await read("docs/CLI.md");
  for (const row of DEPRECATED_SPELLINGS) {
    ok(doc.includes(`| \`${row.command}\` | \`${row.old}\` | \`${row.now}\` |`), row.old);
  }
});

/** The proxy's options a snippet must carry, each with its value. */
const PROXY_OPTIONS: readonly (readonly string[])[] = [
  ["--profile", "strict"],
  ["--pin", "/etc/interjson/tools lock.json"],
  ["--audit", "audit.jsonl", "--audit-values"],
  ["--policy", "policy.jsonc"],
];

Deno.test("cli: proxy --print-config, every client × every subset of its options, carries each", async (t) => {
  for (const client of CLIENTS) {
    for (let subset = 0; subset < 1 << PROXY_OPTIONS.length; subset++) {
      const options = PROXY_OPTIONS.filter((_, k) => (subset >> k & 1) === 1).flat();
      const args = ["proxy", `--print-config=${client.name}`, ...options, "--", "npx", "-y", "srv"];
      await t.step(args.slice(1).join(" "), async () => {
        const ran = await run(args);
        equal(ran.code, 0, ran.stderr);
        const quoted = (word: string) =>
          client.name === "claude" ? shellWord(word) : JSON.stringify(word);
        for (const word of [...options, "npx", "-y", "srv"]) {
          ok(ran.stdout.includes(quoted(word)), `${word} missing:\n${ran.stdout}`);
        }
        for (const [flag] of PROXY_OPTIONS) {
          equal(ran.stdout.includes(flag), options.includes(flag), flag);
        }
      });
    }
  }
});

/** How each `--command` starts the server, as the arguments before any option. */
const LAUNCH_WORDS: Readonly<Record<string, readonly string[]>> = {
  interjson: ["interjson", "mcp"],
  deno: ["deno", "run", `jsr:@interjson/cli@${VERSION}`, "mcp"],
  "/opt/interjson": ["/opt/interjson", "mcp"],
};

Deno.test("cli: mcp --print-config, every client × --command × --profile, carries each flag", async (t) => {
  for (const client of CLIENTS) {
    for (const [command, words] of Object.entries(LAUNCH_WORDS)) {
      for (const policy of [undefined, "strict"]) {
        const args = [`--print-config=${client.name}`, `--command=${command}`];
        if (policy !== undefined) args.push(`--profile=${policy}`);
        await t.step(args.join(" "), async () => {
          const ran = await run(["mcp", ...args]);
          equal(ran.code, 0, ran.stderr);
          const expected = [...words, ...(policy === undefined ? [] : [`--profile=${policy}`])];
          const quoted = expected.map((word) => JSON.stringify(word));
          const found = client.name === "claude"
            ? ran.stdout.includes(expected.join(" ") + "\n")
            : ran.stdout.includes(quoted.slice(1).join(", ")) &&
              ran.stdout.includes(quoted[0]);
          ok(found, ran.stdout);
          equal(ran.stdout.includes("--profile"), policy !== undefined);
        });
      }
    }
  }
});

Deno.test("cli: mcp --print-config refuses the HTTP options (a stdio snippet cannot carry them)", async (t) => {
  for (const extra of [["--http", "8080"], ["--token-file", "t"], ["--allow-remote"]]) {
    await t.step(extra[0], async () => {
      const ran = await run(["mcp", "--print-config=claude", ...extra]);
      equal(ran.code, 2);
      equal(ran.stdout, "");
      match(
        ran.stderr,
        new RegExp(
          `^interjson mcp: --print-config prints a stdio snippet, which cannot carry ${extra[0]}: `,
        ),
      );
      match(ran.stderr, /http:\/\/HOST:PORT\/mcp/);
    });
  }
});

Deno.test("cli: mcp --print-config prints the snippet for each way of starting the server", async (t) => {
  for (const row of PRINT_CONFIGS) {
    await t.step(row.name, async () => {
      deepEqual(await run(["mcp", ...row.args]), { code: 0, stdout: row.stdout, stderr: "" });
    });
  }
});

Deno.test("cli: mcp --print-config alone prints the generic json snippet", async () => {
  const json = CLIENTS.find((client) => client.name === "json")!;
  deepEqual(await run(["mcp", "--print-config"]), {
    code: 0,
    stdout: json.snippet + "\n",
    stderr: "",
  });
});

Deno.test("cli: every JSON and TOML snippet, for every launch, names its command and arguments", async (t) => {
  const launches = [
    { command: "interjson", args: ["mcp"] },
    { command: "/opt/x/interjson", args: ["mcp"] },
    { command: "deno", args: [...DENO_LAUNCH.args] },
  ];
  for (const client of CLIENTS) {
    for (const launch of launches) {
      await t.step(`${client.name} --command=${launch.command}`, async () => {
        const { code, stdout } = await run([
          "mcp",
          `--print-config=${client.name}`,
          `--command=${launch.command}`,
        ]);
        equal(code, 0);
        if (client.name === "claude") {
          equal(
            stdout,
            `claude mcp add interjson -- ${[launch.command, ...launch.args].join(" ")}\n`,
          );
          return;
        }
        if (client.name === "codex") {
          const lines = stdout.trimEnd().split("\n");
          deepEqual(lines.slice(1).map((line) => JSON.parse(line.split(" = ")[1])), [
            launch.command,
            launch.args,
          ]);
          return;
        }
        const parsed = JSON.parse(stdout);
        const server = parsed.mcpServers?.interjson ?? parsed.servers?.interjson ??
          parsed.context_servers?.interjson.command;
        equal(server.command ?? server.path, launch.command);
        deepEqual(server.args, launch.args);
      });
    }
  }
});

Deno.test("cli: the default snippets are seed 000's, as docs/MCP.md shows them", async () => {
  const docs = await read("docs/MCP.md");
  // The seed's "Configure a client" section, vendored with a note of its origin.
  const seed = await read("tests/fixtures/seed_000_configure_a_client.md");
  for (const source of [docs, seed]) {
    const blocks = [...source.matchAll(/```(?:json|toml|sh)\n([\s\S]*?)\n```/g)].map((m) => m[1]);
    for (const client of CLIENTS) {
      const found = client.name === "claude"
        ? blocks.some((block) => block.split("\n")[0] === client.snippet)
        : blocks.includes(client.snippet);
      ok(found, `${source === docs ? "docs/MCP.md" : "seed 000"} lacks the ${client.name} snippet`);
    }
  }
});

// ---------------------------------------------------------------------------
// Engine commands: output and exit codes (stdout a pipe: JSON).

Deno.test("cli: gate prints the twenty fields; exit 0 when executable", async () => {
  const { code, stdout, stderr } = await run(["gate"], SAFE);
  equal(code, 0);
  equal(stderr, "");
  const result = JSON.parse(stdout);
  equal(Object.keys(result).length, 20);
  equal(result.executable, true);
  equal(stdout, JSON.stringify(gate(SAFE), null, 2) + "\n", "exactly the library's result");
});

Deno.test("cli: gate exit 1 when refused, with the retry prompt in the output", async () => {
  const { code, stdout } = await run(["gate", "-"], TRUNCATED);
  equal(code, 1);
  const result = JSON.parse(stdout);
  equal(result.executable, false);
  ok(result.retry.prompt.length > 0);
});

Deno.test("cli: gate reads FILE and --schema-json FILE", async () => {
  const files = { "args.json": '{"limit":3}', "schema.json": JSON.stringify(SEED_SCHEMA_JSON) };
  const { code, stdout } = await run(
    ["gate", "--schema-json", "schema.json", "args.json"],
    "",
    files,
  );
  equal(code, 1);
  deepEqual(JSON.parse(stdout).schema_missing, ["/query"]);
});

Deno.test("cli: --assert-format makes `format` assert, in every command that takes a declaration", async (t) => {
  const files = {
    "s.json": JSON.stringify({
      type: "object",
      properties: { at: { type: "string", format: "date-time" } },
    }),
  };
  const rows = [
    { command: "gate", flags: [], text: '{"at":"tomorrow"}', code: 0 },
    { command: "gate", flags: ["--assert-format"], text: '{"at":"tomorrow"}', code: 1 },
    {
      command: "gate",
      flags: ["--assert-format"],
      text: '{"at":"2026-12-01T05:30:00Z"}',
      code: 0,
    },
    { command: "validate", flags: [], text: '{"at":"tomorrow"}', code: 0 },
    { command: "validate", flags: ["--assert-format"], text: '{"at":"tomorrow"}', code: 1 },
    { command: "readiness", flags: [], text: '{"at":"tomorrow"}', code: 0 },
    { command: "readiness", flags: ["--assert-format"], text: '{"at":"tomorrow"}', code: 0 },
  ];
  for (const row of rows) {
    await t.step(`${row.command} ${row.flags.join(" ")} on ${row.text}`, async () => {
      const args = [row.command, "--schema-json", "s.json", ...row.flags];
      const { code, stdout } = await run(args, row.text, files);
      equal(code, row.code, stdout);
      if (row.command === "readiness") {
        // readiness reports how far the value is and never refuses: the format shows in its verdict.
        equal(JSON.parse(stdout).verdict.ok, row.flags.length === 0, stdout);
      }
    });
  }
  await t.step("without --schema-json it is a usage error", async () => {
    const { code, stdout, stderr } = await run(["gate", "--assert-format"], SAFE);
    equal(code, 2);
    equal(stdout, "");
    match(oneLine(stderr), /--assert-format .*--schema-json FILE/);
  });
});

Deno.test("cli: --strict-keywords refuses unknown keywords, in every command that takes a declaration", async (t) => {
  const files = {
    "s.json": JSON.stringify({
      type: "object",
      properties: { n: { type: "integer", "x-order": 1 } },
    }),
  };
  const rows = [
    { command: "gate", flags: [], code: 0 },
    { command: "gate", flags: ["--strict-keywords"], code: 2 },
    { command: "repair", flags: [], code: 0 },
    { command: "repair", flags: ["--strict-keywords"], code: 2 },
    { command: "validate", flags: [], code: 0 },
    { command: "validate", flags: ["--strict-keywords"], code: 2 },
    { command: "readiness", flags: [], code: 0 },
    { command: "readiness", flags: ["--strict-keywords"], code: 2 },
  ];
  for (const row of rows) {
    await t.step(`${row.command} ${row.flags.join(" ")}`, async () => {
      const args = [row.command, "--schema-json", "s.json", ...row.flags];
      const { code, stdout, stderr } = await run(args, '{"n":3}', files);
      equal(code, row.code, stdout + stderr);
      if (row.code === 2) match(oneLine(stderr), /E070.*unsupported keyword "x-order"/);
    });
  }
  await t.step("without --schema-json it is a usage error", async () => {
    const { code, stderr } = await run(["gate", "--strict-keywords"], SAFE);
    equal(code, 2);
    match(oneLine(stderr), /--strict-keywords .*--schema-json FILE/);
  });
});

Deno.test("cli: gate --schema DECL, and a profile that refuses what agent accepts", async () => {
  equal((await run(["gate", "--schema", "{!query:string,!limit:integer}"], SAFE)).code, 0);
  equal((await run(["gate"], PROSE)).code, 0);
  equal((await run(["gate", "--profile", "execution"], PROSE)).code, 1);
});

Deno.test("cli: E070 (a bad declaration) is a usage error: exit 2, one line", async (t) => {
  for (const command of ["gate", "repair", "validate", "readiness"]) {
    await t.step(command, async () => {
      const files = { "s.json": '{"type":"object","allOf":[]}' };
      const { code, stdout, stderr } = await run([command, "--schema-json", "s.json"], SAFE, files);
      equal(code, 2);
      equal(stdout, "");
      match(oneLine(stderr), /E070/);
    });
  }
});

Deno.test("cli: repair exit 0 when repaired, 1 when refused under the profile", async () => {
  const repaired = await run(["repair"], "[1,2,]");
  equal(repaired.code, 0);
  equal(JSON.parse(repaired.stdout).exactness, "cosmetic");
  const refused = await run(["repair", "--profile=execution"], TRUNCATED);
  equal(refused.code, 1);
  equal(JSON.parse(refused.stdout).error.code, "E010");
});

Deno.test("cli: validate exit 0 when valid, 1 when not", async () => {
  equal((await run(["validate"], SAFE)).code, 0);
  equal((await run(["validate"], "[1,2,]")).code, 1);
  const files = { "s.json": JSON.stringify(SEED_SCHEMA_JSON) };
  equal((await run(["validate", "--schema-json", "s.json"], '{"limit":3}', files)).code, 1);
});

Deno.test("cli: readiness exit 0 and the four fractions", async () => {
  const { code, stdout } = await run(["readiness", "--schema", "{!query:string}"], SAFE);
  equal(code, 0);
  const result = JSON.parse(stdout);
  for (const field of ["syntax_permille", "schema_permille", "settled_permille", "step"]) {
    equal(typeof result[field], "number", field);
  }
});

// ---------------------------------------------------------------------------
// A flag for every field of Options, overriding the profile.

interface OptionCase {
  name: string;
  args: string[];
  stdin: string;
  code: number;
  /** The error code of the result, or null. */
  error: string | null;
  /** The same call through the library. */
  library: { operation: "gate" | "repair"; options: Options };
}

const OPTION_CASES: OptionCase[] = [
  {
    name: "--skip-prose lets repair's permissive profile read a chat answer",
    args: ["repair", "--skip-prose"],
    stdin: PROSE,
    code: 0,
    error: null,
    library: { operation: "repair", options: { skipProse: true } },
  },
  {
    name: "--skip-prose lets repair complete a truncated value after prose (no profile does)",
    args: ["repair", "--skip-prose"],
    stdin: "Here are the args:\n" + TRUNCATED,
    code: 0,
    error: null,
    library: { operation: "repair", options: { skipProse: true } },
  },
  {
    name: "--no-skip-prose makes agent refuse prose",
    args: ["gate", "--no-skip-prose"],
    stdin: PROSE,
    code: 1,
    error: "E002",
    library: { operation: "gate", options: { profile: "agent", skipProse: false } },
  },
  {
    name: "--max-loss=cosmetic makes permissive refuse a truncated value",
    args: ["repair", "--max-loss=cosmetic"],
    stdin: TRUNCATED,
    code: 1,
    error: "E010",
    library: { operation: "repair", options: { maxLoss: "cosmetic" } },
  },
  {
    name: "--max-loss=lossy makes execution's repair complete a truncated value",
    args: ["repair", "--profile=execution", "--max-loss=lossy"],
    stdin: TRUNCATED,
    code: 0,
    error: null,
    library: { operation: "repair", options: { profile: "execution", maxLoss: "lossy" } },
  },
  {
    name: "--allow-ambiguity makes execution's repair take the likeliest reading",
    args: ["repair", "--profile=execution", "--allow-ambiguity"],
    stdin: "[1,2}",
    code: 0,
    error: null,
    library: { operation: "repair", options: { profile: "execution", allowAmbiguity: true } },
  },
  {
    name: "--no-allow-ambiguity makes permissive refuse an ambiguous reading",
    args: ["repair", "--no-allow-ambiguity"],
    stdin: "[1,2}",
    code: 1,
    error: "E011",
    library: { operation: "repair", options: { allowAmbiguity: false } },
  },
  {
    name: "--max-depth=2 refuses depth 3 (E020)",
    args: ["gate", "--max-depth=2"],
    stdin: "[[[1]]]",
    code: 1,
    error: "E020",
    library: { operation: "gate", options: { maxDepth: 2 } },
  },
  {
    name: "--max-input=4 refuses a longer input (E021)",
    args: ["gate", "--max-input=4"],
    stdin: "[1,2]",
    code: 1,
    error: "E021",
    library: { operation: "gate", options: { maxInput: 4 } },
  },
  {
    name: "--max-token=3 refuses a longer string (E022)",
    args: ["gate", "--max-token", "3"],
    stdin: '["abcdef"]',
    code: 1,
    error: "E022",
    library: { operation: "gate", options: { maxToken: 3 } },
  },
];

Deno.test("cli: each option flag overrides the profile, as the library's Options field does", async (t) => {
  for (const row of OPTION_CASES) {
    await t.step(row.name, async () => {
      const { code, stdout } = await run(row.args, row.stdin);
      equal(code, row.code);
      const printed = JSON.parse(stdout);
      equal(printed.error?.code ?? null, row.error);
      const operation = row.library.operation === "gate" ? gate : repair;
      equal(stdout, JSON.stringify(operation(row.stdin, row.library.options), null, 2) + "\n");
    });
  }
});

Deno.test("cli: OPTION_FLAGS covers every field of Options but the profile", () => {
  const fields = OPTION_FLAGS.map((flag) => flag.field).sort();
  deepEqual(fields, ["allowAmbiguity", "maxDepth", "maxInput", "maxLoss", "maxToken", "skipProse"]);
});

// ---------------------------------------------------------------------------
// The prose hint.

interface ProseCase {
  name: string;
  args: string[];
  stdin: string;
  /** Whether the one-line hint names --skip-prose and --profile agent. */
  hint: boolean;
}

const PROSE_CASES: ProseCase[] = [
  {
    name: "repair (permissive) of the repository's own chat example",
    args: ["repair", "examples/chat-tool-call.txt"],
    stdin: "",
    hint: true,
  },
  {
    name: "gate --profile execution of a chat answer",
    args: ["gate", "--profile=execution"],
    stdin: PROSE,
    hint: true,
  },
  {
    name: "not when the value would be refused anyway (truncated, under execution)",
    args: ["gate", "--profile=execution"],
    stdin: 'Here:\n{"a":"trunc',
    hint: false,
  },
  {
    name: "not when --no-skip-prose asked for the refusal",
    args: ["gate", "--no-skip-prose"],
    stdin: PROSE,
    hint: false,
  },
  { name: "not for a refusal of something else", args: ["gate"], stdin: TRUNCATED, hint: false },
];

Deno.test("cli: a refusal only about prose names the fix (--skip-prose, --profile agent) in one line", async (t) => {
  const chat = await read("examples/chat-tool-call.txt");
  for (const row of PROSE_CASES) {
    await t.step(row.name, async () => {
      const { code, stdout, stderr } = await run(row.args, row.stdin, {
        "examples/chat-tool-call.txt": chat,
      });
      equal(code, 1);
      JSON.parse(stdout); // the JSON is unchanged: the hint goes to stderr
      if (row.hint) {
        match(oneLine(stderr), /hint: only the prose around the value was refused/);
        match(stderr, /--skip-prose/);
        match(stderr, /--profile agent/);
      } else {
        equal(stderr, "");
      }
    });
  }
  const fixed = await run(["repair", "--skip-prose", "examples/chat-tool-call.txt"], "", {
    "examples/chat-tool-call.txt": chat,
  });
  equal(fixed.code, 0, "the fix the hint names works");
});

// ---------------------------------------------------------------------------
// --output=result|value|text.

interface OutputCase {
  name: string;
  args: string[];
  stdin: string;
  code: number;
  stdout: string;
  /** stderr: empty, or one line matching. */
  stderr: RegExp | "";
}

const OUTPUT_CASES: OutputCase[] = [
  {
    name: "text: the executable JSON exactly as written when it was exact",
    args: ["gate", "--output=text"],
    stdin: SAFE,
    code: 0,
    stdout: SAFE + "\n",
    stderr: "",
  },
  {
    name: "text: the repaired JSON",
    args: ["gate", "--output=text"],
    stdin: "```json\n{'a': True,}\n```",
    code: 0,
    stdout: '{"a":true}\n',
    stderr: "",
  },
  {
    name: "value: the value as indented JSON",
    args: ["gate", "--output=value"],
    stdin: "[1,2,]",
    code: 0,
    stdout: "[\n  1,\n  2\n]\n",
    stderr: "",
  },
  {
    name: "text when refused: nothing on stdout, why on stderr",
    args: ["gate", "--output=text"],
    stdin: TRUNCATED,
    code: 1,
    stdout: "",
    stderr: /^interjson gate: refused: E010 StrictViolation at 1:25/,
  },
  {
    name: "value when refused: nothing on stdout",
    args: ["gate", "--output=value"],
    stdin: TRUNCATED,
    code: 1,
    stdout: "",
    stderr: /refused: E010/,
  },
  {
    name: "repair --output=text",
    args: ["repair", "--output=text"],
    stdin: TRUNCATED,
    code: 0,
    stdout: '{"query":"weather in Par"}\n',
    stderr: "",
  },
  {
    name: "result: today's JSON",
    args: ["gate", "--output=result"],
    stdin: SAFE,
    code: 0,
    stdout: JSON.stringify(gate(SAFE), null, 2) + "\n",
    stderr: "",
  },
  {
    name: "text on a terminal is still just the text",
    args: ["gate", "--output=text", "--color=always"],
    stdin: SAFE,
    code: 0,
    stdout: SAFE + "\n",
    stderr: "",
  },
];

Deno.test("cli: --output=result|value|text", async (t) => {
  for (const row of OUTPUT_CASES) {
    await t.step(row.name, async () => {
      const terminal = row.name.includes("terminal") ? { terminal: { stdout: true } } : {};
      const { code, stdout, stderr } = await run(row.args, row.stdin, {}, terminal);
      equal(code, row.code);
      equal(stdout, row.stdout);
      if (row.stderr === "") equal(stderr, "");
      else match(oneLine(stderr), row.stderr);
    });
  }
});

// ---------------------------------------------------------------------------
// Model output that is not UTF-8: a refusal (exit 1) naming the byte offset.

interface EncodingCase {
  name: string;
  bytes: number[];
  /** The offset of the first bad byte. */
  offset: number;
  /** The bad byte, as the message names it. */
  byte: string;
}

const encode = (text: string) => [...new TextEncoder().encode(text)];

const ENCODING_CASES: EncodingCase[] = [
  {
    name: "Latin-1 é in a string",
    bytes: [...encode('{"a":"caf'), 0xe9, ...encode('"}')],
    offset: 9,
    byte: "0xE9",
  },
  {
    name: "after a multi-byte character (the offset counts bytes, not characters)",
    bytes: [...encode('{"é":"'), 0xff, ...encode('"}')],
    offset: 7,
    byte: "0xFF",
  },
  {
    name: "a multi-byte sequence cut at the end",
    bytes: [...encode('["'), 0xe2, 0x82],
    offset: 2,
    byte: "0xE2",
  },
  {
    name: "an overlong encoding of /",
    bytes: [...encode("["), 0xc0, 0xaf, ...encode("]")],
    offset: 1,
    byte: "0xC0",
  },
  {
    name: "an encoded surrogate",
    bytes: [...encode('["'), 0xed, 0xa0, 0x80, ...encode('"]')],
    offset: 2,
    byte: "0xED",
  },
  {
    name: "on the second line",
    bytes: [...encode('{\n"a":"'), 0xfc, ...encode('"}')],
    offset: 7,
    byte: "0xFC",
  },
];

/** The same JSON written as UTF-16, every way: one refusal, naming UTF-16 and the byte order. */
const UTF16_CASES: { name: string; bytes: number[]; order: string }[] = [
  { name: "little-endian, no BOM", bytes: [0x5b, 0, 0x31, 0, 0x5d, 0], order: "little-endian" },
  { name: "big-endian, no BOM", bytes: [0, 0x5b, 0, 0x31, 0, 0x5d], order: "big-endian" },
  {
    name: "little-endian with a BOM",
    bytes: [0xff, 0xfe, 0x5b, 0, 0x31, 0, 0x5d, 0],
    order: "little-endian",
  },
  {
    name: "big-endian with a BOM",
    bytes: [0xfe, 0xff, 0, 0x5b, 0, 0x31, 0, 0x5d],
    order: "big-endian",
  },
];

Deno.test("cli: UTF-16 input is refused (exit 1) as UTF-16, the same for every byte order and BOM", async (t) => {
  for (const row of UTF16_CASES) {
    await t.step(row.name, async () => {
      const gated = await run(["gate"], new Uint8Array(row.bytes));
      equal(gated.code, 1);
      const result = JSON.parse(gated.stdout);
      equal(result.executable, false);
      equal(result.error.code, "E003");
      ok(
        result.error.message.includes(`the output is UTF-16 (${row.order})`),
        result.error.message,
      );
    });
  }
});

Deno.test("cli: input that is not UTF-8 is refused (exit 1) with a retry prompt naming the byte offset", async (t) => {
  for (const row of ENCODING_CASES) {
    await t.step(row.name, async () => {
      const bytes = new Uint8Array(row.bytes);
      const named = `byte ${row.byte} at byte offset ${row.offset} `;
      const gated = await run(["gate"], bytes);
      equal(gated.code, 1);
      equal(gated.stderr, "");
      const result = JSON.parse(gated.stdout);
      equal(result.executable, false);
      equal(result.decision, "invalid");
      equal(result.error.code, "E003");
      ok(result.error.message.includes(named), result.error.message);
      ok(result.retry.prompt.includes(named), result.retry.prompt);
      equal(Object.keys(result).length, 20);
      for (const command of ["repair", "validate", "readiness"]) {
        const other = await run([command], bytes);
        equal(other.code, 1, command);
        ok(JSON.parse(other.stdout).error.message.includes(named), command);
      }
      const file = await run(["gate", "latin1.txt"], "", { "latin1.txt": bytes });
      equal(file.code, 1, "a file reads the same as stdin");
    });
  }
});

Deno.test("cli: a bad declaration is still a usage error when the input is not UTF-8", async () => {
  const { code, stderr } = await run(["gate", "--schema", "{a:nope}"], new Uint8Array([0xff]));
  equal(code, 2);
  match(oneLine(stderr), /E070/);
});

// ---------------------------------------------------------------------------
// A terminal: the report for people, colours, the stdin hint.

interface ReportCase {
  name: string;
  args: string[];
  stdin: string;
  code: number;
  /** Lines the report holds (without colour). */
  lines: string[];
}

const REPORT_CASES: ReportCase[] = [
  {
    name: "gate refused: decision, label, carets per repair, retry prompt",
    args: ["gate", "--schema", "{!query:string,limit:integer}"],
    stdin: TRUNCATED,
    code: 1,
    lines: [
      "REFUSED: REJECT (a value was changed) [exit 1]",
      "  syntax: lossy_repair; declaration: not reached (the text was refused first)",
      "  E010 StrictViolation at 1:25 (offset 24): R010 CloseString: exactness lossy exceeds max_loss cosmetic",
      "Repairs (2):",
      '  1 | {"query":"weather in Par',
      "    |                         ^ R010 CloseString (lossy)",
      "    |                         ^ R011 CloseContainer (lossy)",
      "Retry prompt (send it back to the model):",
      "  InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24).",
      "  Reason: the text ends inside a string, so the arguments look cut off",
      "  Re-emit the complete arguments: the whole JSON value, with nothing cut off.",
    ],
  },
  {
    name: "gate executable: the value",
    args: ["gate"],
    stdin: "Here are the args:\n{'a': True,}",
    code: 0,
    lines: [
      "EXECUTABLE: SAFE TO EXECUTE (notation repaired) [exit 0]",
      "  syntax: cosmetic_repair; no declaration",
      "  1 | Here are the args:",
      "    | ^ R003 SkipProse (cosmetic)",
      "  2 | {'a': True,}",
      "    |  ^ R008 SingleQuotes (cosmetic)",
      "    |       ^ R015 PythonLiteral (cosmetic)",
      "    |           ^ R005 TrailingComma (cosmetic)",
      "Value (what may be executed):",
      '  {"a":true}',
    ],
  },
  {
    name: "gate ambiguous: magenta carets name the ambiguity",
    args: ["gate"],
    stdin: '{"a":1,"a":2}',
    code: 1,
    lines: ["    |            ^ R032 DuplicateKey (lossy, ambiguous semantic)"],
  },
  {
    name: "repair refused: the prose hint and a retry prompt",
    args: ["repair"],
    stdin: PROSE,
    code: 1,
    lines: [
      "REFUSED: E002 [exactness cosmetic, complete, exit 1]",
      "  hint: only the prose around the value was refused: add --skip-prose, or use --profile agent (which skips prose)",
      "Retry prompt (send it back to the model):",
    ],
  },
  {
    name: "validate invalid: what a repair would give",
    args: ["validate"],
    stdin: "[1,2,]",
    code: 1,
    lines: ["INVALID: not JSON as written [exit 1]", "A repair would give:", "  [1,2]"],
  },
  {
    name: "validate valid",
    args: ["validate"],
    stdin: SAFE,
    code: 0,
    lines: ["VALID: JSON as written [exit 0]"],
  },
  {
    name: "validate --schema valid: says the declaration is satisfied",
    args: ["validate", "--schema", "{!query:string}"],
    stdin: '{"query":"x"}',
    code: 0,
    lines: ["VALID: JSON as written, declaration satisfied [exit 0]"],
  },
  {
    name: "gate with a declaration it satisfies: the verdict, then syntax and declaration",
    args: ["gate", "--schema", "{!query:string,limit:integer}"],
    stdin: '{"query":"x","limit":3}',
    code: 0,
    lines: [
      "EXECUTABLE: SAFE TO EXECUTE [exit 0]",
      "  syntax: safe; declaration: satisfied (2 declared members)",
    ],
  },
  {
    name: "gate refused by its declaration: the verdict leads, the syntax verdict is safe",
    args: ["gate", "--schema", "{!query:string,!limit:integer}"],
    stdin: '{"query":"x"}',
    code: 1,
    lines: [
      "REFUSED: REJECT (declaration not satisfied) [exit 1]",
      "  syntax: safe; declaration: not satisfied (missing /limit)",
    ],
  },
];

const stripColor = (text: string) => text.replaceAll(new RegExp(`${ESC}[0-9;]*m`, "g"), "");

Deno.test("cli: on a terminal, gate, repair and validate print a report for people", async (t) => {
  for (const row of REPORT_CASES) {
    await t.step(row.name, async () => {
      const { code, stdout, stderr } = await run(row.args, row.stdin, {}, {
        terminal: { stdout: true },
      });
      equal(code, row.code);
      equal(stderr, "", "the hint is in the report, not on stderr");
      const lines = stripColor(stdout).split("\n");
      for (const line of row.lines) {
        ok(lines.includes(line), `missing ${JSON.stringify(line)} in\n${stdout}`);
      }
    });
  }
});

/** Lines of the excerpt, by terminal width: cut only when the line does not fit. */
const WIDTHS: readonly { name: string; columns: number | undefined; cut: boolean }[] = [
  {
    name: "a 150-character line on a 200-column terminal is shown whole",
    columns: 200,
    cut: false,
  },
  {
    name: "the same line on an 80-column terminal is cut around the repair",
    columns: 80,
    cut: true,
  },
  { name: "width unknown: cut past 100 characters", columns: undefined, cut: true },
];

Deno.test("cli: a line that fits the terminal is never cut", async (t) => {
  const text = `{"note":"${"n".repeat(130)}", "a": 1,}`;
  for (const row of WIDTHS) {
    await t.step(row.name, async () => {
      const { stdout } = await run(["gate", "--color=never"], text, {}, {
        terminal: { stdout: true },
        columns: row.columns,
      });
      const source = stdout.split("\n").find((line) => line.startsWith("  1 | "))!;
      equal(source.includes("…"), row.cut, source);
      equal(source === `  1 | ${text}`, !row.cut, source);
    });
  }
  const short = await run(["gate", "--color=never"], `${" ".repeat(40)}[1,2,]`, {}, {
    terminal: { stdout: true },
  });
  ok(
    short.stdout.includes(`  1 | ${" ".repeat(40)}[1,2,]\n`),
    "a short line is not cut at its start",
  );
});

Deno.test("cli: the caret stands under the column each repair names", async () => {
  const text = '{"path": "/tmp/x", "force": True, "tags": [1,2,],}';
  const { stdout } = await run(["gate", "--color=never"], text, {}, { terminal: { stdout: true } });
  const lines = stdout.split("\n");
  const source = lines.findIndex((line) => line.startsWith("  1 | "));
  const carets = lines.slice(source + 1).filter((line) => line.startsWith("    | "));
  const repairs = gate(text).repairs;
  equal(carets.length, repairs.length);
  for (const [k, repair] of repairs.entries()) {
    equal(carets[k].indexOf("^") - "    | ".length, repair.column - 1, repair.name);
    match(carets[k], new RegExp(`\\^ ${repair.rule} ${repair.name} `));
  }
});

interface ColorCase {
  name: string;
  args: string[];
  terminal: MemoryTerminal;
  /** What stdout is: the report with colours, without, or the JSON. */
  expect: "colour" | "plain" | "json";
}

const COLOR_CASES: ColorCase[] = [
  {
    name: "a terminal: colours",
    args: ["gate"],
    terminal: { terminal: { stdout: true } },
    expect: "colour",
  },
  {
    name: "NO_COLOR: the report without colours",
    args: ["gate"],
    terminal: { terminal: { stdout: true }, noColor: true },
    expect: "plain",
  },
  {
    name: "--color=never",
    args: ["gate", "--color=never"],
    terminal: { terminal: { stdout: true } },
    expect: "plain",
  },
  {
    name: "--color=always beats NO_COLOR",
    args: ["gate", "--color=always"],
    terminal: { terminal: { stdout: true }, noColor: true },
    expect: "colour",
  },
  {
    name: "--json on a terminal: today's JSON",
    args: ["gate", "--json"],
    terminal: { terminal: { stdout: true } },
    expect: "json",
  },
  { name: "a pipe: today's JSON", args: ["gate"], terminal: {}, expect: "json" },
  {
    name: "a pipe with --color=always: still JSON",
    args: ["gate", "--color=always"],
    terminal: {},
    expect: "json",
  },
];

Deno.test("cli: colours follow NO_COLOR and --color; --json and pipes give the JSON unchanged", async (t) => {
  const json = JSON.stringify(gate(TRUNCATED), null, 2) + "\n";
  for (const row of COLOR_CASES) {
    await t.step(row.name, async () => {
      const { code, stdout } = await run(row.args, TRUNCATED, {}, row.terminal);
      equal(code, 1);
      if (row.expect === "json") return equal(stdout, json);
      equal(stdout.includes(ESC), row.expect === "colour");
      match(stripColor(stdout), /^REFUSED: /);
    });
  }
  const { stdout } = await run(["gate"], '{"a":1,"a":2}', {}, { terminal: { stdout: true } });
  ok(stdout.includes(`${ESC}35m^ R032 DuplicateKey`), "ambiguous is magenta");
  const lossy = await run(["gate"], TRUNCATED, {}, { terminal: { stdout: true } });
  ok(lossy.stdout.includes(`${ESC}31m^ R010 CloseString`), "lossy is red");
  const cosmetic = await run(["gate"], "[1,2,]", {}, { terminal: { stdout: true } });
  ok(cosmetic.stdout.includes(`${ESC}36m^ R005 TrailingComma`), "cosmetic is cyan");
});

Deno.test("cli: readiness prints JSON even on a terminal", async () => {
  const { stdout } = await run(["readiness"], SAFE, {}, { terminal: { stdout: true } });
  equal(typeof JSON.parse(stdout).step, "number");
});

Deno.test("cli: waiting on a terminal's stdin prints a one-line hint on stderr", async (t) => {
  const table = [
    { name: "no FILE, stdin a terminal", args: ["gate"], stdinTerminal: true, hint: true },
    { name: "-, stdin a terminal", args: ["repair", "-"], stdinTerminal: true, hint: true },
    { name: "stdin a pipe", args: ["gate"], stdinTerminal: false, hint: false },
    { name: "a FILE", args: ["gate", "a.json"], stdinTerminal: true, hint: false },
  ];
  for (const row of table) {
    await t.step(row.name, async () => {
      const { code, stderr } = await run(row.args, SAFE, { "a.json": SAFE }, {
        terminal: { stdin: row.stdinTerminal },
      });
      equal(code, 0);
      if (!row.hint) return equal(stderr, "");
      equal(
        oneLine(stderr),
        `interjson ${
          row.args[0]
        }: reading the model output from stdin; end with Ctrl-D, or pass a file\n`,
      );
    });
  }
});

// ---------------------------------------------------------------------------
// Names.

Deno.test("cli: the invoked name is argv[0]'s basename without .exe", async (t) => {
  const table = [
    { argv0: "deno", name: "deno" },
    { argv0: "/usr/local/bin/interjson-mcp", name: "interjson-mcp" },
    { argv0: "C:\\bin\\interjson-mcp.exe", name: "interjson-mcp" },
    { argv0: "interjson.EXE", name: "interjson" },
  ];
  for (const row of table) await t.step(row.argv0, () => equal(invokedName(row.argv0), row.name));
});

Deno.test("cli: under the name interjson-mcp, --print-config and --help are the mcp command's", async () => {
  const io = memoryIO("");
  equal(await main(["--print-config=claude"], { invokedAs: "interjson-mcp", io }), 0);
  equal(io.captured.stdout, "claude mcp add interjson -- interjson mcp\n");
  const version = memoryIO("");
  equal(await main(["--version"], { invokedAs: "interjson-mcp", io: version }), 0);
  equal(version.captured.stdout, `interjson ${VERSION}\n`);
});

// ---------------------------------------------------------------------------
// The real process.

Deno.test("process: exit codes 0, 1 and 2 reach the shell; nothing else needs a permission", async (t) => {
  const table = [
    { args: ["--version"], stdin: "", code: 0 },
    { args: ["gate"], stdin: SAFE, code: 0 },
    { args: ["gate", "-"], stdin: TRUNCATED, code: 1 },
    { args: ["validate"], stdin: "[1,2,]", code: 1 },
    { args: ["repair"], stdin: "[1,2,]", code: 0 },
    { args: ["readiness"], stdin: SAFE, code: 0 },
    { args: ["gate", "--output=text"], stdin: SAFE, code: 0 },
    { args: ["gate", "--profile", "nope"], stdin: SAFE, code: 2 },
    { args: ["frobnicate"], stdin: "", code: 2 },
    { args: ["mcp", "--print-config=codex", "--command=deno"], stdin: "", code: 0 },
  ];
  for (const row of table) {
    await t.step(row.args.join(" "), async () => {
      const { code, stderr } = await runCli(row.args, row.stdin);
      equal(code, row.code, stderr);
    });
  }
});

Deno.test('process: printf \'{"a":"caf\\xe9"}\' | interjson gate - is a refusal naming byte 9', async () => {
  const bytes = new Uint8Array([...encode('{"a":"caf'), 0xe9, ...encode('"}')]);
  const { code, stdout, stderr } = await runCli(["gate", "-"], bytes);
  equal(code, 1);
  equal(stderr, "");
  match(JSON.parse(stdout).retry.prompt, /byte 0xE9 at byte offset 9 /);
});

Deno.test("process: on a real terminal (util-linux `script`), gate prints the report; piped, JSON", async () => {
  const command =
    `'${Deno.execPath()}' run --allow-read cli.ts gate examples/truncated-tool-call.txt`;
  const { output: shown } = await onTerminal(command, { cwd: ROOT });
  match(shown, /^REFUSED: REJECT \(a value was changed\) \[exit 1\]\n {2}syntax: lossy_repair; /);
  match(shown, /\^ R010 CloseString \(lossy\)/);
  ok(!shown.includes(ESC), "NO_COLOR: no colours");
  const piped = await runCli(["gate", "examples/truncated-tool-call.txt"], "", ["--allow-read"]);
  equal(JSON.parse(piped.stdout).executable, false);
});

Deno.test("process: a declaration Bash split (unquoted braces) gets a usage error saying to quote it", async () => {
  const command = `${Deno.execPath()} run cli.ts gate --schema {!query:string,limit:integer} -`;
  const ran = await new Deno.Command("bash", {
    args: ["-c", command],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(ran.code, 2);
  equal(
    new TextDecoder().decode(ran.stderr),
    "interjson gate: the declaration looks split by the shell (braces and commas expand, ! is " +
      "history): put it in single quotes, as in --schema '{!query:string,limit:integer}'\n",
  );
});

Deno.test("cli: readiness --help explains each field it prints", async () => {
  const help = await run(["readiness", "--help"]);
  const printed = await run(["readiness", "--schema", "{a:integer}"], '{"a":1,"b":[1,2]}');
  const fields = Object.keys(JSON.parse(printed.stdout)).filter((key) => key !== "verdict");
  deepEqual(fields, ["syntax_permille", "schema_permille", "settled_permille", "step"]);
  for (const field of fields) match(help.stdout, new RegExp(`\\n  ${field} +\\S`));
});

Deno.test("process: --version prints exactly one line", async () => {
  deepEqual(await runCli(["--version"]), { code: 0, stdout: `interjson ${VERSION}\n`, stderr: "" });
});

Deno.test("process: a FILE argument needs --allow-read under deno run", async () => {
  const path = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(path, SAFE);
    equal((await runCli(["gate", path], "", [`--allow-read=${path}`])).code, 0);
    const denied = await runCli(["gate", path]);
    equal(denied.code, 2);
    match(oneLine(denied.stderr), /cannot read/);
  } finally {
    await Deno.remove(path);
  }
});

// ---------------------------------------------------------------------------
// No download: the demo, the MCP server and the gate run with an empty Deno cache and no network.

/** An environment with an empty DENO_DIR and every way to the network pointing at a closed port. */
async function offline(): Promise<{ env: Record<string, string>; denoDir: string }> {
  const denoDir = await Deno.makeTempDir({ prefix: "interjson-empty-deno-dir-" });
  const closed = "http://127.0.0.1:9";
  return {
    denoDir,
    env: {
      DENO_DIR: denoDir,
      NPM_CONFIG_REGISTRY: `${closed}/`,
      HTTP_PROXY: closed,
      HTTPS_PROXY: closed,
      ALL_PROXY: closed,
      NO_PROXY: "",
      DENO_NO_UPDATE_CHECK: "1",
      NO_COLOR: "1",
    },
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Every file below `path` (none when it does not exist). */
async function filesUnder(path: string): Promise<string[]> {
  const files: string[] = [];
  const folders = [path];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    try {
      for await (const entry of Deno.readDir(folder)) {
        if (entry.isDirectory) folders.push(`${folder}/${entry.name}`);
        else files.push(`${folder}/${entry.name}`);
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  return files;
}

Deno.test("process: with an empty DENO_DIR and no network, the demo, mcp and gate download nothing", async (t) => {
  const table = [
    {
      name: "deno task demo: refused (exit 1) with the expected retry prompt",
      args: ["task", "demo"],
      stdin: "",
      code: 1,
      stdout:
        /"prompt": "InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25/,
    },
    {
      name: "deno task mcp: answers a ping",
      args: ["task", "mcp"],
      stdin: '{"jsonrpc":"2.0","id":1,"method":"ping"}\n',
      code: 0,
      stdout: /^\{"jsonrpc":"2.0","id":1,"result":\{\}\}\n$/,
    },
    {
      name: "deno run --allow-read cli.ts gate (the README's checkout form)",
      args: [
        "run",
        "--allow-read",
        "cli.ts",
        "gate",
        "--output=text",
        "examples/chat-tool-call.txt",
      ],
      stdin: "",
      code: 0,
      stdout: /^\{"query":"weather in Paris","limit":3\}\n$/,
    },
    {
      name: "deno task interjson gate",
      args: ["task", "interjson", "gate", "-"],
      stdin: TRUNCATED,
      code: 1,
      stdout: /"executable": false/,
    },
  ];
  for (const row of table) {
    await t.step(row.name, async () => {
      const { env, denoDir } = await offline();
      try {
        const { code, stdout, stderr } = await runDeno(row.args, {
          cwd: ROOT,
          env,
          stdin: row.stdin,
        });
        equal(code, row.code, stderr);
        match(stdout, row.stdout);
        ok(!/Download/.test(stderr), `downloaded something: ${stderr}`);
        deepEqual(await filesUnder(`${denoDir}/npm`), [], "no npm package was cached");
      } finally {
        await Deno.remove(denoDir, { recursive: true });
      }
    });
  }
});

Deno.test("process: a demo that cannot load the command line exits 3, not 0 or 1", async () => {
  // A copy of what the demo loads, with cli.ts importing a module that is not there.
  const copy = await Deno.makeTempDir({ prefix: "interjson-broken-demo-" });
  try {
    const paths = [
      "cli.ts",
      "mod.ts",
      "deno.json",
      "scripts",
      "examples",
      "engine",
      "cli",
      "mcp",
      "wire",
    ];
    for (const path of paths) {
      const copied = await new Deno.Command("cp", { args: ["-R", `${ROOT}${path}`, `${copy}/`] })
        .output();
      ok(copied.success, `copy ${path}`);
    }
    const cli = await Deno.readTextFile(`${copy}/cli.ts`);
    await Deno.writeTextFile(`${copy}/cli.ts`, `import "./not_there.ts";\n${cli}`);
    const { env, denoDir } = await offline();
    try {
      const { code, stdout, stderr } = await runDeno(["task", "demo"], {
        cwd: copy,
        env,
        stdin: "",
      });
      equal(code, CANNOT_RUN, stderr);
      equal(stdout, "");
      match(stderr, /interjson demo: the command line could not be loaded: /);
    } finally {
      await Deno.remove(denoDir, { recursive: true });
    }
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
});

Deno.test("deno.json: the CLI's resolution has no lockfile of npm packages; dev tasks pin theirs", async () => {
  const config = JSON.parse(await read("deno.json"));
  equal(config.lock, false, "deno task would install every npm package of a discovered deno.lock");
  ok(!(await exists(`${ROOT}deno.lock`)), "no deno.lock beside deno.json");
  for (const task of ["test", "check", "bench", "bench:report", "fuzz"]) {
    match(config.tasks[task], /--lock=deno\.dev\.lock /, task);
  }
  for (const task of ["interjson", "demo", "mcp"]) {
    ok(!/npm:|--lock/.test(config.tasks[task]), task);
  }
});

// ---------------------------------------------------------------------------
// The README's newcomer path.

/** PATH with the running Deno's folder first, so `deno` in a shell is this Deno. */
function withDenoOnPath(): string {
  const folder = Deno.execPath().split("/").slice(0, -1).join("/");
  return `${folder}:${Deno.env.get("PATH") ?? ""}`;
}

Deno.test("README: every checkout command with `# exit N` exits N from a checkout", async (t) => {
  const readme = await read("README.md");
  const commands = [...readme.matchAll(/^((?:deno (?:run|task)|echo) [^\n#]*?)\s+# exit (\d)\b/gm)]
    .map((m) => ({ command: m[1], code: Number(m[2]) }));
  ok(
    commands.length >= 4,
    `README lists checkout commands with their exit codes: ${commands.length}`,
  );
  for (const row of commands) {
    await t.step(row.command, async () => {
      const { code, stderr } = await new Deno.Command("sh", {
        args: ["-c", row.command],
        cwd: ROOT,
        stdout: "null",
        stderr: "piped",
        env: { NO_COLOR: "1", PATH: withDenoOnPath() },
      }).output();
      equal(code, row.code, new TextDecoder().decode(stderr));
    });
  }
});

Deno.test("README: every `deno task` it names exists", async () => {
  const readme = await read("README.md");
  const tasks = Object.keys(JSON.parse(await read("deno.json")).tasks);
  for (const [, task] of readme.matchAll(/deno(?:@[\d.]+)? task ([\w:]+)/g)) {
    ok(tasks.includes(task), `deno task ${task}`);
  }
});

// ---------------------------------------------------------------------------
// docs/PROFILES.md: what each profile refuses, under repair and under gate, generated from the code.

/** The example inputs of both tables (JSON string literals in the document). */
const PROFILE_TABLE_INPUTS = [
  '{"a":1}',
  "{'a':1,}",
  'Here are the args:\n{"a":1}',
  '{"query":"weather in Par',
  '{"a":undefined}',
  '{"a":1,"a":2}',
  "[1,2}",
  '```json\n{"a": True}\n```',
  'Here are the args:\n{"query":"weather in Par',
  "",
];

/** A Markdown code span, fenced by more backticks than the text holds in a row. */
function codeSpan(text: string): string {
  const run = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  if (run === 0) return `\`${text}\``;
  const fence = "`".repeat(run + 1);
  return `${fence} ${text} ${fence}`;
}

function profileTable(operation: "repair" | "gate"): string {
  const header = operation === "repair" ? "input" : "input to gate";
  const rows = PROFILE_TABLE_INPUTS.map((input) => {
    const cells = PROFILE_NAMES.map((profile) => {
      const error = operation === "repair"
        ? repair(input, { profile }).error
        : gate(input, { profile }).error;
      return error?.code ?? "—";
    });
    return `| ${codeSpan(JSON.stringify(input))} | ${cells.join(" | ")} |`;
  });
  return [
    `| ${header} | ${PROFILE_NAMES.join(" | ")} |`,
    `| --- | ${PROFILE_NAMES.map(() => "---").join(" | ")} |`,
    ...rows,
  ].join("\n");
}

function between(text: string, operation: string): { start: number; end: number } {
  const open = `<!-- generated by tests/cli_test.ts: ${operation} -->\n`;
  const close = `\n<!-- end of the generated ${operation} table -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  ok(start >= 0 && end > start, `docs/PROFILES.md marks the ${operation} table`);
  return { start: start + open.length, end };
}

Deno.test("docs/PROFILES.md: the repair and gate tables are what the code refuses", async (t) => {
  const path = new URL("../docs/PROFILES.md", import.meta.url);
  let doc = await Deno.readTextFile(path);
  // INTERJSON_UPDATE_DOCS=1 deno task test … rewrites the tables from the code.
  const update = Deno.env.get("INTERJSON_UPDATE_DOCS") === "1";
  for (const operation of ["repair", "gate"] as const) {
    await t.step(operation, () => {
      const { start, end } = between(doc, operation);
      const expected = profileTable(operation);
      if (update) doc = doc.slice(0, start) + expected + doc.slice(end);
      else equal(doc.slice(start, end), expected);
    });
  }
  if (update) await Deno.writeTextFile(path, doc);
});

// ---------------------------------------------------------------------------
// The library entry point.

interface ModuleInfo {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

Deno.test("library: importing mod.ts loads no CLI or MCP code (statically)", async () => {
  const output = await runDeno(["info", "--json", "mod.ts"], { cwd: ROOT });
  equal(output.code, 0, output.stderr);
  const info = JSON.parse(output.stdout);
  const modules = new Map<string, ModuleInfo>(
    info.modules.map((m: ModuleInfo) => [m.specifier, m]),
  );
  const seen = new Set<string>(info.roots);
  const queue: string[] = [...info.roots];
  while (queue.length > 0) {
    const module = modules.get(queue.pop()!);
    for (const dependency of module?.dependencies ?? []) {
      const target = dependency.code?.specifier;
      if (!target || dependency.isDynamic || seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  ok(seen.size > 1, "mod.ts imports the engine");
  const root = new URL("..", import.meta.url).href;
  for (const specifier of seen) {
    // Relative to the repository: the checkout itself may sit in a folder named cli/.
    const path = specifier.startsWith(root) ? specifier.slice(root.length) : specifier;
    ok(path !== "cli.ts", `mod.ts statically loads ${specifier}`);
    ok(
      !/^(adapters|cli|hook|mcp|playground|proxy|serve|wire)\//.test(path),
      `mod.ts statically loads ${specifier}`,
    );
  }
});

Deno.test("library: `deno run mod.ts` (what `deno run jsr:@interjson/cli` runs) is the CLI", async () => {
  const mod = await read("mod.ts");
  // Awaiting `import("./cli.ts")` at mod.ts's top level would deadlock (cli.ts imports mod.ts).
  ok(mod.includes("import.meta.main"), "mod.ts starts the CLI when it is the main module");
  ok(!/await import\(["']\.\/cli\.ts["']\)/.test(mod), "without a top-level await");
  deepEqual(await runModule(["--version"]), `interjson ${VERSION}\n`);
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
  deepEqual(await runModule(["mcp"], ping), '{"jsonrpc":"2.0","id":1,"result":{}}\n');
});

async function runModule(args: string[], stdin = ""): Promise<string> {
  const output = await runDeno(["run", "mod.ts", ...args], { cwd: ROOT, stdin });
  equal(output.code, 0, output.stderr);
  return output.stdout;
}
