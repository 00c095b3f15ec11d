/**
 * The scanner's state (`ScanState`): the window over the input, the container stack, the string
 * being read, the classification (repairs, exactness, ambiguity, the first refusal), and the
 * methods every reader shares: recording a repair, placing a value, completing a token, suspending.
 * The driver (`Scanner` of `scanner.ts`) extends it; the readers are functions of it.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ScanState } from "./state.ts";
 * import { PROFILES } from "../profiles.ts";
 * strictEqual(new ScanState(PROFILES.strict).depth, 0);
 * ```
 *
 * @module
 */
import { NEED_LINE_END, needsMore } from "../candidates.ts";
import { type EngineError, positionedError } from "../errors.ts";
import type { Profile } from "../profiles.ts";
import type { Ambiguity, Exactness, Repair, RepairRule } from "../rules.ts";
import {
  AFTER,
  ARRAY,
  COMMENT_REST,
  DONE,
  END,
  NONE,
  OBJECT,
  OTHER_TOKEN,
  PREAMBLE,
  STOP,
  SUSPEND,
  T_START,
  WAIT_ANY,
  WAIT_OF_NEED,
} from "./codes.ts";
import { DecimalReading } from "./numbers.ts";
import { type Mark, NOTHING_MARKED, RareState } from "./rare_state.ts";
import { MAX_LISTED_REPAIRS, type SettledMember } from "./scan_result.ts";
import { RULE } from "./scanner_rules.ts";

// Char codes, local: a constant declared in this module is folded into its loops, an
// imported binding is loaded from its module on every use.
const LF = 10, CR = 13;

/**
 * Exactness by rank: exact below cosmetic below lossy (the worst recorded wins).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { EXACTNESS_BY_RANK, EXACTNESS_RANK } from "./state.ts";
 * strictEqual(EXACTNESS_RANK.exact < EXACTNESS_RANK.cosmetic, true);
 * strictEqual(EXACTNESS_RANK.cosmetic < EXACTNESS_RANK.lossy, true);
 * strictEqual(EXACTNESS_BY_RANK[EXACTNESS_RANK.lossy], "lossy");
 * ```
 */
export const EXACTNESS_RANK: Record<Exactness, number> = { exact: 0, cosmetic: 1, lossy: 2 };

/**
 * Ambiguity by rank: none below semantic below syntactic (the worst recorded wins).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { AMBIGUITY_BY_RANK, AMBIGUITY_RANK } from "./state.ts";
 * strictEqual(AMBIGUITY_RANK.none < AMBIGUITY_RANK.semantic, true);
 * strictEqual(AMBIGUITY_RANK.semantic < AMBIGUITY_RANK.syntactic, true);
 * strictEqual(AMBIGUITY_BY_RANK[AMBIGUITY_RANK.semantic], "semantic");
 * ```
 */
export const AMBIGUITY_RANK: Record<Ambiguity, number> = { none: 0, semantic: 1, syntactic: 2 };

/**
 * The exactness of each rank (the inverse of `EXACTNESS_RANK`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { EXACTNESS_BY_RANK, EXACTNESS_RANK } from "./state.ts";
 * strictEqual(EXACTNESS_BY_RANK.every((e, rank) => EXACTNESS_RANK[e] === rank), true);
 * ```
 */
export const EXACTNESS_BY_RANK: readonly Exactness[] = ["exact", "cosmetic", "lossy"];

/**
 * The ambiguity of each rank (the inverse of `AMBIGUITY_RANK`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { AMBIGUITY_BY_RANK, AMBIGUITY_RANK } from "./state.ts";
 * strictEqual(AMBIGUITY_BY_RANK.every((a, rank) => AMBIGUITY_RANK[a] === rank), true);
 * ```
 */
export const AMBIGUITY_BY_RANK: readonly Ambiguity[] = ["none", "semantic", "syntactic"];

/**
 * The scanner's state: see docs/ENGINE.md.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ScanState } from "./state.ts";
 * import { PROFILES } from "../profiles.ts";
 * const s = new ScanState(PROFILES.agent);
 * strictEqual(s.depth, 0);
 * strictEqual(s.root, undefined); // no value read yet
 * ```
 */
