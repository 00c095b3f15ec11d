/**
 * The client configuration snippets `interjson mcp --print-config=CLIENT`
 * prints, as a table. Each one runs `interjson mcp` from `PATH`; `docs/MCP.md`
 * shows the same snippets and a test keeps the two equal.
 *
 * @example
 * ```ts
 * import { clientConfig } from "./client_configs.ts";
 * console.log(clientConfig("claude")?.snippet); // "claude mcp add interjson -- interjson mcp"
 * ```
 *
 * @module
 */

/** One client and its snippet. */
export interface ClientConfig {
  /** The `--print-config` value. */
  readonly name: string;
  /** Which clients the snippet is for, and where it goes. */
  readonly description: string;
  /** The snippet, exactly as printed (without the final newline). */
  readonly snippet: string;
}

const MCP_SERVERS_JSON = `{
  "mcpServers": {
    "interjson": { "command": "interjson", "args": ["mcp"] }
  }
}`;

/**
 * The six clients, in the order `--help` lists them; `json` is the default.
 *
 * @example
 * ```ts
 * import { CLIENTS } from "./client_configs.ts";
 * console.log(CLIENTS.map((client) => client.name).join(" ")); // claude cursor vscode codex zed json
 * ```
 */
export const CLIENTS: readonly ClientConfig[] = [
  {
    name: "claude",
    description: "Claude Code command",
    snippet: "claude mcp add interjson -- interjson mcp",
  },
  {
    name: "cursor",
    description: "mcpServers JSON (Cursor, Cline, Windsurf)",
    snippet: MCP_SERVERS_JSON,
  },
  {
    name: "vscode",
    description: "servers JSON (.vscode/mcp.json)",
    snippet: `{
  "servers": {
    "interjson": {
      "type": "stdio",
      "command": "interjson",
      "args": ["mcp"]
    }
  }
}`,
  },
  {
    name: "codex",
    description: "TOML (~/.codex/config.toml)",
    snippet: `[mcp_servers.interjson]
command = "interjson"
args = ["mcp"]`,
  },
  {
    name: "zed",
    description: "context_servers JSON (Zed settings.json)",
    snippet: `{
  "context_servers": {
    "interjson": {
      "command": {
        "path": "interjson",
        "args": ["mcp"]
      }
    }
  }
}`,
  },
  {
    name: "json",
    description: "generic mcpServers JSON (the default)",
    snippet: MCP_SERVERS_JSON,
  },
];

/** The client `--print-config` prints when no client is named. */
export const DEFAULT_CLIENT = "json";

/** The client names, in order. */
export const CLIENT_NAMES: readonly string[] = CLIENTS.map((client) => client.name);

/**
 * The configuration of one client, or `undefined` for an unknown name.
 *
 * @example
 * ```ts
 * import { clientConfig } from "./client_configs.ts";
 * console.log(clientConfig("codex")?.snippet.split("\n")[0]); // "[mcp_servers.interjson]"
 * console.log(clientConfig("emacs")); // undefined
 * ```
 */
export function clientConfig(name: string): ClientConfig | undefined {
  return CLIENTS.find((client) => client.name === name);
}
