/**
 * Framing: what text around the one candidate may be skipped as neutral
 * (docs/ENGINE.md, "Candidates"). The scanner finds the value; this module
 * judges the text before and after it against a closed grammar, and the
 * comments inside it against the words that change a value's meaning.
 *
 * A value is *presented* when the text around it only announces it, labels
 * it, wraps it or signs off; it is *mentioned* when a sentence says something
 * about it (avoids it, asks about it, gives it as an example, retracts it).
 * Only a presented value may be executed: any text outside the grammar is
 * named back to the model (`R050 NonFramingText`, or `R051 CodeAroundValue`
 * when the text reads as source code with the value as an operand).
 *
 * The grammar, piece by piece (white space and punctuation between pieces
 * are neutral):
 * - fences (```` ``` ````/`~~~` runs with any language tag on their line), a
 *   backtick of inline code, wrapper tags from {@linkcode WRAPPER_NAMES}
 *   (`<tool_call>`, `</json>`), special tokens `<|python_tag|>`, control tokens
 *   in brackets ({@linkcode CONTROL_TOKENS}: `[TOOL_CALLS]`), citations `[1]`, Llama's
 *   `<function=name>`;
 * - reasoning blocks ({@linkcode REASONING_NAMES}: `<think>…</think>`) and a
 *   ReAct `Thought:` line before the value: drafts, not read;
 * - list markers at a line's start (`-`, `*`, `+`, `•`, `1.`, `2)`, `a)`; not `>`, a quote),
 *   markdown emphasis and headings, comment delimiters (`//`, `/* *\/`, `#`);
 * - the value's clause (the text touching it, to the nearest `.`, `!`, `?`,
 *   `:`, `;` or line break) is read strictly: every word a word of
 *   {@linkcode FRAMING_WORDS} (`Call the tool with {…} now.`), a number, or an
 *   identifier naming a tool (`get_weather`, `functions.search`,
 *   `` `listFiles` ``); after a label (`Action:`) its line may name something;
 * - notes (other sentences and lines, comments, parentheses, headings) may say
 *   anything but a word of {@linkcode MEANING_WORDS} (negation, hypothesis,
 *   example, retraction) or a question;
 * - sign-offs: a sentence holding one of {@linkcode SIGN_OFF_ANCHORS}
 *   (`let me know`, `hope this helps`) whose words are framing or
 *   {@linkcode SIGN_OFF_WORDS} (`Let me know if you need anything else!`,
 *   `Anything else?`);
 * - not framing: code around the value (an operand after `=`, in a call,
 *   after `return`; a line of source code), struck-through text, a quoted
 *   block.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { unframedText } from "./framing.ts";
 * const lead = 'Here are the arguments:\n{"op":"ls"}';
 * strictEqual(unframedText(lead, 0, 24, true), null);
 * const avoid = 'Avoid calling {"op":"drop_table"} here.';
 * strictEqual(unframedText(avoid, 0, 14, true)?.text, "Avoid calling");
 * ```
 *
 * @module
 */

import {
  BACKTICK,
  BOM,
  CR,
  EQUALS,
  GREATER,
  HASH,
  isDigit,
  isOtherSpace,
  LBRACKET,
  LESS,
  LF,
  LOWER_A,
  LOWER_Z,
  LPAREN,
  RBRACKET,
  RPAREN,
  SLASH,
  SPACE,
  STAR,
  TAB,
  TILDE,
  UNDERSCORE,
  UPPER_A,
  UPPER_Z,
} from "./characters.ts";

/** Why text around the value is not framing. */
export type UnframedKind = "prose" | "code";

/**
 * Text around the value that is not framing: where its sentence starts, the
 * sentence (cut to 80 code units), and whether it reads as prose or code.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { type Unframed, unframedText } from "./framing.ts";
 * const found: Unframed | null = unframedText("x = [1]", 0, 4, true);
 * strictEqual(found?.kind, "code");
 * ```
 */
export interface Unframed {
  /** Offset of the sentence (or code) that is not framing. */
  offset: number;
  /** Its text, cut to 80 code units. */
  text: string;
  /** `prose` (a sentence outside the grammar) or `code` (the value is an operand). */
  kind: UnframedKind;
}

