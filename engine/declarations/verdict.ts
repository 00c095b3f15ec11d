/**
 * The verdict: how well a value meets its declaration, as the operations
 * report it (`{total, satisfied, missing, mismatched, ok}`), and the problems
 * in words for error messages and retry prompts. Built from the checker's
 * issues and the describer's words; it never imports a front end.
 *
 * @example
 * ```ts
 * import { checkDeclaration, describeVerdictProblems } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = parseLanguage("{!query:string,!limit:integer(maximum=50)}");
 * const verdict = checkDeclaration(form, { query: "q", limit: "3" });
 * strictEqual(describeVerdictProblems(verdict), '/limit must be an integer at most 50; got the string "3"');
 * ```
 *
 * @module
 */

import {
  checkForm,
  compiledCheck,
  INTEGERS,
  ISSUE_LIMIT,
  matchesForm,
  MEMBERS,
  UNDECLARED,
} from "./check.ts";
import { isRecord } from "../json_kind.ts";
import { describeIssue } from "./describe.ts";
import { EXACT, type ExactDecimal, withExactNumbers } from "./exact.ts";
import { type Form, type Node, pointerToken, T_OBJECT } from "./form.ts";

/**
 * One value (at any depth) that does not meet its declaration, in words.
 *
 * @example
 * ```ts
 * import type { Mismatch } from "./verdict.ts";
 * import { strictEqual } from "node:assert/strict";
 * const m: Mismatch = { pointer: "/limit", expected: "an integer", found: 'the string "3"' };
 * strictEqual(m.pointer, "/limit");
 * ```
 */
export interface Mismatch {
  /** RFC 6901 JSON pointer of the value; `""` is the root. */
  pointer: string;
  /** What the declaration requires there, in words (`an integer at most 50`). */
  expected: string;
  /** What was found, in words (`the string "3"`). */
  found: string;
}

/**
 * How well a value satisfies a declaration.
 *
 * @example
 * ```ts
 * import type { Verdict } from "./verdict.ts";
 * import { strictEqual } from "node:assert/strict";
 * const v: Verdict = { total: 2, satisfied: 1, missing: ["/query"], mismatched: [], ok: false };
 * strictEqual(v.ok, false);
 * ```
 */
export interface Verdict {
  /** Declared top-level members when the declaration is an object; 1 otherwise. */
  total: number;
  /** Top-level members met (present and matching, or optional and absent); 1/0 otherwise. */
  satisfied: number;
  /** Pointers of absent required members, at any depth. */
  missing: string[];
  /** Other problems, at any depth; the root is pointer `""`. */
  mismatched: Mismatch[];
  /** Whether the value satisfies the declaration. */
  ok: boolean;
  /** Problems found beyond the 100 listed (present only when some were left out). */
  omitted?: number;
}

/**
 * A member name and whether it is required.
 *
 * @example
 * ```ts
 * import type { DeclaredMember } from "./verdict.ts";
 * import { strictEqual } from "node:assert/strict";
 * const m: DeclaredMember = { name: "query", required: true };
 * strictEqual(m.required, true);
 * ```
 */
export interface DeclaredMember {
  /** The member name (any string). */
  readonly name: string;
  /** `!` in the language; listed in `required` in JSON Schema. */
  readonly required: boolean;
}

/** Per form: the node declaring the root object's members, and the members (computed once). */
interface Shape {
  readonly node: Node | null;
  readonly members: readonly DeclaredMember[];
  /** The form's compiled quiet check, or null. */
  readonly check: ((value: unknown) => boolean) | null;
  /** The verdict's total when the value satisfies the form. */
  readonly total: number;
}

const shapes = new WeakMap<Form, Shape>();

function shape(form: Form): Shape {
  let found = shapes.get(form);
  if (found === undefined) {
    const node = findObjectNode(form);
    const members = node === null ? [] : membersOf(node);
    found = {
      node,
      members,
      check: compiledCheck(form),
      total: node === null ? 1 : members.length,
    };
    shapes.set(form, found);
  }
  return found;
}

function objectNode(form: Form): Node | null {
  return shape(form).node;
}

/** The node that declares the root object's members: the root, through plain `$ref`s. */
function findObjectNode(form: Form): Node | null {
  let n = form.nodes[form.root];
  for (let hops = 0; hops < 64 && n.ref !== undefined && n.properties === undefined; hops++) {
    n = form.nodes[n.ref];
  }
  const declaresObject = n.properties !== undefined ||
    n.types === T_OBJECT;
  return declaresObject ? n : null;
}

/**
 * The top-level members of an object declaration, in order (named members,
 * then required names not among them); `[]` for any other declaration.
 *
 * @example
 * ```ts
 * import { declaredMembers } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(declaredMembers(parseLanguage("{!query:string,limit:integer}")).map((m) => m.name), ["query", "limit"]);
 * ```
 */
export function declaredMembers(form: Form): readonly DeclaredMember[] {
  return shape(form).members;
}

