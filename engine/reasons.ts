/**
 * What the retry prompt tells the model, per code: for every repair rule
 * (`R0NN`) and every error (`E0NN`), the plain sentence after `Reason:` and
 * the instruction on the prompt's last line. One table, so that a new rule or
 * error without its sentence is caught by a test, and `docs/ERRORS.md` lists
 * the same rows.
 *
 * A refusal caused by a rule speaks in the rule's terms (what is wrong with
 * the text, what to emit instead). A refusal with no rule uses the error's
 * sentence, followed by the engine's detail when the row says so (which
 * member is missing, which limit was passed).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { reasonFor } from "./reasons.ts";
 * strictEqual(reasonFor("R010")?.reason, "the text ends inside a string, so the arguments look cut off");
 * ```
 *
 * @module
 */

/** The prompt's words for one code. */
export interface RetryReason {
  /** `R0NN` or `E0NN`. */
  readonly code: string;
  /** The plain sentence after `Reason:` (no final full stop). */
  readonly reason: string;
  /**
   * Whether the engine's detail follows the sentence after `: `: for an error without a rule,
   * the whole detail; for a rule, its note (the detail up to `; `, which names the text or
   * the places the refusal is about).
   */
  readonly detail: boolean;
  /** The prompt's last line: what to emit instead. */
  readonly instruction: string;
}

/**
 * The last line when nothing more specific fits.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DEFAULT_INSTRUCTION } from "./reasons.ts";
 * strictEqual(DEFAULT_INSTRUCTION.startsWith("Re-emit"), true);
 * ```
 */
export const DEFAULT_INSTRUCTION = "Re-emit the arguments as valid JSON with exactly one reading.";
const ONE_READING = DEFAULT_INSTRUCTION;

/**
 * The last line of a declaration mismatch (`E030`): the JSON was valid, its value was not.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { reasonFor, SCHEMA_INSTRUCTION } from "./reasons.ts";
 * strictEqual(reasonFor("E030")?.instruction, SCHEMA_INSTRUCTION);
 * ```
 */
export const SCHEMA_INSTRUCTION =
  "Re-emit the arguments so that they match the tool's input schema.";
const COMPLETE = "Re-emit the complete arguments: the whole JSON value, with nothing cut off.";
const ONLY_THE_VALUE = "Re-emit only the JSON value, with no text around it.";
const ONE_VALUE = "Re-emit exactly one JSON value.";
const DOUBLE_QUOTED = "Re-emit the arguments as valid JSON, with every string in double quotes.";
const DISTINCT_KEYS = "Re-emit the arguments with keys that differ visibly.";

const row = (code: string, reason: string, instruction: string, detail = false): RetryReason => ({
  code,
  reason,
  detail,
  instruction,
});

/**
 * Every code's sentence and instruction, rules first, then errors, each in
 * code order.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { REASONS } from "./reasons.ts";
 * const codes = REASONS.map((reason) => reason.code);
 * strictEqual(new Set(codes).size, codes.length); // each code once
 * ```
 */
