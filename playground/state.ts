/**
 * The playground's state and where it lives: the URL fragment
 * `#text=…&profile=…&schema=…&lang=…`, each value URI-encoded with
 * `encodeURIComponent` (a lone surrogate, which it cannot encode, as
 * `%uD800`), so that a link reproduces a case exactly. Also how
 * the declaration box is read: the declaration language or JSON Schema.
 *
 * The declaration box is JSON Schema when `lang=json-schema`, the
 * declaration language when `lang=language`, and otherwise (`auto`, the
 * default) JSON Schema exactly when the text, after white space, starts with
 * `{"`, parses as a JSON object, and has at least one JSON Schema keyword
 * among its keys ({@linkcode SCHEMA_KEYWORDS}). `{!query:string}` and
 * `{"first name":string}` are declarations; `{"type":"object"}` is a schema.
 *
 * @example
 * ```ts
 * import { formatFragment, parseFragment } from "./state.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const state = { text: '{"a":1', profile: "agent", schema: "{!a:integer}", lang: "auto" as const };
 * deepStrictEqual(parseFragment(formatFragment(state)), state);
 * ```
 *
 * @module
 */

import { parseJson } from "../mod.ts";

/**
 * How the declaration box is read: detected, or forced to one form.
 *
 * @example
 * ```ts
 * import { type DeclarationLanguage, readDeclaration } from "./state.ts";
 * import { strictEqual } from "node:assert/strict";
 * const forced: DeclarationLanguage = "language";
 * strictEqual(readDeclaration('{"type":"string"}', forced).kind, "language");
 * ```
 */
export type DeclarationLanguage = "auto" | "language" | "json-schema";

/**
 * Everything the page evaluates: what a shared link carries.
 *
 * @example
 * ```ts
 * import { formatFragment, type PlaygroundState } from "./state.ts";
 * import { strictEqual } from "node:assert/strict";
 * const state: PlaygroundState = { text: "[1]", profile: "strict", schema: "", lang: "auto" };
 * strictEqual(formatFragment(state), "text=%5B1%5D&profile=strict&schema=");
 * ```
 */
export interface PlaygroundState {
  /** What the model wrote. */
  text: string;
  /** The profile name, as typed (an unknown name is the host's mistake, shown as such). */
  profile: string;
  /** The declaration box ("" for no declaration). */
  schema: string;
  /** How the declaration box is read. */
  lang: DeclarationLanguage;
}

/** The profile the page starts with: the one for agents that execute tools. */
const DEFAULT_PROFILE = "agent";

/**
 * Keys that make a JSON object a JSON Schema in `auto` mode: the keywords the
 * engine compiles and the common annotations a tool's `inputSchema` carries.
 *
 * @example
 * ```ts
 * import { SCHEMA_KEYWORDS } from "./state.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(SCHEMA_KEYWORDS.includes("properties"), true);
 * ```
 */
export const SCHEMA_KEYWORDS: readonly string[] = [
  "$schema",
  "$id",
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
  "additionalProperties",
  "patternProperties",
  "prefixItems",
  "minItems",
  "maxItems",
  "uniqueItems",
  "multipleOf",
  "format",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "$ref",
  "$defs",
  "definitions",
  "title",
  "description",
];

const LANGUAGES: readonly DeclarationLanguage[] = ["auto", "language", "json-schema"];

/**
 * Reads a state from a URL fragment (with or without its `#`). Missing
 * fields take their defaults; a value that is not valid URI encoding is taken
 * as written; an unknown `lang` is `auto`.
 *
 * @example
 * ```ts
 * import { parseFragment } from "./state.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(parseFragment("#text=%7B%22a%22%3A1%7D&profile=strict"), {
 *   text: '{"a":1}', profile: "strict", schema: "", lang: "auto",
 * });
 * ```
 */
export function parseFragment(fragment: string): PlaygroundState {
  const state: PlaygroundState = { text: "", profile: DEFAULT_PROFILE, schema: "", lang: "auto" };
  const body = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  if (body === "") return state;
  for (const pair of body.split("&")) {
    const equals = pair.indexOf("=");
    const key = equals < 0 ? pair : pair.slice(0, equals);
    const value = equals < 0 ? "" : decode(pair.slice(equals + 1));
    if (key === "text") state.text = value;
    else if (key === "profile") state.profile = value;
    else if (key === "schema") state.schema = value;
    else if (key === "lang") {
      state.lang = (LANGUAGES as readonly string[]).includes(value)
        ? value as DeclarationLanguage
        : "auto";
    }
  }
  return state;
}

