/**
 * `uniqueItems`: no two items of an array are equal, in the JSON Schema
 * sense (`1` equals `1.0`, objects by their members in any order). Each
 * item's canonical key is hashed once, so the check is linear in the
 * array's size. Tests: `tests/keywords/unique_items_test.ts`.
 *
 * @example
 * ```ts
 * import { allDistinct, UNIQUE_ITEMS } from "./unique_items.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(allDistinct([1, "1", [1]]), true);
 * strictEqual(allDistinct([{ a: 1, b: 2 }, { b: 2, a: 1.0 }]), false);
 * strictEqual(UNIQUE_ITEMS.keywords[0], "uniqueItems");
 * ```
 *
 * @module
 */

import { canonicalKey, type Node } from "../form.ts";
import {
  type Compiled,
  type Frame,
  GROUP,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  recordIssue,
  type SchemaReader,
  type Sink,
  where,
} from "./keyword.ts";

/**
 * Parse: `uniqueItems` must be a boolean; `true` sets the node's flag.
 *
 * @example
 * ```ts
 * import { parseUniqueItems } from "./unique_items.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const refused: string[] = [];
 * const reader = { issue: (_p: string, t: string) => void refused.push(t) } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * const node = emptyNode(0, "");
 * parseUniqueItems(reader, node, { key: "uniqueItems", value: true, schema: {}, pointer: "/uniqueItems", job });
 * strictEqual(node.uniqueItems, true);
 * parseUniqueItems(reader, node, { key: "uniqueItems", value: 1, schema: {}, pointer: "/uniqueItems", job });
 * strictEqual(refused[0], '"uniqueItems" at the root must be a boolean');
 * ```
 */
export function parseUniqueItems(reader: SchemaReader, node: Node, site: KeywordSite): void {
  if (typeof site.value !== "boolean") {
    return reader.issue(site.pointer, `"uniqueItems" at ${where(site.job.at)} must be a boolean`);
  }
  if (site.value) node.uniqueItems = true;
}

/**
 * Check (the compiled closures and the quiet walk): whether no two items
 * are equal.
 *
 * @example
 * ```ts
 * import { allDistinct } from "./unique_items.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(allDistinct([0, -0]), false);
 * strictEqual(allDistinct([null, false, 0, ""]), true);
 * ```
 */
export function allDistinct(arr: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (let i = 0; i < arr.length; i++) {
    const key = canonicalKey(arr[i]);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/**
 * The first two equal items, as `"i and j"` (`j` the first item equal to
 * an earlier one), or null when every item is distinct.
 *
 * @example
 * ```ts
 * import { firstDuplicate } from "./unique_items.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(firstDuplicate(["a", "b", "a", "b"]), "0 and 2");
 * strictEqual(firstDuplicate([1, 2]), null);
 * ```
 */
export function firstDuplicate(arr: readonly unknown[]): string | null {
  const seen = new Map<string, number>();
  for (let i = 0; i < arr.length; i++) {
    const key = canonicalKey(arr[i]);
    const before = seen.get(key);
    if (before !== undefined) return `${before} and ${i}`;
    seen.set(key, i);
  }
  return null;
}

/**
 * Report: records the first two equal items (the issue's detail) at the
 * array; answers whether the array passes.
 *
 * @example
 * ```ts
 * import { reportUniqueItems } from "./unique_items.ts";
 * import { newSink } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const sink = newSink(10);
 * strictEqual(reportUniqueItems(emptyNode(0, ""), [1, 2, 1.0], { parent: null, key: "tags" }, sink), false);
 * strictEqual(sink.issues[0].pointer, "/tags");
 * strictEqual(sink.issues[0].detail, "0 and 2");
 * ```
 */
export function reportUniqueItems(
  n: Node,
  arr: readonly unknown[],
  frame: Frame | null,
  sink: Sink | null,
): boolean {
  if (sink === null) return allDistinct(arr);
  const pair = firstDuplicate(arr);
  if (pair === null) return true;
  recordIssue(sink, frame, undefined, n, "uniqueItems", arr, pair);
  return false;
}

/**
 * The keyword module: parse, the phrase of what a node requires, the
 * words for a failing array.
 *
 * @example
 * ```ts
 * import { UNIQUE_ITEMS } from "./unique_items.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.uniqueItems = true;
 * strictEqual(UNIQUE_ITEMS.requires?.(n, {} as never)[0][1], "without duplicate items");
 * ```
 */
export const UNIQUE_ITEMS: KeywordModule = {
  name: "unique_items",
  keywords: ["uniqueItems"],
  parse: parseUniqueItems,
  requires: (n) => n.uniqueItems ? [[GROUP.array, "without duplicate items"]] : [],
  words: (_form, issue) => ({ found: `an array whose items ${issue.detail} are equal` }),
};

/**
 * The checker's step for `uniqueItems`.
 *
 * @example
 * ```ts
 * import { UNIQUE_ITEMS_STEP } from "./unique_items.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.uniqueItems = true;
 * strictEqual(UNIQUE_ITEMS_STEP.compile?.(n, () => null)?.([1, 1]), false);
 * ```
 */
export const UNIQUE_ITEMS_STEP: KeywordStep = {
  keyword: "uniqueItems",
  present: (n) => n.uniqueItems === true,
  check: (n, v, frame, sink) => reportUniqueItems(n, v as unknown[], frame, sink),
  compile: (n) => n.uniqueItems === true ? allDistinct as Compiled : undefined,
};
