/**
 * Line framing for the stdio transport: one JSON-RPC message per line.
 *
 * The reader works on bytes, never on decoded text, so the 8 MiB cap is
 * measured on the UTF-8 line exactly as it arrived and memory stays bounded:
 * once a line crosses the cap its bytes are skipped through the next LF
 * without being kept, and only scanned for the request's top-level `id`
 * (constant memory). The line is reported as soon as that id is found or
 * known to be absent (a line that does not start an object is reported when
 * it crosses the cap), and at the latest at its LF or the end of input.
 * Each complete line is decoded on its own with a fatal UTF-8 decoder, so a
 * character split across two reads is whole by the time it is decoded, and
 * invalid UTF-8 is reported instead of being replaced.
 *
 * - LF ends a line; a CR right before it is dropped (CRLF is tolerated).
 * - Empty lines and lines of white space only are skipped.
 * - A last line without a final LF is still a line.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { LineSplitter } from "./framing.ts";
 * const splitter = new LineSplitter();
 * const bytes = new TextEncoder().encode('{"a":1}\r\n\n{"b"');
 * deepStrictEqual(splitter.push(bytes), [{ kind: "line", text: '{"a":1}' }]);
 * deepStrictEqual(splitter.push(new TextEncoder().encode(":2}\n")), [
 *   { kind: "line", text: '{"b":2}' },
 * ]);
 * ```
 *
 * @module
 */

/** The request line limit: 8 MiB of UTF-8, not counting the line ending. */
export const MAX_LINE_BYTES = 8_388_608;

import { IdScanner, type RawInteger } from "./request_id.ts";

/**
 * What the splitter found: a decoded line, a line over the cap (discarded,
 * with the top-level `id` found in its bytes as they streamed past, if any),
 * or a line that is not valid UTF-8 (with its top-level `id`, when one is
 * found in its bytes).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import type { Frame } from "./framing.ts";
 * const frame: Frame = { kind: "too_long", id: "req-7" };
 * strictEqual(frame.kind, "too_long");
 * ```
 */
