/**
 * `allOf`, `anyOf`, `oneOf`, `not`: the value against other schemas, in
 * place. Branches of `anyOf`/`oneOf`/`not` are checked quietly; when an
 * `anyOf`/`oneOf` fails in the report walk, its branches are re-run to find
 * the closest one (among those admitting the value's type, the one with
 * fewest issues), whose issues are reported instead. Tests:
 * `tests/keywords/combinators_test.ts`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { matchesForm } from "../check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ oneOf: [{ type: "integer" }, { minimum: 2 }] });
 * strictEqual(matchesForm(form, 1), true);
 * strictEqual(matchesForm(form, 3), false);
 * ```
 *
 * @module
 */

import type { Node } from "../form.ts";
import {
  type Annot,
  ask,
  type CompileChild,
  type Compiled,
  type Eval,
  type Frame,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  mergeAnnot,
  newAnnot,
  newSink,
  recordIssue,
  type SchemaReader,
  type Sink,
  type Walk,
} from "./keyword.ts";

/**
 * Parse: `allOf`/`anyOf`/`oneOf` non-empty arrays of schemas, `not` a schema.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { throws } from "node:assert/strict";
 * throws(() => compileJsonSchema({ anyOf: [] }), /"anyOf" at the root must be a non-empty array of schemas/);
 * ```
 */
export function parseCombinator(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, job, pointer } = site;
  if (key === "not") node.not = reader.child(value, job, key);
  else if (key === "allOf" || key === "anyOf" || key === "oneOf") {
    node[key] = reader.schemaList(value, job, key, pointer);
  }
}

/** Compiled children, or null when one cannot be compiled. */
function compileList(ids: readonly number[], child: CompileChild): Compiled[] | null {
  const out: Compiled[] = [];
  for (const id of ids) {
    const c = child(id);
    if (c === null) return null;
    out.push(c);
  }
  return out;
}

/**
 * Compiled `allOf`: every branch passes (undefined without it, null when a
 * branch cannot be compiled).
 *
 * @example
 * ```ts
 * import { compileAllOf } from "./combinators.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.allOf = [1, 2];
 * const checks = [(v: unknown) => typeof v === "number", (v: unknown) => (v as number) > 1];
 * strictEqual(compileAllOf(n, (id) => checks[id - 1])?.(2), true);
 * strictEqual(compileAllOf(n, (id) => checks[id - 1])?.(1), false);
 * ```
 */
export function compileAllOf(n: Node, child: CompileChild): Compiled | null | undefined {
  if (n.allOf === undefined) return undefined;
  const all = compileList(n.allOf, child);
  if (all === null) return null;
  return (v) => {
    for (const c of all) if (!c(v)) return false;
    return true;
  };
}

/**
 * Compiled `anyOf`: some branch passes.
 *
 * @example
 * ```ts
 * import { compileAnyOf } from "./combinators.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.anyOf = [1];
 * strictEqual(compileAnyOf(n, () => (v) => v === null)?.(null), true);
 * ```
 */
export function compileAnyOf(n: Node, child: CompileChild): Compiled | null | undefined {
  if (n.anyOf === undefined) return undefined;
  const any = compileList(n.anyOf, child);
  if (any === null) return null;
  return (v) => any.some((c) => c(v));
}

/**
 * Compiled `oneOf`: exactly one branch passes (stops at the second).
 *
 * @example
 * ```ts
 * import { compileOneOf } from "./combinators.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.oneOf = [1, 2];
 * strictEqual(compileOneOf(n, () => () => true)?.(1), false);
 * ```
 */
export function compileOneOf(n: Node, child: CompileChild): Compiled | null | undefined {
  if (n.oneOf === undefined) return undefined;
  const one = compileList(n.oneOf, child);
  if (one === null) return null;
  return (v) => {
    let matches = 0;
    for (const c of one) if (c(v) && ++matches > 1) return false;
    return matches === 1;
  };
}

/**
 * Compiled `not`: the schema fails.
 *
 * @example
 * ```ts
 * import { compileNot } from "./combinators.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.not = 1;
 * strictEqual(compileNot(n, () => (v) => v === 1)?.(1), false);
 * strictEqual(compileNot(n, () => (v) => v === 1)?.(2), true);
 * ```
 */
export function compileNot(n: Node, child: CompileChild): Compiled | null | undefined {
  if (n.not === undefined) return undefined;
  const not = child(n.not);
  if (not === null) return null;
  return (v) => !not(v);
}

/**
 * Report `allOf`: each branch in place (its issues at this position).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ allOf: [{ minimum: 2 }, { maximum: 0 }] });
 * deepStrictEqual(checkForm(form, 1).issues.map((i) => i.keyword), ["minimum", "maximum"]);
 * ```
 */
export function* reportAllOf(
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  let ok = true;
  for (const c of n.allOf!) {
    // In place (as `inPlace` does, without a generator between the sub-evaluation and the driver).
    const sub = annot === null ? null : newAnnot();
    const good = yield ask(walk.nodes[c], v, frame, sink, sub);
    if (!good) {
      if (sink === null) return false;
      ok = false;
    } else if (sub !== null) mergeAnnot(annot!, sub);
  }
  return ok;
}

