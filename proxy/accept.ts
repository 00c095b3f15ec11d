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

import { canonicalDefinition, PinStore, sha256 } from "./pinning.ts";
import { listServerTools } from "./server_listing.ts";

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
  const listing = await listServerTools(options.command, options.args, log);
  if (!listing.ok) {
    if (listing.code !== 127) log(listing.problem);
    return listing.code;
  }
  const offered = listing.tools;
  const missing = options.tools.filter((name) => !offered.has(name));
  if (missing.length > 0) {
    log(`the server offers no tool ${missing.map((n) => `"${n}"`).join(", ")}; nothing accepted`);
    return 1;
  }
  for (const name of options.tools) {
    const canonical = canonicalDefinition(offered.get(name)!);
    const hash = await sha256(canonical);
    store.accept(name, hash, canonical);
    log(`accepted "${name}" (${hash}) into ${options.pinFile}`);
  }
  try {
    await Deno.writeTextFile(options.pinFile, store.text());
  } catch (error) {
    log((error as Error).message);
    return 1;
  }
  return 0;
}
