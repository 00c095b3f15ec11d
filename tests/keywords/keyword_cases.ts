/**
 * The shape of a keyword's test table, and the runner every
 * `tests/keywords/*_test.ts` shares. A {@linkcode KeywordCase} names a
 * declaration (JSON Schema, or a declaration-language string), values it
 * admits, and values it refuses with the first issue the report walk
 * finds (its pointer, keyword and detail) and the words the model is given
 * for it. Each admitted and refused value is checked on every evaluator:
 * the compiled closures, `matchesForm` and the report walk (`checkForm`).
 * A {@linkcode KeywordRefusal} is a malformed keyword value the front end
 * refuses with `E070`, its pointer and its words.
 *
 * @module
 */

import assert from "node:assert/strict";
import { checkForm, compiledCheck, matchesForm } from "../../engine/declarations/check.ts";
import { describeIssue } from "../../engine/declarations/describe.ts";
import type { Form } from "../../engine/declarations/form.ts";
import { compileJsonSchema, type JsonSchemaOptions } from "../../engine/declarations/jsonschema.ts";
import { parseLanguage } from "../../engine/declarations/language.ts";
import { CallerError } from "../../engine/errors.ts";

/** A value refused, and what the report says of it. */
export interface Refused {
  /** The value. */
  value: unknown;
  /** The first issue's keyword. */
  keyword: string;
  /** The first issue's pointer (default `""`, the root). */
  pointer?: string;
  /** The first issue's detail, when the keyword gives one. */
  detail?: string;
  /** The words for what was expected, when the case pins them. */
  expected?: string;
  /** The words for what was found, when the case pins them. */
  found?: string;
}

/** One row of a keyword's table. */
export interface KeywordCase {
  /** What the row shows. */
  name: string;
  /** A JSON Schema, or a declaration-language string. */
  declaration: unknown;
  /** Front-end options (default: formats asserted). */
  options?: JsonSchemaOptions;
  /** Values the declaration admits. */
  matches?: readonly unknown[];
  /** Values it refuses, with their first issue. */
  refuses?: readonly Refused[];
}

/**
 * One value failing exactly one keyword, and the words the model is given
 * for that one issue (the row shape of `tests/describe_test.ts`).
 */
export interface WordsRow {
  /** What the row shows. */
  name: string;
  /** A JSON Schema (formats asserted), or a declaration-language string. */
  declaration: unknown;
  /** The value. */
  value: unknown;
  /** The keyword the checker reports (the one issue). */
  keyword: string;
  /** Defaults to the root, `""`. */
  pointer?: string;
  /** What was expected there, in words. */
  expected: string;
  /** What was found, in words. */
  found: string;
}

/**
 * A JSON Schema, values it admits and values it refuses (the row shape of
 * `tests/jsonschema_keywords_test.ts`).
 */
export interface MatchRow {
  /** What the row shows. */
  name: string;
  /** The schema. */
  schema: unknown;
  /** Whether `format` asserts. */
  assertFormat?: boolean;
  /** Values it admits. */
  matches: unknown[];
  /** Values it refuses. */
  refuses: unknown[];
}

/** One malformed keyword value the front end refuses. */
export interface KeywordRefusal {
  /** What the row shows. */
  name: string;
  /** The schema. */
  schema: unknown;
  /** Front-end options. */
  options?: JsonSchemaOptions;
  /** The `E070` pointer. */
  pointer: string;
  /** The `E070` words (after `E070 SchemaError at <pointer>: `). */
  message: string;
}

function formOf(c: KeywordCase): Form {
  return typeof c.declaration === "string"
    ? parseLanguage(c.declaration)
    : compileJsonSchema(c.declaration, c.options ?? { assertFormat: true });
}

