/**
 * The HTTP layer against `Deno.serve`, in one run: for
 * `interjson serve --http` (`POST /v1/gate`) and `interjson mcp --http` (a
 * `tools/call` of `interjson_gate` in a 2025-11-25 session), each beside
 * `Deno.serve` running the same handler (`bench/deno_serve_reference.ts`):
 *
 * - requests per second and the 99th-percentile latency at 1, 8, 32 and 128
 *   concurrent keep-alive clients (raw sockets, one request in flight per
 *   client, `SECONDS` per point on loopback);
 * - resident memory per idle connection: `IDLE` connections that have each
 *   been answered once and stay open, RSS after minus before, divided (on
 *   fresh processes, after a first batch of as many that warms them up);
 * - (serve) the time to upload an 8 MiB body, read whole before the answer.
 *
 * Targets: throughput ≥ 0.8× `Deno.serve` at 8 and 32 clients; memory per
 * idle connection within 2× of it. Both servers share the machine with this
 * client, so the ratios (not the absolute numbers) are the result; the
 * server's CPU time per request (from `/proc/PID/stat`) is printed beside
 * them, the figure least disturbed by other load on a shared machine.
 *
 * ```sh
 * deno run -A bench/http_bench.ts [--seconds=2] [--idle=250] [--clients=1,8,32,128] [--uploads=5]
 * ```
 *
 * @module
 */

import { INITIALIZE } from "./mcp_reference.ts";

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const REFERENCE = new URL("./deno_serve_reference.ts", import.meta.url).pathname;
const CLIENTS =
  Deno.args.find((arg) => arg.startsWith("--clients="))?.slice(10).split(",").map(Number) ??
    [1, 8, 32, 128];

function option(name: string, fallback: number): number {
  const given = Deno.args.find((arg) => arg.startsWith(`--${name}=`));
  return given === undefined ? fallback : Number(given.slice(name.length + 3));
}
const SECONDS = option("seconds", 2);
const IDLE = option("idle", 250); // two batches, under the 512-connection cap
const UPLOADS = option("uploads", 5);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A server process: its port and pid, read from its listening line. */
interface Server {
  readonly name: string;
  readonly port: number;
  readonly pid: number;
  stop(): Promise<void>;
}

async function start(name: string, args: string[]): Promise<Server> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-net=127.0.0.1", ...args],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${name} exited: ${text}`);
    text += value;
  }
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(text)![1]);
  return {
    name,
    port,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await reader.cancel();
    },
  };
}

/** The CPU time (user + system) a process has used, in milliseconds (Linux, 100 ticks a second). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await Deno.readTextFile(`/proc/${pid}/stat`)).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function rss(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** One keep-alive connection that sends a request and reads its whole answer. */
class Client {
  readonly #conn: Deno.Conn;
  #buffer = new Uint8Array(65536);
  #length = 0;

  private constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  static async open(port: number): Promise<Client> {
    return new Client(await Deno.connect({ hostname: "127.0.0.1", port }));
  }

  /** Sends `request`, resolves to the answer's status and head. */
  async send(request: Uint8Array): Promise<{ status: number; head: string }> {
    let written = 0;
    while (written < request.length) written += await this.#conn.write(request.subarray(written));
    while (true) {
      const text = decoder.decode(this.#buffer.subarray(0, Math.min(this.#length, 8192)));
      const end = text.indexOf("\r\n\r\n");
      if (end !== -1) {
        const head = text.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        const total = end + 4 + length;
        if (this.#length >= total) {
          this.#buffer.copyWithin(0, total, this.#length);
          this.#length -= total;
          return { status: Number(head.slice(9, 12)), head };
        }
      }
      if (this.#length === this.#buffer.length) {
        const grown = new Uint8Array(this.#buffer.length * 2);
        grown.set(this.#buffer);
        this.#buffer = grown;
      }
      const read = await this.#conn.read(this.#buffer.subarray(this.#length));
      if (read === null) throw new Error("the server closed the connection");
      this.#length += read;
    }
  }

  close(): void {
    this.#conn.close();
  }
}

function post(port: number, path: string, body: string, headers: Record<string, string>) {
  const fields = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
  return encoder.encode(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `${fields}Content-Length: ${encoder.encode(body).length}\r\n\r\n${body}`,
  );
}

/** The request a surface is measured on, built once per server. */
async function requestFor(surface: "serve" | "mcp", port: number): Promise<Uint8Array> {
  if (surface === "serve") {
    return post(
      port,
      "/v1/gate",
      JSON.stringify({ text: "{'a': 1,}", schema: "{!a:integer}" }),
      {},
    );
  }
  const client = await Client.open(port);
  const opened = await client.send(post(port, "/mcp", JSON.stringify(INITIALIZE), {
    Accept: "application/json, text/event-stream",
  }));
  client.close();
  const session = /\r\nmcp-session-id: *(\S+)/i.exec(opened.head)?.[1];
  if (session === undefined) throw new Error(`initialize failed: ${opened.head}`);
  const call = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "interjson_gate", arguments: { text: "{'a': 1,}" } },
  };
  return post(port, "/mcp", JSON.stringify(call), {
    Accept: "application/json, text/event-stream",
    "Mcp-Session-Id": session,
    "MCP-Protocol-Version": "2025-11-25",
  });
}

/**
 * Requests per second, p99 latency (ms) and the server's CPU time per request
 * (µs) with `clients` concurrent clients for `SECONDS`.
 */
async function load(server: Server, request: Uint8Array, clients: number) {
  const port = server.port;
  const connections = await Promise.all(Array.from({ length: clients }, () => Client.open(port)));
  const cpuBefore = await cpuMs(server.pid);
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let errors = 0;
  await Promise.all(connections.map(async (client) => {
    while (performance.now() < until) {
      const began = performance.now();
      const { status } = await client.send(request);
      if (status !== 200) errors++;
      latencies.push(performance.now() - began);
    }
  }));
  const cpu = (await cpuMs(server.pid)) - cpuBefore;
  for (const client of connections) client.close();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / SECONDS,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    cpuPerRequest: (cpu * 1000) / latencies.length,
    errors,
  };
}

