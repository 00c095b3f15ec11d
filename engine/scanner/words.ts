/**
 * Bare words in value position: JSON literals (with their fast path and their resumption after a
 * chunk end), the words models write for them (`True`, `None`, `NaN`, `NULL`), a literal cut at
 * the end of the input, and bare strings (`{"city": New York}`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan("[True, None, hello]", PROFILES.permissive).value, [true, null, "hello"]);
 * ```
 *
 * @module
 */
import { completionOf } from "../candidates.ts";
import { isDigit, isQuote, isWordChar } from "../characters.ts";
import type { RepairRule } from "../rules.ts";
import {
  BARE_VALUE,
  FATAL,
  NOT_PLAIN,
  OBJECT,
  WAIT_ANY,
  WAIT_DELIMITER,
  WAIT_NON_WORD,
} from "./codes.ts";
import { inferred } from "./containers.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  COMMA = 44,
  SLASH = 47,
  COLON = 58,
  LBRACKET = 91,
  RBRACKET = 93,
  LBRACE = 123,
  RBRACE = 125;

/**
 * The JSON literals by first character (`t`, `f`, `n`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { LITERALS } from "./words.ts";
 * deepStrictEqual(LITERALS.get("t".charCodeAt(0)), { text: "true", value: true });
 * deepStrictEqual(LITERALS.get("n".charCodeAt(0)), { text: "null", value: null });
 * deepStrictEqual(LITERALS.get("x".charCodeAt(0)), undefined);
 * ```
 */
export const LITERALS: ReadonlyMap<number, { text: string; value: boolean | null }> = new Map([
  [116, { text: "true", value: true }],
  [102, { text: "false", value: false }],
  [110, { text: "null", value: null }],
]);

/**
 * Words a value may be spelled as, and what each means.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { WORDS } from "./words.ts";
 * strictEqual(WORDS.get("true")?.rule, null); // JSON itself: no repair
 * strictEqual(WORDS.get("None")?.value, null);
 * strictEqual(WORDS.get("None")?.rule?.name, "PythonLiteral");
 * strictEqual(WORDS.get("NaN")?.rule?.name, "NonFiniteNumber");
 * strictEqual(WORDS.has("yes"), false);
 * ```
 */
export const WORDS: ReadonlyMap<string, { value: unknown; rule: RepairRule | null }> = new Map<
  string,
  { value: unknown; rule: RepairRule | null }
>([
  ["true", { value: true, rule: null }],
  ["false", { value: false, rule: null }],
  ["null", { value: null, rule: null }],
  ["True", { value: true, rule: RULE.PythonLiteral }], // repair: `True` → `true`
  ["False", { value: false, rule: RULE.PythonLiteral }], // repair: `False` → `false`
  ["None", { value: null, rule: RULE.PythonLiteral }], // repair: `None` → `null`
  ["undefined", { value: null, rule: RULE.UndefinedLiteral }], // repair: `undefined` → `null`
  ["TRUE", { value: true, rule: RULE.LiteralCase }], // repair: `TRUE` → `true`
  ["FALSE", { value: false, rule: RULE.LiteralCase }], // repair: `FALSE` → `false`
  ["NULL", { value: null, rule: RULE.LiteralCase }], // repair: `NULL` → `null`
  ["Null", { value: null, rule: RULE.LiteralCase }], // repair: `Null` → `null`
  ["NaN", { value: null, rule: RULE.NonFiniteNumber }], // repair: `NaN` → `null`
  ["Infinity", { value: null, rule: RULE.NonFiniteNumber }], // repair: `Infinity` → `null`
]);

/**
 * The end of `true`, `false` or `null` at i when followed by a delimiter, else NOT_PLAIN.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { literalEnd } from "./words.ts";
 * import { NOT_PLAIN } from "./codes.ts";
 * const end = (text: string) => literalEnd(text, 0, text.length, text.charCodeAt(0));
 * strictEqual(end("true,"), 4);
 * strictEqual(end("false]"), 5);
 * strictEqual(end("nullx"), NOT_PLAIN); // a longer word
 * strictEqual(end("true"), NOT_PLAIN); // no delimiter seen yet
 * ```
 */
