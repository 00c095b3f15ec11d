/**
 * The internal form both front ends compile to, and the checker and the
 * describer read: a {@linkcode Form} is a flat table of {@linkcode Node}s
 * that refer to each other by index, so recursive schemas (`$ref` back to an
 * ancestor) are graphs, not infinite trees. A node holds the assertions of
 * one schema object, already validated and normalised for the dialect:
 * types as a bit mask, enum/const as canonical keys, patterns compiled,
 * draft-specific spellings (`items` arrays, `dependencies`, boolean
 * `exclusiveMaximum`) rewritten to their 2020-12 meaning.
 *
 * This file imports nothing: the front ends (`language.ts`, `jsonschema.ts`)
 * build forms, `check.ts` and `describe.ts` read them.
 *
 * @example
 * ```ts
 * import { ALL_TYPES, emptyNode, T_STRING } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * strictEqual(n.types, ALL_TYPES);
 * n.types = T_STRING;
 * strictEqual(n.types & T_STRING, T_STRING);
 * ```
 *
 * @module
 */

/**
 * The deepest a declaration may nest (schema objects inside schema objects;
 * in the language, objects and arrays inside each other).
 *
 * @example
 * ```ts
 * import { MAX_DECLARATION_DEPTH } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(MAX_DECLARATION_DEPTH, 4096);
 * ```
 */
export const MAX_DECLARATION_DEPTH = 4096;

/** Type bit: `null`. */
export const T_NULL = 1;
/** Type bit: `true`/`false`. */
export const T_BOOLEAN = 2;
/** Type bit: strings. */
export const T_STRING = 4;
/** Type bit: numbers that are not integers (a node admitting `number` sets both number bits). */
export const T_NUMBER = 8;
/** Type bit: integers (numbers whose value is whole, `1.0` included). */
export const T_INTEGER = 16;
/** Type bit: objects. */
export const T_OBJECT = 32;
/** Type bit: arrays. */
export const T_ARRAY = 64;
/** Every type. */
export const ALL_TYPES = 127;

/**
 * The type bits of a JSON value: an integer-valued number has both number
 * bits, so `(typeBits(v) & node.types) !== 0` is the `type` assertion.
 *
 * @example
 * ```ts
 * import { T_INTEGER, T_NUMBER, typeBits } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(typeBits(1.0), T_NUMBER | T_INTEGER);
 * strictEqual(typeBits(1.5), T_NUMBER);
 * ```
 */
export function typeBits(value: unknown): number {
  switch (typeof value) {
    case "string":
      return T_STRING;
    case "number":
      return Number.isInteger(value) ? T_NUMBER | T_INTEGER : T_NUMBER;
    case "boolean":
      return T_BOOLEAN;
    case "object":
      return value === null ? T_NULL : Array.isArray(value) ? T_ARRAY : T_OBJECT;
    default:
      return 0;
  }
}

/**
 * A compiled regular expression: `test` answers whether the string holds a
 * match anywhere (unanchored, ECMA-262 with flag `u`), in time linear in the
 * string (see `pattern.ts`).
 */
export interface Pattern {
  /** The source as written in the declaration. */
  readonly source: string;
  /** Whether `s` contains a match. */
  test(s: string): boolean;
}

/**
 * One schema object's assertions. Child schemas are node indexes into
 * {@linkcode Form.nodes}; absent fields assert nothing.
 */
