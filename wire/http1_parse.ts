/**
 * The strict grammar of an HTTP/1.1 request as `wire/http1.ts` reads it
 * (RFC 9112, as strict as llhttp without its lenient flags): pure functions
 * over the text of a request head (bytes decoded as Latin-1, one character
 * per byte) and of chunk-size lines. Every refusal is a status and a reason.
 *
 * - Request line: `METHOD SP TARGET SP VERSION`, one space each. The method
 *   is one of {@linkcode METHODS} (another token is 501), the target is in
 *   origin form (`/…`, visible ASCII only), the version `HTTP/1.1` or
 *   `HTTP/1.0` (another `HTTP/d.d` is 505).
 * - Header fields: a token, `:` with nothing before it, optional white space
 *   that is only SP or HTAB, then a value of visible characters, SP, HTAB and
 *   obs-text (0x80–0xFF). No obs-fold (a line opening with white space), no
 *   other control character: NBSP, VT, FF, DEL and NUL are 400. As in
 *   llhttp, `Content-Length` and `Transfer-Encoding` take no HTAB after
 *   their value.
 * - Framing: at most one `Content-Length` (digits only), at most one
 *   `Transfer-Encoding`, never both; `Transfer-Encoding` is `chunked` only
 *   (501 otherwise) and only in HTTP/1.1; exactly one `Host` in HTTP/1.1.
 * - Chunk-size line: hex digits, then chunk extensions
 *   `;name[=token|"quoted"]` with no white space.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { framing, parseHead } from "./http1_parse.ts";
 * deepStrictEqual(parseHead("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length:\x0b1"), {
 *   status: 400,
 *   reason: "malformed header value of Content-Length",
 * });
 * // NBSP is obs-text, allowed in a value, but not white space: the length is not digits.
 * const head = parseHead("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length:\u00a01");
 * if ("status" in head) throw new Error("refused");
 * deepStrictEqual(framing(head, 100), { status: 400, reason: "malformed Content-Length" });
 * ```
 *
 * @module
 */

/** The request line and header fields of a request, before its body is read. */
export interface RequestHead {
  /** The method, e.g. `POST`. */
  readonly method: string;
  /** The origin-form target as sent, e.g. `/mcp?x=1`. */
  readonly target: string;
  /** `HTTP/1.1` or `HTTP/1.0`. */
  readonly version: "HTTP/1.1" | "HTTP/1.0";
  /** The header fields in order: names lower-cased, values without their outer SP/HTAB. */
  readonly fields: readonly HeaderField[];
  /** The same fields as `Headers` (repeated names joined with `, `), built when first read. */
  readonly headers: Headers;
  /** The value of a field (repeated ones joined with `, `), or `null`; no `Headers` is built. */
  get(name: string): string | null;
}

/** A parsed head; `headers` is built on first use (most requests never need it). */
class ParsedHead implements RequestHead {
  readonly method: string;
  readonly target: string;
  readonly version: "HTTP/1.1" | "HTTP/1.0";
  readonly fields: readonly HeaderField[];
  #headers: Headers | undefined;

  constructor(
    line: Pick<RequestHead, "method" | "target" | "version">,
    fields: readonly HeaderField[],
  ) {
    this.method = line.method;
    this.target = line.target;
    this.version = line.version;
    this.fields = fields;
  }

  get headers(): Headers {
    if (this.#headers === undefined) {
      this.#headers = new Headers(this.fields as [string, string][]);
      if (this.version === "HTTP/1.0" && !this.#headers.has("connection")) {
        this.#headers.set("connection", "close");
      }
    }
    return this.#headers;
  }

  get(name: string): string | null {
    name = name.toLowerCase();
    let value: string | null = null;
    for (const [field, text] of this.fields) {
      if (field === name) value = value === null ? text : `${value}, ${text}`;
    }
    if (value === null && name === "connection" && this.version === "HTTP/1.0") return "close";
    return value;
  }
}

/** One header field: the name lower-cased, the value as sent without outer SP/HTAB. */
export type HeaderField = readonly [name: string, value: string];

/** A request refused while it was read: the status, and a reason for the body. */
export interface Refusal {
  /** The HTTP status of the answer. */
  readonly status: number;
  /** Why, one line of text. */
  readonly reason: string;
}

