/**
 * `server.json`, the official MCP Registry entry. JSR is not a registry type
 * the MCP Registry accepts, so the entry points at the OCI image the release
 * workflow pushes (`ghcr.io/interjson/interjson:<version>`, entrypoint
 * `interjson`, argument `mcp`, stdio). These pin its identity, its version
 * against `deno.json` (the single source), and the rules of the registry's
 * schema (2025-12-11) and validator that apply to it.
 *
 * @module
 */

import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url).pathname;

interface Argument {
  type: string;
  value?: string;
  valueHint?: string;
  name?: string;
}

interface Package {
  registryType: string;
  identifier: string;
  version?: string;
  runtimeHint?: string;
  transport: { type: string; url?: string };
  packageArguments?: Argument[];
  runtimeArguments?: Argument[];
}

interface ServerJson {
  $schema: string;
  name: string;
  title?: string;
  description: string;
  version: string;
  repository?: { url: string; source: string };
  websiteUrl?: string;
  packages?: Package[];
  remotes?: unknown[];
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await Deno.readTextFile(`${ROOT}${path}`)) as T;
}

const server = await readJson<ServerJson>("server.json");
const denoJson = await readJson<{ version: string }>("deno.json");

/** The top-level fields the 2025-12-11 schema defines. */
const SCHEMA_FIELDS = [
  "$schema",
  "_meta",
  "name",
  "title",
  "description",
  "version",
  "repository",
  "websiteUrl",
  "icons",
  "packages",
  "remotes",
];

Deno.test("server.json: names the 2025-12-11 schema and uses only its fields", () => {
  assert.equal(
    server.$schema,
    "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  );
  for (const key of Object.keys(server)) assert.ok(SCHEMA_FIELDS.includes(key), key);
});

Deno.test("server.json: is io.github.interjson/interjson, from its GitHub repository", () => {
  assert.equal(server.name, "io.github.interjson/interjson");
  assert.match(server.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  assert.deepEqual(server.repository, {
    url: "https://github.com/interjson/interjson",
    source: "github",
  });
  // GitHub-namespace publishing (OIDC) grants io.github.<owner>/*: the owner must match.
  const owner = server.name.slice("io.github.".length).split("/")[0];
  assert.ok(server.repository!.url.startsWith(`https://github.com/${owner}/`));
  assert.ok(server.websiteUrl?.startsWith("https://"));
});

Deno.test("server.json: description fits the registry's 100-character limit", () => {
  assert.ok(server.description.length >= 1 && server.description.length <= 100);
  assert.ok((server.title ?? "x").length <= 100);
});

Deno.test("server.json: version equals deno.json's, in the entry and in the image tag", () => {
  assert.equal(server.version, denoJson.version);
  assert.match(server.version, /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "a specific semver");
  assert.equal(server.packages?.length, 1);
  assert.equal(server.packages![0].identifier, `ghcr.io/interjson/interjson:${denoJson.version}`);
});

Deno.test("server.json: the package runs `interjson mcp` over stdio", () => {
  const [pkg] = server.packages!;
  assert.equal(pkg.registryType, "oci");
  assert.equal(pkg.runtimeHint, "docker");
  assert.deepEqual(pkg.transport, { type: "stdio" });
  assert.equal(pkg.version, undefined, "OCI packages carry the version in the tag");
  assert.deepEqual(pkg.packageArguments?.map((a) => [a.type, a.value]), [["positional", "mcp"]]);
  assert.equal(pkg.runtimeArguments, undefined);
  assert.equal(server.remotes, undefined, "no hosted server: InterJSON runs locally");
});

Deno.test("server.json: the release workflow pushes the image it names, labelled with its name", async () => {
  const workflow = await Deno.readTextFile(`${ROOT}.github/workflows/release.yml`);
  const image = server.packages![0].identifier.split(":")[0];
  assert.ok(workflow.includes(`IMAGE: ${image}\n`), `workflow IMAGE is not ${image}`);
  assert.ok(workflow.includes('--tag "$IMAGE:$VERSION"'));
  assert.ok(workflow.includes('LABEL io.modelcontextprotocol.server.name="$server_name"'));
  assert.ok(workflow.includes("server_name=$(jq -r .name server.json)"));
  assert.ok(workflow.includes("./mcp-publisher publish"));
});
