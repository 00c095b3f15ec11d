/**
 * Marks what a repair changed: a character diff of the input against the
 * repaired text that leaves white space out of the comparison (the engine
 * renders compact JSON; the model often wrote it pretty), so that only real
 * edits are marked: a dropped fence, `False` turned into `false`, a bracket
 * closed.
 *
 * Myers' O(ND) algorithm runs window by window (equal runs skipped), so a
 * 100 KB input with hundreds of scattered repairs costs a few passes over
 * it, not N·D. Within a step budget; past it, or when the repaired text is
 * empty, the answer is `null` and the page shows the repaired text unmarked.
 * Iterative, no recursion.
 *
 * @example
 * ```ts
 * import { markChanges } from "./diff.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(markChanges("[True, 1,]", "[true,1]"), [
 *   { kind: "same", text: "[" },
 *   { kind: "del", text: "True" },
 *   { kind: "ins", text: "true" },
 *   { kind: "same", text: ",1" },
 *   { kind: "del", text: "," },
 *   { kind: "same", text: "]" },
 * ]);
 * ```
 *
 * @module
 */

import type { Repair } from "../mod.ts";

/**
 * One run of the marked repaired text.
 *
 * @example
 * ```ts
 * import type { Change } from "./diff.ts";
 * import { strictEqual } from "node:assert/strict";
 * const run: Change = { kind: "ins", text: '"]}' };
 * strictEqual(run.kind, "ins");
 * ```
 */
export interface Change {
  /** `same`: in both; `ins`: added by the repair; `del`: input text the repair dropped. */
  kind: "same" | "ins" | "del";
  /** The run's text (`del`: the input's, from its first to its last dropped character). */
  text: string;
}

/** Significant characters per side that one window of the diff compares at first. */
const WINDOW = 64;

/** The widest window: a window that finds no match past its middle doubles up to this. */
const MAX_WINDOW = 4096;

/** The most edits one window may hold before the diff gives up (the texts differ too much). */
const MAX_WINDOW_EDITS = 1024;

/** The most comparison steps the whole diff takes before giving up. */
const MAX_STEPS = 8_000_000;

/** Equal characters in a row that anchor a window's cut (one alone may be a coincidence). */
const ANCHOR = 4;

const EQUAL = 0;
const INSERT = 1;
const DELETE = 2;

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

function significant(text: string): Int32Array {
  const indices = new Int32Array(text.length);
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isSpace(text.charCodeAt(i))) indices[count++] = i;
  }
  return indices.subarray(0, count);
}

/** The two sides of a diff: texts and the indices of their significant characters. */
interface Sides {
  before: string;
  a: Int32Array;
  after: string;
  b: Int32Array;
  steps: number;
}

/**
 * Myers' shortest edit script between `a[aStart, aStart + n)` and
 * `b[bStart, bStart + m)`, in order; null past the step budget or
 * {@linkcode MAX_WINDOW_EDITS}.
 */
function shortestScript(
  sides: Sides,
  aStart: number,
  n: number,
  bStart: number,
  m: number,
): number[] | null {
  const { before, a, after, b } = sides;
  const max = Math.min(n + m, MAX_WINDOW_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    sides.steps += 2 * d + 1;
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
        ? v[offset + k + 1]
        : v[offset + k - 1] + 1;
      let y = x - k;
      while (
        x < n && y < m && before.charCodeAt(a[aStart + x]) === after.charCodeAt(b[bStart + y])
      ) {
        x++;
        y++;
        sides.steps++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    if (sides.steps > MAX_STEPS) return null;
  }
  if (found < 0) return null;
  const ops: number[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const previous = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && previous[k - 1 + d + 1] < previous[k + 1 + d + 1]);
    const previousK = down ? k + 1 : k - 1;
    const previousX = previous[previousK + d + 1];
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      ops.push(EQUAL);
      x--;
      y--;
    }
    ops.push(down ? INSERT : DELETE);
    x = previousX;
    y = previousY;
  }
  while (x > 0 && y > 0) {
    ops.push(EQUAL);
    x--;
    y--;
  }
  return ops.reverse();
}

/**
 * The edit script over the significant characters, window by window: equal
 * runs are skipped, then Myers runs on the next {@linkcode WINDOW}
 * characters of each side and the script is kept up to the first match past
 * the window's middle (the end of a run of {@linkcode ANCHOR} equal
 * characters; the rest is redone in the next window, so that the window's
 * forced end never shows); a window with no such run past its middle
 * doubles, up to {@linkcode MAX_WINDOW}. Null past the budget.
 */
