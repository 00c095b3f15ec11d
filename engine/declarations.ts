/**
 * Declarations: what a value must be. Two source forms compile to one
 * intermediate representation, {@linkcode Declaration}:
 *
 * - the **declaration language**, compact enough for a prompt
 *   (`{!query:string,limit:integer}`; `!` marks a required member), parsed by
 *   {@linkcode parseDeclaration};
 * - a **JSON Schema subset** (`schema_json`), compiled by
 *   `compileJsonSchema` in `./jsonschema.ts`.
 *
 * {@linkcode checkDeclaration} measures a value against a declaration and
 * returns a {@linkcode Verdict}; {@linkcode describeDeclaration} renders any
 * declaration back in the declaration language (for retry prompts).
 *
 * Functions that can fail return `Declaration | EngineError`: a declaration
 * always has a `kind`, an error never has one and always has a `code`
 * (`E070`). {@linkcode isDeclaration} tells them apart.
 *
 * The grammar, every form, the JSON Schema subset and the verdict fields are
 * documented in `docs/DECLARATIONS.md`.
 *
 * @example
 * ```ts
 * import { checkDeclaration, isDeclaration, parseDeclaration } from "./declarations.ts";
 * const d = parseDeclaration("{!query:string,limit:integer}");
 * if (isDeclaration(d)) {
 *   console.log(checkDeclaration(d, { query: "weather", limit: 3 }).ok); // true
 * }
 * ```
 *
 * @module
 */

import { type EngineError, engineError, positionedError } from "./errors.ts";
import { compileJsonSchema } from "./jsonschema.ts";

/**
 * The deepest nesting a declaration may have: a type expression may stand
 * inside at most 64 objects or arrays (a JSON Schema subschema at most 64
 * `properties`/`items` steps below the root). Deeper is `E070`.
 *
 * @example
 * ```ts
 * import { MAX_DECLARATION_DEPTH, parseDeclaration } from "./declarations.ts";
 * const ok = "[".repeat(MAX_DECLARATION_DEPTH) + "string" + "]".repeat(MAX_DECLARATION_DEPTH);
 * console.log("kind" in parseDeclaration(ok)); // true
 * ```
 */
export const MAX_DECLARATION_DEPTH = 64;

/** Any value at all (`any`; JSON Schema `{}` or `true`). */
export interface AnyDeclaration {
  /** Discriminant. */
  readonly kind: "any";
}

/** The value `null` (`null`). */
export interface NullDeclaration {
  /** Discriminant. */
  readonly kind: "null";
}

/** `true` or `false` (`boolean`). */
export interface BooleanDeclaration {
  /** Discriminant. */
  readonly kind: "boolean";
}

/** A regular expression, kept with its source (unanchored, compiled with flag `u`). */
export interface DeclaredPattern {
  /** The pattern as written. */
  readonly source: string;
  /** The compiled expression (flag `u`, no `g`/`y`: `test` is stateless). */
  readonly regex: RegExp;
}

/** A string (`string`, `string(minLength=1,maxLength=10,pattern="^a")`). */
export interface StringDeclaration {
  /** Discriminant. */
  readonly kind: "string";
  /** Fewest Unicode code points. */
  readonly minLength?: number;
  /** Most Unicode code points. */
  readonly maxLength?: number;
  /** A pattern the string must contain a match of. */
  readonly pattern?: DeclaredPattern;
}

/** A finite number (`number`) or one that is an integer (`integer`), with optional bounds. */
export interface NumberDeclaration {
  /** Discriminant: `integer` also requires `Number.isInteger`. */
  readonly kind: "number" | "integer";
  /** value ≥ minimum. */
  readonly minimum?: number;
  /** value ≤ maximum. */
  readonly maximum?: number;
  /** value > exclusiveMinimum. */
  readonly exclusiveMinimum?: number;
  /** value < exclusiveMaximum. */
  readonly exclusiveMaximum?: number;
}

/** Exactly one string, number or boolean (`"asc"`, `1`, `true`). */
export interface LiteralDeclaration {
  /** Discriminant. */
  readonly kind: "literal";
  /** The value, compared with `===`. */
  readonly value: string | number | boolean;
}

