/**
 * Leaf tests: the compiled checks of the commonest scalar members (a `type`
 * alone, a string with `minLength`/`maxLength`, an integer or a number with
 * bounds, an `enum` of strings) described as data, so that an object's check (`properties.ts`)
 * and an array's (`items.ts`) run them inline, in one function the
 * optimizer inlines, instead of calling a closure per member or item. Each
 * closure such a test describes is the one `check.ts` compiles for the node;
 * the test answers exactly what the closure answers, and records the same
 * in `INTEGERS` (`numeric_bounds.ts`). What each test means stays with its
 * keyword: `typeof` for `type`, {@linkcode lengthWithin} of
 * `string_length.ts`, `isWholeNumber`, `withinBounds` and `recordBound` of
 * `numeric_bounds.ts` (the compiled closures call the same functions). Tests:
 * `tests/keywords/leaf_test.ts`.
 *
 * @example
 * ```ts
 * import { describeLeaf, LEAF_STRING, leafTestOf, passesLeafTest } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * const isText = describeLeaf((v) => typeof v === "string", { kind: LEAF_STRING });
 * const test = leafTestOf(isText)!;
 * strictEqual(passesLeafTest(test, "a"), true);
 * strictEqual(passesLeafTest(test, 1), false);
 * ```
 *
 * @module
 */

import type { Compiled } from "./keyword.ts";
import { isWholeNumber, recordBound, withinBounds } from "./numeric_bounds.ts";
import { lengthWithin } from "./string_length.ts";

/**
 * `type: "string"` alone: `typeof` is `"string"`.
 *
 * @example
 * ```ts
 * import { LEAF_STRING, passesLeafTest } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(passesLeafTest({ kind: LEAF_STRING }, "a"), true);
 * strictEqual(passesLeafTest({ kind: LEAF_STRING }, 1), false);
 * ```
 */
export const LEAF_STRING = 1;
/**
 * `type: "boolean"` alone.
 *
 * @example
 * ```ts
 * import { LEAF_BOOLEAN, passesLeafTest } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(passesLeafTest({ kind: LEAF_BOOLEAN }, false), true);
 * strictEqual(passesLeafTest({ kind: LEAF_BOOLEAN }, "false"), false);
 * ```
 */
export const LEAF_BOOLEAN = 2;
/**
 * `type: "number"` alone (every number, `integer` included).
 *
 * @example
 * ```ts
 * import { LEAF_NUMBER, passesLeafTest } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(passesLeafTest({ kind: LEAF_NUMBER }, 1.5), true);
 * strictEqual(passesLeafTest({ kind: LEAF_NUMBER }, "1.5"), false);
 * ```
 */
export const LEAF_NUMBER = 3;
/**
 * `type: "integer"` alone: a whole number; one of 2^50 or more is recorded
 * (`isWholeNumber` of `numeric_bounds.ts`).
 *
 * @example
 * ```ts
 * import { LEAF_INTEGER, passesLeafTest } from "./leaf.ts";
 * import { INTEGERS } from "./numeric_bounds.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(passesLeafTest({ kind: LEAF_INTEGER }, 2.5), false);
 * INTEGERS.large = false;
 * strictEqual(passesLeafTest({ kind: LEAF_INTEGER }, 2 ** 50), true);
 * strictEqual(INTEGERS.large, true);
 * ```
 */
export const LEAF_INTEGER = 4;
/**
 * `type: "string"` with `minLength` and/or `maxLength` ({@linkcode lengthWithin}:
 * code points, not code units).
 *
 * @example
 * ```ts
 * import { LEAF_STRING_LENGTH, passesLeafTest } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(passesLeafTest({ kind: LEAF_STRING_LENGTH, max: 1 }, "\u{1F600}"), true);
 * strictEqual(passesLeafTest({ kind: LEAF_STRING_LENGTH, min: 2 }, "a"), false);
 * ```
 */
export const LEAF_STRING_LENGTH = 5;
/**
 * `type: "integer"` or `"number"` with bounds (`minimum`, `maximum`,
 * `exclusiveMinimum`, `exclusiveMaximum`): a passing number is recorded as
 * `recordPassing` of `numeric_bounds.ts` records it.
 *
 * @example
 * ```ts
 * import { LEAF_BOUNDED, passesLeafTest } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(passesLeafTest({ kind: LEAF_BOUNDED, exclusiveMin: 0 }, 0), false);
 * strictEqual(passesLeafTest({ kind: LEAF_BOUNDED, integer: true, max: 5 }, 4.5), false);
 * ```
 */
export const LEAF_BOUNDED = 6;
/**
 * `enum` or `const` whose every value is a string, on a node that admits
 * strings and has no string keyword: a string among them (`enum_const.ts`
 * keeps them as strings; any other value equals none of them).
 *
 * @example
 * ```ts
 * import { LEAF_STRING_ENUM, passesLeafTest } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * const sort = { kind: LEAF_STRING_ENUM, strings: new Set(["asc", "desc"]) };
 * strictEqual(passesLeafTest(sort, "desc"), true);
 * strictEqual(passesLeafTest(sort, "up"), false);
 * ```
 */
