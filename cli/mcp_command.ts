/**
 * The `interjson mcp` command: `--help`, `--print-config[=CLIENT]`, and
 * otherwise the server on stdio with every permission revoked.
 *
 * @example
 * ```ts
 * import { mcpCommand } from "./mcp_command.ts";
 * import { memoryIO } from "./io.ts";
 * import { VERSION } from "../mod.ts";
 * import { strictEqual } from "node:assert/strict";
 * const io = memoryIO("");
 * strictEqual(await mcpCommand(["--print-config=claude", "--command=deno"], io), 0);
 * strictEqual(io.captured.stdout, `claude mcp add interjson -- deno run jsr:@interjson/cli@${VERSION} mcp\n`);
 * ```
 *
 * @module
 */

import { isProfileName, PROFILE_NAMES, type ProfileName, VERSION } from "../mod.ts";
import { deprecationLine, parseCommandLine, unknownChoice } from "./arguments.ts";
import type { CliIO } from "./io.ts";
import {
  CLIENT_NAMES,
  clientConfig,
  CLIENTS,
  DEFAULT_CLIENT,
  DEFAULT_LAUNCH,
  launchFor,
} from "./client_configs.ts";
import { runStdioServer } from "../mcp/server.ts";
import { runHttpServer } from "../mcp/http_command.ts";
import { readTokenFile } from "./token_file.ts";
import { parseListenAddress, parseMaxConnections } from "../wire/listen_address.ts";
import { TOOLS } from "../mcp/tools.ts";

const OPTIONS = {
  profile: { type: "string" },
  policy: { type: "string" },
  "print-config": { type: "string" },
  command: { type: "string" },
  http: { type: "string" },
  "allow-remote": { type: "boolean" },
  "token-file": { type: "string" },
  "max-connections": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

/**
 * `interjson mcp --help`.
 *
 * @example
 * ```ts
 * import { MCP_HELP } from "./mcp_command.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(MCP_HELP.includes("interjson_gate"), true);
 * ```
 */
export const MCP_HELP: string = [
  "interjson mcp: the InterJSON MCP server (JSON-RPC 2.0 over stdio, one message per line)",
  "",
  "Usage:",
  "  interjson mcp [--profile=P]            serve on stdin/stdout until end of input",
  "  interjson mcp --http [HOST:]PORT       serve Streamable HTTP on http://HOST:PORT/mcp",
  "                                         (HOST 127.0.0.1 by default; PORT 0 picks one)",
  "        [--token-file FILE]              demand Authorization: Bearer <the file's token>",
  "        [--max-connections N]            serve at most N connections at once (default 512;",
  "                                         one more is answered 503)",
  "  interjson mcp --print-config[=CLIENT]  print a client configuration snippet",
  "        [--command=interjson|deno|npx|uvx|PATH]",
  "                                         how the client starts the server (default",
  `                                         interjson on PATH; deno: deno run jsr:@interjson/cli@${VERSION}`,
  `                                         mcp; npx: npx -y interjson@${VERSION} mcp; uvx: uvx`,
  `                                         interjson@${VERSION} mcp; PATH: an absolute path)`,
  "        [--profile=P]                    carried into the snippet (--http is refused:",
  "                                         give the client the server's URL instead)",
  "  interjson mcp --help                   this text",
  "  interjson mcp --version                interjson <version>",
  "",
  "Tools:",
  ...TOOLS.map((tool) => `  ${tool.name.padEnd(21)}${tool.title}`),
  "  Call interjson_gate with the raw text before executing; execute only when",
  "  `executable` is true, otherwise send `retry.prompt` back to the model.",
  "",
  "Options:",
  `  --profile=P  the profile interjson_repair uses when a call names none`,
  `               (${PROFILE_NAMES.join(", ")}; default permissive).`,
  "               interjson_gate defaults to agent whatever --profile says.",
  "               (--policy=P, its old name, still works and prints a deprecation line.)",
  "",
  "Clients (--print-config=CLIENT, default json):",
  ...CLIENTS.map((client) => `  ${client.name.padEnd(9)}${client.description}`),
  "",
  "The same binary named interjson-mcp starts this server with no arguments.",
  "On stdio the server needs no permission, opens no socket and writes nothing but",
  "replies. With --http it needs --allow-net for its address only (and --allow-read",
  "for --token-file), prints one line",
  "(interjson: listening on http://HOST:PORT/mcp) on stderr, revokes every permission",
  "once bound, and exits 0 on SIGINT or SIGTERM after the requests in flight",
  "(5 s at most).",
  "A HOST that is not loopback exposes the gate to the network (anyone who can reach",
  "the port can call it); it is refused unless --allow-remote is also given. With",
  "--token-file every request must carry the token (401 otherwise); the file holds",
  "one word of at least 16 characters.",
].join("\n");

/** The options that make an HTTP server, which a stdio client snippet cannot start. */
const HTTP_ONLY = ["http", "token-file", "allow-remote"] as const;

/**
 * Why `--print-config` refuses `flag`: the snippets start the server over
 * stdio, and an HTTP server is one the client connects to, not one it starts.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { printConfigOverHttp } from "./mcp_command.ts";
 * ok(printConfigOverHttp("--http").startsWith("--print-config prints a stdio snippet"));
 * ```
 */
export function printConfigOverHttp(flag: string): string {
  return `--print-config prints a stdio snippet, which cannot carry ${flag}: start ` +
    "`interjson mcp --http [HOST:]PORT` yourself and give the client its URL, " +
    "http://HOST:PORT/mcp (see docs/MCP.md)";
}

/** `--print-config` alone means the default client; parseArgs needs a value. */
function withDefaultClient(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (arg === "--") {
      out.push(...args.slice(out.length));
      break;
    }
    out.push(arg === "--print-config" ? `--print-config=${DEFAULT_CLIENT}` : arg);
  }
  return out;
}

