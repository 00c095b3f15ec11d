/**
 * The modes that go on with a token cut by the end of a chunk: a plain key (KEY_REST), a plain
 * decimal number (NUMBER_REST), a JSON literal (LITERAL_REST), a block comment (COMMENT_REST).
 * The token's reading so far is kept, so a resume reads only the new characters; a token that
 * turns out not to be plain is put back in front of the window and read whole (REREAD).
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.strict);
 * for (const part of ['{"ke', 'y": 12', "34, ", '"b": tr', "ue}"]) scanner.feed(part, false);
 * scanner.feed("", true);
 * deepStrictEqual(scanner.result().value, { key: 1234, b: true });
 * ```
 *
 * @module
 */

import {
  COLON_MODE,
  KEY,
  LITERAL_REST,
  NOT_PLAIN,
  NUMBER_TOKEN,
  REREAD,
  VALUE,
  WAIT_SLASH,
} from "./codes.ts";
import { plainKeyRest } from "./keys.ts";
import { numberRest } from "./number_reader.ts";
import { RULE } from "./scanner_rules.ts";
import type { ScanState } from "./state.ts";
import { literalRest, LITERALS } from "./words.ts";

const SLASH = 47, STAR = 42;

/**
 * KEY_REST: the rest of a plain key; returns COLON_MODE, or REREAD.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.strict);
 * scanner.feed('{"na', false); // a plain key cut by the chunk end
 * scanner.feed('me": 1}', true);
 * deepStrictEqual(scanner.result().value, { name: 1 });
 * ```
 */
export function readKeyRest(s: ScanState, text: string, n: number): number {
  const end = plainKeyRest(s, text, n);
  if (end === NOT_PLAIN) {
    // Not a plain key after all, or cut again: read it again from its quote.
    rewindToken(s, text, KEY);
    return REREAD;
  }
  // The colon, if any, is read in COLON_MODE (the scan loop's lane takes one right away).
  return s.moveTo(end, COLON_MODE);
}

/**
 * NUMBER_REST or LITERAL_REST: the rest of a number or a literal; the next mode, or REREAD.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.strict);
 * scanner.feed("[12", false); // a number cut by the chunk end
 * scanner.feed("34, tr", false); // a literal cut by the chunk end
 * scanner.feed("ue]", true);
 * deepStrictEqual(scanner.result().value, [1234, true]);
 * ```
 */
export function readValueRest(s: ScanState, text: string, n: number, mode: number): number {
  const at = tokenStart(s);
  const literal = mode === LITERAL_REST
    ? LITERALS.get(s.rare.tokenHead.charCodeAt(s.rare.tokenHeadStart))!
    : null;
  const end = literal === null ? numberRest(s, text, n) : literalRest(s, text, n, literal.text);
  if (end === NOT_PLAIN) {
    // Not plain after all, or no end in this chunk: read it again whole.
    rewindToken(s, text, VALUE);
    return REREAD;
  }
  s.place(literal === null ? s.numValue : literal.value, at);
  s.rare.tokenHead = "";
  // Final at the delimiter after it, as when read in one piece.
  const next = s.completed(s.base + end, s.base + end + 1);
  if (literal === null) s.lastToken = NUMBER_TOKEN;
  return s.moveTo(end, next);
}

/**
 * COMMENT_REST: the rest of a block comment; returns the mode it was cut in, or STOP.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.permissive);
 * scanner.feed("[1 /* a ", false); // a block comment cut by the chunk end
 * scanner.feed("b *\/]", true);
 * deepStrictEqual(scanner.result().value, [1]);
 * deepStrictEqual(scanner.result().repairs.map((r) => r.name), ["StripComment"]);
 * ```
 */
export function readCommentRest(s: ScanState, text: string, n: number, final: boolean): number {
  let j = s.pos;
  while (j + 1 < n && !(text.charCodeAt(j) === STAR && text.charCodeAt(j + 1) === SLASH)) j++;
  if (j + 1 >= n && !final) {
    s.rare.commentKeep = j;
    s.suspendWait = WAIT_SLASH;
    return s.suspend(j, s.rare.commentReturn);
  }
  // repair: `/* note */` inside or around the value → dropped.
  s.repair(RULE.StripComment, s.rare.commentAt);
  const end = j + 1 >= n ? n : j + 2;
  s.innerComment(s.rare.commentAt, s.base + end);
  return s.moveTo(end, s.rare.commentReturn);
}

/**
 * Puts a cut token back in front of `text` as the window, from its first
 * character, to be read whole in `mode`; a cut of it again then keeps the
 * window (the general way, linear however many chunks it spans).
 */
function rewindToken(s: ScanState, text: string, mode: number): void {
  const head = s.rare.tokenHead, start = s.rare.tokenHeadStart;
  s.window = [head.slice(start), text].join("");
  s.base -= head.length - start;
  s.rare.rewoundAt = s.base;
  s.pos = 0;
  s.mode = mode;
  s.rare.tokenHead = "";
}

/** The absolute offset where the cut token began. */
function tokenStart(s: ScanState): number {
  return s.base - (s.rare.tokenHead.length - s.rare.tokenHeadStart);
}
