/**
 * The one table of the four operations (`engine/operations.ts`) that the
 * command line, the MCP tools and `interjson serve` share: each row runs
 * exactly the library's function, the profile defaults are the library's,
 * and `validate` and `readiness` read only the declaration of the options.
 *
 * @module
 */

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { gate, readiness, repair, validate } from "../mod.ts";
import {
  isOperationName,
  OPERATION_NAMES,
  OPERATIONS,
  runOperation,
} from "../engine/operations.ts";

const TEXTS = ["{'a': 1,}", '{"a":1', "[1,2]", 'Here: {"a":2}', ""];
const OPTIONS = [{}, { schema: "{!a:integer}" }, { profile: "strict" as const }];

Deno.test("operation table: each row gives the library function's own result", async (t) => {
  for (const text of TEXTS) {
    for (const options of OPTIONS) {
      await t.step(`${JSON.stringify(text)} ${JSON.stringify(options)}`, () => {
        deepStrictEqual(runOperation("gate", text, options), gate(text, options));
        deepStrictEqual(runOperation("repair", text, options), repair(text, options));
        const declaration = "schema" in options ? { schema: options.schema } : {};
        deepStrictEqual(runOperation("validate", text, options), validate(text, declaration));
        deepStrictEqual(runOperation("readiness", text, options), readiness(text, declaration));
      });
    }
  }
});

Deno.test("operation table: names, profiles and defaults", () => {
  deepStrictEqual(OPERATION_NAMES, ["gate", "repair", "validate", "readiness"]);
  deepStrictEqual(
    OPERATION_NAMES.map((
      name,
    ) => [name, OPERATIONS[name].takesProfile, OPERATIONS[name].defaultProfile]),
    [
      ["gate", true, "agent"],
      ["repair", true, "permissive"],
      ["validate", false, undefined],
      ["readiness", false, undefined],
    ],
  );
  for (const text of TEXTS) {
    // The default named in the table is the one the library applies when none is given.
    deepStrictEqual(gate(text), gate(text, { profile: OPERATIONS.gate.defaultProfile }));
    deepStrictEqual(repair(text), repair(text, { profile: OPERATIONS.repair.defaultProfile }));
  }
  strictEqual(isOperationName("compile"), false);
});