/**
 * Milliseconds to send `UPLOADS` bodies of 8 MiB less a byte on one
 * connection (`POST /healthz`: the body is read whole, then the handler
 * answers 405), the best of them.
 */
async function upload(server: Server): Promise<number> {
  const body = "x".repeat(8_388_607);
  const request = post(server.port, "/healthz", body, {});
  const client = await Client.open(server.port);
  let best = Infinity;
  for (let i = 0; i < UPLOADS; i++) {
    const began = performance.now();
    const { status } = await client.send(request);
    if (status !== 405) throw new Error(`upload answered ${status}`);
    best = Math.min(best, performance.now() - began);
  }
  client.close();
  return best;
}

/**
 * RSS per connection held open after one answered request each: a first
 * batch of `IDLE` warms the server up (its code compiled, its heap grown),
 * the second batch is measured.
 */
async function idleMemory(server: Server, request: Uint8Array): Promise<number> {
  const held: Client[] = [];
  const openBatch = async () => {
    for (let i = 0; i < IDLE; i++) {
      const client = await Client.open(server.port);
      await client.send(request);
      held.push(client);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  };
  await openBatch();
  const before = await rss(server.pid);
  await openBatch();
  const after = await rss(server.pid);
  for (const client of held) client.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  return (after - before) / IDLE;
}

const rows: string[] = [];
const ratios: string[] = [];
for (const surface of ["serve", "mcp"] as const) {
  const ours = await start(`${surface} --http`, [CLI, surface, "--http", "0"]);
  const reference = await start(`Deno.serve (${surface} handler)`, [REFERENCE, surface]);
  const results = new Map<string, Map<number, Awaited<ReturnType<typeof load>>>>();
  for (const server of [ours, reference]) results.set(server.name, new Map());
  const requests = new Map<Server, Uint8Array>();
  for (const server of [ours, reference]) {
    requests.set(server, await requestFor(surface, server.port));
  }
  // Idle memory first, on fresh processes: after the load, freed garbage hides it.
  const ourIdle = await idleMemory(ours, requests.get(ours)!);
  const referenceIdle = await idleMemory(reference, requests.get(reference)!);
  for (const server of [ours, reference]) {
    await load(server, requests.get(server)!, 8); // warm-up
  }
  for (const clients of CLIENTS) {
    // Alternate the two servers at each point, so that a disturbance hits both.
    for (const server of [ours, reference]) {
      const result = await load(server, requests.get(server)!, clients);
      results.get(server.name)!.set(clients, result);
      const rps = result.rps.toFixed(0).padStart(7);
      const p99 = result.p99.toFixed(2).padStart(7);
      const cpu = result.cpuPerRequest.toFixed(0).padStart(4);
      rows.push(
        `${server.name.padEnd(28)} ${String(clients).padStart(4)} clients  ` +
          `${rps} req/s  p99 ${p99} ms  ${cpu} µs CPU/req` +
          (result.errors > 0 ? `  ${result.errors} non-200` : ""),
      );
    }
    const mine = results.get(ours.name)!.get(clients)!;
    const theirs = results.get(reference.name)!.get(clients)!;
    ratios.push(
      `${surface} --http / Deno.serve at ${clients} clients: ` +
        `${(mine.rps / theirs.rps).toFixed(2)}× throughput, ` +
        `${(mine.cpuPerRequest / theirs.cpuPerRequest).toFixed(2)}× CPU per request`,
    );
  }
  if (surface === "serve") {
    const mine = await upload(ours);
    const theirs = await upload(reference);
    rows.push(
      `${ours.name.padEnd(28)} 8 MiB upload: ${mine.toFixed(1)} ms`,
      `${reference.name.padEnd(28)} 8 MiB upload: ${theirs.toFixed(1)} ms`,
    );
    ratios.push(`serve --http / Deno.serve, an 8 MiB upload: ${(mine / theirs).toFixed(2)}× time`);
  }
  rows.push(
    `${ours.name.padEnd(28)} idle connection: ${(ourIdle / 1024).toFixed(1)} KiB`,
    `${reference.name.padEnd(28)} idle connection: ${(referenceIdle / 1024).toFixed(1)} KiB`,
  );
  ratios.push(
    `${surface} --http / Deno.serve memory per idle connection: ${
      (ourIdle / referenceIdle).toFixed(2)
    }×`,
  );
  await ours.stop();
  await reference.stop();
}
console.log(rows.join("\n"));
console.log("");
console.log(ratios.join("\n"));
