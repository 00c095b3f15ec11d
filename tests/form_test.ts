/**
 * `engine/declarations/form.ts` as tables: the type bits of each JSON value,
 * the empty node, what {@linkcode finishForm} derives (which nodes are leaves
 * and which are checked inline, whether annotations are collected, the
 * parallel property arrays, inherited names, the string values) and that it
 * keeps every field, RFC 6901 token escaping, and the canonical keys of JSON
 * values (equal exactly when the values are equal in the JSON Schema sense).
 * Fast and deterministic, for `deno task mutate engine/declarations/form.ts`;
 * the declaration tests reach the same code through both front ends.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  ALL_TYPES,
  canonicalKey,
  emptyNode,
  finishForm,
  type Form,
  MAX_DECLARATION_DEPTH,
  type Node,
  pointerToken,
  T_ARRAY,
  T_BOOLEAN,
  T_INTEGER,
  T_NULL,
  T_NUMBER,
  T_OBJECT,
  T_STRING,
  typeBits,
} from "../engine/declarations/form.ts";

Deno.test("the type bits are distinct, and ALL_TYPES is all of them", () => {
  const bits = [T_NULL, T_BOOLEAN, T_STRING, T_NUMBER, T_INTEGER, T_OBJECT, T_ARRAY];
  assert.deepEqual(bits, [1, 2, 4, 8, 16, 32, 64]);
  assert.equal(bits.reduce((a, b) => a | b), ALL_TYPES);
  assert.equal(MAX_DECLARATION_DEPTH, 4096);
});

interface TypeBitsCase {
  behaviour: string;
  value: unknown;
  bits: number;
}

const TYPE_BITS: readonly TypeBitsCase[] = [
  { behaviour: "a string", value: "1", bits: T_STRING },
  { behaviour: "the empty string", value: "", bits: T_STRING },
  {
    behaviour: "a whole number is both a number and an integer",
    value: 3,
    bits: T_NUMBER | T_INTEGER,
  },
  { behaviour: "1.0 is an integer", value: 1.0, bits: T_NUMBER | T_INTEGER },
  { behaviour: "-0 is an integer", value: -0, bits: T_NUMBER | T_INTEGER },
  { behaviour: "1e308 is an integer", value: 1e308, bits: T_NUMBER | T_INTEGER },
  { behaviour: "a fraction is a number only", value: 1.5, bits: T_NUMBER },
  { behaviour: "true", value: true, bits: T_BOOLEAN },
  { behaviour: "false", value: false, bits: T_BOOLEAN },
  { behaviour: "null", value: null, bits: T_NULL },
  { behaviour: "an array", value: [], bits: T_ARRAY },
  { behaviour: "an object", value: {}, bits: T_OBJECT },
  { behaviour: "an object with a length is not an array", value: { length: 0 }, bits: T_OBJECT },
  { behaviour: "undefined is no JSON type", value: undefined, bits: 0 },
  { behaviour: "a bigint is no JSON type", value: 1n, bits: 0 },
];

Deno.test("typeBits gives each JSON value its type bits", async (t) => {
  for (const row of TYPE_BITS) {
    await t.step(row.behaviour, () => assert.equal(typeBits(row.value), row.bits));
  }
});

Deno.test("an empty node asserts nothing: every type, no other field", () => {
  assert.deepEqual(emptyNode(3, "/items"), { id: 3, at: "/items", types: ALL_TYPES });
});

/** A form of `extra` nodes after the root; `build` sets the root's fields. */
function formOf(build: (root: Node, nodes: Node[]) => void, extra = 3): Form {
  const nodes = [emptyNode(0, "")];
  for (let i = 1; i <= extra; i++) nodes.push(emptyNode(i, `/${i}`));
  build(nodes[0], nodes);
  return finishForm({ nodes, root: 0, source: "jsonschema", text: "" });
}

interface ShapeCase {
  behaviour: string;
  build: (root: Node, nodes: Node[]) => void;
  leaf: boolean;
  inline: boolean;
  annotations: boolean;
}

