/**
 * `required` and `dependentRequired` (draft-07's `dependencies` with an
 * array value compiles to it): members that must be present, always or
 * when another member is. A missing member is reported at its own pointer
 * (its value `undefined`). Tests: `tests/keywords/required_test.ts`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ required: ["a"], dependentRequired: { b: ["c"] } });
 * deepStrictEqual(checkForm(form, { b: 1 }).issues.map((i) => [i.pointer, i.keyword]), [
 *   ["/a", "required"], ["/c", "dependentRequired"],
 * ]);
 * ```
 *
 * @module
 */

import { isRecord } from "../../json_kind.ts";
import { type Node, pointerToken } from "../form.ts";
import {
  type Frame,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  recordIssue,
  type SchemaReader,
  type Sink,
  where,
} from "./keyword.ts";

/**
 * Parse `required` (an array of distinct names) and `dependentRequired`
 * (an object of such arrays).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { throws } from "node:assert/strict";
 * throws(() => compileJsonSchema({ required: ["a", "a"] }), /"required" at the root lists a name twice/);
 * throws(() => compileJsonSchema({ dependentRequired: [] }), /"dependentRequired" at the root must be an object/);
 * ```
 */
export function parseRequired(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, job, pointer: kat } = site;
  if (key === "required") {
    node.required = reader.names(value, key, job, kat);
    return;
  }
  if (!isRecord(value)) {
    return reader.issue(kat, `"dependentRequired" at ${where(job.at)} must be an object`);
  }
  const list = [];
  for (const name of Object.keys(value)) {
    const req = reader.names(value[name], key, job, `${kat}/${pointerToken(name)}`);
    if (req !== undefined) list.push({ name, required: req });
  }
  node.dependentRequired = list;
}

/**
 * Compiled check of `required` (the value known to be an object): a JSON
 * value is never `undefined`, so a read that gives `undefined` is an absent
 * member, unless the name is inherited from `Object.prototype` (then
 * `hasOwn` is asked).
 *
 * @example
 * ```ts
 * import { compileRequired } from "./required.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.required = ["toString"];
 * n.requiredInherited = true;
 * strictEqual(compileRequired(n)({}), false);
 * strictEqual(compileRequired(n)({ toString: 1 }), true);
 * ```
 */
export function compileRequired(n: Node): (obj: Record<string, unknown>) => boolean {
  const required = n.required ?? [];
  if (n.requiredInherited === true) {
    return (obj) => {
      for (let k = 0; k < required.length; k++) {
        if (!Object.hasOwn(obj, required[k])) return false;
      }
      return true;
    };
  }
  return (obj) => {
    for (let k = 0; k < required.length; k++) if (obj[required[k]] === undefined) return false;
    return true;
  };
}

/**
 * Check of `dependentRequired`: whether every member required by a
 * present member is present.
 *
 * @example
 * ```ts
 * import { dependentsPresent } from "./required.ts";
 * import { strictEqual } from "node:assert/strict";
 * const deps = [{ name: "card", required: ["cvv"] }];
 * strictEqual(dependentsPresent(deps, { card: 1 }), false);
 * strictEqual(dependentsPresent(deps, {}), true);
 * ```
 */
export function dependentsPresent(
  dependentRequired: readonly { readonly name: string; readonly required: readonly string[] }[],
  obj: Record<string, unknown>,
): boolean {
  for (const dep of dependentRequired) {
    if (!Object.hasOwn(obj, dep.name)) continue;
    for (const name of dep.required) if (!Object.hasOwn(obj, name)) return false;
  }
  return true;
}

/**
 * Report: records each missing member at its pointer (`required`, or
 * `dependentRequired` with the present member as the detail); answers
 * whether none is missing (at the first when `sink` is null).
 *
 * @example
 * ```ts
 * import { reportRequired } from "./required.ts";
 * import { newSink } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.required = ["a", "b"];
 * const sink = newSink(10);
 * strictEqual(reportRequired(n, {}, null, sink), false);
 * strictEqual(sink.issues.map((i) => i.pointer).join(), "/a,/b");
 * ```
 */
export function reportRequired(
  n: Node,
  obj: Record<string, unknown>,
  frame: Frame | null,
  sink: Sink | null,
): boolean {
  let ok = true;
  if (n.required !== undefined) {
    for (const name of n.required) {
      if (!Object.hasOwn(obj, name)) {
        if (sink === null) return false;
        ok = false;
        recordIssue(sink, frame, name, n, "required", undefined);
      }
    }
  }
  if (n.dependentRequired !== undefined) {
    for (const dep of n.dependentRequired) {
      if (!Object.hasOwn(obj, dep.name)) continue;
      for (const name of dep.required) {
        if (!Object.hasOwn(obj, name)) {
          if (sink === null) return false;
          ok = false;
          recordIssue(sink, frame, name, n, "dependentRequired", undefined, dep.name);
        }
      }
    }
  }
  return ok;
}

/**
 * The module: parse, and the words for a missing member (`present (it is
 * required)`, `present (required when "card" is present)`).
 *
 * @example
 * ```ts
 * import { REQUIRED } from "./required.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(REQUIRED.keywords, ["required", "dependentRequired"]);
 * ```
 */
export const REQUIRED: KeywordModule = {
  name: "required",
  keywords: ["required", "dependentRequired"],
  parse: parseRequired,
  words: (_form, issue, say) => ({
    expected: issue.keyword === "required"
      ? "present (it is required)"
      : `present (required when ${say.literal(issue.detail)} is present)`,
  }),
};

/**
 * The report walk's step for an object's required members.
 *
 * @example
 * ```ts
 * import { REQUIRED_STEP } from "./required.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.required = ["a"];
 * strictEqual(REQUIRED_STEP.check?.(n, {}, null, null), false);
 * ```
 */
export const REQUIRED_STEP: KeywordStep = {
  keyword: "required",
  present: (n) => n.required !== undefined || n.dependentRequired !== undefined,
  check: (n, v, frame, sink) => reportRequired(n, v as Record<string, unknown>, frame, sink),
};
