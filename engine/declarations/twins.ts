/**
 * Keys that impersonate a declared key. With a declaration, a member whose
 * key is not declared where it stands passes as an "extra member", and the
 * declared constraint is never checked; but a lenient reader may take it for
 * the declared key: Go's `encoding/json` matches keys case-insensitively, a
 * C-string reader stops at NUL, a person reads `mоde` (Cyrillic `о`) as
 * `mode`. So a key that is not itself declared at its position, and equals a
 * key declared there under one of these equivalences, makes the value
 * ambiguous (whether or not the declaration admits other members):
 *
 * | kind | the same after |
 * | --- | --- |
 * | `control` | removing control characters (C0, DEL, C1) and default-ignorable code points |
 * | `nul` | cutting at the first NUL (what a C string reads) |
 * | `normalization` | NFKC (of the above) |
 * | `case` | full case folding (of the above) |
 * | `confusable` | the UTS #39 skeleton, when either key holds a non-ASCII character |
 *
 * The keys declared at a position are the `properties` names, `required` and
 * `dependentRequired` names of every node that applies there, through
 * `$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`, `then`, `else` and
 * `dependentSchemas` (a key a condition or a negation names is read too);
 * the walk follows `properties`, `patternProperties`, `additionalProperties`,
 * `prefixItems`, `items` and `contains` with an explicit stack.
 *
 * @example
 * ```ts
 * import { declaredKeyTwins } from "./twins.ts";
 * import { parseLanguage } from "./language.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = parseLanguage('{mode:"safe"|"fast"}');
 * deepStrictEqual(declaredKeyTwins(form, { Mode: "force" }), [
 *   { pointer: "/Mode", key: "Mode", declared: "mode", kind: "case" },
 * ]);
 * deepStrictEqual(declaredKeyTwins(form, { mode: "safe", other: 1 }), []);
 * ```
 *
 * @module
 */

import { foldCase, isDefaultIgnorable, skeleton } from "../hazards.ts";
import { type Form, type Node, pointerToken } from "./form.ts";

/**
 * How a key twins a declared key (see the module documentation).
 *
 * @example
 * ```ts
 * import type { TwinKind } from "./twins.ts";
 * import { strictEqual } from "node:assert/strict";
 * const kind: TwinKind = "case";
 * strictEqual(kind, "case");
 * ```
 */
export type TwinKind = "control" | "nul" | "normalization" | "case" | "confusable";

/**
 * A key taken for a declared key: the member at `pointer` has key `key`,
 * which equals `declared` (declared at the same position) under `kind`.
 *
 * @example
 * ```ts
 * import type { KeyTwin } from "./twins.ts";
 * import { strictEqual } from "node:assert/strict";
 * const twin: KeyTwin = { pointer: "/Mode", key: "Mode", declared: "mode", kind: "case" };
 * strictEqual(twin.declared, "mode");
 * ```
 */
export interface KeyTwin {
  /** RFC 6901 pointer of the member whose key twins a declared one. */
  readonly pointer: string;
  /** The key as written (decoded). */
  readonly key: string;
  /** The declared key it is taken for. */
  readonly declared: string;
  /** The finest equivalence under which the two are equal. */
  readonly kind: TwinKind;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** The key without control characters and default-ignorable code points. */
function bare(s: string): string {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || isDefaultIgnorable(cp)) continue;
    out += ch;
  }
  return out;
}

/** A key's forms, finest first: bare, NUL-cut, NFKC, folded, skeletons. */
interface Forms {
  readonly bare: string;
  readonly cut: string | null;
  readonly normal: string;
  readonly folded: string;
  readonly skeletons: readonly string[];
  readonly ascii: boolean;
}

function formsOf(key: string): Forms {
  const ascii = isAscii(key);
  const nul = key.indexOf("\0");
  const b = bare(key);
  const normal = ascii ? b : b.normalize("NFKC");
  const folded = ascii ? normal.toLowerCase() : foldCase(normal).normalize("NFKC");
  return {
    bare: b,
    cut: nul < 0 ? null : key.slice(0, nul),
    normal,
    folded,
    skeletons: [skeleton(normal), skeleton(folded)],
    ascii,
  };
}

