/**
 * Patterns (`pattern`, `patternProperties`, the language's `pattern=`):
 * ECMA-262 regular expressions with flag `u`, matched unanchored, with no
 * unbounded backtracking on the model's text.
 *
 * The defence is by construction. A pattern is first compiled by the native
 * engine (so its syntax is exactly ECMA-262's), then parsed here into a
 * small program for a Pike VM (Thompson NFA simulation), which answers in
 * O(length of the string × size of the program) whatever the pattern:
 * `(a+)+$`, `(a|a)*$`, `(a|aa)+$` and `(.*a){20}` included. Only two kinds of
 * pattern run on the native engine, where backtracking is provably linear:
 * patterns with no quantifier and no alternation, and patterns anchored with
 * a leading `^` that hold exactly one quantifier and no alternation.
 *
 * Refused with a reason (the front ends turn it into `E070`): back-references
 * (`\1`, `\k<name>`) and lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), which no
 * linear matcher supports, modifiers (`(?i:`, `(?-i:`), which this matcher
 * does not implement, and patterns whose program exceeds
 * {@linkcode MAX_PATTERN_PROGRAM} instructions once counted repetitions are
 * expanded (`(a{1000}){1000}`). Character classes and escapes (`[^a-z]`,
 * `\d`, `\p{L}`) are tested one code point at a time by the native engine,
 * which cannot backtrack on a single character.
 *
 * @example
 * ```ts
 * import { compilePattern } from "./pattern.ts";
 * import { strictEqual } from "node:assert/strict";
 * const p = compilePattern("(a+)+$");
 * if (typeof p === "string") throw new Error(p);
 * strictEqual(p.test("a".repeat(100_000) + "!"), false); // returns at once
 * ```
 *
 * @module
 */

import type { Pattern } from "./form.ts";

/**
 * The largest program a pattern may compile to (instructions, after counted
 * repetitions are expanded).
 *
 * @example
 * ```ts
 * import { compilePattern, MAX_PATTERN_PROGRAM } from "./pattern.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(MAX_PATTERN_PROGRAM, 20_000);
 * strictEqual(typeof compilePattern("(a{1000}){1000}"), "string");
 * ```
 */
export const MAX_PATTERN_PROGRAM = 20_000;

// Syntax tree -----------------------------------------------------------------

type Ast =
  | { t: "char"; cp: number }
  | { t: "set"; test: (cp: number) => boolean }
  | { t: "assert"; kind: "bol" | "eol" | "word" | "nonword" }
  | { t: "cat"; items: Ast[] }
  | { t: "alt"; items: Ast[] }
  | { t: "rep"; item: Ast; min: number; max: number };

class PatternFault {
  constructor(readonly reason: string) {}
}

const LINE_TERMINATORS = new Set([0x0a, 0x0d, 0x2028, 0x2029]);
const DOT: Ast = { t: "set", test: (cp) => !LINE_TERMINATORS.has(cp) };
/** `^`: one node, so that an anchored pattern is recognised by identity. */
const BOL: Ast = { t: "assert", kind: "bol" };

function nativeSet(source: string): Ast {
  const re = new RegExp(`^(?:${source})$`, "u");
  return { t: "set", test: (cp) => re.test(String.fromCodePoint(cp)) };
}

/** A parser for the ECMA-262 `u`-mode syntax the native engine already accepted. */
class Parser {
  pos = 0;
  quantifiers = 0;
  alternates = false;
  constructor(readonly src: string) {}

  parse(): Ast {
    const ast = this.disjunction();
    if (this.pos < this.src.length) throw new PatternFault(`unexpected ')'`);
    return ast;
  }

  disjunction(): Ast {
    const items = [this.alternative()];
    while (this.src[this.pos] === "|") {
      this.pos++;
      this.alternates = true;
      items.push(this.alternative());
    }
    return items.length === 1 ? items[0] : { t: "alt", items };
  }

