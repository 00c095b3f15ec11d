/**
 * `interjson proxy` in front of real MCP servers from npm
 * (`@modelcontextprotocol/server-everything` and
 * `@modelcontextprotocol/server-filesystem` on a temporary folder), driven by
 * the real SDK clients, v1 (`@modelcontextprotocol/sdk`) and v2
 * (`@modelcontextprotocol/client`): every tool lists, valid calls give the
 * same results as a direct connection, and invalid calls come back `isError`
 * with a retry prompt. Raw-line attacks (duplicate keys, case variants,
 * `9007199254740993`, a bidi control in a path, a lone surrogate) are sent to
 * the real filesystem server through the proxy and every one is refused; so
 * are lines another reader could read differently (a bare CR hiding a call,
 * `"Arguments"` for `"arguments"`, the method `"Tools/Call"`), and raw
 * U+2028 / U+0085 in a string reach the server as the same text.
 *
 * The servers are dev-only dependencies, installed by this test with `npm`
 * into a cache folder (`$INTERJSON_TEST_NPM`, default
 * `$TMPDIR/interjson-test-npm`); without npm or the registry the test fails
 * with a message naming what to install.
 *
 * Every tool of both servers has a schema the engine compiles (draft-07 with
 * `$schema`, annotations, `default`, `enum` …), so every call is gated
 * against its schema: no policy is needed.
 *
 * @module
 */

import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Client as ClientV1 } from "npm:@modelcontextprotocol/sdk@1.32.2/client/index.js";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { StdioClientTransport as StdioV1 } from "npm:@modelcontextprotocol/sdk@1.32.2/client/stdio.js";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Client as ClientV2 } from "npm:@modelcontextprotocol/client@2.4.0";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { StdioClientTransport as StdioV2 } from "npm:@modelcontextprotocol/client@2.4.0/stdio";
import { CLI, McpProcess } from "./mcp_harness.ts";
import { INITIALIZE } from "./proxy_harness.ts";

const PACKAGES = {
  everything: "@modelcontextprotocol/server-everything@2026.8.31",
  filesystem: "@modelcontextprotocol/server-filesystem@2026.8.31",
};

const NPM_DIR = Deno.env.get("INTERJSON_TEST_NPM") ??
  `${Deno.env.get("TMPDIR") ?? "/tmp"}/interjson-test-npm`;

/** Installs the two servers once (dev-only) and returns their entry points. */
async function installServers(): Promise<{ everything: string; filesystem: string }> {
  const entry = (name: string) =>
    `${NPM_DIR}/node_modules/@modelcontextprotocol/${name}/dist/index.js`;
  const paths = { everything: entry("server-everything"), filesystem: entry("server-filesystem") };
  const present = async (path: string) => await Deno.stat(path).then(() => true, () => false);
  if (await present(paths.everything) && await present(paths.filesystem)) return paths;
  const hint = `install them with: npm install --prefix ${NPM_DIR} ${PACKAGES.everything} ` +
    `${PACKAGES.filesystem} (needs node, npm and the npm registry)`;
  let output: Deno.CommandOutput;
  try {
    await Deno.mkdir(NPM_DIR, { recursive: true });
    output = await new Deno.Command("npm", {
      args: ["install", "--no-audit", "--no-fund", "--prefix", NPM_DIR, ...Object.values(PACKAGES)],
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    throw new Error(`the proxy's real-server tests need npm: ${(error as Error).message}; ${hint}`);
  }
  if (!output.success) {
    throw new Error(
      `npm could not install the test servers: ${new TextDecoder().decode(output.stderr)}; ${hint}`,
    );
  }
  return paths;
}

/** `deno run` with the documented permissions, then `proxy [args] -- node SERVER…`. */
function proxyArgs(extra: string[], files: string[], server: string[]): string[] {
  const read = files.length > 0 ? [`--allow-read=${files.join(",")}`] : [];
  return ["run", "--allow-run=node", ...read, CLI, "proxy", ...extra, "--", "node", ...server];
}

// deno-lint-ignore no-explicit-any
type AnyClient = any;

interface Sdk {
  readonly name: string;
  readonly connect: (command: string, args: string[]) => Promise<AnyClient>;
}

const SDKS: Sdk[] = [
  {
    name: "SDK v1 (@modelcontextprotocol/sdk 1.32.2)",
    connect: async (command, args) => {
      const client = new ClientV1({ name: "proxy-test", version: "1.0.0" });
      await client.connect(new StdioV1({ command, args, stderr: "pipe" }));
      return client;
    },
  },
  {
    name: "SDK v2 (@modelcontextprotocol/client 2.4.0)",
    connect: async (command, args) => {
      const client = new ClientV2({ name: "proxy-test", version: "1.0.0" });
      await client.connect(new StdioV2({ command, args, stderr: "pipe" }));
      return client;
    },
  },
];

/** One tool call: the tool's name and its arguments. */
interface ToolCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

interface ServerCase {
  readonly name: string;
  readonly args: (paths: { everything: string; filesystem: string }, dir: string) => string[];
  /** Calls the server answers: each a tool and its arguments (`DIR` stands for the directory). */
  readonly valid: readonly ToolCall[];
  /** A call whose arguments the tool's inputSchema refuses. */
  readonly invalid: ToolCall;
}

const SERVERS: ServerCase[] = [
  {
    name: "server-everything",
    args: (paths) => [paths.everything],
    valid: [
      { tool: "echo", args: { message: "hello through the gate" } },
      { tool: "get-sum", args: { a: 2, b: 40 } },
      { tool: "get-tiny-image", args: {} },
      { tool: "get-structured-content", args: { location: "Chicago" } },
      { tool: "get-annotated-message", args: { messageType: "success" } },
      { tool: "get-resource-reference", args: { resourceType: "Text", resourceId: 1 } },
    ],
    invalid: { tool: "get-sum", args: { a: "two", b: 40 } },
  },
  {
    name: "server-filesystem",
    args: (paths, dir) => [paths.filesystem, dir],
    valid: [
      { tool: "list_allowed_directories", args: {} },
      { tool: "read_text_file", args: { path: "DIR/notes.txt" } },
      { tool: "list_directory", args: { path: "DIR" } },
      { tool: "directory_tree", args: { path: "DIR" } },
      { tool: "search_files", args: { path: "DIR", pattern: "notes" } },
    ],
    invalid: { tool: "read_text_file", args: { path: 42 } },
  },
];

/** The value with every wall-clock time (`4:17:16 AM`, `04:17:16`) replaced by `TIME`. */
function withoutClock(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value).replace(/\b\d{1,2}:\d{2}:\d{2}(?:\s?[AP]M)?/g, "TIME"),
  );
}

