/**
 * The JSON Schema front end: compiles a `schema_json` value into a
 * {@linkcode Form}. Every keyword of the 2020-12 assertion and applicator
 * vocabularies is compiled with its exact meaning in the dialect `$schema`
 * selects (2020-12 by default; 2019-09, draft-07, draft-06, draft-04);
 * annotations are accepted and assert nothing; `format` asserts only when
 * asked. Keywords no dialect defines (`x-order`, `example`) are annotations
 * too, listed in the form's `warnings` with their pointers (refused with
 * `strictKeywords`); keywords of another dialect are applied as they mean
 * there when that is their only meaning, else refused. `$ref` resolves at
 * compile time to `$id`s, `$anchor`s, JSON pointers anywhere in the document
 * (recursive ones included) and the built-in standard meta-schemas.
 *
 * Everything else is refused with one `CallerError` (`E070`) that lists
 * every unsupported keyword and malformed value with its JSON pointer:
 * other remote `$ref`s, `$dynamicRef`/`$dynamicAnchor`, `$recursiveRef`/
 * `$recursiveAnchor`, `$vocabulary`, a `$ref` cycle that consumes no input,
 * a `const` or `enum` value that holds itself (a cyclic object a JavaScript
 * host built), what JSON cannot hold (a BigInt, an array hole), and schemas
 * beyond the bounds ({@linkcode MAX_SCHEMA_NODES},
 * {@linkcode MAX_DECLARATION_DEPTH}, {@linkcode MAX_REF_DEPTH}). The walk
 * uses an explicit work list: no recursion on the schema's shape.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "./jsonschema.ts";
 * import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
 * const form = compileJsonSchema({ type: "object", properties: { q: { type: "string" } } });
 * strictEqual(form.source, "jsonschema");
 * const annotated = compileJsonSchema({ type: "object", "x-order": 1 });
 * deepStrictEqual(annotated.warnings?.map((w) => w.pointer), ["/x-order"]);
 * throws(() => compileJsonSchema({ type: "object", "x-foo": 1, items: { $dynamicRef: "#a" } }, { strictKeywords: true }),
 *   /unsupported keyword "x-foo" at the root; unsupported keyword "\$dynamicRef" at \/items/);
 * ```
 *
 * @module
 */

import { CallerError } from "../errors.ts";
import { isRecord, jsonKind } from "../json_kind.ts";
import {
  type CompileWarning,
  emptyNode,
  finishForm,
  type Form,
  MAX_DECLARATION_DEPTH,
  type Node,
  pointerToken,
  T_NULL,
} from "./form.ts";
import { METASCHEMAS } from "./metaschemas.ts";
import { moduleOf } from "./keywords/catalogue.ts";
import { parseFormat } from "./keywords/format.ts";
import {
  type Dialect,
  type SchemaJob as Job,
  type SchemaReader,
  where,
} from "./keywords/keyword.ts";

export type { Dialect };

/**
 * Most schema objects (nodes) one schema may compile to.
 *
 * @example
 * ```ts
 * import { MAX_SCHEMA_NODES } from "./jsonschema.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(MAX_SCHEMA_NODES, 100_000);
 * ```
 */
export const MAX_SCHEMA_NODES = 100_000;

/**
 * The longest chain of in-place applicators (`$ref`, `allOf`, `anyOf`,
 * `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`) that may apply to
 * one value without descending into it.
 *
 * @example
 * ```ts
 * import { MAX_REF_DEPTH } from "./jsonschema.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(MAX_REF_DEPTH, 256);
 * ```
 */
export const MAX_REF_DEPTH = 256;

/** `$schema` URIs and their dialects (with or without a trailing `#`, http or https). */
const DIALECTS: Readonly<Record<string, Dialect>> = {
  "json-schema.org/draft/2020-12/schema": "2020-12",
  "json-schema.org/draft/2019-09/schema": "2019-09",
  "json-schema.org/draft-07/schema": "draft-07",
  "json-schema.org/draft-06/schema": "draft-06",
  "json-schema.org/draft-04/schema": "draft-04",
};

