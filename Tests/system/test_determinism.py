"""The same state answers the same bytes: across repeated reads and across a restart (a new
process hashes dictionaries in a new order, so anything that leaks a dictionary's own order
shows here)."""

import json
import urllib.request

from conftest import API_TOKEN


def call(base, method, path, body=None):
    request = urllib.request.Request(
        base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Api-Token": API_TOKEN, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200, path
        return response.read()


READS = [
    "/v3/users?limit=10",
    "/v3/users/alice",
    "/v3/users/alice/metadata",
    "/v3/group_channels/room?show_member=true&show_metadata=true&show_read_receipt=true&show_delivery_receipt=true",
    "/v3/users/alice/my_group_channels?show_member=true&show_metadata=true&show_empty=true",
    "/v3/group_channels/room/metadata",
    "/v3/group_channels/room/metacounter",
    "/v3/group_channels/room/messages?message_ts=0&prev_limit=0&next_limit=20&include_reactions=true&with_sorted_meta_array=true",
    "/v3/group_channels/room/messages/unread_count",
    "/v3/users/alice/unread_item_count",
    "/v3/report?limit=10",
]


def test_same_state_same_bytes(server):
    base = server.url
    keys = {f"key{number}": f"value {number}" for number in range(5)}
    for user_id in ["alice", "bob", "carol"]:
        call(base, "POST", "/v3/users", {"user_id": user_id, "nickname": user_id, "profile_url": "", "metadata": keys})
    call(base, "POST", "/v3/group_channels", {"channel_url": "room", "user_ids": ["alice", "bob", "carol"]})
    call(base, "POST", "/v3/group_channels/room/metadata", {"metadata": keys})
    call(base, "POST", "/v3/group_channels/room/metacounter", {"metacounter": {f"count{n}": n for n in range(5)}})
    sent = json.loads(call(base, "POST", "/v3/group_channels/room/messages", {
        "message_type": "MESG", "user_id": "bob", "message": "hello",
        "sorted_metaarray": [{"key": f"meta{n}", "value": [str(n)]} for n in range(4)],
    }))
    for user_id in ["alice", "carol"]:
        call(base, "POST", f"/v3/group_channels/room/messages/{sent['message_id']}/reactions",
             {"user_id": user_id, "reaction": "like"})
    call(base, "PUT", "/v3/group_channels/room/messages/mark_as_read", {"user_id": "carol"})
    call(base, "POST", f"/v3/report/group_channels/room/messages/{sent['message_id']}",
         {"report_category": "spam", "reporting_user_id": "alice"})
    call(base, "POST", "/v3/report/users/bob", {"report_category": "harassing", "reporting_user_id": "carol"})

    first = {path: call(base, "GET", path) for path in READS}
    assert first == {path: call(base, "GET", path) for path in READS}
    server.restart()
    base = server.url
    after_restart = {path: call(base, "GET", path) for path in READS}
    for path in READS:
        assert after_restart[path] == first[path], path


def test_a_seed_repeats_every_generated_identifier():
    import os
    import tempfile

    from conftest import RoostServer

    def generated():
        with tempfile.TemporaryDirectory() as folder:
            server = RoostServer(os.path.join(folder, "roost.sqlite"), ["--seed", "42"])
            server.start()
            try:
                base = server.url
                call(base, "POST", "/v3/users", {"user_id": "alice", "nickname": "alice", "profile_url": "", "issue_access_token": True})
                user = json.loads(call(base, "GET", "/v3/users/alice"))
                channel = json.loads(call(base, "POST", "/v3/group_channels", {"user_ids": ["alice"]}))
                session = json.loads(call(base, "POST", "/v3/users/alice/token", {}))
                return user["access_token"], channel["channel_url"], session["token"]
            finally:
                server.stop()

    first, second = generated(), generated()
    assert first == second
    assert first[1].startswith("sendbird_group_channel_") and len(first[0]) == 40
