/**
 * The checker's drivers: does a value satisfy a {@linkcode Form}, and
 * where not? What each keyword means lives in its module under
 * `keywords/` (listed in `keywords/catalogue.ts`); this file runs them in
 * three evaluators:
 *
 * - **compiled closures** (the quiet check, on a node's first check):
 *   each keyword's step in the catalogue compiles its part of a node
 *   (`KeywordStep.compile`: `compileObject`, `compileItems`, `compileAnyOf`,
 *   …), the scalar modules their shapes (`compileBoundedNumber`,
 *   `compileStringLength`), and {@linkcode compiledCheck} composes them,
 *   for every declaration without a `$ref` cycle or
 *   `unevaluated*`, at most 32 nodes deep. A closure calls the next only
 *   where the schema nests, so the native stack is bounded by the schema,
 *   never by the value.
 * - **`quick`**: one loop over an explicit stack for declarations deeper
 *   than the closures go, when every node met is a leaf using `type`,
 *   `enum`/`const`, the scalar keywords, `required`, `properties`,
 *   `additionalProperties`, `items`, `minItems`/`maxItems`.
 * - **the report walk**: each node's evaluation is a generator that runs
 *   the steps the node has (`KeywordStep.check`, or `report` with `yield*`;
 *   found once per node) and yields its sub-evaluations to one driver
 *   loop, so neither a 4096-deep value nor a
 *   recursive schema grows the JavaScript stack. A scalar checked against a
 *   node without in-place applicators is checked inline, without a
 *   generator. Every value position is visited a number of times bounded
 *   by the schema, never by the value, so the check is linear in the
 *   value's size.
 *
 * Problems are {@linkcode Issue}s. In report mode at most `limit` are kept
 * (with their JSON pointers) and the rest are only counted, so a value with
 * millions of mismatches costs no more memory than one with ten. Inside
 * `anyOf`/`oneOf`/`not`/`if`/`contains` sub-evaluations are quiet (they
 * stop at the first failure); when an `anyOf`/`oneOf` fails in report mode,
 * its branches are re-run in report mode to find the closest one, whose
 * issues are reported.
 *
 * @example
 * ```ts
 * import { checkForm } from "./check.ts";
 * import { parseLanguage } from "./language.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const form = parseLanguage("{!limit:integer(maximum=50)}");
 * const result = checkForm(form, { limit: "3" });
 * strictEqual(result.ok, false);
 * deepStrictEqual(result.issues.map((i) => [i.pointer, i.keyword]), [["/limit", "type"]]);
 * ```
 *
 * @module
 */

import {
  type Form,
  type Node,
  T_ARRAY,
  T_BOOLEAN,
  T_INTEGER,
  T_NUMBER,
  T_OBJECT,
  T_STRING,
  typeBits,
} from "./form.ts";
import { isRecord } from "../json_kind.ts";
import { EXACT, exactNumberFailure, holdsListedNumber } from "./exact.ts";
import {
  type Annot,
  type CompileChild,
  type Compiled,
  type Eval,
  type Frame,
  type Issue,
  type KeywordStep,
  newAnnot,
  recordIssue as report,
  type Sink,
  testsItsType,
  type Walk,
} from "./keywords/keyword.ts";
import { itemCountFailure } from "./keywords/array_length.ts";
import { ARRAY_STEPS, IN_PLACE_STEPS, OBJECT_STEPS } from "./keywords/catalogue.ts";
import { MEMBERS, UNDECLARED } from "./keywords/properties.ts";
import { valuesAdmit, valuesKeyword } from "./keywords/enum_const.ts";
import { formatFailure } from "./keywords/format.ts";
import { isMultipleOf } from "./keywords/multiple_of.ts";
import {
  boundFailure,
  compileBoundedNumber,
  flagNumbers,
  INTEGERS,
  isWholeNumber,
} from "./keywords/numeric_bounds.ts";
import {
  describeLeaf,
  LEAF_BOOLEAN,
  LEAF_BOUNDED,
  LEAF_INTEGER,
  LEAF_NUMBER,
  LEAF_STRING,
  LEAF_STRING_ENUM,
  LEAF_STRING_LENGTH,
  type LeafTest,
} from "./keywords/leaf.ts";
import { patternFailure } from "./keywords/pattern.ts";
import { compileStringLength, lengthFailure } from "./keywords/string_length.ts";
import { typeAdmits } from "./keywords/type.ts";