/**
 * A member name and whether it is required.
 *
 * @example
 * ```ts
 * import type { DeclaredMember } from "./declarations.ts";
 * const m: DeclaredMember = { name: "query", required: true };
 * console.log(m.name);
 * ```
 */
export interface DeclaredMember {
  /** The member name (any string). */
  readonly name: string;
  /** `!` in the language; listed in `required` in JSON Schema. */
  readonly required: boolean;
}

/** A member of an object declaration: name, requiredness and type. */
export interface MemberDeclaration extends DeclaredMember {
  /** What the member's value must be. */
  readonly type: Declaration;
}

/**
 * An object (`{!a:string,b:integer}`; `object` is `{}`). Undeclared members
 * are allowed.
 */
export interface ObjectDeclaration {
  /** Discriminant. */
  readonly kind: "object";
  /** Declared members, in declaration order, names unique. */
  readonly members: readonly MemberDeclaration[];
}

/** An array whose every item matches `items` (`[string]`; `array` is `[any]`). */
export interface ArrayDeclaration {
  /** Discriminant. */
  readonly kind: "array";
  /** What every item must be. */
  readonly items: Declaration;
}

/** A value matching at least one option (`string|null`); never nested, at least two options. */
export interface UnionDeclaration {
  /** Discriminant. */
  readonly kind: "union";
  /** The options, in order; none is itself a union. */
  readonly options: readonly Declaration[];
}

/**
 * The intermediate representation both source forms compile to: a tree of
 * nodes discriminated by `kind`. Trees are never shared or cyclic, and nest at
 * most {@linkcode MAX_DECLARATION_DEPTH} objects/arrays deep.
 *
 * @example
 * ```ts
 * import type { Declaration } from "./declarations.ts";
 * const d: Declaration = {
 *   kind: "object",
 *   members: [{ name: "query", required: true, type: { kind: "string" } }],
 * };
 * console.log(d.kind); // "object"
 * ```
 */
export type Declaration =
  | AnyDeclaration
  | NullDeclaration
  | BooleanDeclaration
  | StringDeclaration
  | NumberDeclaration
  | LiteralDeclaration
  | ObjectDeclaration
  | ArrayDeclaration
  | UnionDeclaration;

/**
 * One member (at any depth) that is present but does not match.
 *
 * @example
 * ```ts
 * import type { Mismatch } from "./declarations.ts";
 * const m: Mismatch = { pointer: "/limit", expected: "integer", found: "string" };
 * console.log(m.pointer);
 * ```
 */
export interface Mismatch {
  /** RFC 6901 JSON pointer of the value; `""` is the root. */
  pointer: string;
  /** What was declared there, in the declaration language (`integer`, `"asc"|"desc"`). */
  expected: string;
  /** What was found (`string`, `number 3.5`, `string of length 12`). */
  found: string;
}

/**
 * How well a value satisfies a declaration.
 *
 * @example
 * ```ts
 * import type { Verdict } from "./declarations.ts";
 * const v: Verdict = { total: 2, satisfied: 1, missing: ["/query"], mismatched: [], ok: false };
 * console.log(v.ok);
 * ```
 */
export interface Verdict {
  /** Declared top-level members when the declaration is an object; 1 otherwise. */
  total: number;
  /** Top-level members met (present and matching, or optional and absent); 1/0 otherwise. */
  satisfied: number;
  /** Pointers of absent required members, at any depth, in declaration order. */
  missing: string[];
  /** Present members (any depth) that do not match; the root is pointer `""`. */
  mismatched: Mismatch[];
  /** `missing` and `mismatched` are both empty. */
  ok: boolean;
}

/**
 * Tells a declaration from an error: declarations have `kind`, errors do not.
 *
 * @example
 * ```ts
 * import { isDeclaration, parseDeclaration } from "./declarations.ts";
 * console.log(isDeclaration(parseDeclaration("string"))); // true
 * console.log(isDeclaration(parseDeclaration("strng"))); // false
 * ```
 */
export function isDeclaration(result: Declaration | EngineError): result is Declaration {
  return "kind" in result;
}

