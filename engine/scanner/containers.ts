/**
 * Containers: opening and closing objects and arrays (and Python tuples read as arrays), closers
 * that do not match the open container, the key collisions checked when an object closes, and the
 * count of structural tokens inferred for one member (`R053 ChainedRepair`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan('{"pt": (1, 2)}', PROFILES.permissive).value, { pt: [1, 2] });
 * ```
 *
 * @module
 */
import { isOtherSpace } from "../characters.ts";
import { COLLISION_KINDS, type CollisionKind, keyCollisions } from "../hazards.ts";
import type { RepairRule } from "../rules.ts";
import { isFormatCharacter, skipWhiteSpace } from "./chars.ts";
import {
  ARRAY,
  BARE_KEY,
  BARE_VALUE,
  DONE,
  END,
  INFERRED_CLOSER,
  INFERRED_COLON,
  INFERRED_COMMA,
  NONE,
  OBJECT,
  WAIT_NON_SPACE,
} from "./codes.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const COMMA = 44, RBRACE = 125, BOM = 0xfeff;

/**
 * Whether an object has no member yet.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isEmptyObject } from "./containers.ts";
 * strictEqual(isEmptyObject({}), true);
 * strictEqual(isEmptyObject({ a: 1 }), false);
 * strictEqual(isEmptyObject(Object.create({ inherited: 1 })), false); // for-in sees it
 * ```
 */
export function isEmptyObject(object: unknown): boolean {
  for (const _ in object as Record<string, unknown>) return false;
  return true;
}

/**
 * The rule each kind of key collision is reported as (`exact` is
 * `R032 DuplicateKey`, reported as the member is set; Object.keys holds no
 * exact twins).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { COLLISION_RULES } from "./containers.ts";
 * strictEqual(COLLISION_RULES.exact, null); // R032, reported as the member is set
 * strictEqual(COLLISION_RULES.case?.name, "CaseCollidingKeys");
 * strictEqual(COLLISION_RULES.confusable?.name, "ConfusableKeys");
 * ```
 */
export const COLLISION_RULES: Readonly<Record<CollisionKind, RepairRule | null>> = {
  exact: null,
  ignorable: RULE.ZeroWidthInKey, // repair: none: `{"ab":1,"a\u200bb":2}`: kept, flagged
  normalization: RULE.NormalizationCollidingKeys, // repair: none: `{"é":1,"e\u0301":2}`: kept, flagged
  case: RULE.CaseCollidingKeys, // repair: none: `{"Path":1,"path":2}`: kept, flagged
  confusable: RULE.ConfusableKeys, // repair: none: `{"a":1,"а":2}` (Cyrillic а): kept, flagged
};

/**
 * The bit (`1 << COLLISION_BITS[kind]`) each kind of key collision sets in `RareState.lastKeyKinds`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { COLLISION_BITS } from "./containers.ts";
 * strictEqual(COLLISION_BITS.exact, 0);
 * strictEqual(new Set(Object.values(COLLISION_BITS)).size, 5); // one per kind
 * ```
 */
export const COLLISION_BITS: Readonly<Record<CollisionKind, number>> = {
  exact: 0,
  ignorable: 1,
  normalization: 2,
  case: 3,
  confusable: 4,
};

/**
 * Whether two key lists hold the same keys in the same order.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { sameKeys } from "./containers.ts";
 * strictEqual(sameKeys(["a", "b"], ["a", "b"]), true);
 * strictEqual(sameKeys(["a", "b"], ["b", "a"]), false); // order counts
 * strictEqual(sameKeys(["a"], ["a", "b"]), false);
 * strictEqual(sameKeys([], []), true);
 * ```
 */
