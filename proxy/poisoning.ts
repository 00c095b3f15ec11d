/**
 * Tool-metadata poisoning: invisible Unicode in what the model reads about a
 * tool. A description can carry instructions in Unicode tag characters
 * (U+E0000–E007F, invisible in every client UI), reorder what a reviewer sees
 * with bidi controls, or hide words with other default-ignorable code points
 * (zero-width spaces, joiners, variation selectors, soft hyphens). The proxy
 * hides such a tool and refuses its calls unless `--policy` allows it.
 *
 * The classification is the engine's (`hazardOfCodePoint` from `mod.ts`,
 * the whole Unicode `Default_Ignorable_Code_Point` set), so the proxy and the
 * gate agree on what is invisible.
 *
 * @example
 * ```ts
 * import { poisonedField } from "./poisoning.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const tool = { name: "add", description: "Adds.\u{E0049}\u{E0067}\u{E006E}" };
 * deepStrictEqual(poisonedField(tool), {
 *   pointer: "/description",
 *   codePoint: 0xe0049,
 *   kind: "tag character",
 * });
 * ```
 *
 * @module
 */

import { BIDI, hazardOfCodePoint, IGNORABLE, TAG } from "../mod.ts";

/**
 * What kind of invisible character was found.
 *
 * @example
 * ```ts
 * import { invisibleAt, type InvisibleKind } from "./poisoning.ts";
 * import { strictEqual } from "node:assert/strict";
 * const kind: InvisibleKind | undefined = invisibleAt("a\u200Bb")?.kind;
 * strictEqual(kind, "default-ignorable");
 * ```
 */
export type InvisibleKind = "tag character" | "bidi control" | "default-ignorable";

/** U+FE0F, the emoji presentation selector, allowed right after a pictograph. */
const EMOJI_PRESENTATION = 0xfe0f;

/** The kind of an invisible code point, or `null` (a lone surrogate is not invisible). */
function kindOf(codePoint: number): InvisibleKind | null {
  const hazard = hazardOfCodePoint(codePoint);
  if (hazard === TAG) return "tag character";
  if (hazard === BIDI) return "bidi control";
  return hazard === IGNORABLE ? "default-ignorable" : null;
}

/**
 * The first invisible code point in `text`: its index and kind, or `null`.
 * A single U+FE0F right after a pictograph (`⚠️`) is ordinary emoji text.
 *
 * @example
 * ```ts
 * import { invisibleAt } from "./poisoning.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(invisibleAt("a\u202Eb"), { index: 1, codePoint: 0x202e, kind: "bidi control" });
 * deepStrictEqual(invisibleAt("Careful \u26A0\uFE0F"), null);
 * ```
 */
export function invisibleAt(
  text: string,
): { index: number; codePoint: number; kind: InvisibleKind } | null {
  let previous = 0;
  for (let i = 0; i < text.length; i++) {
    const codePoint = text.codePointAt(i)!;
    if (codePoint > 0xffff) i++;
    if (codePoint < 0xad) {
      previous = codePoint;
      continue;
    }
    const kind = kindOf(codePoint);
    const emojiSelector = codePoint === EMOJI_PRESENTATION && previous >= 0x2000 &&
      kindOf(previous) === null;
    if (kind !== null && !emojiSelector) {
      return { index: codePoint > 0xffff ? i - 1 : i, codePoint, kind };
    }
    previous = codePoint;
  }
  return null;
}

/**
 * Where poisoned metadata was found.
 *
 * @example
 * ```ts
 * import { type PoisonFinding, poisonedField } from "./poisoning.ts";
 * import { strictEqual } from "node:assert/strict";
 * const finding: PoisonFinding | null = poisonedField({ title: "a\u2066b" });
 * strictEqual(finding?.kind, "bidi control");
 * ```
 */
export interface PoisonFinding {
  /** JSON pointer into the tool definition (a key or a string value). */
  readonly pointer: string;
  /** The invisible code point. */
  readonly codePoint: number;
  /** Its kind. */
  readonly kind: InvisibleKind;
}

function escapePointer(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * The first invisible code point anywhere in a tool definition (its name,
 * title, description, schemas, annotations: every key and string value),
 * walked with an explicit stack; `null` when it is clean.
 *
 * @example
 * ```ts
 * import { poisonedField } from "./poisoning.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * const tool = { name: "f", inputSchema: { properties: { "pa\u200Bth": { type: "string" } } } };
 * deepStrictEqual(poisonedField(tool)?.pointer, "/inputSchema/properties/pa\u200Bth");
 * deepStrictEqual(poisonedField({ name: "f", description: "fine" }), null);
 * ```
 */
export function poisonedField(tool: unknown): PoisonFinding | null {
  const stack: [unknown, string][] = [[tool, ""]];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop()!;
    if (typeof value === "string") {
      const found = invisibleAt(value);
      if (found) return { pointer, codePoint: found.codePoint, kind: found.kind };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${pointer}/${i}`]);
    } else if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const childPointer = `${pointer}/${escapePointer(key)}`;
        const found = invisibleAt(key);
        if (found) return { pointer: childPointer, codePoint: found.codePoint, kind: found.kind };
        stack.push([child, childPointer]);
      }
    }
  }
  return null;
}

/**
 * `U+E0049` notation for a code point.
 *
 * @example
 * ```ts
 * import { codePointLabel } from "./poisoning.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(codePointLabel(0x202e), "U+202E");
 * ```
 */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}
