/**
 * The client configuration snippets `interjson mcp --print-config=CLIENT
 * [--command=COMMAND]` prints, as a table. By default each one runs
 * `interjson mcp` from `PATH`; `--command` names how the client starts the
 * server instead:
 *
 * | `--command=` | the client runs |
 * | --- | --- |
 * | `interjson` (default) | `interjson mcp`, the installed binary on `PATH` |
 * | an absolute path | `/opt/interjson/bin/interjson mcp` (GUI clients that do not see the shell's `PATH`) |
 * | `deno` | `deno run jsr:@interjson/cli@VERSION mcp` (no install; this very version, never the latest; the server needs no permission flag) |
 * | `npx` | `npx -y interjson@VERSION mcp` (the npm launcher, this version pinned) |
 * | `uvx` | `uvx interjson@VERSION mcp` (the PyPI wheel, this version pinned) |
 *
 * `docs/MCP.md` shows the default snippets and a test keeps the two equal.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { clientConfig, launchFor } from "./client_configs.ts";
 * import { VERSION } from "../mod.ts";
 * strictEqual(clientConfig("claude")?.snippet, "claude mcp add interjson -- interjson mcp");
 * const deno = launchFor("deno");
 * strictEqual(
 *   "launch" in deno && clientConfig("claude")?.render(deno.launch),
 *   `claude mcp add interjson -- deno run jsr:@interjson/cli@${VERSION} mcp`,
 * );
 * ```
 *
 * @module
 */

import { VERSION } from "../mod.ts";
import { shellWord } from "./shell_word.ts";

/** How a client starts the server: a command and its arguments. */
export interface Launch {
  /** The program (`interjson`, an absolute path, or `deno`). */
  readonly command: string;
  /** Its arguments (`["mcp"]`, or `["run", "jsr:@interjson/cli@X.Y.Z", "mcp"]`). */
  readonly args: readonly string[];
}

/** One client and its snippet. */
export interface ClientConfig {
  /** The `--print-config` value. */
  readonly name: string;
  /** Which clients the snippet is for, and where it goes. */
  readonly description: string;
  /** The snippet for the installed binary on `PATH`, exactly as printed (without the final newline). */
  readonly snippet: string;
  /** The snippet for any way of starting the server. */
  readonly render: (launch: Launch) => string;
}

/**
 * The installed binary on `PATH`: `interjson mcp`.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { DEFAULT_LAUNCH } from "./client_configs.ts";
 * deepStrictEqual(DEFAULT_LAUNCH, { command: "interjson", args: ["mcp"] });
 * ```
 */
export const DEFAULT_LAUNCH: Launch = { command: "interjson", args: ["mcp"] };

/**
 * The server from JSR under Deno, with no install, pinned to this very
 * version (a gate that floats to whatever is latest is not what the user
 * configured): `deno run jsr:@interjson/cli@X.Y.Z mcp`. No permission flag:
 * the stdio server needs none (it revokes every permission as it starts).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { DENO_LAUNCH } from "./client_configs.ts";
 * import { VERSION } from "../mod.ts";
 * deepStrictEqual(DENO_LAUNCH.args, ["run", `jsr:@interjson/cli@${VERSION}`, "mcp"]);
 * ```
 */
export const DENO_LAUNCH: Launch = {
  command: "deno",
  args: ["run", `jsr:@interjson/cli@${VERSION}`, "mcp"],
};

/**
 * The launchers from the package registries, pinned to this version:
 * `npx -y interjson@VERSION mcp` (npm) and `uvx interjson@VERSION mcp` (PyPI).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { REGISTRY_LAUNCHES } from "./client_configs.ts";
 * import { VERSION } from "../mod.ts";
 * deepStrictEqual(REGISTRY_LAUNCHES.npx.args, ["-y", `interjson@${VERSION}`, "mcp"]);
 * deepStrictEqual(REGISTRY_LAUNCHES.uvx.args, [`interjson@${VERSION}`, "mcp"]);
 * ```
 */
export const REGISTRY_LAUNCHES: Readonly<Record<"npx" | "uvx", Launch>> = {
  npx: { command: "npx", args: ["-y", `interjson@${VERSION}`, "mcp"] },
  uvx: { command: "uvx", args: [`interjson@${VERSION}`, "mcp"] },
};

