/// <reference lib="dom" />
/**
 * The playground page's entry point: reads the state from the URL fragment,
 * evaluates it on load, re-evaluates as the user types (at once for short
 * inputs, after a pause for long ones), writes the state back into the
 * fragment, and wires the examples and the copy buttons. A link without a
 * fragment opens on the first example; an empty text says what the page
 * expects. Nothing is sent anywhere: the engine is bundled into the page.
 *
 * The contract for tests and embedding: after each evaluation
 * `document.body.dataset.decision` holds the decision (`error` for a mistake
 * of the host), `dataset.executable` holds `true` or `false`,
 * `dataset.evaluations` counts evaluations, `dataset.evalMs` holds how long
 * the last one took (gate plus rendering) and `dataset.gateMs` the engine's
 * part of it (gate, display repair, verdict, highlight spans), in
 * milliseconds. For inputs over 20 000 characters the repaired text's change
 * marks come a moment later; `dataset.marked` then equals
 * `dataset.evaluations` and `dataset.marksMs` holds their time.
 *
 * Bundled into `dist/playground/index.html` by `scripts/build_playground.ts`
 * (`deno task playground`).
 *
 * @module
 */

import { PROFILE_NAMES, type Repair, VERSION } from "../mod.ts";
import { type Change, markRepair } from "./diff.ts";
import {
  badgeText,
  evaluate,
  type Evaluation,
  type Mark,
  ruleDocsUrl,
  ruleOf,
} from "./evaluate.ts";
import { EXAMPLES } from "./examples.ts";
import {
  type DeclarationLanguage,
  formatFragment,
  parseFragment,
  type PlaygroundState,
} from "./state.ts";

/** The page's result elements, by role. */
interface ResultElements {
  badge: HTMLElement;
  executable: HTMLElement;
  hostError: HTMLElement;
  annotated: HTMLElement;
  repaired: HTMLElement;
  repairedNote: HTMLElement;
  repairs: HTMLElement;
  verdict: HTMLElement;
  retry: HTMLElement;
  value: HTMLElement;
  schemaKind: HTMLElement;
  copyRetry: HTMLButtonElement;
  copyValue: HTMLButtonElement;
}

const ICONS: Readonly<Record<string, string>> = {
  cosmetic: "\u00B7",
  lossy: "!",
  exact: "\u26A0",
  amb: "?",
};

/** The badge's symbol: executable, refused, or refused for having more than one reading. */
function decisionIcon(decision: string, executable: boolean): string {
  if (executable) return "\u2713";
  return decision === "ambiguous" ? "?" : "\u2717";
}

/** What the copy buttons copy: the texts as the engine gave them (the panes show invisibles). */
const copyable = { retry: "", value: "" };

/** Format and bidi controls, zero-width characters and tag characters: shown as `U+XXXX`. */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Appends text, showing invisible characters as visible `U+XXXX` boxes. */
function appendText(parent: Node, text: string): void {
  if (text === "") return;
  INVISIBLE.lastIndex = 0;
  let at = 0;
  for (let match = INVISIBLE.exec(text); match !== null; match = INVISIBLE.exec(text)) {
    if (match.index > at) parent.appendChild(document.createTextNode(text.slice(at, match.index)));
    const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    const box = element("span", "cp", `U+${code}`);
    box.title = "an invisible character, shown by its code point";
    parent.appendChild(box);
    at = match.index + match[0].length;
  }
  if (at < text.length) parent.appendChild(document.createTextNode(text.slice(at)));
}

/** A catalogue summary without its Markdown code marks. */
function plain(summary: string): string {
  return summary.split("`").join("");
}

function kindOf(mark: Mark): string {
  return mark.ambiguous ? "amb" : mark.severity;
}

function describeRepair(item: Repair): string {
  return `${item.rule} ${item.name} at line ${item.line}, column ${item.column} (offset ${item.offset}): ` +
    `${item.severity}, ambiguity ${item.ambiguity}`;
}

function tipFor(mark: Mark, id: string): HTMLElement {
  const tip = element("span", "tip");
  tip.id = id;
  tip.setAttribute("role", "tooltip");
  for (const item of mark.repairs) {
    const head = element("p");
    head.appendChild(element("b", undefined, `${item.rule} ${item.name}`));
    head.appendChild(
      document.createTextNode(
        ` \u00B7 line ${item.line}, column ${item.column} (offset ${item.offset}) \u00B7 ` +
          `${item.severity}, ambiguity ${item.ambiguity}`,
      ),
    );
    tip.appendChild(head);
    const rule = ruleOf(item.rule);
    if (rule !== undefined) {
      tip.appendChild(element("p", undefined, `What it did: ${plain(rule.summary)}.`));
    }
    const link = element("a", undefined, `${item.rule} ${item.name} in docs/RULES.md`);
    link.href = ruleDocsUrl(item.rule);
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    const linkLine = element("p");
    linkLine.appendChild(link);
    tip.appendChild(linkLine);
  }
  return tip;
}

