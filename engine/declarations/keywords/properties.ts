/**
 * `properties`, `patternProperties`, `additionalProperties` and
 * `propertyNames`: what each member of an object must be, by its name. One
 * walk over the members applies all four (and collects which members were
 * evaluated, for `unevaluatedProperties`); the compiled check of an object
 * also applies `required`, `dependentRequired` and the member counts in
 * that walk (`required.ts`, `member_count.ts` own their parse, report and
 * words), so an object is read once. Tests:
 * `tests/keywords/properties_test.ts`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ properties: { a: { type: "integer" } }, additionalProperties: false });
 * deepStrictEqual(checkForm(form, { a: "1", b: 2 }).issues.map((i) => [i.pointer, i.keyword]), [
 *   ["/a", "type"], ["/b", "additionalProperties"],
 * ]);
 * ```
 *
 * @module
 */

import {
  type Form,
  type Node,
  type Pattern,
  pointerToken,
  T_ARRAY,
  T_OBJECT,
  typeBits,
} from "../form.ts";
import { compilePattern } from "../pattern.ts";
import { isRecord } from "../../json_kind.ts";
import {
  type Annot,
  ask,
  checksItsType,
  type CompileChild,
  type Compiled,
  type Eval,
  type Frame,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  recordIssue,
  type Say,
  type SchemaReader,
  type Sink,
  type Walk,
  where,
} from "./keyword.ts";
import { compileRequired, dependentsPresent } from "./required.ts";
import { type LeafTest, leafTestOf, passesLeafTest } from "./leaf.ts";

/**
 * Parse `properties` and `patternProperties` (objects of schemas; each
 * pattern compiled, a refused one listed with its pointer),
 * `additionalProperties` and `propertyNames` (a schema each).
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { throws } from "node:assert/strict";
 * throws(() => compileJsonSchema({ properties: [] }), /"properties" at the root must be an object, found array/);
 * ```
 */
export function parseProperties(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { key, value, job, pointer: kat } = site;
  if (key === "additionalProperties" || key === "propertyNames") {
    node[key] = reader.child(value, job, key);
    return;
  }
  const map = reader.schemaMap(value, job, key, kat);
  if (key === "properties") {
    node.properties = map;
    return;
  }
  if (map === undefined) return;
  const list: { pattern: Pattern; node: number }[] = [];
  for (const [source, id] of map) {
    const p = compilePattern(source);
    if (typeof p === "string") {
      reader.issue(
        `${kat}/${pointerToken(source)}`,
        `pattern ${JSON.stringify(source)} of "patternProperties" at ${
          where(job.at)
        } is refused: ${p}`,
      );
    } else list.push({ pattern: p, node: id });
  }
  node.patternProperties = list;
}

/**
 * Compiled check of an object (the value known to be an object): its
 * members by name, pattern and the rest, their names, `required`,
 * `dependentRequired` and the member counts, in one walk; `undefined` when
 * the node has none of them, null when a child cannot be compiled. The
 * common shape (`properties`, `required`, `additionalProperties`) reads
 * the members in their own order ({@linkcode memberwise}).
 *
 * @example
 * ```ts
 * import { compileObject } from "./properties.ts";
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { strictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ properties: { a: {} }, required: ["a"] });
 * const check = compileObject(form.nodes[0], () => () => true)!;
 * strictEqual(check({ a: 1 }), true);
 * strictEqual(check({}), false);
 * ```
 */
