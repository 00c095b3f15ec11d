/**
 * What the proxy knows about the downstream's tools, learned from its
 * `tools/list` replies (the client's and the proxy's own), following
 * pagination, and forgotten as stale on `notifications/tools/list_changed`.
 * Each tool is assessed once per definition: its `inputSchema` compiled, its
 * metadata checked for poisoning, its pin compared, the policy's allow-list
 * applied. A tool that fails one of these is hidden from `tools/list` and its
 * calls are refused.
 *
 * @example
 * ```ts
 * import { ToolRegistry } from "./tool_registry.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const registry = new ToolRegistry({ policy: EMPTY_POLICY, pins: null, log: () => {} });
 * await registry.learnPage([
 *   { name: "echo", inputSchema: { type: "object" } },
 *   { name: "evil", description: "x\u{E0041}", inputSchema: { type: "object" } },
 * ], true, true);
 * strictEqual(registry.complete, true);
 * strictEqual(registry.get("echo")?.hidden, null);
 * strictEqual(registry.get("evil")?.hidden?.includes("tag character"), true);
 * ```
 *
 * @module
 */

import { type CompiledSchema, compileToolSchema } from "./gating.ts";
import type { PinStore } from "./pinning.ts";
import { canonicalDefinition, sha256 } from "./pinning.ts";
import { keyFold } from "./envelope.ts";
import { codePointLabel, poisonedField } from "./poisoning.ts";
import type { Policy } from "./policy.ts";
import type { ProfileName } from "../mod.ts";

/**
 * One learned tool.
 *
 * @example
 * ```ts
 * import type { ToolEntry } from "./tool_registry.ts";
 * import { compileToolSchema } from "./gating.ts";
 * import { strictEqual } from "node:assert/strict";
 * const entry: ToolEntry = { name: "echo", compiled: compileToolSchema({ type: "object" }, "execution"), hidden: null };
 * strictEqual(entry.hidden, null);
 * ```
 */
export interface ToolEntry {
  /** The tool's name. */
  readonly name: string;
  /** Its `inputSchema`, compiled once. */
  readonly compiled: CompiledSchema;
  /** Why the tool is hidden and refused, or `null` when it is served. */
  readonly hidden: string | null;
  /**
   * When the schema declares top-level properties and allows other members:
   * each declared name by its fold ({@linkcode declaredKeyFolds}); else absent.
   */
  readonly declaredFolds?: ReadonlyMap<string, string>;
}

/**
 * The declared top-level property names of a schema that allows other
 * members, by their fold (`keyFold`): an argument key with the same fold
 * but other spelling (`PATH` for `path`) passes such a schema as an extra
 * member, and a case-insensitive server (Go's `encoding/json`) reads it as
 * the declared one. `undefined` when the schema declares none or allows no
 * other member (`additionalProperties: false`, where the gate refuses it).
 *
 * @example
 * ```ts
 * import { declaredKeyFolds } from "./tool_registry.ts";
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * deepStrictEqual(declaredKeyFolds({ properties: { Path: {} } }), new Map([["path", "Path"]]));
 * strictEqual(declaredKeyFolds({ properties: { path: {} }, additionalProperties: false }), undefined);
 * ```
 */
export function declaredKeyFolds(schema: unknown): Map<string, string> | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  const { properties, additionalProperties } = schema as Record<string, unknown>;
  if (additionalProperties === false) return undefined;
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) {
    return undefined;
  }
  const folds = new Map<string, string>();
  for (const name of Object.keys(properties)) folds.set(keyFold(name), name);
  return folds.size === 0 ? undefined : folds;
}

/**
 * What the registry needs.
 *
 * @example
 * ```ts
 * import type { RegistrySettings } from "./tool_registry.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const settings: RegistrySettings = { policy: EMPTY_POLICY, pins: null, log: () => {} };
 * strictEqual(settings.pins, null);
 * ```
 */
export interface RegistrySettings {
  /** The policy (allow-lists). */
  readonly policy: Policy;
  /** The pins, or `null` without `--pin`. */
  readonly pins: PinStore | null;
  /** One stderr line. */
  readonly log: (message: string) => void;
  /** Writes the lock file's text when pins changed (first use). */
  readonly savePins?: (text: string) => Promise<void>;
  /** How the lock file is named in messages. */
  readonly pinFile?: string;
  /** The profile a tool's calls are gated under (the schema is compiled with it). */
  readonly profileFor?: (name: string) => ProfileName;
}

/** Compiled schemas kept for reuse across listings (cleared when full). */
const MAX_COMPILED = 4096;

/**
 * The tool catalogue. See the module documentation.
 *
 * @example
 * ```ts
 * import { ToolRegistry } from "./tool_registry.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const registry = new ToolRegistry({ policy: EMPTY_POLICY, pins: null, log: () => {} });
 * await registry.learnPage([{ name: "a", inputSchema: { type: "object" } }], true, false);
 * strictEqual(registry.complete, false); // a next page is still to come
 * await registry.learnPage([{ name: "b", inputSchema: { type: "object" } }], false, true);
 * strictEqual(registry.complete, true);
 * registry.listChanged();
 * strictEqual(registry.current, false);
 * ```
 */
export class ToolRegistry {
  readonly #settings: RegistrySettings;
  #tools = new Map<string, ToolEntry>();
  #chain: Map<string, ToolEntry> | null = null;
  #chainChanges = 0;
  #changes = 0;
  #complete = false;
  #stale = false;
  readonly #said = new Map<string, string>();
  readonly #compiled = new Map<string, CompiledSchema>();

  /** An empty catalogue. */
  constructor(settings: RegistrySettings) {
    this.#settings = settings;
  }