function withDir(args: Record<string, unknown>, dir: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(args).replaceAll("DIR", dir));
}

const paths = await installServers().catch((error) => error as Error);

for (const sdk of SDKS) {
  for (const server of SERVERS) {
    Deno.test(`proxy + ${server.name} + ${sdk.name}: lists every tool, answers like a direct connection, refuses invalid calls`, async (t) => {
      if (paths instanceof Error) throw paths;
      const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "proxy-fs-" }));
      await Deno.writeTextFile(`${dir}/notes.txt`, "pinned notes\n");
      const serverArgs = server.args(paths, dir);
      const direct = await sdk.connect("node", serverArgs);
      const gated = await sdk.connect(Deno.execPath(), proxyArgs([], [], serverArgs));
      try {
        const { tools } = await direct.listTools();
        await t.step("every tool lists, unchanged", async () => {
          ok(tools.length > 10);
          deepStrictEqual((await gated.listTools()).tools, tools);
        });
        for (const { tool, args: rawArgs } of server.valid) {
          await t.step(`a valid ${tool} call gives what a direct connection gives`, async () => {
            const args = withDir(rawArgs, dir);
            const expected = await direct.callTool({ name: tool, arguments: args });
            strictEqual(expected.isError, undefined);
            // A resource the server makes on the fly says when: the second may differ.
            deepStrictEqual(
              withoutClock(await gated.callTool({ name: tool, arguments: args })),
              withoutClock(expected),
            );
          });
        }
        await t.step(
          `an invalid ${server.invalid.tool} call comes back isError with a retry prompt`,
          async () => {
            const { tool, args } = server.invalid;
            const refused = await gated.callTool({ name: tool, arguments: args });
            strictEqual(refused.isError, true);
            match(refused.content[0].text, /^InterJSON refused the arguments: E0\d\d/);
            match(refused.content[0].text, /Re-emit/);
          },
        );
      } finally {
        await direct.close();
        await gated.close();
        await Deno.remove(dir, { recursive: true });
      }
    });
  }
}

const ATTACKS: { name: string; args: (dir: string) => string }[] = [
  {
    name: "duplicate keys in arguments",
    args: (dir) => `{"path":"${dir}/a.txt","content":"x","path":"${dir}/../escape.txt"}`,
  },
  {
    name: "keys that differ only by case",
    args: (dir) => `{"path":"${dir}/a.txt","Path":"${dir}/b.txt","content":"x"}`,
  },
  {
    name: "an integer beyond 2^53",
    args: (dir) => `{"path":"${dir}/a.txt","content":"x","head":9007199254740993}`,
  },
  {
    name: "a bidi control in a path",
    args: (dir) => `{"path":"${dir}/a\u202Etxt.exe","content":"x"}`,
  },
  { name: "a lone surrogate", args: (dir) => `{"path":"${dir}/a\\udc00.txt","content":"x"}` },
];

