/**
 * The host-side gates (`interjson serve` over JSONL and HTTP, the agent
 * hook) against their anchors, in the same run:
 *
 * - **serve, 10,000 pipelined gate calls**: `interjson serve` with a
 *   compiled handle (`compile` once, then `gate` with `declaration`) against
 *   the same 10,000 `interjson_gate` calls (the declaration in every call:
 *   MCP has no handles) through `interjson mcp`, both already started and
 *   initialized, every request written before the answers are read, the two
 *   alternating in each iteration; target serve ≥ 3× faster (ratio ≤ 0.333×).
 * - **HTTP, 1,000 sequential keep-alive calls**: `interjson serve --http 0`
 *   (`POST /v1/gate`) against the official MCP SDK's Streamable HTTP server
 *   with a no-op tool (`bench/reference_http_server.mjs`, Node); target ≤ 0.5×.
 * - **hook cold start**: spawn → exit of `deno run cli.ts hook` on one
 *   Claude Code event, against the cold start of the SDK v1 stdio server
 *   (`bench/reference_server.mjs`: spawn → `initialize` answered), the anchor
 *   of docs/MCP.md; target ≤ 0.5×.
 *
 * Runs are short (a few iterations each); the ratios of the best measured
 * iterations (the least disturbed on a shared machine) are printed in a
 * summary after `deno bench`'s table. The reference needs `@modelcontextprotocol/sdk`
 * for Node, installed on first run with `npm install --prefix` into
 * `$TMPDIR/interjson-bench-mcp-sdk-<version>` (the same directory as
 * bench/mcp_bench.ts uses).
 *
 * ```sh
 * deno bench -A bench/serve_bench.ts
 * ```
 *
 * @module
 */

import { McpProcess } from "../tests/mcp_harness.ts";
import {
  INITIALIZE,
  installReference,
  MCP_HTTP_HEADERS,
  openHttpSession,
  sequentialToolCalls,
  startHttp,
} from "./mcp_reference.ts";

const PIPELINED = 10_000;
const SEQUENTIAL = 1_000;
const CLI_PATH = new URL("../cli.ts", import.meta.url).pathname;
const REFERENCE_SERVER = new URL("./reference_server.mjs", import.meta.url).pathname;
const REFERENCE_HTTP_SERVER = new URL("./reference_http_server.mjs", import.meta.url).pathname;
const DECLARATION = "{!query:string,limit:integer}";
const DOCUMENT = "{'query': 'weather in Paris', 'limit': 3,}";
const HOOK_EVENT = JSON.stringify({
  session_id: "abc123",
  transcript_path: "/home/user/.claude/projects/x/transcript.jsonl",
  cwd: "/home/user/my-project",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "npm test", description: "Run the tests" },
  tool_use_id: "toolu_01",
});

const referencePrefix = await installReference();
const encoder = new TextEncoder();
const samples = new Map<string, number[]>();
function record(name: string, ms: number): void {
  samples.set(name, [...(samples.get(name) ?? []), ms]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A process driven by whole batches of lines: write them all, then count answer lines. */
class LineProcess {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(args: string[]) {
    this.#child = new Deno.Command(Deno.execPath(), {
      args: ["run", CLI_PATH, ...args],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#reader = this.#child.stdout.getReader();
  }

  /**
   * Writes every line, reads as many answers (counting LF bytes, without
   * decoding: the client's own cost stays the same small one for both
   * servers), and returns the last answer.
   */
  async exchange(lines: readonly string[]): Promise<string> {
    const writing = this.#writer.write(encoder.encode(lines.join("\n") + "\n"));
    let count = 0;
    let pending: Uint8Array[] = []; // the bytes of the current line read so far
    let last: Uint8Array = new Uint8Array(0);
    while (count < lines.length) {
      const { value, done } = await this.#reader.read();
      if (done) throw new Error(`the process ended after ${count} answers`);
      let start = 0;
      for (let at = value.indexOf(0x0a); at !== -1; at = value.indexOf(0x0a, start)) {
        count++;
        if (count === lines.length) last = concat([...pending, value.subarray(start, at)]);
        pending = [];
        start = at + 1;
      }
      if (start < value.length) pending.push(value.slice(start));
    }
    await writing;
    return new TextDecoder().decode(last);
  }

  async close(): Promise<void> {
    await this.#writer.close();
    await this.#reader.cancel();
    await this.#child.status;
  }
}

const serveLines = Array.from(
  { length: PIPELINED },
  (_, i) => JSON.stringify({ v: 1, id: i, op: "gate", text: DOCUMENT, declaration: "h1" }),
);
const mcpLines = Array.from({ length: PIPELINED }, (_, i) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: i + 1,
    method: "tools/call",
    params: { name: "interjson_gate", arguments: { text: DOCUMENT, schema: DECLARATION } },
  }));

/** One measured exchange of the pipelined lines on a started, initialized process. */
async function pipelined(
  args: string[],
  setup: string,
  lines: readonly string[],
  check: (last: Record<string, unknown>) => boolean,
): Promise<number> {
  const child = new LineProcess(args);
  await child.exchange([setup]);
  const started = performance.now();
  const last = JSON.parse(await child.exchange(lines));
  const elapsed = performance.now() - started;
  if (!check(last)) throw new Error(`bad answer ${JSON.stringify(last).slice(0, 200)}`);
  await child.close();
  return elapsed;
}

