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

import type { KeywordModule, KeywordStep } from "./keyword.ts";
import { COMBINATOR_STEPS, COMBINATORS } from "./combinators.ts";
import { CONDITIONAL, CONDITIONAL_STEPS } from "./conditional.ts";
import { REF, REF_STEP } from "./ref.ts";
import { UNEVALUATED, UNEVALUATED_STEPS } from "./unevaluated.ts";
import { ARRAY_LENGTH, ARRAY_LENGTH_STEP } from "./array_length.ts";
import { CONTAINS, CONTAINS_STEP } from "./contains.ts";
import { ITEMS, ITEMS_STEP } from "./items.ts";
import { ENUM_CONST } from "./enum_const.ts";
import { FORMAT } from "./format.ts";
import { MEMBER_COUNT, MEMBER_COUNT_STEP } from "./member_count.ts";
import { MULTIPLE_OF } from "./multiple_of.ts";
import { NUMERIC_BOUNDS } from "./numeric_bounds.ts";
import { PATTERN } from "./pattern.ts";
import { MEMBERS_STEP, PROPERTIES } from "./properties.ts";
import { REQUIRED, REQUIRED_STEP } from "./required.ts";
import { STRING_LENGTH } from "./string_length.ts";
import { TYPE } from "./type.ts";
import { UNIQUE_ITEMS, UNIQUE_ITEMS_STEP } from "./unique_items.ts";

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
 * The steps for an object, in the order the report walk runs them (the
 * order its issues come in). The compiled check of an object is the
 * members step's (one walk applying them all).
 *
 * @example
 * ```ts
 * import { OBJECT_STEPS } from "./catalogue.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(OBJECT_STEPS.map((s) => s.keyword), ["required", "minProperties", "properties"]);
 * ```
 */
export const OBJECT_STEPS: readonly KeywordStep[] = [
  REQUIRED_STEP,
  MEMBER_COUNT_STEP,
  MEMBERS_STEP,
];

/**
 * The steps for an array, in the order the report walk runs them and the
 * compiled check composes them.
 *
 * @example
 * ```ts
 * import { ARRAY_STEPS } from "./catalogue.ts";
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(ARRAY_STEPS.map((s) => s.keyword), ["minItems", "uniqueItems", "items", "contains"]);
 * ```
 */
export const ARRAY_STEPS: readonly KeywordStep[] = [
  ARRAY_LENGTH_STEP,
  UNIQUE_ITEMS_STEP,
  ITEMS_STEP,
  CONTAINS_STEP,
];

/**
 * The in-place applicators' steps, in the order the report walk runs them
 * (after the steps of the value's own type) and the compiled check
 * composes them.
 *
 * @example
 * ```ts
 * import { IN_PLACE_STEPS } from "./catalogue.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(IN_PLACE_STEPS[0].keyword, "$ref");
 * ```
 */
export const IN_PLACE_STEPS: readonly KeywordStep[] = [
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
