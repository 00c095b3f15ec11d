/**
 * Asks a stdio MCP server for its tools the way a client would, without
 * serving anything: start it, `initialize`, every page of `tools/list`, then
 * close its stdin and wait for it (killing it after the grace period). Shared
 * by `--accept` and `--check`.
 *
 * @example
 * ```ts ignore
 * import { listServerTools } from "./server_listing.ts";
 * const listed = await listServerTools("node", ["server.js"], console.error);
 * if (listed.ok) console.log([...listed.tools.keys()]);
 * ```
 *
 * @module
 */

import { parseJson, VERSION } from "../mod.ts";
import { readFrames } from "../wire/framing.ts";
import { isObject } from "../wire/jsonrpc.ts";
import { EXIT_GRACE_MS, startServer } from "./stdio.ts";

/**
 * The tools a server offered, by name, in its order; or why they could not
 * be listed and the exit code that goes with it (127: the command cannot be
 * started, 1: anything else).
 *
 * @example
 * ```ts
 * import type { ServerListing } from "./server_listing.ts";
 * import { strictEqual } from "node:assert/strict";
 * const listing: ServerListing = { ok: false, code: 127, problem: "cannot start `x`" };
 * strictEqual(listing.ok, false);
 * ```
 */
export type ServerListing =
  | { readonly ok: true; readonly tools: Map<string, Record<string, unknown>> }
  | { readonly ok: false; readonly code: number; readonly problem: string };

/**
 * Lists a server's tools (see the module documentation). `log` gets the
 * line naming a command that cannot be started.
 *
 * @example
 * ```ts
 * import { listServerTools } from "./server_listing.ts";
 * import { strictEqual } from "node:assert/strict";
 * const listing = await listServerTools("interjson-no-such-server", [], () => {});
 * strictEqual(listing.ok ? 0 : listing.code, 127);
 * ```
 */
export async function listServerTools(
  command: string,
  args: readonly string[],
  log: (message: string) => void,
): Promise<ServerListing> {
  const child = startServer(command, args, log);
  if (child === null) return { ok: false, code: 127, problem: `cannot start \`${command}\`` };
  const writer = child.stdin.getWriter();
  const frames = readFrames(child.stdout);
  const encoder = new TextEncoder();
  const send = (message: unknown) => writer.write(encoder.encode(JSON.stringify(message) + "\n"));
  const request = async (id: number, method: string, params: unknown) => {
    await send({ jsonrpc: "2.0", id, method, params });
    while (true) {
      const next = await frames.next();
      if (next.done) break;
      const frame = next.value;
      if (frame.kind !== "line") continue;
      let message: unknown;
      try {
        message = parseJson(frame.text);
      } catch {
        continue;
      }
      if (isObject(message) && message.id === id && !("method" in message)) return message;
    }
    throw new Error(`the server closed its stdout before answering ${method}`);
  };
  let listing: ServerListing;
  try {
    await request(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "interjson-proxy", version: VERSION },
    });
    await send({ jsonrpc: "2.0", method: "notifications/initialized" });
    const tools = new Map<string, Record<string, unknown>>();
    let cursor: unknown = undefined;
    for (let id = 2;; id++) {
      const reply = await request(id, "tools/list", cursor === undefined ? {} : { cursor });
      const result = reply.result;
      if (!isObject(result) || !Array.isArray(result.tools)) {
        throw new Error(`tools/list failed: ${JSON.stringify(reply.error ?? reply)}`);
      }
      for (const tool of result.tools) {
        if (isObject(tool) && typeof tool.name === "string") tools.set(tool.name, tool);
      }
      if (result.nextCursor === undefined) break;
      cursor = result.nextCursor;
    }
    listing = { ok: true, tools };
  } catch (error) {
    listing = { ok: false, code: 1, problem: (error as Error).message };
  }
  await writer.close().catch(() => {});
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
  }, EXIT_GRACE_MS);
  await child.status;
  clearTimeout(timer);
  await child.stdout.cancel().catch(() => {});
  return listing;
}
