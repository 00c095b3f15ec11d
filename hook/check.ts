/**
 * What the hook checks in a tool's input, which the agent has already parsed
 * (so notation repairs do not apply): the gate under the policy's profile and
 * declaration (bidi controls, tag characters, lone surrogates, integers
 * beyond 2^53, depth and size limits, the declaration), then every string,
 * key or value, for the remaining default-ignorable characters, which the
 * gate leaves alone in values.
 *
 * The policy compiles each tool's declaration once, when it is read
 * (`compileGate`); {@linkcode checkToolInput} runs the compiled gate.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { compileGate } from "../mod.ts";
 * import { checkToolInput } from "./check.ts";
 * const execution = compileGate({ profile: "execution" });
 * strictEqual(checkToolInput('{"command":"ls"}', execution), null);
 * strictEqual(checkToolInput('{"n":9007199254740993}', execution)?.code, "E011");
 * ```
 *
 * @module
 */

import { CLOSING_SENTENCE, type CompiledGate, type Retry, stringHazards } from "../mod.ts";

/** One string of a value and where it is. */
interface Located {
  readonly pointer: string;
  readonly text: string;
}

function pointerToken(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * The first string (a key or a value, in document order) that holds a
 * default-ignorable character, and where; `null` when there is none. An
 * explicit stack, no recursion.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { findInvisible } from "./check.ts";
 * deepStrictEqual(findInvisible({ a: ["ok", "x\u200By"] }), { pointer: "/a/1", offset: 1, unit: 0x200b });
 * deepStrictEqual(findInvisible({ "k\u00AD": 1 }), { pointer: "/k\u00AD", offset: 1, unit: 0xad });
 * deepStrictEqual(findInvisible({ a: "plain" }), null);
 * ```
 */
export function findInvisible(
  value: unknown,
): { pointer: string; offset: number; unit: number } | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    const strings: Located[] = [];
    if (typeof node === "string") strings.push({ pointer, text: node });
    else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${pointer}/${i}`]);
    } else if (node !== null && typeof node === "object") {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push([
          (node as Record<string, unknown>)[keys[i]],
          `${pointer}/${pointerToken(keys[i])}`,
        ]);
      }
      for (const key of keys) {
        strings.push({ pointer: `${pointer}/${pointerToken(key)}`, text: key });
      }
    }
    for (const { pointer, text } of strings) {
      const found = stringHazards(text).ignorable;
      if (found >= 0) return { pointer, offset: found, unit: text.charCodeAt(found) };
    }
  }
  return null;
}

function hex(unit: number): string {
  return `U+${unit.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Checks one tool input: `null` when nothing is wrong, else the refusal with
 * the retry prompt for the model.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { compileGate } from "../mod.ts";
 * import { checkToolInput } from "./check.ts";
 * const refusal = checkToolInput('{"path":"a\u200Bb"}', compileGate({ profile: "execution" }));
 * strictEqual(refusal?.prompt.split("\n")[0], "InterJSON refused the arguments: E011 AmbiguityRefused at /path (string offset 1).");
 * ```
 */
export function checkToolInput(text: string, compiled: CompiledGate): Retry | null {
  const result = compiled.gate(text);
  if (!result.executable) return result.retry;
  const invisible = findInvisible(result.value);
  if (invisible === null) return null;
  return {
    code: "E011",
    prompt: [
      `InterJSON refused the arguments: E011 AmbiguityRefused at ${invisible.pointer} (string offset ${invisible.offset}).`,
      `Reason: the string holds ${
        hex(invisible.unit)
      }, a default-ignorable character that displays as nothing, so what is read is not what runs`,
      CLOSING_SENTENCE,
    ].join("\n"),
  };
}
