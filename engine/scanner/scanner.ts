/**
 * The scanner: one pass over UTF-16 char codes that parses what a model wrote,
 * repairs what can be repaired, and records every change as a {@linkcode Repair}.
 *
 * It is iterative (an explicit stack, never recursion), so no input can
 * overflow the call stack; nesting is bounded by `maxDepth` (`E020`). Every
 * character is examined a bounded number of times, so time is linear in the
 * input. Values are built the way `JSON.parse` builds them: a `"__proto__"`
 * key is an own data property, and the last of duplicate keys wins.
 *
 * The scanner is resumable: {@linkcode Scanner.feed} takes the input in chunks
 * and suspends at a token boundary (or inside a string, keeping its progress)
 * when it needs more input, so the streaming parser reads each character once
 * and keeps only the unfinished token in memory. Fed in one chunk or many, the
 * result is the same.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const result = scan("{'a': True,}", PROFILES.permissive);
 * deepStrictEqual(result.value, { a: true });
 * strictEqual(result.exactness, "cosmetic");
 * deepStrictEqual(result.repairs.map((r) => r.name), [
 *   "SingleQuotes", "PythonLiteral", "TrailingComma",
 * ]);
 * ```
 *
 * @module
 */

import { isQuote, isWordChar } from "../characters.ts";
import { type EngineError, engineError, positionedError } from "../errors.ts";
import { escapedReading } from "../escaped_document.ts";
import { commentChangesMeaning, type Unframed, unframedText } from "../framing.ts";
import { FIRST_HAZARD_UNIT } from "../hazards.ts";
import type { Profile } from "../profiles.ts";
import { holdsAnyOf, isAllBlank, isPlainRun, skipWhiteSpace, WIDE } from "./chars.ts";
import {
  AFTER,
  ARRAY,
  COLON_MODE,
  COMMENT_REST,
  DONE,
  END,
  KEY,
  KEY_REST,
  LITERAL_REST,
  NONE,
  NOT_PLAIN,
  NUMBER_REST,
  NUMBER_TOKEN,
  OBJECT,
  PREAMBLE,
  REREAD,
  STOP,
  STRING_TOKEN,
  SUSPEND,
  VALUE,
  WAIT_ANY,
  WAIT_DELIMITER,
  WAIT_LINE_END,
  WAIT_NON_SPACE,
  WAIT_NON_WORD,
  WAIT_SLASH,
  WAIT_VALUE_START,
} from "./codes.ts";
import { close, open } from "./containers.ts";
import { readCommentRest, readKeyRest, readValueRest } from "./cut_modes.ts";
import { readEpilogue, settleCloser } from "./epilogue.ts";
import { plainKey } from "./keys.ts";
import { keyWord, readAfter, readColon, readKey } from "./member_modes.ts";
import { readPreamble } from "./preamble.ts";
import { acceptable, type ScanResult, unescapedResult } from "./scan_result.ts";
import { RULE } from "./scanner_rules.ts";
import { AMBIGUITY_BY_RANK, EXACTNESS_BY_RANK, ScanState } from "./state.ts";
import { plainNumber } from "./number_reader.ts";
import { finishString, plainString, quotedString, scanString } from "./strings.ts";
import { readValue, valueNumber } from "./value_mode.ts";
import { literalEnd } from "./words.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  QUOTE = 34,
  PLUS = 43,
  COMMA = 44,
  MINUS = 45,
  ZERO = 48,
  NINE = 57,
  DOT = 46,
  SLASH = 47,
  COLON = 58,
  LBRACKET = 91,
  RBRACKET = 93,
  BACKTICK = 96,
  LBRACE = 123,
  RBRACE = 125,
  TILDE = 126;

