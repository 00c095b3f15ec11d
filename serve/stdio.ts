/**
 * `interjson serve` on stdio: reads request lines with the same framing as
 * `interjson mcp` (LF-delimited UTF-8, CRLF tolerated, blank lines skipped,
 * 8 MiB cap measured on bytes with the rest of a long line discarded), and
 * writes one answer line per request, in request order, queued in the
 * background so a client can pipeline as many requests as it likes. The
 * answers to the requests of one read are written together, in one write:
 * a pipelined batch costs one system call per read instead of one per
 * request, and a lone request is still answered as soon as it is read.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveLines } from "./stdio.ts";
 * const input = ReadableStream.from(['{"v":1,"id":1,"op":"gate","text":"[1,2,]"}\n'].map((l) => new TextEncoder().encode(l)));
 * let out = "";
 * const output = { write: (b: Uint8Array) => { out += new TextDecoder().decode(b); return Promise.resolve(b.length); } };
 * strictEqual(await serveLines({ input, output }), 0);
 * strictEqual(JSON.parse(out).result.executable, true);
 * ```
 *
 * @module
 */

import { type Frame, LineSplitter, MAX_LINE_BYTES } from "../wire/framing.ts";
import {
  type ByteSink,
  LineWriter,
  readChunks,
  revokeAll,
  WRITE_HIGH_WATER,
} from "../wire/stdio.ts";
import { ServeSession, type SessionOptions } from "./session.ts";

/** Bytes of answers queued before reading waits for the writer (as `interjson mcp`). */

/** How to run a session over byte streams. */
export interface ServeLinesOptions extends SessionOptions {
  /** The bytes coming in. */
  readonly input: AsyncIterable<Uint8Array>;
  /** Where answers go. */
  readonly output: ByteSink;
  /** The line cap, in bytes (default 8 MiB). */
  readonly maxLineBytes?: number;
}

/**
 * Runs a session until end of input and every answer is written. Resolves
 * to the exit code: 0 at end of input, 1 when the output could not be
 * written.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { serveLines } from "./stdio.ts";
 * const output = { write: () => Promise.reject(new Error("closed")) };
 * const input = ReadableStream.from([new TextEncoder().encode('{"v":1,"id":1,"op":"hello"}\n')]);
 * strictEqual(await serveLines({ input, output }), 1);
 * ```
 */
export async function serveLines(options: ServeLinesOptions): Promise<number> {
  const session = new ServeSession(options);
  const writer = new LineWriter(options.output);
  const splitter = new LineSplitter(options.maxLineBytes ?? MAX_LINE_BYTES);
  const answerAll = (frames: readonly Frame[]) => {
    if (frames.length === 0) return;
    let text = session.handleFrame(frames[0]);
    for (let i = 1; i < frames.length; i++) text += "\n" + session.handleFrame(frames[i]);
    writer.enqueue(text);
  };
  for await (const chunk of options.input) {
    answerAll(splitter.push(chunk));
    if (writer.queued > WRITE_HIGH_WATER) await writer.drain();
    if (writer.failure !== undefined) break;
  }
  if (writer.failure === undefined) answerAll(splitter.end());
  await writer.drain();
  return writer.failure === undefined ? 0 : 1;
}

/**
 * Runs `interjson serve` on this process's stdin and stdout, after revoking
 * every permission (it needs none).
 *
 * @example
 * ```ts ignore
 * import { runServeStdio } from "./stdio.ts";
 * Deno.exit(await runServeStdio());
 * ```
 */
export async function runServeStdio(): Promise<number> {
  revokeAll();
  const code = await serveLines({ input: readChunks(Deno.stdin), output: Deno.stdout });
  if (code !== 0) console.error("interjson serve: stdout closed before every answer was written");
  return code;
}