export const LEAF_STRING_ENUM = 7;

/**
 * A leaf test: its kind (one of the `LEAF_` constants) and the bounds the
 * kind reads (`min`/`max`: the lengths of {@linkcode LEAF_STRING_LENGTH},
 * or `minimum`/`maximum` of {@linkcode LEAF_BOUNDED}; `exclusiveMin`,
 * `exclusiveMax` and `integer` only for {@linkcode LEAF_BOUNDED}).
 *
 * @example
 * ```ts
 * import { LEAF_BOUNDED, type LeafTest } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * const percent: LeafTest = { kind: LEAF_BOUNDED, integer: true, min: 0, max: 100 };
 * strictEqual(percent.max, 100);
 * ```
 */
export interface LeafTest {
  /** Which test: a `LEAF_` constant. */
  readonly kind: number;
  /** The least length, or `minimum`. */
  readonly min?: number;
  /** The greatest length, or `maximum`. */
  readonly max?: number;
  /** `exclusiveMinimum`. */
  readonly exclusiveMin?: number;
  /** `exclusiveMaximum`. */
  readonly exclusiveMax?: number;
  /** Whether a bounded number must be whole. */
  readonly integer?: boolean;
  /** The strings of {@linkcode LEAF_STRING_ENUM}. */
  readonly strings?: ReadonlySet<string>;
}

/** Every test in one object shape (all fields present), so the test's reads stay monomorphic. */
interface FullTest {
  readonly kind: number;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly exclusiveMin: number | undefined;
  readonly exclusiveMax: number | undefined;
  readonly integer: boolean;
  readonly strings: ReadonlySet<string> | undefined;
}

/** The test each described closure runs. */
const described = new WeakMap<Compiled, FullTest>();

/**
 * Notes that `check` is the closure of a leaf test (it must answer exactly
 * {@linkcode passesLeafTest} of `test`, and record the same), and answers
 * `check`.
 *
 * @example
 * ```ts
 * import { describeLeaf, LEAF_BOOLEAN, leafTestOf } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * const check = describeLeaf((v) => typeof v === "boolean", { kind: LEAF_BOOLEAN });
 * strictEqual(leafTestOf(check)?.kind, LEAF_BOOLEAN);
 * ```
 */
export function describeLeaf(check: Compiled, test: LeafTest): Compiled {
  described.set(check, {
    kind: test.kind,
    min: test.min,
    max: test.max,
    exclusiveMin: test.exclusiveMin,
    exclusiveMax: test.exclusiveMax,
    integer: test.integer === true,
    strings: test.strings,
  });
  return check;
}

/**
 * The leaf test a compiled check runs, or undefined when it is not one
 * (then it must be called).
 *
 * @example
 * ```ts
 * import { leafTestOf } from "./leaf.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(leafTestOf((v) => v === 1), undefined);
 * ```
 */
export function leafTestOf(check: Compiled | null | undefined): LeafTest | undefined {
  return check == null ? undefined : described.get(check);
}

/**
 * Whether `v` passes the leaf test (and, when it does, what a passing
 * number records in `INTEGERS`, as the described closure records it).
 *
 * @example
 * ```ts
 * import { LEAF_BOUNDED, LEAF_INTEGER, LEAF_STRING_LENGTH, passesLeafTest } from "./leaf.ts";
 * import { INTEGERS } from "./numeric_bounds.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(passesLeafTest({ kind: LEAF_STRING_LENGTH, max: 2 }, "abc"), false);
 * strictEqual(passesLeafTest({ kind: LEAF_INTEGER }, 1.5), false);
 * INTEGERS.nearBound = false;
 * strictEqual(passesLeafTest({ kind: LEAF_BOUNDED, integer: true, min: 1, max: 50 }, 50), true);
 * strictEqual(INTEGERS.nearBound, true);
 * ```
 */
export function passesLeafTest(test: LeafTest, v: unknown): boolean {
  const kind = test.kind;
  if (kind === LEAF_STRING) return typeof v === "string";
  if (kind === LEAF_STRING_LENGTH) {
    return typeof v === "string" && lengthWithin(v, test.min, test.max);
  }
  if (kind === LEAF_INTEGER) return isWholeNumber(v);
  if (kind === LEAF_NUMBER) return typeof v === "number";
  if (kind === LEAF_BOOLEAN) return typeof v === "boolean";
  if (kind === LEAF_STRING_ENUM) return typeof v === "string" && test.strings!.has(v);
  return typeof v === "number" && passesBounds(test, v);
}

/** {@linkcode LEAF_BOUNDED} on a number: its bounds, then its records (`numeric_bounds.ts`). */
function passesBounds(test: LeafTest, v: number): boolean {
  const lo = test.min, hi = test.max, integer = test.integer === true;
  return withinBounds(v, integer, lo, hi, test.exclusiveMin, test.exclusiveMax) &&
    recordBound(v, integer, lo, hi);
}
