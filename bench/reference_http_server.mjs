/**
 * The reference Streamable HTTP server for `bench/mcp_bench.ts`: the official
 * TypeScript SDK (`McpServer` + `StreamableHTTPServerTransport`, sessions,
 * JSON answers) with one no-op tool, on Node's `http` module, bound to
 * 127.0.0.1 on a free port. It prints `listening on http://127.0.0.1:PORT/mcp`
 * on stderr once bound, like `interjson mcp --http 0`.
 *
 * ```sh
 * node bench/reference_http_server.mjs <directory holding node_modules/@modelcontextprotocol/sdk>
 * ```
 *
 * @module
 */

import { createRequire } from "node:module";
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import process from "node:process";

const prefix = process.argv[2];
if (!prefix) {
  process.stderr.write("usage: node reference_http_server.mjs <npm prefix with the MCP SDK>\n");
  process.exit(2);
}
const require = createRequire(join(prefix, "package.json"));
const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { StreamableHTTPServerTransport } = require(
  "@modelcontextprotocol/sdk/server/streamableHttp.js",
);
const { z } = require("zod");

const transports = new Map();

async function newSession() {
  const server = new McpServer({ name: "reference", version: "0.0.0" });
  server.registerTool(
    "noop",
    { description: "Does nothing.", inputSchema: { text: z.string() } },
    () => ({ content: [{ type: "text", text: "ok" }] }),
  );
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => transports.set(id, transport),
  });
  await server.connect(transport);
  return transport;
}

const http = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
  const id = request.headers["mcp-session-id"];
  const transport = id ? transports.get(id) : await newSession();
  if (!transport) {
    response.writeHead(404).end();
    return;
  }
  await transport.handleRequest(request, response, body);
});
http.listen(0, "127.0.0.1", () => {
  process.stderr.write(`listening on http://127.0.0.1:${http.address().port}/mcp\n`);
});