function dialectOf(uri: string): Dialect | undefined {
  const m = /^https?:\/\/(.*?)#?$/.exec(uri);
  return m === null ? undefined : DIALECTS[m[1]];
}

/**
 * The undated meta-schema URI (`http://json-schema.org/schema`, "the current
 * version", with or without `#`, http or https): it names no dialect, so a
 * schema giving it is read exactly as one that gives no `$schema`.
 */
const UNDATED_METASCHEMA = "json-schema.org/schema";

function namesNoDialect(uri: unknown): boolean {
  if (typeof uri !== "string") return false;
  const m = /^https?:\/\/(.*?)#?$/.exec(uri);
  return m !== null && m[1] === UNDATED_METASCHEMA;
}

/** Keywords that assert nothing, in every dialect. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
  "format",
]);

/** Keywords refused with the reason why. */
const REFUSED: Readonly<Record<string, string>> = {
  $dynamicRef: "dynamic references are not supported",
  $dynamicAnchor: "dynamic references are not supported",
  $recursiveRef: "recursive references ($recursiveRef) are not supported",
  $recursiveAnchor: "recursive references ($recursiveAnchor) are not supported",
  $vocabulary: "custom vocabularies are not supported",
};

/** Keywords each dialect knows beyond the shared core. */
const COMMON = [
  "$schema",
  "$ref",
  "definitions",
  "type",
  "enum",
  "multipleOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "minProperties",
  "maxProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
];
const DRAFT6 = [
  ...COMMON,
  "$id",
  "const",
  "contains",
  "propertyNames",
  "additionalItems",
  "dependencies",
];
const DRAFT7 = [...DRAFT6, "if", "then", "else"];
const DRAFT2019 = [
  ...DRAFT7.filter((k) => k !== "dependencies"),
  "$anchor",
  "$defs",
  "dependentRequired",
  "dependentSchemas",
  "minContains",
  "maxContains",
  "unevaluatedProperties",
  "unevaluatedItems",
];
const DRAFT2020 = [...DRAFT2019.filter((k) => k !== "additionalItems"), "prefixItems"];
const KEYWORDS: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  "2020-12": new Set(DRAFT2020),
  "2019-09": new Set(DRAFT2019),
  "draft-07": new Set(DRAFT7),
  "draft-06": new Set(DRAFT6),
  "draft-04": new Set([...COMMON, "id", "additionalItems", "dependencies"]),
};

/** Options of {@linkcode compileJsonSchema}. */
export interface JsonSchemaOptions {
  /** Assert `format` for the formats in `format.ts` (default: an annotation). */
  assertFormat?: boolean;
  /**
   * Refuse unknown keywords with `E070` instead of compiling them as
   * annotations listed in the form's `warnings` (ajv's strict mode).
   */
  strictKeywords?: boolean;
}

/** The dialects, oldest first (for naming where a keyword belongs). */
const DIALECT_ORDER: readonly Dialect[] = [
  "draft-04",
  "draft-06",
  "draft-07",
  "2019-09",
  "2020-12",
];

/** Keywords of draft-03 that assert: refused with what to write instead. */
const DRAFT3: Readonly<Record<string, string>> = {
  divisibleBy: 'a draft-03 keyword; write "multipleOf"',
  disallow: 'a draft-03 keyword; write "not"',
  extends: 'a draft-03 keyword; write "allOf"',
};

/** The dialects that define a keyword, in words: `draft-06 and later`, `draft-04 to draft-07`. */
function dialectRange(key: string): string {
  const homes = DIALECT_ORDER.filter((d) => KEYWORDS[d].has(key));
  const first = homes[0], last = homes[homes.length - 1];
  if (first === last) return first;
  return last === "2020-12" ? `${first} and later` : `${first} to ${last}`;
}

const DEFAULT_BASE = "https://interjson.invalid/schema.json";

function splitFragment(uri: string): [string, string] {
  const k = uri.indexOf("#");
  return k < 0 ? [uri, ""] : [uri.slice(0, k), uri.slice(k + 1)];
}

function resolveUri(ref: string, base: string): string | null {
  try {
    return new URL(ref, base).href;
  } catch {
    return null;
  }
}

/** Built-in meta-schemas already read, by document URI. */
const builtins = new Map<string, Record<string, unknown>>();

