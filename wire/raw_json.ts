/**
 * The one reader of raw JSON text for the surfaces: where each member of an
 * object (or element of an array) starts and ends in the line exactly as it
 * arrived.
 *
 * The proxy gates the bytes the client sent, not a re-serialization, so it
 * needs the raw substring of `params.arguments`, and the keys of the envelope
 * as they were written, duplicates included, to refuse one that another
 * parser could read differently (`proxy/envelope.ts`). The MCP server echoes a request id as it
 * was written (`./request_id.ts`), read from the same spans. The locator is iterative (a depth counter,
 * no recursion), visits each character at most once per call, and is only
 * run on text that `JSON.parse` already accepted; on anything else it
 * returns `null` instead of throwing.
 *
 * @example
 * ```ts
 * import { objectMembers } from "./raw_json.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const line = '{"id":1, "params":{"a":1}}';
 * const members = objectMembers(line, 0)!;
 * deepStrictEqual(members.map((m) => [m.key, line.slice(m.valueStart, m.valueEnd)]), [
 *   ["id", "1"],
 *   ["params", '{"a":1}'],
 * ]);
 * ```
 *
 * @module
 */

/**
 * A span of raw text: `[start, end)` in UTF-16 code units.
 *
 * @example
 * ```ts
 * import { arrayElements, type Span } from "./raw_json.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const spans: Span[] = arrayElements("[10]", 0)!;
 * deepStrictEqual(spans, [{ valueStart: 1, valueEnd: 3 }]);
 * ```
 */
export interface Span {
  /** First code unit of the value. */
  readonly valueStart: number;
  /** One past its last code unit. */
  readonly valueEnd: number;
}

/**
 * One member of an object: its decoded key and the span of its raw value.
 *
 * @example
 * ```ts
 * import { type MemberSpan, objectMembers } from "./raw_json.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const members: MemberSpan[] = objectMembers('{"a":1}', 0)!;
 * deepStrictEqual(members, [{ key: "a", valueStart: 5, valueEnd: 6 }]);
 * ```
 */
export interface MemberSpan extends Span {
  /** The key as `JSON.parse` decodes it. */
  readonly key: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * The index of the first non-whitespace code unit at or after `at`.
 *
 * @example
 * ```ts
 * import { skipWhitespace } from "./raw_json.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(skipWhitespace(" \t\n[]", 0), 3);
 * ```
 */
export function skipWhitespace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** After the string whose opening quote is at `at`, or -1. */
function skipString(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) return i + 1;
    i += code === BACKSLASH ? 2 : 1;
  }
  return -1;
}

/**
 * The index just after the JSON value that starts at `at` (no leading white
 * space), or -1 when the text ends first. Containers are skipped with a depth
 * counter, never recursively.
 *
 * @example
 * ```ts
 * import { skipValue } from "./raw_json.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(skipValue('{"a":[1,"]"]} tail', 0), 13);
 * strictEqual(skipValue("123,", 0), 3);
 * ```
 */
export function skipValue(text: string, at: number): number {
  if (at >= text.length) return -1;
  const first = text.charCodeAt(at);
  if (first === QUOTE) return skipString(text, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let i = at;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isWhitespace(code)) {
        break;
      }
      i++;
    }
    return i;
  }
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = skipString(text, i);
      if (i === -1) return -1;
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return -1;
}

/**
 * The members of the object whose `{` is at `open`, in order, duplicates
 * included; `null` when `open` is not an object or the text is malformed.
 *
 * @example
 * ```ts
 * import { objectMembers } from "./raw_json.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(objectMembers('{"a":1,"a":2}', 0)?.map((m) => m.key), ["a", "a"]);
 * deepStrictEqual(objectMembers("[1]", 0), null);
 * ```
 */
export function objectMembers(text: string, open: number): MemberSpan[] | null {
  if (text.charCodeAt(open) !== OPEN_BRACE) return null;
  const members: MemberSpan[] = [];
  let i = skipWhitespace(text, open + 1);
  if (text.charCodeAt(i) === CLOSE_BRACE) return members;
  while (i < text.length) {
    if (text.charCodeAt(i) !== QUOTE) return null;
    const keyEnd = skipString(text, i);
    if (keyEnd === -1) return null;
    let key: string;
    try {
      key = JSON.parse(text.slice(i, keyEnd));
    } catch {
      return null;
    }
    i = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return null;
    const valueStart = skipWhitespace(text, i + 1);
    const valueEnd = skipValue(text, valueStart);
    if (valueEnd === -1 || valueEnd === valueStart) return null;
    members.push({ key, valueStart, valueEnd });
    i = skipWhitespace(text, valueEnd);
    const code = text.charCodeAt(i);
    if (code === CLOSE_BRACE) return members;
    if (code !== COMMA) return null;
    i = skipWhitespace(text, i + 1);
  }
  return null;
}

/**
 * The elements of the array whose `[` is at `open`, in order; `null` when
 * `open` is not an array or the text is malformed.
 *
 * @example
 * ```ts
 * import { arrayElements } from "./raw_json.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const text = '[ {"a":1} , 2 ]';
 * deepStrictEqual(arrayElements(text, 0)?.map((s) => text.slice(s.valueStart, s.valueEnd)), ['{"a":1}', "2"]);
 * ```
 */
export function arrayElements(text: string, open: number): Span[] | null {
  if (text.charCodeAt(open) !== OPEN_BRACKET) return null;
  const elements: Span[] = [];
  let i = skipWhitespace(text, open + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return elements;
  while (i < text.length) {
    const valueEnd = skipValue(text, i);
    if (valueEnd === -1 || valueEnd === i) return null;
    elements.push({ valueStart: i, valueEnd });
    i = skipWhitespace(text, valueEnd);
    const code = text.charCodeAt(i);
    if (code === CLOSE_BRACKET) return elements;
    if (code !== COMMA) return null;
    i = skipWhitespace(text, i + 1);
  }
  return null;
}

/**
 * The member named `key` (the first one; callers refuse duplicates first).
 *
 * @example
 * ```ts
 * import { memberNamed, objectMembers } from "./raw_json.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = '{"a":1,"b":[2]}';
 * const b = memberNamed(objectMembers(text, 0)!, "b")!;
 * strictEqual(text.slice(b.valueStart, b.valueEnd), "[2]");
 * ```
 */
export function memberNamed(members: readonly MemberSpan[], key: string): MemberSpan | undefined {
  return members.find((member) => member.key === key);
}
