/**
 * Real tool schemas: the `inputSchema` of every tool of fifteen popular MCP
 * servers from npm (collected by scripts/collect_mcp_schemas.mjs into
 * tests/fixtures/mcp_tool_schemas/) compiles without E070, and the compiled
 * gate's verdict agrees with ajv (a dev-only oracle) on generated valid and
 * invalid argument samples for each tool.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileGate } from "../engine/compile.ts";
import { ajvCompile } from "./fixtures/ajv_oracle.ts";
import { sampleInstance, type Schema } from "./fixtures/schema_sample.ts";

const DIR = new URL("./fixtures/mcp_tool_schemas/", import.meta.url);

interface Tool {
  name: string;
  inputSchema: Record<string, unknown>;
}

function servers(): { server: string; tools: Tool[] }[] {
  return [...Deno.readDirSync(DIR)]
    .filter((e) => e.name.endsWith(".json"))
    .map((e) => e.name)
    .sort()
    .map((name) => JSON.parse(Deno.readTextFileSync(new URL(name, DIR))));
}

/** Variants of a sample: each required member dropped, each member of the wrong type, an extra member, a wrong root. */
function variants(schema: Schema, good: unknown): unknown[] {
  const out: unknown[] = [good, [], "text", null, 7];
  if (typeof good !== "object" || good === null || Array.isArray(good)) return out;
  const record = good as Record<string, unknown>;
  const required = Array.isArray(schema.required) ? schema.required as string[] : [];
  for (const name of Object.keys(record)) {
    const { [name]: _, ...rest } = record;
    if (required.includes(name)) out.push(rest);
    const v = record[name];
    out.push({ ...record, [name]: typeof v === "string" ? 3 : "3" });
    out.push({ ...record, [name]: null });
    out.push({ ...record, [name]: [v] });
  }
  out.push({ ...record, unexpected_member: true });
  out.push(
    Object.fromEntries(
      Object.keys(record).filter((k) => !required.includes(k)).map((k) => [k, record[k]]),
    ),
  );
  return out;
}

Deno.test("MCP tool schemas: every inputSchema compiles and the gate agrees with ajv", async (t) => {
  const all = servers();
  assert.ok(all.length >= 10, `expected at least ten servers, found ${all.length}`);
  let tools = 0, valid = 0, invalid = 0;
  for (const { server, tools: list } of all) {
    await t.step(server, () => {
      for (const tool of list) {
        tools++;
        const compiled = compileGate({ schemaJson: tool.inputSchema }); // throws on E070
        const oracle = ajvCompile(tool.inputSchema);
        for (
          const value of variants(
            tool.inputSchema,
            sampleInstance(tool.inputSchema, tool.inputSchema),
          )
        ) {
          const expected = oracle(value);
          const text = JSON.stringify(value);
          assert.equal(compiled.gate(text).executable, expected, `${server} ${tool.name}: ${text}`);
          if (expected) valid++;
          else invalid++;
        }
      }
    });
  }
  // Both sides are exercised: samples ajv accepts and samples it refuses.
  assert.ok(
    valid > 100 && invalid > 1000,
    `valid ${valid}, invalid ${invalid} over ${tools} tools`,
  );
  console.log(
    `${all.length} servers, ${tools} tools, ${valid} valid and ${invalid} invalid samples agree with ajv`,
  );
});
