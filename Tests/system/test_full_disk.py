"""A full disk: Roost runs on a small filesystem of its own (tmpfs), which is then filled.

A write that finds no room answers an error that says so (HTTP 507, code 500901), `/health`
reports that Roost cannot write while reads are still answered, nothing acknowledged is
lost, writes resume by themselves once space is freed (with no client write needed for
`/health` to notice), and the database passes SQLite's integrity check."""

import errno
import json
import os
import sqlite3
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from conftest import API_TOKEN, RoostServer
from conftest import call_api as call


def send(base, number):
    return call(base, "POST", "/v3/group_channels/full/messages", {
        "message_type": "MESG", "user_id": "writer", "message": f"{number} " + "x" * 2000, "dedup_id": f"m{number}",
    })


def upload(base, contents):
    boundary = "roost-full-disk"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="message_type"\r\n\r\nFILE\r\n',
        f'--{boundary}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\nwriter\r\n',
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n",
    ]
    request = urllib.request.Request(
        base + "/v3/group_channels/full/messages", method="POST",
        data="".join(parts).encode() + contents + f"\r\n--{boundary}--\r\n".encode(),
        headers={"Api-Token": API_TOKEN, "Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def fill_all_but(folder, filler, room):
    """Grows `filler` until about `room` bytes of `folder`'s filesystem are left. The server's
    own writes (its log, a checkpoint) may take some of the space between measuring it and
    taking it, so a size that no longer fits is measured again."""
    with open(filler, "wb") as file:
        for _ in range(50):
            free = os.statvfs(folder)
            try:
                os.posix_fallocate(file.fileno(), 0, os.fstat(file.fileno()).st_size + free.f_bavail * free.f_frsize - room)
                return
            except OSError as error:
                if error.errno != errno.ENOSPC:
                    raise
                time.sleep(0.05)
    raise AssertionError(f"could not leave {room} bytes free in {folder}")


@pytest.fixture
def small_filesystem():
    folder = tempfile.mkdtemp(prefix="roost-full-")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", folder], capture_output=True)
    if mounted.returncode != 0:
        os.rmdir(folder)
        pytest.skip(f"mounting a 16 MB tmpfs needs root: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", folder], check=False)
        os.rmdir(folder)


def test_a_full_disk_is_reported_and_writes_resume_once_space_is_freed(small_filesystem):
    database = os.path.join(small_filesystem, "roost.sqlite")
    server = RoostServer(database, ["--max-messages-per-second", "0"])
    server.start()
    try:
        assert call(server.url, "GET", "/health") == (200, {"status": "ok", "writable": True})
        call(server.url, "POST", "/v3/users", {"user_id": "writer", "nickname": "Writer", "profile_url": ""})
        assert call(server.url, "POST", "/v3/group_channels", {"user_ids": ["writer"], "channel_url": "full"})[0] == 200

        # Leave the filesystem almost no room, then write until a write finds none.
        filler = os.path.join(small_filesystem, "filler")
        fill_all_but(small_filesystem, filler, 256 * 1024)
        acknowledged, refused = [], None
        for number in range(2000):
            status, body = send(server.url, number)
            if status == 200:
                acknowledged.append(body["message_id"])
                continue
            refused = (status, body)
            break
        assert refused is not None, "the disk never filled"
        status, body = refused
        assert status == 507, body
        assert body["error"] is True and body["code"] == 500901
        assert "disk is full" in body["message"]

        # Roost says it cannot write, and still answers reads.
        assert call(server.url, "GET", "/health") == (200, {
            "status": "out_of_space", "writable": False, "message": body["message"],
        })
        status, history = call(server.url, "GET", "/v3/group_channels/full/messages?message_ts=0&next_limit=200&prev_limit=0")
        assert status == 200 and len(history["messages"]) == min(len(acknowledged), 200)
        assert send(server.url, 9999)[0] == 507
        # An uploaded file that does not fit is refused the same way, and leaves nothing behind.
        entries = set(os.listdir(small_filesystem))
        status, body = upload(server.url, b"x" * 400_000)
        assert (status, body["code"]) == (507, 500901) and "disk is full" in body["message"]
        assert set(os.listdir(small_filesystem)) == entries

        # Space is freed: /health finds out by itself, and writes go through again.
        os.remove(filler)
        deadline = time.monotonic() + 5
        while call(server.url, "GET", "/health")[1]["writable"] is not True:
            assert time.monotonic() < deadline, "/health never saw that writes go through again"
            time.sleep(0.1)
        status, body = send(server.url, 10_000)
        assert status == 200, body
        acknowledged.append(body["message_id"])
    finally:
        server.stop()

    # Every acknowledged message is there, once, and the file is sound.
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = [row[0] for row in connection.execute("SELECT id FROM messages ORDER BY id")]
    assert stored == sorted(acknowledged)
