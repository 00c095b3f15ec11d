/**
 * Streaming: a complete, valid ~32 KB document (the first records of
 * `a_valid.json`, pretty-printed) fed to {@linkcode JsonStream} in 16-char
 * chunks (`push` per chunk, then `end()`; also with `final` and `complete`
 * polled after every push, and with the live `value` read after every push,
 * which scans every chunk as it arrives), against one `gate` call on the
 * whole text (baseline) and against re-parsing the prefix after every chunk
 * with `partial-json`, under `permissive` and the default `agent`.
 * Targets: the stream at most 2× the single call; at least 50× faster than
 * re-parsing.
 *
 * A second set of groups feeds the streaming shapes of `inputs.ts` at 10 KB
 * (baseline) and 100 KB, reading the value after every push: linear cost
 * reads about 10×.
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a dev-only peer of this bench
import { parse as partialParse } from "npm:partial-json@0.1.7";
import { gate, type ProfileName } from "../mod.ts";
import {
  chunksOf,
  feedStream,
  feedStreamPolling,
  feedStreamWatching,
  loadStandardInputs,
  reparsePrefixes,
  STREAM_SHAPES,
  STREAM_SIZES,
  streamDocument,
} from "./inputs.ts";

/** The streamed document's size and chunk size. */
const DOCUMENT_SIZE = 32_768, CHUNK = 16;

const { valid } = await loadStandardInputs();
const document = streamDocument(valid, DOCUMENT_SIZE);
const chunks = chunksOf(document, CHUNK);

for (const profile of ["permissive", "agent"] as const satisfies readonly ProfileName[]) {
  if (feedStream(chunks, { profile }).decision !== "safe") {
    throw new Error(`the streamed document is not safe under ${profile}`);
  }
  const group = `stream ${document.length} chars in ${CHUNK}-char chunks (${profile})`;
  Deno.bench({
    name: "gate, one call",
    group,
    baseline: true,
    fn: () => void gate(document, { profile }),
  });
  Deno.bench({
    name: "JsonStream push per chunk + end",
    group,
    fn: () => void feedStream(chunks, { profile }),
  });
  Deno.bench({
    name: "JsonStream push per chunk, final and complete read after each + end",
    group,
    fn: () => void feedStreamPolling(chunks, { profile }),
  });
  Deno.bench({
    name: "JsonStream push per chunk, value read after each (every chunk scanned) + end",
    group,
    fn: () => void feedStreamWatching(chunks, { profile }),
  });
  Deno.bench({
    name: "partial-json parse(prefix) per chunk",
    group,
    n: 20,
    warmup: 2,
    fn: () => void reparsePrefixes(chunks, partialParse),
  });
}

for (const shape of STREAM_SHAPES) {
  const small = chunksOf(shape.build(STREAM_SIZES.small), CHUNK);
  const large = chunksOf(shape.build(STREAM_SIZES.large), CHUNK);
  const group = `stream shape ${shape.name}`;
  const options = { profile: "permissive" as const };
  Deno.bench({
    name: "10 KB",
    group,
    baseline: true,
    fn: () => void feedStreamWatching(small, options),
  });
  Deno.bench({ name: "100 KB", group, n: 10, fn: () => void feedStreamWatching(large, options) });
}