function editScript(sides: Sides): number[] | null {
  const { before, a, after, b } = sides;
  const n = a.length;
  const m = b.length;
  const script: number[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    while (i < n && j < m && before.charCodeAt(a[i]) === after.charCodeAt(b[j])) {
      script.push(EQUAL);
      i++;
      j++;
    }
    if (i >= n || j >= m) break;
    let window = WINDOW;
    let ops: number[] | null = null;
    let keep = 0;
    while (ops === null) {
      const aLength = Math.min(window, n - i);
      const bLength = Math.min(window, m - j);
      const tried = shortestScript(sides, i, aLength, j, bLength);
      if (tried === null) return null;
      const last = i + aLength === n && j + bLength === m;
      keep = last ? tried.length : 0;
      const half = (aLength + bLength) >> 1;
      let consumed = 0;
      let run = 0;
      for (let s = 0; s < tried.length && keep === 0; s++) {
        consumed += tried[s] === EQUAL ? 2 : 1;
        run = tried[s] === EQUAL ? run + 1 : 0;
        if (consumed >= half && run >= ANCHOR) keep = s + 1;
      }
      if (keep > 0 || window >= MAX_WINDOW) {
        ops = tried;
        if (keep === 0) keep = tried.length;
      } else window *= 2;
    }
    for (let s = 0; s < keep; s++) {
      script.push(ops[s]);
      if (ops[s] !== INSERT) i++;
      if (ops[s] !== DELETE) j++;
    }
  }
  while (i < n) {
    script.push(DELETE);
    i++;
  }
  while (j < m) {
    script.push(INSERT);
    j++;
  }
  return script;
}

/**
 * Marks the changes from `before` (the input) to `after` (the repaired
 * text): runs of `after` kept or inserted, and dropped input text where it
 * was dropped. White space is never an edit: `after`'s takes the kind of the
 * character before it. Null when `after` is empty or past the budget.
 *
 * @example
 * ```ts
 * import { markChanges } from "./diff.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * deepStrictEqual(markChanges('{"a": "b', '{"a":"b"}'), [
 *   { kind: "same", text: '{"a":"b' },
 *   { kind: "ins", text: '"}' },
 * ]);
 * strictEqual(markChanges("[1]", ""), null);
 * ```
 */
export function markChanges(before: string, after: string): Change[] | null {
  if (after === "") return null;
  const a = significant(before);
  const b = significant(after);
  const script = editScript({ before, a, after, b, steps: 0 });
  if (script === null) return null;
  const changes: Change[] = [];
  const push = (kind: Change["kind"], text: string) => {
    if (text === "") return;
    const last = changes[changes.length - 1];
    if (last !== undefined && last.kind === kind) last.text += text;
    else changes.push({ kind, text });
  };
  // A run of `after` (kept or inserted) goes up to the next significant character whose kind
  // differs, so white space takes the kind of the character before it.
  let runKind: "same" | "ins" = "same";
  let runStart = 0;
  const flush = (until: number) => {
    push(runKind, after.slice(runStart, until));
    runStart = until;
  };
  let i = 0;
  let j = 0;
  let dropStart = -1;
  let dropEnd = -1;
  for (let s = 0; s < script.length; s++) {
    const op = script[s];
    if (op === DELETE) {
      if (dropStart < 0) dropStart = a[i];
      dropEnd = a[i] + 1;
      i++;
      continue;
    }
    const kind = op === EQUAL ? "same" : "ins";
    if (dropStart >= 0) {
      flush(b[j]);
      push("del", before.slice(dropStart, dropEnd));
      dropStart = -1;
    } else if (kind !== runKind) flush(b[j]);
    runKind = kind;
    if (op === EQUAL) i++;
    j++;
  }
  flush(after.length);
  if (dropStart >= 0) push("del", before.slice(dropStart, dropEnd));
  return wholeWords(changes);
}

function isWord(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ||
    code === 95;
}

/**
 * Widens every hunk of edits that cuts a word to the whole word, on both
 * sides (`None` → `null` reads as one word dropped and one inserted, not
 * four letters), and writes each hunk as its dropped text then its inserted
 * text. Kept+inserted still gives `after`, kept+dropped still gives
 * `before`'s significant characters.
 */
