/**
 * The shape every keyword module shares ({@linkcode KeywordModule}), and
 * the pieces the three steps of a keyword are written with:
 *
 * - **parse** (the JSON Schema front end, `jsonschema.ts`): a keyword's
 *   value read into the fields of a {@linkcode Node}, through a
 *   {@linkcode SchemaReader} that reports malformed values with their
 *   pointers and allocates child schemas;
 * - **check**: the quiet check compiled into closures
 *   ({@linkcode Compiled}), and the **report** step of the walk that finds
 *   the failing members ({@linkcode ReportStep}: a generator that yields
 *   sub-evaluations as {@linkcode Ask}s to the driver loop of `check.ts`,
 *   and records {@linkcode Issue}s in a bounded {@linkcode Sink});
 * - **words** for the model (`describe.ts`): the phrase a node's keyword
 *   adds to what it requires, and the words for one of its issues.
 *
 * A module may leave a step out: `type` has no report step of its own (the
 * driver reports it first), `$defs` has no check. The catalogue
 * (`catalogue.ts`) lists the modules; the drivers read it.
 *
 * @example
 * ```ts
 * import { type Issue, newSink, recordIssue } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const sink = newSink(1);
 * recordIssue(sink, { parent: null, key: "tags" }, undefined, emptyNode(0, ""), "uniqueItems", [1, 1], "0 and 1");
 * recordIssue(sink, null, "b", emptyNode(0, ""), "required", undefined);
 * const issue: Issue = sink.issues[0];
 * strictEqual(issue.pointer, "/tags");
 * strictEqual(sink.omitted, 1);
 * ```
 *
 * @module
 */

import { type CompileWarning, type Form, type Node, pointerToken } from "../form.ts";

/**
 * A count and its noun for the model's words: `1 item`, `3 items`.
 *
 * @example
 * ```ts
 * import { plural } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(plural(1, "item"), "1 item");
 * strictEqual(plural(0, "member"), "0 members");
 * ```
 */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** A dialect of JSON Schema, by the draft it follows. */
export type Dialect = "2020-12" | "2019-09" | "draft-07" | "draft-06" | "draft-04";

/**
 * A schema waiting to be compiled into the node `id` (the front end's work
 * list holds these).
 *
 * @example
 * ```ts
 * import type { SchemaJob } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const job: SchemaJob = { raw: {}, id: 0, at: "", base: "https://x.invalid/s.json", scopes: [], depth: 0 };
 * strictEqual(job.at, "");
 * ```
 */
export interface SchemaJob {
  /** The schema as written. */
  raw: unknown;
  /** The node it compiles into. */
  id: number;
  /** Its JSON pointer in the document. */
  at: string;
  /** The base URI references resolve against. */
  base: string;
  /** Where the schema sits in each enclosing resource (for pointer references). */
  scopes: readonly { base: string; pointer: string }[];
  /** How deep it nests. */
  depth: number;
}

/**
 * One keyword as the front end meets it: its name, value, the schema object
 * it sits in (its siblings), and where.
 *
 * @example
 * ```ts
 * import type { KeywordSite } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const site: KeywordSite = {
 *   key: "uniqueItems", value: true, schema: { uniqueItems: true }, pointer: "/uniqueItems",
 *   job: { raw: {}, id: 0, at: "", base: "https://x.invalid/s.json", scopes: [], depth: 0 },
 * };
 * strictEqual(site.pointer, "/uniqueItems");
 * ```
 */
export interface KeywordSite {
  /** The keyword as written. */
  readonly key: string;
  /** Its value. */
  readonly value: unknown;
  /** The schema object holding it. */
  readonly schema: Record<string, unknown>;
  /** The keyword's JSON pointer (`/properties/a/uniqueItems`). */
  readonly pointer: string;
  /** The schema being compiled. */
  readonly job: SchemaJob;
}

