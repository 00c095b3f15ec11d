/**
 * `minProperties`, `maxProperties`: how many members an object holds.
 * Tests: `tests/keywords/member_count_test.ts`.
 *
 * @example
 * ```ts
 * import { memberCountFailure } from "./member_count.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.minProperties = 1;
 * strictEqual(memberCountFailure(n, 0), "minProperties");
 * ```
 *
 * @module
 */

import type { Node } from "../form.ts";
import {
  type Frame,
  GROUP,
  type KeywordModule,
  type KeywordSite,
  type KeywordStep,
  type Phrase,
  plural,
  recordIssue,
  type SchemaReader,
  type Sink,
} from "./keyword.ts";

/**
 * Parse: a non-negative integer.
 *
 * @example
 * ```ts
 * import { parseMemberCount } from "./member_count.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const reader = { count: (v: unknown) => v as number } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * const node = emptyNode(0, "");
 * parseMemberCount(reader, node, { key: "maxProperties", value: 2, schema: {}, pointer: "/maxProperties", job });
 * strictEqual(node.maxProperties, 2);
 * ```
 */
export function parseMemberCount(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const n = reader.count(site.value, site.key, site.job, site.pointer);
  if (site.key === "minProperties") node.minProperties = n;
  else node.maxProperties = n;
}

/**
 * Check and report: the count keyword an object of `count` members fails
 * (`minProperties` first), or null.
 *
 * @example
 * ```ts
 * import { memberCountFailure } from "./member_count.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.maxProperties = 1;
 * strictEqual(memberCountFailure(n, 2), "maxProperties");
 * strictEqual(memberCountFailure(n, 1), null);
 * ```
 */
export function memberCountFailure(
  n: Node,
  count: number,
): "minProperties" | "maxProperties" | null {
  if (n.minProperties !== undefined && count < n.minProperties) return "minProperties";
  if (n.maxProperties !== undefined && count > n.maxProperties) return "maxProperties";
  return null;
}

/**
 * The module: parse, and the phrases `with at least 1 member`, `with at
 * most 2 members`; an issue's words are the node's own.
 *
 * @example
 * ```ts
 * import { MEMBER_COUNT } from "./member_count.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.minProperties = 2;
 * strictEqual(MEMBER_COUNT.requires?.(n, {} as never)[0][1], "with at least 2 members");
 * ```
 */
export const MEMBER_COUNT: KeywordModule = {
  name: "member_count",
  keywords: ["minProperties", "maxProperties"],
  parse: parseMemberCount,
  requires: (n) => {
    const out: Phrase[] = [];
    if (n.minProperties !== undefined) {
      out.push([GROUP.object, `with at least ${plural(n.minProperties, "member")}`]);
    }
    if (n.maxProperties !== undefined) {
      out.push([GROUP.object, `with at most ${plural(n.maxProperties, "member")}`]);
    }
    return out;
  },
};

/**
 * Report: records the count keyword an object fails, at the object.
 *
 * @example
 * ```ts
 * import { reportMemberCount } from "./member_count.ts";
 * import { newSink } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.maxProperties = 0;
 * const sink = newSink(10);
 * strictEqual(reportMemberCount(n, { a: 1 }, null, sink), false);
 * strictEqual(sink.issues[0].keyword, "maxProperties");
 * ```
 */
export function reportMemberCount(
  n: Node,
  obj: Record<string, unknown>,
  frame: Frame | null,
  sink: Sink | null,
): boolean {
  const kw = memberCountFailure(n, Object.keys(obj).length);
  if (kw === null) return true;
  if (sink !== null) recordIssue(sink, frame, undefined, n, kw, obj);
  return false;
}

/**
 * The report walk's step for the member counts (the compiled check of an
 * object applies them in its walk, `properties.ts`).
 *
 * @example
 * ```ts
 * import { MEMBER_COUNT_STEP } from "./member_count.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(MEMBER_COUNT_STEP.present(emptyNode(0, ""), false), false);
 * ```
 */
export const MEMBER_COUNT_STEP: KeywordStep = {
  keyword: "minProperties",
  present: (n) => n.minProperties !== undefined || n.maxProperties !== undefined,
  check: (n, v, frame, sink) => reportMemberCount(n, v as Record<string, unknown>, frame, sink),
};
