/**
 * `interjson proxy` against a direct connection to the same trivial
 * downstream tool, in one run: `echo` of `@modelcontextprotocol/server-everything`
 * (installed by the tests into `INTERJSON_TEST_NPM`), or with
 * `PROXY_BENCH_DOWNSTREAM=fake` the `echo` of `tests/fixtures/proxy_fake_server.ts`.
 *
 * - **1,000 calls**: 1,000 sequential `tools/call` round trips, direct,
 *   through a no-op Deno relay (`bench/noop_relay.ts`: the floor any Deno
 *   proxy pays for two more pipe hops) and through the proxy; target ≤ 1.25×
 *   direct.
 * - **added latency**: the median round trip through the proxy minus the
 *   median direct round trip; target ≤ 0.3 ms.
 * - **memory**: the proxy's resident set (`/proc/PID/status` VmRSS, Linux)
 *   after every tenth of 100,000 calls (`PROXY_BENCH_MEMORY_CALLS`;
 *   pipelined 100 at a time to keep the run short), which must stay flat:
 *   the growth from the first tenth to the last is printed.
 *
 * The summary is printed after `deno bench`'s own table.
 *
 * ```sh
 * deno bench -A bench/proxy_bench.ts
 * ```
 *
 * @module
 */

const CALLS = 1000;
const NPM_DIR = Deno.env.get("INTERJSON_TEST_NPM") ??
  `${Deno.env.get("TMPDIR") ?? "/tmp"}/interjson-test-npm`;
const EVERYTHING = `${NPM_DIR}/node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
const MEMORY_CALLS = Number(Deno.env.get("PROXY_BENCH_MEMORY_CALLS") ?? "100000");
const PIPELINE = 100;
const CLI = new URL("../cli.ts", import.meta.url).pathname;
const FAKE = new URL("../tests/fixtures/proxy_fake_server.ts", import.meta.url).pathname;
const DOWNSTREAM = Deno.env.get("PROXY_BENCH_DOWNSTREAM") ?? "everything";
const SERVER = DOWNSTREAM === "fake" ? [Deno.execPath(), "run", FAKE] : ["node", EVERYTHING];
const TOOL = DOWNSTREAM === "fake"
  ? '"name":"echo","arguments":{"text":"hello"}'
  : '"name":"echo","arguments":{"message":"hello"}';
const RELAY = [
  Deno.execPath(),
  "run",
  `--allow-run=${SERVER[0]}`,
  new URL("./noop_relay.ts", import.meta.url).pathname,
  "--",
  ...SERVER,
];
const PROXY = [
  Deno.execPath(),
  "run",
  `--allow-run=${SERVER[0]}`,
  CLI,
  "proxy",
  "--",
  ...SERVER,
];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A line client over real pipes. */
class LineClient {
  readonly child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  #buffer = "";

  constructor(command: string[]) {
    this.child = new Deno.Command(command[0], {
      args: command.slice(1),
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    this.#writer = this.child.stdin.getWriter();
    this.#reader = this.child.stdout.getReader();
  }

  send(text: string): Promise<void> {
    return this.#writer.write(encoder.encode(text));
  }

  async line(): Promise<string> {
    while (true) {
      const lf = this.#buffer.indexOf("\n");
      if (lf !== -1) {
        const line = this.#buffer.slice(0, lf);
        this.#buffer = this.#buffer.slice(lf + 1);
        return line;
      }
      const { value, done } = await this.#reader.read();
      if (done) throw new Error("closed");
      this.#buffer += decoder.decode(value, { stream: true });
    }
  }

  async start(): Promise<void> {
    await this.send(
      '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",' +
        '"capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}\n' +
        '{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
    );
    await this.reply(0);
    await this.call(-1);
  }

  async call(id: number): Promise<void> {
    await this.send(call(id));
    await this.reply(id);
  }

  /** Reads lines up to the reply to `id` (notifications are skipped). */
  async reply(id: number): Promise<void> {
    while (true) {
      const line = await this.line();
      const message = JSON.parse(line);
      if (message.id === undefined) continue;
      if (message.id !== id || message.result === undefined) throw new Error(line);
      return;
    }
  }

  async close(): Promise<void> {
    await this.#writer.close();
    this.#reader.releaseLock();
    await this.child.stdout.cancel();
    await this.child.status;
  }
}

function call(id: number): string {
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{${TOOL}}}\n`;
}

