/**
 * The scan stops when the answer is known: after a fatal error that ends it (`E020`, `E022`),
 * the rest of a large input is not read, fed in one chunk or many, and a streamed feed still gives
 * the one-shot answer. The one thing later input can change is `E021` (the input's length), so
 * the length is still counted. The work is the scanner's `scanned` counter (code units handed to
 * its loop), never a timing.
 *
 * @module
 */

import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { scan, Scanner, type ScanResult } from "../engine/scanner/mod.ts";
import { type Profile, PROFILES } from "../engine/profiles.ts";
import { nestsTooDeepEarly, scanCleanText } from "../engine/fast_path.ts";
import { gate } from "../mod.ts";

/** About 1 MiB after the error, fed in chunks of this size. */
const CHUNK = 4096, TAIL = 1 << 20;

/** Feeds `text` in CHUNK-sized chunks; returns the scanner. */
function streamed(text: string, profile: Profile): Scanner {
  const scanner = new Scanner(profile);
  for (let at = 0; at < text.length; at += CHUNK) {
    scanner.feed(text.slice(at, at + CHUNK), false);
  }
  scanner.feed("", true);
  return scanner;
}

/** The fields a reader sees, without the repairs' positions recomputed per call. */
function answer(result: ScanResult): unknown {
  return {
    fatal: result.fatal,
    hasValue: result.hasValue,
    length: result.length,
  };
}

const ROWS: readonly {
  name: string;
  text: string;
  profile: Profile;
  code: string;
}[] = [
  {
    name: "E020: nesting past max_depth early in a large input",
    text: "[".repeat(600) + "1,".repeat(TAIL / 2),
    profile: PROFILES.agent,
    code: "E020",
  },
  {
    name: "E022: a string past max_token early in a large input",
    text: `["${"x".repeat(200)}", ` + "1, ".repeat(TAIL / 3),
    profile: { ...PROFILES.agent, maxToken: 100 },
    code: "E022",
  },
  {
    name: "E022: a number past max_token early in a large input",
    text: `[${"9".repeat(200)}, ` + "1, ".repeat(TAIL / 3),
    profile: { ...PROFILES.agent, maxToken: 100 },
    code: "E022",
  },
];

for (const { name, text, profile, code } of ROWS) {
  Deno.test(`${name}: the rest is not read, fed in chunks`, () => {
    const scanner = streamed(text, profile);
    strictEqual(scanner.error?.code, code);
    // Only the chunks up to the error were handed to the scan loop.
    ok(
      scanner.scanned <= 2 * CHUNK,
      `scanned ${scanner.scanned} of ${text.length}`,
    );
  });

  Deno.test(`${name}: a streamed feed gives the one-shot answer`, () => {
    const once = scan(text, profile);
    strictEqual(once.fatal?.code, code);
    deepStrictEqual(answer(streamed(text, profile).result()), answer(once));
  });
}

Deno.test("E021 still wins when later input passes max_input after an early fatal error", () => {
  const profile = { ...PROFILES.agent, maxDepth: 4, maxInput: 64 * CHUNK };
  const text = "[".repeat(10) + " ".repeat(80 * CHUNK);
  strictEqual(scan(text, profile).fatal?.code, "E021");
  strictEqual(streamed(text, profile).result().fatal?.code, "E021");
});

Deno.test("no fatal error: the whole input is read (the counter measures the scan)", () => {
  const text = "[" + "1,".repeat(TAIL / 2) + "1]";
  const scanner = streamed(text, PROFILES.agent);
  strictEqual(scanner.error, null);
  ok(
    scanner.scanned >= text.length,
    `scanned ${scanner.scanned} of ${text.length}`,
  );
});

Deno.test("the fast path leaves a large text that nests past max_depth near its start to the scanner", async (t) => {
  const rows = [
    {
      name: "objects, 5 code units a level",
      text: '{"a":'.repeat(600) + "[" + "1,".repeat(TAIL / 2) + "1]",
    },
    { name: "arrays", text: "[".repeat(600) + "1,".repeat(TAIL / 2) },
    {
      name: "after closed siblings",
      text: "[" + "[1],".repeat(200) + "[".repeat(520) + "1,".repeat(TAIL / 2),
    },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      strictEqual(nestsTooDeepEarly(row.text, PROFILES.agent.maxDepth), true);
      strictEqual(scanCleanText(row.text, PROFILES.agent), null);
      const result = gate(row.text);
      strictEqual(result.error?.code, "E020");
    });
  }
  await t.step("brackets inside strings are not nesting", () => {
    const text = `["${"[".repeat(1000)}"]`;
    strictEqual(nestsTooDeepEarly(text, PROFILES.agent.maxDepth), false);
    strictEqual(gate(text).executable, true);
  });
  await t.step("the opening brackets of the prefix are counted before it is read", () => {
    // max_depth 4: four opening brackets cannot nest past it; five may, and are read.
    strictEqual(nestsTooDeepEarly("[[[[1]]]]", 4), false);
    strictEqual(nestsTooDeepEarly("[[[[[1]]]]]", 4), true);
    strictEqual(nestsTooDeepEarly('[{"a":[{"b":[1]}]}]', 4), true);
    strictEqual(nestsTooDeepEarly("[{}, [], {}, [], [1]]", 4), false);
    // Brackets past the prefix (8 × max_depth + 4096 code units) are not read.
    strictEqual(nestsTooDeepEarly(" ".repeat(4128) + "[[[[[1]]]]]", 4), false);
    strictEqual(nestsTooDeepEarly(" ".repeat(4120) + "[[[[[1]]]]]", 4), true);
    // Five opening brackets in the prefix, nested four deep at its end: the fifth level opens
    // one unit past it, which is not read.
    strictEqual(nestsTooDeepEarly(" ".repeat(4122) + "[][[[[" + "[1]]]]]", 4), false);
    strictEqual(nestsTooDeepEarly(" ".repeat(4121) + "[][[[[" + "[1]]]]]", 4), true);
  });
  await t.step("an escaped quote does not end the string", () => {
    strictEqual(nestsTooDeepEarly(`["\\"${"[".repeat(20)}"]`, 4), false);
    strictEqual(nestsTooDeepEarly(`["\\\\"${"[".repeat(20)}]`, 4), true);
  });
});
