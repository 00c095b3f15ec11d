/**
 * Picks the front end for a call's declaration: `schema` (the declaration
 * language) or `schemaJson` (JSON Schema), never both. This is the only
 * file that imports both front ends; the checker and the describer import
 * neither. Compilations of the same declaration text are kept in a small
 * bounded cache, so one-shot calls with a repeated declaration compile once.
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
    let key: string | null = null;
    try {
      key = (options.assertFormat ? "F" : "J") + (options.strictKeywords ? "S" : "A") +
        JSON.stringify(input.schemaJson);
    } catch {
      // A cyclic object or a BigInt: compiled every time, and refused (for its depth, or as
      // what JSON cannot hold).
      key = null;
    }
    if (key === null) return compileJsonSchema(input.schemaJson, options);
    // An array hole reads as null in the key: refuse it before the cache answers. An object
    // already walked with the same key is not walked again (the one-shot calls of a host that
    // passes the same schema object every time).
    const schema = input.schemaJson;
    if (typeof schema !== "object" || validated.get(schema as object) !== key) {
      checkJsonSchemaValue(schema);
      if (typeof schema === "object") validated.set(schema as object, key);
    }
    return cached(key, () => compileJsonSchema(schema, options));
  }
  return null;
}
