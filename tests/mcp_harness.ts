/**
 * Test harness for black-box tests: spawns the real `interjson` process
 * (`deno run cli.ts …`, with no permission flag unless a test asks for one)
 * and talks to it over its pipes, reading replies line by line with a reader
 * that shares no code with the server.
 *
 * @example
 * ```ts ignore
 * import { McpProcess } from "./mcp_harness.ts";
 * const server = McpProcess.start();
 * await server.initialize();
 * server.send({ jsonrpc: "2.0", id: 2, method: "ping" });
 * console.log(await server.next()); // { jsonrpc: "2.0", id: 2, result: {} }
 * await server.close();
 * ```
 *
 * @module
 */

import { runDeno } from "./fixtures/run_deno.ts";

/** The repository root (where `cli.ts` is). */
export const ROOT: string = new URL("..", import.meta.url).pathname;

/** The path of `cli.ts`. */
export const CLI: string = new URL("../cli.ts", import.meta.url).pathname;

/** What a finished process left. */
export interface Finished {
  /** Exit code. */
  readonly code: number;
  /** Everything on stdout not consumed by {@linkcode McpProcess.next}. */
  readonly stdout: string;
  /** Everything on stderr. */
  readonly stderr: string;
}

/** The stateless revision the modern-era tests speak. */
export const MODERN = "2026-07-28";

/** The `_meta` every 2026-07-28 request carries: version, client info, capabilities. */
export const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "t", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** A JSON-RPC message as the tests see it. */
// deno-lint-ignore no-explicit-any
export type Message = any;

const encoder = new TextEncoder();

/**
 * Runs `deno run [denoFlags] cli.ts args` to completion with `stdin` and
 * returns what it printed.
 *
 * @example
 * ```ts ignore
 * import { runCli } from "./mcp_harness.ts";
 * console.log((await runCli(["--version"])).stdout);
 * ```
 */
export function runCli(
  args: readonly string[],
  stdin: string | Uint8Array = "",
  denoFlags: readonly string[] = [],
): Promise<Finished> {
  return runDeno(["run", ...denoFlags, CLI, ...args], { cwd: ROOT, stdin });
}

/** A running server process. */
export class McpProcess {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #stderr: Promise<string>;
  #buffer = new Uint8Array(0);
  #lines: string[] = [];
  #ended = false;

  private constructor(child: Deno.ChildProcess) {
    this.#child = child;
    this.#writer = child.stdin.getWriter();
    this.#reader = child.stdout.getReader();
    this.#stderr = new Response(child.stderr).text();
  }

  /** Spawns `deno run [denoFlags] cli.ts [args]` (default: `mcp`, no permission flag). */
  static start(
    args: readonly string[] = ["mcp"],
    denoFlags: readonly string[] = [],
  ): McpProcess {
    return McpProcess.spawn(Deno.execPath(), ["run", ...denoFlags, CLI, ...args]);
  }

  /** Spawns any command as the server. */
  static spawn(command: string, args: readonly string[]): McpProcess {
    const child = new Deno.Command(command, {
      args: [...args],
      cwd: ROOT,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    return new McpProcess(child);
  }

  /** Writes a message (an object is serialized and gets an LF; text and bytes go as they are). */
  send(message: unknown): Promise<void> {
    if (message instanceof Uint8Array) return this.#writer.write(message);
    const text = typeof message === "string" ? message : JSON.stringify(message) + "\n";
    return this.#writer.write(encoder.encode(text));
  }

  /** Sends `initialize` (with `protocolVersion`) and returns its reply. */
  async initialize(protocolVersion = "2025-11-25", id: number | string = 0): Promise<Message> {
    await this.send({
      jsonrpc: "2.0",
      id,
      method: "initialize",
      params: { protocolVersion, capabilities: {}, clientInfo: { name: "test", version: "0" } },
    });
    await this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return this.next();
  }

  /** Sends a request and returns the next reply. */
  async request(message: unknown): Promise<Message> {
    await this.send(message);
    return this.next();
  }

  /** The next reply line, parsed; throws when the output ends first. */
  async next(): Promise<Message> {
    const line = await this.nextLine();
    if (line === undefined) throw new Error("the server closed stdout; no reply");
    return JSON.parse(line);
  }

  /** The next raw reply line (without LF), or `undefined` at the end of output. */
  async nextLine(): Promise<string | undefined> {
    while (this.#lines.length === 0 && !this.#ended) {
      const { value, done } = await this.#reader.read();
      if (done) {
        this.#ended = true;
        break;
      }
      const joined = new Uint8Array(this.#buffer.length + value.length);
      joined.set(this.#buffer);
      joined.set(value, this.#buffer.length);
      let start = 0;
      for (let i = joined.indexOf(10); i !== -1; i = joined.indexOf(10, start)) {
        this.#lines.push(new TextDecoder().decode(joined.subarray(start, i)));
        start = i + 1;
      }
      this.#buffer = joined.slice(start);
    }
    return this.#lines.shift();
  }

  /** Closes stdin, reads the rest of stdout and stderr, and waits for the exit code. */
  async close(): Promise<Finished> {
    await this.#writer.close().catch(() => {});
    const rest: string[] = [];
    for (let line = await this.nextLine(); line !== undefined; line = await this.nextLine()) {
      rest.push(line + "\n");
    }
    const tail = new TextDecoder().decode(this.#buffer);
    const status = await this.#child.status;
    return { code: status.code, stdout: rest.join("") + tail, stderr: await this.#stderr };
  }
}
