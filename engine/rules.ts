/**
 * The repair catalogue: every change the engine can make to a document, or
 * every hazard it can report about one, as a table of {@linkcode RepairRule}.
 *
 * A rule's `severity` says what applying it does to the value (`exact`: a
 * hazard reported, nothing changed; `cosmetic`: notation only; `lossy`: content
 * invented, dropped or changed). Its `ambiguity` says whether the text admits
 * more than one reading (`syntactic`) or consumers disagree on the one reading
 * (`semantic`). `tail` marks completions of a truncated tail (the only loss the
 * `interactive` profile accepts); `valid` marks hazards that occur in RFC 8259
 * valid JSON (they do not make `valid_json` false).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ruleByName } from "./rules.ts";
 * const closeString = ruleByName("CloseString");
 * strictEqual(closeString.code, "R010");
 * strictEqual(closeString.severity, "lossy"); // the closing quote is invented
 * strictEqual(closeString.tail, true); // but only at the cut tail: `interactive` accepts it
 * ```
 *
 * @module
 */

/** How far a document is from what the model wrote, from best to worst. */
export type Exactness = "exact" | "cosmetic" | "lossy";

/** Whether a document admits more than one reading, and of which kind. */
export type Ambiguity = "none" | "syntactic" | "semantic";

/**
 * One rule of the catalogue.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { type RepairRule, ruleByCode } from "./rules.ts";
 * const rule: RepairRule = {
 *   code: "R005", name: "TrailingComma", severity: "cosmetic", ambiguity: "none",
 *   tail: false, valid: false, confidence: 1,
 *   summary: "a comma before a closing bracket is dropped",
 *   example: ["[1,2,]", "[1,2]"],
 * };
 * deepStrictEqual(ruleByCode("R005"), rule); // the catalogue's row, field for field
 * ```
 */
export interface RepairRule {
  /** Stable code, `R0NN`. */
  readonly code: string;
  /** Stable name, PascalCase. */
  readonly name: string;
  /** What applying the rule does to the value. */
  readonly severity: Exactness;
  /** The ambiguity class the rule reports. */
  readonly ambiguity: Ambiguity;
  /** A completion of a truncated tail (accepted by `interactive`). */
  readonly tail: boolean;
  /** A hazard of valid JSON: firing it leaves `valid_json` true. */
  readonly valid: boolean;
  /** How sure the engine is that its reading is the model's, 0 to 1. */
  readonly confidence: number;
  /** One line: what the rule does. */
  readonly summary: string;
  /** One example: the input, and what the engine makes of it. */
  readonly example: readonly [input: string, output: string];
}

/**
 * One change the engine made (or one hazard it found), at a position in the
 * input. Offsets are UTF-16 code units; line and column are 1-based.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { repair } from "../mod.ts";
 * const [first] = repair("[1,2,]").repairs;
 * deepStrictEqual(first, {
 *   rule: "R005", name: "TrailingComma", offset: 4, line: 1, column: 5,
 *   severity: "cosmetic", ambiguity: "none", confidence: 1,
 * });
 * ```
 */
export interface Repair {
  /** Rule code, `R0NN`. */
  rule: string;
  /** Rule name. */
  name: string;
  /** UTF-16 offset of the change in the input. */
  offset: number;
  /** 1-based line of `offset`. */
  line: number;
  /** 1-based column of `offset`, in UTF-16 code units. */
  column: number;
  /** What the change did to the value. */
  severity: Exactness;
  /** The ambiguity class of the change. */
  ambiguity: Ambiguity;
  /** How sure the engine is of its reading, 0 to 1. */
  confidence: number;
}

const r = (
  code: string,
  name: string,
  severity: Exactness,
  ambiguity: Ambiguity,
  flags: { tail?: boolean; valid?: boolean; confidence?: number },
  summary: string,
  example: readonly [string, string],
): RepairRule => ({
  code,
  name,
  severity,
  ambiguity,
  tail: flags.tail ?? false,
  valid: flags.valid ?? false,
  confidence: flags.confidence ?? 1,
  summary,
  example,
});