/**
 * The resumable scanner. Use {@linkcode scan} for a whole document; the
 * streaming parser feeds chunks.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * const scanner = new Scanner(PROFILES.permissive, true);
 * scanner.feed('{"a":[1,', false);
 * deepStrictEqual(scanner.root, { a: [1] });
 * scanner.feed("2]}", true);
 * deepStrictEqual(scanner.result().value, { a: [1, 2] });
 * // `a` became final at its closing `]` (offset 9), before the `}`.
 * deepStrictEqual(scanner.members, [{ name: "a", end: 10 }]);
 * ```
 */
export class Scanner extends ScanState {
  /** Calls of `step` made by the scan loop (`modeSteps`); counted only where the loop declines. */
  private steps = 0;

  /**
   * How many times the scan loop handed the text to a mode function (`step`: `readValue`,
   * `readAfter`, `readKey`, `readColon`, the preamble, the epilogue, the modes that go on with a
   * cut token) instead of reading a token itself. The tokens of clean JSON are read by the loop,
   * so a clean document fed in one chunk costs two: the preamble and the epilogue. It tells the
   * loop's fast path from the mode functions, which read every token the same way (the tests of
   * the loop count it); counted on the loop's slow branch only.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Scanner } from "./mod.ts";
   * import { PROFILES } from "../profiles.ts";
   * const clean = new Scanner(PROFILES.permissive);
   * clean.feed('{"a": [1, "x", true]}', true);
   * strictEqual(clean.modeSteps, 2); // the preamble and the epilogue
   * const repaired = new Scanner(PROFILES.permissive);
   * repaired.feed("{'a': 1}", true);
   * strictEqual(repaired.modeSteps, 3); // and readKey, for the single-quoted key
   * ```
   */
  get modeSteps(): number {
    return this.steps;
  }

  /**
   * Feeds the next chunk. With `final` true the chunk is the last: open
   * tokens and containers are completed and the epilogue is read.
   */
  feed(chunk: string, final: boolean): void {
    if (final) this.ended = true;
    const received = this.received + chunk.length;
    this.received = received;
    if (chunk.length >= TINY) {
      if (this.tiny.length > 0) this.gatherTiny();
      this.all = this.all.length === 0 ? chunk : this.all + chunk;
    } else if (chunk.length > 0 && this.tiny.push(chunk) >= TINY_BATCH) {
      this.gatherTiny();
    }
    if (received > this.profile.maxInput) {
      // Checked on the whole input before anything is read: it outranks any
      // other error, and a one-call scan finds nothing else.
      this.fatal = engineError(
        "E021",
        `input is ${received} code units; max_input is ${this.profile.maxInput}`,
      );
      this.repairs = [];
      this.repairCount = 0;
      this.exactRank = 0;
      this.ambiguityRank = 0;
      this.truncated = false;
      this.refusalRule = null;
      this.syntaxEnd = -1;
      this.valueStart = 0;
      this.valueEnd = 0;
      this.members.length = 0;
      this.mode = END;
      this.finished = true;
      return;
    }
    if (this.finished) {
      // A scan that ended early (a second document) is still judged once the input ends.
      if (final) this.judgeFraming();
      return;
    }
    if (this.wait !== WAIT_ANY && !final && !canResume(chunk, this.wait)) {
      this.pending.push(chunk);
      return;
    }
    this.wait = WAIT_ANY;
    if (this.pending.length > 0) {
      this.pending.push(chunk);
      chunk = this.pending.join("");
      this.pending.length = 0;
    }
    if (
      this.inString && this.window.length === 0 && !final &&
      isPlainRun(chunk, this.strQuote, this.strIsKey ? FIRST_HAZARD_UNIT : WIDE)
    ) {
      // Wholly inside the string being read: it only grows.
      this.rare.scanned += chunk.length;
      this.strOut += chunk;
      this.base += chunk.length;
      return;
    }
    // A joined (flat) string: a cons string would slow every character read.
    this.window = this.window.length === 0 ? chunk : [this.window, chunk].join("");
    this.run(final);
    if (final) {
      this.judgeFraming();
      this.finished = true;
    }
  }