Deno.test("proxy + server-filesystem: raw-line attacks are refused and nothing is written", async (t) => {
  if (paths instanceof Error) throw paths;
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "proxy-attack-" }));
  const proxy = McpProcess.spawn(Deno.execPath(), proxyArgs([], [], [paths.filesystem, dir]));
  try {
    await proxy.initialize(INITIALIZE.params.protocolVersion);
    let id = 10;
    for (const attack of ATTACKS) {
      await t.step(attack.name, async () => {
        const line = `{"jsonrpc":"2.0","id":${++id},"method":"tools/call","params":` +
          `{"name":"write_file","arguments":${attack.args(dir)}}}\n`;
        const reply = await proxy.request(line);
        strictEqual(reply.id, id);
        strictEqual(reply.result.isError, true);
        match(reply.result.content[0].text, /^InterJSON refused the arguments: E011/);
      });
    }
    const control = await proxy.request(
      `{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"write_file","arguments":` +
        `{"path":"${dir}/ok.txt","content":"fine"}}}\n`,
    );
    strictEqual(control.result.isError, undefined);
  } finally {
    await proxy.close();
  }
  const written = [];
  for await (const entry of Deno.readDir(dir)) written.push(entry.name);
  deepStrictEqual(written, ["ok.txt"]);
  await Deno.remove(dir, { recursive: true });
});

/** Lines no reader may read differently from the proxy: each is answered, none reaches the server. */
const ENVELOPE_ATTACKS: {
  name: string;
  line: (dir: string, id: number) => string;
  code: number;
  echoesId: boolean;
}[] = [
  {
    name: "a bare CR hiding a write_file call inside a notification",
    line: (dir, id) =>
      `{"jsonrpc":"2.0","method":"notifications/x","params":{"a":\r{"jsonrpc":"2.0","id":${id},` +
      `"method":"tools/call","params":{"name":"write_file","arguments":{"path":"${dir}/cr.txt",` +
      `"content":"x"}}}\r}}\n`,
    code: -32700,
    echoesId: false,
  },
  {
    name: "a bare CR between the members of a call",
    line: (dir, id) =>
      `{"jsonrpc":"2.0","id":${id},\r"method":"tools/call","params":{"name":"write_file",` +
      `"arguments":{"path":"${dir}/cr2.txt","content":"x"}}}\n`,
    code: -32700,
    echoesId: true,
  },
  ...["Arguments", "argument\u017F", "ARGUMENTS"].map((key) => ({
    name: `arguments under the key ${JSON.stringify(key)}`,
    line: (dir: string, id: number) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"write_file",` +
      `"${key}":{"path":"${dir}/${id}.txt","content":"x"}}}\n`,
    code: -32602,
    echoesId: true,
  })),
  {
    name: 'the method "Tools/Call"',
    line: (dir, id) =>
      `{"jsonrpc":"2.0","id":${id},"method":"Tools/Call","params":{"name":"write_file",` +
      `"arguments":{"path":"${dir}/m.txt","content":"x"}}}\n`,
    code: -32600,
    echoesId: true,
  },
];

Deno.test("proxy + server-filesystem: envelope and line-end attacks are answered, never executed", async (t) => {
  if (paths instanceof Error) throw paths;
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "proxy-envelope-" }));
  const proxy = McpProcess.spawn(Deno.execPath(), proxyArgs([], [], [paths.filesystem, dir]));
  try {
    await proxy.initialize(INITIALIZE.params.protocolVersion);
    let id = 10;
    for (const attack of ENVELOPE_ATTACKS) {
      await t.step(attack.name, async () => {
        const reply = await proxy.request(attack.line(dir, ++id));
        strictEqual(reply.error.code, attack.code);
        strictEqual(reply.id, attack.echoesId ? id : undefined);
      });
    }
    await t.step(
      "raw U+2028 and U+0085 in a string reach the server as the same text",
      async () => {
        const reply = await proxy.request(
          `{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"write_file",` +
            `"arguments":{"path":"${dir}/sep.txt","content":"a\u2028b\u0085c"}}}\n`,
        );
        strictEqual(reply.result.isError, undefined);
        strictEqual(await Deno.readTextFile(`${dir}/sep.txt`), "a\u2028b\u0085c");
      },
    );
  } finally {
    await proxy.close();
  }
  const written = [];
  for await (const entry of Deno.readDir(dir)) written.push(entry.name);
  deepStrictEqual(written, ["sep.txt"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("proxy + server-everything: echo gets the same text through the re-written call; a folded key is refused", async (t) => {
  if (paths instanceof Error) throw paths;
  const proxy = McpProcess.spawn(Deno.execPath(), proxyArgs([], [], [paths.everything]));
  try {
    await proxy.initialize(INITIALIZE.params.protocolVersion);
    const message = 'a\u2028b\u0085c\u2029d \\ "e"';
    /** The reply to `id`, past anything the server sends first (a roots/list request, logs). */
    const replyTo = async (line: string, id: number) => {
      await proxy.send(line);
      while (true) {
        const next = await proxy.next();
        if (next.id === id && next.method === undefined) return next;
      }
    };
    await t.step("raw line separators and escapes in a string", async () => {
      const reply = await replyTo(
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"progressToken":1},` +
          `"name":"echo","arguments":{ "message" : ${JSON.stringify(message)} }}}\n`,
        1,
      );
      strictEqual(reply.id, 1);
      strictEqual(reply.result.content[0].text, `Echo: ${message}`);
    });
    await t.step('"Arguments" for "arguments"', async () => {
      const reply = await replyTo(
        `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo",` +
          `"Arguments":{"message":7}}}\n`,
        2,
      );
      strictEqual(reply.id, 2);
      strictEqual(reply.error.code, -32602);
    });
  } finally {
    await proxy.close();
  }
});