const SHAPES: readonly ShapeCase[] = [
  {
    behaviour: "a node with no applicator is a leaf",
    build: () => {},
    leaf: true,
    inline: true,
    annotations: false,
  },
  {
    behaviour: "assertions about children do not make a node a non-leaf",
    build: (n) => {
      n.properties = new Map([["a", 1]]);
      n.items = 1;
      n.prefixItems = [1];
      n.contains = 1;
      n.additionalProperties = 2;
      n.propertyNames = 3;
      n.patternProperties = [];
      n.then = 1;
      n.else = 2;
    },
    leaf: true,
    inline: true,
    annotations: false,
  },
  {
    behaviour: "$ref is an in-place applicator",
    build: (n) => n.ref = 1,
    leaf: false,
    inline: false,
    annotations: false,
  },
  {
    behaviour: "allOf is an in-place applicator",
    build: (n) => n.allOf = [1],
    leaf: false,
    inline: false,
    annotations: false,
  },
  {
    behaviour: "oneOf is an in-place applicator",
    build: (n) => n.oneOf = [1],
    leaf: false,
    inline: false,
    annotations: false,
  },
  {
    behaviour: "not is an in-place applicator",
    build: (n) => n.not = 1,
    leaf: false,
    inline: false,
    annotations: false,
  },
  {
    behaviour: "if is an in-place applicator",
    build: (n) => n.if = 1,
    leaf: false,
    inline: false,
    annotations: false,
  },
  {
    behaviour: "dependentSchemas is an in-place applicator",
    build: (n) => n.dependentSchemas = [{ name: "a", node: 1 }],
    leaf: false,
    inline: false,
    annotations: false,
  },
  {
    behaviour: "unevaluatedItems is an in-place applicator and asks for annotations",
    build: (n) => n.unevaluatedItems = 1,
    leaf: false,
    inline: false,
    annotations: true,
  },
  {
    behaviour: "unevaluatedProperties is an in-place applicator and asks for annotations",
    build: (n) => n.unevaluatedProperties = 1,
    leaf: false,
    inline: false,
    annotations: true,
  },
  {
    behaviour: "unevaluated keywords on a child ask for annotations too",
    build: (_, nodes) => nodes[3].unevaluatedProperties = 1,
    leaf: true,
    inline: true,
    annotations: true,
  },
  {
    behaviour: "an anyOf of leaves (a union of the language) is checked inline",
    build: (n) => n.anyOf = [1, 2],
    leaf: false,
    inline: true,
    annotations: false,
  },
  {
    behaviour: "an anyOf with one branch that is not a leaf is not inline",
    build: (n, nodes) => {
      n.anyOf = [1, 2];
      nodes[2].not = 3;
    },
    leaf: false,
    inline: false,
    annotations: false,
  },
  {
    behaviour: "an anyOf whose first branch is not a leaf is not inline",
    build: (n, nodes) => {
      n.anyOf = [1, 2];
      nodes[1].allOf = [3];
    },
    leaf: false,
    inline: false,
    annotations: false,
  },
  ...([
    ["$ref", (n: Node) => n.ref = 3],
    ["allOf", (n: Node) => n.allOf = [3]],
    ["oneOf", (n: Node) => n.oneOf = [3]],
    ["not", (n: Node) => n.not = 3],
    ["if", (n: Node) => n.if = 3],
    ["dependentSchemas", (n: Node) => n.dependentSchemas = [{ name: "a", node: 3 }]],
    ["unevaluatedItems", (n: Node) => n.unevaluatedItems = 3],
    ["unevaluatedProperties", (n: Node) => n.unevaluatedProperties = 3],
  ] as const).map(([keyword, add]): ShapeCase => ({
    behaviour: `an anyOf of leaves beside ${keyword} is not inline`,
    build: (n) => {
      n.anyOf = [1, 2];
      add(n);
    },
    leaf: false,
    inline: false,
    annotations: keyword.startsWith("unevaluated"),
  })),
];

Deno.test("finishForm derives leaf, inline and annotations", async (t) => {
  for (const row of SHAPES) {
    await t.step(row.behaviour, () => {
      const form = formOf(row.build);
      assert.equal(form.nodes[0].leaf, row.leaf, "leaf");
      assert.equal(form.nodes[0].inline, row.inline, "inline");
      assert.equal(form.annotations, row.annotations, "annotations");
    });
  }
});

interface DerivedCase {
  behaviour: string;
  build: (root: Node) => void;
  /** The derived fields of the root, as they must be. */
  derived: Partial<Node>;
}