/** Inputs longer than this wait for a pause in typing before they are evaluated. */
const LONG_INPUT = 20_000;

/** Counts renders, so that a deferred change marking of an older one is dropped. */
let renders = 0;

/** The marks of the annotated input as last rendered, by index (for the lazy tooltips). */
let shownMarks: readonly Mark[] = [];

/**
 * Fills `pre` with `text`, every mark a focusable `<mark>` (with
 * `data-offset`, `data-end`, `data-rules`, `data-index`) that names its
 * rules to screen readers. Tooltips are built when a mark is first hovered
 * or focused ({@linkcode showTip}), so that a long input with hundreds of
 * repairs renders fast.
 */
function renderAnnotated(pre: HTMLElement, text: string, marks: readonly Mark[]): void {
  const fragment = document.createDocumentFragment();
  let at = 0;
  for (let index = 0; index < marks.length; index++) {
    const mark = marks[index];
    appendText(fragment, text.slice(at, mark.start));
    const kind = kindOf(mark);
    const node = element("mark", `r ${kind}${mark.start === mark.end ? " empty" : ""}`);
    node.tabIndex = 0;
    node.dataset.offset = String(mark.start);
    node.dataset.end = String(mark.end);
    node.dataset.rules = mark.repairs.map((item) => item.rule).join(" ");
    node.dataset.index = String(index);
    node.dataset.icon = ICONS[kind];
    appendText(node, text.slice(mark.start, mark.end));
    const hidden = element(
      "span",
      "sr-only",
      ` (${mark.repairs.map((r) => `${r.rule} ${r.name}`).join(", ")})`,
    );
    node.appendChild(hidden);
    fragment.appendChild(node);
    at = mark.end;
  }
  appendText(fragment, text.slice(at));
  shownMarks = marks;
  pre.replaceChildren(fragment);
}

/** Escape hides the tooltips until the next hover or focus (focus goes back to the mark). */
function dismissTips(event: KeyboardEvent): void {
  if (event.key !== "Escape") return;
  const tip = (event.target as HTMLElement).closest?.(".tip");
  if (tip) (tip.previousElementSibling as HTMLElement | null)?.focus();
  view.annotated.classList.add("dismissed");
}

/** Builds a mark's tooltip right after it, once, when it is hovered or focused. */
function showTip(event: Event): void {
  if (event.type === "mouseover" || !(event.target as HTMLElement).closest?.(".tip")) {
    view.annotated.classList.remove("dismissed");
  }
  const target = event.target as HTMLElement | null;
  const node = target?.closest?.("mark.r") as HTMLElement | null;
  if (node === null || node === undefined) return;
  if (!node.hasAttribute("aria-describedby")) {
    const mark = shownMarks[Number(node.dataset.index)];
    if (mark === undefined) return;
    const id = `tip-${node.dataset.index}`;
    node.after(tipFor(mark, id));
    node.setAttribute("aria-describedby", id);
  }
  // The tip is fixed to the viewport, so the scrolling input box never clips it.
  const tip = node.nextElementSibling as HTMLElement;
  const box = node.getBoundingClientRect();
  const below = box.bottom + 200 < innerHeight;
  tip.style.left = `${Math.max(4, Math.min(box.left, innerWidth - 360))}px`;
  tip.style.top = below ? `${box.bottom + 4}px` : "";
  tip.style.bottom = below ? "" : `${innerHeight - box.top + 4}px`;
}