export { INTEGERS, isMultipleOf, MEMBERS, UNDECLARED };

export type { Issue } from "./keywords/keyword.ts";

/**
 * The answer of {@linkcode checkForm}.
 *
 * @example
 * ```ts
 * import type { CheckResult } from "./check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const r: CheckResult = { ok: true, issues: [], omitted: 0 };
 * strictEqual(r.ok, true);
 * ```
 */
export interface CheckResult {
  /** Whether the value satisfies the form. */
  ok: boolean;
  /** The first problems found, at most the limit. */
  issues: Issue[];
  /** Problems found beyond the limit (counted, not kept). */
  omitted: number;
}

/**
 * Problems kept by default; the rest are counted.
 *
 * @example
 * ```ts
 * import { ISSUE_LIMIT } from "./check.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(ISSUE_LIMIT, 100);
 * ```
 */
export const ISSUE_LIMIT = 100;

/** The keyword a string fails among the node's string keywords, or null. */
function stringFailure(n: Node, v: string): string | null {
  return lengthFailure(n, v) ?? patternFailure(n, v) ?? formatFailure(n, v);
}

/** The keyword a number fails among the node's number keywords, or null. */
function numberFailure(n: Node, v: number): string | null {
  const bound = boundFailure(n, v);
  if (bound !== null) return bound;
  return n.multipleOf !== undefined && !isMultipleOf(v, n.multipleOf) ? "multipleOf" : null;
}

/** The first failing keyword among type, values and scalar keywords, or null. */
function ownFailure(n: Node, v: unknown): string | null {
  if (n.never) return "false";
  if (!typeAdmits(n, v)) return "type";
  if (n.values !== undefined && !valuesAdmit(n, v)) return valuesKeyword(n);
  const fail = typeof v === "string"
    ? stringFailure(n, v)
    : typeof v === "number"
    ? numberFailure(n, v)
    : null;
  const exact = EXACT.numbers;
  if (fail !== null || exact === null) return fail;
  // Numbers written with more digits than their double holds: judged on what was written.
  if (typeof v === "number") {
    const written = exact.get(v);
    return written === undefined ? null : exactNumberFailure(n, written);
  }
  if (n.values !== undefined && typeof v === "object" && holdsListedNumber(v, exact)) {
    return valuesKeyword(n);
  }
  return null;
}

/** What a report step reads: the form's nodes, whether annotations are collected, the inline check. */
type Context = Walk;

/** The walk over a form's nodes. */
function walkOf(form: Form): Walk {
  const nodes = form.nodes;
  return {
    nodes,
    annotations: form.annotations === true,
    leaf: (n, v, frame, key, sink) => leaf(nodes, n, v, frame, key, sink),
  };
}

/** Checks a value against a node; yields sub-evaluations to the driver. */
function* evaluate(
  ctx: Context,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  given: Annot | null,
): Eval {
  const own = ownFailure(n, v);
  if (own !== null) {
    if (sink !== null) report(sink, frame, undefined, n, own, v);
    return false;
  }
  const bits = typeBits(v);
  const container = (bits & (T_OBJECT | T_ARRAY)) !== 0;
  const annot = given ?? (ctx.annotations && container && !n.leaf ? newAnnot() : null);
  let ok = true;

  // The steps of the value's type, then (unless the node is a leaf) the in-place applicators:
  // the same value against other nodes. Inline, not a generator of its own: each sub-evaluation
  // a step yields passes through every generator between it and the driver.
  const plan = planOf(n);
  const typed = bits === T_OBJECT
    ? annot !== null ? plan.annotatedObject : plan.object
    : bits === T_ARRAY
    ? plan.array
    : NO_STEPS;
  for (let pass = 0; pass < 2; pass++) {
    const steps = pass === 0 ? typed : plan.inPlace;
    for (let k = 0; k < steps.length; k++) {
      const step = steps[k];
      const good = step.check !== undefined
        ? step.check(n, v, frame, sink)
        : yield* step.report!(ctx, n, v, frame, sink, annot);
      if (!good) {
        if (sink === null) return false;
        ok = false;
      }
    }
  }
  return ok;
}

/** No steps. */
const NO_STEPS: readonly KeywordStep[] = [];

/** The steps a node has, by the value's type (found once per node). */
interface StepPlan {
  readonly object: readonly KeywordStep[];
  /** The object steps when annotations are collected (the members are then always walked). */
  readonly annotatedObject: readonly KeywordStep[];
  readonly array: readonly KeywordStep[];
  /** Empty for a leaf. */
  readonly inPlace: readonly KeywordStep[];
}