export interface Node {
  /** Index in the form. */
  readonly id: number;
  /** JSON pointer of the schema in its source (`""` for the root); used in words. */
  readonly at: string;
  /** `false` for the schema `false` (matches nothing). */
  never?: boolean;
  /** Admitted types (bit mask); {@linkcode ALL_TYPES} when `type` is absent. */
  types: number;
  /** Whether `type` was given (the describer names types only then). */
  typed?: boolean;
  /** Allowed values (`enum`, or `const` as one value), as canonical keys. */
  values?: ReadonlySet<string>;
  /** The allowed values as written (for words). */
  valueList?: readonly unknown[];
  /** Whether `values` came from `const`. */
  isConst?: boolean;
  /** Inclusive lower bound. */
  minimum?: number;
  /** Inclusive upper bound. */
  maximum?: number;
  /** Exclusive lower bound. */
  exclusiveMinimum?: number;
  /** Exclusive upper bound. */
  exclusiveMaximum?: number;
  /** The value divided by it is an integer (exact decimal arithmetic). */
  multipleOf?: number;
  /** Fewest code points. */
  minLength?: number;
  /** Most code points. */
  maxLength?: number;
  /** A pattern the string must contain a match of. */
  pattern?: Pattern;
  /** An asserted format (only when format assertion is on). */
  format?: string;
  /** Tuple positions (`prefixItems`; draft-07 `items` as an array). */
  prefixItems?: readonly number[];
  /** Items after the tuple positions (`items`; draft-07 `additionalItems`). */
  items?: number;
  /** At least `minContains` (default 1) and at most `maxContains` items match it. */
  contains?: number;
  /** See `contains`. */
  minContains?: number;
  /** See `contains`. */
  maxContains?: number;
  /** Fewest items. */
  minItems?: number;
  /** Most items. */
  maxItems?: number;
  /** No two items are equal (`1` equals `1.0`; objects by members). */
  uniqueItems?: boolean;
  /** Named members' schemas. */
  properties?: ReadonlyMap<string, number>;
  /** Members that must be present. */
  required?: readonly string[];
  /** Members matching a pattern, and their schema. */
  patternProperties?: readonly { readonly pattern: Pattern; readonly node: number }[];
  /** Members neither named nor matching a pattern. */
  additionalProperties?: number;
  /** Every member name (as a string value) matches it. */
  propertyNames?: number;
  /** Fewest members. */
  minProperties?: number;
  /** Most members. */
  maxProperties?: number;
  /** When a member is present, these must be too. */
  dependentRequired?: readonly { readonly name: string; readonly required: readonly string[] }[];
  /** When a member is present, the object matches this schema. */
  dependentSchemas?: readonly { readonly name: string; readonly node: number }[];
  /** Every one matches. */
  allOf?: readonly number[];
  /** At least one matches. */
  anyOf?: readonly number[];
  /** Exactly one matches. */
  oneOf?: readonly number[];
  /** Does not match. */
  not?: number;
  /** `if`/`then`/`else`. */
  if?: number;
  /** See `if`. */
  then?: number;
  /** See `if`. */
  else?: number;
  /** `$ref`, resolved (the raw reference is kept in `refText`). */
  ref?: number;
  /** The reference as written. */
  refText?: string;
  /** Members no other keyword evaluated. */
  unevaluatedProperties?: number;
  /** Items no other keyword evaluated. */
  unevaluatedItems?: number;
  /**
   * Whether the node has no in-place applicator (`$ref`, `allOf`, `anyOf`,
   * `oneOf`, `not`, `if`, `dependentSchemas`, `unevaluated*`): on a scalar
   * value it is checked without visiting another node. Set by {@linkcode finishForm}.
   */
  leaf?: boolean;
  /**
   * Whether a scalar is checked inline: a leaf, or a node whose only
   * applicator is an `anyOf` of leaves (a union of the language). Set by
   * {@linkcode finishForm}.
   */
  inline?: boolean;
  /** `properties` as parallel arrays (names, nodes, whether the name is inherited from `Object.prototype`); set by {@linkcode finishForm}. */
  propNames?: readonly string[];
  /** See `propNames`. */
  propNodes?: readonly number[];
  /** See `propNames`. */
  propInherited?: readonly boolean[];
  /** Whether some `required` name is inherited from `Object.prototype` (`constructor`, `toString`, …). */
  requiredInherited?: boolean;
  /** The strings among `values`, as strings (a string is checked without its canonical key); set by {@linkcode finishForm}. */
  valueStrings?: ReadonlySet<string>;
}

/**
 * Something a schema says that the form does not check, found at compile
 * time: an unknown keyword (an annotation: it asserts nothing), or a keyword
 * of another dialect applied as it means there. A host lists these to see
 * what was not checked (the proxy's `--check` prints them).
 *
 * @example
 * ```ts
 * import type { CompileWarning } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const w: CompileWarning = {
 *   kind: "unknown-keyword",
 *   keyword: "x-order",
 *   pointer: "/properties/a/x-order",
 *   message: 'unknown keyword "x-order" at /properties/a is an annotation: it asserts nothing',
 * };
 * strictEqual(w.pointer, "/properties/a/x-order");
 * ```
 */
