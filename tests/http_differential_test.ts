/**
 * The HTTP/1.1 parser of `wire/http1.ts` against a reference: Node's `http`
 * server (llhttp in strict mode, `tests/fixtures/llhttp_echo_server.mjs`),
 * both fed the same generated raw requests, seeded and replayable — white
 * space of every kind around and inside header values, duplicate and
 * conflicting framing headers, chunk sizes and extensions, trailers,
 * obs-fold, bare CR and LF, odd methods, targets and versions. Each side
 * echoes what it parsed (method, target, header fields, body); the client
 * half-closes after writing, so every request ends either answered or
 * refused.
 *
 * The contract, request by request on one connection:
 * - what this server accepts, llhttp accepts, and both read the same method,
 *   target, header fields and body (so a request cannot mean two things);
 * - what llhttp refuses, this server refuses;
 * - this server refuses more only where the case carries one of the
 *   {@linkcode DELIBERATE} rules (each a line of RFC 9112 llhttp does not
 *   enforce, or a feature not served).
 *
 * A few thousand cases run in `deno task test`; `deno task fuzz:http` runs
 * 100,000 (`deno task fuzz:http --cases=N --seed=S` to choose), and a
 * failure names its seed and case.
 *
 * @module
 */

import { deepEqual, fail } from "node:assert/strict";
import { Http1Server } from "../wire/http1.ts";
import { ROOT } from "./mcp_harness.ts";
import { mulberry32 } from "./fixtures/random.ts";

/**
 * Where this server is stricter than llhttp on purpose: why, and the reason
 * this server's refusal must give. A case names the rules it exercises, and a
 * refusal is excused only when its reason is one of those rules'.
 */
const DELIBERATE = {
  method: {
    why: "a method llhttp knows but this server does not serve (501)",
    reason: /^the method \S+ is not served/,
  },
  target: {
    why: "a target not in origin form (`*`, absolute form): only paths are served",
    reason: /^the target must be a path/,
  },
  spaces: {
    why: "more than one space between request-line parts (RFC 9112 §3: one SP)",
    reason: /^malformed request line/,
  },
  version: {
    why: "HTTP/2.0 on an HTTP/1 connection (llhttp reads it as 2.0; 505 here)",
    reason: /^only HTTP\/1\.1 and HTTP\/1\.0 are served/,
  },
  "te-http10": {
    why: "Transfer-Encoding in HTTP/1.0 (RFC 9112 §6.1: faulty framing)",
    reason: /^Transfer-Encoding in an HTTP\/1\.0 request/,
  },
  "te-coding": {
    why: "a transfer coding other than chunked (only chunked is served: 501)",
    reason: /^only the chunked transfer coding is served/,
  },
  host: {
    why: "more than one Host (RFC 9112 §3.2: 400)",
    reason: /^an HTTP\/1\.1 request has exactly one Host/,
  },
  "te-count": {
    why: "more than one Transfer-Encoding field (llhttp lets some pairs through, even a " +
      "first one ending in HTAB, which alone it refuses)",
    reason: /^(?:more than one Transfer-Encoding|malformed header value of Transfer-Encoding)/,
  },
} as const;
type Deliberate = keyof typeof DELIBERATE;

function argument(name: string, fallback: number): number {
  const given = Deno.args.findLast((arg) => arg.startsWith(`--${name}=`));
  return given === undefined ? fallback : Number(given.slice(name.length + 3));
}

const CASES = argument("cases", 3000);
const SEED = argument("seed", 20261201);

/** One generated request: its bytes (as Latin-1 text) and the deliberate rules it exercises. */
interface Case {
  readonly raw: string;
  readonly deliberate: readonly Deliberate[];
}

class Generator {
  readonly #next: () => number;
  readonly deliberate = new Set<Deliberate>();

  constructor(seed: number) {
    this.#next = mulberry32(seed); // replayable from its seed
  }

  chance(p: number): boolean {
    return this.#next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#next() * items.length)];
  }