/**
 * The built-in meta-schema at a document URI (`http` or `https`), its
 * dynamic keywords made static, or undefined. The meta-schemas of 2020-12
 * and 2019-09 extend themselves through `$dynamicRef: "#meta"` and
 * `$recursiveRef: "#"`; entered from a schema that declares no dynamic
 * anchor (the engine refuses them in schemas), those resolve to the
 * dialect's meta-schema, so each becomes a `$ref` to it, and
 * `$dynamicAnchor`, `$recursiveAnchor` and `$vocabulary` (the standard
 * vocabularies) are dropped.
 */
function builtinMetaschema(doc: string): Record<string, unknown> | undefined {
  const m = /^https?:(\/\/json-schema\.org\/.*)$/.exec(doc);
  if (m === null) return undefined;
  const known = builtins.get(doc);
  if (known !== undefined) return known;
  const text = METASCHEMAS[`https:${m[1]}`] ?? METASCHEMAS[`http:${m[1]}`];
  if (text === undefined) return undefined;
  const raw = JSON.parse(text) as Record<string, unknown>;
  const top = String(raw.$schema).replace(/#$/, "");
  const stack: unknown[] = [raw];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    // Keywords by their values: a member *named* `$dynamicRef` under `properties` is a schema.
    const record = v as Record<string, unknown>;
    if (typeof record.$dynamicRef === "string" || typeof record.$recursiveRef === "string") {
      delete record.$dynamicRef;
      delete record.$recursiveRef;
      record.$ref = top;
    }
    if (typeof record.$dynamicAnchor === "string") delete record.$dynamicAnchor;
    if (typeof record.$recursiveAnchor === "boolean") delete record.$recursiveAnchor;
    stack.push(...Object.values(record));
  }
  delete raw.$vocabulary; // a root keyword only
  builtins.set(doc, raw);
  return raw;
}

class Compiler implements SchemaReader {
  readonly nodes: Node[] = [];
  readonly issues: { pointer: string; text: string }[] = [];
  readonly warnings: CompileWarning[] = [];
  readonly queue: Job[] = [];
  /** `uri#fragment` → node, for `$id`, `$anchor` and every compiled position. */
  readonly registry = new Map<string, number>();
  /** Resource base → its raw schema and pointer, for references to positions not compiled yet. */
  readonly resources = new Map<string, { raw: unknown; at: string; depth: number }>();
  readonly refs: { node: Node; ref: string; base: string; at: string }[] = [];
  dialect: Dialect = "2020-12";
  /** Whether the root's `$schema` named the dialect (else 2020-12 by default). */
  explicit = false;
  /** Nodes with OpenAPI's `nullable: true` (null joins their `type` once it is read). */
  readonly nullable = new WeakSet<Node>();

  constructor(readonly options: JsonSchemaOptions) {}

  issue(pointer: string, text: string): void {
    this.issues.push({ pointer, text });
  }

  warn(kind: CompileWarning["kind"], keyword: string, pointer: string, message: string): void {
    this.warnings.push({ kind, keyword, pointer, message });
  }

  reference(node: Node, ref: string, job: Job, kat: string): void {
    this.refs.push({ node, ref, base: job.base, at: kat });
  }

  /** Allocates a node for a schema and queues it. */
  enqueue(raw: unknown, at: string, parent: Job, step: string): number {
    const id = this.nodes.length;
    if (id >= MAX_SCHEMA_NODES) {
      if (id === MAX_SCHEMA_NODES) {
        this.issue(at, `the schema has more than ${MAX_SCHEMA_NODES} subschemas`);
      }
      this.nodes.push(emptyNode(id, at));
      return id;
    }
    this.nodes.push(emptyNode(id, at));
    this.queue.push({
      raw,
      id,
      at,
      base: parent.base,
      scopes: parent.scopes.map((s) => ({ base: s.base, pointer: `${s.pointer}/${step}` })),
      depth: parent.depth + 1,
    });
    return id;
  }

  run(): void {
    while (this.queue.length > 0) this.compile(this.queue.pop()!);
  }