/**
 * Report `anyOf` or `oneOf`: counts the branches that match (quietly);
 * on a failure, `oneOf` matched by several names how many, else the
 * closest branch's issues are reported (or the keyword, when no branch
 * admits the value's type).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ anyOf: [{ type: "string" }, { type: "object", required: ["a"] }] });
 * deepStrictEqual(checkForm(form, {}).issues.map((i) => [i.pointer, i.keyword]), [["/a", "required"]]);
 * ```
 */
export function* reportAlternatives(
  kw: "anyOf" | "oneOf",
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  const nodes = walk.nodes;
  const list = n[kw]!;
  let matches = 0;
  for (const c of list) {
    const sub = annot === null ? null : newAnnot();
    const good = yield ask(nodes[c], v, null, null, sub);
    if (good) {
      matches++;
      if (sub !== null) mergeAnnot(annot!, sub);
      else if (kw === "anyOf") break;
    }
  }
  const good = kw === "anyOf" ? matches > 0 : matches === 1;
  if (good) return true;
  if (sink === null) return false;
  if (matches > 1) {
    recordIssue(sink, frame, undefined, n, "oneOf", v, String(matches));
    return false;
  }
  // The closest branch: among those admitting the value's type, the one with fewest issues.
  if (!sink.closest || sink.issues.length >= sink.limit) {
    recordIssue(sink, frame, undefined, n, kw, v);
    return false;
  }
  let best: Sink | null = null;
  for (const c of list) {
    const trial = newSink(8, false);
    yield ask(nodes[c], v, frame, trial, null);
    const first = trial.issues[0];
    const shallow = first !== undefined && first.value === v &&
      (first.keyword === "type" || first.keyword === "false" || first.keyword === "enum" ||
        first.keyword === "const");
    if (shallow) continue;
    if (best === null || trial.issues.length + trial.omitted < best.issues.length + best.omitted) {
      best = trial;
    }
  }
  if (best === null) recordIssue(sink, frame, undefined, n, kw, v);
  else {
    for (const issue of best.issues) {
      if (sink.issues.length < sink.limit) sink.issues.push(issue);
      else sink.omitted++;
    }
    sink.omitted += best.omitted;
  }
  return false;
}

/**
 * Report `not`: the value must not match (checked quietly).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ not: { type: "null" } });
 * deepStrictEqual(checkForm(form, null).issues.map((i) => i.keyword), ["not"]);
 * ```
 */
export function* reportNot(
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
): Eval {
  const good = yield ask(walk.nodes[n.not!], v, null, null, null);
  if (!good) return true;
  if (sink !== null) recordIssue(sink, frame, undefined, n, "not", v);
  return false;
}

/**
 * The report walk's steps for the combinators, in order.
 *
 * @example
 * ```ts
 * import { COMBINATOR_STEPS } from "./combinators.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(COMBINATOR_STEPS.map((s) => s.keyword), ["allOf", "anyOf", "oneOf", "not"]);
 * ```
 */
export const COMBINATOR_STEPS: readonly KeywordStep[] = [
  {
    keyword: "allOf",
    present: (n) => n.allOf !== undefined,
    report: reportAllOf,
    compile: compileAllOf,
  },
  {
    keyword: "anyOf",
    present: (n) => n.anyOf !== undefined,
    compile: compileAnyOf,
    report: (walk, n, v, frame, sink, annot) =>
      reportAlternatives("anyOf", walk, n, v, frame, sink, annot),
  },
  {
    keyword: "oneOf",
    present: (n) => n.oneOf !== undefined,
    compile: compileOneOf,
    report: (walk, n, v, frame, sink, annot) =>
      reportAlternatives("oneOf", walk, n, v, frame, sink, annot),
  },
  { keyword: "not", present: (n) => n.not !== undefined, report: reportNot, compile: compileNot },
];

/**
 * The module: parse, and the words for a failing `not` (`anything but …`),
 * `anyOf` and `oneOf` (their alternatives; `oneOf` matched by several
 * names how many).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { describeIssue } from "../describe.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ not: { type: "string" } });
 * const [issue] = checkForm(form, "a").issues;
 * strictEqual(describeIssue(form, issue).expected, "anything but a string");
 * ```
 */
export const COMBINATORS: KeywordModule = {
  name: "combinators",
  keywords: ["allOf", "anyOf", "oneOf", "not"],
  parse: parseCombinator,
  words: (form, issue, say) => {
    const n = issue.node;
    switch (issue.keyword) {
      case "not":
        return { expected: `anything but ${say.node(form, form.nodes[n.not!])}` };
      case "oneOf":
        if (issue.detail !== undefined) {
          return {
            expected: `exactly one of the alternatives (${say.alternatives(form, n.oneOf!)})`,
            found: `${say.value(issue.value)}, which matches ${issue.detail} of them`,
          };
        }
        return { expected: say.alternatives(form, n.oneOf!) };
      case "anyOf":
        return { expected: say.alternatives(form, n.anyOf!) };
    }
    return {};
  },
};
