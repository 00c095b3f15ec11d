/**
 * `$ref` (resolved at compile time to a node: an `$id`, an `$anchor`, a
 * JSON pointer anywhere in the document, or a built-in meta-schema), and
 * `$defs`/`definitions` (schemas kept to be referenced; they assert
 * nothing). The reference is applied in place, as an `allOf` of one.
 * Tests: `tests/keywords/ref_test.ts`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { matchesForm } from "../check.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ $defs: { n: { type: "integer" } }, $ref: "#/$defs/n" });
 * strictEqual(matchesForm(form, 1), true);
 * strictEqual(matchesForm(form, "1"), false);
 * ```
 *
 * @module
 */

import type { Node } from "../form.ts";
import {
  type Annot,
  type CompileChild,
  type Compiled,
  type Eval,
  type Frame,
  inPlace,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  type SchemaReader,
  type Sink,
  type Walk,
  where,
} from "./keyword.ts";

/**
 * Parse: `$ref` a string, recorded to resolve once every schema is
 * compiled; `$defs`/`definitions` an object of schemas, compiled for
 * references.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { throws } from "node:assert/strict";
 * throws(() => compileJsonSchema({ $ref: 1 }), /"\$ref" at the root must be a string/);
 * ```
 */
export function parseRef(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, job, pointer: kat } = site;
  if (key !== "$ref") {
    reader.schemaMap(value, job, key, kat);
    return;
  }
  if (typeof value !== "string") {
    return reader.issue(kat, `"$ref" at ${where(job.at)} must be a string`);
  }
  node.refText = value;
  reader.reference(node, value, job, kat);
}

/**
 * Compiled check: the referenced node's own check (no wrapper);
 * `undefined` without `$ref`, null when it cannot be compiled.
 *
 * @example
 * ```ts
 * import { compileRef } from "./ref.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.ref = 1;
 * const check = compileRef(n, () => (v) => v === 1)!;
 * strictEqual(check(1), true);
 * ```
 */
export function compileRef(n: Node, child: CompileChild): Compiled | null | undefined {
  return n.ref === undefined ? undefined : child(n.ref);
}

/**
 * Report: the value against the referenced node, in place.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ $defs: { n: { maximum: 5 } }, properties: { a: { $ref: "#/$defs/n" } } });
 * deepStrictEqual(checkForm(form, { a: 6 }).issues.map((i) => [i.pointer, i.keyword]), [["/a", "maximum"]]);
 * ```
 */
export function reportRef(
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  return inPlace(walk.nodes[n.ref!], v, frame, sink, annot);
}

/**
 * The report walk's step for `$ref`.
 *
 * @example
 * ```ts
 * import { REF_STEP } from "./ref.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(REF_STEP.keyword, "$ref");
 * ```
 */
export const REF_STEP: KeywordStep = {
  keyword: "$ref",
  present: (n) => n.ref !== undefined,
  report: reportRef,
  compile: compileRef,
};

/**
 * The module: parse; a reference's issues are its target's.
 *
 * @example
 * ```ts
 * import { REF } from "./ref.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(REF.keywords, ["$ref", "$defs", "definitions"]);
 * ```
 */
export const REF: KeywordModule = {
  name: "ref",
  keywords: ["$ref", "$defs", "definitions"],
  parse: parseRef,
};
