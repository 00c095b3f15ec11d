/**
 * Marks what a repair changed: a character diff (Myers' O(ND) algorithm) of
 * the input against the repaired text that ignores white space outside the
 * comparison (the engine renders compact JSON; the model often wrote it
 * pretty), so that only real edits are marked: a dropped fence, `False`
 * turned into `false`, a bracket closed.
 *
 * The diff works within a budget (edits and steps); past it, or when the
 * repaired text is empty, it answers `null` and the page shows the repaired
 * text unmarked. Iterative, no recursion.
 *
 * @example
 * ```ts
 * import { markChanges } from "./diff.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(markChanges("[True, 1,]", "[true,1]"), [
 *   { kind: "same", text: "[" },
 *   { kind: "del", text: "T" },
 *   { kind: "ins", text: "t" },
 *   { kind: "same", text: "rue,1" },
 *   { kind: "del", text: "," },
 *   { kind: "same", text: "]" },
 * ]);
 * ```
 *
 * @module
 */

/** One run of the marked repaired text. */
export interface Change {
  /** `same`: in both; `ins`: added by the repair; `del`: input text the repair dropped. */
  kind: "same" | "ins" | "del";
  /** The run's text (`del`: the input's, from its first to its last dropped character). */
  text: string;
}

/** The most edits the diff looks for before giving up. */
export const MAX_EDITS = 2000;

/** The most comparison steps the diff takes before giving up. */
export const MAX_STEPS = 8_000_000;

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

/**
 * The edit script from `before` to `after` over their non-white-space
 * characters, or null past the budget.
 */
function editScript(
  before: string,
  a: Int32Array,
  after: string,
  b: Int32Array,
): Uint8Array | null {
  const n = a.length;
  const m = b.length;
  let prefix = 0;
  while (
    prefix < n && prefix < m && before.charCodeAt(a[prefix]) === after.charCodeAt(b[prefix])
  ) prefix++;
  let suffix = 0;
  while (
    suffix < n - prefix && suffix < m - prefix &&
    before.charCodeAt(a[n - 1 - suffix]) === after.charCodeAt(b[m - 1 - suffix])
  ) suffix++;
  const bigN = n - prefix - suffix;
  const bigM = m - prefix - suffix;
  const max = Math.min(bigN + bigM, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let steps = 0;
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    steps += 2 * d + 1;
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
        ? v[offset + k + 1]
        : v[offset + k - 1] + 1;
      let y = x - k;
      while (
        x < bigN && y < bigM &&
        before.charCodeAt(a[prefix + x]) === after.charCodeAt(b[prefix + y])
      ) {
        x++;
        y++;
        steps++;
      }
      v[offset + k] = x;
      if (x >= bigN && y >= bigM) {
        found = d;
        break;
      }
    }
    if (steps > MAX_STEPS) return null;
  }
  if (found < 0) return null;
  const ops: number[] = [];
  let x = bigN;
  let y = bigM;
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
  const script = new Uint8Array(prefix + ops.length + suffix);
  for (let i = 0; i < ops.length; i++) script[prefix + i] = ops[ops.length - 1 - i];
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
  const script = editScript(before, a, after, b);
  if (script === null) return null;
  const changes: Change[] = [];
  const push = (kind: Change["kind"], text: string) => {
    if (text === "") return;
    const last = changes[changes.length - 1];
    if (last !== undefined && last.kind === kind) last.text += text;
    else changes.push({ kind, text });
  };
  // White space of `after` before its first significant character is kept.
  push("same", after.slice(0, b.length > 0 ? b[0] : after.length));
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
    if (dropStart >= 0) {
      push("del", before.slice(dropStart, dropEnd));
      dropStart = -1;
    }
    const end = j + 1 < b.length ? b[j + 1] : after.length;
    push(op === EQUAL ? "same" : "ins", after.slice(b[j], end));
    if (op === EQUAL) i++;
    j++;
  }
  if (dropStart >= 0) push("del", before.slice(dropStart, dropEnd));
  return changes;
}
