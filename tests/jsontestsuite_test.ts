/**
 * JSONTestSuite (`../shared/corpus/JSONTestSuite/test_parsing`, 318 files): every `y_` file is
 * valid JSON under `strict` and its value deep-equals `JSON.parse`; no `n_` file is valid JSON or
 * yields an exact value under `permissive`; no file throws under any profile; `i_` files are
 * recorded. Files are read as bytes and decoded like a host would (UTF-8, not fatal: invalid
 * sequences become U+FFFD, a UTF-8 BOM is dropped by the decoder).
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, type ScanResult } from "../engine/scanner.ts";
import { PROFILE_NAMES, PROFILES } from "../engine/profiles.ts";

const corpus = new URL("../../shared/corpus/JSONTestSuite/test_parsing/", import.meta.url);

interface CorpusFile {
  name: string;
  text: string;
  /** Whether the bytes are valid UTF-8. */
  utf8: boolean;
}

function readCorpus(): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const entry of Deno.readDirSync(corpus)) {
    if (!entry.isFile || !entry.name.endsWith(".json")) continue;
    const bytes = Deno.readFileSync(new URL(encodeURIComponent(entry.name), corpus));
    let utf8 = true;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      utf8 = false;
    }
    files.push({ name: entry.name, text: new TextDecoder("utf-8").decode(bytes), utf8 });
  }
  return files.sort((a, b) => a.name < b.name ? -1 : 1);
}

const FILES = readCorpus();
const ofKind = (prefix: string) => FILES.filter((f) => f.name.startsWith(prefix));

/**
 * `y_` files whose valid JSON carries a semantic hazard: `strict` refuses ambiguity, so they are
 * valid JSON and still refused (`E011`), naming the hazard.
 */
const HAZARDOUS_VALID: Readonly<Record<string, string>> = {
  "y_object_duplicated_key.json": "R032",
  "y_object_duplicated_key_and_value.json": "R032",
};

Deno.test("JSONTestSuite: the corpus holds 318 files: 95 y_, 188 n_, 35 i_", () => {
  assert.deepEqual(
    [FILES.length, ofKind("y_").length, ofKind("n_").length, ofKind("i_").length],
    [318, 95, 188, 35],
  );
});

Deno.test("JSONTestSuite: which files are not valid UTF-8", () => {
  const invalid = FILES.filter((f) => !f.utf8).map((f) => f.name);
  assert.deepEqual(invalid.filter((n) => n.startsWith("y_")), []);
  assert.equal(invalid.filter((n) => n.startsWith("n_")).length, 12);
  assert.equal(invalid.filter((n) => n.startsWith("i_")).length, 13);
  for (const name of ["i_string_UTF-16LE_with_BOM.json", "i_string_iso_latin_1.json"]) {
    assert.ok(invalid.includes(name), name);
  }
});

Deno.test("JSONTestSuite: no file throws under any profile", () => {
  for (const file of FILES) {
    for (const name of PROFILE_NAMES) {
      const result = scan(file.text, PROFILES[name]);
      assert.equal(typeof result.hasValue, "boolean", `${file.name} under ${name}`);
      if (result.fatal !== null) assert.equal(result.hasValue, false, file.name);
    }
  }
});

for (const file of ofKind("y_")) {
  Deno.test(`JSONTestSuite ${file.name}: valid JSON under strict, equal to JSON.parse`, () => {
    const result = scan(file.text, PROFILES.strict);
    assert.equal(result.fatal, null);
    assert.equal(result.validJson, true);
    assert.deepStrictEqual(result.value, JSON.parse(file.text));
    const hazard = HAZARDOUS_VALID[file.name];
    if (hazard === undefined) {
      assert.equal(result.refusal, null);
      assert.equal(result.exactness, "exact");
      assert.equal(result.ambiguity, "none");
    } else {
      assert.equal(result.refusal?.code, "E011");
      assert.deepEqual(result.repairs.map((r) => r.rule), [hazard]);
    }
  });
}

Deno.test("JSONTestSuite n_: no file is valid JSON or an exact value under permissive", () => {
  for (const file of ofKind("n_")) {
    const result = scan(file.text, PROFILES.permissive);
    assert.equal(result.validJson, false, file.name);
    assert.ok(!result.hasValue || result.exactness !== "exact", file.name);
    assert.ok(result.hasValue || result.fatal !== null, file.name);
  }
});

