/**
 * The bounded registry of compiled declarations: `compile` adds one and
 * hands back its handle, `release` frees it. Handles are never reused in a
 * session, and a full registry refuses to add rather than evict (a handle a
 * host still holds must never silently start meaning nothing).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { HandleRegistry } from "./registry.ts";
 * const registry = new HandleRegistry<string>(1);
 * const handle = registry.add("first");
 * strictEqual(handle, "h1");
 * strictEqual(registry.add("second"), null);
 * strictEqual(registry.release("h1"), true);
 * strictEqual(registry.add("third"), "h2");
 * ```
 *
 * @module
 */

/** The default bound on live handles per session. */
export const MAX_HANDLES = 1024;

/** Live handles and what they stand for, up to a bound. */
export class HandleRegistry<T> {
  readonly #entries = new Map<string, T>();
  readonly #capacity: number;
  #issued = 0;

  /**
   * An empty registry.
   *
   * @param capacity the most live handles (default {@linkcode MAX_HANDLES})
   */
  constructor(capacity: number = MAX_HANDLES) {
    this.#capacity = capacity;
  }

  /** The bound on live handles. */
  get capacity(): number {
    return this.#capacity;
  }

  /** How many handles are live. */
  get size(): number {
    return this.#entries.size;
  }

  /** Stores `entry` and returns its new handle, or `null` when the registry is full. */
  add(entry: T): string | null {
    if (this.#entries.size >= this.#capacity) return null;
    const handle = `h${++this.#issued}`;
    this.#entries.set(handle, entry);
    return handle;
  }

  /** The entry of a live handle. */
  get(handle: string): T | undefined {
    return this.#entries.get(handle);
  }

  /** Frees a handle; false when it was not live. */
  release(handle: string): boolean {
    return this.#entries.delete(handle);
  }
}
