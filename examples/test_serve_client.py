"""Tests of examples/serve_client.py against the real `interjson serve`.

The command that starts the server comes from INTERJSON_SERVE_COMMAND (a JSON
list; tests/serve_client_test.ts sets it to `deno run cli.ts serve`), else
`interjson serve` from PATH.

    python3 -m unittest discover -s examples -p 'test_serve_client.py'
"""

import json
import os
import unittest

from serve_client import InterJSON, ServeError

COMMAND = json.loads(os.environ.get("INTERJSON_SERVE_COMMAND", '["interjson", "serve"]'))
DECL = "{!query:string,limit:integer}"


class ServeClientTest(unittest.TestCase):
    def setUp(self):
        self.ij = InterJSON(COMMAND)

    def tearDown(self):
        self.assertEqual(self.ij.close(), 0)

    def test_hello_names_version_1_and_every_operation(self):
        hello = self.ij.hello()
        self.assertEqual(hello["versions"], [1])
        self.assertEqual(
            hello["ops"], ["hello", "gate", "repair", "validate", "readiness", "compile", "release"]
        )

    def test_truncated_arguments_are_refused_with_a_retry_prompt(self):
        result = self.ij.gate('{"query": "weather in Par', schema=DECL)
        self.assertFalse(result["executable"])
        self.assertIsNone(result["value"])
        self.assertTrue(result["retry"]["prompt"].startswith("InterJSON refused the arguments: E010"))

    def test_chat_output_is_repaired_through_a_compiled_handle(self):
        handle = self.ij.compile(schema=DECL)
        result = self.ij.gate("Here you go: {'query': 'Paris', 'limit': 3,}", declaration=handle)
        self.assertTrue(result["executable"])
        self.assertEqual(result["value"], {"query": "Paris", "limit": 3})
        self.ij.release(handle)
        with self.assertRaises(ServeError) as caught:
            self.ij.gate("{}", declaration=handle)
        self.assertEqual(caught.exception.code, "S006")

    def test_a_bad_declaration_raises_e070(self):
        with self.assertRaises(ServeError) as caught:
            self.ij.compile(schema="{!query:")
        self.assertEqual(caught.exception.code, "E070")

    def test_pipelined_answers_come_back_in_order(self):
        handle = self.ij.compile(schema=DECL)
        requests = [
            ("gate", {"text": '{"query":"q%d","limit":%d}' % (i, i), "declaration": handle})
            for i in range(500)
        ]
        requests.append(("gate", {"text": "{}", "profile": "lenient"}))
        answers = self.ij.pipeline(requests)
        self.assertEqual([a["value"]["limit"] for a in answers[:500]], list(range(500)))
        self.assertIsInstance(answers[500], ServeError)
        self.assertEqual(answers[500].code, "E050")

    def test_non_ascii_text_round_trips(self):
        result = self.ij.gate('{"query":"météo à Zürich 🌧","limit":1}', schema=DECL)
        self.assertEqual(result["value"]["query"], "météo à Zürich 🌧")


if __name__ == "__main__":
    unittest.main()
