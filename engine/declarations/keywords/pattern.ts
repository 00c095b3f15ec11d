/**
 * `pattern`: the string holds a match of an ECMA-262 regular expression
 * (flag `u`, unanchored), matched in linear time by `../pattern.ts`;
 * constructs it cannot match in linear time are refused at compile time.
 * Tests: `tests/keywords/pattern_test.ts`.
 *
 * @example
 * ```ts
 * import { patternFailure } from "./pattern.ts";
 * import { compilePattern } from "../pattern.ts";
 * import { emptyNode, type Pattern } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.pattern = compilePattern("^[a-z]+$") as Pattern;
 * strictEqual(patternFailure(n, "abc"), null);
 * strictEqual(patternFailure(n, "ABC"), "pattern");
 * ```
 *
 * @module
 */

import { jsonKind } from "../../json_kind.ts";
import type { Node } from "../form.ts";
import { compilePattern } from "../pattern.ts";
import {
  GROUP,
  type KeywordModule,
  type KeywordSite,
  type SchemaReader,
  where,
} from "./keyword.ts";

/**
 * Parse: a string, compiled; a pattern outside the supported syntax is
 * refused with the reason.
 *
 * @example
 * ```ts
 * import { parsePattern } from "./pattern.ts";
 * import type { SchemaReader } from "./keyword.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const refused: string[] = [];
 * const reader = { issue: (_p: string, t: string) => void refused.push(t) } as unknown as SchemaReader;
 * const job = { raw: {}, id: 0, at: "", base: "", scopes: [], depth: 0 };
 * const node = emptyNode(0, "");
 * parsePattern(reader, node, { key: "pattern", value: "^a", schema: {}, pointer: "/pattern", job });
 * strictEqual(node.pattern?.source, "^a");
 * parsePattern(reader, node, { key: "pattern", value: 1, schema: {}, pointer: "/pattern", job });
 * strictEqual(refused[0], '"pattern" at the root must be a string, found number');
 * ```
 */
export function parsePattern(reader: SchemaReader, node: Node, site: KeywordSite): void {
  const { value, pointer, job } = site;
  if (typeof value !== "string") {
    return reader.issue(
      pointer,
      `"pattern" at ${where(job.at)} must be a string, found ${jsonKind(value)}`,
    );
  }
  const p = compilePattern(value);
  if (typeof p === "string") {
    return reader.issue(pointer, `"pattern" at ${where(job.at)} is refused: ${p}`);
  }
  node.pattern = p;
}

/**
 * Check and report: `"pattern"` when the string holds no match, else null.
 *
 * @example
 * ```ts
 * import { patternFailure } from "./pattern.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(patternFailure(emptyNode(0, ""), "x"), null);
 * ```
 */
export function patternFailure(n: Node, v: string): string | null {
  return n.pattern !== undefined && !n.pattern.test(v) ? "pattern" : null;
}

/**
 * The module: parse, and the phrase `matching "^[a-z]+$"`; an issue's
 * words are the node's own.
 *
 * @example
 * ```ts
 * import { PATTERN } from "./pattern.ts";
 * import { compilePattern } from "../pattern.ts";
 * import { emptyNode, type Pattern } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.pattern = compilePattern("^a") as Pattern;
 * strictEqual(PATTERN.requires?.(n, { literal: JSON.stringify } as never)[0][1], 'matching "^a"');
 * ```
 */
export const PATTERN: KeywordModule = {
  name: "pattern",
  keywords: ["pattern"],
  parse: parsePattern,
  requires: (n, say) =>
    n.pattern === undefined ? [] : [[GROUP.string, `matching ${say.literal(n.pattern.source)}`]],
};
