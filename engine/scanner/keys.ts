/**
 * The key readers: the fast path for a plain quoted key (hashed while read, a repeated key reused
 * from a small cache), its resumption after a chunk end, and unquoted keys (`{a: 1}`) with the
 * checks every quoted key gets.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan("{a: 1, b: 2}", PROFILES.permissive).value, { a: 1, b: 2 });
 * ```
 *
 * @module
 */
import { isDigit, isWordChar } from "../characters.ts";
import { FIRST_HAZARD_UNIT } from "../hazards.ts";
import { sameText } from "./chars.ts";
import { BARE_KEY, FATAL, KEY_CUT, NOT_PLAIN, WAIT_NON_WORD } from "./codes.ts";
import { inferred } from "./containers.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";
import { checkKeyCharacters } from "./strings.ts";
import { WORDS } from "./words.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const SPACE = 32, QUOTE = 34, DOT = 46, ZERO = 48, UPPER_A = 65, UPPER_Z = 90, BACKSLASH = 92;

/**
 * Keys up to this length are cached by the key fast path.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { MAX_CACHED_KEY } from "./keys.ts";
 * strictEqual(MAX_CACHED_KEY, 64);
 * ```
 */
export const MAX_CACHED_KEY = 64;

/**
 * Slots of the key cache (a power of two).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { KEY_CACHE_SIZE } from "./keys.ts";
 * strictEqual(KEY_CACHE_SIZE & (KEY_CACHE_SIZE - 1), 0); // a power of two: a hash is masked
 * ```
 */
export const KEY_CACHE_SIZE = 4096;

/**
 * Recently seen keys, by hash: reusing one avoids a copy and a re-interning.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { KEY_CACHE_SIZE, keyCache } from "./keys.ts";
 * strictEqual(keyCache.length, KEY_CACHE_SIZE);
 * ```
 */
export const keyCache: (string | undefined)[] = new Array(KEY_CACHE_SIZE).fill(undefined);

/**
 * Whether `head` from `start` to its end, then `rest`, hold `key`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { sameSplitText } from "./keys.ts";
 * // `{"na` ended one chunk, `me":1}` began the next
 * strictEqual(sameSplitText('{"na', 2, 'me":1}', "name"), true);
 * strictEqual(sameSplitText('{"na', 2, 'pe":1}', "name"), false);
 * strictEqual(sameSplitText('{"ma', 2, 'me":1}', "name"), false);
 * ```
 */
