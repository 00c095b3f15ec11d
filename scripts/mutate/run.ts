/**
 * `deno task mutate [FILE[:LINES]…] [--concurrency=N] [--exclude=TEST,…] [--timeout-ms=N]`: mutation testing of the engine's decision code
 * with Stryker (`@stryker-mutator/core` 9, on Node, installed into `scripts/mutate/node_modules`
 * from this folder's lock file on first use). Stryker's command runner runs
 * `deno test --no-check` on the test files that specify each engine file (the table below), once
 * per mutant, in a sandbox copy of the repository. Reports go to `reports/mutation/` (gitignored):
 * `<file>.html` and `<file>.json` per engine file. Dev-only: nothing here is imported by the engine,
 * the CLI or the tests. It takes minutes per file; it is not part of CI. See docs/TESTING.md.
 * `FILE:LINES` (Stryker's own form, e.g. `engine/gate.ts:1-200`) mutates only those lines; its
 * report is named after the range (`gate.1-200.json`); `+` joins ranges (`gate.ts:1-9+20-29`).
 *
 * @example
 * ```ts ignore
 * // deno task mutate engine/classify.ts
 * ```
 *
 * @module
 */

const ROOT = new URL("../../", import.meta.url);
const HERE = new URL("./", import.meta.url);

/** The scanner's specification, fastest first (`tests/stream_test.ts`, every split point, last). */
const SCANNER_TESTS = [
  "tests/scanner_test.ts",
  "tests/attack_numbers_test.ts",
  "tests/attack_keys_test.ts",
  "tests/attack_candidates_test.ts",
  "tests/number_exact_test.ts",
  "tests/positions_test.ts",
  "tests/depth_test.ts",
  "tests/early_stop_test.ts",
  "tests/one_reading_test.ts",
  "tests/fewer_refusals_test.ts",
  "tests/jsontestsuite_test.ts",
  "tests/stream_test.ts",
];

const DECLARATION_TESTS = [
  "tests/declarations_test.ts",
  "tests/jsonschema_test.ts",
  "tests/compile_test.ts",
];

/** After a keyword module's own table: the tests that check every keyword on every evaluator. */
const KEYWORD_TESTS = [
  "tests/keywords/catalogue_test.ts",
  "tests/check_edges_test.ts",
  "tests/jsonschema_test.ts",
  "tests/declarations_test.ts",
];

/** A keyword module (`engine/declarations/keywords/<name>.ts`) and its table first. */
function keywordTarget(name: string): [string, readonly string[]] {
  return [
    `engine/declarations/keywords/${name}.ts`,
    [`tests/keywords/${name}_test.ts`, ...KEYWORD_TESTS],
  ];
}

/** The keyword modules, each specified by its table in `tests/keywords/`. */
const KEYWORD_MODULES = [
  "type",
  "enum_const",
  "numeric_bounds",
  "multiple_of",
  "string_length",
  "pattern",
  "format",
  "array_length",
  "unique_items",
  "member_count",
  "items",
  "contains",
  "properties",
  "required",
  "ref",
  "combinators",
  "conditional",
  "unevaluated",
] as const;

/**
 * The engine's decision code, each with the test files that specify it, the fastest and
 * sharpest first: the run stops at the first failing test, so a killed mutant costs little.
 */
