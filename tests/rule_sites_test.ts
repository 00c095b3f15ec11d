/**
 * Rules are found where they are decided. A site of a rule is a line of `engine/` (any module,
 * not only the scanner) that names it (`RULE.X`, `ruleByName("X")`) beside a `// repair:`
 * comment (on the line, or at most four lines above it) saying what the text was and what it
 * became. Every rule of the catalogue (`RULES` of `engine/rules.ts`) has a site, every call that
 * records a repair carries such a comment, and `docs/RULES.md` ("Where each rule is decided")
 * links each rule to the files of its sites.
 *
 * @module
 */

import { strictEqual } from "node:assert/strict";
import { RULES } from "../engine/rules.ts";

const ROOT = new URL("../", import.meta.url);

/** Lines above a site the `// repair:` comment may stand on. */
const COMMENT_REACH = 4;

/** The files that define the rule table itself: naming a rule there decides nothing. */
const RULE_TABLES = new Set([
  "engine/rules.ts",
  "engine/scanner/scanner_rules.ts",
]);

/**
 * Rules with no site, and why. Empty today: every rule of the catalogue is decided at a
 * `// repair:` site in `engine/` (rules decided by a lookahead of `engine/candidates.ts` or
 * `engine/framing.ts` are recorded by the scanner, where the site is). A rule added here must
 * have no site (the test below checks), so the list cannot go stale.
 */
const NO_SITE: ReadonlyMap<string, string> = new Map<string, string>([]);

/** Every TypeScript file under `engine/`, as a path from the repository root. */
function engineFiles(dir = "engine"): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(new URL(`${dir}/`, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...engineFiles(path));
    else if (entry.name.endsWith(".ts")) files.push(path);
  }
  return files.sort();
}

const SOURCES: ReadonlyMap<string, string[]> = new Map(
  engineFiles().map((
    path,
  ) => [path, Deno.readTextFileSync(new URL(path, ROOT)).split("\n")]),
);

/** Whether a `// repair:` comment is on line k or at most COMMENT_REACH lines above it. */
function hasRepairComment(lines: readonly string[], k: number): boolean {
  for (let j = Math.max(0, k - COMMENT_REACH); j <= k; j++) {
    if (lines[j].includes("// repair:")) return true;
  }
  return false;
}

/** The files holding a site of each rule, by rule name. */
function ruleSites(): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  for (const [path, lines] of SOURCES) {
    if (RULE_TABLES.has(path)) continue;
    lines.forEach((line, k) => {
      for (const match of line.matchAll(/RULE\.(\w+)|ruleByName\("(\w+)"\)/g)) {
        const name = match[1] ?? match[2];
        if (!hasRepairComment(lines, k)) continue;
        const files = sites.get(name) ?? [];
        if (!files.includes(path)) files.push(path);
        sites.set(name, files);
      }
    });
  }
  return sites;
}

Deno.test("every rule of the catalogue has a site with a // repair: comment", () => {
  const sites = ruleSites();
  const missing = RULES.filter((r) => !sites.has(r.name) && !NO_SITE.has(r.name));
  strictEqual(missing.map((r) => `${r.code} ${r.name}`).join(", "), "");
});

Deno.test("a rule allowed to have no site has none", () => {
  const sites = ruleSites();
  strictEqual(
    [...NO_SITE.keys()].filter((name) => sites.has(name)).join(", "),
    "",
  );
});

Deno.test("every call that records a repair carries a // repair: comment", () => {
  const bare: string[] = [];
  for (const [path, lines] of SOURCES) {
    lines.forEach((line, k) => {
      if (/\b(?:s|this)\.repair\(/.test(line) && !hasRepairComment(lines, k)) {
        bare.push(`${path}:${k + 1}`);
      }
    });
  }
  strictEqual(bare.join("\n"), "");
});

/** The rows of docs/RULES.md's "Where each rule is decided": rule name → linked files. */
function documentedSites(): Map<string, string[]> {
  const text = Deno.readTextFileSync(new URL("docs/RULES.md", ROOT));
  const section = text.slice(text.indexOf("## Where each rule is decided"));
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const row = /^\| \[R\d+\]\(#r\d+\) (\w+) \| (.*) \|$/.exec(line);
    if (row === null) continue;
    const files = [...row[2].matchAll(/\]\(\.\.\/(engine\/[\w/]+\.ts)\)/g)].map(
      (m) => m[1],
    );
    rows.set(row[1], files);
  }
  return rows;
}

Deno.test("docs/RULES.md links each rule to the files where it is decided", () => {
  const sites = ruleSites(), documented = documentedSites();
  const wrong: string[] = [];
  for (const rule of RULES) {
    const want = [...(sites.get(rule.name) ?? [])].sort().join(", ");
    const have = [...(documented.get(rule.name) ?? [])].sort().join(", ");
    if (want !== have) {
      wrong.push(
        `${rule.code} ${rule.name}: documented [${have}], sites [${want}]`,
      );
    }
  }
  strictEqual(wrong.join("\n"), "");
});