function membersOf(n: Node): readonly DeclaredMember[] {
  const required = new Set(n.required ?? []);
  const out: DeclaredMember[] = [];
  const named = n.properties ?? new Map<string, number>();
  for (const name of named.keys()) out.push({ name, required: required.has(name) });
  for (const name of required) if (!named.has(name)) out.push({ name, required: true });
  return out;
}

/**
 * Whether the declaration is an object declaration (its verdict counts members).
 *
 * @example
 * ```ts
 * import { declaresObject } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(declaresObject(parseLanguage("{}")), true);
 * strictEqual(declaresObject(parseLanguage("string|{a:any}")), false);
 * ```
 */
export function declaresObject(form: Form): boolean {
  return objectNode(form) !== null;
}

/**
 * The verdict's total when a value satisfies a declaration by its compiled
 * check, else -1 (the value fails, or the form is not compiled: then
 * {@linkcode checkDeclaration} tells), the check looked up once: a compiled
 * gate asks it of every call, and builds no verdict for a passing value.
 *
 * @example
 * ```ts
 * import { passingCheck } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const passing = passingCheck(parseLanguage("{!query:string,limit:integer}"));
 * strictEqual(passing({ query: "q" }), 2);
 * strictEqual(passing({ limit: 3 }), -1);
 * ```
 */
export function passingCheck(form: Form): (value: unknown) => number {
  const { check, total } = shape(form);
  if (check === null) return () => -1;
  return (value) => {
    UNDECLARED.seen = false;
    MEMBERS.count = -1;
    INTEGERS.large = false;
    INTEGERS.nearBound = false;
    return check(value) ? total : -1;
  };
}

/**
 * After a {@linkcode passingCheck} call that passed: whether the value may
 * hold a key the declaration does not declare where it stands (then
 * `declaredKeyTwins` looks; when not, no key can impersonate a declared one).
 *
 * @example
 * ```ts
 * import { mayHoldUndeclaredKey, passingCheck } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const passing = passingCheck(parseLanguage("{q:string}"));
 * passing({ q: "x" });
 * strictEqual(mayHoldUndeclaredKey(), false);
 * passing({ Q: "x" });
 * strictEqual(mayHoldUndeclaredKey(), true);
 * ```
 */
export function mayHoldUndeclaredKey(): boolean {
  return UNDECLARED.seen;
}

/**
 * After a {@linkcode passingCheck} call: how many keys the object its check
 * read last held (`MEMBERS` of `keywords/properties.ts`), or -1 when it read
 * none with `for…in`. After a flat object's check passed
 * (`flat_object.ts`), the keys of the value.
 *
 * @example
 * ```ts
 * import { checkedKeyCount, passingCheck } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const passing = passingCheck(parseLanguage("{!q:string,n:integer}"));
 * passing({ q: "x", n: 1 });
 * strictEqual(checkedKeyCount(), 2);
 * passing("x");
 * strictEqual(checkedKeyCount(), -1);
 * ```
 */
export function checkedKeyCount(): number {
  return MEMBERS.count;
}

/**
 * After a {@linkcode passingCheck} call that passed: whether a whole number
 * of magnitude 2^50 or more passed an `integer` judgement (then a number
 * written with a fraction may have read as it; `exact.ts`).
 *
 * @example
 * ```ts
 * import { mayHoldLargeWhole, passingCheck } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const passing = passingCheck(parseLanguage("{n:integer}"));
 * passing({ n: 3 });
 * strictEqual(mayHoldLargeWhole(), false);
 * passing({ n: 2 ** 53 });
 * strictEqual(mayHoldLargeWhole(), true);
 * ```
 */
export function mayHoldLargeWhole(): boolean {
  return INTEGERS.large;
}

/**
 * After a {@linkcode passingCheck} call that passed: whether a number passed
 * equal to a `minimum` or `maximum` (then its written digits may lie past
 * it; `exact.ts`).
 *
 * @example
 * ```ts
 * import { mayBeNearBound, passingCheck } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const passing = passingCheck(parseLanguage("{n:number(maximum=0.3)}"));
 * passing({ n: 0.25 });
 * strictEqual(mayBeNearBound(), false);
 * passing({ n: 0.3 });
 * strictEqual(mayBeNearBound(), true);
 * ```
 */
export function mayBeNearBound(): boolean {
  return INTEGERS.nearBound;
}

/**
 * After a {@linkcode passingCheck} call that passed: both records at once
 * ({@linkcode mayHoldLargeWhole}, {@linkcode mayBeNearBound}), as the
 * object the compiled checks write (no copy: read it before the next check).
 *
 * @example
 * ```ts
 * import { numberRecords, passingCheck } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * passingCheck(parseLanguage("{n:integer(maximum=5)}"))({ n: 5 });
 * deepStrictEqual({ ...numberRecords() }, { large: false, nearBound: true });
 * ```
 */
export function numberRecords(): { readonly large: boolean; readonly nearBound: boolean } {
  return INTEGERS;
}

