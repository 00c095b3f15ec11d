/**
 * The repair rules the scanner records, by name (`RULE.TrailingComma`), looked up once from the
 * catalogue of `engine/rules.ts`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { RULE } from "./scanner_rules.ts";
 * strictEqual(RULE.TrailingComma.code, "R005");
 * ```
 *
 * @module
 */
import { ruleByName } from "../rules.ts";

/**
 * The repair rules the scanner records, by name: each the catalogue's entry of that name.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { RULE } from "./scanner_rules.ts";
 * import { ruleByName } from "../rules.ts";
 * strictEqual(RULE.TrailingComma.code, "R005");
 * strictEqual(RULE.WrongCloser, ruleByName("WrongCloser"));
 * strictEqual(Object.values(RULE).every((rule) => rule.name.length > 0), true);
 * ```
 */
export const RULE = {
  StripBom: ruleByName("StripBom"),
  StripCodeFence: ruleByName("StripCodeFence"),
  SkipProse: ruleByName("SkipProse"),
  StripComment: ruleByName("StripComment"),
  TrailingComma: ruleByName("TrailingComma"),
  MissingComma: ruleByName("MissingComma"),
  UnquotedKey: ruleByName("UnquotedKey"),
  SingleQuotes: ruleByName("SingleQuotes"),
  TypographicQuotes: ruleByName("TypographicQuotes"),
  CloseString: ruleByName("CloseString"),
  CloseContainer: ruleByName("CloseContainer"),
  CompleteLiteral: ruleByName("CompleteLiteral"),
  TruncatedNumber: ruleByName("TruncatedNumber"),
  TruncatedEscape: ruleByName("TruncatedEscape"),
  PythonLiteral: ruleByName("PythonLiteral"),
  UndefinedLiteral: ruleByName("UndefinedLiteral"),
  RawControlCharacter: ruleByName("RawControlCharacter"),
  InvalidEscape: ruleByName("InvalidEscape"),
  EscapedSingleQuote: ruleByName("EscapedSingleQuote"),
  UnescapedQuote: ruleByName("UnescapedQuote"),
  NumberNotation: ruleByName("NumberNotation"),
  LeadingZero: ruleByName("LeadingZero"),
  NonFiniteNumber: ruleByName("NonFiniteNumber"),
  MissingValue: ruleByName("MissingValue"),
  MissingColon: ruleByName("MissingColon"),
  MismatchedBracket: ruleByName("MismatchedBracket"),
  TrailingGarbage: ruleByName("TrailingGarbage"),
  ConcatenatedDocuments: ruleByName("ConcatenatedDocuments"),
  Placeholder: ruleByName("Placeholder"),
  UnquotedString: ruleByName("UnquotedString"),
  SkippedCharacter: ruleByName("SkippedCharacter"),
  DuplicateKey: ruleByName("DuplicateKey"),
  UnsafeInteger: ruleByName("UnsafeInteger"),
  NumberOutOfRange: ruleByName("NumberOutOfRange"),
  LoneSurrogate: ruleByName("LoneSurrogate"),
  CaseCollidingKeys: ruleByName("CaseCollidingKeys"),
  InvisibleControl: ruleByName("InvisibleControl"),
  ZeroWidthInKey: ruleByName("ZeroWidthInKey"),
  NonJsonWhitespace: ruleByName("NonJsonWhitespace"),
  MultipleCandidates: ruleByName("MultipleCandidates"),
  AmbiguousSplit: ruleByName("AmbiguousSplit"),
  EmptyExponent: ruleByName("EmptyExponent"),
  AmbiguousKey: ruleByName("AmbiguousKey"),
  NormalizationCollidingKeys: ruleByName("NormalizationCollidingKeys"),
  ConfusableKeys: ruleByName("ConfusableKeys"),
  NonFramingText: ruleByName("NonFramingText"),
  CodeAroundValue: ruleByName("CodeAroundValue"),
  PrematureClose: ruleByName("PrematureClose"),
  ChainedRepair: ruleByName("ChainedRepair"),
  TripleQuotedString: ruleByName("TripleQuotedString"),
  LeadingPlus: ruleByName("LeadingPlus"),
  CommentChangesMeaning: ruleByName("CommentChangesMeaning"),
  LiteralCase: ruleByName("LiteralCase"),
  RedundantCloser: ruleByName("RedundantCloser"),
  RepeatedMember: ruleByName("RepeatedMember"),
  DigitSeparator: ruleByName("DigitSeparator"),
  LeadingComma: ruleByName("LeadingComma"),
  BareText: ruleByName("BareText"),
  InnerQuotes: ruleByName("InnerQuotes"),
  WrongCloser: ruleByName("WrongCloser"),
  TupleAsArray: ruleByName("TupleAsArray"),
  ParenthesizedValue: ruleByName("ParenthesizedValue"),
} as const;