export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Opens an object or array (`kind`) at `at` under the top container; false, with `E020` recorded,
 * when it would nest deeper than the profile's `maxDepth`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const depth = PROFILES.agent.maxDepth;
 * strictEqual(scan("[".repeat(depth + 1), PROFILES.agent).fatal?.code, "E020");
 * strictEqual(scan("[".repeat(depth) + "]".repeat(depth), PROFILES.agent).fatal, null);
 * ```
 */
export function open(s: ScanState, kind: number, at: number): boolean {
  if (s.depth >= s.profile.maxDepth) {
    s.failAt(
      "E020",
      at,
      `nesting deeper than max_depth ${s.profile.maxDepth}; flatten the value`,
    );
    return false;
  }
  const container = kind === ARRAY ? [] : {};
  s.place(container, at);
  const d = s.depth++;
  s.containers[d] = container;
  s.kinds[d] = kind;
  s.caseFlags[d] = false;
  s.top = container;
  s.topKind = kind;
  if (kind === OBJECT) s.openObjects++;
  const rare = s.rareState;
  if (
    rare !== null && rare.chainTop === s.containers[d - 1] && rare.chainComma === s.commaAt
  ) {
    rare.chainValue = container;
  }
  s.commaAt = -1;
  return true;
}

/**
 * Pops the top container; returns the next mode.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan('{"a": [1, {}]}', PROFILES.strict).value, { a: [1, {}] });
 * ```
 */
export function close(s: ScanState, end: number): number {
  const d = --s.depth;
  const container = s.containers[d];
  s.containers[d] = undefined;
  s.top = d > 0 ? s.containers[d - 1] : undefined;
  s.topKind = d > 0 ? s.kinds[d - 1] : NONE;
  if (s.kinds[d] === OBJECT) {
    s.openObjects--;
    if (s.caseFlags[d]) checkKeys(s, container as Record<string, unknown>, end - 1);
  }
  return s.completed(end);
}

/**
 * The keys of a closed object compared with each other beyond equality, by
 * `keyCollisions` of `engine/hazards.ts`, for quoted and unquoted keys
 * alike. Only objects with a key that has an upper-case ASCII letter or a
 * non-ASCII character get here (`caseFlags`): all-lower-case ASCII keys
 * collide only when equal, which `setMember` reports. Each collision is
 * reported at `at` (the object's end), once per kind.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const names = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.name);
 * deepStrictEqual(names('{"Path": 1, "path": 2}'), ["CaseCollidingKeys"]);
 * deepStrictEqual(names('{"path": 1, "file": 2}'), []);
 * ```
 */
export function checkKeys(s: ScanState, object: Record<string, unknown>, at: number): void {
  const keys = Object.keys(object);
  if (keys.length < 2) return;
  // An array of records repeats one key set: compare it with the last one
  // checked (keys are interned, so s is a few pointer comparisons).
  const last = s.rare.lastKeySet;
  let kinds = s.rare.lastKeyKinds;
  if (!sameKeys(keys, last)) {
    kinds = 0;
    for (const { kind } of keyCollisions(keys)) kinds |= 1 << COLLISION_BITS[kind];
    s.rare.lastKeySet = keys;
    s.rare.lastKeyKinds = kinds;
  }
  if (kinds === 0) return;
  for (const kind of COLLISION_KINDS) {
    const rule = COLLISION_RULES[kind];
    // repair: none: `{"Path":1,"path":2}` is kept; keys that collide beyond equality are flagged
    if (rule !== null && (kinds & (1 << COLLISION_BITS[kind])) !== 0) s.repair(rule, at);
  }
}

/**
 * Closes every open container at the end of the input.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan('["a", ["b"', PROFILES.permissive);
 * deepStrictEqual(result.value, ["a", ["b"]]);
 * deepStrictEqual(result.repairs.map((r) => r.name), ["CloseContainer", "CloseContainer"]);
 * strictEqual(result.completeness, "truncated");
 * ```
 */
export function closeAllAtEnd(s: ScanState, end: number): void {
  while (s.depth > 0) {
    // repair: `{"a": [1` at the end → `{"a": [1]}` (each open container is closed)
    s.repair(RULE.CloseContainer, end);
    const d = --s.depth;
    if (s.kinds[d] === OBJECT) {
      s.openObjects--;
      if (s.caseFlags[d]) checkKeys(s, s.containers[d] as Record<string, unknown>, end);
    }
    s.containers[d] = undefined;
  }
  s.top = undefined;
  s.topKind = NONE;
  s.valueEnd = end;
  s.mode = END;
}

