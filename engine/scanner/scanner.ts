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
 * import { scan } from "./scanner.ts";
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
import { isDigit, isOtherSpace, isQuote, isWordChar, isWordStart } from "../characters.ts";
import { type EngineError, engineError, positionedError } from "../errors.ts";
import { escapedReading } from "../escaped_document.ts";
import { commentChangesMeaning, type Unframed, unframedText } from "../framing.ts";
import { FIRST_HAZARD_UNIT } from "../hazards.ts";
import type { Profile } from "../profiles.ts";
import {
  closingQuote,
  holdsAnyOf,
  isAllBlank,
  isFormatCharacter,
  isPlainRun,
  skipWhiteSpace,
  WIDE,
} from "./chars.ts";
import {
  AFTER,
  ARRAY,
  COLON_MODE,
  COMMENT_REST,
  DONE,
  END,
  FATAL,
  GLUED_TOKEN,
  INFERRED_COLON,
  INFERRED_COMMA,
  KEY,
  KEY_CUT,
  KEY_REST,
  LITERAL_REST,
  NUMBER_REST,
  NUMBER_TOKEN,
  OBJECT,
  PREAMBLE,
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
import {
  closeAllAtEnd,
  closeTuple,
  closeWith,
  inferred,
  isEmptyObject,
  open,
  stray,
  wrongCloser,
} from "./containers.ts";
import { epilogue, settleCloser } from "./epilogue.ts";
import { isPlaceholder, skipComment, skipPlaceholder } from "./ignored.ts";
import { plainKey, plainKeyRest, scanKeyWord } from "./keys.ts";
import { numberRest, scanNumber } from "./number_reader.ts";
import { preamble } from "./preamble.ts";
import { acceptable, type ScanResult, unescapedResult } from "./scan_result.ts";
import { RULE } from "./scanner_rules.ts";
import { AMBIGUITY_BY_RANK, EXACTNESS_BY_RANK, ScanState } from "./state.ts";
import { beginString, finishString, plainString, scanString } from "./strings.ts";
import { isLiteralPrefix, literalEnd, literalRest, LITERALS, scanWord } from "./words.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  QUOTE = 34,
  HASH = 35,
  APOS = 39,
  PLUS = 43,
  COMMA = 44,
  MINUS = 45,
  DOT = 46,
  SLASH = 47,
  COLON = 58,
  LBRACKET = 91,
  RBRACKET = 93,
  BACKTICK = 96,
  LBRACE = 123,
  RBRACE = 125,
  STAR = 42,
  TILDE = 126,
  LDQUO = 0x201c,
  LSQUO = 0x2018,
  ELLIPSIS = 0x2026,
  BOM = 0xfeff,
  LPAREN = 40,
  RPAREN = 41;

/**
 * The resumable scanner. Use {@linkcode scan} for a whole document; the
 * streaming parser feeds chunks.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { Scanner } from "./scanner.ts";
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
  judgeFraming(): void {
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
      this.repair(found.kind === "code" ? RULE.CodeAroundValue : RULE.NonFramingText, found.offset);
    }
    for (let k = 0; k + 1 < spans.length; k += 2) {
      if (commentChangesMeaning(text, spans[k], spans[k + 1])) {
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
  escapedResult(): ScanResult | null {
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
  ownResult(): ScanResult {
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
   * import { Scanner } from "./scanner.ts";
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
  refusalError(): EngineError {
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
  candidatesDetail(): string {
    const offsets = [this.valueStart, ...this.rare.candidates];
    const places = offsets.map((offset) => {
      const [line, column] = this.lineColumn(offset);
      return `line ${line} column ${column} (offset ${offset})`;
    });
    const count = 1 + this.rare.candidateCount;
    const more = count > offsets.length ? `, and ${count - offsets.length} more` : "";
    return `${count} candidate values, at ${places.join(", ")}${more}`;
  }

  run(final: boolean): void {
    const text = this.window;
    const n = text.length;
    const base = this.base;
    let i = this.pos;
    // The work of a scan fed in chunks (a one-shot scan reads each unit once).
    if (!final || this.rareState !== null) this.rare.scanned += n - i;
    let mode = this.mode;
    let c = 0;

    if (this.inString) {
      const end = scanString(this, text, i, final);
      if (end === SUSPEND || end === FATAL) return;
      i = end;
      mode = finishString(this, i);
      if (mode === END) return;
    }

    for (;;) {
      switch (mode) {
        case VALUE: {
          i = skipWhiteSpace(text, i, n);
          c = i < n ? text.charCodeAt(i) : 0;
          if (i >= n) {
            if (!final) return this.suspend(i, mode);
            if (this.depth === 0) {
              this.fail(engineError("E003", "no JSON value found in the input"));
              return;
            }
            closeAllAtEnd(this, base + n);
            return;
          }
          const afterPlaceholder = this.placeholderComma;
          this.placeholderComma = false;
          if (c === LBRACE || c === LBRACKET) {
            if (!open(this, c === LBRACE ? OBJECT : ARRAY, base + i)) return;
            i++;
            mode = c === LBRACE ? KEY : VALUE;
            continue;
          }
          if (c === QUOTE) {
            const end = plainString(this, text, i + 1, n);
            if (end > 0) {
              if (end === i + 2) this.emptyString(base + end, QUOTE);
              i = end;
              mode = this.completed(base + i, this.stringFinalAt);
              this.lastToken = STRING_TOKEN;
              continue;
            }
          }
          if (c === QUOTE || c === APOS || c === LDQUO || c === LSQUO) {
            if (c !== QUOTE) {
              this.repair(c === APOS ? RULE.SingleQuotes : RULE.TypographicQuotes, base + i);
            }
            beginString(this, base + i, closingQuote(c), false);
            const end = scanString(this, text, i + 1, final);
            if (end === SUSPEND || end === FATAL) return;
            i = end;
            mode = finishString(this, i);
            if (mode === END) return;
            continue;
          }
          if (isDigit(c) || c === MINUS || c === PLUS || c === DOT) {
            if (c === DOT) {
              if (!final && i + 3 > n) return this.suspend(i, mode);
              if (isPlaceholder(text, i, n)) {
                const end = skipPlaceholder(this, text, i, n, final);
                if (end === SUSPEND) return this.suspend(i, mode);
                i = end;
                continue;
              }
            }
            const end = scanNumber(this, text, i, n, final);
            if (end === SUSPEND) {
              if (this.rare.numberCut && base + i !== this.rare.rewoundAt) {
                // Go on from the digits read so far with the next chunk.
                this.rare.numberCut = false;
                this.rare.tokenHead = text;
                this.rare.tokenHeadStart = i;
                return this.suspend(n, NUMBER_REST);
              }
              this.rare.numberCut = false;
              return this.suspend(i, mode);
            }
            if (end === FATAL) return;
            if (end < 0) {
              i = -end - 3; // the token was dropped (a lone sign)
              continue;
            }
            this.place(this.numValue, base + i);
            i = end;
            // A number is final only once the character after it is read.
            mode = this.completed(base + i, base + (i < n ? i + 1 : i));
            // A word right after the digits (`12abc`, `80_4`) may belong to the number.
            this.lastToken = i < n && isWordStart(text.charCodeAt(i)) ? GLUED_TOKEN : NUMBER_TOKEN;
            continue;
          }
          if (c === RBRACKET || c === RBRACE) {
            const d = this.depth;
            if (d === 0) {
              this.repair(RULE.SkippedCharacter, base + i);
              i++;
              continue;
            }
            if (this.kinds[d - 1] === OBJECT) {
              // `{"a":}` — the member has no value.
              this.repair(RULE.MissingValue, base + i);
              this.place(null, base + i);
              mode = this.completed(base + i);
              continue;
            }
            const wrong = this.kinds[this.depth - 1] === (c === RBRACE ? OBJECT : ARRAY)
              ? 0
              : wrongCloser(this, text, i, n, final, c);
            if (wrong === SUSPEND) return this.suspend(i, mode);
            if (this.commaAt >= 0) this.repair(RULE.TrailingComma, this.commaAt);
            mode = closeWith(this, c, base + i, wrong === 1);
            i++;
            continue;
          }
          if (c === COMMA) {
            if (afterPlaceholder) {
              i++;
              continue;
            }
            const d = this.depth;
            if (d > 0 && this.kinds[d - 1] === OBJECT) {
              this.repair(RULE.MissingValue, base + i);
              this.place(null, base + i);
              mode = this.completed(base + i);
              continue;
            }
            this.repair(RULE.SkippedCharacter, base + i);
            i++;
            continue;
          }
          if (c === SLASH) {
            const end = skipComment(this, text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (c === HASH) {
            // In value position `#` is content (`#ff0000`), never a comment:
            // read as a bare word, so it is kept and reported (R030).
            const end = scanWord(this, text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            if (end === FATAL) return;
            i = end;
            mode = this.completed(base + i, base + (i < n ? i + 1 : i));
            continue;
          }
          if (c === ELLIPSIS) {
            const end = skipPlaceholder(this, text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (c === 116 || c === 102 || c === 110) { // t f n
            const end = literalEnd(text, i, n, c);
            if (end > 0) {
              this.place(c === 116 ? true : c === 102 ? false : null, base + i);
              i = end;
              // Final at the delimiter after it (`truex` would be a bare word).
              mode = this.completed(base + i, base + i + 1);
              continue;
            }
          }
          if (isFormatCharacter(c)) {
            // An invisible format character between tokens (issue 22): white space.
            this.repair(RULE.NonJsonWhitespace, base + i);
            i++;
            continue;
          }
          if (isWordStart(c)) {
            if (
              !final && LITERALS.has(c) && base + i !== this.rare.rewoundAt &&
              isLiteralPrefix(text, i, n, LITERALS.get(c)!.text)
            ) {
              // A literal cut by the end of the chunk (or not yet delimited): go on
              // with the next one.
              this.rare.tokenHead = text;
              this.rare.tokenHeadStart = i;
              return this.suspend(n, LITERAL_REST);
            }
            const end = scanWord(this, text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            if (end === FATAL) return;
            i = end;
            mode = this.completed(base + i, base + (i < n ? i + 1 : i));
            continue;
          }
          if (c === LPAREN) {
            // A Python tuple: an array (issue 22), judged when it closes.
            if (!open(this, ARRAY, base + i)) return;
            this.rare.tuples.add(this.top as unknown[]);
            i++;
            continue;
          }
          if (c === RPAREN && this.isTuple()) {
            if (this.commaAt >= 0) this.repair(RULE.TrailingComma, this.commaAt);
            mode = closeTuple(this, base + i);
            i++;
            continue;
          }
          stray(this, c, base + i);
          i++;
          continue;
        }

        case AFTER: {
          const from = i;
          i = skipWhiteSpace(text, i, n);
          if (i >= n) {
            if (!final) {
              // Whether the white space held a line break, kept across the cut.
              if (this.lineBreakIn(text, from, i)) this.rare.lineBreakTo = base + i;
              return this.suspend(i, mode);
            }
            closeAllAtEnd(this, base + n);
            return;
          }
          c = text.charCodeAt(i);
          if (c === COMMA) {
            this.commaAt = base + i;
            i++;
            mode = this.topKind === OBJECT ? KEY : VALUE;
            continue;
          }
          if (c === RBRACKET || c === RBRACE) {
            const wrong = this.depth === 0 ||
                this.kinds[this.depth - 1] === (c === RBRACE ? OBJECT : ARRAY)
              ? 0
              : wrongCloser(this, text, i, n, final, c);
            if (wrong === SUSPEND) return this.suspend(i, mode);
            mode = closeWith(this, c, base + i, wrong === 1);
            i++;
            continue;
          }
          if (c === SLASH || c === HASH) {
            const end = skipComment(this, text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (isOtherSpace(c) || c === BOM || isFormatCharacter(c)) {
            this.repair(RULE.NonJsonWhitespace, base + i);
            i++;
            continue;
          }
          if (c === DOT || c === ELLIPSIS) {
            if (c === DOT && !final && i + 3 > n) return this.suspend(i, mode);
            if (c === ELLIPSIS || isPlaceholder(text, i, n)) {
              const end = skipPlaceholder(this, text, i, n, final);
              if (end === SUSPEND) return this.suspend(i, mode);
              i = end;
              mode = this.topKind === OBJECT ? KEY : VALUE;
              continue;
            }
          }
          if (
            c === LBRACE || c === LBRACKET || isQuote(c) || isDigit(c) || c === MINUS ||
            isWordStart(c) || c === DOT
          ) {
            // Only two tokens each complete on its own, that nothing else
            // could join, get a comma: a number next to a digit, dot or sign
            // (or, in an array, a word) and two strings in an array may be
            // one token (`192.168.1.1`, `2024-11-15`, `1 500`, `["a" "b"]`).
            // Two strings side by side are one in Python (`"a" "b"` is
            // `"ab"`): split only between members on separate lines.
            const last = this.lastToken;
            const split = last === GLUED_TOKEN ||
              (last === NUMBER_TOKEN
                ? isDigit(c) || c === DOT || c === MINUS ||
                  (this.topKind === ARRAY && isWordStart(c))
                : last === STRING_TOKEN && isQuote(c) &&
                  (this.topKind === ARRAY || !this.lineBreakIn(text, from, i)));
            if (
              last === STRING_TOKEN && this.rareState !== null &&
              c === this.rareState.emptyQuote && this.rareState.emptyStringEnd === base + i
            ) {
              // A Python triple-quoted string.
              this.repair(RULE.TripleQuotedString, base + i - 2);
            }
            this.repair(split ? RULE.AmbiguousSplit : RULE.MissingComma, base + i);
            this.commaAt = -1;
            if (!split) inferred(this, INFERRED_COMMA, base + i, true);
            mode = this.topKind === OBJECT ? KEY : VALUE;
            continue;
          }
          if (c === RPAREN && this.isTuple()) {
            mode = closeTuple(this, base + i);
            i++;
            continue;
          }
          this.repair(RULE.SkippedCharacter, base + i);
          i++;
          continue;
        }

        case KEY: {
          i = skipWhiteSpace(text, i, n);
          if (i >= n) {
            if (!final) return this.suspend(i, mode);
            closeAllAtEnd(this, base + n);
            return;
          }
          c = text.charCodeAt(i);
          if (c === COMMA && this.placeholderComma) {
            this.placeholderComma = false;
            i++;
            continue;
          }
          this.placeholderComma = false;
          if (c === COMMA && this.commaAt < 0 && isEmptyObject(this.top)) {
            // `{, "a": 1}`: a comma before the first member has one reading (issue 22).
            this.repair(RULE.LeadingComma, base + i);
            i++;
            continue;
          }
          if (c === QUOTE) {
            const end = plainKey(this, text, i + 1, n);
            if (end > 0) {
              i = end;
              if (i < n && text.charCodeAt(i) === COLON) {
                i++;
                mode = VALUE;
              } else {
                mode = COLON_MODE;
              }
              continue;
            }
            // A short key cut by the end of a chunk: go on with the next one.
            if (end === KEY_CUT && !final) return this.suspend(n, KEY_REST);
          }
          if (c === QUOTE || c === APOS || c === LDQUO || c === LSQUO) {
            if (c !== QUOTE) {
              this.repair(c === APOS ? RULE.SingleQuotes : RULE.TypographicQuotes, base + i);
            }
            beginString(this, base + i, closingQuote(c), true);
            const end = scanString(this, text, i + 1, final);
            if (end === SUSPEND || end === FATAL) return;
            i = end;
            mode = finishString(this, i);
            if (mode === END) return;
            continue;
          }
          if (c === RBRACE || c === RBRACKET) {
            const wrong = this.kinds[this.depth - 1] === (c === RBRACE ? OBJECT : ARRAY)
              ? 0
              : wrongCloser(this, text, i, n, final, c);
            if (wrong === SUSPEND) return this.suspend(i, mode);
            if (this.commaAt >= 0) this.repair(RULE.TrailingComma, this.commaAt);
            mode = closeWith(this, c, base + i, wrong === 1);
            i++;
            continue;
          }
          if (c === SLASH || c === HASH) {
            const end = skipComment(this, text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (c === DOT || c === ELLIPSIS) {
            if (c === DOT && !final && i + 3 > n) return this.suspend(i, mode);
            if (c === ELLIPSIS || isPlaceholder(text, i, n)) {
              const end = skipPlaceholder(this, text, i, n, final);
              if (end === SUSPEND) return this.suspend(i, mode);
              i = end;
              continue;
            }
          }
          if (isFormatCharacter(c)) {
            // Before a quoted key it is white space; glued to an unquoted key it is part of
            // the key (and a hazard there, R038).
            if (i + 1 >= n && !final) return this.suspend(i, mode);
            const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
            if (d === QUOTE || d === APOS || d === SPACE || d === LF || d === CR || d === TAB) {
              this.repair(RULE.NonJsonWhitespace, base + i);
              i++;
              continue;
            }
          }
          if (isWordStart(c) || isDigit(c)) {
            const end = scanKeyWord(this, text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            if (end === FATAL) return;
            i = end;
            mode = COLON_MODE;
            continue;
          }
          stray(this, c, base + i);
          i++;
          continue;
        }

        case COLON_MODE: {
          i = skipWhiteSpace(text, i, n);
          if (i >= n) {
            if (!final) return this.suspend(i, mode);
            closeAllAtEnd(this, base + n);
            return;
          }
          c = text.charCodeAt(i);
          if (c === COLON) {
            i++;
            mode = VALUE;
            continue;
          }
          if (c === SLASH || c === HASH) {
            const end = skipComment(this, text, i, n, final);
            if (end === SUSPEND) return this.suspend(i, mode);
            i = end;
            continue;
          }
          if (c === COMMA || c === RBRACE || c === RBRACKET) {
            this.repair(RULE.MissingValue, base + i);
            this.place(null, base + i);
            mode = this.completed(base + i);
            continue;
          }
          if (isOtherSpace(c) || c === BOM || isFormatCharacter(c)) {
            this.repair(RULE.NonJsonWhitespace, base + i);
            i++;
            continue;
          }
          if (
            c === LBRACE || c === LBRACKET || isQuote(c) || isDigit(c) || c === MINUS ||
            isWordStart(c)
          ) {
            this.repair(RULE.MissingColon, base + i);
            inferred(this, INFERRED_COLON, base + i);
            const rare = this.rareState;
            if (
              rare !== null && rare.bareKey !== "" && rare.bareKeyDepth === this.depth &&
              this.pendingKeys[this.depth - 1] === rare.bareKey
            ) {
              // `764 52`: an integer or literal key with no colon may be a value (digit groups).
              this.repair(RULE.AmbiguousKey, base + i);
            }
            mode = VALUE;
            continue;
          }
          this.repair(RULE.SkippedCharacter, base + i);
          i++;
          continue;
        }

        case KEY_REST: {
          const end = plainKeyRest(this, text, n);
          if (end > 0) {
            i = end;
            if (i < n && text.charCodeAt(i) === COLON) {
              i++;
              mode = VALUE;
            } else {
              mode = COLON_MODE;
            }
            continue;
          }
          // Not a plain key after all, or cut again: read it again from its quote.
          this.rewindToken(text, KEY);
          return this.run(final);
        }

        case NUMBER_REST:
        case LITERAL_REST: {
          const at = this.tokenStart();
          const literal = mode === LITERAL_REST
            ? LITERALS.get(this.rare.tokenHead.charCodeAt(this.rare.tokenHeadStart))!
            : null;
          const end = literal === null
            ? numberRest(this, text, n)
            : literalRest(this, text, n, literal.text);
          if (end < 0) {
            // Not plain after all, or no end in this chunk: read it again whole.
            this.rewindToken(text, VALUE);
            return this.run(final);
          }
          this.place(literal === null ? this.numValue : literal.value, at);
          this.rare.tokenHead = "";
          i = end;
          // Final at the delimiter after it, as when read in one piece.
          mode = this.completed(base + i, base + i + 1);
          if (literal === null) this.lastToken = NUMBER_TOKEN;
          continue;
        }

        case COMMENT_REST: {
          // The rest of a block comment cut by a chunk end.
          let j = i;
          while (j + 1 < n && !(text.charCodeAt(j) === STAR && text.charCodeAt(j + 1) === SLASH)) {
            j++;
          }
          if (j + 1 >= n && !final) {
            this.rare.commentKeep = j;
            this.suspendWait = WAIT_SLASH;
            return this.suspend(j, this.rare.commentReturn);
          }
          this.repair(RULE.StripComment, this.rare.commentAt);
          i = j + 1 >= n ? n : j + 2;
          this.innerComment(this.rare.commentAt, base + i);
          mode = this.rare.commentReturn;
          continue;
        }

        case PREAMBLE: {
          const next = preamble(this, text, i, n, final);
          if (next === SUSPEND || next === FATAL) return;
          i = next;
          mode = VALUE;
          this.valueStart = base + i;
          this.mark();
          continue;
        }

        case DONE: {
          const next = epilogue(this, text, i, n, final);
          if (next < 0) return;
          i = next; // the root scalar was prose: look for the value again
          mode = PREAMBLE;
          continue;
        }

        default:
          return;
      }
    }
  }

  /**
   * Puts a cut token back in front of `text` as the window, from its first
   * character, to be read whole in `mode`; a cut of it again then keeps the
   * window (the general way, linear however many chunks it spans).
   */
  rewindToken(text: string, mode: number): void {
    const head = this.rare.tokenHead, start = this.rare.tokenHeadStart;
    this.window = [head.slice(start), text].join("");
    this.base -= head.length - start;
    this.rare.rewoundAt = this.base;
    this.pos = 0;
    this.mode = mode;
    this.rare.tokenHead = "";
  }

  /** The absolute offset where the cut token began. */
  tokenStart(): number {
    return this.base - (this.rare.tokenHead.length - this.rare.tokenHeadStart);
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
 * import { scan } from "./scanner.ts";
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
