/**
 * The command line: routing, `--version`, `--help`, `mcp --print-config`, the
 * engine commands and every exit code, one-line usage errors that name the
 * closest valid choice — in-process through `main()` with captured streams,
 * and on the real process for the wiring (`deno run cli.ts …`). Also: the
 * library entry point loads no CLI or MCP code.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { HELP, invokedName, main } from "../cli.ts";
import { memoryIO } from "../cli/io.ts";
import { CLIENTS } from "../cli/client_configs.ts";
import { VERSION } from "../mod.ts";
import { ROOT, runCli } from "./mcp_harness.ts";
import { SEED_SCHEMA_JSON } from "./mcp_seed.ts";

const SAFE = '{"query":"weather in Paris","limit":3}';
const TRUNCATED = '{"query":"weather in Par';

async function run(args: string[], stdin = "", files: Record<string, string> = {}) {
  const io = memoryIO(stdin, files);
  const code = await main(args, { invokedAs: "interjson", io });
  return { code, ...io.captured };
}

function oneLine(stderr: string): string {
  ok(stderr.endsWith("\n"), "ends with a newline");
  equal(stderr.trimEnd().split("\n").length, 1, `one line: ${stderr}`);
  return stderr;
}

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

const usageErrors: [string, string[], RegExp][] = [
  ["no command", [], /a command is needed/],
  ["an unknown command", ["gat"], /unknown command `gat`; did you mean `gate`\?/],
  ["an unknown command far from all", ["xyzzy"], /unknown command `xyzzy`; did you mean `\w+`\?/],
  [
    "an unknown top-level flag",
    ["--verison"],
    /unknown option --verison; did you mean --version\?/,
  ],
  ["--version with an argument", ["--version", "x"], /--version takes no arguments/],
  [
    "mcp: an unknown flag",
    ["mcp", "--polcy=agent"],
    /unknown option --polcy; did you mean --policy\?/,
  ],
  [
    "mcp: an unknown policy",
    ["mcp", "--policy=loose"],
    /unknown profile `loose`; did you mean `\w+`\?/,
  ],
  ["mcp: a policy without value", ["mcp", "--policy"], /--policy needs a value/],
  [
    "mcp: an unknown client",
    ["mcp", "--print-config=claud"],
    /unknown client `claud`; did you mean `claude`\?/,
  ],
  [
    "mcp: a client as a separate word",
    ["mcp", "--print-config", "zed"],
    /did you mean --print-config=zed\?/,
  ],
  ["mcp: a positional", ["mcp", "serve"], /unexpected argument `serve`/],
  ["mcp: --help with a value", ["mcp", "--help=yes"], /--help takes no value/],
  [
    "gate: an unknown flag",
    ["gate", "--profil", "agent"],
    /unknown option --profil; did you mean --profile\?/,
  ],
  [
    "gate: an unknown profile",
    ["gate", "--profile", "agnt"],
    /unknown profile `agnt`; did you mean `agent`\?/,
  ],
  ["gate: a short flag", ["gate", "-p", "agent"], /unknown option -p; did you mean --\w+/],
  ["gate: two files", ["gate", "a.json", "b.json"], /unexpected argument `b.json`/],
  [
    "gate: both declarations",
    ["gate", "--schema", "{a:integer}", "--schema-json", "s.json"],
    /either --schema or --schema-json/,
  ],
  ["gate: a missing file", ["gate", "missing.json"], /cannot read missing.json/],
  [
    "gate: a missing schema file",
    ["gate", "--schema-json", "missing.json"],
    /cannot read missing.json/,
  ],
  [
    "gate: a schema file that is not JSON",
    ["gate", "--schema-json", "bad.json"],
    /bad.json is not JSON/,
  ],
  ["validate: a profile", ["validate", "--profile", "strict"], /validate takes no --profile/],
  ["readiness: a profile", ["readiness", "--profile=strict"], /readiness takes no --profile/],
  [
    "repair: an unknown flag",
    ["repair", "--max-depth=3"],
    /unknown option --max-depth; did you mean --\w/,
  ],
];

for (const [label, args, expected] of usageErrors) {
  Deno.test(`cli: exit 2 with one line on stderr: ${label}`, async () => {
    const { code, stdout, stderr } = await run(args, SAFE, { "bad.json": "{nope" });
    equal(code, 2);
    equal(stdout, "");
    match(oneLine(stderr), expected);
    match(stderr, /^interjson( \w+)?: /);
  });
}

// ---------------------------------------------------------------------------
// interjson mcp --help and --print-config.

Deno.test("cli: mcp --help names interjson_gate and the six clients", async () => {
  const { code, stdout } = await run(["mcp", "--help"]);
  equal(code, 0);
  match(stdout, /interjson_gate/);
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

Deno.test("cli: mcp --print-config=claude prints the Claude Code command", async () => {
  deepEqual(await run(["mcp", "--print-config=claude"]), {
    code: 0,
    stdout: "claude mcp add interjson -- interjson mcp\n",
    stderr: "",
  });
});

Deno.test("cli: mcp --print-config alone prints the generic json snippet", async () => {
  const json = CLIENTS.find((client) => client.name === "json")!;
  deepEqual(await run(["mcp", "--print-config"]), {
    code: 0,
    stdout: json.snippet + "\n",
    stderr: "",
  });
});

Deno.test("cli: every JSON snippet parses and runs `interjson mcp`", async () => {
  for (const client of CLIENTS) {
    const { code, stdout } = await run(["mcp", `--print-config=${client.name}`]);
    equal(code, 0);
    equal(stdout, client.snippet + "\n");
    if (client.name === "claude" || client.name === "codex") continue;
    const parsed = JSON.parse(stdout);
    const server = parsed.mcpServers?.interjson ?? parsed.servers?.interjson ??
      parsed.context_servers?.interjson.command;
    equal(server.command ?? server.path, "interjson", client.name);
    deepEqual(server.args, ["mcp"], client.name);
  }
});

Deno.test("cli: the snippets are exactly seed 000's, as docs/MCP.md shows them", async () => {
  const docs = await Deno.readTextFile(new URL("../docs/MCP.md", import.meta.url));
  const blocks = [...docs.matchAll(/```(?:json|toml|sh)\n([\s\S]*?)\n```/g)].map((m) => m[1]);
  for (const client of CLIENTS) {
    const found = client.name === "claude"
      ? blocks.some((block) => block.split("\n")[0] === client.snippet)
      : blocks.includes(client.snippet);
    ok(found, `docs/MCP.md lacks the ${client.name} snippet`);
  }
  const seed = await Deno.readTextFile(
    new URL("../../shared/seeds/000_44ee3f76fb666b8c.txt", import.meta.url),
  ).catch(() => undefined);
  if (seed !== undefined) {
    for (const client of CLIENTS) ok(seed.includes(client.snippet), `seed lacks ${client.name}`);
  }
});

// ---------------------------------------------------------------------------
// Engine commands: output and exit codes.

Deno.test("cli: gate prints the twenty fields; exit 0 when executable", async () => {
  const { code, stdout, stderr } = await run(["gate"], SAFE);
  equal(code, 0);
  equal(stderr, "");
  const result = JSON.parse(stdout);
  equal(Object.keys(result).length, 20);
  equal(result.executable, true);
  ok(stdout.startsWith("{\n  "), "indented by two spaces");
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

Deno.test("cli: gate --schema DECL, and a profile that refuses what agent accepts", async () => {
  equal((await run(["gate", "--schema", "{!query:string,!limit:integer}"], SAFE)).code, 0);
  const prose = 'Here are the args:\n{"a":1}';
  equal((await run(["gate"], prose)).code, 0);
  equal((await run(["gate", "--profile", "execution"], prose)).code, 1);
});

Deno.test("cli: E070 (a bad declaration) and E050 are usage errors: exit 2, one line", async () => {
  for (const command of ["gate", "repair", "validate", "readiness"]) {
    const files = { "s.json": '{"type":"object","allOf":[]}' };
    const { code, stdout, stderr } = await run([command, "--schema-json", "s.json"], SAFE, files);
    equal(code, 2, command);
    equal(stdout, "");
    match(oneLine(stderr), /E070/);
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

Deno.test("cli: input that is not UTF-8 is a usage error", async () => {
  const io = memoryIO("");
  io.readStdin = () => Promise.resolve(new Uint8Array([0x7b, 0xff, 0x7d]));
  equal(await main(["gate"], { invokedAs: "interjson", io }), 2);
  match(io.captured.stderr, /stdin is not valid UTF-8/);
});

Deno.test("cli: each engine command has --help", async () => {
  for (const command of ["gate", "repair", "validate", "readiness"]) {
    const { code, stdout } = await run([command, "--help"]);
    equal(code, 0);
    match(stdout, new RegExp(`^interjson ${command} `));
  }
});

Deno.test("cli: the invoked name is argv[0]'s basename without .exe", () => {
  const table: [string, string][] = [
    ["deno", "deno"],
    ["/usr/local/bin/interjson-mcp", "interjson-mcp"],
    ["C:\\bin\\interjson-mcp.exe", "interjson-mcp"],
    ["interjson.EXE", "interjson"],
  ];
  for (const [argv0, name] of table) equal(invokedName(argv0), name);
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

Deno.test("process: exit codes 0, 1 and 2 reach the shell; nothing else needs a permission", async () => {
  const table: [string[], string, number][] = [
    [["--version"], "", 0],
    [["gate"], SAFE, 0],
    [["gate", "-"], TRUNCATED, 1],
    [["validate"], "[1,2,]", 1],
    [["repair"], "[1,2,]", 0],
    [["readiness"], SAFE, 0],
    [["gate", "--profile", "nope"], SAFE, 2],
    [["frobnicate"], "", 2],
    [["mcp", "--print-config=codex"], "", 0],
  ];
  for (const [args, stdin, expected] of table) {
    const { code, stderr } = await runCli(args, stdin);
    equal(code, expected, `${args.join(" ")}: ${stderr}`);
  }
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
// The library entry point.

interface ModuleInfo {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

Deno.test("library: importing mod.ts loads no CLI or MCP code (statically)", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "mod.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(output.code, 0, new TextDecoder().decode(output.stderr));
  const info = JSON.parse(new TextDecoder().decode(output.stdout));
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
  for (const specifier of seen) {
    ok(!specifier.endsWith("/cli.ts"), `mod.ts statically loads ${specifier}`);
    const inRepository = specifier.replace(new URL("..", import.meta.url).href, "/");
    ok(!/^\/(cli|mcp|wire)\//.test(inRepository), `mod.ts statically loads ${specifier}`);
  }
});

// mod.ts runs the CLI when it is the main module. Awaiting `import("./cli.ts")` at its top level
// deadlocks (cli.ts imports mod.ts, which is still evaluating), so this test waits for the
// `import("./cli.ts").then(...)` form.
const modSource = await Deno.readTextFile(new URL("../mod.ts", import.meta.url));
const modRunsCli = modSource.includes("import.meta.main") &&
  !/await import\(["']\.\/cli\.ts["']\)/.test(modSource);

Deno.test({
  name: "library: `deno run mod.ts` (what `deno run jsr:@interjson/cli` runs) is the CLI",
  ignore: !modRunsCli,
  fn: async () => {
    deepEqual(await runModule(["--version"]), `interjson ${VERSION}\n`);
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
    deepEqual(await runModule(["mcp"], ping), '{"jsonrpc":"2.0","id":1,"result":{}}\n');
  },
});

async function runModule(args: string[], stdin = ""): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "mod.ts", ...args],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const output = await child.output();
  equal(output.code, 0);
  return new TextDecoder().decode(output.stdout);
}
