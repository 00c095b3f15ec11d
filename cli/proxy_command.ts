/**
 * The `interjson proxy` command: flags, `--print-config` for the six clients,
 * `--accept`, and otherwise the proxy on stdio in front of `-- COMMAND ARGS…`.
 *
 * ```text
 * interjson proxy [--profile P] [--pin FILE] [--audit FILE [--audit-values]] [--policy FILE] -- CMD [ARGS…]
 * interjson proxy --pin FILE --accept TOOL… -- CMD [ARGS…]
 * interjson proxy --check [--pin FILE] [--policy FILE] -- CMD [ARGS…]
 * interjson proxy --print-config[=CLIENT] [--name NAME] [options] -- CMD [ARGS…]
 * ```
 *
 * @example
 * ```ts
 * import { proxyCommand } from "./proxy_command.ts";
 * import { memoryIO } from "./io.ts";
 * import { strictEqual } from "node:assert/strict";
 * const io = memoryIO("");
 * strictEqual(await proxyCommand(["--print-config=claude", "--", "npx", "-y", "@scope/server-files", "/tmp"], io), 0);
 * strictEqual(io.captured.stdout, "claude mcp add server-files -- interjson proxy -- npx -y @scope/server-files /tmp\n");
 * ```
 *
 * @module
 */

import { isProfileName, PROFILE_NAMES, type ProfileName } from "../mod.ts";
import { closest } from "../engine/suggestion.ts";
import { unknownChoice } from "./arguments.ts";
import { CLIENT_NAMES, DEFAULT_CLIENT } from "./client_configs.ts";
import type { CliIO } from "./io.ts";
import { acceptTools, readLockFile } from "../proxy/accept.ts";
import { AuditLog } from "../proxy/audit.ts";
import { assessTools, type CheckSettings, renderJson, renderTable } from "../proxy/check.ts";
import { listServerTools } from "../proxy/server_listing.ts";
import { PinStore } from "../proxy/pinning.ts";
import { EMPTY_POLICY, parsePolicy, type Policy } from "../proxy/policy.ts";
import { runProxy } from "../proxy/stdio.ts";
import { shellWord } from "./shell_word.ts";

/**
 * `interjson proxy --help`.
 *
 * @example
 * ```ts
 * import { PROXY_HELP } from "./proxy_command.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(PROXY_HELP.includes("--accept"), true);
 * ```
 */
export const PROXY_HELP: string = [
  "interjson proxy: a mandatory gate in front of any stdio MCP server",
  "",
  "Usage:",
  "  interjson proxy [options] -- COMMAND [ARGS…]",
  "  interjson proxy --pin FILE --accept TOOL… -- COMMAND [ARGS…]",
  "  interjson proxy --check [--pin FILE] [--policy FILE] -- COMMAND [ARGS…]",
  "  interjson proxy --print-config[=CLIENT] [--name NAME] [options] -- COMMAND [ARGS…]",
  "",
  "Every tools/call is gated on the raw bytes of its arguments against the tool's",
  "inputSchema; a refused call is answered with isError and the retry prompt and",
  "never reaches the server. Everything else passes through unchanged.",
  "",
  "Options:",
  `  --profile P      the gate's profile (${PROFILE_NAMES.join(", ")}; default execution)`,
  "  --pin FILE       pin tool definitions in a lock file (written on first use);",
  "                   a new or changed tool is hidden and refused until accepted",
  "  --accept TOOL…   with --pin: pin the named tools at their current definitions, then exit",
  "  --check          list the server's tools and report, per tool, whether its schema",
  "                   compiles, its metadata is poisoned, and how it compares with --pin",
  "                   (a changed tool's diff); exit 0 when every tool is servable, else 1.",
  "                   A table on a terminal, JSON when piped",
  "  --audit FILE     append one JSON line per tools/call",
  "  --audit-values   include the raw arguments in the audit lines (they may hold secrets)",
  "  --policy FILE    JSONC: per-tool profile and extra declaration, allow-lists",
  "  --print-config[=CLIENT]  print the client snippet that wraps COMMAND",
  `                   (${CLIENT_NAMES.join(", ")}; default ${DEFAULT_CLIENT})`,
  "  --name NAME      the server's name in the snippet (default: from COMMAND)",
  "",
  "Permissions (deno run): --allow-run=COMMAND, --allow-read and --allow-write for",
  "the --pin, --audit and --policy files; nothing else. Once the files are open and",
  "the server started, the proxy keeps no permission: it writes the pin and audit",
  "files through their open handles only. See docs/PROXY.md.",
].join("\n");

/** The parsed command line. */
interface ProxyFlags {
  profile?: string;
  pin?: string;
  audit?: string;
  auditValues: boolean;
  policy?: string;
  accept?: string[];
  printConfig?: string;
  name?: string;
  help: boolean;
  check: boolean;
  command: string[];
}

const VALUE_FLAGS = ["--profile", "--pin", "--audit", "--policy", "--name"] as const;
const ALL_FLAGS = [
  ...VALUE_FLAGS,
  "--audit-values",
  "--accept",
  "--check",
  "--print-config",
  "--help",
];

