/**
 * A whole document JSON-escaped once (issue 22 class 5): `{\"a\": 1}` is the text of a JSON
 * string literal's content, one `JSON.stringify` too many. This module finds that reading of a
 * text: the span from its first opening bracket to its last closing bracket, read as the content
 * of a JSON string literal, and the text rebuilt with that span unescaped (the framing around it
 * kept as written). The scanner scans the rebuilt text and takes it (`R067 EscapedDocument`) only
 * when the text as written has no acceptable reading and the rebuilt one is accepted: one reading.
 *
 * The span must hold an escaped quote (`\"`) and no raw quote: a raw quote beside escaped ones
 * (`{\"a\": 1, "b": 2}`) gives two readings, and the span is not string content at all.
 *
 * @module
 */

const BACKSLASH = 92, RBRACE = 125, RBRACKET = 93, LOWER_U = 117;

/**
 * The text read as a document escaped once: the rebuilt text, and where the escaped span stood.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { escapedReading } from "./escaped_document.ts";
 * const reading = escapedReading('{\\"a\\": 1}')!;
 * strictEqual(reading.text, '{"a": 1}');
 * strictEqual(reading.start, 0);
 * ```
 */
export interface EscapedReading {
  /** The text with the escaped span replaced by its unescaped content. */
  readonly text: string;
  /** Offset of the span (its first bracket) in the text as written. */
  readonly start: number;
  /** Offset just past the span in the text as written. */
  readonly end: number;
  /** Length of the unescaped span in `text`. */
  readonly length: number;
}

/**
 * Reads the span from the first `{`/`[` to the last `}`/`]` as the content of a JSON string
 * literal; null when there is no such span, it holds no escaped quote, or it is not valid string
 * content (a raw quote or control character, an unknown escape, a cut `\u` escape).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { escapedReading } from "./escaped_document.ts";
 * strictEqual(escapedReading('Here: [\\"x\\", {\\"k\\": \\"a\\\\nb\\"}]')!.text, 'Here: ["x", {"k": "a\\nb"}]');
 * strictEqual(escapedReading('{\\"a\\": 1, "b": 2}'), null); // a raw quote too: two readings
 * strictEqual(escapedReading('{"a": 1}'), null); // nothing escaped
 * ```
 */
export function escapedReading(text: string): EscapedReading | null {
  const start = firstOpener(text);
  const last = lastCloser(text);
  if (start < 0 || last < start) return null;
  const end = last + 1;
  const span = text.slice(start, end);
  // Every quote of string content is escaped: a quote in the span is an escaped one.
  if (span.indexOf('"') < 0) return null;
  let out: string;
  try {
    // The native reader of a string literal: a raw quote or control character, an unknown
    // escape or a cut `\u` escape is a SyntaxError, as in any JSON string.
    out = JSON.parse('"' + span + '"') as string;
  } catch {
    return null;
  }
  const length = out.length;
  return { text: text.slice(0, start) + out + text.slice(end), start, end, length };
}

/**
 * The offsets in the text as written of offsets in the rebuilt text, in one pass over the span
 * (no table as long as the text is kept).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { escapedReading, writtenOffsets } from "./escaped_document.ts";
 * const written = 'x {\\"a\\": \\"\\u00e9\\"} y';
 * const reading = escapedReading(written)!;
 * deepStrictEqual(reading.text, 'x {"a": "\u00e9"} y');
 * // x, the quote before a (its backslash), a, the quote before é, é (its \u escape), y
 * deepStrictEqual(writtenOffsets(written, reading, [0, 3, 4, 8, 9, 13]), [0, 3, 5, 10, 12, 22]);
 * ```
 */
export function writtenOffsets(
  text: string,
  reading: EscapedReading,
  offsets: readonly number[],
): number[] {
  const order = offsets.map((_, k) => k).sort((a, b) => offsets[a] - offsets[b]);
  const written = new Array<number>(offsets.length);
  const spanEnd = reading.start + reading.length;
  let r = reading.start, w = reading.start;
  for (const k of order) {
    const q = offsets[k];
    if (q < reading.start) written[k] = q;
    else if (q >= spanEnd) written[k] = q - reading.length + (reading.end - reading.start);
    else {
      for (; r < q; r++) {
        w += text.charCodeAt(w) !== BACKSLASH ? 1 : text.charCodeAt(w + 1) === LOWER_U ? 6 : 2;
      }
      written[k] = w;
    }
  }
  return written;
}

function firstOpener(text: string): number {
  const brace = text.indexOf("{"), bracket = text.indexOf("[");
  if (brace < 0) return bracket;
  if (bracket < 0) return brace;
  return brace < bracket ? brace : bracket;
}

function lastCloser(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === RBRACE || c === RBRACKET) return i;
  }
  return -1;
}
