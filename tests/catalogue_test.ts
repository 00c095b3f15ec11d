/**
 * The catalogues in `docs/` equal the catalogues in the code: `docs/RULES.md` and `RULES`,
 * `docs/ERRORS.md` and `ERRORS`, `docs/PROFILES.md` and `PROFILES` / `resolveOptions`. The
 * markdown tables are parsed and compared field by field, so the docs cannot drift; every rule's
 * example is scanned under `permissive` (it must fire that rule and give the documented value),
 * and every error message the engine produces is reproduced.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan } from "../engine/scanner/mod.ts";
import { type RepairRule, RULES } from "../engine/rules.ts";
import { CallerError, ERRORS } from "../engine/errors.ts";
import {
  DEFAULT_PROFILE,
  type Options,
  type Profile,
  PROFILE_NAMES,
  PROFILES,
  resolveOptions,
} from "../engine/profiles.ts";
import { gate } from "../engine/gate.ts";

// ------------------------------------------------------------------ markdown

/** One markdown table: its header cells and its body rows. */
interface Table {
  header: string[];
  rows: string[][];
}

/** The cells of one table line, split on unescaped `|`, trimmed, `\|` unescaped. */
function cellsOf(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replaceAll("\\|", "|"));
}

/** Every table of a markdown document, in order. */
function tablesOf(markdown: string): Table[] {
  const tables: Table[] = [];
  const lines = markdown.split("\n");
  for (let k = 0; k < lines.length - 1; k++) {
    if (!lines[k].startsWith("|") || !/^\|( *:?-+:? *\|)+$/.test(lines[k + 1].trim())) continue;
    const table: Table = { header: cellsOf(lines[k]), rows: [] };
    k += 2;
    while (k < lines.length && lines[k].startsWith("|")) table.rows.push(cellsOf(lines[k++]));
    for (const row of table.rows) assert.equal(row.length, table.header.length, row.join(" | "));
    tables.push(table);
  }
  return tables;
}

/** The rows of the one table whose header is exactly `header`, as objects keyed by column. */
function tableWith(markdown: string, header: string[]): Record<string, string>[] {
  const found = tablesOf(markdown).filter((t) => t.header.join("|") === header.join("|"));
  assert.equal(found.length, 1, `exactly one table with header ${header.join(" | ")}`);
  return found[0].rows.map((row) => Object.fromEntries(header.map((h, k) => [h, row[k]])));
}

