/**
 * Text dropped between tokens: comments (line, block and `#` comments) and placeholders (`...`, `…`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * deepStrictEqual(scan("[1, // one\n2, ...]", PROFILES.permissive).value, [1, 2]);
 * ```
 *
 * @module
 */
import { SUSPEND, WAIT_LINE_END, WAIT_NON_WORD, WAIT_SLASH } from "./codes.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const LF = 10, DOT = 46, SLASH = 47, STAR = 42, ELLIPSIS = 0x2026;

/**
 * Whether `...` starts at i.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isPlaceholder } from "./ignored.ts";
 * strictEqual(isPlaceholder("[1, ...]", 4, 8), true);
 * strictEqual(isPlaceholder("[1, ...]", 5, 8), false); // only two dots from here
 * strictEqual(isPlaceholder("[..", 1, 3), false); // the chunk ends first
 * ```
 */
export function isPlaceholder(text: string, i: number, n: number): boolean {
  return i + 2 < n && text.charCodeAt(i + 1) === DOT && text.charCodeAt(i + 2) === DOT;
}

/**
 * Drops a placeholder (`...`, `…`); a comma right after it is dropped with
 * it (see `placeholderComma`). Returns the index past it, or SUSPEND when
 * more dots may follow in the next chunk.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan("[1, …, 2]", PROFILES.permissive);
 * deepStrictEqual(result.value, [1, 2]); // the comma after it dropped with it
 * deepStrictEqual(result.repairs.map((r) => r.name), ["Placeholder"]);
 * deepStrictEqual(scan("[1, ...]", PROFILES.permissive).value, [1]);
 * ```
 */
export function skipPlaceholder(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  let j = i + (text.charCodeAt(i) === ELLIPSIS ? 1 : 3);
  while (j < n && text.charCodeAt(j) === DOT) j++;
  if (j >= n && !final) return s.waitFor(WAIT_NON_WORD);
  // repair: `[1, 2, ...]` → `[1, 2]`
  s.repair(RULE.Placeholder, s.base + i);
  s.commaAt = -1;
  s.placeholderComma = true;
  return j;
}

/**
 * Skips a comment at i; returns its end, or SUSPEND. A lone `/` is skipped as a character.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const names = (text: string) => scan(text, PROFILES.permissive).repairs.map((r) => r.name);
 * deepStrictEqual(names("[1, /* c *\/ 2]"), ["StripComment"]);
 * deepStrictEqual(names("[1, // c\n 2]"), ["StripComment"]);
 * deepStrictEqual(names("[1 / 2]"), ["SkippedCharacter", "AmbiguousSplit"]); // a lone `/`
 * ```
 */
export function skipComment(
  s: ScanState,
  text: string,
  i: number,
  n: number,
  final: boolean,
): number {
  const base = s.base;
  const c = text.charCodeAt(i);
  if (c === SLASH) {
    if (i + 1 >= n) {
      if (!final) return SUSPEND;
      s.repair(RULE.SkippedCharacter, base + i); // repair: a lone `/` at the end → dropped
      return i + 1;
    }
    const d = text.charCodeAt(i + 1);
    if (d === STAR) {
      let j = i + 2;
      while (j + 1 < n && !(text.charCodeAt(j) === STAR && text.charCodeAt(j + 1) === SLASH)) j++;
      if (j + 1 >= n) {
        if (!final) {
          // Cut by the chunk end: the scan suspends in COMMENT_REST, which
          // keeps only the comment's last character and goes on from there
          // (so `/* / / … */` fed one character at a time stays linear).
          s.rare.commentAt = base + i;
          s.rare.commentKeep = n - 1 >= i + 2 ? n - 1 : n;
          return s.waitFor(WAIT_SLASH);
        }
        s.repair(RULE.StripComment, base + i); // repair: `[1 /* cut` at the end → `[1]`
        s.innerComment(base + i, base + n);
        return n;
      }
      s.repair(RULE.StripComment, base + i); // repair: `[1 /* one */]` → `[1]`
      s.innerComment(base + i, base + j + 2);
      return j + 2;
    }
    if (d !== SLASH) {
      s.repair(RULE.SkippedCharacter, base + i); // repair: `[1 / 2]` → `[1 2]`
      return i + 1;
    }
  }
  let j = i + 1;
  while (j < n && text.charCodeAt(j) !== LF) j++;
  if (j >= n && !final) return s.waitFor(WAIT_LINE_END);
  // repair: `[1 // one` or `# one` to the line's end → `[1`
  s.repair(RULE.StripComment, base + i);
  s.innerComment(base + i, base + j);
  return j;
}
