"""Two Roost nodes on one PostgreSQL database and one uploads folder, behind HAProxy with the
sample configuration (docs/haproxy.cfg), started at the same moment. Under load each node in
turn is killed (SIGKILL) and started again:

- every send answered 200 is stored exactly once (clients retry failed requests with the
  send's `dedup_id`), and no request fails for 5 s in a row;
- the webhook receiver gets every message, and its deliveries never stop for 5 s: each node's
  death takes the leader of a feed with it once;
- a live event stream through HAProxy resumes with Last-Event-ID and sees every message once;
- a scheduled message that falls due while a node is down is sent once;
- both nodes are healthy at the end.

A node that hangs (SIGSTOP) holding the writers' turn and its duties lets go of them: the
other node writes again, and holds every duty, within seconds."""

import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from conftest import API_TOKEN, POSTGRES_URL, RoostServer, free_port, postgres_database_url, psql, stored_rows
from conftest import call_api as call
from test_webhooks import Receiver

pytestmark = [
    pytest.mark.skipif(not POSTGRES_URL, reason="needs ROOST_TEST_POSTGRES_URL: scripts/test starts a PostgreSQL"),
    pytest.mark.skipif(not shutil.which("haproxy"), reason="needs HAProxy (Debian's haproxy): scripts/test installs it"),
]

HAPROXY_CONFIG = Path(__file__).resolve().parents[2] / "docs" / "haproxy.cfg"
NODE_ARGUMENTS = ["--max-messages-per-second", "0", "--webhook-retry-delay", "100", "--webhook-timeout", "1"]
CHANNELS = ["harbour", "quay", "jetty", "dock"]
# Requests may fail for at most this long in a row, and deliveries may pause for at most this.
LONGEST_OUTAGE = 5.0


class Balancer:
    """HAProxy in front of `nodes`, run with the repository's sample configuration."""

    def __init__(self, nodes):
        self.port = free_port()
        environment = dict(os.environ, ROOST_LISTEN=f"127.0.0.1:{self.port}")
        for number, node in enumerate(nodes, start=1):
            environment[f"ROOST_NODE_{number}"] = f"127.0.0.1:{node.port}"
        self.process = subprocess.Popen(["haproxy", "-db", "-f", str(HAPROXY_CONFIG)], env=environment,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not self._answers():
            assert time.monotonic() < deadline, "HAProxy did not start"
            time.sleep(0.05)

    def _answers(self):
        try:
            return urllib.request.urlopen(self.url + "/health", timeout=1).status == 200
        except OSError:
            return False

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class Senders:
    """Clients sending through the balancer, each its own messages one after another. A send
    that fails (a refused or cut connection, an error status) is sent again with its
    `dedup_id` until it is answered 200; each client notes its longest run of failures."""

    def __init__(self, base, count):
        self.base = base
        self.stop = threading.Event()
        self.acknowledged = {}
        self.longest_failing = 0.0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._send, args=(number,), daemon=True) for number in range(count)]
        for thread in self.threads:
            thread.start()

    def _send(self, number):
        sequence = 0
        while not self.stop.is_set():
            text = f"c{number}-{sequence}"
            body = {"message_type": "MESG", "user_id": f"sender{number}", "message": text, "dedup_id": text}
            failing_since = None
            while True:
                try:
                    status, answer = call(self.base, "POST", f"/v3/group_channels/{CHANNELS[number]}/messages", body)
                except (OSError, http.client.HTTPException, ValueError):
                    status, answer = None, None
                if status == 200:
                    break
                failing_since = failing_since or time.monotonic()
                time.sleep(0.05)
            with self.lock:
                self.acknowledged[text] = answer["message_id"]
                if failing_since:
                    self.longest_failing = max(self.longest_failing, time.monotonic() - failing_since)
            sequence += 1

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=30)


class StreamReader:
    """The master's live event stream through the balancer: when its connection ends (its
    node died), it connects again with the last event id it saw."""

    def __init__(self, base):
        self.host, self.port = base.replace("http://", "").split(":")
        self.events = []
        self.reconnections = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        while not self.stop.is_set():
            headers = {"Api-Token": API_TOKEN, "Accept": "text/event-stream"}
            if self.events:
                headers["Last-Event-ID"] = self.events[-1]["id"]
            try:
                connection = http.client.HTTPConnection(self.host, int(self.port), timeout=5)
                connection.request("GET", "/roost/events", headers=headers)
                response = connection.getresponse()
                if response.status != 200:
                    time.sleep(0.1)
                    continue
                fields = {}
                while not self.stop.is_set():
                    line = response.readline()
                    if not line:
                        break
                    line = line.decode().rstrip("\n")
                    if line == "":
                        if "id" in fields:
                            self.events.append(fields)
                        fields = {}
                    elif not line.startswith(":") and ": " in line:
                        key, value = line.split(": ", 1)
                        fields[key] = value
            except (OSError, http.client.HTTPException):
                time.sleep(0.1)
            if not self.stop.is_set():
                self.reconnections += 1

    def sent_messages(self):
        return [json.loads(event["data"])["payload"]["message"] for event in list(self.events)
                if event.get("event") == "group_channel:message_send"]

    def finish(self):
        self.stop.set()
        self.thread.join(timeout=10)