/**
 * Words a framing sentence may hold (lower case, straight apostrophe): the
 * words of lead-ins, labels and sign-offs, and nothing that negates, asks,
 * hedges, gives an example or retracts (`not`, `avoid`, `if`, `would`,
 * `e.g.`, `example`, `instead`, `wrong` are absent on purpose).
 */
// deno-fmt-ignore
export const FRAMING_WORDS: ReadonlySet<string> = new Set([
  // presenting
  "here", "here's", "heres", "there", "there's", "below", "above", "following", "follows", "is",
  "are", "be", "the", "a", "an", "this", "these", "that", "those", "it", "it's", "its", "my",
  "your", "our", "as", "with", "for", "to", "of", "on", "in", "into", "at", "by", "from", "via",
  "using", "use", "and", "then", "now", "so", "just", "all", "one", "single", "both",
  // what is presented
  "json", "jsonl", "object", "objects", "array", "arguments", "argument", "args", "arg",
  "parameters", "parameter", "params", "param", "input", "inputs", "payload", "request",
  "response", "output", "answer", "result", "results", "call", "calls", "calling", "tool", "tools",
  "function", "functions", "method", "action", "invocation", "invoke", "invoking", "data", "value",
  "values", "field", "fields", "schema", "format", "formatted", "structured", "valid", "requested",
  "correct", "corrected", "final", "proper", "complete", "full", "updated", "fixed", "required",
  "necessary", "appropriate", "relevant", "specified", "given", "accordingly", "details",
  "information", "body", "name", "named", "content", "command", "query", "step", "code", "block",
  "snippet", "text", "message", "reply", "assistant", "ai", "model", "run", "running", "execute",
  "executing", "execution", "send", "sending", "pass", "passing", "provide", "providing",
  "provided", "return", "returning", "returns", "emit", "emitting", "give", "giving", "generate",
  "generated", "generating", "create", "created", "prepare", "prepared", "make", "making", "made",
  "produce", "produced", "set", "filled", "fill", "based", "according", "per", "what", "asked",
  "ask", "need", "needed", "task", "request's", "tool's", "function's", "please", "find", "see",
  "go", "going", "will", "i", "i'll", "i'm", "i've", "we", "we'll", "we're", "let", "let's", "me",
  "you", "you've", "can", "do", "done", "am", "got", "get", "next", "first", "finally", "again",
  "once", "more", "exact", "exactly", "only", "same",
  // openers
  "sure", "okay", "ok", "certainly", "absolutely", "alright", "right", "great", "course", "yes",
  "yep", "understood", "perfect", "thanks", "thank", "glad", "happy", "help", "helping", "assist",
]);

/** Phrases that make a sentence a sign-off. */
export const SIGN_OFF_ANCHORS: readonly string[] = [
  "let me know",
  "feel free",
  "hope this helps",
  "hope that helps",
  "happy to help",
  "glad to help",
  "anything else",
  "any questions",
  "any other questions",
  "any changes",
  "any adjustments",
  "good luck",
  "have a nice day",
  "have a great day",
  "enjoy",
  "cheers",
  "thanks",
  "thank you",
];

/** Words a sign-off may hold besides the framing words (`if` only here: `if you need`). */
// deno-fmt-ignore
export const SIGN_OFF_WORDS: ReadonlySet<string> = new Set([
  "if", "else", "anything", "any", "other", "further", "questions", "question", "changes",
  "adjustments", "modifications", "assistance", "want", "like", "would", "you'd", "something",
  "know", "feel", "free", "hope", "helps", "luck", "nice", "good", "day", "enjoy", "cheers",
  "need", "needs", "else", "reach", "out", "happy", "glad", "there", "anything", "could", "tweak",
  "tweaks", "modify", "adjust", "change", "different", "another", "additional", "clarification",
  "details", "update", "updates", "have", "has", "assist",
]);

/** Wrapper tag names (`<tool_call>`, `</json>`) that are framing. */
// deno-fmt-ignore
export const WRAPPER_NAMES: ReadonlySet<string> = new Set([
  "tool_call", "tool_calls", "toolcall", "function_call", "functioncall", "function_calls", "json",
  "arguments", "args", "answer", "output", "result", "response", "tool", "call", "invoke",
  "parameters", "params", "function", "tool_use", "action_input", "input", "tool_input", "code",
  "pre", "final", "final_answer", "assistant", "tool_code",
]);

