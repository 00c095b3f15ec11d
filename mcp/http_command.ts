/**
 * Running the Streamable HTTP server as a process: reading `[HOST:]PORT`,
 * the one stderr line once bound, giving up every permission, and the
 * graceful shutdown on SIGINT and SIGTERM (the requests in flight finish
 * within the drain deadline, then exit 0), and exit 1 with one stderr line
 * when the listener fails on its own.
 *
 * The address itself is read by `wire/listen_address.ts`, which `serve --http`
 * shares.
 *
 * @module
 */

import type { ProfileName } from "../mod.ts";
import { revokeAll } from "../wire/stdio.ts";
import { MCP_PATH, serveMcpHttp } from "./http.ts";

/**
 * Serves MCP over HTTP until SIGINT or SIGTERM; resolves to the exit code
 * (0 after a graceful shutdown, 1 when the address cannot be bound or the
 * listener fails on its own, with one line on stderr).
 *
 * @example
 * ```ts ignore
 * import { runHttpServer } from "./http_command.ts";
 * Deno.exit(await runHttpServer({ hostname: "127.0.0.1", port: 0 }));
 * ```
 */
export async function runHttpServer(
  options: {
    hostname: string;
    port: number;
    policy?: ProfileName;
    token?: string;
    maxConnections?: number;
  },
): Promise<number> {
  let surface: ReturnType<typeof serveMcpHttp> | undefined;
  const stop = () => {
    surface?.shutdown().catch(() => {});
  };
  // The signals first: registering one needs a file descriptor, which a flood of
  // connections arriving once the port is open could otherwise have taken.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.addSignalListener(signal, stop);
    } catch {
      // Not every platform has both signals (Windows has SIGINT only).
    }
  }
  try {
    surface = serveMcpHttp({
      hostname: options.hostname,
      port: options.port,
      policy: options.policy,
      token: options.token,
      maxConnections: options.maxConnections,
      onListen: ({ hostname, port }) => {
        const host = hostname.includes(":") ? `[${hostname}]` : hostname;
        console.error(`interjson: listening on http://${host}:${port}${MCP_PATH}`);
      },
    });
  } catch (error) {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      try {
        Deno.removeSignalListener(signal, stop);
      } catch {
        // As above.
      }
    }
    const detail = error instanceof Error ? error.message : String(error);
    console.error(`interjson mcp: cannot listen on ${options.hostname}:${options.port}: ${detail}`);
    return 1;
  }
  revokeAll();
  const code = await surface.finished.then(() => 0, (error: Error) => {
    console.error(`interjson mcp: ${error.message}`);
    return 1;
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.removeSignalListener(signal, stop);
    } catch {
      // As above.
    }
  }
  return code;
}