/**
 * Runs `interjson mcp ARGS`; resolves to the exit code. Starting the server
 * revokes every permission of the process and reads stdin to its end.
 *
 * @example
 * ```ts
 * import { mcpCommand } from "./mcp_command.ts";
 * import { memoryIO } from "./io.ts";
 * import { strictEqual } from "node:assert/strict";
 * const io = memoryIO("");
 * strictEqual(await mcpCommand(["--profile=loose"], io), 2);
 * strictEqual(io.captured.stderr.startsWith("interjson mcp: unknown profile `loose`"), true);
 * ```
 */
export async function mcpCommand(args: readonly string[], io: CliIO): Promise<number> {
  const usage = async (problem: string) => {
    await io.stderr(`interjson mcp: ${problem}\n`);
    return 2;
  };
  if (args.length === 0) return startStdioServer(io);
  const parsed = await parseCommandLine("mcp", withDefaultClient(args), OPTIONS);
  if ("problem" in parsed) return usage(parsed.problem);
  if (parsed.positionals.length > 0) {
    const extra = parsed.positionals[0];
    const hint = clientConfig(extra) ? `; did you mean --print-config=${extra}?` : "";
    return usage(`unexpected argument \`${extra}\`${hint} (interjson mcp takes only options)`);
  }
  if (parsed.values.help) {
    await io.stdout(MCP_HELP + "\n");
    return 0;
  }
  if (parsed.values.version) {
    await io.stdout(`interjson ${VERSION}\n`);
    return 0;
  }
  let policy = parsed.values.profile as string | undefined;
  const legacy = parsed.values.policy as string | undefined;
  if (legacy !== undefined) {
    if (policy !== undefined) return usage("give --profile P alone (--policy P is its old name)");
    await io.stderr(deprecationLine("mcp", "--policy P"));
    policy = legacy;
  }
  if (policy !== undefined && !isProfileName(policy)) {
    return usage(unknownChoice("profile", policy, PROFILE_NAMES));
  }
  const client = parsed.values["print-config"] as string | undefined;
  const command = parsed.values.command as string | undefined;
  if (command !== undefined && client === undefined) {
    return usage("--command goes with --print-config, as in --print-config=claude --command=deno");
  }
  if (client !== undefined) {
    io.keepPermissions([]);
    const config = clientConfig(client);
    if (!config) return usage(unknownChoice("client", client, CLIENT_NAMES));
    const served = HTTP_ONLY.find((flag) => parsed.values[flag] !== undefined);
    if (served !== undefined) return usage(printConfigOverHttp(`--${served}`));
    const launch = command === undefined ? { launch: DEFAULT_LAUNCH } : launchFor(command);
    if ("problem" in launch) return usage(launch.problem);
    const args = policy === undefined
      ? launch.launch.args
      : [...launch.launch.args, `--profile=${policy}`];
    await io.stdout(config.render({ ...launch.launch, args }) + "\n");
    return 0;
  }
  const listen = parsed.values.http as string | undefined;
  const tokenFile = parsed.values["token-file"] as string | undefined;
  const maxText = parsed.values["max-connections"] as string | undefined;
  if (listen === undefined && maxText !== undefined) {
    return usage("--max-connections goes with --http [HOST:]PORT");
  }
  if (listen === undefined && parsed.values["allow-remote"]) {
    return usage("--allow-remote only applies to --http [HOST:]PORT");
  }
  if (listen === undefined && tokenFile !== undefined) {
    return usage("--token-file goes with --http [HOST:]PORT");
  }
  if (listen !== undefined) {
    const address = parseListenAddress(listen);
    if (typeof address === "string") return usage(address);
    if (address.remote && !parsed.values["allow-remote"]) {
      return usage(
        `--http ${listen} binds a non-loopback address: anyone who can reach it can call the ` +
          "server, and browsers on other machines can reach it; add --allow-remote to confirm " +
          "(and --token-file FILE to demand a bearer token)",
      );
    }
    const maxConnections = maxText === undefined ? undefined : parseMaxConnections(maxText);
    if (typeof maxConnections === "string") return usage(maxConnections);
    let token: string | undefined;
    if (tokenFile !== undefined) {
      const read = await readTokenFile(io, tokenFile);
      if (typeof read !== "string") return usage(read.problem);
      token = read;
    }
    io.keepPermissions(["net"]);
    return runHttpServer({
      ...address,
      policy: policy as ProfileName | undefined,
      token,
      maxConnections,
    });
  }
  return startStdioServer(io, policy as ProfileName | undefined);
}

/**
 * What `interjson mcp` says on stderr when a person starts it on a terminal,
 * instead of waiting silently.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { MCP_TERMINAL_HINT } from "./mcp_command.ts";
 * ok(MCP_TERMINAL_HINT.includes("--print-config"));
 * ```
 */
export const MCP_TERMINAL_HINT = "interjson mcp: the MCP server reads JSON-RPC messages on " +
  "stdin, one per line; an MCP client starts it (interjson mcp --print-config); Ctrl-D ends it";

async function startStdioServer(io: CliIO, policy?: ProfileName): Promise<number> {
  io.keepPermissions([]);
  if (io.isTerminal("stdin")) await io.stderr(MCP_TERMINAL_HINT + "\n");
  return runStdioServer({ policy });
}
