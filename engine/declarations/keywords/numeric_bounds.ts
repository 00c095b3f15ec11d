/**
 * `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: a number's
 * bounds. In draft-04 (and in a schema naming no dialect) a boolean
 * `exclusiveMinimum`/`exclusiveMaximum` makes `minimum`/`maximum`
 * exclusive; from draft-06 on they are bounds of their own. A number
 * that passes equal to an inclusive bound is flagged ({@linkcode INTEGERS}):
 * its written digits may lie past the bound, and the gate then judges the
 * number as written (`exact.ts`). Tests:
 * `tests/keywords/numeric_bounds_test.ts`.
 *
 * @example
 * ```ts
 * import { boundFailure } from "./numeric_bounds.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.maximum = 50;
 * strictEqual(boundFailure(n, 51), "maximum");
 * strictEqual(boundFailure(n, 50), null);
 * ```
 *
 * @module
 */

import { type Node, T_INTEGER, T_NUMBER } from "../form.ts";
import {
  type Compiled,
  GROUP,
  type KeywordModule,
  type KeywordSite,
  type Phrase,
  type SchemaReader,
  where,
} from "./keyword.ts";

/**
 * Parse `minimum`/`maximum`: a finite number, exclusive when a draft-04
 * boolean `exclusiveMinimum`/`exclusiveMaximum: true` sits beside it.
 *
 * @example
 * ```ts
 * import { parseBound } from "./numeric_bounds.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const reader = { dialect: "draft-04", explicit: true, number: (v: unknown) => v as number } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * const node = emptyNode(0, "");
 * parseBound(reader, node, { key: "minimum", value: 1, schema: { minimum: 1, exclusiveMinimum: true }, pointer: "/minimum", job });
 * strictEqual(node.exclusiveMinimum, 1);
 * ```
 */
export function parseBound(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, schema, job, pointer } = site;
  const n = reader.number(value, key, job, pointer);
  // draft-04: a boolean exclusiveMinimum/exclusiveMaximum makes the bound exclusive
  // (also in a schema naming no dialect: a boolean has that meaning only).
  // A boolean in a dialect that names it otherwise is refused by parseExclusiveBound.
  const exclusive = key === "minimum" ? schema.exclusiveMinimum : schema.exclusiveMaximum;
  if (exclusive === true) {
    node[key === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"] = n;
  } else node[key === "minimum" ? "minimum" : "maximum"] = n;
}

/**
 * Parse `exclusiveMinimum`/`exclusiveMaximum`: a number (draft-06 on), or
 * a draft-04 boolean that needs its bound beside it (applied by
 * {@linkcode parseBound}; outside draft-04 it is warned about).
 *
 * @example
 * ```ts
 * import { parseExclusiveBound } from "./numeric_bounds.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const refused: string[] = [];
 * const reader = { dialect: "2020-12", explicit: true, issue: (_p: string, t: string) => void refused.push(t) } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * parseExclusiveBound(reader, emptyNode(0, ""), { key: "exclusiveMaximum", value: true, schema: {}, pointer: "/exclusiveMaximum", job });
 * strictEqual(refused[0].startsWith('boolean "exclusiveMaximum" at the root is draft-04'), true);
 * ```
 */
export function parseExclusiveBound(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, schema, job, pointer: kat } = site;
  const d = reader.dialect;
  const bound = key === "exclusiveMinimum" ? "minimum" : "maximum";
  if (d === "draft-04" || (typeof value === "boolean" && !reader.explicit)) {
    if (typeof value !== "boolean") {
      reader.issue(kat, `"${key}" at ${where(job.at)} must be a boolean in draft-04`);
    } else if (value && schema[bound] === undefined) {
      reader.issue(kat, `"${key}": true at ${where(job.at)} needs "${bound}" beside it (draft-04)`);
    } else if (d !== "draft-04") {
      reader.warn(
        "other-dialect",
        key,
        kat,
        `boolean "${key}" at ${where(job.at)} applied as draft-04 means it: ${
          value ? `"${bound}" is exclusive` : "nothing"
        }`,
      );
    }
    return;
  }
  if (typeof value === "boolean") {
    return reader.issue(
      kat,
      `boolean "${key}" at ${
        where(job.at)
      } is draft-04, not ${d} (the dialect "$schema" selects); write the bound as a number`,
    );
  }
  node[key === "exclusiveMinimum" ? "exclusiveMinimum" : "exclusiveMaximum"] = reader.number(
    value,
    key,
    job,
    kat,
  );
}

/**
 * Check: the first bound a number fails (`minimum`, `maximum`,
 * `exclusiveMinimum`, `exclusiveMaximum`, in that order), or null.
 *
 * @example
 * ```ts
 * import { boundFailure } from "./numeric_bounds.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.exclusiveMinimum = 0;
 * strictEqual(boundFailure(n, 0), "exclusiveMinimum");
 * strictEqual(boundFailure(n, NaN), "exclusiveMinimum");
 * ```
 */
