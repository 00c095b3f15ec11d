/**
 * The PyPI wheel, as a user gets it: `scripts/packages.ts` builds this
 * machine's platform wheel from a stand-in binary
 * (tests/packaging_harness.ts), and `pip install --no-index` installs the
 * file into a fresh venv (`python3 -m venv`). Then through the console
 * scripts: `interjson --version`, `interjson-mcp --version`, an MCP
 * handshake and tool call with the official SDK client, exit codes, the
 * console script replaced by the binary (the same process id), a missing
 * binary; and the Python client's unittest suite
 * (`packaging/pypi/tests/test_client.py`) in that venv.
 *
 * Needs python3 with venv (`.ci/run` installs python3-venv); no index access.
 *
 * @module
 */

import { equal, match, ok } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client/index.js";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { StdioClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/stdio.js";
import { VERSION } from "../mod.ts";
import { pep440 } from "../scripts/packages.ts";
import { buildHostPackages, run } from "./packaging_harness.ts";

const CLIENT_TESTS = new URL("../packaging/pypi/tests/", import.meta.url).pathname;

async function freshVenv(dir: string): Promise<string> {
  const venv = `${dir}/venv`;
  let made;
  try {
    made = await run("python3", ["-m", "venv", venv]);
  } catch (error) {
    throw new Error(`python3 is needed to test the wheel (install python3): ${error}`);
  }
  equal(made.code, 0, `python3 -m venv failed (install python3-venv): ${made.stderr}`);
  return venv;
}

Deno.test({
  name: "pypi: the platform wheel installed with pip into a fresh venv",
  // The SDK's stdio transport runs on node:child_process, which the sanitizers cannot follow.
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const packages = await buildHostPackages();
    const venv = await freshVenv(packages.dir);
    const bin = (name: string) => `${venv}/bin/${name}`;
    const env = { PIP_DISABLE_PIP_VERSION_CHECK: "1", PYTHONDONTWRITEBYTECODE: "1" };

    await t.step("pip install --no-index installs the wheel file", async () => {
      const installed = await run(bin("pip"), ["install", "--no-index", packages.wheel], { env });
      equal(installed.code, 0, installed.stderr);
    });

    for (const [script, args] of [["interjson", []], ["interjson-mcp", []]] as const) {
      await t.step(`${script} --version prints the binary's version`, async () => {
        const ran = await run(bin(script), [...args, "--version"]);
        equal(ran.stdout, `interjson ${VERSION}\n`, ran.stderr);
        equal(ran.code, 0);
      });
    }

    await t.step("python -m interjson runs the binary too", async () => {
      const ran = await run(bin("python"), ["-m", "interjson", "--version"], { env });
      equal(ran.stdout, `interjson ${VERSION}\n`, ran.stderr);
    });

    for (
      const [name, command, args] of [
        ["interjson mcp", "interjson", ["mcp"]],
        ["interjson-mcp", "interjson-mcp", []],
      ] as const
    ) {
      await t.step(`the SDK client completes the handshake through ${name}`, async () => {
        const transport = new StdioClientTransport({
          command: bin(command),
          args: [...args],
          stderr: "pipe",
        });
        const client = new Client({ name: "interjson-pypi-test", version: "0" });
        await client.connect(transport);
        try {
          equal(client.getServerVersion()?.version, VERSION);
          const result = await client.callTool({
            name: "interjson_gate",
            arguments: { text: "{'query': 'Paris'}", schema: "{!query:string}" },
          });
          // deno-lint-ignore no-explicit-any
          equal((result.structuredContent as any).executable, true);
        } finally {
          await client.close();
        }
      });
    }

    for (
      const row of [
        { behaviour: "a safe document exits 0", args: ["gate"], stdin: "[1]", code: 0 },
        {
          behaviour: "a refused document exits 1",
          args: ["gate", "--schema", "{!query:string}"],
          stdin: "{",
          code: 1,
        },
        { behaviour: "a usage error exits 2", args: ["--bogus"], stdin: "", code: 2 },
      ]
    ) {
      await t.step(`exit code: ${row.behaviour}`, async () => {
        const ran = await run(bin("interjson"), row.args, { stdin: row.stdin });
        equal(ran.code, row.code, ran.stderr);
      });
    }

    await t.step("the console script replaces its process with the binary", async () => {
      const pidFile = `${packages.dir}/exec.pid`;
      const child = new Deno.Command(bin("interjson"), {
        args: ["--version"],
        env: { INTERJSON_STANDIN_PIDFILE: pidFile },
        stdout: "null",
        stderr: "null",
      }).spawn();
      equal((await child.status).code, 0);
      equal(Number((await Deno.readTextFile(pidFile)).trim()), child.pid);
    });

    await t.step("INTERJSON_BIN naming no file: exit 127 naming it", async () => {
      const ran = await run(bin("interjson-mcp"), [], {
        env: { INTERJSON_BIN: "/no/such/interjson" },
      });
      equal(ran.code, 127);
      match(ran.stderr, /INTERJSON_BIN is set to \/no\/such\/interjson, which is not a file/);
    });

    await t.step("INTERJSON_BIN runs that binary instead, with the same arguments", async () => {
      const other = `${packages.dir}/other-binary`;
      await Deno.writeTextFile(other, '#!/bin/sh\necho "other: $*"\nexit 7\n', { mode: 0o755 });
      const ran = await run(bin("interjson-mcp"), ["--policy=strict"], {
        env: { INTERJSON_BIN: other },
      });
      equal(ran.stdout, "other: mcp --policy=strict\n");
      equal(ran.code, 7);
    });

    await t.step("the Python client's unittest suite passes in the venv", async () => {
      const ran = await run(
        bin("python"),
        ["-W", "error::ResourceWarning", "-m", "unittest", "discover", "-s", CLIENT_TESTS, "-v"],
        {
          cwd: packages.dir,
          env: {
            ...env,
            INTERJSON_EXPECTED_VERSION: pep440(VERSION) ?? "",
            INTERJSON_EXPECTED_SEMVER: VERSION,
          },
        },
      );
      equal(ran.code, 0, ran.stderr);
      ok(/^OK$/m.test(ran.stderr), ran.stderr);
    });

    await Deno.remove(packages.dir, { recursive: true });
  },
});
