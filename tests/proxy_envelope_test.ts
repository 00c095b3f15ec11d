/**
 * `proxy/envelope.ts` as a specification: which characters end a line for
 * some reader (refused, or escaped inside strings), which envelope keys
 * another parser could read as a key the proxy reads, and the `tools/call`
 * text the proxy writes. Table-driven, one step per row; the black-box
 * counterpart is `tests/proxy_differential_test.ts`.
 *
 * @module
 */

import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import {
  envelopeKeyProblem,
  escapeLineSeparators,
  foldedArgumentKey,
  keyFold,
  lineEndProblem,
  toolCallText,
} from "../proxy/envelope.ts";
import { RawInteger } from "../wire/request_id.ts";

Deno.test("envelope: characters some line reader ends a line at", async (t) => {
  const rows: { name: string; text: string; refused: string | null }[] = [
    { name: "a line without any", text: '{"a":"b c\\r\\n"}', refused: null },
    { name: "a bare CR between tokens", text: '{"a":1,\r"b":2}', refused: "a bare CR (U+000D)" },
    { name: "a CR at the very end", text: '{"a":1}\r', refused: "a bare CR (U+000D)" },
    { name: "a vertical tab", text: "[1,\v2]", refused: "a vertical tab (U+000B)" },
    { name: "a form feed", text: "[1,\f2]", refused: "a form feed (U+000C)" },
    { name: "a file separator", text: "[\x1c]", refused: "a file separator (U+001C)" },
    { name: "a group separator", text: "[\x1d]", refused: "a group separator (U+001D)" },
    { name: "a record separator", text: "[\x1e]", refused: "a record separator (U+001E)" },
    { name: "U+2028 (escaped instead)", text: '["\u2028"]', refused: null },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const problem = lineEndProblem(row.text);
      if (row.refused === null) strictEqual(problem, null);
      else ok(problem?.startsWith(row.refused), problem ?? "null");
    });
  }
});

Deno.test("envelope: raw U+0085, U+2028, U+2029 are escaped, the value kept", async (t) => {
  const rows = [
    { name: "nothing to escape", text: '{"a":"é"}', written: '{"a":"é"}' },
    { name: "U+2028", text: '["a\u2028b"]', written: '["a\\u2028b"]' },
    { name: "U+2029 in a key", text: '{"\u2029":1}', written: '{"\\u2029":1}' },
    { name: "U+0085 twice", text: '["\u0085\u0085"]', written: '["\\u0085\\u0085"]' },
    { name: "after an escaped backslash", text: '["\\\\\u2028"]', written: '["\\\\\\u2028"]' },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const written = escapeLineSeparators(row.text);
      strictEqual(written, row.written);
      deepStrictEqual(JSON.parse(written), JSON.parse(row.text));
    });
  }
});

Deno.test("envelope: keys another parser could read as one the proxy reads", async (t) => {
  const rows: { name: string; keys: string[]; problem: string | null }[] = [
    { name: "a request's envelope", keys: ["jsonrpc", "id", "method", "params"], problem: null },
    { name: "tools/call params", keys: ["name", "arguments", "_meta", "task"], problem: null },
    {
      name: "upper case",
      keys: ["ARGUMENTS"],
      problem: '"ARGUMENTS" could be read as "arguments"',
    },
    { name: "long s (ſ)", keys: ["argument\u017F"], problem: 'could be read as "arguments"' },
    { name: "dotless i (ı)", keys: ["\u0131d"], problem: 'could be read as "id"' },
    { name: "Kelvin sign", keys: ["\u212Aey", "key"], problem: "could be read as one member" },
    { name: "fullwidth letters (NFKC)", keys: ["\uFF4E\uFF41\uFF4D\uFF45"], problem: 'as "name"' },
    { name: "a zero-width space", keys: ["na\u200Bme"], problem: 'could be read as "name"' },
    { name: "a tag character", keys: ["_meta\u{E0041}"], problem: 'could be read as "_meta"' },
    { name: "a soft hyphen", keys: ["para\u00ADms"], problem: 'could be read as "params"' },
    { name: "the same key twice", keys: ["x", "x"], problem: 'the keys "x" and "x"' },
    {
      name: "two case variants of another key",
      keys: ["Task", "task"],
      problem: '"Task" and "task"',
    },
    { name: "a key that only contains a read key", keys: ["arguments2", "xname"], problem: null },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const problem = envelopeKeyProblem(row.keys);
      if (row.problem === null) strictEqual(problem, null);
      else ok(problem?.includes(row.problem), problem ?? "null");
    });
  }
});

Deno.test("envelope: keyFold removes ignorables, applies NFKC and full case folding", async (t) => {
  const rows = [
    ["ASCII", "Arguments", "arguments"],
    ["sharp s (full folding)", "STRA\u00DFE", "strasse"],
    ["ligature (NFKC)", "\uFB01le", "file"],
    ["variation selector", "id\uFE0F", "id"],
  ];
  for (const [name, key, folded] of rows) {
    await t.step(name, () => strictEqual(keyFold(key), folded));
  }
});

Deno.test("envelope: an undeclared argument key that folds to a declared one", async (t) => {
  const declared = new Map([["path", "path"], ["mode", "Mode"]]);
  const rows: { name: string; raw: string; found: [string, string] | null }[] = [
    { name: "declared keys as declared", raw: '{"path":"/tmp","Mode":1}', found: null },
    { name: "an undeclared key", raw: '{"other":1}', found: null },
    { name: "upper case", raw: '{"PATH":"/etc"}', found: ["PATH", "path"] },
    { name: "upper case escaped", raw: '{"\\u0050ATH":"/etc"}', found: ["PATH", "path"] },
    { name: "lower case only, nothing to fold", raw: '{"path":"/A","x":"\u00e9"}', found: null },
    { name: "the declared spelling in other case", raw: '{"mode":1}', found: ["mode", "Mode"] },
    { name: "a zero-width space", raw: '{"pa\u200Bth":"/etc"}', found: ["pa\u200Bth", "path"] },
    { name: "arguments that are not an object", raw: "[1]", found: null },
  ];
  for (const row of rows) {
    await t.step(row.name, () => deepStrictEqual(foldedArgumentKey(row.raw, declared), row.found));
  }
});

Deno.test("envelope: the tools/call text the proxy forwards", async (t) => {
  const rows: {
    name: string;
    id: string | number | RawInteger | null;
    keys: string[];
    params: Record<string, unknown>;
    args: string;
    text: string;
  }[] = [
    {
      name: "the arguments text inserted as the gate read it",
      id: 1,
      keys: ["name", "arguments"],
      params: { name: "echo" },
      args: '{ "text" : "a\\u0062" }',
      text: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo",' +
        '"arguments":{ "text" : "a\\u0062" }}}',
    },
    {
      name: "an integer id beyond 2^53 by its literal",
      id: new RawInteger("9007199254740993"),
      keys: ["name"],
      params: { name: "x" },
      args: "{}",
      text: '{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call","params":{"name":"x"}}',
    },
    {
      name: "a notification has no id; _meta re-serialized in its place",
      id: null,
      keys: ["_meta", "name", "arguments"],
      params: { _meta: { progressToken: "p" }, name: "x" },
      args: "{}",
      text: '{"jsonrpc":"2.0","method":"tools/call","params":{"_meta":{"progressToken":"p"},' +
        '"name":"x","arguments":{}}}',
    },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      strictEqual(toolCallText(row.id, row.keys, row.params, row.args), row.text);
    });
  }
});