/** Reasoning blocks before the value: drafts, never read. */
// deno-fmt-ignore
export const REASONING_NAMES: ReadonlySet<string> = new Set([
  "think", "thinking", "thought", "thoughts", "reasoning", "reflection", "scratchpad", "analysis",
]);

/** Control tokens in brackets that are framing (`[TOOL_CALLS]`). */
// deno-fmt-ignore
export const CONTROL_TOKENS: ReadonlySet<string> = new Set([
  "TOOL_CALLS", "TOOL_CALL", "TOOL_REQUEST", "/TOOL_REQUEST", "TOOL_RESULTS", "INST", "/INST",
  "ARGS", "ARGUMENTS", "CALL", "JSON", "OUTPUT", "ANSWER", "FUNCTION_CALL", "FUNCTION_CALLS",
]);

/** First words of a line that make it source code. */
const CODE_LINE_STARTS: readonly string[] = [
  // Keywords, each followed by a space (one string: a bundle must not hold `import "`).
  ..."def import from const let var function class return package func fn pub public private async await export elif yield"
    .split(" ").map((word) => word + " "),
  "print(",
  "console.",
  "#include",
  "else:",
  "for (",
  "while (",
  "if (",
];

/** Words right before a value that make it an operand in code. */
const CODE_OPERAND_WORDS: ReadonlySet<string> = new Set(["return", "yield", "await", "in"]);

const SENTENCE_CUT = 80;

function isLetter(c: number): boolean {
  // Letters beyond ASCII, but not punctuation, symbols or emoji (surrogates).
  return (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) ||
    (c >= 0xc0 && c < 0x2000) || (c >= 0x3040 && c < 0xd800) || (c >= 0xf900 && c < 0xfe00);
}

function isIdentifierChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === UNDERSCORE;
}

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR || c === BOM || isOtherSpace(c) ||
    c === 0x200b;
}

/** Whether a word (as written) names a tool or a member: snake_case, camelCase, dotted. */
function isIdentifier(word: string): boolean {
  let lower = false, dotted = false, segment = 0, shortSegment = false;
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if (c === UNDERSCORE) return true;
    if (c === 46) {
      dotted = true;
      if (segment < 2) shortSegment = true;
      segment = 0;
      continue;
    }
    segment++;
    if (c >= LOWER_A && c <= LOWER_Z) lower = true;
    else if (c >= UPPER_A && c <= UPPER_Z && lower) return true;
  }
  // `functions.search`, `json.dumps`; not `e.g` or `i.e`.
  return dotted && !shortSegment && segment >= 2;
}

/** A word as the vocabulary spells it: lower case, typographic apostrophes straight. */
function normalWord(word: string): string {
  return word.toLowerCase().replaceAll("\u2019", "'").replaceAll("\u2018", "'");
}

/** The sentence from `start`, cut at its end or at SENTENCE_CUT, trimmed. */
function sentenceAt(text: string, start: number, end: number): string {
  let k = start;
  while (k < end && k - start < SENTENCE_CUT) {
    const c = text.charCodeAt(k);
    if (c === LF) break;
    k++;
  }
  return text.slice(start, k).trim();
}

/** Whether a sentence's words make it a sign-off. */
function isSignOff(words: readonly string[]): boolean {
  const joined = ` ${words.join(" ")} `;
  if (!SIGN_OFF_ANCHORS.some((anchor) => joined.includes(` ${anchor} `))) return false;
  return words.every((w) => FRAMING_WORDS.has(w) || SIGN_OFF_WORDS.has(w));
}