/** How the body of a request is framed. */
export type Framing =
  | { readonly kind: "none" }
  | { readonly kind: "length"; readonly length: number }
  | { readonly kind: "chunked" };

/** The methods served; another token is 501 (and anything else 400). */
export const METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "OPTIONS",
  "PATCH",
]);

/** The fields that frame a body: llhttp allows no HTAB after their values, nor does this. */
const FRAMING_FIELDS = new Set(["content-length", "transfer-encoding"]);

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TCHAR = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]";
/** Visible ASCII: what an origin-form target may hold. */
const TARGET = /^\/[\x21-\x7e]*$/;
/** SP, HTAB, visible ASCII and obs-text: what a field value may hold. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const CHUNK_EXTENSIONS = new RegExp(
  `^(?:;${TCHAR}+(?:=(?:${TCHAR}+|"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|` +
    `\\\\[\\t \\x21-\\x7e\\x80-\\xff])*"))?)*$`,
);

/**
 * Whether a value is a refusal.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { isRefusal } from "./http1_parse.ts";
 * strictEqual(isRefusal({ status: 400, reason: "x" }), true);
 * strictEqual(isRefusal({ kind: "none" }), false);
 * ```
 */
export function isRefusal(value: object): value is Refusal {
  return "status" in value;
}

/** The value without the SP and HTAB around it (only those: RFC 9110 OWS). */
function trimOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value[start] === " " || value[start] === "\t")) start++;
  while (end > start && (value[end - 1] === " " || value[end - 1] === "\t")) end--;
  return value.slice(start, end);
}

/**
 * Reads one field line (a header or a trailer): the field, or the refusal.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { parseFieldLine } from "./http1_parse.ts";
 * deepStrictEqual(parseFieldLine("X-A: \t1 2\t"), ["x-a", "1 2"]);
 * deepStrictEqual(parseFieldLine("X-A : 1"), { status: 400, reason: "malformed header name X-A " });
 * ```
 */
export function parseFieldLine(line: string): HeaderField | Refusal {
  if (line.startsWith(" ") || line.startsWith("\t")) {
    return { status: 400, reason: "a folded header line (obs-fold) is not accepted" };
  }
  const colon = line.indexOf(":");
  if (colon <= 0) return { status: 400, reason: "malformed header line" };
  const name = line.slice(0, colon);
  if (!TOKEN.test(name)) return { status: 400, reason: `malformed header name ${name}` };
  const raw = line.slice(colon + 1);
  const value = trimOws(raw);
  if (!FIELD_VALUE.test(value)) return { status: 400, reason: `malformed header value of ${name}` };
  const lower = name.toLowerCase();
  if (FRAMING_FIELDS.has(lower) && /\t[ \t]*$/.test(raw)) {
    // As llhttp: a framing field's value ends with SP at most, never HTAB.
    return { status: 400, reason: `malformed header value of ${name}` };
  }
  return [lower, value];
}

function parseRequestLine(
  line: string,
): Pick<RequestHead, "method" | "target" | "version"> | Refusal {
  const parts = line.split(" ");
  if (parts.length !== 3) return { status: 400, reason: "malformed request line" };
  const [method, target, version] = parts;
  if (!TOKEN.test(method)) return { status: 400, reason: "malformed method" };
  if (version !== "HTTP/1.1" && version !== "HTTP/1.0") {
    return /^HTTP\/\d\.\d$/.test(version)
      ? { status: 505, reason: "only HTTP/1.1 and HTTP/1.0 are served" }
      : { status: 400, reason: "malformed HTTP version" };
  }
  if (!TARGET.test(target)) {
    return { status: 400, reason: "the target must be a path of visible ASCII characters" };
  }
  if (!METHODS.has(method)) return { status: 501, reason: `the method ${method} is not served` };
  return { method, target, version };
}

/**
 * Reads a request head: the text before its blank line, lines separated by
 * CRLF (a bare CR or LF is refused before this is called). The refusal when
 * it breaks the grammar above.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { parseHead } from "./http1_parse.ts";
 * const head = parseHead("GET /a?b HTTP/1.1\r\nHost: x\r\nX-A: 1\r\nx-a: 2");
 * if ("status" in head) throw new Error("refused");
 * deepStrictEqual(head.fields, [["host", "x"], ["x-a", "1"], ["x-a", "2"]]);
 * deepStrictEqual(head.headers.get("x-a"), "1, 2");
 * deepStrictEqual(head.get("x-a"), "1, 2");
 * deepStrictEqual(parseHead("GET http://x/ HTTP/1.1\r\nHost: x"), {
 *   status: 400,
 *   reason: "the target must be a path of visible ASCII characters",
 * });
 * ```
 */