/**
 * Records a character that cannot stand where it is (it is dropped).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan("[1, @, 2]", PROFILES.permissive);
 * deepStrictEqual(result.value, [1, 2]);
 * deepStrictEqual(result.repairs.map((r) => [r.name, r.offset]), [["SkippedCharacter", 4], ["SkippedCharacter", 5]]);
 * ```
 */
export function stray(s: ScanState, c: number, at: number): void {
  // repair: a stray character (`@`, a no-break space) where no token may stand → dropped
  s.repair(
    isOtherSpace(c) || c === BOM || isFormatCharacter(c)
      ? RULE.NonJsonWhitespace
      : RULE.SkippedCharacter,
    at,
  );
}

/**
 * Closes a tuple at its `)`: an array (`R065 TupleAsArray`), unless it holds
 * one item and no comma (`("a")` is the string in Python, not a tuple:
 * `R066 ParenthesizedValue`). Returns the next mode.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const read = (text: string) => scan(text, PROFILES.permissive);
 * deepStrictEqual(read('{"pt": (1, 2)}').value, { pt: [1, 2] });
 * deepStrictEqual(read('{"pt": (1, 2)}').repairs.map((r) => r.name), ["TupleAsArray"]);
 * deepStrictEqual(read('("a")').repairs.map((r) => r.name), ["ParenthesizedValue"]);
 * ```
 */
export function closeTuple(s: ScanState, at: number): number {
  const items = s.top as unknown[];
  const single = items.length === 1 && s.commaAt < 0;
  // repair: `(1, 2)` → `[1, 2]` (TupleAsArray); `("a")` → `["a"]`, or `"a"` (ParenthesizedValue)
  s.repair(single ? RULE.ParenthesizedValue : RULE.TupleAsArray, at);
  return close(s, at + 1);
}

/**
 * Counts a structural token inferred at `at` for the member being read (a new one when `fresh`:
 * an inferred comma starts it). Two or more in one member invent structure (issue 21 class 5:
 * `{"a":1 "b" 2}` infers a comma and a colon, `{a 1}` quotes and a colon): `R053 ChainedRepair`,
 * once per member. Runs only on broken input; the clean path never calls it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const names = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.name);
 * deepStrictEqual(names('{"a": 1 "b": 2}'), ["MissingComma"]); // one token inferred
 * deepStrictEqual(names('{"a":1 "b" 2}'), ["MissingComma", "MissingColon", "ChainedRepair"]);
 * ```
 */
export function inferred(s: ScanState, token: number, at: number, fresh = false): void {
  const rare = s.rare;
  if (fresh || rare.chainTop !== s.top || rare.chainComma !== s.commaAt) {
    rare.chainTop = s.top;
    rare.chainComma = s.commaAt;
    rare.chainTokens = 0;
    rare.chainReported = false;
    rare.chainValue = undefined;
  }
  count(s, token, at);
}

/**
 * Adds an inferred token to the counted member; records `R053` at the second.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * // quotes around `a` and a colon: the second inferred token records R053
 * const result = scan("{a 1}", PROFILES.permissive);
 * deepStrictEqual(result.repairs.map((r) => [r.rule, r.offset]), [["R007", 1], ["R025", 3], ["R053", 3]]);
 * ```
 */
export function count(s: ScanState, token: number, at: number): void {
  const rare = s.rare;
  const tokens = rare.chainTokens |= token;
  const colon = (tokens & INFERRED_COLON) !== 0;
  const count = (tokens & INFERRED_COMMA ? 1 : 0) + (colon ? 1 : 0) +
    (tokens & INFERRED_CLOSER ? 1 : 0) + (colon && tokens & BARE_KEY ? 1 : 0) +
    (colon && tokens & BARE_VALUE ? 1 : 0);
  if (count >= 2 && !rare.chainReported) {
    rare.chainReported = true;
    // repair: none: `{"a":1 "b" 2}` infers a comma and a colon in one member: flagged
    s.repair(RULE.ChainedRepair, at);
  }
}

