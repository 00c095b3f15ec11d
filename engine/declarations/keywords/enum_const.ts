/**
 * `enum` and `const`: the value is one of the listed values, equal in the
 * JSON Schema sense (`1` equals `1.0`, objects by members in any order).
 * Both compile to one set of canonical keys (`const` is a list of one;
 * both together, their intersection); a string is looked up as itself,
 * without building its key. Tests: `tests/keywords/enum_const_test.ts`.
 *
 * @example
 * ```ts
 * import { valuesAdmit } from "./enum_const.ts";
 * import { canonicalKey, emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.values = new Set([1, "a"].map(canonicalKey));
 * strictEqual(valuesAdmit(n, 1.0), true);
 * strictEqual(valuesAdmit(n, "b"), false);
 * ```
 *
 * @module
 */

import { canonicalKey, type Node } from "../form.ts";
import type { KeywordModule, KeywordSite, Say, SchemaReader } from "./keyword.ts";
import { where } from "./keyword.ts";

/**
 * Whether a value holds itself: an object graph with a cycle, which a
 * JavaScript host can build and JSON cannot hold (its canonical key would
 * never end). An explicit stack; an object met again on another path is
 * walked once.
 *
 * @example
 * ```ts
 * import { holdsItself } from "./enum_const.ts";
 * import { strictEqual } from "node:assert/strict";
 * const a: unknown[] = [];
 * a.push(a);
 * strictEqual(holdsItself(a), true);
 * const shared = { x: 1 };
 * strictEqual(holdsItself([shared, shared]), false);
 * ```
 */
export function holdsItself(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const open = new Set<object>(), done = new Set<object>();
  const stack: (object | Leave)[] = [value];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (top instanceof Leave) {
      open.delete(top.object);
      done.add(top.object);
      continue;
    }
    if (open.has(top)) return true;
    if (done.has(top)) continue;
    open.add(top);
    stack.push(new Leave(top));
    for (const member of Object.values(top)) {
      if (member !== null && typeof member === "object") stack.push(member);
    }
  }
  return false;
}

/** On {@linkcode holdsItself}'s stack: every member of `object` is walked. */
class Leave {
  constructor(readonly object: object) {}
}

/**
 * Sets a node's allowed values (intersecting with those already set: `enum`
 * beside `const`).
 *
 * @example
 * ```ts
 * import { allowValues } from "./enum_const.ts";
 * import { emptyNode } from "../form.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * allowValues(n, [1, 2, 3], false);
 * allowValues(n, [2], true);
 * deepStrictEqual(n.valueList, [2]);
 * strictEqual(n.isConst, true);
 * ```
 */
export function allowValues(node: Node, list: unknown[], isConst: boolean): void {
  const keys = new Set(list.map(canonicalKey));
  if (node.values !== undefined) {
    // enum and const together: the intersection.
    const both = new Set([...keys].filter((k) => node.values!.has(k)));
    node.values = both;
    node.valueList = (node.valueList ?? []).filter((v) => both.has(canonicalKey(v)));
  } else {
    node.values = keys;
    node.valueList = list;
  }
  node.isConst = isConst && node.values.size === 1;
}

/**
 * Parse `enum` (an array) and `const` (any value); a value that holds
 * itself is refused.
 *
 * @example
 * ```ts
 * import { parseValues } from "./enum_const.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const refused: string[] = [];
 * const reader = { issue: (_p: string, t: string) => void refused.push(t) } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * parseValues(reader, emptyNode(0, ""), { key: "enum", value: "a", schema: {}, pointer: "/enum", job });
 * strictEqual(refused[0], '"enum" at the root must be an array');
 * ```
 */
export function parseValues(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, pointer, job } = site;
  if (key === "enum" && !Array.isArray(value)) {
    return reader.issue(pointer, `"enum" at ${where(job.at)} must be an array`);
  }
  if (holdsItself(value)) return reader.issue(pointer, `"${key}" at ${where(job.at)} holds itself`);
  allowValues(node, key === "enum" ? value as unknown[] : [value], key === "const");
}

/**
 * Check: whether the value is one of the node's values (the node has some).
 *
 * @example
 * ```ts
 * import { allowValues, valuesAdmit } from "./enum_const.ts";
 * import { emptyNode, finishForm } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * allowValues(n, [{ a: [1] }, "x"], false);
 * const form = finishForm({ nodes: [n], root: 0, source: "jsonschema", text: "" });
 * strictEqual(valuesAdmit(form.nodes[0], { a: [1.0] }), true);
 * strictEqual(valuesAdmit(form.nodes[0], "x"), true);
 * ```
 */
export function valuesAdmit(n: Node, v: unknown): boolean {
  const strings = n.valueStrings;
  return typeof v === "string" && strings !== undefined
    ? strings.has(v)
    : n.values!.has(canonicalKey(v));
}

/**
 * The keyword a failing value is reported under: `const` when the node's
 * one value came from `const`, else `enum`.
 *
 * @example
 * ```ts
 * import { valuesKeyword } from "./enum_const.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(valuesKeyword(emptyNode(0, "")), "enum");
 * ```
 */
export function valuesKeyword(n: Node): "const" | "enum" {
  return n.isConst ? "const" : "enum";
}

/**
 * What a node with values requires, in words: `exactly "a"`, `one of 1, 2`
 * (`no value (none is allowed)` when there is none).
 *
 * @example
 * ```ts
 * import { describeValues } from "./enum_const.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.valueList = ["a", "b"];
 * const say = { literal: JSON.stringify, list: (v: readonly unknown[]) => v.map((x) => JSON.stringify(x)).join(", ") };
 * strictEqual(describeValues(n, say as never), 'one of "a", "b"');
 * ```
 */
export function describeValues(n: Node, say: Say): string {
  const values = n.valueList ?? [];
  // An empty `enum`, or `enum` and `const` with no value in common, admits nothing.
  if (values.length === 0) return "no value (none is allowed)";
  return values.length === 1 ? `exactly ${say.literal(values[0])}` : `one of ${say.list(values)}`;
}

/**
 * The module: parse; the node's words are its values
 * ({@linkcode describeValues}), an issue's words the node's own.
 *
 * @example
 * ```ts
 * import { ENUM_CONST } from "./enum_const.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(ENUM_CONST.keywords, ["enum", "const"]);
 * ```
 */
export const ENUM_CONST: KeywordModule = {
  name: "enum_const",
  keywords: ["enum", "const"],
  parse: parseValues,
};