/**
 * The keys declared at one position, indexed by each equivalence, so that a
 * key is matched in time linear in its length.
 *
 * @example
 * ```ts
 * import { TwinIndex } from "./twins.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * const index = new TwinIndex(["mode", "path"]);
 * deepStrictEqual(index.match("PATH"), { declared: "path", kind: "case" });
 * deepStrictEqual(index.match("mode\u0001"), { declared: "mode", kind: "control" });
 * deepStrictEqual(index.match("m\u043Ede"), { declared: "mode", kind: "confusable" });
 * strictEqual(index.match("mode"), null);
 * strictEqual(index.match("other"), null);
 * ```
 */
export class TwinIndex {
  /** The declared keys. */
  readonly names: ReadonlySet<string>;
  readonly #bare = new Map<string, string>();
  readonly #normal = new Map<string, string>();
  readonly #folded = new Map<string, string>();
  readonly #skeletons = new Map<string, string>();
  /** Skeletons of the declared keys that are not ASCII (an ASCII key is confusable only with those). */
  readonly #wideSkeletons = new Map<string, string>();

  /** Indexes the keys `declared` at one position under each equivalence. */
  constructor(declared: Iterable<string>) {
    this.names = new Set(declared);
    for (const name of this.names) {
      const f = formsOf(name);
      remember(this.#bare, f.bare, name);
      remember(this.#normal, f.normal, name);
      remember(this.#folded, f.folded, name);
      for (const s of f.skeletons) {
        remember(this.#skeletons, s, name);
        if (!f.ascii) remember(this.#wideSkeletons, s, name);
      }
    }
  }

  /** The declared key `key` is taken for, and how; null when it is declared or twins none. */
  match(key: string): { declared: string; kind: TwinKind } | null {
    if (this.names.has(key)) return null;
    if (isAscii(key)) return this.#matchAscii(key);
    const f = formsOf(key);
    const hit = (map: Map<string, string>, form: string | null) =>
      form === null ? undefined : map.get(form);
    let found = hit(this.#bare, f.bare);
    if (found !== undefined) return { declared: found, kind: "control" };
    if (f.cut !== null && this.names.has(f.cut)) return { declared: f.cut, kind: "nul" };
    found = hit(this.#normal, f.normal);
    if (found !== undefined) return { declared: found, kind: "normalization" };
    found = hit(this.#folded, f.folded);
    if (found !== undefined) return { declared: found, kind: "case" };
    const skeletons = f.ascii ? this.#wideSkeletons : this.#skeletons;
    for (const s of f.skeletons) {
      found = skeletons.get(s);
      if (found !== undefined) return { declared: found, kind: "confusable" };
    }
    return null;
  }

  /**
   * {@linkcode match} for an ASCII key, without building its forms: NFKC
   * leaves it as it is, its folding is `toLowerCase`, and its skeleton can
   * equal only a declared key that is not ASCII.
   */
  #matchAscii(key: string): { declared: string; kind: TwinKind } | null {
    let controls = false;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      if (c < 0x20 || c === 0x7f) {
        controls = true;
        break;
      }
    }
    const b = controls ? bare(key) : key;
    let found = this.#bare.get(b);
    if (found !== undefined) return { declared: found, kind: "control" };
    if (controls) {
      const nul = key.indexOf("\0");
      if (nul >= 0 && this.names.has(key.slice(0, nul))) {
        return { declared: key.slice(0, nul), kind: "nul" };
      }
    }
    found = this.#normal.get(b);
    if (found !== undefined) return { declared: found, kind: "normalization" };
    const folded = b.toLowerCase();
    found = this.#folded.get(folded);
    if (found !== undefined) return { declared: found, kind: "case" };
    if (this.#wideSkeletons.size === 0) return null;
    for (const s of [skeleton(b), skeleton(folded)]) {
      found = this.#wideSkeletons.get(s);
      if (found !== undefined) return { declared: found, kind: "confusable" };
    }
    return null;
  }
}

function remember(map: Map<string, string>, form: string, name: string): void {
  if (!map.has(form)) map.set(form, name);
}

/** Per form: each node's in-place closure, and the twin index of each position's node set. */
interface Plan {
  readonly closures: (readonly number[] | undefined)[];
  readonly indexes: Map<string, TwinIndex | null>;
  /** Whether some node declares a member (else no value can hold a twin). */
  readonly declares: boolean;
  /** Every key declared anywhere in the form. */
  readonly everywhere: TwinIndex;
  /** Whether two keys declared anywhere twin each other (then the prefilter cannot answer). */
  readonly declaredTwins: boolean;
  /** Whether a branch that may fail while the value passes (`anyOf`, `oneOf`, `not`, `if`) declares keys. */
  branchesDeclare?: boolean;
}

const plans = new WeakMap<Form, Plan>();
/** The form {@linkcode planOf} answered last, and its plan. */
let lastPlanned: Form | null = null, lastPlan: Plan | null = null;

function planOf(form: Form): Plan {
  // A compiled gate asks for the same form on every call: the last answer costs no lookup.
  if (form === lastPlanned) return lastPlan!;
  let plan = plans.get(form);
  if (plan === undefined) {
    const names = new Set<string>();
    for (let id = 0; id < form.nodes.length; id++) {
      for (const name of namesOf(form.nodes[id])) names.add(name);
    }
    const everywhere = new TwinIndex(names);
    const declaredTwins = [...names].some((name) =>
      new TwinIndex([...names].filter((other) => other !== name)).match(name) !== null
    );
    plan = {
      closures: [],
      indexes: new Map(),
      declares: names.size > 0,
      everywhere,
      declaredTwins,
    };
    plans.set(form, plan);
  }
  lastPlanned = form;
  lastPlan = plan;
  return plan;
}

/** The nodes that apply in place with `id` (itself first), computed once per node. */
function closure(form: Form, plan: Plan, id: number): readonly number[] {
  const known = plan.closures[id];
  if (known !== undefined) return known;
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(k);
    const n = form.nodes[k];
    if (n.ref !== undefined) stack.push(n.ref);
    for (const list of [n.allOf, n.anyOf, n.oneOf]) if (list !== undefined) stack.push(...list);
    if (n.if !== undefined) stack.push(n.if);
    if (n.not !== undefined) stack.push(n.not);
    if (n.then !== undefined) stack.push(n.then);
    if (n.else !== undefined) stack.push(n.else);
    if (n.dependentSchemas !== undefined) {
      for (const d of n.dependentSchemas) stack.push(d.node);
    }
  }
  plan.closures[id] = out;
  return out;
}

/** The twin index of the keys the nodes declare, or null when they declare none. */
function indexFor(form: Form, plan: Plan, ids: readonly number[]): TwinIndex | null {
  const key = ids.length === 1 ? String(ids[0]) : ids.join(",");
  const known = plan.indexes.get(key);
  if (known !== undefined) return known;
  const names: string[] = [];
  for (const id of ids) names.push(...namesOf(form.nodes[id]));
  const index = names.length === 0 ? null : new TwinIndex(names);
  plan.indexes.set(key, index);
  return index;
}

/** The keys one node declares: `properties`, `required`, `dependentRequired`. */
function namesOf(n: Node): string[] {
  const names: string[] = [];
  if (n.properties !== undefined) names.push(...n.properties.keys());
  if (n.required !== undefined) names.push(...n.required);
  if (n.dependentRequired !== undefined) {
    for (const d of n.dependentRequired) names.push(d.name, ...d.required);
  }
  return names;
}

/**
 * Whether some key of the value, not declared anywhere in the form, twins a
 * key declared anywhere: when none does (the common case: every key is a
 * declared one), no key can twin a key declared at its own position, and
 * the walk by position is not needed. A `for…in` over each object's keys and
 * one set lookup per key.
 */
function mayHoldTwin(value: unknown, everywhere: TwinIndex): boolean {
  const names = everywhere.names;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item = v[i];
        if (typeof item === "object" && item !== null) stack.push(item);
      }
      continue;
    }
    const obj = v as Record<string, unknown>;
    for (const key in obj) {
      if (!names.has(key) && everywhere.match(key) !== null) return true;
      const member = obj[key];
      if (typeof member === "object" && member !== null) stack.push(member);
    }
  }
  return false;
}

/** The nodes that apply to member `name` of an object under `ids` (in-place closures included). */
function memberNodes(form: Form, plan: Plan, ids: readonly number[], name: string): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const n = form.nodes[id];
    let matched = false;
    const p = n.properties?.get(name);
    if (p !== undefined) {
      matched = true;
      out.push(...closure(form, plan, p));
    }
    if (n.patternProperties !== undefined) {
      for (const pp of n.patternProperties) {
        if (!pp.pattern.test(name)) continue;
        matched = true;
        out.push(...closure(form, plan, pp.node));
      }
    }
    if (!matched && n.additionalProperties !== undefined) {
      out.push(...closure(form, plan, n.additionalProperties));
    }
  }
  return out;
}

/** The nodes that apply to item `i` of an array under `ids`. */
function itemNodes(form: Form, plan: Plan, ids: readonly number[], i: number): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const n = form.nodes[id];
    const prefix = n.prefixItems;
    if (prefix !== undefined && i < prefix.length) out.push(...closure(form, plan, prefix[i]));
    else if (n.items !== undefined) out.push(...closure(form, plan, n.items));
    if (n.contains !== undefined) out.push(...closure(form, plan, n.contains));
  }
  return out;
}