export const TARGETS: Readonly<Record<string, readonly string[]>> = {
  "engine/classify.ts": [
    "tests/classify_test.ts",
    "tests/gate_test.ts",
    "tests/operations_test.ts",
  ],
  "engine/profiles.ts": [
    "tests/profiles_test.ts",
    "tests/caller_errors_test.ts",
    "tests/operations_test.ts",
    "tests/gate_test.ts",
  ],
  "engine/retry.ts": [
    "tests/retry_test.ts",
    "tests/gate_test.ts",
    "tests/positions_test.ts",
  ],
  "engine/gate.ts": [
    "tests/gate_test.ts",
    "tests/gate_clean_test.ts",
    "tests/gate_render_test.ts",
    "tests/classify_test.ts",
    "tests/caller_errors_test.ts",
    "tests/value_text_test.ts",
  ],
  "engine/validate.ts": [
    "tests/operations_test.ts",
    "tests/caller_errors_test.ts",
  ],
  "engine/readiness.ts": [
    "tests/operations_test.ts",
    "tests/caller_errors_test.ts",
  ],
  "engine/repair.ts": [
    "tests/operations_test.ts",
    "tests/caller_errors_test.ts",
  ],
  "engine/declarations/check.ts": [
    "tests/check_edges_test.ts",
    "tests/jsonschema_test.ts",
    "tests/declarations_test.ts",
    "tests/compile_test.ts",
    "tests/verdict_test.ts",
  ],
  "engine/declarations/language.ts": [
    "tests/language_test.ts",
    ...DECLARATION_TESTS,
  ],
  "engine/declarations/jsonschema.ts": [
    "tests/jsonschema_refusals_test.ts",
    "tests/jsonschema_keywords_test.ts",
    "tests/jsonschema_test.ts",
    "tests/compile_test.ts",
    "tests/declarations_test.ts",
  ],
  "engine/declarations/compile.ts": [
    "tests/compile_test.ts",
    "tests/declarations_test.ts",
    "tests/jsonschema_test.ts",
  ],
  "engine/declarations/exact.ts": [
    "tests/exact_numbers_test.ts",
    "tests/gate_clean_test.ts",
    "tests/number_exact_test.ts",
  ],
  "engine/declarations/flat_object.ts": [
    "tests/flat_object_test.ts",
    "tests/gate_clean_test.ts",
  ],
  "engine/declarations/verdict.ts": [
    "tests/verdict_test.ts",
    ...DECLARATION_TESTS,
  ],
  "engine/declarations/form.ts": [
    "tests/form_test.ts",
    "tests/verdict_test.ts",
    "tests/language_test.ts",
    ...DECLARATION_TESTS,
  ],
  "engine/declarations/describe.ts": [
    "tests/describe_test.ts",
    "tests/declarations_test.ts",
    "tests/jsonschema_test.ts",
    "tests/verdict_test.ts",
  ],
  "engine/declarations/format.ts": [
    "tests/format_test.ts",
    "tests/jsonschema_test.ts",
    "tests/compile_test.ts",
    "tests/jsonschema_keywords_test.ts",
  ],
  "engine/declarations/pattern.ts": [
    "tests/pattern_test.ts",
    "tests/jsonschema_refusals_test.ts",
    "tests/language_test.ts",
    "tests/jsonschema_test.ts",
    "tests/declarations_test.ts",
  ],
  "engine/compile.ts": ["tests/compile_test.ts", "tests/gate_test.ts"],
  "engine/fast_path.ts": [
    "tests/fast_path_test.ts",
    "tests/gate_clean_test.ts",
    "tests/early_stop_test.ts",
  ],
  // The tables only: the property sweeps (tests/hazards_property_test.ts) walk 1.1 million code
  // points each, which instrumented code makes 16 s per mutant.
  "engine/hazards.ts": ["tests/hazards_test.ts"],
  ...Object.fromEntries(KEYWORD_MODULES.map(keywordTarget)),
  // Not a keyword: the scalar tests the object and array checks run inline.
  "engine/declarations/keywords/leaf.ts": [
    "tests/keywords/leaf_test.ts",
    "tests/keywords/properties_test.ts",
    "tests/keywords/items_test.ts",
    ...KEYWORD_TESTS,
  ],
  "engine/declarations/keywords/keyword.ts": [
    "tests/keywords/unique_items_test.ts",
    "tests/check_edges_test.ts",
    "tests/describe_test.ts",
    ...DECLARATION_TESTS,
  ],
  "engine/declarations/keywords/catalogue.ts": [
    "tests/jsonschema_refusals_test.ts",
    "tests/describe_test.ts",
    ...DECLARATION_TESTS,
  ],
  // The scanner, one module at a time (docs/ENGINE.md, "The scanner's modules").
  "engine/scanner/chars.ts": ["tests/scanner/chars_test.ts", ...SCANNER_TESTS],
  "engine/scanner/numbers.ts": [
    "tests/scanner/numbers_test.ts",
    "tests/number_exact_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/number_reader.ts": [
    "tests/scanner/number_reader_test.ts",
    "tests/number_exact_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/strings.ts": [
    "tests/scanner/strings_test.ts",
    "tests/attack_hazards_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/keys.ts": ["tests/scanner/keys_test.ts", ...SCANNER_TESTS],
  "engine/scanner/words.ts": ["tests/scanner/words_test.ts", ...SCANNER_TESTS],
  "engine/scanner/ignored.ts": [
    "tests/scanner/ignored_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/containers.ts": [
    "tests/scanner/containers_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/value_mode.ts": [
    "tests/scanner/value_mode_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/member_modes.ts": [
    "tests/scanner/member_modes_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/between_tokens.ts": [
    "tests/scanner/between_tokens_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/cut_modes.ts": [
    "tests/scanner/cut_modes_test.ts",
    "tests/stream_linear_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/preamble.ts": [
    "tests/scanner/preamble_test.ts",
    "tests/stream_linear_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/epilogue.ts": [
    "tests/scanner/epilogue_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/state.ts": [
    "tests/scanner/state_test.ts",
    "tests/stream_linear_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/scanner.ts": [
    "tests/scanner/lane_test.ts",
    "tests/scanner/driver_test.ts",
    "tests/stream_linear_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/scan_result.ts": [
    "tests/scanner/scan_result_test.ts",
    ...SCANNER_TESTS,
  ],
  "engine/scanner/codes.ts": ["tests/scanner/codes_test.ts", ...SCANNER_TESTS],
  "engine/scanner/rare_state.ts": [
    "tests/scanner/rare_state_test.ts",
    ...SCANNER_TESTS,
  ],
};

/**
 * A `deno test --filter` regular expression for every test name that does not start with
 * `prefix` (Deno's filters have no lookahead: the name differs at some character of the prefix,
 * or is shorter).
 */
function notStartingWith(prefix: string): string {
  const escape = (c: string) => c.replace(/[\\^$.*+?()[\]{}|\/-]/g, "\\$&");
  const branches = [...prefix].map((c, k) =>
    `${[...prefix.slice(0, k)].map(escape).join("")}[^${escape(c)}]`
  );
  return `/^(${branches.join("|")})|^.{0,${prefix.length - 1}}$/`;
}

/**
 * Tests left out of a target's run: the 24-million-item array of `tests/declarations_test.ts`
 * costs 4 s per mutant of `check.ts`, and the memory bound it pins is pinned in 0.1 s by "a
 * mismatch on millions of items keeps a bounded report" too.
 */
const FILTERS: Readonly<Record<string, string>> = {
  "engine/declarations/check.ts": notStartingWith(
    "gate: a 24-million-item array",
  ),
};

/** `engine/gate.ts:1-200` → `engine/gate.ts`: the file part of a `FILE:LINES` argument. */
function targetOf(asked: string): string {
  const colon = asked.indexOf(":");
  return colon < 0 ? asked : asked.slice(0, colon);
}

async function run(command: string, args: string[], cwd: URL): Promise<number> {
  const child = new Deno.Command(command, {
    args,
    cwd,
    stdout: "inherit",
    stderr: "inherit",
  });
  return (await child.output()).code;
}

const stryker = new URL(
  "node_modules/@stryker-mutator/core/bin/stryker.js",
  HERE,
);

async function ensureInstalled(): Promise<void> {
  try {
    await Deno.stat(stryker);
  } catch {
    const code = await run("npm", ["ci", "--no-audit", "--no-fund"], HERE);
    if (code !== 0) {
      throw new Error("npm ci in scripts/mutate failed (needs node and npm)");
    }
  }
}

async function main(args: string[]): Promise<number> {
  const concurrency = args.find((a) => a.startsWith("--concurrency="))?.split("=")[1] ?? "1";
  const timeout = args.find((a) => a.startsWith("--timeout-ms="))?.split("=")[1] ?? "15000";
  const excluded = args.find((a) => a.startsWith("--exclude="))?.split("=")[1]?.split(",") ??
    [];
  const asked = args.filter((a) => !a.startsWith("--"));
  const files = asked.length > 0 ? asked : Object.keys(TARGETS);
  const unknown = files.filter((file) => TARGETS[targetOf(file)] === undefined);
  if (unknown.length > 0) {
    console.error(
      `not a mutation target: ${unknown.join(", ")}; one of ${Object.keys(TARGETS)}`,
    );
    return 2;
  }
  await ensureInstalled();
  let worst = 0;
  for (const arg of files) {
    const file = targetOf(arg);
    const lines = arg.slice(file.length + 1);
    // Exact ranges (`engine/x.ts:12:5-12:20+…`, e.g. the survivors of a run) name the report by
    // their count: the ranges themselves would not fit in a file name.
    const ranges = lines.length <= 100 ? lines : `${lines.split("+").length}-ranges`;
    const name = file.replace(/^engine\//, "").replace(/\.ts$/, "") +
      (lines === "" ? "" : `.${ranges}`);
    const tests: string[] = [];
    for (const test of TARGETS[file].filter((t) => !excluded.includes(t))) {
      try {
        await Deno.stat(new URL(test, ROOT));
        tests.push(test);
      } catch {
        console.warn(`${test} does not exist; mutating ${file} without it`);
      }
    }
    const config = {
      $schema: "./node_modules/@stryker-mutator/core/schema/stryker-schema.json",
      // `engine/gate.ts:1-9+20-29`: one run over several ranges of the file.
      mutate: lines === "" ? [file] : lines.split("+").map((range) => `${file}:${range}`),
      testRunner: "command",
      // --fail-fast: a killed mutant stops at its first failing test (list the fast,
      // sharp test files first); only survivors pay for the whole set.
      commandRunner: {
        command: `deno test --no-check --fail-fast -A ${tests.join(" ")}${
          FILTERS[file] === undefined ? "" : ` --filter '${FILTERS[file]}'`
        }`,
      },
      coverageAnalysis: "off",
      concurrency: Number(concurrency),
      // On top of 1.5 × the dry run's time: a mutant that loops forever costs this much.
      timeoutMS: Number(timeout),
      reporters: ["clear-text", "progress", "html", "json"],
      htmlReporter: { fileName: `reports/mutation/${name}.html` },
      jsonReporter: { fileName: `reports/mutation/${name}.json` },
      tempDirName: ".stryker-tmp",
      cleanTempDir: true,
      ignorePatterns: [
        "scripts/mutate/node_modules",
        "reports",
        "dist",
        "bench/inputs",
        ".stryker-tmp",
      ],
      disableTypeChecks: false,
      plugins: [],
    };
    const path = new URL(`reports/mutation/${name}.config.json`, ROOT);
    // `engine/declarations/check.ts` reports into `reports/mutation/declarations/`.
    await Deno.mkdir(new URL(".", path), { recursive: true });
    await Deno.writeTextFile(path, JSON.stringify(config, null, 2));
    console.log(`mutating ${file} (tests: ${tests.join(", ")})`);
    const code = await run(
      "node",
      [decodeURIComponent(stryker.pathname), "run", path.pathname],
      ROOT,
    );
    worst = Math.max(worst, code);
  }
  return worst;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