  int(max: number): number {
    return Math.floor(this.#next() * max);
  }

  /** Picks a weighted row: `[weight, value, rule?]`. */
  weighted<T>(rows: readonly (readonly [number, T, Deliberate?])[]): T {
    const total = rows.reduce((sum, [weight]) => sum + weight, 0);
    let at = this.#next() * total;
    for (const [weight, value, rule] of rows) {
      at -= weight;
      if (at < 0) {
        if (rule !== undefined) this.deliberate.add(rule);
        return value;
      }
    }
    return rows[0][1];
  }
}

const WHITE = ["", " ", "\t", "  ", " \t"];
const BAD_WHITE = ["\u00a0", "\x0b", "\x0c", "\x7f", "\x00", "\r", "\n", "\x1b"];

function value(g: Generator): string {
  const core = g.weighted<string>([
    [20, "v"],
    [4, "a b"],
    [2, "a\tb"],
    [1, ""],
    [1, "\u00e9t\u00e9"],
    [1, '"q"'],
    [2, `a${g.pick(BAD_WHITE)}b`],
  ]);
  const lead = g.chance(0.95) ? g.pick(WHITE) : g.pick(BAD_WHITE);
  const trail = g.chance(0.95) ? g.pick(WHITE) : g.pick(BAD_WHITE);
  return lead + core + trail;
}

function fieldName(g: Generator): string {
  return g.weighted<string>([
    [40, `X-${g.int(4)}`],
    [1, "X A"],
    [1, "X-A "],
    [1, ""],
    [1, "X(A)"],
    [1, "X\u00e9"],
    [1, " X-F"],
  ]);
}

function hexSize(g: Generator, size: number): string {
  const hex = g.chance(0.5) ? size.toString(16) : size.toString(16).toUpperCase();
  return g.chance(0.1) ? `000${hex}` : hex;
}

function chunkExtension(g: Generator): string {
  return g.weighted<string>([
    [40, ""],
    [4, ";a=b"],
    [1, ';a="b c"'],
    [1, ";a"],
    [1, "; a=b"],
    [1, " ;a=b"],
    [1, ";a=b c"],
    [1, ";a=\u00a0"],
    [1, " "],
  ]);
}

function chunkedBody(g: Generator, body: string, eol: () => string): string {
  let out = "";
  let at = 0;
  while (at < body.length) {
    const size = 1 + g.int(Math.min(body.length - at, 12));
    out += `${hexSize(g, size)}${chunkExtension(g)}${eol()}${body.slice(at, at + size)}`;
    out += g.chance(0.97) ? eol() : g.pick(["", "x", "\n", "\r"]);
    at += size;
  }
  out += `${g.chance(0.9) ? "0" : "00"}${chunkExtension(g)}${eol()}`;
  if (g.chance(0.2)) out += `${fieldName(g)}:${value(g)}${eol()}`;
  return out + eol();
}

/** Generates case number `index` of `seed`. */
function generate(seed: number, index: number): Case {
  const g = new Generator(seed * 1_000_003 + index);
  const eol = () => (g.chance(0.99) ? "\r\n" : g.pick(["\n", "\r", "\r\r\n"]));
  const method = g.weighted<string>([
    [30, "POST"],
    [10, "GET"],
    [1, "PUT"],
    [1, "DELETE"],
    [1, "PATCH"],
    [1, "OPTIONS"],
    [1, "PROPFIND", "method"],
    [1, "TRACE", "method"],
    [1, "FOO"],
    [1, "get"],
  ]);
  const target = g.weighted<string>([
    [40, "/"],
    [10, "/a/b?c=d&e"],
    [1, "/%zz"],
    [1, "/a#b"],
    [1, '/a"<>{|}'],
    [1, "*", "target"],
    [1, "http://x.example/y", "target"],
    [1, "/\u00e9"],
    [1, "/a\tb"],
    [1, "/\x7f"],
    [1, ""],
    [1, "//x"],
  ]);
  const version = g.weighted<string>([
    [60, "HTTP/1.1"],
    [8, "HTTP/1.0"],
    [1, "HTTP/1.2"],
    [1, "HTTP/2.0", "version"],
    [1, "http/1.1"],
    [1, "HTTP/1.1 "],
    [1, "HTTP/1"],
  ]);
  const space = () => g.weighted<string>([[30, " "], [1, "  ", "spaces"], [1, "\t"]]);
  const lines = [`${method}${space()}${target}${space()}${version}`];
  const hosts = g.weighted<number>([[14, 1], [1, 0], [1, 2, "host"]]);
  for (let i = 0; i < hosts; i++) lines.push(`Host:${g.pick(WHITE)}127.0.0.1${g.pick(WHITE)}`);
  const body = g.chance(0.7) ? "abcdefghijklmnopqrstuvwxyz0123456789".slice(0, 1 + g.int(30)) : "";
  const framing = body === ""
    ? g.weighted<string>([[4, "none"], [1, "length"]])
    : g.weighted<string>([[5, "length"], [5, "chunked"], [1, "none"]]);
  let payload = framing === "none" ? "" : body;
  const extras = g.int(3);
  for (let i = 0; i < extras; i++) {
    const fold = g.chance(0.05) ? `${eol()}${g.pick([" ", "\t"])}folded` : "";
    lines.push(`${fieldName(g)}:${value(g)}${fold}`);
  }
  if (framing === "length") {
    const n = String(payload.length);
    const length = g.weighted<string>([
      [40, n],
      [1, `0${n}`],
      [1, `+${n}`],
      [1, `${n}, ${n}`],
      [1, `${n}${g.pick(BAD_WHITE)}`],
      [1, `\u00a0${n}`],
      [1, ""],
      [1, `${payload.length + 3}`],
      [1, `${Math.max(0, payload.length - 2)}`],
    ]);
    lines.push(`Content-Length:${g.pick(WHITE)}${length}${g.pick(WHITE)}`);
    if (g.chance(0.05)) lines.push(`Content-Length: ${g.pick([n, length, "1"])}`);
    if (g.chance(0.05)) lines.push("Transfer-Encoding: chunked");
  }
  if (framing === "chunked") {
    const coding = g.weighted<string>([
      [40, "chunked"],
      [1, "CHUNKED"],
      [1, "gzip, chunked", "te-coding"],
      [1, "chunked, gzip"],
      [1, "\u00a0chunked"],
      [1, `chunked${g.pick(BAD_WHITE)}`],
      [1, "gzip"],
    ]);
    lines.push(`Transfer-Encoding:${g.pick(WHITE)}${coding}${g.pick(WHITE)}`);
    if (g.chance(0.04)) {
      lines.push("Transfer-Encoding: chunked");
      g.deliberate.add("te-count");
    }
    if (g.chance(0.04)) lines.push(`Content-Length: ${body.length}`);
    if (version === "HTTP/1.0") g.deliberate.add("te-http10");
    payload = chunkedBody(g, body, eol);
  }
  if (g.chance(0.05)) lines.push(`${fieldName(g)}${g.pick([" ", "\t"])}: v`);
  let raw = lines.join("\r\n").replace(/\r\n/g, () => eol()) + eol() + eol() + payload;
  if (g.chance(0.05)) raw = "\r\n" + raw;
  return { raw, deliberate: [...g.deliberate] };
}

/** What one side did with one request on the connection. */
type Outcome =
  | { readonly kind: "accepted"; readonly echo: unknown }
  | { readonly kind: "refused"; readonly status: number; readonly reason: string };

const latin1 = new TextDecoder("latin1");

/** Reads every answer on a connection until the server closes it. */
function answers(bytes: Uint8Array): Outcome[] {
  const text = latin1.decode(bytes);
  const outcomes: Outcome[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\r\n\r\n", at);
    if (end === -1) break;
    const head = text.slice(at, end);
    const status = Number(head.slice(9, 12));
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const body = text.slice(end + 4, end + 4 + length);
    at = end + 4 + length;
    if (status === 100) continue;
    if (status === 200) {
      const echo = JSON.parse(
        new TextDecoder().decode(Uint8Array.from(body, (c) => c.charCodeAt(0))),
      );
      outcomes.push({ kind: "accepted", echo });
    } else {
      outcomes.push({ kind: "refused", status, reason: body });
    }
  }
  return outcomes;
}

/** Sends `raw` on a new connection, half-closes, and reads until the server closes. */
async function exchange(port: number, raw: string): Promise<Outcome[]> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
  const writing = (async () => {
    let written = 0;
    while (written < bytes.length) written += await conn.write(bytes.subarray(written));
    await conn.closeWrite();
  })().catch(() => {});
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(65536);
  const timer = setTimeout(() => {
    try {
      conn.close();
    } catch {
      // Closed.
    }
  }, 3000);
  while (true) {
    const read = await conn.read(buffer).catch(() => null);
    if (read === null) break;
    chunks.push(buffer.slice(0, read));
  }
  clearTimeout(timer);
  await writing;
  try {
    conn.close();
  } catch {
    // Closed.
  }
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return answers(all);
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Compares one case; a string says how the two sides disagree. */
function disagreement(testCase: Case, ours: Outcome[], theirs: Outcome[]): string | undefined {
  for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
    const mine = ours[i];
    const reference = theirs[i];
    const accepted = mine?.kind === "accepted";
    const referenceAccepted = reference?.kind === "accepted";
    if (accepted && referenceAccepted) {
      try {
        deepEqual(mine.echo, reference.echo);
      } catch {
        return `request ${i} read differently: ours ${JSON.stringify(mine.echo)}, ` +
          `llhttp ${JSON.stringify(reference.echo)}`;
      }
      continue;
    }
    if (accepted) {
      return `request ${i} accepted here (${JSON.stringify(mine.echo)}) but refused by llhttp ` +
        `(${
          reference === undefined
            ? "no answer"
            : reference.kind === "refused"
            ? reference.status
            : ""
        })`;
    }
    const excused = mine?.kind === "refused" &&
      testCase.deliberate.some((rule) => DELIBERATE[rule].reason.test(mine.reason));
    if (referenceAccepted && !excused) {
      return `request ${i} refused here (${
        mine?.kind === "refused" ? mine.status : "no answer"
      }) ` +
        `but accepted by llhttp (${
          JSON.stringify(reference.echo)
        }), and no deliberate rule of the case (${testCase.deliberate.join(", ") || "none"}) ` +
        `gives its reason: ${mine?.kind === "refused" ? JSON.stringify(mine.reason) : "none"}`;
    }
    return undefined;
  }
  return undefined;
}