/**
 * What a keyword's parse step may ask of the front end: the dialect, and
 * ways to refuse a value, warn, and compile child schemas.
 *
 * @example
 * ```ts
 * import type { SchemaReader } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const refused: string[] = [];
 * const reader = { issue: (_p: string, text: string) => void refused.push(text) } as unknown as SchemaReader;
 * reader.issue("/uniqueItems", '"uniqueItems" at the root must be a boolean');
 * strictEqual(refused.length, 1);
 * ```
 */
export interface SchemaReader {
  /** The dialect `$schema` selects (2020-12 by default). */
  readonly dialect: Dialect;
  /** Whether the root's `$schema` named the dialect. */
  readonly explicit: boolean;
  /** Refuses something at a pointer (every refusal is listed in one `E070`). */
  issue(pointer: string, text: string): void;
  /** Records a warning (a keyword applied as another dialect means it). */
  warn(kind: CompileWarning["kind"], keyword: string, pointer: string, message: string): void;
  /** Allocates a node for a child schema at `step` below the schema; answers its index. */
  child(raw: unknown, job: SchemaJob, step: string): number;
  /** A (non-empty unless told) array of child schemas, or undefined when malformed. */
  schemaList(
    value: unknown,
    job: SchemaJob,
    key: string,
    kat: string,
    nonEmpty?: boolean,
  ): number[] | undefined;
  /** An object of child schemas by name, or undefined when malformed. */
  schemaMap(
    value: unknown,
    job: SchemaJob,
    key: string,
    kat: string,
  ): Map<string, number> | undefined;
  /** A non-negative integer, or undefined when malformed. */
  count(value: unknown, key: string, job: SchemaJob, kat: string): number | undefined;
  /** A finite number, or undefined when malformed. */
  number(value: unknown, key: string, job: SchemaJob, kat: string): number | undefined;
  /** An array of distinct strings, or undefined when malformed. */
  names(value: unknown, key: string, job: SchemaJob, kat: string): string[] | undefined;
  /** Records a `$ref` to resolve once every schema is compiled. */
  reference(node: Node, ref: string, job: SchemaJob, kat: string): void;
}

/**
 * Where a schema sits, in words: `the root` or its pointer.
 *
 * @example
 * ```ts
 * import { where } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(where(""), "the root");
 * strictEqual(where("/items"), "/items");
 * ```
 */
export function where(pointer: string): string {
  return pointer === "" ? "the root" : pointer;
}

/**
 * One problem found: the value at `pointer` fails `keyword` of `node`.
 *
 * @example
 * ```ts
 * import type { Issue } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const issue: Issue = { pointer: "/limit", keyword: "type", node: emptyNode(1, "/properties/limit"), value: "3" };
 * strictEqual(issue.keyword, "type");
 * ```
 */
export interface Issue {
  /** RFC 6901 pointer of the value (for `required`, of the missing member). */
  pointer: string;
  /** The keyword that failed (`type`, `required`, `maximum`, `anyOf`, …). */
  keyword: string;
  /** The node whose keyword failed. */
  node: Node;
  /** The value that failed (`undefined` for a missing member). */
  value: unknown;
  /** A member name (`additionalProperties`, `propertyNames`, `dependentRequired`) or item indexes (`uniqueItems`). */
  detail?: string;
}

/**
 * A position in the value being walked: the key under its parent's frame.
 *
 * @example
 * ```ts
 * import type { Frame } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const f: Frame = { parent: { parent: null, key: "a" }, key: 0 };
 * strictEqual(f.parent?.key, "a");
 * ```
 */
export interface Frame {
  /** The enclosing position (null at the root). */
  readonly parent: Frame | null;
  /** The member name or item index. */
  readonly key: string | number;
}

/**
 * Where a report walk records issues: at most `limit` kept, the rest counted.
 *
 * @example
 * ```ts
 * import { newSink } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(newSink(8).limit, 8);
 * ```
 */
export interface Sink {
  /** The issues kept. */
  issues: Issue[];
  /** How many are kept. */
  limit: number;
  /** Issues found beyond the limit. */
  omitted: number;
  /** Whether a failing anyOf/oneOf looks for its closest branch. */
  closest: boolean;
}