export function literalEnd(text: string, i: number, n: number, c: number): number {
  // Bounds first: a read past the end would return NaN and deoptimize.
  let end = -1;
  if (c === 116) {
    if (
      i + 4 < n && text.charCodeAt(i + 1) === 114 && text.charCodeAt(i + 2) === 117 &&
      text.charCodeAt(i + 3) === 101
    ) end = i + 4;
  } else if (c === 102) {
    if (
      i + 5 < n && text.charCodeAt(i + 1) === 97 && text.charCodeAt(i + 2) === 108 &&
      text.charCodeAt(i + 3) === 115 && text.charCodeAt(i + 4) === 101
    ) end = i + 5;
  } else if (
    i + 4 < n && text.charCodeAt(i + 1) === 117 && text.charCodeAt(i + 2) === 108 &&
    text.charCodeAt(i + 3) === 108
  ) end = i + 4;
  if (end < 0 || isWordChar(text.charCodeAt(end))) return NOT_PLAIN;
  return end;
}

/**
 * Whether `text` from i to n is a prefix of `literal` (or all of it).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isLiteralPrefix } from "./words.ts";
 * strictEqual(isLiteralPrefix("[tr", 1, 3, "true"), true); // a chunk cut inside `true`
 * strictEqual(isLiteralPrefix("[true", 1, 5, "true"), true);
 * strictEqual(isLiteralPrefix("[tx", 1, 3, "true"), false);
 * strictEqual(isLiteralPrefix("[truer", 1, 6, "true"), false); // longer than the literal
 * ```
 */
export function isLiteralPrefix(text: string, i: number, n: number, literal: string): boolean {
  if (n - i > literal.length) return false;
  for (let k = i; k < n; k++) {
    if (text.charCodeAt(k) !== literal.charCodeAt(k - i)) return false;
  }
  return true;
}

/** {@linkcode portEnd}'s answer when the input ends before the port does: read again with more. */
const WAITING = -2;
/** The most digits a port has (65535). */
const MAX_PORT_DIGITS = 5;

/**
 * Where a URL's port ends, for the colon at `colon`: `host` is where the host
 * began (just past `://`, -1 when no URL is open), and the host holds no
 * white space; the port is one to five digits followed by `/`, `?`, `#`, a
 * delimiter of the member or the end of the input. -1 when the colon is no
 * port's; {@linkcode WAITING} when the input may still say.
 *
 * @example
 * ```ts
 * import { portEnd } from "./words.ts";
 * import { strictEqual } from "node:assert/strict";
 * const text = "http://h:8080/a}";
 * strictEqual(portEnd(text, 7, 8, text.length, true), 13);
 * strictEqual(portEnd(text, -1, 8, text.length, true), -1);
 * strictEqual(portEnd("http://h b:1}", 7, 10, 13, true), -1);
 * strictEqual(portEnd("http://h:80", 7, 8, 11, false), -2);
 * ```
 */
export function portEnd(
  text: string,
  host: number,
  colon: number,
  n: number,
  final: boolean,
): number {
  if (host < 0 || colon === host) return -1;
  for (let h = host; h < colon; h++) {
    const c = text.charCodeAt(h);
    if (c === SPACE || c === TAB) return -1;
  }
  let d = colon + 1;
  while (d < n && d - colon <= MAX_PORT_DIGITS && isDigit(text.charCodeAt(d))) d++;
  const digits = d - colon - 1;
  if (d >= n) return final ? (digits > 0 ? d : -1) : WAITING;
  if (digits === 0) return -1;
  const c = text.charCodeAt(d);
  return c === SLASH || c === 0x3f || c === 0x23 || c === COMMA || c === RBRACE ||
      c === SPACE || c === TAB || c === LF || c === CR
    ? d
    : -1;
}

/**
 * Scans a bare word in value position and places its value; returns its end.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read("[True, None, NaN]").value, [true, null, null]);
 * deepStrictEqual(read('{"a": hello world}').value, { a: "hello world" });
 * deepStrictEqual(read('{"a": hello world}').repairs.map((r) => r.name), ["BareText"]);
 * ```
 */
