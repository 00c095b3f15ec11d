/**
 * The Python client example (`examples/serve_client.py`, standard library
 * only) against the real `interjson serve`: its unittest file runs under
 * `python3`, with the server started as `deno run cli.ts serve`. Without
 * python3 the test fails and says to install it.
 *
 * @module
 */

import { equal } from "node:assert/strict";
import { CLI, ROOT } from "./mcp_harness.ts";

Deno.test("examples/serve_client.py: its unittests pass against the real server", async () => {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command("python3", {
      args: ["-m", "unittest", "discover", "-s", "examples", "-p", "test_serve_client.py", "-v"],
      cwd: ROOT,
      env: {
        INTERJSON_SERVE_COMMAND: JSON.stringify([Deno.execPath(), "run", CLI, "serve"]),
        PYTHONDONTWRITEBYTECODE: "1",
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    throw new Error(
      `python3 is needed to test examples/serve_client.py (install python3): ${error}`,
    );
  }
  const log = new TextDecoder().decode(output.stderr) + new TextDecoder().decode(output.stdout);
  equal(output.code, 0, log);
});
