/**
 * SECURITY.md states limits; each one is read here from the code that
 * enforces it, so that the document cannot drift from the code: the table of
 * limits row by row, the declaration nesting ceiling by behaviour (nested that
 * deep parses, one level deeper is `E070`), and the sentence on `pattern` by
 * a pattern that backtracks exponentially in a backtracking engine.
 *
 * @module
 */

import { equal, ok } from "node:assert/strict";
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_INPUT,
  DEFAULT_MAX_TOKEN,
  MAX_DEPTH_CEILING,
} from "../engine/profiles.ts";
import { MAX_LISTED_REPAIRS } from "../engine/scanner/mod.ts";
import { MAX_DECLARATION_DEPTH } from "../engine/declarations/form.ts";
import { compilePattern } from "../engine/declarations/pattern.ts";
import { MAX_REF_DEPTH, MAX_SCHEMA_NODES } from "../engine/declarations/jsonschema.ts";
import { MAX_LINE_BYTES } from "../wire/framing.ts";
import { validate } from "../mod.ts";

const SECURITY = await Deno.readTextFile(new URL("../SECURITY.md", import.meta.url));

/** The Limits table: the row whose first cell starts with `label`, its cells. */
function row(label: string): string[] {
  const line = SECURITY.split("\n").find((text) => text.startsWith(`| ${label}`));
  if (line === undefined) throw new Error(`SECURITY.md has no limits row for ${label}`);
  return line.split("|").slice(1, -1).map((cell) => cell.trim());
}

/** A number as SECURITY.md writes it: `**4,096**` → 4096; `—`, `fixed` → undefined. */
function stated(cell: string): number | undefined {
  const digits = cell.replaceAll("*", "").replaceAll(",", "");
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

Deno.test("SECURITY.md: every limit in the table is the code's", async (t) => {
  const rows = [
    { label: "`max_depth`", value: DEFAULT_MAX_DEPTH, ceiling: MAX_DEPTH_CEILING },
    { label: "`max_input`", value: DEFAULT_MAX_INPUT, ceiling: DEFAULT_MAX_INPUT },
    { label: "`max_token`", value: DEFAULT_MAX_TOKEN, ceiling: DEFAULT_MAX_TOKEN },
    { label: "declaration nesting", value: undefined, ceiling: MAX_DECLARATION_DEPTH },
    { label: "`$ref` and in-place applicators", value: undefined, ceiling: MAX_REF_DEPTH },
    { label: "subschemas in one", value: undefined, ceiling: MAX_SCHEMA_NODES },
    { label: "MCP request line", value: MAX_LINE_BYTES, ceiling: undefined },
    { label: "repairs listed", value: MAX_LISTED_REPAIRS, ceiling: undefined },
  ];
  for (const expected of rows) {
    await t.step(
      `${expected.label}: ${expected.value ?? "—"} / ${expected.ceiling ?? "fixed"}`,
      () => {
        const [, value, ceiling] = row(expected.label);
        equal(stated(value), expected.value, "default");
        equal(stated(ceiling), expected.ceiling, "ceiling");
      },
    );
  }
});

Deno.test("SECURITY.md: the declaration nesting ceiling is where nesting is refused", () => {
  const ceiling = stated(row("declaration nesting")[2])!;
  const nested = (levels: number) => "[".repeat(levels) + "integer" + "]".repeat(levels);
  equal(validate("1", { schema: nested(ceiling) }).valid, false, "nested to the ceiling parses");
  let refused = "";
  try {
    validate("1", { schema: nested(ceiling + 1) });
  } catch (error) {
    refused = (error as { code?: string }).code ?? String(error);
  }
  equal(refused, "E070");
});

Deno.test("SECURITY.md: `pattern` runs on a linear matcher, as it says", () => {
  ok(SECURITY.includes("linear-time\nmatcher") || SECURITY.includes("linear-time matcher"));
  ok(!SECURITY.includes("run as given"));
  const pattern = compilePattern("(a+)+$");
  if (typeof pattern === "string") throw new Error(pattern);
  // A backtracking engine takes about 2^n steps here; this answers at once for n = 100,000.
  equal(pattern.test("a".repeat(100_000) + "!"), false);
  equal(typeof compilePattern("(a)\\1"), "string", "back-references are refused");
});
