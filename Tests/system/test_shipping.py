"""What shipping Roost needs: a binary that runs alone, says its version, writes JSON logs
when asked, and shuts down cleanly on SIGTERM: it stops accepting connections, finishes the
requests in flight, and closes the database."""

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

from conftest import API_TOKEN, binary, free_port, read_json_answer


def start(executable, folder, *extra, cwd=None, stdout=subprocess.DEVNULL):
    port = free_port()
    process = subprocess.Popen(
        [executable, "serve", "--port", str(port), "--database", os.path.join(folder, "roost.sqlite"),
         "--api-token", API_TOKEN, "--uploads", folder, *extra],
        cwd=cwd, stdout=stdout, stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, f"roost exited with {process.returncode}"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1):
                return process, port
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("roost did not answer /health within 30 s")


def create_user(port, user_id):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/v3/users", method="POST",
        data=json.dumps({"user_id": user_id, "nickname": user_id, "profile_url": ""}).encode(),
        headers={"Api-Token": API_TOKEN, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.status


def test_version():
    completed = subprocess.run([binary(), "--version"], capture_output=True, text=True, timeout=30)
    assert completed.returncode == 0
    assert completed.stdout.strip().count(".") == 2


def test_the_binary_runs_alone_from_an_empty_folder():
    """No resource bundle beside it: the schema is inside the binary."""
    with tempfile.TemporaryDirectory() as folder:
        alone = os.path.join(folder, "roost")
        shutil.copy2(binary(), alone)
        assert os.listdir(folder) == ["roost"]
        process, port = start(alone, folder, cwd=folder)
        try:
            assert create_user(port, "alone") == 200
        finally:
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=30) == 0


def test_json_logs():
    with tempfile.TemporaryDirectory() as folder:
        process, port = start(binary(), folder, "--log-format", "json", "--log-level", "info", stdout=subprocess.PIPE)
        create_user(port, "logged")
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
        lines = [json.loads(line) for line in output.decode().splitlines() if line.strip()]
        assert lines, "no log lines"
        assert all({"time", "level", "label", "message"} <= line.keys() for line in lines)
        assert any("POST /v3/users 200" in line["message"] for line in lines)


def test_sigterm_finishes_the_request_in_flight_then_closes_the_database():
    with tempfile.TemporaryDirectory() as folder:
        process, port = start(binary(), folder)
        body = json.dumps({"user_id": "in-flight", "nickname": "In flight", "profile_url": ""}).encode()
        half = len(body) // 2
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(
                b"POST /v3/users HTTP/1.1\r\nHost: roost\r\nContent-Type: application/json\r\n"
                + f"Api-Token: {API_TOKEN}\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                + body[:half]
            )
            time.sleep(0.3)
            process.send_signal(signal.SIGTERM)
            time.sleep(0.5)
            # Stopped accepting: a new connection is refused while the old one is served.
            refused = False
            try:
                socket.create_connection(("127.0.0.1", port), timeout=2).close()
            except OSError:
                refused = True
            assert refused, "a new connection was accepted after SIGTERM"
            assert process.poll() is None, "roost exited with a request in flight"
            connection.sendall(body[half:])
            answer = read_json_answer(connection)
        assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
        assert process.wait(timeout=30) == 0
        database = os.path.join(folder, "roost.sqlite")
        # Closed cleanly: the write-ahead log was copied into the file and emptied.
        wal = database + "-wal"
        assert not os.path.exists(wal) or os.path.getsize(wal) == 0
        with sqlite3.connect(database) as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert db.execute("SELECT COUNT(*) FROM users WHERE user_id = 'in-flight'").fetchone()[0] == 1


def test_clear_ip_whitelist_lets_a_locked_out_admin_back_in():
    from conftest import RoostServer

    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roost.sqlite")
        server = RoostServer(database)
        server.start()

        def status(path, method="GET", body=None):
            request = urllib.request.Request(
                server.url + path, method=method, data=json.dumps(body).encode() if body else None,
                headers={"Api-Token": API_TOKEN, "Content-Type": "application/json"},
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status
            except urllib.error.HTTPError as error:
                return error.code

        try:
            assert status("/v3/applications/settings/ip_whitelist", "PUT", {"ip_whitelist_addresses": ["10.0.0.0/8"]}) == 200
            assert status("/v3/users") == 403
            server.stop()
            server.extra_arguments = ["--clear-ip-whitelist"]
            server.start()
            assert status("/v3/users") == 200
        finally:
            server.stop()

def test_sigterm_ends_open_live_streams_at_once():
    """A live stream waits for events with no task of its own watching for a shutdown: the
    shutdown wakes it, and the server exits without waiting for a heartbeat."""
    with tempfile.TemporaryDirectory() as folder:
        process, port = start(binary(), folder)
        streams = []
        for _ in range(3):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.sendall(
                f"GET /roost/events HTTP/1.1\r\nHost: roost\r\nApi-Token: {API_TOKEN}\r\nAccept: text/event-stream\r\n\r\n".encode()
            )
            assert connection.recv(4096).startswith(b"HTTP/1.1 200")
            streams.append(connection)
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
        assert time.monotonic() - started < 5
        for connection in streams:
            while connection.recv(4096):
                pass
            connection.close()
