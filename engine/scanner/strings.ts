/**
 * The string reader: the fast path for a plain double-quoted value, the general reader (other
 * quotes, escapes, raw control characters, hazards, inner quotes, a cut at a chunk end), `\u`
 * escapes and surrogate pairs, and the judgement of whether a quote closes the string.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan("['it\\'s', \"a\\u0041\"]", PROFILES.permissive).value, ["it's", "aA"]);
 * ```
 *
 * @module
 */
import { isQuote } from "../characters.ts";
import {
  BIDI,
  FIRST_HAZARD_UNIT,
  type Hazard,
  hazardAt,
  IGNORABLE,
  LONE_SURROGATE,
  TAG,
} from "../hazards.ts";
import type { RepairRule } from "../rules.ts";
import { closingQuote, hasCase, hexValue, isHex, WIDE } from "./chars.ts";
import {
  COLON_MODE,
  END,
  ENDED,
  INVALID,
  NOT_PLAIN,
  STOP,
  STRING_TOKEN,
  SUSPEND,
  WAIT_NON_SPACE,
} from "./codes.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  QUOTE = 34,
  HASH = 35,
  APOS = 39,
  COMMA = 44,
  SLASH = 47,
  COLON = 58,
  BACKSLASH = 92,
  RBRACKET = 93,
  BACKTICK = 96,
  RBRACE = 125,
  RPAREN = 41;

/**
 * A quoted key or string value read by the general reader (another quote, an
 * escape, a hazard, a cut): the quote `c` at `i` opens it; answers the next
 * mode, or `STOP` when the string suspends or is fatal.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan('{"a\\u0062": 1}', PROFILES.strict).value, { ab: 1 }); // an escaped key
 * deepStrictEqual(scan("{'k': 1}", PROFILES.permissive).value, { k: 1 }); // another quote
 * deepStrictEqual(scan("['single']", PROFILES.permissive).value, ["single"]);
 * ```
 */
export function quotedString(
  s: ScanState,
  text: string,
  i: number,
  final: boolean,
  c: number,
  isKey: boolean,
): number {
  if (c !== QUOTE) {
    // repair: `'a'` → `"a"`; `“a”` → `"a"` (a key or a value).
    s.repair(c === APOS ? RULE.SingleQuotes : RULE.TypographicQuotes, s.base + i);
  }
  beginString(s, s.base + i, closingQuote(c), isKey);
  const end = scanString(s, text, i + 1, final);
  if (end === SUSPEND) return STOP;
  return s.moveTo(end, finishString(s, end));
}

/**
 * Starts reading a string whose opening quote (`quote`, a char code) is at `start`: a key's when
 * `isKey`. Resets what the string has read so far.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { beginString } from "./strings.ts";
 * import { ScanState } from "./state.ts";
 * import { PROFILES } from "../profiles.ts";
 * const s = new ScanState(PROFILES.agent);
 * beginString(s, 1, 0x22, true);
 * strictEqual(s.inString, true);
 * strictEqual(s.strIsKey, true);
 * strictEqual(s.strOut, "");
 * ```
 */
export function beginString(s: ScanState, start: number, quote: number, isKey: boolean): void {
  s.inString = true;
  s.strStart = start;
  s.strQuote = quote;
  s.strOut = "";
  s.strIsKey = isKey;
  s.stringFinalAt = -1;
}

/**
 * After a string closed at i: place it; returns the next mode (END on a fatal error).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan('{"a": "x", "b": ["y"]}', PROFILES.strict).value, { a: "x", b: ["y"] });
 * ```
 */
export function finishString(s: ScanState, i: number): number {
  s.inString = false;
  const value = s.strValue;
  const at = s.strStart;
  if (value.length > s.profile.maxToken) {
    s.failAt(
      "E022",
      at,
      `a string of ${value.length} code units exceeds max_token ${s.profile.maxToken}`,
    );
    return END;
  }
  if (s.strIsKey) {
    const d = s.depth - 1;
    s.pendingKeys[d] = value;
    if (!s.caseFlags[d] && hasCase(value)) s.caseFlags[d] = true;
    return COLON_MODE;
  }
  s.place(value, at);
  if (value.length === 0) s.emptyString(s.base + i, s.strQuote);
  // Closed by the end of the input, the string is final only there.
  const mode = s.completed(
    s.base + i,
    s.stringFinalAt < 0 ? s.base + i : s.stringFinalAt,
  );
  s.lastToken = STRING_TOKEN;
  return mode;
}