export type Frame =
  | { readonly kind: "line"; readonly text: string }
  | { readonly kind: "too_long"; readonly id: string | RawInteger | undefined }
  | { readonly kind: "invalid_utf8"; readonly id?: string | RawInteger };

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into lines, incrementally and with bounded memory: it
 * never holds more than `maxBytes + 1` bytes of one line (the extra byte is a
 * CR that may turn out to precede the LF).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { LineSplitter } from "./framing.ts";
 * const splitter = new LineSplitter(4);
 * deepStrictEqual(splitter.push(new TextEncoder().encode("12345")), [
 *   { kind: "too_long", id: undefined },
 * ]);
 * deepStrictEqual(splitter.push(new TextEncoder().encode("678\n[]\n")), [
 *   { kind: "line", text: "[]" },
 * ]);
 * ```
 */
export class LineSplitter {
  readonly #maxBytes: number;
  readonly #decoder = new TextDecoder("utf-8", { fatal: true });
  #scanner: IdScanner | null = null;
  #reported = false;
  #parts: Uint8Array[] = [];
  #pending = 0;
  #discarding = false;

  /**
   * A splitter at the start of a line.
   *
   * @param maxBytes the longest line accepted, in bytes (default {@linkcode MAX_LINE_BYTES})
   */
  constructor(maxBytes: number = MAX_LINE_BYTES) {
    this.#maxBytes = maxBytes;
  }

  /**
   * Bytes of the current line held in memory: never more than the cap plus
   * one (a CR that may precede the LF), and 0 while a line over the cap is
   * being discarded.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { LineSplitter } from "./framing.ts";
   * const splitter = new LineSplitter(4);
   * splitter.push(new TextEncoder().encode("12"));
   * strictEqual(splitter.buffered, 2);
   * ```
   */
  get buffered(): number {
    return this.#pending;
  }

  /**
   * Feeds one chunk; returns the frames it completed, in order.
   *
   * @example
   * ```ts
   * import { deepStrictEqual, strictEqual } from "node:assert/strict";
   * import { LineSplitter } from "./framing.ts";
   * const euro = new TextEncoder().encode('"€"\n');
   * const splitter = new LineSplitter();
   * strictEqual(splitter.push(euro.subarray(0, 2)).length, 0);
   * deepStrictEqual(splitter.push(euro.subarray(2)), [{ kind: "line", text: '"€"' }]);
   * ```
   */
  push(chunk: Uint8Array): Frame[] {
    const frames: Frame[] = [];
    let start = 0;
    while (start < chunk.length) {
      const lf = chunk.indexOf(LF, start);
      const end = lf === -1 ? chunk.length : lf;
      if (this.#discarding) {
        this.#scan(chunk.subarray(start, end), frames);
        if (lf === -1) break;
        this.#report(frames);
        this.#discarding = false;
      } else if (lf === -1) {
        this.#keep(chunk.subarray(start, end), frames);
      } else {
        this.#finish(chunk.subarray(start, end), frames);
      }
      start = end + 1;
    }
    return frames;
  }

  /**
   * Ends the stream: a last line without a final LF is returned as a frame.
   *
   * @example
   * ```ts
   * import { deepStrictEqual } from "node:assert/strict";
   * import { LineSplitter } from "./framing.ts";
   * const splitter = new LineSplitter();
   * splitter.push(new TextEncoder().encode("[1]"));
   * deepStrictEqual(splitter.end(), [{ kind: "line", text: "[1]" }]);
   * ```
   */
  end(): Frame[] {
    const frames: Frame[] = [];
    if (!this.#discarding && this.#pending > 0) this.#finish(new Uint8Array(0), frames);
    if (this.#discarding) this.#report(frames);
    this.#discarding = false;
    this.#reset();
    return frames;
  }

  /** Stores a piece of a line whose LF has not arrived yet, or starts discarding it. */
  #keep(piece: Uint8Array, frames: Frame[]): void {
    const total = this.#pending + piece.length;
    const mayStillFit = total <= this.#maxBytes ||
      (total === this.#maxBytes + 1 && piece.length > 0 && piece[piece.length - 1] === CR);
    if (!mayStillFit) {
      this.#startScan(piece, frames);
      this.#reset();
      this.#discarding = true;
      return;
    }
    if (piece.length > 0) this.#parts.push(piece.slice());
    this.#pending = total;
  }

  /** Completes the pending line with its last piece and decodes it. */
  #finish(piece: Uint8Array, frames: Frame[]): void {
    const total = this.#pending + piece.length;
    const last = piece.length > 0 ? piece[piece.length - 1] : this.#parts.at(-1)?.at(-1);
    if (total - (last === CR ? 1 : 0) > this.#maxBytes) {
      this.#startScan(piece, frames);
      this.#report(frames);
      this.#reset();
      return;
    }
    let line = piece;
    if (this.#pending > 0) {
      line = new Uint8Array(this.#pending + piece.length);
      let at = 0;
      for (const part of this.#parts) {
        line.set(part, at);
        at += part.length;
      }
      line.set(piece, at);
    }
    this.#reset();
    if (line.length > 0 && line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
    let text: string;
    try {
      text = this.#decoder.decode(line);
    } catch {
      const scanner = new IdScanner();
      scanner.feed(line);
      const id = scanner.id;
      frames.push(id === undefined ? { kind: "invalid_utf8" } : { kind: "invalid_utf8", id });
      return;
    }
    if (text.trim() !== "") frames.push({ kind: "line", text });
  }

  /** Starts looking for the id of a line over the cap in what was kept of it. */
  #startScan(piece: Uint8Array, frames: Frame[]): void {
    this.#scanner = new IdScanner();
    this.#reported = false;
    for (const part of this.#parts) this.#scan(part, frames);
    this.#scan(piece, frames);
  }

  /** Feeds discarded bytes to the id scanner; reports as soon as it is done. */
  #scan(bytes: Uint8Array, frames: Frame[]): void {
    if (this.#reported || this.#scanner === null) return;
    this.#scanner.feed(bytes);
    if (this.#scanner.done) this.#report(frames);
  }

  /** Reports the line over the cap once, with the id found (if any). */
  #report(frames: Frame[]): void {
    if (this.#reported) return;
    frames.push({ kind: "too_long", id: this.#scanner?.id });
    this.#reported = true;
    this.#scanner = null;
  }

  #reset(): void {
    this.#parts = [];
    this.#pending = 0;
  }
}

/**
 * Reads frames from a byte stream (for the server, `Deno.stdin.readable`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { type Frame, readFrames } from "./framing.ts";
 * const source = ReadableStream.from([new TextEncoder().encode("[1]\n[2]")]);
 * const frames: Frame[] = [];
 * for await (const frame of readFrames(source)) frames.push(frame);
 * deepStrictEqual(frames, [{ kind: "line", text: "[1]" }, { kind: "line", text: "[2]" }]);
 * ```
 */
export async function* readFrames(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number = MAX_LINE_BYTES,
): AsyncGenerator<Frame> {
  const splitter = new LineSplitter(maxBytes);
  for await (const chunk of source) yield* splitter.push(chunk);
  yield* splitter.end();
}
