/**
 * The playground, as a specification: its pure parts (the URL fragment, how
 * the declaration box is read, the highlights, the change marks) table by
 * table, then the built page (`scripts/build_playground.ts`) in a real
 * headless Chromium driven over the DevTools protocol, one browser launch for
 * every case: shared links for a safe call, the truncated call, a cosmetic
 * repair, a declaration mismatch, a bidi attack and the host's mistakes,
 * typing, the keyboard, a phone's width. The page must make no request that
 * is not `file:` and log no error. Each state is saved as a screenshot under
 * `dist/test-artifacts/playground/`, and the time of one evaluation of a
 * 100 KB input is printed (a measurement, not an assertion).
 *
 * Without Chromium the browser test fails, naming what to install.
 *
 * @module
 */

import assert from "node:assert/strict";
import { gate, repair } from "../mod.ts";
import { type Change, markChanges, markRepair, valueSpan } from "../playground/diff.ts";
import { badgeText, evaluate, marksFor, spanAt } from "../playground/evaluate.ts";
import { EXAMPLES } from "../playground/examples.ts";
import {
  type DeclarationLanguage,
  formatFragment,
  parseFragment,
  type PlaygroundState,
  readDeclaration,
} from "../playground/state.ts";
import { buildPlayground, OWN_SCRIPT_LIMIT } from "../scripts/build_playground.ts";
import { Chromium, findChromium, MISSING_CHROMIUM } from "./fixtures/chromium.ts";

const ROOT = new URL("../", import.meta.url);
const ARTIFACTS = new URL("dist/test-artifacts/playground/", ROOT);
const FENCE = "`".repeat(3);

function example(id: string): PlaygroundState {
  const found = EXAMPLES.find((item) => item.id === id)!;
  return { text: found.text, profile: found.profile, schema: found.schema, lang: "auto" };
}

Deno.test("a URL fragment carries the whole state and reads back exactly", async (t) => {
  const rows: { name: string; state: PlaygroundState }[] = [
    { name: "plain text", state: { text: '{"a":1}', profile: "agent", schema: "", lang: "auto" } },
    {
      name: "every character that URI encoding escapes",
      state: {
        text: "&=#%+ ?\n\u202E😀'\"`",
        profile: "strict",
        schema: "{!a:string}",
        lang: "auto",
      },
    },
    {
      name: "a forced declaration language",
      state: { text: "[1", profile: "interactive", schema: '{"type":"x"}', lang: "language" },
    },
    {
      name: "a lone surrogate is not lost",
      state: { text: '["\uD800"]', profile: "permissive", schema: "", lang: "json-schema" },
    },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const fragment = formatFragment(row.state);
      assert.equal(/[#\s]/.test(fragment), false, fragment);
      // A lone surrogate cannot be URI-encoded (encodeURIComponent throws): it is written %uD800.
      assert.deepEqual(parseFragment(`#${fragment}`), row.state);
    });
  }
});

Deno.test("a URL fragment with missing, unknown or malformed fields still reads", async (t) => {
  const rows: { name: string; fragment: string; state: PlaygroundState }[] = [
    {
      name: "empty",
      fragment: "",
      state: { text: "", profile: "agent", schema: "", lang: "auto" },
    },
    {
      name: "text only",
      fragment: "#text=%5B1%2C2",
      state: { text: "[1,2", profile: "agent", schema: "", lang: "auto" },
    },
    {
      name: "malformed escape kept as written",
      fragment: "#text=%E0%A4%A&profile=agent",
      state: { text: "%E0%A4%A", profile: "agent", schema: "", lang: "auto" },
    },
    {
      name: "unknown keys ignored, unknown lang is auto",
      fragment: "#foo=1&lang=yaml&profile=agnet",
      state: { text: "", profile: "agnet", schema: "", lang: "auto" },
    },
  ];
  for (const row of rows) {
    await t.step(row.name, () => assert.deepEqual(parseFragment(row.fragment), row.state));
  }
});