const totals = new Map<string, number[]>();
const latencies = new Map<string, number[]>();

for (
  const [label, command] of [
    ["direct", SERVER],
    ["through a no-op Deno relay", RELAY],
    ["through the proxy", PROXY],
  ] as const
) {
  Deno.bench({
    name: `${CALLS} calls: ${label}`,
    group: `${CALLS} sequential tools/call round trips`,
    baseline: label === "direct",
    n: 5,
    warmup: 1,
    async fn(b) {
      const client = new LineClient([...command]);
      await client.start();
      const each: number[] = [];
      b.start();
      const started = performance.now();
      for (let id = 1; id <= CALLS; id++) {
        const t0 = performance.now();
        await client.call(id);
        each.push(performance.now() - t0);
      }
      const total = performance.now() - started;
      b.end();
      totals.set(label, [...(totals.get(label) ?? []), total]);
      latencies.set(label, [...(latencies.get(label) ?? []), ...each]);
      await client.close();
    },
  });
}

function residentKiB(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "NaN");
}

const memory: number[] = [];

Deno.bench({
  name: `${MEMORY_CALLS} calls through the proxy (memory)`,
  group: "memory",
  n: 1,
  warmup: 0,
  async fn() {
    memory.length = 0;
    const client = new LineClient(PROXY);
    await client.start();
    const tenth = MEMORY_CALLS / 10;
    for (let done = 0; done < MEMORY_CALLS; done += PIPELINE) {
      let batch = "";
      for (let i = 1; i <= PIPELINE; i++) batch += call(done + i);
      await client.send(batch);
      for (let i = 1; i <= PIPELINE; i++) await client.reply(done + i);
      if ((done + PIPELINE) % tenth === 0) memory.push(residentKiB(client.child.pid));
    }
    await client.close();
  },
});

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

globalThis.addEventListener("unload", () => {
  const direct = totals.get("direct")?.slice(1) ?? [];
  const proxied = totals.get("through the proxy")?.slice(1) ?? [];
  if (direct.length === 0 || proxied.length === 0) return;
  const ratio = mean(proxied) / mean(direct);
  const added = median(latencies.get("through the proxy")!) - median(latencies.get("direct")!);
  const lines = [
    "",
    "proxy summary:",
    `${CALLS} calls: proxy ${mean(proxied).toFixed(1)} ms, direct ${mean(direct).toFixed(1)} ms, ` +
    `ratio ${ratio.toFixed(3)}× (target ≤ 1.25×: ${ratio <= 1.25 ? "met" : "MISSED"})`,
    `median added latency per call: ${added.toFixed(3)} ms (target ≤ 0.3 ms: ${
      added <= 0.3 ? "met" : "MISSED"
    })`,
  ];
  const relayed = totals.get("through a no-op Deno relay")?.slice(1) ?? [];
  if (relayed.length > 0) {
    const floor = mean(relayed) / mean(direct);
    lines.push(
      `the floor: a no-op Deno relay (bench/noop_relay.ts) ${mean(relayed).toFixed(1)} ms, ` +
        `${floor.toFixed(3)}× direct; the proxy over that relay: ${
          (mean(proxied) / mean(relayed)).toFixed(3)
        }×`,
    );
  }
  if (memory.length > 1) {
    const growth = memory.at(-1)! - memory[0];
    lines.push(
      `memory over ${MEMORY_CALLS} calls (VmRSS KiB at each tenth): ${memory.join(" ")}; ` +
        `growth from the first tenth to the last: ${growth} KiB`,
    );
  }
  console.log(lines.join("\n"));
});