export function boundFailure(n: Node, v: number): string | null {
  if (n.minimum !== undefined && !(v >= n.minimum)) return "minimum";
  if (n.maximum !== undefined && !(v <= n.maximum)) return "maximum";
  if (n.exclusiveMinimum !== undefined && !(v > n.exclusiveMinimum)) return "exclusiveMinimum";
  if (n.exclusiveMaximum !== undefined && !(v < n.exclusiveMaximum)) return "exclusiveMaximum";
  return null;
}

/**
 * Set by the compiled checks when a number of magnitude 2^50 or more passes
 * an `integer` judgement (`large`), or a number passes equal to a `minimum`
 * or `maximum` (`nearBound`): the compiled gate resets them before its
 * passing check and reads them after, so that it looks for numbers written
 * with more digits than their double holds only where one could turn the
 * judgement (`exact.ts`). Rounding to the nearest double is monotone, and a
 * bound's own decimal rounds to it: a number written past an inclusive bound
 * whose double passes reads as the bound itself, and one written at or past
 * an exclusive bound reads at or past it, which the check already refuses.
 *
 * @example
 * ```ts
 * import { compiledCheck, INTEGERS } from "../check.ts";
 * import { parseLanguage } from "../language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const check = compiledCheck(parseLanguage("[integer]"))!;
 * INTEGERS.large = false;
 * check([1, 2]);
 * strictEqual(INTEGERS.large, false);
 * check([2 ** 60]);
 * strictEqual(INTEGERS.large, true);
 * ```
 */
export const INTEGERS = { large: false, nearBound: false };

/**
 * 2^50: from here on a number written with a fraction may read as a whole double.
 *
 * @example
 * ```ts
 * import { LARGE_WHOLE } from "./numeric_bounds.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(LARGE_WHOLE, 2 ** 50);
 * ```
 */
export const LARGE_WHOLE = 2 ** 50;

/**
 * Records that a whole number of 2^50 or more passed an `integer`
 * judgement; answers true.
 *
 * @example
 * ```ts
 * import { INTEGERS, markLarge } from "./numeric_bounds.ts";
 * import { strictEqual } from "node:assert/strict";
 * INTEGERS.large = false;
 * strictEqual(markLarge(), true);
 * strictEqual(INTEGERS.large, true);
 * ```
 */
export function markLarge(): boolean {
  INTEGERS.large = true;
  return true;
}

/**
 * What a passing number of the node records in {@linkcode INTEGERS}: `large`
 * for a whole number of 2^50 or more where the node admits integers and not
 * every number, `nearBound` for a number equal to its `minimum` or
 * `maximum`. Answers true.
 *
 * @example
 * ```ts
 * import { INTEGERS, recordPassing } from "./numeric_bounds.ts";
 * import { emptyNode, T_INTEGER } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.types = T_INTEGER;
 * n.maximum = 5;
 * INTEGERS.nearBound = false;
 * recordPassing(n)(4);
 * strictEqual(INTEGERS.nearBound, false);
 * recordPassing(n)(5);
 * strictEqual(INTEGERS.nearBound, true);
 * ```
 */
export function recordPassing(n: Node): (v: number) => true {
  const integer = (n.types & T_INTEGER) !== 0 && (n.types & T_NUMBER) === 0;
  const lo = n.minimum, hi = n.maximum;
  return (v) => recordBound(v, integer, lo, hi);
}

/**
 * {@linkcode recordPassing}'s record, its node read: `large` when `integer`
 * and `v` is a whole number of 2^50 or more, `nearBound` when `v` equals
 * `lo` or `hi`. Answers true. The compiled check and the leaf test
 * (`leaf.ts`) both record through it.
 *
 * @example
 * ```ts
 * import { INTEGERS, recordBound } from "./numeric_bounds.ts";
 * import { strictEqual } from "node:assert/strict";
 * INTEGERS.nearBound = false;
 * strictEqual(recordBound(5, true, 1, 5), true);
 * strictEqual(INTEGERS.nearBound, true);
 * ```
 */
export function recordBound(
  v: number,
  integer: boolean,
  lo: number | undefined,
  hi: number | undefined,
): true {
  if (integer && (v >= LARGE_WHOLE || v <= -LARGE_WHOLE)) INTEGERS.large = true;
  if (v === lo || v === hi) INTEGERS.nearBound = true;
  return true;
}

/**
 * Whether a number is within bounds (any of them undefined: absent), and
 * whole when `integer`: the assertion of a bounded number, shared by the
 * compiled check ({@linkcode compileBoundedNumber}) and the leaf test.
 *
 * @example
 * ```ts
 * import { withinBounds } from "./numeric_bounds.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(withinBounds(5, true, 1, 5, undefined, undefined), true);
 * strictEqual(withinBounds(5, true, 1, undefined, undefined, 5), false); // exclusiveMaximum 5
 * strictEqual(withinBounds(2.5, true, 1, 5, undefined, undefined), false);
 * ```
 */