const DERIVED: readonly DerivedCase[] = [
  {
    behaviour: "no properties, required or values: nothing derived",
    build: () => {},
    derived: {
      propNames: undefined,
      propNodes: undefined,
      propInherited: undefined,
      requiredInherited: undefined,
      valueStrings: undefined,
    },
  },
  {
    behaviour: "properties become parallel arrays, in order, with the names Object.prototype has",
    build: (n) =>
      n.properties = new Map([["b", 1], ["constructor", 2], ["a", 3], ["__proto__", 1], [
        "toString",
        2,
      ]]),
    derived: {
      propNames: ["b", "constructor", "a", "__proto__", "toString"],
      propNodes: [1, 2, 3, 1, 2],
      propInherited: [false, true, false, true, true],
    },
  },
  {
    behaviour: "required names none of which Object.prototype has",
    build: (n) => n.required = ["a", "proto", "length"],
    derived: { requiredInherited: false },
  },
  {
    behaviour: "required names one of which Object.prototype has (last)",
    build: (n) => n.required = ["a", "hasOwnProperty"],
    derived: { requiredInherited: true },
  },
  {
    behaviour: "no required names",
    build: (n) => n.required = [],
    derived: { requiredInherited: false },
  },
  {
    behaviour: "the strings among the values, decoded from their keys",
    build: (n) => n.values = new Set(['"x"', "1", "null", '"\\"q"', '["y"]', '{"z":1}', '""']),
    derived: { valueStrings: new Set(["x", '"q', ""]) },
  },
  {
    behaviour: "values without strings give an empty set",
    build: (n) => n.values = new Set(["1", "true"]),
    derived: { valueStrings: new Set() },
  },
];

Deno.test("finishForm derives the property arrays, inherited names and string values", async (t) => {
  for (const row of DERIVED) {
    await t.step(row.behaviour, () => {
      const root = formOf((n) => row.build(n)).nodes[0];
      for (const [field, value] of Object.entries(row.derived)) {
        assert.deepEqual(root[field as keyof Node], value, field);
      }
    });
  }
});

/** Every field of a node, each set to a value no other field has. */
const FULL: Node = {
  id: 0,
  at: "/full",
  never: true,
  types: T_STRING,
  typed: true,
  values: new Set(['"v"']),
  valueList: ["v"],
  isConst: true,
  minimum: 1,
  maximum: 2,
  exclusiveMinimum: 3,
  exclusiveMaximum: 4,
  multipleOf: 5,
  minLength: 6,
  maxLength: 7,
  pattern: { source: "p", test: () => true },
  format: "date",
  prefixItems: [1],
  items: 2,
  contains: 3,
  minContains: 8,
  maxContains: 9,
  minItems: 10,
  maxItems: 11,
  uniqueItems: true,
  properties: new Map([["toString", 1]]),
  required: ["valueOf"],
  patternProperties: [{ pattern: { source: "q", test: () => false }, node: 2 }],
  additionalProperties: 3,
  propertyNames: 1,
  minProperties: 12,
  maxProperties: 13,
  dependentRequired: [{ name: "a", required: ["b"] }],
  dependentSchemas: [{ name: "c", node: 2 }],
  allOf: [1],
  anyOf: [2],
  oneOf: [3],
  not: 1,
  if: 2,
  then: 3,
  else: 1,
  ref: 2,
  refText: "#/r",
  unevaluatedProperties: 3,
  unevaluatedItems: 1,
};

const FIELDS = [
  "id",
  "at",
  "never",
  "types",
  "typed",
  "values",
  "valueList",
  "isConst",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "prefixItems",
  "items",
  "contains",
  "minContains",
  "maxContains",
  "minItems",
  "maxItems",
  "uniqueItems",
  "properties",
  "required",
  "patternProperties",
  "additionalProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "ref",
  "refText",
  "unevaluatedProperties",
  "unevaluatedItems",
  "leaf",
  "inline",
  "propNames",
  "propNodes",
  "propInherited",
  "requiredInherited",
  "valueStrings",
];

Deno.test("finishForm keeps every field of every node, and gives every node the same fields in the same order", () => {
  const nodes = [{ ...FULL }, emptyNode(1, "/1"), emptyNode(2, "/2"), emptyNode(3, "/3")];
  const form: Form = { nodes, root: 0, source: "jsonschema", text: "t" };
  assert.equal(finishForm(form), form);
  for (const [field, value] of Object.entries(FULL)) {
    assert.equal(form.nodes[0][field as keyof Node], value, field);
  }
  assert.equal(form.nodes[0].leaf, false);
  assert.deepEqual(form.nodes[0].propNames, ["toString"]);
  assert.deepEqual(form.nodes[0].propNodes, [1]);
  assert.deepEqual(form.nodes[0].propInherited, [true]);
  assert.equal(form.nodes[0].requiredInherited, true);
  assert.deepEqual(form.nodes[0].valueStrings, new Set(["v"]));
  for (const node of form.nodes) assert.deepEqual(Object.keys(node), FIELDS);
  assert.deepEqual(form.nodes[2], {
    ...Object.fromEntries(FIELDS.map((f) => [f, undefined])),
    id: 2,
    at: "/2",
    types: ALL_TYPES,
    leaf: true,
    inline: true,
  });
});

