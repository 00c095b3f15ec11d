/**
 * Caller errors go to the host, never to the model. Every mistake of the host (options that are
 * not an object, an unknown option or profile, an option of the wrong type or range, a bad
 * declaration, a `text` or chunk that is not a string) is thrown by every call as a
 * `CallerError` with its code (`E050`, `E070`), the JSON pointer of the offending option, and a
 * message naming it; none becomes a retry prompt. And the other half of the contract: for every
 * string `text`, no call ever throws.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  CallerError,
  DEFAULT_MAX_INPUT,
  DEFAULT_MAX_TOKEN,
  gate,
  type GateOptions,
  JsonStream,
  MAX_DECLARATION_DEPTH,
  MAX_DEPTH_CEILING,
  PROFILE_NAMES,
  readiness,
  repair,
  validate,
} from "../mod.ts";
import { resolveOptions } from "../engine/profiles.ts";
import { mulberry32 } from "./fixtures/random.ts";

/** One caller error: the call, and what it must throw. */
interface CallerCase {
  /** What the host got wrong. */
  readonly behaviour: string;
  /** The call that must throw. */
  readonly call: () => unknown;
  /** `E050` (options, arguments) or `E070` (declarations). */
  readonly code: "E050" | "E070";
  /** The exact JSON pointer of the offending option. */
  readonly pointer: string;
  /** A fragment the message must hold (it names the option and what is wrong). */
  readonly fragment: string;
}

const TEXT = '{"query":"x"}';
/** Each way a library caller passes options, named as the message names it. */
const OPTION_CALLS: readonly { name: string; call: (options: unknown) => unknown }[] = [
  { name: "gate", call: (options) => gate(TEXT, options as GateOptions) },
  { name: "repair", call: (options) => repair(TEXT, options as GateOptions) },
  { name: "JsonStream", call: (options) => new JsonStream(options as GateOptions) },
];
/** Each call that takes a declaration. */
const DECLARATION_CALLS: readonly { name: string; call: (options: unknown) => unknown }[] = [
  ...OPTION_CALLS,
  { name: "validate", call: (options) => validate(TEXT, options as GateOptions) },
  { name: "readiness", call: (options) => readiness(TEXT, options as GateOptions) },
];

const PROFILES_LISTED = `use one of ${PROFILE_NAMES.join(", ")}`;
const GATE_OPTIONS =
  "the options are profile, maxLoss, allowAmbiguity, skipProse, maxDepth, maxInput, maxToken, schema, schemaJson";

