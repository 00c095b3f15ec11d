/**
 * The declaration-language front end: parses `{!query:string,limit:integer}`
 * into a {@linkcode Form}. The grammar, every form and every error are in
 * `docs/DECLARATIONS.md`. The parser is one loop over the text with an
 * explicit stack of open objects, arrays and unions (no recursion), so a
 * declaration nested {@linkcode MAX_DECLARATION_DEPTH} deep parses; deeper
 * is refused at the offending character.
 *
 * Every syntax error is a `CallerError` `E070` whose detail starts with the
 * line, column (1-based, UTF-16 units) and offset (0-based):
 * `E070 SchemaError at 1:9 (offset 8): expected a type after ':', found '}'`.
 *
 * @example
 * ```ts
 * import { parseLanguage } from "./language.ts";
 * import { matchesForm } from "./check.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * const form = parseLanguage("closed{!query:string,limit:integer?,tags:[string](maxItems=3)}");
 * strictEqual(matchesForm(form, { query: "q", limit: null, tags: ["a"] }), true);
 * strictEqual(matchesForm(form, { query: "q", extra: 1 }), false);
 * throws(() => parseLanguage("{!query:}"), /at 1:9 \(offset 8\): expected a type after ':', found '}'/);
 * ```
 *
 * @module
 */

import { CallerError } from "../errors.ts";
import {
  canonicalKey,
  emptyNode,
  finishForm,
  type Form,
  MAX_DECLARATION_DEPTH,
  type Node,
  T_ARRAY,
  T_BOOLEAN,
  T_INTEGER,
  T_NULL,
  T_NUMBER,
  T_OBJECT,
  T_STRING,
} from "./form.ts";
import { compilePattern } from "./pattern.ts";

class SyntaxFault {
  constructor(readonly offset: number, readonly detail: string) {}
}

/** The type names, their type bits, and the constraints each takes. */
const TYPES: Readonly<Record<string, { bits: number; constraints: readonly string[] }>> = {
  any: { bits: 127, constraints: [] },
  null: { bits: T_NULL, constraints: [] },
  boolean: { bits: T_BOOLEAN, constraints: [] },
  string: { bits: T_STRING, constraints: ["minLength", "maxLength", "pattern"] },
  number: {
    bits: T_NUMBER | T_INTEGER,
    constraints: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  },
  integer: {
    bits: T_INTEGER,
    constraints: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  },
  object: { bits: T_OBJECT, constraints: [] },
  array: { bits: T_ARRAY, constraints: ["minItems", "maxItems"] },
};

const COUNTS = new Set(["minLength", "maxLength", "minItems", "maxItems"]);
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

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
function isWordStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}
function isWordPart(c: number): boolean {
  return isWordStart(c) || (c >= 48 && c <= 57) || c === 45;
}

type Frame =
  | { kind: "union"; options: Node[]; after: string }
  | {
    kind: "object";
    node: Node;
    closed: boolean;
    seen: Set<string>;
    name: string;
    required: boolean;
  }
  | { kind: "array" };

class Parser {
  pos = 0;
  readonly nodes: Node[] = [];
  constructor(readonly src: string) {}

  fail(detail: string, offset = this.pos): never {
    throw new SyntaxFault(offset, detail);
  }

  node(): Node {
    const n = emptyNode(this.nodes.length, "");
    this.nodes.push(n);
    return n;
  }

  skipSpace(): void {
    const src = this.src;
    while (this.pos < src.length && isSpace(src.charCodeAt(this.pos))) this.pos++;
  }

  found(): string {
    if (this.pos >= this.src.length) return "end of declaration";
    return `'${String.fromCodePoint(this.src.codePointAt(this.pos)!)}'`;
  }

  word(): string {
    const start = this.pos;
    while (this.pos < this.src.length && isWordPart(this.src.charCodeAt(this.pos))) this.pos++;
    return this.src.slice(start, this.pos);
  }

