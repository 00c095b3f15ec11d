/**
 * `prefixItems`, `items`, and the older spellings: `items` as an array (the
 * tuple form of 2019-09 and older) with `additionalItems` for the rest.
 * Both compile to the node's `prefixItems` (tuple positions) and `items`
 * (every item after them). Tests: `tests/keywords/items_test.ts`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ prefixItems: [{ type: "string" }], items: { type: "integer" } });
 * strictEqual(form.nodes[0].prefixItems?.length, 1);
 * strictEqual(form.nodes[0].items, 2);
 * ```
 *
 * @module
 */

import { type Node, T_ARRAY, T_OBJECT, typeBits } from "../form.ts";
import {
  type Annot,
  ask,
  checksItsType,
  type CompileChild,
  type Compiled,
  type Eval,
  type Frame,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  type SchemaReader,
  type Sink,
  type Walk,
  where,
} from "./keyword.ts";
import { leafTestOf, passesLeafTest } from "./leaf.ts";

/**
 * Parse `items`, `prefixItems` and `additionalItems` (read beside an
 * array `items`; alone it asserts nothing, its schema still compiled for
 * references).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { throws } from "node:assert/strict";
 * throws(() => compileJsonSchema({ prefixItems: {} }), /"prefixItems" at the root must be a non-empty array of schemas/);
 * ```
 */
export function parseItems(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, schema, job, pointer: kat } = site;
  if (key === "prefixItems") {
    node.prefixItems = reader.schemaList(value, job, key, kat);
    return;
  }
  if (key === "additionalItems") {
    // Meaningful only beside an array `items`, which compiles it.
    if (!Array.isArray(schema.items)) reader.child(value, job, "additionalItems");
    return;
  }
  if (Array.isArray(value) && reader.dialect === "2020-12") {
    if (reader.explicit) {
      return reader.issue(
        kat,
        `"items" at ${
          where(job.at)
        } is an array: the tuple form of 2019-09 and older, not of 2020-12 (the dialect "$schema" selects); write "prefixItems"`,
      );
    }
    reader.warn(
      "other-dialect",
      key,
      kat,
      `"items" at ${
        where(job.at)
      } is an array: applied as the tuple form of 2019-09 and older ("additionalItems" for the rest)`,
    );
  }
  if (Array.isArray(value)) {
    node.prefixItems = reader.schemaList(value, job, key, kat, false);
    if (schema.additionalItems !== undefined) {
      node.items = reader.child(schema.additionalItems, job, "additionalItems");
    }
    return;
  }
  node.items = reader.child(value, job, "items");
}

/**
 * Compiled check of an array's items (the value known to be an array):
 * `undefined` when the node has neither keyword, null when a child cannot
 * be compiled.
 *
 * @example
 * ```ts
 * import { compileItems } from "./items.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.items = 1;
 * const check = compileItems(n, () => (v) => typeof v === "number")!;
 * strictEqual(check([1, 2]), true);
 * strictEqual(check([1, "2"]), false);
 * ```
 */
export function compileItems(n: Node, child: CompileChild): Compiled | null | undefined {
  if (n.items === undefined && n.prefixItems === undefined) return undefined;
  const items = n.items === undefined ? undefined : child(n.items);
  const prefix: Compiled[] = [];
  for (const id of n.prefixItems ?? []) {
    const c = child(id);
    if (c === null) return null;
    prefix.push(c);
  }
  if (items === null) return null;
  // The two common shapes test that the value is an array themselves: an array node of that
  // type alone calls them alone (`checksItsType`).
  const test = leafTestOf(items);
  if (prefix.length === 0 && test !== undefined) {
    // Items whose check is a leaf test are tested inline (`leaf.ts`), without a call each.
    return checksItsType((v) => {
      if (!Array.isArray(v)) return false;
      for (let i = 0; i < v.length; i++) if (!passesLeafTest(test, v[i])) return false;
      return true;
    });
  }
  if (prefix.length === 0 && items !== undefined) {
    return checksItsType((v) => {
      if (!Array.isArray(v)) return false;
      for (let i = 0; i < v.length; i++) if (!items(v[i])) return false;
      return true;
    });
  }
  return (v) => {
    const arr = v as unknown[];
    const start = Math.min(arr.length, prefix.length);
    for (let i = 0; i < start; i++) if (!prefix[i](arr[i])) return false;
    if (items !== undefined) {
      for (let i = start; i < arr.length; i++) if (!items(arr[i])) return false;
    }
    return true;
  };
}

/**
 * Report: checks each item against its tuple position or `items`,
 * reporting at the item's pointer; annotates which items were evaluated.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ prefixItems: [{ type: "string" }], items: { type: "integer" } });
 * deepStrictEqual(checkForm(form, [1, 2, "x"]).issues.map((i) => i.pointer), ["/0", "/2"]);
 * ```
 */
export function* reportItems(
  walk: Walk,
  n: Node,
  arr: readonly unknown[],
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  const nodes = walk.nodes;
  const len = arr.length;
  let ok = true;
  let start = 0;
  if (n.prefixItems !== undefined) {
    const end = Math.min(len, n.prefixItems.length);
    for (let i = 0; i < end; i++) {
      const cn = nodes[n.prefixItems[i]];
      const cv = arr[i];
      const good = cn.inline && (typeBits(cv) & (T_OBJECT | T_ARRAY)) === 0
        ? walk.leaf(cn, cv, frame, i, sink)
        : yield ask(cn, cv, { parent: frame, key: i }, sink, null);
      if (!good) {
        if (sink === null) return false;
        ok = false;
      }
    }
    start = end;
    if (annot !== null && end > annot.items) annot.items = end;
  }
  if (n.items !== undefined) {
    const cn = nodes[n.items];
    for (let i = start; i < len; i++) {
      const cv = arr[i];
      const good = cn.inline && (typeBits(cv) & (T_OBJECT | T_ARRAY)) === 0
        ? walk.leaf(cn, cv, frame, i, sink)
        : yield ask(cn, cv, { parent: frame, key: i }, sink, null);
      if (!good) {
        if (sink === null) return false;
        ok = false;
      }
    }
    if (annot !== null) annot.allItems = true;
  }
  return ok;
}

/**
 * The module: parse; an item's issues are its own node's, at its pointer.
 *
 * @example
 * ```ts
 * import { ITEMS } from "./items.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(ITEMS.keywords, ["items", "prefixItems", "additionalItems"]);
 * ```
 */
export const ITEMS: KeywordModule = {
  name: "items",
  keywords: ["items", "prefixItems", "additionalItems"],
  parse: parseItems,
};

/**
 * The checker's step for `prefixItems`/`items`.
 *
 * @example
 * ```ts
 * import { ITEMS_STEP } from "./items.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(ITEMS_STEP.present(emptyNode(0, ""), false), false);
 * ```
 */
export const ITEMS_STEP: KeywordStep = {
  keyword: "items",
  present: (n) => n.prefixItems !== undefined || n.items !== undefined,
  report: (walk, n, v, frame, sink, annot) =>
    reportItems(walk, n, v as unknown[], frame, sink, annot),
  compile: compileItems,
};
