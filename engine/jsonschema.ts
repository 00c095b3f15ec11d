/**
 * Compiles the JSON Schema subset accepted as `schema_json` into a
 * {@linkcode Declaration}. The subset is exactly `type`, `properties`,
 * `required`, `items`, `enum`, `const`, `minimum`, `maximum`,
 * `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `maxLength` and
 * `pattern`. Every other keyword, annotations included (`description`,
 * `title`, `$schema`, ...), is refused with `E070` naming the keyword and the
 * JSON pointer of the schema that holds it: never ignored, so that a host
 * knows exactly what it must strip or what the gate did not check.
 *
 * Semantics follow JSON Schema (draft 6 and later): keywords for a type apply
 * only to values of that type, `type` may be a list, `items` is one schema
 * (the tuple form is refused), `exclusiveMinimum`/`exclusiveMaximum` are
 * numbers, `pattern` is an unanchored ECMA-262 expression (compiled once with
 * flag `u`), lengths count Unicode code points. The boolean schema `true` is
 * `any`; `false` matches nothing and is refused, as is an `enum`/`const` that
 * no value of the declared type satisfies.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "./jsonschema.ts";
 * console.log(compileJsonSchema({ type: "string", maxLength: 3 })); // { kind: "string", maxLength: 3 }
 * const e = compileJsonSchema({ type: "object", additionalProperties: false });
 * if ("code" in e) console.log(e.message);
 * // 'E070 SchemaError: unsupported keyword "additionalProperties" at the root'
 * ```
 *
 * @module
 */

import {
  compilePattern,
  type Declaration,
  matchesDeclaration,
  MAX_DECLARATION_DEPTH,
  type MemberDeclaration,
  pointerToken,
  unionOf,
} from "./declarations.ts";
import { type EngineError, engineError } from "./errors.ts";

/**
 * The keywords of the subset, in documentation order.
 *
 * @example
 * ```ts
 * import { SUPPORTED_KEYWORDS } from "./jsonschema.ts";
 * console.log(SUPPORTED_KEYWORDS.includes("pattern")); // true
 * ```
 */
export const SUPPORTED_KEYWORDS: readonly string[] = [
  "type",
  "properties",
  "required",
  "items",
  "enum",
  "const",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
];

const SUPPORTED = new Set(SUPPORTED_KEYWORDS);

/** JSON Schema type names, and which keywords apply to each. */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  null: [],
  boolean: [],
  string: ["minLength", "maxLength", "pattern"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
  object: ["properties", "required"],
  array: ["items"],
};

/** The types a schema without `type` accepts (integer is inside number). */
const ALL_TYPES = ["null", "boolean", "string", "number", "object", "array"];

class SchemaFault {
  constructor(readonly detail: string) {}
}

function where(pointer: string): string {
  return pointer === "" ? "the root" : pointer;
}

function fail(detail: string): never {
  throw new SchemaFault(detail);
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Scalar = string | number | boolean | null;

function scalarValues(values: readonly unknown[], pointer: string): Scalar[] {
  return values.map((v, i) => {
    if (v === null || typeof v === "string" || typeof v === "boolean") return v;
    if (typeof v === "number" && Number.isFinite(v)) return v;
    const at = pointer.endsWith("/const") ? pointer : `${pointer}/${i}`;
    return fail(
      `${at} is ${kindOf(v)}; enum and const values must be strings, numbers, booleans or null`,
    );
  });
}

function literalOf(v: Scalar): Declaration {
  return v === null ? { kind: "null" } : { kind: "literal", value: v };
}

function numberKeyword(schema: Record<string, unknown>, key: string, pointer: string): unknown {
  const v = schema[key];
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v)) {
    fail(`"${key}" at ${where(pointer)} must be a number, found ${kindOf(v)}`);
  }
  return v;
}

function lengthKeyword(schema: Record<string, unknown>, key: string, pointer: string): unknown {
  const v = schema[key];
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) {
    fail(
      `"${key}" at ${where(pointer)} must be a non-negative integer, found ${JSON.stringify(v)}`,
    );
  }
  return v;
}

/** Builds the node for one JSON Schema type, with the keywords that apply to it. */
function typedNode(
  type: string,
  schema: Record<string, unknown>,
  pointer: string,
  level: number,
): Declaration {
  switch (type) {
    case "null":
    case "boolean":
      return { kind: type };
    case "string": {
      const node: Record<string, unknown> = { kind: "string" };
      for (const key of ["minLength", "maxLength"]) {
        const v = lengthKeyword(schema, key, pointer);
        if (v !== undefined) node[key] = v;
      }
      if (schema.pattern !== undefined) {
        if (typeof schema.pattern !== "string") {
          fail(`"pattern" at ${where(pointer)} must be a string, found ${kindOf(schema.pattern)}`);
        }
        const compiled = compilePattern(schema.pattern);
        if (typeof compiled === "string") {
          fail(`"pattern" at ${where(pointer)} is not a valid regular expression: ${compiled}`);
        }
        node.pattern = compiled;
      }
      return node as unknown as Declaration;
    }
    case "number":
    case "integer": {
      const node: Record<string, unknown> = { kind: type };
      for (const key of TYPE_KEYWORDS.number) {
        const v = numberKeyword(schema, key, pointer);
        if (v !== undefined) node[key] = v;
      }
      return node as unknown as Declaration;
    }
    case "object":
      return { kind: "object", members: objectMembers(schema, pointer, level) };
    default: { // array
      const items = schema.items === undefined
        ? { kind: "any" as const }
        : compileAt(schema.items, `${pointer}/items`, level + 1);
      return { kind: "array", items };
    }
  }
}

