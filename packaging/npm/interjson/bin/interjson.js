#!/usr/bin/env node
// `interjson`: runs the InterJSON binary for this platform with the same arguments.
"use strict";
require("../lib/launcher.js").run([]);
