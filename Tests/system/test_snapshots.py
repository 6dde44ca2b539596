"""Snapshot files across processes: `--export-on-exit` writes the whole state when the server
stops, `--import` starts another server from it, uploaded files included; a file that is not
a snapshot stops the start with a clear message."""

import json
import os
import subprocess
import tempfile
import urllib.request

from conftest import API_TOKEN, RoostServer, binary


def call(base, method, path, body=None, headers=None):
    request = urllib.request.Request(
        base + path, method=method, data=body if isinstance(body, bytes) else json.dumps(body).encode() if body is not None else None,
        headers={"Api-Token": API_TOKEN, "Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def upload(base, channel_url, user_id, name, contents):
    boundary = "roost-boundary"
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"message_type\"\r\n\r\nFILE\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"user_id\"\r\n\r\n{user_id}\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
        f"Content-Type: text/plain\r\n\r\n"
    ).encode() + contents + f"\r\n--{boundary}--\r\n".encode()
    return call(base, "POST", f"/v3/group_channels/{channel_url}/messages", body,
                {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def test_export_on_exit_then_import():
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        exported = os.path.join(first, "state.roost")
        source = RoostServer(os.path.join(first, "roost.sqlite"), ["--export-on-exit", exported])
        source.start()
        try:
            call(source.url, "POST", "/v3/users", {"user_id": "alice", "nickname": "Alice", "profile_url": ""})
            call(source.url, "POST", "/v3/group_channels", {"channel_url": "room", "user_ids": ["alice"]})
            call(source.url, "POST", "/v3/group_channels/room/messages", {"message_type": "MESG", "user_id": "alice", "message": "hello"})
            sent = upload(source.url, "room", "alice", "note.txt", b"the file's bytes")
        finally:
            source.stop()
        assert os.path.getsize(exported) > 0

        target = RoostServer(os.path.join(second, "roost.sqlite"), ["--import", exported])
        target.start()
        try:
            messages = call(target.url, "GET", "/v3/group_channels/room/messages?message_ts=0&prev_limit=0&next_limit=10")["messages"]
            assert [message.get("message") or message["file"]["name"] for message in messages] == ["hello", "note.txt"]
            path = sent["file"]["url"].split("/files/", 1)[1]
            with urllib.request.urlopen(f"{target.url}/files/{path}", timeout=10) as response:
                assert response.read() == b"the file's bytes"
        finally:
            target.stop()


def test_a_file_that_is_not_a_snapshot_stops_the_start():
    with tempfile.TemporaryDirectory() as folder:
        bogus = os.path.join(folder, "bogus.roost")
        with open(bogus, "wb") as file:
            file.write(b"this is not an SQLite database, just some bytes" * 100)
        result = subprocess.run(
            [binary(), "serve", "--port", "0", "--database", os.path.join(folder, "roost.sqlite"), "--api-token", API_TOKEN,
             "--import", bogus, "--snapshots", folder, "--uploads", folder],
            capture_output=True, text=True, timeout=60,
        )
        assert result.returncode != 0
        assert "bogus.roost cannot be loaded" in result.stderr + result.stdout