function objectMembers(
  schema: Record<string, unknown>,
  pointer: string,
  level: number,
): MemberDeclaration[] {
  const required = new Set<string>();
  if (schema.required !== undefined) {
    const r = schema.required;
    if (!Array.isArray(r) || !r.every((n) => typeof n === "string")) {
      fail(`"required" at ${where(pointer)} must be an array of strings`);
    }
    for (const name of r) {
      if (required.has(name)) {
        fail(`"required" at ${where(pointer)} lists ${JSON.stringify(name)} twice`);
      }
      required.add(name);
    }
  }
  const members: MemberDeclaration[] = [];
  if (schema.properties !== undefined) {
    const props = schema.properties;
    if (!isPlainObject(props)) {
      fail(`"properties" at ${where(pointer)} must be an object, found ${kindOf(props)}`);
    }
    for (const name of Object.keys(props)) {
      const type = compileAt(
        props[name],
        `${pointer}/properties/${pointerToken(name)}`,
        level + 1,
      );
      members.push({ name, required: required.has(name), type });
    }
  }
  const declared = new Set(members.map((m) => m.name));
  for (const name of required) {
    if (!declared.has(name)) {
      members.push({ name, required: true, type: { kind: "any" } });
    }
  }
  return members;
}

/** Compiles the subschema at `pointer`, `level` properties/items steps below the root. */
function compileAt(schema: unknown, pointer: string, level: number): Declaration {
  if (level > MAX_DECLARATION_DEPTH) {
    fail(`schema nested deeper than ${MAX_DECLARATION_DEPTH} levels at ${where(pointer)}`);
  }
  if (schema === true) return { kind: "any" };
  if (schema === false) {
    fail(`the schema false at ${where(pointer)} matches nothing; remove the member instead`);
  }
  if (!isPlainObject(schema)) {
    fail(`schema at ${where(pointer)} must be an object or a boolean, found ${kindOf(schema)}`);
  }
  for (const key of Object.keys(schema)) {
    if (!SUPPORTED.has(key)) {
      fail(`unsupported keyword ${JSON.stringify(key)} at ${where(pointer)}`);
    }
  }

  let types: readonly string[] | null = null;
  if (schema.type !== undefined) {
    const t = schema.type;
    const list = Array.isArray(t) ? t : [t];
    const known = (x: unknown) => typeof x === "string" && Object.hasOwn(TYPE_KEYWORDS, x);
    if (list.length === 0 || !list.every(known)) {
      fail(
        `"type" at ${where(pointer)} must be one of null, boolean, string, number, integer, ` +
          `object, array or a non-empty array of them, found ${JSON.stringify(t)}`,
      );
    }
    if (new Set(list).size !== list.length) {
      fail(`"type" at ${where(pointer)} lists a type twice`);
    }
    types = list as string[];
  }
  // A schema with "number" needs no separate "integer" option.
  const effective = types ?? ALL_TYPES;
  const chosen = effective.includes("number")
    ? effective.filter((t) => t !== "integer")
    : effective;
  // Compile every keyword (so every keyword value is checked), whichever
  // types it applies to.
  const nodes = new Map<string, Declaration>();
  for (const t of ALL_TYPES.concat("integer")) nodes.set(t, typedNode(t, schema, pointer, level));

  const constrained = Object.keys(schema).some((k) =>
    k !== "type" && k !== "enum" && k !== "const"
  );
  let base: Declaration = types === null && !constrained
    ? { kind: "any" }
    : unionOf(chosen.map((t) => nodes.get(t)!));

  let values: Scalar[] | null = null;
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum) || schema.enum.length === 0) {
      fail(`"enum" at ${where(pointer)} must be a non-empty array`);
    }
    values = scalarValues(schema.enum, `${pointer}/enum`);
  }
  if (Object.hasOwn(schema, "const")) {
    const [c] = scalarValues([schema.const], `${pointer}/const`);
    values = values === null ? [c] : values.filter((v) => v === c);
  }
  if (values !== null) {
    const kept = [...new Set(values)].filter((v) => matchesDeclaration(base, v));
    if (kept.length === 0) {
      fail(`no value of "enum"/"const" at ${where(pointer)} satisfies the other keywords`);
    }
    base = unionOf(kept.map(literalOf));
  }
  return base;
}

/**
 * Compiles a `schema_json` value into a {@linkcode Declaration}, or returns an
 * `E070` error naming the keyword and the JSON pointer of the schema at fault.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "./jsonschema.ts";
 * const d = compileJsonSchema({
 *   type: "object",
 *   properties: { query: { type: "string" }, limit: { type: "integer" } },
 *   required: ["query"],
 * });
 * console.log("kind" in d); // true
 * const e = compileJsonSchema({ properties: { a: { description: "x" } } });
 * if ("code" in e) console.log(e.message);
 * // 'E070 SchemaError: unsupported keyword "description" at /properties/a'
 * ```
 */
export function compileJsonSchema(schema: unknown): Declaration | EngineError {
  try {
    return compileAt(schema, "", 0);
  } catch (e) {
    if (e instanceof SchemaFault) return engineError("E070", e.detail);
    throw e;
  }
}