interface TokenCase {
  name: string;
  token: string;
}

const TOKENS: readonly TokenCase[] = [
  { name: "a", token: "a" },
  { name: "", token: "" },
  { name: "~", token: "~0" },
  { name: "/", token: "~1" },
  { name: "~x", token: "~0x" },
  { name: "/x", token: "~1x" },
  { name: "x~", token: "x~0" },
  { name: "x/", token: "x~1" },
  { name: "~1", token: "~01" },
  { name: "a/b~c/~", token: "a~1b~0c~1~0" },
];

Deno.test("pointerToken escapes ~ as ~0 (first) and / as ~1", async (t) => {
  for (const row of TOKENS) {
    await t.step(JSON.stringify(row.name), () => assert.equal(pointerToken(row.name), row.token));
  }
});

interface KeyCase {
  behaviour: string;
  value: unknown;
  key: string;
}

const KEYS: readonly KeyCase[] = [
  { behaviour: "a string is its JSON text", value: 'a"b', key: '"a\\"b"' },
  { behaviour: "1.0 is 1", value: 1.0, key: "1" },
  { behaviour: "-0 is 0", value: -0, key: "0" },
  { behaviour: "0 is 0", value: 0, key: "0" },
  { behaviour: "a fraction", value: -1.5, key: "-1.5" },
  { behaviour: "a large number", value: 1e21, key: "1e+21" },
  { behaviour: "true", value: true, key: "true" },
  { behaviour: "false", value: false, key: "false" },
  { behaviour: "null", value: null, key: "null" },
  { behaviour: "the empty array", value: [], key: "[]" },
  { behaviour: "the empty object", value: {}, key: "{}" },
  { behaviour: "an array of one item has no comma", value: ["a"], key: '["a"]' },
  {
    behaviour: "an array's scalars, in order, -0 and 1.0 normalised",
    value: ["x", -0, 1.0, 2.5, true, false, null],
    key: '["x",0,1,2.5,true,false,null]',
  },
  {
    behaviour: "an object's members sorted by name, names as JSON strings",
    value: { b: 1, a: "x", 'c"': null },
    key: '{"a":"x","b":1,"c\\"":null}',
  },
  {
    behaviour: "nesting",
    value: { a: [{ c: [], b: {} }, [0, [-0]]] },
    key: '{"a":[{"b":{},"c":[]},[0,[0]]]}',
  },
  {
    behaviour: "a string holding the punctuation of an array is not an array",
    value: ['a","b'],
    key: '["a\\",\\"b"]',
  },
];

Deno.test("canonicalKey renders each value in its one canonical text", async (t) => {
  for (const row of KEYS) {
    await t.step(row.behaviour, () => assert.equal(canonicalKey(row.value), row.key));
  }
});

interface EqualityCase {
  behaviour: string;
  a: unknown;
  b: unknown;
  equal: boolean;
}

const EQUALITY: readonly EqualityCase[] = [
  {
    behaviour: "members in any order",
    a: { a: 1, b: [1, 2] },
    b: { b: [1.0, 2], a: 1 },
    equal: true,
  },
  { behaviour: "items in order only", a: [1, 2], b: [2, 1], equal: false },
  { behaviour: "a string is not the number it spells", a: "1", b: 1, equal: false },
  { behaviour: "a string is not the literal it spells", a: ["null"], b: [null], equal: false },
  { behaviour: "two items are not one item with a comma", a: ["a", "b"], b: ["a,b"], equal: false },
  { behaviour: "an object is not an array of pairs", a: { a: 1 }, b: [["a", 1]], equal: false },
  { behaviour: "an empty array is not an empty object", a: [], b: {}, equal: false },
  { behaviour: "a nested -0 equals 0", a: { x: [-0] }, b: { x: [0] }, equal: true },
];

Deno.test("equal canonical keys are equal values in the JSON Schema sense, and only those", async (t) => {
  for (const row of EQUALITY) {
    await t.step(
      row.behaviour,
      () => assert.equal(canonicalKey(row.a) === canonicalKey(row.b), row.equal),
    );
  }
});

Deno.test("canonicalKey walks deep values with an explicit stack", () => {
  let deep: unknown = "x";
  for (let i = 0; i < 100_000; i++) deep = i % 2 === 0 ? [deep] : { k: deep };
  const key = canonicalKey(deep);
  assert.equal(key.length, 50_000 * "[]".length + 50_000 * `{"k":}`.length + `"x"`.length);
  assert.equal(key.startsWith('{"k":[{"k":['), true);
});