export function compileObject(n: Node, child: CompileChild): Compiled | null | undefined {
  if (
    n.required === undefined && n.properties === undefined &&
    n.additionalProperties === undefined && n.patternProperties === undefined &&
    n.propertyNames === undefined && n.minProperties === undefined &&
    n.maxProperties === undefined && n.dependentRequired === undefined
  ) return undefined;
  const listOf = (ids: readonly number[] | undefined): Compiled[] | null | undefined => {
    if (ids === undefined) return undefined;
    const out: Compiled[] = [];
    for (const id of ids) {
      const c = child(id);
      if (c === null) return null;
      out.push(c);
    }
    return out;
  };
  const one = (id: number | undefined): Compiled | null | undefined =>
    id === undefined ? undefined : child(id);
  const required = n.required ?? [];
  const requiredInherited = n.requiredInherited === true;
  const names = n.propNames ?? [];
  const inherited = n.propInherited ?? [];
  const checks = listOf(n.propNodes ?? []);
  const extra = one(n.additionalProperties);
  const patterns = listOf(n.patternProperties?.map((pp) => pp.node));
  const nameCheck = one(n.propertyNames);
  if (checks == null || extra === null || patterns === null || nameCheck === null) return null;
  const byName = new Map<string, Compiled>();
  for (let k = 0; k < names.length; k++) byName.set(names[k], checks[k]);
  const hasRequired = compileRequired(n);
  if (
    patterns !== undefined || nameCheck !== undefined || n.minProperties !== undefined ||
    n.maxProperties !== undefined || n.dependentRequired !== undefined
  ) {
    const tests = n.patternProperties?.map((pp) => pp.pattern) ?? [];
    const patternChecks = patterns ?? [];
    const minProperties = n.minProperties ?? 0;
    const maxProperties = n.maxProperties ?? Infinity;
    const dependentRequired = n.dependentRequired ?? [];
    return (v) => {
      const obj = v as Record<string, unknown>;
      if (!hasRequired(obj)) return false;
      if (!dependentsPresent(dependentRequired, obj)) return false;
      const keys = Object.keys(obj);
      if (keys.length < minProperties || keys.length > maxProperties) return false;
      for (let k = 0; k < keys.length; k++) {
        const name = keys[k];
        const cv = obj[name];
        if (nameCheck !== undefined && !nameCheck(name)) return false;
        const check = byName.get(name);
        let matched = check !== undefined;
        if (!matched) UNDECLARED.seen = true;
        if (check !== undefined && !check(cv)) return false;
        for (let p = 0; p < tests.length; p++) {
          if (!tests[p].test(name)) continue;
          matched = true;
          if (!patternChecks[p](cv)) return false;
        }
        if (!matched && extra !== undefined && !extra(cv)) return false;
      }
      return true;
    };
  } else if (!requiredInherited && !inherited.includes(true)) {
    return memberwise(names, checks, required, extra);
  } else if (extra === undefined) {
    return (v) => {
      UNDECLARED.seen = true; // the members are read by name: other keys are not seen
      const obj = v as Record<string, unknown>;
      if (!hasRequired(obj)) return false;
      for (let k = 0; k < names.length; k++) {
        const cv = obj[names[k]];
        if (cv === undefined || (inherited[k] && !Object.hasOwn(obj, names[k]))) continue;
        if (!checks[k](cv)) return false;
      }
      return true;
    };
  } else {
    return (v) => {
      const obj = v as Record<string, unknown>;
      if (!hasRequired(obj)) return false;
      let present = 0;
      for (let k = 0; k < names.length; k++) {
        const cv = obj[names[k]];
        if (cv === undefined || (inherited[k] && !Object.hasOwn(obj, names[k]))) continue;
        present++;
        if (!checks[k](cv)) return false;
      }
      // Every enumerable member counted (without building a list of names): when
      // the declared ones are all, no member is left for additionalProperties.
      let count = 0;
      for (const _ in obj) count++;
      if (count === present) return true;
      UNDECLARED.seen = true;
      const keys = Object.keys(obj);
      for (let k = 0; k < keys.length; k++) {
        if (!byName.has(keys[k]) && !extra(obj[keys[k]])) return false;
      }
      return true;
    };
  }
}

/**
 * Report: walks the members, checking each against its named schema, the
 * patterns its name matches, else `additionalProperties`, and its name
 * against `propertyNames`; annotates the members evaluated. A member
 * refused by `additionalProperties: false` is reported at its pointer,
 * its name as the detail.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from "../jsonschema.ts";
 * import { checkForm } from "../check.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({ propertyNames: { maxLength: 2 } });
 * deepStrictEqual(checkForm(form, { abc: 1 }).issues.map((i) => [i.keyword, i.detail]), [["propertyNames", "abc"]]);
 * ```
 */
