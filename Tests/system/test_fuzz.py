"""Fuzzing: schemathesis generates requests from openapi.yaml, valid and invalid, against a
live server. No answer may be a 5xx, and every answer must match the schema and content
type the document gives for it."""

import json
import socket
import subprocess
import sys
from pathlib import Path

from conftest import API_TOKEN, read_json_answer

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


def test_no_server_errors_and_every_answer_matches_the_document(server):
    # One worker: with two threads, hypothesis parses lambdas concurrently, which trips a
    # CPython 3.11 bug ("AST constructor recursion depth mismatch") and fails the run at random.
    # The emulator controls that change how the server answers everything else (injected
    # faults, the clock, reset, snapshots) are left out; the Swift suite tests their bad input.
    schemathesis = Path(sys.executable).parent / "schemathesis"
    completed = subprocess.run(
        [
            schemathesis, "run", str(SPEC), "--url", server.url, "-H", f"Api-Token: {API_TOKEN}",
            "--checks", "not_a_server_error,response_schema_conformance,content_type_conformance",
            "--phases", "coverage,fuzzing", "--max-examples", "5", "--seed", "1", "--workers", "1",
            "--exclude-path-regex", "^/roost/(faults|clock|reset|snapshots.*)$",
        ],
        capture_output=True, text=True, timeout=900,
    )
    assert completed.returncode == 0, completed.stdout[-6000:] + completed.stderr[-2000:]


def test_broken_http_framing_is_a_400_not_a_500(server):
    """A chunked body whose framing is broken is found only as the body is read, inside the
    request: it is the client's mistake, answered in Sendbird's envelope as a 400."""
    bodies = {
        "a chunk size that is no number": b"ZZ\r\nabc\r\n0\r\n\r\n",
        "a chunk longer than it says": b"3\r\nabcde\r\n0\r\n\r\n",
    }
    for case, body in bodies.items():
        for target in (b"POST /v3/users", b"GET /health"):
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            try:
                connection.sendall(
                    target + b" HTTP/1.1\r\nHost: roost\r\nApi-Token: " + API_TOKEN.encode()
                    + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + body
                )
                answer = read_json_answer(connection)
            finally:
                connection.close()
            status_line, _, rest = answer.partition(b"\r\n")
            assert status_line == b"HTTP/1.1 400 Bad Request", (case, target, answer)
            assert json.loads(rest.split(b"\r\n\r\n", 1)[1])["code"] == 400111, (case, target, answer)
