/**
 * The describer: words for what a node requires and what a value is, for
 * retry prompts (`/limit must be an integer at most 50; got the string "3"`),
 * and the rendering of a form back in the declaration language. It reads
 * the form and the checker's issues only, never a front end; it walks nodes
 * with an explicit stack and bounds every text it builds.
 *
 * @example
 * ```ts
 * import { describeIssue } from "./describe.ts";
 * import { checkForm } from "./check.ts";
 * import { parseLanguage } from "./language.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = parseLanguage("{!limit:integer(maximum=50)}");
 * const [issue] = checkForm(form, { limit: "3" }).issues;
 * deepStrictEqual(describeIssue(form, issue), {
 *   pointer: "/limit", expected: "an integer at most 50", found: 'the string "3"',
 * });
 * ```
 *
 * @module
 */

import { type Issue, type Phrase, plural, type Say } from "./keywords/keyword.ts";
import { KEYWORD_MODULES, moduleOf } from "./keywords/catalogue.ts";
import { describeValues } from "./keywords/enum_const.ts";
import { TYPE_WORDS, typeWords } from "./keywords/type.ts";
import { ALL_TYPES, type Form, type Node, T_INTEGER, T_NUMBER } from "./form.ts";

/** Values listed in words before "…". */
const LIST_LIMIT = 10;
/** Characters of a string value quoted in words. */
const QUOTE_LIMIT = 40;
/** Characters of a rendering before it is cut. */
const RENDER_LIMIT = 400;

function literal(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  if (s.length <= QUOTE_LIMIT + 2) return s;
  // Never cut between the halves of a surrogate pair (a lone half is not text).
  const high = (s.charCodeAt(QUOTE_LIMIT - 1) & 0xfc00) === 0xd800;
  return s.slice(0, high ? QUOTE_LIMIT - 1 : QUOTE_LIMIT) + "…";
}

function list(values: readonly unknown[]): string {
  const shown = values.slice(0, LIST_LIMIT).map(literal);
  if (values.length > LIST_LIMIT) shown.push(`… (${values.length - LIST_LIMIT} more)`);
  return shown.join(", ");
}

/**
 * What a node requires, in words: its types and its own constraints
 * (`an integer at most 50`, `one of "fast", "safe"`).
 *
 * @example
 * ```ts
 * import { describeNode } from "./describe.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = parseLanguage("string(minLength=1,maxLength=10)");
 * strictEqual(describeNode(form, form.nodes[form.root]), "a string of 1 to 10 characters");
 * ```
 */
export function describeNode(form: Form, n: Node): string {
  if (n.never) return "absent (nothing is allowed here)";
  const own = shortNode(n);
  // A node that says nothing itself (a union of the language) is its alternatives; one with
  // types or constraints of its own is described by them, not by branches it may also have.
  return own === "a value" && n.anyOf !== undefined ? alternatives(form, n.anyOf) : own;
}

/** The type each constraint keyword asserts on, for a node without `type`. */
const GROUP_NOUNS = ["a number", "a string", "an array", "an object"] as const;

/**
 * A node's types and own constraints, without looking at other nodes. Without
 * `type`, constraints that all assert on one type name it (`minimum` → a
 * number); constraints on several types are each followed by their type
 * (`at least 1 (if a number), of at least 1 character (if a string)`), with
 * `type` or without.
 */
function shortNode(n: Node): string {
  if (n.never) return "nothing";
  if (n.values !== undefined) return describeValues(n, SAY);
  const c: Phrase[] = [];
  for (const m of KEYWORD_MODULES) if (m.requires !== undefined) c.push(...m.requires(n, SAY));
  const groups = new Set(c.map(([g]) => g));
  const words = c.map(([, w]) => w);
  if (groups.size > 1) {
    // Constraints on several types: each type's last constraint names it.
    for (let i = 0; i < c.length; i++) {
      if (i + 1 === c.length || c[i + 1][0] !== c[i][0]) {
        words[i] += ` (if ${GROUP_NOUNS[c[i][0]]})`;
      }
    }
  }
  const rest = words.join(", ");
  const noun = n.types !== ALL_TYPES
    ? typeWords(n.types).join(" or ")
    : groups.size === 1
    ? GROUP_NOUNS[c[0][0]]
    : "";
  if (noun === "") return rest === "" ? "a value" : rest;
  if (rest === "") return noun;
  return groups.size > 1 ? `${noun}, ${rest}` : `${noun} ${rest}`;
}

/**
 * What a value is, in words (`the string "3"`, `70`, `an array of 3 items`).
 *
 * @example
 * ```ts
 * import { describeValue } from "./describe.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(describeValue("3"), 'the string "3"');
 * strictEqual(describeValue([1, 2]), "an array of 2 items");
 * ```
 */
export function describeValue(v: unknown): string {
  if (v === undefined) return "nothing";
  if (typeof v === "string") return `the string ${literal(v)}`;
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  if (Array.isArray(v)) return `an array of ${plural(v.length, "item")}`;
  return `an object with ${plural(Object.keys(v as object).length, "member")}`;
}

/**
 * An issue in words: the pointer, what was expected there and what was found.
 *
 * @example
 * ```ts
 * import { describeIssue } from "./describe.ts";
 * import { checkForm } from "./check.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = parseLanguage('{!mode:"fast"|"safe"}');
 * const [issue] = checkForm(form, { mode: "slow" }).issues;
 * strictEqual(describeIssue(form, issue).expected, 'exactly "fast" or exactly "safe"');
 * ```
 */
