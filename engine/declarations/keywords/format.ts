/**
 * `format`: an annotation, unless the host asks for format assertion
 * (`assertFormat`): then the formats of `../format.ts` are checked and any
 * other stays an annotation. Tests: `tests/keywords/format_test.ts`.
 *
 * @example
 * ```ts
 * import { formatFailure } from "./format.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.format = "date";
 * strictEqual(formatFailure(n, "2024-02-30"), "format");
 * strictEqual(formatFailure(n, "2024-02-29"), null);
 * ```
 *
 * @module
 */

import type { Node } from "../form.ts";
import { FORMATS } from "../format.ts";
import { GROUP, type KeywordModule } from "./keyword.ts";

/**
 * Parse: the format asserted, when assertion is on and the format is
 * known; else nothing (an annotation).
 *
 * @example
 * ```ts
 * import { parseFormat } from "./format.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const node = emptyNode(0, "");
 * parseFormat(node, "email", false);
 * strictEqual(node.format, undefined);
 * parseFormat(node, "email", true);
 * strictEqual(node.format, "email");
 * ```
 */
export function parseFormat(node: Node, value: unknown, assert: boolean | undefined): void {
  if (assert && typeof value === "string" && Object.hasOwn(FORMATS, value)) node.format = value;
}

/**
 * Check and report: `"format"` when the string is not in the asserted
 * format, else null.
 *
 * @example
 * ```ts
 * import { formatFailure } from "./format.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(formatFailure(emptyNode(0, ""), "anything"), null);
 * ```
 */
export function formatFailure(n: Node, v: string): string | null {
  return n.format !== undefined && !FORMATS[n.format](v) ? "format" : null;
}

/**
 * The module: the phrase `in format email` (parsed by the front end's
 * annotation step, since `format` asserts only when asked).
 *
 * @example
 * ```ts
 * import { FORMAT } from "./format.ts";
 * import { emptyNode } from "../form.ts";
 * import { strictEqual } from "node:assert/strict";
 * const n = emptyNode(0, "");
 * n.format = "email";
 * strictEqual(FORMAT.requires?.(n, {} as never)[0][1], "in format email");
 * ```
 */
export const FORMAT: KeywordModule = {
  name: "format",
  keywords: ["format"],
  requires: (n) => n.format === undefined ? [] : [[GROUP.string, `in format ${n.format}`]],
};