/** [behaviour, options, pointer, fragment]: options every profile-taking call refuses alike. */
const BAD_OPTIONS: readonly {
  behaviour: string;
  options: unknown;
  pointer: string;
  fragment: string;
}[] = [
  {
    behaviour: "null options",
    options: null,
    pointer: "",
    fragment: "must be an object (or omitted); got null",
  },
  {
    behaviour: "a profile passed as a bare string",
    options: "agent",
    pointer: "",
    fragment: 'got the string "agent"; to choose a profile, pass { profile: "agent" }',
  },
  {
    behaviour: "a bare string that is no profile",
    options: "loose",
    pointer: "",
    fragment: 'got the string "loose"',
  },
  {
    behaviour: "an array of options",
    options: [{ profile: "agent" }],
    pointer: "",
    fragment: "got an array",
  },
  { behaviour: "a BigInt as options", options: 7n, pointer: "", fragment: "got the bigint 7n" },
  {
    behaviour: "a Symbol as options",
    options: Symbol("agent"),
    pointer: "",
    fragment: "got a symbol",
  },
  { behaviour: "a boolean as options", options: true, pointer: "", fragment: "got true" },
  {
    behaviour: "a function as options",
    options: () => "agent",
    pointer: "",
    fragment: "got a function",
  },
  {
    behaviour: "an unknown profile",
    options: { profile: "loose" },
    pointer: "/profile",
    fragment: `unknown profile "loose"; ${PROFILES_LISTED}`,
  },
  {
    behaviour: "a misspelt profile",
    options: { profile: "agnet" },
    pointer: "/profile",
    fragment: `unknown profile "agnet" (did you mean "agent"?); ${PROFILES_LISTED}`,
  },
  {
    behaviour: "a profile in the wrong case",
    options: { profile: "Strict" },
    pointer: "/profile",
    fragment: 'unknown profile "Strict" (did you mean "strict"?)',
  },
  {
    behaviour: "a null profile",
    options: { profile: null },
    pointer: "/profile",
    fragment: "got null",
  },
  {
    behaviour: "a numeric profile",
    options: { profile: 3 },
    pointer: "/profile",
    fragment: "got the number 3",
  },
  {
    behaviour: "a Symbol profile",
    options: { profile: Symbol() },
    pointer: "/profile",
    fragment: "got a symbol",
  },
  {
    behaviour: "an unknown max_loss",
    options: { maxLoss: "none" },
    pointer: "/maxLoss",
    fragment: 'max_loss must be one of exact, cosmetic, lossy; got the string "none"',
  },
  {
    behaviour: "a misspelt max_loss",
    options: { maxLoss: "cosmtic" },
    pointer: "/maxLoss",
    fragment: '(did you mean "cosmetic"?)',
  },
  {
    behaviour: "a numeric max_loss",
    options: { maxLoss: 1 },
    pointer: "/maxLoss",
    fragment: "got the number 1",
  },
  {
    behaviour: 'skip_prose given as the string "false"',
    options: { skipProse: "false" },
    pointer: "/skipProse",
    fragment: 'skip_prose must be true or false; got the string "false"',
  },
  {
    behaviour: "skip_prose given as 0",
    options: { skipProse: 0 },
    pointer: "/skipProse",
    fragment: "got the number 0",
  },
  {
    behaviour: "allow_ambiguity given as a string",
    options: { allowAmbiguity: "yes" },
    pointer: "/allowAmbiguity",
    fragment: 'allow_ambiguity must be true or false; got the string "yes"',
  },
  {
    behaviour: "allow_ambiguity given as null",
    options: { allowAmbiguity: null },
    pointer: "/allowAmbiguity",
    fragment: "got null",
  },
  ...[0, -1, 2.5, MAX_DEPTH_CEILING + 1, NaN, Infinity, -Infinity].map((bad) => ({
    behaviour: `max_depth ${bad}`,
    options: { maxDepth: bad },
    pointer: "/maxDepth",
    fragment: `max_depth must be an integer from 1 to ${MAX_DEPTH_CEILING}; got the number ${bad}`,
  })),
  {
    behaviour: "max_depth as a string",
    options: { maxDepth: "64" },
    pointer: "/maxDepth",
    fragment: 'got the string "64"',
  },
  {
    behaviour: "max_depth as a BigInt",
    options: { maxDepth: 64n },
    pointer: "/maxDepth",
    fragment: "got the bigint 64n",
  },
  {
    behaviour: "max_depth as a Symbol",
    options: { maxDepth: Symbol() },
    pointer: "/maxDepth",
    fragment: "got a symbol",
  },
  {
    behaviour: "max_depth as null",
    options: { maxDepth: null },
    pointer: "/maxDepth",
    fragment: "got null",
  },
  ...[0, 1.5, DEFAULT_MAX_INPUT + 1].map((bad) => ({
    behaviour: `max_input ${bad}`,
    options: { maxInput: bad },
    pointer: "/maxInput",
    fragment: `max_input must be an integer from 1 to ${DEFAULT_MAX_INPUT}; got the number ${bad}`,
  })),
  ...[0, NaN, DEFAULT_MAX_TOKEN + 1].map((bad) => ({
    behaviour: `max_token ${bad}`,
    options: { maxToken: bad },
    pointer: "/maxToken",
    fragment: `max_token must be an integer from 1 to ${DEFAULT_MAX_TOKEN}; got the number ${bad}`,
  })),
  {
    behaviour: "max_token as a BigInt",
    options: { maxToken: 5n },
    pointer: "/maxToken",
    fragment: "got the bigint 5n",
  },
  {
    behaviour: "an option in the wrong case",
    options: { maxdepth: 9 },
    pointer: "/maxdepth",
    fragment: `unknown option "maxdepth" of CALL() (did you mean "maxDepth"?); ${GATE_OPTIONS}`,
  },
  {
    behaviour: "an option spelt as on the wire",
    options: { schema_json: {} },
    pointer: "/schema_json",
    fragment: 'unknown option "schema_json" of CALL() (did you mean "schemaJson"?)',
  },
  {
    behaviour: "a misspelt option",
    options: { profle: "agent" },
    pointer: "/profle",
    fragment: '(did you mean "profile"?)',
  },
  {
    behaviour: "an option nothing resembles",
    options: { banana: 1 },
    pointer: "/banana",
    fragment: `unknown option "banana" of CALL(); ${GATE_OPTIONS}`,
  },
];

