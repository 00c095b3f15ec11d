/**
 * "Did you mean …?": the closest valid choice to a word, by edit distance, so
 * every complaint about an unknown command, flag, value or tool name can name
 * what to type instead.
 *
 * @example
 * ```ts
 * import { closest } from "./suggestion.ts";
 * console.log(closest("gat", ["gate", "repair", "validate"])); // "gate"
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
 * console.log(editDistance("profil", "profile")); // 1
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
 * console.log(closest("VSCode", ["claude", "cursor", "vscode"])); // "vscode"
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