@pytest.fixture
def cluster():
    name = "roost_cluster_" + uuid.uuid4().hex
    psql(f"CREATE DATABASE {name}")
    with tempfile.TemporaryDirectory() as folder:
        nodes = [RoostServer(postgres_database_url(name), NODE_ARGUMENTS, folder=folder) for _ in range(2)]
        # Started at the same moment, on an empty database: the migrations are taken in turn.
        starting = [threading.Thread(target=node.start) for node in nodes]
        for thread in starting:
            thread.start()
        for thread in starting:
            thread.join()
        balancer = Balancer(nodes)
        try:
            yield postgres_database_url(name), nodes, balancer
        finally:
            balancer.stop()
            for node in nodes:
                node.stop()
            psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_losing_each_node_in_turn_loses_nothing(cluster):
    database, nodes, balancer = cluster
    base = balancer.url
    receiver = Receiver().start()
    try:
        for node in nodes:
            assert call(node.url, "GET", "/health")[0] == 200
        assert call(base, "PUT", "/v3/applications/settings/webhook",
                    {"enabled": True, "url": receiver.url, "enabled_events": ["group_channel:message_send"]})[0] == 200
        for number, channel in enumerate(CHANNELS):
            user = f"sender{number}"
            assert call(base, "POST", "/v3/users", {"user_id": user, "nickname": user, "profile_url": ""})[0] == 200
            assert call(base, "POST", "/v3/group_channels", {"channel_url": channel, "user_ids": [user]})[0] == 200
        now = call(base, "GET", "/roost/clock")[1]["now"]
        status, scheduled = call(base, "POST", f"/v3/group_channels/{CHANNELS[0]}/scheduled_messages", {
            "message_type": "MESG", "user_id": "sender0", "message": "due while a node is down", "scheduled_at": now + 301_000,
        })
        assert status == 200, scheduled

        stream = StreamReader(base)
        senders = Senders(base, len(CHANNELS))
        arrivals = []
        watching = threading.Event()

        def watch_arrivals():
            seen = 0
            while not watching.is_set():
                with receiver.lock:
                    count = len(receiver.requests)
                if count > seen:
                    arrivals.append(time.monotonic())
                    seen = count
                time.sleep(0.02)

        watcher = threading.Thread(target=watch_arrivals, daemon=True)
        watcher.start()
        time.sleep(2)
        for index, node in enumerate(nodes):
            node.kill()
            time.sleep(1)
            if index == 0:
                # The scheduled message falls due while the first node is down.
                assert call(base, "PUT", "/roost/clock", {"advance_ms": 302_000})[0] == 200
            time.sleep(2)
            node.start()
            time.sleep(3)
        senders.finish()

        acknowledged = senders.acknowledged
        assert len(acknowledged) > 100, "the load ran"
        assert senders.longest_failing < LONGEST_OUTAGE, f"requests failed for {senders.longest_failing:.1f} s in a row"

        def stored():
            return {text: int(count) for text, count in stored_rows(database, "SELECT message, count(*) FROM messages GROUP BY message")}
        counts = stored()
        assert all(counts.get(text) == 1 for text in acknowledged), "every acknowledged send is stored once"
        assert all(count == 1 for count in counts.values()), "no send is stored twice"
        deadline = time.monotonic() + 10
        while "due while a node is down" not in counts and time.monotonic() < deadline:
            time.sleep(0.2)
            counts = stored()
        assert counts.get("due while a node is down") == 1, "the scheduled message is sent once"
        assert call(base, "GET", f"/v3/group_channels/{CHANNELS[0]}/scheduled_messages/{scheduled['scheduled_message_id']}")[1]["scheduled_status"] == "sent"

        delivered = receiver.wait_for(lambda got: {p["payload"]["message_id"] for p in got} >= set(acknowledged.values()), timeout=30)
        watching.set()
        watcher.join()
        gaps = [later - earlier for earlier, later in zip(arrivals, arrivals[1:])]
        assert max(gaps) < LONGEST_OUTAGE, f"deliveries stopped for {max(gaps):.1f} s"
        assert {p["payload"]["message"] for p in delivered} >= set(acknowledged)

        deadline = time.monotonic() + 10
        while not set(acknowledged) <= set(stream.sent_messages()) and time.monotonic() < deadline:
            time.sleep(0.1)
        stream.finish()
        seen = stream.sent_messages()
        assert stream.reconnections >= 1, "the stream's node died at least once"
        assert set(acknowledged) <= set(seen), "the stream saw every message"
        assert len(seen) == len(set(seen)), "and none twice"
        ids = [int(event["id"]) for event in stream.events]
        assert ids == sorted(set(ids)), "event ids only go up"

        for node in nodes:
            assert call(node.url, "GET", "/health")[0] == 200
    finally:
        receiver.stop()