/** The text of a code span cell (`` `x` `` or ``` `` x `` ```). */
function codeSpan(cell: string): string {
  const match = /^(`+)(.*)\1$/s.exec(cell);
  assert.ok(match, `a code span: ${cell}`);
  const text = match[2];
  return text.startsWith(" ") && text.endsWith(" ") && text.trim() !== ""
    ? text.slice(1, -1)
    : text;
}

/** A cell holding a JSON string literal in a code span. */
function literalCell(cell: string): string {
  const value = JSON.parse(codeSpan(cell));
  assert.equal(typeof value, "string", cell);
  return value;
}

function yesNo(cell: string): boolean {
  assert.ok(cell === "yes" || cell === "no", `yes or no: ${cell}`);
  return cell === "yes";
}

const docs = new URL("../docs/", import.meta.url);
const read = (name: string) => Deno.readTextFileSync(new URL(name, docs));

Deno.test("markdown reading: cells split on unescaped bars, code spans unwrap", () => {
  assert.deepEqual(cellsOf("| a | `b\\|c` | d |"), ["a", "`b|c`", "d"]);
  assert.equal(codeSpan("`x`"), "x");
  assert.equal(codeSpan("`` a`b ``"), "a`b");
  assert.equal(literalCell('`"a\\u00A0b"`'), "a\u00A0b");
});

// -------------------------------------------------------------------- rules

const RULE_HEADER = [
  "code",
  "name",
  "severity",
  "ambiguity",
  "tail",
  "valid JSON hazard",
  "confidence",
  "what it does",
  "example input",
  "example output",
];

/** A rule's code cell carries its anchor, `<a id="r010"></a>R010`, so a link can name one rule. */
function anchoredCode(cell: string): string {
  const match = /^<a id="(r\d{3})"><\/a>(R\d{3})$/.exec(cell);
  if (match === null || match[1] !== match[2].toLowerCase()) {
    throw new Error(`RULES.md: the code cell ${cell} lacks its anchor <a id="rNNN"></a>`);
  }
  return match[2];
}

const documentedRules: RepairRule[] = tableWith(read("RULES.md"), RULE_HEADER).map((row) => ({
  code: anchoredCode(row.code),
  name: row.name,
  severity: row.severity as RepairRule["severity"],
  ambiguity: row.ambiguity as RepairRule["ambiguity"],
  tail: yesNo(row.tail),
  valid: yesNo(row["valid JSON hazard"]),
  confidence: Number(row.confidence),
  summary: row["what it does"],
  example: [literalCell(row["example input"]), literalCell(row["example output"])],
}));

Deno.test("docs/RULES.md documents every rule of RULES, field by field, in code order", () => {
  assert.deepStrictEqual(documentedRules, RULES.map((rule) => ({ ...rule })));
});

/**
 * The value an example's output column denotes: JSON, except `Infinity`, the one double without
 * a JSON notation (the output of `R034 NumberOutOfRange`).
 */
function exampleValue(output: string): unknown {
  return JSON.parse(output.replaceAll("Infinity", "1e999"));
}

const SEVERITY_RANK = { exact: 0, cosmetic: 1, lossy: 2 } as const;
const AMBIGUITY_RANK = { none: 0, semantic: 1, syntactic: 2 } as const;

for (const rule of RULES) {
  const [input, output] = rule.example;
  Deno.test(`${rule.code} ${rule.name}: its example fires it and gives ${output}`, () => {
    const result = scan(input, PROFILES.permissive);
    assert.equal(result.fatal, null);
    assert.ok(result.hasValue);
    assert.ok(
      result.repairs.some((r) => r.rule === rule.code && r.name === rule.name),
      `fired: ${result.repairs.map((r) => r.rule).join(",")}`,
    );
    assert.deepStrictEqual(result.value, exampleValue(output));
    assert.ok(SEVERITY_RANK[result.exactness] >= SEVERITY_RANK[rule.severity]);
    assert.ok(AMBIGUITY_RANK[result.ambiguity] >= AMBIGUITY_RANK[rule.ambiguity]);
    assert.equal(result.completeness, rule.tail ? "truncated" : "complete");
    if (rule.valid) assert.equal(result.validJson, true);
    else assert.equal(result.validJson, false);
  });
}

// ------------------------------------------------------------------- errors

const ERROR_HEADER = ["code", "name", "when", "what to do", "example message"];
const errorRows = tableWith(read("ERRORS.md"), ERROR_HEADER);

Deno.test("docs/ERRORS.md documents every entry of ERRORS, field by field, in code order", () => {
  assert.deepStrictEqual(
    errorRows.map((row) => ({
      code: row.code,
      name: row.name,
      when: row.when,
      action: row["what to do"],
    })),
    ERRORS.map((e) => ({ ...e })),
  );
});

Deno.test("every example message has the documented form and starts with its code and name", () => {
  for (const row of errorRows) {
    const message = codeSpan(row["example message"]);
    // A position in the input (`at 1:25 (offset 24)`), or a caller error's JSON pointer (`at /profile`).
    assert.match(message, /^E0\d\d [A-Z][A-Za-z]+( at (\d+:\d+ \(offset \d+\)|\/\S*))?: \S/);
    assert.ok(message.startsWith(`${row.code} ${row.name}`), message);
  }
});

function profile(options: Options): Profile {
  return resolveOptions(options);
}

/** The CallerError a call throws (options out of range are thrown, never answered). */
function thrown(call: () => unknown): CallerError | undefined {
  try {
    call();
  } catch (error) {
    if (error instanceof CallerError) return error;
    throw error;
  }
  return undefined;
}

/** How the engine produces each documented example message. */
const REPRODUCE: Record<string, { input: string; message: () => string | undefined }> = {
  E030: {
    input: "`{}` against the declaration `{!query:string}`",
    message: () => gate("{}", { schema: "{!query:string}" }).error?.message,
  },
  E001: { input: "", message: () => scan("", PROFILES.permissive).fatal?.message },
  E002: {
    input: "Here are the args:\n{}",
    message: () => scan("Here are the args:\n{}", PROFILES.execution).refusal?.message,
  },
  E003: { input: "hello world", message: () => scan("hello world", PROFILES.agent).fatal?.message },
  E010: {
    input: '{"query":"weather in Par',
    message: () => scan('{"query":"weather in Par', PROFILES.agent).refusal?.message,
  },
  E011: {
    input: '{"a":1,"a":2}',
    message: () => scan('{"a":1,"a":2}', PROFILES.agent).refusal?.message,
  },
  E020: { input: "[[1]]", message: () => scan("[[1]]", profile({ maxDepth: 1 })).fatal?.message },
  E021: {
    input: "[1,2,3]",
    message: () => scan("[1,2,3]", profile({ maxInput: 6 })).fatal?.message,
  },
  E022: {
    input: '["abcdef"]',
    message: () => scan('["abcdef"]', profile({ maxToken: 5 })).fatal?.message,
  },
  E050: {
    input: "—",
    message: () => thrown(() => gate("{}", { profile: "loose" as Options["profile"] }))?.message,
  },
  E070: {
    input: "the declaration `{!query:}`",
    message: () => thrown(() => gate("{}", { schema: "{!query:}" }))?.message,
  },
};

for (const row of errorRows) {
  const reproduce = REPRODUCE[row.code];
  if (reproduce === undefined) continue;
  Deno.test(`${row.code} ${row.name}: the engine gives the documented example message`, () => {
    assert.equal(reproduce.message(), codeSpan(row["example message"]));
  });
}

Deno.test("docs/ERRORS.md says how each example arises, with the input the test uses", () => {
  const how = tableWith(read("ERRORS.md"), ["code", "input", "options"]);
  assert.deepEqual(how.map((row) => row.code), ERRORS.map((e) => e.code));
  for (const row of how) {
    const reproduce = REPRODUCE[row.code];
    if (reproduce === undefined) continue;
    const input = row.input.startsWith('`"') ? literalCell(row.input) : row.input;
    assert.equal(input, reproduce.input, row.code);
  }
});