async function startReference(): Promise<{ port: number; child: Deno.ChildProcess }> {
  const child = new Deno.Command("node", {
    args: [`${ROOT}/tests/fixtures/llhttp_echo_server.mjs`],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the reference server exited: ${text}`);
    text += value;
  }
  reader.releaseLock();
  return { port: Number(/^listening (\d+)/.exec(text)![1]), child };
}

Deno.test(`http parser vs llhttp: ${CASES} generated requests (seed ${SEED})`, async (t) => {
  const reference = await startReference();
  const server = new Http1Server({
    hostname: "127.0.0.1",
    port: 0,
    inspect: () => undefined,
    handle: (head, body) => {
      const echo = JSON.stringify({
        method: head.method,
        target: head.target,
        fields: head.fields,
        body: base64(body),
      });
      return new Response(echo, { headers: { "content-type": "application/json" } });
    },
  });
  const failures: string[] = [];
  const counts = { accepted: 0, refused: 0, deliberate: 0 };
  try {
    for (let index = 0; index < CASES; index++) {
      const testCase = generate(SEED, index);
      const [ours, theirs] = await Promise.all([
        exchange(server.port, testCase.raw),
        exchange(reference.port, testCase.raw),
      ]);
      const problem = disagreement(testCase, ours, theirs);
      if (problem !== undefined) {
        failures.push(`seed ${SEED} case ${index}: ${JSON.stringify(testCase.raw)}\n  ${problem}`);
        if (failures.length >= 10) break;
      }
      if (ours[0]?.kind === "accepted") counts.accepted++;
      else if (theirs[0]?.kind === "accepted") counts.deliberate++;
      else counts.refused++;
    }
    await t.step(
      `both read ${counts.accepted} alike, both refused ${counts.refused}, ` +
        `${counts.deliberate} refused here by a deliberate rule`,
      () => {
        if (failures.length > 0) fail(failures.join("\n"));
      },
    );
    await t.step("the generator reaches both outcomes", () => {
      if (counts.accepted < CASES / 10 || counts.refused < CASES / 10) {
        fail(`too one-sided: ${JSON.stringify(counts)}`);
      }
    });
  } finally {
    await server.shutdown();
    reference.child.kill();
    await reference.child.status;
  }
});
