/**
 * `server.json`, the official MCP Registry entry. JSR is not a registry type
 * the MCP Registry accepts, so the entry points at the OCI image the release
 * workflow pushes (`ghcr.io/interjson/interjson:<version>`, entrypoint
 * `interjson`, argument `mcp`, stdio), and beside it at the npm launcher
 * (`npx interjson mcp`) and the PyPI wheels (`uvx interjson mcp`) that
 * `scripts/packages.ts` builds. These pin its identity, every version against
 * `deno.json` (the single source), the ownership markers the registry checks
 * in the npm and PyPI packages, and the rules of the registry's schema
 * (2025-12-11) and validator that apply to it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { MCP_NAME, npmLauncherManifest, pep440 } from "../scripts/packages.ts";

const ROOT = new URL("../", import.meta.url).pathname;

interface Argument {
  type: string;
  value?: string;
  valueHint?: string;
  name?: string;
}

interface Package {
  registryType: string;
  registryBaseUrl?: string;
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

Deno.test("server.json: version equals deno.json's, in the entry and in every package", () => {
  assert.equal(server.version, denoJson.version);
  assert.match(server.version, /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "a specific semver");
  assert.deepEqual(server.packages?.map((p) => [p.registryType, p.identifier, p.version]), [
    ["oci", `ghcr.io/interjson/interjson:${denoJson.version}`, undefined],
    ["npm", "interjson", denoJson.version],
    ["pypi", "interjson", pep440(denoJson.version)],
  ]);
});

Deno.test("server.json: each package runs `interjson mcp` over stdio", async (t) => {
  const rows = [
    { registryType: "oci", runtimeHint: "docker", registryBaseUrl: undefined },
    { registryType: "npm", runtimeHint: "npx", registryBaseUrl: "https://registry.npmjs.org" },
    { registryType: "pypi", runtimeHint: "uvx", registryBaseUrl: "https://pypi.org" },
  ];
  for (const [i, row] of rows.entries()) {
    await t.step(`${row.registryType}: ${row.runtimeHint}`, () => {
      const pkg = server.packages![i];
      assert.equal(pkg.registryType, row.registryType);
      assert.equal(pkg.runtimeHint, row.runtimeHint);
      assert.equal(pkg.registryBaseUrl, row.registryBaseUrl);
      assert.deepEqual(pkg.transport, { type: "stdio" });
      assert.deepEqual(pkg.packageArguments?.map((a) => [a.type, a.value]), [[
        "positional",
        "mcp",
      ]]);
      assert.equal(pkg.runtimeArguments, undefined);
    });
  }
  assert.equal(server.remotes, undefined, "no hosted server: InterJSON runs locally");
});

Deno.test("server.json: the npm and PyPI packages carry the registry's ownership markers", async () => {
  // The registry reads `mcpName` from package.json and `mcp-name: NAME` from the PyPI README.
  assert.equal(MCP_NAME, server.name);
  assert.equal(npmLauncherManifest(denoJson.version).mcpName, server.name);
  const readme = await Deno.readTextFile(`${ROOT}packaging/pypi/README.md`);
  assert.ok(readme.includes(`mcp-name: ${server.name}`));
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