  compile(job: Job): void {
    const node = this.nodes[job.id];
    const { raw, at } = job;
    if (job.depth > MAX_DECLARATION_DEPTH) {
      this.issue(at, `schema nested deeper than ${MAX_DECLARATION_DEPTH} levels`);
      return;
    }
    if (raw === true) return this.register(job, node);
    if (raw === false) {
      node.never = true;
      return this.register(job, node);
    }
    if (!isRecord(raw)) {
      this.issue(
        at,
        `schema at ${where(at)} must be an object or a boolean, found ${jsonKind(raw)}`,
      );
      return;
    }
    const dialect = this.dialect;
    const known = KEYWORDS[dialect];
    // A new resource: `$id` (`id` in draft-04) changes the base URI.
    const idKey = dialect === "draft-04" ? "id" : "$id";
    // ≤ draft-07, `$ref` makes every sibling (`$id` included) ignored.
    const id = dialect.startsWith("draft") && raw.$ref !== undefined ? undefined : raw[idKey];
    if (id !== undefined) {
      if (typeof id !== "string") {
        this.issue(`${at}/${idKey}`, `"${idKey}" at ${where(at)} must be a string`);
      } else if (id.startsWith("#") && (dialect.startsWith("draft"))) {
        this.registerKey(`${splitFragment(job.base)[0]}#${id.slice(1)}`, node.id);
      } else {
        const resolved = resolveUri(id, job.base);
        if (resolved === null) {
          this.issue(`${at}/${idKey}`, `"${idKey}" ${JSON.stringify(id)} is not a URI reference`);
        } else {
          const base = splitFragment(resolved)[0];
          job = { ...job, base, scopes: [...job.scopes, { base, pointer: "" }] };
          this.resources.set(base, { raw, at, depth: job.depth });
        }
      }
    }
    this.register(job, node);
    if (namesNoDialect(raw.$schema)) {
      this.warn(
        "other-dialect",
        "$schema",
        `${at}/$schema`,
        `"$schema" ${JSON.stringify(raw.$schema)} at ${
          where(at)
        } names no dated dialect; read as a schema naming none`,
      );
    } else if (raw.$schema !== undefined) {
      const d = typeof raw.$schema === "string" ? dialectOf(raw.$schema) : undefined;
      if (d === undefined) {
        this.issue(
          `${at}/$schema`,
          `unknown "$schema" ${JSON.stringify(raw.$schema)} at ${
            where(at)
          }; use 2020-12, 2019-09, draft-07, draft-06 or draft-04`,
        );
      } else if (d !== dialect) {
        this.issue(
          `${at}/$schema`,
          `"$schema" at ${
            where(at)
          } selects ${d} inside a ${dialect} schema; one dialect per schema`,
        );
      }
    }
    if (raw.$anchor !== undefined && known.has("$anchor")) {
      if (typeof raw.$anchor !== "string" || !/^[A-Za-z_][-A-Za-z0-9._]*$/.test(raw.$anchor)) {
        this.issue(`${at}/$anchor`, `"$anchor" at ${where(at)} must be a plain name`);
      } else this.registerKey(`${job.base}#${raw.$anchor}`, node.id);
    }
    // ≤ draft-07: `$ref` makes the schema ignore its siblings (their subschemas are still compiled, for references).
    const refOnly = raw.$ref !== undefined && dialect.startsWith("draft");
    const target: Node = refOnly ? emptyNode(-1, at) : node;
    for (const key of Object.keys(raw)) {
      const value = raw[key];
      if (value === undefined) continue; // not JSON: a keyword set to undefined is not set
      const kat = `${at}/${pointerToken(key)}`;
      if (Object.hasOwn(REFUSED, key)) {
        this.issue(
          kat,
          `unsupported keyword ${JSON.stringify(key)} at ${where(at)}: ${REFUSED[key]}`,
        );
        continue;
      }
      if (ANNOTATIONS.has(key)) {
        if (key === "format" && this.options.assertFormat && typeof value !== "string") {
          // Asserted, a format must name one: an assertion the gate cannot apply is refused.
          this.issue(kat, `"format" at ${where(at)} must be a string naming a format`);
        } else if (key === "format") parseFormat(target, value, this.options.assertFormat);
        continue;
      }
      if (known.has(key)) {
        this.keyword(key === "$ref" && refOnly ? node : target, key, value, raw, job, kat);
      } else this.otherKeyword(target, key, value, raw, job, kat);
    }
    if (this.nullable.has(target) && target.typed === true) target.types |= T_NULL;
  }

