/**
 * `engine/declarations/pattern.ts` as tables: which patterns are refused and
 * with which reason, which strings each accepted pattern finds a match in
 * (ECMA-262 with flag `u`, unanchored), the ReDoS shapes on long adversarial
 * strings, and the size bound. Every matching row runs twice: as written
 * (which may take the native engine's linear shapes) and wrapped so that it
 * must run on the Pike VM (`(?:P)|[^\s\S]`: one more alternative that
 * matches nothing). The expectations are checked against the native engine
 * itself, an independent oracle for the language. Fast and deterministic, for
 * `deno task mutate engine/declarations/pattern.ts`; no timing is asserted:
 * a defence that stopped working would make a ReDoS row hang, not fail.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compilePattern, MAX_PATTERN_PROGRAM } from "../engine/declarations/pattern.ts";
import type { Pattern } from "../engine/declarations/form.ts";

/** The same language, forced onto the Pike VM: the alternation rules out the native shapes. */
function onVm(source: string): string {
  return `(?:${source})|[^\\s\\S]`;
}

function compiled(source: string): Pattern {
  const p = compilePattern(source);
  if (typeof p === "string") {
    throw new assert.AssertionError({ message: `${source} refused: ${p}` });
  }
  return p;
}

interface MatchCase {
  /** The behaviour the row pins. */
  behaviour: string;
  pattern: string;
  /** Strings holding a match. */
  matches: string[];
  /** Strings holding none. */
  misses: string[];
}

