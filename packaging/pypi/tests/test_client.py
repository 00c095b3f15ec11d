"""The Python client (`from interjson import Gate`) against the binary its wheel installed.

tests/pypi_wheel_test.ts installs the wheel into a fresh venv and runs this
suite there with `python -m unittest`; INTERJSON_EXPECTED_VERSION carries the
version the wheel must report.
"""

from __future__ import annotations

import dataclasses
import doctest
import os
import signal
import sys
import threading
import unittest
from typing import List

import interjson
from interjson import ClosedError, Gate, GateResult, ProcessError, Repair, Server, ServeError

DECL = "{!query:string,limit:integer}"
TRUNCATED = '{"query": "weather in Par'
CHAT = "Here you go: {'query': 'Paris', 'limit': 3,}"


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class InstalledPackage(unittest.TestCase):
    def test_is_the_installed_wheel_not_the_checkout(self) -> None:
        self.assertTrue(interjson.__file__.startswith(sys.prefix), interjson.__file__)
        self.assertTrue(os.path.isfile(os.path.join(os.path.dirname(interjson.__file__), "py.typed")))

    def test_carries_the_binary_version(self) -> None:
        self.assertEqual(interjson.__version__, os.environ["INTERJSON_EXPECTED_VERSION"])

    def test_the_docstring_examples_hold(self) -> None:
        from interjson import _binary

        result = doctest.testmod(_binary)
        self.assertGreater(result.attempted, 0)
        self.assertEqual(result.failed, 0)

    def test_binary_path_is_the_bundled_binary(self) -> None:
        path = interjson.binary_path()
        self.assertTrue(path.startswith(os.path.dirname(interjson.__file__)), path)
        self.assertTrue(os.access(path, os.X_OK))


class GateResults(unittest.TestCase):
    def setUp(self) -> None:
        self.server = Server()
        self.gate = Gate(schema=DECL, server=self.server)

    def tearDown(self) -> None:
        self.assertEqual(self.server.close(), 0)

    def test_result_fields_are_the_engines(self) -> None:
        raw = self.server.request("gate", text=CHAT, schema=DECL)
        names = [field.name for field in dataclasses.fields(GateResult)]
        self.assertEqual(names, list(raw))

    def test_truncated_arguments_are_refused_with_a_retry_prompt(self) -> None:
        result = self.gate.gate(TRUNCATED)
        self.assertIsInstance(result, GateResult)
        self.assertFalse(result.executable)
        self.assertIsNone(result.value)
        self.assertEqual(result.text, "")
        assert result.retry_prompt is not None
        self.assertTrue(result.retry_prompt.startswith("InterJSON refused the arguments: E010"))
        assert result.error is not None
        self.assertEqual((result.error.code, result.error.rule, result.error.line), ("E010", "R010", 1))

    def test_chat_output_is_repaired_and_executable(self) -> None:
        result = self.gate.gate(CHAT)
        self.assertTrue(result.executable)
        self.assertEqual(result.value, {"query": "Paris", "limit": 3})
        self.assertIsNone(result.retry_prompt)
        self.assertEqual(result.decision, "cosmetic_repair")
        self.assertIsInstance(result.repairs[0], Repair)
        self.assertEqual(result.repairs[0].rule, "R003")

    def test_a_missing_member_names_it(self) -> None:
        result = self.gate.gate('{"limit": 3}')
        self.assertFalse(result.executable)
        self.assertEqual(result.schema_missing, ("/query",))

    def test_schema_json_and_profile(self) -> None:
        schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
        strict = Gate(schema_json=schema, profile="strict", server=self.server)
        self.assertTrue(strict.gate('{"n": 1}').executable)
        self.assertFalse(strict.gate("{'n': 1}").executable)

    def test_a_bad_declaration_raises_e070(self) -> None:
        with self.assertRaises(ServeError) as caught:
            Gate(schema="{!query:", server=self.server)
        self.assertEqual(caught.exception.code, "E070")

    def test_an_unknown_profile_raises_e050(self) -> None:
        with self.assertRaises(ServeError) as caught:
            Gate(schema=DECL, profile="lenient", server=self.server)
        self.assertEqual(caught.exception.code, "E050")

    def test_schema_json_as_text_is_a_type_error(self) -> None:
        with self.assertRaises(TypeError):
            Gate(schema_json='{"type": "object"}', server=self.server)  # type: ignore[arg-type]