  string(): string {
    const src = this.src;
    const start = this.pos;
    this.pos++;
    let out = "";
    let run = this.pos;
    for (;;) {
      if (this.pos >= src.length) this.fail("unterminated string", start);
      const c = src.charCodeAt(this.pos);
      if (c === 34) {
        out += src.slice(run, this.pos);
        this.pos++;
        return out;
      }
      if (c < 32) {
        const hex = c.toString(16).toUpperCase().padStart(4, "0");
        this.fail(`raw control character U+${hex} in string; escape it`);
      }
      if (c !== 92) {
        this.pos++;
        continue;
      }
      out += src.slice(run, this.pos);
      const e = src[this.pos + 1];
      const hex = src.slice(this.pos + 2, this.pos + 6);
      if (e === "u" && /^[0-9A-Fa-f]{4}$/.test(hex)) {
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
      } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
        out += ESCAPES[e];
        this.pos += 2;
      } else {
        this.fail(`invalid escape in string; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX`);
      }
      run = this.pos;
    }
  }

  number(): number {
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

  literal(value: string | number | boolean): Node {
    const n = this.node();
    n.values = new Set([canonicalKey(value)]);
    n.valueList = [value];
    n.isConst = true;
    return n;
  }

  /** `(name=value,...)` after a type name or an array; `word` names the type for errors. */
  constraints(n: Node, word: string): void {
    const save = this.pos;
    this.skipSpace();
    if (this.src[this.pos] !== "(") {
      this.pos = save;
      return;
    }
    const allowed = TYPES[word].constraints;
    if (allowed.length === 0) this.fail(`type ${word} takes no constraints`);
    this.pos++;
    const seen = new Set<string>();
    const record = n as unknown as Record<string, unknown>;
    for (;;) {
      this.skipSpace();
      const keyOffset = this.pos;
      const key = this.word();
      if (key === "") this.fail(`expected a constraint name, found ${this.found()}`);
      if (!allowed.includes(key)) {
        this.fail(
          `unknown constraint "${key}" for ${word}; expected ${allowed.join(", ")}`,
          keyOffset,
        );
      }
      if (seen.has(key)) this.fail(`duplicate constraint "${key}"`, keyOffset);
      seen.add(key);
      this.skipSpace();
      if (this.src[this.pos] !== "=") {
        this.fail(`expected '=' after constraint "${key}", found ${this.found()}`);
      }
      this.pos++;
      this.skipSpace();
      const valueOffset = this.pos;
      if (key === "pattern") {
        if (this.src[this.pos] !== '"') {
          this.fail(`constraint pattern needs a string, found ${this.found()}`);
        }
        const compiled = compilePattern(this.string());
        if (typeof compiled === "string") this.fail(`invalid pattern: ${compiled}`, valueOffset);
        n.pattern = compiled;
      } else {
        const c = this.src[this.pos];
        if (c !== "-" && !(c >= "0" && c <= "9")) {
          this.fail(`constraint ${key} needs a number, found ${this.found()}`);
        }
        const v = this.number();
        if (COUNTS.has(key) && !(Number.isSafeInteger(v) && v >= 0)) {
          this.fail(`constraint ${key} needs a non-negative integer, found ${v}`, valueOffset);
        }
        if (key === "multipleOf" && !(v > 0)) {
          this.fail(`constraint multipleOf needs a number greater than 0, found ${v}`, valueOffset);
        }
        record[key] = v;
      }
      this.skipSpace();
      if (this.src[this.pos] === ")") {
        this.pos++;
        return;
      }
      if (this.src[this.pos] !== ",") {
        this.fail(`expected ',' or ')' after constraint "${key}", found ${this.found()}`);
      }
      this.pos++;
    }
  }

  /** Reads `[!] name :` of a member into the object frame. */
  memberHead(frame: Extract<Frame, { kind: "object" }>, expectation: string): void {
    this.skipSpace();
    let required = false;
    if (this.src[this.pos] === "!") {
      required = true;
      this.pos++;
      this.skipSpace();
      expectation = "a member name after '!'";
    }
    const nameOffset = this.pos;
    const c = this.src.charCodeAt(this.pos);
    let name: string;
    if (c === 34) name = this.string();
    else if (isWordStart(c)) name = this.word();
    else return this.fail(`expected ${expectation}, found ${this.found()}`);
    if (frame.seen.has(name)) this.fail(`duplicate member ${JSON.stringify(name)}`, nameOffset);
    frame.seen.add(name);
    this.skipSpace();
    if (this.src[this.pos] !== ":") {
      this.fail(`expected ':' after member ${JSON.stringify(name)}, found ${this.found()}`);
    }
    this.pos++;
    frame.name = name;
    frame.required = required;
  }

  objectNode(closed: boolean): Node {
    const n = this.node();
    n.types = T_OBJECT;
    n.typed = true;
    n.properties = new Map();
    n.required = [];
    if (closed) {
      const never = this.node();
      never.never = true;
      n.additionalProperties = never.id;
    }
    return n;
  }

  union(options: Node[]): Node {
    if (options.length === 1) return options[0];
    const n = this.node();
    n.anyOf = options.map((o) => o.id);
    return n;
  }

  nullable(inner: Node): Node {
    const nul = this.node();
    nul.types = T_NULL;
    nul.typed = true;
    return this.union([inner, nul]);
  }

  parse(): Node {
    const src = this.src;
    const stack: Frame[] = [{ kind: "union", options: [], after: "" }];
    let depth = 0;
    let result: Node | null = null;
    for (;;) {
      if (result === null) {
        // A term is expected.
        this.skipSpace();
        const top = stack[stack.length - 1] as Extract<Frame, { kind: "union" }>;
        if (depth > MAX_DECLARATION_DEPTH) {
          this.fail(`declaration nested deeper than ${MAX_DECLARATION_DEPTH} levels`);
        }
        const c = src.charCodeAt(this.pos);
        const start = this.pos;
        let closed = false;
        if (isWordStart(c)) {
          const word = this.word();
          if (word === "closed" && src[this.pos] === "{") closed = true;
          else if (word === "true" || word === "false") {
            result = this.literal(word === "true");
            continue;
          } else if (!Object.hasOwn(TYPES, word)) {
            this.fail(
              `unknown type "${word}"; expected any, null, boolean, string, number, integer, ` +
                `object, array, a literal, {...}, closed{...} or [...]`,
              start,
            );
          } else {
            const n = this.node();
            if (word !== "any") {
              n.types = TYPES[word].bits;
              n.typed = true;
            }
            this.constraints(n, word);
            result = n;
            continue;
          }
        }
        const ch = src[this.pos];
        if (ch === "{") {
          this.pos++;
          this.skipSpace();
          if (src[this.pos] === "}") {
            this.pos++;
            result = this.objectNode(closed);
            continue;
          }
          const frame: Frame = {
            kind: "object",
            node: this.objectNode(closed),
            closed,
            seen: new Set(),
            name: "",
            required: false,
          };
          this.memberHead(frame, "a member name or '}'");
          stack.push(frame, { kind: "union", options: [], after: "':'" });
          depth++;
        } else if (ch === "[") {
          this.pos++;
          stack.push({ kind: "array" }, { kind: "union", options: [], after: "'['" });
          depth++;
        } else if (ch === '"') result = this.literal(this.string());
        else if (ch === "-" || (ch >= "0" && ch <= "9")) result = this.literal(this.number());
        else {
          const where = top.after === "" ? "" : ` after ${top.after}`;
          this.fail(`expected a type${where}, found ${this.found()}`);
        }
        continue;
      }
      // A term is complete: `?`, then `|` or the end of the union.
      this.skipSpace();
      if (src[this.pos] === "?") {
        this.pos++;
        result = this.nullable(result);
        this.skipSpace();
      }
      const union = stack[stack.length - 1] as Extract<Frame, { kind: "union" }>;
      union.options.push(result);
      result = null;
      if (src[this.pos] === "|") {
        this.pos++;
        union.after = "'|'";
        continue;
      }
      stack.pop();
      const done: Node = this.union(union.options);
      // Close the enclosing objects and arrays that end here.
      for (;;) {
        const frame = stack[stack.length - 1];
        if (frame === undefined) {
          this.skipSpace();
          if (this.pos < src.length) {
            this.fail(`unexpected ${this.found()} after the declaration`);
          }
          return done;
        }
        if (frame.kind === "object") {
          const n = frame.node;
          (n.properties as Map<string, number>).set(frame.name, done.id);
          if (frame.required) (n.required as string[]).push(frame.name);
          this.skipSpace();
          if (src[this.pos] === ",") {
            this.pos++;
            this.memberHead(frame, "a member name after ','");
            stack.push({ kind: "union", options: [], after: "':'" });
            break;
          }
          if (src[this.pos] !== "}") {
            this.fail(
              `expected ',' or '}' after member ${
                JSON.stringify(frame.name)
              }, found ${this.found()}`,
            );
          }
          this.pos++;
          stack.pop();
          depth--;
          result = n;
          break;
        }
        if (frame.kind === "array") {
          this.skipSpace();
          if (src[this.pos] !== "]") {
            this.fail(`expected ']' after the item type, found ${this.found()}`);
          }
          this.pos++;
          stack.pop();
          depth--;
          const n = this.node();
          n.types = T_ARRAY;
          n.typed = true;
          n.items = done.id;
          this.constraints(n, "array");
          result = n;
          break;
        }
        throw new Error("unreachable: a union frame closed onto a union frame");
      }
    }
  }
}

