/**
 * Request ids as written: the raw text of an integer id is echoed byte for
 * byte, an id written with a fraction or exponent is refused, and the
 * top-level id of an over-length line is found as its bytes stream past.
 *
 * @module
 */

import { deepEqual, equal } from "node:assert/strict";
import { Session } from "../mcp/server.ts";
import { IdScanner, isIntegerLiteral, rawMemberText } from "../wire/request_id.ts";

// deno-lint-ignore no-explicit-any
type Message = any;

function initialized(revision = "2025-11-25"): Session {
  const session = new Session();
  session.handleLine(JSON.stringify({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: revision, capabilities: {} },
  }));
  return session;
}

const echoed: { name: string; id: string }[] = [
  { name: "2^53 + 1 (rounded by JSON.parse)", id: "9007199254740993" },
  { name: "30 digits (an exponent once parsed)", id: "123456789012345678901234567890" },
  { name: "a negative integer", id: "-42" },
  { name: "zero", id: "0" },
  { name: "minus zero", id: "-0" },
  { name: "a small integer", id: "7" },
];

Deno.test("integer ids are echoed byte for byte from the line", async (t) => {
  for (const row of echoed) {
    await t.step(row.name, () => {
      const session = initialized();
      for (const method of ["ping", "tools/list", "no/such/method"]) {
        const line = session.handleLine(`{"jsonrpc":"2.0","id":${row.id},"method":"${method}"}`)!;
        equal(line.startsWith(`{"jsonrpc":"2.0","id":${row.id},`), true, line.slice(0, 80));
      }
      const spaced = session.handleLine(`{ "id" : ${row.id} , "jsonrpc":"2.0","method":"ping"}`)!;
      equal(spaced, `{"jsonrpc":"2.0","id":${row.id},"result":{}}`);
    });
  }
});

Deno.test("integer ids in a 2025-03-26 batch are echoed byte for byte, each its own", () => {
  const session = initialized("2025-03-26");
  const line = session.handleLine(
    '[{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"},' +
      '{"jsonrpc":"2.0","id":"s","method":"ping"},{"jsonrpc":"2.0","id":1.5,"method":"ping"}]',
  )!;
  equal(
    line,
    '[{"jsonrpc":"2.0","id":9007199254740993,"result":{}},{"jsonrpc":"2.0","id":"s","result":{}},' +
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"invalid request: `id` must be a string ' +
      'or an integer written without a fraction or exponent"}}]',
  );
});

const refused: { name: string; id: string }[] = [
  { name: "a fraction", id: "1.5" },
  { name: "an integer value written with a fraction", id: "1.0" },
  { name: "an exponent", id: "1e3" },
  { name: "a negative exponent", id: "-2E-1" },
];

Deno.test("a number id that is not an integer literal is -32600 with no id", async (t) => {
  for (const row of refused) {
    await t.step(row.name, () => {
      const answer: Message = JSON.parse(
        initialized().handleLine(`{"jsonrpc":"2.0","id":${row.id},"method":"ping"}`)!,
      );
      equal(answer.error.code, -32600);
      equal("id" in answer, false);
    });
  }
});

Deno.test("the last id member wins, as JSON.parse keeps it; nested ids are not members", () => {
  equal(rawMemberText('{"id":1,"params":{"id":2},"id":3}', 0), "3");
  equal(rawMemberText('{"params":{"id":2},"x":"\\"id\\":5"}', 0), undefined);
  equal(rawMemberText('{"\\u0069d":12}', 0), "12");
  const line = initialized().handleLine(
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"id":2},"id":90071992547409931}',
  );
  equal(line, '{"jsonrpc":"2.0","id":90071992547409931,"result":{}}');
});

const scans: { name: string; text: string; id: string | undefined }[] = [
  {
    name: "a string id first",
    text: '{"id":"req-1","jsonrpc":"2.0","method":"tools/call","params":{"a',
    id: '"req-1"',
  },
  {
    name: "an integer id after 8 KiB of params",
    text: `{"jsonrpc":"2.0","method":"x","params":{"t":"${
      "a".repeat(8192)
    }"},"id":123456789012345678901}`,
    id: "123456789012345678901",
  },
  {
    name: "the SDK's order: method, params, jsonrpc, id",
    text:
      '{"method":"tools/call","params":{"name":"g","arguments":{"text":"[1]"}},"jsonrpc":"2.0","id":42}',
    id: "42",
  },
  {
    name: "an id inside params is not the request's",
    text: '{"params":{"id":5,"text":"aaaa',
    id: undefined,
  },
  {
    name: "an id in a nested array of objects is not the request's",
    text: '{"params":[{"id":5},{"id":6}],"x":1}',
    id: undefined,
  },
  {
    name: '"id" inside a string value is not a key',
    text: '{"text":"\\"id\\":5","m":"x"}',
    id: undefined,
  },
  {
    name: "braces and escaped quotes inside strings are skipped",
    text: '{"t":"}}]]\\"{","params":{"s":"\\\\"},"id":"ok"}',
    id: '"ok"',
  },
  { name: "a string id cut by the end of the text", text: '{"id":"abc', id: undefined },
  { name: "a fraction id is no id", text: '{"id":1.5,"method":"x"}', id: undefined },
  { name: "a null id is no id", text: '{"id":null,"method":"x"}', id: undefined },
  { name: "not an object", text: '[{"id":1},', id: undefined },
  { name: "an escaped key", text: '{"\\u0069d":4,"m":1}', id: "4" },
  {
    name: "an id longer than the cap is no id",
    text: `{"id":"${"x".repeat(2000)}"}`,
    id: undefined,
  },
];

Deno.test("IdScanner: the top-level id of a message, fed byte by byte and at once", async (t) => {
  for (const row of scans) {
    await t.step(row.name, () => {
      const bytes = new TextEncoder().encode(row.text);
      const whole = new IdScanner();
      whole.feed(bytes);
      const bytewise = new IdScanner();
      for (let i = 0; i < bytes.length; i++) bytewise.feed(bytes.subarray(i, i + 1));
      for (const scanner of [whole, bytewise]) {
        const found = scanner.id;
        const asWritten = typeof found === "string" ? JSON.stringify(found) : found?.text;
        equal(asWritten, row.id);
      }
    });
  }
});

Deno.test("isIntegerLiteral: digits with an optional minus, no leading zero", () => {
  deepEqual(
    ["0", "-0", "10", "01", "1.0", "1e2", "-", "", "+1", " 1"].map(isIntegerLiteral),
    [true, true, true, false, false, false, false, false, false, false],
  );
});
