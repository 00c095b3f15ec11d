/**
 * What the command line reads and writes, as an interface, so commands can
 * be run in-process by tests and on the real process by `cli.ts`.
 *
 * @example
 * ```ts
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("[1,2,]");
 * await io.stdout("hello\n");
 * console.log(io.captured.stdout); // "hello\n"
 * ```
 *
 * @module
 */

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
 * await denoIO.stdout("interjson\n");
 * ```
 */
export const denoIO: CliIO = {
  stdout: (text) => writeAll(Deno.stdout, text),
  stderr: (text) => writeAll(Deno.stderr, text),
  readStdin: async () => new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer()),
  readFile: (path) => Deno.readFile(path),
};

/**
 * An in-memory process for tests: stdin is the given text, files come from
 * the given map, and what is written is captured.
 *
 * @example
 * ```ts
 * import { memoryIO } from "./io.ts";
 * const io = memoryIO("", { "schema.json": '{"type":"object"}' });
 * console.log(new TextDecoder().decode(await io.readFile("schema.json"))); // {"type":"object"}
 * ```
 */
export function memoryIO(
  stdin: string,
  files: Readonly<Record<string, string>> = {},
): CliIO & { captured: { stdout: string; stderr: string } } {
  const captured = { stdout: "", stderr: "" };
  const encoder = new TextEncoder();
  return {
    captured,
    stdout: (text) => {
      captured.stdout += text;
      return Promise.resolve();
    },
    stderr: (text) => {
      captured.stderr += text;
      return Promise.resolve();
    },
    readStdin: () => Promise.resolve(encoder.encode(stdin)),
    readFile: (path) =>
      Object.hasOwn(files, path)
        ? Promise.resolve(encoder.encode(files[path]))
        : Promise.reject(new Error(`No such file or directory: ${path}`)),
  };
}
