"""Webhooks against a real receiver on a loopback port: Sendbird's headers and signature,
payloads, settings, retries and failures, delivery that survives the receiver being down and
Roost being killed, and the live event stream resuming without gaps."""

import hashlib
import hmac
import json
import os
import socket
import struct
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from conftest import API_TOKEN, RoostServer, free_port
from conftest import call_api as call

FAST = ["--webhook-retry-delay", "100", "--webhook-timeout", "1", "--max-messages-per-second", "0"]


class Receiver:
    """A webhook receiver: records every POST; answers 200, 500, nothing (hangs), or 200 after
    a pause (slow), noting the most requests it held at once, in all and per channel."""

    def __init__(self, port=None):
        self.port = port or free_port()
        self.mode = "ok"
        self.requests = []
        self.lock = threading.Lock()
        self.server = None
        self.holding = {}
        self.most_held = 0
        self.most_held_per_channel = 0

    def start(self):
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                length = int(self.headers["Content-Length"])
                body = self.rfile.read(length)
                if len(body) < length:
                    return  # the sender was killed mid-request: nothing was delivered
                with receiver.lock:
                    receiver.requests.append({"headers": dict(self.headers), "body": body})
                if receiver.mode == "hang":
                    time.sleep(3)
                    return
                if receiver.mode == "slow":
                    receiver.hold(json.loads(body)["channel"]["channel_url"], +1)
                    time.sleep(0.1)
                    receiver.hold(json.loads(body)["channel"]["channel_url"], -1)
                status = 500 if receiver.mode == "fail" else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def hold(self, channel, change):
        with self.lock:
            self.holding[channel] = self.holding.get(channel, 0) + change
            self.most_held = max(self.most_held, sum(self.holding.values()))
            self.most_held_per_channel = max(self.most_held_per_channel, self.holding[channel])

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/hooks"

    def payloads(self):
        with self.lock:
            return [json.loads(request["body"]) for request in self.requests]

    def wait_for(self, predicate, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate(self.payloads()):
                return self.payloads()
            time.sleep(0.05)
        raise AssertionError(f"timed out; received {[p['category'] for p in self.payloads()]}")


@pytest.fixture
def roost(database):
    location, folder = database
    server = RoostServer(location, FAST, folder=folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def setup_chat(base):
    for user_id in ["alice", "bob"]:
        assert call(base, "POST", "/v3/users", {"user_id": user_id, "nickname": user_id, "profile_url": ""})[0] == 200
    assert call(base, "POST", "/v3/group_channels", {"channel_url": "room", "user_ids": ["alice", "bob"]})[0] == 200


def send(base, text, user="alice"):
    status, body = call(base, "POST", "/v3/group_channels/room/messages", {"message_type": "MESG", "user_id": user, "message": text})
    assert status == 200, body
    return body


def subscribe(base, url, events=("*",), **extra):
    status, body = call(base, "PUT", "/v3/applications/settings/webhook", {"enabled": True, "url": url, "enabled_events": list(events), **extra})
    assert status == 200, body
    return body


def test_headers_signature_and_payloads(roost):
    receiver = Receiver().start()
    try:
        answer = subscribe(roost.url, receiver.url)
        assert "group_channel:message_send" in answer["webhook"]["enabled_events"]
        setup_chat(roost.url)
        sent = send(roost.url, "hello")
        payloads = receiver.wait_for(lambda got: any(p["category"] == "group_channel:message_send" for p in got))
        assert [p["category"] for p in payloads] == ["group_channel:create", "group_channel:join", "group_channel:message_send"]

        request = receiver.requests[-1]
        headers = {key.lower(): value for key, value in request["headers"].items()}
        assert headers["content-type"] == "application/json"
        assert headers["user-agent"] == "SendBird"
        expected = hmac.new(API_TOKEN.encode(), request["body"], hashlib.sha256).hexdigest()
        assert headers["x-sendbird-signature"] == expected
        assert hmac.new(b"another-token", request["body"], hashlib.sha256).hexdigest() != expected

        message = payloads[-1]
        assert message["app_id"] == "roost" and message["sdk"] == "API" and message["type"] == "MESG"
        assert message["sender"] == {"user_id": "alice", "nickname": "alice", "profile_url": "", "metadata": {}}
        assert message["payload"]["message_id"] == sent["message_id"]
        assert message["payload"]["message"] == "hello"
        assert isinstance(message["payload"]["created_at"], int) and message["payload"]["created_at"] > 10**12
        assert message["channel"]["channel_url"] == "room"
        assert "members" not in message
        assert sorted(user["user_id"] for user in payloads[1]["users"]) == ["alice", "bob"]

        # With members (and their unread counts) included.
        subscribe(roost.url, receiver.url, include_members=True, include_unread_count=True)
        send(roost.url, "again")
        with_members = receiver.wait_for(lambda got: len(got) == 4)[-1]
        members = {member["user_id"]: member for member in with_members["members"]}
        assert set(members) == {"alice", "bob"}
        assert members["bob"]["state"] == "joined" and members["bob"]["unread_message_count"] == 2
        assert members["bob"]["is_hidden"] == 0

        # Only the subscribed categories arrive.
        subscribe(roost.url, receiver.url, events=["group_channel:message_read"])
        send(roost.url, "unheard")
        assert call(roost.url, "PUT", "/v3/group_channels/room/messages/mark_as_read", {"user_id": "bob"})[0] == 200
        read = receiver.wait_for(lambda got: len(got) == 5)[-1]
        assert read["category"] == "group_channel:message_read"
        assert read["read_updates"][0]["user_id"] == "bob"
        # One channel's webhooks go in log order: once a later read has arrived, an unsubscribed
        # send made before it would have arrived too.
        send(roost.url, "unheard too")
        assert call(roost.url, "PUT", "/v3/group_channels/room/messages/mark_as_read", {"user_id": "bob"})[0] == 200
        reads = lambda got: [p for p in got if p["category"] == "group_channel:message_read"]
        payloads = receiver.wait_for(lambda got: len(reads(got)) == 2)
        assert [p["category"] for p in payloads[3:]] == ["group_channel:message_send", "group_channel:message_read", "group_channel:message_read"]
    finally:
        receiver.stop()


def test_settings_are_validated(roost):
    base = roost.url
    status, body = call(base, "GET", "/v3/applications/settings/webhook?display_all_webhook_categories=true")
    assert status == 200 and body["webhook"]["enabled"] is False
    assert "alert:user_message_rate_limit_exceeded" in body["webhook"]["all_webhook_categories"]
    for bad, code in [
        ({"enabled": True, "url": "ftp://example.com/hook"}, 400111),
        ({"enabled": True, "url": "http://127.0.0.1:9/hook", "enabled_events": ["group_channel:nonsense"]}, 400111),
        ({"enabled": True, "url": "http://127.0.0.1:9/hook", "enabled_events": ["*", "user:block"]}, 400111),
        ({"enabled": True, "url": "http://127.0.0.1:9/hook", "enabled_events": ["user:block"] * 101}, 400203),
        ({"enabled": "yes", "url": "http://127.0.0.1:9/hook"}, 400104),
        ({"enabled": True}, 400105),
    ]:
        status, answer = call(base, "PUT", "/v3/applications/settings/webhook", bad)
        assert (status, answer["code"]) == (400, code), (bad, answer)
    status, answer = call(base, "PUT", "/v3/applications/settings/webhook", {"enabled": False, "enabled_events": []})
    assert status == 200 and answer["webhook"]["enabled_events"] == []


def test_failing_and_hanging_receivers_get_three_attempts_then_are_listed(roost):
    receiver = Receiver().start()
    try:
        receiver.mode = "fail"
        subscribe(roost.url, receiver.url, events=["group_channel:create", "group_channel:changed"])
        assert call(roost.url, "POST", "/v3/group_channels", {"channel_url": "failing", "user_ids": ["ghost"]})[0] == 200
        receiver.wait_for(lambda got: len(got) == 3)
        receiver.mode = "hang"
        assert call(roost.url, "POST", "/v3/group_channels", {"channel_url": "hanging", "user_ids": ["ghost"]})[0] == 200
        receiver.wait_for(lambda got: len(got) == 6, timeout=30)

        def failures():
            return call(roost.url, "GET", "/v3/applications/roost/failed_webhooks?limit=10")[1]["webhook_logs"]

        deadline = time.monotonic() + 20
        while len(failures()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        logged = failures()
        assert [(log["webhook_status_code"], log["attempts"]) for log in logged] == [(500, 3), (0, 3)]
        assert logged[0]["payload"]["channel"]["channel_url"] == "failing"
        assert logged[0]["webhook_category"] == "group_channel:create"
        # One channel's webhooks go in log order, each tried to its end before the next: once a
        # later change of each channel has arrived, no further attempt of its creation can come.
        receiver.mode = "ok"
        for url in ["failing", "hanging"]:
            assert call(roost.url, "PUT", f"/v3/group_channels/{url}", {"name": "afterwards"})[0] == 200
        payloads = receiver.wait_for(lambda got: sum(p["category"] == "group_channel:changed" for p in got) == 2)
        for url in ["failing", "hanging"]:
            categories = [p["category"] for p in payloads if p["channel"]["channel_url"] == url]
            assert categories == ["group_channel:create"] * 3 + ["group_channel:changed"], f"exactly three attempts for {url}"
    finally:
        receiver.stop()


def test_a_url_pointing_nowhere_is_a_recorded_failure(roost):
    subscribe(roost.url, f"http://127.0.0.1:{free_port()}/nobody")
    assert call(roost.url, "POST", "/v3/group_channels", {"channel_url": "nowhere", "user_ids": ["ghost"]})[0] == 200
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        logged = call(roost.url, "GET", "/v3/applications/roost/failed_webhooks")[1]["webhook_logs"]
        if logged:
            assert logged[0]["webhook_status_code"] == 0
            break
        time.sleep(0.1)
    else:
        raise AssertionError("no failure recorded")
    # A refused connection fails its attempt at once, without waiting out the answer's timeout
    # (1 s here): three attempts take the two pauses between them (0.1 and 0.2 s), not 2.3 s.
    # Waiting instead let a receiver that came up late in an attempt get its POST twice.
    attempts = call(roost.url, "GET", "/roost/deliveries?feed=webhooks")[1]["deliveries"][:3]
    assert [attempt["attempt"] for attempt in attempts] == [1, 2, 3]
    assert attempts[2]["attempted_at"] - attempts[0]["attempted_at"] < 1000


def test_everything_arrives_in_order_after_the_receiver_comes_back(roost):
    receiver = Receiver()
    subscribe(roost.url, receiver.url, events=["group_channel:message_send"])
    setup_chat(roost.url)
    for number in range(200):
        send(roost.url, f"m{number}")
    time.sleep(1)
    receiver.start()
    try:
        payloads = receiver.wait_for(lambda got: len(got) >= 200, timeout=60)
        texts = [payload["payload"]["message"] for payload in payloads]
        assert texts == [f"m{number}" for number in range(200)]
        with urllib.request.urlopen(roost.url + "/metrics", timeout=10) as response:
            metrics = response.read().decode()
        assert 'roost_delivery_lag_count{feed="webhooks"}' in metrics, "the delivery lag is measured per feed"
    finally:
        receiver.stop()


def test_channels_are_delivered_side_by_side_each_in_order(roost):
    receiver = Receiver().start()
    receiver.mode = "slow"
    try:
        setup_chat(roost.url)
        rooms = ["room", "deck", "hold"]
        for room in rooms[1:]:
            assert call(roost.url, "POST", "/v3/group_channels", {"channel_url": room, "user_ids": ["alice"]})[0] == 200
        subscribe(roost.url, receiver.url, events=["group_channel:message_send"])
        for number in range(10):
            for room in rooms:
                status, body = call(roost.url, "POST", f"/v3/group_channels/{room}/messages",
                                    {"message_type": "MESG", "user_id": "alice", "message": f"{room}-{number}"})
                assert status == 200, body
        payloads = receiver.wait_for(lambda got: len(got) >= 30)
        for room in rooms:
            texts = [p["payload"]["message"] for p in payloads if p["channel"]["channel_url"] == room]
            assert texts == [f"{room}-{number}" for number in range(10)]
        assert receiver.most_held > 1, "different channels go side by side"
        assert receiver.most_held_per_channel == 1, "one channel's events go one at a time"
    finally:
        receiver.stop()


def test_every_committed_event_arrives_after_kill_nine(roost):
    receiver = Receiver().start()
    try:
        subscribe(roost.url, receiver.url, events=["group_channel:message_send"])
        setup_chat(roost.url)
        acknowledged = []
        for round_number in range(3):
            for number in range(60):
                acknowledged.append(send(roost.url, f"r{round_number}-{number}")["message_id"])
            roost.kill()
            roost.start()
        payloads = receiver.wait_for(lambda got: {p["payload"]["message_id"] for p in got} >= set(acknowledged), timeout=60)
        ids = [payload["payload"]["message_id"] for payload in payloads]
        assert set(acknowledged) <= set(ids)
    finally:
        receiver.stop()


def read_stream(base, headers, count, timeout=10):
    """Reads `count` events from the live stream, then closes it."""
    host, port = base.replace("http://", "").split(":")
    connection = socket.create_connection((host, int(port)), timeout=timeout)
    lines = "".join(f"{key}: {value}\r\n" for key, value in headers.items())
    connection.sendall(f"GET /roost/events HTTP/1.1\r\nHost: roost\r\nAccept: text/event-stream\r\n{lines}\r\n".encode())
    buffer, events = b"", []
    deadline = time.monotonic() + timeout
    while len(events) < count and time.monotonic() < deadline:
        buffer += connection.recv(65536)
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.decode().splitlines() if ": " in line and not line.startswith(":"))
            if "id" in fields:
                events.append(fields)
    connection.close()
    return events[:count]


def test_the_stream_resumes_from_last_event_id_without_gaps_or_repeats(roost):
    setup_chat(roost.url)
    for number in range(3):
        send(roost.url, f"s{number}")
    first = read_stream(roost.url, {"Api-Token": API_TOKEN}, 4)
    assert [event["event"] for event in first] == ["group_channel:create", "group_channel:join", "group_channel:message_send", "group_channel:message_send"]
    for number in range(3, 6):
        send(roost.url, f"s{number}")
    resumed = read_stream(roost.url, {"Api-Token": API_TOKEN, "Last-Event-ID": first[-1]["id"]}, 4)
    ids = [int(event["id"]) for event in first + resumed]
    assert ids == list(range(1, 9))
    texts = [json.loads(event["data"])["payload"]["message"] for event in first[2:] + resumed]
    assert texts == [f"s{number}" for number in range(6)]


def open_own_stream(base, user_id):
    token = call(base, "POST", f"/v3/users/{user_id}/token", {})[1]["token"]
    host, port = base.replace("http://", "").split(":")
    connection = socket.create_connection((host, int(port)), timeout=10)
    connection.sendall(
        f"GET /roost/events?user_id={user_id} HTTP/1.1\r\nHost: roost\r\nAccept: text/event-stream\r\nSession-Key: {token}\r\n\r\n".encode()
    )
    assert connection.recv(65536).startswith(b"HTTP/1.1 200")
    deadline = time.monotonic() + 10
    while call(base, "GET", f"/v3/users/{user_id}")[1]["is_online"] is not True:
        assert time.monotonic() < deadline, f"{user_id} never came online"
        time.sleep(0.05)
    return connection


def test_a_user_is_online_while_their_own_stream_is_open(roost):
    setup_chat(roost.url)
    alice = call(roost.url, "GET", "/v3/users/alice")[1]
    assert alice["is_online"] is False and alice["has_ever_logged_in"] is False and alice["last_seen_at"] == -1
    connection = open_own_stream(roost.url, "alice")
    assert call(roost.url, "GET", "/v3/users/alice")[1]["last_seen_at"] == 0
    assert call(roost.url, "GET", "/v3/users/alice")[1]["has_ever_logged_in"] is True
    members = call(roost.url, "GET", "/v3/group_channels/room/members")[1]["members"]
    assert {member["user_id"]: member["is_online"] for member in members} == {"alice": True, "bob": False}
    # An open stream is a connection, for the statistics too.
    assert call(roost.url, "GET", "/v3/applications/ccu")[1] == {"ccu": 1}
    today = time.gmtime()
    peaks = call(roost.url, "GET", "/v3/applications/peak_connections?time_dimension=daily"
                 f"&start_year={today.tm_year}&start_month={today.tm_mon}&start_day={today.tm_mday}"
                 f"&end_year={today.tm_year}&end_month={today.tm_mon}&end_day={today.tm_mday}")[1]["peak_connections"]
    assert [peak["peak_connections"] for peak in peaks] == [1]
    assert call(roost.url, "GET", "/v3/applications/dau")[1] == {"dau": 1}
    connection.close()
    # Nothing is sent to the stream: its closing alone makes alice offline, within a second.
    closed = time.monotonic()
    while call(roost.url, "GET", "/v3/users/alice")[1]["is_online"] is not False:
        assert time.monotonic() < closed + 1, "alice still read as online a second after her stream closed"
        time.sleep(0.02)
    alice = call(roost.url, "GET", "/v3/users/alice")[1]
    assert alice["last_seen_at"] > 0 and alice["has_ever_logged_in"] is True
    # An update may set the time she was last seen.
    assert call(roost.url, "PUT", "/v3/users/alice", {"last_seen_at": 1234})[1]["last_seen_at"] == 1234
    # While she is online she reads 0, and her stream's end replaces the time given. The same
    # when the client resets the connection instead of closing it.
    connection = open_own_stream(roost.url, "alice")
    assert call(roost.url, "GET", "/v3/users/alice")[1]["last_seen_at"] == 0
    assert call(roost.url, "PUT", "/v3/users/alice", {"last_seen_at": 5678})[1]["last_seen_at"] == 0
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    connection.close()
    closed = time.monotonic()
    while call(roost.url, "GET", "/v3/users/alice")[1]["is_online"] is not False:
        assert time.monotonic() < closed + 1, "alice still read as online a second after her connection was reset"
        time.sleep(0.02)
    assert call(roost.url, "GET", "/v3/users/alice")[1]["last_seen_at"] > 5678


def test_a_deleted_users_stream_is_closed_and_never_counts_out_the_next_user(roost):
    # The last user created: deleted, the next one gets its row id back from SQLite.
    assert call(roost.url, "POST", "/v3/users", {"user_id": "zed", "nickname": "zed", "profile_url": ""})[0] == 200
    old = open_own_stream(roost.url, "zed")
    assert call(roost.url, "DELETE", "/v3/users/zed")[0] == 200
    # Sendbird disconnects a deleted user: the stream ends.
    old.settimeout(5)
    received = b""
    while chunk := old.recv(65536):
        received += chunk
    old.close()
    assert call(roost.url, "POST", "/v3/users", {"user_id": "zed", "nickname": "zed again", "profile_url": ""})[0] == 200
    assert call(roost.url, "GET", "/v3/users/zed")[1]["is_online"] is False
    new = open_own_stream(roost.url, "zed")
    try:
        # The new zed, whose stream is open, is online. That the old stream's end never counts
        # him out, however late it comes, is StreamPresenceTests' to show: only a test that ends
        # the old stream itself can order the two.
        assert call(roost.url, "GET", "/v3/users/zed")[1]["is_online"] is True
        assert call(roost.url, "GET", "/v3/applications/ccu")[1] == {"ccu": 1}
    finally:
        new.close()


def test_a_deactivated_users_stream_is_closed_and_counts_them_out(roost):
    assert call(roost.url, "POST", "/v3/users", {"user_id": "yan", "nickname": "yan", "profile_url": ""})[0] == 200
    stream = open_own_stream(roost.url, "yan")
    assert call(roost.url, "PUT", "/v3/users/yan", {"is_active": False})[0] == 200
    # A deactivated user cannot log in, and one already connected is disconnected.
    stream.settimeout(5)
    while stream.recv(65536):
        pass
    stream.close()
    deadline = time.monotonic() + 5
    while call(roost.url, "GET", "/v3/users/yan")[1]["is_online"] is not False:
        assert time.monotonic() < deadline, "yan still read as online after the stream closed"
        time.sleep(0.02)
    assert call(roost.url, "GET", "/v3/applications/ccu")[1] == {"ccu": 0}


def test_bot_callbacks_reach_the_bots_url(roost):
    receiver = Receiver().start()
    try:
        setup_chat(roost.url)
        for bot_id, privacy, show in [("helper", False, True), ("private", True, False)]:
            status, body = call(roost.url, "POST", "/v3/bots", {
                "bot_userid": bot_id, "bot_nickname": bot_id, "bot_profile_url": "", "bot_type": "test",
                "bot_callback_url": receiver.url + "/" + bot_id, "is_privacy_mode": privacy, "show_member": show,
            })
            assert status == 200, body
            assert call(roost.url, "POST", f"/v3/bots/{bot_id}/channels", {"channel_urls": ["room"]})[0] == 200
        send(roost.url, "plain talk")
        send(roost.url, "/weather")
        assert call(roost.url, "POST", "/v3/bots/helper/send", {"message": "sunny", "channel_url": "room"})[0] == 200
        status, body = call(roost.url, "POST", "/v3/group_channels/room/messages", {
            "message_type": "MESG", "user_id": "bob", "message": "hey you", "mention_type": "users", "mentioned_user_ids": ["private"],
        })
        assert status == 200, body
        # Each bot's callbacks go in log order: once a command both bots hear has reached each,
        # everything sent before it that a bot was to hear has reached it too.
        send(roost.url, "/last")
        heard = lambda got, bot_id: [p["message"]["text"] for p in got if p["bot"]["bot_userid"] == bot_id]
        got = receiver.wait_for(lambda got: "/last" in heard(got, "helper") and "/last" in heard(got, "private"))
        by_bot = {}
        for payload in got:
            by_bot.setdefault(payload["bot"]["bot_userid"], []).append(payload)
        assert heard(got, "helper") == ["plain talk", "/weather", "hey you", "/last"], "not the bot's own message"
        assert heard(got, "private") == ["/weather", "hey you", "/last"], "privacy mode: commands and mentions only"
        assert by_bot["private"][1]["mentioned"] == ["private"]
        first = by_bot["helper"][0]
        assert first["category"] == "bot_message_notification"
        assert first["sender"]["user_id"] == "alice"
        assert first["channel"]["channel_url"] == "room"
        assert first["app_id"] == "roost" and first["ts"] == first["message"]["created_at"]
        assert len(first["bot"]["bot_token"]) == 40
        assert sorted(m["user_id"] for m in first["members"]) == ["alice", "bob", "helper", "private"]
        assert "members" not in by_bot["private"][0]
        with receiver.lock:
            request = receiver.requests[0]
        expected = hmac.new(API_TOKEN.encode(), request["body"], hashlib.sha256).hexdigest()
        assert request["headers"]["x-sendbird-signature"] == expected
    finally:
        receiver.stop()


def test_pushes_skip_online_members_and_reach_the_relay(database):
    receiver = Receiver().start()
    location, folder = database
    roost = RoostServer(location, FAST + ["--push-relay-url", receiver.url + "/push"], folder=folder)
    roost.start()
    try:
        setup_chat(roost.url)
        assert call(roost.url, "POST", "/v3/applications/push/fcm", {"api_key": "server-key"})[0] == 200
        for user_id in ["alice", "bob"]:
            assert call(roost.url, "POST", f"/v3/users/{user_id}/push/gcm", {"gcm_reg_token": f"{user_id}-phone"})[0] == 200
        token = call(roost.url, "POST", "/v3/users/bob/token", {})[1]["token"]
        host, port = roost.url.replace("http://", "").split(":")
        connection = socket.create_connection((host, int(port)), timeout=10)
        connection.sendall(
            f"GET /roost/events?user_id=bob HTTP/1.1\r\nHost: roost\r\nAccept: text/event-stream\r\nSession-Key: {token}\r\n\r\n".encode()
        )
        assert connection.recv(65536).startswith(b"HTTP/1.1 200")
        deadline = time.monotonic() + 10
        while call(roost.url, "GET", "/v3/users/bob")[1]["is_online"] is not True:
            assert time.monotonic() < deadline, "bob never came online"
            time.sleep(0.05)
        send(roost.url, "bob is here")
        assert call(roost.url, "GET", "/roost/pushes")[1]["pushes"] == [], "online members get no push"
        connection.close()
        while call(roost.url, "GET", "/v3/users/bob")[1]["is_online"] is not False:
            assert time.monotonic() < deadline + 10, "bob never went offline"
            time.sleep(0.05)
        send(roost.url, "bob is away")
        send(roost.url, "back at you", user="bob")
        pushes = [item["push"] for item in call(roost.url, "GET", "/roost/pushes")[1]["pushes"]]
        assert [(push["user_id"], push["alert"]) for push in pushes] == [("bob", "alice: bob is away"), ("alice", "bob: back at you")]
        # Pushes to different people are relayed side by side, so they may arrive in either order.
        relayed = receiver.wait_for(lambda got: len(got) >= 2)
        assert sorted(relayed, key=lambda push: push["message_id"]) == pushes
        with receiver.lock:
            request = receiver.requests[0]
        assert request["headers"]["x-sendbird-signature"] == hmac.new(API_TOKEN.encode(), request["body"], hashlib.sha256).hexdigest()
        # An attempt is recorded once its answer is back, after the receiver has the request.
        deadline = time.monotonic() + 10
        while len(deliveries := call(roost.url, "GET", "/roost/deliveries?feed=push_relay")[1]["deliveries"]) < 2:
            assert time.monotonic() < deadline, deliveries
            time.sleep(0.05)
        assert [(d["category"], d["status_code"], d["attempt"]) for d in deliveries] == [("roost:push", 200, 1)] * 2
        assert deliveries[0]["url"] == receiver.url + "/push"
    finally:
        roost.stop()
        receiver.stop()


def test_a_send_the_rate_limits_refuse_is_never_delivered(roost):
    receiver = Receiver().start()
    try:
        setup_chat(roost.url)
        subscribe(roost.url, receiver.url, events=["group_channel:message_send"])
        assert call(roost.url, "PUT", "/roost/clock", {"frozen": True})[0] == 200
        assert call(roost.url, "PUT", "/roost/rate-limits", {"plan": "free-trial"})[0] == 200
        for number in range(5):
            send(roost.url, f"kept {number}")
        status, body = call(roost.url, "POST", "/v3/group_channels/room/messages", {"message_type": "MESG", "user_id": "alice", "message": "refused"})
        assert status == 429 and body["code"] == 500910
        # The next second admits a send; one channel's webhooks go in log order, so once it has
        # arrived the refused send would have too.
        assert call(roost.url, "PUT", "/roost/clock", {"advance_ms": 1000})[0] == 200
        send(roost.url, "next second")
        payloads = receiver.wait_for(lambda got: any(p["payload"]["message"] == "next second" for p in got))
        assert [p["payload"]["message"] for p in payloads] == [f"kept {number}" for number in range(5)] + ["next second"]
    finally:
        receiver.stop()