/**
 * The whole catalogue, in code order. `docs/RULES.md` documents the same table
 * and a test keeps the two equal.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { RULES } from "./rules.ts";
 * const codes = RULES.map((rule) => rule.code);
 * deepStrictEqual(codes, [...codes].sort()); // in code order
 * strictEqual(new Set(codes).size, codes.length); // each code once
 * strictEqual(codes[0], "R001");
 * ```
 */
export const RULES: readonly RepairRule[] = [
  r("R001", "StripBom", "cosmetic", "none", {}, "a byte order mark before the value is dropped", [
    "\uFEFF{}",
    "{}",
  ]),
  r(
    "R002",
    "StripCodeFence",
    "cosmetic",
    "none",
    {},
    "a markdown code fence around the value is dropped",
    [
      "```json\n{}\n```",
      "{}",
    ],
  ),
  r(
    "R003",
    "SkipProse",
    "cosmetic",
    "none",
    { confidence: 0.9 },
    "prose before or after the value is skipped (only with skip_prose)",
    [
      "Here are the args:\n{}",
      "{}",
    ],
  ),
  r("R004", "StripComment", "cosmetic", "none", {}, "a `//`, `/* */` or `#` comment is dropped", [
    "[1 /* one */]",
    "[1]",
  ]),
  r(
    "R005",
    "TrailingComma",
    "cosmetic",
    "none",
    {},
    "a comma before a closing bracket is dropped",
    [
      "[1,2,]",
      "[1,2]",
    ],
  ),
  r(
    "R006",
    "MissingComma",
    "cosmetic",
    "none",
    { confidence: 0.9 },
    "a missing comma between two members is inserted",
    [
      '{"a":1 "b":2}',
      '{"a":1,"b":2}',
    ],
  ),
  r("R007", "UnquotedKey", "cosmetic", "none", {}, "an identifier used as a key is quoted", [
    "{a:1}",
    '{"a":1}',
  ]),
  r("R008", "SingleQuotes", "cosmetic", "none", {}, "a single-quoted string is re-quoted", [
    "{'a':'b'}",
    '{"a":"b"}',
  ]),
  r(
    "R009",
    "TypographicQuotes",
    "cosmetic",
    "none",
    { confidence: 0.9 },
    "a string in typographic quotes (\u201C\u201D \u2018\u2019) is re-quoted",
    [
      "{\u201Ca\u201D:1}",
      '{"a":1}',
    ],
  ),
  r(
    "R010",
    "CloseString",
    "lossy",
    "none",
    { tail: true },
    "a string cut off by the end of the input is closed",
    [
      '["abc',
      '["abc"]',
    ],
  ),
  r(
    "R011",
    "CloseContainer",
    "lossy",
    "none",
    { tail: true },
    "an array or object cut off by the end of the input is closed",
    [
      "[1,2",
      "[1,2]",
    ],
  ),
  r(
    "R012",
    "CompleteLiteral",
    "lossy",
    "none",
    { tail: true },
    "a literal cut off by the end of the input is completed",
    [
      "[tru",
      "[true]",
    ],
  ),
  r(
    "R013",
    "TruncatedNumber",
    "lossy",
    "none",
    { tail: true },
    "a number at the end of the input may have had more digits; it is kept as read",
    [
      '{"amount":12',
      '{"amount":12}',
    ],
  ),
  r(
    "R014",
    "TruncatedEscape",
    "lossy",
    "none",
    { tail: true },
    "an escape or surrogate pair cut off by the end of the input is dropped",
    [
      '["a\\u00',
      '["a"]',
    ],
  ),
  r(
    "R015",
    "PythonLiteral",
    "cosmetic",
    "none",
    {},
    "Python `True`, `False`, `None` are read as `true`, `false`, `null`",
    [
      "[True,None]",
      "[true,null]",
    ],
  ),
  r(
    "R016",
    "UndefinedLiteral",
    "lossy",
    "none",
    {},
    "JavaScript `undefined` is replaced by `null` (JavaScript would drop the member)",
    [
      '{"a":undefined}',
      '{"a":null}',
    ],
  ),
  r(
    "R017",
    "RawControlCharacter",
    "cosmetic",
    "none",
    {},
    "a raw control character inside a string is escaped",
    [
      '["a\tb"]',
      '["a\\tb"]',
    ],
  ),
  r(
    "R018",
    "InvalidEscape",
    "lossy",
    "none",
    { confidence: 0.7 },
    "an escape JSON does not know keeps its backslash as a character",
    [
      '["C:\\Users"]',
      '["C:\\\\Users"]',
    ],
  ),
  r("R019", "EscapedSingleQuote", "cosmetic", "none", {}, "`\\'` inside a string is read as `'`", [
    "['it\\'s']",
    '["it\'s"]',
  ]),
  r(
    "R020",
    "UnescapedQuote",
    "cosmetic",
    "syntactic",
    { tail: true, confidence: 0.6 },
    "a quote inside a string that does not end it is kept as a character, in a string the input ends inside (which quote ended it is not known); a string that closes properly is `R063`",
    [
      '["say "hi',
      '["say \\"hi"]',
    ],
  ),
  r(
    "R021",
    "NumberNotation",
    "cosmetic",
    "none",
    {},
    "a number in non-JSON notation (`.5`, `1.`, `0x1F`) is rewritten with the same value (a leading `+` is `R055`)",
    [
      "[.5,0x1F]",
      "[0.5,31]",
    ],
  ),
  r(
    "R022",
    "LeadingZero",
    "cosmetic",
    "semantic",
    { confidence: 0.5 },
    "an integer with leading zeros is read as decimal (some readers take it as octal)",
    [
      "[007]",
      "[7]",
    ],
  ),
  r(
    "R023",
    "NonFiniteNumber",
    "lossy",
    "none",
    {},
    "`NaN` or `Infinity` has no JSON value and is replaced by `null`",
    [
      "[NaN]",
      "[null]",
    ],
  ),
  r("R024", "MissingValue", "lossy", "none", {}, "a member with no value gets `null`", [
    '{"a":}',
    '{"a":null}',
  ]),
  r(
    "R025",
    "MissingColon",
    "cosmetic",
    "none",
    { confidence: 0.9 },
    "a missing colon between a key and its value is inserted",
    [
      '{"a" 1}',
      '{"a":1}',
    ],
  ),
  r(
    "R026",
    "MismatchedBracket",
    "cosmetic",
    "syntactic",
    { confidence: 0.6 },
    "a closing bracket of the wrong kind is read as the expected one",
    [
      "[1,2}",
      "[1,2]",
    ],
  ),
  r(
    "R027",
    "TrailingGarbage",
    "lossy",
    "none",
    {},
    "characters after the value that are not prose are dropped (one closer of the root's kind alone is `R058`)",
    [
      '{"a":1}]',
      '{"a":1}',
    ],
  ),
  r(
    "R028",
    "ConcatenatedDocuments",
    "lossy",
    "syntactic",
    { confidence: 0.5 },
    "a second document right after the first, a number or string, is dropped (a second object or array is R040)",
    [
      '{"a":1} "b"',
      '{"a":1}',
    ],
  ),
  r("R029", "Placeholder", "lossy", "none", {}, "an elision placeholder `...` is dropped", [
    "[1,2,...]",
    "[1,2]",
  ]),
  r(
    "R030",
    "UnquotedString",
    "lossy",
    "syntactic",
    { confidence: 0.6 },
    "a bare word used as a value is read as a string",
    [
      '{"a":hello}',
      '{"a":"hello"}',
    ],
  ),
  r(
    "R031",
    "SkippedCharacter",
    "lossy",
    "none",
    {},
    "a character that cannot start or continue a value is dropped",
    [
      "[1,@2]",
      "[1,2]",
    ],
  ),
  r(
    "R032",
    "DuplicateKey",
    "lossy",
    "semantic",
    { valid: true },
    "a key repeated in one object: the last value wins, as in JSON.parse; others keep the first",
    [
      '{"a":1,"a":2}',
      '{"a":2}',
    ],
  ),
  r(
    "R033",
    "UnsafeInteger",
    "lossy",
    "semantic",
    { valid: true },
    "an integer beyond \u00B1(2^53\u22121) cannot be read exactly as a double",
    [
      "[9007199254740993]",
      "[9007199254740992]",
    ],
  ),
  r(
    "R034",
    "NumberOutOfRange",
    "lossy",
    "semantic",
    { valid: true },
    "a number that overflows to infinity or underflows to zero when read",
    [
      "[1e400]",
      "[Infinity]",
    ],
  ),
  r(
    "R035",
    "LoneSurrogate",
    "exact",
    "semantic",
    { valid: true },
    "a lone UTF-16 surrogate, or a pair written half escaped and half raw (`\\uD83D` then a raw low half, or the mirror image): readers replace, reject, keep or join them",
    [
      '["\\uD800"]',
      '["\\uD800"]',
    ],
  ),
  r(
    "R036",
    "CaseCollidingKeys",
    "exact",
    "semantic",
    { valid: true },
    "two keys of one object differ only by case, under full Unicode case folding (`ß`/`ss`, `ſ`/`s`, `ı`/`i`, `σ`/`ς`)",
    [
      '{"id":1,"ID":2}',
      '{"id":1,"ID":2}',
    ],
  ),
  r(
    "R037",
    "InvisibleControl",
    "exact",
    "semantic",
    { valid: true },
    "a bidi control or Unicode tag character can make text read differently than it executes",
    [
      '["a\\u202Eb"]',
      '["a\\u202Eb"]',
    ],
  ),
  r(
    "R038",
    "ZeroWidthInKey",
    "exact",
    "semantic",
    { valid: true },
    "a key holds an invisible character (any Unicode `Default_Ignorable_Code_Point`: a zero-width space, a soft hyphen, a variation selector), so it looks like another key",
    [
      '{"a\\u200B":1}',
      '{"a\\u200B":1}',
    ],
  ),
  r(
    "R039",
    "NonJsonWhitespace",
    "cosmetic",
    "none",
    {},
    "white space JSON does not allow between tokens (no-break space, line separator) is dropped",
    [
      "[1,\u00A02]",
      "[1,2]",
    ],
  ),
  r(
    "R040",
    "MultipleCandidates",
    "lossy",
    "syntactic",
    { confidence: 0.5 },
    "the text holds more than one candidate value (objects, arrays or fenced blocks standing in prose); the first is kept, and the refusal says how many and where",
    [
      '{"a":1} or {"a":2}',
      '{"a":1}',
    ],
  ),
  r(
    "R041",
    "AmbiguousSplit",
    "lossy",
    "syntactic",
    { confidence: 0.5 },
    "two tokens without a comma that could be one token (digit groups, a date, an address, a version, adjacent strings) are split as if a comma stood between them",
    [
      "[192.168.1.1]",
      "[192.168,0.1,0.1]",
    ],
  ),
  r(
    "R042",
    "EmptyExponent",
    "lossy",
    "none",
    {},
    "an exponent marker with no digits (`1e`, `1e+`) is dropped: the digits that were meant are unknown",
    [
      "[1e+]",
      "[1]",
    ],
  ),
  r(
    "R043",
    "AmbiguousKey",
    "cosmetic",
    "semantic",
    { confidence: 0.5 },
    "an unquoted key that readers take differently: a number (`1e5` is the key `100000` in JavaScript, an integer in Python or YAML), a dotted path (`a.b`), a literal (`true`, `None`) or `__proto__`",
    [
      "{1e5:1}",
      '{"1e5":1}',
    ],
  ),
  r(
    "R044",
    "NormalizationCollidingKeys",
    "exact",
    "semantic",
    { valid: true },
    "two keys of one object are equal after Unicode normalization (NFC or NFKC): a composed and a decomposed `é`, `ﬁ` and `fi`, fullwidth `ａ` and `a`",
    [
      '{"\\u00E9":1,"e\\u0301":2}',
      '{"\\u00E9":1,"e\\u0301":2}',
    ],
  ),
  r(
    "R045",
    "ConfusableKeys",
    "exact",
    "semantic",
    { valid: true },
    "two keys of one object look alike: their Unicode confusable skeletons (UTS #39) are equal, such as Latin `a` and Cyrillic `а`",
    [
      '{"a":1,"\\u0430":2}',
      '{"a":1,"\\u0430":2}',
    ],
  ),
  r(
    "R050",
    "NonFramingText",
    "cosmetic",
    "semantic",
    { confidence: 0.5 },
    "text around the value is not framing (a lead-in, label, list marker, wrapper, fence, reasoning block or sign-off): a negation, question, example, hypothetical, retraction or explanation may change what the value means",
    [
      'Avoid calling {"op":"drop"} here.',
      '{"op":"drop"}',
    ],
  ),
  r(
    "R051",
    "CodeAroundValue",
    "cosmetic",
    "semantic",
    { confidence: 0.5 },
    "the value is an operand in source code (after `=`, inside a call, after `return`) or stands in text that reads as code: a literal in a program is not the arguments",
    [
      'files = ["a", "b"]',
      '["a","b"]',
    ],
  ),
  r(
    "R052",
    "PrematureClose",
    "lossy",
    "none",
    {},
    'the document goes on after the root closed (`, "k": …`, `, 3]`, a closer): the root closed too early, and what follows would be dropped',
    [
      '{"to":"a"}, "cc":"b"}',
      '{"to":"a"}',
    ],
  ),
  r(
    "R053",
    "ChainedRepair",
    "lossy",
    "syntactic",
    { confidence: 0.5 },
    "two or more structural tokens inferred for one member or element (a comma before it and a colon inside it, a colon and its bare key's quotes, a colon and its bare value's quotes, a closer standing for its value's own and a comma or colon, closers for several containers at one bracket): together they invent structure. One inferred token stays as it is",
    [
      '{"a":[[1}',
      '{"a":[[1]]}',
    ],
  ),
  r(
    "R054",
    "TripleQuotedString",
    "lossy",
    "syntactic",
    { confidence: 0.5 },
    "a Python triple-quoted string (`\"\"\"…\"\"\"`, `'''…'''`): Python reads one string, a JSON reader an empty string and more",
    [
      '["""x"""]',
      '["","x",""]',
    ],
  ),
  r(
    "R055",
    "LeadingPlus",
    "cosmetic",
    "semantic",
    { confidence: 0.5 },
    "a number written with a leading `+` (`+15551234567`): the model may have meant the text (a phone number, a signed offset), and readers disagree",
    [
      '{"phone":+15551234567}',
      '{"phone":15551234567}',
    ],
  ),
  r(
    "R056",
    "CommentChangesMeaning",
    "cosmetic",
    "semantic",
    { confidence: 0.5 },
    "a comment inside the value negates, retracts, hedges or marks it as an example (`// example only`, `/* don't run */`); an explanatory comment (`// seconds`) is `R004`",
    [
      '{"op":"drop" /* example only */}',
      '{"op":"drop"}',
    ],
  ),
  r(
    "R057",
    "LiteralCase",
    "cosmetic",
    "none",
    {},
    "a JSON literal written in another case (`TRUE`, `FALSE`, `NULL`, `Null`) is read as the literal: no reader takes it for anything else",
    [
      '{"a":TRUE,"b":Null}',
      '{"a":true,"b":null}',
    ],
  ),
  r(
    "R058",
    "RedundantCloser",
    "cosmetic",
    "none",
    {},
    "one closer of the root's kind after a complete root, with nothing after it, is dropped (`{…}}`); more text after it is `R027`",
    [
      '{"a":1}}',
      '{"a":1}',
    ],
  ),
  r(
    "R059",
    "RepeatedMember",
    "exact",
    "none",
    { valid: true },
    'a key repeated with the same scalar value (`{"a":1,"a":1}`): every reader keeps that value; a different value is `R032`',
    [
      '{"a":1,"a":1}',
      '{"a":1}',
    ],
  ),
  r(
    "R060",
    "DigitSeparator",
    "cosmetic",
    "none",
    {},
    "underscores between the digits of a number's integer part inside a value (`1_000_000`) are dropped, as Python and JavaScript read them",
    [
      "[1_000_000]",
      "[1000000]",
    ],
  ),
  r(
    "R061",
    "LeadingComma",
    "cosmetic",
    "none",
    {},
    'a comma before the first member of an object (`{, "a": 1}`) is dropped; in an array it may be a hole (`[, 1]` has two elements in JavaScript) and stays `R031`',
    [
      '{, "a": 1}',
      '{"a":1}',
    ],
  ),
  r(
    "R062",
    "BareText",
    "cosmetic",
    "none",
    {},
    "unquoted text as a member's value that no reader takes for a name or an expression (two words side by side, a URL, an address) and runs to the member's end is read as a string (`{\"city\": New York, …}`, `{url: https://example.com/a}`, a port after the host too: `{url: http://localhost:3000}`); `hello`, `a.b`, `x - y` stay `R030`",
    [
      '{"city": New York, "zip": "10001"}',
      '{"city":"New York","zip":"10001"}',
    ],
  ),
  r(
    "R063",
    "InnerQuotes",
    "cosmetic",
    "none",
    {},
    'quotes inside a string that cannot end it (what follows them cannot follow a string) are kept as characters, and the string ends where what follows confirms it (`"She said "yes" twice"`): ending it at an inner quote leaves text no reading can place. Cut by the end of the input it stays `R020`',
    [
      '{"note":"She said "yes" twice","id":7}',
      '{"note":"She said \\"yes\\" twice","id":7}',
    ],
  ),
  r(
    "R064",
    "WrongCloser",
    "cosmetic",
    "none",
    {},
    'a closer of the wrong kind followed by a comma stands for the top container\'s own (`{"tags": ["a", "b"}, "n": 2}`): closing the enclosing container too would leave the comma and the members after it with no place. Without a comma after it, it is `R026`',
    [
      '{"tags":["a","b"},"n":2}',
      '{"tags":["a","b"],"n":2}',
    ],
  ),
  r(
    "R065",
    "TupleAsArray",
    "cosmetic",
    "none",
    {},
    'a Python tuple (`("a", "b")`, `(1,)`, `()`) is read as an array, as Python\'s `json` writes it',
    [
      '{"pt":(1,2)}',
      '{"pt":[1,2]}',
    ],
  ),
  r(
    "R066",
    "ParenthesizedValue",
    "lossy",
    "syntactic",
    { confidence: 0.5 },
    'one item in parentheses with no comma (`("a")`): Python reads the item itself, a tuple reader an array of one',
    [
      '{"a":("x")}',
      '{"a":["x"]}',
    ],
  ),
  r(
    "R067",
    "EscapedDocument",
    "cosmetic",
    "none",
    {},
    "the whole document is JSON-escaped once (a backslash before every quote, one `JSON.stringify` too many) and is read unescaped: taken only when the text as written has no acceptable reading, the span from the first bracket to the last holds escaped quotes and no raw one, and the unescaped text is accepted",
    [
      '{\\"a\\": 1}',
      '{"a":1}',
    ],
  ),
];

const byName = new Map<string, RepairRule>(RULES.map((rule) => [rule.name, rule]));
const byCode = new Map<string, RepairRule>(RULES.map((rule) => [rule.code, rule]));

/**
 * Looks a rule up by its name; throws on an unknown name (a programming error).
 *
 * @example
 * ```ts
 * import { strictEqual, throws } from "node:assert/strict";
 * import { ruleByName } from "./rules.ts";
 * strictEqual(ruleByName("TrailingComma").code, "R005");
 * throws(() => ruleByName("NoSuchRule"), /unknown repair rule NoSuchRule/);
 * ```
 */
export function ruleByName(name: string): RepairRule {
  const rule = byName.get(name);
  if (rule === undefined) throw new Error(`unknown repair rule ${name}`);
  return rule;
}

/**
 * Looks a rule up by its code, or `undefined`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { ruleByCode } from "./rules.ts";
 * strictEqual(ruleByCode("R010")?.name, "CloseString");
 * strictEqual(ruleByCode("R999"), undefined);
 * ```
 */
export function ruleByCode(code: string): RepairRule | undefined {
  return byCode.get(code);
}
