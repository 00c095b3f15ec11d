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

/** RFC 3492 Punycode: the code points of an A-label's tail, or null when it does not decode. */
function punycode(input: string): number[] | null {
  const base = 36, tmin = 1, tmax = 26, skew = 38, damp = 700;
  const delimiter = input.lastIndexOf("-");
  const output: number[] = [];
  for (let j = 0; j < Math.max(delimiter, 0); j++) output.push(input.charCodeAt(j));
  let n = 128, i = 0, bias = 72;
  for (let at = delimiter > 0 ? delimiter + 1 : 0; at < input.length;) {
    const oldi = i;
    let w = 1;
    for (let k = base;; k += base) {
      if (at >= input.length) return null;
      const c = input.charCodeAt(at++);
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : base;
      if (digit >= base) return null;
      i += digit * w;
      const t = k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias;
      if (digit < t) break;
      w *= base - t;
      if (i > 0x10ffff * 64) return null;
    }
    // Bias adaptation (RFC 3492 section 6.1).
    let delta = oldi === 0 ? Math.floor((i - oldi) / damp) : (i - oldi) >> 1;
    delta += Math.floor(delta / (output.length + 1));
    let k = 0;
    for (; delta > ((base - tmin) * tmax) >> 1; k += base) {
      delta = Math.floor(delta / (base - tmin));
    }
    bias = k + Math.floor(((base - tmin + 1) * delta) / (delta + skew));
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return output;
}

/** Code points IDNA2008 (RFC 5892) disallows among those a label could otherwise hold. */
const IDNA_DISALLOWED = new Set([
  0x0640,
  0x07fa,
  0x302e,
  0x302f,
  0x3031,
  0x3032,
  0x3033,
  0x3034,
  0x3035,
  0x303b,
]);
/** Viramas (canonical combining class 9), which ECMA-262 has no property escape for. */
const VIRAMAS = new Set([
  0x094d,
  0x09cd,
  0x0a4d,
  0x0acd,
  0x0b4d,
  0x0bcd,
  0x0c4d,
  0x0ccd,
  0x0d3b,
  0x0d3c,
  0x0d4d,
  0x0dca,
  0x0e3a,
  0x0eba,
  0x0f84,
  0x1039,
  0x103a,
  0x1714,
  0x1715,
  0x1734,
  0x17d2,
  0x1a60,
  0x1b44,
  0x1baa,
  0x1bab,
  0x1bf2,
  0x1bf3,
  0x2d7f,
  0xa806,
  0xa82c,
  0xa8c4,
  0xa953,
  0xa9c0,
  0xaaf6,
  0xabed,
  0x10a3f,
  0x11046,
  0x11070,
  0x1107f,
  0x110b9,
  0x11133,
  0x11134,
  0x111c0,
  0x11235,
  0x112ea,
  0x1134d,
  0x11442,
  0x114c2,
  0x115bf,
  0x1163f,
  0x116b6,
  0x1172b,
  0x11839,
  0x1193d,
  0x1193e,
  0x119e0,
  0x11a34,
  0x11a47,
  0x11a99,
  0x11c3f,
  0x11d44,
  0x11d45,
  0x11d97,
]);
const MARK = /^\p{M}/u;
const GREEK = /\p{Script=Greek}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const KANA_HAN = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** RFC 5891/5892 checks on a decoded U-label: leading marks, disallowed code points, CONTEXTJ/CONTEXTO rules. */
function isULabel(cps: number[]): boolean {
  const text = String.fromCodePoint(...cps);
  if (MARK.test(text)) return false;
  if (cps[2] === 0x2d && cps[3] === 0x2d) return false;
  let arabicIndic = false, extendedIndic = false;
  for (let k = 0; k < cps.length; k++) {
    const c = cps[k];
    const before = k > 0 ? String.fromCodePoint(cps[k - 1]) : "";
    const after = k + 1 < cps.length ? String.fromCodePoint(cps[k + 1]) : "";
    if (IDNA_DISALLOWED.has(c)) return false;
    if (c === 0x00b7 && !(cps[k - 1] === 0x6c && cps[k + 1] === 0x6c)) return false;
    if (c === 0x0375 && !GREEK.test(after)) return false;
    if ((c === 0x05f3 || c === 0x05f4) && !HEBREW.test(before)) return false;
    if (c === 0x30fb && !KANA_HAN.test(text.replaceAll("\u30fb", ""))) return false;
    if (c === 0x200d && !VIRAMAS.has(cps[k - 1])) return false;
    if (c >= 0x0660 && c <= 0x0669) arabicIndic = true;
    if (c >= 0x06f0 && c <= 0x06f9) extendedIndic = true;
  }
  return !(arabicIndic && extendedIndic);
}

/**
 * RFC 1123 host names: dot-separated labels of letters, digits and inner
 * hyphens, 1–63 characters, 253 in all, no trailing dot; `--` in the third
 * and fourth positions only in an A-label (`xn--`), whose Punycode must
 * decode to a U-label that passes the IDNA2008 checks above.
 */
function isHostname(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  return s.split(".").every((label) => {
    if (!HOST_LABEL.test(label)) return false;
    if (!/^xn--/i.test(label)) return label.slice(2, 4) !== "--";
    const cps = punycode(label.slice(4));
    return cps !== null && isULabel(cps);
  });
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
  const beforeQuery = s.split(/[?#]/)[0];
  // Brackets delimit an IP literal in the authority only: never in a query or a fragment.
  if (/[[\]]/.test(s.slice(beforeQuery.length))) return false;
  const hash = s.indexOf("#");
  if (hash >= 0 && s.indexOf("#", hash + 1) >= 0) return false; // one fragment
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
    if (end >= 0 && /[[\]]/.test(rest.slice(end))) return false; // nor in the path
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
