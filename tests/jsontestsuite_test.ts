/**
 * JSONTestSuite (vendored in `tests/fixtures/JSONTestSuite/test_parsing`, 318 files; see its
 * LICENSE), judged by stated rules rather than recorded outcomes. The engine's byte reader
 * (`decodeUtf8`) refuses every file that is not UTF-8 with `E003`; the other tests read the files
 * as a lenient host would (invalid sequences become U+FFFD, a UTF-8 BOM is dropped by the decoder)
 * and judge that text.
 *
 * - `y_` files are RFC 8259 JSON: the independent oracle (`tests/oracle.ts`) derives, under every
 *   profile, the value (`JSON.parse`'s), `validJson`, exactness, ambiguity and refusal from the
 *   hazards it finds (a duplicate key, say), and the engine must agree.
 * - `n_` files are not JSON. Each belongs to one category of what is wrong with it, and the
 *   category states the outcome under `permissive` and why (`N_CATEGORIES`). Under every profile
 *   none is valid JSON, and none is executable under `strict`.
 * - `i_` files are implementation-defined. Each has its reason beside it (`I_REASONS`); when the
 *   decoded text is JSON the oracle derives the expectation, as for `y_` files; the UTF-16 files
 *   follow the rule stated with them.
 *
 * @module
 */

import assert from "node:assert/strict";
import { scan, type ScanResult } from "../engine/scanner/mod.ts";
import { PROFILE_NAMES, PROFILES } from "../engine/profiles.ts";
import { gate } from "../mod.ts";
import { judge, readText } from "./oracle.ts";
import { decodeUtf8 } from "../engine/encoding.ts";
import { observedScan } from "./fixtures/observed_scan.ts";

const corpus = new URL("./fixtures/JSONTestSuite/test_parsing/", import.meta.url);

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

/** The oracle's disagreements with the engine on one JSON text, under every profile. */
function oracleDisagreements(text: string): string[] {
  return PROFILE_NAMES.flatMap((name) =>
    judge(text, name, observedScan(scan(text, PROFILES[name])), { awaiting: new Set() })
      .map((wrong) => `${name}: ${wrong}`)
  );
}

Deno.test("JSONTestSuite: the vendored corpus (commit 1ef36fa) holds 318 files: 95 y_, 188 n_, 35 i_", () => {
  assert.deepEqual(
    [FILES.length, ofKind("y_").length, ofKind("n_").length, ofKind("i_").length],
    [318, 95, 188, 35],
  );
});

Deno.test("JSONTestSuite: every y_ file is valid UTF-8 (only n_ and i_ files test bad bytes)", () => {
  assert.deepEqual(ofKind("y_").filter((f) => !f.utf8).map((f) => f.name), []);
  assert.ok(FILES.some((f) => !f.utf8), "the decoder sees invalid UTF-8 in some files");
});

Deno.test("JSONTestSuite: the byte reader refuses every file that is not UTF-8 (E003), and reads the rest", () => {
  for (const file of FILES) {
    const bytes = Deno.readFileSync(new URL(encodeURIComponent(file.name), corpus));
    const decoded = decodeUtf8(bytes);
    assert.equal(decoded.error?.code ?? null, file.utf8 ? null : "E003", file.name);
  }
});

Deno.test("JSONTestSuite: no file throws under any profile, and a fatal error leaves no value", () => {
  for (const file of FILES) {
    for (const name of PROFILE_NAMES) {
      const result = scan(file.text, PROFILES[name]);
      assert.equal(result.hasValue, result.fatal === null, `${file.name} under ${name}`);
    }
  }
});

for (const file of ofKind("y_")) {
  Deno.test(`JSONTestSuite ${file.name}: JSON, so the oracle's reading under every profile`, () => {
    assert.ok(readText(file.text).json, "JSON.parse accepts every y_ file");
    assert.deepEqual(oracleDisagreements(file.text), []);
  });
}

// -------------------------------------------------------------------------------- n_ files

/** What `permissive` makes of a text that is not JSON. */
type NOutcome =
  | "E001 empty"
  | "E003 no value"
  | "E020 too deep"
  | "E002 prose"
  | "ambiguous"
  | "cosmetic"
  | "lossy";

function nOutcome(result: ScanResult): NOutcome {
  if (result.fatal !== null) {
    const code = result.fatal.code;
    return code === "E001" ? "E001 empty" : code === "E020" ? "E020 too deep" : "E003 no value";
  }
  if (result.refusal?.code === "E002") return "E002 prose";
  if (result.ambiguity !== "none") return "ambiguous";
  return result.exactness === "exact" ? ("exact" as NOutcome) : result.exactness;
}