// ---------------------------------------------------------------------------
// Shared building blocks (also used by ./jsonschema.ts)

/** The type names of the declaration language. */
const TYPE_NAMES: Readonly<Record<string, Declaration>> = {
  any: { kind: "any" },
  null: { kind: "null" },
  boolean: { kind: "boolean" },
  string: { kind: "string" },
  number: { kind: "number" },
  integer: { kind: "integer" },
  object: { kind: "object", members: [] },
  array: { kind: "array", items: { kind: "any" } },
};

/** Which constraints each constrainable type takes, and what value each needs. */
const CONSTRAINTS: Readonly<
  Record<string, Readonly<Record<string, "length" | "bound" | "pattern">>>
> = {
  string: { minLength: "length", maxLength: "length", pattern: "pattern" },
  number: {
    minimum: "bound",
    maximum: "bound",
    exclusiveMinimum: "bound",
    exclusiveMaximum: "bound",
  },
  integer: {
    minimum: "bound",
    maximum: "bound",
    exclusiveMinimum: "bound",
    exclusiveMaximum: "bound",
  },
};

/** Names that need no quotes in the declaration language. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * Compiles a pattern once, or says why it is not a regular expression.
 *
 * @example
 * ```ts
 * import { compilePattern } from "./declarations.ts";
 * console.log(typeof compilePattern("^[a-z]+$")); // "object"
 * console.log(typeof compilePattern("(")); // "string"
 * ```
 */