function parseFlags(args: readonly string[]): ProxyFlags | string {
  const flags: ProxyFlags = { auditValues: false, help: false, check: false, command: [] };
  const keys: Record<string, "profile" | "pin" | "audit" | "policy" | "name"> = {
    "--profile": "profile",
    "--pin": "pin",
    "--audit": "audit",
    "--policy": "policy",
    "--name": "name",
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      flags.command = args.slice(i + 1);
      break;
    }
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq !== -1 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("--") && eq !== -1 ? arg.slice(eq + 1) : undefined;
    if ((VALUE_FLAGS as readonly string[]).includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined || value === "--") return `${name} needs a value`;
      flags[keys[name]] = value;
    } else if (name === "--audit-values" && inline === undefined) flags.auditValues = true;
    else if (name === "--check" && inline === undefined) flags.check = true;
    else if ((name === "--help" || name === "-h") && inline === undefined) flags.help = true;
    else if (name === "--print-config") flags.printConfig = inline ?? DEFAULT_CLIENT;
    else if (name === "--accept") {
      const tools = inline === undefined ? [] : [inline];
      while (i + 1 < args.length && !args[i + 1].startsWith("--")) tools.push(args[++i]);
      if (tools.length === 0) return "--accept needs at least one tool name";
      flags.accept = [...(flags.accept ?? []), ...tools];
    } else if (arg.startsWith("-")) {
      return `unknown option ${name}; did you mean ${closest(name, ALL_FLAGS)}?`;
    } else {
      return `unexpected argument \`${arg}\`; put the server's command after \`--\``;
    }
  }
  return flags;
}

const LAUNCHERS = [
  "npx",
  "uvx",
  "node",
  "deno",
  "bun",
  "bunx",
  "python",
  "python3",
  "pnpm",
  "yarn",
];

/**
 * The server's name in a snippet: the command's basename, or for a launcher
 * (`npx`, `uvx`, `node`, …) its first argument that is not an option, without
 * scope, version or extension.
 *
 * @example
 * ```ts
 * import { serverName } from "./proxy_command.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(serverName(["npx", "-y", "@modelcontextprotocol/server-everything@2026.1.1"]), "server-everything");
 * strictEqual(serverName(["/usr/local/bin/postgres-mcp", "--db", "x"]), "postgres-mcp");
 * ```
 */
export function serverName(command: readonly string[]): string {
  const base = (word: string) =>
    (word.split(/[\\/]/).at(-1) ?? word).replace(/\.(exe|js|mjs|ts|py)$/i, "");
  let word = command[0] ?? "server";
  if (LAUNCHERS.includes(base(word))) {
    const rest = command.slice(1).filter((arg) => !arg.startsWith("-") && arg !== "run");
    if (rest.length > 0) word = rest[0].replace(/^@[^/]+\//, "").replace(/@[^@/]*$/, "");
  }
  return base(word) || "server";
}

function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}

/**
 * The snippet that runs `interjson` with `args` as server `name`, for one of
 * the six clients of `interjson mcp --print-config`.
 *
 * @example
 * ```ts
 * import { proxyConfig } from "./proxy_command.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(proxyConfig("codex", "files", ["proxy", "--", "files-mcp"]),
 *   '[mcp_servers.files]\ncommand = "interjson"\nargs = ["proxy", "--", "files-mcp"]');
 * ```
 */
export function proxyConfig(client: string, name: string, args: readonly string[]): string {
  const list = `[${args.map((arg) => JSON.stringify(arg)).join(", ")}]`;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  switch (client) {
    case "claude":
      return `claude mcp add ${shellWord(name)} -- interjson ${args.map(shellWord).join(" ")}`;
    case "vscode":
      return json({ servers: { [name]: { type: "stdio", command: "interjson", args } } });
    case "codex":
      return `[mcp_servers.${tomlKey(name)}]\ncommand = "interjson"\nargs = ${list}`;
    case "zed":
      return json({ context_servers: { [name]: { command: { path: "interjson", args } } } });
    default:
      return json({ mcpServers: { [name]: { command: "interjson", args } } });
  }
}

async function readPolicy(path: string): Promise<Policy | string> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    return `cannot read --policy ${path}: ${(error as Error).message}`;
  }
  const policy = parsePolicy(text);
  return "problem" in policy ? `--policy ${path}: ${policy.problem}` : policy;
}

function openAudit(path: string, values: boolean): AuditLog {
  const file = Deno.openSync(path, { append: true, create: true });
  const encoder = new TextEncoder();
  return new AuditLog((line) => {
    const bytes = encoder.encode(line);
    let written = 0;
    while (written < bytes.length) written += file.writeSync(bytes.subarray(written));
  }, values);
}

/** `--check`: lists the server's tools, prints the report; 0 when every tool is servable. */
async function checkServer(
  command: string,
  args: readonly string[],
  settings: CheckSettings,
  io: CliIO,
  pinFile: string | undefined,
): Promise<number> {
  const log = (message: string) => console.error(`interjson proxy: ${message}`);
  const listing = await listServerTools(command, args, log);
  if (!listing.ok) {
    if (listing.code !== 127) log(`cannot list the server's tools: ${listing.problem}`);
    return listing.code;
  }
  const report = await assessTools(listing.tools.values(), settings);
  await io.stdout(io.isTerminal("stdout") ? renderTable(report, pinFile) : renderJson(report));
  return report.servable ? 0 : 1;
}

