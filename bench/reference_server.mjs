/**
 * The reference MCP server for `bench/mcp_bench.ts`: the official TypeScript
 * SDK (`McpServer` + `StdioServerTransport`) with one trivial tool, started
 * the usual way under Node:
 *
 * ```sh
 * node bench/reference_server.mjs <directory holding node_modules/@modelcontextprotocol/sdk>
 * ```
 *
 * The SDK is resolved from the directory given as the first argument (the
 * bench installs it there with `npm install --prefix`), so the repository
 * needs no `node_modules` of its own.
 *
 * @module
 */

import { createRequire } from "node:module";
import { join } from "node:path";
import process from "node:process";

const prefix = process.argv[2];
if (!prefix) {
  process.stderr.write("usage: node reference_server.mjs <npm prefix with the MCP SDK>\n");
  process.exit(2);
}
const require = createRequire(join(prefix, "package.json"));
const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { z } = require("zod");

const server = new McpServer({ name: "reference", version: "0.0.0" });
server.registerTool(
  "echo",
  { description: "Returns its text argument.", inputSchema: { text: z.string() } },
  ({ text }) => ({ content: [{ type: "text", text }] }),
);
await server.connect(new StdioServerTransport());
