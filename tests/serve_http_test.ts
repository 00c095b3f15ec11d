/**
 * `interjson serve --http`, on the real process with real HTTP requests
 * (`fetch` from the test, raw sockets where `fetch` will not send a header,
 * and `curl`): the four operations answer the library's results, a host
 * mistake is 400 `{code, message}`, `/healthz`, `/openapi.json` (validated
 * by a real OpenAPI 3.1 validator from npm, dev-only, and every answer
 * checked against its schema), the stderr listening line and port 0,
 * loopback by default, `Host`/`Origin` checks, 413 past 8 MiB, the bearer
 * token of `--token-file` (required for a non-loopback bind), and the
 * graceful shutdown.
 *
 * @module
 */

import { deepEqual, equal, match, ok } from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Validator } from "npm:@seriousme/openapi-schema-validator@2.11.0";
// deno-lint-ignore no-import-prefix -- a dev-only dependency of this test
import { Ajv2020 } from "npm:ajv@8.17.1/dist/2020.js";
import { gate, readiness, repair, validate } from "../mod.ts";
import { HttpServerProcess } from "./mcp_http_harness.ts";
import { runCli } from "./mcp_harness.ts";

const SERVE = ["serve", "--http", "0"];
const DECL = "{!query:string,limit:integer}";
const CHAT = "Sure: {'query': 'weather in Paris', 'limit': 3,}";
const TRUNCATED = '{"query":"weather in Par';