  alternative(): Ast {
    const items: Ast[] = [];
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === "|" || c === ")") break;
      const atom = this.term();
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? items[0] : { t: "cat", items };
  }

  quantified(atom: Ast): Ast {
    const c = this.src[this.pos];
    let min: number, max: number;
    if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{") {
      // Flag u makes a `{` outside a class and an escape a quantifier or a syntax error.
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos))!;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      this.pos += m[0].length - 1;
    } else return atom;
    this.pos++;
    if (this.src[this.pos] === "?") this.pos++; // lazy: same language
    // A quantified assertion (`(?:^)?`, `(?:\b)*`) is a repetition like any other: the VM
    // answers it as ECMA-262 does (optional when the minimum is 0).
    this.quantifiers++;
    return { t: "rep", item: atom, min, max };
  }

  term(): Ast {
    const src = this.src;
    const c = src[this.pos];
    if (c === "^") return this.pos++, BOL;
    if (c === "$") return this.pos++, { t: "assert", kind: "eol" };
    if (c === ".") return this.pos++, DOT;
    if (c === "(") return this.group();
    if (c === "[") return this.charClass();
    if (c === "\\") return this.escape();
    const cp = src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return { t: "char", cp };
  }

  group(): Ast {
    const src = this.src;
    this.pos++; // (
    if (src[this.pos] === "?") {
      const next = src[this.pos + 1];
      if (next === ":") this.pos += 2;
      else if (next === "<" && src[this.pos + 2] !== "=" && src[this.pos + 2] !== "!") {
        this.pos = src.indexOf(">", this.pos) + 1; // a named group
      } else if (next === "=" || next === "!" || next === "<") {
        throw new PatternFault("lookaround assertions ((?=, (?!, (?<=, (?<!) are not supported");
      } else {
        // `(?i:`, `(?-i:`, `(?ms:`: flags for a group (ES2025), which the VM does not implement.
        throw new PatternFault("modifiers ((?i:, (?m:, (?s:, (?-i:) are not supported");
      }
    }
    const inner = this.disjunction();
    this.pos++; // )
    return inner;
  }

  charClass(): Ast {
    const src = this.src;
    const start = this.pos;
    this.pos++;
    while (src[this.pos] !== "]") {
      if (src[this.pos] === "\\") this.pos++;
      this.pos++;
    }
    this.pos++;
    return nativeSet(src.slice(start, this.pos));
  }

  escape(): Ast {
    const src = this.src;
    const start = this.pos;
    const e = src[this.pos + 1];
    if (e === "b") return this.pos += 2, { t: "assert", kind: "word" };
    if (e === "B") return this.pos += 2, { t: "assert", kind: "nonword" };
    if ((e >= "1" && e <= "9") || e === "k") {
      throw new PatternFault("back-references (\\1, \\k<name>) are not supported");
    }
    this.pos += 2;
    if (e === "p" || e === "P") this.pos = src.indexOf("}", this.pos) + 1;
    else if (e === "u") {
      if (src[this.pos] === "{") this.pos = src.indexOf("}", this.pos) + 1;
      else {
        this.pos += 4;
        // A surrogate pair written as two escapes is one code point.
        if (/^\\u[dD][c-fC-F][0-9a-fA-F]{2}$/.test(src.slice(this.pos, this.pos + 6))) {
          const hi = parseInt(src.slice(start + 2, start + 6), 16);
          if (hi >= 0xd800 && hi <= 0xdbff) this.pos += 6;
        }
      }
    } else if (e === "x") this.pos += 2;
    else if (e === "c") this.pos += 1;
    return nativeSet(src.slice(start, this.pos));
  }
}

// Program -----------------------------------------------------------------------

const CHAR = 0, SET = 1, SPLIT = 2, JMP = 3, MATCH = 4, ASSERT = 5;

interface Program {
  op: number[];
  a: number[];
  b: number[];
  sets: ((cp: number) => boolean)[];
  asserts: string[];
}

/** Emits the program for a tree, with an explicit stack (no recursion on the pattern's shape). */
function emit(root: Ast): Program {
  const p: Program = { op: [], a: [], b: [], sets: [], asserts: [] };
  const push = (op: number, a = 0, b = 0): number => {
    if (p.op.length >= MAX_PATTERN_PROGRAM) {
      throw new PatternFault(
        `the pattern compiles to more than ${MAX_PATTERN_PROGRAM} instructions; shorten its counted repetitions`,
      );
    }
    p.op.push(op);
    p.a.push(a);
    p.b.push(b);
    return p.op.length - 1;
  };
  // Work items: a tree to emit, or a continuation closure run after its children.
  type Work = Ast | (() => void);
  const work: Work[] = [root];
  while (work.length > 0) {
    const w = work.pop()!;
    if (typeof w === "function") {
      w();
      continue;
    }
    switch (w.t) {
      case "char":
        push(CHAR, w.cp);
        break;
      case "set":
        p.sets.push(w.test);
        push(SET, p.sets.length - 1);
        break;
      case "assert":
        p.asserts.push(w.kind);
        push(ASSERT, p.asserts.length - 1);
        break;
      case "cat":
        for (let i = w.items.length - 1; i >= 0; i--) work.push(w.items[i]);
        break;
      case "alt": {
        // SPLIT L1 next; L1: item0; JMP end; next: SPLIT L2 ...; last item; end:
        const jumps: number[] = [];
        const steps: Work[] = [];
        for (let i = 0; i < w.items.length; i++) {
          const last = i === w.items.length - 1;
          let split = -1;
          steps.push(() => {
            if (!last) split = push(SPLIT, p.op.length + 1, 0);
          });
          steps.push(w.items[i]);
          steps.push(() => {
            if (!last) {
              jumps.push(push(JMP));
              p.b[split] = p.op.length;
            } else for (const j of jumps) p.a[j] = p.op.length;
          });
        }
        for (let i = steps.length - 1; i >= 0; i--) work.push(steps[i]);
        break;
      }
      case "rep": {
        // Checked before any copy is made: `a{1000000000}` must not build a billion steps.
        if (w.min + (w.max === Infinity ? 1 : w.max - w.min) > MAX_PATTERN_PROGRAM) {
          throw new PatternFault(
            `the pattern compiles to more than ${MAX_PATTERN_PROGRAM} instructions; shorten its counted repetitions`,
          );
        }
        const steps: Work[] = [];
        for (let i = 0; i < w.min; i++) steps.push(w.item);
        if (w.max === Infinity) {
          // L: SPLIT body end; body; JMP L; end:
          let split = -1;
          steps.push(() => {
            split = push(SPLIT, p.op.length + 1, 0);
          });
          steps.push(w.item);
          steps.push(() => {
            push(JMP, split);
            p.b[split] = p.op.length;
          });
        } else {
          const splits: number[] = [];
          for (let i = w.min; i < w.max; i++) {
            steps.push(() => {
              splits.push(push(SPLIT, p.op.length + 1, 0));
            });
            steps.push(w.item);
          }
          steps.push(() => {
            for (const s of splits) p.b[s] = p.op.length;
          });
        }
        for (let i = steps.length - 1; i >= 0; i--) work.push(steps[i]);
        break;
      }
    }
  }
  push(MATCH);
  return p;
}

