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

const QUOTE = 34, BACKSLASH = 92, RBRACE = 125, RBRACKET = 93;

/** The escapes of a JSON string literal, by the character after the backslash. */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

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
  /** For each offset of the unescaped span (and one past it), the offset it came from. */
  readonly sources: Int32Array;
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
  let out = "";
  const sources = new Int32Array(end - start + 1);
  let escapedQuote = false;
  for (let i = start; i < end;) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c < 0x20) return null;
    sources[out.length] = i;
    if (c !== BACKSLASH) {
      out += text[i];
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === "u") {
      const hex = text.slice(i + 2, i + 6);
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return null;
      out += String.fromCharCode(parseInt(hex, 16));
      i += 6;
      continue;
    }
    const simple = next === undefined ? undefined : SIMPLE_ESCAPES[next];
    if (simple === undefined) return null;
    if (next === '"') escapedQuote = true;
    out += simple;
    i += 2;
  }
  if (!escapedQuote) return null;
  sources[out.length] = end;
  return {
    text: text.slice(0, start) + out + text.slice(end),
    start,
    end,
    length: out.length,
    sources: sources.subarray(0, out.length + 1),
  };
}

/**
 * The offset in the text as written of an offset in the rebuilt text.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { escapedReading, writtenOffset } from "./escaped_document.ts";
 * const reading = escapedReading('x {\\"a\\": 1} y')!; // rebuilt: x {"a": 1} y
 * strictEqual(writtenOffset(reading, 0), 0);
 * strictEqual(writtenOffset(reading, 3), 4); // the a
 * strictEqual(writtenOffset(reading, 11), 13); // the y
 * ```
 */
export function writtenOffset(reading: EscapedReading, offset: number): number {
  if (offset < reading.start) return offset;
  const inside = offset - reading.start;
  if (inside <= reading.length) return reading.sources[inside];
  return offset - reading.length + (reading.end - reading.start);
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
