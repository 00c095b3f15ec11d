/**
 * The version of InterJSON. Its single source is `deno.json`.
 *
 * @example
 * ```ts
 * import { VERSION } from "./version.ts";
 * import { match } from "node:assert/strict";
 * match(VERSION, /^\d+\.\d+\.\d+/);
 * ```
 *
 * @module
 */

import config from "../deno.json" with { type: "json" };

/** The engine and package version, from `deno.json`. */
export const VERSION: string = config.version;