function shorten(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 40)}\u2026${text.slice(-12)}`;
}

function renderChanges(pre: HTMLElement, changes: readonly Change[]): void {
  const fragment = document.createDocumentFragment();
  for (const change of changes) {
    if (change.kind === "same") appendText(fragment, change.text);
    else if (change.kind === "ins") appendText(fragment.appendChild(element("ins")), change.text);
    else {
      const node = element("del");
      node.title = `dropped: ${shorten(change.text)}`;
      appendText(node, shorten(change.text));
      fragment.appendChild(node);
    }
  }
  pre.replaceChildren(fragment);
}

function renderVerdict(target: HTMLElement, evaluation: Evaluation): void {
  const { declaration, verdict, display } = evaluation;
  target.replaceChildren();
  if (declaration.kind === "none") {
    target.appendChild(element("p", "hint", "No declaration given."));
    return;
  }
  if (evaluation.hostError !== null) {
    target.appendChild(
      element("p", "no", "The declaration could not be used: see the error above."),
    );
    return;
  }
  if (verdict === null) {
    const why = display?.error?.message ?? "no value";
    target.appendChild(element("p", "hint", `No value to check against the declaration (${why}).`));
    return;
  }
  const summary = element(
    "p",
    verdict.ok ? "ok" : "no",
    `${
      verdict.ok ? "\u2713 Satisfied" : "\u2717 Not satisfied"
    }: ${verdict.satisfied} of ${verdict.total} ` +
      "top-level members met.",
  );
  target.appendChild(summary);
  if (verdict.ok) return;
  const list = element("ul");
  list.id = "verdict-problems";
  for (const pointer of verdict.missing) {
    const item = element("li", "missing");
    item.dataset.pointer = pointer;
    item.appendChild(element("code", undefined, pointer === "" ? "(root)" : pointer));
    item.appendChild(document.createTextNode(" \u2717 missing (required)"));
    list.appendChild(item);
  }
  for (const mismatch of verdict.mismatched) {
    const item = element("li", "mismatched");
    item.dataset.pointer = mismatch.pointer;
    item.appendChild(
      element("code", undefined, mismatch.pointer === "" ? "(root)" : mismatch.pointer),
    );
    item.appendChild(
      document.createTextNode(` \u2717 expected ${mismatch.expected}, found ${mismatch.found}`),
    );
    list.appendChild(item);
  }
  target.appendChild(list);
}

const LIST_LIMIT = 64;

function renderRepairList(list: HTMLElement, evaluation: Evaluation): void {
  const fragment = document.createDocumentFragment();
  const repairs = evaluation.display?.repairs ?? [];
  for (const item of repairs.slice(0, LIST_LIMIT)) {
    const rule = ruleOf(item.rule);
    fragment.appendChild(
      element(
        "li",
        undefined,
        `${describeRepair(item)}${rule === undefined ? "" : ` \u2014 ${plain(rule.summary)}`}.`,
      ),
    );
  }
  if (repairs.length > LIST_LIMIT) {
    fragment.appendChild(
      element("li", "hint", `and ${repairs.length - LIST_LIMIT} more, highlighted above`),
    );
  }
  if (evaluation.display?.repairs_truncated) {
    fragment.appendChild(
      element("li", "hint", "more repairs were made than the engine lists (256)"),
    );
  }
  list.replaceChildren(fragment);
}

/**
 * Renders an evaluation into the page and returns what the page reports in
 * `document.body.dataset` (decision `error` for a mistake of the host: an
 * unknown profile or a bad declaration).
 */
function renderEvaluation(
  view: ResultElements,
  evaluation: Evaluation,
): { decision: string; executable: boolean } {
  const { result, display, hostError, state, declaration } = evaluation;
  view.schemaKind.textContent = declaration.kind === "json-schema"
    ? "Read as: JSON Schema."
    : declaration.kind === "language"
    ? "Read as: the declaration language."
    : "";
  const decision = result === null ? "error" : result.decision;
  const executable = result?.executable === true;
  // A syntactically safe value refused for its declaration is shown as refused, not as safe.
  view.badge.className = `badge ${decision}${executable ? "" : " blocked"}`;
  view.badge.dataset.icon = decisionIcon(decision, executable);
  view.badge.textContent = badgeText(evaluation);
  view.executable.textContent = result?.executable ? "executable: yes" : "executable: no";
  view.hostError.hidden = hostError === null;
  view.hostError.textContent = hostError === null
    ? ""
    : `${
      hostError.pointer === "/schema" || hostError.code === "E070" ? "Declaration" : "Option"
    } error: ` +
      hostError.message;
  renderAnnotated(view.annotated, state.text, evaluation.marks);
  renderRepairList(view.repairs, evaluation);
  const repairedText = display?.text ?? "";
  view.repaired.replaceChildren(document.createTextNode(repairedText));
  const token = ++renders;
  const markRepaired = () => {
    if (token !== renders) return;
    const started = performance.now();
    const changes = markRepair(state.text, repairedText, display?.repairs ?? []);
    if (changes !== null) renderChanges(view.repaired, changes);
    document.body.dataset.marked = String(token);
    document.body.dataset.marksMs = (performance.now() - started).toFixed(2);
  };
  // A long input shows its repaired text at once and its change marks a moment later.
  if (state.text.length > LONG_INPUT) setTimeout(markRepaired, 0);
  else markRepaired();
  view.repairedNote.textContent = repairedText === ""
    ? `(none: ${display?.error?.message ?? "not evaluated"})`
    : result?.executable
    ? "(what the host executes)"
    : "(display only: the gate does not let this run)";
  const prompt = result?.retry?.prompt ?? "";
  copyable.retry = prompt;
  view.retry.replaceChildren();
  appendText(view.retry, prompt === "" ? "(none: nothing to send back)" : prompt);
  view.copyRetry.disabled = prompt === "";
  const valueText = result?.executable ? result.text : "";
  copyable.value = valueText;
  view.value.replaceChildren();
  appendText(view.value, valueText === "" ? "(none: the gate refused, value is null)" : valueText);
  view.copyValue.disabled = valueText === "";
  renderVerdict(view.verdict, evaluation);
  return { decision, executable };
}

/** The pause, in milliseconds. */
const DEBOUNCE_MS = 200;
/** Fragments longer than this are not written to the address bar. */
const MAX_FRAGMENT = 1_500_000;

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

const text = byId<HTMLTextAreaElement>("text");
const schema = byId<HTMLTextAreaElement>("schema");
const profile = byId<HTMLSelectElement>("profile");
const lang = byId<HTMLSelectElement>("lang");
const timing = byId("timing");
const copied = byId("copied");
const view: ResultElements = {
  badge: byId("badge"),
  executable: byId("executable"),
  hostError: byId("host-error"),
  annotated: byId("annotated"),
  repaired: byId("repaired"),
  repairedNote: byId("repaired-note"),
  repairs: byId("repairs"),
  verdict: byId("verdict"),
  retry: byId("retry"),
  value: byId("value"),
  schemaKind: byId("schema-kind"),
  copyRetry: byId<HTMLButtonElement>("copy-retry"),
  copyValue: byId<HTMLButtonElement>("copy-value"),
};

byId("version").textContent = VERSION;

function setProfileOptions(selected: string): void {
  const names: string[] = [...PROFILE_NAMES];
  // An unknown profile from a link stays visible, so that its error makes sense.
  if (!names.includes(selected)) names.push(selected);
  profile.replaceChildren(...names.map((name) => new Option(name, name, false, name === selected)));
}

function readState(): PlaygroundState {
  return {
    text: text.value,
    profile: profile.value,
    schema: schema.value,
    lang: lang.value as DeclarationLanguage,
  };
}

function showState(state: PlaygroundState): void {
  text.value = state.text;
  schema.value = state.schema;
  lang.value = state.lang;
  setProfileOptions(state.profile);
}

let evaluations = 0;

function run(writeFragment: boolean): void {
  const state = readState();
  const started = performance.now();
  const evaluation = evaluate(state);
  const evaluated = performance.now();
  const { decision, executable } = renderEvaluation(view, evaluation);
  const elapsed = performance.now() - started;
  evaluations++;
  const body = document.body.dataset;
  body.decision = decision;
  body.executable = String(executable);
  body.evaluations = String(evaluations);
  body.evalMs = elapsed.toFixed(2);
  body.gateMs = (evaluated - started).toFixed(2);
  timing.textContent = `evaluated in ${elapsed.toFixed(1)} ms`;
  if (writeFragment) {
    const fragment = formatFragment(state);
    if (fragment.length <= MAX_FRAGMENT) history.replaceState(null, "", `#${fragment}`);
  }
}

