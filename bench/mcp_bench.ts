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

const SDK_VERSION = "1.32.2";
const ZOD_VERSION = "3.25.76";
const CALLS = 1000;
const REFERENCE_SERVER = new URL("./reference_server.mjs", import.meta.url).pathname;
const DOCUMENT = '{"query":"weather in Paris","limit":3}';

async function installReference(): Promise<string> {
  const tmp = Deno.env.get("TMPDIR") ?? "/tmp";
  const prefix = `${tmp}/interjson-bench-mcp-sdk-${SDK_VERSION}`;
  const marker = `${prefix}/node_modules/@modelcontextprotocol/sdk/package.json`;
  const installed = await Deno.stat(marker).then(() => true, () => false);
  if (!installed) {
    await Deno.mkdir(prefix, { recursive: true });
    const npm = await new Deno.Command("npm", {
      args: [
        "install",
        "--prefix",
        prefix,
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        `@modelcontextprotocol/sdk@${SDK_VERSION}`,
        `zod@${ZOD_VERSION}`,
      ],
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (!npm.success) throw new Error("npm install of the reference SDK failed");
  }
  return prefix;
}

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

/** Warmup iterations run `fn` too; their samples are dropped. */
const WARMUP: Record<string, number> = { cold: 2, calls: 1 };

function mean(name: string): number {
  const values = (samples.get(name) ?? []).slice(WARMUP[name.split(" ")[0]]);
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

globalThis.addEventListener("unload", () => {
  if (samples.size < 5) return;
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