Deno.test("the declaration box is JSON Schema only for a JSON object with a schema keyword", async (t) => {
  const rows: { source: string; lang: DeclarationLanguage; kind: string }[] = [
    { source: "", lang: "auto", kind: "none" },
    { source: "{!query:string,limit:integer}", lang: "auto", kind: "language" },
    { source: '{"first name":string}', lang: "auto", kind: "language" },
    { source: '{"a":1}', lang: "auto", kind: "language" },
    { source: "{}", lang: "auto", kind: "language" },
    { source: ' \n{"type":"object","properties":{}}', lang: "auto", kind: "json-schema" },
    { source: '{"enum":["a"]}', lang: "auto", kind: "json-schema" },
    { source: '{"type":"string"}', lang: "language", kind: "language" },
    { source: "{}", lang: "json-schema", kind: "json-schema" },
    { source: "{!a:string}", lang: "json-schema", kind: "unreadable" },
  ];
  for (const row of rows) {
    await t.step(`${JSON.stringify(row.source)} as ${row.lang} → ${row.kind}`, () => {
      assert.equal(readDeclaration(row.source, row.lang).kind, row.kind);
    });
  }
});

/** The badge leads with the verdict, then the syntax and the declaration, each as what it is. */
const BADGES: readonly { name: string; state: PlaygroundState; badge: string }[] = [
  {
    name: "safe syntax refused by its declaration reads as refused",
    state: { text: '{"a":1}', profile: "agent", schema: "{!b:string}", lang: "auto" },
    badge:
      "refused — REJECT (declaration not satisfied) · syntax: safe; declaration: not satisfied",
  },
  {
    name: "a repaired notation with its declaration satisfied",
    state: { text: "{'b':'x',}", profile: "agent", schema: "{!b:string}", lang: "auto" },
    badge:
      "executable — SAFE TO EXECUTE (notation repaired) · syntax: cosmetic_repair; declaration: satisfied",
  },
  {
    name: "a cut-off text never reaches its declaration",
    state: { text: '{"b":"x', profile: "agent", schema: "{!b:string}", lang: "auto" },
    badge: "refused — REJECT (a value was changed) · syntax: lossy_repair; " +
      "declaration: not reached (the text was refused first)",
  },
  {
    name: "an empty text says what the page expects",
    state: { text: "  ", profile: "agent", schema: "", lang: "auto" },
    badge:
      "empty — paste what the model wrote, or pick an example (an empty text is refused, E001)",
  },
];

Deno.test("the badge: verdict first, then syntax and declaration", async (t) => {
  for (const row of BADGES) {
    await t.step(row.name, () => assert.equal(badgeText(evaluate(row.state)), row.badge));
  }
});

Deno.test("a highlight covers the word, fence, code point or end at its offset", async (t) => {
  const rows: { text: string; offset: number; end: number }[] = [
    { text: '{"a":False}', offset: 5, end: 10 },
    { text: `${FENCE}json\n{}`, offset: 0, end: 7 },
    { text: "[1,]", offset: 3, end: 4 },
    { text: '["a\u202Eb"]', offset: 3, end: 4 },
    { text: '["\uDB40\uDC01"]', offset: 2, end: 4 },
    { text: "[1", offset: 2, end: 2 },
  ];
  for (const row of rows) {
    await t.step(`${JSON.stringify(row.text)} at ${row.offset}`, () => {
      assert.equal(spanAt(row.text, row.offset), row.end);
    });
  }
});

Deno.test("highlights group repairs by offset, never overlap, and take the worst severity", () => {
  const text = '{"a":tru';
  const marks = marksFor(text, repair(text).repairs);
  assert.deepEqual(
    marks.map((m) => [m.start, m.end, m.severity, m.repairs.map((r) => r.rule).join(" ")]),
    [[5, 8, "lossy", "R012"], [8, 8, "lossy", "R011"]],
  );
  const overlapping = marksFor("[True,1]", [
    { ...repair("[True]").repairs[0], offset: 1 },
    { ...repair("[True]").repairs[0], offset: 3, severity: "lossy" },
  ]);
  assert.deepEqual(overlapping.map((m) => [m.start, m.end]), [[1, 3], [3, 5]]);
});