export function describeIssue(
  form: Form,
  issue: Issue,
): { pointer: string; expected: string; found: string } {
  const { node: n, value: v, pointer } = issue;
  const expected = describeNode(form, n);
  const found = describeValue(v);
  const words = moduleOf(issue.keyword)?.words;
  if (words !== undefined) {
    const w = words(form, issue, SAY);
    return { pointer, expected: w.expected ?? expected, found: w.found ?? found };
  }
  return { pointer, expected, found };
}

/** The describer's vocabulary, as the keyword modules' words use it. */
const SAY: Say = {
  literal,
  list,
  plural,
  node: describeNode,
  value: describeValue,
  alternatives,
};

function alternatives(form: Form, options: readonly number[]): string {
  const parts = options.slice(0, LIST_LIMIT).map((c) => shortNode(form.nodes[c]));
  return [...new Set(parts)].join(" or ");
}

/**
 * Renders a form in the declaration language (compact, no spaces), as far
 * as the language can say it: JSON Schema keywords the language lacks are
 * left out, so the rendering may admit more than the form. Cut at 400
 * characters.
 *
 * @example
 * ```ts
 * import { renderForm } from "./describe.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(renderForm(parseLanguage("{ !q : string , n : integer(maximum=5) }")), "{!q:string,n:integer(maximum=5)}");
 * ```
 */
export function renderForm(form: Form): string {
  const out: string[] = [];
  let length = 0;
  // Work items: a node to render (its index), a piece of text, or the end of a node whose
  // children are being rendered (`-1 - index`): a node met again inside itself renders as `any`.
  const work: (number | string)[] = [form.root];
  const visiting = new Set<number>();
  while (work.length > 0) {
    if (length > RENDER_LIMIT) {
      out.push("…");
      break;
    }
    const w = work.pop()!;
    if (typeof w === "string") {
      out.push(w);
      length += w.length;
      continue;
    }
    if (w < 0) {
      visiting.delete(-1 - w);
      continue;
    }
    let n = form.nodes[w];
    // Follow references (a recursive schema renders its repeated part as `any`).
    let hops = 0;
    while (
      n.ref !== undefined && n.types === ALL_TYPES && n.properties === undefined && hops++ < 64
    ) {
      n = form.nodes[n.ref];
    }
    if (visiting.has(n.id)) {
      out.push("any");
      length += 3;
      continue;
    }
    // Inside its own children (pushed above this mark) the node renders as `any`.
    visiting.add(n.id);
    work.push(-1 - n.id);
    const piece = renderShallow(form, n, work);
    out.push(piece);
    length += piece.length;
  }
  return out.join("");
}

function renderNumberConstraints(n: Node, keys: readonly string[]): string {
  const record = n as unknown as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    parts.push(`${k}=${k === "pattern" ? JSON.stringify(n.pattern!.source) : JSON.stringify(v)}`);
  }
  return parts.length === 0 ? "" : `(${parts.join(",")})`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** Renders one node; pushes its children (and the text between them) on the work list. */
function renderShallow(form: Form, n: Node, work: (number | string)[]): string {
  // The language cannot say "nothing": a `false` schema renders as `null`, the nearest it admits.
  if (n.never) return "null";
  if (n.values !== undefined) {
    return (n.valueList ?? []).slice(0, LIST_LIMIT).map((v) => JSON.stringify(v)).join("|");
  }
  if (n.anyOf !== undefined && n.types === ALL_TYPES) {
    const pieces: (number | string)[] = [];
    n.anyOf.forEach((c, i) => {
      if (i > 0) pieces.push("|");
      pieces.push(c);
    });
    for (let i = pieces.length - 1; i >= 0; i--) work.push(pieces[i]);
    return "";
  }
  const options: string[] = [];
  const children: (number | string)[] = [];
  for (const [bits, , name] of TYPE_WORDS) {
    if (bits === T_INTEGER && (n.types & T_NUMBER) !== 0) continue;
    if ((n.types & bits) !== bits) continue;
    if (name === "string") {
      options.push("string" + renderNumberConstraints(n, ["minLength", "maxLength", "pattern"]));
    } else if (name === "number" || name === "integer") {
      options.push(
        name + renderNumberConstraints(n, [
          "minimum",
          "maximum",
          "exclusiveMinimum",
          "exclusiveMaximum",
          "multipleOf",
        ]),
      );
    } else if (name === "object" && n.properties !== undefined && n.properties.size > 0) {
      const closed = n.additionalProperties !== undefined &&
        form.nodes[n.additionalProperties].never === true;
      const required = new Set(n.required ?? []);
      let first = true;
      children.push(closed ? "closed{" : "{");
      for (const [name, c] of n.properties) {
        const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
        children.push(`${first ? "" : ","}${required.has(name) ? "!" : ""}${key}:`, c);
        first = false;
      }
      children.push("}");
      options.push("\u0000");
    } else if (name === "array" && n.items !== undefined) {
      children.push("[", n.items, "]" + renderNumberConstraints(n, ["minItems", "maxItems"]));
      options.push("\u0000");
    } else if (name === "array") {
      options.push("array" + renderNumberConstraints(n, ["minItems", "maxItems"]));
    } else options.push(name);
  }
  if (n.types === ALL_TYPES) return "any";
  // Scalars first, then at most one structured option rendered from the work list.
  const scalars = options.filter((o) => o !== "\u0000");
  if (children.length > 0) {
    if (scalars.length > 0) children.push("|" + scalars.join("|"));
    for (let i = children.length - 1; i >= 0; i--) work.push(children[i]);
    return "";
  }
  return scalars.join("|");
}