export function sameSplitText(head: string, start: number, rest: string, key: string): boolean {
  const split = head.length - start;
  for (let k = 0; k < split; k++) {
    if (head.charCodeAt(start + k) !== key.charCodeAt(k)) return false;
  }
  for (let k = split; k < key.length; k++) {
    if (rest.charCodeAt(k - split) !== key.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Whether an unquoted key is a plain integer every reader reads alike: digits, no leading zero, at most 15.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isPlainIntegerKey } from "./keys.ts";
 * strictEqual(isPlainIntegerKey("42"), true);
 * strictEqual(isPlainIntegerKey("0"), true);
 * strictEqual(isPlainIntegerKey("042"), false); // a leading zero
 * strictEqual(isPlainIntegerKey("1.5"), false);
 * strictEqual(isPlainIntegerKey("1234567890123456"), false); // 16 digits
 * ```
 */
export function isPlainIntegerKey(key: string): boolean {
  if (key.length > 15 || (key.length > 1 && key.charCodeAt(0) === ZERO)) return false;
  for (let k = 0; k < key.length; k++) if (!isDigit(key.charCodeAt(k))) return false;
  return true;
}

/**
 * The fast path for a double-quoted key without escapes or hazards: hashes
 * it while scanning and reuses an earlier copy of the same key (already
 * interned by the engine), so repeated keys cost no allocation. Returns the
 * index past the closing quote, KEY_CUT when the input ended inside a short
 * key, or NOT_PLAIN to take the general path.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const rows = scan('[{"id": 1}, {"id": 2}]', PROFILES.strict).value as { id: number }[];
 * deepStrictEqual(rows, [{ id: 1 }, { id: 2 }]);
 * strictEqual(Object.keys(rows[0])[0], Object.keys(rows[1])[0]); // one copy of "id"
 * ```
 */
export function plainKey(s: ScanState, text: string, i: number, n: number): number {
  let h = 0, j = i, c = 0, cased = false;
  while (j < n) {
    c = text.charCodeAt(j);
    if (c === QUOTE) break;
    if (c === BACKSLASH || c < SPACE || c >= FIRST_HAZARD_UNIT) return NOT_PLAIN;
    if ((c >= UPPER_A && c <= UPPER_Z) || c >= 0x80) cased = true;
    h = (Math.imul(h, 31) + c) | 0;
    j++;
  }
  const length = j - i;
  if (j >= n) {
    if (length > MAX_CACHED_KEY) return NOT_PLAIN;
    s.rare.tokenHead = text;
    s.rare.tokenHeadStart = i - 1;
    s.keyHash = h;
    s.keyCased = cased;
    return KEY_CUT;
  }
  if (length > MAX_CACHED_KEY || length > s.profile.maxToken) return NOT_PLAIN;
  const slot = (h ^ (h >>> 11) ^ length) & (KEY_CACHE_SIZE - 1);
  let key = keyCache[slot];
  if (key === undefined || key.length !== length || !sameText(text, i, key)) {
    key = text.slice(i, j);
    keyCache[slot] = key;
  }
  const d = s.depth - 1;
  s.pendingKeys[d] = key;
  if (cased) s.caseFlags[d] = true;
  return j + 1;
}

/**
 * `plainKey` resumed on the next chunk: the key's first part is the end of
 * the previous window (`tokenHead` after its quote), hashed already. The
 * cached copy is compared across the cut, so a repeated key costs no
 * concatenation. Returns the index past the closing quote, or NOT_PLAIN to read
 * the key again from its quote (see {@linkcode Scanner.rewindToken}).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.strict);
 * scanner.feed('[{"name": 1}, {"na', false); // the key cut by the chunk end
 * scanner.feed('me": 2}]', true);
 * deepStrictEqual(scanner.result().value, [{ name: 1 }, { name: 2 }]);
 * ```
 */
export function plainKeyRest(s: ScanState, text: string, n: number): number {
  let h = s.keyHash, j = 0, c = 0, cased = s.keyCased;
  while (j < n) {
    c = text.charCodeAt(j);
    if (c === QUOTE) break;
    if (c === BACKSLASH || c < SPACE || c >= FIRST_HAZARD_UNIT) return NOT_PLAIN;
    if ((c >= UPPER_A && c <= UPPER_Z) || c >= 0x80) cased = true;
    h = (Math.imul(h, 31) + c) | 0;
    j++;
  }
  const head = s.rare.tokenHead, start = s.rare.tokenHeadStart + 1;
  const length = head.length - start + j;
  if (j >= n || length > MAX_CACHED_KEY || length > s.profile.maxToken) return NOT_PLAIN;
  const slot = (h ^ (h >>> 11) ^ length) & (KEY_CACHE_SIZE - 1);
  let key = keyCache[slot];
  if (key === undefined || key.length !== length || !sameSplitText(head, start, text, key)) {
    key = [head.slice(start), text.slice(0, j)].join("");
    keyCache[slot] = key;
  }
  s.rare.tokenHead = "";
  const d = s.depth - 1;
  s.pendingKeys[d] = key;
  if (cased) s.caseFlags[d] = true;
  return j + 1;
}

/**
 * Scans an unquoted key; returns its end (the key in `pendingKeys`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read('{a: 1, true: 2, 3: "x"}').value, { a: 1, true: 2, 3: "x" });
 * deepStrictEqual(read("{a: 1}").repairs.map((r) => r.name), ["UnquotedKey"]);
 * ```
 */
export function scanKeyWord(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  let j = i;
  let c = 0;
  let hasCase = false;
  while (j < n && (isWordChar(c = text.charCodeAt(j)) || c === DOT)) {
    if ((c >= UPPER_A && c <= UPPER_Z) || c >= 0x80) hasCase = true;
    j++;
  }
  if (j >= n && !final) return s.waitFor(WAIT_NON_WORD);
  if (j - i > s.profile.maxToken) {
    s.failAt(
      "E022",
      s.base + i,
      `a key of ${j - i} code units exceeds max_token ${s.profile.maxToken}`,
    );
    return FATAL;
  }
  const d = s.depth - 1;
  const at = s.base + i;
  // repair: `{a: 1}` → `{"a": 1}`
  s.repair(RULE.UnquotedKey, at);
  inferred(s, BARE_KEY, at);
  // A number (`1e5` is the key "100000" in JavaScript, an integer in
  // Python) or a dotted path (`a.b`) is read differently by readers.
  const first = text.charCodeAt(i);
  let dotted = false;
  for (let k = i; k < j; k++) if (text.charCodeAt(k) === DOT) dotted = true;
  const key = text.slice(i, j);
  // So is a literal (`{true: 1}`, `{None: 1}`: a bool or null key in
  // Python) and `__proto__` (a JavaScript object literal sets the prototype).
  // A plain integer (`2`, `10`) or a JSON literal (`true`) is the same
  // string to every reader that takes unquoted keys (issue 22).
  if (
    (isDigit(first) && !isPlainIntegerKey(key)) || dotted ||
    (WORDS.has(key) && key !== "true" && key !== "false" && key !== "null") ||
    key === "__proto__"
  ) {
    // repair: `{1e5: 1}`, `{a.b: 1}`, `{None: 1}` → `{"1e5": 1}`…, flagged: readers read the key differently
    s.repair(RULE.AmbiguousKey, at);
  } else if (isDigit(first) || WORDS.has(key)) {
    // One reading only with its colon: noted for COLON_MODE.
    s.rare.bareKey = key;
    s.rare.bareKeyDepth = s.depth;
  }
  // An unquoted key gets every check a quoted one gets.
  checkKeyCharacters(s, key, at);
  s.pendingKeys[d] = key;
  if (hasCase) s.caseFlags[d] = true;
  return j;
}
