/**
 * One keyword, one place: the catalogue of `engine/declarations/keywords/`
 * against the table in docs/DECLARATIONS.md ("Keyword modules"). Every
 * module is named for its file, has its own table of tests, owns exactly the
 * keywords the table lists for it, and every keyword has one module.
 *
 * @module
 */

import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import {
  ARRAY_STEPS,
  IN_PLACE_STEPS,
  KEYWORD_MODULES,
  moduleOf,
  OBJECT_STEPS,
} from "../../engine/declarations/keywords/catalogue.ts";

const ROOT = new URL("../../", import.meta.url);

/** The rows of the keyword → module table: each module's file name and its keywords. */
async function documentedModules(): Promise<Map<string, string[]>> {
  const text = await Deno.readTextFile(new URL("docs/DECLARATIONS.md", ROOT));
  const rows = new Map<string, string[]>();
  const section = text.slice(text.indexOf("## Keyword modules"));
  for (const line of section.split("\n")) {
    const row = /^\| (.+?) \| `keywords\/(\w+)\.ts`.*\| `tests\/keywords\/\w+_test\.ts` \|$/.exec(
      line,
    );
    if (row === null) continue;
    const keywords = [...row[1].matchAll(/`([$\w]+)`/g)].map((m) => m[1]);
    rows.set(row[2], [...(rows.get(row[2]) ?? []), ...keywords]);
  }
  return rows;
}

/** Each module of the catalogue by name, with its keywords (a module may appear as several steps). */
function catalogued(): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  for (const m of KEYWORD_MODULES) {
    modules.set(m.name, [...new Set([...(modules.get(m.name) ?? []), ...m.keywords])]);
  }
  return modules;
}

Deno.test("the keyword catalogue is the table of docs/DECLARATIONS.md, module by module", async () => {
  const documented = await documentedModules();
  const modules = catalogued();
  ok(documented.size >= 18, `the table lists ${documented.size} modules`);
  // Modules whose keywords the front end reads outside the catalogue's parse steps are listed
  // in the table too; every catalogued module is in the table with the same keywords.
  for (const [name, keywords] of modules) {
    ok(documented.has(name), `${name} is missing from the table`);
    deepStrictEqual(
      [...keywords].sort(),
      [...documented.get(name)!].sort(),
      `the keywords of ${name}`,
    );
  }
});

Deno.test("every keyword module is named for its file and has its own table of tests", async (t) => {
  for (const name of catalogued().keys()) {
    await t.step(name, async () => {
      ok((await Deno.stat(new URL(`engine/declarations/keywords/${name}.ts`, ROOT))).isFile);
      ok((await Deno.stat(new URL(`tests/keywords/${name}_test.ts`, ROOT))).isFile);
    });
  }
});

Deno.test("every keyword has one module, and moduleOf finds it", async (t) => {
  const owners = new Map<string, string[]>();
  for (const [name, keywords] of catalogued()) {
    for (const keyword of keywords) owners.set(keyword, [...(owners.get(keyword) ?? []), name]);
  }
  for (const [keyword, names] of owners) {
    await t.step(keyword, () => {
      strictEqual(names.length, 1, `${keyword} is owned by ${names.join(", ")}`);
      strictEqual(moduleOf(keyword)?.name, names[0]);
    });
  }
  strictEqual(moduleOf("x-order"), undefined);
  strictEqual(moduleOf("title"), undefined);
});

Deno.test("every checker step is named for a keyword its module owns, each keyword one step", async (t) => {
  const steps = [...OBJECT_STEPS, ...ARRAY_STEPS, ...IN_PLACE_STEPS];
  ok(steps.length >= 10, `${steps.length} steps`);
  for (const step of steps) {
    await t.step(step.keyword, () => {
      ok(
        moduleOf(step.keyword) !== undefined,
        `no module owns the step's keyword "${step.keyword}"`,
      );
    });
  }
  const names = steps.map((step) => step.keyword);
  deepStrictEqual(names, [...new Set(names)]);
});
