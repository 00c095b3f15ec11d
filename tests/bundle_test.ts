/**
 * The library is pure: importing `mod.ts` runs nothing, loads no CLI or MCP
 * code, touches no `Deno` API and needs no permission. Checked three ways:
 *
 * - the static module graph of `mod.ts` (only the `import.meta.main` branch
 *   reaches `cli.ts`, `cli/`, `mcp/` and `wire/`, through a dynamic import);
 * - a `deno bundle --platform browser` bundle imported under Node: no output,
 *   no new global, `Deno` never read, and the gate answers as seed 000 does;
 * - a Deno subprocess with every permission denied and `--no-prompt`, `Deno`
 *   and `performance` replaced by spies before the import.
 *
 * @module
 */

import assert from "node:assert/strict";
import { requireNode } from "./fixtures/standard_inputs.ts";

const ROOT = new URL("../", import.meta.url);
const MOD = new URL("mod.ts", ROOT);
const decoder = new TextDecoder();

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(command: string, args: string[], cwd?: string): Promise<Ran> {
  const output = await new Deno.Command(command, {
    args,
    cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/** The seed's real gate call, as a JavaScript expression for the smoke tests. */
const SEED_CALL = `gate('{"query":"weather in Par', { schemaJson: { type: "object", properties: ` +
  `{ query: { type: "string" }, limit: { type: "integer" } }, required: ["query"] } })`;

const SEED_PROMPT =
  "InterJSON refused the arguments: E010 R010 CloseString at line 1 column 25 (offset 24).\n" +
  "Reason: the text ends inside a string, so the arguments look cut off\n" +
  'Context: {"query":"weather in Par\n' +
  "                                 ^\n" +
  "Re-emit the complete arguments: the whole JSON value, with nothing cut off.";

/**
 * A module body that exercises the library bound as `lib` and prints one JSON
 * line; `touched` must be defined by the caller.
 */
const SMOKE = `
const { gate, repair, validate, readiness, JsonStream } = lib;
const ok = gate('Here are the args:\\n{"path":"/tmp/x","force":False}', { schema: "{!path:string,force:boolean}" });
const refused = ${SEED_CALL};
const stream = new JsonStream();
stream.push('{"a":[1,');
const streamed = stream.end();
console.log(JSON.stringify({
  ok: [ok.executable, ok.decision, ok.value, ok.text],
  refused: [refused.executable, refused.value, refused.text, refused.retry],
  repair: repair("{'a': True,}").text,
  validate: validate('{"a":1}').valid,
  readiness: readiness('{"a":1,"b":"x"}', { schema: "{!a:integer}" }).step,
  stream: [streamed.executable, streamed.error.code],
  touched,
}));
`;

/** What the smoke test prints, `touched` aside. */
const SMOKE_ANSWER = {
  ok: [
    true,
    "cosmetic_repair",
    { path: "/tmp/x", force: false },
    '{"path":"/tmp/x","force":false}',
  ],
  refused: [false, null, "", { code: "E010", prompt: SEED_PROMPT }],
  repair: '{"a":true}',
  validate: true,
  readiness: 7,
  stream: [false, "E010"],
};

Deno.test("mod.ts: only the import.meta.main branch reaches cli.ts and the surfaces, dynamically", async () => {
  const info = await run(Deno.execPath(), ["info", "--json", "mod.ts"], ROOT.pathname);
  assert.equal(info.code, 0, info.stderr);
  interface Dependency {
    code?: { specifier: string };
    type?: { specifier: string };
    isDynamic?: boolean;
  }
  const graph = JSON.parse(info.stdout) as {
    modules: { specifier: string; dependencies?: Dependency[] }[];
  };
  const byName = new Map(graph.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const dynamic: string[] = [];
  const queue = [MOD.href];
  while (queue.length > 0) {
    const specifier = queue.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dependency of byName.get(specifier)?.dependencies ?? []) {
      for (const target of [dependency.code?.specifier, dependency.type?.specifier]) {
        if (target === undefined) continue;
        if (dependency.isDynamic) dynamic.push(`${specifier} → ${target}`);
        else queue.push(target);
      }
    }
  }
  const local = [...seen].filter((s) => s.startsWith(ROOT.href)).map((s) =>
    s.slice(ROOT.href.length)
  );
  assert.ok(local.includes("engine/gate.ts"), local.join(" "));
  assert.deepEqual(
    local.filter((path) =>
      path === "cli.ts" || /^(adapters|cli|hook|mcp|playground|proxy|serve|wire)\//.test(path)
    ),
    [],
  );
  assert.deepEqual(dynamic, [`${MOD.href} → ${new URL("cli.ts", ROOT).href}`]);
});

Deno.test({
  name: "bundle: mod.ts bundled for the browser imports under Node, runs nothing, and gates",
  async fn() {
    requireNode("importing the bundle under Node");
    const dir = await Deno.makeTempDir({ prefix: "interjson-bundle-" });
    try {
      const bundle = `${dir}/interjson.mjs`;
      const bundled = await run(
        Deno.execPath(),
        ["bundle", "--platform", "browser", "mod.ts", "-o", bundle],
        ROOT.pathname,
      );
      assert.equal(bundled.code, 0, bundled.stderr);
      const url = new URL(`file://${bundle}`).href;

      // Plain Node: no `Deno` at all; the import prints nothing and adds no global.
      const plain = await run("node", [
        "--input-type=module",
        "-e",
        `const before = new Set(Object.getOwnPropertyNames(globalThis));
const lib = await import(${JSON.stringify(url)});
const touched = { deno: typeof Deno, globals: Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k)) };
${SMOKE}`,
      ]);
      assert.equal(plain.stderr, "");
      assert.equal(plain.code, 0);
      const lines = plain.stdout.trimEnd().split("\n");
      assert.equal(lines.length, 1, plain.stdout);
      const { touched, ...answer } = JSON.parse(lines[0]);
      assert.deepEqual(answer, SMOKE_ANSWER);
      assert.deepEqual(touched, { deno: "undefined", globals: [] });

      // A trapped `Deno` global: importing and using the library never reads it.
      const trapped = await run("node", [
        "--input-type=module",
        "-e",
        `const touched = [];
globalThis.Deno = new Proxy({}, {
  get(_, key) { touched.push(String(key)); return undefined; },
  has(_, key) { touched.push(String(key)); return false; },
});
const lib = await import(${JSON.stringify(url)});
${SMOKE}`,
      ]);
      assert.equal(trapped.stderr, "");
      assert.equal(trapped.code, 0);
      const trappedAnswer = JSON.parse(trapped.stdout);
      assert.deepEqual(trappedAnswer.touched, []);
      assert.deepEqual({ ...trappedAnswer, touched: undefined }, {
        ...SMOKE_ANSWER,
        touched: undefined,
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

const DENY_ALL = [
  "--no-prompt",
  "--no-config",
  "--deny-env",
  "--deny-read",
  "--deny-write",
  "--deny-net",
  "--deny-run",
  "--deny-sys",
  "--deny-ffi",
  "--deny-import",
];

Deno.test("mod.ts: imports and gates with every permission denied, touching no Deno API", async () => {
  const dir = await Deno.makeTempDir({ prefix: "interjson-perm-" });
  try {
    const probe = `${dir}/probe.ts`;
    await Deno.writeTextFile(
      probe,
      `// deno-lint-ignore-file
const touched: string[] = [];
const deno = Object.getOwnPropertyDescriptor(globalThis, "Deno")!;
const spy = new Proxy(deno.value, {
  get(target, key) { touched.push("Deno." + String(key)); return Reflect.get(target, key); },
});
Object.defineProperty(globalThis, "Deno", { value: spy, configurable: true, writable: true });
const performance = globalThis.performance;
Object.defineProperty(globalThis, "performance", {
  get() { touched.push("performance"); return performance; },
  configurable: true,
});
const lib: any = await import(${JSON.stringify(MOD.href)});
${SMOKE}
// The spy works: a read through it is recorded.
spy.version;
console.log(JSON.stringify(touched));
`,
    );
    const ran = await run(Deno.execPath(), ["run", ...DENY_ALL, probe], dir);
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal(ran.stderr, "");
    const [line, check] = ran.stdout.trimEnd().split("\n");
    const { touched, ...answer } = JSON.parse(line);
    assert.deepEqual(answer, SMOKE_ANSWER);
    assert.deepEqual(touched, []);
    // The spy records reads: the probe's own read after the library was done.
    assert.deepEqual(JSON.parse(check), ["Deno.version"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