/**
 * An empty sink keeping `limit` issues.
 *
 * @example
 * ```ts
 * import { newSink } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(newSink(3).issues.length, 0);
 * ```
 */
export function newSink(limit: number, closest = true): Sink {
  return { issues: [], limit, omitted: 0, closest };
}

function pointerOf(frame: Frame | null, key?: string | number): string {
  const parts: string[] = [];
  if (key !== undefined) parts.push(typeof key === "number" ? String(key) : pointerToken(key));
  for (let f = frame; f !== null; f = f.parent) {
    parts.push(typeof f.key === "number" ? String(f.key) : pointerToken(f.key));
  }
  return parts.length === 0 ? "" : "/" + parts.reverse().join("/");
}

/**
 * Records an issue at `frame` (and `key` below it), or counts it when the
 * sink is full.
 *
 * @example
 * ```ts
 * import { newSink, recordIssue } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const sink = newSink(10);
 * recordIssue(sink, { parent: null, key: "a/b" }, 2, emptyNode(0, ""), "type", 1);
 * strictEqual(sink.issues[0].pointer, "/a~1b/2");
 * ```
 */
export function recordIssue(
  sink: Sink,
  frame: Frame | null,
  key: string | number | undefined,
  node: Node,
  keyword: string,
  value: unknown,
  detail?: string,
): void {
  if (sink.issues.length >= sink.limit) {
    sink.omitted++;
    return;
  }
  const issue: Issue = { pointer: pointerOf(frame, key), keyword, node, value };
  if (detail !== undefined) issue.detail = detail;
  sink.issues.push(issue);
}

/**
 * Annotations for `unevaluated*`: which members and items some keyword
 * evaluated.
 *
 * @example
 * ```ts
 * import { newAnnot } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(newAnnot().allItems, false);
 * ```
 */
export interface Annot {
  /** Members evaluated by name. */
  props: Set<string> | null;
  /** Whether every member was evaluated. */
  allProps: boolean;
  /** Items evaluated from the start (`prefixItems`). */
  items: number;
  /** Whether every item was evaluated. */
  allItems: boolean;
  /** Items evaluated one by one (`contains`). */
  itemSet: Set<number> | null;
}

/**
 * Annotations with nothing evaluated yet.
 *
 * @example
 * ```ts
 * import { newAnnot } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(newAnnot().props, null);
 * ```
 */
export function newAnnot(): Annot {
  return { props: null, allProps: false, items: 0, allItems: false, itemSet: null };
}

/**
 * Adds what `from` evaluated to `into`.
 *
 * @example
 * ```ts
 * import { mergeAnnot, newAnnot } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const a = newAnnot(), b = newAnnot();
 * b.items = 2;
 * mergeAnnot(a, b);
 * strictEqual(a.items, 2);
 * ```
 */
export function mergeAnnot(into: Annot, from: Annot): void {
  if (from.allProps) into.allProps = true;
  else if (from.props !== null) {
    into.props ??= new Set();
    for (const p of from.props) into.props.add(p);
  }
  if (from.allItems) into.allItems = true;
  into.items = Math.max(into.items, from.items);
  if (from.itemSet !== null) {
    into.itemSet ??= new Set();
    for (const i of from.itemSet) into.itemSet.add(i);
  }
}

/**
 * A sub-evaluation a report step yields to the driver: `value` against
 * `node`, its issues (if any) recorded in `sink` at `frame`.
 *
 * @example
 * ```ts
 * import { ask } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(ask(emptyNode(0, ""), 1, null, null, null).value, 1);
 * ```
 */
export interface Ask {
  /** The node to check against. */
  node: Node;
  /** The value. */
  value: unknown;
  /** Its position. */
  frame: Frame | null;
  /** Where its issues go (null: quiet, stop at the first failure). */
  sink: Sink | null;
  /** Where its annotations go (null: none collected). */
  annot: Annot | null;
}