function wholeWords(changes: Change[]): Change[] {
  const runs = changes.map((change) => ({ ...change }));
  const out: Change[] = [];
  let k = 0;
  while (k < runs.length) {
    if (runs[k].kind === "same") {
      if (runs[k].text !== "") out.push(runs[k]);
      k++;
      continue;
    }
    let dropped = "";
    let inserted = "";
    const previous = out[out.length - 1];
    if (previous?.kind === "same" && isWord(runs[k].text.charCodeAt(0))) {
      let cut = previous.text.length;
      while (cut > 0 && isWord(previous.text.charCodeAt(cut - 1))) cut--;
      dropped = inserted = previous.text.slice(cut);
      previous.text = previous.text.slice(0, cut);
      if (previous.text === "") out.pop();
    }
    while (k < runs.length) {
      while (k < runs.length && runs[k].kind !== "same") {
        if (runs[k].kind === "del") dropped += runs[k].text;
        else inserted += runs[k].text;
        k++;
      }
      const following = runs[k];
      const tail = runs[k - 1].text;
      if (following === undefined || !isWord(tail.charCodeAt(tail.length - 1))) break;
      let cut = 0;
      while (cut < following.text.length && isWord(following.text.charCodeAt(cut))) cut++;
      dropped += following.text.slice(0, cut);
      inserted += following.text.slice(0, cut);
      following.text = following.text.slice(cut);
      if (following.text !== "") break;
      k++; // the kept run was one word: the next edits join this hunk
    }
    if (dropped !== "") out.push({ kind: "del", text: dropped });
    if (inserted !== "") out.push({ kind: "ins", text: inserted });
  }
  return out;
}

const FENCE = "`".repeat(3);

/** Rules that drop text before the value: a byte order mark, a fence, prose. */
const LEADING = new Set(["R001", "R002", "R003"]);
/** Rules that drop text after the value: a fence, prose, garbage, a second document. */
const TRAILING = new Set(["R002", "R003", "R027", "R028"]);

/**
 * Where the value lies in the input, from the repairs that dropped text
 * around it: `[start, end)`, the whole input when none did.
 *
 * @example
 * ```ts
 * import { valueSpan } from "./diff.ts";
 * import { repair } from "../mod.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const text = 'Here:\n{"a": 1}\nThanks, bye.';
 * const { text: after, repairs } = repair(text, { profile: "agent" });
 * deepStrictEqual(valueSpan(text, after, repairs), [6, 14]);
 * ```
 */
export function valueSpan(
  before: string,
  after: string,
  repairs: readonly Repair[],
): [number, number] {
  let start = 0;
  let end = before.length;
  if (after === "") return [start, end];
  // A leading repair is one before the value's start as known so far (prose, then a fence…).
  let k = 0;
  while (
    k < repairs.length && LEADING.has(repairs[k].rule) && (k === 0 || repairs[k].offset < start)
  ) {
    const found = before.indexOf(after[0], repairs[k].offset);
    if (found < 0) return [0, before.length];
    start = found;
    k++;
  }
  let trail = -1;
  for (let t = repairs.length - 1; t >= k && TRAILING.has(repairs[t].rule); t--) {
    trail = repairs[t].offset;
  }
  // The engine reports a fence once, at its opening; its closing fence ends the value too.
  const closing = repairs.some((r) => r.rule === "R002") ? before.lastIndexOf(FENCE) : -1;
  if (closing > start && (trail < 0 || closing < trail)) trail = closing;
  if (trail > start) {
    const found = before.lastIndexOf(after[after.length - 1], trail - 1);
    if (found >= start) end = found + 1;
  }
  return [start, end];
}

/**
 * {@linkcode markChanges} of the value's span only ({@linkcode valueSpan}),
 * with the text dropped around it as whole runs, so that prose and fences
 * read as dropped blocks instead of lending letters to the value.
 *
 * @example
 * ```ts
 * import { markRepair } from "./diff.ts";
 * import { repair } from "../mod.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const text = 'Here:\n{"a": None}\nThanks.';
 * const { text: after, repairs } = repair(text, { profile: "agent" });
 * deepStrictEqual(markRepair(text, after, repairs), [
 *   { kind: "del", text: "Here:\n" },
 *   { kind: "same", text: '{"a":' },
 *   { kind: "del", text: "None" },
 *   { kind: "ins", text: "null" },
 *   { kind: "same", text: "}" },
 *   { kind: "del", text: "\nThanks." },
 * ]);
 * ```
 */
export function markRepair(
  before: string,
  after: string,
  repairs: readonly Repair[],
): Change[] | null {
  const [start, end] = valueSpan(before, after, repairs);
  const inner = markChanges(before.slice(start, end), after);
  if (inner === null) return null;
  const head = before.slice(0, start);
  const tail = before.slice(end);
  const out: Change[] = [];
  if (head.trim() !== "") out.push({ kind: "del", text: head });
  out.push(...inner);
  if (tail.trim() !== "") out.push({ kind: "del", text: tail });
  return out;
}