const plans = new WeakMap<Node, StepPlan>();

function planOf(n: Node): StepPlan {
  let plan = plans.get(n);
  if (plan === undefined) {
    plan = {
      object: OBJECT_STEPS.filter((s) => s.present(n, false)),
      annotatedObject: OBJECT_STEPS.filter((s) => s.present(n, true)),
      array: ARRAY_STEPS.filter((s) => s.present(n, false)),
      inPlace: n.leaf ? NO_STEPS : IN_PLACE_STEPS.filter((s) => s.present(n, false)),
    };
    plans.set(n, plan);
  }
  return plan;
}

/** Checks a scalar against a leaf node inline; reports at `frame`/`key`. */
function leaf(
  nodes: readonly Node[],
  n: Node,
  v: unknown,
  frame: Frame | null,
  key: string | number | undefined,
  sink: Sink | null,
): boolean {
  let fail = ownFailure(n, v);
  if (fail === null && n.anyOf !== undefined) {
    fail = "anyOf";
    for (const c of n.anyOf) {
      if (ownFailure(nodes[c], v) === null) {
        fail = null;
        break;
      }
    }
  }
  if (fail === null) return true;
  if (sink !== null) report(sink, frame, key, n, fail, v);
  return false;
}

/**
 * A quiet check without generators, for the common case: every node met is
 * a leaf (no in-place applicator) using only `type`, `enum`/`const`, the
 * scalar keywords, `required`, `properties`, `additionalProperties`,
 * `items`, `minItems`/`maxItems`. One loop over an explicit stack of
 * (node, value) pairs. `undefined` when it meets anything else (the
 * generators then decide from the start).
 */
function quick(nodes: readonly Node[], root: Node, value: unknown): boolean | undefined {
  const ns: Node[] = [root];
  const vs: unknown[] = [value];
  while (ns.length > 0) {
    const n = ns.pop()!;
    const v = vs.pop();
    if (!n.leaf) return undefined;
    if (ownFailure(n, v) !== null) return false;
    const bits = typeBits(v);
    if (bits === T_OBJECT) {
      if (
        n.patternProperties !== undefined || n.propertyNames !== undefined ||
        n.dependentRequired !== undefined || n.minProperties !== undefined ||
        n.maxProperties !== undefined
      ) return undefined;
      const obj = v as Record<string, unknown>;
      const required = n.required;
      if (required !== undefined) {
        // A JSON value is never undefined: a read that gives undefined is an absent member,
        // unless the name is inherited from Object.prototype (then ask hasOwn).
        if (n.requiredInherited) {
          for (const name of required) if (!Object.hasOwn(obj, name)) return false;
        } else {
          for (let k = 0; k < required.length; k++) {
            if (obj[required[k]] === undefined) return false;
          }
        }
      }
      const props = n.properties;
      const extra = n.additionalProperties;
      if (extra === undefined) {
        if (props === undefined) continue;
        const names = n.propNames!, ids = n.propNodes!, inherited = n.propInherited!;
        for (let k = 0; k < names.length; k++) {
          const name = names[k];
          const cv = obj[name];
          if (cv === undefined || (inherited[k] && !Object.hasOwn(obj, name))) continue;
          const cn = nodes[ids[k]];
          if ((typeBits(cv) & (T_OBJECT | T_ARRAY)) === 0 && cn.inline) {
            if (!leaf(nodes, cn, cv, null, undefined, null)) return false;
          } else {
            ns.push(cn);
            vs.push(cv);
          }
        }
        continue;
      }
      const names = Object.keys(obj);
      for (let k = 0; k < names.length; k++) {
        const cn = nodes[props?.get(names[k]) ?? extra], cv = obj[names[k]];
        if ((typeBits(cv) & (T_OBJECT | T_ARRAY)) === 0 && cn.inline) {
          if (!leaf(nodes, cn, cv, null, undefined, null)) return false;
        } else {
          ns.push(cn);
          vs.push(cv);
        }
      }
    } else if (bits === T_ARRAY) {
      if (n.uniqueItems || n.contains !== undefined || n.prefixItems !== undefined) {
        return undefined;
      }
      const arr = v as unknown[];
      if (itemCountFailure(n, arr.length) !== null) return false;
      if (n.items === undefined) continue;
      const cn = nodes[n.items];
      for (let i = 0; i < arr.length; i++) {
        const cv = arr[i];
        if ((typeBits(cv) & (T_OBJECT | T_ARRAY)) === 0 && cn.inline) {
          if (!leaf(nodes, cn, cv, null, undefined, null)) return false;
        } else {
          ns.push(cn);
          vs.push(cv);
        }
      }
    }
  }
  return true;
}