export function scanWord(s: ScanState, text: string, i: number, n: number, final: boolean): number {
  const base = s.base;
  let j = i;
  while (j < n && isWordChar(text.charCodeAt(j))) j++;
  if (j >= n && !final) return s.waitFor(WAIT_NON_WORD);
  const word = text.slice(i, j);
  const known = WORDS.get(word);
  if (known !== undefined) {
    // repair: `True` → `true`, `None` → `null`, `undefined` → `null`, `NaN` → `null`, `NULL` → `null`
    if (known.rule !== null) s.repair(known.rule, base + i);
    s.place(known.value, base + i);
    return j;
  }
  if (j >= n && j > i) {
    const completion = completionOf(word);
    if (completion !== undefined) {
      // repair: `[tr` at the end → `[true]`
      s.repair(RULE.CompleteLiteral, base + i);
      const target = WORDS.get(completion)!;
      // repair: `[Tr` at the end → `[true]` (completed, then a Python literal)
      if (target.rule !== null) s.repair(target.rule, base + i);
      s.place(target.value, base + i);
      return j;
    }
  }
  // A bare string: up to the next delimiter on the same line (a URL's `://`
  // inside a member's value goes on: `{url: https://example.com/a}`, and so
  // does the port right after its host: `{url: http://h:8080/a}`).
  let k = j;
  let c = 0;
  let host = -1;
  for (;;) {
    while (
      k < n && (c = text.charCodeAt(k)) !== COMMA && c !== RBRACE && c !== RBRACKET &&
      c !== COLON &&
      c !== LF && c !== CR && !isQuote(c) && c !== LBRACE && c !== LBRACKET
    ) k++;
    if (k >= n || c !== COLON || s.topKind !== OBJECT) break;
    if (k + 2 >= n && !final) return s.waitFor(WAIT_ANY);
    if (text.charCodeAt(k + 1) === SLASH && text.charCodeAt(k + 2) === SLASH) {
      k += 3;
      host = k;
      continue;
    }
    const port = portEnd(text, host, k, n, final);
    if (port === WAITING) return s.waitFor(WAIT_ANY);
    if (port < 0) break;
    k = port;
    host = -1;
  }
  if (k >= n && !final) return s.waitFor(WAIT_DELIMITER);
  let e = k;
  while (e > j && ((c = text.charCodeAt(e - 1)) === SPACE || c === TAB)) e--;
  if (e - i > s.profile.maxToken) {
    s.failAt(
      "E022",
      base + i,
      `a word of ${e - i} code units exceeds max_token ${s.profile.maxToken}`,
    );
    return FATAL;
  }
  // Text that no reader takes for a name or an expression (two words side by
  // side, a URL, an address), running to its member's end in an object, has
  // one reading: the text (issue 22). `hello`, `a.b`, `x - y` stay R030.
  const bare = text.slice(i, e);
  const plainText = s.topKind === OBJECT && k < n &&
    (text.charCodeAt(k) === COMMA || text.charCodeAt(k) === RBRACE) &&
    (/[A-Za-z][\w'-]*[ \t]+[A-Za-z]/.test(bare) ||
      /^[a-z]+:\/\/\S+$|^[^\s@]+@[^\s@]+$/.test(bare));
  // repair: `{"city": New York}` → `{"city": "New York"}` (BareText); `[hello]` → `["hello"]`
  s.repair(plainText ? RULE.BareText : RULE.UnquotedString, base + i);
  if (s.topKind === OBJECT) inferred(s, BARE_VALUE, base + i);
  // repair: `{"a": hel` at the end → `{"a": "hel"}`
  if (k >= n) s.repair(RULE.CloseString, base + n);
  s.place(bare, base + i);
  return e;
}

/**
 * A JSON literal resumed on the next chunk: returns the index past it when
 * the rest of it and a character that is not part of a word follow, or NOT_PLAIN
 * to read it again whole.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.strict);
 * scanner.feed("[tr", false); // `true` cut by the chunk end
 * scanner.feed("ue, null]", true);
 * deepStrictEqual(scanner.result().value, [true, null]);
 * ```
 */
export function literalRest(s: ScanState, text: string, n: number, literal: string): number {
  const done = s.rare.tokenHead.length - s.rare.tokenHeadStart, end = literal.length - done;
  if (end >= n || isWordChar(text.charCodeAt(end))) return NOT_PLAIN;
  for (let k = 0; k < end; k++) {
    if (text.charCodeAt(k) !== literal.charCodeAt(done + k)) return NOT_PLAIN;
  }
  return end;
}