// ----------------------------------------------------------------- profiles

const PROFILE_HEADER = [
  "profile",
  "max_loss",
  "tail loss only",
  "ambiguity",
  "skip_prose",
  "max_depth",
  "max_input",
  "max_token",
  "intent",
];

Deno.test("docs/PROFILES.md documents every profile with every option, in table order", () => {
  const rows = tableWith(read("PROFILES.md"), PROFILE_HEADER);
  const documented = rows.map((row): Profile => ({
    name: codeSpan(row.profile) as Profile["name"],
    maxLoss: row.max_loss as Profile["maxLoss"],
    tailLossOnly: yesNo(row["tail loss only"]),
    allowAmbiguity: row.ambiguity === "allowed"
      ? true
      : row.ambiguity === "refused"
      ? false
      : NaN as never,
    skipProse: yesNo(row.skip_prose),
    maxDepth: Number(row.max_depth),
    maxInput: Number(row.max_input),
    maxToken: Number(row.max_token),
  }));
  assert.deepStrictEqual(documented, PROFILE_NAMES.map((name) => ({ ...PROFILES[name] })));
});

Deno.test("docs/PROFILES.md: what each profile refuses on the example inputs is what it refuses", () => {
  const header = ["input", ...PROFILE_NAMES];
  for (const row of tableWith(read("PROFILES.md"), header)) {
    const input = literalCell(row.input);
    for (const name of PROFILE_NAMES) {
      const result = scan(input, PROFILES[name]);
      const code = result.fatal?.code ?? result.refusal?.code ?? "—";
      assert.equal(code, row[name], `${JSON.stringify(input)} under ${name}`);
    }
  }
});