/**
 * Closes the top container with a closer that may not match it, or that stands for the top's own
 * (`substitute`, before a comma: `wrongCloser`); returns the next mode.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan('{"a": [1}', PROFILES.permissive);
 * deepStrictEqual(result.value, { a: [1] }); // `}` closes the array and then the object
 * deepStrictEqual(result.repairs.map((r) => r.rule), ["R026"]); // MismatchedBracket
 * strictEqual(scan('{"a": [1}', PROFILES.agent).refusal?.code, "E011");
 * ```
 */
export function closeWith(
  s: ScanState,
  closer: number,
  at: number,
  substitute: boolean,
): number {
  const want = closer === RBRACE ? OBJECT : ARRAY;
  const d = s.depth;
  if (d === 0) {
    // repair: `]` with nothing open → dropped
    s.repair(RULE.SkippedCharacter, at);
    return s.mode;
  }
  // repair: `(1, 2]` → `[1, 2]` (a tuple closed by `]`)
  if (want === ARRAY && s.isTuple()) s.repair(RULE.MismatchedBracket, at);
  if (substitute) {
    // repair: `["a", "b"}, "n": 2}` → `["a", "b"], "n": 2}` (the closer stands for the top's
    // own: the one reading)
    s.repair(RULE.WrongCloser, at);
    const rare = s.rare;
    if (rare.chainValue === s.top && rare.chainTop !== s.top) {
      // The member whose value s closes had a token inferred already: the closer is its second.
      count(s, INFERRED_CLOSER, at);
    } else inferred(s, INFERRED_CLOSER, at);
    return close(s, at + 1);
  }
  if (s.kinds[d - 1] !== want) {
    // repair: `{"a": [1}` → `{"a": [1]}` (the closer closes what it names)
    s.repair(RULE.MismatchedBracket, at);
    // When an enclosing container is of the closer's kind, the inner ones were left open.
    const enclosing = want === OBJECT ? s.openObjects > 0 : s.depth - s.openObjects > 0;
    if (enclosing) {
      let inferred = 0;
      while (s.kinds[s.depth - 1] !== want) {
        // Two or more closers inferred at one bracket: never cosmetic.
        // repair: `[{"a": [1}` → `[{"a": [1]}`, flagged: two closers inferred at one bracket
        if (++inferred === 2) s.repair(RULE.ChainedRepair, at);
        const mode = close(s, at + 1);
        if (mode === DONE) return DONE;
      }
    }
  }
  return close(s, at + 1);
}

/**
 * `wrongCloser`: the closer closes what it names (inner ones left open), or stands for the top's own.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { MATCHES, SUBSTITUTE } from "./containers.ts";
 * strictEqual(MATCHES, 0);
 * strictEqual(SUBSTITUTE, 1);
 * ```
 */
export const MATCHES = 0, SUBSTITUTE = 1;

/**
 * A closer that does not match the top container, at i, while an enclosing
 * container is of its kind: SUBSTITUTE when a comma follows it (closing the
 * enclosing one too would leave that comma and the members after it with
 * no place: the closer stands for the top's own, the one complete
 * reading), MATCHES otherwise (the inner containers were left open), or SUSPEND
 * when the chunk ends before what follows is known.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * // a comma follows the `}`: it stands for the array's `]` (SUBSTITUTE)
 * const result = scan('{"a": [1, 2}, "b": 3}', PROFILES.permissive);
 * deepStrictEqual(result.value, { a: [1, 2], b: 3 });
 * deepStrictEqual(result.repairs.map((r) => r.name), ["WrongCloser"]);
 * ```
 */
export function wrongCloser(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
  closer: number,
): number {
  const want = closer === RBRACE ? OBJECT : ARRAY;
  const enclosing = want === OBJECT ? s.openObjects > 0 : s.depth - s.openObjects > 0;
  if (!enclosing) return MATCHES;
  const k = skipWhiteSpace(text, i + 1, n);
  if (k >= n) return final ? MATCHES : s.waitFor(WAIT_NON_SPACE);
  return text.charCodeAt(k) === COMMA ? SUBSTITUTE : MATCHES;
}
