/**
 * Model output that arrives as bytes: decoding it as UTF-8, and the refusal
 * for bytes that are not UTF-8 (a Latin-1 `é`, a cut multi-byte sequence).
 * The bytes are the model's output, so they are refused like any other
 * output the gate cannot read (`E003` at the first bad byte, with a retry
 * prompt naming its byte offset), never treated as the caller's mistake.
 * Decoding never replaces a bad byte with U+FFFD: a value built from a
 * replacement character is a value the model did not write.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { decodeUtf8 } from "./encoding.ts";
 * const decoded = decodeUtf8(new Uint8Array([0x7b, 0x7d]));
 * strictEqual(decoded.error, null);
 * strictEqual(decoded.text, "{}");
 * ```
 *
 * @module
 */

import { labelFor } from "./classify.ts";
import { type EngineError, positionedError } from "./errors.ts";
import type { GateResult } from "./gate.ts";
import { retryPrompt } from "./retry.ts";

/** Bytes that decoded: the text, and no error. */
export interface Decoded {
  /** The text. */
  readonly text: string;
  /** Always `null`. */
  readonly error: null;
}

/** Bytes that are not UTF-8. */
export interface Undecodable {
  /** The text with each bad sequence shown as U+FFFD, for the retry prompt's context only. */
  readonly text: string;
  /** `E003` at the first bad byte; the detail names the byte and its byte offset. */
  readonly error: EngineError;
  /** The offset of the first bad byte, in bytes. */
  readonly byteOffset: number;
}

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The offset of the first byte that does not begin a well-formed UTF-8
 * sequence (Unicode Table 3-7: no overlong forms, no surrogates, nothing past
 * U+10FFFF), or -1 when every sequence is well formed.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { firstInvalidUtf8 } from "./encoding.ts";
 * strictEqual(firstInvalidUtf8(new TextEncoder().encode("café")), -1);
 * strictEqual(firstInvalidUtf8(new Uint8Array([0x63, 0x61, 0x66, 0xe9])), 3);
 * ```
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number, low = 0x80, high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    if (i + length > bytes.length) return i;
    const second = bytes[i + 1];
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k];
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

function hexByte(byte: number): string {
  return `0x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}

/**
 * Decodes model output from bytes: the text, or the `E003` refusal at the
 * first byte that is not UTF-8. A byte order mark is kept as U+FEFF.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { decodeUtf8 } from "./encoding.ts";
 * const latin1 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x63, 0x61, 0x66, 0xe9, 0x22, 0x7d]);
 * const decoded = decodeUtf8(latin1); // {"a":"café"} written in Latin-1
 * strictEqual(decoded.error?.code, "E003");
 * strictEqual("byteOffset" in decoded && decoded.byteOffset, 9);
 * ```
 */
export function decodeUtf8(bytes: Uint8Array): Decoded | Undecodable {
  const utf16 = utf16Order(bytes);
  if (utf16 !== "") {
    // A NUL beside every ASCII character is valid UTF-8 but not what the model wrote: the text
    // is UTF-16, refused as one cause whichever byte order and BOM (not as prose or a NUL).
    const error = positionedError(
      "E003",
      1,
      1,
      0,
      `the output is UTF-16 (${utf16}), not UTF-8: every other byte is NUL or it starts with a ` +
        "UTF-16 byte order mark; send UTF-8 text",
    );
    return { text: lenient.decode(bytes), error, byteOffset: 0 };
  }
  try {
    return { text: fatal.decode(bytes), error: null };
  } catch {
    // Not UTF-8: find the first bad byte below.
  }
  let byteOffset = firstInvalidUtf8(bytes);
  if (byteOffset < 0) byteOffset = 0; // unreachable when the fatal decoder threw
  const before = lenient.decode(bytes.subarray(0, byteOffset));
  let line = 1, lineStart = 0;
  for (let k = before.indexOf("\n"); k >= 0; k = before.indexOf("\n", k + 1)) {
    line++;
    lineStart = k + 1;
  }
  const error = positionedError(
    "E003",
    line,
    before.length - lineStart + 1,
    before.length,
    `the output is not UTF-8: byte ${hexByte(bytes[byteOffset])} at byte offset ${byteOffset} ` +
      "does not begin a UTF-8 sequence (Latin-1 or another legacy encoding?); send UTF-8 text",
  );
  return { text: lenient.decode(bytes), error, byteOffset };
}

/** How many leading bytes are looked at for the NUL pattern of UTF-16. */
const UTF16_PROBE = 64;

/**
 * The byte order when the bytes are UTF-16 text (`"little-endian"` or `"big-endian"`), else
 * `""`: a UTF-16 byte order mark (FF FE or FE FF), or, in the first bytes (at least 4), a NUL in
 * every odd or every even position and none in the others (ASCII text written as UTF-16).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { utf16Order } from "./encoding.ts";
 * strictEqual(utf16Order(new Uint8Array([0x5b, 0, 0x5d, 0])), "little-endian");
 * strictEqual(utf16Order(new Uint8Array([0, 0x5b, 0, 0x5d])), "big-endian");
 * strictEqual(utf16Order(new Uint8Array([0xfe, 0xff, 0, 0x5b])), "big-endian");
 * strictEqual(utf16Order(new TextEncoder().encode("[1]")), "");
 * ```
 */
export function utf16Order(bytes: Uint8Array): "little-endian" | "big-endian" | "" {
  if (bytes.length >= 2) {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return "little-endian";
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return "big-endian";
  }
  const end = bytes.length < UTF16_PROBE ? bytes.length & ~1 : UTF16_PROBE;
  if (end < 4) return "";
  let evenNul = true, oddNul = true, evenSet = true, oddSet = true;
  for (let k = 0; k < end; k += 2) {
    if (bytes[k] === 0) evenSet = false;
    else evenNul = false;
    if (bytes[k + 1] === 0) oddSet = false;
    else oddNul = false;
  }
  if (oddNul && evenSet) return "little-endian";
  if (evenNul && oddSet) return "big-endian";
  return "";
}

/**
 * The gate's answer for output that is not UTF-8: refused (decision
 * `invalid`), with the retry prompt pointing at the first bad byte.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { decodeUtf8, undecodableGateResult } from "./encoding.ts";
 * const decoded = decodeUtf8(new Uint8Array([0x5b, 0xff, 0x5d]));
 * if (decoded.error !== null) {
 *   const result = undecodableGateResult(decoded);
 *   strictEqual(result.executable, false);
 *   strictEqual(result.retry?.prompt.includes("byte offset 1"), true);
 * }
 * ```
 */
export function undecodableGateResult(undecodable: Undecodable): GateResult {
  const error = undecodable.error;
  return {
    decision: "invalid",
    label: labelFor("invalid", false, error.code),
    exactness: "exact",
    ambiguous: false,
    information_loss: false,
    valid_json: false,
    normalized: false,
    ambiguity: "none",
    execution: "blocked",
    executable: false,
    syntax_ready_permille: 0,
    schema_total: 0,
    schema_satisfied: 0,
    schema_missing: [],
    error,
    repairs: [],
    retry: { code: error.code, prompt: retryPrompt(error, undecodable.text) },
    repairs_truncated: false,
    value: null,
    text: "",
  };
}
