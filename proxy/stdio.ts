/**
 * The proxy on real processes: it starts the downstream server, connects the
 * session to this process's stdin/stdout and to the server's pipes, forwards
 * SIGINT and SIGTERM, and decides the exit code.
 *
 * - The server's stderr is inherited: it passes through to the proxy's stderr
 *   untouched. The proxy's own diagnostics go to stderr, one line each,
 *   prefixed `interjson proxy:`; stdout carries protocol lines only.
 * - Once the server is started, the proxy gives up every permission it holds
 *   (`--allow-*`, or all of them in a compiled binary): its pin and audit files
 *   are already open, and it writes them only through those handles.
 * - Client EOF: the server's stdin is closed once everything queued for it is
 *   written; the proxy waits up to 5 s for it to exit, then kills it.
 * - The server exits first (a crash, or on its own): every pending request gets
 *   `-32603` naming the exit, and the proxy exits non-zero (the server's code,
 *   or 1).
 *
 * Stdin is read with `wire/stdio.ts`'s `readChunks`; the server's stdout with a
 * BYOB reader ({@linkcode readStreamChunks}); lines go out through
 * `wire/stdio.ts`'s `LineWriter`, which writes a burst of queued lines at once.
 *
 * @example
 * ```ts ignore
 * import { runProxy } from "./stdio.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * Deno.exit(await runProxy({
 *   command: "npx",
 *   args: ["-y", "@modelcontextprotocol/server-everything"],
 *   settings: { profile: "execution", policy: EMPTY_POLICY, pins: null, audit: null },
 * }));
 * ```
 *
 * @module
 */

import { MAX_LINE_BYTES, readFrames } from "../wire/framing.ts";
import { LineWriter, readChunks, revokeAll, WRITE_HIGH_WATER } from "../wire/stdio.ts";
import { ProxySession, type ProxySettings } from "./session.ts";

/**
 * How long the server may take to exit after its stdin is closed.
 *
 * @example
 * ```ts
 * import { EXIT_GRACE_MS } from "./stdio.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(EXIT_GRACE_MS, 5000);
 * ```
 */
export const EXIT_GRACE_MS = 5000;

/**
 * Starts the downstream server with piped stdin and stdout and its stderr
 * inherited; `null` (after one `log` line naming the command) when it cannot
 * be started, which the callers turn into exit code 127.
 *
 * @example
 * ```ts
 * import { startServer } from "./stdio.ts";
 * import { deepStrictEqual, match } from "node:assert/strict";
 * const lines: string[] = [];
 * deepStrictEqual(startServer("interjson-no-such-server", [], (line) => lines.push(line)), null);
 * match(lines[0], /^cannot start `interjson-no-such-server`: /);
 * ```
 */
