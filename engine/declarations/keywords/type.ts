/**
 * `type`: the value's JSON type is among those named (`integer` is a
 * number whose value is whole, `1.0` included). Types are a bit mask on
 * the node; `type` beside `type` (through `allOf` and the like) intersect.
 * Tests: `tests/keywords/type_test.ts`.
 *
 * @example
 * ```ts
 * import { typeAdmits } from "./type.ts";
 * import { emptyNode, T_INTEGER } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.types = T_INTEGER;
 * strictEqual(typeAdmits(n, 1.0), true);
 * strictEqual(typeAdmits(n, 1.5), false);
 * ```
 *
 * @module
 */

import {
  type Node,
  T_ARRAY,
  T_BOOLEAN,
  T_INTEGER,
  T_NULL,
  T_NUMBER,
  T_OBJECT,
  T_STRING,
  typeBits,
} from "../form.ts";
import type { KeywordModule, KeywordSite, SchemaReader } from "./keyword.ts";
import { where } from "./keyword.ts";

/** A type's name and its bits. */
const TYPE_BITS: Readonly<Record<string, number>> = {
  null: T_NULL,
  boolean: T_BOOLEAN,
  string: T_STRING,
  number: T_NUMBER | T_INTEGER,
  integer: T_INTEGER,
  object: T_OBJECT,
  array: T_ARRAY,
};

/**
 * Type bits, their words, and their name in the declaration language, in
 * the order both list them.
 *
 * @example
 * ```ts
 * import { TYPE_WORDS } from "./type.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(TYPE_WORDS[4][1], "an integer");
 * ```
 */
export const TYPE_WORDS: readonly (readonly [bits: number, words: string, name: string])[] = [
  [T_NULL, "null", "null"],
  [T_BOOLEAN, "a boolean", "boolean"],
  [T_STRING, "a string", "string"],
  [T_NUMBER | T_INTEGER, "a number", "number"],
  [T_INTEGER, "an integer", "integer"],
  [T_OBJECT, "an object", "object"],
  [T_ARRAY, "an array", "array"],
];

/**
 * The words for each admitted type (`integer` left out when `number` is admitted).
 *
 * @example
 * ```ts
 * import { typeWords } from "./type.ts";
 * import { T_INTEGER, T_NULL, T_NUMBER } from "../form.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(typeWords(T_NULL | T_NUMBER | T_INTEGER), ["null", "a number"]);
 * ```
 */
export function typeWords(types: number): string[] {
  const out: string[] = [];
  for (const [bits, words] of TYPE_WORDS) {
    if (bits === T_INTEGER && (types & T_NUMBER) !== 0) continue;
    if ((types & bits) === bits) out.push(words);
  }
  return out;
}

/**
 * Parse: a type name or an array of them; intersects the node's types.
 *
 * @example
 * ```ts
 * import { parseType } from "./type.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode, T_NULL, T_STRING } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const reader = {} as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * const node = emptyNode(0, "");
 * parseType(reader, node, { key: "type", value: ["string", "null"], schema: {}, pointer: "/type", job });
 * strictEqual(node.types, T_STRING | T_NULL);
 * ```
 */
export function parseType(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { value, pointer, job } = site;
  const list = Array.isArray(value) ? value : [value];
  let bits = 0;
  for (const t of list) {
    if (typeof t !== "string" || !Object.hasOwn(TYPE_BITS, t)) {
      return reader.issue(
        pointer,
        `"type" at ${
          where(job.at)
        } must be one of null, boolean, string, number, integer, object, array or an array of them, found ${
          JSON.stringify(value)
        }`,
      );
    }
    bits |= TYPE_BITS[t];
  }
  node.types &= bits;
  node.typed = true;
}

/**
 * Check: whether the value's type is admitted.
 *
 * @example
 * ```ts
 * import { typeAdmits } from "./type.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(typeAdmits(emptyNode(0, ""), null), true);
 * ```
 */
export function typeAdmits(n: Node, v: unknown): boolean {
  return (n.types & typeBits(v)) !== 0;
}

/**
 * The module: parse; the node's noun is its types' words
 * ({@linkcode typeWords}), an issue's words the node's own.
 *
 * @example
 * ```ts
 * import { TYPE } from "./type.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(TYPE.keywords[0], "type");
 * ```
 */
export const TYPE: KeywordModule = {
  name: "type",
  keywords: ["type"],
  parse: parseType,
};