export function compilePattern(source: string): DeclaredPattern | string {
  try {
    return { source, regex: new RegExp(source, "u") };
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * Builds a union from options, flattening nested unions; one option is
 * returned as is.
 *
 * @example
 * ```ts
 * import { unionOf } from "./declarations.ts";
 * console.log(unionOf([{ kind: "string" }, { kind: "null" }]).kind); // "union"
 * ```
 */
export function unionOf(options: readonly Declaration[]): Declaration {
  const flat: Declaration[] = [];
  for (const o of options) {
    if (o.kind === "union") flat.push(...o.options);
    else flat.push(o);
  }
  return flat.length === 1 ? flat[0] : { kind: "union", options: flat };
}

/**
 * Escapes one RFC 6901 reference token (`~` → `~0`, `/` → `~1`).
 *
 * @example
 * ```ts
 * import { pointerToken } from "./declarations.ts";
 * console.log(pointerToken("a/b~c")); // "a~1b~0c"
 * ```
 */
export function pointerToken(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}

// ---------------------------------------------------------------------------
// The declaration language parser

class DeclarationSyntaxError {
  constructor(readonly offset: number, readonly detail: string) {}
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const WORD_START = /[A-Za-z_$]/;
const WORD_PART = /[A-Za-z0-9_$-]/;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * A recursive-descent parser whose recursion is bounded by
 * MAX_DECLARATION_DEPTH: every descent into `{` or `[` checks the depth first.
 */
class DeclarationParser {
  pos = 0;
  constructor(readonly src: string) {}

  fail(detail: string, offset = this.pos): never {
    throw new DeclarationSyntaxError(offset, detail);
  }

  skipSpace(): void {
    while (this.pos < this.src.length && WHITESPACE.has(this.src[this.pos])) this.pos++;
  }

  found(): string {
    if (this.pos >= this.src.length) return "end of declaration";
    const cp = this.src.codePointAt(this.pos)!;
    return `'${String.fromCodePoint(cp)}'`;
  }

  parseDocument(): Declaration {
    const d = this.parseUnion(0, "");
    this.skipSpace();
    if (this.pos < this.src.length) this.fail(`unexpected ${this.found()} after the declaration`);
    return d;
  }

  /** `after` names the token before the expected type, for the error message. */
  parseUnion(depth: number, after: string): Declaration {
    this.skipSpace();
    if (depth > MAX_DECLARATION_DEPTH) {
      this.fail(`declaration nested deeper than ${MAX_DECLARATION_DEPTH} levels`);
    }
    const options = [this.parseTerm(depth, after)];
    for (;;) {
      this.skipSpace();
      if (this.src[this.pos] !== "|") break;
      this.pos++;
      this.skipSpace();
      options.push(this.parseTerm(depth, "'|'"));
    }
    return unionOf(options);
  }

  parseTerm(depth: number, after: string): Declaration {
    const c = this.src[this.pos];
    if (c === "{") return this.parseObject(depth);
    if (c === "[") return this.parseArray(depth);
    if (c === '"') return { kind: "literal", value: this.parseString() };
    if (c === "-" || (c >= "0" && c <= "9")) return { kind: "literal", value: this.parseNumber() };
    if (c !== undefined && WORD_START.test(c)) {
      const start = this.pos;
      const word = this.parseWord();
      if (word === "true" || word === "false") return { kind: "literal", value: word === "true" };
      if (!Object.hasOwn(TYPE_NAMES, word)) {
        this.fail(
          `unknown type "${word}"; expected any, null, boolean, string, number, integer, ` +
            `object, array, a literal, {...} or [...]`,
          start,
        );
      }
      return this.parseConstraints(word);
    }
    const where = after === "" ? "" : ` after ${after}`;
    return this.fail(`expected a type${where}, found ${this.found()}`);
  }

  parseWord(): string {
    const start = this.pos;
    while (this.pos < this.src.length && WORD_PART.test(this.src[this.pos])) this.pos++;
    return this.src.slice(start, this.pos);
  }

  parseObject(depth: number): Declaration {
    this.pos++; // {
    const members: MemberDeclaration[] = [];
    const seen = new Set<string>();
    this.skipSpace();
    if (this.src[this.pos] === "}") {
      this.pos++;
      return { kind: "object", members };
    }
    let expectation = "a member name or '}'";
    for (;;) {
      this.skipSpace();
      let required = false;
      if (this.src[this.pos] === "!") {
        required = true;
        this.pos++;
        this.skipSpace();
        expectation = "a member name after '!'";
      }
      const nameOffset = this.pos;
      const c = this.src[this.pos];
      let name: string;
      if (c === '"') name = this.parseString();
      else if (c !== undefined && WORD_START.test(c)) name = this.parseWord();
      else return this.fail(`expected ${expectation}, found ${this.found()}`);
      if (seen.has(name)) this.fail(`duplicate member ${JSON.stringify(name)}`, nameOffset);
      seen.add(name);
      this.skipSpace();
      if (this.src[this.pos] !== ":") {
        this.fail(`expected ':' after member ${JSON.stringify(name)}, found ${this.found()}`);
      }
      this.pos++;
      const type = this.parseUnion(depth + 1, "':'");
      members.push({ name, required, type });
      this.skipSpace();
      if (this.src[this.pos] === "}") {
        this.pos++;
        return { kind: "object", members };
      }
      if (this.src[this.pos] !== ",") {
        this.fail(
          `expected ',' or '}' after member ${JSON.stringify(name)}, found ${this.found()}`,
        );
      }
      this.pos++;
      expectation = "a member name after ','";
    }
  }

  parseArray(depth: number): Declaration {
    this.pos++; // [
    const items = this.parseUnion(depth + 1, "'['");
    this.skipSpace();
    if (this.src[this.pos] !== "]") {
      this.fail(`expected ']' after the item type, found ${this.found()}`);
    }
    this.pos++;
    return { kind: "array", items };
  }

  parseString(): string {
    const start = this.pos;
    this.pos++; // "
    let out = "";
    for (;;) {
      if (this.pos >= this.src.length) this.fail("unterminated string", start);
      const c = this.src[this.pos];
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c < " ") {
        const hex = c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
        this.fail(`raw control character U+${hex} in string; escape it`);
      }
      if (c !== "\\") {
        out += c;
        this.pos++;
        continue;
      }
      const e = this.src[this.pos + 1];
      if (e === "u" && /^[0-9A-Fa-f]{4}$/.test(this.src.slice(this.pos + 2, this.pos + 6))) {
        out += String.fromCharCode(parseInt(this.src.slice(this.pos + 2, this.pos + 6), 16));
        this.pos += 6;
      } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
        out += ESCAPES[e];
        this.pos += 2;
      } else {
        this.fail(`invalid escape in string; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX`);
      }
    }
  }

  parseNumber(): number {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.src);
    const next = m === null ? undefined : this.src[this.pos + m[0].length];
    if (m === null || (next !== undefined && /[0-9.eE+\-A-Za-z_$]/.test(next))) {
      const end = this.src.slice(this.pos).search(/[^0-9.eE+\-A-Za-z_$]/);
      const text = end < 0 ? this.src.slice(this.pos) : this.src.slice(this.pos, this.pos + end);
      this.fail(`invalid number "${text}"; write numbers as in JSON`);
    }
    const value = Number(m[0]);
    if (!Number.isFinite(value)) this.fail(`number ${m[0]} is out of range`);
    this.pos += m[0].length;
    return value;
  }

  parseConstraints(word: string): Declaration {
    const base = TYPE_NAMES[word];
    const save = this.pos;
    this.skipSpace();
    if (this.src[this.pos] !== "(") {
      this.pos = save;
      return base;
    }
    const allowed = CONSTRAINTS[word];
    if (allowed === undefined) this.fail(`type ${word} takes no constraints`);
    this.pos++; // (
    const result: Record<string, unknown> = { kind: base.kind };
    for (;;) {
      this.skipSpace();
      const keyOffset = this.pos;
      const key = this.parseWord();
      if (key === "") this.fail(`expected a constraint name, found ${this.found()}`);
      if (!Object.hasOwn(allowed, key)) {
        this.fail(
          `unknown constraint "${key}" for ${word}; expected ${Object.keys(allowed).join(", ")}`,
          keyOffset,
        );
      }
      if (Object.hasOwn(result, key)) this.fail(`duplicate constraint "${key}"`, keyOffset);
      this.skipSpace();
      if (this.src[this.pos] !== "=") {
        this.fail(`expected '=' after constraint "${key}", found ${this.found()}`);
      }
      this.pos++;
      this.skipSpace();
      const valueOffset = this.pos;
      const need = allowed[key];
      if (need === "pattern") {
        if (this.src[this.pos] !== '"') {
          this.fail(`constraint pattern needs a string, found ${this.found()}`);
        }
        const compiled = compilePattern(this.parseString());
        if (typeof compiled === "string") this.fail(`invalid pattern: ${compiled}`, valueOffset);
        result[key] = compiled;
      } else {
        const c = this.src[this.pos];
        if (c !== "-" && !(c >= "0" && c <= "9")) {
          this.fail(`constraint ${key} needs a number, found ${this.found()}`);
        }
        const n = this.parseNumber();
        if (need === "length" && !(Number.isSafeInteger(n) && n >= 0)) {
          this.fail(`constraint ${key} needs a non-negative integer, found ${n}`, valueOffset);
        }
        result[key] = n;
      }
      this.skipSpace();
      if (this.src[this.pos] === ")") {
        this.pos++;
        return result as unknown as Declaration;
      }
      if (this.src[this.pos] !== ",") {
        this.fail(`expected ',' or ')' after constraint "${key}", found ${this.found()}`);
      }
      this.pos++;
    }
  }
}

