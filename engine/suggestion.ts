/**
 * "Did you mean …?": the closest valid choice to a word, by edit distance.
 * The engine uses it to name the profile or option a caller probably meant
 * in a `CallerError`; every surface (command line, MCP server, serve, hook,
 * proxy) uses it for its own complaints.
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

/**
 * The Levenshtein distance between two strings (insertions, deletions and
 * substitutions of UTF-16 code units, each costing 1).
 *
 * @example
 * ```ts
 * import { editDistance } from "./suggestion.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(editDistance("profil", "profile"), 1);
 * strictEqual(editDistance("", "abc"), 3);
 * ```
 */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The choice nearest to `word` (the first of equals, in the order given).
 * Case is ignored when measuring.
 *
 * @example
 * ```ts
 * import { closest } from "./suggestion.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(closest("VSCode", ["claude", "cursor", "vscode"]), "vscode");
 * ```
 */
export function closest(word: string, choices: readonly string[]): string {
  let best = choices[0];
  let bestDistance = Infinity;
  const lowered = word.toLowerCase();
  for (const choice of choices) {
    const distance = editDistance(lowered, choice.toLowerCase());
    if (distance < bestDistance) {
      best = choice;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The nearest choice when it is close enough to be a likely typo (at most a
 * third of the longer word's length in edits, and at least two), else `null`:
 * a suggestion that is far off would mislead more than it helps.
 *
 * @example
 * ```ts
 * import { likelyMeant } from "./suggestion.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(likelyMeant("agnet", ["agent", "strict"]), "agent");
 * strictEqual(likelyMeant("maxdepth", ["maxDepth", "maxInput"]), "maxDepth");
 * strictEqual(likelyMeant("banana", ["agent", "strict"]), null);
 * ```
 */
export function likelyMeant(word: string, choices: readonly string[]): string | null {
  if (choices.length === 0) return null;
  const best = closest(word, choices);
  const distance = editDistance(word.toLowerCase(), best.toLowerCase());
  const allowed = Math.max(2, Math.floor(Math.max(word.length, best.length) / 3));
  return distance <= allowed ? best : null;
}
