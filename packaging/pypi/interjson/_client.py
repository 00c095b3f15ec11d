"""The gate for Python hosts: one long-lived `interjson serve` process, the JSONL protocol v1.

    from interjson import Gate

    gate = Gate(schema="{!query:string,limit:integer}")   # compiled once
    result = gate.gate(model_output)
    if result.executable:
        run_tool(result.value)
    else:
        send_back_to_model(result.retry_prompt)

`Server` owns the process (the binary bundled in the wheel, or `INTERJSON_BIN`).
Every `Gate` without `server=` shares one default server, started on first use
and closed when Python exits. Requests from any number of threads are written
as they come and matched to their answers by a reader thread, so calls
pipeline; `Gate.gate_many` sends a whole batch before reading. When the binary
dies, the next call starts a new one, compiles its declaration again, and sends
the call once more (every operation is pure, so resending is safe).

A refusal of the model's text is a normal result (`executable` false); a host
mistake (a bad declaration, an unknown profile) raises `ServeError` with the
protocol's code (`E070`, `E050`, `S0NN`).
"""

from __future__ import annotations

import atexit
import json
import subprocess
import threading
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass
from typing import IO, Any, Deque, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ._binary import binary_path

PROTOCOL_VERSION = 1
"""The `serve` protocol version this client speaks."""

JSONObject = Dict[str, Any]
SchemaJson = Union[Mapping[str, Any], bool]


class InterJSONError(Exception):
    """Every error this package raises (besides FileNotFoundError for a missing binary)."""


