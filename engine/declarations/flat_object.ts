/**
 * Flat closed objects: the declarations whose passing check tells the gate
 * everything the fast path's walk of a clean value would (`walkValue` of
 * `engine/fast_path.ts`), so a compiled gate can skip that walk.
 *
 * A declaration is a flat object ({@linkcode flatObject} answers its facts,
 * else null) when its root is a node of type `object` alone that closes
 * its members (`additionalProperties: false`) and declares each one as a
 * scalar or an array of scalars, where every number a scalar admits is an
 * integer between bounds inside ±(2^53 − 1). Every node is read by a list of
 * the fields it may carry (anything else, an applicator or a keyword added
 * later, makes the answer null). Then any value the declaration admits:
 *
 * - is one object holding only declared keys (no `__proto__`, which is never
 *   declared here; no two that collide under `keyCollisions` of
 *   `engine/hazards.ts`, since no two declared names do), nested two deep at
 *   most (the object, an array);
 * - holds numbers only where an integer with such bounds is declared: each
 *   is whole and within ±(2^53 − 1), and none is a fraction;
 * - holds a 0 only where such a range holds 0 ({@linkcode FlatObject.mayHoldZero}).
 *
 * The key count is what the check's own reading of the members counted
 * (`MEMBERS` of `keywords/properties.ts`): the gate reads it after the check
 * passed, and the fast path compares it with the colons of the text as it
 * compares the walk's. `tests/flat_object_test.ts` holds the
 * table of declarations; `tests/gate_clean_test.ts` holds the gate's answers
 * with the walk skipped to `gateScan` of the scanner's result.
 *
 * @example
 * ```ts
 * import { flatObject } from "./flat_object.ts";
 * import { compileDeclaration } from "./compile.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const closed = compileDeclaration({
 *   schemaJson: {
 *     type: "object",
 *     properties: { query: { type: "string" }, limit: { type: "integer", minimum: 1, maximum: 50 } },
 *     additionalProperties: false,
 *   },
 * })!;
 * deepStrictEqual(flatObject(closed), { nesting: 2, mayHoldZero: false });
 * strictEqual(flatObject(compileDeclaration({ schema: "{query:string}" })!), null); // open: other members unread
 * ```
 *
 * @module
 */

import type { VouchedFacts } from "../fast_path.ts";
import { keyCollisions } from "../hazards.ts";
import { type Form, type Node, T_ARRAY, T_INTEGER, T_NUMBER, T_OBJECT } from "./form.ts";

/**
 * What a flat object's passing check leaves for the gate to know about the
 * value, besides its key count: the facts `scanCleanKeyed` of
 * `engine/fast_path.ts` takes in place of its walk (`nesting` is
 * {@linkcode FLAT_NESTING}; `mayHoldZero` whether some declared integer
 * range holds 0, so that a value may hold a 0 or a `-0`, which the fast
 * path must take for a possible underflow).
 *
 * @example
 * ```ts
 * import type { FlatObject } from "./flat_object.ts";
 * import { strictEqual } from "node:assert/strict";
 * const facts: FlatObject = { nesting: 2, mayHoldZero: true };
 * strictEqual(facts.mayHoldZero, true);
 * ```
 */
export type FlatObject = VouchedFacts;

/**
 * How deep a flat object's value nests at most: the object, then an array.
 *
 * @example
 * ```ts
 * import { FLAT_NESTING } from "./flat_object.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(FLAT_NESTING, 2);
 * ```
 */
export const FLAT_NESTING = 2;

/** The largest safe integer: a number at or past it is left to the scanner. */
const SAFE = 9007199254740991;

/** Fields any node may carry: what it is, and what `finishForm` adds. */
const NODE_FIELDS = ["id", "at", "types", "typed", "leaf", "inline"];
/** The fields of the root: its members, closed. */
const ROOT_FIELDS = new Set([
  ...NODE_FIELDS,
  "properties",
  "required",
  "additionalProperties",
  "propNames",
  "propNodes",
  "propInherited",
  "requiredInherited",
]);
/** The fields of a scalar: the keywords that only narrow a string, a number or a value list. */
const SCALAR_FIELDS = new Set([
  ...NODE_FIELDS,
  "never",
  "values",
  "valueList",
  "isConst",
  "valueStrings",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
]);
/** The fields of an array of scalars. */
const ARRAY_FIELDS = new Set([...NODE_FIELDS, "items", "minItems", "maxItems", "uniqueItems"]);
/** The fields of `additionalProperties: false`. */
const NEVER_FIELDS = new Set([...NODE_FIELDS, "never"]);