  /** Whether a whole listing (every page) has been learned. */
  get complete(): boolean {
    return this.#complete;
  }

  /** Whether the catalogue is complete and no `list_changed` arrived since. */
  get current(): boolean {
    return this.#complete && !this.#stale;
  }

  /** The tool named exactly `name`. */
  get(name: string): ToolEntry | undefined {
    return this.#tools.get(name);
  }

  /**
   * A listed tool whose name differs from `name` only by case, Unicode
   * compatibility form (NFKC), default-ignorable code points (`keyFold`) or
   * white space around it, which a lenient server could run for it.
   *
   * @example
   * ```ts
   * import { ToolRegistry } from "./tool_registry.ts";
   * import { EMPTY_POLICY } from "./policy.ts";
   * import { strictEqual } from "node:assert/strict";
   * const registry = new ToolRegistry({ policy: EMPTY_POLICY, pins: null, log: () => {} });
   * await registry.learnPage([{ name: "write_file" }], true, true);
   * strictEqual(registry.caseVariant("Write_File"), "write_file");
   * strictEqual(registry.caseVariant("write\u200B_file"), "write_file");
   * strictEqual(registry.caseVariant("write_file "), "write_file");
   * ```
   */
  caseVariant(name: string): string | undefined {
    const folded = keyFold(name.trim());
    for (const known of this.#tools.keys()) if (keyFold(known) === folded) return known;
    return undefined;
  }

  /** Marks the catalogue stale (`notifications/tools/list_changed`). */
  listChanged(): void {
    this.#changes++;
    this.#stale = true;
  }

  /**
   * Learns one page of a `tools/list` result. `first`: the request had no
   * cursor; `last`: the result has no `nextCursor`. A listing that starts at a
   * first page and reaches a last one replaces the catalogue. Resolves to the
   * names of the page's tools that are hidden.
   */
  async learnPage(tools: readonly unknown[], first: boolean, last: boolean): Promise<Set<string>> {
    if (first) {
      this.#chain = new Map();
      this.#chainChanges = this.#changes;
    }
    const hidden = new Set<string>();
    for (const tool of tools) {
      if (typeof tool !== "object" || tool === null || Array.isArray(tool)) continue;
      const definition = tool as Record<string, unknown>;
      if (typeof definition.name !== "string") continue;
      const entry = await this.#assess(definition.name, definition);
      if (entry.hidden !== null) hidden.add(entry.name);
      this.#tools.set(entry.name, entry);
      this.#chain?.set(entry.name, entry);
    }
    if (last && this.#chain !== null) {
      this.#tools = this.#chain;
      this.#chain = null;
      this.#complete = true;
      this.#stale = this.#changes !== this.#chainChanges;
    }
    const pins = this.#settings.pins;
    if (pins?.dirty && this.#settings.savePins) await this.#settings.savePins(pins.text());
    return hidden;
  }

  async #assess(name: string, definition: Record<string, unknown>): Promise<ToolEntry> {
    const { policy, pins } = this.#settings;
    let hidden: string | null = null;
    if (policy.allowTools !== null && !policy.allowTools.has(name)) {
      hidden = "it is not in the policy's allowTools";
    }
    const poison = poisonedField(definition);
    if (hidden === null && poison !== null && !policy.allowPoisoned.has(name)) {
      hidden = `its metadata holds an invisible ${poison.kind} (${
        codePointLabel(poison.codePoint)
      }) at ${poison.pointer || "/"}; allow it with "allowPoisoned" in --policy`;
    }
    if (pins !== null) {
      let status: string;
      try {
        const canonical = canonicalDefinition(definition);
        status = pins.check(name, await sha256(canonical), canonical);
      } catch {
        status = "changed";
      }
      const file = this.#settings.pinFile ?? "the lock file";
      const accept = `accept it with \`interjson proxy --pin ${file} --accept ${name} -- …\``;
      if (hidden === null && status === "new") {
        hidden = `it is not pinned in ${file}; ${accept}`;
      } else if (hidden === null && status === "changed") {
        hidden = `its definition changed since it was pinned in ${file}; ${accept}`;
      }
    }
    const compiled = this.#compile(name, definition.inputSchema);
    this.#say(name, hidden, compiled);
    const declaredFolds = declaredKeyFolds(definition.inputSchema);
    return declaredFolds === undefined
      ? { name, compiled, hidden }
      : { name, compiled, hidden, declaredFolds };
  }

  /** Compiles a schema once per profile and text; a listing again reuses it. */
  #compile(name: string, schema: unknown): CompiledSchema {
    const profile = this.#settings.profileFor?.(name) ?? "execution";
    const strict = this.#settings.policy.strictKeywords;
    let key: string;
    try {
      key = `${profile} ${JSON.stringify(schema)}`;
    } catch {
      return compileToolSchema(schema, profile, strict);
    }
    let compiled = this.#compiled.get(key);
    if (compiled === undefined) {
      compiled = compileToolSchema(schema, profile, strict);
      if (this.#compiled.size >= MAX_COMPILED) this.#compiled.clear();
      this.#compiled.set(key, compiled);
    }
    return compiled;
  }

  #say(name: string, hidden: string | null, compiled: CompiledSchema): void {
    let message = "";
    if (hidden !== null) message = `tool "${name}" is hidden and its calls refused: ${hidden}`;
    else if (!compiled.ok && !this.#settings.policy.allowUncompilable.has(name)) {
      message =
        `tool "${name}" is refused: its inputSchema cannot be compiled (${compiled.problem}); ` +
        `let it through with hazard checks only with "allowUncompilable" in --policy`;
    }
    if ((this.#said.get(name) ?? "") === message) return;
    this.#said.set(name, message);
    if (message !== "") this.#settings.log(message);
  }
}