/**
 * Records the inner quotes of the string just ended, once, at the first:
 * `R063 InnerQuotes` when the string closed where what follows confirms it
 * (closing at an inner quote instead leaves text no reading can place:
 * one reading), `R020` when the input ended inside it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const rules = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.rule);
 * deepStrictEqual(scan('["say "hi" now"]', PROFILES.permissive).value, ['say "hi" now']);
 * deepStrictEqual(rules('["say "hi" now"]'), ["R063"]); // InnerQuotes
 * deepStrictEqual(rules('["say "hi'), ["R020", "R010", "R011"]); // the input ended inside it
 * ```
 */
export function innerQuotes(s: ScanState, rule: RepairRule): void {
  const rare = s.rareState;
  if (rare === null || rare.innerQuoteAt < 0) return;
  // repair: `"She said "yes" twice"` → `"She said \"yes\" twice"` (InnerQuotes, or UnescapedQuote when cut)
  s.repair(rule, rare.innerQuoteAt);
  rare.innerQuoteAt = -1;
}

/**
 * The fast path for a double-quoted value string with no escape, control
 * character or hazard, whose closing quote is followed by `,` `}` `]` `:`
 * or a line break (the cases where the general path closes it at once):
 * places it and returns the index past the closing quote, or NOT_PLAIN to take the
 * general path.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan('{"a": "plain", "b": "x\\"y"}', PROFILES.strict).value, { a: "plain", b: 'x"y' });
 * ```
 */
export function plainString(s: ScanState, text: string, i: number, n: number): number {
  let j = i, c = 0;
  while (j < n) {
    c = text.charCodeAt(j);
    if (c > BACKSLASH) {
      if (c >= WIDE) return NOT_PLAIN;
    } else if (c === QUOTE) {
      break;
    } else if (c === BACKSLASH || c < SPACE) {
      return NOT_PLAIN;
    }
    j++;
  }
  if (j + 1 >= n || j - i > s.profile.maxToken) return NOT_PLAIN;
  const follower = text.charCodeAt(j + 1);
  let finalAt = j + 2;
  if (follower === LF) {
    let k = j + 2;
    while (k < n && ((c = text.charCodeAt(k)) === SPACE || c === LF || c === CR || c === TAB)) {
      k++;
    }
    if (k >= n) return NOT_PLAIN;
    finalAt = k + 1;
  } else if (
    follower !== COMMA && follower !== RBRACE && follower !== RBRACKET && follower !== COLON
  ) {
    return NOT_PLAIN;
  }
  s.stringFinalAt = s.base + finalAt;
  s.place(text.slice(i, j), s.base + i - 1);
  return j + 1;
}

/**
 * Scans string content from i (just past the opening quote, or where a
 * suspended scan stopped). Returns the index just past the closing quote
 * (the value in `strValue`), or SUSPEND.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read("['it\\'s']").value, ["it's"]);
 * deepStrictEqual(read("['it\\'s']").repairs.map((r) => r.name), ["SingleQuotes", "EscapedSingleQuote"]);
 * deepStrictEqual(read('["tab\there"]').repairs.map((r) => r.name), ["RawControlCharacter"]);
 * deepStrictEqual(read("[“curly”]").value, ["curly"]);
 * ```
 */
