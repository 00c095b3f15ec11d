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
  inPlace,
  type InPlaceStep,
  type KeywordModule,
  type KeywordSite,
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
 * Compiled checks of the node's combinators, in order (`allOf`, `anyOf`,
 * `oneOf`, `not`; `undefined` for one absent), or null when a branch
 * cannot be compiled.
 *
 * @example
 * ```ts
 * import { compileCombinators } from "./combinators.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.not = 1;
 * const [, , , not] = compileCombinators(n, () => (v) => v === 1)!;
 * strictEqual(not?.(1), false);
 * strictEqual(not?.(2), true);
 * ```
 */
export function compileCombinators(
  n: Node,
  child: CompileChild,
): (Compiled | undefined)[] | null {
  const all = n.allOf === undefined ? undefined : compileList(n.allOf, child);
  const any = n.anyOf === undefined ? undefined : compileList(n.anyOf, child);
  const one = n.oneOf === undefined ? undefined : compileList(n.oneOf, child);
  const not = n.not === undefined ? undefined : child(n.not);
  if (all === null || any === null || one === null || not === null) return null;
  return [
    all === undefined ? undefined : (v) => {
      for (const c of all) if (!c(v)) return false;
      return true;
    },
    any === undefined ? undefined : (v) => any.some((c) => c(v)),
    one === undefined ? undefined : (v) => {
      let matches = 0;
      for (const c of one) if (c(v) && ++matches > 1) return false;
      return matches === 1;
    },
    not === undefined ? undefined : (v) => !not(v),
  ];
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
    if (!(yield* inPlace(walk.nodes[c], v, frame, sink, annot))) {
      if (sink === null) return false;
      ok = false;
    }
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
export const COMBINATOR_STEPS: readonly InPlaceStep[] = [
  { keyword: "allOf", present: (n) => n.allOf !== undefined, report: reportAllOf },
  {
    keyword: "anyOf",
    present: (n) => n.anyOf !== undefined,
    report: (walk, n, v, frame, sink, annot) =>
      reportAlternatives("anyOf", walk, n, v, frame, sink, annot),
  },
  {
    keyword: "oneOf",
    present: (n) => n.oneOf !== undefined,
    report: (walk, n, v, frame, sink, annot) =>
      reportAlternatives("oneOf", walk, n, v, frame, sink, annot),
  },
  { keyword: "not", present: (n) => n.not !== undefined, report: reportNot },
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
