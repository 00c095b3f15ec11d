#!/usr/bin/env node
// `interjson-mcp`: the MCP server, `interjson mcp` with the same arguments.
"use strict";
require("../lib/launcher.js").run(["mcp"]);