Deno.test("an evaluation answers the host's mistakes as errors and checks declarations", async (t) => {
  const rows: {
    name: string;
    state: PlaygroundState;
    decision: string | null;
    hostError: string | null;
    missing?: string[];
    mismatched?: string[];
  }[] = [
    {
      name: "unknown profile",
      state: { text: "{}", profile: "agnet", schema: "", lang: "auto" },
      decision: null,
      hostError: "E050",
    },
    {
      name: "bad declaration",
      state: { text: "{}", profile: "agent", schema: "{!a:strng}", lang: "auto" },
      decision: null,
      hostError: "E070",
    },
    {
      name: "JSON Schema mode without JSON",
      state: { text: "{}", profile: "agent", schema: "{!a:string}", lang: "json-schema" },
      decision: null,
      hostError: "E070",
    },
    {
      name: "declaration mismatch example",
      state: example("mismatch"),
      decision: "safe",
      hostError: null,
      missing: ["/units"],
      mismatched: ["/limit"],
    },
    {
      name: "a refused input is still checked against the declaration, on its display value",
      state: example("truncated"),
      decision: "lossy_repair",
      hostError: null,
      missing: [],
      mismatched: [],
    },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const answer = evaluate(row.state);
      assert.equal(answer.result?.decision ?? null, row.decision);
      assert.equal(answer.hostError?.code ?? null, row.hostError);
      if (row.missing) assert.deepEqual(answer.verdict?.missing, row.missing);
      if (row.mismatched) {
        assert.deepEqual(answer.verdict?.mismatched.map((m) => m.pointer), row.mismatched);
      }
    });
  }
});

/** The text of the runs of `kinds`. */
function joined(changes: readonly Change[], kinds: readonly Change["kind"][]): string {
  return changes.filter((c) => kinds.includes(c.kind)).map((c) => c.text).join("");
}

const significantOf = (text: string) => text.replace(/[ \t\n\r]/g, "");

Deno.test("change marks (value span, then the diff) rebuild both texts: kept+inserted is the repair, kept+dropped the input", async (t) => {
  // mulberry32, seeded: the inputs are the same on every run.
  let seed = 0x1f2e3d4c;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pieces = [
    '{"a": 1}',
    "[1, 2,]",
    "True",
    "None",
    "'x'",
    `${FENCE}json\n`,
    "\n",
    " ",
    "Here:",
    '"k":',
    "{",
    "[",
    "]",
    "}",
    ",",
    "0x1F",
    "// c\n",
    "\u202E",
    "NaN",
    '"s',
    "...",
  ];
  const inputs = EXAMPLES.map((e) => e.text);
  for (let i = 0; i < 300; i++) {
    let text = "";
    const length = 1 + Math.floor(random() * 12);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(random() * pieces.length)];
    inputs.push(text);
  }
  let marked = 0;
  for (const [index, input] of inputs.entries()) {
    const display = repair(input, { profile: "agent", maxLoss: "lossy", allowAmbiguity: true });
    const repaired = display.text;
    const changes = markRepair(input, repaired, display.repairs);
    if (changes === null) {
      assert.equal(repaired, "", `input ${index} ${JSON.stringify(input)}`);
      continue;
    }
    marked++;
    await t.step(`input ${index}`, () => {
      assert.equal(joined(changes, ["same", "ins"]), repaired);
      assert.equal(significantOf(joined(changes, ["same", "del"])), significantOf(input));
      for (const change of changes) assert.notEqual(change.text, "");
    });
  }
  assert.ok(marked > 100, `only ${marked} inputs had a repaired text`);
});

Deno.test("the value's span is found between the prose and fences a repair dropped", async (t) => {
  const rows: { name: string; text: string; span: string }[] = [
    { name: "no repair around the value", text: '{"a":1}', span: '{"a":1}' },
    { name: "prose on both sides", text: 'Here:\n{"a": 1}\nThanks, bye.', span: '{"a": 1}' },
    {
      name: "prose, fence, value, fence, prose",
      text: example("chat").text,
      span: example("chat").text.slice(
        example("chat").text.indexOf("{"),
        example("chat").text.lastIndexOf("}") + 1,
      ),
    },
    {
      name: "a fence without prose",
      text: `${FENCE}json\n{"a": True}\n${FENCE}\n`,
      span: '{"a": True}',
    },
    { name: "a truncated value has nothing after it", text: '{"a": "b', span: '{"a": "b' },
  ];
  for (const row of rows) {
    await t.step(row.name, () => {
      const display = repair(row.text, {
        profile: "agent",
        maxLoss: "lossy",
        allowAmbiguity: true,
      });
      const [start, end] = valueSpan(row.text, display.text, display.repairs);
      assert.equal(row.text.slice(start, end), row.span);
    });
  }
});

Deno.test("change marks give up past their budget instead of running long", () => {
  const before = "a".repeat(50_000);
  const after = "b".repeat(50_000);
  assert.equal(markChanges(before, after), null);
});

