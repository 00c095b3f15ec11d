/**
 * `unevaluatedProperties`, `unevaluatedItems`: members and items no other
 * keyword evaluated (here or in a passing in-place subschema) must match a
 * schema. A form using them collects annotations as it walks, so it is
 * never compiled into closures: these keywords have a report step only.
 * Tests: `tests/keywords/unevaluated_test.ts`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { matchesForm } from "../check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ allOf: [{ properties: { a: {} } }], unevaluatedProperties: false });
 * strictEqual(matchesForm(form, { a: 1 }), true);
 * strictEqual(matchesForm(form, { a: 1, b: 2 }), false);
 * ```
 *
 * @module
 */

import type { Node } from "../form.ts";
import {
  type Annot,
  ask,
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
import { onlyNamedWords } from "./properties.ts";

/**
 * Parse: a schema each.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(compileJsonSchema({ unevaluatedItems: false }).annotations, true);
 * ```
 */
export function parseUnevaluated(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const id = reader.child(site.value, site.job, site.key);
  if (site.key === "unevaluatedItems") node.unevaluatedItems = id;
  else node.unevaluatedProperties = id;
}

/**
 * Report `unevaluatedProperties`: each own member not annotated checked
 * against the schema at its pointer (refused by `false`, its name the
 * detail); then every member counts as evaluated.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ properties: { a: {} }, unevaluatedProperties: false });
 * deepStrictEqual(checkForm(form, { a: 1, b: 2 }).issues.map((i) => [i.pointer, i.keyword]), [["/b", "unevaluatedProperties"]]);
 * ```
 */
export function* reportUnevaluatedProperties(
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  if (v === null || typeof v !== "object" || Array.isArray(v) || annot!.allProps) return true;
  const un = walk.nodes[n.unevaluatedProperties!];
  const obj = v as Record<string, unknown>;
  let ok = true;
  for (const name in obj) {
    if (!Object.hasOwn(obj, name) || annot!.props?.has(name)) continue;
    if (un.never) {
      if (sink === null) return false;
      ok = false;
      recordIssue(sink, frame, name, n, "unevaluatedProperties", obj[name], name);
      continue;
    }
    const good = yield ask(un, obj[name], { parent: frame, key: name }, sink, null);
    if (!good) {
      if (sink === null) return false;
      ok = false;
    }
  }
  annot!.allProps = true;
  return ok;
}

/**
 * Report `unevaluatedItems`: each item past those evaluated checked
 * against the schema at its pointer; then every item counts as evaluated.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ prefixItems: [{}], unevaluatedItems: false });
 * deepStrictEqual(checkForm(form, [1, 2]).issues.map((i) => [i.pointer, i.keyword]), [["/1", "unevaluatedItems"]]);
 * ```
 */
export function* reportUnevaluatedItems(
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  if (!Array.isArray(v) || annot!.allItems) return true;
  const un = walk.nodes[n.unevaluatedItems!];
  let ok = true;
  for (let i = annot!.items; i < v.length; i++) {
    if (annot!.itemSet?.has(i)) continue;
    if (un.never) {
      if (sink === null) return false;
      ok = false;
      recordIssue(sink, frame, i, n, "unevaluatedItems", v[i]);
      continue;
    }
    const good = yield ask(un, v[i], { parent: frame, key: i }, sink, null);
    if (!good) {
      if (sink === null) return false;
      ok = false;
    }
  }
  annot!.allItems = true;
  return ok;
}

/**
 * The report walk's steps, in order (after every other in-place keyword).
 *
 * @example
 * ```ts
 * import { UNEVALUATED_STEPS } from "./unevaluated.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(UNEVALUATED_STEPS.length, 2);
 * ```
 */
export const UNEVALUATED_STEPS: readonly KeywordStep[] = [
  {
    keyword: "unevaluatedProperties",
    present: (n) => n.unevaluatedProperties !== undefined,
    report: reportUnevaluatedProperties,
  },
  {
    keyword: "unevaluatedItems",
    present: (n) => n.unevaluatedItems !== undefined,
    report: reportUnevaluatedItems,
  },
];

/**
 * The module: parse, and the words for a member or item left over.
 *
 * @example
 * ```ts
 * import { UNEVALUATED } from "./unevaluated.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(UNEVALUATED.keywords, ["unevaluatedProperties", "unevaluatedItems"]);
 * ```
 */
export const UNEVALUATED: KeywordModule = {
  name: "unevaluated",
  keywords: ["unevaluatedProperties", "unevaluatedItems"],
  parse: parseUnevaluated,
  words: (_form, issue, say) => ({
    expected: issue.keyword === "unevaluatedItems"
      ? "absent (the array admits no more items)"
      : onlyNamedWords(issue.node, say),
  }),
};
