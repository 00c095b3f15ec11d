/**
 * The `Deno.serve` anchor of `bench/http_bench.ts`: the same handler as
 * `interjson serve --http` (`serve`) or `interjson mcp --http` (`mcp`), with
 * the body read whole and decoded the same way, on `Deno.serve` instead of
 * the project's HTTP/1.1 layer. Prints `listening on http://127.0.0.1:PORT/`
 * on stderr once bound, like the real servers.
 *
 * ```sh
 * deno run --allow-net=127.0.0.1 bench/deno_serve_reference.ts serve|mcp
 * ```
 *
 * @module
 */

import { handleGateRequest } from "../serve/http.ts";
import { McpHttpHandler } from "../mcp/http.ts";
import { type BodyRead, decodeBody } from "../wire/http.ts";

const kind = Deno.args[0];
const mcp = new McpHttpHandler();
const handler = kind === "mcp"
  ? (request: Request, body: BodyRead | null) => mcp.handle(request, body)
  : handleGateRequest;
Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.error(`listening on http://127.0.0.1:${port}/`),
}, async (request) => {
  const body = request.method === "POST"
    ? decodeBody(new Uint8Array(await request.arrayBuffer()))
    : null;
  return handler(request, body);
});