export function* reportMembers(
  walk: Walk,
  n: Node,
  obj: Record<string, unknown>,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  const nodes = walk.nodes;
  let ok = true;
  const props = n.properties;
  const walkAll = n.patternProperties !== undefined || n.additionalProperties !== undefined ||
    n.propertyNames !== undefined || annot !== null;
  if (walkAll) {
    const names = Object.keys(obj);
    for (let k = 0; k < names.length; k++) {
      const name = names[k];
      const cv = obj[name];
      if (n.propertyNames !== undefined) {
        const pn = nodes[n.propertyNames];
        const good = pn.leaf
          ? walk.leaf(pn, name, null, undefined, null)
          : yield ask(pn, name, null, null, null);
        if (!good) {
          if (sink === null) return false;
          ok = false;
          recordIssue(sink, frame, undefined, n, "propertyNames", obj, name);
        }
      }
      let matched = false;
      if (props !== undefined) {
        const c = props.get(name);
        if (c !== undefined) {
          matched = true;
          const cn = nodes[c];
          const good = cn.inline && (typeBits(cv) & (T_OBJECT | T_ARRAY)) === 0
            ? walk.leaf(cn, cv, frame, name, sink)
            : yield ask(cn, cv, { parent: frame, key: name }, sink, null);
          if (!good) {
            if (sink === null) return false;
            ok = false;
          }
        }
      }
      if (n.patternProperties !== undefined) {
        for (const pp of n.patternProperties) {
          if (!pp.pattern.test(name)) continue;
          matched = true;
          const good = yield ask(nodes[pp.node], cv, { parent: frame, key: name }, sink, null);
          if (!good) {
            if (sink === null) return false;
            ok = false;
          }
        }
      }
      if (!matched && n.additionalProperties !== undefined) {
        matched = true;
        const an = nodes[n.additionalProperties];
        if (an.never) {
          if (sink === null) return false;
          ok = false;
          recordIssue(sink, frame, name, n, "additionalProperties", cv, name);
        } else {
          const good = yield ask(an, cv, { parent: frame, key: name }, sink, null);
          if (!good) {
            if (sink === null) return false;
            ok = false;
          }
        }
      }
      if (matched && annot !== null) (annot.props ??= new Set()).add(name);
    }
  } else if (props !== undefined) {
    for (const [name, c] of props) {
      if (!Object.hasOwn(obj, name)) continue;
      const cv = obj[name];
      const cn = nodes[c];
      const good = cn.inline && (typeBits(cv) & (T_OBJECT | T_ARRAY)) === 0
        ? walk.leaf(cn, cv, frame, name, sink)
        : yield ask(cn, cv, { parent: frame, key: name }, sink, null);
      if (!good) {
        if (sink === null) return false;
        ok = false;
      }
    }
  }
  return ok;
}

/**
 * Set by the compiled checks when they meet an object key that the node
 * checking the object does not declare (or may not have looked at): a
 * compiled gate resets it, runs its passing check, and reads it to learn
 * whether a key could impersonate a declared key (`twins.ts`) without a
 * second walk of the value. Synchronous use only.
 *
 * @example
 * ```ts
 * import { compiledCheck, UNDECLARED } from "../check.ts";
 * import { parseLanguage } from "../language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const check = compiledCheck(parseLanguage("{!a:integer}"))!;
 * UNDECLARED.seen = false;
 * check({ a: 1 });
 * strictEqual(UNDECLARED.seen, false);
 * check({ a: 1, A: 2 });
 * strictEqual(UNDECLARED.seen, true);
 * ```
 */
export const UNDECLARED = { seen: false };

/**
 * Set by the compiled check of an object that reads its members with
 * `for…in` (`properties` with `required` and `additionalProperties`, the
 * common shape): how many keys the object it checked last held. A check
 * that reads no object leaves it as it was. Each object sets it when its own
 * members are done, so after a passing check of a flat object (its members
 * scalars or arrays of scalars, `flat_object.ts`) it is the root's count. It
 * is assigned, never added to: whatever the declaration, it is the key count
 * of one object of the value, never more than the keys the value holds.
 * Synchronous use only.
 *
 * @example
 * ```ts
 * import { compiledCheck, MEMBERS } from "../check.ts";
 * import { parseLanguage } from "../language.ts";
 * import { strictEqual } from "node:assert/strict";
 * const check = compiledCheck(parseLanguage("{!a:integer,b:[string]}"))!;
 * MEMBERS.count = -1;
 * check({ a: 1, b: ["x"] });
 * strictEqual(MEMBERS.count, 2);
 * ```
 */
export const MEMBERS = { count: -1 };