/** One category of `n_` file: what is wrong, the outcome that follows, and the files. */
interface NCategory {
  what: string;
  outcome: NOutcome;
  because: string;
  /** The outcome today, while a named engine fix is pending. */
  awaiting?: { fix: string; now: NOutcome };
  /** File names without `n_` and `.json`. */
  files: readonly string[];
}

const N_CATEGORIES: readonly NCategory[] = [
  {
    what: "a root value glued to text, or a bare word in brackets",
    outcome: "E003 no value",
    because: "the candidate rules read a root scalar or value followed by text, and a " +
      "bracketed word or citation, as prose: no candidate value is left",
    files: [
      "string_with_trailing_garbage",
      "structure_array_trailing_garbage",
      "array_a_invalid_utf8",
      "incomplete_false",
      "incomplete_null",
      "incomplete_true",
      "number_Inf",
      "multidigit_number_then_00",
      "structure_array_with_extra_array_close",
      "structure_close_unopened_array",
      "structure_number_with_trailing_garbage",
    ],
  },
  {
    what: "tokens that may be one token or two (`1 true`, `0.1.2`, `1:2`, `1+2`)",
    outcome: "ambiguous",
    because: "a comma is inserted only between two complete tokens that nothing else could " +
      "join; otherwise the split is one guess among several",
    files: [
      "array_1_true_without_comma",
      "number_0.1.2",
      "number_invalid+-",
      "array_items_separated_by_semicolon",
      "number_-1.0.",
      "number_expression",
    ],
  },
  {
    what: "nothing but white space (a BOM the decoder drops included)",
    outcome: "E001 empty",
    because: "there is no value to read",
    files: ["single_space", "structure_UTF8_BOM_no_data", "structure_no_data"],
  },
  {
    what: "a lone word or character that cannot start a value",
    outcome: "E003 no value",
    because: "nothing in the text can be a JSON value",
    files: [
      "string_single_string_no_double_quotes",
      "structure_angle_bracket_.",
      "structure_ascii-unicode-identifier",
      "structure_end_array",
      "structure_lone-invalid-utf-8",
      "structure_single_eacute",
      "structure_single_star",
      "structure_unicode-identifier",
    ],
  },
  {
    what: "nesting deeper than max_depth (512)",
    outcome: "E020 too deep",
    because: "a limit is hit before any value is complete",
    files: ["structure_100000_opening_arrays", "structure_open_array_object"],
  },
  {
    what: "text after (or an invalid byte before) a complete object",
    outcome: "E002 prose",
    because: "permissive does not skip prose around the value",
    files: [
      "structure_incomplete_UTF8_BOM",
      "structure_trailing_#",
      "object_trailing_comment_open",
      "object_trailing_comment_slash_open_incomplete",
    ],
  },
  {
    what: "a slip with one reading (issue 22)",
    outcome: "cosmetic",
    because: "a word joiner between tokens is white space, `{1:1}` and `{null:null}` have the " +
      "same key for every reader (and a key repeated with the same value), one redundant " +
      "closer after the root drops nothing",
    files: [
      "object_repeated_null_null",
      "structure_U+2060_word_joined",
      "structure_whitespace_U+2060_word_joiner",
      "object_non_string_key",
      "array_extra_close",
      "structure_object_followed_by_closing_object",
    ],
  },
  {
    what: "a number with a leading `+`",
    outcome: "ambiguous",
    because: "`+1` may be text the model meant (a phone number, a signed offset): R055 " +
      "(issue 21 class 7; `++1` also drops a sign)",
    files: ["number_+1", "number_++"],
  },
  {
    what: "two values back to back",
    outcome: "ambiguous",
    because: "concatenated documents: which one was meant is not in the text",
    files: ["structure_double_array", "structure_object_with_trailing_garbage"],
  },
  {
    what: "a quote, bracket or key that can be read two ways",
    outcome: "ambiguous",
    because: "an unescaped inner quote, a mismatched bracket or a repeated key has two readings",
    files: [
      "array_spaces_vertical_tab_formfeed",
      "object_garbage_at_end",
      "structure_open_open",
      "structure_open_object_close_array",
    ],
  },
  {
    what: "an integer with leading zeros (or digit groups)",
    outcome: "ambiguous",
    because: "readers disagree: decimal, octal, or two numbers",
    files: [
      "number_-01",
      "number_1_000",
      "number_neg_int_starting_with_zero",
      "number_with_leading_zero",
    ],
  },
  {
    what: "a lone surrogate escape in a broken string",
    outcome: "ambiguous",
    because: "a lone surrogate is a semantic hazard (readers replace, reject or keep it)",
    files: [
      "string_1_surrogate_then_escape",
      "string_1_surrogate_then_escape_u1x",
      "string_incomplete_surrogate",
      "string_incomplete_surrogate_escape_invalid",
    ],
  },
  {
    what: "a bare word or garbage in value position",
    outcome: "ambiguous",
    because: "an unquoted word read as a string is one guess among several",
    files: [
      "array_incomplete_invalid_value",
      "array_invalid_utf8",
      "number_+Inf",
      "number_1eE2",
      "number_U+FF11_fullwidth_digit_one",
      "number_invalid-negative-real",
      "number_invalid-utf-8-in-bigger-int",
      "number_invalid-utf-8-in-exponent",
      "number_invalid-utf-8-in-int",
      "number_minus_sign_with_trailing_garbage",
      "number_neg_with_garbage_at_end",
      "number_real_garbage_after_e",
      "number_real_with_invalid_utf8_after_e",
      "number_with_alpha",
      "number_with_alpha_char",
      "object_bad_value",
      "object_missing_colon",
      "string_accentuated_char_no_quotes",
      "string_leading_uescaped_thinspace",
      "string_no_quotes_with_bad_escape",
      "structure_uescaped_LF_before_string",
    ],
  },
  {
    what: "JSON5-style notation of the same value",
    outcome: "cosmetic",
    because: "a missing colon or comma between complete tokens, a trailing comma, quotes, a " +
      "comment, number notation, Python True, a raw control character or non-JSON white " +
      "space: only notation differs",
    files: [
      "object_missing_semicolon",
      "array_inner_array_no_comma",
      "structure_whitespace_formfeed",
      "number_-2.",
      "number_.2e-3",
      "number_0.e1",
      "number_2.e+3",
      "number_2.e-3",
      "number_2.e3",
      "number_hex_1_digit",
      "number_hex_2_digits",
      "number_neg_real_without_int_part",
      "number_real_without_fractional_part",
      "number_starting_with_dot",
      "structure_capitalized_True",
      "string_unescaped_ctrl_char",
      "string_unescaped_newline",
      "string_unescaped_tab",
      "object_key_with_single_quotes",
      "object_single_quote",
      "string_single_quote",
      "object_trailing_comment",
      "object_trailing_comment_slash_open",
      "object_with_trailing_garbage",
      "structure_object_with_comment",
      "array_extra_comma",
      "array_number_and_comma",
      "object_lone_continuation_byte_in_key_and_trailing_comma",
      "object_trailing_comma",
      "object_unquoted_key",
    ],
  },
  {
    what: "an unquoted numeric or literal key",
    outcome: "ambiguous",
    because: 'JavaScript reads {1e5: \'x\'} as the key "100000" and {null: 1} as "null": ' +
      "the key is not what was written",
    files: [
      "object_non_string_key_but_huge_number_instead",
    ],
  },
  {
    what: "a number with an empty exponent (`0e`, `1.0e+`)",
    outcome: "lossy",
    because: "the exponent's digits are invented",
    files: [
      "number_0.3e+",
      "number_0.3e",
      "number_0_capital_E+",
      "number_0_capital_E",
      "number_0e+",
      "number_0e",
      "number_1.0e+",
      "number_1.0e-",
      "number_1.0e",
      "number_9.e+",
    ],
  },

  {
    what: "a truncated tail: an unclosed string, container, literal, number or escape",
    outcome: "lossy",
    because: "closing or completing it invents what the input did not hold",
    files: [
      "structure_open_array_apostrophe",
      "string_1_surrogate_then_escape_u",
      "string_1_surrogate_then_escape_u1",
      "string_start_escape_unclosed",
      "object_unterminated-value",
      "string_escaped_backslash_bad",
      "string_incomplete_escape",
      "structure_array_with_unclosed_string",
      "structure_open_array_open_string",
      "structure_open_object_open_string",
      "structure_unclosed_array_partial_null",
      "structure_unclosed_array_unfinished_false",
      "structure_unclosed_array_unfinished_true",
      "structure_open_object_string_with_apostrophes",
      "structure_open_array_comma",
      "structure_open_object_comma",
      "structure_open_object_open_array",
      "array_unclosed_with_new_lines",
      "structure_unclosed_array",
      "array_incomplete",
      "array_newlines_unclosed",
      "array_unclosed",
      "array_unclosed_trailing_comma",
      "array_unclosed_with_object_inside",
      "object_missing_value",
      "object_no-colon",
      "structure_comma_instead_of_closing_brace",
      "structure_lone-open-bracket",
      "structure_object_unclosed_no_value",
      "structure_open_array_open_object",
      "structure_open_array_string",
      "structure_open_object",
      "structure_unclosed_object",
      "string_single_doublequote",
    ],
  },
  {
    what: "an escape JSON does not know",
    outcome: "lossy",
    because: "keeping the backslash as a character is a guess at what was meant",
    files: [
      "string_backslash_00",
      "string_escaped_ctrl_char_tab",
      "string_escape_x",
      "string_escaped_emoji",
      "string_incomplete_escaped_character",
      "string_invalid-utf-8-in-escape",
      "string_invalid_backslash_esc",
      "string_invalid_unicode_escape",
      "string_invalid_utf8_after_escape",
      "string_unicode_CapitalU",
    ],
  },
  {
    what: "a member or item with no value, or a key with none",
    outcome: "lossy",
    because: "filling in null (or dropping the item) invents content",
    files: [
      "object_comma_instead_of_colon",
      "object_bracket_key",
      "object_missing_key",
      "object_emoji",
      "object_with_single_string",
    ],
  },
  {
    what: "NaN or Infinity",
    outcome: "lossy",
    because: "JSON has no such value: null replaces it",
    files: ["number_-NaN", "number_NaN", "number_infinity", "number_minus_infinity"],
  },
  {
    what: "a character that cannot start or continue a value",
    outcome: "lossy",
    because: "dropping it changes the text that was written",
    files: [
      "array_colon_instead_of_comma",
      "array_double_extra_comma",
      "array_number_and_several_commas",
      "object_several_trailing_commas",
      "array_comma_and_number",
      "array_double_comma",
      "array_just_comma",
      "array_just_minus",
      "array_missing_value",
      "array_star_inside",
      "number_.-1",
      "number_minus_space_1",
      "object_double_colon",
      "object_two_commas_in_a_row",
      "structure_angle_bracket_null",
      "structure_null-byte-outside-string",
    ],
  },
  {
    what: "closing brackets or garbage after a complete value",
    outcome: "lossy",
    because: "dropped trailing garbage is content the input held",
    files: [
      "array_comma_after_close",
    ],
  },
];

