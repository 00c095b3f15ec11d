/**
 * Tool pinning against rug pulls: a lock file holds the SHA-256 of each
 * tool's canonical definition (name, title, description, input and output
 * schema, annotations). On the run that creates the file every tool seen is
 * pinned (trust on first use); on later runs a tool that is new, or whose
 * definition changed, is hidden and refused until the user accepts it
 * (`interjson proxy --pin FILE --accept TOOL… -- CMD…`) or re-pins by
 * deleting the file.
 *
 * The lock file is JSON with sorted keys, one tool per line, so a change
 * reads as a one-line diff; below the pins it keeps each pinned definition
 * (its canonical form, indented), so a changed tool can be reviewed member
 * by member before it is accepted (`interjson proxy --check --pin FILE`).
 * A lock file without `definitions` is read as before.
 *
 * ```json
 * {
 *   "version": 1,
 *   "tools": {
 *     "echo": "sha256:…"
 *   },
 *   "definitions": {
 *     "echo": {
 *       "description": "Echoes.",
 *       "name": "echo"
 *     }
 *   }
 * }
 * ```
 *
 * @example
 * ```ts
 * import { PinStore, toolHash } from "./pinning.ts";
 * import { strictEqual } from "node:assert/strict";
 * const store = PinStore.fromText(null); // no file yet: trust on first use
 * const hash = await toolHash({ name: "echo", description: "Echoes." });
 * strictEqual(store.check("echo", hash), "pinned");
 * strictEqual(store.check("echo", await toolHash({ name: "echo", description: "Now evil." })), "changed");
 * ```
 *
 * @module
 */

import { parseJson } from "../mod.ts";

/**
 * The fields of a tool definition that the pin covers.
 *
 * @example
 * ```ts
 * import { PINNED_FIELDS } from "./pinning.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(PINNED_FIELDS.includes("description"), true);
 * ```
 */
export const PINNED_FIELDS = [
  "name",
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
] as const;

/**
 * A JSON serialization with every object's keys sorted, so equal
 * definitions hash equally whatever order the server wrote.
 *
 * @example
 * ```ts
 * import { canonicalJson } from "./pinning.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(canonicalJson({ b: [1, { d: 1, c: 2 }], a: "x" }), '{"a":"x","b":[1,{"c":2,"d":1}]}');
 * ```
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, child) => {
    if (typeof child !== "object" || child === null || Array.isArray(child)) return child;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(child).sort()) sorted[key] = child[key];
    return sorted;
  });
}

/**
 * The canonical definition of a tool: the pinned fields it has, sorted.
 *
 * @example
 * ```ts
 * import { canonicalDefinition } from "./pinning.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(canonicalDefinition({ name: "a", icons: [], description: "d" }), '{"description":"d","name":"a"}');
 * ```
 */
export function canonicalDefinition(tool: Record<string, unknown>): string {
  const picked: Record<string, unknown> = {};
  for (const field of PINNED_FIELDS) {
    if (Object.hasOwn(tool, field)) picked[field] = tool[field];
  }
  return canonicalJson(picked);
}

/**
 * `sha256:` and the hex SHA-256 of a string's UTF-8 bytes (`crypto.subtle`).
 *
 * @example
 * ```ts
 * import { sha256 } from "./pinning.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(await sha256(""), "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
 * ```
 */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  let hex = "sha256:";
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/**
 * The pin of a tool: the SHA-256 of its canonical definition.
 *
 * @example
 * ```ts
 * import { toolHash } from "./pinning.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(await toolHash({ description: "d", name: "a" }), await toolHash({ name: "a", description: "d" }));
 * ```
 */
export function toolHash(tool: Record<string, unknown>): Promise<string> {
  return sha256(canonicalDefinition(tool));
}

/**
 * How a tool compares with the lock file.
 *
 * @example
 * ```ts
 * import { PinStore, type PinStatus } from "./pinning.ts";
 * import { strictEqual } from "node:assert/strict";
 * const status: PinStatus = PinStore.fromText('{"version":1,"tools":{}}').check("a", "sha256:00");
 * strictEqual(status, "new");
 * ```
 */