Deno.test("without Chromium the browser test fails, naming what to install", () => {
  const saved = Deno.env.get("CHROMIUM");
  Deno.env.set("CHROMIUM", "/nonexistent/chromium");
  try {
    assert.throws(() => findChromium(), (error: Error) => {
      assert.equal(error.message, MISSING_CHROMIUM);
      assert.match(error.message, /apt-get update && apt-get install -y chromium/);
      return true;
    });
  } finally {
    if (saved === undefined) Deno.env.delete("CHROMIUM");
    else Deno.env.set("CHROMIUM", saved);
  }
});

Deno.test("the release workflow publishes the built playground to GitHub Pages after the release", async () => {
  const workflow = await Deno.readTextFile(new URL(".github/workflows/release.yml", ROOT));
  const start = workflow.indexOf("\n  pages:\n");
  assert.notEqual(start, -1, "release.yml has no pages job");
  const job = workflow.slice(start);
  for (
    const needle of [
      "needs: release",
      "pages: write",
      "id-token: write",
      "name: github-pages",
      "deno task playground",
      "uses: actions/upload-pages-artifact@v3\n        with:\n          path: dist/playground\n",
      "uses: actions/deploy-pages@v4",
    ]
  ) assert.ok(job.includes(needle), `the pages job lacks ${JSON.stringify(needle)}`);
  const tasks = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT))).tasks;
  assert.match(tasks.playground, /scripts\/build_playground\.ts/);
});

// ---------------------------------------------------------------------------------------------
// The built page in a real browser.

/** What the page shows, read from its DOM. */
interface PageView {
  decision: string;
  executable: string;
  evaluations: number;
  badge: string;
  hostError: string | null;
  marks: { offset: number; end: number; rules: string; kind: string; text: string }[];
  repaired: string;
  repairedWithoutDropped: string;
  inserted: string[];
  dropped: string[];
  retry: string;
  copyRetryDisabled: boolean;
  value: string;
  copyValueDisabled: boolean;
  verdict: string;
  problems: { pointer: string; kind: string }[];
  schemaKind: string;
  codePoints: string[];
  hash: string;
}

const READ_VIEW = `(() => {
  const $ = (s) => document.querySelector(s);
  const visible = (node) => {
    const copy = node.cloneNode(true);
    copy.querySelectorAll(".sr-only, .tip").forEach((n) => n.remove());
    return copy.textContent;
  };
  const repaired = $("#repaired");
  const withoutDropped = repaired.cloneNode(true);
  withoutDropped.querySelectorAll("del").forEach((n) => n.remove());
  return {
    decision: document.body.dataset.decision,
    executable: document.body.dataset.executable,
    evaluations: Number(document.body.dataset.evaluations),
    badge: $("#badge").textContent,
    hostError: $("#host-error").hidden ? null : $("#host-error").textContent,
    marks: [...document.querySelectorAll("#annotated mark")].map((m) => ({
      offset: Number(m.dataset.offset), end: Number(m.dataset.end), rules: m.dataset.rules,
      kind: m.className, text: visible(m),
    })),
    repaired: repaired.textContent,
    repairedWithoutDropped: withoutDropped.textContent,
    inserted: [...repaired.querySelectorAll("ins")].map((n) => n.textContent),
    dropped: [...repaired.querySelectorAll("del")].map((n) => n.textContent),
    retry: $("#retry").textContent,
    copyRetryDisabled: $("#copy-retry").disabled,
    value: $("#value").textContent,
    copyValueDisabled: $("#copy-value").disabled,
    verdict: $("#verdict").textContent,
    problems: [...document.querySelectorAll("#verdict li")].map((li) => ({
      pointer: li.dataset.pointer, kind: li.className,
    })),
    schemaKind: $("#schema-kind").textContent,
    codePoints: [...document.querySelectorAll("#annotated .cp")].map((n) => n.textContent),
    hash: location.hash,
  };
})()`;

async function saveScreenshot(browser: Chromium, name: string): Promise<void> {
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  await Deno.writeFile(new URL(`${name}.png`, ARTIFACTS), await browser.screenshot());
}