/** Whether a path is absolute on POSIX (`/…`) or Windows (`C:\…`, `\\server\…`). */
function isAbsolute(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\");
}

/**
 * The launch a `--command` value names, or the one-line problem with it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { launchFor } from "./client_configs.ts";
 * deepStrictEqual(launchFor("/opt/bin/interjson"), {
 *   launch: { command: "/opt/bin/interjson", args: ["mcp"] },
 * });
 * deepStrictEqual(launchFor("bin/interjson"), {
 *   problem: "--command takes interjson, deno, npx, uvx, or an absolute path; got `bin/interjson`",
 * });
 * ```
 */
export function launchFor(command: string): { launch: Launch } | { problem: string } {
  if (command === "interjson") return { launch: DEFAULT_LAUNCH };
  if (command === "deno") return { launch: DENO_LAUNCH };
  if (command === "npx" || command === "uvx") return { launch: REGISTRY_LAUNCHES[command] };
  if (isAbsolute(command)) return { launch: { command, args: ["mcp"] } };
  return {
    problem: `--command takes interjson, deno, npx, uvx, or an absolute path; got \`${command}\``,
  };
}

/** `"a", "b"`: JSON strings separated by `, `. */
function jsonList(items: readonly string[]): string {
  return items.map((item) => JSON.stringify(item)).join(", ");
}

/** A TOML basic string (its escapes are JSON's for the characters a path holds). */
function tomlString(text: string): string {
  return JSON.stringify(text);
}

function mcpServers(launch: Launch): string {
  const server = `{ "command": ${JSON.stringify(launch.command)}, "args": [${
    jsonList(launch.args)
  }] }`;
  return `{\n  "mcpServers": {\n    "interjson": ${server}\n  }\n}`;
}

/**
 * The six clients, in the order `--help` lists them; `json` is the default.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { CLIENTS } from "./client_configs.ts";
 * strictEqual(CLIENTS.map((client) => client.name).join(" "), "claude cursor vscode codex zed json");
 * ```
 */
export const CLIENTS: readonly ClientConfig[] = ([
  {
    name: "claude",
    description: "Claude Code command",
    render: (launch) =>
      `claude mcp add interjson -- ${[launch.command, ...launch.args].map(shellWord).join(" ")}`,
  },
  {
    name: "cursor",
    description: "mcpServers JSON (Cursor, Cline, Windsurf)",
    render: mcpServers,
  },
  {
    name: "vscode",
    description: "servers JSON (.vscode/mcp.json)",
    render: (launch) =>
      `{
  "servers": {
    "interjson": {
      "type": "stdio",
      "command": ${JSON.stringify(launch.command)},
      "args": [${jsonList(launch.args)}]
    }
  }
}`,
  },
  {
    name: "codex",
    description: "TOML (~/.codex/config.toml)",
    render: (launch) =>
      `[mcp_servers.interjson]
command = ${tomlString(launch.command)}
args = [${launch.args.map(tomlString).join(", ")}]`,
  },
  {
    name: "zed",
    description: "context_servers JSON (Zed settings.json)",
    render: (launch) =>
      `{
  "context_servers": {
    "interjson": {
      "command": {
        "path": ${JSON.stringify(launch.command)},
        "args": [${jsonList(launch.args)}]
      }
    }
  }
}`,
  },
  {
    name: "json",
    description: "generic mcpServers JSON (the default)",
    render: mcpServers,
  },
] satisfies Omit<ClientConfig, "snippet">[]).map((client) => ({
  ...client,
  snippet: client.render(DEFAULT_LAUNCH),
}));

/** The client `--print-config` prints when no client is named. */
export const DEFAULT_CLIENT = "json";

/** The client names, in order. */
export const CLIENT_NAMES: readonly string[] = CLIENTS.map((client) => client.name);

/**
 * The configuration of one client, or `undefined` for an unknown name.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { clientConfig } from "./client_configs.ts";
 * strictEqual(clientConfig("codex")?.snippet.split("\n")[0], "[mcp_servers.interjson]");
 * strictEqual(clientConfig("emacs"), undefined);
 * ```
 */
export function clientConfig(name: string): ClientConfig | undefined {
  return CLIENTS.find((client) => client.name === name);
}
