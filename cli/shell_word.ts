/**
 * One word for a POSIX shell, as the command line prints it in snippets and
 * command lines: left bare when it is made only of characters no shell reads
 * specially, otherwise single-quoted (an embedded `'` becomes `'\''`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { shellWord } from "./shell_word.ts";
 * strictEqual(shellWord("dist/interjson-linux-x86_64"), "dist/interjson-linux-x86_64");
 * strictEqual(shellWord("my dist/x"), "'my dist/x'");
 * ```
 *
 * @module
 */

/**
 * Quotes `word` for a POSIX shell, or leaves it bare when it is safe.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { shellWord } from "./shell_word.ts";
 * strictEqual(shellWord("it's"), `'it'\\''s'`);
 * strictEqual(shellWord("--policy=a.jsonc"), "--policy=a.jsonc");
 * ```
 */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
