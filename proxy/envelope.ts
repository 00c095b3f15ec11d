/**
 * What makes a line one reading for every reader the proxy knows of, and the
 * one `tools/call` text the proxy forwards.
 *
 * The proxy and the downstream server read the same bytes; wherever they
 * could read them differently, a call could run that the proxy never gated.
 * Three checks close the differentials found so far:
 *
 * - **Line ends** ({@linkcode lineEndProblem}). The proxy ends a line at LF
 *   (a CR right before it is dropped). Node's `readline`, Python's text-mode
 *   stdin (universal newlines), Java's `BufferedReader` and .NET's
 *   `ReadLine` also end one at a bare CR; Python's `str.splitlines` at
 *   U+000B, U+000C, U+001C–U+001E, U+0085, U+2028 and U+2029 too; Java's
 *   `Scanner` at U+0085, U+2028, U+2029. Go's `bufio.Scanner` and Rust's
 *   `lines()` end one at LF only. Outside a JSON string every one of these
 *   but CR is already not JSON; inside a string every one but U+0085, U+2028
 *   and U+2029 is not JSON either (control characters must be escaped). So a
 *   line holding a CR (other than the CR of a final CRLF, which the line
 *   reader drops) or U+000B, U+000C, U+001C–U+001E anywhere is refused, and
 *   a raw U+0085, U+2028 or U+2029 — legal only inside a string — is written
 *   as its `\u` escape when the line is forwarded
 *   ({@linkcode escapeLineSeparators}): the same string to every JSON
 *   parser, and no line end to any reader.
 * - **Envelope keys** ({@linkcode envelopeKeyProblem}). Go's
 *   `encoding/json` matches a struct field case-insensitively (Unicode
 *   simple folding: `Arguments`, `argumentſ`), so a single key that folds to
 *   one the proxy reads (`jsonrpc`, `id`, `method`, `params`, `name`,
 *   `arguments`, `_meta`) is refused, as are two keys that fold together.
 *   The fold is the engine's: default-ignorables removed, NFKC, full case
 *   folding, NFKC again ({@linkcode keyFold}).
 * - **What is forwarded** ({@linkcode toolCallText}). A `tools/call` is
 *   written anew from its parsed envelope, with the gated `arguments` text
 *   inserted exactly as the gate accepted it.
 *
 * @example
 * ```ts
 * import { envelopeKeyProblem, lineEndProblem } from "./envelope.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(lineEndProblem('{"a":1}'), null);
 * strictEqual(lineEndProblem('{"a":1}\r{"b":2}')?.startsWith("a bare CR"), true);
 * strictEqual(envelopeKeyProblem(["jsonrpc", "id", "method", "params"]), null);
 * strictEqual(envelopeKeyProblem(["Arguments"])?.includes('"arguments"'), true);
 * ```
 *
 * @module
 */

import { BIDI, foldCase, hazardOfCodePoint, IGNORABLE, TAG } from "../mod.ts";
import type { RequestId } from "../wire/jsonrpc.ts";
import { objectMembers, skipWhitespace } from "../wire/raw_json.ts";
import { RawInteger } from "../wire/request_id.ts";

/**
 * The keys the proxy reads, in the envelope and in `params`.
 *
 * @example
 * ```ts
 * import { READ_KEYS } from "./envelope.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(READ_KEYS.includes("arguments"), true);
 * ```
 */
export const READ_KEYS: readonly string[] = [
  "jsonrpc",
  "id",
  "method",
  "params",
  "name",
  "arguments",
  "_meta",
];

/** Characters that end a line for some reader and can never be part of a JSON line. */
// deno-lint-ignore no-control-regex -- these control characters are what the check is for
const REFUSED_LINE_ENDS = /[\r\v\f\x1c-\x1e]/;

/** Line ends for some reader that JSON allows raw inside a string. */
const STRING_LINE_END = /[\u0085\u2028\u2029]/;
const STRING_LINE_ENDS = /[\u0085\u2028\u2029]/g;

