/**
 * The streaming parser: feed the model's output chunk by chunk as it is
 * generated, read the partial value and which declared members are already
 * final after each chunk, and get the gate's answer at the end.
 *
 * Each character is scanned once: the scanner suspends at a token boundary
 * (or inside a string, keeping its progress) and resumes with the next chunk,
 * so the total cost is linear in the length of the stream, never a re-parse
 * of the prefix. Chunks are scanned when the snapshot is read (or once 1024
 * code units are pending): a host that reads after every chunk gets the state
 * after every chunk, and one that reads less often pays for fewer resumes.
 * Reading `final` or `complete` scans only once a pending chunk could change
 * them: while the scan is inside a container nested in a top-level member (or
 * in a root array), only a chunk holding `]` or `}` can; while it is inside a
 * string of the root object, only one holding its closing quote can. Polling
 * them after every chunk is therefore cheap; `value` and `error` always scan.
 * {@linkcode JsonStream.end} answers exactly what one {@linkcode gate} call on
 * the whole text would.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { JsonStream } from "./stream.ts";
 * const stream = new JsonStream({ schema: "{!path:string,!force:boolean}" });
 * stream.push('{"path":"/tmp/a",');
 * deepStrictEqual(stream.push('"force":tr').final, ["path"]);
 * const result = stream.end();
 * strictEqual(result.executable, false);
 * strictEqual(result.error?.code, "E010");
 * strictEqual(result.error?.rule, "R012"); // completing `tr` is lossy: `agent` refuses
 * ```
 *
 * @module
 */

import type { Form } from "./declarations/form.ts";
import { declaredMembers, declaresObject } from "./declarations/verdict.ts";
import type { EngineError } from "./errors.ts";
import {
  checkText,
  GATE_OPTION_SPECS,
  type GateOptions,
  type GateResult,
  gateScan,
  prepare,
} from "./gate.ts";
import { holdsAnyOf, Scanner } from "./scanner/mod.ts";

/** Chunks are scanned at the latest once this many code units are pending. */
const BATCH = 1024;

/**
 * What the stream knows: a live view, read lazily. Reading a field scans any
 * chunks pushed since the last read, so it always answers for everything
 * pushed so far. A {@linkcode JsonStream} is its own snapshot: `push` returns it.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { JsonStream } from "./stream.ts";
 * const snapshot = new JsonStream().push('{"a":[1,2');
 * // The trailing `2` is not shown yet: the next chunk may make it `23`.
 * deepStrictEqual(snapshot.value, { a: [1] });
 * strictEqual(snapshot.complete, false);
 * ```
 */
export interface StreamSnapshot {
  /**
   * The value as parsed so far: containers hold their finished members and
   * elements (an unfinished string or number is not shown yet). It is live:
   * later chunks extend the same objects, so copy it to keep a snapshot.
   */
  readonly value: unknown;
  /**
   * Top-level members that are final, in the order they became final: the
   * declared ones when the declaration is an object, else every member.
   */
  readonly final: readonly string[];
  /** Whether the value's syntax is complete (its closing bracket was read). */
  readonly complete: boolean;
  /** UTF-16 code units received so far. */
  readonly received: number;
  /** A limit or an unrepairable error of the text, once one happened. */
  readonly error: EngineError | null;
}

/**
 * A streaming gate. Options are those of {@linkcode gate} (default profile
 * `agent`).
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { JsonStream } from "./stream.ts";
 * const stream = new JsonStream();
 * for (const chunk of ['{"a"', ':1,"b', '":2}']) stream.push(chunk);
 * const result = stream.end();
 * deepStrictEqual(result.value, { a: 1, b: 2 });
 * strictEqual(result.executable, true);
 * ```
 */
export class JsonStream implements StreamSnapshot {
  readonly #scanner: Scanner | null;
  readonly #declaration: Form | null = null;
  readonly #declared: ReadonlySet<string> | null = null;
  /**
   * Text pushed since the last scan: one chunk as is, more chunks listed in
   * `#more` (joined at the scan), and their length.
   */
  #pending = "";
  #more: string[] | null = null;
  #pendingLength = 0;
  /**
   * The characters one of which a pending chunk must hold before `final` or
   * `complete` can change (`Scanner.settlesOn`; "" when any may, null when
   * not asked since the last scan).
   */
  #wake: string | null = null;
  /** Whether a pending chunk may change `final` or `complete`, and how many were looked at. */
  #unsettled = false;
  #checked = 0;
  readonly #final: string[] = [];
  readonly #finalNames = new Set<string>();
  #seenMembers = 0;
  #received = 0;
  #ended: GateResult | null = null;

