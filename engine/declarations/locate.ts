/**
 * Where a member's value starts in the text the model wrote: a JSON pointer
 * into the value (from the checker's problems) back to an offset in the
 * text, so that an `E030` points its position, caret and context at the
 * first failing member's value instead of the value's first character.
 *
 * The text between `valueStart` and `valueEnd` is the value as written,
 * which a lenient profile may have repaired: the walk reads JSON and the
 * notations the scanner accepts around it (single-quoted and bare keys,
 * `//` and `/* *\/` comments, `#` comments), skipping whole values by their
 * brackets and strings. When the text cannot be followed (a key not found, a
 * notation it does not know), the answer is null and the caller keeps the
 * value's start: a position is a help to the model, never a verdict. One
 * loop with a depth counter: no recursion on the input.
 *
 * @example
 * ```ts
 * import { locatePointer } from "./locate.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = 'Args: {"q": "x", "limit": [1, {"n": "3"}]}';
 * strictEqual(locatePointer(text, 6, text.length, "/limit/1/n"), text.indexOf('"3"'));
 * strictEqual(locatePointer(text, 6, text.length, "/nope"), null);
 * ```
 *
 * @module
 */

const QUOTE = 0x22, APOSTROPHE = 0x27, BACKSLASH = 0x5c, SLASH = 0x2f, STAR = 0x2a, HASH = 0x23;
const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d, COMMA = 0x2c, COLON = 0x3a;
const LF = 0x0a;

/** The offset of the first character that is neither white space nor inside a comment. */
function skipSpace(text: string, i: number, end: number): number {
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === LF || c === 0x0d || c === 0xfeff || c === 0xa0) {
      i++;
    } else if (c === SLASH && text.charCodeAt(i + 1) === SLASH || c === HASH) {
      const eol = text.indexOf("\n", i);
      i = eol < 0 ? end : eol + 1;
    } else if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? end : close + 2;
    } else break;
  }
  return i;
}

/** The offset just past a quoted string starting at `i` (its quote is `text[i]`). */
function skipString(text: string, i: number, end: number): number {
  const quote = text.charCodeAt(i);
  for (let k = i + 1; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === BACKSLASH) k++;
    else if (c === quote) return k + 1;
  }
  return end;
}

/** Whether a comment starts at `k`. */
function commentAt(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  if (c === HASH) return true;
  const d = text.charCodeAt(k + 1);
  return c === SLASH && (d === SLASH || d === STAR);
}

/** The offset just past the value starting at `i` (a string, a container, or a bare token). */
function skipValue(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE || c === APOSTROPHE) return skipString(text, i, end);
  if (c === LBRACE || c === LBRACKET) {
    let depth = 0;
    let k = i;
    while (k < end) {
      const d = text.charCodeAt(k);
      if (d === QUOTE || d === APOSTROPHE) k = skipString(text, k, end);
      else if (commentAt(text, k)) k = skipSpace(text, k, end);
      else {
        if (d === LBRACE || d === LBRACKET) depth++;
        else if ((d === RBRACE || d === RBRACKET) && --depth === 0) return k + 1;
        k++;
      }
    }
    return end;
  }
  let k = i;
  while (k < end) {
    const d = text.charCodeAt(k);
    if (
      d === COMMA || d === RBRACE || d === RBRACKET || d === 0x20 || d === 0x09 || d === LF ||
      d === 0x0d || commentAt(text, k)
    ) break;
    k++;
  }
  return k;
}

/** The key written at `i` (quoted or bare) and the offset past it, or null. */
function readKey(text: string, i: number, end: number): { key: string; next: number } | null {
  const c = text.charCodeAt(i);
  if (c === QUOTE || c === APOSTROPHE) {
    const next = skipString(text, i, end);
    const body = text.slice(i + 1, next - 1);
    if (c === QUOTE) {
      try {
        return { key: JSON.parse(`"${body}"`), next };
      } catch {
        return null;
      }
    }
    if (body.includes("\\")) return null;
    return { key: body, next };
  }
  let k = i;
  while (k < end) {
    const d = text.charCodeAt(k);
    if (d === COLON || d === 0x20 || d === 0x09 || d === LF || d === 0x0d) break;
    if (d === COMMA || d === RBRACE || d === LBRACE || d === QUOTE || d === APOSTROPHE) return null;
    k++;
  }
  return k === i ? null : { key: text.slice(i, k), next: k };
}

/** The tokens of an RFC 6901 pointer (`/a~1b/0` → `["a/b", "0"]`). */
function tokensOf(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/**
 * The offset in `text` of the value at `pointer`, inside the value written
 * between `start` and `end`; null when the text cannot be followed there.
 * For an object member it is the first character of the member's value.
 *
 * @example
 * ```ts
 * import { locatePointer } from "./locate.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = "{'a': 1, // note\n b: [true, 7]}";
 * strictEqual(locatePointer(text, 0, text.length, "/b/1"), text.indexOf("7"));
 * strictEqual(locatePointer(text, 0, text.length, ""), 0);
 * ```
 */
export function locatePointer(
  text: string,
  start: number,
  end: number,
  pointer: string,
): number | null {
  let i = skipSpace(text, start, end);
  for (const token of tokensOf(pointer)) {
    const open = text.charCodeAt(i);
    if (open === LBRACKET) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return null;
      let index = Number(token);
      i = skipSpace(text, i + 1, end);
      while (index > 0) {
        i = skipSpace(text, skipValue(text, i, end), end);
        if (text.charCodeAt(i) !== COMMA) return null;
        i = skipSpace(text, i + 1, end);
        index--;
      }
      const c = text.charCodeAt(i);
      if (i >= end || c === RBRACKET || c === COMMA) return null;
      continue;
    }
    if (open !== LBRACE) return null;
    i = skipSpace(text, i + 1, end);
    let found = false;
    while (i < end && text.charCodeAt(i) !== RBRACE) {
      const read = readKey(text, i, end);
      if (read === null) return null;
      i = skipSpace(text, read.next, end);
      if (text.charCodeAt(i) !== COLON) return null;
      i = skipSpace(text, i + 1, end);
      if (read.key === token) {
        found = true;
        break;
      }
      i = skipSpace(text, skipValue(text, i, end), end);
      if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1, end);
    }
    if (!found) return null;
  }
  return i < end || pointer === "" ? i : null;
}

/**
 * The offset of the key of the member at `pointer` (its opening quote, or
 * its first character when bare); null when the text cannot be followed.
 *
 * @example
 * ```ts
 * import { locateKey } from "./locate.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = '{"a": {"Mode": "force"}}';
 * strictEqual(locateKey(text, 0, text.length, "/a/Mode"), text.indexOf('"Mode"'));
 * ```
 */
export function locateKey(
  text: string,
  start: number,
  end: number,
  pointer: string,
): number | null {
  const cut = pointer.lastIndexOf("/");
  if (cut < 0) return null;
  const parent = locatePointer(text, start, end, pointer.slice(0, cut));
  if (parent === null || text.charCodeAt(parent) !== LBRACE) return null;
  const token = tokensOf(pointer.slice(cut))[0];
  let i = skipSpace(text, parent + 1, end);
  while (i < end && text.charCodeAt(i) !== RBRACE) {
    const read = readKey(text, i, end);
    if (read === null) return null;
    if (read.key === token) return i;
    i = skipSpace(text, read.next, end);
    if (text.charCodeAt(i) !== COLON) return null;
    i = skipSpace(text, skipValue(text, skipSpace(text, i + 1, end), end), end);
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1, end);
  }
  return null;
}
