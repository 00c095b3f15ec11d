/**
 * The proxy's session: routes every line between the MCP client and the
 * downstream server, in both directions, and intervenes only where the
 * proxy's contract says so. It does no I/O itself: lines go out through
 * {@linkcode ProxyPorts}, so the same session runs under the stdio loop
 * (`proxy/stdio.ts`) and in tests.
 *
 * Client → server:
 * - every line is parsed; a line that is not JSON, not UTF-8, over the cap,
 *   holding a character some line reader ends a line at (a bare CR), or
 *   whose envelope has a key some parser could read as one the proxy reads
 *   (`"Params"`, `"method"` twice; `./envelope.ts`) is answered by the proxy
 *   and never forwarded, because a lenient server could read it differently;
 * - a `tools/call` is gated on the raw bytes of `params.arguments` against the
 *   tool's compiled `inputSchema`; a refused call is answered with the
 *   client's id as a `CallToolResult` with `isError: true` and the retry
 *   prompt, audited, and a later `notifications/cancelled` for it is dropped;
 *   a call that passes is forwarded written anew from its parsed envelope,
 *   with the gated arguments text inserted as it is;
 * - a call to a tool the server never listed is forwarded ungated (a name
 *   that differs from a listed one only by case, NFKC form, invisible
 *   characters or white space around it is refused);
 * - batches are gated element by element, and the rest is forwarded as the
 *   kept elements;
 * - everything else passes through unchanged, but for raw U+0085, U+2028 and
 *   U+2029, which are written as their `\u` escapes.
 *
 * Server → client:
 * - replies are matched to pending client requests by id (type and value);
 *   a reply to an id the proxy never forwarded is dropped and logged, as is
 *   anything that is not JSON-RPC (stdout carries protocol lines only);
 * - a reply the proxy cannot forward (over the cap, not UTF-8, holding a
 *   bare CR) answers its pending request with `-32603` naming the reason; a
 *   server request holding a bare CR is answered `-32700`;
 * - server requests waiting for the client are remembered up to
 *   {@linkcode MAX_SERVER_REQUESTS}; past it the oldest is answered `-32603`;
 * - `tools/list` results teach the registry and lose their hidden tools;
 * - server requests (sampling, elicitation, roots) are forwarded and their
 *   replies from the client matched the same way.
 *
 * @example
 * ```ts
 * import { ProxySession } from "./session.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const toClient: string[] = [], toServer: string[] = [];
 * const session = new ProxySession(
 *   { profile: "execution", policy: EMPTY_POLICY, pins: null, audit: null },
 *   { toClient: (l) => toClient.push(l), toServer: (l) => toServer.push(l), log: () => {} },
 * );
 * const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
 * await session.fromClient({ kind: "line", text: ping });
 * strictEqual(toServer[0], ping);
 * await session.fromServer({ kind: "line", text: '{"jsonrpc":"2.0","id":1,"result":{}}' });
 * strictEqual(toClient[0], '{"jsonrpc":"2.0","id":1,"result":{}}');
 * ```
 *
 * @module
 */

import { CLOSING_SENTENCE, parseJson, type ProfileName } from "../mod.ts";
import type { Frame } from "../wire/framing.ts";
import { MAX_LINE_BYTES } from "../wire/framing.ts";
import {
  classify,
  encodeResponse,
  failure,
  isObject,
  type RequestId,
  RPC,
  success,
} from "../wire/jsonrpc.ts";
import { RawInteger } from "../wire/request_id.ts";
import type { AuditLog } from "./audit.ts";
import {
  envelopeKeyProblem,
  escapeLineSeparators,
  foldedArgumentKey,
  idText,
  keyFold,
  lineEndProblem,
  toolCallText,
} from "./envelope.ts";
import { gateArguments, refusalResult } from "./gating.ts";
import type { PinStore } from "./pinning.ts";
import type { Policy } from "./policy.ts";
import {
  arrayElements,
  memberNamed,
  type MemberSpan,
  objectMembers,
  skipWhitespace,
} from "../wire/raw_json.ts";
import { ToolRegistry } from "./tool_registry.ts";

