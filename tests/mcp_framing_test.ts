/**
 * The line reader, in-process: where lines end, what the 8 MiB cap counts,
 * how much memory a line may hold, and what is reported instead of a line.
 *
 * @module
 */

import { deepEqual, equal, ok } from "node:assert/strict";
import { type Frame, LineSplitter, MAX_LINE_BYTES, readFrames } from "../wire/framing.ts";
import { RawInteger } from "../wire/request_id.ts";
import { readChunks } from "../wire/stdio.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

function split(chunks: (string | Uint8Array)[], maxBytes?: number): Frame[] {
  const splitter = new LineSplitter(maxBytes);
  const frames: Frame[] = [];
  for (const chunk of chunks) {
    frames.push(...splitter.push(typeof chunk === "string" ? bytes(chunk) : chunk));
  }
  frames.push(...splitter.end());
  return frames;
}

const line = (text: string): Frame => ({ kind: "line", text });
const tooLong = (id?: string | RawInteger): Frame => ({ kind: "too_long", id });
const INVALID: Frame = { kind: "invalid_utf8" };

Deno.test("the cap is 8 MiB: 8,388,608 bytes", () => {
  equal(MAX_LINE_BYTES, 8_388_608);
});

const cases: {
  name: string;
  chunks: (string | Uint8Array)[];
  maxBytes?: number;
  frames: Frame[];
}[] = [
  { name: "LF ends a line", chunks: ["[1]\n[2]\n"], frames: [line("[1]"), line("[2]")] },
  {
    name: "a CR before the LF is dropped (CRLF)",
    chunks: ["[1]\r\n[2]\r\n"],
    frames: [line("[1]"), line("[2]")],
  },
  {
    name: "a CRLF split across reads",
    chunks: ["[1]\r", "\n[2]"],
    frames: [line("[1]"), line("[2]")],
  },
  { name: "a CR elsewhere is kept", chunks: ['"a\rb"\n'], frames: [line('"a\rb"')] },
  { name: "empty lines are skipped", chunks: ["\n\n[1]\n\r\n\n"], frames: [line("[1]")] },
  { name: "white-space lines are skipped", chunks: ["  \t \n[1]\n"], frames: [line("[1]")] },
  {
    name: "a last line without LF is a line",
    chunks: ["[1]\n[2]"],
    frames: [line("[1]"), line("[2]")],
  },
  {
    name: "a line split across many reads",
    chunks: ["{", '"a"', ":", "1}", "\n"],
    frames: [line('{"a":1}')],
  },
  {
    name: "a UTF-8 character split across reads is decoded whole",
    chunks: [bytes('"€"\n').subarray(0, 2), bytes('"€"\n').subarray(2)],
    frames: [line('"€"')],
  },
  {
    name: "a 4-byte character split byte by byte",
    chunks: [...bytes('"😀"\n')].map((b) => new Uint8Array([b])),
    frames: [line('"😀"')],
  },
  {
    name: "invalid UTF-8 is reported, and the next line still works",
    chunks: [new Uint8Array([0x22, 0xff, 0x22, 0x0a]), "[1]\n"],
    frames: [INVALID, line("[1]")],
  },
  {
    name: "a truncated UTF-8 sequence at the end of a line is invalid",
    chunks: [new Uint8Array([0x22, 0xe2, 0x82, 0x0a])],
    frames: [INVALID],
  },
  { name: "exactly the cap is accepted", maxBytes: 4, chunks: ["1234\n"], frames: [line("1234")] },
  {
    name: "the cap does not count the CR of a CRLF",
    maxBytes: 4,
    chunks: ["1234\r\n"],
    frames: [line("1234")],
  },
  {
    name: "the cap does not count a CR that arrives at the cap in its own read",
    maxBytes: 4,
    chunks: ["1234", "\r", "\n"],
    frames: [line("1234")],
  },
  {
    name: "one byte over the cap is too long",
    maxBytes: 4,
    chunks: ["12345\n[1]\n"],
    frames: [tooLong(), line("[1]")],
  },
  {
    name: "over the cap before the LF arrives: reported once, discarded through the LF",
    maxBytes: 4,
    chunks: ["123", "45", "6789", "0\n[", "2]\n"],
    frames: [tooLong(), line("[2]")],
  },
  {
    name: "a CR at the cap followed by more bytes is too long",
    maxBytes: 4,
    chunks: ["1234\r", "5\n[3]\n"],
    frames: [tooLong(), line("[3]")],
  },
  {
    name: "the cap counts UTF-8 bytes, not characters",
    maxBytes: 4,
    chunks: ['"€"\n', '"é"\n'],
    frames: [tooLong(), line('"é"')],
  },
  {
    name: "an over-long line's top-level id is found in its first bytes and reported there",
    maxBytes: 10,
    chunks: ['{"id":7,"x":"' + "a".repeat(60), "a".repeat(60) + '"}\n[4]\n'],
    frames: [tooLong(new RawInteger("7")), line("[4]")],
  },
  {
    name: "an over-long line's id written last is found as the bytes stream past",
    maxBytes: 10,
    chunks: [
      '{"method":"x","params":{"id":1,"t":"',
      '}\\"'.repeat(30),
      '"},"id":"r-9"}',
      "\n[5]\n",
    ],
    frames: [tooLong("r-9"), line("[5]")],
  },
  {
    name: "an over-long line with no top-level id is reported at its LF, without one",
    maxBytes: 10,
    chunks: ['{"method":"x","params":{"id":1}', ',"z":2}\n[6]\n'],
    frames: [tooLong(), line("[6]")],
  },
  {
    name: "an over-long last line without LF is reported once",
    maxBytes: 4,
    chunks: ["123456"],
    frames: [tooLong()],
  },
];

for (const c of cases) {
  Deno.test(`framing: ${c.name}`, () => {
    deepEqual(split(c.chunks, c.maxBytes), c.frames);
  });
}

Deno.test("framing: memory stays bounded by the cap while a long line streams in", () => {
  const cap = 1024;
  const splitter = new LineSplitter(cap);
  const chunk = new Uint8Array(100).fill(0x20);
  let most = 0;
  const frames: Frame[] = [];
  for (let i = 0; i < 1000; i++) {
    frames.push(...splitter.push(chunk));
    most = Math.max(most, splitter.buffered);
  }
  ok(most <= cap + 1, `held ${most} bytes`);
  equal(splitter.buffered, 0);
  deepEqual(frames, [], "white space may still start an object: not reported before the LF");
  deepEqual(splitter.push(bytes("x\n[1]\n")), [tooLong(), line("[1]")]);
});

Deno.test("framing: readFrames reads an async byte stream to its end", async () => {
  const source = ReadableStream.from(["[1]\n[", "2]"].map(bytes));
  const frames: Frame[] = [];
  for await (const frame of readFrames(source)) frames.push(frame);
  deepEqual(frames, [line("[1]"), line("[2]")]);
});

Deno.test("framing: readChunks reads a source into one buffer, and the frames survive its reuse", async () => {
  const pieces = ["[1]\n[", "2]\n", '"€', '"\n'].map(bytes);
  const source = {
    read(buffer: Uint8Array): Promise<number | null> {
      const piece = pieces.shift();
      if (piece === undefined) return Promise.resolve(null);
      buffer.set(piece);
      return Promise.resolve(piece.length);
    },
  };
  const frames: Frame[] = [];
  for await (const frame of readFrames(readChunks(source))) frames.push(frame);
  deepEqual(frames, [line("[1]"), line("[2]"), line('"€"')]);
});
