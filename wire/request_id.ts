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
 * For a line over the length cap, which is never held whole,
 * {@linkcode IdScanner} finds the top-level id in the bytes as they stream
 * past, in constant memory, so that the `-32700` reply can still reach the
 * request that is waiting for it.
 *
 * The spans come from the one raw-JSON reader, `./raw_json.ts` (char codes
 * and an explicit depth counter, no recursion).
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

import { arrayElements, objectMembers, skipWhitespace } from "./raw_json.ts";

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

/**
 * The text of the top-level `id` member of the object that starts at `at`
 * (after white space): the last one when it repeats, as `JSON.parse` keeps
 * the last; `undefined` when there is none or `text` is not an object there.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { rawMemberText } from "./request_id.ts";
 * strictEqual(rawMemberText('{"id":1,"params":{"id":2},"id":3}', 0), "3");
 * strictEqual(rawMemberText('{"\\u0069d":1.5}', 0), "1.5");
 * ```
 */
export function rawMemberText(text: string, at: number): string | undefined {
  const members = objectMembers(text, skipWhitespace(text, at));
  if (members === null) return undefined;
  let found: string | undefined;
  for (const member of members) {
    if (member.key === "id") found = text.slice(member.valueStart, member.valueEnd);
  }
  return found;
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
  const elements = arrayElements(text, skipWhitespace(text, 0)) ?? [];
  return elements.map((element) => rawMemberText(text, element.valueStart));
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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;
const TAB = 0x09;
const NEWLINE = 0x0a;
const RETURN = 0x0d;

function isSpaceByte(byte: number): boolean {
  return byte === SPACE || byte === NEWLINE || byte === RETURN || byte === TAB;
}

/** The longest id text (string or integer literal) the scanner keeps. */
export const MAX_ID_BYTES = 1024;

/** Where the scanner is in the top-level object. */
const enum At {
  Start,
  Key,
  InKey,
  AfterKey,
  BeforeValue,
  InString,
  InScalar,
  AfterValue,
  Nested,
  Done,
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Finds the top-level `id` of a JSON-RPC message fed as bytes, in constant
 * memory, without parsing the message: for a line over the length cap, which
 * is never held whole. Strings and nested values are skipped byte by byte (an
 * explicit depth counter, no recursion); only a key and an id's own text (at
 * most {@linkcode MAX_ID_BYTES}) are kept. The first top-level `id` that is a
 * string or an integer literal is the answer; scanning stops there.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { IdScanner, RawInteger } from "./request_id.ts";
 * const scanner = new IdScanner();
 * const bytes = new TextEncoder().encode('{"method":"tools/call","params":{"id":1,"x":"}"},"id":90071992547409931}');
 * scanner.feed(bytes.subarray(0, 20));
 * scanner.feed(bytes.subarray(20));
 * strictEqual((scanner.id as RawInteger).text, "90071992547409931");
 * ```
 */
export class IdScanner {
  #at: At = At.Start;
  #depth = 0;
  #escape = false;
  #isId = false;
  #capture: number[] | null = null;
  #found: string | RawInteger | undefined;

  /** The id found so far, or `undefined`. */
  get id(): string | RawInteger | undefined {
    return this.#found;
  }

  /** Whether scanning has ended (an id was found, or the text is not a JSON object). */
  get done(): boolean {
    return this.#at === At.Done;
  }

  /** Feeds the next bytes of the message. */
  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length && this.#at !== At.Done; i++) this.#step(bytes[i]);
  }

  #keep(byte: number): void {
    if (this.#capture === null) return;
    if (this.#capture.length >= MAX_ID_BYTES) this.#capture = null;
    else this.#capture.push(byte);
  }

  #captured(): string | undefined {
    if (this.#capture === null) return undefined;
    try {
      return utf8.decode(Uint8Array.from(this.#capture));
    } catch {
      return undefined;
    } finally {
      this.#capture = null;
    }
  }

  #step(byte: number): void {
    switch (this.#at) {
      case At.InKey:
      case At.InString:
        this.#keep(byte);
        if (this.#escape) this.#escape = false;
        else if (byte === BACKSLASH) this.#escape = true;
        else if (byte === QUOTE) this.#endString();
        return;
      case At.Nested:
        if (this.#escape) this.#escape = false;
        else if (this.#depth < 0) {
          // Inside a string of a nested value (depth stored negated).
          if (byte === BACKSLASH) this.#escape = true;
          else if (byte === QUOTE) this.#depth = -this.#depth;
        } else if (byte === QUOTE) this.#depth = -this.#depth;
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.#depth++;
        else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          this.#depth--;
          if (this.#depth === 1) this.#at = At.AfterValue;
        }
        return;
      case At.InScalar:
        if (byte === COMMA || byte === CLOSE_BRACE || isSpaceByte(byte)) {
          const text = this.#captured();
          if (this.#isId && text !== undefined && isIntegerLiteral(text)) {
            this.#found = new RawInteger(text);
            this.#at = At.Done;
            return;
          }
          this.#at = byte === COMMA ? At.Key : byte === CLOSE_BRACE ? At.Done : At.AfterValue;
        } else this.#keep(byte);
        return;
    }
    if (isSpaceByte(byte)) return;
    switch (this.#at) {
      case At.Start:
        this.#at = byte === OPEN_BRACE ? At.Key : At.Done;
        this.#depth = 1;
        return;
      case At.Key:
        if (byte === QUOTE) {
          this.#capture = [byte];
          this.#at = At.InKey;
        } else if (byte !== COMMA) this.#at = At.Done;
        return;
      case At.AfterKey:
        this.#at = byte === COLON ? At.BeforeValue : At.Done;
        return;
      case At.BeforeValue:
        if (byte === QUOTE) {
          this.#capture = this.#isId ? [byte] : null;
          this.#at = At.InString;
        } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          this.#depth = 2;
          this.#at = At.Nested;
        } else {
          this.#capture = this.#isId ? [byte] : null;
          this.#at = At.InScalar;
        }
        return;
      case At.AfterValue:
        this.#at = byte === COMMA ? At.Key : At.Done;
        return;
    }
  }

  #endString(): void {
    const text = this.#captured();
    if (this.#at === At.InKey) {
      this.#isId = text === '"id"' ||
        (text !== undefined && text.includes("\\") && parsesTo(text, "id"));
      this.#at = At.AfterKey;
      return;
    }
    if (this.#isId && text !== undefined) {
      try {
        const id = JSON.parse(text);
        if (typeof id === "string") {
          this.#found = id;
          this.#at = At.Done;
          return;
        }
      } catch {
        // Not a JSON string after all: not an id.
      }
    }
    this.#at = At.AfterValue;
  }
}

function parsesTo(text: string, expected: string): boolean {
  try {
    return JSON.parse(text) === expected;
  } catch {
    return false;
  }
}
