/**
 * Picks the front end for a call's declaration: `schema` (the declaration
 * language) or `schemaJson` (JSON Schema), never both. This is the only
 * file that imports both front ends; the checker and the describer import
 * neither. Compilations of the same declaration text are kept in a small
 * bounded cache, so one-shot calls with a repeated declaration compile once;
 * a JSON Schema object passed again is known by its identity, while a walk
 * of it finds it as it was (see {@linkcode compileDeclaration}).
 *
 * @example
 * ```ts
 * import { compileDeclaration } from "./compile.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * strictEqual(compileDeclaration({}), null);
 * strictEqual(compileDeclaration({ schema: "{!q:string}" })?.source, "language");
 * throws(() => compileDeclaration({ schema: "string", schemaJson: {} }), /give either schema or schema_json, not both/);
 * ```
 *
 * @module
 */

import { CallerError } from "../errors.ts";
import type { Form } from "./form.ts";
import { checkJsonSchemaValue, compileJsonSchema } from "./jsonschema.ts";
import { parseLanguage } from "./language.ts";

/** What a call may declare. */
export interface DeclarationInput {
  /** A declaration in the declaration language. */
  schema?: string | null;
  /** A JSON Schema. */
  schemaJson?: unknown;
  /** Assert `format` (JSON Schema only); default false. */
  assertFormat?: boolean;
  /** Refuse unknown keywords (JSON Schema only); default false: annotations with warnings. */
  strictKeywords?: boolean;
}

/** Most compilations kept (by declaration text); the oldest goes first. */
const CACHE_SIZE = 64;
/** Longest declaration text kept in the cache (longer ones compile every time). */
const CACHE_TEXT = 65_536;
const cache = new Map<string, Form>();
/** Schema objects walked by `checkJsonSchemaValue`, with the key they had then. */
const validated = new WeakMap<object, string>();

function cached(key: string, build: () => Form): Form {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const form = build();
  if (key.length <= CACHE_TEXT) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, form);
  }
  return form;
}

/**
 * A JSON Schema object compiled before: a snapshot of what it held then (see
 * {@linkcode snapshotMatches}) and its compilation under each pair of
 * options (`assertFormat`, `strictKeywords`: index 0–3).
 */
interface SchemaSnapshot {
  readonly tape: readonly unknown[];
  readonly forms: (Form | undefined)[];
}

/**
 * Compilations by schema object: a host that passes the same object on
 * every one-shot call gets the compilation without `JSON.stringify` of the
 * schema. Weak: an entry lives only as long as the host keeps the object.
 */
const bySchema = new WeakMap<object, SchemaSnapshot>();
/** Most tokens a snapshot holds (a larger schema is compiled through its text every time). */
const MAX_TAPE = 65_536;

// The structure tokens of a snapshot (objects: no value of a schema is one of them).
const OPEN_OBJECT = Object.freeze({ token: "{" });
const CLOSE_OBJECT = Object.freeze({ token: "}" });
const OPEN_ARRAY = Object.freeze({ token: "[" });

/** Whether an object is a plain record or array (what a snapshot can stand for). */
function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value)
    ? prototype === Array.prototype
    : prototype === Object.prototype || prototype === null;
}

/**
 * The snapshot of a schema value: an object is `{`, its keys in enumeration
 * order, `}`, then its values; an array `[`, its length, then its items;
 * anything else itself. Each value's tokens delimit themselves, so equal
 * tokens (by `Object.is`: `-0`, `NaN` and `undefined` count) mean equal
 * values. Null for an object that is not plain, or past
 * {@linkcode MAX_TAPE} tokens (where a cycle gets).
 */
function writeSnapshot(schema: object): unknown[] | null {
  const tape: unknown[] = [];
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    if (tape.length > MAX_TAPE) return null;
    const value = stack.pop();
    if (value === null || typeof value !== "object") {
      tape.push(value);
      continue;
    }
    if (!isPlain(value)) return null;
    if (Array.isArray(value)) {
      tape.push(OPEN_ARRAY, value.length);
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    tape.push(OPEN_OBJECT);
    for (const key in value) {
      tape.push(key);
      stack.push((value as Record<string, unknown>)[key]);
    }
    tape.push(CLOSE_OBJECT);
  }
  return tape;
}

/**
 * Whether a schema object holds exactly what its snapshot recorded: every
 * key, in order, every value, at every depth, compared token by token with
 * {@linkcode writeSnapshot}'s walk (no allocation but the walk's stack). A
 * change anywhere, an added or removed key, an array grown or shrunk, sends
 * the call through compilation again.
 */
function snapshotMatches(schema: object, snapshot: SchemaSnapshot): boolean {
  const tape = snapshot.tape;
  let at = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") {
      if (!Object.is(tape[at++], value)) return false;
      continue;
    }
    if (!isPlain(value)) return false;
    if (Array.isArray(value)) {
      if (tape[at] !== OPEN_ARRAY || tape[at + 1] !== value.length) return false;
      at += 2;
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    if (tape[at++] !== OPEN_OBJECT) return false;
    for (const key in value) {
      if (tape[at++] !== key) return false;
      stack.push((value as Record<string, unknown>)[key]);
    }
    if (tape[at++] !== CLOSE_OBJECT) return false;
    // A cycle would walk on past the tape.
    if (at > tape.length) return false;
  }
  return at === tape.length;
}

