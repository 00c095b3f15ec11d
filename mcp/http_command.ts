/**
 * Running the Streamable HTTP server as a process: reading `[HOST:]PORT`,
 * the one stderr line once bound, giving up every permission, and the
 * graceful shutdown on SIGINT and SIGTERM (the requests in flight finish,
 * then exit 0).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { parseListenAddress } from "./http_command.ts";
 * deepStrictEqual(parseListenAddress("8080"), { hostname: "127.0.0.1", port: 8080, remote: false });
 * deepStrictEqual(parseListenAddress("[::1]:0"), { hostname: "::1", port: 0, remote: false });
 * ```
 *
 * @module
 */

import type { ProfileName } from "../mod.ts";
import { isLoopback } from "../wire/http.ts";
import { revokeAll } from "../wire/stdio.ts";
import { MCP_PATH, serveMcpHttp } from "./http.ts";

/** Where to listen, and whether that address is reachable from other machines. */
export interface ListenAddress {
  /** The host to bind (IPv6 without brackets). */
  readonly hostname: string;
  /** The port; 0 picks a free one. */
  readonly port: number;
  /** True when the host is not a loopback address. */
  readonly remote: boolean;
}

/**
 * Reads `PORT`, `HOST:PORT` or `[IPV6]:PORT`; a string is the complaint.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { parseListenAddress } from "./http_command.ts";
 * deepStrictEqual(parseListenAddress("0.0.0.0:3000"), { hostname: "0.0.0.0", port: 3000, remote: true });
 * strictEqual(typeof parseListenAddress("70000"), "string");
 * ```
 */
export function parseListenAddress(text: string): ListenAddress | string {
  let hostname = "127.0.0.1";
  let portText = text;
  const colon = text.lastIndexOf(":");
  if (colon !== -1) {
    hostname = text.slice(0, colon);
    portText = text.slice(colon + 1);
    if (hostname.startsWith("[") && hostname.endsWith("]")) hostname = hostname.slice(1, -1);
    if (hostname === "") return `--http ${text}: the host before ':' is empty`;
  }
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    return `--http ${text}: the port must be a number from 0 to 65535 (0 picks a free port)`;
  }
  return { hostname, port: Number(portText), remote: !isLoopback(hostname) };
}

/**
 * Serves MCP over HTTP until SIGINT or SIGTERM; resolves to the exit code
 * (0 after a graceful shutdown, 1 when the address cannot be bound).
 *
 * @example
 * ```ts ignore
 * import { runHttpServer } from "./http_command.ts";
 * Deno.exit(await runHttpServer({ hostname: "127.0.0.1", port: 0 }));
 * ```
 */
export async function runHttpServer(
  options: { hostname: string; port: number; policy?: ProfileName },
): Promise<number> {
  let surface;
  try {
    surface = serveMcpHttp({
      hostname: options.hostname,
      port: options.port,
      policy: options.policy,
      onListen: ({ hostname, port }) => {
        const host = hostname.includes(":") ? `[${hostname}]` : hostname;
        console.error(`interjson: listening on http://${host}:${port}${MCP_PATH}`);
      },
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    console.error(`interjson mcp: cannot listen on ${options.hostname}:${options.port}: ${detail}`);
    return 1;
  }
  revokeAll();
  const stop = () => {
    surface.shutdown().catch(() => {});
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.addSignalListener(signal, stop);
    } catch {
      // Not every platform has both signals (Windows has SIGINT only).
    }
  }
  await surface.finished;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.removeSignalListener(signal, stop);
    } catch {
      // As above.
    }
  }
  return 0;
}