/** Whether the line from i (its first non-blank character) starts like source code. */
function codeLineAt(text: string, i: number, end: number): boolean {
  for (const start of CODE_LINE_STARTS) {
    if (i + start.length <= end && text.startsWith(start, i)) return true;
  }
  // `name = …`, `name := …`, `name[0] = …`: an assignment.
  let k = i;
  while (k < end && (isIdentifierChar(text.charCodeAt(k)) || text.charCodeAt(k) === 46)) k++;
  if (k === i) return false;
  while (k < end && text.charCodeAt(k) === LBRACKET) {
    while (k < end && text.charCodeAt(k) !== RBRACKET) k++;
    k++;
  }
  while (k < end && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++;
  if (k < end && text.charCodeAt(k) === 58 && text.charCodeAt(k + 1) === EQUALS) return true;
  return k < end && text.charCodeAt(k) === EQUALS && text.charCodeAt(k + 1) !== EQUALS;
}

/**
 * Whether the value right after `before` (its last non-blank character at
 * `last`) is an operand in code: after `=`, `(` glued to a name (a call),
 * `return`, `yield`, `await`, `in`.
 */
function operandBefore(text: string, start: number, last: number): boolean {
  const c = text.charCodeAt(last);
  if (c === EQUALS) return true;
  if (c === LPAREN) return last > start && isIdentifierChar(text.charCodeAt(last - 1));
  let k = last;
  while (k >= start && isLetter(text.charCodeAt(k))) k--;
  return k < last && CODE_OPERAND_WORDS.has(text.slice(k + 1, last + 1));
}

/** Whether text right after the value (from its first non-blank character) continues code. */
function operandAfter(text: string, i: number, end: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 46 && i + 1 < end) {
    return isLetter(text.charCodeAt(i + 1)) || text.charCodeAt(i + 1) === UNDERSCORE;
  }
  if (c === LBRACKET && i + 1 < end) return isDigit(text.charCodeAt(i + 1)); // an index
  return false;
}

/** The end of a `<…>` tag from i (past `>`), or -1 when none closes within 40 characters. */
function tagEnd(text: string, i: number, end: number): number {
  for (let k = i + 1; k < end && k - i < 40; k++) {
    const c = text.charCodeAt(k);
    if (c === GREATER) return k + 1;
    if (c === LESS || c === LF) return -1;
  }
  return -1;
}

/** The name of a tag `<name>`, `</name>`, `<name/>` between i and its end. */
function tagName(text: string, i: number, close: number): string {
  let a = i + 1, b = close - 1;
  if (text.charCodeAt(a) === SLASH) a++;
  if (text.charCodeAt(b - 1) === SLASH) b--;
  return text.slice(a, b).trim().toLowerCase();
}

/**
 * Judges the text from `start` to `end` around the value: null when it is
 * framing, else the first piece that is not. `before` says which side of the
 * value it stands on (reasoning blocks and a trailing operator are read only
 * before it; code continuing the value only after it).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { unframedText } from "./framing.ts";
 * const fence = "\u0060\u0060\u0060";
 * const text = `${fence}json\n{"a":1}\n${fence}\nLet me know if you need anything else!`;
 * strictEqual(unframedText(text, 0, 8, true), null);
 * strictEqual(unframedText(text, 15, text.length, false), null);
 * const retracted = '{"op":"drop_table"} - scratch that, wrong table.';
 * strictEqual(unframedText(retracted, 19, retracted.length, false)?.text, "- scratch that, wrong table");
 * ```
 */
export function unframedText(
  text: string,
  start: number,
  end: number,
  before: boolean,
): Unframed | null {
  // Code first: the value as an operand.
  if (before) {
    let last = end - 1;
    while (last >= start && isBlank(text.charCodeAt(last))) last--;
    if (last >= start && operandBefore(text, start, last)) {
      const lineStart = text.lastIndexOf("\n", last) + 1;
      const from = lineStart > start ? lineStart : start;
      return { offset: from, text: sentenceAt(text, from, end), kind: "code" };
    }
  } else {
    let first = start;
    while (first < end && isBlank(text.charCodeAt(first))) first++;
    if (first < end && operandAfter(text, first, end)) {
      return { offset: first, text: sentenceAt(text, first, end), kind: "code" };
    }
  }
  // The value's clause (the text touching it, to the nearest sentence or
  // line end) is read strictly; the rest as notes.
  if (before) {
    let clause = end;
    while (
      clause > start && !isClauseEnd(text.charCodeAt(clause - 1)) &&
      !endsReasoningBlock(text, start, clause)
    ) clause--;
    return judgeRegion(text, start, clause, false, true, true) ??
      judgeRegion(
        text,
        clause,
        end,
        true,
        clause === start || text.charCodeAt(clause - 1) === LF,
        true,
      );
  }
  let clause = start;
  while (clause < end && !isClauseEnd(text.charCodeAt(clause))) clause++;
  return judgeRegion(text, start, clause, true, false, false) ??
    judgeRegion(text, clause, end, false, false, false);
}

/**
 * Whether a reasoning block's closing tag (`</think>`) ends just before `at`:
 * the value's clause starts after it (`<think>…</think>{…}` on one line).
 */