  /**
   * A keyword the dialect does not define: a keyword of another dialect
   * (applied as it means there when that is unambiguous, else refused),
   * OpenAPI's `nullable`, a draft-03 assertion (refused), or an unknown
   * keyword (an annotation listed in the warnings; refused when strict).
   */
  otherKeyword(
    node: Node,
    key: string,
    value: unknown,
    raw: Record<string, unknown>,
    job: Job,
    kat: string,
  ): void {
    const d = this.dialect;
    const at = where(job.at);
    const name = JSON.stringify(key);
    if (key === "nullable") {
      if (this.explicit) {
        return this.issue(
          kat,
          `unsupported keyword "nullable" at ${at}: an OpenAPI 3.0 keyword, not a keyword of ${d} (the dialect "$schema" selects); write "type" with "null"`,
        );
      }
      if (typeof value !== "boolean") {
        return this.issue(kat, `"nullable" at ${at} must be a boolean`);
      }
      if (value) this.nullable.add(node);
      return this.warn(
        "other-dialect",
        key,
        kat,
        `"nullable" at ${at} applied as OpenAPI 3.0 means it: null is admitted beside "type"`,
      );
    }
    if (Object.hasOwn(DRAFT3, key)) {
      return this.issue(kat, `unsupported keyword ${name} at ${at}: ${DRAFT3[key]}`);
    }
    const defined = DIALECT_ORDER.some((other) => KEYWORDS[other].has(key));
    if (!defined) {
      if (this.options.strictKeywords) {
        return this.issue(kat, `unsupported keyword ${name} at ${at}`);
      }
      return this.warn(
        "unknown-keyword",
        key,
        kat,
        `unknown keyword ${name} at ${at} is an annotation: it asserts nothing`,
      );
    }
    const range = dialectRange(key);
    if (key === "$defs") {
      this.schemaMap(value, job, key, kat);
      return this.warn(
        "other-dialect",
        key,
        kat,
        `"$defs" at ${at} (${range}) holds schemas to reference, as "definitions" does`,
      );
    }
    if (key === "dependencies") {
      // The 2019-09 and 2020-12 meta-schemas still define it (deprecated): one meaning only.
      this.keyword(node, key, value, raw, job, kat);
      return this.warn(
        "other-dialect",
        key,
        kat,
        `"dependencies" at ${at} (${range}) applied as "dependentRequired"/"dependentSchemas"`,
      );
    }
    if (key === "additionalItems" && !Array.isArray(raw.items)) {
      return this.warn(
        "other-dialect",
        key,
        kat,
        `"additionalItems" at ${at} (${range}) asserts nothing without an array "items"`,
      );
    }
    if (key === "additionalItems") return; // with an array `items`, which applies or refuses it
    if (key === "id") {
      return this.warn(
        "other-dialect",
        key,
        kat,
        `"id" at ${at} (${range}: the identifier "$id" is in ${d}) is an annotation`,
      );
    }
    this.issue(
      kat,
      `unsupported keyword ${name} at ${at}: a keyword of ${range}, not of ${d} (the dialect "$schema" selects)`,
    );
  }

  register(job: Job, node: Node): void {
    for (const s of job.scopes) this.registerKey(`${s.base}#${s.pointer}`, node.id);
  }

  registerKey(key: string, id: number): void {
    if (!this.registry.has(key)) this.registry.set(key, id);
  }

  child(raw: unknown, job: Job, step: string): number {
    return this.enqueue(raw, `${job.at}/${step}`, job, step);
  }

  schemaList(
    value: unknown,
    job: Job,
    key: string,
    kat: string,
    nonEmpty = true,
  ): number[] | undefined {
    if (!Array.isArray(value) || (nonEmpty && value.length === 0)) {
      this.issue(
        kat,
        `"${key}" at ${where(job.at)} must be a${nonEmpty ? " non-empty" : "n"} array of schemas`,
      );
      return undefined;
    }
    return value.map((v, i) => this.child(v, job, `${key}/${i}`));
  }