class ServeError(InterJSONError):
    """The server refused the request as the host's mistake: `code` is S0NN, E050 or E070."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ProcessError(InterJSONError):
    """The binary ended (and a new one did not answer either) or did not speak the protocol."""


class ClosedError(InterJSONError):
    """The server or gate was used after close()."""


@dataclass(frozen=True)
class Refusal:
    """The first refusal (the engine's `error`): a stable code and one-line message."""

    code: str
    message: str
    offset: Optional[int] = None
    line: Optional[int] = None
    column: Optional[int] = None
    rule: Optional[str] = None


@dataclass(frozen=True)
class Repair:
    """One change the engine made to the text, at its place in the input."""

    rule: str
    name: str
    offset: int
    line: int
    column: int
    severity: str
    ambiguity: str
    confidence: float


@dataclass(frozen=True)
class Retry:
    """What to send back to the model when the text may not be executed."""

    code: str
    prompt: str


@dataclass(frozen=True)
class GateResult:
    """The engine's gate result, field for field (docs/ENGINE.md): branch on `executable`."""

    decision: str
    label: str
    exactness: str
    ambiguous: bool
    information_loss: bool
    valid_json: bool
    normalized: bool
    ambiguity: str
    execution: str
    executable: bool
    syntax_ready_permille: int
    schema_total: int
    schema_satisfied: int
    schema_missing: Tuple[str, ...]
    error: Optional[Refusal]
    repairs: Tuple[Repair, ...]
    retry: Optional[Retry]
    repairs_truncated: bool
    value: Any
    text: str

    @property
    def retry_prompt(self) -> Optional[str]:
        """The sentence to send back to the model, or None when the value may be executed."""
        return None if self.retry is None else self.retry.prompt

    @classmethod
    def from_json(cls, result: Mapping[str, Any]) -> GateResult:
        """Builds the result from the protocol's JSON object (unknown fields are ignored)."""
        try:
            error = result["error"]
            retry = result["retry"]
            return cls(
                decision=result["decision"],
                label=result["label"],
                exactness=result["exactness"],
                ambiguous=result["ambiguous"],
                information_loss=result["information_loss"],
                valid_json=result["valid_json"],
                normalized=result["normalized"],
                ambiguity=result["ambiguity"],
                execution=result["execution"],
                executable=result["executable"],
                syntax_ready_permille=result["syntax_ready_permille"],
                schema_total=result["schema_total"],
                schema_satisfied=result["schema_satisfied"],
                schema_missing=tuple(result["schema_missing"]),
                error=None if error is None else _refusal(error),
                repairs=tuple(Repair(**_fields(Repair, r)) for r in result["repairs"]),
                retry=None if retry is None else Retry(code=retry["code"], prompt=retry["prompt"]),
                repairs_truncated=result["repairs_truncated"],
                value=result["value"],
                text=result["text"],
            )
        except (KeyError, TypeError) as missing:
            raise ProcessError(f"the gate result lacks or mistypes {missing}") from None


def _fields(kind: type, source: Mapping[str, Any]) -> Dict[str, Any]:
    names = kind.__dataclass_fields__  # type: ignore[attr-defined]
    return {name: source[name] for name in names if name in source}


def _refusal(error: Mapping[str, Any]) -> Refusal:
    return Refusal(**_fields(Refusal, error))


def _encode(request: Mapping[str, Any]) -> bytes:
    try:
        return (json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: JSON escapes carry it
        return (json.dumps(request) + "\n").encode("ascii")


class _Stale(Exception):
    """The process restarted since the caller's handle was compiled."""


_Pending = Tuple[Union[int, str], "Future[JSONObject]"]


class _Session:
    """One running binary: its pipes, the requests awaiting answers, and the thread reading them."""

    def __init__(self, argv: Sequence[str], generation: int) -> None:
        self.generation = generation
        self.process: subprocess.Popen[bytes] = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.pending: Deque[_Pending] = deque()
        self.state = threading.Lock()
        self.dead: Optional[InterJSONError] = None
        self.hello = self._handshake()
        self.reader = threading.Thread(target=self._read, name="interjson-reader", daemon=True)
        self.reader.start()

    @property
    def stdin(self) -> IO[bytes]:
        assert self.process.stdin is not None
        return self.process.stdin

    @property
    def stdout(self) -> IO[bytes]:
        assert self.process.stdout is not None
        return self.process.stdout

    def _handshake(self) -> JSONObject:
        line = b""
        try:
            self.stdin.write(_encode({"v": PROTOCOL_VERSION, "id": "hello", "op": "hello"}))
            self.stdin.flush()
            line = self.stdout.readline()
            answer = json.loads(line) if line else None
        except (OSError, ValueError):
            answer = None
        if (
            not isinstance(answer, dict)
            or answer.get("ok") is not True
            or answer["result"].get("protocol") != "interjson-serve"
            or PROTOCOL_VERSION not in answer["result"].get("versions", [])
        ):
            self.process.kill()
            self.process.wait()
            self.stdout.close()
            try:
                self.stdin.close()
            except OSError:
                pass
            raise ProcessError(
                f"{self.process.args!r} does not answer the interjson serve protocol "
                f"version {PROTOCOL_VERSION} (answered {line!r})"
            )
        result: JSONObject = answer["result"]
        return result

    def _read(self) -> None:
        while True:
            try:
                line = self.stdout.readline()
            except (OSError, ValueError):
                line = b""
            if not line:
                code = self.process.poll()
                self.fail(ProcessError(f"the interjson binary ended (exit {code})"))
                return
            try:
                answer = json.loads(line)
                with self.state:
                    request_id, future = self.pending.popleft()
                if answer.get("id") != request_id:
                    raise ValueError(f"answer {answer.get('id')!r} to request {request_id!r}")
            except (ValueError, IndexError, AttributeError) as wrong:
                self.fail(ProcessError(f"the interjson binary broke the protocol: {wrong}"))
                self.process.kill()
                return
            if answer.get("ok") is True:
                future.set_result(answer["result"])
            else:
                error = answer.get("error") or {}
                future.set_exception(
                    ServeError(str(error.get("code")), str(error.get("message")))
                )

    def send(self, requests: Sequence[JSONObject]) -> List[Future[JSONObject]]:
        """Queues every request, then writes them all in one write (the server answers in order)."""
        futures: List[Future[JSONObject]] = []
        with self.state:
            for request in requests:
                future: Future[JSONObject] = Future()
                if self.dead is not None:
                    future.set_exception(self.dead)
                else:
                    self.pending.append((request["id"], future))
                futures.append(future)
            if self.dead is not None:
                return futures
        try:
            self.stdin.write(b"".join(_encode(request) for request in requests))
            self.stdin.flush()
        except (OSError, ValueError):
            self.fail(ProcessError("the interjson binary stopped reading its input"))
        return futures

    def fail(self, error: InterJSONError) -> None:
        """Marks the process dead and fails everything still waiting."""
        with self.state:
            if self.dead is None:
                self.dead = error
            waiting = list(self.pending)
            self.pending.clear()
        for _, future in waiting:
            if not future.done():
                future.set_exception(error)

    def close(self, timeout: float) -> Optional[int]:
        """Ends the input, waits for the exit (killing after `timeout` seconds); the exit code."""
        try:
            self.stdin.close()
        except OSError:
            pass
        try:
            code: Optional[int] = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.reader.join(timeout)
        self.stdout.close()
        self.fail(ClosedError("the interjson server was closed"))
        return code


class Server:
    """One long-lived `interjson serve` process, restarted on the next call when it dies.

    Thread-safe. Use it as a context manager, or call close(); the process is
    started on first use.
    """

    def __init__(self, binary: Optional[str] = None) -> None:
        """`binary`: the interjson binary to run (default: `INTERJSON_BIN`, else the bundled one)."""
        self._binary = binary
        self._lock = threading.Lock()
        self._session: Optional[_Session] = None
        self._generation = 0
        self._next_id = 0
        self._closed = False
        self._exit_code: Optional[int] = None
        self.restarts = 0
        """How many times a dead binary was replaced."""

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> Optional[int]:
        """The running binary's process id (None before the first call or after close)."""
        with self._lock:
            return None if self._session is None else self._session.process.pid

    @property
    def engine_version(self) -> str:
        """The engine version the binary reports (starts it if needed)."""
        with self._lock:
            session = self._live()
        return str(session.hello["engine"]["version"])

    def _live(self) -> _Session:
        """The running session, started or replaced when needed; call with the lock held."""
        if self._closed:
            raise ClosedError("the interjson server was closed")
        session = self._session
        if session is None or session.dead is not None or session.process.poll() is not None:
            if session is not None:
                session.fail(ProcessError("the interjson binary ended"))
                session.close(timeout=1)
                self.restarts += 1
            self._generation += 1
            argv = [self._binary or binary_path(), "serve"]
            session = _Session(argv, self._generation)
            self._session = session
        return session

    def _submit(
        self, op: str, batch: Sequence[Mapping[str, Any]], generation: Optional[int] = None
    ) -> Tuple[List[Future[JSONObject]], int]:
        """Sends one `op` request per field set, on the process of `generation` when given."""
        with self._lock:
            session = self._live()
            if generation is not None and session.generation != generation:
                raise _Stale()
            requests: List[JSONObject] = []
            for fields in batch:
                self._next_id += 1
                request: JSONObject = {"v": PROTOCOL_VERSION, "id": self._next_id, "op": op}
                request.update({k: v for k, v in fields.items() if v is not None})
                requests.append(request)
            return session.send(requests), session.generation

    def request(self, op: str, **fields: Any) -> JSONObject:
        """Sends one request of the protocol (`hello`, `gate`, `repair`, …) and returns its result.

        Raises ServeError when the server answers `ok: false`, ProcessError when the binary
        ended first (the next call starts a new one). Not resent: a handle from `compile`
        belongs to the process that issued it and ends with it.
        """
        futures, _ = self._submit(op, [fields])
        return futures[0].result()

    def close(self, timeout: float = 5.0) -> Optional[int]:
        """Ends the process (stdin closed, then waited for) and returns its exit code. Idempotent."""
        with self._lock:
            if self._closed:
                return self._exit_code
            self._closed = True
            session, self._session = self._session, None
        if session is not None:
            self._exit_code = session.close(timeout)
        return self._exit_code


_default_server: Optional[Server] = None
_default_lock = threading.Lock()


def default_server() -> Server:
    """The server every Gate without `server=` shares; closed when Python exits."""
    global _default_server
    with _default_lock:
        if _default_server is None or _default_server._closed:
            _default_server = Server()
            atexit.register(_default_server.close)
        return _default_server


class Gate:
    """A declaration compiled once, and the gate that checks model output against it.

    >>> gate = Gate(schema="{!query:string,limit:integer}")       # doctest: +SKIP
    >>> gate.gate('{"query": "weather in Par').retry_prompt       # doctest: +SKIP
    """

    def __init__(
        self,
        schema: Optional[str] = None,
        *,
        schema_json: Optional[SchemaJson] = None,
        profile: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        server: Optional[Server] = None,
    ) -> None:
        """Compiles now: a bad declaration or profile raises ServeError (E070, E050).

        `schema` is a declaration in the declaration language, `schema_json` a JSON Schema
        (a dict, or a bool); at most one of them. `profile` defaults to `agent`; `options` holds
        engine options by their wire names (`max_loss`, `max_depth`, …).
        """
        if schema is not None and schema_json is not None:
            raise TypeError("give schema or schema_json, not both")
        if isinstance(schema_json, str):
            raise TypeError("schema_json is a JSON Schema object; parse the text with json.loads")
        self._fields: JSONObject = {
            "schema": schema,
            "schema_json": schema_json,
            "profile": profile,
            "options": None if options is None else dict(options),
        }
        self._server = server if server is not None else default_server()
        self._lock = threading.Lock()
        self._compile_lock = threading.Lock()  # one compile at a time: no handle made twice
        self._compiled: Optional[Tuple[str, int]] = None
        self._closed = False
        self._handle()

    def __enter__(self) -> Gate:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def server(self) -> Server:
        """The server this gate runs on."""
        return self._server

    def _handle(self) -> Tuple[str, int]:
        """The handle on the running process, compiled there if it is not yet."""
        with self._compile_lock:
            with self._lock:
                if self._closed:
                    raise ClosedError("the gate was closed")
                compiled = self._compiled
            if compiled is not None:
                return compiled
            if self._fields["schema"] is None and self._fields["schema_json"] is None:
                compiled = ("", -1)  # nothing to compile: every call carries the profile
            else:
                futures, generation = self._server._submit("compile", [self._fields])
                compiled = (str(futures[0].result()["handle"]), generation)
            with self._lock:
                self._compiled = compiled
            return compiled

    def _calls(self, texts: Sequence[str]) -> List[Future[JSONObject]]:
        """Submits one gate call per text on the process the handle belongs to."""
        handle, generation = self._handle()
        if handle == "":
            fields = {"profile": self._fields["profile"], "options": self._fields["options"]}
            batch = [dict(fields, text=text) for text in texts]
            return self._server._submit("gate", batch)[0]
        batch = [{"declaration": handle, "text": text} for text in texts]
        return self._server._submit("gate", batch, generation)[0]

    def gate_many(self, texts: Sequence[str]) -> List[GateResult]:
        """Gates every text, written all at once before any answer is read; results in order."""
        for _ in range(3):
            try:
                futures = self._calls(texts)
                return [GateResult.from_json(future.result()) for future in futures]
            except (_Stale, ProcessError) as failed:
                self._forget()
                last: Exception = failed
        if isinstance(last, ProcessError):
            raise last
        raise ProcessError("the interjson binary kept restarting; the call was not answered")

    def gate(self, text: str) -> GateResult:
        """May `text`, the model's raw output, be executed? Branch on `.executable`."""
        return self.gate_many([text])[0]

    def _forget(self) -> None:
        with self._lock:
            self._compiled = None

    @property
    def handle(self) -> Optional[str]:
        """The protocol handle of the compiled declaration (None when there is no declaration)."""
        handle, _ = self._handle()
        return handle or None

    def close(self) -> None:
        """Releases the compiled declaration; the server keeps running for other gates."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            compiled, self._compiled = self._compiled, None
        if compiled is None or compiled[0] == "":
            return
        try:
            self._server._submit("release", [{"handle": compiled[0]}], compiled[1])[0][0].result()
        except (_Stale, ClosedError, ProcessError, ServeError):
            pass  # the process that held the handle is gone, and the handle with it