function endsReasoningBlock(text: string, start: number, at: number): boolean {
  if (text.charCodeAt(at - 1) !== GREATER) return false;
  const open = text.lastIndexOf("</", at - 2);
  return open >= start && REASONING_NAMES.has(text.slice(open + 2, at - 1).trim().toLowerCase());
}

/** Whether a character ends the value's clause (a sentence or line end, a label's colon). */
function isClauseEnd(c: number): boolean {
  return c === LF || c === 46 || c === 33 || c === 63 || c === 58 || c === 59;
}

/**
 * Judges the text from `from` to `to`: `strict` (the value's clause) takes
 * only framing words, a note (any other sentence, a comment, a parenthesis)
 * any word but those of {@linkcode MEANING_WORDS}; a question is framing only
 * as a sign-off. Null when it is framing, else the first sentence that is not.
 */
function judgeRegion(
  text: string,
  from: number,
  to: number,
  strict: boolean,
  atLineStart0: boolean,
  before: boolean,
): Unframed | null {
  const end = to;
  let i = from;
  let lineStart = atLineStart0;
  // Notes inside the strict clause: a comment (LINE_NOTE to its line end,
  // BLOCK_NOTE to `*/`), parentheses and brackets (their depth), a `#tag`.
  let comment = NO_NOTE, parens = 0, tag = false;
  let sentence = -1; // offset of the sentence being read, -1 between sentences
  let words: string[] = [];
  let unknown = -1; // offset of the first word outside the vocabulary in this sentence
  let question = false;
  // After a label (`Action:`, `Tool:`), the rest of its line may be a name.
  let nameSlot = false;
  /** Ends the sentence being read (at `terminator`): null when it was framing, else what it was. */
  const endSentence = (terminator: number): Unframed | null => {
    const s = sentence, bad = unknown >= 0 || question;
    const ws = words, slot = nameSlot;
    sentence = -1;
    words = [];
    unknown = -1;
    question = false;
    nameSlot = terminator === 58 && s >= 0 && !bad;
    if (s < 0 || !bad || isSignOff(ws)) return null;
    if (slot && (terminator === LF || terminator === 0) && !question && isName(ws)) return null;
    return { offset: s, text: sentenceAt(text, s, end), kind: "prose" };
  };
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === LF) {
      if (comment === LINE_NOTE) comment = NO_NOTE;
      const found = endSentence(LF);
      if (found !== null) return found;
      lineStart = true;
      i++;
      continue;
    }
    if (isBlank(c)) {
      i++;
      continue;
    }
    const atLineStart = lineStart;
    lineStart = false;
    if (atLineStart) {
      if (codeLineAt(text, i, end)) {
        return { offset: i, text: sentenceAt(text, i, end), kind: "code" };
      }
      // A list marker: `-`, `*`, `+`, `•`, `1.`, `2)`, `a)`, `(a)`.
      let k = i;
      while (k < end && k - i < 3 && isDigit(text.charCodeAt(k))) k++;
      if (k === i && k < end && isLetter(text.charCodeAt(k)) && text.charCodeAt(k + 1) === RPAREN) {
        k++;
      }
      const m = k < end ? text.charCodeAt(k) : 0;
      if (
        (k > i && (m === 46 || m === RPAREN) && isBlank(text.charCodeAt(k + 1))) ||
        ((c === 45 || c === STAR || c === 43 || c === 0x2022) &&
          isBlank(text.charCodeAt(i + 1)))
      ) {
        i = k > i ? k + 1 : i + 1;
        lineStart = false;
        continue;
      }
      // `> {…}`: a quoted block, someone's value mentioned, not presented.
      if (c === GREATER && strict && isBlank(text.charCodeAt(i + 1))) {
        if (sentence < 0) sentence = i;
        if (unknown < 0) unknown = i;
        i++;
        continue;
      }
      // A ReAct `Thought:` line before the value: a draft, not read.
      if (before && /^thought\s*:/i.test(text.slice(i, i + 9))) {
        const eol = text.indexOf("\n", i);
        i = eol < 0 || eol > end ? end : eol;
        continue;
      }
    }
    if (c === LESS) {
      const close = tagEnd(text, i, end);
      if (close > 0) {
        const name = tagName(text, i, close);
        if (name.startsWith("|") && name.endsWith("|")) {
          i = close; // a special token: `<|python_tag|>`, `<|im_start|>`
          continue;
        }
        if (before && REASONING_NAMES.has(name) && text.charCodeAt(i + 1) !== SLASH) {
          const closing = text.indexOf(`</${text.slice(i + 1, close - 1).trim()}>`, close);
          i = closing < 0 || closing >= end ? end : closing;
          continue;
        }
        // Llama's `<function=get_weather>` names the tool it wraps.
        if (
          WRAPPER_NAMES.has(name) || REASONING_NAMES.has(name) || /^function=[\w.-]+$/.test(name)
        ) {
          i = close;
          continue;
        }
      }
    }
    if (c === BACKTICK || c === TILDE) {
      let k = i;
      while (k < end && text.charCodeAt(k) === c) k++;
      if (k - i >= 3) {
        // A fence with any language tag on its line.
        const eol = text.indexOf("\n", k);
        i = eol < 0 || eol > end ? end : eol;
        continue;
      }
      if (c === TILDE && k - i === 2 && strict && comment === NO_NOTE && parens === 0) {
        // `~~{…}~~`: struck through, retracted.
        if (sentence < 0) sentence = i;
        if (unknown < 0) unknown = i;
        i = k;
        continue;
      }
      if (c === BACKTICK) {
        // Inline code: an identifier is a word (a tool's name); anything else
        // inside is read as it stands.
        let j = k;
        while (j < end && text.charCodeAt(j) !== BACKTICK && text.charCodeAt(j) !== LF) j++;
        if (j < end && text.charCodeAt(j) === BACKTICK && j > k) {
          const inner = text.slice(k, j);
          if (/^[A-Za-z_][\w.\-/]*(\(\))?$/.test(inner)) {
            if (sentence < 0) sentence = i;
            i = j + 1;
            continue;
          }
        }
        i = k;
        continue;
      }
    }
    if (c === LBRACKET) {
      // A short bracket only (the search is bounded: prose of many `[` stays linear).
      let close = i + 1;
      while (close < end && close - i < 24 && text.charCodeAt(close) !== RBRACKET) close++;
      if (close < end && close - i < 24 && text.charCodeAt(close) === RBRACKET) {
        const inner = text.slice(i + 1, close);
        if (CONTROL_TOKENS.has(inner) || /^\d{1,3}$/.test(inner)) {
          i = close + 1;
          continue;
        }
      }
      parens++;
      i++;
      continue;
    }
    if (c === LPAREN) {
      parens++;
      i++;
      continue;
    }
    if ((c === RPAREN || c === RBRACKET) && parens > 0) {
      parens--;
      i++;
      continue;
    }
    if (c === SLASH && i + 1 < end) {
      const d = text.charCodeAt(i + 1);
      if (d === SLASH || d === STAR) {
        // A comment's text is a note.
        if (comment === NO_NOTE) comment = d === SLASH ? LINE_NOTE : BLOCK_NOTE;
        i += 2;
        continue;
      }
    }
    if (c === STAR && i + 1 < end && text.charCodeAt(i + 1) === SLASH) {
      if (comment === BLOCK_NOTE) comment = NO_NOTE;
      i += 2;
      continue;
    }
    if (c === HASH) {
      // `# heading`, `# comment`: a note to the line's end; `#tag`: a note word.
      let k = i;
      while (k < end && text.charCodeAt(k) === HASH) k++;
      if (k < end && isLetter(text.charCodeAt(k)) && k === i + 1) tag = true;
      else if (comment === NO_NOTE) comment = LINE_NOTE;
      i = k;
      continue;
    }
    if (isLetter(c) || isDigit(c)) {
      let k = i;
      for (; k < end; k++) {
        const d = text.charCodeAt(k);
        if (
          isIdentifierChar(d) || d === 39 || d === 0x2019 || d === 45 ||
          (d === 46 && k + 1 < end && isIdentifierChar(text.charCodeAt(k + 1)))
        ) continue;
        break;
      }
      const raw = text.slice(i, k);
      if (sentence < 0) sentence = i;
      const word = normalWord(raw);
      words.push(word);
      const noted = !strict || comment !== NO_NOTE || parens > 0 || tag;
      tag = false;
      if (unknown < 0) {
        if (noted) {
          // A note may say anything but what changes the value's meaning.
          if (changesMeaning(word)) unknown = i;
        } else if (!FRAMING_WORDS.has(word) && !/^[\d.,]+$/.test(word) && !isIdentifier(raw)) {
          // The value's clause takes framing words only (a sign-off's words
          // pass with the whole sign-off).
          unknown = i;
        }
      }
      i = k;
      continue;
    }
    if (c === 63 || c === 0xff1f) {
      // A question mark.
      if (sentence < 0) sentence = i;
      question = true;
      const found = endSentence(63);
      if (found !== null) return found;
      i++;
      continue;
    }
    if (c === 46 || c === 33 || c === 58 || c === 59) {
      // `.`, `!`, `:`, `;` end a sentence.
      const found = endSentence(c);
      if (found !== null) return found;
      i++;
      continue;
    }
    if ((c === EQUALS || c === 123 || c === 125) && strict && comment === NO_NOTE && parens === 0) {
      // `=`, `{`, `}` touching the value: code, or a fragment.
      if (sentence < 0) sentence = i;
      if (unknown < 0) unknown = i;
      i++;
      continue;
    }
    // Other punctuation (`,`, quotes, parentheses, dashes, emphasis, emoji) is neutral.
    if (sentence < 0 && c !== 44 && c !== 40 && c !== RPAREN && c !== 42 && c !== 95) {
      sentence = i;
    }
    i++;
  }
  return endSentence(0);
}