/** A compiled node and how many closures deep its check nests. */
interface CompiledNode {
  readonly check: Compiled;
  readonly height: number;
}

/**
 * The deepest nesting of compiled closures: each level calls the next, so
 * the native stack a compiled check uses is bounded by the schema (and by
 * this), never by the value; deeper declarations are checked by {@linkcode quick}.
 */
const COMPILE_HEIGHT = 32;

/** Per node checked from the root: its compiled check, or null when it cannot be compiled. */
const compiledChecks = new WeakMap<Node, Compiled | null>();

function compiledFor(nodes: readonly Node[], node: Node): Compiled | null {
  let found = compiledChecks.get(node);
  if (found === undefined) {
    found = compileNode(nodes, node, new Map(), new Set(), 1)?.check ?? null;
    compiledChecks.set(node, found);
  }
  return found;
}

/**
 * The check of a node's own keywords (`ownFailure(n, v) === null`), with
 * the common shapes specialised by the keyword modules (a type alone, a
 * string with length bounds, an integer or number with bounds, an enum
 * tested on strings), wrapped to flag what `exact.ts` must know of a
 * passing number (`numeric_bounds.ts`).
 */
function compileOwn(n: Node): Compiled {
  const check = compileOwnShape(n);
  const types = n.types;
  // The shapes for integers and numbers record it inline; other shapes are wrapped.
  const inline = n.never !== true && n.values === undefined && n.multipleOf === undefined &&
    (types === T_INTEGER || types === (T_NUMBER | T_INTEGER));
  return inline ? check : flagNumbers(n, check);
}

/** The check of a node's own keywords, by shape (see {@linkcode compileOwn}). */
function compileOwnShape(n: Node): Compiled {
  const types = n.types;
  if (typeOnly(n)) {
    // The commonest shapes are described as leaf tests (`keywords/leaf.ts`): an object's or an
    // array's check runs them inline.
    if (types === T_STRING) return describeLeaf((v) => typeof v === "string", STRING_TEST);
    if (types === T_BOOLEAN) return describeLeaf((v) => typeof v === "boolean", BOOLEAN_TEST);
    if (types === (T_NUMBER | T_INTEGER)) {
      return describeLeaf((v) => typeof v === "number", NUMBER_TEST);
    }
    if (types === T_INTEGER) {
      return describeLeaf((v) => isWholeNumber(v), INTEGER_TEST);
    }
    if (types === T_OBJECT) return isRecord;
    if (types === T_ARRAY) return Array.isArray;
    return (v) => (types & typeBits(v)) !== 0;
  }
  // A number keyword never applies to a string, nor a string keyword to a number: neither
  // stops the other type's specialisation.
  if (n.never !== true && n.values === undefined) {
    if (types === T_STRING && n.pattern === undefined && n.format === undefined) {
      return describeLeaf(compileStringLength(n), {
        kind: LEAF_STRING_LENGTH,
        min: n.minLength,
        max: n.maxLength,
      });
    }
    if ((types === T_INTEGER || types === (T_NUMBER | T_INTEGER)) && n.multipleOf === undefined) {
      return describeLeaf(compileBoundedNumber(n), {
        kind: LEAF_BOUNDED,
        integer: types === T_INTEGER,
        min: n.minimum,
        max: n.maximum,
        exclusiveMin: n.exclusiveMinimum,
        exclusiveMax: n.exclusiveMaximum,
      });
    }
  }
  const strings = n.valueStrings;
  const stringKeywords = n.minLength !== undefined || n.maxLength !== undefined ||
    n.pattern !== undefined || n.format !== undefined;
  if (n.never !== true && strings !== undefined && !stringKeywords) {
    const stringsAdmitted = (types & T_STRING) !== 0;
    const check: Compiled = (v) =>
      typeof v === "string" ? stringsAdmitted && strings.has(v) : ownFailure(n, v) === null;
    // Every value a string: no other value is among them, so the test is on strings alone.
    if (!stringsAdmitted || strings.size !== n.values!.size) return check;
    return describeLeaf(check, { kind: LEAF_STRING_ENUM, strings });
  }
  return (v) => ownFailure(n, v) === null;
}

