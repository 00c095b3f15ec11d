/**
 * The catalogue of keyword modules (as ajv lists its vocabularies): every
 * JSON Schema keyword the engine asserts, and the module that owns it. The
 * front end (`jsonschema.ts`) finds a keyword's parse step here, and the
 * describer (`describe.ts`) a node's phrases (in the catalogue's order) and
 * an issue's words. The checker (`check.ts`) calls each module's compiled
 * check and report step where the keyword's type is checked.
 *
 * @example
 * ```ts
 * import { moduleOf } from "./catalogue.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(moduleOf("uniqueItems")?.name, "unique_items");
 * strictEqual(moduleOf("title"), undefined);
 * ```
 *
 * @module
 */

import type { InPlaceStep, KeywordModule } from "./keyword.ts";
import { COMBINATOR_STEPS, COMBINATORS } from "./combinators.ts";
import { CONDITIONAL, CONDITIONAL_STEPS } from "./conditional.ts";
import { REF, REF_STEP } from "./ref.ts";
import { UNEVALUATED, UNEVALUATED_STEPS } from "./unevaluated.ts";
import { ARRAY_LENGTH } from "./array_length.ts";
import { CONTAINS } from "./contains.ts";
import { ITEMS } from "./items.ts";
import { ENUM_CONST } from "./enum_const.ts";
import { FORMAT } from "./format.ts";
import { MEMBER_COUNT } from "./member_count.ts";
import { MULTIPLE_OF } from "./multiple_of.ts";
import { NUMERIC_BOUNDS } from "./numeric_bounds.ts";
import { PATTERN } from "./pattern.ts";
import { PROPERTIES } from "./properties.ts";
import { REQUIRED } from "./required.ts";
import { STRING_LENGTH } from "./string_length.ts";
import { TYPE } from "./type.ts";
import { UNIQUE_ITEMS } from "./unique_items.ts";

/**
 * Every keyword module, in the order the describer lists their phrases.
 *
 * @example
 * ```ts
 * import { KEYWORD_MODULES } from "./catalogue.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(KEYWORD_MODULES.some((m) => m.name === "unique_items"), true);
 * ```
 */
export const KEYWORD_MODULES: readonly KeywordModule[] = [
  TYPE,
  ENUM_CONST,
  NUMERIC_BOUNDS,
  MULTIPLE_OF,
  STRING_LENGTH,
  PATTERN,
  FORMAT,
  ARRAY_LENGTH,
  UNIQUE_ITEMS,
  MEMBER_COUNT,
  ITEMS,
  CONTAINS,
  PROPERTIES,
  REQUIRED,
  REF,
  COMBINATORS,
  CONDITIONAL,
  UNEVALUATED,
];

/**
 * The in-place applicators' report steps, in the order the report walk
 * runs them (after the keywords of the value's own type).
 *
 * @example
 * ```ts
 * import { IN_PLACE_STEPS } from "./catalogue.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(IN_PLACE_STEPS[0].keyword, "$ref");
 * ```
 */
export const IN_PLACE_STEPS: readonly InPlaceStep[] = [
  REF_STEP,
  ...COMBINATOR_STEPS,
  ...CONDITIONAL_STEPS,
  ...UNEVALUATED_STEPS,
];

const BY_KEYWORD = new Map<string, KeywordModule>();
for (const m of KEYWORD_MODULES) for (const k of m.keywords) BY_KEYWORD.set(k, m);

/**
 * The module owning a keyword (JSON Schema spelling, or an issue's
 * keyword), or undefined.
 *
 * @example
 * ```ts
 * import { moduleOf } from "./catalogue.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(moduleOf("uniqueItems")?.keywords.includes("uniqueItems"), true);
 * ```
 */
export function moduleOf(keyword: string): KeywordModule | undefined {
  return BY_KEYWORD.get(keyword);
}