/** Runs every row of a keyword's table as a step of one test. */
export function runKeywordCases(title: string, cases: readonly KeywordCase[]): void {
  Deno.test(title, async (t) => {
    for (const c of cases) {
      await t.step(c.name, () => {
        const form = formOf(c);
        const compiled = compiledCheck(form);
        for (const value of c.matches ?? []) {
          const shown = JSON.stringify(value);
          assert.equal(matchesForm(form, value), true, `matchesForm ${shown}`);
          if (compiled !== null) assert.equal(compiled(value), true, `compiled ${shown}`);
          const r = checkForm(form, value);
          assert.equal(r.ok, true, `checkForm ${shown}`);
          assert.deepEqual(r.issues, []);
        }
        for (const row of c.refuses ?? []) {
          const shown = JSON.stringify(row.value);
          assert.equal(matchesForm(form, row.value), false, `matchesForm ${shown}`);
          if (compiled !== null) assert.equal(compiled(row.value), false, `compiled ${shown}`);
          const r = checkForm(form, row.value);
          assert.equal(r.ok, false, `checkForm ${shown}`);
          const issue = r.issues[0];
          assert.ok(issue !== undefined, `an issue for ${shown}`);
          assert.equal(issue.keyword, row.keyword, `keyword for ${shown}`);
          assert.equal(issue.pointer, row.pointer ?? "", `pointer for ${shown}`);
          if (row.detail !== undefined) assert.equal(issue.detail, row.detail);
          const words = describeIssue(form, issue);
          if (row.expected !== undefined) assert.equal(words.expected, row.expected);
          if (row.found !== undefined) assert.equal(words.found, row.found);
        }
      });
    }
  });
}

/**
 * Runs every words row as a step of one test: the value fails on every
 * evaluator, with exactly one issue, whose words are the row's.
 */
export function runWordsRows(title: string, rows: readonly WordsRow[]): void {
  Deno.test(title, async (t) => {
    for (const row of rows) {
      await t.step(row.name, () => {
        const form = formOf({ name: row.name, declaration: row.declaration });
        assert.equal(matchesForm(form, row.value), false, "matchesForm");
        const compiled = compiledCheck(form);
        if (compiled !== null) assert.equal(compiled(row.value), false, "compiled");
        const words = checkForm(form, row.value).issues.map((issue) => ({
          keyword: issue.keyword,
          ...describeIssue(form, issue),
        }));
        assert.deepEqual(words, [{
          keyword: row.keyword,
          pointer: row.pointer ?? "",
          expected: row.expected,
          found: row.found,
        }]);
      });
    }
  });
}

/**
 * Runs every match row as a step of one test: each value admitted or
 * refused by `matchesForm`, the compiled check and the report walk alike.
 */
export function runMatchRows(title: string, rows: readonly MatchRow[]): void {
  Deno.test(title, async (t) => {
    for (const row of rows) {
      await t.step(row.name, () => {
        const form = compileJsonSchema(row.schema, { assertFormat: row.assertFormat });
        const compiled = compiledCheck(form);
        for (const [values, want] of [[row.matches, true], [row.refuses, false]] as const) {
          for (const v of values) {
            const shown = JSON.stringify(v);
            assert.equal(matchesForm(form, v), want, `matchesForm ${shown}`);
            if (compiled !== null) assert.equal(compiled(v), want, `compiled ${shown}`);
            assert.equal(checkForm(form, v).ok, want, `checkForm ${shown}`);
          }
        }
      });
    }
  });
}

/** Runs every malformed value of a keyword's table as a step of one test. */
export function runKeywordRefusals(title: string, rows: readonly KeywordRefusal[]): void {
  Deno.test(title, async (t) => {
    for (const row of rows) {
      await t.step(row.name, () => {
        assert.throws(() => compileJsonSchema(row.schema, row.options), (e: unknown) => {
          assert.ok(e instanceof CallerError);
          assert.equal(e.code, "E070");
          assert.equal(e.pointer, row.pointer);
          const at = row.pointer === "" ? "" : ` at ${row.pointer}`;
          assert.equal(e.message, `E070 SchemaError${at}: ${row.message}`);
          return true;
        });
      });
    }
  });
}