/** The leaf tests of a `type` alone (`keywords/leaf.ts`). */
const STRING_TEST: LeafTest = { kind: LEAF_STRING };
const BOOLEAN_TEST: LeafTest = { kind: LEAF_BOOLEAN };
const NUMBER_TEST: LeafTest = { kind: LEAF_NUMBER };
const INTEGER_TEST: LeafTest = { kind: LEAF_INTEGER };

/** Whether a node asserts nothing on a scalar beyond its type. */
function typeOnly(n: Node): boolean {
  return n.never !== true && n.values === undefined && n.minLength === undefined &&
    n.maxLength === undefined && n.pattern === undefined && n.format === undefined &&
    n.minimum === undefined && n.maximum === undefined && n.exclusiveMinimum === undefined &&
    n.exclusiveMaximum === undefined && n.multipleOf === undefined;
}

/**
 * Compiles the quiet check of a node: null when a `$ref` cycle or an
 * `unevaluated*` keyword is reachable (a form collecting annotations never
 * comes here), or when the nodes nest more than {@linkcode COMPILE_HEIGHT} deep. The closures answer
 * exactly what the quiet evaluation answers, with the node's fields read
 * once here instead of on every value.
 */
function compileNode(
  nodes: readonly Node[],
  n: Node,
  done: Map<Node, CompiledNode | null>,
  open: Set<Node>,
  depth: number,
): CompiledNode | null {
  const known = done.get(n);
  if (known !== undefined) return known;
  if (
    depth > COMPILE_HEIGHT || open.has(n) || n.unevaluatedProperties !== undefined ||
    n.unevaluatedItems !== undefined
  ) return null;
  open.add(n);
  const built = buildNode(nodes, n, done, open, depth);
  open.delete(n);
  done.set(n, built);
  return built;
}

function buildNode(
  nodes: readonly Node[],
  n: Node,
  done: Map<Node, CompiledNode | null>,
  open: Set<Node>,
  depth: number,
): CompiledNode | null {
  const child = (id: number): CompiledNode | null =>
    compileNode(nodes, nodes[id], done, open, depth + 1);
  let height = 1;
  const types = n.types;
  const own = compileOwn(n);

  // Child nodes: null when one cannot be compiled, undefined when the keyword is absent.
  const list = (ids: readonly number[] | undefined): Compiled[] | null | undefined => {
    if (ids === undefined) return undefined;
    const out: Compiled[] = [];
    for (const id of ids) {
      const c = child(id);
      if (c === null) return null;
      out.push(c.check);
      if (c.height + 1 > height) height = c.height + 1;
    }
    return out;
  };
  const one = (id: number | undefined): Compiled | null | undefined =>
    id === undefined ? undefined : list([id])?.[0] ?? null;
  const tracked: CompileChild = (id) => one(id) ?? null;

  const object = (types & T_OBJECT) === 0 ? undefined : compileSteps(OBJECT_STEPS, n, tracked);
  const array = (types & T_ARRAY) === 0 ? undefined : compileSteps(ARRAY_STEPS, n, tracked);
  // In-place applicators: the same value against other nodes.
  const applicators = compileSteps(IN_PLACE_STEPS, n, tracked);
  if (object === null || array === null || applicators === null) return null;
  if (height > COMPILE_HEIGHT) return null;

  if (object === undefined && array === undefined && applicators === undefined) {
    return { check: own, height };
  }
  const objectCheck = object, arrayCheck = array;
  // The common shapes: an object or an array of a declared type and nothing else.
  if (applicators === undefined && typeOnly(n)) {
    if (types === T_OBJECT && objectCheck !== undefined) {
      if (testsItsType(objectCheck)) return { check: objectCheck, height };
      return { check: (v) => isRecord(v) && objectCheck(v), height };
    }
    if (types === T_ARRAY && arrayCheck !== undefined) {
      if (testsItsType(arrayCheck)) return { check: arrayCheck, height };
      return { check: (v) => Array.isArray(v) && arrayCheck(v), height };
    }
  }
  const check: Compiled = (v) => {
    if (!own(v)) return false;
    if (typeof v === "object" && v !== null) {
      if (Array.isArray(v)) {
        if (arrayCheck !== undefined && !arrayCheck(v)) return false;
      } else if (objectCheck !== undefined && !objectCheck(v)) return false;
    }
    return applicators === undefined || applicators(v);
  };
  return { check, height };
}

