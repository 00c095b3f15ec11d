/**
 * `minItems`, `maxItems`: how many items an array holds. Tests:
 * `tests/keywords/array_length_test.ts`.
 *
 * @example
 * ```ts
 * import { itemCountFailure } from "./array_length.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.maxItems = 2;
 * strictEqual(itemCountFailure(n, 3), "maxItems");
 * ```
 *
 * @module
 */

import type { Node } from "../form.ts";
import {
  type Compiled,
  type Frame,
  GROUP,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  type Phrase,
  plural,
  recordIssue,
  type SchemaReader,
  type Sink,
} from "./keyword.ts";

/**
 * Parse: a non-negative integer.
 *
 * @example
 * ```ts
 * import { parseItemCount } from "./array_length.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const reader = { count: (v: unknown) => v as number } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * const node = emptyNode(0, "");
 * parseItemCount(reader, node, { key: "minItems", value: 1, schema: {}, pointer: "/minItems", job });
 * strictEqual(node.minItems, 1);
 * ```
 */
export function parseItemCount(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const n = reader.count(site.value, site.key, site.job, site.pointer);
  if (site.key === "minItems") node.minItems = n;
  else node.maxItems = n;
}

/**
 * Check and report: the count keyword an array of `length` items fails
 * (`minItems` first), or null.
 *
 * @example
 * ```ts
 * import { itemCountFailure } from "./array_length.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.minItems = 1;
 * strictEqual(itemCountFailure(n, 0), "minItems");
 * strictEqual(itemCountFailure(n, 1), null);
 * ```
 */
export function itemCountFailure(n: Node, length: number): "minItems" | "maxItems" | null {
  if (n.minItems !== undefined && length < n.minItems) return "minItems";
  if (n.maxItems !== undefined && length > n.maxItems) return "maxItems";
  return null;
}

/**
 * The module: parse, and the phrases `with at least 1 item`, `with at most
 * 3 items`; an issue's words are the node's own.
 *
 * @example
 * ```ts
 * import { ARRAY_LENGTH } from "./array_length.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.maxItems = 1;
 * strictEqual(ARRAY_LENGTH.requires?.(n, {} as never)[0][1], "with at most 1 item");
 * ```
 */
export const ARRAY_LENGTH: KeywordModule = {
  name: "array_length",
  keywords: ["minItems", "maxItems"],
  parse: parseItemCount,
  requires: (n) => {
    const out: Phrase[] = [];
    if (n.minItems !== undefined) {
      out.push([GROUP.array, `with at least ${plural(n.minItems, "item")}`]);
    }
    if (n.maxItems !== undefined) {
      out.push([GROUP.array, `with at most ${plural(n.maxItems, "item")}`]);
    }
    return out;
  },
};

/**
 * Compiled check (the value known to be an array): `undefined` without
 * either bound.
 *
 * @example
 * ```ts
 * import { compileItemCount } from "./array_length.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.maxItems = 1;
 * strictEqual(compileItemCount(n)?.([1, 2]), false);
 * strictEqual(compileItemCount(emptyNode(0, "")), undefined);
 * ```
 */
export function compileItemCount(n: Node): Compiled | undefined {
  if (n.minItems === undefined && n.maxItems === undefined) return undefined;
  const min = n.minItems ?? 0, max = n.maxItems ?? Infinity;
  return (v) => {
    const len = (v as unknown[]).length;
    return len >= min && len <= max;
  };
}

/**
 * Report: records the count keyword an array fails, at the array.
 *
 * @example
 * ```ts
 * import { reportItemCount } from "./array_length.ts";
 * import { newSink } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.minItems = 1;
 * const sink = newSink(10);
 * strictEqual(reportItemCount(n, [], null, sink), false);
 * strictEqual(sink.issues[0].keyword, "minItems");
 * ```
 */
export function reportItemCount(
  n: Node,
  arr: readonly unknown[],
  frame: Frame | null,
  sink: Sink | null,
): boolean {
  const kw = itemCountFailure(n, arr.length);
  if (kw === null) return true;
  if (sink !== null) recordIssue(sink, frame, undefined, n, kw, arr);
  return false;
}

/**
 * The checker's step for the item counts.
 *
 * @example
 * ```ts
 * import { ARRAY_LENGTH_STEP } from "./array_length.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.maxItems = 1;
 * strictEqual(ARRAY_LENGTH_STEP.compile?.(n, () => null)?.([1, 2]), false);
 * ```
 */
export const ARRAY_LENGTH_STEP: KeywordStep = {
  keyword: "minItems",
  present: (n) => n.minItems !== undefined || n.maxItems !== undefined,
  check: (n, v, frame, sink) => reportItemCount(n, v as unknown[], frame, sink),
  compile: compileItemCount,
};