function lineColumn(src: string, offset: number): [number, number] {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < src.length; i++) {
    if (src.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return [line, offset - lineStart + 1];
}

/**
 * Parses the declaration language into the internal form, or throws
 * `CallerError` `E070` with the position of the problem.
 *
 * @example
 * ```ts
 * import { parseLanguage } from "./language.ts";
 * import { CallerError } from "../errors.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(parseLanguage("{!query:string,limit:integer}").source, "language");
 * try {
 *   parseLanguage("strng");
 * } catch (e) {
 *   strictEqual(e instanceof CallerError && e.code, "E070");
 * }
 * ```
 */
export function parseLanguage(source: string): Form {
  const parser = new Parser(source);
  try {
    const root = parser.parse();
    return finishForm({ nodes: parser.nodes, root: root.id, source: "language", text: source });
  } catch (e) {
    if (!(e instanceof SyntaxFault)) throw e;
    const [line, column] = lineColumn(source, e.offset);
    const error = new CallerError(
      "E070",
      "",
      `at ${line}:${column} (offset ${e.offset}): ${e.detail}`,
    );
    // The position reads where a pointer would: `E070 SchemaError at 1:9 (offset 8): …`.
    error.message = `E070 SchemaError ${error.detail}`;
    throw error;
  }
}