/**
 * Builds an {@linkcode Ask}.
 *
 * @example
 * ```ts
 * import { ask } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(ask(emptyNode(0, ""), 1, null, null, null).sink, null);
 * ```
 */
export function ask(
  node: Node,
  value: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Ask {
  return { node, value, frame, sink, annot };
}

/**
 * A node's evaluation in the report walk: yields sub-evaluations, receives
 * whether each passed, returns whether the value passes.
 */
export type Eval = Generator<Ask, boolean, boolean>;

/**
 * What a report step reads besides the node and value: the form's nodes,
 * whether annotations are collected, and the driver's inline check of a
 * scalar against a node (reporting at `frame`/`key`).
 *
 * @example
 * ```ts
 * import type { Walk } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const walk: Walk = { nodes: [], annotations: false, leaf: () => true };
 * strictEqual(walk.annotations, false);
 * ```
 */
export interface Walk {
  /** The form's nodes. */
  readonly nodes: readonly Node[];
  /** Whether annotations are collected (`unevaluated*` somewhere). */
  readonly annotations: boolean;
  /** Checks a scalar against an inline node without a generator. */
  leaf(
    n: Node,
    v: unknown,
    frame: Frame | null,
    key: string | number | undefined,
    sink: Sink | null,
  ): boolean;
}

/**
 * A keyword's report step: checks `v` (already of the keyword's type)
 * against the keyword of `n`, records issues in `sink` (or answers false
 * at the first failure when `sink` is null), yields sub-evaluations.
 */
export type ReportStep = (
  walk: Walk,
  n: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
) => Eval;

/**
 * A quiet check compiled into a closure: whether the value satisfies it.
 *
 * @example
 * ```ts
 * import type { Compiled } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const isText: Compiled = (v) => typeof v === "string";
 * strictEqual(isText("a"), true);
 * ```
 */
export type Compiled = (v: unknown) => boolean;

/** The compiled checks that test their value's type themselves ({@linkcode checksItsType}). */
const typeChecking = new WeakSet<Compiled>();

/**
 * Notes that a compiled check of an object (or an array) answers false on
 * any value that is not one, so a node of that type alone runs it without
 * a type test around it (one call less per value); answers `check`.
 *
 * @example
 * ```ts
 * import { checksItsType, testsItsType } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const check = checksItsType((v) => Array.isArray(v) && v.length > 0);
 * strictEqual(testsItsType(check), true);
 * strictEqual(testsItsType((v) => v === 1), false);
 * ```
 */
export function checksItsType(check: Compiled): Compiled {
  typeChecking.add(check);
  return check;
}

/**
 * Whether a compiled check was noted by {@linkcode checksItsType}.
 *
 * @example
 * ```ts
 * import { testsItsType } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(testsItsType(Array.isArray), false);
 * ```
 */
export function testsItsType(check: Compiled): boolean {
  return typeChecking.has(check);
}

/**
 * Compiles the child node `id` for a compiled check: its closure, or null
 * when it cannot be compiled (a `$ref` cycle, `unevaluated*`, too deep).
 */
export type CompileChild = (id: number) => Compiled | null;

/**
 * Which type a constraint asserts on (for words on a node without `type`).
 *
 * @example
 * ```ts
 * import { GROUP } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(GROUP.number, 0);
 * ```
 */
export const GROUP = { number: 0, string: 1, array: 2, object: 3 } as const;

/**
 * One phrase of what a node requires, with the type it asserts on:
 * `[GROUP.array, "without duplicate items"]`.
 */
export type Phrase = readonly [group: number, words: string];

/**
 * Words for an issue: what was expected there and what was found (either
 * left out keeps the describer's default: the node's own words, the value's).
 *
 * @example
 * ```ts
 * import type { IssueWords } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const w: IssueWords = { found: "an array whose items 0 and 1 are equal" };
 * strictEqual(w.expected, undefined);
 * ```
 */
export interface IssueWords {
  /** What was expected. */
  expected?: string;
  /** What was found. */
  found?: string;
}

/**
 * The describer's vocabulary, handed to a keyword's words so that modules
 * share one way of quoting values and naming nodes.
 */
export interface Say {
  /** A value quoted, cut at 40 characters. */
  literal(v: unknown): string;
  /** Values listed, at most 10. */
  list(values: readonly unknown[]): string;
  /** `3 items`, `1 item`. */
  plural(n: number, word: string): string;
  /** What a node requires. */
  node(form: Form, n: Node): string;
  /** What a value is. */
  value(v: unknown): string;
  /** A node's alternatives (`anyOf`/`oneOf`) in words. */
  alternatives(form: Form, options: readonly number[]): string;
}

/**
 * A keyword module: one JSON Schema keyword (or a small family) in one
 * place: its parse step, its report step and its words. Its compiled check
 * is an export of its own (the compiled driver in `check.ts` calls it where
 * the keyword's type is checked).
 *
 * @example
 * ```ts
 * import type { KeywordModule } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const annotation: KeywordModule = { name: "title", keywords: ["title"] };
 * strictEqual(annotation.keywords[0], "title");
 * ```
 */
export interface KeywordModule {
  /** The module's name (its file, without `.ts`). */
  readonly name: string;
  /** The JSON Schema keywords it reads (and the issue keywords it reports). */
  readonly keywords: readonly string[];
  /** Reads one of its keywords into the node. */
  readonly parse?: (reader: SchemaReader, node: Node, site: KeywordSite) => void;
  /** What the node requires by this module's keywords, in phrases. */
  readonly requires?: (n: Node, say: Say) => readonly Phrase[];
  /** Words for an issue of one of its keywords. */
  readonly words?: (form: Form, issue: Issue, say: Say) => IssueWords;
}

/**
 * An in-place sub-evaluation: `v` against `node` at the same position,
 * its issues in `sink`; when it passes, what it evaluated is added to
 * `annot`. For the report steps of `$ref`, `allOf`, `then`/`else`,
 * `dependentSchemas`.
 *
 * @example
 * ```ts
 * import { inPlace } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const step = inPlace(emptyNode(1, "/allOf/0"), 1, null, null, null);
 * strictEqual(step.next().value && typeof step.next(true).value, "boolean");
 * ```
 */
export function* inPlace(
  node: Node,
  v: unknown,
  frame: Frame | null,
  sink: Sink | null,
  annot: Annot | null,
): Eval {
  const sub = annot === null ? null : newAnnot();
  const good = yield ask(node, v, frame, sink, sub);
  if (good && sub !== null) mergeAnnot(annot!, sub);
  return good;
}

/**
 * One keyword's part in the checker's drivers, as the catalogue lists it:
 * whether a node has it, its report step (`check` when it records issues
 * without sub-evaluations, `report` when it yields them), and its compiled
 * check. The report walk runs the steps of the value's type, then the
 * in-place ones; the compiled driver composes their `compile`s.
 *
 * @example
 * ```ts
 * import type { KeywordStep } from "./keyword.ts";
 * import { strictEqual } from "node:assert/strict";
 * const step: KeywordStep = { keyword: "not", present: (n) => n.not !== undefined, report: function* () { return true; } };
 * strictEqual(step.keyword, "not");
 * ```
 */
export interface KeywordStep {
  /** The keyword (or the family's first). */
  readonly keyword: string;
  /** Whether the report walk runs it on the node (`annotating`: annotations are collected). */
  readonly present: (n: Node, annotating: boolean) => boolean;
  /** A report step without sub-evaluations: records issues, answers whether the value passes. */
  readonly check?: (n: Node, v: unknown, frame: Frame | null, sink: Sink | null) => boolean;
  /** A report step with sub-evaluations. */
  readonly report?: ReportStep;
  /**
   * The compiled check (the value known to be of the step's type): undefined
   * when the node has nothing for it, null when a child cannot be compiled.
   */
  readonly compile?: (n: Node, child: CompileChild) => Compiled | null | undefined;
}
