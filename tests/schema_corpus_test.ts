/**
 * A corpus of real-world schemas: the `inputSchema` of every tool of the
 * MCP servers in `tests/fixtures/mcp_tool_schemas/` (collected from npm) and
 * the samples in `tests/fixtures/schema_corpus/` (Kubernetes CRDs,
 * SchemaStore entries, OpenAPI component schemas, function-calling tool
 * parameters, each in the shape its source publishes: vendor `x-` keywords,
 * documentation keywords, OpenAPI's `nullable`, draft-04 booleans, `id`
 * keys). The engine must compile at least as many as ajv with strict mode
 * off, and agree with ajv on generated valid and invalid instances of every
 * schema both compile.
 *
 * @module
 */

import assert from "node:assert/strict";
import { compileGate } from "../engine/compile.ts";
import { CallerError } from "../engine/errors.ts";
import { ajvCompile } from "./fixtures/ajv_oracle.ts";
import { sampleInstance, type Schema } from "./fixtures/schema_sample.ts";

interface Entry {
  source: string;
  name: string;
  schema: Schema;
}

function corpus(): Entry[] {
  const out: Entry[] = [];
  const mcp = new URL("./fixtures/mcp_tool_schemas/", import.meta.url);
  for (const file of [...Deno.readDirSync(mcp)].map((e) => e.name).sort()) {
    if (!file.endsWith(".json")) continue;
    const server = JSON.parse(Deno.readTextFileSync(new URL(file, mcp)));
    for (const tool of server.tools) {
      out.push({ source: `mcp ${server.server}`, name: tool.name, schema: tool.inputSchema });
    }
  }
  const dir = new URL("./fixtures/schema_corpus/", import.meta.url);
  for (const file of [...Deno.readDirSync(dir)].map((e) => e.name).sort()) {
    if (!file.endsWith(".json")) continue;
    const group = JSON.parse(Deno.readTextFileSync(new URL(file, dir)));
    for (const s of group.schemas) out.push({ source: file, name: s.name, schema: s.schema });
  }
  return out;
}

/** Variants: each member dropped, of the wrong type, null, wrapped; an extra member; wrong roots. */
function variants(good: unknown): unknown[] {
  const out: unknown[] = [good, [], "text", null, 7, {}];
  if (typeof good !== "object" || good === null || Array.isArray(good)) return out;
  const record = good as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    const { [name]: _, ...rest } = record;
    const v = record[name];
    out.push(rest);
    out.push({ ...record, [name]: typeof v === "string" ? 3 : "3" });
    out.push({ ...record, [name]: null });
    out.push({ ...record, [name]: [v] });
    out.push({ ...record, [name]: -1.5 });
  }
  out.push({ ...record, unexpected_member: true });
  return out;
}

function compiles(schema: Schema): ReturnType<typeof compileGate> | string {
  try {
    return compileGate({ schemaJson: schema });
  } catch (e) {
    if (e instanceof CallerError) return e.message;
    throw e;
  }
}

Deno.test("a real-world schema corpus: compiles at least as many as ajv (strict off) and agrees with it", async (t) => {
  const entries = corpus();
  let ours = 0, theirs = 0, both = 0, valid = 0, invalid = 0, warned = 0;
  const refused: string[] = [];
  for (const entry of entries) {
    await t.step(`${entry.source}: ${entry.name}`, () => {
      const compiled = compiles(entry.schema);
      let oracle: ((v: unknown) => boolean) | null = null;
      try {
        oracle = ajvCompile(entry.schema);
        theirs++;
      } catch { /* ajv refuses it */ }
      if (typeof compiled === "string") {
        refused.push(`${entry.source} ${entry.name}: ${compiled}`);
        return;
      }
      ours++;
      if (compiled.warnings.length > 0) warned++;
      if (oracle === null) return;
      both++;
      for (const value of variants(sampleInstance(entry.schema, entry.schema))) {
        const expected = oracle(value);
        const text = JSON.stringify(value);
        assert.equal(compiled.gate(text).executable, expected, `${entry.name}: ${text}`);
        if (expected) valid++;
        else invalid++;
      }
    });
  }
  assert.deepEqual(refused, []);
  assert.ok(ours >= theirs, `the engine compiles ${ours}, ajv ${theirs}`);
  assert.ok(valid > 150 && invalid > 1500, `valid ${valid}, invalid ${invalid}`);
  console.log(
    `${entries.length} schemas: the engine compiles ${ours} (${warned} with warnings), ajv ${theirs}; ` +
      `${both} compiled by both agree on ${valid} valid and ${invalid} invalid instances`,
  );
});