/**
 * A node's compiled checks of the steps, all as one: undefined when no
 * step applies, null when one cannot be compiled; the one check itself
 * when there is one.
 */
function compileSteps(
  steps: readonly KeywordStep[],
  n: Node,
  child: CompileChild,
): Compiled | null | undefined {
  const checks: Compiled[] = [];
  for (const step of steps) {
    const c = step.compile?.(n, child);
    if (c === null) return null;
    if (c !== undefined) checks.push(c);
  }
  if (checks.length === 0) return undefined;
  if (checks.length === 1) return checks[0];
  if (checks.length === 2) {
    const [a, b] = checks;
    return (v) => a(v) && b(v);
  }
  return (v) => {
    for (let k = 0; k < checks.length; k++) if (!checks[k](v)) return false;
    return true;
  };
}

/** Runs the evaluation of `node` on `value` with an explicit stack of generators. */
function run(ctx: Context, node: Node, value: unknown, sink: Sink | null): boolean {
  if (node.inline && (typeBits(value) & (T_OBJECT | T_ARRAY)) === 0) {
    return leaf(ctx.nodes, node, value, null, undefined, sink);
  }
  if (!ctx.annotations && EXACT.numbers === null) {
    const compiled = compiledFor(ctx.nodes, node);
    if (compiled !== null) {
      const ok = compiled(value);
      if (ok || sink === null) return ok;
    } else {
      const q = quick(ctx.nodes, node, value);
      if (q === true || (q === false && sink === null)) return q;
    }
  }
  const stack: Eval[] = [];
  let current = evaluate(ctx, node, value, null, sink, null);
  let input = false;
  for (;;) {
    const step = current.next(input);
    if (!step.done) {
      stack.push(current);
      const a = step.value;
      current = evaluate(ctx, a.node, a.value, a.frame, a.sink, a.annot);
      input = false;
      continue;
    }
    if (stack.length === 0) return step.value;
    current = stack.pop()!;
    input = step.value;
  }
}

/**
 * The form's quiet check compiled into a closure (computed once per form),
 * or null when the form cannot be compiled (a `$ref` cycle, an
 * `unevaluated*` keyword, annotations to collect, nesting past the bound):
 * then {@linkcode matchesForm} interprets it.
 *
 * @example
 * ```ts
 * import { compiledCheck } from "./check.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const check = compiledCheck(parseLanguage("{!a:integer}"));
 * strictEqual(check?.({ a: 1 }), true);
 * strictEqual(check?.({ a: "1" }), false);
 * ```
 */
export function compiledCheck(form: Form): ((value: unknown) => boolean) | null {
  if (form.annotations === true) return null;
  return compiledFor(form.nodes, form.nodes[form.root]);
}

/**
 * Whether a value satisfies a form (stops at the first problem).
 *
 * @example
 * ```ts
 * import { matchesForm } from "./check.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(matchesForm(parseLanguage("[integer]"), [1, 2.0]), true);
 * strictEqual(matchesForm(parseLanguage("[integer]"), [1, 2.5]), false);
 * ```
 */
export function matchesForm(form: Form, value: unknown, node: number = form.root): boolean {
  const n = form.nodes[node];
  if (form.annotations !== true && EXACT.numbers === null) {
    const compiled = compiledFor(form.nodes, n);
    if (compiled !== null) return compiled(value);
  }
  const ctx = walkOf(form);
  return run(ctx, n, value, null);
}

/**
 * Checks a value against a form and reports the problems: at most `limit`
 * issues with their pointers, the rest counted in `omitted`.
 *
 * @example
 * ```ts
 * import { checkForm } from "./check.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const r = checkForm(parseLanguage("[string]"), Array(1000).fill(1), 10);
 * strictEqual(r.issues.length, 10);
 * strictEqual(r.omitted, 990);
 * ```
 */
export function checkForm(form: Form, value: unknown, limit: number = ISSUE_LIMIT): CheckResult {
  if (form.annotations !== true && EXACT.numbers === null) {
    const compiled = compiledFor(form.nodes, form.nodes[form.root]);
    // Nothing to report: the generators run only to find the words for a failure.
    if (compiled !== null && compiled(value)) return { ok: true, issues: [], omitted: 0 };
  }
  const ctx = walkOf(form);
  const sink: Sink = { issues: [], limit, omitted: 0, closest: true };
  const ok = run(ctx, form.nodes[form.root], value, sink);
  return { ok, issues: sink.issues, omitted: sink.omitted };
}
