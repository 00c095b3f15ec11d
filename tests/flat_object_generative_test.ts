/**
 * Generated flat closed objects (`flatObject` of
 * `engine/declarations/flat_object.ts`) and generated calls against them:
 * the gate that takes the passing check's key count in place of the fast
 * path's walk answers exactly as `gateScan` of the scanner's result, on
 * every call. The calls are built from values the declaration admits, then
 * perturbed the ways a model or an attacker would: a key written twice, an
 * undeclared key or a case twin, `__proto__`, `-0`, an underflow, a number
 * past 2^53, a fraction, a string where an integer is declared, text beyond
 * ASCII, escapes, white space. Seeded: the same run every time.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileDeclaration } from "../engine/declarations/compile.ts";
import { flatObject } from "../engine/declarations/flat_object.ts";
import { passingCheck } from "../engine/declarations/verdict.ts";
import { keyedAnswerCount } from "../engine/fast_path.ts";
import { gatePrepared, gateScan } from "../engine/gate.ts";
import { PROFILES } from "../engine/profiles.ts";
import { scan } from "../engine/scanner/mod.ts";
import { mulberry32 } from "./fixtures/random.ts";

type Random = () => number;

/** One of `list`. */
function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** A declared member: its schema, and values it admits as JSON texts. */
interface Member {
  readonly schema: Record<string, unknown>;
  readonly admitted: readonly string[];
}

/** A scalar member's schema and some values it admits. */
function scalarMember(random: Random): Member {
  switch (Math.floor(random() * 5)) {
    case 0:
      return {
        schema: { type: "string", minLength: 1 },
        admitted: ['"x"', '"caf\u00e9"', '"a:b"'],
      };
    case 1:
      return { schema: { type: "boolean" }, admitted: ["true", "false"] };
    case 2:
      return { schema: { type: ["string", "null"] }, admitted: ["null", '"-0"', '"e-5"'] };
    case 3:
      return { schema: { enum: ["asc", "desc"] }, admitted: ['"asc"', '"desc"'] };
    default: {
      const low = pick(random, [-5, 0, 1, 1000]);
      const high = low + pick(random, [0, 5, 10 ** 15]);
      return {
        schema: { type: "integer", minimum: low, maximum: high },
        admitted: [String(low), String(high), `${low}.0`, `${high}e0`],
      };
    }
  }
}

/** A member: a scalar, or an array of scalars. */
function member(random: Random): Member {
  const scalar = scalarMember(random);
  if (random() < 0.7) return scalar;
  return {
    schema: { type: "array", items: scalar.schema, maxItems: 4 },
    admitted: ["[]", `[${scalar.admitted.join(",")}]`, `[${scalar.admitted[0]}]`],
  };
}

/** Member names: plain, with an upper-case letter, beyond ASCII. */
const NAMES = ["query", "limit", "mode", "Path", "n", "tags", "caf\u00e9", "x_1"];

/** Values that no declared member admits, or that the walk must see. */
const ODD_VALUES = [
  "-0",
  "-0.0",
  "1e-400",
  "-1e-400",
  "9007199254740993",
  "1.5",
  '"3"',
  "{}",
  '[{"a":1}]',
  '"a\\u202Eb"',
  '"line\\nbreak"',
  '"\\u00e9"',
];

/** A call against the members: admitted values, then one perturbation or none. */
function call(random: Random, members: readonly [string, Member][]): string {
  const parts = members
    .filter(() => random() < 0.8)
    .map(([name, m]) => [JSON.stringify(name), pick(random, m.admitted)]);
  const perturbation = Math.floor(random() * 9);
  if (parts.length > 0 && perturbation === 0) parts.push(pick(random, parts).slice()); // a key twice
  if (parts.length > 0 && perturbation === 1) pick(random, parts)[1] = pick(random, ODD_VALUES);
  if (perturbation === 2) parts.push(['"extra"', "1"]);
  if (perturbation === 3) parts.push(['"__proto__"', "1"]);
  if (perturbation === 4 && parts.length > 0) {
    const [name, value] = pick(random, parts);
    parts.push([name.toUpperCase(), value]); // a case twin (or the same key, when it has no letter)
  }
  const space = perturbation === 5 ? " " : "";
  const text = `{${parts.map(([k, v]) => `${k}:${space}${v}`).join(`,${space}`)}}`;
  if (perturbation === 6) return `${text}${" ".repeat(600)}`; // a long text
  if (perturbation === 7) return `Here: ${text}`; // prose: the scanner
  return text;
}

Deno.test("generated flat objects: the keyed gate answers as gateScan of the scanner's result", () => {
  const random = mulberry32(2026_12_02);
  const profile = PROFILES.agent;
  const before = keyedAnswerCount();
  let declarations = 0, calls = 0;
  for (let d = 0; d < 150; d++) {
    const members = new Map<string, Member>();
    const count = 1 + Math.floor(random() * 5);
    while (members.size < count) members.set(pick(random, NAMES), member(random));
    const names = [...members.keys()];
    const required = names.filter(() => random() < 0.3);
    const schemaJson = {
      type: "object",
      properties: Object.fromEntries([...members].map(([name, m]) => [name, m.schema])),
      required,
      additionalProperties: false,
    };
    const declaration = compileDeclaration({ schemaJson })!;
    const flat = flatObject(declaration);
    // "Path" beside "path" is not among the names, so every declaration here is flat.
    assert.ok(flat !== null, JSON.stringify(schemaJson));
    declarations++;
    const passing = passingCheck(declaration);
    for (let c = 0; c < 24; c++) {
      const text = call(random, [...members]);
      const expected = gateScan(scan(text, profile), text, declaration, passing);
      const actual = gatePrepared(text, profile, declaration, passing, undefined, flat);
      assert.deepStrictEqual(actual, expected, `${text} against ${JSON.stringify(schemaJson)}`);
      calls++;
    }
  }
  const keyed = keyedAnswerCount() - before;
  // The comparison means something only if many calls took the keyed way, and many did not.
  assert.ok(
    keyed > calls / 5 && keyed < calls,
    `${keyed} keyed of ${calls} (${declarations} declarations)`,
  );
});
