/**
 * `multipleOf`: the number divided by it is an integer, judged on the
 * exact decimal values the numbers print as (`0.0075` is a multiple of
 * `0.0001`, though the doubles' quotient is not whole). Tests:
 * `tests/keywords/multiple_of_test.ts`.
 *
 * @example
 * ```ts
 * import { isMultipleOf } from "./multiple_of.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(isMultipleOf(0.3, 0.1), true);
 * ```
 *
 * @module
 */

import type { Node } from "../form.ts";
import {
  GROUP,
  type KeywordModule,
  type KeywordSite,
  type SchemaReader,
  where,
} from "./keyword.ts";

/**
 * Parse: a finite number greater than 0.
 *
 * @example
 * ```ts
 * import { parseMultipleOf } from "./multiple_of.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const refused: string[] = [];
 * const reader = { number: (v: unknown) => v as number, issue: (_p: string, t: string) => void refused.push(t) } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * parseMultipleOf(reader, emptyNode(0, ""), { key: "multipleOf", value: 0, schema: {}, pointer: "/multipleOf", job });
 * strictEqual(refused[0], '"multipleOf" at the root must be greater than 0');
 * ```
 */
export function parseMultipleOf(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const n = reader.number(site.value, site.key, site.job, site.pointer);
  if (n !== undefined && n <= 0) {
    return reader.issue(
      site.pointer,
      `"multipleOf" at ${where(site.job.at)} must be greater than 0`,
    );
  }
  node.multipleOf = n;
}

/** A number as an exact decimal: digits × 10^exponent. */
function decimal(x: number): [bigint, number] {
  const s = String(Math.abs(x));
  const e = s.indexOf("e");
  const mantissa = e === -1 ? s : s.slice(0, e);
  let exponent = e === -1 ? 0 : Number(s.slice(e + 1));
  const dot = mantissa.indexOf(".");
  let digits = mantissa;
  if (dot !== -1) {
    digits = mantissa.slice(0, dot) + mantissa.slice(dot + 1);
    exponent -= mantissa.length - dot - 1;
  }
  return [BigInt(digits), exponent];
}

/**
 * Check: whether `value / divisor` is an integer, on the exact decimal
 * values the numbers print as (`0.0075` is a multiple of `0.0001`).
 *
 * @example
 * ```ts
 * import { isMultipleOf } from "./multiple_of.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(isMultipleOf(0.0075, 0.0001), true);
 * strictEqual(isMultipleOf(1e308, 0.5), true);
 * strictEqual(isMultipleOf(7, 2), false);
 * ```
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return value % divisor === 0;
  const [a, ea] = decimal(value);
  const [b, eb] = decimal(divisor);
  if (ea >= eb) return (a * 10n ** BigInt(ea - eb)) % b === 0n;
  return a % (b * 10n ** BigInt(eb - ea)) === 0n;
}

/**
 * The module: parse, and the phrase `divisible by 0.5`; an issue's words
 * are the node's own.
 *
 * @example
 * ```ts
 * import { MULTIPLE_OF } from "./multiple_of.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.multipleOf = 0.5;
 * strictEqual(MULTIPLE_OF.requires?.(n, {} as never)[0][1], "divisible by 0.5");
 * ```
 */
export const MULTIPLE_OF: KeywordModule = {
  name: "multiple_of",
  keywords: ["multipleOf"],
  parse: parseMultipleOf,
  requires: (n) =>
    n.multipleOf === undefined ? [] : [[GROUP.number, `divisible by ${n.multipleOf}`]],
};