export type PinStatus = "pinned" | "new" | "changed";

/**
 * The pins of one lock file, in memory. Made from the file's text (or `null`
 * when there is no file yet, which starts trust on first use).
 *
 * @example
 * ```ts
 * import { PinStore } from "./pinning.ts";
 * import { strictEqual } from "node:assert/strict";
 * const store = PinStore.fromText('{"version":1,"tools":{"a":"sha256:00"}}');
 * strictEqual(store.check("a", "sha256:00"), "pinned");
 * strictEqual(store.check("b", "sha256:11"), "new");
 * ```
 */
export class PinStore {
  readonly #pins: Map<string, string>;
  readonly #definitions: Map<string, string>;
  readonly #firstUse: boolean;
  #dirty = false;

  private constructor(
    pins: Map<string, string>,
    definitions: Map<string, string>,
    firstUse: boolean,
  ) {
    this.#pins = pins;
    this.#definitions = definitions;
    this.#firstUse = firstUse;
  }

  /**
   * Reads a lock file's text; throws a `TypeError` naming the problem when it
   * is not a lock file (a malformed file never reads as empty).
   *
   * @example
   * ```ts
   * import { PinStore } from "./pinning.ts";
   * import { throws } from "node:assert/strict";
   * throws(() => PinStore.fromText("[]"), TypeError);
   * ```
   */
  static fromText(text: string | null): PinStore {
    if (text === null) return new PinStore(new Map(), new Map(), true);
    let parsed: unknown;
    try {
      parsed = parseJson(text);
    } catch (error) {
      throw new TypeError(`the lock file is not JSON: ${(error as Error).message}`);
    }
    const tools = (parsed as { tools?: unknown })?.tools;
    if (
      typeof parsed !== "object" || parsed === null ||
      (parsed as { version?: unknown }).version !== 1 ||
      typeof tools !== "object" || tools === null || Array.isArray(tools)
    ) {
      throw new TypeError('the lock file must be {"version": 1, "tools": {NAME: "sha256:…"}}');
    }
    const pins = new Map<string, string>();
    for (const [name, hash] of Object.entries(tools)) {
      if (typeof hash !== "string" || !hash.startsWith("sha256:")) {
        throw new TypeError(`the pin of tool "${name}" is not a "sha256:…" string`);
      }
      pins.set(name, hash);
    }
    const stored = (parsed as { definitions?: unknown }).definitions;
    const definitions = new Map<string, string>();
    if (stored !== undefined) {
      if (typeof stored !== "object" || stored === null || Array.isArray(stored)) {
        throw new TypeError('the lock file\'s "definitions" must be {NAME: {…}}');
      }
      for (const [name, definition] of Object.entries(stored)) {
        if (typeof definition !== "object" || definition === null || Array.isArray(definition)) {
          throw new TypeError(`the stored definition of tool "${name}" is not an object`);
        }
        if (pins.has(name)) definitions.set(name, canonicalJson(definition));
      }
    }
    return new PinStore(pins, definitions, false);
  }

  /** Whether this run created the lock file (every tool seen is pinned). */
  get firstUse(): boolean {
    return this.#firstUse;
  }

  /** Whether pins changed since the last {@linkcode PinStore.text}. */
  get dirty(): boolean {
    return this.#dirty;
  }