/** Kinds of note inside the value's clause. */
const NO_NOTE = 0, LINE_NOTE = 1, BLOCK_NOTE = 2;

/** Whether a word (normalized) negates, asks, hedges, gives an example or retracts. */
function changesMeaning(word: string): boolean {
  return MEANING_WORDS.has(word) || word.endsWith("n't") || word.endsWith("nt'");
}

/** Whether a label's rest of line names something (`Action: search`): one to three plain words. */
function isName(words: readonly string[]): boolean {
  return words.length > 0 && words.length <= 3 && words.every((w) => !changesMeaning(w));
}

/** Words that change what a value means, in a note around it or a comment inside it. */
// deno-fmt-ignore
export const MEANING_WORDS: ReadonlySet<string> = new Set([
  // negation and avoidance
  "not", "no", "none", "nor", "never", "avoid", "don't", "dont", "cannot", "without", "nope",
  // hypotheticals and hedges
  "if", "would", "could", "might", "suppose", "supposing", "hypothetical", "hypothetically",
  "imagine", "assuming", "assume", "were", "maybe", "perhaps", "possibly", "probably", "unsure",
  "guess",
  // examples
  "example", "examples", "e.g", "eg", "sample", "illustration", "illustrative", "instance",
  "placeholder", "dummy", "fake", "mock", "demo", "fictional", "pretend", "template", "bogus",
  // retractions and corrections
  "wrong", "incorrect", "scratch", "ignore", "disregard", "instead", "retract", "mistake", "oops",
  "sorry", "actually", "wait", "correction", "undo", "however", "alternatively", "otherwise",
  "rather", "todo", "fixme", "nevermind", "forget", "cancel", "cancelled", "canceled", "abort",
  "revert", "reverted", "redo", "retry", "replace", "replaced", "outdated", "obsolete", "typo",
  // jokes and irony
  "kidding", "joking", "joke", "jk", "lol", "sarcasm", "sarcastic", "ironic", "ironically",
  // conditions, doubt and danger
  "unless", "except", "but", "hmm", "hmmm", "doubt", "uncertain", "unverified", "untested",
  "tentative", "draft", "pseudo", "pseudocode", "theoretically", "dangerous", "unsafe", "careful",
  "caution", "beware", "warning", "destructive", "irreversible",
]);

/**
 * Whether a comment inside the value (its text from `start` to `end`,
 * delimiters included) negates, retracts, hedges or marks the value as an
 * example; an explanatory comment (`// seconds`) does not.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { commentChangesMeaning } from "./framing.ts";
 * strictEqual(commentChangesMeaning("// seconds", 0, 10), false);
 * strictEqual(commentChangesMeaning("// example only", 0, 15), true);
 * strictEqual(commentChangesMeaning("# do NOT use", 0, 12), true);
 * ```
 */
export function commentChangesMeaning(text: string, start: number, end: number): boolean {
  const body = text.slice(start, end);
  if (body.includes("?")) return true;
  for (const raw of body.split(/[^A-Za-z0-9'\u2019\-]+/)) {
    if (raw.length === 0) continue;
    const word = normalWord(raw);
    if (changesMeaning(word)) return true;
  }
  return false;
}