export class ScanState {
  /** The resolved options. */
  readonly profile: Profile;
  /** The root value as built so far (live: later chunks mutate it). */
  root: unknown = undefined;
  /** Whether a root value exists (possibly still open). */
  hasRoot = false;
  /** Top-level members that are final. */
  readonly members: SettledMember[] = [];
  // Window over the input: only the unfinished tail is kept between feeds.
  window = "";
  base = 0;
  pos = 0;
  mode = PREAMBLE;
  finished = false;
  /** Whether the last chunk was fed (`feed(…, true)`). */
  ended = false;
  /** Read unescaped already (`R067`): never read unescaped again. */
  readonly unescaped: boolean;
  // Container stack.
  containers: unknown[] = [];
  kinds: number[] = [];
  pendingKeys: string[] = [];
  caseFlags: boolean[] = [];
  /** The innermost open container and its kind (NONE at the root). */
  top: unknown = undefined;
  topKind = NONE;
  depth = 0;
  openObjects = 0;
  /** Absolute offset of the comma that opened the current slot, or -1. */
  commaAt = -1;
  // String in progress.
  inString = false;
  strStart = 0;
  strQuote = 0;
  strOut = "";
  strIsKey = false;
  strValue = "";
  numValue: number | null = 0;
  /** What the last value read was: OTHER_TOKEN, NUMBER_TOKEN or STRING_TOKEN. */
  lastToken = OTHER_TOKEN;
  /** Whether the value holds a `-0` (JSON.stringify would render it as `0`). */
  negativeZero = false;
  fence = false;
  // Classification.
  repairs: Repair[] = [];
  repairCount = 0;
  exactRank = 0;
  ambiguityRank = 0;
  validJson = true;
  truncated = false;
  fatal: EngineError | null = null;
  /** The repair the profile refuses first in input order (its error is made by `result()`). */
  refusalRule: RepairRule | null = null;
  refusalOffset = 0;
  /** Offset of the last listed repair, and whether the list left input order. */
  lastListed = 0;
  unordered = false;
  valueStart = 0;
  valueEnd = 0;
  syntaxEnd = -1;
  // The input as fed: a rope (flattened once, when `text()` is first read),
  // with chunks under TINY code units gathered first (their cons cells would
  // outweigh them). The line index (offsets of LF up to `linesUpTo`) is
  // searched in it only when a position is needed: repairs get their line
  // and column in `result()`, so a resume costs no line search.
  all = "";
  tiny: string[] = [];
  received = 0;
  /** What the suspended scan waits for, and the chunks held until it comes. */
  wait = WAIT_ANY;
  pending: string[] = [];
  /** Set by a token scanner before it returns SUSPEND: what it waits for. */
  suspendWait = WAIT_ANY;
  /** Whether top-level members are recorded as they become final (streaming, readiness). */
  readonly trackMembers: boolean;
  /** A placeholder was just dropped: a comma next belongs to it. */
  placeholderComma = false;
  /** The rarely used state, made when first read or written. */
  rareState: RareState | null = null;
  /** Absolute offset where prose before the value began, or -1. */
  proseAt = -1;
  /** Where `framingAt` of the preamble found the value or prose to start. */
  skippedTo = 0;
  /** A fence's run or language line is being read across chunks. */
  fenceTail = false;
  /** A closing fence or wrapper followed the value at once. */
  closedAfter = false;
  /** The character of a closing fence whose run is being read (0 when none). */
  fenceRun = 0;
  /** Where the epilogue is: before any prose, in prose, inside a further candidate. */
  tail = T_START;
  /**
   * The classification as it stood when the root value began: a root
   * scalar that turns out to be prose is forgotten by going back to it.
   */
  marked: Mark = NOTHING_MARKED;
  /** Absolute offset just past the character that confirmed a string's closing quote. */
  stringFinalAt = 0;
  // A token cut by the end of a chunk (modes KEY_REST, NUMBER_REST, LITERAL_REST): the window it
  // began in and its first character there (`tokenHead`, `tokenHeadStart` in RareState); for a
  // key its hash so far and whether it has cased characters.
  keyHash = 0;
  keyCased = false;
  /** The number being read (kept across a chunk end in NUMBER_REST). */
  readonly decimal: DecimalReading = new DecimalReading();

  /** Creates a scanner with resolved options. */
  constructor(profile: Profile, trackMembers = false, unescaped = false) {
    this.profile = profile;
    this.trackMembers = trackMembers;
    this.unescaped = unescaped;
  }