const MATCHES: readonly MatchCase[] = [
  // Anchoring.
  {
    behaviour: "a pattern is unanchored: a match anywhere counts",
    pattern: "ab",
    matches: ["ab", "xxabyy", "aab", "xab"],
    misses: ["", "a", "b", "ba", "a b"],
  },
  {
    behaviour: "a search restarts at every position, overlapping a failed attempt",
    pattern: "aab|abc",
    matches: ["aaab", "aabc", "xabc"],
    misses: ["aaxab", "ab"],
  },
  {
    behaviour: "^ holds only at the start (no multiline flag)",
    pattern: "^a",
    matches: ["a", "ab"],
    misses: ["ba", "\na", ""],
  },
  {
    behaviour: "$ holds only at the end (no multiline flag)",
    pattern: "a$",
    matches: ["a", "ba"],
    misses: ["ab", "a\n", ""],
  },
  {
    behaviour: "^ and $ together pin the whole string",
    pattern: "^ab$",
    matches: ["ab"],
    misses: ["abb", "aab", "a", ""],
  },
  {
    behaviour: "the empty pattern matches every string",
    pattern: "",
    matches: ["", "x"],
    misses: [],
  },
  {
    behaviour: "^$ matches only the empty string",
    pattern: "^$",
    matches: [""],
    misses: ["a", "\n"],
  },
  {
    behaviour: "an assertion inside an alternative holds where it stands",
    pattern: "(?:^|x)a",
    matches: ["a", "xa", "bxa"],
    misses: ["ba", "ya"],
  },
  {
    behaviour: "^ after a character never holds",
    pattern: "b^a",
    matches: [],
    misses: ["ba", "b^a", "a"],
  },
  // Word boundaries: ASCII word characters only (flag u, no flag i).
  {
    behaviour: "\\b holds next to each edge of [0-9A-Za-z_]",
    pattern: "\\b",
    matches: ["0", "9", "A", "Z", "a", "z", "_", " a", "a "],
    misses: ["", "/", ":", "@", "[", "`", "{", " ", "é", "\u0660", "- "],
  },
  {
    behaviour: "\\B holds between two word or two non-word characters, and in the empty string",
    pattern: "\\B",
    matches: ["", "ab", "  ", "a--"],
    misses: ["a", "_", "9", "a b"],
  },
  {
    behaviour: "\\b around a word finds it as a whole word only",
    pattern: "\\bfoo\\b",
    matches: ["foo", "a foo b", "(foo)", "foo."],
    misses: ["afoo", "foo_", "foo9", "Xfoo"],
  },
  // Dot.
  {
    behaviour: "dot is one code point other than the four line terminators",
    pattern: "^.$",
    matches: ["a", "\t", "\u0085", "😀", "\uffff", "\ud83d", "\ude00", "\0"],
    misses: ["\n", "\r", "\u2028", "\u2029", "", "ab", "\r\n"],
  },
  {
    behaviour: "dot counts code points, not UTF-16 units",
    pattern: "^.{2}$",
    matches: ["😀😀", "a😀", "ab"],
    misses: ["😀", "a", "abc"],
  },
  // Literal characters.
  {
    behaviour: "a literal astral character is one code point",
    pattern: "^😀+$",
    matches: ["😀", "😀😀"],
    misses: ["\ud83d", "😀\ud83d", "😁"],
  },
  {
    behaviour: "a literal U+FFFF is one character, not the start of a pair",
    pattern: "^\uffffa$",
    matches: ["\uffffa"],
    misses: ["\uffffb", "\uffff", "a"],
  },
  // Quantifiers.
  {
    behaviour: "* admits none or many",
    pattern: "^ba*c$",
    matches: ["bc", "bac", "baaac"],
    misses: ["bbc", "b"],
  },
  {
    behaviour: "+ admits one or many",
    pattern: "^ba+c$",
    matches: ["bac", "baac"],
    misses: ["bc"],
  },
  {
    behaviour: "? admits none or one",
    pattern: "^ba?c$",
    matches: ["bc", "bac"],
    misses: ["baac"],
  },
  {
    behaviour: "{n} admits exactly n",
    pattern: "^a{3}$",
    matches: ["aaa"],
    misses: ["aa", "aaaa"],
  },
  {
    behaviour: "{n} with two digits",
    pattern: "^a{12}$",
    matches: ["a".repeat(12)],
    misses: ["a".repeat(11), "a".repeat(13), "a", "aa"],
  },
  {
    behaviour: "{n,m} admits n to m",
    pattern: "^a{2,4}$",
    matches: ["aa", "aaa", "aaaa"],
    misses: ["a", "aaaaa"],
  },
  {
    behaviour: "{n,m} with two-digit bounds",
    pattern: "^a{10,12}$",
    matches: ["a".repeat(10), "a".repeat(12)],
    misses: ["a".repeat(9), "a".repeat(13), "a"],
  },
  {
    behaviour: "{n,} admits n or more",
    pattern: "^a{2,}$",
    matches: ["aa", "a".repeat(30)],
    misses: ["a", ""],
  },
  {
    behaviour: "{n,} with two digits",
    pattern: "^a{11,}$",
    matches: ["a".repeat(11), "a".repeat(40)],
    misses: ["a".repeat(10), "a"],
  },
  {
    behaviour: "{0} removes the atom",
    pattern: "^ba{0}c$",
    matches: ["bc"],
    misses: ["bac"],
  },
  {
    behaviour: "{0,1} is ?",
    pattern: "^ba{0,1}c$",
    matches: ["bc", "bac"],
    misses: ["baac"],
  },
  {
    behaviour: "lazy quantifiers admit the same strings as greedy ones",
    pattern: "^a+?b*?c??d{1,2}?$",
    matches: ["ad", "aabbcdd", "acd"],
    misses: ["d", "a+d", "ab?d", "accd", "addd"],
  },
  {
    behaviour: "a quantifier applies to the group before it",
    pattern: "^(?:ab){2}$",
    matches: ["abab"],
    misses: ["ab", "abb", "ababab"],
  },
  {
    behaviour: "a star over a body that may be empty terminates",
    pattern: "^(?:a*)*b$",
    matches: ["b", "aab"],
    misses: ["aa", "ba"],
  },
  {
    behaviour: "a quantified group of assertions only",
    pattern: "x(?:^$)*y",
    matches: ["xy"],
    misses: ["x", "y", "x y"],
  },
  // Quantified assertions (`(?:^)*` etc.): a quantifier whose minimum is 0 makes the assertion
  // optional, so it asserts nothing; a minimum of 1 or more asserts it once.
  {
    behaviour: "an assertion quantified with ? or * asserts nothing",
    pattern: "(?:$)?a(?:^)*b(?:\\b){0,3}c",
    matches: ["abc", "xabcx", "abc "],
    misses: ["ab c", "acb"],
  },
  {
    behaviour: "an assertion quantified with {1,} or {2} asserts it",
    pattern: "a(?:\\b){1,}|(?:^){2}b",
    matches: ["a", "a b", "b"],
    misses: ["ab", "cb"],
  },
  // Groups.
  {
    behaviour: "capturing and named groups match like non-capturing ones",
    pattern: "^(a)(?<year>\\d{2})(?:c)$",
    matches: ["a12c"],
    misses: ["a1c", "a123c", "ayearc"],
  },
  {
    behaviour: "a named group's contents follow its name",
    pattern: "(?<n>xy)z",
    matches: ["xyz", "axyz"],
    misses: ["nxy", "xz", "yz"],
  },
  {
    behaviour: "duplicate names in different alternatives",
    pattern: "^(?:(?<d>a)|(?<d>b))$",
    matches: ["a", "b"],
    misses: ["ab", ""],
  },
  // Alternation.
  {
    behaviour: "alternation of two",
    pattern: "^(?:ab|c)$",
    matches: ["ab", "c"],
    misses: ["a", "abc", "b"],
  },
  {
    behaviour: "alternation of three or more, each branch reachable",
    pattern: "^(?:a|bc|d|ef)$",
    matches: ["a", "bc", "d", "ef"],
    misses: ["b", "e", "ad", "abc"],
  },
  {
    behaviour: "alternation binds looser than concatenation",
    pattern: "^ab|cd$",
    matches: ["abx", "xcd"],
    misses: ["xab", "cdx"],
  },
  {
    behaviour: "an empty alternative matches the empty string",
    pattern: "^(?:a|)$",
    matches: ["", "a"],
    misses: ["aa"],
  },
  {
    behaviour: "an empty first alternative",
    pattern: "^(?:|a)b$",
    matches: ["b", "ab"],
    misses: ["aab"],
  },
  {
    behaviour: "a quantified alternation",
    pattern: "^(?:ab|c)+$",
    matches: ["ab", "cab", "abcc"],
    misses: ["", "a", "abb"],
  },
  {
    behaviour: "nested alternation",
    pattern: "^(?:a(?:b|c)|d)e$",
    matches: ["abe", "ace", "de"],
    misses: ["ae", "ade", "e"],
  },
  // Character classes: tested one code point at a time.
  {
    behaviour: "a class and its negation",
    pattern: "^[a-c][^a-c]$",
    matches: ["ax", "c1"],
    misses: ["ab", "xa", "a"],
  },
  {
    behaviour: "an escaped ] inside a class does not close it",
    pattern: "^[\\]a]+$",
    matches: ["]", "a]a"],
    misses: ["b", "\\"],
  },
  {
    behaviour: "an escaped backslash inside a class",
    pattern: "^[\\\\x]$",
    matches: ["\\", "x"],
    misses: ["y"],
  },
  {
    behaviour: "the empty class matches nothing, its negation anything",
    pattern: "^(?:[]|[^])$",
    matches: ["a", "\n", "😀"],
    misses: ["", "ab"],
  },
  {
    behaviour: "a class with an astral range is one code point",
    pattern: "^[😀-😂]$",
    matches: ["😀", "😁"],
    misses: ["\ud83d", "😃"],
  },
  {
    behaviour: "class escapes inside a class",
    pattern: "^[\\d\\s.]+$",
    matches: ["1 .", "3"],
    misses: ["a", "1a"],
  },
  // Escapes.
  {
    behaviour: "the class escapes \\d \\w \\s and their negations",
    pattern: "^\\d\\D\\w\\W\\s\\S$",
    matches: ["1a_- x", "9.z!\tA"],
    misses: ["1a_-  ", "a1_- x", "٣a_- x"],
  },
  {
    behaviour: "control escapes",
    pattern: "^\\t\\n\\r\\f\\v\\0$",
    matches: ["\t\n\r\f\v\0"],
    misses: ["tnrfv0", "\t\n\r\f\v"],
  },
  {
    behaviour: "\\0 is the NUL character, not a back-reference",
    pattern: "a\\0",
    matches: ["a\0", "xa\0y"],
    misses: ["a", "a0"],
  },
  {
    behaviour: "escaped syntax characters are literals",
    pattern: "^\\^\\$\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/\\\\$",
    matches: ["^$.*+?()[]{}|/\\"],
    misses: ["^$.*+?()[]{}|/", "a$.*+?()[]{}|/\\"],
  },
  {
    behaviour: "\\xHH is one character",
    pattern: "^\\x41+b$",
    matches: ["Ab", "AAb"],
    misses: ["x41b", "b"],
  },
  {
    behaviour: "\\cX is a control character",
    pattern: "^\\cJ\\cj$",
    matches: ["\n\n"],
    misses: ["cJcj", "\n"],
  },
  {
    behaviour: "\\uHHHH is one character",
    pattern: "^\\u0041+b$",
    matches: ["Ab", "AAb"],
    misses: ["u0041b", "b"],
  },
  {
    behaviour: "\\u{...} is one code point, astral included",
    pattern: "^\\u{41}\\u{1F600}+$",
    matches: ["A😀", "A😀😀"],
    misses: ["A", "A\ud83d"],
  },
  {
    behaviour: "two \\u escapes forming a surrogate pair are one code point (upper case)",
    pattern: "^\\uD83D\\uDE00+$",
    matches: ["😀", "😀😀"],
    misses: ["\ud83d", "\ude00", "\ud83d\ude00\ude00"],
  },
  {
    behaviour: "a surrogate pair in lower case, at the low half's edges",
    pattern: "^(?:\\ud83d\\udc00|\\ud83d\\udfff|\\uDBFF\\uDFFF|\\ud800\\uDC00)$",
    matches: ["\u{1F400}", "\u{1F7FF}", "\u{10FFFF}", "\u{10000}"],
    misses: ["\ud83d", "\udc00", "a"],
  },
  {
    behaviour: "a high surrogate escape before a non-surrogate escape stays a lone surrogate",
    pattern: "^\\uD83D\\u0041$",
    matches: ["\ud83dA"],
    misses: ["A", "\ud83d"],
  },
  {
    behaviour: "two low surrogate escapes are two lone surrogates",
    pattern: "^\\uDE00\\uDE00$",
    matches: ["\ude00\ude00"],
    misses: ["\ude00"],
  },
  {
    behaviour: "a BMP escape before a low surrogate escape stays two characters",
    pattern: "^\\u0041\\uDE00$",
    matches: ["A\ude00"],
    misses: ["A", "\ude00"],
  },
  {
    behaviour: "a lone high surrogate escape matches a lone surrogate, not half of a pair",
    pattern: "^\\uD83D$",
    matches: ["\ud83d"],
    misses: ["😀"],
  },
  {
    behaviour: "Unicode property escapes",
    pattern: "^\\p{Lu}\\P{L}\\p{Script=Greek}+$",
    matches: ["A1αβ", "Ω-λ"],
    misses: ["a1α", "AAα", "A1a"],
  },
  {
    behaviour: "a property escape followed by a quantifier and more text",
    pattern: "^\\p{L}{2}x$",
    matches: ["abx", "αβx"],
    misses: ["ax", "a1x", "abcx"],
  },
];

