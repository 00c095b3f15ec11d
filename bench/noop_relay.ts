/**
 * The floor under any stdio proxy written for Deno: a relay that starts the
 * command after `--` and copies bytes both ways with `pipeTo`, reading
 * nothing, checking nothing. `bench/proxy_bench.ts` runs the same calls
 * through it, so that what `interjson proxy` adds over the runtime's own
 * cost of two more pipe hops shows in the same run.
 *
 * ```sh
 * deno run --allow-run bench/noop_relay.ts -- node server.js
 * ```
 *
 * @module
 */

const dash = Deno.args.indexOf("--");
const [command, ...args] = dash === -1 ? Deno.args : Deno.args.slice(dash + 1);
if (command === undefined) {
  console.error("usage: noop_relay.ts -- COMMAND [ARGS…]");
  Deno.exit(2);
}
const child = new Deno.Command(command, {
  args,
  stdin: "piped",
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const up = Deno.stdin.readable.pipeTo(child.stdin).catch(() => {});
await child.stdout.pipeTo(Deno.stdout.writable).catch(() => {});
await up;
Deno.exit((await child.status).code);
