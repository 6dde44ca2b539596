"""A live event stream whose client stops reading: Roost holds at most one chunk for it, closes
it once a write has waited `--stream-stall-timeout`, and the client, reconnecting with
`Last-Event-ID`, reads every event exactly once."""

import re
import socket
import time

from conftest import API_TOKEN, RoostServer, call_api

MESSAGES = 1200
STALLED_STREAMS = 10


def rss_mb(process):
    with open(f"/proc/{process.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def open_stream(server, last_event_id=None):
    connection = socket.socket()
    # A small receive window (set before connecting, so that it is the one offered), so that
    # the server's writes back up soon.
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    connection.connect(("127.0.0.1", server.port))
    resume = f"Last-Event-ID: {last_event_id}\r\n" if last_event_id is not None else ""
    connection.sendall(
        f"GET /roost/events HTTP/1.1\r\nHost: roost\r\nApi-Token: {API_TOKEN}\r\nAccept: text/event-stream\r\n{resume}\r\n".encode()
    )
    return connection


def complete_event_ids(data):
    """The ids of the events received whole (an event ends with a blank line)."""
    text = data.decode(errors="replace")
    body = text.split("\r\n\r\n", 1)[1] if "\r\n\r\n" in text else ""
    return [int(match) for match in re.findall(r"id: (\d+)\nevent: [^\n]*\ndata: [^\n]*\n\n", body)]


def read_all(connection, until_seconds):
    """Everything the server sends until it closes the connection or time runs out."""
    connection.settimeout(0.5)
    received = b""
    deadline = time.monotonic() + until_seconds
    while time.monotonic() < deadline:
        try:
            chunk = connection.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            return received, True
        received += chunk
    return received, False


def server_end_is_open(server, connection):
    """Whether the server's end of `connection` is still established (/proc/net/tcp): a server
    that closes a stream its client does not read sends its FIN only after the data the client
    has not taken, so the client cannot see the close without reading, which would unstall it."""
    client_port = connection.getsockname()[1]
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            for line in list(lines)[1:]:
                local, remote, state = line.split()[1:4]
                if int(local.split(":")[1], 16) == server.port and int(remote.split(":")[1], 16) == client_port:
                    return state == "01"
    return False


def test_a_stalled_stream_is_closed_and_its_client_resumes_losing_nothing(database):
    location, folder = database
    server = RoostServer(location, ["--stream-stall-timeout", "1", "--max-messages-per-second", "0"], folder=folder)
    server.start()
    try:
        call_api(server.url, "POST", "/v3/users", {"user_id": "talker", "nickname": "", "profile_url": ""})
        call_api(server.url, "POST", "/v3/group_channels", {"channel_url": "hall", "user_ids": ["talker"]})
        text = "x" * 4_900
        for index in range(MESSAGES):
            status, _ = call_api(server.url, "POST", "/v3/group_channels/hall/messages", {"message_type": "MESG", "user_id": "talker", "message": f"{index} {text}"})
            assert status == 200
        every = []
        while True:
            _, page = call_api(server.url, "GET", f"/roost/events?limit=1000&since={every[-1] if every else 0}")
            if not page["events"]:
                break
            every += [event["seq"] for event in page["events"]]
        assert len(every) > MESSAGES

        # What more stalled streams cost, past what the first ones start up (readers,
        # the recent events kept in memory): each holds about one chunk (32 KB) and what
        # reading it left, not a chunk of 500 events: 6.1 MB a stream before, 0.3 MB
        # after, in release builds.
        stalled = [open_stream(server) for _ in range(STALLED_STREAMS)]
        time.sleep(0.5)
        before = rss_mb(server.process)
        stalled += [open_stream(server) for _ in range(3 * STALLED_STREAMS)]
        time.sleep(0.5)
        each = (rss_mb(server.process) - before) / (3 * STALLED_STREAMS)
        assert each < 3, f"{each:.2f} MB held for each stalled stream"

        # Read nothing until the server gives up on the stream, then take what it had sent.
        # How soon its write stalls depends on how fast the streams read the log (on
        # PostgreSQL, 40 streams share the readers' connections), so wait for the close itself.
        deadline = time.monotonic() + 30
        while server_end_is_open(server, stalled[0]) and time.monotonic() < deadline:
            time.sleep(0.25)
        first, closed = read_all(stalled[0], 10)
        assert closed, "the stalled stream is closed"
        seen = complete_event_ids(first)
        assert seen and seen == every[: len(seen)] and len(seen) < len(every)

        resumed = open_stream(server, last_event_id=seen[-1])
        rest, _ = read_all(resumed, 3)
        seen += complete_event_ids(rest)
        assert seen == every, "every event once, in order"
    finally:
        # Stalled clients do not hold a shutdown up.
        started = time.monotonic()
        server.stop()
        assert time.monotonic() - started < 10