Deno.test("each pattern finds a match exactly where ECMA-262 with flag u does, on both engines", async (t) => {
  for (const row of MATCHES) {
    await t.step(row.behaviour, () => {
      const oracle = new RegExp(row.pattern, "u");
      for (const source of [row.pattern, onVm(row.pattern)]) {
        const p = compiled(source);
        assert.equal(p.source, source);
        for (const s of row.matches) {
          assert.equal(oracle.test(s), true, `oracle: /${row.pattern}/u on ${JSON.stringify(s)}`);
          assert.equal(p.test(s), true, `${source} on ${JSON.stringify(s)}`);
        }
        for (const s of row.misses) {
          assert.equal(oracle.test(s), false, `oracle: /${row.pattern}/u on ${JSON.stringify(s)}`);
          assert.equal(p.test(s), false, `${source} on ${JSON.stringify(s)}`);
        }
      }
    });
  }
});

interface RefusalCase {
  behaviour: string;
  pattern: string;
  /** The reason returned, exactly, or its shape. */
  reason: string | RegExp;
}

const SIZE =
  `the pattern compiles to more than ${MAX_PATTERN_PROGRAM} instructions; shorten its counted repetitions`;
const BACKREF = "back-references (\\1, \\k<name>) are not supported";
const LOOKAROUND = "lookaround assertions ((?=, (?!, (?<=, (?<!) are not supported";
const MODIFIERS = "modifiers ((?i:, (?m:, (?s:, (?-i:) are not supported";