/** How each refused character is named. */
const LINE_END_NAMES: Readonly<Record<string, string>> = {
  "\r": "a bare CR (U+000D)",
  "\v": "a vertical tab (U+000B)",
  "\f": "a form feed (U+000C)",
  "\x1c": "a file separator (U+001C)",
  "\x1d": "a group separator (U+001D)",
  "\x1e": "a record separator (U+001E)",
};

/**
 * Why a line must not be forwarded because some reader would end it early:
 * a CR that is not the CR of a final CRLF (the line reader has dropped that
 * one), or U+000B, U+000C, U+001C–U+001E anywhere; `null` when there is none.
 *
 * @example
 * ```ts
 * import { lineEndProblem } from "./envelope.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(lineEndProblem('{"a":"\u2028"}'), null); // escaped on the way out instead
 * strictEqual(lineEndProblem("[1,\v2]")?.startsWith("a vertical tab"), true);
 * ```
 */
export function lineEndProblem(text: string): string | null {
  const found = REFUSED_LINE_ENDS.exec(text);
  if (found === null) return null;
  return `${LINE_END_NAMES[found[0]]} at offset ${found.index}, which Node's readline, ` +
    "Python and other line readers take as the end of a line; the proxy forwards no line " +
    "that a reader could split in two";
}

/**
 * The line with every raw U+0085, U+2028 and U+2029 written as its `\u`
 * escape. In a line that is JSON these can only stand inside strings, where
 * the escape is the same character to every JSON parser; Python's
 * `str.splitlines` and Java's `Scanner` would end a line at the raw one.
 *
 * @example
 * ```ts
 * import { escapeLineSeparators } from "./envelope.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(escapeLineSeparators('{"a":"x\u2028y"}'), '{"a":"x\\u2028y"}');
 * strictEqual(JSON.parse(escapeLineSeparators('["\u0085"]'))[0], "\u0085");
 * ```
 */
