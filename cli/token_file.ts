/**
 * `--token-file FILE` of `interjson serve --http` and `interjson mcp --http`:
 * the bearer token every request must then carry
 * (`Authorization: Bearer <token>`), read once before the server listens.
 * The file holds one word of at least {@linkcode MIN_TOKEN_LENGTH}
 * characters (white space around it is trimmed, so `echo token > FILE`
 * works); anything else is a usage error naming the file.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { readTokenFile } from "./token_file.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("", { "t": new TextEncoder().encode("s3cret-token-0123456789\n") });
 * strictEqual(await readTokenFile(io, "t"), "s3cret-token-0123456789");
 * ```
 *
 * @module
 */

import type { CliIO } from "./io.ts";

/**
 * The shortest token accepted.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { MIN_TOKEN_LENGTH } from "./token_file.ts";
 * strictEqual(MIN_TOKEN_LENGTH, 16);
 * ```
 */
export const MIN_TOKEN_LENGTH = 16;

/**
 * The token in `path`, or the problem to print as a usage error.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { readTokenFile } from "./token_file.ts";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("", { "short": new TextEncoder().encode("abc") });
 * deepStrictEqual(await readTokenFile(io, "short"), {
 *   problem: "--token-file short: the token must be one word of at least 16 characters",
 * });
 * ```
 */
export async function readTokenFile(
  io: CliIO,
  path: string,
): Promise<string | { problem: string }> {
  let token: string;
  try {
    token = new TextDecoder("utf-8", { fatal: true }).decode(await io.readFile(path)).trim();
  } catch (error) {
    return { problem: `cannot read --token-file ${path}: ${(error as Error).message}` };
  }
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    return {
      problem:
        `--token-file ${path}: the token must be one word of at least ${MIN_TOKEN_LENGTH} characters`,
    };
  }
  return token;
}