function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(new URL(path, base), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

const server = await HttpServerProcess.start(SERVE);
const BASE = server.url;

Deno.test("serve --http: one stderr line names the loopback URL of a free port", () => {
  match(server.listening, /^interjson: listening on http:\/\/127\.0\.0\.1:\d+\/$/);
  ok(server.port > 0);
});

Deno.test("serve --http: each operation answers the library's result", async (t) => {
  const rows = [
    {
      path: "/v1/gate",
      body: { text: CHAT, schema: DECL },
      expected: gate(CHAT, { schema: DECL }),
    },
    { path: "/v1/gate", body: { text: TRUNCATED }, expected: gate(TRUNCATED) },
    {
      path: "/v1/gate",
      body: { text: "[[1]]", profile: "strict", options: { max_depth: 1 } },
      expected: gate("[[1]]", { profile: "strict", maxDepth: 1 }),
    },
    { path: "/v1/repair", body: { text: CHAT }, expected: repair(CHAT) },
    {
      path: "/v1/validate",
      body: { text: '{"query":"x"}', schema_json: { type: "object", required: ["limit"] } },
      expected: validate('{"query":"x"}', { schemaJson: { type: "object", required: ["limit"] } }),
    },
    {
      path: "/v1/readiness",
      body: { text: '{"query":"x","limit":3}', schema: DECL },
      expected: readiness('{"query":"x","limit":3}', { schema: DECL }),
    },
  ];
  for (const row of rows) {
    await t.step(`${row.path} ${JSON.stringify(row.body).slice(0, 50)}`, async () => {
      const { status, headers, text } = await post(BASE, row.path, row.body);
      equal(status, 200);
      equal(headers.get("content-type"), "application/json");
      deepEqual(JSON.parse(text), wire(row.expected));
    });
  }
});

Deno.test("serve --http: a host mistake is 400 {code, message}", async (t) => {
  const rows = [
    { name: "a body that is not JSON", path: "/v1/gate", body: "{text:", code: "S001" },
    { name: "a JSON array", path: "/v1/gate", body: "[]", code: "S003" },
    { name: "no text", path: "/v1/repair", body: { schema: DECL }, code: "S003" },
    { name: "a text that is a number", path: "/v1/gate", body: { text: 1 }, code: "S003" },
    { name: "an unknown field", path: "/v1/gate", body: { text: "{}", prfile: "x" }, code: "S003" },
    {
      name: "a handle (only the JSONL protocol has them)",
      path: "/v1/gate",
      body: { text: "{}", declaration: "h1" },
      code: "S003",
    },
    {
      name: "an unknown profile",
      path: "/v1/gate",
      body: { text: "{}", profile: "x" },
      code: "E050",
    },
    {
      name: "a malformed declaration",
      path: "/v1/validate",
      body: { text: "{}", schema: "{!a:" },
      code: "E070",
    },
  ];
  for (const row of rows) {
    await t.step(row.name, async () => {
      const { status, text } = await post(BASE, row.path, row.body);
      equal(status, 400);
      const error = JSON.parse(text);
      deepEqual(Object.keys(error), ["code", "message"]);
      equal(error.code, row.code);
      ok(error.message.startsWith(row.code), error.message);
    });
  }
});

Deno.test("serve --http: methods, paths and /healthz", async (t) => {
  await t.step("GET /healthz", async () => {
    const response = await fetch(new URL("/healthz", BASE));
    equal(response.status, 200);
    const body = await response.json();
    equal(body.status, "ok");
    equal(body.engine.name, "interjson");
  });
  await t.step("GET on an operation is 405 with Allow: POST", async () => {
    const response = await fetch(new URL("/v1/gate", BASE));
    await response.body?.cancel();
    equal(response.status, 405);
    equal(response.headers.get("allow"), "POST");
  });
  await t.step("POST /healthz is 405", async () => {
    equal((await post(BASE, "/healthz", {})).status, 405);
  });
  await t.step("an unknown path is 404", async () => {
    equal((await post(BASE, "/v1/gat", { text: "{}" })).status, 404);
  });
});

Deno.test("serve --http: /openapi.json is a valid OpenAPI 3.1 document and the answers match it", async (t) => {
  const response = await fetch(new URL("/openapi.json", BASE));
  equal(response.status, 200);
  const document = await response.json();
  await t.step("the validator accepts it", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    equal(validator.version, "3.1");
    ok(result.valid, JSON.stringify(result.errors, null, 2));
  });
  await t.step("every answer matches its schema", async (t) => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: "api", components: document.components });
    const answers: readonly { name: string; path: string; body: unknown; schema: string }[] = [
      {
        name: "gate: a repaired chat answer",
        path: "/v1/gate",
        body: { text: CHAT, schema: DECL },
        schema: "GateResult",
      },
      {
        name: "gate: a refused truncated document",
        path: "/v1/gate",
        body: { text: TRUNCATED, schema: DECL },
        schema: "GateResult",
      },
      {
        name: "repair: a refused truncated document",
        path: "/v1/repair",
        body: { text: TRUNCATED, profile: "execution" },
        schema: "RepairResult",
      },
      {
        name: "validate: a declaration mismatch",
        path: "/v1/validate",
        body: { text: '{"query":1}', schema: DECL },
        schema: "ValidateResult",
      },
      {
        name: "readiness: a truncated document",
        path: "/v1/readiness",
        body: { text: TRUNCATED, schema: DECL },
        schema: "ReadinessResult",
      },
      {
        name: "an unknown profile is an Error",
        path: "/v1/gate",
        body: { text: "{}", profile: "x" },
        schema: "Error",
      },
    ];
    for (const { name, path, body, schema } of answers) {
      await t.step(name, async () => {
        const { status, text } = await post(BASE, path, body);
        const validateAnswer = ajv.compile({ $ref: `api#/components/schemas/${schema}` });
        ok(
          validateAnswer(JSON.parse(text)),
          `${path} ${status}: ${JSON.stringify(validateAnswer.errors)}`,
        );
      });
    }
    const health = await (await fetch(new URL("/healthz", BASE))).json();
    ok(ajv.compile({ $ref: "api#/components/schemas/Health" })(health));
  });
});

Deno.test("serve --http: Host and Origin checks, and 413 past 8 MiB", async (t) => {
  await t.step("a Host that is not this server is 403", async () => {
    const reply = await server.raw(
      `GET /healthz HTTP/1.1\r\nHost: evil.example:${server.port}\r\nConnection: close\r\n\r\n`,
    );
    match(reply, /^HTTP\/1\.1 403/);
  });
  await t.step("a foreign Origin is 403; a loopback one is fine", async () => {
    equal(
      (await post(BASE, "/v1/gate", { text: "{}" }, { Origin: "https://evil.example" })).status,
      403,
    );
    equal(
      (await post(BASE, "/v1/gate", { text: "{}" }, { Origin: "http://localhost:5173" })).status,
      200,
    );
  });
  await t.step("a body over 8 MiB is 413", async () => {
    const text = "x".repeat(8 * 1024 * 1024 + 16);
    const { status } = await post(BASE, "/v1/gate", JSON.stringify({ text }));
    equal(status, 413);
  });
});