Deno.test({
  name:
    "the built page, in headless Chromium: shared links, typing, keyboard, phone, no request, no error",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const out = await Deno.makeTempDir({ prefix: "interjson-playground-test-" });
    const built = await buildPlayground(out);
    assert.ok(built.ownScriptBytes <= OWN_SCRIPT_LIMIT);
    const pageUrl = new URL(`file://${built.path}`).href;
    const browser = await Chromium.launch();
    let loads = 0;
    /** Loads a shared link afresh (a query makes it a new document) and reads the page. */
    const open = async (state: PlaygroundState): Promise<PageView> => {
      await browser.navigate(`${pageUrl}?load=${++loads}#${formatFragment(state)}`);
      await browser.waitFor(
        "document.body.dataset.evaluations && document.body.dataset.marked === document.body.dataset.evaluations",
      );
      return await browser.evaluate<PageView>(READ_VIEW);
    };
    try {
      await browser.send("Emulation.setDeviceMetricsOverride", {
        width: 1280,
        height: 900,
        deviceScaleFactor: 1,
        mobile: false,
      });
      await browser.grantClipboard();

      await t.step(
        "a link without a fragment opens on the first example; an empty text says what to do",
        async () => {
          await browser.navigate(`${pageUrl}?load=${++loads}`);
          await browser.waitFor(
            "document.body.dataset.evaluations && document.body.dataset.marked === document.body.dataset.evaluations",
          );
          const first = await browser.evaluate<PageView>(READ_VIEW);
          assert.equal(first.decision, evaluate(example(EXAMPLES[0].id)).result!.decision);
          assert.match(first.badge, /^refused — /);
          assert.equal(first.hash, "", "opening on an example writes no fragment");
          const empty = await open({ text: "", profile: "agent", schema: "", lang: "auto" });
          assert.equal(
            empty.badge,
            "empty — paste what the model wrote, or pick an example (an empty text is refused, E001)",
          );
        },
      );

      await t.step(
        "a safe call: safe, executable, nothing highlighted, the value shown",
        async () => {
          const state: PlaygroundState = {
            text: '{"path":"/tmp/x","recursive":false}',
            profile: "agent",
            schema: "{!path:string,recursive:boolean}",
            lang: "auto",
          };
          const view = await open(state);
          assert.equal(view.decision, "safe");
          assert.equal(view.executable, "true");
          assert.equal(
            view.badge,
            "executable — SAFE TO EXECUTE · syntax: safe; declaration: satisfied",
          );
          assert.deepEqual(view.marks, []);
          assert.equal(view.value, state.text);
          assert.equal(view.copyValueDisabled, false);
          assert.equal(view.copyRetryDisabled, true);
          assert.deepEqual(view.inserted, []);
          assert.deepEqual(view.dropped, []);
          assert.match(view.verdict, /Satisfied: 2 of 2/);
          assert.equal(view.schemaKind, "Read as: the declaration language.");
          await saveScreenshot(browser, "1-safe");
        },
      );

      await t.step(
        "the truncated call: lossy_repair, the retry prompt shown, the end marked",
        async () => {
          const state = example("truncated");
          const view = await open(state);
          const expected = gate(state.text, { profile: "agent", schema: state.schema });
          assert.equal(view.decision, "lossy_repair");
          assert.equal(view.executable, "false");
          assert.equal(view.retry, expected.retry!.prompt);
          assert.match(view.retry, /^InterJSON refused the arguments: E010 R010 CloseString/);
          assert.equal(view.copyRetryDisabled, false);
          assert.equal(view.copyValueDisabled, true);
          assert.deepEqual(view.marks.map((m) => [m.offset, m.end, m.rules]), [
            [state.text.length, state.text.length, "R010 R011 R011"],
          ]);
          assert.match(view.marks[0].kind, /\blossy\b/);
          assert.deepEqual(view.inserted, ['"]}']);
          // The copy button puts the prompt on the clipboard, unchanged.
          await browser.evaluate(`document.getElementById("copy-retry").click()`);
          await browser.waitFor(`document.getElementById("copied").textContent !== ""`);
          assert.equal(
            await browser.evaluate<string>(`document.getElementById("copied").textContent`),
            "Copied the retry prompt.",
          );
          assert.equal(
            await browser.evaluate<string>("navigator.clipboard.readText()"),
            view.retry,
          );
          await saveScreenshot(browser, "2-truncated");
        },
      );

      await t.step(
        "a cosmetic repair: every repair highlighted at its offset, changes marked",
        async () => {
          const state = example("chat");
          const view = await open(state);
          const expected = gate(state.text, { profile: "agent", schema: state.schema });
          assert.equal(view.decision, "cosmetic_repair");
          assert.equal(view.executable, "true");
          assert.equal(view.value, expected.text);
          const offsets = [...new Set(expected.repairs.map((r) => r.offset))];
          assert.deepEqual(view.marks.map((m) => m.offset), offsets);
          for (const mark of view.marks) {
            assert.equal(
              mark.text,
              state.text.slice(mark.offset, mark.end),
              `mark at ${mark.offset}`,
            );
            assert.match(mark.kind, /\bcosmetic\b/);
          }
          assert.deepEqual(
            view.marks.map((m) => [m.text, m.rules]),
            [
              ["Sure", "R003"],
              [`${FENCE}json`, "R002"],
              ["False", "R015"],
              ["None", "R015"],
              [",", "R005"],
              ["Let", "R003"],
            ],
          );
          assert.equal(view.repairedWithoutDropped, expected.text);
          assert.ok(view.dropped.some((d) => d.includes("Sure!")), view.dropped.join("|"));
          assert.ok(view.inserted.includes("false"), view.inserted.join("|"));
          assert.ok(view.inserted.some((text) => text.startsWith("null")), view.inserted.join("|"));
          assert.equal(view.copyRetryDisabled, true);

          // Focusing a highlight shows its rule, position, what it did and the docs link.
          const tip = await browser.evaluate<{ display: string; text: string; href: string }>(
            `(() => {
          const mark = document.querySelectorAll("#annotated mark")[2];
          mark.focus();
          const tip = document.getElementById(mark.getAttribute("aria-describedby"));
          return { display: getComputedStyle(tip).display, text: tip.textContent,
            href: tip.querySelector("a").href };
        })()`,
          );
          assert.equal(tip.display, "block");
          const python = expected.repairs.find((r) => r.rule === "R015")!;
          assert.ok(
            tip.text.startsWith(
              `R015 PythonLiteral · line ${python.line}, column ${python.column} ` +
                `(offset ${python.offset}) · cosmetic, ambiguity none`,
            ),
            tip.text,
          );
          assert.match(
            tip.text,
            /What it did: Python True, False, None are read as true, false, null\./,
          );
          assert.equal(
            tip.href,
            `https://github.com/interjson/interjson/blob/main/docs/RULES.md#${
              tip.text.match(/\bR\d{3}\b/)![0].toLowerCase()
            }`,
          );
          await saveScreenshot(browser, "3-cosmetic-focused-highlight");
          // Escape dismisses the tooltip; focus stays on the highlight.
          await browser.press("Escape", "Escape", 27);
          assert.deepEqual(
            await browser.evaluate(`(() => {
              const mark = document.activeElement;
              const tip = document.getElementById(mark.getAttribute("aria-describedby"));
              return [mark.tagName, getComputedStyle(tip).display];
            })()`),
            ["MARK", "none"],
          );
        },
      );

      await t.step(
        "a declaration mismatch: refused, each problem listed with its pointer",
        async () => {
          const state = example("mismatch");
          const view = await open(state);
          assert.equal(view.decision, "safe");
          assert.equal(view.executable, "false");
          assert.equal(
            view.badge,
            "refused — REJECT (declaration not satisfied) · syntax: safe; declaration: not satisfied",
          );
          assert.equal(
            await browser.evaluate<string>(
              `(() => { const b = document.getElementById("badge"); return b.className + " " + b.dataset.icon; })()`,
            ),
            "badge safe blocked \u2717",
          );
          assert.equal(view.schemaKind, "Read as: JSON Schema.");
          assert.deepEqual(view.problems, [
            { pointer: "/units", kind: "missing" },
            { pointer: "/limit", kind: "mismatched" },
          ]);
          const [limit] = evaluate(state).verdict!.mismatched;
          assert.ok(
            view.verdict.includes(`/limit ✗ expected ${limit.expected}, found ${limit.found}`),
            view.verdict,
          );
          assert.match(view.retry, /^InterJSON refused the arguments: E030/);
          await saveScreenshot(browser, "4-declaration-mismatch");
        },
      );

      await t.step(
        "a bidi attack: ambiguous, the invisible control shown by its code point",
        async () => {
          const view = await open(example("bidi"));
          assert.equal(view.decision, "ambiguous");
          assert.equal(view.executable, "false");
          // Shown by its code point in the input; the retry prompt's context line shows it as a
          // space (a bidi control there would reorder the line), so the prompt holds none.
          assert.deepEqual(view.codePoints, ["U+202E"]);
          assert.equal(
            await browser.evaluate<boolean>(`document.querySelector("#retry .cp") === null`),
            true,
          );
          assert.ok(!view.retry.includes("\u202E"), view.retry);
          assert.deepEqual(view.marks.map((m) => m.rules), ["R037"]);
          assert.match(view.marks[0].kind, /\bamb\b/);
          await saveScreenshot(browser, "5-bidi");
        },
      );

      await t.step("the host's mistakes are shown as option and declaration errors", async () => {
        const profile = await open({ text: "{}", profile: "agnet", schema: "", lang: "auto" });
        assert.equal(profile.decision, "error");
        assert.equal(profile.executable, "false");
        assert.match(profile.hostError ?? "", /^Option error: E050 .*agnet/);
        const declaration = await open({
          text: "{}",
          profile: "agent",
          schema: "{!a:strng}",
          lang: "auto",
        });
        assert.equal(declaration.decision, "error");
        assert.match(declaration.hostError ?? "", /^Declaration error: E070/);
        await saveScreenshot(browser, "6-declaration-error");
      });

      await t.step(
        "typing: the result follows the text, and the link follows the state",
        async () => {
          await open({ text: "", profile: "agent", schema: "", lang: "auto" });
          const typeText = async (text: string) => {
            const before = await browser.evaluate<number>(
              "Number(document.body.dataset.evaluations)",
            );
            await browser.send("Input.insertText", { text });
            await browser.waitFor(`Number(document.body.dataset.evaluations) > ${before}`);
            return await browser.evaluate<PageView>(READ_VIEW);
          };
          await browser.evaluate(`document.getElementById("text").focus()`);
          const open1 = await typeText('{"path": "/tmp/a", "force": ');
          assert.equal(open1.decision, "lossy_repair");
          const literal = await typeText("True");
          assert.equal(literal.decision, "lossy_repair");
          const closed = await typeText("}");
          assert.equal(closed.decision, "cosmetic_repair");
          assert.equal(closed.executable, "true");
          assert.equal(closed.value, '{"path":"/tmp/a","force":true}');
          assert.equal(
            parseFragment(closed.hash).text,
            '{"path": "/tmp/a", "force": True}',
          );
          await saveScreenshot(browser, "7-typed");
        },
      );

      await t.step("a link pasted over the current one is evaluated (hashchange)", async () => {
        await open({ text: "[1]", profile: "agent", schema: "", lang: "auto" });
        const before = await browser.evaluate<number>("Number(document.body.dataset.evaluations)");
        const state = example("duplicate");
        await browser.evaluate(`location.hash = ${JSON.stringify(formatFragment(state))}`);
        await browser.waitFor(`Number(document.body.dataset.evaluations) > ${before}`);
        const view = await browser.evaluate<PageView>(READ_VIEW);
        assert.equal(view.decision, "ambiguous");
        assert.deepEqual(view.marks.map((m) => m.rules), ["R032"]);
        assert.equal(
          await browser.evaluate<string>(`document.getElementById("text").value`),
          state.text,
        );
      });

      await t.step("the keyboard reaches every control and the highlights", async () => {
        await open(example("chat"));
        await browser.evaluate("document.activeElement.blur(); window.focus()");
        const reached: string[] = [];
        for (let i = 0; i < 40; i++) {
          await browser.press("Tab", "Tab", 9);
          reached.push(
            await browser.evaluate<string>(
              `(() => { const a = document.activeElement; return a.id || a.dataset.example || a.tagName.toLowerCase(); })()`,
            ),
          );
        }
        for (const expected of ["truncated", "text", "profile", "lang", "schema", "mark", "a"]) {
          assert.ok(
            reached.includes(expected),
            `Tab never reached ${expected}: ${reached.join(" ")}`,
          );
        }
      });

      await t.step("a phone's width: one column, nothing wider than the screen", async () => {
        await browser.send("Emulation.setDeviceMetricsOverride", {
          width: 390,
          height: 844,
          deviceScaleFactor: 2,
          mobile: true,
        });
        await open(example("chat"));
        const widths = await browser.evaluate<{ scroll: number; client: number }>(
          "({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })",
        );
        assert.ok(
          widths.scroll <= widths.client,
          `page is ${widths.scroll}px wide on a ${widths.client}px screen`,
        );
        await saveScreenshot(browser, "8-phone");
        await browser.send("Emulation.setDeviceMetricsOverride", {
          width: 1280,
          height: 900,
          deviceScaleFactor: 1,
          mobile: false,
        });
      });

      await t.step("bench: one evaluation of a 100 KB input (printed, not asserted)", async () => {
        await open({ text: "", profile: "agent", schema: "", lang: "auto" });
        const inputs = benchInputs();
        for (const [name, text] of Object.entries(inputs)) {
          const times: number[] = [];
          const framed: number[] = [];
          const engine: number[] = [];
          const changeMarks: number[] = [];
          for (let run = 0; run < 5; run++) {
            const variant = run % 2 === 0 ? text : `${text} `;
            const measured = await browser.evaluate<
              { evalMs: number; gateMs: number; frameMs: number; marksMs: number; decision: string }
            >(
              `new Promise((resolve) => {
                const area = document.getElementById("text");
                const before = Number(document.body.dataset.evaluations);
                area.value = ${JSON.stringify(variant)};
                area.dispatchEvent(new Event("input"));
                const poll = () => {
                  const data = document.body.dataset;
                  if (Number(data.evaluations) === before) return setTimeout(poll, 5);
                  const done = performance.now();
                  const ms = Number(data.evalMs);
                  requestAnimationFrame(() => {
                    const framed = ms + (performance.now() - done);
                    const marked = () => data.marked !== data.evaluations ? setTimeout(marked, 5) :
                      resolve({ evalMs: ms, gateMs: Number(data.gateMs), frameMs: framed,
                        marksMs: Number(data.marksMs), decision: data.decision });
                    marked();
                  });
                };
                poll();
              })`,
            );
            times.push(measured.evalMs);
            engine.push(measured.gateMs);
            changeMarks.push(measured.marksMs);
            framed.push(measured.frameMs);
            if (run === 0) assert.notEqual(measured.decision, "error");
          }
          const median = (values: number[]) =>
            values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
          const marks = await browser.evaluate<number>(
            `document.querySelectorAll("#annotated mark").length`,
          );
          console.log(
            `playground bench, ${name} (${text.length} chars, ${marks} highlights): ` +
              `evaluation (gate + rendering) median ${median(times).toFixed(1)} ms ` +
              `[${times.map((x) => x.toFixed(1)).join(", ")}], ` +
              `of which the engine's part median ${median(engine).toFixed(1)} ms; ` +
              `to the next frame median ${median(framed).toFixed(1)} ms; best ${
                Math.min(...times).toFixed(1)
              } ms; then the repaired text's change marks median ${
                median(changeMarks).toFixed(1)
              } ms`,
          );
        }
        await saveScreenshot(browser, "9-bench-100kb");
      });

      await t.step("the page made no request but file: and logged no error", () => {
        const foreign = browser.requests.filter((url) => !/^(file|data|about):/.test(url));
        assert.deepEqual(foreign, []);
        assert.ok(
          browser.requests.some((url) => url.startsWith("file:")),
          "no request was seen at all",
        );
        assert.deepEqual(browser.errors, []);
      });
    } finally {
      await browser.close();
      await Deno.remove(out, { recursive: true });
    }
  },
});

/** Inputs of 100 KB: pretty tool-call arguments with cosmetic repairs, and the same cut off. */
function benchInputs(): Record<string, string> {
  const items: string[] = [];
  let size = 0;
  for (let i = 0; size < 100_000; i++) {
    const python = i % 8 === 0 ? "True" : "true";
    const item = `  {\n    "id": ${i},\n    "path": "/srv/data/file-${i}.csv",\n` +
      `    "recursive": ${python},\n    "owner": ${
        i % 10 === 0 ? "'ops'" : '"ops"'
      },\n    "tags": ["a", "b", "c"]${i % 5 === 0 ? "," : ""}\n  }`;
    items.push(item);
    size += item.length + 2;
  }
  const cosmetic = `${FENCE}json\n[\n${items.join(",\n")}\n]\n${FENCE}`;
  return { "cosmetic repairs": cosmetic, "truncated": cosmetic.slice(0, 100_000) };
}