export function escapeLineSeparators(text: string): string {
  if (!STRING_LINE_END.test(text)) return text;
  return text.replace(
    STRING_LINE_ENDS,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

function withoutIgnorables(text: string): string {
  let out = "";
  for (const ch of text) {
    const hazard = hazardOfCodePoint(ch.codePointAt(0)!);
    if (hazard !== TAG && hazard !== BIDI && hazard !== IGNORABLE) out += ch;
  }
  return out;
}

/**
 * A key as the loosest reader could match it: default-ignorable code points
 * removed, NFKC, full case folding, NFKC again (an ASCII key: lower case).
 *
 * @example
 * ```ts
 * import { keyFold } from "./envelope.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(keyFold("ARGUMENTS"), "arguments");
 * strictEqual(keyFold("argument\u017F"), "arguments"); // ſ
 * strictEqual(keyFold("\uFF49d"), "id"); // fullwidth i
 * strictEqual(keyFold("na\u200Bme"), "name");
 * ```
 */
export function keyFold(key: string): string {
  if (isAscii(key)) return key.toLowerCase();
  return foldCase(withoutIgnorables(key).normalize("NFKC")).normalize("NFKC");
}

const READ = new Set(READ_KEYS);

/**
 * Why the keys of an envelope (or of its `params`) could be read differently
 * by another parser: a key that folds to one the proxy reads without being
 * it, or two keys that fold together (the same key twice included); `null`
 * when every reader reads the same members.
 *
 * @example
 * ```ts
 * import { envelopeKeyProblem } from "./envelope.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(envelopeKeyProblem(["name", "arguments", "task"]), null);
 * strictEqual(envelopeKeyProblem(["method", "Method"]), 'the key "Method" could be read as "method"');
 * strictEqual(envelopeKeyProblem(["task", "Task"]), 'the keys "task" and "Task" could be read as one member');
 * strictEqual(envelopeKeyProblem(["ıd"]), 'the key "ıd" could be read as "id"');
 * ```
 */
export function envelopeKeyProblem(keys: readonly string[]): string | null {
  const seen = new Map<string, string>();
  for (const key of keys) {
    const folded = keyFold(key);
    if (READ.has(folded) && key !== folded) {
      return `the key ${JSON.stringify(key)} could be read as ${JSON.stringify(folded)}`;
    }
    const earlier = seen.get(folded);
    if (earlier !== undefined) {
      return `the keys ${JSON.stringify(earlier)} and ${JSON.stringify(key)} could be read as ` +
        "one member";
    }
    seen.set(folded, key);
  }
  return null;
}

/**
 * A JSON-RPC id as written in a message the proxy writes: a string
 * re-encoded, an integer beyond ±(2^53−1) by its literal.
 *
 * @example
 * ```ts
 * import { idText } from "./envelope.ts";
 * import { RawInteger } from "../wire/request_id.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(idText("a\u2028"), '"a\u2028"');
 * strictEqual(idText(new RawInteger("9007199254740993")), "9007199254740993");
 * strictEqual(idText(-0), "0");
 * ```
 */
export function idText(id: RequestId): string {
  if (id instanceof RawInteger) return id.text;
  return typeof id === "string" ? JSON.stringify(id) : String(id);
}

/**
 * The `tools/call` request the proxy forwards, written from its parsed
 * envelope: `jsonrpc`, `id` (when it is a request), `method`, then `params`
 * with its members in their order, each re-serialized from its parsed value
 * except `arguments`, which is the text the gate accepted, inserted as it is.
 * Other envelope members are left out. What a re-serialization loses:
 * white space, how strings were escaped, how numbers were spelled (`1.0`,
 * `1e2`), and integers beyond ±(2^53−1) outside `arguments` (in `_meta` or
 * another member of `params`), which are rounded as `JSON.parse` rounds
 * them. Raw U+0085, U+2028 and U+2029 are escaped afterwards by the caller.
 *
 * @example
 * ```ts
 * import { toolCallText } from "./envelope.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(
 *   toolCallText(7, ["name", "arguments", "_meta"], { name: "echo", _meta: { progressToken: 1 } }, '{ "text" : "hi" }'),
 *   '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{ "text" : "hi" },"_meta":{"progressToken":1}}}',
 * );
 * ```
 */
export function toolCallText(
  id: RequestId | null,
  paramKeys: readonly string[],
  params: Record<string, unknown>,
  argumentsText: string,
): string {
  const members: string[] = [];
  for (const key of paramKeys) {
    const value = key === "arguments" ? argumentsText : JSON.stringify(params[key]);
    members.push(`${JSON.stringify(key)}:${value}`);
  }
  const idMember = id === null ? "" : `"id":${idText(id)},`;
  return `{"jsonrpc":"2.0",${idMember}"method":"tools/call","params":{${members.join(",")}}}`;
}

/**
 * A character without which a key is its own fold: an ASCII capital, an
 * escape (`\u0041`), or anything beyond ASCII.
 */
const MAY_FOLD = /[A-Z\\\u0080-\uffff]/;

/** Whether every declared name is its own fold (then only a key that is not can differ). */
function allFolded(declared: ReadonlyMap<string, string>): boolean {
  for (const [fold, name] of declared) if (fold !== name) return false;
  return true;
}

/**
 * A top-level key of the arguments that is not a declared property but
 * folds to one (`PATH` for a declared `path`), with the declared name; `null`
 * when there is none. `declared` maps each declared name's fold to the name.
 *
 * @example
 * ```ts
 * import { foldedArgumentKey } from "./envelope.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const declared = new Map([["path", "path"]]);
 * deepStrictEqual(foldedArgumentKey('{"PATH":"/etc"}', declared), ["PATH", "path"]);
 * deepStrictEqual(foldedArgumentKey('{"path":"/tmp","mode":1}', declared), null);
 * ```
 */
export function foldedArgumentKey(
  raw: string,
  declared: ReadonlyMap<string, string>,
): [string, string] | null {
  if (!MAY_FOLD.test(raw) && allFolded(declared)) return null;
  const members = objectMembers(raw, skipWhitespace(raw, 0));
  if (members === null) return null;
  for (const { key } of members) {
    const name = declared.get(keyFold(key));
    if (name !== undefined && name !== key) return [key, name];
  }
  return null;
}