export function parseHead(text: string): RequestHead | Refusal {
  const lines = text.split("\r\n");
  const line = parseRequestLine(lines[0]);
  if (isRefusal(line)) return line;
  const fields: HeaderField[] = [];
  for (let i = 1; i < lines.length; i++) {
    const field = parseFieldLine(lines[i]);
    if (isRefusal(field)) return field;
    fields.push(field);
  }
  const hosts = fields.filter(([name]) => name === "host").length;
  if (hosts > 1 || (hosts === 0 && line.version === "HTTP/1.1")) {
    return { status: 400, reason: "an HTTP/1.1 request has exactly one Host header" };
  }
  return new ParsedHead(line, fields);
}

/**
 * How a request's body is framed, or why the framing is refused (400 for a
 * malformed or ambiguous one, 413 for a length over `maxBody`, 501 for a
 * transfer coding other than `chunked`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { framing, parseHead } from "./http1_parse.ts";
 * const head = parseHead("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 007");
 * if ("status" in head) throw new Error("refused");
 * deepStrictEqual(framing(head, 100), { kind: "length", length: 7 });
 * deepStrictEqual(framing(head, 5), { status: 413, reason: "the body limit is 5 bytes" });
 * ```
 */
export function framing(head: RequestHead, maxBody: number): Framing | Refusal {
  const codings = head.fields.filter(([name]) => name === "transfer-encoding");
  const lengths = head.fields.filter(([name]) => name === "content-length");
  if (codings.length > 0) {
    if (lengths.length > 0) {
      return { status: 400, reason: "Content-Length beside Transfer-Encoding" };
    }
    if (codings.length > 1) return { status: 400, reason: "more than one Transfer-Encoding" };
    if (head.version !== "HTTP/1.1") {
      return { status: 400, reason: "Transfer-Encoding in an HTTP/1.0 request" };
    }
    const coding = codings[0][1];
    if (coding.toLowerCase() !== "chunked") {
      return /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+(?:[ \t]*,[ \t]*[!#$%&'*+\-.^_`|~0-9A-Za-z]+)*$/.test(
          coding,
        )
        ? { status: 501, reason: "only the chunked transfer coding is served" }
        : { status: 400, reason: "malformed Transfer-Encoding" };
    }
    return { kind: "chunked" };
  }
  if (lengths.length === 0) return { kind: "none" };
  if (lengths.length > 1) return { status: 400, reason: "more than one Content-Length" };
  const digits = lengths[0][1];
  if (!/^\d+$/.test(digits)) return { status: 400, reason: "malformed Content-Length" };
  const significant = digits.replace(/^0+/, "");
  const declared = significant.length > 15 ? Infinity : Number(significant);
  if (declared > maxBody) return { status: 413, reason: `the body limit is ${maxBody} bytes` };
  return declared === 0 ? { kind: "none" } : { kind: "length", length: declared };
}

/**
 * Reads a chunk-size line (without its CRLF): the size, or the refusal (400
 * when malformed, 413 when the size alone is over `maxBody`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { parseChunkSize } from "./http1_parse.ts";
 * deepStrictEqual(parseChunkSize('00a;x="y z";n', 100), 10);
 * deepStrictEqual(parseChunkSize("a ;x=y", 100), { status: 400, reason: "malformed chunk size line" });
 * ```
 */
export function parseChunkSize(line: string, maxBody: number): number | Refusal {
  const digits = /^[0-9A-Fa-f]+/.exec(line)?.[0];
  if (digits === undefined || !CHUNK_EXTENSIONS.test(line.slice(digits.length))) {
    return { status: 400, reason: "malformed chunk size line" };
  }
  const significant = digits.replace(/^0+/, "");
  const size = significant.length > 12 ? Infinity : parseInt(significant || "0", 16);
  if (size > maxBody) return { status: 413, reason: `the body limit is ${maxBody} bytes` };
  return size;
}
