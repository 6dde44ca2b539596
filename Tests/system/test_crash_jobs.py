"""Crash safety of what runs beside the requests: the search index and the push outbox, which
follow the sends after they commit, and the heavy jobs (an export, a GDPR deletion, an
announcement, a channel's deletion, a user's deletion), which run a step at a time.

Each round sends messages from several clients while the jobs run, kills the server with
SIGKILL at a random moment, and starts it again on the same file. After the last round every
job finishes, and: every acknowledged message is found by search, every push is recorded
exactly once, no file is left that nothing refers to, and on SQLite its integrity check
passes. With ROOST_TEST_ENGINE=postgres the server keeps its data in PostgreSQL, which the kill
leaves running."""

import os
import random
import threading
import time

from conftest import call_api as call, stored_rows

ROUNDS = 6
WORKERS = 4


def wait(base, path, key, done, seconds=60):
    deadline = time.monotonic() + seconds
    while True:
        status, body = call(base, "GET", path)
        if status == 200 and body[key] in done:
            return body
        assert time.monotonic() < deadline, f"{path} never reached {done}: {body}"
        time.sleep(0.1)


def test_followers_and_jobs_resume_after_kill_nine(server):
    base = server.url
    rng = random.Random(29)
    # Alice sends to bob and carol, who are offline with a phone each: every message makes two pushes.
    assert call(base, "POST", "/v3/applications/push/fcm", {"api_key": "server-key"})[0] == 200
    for user_id in ["alice", "bob", "carol"]:
        call(base, "POST", "/v3/users", {"user_id": user_id, "nickname": user_id, "profile_url": ""})
    for user_id in ["bob", "carol"]:
        assert call(base, "POST", f"/v3/users/{user_id}/push/gcm", {"gcm_reg_token": f"{user_id}-phone"})[0] == 200
    assert call(base, "POST", "/v3/group_channels", {"channel_url": "room", "user_ids": ["alice", "bob", "carol"]})[0] == 200
    # A message before the first export: one that the scheduler ran before the first worker's
    # send answered "no data", as it should.
    assert call(base, "POST", "/v3/group_channels/room/messages", {"message_type": "MESG", "user_id": "alice", "message": "hello"})[0] == 200

    acknowledged = set()
    lock = threading.Lock()
    jobs = {"exports": [], "erasures": [], "announcements": []}
    for round_number in range(ROUNDS):
        # A user with more messages than one erasure step deletes, to be erased this round.
        doomed = f"doomed{round_number}"
        call(base, "POST", "/v3/users", {"user_id": doomed, "nickname": doomed, "profile_url": ""})
        call(base, "POST", "/v3/group_channels", {"channel_url": f"doomed-room-{round_number}", "user_ids": [doomed, "alice"]})
        now = int(time.time() * 1000)
        for batch in range(7):
            messages = [
                {"message_type": "MESG", "user_id": doomed, "message": f"doomed {batch} {index}", "timestamp": now - 10_000 + batch * 100 + index}
                for index in range(100)
            ]
            assert call(base, "POST", f"/v3/migration/doomed-room-{round_number}", {"messages": messages})[0] == 200
        # A channel of more messages than one write deletes, deleted this round: gone at once,
        # its messages taken by a job that the kill may cut short.
        gone = f"gone-room-{round_number}"
        assert call(base, "POST", "/v3/group_channels", {"channel_url": gone, "user_ids": ["alice"]})[0] == 200
        for batch in range(7):
            messages = [
                {"message_type": "MESG", "user_id": "alice", "message": f"gone {batch} {index}", "timestamp": now - 20_000 + batch * 100 + index}
                for index in range(100)
            ]
            assert call(base, "POST", f"/v3/migration/{gone}", {"messages": messages})[0] == 200
        assert call(base, "DELETE", f"/v3/group_channels/{gone}")[0] == 200
        assert call(base, "GET", f"/v3/group_channels/{gone}")[0] == 400
        # A user who sent as many, deleted this round: their messages stay, without a sender.
        leaving = f"leaving{round_number}"
        call(base, "POST", "/v3/users", {"user_id": leaving, "nickname": leaving, "profile_url": ""})
        assert call(base, "POST", "/v3/group_channels", {"channel_url": f"{leaving}-room", "user_ids": [leaving, "alice"]})[0] == 200
        for batch in range(7):
            messages = [
                {"message_type": "MESG", "user_id": leaving, "message": f"leaving {batch} {index}", "timestamp": now - 30_000 + batch * 100 + index}
                for index in range(100)
            ]
            assert call(base, "POST", f"/v3/migration/{leaving}-room", {"messages": messages})[0] == 200
        assert call(base, "DELETE", f"/v3/users/{leaving}")[0] == 200
        assert call(base, "GET", f"/v3/users/{leaving}")[0] == 400
        jobs["exports"].append(call(base, "POST", "/v3/export/messages", {
            "start_ts": now - 86_400_000, "end_ts": now + 600_000, "channel_urls": ["room"],
        })[1]["request_id"])
        jobs["erasures"].append(call(base, "POST", "/v3/privacy/gdpr", {
            "action": "delete", "user_ids": [doomed], "channel_delete_option": "all",
        })[1]["request_id"])
        jobs["announcements"].append(call(base, "POST", "/v3/announcements", {
            "message": {"type": "ADMM", "content": f"announcement {round_number}"}, "target_at": "target_channels",
            "target_list": ["room"],
        })[1]["unique_id"])

        stop = threading.Event()

        def worker(worker_number):
            sequence = 0
            while not stop.is_set():
                # A word of its own, letters only and all of one length: search matches word starts.
                word = "".join("abcdefghij"[int(digit)] for digit in f"{round_number}{worker_number}{sequence:05d}")
                text = f"crashword {word}"
                sequence += 1
                try:
                    status, body = call(base, "POST", "/v3/group_channels/room/messages",
                                        {"message_type": "MESG", "user_id": "alice", "message": text})
                except OSError:
                    return
                if status == 200:
                    with lock:
                        acknowledged.add((body["message_id"], text))

        threads = [threading.Thread(target=worker, args=(number,)) for number in range(WORKERS)]
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.05, 0.8))
        server.kill()
        stop.set()
        for thread in threads:
            thread.join()
        server.start()

    for request_id in jobs["exports"]:
        wait(base, f"/v3/export/messages/{request_id}", "status", {"done"})
    for request_id in jobs["erasures"]:
        wait(base, f"/v3/privacy/gdpr/{request_id}", "status", {"done"})
    for unique_id in jobs["announcements"]:
        wait(base, f"/v3/announcements/{unique_id}", "status", {"completed"})

    # The deleted channels' and users' jobs take the last of their messages, then their rows.
    deadline = time.monotonic() + 60
    while True:
        deleting = int(stored_rows(
            server.database,
            "SELECT (SELECT COUNT(*) FROM channels WHERE deleted_at IS NOT NULL) + (SELECT COUNT(*) FROM users WHERE deleted_at IS NOT NULL)",
        )[0][0])
        if deleting == 0:
            break
        assert time.monotonic() < deadline, f"{deleting} deletions never finished"
        time.sleep(0.1)

    # Search finds every acknowledged message (it waits for the index to catch up).
    sample = rng.sample(sorted(acknowledged), min(40, len(acknowledged)))
    for message_id, text in sample:
        word = text.split()[1]
        status, found = call(base, "GET", f"/v3/search/messages?channel_url=room&query={word}")
        assert status == 200 and [m["message_id"] for m in found["results"]] == [message_id], (text, found)

    # Every push, exactly once: the outbox has caught up with the sends before it answers.
    pushes, since = [], 0
    while True:
        status, page = call(base, "GET", f"/roost/pushes?channel_url=room&since={since}&limit=1000")
        assert status == 200
        pushes += page["pushes"]
        if not page["pushes"]:
            break
        since = page["last_seq"]
    counted = {}
    for item in pushes:
        key = (item["push"]["message_id"], item["push"]["user_id"])
        counted[key] = counted.get(key, 0) + 1
    assert all(count == 1 for count in counted.values()), [key for key, count in counted.items() if count > 1][:5]
    for message_id, _ in acknowledged:
        assert counted.get((message_id, "bob")) == 1 and counted.get((message_id, "carol")) == 1, message_id

    server.stop()

    def count(sql):
        return tuple(int(value) for value in stored_rows(server.database, sql)[0])

    if not server.database.startswith("postgres"):
        assert stored_rows(server.database, "PRAGMA integrity_check") == [("ok",)]
    indexed = {int(row[0]) for row in stored_rows(server.database, "SELECT rowid FROM message_search")}
    assert not [message_id for message_id, _ in acknowledged if message_id not in indexed]
    assert count("SELECT COUNT(*) FROM messages m JOIN users u ON u.id = m.sender_id WHERE u.user_id LIKE 'doomed%'") == (0,)
    assert count("SELECT COUNT(*) FROM messages WHERE message LIKE 'gone %'") == (0,)
    assert count("SELECT COUNT(*) FROM channels WHERE channel_url LIKE 'gone-room-%'") == (0,)
    assert count("SELECT COUNT(*), COUNT(sender_id) FROM messages WHERE message LIKE 'leaving %'") == (700 * ROUNDS, 0)
    assert count("SELECT COUNT(*) FROM users WHERE user_id LIKE 'leaving%' OR deleted_at IS NOT NULL") == (0,)
    # No file that nothing refers to: each folder under the uploads is linked by a row.
    linked = set()
    for (url,) in stored_rows(
        server.database,
        "SELECT file_url FROM data_exports WHERE file_url IS NOT NULL UNION ALL SELECT file_url FROM gdpr_requests WHERE file_url IS NOT NULL",
    ):
        linked.add(url.split("/")[-2])
    uploads = server.folder
    folders = {name for name in os.listdir(uploads) if os.path.isdir(os.path.join(uploads, name)) and name != "snapshots"}
    assert folders == linked, (folders - linked, linked - folders)
    assert len(linked) == ROUNDS
