"""Roost on PostgreSQL as an operator meets it: start-up errors, and PostgreSQL restarted under
load (`pg_ctl restart -m fast`) on the throwaway cluster `scripts/test` starts.

During the outage requests are answered 503 (code 500902) and `/health` says it cannot write;
Roost reconnects by itself; every send it acknowledged is stored once, and every message stored
is whole (with its event), whatever answer its client got."""

import json
import os
import subprocess
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import uuid

import pytest

from conftest import POSTGRES_URL, RoostServer, binary, call_api as call, postgres_database_url as database_url, psql

pytestmark = pytest.mark.skipif(not POSTGRES_URL, reason="needs ROOST_TEST_POSTGRES_URL: scripts/test starts a PostgreSQL")


def pg_ctl(*arguments):
    command = [os.environ["ROOST_TEST_PG_CTL"], "-D", os.environ["ROOST_TEST_POSTGRES_DATA"], *arguments]
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--"] + command
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


@pytest.fixture
def postgres_server():
    name = "roost_outage_" + uuid.uuid4().hex
    psql(f"CREATE DATABASE {name}")
    with tempfile.TemporaryDirectory() as folder:
        roost = RoostServer(database_url(name), ["--max-messages-per-second", "0"], folder=folder)
        roost.start()
        try:
            yield roost
        finally:
            roost.stop()
            psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def with_password(url):
    """`url` with a password in it (the throwaway cluster trusts every connection)."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username}:s3cret@{parts.hostname}:{parts.port}"))


@pytest.mark.parametrize("problem, url, expected", [
    ("a missing database", lambda: database_url("no_such_database"), "has no database no_such_database"),
    ("an unknown user", lambda: POSTGRES_URL.replace("postgres@", "nobody_here@"), "refused the user nobody_here"),
    ("a closed port", lambda: "postgres://postgres@127.0.0.1:1/postgres", "cannot reach PostgreSQL at 127.0.0.1:1"),
    ("a bad sslmode", lambda: POSTGRES_URL + "?sslmode=sometimes", "sslmode must be one of"),
])
def test_start_up_names_the_problem_in_one_line(problem, url, expected):
    with tempfile.TemporaryDirectory() as folder:
        finished = subprocess.run(
            [binary(), "serve", "--port", "0", "--database", with_password(url()), "--uploads", folder, "--log-level", "warning"],
            capture_output=True, text=True, timeout=60,
        )
    assert finished.returncode != 0, problem
    lines = [line for line in finished.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and expected in lines[0], (problem, finished.stderr)
    assert "s3cret" not in finished.stderr + finished.stdout, "the password is never shown"


def test_a_restart_under_load_loses_nothing_acknowledged(postgres_server):
    base = postgres_server.url
    assert call(base, "POST", "/v3/users", {"user_id": "writer", "nickname": "Writer", "profile_url": ""})[0] == 200
    assert call(base, "POST", "/v3/group_channels", {"user_ids": ["writer"], "channel_url": "outage-room"})[0] == 200

    acknowledged, refusals, unexpected, health = set(), [], [], []
    lock = threading.Lock()
    stop = threading.Event()

    def sender(number):
        sequence = 0
        while not stop.is_set():
            text = f"w{number}-{sequence}"
            sequence += 1
            status, body = call(base, "POST", "/v3/group_channels/outage-room/messages",
                                {"message_type": "MESG", "user_id": "writer", "message": text})
            with lock:
                if status == 200:
                    acknowledged.add(text)
                elif status == 503 and body.get("code") == 500902:
                    refusals.append(text)
                else:
                    unexpected.append((status, body))

    def watch_health():
        while not stop.is_set():
            with urllib.request.urlopen(base + "/health", timeout=30) as response:
                health.append(json.loads(response.read()))
            time.sleep(0.02)

    threads = [threading.Thread(target=sender, args=(number,)) for number in range(4)]
    threads.append(threading.Thread(target=watch_health))
    for thread in threads:
        thread.start()
    time.sleep(1)
    pg_ctl("restart", "-m", "fast", "-w")
    time.sleep(2)
    stop.set()
    for thread in threads:
        thread.join()

    assert unexpected == [], "every request during the outage is a 503 with code 500902"
    assert refusals, "some sends met the outage"
    assert any(not entry["writable"] and entry["status"] == "database_unreachable" for entry in health)
    assert health[-1] == {"status": "ok", "writable": True}, "Roost reconnected by itself"

    status, _ = call(base, "POST", "/v3/group_channels/outage-room/messages",
                     {"message_type": "MESG", "user_id": "writer", "message": "after"})
    assert status == 200
    everything, after = [], 0
    while True:
        path = f"/v3/group_channels/outage-room/messages?message_id={after}&next_limit=200&prev_limit=0&include=false"
        if after == 0:
            path = "/v3/group_channels/outage-room/messages?message_ts=0&next_limit=200&prev_limit=0"
        page = call(base, "GET", path)[1]["messages"]
        everything += page
        if len(page) < 200:
            break
        after = page[-1]["message_id"]
    texts = [message["message"] for message in everything]
    assert len(texts) == len(set(texts)), "no message is stored twice"
    assert acknowledged <= set(texts), "every acknowledged send is stored"
    assert set(texts) <= acknowledged | set(refusals) | {"after"}, "nothing is stored that nobody sent"
    sent_events, since = set(), 0
    while True:
        events = call(base, "GET", f"/roost/events?category=group_channel:message_send&since={since}&limit=1000")[1]["events"]
        sent_events |= {event["payload"]["payload"]["message_id"] for event in events}
        if not events:
            break
        since = events[-1]["seq"]
    assert {message["message_id"] for message in everything} <= sent_events, "every stored message has its event"