export function scanString(s: ScanState, text: string, i: number, final: boolean): number {
  const n = text.length;
  const q = s.strQuote;
  const base = s.base;
  let segment = i;
  let out = s.strOut;
  let c = 0;
  // Every default-ignorable is a hazard in a key; a value stops at bidi controls and up.
  const wide = s.strIsKey ? FIRST_HAZARD_UNIT : WIDE;
  for (;;) {
    while (i < n) {
      c = text.charCodeAt(i);
      if (c > BACKSLASH) {
        if (c >= wide) break;
      } else if (c === q || c === BACKSLASH || c < SPACE) break;
      i++;
    }
    if (i >= n) {
      if (!final) return suspendString(s, text, segment, i, out);
      // The input ended inside the string: an inner quote may have been its end.
      // repair: `{"a": "say "hi` at the end → the inner quote is kept, flagged (maybe the end)
      innerQuotes(s, RULE.UnescapedQuote);
      s.repair(RULE.CloseString, base + n); // repair: `{"a": "cut` at the end → `{"a": "cut"}`
      s.strValue = out + text.slice(segment, n);
      return n;
    }
    if (c === q) {
      const verdict = closesString(s, text, i + 1, n, final);
      if (verdict === SUSPEND) return suspendString(s, text, segment, i, out);
      if (verdict === CLOSES) {
        // Closed where what follows confirms it: the inner quotes had one reading.
        // repair: `"She said "yes" twice"` → `"She said \"yes\" twice"`
        innerQuotes(s, RULE.InnerQuotes);
        s.strValue = segment === i && out === "" ? "" : out + text.slice(segment, i);
        return i + 1;
      }
      // A quote that does not end the string (what follows it cannot follow a
      // string): kept, and judged once the string ends.
      if (s.rare.innerQuoteAt < 0) s.rare.innerQuoteAt = base + i;
      i++;
      continue;
    }
    if (c === BACKSLASH) {
      if (i + 1 >= n) {
        if (!final) return suspendString(s, text, segment, i, out);
        // repair: `"a\` at the end → `"a"` (the cut escape is dropped, the string closed)
        s.repair(RULE.TruncatedEscape, base + i);
        s.repair(RULE.CloseString, base + n);
        s.strValue = out + text.slice(segment, i);
        return n;
      }
      const e = text.charCodeAt(i + 1);
      if (e === 117) { // \uXXXX
        const r = unicodeEscape(s, text, i, n, final);
        if (r === SUSPEND) return suspendString(s, text, segment, i, out);
        if (r === ENDED) {
          s.repair(RULE.CloseString, base + n); // repair: `"a\u00` at the end → `"a"`
          s.strValue = out + text.slice(segment, i);
          return n;
        }
        if (r === INVALID) {
          // repair: `"\u12x"` → `"\\u12x"` (not an escape: the backslash is kept as a character).
          s.repair(RULE.InvalidEscape, base + i);
          i += 1;
          continue;
        }
        out += text.slice(segment, i) + s.rare.escaped;
        i = r;
        segment = i;
        continue;
      }
      const decoded = escapedCharacter(e, q);
      if (decoded === "") {
        // repair: `"C:\d"` → `"C:\\d"` (not an escape: the backslash stays in the segment).
        s.repair(RULE.InvalidEscape, base + i);
        i += 1;
        continue;
      }
      if (e === APOS) s.repair(RULE.EscapedSingleQuote, base + i); // repair: `"it\'s"` → `"it's"`
      out += text.slice(segment, i) + decoded;
      i += 2;
      segment = i;
      continue;
    }
    if (c < SPACE) {
      // repair: a raw tab or line feed inside a string → kept, as `\t`, `\n`
      s.repair(RULE.RawControlCharacter, base + i);
      i++;
      continue;
    }
    // c >= wide: the hazards of engine/hazards.ts.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 >= n) {
      // A high surrogate whose low half is not read yet.
      if (!final) return suspendString(s, text, segment, i, out);
      // repair: a high surrogate cut at the end → dropped, the string closed
      s.repair(RULE.TruncatedEscape, base + i);
      s.repair(RULE.CloseString, base + n);
      s.strValue = out + text.slice(segment, i);
      return n;
    }
    i += hazardStep(s, c, i + 1 < n ? text.charCodeAt(i + 1) : -1, base + i);
  }
}

/**
 * The character a two-character escape `\` + `e` stands for inside a string closed by `q`, or ""
 * when it is none (`\x`). `\'` is one (a repair); so is an escaped closing quote of another
 * kind (`'it\'s'`, `“a\”b”`).
 */
function escapedCharacter(e: number, q: number): string {
  switch (e) {
    case QUOTE:
      return '"';
    case BACKSLASH:
      return "\\";
    case SLASH:
      return "/";
    case 98:
      return "\b";
    case 102:
      return "\f";
    case 110:
      return "\n";
    case 114:
      return "\r";
    case 116:
      return "\t";
    case APOS:
      return "'";
    default:
      return e === q ? String.fromCharCode(q) : "";
  }
}

/**
 * Decodes `\uXXXX` (and a following low surrogate escape) at i. Returns the
 * index past it, INVALID when it is not a valid escape, SUSPEND, or ENDED when the
 * input ends inside it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read('["\\u00e9", "\\ud83d\\ude00"]').value, ["é", "😀"]);
 * deepStrictEqual(read('["\\u12x4"]').value, ["\\u12x4"]); // INVALID: the backslash kept
 * deepStrictEqual(read('["\\u12x4"]').repairs.map((r) => r.name), ["InvalidEscape"]);
 * deepStrictEqual(read('["\\u00').repairs[0].name, "TruncatedEscape"); // ENDED
 * ```
 */