/** Declarations the compiler refuses, for every call that takes one. */
const BAD_DECLARATIONS: readonly {
  behaviour: string;
  options: unknown;
  pointer: string;
  fragment: string;
}[] = [
  {
    behaviour: "a malformed declaration",
    options: { schema: "{!query:}" },
    pointer: "/schema",
    fragment: "expected a type after ':', found '}'",
  },
  {
    behaviour: "a misspelt type",
    options: { schema: "{!query:strin}" },
    pointer: "/schema",
    fragment: 'unknown type "strin"',
  },
  {
    behaviour: "an empty declaration",
    options: { schema: "" },
    pointer: "/schema",
    fragment: "expected a type",
  },
  {
    behaviour: "a declaration that is not a string",
    options: { schema: 5 },
    pointer: "/schema",
    fragment: "schema must be a string, found number",
  },
  {
    behaviour: "a declaration nested too deep",
    options: {
      schema: "[".repeat(MAX_DECLARATION_DEPTH + 1) + "string" +
        "]".repeat(MAX_DECLARATION_DEPTH + 1),
    },
    pointer: "/schema",
    fragment: `declaration nested deeper than ${MAX_DECLARATION_DEPTH} levels`,
  },
  {
    behaviour: "both schema and schema_json",
    options: { schema: "{!query:string}", schemaJson: { type: "object" } },
    pointer: "",
    fragment: "give either schema or schema_json, not both",
  },
  {
    behaviour: "an unknown JSON Schema keyword with strictKeywords",
    options: { schemaJson: { type: "object", "x-unknown": false }, strictKeywords: true },
    pointer: "/schemaJson/x-unknown",
    fragment: 'unsupported keyword "x-unknown"',
  },
  {
    behaviour: "a JSON Schema keyword refused in every mode",
    options: { schemaJson: { type: "object", properties: { a: { $dynamicRef: "#x" } } } },
    pointer: "/schemaJson/properties/a/$dynamicRef",
    fragment: 'unsupported keyword "$dynamicRef"',
  },
  ...[
    { where: "enum", schemaJson: { enum: ["a", 1n] }, pointer: "/schemaJson/enum/1" },
    { where: "const", schemaJson: { const: 1n }, pointer: "/schemaJson/const" },
    {
      where: "a nested const",
      schemaJson: { const: { a: [1n] } },
      pointer: "/schemaJson/const/a/0",
    },
    { where: "minLength", schemaJson: { minLength: 1n }, pointer: "/schemaJson/minLength" },
    { where: "maximum", schemaJson: { maximum: 10n }, pointer: "/schemaJson/maximum" },
    { where: "type", schemaJson: { type: 1n }, pointer: "/schemaJson/type" },
    {
      where: "a property's schema",
      schemaJson: { properties: { a: { minItems: 2n } } },
      pointer: "/schemaJson/properties/a/minItems",
    },
    { where: "an unknown keyword", schemaJson: { "x-n": 5n }, pointer: "/schemaJson/x-n" },
  ].map((row) => ({
    behaviour: `a BigInt in ${row.where}`,
    options: { schemaJson: row.schemaJson },
    pointer: row.pointer,
    fragment: "(JSON has no BigInt; write a number)",
  })),
  ...[
    // deno-lint-ignore no-sparse-arrays
    { where: "allOf", schemaJson: { allOf: [{}, , {}] }, pointer: "/schemaJson/allOf/1" },
    // deno-lint-ignore no-sparse-arrays
    { where: "anyOf", schemaJson: { anyOf: [, {}] }, pointer: "/schemaJson/anyOf/0" },
    // deno-lint-ignore no-sparse-arrays
    { where: "enum", schemaJson: { enum: [1, , 2] }, pointer: "/schemaJson/enum/1" },
    // deno-lint-ignore no-sparse-arrays
    {
      where: "required",
      schemaJson: { required: ["a", , "b"] },
      pointer: "/schemaJson/required/1",
    },
    // deno-lint-ignore no-sparse-arrays
    { where: "type", schemaJson: { type: ["string", , "null"] }, pointer: "/schemaJson/type/1" },
    {
      where: "prefixItems",
      // deno-lint-ignore no-sparse-arrays
      schemaJson: { prefixItems: [{}, , {}] },
      pointer: "/schemaJson/prefixItems/1",
    },
    // deno-lint-ignore no-sparse-arrays
    { where: "a const array", schemaJson: { const: [1, , 3] }, pointer: "/schemaJson/const/1" },
  ].map((row) => ({
    behaviour: `an array hole in ${row.where}`,
    options: { schemaJson: row.schemaJson },
    pointer: row.pointer,
    fragment: "a hole in an array",
  })),
  {
    behaviour: "a JSON Schema that is a string",
    options: { schemaJson: "object" },
    pointer: "/schemaJson",
    fragment: "must be an object or a boolean",
  },
];