  schemaMap(value: unknown, job: Job, key: string, kat: string): Map<string, number> | undefined {
    if (!isRecord(value)) {
      this.issue(kat, `"${key}" at ${where(job.at)} must be an object, found ${jsonKind(value)}`);
      return undefined;
    }
    const out = new Map<string, number>();
    for (const name of Object.keys(value)) {
      out.set(name, this.child(value[name], job, `${key}/${pointerToken(name)}`));
    }
    return out;
  }

  count(value: unknown, key: string, job: Job, kat: string): number | undefined {
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
      this.issue(
        kat,
        `"${key}" at ${where(job.at)} must be a non-negative integer, found ${
          JSON.stringify(value)
        }`,
      );
      return undefined;
    }
    return value;
  }

  number(value: unknown, key: string, job: Job, kat: string): number | undefined {
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.issue(kat, `"${key}" at ${where(job.at)} must be a number, found ${jsonKind(value)}`);
      return undefined;
    }
    return value;
  }

  names(value: unknown, key: string, job: Job, kat: string): string[] | undefined {
    if (!Array.isArray(value) || !value.every((n) => typeof n === "string")) {
      this.issue(kat, `"${key}" at ${where(job.at)} must be an array of strings`);
      return undefined;
    }
    if (new Set(value).size !== value.length) {
      this.issue(kat, `"${key}" at ${where(job.at)} lists a name twice`);
    }
    return value;
  }

  keyword(
    node: Node,
    key: string,
    value: unknown,
    raw: Record<string, unknown>,
    job: Job,
    kat: string,
  ): void {
    // `$schema`, `$id`/`id` and `$anchor` are read by `compile`; every other keyword by its module.
    moduleOf(key)?.parse?.(this, node, { key, value, schema: raw, pointer: kat, job });
  }

  /** Resolves every `$ref`, compiling targets not compiled yet; refuses remote ones. */
  resolveRefs(): void {
    for (let i = 0; i < this.refs.length; i++) {
      const { node, ref, base, at } = this.refs[i];
      const uri = resolveUri(ref, base);
      if (uri === null) {
        this.issue(at, `"$ref" ${JSON.stringify(ref)} at ${where(at)} is not a URI reference`);
        continue;
      }
      const [doc, fragment] = splitFragment(uri);
      let decoded = fragment;
      try {
        decoded = decodeURIComponent(fragment);
      } catch { /* keep as written */ }
      const key = `${doc}#${decoded}`;
      let target = this.registry.get(key);
      if (target === undefined && !this.resources.has(doc)) {
        const meta = builtinMetaschema(doc);
        if (meta !== undefined) {
          const d = dialectOf(String(meta.$schema));
          if (d !== this.dialect) {
            this.issue(
              at,
              `"$ref" ${JSON.stringify(ref)} at ${
                where(at)
              } names the ${d} meta-schema from a ${this.dialect} schema; one dialect per schema`,
            );
            continue;
          }
          this.loadBuiltin(doc, meta);
          target = this.registry.get(key);
        }
      }
      if (target === undefined) {
        const resource = this.resources.get(doc);
        if (resource === undefined) {
          this.issue(
            at,
            `unsupported keyword "$ref" at ${
              where(at.slice(0, at.lastIndexOf("/")))
            }: remote reference ${
              JSON.stringify(ref)
            } (only references inside the schema are supported)`,
          );
          continue;
        }
        if (decoded !== "" && !decoded.startsWith("/")) {
          this.issue(
            at,
            `"$ref" ${JSON.stringify(ref)} at ${where(at)} names no $anchor or $id of the schema`,
          );
          continue;
        }
        let raw: unknown = resource.raw;
        let ok = true;
        const tokens = decoded === "" ? [] : decoded.slice(1).split("/");
        for (const t of tokens) {
          const name = t.replaceAll("~1", "/").replaceAll("~0", "~");
          if (Array.isArray(raw) && /^(0|[1-9][0-9]*)$/.test(name) && Number(name) < raw.length) {
            raw = raw[Number(name)];
          } else if (isRecord(raw) && Object.hasOwn(raw, name)) raw = raw[name];
          else {
            ok = false;
            break;
          }
        }
        if (!ok) {
          this.issue(
            at,
            `"$ref" ${JSON.stringify(ref)} at ${where(at)} points at nothing in the schema`,
          );
          continue;
        }
        target = this.nodes.length;
        const fake: Job = {
          raw: null,
          id: -1,
          at: resource.at + decoded,
          base: doc,
          scopes: [{ base: doc, pointer: decoded.slice(0, decoded.lastIndexOf("/")) }],
          depth: resource.depth + tokens.length - 1,
        };
        target = this.enqueue(
          raw,
          resource.at + decoded,
          fake,
          tokens.length === 0 ? "" : tokens[tokens.length - 1],
        );
        this.registerKey(key, target);
        this.run();
      }
      node.ref = target;
    }
  }

  /** Compiles a built-in meta-schema as a resource of its own at `doc`. */
  loadBuiltin(doc: string, raw: Record<string, unknown>): void {
    const id = this.nodes.length;
    const at = `${doc}#`;
    this.nodes.push(emptyNode(id, at));
    this.resources.set(doc, { raw, at, depth: 0 });
    this.queue.push({ raw, id, at, base: doc, scopes: [{ base: doc, pointer: "" }], depth: 0 });
    this.run();
  }

  /** Refuses in-place cycles (a `$ref` loop that consumes no input) and over-long in-place chains. */
  checkInPlace(): void {
    const nodes = this.nodes;
    const state = new Uint8Array(nodes.length); // 0 new, 1 on stack, 2 done
    const depth = new Int32Array(nodes.length);
    const inPlace = (n: Node): number[] => {
      const out: number[] = [];
      if (n.ref !== undefined) out.push(n.ref);
      for (const list of [n.allOf, n.anyOf, n.oneOf]) if (list !== undefined) out.push(...list);
      for (const c of [n.not, n.if, n.then, n.else]) if (c !== undefined) out.push(c);
      if (n.dependentSchemas !== undefined) {
        for (const d of n.dependentSchemas) {
          out.push(d.node);
        }
      }
      return out;
    };
    for (let start = 0; start < nodes.length; start++) {
      if (state[start] !== 0) continue;
      const stack: { id: number; next: number[]; i: number }[] = [{
        id: start,
        next: inPlace(nodes[start]),
        i: 0,
      }];
      state[start] = 1;
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top.i < top.next.length) {
          const c = top.next[top.i++];
          if (state[c] === 1) {
            this.issue(
              nodes[top.id].at,
              `a cycle of references that consumes no input passes through ${where(nodes[c].at)}`,
            );
            return;
          }
          if (state[c] === 0) {
            state[c] = 1;
            stack.push({ id: c, next: inPlace(nodes[c]), i: 0 });
          }
          continue;
        }
        let d = 0;
        for (const c of top.next) d = Math.max(d, depth[c] + 1);
        depth[top.id] = d;
        state[top.id] = 2;
        stack.pop();
        if (d > MAX_REF_DEPTH) {
          this.issue(
            nodes[top.id].at,
            `references and in-place applicators nest deeper than ${MAX_REF_DEPTH} at ${
              where(nodes[top.id].at)
            }`,
          );
          return;
        }
      }
    }
  }
}