/** `%uXXXX`: a lone surrogate, which UTF-8 (and so URI encoding) cannot carry. */
const LONE_SURROGATE_ESCAPE = /%u([0-9A-Fa-f]{4})/g;

function decode(value: string): string {
  try {
    if (!value.includes("%u")) return decodeURIComponent(value);
    let out = "";
    let at = 0;
    LONE_SURROGATE_ESCAPE.lastIndex = 0;
    for (
      let match = LONE_SURROGATE_ESCAPE.exec(value);
      match !== null;
      match = LONE_SURROGATE_ESCAPE.exec(value)
    ) {
      out += decodeURIComponent(value.slice(at, match.index)) +
        String.fromCharCode(parseInt(match[1], 16));
      at = match.index + match[0].length;
    }
    return out + decodeURIComponent(value.slice(at));
  } catch {
    return value;
  }
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) is
 * written `%uD800`, as `escape` wrote it, so that a link keeps it.
 *
 * @example
 * ```ts
 * import { encodeText } from "./state.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(encodeText('["\uD800"] 😀'), "%5B%22%uD800%22%5D%20%F0%9F%98%80");
 * ```
 */
export function encodeText(text: string): string {
  if (text.isWellFormed()) return encodeURIComponent(text);
  let out = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    out += `${encodeURIComponent(text.slice(start, i))}%u${code.toString(16).toUpperCase()}`;
    start = i + 1;
  }
  return out + encodeURIComponent(text.slice(start));
}

/**
 * Writes a state as a URL fragment (without the `#`): `text`, `profile`,
 * `schema`, and `lang` only when it is not `auto`.
 *
 * @example
 * ```ts
 * import { formatFragment } from "./state.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(
 *   formatFragment({ text: "[1,", profile: "agent", schema: "", lang: "auto" }),
 *   "text=%5B1%2C&profile=agent&schema=",
 * );
 * ```
 */
export function formatFragment(state: PlaygroundState): string {
  const parts = [
    `text=${encodeText(state.text)}`,
    `profile=${encodeText(state.profile)}`,
    `schema=${encodeText(state.schema)}`,
  ];
  if (state.lang !== "auto") parts.push(`lang=${state.lang}`);
  return parts.join("&");
}

/**
 * What the declaration box holds, once read.
 *
 * @example
 * ```ts
 * import { type DeclarationInput, readDeclaration } from "./state.ts";
 * import { strictEqual } from "node:assert/strict";
 * const input: DeclarationInput = readDeclaration("{!a:string}", "json-schema");
 * strictEqual(input.kind, "unreadable");
 * ```
 */
export type DeclarationInput =
  | { kind: "none" }
  | { kind: "language"; source: string }
  | { kind: "json-schema"; schema: unknown }
  | { kind: "unreadable"; message: string };

/**
 * Reads the declaration box: nothing (blank), the declaration language, a
 * JSON Schema, or (in `json-schema` mode) text that is not JSON.
 *
 * @example
 * ```ts
 * import { readDeclaration } from "./state.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(readDeclaration('{"type":"string"}', "auto"), {
 *   kind: "json-schema", schema: { type: "string" },
 * });
 * deepStrictEqual(readDeclaration('{"first name":string}', "auto"), {
 *   kind: "language", source: '{"first name":string}',
 * });
 * deepStrictEqual(readDeclaration("  ", "auto"), { kind: "none" });
 * ```
 */
export function readDeclaration(source: string, lang: DeclarationLanguage): DeclarationInput {
  const trimmed = source.trim();
  if (trimmed === "") return { kind: "none" };
  if (lang === "language") return { kind: "language", source };
  if (lang === "json-schema") {
    try {
      return { kind: "json-schema", schema: parseJson(trimmed) };
    } catch (error) {
      return {
        kind: "unreadable",
        message: `the declaration box is set to JSON Schema but does not hold JSON: ${
          (error as Error).message
        }`,
      };
    }
  }
  if (!trimmed.startsWith('{"')) return { kind: "language", source };
  let parsed: unknown;
  try {
    parsed = parseJson(trimmed);
  } catch {
    return { kind: "language", source };
  }
  const isSchema = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) &&
    Object.keys(parsed).some((key) => SCHEMA_KEYWORDS.includes(key));
  return isSchema ? { kind: "json-schema", schema: parsed } : { kind: "language", source };
}