function isWordChar(s: string, i: number): boolean {
  const c = s.charCodeAt(i); // NaN before the start and after the end: no word character
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** Pike VM: does `s` contain a match? O(|s| × program size), no backtracking. */
function runProgram(p: Program, s: string): boolean {
  const n = p.op.length;
  const { op, a, b, sets, asserts } = p;
  let clist = new Int32Array(n), nlist = new Int32Array(n);
  let ccount = 0, ncount = 0;
  const mark = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  let stamp = 0;
  // Adds the thread at pc (following jumps, splits and assertions at `pos`) to the list.
  const add = (list: Int32Array, count: number, pc0: number, pos: number): number => {
    stack.push(pc0);
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (mark[pc] === stamp) continue;
      mark[pc] = stamp;
      switch (op[pc]) {
        case JMP:
          stack.push(a[pc]);
          break;
        case SPLIT:
          stack.push(b[pc], a[pc]);
          break;
        case ASSERT: {
          const k = asserts[a[pc]];
          const ok = k === "bol"
            ? pos === 0
            : k === "eol"
            ? pos === s.length
            : (isWordChar(s, pos - 1) !== isWordChar(s, pos)) === (k === "word");
          if (ok) stack.push(pc + 1);
          break;
        }
        default:
          list[count++] = pc;
      }
    }
    return count;
  };
  let pos = 0;
  stamp++;
  ccount = add(clist, 0, 0, 0);
  for (;;) {
    const cp = pos < s.length ? s.codePointAt(pos)! : -1;
    const width = cp > 0xffff ? 2 : 1;
    stamp++;
    ncount = 0;
    for (let i = 0; i < ccount; i++) {
      const pc = clist[i];
      const o = op[pc];
      if (o === MATCH) return true;
      if (cp < 0) continue;
      if (o === CHAR ? a[pc] === cp : sets[a[pc]](cp)) {
        ncount = add(nlist, ncount, pc + 1, pos + width);
      }
    }
    if (cp < 0) return false;
    pos += width;
    // Unanchored: a new thread starts at every position.
    ncount = add(nlist, ncount, 0, pos);
    [clist, nlist] = [nlist, clist];
    ccount = ncount;
  }
}

/**
 * Compiles a pattern once, or says why it is refused (a syntax error, a
 * back-reference or lookaround, or a program too large).
 *
 * @example
 * ```ts
 * import { compilePattern } from "./pattern.ts";
 * import { strictEqual } from "node:assert/strict";
 * const p = compilePattern("^[a-z]+$");
 * strictEqual(typeof p !== "string" && p.test("abc"), true);
 * strictEqual(typeof compilePattern("("), "string");
 * strictEqual(compilePattern("(a)\\1"), "back-references (\\1, \\k<name>) are not supported");
 * ```
 */
export function compilePattern(source: string): Pattern | string {
  let native: RegExp;
  try {
    native = new RegExp(source, "u");
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  try {
    const parser = new Parser(source);
    const ast = parser.parse();
    // `ast.items[0]` is absent for the empty pattern (`""`, `(?:)`).
    const anchored = (ast.t === "cat" ? ast.items[0] : ast) === BOL;
    if (
      !parser.alternates &&
      (parser.quantifiers === 0 || (parser.quantifiers === 1 && anchored))
    ) {
      return { source, test: (s) => native.test(s) };
    }
    const program = emit(ast);
    return { source, test: (s) => runProgram(program, s) };
  } catch (e) {
    if (e instanceof PatternFault) return e.reason;
    throw e;
  }
}