export interface CompileWarning {
  /**
   * `unknown-keyword`: no dialect defines it, so it asserts nothing;
   * `other-dialect`: a keyword of another dialect (or OpenAPI's `nullable`),
   * applied as it means there.
   */
  readonly kind: "unknown-keyword" | "other-dialect";
  /** The keyword as written. */
  readonly keyword: string;
  /** RFC 6901 pointer of the keyword in the schema (`/properties/a/x-order`). */
  readonly pointer: string;
  /** The warning in words. */
  readonly message: string;
}

/**
 * A compiled declaration.
 *
 * @example
 * ```ts
 * import { emptyNode, finishForm, type Form } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form: Form = finishForm({ nodes: [emptyNode(0, "")], root: 0, source: "language", text: "any" });
 * strictEqual(form.nodes[form.root].leaf, true);
 * ```
 */
export interface Form {
  /** Every node; children refer to each other by index. */
  readonly nodes: Node[];
  /** The node a value is checked against. */
  readonly root: number;
  /** Which front end built it. */
  readonly source: "language" | "jsonschema";
  /** The declaration language text (language forms) or a short summary. */
  readonly text: string;
  /** Whether some node uses `unevaluatedProperties`/`unevaluatedItems` (annotations are then collected). */
  annotations?: boolean;
  /** What the schema says that is not checked (JSON Schema only; empty or absent when none). */
  readonly warnings?: readonly CompileWarning[];
}

/**
 * A node asserting nothing.
 *
 * @example
 * ```ts
 * import { ALL_TYPES, emptyNode } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(emptyNode(3, "/items").types, ALL_TYPES);
 * ```
 */
export function emptyNode(id: number, at: string): Node {
  return { id, at, types: ALL_TYPES };
}

/**
 * Sets the derived flags (`leaf`, `annotations`) once every node is built.
 *
 * @example
 * ```ts
 * import { emptyNode, finishForm } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const a = emptyNode(0, ""); a.allOf = [1];
 * const form = finishForm({ nodes: [a, emptyNode(1, "/allOf/0")], root: 0, source: "jsonschema", text: "" });
 * strictEqual(form.nodes[0].leaf, false);
 * ```
 */
export function finishForm(form: Form): Form {
  let annotations = false;
  for (const n of form.nodes) {
    if (n.unevaluatedItems !== undefined || n.unevaluatedProperties !== undefined) {
      annotations = true;
    }
    n.leaf = n.ref === undefined && n.allOf === undefined && n.anyOf === undefined &&
      n.oneOf === undefined && n.not === undefined && n.if === undefined &&
      n.dependentSchemas === undefined && n.unevaluatedItems === undefined &&
      n.unevaluatedProperties === undefined;
  }
  for (const n of form.nodes) {
    n.inline = n.leaf || (
      n.anyOf !== undefined && n.ref === undefined && n.allOf === undefined &&
      n.oneOf === undefined && n.not === undefined && n.if === undefined &&
      n.dependentSchemas === undefined && n.unevaluatedItems === undefined &&
      n.unevaluatedProperties === undefined && n.anyOf.every((c) => form.nodes[c].leaf)
    );
  }
  for (const n of form.nodes) {
    if (n.properties !== undefined) {
      n.propNames = [...n.properties.keys()];
      n.propNodes = [...n.properties.values()];
      n.propInherited = n.propNames.map((name) => name in Object.prototype);
    }
    if (n.required !== undefined) {
      n.requiredInherited = n.required.some((name) => name in Object.prototype);
    }
    if (n.values !== undefined) {
      // A string's canonical key is its JSON text, and only a string's key starts with `"`.
      const strings = new Set<string>();
      for (const key of n.values) if (key.startsWith('"')) strings.add(JSON.parse(key));
      n.valueStrings = strings;
    }
  }
  // One hidden class for every node: the checker reads the same fields of
  // every node it meets, and nodes built field by field (each with its own
  // keywords) would make each of those reads megamorphic.
  for (let k = 0; k < form.nodes.length; k++) form.nodes[k] = uniformNode(form.nodes[k]);
  form.annotations = annotations;
  return form;
}