  /**
   * Once the input has ended: the text skipped around the value must be
   * framing (`engine/framing.ts`), else `R050 NonFramingText` (or `R051
   * CodeAroundValue`) at the first piece that is not; a comment inside the
   * value that negates, retracts or marks it as an example is `R056`.
   * Clean JSON (nothing around the value, no comment) never gets past the
   * first test.
   */
  private judgeFraming(): void {
    if (this.fatal !== null || !this.hasRoot) return;
    if (this.rareState !== null && this.rareState.closerAt >= 0) settleCloser(this);
    const length = this.received, start = this.valueStart, end = this.valueEnd;
    const spans = this.rareState === null ? NO_SPANS : this.rareState.innerComments;
    if (start === 0 && end >= length && spans.length === 0) return;
    const rare = this.rare;
    if (rare.judged) return;
    rare.judged = true;
    const text = this.text();
    let found: Unframed | null = null;
    if (start > 0 && !isAllBlank(text, 0, start)) found = unframedText(text, 0, start, true);
    if (found === null && end < length && !rare.tailRefused && !isAllBlank(text, end, length)) {
      found = unframedText(text, end, length, false);
    }
    if (found !== null) {
      rare.unframed = found;
      // repair: `Note: do not run this {…}` → `{…}`, flagged: text around the value that is not framing
      this.repair(found.kind === "code" ? RULE.CodeAroundValue : RULE.NonFramingText, found.offset);
    }
    for (let k = 0; k + 1 < spans.length; k += 2) {
      if (commentChangesMeaning(text, spans[k], spans[k + 1])) {
        // repair: `{"rm": true /* just an example */}` → `{"rm": true}`, flagged: the comment changes the value's meaning
        this.repair(RULE.CommentChangesMeaning, spans[k]);
        break;
      }
    }
  }

  /**
   * The result so far (final after `feed(…, true)`). Once the input ended, a text with no
   * acceptable reading as written that is a whole document JSON-escaped once is read unescaped
   * when that reading is accepted (`R067`, issue 22 class 5).
   */
  result(): ScanResult {
    const own = this.ownResult();
    if (
      !this.ended || this.unescaped || this.profile.maxLoss === "exact" || acceptable(own) ||
      (own.fatal !== null && own.fatal.code !== "E003")
    ) return own;
    return this.escapedResult() ?? own;
  }

  /**
   * The whole text read as a document escaped once, when that reading is accepted by this
   * profile: the scan of the unescaped text, with `R067` added and every offset mapped back to
   * the text as written; otherwise null.
   */
  private escapedResult(): ScanResult | null {
    const text = this.text();
    if (text.indexOf('\\"') < 0) return null;
    const reading = escapedReading(text);
    if (reading === null) return null;
    const inner = new Scanner(this.profile, this.trackMembers, true);
    inner.feed(reading.text, true);
    const found = inner.result();
    // The value must be the unescaped span itself, not text in the framing around it.
    if (
      !acceptable(found) || found.valueStart < reading.start ||
      found.valueEnd > reading.start + reading.length
    ) return null;
    return unescapedResult(found, reading, text);
  }

  /** The result of the text as written. */
  private ownResult(): ScanResult {
    const length = this.received;
    if (this.unordered) {
      this.repairs.sort((a, b) => a.offset - b.offset); // stable: ties keep their order
      this.unordered = false;
    }
    this.placeRepairs();
    const hasValue = this.fatal === null && this.hasRoot;
    return {
      hasValue,
      value: hasValue ? this.root : undefined,
      validJson: this.validJson && this.fatal === null && this.hasRoot,
      exactness: EXACTNESS_BY_RANK[this.exactRank],
      ambiguity: AMBIGUITY_BY_RANK[this.ambiguityRank],
      repairs: this.repairs,
      repairCount: this.repairCount,
      completeness: this.truncated ? "truncated" : "complete",
      fatal: this.fatal,
      refusal: this.fatal === null && this.refusalRule !== null ? this.refusalError() : null,
      valueStart: this.valueStart,
      valueEnd: this.valueEnd,
      syntaxEnd: this.syntaxEnd < 0 ? length : this.syntaxEnd,
      members: this.members,
      length,
      negativeZero: this.negativeZero,
    };
  }