/**
 * How the proxy is configured.
 *
 * @example
 * ```ts
 * import type { ProxySettings } from "./session.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const settings: ProxySettings = { profile: "execution", policy: EMPTY_POLICY, pins: null, audit: null };
 * strictEqual(settings.profile, "execution");
 * ```
 */
export interface ProxySettings {
  /** The profile a tool call is gated under unless the policy names one. */
  readonly profile: ProfileName;
  /** The `--policy` file, parsed. */
  readonly policy: Policy;
  /** The pins (`--pin`), or `null`. */
  readonly pins: PinStore | null;
  /** The audit log (`--audit`), or `null`. */
  readonly audit: AuditLog | null;
  /** Writes the lock file's text (first use). */
  readonly savePins?: (text: string) => Promise<void>;
  /** The lock file's name, for messages. */
  readonly pinFile?: string;
  /** How long a call waits for the proxy's own `tools/list` (default 5,000 ms). */
  readonly listTimeoutMs?: number;
}

/**
 * Where the session's lines go.
 *
 * @example
 * ```ts
 * import type { ProxyPorts } from "./session.ts";
 * import { strictEqual } from "node:assert/strict";
 * const out: string[] = [];
 * const ports: ProxyPorts = { toClient: (l) => out.push(l), toServer: () => {}, log: () => {} };
 * ports.toClient("[]");
 * strictEqual(out[0], "[]");
 * ```
 */
export interface ProxyPorts {
  /** One line to the client (no LF). */
  readonly toClient: (line: string) => void;
  /** One line to the downstream server (no LF). */
  readonly toServer: (line: string) => void;
  /** One diagnostic line for stderr (no prefix, no LF). */
  readonly log: (message: string) => void;
}

/** A client request forwarded to the server and not yet answered. */
interface Pending {
  readonly id: RequestId;
  readonly method: string;
  readonly started: number;
  /** `tools/list`: whether the request had no cursor (a first page). */
  readonly firstPage?: boolean;
  /** `tools/call`: what to audit when the reply comes. */
  readonly call?: {
    readonly tool: string;
    readonly time: string;
    readonly raw: string;
    readonly repairs: number;
    readonly decision: "forwarded" | "unlisted";
  };
  /** The proxy's own `tools/list`: where the page goes. */
  readonly own?: (message: Record<string, unknown>) => void;
}

/** What happened to one element of a client or server line. */
type Disposition = { readonly keep: true; readonly text?: string } | { readonly keep: false };

const KEEP: Disposition = { keep: true };
const DROP: Disposition = { keep: false };
const REMEMBERED_REFUSALS = 4096;

/**
 * The most server-to-client requests (sampling, elicitation, roots) the proxy
 * remembers while the client has not answered them; past it the oldest is
 * answered to the server with `-32603` and forgotten.
 *
 * @example
 * ```ts
 * import { MAX_SERVER_REQUESTS } from "./session.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(MAX_SERVER_REQUESTS, 4096);
 * ```
 */
export const MAX_SERVER_REQUESTS = 4096;
/** The most `tools/list` pages the proxy follows in one listing of its own. */
const MAX_OWN_PAGES = 1000;
const PROTOCOL_VERSION_META = "io.modelcontextprotocol/protocolVersion";

/**
 * The key of a JSON-RPC id: its type and value, so `"3"` never answers `3`;
 * an integer beyond ±(2^53−1) is keyed by its literal, never by the rounded
 * number `JSON.parse` makes of it.
 *
 * @example
 * ```ts
 * import { idKey } from "./session.ts";
 * import { RawInteger } from "../wire/request_id.ts";
 * import { notStrictEqual, strictEqual } from "node:assert/strict";
 * notStrictEqual(idKey(3), idKey("3"));
 * strictEqual(idKey(3), idKey(new RawInteger("3")));
 * notStrictEqual(idKey(new RawInteger("9007199254740993")), idKey(9007199254740992));
 * ```
 */