export const REASONS: readonly RetryReason[] = [
  row(
    "R001",
    "the text starts with a byte order mark (U+FEFF), which is not part of JSON",
    "Re-emit the arguments as the JSON value alone, with nothing before it.",
  ),
  row(
    "R002",
    "the value is wrapped in a markdown code fence, which is not part of JSON",
    "Re-emit only the JSON value, without the code fence.",
  ),
  row("R003", "there is text before or after the JSON value", ONLY_THE_VALUE),
  row(
    "R004",
    "the value holds a comment (//, /* */ or #), and JSON has no comments",
    "Re-emit the arguments as valid JSON, without comments.",
  ),
  row(
    "R005",
    "a comma stands before a closing bracket, which JSON does not allow",
    "Re-emit the arguments as valid JSON, without the trailing comma.",
  ),
  row(
    "R006",
    "two members follow each other with no comma between them",
    "Re-emit the arguments as valid JSON, with a comma between members.",
  ),
  row(
    "R007",
    "a key is not in double quotes",
    "Re-emit the arguments as valid JSON, with every key in double quotes.",
  ),
  row("R008", "a string is in single quotes, and JSON strings take double quotes", DOUBLE_QUOTED),
  row(
    "R009",
    "a string is in typographic quotes (“ ” or ‘ ’) instead of straight double quotes",
    DOUBLE_QUOTED,
  ),
  row("R010", "the text ends inside a string, so the arguments look cut off", COMPLETE),
  row(
    "R011",
    "the text ends before an array or object is closed, so the arguments look cut off",
    COMPLETE,
  ),
  row("R012", "the text ends inside true, false or null, so the arguments look cut off", COMPLETE),
  row(
    "R013",
    "the text ends with a number that may be missing digits, so the arguments look cut off",
    COMPLETE,
  ),
  row("R014", "the text ends inside an escape sequence, so the arguments look cut off", COMPLETE),
  row(
    "R015",
    "True, False and None are Python, not JSON",
    "Re-emit the arguments as valid JSON, with true, false and null in lower case.",
  ),
  row(
    "R016",
    "undefined is not a JSON value",
    "Re-emit the arguments as valid JSON: write null, or leave the member out.",
  ),
  row(
    "R017",
    "a string holds a raw control character (such as a line break), which JSON requires escaped",
    "Re-emit the arguments as valid JSON, with control characters escaped (\\n, \\t).",
  ),
  row(
    "R018",
    "a string holds a backslash escape JSON does not know, so its meaning is unclear",
    "Re-emit the arguments as valid JSON, writing a literal backslash as \\\\.",
  ),
  row(
    "R019",
    "a string holds \\', which JSON does not allow",
    "Re-emit the arguments as valid JSON, writing ' without a backslash.",
  ),
  row(
    "R020",
    "a double quote inside a string is not escaped, so it is unclear where the string ends",
    'Re-emit the arguments as valid JSON, escaping quotes inside strings as \\".',
  ),
  row(
    "R021",
    "a number is written in a notation JSON does not allow (.5, 1. or 0x1F)",
    "Re-emit the arguments as valid JSON, with numbers in plain decimal notation.",
  ),
  row(
    "R022",
    "an integer has leading zeros, which some readers take as octal",
    "Re-emit the arguments with numbers written without leading zeros (or as strings when the zeros matter).",
  ),
  row(
    "R023",
    "NaN and Infinity have no JSON value",
    "Re-emit the arguments as valid JSON, with a finite number or null in their place.",
  ),
  row(
    "R024",
    "a member has a key but no value",
    "Re-emit the arguments with a value for every member.",
  ),
  row(
    "R025",
    "a key is not followed by a colon",
    "Re-emit the arguments as valid JSON, with a colon after every key.",
  ),
  row(
    "R026",
    "a closing bracket does not match the one it closes, so the nesting is unclear",
    "Re-emit the arguments as valid JSON, with every bracket closed by its own kind.",
  ),
  row(
    "R027",
    "characters follow the end of the JSON value",
    "Re-emit only the JSON value, with nothing after it.",
  ),
  row("R028", "a second value follows the first, so it is unclear which one to run", ONE_VALUE),
  row(
    "R029",
    "the value holds a placeholder (...) instead of its content",
    "Re-emit the complete arguments, with every element written out.",
  ),
  row(
    "R030",
    "a bare word stands where a string in double quotes was probably meant",
    DOUBLE_QUOTED,
  ),
  row(
    "R031",
    "a character stands where no JSON value can start or continue",
    "Re-emit the arguments as valid JSON, without stray characters.",
  ),
  row(
    "R032",
    "a key appears twice in one object, and readers disagree on which value counts",
    "Re-emit the arguments with each key once per object.",
  ),
  row(
    "R033",
    "an integer is too large to be read exactly (beyond ±9007199254740991), so readers may see different numbers",
    "Re-emit the arguments with that integer as a string, or within ±9007199254740991.",
  ),
  row(
    "R034",
    "a number is too large or too small to be read: it would become infinity or zero",
    "Re-emit the arguments with that number in range, or as a string.",
  ),
  row(
    "R035",
    "a string holds half of a UTF-16 surrogate pair, which readers replace, reject or keep differently",
    "Re-emit the arguments with whole characters (escape both halves of a pair, or neither).",
  ),
  row(
    "R036",
    "two keys of one object differ only by case, so a reader that ignores case sees one key twice",
    "Re-emit the arguments with keys that differ by more than case.",
  ),
  row(
    "R037",
    "a string holds an invisible bidi control or tag character, so the text reads differently than it runs",
    "Re-emit the arguments without invisible control characters.",
  ),
  row(
    "R038",
    "a key holds an invisible character, so it looks like another key",
    "Re-emit the arguments with keys made only of visible characters.",
  ),
  row(
    "R039",
    "the value holds white space or invisible characters JSON does not allow (a no-break space, a line separator, a zero-width space)",
    "Re-emit the arguments as valid JSON, with ordinary spaces and line breaks.",
  ),
  row(
    "R040",
    "the text holds more than one JSON value, so it is unclear which one to run",
    ONE_VALUE,
    true,
  ),
  row(
    "R041",
    "two tokens stand side by side without a comma, and they could also be one value",
    "Re-emit the arguments as valid JSON: put a comma between elements, or quote the value as one string.",
  ),
  row(
    "R042",
    "a number ends with an exponent marker and no digits (1e), so its value is unknown",
    "Re-emit the arguments with the number written in full.",
  ),
  row(
    "R043",
    "an unquoted key reads differently in different languages (a number such as 1e5, 0x10 or 1.50, a dotted path, True or __proto__)",
    "Re-emit the arguments as valid JSON, with every key in double quotes.",
  ),
  row(
    "R044",
    "two keys of one object become the same key after Unicode normalization",
    DISTINCT_KEYS,
  ),
  row(
    "R045",
    "two keys of one object look alike (such as Latin a and Cyrillic а)",
    DISTINCT_KEYS,
  ),
  row(
    "R050",
    "text beside the JSON value may change what it means (it may negate, question, retract or only illustrate it)",
    ONLY_THE_VALUE,
    true,
  ),
  row(
    "R051",
    "the JSON value stands inside source code, where it is an operand of the program, not the arguments",
    "Re-emit only the arguments as one JSON value, not a program that contains them.",
    true,
  ),
  row(
    "R052",
    "the JSON value closes before the text ends, and what follows would continue it, so members would be lost",
    "Re-emit the complete arguments as one JSON value, with every member inside it.",
  ),
  row(
    "R053",
    "several brackets or punctuation marks are missing at one place, so where the structure goes is a guess",
    "Re-emit the arguments as valid JSON, with every bracket, comma and colon written out.",
  ),
  row(
    "R054",
    "a string is written in triple quotes, which Python reads as one string and JSON as several",
    "Re-emit the arguments as valid JSON, with each string in one pair of double quotes.",
  ),
  row(
    "R055",
    "a number starts with +, so it may have been meant as text (a phone number or a signed offset)",
    "Re-emit the number without the +, or as a string in double quotes if the text is meant.",
  ),
  row(
    "R056",
    "a comment inside the value says it is only an example, is wrong or should not run",
    "Re-emit only the arguments to run, with no comment that qualifies them.",
  ),
  row(
    "R057",
    "a literal is written in capitals (TRUE, Null), which JSON does not allow",
    "Re-emit the arguments as valid JSON, with true, false and null in lower case.",
  ),
  row(
    "R058",
    "there is an extra closing bracket after the value",
    "Re-emit the arguments as valid JSON, with each bracket closed once.",
  ),
  row(
    "R059",
    "a key appears twice in one object with the same value",
    "Re-emit the arguments with each key once per object.",
  ),
  row(
    "R060",
    "a number holds underscores between its digits (1_000), which JSON does not allow",
    "Re-emit the arguments as valid JSON, with numbers written without separators.",
  ),
  row(
    "R061",
    "an object starts with a comma before its first member",
    "Re-emit the arguments as valid JSON, with commas only between members.",
  ),
  row(
    "R062",
    "a value is unquoted text",
    DOUBLE_QUOTED,
  ),
  row(
    "R063",
    "a string holds double quotes that are not escaped",
    'Re-emit the arguments as valid JSON, escaping quotes inside strings as \\".',
  ),
  row(
    "R064",
    "an array is closed with } instead of ]",
    "Re-emit the arguments as valid JSON, with every bracket closed by its own kind.",
  ),
  row(
    "R065",
    "a list is written in parentheses, as a Python tuple",
    "Re-emit the arguments as valid JSON, with lists in square brackets.",
  ),
  row(
    "R066",
    "one item stands in parentheses, which reads as the item itself or as a list of one",
    "Re-emit the arguments as valid JSON: the item alone, or a list of one in square brackets.",
  ),
  row(
    "R067",
    "the whole value is written escaped, as the inside of a JSON string, with a backslash before each quote",
    "Re-emit the arguments as plain JSON, not escaped as a string.",
  ),
  row(
    "E001",
    "the text is empty, so there are no arguments to run",
    "Emit the arguments as one JSON value.",
  ),
  row("E002", "there is text before or after the JSON value", ONLY_THE_VALUE),
  row(
    "E003",
    "no JSON value was found in the text",
    "Emit the arguments as one JSON object or array.",
    true,
  ),
  row("E010", "the text needs a repair that would change the value", ONE_READING, true),
  row("E011", "the text can be read in more than one way", ONE_READING, true),
  row(
    "E020",
    "the value nests deeper than allowed",
    "Re-emit the arguments nested less deeply.",
    true,
  ),
  row("E021", "the text is longer than allowed", "Re-emit shorter arguments.", true),
  row(
    "E022",
    "one string, number or word is longer than allowed",
    "Re-emit the arguments with shorter strings and numbers.",
    true,
  ),
  row(
    "E030",
    "the arguments do not match their declaration",
    SCHEMA_INSTRUCTION,
    true,
  ),
  row("E050", "the host gave an option out of range", ONE_READING, true),
  row("E070", "the host's declaration cannot be used", ONE_READING, true),
];