/** What JSON cannot hold, found in a schema value: its kind in words, or null. */
function notJson(value: unknown): string | null {
  switch (typeof value) {
    case "bigint":
      return `the BigInt ${value}n (JSON has no BigInt; write a number)`;
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    default:
      return null;
  }
}

/**
 * Whether a schema value holds nothing JSON cannot (the common answer,
 * found without building a pointer for every member).
 */
function holdsOnlyJson(schema: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    const kind = typeof value;
    if (kind === "bigint" || kind === "symbol" || kind === "function") return false;
    if (value === null || kind !== "object" || seen.has(value as object)) continue;
    seen.add(value as object);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (!(i in value)) return false;
        stack.push(value[i]);
      }
    } else {
      for (const key in value as Record<string, unknown>) {
        if (Object.hasOwn(value as object, key)) {
          stack.push((value as Record<string, unknown>)[key]);
        }
      }
    }
  }
  return true;
}

/**
 * Throws `CallerError` `E070` with the pointer of the first thing in a
 * schema value that JSON cannot hold: a BigInt, a symbol or a function
 * anywhere (in `enum`, `const`, `minLength`, `type`, a member name's value),
 * or a hole in an array (`[1, , 2]`). A JavaScript host can build these;
 * they would otherwise reach the compiler as a raw `TypeError`, or compare
 * equal to a number (`1n` to `1`). An explicit stack; an object met twice is
 * walked once (a cyclic value is refused later, for its depth).
 *
 * @example
 * ```ts
 * import { checkJsonSchemaValue } from "./jsonschema.ts";
 * import { throws } from "node:assert/strict";
 * checkJsonSchemaValue({ enum: [1, "a", null] });
 * throws(() => checkJsonSchemaValue({ enum: [1, 2n] }), { code: "E070", pointer: "/enum/1" });
 * throws(() => checkJsonSchemaValue({ allOf: [{}, , {}] }), { code: "E070", pointer: "/allOf/1" });
 * ```
 */