/** Arguments that are not text, for every call that reads text. */
const NOT_TEXT: readonly { behaviour: string; text: unknown; fragment: string }[] = [
  { behaviour: "a number", text: 42, fragment: "got the number 42" },
  { behaviour: "undefined", text: undefined, fragment: "got undefined" },
  { behaviour: "null", text: null, fragment: "got null" },
  { behaviour: "a String object", text: new String("{}"), fragment: "got an object" },
  { behaviour: "bytes", text: new TextEncoder().encode("{}"), fragment: "got an object" },
  { behaviour: "an array of chunks", text: ["{", "}"], fragment: "got an array" },
  { behaviour: "a BigInt", text: 1n, fragment: "got the bigint 1n" },
  { behaviour: "a Symbol", text: Symbol("{}"), fragment: "got a symbol" },
  { behaviour: "a parsed value", text: { a: 1 }, fragment: "got an object" },
];

const TEXT_CALLS: readonly { name: string; call: (text: unknown) => unknown }[] = [
  { name: "gate", call: (text) => gate(text as string) },
  { name: "repair", call: (text) => repair(text as string) },
  { name: "validate", call: (text) => validate(text as string) },
  { name: "readiness", call: (text) => readiness(text as string) },
];

const CASES: CallerCase[] = [
  ...BAD_OPTIONS.flatMap((row) =>
    OPTION_CALLS.map(({ name, call }) => ({
      behaviour: `${name}: ${row.behaviour}`,
      call: () => call(row.options),
      code: "E050" as const,
      pointer: row.pointer,
      fragment: row.fragment.replace("CALL()", `${name}()`),
    }))
  ),
  ...BAD_DECLARATIONS.flatMap((row) =>
    DECLARATION_CALLS.map(({ name, call }) => ({
      behaviour: `${name}: ${row.behaviour}`,
      call: () => call(row.options),
      code: "E070" as const,
      pointer: row.pointer,
      fragment: row.fragment,
    }))
  ),
  ...NOT_TEXT.flatMap((row) =>
    TEXT_CALLS.map(({ name, call }) => ({
      behaviour: `${name}: a text that is ${row.behaviour}`,
      call: () => call(row.text),
      code: "E050" as const,
      pointer: "/text",
      fragment: `the text of ${name}() must be a string (the raw model output); ${row.fragment}`,
    }))
  ),
  ...NOT_TEXT.map((row) => ({
    behaviour: `JsonStream.push: a chunk that is ${row.behaviour}`,
    call: () => new JsonStream().push(row.text as string),
    code: "E050" as const,
    pointer: "/chunk",
    fragment:
      `the chunk of JsonStream.push() must be a string (the raw model output); ${row.fragment}`,
  })),
  {
    behaviour: "validate: a profile (validate never repairs, so it takes none)",
    call: () => validate(TEXT, { profile: "agent" } as GateOptions),
    code: "E050",
    pointer: "/profile",
    fragment: 'unknown option "profile" of validate(); the options are schema, schemaJson',
  },
  {
    behaviour: "readiness: a limit option",
    call: () => readiness(TEXT, { maxDepth: 8 } as GateOptions),
    code: "E050",
    pointer: "/maxDepth",
    fragment: 'unknown option "maxDepth" of readiness()',
  },
  {
    behaviour: "validate: null options",
    call: () => validate(TEXT, null as unknown as GateOptions),
    code: "E050",
    pointer: "",
    fragment: "the options of validate() must be an object (or omitted); got null",
  },
  {
    behaviour: "readiness: a bare profile string",
    call: () => readiness(TEXT, "strict" as unknown as GateOptions),
    code: "E050",
    pointer: "",
    fragment: 'the options of readiness() must be an object (or omitted); got the string "strict"',
  },
  {
    behaviour: "resolveOptions: max_depth above its ceiling",
    call: () => resolveOptions({ maxDepth: MAX_DEPTH_CEILING + 1 }),
    code: "E050",
    pointer: "/maxDepth",
    fragment: `max_depth must be an integer from 1 to ${MAX_DEPTH_CEILING}; got the number ${
      MAX_DEPTH_CEILING + 1
    }`,
  },
];

