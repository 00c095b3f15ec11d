/**
 * `engine/declarations/format.ts` as a table: each asserted format with the
 * strings at its edges, valid and not (leap years and leap seconds, offsets,
 * duration units in order, host labels and punycode, IPv4 octets, IPv6 with
 * `::` and an embedded IPv4, e-mail local parts and literals, URI authority,
 * UUID, ECMA-262 patterns). Fast and deterministic, for
 * `deno task mutate engine/declarations/format.ts`; the JSON-Schema-Test-Suite's
 * format files run in `tests/jsonschema_test.ts`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { FORMATS } from "../engine/declarations/format.ts";

interface FormatCase {
  format: string;
  valid: string[];
  invalid: string[];
}

const CASES: readonly FormatCase[] = [
  {
    format: "date",
    valid: ["2024-02-29", "2000-02-29", "2024-01-31", "2024-12-31", "2023-04-30", "0001-01-01"],
    invalid: [
      "2023-02-29",
      "1900-02-29",
      "2024-13-01",
      "2024-00-10",
      "2024-01-00",
      "2024-04-31",
      "2024-01-32",
      "24-01-01",
      "2024-1-01",
      "x2024-01-01",
      "2024-01-01x",
    ],
  },
  {
    format: "time",
    valid: [
      "23:59:59Z",
      "00:00:00z",
      "23:59:60Z",
      "00:59:60+01:00",
      "22:59:60-01:00",
      "12:00:00.123Z",
      "12:00:00+23:59",
      "12:00:00-00:00",
    ],
    invalid: [
      "22:59:60Z",
      "23:59:60+01:00",
      "24:00:00Z",
      "23:60:00Z",
      "23:59:61Z",
      "12:00:00+24:00",
      "12:00:00+23:60",
      "12:00:00",
      "12:00:00.Z",
      "1:00:00Z",
    ],
  },
  {
    format: "date-time",
    valid: ["2024-02-29T23:59:59Z", "2024-02-29t00:00:00+05:30"],
    invalid: [
      "2024-02-29 23:59:59Z",
      "2023-02-29T00:00:00Z",
      "2024-02-29T24:00:00Z",
      "2024-2-29T00:00:00Z",
      "2024-02-29T",
    ],
  },
  {
    format: "duration",
    valid: ["P1D", "PT1H", "P1W", "P1Y2M3DT4H5M6S", "P1M", "PT1M1S", "PT1S", "P1Y", "P1DT1H"],
    invalid: ["P", "PT", "P1H", "P1DT", "P1Y1D", "PT1H1S", "P2W1D", "1D", "P1D ", "P1S"],
  },
  {
    format: "hostname",
    valid: [
      "example.com",
      "a",
      "a-b.c0",
      "axn--b",
      "A".repeat(63),
      "xn--nxasmq6b",
      "xn--bcher-kva.example",
      `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`,
    ],
    invalid: [
      "",
      "-a",
      "a-",
      "a".repeat(64),
      "a..b",
      "a_b",
      "ab--c",
      "xn--X",
      "xn---",
      `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}`,
    ],
  },
  {
    format: "ipv4",
    valid: ["0.0.0.0", "255.255.255.255", "192.168.0.1", "249.1.10.99", "1.249.1.1"],
    invalid: ["256.0.0.0", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.04", "1.2.3.a", "260.1.1.1"],
  },
  {
    format: "ipv6",
    valid: [
      "::",
      "::1",
      "1::",
      "1:2:3:4:5:6:7:8",
      "1:2:3:4:5:6:7::",
      "::ffff:192.168.0.1",
      "1:2:3:4:5:6:1.2.3.4",
      "ABCD:ef01::",
    ],
    invalid: [
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7",
      "1::2::3",
      "1:2:3:4:5:6:7:8::",
      "12345::",
      "::ffff:256.0.0.1",
      "1:2:3:4:5:6:7:1.2.3.4",
      "g::",
      ":1",
    ],
  },
  {
    format: "email",
    valid: [
      "joe@example.com",
      "a.b+c@example.com",
      '"joe bloggs"@example.com',
      '"a\\"b"@example.com',
      "joe@[127.0.0.1]",
      "joe@[IPv6:::1]",
    ],
    invalid: [
      "@example.com",
      "joe",
      "joe@",
      ".joe@example.com",
      "jo..e@example.com",
      "joe.@example.com",
      "joe@[300.0.0.1]",
      "joe@[IPv6:1::2::3]",
      "joe@-example.com",
      'a"b"@example.com',
      '"a"b@example.com',
    ],
  },
  {
    format: "uri",
    valid: [
      "https://example.com/a?b=c#d",
      "mailto:joe@example.com",
      "urn:isbn:0451450523",
      "http://[::1]:8080/",
      "http://user@host:80/p",
      "a+b.c-d:x",
      "http://h/%20",
    ],
    invalid: [
      "/relative",
      "example.com",
      "http://a b",
      "http://h/%zz",
      "http://[::1/",
      "http://[1::2::3]/",
      "http://[::1]x/",
      "http://a@b@c/",
      "http://h:8x/",
      "1http://h",
      "http://h/#a#b",
      "http://us[er@host/",
      "http://h/p[1]",
      "http://h/p]",
      "http://[::1]/p[",
      "http://h/?a[1]=2",
      "http://h/?a]",
      "urn:a[b]",
      "mailto:a?x=[",
      "http://h/p#f]",
    ],
  },
  {
    format: "uri-reference",
    valid: ["/relative", "a/b", "?q", "#frag", "", "//host/p", "../a:b", "//[::1]:80/p?q#f"],
    invalid: [
      "a:b:c d",
      "\\\\server",
      "a b",
      "x#[",
      "1a:b",
      "#a#b",
      "/a[b]",
      "?q[1]",
      "//h/p[",
      "//h?x]",
      "#f]",
    ],
  },
  {
    format: "uuid",
    valid: ["123e4567-e89b-12d3-a456-426614174000", "ABCDEF01-2345-6789-ABCD-EF0123456789"],
    invalid: [
      "123e4567e89b12d3a456426614174000",
      "123e4567-e89b-12d3-a456-42661417400",
      "123e4567-e89b-12d3-a456-4266141740000",
      "g23e4567-e89b-12d3-a456-426614174000",
      "x123e4567-e89b-12d3-a456-426614174000",
    ],
  },
  {
    format: "regex",
    valid: ["^a+$", "[a-z]{2,}", "\\p{L}"],
    invalid: ["(", "[", "\\p{Nope}", "a{2,1}"],
  },
];

Deno.test("each format accepts the strings at its edges and refuses the ones just past", async (t) => {
  for (const row of CASES) {
    await t.step(row.format, () => {
      const check = FORMATS[row.format];
      for (const s of row.valid) {
        assert.equal(check(s), true, `${row.format}: ${JSON.stringify(s)}`);
      }
      for (const s of row.invalid) {
        assert.equal(check(s), false, `${row.format}: ${JSON.stringify(s)}`);
      }
    });
  }
});

Deno.test("the asserted formats, and no others", () => {
  assert.deepEqual(Object.keys(FORMATS).sort(), [
    "date",
    "date-time",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "regex",
    "time",
    "uri",
    "uri-reference",
    "uuid",
  ]);
});
