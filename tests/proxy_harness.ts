/**
 * Shared by the proxy's black-box tests: start `interjson proxy` (a real
 * process) in front of the fake downstream (`tests/fixtures/proxy_fake_server.ts`)
 * or any command, and read what the fake server logged.
 *
 * @module
 */

import { CLI, McpProcess } from "./mcp_harness.ts";

/** The fake downstream server's path. */
export const FAKE_SERVER: string = new URL("./fixtures/proxy_fake_server.ts", import.meta.url)
  .pathname;

/** The permission flags docs/PROXY.md gives for running the proxy under `deno run`. */
export function proxyPermissions(files: readonly string[] = []): string[] {
  const flags = [`--allow-run=${Deno.execPath()}`];
  if (files.length > 0) {
    flags.push(`--allow-read=${files.join(",")}`, `--allow-write=${files.join(",")}`);
  }
  return flags;
}

/**
 * The command that starts the fake server, logging what it receives to `log`
 * (and `log.raw`): `deno run --allow-write=LOG,LOG.raw fake_server.ts --log
 * LOG SERVER_ARGS`.
 */
export function fakeServerCommand(log: string, serverArgs: readonly string[] = []): string[] {
  return [
    Deno.execPath(),
    "run",
    `--allow-write=${log},${log}.raw`,
    FAKE_SERVER,
    "--log",
    log,
    ...serverArgs,
  ];
}

/**
 * The arguments of `deno run <exact permissions> cli.ts proxy PROXY_ARGS --`
 * and the fake server's command ({@linkcode fakeServerCommand}).
 */
export function fakeProxyArgs(
  log: string,
  proxyArgs: readonly string[],
  serverArgs: readonly string[],
  files: readonly string[] = [],
): string[] {
  return [
    "run",
    ...proxyPermissions(files),
    CLI,
    "proxy",
    ...proxyArgs,
    "--",
    ...fakeServerCommand(log, serverArgs),
  ];
}

/** A proxy in front of the fake server, whose received lines go to `log`. */
export interface FakeSetup {
  /** The proxy process. */
  readonly proxy: McpProcess;
  /** The fake server's log file. */
  readonly log: string;
  /** The lines the fake server received so far. */
  readonly received: () => Promise<string[]>;
  /** Every byte the fake server received so far, as it arrived. */
  readonly receivedBytes: () => Promise<Uint8Array>;
}

/** Starts the proxy in front of the fake server ({@linkcode fakeProxyArgs}). */
export async function startFake(
  proxyArgs: readonly string[] = [],
  serverArgs: readonly string[] = [],
  files: readonly string[] = [],
): Promise<FakeSetup> {
  const log = await Deno.makeTempFile({ prefix: "proxy-fake-", suffix: ".log" });
  const proxy = McpProcess.spawn(Deno.execPath(), fakeProxyArgs(log, proxyArgs, serverArgs, files));
  const received = async () => (await Deno.readTextFile(log)).split("\n").filter((l) => l !== "");
  const receivedBytes = () => Deno.readFile(`${log}.raw`).catch(() => new Uint8Array(0));
  return { proxy, log, received, receivedBytes };
}

/** The `initialize` request the tests send. */
export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "0" },
  },
};

/** A `tools/call` line with `argumentsText` spliced in raw. */
export function callLine(id: number | string, tool: string, argumentsText: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":` +
    `{"name":${JSON.stringify(tool)},"arguments":${argumentsText}}}\n`;
}