/** The snapshot's index of a pair of options. */
function optionsIndex(options: { assertFormat: boolean; strictKeywords: boolean }): number {
  return (options.assertFormat ? 1 : 0) + (options.strictKeywords ? 2 : 0);
}

/**
 * The snapshot of a schema object as it is now (kept by its identity), or
 * undefined when it cannot have one (not plain JSON data, or too large).
 */
function takeSnapshot(schema: object): SchemaSnapshot | undefined {
  const tape = writeSnapshot(schema);
  if (tape === null) {
    bySchema.delete(schema);
    return undefined;
  }
  const snapshot = { tape, forms: [] };
  bySchema.set(schema, snapshot);
  return snapshot;
}

/**
 * Compiles the declaration of a call, or `null` when none is given
 * (`undefined` and `null` both mean "not given"). Throws `CallerError`
 * `E070` for a bad declaration or when both are given.
 *
 * @example
 * ```ts
 * import { compileDeclaration } from "./compile.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileDeclaration({ schemaJson: { type: "string", format: "date" }, assertFormat: true });
 * strictEqual(form?.nodes[form.root].format, "date");
 * ```
 */
export function compileDeclaration(input: DeclarationInput): Form | null {
  const hasSchema = input.schema !== undefined && input.schema !== null;
  const hasJson = input.schemaJson !== undefined && input.schemaJson !== null;
  if (hasSchema && hasJson) {
    throw new CallerError("E070", "", "give either schema or schema_json, not both");
  }
  if (hasSchema) {
    const text = input.schema;
    if (typeof text !== "string") {
      throw new CallerError("E070", "/schema", `schema must be a string, found ${typeof text}`);
    }
    return cached("L" + text, () => parseLanguage(text));
  }
  if (hasJson) {
    const options = {
      assertFormat: input.assertFormat === true,
      strictKeywords: input.strictKeywords === true,
    };
    const schema = input.schemaJson;
    if (typeof schema === "object") {
      // The same object as before, holding what it held then: its compilation, without the text.
      const index = optionsIndex(options);
      let snapshot = bySchema.get(schema as object);
      if (snapshot !== undefined && snapshotMatches(schema as object, snapshot)) {
        const known = snapshot.forms[index];
        if (known !== undefined) return known;
      } else {
        snapshot = takeSnapshot(schema as object);
      }
      const form = compileJsonText(schema, options);
      if (snapshot !== undefined) snapshot.forms[index] = form;
      return form;
    }
    return compileJsonText(schema, options);
  }
  return null;
}

/**
 * Compiles a JSON Schema by its text: the text (`JSON.stringify`) is the
 * key of the bounded cache; an object already checked by
 * `checkJsonSchemaValue` with the same text is not checked again.
 */
function compileJsonText(
  schema: unknown,
  options: { assertFormat: boolean; strictKeywords: boolean },
): Form {
  let key: string | null = null;
  try {
    key = (options.assertFormat ? "F" : "J") + (options.strictKeywords ? "S" : "A") +
      JSON.stringify(schema);
  } catch {
    // A cyclic object or a BigInt: compiled every time, and refused (for its depth, or as
    // what JSON cannot hold).
    key = null;
  }
  if (key === null) return compileJsonSchema(schema, options);
  // An array hole reads as null in the key: refuse it before the cache answers. An object
  // already walked with the same key is not walked again.
  if (typeof schema !== "object" || validated.get(schema as object) !== key) {
    checkJsonSchemaValue(schema);
    if (typeof schema === "object") validated.set(schema as object, key);
  }
  // Compiled from a private copy when the schema is plain data: the compilation keeps parts of
  // what it compiled (an `enum`'s values, for words), and it is kept for the text it had then.
  return cached(key, () => compileJsonSchema(plainCopy(schema) ?? schema, options));
}

/**
 * A deep copy of plain JSON data (records and arrays whose prototypes are
 * the standard ones, or none, and whose own properties are all enumerable),
 * keys in their order; null when something in it is not such data or holds
 * a `__proto__` key (then the caller compiles the value itself). Only for a
 * value `JSON.stringify` wrote: no cycle.
 */
function plainCopy(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const root = emptyLike(value);
  if (root === null) return null;
  // Pairs to fill: a source container, then its copy.
  const stack: object[] = [value, root];
  while (stack.length > 0) {
    const copy = stack.pop() as Record<string, unknown>;
    const source = stack.pop() as Record<string, unknown>;
    const keys = Object.keys(source);
    // A property JSON leaves out (not enumerable) could still be read by the compiler.
    const named = Object.getOwnPropertyNames(source).length - (Array.isArray(source) ? 1 : 0);
    if (named !== keys.length) return null;
    for (const key of keys) {
      // Where Object.prototype's __proto__ setter exists (not in Deno), assigning it would set
      // the copy's prototype instead of a member.
      if (key === "__proto__") return null;
      const item = source[key];
      if (item === null || typeof item !== "object") {
        copy[key] = item;
        continue;
      }
      const inner = emptyLike(item);
      if (inner === null) return null;
      copy[key] = inner;
      stack.push(item, inner);
    }
  }
  return root;
}

/** An empty array of the same length, or an empty record of the same prototype; null if not plain. */
function emptyLike(value: object): object | null {
  if (!isPlain(value)) return null;
  return Array.isArray(value)
    ? new Array(value.length)
    : Object.create(Object.getPrototypeOf(value));
}