/** What each outcome of an `n_` file is: repaired (and how badly) or no value (and why). */
function outcome(result: ScanResult): string {
  return result.fatal !== null ? result.fatal.code : result.exactness;
}

Deno.test("JSONTestSuite n_: the outcomes, counted", () => {
  const counts: Record<string, number> = {};
  for (const file of ofKind("n_")) {
    const key = outcome(scan(file.text, PROFILES.permissive));
    counts[key] = (counts[key] ?? 0) + 1;
  }
  assert.deepEqual(counts, { cosmetic: 40, lossy: 124, E001: 3, E003: 19, E020: 2 });
});

/** The strict outcome of every `i_` file: `valid` (accepted), `valid E011` or `invalid E0NN`. */
const I_OUTCOMES: Readonly<Record<string, string>> = {
  "i_number_double_huge_neg_exp.json": "valid E011 R034",
  "i_number_huge_exp.json": "valid E011 R034",
  "i_number_neg_int_huge_exp.json": "valid E011 R034",
  "i_number_pos_double_huge_exp.json": "valid E011 R034",
  "i_number_real_neg_overflow.json": "valid E011 R034",
  "i_number_real_pos_overflow.json": "valid E011 R034",
  "i_number_real_underflow.json": "valid E011 R034",
  "i_number_too_big_neg_int.json": "valid E011 R033",
  "i_number_too_big_pos_int.json": "valid E011 R033",
  "i_number_very_big_negative_int.json": "valid E011 R033",
  "i_object_key_lone_2nd_surrogate.json": "valid E011 R035",
  "i_string_1st_surrogate_but_2nd_missing.json": "valid E011 R035",
  "i_string_1st_valid_surrogate_2nd_invalid.json": "valid E011 R035",
  "i_string_UTF-16LE_with_BOM.json": "invalid E003",
  "i_string_UTF-8_invalid_sequence.json": "valid",
  "i_string_UTF8_surrogate_U+D800.json": "valid",
  "i_string_incomplete_surrogate_and_escape_valid.json": "valid E011 R035",
  "i_string_incomplete_surrogate_pair.json": "valid E011 R035",
  "i_string_incomplete_surrogates_escape_valid.json": "valid E011 R035",
  "i_string_invalid_lonely_surrogate.json": "valid E011 R035",
  "i_string_invalid_surrogate.json": "valid E011 R035",
  "i_string_invalid_utf-8.json": "valid",
  "i_string_inverted_surrogates_U+1D11E.json": "valid E011 R035",
  "i_string_iso_latin_1.json": "valid",
  "i_string_lone_second_surrogate.json": "valid E011 R035",
  "i_string_lone_utf8_continuation_byte.json": "valid",
  "i_string_not_in_unicode_range.json": "valid",
  "i_string_overlong_sequence_2_bytes.json": "valid",
  "i_string_overlong_sequence_6_bytes.json": "valid",
  "i_string_overlong_sequence_6_bytes_null.json": "valid",
  "i_string_truncated-utf-8.json": "valid",
  "i_string_utf16BE_no_BOM.json": "invalid E003",
  "i_string_utf16LE_no_BOM.json": "invalid E010",
  "i_structure_500_nested_arrays.json": "valid",
  "i_structure_UTF-8_BOM_empty_object.json": "valid",
};

Deno.test("JSONTestSuite i_: the outcome of every implementation-defined file under strict", () => {
  const actual: Record<string, string> = {};
  for (const file of ofKind("i_")) {
    const result = scan(file.text, PROFILES.strict);
    const error = result.fatal ?? result.refusal;
    const hazards = result.validJson ? [...new Set(result.repairs.map((r) => r.rule))] : [];
    actual[file.name] = [result.validJson ? "valid" : "invalid", error?.code, ...hazards]
      .filter((part) => part !== undefined).join(" ");
    if (result.validJson) assert.deepStrictEqual(result.value, JSON.parse(file.text), file.name);
  }
  assert.deepStrictEqual(actual, I_OUTCOMES);
});