/**
 * Opens the lock file for writing (created empty when missing: an empty lock
 * file is the same as none) and returns what replaces its text, through
 * the open handle, so that no write permission is needed after the start.
 */
function openPinFile(path: string): (text: string) => Promise<void> {
  const file = Deno.openSync(path, { read: true, write: true, create: true });
  const encoder = new TextEncoder();
  return (text) => {
    const bytes = encoder.encode(text);
    file.truncateSync(0);
    file.seekSync(0, Deno.SeekMode.Start);
    let written = 0;
    while (written < bytes.length) written += file.writeSync(bytes.subarray(written));
    return Promise.resolve();
  };
}

/**
 * Runs `interjson proxy ARGS`; resolves to the exit code (2 on a usage error).
 *
 * @example
 * ```ts
 * import { proxyCommand } from "./proxy_command.ts";
 * import { memoryIO } from "./io.ts";
 * import { strictEqual } from "node:assert/strict";
 * const io = memoryIO("");
 * strictEqual(await proxyCommand(["--pin", "x.json"], io), 2); // no command after --
 * strictEqual(io.captured.stderr.startsWith("interjson proxy: "), true);
 * ```
 */
export async function proxyCommand(args: readonly string[], io: CliIO): Promise<number> {
  const usage = async (problem: string) => {
    await io.stderr(`interjson proxy: ${problem}\n`);
    return 2;
  };
  const flags = parseFlags(args);
  if (typeof flags === "string") return usage(flags);
  if (flags.help) {
    await io.stdout(PROXY_HELP + "\n");
    return 0;
  }
  if (flags.profile !== undefined && !isProfileName(flags.profile)) {
    return usage(unknownChoice("profile", flags.profile, PROFILE_NAMES));
  }
  if (flags.command.length === 0) {
    return usage(
      "the downstream server's command is missing: interjson proxy [options] -- COMMAND [ARGS…]",
    );
  }
  if (flags.printConfig !== undefined) {
    if (!CLIENT_NAMES.includes(flags.printConfig)) {
      return usage(unknownChoice("client", flags.printConfig, CLIENT_NAMES));
    }
    const proxyArgs = ["proxy"];
    for (const key of ["profile", "pin", "audit", "policy"] as const) {
      if (flags[key] !== undefined) proxyArgs.push(`--${key}`, flags[key]!);
    }
    if (flags.auditValues) proxyArgs.push("--audit-values");
    proxyArgs.push("--", ...flags.command);
    const name = flags.name ?? serverName(flags.command);
    await io.stdout(proxyConfig(flags.printConfig, name, proxyArgs) + "\n");
    return 0;
  }
  const [command, ...commandArgs] = flags.command;
  if (flags.check && flags.accept !== undefined) return usage("--check and --accept go apart");
  if (flags.accept !== undefined) {
    if (flags.pin === undefined) return usage("--accept needs --pin FILE");
    return acceptTools({ command, args: commandArgs, pinFile: flags.pin, tools: flags.accept });
  }
  let policy: Policy = EMPTY_POLICY;
  if (flags.policy !== undefined) {
    const read = await readPolicy(flags.policy);
    if (typeof read === "string") return usage(read);
    policy = read;
  }
  let pins: PinStore | null = null;
  let pinWriter: ((text: string) => Promise<void>) | undefined;
  if (flags.pin !== undefined) {
    try {
      const text = await readLockFile(flags.pin);
      pins = PinStore.fromText(text === "" ? null : text);
      // --check only reads the lock file: it never creates or writes it.
      if (!flags.check) pinWriter = openPinFile(flags.pin);
    } catch (error) {
      return usage(`--pin ${flags.pin}: ${(error as Error).message}`);
    }
  }
  const profile = (flags.profile ?? policy.profile ?? "execution") as ProfileName;
  if (flags.check) {
    if (flags.audit !== undefined) return usage("--check serves nothing, so it takes no --audit");
    return checkServer(command, commandArgs, { policy, pins, profile }, io, flags.pin);
  }
  if (flags.auditValues && flags.audit === undefined) {
    return usage("--audit-values needs --audit FILE");
  }
  let audit: AuditLog | null = null;
  if (flags.audit !== undefined) {
    try {
      audit = openAudit(flags.audit, flags.auditValues);
    } catch (error) {
      return usage(`cannot open --audit ${flags.audit}: ${(error as Error).message}`);
    }
  }
  // The files are read or open: from here on the proxy writes only through their handles, and
  // runs only its one server (run access goes once that is started).
  io.keepPermissions(["run"]);
  const pinFile = flags.pin;
  return runProxy({
    command,
    args: commandArgs,
    settings: {
      profile,
      policy,
      pins,
      audit,
      pinFile,
      savePins: pinWriter,
    },
  });
}