Deno.test("JSONTestSuite n_: every file is in exactly one stated category", () => {
  const listed = N_CATEGORIES.flatMap((c) => c.files.map((f) => `n_${f}.json`));
  assert.deepEqual(listed.filter((f, k) => listed.indexOf(f) !== k), [], "listed twice");
  assert.deepEqual([...listed].sort(), ofKind("n_").map((f) => f.name));
});

for (const category of N_CATEGORIES) {
  const expected = category.awaiting
    ? `${category.outcome} (now ${category.awaiting.now}, until ${category.awaiting.fix})`
    : category.outcome;
  Deno.test(`JSONTestSuite n_ ${category.what}: ${expected}, because ${category.because}`, async (t) => {
    for (const short of category.files) {
      const name = `n_${short}.json`;
      await t.step(name, () => {
        const file = FILES.find((f) => f.name === name)!;
        const outcome = nOutcome(scan(file.text, PROFILES.permissive));
        const allowed = [category.outcome, category.awaiting?.now];
        assert.ok(allowed.includes(outcome), `${outcome}, expected ${expected}`);
        for (const profile of PROFILE_NAMES) {
          assert.equal(scan(file.text, PROFILES[profile]).validJson, false, profile);
        }
        assert.equal(gate(file.text, { profile: "strict" }).executable, false);
      });
    }
  });
}