const REFUSALS: readonly RefusalCase[] = [
  {
    behaviour: "a syntax error is the native engine's message",
    pattern: "(",
    reason: "Invalid regular expression: /(/u: Unterminated group",
  },
  {
    behaviour: "flag u makes an unescaped lone brace a syntax error",
    pattern: "a{",
    reason: /^Invalid regular expression: \/a\{\/u: /,
  },
  {
    behaviour: "quantifier bounds out of order are a syntax error",
    pattern: "a{2,1}",
    reason: /^Invalid regular expression: .*numbers out of order/,
  },
  {
    behaviour: "flag u refuses an identity escape of a letter",
    pattern: "\\q",
    reason: /^Invalid regular expression: /,
  },
  { behaviour: "a numbered back-reference", pattern: "(a)\\1", reason: BACKREF },
  {
    behaviour: "a back-reference to the ninth group",
    pattern: "(a)(b)(c)(d)(e)(f)(g)(h)(i)\\9",
    reason: BACKREF,
  },
  { behaviour: "a named back-reference", pattern: "(?<n>a)\\k<n>", reason: BACKREF },
  { behaviour: "a lookahead", pattern: "a(?=b)", reason: LOOKAROUND },
  { behaviour: "a negative lookahead", pattern: "a(?!b)", reason: LOOKAROUND },
  { behaviour: "a lookbehind", pattern: "(?<=a)b", reason: LOOKAROUND },
  { behaviour: "a negative lookbehind", pattern: "(?<!a)b", reason: LOOKAROUND },
  { behaviour: "a lookaround inside an alternation", pattern: "x|(?=a)", reason: LOOKAROUND },
  { behaviour: "a modifier group turning on i", pattern: "(?i:a)", reason: MODIFIERS },
  { behaviour: "a modifier group turning off i", pattern: "(?-i:a)", reason: MODIFIERS },
  { behaviour: "a modifier group turning on s and m", pattern: "(?sm:^.)", reason: MODIFIERS },
  {
    behaviour: "a counted repetition longer than the program may be",
    pattern: "a{20001}",
    reason: SIZE,
  },
  {
    behaviour: "a counted repetition one over the program's size (the final MATCH counts)",
    pattern: "a{20000}",
    reason: SIZE,
  },
  {
    behaviour: "an empty body repeated past the bound",
    pattern: "(?:){20001}",
    reason: SIZE,
  },
  {
    behaviour: "an optional empty body repeated past the bound (each optional copy costs a SPLIT)",
    pattern: "(?:){0,20001}",
    reason: SIZE,
  },
  {
    behaviour: "the optional copies' SPLITs count against the bound",
    pattern: "(?:){0,20000}",
    reason: SIZE,
  },
  {
    behaviour: "a huge count is refused before any copy is made",
    pattern: "a{1000000000}",
    reason: SIZE,
  },
  {
    behaviour: "a huge open count is refused before any copy is made",
    pattern: "a{100000000,}",
    reason: SIZE,
  },
  {
    behaviour: "a huge optional count is refused before any copy is made",
    pattern: "(?:){0,100000000}",
    reason: SIZE,
  },
  {
    behaviour: "nested counts multiply",
    pattern: "(a{1000}){1000}",
    reason: SIZE,
  },
  {
    behaviour: "a long alternation counts every branch",
    pattern: Array.from({ length: 7000 }, (_, i) => `a${i}`).join("|"),
    reason: SIZE,
  },
];

Deno.test("patterns the native engine refuses, or no linear matcher supports, or too large, are refused with a reason", async (t) => {
  for (const row of REFUSALS) {
    await t.step(row.behaviour, () => {
      const p = compilePattern(row.pattern);
      assert.equal(typeof p, "string", `${row.pattern} accepted`);
      if (typeof row.reason === "string") assert.equal(p, row.reason);
      else assert.match(p as string, row.reason);
    });
  }
});

interface AcceptedCase {
  behaviour: string;
  pattern: string;
  /** A string holding a match. */
  match: string;
  /** A string holding none (`null`: every string holds a match). */
  miss: string | null;
}

const AT_THE_BOUND: readonly AcceptedCase[] = [
  {
    behaviour: "a counted repetition whose program is exactly the bound",
    pattern: "xa{19998}",
    match: "bx" + "a".repeat(19998),
    miss: "x" + "a".repeat(19997),
  },
  {
    behaviour: "an empty body repeated up to the bound costs nothing",
    pattern: "x(?:){20000}",
    match: "x",
    miss: "y",
  },
  {
    behaviour: "an optional empty body whose SPLITs and MATCH are exactly the bound",
    pattern: "(?:){0,19999}",
    match: "",
    miss: null,
  },
  {
    behaviour: "an anchored pattern with one quantifier runs natively, with no program to bound",
    pattern: "^a{30000}",
    match: "a".repeat(30000),
    miss: "a".repeat(29999),
  },
  {
    behaviour: "a pattern with no quantifier and no alternation runs natively, however long",
    pattern: "a".repeat(MAX_PATTERN_PROGRAM + 1),
    match: "b" + "a".repeat(MAX_PATTERN_PROGRAM + 1),
    miss: "a".repeat(MAX_PATTERN_PROGRAM),
  },
];

Deno.test("patterns at the size bound, and the native shapes that need no program, are accepted", async (t) => {
  assert.equal(MAX_PATTERN_PROGRAM, 20_000);
  for (const row of AT_THE_BOUND) {
    await t.step(row.behaviour, () => {
      const p = compiled(row.pattern);
      assert.equal(p.test(row.match), true);
      if (row.miss !== null) assert.equal(p.test(row.miss), false);
    });
  }
});

interface RedosCase {
  behaviour: string;
  pattern: string;
  /** A long adversarial string. */
  text: string;
  /** The answer (ECMA-262's, which the native engine would take too long to give). */
  expected: boolean;
}

const N = 50_000;

const REDOS: readonly RedosCase[] = [
  {
    behaviour: "nested quantifiers (a+)+$, the classic exponential shape",
    pattern: "(a+)+$",
    text: "a".repeat(N) + "!",
    expected: false,
  },
  {
    behaviour: "nested quantifiers anchored, ^(a+)+$ (two quantifiers: not a native shape)",
    pattern: "^(a+)+$",
    text: "a".repeat(N) + "!",
    expected: false,
  },
  {
    behaviour: "nested quantifiers that do match",
    pattern: "^(a+)+$",
    text: "a".repeat(N),
    expected: true,
  },
  {
    behaviour:
      "overlapping alternatives under a star, anchored (one quantifier, but an alternation)",
    pattern: "^(a|a)*$",
    text: "a".repeat(N) + "!",
    expected: false,
  },
  {
    behaviour: "overlapping alternatives unanchored match the empty string at the end",
    pattern: "(a|a)*$",
    text: "a".repeat(N) + "!",
    expected: true,
  },
  {
    behaviour: "alternatives of different lengths, (a|aa)+$",
    pattern: "(a|aa)+$",
    text: "a".repeat(N) + "!",
    expected: false,
  },
  {
    behaviour: "a counted repetition of a greedy dot, (.*a){20}",
    pattern: "(.*a){20}$",
    text: "a".repeat(5_000) + "!",
    expected: false,
  },
  {
    behaviour: "a counted repetition of a greedy dot that matches",
    pattern: "(.*a){20}",
    text: "a".repeat(N),
    expected: true,
  },
  {
    behaviour: "words and optional spaces, (\\w+\\s?)+$",
    pattern: "^(\\w+\\s?)+$",
    text: "a".repeat(N) + "!",
    expected: false,
  },
  {
    behaviour: "two adjacent overlapping quantifiers under a third, (x+x+)+y",
    pattern: "(x+x+)+y",
    text: "x".repeat(5_000),
    expected: false,
  },
  {
    behaviour: "an e-mail-like pattern with nested optional groups",
    pattern:
      "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
    text: "a".repeat(N) + "!",
    expected: false,
  },
  {
    behaviour: "one quantifier, unanchored: quadratic natively (a scan from every position)",
    pattern: "\\s+$",
    text: " ".repeat(200_000) + "x",
    expected: false,
  },
  {
    behaviour: "one quantifier after a leading assertion that is not ^ is not anchored",
    pattern: "\\B\\s+$",
    text: " ".repeat(200_000) + "x",
    expected: false,
  },
  {
    behaviour: "one quantifier, unanchored, over an alternation",
    pattern: "(?:a|b)*c",
    text: "a".repeat(200_000),
    expected: false,
  },
];

Deno.test("the ReDoS shapes answer on long adversarial strings", async (t) => {
  for (const row of REDOS) {
    await t.step(row.behaviour, () => {
      const p = compiled(row.pattern);
      assert.equal(p.test(row.text), row.expected);
      // The same shape on a short string, where the native engine answers too.
      const short = row.text.slice(row.text.length - 12);
      assert.equal(p.test(short), new RegExp(row.pattern, "u").test(short));
    });
  }
});