  /**
   * Starts a stream with the options of {@linkcode gate}; throws a
   * `CallerError` for options a `gate` call would throw for.
   */
  constructor(options: GateOptions = {}) {
    const prepared = prepare(options, "agent", GATE_OPTION_SPECS, "JsonStream");
    this.#scanner = new Scanner(prepared.profile, true);
    this.#declaration = prepared.declaration;
    if (prepared.declaration !== null && declaresObject(prepared.declaration)) {
      this.#declared = new Set(declaredMembers(prepared.declaration).map((m) => m.name));
    }
  }

  /**
   * Feeds the next chunk; returns the stream itself, whose snapshot fields
   * (read lazily) give the state after every chunk pushed so far.
   */
  push(chunk: string): StreamSnapshot {
    checkText(chunk, "JsonStream.push", "chunk");
    if (this.#ended !== null) throw new Error("JsonStream: push() after end()");
    this.#received += chunk.length;
    if (this.#scanner !== null && chunk.length > 0) {
      if (this.#pendingLength === 0) this.#pending = chunk;
      else if (this.#more === null) this.#more = [this.#pending, chunk];
      else this.#more.push(chunk);
      this.#pendingLength += chunk.length;
      if (this.#pendingLength >= BATCH) this.#flush();
    }
    return this;
  }

  /** The value as parsed so far (see {@linkcode StreamSnapshot.value}). */
  get value(): unknown {
    return this.#flush()?.root;
  }

  /** Top-level members that are final (see {@linkcode StreamSnapshot.final}). */
  get final(): readonly string[] {
    if (this.#mayHaveChanged()) this.#flush();
    return this.#final;
  }

  /** Whether the value's syntax is complete. */
  get complete(): boolean {
    if (this.#mayHaveChanged()) this.#flush();
    return this.#scanner?.settled ?? false;
  }

  /** UTF-16 code units received so far. */
  get received(): number {
    return this.#received;
  }

  /** A limit or an unrepairable error of the text, once one happened. */
  get error(): EngineError | null {
    return this.#flush()?.error ?? null;
  }

  /** Ends the stream: the gate's answer on the whole text, as one call would give. */
  end(): GateResult {
    if (this.#ended !== null) return this.#ended;
    const scanner = this.#flush()!;
    scanner.feed("", true);
    this.#ended = gateScan(scanner.result(), scanner.text(), this.#declaration);
    return this.#ended;
  }

  /**
   * Whether a pending chunk may change `final` or `complete`: looks at the
   * chunks pushed since it last looked, for the characters the scan waits for.
   */
  #mayHaveChanged(): boolean {
    if (this.#pendingLength === 0) return false;
    if (this.#unsettled) return true;
    // Asked once per scan, and only by a reader of `final` or `complete`.
    const wake = this.#wake ??= this.#scanner!.settlesOn();
    if (wake.length === 0) return true;
    const more = this.#more;
    if (more === null) {
      if (this.#checked === 0) this.#unsettled = holdsAnyOf(this.#pending, wake);
      this.#checked = 1;
    } else {
      while (!this.#unsettled && this.#checked < more.length) {
        this.#unsettled = holdsAnyOf(more[this.#checked++], wake);
      }
    }
    return this.#unsettled;
  }

  /** Scans the pending chunks; returns the scanner (null after a caller error). */
  #flush(): Scanner | null {
    const scanner = this.#scanner;
    if (scanner === null || this.#pendingLength === 0) return scanner;
    // Joined, not concatenated: the scanner reads flat strings fastest (a
    // concatenation would make its character reads slower everywhere).
    const text = this.#more === null ? this.#pending : this.#more.join("");
    this.#pending = "";
    this.#more = null;
    this.#pendingLength = 0;
    scanner.feed(text, false);
    this.#wake = null;
    this.#unsettled = false;
    this.#checked = 0;
    const members = scanner.members;
    for (; this.#seenMembers < members.length; this.#seenMembers++) {
      const name = members[this.#seenMembers].name;
      if ((this.#declared === null || this.#declared.has(name)) && !this.#finalNames.has(name)) {
        this.#finalNames.add(name);
        this.#final.push(name);
      }
    }
    return scanner;
  }
}
