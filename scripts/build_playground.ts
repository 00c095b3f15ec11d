/**
 * Builds the playground: `dist/playground/index.html`, one self-contained
 * page with the engine bundled in, that makes no network request and works
 * from `file://`.
 *
 * `deno bundle` (offline, no npm peer) bundles `playground/playground.ts`
 * and the engine it imports from `mod.ts` for the browser, minified. The
 * command line (`cli.ts`, reached from `mod.ts` only behind
 * `import.meta.main`) is left out, and `import.meta.main` is written as
 * `false`, so the page holds no import of any kind; the build fails if one
 * is left. The script and the style are inlined into `playground/index.html`
 * under a Content-Security-Policy that allows exactly those two (by SHA-256)
 * and nothing else: no fetch, no image, no font, no form.
 *
 * The page's own JavaScript (the bundle without the engine) must stay under
 * {@linkcode OWN_SCRIPT_LIMIT} bytes minified; the build measures it and
 * fails past it.
 *
 * ```sh
 * deno task playground                                   # dist/playground/index.html
 * deno run -A scripts/build_playground.ts --out /tmp/pg  # elsewhere
 * ```
 *
 * @example
 * ```ts
 * import { OWN_SCRIPT_LIMIT } from "./build_playground.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(OWN_SCRIPT_LIMIT, 30 * 1024);
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";

/** The most bytes of minified JavaScript the page may carry beyond the engine. */
export const OWN_SCRIPT_LIMIT = 30 * 1024;

const ROOT = new URL("../", import.meta.url);

/**
 * Base64 SHA-256 of a text, as a CSP source (`'sha256-…'`).
 *
 * @example
 * ```ts
 * import { cspHash } from "./build_playground.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(await cspHash(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
 * ```
 */
export async function cspHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

/**
 * Makes a browser bundle safe to inline: `import.meta.main` (only `mod.ts`
 * reads it, to start the command line) becomes `false`, and `</script` is
 * written `<\/script` (the same string to JavaScript). Throws if any import
 * (static, dynamic, or `import.meta`) would be left.
 *
 * @example
 * ```ts
 * import { inlineScript } from "./build_playground.ts";
 * import { strictEqual, throws } from "node:assert/strict";
 * strictEqual(inlineScript('import.meta.main&&f();var s="</script>";'), 'false&&f();var s="<\\/script>";');
 * throws(() => inlineScript('import("./cli.ts")'), /import/);
 * ```
 */
export function inlineScript(bundle: string): string {
  const script = bundle.split("import.meta.main").join("false").split("</script").join(
    "<\\/script",
  );
  const left = /\bimport\s*\(|\bimport\s*[{*"'`]|\bimport\.meta\b/.exec(script);
  if (left !== null) {
    const context = script.slice(Math.max(0, left.index - 40), left.index + 40);
    throw new Error(`the page bundle still imports something: …${context}…`);
  }
  return script;
}

/**
 * Fills the page template: the CSP (`__CSP__`), the `<style>` element holding
 * only `/*__STYLE__*\/` and the `<script type="module">` element holding only
 * `/*__SCRIPT__*\/`, each exactly once. The element's whole content is
 * replaced, so that the CSP hashes match it byte for byte.
 *
 * @example
 * ```ts
 * import { fillTemplate } from "./build_playground.ts";
 * import { ok } from "node:assert/strict";
 * const page = await fillTemplate(
 *   '<meta content="__CSP__"><style>\n/*__STYLE__*\/\n</style><script type="module">/*__SCRIPT__*\/</script>',
 *   "b{}",
 *   "go($1)",
 * );
 * ok(page.includes('<style>b{}</style><script type="module">go($1)</script>'));
 * ok(page.includes("default-src 'none'; script-src 'sha256-"));
 * ```
 */
export async function fillTemplate(
  template: string,
  style: string,
  script: string,
): Promise<string> {
  const csp = [
    "default-src 'none'",
    `script-src ${await cspHash(script)}`,
    `style-src ${await cspHash(style)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  let page = template;
  const slots: [RegExp, string][] = [
    [/__CSP__/g, csp],
    [/<style>\s*\/\*__STYLE__\*\/\s*<\/style>/g, `<style>${style}</style>`],
    [
      /<script type="module">\s*\/\*__SCRIPT__\*\/\s*<\/script>/g,
      `<script type="module">${script}</script>`,
    ],
  ];
  for (const [slot, value] of slots) {
    const found = page.match(slot)?.length ?? 0;
    if (found !== 1) throw new Error(`the template must hold ${slot.source} exactly once`);
    page = page.replace(slot, () => value);
  }
  return page;
}

async function bundle(externals: readonly string[]): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "interjson-playground-" });
  try {
    const out = `${dir}/page.js`;
    const args = ["bundle", "--platform", "browser", "--minify", "--output", out];
    for (const external of externals) args.push(`--external=${external}`);
    args.push("playground/playground.ts");
    const ran = await new Deno.Command(Deno.execPath(), {
      args,
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!ran.success) {
      throw new Error(`deno bundle failed:\n${new TextDecoder().decode(ran.stderr)}`);
    }
    return await Deno.readTextFile(out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * What a build produced.
 *
 * @example
 * ```ts
 * import type { Built } from "./build_playground.ts";
 * import { ok } from "node:assert/strict";
 * const built: Built = { path: "/tmp/index.html", bytes: 90_000, ownScriptBytes: 14_000, scriptBytes: 80_000 };
 * ok(built.ownScriptBytes < built.scriptBytes);
 * ```
 */
export interface Built {
  /** The page's path. */
  path: string;
  /** The page's size in bytes. */
  bytes: number;
  /** The minified JavaScript beyond the engine, in bytes. */
  ownScriptBytes: number;
  /** The whole inlined script (engine included), in bytes. */
  scriptBytes: number;
}

/**
 * Builds the page into `outDir` (relative to the repository root).
 *
 * @example
 * ```ts
 * import { buildPlayground } from "./build_playground.ts";
 * import { ok } from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const built = await buildPlayground(dir);
 * ok(built.ownScriptBytes < built.scriptBytes);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function buildPlayground(outDir: string): Promise<Built> {
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  const own = await bundle(["*/cli.ts", "*/mod.ts"]);
  const ownScriptBytes = bytes(own);
  if (ownScriptBytes > OWN_SCRIPT_LIMIT) {
    throw new Error(
      `the page's own JavaScript is ${ownScriptBytes} bytes minified, over ${OWN_SCRIPT_LIMIT}`,
    );
  }
  const script = inlineScript(await bundle(["*/cli.ts"]));
  const template = await Deno.readTextFile(new URL("playground/index.html", ROOT));
  const style = await Deno.readTextFile(new URL("playground/styles.css", ROOT));
  const page = await fillTemplate(template, style, script);
  const dir = new URL(`${outDir.replace(/\/*$/, "")}/`, ROOT);
  await Deno.mkdir(dir, { recursive: true });
  const path = new URL("index.html", dir);
  await Deno.writeTextFile(path, page);
  return { path: path.pathname, bytes: bytes(page), ownScriptBytes, scriptBytes: bytes(script) };
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { out: { type: "string" } } });
  try {
    const built = await buildPlayground(values.out ?? "dist/playground");
    console.log(
      `${built.path}: ${built.bytes} bytes; script ${built.scriptBytes} bytes, ` +
        `of which the page's own ${built.ownScriptBytes} (limit ${OWN_SCRIPT_LIMIT})`,
    );
  } catch (error) {
    console.error(`build_playground: ${(error as Error).message}`);
    Deno.exit(1);
  }
}