  /**
   * The characters one of which must be read before a top-level member (as
   * recorded in `members`) or the root itself can settle: `]}` inside a
   * container nested in the root object's members, or anywhere inside a root
   * array (only a closing bracket brings the scan back up); the closing quote
   * of a string being read in the root object; `""` when any character may,
   * or when the text the scan keeps to read again (a cut token, a lookahead,
   * held chunks) holds one of them already. A streaming reader of `members`
   * and `settled` needs to scan pending text only once it holds one of them.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Scanner } from "./mod.ts";
   * import { PROFILES } from "../profiles.ts";
   * const scanner = new Scanner(PROFILES.agent, true);
   * scanner.feed('{"a":{"b":[1,', false);
   * strictEqual(scanner.settlesOn(), "]}");
   * scanner.feed('2]},"c":"tex', false);
   * strictEqual(scanner.settlesOn(), '"');
   * ```
   */
  settlesOn(): string {
    const depth = this.depth;
    if (this.finished || depth === 0) return "";
    let chars: string;
    if (depth >= 2 || this.kinds[0] !== OBJECT || !this.trackMembers) chars = "]}";
    else if (this.inString) chars = String.fromCharCode(this.strQuote);
    else return "";
    // A kept tail (a cut token, a lookahead) and held chunks are read again
    // with the next chunk: `[.}` keeps its `}` while it tells a placeholder
    // `...` from a stray dot, and a string keeps its quote while it looks at
    // what follows.
    if (holdsAnyOf(this.window, chars)) return "";
    for (const held of this.pending) if (holdsAnyOf(held, chars)) return "";
    return chars;
  }

  /** The error of the refused repair, at its line and column. */
  private refusalError(): EngineError {
    const [line, column] = this.lineColumn(this.refusalOffset);
    const error = this.refuse(this.refusalRule!, line, column, this.refusalOffset);
    const unframed = this.rareState?.unframed;
    if (
      unframed && (this.refusalRule === RULE.NonFramingText ||
        this.refusalRule === RULE.CodeAroundValue)
    ) {
      // Name the text that is not framing, then why it is refused.
      const head = `${this.refusalRule.code} ${this.refusalRule.name}: `;
      const reason = error.message.slice(error.message.indexOf(head) + head.length);
      const what = unframed.kind === "code"
        ? "reads as source code around the value"
        : "is not framing (a lead-in, label, wrapper, fence or sign-off)";
      return positionedError(
        error.code,
        line,
        column,
        this.refusalOffset,
        `${head}the text ${JSON.stringify(unframed.text)} ${what}; emit only the value (${reason})`,
      );
    }
    if (this.refusalRule !== RULE.MultipleCandidates) return error;
    // Say how many candidates there are and where, then why they are refused.
    const head = `${RULE.MultipleCandidates.code} ${RULE.MultipleCandidates.name}: `;
    const reason = error.message.slice(error.message.indexOf(head) + head.length);
    return positionedError(
      error.code,
      line,
      column,
      this.refusalOffset,
      `${head}${this.candidatesDetail()}; emit exactly one value (${reason})`,
    );
  }

  /** How many candidate values the text holds, and where (for the refusal). */
  private candidatesDetail(): string {
    const offsets = [this.valueStart, ...this.rare.candidates];
    const places = offsets.map((offset) => {
      const [line, column] = this.lineColumn(offset);
      return `line ${line} column ${column} (offset ${offset})`;
    });
    const count = 1 + this.rare.candidateCount;
    const more = count > offsets.length ? `, and ${count - offsets.length} more` : "";
    return `${count} candidate values, at ${places.join(", ")}${more}`;
  }

