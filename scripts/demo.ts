/**
 * `deno task demo`: the command line gates `examples/truncated-tool-call.txt`
 * (`{"query":"weather in Par`, a tool call cut off at `max_tokens`) against
 * the declaration `{!query:string,limit:integer}`. It is the same as
 *
 * ```sh
 * deno run --allow-read cli.ts gate --schema '{!query:string,limit:integer}' examples/truncated-tool-call.txt
 * ```
 *
 * with one difference a script can rely on: the exit code. The gate answers
 * 0 (executable), 1 (refused: what this demo shows) or 2 (usage error); when
 * the command line cannot even be loaded (a module missing, a download that
 * fails), Deno itself would exit 1, which reads as "refused". This launcher
 * loads the command line with a dynamic import it can catch and exits 3
 * instead, with one line on stderr.
 *
 * @example
 * ```ts ignore
 * // deno run --allow-read scripts/demo.ts   → exit 1, the refusal as JSON
 * import { DEMO_ARGS } from "./demo.ts";
 * ```
 *
 * @module
 */

/** The arguments the demo passes to the command line. */
export const DEMO_ARGS: readonly string[] = [
  "gate",
  "--schema",
  "{!query:string,limit:integer}",
  "examples/truncated-tool-call.txt",
];

/** The exit code of a demo that could not run (never 0, 1 or 2, the gate's answers). */
export const CANNOT_RUN = 3;

/**
 * Runs the demo; resolves to the exit code.
 *
 * @example
 * ```ts ignore
 * import { runDemo } from "./demo.ts";
 * Deno.exit(await runDemo()); // 1: the truncated call is refused
 * ```
 */
export async function runDemo(): Promise<number> {
  let cli: typeof import("../cli.ts");
  try {
    cli = await import("../cli.ts");
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).split("\n")[0];
    console.error(`interjson demo: the command line could not be loaded: ${reason}`);
    return CANNOT_RUN;
  }
  return await cli.main(DEMO_ARGS, { invokedAs: "interjson" });
}

if (import.meta.main) Deno.exit(await runDemo());
