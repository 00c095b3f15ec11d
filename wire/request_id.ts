/**
 * Request ids as they were written. `JSON.parse` turns `9007199254740993`
 * into `9007199254740992` and `123456789012345678901234567890` into
 * `1.2345678901234568e+29`; a server that echoes the parsed number answers a
 * request the client never sent. The line is still at hand, so the id's own
 * text is read from it ({@linkcode rawMemberText}) and echoed byte for byte
 * ({@linkcode RawInteger}). An id written with a fraction or an exponent is
 * not an integer literal ({@linkcode isIntegerLiteral}): no revision's schema
 * allows it.
 *
 * For a line over the length cap, {@linkcode idInHead} looks for the id in the
 * line's first bytes only (a bounded look-ahead), so that the `-32700` reply
 * can still reach the request that is waiting for it.
 *
 * The scanner walks the text once with char codes and an explicit depth
 * counter (no recursion); strings are skipped with `indexOf`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { rawMemberText } from "./request_id.ts";
 * strictEqual(rawMemberText('{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}', 0), "9007199254740993");
 * ```
 *
 * @module
 */

/**
 * An integer id kept as the exact text the client wrote.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { RawInteger } from "./request_id.ts";
 * strictEqual(new RawInteger("123456789012345678901234567890").text, "123456789012345678901234567890");
 * ```
 */
export class RawInteger {
  /** The integer literal, as written. */
  readonly text: string;

  /**
   * Wraps an integer literal.
   *
   * @param text the literal, as written on the line
   */
  constructor(text: string) {
    this.text = text;
  }

  /** The literal, for messages and logs. */
  toString(): string {
    return this.text;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The index after the string starting at `at` (a quote), or -1 when it does not end. */
function skipString(text: string, at: number): number {
  let from = at + 1;
  while (true) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * The index after the value starting at `at`, or -1 when the text ends
 * first. A scalar that reaches the end of the text counts as unfinished
 * when `partial` is set (more digits may follow).
 */
function skipValue(text: string, at: number, partial: boolean): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return skipString(text, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
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
  let i = at;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isSpace(code)) break;
    i++;
  }
  if (i === at) return -1;
  return i === text.length && partial ? -1 : i;
}

function isIdKey(text: string, start: number, end: number): boolean {
  if (end - start === 4) return text.startsWith('"id"', start);
  const key = text.slice(start, end);
  if (!key.includes("\\")) return false;
  try {
    return JSON.parse(key) === "id";
  } catch {
    return false;
  }
}

/**
 * The text of the top-level `id` member of the object that starts at `at`
 * (after white space): the last one when it repeats, as `JSON.parse` keeps
 * the last; `undefined` when there is none or `text` is not an object there.
 * With `partial`, the text may stop anywhere: the first complete `id` is
 * returned (what follows is unseen).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { rawMemberText } from "./request_id.ts";
 * strictEqual(rawMemberText('{"id":1,"params":{"id":2},"id":3}', 0), "3");
 * strictEqual(rawMemberText('{"\\u0069d":1.5}', 0), "1.5");
 * strictEqual(rawMemberText('{"method":"x"', 0, true), undefined);
 * ```
 */
export function rawMemberText(text: string, at: number, partial = false): string | undefined {
  let i = skipSpace(text, at);
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined;
  i++;
  let found: string | undefined;
  while (true) {
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== QUOTE) return found;
    const keyEnd = skipString(text, i);
    if (keyEnd === -1) return found;
    const isId = isIdKey(text, i, keyEnd);
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return found;
    i = skipSpace(text, i + 1);
    const valueEnd = skipValue(text, i, partial);
    if (valueEnd === -1) return found;
    if (isId) {
      found = text.slice(i, valueEnd);
      if (partial) return found;
    }
    i = skipSpace(text, valueEnd);
    if (text.charCodeAt(i) !== COMMA) return found;
    i++;
  }
}

/**
 * The text of each top-level member's `id` in a JSON array (a batch), in
 * order; `undefined` for a member without one.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { rawIdsOfBatch } from "./request_id.ts";
 * deepStrictEqual(rawIdsOfBatch('[{"id":1},2,{"id":"a"}]'), ["1", undefined, '"a"']);
 * ```
 */
export function rawIdsOfBatch(text: string): (string | undefined)[] {
  const ids: (string | undefined)[] = [];
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACKET) return ids;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return ids;
  while (i < text.length) {
    i = skipSpace(text, i);
    ids.push(text.charCodeAt(i) === OPEN_BRACE ? rawMemberText(text, i) : undefined);
    const end = skipValue(text, i, false);
    if (end === -1) return ids;
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COMMA) return ids;
    i++;
  }
  return ids;
}

/**
 * Whether `text` is an integer literal: an optional minus, then `0` or digits
 * not starting with `0` (no fraction, no exponent).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isIntegerLiteral } from "./request_id.ts";
 * strictEqual(isIntegerLiteral("-42"), true);
 * strictEqual(isIntegerLiteral("1.0"), false);
 * strictEqual(isIntegerLiteral("1e3"), false);
 * ```
 */
export function isIntegerLiteral(text: string): boolean {
  let i = text.charCodeAt(0) === 0x2d ? 1 : 0;
  if (i === text.length) return false;
  if (text.charCodeAt(i) === 0x30) return i + 1 === text.length;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/**
 * The id of a request from the first bytes of its line (an over-length line
 * that was not parsed): a string or an integer that ends inside `head`, as
 * the id to echo, or `undefined` when none can be read there.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { idInHead, RawInteger } from "./request_id.ts";
 * strictEqual(idInHead('{"jsonrpc":"2.0","id":"req-7","method":"tools/call","params":{"argu'), "req-7");
 * strictEqual((idInHead('{"id":12345678901234567890,"method"') as RawInteger).text, "12345678901234567890");
 * strictEqual(idInHead('{"method":"tools/call","params":{"arguments":{"text":"…'), undefined);
 * ```
 */
export function idInHead(head: string): string | RawInteger | undefined {
  const raw = rawMemberText(head, 0, true);
  if (raw === undefined) return undefined;
  if (raw.charCodeAt(0) === QUOTE) {
    try {
      const id = JSON.parse(raw);
      return typeof id === "string" ? id : undefined;
    } catch {
      return undefined;
    }
  }
  return isIntegerLiteral(raw) ? new RawInteger(raw) : undefined;
}
