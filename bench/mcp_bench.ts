/**
 * The MCP server against a reference server built with the official SDK
 * (`bench/reference_server.mjs`: `McpServer`, one trivial tool, stdio, under
 * Node), in the same run:
 *
 * - **cold start**: spawn → `initialize` answered, for `deno run cli.ts mcp`,
 *   for the same server bundled into one file (`deno bundle cli.ts`: how a
 *   `deno compile` binary loads it, its code embedded in one unit rather than
 *   28 modules resolved from the cache; `deno compile` itself cannot run on
 *   these machines) and for `node bench/reference_server.mjs`;
 * - **1000 calls**: 1000 sequential `tools/call` round trips on a server that
 *   is already initialized — `interjson_gate` on a small document against the
 *   reference's trivial `echo` tool.
 *
 * Both servers are driven by the same line client over real pipes. Targets:
 * cold start ≤ 0.25× the reference, 1000 calls ≤ 0.5×. The ratios are printed
 * as a final summary line after `deno bench`'s own table.
 *
 * Three more comparisons, for the stateless 2026-07-28 revision and the
 * Streamable HTTP transport:
 *
 * - **stdio, 2026-07-28 vs 2025-11-25**: 1000 sequential `interjson_gate`
 *   calls, stateless (`_meta` on every request, no `initialize`) against a
 *   2025-11-25 session; target ≤ 1.1×.
 * - **HTTP, 1000 calls**: `interjson mcp --http 0` against the SDK's
 *   Streamable HTTP server (`bench/reference_http_server.mjs`: sessions, JSON
 *   answers, a no-op tool, Node), each driven by `fetch` over one keep-alive
 *   connection in a 2025-11-25 session; target ≤ 0.5×.
 * - **HTTP cold start**: spawn → the first answer (`initialize`) over HTTP;
 *   target ≤ 0.5×.
 *
 * The reference needs `@modelcontextprotocol/sdk` for Node: on first run the
 * bench installs it with `npm install --prefix` into
 * `$TMPDIR/interjson-bench-mcp-sdk-<version>` (outside the repository) and
 * reuses it afterwards.
 *
 * ```sh
 * deno task bench            # or: deno bench -A bench/mcp_bench.ts
 * ```
 *
 * @module
 */

import { McpProcess } from "../tests/mcp_harness.ts";
import {
  type HttpChild,
  httpInitialize,
  installReference,
  openHttpSession,
  sequentialToolCalls,
  startHttp,
} from "./mcp_reference.ts";

const CALLS = 1000;
const REFERENCE_SERVER = new URL("./reference_server.mjs", import.meta.url).pathname;
const REFERENCE_HTTP_SERVER = new URL("./reference_http_server.mjs", import.meta.url).pathname;
const CLI_PATH = new URL("../cli.ts", import.meta.url).pathname;
const DOCUMENT = '{"query":"weather in Paris","limit":3}';

const referencePrefix = await installReference();

/** Bundles the CLI into one file, as `deno compile` embeds it. */
async function bundleCli(): Promise<string> {
  const out = await Deno.makeTempFile({ prefix: "interjson-cli-", suffix: ".js" });
  const root = new URL("../", import.meta.url).pathname;
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--quiet", "-o", out, "cli.ts"],
    cwd: root,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!result.success) throw new Error(new TextDecoder().decode(result.stderr));
  return out;
}

const bundled = await bundleCli();

interface Server {
  readonly label: string;
  start(): McpProcess;
  readonly call: (id: number) => unknown;
}

const OURS: Server = {
  label: "interjson (deno run cli.ts mcp)",
  start: () => McpProcess.start(["mcp"]),
  call: (id) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "interjson_gate", arguments: { text: DOCUMENT } },
  }),
};

const OURS_BUNDLED: Server = {
  label: "interjson (one-file bundle, as a compiled binary loads it)",
  start: () => McpProcess.spawn(Deno.execPath(), ["run", "--no-config", bundled, "mcp"]),
  call: OURS.call,
};