const OPTION_HEADER = ["option", "field", "default", "range", "out of range", "past the limit"];

/** For each option: options that make the input hit the limit the option sets. */
const LIMIT_PROBES: Record<string, { input: string; options: Options }> = {
  maxLoss: { input: "[1,]", options: { maxLoss: "exact" } },
  allowAmbiguity: { input: "[1,2}", options: { allowAmbiguity: false } },
  skipProse: { input: "Here: [1, 2]", options: { profile: "agent", skipProse: false } },
  maxDepth: { input: "[[1]]", options: { maxDepth: 1 } },
  maxInput: { input: "[1]", options: { maxInput: 2 } },
  maxToken: { input: "[123]", options: { maxToken: 2 } },
};

Deno.test("docs/PROFILES.md documents every option: default, range, and both errors", () => {
  const rows = tableWith(read("PROFILES.md"), OPTION_HEADER);
  const fields = rows.map((row) => codeSpan(row.field));
  const resolvedFields = Object.keys(PROFILES.permissive).filter((k) =>
    k !== "name" && k !== "tailLossOnly"
  );
  assert.deepEqual(fields, ["profile", ...resolvedFields]);
  for (const row of rows) {
    const field = codeSpan(row.field) as keyof Options;
    assert.equal(row.option.replaceAll("_", "").toLowerCase(), field.toLowerCase());
    const range = row.range;
    if (field === "profile") {
      assert.equal(codeSpan(row.default), DEFAULT_PROFILE);
      assert.deepEqual(range.split(", ").map(codeSpan), PROFILE_NAMES);
      assert.equal(row["out of range"], "E050");
      assert.equal(
        thrown(() => resolveOptions({ profile: "loose" as Options["profile"] }))?.code,
        "E050",
      );
      continue;
    }
    if (row.default === "from the profile") {
      assert.ok(
        PROFILE_NAMES.some((a) =>
          PROFILE_NAMES.some((b) =>
            PROFILES[a][field as keyof Profile] !== PROFILES[b][field as keyof Profile]
          )
        ),
      );
    } else {
      assert.equal(Number(row.default), PROFILES.permissive[field as keyof Profile], field);
      for (const name of PROFILE_NAMES) {
        assert.equal(PROFILES[name][field as keyof Profile], Number(row.default));
      }
    }
    const numeric = /^1 to (\d+)$/.exec(range);
    if (numeric) {
      const ceiling = Number(numeric[1]);
      for (const ok of [1, ceiling]) {
        assert.equal(profile({ [field]: ok })[field as keyof Profile], ok, `${field} ${ok}`);
      }
      for (const bad of [0, ceiling + 1, 1.5, -1, NaN]) {
        const error = thrown(() => resolveOptions({ [field]: bad }));
        assert.equal(error?.code, row["out of range"], `${field} ${bad}`);
      }
    } else if (field === "maxLoss") {
      assert.deepEqual(range.split(", ").map(codeSpan), ["exact", "cosmetic", "lossy"]);
      const error = thrown(() => resolveOptions({ maxLoss: "none" as Options["maxLoss"] }));
      assert.equal(error?.code, row["out of range"]);
    } else {
      assert.equal(range, "`true`, `false`");
      assert.equal(row["out of range"], "—");
    }
    const probe = LIMIT_PROBES[field];
    const result = scan(probe.input, profile(probe.options));
    assert.equal(result.fatal?.code ?? result.refusal?.code, row["past the limit"], field);
  }
});