/** What `call` threw, or a failure when it threw nothing or something else. */
function callerErrorOf(call: () => unknown, behaviour: string): CallerError {
  try {
    call();
  } catch (error) {
    if (error instanceof CallerError) return error;
    throw new assert.AssertionError({
      message: `${behaviour}: threw ${String(error)}, not a CallerError`,
    });
  }
  throw new assert.AssertionError({ message: `${behaviour}: nothing was thrown` });
}

Deno.test("every caller error is thrown as a CallerError with its code, pointer and message", async (t) => {
  for (const row of CASES) {
    await t.step(row.behaviour, () => {
      const error = callerErrorOf(row.call, row.behaviour);
      assert.equal(error.name, "CallerError");
      assert.ok(error instanceof Error);
      assert.equal(error.code, row.code);
      assert.equal(error.pointer, row.pointer);
      assert.ok(error.message.includes(row.fragment), `${error.message}\n  lacks ${row.fragment}`);
      const head = `${row.code} ${row.code === "E050" ? "OptionOutOfRange" : "SchemaError"}`;
      assert.equal(
        error.message,
        `${head}${row.pointer === "" ? "" : ` at ${row.pointer}`}: ${error.detail}`,
      );
      assert.ok(!error.message.includes("Re-emit"), "a caller error is no prompt for the model");
    });
  }
});

Deno.test("a caller error is thrown before anything is read, whatever the text", () => {
  for (const text of ["", "not json", '{"a":1', "[".repeat(10_000)]) {
    assert.equal(callerErrorOf(() => gate(text, { profile: "x" } as never), text).code, "E050");
    assert.equal(callerErrorOf(() => validate(text, { schema: "{" }), text).code, "E070");
  }
});