const BY_CODE: ReadonlyMap<string, RetryReason> = new Map(REASONS.map((r) => [r.code, r]));

/**
 * The row for a code, or `undefined` for a code the table does not know.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { reasonFor } from "./reasons.ts";
 * strictEqual(reasonFor("R032")?.instruction, "Re-emit the arguments with each key once per object.");
 * strictEqual(reasonFor("R999"), undefined);
 * ```
 */
export function reasonFor(code: string): RetryReason | undefined {
  return BY_CODE.get(code);
}

/**
 * The prompt's `Reason:` sentence and last line for an error `code` with its
 * `rule` (if any) and the engine's `detail`: the rule's row when there is a
 * rule, else the error's, with the detail after `: ` when the row takes it.
 * An unknown code keeps the detail and the default last line.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { promptWords } from "./reasons.ts";
 * deepStrictEqual(promptWords("E030", undefined, "required member /q is missing"), {
 *   reason: "the arguments do not match their declaration: required member /q is missing",
 *   instruction: "Re-emit the arguments so that they match the tool's input schema.",
 * });
 * deepStrictEqual(promptWords("E010", "R010", "exactness lossy exceeds max_loss cosmetic"), {
 *   reason: "the text ends inside a string, so the arguments look cut off",
 *   instruction: "Re-emit the complete arguments: the whole JSON value, with nothing cut off.",
 * });
 * ```
 */
export function promptWords(
  code: string,
  rule: string | undefined,
  detail: string,
): { reason: string; instruction: string } {
  const byRule = rule === undefined ? undefined : BY_CODE.get(rule);
  if (byRule !== undefined) {
    const note = byRule.detail ? ruleNote(detail) : "";
    return {
      reason: note === "" ? byRule.reason : `${byRule.reason}: ${note}`,
      instruction: byRule.instruction,
    };
  }
  const byCode = BY_CODE.get(code);
  if (byCode === undefined) return { reason: detail, instruction: ONE_READING };
  const reason = byCode.detail && detail !== "" ? `${byCode.reason}: ${detail}` : byCode.reason;
  return { reason, instruction: byCode.instruction };
}

/**
 * A rule's note in the engine's detail: what comes before the first `; `
 * (the scanner writes `NOTE; emit … (why the profile refuses it)`), or `""`
 * when the detail has no note.
 */
function ruleNote(detail: string): string {
  const end = detail.indexOf("; ");
  return end < 0 ? "" : detail.slice(0, end);
}