let pending: ReturnType<typeof setTimeout> | undefined;

function schedule(): void {
  if (pending !== undefined) clearTimeout(pending);
  const delay = text.value.length + schema.value.length > LONG_INPUT ? DEBOUNCE_MS : 0;
  pending = setTimeout(() => {
    pending = undefined;
    run(true);
  }, delay);
}

/** The state a link without a fragment opens on: the first example, not an empty refusal. */
function openingState(): PlaygroundState {
  const [first] = EXAMPLES;
  return { text: first.text, profile: first.profile, schema: first.schema, lang: "auto" };
}

function loadFragment(): void {
  const bare = location.hash === "" || location.hash === "#";
  showState(bare ? openingState() : parseFragment(location.hash));
  run(false);
}

const buttons = byId("example-buttons");
for (const example of EXAMPLES) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = example.title;
  button.dataset.example = example.id;
  button.addEventListener("click", () => {
    showState({
      text: example.text,
      profile: example.profile,
      schema: example.schema,
      lang: "auto",
    });
    run(true);
  });
  buttons.appendChild(button);
}

async function copy(value: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    copied.textContent = `Copied ${what}.`;
  } catch {
    copied.textContent = `Could not copy ${what}: select it and copy by hand.`;
  }
}

byId("copy-retry").addEventListener(
  "click",
  () => copy(copyable.retry, "the retry prompt"),
);
byId("copy-value").addEventListener("click", () => copy(copyable.value, "the value"));
byId("copy-link").addEventListener("click", () => copy(location.href, "the link"));
view.annotated.addEventListener("focusin", showTip);
view.annotated.addEventListener("mouseover", showTip);
view.annotated.addEventListener("keydown", dismissTips);
text.addEventListener("input", schedule);
schema.addEventListener("input", schedule);
profile.addEventListener("change", schedule);
lang.addEventListener("change", schedule);
addEventListener("hashchange", loadFragment);
loadFragment();
