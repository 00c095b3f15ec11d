/**
 * The formats `format` asserts when format assertion is on: `date-time`,
 * `date`, `time`, `duration`, `email`, `hostname`, `ipv4`, `ipv6`, `uri`,
 * `uri-reference`, `uuid` and `regex`, as RFC 3339, RFC 5321/1123, RFC 2673,
 * RFC 4291, RFC 3986, RFC 4122 and ECMA-262 define them. Every expression
 * here is fixed, anchored and free of nested quantifiers, so checking is
 * linear in the string. Other format names stay annotations.
 *
 * @example
 * ```ts
 * import { FORMATS } from "./format.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(FORMATS.date("2024-02-29"), true);
 * strictEqual(FORMATS.date("2023-02-29"), false);
 * ```
 *
 * @module
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|([+-])(\d{2}):(\d{2}))$/i;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (m === null) return false;
  const year = Number(m[1]), month = Number(m[2]), day = Number(m[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 &&
    day <= (month === 2 && leap ? 29 : DAYS[month]);
}

function isTime(s: string): boolean {
  const m = TIME.exec(s);
  if (m === null) return false;
  const hour = Number(m[1]), minute = Number(m[2]), second = Number(m[3]);
  const sign = m[6] === "-" ? -1 : 1;
  const offH = m[7] === undefined ? 0 : Number(m[7]);
  const offM = m[8] === undefined ? 0 : Number(m[8]);
  if (offH > 23 || offM > 59 || hour > 23 || minute > 59 || second > 60) return false;
  if (second === 60) {
    // A leap second is 23:59:60 in UTC.
    let utc = hour * 60 + minute - sign * (offH * 60 + offM);
    utc = ((utc % 1440) + 1440) % 1440;
    return utc === 23 * 60 + 59;
  }
  return true;
}

function isDateTime(s: string): boolean {
  const t = s.search(/[tT]/);
  return t === 10 && isDate(s.slice(0, 10)) && isTime(s.slice(11));
}

// RFC 3339 appendix A: units in order, none skipped inside the date or the time part.
const DUR_TIME = String.raw`T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)`;
const DUR_DATE = String.raw`(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)`;
const DURATION = new RegExp(`^P(?:${DUR_DATE}(?:${DUR_TIME})?|${DUR_TIME}|\\d+W)$`);

const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * RFC 1123 host names: dot-separated labels of letters, digits and inner
 * hyphens, 1–63 characters, 253 in all, no trailing dot; `--` in the third
 * and fourth positions only in an A-label (`xn--`). A-labels are checked for
 * syntax only, not decoded against IDNA2008.
 */
function isHostname(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  return s.split(".").every((label) =>
    HOST_LABEL.test(label) && (label.slice(2, 4) !== "--" || /^xn--/i.test(label))
  );
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(s: string): boolean {
  let rest = s;
  let groups = 8;
  const lastColon = rest.lastIndexOf(":");
  if (lastColon >= 0 && rest.indexOf(".", lastColon) > 0) {
    if (!IPV4.test(rest.slice(lastColon + 1))) return false;
    rest = rest.slice(0, lastColon + 1) + "0:0";
  }
  const double = rest.indexOf("::");
  if (double !== rest.lastIndexOf("::")) return false;
  const parts = double >= 0 ? [rest.slice(0, double), rest.slice(double + 2)] : [rest];
  let count = 0;
  for (const part of parts) {
    if (part === "") continue;
    for (const g of part.split(":")) {
      if (!/^[0-9A-Fa-f]{1,4}$/.test(g)) return false;
      count++;
    }
  }
  if (double >= 0) return count < groups;
  groups = 8;
  return count === groups;
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

function isEmail(s: string): boolean {
  const at = s.lastIndexOf("@");
  if (at <= 0) return false;
  const local = s.slice(0, at), domain = s.slice(at + 1);
  const quoted = /^"([^"\\]|\\.)*"$/.test(local);
  if (!quoted && !EMAIL_LOCAL.test(local)) return false;
  if (domain.startsWith("[") && domain.endsWith("]")) {
    const ip = domain.slice(1, -1);
    return ip.startsWith("IPv6:") ? isIpv6(ip.slice(5)) : IPV4.test(ip);
  }
  return isHostname(domain);
}

// RFC 3986, as one anchored expression per form (no nested unbounded quantifier over the same characters).
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const URI_CHARS = /^([A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;

function isUriReference(s: string): boolean {
  if (!URI_CHARS.test(s)) return false;
  const hash = s.indexOf("#");
  if (hash >= 0 && /[#[\]]/.test(s.slice(hash + 1))) return false;
  const beforeQuery = s.split(/[?#]/)[0];
  let rest = beforeQuery;
  const scheme = SCHEME.exec(rest);
  if (scheme !== null) rest = rest.slice(scheme[0].length);
  else if (/^[^/]*:/.test(rest)) return false; // a colon in the first segment needs a scheme
  if (rest.startsWith("//")) {
    const end = rest.indexOf("/", 2);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    if (authority.indexOf("@") !== authority.lastIndexOf("@")) return false;
    const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
    if (hostPort.startsWith("[")) {
      const close = hostPort.indexOf("]");
      if (close < 0 || !isIpv6(hostPort.slice(1, close))) return false;
      if (!/^(:\d*)?$/.test(hostPort.slice(close + 1))) return false;
    } else if (!/^[A-Za-z0-9\-._~!$&'()*+,;=%]*(:\d*)?$/.test(hostPort)) return false;
    if (authority.slice(0, Math.max(authority.lastIndexOf("@"), 0)).includes("[")) return false;
  } else if (/[[\]]/.test(rest)) return false;
  return true;
}

function isUri(s: string): boolean {
  return SCHEME.test(s) && isUriReference(s);
}

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

function isRegex(s: string): boolean {
  try {
    new RegExp(s, "u");
    return true;
  } catch {
    return false;
  }
}

/**
 * Each asserted format and its test.
 *
 * @example
 * ```ts
 * import { FORMATS } from "./format.ts";
 * import { strictEqual } from "node:assert/strict";
 * strictEqual(FORMATS.ipv4("192.168.0.1"), true);
 * strictEqual(FORMATS.uuid("not-a-uuid"), false);
 * ```
 */
export const FORMATS: Readonly<Record<string, (s: string) => boolean>> = {
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  duration: (s) => DURATION.test(s),
  email: isEmail,
  hostname: isHostname,
  ipv4: (s) => IPV4.test(s),
  ipv6: isIpv6,
  uri: isUri,
  "uri-reference": isUriReference,
  uuid: (s) => UUID.test(s),
  regex: isRegex,
};
