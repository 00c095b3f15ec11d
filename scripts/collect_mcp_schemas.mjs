/**
 * Collects the tool schemas of popular MCP servers from npm into
 * tests/fixtures/mcp_tool_schemas/: starts each server on stdio, sends
 * `initialize`, `notifications/initialized` and `tools/list`, and saves
 * `{server, version, tools}`. Dummy credentials are enough: servers list
 * their tools without calling any service.
 *
 * Usage (Node 20+, from a directory where the servers are installed):
 *
 *   mkdir /tmp/mcp && cd /tmp/mcp && npm init -y && npm install --ignore-scripts \
 *     @modelcontextprotocol/server-everything @modelcontextprotocol/server-filesystem ...
 *   node /path/to/scripts/collect_mcp_schemas.mjs /tmp/mcp /path/to/tests/fixtures/mcp_tool_schemas
 *
 * @module
 */

import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** [package, bin, args, env] */
const SERVERS = [
  ["@modelcontextprotocol/server-everything", "mcp-server-everything", ["stdio"], {}],
  ["@modelcontextprotocol/server-filesystem", "mcp-server-filesystem", ["/tmp"], {}],
  ["@modelcontextprotocol/server-memory", "mcp-server-memory", [], {}],
  ["@modelcontextprotocol/server-sequential-thinking", "mcp-server-sequential-thinking", [], {}],
  ["@playwright/mcp", "playwright-mcp", [], {}],
  ["@modelcontextprotocol/server-github", "mcp-server-github", [], {
    GITHUB_PERSONAL_ACCESS_TOKEN: "dummy",
  }],
  ["@modelcontextprotocol/server-puppeteer", "mcp-server-puppeteer", [], {}],
  ["@modelcontextprotocol/server-brave-search", "mcp-server-brave-search", [], {
    BRAVE_API_KEY: "dummy",
  }],
  ["@modelcontextprotocol/server-slack", "mcp-server-slack", [], {
    SLACK_BOT_TOKEN: "dummy",
    SLACK_TEAM_ID: "dummy",
  }],
  ["@modelcontextprotocol/server-gitlab", "mcp-server-gitlab", [], {
    GITLAB_PERSONAL_ACCESS_TOKEN: "dummy",
  }],
  ["@modelcontextprotocol/server-google-maps", "mcp-server-google-maps", [], {
    GOOGLE_MAPS_API_KEY: "dummy",
  }],
  ["@upstash/context7-mcp", "context7-mcp", [], {}],
  ["@notionhq/notion-mcp-server", "notion-mcp-server", [], { NOTION_TOKEN: "dummy" }],
  ["firecrawl-mcp", "firecrawl-mcp", [], { FIRECRAWL_API_KEY: "dummy" }],
  ["tavily-mcp", "tavily-mcp", [], { TAVILY_API_KEY: "dummy" }],
  ["@modelcontextprotocol/server-redis", "mcp-server-redis", ["redis://127.0.0.1:1"], {}],
];

function listTools(dir, bin, args, env) {
  return new Promise((resolve) => {
    const child = spawn(join(dir, "node_modules", ".bin", bin), args, {
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "ignore"],
    });
    let buffer = "";
    const timer = setTimeout(() => {
      child.kill();
      resolve(null);
    }, 20_000);
    child.on("error", () => resolve(null));
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        let message;
        try {
          message = JSON.parse(line);
        } catch {
          continue;
        }
        if (message.id === 1) {
          child.stdin.write(
            JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n",
          );
          child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) + "\n");
        } else if (message.id === 2) {
          clearTimeout(timer);
          child.kill();
          resolve(message.result?.tools ?? null);
        }
      }
    });
    child.stdin.write(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "interjson-corpus", version: "1.0.0" },
        },
      }) + "\n",
    );
  });
}

const [dir, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
for (const [pkg, bin, args, env] of SERVERS) {
  const version =
    JSON.parse(readFileSync(join(dir, "node_modules", pkg, "package.json"), "utf8")).version;
  const tools = await listTools(dir, bin, args, env);
  if (tools === null || tools.length === 0) {
    console.log(`skipped ${pkg}: no tools/list answer`);
    continue;
  }
  const name = pkg.replace(/^@/, "").replace("/", "__");
  writeFileSync(
    join(out, `${name}.json`),
    JSON.stringify({ server: pkg, version, tools }, null, 2) + "\n",
  );
  console.log(`${pkg}@${version}: ${tools.length} tools`);
}