// serve and mcp alternate within each iteration, so a load spike on this
// shared machine falls on both rather than on one of them.
Deno.bench({
  name: `serve then mcp: ${PIPELINED} pipelined gate calls each`,
  group: `${PIPELINED} pipelined gate calls`,
  n: 4,
  warmup: 1,
  async fn() {
    record(
      "pipelined serve",
      await pipelined(
        ["serve"],
        JSON.stringify({ v: 1, id: "c", op: "compile", schema: DECLARATION }),
        serveLines,
        // deno-lint-ignore no-explicit-any
        (last: any) => last.id === PIPELINED - 1 && last.result.executable === true,
      ),
    );
    record(
      "pipelined mcp",
      await pipelined(
        ["mcp"],
        JSON.stringify(INITIALIZE),
        mcpLines,
        // deno-lint-ignore no-explicit-any
        (last: any) => last.id === PIPELINED && last.result.structuredContent.executable === true,
      ),
    );
  },
});

// ---------------------------------------------------------------------------
// HTTP: 1,000 sequential keep-alive calls.

Deno.bench({
  name: `serve --http: ${SEQUENTIAL} sequential POST /v1/gate`,
  group: `HTTP ${SEQUENTIAL} sequential keep-alive calls`,
  n: 3,
  warmup: 1,
  async fn(b) {
    const child = await startHttp(Deno.execPath(), [
      "run",
      "--allow-net=127.0.0.1",
      CLI_PATH,
      "serve",
      "--http",
      "0",
    ]);
    const url = new URL("/v1/gate", child.url);
    const body = JSON.stringify({ text: DOCUMENT, schema: DECLARATION });
    b.start();
    const started = performance.now();
    for (let i = 0; i < SEQUENTIAL; i++) {
      const response = await fetch(url, { method: "POST", headers: MCP_HTTP_HEADERS, body });
      const result = await response.json();
      if (result.executable !== true) throw new Error("bad answer");
    }
    record("http serve", performance.now() - started);
    b.end();
    await child.stop();
  },
});

Deno.bench({
  name: `reference: ${SEQUENTIAL} sequential tools/call (SDK Streamable HTTP, no-op tool)`,
  group: `HTTP ${SEQUENTIAL} sequential keep-alive calls`,
  baseline: true,
  n: 3,
  warmup: 1,
  async fn(b) {
    const child = await startHttp("node", [REFERENCE_HTTP_SERVER, referencePrefix]);
    const headers = await openHttpSession(child.url);
    b.start();
    const started = performance.now();
    await sequentialToolCalls(child.url, headers, "noop", DOCUMENT, SEQUENTIAL);
    record("http reference", performance.now() - started);
    b.end();
    await child.stop();
  },
});

// ---------------------------------------------------------------------------
// Hook cold start against the SDK v1 stdio server's.

Deno.bench({
  name: "hook cold start: deno run cli.ts hook (one PreToolUse event)",
  group: "cold start",
  n: 10,
  warmup: 2,
  async fn(b) {
    b.start();
    const started = performance.now();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", CLI_PATH, "hook"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(encoder.encode(HOOK_EVENT));
    await writer.close();
    const output = await child.output();
    record("cold hook", performance.now() - started);
    b.end();
    if (output.code !== 0 || output.stdout.length !== 0) throw new Error("the hook did not pass");
  },
});

Deno.bench({
  name: "reference cold start: SDK v1 stdio server (spawn → initialize answered)",
  group: "cold start",
  baseline: true,
  n: 10,
  warmup: 2,
  async fn(b) {
    b.start();
    const started = performance.now();
    const child = McpProcess.spawn("node", [REFERENCE_SERVER, referencePrefix]);
    const reply = await child.initialize("2025-06-18", 0);
    record("cold reference", performance.now() - started);
    b.end();
    if (!reply.result) throw new Error("initialize failed");
    await child.close();
  },
});

/** Warmup iterations run `fn` too; their samples are dropped. */
const WARMUP: Record<string, number> = { pipelined: 1, http: 1, cold: 2 };

/** The best of the measured iterations (the least disturbed by the other processes). */
function best(name: string): number {
  return Math.min(...(samples.get(name) ?? []).slice(WARMUP[name.split(" ")[0]]));
}

function ratioLine(label: string, ours: string, reference: string, target: number): string {
  if (!samples.has(ours) || !samples.has(reference)) return `${label}: not run`;
  const ratio = best(ours) / best(reference);
  return `${label}: interjson ${best(ours).toFixed(1)} ms, anchor ${
    best(reference).toFixed(1)
  } ms, ratio ${ratio.toFixed(3)}× (target ≤ ${target}×: ${ratio <= target ? "met" : "MISSED"})`;
}

globalThis.addEventListener("unload", () => {
  console.log([
    "",
    "Host-side summary: serve, serve --http and hook against their anchors (best of the measured iterations):",
    ratioLine(
      `serve vs mcp, ${PIPELINED} pipelined gate calls`,
      "pipelined serve",
      "pipelined mcp",
      0.333,
    ),
    ratioLine(
      `serve --http vs the SDK's Streamable HTTP, ${SEQUENTIAL} calls`,
      "http serve",
      "http reference",
      0.5,
    ),
    ratioLine("hook cold start vs the SDK v1 stdio server's", "cold hook", "cold reference", 0.5),
  ].join("\n"));
});