// -------------------------------------------------------------------------------- i_ files

/** Why each `i_` file is implementation-defined, and the rule that decides it here. */
const I_REASONS: Readonly<Record<string, string>> = {
  "i_number_double_huge_neg_exp.json": "underflows to 0: number_out_of_range, ambiguous",
  "i_number_huge_exp.json": "overflows to Infinity: number_out_of_range, ambiguous",
  "i_number_neg_int_huge_exp.json": "overflows to -Infinity: number_out_of_range, ambiguous",
  "i_number_pos_double_huge_exp.json": "overflows to Infinity: number_out_of_range, ambiguous",
  "i_number_real_neg_overflow.json": "overflows to -Infinity: number_out_of_range, ambiguous",
  "i_number_real_pos_overflow.json": "overflows to Infinity: number_out_of_range, ambiguous",
  "i_number_real_underflow.json": "underflows to 0: number_out_of_range, ambiguous",
  "i_number_too_big_neg_int.json": "an integer beyond -(2^53-1): unsafe_integer, ambiguous",
  "i_number_too_big_pos_int.json": "an integer beyond 2^53-1: unsafe_integer, ambiguous",
  "i_number_very_big_negative_int.json": "an integer beyond -(2^53-1): unsafe_integer, ambiguous",
  "i_object_key_lone_2nd_surrogate.json": "a lone surrogate in a key: ambiguous",
  "i_string_1st_surrogate_but_2nd_missing.json": "a lone high surrogate: ambiguous",
  "i_string_1st_valid_surrogate_2nd_invalid.json": "a high surrogate before a non-surrogate",
  "i_string_incomplete_surrogate_and_escape_valid.json": "a lone high surrogate: ambiguous",
  "i_string_incomplete_surrogate_pair.json": "a lone low surrogate: ambiguous",
  "i_string_incomplete_surrogates_escape_valid.json": "two high surrogates: ambiguous",
  "i_string_invalid_lonely_surrogate.json": "a lone high surrogate: ambiguous",
  "i_string_invalid_surrogate.json": "a lone high surrogate: ambiguous",
  "i_string_inverted_surrogates_U+1D11E.json": "low before high: two lone surrogates",
  "i_string_lone_second_surrogate.json": "a lone low surrogate: ambiguous",
  "i_string_UTF-8_invalid_sequence.json":
    "not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_UTF8_surrogate_U+D800.json":
    "UTF-8 of a surrogate is not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_invalid_utf-8.json": "not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_iso_latin_1.json":
    "Latin-1 é is not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_lone_utf8_continuation_byte.json":
    "a lone continuation byte is not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_not_in_unicode_range.json":
    "beyond U+10FFFF is not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_overlong_sequence_2_bytes.json":
    "an overlong sequence is not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_overlong_sequence_6_bytes.json":
    "an overlong sequence is not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_overlong_sequence_6_bytes_null.json":
    "an overlong NUL is not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_string_truncated-utf-8.json":
    "a cut sequence is not UTF-8: refused by decodeUtf8 (E003); as U+FFFD, safe",
  "i_structure_500_nested_arrays.json": "500 levels, within max_depth 512: safe",
  "i_structure_UTF-8_BOM_empty_object.json": "the decoder drops the UTF-8 BOM: {} is safe",
  "i_string_UTF-16LE_with_BOM.json": "UTF-16: refused as UTF-16 by decodeUtf8 (E003)",
  "i_string_utf16BE_no_BOM.json": "UTF-16: refused as UTF-16 by decodeUtf8 (E003)",
  "i_string_utf16LE_no_BOM.json": "UTF-16: refused as UTF-16 by decodeUtf8 (E003)",
};