Deno.test("valid options at their bounds are accepted by every call", () => {
  const bounds: GateOptions[] = [
    { maxDepth: 1, maxInput: 1, maxToken: 1 },
    { maxDepth: MAX_DEPTH_CEILING, maxInput: DEFAULT_MAX_INPUT, maxToken: DEFAULT_MAX_TOKEN },
    { profile: undefined, maxLoss: undefined, schema: undefined, schemaJson: undefined },
    { schema: null as unknown as string, schemaJson: null },
    ...PROFILE_NAMES.map((profile) => ({ profile, skipProse: false, allowAmbiguity: true })),
  ];
  for (const options of bounds) {
    gate("[1]", options);
    repair("[1]", options);
    const stream = new JsonStream(options);
    stream.push("[1]");
    stream.end();
  }
  validate("[1]", { schema: undefined });
  readiness("[1]", {});
});

/** Pieces weird text is built from: JSON syntax, prose, hazards, broken Unicode. */
const PIECES: readonly string[] = [
  "{",
  "}",
  "[",
  "]",
  ":",
  ",",
  '"',
  "'",
  "`",
  "```",
  "```json\n",
  "\\",
  "\\u",
  "\\uD800",
  "\\uDC00",
  "\uD800",
  "\uDC00",
  "\uFEFF",
  "\u200B",
  "\u202E",
  "\u0000",
  "\u001F",
  "\u007F",
  "\u2028",
  "\n",
  "\r\n",
  "\t",
  " ",
  "-",
  "+",
  "0",
  "-0",
  "-0x0",
  "0x",
  "1e",
  "1e+",
  "1.",
  ".5",
  "9007199254740993",
  "1_000",
  "NaN",
  "Infinity",
  "true",
  "True",
  "null",
  "None",
  "undefined",
  "a",
  "key",
  "/*",
  "*/",
  "//",
  "#",
  "<tool_call>",
  "</tool_call>",
  "Here you go:",
  "Wait, that is wrong.",
  "\u{1F600}",
  "\u{E0041}",
  "ſ",
  "ı",
];

function weirdText(next: () => number): string {
  const length = Math.floor(next() * 24);
  let text = "";
  for (let k = 0; k < length; k++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

/** Every call on a string text, under every profile and with no options: none may throw. */
function everyCall(text: string, chunk: number): void {
  gate(text);
  repair(text);
  validate(text);
  readiness(text);
  for (const profile of PROFILE_NAMES) {
    gate(text, { profile });
    repair(text, { profile });
  }
  const stream = new JsonStream();
  for (let k = 0; k < text.length; k += chunk) {
    const snapshot = stream.push(text.slice(k, k + chunk));
    void snapshot.value;
    void snapshot.final;
    void snapshot.complete;
    void snapshot.error;
  }
  stream.end();
}

Deno.test("for every string text, no call ever throws", async (t) => {
  const fixed = [
    "",
    " ",
    "\uD800",
    "\uDC00",
    "\uFEFF",
    "\u0000",
    "[".repeat(100_000),
    "{".repeat(10_000),
    '{"a":'.repeat(5_000),
    "]".repeat(1_000),
    "-0x0",
    "[-0x0]",
    "0x",
    "-",
    '"',
    "'",
    "```",
    "/*",
    "\\",
  ];
  await t.step("fixed inputs", () => {
    for (const text of fixed) everyCall(text, 3);
  });
  const seed = 0x15_09;
  await t.step(`2000 generated inputs (seed ${seed})`, () => {
    const next = mulberry32(seed);
    for (let k = 0; k < 2000; k++) {
      const text = weirdText(next);
      try {
        everyCall(text, 1 + Math.floor(next() * 5));
      } catch (error) {
        throw new assert.AssertionError({
          message: `${JSON.stringify(text)} threw ${String(error)}`,
        });
      }
    }
  });
});