export function unicodeEscape(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  const base = s.base;
  let unit = 0;
  for (let k = 2; k < 6; k++) {
    if (i + k >= n) {
      if (!final) return SUSPEND;
      s.repair(RULE.TruncatedEscape, base + i); // repair: `"\u00` at the end → dropped
      return ENDED;
    }
    const h = text.charCodeAt(i + k);
    if (!isHex(h)) return INVALID;
    unit = unit * 16 + hexValue(h);
  }
  const end = i + 6;
  if (unit >= 0xd800 && unit <= 0xdbff) {
    // A high surrogate: a pair needs a low surrogate next, escaped or raw.
    if (
      end >= n || (text.charCodeAt(end) === BACKSLASH && (end + 1 >= n ||
        (text.charCodeAt(end + 1) === 117 && end + 6 > n)))
    ) {
      if (!final) return SUSPEND;
      // repair: `"\ud83d` at the end → the cut pair is dropped
      s.repair(RULE.TruncatedEscape, base + i);
      return ENDED;
    }
    const next = text.charCodeAt(end);
    if (next >= 0xdc00 && next <= 0xdfff) {
      // An escaped high surrogate and a raw low one: JSON.parse joins them into one code
      // point, Python's json keeps two lone surrogates. Readers disagree, as they do on the
      // mirror image (a raw high surrogate and an escaped low one): a lone surrogate, R035.
      // repair: none: `"\ud83d` + a raw low surrogate is kept, flagged: readers join or split it
      s.repair(RULE.LoneSurrogate, base + i);
      hazardStep(s, unit, next, base + i);
      s.rare.escaped = String.fromCharCode(unit, next);
      return end + 1;
    }
    if (next === BACKSLASH && text.charCodeAt(end + 1) === 117) {
      let low = 0, ok = true;
      for (let k = 2; k < 6; k++) {
        const h = text.charCodeAt(end + k);
        if (!isHex(h)) {
          ok = false;
          break;
        }
        low = low * 16 + hexValue(h);
      }
      if (ok && low >= 0xdc00 && low <= 0xdfff) {
        hazardStep(s, unit, low, base + i);
        s.rare.escaped = String.fromCharCode(unit, low);
        return end + 6;
      }
    }
  }
  // A lone surrogate (high without a low one, or low) or a BMP code point.
  hazardStep(s, unit, -1, base + i);
  s.rare.escaped = String.fromCharCode(unit);
  return end;
}

/**
 * The hazards of the characters of an unquoted key, as a quoted key's are
 * found while its string is read (the same {@linkcode Scanner.hazardStep}).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const names = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.name);
 * deepStrictEqual(names("{k\u200b: 1}"), ["UnquotedKey", "ZeroWidthInKey"]);
 * deepStrictEqual(names("{a\u202eb: 1}"), ["UnquotedKey", "InvisibleControl"]);
 * ```
 */
export function checkKeyCharacters(s: ScanState, key: string, at: number): void {
  const wasKey = s.strIsKey;
  s.strIsKey = true;
  const n = key.length;
  for (let k = 0; k < n;) {
    const c = key.charCodeAt(k);
    k += c < FIRST_HAZARD_UNIT
      ? 1
      : hazardStep(s, c, k + 1 < n ? key.charCodeAt(k + 1) : -1, at + k);
  }
  s.strIsKey = wasKey;
}

/**
 * Reports the hazard of the code point starting with the decoded code unit
 * `unit` (`next` is the decoded unit after it, -1 for none), found at
 * `at`, by `hazardAt` of `engine/hazards.ts`: a bidi control or a tag
 * character is `R037` anywhere, a lone surrogate `R035`, any other
 * default-ignorable `R038` in a key (in a value it is content). Returns
 * how many units the code point takes (2 for a surrogate pair).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const names = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.name);
 * deepStrictEqual(names('["a\u202eb"]'), ["InvisibleControl"]); // anywhere
 * deepStrictEqual(names('["\\ud83d"]'), ["LoneSurrogate"]);
 * deepStrictEqual(names('{"a\u200bb": 1}'), ["ZeroWidthInKey"]);
 * deepStrictEqual(names('["a\u200bb"]'), []); // in a value it is content
 * ```
 */
export function hazardStep(s: ScanState, unit: number, next: number, at: number): number {
  const hazard: Hazard = hazardAt(unit, next);
  // repair: none: a bidi control or tag character is kept, flagged
  if (hazard === BIDI || hazard === TAG) s.repair(RULE.InvisibleControl, at);
  // repair: none: a lone surrogate is kept, flagged
  else if (hazard === LONE_SURROGATE) s.repair(RULE.LoneSurrogate, at);
  // repair: none: a zero-width character in a key is kept, flagged
  else if (hazard === IGNORABLE && s.strIsKey) s.repair(RULE.ZeroWidthInKey, at);
  return hazard !== LONE_SURROGATE && unit >= 0xd800 && unit <= 0xdbff ? 2 : 1;
}

