/**
 * `interjson proxy --pin FILE --accept TOOL… -- CMD…`: starts the server,
 * lists its tools as a client would (initialize, then every page of
 * `tools/list`), pins the named tools at their current definitions in the
 * lock file, and stops the server. Nothing else in the file changes.
 *
 * @example
 * ```ts ignore
 * import { acceptTools } from "./accept.ts";
 * Deno.exit(await acceptTools({ command: "node", args: ["server.js"], pinFile: "tools.lock.json", tools: ["echo"] }));
 * ```
 *
 * @module
 */

import { parseJson, VERSION } from "../mod.ts";
import { readFrames } from "../wire/framing.ts";
import { isObject } from "../wire/jsonrpc.ts";
import { PinStore, toolHash } from "./pinning.ts";
import { EXIT_GRACE_MS, startServer } from "./stdio.ts";

/**
 * What {@linkcode acceptTools} does.
 *
 * @example
 * ```ts
 * import type { AcceptOptions } from "./accept.ts";
 * import { strictEqual } from "node:assert/strict";
 * const options: AcceptOptions = { command: "node", args: ["server.js"], pinFile: "tools.lock.json", tools: ["echo"] };
 * strictEqual(options.tools.length, 1);
 * ```
 */
export interface AcceptOptions {
  /** The server's command. */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** The lock file. */
  readonly pinFile: string;
  /** The tools to accept. */
  readonly tools: readonly string[];
}

/**
 * Reads the lock file's text, or `null` when there is none.
 *
 * @example
 * ```ts ignore
 * import { readLockFile } from "./accept.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(await readLockFile("/no/such/dir/tools.lock.json"), null);
 * ```
 */
export async function readLockFile(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

/**
 * Accepts the named tools into the lock file; resolves to the exit code: 0
 * when every named tool was found and pinned, 1 otherwise (the file is then
 * left unchanged), 127 when the server cannot be started.
 *
 * @example
 * ```ts ignore
 * import { acceptTools } from "./accept.ts";
 * import { strictEqual } from "node:assert/strict";
 * const code = await acceptTools({ command: "node", args: ["server.js"], pinFile: "tools.lock.json", tools: ["echo"] });
 * strictEqual(code, 0);
 * ```
 */
export async function acceptTools(options: AcceptOptions): Promise<number> {
  const log = (message: string) => console.error(`interjson proxy: ${message}`);
  let store: PinStore;
  try {
    store = PinStore.fromText(await readLockFile(options.pinFile));
  } catch (error) {
    log(`${options.pinFile}: ${(error as Error).message}`);
    return 1;
  }
  const child = startServer(options.command, options.args, log);
  if (child === null) return 127;
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
  let code = 0;
  try {
    await request(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "interjson-proxy-accept", version: VERSION },
    });
    await send({ jsonrpc: "2.0", method: "notifications/initialized" });
    const offered = new Map<string, Record<string, unknown>>();
    let cursor: unknown = undefined;
    for (let id = 2;; id++) {
      const reply = await request(id, "tools/list", cursor === undefined ? {} : { cursor });
      const result = reply.result;
      if (!isObject(result) || !Array.isArray(result.tools)) {
        throw new Error(`tools/list failed: ${JSON.stringify(reply.error ?? reply)}`);
      }
      for (const tool of result.tools) {
        if (isObject(tool) && typeof tool.name === "string") offered.set(tool.name, tool);
      }
      if (result.nextCursor === undefined) break;
      cursor = result.nextCursor;
    }
    const missing = options.tools.filter((name) => !offered.has(name));
    if (missing.length > 0) {
      log(`the server offers no tool ${missing.map((n) => `"${n}"`).join(", ")}; nothing accepted`);
      code = 1;
    } else {
      for (const name of options.tools) {
        const hash = await toolHash(offered.get(name)!);
        store.accept(name, hash);
        log(`accepted "${name}" (${hash}) into ${options.pinFile}`);
      }
      await Deno.writeTextFile(options.pinFile, store.text());
    }
  } catch (error) {
    log((error as Error).message);
    code = 1;
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
  return code;
}
