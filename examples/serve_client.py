#!/usr/bin/env python3
"""A small client for `interjson serve` (the JSONL protocol v1), standard library only.

The supported Python client is the `interjson` package (`pip install interjson`,
source in packaging/pypi/): `from interjson import Gate` compiles a declaration
once, returns typed results, is thread-safe, and restarts a binary that died:

    from interjson import Gate

    gate = Gate(schema="{!query:string,limit:integer}")
    result = gate.gate(model_output)
    if result.executable:
        run_tool(result.value)
    else:
        send_back_to_model(result.retry_prompt)

This file stays as the smallest example of the protocol itself, for porting it
to another language.

It starts one `interjson serve` process and gates every tool call through it:

    from serve_client import InterJSON

    with InterJSON() as ij:                       # runs `interjson serve`
        handle = ij.compile(schema="{!query:string,limit:integer}")
        result = ij.gate(model_output, declaration=handle)
        if result["executable"]:
            run_tool(result["value"])
        else:
            send_back_to_model(result["retry"]["prompt"])

`pipeline()` sends many requests before reading any answer (the server answers
in request order). A host mistake (an unknown profile, a bad declaration, an
unknown handle) raises `ServeError` with the protocol's code; a refusal of the
model's text is a normal result with `executable: false`.

The protocol is in docs/PROTOCOL.md. Run this file to see one gate call:

    python3 examples/serve_client.py '{"query": "weather in Par'
"""

import json
import subprocess
import sys
import threading


class ServeError(Exception):
    """A request the server refused: `code` is S0NN (protocol) or E050/E070 (caller)."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class InterJSON:
    """One `interjson serve` process; requests are answered in the order they were sent."""

    VERSION = 1

    def __init__(self, command=("interjson", "serve")):
        self._process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        self._next_id = 0
        self._lock = threading.Lock()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Ends the session: closes stdin and waits for the process to exit; returns its code."""
        if self._process.stdin and not self._process.stdin.closed:
            self._process.stdin.close()
        code = self._process.wait()
        self._process.stdout.close()
        return code

    def _line(self, op, fields):
        self._next_id += 1
        request = {"v": self.VERSION, "id": self._next_id, "op": op}
        request.update({k: v for k, v in fields.items() if v is not None})
        return self._next_id, (json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8")

    def _read(self, expected_id):
        line = self._process.stdout.readline()
        if not line:
            raise ServeError("EOF", "interjson serve closed its output")
        answer = json.loads(line)
        if answer.get("id") != expected_id and answer.get("id") is not None:
            raise ServeError("ORDER", "answer %r does not match request %r" % (answer.get("id"), expected_id))
        if not answer["ok"]:
            raise ServeError(answer["error"]["code"], answer["error"]["message"])
        return answer["result"]

    def request(self, op, **fields):
        """Sends one request and returns its result (raises ServeError on ok:false)."""
        with self._lock:
            request_id, line = self._line(op, fields)
            self._process.stdin.write(line)
            return self._read(request_id)

    def pipeline(self, requests):
        """Sends every (op, fields) request, then reads every answer: results or ServeErrors, in order."""
        with self._lock:
            ids, lines = [], []
            for op, fields in requests:
                request_id, line = self._line(op, fields)
                ids.append(request_id)
                lines.append(line)
            writer = threading.Thread(target=self._write_all, args=(lines,))
            writer.start()
            answers = []
            for request_id in ids:
                try:
                    answers.append(self._read(request_id))
                except ServeError as error:
                    if error.code in ("EOF", "ORDER"):
                        raise
                    answers.append(error)
            writer.join()
            return answers

    def _write_all(self, lines):
        for line in lines:
            self._process.stdin.write(line)

    def hello(self):
        return self.request("hello")

    def compile(self, schema=None, schema_json=None, profile=None, options=None):
        """Registers a declaration once; returns the handle to pass as `declaration=`."""
        return self.request(
            "compile", schema=schema, schema_json=schema_json, profile=profile, options=options
        )["handle"]

    def release(self, handle):
        return self.request("release", handle=handle)

    def gate(self, text, declaration=None, schema=None, schema_json=None, profile=None, options=None):
        return self.request(
            "gate", text=text, declaration=declaration, schema=schema,
            schema_json=schema_json, profile=profile, options=options,
        )

    def repair(self, text, declaration=None, schema=None, schema_json=None, profile=None, options=None):
        return self.request(
            "repair", text=text, declaration=declaration, schema=schema,
            schema_json=schema_json, profile=profile, options=options,
        )

    def validate(self, text, declaration=None, schema=None, schema_json=None):
        return self.request(
            "validate", text=text, declaration=declaration, schema=schema, schema_json=schema_json
        )

    def readiness(self, text, declaration=None, schema=None, schema_json=None):
        return self.request(
            "readiness", text=text, declaration=declaration, schema=schema, schema_json=schema_json
        )


def main(argv):
    text = argv[1] if len(argv) > 1 else '{"query": "weather in Par'
    with InterJSON() as ij:
        result = ij.gate(text, schema="{!query:string,limit:integer}")
        if result["executable"]:
            print("execute with", json.dumps(result["value"]))
            return 0
        print(result["retry"]["prompt"])
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