Deno.test("serve --http: curl reaches it too", async () => {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command("curl", {
      args: [
        "-s",
        "-X",
        "POST",
        "--data-binary",
        JSON.stringify({ text: CHAT, schema: DECL }),
        `${BASE}v1/gate`,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    throw new Error(`curl is needed for this test (install curl): ${error}`);
  }
  equal(output.code, 0);
  const result = JSON.parse(new TextDecoder().decode(output.stdout));
  deepEqual(result.value, { query: "weather in Paris", limit: 3 });
});

Deno.test("serve --http: SIGTERM shuts down gracefully with exit 0", async () => {
  const { code, stdout } = await server.stop("SIGTERM");
  equal(code, 0);
  equal(stdout, "");
});

// ---------------------------------------------------------------------------
// Binding and the token.

const tokenDir = await Deno.makeTempDir({ prefix: "interjson-serve-" });
const TOKEN = "s3cret-token-0123456789";
const TOKEN_FILE = `${tokenDir}/token`;
await Deno.writeTextFile(TOKEN_FILE, TOKEN + "\n");

Deno.test("serve --http: --token-file demands the bearer token", async () => {
  const guarded = await HttpServerProcess.start(
    ["serve", "--http", "127.0.0.1:0", "--token-file", TOKEN_FILE],
    ["--allow-net=127.0.0.1", `--allow-read=${TOKEN_FILE}`],
  );
  try {
    equal((await post(guarded.url, "/v1/gate", { text: "{}" })).status, 401);
    equal(
      (await post(guarded.url, "/v1/gate", { text: "{}" }, { Authorization: "Bearer nope" }))
        .status,
      401,
    );
    const ok200 = await post(guarded.url, "/v1/gate", { text: "{}" }, {
      Authorization: `Bearer ${TOKEN}`,
    });
    equal(ok200.status, 200);
  } finally {
    equal((await guarded.stop()).code, 0);
  }
});

Deno.test("serve --http: a non-loopback bind needs --token-file", async (t) => {
  await t.step("without it: exit 2 and one line", async () => {
    const { code, stderr } = await runCli(["serve", "--http", "0.0.0.0:0"]);
    equal(code, 2);
    match(
      stderr,
      /^interjson serve: --http 0\.0\.0\.0:0 binds a non-loopback address: add --token-file FILE/,
    );
    equal(stderr.trimEnd().split("\n").length, 1);
  });
  await t.step("with it: listens and demands the token", async () => {
    const open = await HttpServerProcess.start(
      ["serve", "--http", "0.0.0.0:0", "--token-file", TOKEN_FILE],
      ["--allow-net=0.0.0.0", `--allow-read=${TOKEN_FILE}`],
    );
    try {
      match(open.listening, /^interjson: listening on http:\/\/0\.0\.0\.0:\d+\/$/);
      const local = `http://127.0.0.1:${open.port}/`;
      equal((await post(local, "/v1/gate", { text: "{}" })).status, 401);
      equal(
        (await post(local, "/v1/gate", { text: "{}" }, { Authorization: `Bearer ${TOKEN}` }))
          .status,
        200,
      );
    } finally {
      await open.stop();
    }
  });
  await t.step("usage errors", async (t) => {
    const usages: readonly { args: readonly string[]; pattern: RegExp }[] = [
      { args: ["serve", "--http", "99999"], pattern: /port must be a number/ },
      { args: ["serve", "--token-file", TOKEN_FILE], pattern: /--token-file goes with --http/ },
      { args: ["serve", "--http"], pattern: /option --http needs a value/ },
    ];
    for (const { args, pattern } of usages) {
      await t.step(args.join(" "), async () => {
        const { code, stderr } = await runCli([...args]);
        equal(code, 2);
        match(stderr, pattern);
      });
    }
  });
});

Deno.test("serve --http: the token directory is removed", async () => {
  await Deno.remove(tokenDir, { recursive: true });
});