interface Frame {
  readonly parent: Frame | null;
  readonly key: string | number;
}

function pointerOf(frame: Frame | null): string {
  const parts: string[] = [];
  for (let f = frame; f !== null; f = f.parent) {
    parts.push(typeof f.key === "number" ? String(f.key) : pointerToken(f.key));
  }
  return parts.length === 0 ? "" : "/" + parts.reverse().join("/");
}

/**
 * Whether a compiled check that passed may have skipped keys a failing
 * branch declares: some `anyOf`, `oneOf`, `not` or `if` subschema (or what
 * it applies in place) declares keys. A branch that fails may stop before it
 * meets every key, so the compiled gate's record of undeclared keys
 * ({@linkcode mayHoldUndeclaredKey} in `verdict.ts`) does not cover it.
 *
 * @example
 * ```ts
 * import { branchesDeclareKeys } from "./twins.ts";
 * import { parseLanguage } from "./language.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(branchesDeclareKeys(parseLanguage('{mode:"a"|"b"}')), false);
 * strictEqual(branchesDeclareKeys(parseLanguage("{a:any}|{b:any}")), true);
 * ```
 */
export function branchesDeclareKeys(form: Form): boolean {
  const plan = planOf(form);
  if (plan.branchesDeclare === undefined) {
    let found = false;
    for (const n of form.nodes) {
      const branches = [...(n.anyOf ?? []), ...(n.oneOf ?? [])];
      if (n.not !== undefined) branches.push(n.not);
      if (n.if !== undefined) branches.push(n.if);
      for (const b of branches) {
        if (closure(form, plan, b).some((id) => namesOf(form.nodes[id]).length > 0)) found = true;
      }
      if (found) break;
    }
    plan.branchesDeclare = found;
  }
  return plan.branchesDeclare;
}