function lineColumn(src: string, offset: number): [number, number] {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < src.length; i++) {
    if (src[i] === "\n") {
      line++;
      lineStart = i + 1;
    }
  }
  return [line, offset - lineStart + 1];
}

/**
 * Parses the declaration language into a {@linkcode Declaration}, or returns
 * an `E070` error with the line, column and offset of the problem.
 *
 * @example
 * ```ts
 * import { parseDeclaration } from "./declarations.ts";
 * console.log(parseDeclaration("{!query:string,limit:integer}"));
 * const e = parseDeclaration("{!query:}");
 * if ("code" in e) console.log(e.message);
 * // "E070 SchemaError at 1:9 (offset 8): expected a type after ':', found '}'"
 * ```
 */
export function parseDeclaration(source: string): Declaration | EngineError {
  const parser = new DeclarationParser(source);
  try {
    return parser.parseDocument();
  } catch (e) {
    if (!(e instanceof DeclarationSyntaxError)) throw e;
    const [line, column] = lineColumn(source, e.offset);
    return positionedError("E070", line, column, e.offset, e.detail);
  }
}

// ---------------------------------------------------------------------------
// Rendering

function renderNumber(n: number): string {
  return JSON.stringify(n);
}

function renderConstraints(d: Declaration, keys: readonly string[]): string {
  const parts: string[] = [];
  const record = d as unknown as Record<string, unknown>;
  for (const key of keys) {
    const v = record[key];
    if (v === undefined) continue;
    if (typeof v === "number") parts.push(`${key}=${renderNumber(v)}`);
    else parts.push(`${key}=${JSON.stringify((v as DeclaredPattern).source)}`);
  }
  return parts.length === 0 ? d.kind : `${d.kind}(${parts.join(",")})`;
}

