/**
 * Reading `[HOST:]PORT` for the HTTP surfaces (`interjson mcp --http`,
 * `interjson serve --http`): the host to bind, the port, and whether the
 * address is reachable from other machines.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { parseListenAddress } from "./listen_address.ts";
 * deepStrictEqual(parseListenAddress("8080"), { hostname: "127.0.0.1", port: 8080, remote: false });
 * deepStrictEqual(parseListenAddress("[::1]:0"), { hostname: "::1", port: 0, remote: false });
 * ```
 *
 * @module
 */

import { isLoopback } from "./http.ts";

/** Where to listen, and whether that address is reachable from other machines. */
export interface ListenAddress {
  /** The host to bind (IPv6 without brackets). */
  readonly hostname: string;
  /** The port; 0 picks a free one. */
  readonly port: number;
  /** True when the host is not a loopback address. */
  readonly remote: boolean;
}

/**
 * Reads `PORT`, `HOST:PORT` or `[IPV6]:PORT`; a string is the complaint.
 *
 * @example
 * ```ts
 * import { deepStrictEqual, strictEqual } from "node:assert/strict";
 * import { parseListenAddress } from "./listen_address.ts";
 * deepStrictEqual(parseListenAddress("0.0.0.0:3000"), { hostname: "0.0.0.0", port: 3000, remote: true });
 * strictEqual(typeof parseListenAddress("70000"), "string");
 * ```
 */
export function parseListenAddress(text: string): ListenAddress | string {
  let hostname = "127.0.0.1";
  let portText = text;
  const colon = text.lastIndexOf(":");
  if (colon !== -1) {
    hostname = text.slice(0, colon);
    portText = text.slice(colon + 1);
    if (hostname.startsWith("[") && hostname.endsWith("]")) hostname = hostname.slice(1, -1);
    if (hostname === "") return `--http ${text}: the host before ':' is empty`;
  }
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    return `--http ${text}: the port must be a number from 0 to 65535 (0 picks a free port)`;
  }
  return { hostname, port: Number(portText), remote: !isLoopback(hostname) };
}

/**
 * Reads `--max-connections N`: a whole number from 1 to 65535; a string is
 * the complaint.
 *
 * @example
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { parseMaxConnections } from "./listen_address.ts";
 * strictEqual(parseMaxConnections("64"), 64);
 * strictEqual(typeof parseMaxConnections("0"), "string");
 * ```
 */
export function parseMaxConnections(text: string): number | string {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65535) {
    return `--max-connections ${text}: a whole number from 1 to 65535`;
  }
  return Number(text);
}