  /**
   * Compares a tool with its pin. On first use an unknown tool is pinned and
   * reported `pinned`; a tool already pinned that changed is `changed` in any
   * run (a rug pull in the middle of the first session is still one).
   *
   * @example
   * ```ts
   * import { PinStore } from "./pinning.ts";
   * import { strictEqual } from "node:assert/strict";
   * const store = PinStore.fromText(null);
   * strictEqual(store.check("a", "sha256:01"), "pinned");
   * strictEqual(store.dirty, true);
   * ```
   */
  check(name: string, hash: string, definition?: string): PinStatus {
    const pinned = this.#pins.get(name);
    if (pinned === undefined) {
      if (!this.#firstUse) return "new";
      this.#pins.set(name, hash);
      if (definition !== undefined) this.#definitions.set(name, definition);
      this.#dirty = true;
      return "pinned";
    }
    return pinned === hash ? "pinned" : "changed";
  }

  /**
   * Compares a tool with its pin without pinning anything (`--check`).
   *
   * @example
   * ```ts
   * import { PinStore } from "./pinning.ts";
   * import { strictEqual } from "node:assert/strict";
   * const store = PinStore.fromText(null);
   * strictEqual(store.status("a", "sha256:01"), "new");
   * strictEqual(store.dirty, false);
   * ```
   */
  status(name: string, hash: string): PinStatus {
    const pinned = this.#pins.get(name);
    if (pinned === undefined) return "new";
    return pinned === hash ? "pinned" : "changed";
  }

  /**
   * The pin of a tool (`sha256:…`), if it has one.
   *
   * @example
   * ```ts
   * import { PinStore } from "./pinning.ts";
   * import { strictEqual } from "node:assert/strict";
   * strictEqual(PinStore.fromText('{"version":1,"tools":{"a":"sha256:00"}}').pin("a"), "sha256:00");
   * ```
   */
  pin(name: string): string | undefined {
    return this.#pins.get(name);
  }

  /**
   * The canonical definition stored for a pinned tool, if the lock file has it.
   *
   * @example
   * ```ts
   * import { PinStore } from "./pinning.ts";
   * import { strictEqual } from "node:assert/strict";
   * const store = PinStore.fromText(null);
   * store.check("a", "sha256:01", '{"name":"a"}');
   * strictEqual(store.definition("a"), '{"name":"a"}');
   * ```
   */
  definition(name: string): string | undefined {
    return this.#definitions.get(name);
  }

  /**
   * Pins a tool at `hash` (what `--accept` does).
   *
   * @example
   * ```ts
   * import { PinStore } from "./pinning.ts";
   * import { strictEqual } from "node:assert/strict";
   * const store = PinStore.fromText('{"version":1,"tools":{}}');
   * store.accept("a", "sha256:02");
   * strictEqual(store.check("a", "sha256:02"), "pinned");
   * ```
   */
  accept(name: string, hash: string, definition?: string): void {
    if (this.#pins.get(name) !== hash) this.#dirty = true;
    this.#pins.set(name, hash);
    if (definition !== undefined) this.#definitions.set(name, definition);
    else this.#definitions.delete(name);
  }

  /**
   * The lock file's text: sorted, one tool per line, a final newline.
   *
   * @example
   * ```ts
   * import { PinStore } from "./pinning.ts";
   * import { strictEqual } from "node:assert/strict";
   * const store = PinStore.fromText(null);
   * store.check("b", "sha256:0b");
   * store.check("a", "sha256:0a");
   * strictEqual(store.text(), '{\n  "version": 1,\n  "tools": {\n    "a": "sha256:0a",\n    "b": "sha256:0b"\n  }\n}\n');
   * ```
   */
  text(): string {
    this.#dirty = false;
    const names = [...this.#pins.keys()].sort();
    const lines = names.map((name, i) =>
      `    ${JSON.stringify(name)}: ${JSON.stringify(this.#pins.get(name))}${
        i < names.length - 1 ? "," : ""
      }`
    );
    const tools = lines.length === 0 ? "{}" : `{\n${lines.join("\n")}\n  }`;
    const defined = names.filter((name) => this.#definitions.has(name));
    if (defined.length === 0) return `{\n  "version": 1,\n  "tools": ${tools}\n}\n`;
    const definitions = defined.map((name) => {
      const pretty = JSON.stringify(JSON.parse(this.#definitions.get(name)!), null, 2)
        .replaceAll("\n", "\n    ");
      return `    ${JSON.stringify(name)}: ${pretty}`;
    });
    return `{\n  "version": 1,\n  "tools": ${tools},\n  "definitions": {\n${
      definitions.join(",\n")
    }\n  }\n}\n`;
  }
}