/**
 * The keys of a value that impersonate a key declared at their position
 * (see the module documentation), at most `limit` of them, in the order the
 * walk meets them (members in their order, depth first).
 *
 * @example
 * ```ts
 * import { declaredKeyTwins } from "./twins.ts";
 * import { compileJsonSchema } from "./jsonschema.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const form = compileJsonSchema({
 *   type: "object",
 *   properties: { mode: { pattern: "^[a-z]+$" } },
 *   additionalProperties: true,
 * });
 * deepStrictEqual(declaredKeyTwins(form, { "mode\u0000x": "RM -RF" }), [
 *   { pointer: "/mode\u0000x", key: "mode\u0000x", declared: "mode", kind: "nul" },
 * ]);
 * ```
 */
export function declaredKeyTwins(form: Form, value: unknown, limit = 16): KeyTwin[] {
  const plan = planOf(form);
  const found: KeyTwin[] = [];
  if (!plan.declares || typeof value !== "object" || value === null) return found;
  if (!plan.declaredTwins && !mayHoldTwin(value, plan.everywhere)) return found;
  const values: unknown[] = [value];
  const nodeSets: (readonly number[])[] = [closure(form, plan, form.root)];
  const frames: (Frame | null)[] = [null];
  while (values.length > 0 && found.length < limit) {
    const v = values.pop();
    const ids = nodeSets.pop()!;
    const frame = frames.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const item = v[i];
        if (typeof item !== "object" || item === null) continue;
        const next = itemNodes(form, plan, ids, i);
        if (next.length === 0) continue;
        values.push(item);
        nodeSets.push(next);
        frames.push({ parent: frame, key: i });
      }
      continue;
    }
    const index = indexFor(form, plan, ids);
    const keys = Object.keys(v);
    if (index !== null) {
      for (const key of keys) {
        if (index.names.has(key)) continue;
        const twin = index.match(key);
        if (twin === null) continue;
        const pointer = pointerOf({ parent: frame, key });
        found.push({ pointer, key, declared: twin.declared, kind: twin.kind });
      }
    }
    // Pushed last first: the members are walked in the order written.
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k];
      const member = (v as Record<string, unknown>)[key];
      if (typeof member !== "object" || member === null) continue;
      const next = memberNodes(form, plan, ids, key);
      if (next.length === 0) continue;
      values.push(member);
      nodeSets.push(next);
      frames.push({ parent: frame, key });
    }
  }
  return found.slice(0, limit);
}