export function checkJsonSchemaValue(schema: unknown): void {
  if (holdsOnlyJson(schema)) return;
  const seen = new Set<object>();
  const stack: { value: unknown; at: string }[] = [{ value: schema, at: "" }];
  while (stack.length > 0) {
    const { value, at } = stack.pop()!;
    const bad = notJson(value);
    if (bad !== null) {
      throw new CallerError("E070", at, `${bad} at ${where(at)}: a schema is JSON`);
    }
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (!(i in value)) {
          throw new CallerError(
            "E070",
            `${at}/${i}`,
            `a hole in an array at ${at}/${i}: a schema is JSON (write null, or remove the comma)`,
          );
        }
      }
      // Pushed last first: the first problem in document order is met first.
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], at: `${at}/${i}` });
      continue;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let k = keys.length - 1; k >= 0; k--) {
      stack.push({ value: record[keys[k]], at: `${at}/${pointerToken(keys[k])}` });
    }
  }
}

/**
 * Compiles a JSON Schema into the internal form, or throws `CallerError`
 * `E070` listing every refused keyword and malformed value with its pointer.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "./jsonschema.ts";
 * import { checkForm } from "./check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({
 *   $defs: { tree: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/tree" } } } } },
 *   $ref: "#/$defs/tree",
 * });
 * strictEqual(checkForm(form, { kids: [{ kids: [] }] }).ok, true);
 * strictEqual(checkForm(form, { kids: [{ kids: 1 }] }).ok, false);
 * ```
 */
export function compileJsonSchema(schema: unknown, options: JsonSchemaOptions = {}): Form {
  checkJsonSchemaValue(schema);
  const c = new Compiler(options);
  if (isRecord(schema) && schema.$schema !== undefined && !namesNoDialect(schema.$schema)) {
    const d = typeof schema.$schema === "string" ? dialectOf(schema.$schema) : undefined;
    if (d !== undefined) c.dialect = d;
    c.explicit = true;
  }
  c.resources.set(DEFAULT_BASE, { raw: schema, at: "", depth: 0 });
  c.nodes.push(emptyNode(0, ""));
  c.queue.push({
    raw: schema,
    id: 0,
    at: "",
    base: DEFAULT_BASE,
    scopes: [{ base: DEFAULT_BASE, pointer: "" }],
    depth: 0,
  });
  c.run();
  if (c.issues.length === 0) c.resolveRefs();
  if (c.issues.length === 0) c.checkInPlace();
  if (c.issues.length > 0) {
    const shown = c.issues.slice(0, 20).map((i) => i.text);
    if (c.issues.length > 20) shown.push(`and ${c.issues.length - 20} more`);
    throw new CallerError("E070", c.issues[0].pointer, shown.join("; "));
  }
  return finishForm({
    nodes: c.nodes,
    root: 0,
    source: "jsonschema",
    text: "",
    warnings: c.warnings,
  });
}