export function withinBounds(
  v: number,
  integer: boolean,
  lo: number | undefined,
  hi: number | undefined,
  xlo: number | undefined,
  xhi: number | undefined,
): boolean {
  return (!integer || Number.isInteger(v)) && (lo === undefined || v >= lo) &&
    (hi === undefined || v <= hi) && (xlo === undefined || v > xlo) &&
    (xhi === undefined || v < xhi);
}

/**
 * Whether a value is a whole number, recording one of 2^50 or more
 * ({@linkcode markLarge}): the compiled check of `type: integer` alone, and
 * its leaf test.
 *
 * @example
 * ```ts
 * import { isWholeNumber } from "./numeric_bounds.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(isWholeNumber(3), true);
 * strictEqual(isWholeNumber(3.5), false);
 * strictEqual(isWholeNumber("3"), false);
 * ```
 */
export function isWholeNumber(v: unknown): boolean {
  return typeof v === "number" && Number.isInteger(v) &&
    ((v < LARGE_WHOLE && v > -LARGE_WHOLE) || markLarge());
}

/**
 * Compiled check of a node typed `integer` or `number` (nothing else) with
 * its bounds and no `multipleOf`: one closure, the bounds read once; records
 * large whole numbers and numbers at a bound in {@linkcode INTEGERS}.
 *
 * @example
 * ```ts
 * import { compileBoundedNumber } from "./numeric_bounds.ts";
 * import { emptyNode, T_INTEGER } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.types = T_INTEGER;
 * n.minimum = 1;
 * n.maximum = 50;
 * const check = compileBoundedNumber(n);
 * strictEqual(check(10), true);
 * strictEqual(check(10.5), false);
 * strictEqual(check(51), false);
 * strictEqual(check("10"), false);
 * ```
 */
export function compileBoundedNumber(n: Node): Compiled {
  const integer = n.types === T_INTEGER;
  const lo = n.minimum, hi = n.maximum, xlo = n.exclusiveMinimum, xhi = n.exclusiveMaximum;
  return (v) =>
    typeof v === "number" && withinBounds(v, integer, lo, hi, xlo, xhi) &&
    recordBound(v, integer, lo, hi);
}

/**
 * Wraps a compiled check of the node's own keywords so that a passing
 * number records what `exact.ts` must know ({@linkcode INTEGERS}): a whole
 * number of 2^50 or more passed an `integer` judgement, or a number passed
 * equal to a `minimum` or `maximum` ({@linkcode recordPassing}). Answers the
 * check itself when neither can happen.
 *
 * @example
 * ```ts
 * import { flagNumbers, INTEGERS } from "./numeric_bounds.ts";
 * import { emptyNode, T_INTEGER, T_STRING } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.types = T_INTEGER | T_STRING;
 * const check = flagNumbers(n, (v) => typeof v === "string" || Number.isInteger(v));
 * INTEGERS.large = false;
 * strictEqual(check(2 ** 60), true);
 * strictEqual(INTEGERS.large, true);
 * ```
 */
export function flagNumbers(n: Node, check: Compiled): Compiled {
  const integer = (n.types & T_INTEGER) !== 0 && (n.types & T_NUMBER) === 0;
  if (!integer && n.minimum === undefined && n.maximum === undefined) return check;
  const record = recordPassing(n);
  return (v) => check(v) && (typeof v !== "number" || record(v));
}

/**
 * The module: parse, and the phrases of what a node requires (`at least
 * 1`, `greater than 0`, `at most 50`, `less than 10`); an issue's words are
 * the node's own.
 *
 * @example
 * ```ts
 * import { NUMERIC_BOUNDS } from "./numeric_bounds.ts";
 * import { emptyNode } from "../form.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.minimum = 1;
 * n.maximum = 5;
 * deepStrictEqual(NUMERIC_BOUNDS.requires?.(n, {} as never).map(([, w]) => w), ["at least 1", "at most 5"]);
 * ```
 */
export const NUMERIC_BOUNDS: KeywordModule = {
  name: "numeric_bounds",
  keywords: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
  parse: (reader, node, site) =>
    site.key === "minimum" || site.key === "maximum"
      ? parseBound(reader, node, site)
      : parseExclusiveBound(reader, node, site),
  requires: (n) => {
    const out: Phrase[] = [];
    if (n.minimum !== undefined) out.push([GROUP.number, `at least ${n.minimum}`]);
    if (n.exclusiveMinimum !== undefined) {
      out.push([GROUP.number, `greater than ${n.exclusiveMinimum}`]);
    }
    if (n.maximum !== undefined) out.push([GROUP.number, `at most ${n.maximum}`]);
    if (n.exclusiveMaximum !== undefined) {
      out.push([GROUP.number, `less than ${n.exclusiveMaximum}`]);
    }
    return out;
  },
};
