/**
 * The proxy's raw-JSON locator: on any JSON text, the spans it reports are
 * exactly the members `JSON.parse` sees (property test over generated values
 * with random white space), duplicates included, it is
 * iterative (100,000 levels of nesting), and malformed text gives `null`.
 *
 * @module
 */

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { arrayElements, objectMembers, skipValue, skipWhitespace } from "../wire/raw_json.ts";
import { mulberry32 } from "./fixtures/random.ts";

const STRINGS = ["", "a", 'q"uote', "back\\slash", "}]{[,:", "é\u2028", "\ud83d\ude00", "\\u0041"];

function generate(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 3 || pick < 0.4) {
    const leaves = [null, true, false, 0, -1.5e-7, 123456789, ...STRINGS];
    return leaves[Math.floor(next() * leaves.length)];
  }
  const size = Math.floor(next() * 4);
  if (pick < 0.7) return Array.from({ length: size }, () => generate(next, depth + 1));
  const object: Record<string, unknown> = {};
  for (let i = 0; i < size; i++) {
    object[STRINGS[Math.floor(next() * STRINGS.length)] + i] = generate(next, depth + 1);
  }
  return object;
}

function spaced(text: string, next: () => number): string {
  // white space after every structural character outside strings
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    out += c;
    if (inString) {
      if (c === "\\") out += text[++i];
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if ("{[,:".includes(c) && next() < 0.5) {
      out += [" ", "\n", "\t", "\r\n "][Math.floor(next() * 4)];
    }
  }
  return out;
}

Deno.test("raw_json: spans of every member and element parse to what JSON.parse sees", async (t) => {
  for (let seed = 1; seed <= 300; seed++) {
    const next = mulberry32(seed);
    const value = { root: generate(next, 0), list: [generate(next, 0), generate(next, 0)] };
    const text = spaced(JSON.stringify(value), next);
    await t.step(`seed ${seed}`, () => {
      const members = objectMembers(text, skipWhitespace(text, 0))!;
      deepStrictEqual(members.map((m) => m.key), Object.keys(value));
      for (const member of members) {
        deepStrictEqual(
          JSON.parse(text.slice(member.valueStart, member.valueEnd)),
          (value as Record<string, unknown>)[member.key],
        );
      }
      const list = members[1];
      const elements = arrayElements(text, list.valueStart)!;
      deepStrictEqual(
        elements.map((s) => JSON.parse(text.slice(s.valueStart, s.valueEnd))),
        value.list,
      );
    });
  }
});

Deno.test("raw_json: 100,000 levels of nesting are skipped without recursion", () => {
  const depth = 100_000;
  const text = `{"deep":${"[".repeat(depth)}${"]".repeat(depth)},"after":1}`;
  const members = objectMembers(text, 0)!;
  deepStrictEqual(members.map((m) => m.key), ["deep", "after"]);
  strictEqual(members[0].valueEnd - members[0].valueStart, 2 * depth);
});

Deno.test("raw_json: malformed text gives null, never a throw", async (t) => {
  const rows = [
    '{"a"',
    '{"a":}',
    '{"a":1 "b":2}',
    "{a:1}",
    '{"a":"unterminated}',
    '{"\\x":1}',
    "[1 2]",
    "[",
  ];
  for (const text of rows) {
    await t.step(text, () => {
      const found = text.startsWith("[") ? arrayElements(text, 0) : objectMembers(text, 0);
      strictEqual(found, null);
    });
  }
  strictEqual(skipValue("", 0), -1);
});