  /**
   * Reads the window from `pos` in the current mode, one mode function at a time, each returning
   * the next mode, until the chunk is read (suspended), the input ends or an error ends the scan.
   */
  private run(final: boolean): void {
    for (;;) {
      const text = this.window, n = text.length;
      // The work of a scan fed in chunks (a one-shot scan reads each unit once).
      if (!final || this.rareState !== null) this.rare.scanned += n - this.pos;
      let mode = this.mode;
      if (this.inString) {
        const end = scanString(this, text, this.pos, final);
        if (end === SUSPEND) return;
        mode = this.moveTo(end, finishString(this, end));
      }
      mode = this.lane(mode, text, n, final);
      // A cut token was put back in front of the window: read it again.
      if (mode !== REREAD) return;
    }
  }

  /**
   * The scan loop: the tokens of clean JSON (a plain string or key, a number, a literal, a
   * bracket, a comma, a colon, a matching closer) are read here, in one function, and anything
   * else by the mode's function (`step`). This is the one place a mode's tokens are read outside
   * its function: a call per token made the clean path about 1.3× slower (docs/ENGINE.md, "The
   * scanner's modules"). Each call of `step` is counted (`modeSteps`), on the slow branch only.
   * Returns STOP or REREAD.
   */
  private lane(mode: number, text: string, n: number, final: boolean): number {
    const base = this.base;
    let at = this.pos, i = 0, c = 0;
    for (;;) {
      // Only inside the value, after white space, and with no placeholder's comma pending.
      i = at;
      if (
        mode >= VALUE && mode <= COLON_MODE && !this.placeholderComma &&
        (i = skipWhiteSpace(text, at, n)) < n
      ) {
        c = text.charCodeAt(i);
        if (mode === AFTER) {
          if (c === COMMA) {
            this.commaAt = base + i;
            at = i + 1;
            mode = this.topKind === OBJECT ? KEY : VALUE;
            continue;
          }
          const kind = c === RBRACE ? OBJECT : c === RBRACKET ? ARRAY : NONE;
          if (kind !== NONE && kind === this.topKind && (kind === OBJECT || !this.isTuple())) {
            at = i + 1;
            mode = close(this, base + at);
            continue;
          }
        } else if (mode === KEY) {
          if (c === QUOTE) {
            const end = plainKey(this, text, i + 1, n);
            if (end >= 0) {
              const colon = end < n && text.charCodeAt(end) === COLON;
              at = colon ? end + 1 : end;
              mode = colon ? VALUE : COLON_MODE;
              continue;
            }
            if (end === NOT_PLAIN) {
              mode = quotedString(this, text, i, final, c, true);
              if (mode < 0) return mode;
              at = this.pos;
              continue;
            }
          } else if (
            (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= ZERO && c <= NINE) || c === 95
          ) {
            // An unquoted ASCII key (`{a: 1}`): what `readKey` reads for it.
            mode = keyWord(this, text, i, n, final);
            if (mode < 0) return mode;
            at = this.pos;
            continue;
          }
        } else if (mode === VALUE) {
          if (c === QUOTE) {
            const end = plainString(this, text, i + 1, n);
            if (end >= 0) {
              mode = this.completed(base + end, this.stringFinalAt);
              this.lastToken = STRING_TOKEN;
              at = end;
              continue;
            }
            mode = quotedString(this, text, i, final, c, false);
            if (mode < 0) return mode;
            at = this.pos;
            continue;
          } else if (c === LBRACE || c === LBRACKET) {
            if (!open(this, c === LBRACE ? OBJECT : ARRAY, base + i)) return STOP;
            at = i + 1;
            mode = c === LBRACE ? KEY : VALUE;
            continue;
          } else if ((c >= ZERO && c <= NINE) || c === MINUS) {
            const end = plainNumber(this, text, i, n);
            if (end >= 0) {
              this.place(this.numValue, base + i);
              // Final at the character after it (plainNumber ends before one, never a word's).
              mode = this.completed(base + end, base + end + 1);
              this.lastToken = NUMBER_TOKEN;
              at = end;
              continue;
            }
            mode = valueNumber(this, text, i, n, final);
            if (mode < 0) return mode;
            at = this.pos;
            continue;
          } else if (c === 116 || c === 102 || c === 110) { // t f n
            const end = literalEnd(text, i, n, c);
            if (end >= 0) {
              this.place(c === 116 ? true : c === 102 ? false : null, base + i);
              // Final at the delimiter after it (`truex` would be a bare word).
              mode = this.completed(base + end, base + end + 1);
              at = end;
              continue;
            }
          }
        } else if (c === COLON) { // COLON_MODE
          at = i + 1;
          mode = VALUE;
          continue;
        }
      }
      // After a value the white space is read again (a line break there may decide a missing
      // comma); elsewhere the mode function goes on after it.
      this.pos = mode === AFTER ? at : i;
      this.steps++;
      mode = this.step(mode, text, n, final);
      if (mode < 0) return mode;
      at = this.pos;
    }
  }

