/**
 * Test harness for the Streamable HTTP server: spawns the real process
 * (`deno run --allow-net=127.0.0.1 cli.ts mcp --http 0`), reads the one line
 * it prints on stderr to learn its URL, and sends raw HTTP when a test needs
 * headers `fetch` will not send (`Host`) or a body it will not stream.
 *
 * @example
 * ```ts ignore
 * import { HttpServerProcess } from "./mcp_http_harness.ts";
 * const server = await HttpServerProcess.start();
 * console.log(server.url); // http://127.0.0.1:PORT/mcp
 * await server.stop();
 * ```
 *
 * @module
 */

import { CLI, ROOT } from "./mcp_harness.ts";

/**
 * Reads a server's stderr until the line it prints when it listens has come;
 * resolves to everything read so far. Rejects, naming `who`, when stderr ends
 * first.
 */
export async function readListeningLine(
  reader: ReadableStreamDefaultReader<string>,
  who: string,
): Promise<string> {
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${who} exited before listening: ${text}`);
    text += value;
  }
  return text;
}

/** A running `interjson mcp --http` process. */
export class HttpServerProcess {
  /** The endpoint URL from the stderr line. */
  readonly url: string;
  /** The port. */
  readonly port: number;
  /** The first stderr line. */
  readonly listening: string;
  readonly #child: Deno.ChildProcess;
  readonly #rest: Promise<string>;
  readonly #stdout: Promise<string>;

  private constructor(
    child: Deno.ChildProcess,
    listening: string,
    rest: Promise<string>,
    stdout: Promise<string>,
  ) {
    this.#child = child;
    this.listening = listening;
    this.url = listening.replace("interjson: listening on ", "");
    this.port = Number(new URL(this.url).port);
    this.#rest = rest;
    this.#stdout = stdout;
  }

  /**
   * Starts the server with only `--allow-net=127.0.0.1` (or the given flags);
   * with `openFiles`, under `ulimit -n openFiles` (through `bash`).
   */
  static async start(
    args: readonly string[] = ["mcp", "--http", "0"],
    denoFlags: readonly string[] = ["--allow-net=127.0.0.1"],
    openFiles?: number,
  ): Promise<HttpServerProcess> {
    const command = [Deno.execPath(), "run", ...denoFlags, CLI, ...args];
    const [program, ...programArgs] = openFiles === undefined
      ? command
      : ["bash", "-c", `ulimit -n ${openFiles} && exec "$@"`, "bash", ...command];
    const child = new Deno.Command(program, {
      args: programArgs,
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    const text = await readListeningLine(reader, "the server");
    const newline = text.indexOf("\n");
    const rest = (async () => {
      let tail = text.slice(newline + 1);
      while (true) {
        const { value, done } = await reader.read();
        if (done) return tail;
        tail += value;
      }
    })();
    const stdout = new Response(child.stdout).text();
    return new HttpServerProcess(child, text.slice(0, newline), rest, stdout);
  }

  /** The process id. */
  get pid(): number {
    return this.#child.pid;
  }

  /** A line of the process's `/proc/PID/status` (Linux), in bytes (read by `cat`: Deno needs -A for /proc). */
  async #memory(field: "VmHWM" | "VmRSS"): Promise<number> {
    const output = await new Deno.Command("cat", { args: [`/proc/${this.pid}/status`] }).output();
    const status = new TextDecoder().decode(output.stdout);
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
  }

  /** The process's peak resident memory so far (Linux `VmHWM`), in bytes. */
  peakRss(): Promise<number> {
    return this.#memory("VmHWM");
  }

  /** The process's resident memory now (Linux `VmRSS`), in bytes. */
  rss(): Promise<number> {
    return this.#memory("VmRSS");
  }

  /** Whether the process has exited, without waiting. */
  async exited(): Promise<boolean> {
    const done = await Promise.race([this.#child.status.then(() => true), Promise.resolve(false)]);
    return done;
  }

  /** POSTs a JSON-RPC message with the given headers. */
  post(message: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(this.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        ...headers,
      },
      body: typeof message === "string" ? message : JSON.stringify(message),
    });
  }

  /** Sends raw bytes on a new connection and returns what came back until it closed or `limit` ms. */
  async raw(request: string | Uint8Array, limit = 5000): Promise<string> {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: this.port });
    const bytes = typeof request === "string" ? new TextEncoder().encode(request) : request;
    const writing = (async () => {
      let written = 0;
      while (written < bytes.length) written += await conn.write(bytes.subarray(written));
    })().catch(() => {
      // The server may close before reading everything (413): what it said is read below.
    });
    const chunks: Uint8Array[] = [];
    const buffer = new Uint8Array(65536);
    const deadline = Date.now() + limit;
    let pending: Promise<number | null> | undefined;
    while (Date.now() < deadline) {
      pending ??= conn.read(buffer).catch(() => null);
      const timer = new Promise<"wait">((resolve) => setTimeout(() => resolve("wait"), 200));
      const read = await Promise.race([pending, timer]);
      if (read === "wait") {
        if (chunks.length > 0) break;
        continue;
      }
      pending = undefined;
      if (read === null) break;
      chunks.push(buffer.slice(0, read));
    }
    try {
      conn.close();
    } catch {
      // Already closed by the server.
    }
    await writing;
    return new TextDecoder().decode(
      chunks.reduce((all, chunk) => {
        const joined = new Uint8Array(all.length + chunk.length);
        joined.set(all);
        joined.set(chunk, all.length);
        return joined;
      }, new Uint8Array(0)),
    );
  }

  /** Waits for the process to exit on its own: code, stdout, and the stderr after the first line. */
  async exit(): Promise<{ code: number; stdout: string; stderr: string }> {
    const status = await this.#child.status;
    return { code: status.code, stdout: await this.#stdout, stderr: await this.#rest };
  }

  /** Sends a signal and waits for the exit: code, stdout, and the stderr after the first line. */
  async stop(
    signal: Deno.Signal = "SIGTERM",
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      this.#child.kill(signal);
    } catch {
      // Already gone.
    }
    const status = await this.#child.status;
    return { code: status.code, stdout: await this.#stdout, stderr: await this.#rest };
  }
}
