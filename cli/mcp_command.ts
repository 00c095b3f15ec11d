/**
 * The `interjson mcp` command: `--help`, `--print-config[=CLIENT]`, and
 * otherwise the server on stdio with every permission revoked.
 *
 * @example
 * ```ts
 * import { mcpCommand } from "./mcp_command.ts";
 * import { memoryIO } from "./io.ts";
 * import { strictEqual } from "node:assert/strict";
 * const io = memoryIO("");
 * strictEqual(await mcpCommand(["--print-config=claude", "--command=deno"], io), 0);
 * strictEqual(io.captured.stdout, "claude mcp add interjson -- deno run jsr:@interjson/cli mcp\n");
 * ```
 *
 * @module
 */

import { isProfileName, PROFILE_NAMES, type ProfileName, VERSION } from "../mod.ts";
import { parseCommandLine, unknownChoice } from "./arguments.ts";
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
  "  interjson mcp [--policy=P]             serve on stdin/stdout until end of input",
  "  interjson mcp --http [HOST:]PORT       serve Streamable HTTP on http://HOST:PORT/mcp",
  "                                         (HOST 127.0.0.1 by default; PORT 0 picks one)",
  "        [--token-file FILE]              demand Authorization: Bearer <the file's token>",
  "        [--max-connections N]            serve at most N connections at once (default 512;",
  "                                         one more is answered 503)",
  "  interjson mcp --print-config[=CLIENT]  print a client configuration snippet",
  "        [--command=interjson|deno|PATH]  how the client starts the server (default",
  "                                         interjson on PATH; deno: deno run jsr:@interjson/cli",
  "                                         mcp; PATH: an absolute path to the binary)",
  "  interjson mcp --help                   this text",
  "  interjson mcp --version                interjson <version>",
  "",
  "Tools:",
  ...TOOLS.map((tool) => `  ${tool.name.padEnd(21)}${tool.title}`),
  "  Call interjson_gate with the raw text before executing; execute only when",
  "  `executable` is true, otherwise send `retry.prompt` back to the model.",
  "",
  "Options:",
  `  --policy=P   the profile interjson_repair uses when a call names none`,
  `               (${PROFILE_NAMES.join(", ")}; default permissive).`,
  "               interjson_gate defaults to agent whatever --policy says.",
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
 * strictEqual(await mcpCommand(["--policy=loose"], io), 2);
 * strictEqual(io.captured.stderr.startsWith("interjson mcp: unknown profile `loose`"), true);
 * ```
 */
export async function mcpCommand(args: readonly string[], io: CliIO): Promise<number> {
  const usage = async (problem: string) => {
    await io.stderr(`interjson mcp: ${problem}\n`);
    return 2;
  };
  if (args.length === 0) return runStdioServer();
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
  const policy = parsed.values.policy as string | undefined;
  if (policy !== undefined && !isProfileName(policy)) {
    return usage(unknownChoice("profile", policy, PROFILE_NAMES));
  }
  const client = parsed.values["print-config"] as string | undefined;
  const command = parsed.values.command as string | undefined;
  if (command !== undefined && client === undefined) {
    return usage("--command goes with --print-config, as in --print-config=claude --command=deno");
  }
  if (client !== undefined) {
    const config = clientConfig(client);
    if (!config) return usage(unknownChoice("client", client, CLIENT_NAMES));
    const launch = command === undefined ? { launch: DEFAULT_LAUNCH } : launchFor(command);
    if ("problem" in launch) return usage(launch.problem);
    await io.stdout(config.render(launch.launch) + "\n");
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
    return runHttpServer({
      ...address,
      policy: policy as ProfileName | undefined,
      token,
      maxConnections,
    });
  }
  return runStdioServer({ policy: policy as ProfileName | undefined });
}