function renderName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/**
 * Renders a declaration in the declaration language, compactly (no spaces).
 * `parseDeclaration(describeDeclaration(d))` gives back an equal declaration.
 *
 * @example
 * ```ts
 * import { describeDeclaration, compileDeclarations } from "./declarations.ts";
 * import type { Declaration } from "./declarations.ts";
 * const d = compileDeclarations({
 *   schemaJson: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
 * }) as Declaration;
 * console.log(describeDeclaration(d)); // "{!q:string}"
 * ```
 */
export function describeDeclaration(declaration: Declaration): string {
  switch (declaration.kind) {
    case "any":
    case "null":
    case "boolean":
      return declaration.kind;
    case "string":
      return renderConstraints(declaration, ["minLength", "maxLength", "pattern"]);
    case "number":
    case "integer":
      return renderConstraints(declaration, [
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
      ]);
    case "literal":
      return typeof declaration.value === "number"
        ? renderNumber(declaration.value)
        : JSON.stringify(declaration.value);
    case "object":
      if (declaration.members.length === 0) return "object";
      return "{" +
        declaration.members.map((m) =>
          `${m.required ? "!" : ""}${renderName(m.name)}:${describeDeclaration(m.type)}`
        ).join(",") + "}";
    case "array":
      return declaration.items.kind === "any"
        ? "array"
        : `[${describeDeclaration(declaration.items)}]`;
    case "union":
      return declaration.options.map(describeDeclaration).join("|");
  }
}

/** Like describeDeclaration, but objects and arrays are only named (their contents are checked deeper). */
function describeShallow(declaration: Declaration): string {
  if (declaration.kind === "object") return "object";
  if (declaration.kind === "array") return "array";
  if (declaration.kind === "union") {
    return [...new Set(declaration.options.map(describeShallow))].join("|");
  }
  return describeDeclaration(declaration);
}

