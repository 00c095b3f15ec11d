/**
 * Stdio plumbing every line-framed surface shares (the MCP server, and later
 * the proxy and `serve`): reading a byte source into reused chunks
 * ({@linkcode readChunks}), writing lines in order in the background
 * ({@linkcode LineWriter}), and giving up every permission before the first
 * line is read ({@linkcode revokeAll}).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { LineWriter } from "./stdio.ts";
 * let out = "";
 * const writer = new LineWriter({
 *   write: (bytes) => {
 *     out += new TextDecoder().decode(bytes);
 *     return Promise.resolve(bytes.length);
 *   },
 * });
 * writer.enqueue("[1]");
 * await writer.drain();
 * strictEqual(out, "[1]\n");
 * ```
 *
 * @module
 */

/** Where replies go: anything with `Deno.stdout`'s `write`. */
export interface ByteSink {
  /** Writes some of `bytes`; resolves to how many were written. */
  write(bytes: Uint8Array): Promise<number>;
}

/** Where requests come from: anything with `Deno.stdin`'s `read`. */
export interface ByteSource {
  /** Reads into `buffer`; resolves to how many bytes were read, or `null` at the end. */
  read(buffer: Uint8Array): Promise<number | null>;
}

/**
 * Bytes queued for a writer above which the side feeding it stops reading
 * until they drain.
 *
 * @example
 * ```ts
 * import { WRITE_HIGH_WATER } from "./stdio.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(WRITE_HIGH_WATER, 33_554_432);
 * ```
 */
export const WRITE_HIGH_WATER = 32 * 1024 * 1024;

/**
 * Writes lines in order, in the background, counting what is queued. Lines
 * queued while a write is under way go out together in the next write (one
 * system call for a burst of pipelined replies). After a failed write it
 * keeps the error and drops the rest (the peer is gone).
 *
 * @example
 * ```ts
 * import { LineWriter } from "./stdio.ts";
 * import { strictEqual } from "node:assert/strict";
 * let out = "";
 * const writer = new LineWriter({ write: (b) => { out += new TextDecoder().decode(b); return Promise.resolve(b.length); } });
 * writer.enqueue("[1]");
 * writer.enqueue("[2]");
 * await writer.drain();
 * strictEqual(out, "[1]\n[2]\n");
 * strictEqual(writer.queued, 0);
 * strictEqual(writer.failure, undefined);
 * ```
 */
export class LineWriter {
  readonly #sink: ByteSink;
  readonly #encoder = new TextEncoder();
  #lines: Uint8Array[] = [];
  #queued = 0;
  #failure: unknown = undefined;
  #failed = false;
  #writing: Promise<void> | null = null;

  /**
   * A writer with nothing queued.
   *
   * @param sink where the bytes go
   */
  constructor(sink: ByteSink) {
    this.#sink = sink;
  }

  /** Bytes queued and not yet written. */
  get queued(): number {
    return this.#queued;
  }

  /** The error that stopped writing, if any. */
  get failure(): unknown {
    return this.#failure;
  }

  /** Queues one line (an LF is added). */
  enqueue(line: string): void {
    const bytes = this.#encoder.encode(line + "\n");
    this.#queued += bytes.length;
    this.#lines.push(bytes);
    this.#writing ??= this.#pump();
  }

  /** Resolves when everything queued so far is written (or writing failed). */
  drain(): Promise<void> {
    return this.#writing ?? Promise.resolve();
  }

  async #pump(): Promise<void> {
    while (this.#lines.length > 0) {
      const lines = this.#lines;
      this.#lines = [];
      let bytes = lines[0];
      if (lines.length > 1) {
        let total = 0;
        for (const line of lines) total += line.length;
        bytes = new Uint8Array(total);
        let at = 0;
        for (const line of lines) {
          bytes.set(line, at);
          at += line.length;
        }
      }
      if (!this.#failed) {
        try {
          let written = 0;
          while (written < bytes.length) written += await this.#sink.write(bytes.subarray(written));
        } catch (error) {
          this.#failure = error;
          this.#failed = true;
        }
      }
      this.#queued -= bytes.length;
    }
    this.#writing = null;
  }
}

/** The read size: the usual pipe buffer. */
const READ_SIZE = 65_536;

/**
 * The chunks of a byte source, read straight into one reused buffer. Each
 * chunk is valid until the next one is requested (the line reader copies
 * what it keeps). This is about twice as fast per round trip as
 * `Deno.stdin.readable`, whose stream layers cost more than a small request.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { readChunks } from "./stdio.ts";
 * const bytes = new TextEncoder().encode("[1]\n");
 * let done = false;
 * const source = {
 *   read: (buffer: Uint8Array) => {
 *     if (done) return Promise.resolve(null);
 *     done = true;
 *     buffer.set(bytes);
 *     return Promise.resolve(bytes.length);
 *   },
 * };
 * const sizes: number[] = [];
 * for await (const chunk of readChunks(source)) sizes.push(chunk.length);
 * deepStrictEqual(sizes, [4]);
 * ```
 */
export async function* readChunks(source: ByteSource): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(READ_SIZE);
  while (true) {
    const count = await source.read(buffer);
    if (count === null) return;
    if (count > 0) yield buffer.subarray(0, count);
  }
}

/**
 * The permissions a surface gives up before it reads its first line.
 *
 * @example
 * ```ts
 * import { ok } from "node:assert/strict";
 * import { PERMISSION_NAMES } from "./stdio.ts";
 * ok(PERMISSION_NAMES.includes("net"));
 * ```
 */
export const PERMISSION_NAMES = [
  "read",
  "write",
  "net",
  "env",
  "run",
  "ffi",
  "sys",
  "import",
] as const;

/** A permission {@linkcode revokeAll} can drop. */
export type PermissionName = typeof PERMISSION_NAMES[number];

/**
 * Revokes every permission the process holds (a compiled binary, or
 * `deno run -A`) except those named in `keep`: the stdio server reads stdin
 * and writes stdout and stderr, which need none. Names this Deno does not
 * know are skipped.
 *
 * @example
 * ```ts ignore
 * import { strictEqual } from "node:assert/strict";
 * import { revokeAll } from "./stdio.ts";
 * revokeAll();
 * strictEqual(Deno.permissions.querySync({ name: "net" }).state, "prompt");
 * ```
 */
export function revokeAll(keep: readonly PermissionName[] = []): void {
  for (const name of PERMISSION_NAMES) {
    if (keep.includes(name)) continue;
    try {
      Deno.permissions.revokeSync({ name } as Deno.PermissionDescriptor);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  }
}