/**
 * Suspends the scan inside a string at i: the string's content read so far (`out`, and the text
 * from `segment` to i) is kept in `strOut`. Returns SUSPEND.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.strict);
 * scanner.feed('["a long \\"str', false); // suspended inside the string
 * scanner.feed('ing\\" cut"]', true);
 * deepStrictEqual(scanner.result().value, ['a long "string" cut']);
 * ```
 */
export function suspendString(
  s: ScanState,
  text: string,
  segment: number,
  i: number,
  out: string,
): number {
  if (i - segment > 0) out += text.slice(segment, i);
  // max_token is checked once the string is whole (max_input bounds it meanwhile),
  // so that a string measures the same fed in one chunk or many.
  s.strOut = out;
  s.suspend(i, s.mode);
  return SUSPEND;
}

/** `closesString`: the quote closes the string; it is a quote inside it. */
const CLOSES = 1, INNER_QUOTE = 0;

/**
 * Whether a quote at i-1 closes the string: CLOSES, INNER_QUOTE (an unescaped
 * inner quote), or SUSPEND when more input is needed to tell.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const value = (text: string) => scan(text, PROFILES.permissive).value;
 * deepStrictEqual(value('{"a": "x", "b": 1}'), { a: "x", b: 1 }); // CLOSES
 * deepStrictEqual(value('{"a": "x "y" z", "b": 1}'), { a: 'x "y" z', b: 1 }); // INNER_QUOTE
 * ```
 */
export function closesString(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  // A quote inside a key is too rare to weigh against a missing colon.
  if (s.strIsKey) return CLOSES;
  const base = s.base;
  if (i >= n) {
    s.stringFinalAt = base + i;
    return final ? CLOSES : SUSPEND;
  }
  let c = text.charCodeAt(i);
  if (c === s.strQuote && s.rareState !== null && s.rareState.innerQuoteAt >= 0) {
    // repair: `"name = "bob""` — a quoted part that ends the string: after an inner quote,
    // a doubled quote before what ends the member is that part's closing quote, then the
    // string's (closing at the first leaves a `""` that no reading places).
    const verdict = pairEndsMember(text, i + 1, n, final);
    if (verdict !== CLOSES) return verdict;
  }
  // White space is read past first: what follows it decides (a closer right after the quote is
  // judged by the same test).
  let newline = false;
  while (c === SPACE || c === LF || c === CR || c === TAB) {
    if (c === LF || c === CR) newline = true; // a lone CR is a line break too (old Mac)
    if (++i >= n) {
      s.stringFinalAt = base + i;
      return final ? CLOSES : s.waitFor(WAIT_NON_SPACE);
    }
    c = text.charCodeAt(i);
  }
  s.stringFinalAt = base + i + 1;
  if (newline) return CLOSES;
  if (
    c === COMMA || c === COLON || c === RBRACE || c === RBRACKET || c === SLASH || c === HASH ||
    c === BACKTICK || isQuote(c) || (c === RPAREN && s.isTuple())
  ) return CLOSES;
  // Only the root value may end before arbitrary text (prose after it).
  if (s.depth === 0) return CLOSES;
  return INNER_QUOTE;
}

/**
 * After a doubled quote in a string that already holds an inner quote:
 * INNER_QUOTE (the first quote is inner) when white space and then a comma, a closer
 * or the end of the input follow the pair, SUSPEND when the chunk ends
 * before that is known, CLOSES otherwise (the first quote closes as before).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { pairEndsMember } from "./strings.ts";
 * import { SUSPEND } from "./codes.ts";
 * const INNER_QUOTE = 0, CLOSES = 1;
 * strictEqual(pairEndsMember('"", "b"]', 2, 8, true), INNER_QUOTE); // a comma follows the pair
 * strictEqual(pairEndsMember('"" x', 2, 4, true), CLOSES);
 * strictEqual(pairEndsMember('""  ', 2, 4, false), SUSPEND); // the chunk ends first
 * ```
 */
export function pairEndsMember(
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB || c === LF || c === CR) {
      i++;
      continue;
    }
    return c === COMMA || c === RBRACE || c === RBRACKET ? INNER_QUOTE : CLOSES;
  }
  return final ? INNER_QUOTE : SUSPEND;
}