  /** Reads from `pos` in `mode`; returns the next mode, STOP or REREAD. */
  private step(mode: number, text: string, n: number, final: boolean): number {
    switch (mode) {
      case VALUE:
        return readValue(this, text, n, final);
      case AFTER:
        return readAfter(this, text, n, final);
      case KEY:
        return readKey(this, text, n, final);
      case COLON_MODE:
        return readColon(this, text, n, final);
      case KEY_REST:
        return readKeyRest(this, text, n);
      case NUMBER_REST:
      case LITERAL_REST:
        return readValueRest(this, text, n, mode);
      case COMMENT_REST:
        return readCommentRest(this, text, n, final);
      case PREAMBLE:
        return readPreamble(this, text, n, final);
      case DONE:
        return readEpilogue(this, text, n, final);
      default:
        return STOP;
    }
  }
}

/** Chunks shorter than this are gathered TINY_BATCH at a time before joining the input's rope. */
const TINY = 8, TINY_BATCH = 64;

/** Whether `chunk` holds a character that can end what a suspended scan waits for. */
function canResume(chunk: string, wait: number): boolean {
  for (let k = 0; k < chunk.length; k++) {
    const c = chunk.charCodeAt(k);
    switch (wait) {
      case WAIT_NON_WORD:
        if (!isWordChar(c) && c !== DOT && c !== PLUS) return true;
        break;
      case WAIT_NON_SPACE:
        if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return true;
        break;
      case WAIT_LINE_END:
        if (c === LF) return true;
        break;
      case WAIT_SLASH:
        if (c === SLASH) return true;
        break;
      case WAIT_DELIMITER:
        if (
          c === COMMA || c === RBRACE || c === RBRACKET || c === COLON || c === LF || c === CR ||
          isQuote(c) || c === LBRACE || c === LBRACKET
        ) return true;
        break;
      case WAIT_VALUE_START:
        if (c === LBRACE || c === LBRACKET || c === BACKTICK || c === TILDE) return true;
        break;
      default:
        return true;
    }
  }
  return false;
}

/** No comments inside the value (shared, never written). */
const NO_SPANS: readonly number[] = Object.freeze([]);

/**
 * Scans a whole document under resolved options. With `trackMembers`, the
 * top-level members of a root object are recorded as they become final
 * (`members`; readiness needs them); otherwise `members` stays empty.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { scan } from "./mod.ts";
 * import { PROFILES } from "../profiles.ts";
 * strictEqual(scan("[1,2,]", PROFILES.strict).refusal?.code, "E010");
 * deepStrictEqual(scan('{"a":1}', PROFILES.strict, true).members, [{ name: "a", end: 7 }]);
 * deepStrictEqual(scan('{"a":1}', PROFILES.strict).members, []);
 * ```
 */
export function scan(text: string, profile: Profile, trackMembers = false): ScanResult {
  const scanner = new Scanner(profile, trackMembers);
  scanner.feed(text, true);
  return scanner.result();
}