export function startServer(
  command: string,
  args: readonly string[],
  log: (message: string) => void,
): Deno.ChildProcess | null {
  try {
    return new Deno.Command(command, {
      args: [...args],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
  } catch (error) {
    log(`cannot start \`${command}\`: ${(error as Error).message}`);
    return null;
  }
}

const READ_SIZE = 65_536;

/**
 * The chunks of a byte stream such as a child's stdout, read with a BYOB
 * reader into one buffer that is handed back on every read (several times
 * faster per small message than the default reader). Each chunk is valid
 * until the next one is requested.
 *
 * @example
 * ```ts
 * import { readStreamChunks } from "./stdio.ts";
 * import { strictEqual } from "node:assert/strict";
 * const bytes = new TextEncoder().encode("[1]\n");
 * const stream = new ReadableStream({
 *   type: "bytes",
 *   start(controller) {
 *     controller.enqueue(bytes);
 *     controller.close();
 *   },
 * });
 * let total = 0;
 * for await (const chunk of readStreamChunks(stream)) total += chunk.length;
 * strictEqual(total, 4);
 * ```
 */
export async function* readStreamChunks(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader({ mode: "byob" });
  let buffer = new Uint8Array(READ_SIZE);
  try {
    while (true) {
      const { value, done } = await reader.read(buffer);
      if (done || value === undefined) return;
      if (value.length > 0) yield value;
      buffer = new Uint8Array(value.buffer);
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * What {@linkcode runProxy} runs.
 *
 * @example
 * ```ts
 * import type { RunProxyOptions } from "./stdio.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const options: RunProxyOptions = {
 *   command: "node",
 *   args: ["server.js"],
 *   settings: { profile: "execution", policy: EMPTY_POLICY, pins: null, audit: null },
 * };
 * strictEqual(options.command, "node");
 * ```
 */
export interface RunProxyOptions {
  /** The downstream server's command. */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** The session's settings. */
  readonly settings: ProxySettings;
  /** The line cap in both directions (default 8 MiB). */
  readonly maxLineBytes?: number;
}

const FORWARDED_SIGNALS: readonly Deno.Signal[] = ["SIGINT", "SIGTERM"];

function describeExit(status: Deno.CommandStatus): string {
  return status.signal !== null
    ? `was killed by ${status.signal} (exit code ${status.code})`
    : `exited with code ${status.code}`;
}

/**
 * Runs the proxy until the client or the server is done; resolves to the
 * exit code (127 when the command cannot be started).
 *
 * @example
 * ```ts ignore
 * import { runProxy } from "./stdio.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const code = await runProxy({
 *   command: "interjson-no-such-server",
 *   args: [],
 *   settings: { profile: "execution", policy: EMPTY_POLICY, pins: null, audit: null },
 * });
 * strictEqual(code, 127);
 * ```
 */
export async function runProxy(options: RunProxyOptions): Promise<number> {
  const log = (message: string) => console.error(`interjson proxy: ${message}`);
  const maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
  const child = startServer(options.command, options.args, log);
  if (child === null) return 127;
  // The server is started and the policy, pins and audit file are read or
  // open (written through their handles): from here on the proxy needs no permission.
  revokeAll();
  const toClient = new LineWriter(Deno.stdout);
  const serverStdin = child.stdin.getWriter();
  const toServer = new LineWriter({
    write: async (bytes) => {
      await serverStdin.write(bytes);
      return bytes.length;
    },
  });
  const session = new ProxySession(options.settings, {
    toClient: (line) => toClient.enqueue(line),
    toServer: (line) => toServer.enqueue(line),
    log,
  });
  const forward = (signal: Deno.Signal) => () => {
    try {
      child.kill(signal);
    } catch { /* already gone */ }
  };
  const listeners = FORWARDED_SIGNALS.map((signal) => [signal, forward(signal)] as const);
  for (const [signal, listener] of listeners) {
    try {
      Deno.addSignalListener(signal, listener);
    } catch { /* not supported on this platform */ }
  }

  const serverDone = (async () => {
    for await (const frame of readFrames(readStreamChunks(child.stdout), maxLineBytes)) {
      await session.fromServer(frame);
      if (toClient.queued > WRITE_HIGH_WATER) await toClient.drain();
    }
  })();
  const clientDone = (async () => {
    for await (const frame of readFrames(readChunks(Deno.stdin), maxLineBytes)) {
      await session.fromClient(frame);
      if (toServer.queued > WRITE_HIGH_WATER) await toServer.drain();
    }
    return "eof" as const;
  })();

  const first = await Promise.race([clientDone, child.status]);
  let status: Deno.CommandStatus;
  let clientEnded = false;
  if (first === "eof") {
    clientEnded = true;
    await toServer.drain();
    await serverStdin.close().catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), EXIT_GRACE_MS);
    });
    const waited = await Promise.race([child.status, grace]);
    clearTimeout(timer);
    if (waited === "timeout") {
      log(`the server did not exit within ${EXIT_GRACE_MS} ms after its stdin closed; killing it`);
      forward("SIGKILL")();
    }
    status = await child.status;
  } else {
    status = first;
  }
  await serverDone.catch(() => {});
  const unanswered = session.pendingCount;
  if (unanswered > 0 || !clientEnded) {
    const how = describeExit(status);
    if (!clientEnded) log(`the server ${how}`);
    await session.downstreamExited(how);
  }
  await toClient.drain();
  for (const [signal, listener] of listeners) {
    try {
      Deno.removeSignalListener(signal, listener);
    } catch { /* not supported */ }
  }
  if (!clientEnded || unanswered > 0) return status.code !== 0 ? status.code : 1;
  return status.code;
}
