/**
 * The `interjson serve` command: the versioned JSONL protocol on stdio
 * (docs/PROTOCOL.md), for hosts in any language that start one process and
 * gate every tool call through it, or with `--http [HOST:]PORT` the same
 * operations as a small REST API with an OpenAPI document. Either way the
 * server revokes every permission before it answers its first request
 * (`--http` needs `--allow-net` for its address under `deno run`, and
 * `--allow-read` for `--token-file`, both only until it listens).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveCommand } from "./serve_command.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("");
 * strictEqual(await serveCommand(["--verbose"], io), 2);
 * strictEqual(io.captured.stderr, "interjson serve: unknown option --verbose; did you mean --help?\n");
 * ```
 *
 * @module
 */

import type { CliIO } from "./io.ts";
import { runServeStdio } from "../serve/stdio.ts";
import { serveGateHttp } from "../serve/http.ts";
import { parseListenAddress, parseMaxConnections } from "../wire/listen_address.ts";
import { revokeAll } from "../wire/stdio.ts";
import { OPERATIONS, PROTOCOL_VERSIONS } from "../serve/session.ts";
import { closest } from "../engine/suggestion.ts";
import { readTokenFile } from "./token_file.ts";

const FLAGS = ["--http", "--token-file", "--max-connections", "--help"] as const;

/**
 * `interjson serve --help`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { SERVE_HELP } from "./serve_command.ts";
 * strictEqual(SERVE_HELP.includes("docs/PROTOCOL.md"), true);
 * ```
 */
export const SERVE_HELP: string = [
  "interjson serve: the gate as a versioned JSONL protocol on stdio",
  "",
  "Usage:",
  "  interjson serve                      serve requests on stdin/stdout until end of input",
  "  interjson serve --http [HOST:]PORT   serve POST /v1/gate|repair|validate|readiness,",
  "                                       GET /healthz and GET /openapi.json over HTTP",
  "         [--token-file FILE]           demand Authorization: Bearer <the file's token>",
  "         [--max-connections N]         serve at most N connections at once (default 512;",
  "                                       one more is answered 503)",
  "  interjson serve --help               this text",
  "",
  `One request per line: {"v":1,"id":ID,"op":OP,...}; one answer per line, in order:`,
  `{"v":1,"id":ID,"ok":true,"result":...} or {"v":1,"id":ID,"ok":false,"error":{"code","message"}}.`,
  `Protocol versions: ${PROTOCOL_VERSIONS.join(", ")}. Operations: ${OPERATIONS.join(", ")}.`,
  "Lines are capped at 8 MiB of UTF-8. The server needs no permission. See docs/PROTOCOL.md.",
  "",
  "HTTP binds 127.0.0.1 by default (PORT 0 picks a free port) and prints",
  "`interjson: listening on http://HOST:PORT/` on stderr. A non-loopback HOST needs",
  "--token-file. Host and Origin are checked, bodies are capped at 8 MiB (413);",
  "SIGINT or SIGTERM lets the requests in flight finish (5 s at most), then exits 0.",
].join("\n");

/**
 * What `interjson serve` says on stderr when a person starts it on a
 * terminal, instead of waiting silently.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { SERVE_TERMINAL_HINT } from "./serve_command.ts";
 * ok(SERVE_TERMINAL_HINT.includes('{"v":1,"id":1,"op":"hello"}'));
 * ```
 */
export const SERVE_TERMINAL_HINT = "interjson serve: reads one JSON request per line on stdin, " +
  'such as {"v":1,"id":1,"op":"hello"} (interjson serve --help); Ctrl-D ends it';

/**
 * Runs `interjson serve ARGS`; resolves to the exit code (0 at end of input,
 * 1 when stdout closed early, 2 on a usage error).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveCommand } from "./serve_command.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("");
 * strictEqual(await serveCommand(["--help"], io), 0);
 * ```
 */
