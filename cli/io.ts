/**
 * What the command line reads and writes, as an interface, so commands can
 * be run in-process by tests and on the real process by `cli.ts`.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("[1,2,]");
 * await io.stdout("hello\n");
 * strictEqual(io.captured.stdout, "hello\n");
 * ```
 *
 * @module
 */

import { type PermissionName, revokeAll } from "../wire/stdio.ts";

/** The process's streams and files, as the commands see them. */
export interface CliIO {
  /** Writes text to stdout (all of it, before resolving). */
  stdout(text: string): Promise<void>;
  /** Writes text to stderr. */
  stderr(text: string): Promise<void>;
  /** Reads stdin to its end. */
  readStdin(): Promise<Uint8Array>;
  /** Reads a file. */
  readFile(path: string): Promise<Uint8Array>;
  /** Whether stdin, stdout or stderr is a terminal (a person reads or types there). */
  isTerminal(stream: "stdin" | "stdout" | "stderr"): boolean;
  /** Whether `NO_COLOR` is set (read without any permission). */
  readonly noColor: boolean;
  /** The width of the terminal on stdout in columns, or `undefined` when it is not a terminal. */
  columns(): number | undefined;
  /**
   * Revokes every permission of the process but those named (see
   * `cli/permissions.ts`); revoked permissions never come back.
   */
  keepPermissions(keep: readonly PermissionName[]): void;
}

async function writeAll(sink: { write(bytes: Uint8Array): Promise<number> }, text: string) {
  const bytes = new TextEncoder().encode(text);
  let written = 0;
  while (written < bytes.length) written += await sink.write(bytes.subarray(written));
}

/**
 * The real process: `Deno.stdout`, `Deno.stderr`, `Deno.stdin`, `Deno.readFile`.
 *
 * @example
 * ```ts ignore
 * import { denoIO } from "./io.ts";
 * await denoIO.stdout("interjson\n"); // writes to the real stdout
 * ```
 */
export const denoIO: CliIO = {
  stdout: (text) => writeAll(Deno.stdout, text),
  stderr: (text) => writeAll(Deno.stderr, text),
  readStdin: async () => new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer()),
  readFile: (path) => Deno.readFile(path),
  isTerminal: (stream) =>
    (stream === "stdin" ? Deno.stdin : stream === "stdout" ? Deno.stdout : Deno.stderr)
      .isTerminal(),
  noColor: Deno.noColor,
  columns: () => {
    try {
      return Deno.stdout.isTerminal() ? Deno.consoleSize().columns : undefined;
    } catch {
      return undefined;
    }
  },
  keepPermissions: (keep) => revokeAll(keep),
};

/** How {@linkcode memoryIO} pretends to be a terminal. */
export interface MemoryTerminal {
  /** Which streams are terminals (none by default: pipes, as in scripts). */
  readonly terminal?: {
    readonly stdin?: boolean;
    readonly stdout?: boolean;
    readonly stderr?: boolean;
  };
  /** Whether `NO_COLOR` is set. */
  readonly noColor?: boolean;
  /** The terminal's width (unknown by default). */
  readonly columns?: number;
}

/**
 * An in-memory process for tests: stdin is the given text (or bytes), files
 * come from the given map, streams are pipes unless `terminal` says
 * otherwise, and what is written is captured; `kept` records each
 * `keepPermissions` call instead of revoking anything.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("", { "schema.json": '{"type":"object"}' }, { terminal: { stdout: true } });
 * strictEqual(new TextDecoder().decode(await io.readFile("schema.json")), '{"type":"object"}');
 * strictEqual(io.isTerminal("stdout"), true);
 * ```
 */
export function memoryIO(
  stdin: string | Uint8Array,
  files: Readonly<Record<string, string | Uint8Array>> = {},
  process: MemoryTerminal = {},
): CliIO & { captured: { stdout: string; stderr: string }; kept: PermissionName[][] } {
  const captured = { stdout: "", stderr: "" };
  const kept: PermissionName[][] = [];
  const encoder = new TextEncoder();
  const bytes = (content: string | Uint8Array) =>
    typeof content === "string" ? encoder.encode(content) : content;
  return {
    captured,
    kept,
    stdout: (text) => {
      captured.stdout += text;
      return Promise.resolve();
    },
    stderr: (text) => {
      captured.stderr += text;
      return Promise.resolve();
    },
    readStdin: () => Promise.resolve(bytes(stdin)),
    readFile: (path) =>
      Object.hasOwn(files, path)
        ? Promise.resolve(bytes(files[path]))
        : Promise.reject(new Error(`No such file or directory: ${path}`)),
    isTerminal: (stream) => process.terminal?.[stream] ?? false,
    noColor: process.noColor ?? false,
    columns: () => process.columns,
    keepPermissions: (keep) => {
      kept.push([...keep]);
    },
  };
}