/** Whether every field the node sets is one of `fields`. */
function carriesOnly(n: Node, fields: ReadonlySet<string>): boolean {
  for (const [field, value] of Object.entries(n)) {
    if (value !== undefined && !fields.has(field)) return false;
  }
  return true;
}

/** What a member's node admits: NONE (not flat), a value with no 0, or a value that may be 0. */
const NONE = -1, NO_ZERO = 0, MAY_BE_ZERO = 1;

/**
 * Whether a declared integer range lies inside ±(2^53 − 1) (NO_ZERO or
 * MAY_BE_ZERO by whether it holds 0), else NONE.
 */
function integerRange(n: Node): number {
  // An absent bound reads as infinite, which no test below passes.
  const low = n.minimum ?? -Infinity, lowBeyond = n.exclusiveMinimum ?? -Infinity;
  const high = n.maximum ?? Infinity, highBeyond = n.exclusiveMaximum ?? Infinity;
  if (!(low > -SAFE || lowBeyond >= -SAFE) || !(high < SAFE || highBeyond <= SAFE)) return NONE;
  return low > 0 || lowBeyond >= 0 || high < 0 || highBeyond <= 0 ? NO_ZERO : MAY_BE_ZERO;
}

/** What a scalar node admits (see {@linkcode NONE}): no container, and numbers only in a safe integer range. */
function scalar(n: Node): number {
  if (!carriesOnly(n, SCALAR_FIELDS)) return NONE;
  if (n.never === true) return NO_ZERO;
  // A list of strings alone admits strings alone, whatever `type` says.
  if (n.values !== undefined) return n.valueStrings?.size === n.values.size ? NO_ZERO : NONE;
  const types = n.types;
  if ((types & (T_OBJECT | T_ARRAY | T_NUMBER)) !== 0) return NONE;
  return (types & T_INTEGER) === 0 ? NO_ZERO : integerRange(n);
}

/** What a member's node admits: a scalar, or an array of scalars. */
function member(nodes: readonly Node[], n: Node): number {
  if (n.types !== T_ARRAY) return scalar(n);
  if (!carriesOnly(n, ARRAY_FIELDS) || n.items === undefined) return NONE;
  return scalar(nodes[n.items]);
}

/**
 * The facts of a flat closed object's passing values, or null when the
 * declaration is not one (see the module documentation).
 *
 * @example
 * ```ts
 * import { flatObject } from "./flat_object.ts";
 * import { compileDeclaration } from "./compile.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const schemaJson = {
 *   type: "object",
 *   properties: { offset: { type: "integer", minimum: 0, maximum: 1000 }, tags: { type: "array", items: { enum: ["a", "b"] } } },
 *   additionalProperties: false,
 * };
 * deepStrictEqual(flatObject(compileDeclaration({ schemaJson })!), { nesting: 2, mayHoldZero: true });
 * const nested = { ...schemaJson, properties: { where: { type: "object" } } };
 * strictEqual(flatObject(compileDeclaration({ schemaJson: nested })!), null);
 * ```
 */
export function flatObject(form: Form): FlatObject | null {
  if (form.annotations === true) return null;
  const nodes = form.nodes;
  const root = nodes[form.root];
  if (root.types !== T_OBJECT || !carriesOnly(root, ROOT_FIELDS)) return null;
  if (root.requiredInherited === true || root.additionalProperties === undefined) return null;
  const closing = nodes[root.additionalProperties];
  if (closing.never !== true || !carriesOnly(closing, NEVER_FIELDS)) return null;
  // No `properties`: no member is admitted.
  const names = root.propNames ?? [];
  if (names.includes("__proto__") || root.propInherited?.includes(true) === true) return null;
  if (keyCollisions(names).length > 0) return null;
  let mayHoldZero = false;
  for (const id of root.propNodes ?? []) {
    const admits = member(nodes, nodes[id]);
    if (admits === NONE) return null;
    if (admits === MAY_BE_ZERO) mayHoldZero = true;
  }
  return { nesting: FLAT_NESTING, mayHoldZero };
}