/**
 * Measures a value against a declaration: at most 100 problems are listed
 * (the rest counted in `omitted`), so memory stays bounded whatever the value.
 *
 * @example
 * ```ts
 * import { checkDeclaration } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = parseLanguage("{!query:string,!limit:integer}");
 * deepStrictEqual(checkDeclaration(form, { limit: "3" }), {
 *   total: 2, satisfied: 0, missing: ["/query"],
 *   mismatched: [{ pointer: "/limit", expected: "an integer", found: 'the string "3"' }], ok: false,
 * });
 * ```
 */
export function checkDeclaration(form: Form, value: unknown): Verdict {
  const known = shape(form);
  if (known.check !== null && EXACT.numbers === null && known.check(value)) {
    return { total: known.total, satisfied: known.total, missing: [], mismatched: [], ok: true };
  }
  const result = checkForm(form, value, ISSUE_LIMIT);
  const missing: string[] = [];
  const mismatched: Mismatch[] = [];
  for (const issue of result.issues) {
    if (issue.keyword === "required" || issue.keyword === "dependentRequired") {
      missing.push(issue.pointer);
    } else mismatched.push(describeIssue(form, issue));
  }
  const node = objectNode(form);
  let total = 1, satisfied = result.ok ? 1 : 0;
  if (result.ok && result.omitted === 0 && result.issues.length === 0) {
    total = node === null ? 1 : declaredMembers(form).length;
    return { total, satisfied: total, missing, mismatched, ok: true };
  }
  if (node !== null) {
    const members = declaredMembers(form);
    total = members.length;
    if (result.ok) satisfied = total;
    else if (!isRecord(value)) satisfied = 0;
    else {
      satisfied = 0;
      for (const m of members) {
        if (!Object.hasOwn(value, m.name)) {
          if (!m.required) satisfied++;
          continue;
        }
        const c = node.properties?.get(m.name);
        if (c === undefined || matchesForm(form, value[m.name], c)) satisfied++;
      }
    }
  }
  const verdict: Verdict = { total, satisfied, missing, mismatched, ok: result.ok };
  if (result.omitted > 0) verdict.omitted = result.omitted;
  return verdict;
}

/**
 * {@linkcode checkDeclaration} with the numbers written with more digits
 * than their double holds judged on their exact decimals (`exact.ts`); a
 * mismatch on one names the number as written.
 *
 * @example
 * ```ts
 * import { checkDeclarationExact } from "./verdict.ts";
 * import { exactDecimal } from "./exact.ts";
 * import { parseLanguage } from "./language.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const numbers = new Map([[0.3, [exactDecimal("0.30000000000000000001")!]]]);
 * const verdict = checkDeclarationExact(parseLanguage("{ratio:number(maximum=0.3)}"), { ratio: 0.3 }, numbers);
 * deepStrictEqual(verdict.mismatched, [{
 *   pointer: "/ratio",
 *   expected: "a number at most 0.3",
 *   found: "the number 0.30000000000000000001 as written (it reads as 0.3)",
 * }]);
 * ```
 */
export function checkDeclarationExact(
  form: Form,
  value: unknown,
  numbers: ReadonlyMap<number, readonly ExactDecimal[]>,
): Verdict {
  const verdict = withExactNumbers(numbers, () => checkDeclaration(form, value));
  for (const m of verdict.mismatched) {
    const d = Number(m.found);
    const written = m.found === String(d) ? numbers.get(d) : undefined;
    if (written !== undefined) {
      m.found = `the number ${
        written.map((x) => x.text).join(" or ")
      } as written (it reads as ${m.found})`;
    }
  }
  return verdict;
}

/**
 * The problems of a failed verdict in words: each missing member, then
 * each mismatch, at most `limit` of them and then how many more.
 *
 * @example
 * ```ts
 * import { checkDeclaration, describeVerdictProblems } from "./verdict.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = parseLanguage('{!query:string,!mode:"fast"|"safe"}');
 * strictEqual(describeVerdictProblems(checkDeclaration(form, { mode: "slow" })),
 *   'required member /query is missing; /mode must be exactly "fast" or exactly "safe"; got the string "slow"');
 * ```
 */
export function describeVerdictProblems(verdict: Verdict, limit = 10): string {
  const problems: string[] = [];
  for (const pointer of verdict.missing) {
    if (problems.length >= limit) break;
    problems.push(`required member ${pointer} is missing`);
  }
  for (const m of verdict.mismatched) {
    if (problems.length >= limit) break;
    problems.push(
      `${m.pointer === "" ? "the value" : m.pointer} must be ${m.expected}; got ${m.found}`,
    );
  }
  const more = verdict.missing.length + verdict.mismatched.length + (verdict.omitted ?? 0) -
    problems.length;
  if (more > 0) problems.push(`${more} more`);
  return problems.join("; ");
}

/**
 * The pointer of a top-level member.
 *
 * @example
 * ```ts
 * import { memberPointer } from "./verdict.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(memberPointer("a/b"), "/a~1b");
 * ```
 */
export function memberPointer(name: string): string {
  return `/${pointerToken(name)}`;
}
