/**
 * `contains`, `minContains`, `maxContains`: at least `minContains`
 * (default 1) and at most `maxContains` items match the `contains` schema.
 * Each item is checked quietly; the report names how many matched. Tests:
 * `tests/keywords/contains_test.ts`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { matchesForm } from "../check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ contains: { const: 1 }, maxContains: 1 });
 * strictEqual(matchesForm(form, [1, 2]), true);
 * strictEqual(matchesForm(form, [1, 1]), false);
 * ```
 *
 * @module
 */

import { type Node, T_ARRAY, T_OBJECT, typeBits } from "../form.ts";
import {
  type Annot,
  ask,
  type CompileChild,
  type Compiled,
  type Eval,
  type Frame,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  recordIssue,
  type SchemaReader,
  type Sink,
  type Walk,
} from "./keyword.ts";

/**
 * Parse: `contains` a schema, `minContains`/`maxContains` non-negative
 * integers.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { throws } from "node:assert/strict";
 * throws(() => compileJsonSchema({ contains: {}, minContains: -1 }), /"minContains" at the root must be a non-negative integer/);
 * ```
 */
export function parseContains(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, job, pointer } = site;
  if (key === "contains") node.contains = reader.child(value, job, key);
  else if (key === "minContains") node.minContains = reader.count(value, key, job, pointer);
  else node.maxContains = reader.count(value, key, job, pointer);
}

/**
 * Compiled check (the value known to be an array): `undefined` without
 * `contains`, null when its schema cannot be compiled.
 *
 * @example
 * ```ts
 * import { compileContains } from "./contains.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.contains = 1;
 * n.minContains = 2;
 * const check = compileContains(n, () => (v) => v === 1)!;
 * strictEqual(check([1, 0, 1]), true);
 * strictEqual(check([1, 0]), false);
 * ```
 */
export function compileContains(n: Node, child: CompileChild): Compiled | null | undefined {
  if (n.contains === undefined) return undefined;
  const contains = child(n.contains);
  if (contains === null) return null;
  const minContains = n.minContains ?? 1;
  const maxContains = n.maxContains ?? Infinity;
  return (v) => {
    const arr = v as unknown[];
    let count = 0;
    for (let i = 0; i < arr.length; i++) if (contains(arr[i])) count++;
    return count >= minContains && count <= maxContains;
  };
}

/**
 * Report: counts the matching items (annotating them), and reports
 * `contains` (too few) or `maxContains` (too many) at the array, the count
 * as the detail.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ contains: { type: "string" }, minContains: 2 });
 * deepStrictEqual(checkForm(form, ["a", 1]).issues.map((i) => [i.keyword, i.detail]), [["contains", "1"]]);
 * ```
 */
export function* reportContains(
  walk: Walk,
  n: Node,
  arr: readonly unknown[],
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  const cn = walk.nodes[n.contains!];
  let count = 0;
  for (let i = 0; i < arr.length; i++) {
    const cv = arr[i];
    const good = cn.inline && (typeBits(cv) & (T_OBJECT | T_ARRAY)) === 0
      ? walk.leaf(cn, cv, null, undefined, null)
      : yield ask(cn, cv, null, null, null);
    if (good) {
      count++;
      if (annot !== null) (annot.itemSet ??= new Set()).add(i);
    }
  }
  const min = n.minContains ?? 1;
  const kw = count < min
    ? "contains"
    : n.maxContains !== undefined && count > n.maxContains
    ? "maxContains"
    : null;
  if (kw === null) return true;
  if (sink !== null) recordIssue(sink, frame, undefined, n, kw, arr, String(count));
  return false;
}

/**
 * The module: parse, and the words for a failing array (`an array with at
 * least 2 items that are a string`; found: `an array with 1 such item`).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { describeIssue } from "../describe.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ contains: { type: "string" } });
 * const [issue] = checkForm(form, [1]).issues;
 * strictEqual(describeIssue(form, issue).expected, "an array with at least 1 item that is a string");
 * ```
 */
export const CONTAINS: KeywordModule = {
  name: "contains",
  keywords: ["contains", "minContains", "maxContains"],
  parse: parseContains,
  words: (form, issue, say) => {
    const n = issue.node;
    const c = form.nodes[n.contains!];
    const min = n.minContains ?? 1, max = n.maxContains;
    const range = max === undefined
      ? `at least ${min}`
      : min === max
      ? `exactly ${min}`
      : `${min} to ${max}`;
    const one = min === 1 && (max === undefined || max === 1);
    return {
      expected: `an array with ${range} ${one ? "item that is" : "items that are"} ${
        say.node(form, c)
      }`,
      found: `an array with ${say.plural(Number(issue.detail), "such item")}`,
    };
  },
};

/**
 * The checker's step for `contains`.
 *
 * @example
 * ```ts
 * import { CONTAINS_STEP } from "./contains.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(CONTAINS_STEP.present(emptyNode(0, ""), false), false);
 * ```
 */
export const CONTAINS_STEP: KeywordStep = {
  keyword: "contains",
  present: (n) => n.contains !== undefined,
  report: (walk, n, v, frame, sink, annot) =>
    reportContains(walk, n, v as unknown[], frame, sink, annot),
  compile: compileContains,
};
