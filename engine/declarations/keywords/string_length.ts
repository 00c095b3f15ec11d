/**
 * `minLength`, `maxLength`: a string's length in code points (a surrogate
 * pair counts once, a lone surrogate once). The common string is checked
 * without counting: `u` code units hold between `u/2` and `u` code points.
 * Tests: `tests/keywords/string_length_test.ts`.
 *
 * @example
 * ```ts
 * import { lengthWithin } from "./string_length.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(lengthWithin("😀", 1, 1), true);
 * strictEqual(lengthWithin("ab", 3, undefined), false);
 * ```
 *
 * @module
 */

import type { Node } from "../form.ts";
import {
  type Compiled,
  GROUP,
  type KeywordModule,
  type KeywordSite,
  plural,
  type SchemaReader,
} from "./keyword.ts";

/**
 * Parse: a non-negative integer.
 *
 * @example
 * ```ts
 * import { parseLength } from "./string_length.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const reader = { count: (v: unknown) => v as number } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * const node = emptyNode(0, "");
 * parseLength(reader, node, { key: "maxLength", value: 3, schema: {}, pointer: "/maxLength", job });
 * strictEqual(node.maxLength, 3);
 * ```
 */
export function parseLength(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const n = reader.count(site.value, site.key, site.job, site.pointer);
  if (site.key === "minLength") node.minLength = n;
  else node.maxLength = n;
}

/**
 * A string's length in code points.
 *
 * @example
 * ```ts
 * import { codePoints } from "./string_length.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(codePoints("a😀"), 2);
 * strictEqual(codePoints("\ud800"), 1);
 * ```
 */
export function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      // Past the end `charCodeAt` is NaN, no low surrogate: a high one last counts alone.
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * Check: whether a string's length in code points lies within the bounds
 * (either may be absent).
 *
 * @example
 * ```ts
 * import { lengthWithin } from "./string_length.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(lengthWithin("abc", 1, 3), true);
 * strictEqual(lengthWithin("abcd", undefined, 3), false);
 * ```
 */
export function lengthWithin(v: string, min: number | undefined, max: number | undefined): boolean {
  // A string of u code units holds between u/2 and u code points.
  if ((min !== undefined && v.length < 2 * min) || (max !== undefined && v.length > max)) {
    const len = codePoints(v);
    if (min !== undefined && len < min) return false;
    if (max !== undefined && len > max) return false;
  }
  return true;
}

/**
 * Check and report: the length keyword a string fails (`minLength` or
 * `maxLength`), or null.
 *
 * @example
 * ```ts
 * import { lengthFailure } from "./string_length.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.minLength = 2;
 * strictEqual(lengthFailure(n, "a"), "minLength");
 * strictEqual(lengthFailure(n, "ab"), null);
 * ```
 */
export function lengthFailure(n: Node, v: string): string | null {
  // The compiled check's own length test; on a failure, the lower bound alone names which.
  if (lengthWithin(v, n.minLength, n.maxLength)) return null;
  return lengthWithin(v, n.minLength, undefined) ? "maxLength" : "minLength";
}

/**
 * Compiled check of a node typed `string` with length bounds and nothing
 * else.
 *
 * @example
 * ```ts
 * import { compileStringLength } from "./string_length.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.minLength = 1;
 * strictEqual(compileStringLength(n)(""), false);
 * strictEqual(compileStringLength(n)(1), false);
 * ```
 */
export function compileStringLength(n: Node): Compiled {
  const min = n.minLength, max = n.maxLength;
  return (v) => typeof v === "string" && lengthWithin(v, min, max);
}

/**
 * The module: parse, the phrase (`of 1 to 10 characters`, `of exactly 1
 * character`), and the words for a failing string (its length).
 *
 * @example
 * ```ts
 * import { STRING_LENGTH } from "./string_length.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.minLength = 1;
 * n.maxLength = 10;
 * strictEqual(STRING_LENGTH.requires?.(n, {} as never)[0][1], "of 1 to 10 characters");
 * ```
 */
export const STRING_LENGTH: KeywordModule = {
  name: "string_length",
  keywords: ["minLength", "maxLength"],
  parse: parseLength,
  requires: (n) => {
    const min = n.minLength, max = n.maxLength;
    if (min !== undefined && min === max) {
      return [[GROUP.string, `of exactly ${plural(min, "character")}`]];
    }
    if (min !== undefined && max !== undefined) {
      return [[GROUP.string, `of ${min} to ${max} characters`]];
    }
    if (min !== undefined) return [[GROUP.string, `of at least ${plural(min, "character")}`]];
    if (max !== undefined) return [[GROUP.string, `of at most ${plural(max, "character")}`]];
    return [];
  },
  words: (_form, issue, say) => ({
    found: `a string of ${say.plural(codePoints(issue.value as string), "character")}`,
  }),
};
