/**
 * The harness shared by `bench/mcp_bench.ts` and `bench/serve_bench.ts`: the
 * official MCP SDK for the reference servers (installed once with
 * `npm install --prefix` into `$TMPDIR/interjson-bench-mcp-sdk-<version>`,
 * outside the repository), a spawned HTTP server read from its "listening"
 * line, and a Streamable HTTP session driven by `fetch` over one keep-alive
 * connection.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { MCP_HTTP_HEADERS } from "./mcp_reference.ts";
 * deepStrictEqual(MCP_HTTP_HEADERS, {
 *   "Content-Type": "application/json",
 *   Accept: "application/json, text/event-stream",
 * });
 * ```
 *
 * @module
 */

import { readListeningLine } from "../tests/mcp_http_harness.ts";

const SDK_VERSION = "1.32.2";
const ZOD_VERSION = "3.25.76";

/**
 * Installs the SDK for the reference servers on first use and returns the
 * `--prefix` directory that holds it.
 *
 * @example
 * ```ts ignore
 * import { ok } from "node:assert/strict";
 * import { installReference } from "./mcp_reference.ts";
 * const prefix = await installReference(); // runs npm once
 * ok(prefix.includes("interjson-bench-mcp-sdk-"));
 * ```
 */
export async function installReference(): Promise<string> {
  const tmp = Deno.env.get("TMPDIR") ?? "/tmp";
  const prefix = `${tmp}/interjson-bench-mcp-sdk-${SDK_VERSION}`;
  const marker = `${prefix}/node_modules/@modelcontextprotocol/sdk/package.json`;
  if (await Deno.stat(marker).then(() => true, () => false)) return prefix;
  await Deno.mkdir(prefix, { recursive: true });
  const npm = await new Deno.Command("npm", {
    args: [
      "install",
      "--prefix",
      prefix,
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `@modelcontextprotocol/sdk@${SDK_VERSION}`,
      `zod@${ZOD_VERSION}`,
    ],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!npm.success) throw new Error("npm install of the reference SDK failed");
  return prefix;
}

/** A spawned HTTP server: its URL and how to stop it. */
export interface HttpChild {
  /** The URL from the server's "listening" line on stderr. */
  readonly url: string;
  /** Stops the server and waits for it. */
  stop(): Promise<void>;
}

/**
 * Spawns `command args` and waits for the first stderr line, which names the
 * URL it listens on.
 *
 * @example
 * ```ts ignore
 * import { ok } from "node:assert/strict";
 * import { startHttp } from "./mcp_reference.ts";
 * const child = await startHttp("node", ["bench/reference_http_server.mjs", prefix]);
 * ok(child.url.startsWith("http://127.0.0.1:"));
 * await child.stop();
 * ```
 */
export async function startHttp(command: string, args: string[]): Promise<HttpChild> {
  const child = new Deno.Command(command, {
    args,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const text = await readListeningLine(reader, command);
  const url = text.slice(text.indexOf("http://"), text.indexOf("\n")).trim();
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await reader.cancel();
    },
  };
}

/** The headers every Streamable HTTP request carries. */
export const MCP_HTTP_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
};

/**
 * The `initialize` request (id 0, protocol 2025-11-25) both benches open with.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { INITIALIZE } from "./mcp_reference.ts";
 * strictEqual(INITIALIZE.params.protocolVersion, "2025-11-25");
 * ```
 */
export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "b", version: "0" },
  },
};

/**
 * `initialize` (2025-11-25) over HTTP; returns the session id.
 *
 * @example
 * ```ts ignore
 * import { ok } from "node:assert/strict";
 * import { httpInitialize } from "./mcp_reference.ts";
 * const session = await httpInitialize(child.url);
 * ok(session.length > 0);
 * ```
 */
export async function httpInitialize(url: string): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: MCP_HTTP_HEADERS,
    body: JSON.stringify(INITIALIZE),
  });
  const reply = await response.json();
  if (!reply.result) throw new Error(`initialize failed: ${JSON.stringify(reply)}`);
  return response.headers.get("mcp-session-id") ?? "";
}

/**
 * Opens a 2025-11-25 session (`initialize`, then
 * `notifications/initialized`) and returns the headers its requests carry.
 *
 * @example
 * ```ts ignore
 * import { strictEqual } from "node:assert/strict";
 * import { openHttpSession } from "./mcp_reference.ts";
 * const headers = await openHttpSession(child.url);
 * strictEqual(headers["MCP-Protocol-Version"], "2025-11-25");
 * ```
 */
export async function openHttpSession(url: string): Promise<Record<string, string>> {
  const headers = {
    ...MCP_HTTP_HEADERS,
    "Mcp-Session-Id": await httpInitialize(url),
    "MCP-Protocol-Version": "2025-11-25",
  };
  await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  }).then((r) => r.body?.cancel());
  return headers;
}

/**
 * `calls` sequential `tools/call` of `tool` with `{ text }`, ids 1 to
 * `calls`; throws on the first reply that is not the matching result.
 *
 * @example
 * ```ts ignore
 * import { doesNotReject } from "node:assert/strict";
 * import { openHttpSession, sequentialToolCalls } from "./mcp_reference.ts";
 * const headers = await openHttpSession(child.url);
 * await doesNotReject(sequentialToolCalls(child.url, headers, "noop", "{}", 1000));
 * ```
 */
export async function sequentialToolCalls(
  url: string,
  headers: Record<string, string>,
  tool: string,
  text: string,
  calls: number,
): Promise<void> {
  for (let id = 1; id <= calls; id++) {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: tool, arguments: { text } },
      }),
    });
    const reply = await response.json();
    if (reply.id !== id || !reply.result) throw new Error(`bad reply ${JSON.stringify(reply)}`);
  }
}