  /**
   * How many code units the scan loop was handed in all, counting a unit
   * again each time a suspended token is read again from its start: the
   * scanner's work, which stays linear in the input for any chunking (a
   * test compares 1× and 4× inputs fed one unit at a time). A scan fed in
   * one final chunk reads each unit once and counts nothing (its `scanned`
   * may stay 0).
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Scanner } from "./mod.ts";
   * import { PROFILES } from "../profiles.ts";
   * const scanner = new Scanner(PROFILES.agent);
   * for (const unit of "[1, 2]") scanner.feed(unit, false);
   * scanner.feed("", true);
   * strictEqual(scanner.scanned <= 2 * "[1, 2]".length, true);
   * ```
   */
  get scanned(): number {
    return this.rareState === null ? 0 : this.rareState.scanned;
  }

  get rare(): RareState {
    return this.rareState ??= new RareState();
  }

  /** 1-based line and column of an absolute offset. */
  lineColumn(offset: number): [number, number] {
    if (offset > this.rare.linesUpTo) this.trackLines(offset);
    const newlines = this.rare.newlines;
    // Binary search for the number of LFs before offset.
    let lo = 0, hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newlines[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return [lo + 1, lo === 0 ? offset + 1 : offset - newlines[lo - 1]];
  }

  /**
   * Records the line breaks of the input before an absolute offset, natively
   * (with indexOf). A document without repairs is never searched.
   */
  trackLines(offset: number): void {
    const text = this.text(), newlines = this.rare.newlines;
    const stop = offset < text.length ? offset : text.length;
    for (let k = this.rare.linesUpTo;;) {
      const at = text.indexOf("\n", k);
      if (at < 0 || at >= stop) break;
      newlines.push(at);
      k = at + 1;
    }
    if (stop > this.rare.linesUpTo) this.rare.linesUpTo = stop;
  }

  /** Gives the listed repairs not placed yet their line and column. */
  placeRepairs(): void {
    for (const repair of this.repairs) {
      if (repair.line !== 0) continue;
      const [line, column] = this.lineColumn(repair.offset);
      repair.line = line;
      repair.column = column;
    }
  }

  /** Appends the gathered tiny chunks to the rope, joined. */
  gatherTiny(): void {
    const joined = this.tiny.join("");
    this.tiny.length = 0;
    this.all = this.all.length === 0 ? joined : this.all + joined;
  }

  /**
   * The whole input fed so far.
   *
   * @example
   * ```ts
   * import { strictEqual } from "node:assert/strict";
   * import { Scanner } from "./mod.ts";
   * import { PROFILES } from "../profiles.ts";
   * const scanner = new Scanner(PROFILES.strict);
   * scanner.feed('{"a":', false);
   * scanner.feed("1}", true);
   * strictEqual(scanner.text(), '{"a":1}');
   * ```
   */
  text(): string {
    if (this.tiny.length > 0) this.gatherTiny();
    return this.all;
  }

  repair(rule: RepairRule, offset: number): void {
    this.repairCount++;
    const severity = EXACTNESS_RANK[rule.severity];
    if (severity > this.exactRank) this.exactRank = severity;
    const ambiguity = AMBIGUITY_RANK[rule.ambiguity];
    if (ambiguity > this.ambiguityRank) this.ambiguityRank = ambiguity;
    if (!rule.valid) this.validJson = false;
    if (rule.tail) this.truncated = true;
    const listed = this.repairs.length < MAX_LISTED_REPAIRS;
    // The refusal is the refused repair first in input order (a few repairs
    // are found after ones that stand later in the input).
    // More than one candidate outranks every other refusal: the model must
    // first say which value it means.
    const refuses = this.violates(rule) &&
      (this.refusalRule === null ||
        (rule === RULE.MultipleCandidates
          ? this.refusalRule !== rule
          : offset < this.refusalOffset && this.refusalRule !== RULE.MultipleCandidates));
    if (!listed && !refuses) return;
    if (listed) {
      if (offset < this.lastListed) this.unordered = true;
      this.lastListed = offset;
      this.repairs.push({
        rule: rule.code,
        name: rule.name,
        offset,
        line: 0, // placed by result()
        column: 0,
        severity: rule.severity,
        ambiguity: rule.ambiguity,
        confidence: rule.confidence,
      });
    }
    if (refuses) {
      this.refusalRule = rule;
      this.refusalOffset = offset;
    }
  }

  /** Whether the profile refuses a repair of this rule. */
  violates(rule: RepairRule): boolean {
    const p = this.profile;
    if (rule === RULE.SkipProse) return !p.skipProse;
    if (rule.ambiguity !== "none" && !p.allowAmbiguity) return true;
    if (EXACTNESS_RANK[rule.severity] > EXACTNESS_RANK[p.maxLoss]) return true;
    return p.tailLossOnly && rule.severity === "lossy" && !rule.tail;
  }

  /** The error the profile answers a repair it refuses with. */
  refuse(
    rule: RepairRule,
    line: number,
    column: number,
    offset: number,
  ): EngineError {
    const p = this.profile;
    const head = `${rule.code} ${rule.name}`;
    if (rule === RULE.SkipProse && !p.skipProse) {
      return positionedError(
        "E002",
        line,
        column,
        offset,
        `${head}: text outside the JSON value; skip_prose is off under profile ${p.name}`,
      );
    }
    if (rule.ambiguity !== "none" && !p.allowAmbiguity) {
      return positionedError(
        "E011",
        line,
        column,
        offset,
        `${head}: ambiguity ${rule.ambiguity} is refused by profile ${p.name}`,
      );
    }
    if (EXACTNESS_RANK[rule.severity] > EXACTNESS_RANK[p.maxLoss]) {
      return positionedError(
        "E010",
        line,
        column,
        offset,
        `${head}: exactness ${rule.severity} exceeds max_loss ${p.maxLoss}`,
      );
    }
    // tailLossOnly (interactive): a lossy repair that completes no truncated tail.
    const only = `which accepts a lossy repair only to complete a truncated tail`;
    if (rule.ambiguity !== "none") {
      return positionedError(
        "E011",
        line,
        column,
        offset,
        `${head}: ambiguity ${rule.ambiguity} with a lossy repair is refused by profile ${p.name}, ${only}`,
      );
    }
    return positionedError(
      "E010",
      line,
      column,
      offset,
      `${head}: a lossy repair that completes no truncated tail is refused by profile ${p.name}, ${only}`,
    );
  }

  fail(error: EngineError): void {
    if (this.fatal === null) this.fatal = error;
    this.mode = END;
    this.finished = true;
  }

  failAt(code: string, offset: number, detail: string): void {
    const [line, column] = this.lineColumn(offset);
    this.fail(positionedError(code, line, column, offset, detail));
  }

  setMember(
    object: Record<string, unknown>,
    key: string,
    value: unknown,
    at: number,
  ): void {
    if (key === "__proto__") {
      // repair: `{"__proto__":1,"__proto__":2}` → the last wins, flagged
      if (Object.hasOwn(object, key)) this.repair(RULE.DuplicateKey, at);
      Object.defineProperty(object, key, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      return;
    }
    if (Object.hasOwn(object, key)) {
      // The same scalar twice has one reading, whichever of the two a reader keeps.
      const before = object[key];
      const same = Object.is(before, value) && (typeof value !== "object" || value === null);
      // repair: `{"a":1,"a":2}` → `{"a":2}` (the last wins, flagged); `{"a":1,"a":1}` → `{"a":1}`
      this.repair(same ? RULE.RepeatedMember : RULE.DuplicateKey, at);
      // Re-inserting keeps the first key's position, as JSON.parse does.
    }
    object[key] = value;
  }

  /** Places a completed scalar (or an opened container) into its parent. */
  place(value: unknown, at: number): void {
    const d = this.depth;
    if (d === 0) {
      this.root = value;
      this.hasRoot = true;
      return;
    }
    if (this.topKind === ARRAY) (this.top as unknown[]).push(value);
    else this.setMember(this.top as Record<string, unknown>, this.pendingKeys[d - 1], value, at);
  }

  /** Bookkeeping once a value is complete; returns the next mode. */
  completed(end: number, finalAt: number = end): number {
    this.lastToken = OTHER_TOKEN;
    const d = this.depth;
    if (d === 0) {
      this.valueEnd = end;
      this.syntaxEnd = finalAt;
      return DONE;
    }
    if (d === 1 && this.trackMembers && this.kinds[0] === OBJECT) {
      this.members.push({ name: this.pendingKeys[0], end: finalAt });
    }
    return AFTER;
  }

  /**
   * Suspends the scan in `mode`, keeping the window from `keep` on (what is read again with the
   * next chunk); returns STOP.
   */
  suspend(keep: number, mode: number): number {
    if (this.rare.commentKeep >= 0) {
      // Inside a block comment: keep its last character only.
      keep = this.rare.commentKeep;
      this.rare.commentKeep = -1;
      this.rare.commentReturn = mode;
      mode = COMMENT_REST;
    }
    // Keep only the unfinished tail.
    this.wait = this.suspendWait;
    this.suspendWait = WAIT_ANY;
    const absolute = this.base + keep;
    const window = this.window;
    this.window = keep === 0 ? window : keep >= window.length ? "" : window.slice(keep);
    this.base = absolute;
    this.pos = 0;
    this.mode = mode;
    return STOP;
  }

  /** Goes on at index i of the window in `mode`: returns `mode` (a mode function's answer). */
  moveTo(i: number, mode: number): number {
    this.pos = i;
    return mode;
  }

  /** Turns a lookahead's `NEED_*` answer into SUSPEND (noting what to wait for); other answers pass. */
  ask(answer: number): number {
    if (!needsMore(answer)) return answer;
    return this.waitFor(WAIT_OF_NEED[answer - NEED_LINE_END]);
  }

  /** Returns SUSPEND, noting what the suspended scan waits for. */
  waitFor(wait: number): number {
    this.suspendWait = wait;
    return SUSPEND;
  }

  /** Remembers the classification as the root value begins. */
  mark(): void {
    this.closedAfter = false;
    if (
      this.repairCount === 0 && this.repairs.length === 0 && this.exactRank === 0 &&
      this.ambiguityRank === 0 && this.validJson && !this.truncated &&
      this.refusalRule === null && this.refusalOffset === 0 && this.lastListed === 0 &&
      !this.unordered && !this.negativeZero
    ) {
      // Nothing recorded yet (the usual case): no snapshot to make.
      this.marked = NOTHING_MARKED;
      return;
    }
    this.marked = {
      listed: this.repairs.length,
      count: this.repairCount,
      exact: this.exactRank,
      ambiguity: this.ambiguityRank,
      valid: this.validJson,
      truncated: this.truncated,
      refusalRule: this.refusalRule,
      refusalOffset: this.refusalOffset,
      lastListed: this.lastListed,
      unordered: this.unordered,
      negativeZero: this.negativeZero,
    };
  }

  /** Goes back to the classification remembered by `mark`. */
  restoreMark(): void {
    const marked = this.marked;
    this.repairs.length = marked.listed;
    this.repairCount = marked.count;
    this.exactRank = marked.exact;
    this.ambiguityRank = marked.ambiguity;
    this.validJson = marked.valid;
    this.truncated = marked.truncated;
    this.refusalRule = marked.refusalRule;
    this.refusalOffset = marked.refusalOffset;
    this.lastListed = marked.lastListed;
    this.unordered = marked.unordered;
    this.negativeZero = marked.negativeZero;
  }

  /** Notes a comment inside the value (judged once the input ends, `judgeFraming`). */
  innerComment(start: number, end: number): void {
    if (this.depth > 0) this.rare.innerComments.push(start, end);
  }

  /** Whether the top container is a tuple `(…)` read as an array. */
  isTuple(): boolean {
    return this.rareState !== null && this.topKind === ARRAY &&
      this.rareState.tuples.has(this.top as unknown[]);
  }

  /** Notes an empty string value ending at an absolute offset (a triple quote may follow). */
  emptyString(end: number, quote: number): void {
    this.rare.emptyStringEnd = end;
    this.rare.emptyQuote = quote;
  }

  /**
   * Whether the white space from `from` to `to` holds a line break, LF or a
   * lone CR (or the run began in an earlier chunk after one: `lineBreakTo`).
   */
  lineBreakIn(text: string, from: number, to: number): boolean {
    if (this.rareState !== null && this.rareState.lineBreakTo === this.base + from) return true;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c === LF || c === CR) return true;
    }
    return false;
  }

  /** The error that stopped the scan (a limit), or null. */
  get error(): EngineError | null {
    return this.fatal;
  }

  /** Whether the root value's syntax is complete. */
  get settled(): boolean {
    return this.syntaxEnd >= 0;
  }
}
