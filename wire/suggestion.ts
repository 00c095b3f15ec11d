/**
 * "Did you mean …?": the closest valid choice to a word, by edit distance, so
 * every complaint about an unknown command, flag, value or tool name can name
 * what to type instead. The functions live in the engine
 * (`engine/suggestion.ts`, which names the profile or option a library caller
 * meant); every surface imports them from here.
 *
 * @example
 * ```ts
 * import { closest } from "./suggestion.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(closest("gat", ["gate", "repair", "validate"]), "gate");
 * ```
 *
 * @module
 */

export { closest, editDistance } from "../engine/suggestion.ts";
