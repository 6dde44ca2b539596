"""Crash safety: what Roost answered 200 for survives `kill -9`, exactly once.

Each round drives concurrent sends (each with its own dedup_id) at a live server, kills it
with SIGKILL at a random moment, restarts it on the same file, retries the sends that got
no answer (with the same dedup ids), and checks that every acknowledged or retried message
is stored exactly once, and on SQLite that its integrity check passes. With
ROOST_TEST_ENGINE=postgres the server keeps its data in PostgreSQL, which the kill leaves
running."""

import http.client
import json
import random
import threading
import time
import urllib.error
import urllib.request

from conftest import API_TOKEN, stored_rows

ROUNDS = 20
WORKERS = 8


def call(base, method, path, body=None):
    request = urllib.request.Request(
        base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Api-Token": API_TOKEN, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.status, json.loads(response.read() or b"null")


def send(base, dedup_id):
    return call(base, "POST", "/v3/group_channels/crash-room/messages", {
        "message_type": "MESG", "user_id": "writer", "message": f"message {dedup_id}", "dedup_id": dedup_id,
    })


def test_acknowledged_messages_survive_kill_nine(server):
    call(server.url, "POST", "/v3/users", {"user_id": "writer", "nickname": "Writer", "profile_url": ""})
    call(server.url, "POST", "/v3/group_channels", {"user_ids": ["writer"], "channel_url": "crash-room"})
    acknowledged, unanswered = set(), set()
    lock = threading.Lock()
    rng = random.Random(2026)

    for round_number in range(ROUNDS):
        stop = threading.Event()

        def worker(worker_number):
            sequence = 0
            while not stop.is_set():
                dedup_id = f"r{round_number}-w{worker_number}-{sequence}"
                sequence += 1
                try:
                    status, _ = send(server.url, dedup_id)
                    if status == 200:
                        with lock:
                            acknowledged.add(dedup_id)
                except (urllib.error.URLError, http.client.HTTPException, OSError):
                    with lock:
                        unanswered.add(dedup_id)
                    return

        threads = [threading.Thread(target=worker, args=(number,)) for number in range(WORKERS)]
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.1, 0.6))
        server.kill()
        stop.set()
        for thread in threads:
            thread.join()
        server.start()

        # A client that heard nothing retries with the same dedup id; it must not duplicate.
        for dedup_id in sorted(unanswered):
            status, _ = send(server.url, dedup_id)
            assert status == 200
            acknowledged.add(dedup_id)
        unanswered.clear()

    counts = {dedup_id: int(count) for dedup_id, count in stored_rows(server.database, "SELECT dedup_id, COUNT(*) FROM messages GROUP BY dedup_id")}
    if not server.database.startswith("postgres"):
        assert stored_rows(server.database, "PRAGMA integrity_check") == [("ok",)]
    missing = [dedup_id for dedup_id in acknowledged if counts.get(dedup_id) != 1]
    assert not missing, f"{len(missing)} acknowledged messages lost or duplicated, e.g. {missing[:5]}"
    assert len(acknowledged) > ROUNDS * WORKERS