export function idKey(id: RequestId): string {
  return typeof id === "string" ? `s:${id}` : `n:${id}`;
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isInteger(value));
}

/** The message's id as written when it is an integer `JSON.parse` rounds. */
function exactId(text: string, start: number, id: RequestId): RequestId {
  if (typeof id !== "number" || Number.isSafeInteger(id)) return id;
  const member = objectMembers(text, start)?.findLast((m) => m.key === "id");
  return member ? new RawInteger(text.slice(member.valueStart, member.valueEnd)) : id;
}

/**
 * One proxied session. See the module documentation.
 *
 * @example
 * ```ts
 * import { ProxySession } from "./session.ts";
 * import { EMPTY_POLICY } from "./policy.ts";
 * import { strictEqual } from "node:assert/strict";
 * const toClient: string[] = [];
 * const session = new ProxySession(
 *   { profile: "execution", policy: EMPTY_POLICY, pins: null, audit: null },
 *   { toClient: (l) => toClient.push(l), toServer: () => {}, log: () => {} },
 * );
 * await session.fromServer({ kind: "line", text: "garbage" });
 * strictEqual(toClient.length, 0); // never reaches the client
 * ```
 */
export class ProxySession {
  readonly #settings: ProxySettings;
  readonly #ports: ProxyPorts;
  readonly #registry: ToolRegistry;
  readonly #pending = new Map<string, Pending>();
  readonly #serverPending = new Map<string, RequestId>();
  readonly #refused = new Set<string>();
  #listing: Promise<string | null> | null = null;
  #ownIds = 0;