export async function serveCommand(args: readonly string[], io: CliIO): Promise<number> {
  const usage = async (problem: string) => {
    await io.stderr(`interjson serve: ${problem}\n`);
    return 2;
  };
  let http: string | undefined, tokenFile: string | undefined, maxText: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--help" || arg === "-h") {
      await io.stdout(SERVE_HELP + "\n");
      return 0;
    }
    if (!arg.startsWith("-")) {
      return usage(`unexpected argument \`${arg}\` (interjson serve reads requests on stdin)`);
    }
    const eq = arg.indexOf("=");
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if (flag !== "--http" && flag !== "--token-file" && flag !== "--max-connections") {
      return usage(`unknown option ${flag}; did you mean ${closest(flag, FLAGS)}?`);
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined || value === "") {
      return usage(`option ${flag} needs a value, as in ${flag}=VALUE`);
    }
    if (flag === "--http") http = value;
    else if (flag === "--max-connections") maxText = value;
    else tokenFile = value;
  }
  if (http === undefined) {
    if (tokenFile !== undefined) return usage("--token-file goes with --http [HOST:]PORT");
    if (maxText !== undefined) return usage("--max-connections goes with --http [HOST:]PORT");
    io.keepPermissions([]);
    if (io.isTerminal("stdin")) await io.stderr(SERVE_TERMINAL_HINT + "\n");
    return runServeStdio();
  }
  const address = parseListenAddress(http);
  if (typeof address === "string") return usage(address);
  const maxConnections = maxText === undefined ? undefined : parseMaxConnections(maxText);
  if (typeof maxConnections === "string") return usage(maxConnections);
  if (address.remote && tokenFile === undefined) {
    return usage(
      `--http ${http} binds a non-loopback address: add --token-file FILE, and every request ` +
        "must then carry Authorization: Bearer <the token in FILE>",
    );
  }
  let token: string | undefined;
  if (tokenFile !== undefined) {
    const read = await readTokenFile(io, tokenFile);
    if (typeof read !== "string") return usage(read.problem);
    token = read;
  }
  io.keepPermissions(["net"]);
  return runHttp(address.hostname, address.port, token, maxConnections, io);
}

/**
 * Serves HTTP until SIGINT or SIGTERM; 0 after a graceful shutdown, 1 when it
 * cannot bind or the listener fails on its own.
 */
async function runHttp(
  hostname: string,
  port: number,
  token: string | undefined,
  maxConnections: number | undefined,
  io: CliIO,
): Promise<number> {
  let surface: ReturnType<typeof serveGateHttp> | undefined;
  const stop = () => {
    surface?.shutdown().catch(() => {});
  };
  // The signals first: registering one needs a file descriptor, which a flood of
  // connections arriving once the port is open could otherwise have taken.
  const signals = ["SIGINT", "SIGTERM"] as const;
  for (const signal of signals) {
    try {
      Deno.addSignalListener(signal, stop);
    } catch {
      // Not every platform has both signals (Windows has SIGINT only).
    }
  }
  try {
    surface = serveGateHttp({ hostname, port, token, maxConnections });
  } catch (error) {
    for (const signal of signals) {
      try {
        Deno.removeSignalListener(signal, stop);
      } catch {
        // As above.
      }
    }
    await io.stderr(
      `interjson serve: cannot listen on ${hostname}:${port}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  revokeAll();
  const bound = surface.address;
  const host = bound.hostname.includes(":") ? `[${bound.hostname}]` : bound.hostname;
  await io.stderr(`interjson: listening on http://${host}:${bound.port}/\n`);
  const code = await surface.finished.then(() => 0, async (error: Error) => {
    await io.stderr(`interjson serve: ${error.message}\n`);
    return 1;
  });
  for (const signal of signals) {
    try {
      Deno.removeSignalListener(signal, stop);
    } catch {
      // As above.
    }
  }
  return code;
}