const REFERENCE: Server = {
  label: "reference (node, official SDK)",
  start: () => McpProcess.spawn("node", [REFERENCE_SERVER, referencePrefix]),
  call: (id) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "echo", arguments: { text: DOCUMENT } },
  }),
};

const samples = new Map<string, number[]>();
function record(name: string, ms: number): void {
  samples.set(name, [...(samples.get(name) ?? []), ms]);
}

async function initialize(server: McpProcess): Promise<void> {
  const reply = await server.initialize("2025-06-18", 0);
  if (!reply.result) throw new Error(`initialize failed: ${JSON.stringify(reply)}`);
}

for (const server of [REFERENCE, OURS, OURS_BUNDLED]) {
  Deno.bench({
    name: `cold start: ${server.label}`,
    group: "cold start (spawn → initialize answered)",
    baseline: server === REFERENCE,
    n: 20,
    warmup: 2,
    async fn(b) {
      b.start();
      const started = performance.now();
      const child = server.start();
      await initialize(child);
      record(`cold ${server.label}`, performance.now() - started);
      b.end();
      await child.close();
    },
  });
}

for (const server of [REFERENCE, OURS]) {
  Deno.bench({
    name: `${CALLS} calls: ${server.label}`,
    group: `${CALLS} sequential tools/call round trips`,
    baseline: server === REFERENCE,
    n: 5,
    warmup: 1,
    async fn(b) {
      const child = server.start();
      await initialize(child);
      await child.request(server.call(-1));
      b.start();
      const started = performance.now();
      for (let id = 1; id <= CALLS; id++) {
        const reply = await child.request(server.call(id));
        if (reply.id !== id || !reply.result) throw new Error(`bad reply ${JSON.stringify(reply)}`);
      }
      record(`calls ${server.label}`, performance.now() - started);
      b.end();
      await child.close();
    },
  });
}

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

for (const era of ["2025-11-25", "2026-07-28"] as const) {
  Deno.bench({
    name: `${CALLS} gate calls over stdio: ${era}`,
    group: `stdio ${CALLS} interjson_gate calls, 2026-07-28 vs 2025-11-25`,
    baseline: era === "2025-11-25",
    n: 5,
    warmup: 1,
    async fn(b) {
      const child = McpProcess.start(["mcp"]);
      if (era === "2025-11-25") await initialize(child);
      const call = (id: number) => ({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: era === "2025-11-25"
          ? { name: "interjson_gate", arguments: { text: DOCUMENT } }
          : { name: "interjson_gate", arguments: { text: DOCUMENT }, _meta: MODERN_META },
      });
      await child.request(call(-1));
      b.start();
      const started = performance.now();
      for (let id = 1; id <= CALLS; id++) {
        const reply = await child.request(call(id));
        if (reply.id !== id || !reply.result) throw new Error(`bad reply ${JSON.stringify(reply)}`);
      }
      record(`calls stdio ${era}`, performance.now() - started);
      b.end();
      await child.close();
    },
  });
}

/** The two Streamable HTTP servers compared. */
const HTTP_SERVERS: { label: string; start: () => Promise<HttpChild>; tool: string }[] = [
  {
    label: "reference (node, official SDK, Streamable HTTP)",
    start: () => startHttp("node", [REFERENCE_HTTP_SERVER, referencePrefix]),
    tool: "noop",
  },
  {
    label: "interjson (deno run cli.ts mcp --http 0)",
    start: () =>
      startHttp(Deno.execPath(), ["run", "--allow-net=127.0.0.1", CLI_PATH, "mcp", "--http", "0"]),
    tool: "interjson_gate",
  },
];