  /** A session with nothing learned yet. */
  constructor(settings: ProxySettings, ports: ProxyPorts) {
    this.#settings = settings;
    // Every line out, forwarded or the proxy's own (a retry prompt may quote
    // the model's text), has its raw line separators escaped.
    this.#ports = {
      toClient: (line) => ports.toClient(escapeLineSeparators(line)),
      toServer: (line) => ports.toServer(escapeLineSeparators(line)),
      log: ports.log,
    };
    this.#registry = new ToolRegistry({
      policy: settings.policy,
      pins: settings.pins,
      log: ports.log,
      savePins: settings.savePins,
      pinFile: settings.pinFile,
      profileFor: (name) => settings.policy.tools.get(name)?.profile ?? settings.profile,
    });
  }

  /** Client requests forwarded and not yet answered. */
  get pendingCount(): number {
    let count = 0;
    for (const pending of this.#pending.values()) if (!pending.own) count++;
    return count;
  }

  /** Handles one frame from the client. */
  async fromClient(frame: Frame): Promise<void> {
    if (frame.kind !== "line") {
      this.#ports.toClient(
        encodeResponse(failure(frame.id, RPC.PARSE_ERROR, frameProblem(frame))),
      );
      return;
    }
    const text = frame.text;
    let value: unknown;
    try {
      value = parseJson(text);
    } catch (error) {
      this.#ports.toClient(
        encodeResponse(
          failure(undefined, RPC.PARSE_ERROR, `parse error: ${(error as Error).message}`),
        ),
      );
      return;
    }
    const start = skipWhitespace(text, 0);
    const lineEnd = lineEndProblem(text);
    if (lineEnd !== null) {
      const id = isObject(value) && isRequestId(value.id)
        ? exactId(text, start, value.id)
        : undefined;
      this.#ports.toClient(encodeResponse(failure(id, RPC.PARSE_ERROR, `parse error: ${lineEnd}`)));
      return;
    }
    if (!Array.isArray(value)) {
      const replies: string[] = [];
      const disposition = await this.#clientMessage(text, start, value, replies);
      for (const reply of replies) this.#ports.toClient(reply);
      if (disposition.keep) this.#ports.toServer(disposition.text ?? text);
      return;
    }
    const spans = arrayElements(text, start);
    if (spans === null || spans.length !== value.length || value.length === 0) {
      this.#ports.toClient(
        encodeResponse(failure(undefined, RPC.INVALID_REQUEST, "invalid batch")),
      );
      return;
    }
    const replies: string[] = [];
    const kept: string[] = [];
    let changed = false;
    for (let i = 0; i < value.length; i++) {
      const span = spans[i];
      const disposition = await this.#clientMessage(text, span.valueStart, value[i], replies);
      if (disposition.keep) {
        kept.push(disposition.text ?? text.slice(span.valueStart, span.valueEnd));
      }
      if (!disposition.keep || disposition.text !== undefined) changed = true;
    }
    if (replies.length > 0) this.#ports.toClient(`[${replies.join(",")}]`);
    if (!changed) this.#ports.toServer(text);
    else if (kept.length > 0) this.#ports.toServer(`[${kept.join(",")}]`);
  }

  /** Handles one frame from the downstream server. */
  async fromServer(frame: Frame): Promise<void> {
    if (frame.kind !== "line") {
      const problem = frame.kind === "too_long"
        ? `it is over the line limit (${MAX_LINE_BYTES} bytes of UTF-8)`
        : "it is not valid UTF-8";
      await this.#refuseServerLine(problem, frame.id, false);
      return;
    }
    const text = frame.text;
    let value: unknown;
    try {
      value = parseJson(text);
    } catch {
      this.#ports.log(`dropped a line from the server that is not JSON: ${preview(text)}`);
      return;
    }
    const start = skipWhitespace(text, 0);
    const lineEnd = lineEndProblem(text);
    if (lineEnd !== null) {
      const id = isObject(value) && isRequestId(value.id)
        ? exactId(text, start, value.id)
        : undefined;
      const request = isObject(value) && typeof value.method === "string";
      await this.#refuseServerLine(`it holds ${lineEnd}`, id, request);
      return;
    }
    if (!Array.isArray(value)) {
      const disposition = await this.#serverMessage(value, text, start);
      if (disposition.keep) this.#ports.toClient(disposition.text ?? text);
      return;
    }
    const spans = arrayElements(text, start);
    if (spans === null || spans.length !== value.length) {
      this.#ports.log(`dropped a malformed batch from the server: ${preview(text)}`);
      return;
    }
    const kept: string[] = [];
    let changed = false;
    for (let i = 0; i < value.length; i++) {
      const disposition = await this.#serverMessage(value[i], text, spans[i].valueStart);
      const raw = text.slice(spans[i].valueStart, spans[i].valueEnd);
      if (disposition.keep) kept.push(disposition.text ?? raw);
      if (!disposition.keep || disposition.text !== undefined) changed = true;
    }
    if (!changed) this.#ports.toClient(text);
    else if (kept.length > 0) this.#ports.toClient(`[${kept.join(",")}]`);
  }

  /**
   * The table of server requests the client has not answered is full: the
   * oldest is answered to the server with `-32603` and forgotten (a late
   * client reply to it is then dropped), with a stderr line.
   */
  #expireOldestServerRequest(): void {
    const [key, id] = this.#serverPending.entries().next().value!;
    this.#serverPending.delete(key);
    this.#ports.log(
      `answered server request ${idText(id)} with -32603: more than ${MAX_SERVER_REQUESTS} ` +
        "server requests are waiting for the client, and it is the oldest",
    );
    this.#ports.toServer(encodeResponse(failure(
      id,
      RPC.INTERNAL_ERROR,
      `internal error: the client did not answer this request before ${MAX_SERVER_REQUESTS} ` +
        "newer ones were waiting; the InterJSON proxy stopped waiting for it",
    )));
  }

  /**
   * A server line the proxy does not forward. A reply to a pending client
   * request (its id was found) answers that request with `-32603` naming the
   * reason, so the client never waits for it; a server request is answered
   * `-32700`; anything else is dropped with a stderr line.
   */
  async #refuseServerLine(
    problem: string,
    id: RequestId | undefined,
    request: boolean,
  ): Promise<void> {
    if (id !== undefined && request) {
      this.#ports.log(`answered a server request with -32700: ${problem}`);
      this.#ports.toServer(encodeResponse(failure(id, RPC.PARSE_ERROR, `parse error: ${problem}`)));
      return;
    }
    const key = id === undefined ? undefined : idKey(id);
    const pending = key === undefined ? undefined : this.#pending.get(key);
    if (pending === undefined || key === undefined) {
      this.#ports.log(`dropped a line from the server: ${problem}`);
      return;
    }
    this.#pending.delete(key);
    this.#ports.log(
      `answered request ${
        idText(pending.id)
      } with -32603: the server's reply was not forwarded: ${problem}`,
    );
    if (pending.own) {
      pending.own({ error: { code: RPC.INTERNAL_ERROR, message: problem } });
      return;
    }
    this.#ports.toClient(encodeResponse(failure(
      pending.id,
      RPC.INTERNAL_ERROR,
      `internal error: the downstream MCP server's reply was not forwarded: ${problem}`,
    )));
    if (pending.call) await this.#auditForwarded(pending, "rpc_error");
  }

  /**
   * The downstream exited: every pending client request gets `-32603` naming
   * the exit, and is audited as `downstream_exited`.
   */
  async downstreamExited(how: string): Promise<void> {
    const pendings = [...this.#pending.values()];
    this.#pending.clear();
    for (const pending of pendings) {
      if (pending.own) {
        pending.own({ error: { code: RPC.INTERNAL_ERROR, message: `the server ${how}` } });
        continue;
      }
      this.#ports.toClient(encodeResponse(failure(
        pending.id,
        RPC.INTERNAL_ERROR,
        `internal error: the downstream MCP server ${how} before answering this request`,
      )));
      if (pending.call) await this.#auditForwarded(pending, "downstream_exited");
    }
  }

  async #clientMessage(
    text: string,
    start: number,
    value: unknown,
    replies: string[],
  ): Promise<Disposition> {
    const parsed = classify(value);
    const id = isObject(value) && isRequestId(value.id) ? exactId(text, start, value.id) : null;
    if (parsed.kind === "invalid") {
      const replyId = parsed.id === undefined ? undefined : exactId(text, start, parsed.id);
      replies.push(encodeResponse(failure(replyId, RPC.INVALID_REQUEST, parsed.message)));
      return DROP;
    }
    const inbound = parsed.kind === "request" ? { ...parsed, id: id! } : parsed;
    const members = objectMembers(text, start);
    const clash = members === null
      ? "the envelope cannot be located"
      : envelopeKeyProblem(members.map((member) => member.key)) ??
        (inbound.kind !== "response" && inbound.method !== "tools/call" &&
            keyFold(inbound.method.trim()) === "tools/call"
          ? `the method ${JSON.stringify(inbound.method)} could be read as "tools/call"`
          : null);
    if (clash !== null) {
      const message = `invalid request: ${clash}; the proxy does not forward a message ` +
        "another parser could read differently";
      if (inbound.kind === "response") this.#ports.log(`dropped a client reply: ${message}`);
      else replies.push(encodeResponse(failure(id ?? undefined, RPC.INVALID_REQUEST, message)));
      return DROP;
    }
    const message = value as Record<string, unknown>;
    if (inbound.kind === "response") {
      const key = idKey(id!);
      if (!this.#serverPending.delete(key)) {
        this.#ports.log(
          `dropped a client reply to id ${
            JSON.stringify(message.id)
          }, which the server never asked`,
        );
        return DROP;
      }
      return KEEP;
    }
    if (inbound.kind === "notification") {
      if (inbound.method === "notifications/cancelled") {
        const requestId = isObject(inbound.params) ? inbound.params.requestId : undefined;
        if (isRequestId(requestId) && this.#refused.has(idKey(requestId))) return DROP;
        return KEEP;
      }
      if (inbound.method === "tools/call") {
        return await this.#toolCall(text, members!, message, null, replies);
      }
      return KEEP;
    }
    const key = idKey(inbound.id);
    if (this.#pending.has(key)) {
      replies.push(encodeResponse(failure(
        inbound.id,
        RPC.INVALID_REQUEST,
        "invalid request: this id is already in use by a pending request",
      )));
      return DROP;
    }
    if (inbound.method === "tools/call") {
      return await this.#toolCall(text, members!, message, inbound.id, replies);
    }
    const firstPage = inbound.method === "tools/list"
      ? !(isObject(inbound.params) && inbound.params.cursor !== undefined)
      : undefined;
    this.#pending.set(key, {
      id: inbound.id,
      method: inbound.method,
      started: performance.now(),
      firstPage,
    });
    return KEEP;
  }

  async #toolCall(
    text: string,
    members: MemberSpan[],
    message: Record<string, unknown>,
    id: RequestId | null,
    replies: string[],
  ): Promise<Disposition> {
    const params = message.params;
    const paramsSpan = memberNamed(members, "params");
    const paramMembers = paramsSpan && isObject(params)
      ? objectMembers(text, paramsSpan.valueStart)
      : null;
    const clash = paramMembers === null
      ? null
      : envelopeKeyProblem(paramMembers.map((member) => member.key));
    if (!isObject(params) || paramMembers === null || typeof params.name !== "string" || clash) {
      const problem = clash ? `in params, ${clash}` : "tools/call needs params with a string name";
      if (id !== null) {
        replies.push(encodeResponse(failure(id, RPC.INVALID_PARAMS, `invalid params: ${problem}`)));
      } else this.#ports.log(`dropped a tools/call notification: ${problem}`);
      return DROP;
    }
    const tool = params.name;
    const argsSpan = memberNamed(paramMembers, "arguments");
    const raw = argsSpan ? text.slice(argsSpan.valueStart, argsSpan.valueEnd) : "{}";
    const time = this.#settings.audit === null ? "" : new Date().toISOString();
    const forwarded = (): Disposition => ({
      keep: true,
      text: toolCallText(id, paramMembers.map((member) => member.key), params, raw),
    });
    const modern = isObject(params._meta) && params._meta[PROTOCOL_VERSION_META] !== undefined;
    const refuse = async (reason: string, why: string, code: string | null, repairs: number) => {
      if (id !== null) {
        replies.push(encodeResponse(success(id, refusalResult(why, modern))));
        this.#rememberRefusal(id);
      }
      if (reason !== "gate") this.#ports.log(`refused a call to "${tool}": ${why.split("\n")[0]}`);
      await this.#settings.audit?.record({
        time,
        tool,
        id: auditId(id),
        decision: "refused",
        reason,
        code,
        repairs,
        duration_ms: null,
        outcome: "refused",
      }, raw);
      return DROP;
    };
    if (!this.#registry.current) {
      const problem = await this.#listTools(params._meta);
      if (problem !== null) {
        return refuse(
          "no_tool_list",
          `The InterJSON proxy refused this call to \`${tool}\`: it could not learn the server's ` +
            `tools to check the arguments (${problem}). Try again later.`,
          null,
          0,
        );
      }
    }
    const entry = this.#registry.get(tool);
    if (entry === undefined) {
      const variant = this.#registry.caseVariant(tool);
      if (variant !== undefined) {
        return refuse(
          "unlisted_variant",
          `The InterJSON proxy refused this call: there is no tool \`${tool}\`; did you mean ` +
            `\`${variant}\`? Call it by its exact name.`,
          null,
          0,
        );
      }
      this.#forwardCall(id, tool, time, raw, 0, "unlisted");
      return forwarded();
    }
    if (entry.hidden !== null) {
      return refuse(
        "hidden",
        `The InterJSON proxy refused this call: the tool \`${tool}\` is withheld because ` +
          `${entry.hidden}. Do not retry it; tell the user.`,
        null,
        0,
      );
    }
    const { policy } = this.#settings;
    const hazardsOnly = !entry.compiled.ok && policy.allowUncompilable.has(tool);
    if (!entry.compiled.ok && !hazardsOnly) {
      return refuse(
        "uncompilable",
        `The InterJSON proxy refused this call: the input schema of \`${tool}\` cannot be ` +
          `checked (${entry.compiled.problem}), so no call to it is executed. Do not retry it; ` +
          "tell the user.",
        "E070",
        0,
      );
    }
    const toolPolicy = policy.tools.get(tool);
    const profile = toolPolicy?.profile ?? this.#settings.profile;
    const result = gateArguments(
      raw,
      hazardsOnly ? null : entry.compiled,
      profile,
      toolPolicy?.schema,
    );
    if (!result.executable) {
      return refuse(
        "gate",
        result.retry?.prompt ?? "InterJSON refused the arguments.",
        result.error?.code ?? null,
        result.repairs.length,
      );
    }
    // With the schema the gate has already refused every twin of a declared key (case, NFKC,
    // ignorables, look-alikes); a tool gated for hazards only still gets the fold check.
    const folded = hazardsOnly && entry.declaredFolds &&
      foldedArgumentKey(raw, entry.declaredFolds);
    if (folded) {
      return refuse(
        "gate",
        `InterJSON refused the arguments: E011 AmbiguityRefused: the key ${
          JSON.stringify(folded[0])
        } is not declared, but a case-insensitive reader takes it for the declared ` +
          `${JSON.stringify(folded[1])}; write it as ${JSON.stringify(folded[1])}. ` +
          CLOSING_SENTENCE,
        "E011",
        result.repairs.length,
      );
    }
    this.#forwardCall(id, tool, time, raw, result.repairs.length, "forwarded");
    return forwarded();
  }

  #forwardCall(
    id: RequestId | null,
    tool: string,
    time: string,
    raw: string,
    repairs: number,
    decision: "forwarded" | "unlisted",
  ): void {
    const call = { tool, time, raw, repairs, decision };
    if (id === null) {
      this.#settings.audit?.record({
        time,
        tool,
        id,
        decision,
        reason: null,
        code: null,
        repairs,
        duration_ms: null,
        outcome: "notification",
      }, raw);
      return;
    }
    this.#pending.set(idKey(id), { id, method: "tools/call", started: performance.now(), call });
  }

  #rememberRefusal(id: RequestId): void {
    this.#refused.add(idKey(id));
    if (this.#refused.size > REMEMBERED_REFUSALS) {
      this.#refused.delete(this.#refused.values().next().value!);
    }
  }

  async #auditForwarded(pending: Pending, outcome: string): Promise<void> {
    const call = pending.call!;
    await this.#settings.audit?.record({
      time: call.time,
      tool: call.tool,
      id: auditId(pending.id),
      decision: call.decision,
      reason: null,
      code: null,
      repairs: call.repairs,
      duration_ms: Math.round((performance.now() - pending.started) * 1000) / 1000,
      outcome,
    }, call.raw);
  }

  /** Lists every page of the server's tools itself; resolves to a problem or `null`. */
  #listTools(meta: unknown): Promise<string | null> {
    if (this.#listing === null) {
      this.#listing = this.#runListing(meta).finally(() => {
        this.#listing = null;
      });
    }
    return this.#listing;
  }

  async #runListing(meta: unknown): Promise<string | null> {
    const listMeta: Record<string, unknown> = {};
    if (isObject(meta)) {
      for (const [key, value] of Object.entries(meta)) {
        if (key.startsWith("io.modelcontextprotocol/")) listMeta[key] = value;
      }
    }
    let cursor: unknown = undefined;
    const timeout = this.#settings.listTimeoutMs ?? 5000;
    for (let page = 0;; page++) {
      if (page === MAX_OWN_PAGES) return `tools/list returned more than ${MAX_OWN_PAGES} pages`;
      const id = `interjson-proxy-${++this.#ownIds}`;
      const params: Record<string, unknown> = {};
      if (cursor !== undefined) params.cursor = cursor;
      if (Object.keys(listMeta).length > 0) params._meta = listMeta;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const reply = await new Promise<Record<string, unknown>>((resolve) => {
        this.#pending.set(idKey(id), {
          id,
          method: "tools/list",
          started: performance.now(),
          own: resolve,
        });
        timer = setTimeout(() => {
          this.#pending.delete(idKey(id));
          resolve({ error: { message: `no tools/list reply within ${timeout} ms` } });
        }, timeout);
        this.#ports.toServer(JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list", params }));
      });
      clearTimeout(timer);
      const result = reply.result;
      if (!isObject(result) || !Array.isArray(result.tools)) {
        const error = isObject(reply.error) ? reply.error.message : "no tools in the reply";
        return `tools/list failed: ${String(error)}`;
      }
      const next = result.nextCursor;
      await this.#registry.learnPage(result.tools, cursor === undefined, next === undefined);
      if (next === undefined) return null;
      cursor = next;
    }
  }

  async #serverMessage(value: unknown, text: string, start: number): Promise<Disposition> {
    const inbound = classify(value);
    if (inbound.kind === "invalid") {
      this.#ports.log(`dropped a message from the server: ${inbound.message}`);
      return DROP;
    }
    const message = value as Record<string, unknown>;
    if (inbound.kind === "request") {
      const id = exactId(text, start, inbound.id);
      this.#serverPending.delete(idKey(id));
      this.#serverPending.set(idKey(id), id);
      if (this.#serverPending.size > MAX_SERVER_REQUESTS) this.#expireOldestServerRequest();
      return KEEP;
    }
    if (inbound.kind === "notification") {
      if (inbound.method === "notifications/tools/list_changed") this.#registry.listChanged();
      return KEEP;
    }
    const key = idKey(exactId(text, start, message.id as RequestId));
    const pending = this.#pending.get(key);
    if (pending === undefined) {
      this.#ports.log(
        `dropped a server reply to id ${
          JSON.stringify(message.id)
        }, which the proxy never forwarded`,
      );
      return DROP;
    }
    this.#pending.delete(key);
    if (pending.own) {
      pending.own(message);
      return DROP;
    }
    if (pending.call) {
      const result = message.result;
      const outcome = isObject(result)
        ? (result.isError === true ? "tool_error" : "result")
        : "rpc_error";
      await this.#auditForwarded(pending, outcome);
      return KEEP;
    }
    if (
      pending.method === "tools/list" && isObject(message.result) &&
      Array.isArray(message.result.tools)
    ) {
      const result = message.result;
      const tools = result.tools as unknown[];
      const hidden = await this.#registry.learnPage(
        tools,
        pending.firstPage === true,
        result.nextCursor === undefined,
      );
      if (hidden.size === 0) return KEEP;
      const shown = tools.filter((tool) => !(isObject(tool) && hidden.has(tool.name as string)));
      return {
        keep: true,
        text: JSON.stringify({ ...message, result: { ...result, tools: shown } }),
      };
    }
    return KEEP;
  }
}

function auditId(id: RequestId | null): string | number | null {
  return id instanceof RawInteger ? id.text : id;
}

function frameProblem(frame: Frame): string {
  return frame.kind === "too_long"
    ? `parse error: message exceeds MAX_LINE (${MAX_LINE_BYTES} bytes of UTF-8); the line was discarded through the next LF`
    : "parse error: the line is not valid UTF-8";
}

function preview(text: string): string {
  return JSON.stringify(text.length > 80 ? text.slice(0, 80) + "…" : text);
}