// ---------------------------------------------------------------------------
// Checking

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function describeValue(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${value}`;
  return jsonType(value);
}

function quoteShort(s: string): string {
  const cut = s.length > 40 ? s.slice(0, 40) + "…" : s;
  return `string ${JSON.stringify(cut)}`;
}

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Whether the value is of the JSON type the declaration node wants (contents not checked). */
function sameShape(d: Declaration, value: unknown): boolean {
  switch (d.kind) {
    case "any":
      return true;
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "number":
    case "integer":
      return typeof value === "number";
    case "literal":
      return typeof value === typeof d.value;
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    case "union":
      return d.options.some((o) => sameShape(o, value));
  }
}

interface Report {
  missing: string[];
  mismatched: Mismatch[];
}

/**
 * Why a scalar value fails a scalar node, or null when it matches. Returns
 * the `found` text.
 */
function scalarFailure(d: Declaration, value: unknown): string | null {
  switch (d.kind) {
    case "any":
      return null;
    case "null":
      return value === null ? null : describeValue(value);
    case "boolean":
      return typeof value === "boolean" ? null : describeValue(value);
    case "string": {
      if (typeof value !== "string") return describeValue(value);
      if (d.minLength !== undefined || d.maxLength !== undefined) {
        const n = codePoints(value);
        if (
          (d.minLength !== undefined && n < d.minLength) ||
          (d.maxLength !== undefined && n > d.maxLength)
        ) return `string of length ${n}`;
      }
      if (d.pattern !== undefined && !d.pattern.regex.test(value)) return quoteShort(value);
      return null;
    }
    case "number":
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) return describeValue(value);
      if (d.kind === "integer" && !Number.isInteger(value)) return describeValue(value);
      if (d.minimum !== undefined && !(value >= d.minimum)) return describeValue(value);
      if (d.maximum !== undefined && !(value <= d.maximum)) return describeValue(value);
      if (d.exclusiveMinimum !== undefined && !(value > d.exclusiveMinimum)) {
        return describeValue(value);
      }
      if (d.exclusiveMaximum !== undefined && !(value < d.exclusiveMaximum)) {
        return describeValue(value);
      }
      return null;
    }
    case "literal":
      if (value === d.value) return null;
      return typeof value === "string" ? quoteShort(value) : describeValue(value);
    default:
      return describeValue(value);
  }
}

/**
 * Checks `value` against `d`. With `report` null it only answers (stops at the
 * first failure); otherwise it records every failure under `pointer`.
 * Recursion follows the declaration, so its depth is bounded by
 * MAX_DECLARATION_DEPTH however deep the value is.
 */
function visit(d: Declaration, value: unknown, pointer: string, report: Report | null): boolean {
  switch (d.kind) {
    case "object": {
      if (!isObject(value)) return mismatch(d, value, pointer, report, describeValue(value));
      let ok = true;
      for (const m of d.members) {
        const child = report === null ? "" : `${pointer}/${pointerToken(m.name)}`;
        if (Object.hasOwn(value, m.name)) {
          if (!visit(m.type, value[m.name], child, report)) {
            ok = false;
            if (report === null) return false;
          }
        } else if (m.required) {
          ok = false;
          if (report === null) return false;
          report.missing.push(child);
        }
      }
      return ok;
    }
    case "array": {
      if (!Array.isArray(value)) return mismatch(d, value, pointer, report, describeValue(value));
      if (d.items.kind === "any") return true;
      let ok = true;
      for (let i = 0; i < value.length; i++) {
        if (!visit(d.items, value[i], report === null ? "" : `${pointer}/${i}`, report)) {
          ok = false;
          if (report === null) return false;
        }
      }
      return ok;
    }
    case "union": {
      for (const o of d.options) if (visit(o, value, "", null)) return true;
      if (report === null) return false;
      // Report the deepest specific reason when exactly one option has the
      // value's shape and has contents to look into.
      const candidates = d.options.filter((o) => sameShape(o, value));
      if (
        candidates.length === 1 &&
        (candidates[0].kind === "object" || candidates[0].kind === "array")
      ) {
        return visit(candidates[0], value, pointer, report);
      }
      const found = candidates.length === 0
        ? describeValue(value)
        : (scalarFailure(candidates[0], value) ?? describeValue(value));
      return mismatch(d, value, pointer, report, found);
    }
    default: {
      const found = scalarFailure(d, value);
      return found === null ? true : mismatch(d, value, pointer, report, found);
    }
  }
}

function mismatch(
  d: Declaration,
  _value: unknown,
  pointer: string,
  report: Report | null,
  found: string,
): false {
  report?.mismatched.push({ pointer, expected: describeShallow(d), found });
  return false;
}

/**
 * Whether a value satisfies a declaration (no report).
 *
 * @example
 * ```ts
 * import { matchesDeclaration } from "./declarations.ts";
 * console.log(matchesDeclaration({ kind: "integer" }, 3)); // true
 * ```
 */
export function matchesDeclaration(declaration: Declaration, value: unknown): boolean {
  return visit(declaration, value, "", null);
}

/**
 * Measures a value against a declaration. Undeclared members are allowed;
 * object keys are own properties only (`"__proto__"` works as a member).
 *
 * @example
 * ```ts
 * import { checkDeclaration, parseDeclaration } from "./declarations.ts";
 * import type { Declaration } from "./declarations.ts";
 * const d = parseDeclaration("{!query:string,!limit:integer}") as Declaration;
 * console.log(checkDeclaration(d, { limit: "3" }));
 * // { total: 2, satisfied: 0, missing: ["/query"],
 * //   mismatched: [{ pointer: "/limit", expected: "integer", found: "string" }], ok: false }
 * ```
 */
export function checkDeclaration(declaration: Declaration, value: unknown): Verdict {
  const report: Report = { missing: [], mismatched: [] };
  let total = 1;
  let satisfied = 0;
  if (declaration.kind === "object") {
    total = declaration.members.length;
    if (!isObject(value)) {
      mismatch(declaration, value, "", report, describeValue(value));
    } else {
      for (const m of declaration.members) {
        const pointer = `/${pointerToken(m.name)}`;
        if (Object.hasOwn(value, m.name)) {
          if (visit(m.type, value[m.name], pointer, report)) satisfied++;
        } else if (m.required) {
          report.missing.push(pointer);
        } else {
          satisfied++;
        }
      }
    }
  } else if (visit(declaration, value, "", report)) {
    satisfied = 1;
  }
  const ok = report.missing.length === 0 && report.mismatched.length === 0;
  return { total, satisfied, missing: report.missing, mismatched: report.mismatched, ok };
}

/**
 * What is wrong with a value, in words, for a failed verdict: each missing
 * required member, then each mismatch, at most `limit` of them and then how
 * many more. Error messages and retry prompts use it.
 *
 * @example
 * ```ts
 * import { checkDeclaration, describeVerdictProblems, parseDeclaration } from "./declarations.ts";
 * import type { Declaration } from "./declarations.ts";
 * const d = parseDeclaration("{!query:string,!limit:integer}") as Declaration;
 * console.log(describeVerdictProblems(checkDeclaration(d, { query: 3 })));
 * // "required member /limit is missing; /query must be string, found number 3"
 * ```
 */
export function describeVerdictProblems(verdict: Verdict, limit = 10): string {
  const problems = [
    ...verdict.missing.map((pointer) => `required member ${pointer} is missing`),
    ...verdict.mismatched.map((m) =>
      `${m.pointer === "" ? "the value" : m.pointer} must be ${m.expected}, found ${m.found}`
    ),
  ];
  const shown = problems.slice(0, limit);
  if (problems.length > limit) shown.push(`${problems.length - limit} more`);
  return shown.join("; ");
}

/**
 * The top-level members of an object declaration, in order; `[]` for any
 * other declaration (including a union that contains an object).
 *
 * @example
 * ```ts
 * import { declaredMembers, parseDeclaration } from "./declarations.ts";
 * import type { Declaration } from "./declarations.ts";
 * const d = parseDeclaration("{!query:string,limit:integer}") as Declaration;
 * console.log(declaredMembers(d).map((m) => m.name)); // ["query", "limit"]
 * ```
 */
export function declaredMembers(declaration: Declaration): readonly DeclaredMember[] {
  if (declaration.kind !== "object") return [];
  return declaration.members.map((m) => ({ name: m.name, required: m.required }));
}

/**
 * Compiles whichever declaration is given: `schema` (the declaration language)
 * or `schemaJson` (the JSON Schema subset). `null` when neither is given
 * (`undefined` and `null` both mean "not given"); `E070` when both are.
 *
 * @example
 * ```ts
 * import { compileDeclarations } from "./declarations.ts";
 * console.log(compileDeclarations({})); // null
 * console.log(compileDeclarations({ schema: "{!q:string}" }));
 * console.log(compileDeclarations({ schema: "string", schemaJson: {} }));
 * // { code: "E070", message: "E070 SchemaError: give either schema or schema_json, not both" }
 * ```
 */
export function compileDeclarations(
  input: { schema?: string; schemaJson?: unknown },
): Declaration | null | EngineError {
  const hasSchema = input.schema !== undefined && input.schema !== null;
  const hasJson = input.schemaJson !== undefined && input.schemaJson !== null;
  if (hasSchema && hasJson) {
    return engineError("E070", "give either schema or schema_json, not both");
  }
  if (hasSchema) {
    if (typeof input.schema !== "string") {
      return engineError("E070", `schema must be a string, found ${jsonType(input.schema)}`);
    }
    return parseDeclaration(input.schema);
  }
  if (hasJson) return compileJsonSchema(input.schemaJson);
  return null;
}
