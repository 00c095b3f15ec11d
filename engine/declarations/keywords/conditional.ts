/**
 * `if`/`then`/`else` (`then`/`else` without `if` assert nothing; their
 * schemas are still compiled, for references), `dependentSchemas` (when a
 * member is present, the object matches a schema), and draft-07's
 * `dependencies` (an array value is `dependentRequired`, a schema value
 * `dependentSchemas`). Tests: `tests/keywords/conditional_test.ts`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { matchesForm } from "../check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ if: { type: "string" }, then: { minLength: 2 }, else: { type: "integer" } });
 * strictEqual(matchesForm(form, "ab"), true);
 * strictEqual(matchesForm(form, "a"), false);
 * strictEqual(matchesForm(form, 1.5), false);
 * ```
 *
 * @module
 */

import { isRecord } from "../../json_kind.ts";
import { type Node, pointerToken } from "../form.ts";
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
  type SchemaReader,
  type Sink,
  type Walk,
  where,
} from "./keyword.ts";

/**
 * Parse `if`, `then`, `else` (schemas), `dependentSchemas` (an object of
 * schemas) and `dependencies` (an object of name arrays or schemas).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * strictEqual(compileJsonSchema({ then: false }).nodes[0].then, undefined);
 * throws(() => compileJsonSchema({ dependentSchemas: 1 }), /"dependentSchemas" at the root must be an object/);
 * ```
 */
export function parseConditional(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, schema, job, pointer: kat } = site;
  if (key === "if" || key === "then" || key === "else") {
    const id = reader.child(value, job, key);
    if (schema.if !== undefined) node[key] = id; // `then`/`else` apply only beside an `if`
    return;
  }
  if (key === "dependentSchemas") {
    const map = reader.schemaMap(value, job, key, kat);
    if (map !== undefined) {
      node.dependentSchemas = [...map].map(([name, id]) => ({ name, node: id }));
    }
    return;
  }
  // draft-07 `dependencies`.
  if (!isRecord(value)) {
    return reader.issue(kat, `"dependencies" at ${where(job.at)} must be an object`);
  }
  const req = [];
  const schemas = [];
  for (const name of Object.keys(value)) {
    const v = value[name];
    const step = `dependencies/${pointerToken(name)}`;
    if (Array.isArray(v)) {
      const r = reader.names(v, key, job, `${job.at}/${step}`);
      if (r !== undefined) req.push({ name, required: r });
    } else schemas.push({ name, node: reader.child(v, job, step) });
  }
  if (req.length > 0) node.dependentRequired = req;
  if (schemas.length > 0) node.dependentSchemas = schemas;
}

/**
 * Compiled `if`/`then`/`else`: the branch the condition picks passes
 * (undefined without `if`, null when a schema cannot be compiled).
 *
 * @example
 * ```ts
 * import { compileIf } from "./conditional.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.if = 1;
 * n.then = 2;
 * const checks = [(v: unknown) => typeof v === "string", (v: unknown) => v === "a"];
 * const check = compileIf(n, (id) => checks[id - 1])!;
 * strictEqual(check("a"), true);
 * strictEqual(check("b"), false);
 * strictEqual(check(1), true);
 * ```
 */
export function compileIf(n: Node, child: CompileChild): Compiled | null | undefined {
  if (n.if === undefined) return undefined;
  const cond = child(n.if);
  const then = n.then === undefined ? undefined : child(n.then);
  const otherwise = n.else === undefined ? undefined : child(n.else);
  if (cond === null || then === null || otherwise === null) return null;
  return (v) => {
    const branch = cond(v) ? then : otherwise;
    return branch === undefined || branch(v);
  };
}

/**
 * Compiled `dependentSchemas`: for each present member, the object passes
 * its schema.
 *
 * @example
 * ```ts
 * import { compileDependentSchemas } from "./conditional.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.dependentSchemas = [{ name: "card", node: 1 }];
 * const check = compileDependentSchemas(n, () => (v) => Object.hasOwn(v as object, "cvv"))!;
 * strictEqual(check({ card: 1 }), false);
 * strictEqual(check({ card: 1, cvv: 2 }), true);
 * strictEqual(check({}), true);
 * ```
 */
export function compileDependentSchemas(
  n: Node,
  child: CompileChild,
): Compiled | null | undefined {
  if (n.dependentSchemas === undefined) return undefined;
  const dependents: Compiled[] = [];
  for (const d of n.dependentSchemas) {
    const c = child(d.node);
    if (c === null) return null;
    dependents.push(c);
  }
  const names = n.dependentSchemas.map((d) => d.name);
  return (v) => {
    if (!isRecord(v)) return true;
    for (let k = 0; k < dependents.length; k++) {
      if (Object.hasOwn(v, names[k]) && !dependents[k](v)) return false;
    }
    return true;
  };
}

/**
 * Report `if`: the condition quietly (its annotations kept when it
 * matches), then the branch it picks in place.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ if: { type: "string" }, then: { minLength: 2 } });
 * deepStrictEqual(checkForm(form, "a").issues.map((i) => i.keyword), ["minLength"]);
 * ```
 */
export function* reportIf(
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  // In place (as `inPlace` does, without a generator between the sub-evaluation and the driver).
  const sub = annot === null ? null : newAnnot();
  const cond = yield ask(walk.nodes[n.if!], v, null, null, sub);
  if (cond && sub !== null) mergeAnnot(annot!, sub);
  const branch = cond ? n.then : n.else;
  if (branch === undefined) return true;
  const sub2 = annot === null ? null : newAnnot();
  const good = yield ask(walk.nodes[branch], v, frame, sink, sub2);
  if (good && sub2 !== null) mergeAnnot(annot!, sub2);
  return good;
}

/**
 * Report `dependentSchemas`: for each present member, the object against
 * its schema in place.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ dependentSchemas: { card: { required: ["cvv"] } } });
 * deepStrictEqual(checkForm(form, { card: 1 }).issues.map((i) => i.pointer), ["/cvv"]);
 * ```
 */
export function* reportDependentSchemas(
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  if (!isRecord(v)) return true;
  let ok = true;
  for (const dep of n.dependentSchemas!) {
    if (!Object.hasOwn(v, dep.name)) continue;
    const sub = annot === null ? null : newAnnot();
    const good = yield ask(walk.nodes[dep.node], v, frame, sink, sub);
    if (!good) {
      if (sink === null) return false;
      ok = false;
    } else if (sub !== null) mergeAnnot(annot!, sub);
  }
  return ok;
}

/**
 * The report walk's steps for the conditionals, in order.
 *
 * @example
 * ```ts
 * import { CONDITIONAL_STEPS } from "./conditional.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(CONDITIONAL_STEPS.map((s) => s.keyword), ["if", "dependentSchemas"]);
 * ```
 */
export const CONDITIONAL_STEPS: readonly KeywordStep[] = [
  { keyword: "if", present: (n) => n.if !== undefined, report: reportIf, compile: compileIf },
  {
    keyword: "dependentSchemas",
    present: (n) => n.dependentSchemas !== undefined,
    report: reportDependentSchemas,
    compile: compileDependentSchemas,
  },
];

/**
 * The module: parse; a branch's issues are its own.
 *
 * @example
 * ```ts
 * import { CONDITIONAL } from "./conditional.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(CONDITIONAL.keywords.includes("dependencies"), true);
 * ```
 */
export const CONDITIONAL: KeywordModule = {
  name: "conditional",
  keywords: ["if", "then", "else", "dependentSchemas", "dependencies"],
  parse: parseConditional,
};