Deno.test("JSONTestSuite i_: every file has its reason stated", () => {
  assert.deepEqual(Object.keys(I_REASONS).sort(), ofKind("i_").map((f) => f.name));
});

for (const file of ofKind("i_").filter((f) => readText(f.text).json)) {
  Deno.test(`JSONTestSuite ${file.name}: ${I_REASONS[file.name]} (the oracle's reading)`, () => {
    assert.deepEqual(oracleDisagreements(file.text), []);
  });
}

/**
 * UTF-16 (either byte order, with or without a BOM) is refused where bytes are read, as one cause:
 * `decodeUtf8` sees a UTF-16 BOM or a NUL in every other byte and answers `E003` at byte 0 naming
 * UTF-16 and the byte order, so the mirror images get the same code. Read as text anyway, a NUL
 * beside every ASCII character is never JSON, and never executable.
 */
Deno.test("JSONTestSuite i_ UTF-16 files: refused as UTF-16 by decodeUtf8, one code for every byte order; never executable as text", () => {
  const utf16 = ofKind("i_").filter((f) => !readText(f.text).json);
  assert.deepEqual(utf16.map((f) => f.name), [
    "i_string_UTF-16LE_with_BOM.json",
    "i_string_utf16BE_no_BOM.json",
    "i_string_utf16LE_no_BOM.json",
  ]);
  for (const file of utf16) {
    const bytes = Deno.readFileSync(new URL(encodeURIComponent(file.name), corpus));
    const decoded = decodeUtf8(bytes);
    assert.equal(decoded.error?.code, "E003", file.name);
    assert.match(decoded.error!.message, /the output is UTF-16 \((little|big)-endian\)/, file.name);
    assert.equal(
      decoded.error!.message.includes("big-endian"),
      file.name.includes("BE"),
      `${file.name}: ${decoded.error!.message}`,
    );
    for (const profile of PROFILE_NAMES) {
      const result = gate(file.text, { profile });
      assert.equal(result.executable, false, `${file.name} ${profile}`);
      assert.equal(result.valid_json, false, `${file.name} ${profile}`);
    }
  }
});