/** A copy of a node with every field present (absent ones `undefined`), in one fixed order. */
function uniformNode(n: Node): Node {
  return {
    id: n.id,
    at: n.at,
    never: n.never,
    types: n.types,
    typed: n.typed,
    values: n.values,
    valueList: n.valueList,
    isConst: n.isConst,
    minimum: n.minimum,
    maximum: n.maximum,
    exclusiveMinimum: n.exclusiveMinimum,
    exclusiveMaximum: n.exclusiveMaximum,
    multipleOf: n.multipleOf,
    minLength: n.minLength,
    maxLength: n.maxLength,
    pattern: n.pattern,
    format: n.format,
    prefixItems: n.prefixItems,
    items: n.items,
    contains: n.contains,
    minContains: n.minContains,
    maxContains: n.maxContains,
    minItems: n.minItems,
    maxItems: n.maxItems,
    uniqueItems: n.uniqueItems,
    properties: n.properties,
    required: n.required,
    patternProperties: n.patternProperties,
    additionalProperties: n.additionalProperties,
    propertyNames: n.propertyNames,
    minProperties: n.minProperties,
    maxProperties: n.maxProperties,
    dependentRequired: n.dependentRequired,
    dependentSchemas: n.dependentSchemas,
    allOf: n.allOf,
    anyOf: n.anyOf,
    oneOf: n.oneOf,
    not: n.not,
    if: n.if,
    then: n.then,
    else: n.else,
    ref: n.ref,
    refText: n.refText,
    unevaluatedProperties: n.unevaluatedProperties,
    unevaluatedItems: n.unevaluatedItems,
    leaf: n.leaf,
    inline: n.inline,
    propNames: n.propNames,
    propNodes: n.propNodes,
    propInherited: n.propInherited,
    requiredInherited: n.requiredInherited,
    valueStrings: n.valueStrings,
  };
}

/**
 * Escapes one RFC 6901 reference token (`~` → `~0`, `/` → `~1`).
 *
 * @example
 * ```ts
 * import { pointerToken } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(pointerToken("a/b~c"), "a~1b~0c");
 * ```
 */
export function pointerToken(name: string): string {
  if (name.indexOf("~") < 0 && name.indexOf("/") < 0) return name;
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * The canonical key of a JSON value: equal keys ⇔ equal values in the JSON
 * Schema sense (`1` equals `1.0`, members in any order, `0` equals `-0`).
 * Built with an explicit stack, in time linear in the value's size (plus
 * sorting each object's member names).
 *
 * @example
 * ```ts
 * import { canonicalKey } from "./form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(canonicalKey({ b: [1.0, "x"], a: null }), canonicalKey({ a: null, b: [1, "x"] }));
 * ```
 */
export function canonicalKey(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  // A number, `true`, `false` or `null`: `String(-0)` is `"0"` and `String(1.0)` is `"1"`.
  if (value === null || typeof value !== "object") return String(value);
  const parts: string[] = [];
  // Work items: a value to render, or a literal piece of text.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      parts.push(JSON.stringify(v));
      continue;
    }
    if (v instanceof Piece) {
      parts.push(v.text);
      continue;
    }
    if (v === null || typeof v !== "object") {
      parts.push(String(v));
      continue;
    }
    if (Array.isArray(v)) {
      parts.push("[");
      stack.push(CLOSE_ARRAY);
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i]);
        if (i > 0) stack.push(COMMA);
      }
      continue;
    }
    const record = v as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    parts.push("{");
    stack.push(CLOSE_OBJECT);
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push(record[keys[i]]);
      stack.push(new Piece(JSON.stringify(keys[i]) + ":"));
      if (i > 0) stack.push(COMMA);
    }
  }
  return parts.join("");
}

class Piece {
  constructor(readonly text: string) {}
}
const COMMA = new Piece(",");
const CLOSE_ARRAY = new Piece("]");
const CLOSE_OBJECT = new Piece("}");