class CompileOnceAndPipeline(unittest.TestCase):
    def setUp(self) -> None:
        self.server = Server()

    def tearDown(self) -> None:
        self.server.close()

    def test_the_declaration_is_compiled_once(self) -> None:
        gate = Gate(schema=DECL, server=self.server)
        self.assertEqual(gate.handle, "h1")
        for i in range(50):
            self.assertEqual(gate.gate('{"query":"q","limit":%d}' % i).value["limit"], i)
        # Handles are issued in order: the next compile is the second one of the session.
        self.assertEqual(self.server.request("compile", schema=DECL)["handle"], "h2")

    def test_gate_many_pipelines_and_keeps_the_order(self) -> None:
        gate = Gate(schema=DECL, server=self.server)
        texts = ['{"query":"q%d","limit":%d}' % (i, i) for i in range(500)]
        results = gate.gate_many(texts)
        self.assertEqual([r.value["limit"] for r in results], list(range(500)))

    def test_threads_share_one_process_and_get_their_own_answers(self) -> None:
        gate = Gate(schema=DECL, server=self.server)
        wrong: List[str] = []

        def worker(n: int) -> None:
            for i in range(40):
                value = gate.gate('{"query":"t%d","limit":%d}' % (n, i)).value
                if value != {"query": "t%d" % n, "limit": i}:
                    wrong.append(repr(value))

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(wrong, [])
        self.assertEqual(self.server.restarts, 0)


class Lifecycle(unittest.TestCase):
    def test_a_dead_binary_is_restarted_and_the_declaration_compiled_again(self) -> None:
        with Server() as server:
            gate = Gate(schema=DECL, server=server)
            first = server.pid
            assert first is not None
            os.kill(first, signal.SIGKILL)
            result = gate.gate(CHAT)
            self.assertTrue(result.executable)
            self.assertEqual(server.restarts, 1)
            self.assertNotEqual(server.pid, first)
            self.assertEqual(gate.handle, "h1", "compiled again on the new process")
            self.assertFalse(gate.gate(TRUNCATED).executable, "the declaration still applies")

    def test_a_batch_after_the_binary_died_is_answered(self) -> None:
        with Server() as server:
            gate = Gate(schema=DECL, server=server)
            pid = server.pid
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            results = gate.gate_many(['{"query":"q","limit":%d}' % i for i in range(100)])
            self.assertEqual([r.value["limit"] for r in results], list(range(100)))

    def test_a_binary_killed_while_a_batch_is_in_flight_still_answers_every_call(self) -> None:
        with Server() as server:
            gate = Gate(schema=DECL, server=server)
            pid = server.pid
            assert pid is not None
            texts = ['{"query":"q","limit":%d}' % i for i in range(5000)]
            results: List[GateResult] = []
            batch = threading.Thread(target=lambda: results.extend(gate.gate_many(texts)))
            batch.start()
            os.kill(pid, signal.SIGKILL)  # whenever it lands, every answer must still be right
            batch.join()
            self.assertEqual([r.value["limit"] for r in results], list(range(5000)))

    def test_close_ends_the_process_with_exit_0(self) -> None:
        server = Server()
        gate = Gate(schema=DECL, server=server)
        pid = server.pid
        assert pid is not None
        self.assertEqual(server.close(), 0)
        self.assertFalse(running(pid))
        self.assertEqual(server.close(), 0, "closing twice is harmless")
        self.assertIsNone(server.pid)
        with self.assertRaises(ClosedError):
            gate.gate(CHAT)
        with self.assertRaises(ClosedError):
            Gate(schema=DECL, server=server)

    def test_the_context_manager_closes(self) -> None:
        with Server() as server:
            pid = server.pid
            Gate(schema=DECL, server=server).gate(CHAT)
            pid = server.pid
        assert pid is not None
        self.assertFalse(running(pid))

    def test_closing_a_gate_releases_its_handle_and_keeps_the_server(self) -> None:
        with Server() as server:
            with Gate(schema=DECL, server=server) as gate:
                handle = gate.handle
            with self.assertRaises(ServeError) as caught:
                server.request("gate", declaration=handle, text="{}")
            self.assertEqual(caught.exception.code, "S006")
            with self.assertRaises(ClosedError):
                gate.gate(CHAT)

    def test_gates_share_the_default_server(self) -> None:
        one, two = Gate(schema=DECL), Gate(profile="strict")
        self.assertIs(one.server, two.server)
        self.assertIs(one.server, interjson.default_server())
        self.assertFalse(two.gate("{'a': 1}").executable)
        self.assertTrue(one.gate(CHAT).executable)

    def test_interjson_bin_naming_no_file_raises_file_not_found(self) -> None:
        os.environ["INTERJSON_BIN"] = "/no/such/interjson"
        try:
            with self.assertRaises(FileNotFoundError) as caught:
                Server().request("hello")
            self.assertIn("/no/such/interjson", str(caught.exception))
        finally:
            del os.environ["INTERJSON_BIN"]

    def test_interjson_bin_is_the_binary_run(self) -> None:
        os.environ["INTERJSON_BIN"] = interjson.binary_path()
        try:
            with Server() as server:
                self.assertEqual(server.engine_version, os.environ["INTERJSON_EXPECTED_SEMVER"])
        finally:
            del os.environ["INTERJSON_BIN"]

    def test_a_program_that_is_not_the_server_is_a_process_error(self) -> None:
        with self.assertRaises(ProcessError):
            Server(binary="/bin/cat").request("hello")


if __name__ == "__main__":
    unittest.main()