def postgres_ports(node):
    """The local ports of `node`'s TCP connections, which PostgreSQL shows as its backends'
    `client_port`."""
    sockets = set()
    for descriptor in os.listdir(f"/proc/{node.process.pid}/fd"):
        try:
            target = os.readlink(f"/proc/{node.process.pid}/fd/{descriptor}")
        except OSError:
            continue
        if target.startswith("socket:["):
            sockets.add(target[len("socket:["):-1])
    ports = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in sockets:
                ports.append(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def duties_held(database, node):
    """How many duties `node` holds: advisory locks of its PostgreSQL backends."""
    ports = postgres_ports(node)
    if not ports:
        return 0
    return int(stored_rows(database, f"""
        SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND a.client_port IN ({", ".join(map(str, ports))})""")[0][0])


def writers_turn_sits_idle(database):
    """Whether the transaction holding the writers' turn has waited on its node for a while."""
    return int(stored_rows(database, """
        SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE c.relname = 'writer_turns' AND l.granted AND a.state LIKE 'idle in transaction%'
          AND a.state_change < now() - interval '300 milliseconds'""")[0][0]) > 0


def test_a_node_that_hangs_lets_go_of_the_writers_turn_and_its_duties(cluster):
    database, nodes, _ = cluster
    for number, channel in enumerate(CHANNELS):
        user = f"sender{number}"
        assert call(nodes[0].url, "POST", "/v3/users", {"user_id": user, "nickname": user, "profile_url": ""})[0] == 200
        assert call(nodes[0].url, "POST", "/v3/group_channels", {"channel_url": channel, "user_ids": [user]})[0] == 200
    # The node that hangs is the one holding more duties: it holds at least one.
    hung, other = sorted(nodes, key=lambda node: duties_held(database, node), reverse=True)
    assert duties_held(database, hung) >= 1
    every_duty = duties_held(database, hung) + duties_held(database, other)
    senders = Senders(hung.url, len(CHANNELS))
    try:
        time.sleep(1)
        # Stopped at a moment its writer holds the turn, in a transaction.
        for _ in range(100):
            hung.process.send_signal(signal.SIGSTOP)
            time.sleep(0.4)
            if writers_turn_sits_idle(database):
                break
            hung.process.send_signal(signal.SIGCONT)
            time.sleep(0.1)
        else:
            pytest.fail("the node was never stopped holding the writers' turn")
        stopped = time.monotonic()
        status, answer = call(other.url, "POST", f"/v3/group_channels/{CHANNELS[0]}/messages",
                              {"message_type": "MESG", "user_id": "sender0", "message": "written past the hung node"}, timeout=60)
        waited = time.monotonic() - stopped
        assert status == 200, answer
        # It waited for PostgreSQL to end the hung writer's connection (10 s idle in a
        # transaction, the first 0.4 s of which had passed), and not much longer.
        assert 5 < waited < 15, f"the other node's write waited {waited:.1f} s"
        deadline = stopped + 15
        while duties_held(database, hung) > 0 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert duties_held(database, hung) == 0, "the hung node still holds duties"
        while duties_held(database, other) < every_duty and time.monotonic() < deadline + 3:
            time.sleep(0.2)
        assert duties_held(database, other) == every_duty, "the other node took every duty over"
    finally:
        hung.process.send_signal(signal.SIGCONT)
    time.sleep(3)
    senders.finish()
    acknowledged = senders.acknowledged
    counts = {text: int(count) for text, count in stored_rows(database, "SELECT message, count(*) FROM messages GROUP BY message")}
    assert all(counts.get(text) == 1 for text in acknowledged), "every acknowledged send is stored once"
    assert all(count == 1 for count in counts.values()), "no send is stored twice"
    for node in nodes:
        assert call(node.url, "GET", "/health")[0] == 200
    assert call(hung.url, "POST", f"/v3/group_channels/{CHANNELS[1]}/messages",
                {"message_type": "MESG", "user_id": "sender1", "message": "the hung node writes again"})[0] == 200
