/**
 * The streaming parser: feed the model's output chunk by chunk as it is
 * generated, read the partial value and which declared members are already
 * final after each chunk, and get the gate's answer at the end.
 *
 * Each character is scanned once: the scanner suspends at a token boundary
 * (or inside a string, keeping its progress) and resumes with the next chunk,
 * so the total cost is linear in the length of the stream, never a re-parse
 * of the prefix. {@linkcode JsonStream.end} answers exactly what one
 * {@linkcode gate} call on the whole text would.
 *
 * @example
 * ```ts
 * import { JsonStream } from "./stream.ts";
 * const stream = new JsonStream({ schema: "{!path:string,!force:boolean}" });
 * stream.push('{"path":"/tmp/a",');
 * console.log(stream.push('"force":tr').final); // ["path"]
 * const result = stream.end();
 * console.log(result.executable, result.error?.code); // false E010
 * ```
 *
 * @module
 */

import type { Declaration } from "./declarations.ts";
import { declaredMembers } from "./declarations.ts";
import type { EngineError } from "./errors.ts";
import { gate, type GateOptions, type GateResult, gateScan, prepare } from "./gate.ts";
import { Scanner } from "./scanner.ts";

/**
 * What the stream knows after a chunk.
 *
 * @example
 * ```ts
 * import { JsonStream } from "./stream.ts";
 * const snapshot = new JsonStream().push('{"a":[1,2');
 * console.log(snapshot.value, snapshot.complete); // { a: [ 1, 2 ] } false
 * ```
 */
export interface StreamSnapshot {
  /**
   * The value as parsed so far: containers hold their finished members and
   * elements (an unfinished string or number is not shown yet). It is live:
   * later chunks extend the same objects, so copy it to keep a snapshot.
   */
  value: unknown;
  /**
   * Top-level members that are final, in the order they became final: the
   * declared ones when the declaration is an object, else every member.
   */
  final: readonly string[];
  /** Whether the value's syntax is complete (its closing bracket was read). */
  complete: boolean;
  /** UTF-16 code units received so far. */
  received: number;
  /** A caller error (bad option or declaration) or a limit, once one happened. */
  error: EngineError | null;
}

/**
 * A streaming gate. Options are those of {@linkcode gate} (default profile
 * `agent`).
 *
 * @example
 * ```ts
 * import { JsonStream } from "./stream.ts";
 * const stream = new JsonStream();
 * for (const chunk of ['{"a"', ':1,"b', '":2}']) stream.push(chunk);
 * console.log(stream.end().value); // { a: 1, b: 2 }
 * ```
 */
export class JsonStream {
  readonly #options: GateOptions;
  readonly #scanner: Scanner | null;
  readonly #declaration: Declaration | null = null;
  readonly #declared: ReadonlySet<string> | null = null;
  readonly #error: EngineError | null = null;
  readonly #chunks: string[] = [];
  readonly #final: string[] = [];
  readonly #finalNames = new Set<string>();
  #seenMembers = 0;
  #received = 0;
  #ended: GateResult | null = null;

  /** Starts a stream with the options of {@linkcode gate}. */
  constructor(options: GateOptions = {}) {
    this.#options = options;
    const prepared = prepare(options, "agent");
    if ("code" in prepared) {
      this.#error = prepared;
      this.#scanner = null;
      return;
    }
    this.#scanner = new Scanner(prepared.profile, true);
    this.#declaration = prepared.declaration;
    if (prepared.declaration !== null && prepared.declaration.kind === "object") {
      this.#declared = new Set(declaredMembers(prepared.declaration).map((m) => m.name));
    }
  }

  /** Feeds the next chunk; returns what is known now. */
  push(chunk: string): StreamSnapshot {
    if (this.#ended !== null) throw new Error("JsonStream: push() after end()");
    this.#received += chunk.length;
    const scanner = this.#scanner;
    if (scanner === null) {
      this.#chunks.push(chunk);
      return this.#snapshot(undefined, false);
    }
    scanner.feed(chunk, false);
    const members = scanner.members;
    for (; this.#seenMembers < members.length; this.#seenMembers++) {
      const name = members[this.#seenMembers].name;
      if ((this.#declared === null || this.#declared.has(name)) && !this.#finalNames.has(name)) {
        this.#finalNames.add(name);
        this.#final.push(name);
      }
    }
    return this.#snapshot(scanner.root, scanner.settled);
  }

  /** Ends the stream: the gate's answer on the whole text, as one call would give. */
  end(): GateResult {
    if (this.#ended !== null) return this.#ended;
    const scanner = this.#scanner;
    if (scanner === null) {
      this.#ended = gate(this.#chunks.join(""), this.#options);
    } else {
      scanner.feed("", true);
      this.#ended = gateScan(scanner.result(), scanner.text(), this.#declaration);
    }
    this.#chunks.length = 0;
    return this.#ended;
  }

  #snapshot(value: unknown, complete: boolean): StreamSnapshot {
    return {
      value,
      final: this.#final,
      complete,
      received: this.#received,
      error: this.#error ?? this.#scanner?.error ?? null,
    };
  }
}
