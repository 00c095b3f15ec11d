/**
 * `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: a number's
 * bounds. In draft-04 (and in a schema naming no dialect) a boolean
 * `exclusiveMinimum`/`exclusiveMaximum` makes `minimum`/`maximum`
 * exclusive; from draft-06 on they are bounds of their own. A number
 * within a few units in the last place of a bound is flagged
 * ({@linkcode INTEGERS}): its written digits may lie past the bound, and
 * the gate then judges the number as written (`exact.ts`). Tests:
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
  const exclusive = key === "minimum" ? schema.exclusiveMinimum : schema.exclusiveMaximum;
  if ((reader.dialect === "draft-04" || !reader.explicit) && exclusive === true) {
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
 * Whether the node has a bound.
 *
 * @example
 * ```ts
 * import { hasBound } from "./numeric_bounds.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(hasBound(emptyNode(0, "")), false);
 * ```
 */
export function hasBound(n: Node): boolean {
  return n.minimum !== undefined || n.maximum !== undefined || n.exclusiveMinimum !== undefined ||
    n.exclusiveMaximum !== undefined;
}

/**
 * Set by the compiled checks when a number of magnitude 2^50 or more passes
 * an `integer` judgement (`large`), or a number passes within four units in
 * the last place of a bound (`nearBound`): the compiled gate resets them
 * before its passing check and reads them after, so that it looks for
 * numbers written with more digits than their double holds only where one
 * could turn the judgement (`exact.ts`).
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

/** Records that a number passed near a bound; answers true. */
function markNear(): boolean {
  INTEGERS.nearBound = true;
  return true;
}

/**
 * Whether a number lies within four units in the last place of one of the
 * node's bounds.
 *
 * @example
 * ```ts
 * import { nearBound } from "./numeric_bounds.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.maximum = 1;
 * strictEqual(nearBound(n)(1 + 2 ** -52), true);
 * strictEqual(nearBound(n)(0.5), false);
 * ```
 */
export function nearBound(n: Node): (v: number) => boolean {
  const edges: number[] = [];
  for (const b of [n.minimum, n.maximum, n.exclusiveMinimum, n.exclusiveMaximum]) {
    if (b === undefined) continue;
    const d = 4 * Math.max(Number.MIN_VALUE, Math.abs(b) * 2 ** -52);
    edges.push(b - d, b + d);
  }
  if (edges.length === 0) return () => false;
  return (v) => {
    for (let k = 0; k < edges.length; k += 2) if (v >= edges[k] && v <= edges[k + 1]) return true;
    return false;
  };
}

/**
 * Compiled check of a node typed `integer` or `number` (nothing else) with
 * its bounds and no `multipleOf`: one closure, the bounds read once; flags
 * large whole numbers and numbers near a bound in {@linkcode INTEGERS}.
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
  const near = nearBound(n);
  const bounded = hasBound(n);
  return (v) =>
    typeof v === "number" && (!integer || Number.isInteger(v)) &&
    (lo === undefined || v >= lo) && (hi === undefined || v <= hi) &&
    (xlo === undefined || v > xlo) && (xhi === undefined || v < xhi) &&
    (!integer || (v < LARGE_WHOLE && v > -LARGE_WHOLE) || markLarge()) &&
    (!bounded || !near(v) || markNear());
}

/**
 * Wraps a compiled check of the node's own keywords so that a passing
 * number records what `exact.ts` must know ({@linkcode INTEGERS}): a whole
 * number of 2^50 or more passed an `integer` judgement, or a number passed
 * near a bound. Answers the check itself when neither can happen.
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
  const types = n.types;
  const integer = (types & T_INTEGER) !== 0 && (types & T_NUMBER) === 0;
  if (!integer && !hasBound(n)) return check;
  const near = nearBound(n);
  return (v) => {
    if (!check(v)) return false;
    if (typeof v === "number") {
      if (integer && (v >= LARGE_WHOLE || v <= -LARGE_WHOLE)) INTEGERS.large = true;
      if (near(v)) INTEGERS.nearBound = true;
    }
    return true;
  };
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
