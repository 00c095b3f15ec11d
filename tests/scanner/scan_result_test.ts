/**
 * What a scan returns (`engine/scanner/scan_result.ts`): which readings every repairing profile
 * accepts (`acceptable`), where the lines of a text start (`lineStarts`), and a document escaped
 * once read unescaped (`unescapedResult`, `R067`): its repairs, value span and members placed back
 * in the text as written, with their lines and columns.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, type ScanResult } from "../../engine/scanner/mod.ts";
import {
  acceptable,
  lineStarts,
  MAX_LISTED_REPAIRS,
  unescapedResult,
} from "../../engine/scanner/scan_result.ts";
import { escapedReading } from "../../engine/escaped_document.ts";
import { PROFILES } from "../../engine/profiles.ts";

const CLEAN: ScanResult = scan('{"a": 1}', PROFILES.strict);

/** One field of a clean result changed, and whether the result is still acceptable. */
const ACCEPTABLE: readonly { name: string; change: Partial<ScanResult>; acceptable: boolean }[] = [
  { name: "a clean scan", change: {}, acceptable: true },
  { name: "cosmetic repairs", change: { exactness: "cosmetic" }, acceptable: true },
  { name: "a lossy repair", change: { exactness: "lossy" }, acceptable: false },
  { name: "a semantic ambiguity", change: { ambiguity: "semantic" }, acceptable: false },
  { name: "a syntactic ambiguity", change: { ambiguity: "syntactic" }, acceptable: false },
  { name: "a truncated input", change: { completeness: "truncated" }, acceptable: false },
  { name: "no value", change: { hasValue: false }, acceptable: false },
  {
    name: "a fatal error",
    change: {
      fatal: { code: "E003", message: "E003 NoJsonFound: no JSON value found in the input" },
    },
    acceptable: false,
  },
  {
    name: "a refusal",
    change: { refusal: { code: "E010", message: "E010 refused" } },
    acceptable: false,
  },
];

for (const row of ACCEPTABLE) {
  Deno.test(`scan result: ${row.name} is ${row.acceptable ? "" : "not "}acceptable`, () => {
    assert.equal(acceptable({ ...CLEAN, ...row.change } as ScanResult), row.acceptable);
  });
}

const LINES: readonly { name: string; text: string; starts: number[] }[] = [
  { name: "an empty text", text: "", starts: [0] },
  { name: "one line", text: "one line", starts: [0] },
  { name: "a line feed ending the text", text: "a\nbc\n", starts: [0, 2, 5] },
  { name: "line feeds side by side", text: "\n\n", starts: [0, 1, 2] },
  { name: "a carriage return (not a line end by itself)", text: "a\r\nb\rc", starts: [0, 3] },
];

for (const row of LINES) {
  Deno.test(`scan result: the lines of ${row.name} start at ${row.starts}`, () => {
    assert.deepEqual(lineStarts(row.text), row.starts);
  });
}

/** A document escaped once, scanned whole: what its result says, offsets as written. */
interface EscapedRow {
  name: string;
  text: string;
  value: unknown;
  /** `rule@offset:line:column`, in order. */
  repairs: string;
  valueStart: number;
  valueEnd: number;
  members: { name: string; end: number }[];
}

const FENCED = '```json\n{\\"a\\": [1,], \\"b\\": 2}\n```';

const ESCAPED: readonly EscapedRow[] = [
  {
    name: "a whole text escaped once",
    text: '{\\"a\\": 1, \\"b\\": \\"x\\"}',
    value: { a: 1, b: "x" },
    repairs: "R067@0:1:1",
    valueStart: 0,
    valueEnd: 24,
    members: [{ name: "a", end: 10 }, { name: "b", end: 24 }],
  },
  {
    name: "a document after blank lines: R067 on its line and column",
    text: '\n\n  {\\"a\\": 1}  ',
    value: { a: 1 },
    repairs: "R067@4:3:3",
    valueStart: 4,
    valueEnd: 14,
    members: [{ name: "a", end: 14 }],
  },
  {
    name: "a fenced document: the repairs before, at and after its bracket in input order",
    text: FENCED,
    value: { a: [1], b: 2 },
    repairs: "R002@0:1:1 R067@8:2:1 R005@18:2:11",
    valueStart: 8,
    valueEnd: 31,
    members: [{ name: "a", end: 20 }, { name: "b", end: 31 }],
  },
];

for (const row of ESCAPED) {
  Deno.test(`scan result: ${row.name} is read unescaped, placed as written`, () => {
    const result = scan(row.text, PROFILES.permissive, true);
    assert.deepEqual(result.value, row.value);
    assert.equal(
      result.repairs.map((r) => `${r.rule}@${r.offset}:${r.line}:${r.column}`).join(" "),
      row.repairs,
    );
    assert.equal(result.repairCount, row.repairs.split(" ").length);
    assert.equal(result.valueStart, row.valueStart);
    assert.equal(result.valueEnd, row.valueEnd);
    assert.equal(result.syntaxEnd, row.valueEnd);
    assert.deepEqual(result.members, row.members);
    assert.equal(result.length, row.text.length);
    assert.equal(result.validJson, false);
    assert.equal(result.exactness, "cosmetic");
    assert.equal(result.completeness, "complete");
    const r067 = result.repairs.find((r) => r.rule === "R067")!;
    assert.deepEqual(
      [r067.name, r067.severity, r067.ambiguity, r067.confidence],
      ["EscapedDocument", "cosmetic", "none", 1],
    );
  });
}

Deno.test("scan result: an escaped document with more repairs than are listed keeps the first ones", () => {
  const text = '[\\"a\\",' + " 'x',".repeat(300) + " 'x']";
  const result = scan(text, PROFILES.permissive);
  assert.equal(result.repairs.length, MAX_LISTED_REPAIRS);
  assert.equal(result.repairCount, 302); // 301 single-quoted strings, and R067
  assert.equal(result.repairs[0].rule, "R067");
  assert.equal(result.repairs[1].offset, 8);
});

Deno.test("scan result: a repair at the escaped span's first bracket comes before R067", () => {
  const written = '{\\"a\\": 1}';
  const reading = escapedReading(written)!;
  const found = scan(reading.text, PROFILES.permissive, true);
  const at = { ...found.repairs[0] ?? {}, rule: "R002", offset: reading.start };
  const result = unescapedResult(
    { ...found, repairs: [at as ScanResult["repairs"][number]], repairCount: 1 },
    reading,
    written,
  );
  assert.deepEqual(result.repairs.map((r) => r.rule), ["R002", "R067"]);
  assert.equal(result.repairCount, 2);
});