/** An empty object: `for…in` over it sees only what `Object.prototype` enumerates. */
const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The check of an object's `properties`, `required` and `additionalProperties`
 * (none of the names on `Object.prototype`), reading the members in their own
 * order with `for…in` (V8 loads them from the object's enum cache) and
 * matching each key to its declared slot, the slot after the last one first
 * (a model writes the members in the declared order), else by a map. The
 * required members are counted as they are met. When `Object.prototype`
 * enumerates a property (`for…in` would visit it in every object), the
 * members are read by name instead, as the other shapes do.
 */
function memberwise(
  names: readonly string[],
  checks: readonly Compiled[],
  required: readonly string[],
  extra: Compiled | undefined,
): Compiled {
  const slotNames = [...names];
  const slotChecks: (Compiled | null)[] = [...checks];
  for (const name of required) {
    if (!slotNames.includes(name)) {
      // Required, not a property: `additionalProperties` applies to it.
      slotNames.push(name);
      slotChecks.push(extra ?? null);
    }
  }
  const slotRequired = slotNames.map((name) => required.includes(name));
  const slotOf = new Map(slotNames.map((name, k) => [name, k]));
  const requiredCount = slotRequired.filter((r) => r).length;
  // A member whose check is a leaf test is tested inline (`leaf.ts`), without a call.
  const slotTests: (LeafTest | null)[] = slotChecks.map((c) => leafTestOf(c) ?? null);
  const byName = (obj: Record<string, unknown>): boolean => {
    for (let k = 0; k < slotNames.length; k++) {
      const cv = obj[slotNames[k]];
      if (cv === undefined) {
        if (slotRequired[k]) return false;
        continue;
      }
      const check = slotChecks[k];
      if (check !== null && !check(cv)) return false;
    }
    if (extra === undefined) return true;
    const keys = Object.keys(obj);
    for (let k = 0; k < keys.length; k++) {
      if (!slotOf.has(keys[k]) && !extra(obj[keys[k]])) return false;
    }
    return true;
  };
  // The object's type is tested here too: an object node of that type alone calls this alone.
  return checksItsType((v) => {
    if (!isRecord(v)) return false;
    const obj = v;
    for (const _ in EMPTY) {
      UNDECLARED.seen = true;
      return byName(obj);
    }
    let found = 0, guess = 0, keys = 0;
    for (const key in obj) {
      keys++;
      const slot = slotNames[guess] === key ? guess : slotOf.get(key) ?? -1;
      const cv = obj[key];
      if (slot < 0) {
        UNDECLARED.seen = true;
        if (extra !== undefined && !extra(cv)) return false;
        continue;
      }
      guess = slot + 1;
      const test = slotTests[slot];
      if (test !== null) {
        if (!passesLeafTest(test, cv)) return false;
      } else {
        const check = slotChecks[slot];
        if (check !== null && !check(cv)) return false;
      }
      if (slotRequired[slot]) found++;
    }
    MEMBERS.count = keys;
    return found === requiredCount;
  });
}

/**
 * What an object admits besides its named members, in words: `absent (the
 * object admits only "a", "b")` (for `additionalProperties` and
 * `unevaluatedProperties`).
 *
 * @example
 * ```ts
 * import { onlyNamedWords } from "./properties.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const say = { list: (v: readonly unknown[]) => v.map((x) => JSON.stringify(x)).join(", ") };
 * strictEqual(onlyNamedWords(emptyNode(0, ""), say as never), "absent (the object admits no other members)");
 * ```
 */
export function onlyNamedWords(n: Node, say: Say): string {
  const names = n.properties === undefined ? [] : [...n.properties.keys()];
  return names.length === 0
    ? "absent (the object admits no other members)"
    : `absent (the object admits only ${say.list(names)})`;
}

/**
 * The module: parse, and the words for a member not admitted and for a
 * member name refused by `propertyNames`.
 *
 * @example
 * ```ts
 * import { PROPERTIES } from "./properties.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(PROPERTIES.keywords.includes("additionalProperties"), true);
 * ```
 */
export const PROPERTIES: KeywordModule = {
  name: "properties",
  keywords: ["properties", "patternProperties", "additionalProperties", "propertyNames"],
  parse: parseProperties,
  words: (form: Form, issue, say) => {
    const n = issue.node;
    if (issue.keyword === "propertyNames") {
      return {
        expected: `an object whose every member name is ${
          say.node(form, form.nodes[n.propertyNames!])
        }`,
        found: `the member name ${say.literal(issue.detail)}`,
      };
    }
    return { expected: onlyNamedWords(n, say) };
  },
};

/**
 * The report walk's step for an object's members (run also when
 * annotations are collected, to record which members were evaluated), and
 * the compiled check of the whole object.
 *
 * @example
 * ```ts
 * import { MEMBERS_STEP } from "./properties.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(MEMBERS_STEP.present(emptyNode(0, ""), true), true);
 * ```
 */
export const MEMBERS_STEP: KeywordStep = {
  keyword: "properties",
  present: (n, annotating) =>
    n.properties !== undefined || n.patternProperties !== undefined ||
    n.additionalProperties !== undefined || n.propertyNames !== undefined || annotating,
  report: (walk, n, v, frame, sink, annot) =>
    reportMembers(walk, n, v as Record<string, unknown>, frame, sink, annot),
  compile: compileObject,
};