for (const server of HTTP_SERVERS) {
  Deno.bench({
    name: `http cold start: ${server.label}`,
    group: "HTTP cold start (spawn → initialize answered)",
    baseline: server === HTTP_SERVERS[0],
    n: 10,
    warmup: 1,
    async fn(b) {
      b.start();
      const started = performance.now();
      const child = await server.start();
      await httpInitialize(child.url);
      record(`httpcold ${server.label}`, performance.now() - started);
      b.end();
      await child.stop();
    },
  });
  Deno.bench({
    name: `http ${CALLS} calls: ${server.label}`,
    group: `HTTP ${CALLS} sequential tools/call over keep-alive`,
    baseline: server === HTTP_SERVERS[0],
    n: 3,
    warmup: 1,
    async fn(b) {
      const child = await server.start();
      const headers = await openHttpSession(child.url);
      b.start();
      const started = performance.now();
      await sequentialToolCalls(child.url, headers, server.tool, DOCUMENT, CALLS);
      record(`httpcalls ${server.label}`, performance.now() - started);
      b.end();
      await child.stop();
    },
  });
}

/** Warmup iterations run `fn` too; their samples are dropped. */
const WARMUP: Record<string, number> = { cold: 2, calls: 1, httpcold: 1, httpcalls: 1 };

function mean(name: string): number {
  const values = (samples.get(name) ?? []).slice(WARMUP[name.split(" ")[0]]);
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function ratioLine(label: string, ours: string, reference: string, target: number): string {
  if (!samples.has(ours) || !samples.has(reference)) return `${label}: not run`;
  const ratio = mean(ours) / mean(reference);
  return `${label}: interjson ${mean(ours).toFixed(1)} ms, reference ${
    mean(reference).toFixed(1)
  } ms, ratio ${ratio.toFixed(3)}× (target ≤ ${target}×: ${ratio <= target ? "met" : "MISSED"})`;
}

globalThis.addEventListener("unload", () => {
  console.log(
    [
      "",
      "MCP summary: stdio and Streamable HTTP against the SDK (means of the measured iterations):",
      ratioLine(
        `stdio ${CALLS} gate calls, 2026-07-28 vs 2025-11-25`,
        "calls stdio 2026-07-28",
        "calls stdio 2025-11-25",
        1.1,
      ),
      ratioLine(
        `HTTP ${CALLS} calls vs the SDK's Streamable HTTP server`,
        `httpcalls ${HTTP_SERVERS[1].label}`,
        `httpcalls ${HTTP_SERVERS[0].label}`,
        0.5,
      ),
      ratioLine(
        "HTTP cold start to the first answer",
        `httpcold ${HTTP_SERVERS[1].label}`,
        `httpcold ${HTTP_SERVERS[0].label}`,
        0.5,
      ),
    ].join("\n"),
  );
  if (!samples.has(`cold ${OURS.label}`) || !samples.has(`calls ${OURS.label}`)) return;
  const cold = mean(`cold ${OURS.label}`) / mean(`cold ${REFERENCE.label}`);
  const coldBundled = mean(`cold ${OURS_BUNDLED.label}`) / mean(`cold ${REFERENCE.label}`);
  const calls = mean(`calls ${OURS.label}`) / mean(`calls ${REFERENCE.label}`);
  const line = (label: string, ours: string, reference: string, ratio: number, target: number) =>
    `${label}: interjson ${mean(ours).toFixed(1)} ms, reference ${
      mean(reference).toFixed(1)
    } ms, ratio ${ratio.toFixed(3)}× (target ≤ ${target}×: ${ratio <= target ? "met" : "MISSED"})`;
  console.log(
    [
      "",
      "MCP summary (means of the measured iterations):",
      line(
        "cold start",
        `cold ${OURS.label}`,
        `cold ${REFERENCE.label}`,
        cold,
        0.25,
      ),
      line(
        "cold start, one-file bundle",
        `cold ${OURS_BUNDLED.label}`,
        `cold ${REFERENCE.label}`,
        coldBundled,
        0.25,
      ),
      line(
        `${CALLS} calls`,
        `calls ${OURS.label}`,
        `calls ${REFERENCE.label}`,
        calls,
        0.5,
      ),
    ].join("\n"),
  );
});
