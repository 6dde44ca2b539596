"""Answers and event payloads, byte for byte, against a record kept in the repository
(`golden/answers.txt`): a change to how Roost writes JSON must not change what a client reads,
key order included. A seeded server on a frozen clock makes the same calls every run, so every
identifier and time repeats. It runs on SQLite whatever the engine of the run: the JSON is
written by the same code on both, and a seeded PostgreSQL Roost draws other identifiers.

When an answer is meant to change, run with ROOST_GOLDEN_UPDATE=1 to write the record anew,
and review its diff."""

import json
import os
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from conftest import API_TOKEN, RoostServer

RECORD = Path(__file__).parent / "golden" / "answers.txt"
NOW = 4_102_444_800_000  # 2100-01-01T00:00:00Z: Roost's clock never goes back, so a time to come

USERS = ["alice", "bob", "carol", "dave"]


def calls():
    """The calls, in order: each (method, path, body). Every area a client reads, with the
    events those calls log."""
    for user_id in USERS:
        yield "POST", "/v3/users", {
            "user_id": user_id, "nickname": user_id.title(), "profile_url": f"https://example.com/{user_id}.png",
            "metadata": {"city": "Paris", "team": "blue"}, "issue_access_token": user_id == "alice",
        }
    # Events carry their channel's members, with unread counts.
    yield "PUT", "/v3/applications/settings/webhook", {"enabled": False, "url": "http://127.0.0.1:9/hook",
                                                      "include_members": True, "include_unread_count": True}
    yield "GET", "/v3/users?limit=10&show_bot=true", None
    yield "GET", "/v3/users/alice?include_unread_count=true", None
    yield "PUT", "/v3/users/bob", {"nickname": "Robert", "is_active": True}
    yield "POST", "/v3/users/alice/token", {"expires_at": NOW + 86_400_000}
    yield "GET", "/v3/users/alice/metadata", None
    yield "PUT", "/v3/users/alice/metadata/city", {"value": "Lyon"}
    yield "PUT", "/v3/users/alice/channel_invitation_preference", {"auto_accept": False}
    yield "GET", "/v3/users/alice/channel_invitation_preference", None

    yield "POST", "/v3/group_channels", {
        "channel_url": "room", "name": "Room", "cover_url": "https://example.com/room.png", "custom_type": "team",
        "data": "{\"topic\":\"tests\"}", "user_ids": ["alice", "bob", "carol"], "operator_ids": ["alice"],
    }
    yield "POST", "/v3/group_channels", {"user_ids": ["alice", "dave"], "is_distinct": True}
    yield "POST", "/v3/group_channels", {"channel_url": "public-room", "is_public": True, "is_super": True, "user_ids": ["bob"]}
    yield "GET", "/v3/group_channels/room?show_member=true&show_read_receipt=true&show_delivery_receipt=true", None
    yield "GET", "/v3/group_channels?limit=10&show_member=true&show_metadata=true", None
    yield "PUT", "/v3/group_channels/room", {"name": "The room", "data": "{}"}
    yield "POST", "/v3/group_channels/room/metadata", {"metadata": {"color": "red", "size": "large"}}
    yield "POST", "/v3/group_channels/room/metacounter", {"metacounter": {"likes": 3, "views": 10}}
    yield "PUT", "/v3/group_channels/room/metacounter/likes", {"value": 2, "mode": "increase"}
    yield "PUT", "/v3/users/dave/channel_invitation_preference", {"auto_accept": False}
    yield "POST", "/v3/group_channels/room/invite", {"user_ids": ["dave"], "inviter_id": "alice"}
    yield "GET", "/v3/group_channels/room/members?limit=10&show_member_is_muted=true&show_read_receipt=true", None
    yield "GET", "/v3/group_channels/room/members/dave", None
    yield "PUT", "/v3/group_channels/room/accept", {"user_id": "dave"}
    yield "POST", "/v3/group_channels/room/operators", {"operator_ids": ["bob"]}
    yield "GET", "/v3/group_channels/room/operators", None

    yield "POST", "/v3/group_channels/room/messages", {
        "message_type": "MESG", "user_id": "bob", "message": "hello", "custom_type": "greeting", "data": "d",
        "mention_type": "users", "mentioned_user_ids": ["alice"],
        "sorted_metaarray": [{"key": "mood", "value": ["happy"]}], "dedup_id": "first",
    }
    yield "POST", "/v3/group_channels/room/messages", {"message_type": "ADMM", "message": "Welcome", "custom_type": "notice"}
    yield "POST", "/v3/group_channels/room/messages", {
        "message_type": "FILE", "user_id": "alice", "url": "https://example.com/photo.jpg", "file_name": "photo.jpg",
        "file_size": 1234, "file_type": "image/jpeg", "thumbnails": ["https://example.com/photo-small.jpg"],
    }
    yield "POST", "/v3/group_channels/room/messages", {"message_type": "MESG", "user_id": "carol", "message": "a reply", "parent_message_id": 1}
    yield "POST", "/v3/group_channels/room/messages/1/reactions", {"user_id": "alice", "reaction": "like"}
    yield "POST", "/v3/group_channels/room/messages/1/reactions", {"user_id": "carol", "reaction": "like"}
    yield "PUT", "/v3/group_channels/room/messages/1", {"message_type": "MESG", "message": "hello, edited"}
    yield "POST", "/v3/group_channels/room/messages/1/sorted_metaarray", {"sorted_metaarray": [{"key": "tag", "value": ["a", "b"]}]}
    yield "POST", "/v3/group_channels/room/messages/1/pin", {}
    yield "GET", "/v3/group_channels/room/messages?message_ts=0&prev_limit=0&next_limit=20&include_reactions=true&with_sorted_meta_array=true&include_thread_info=true&include_parent_message_info=true", None
    yield "GET", "/v3/group_channels/room/messages/1?include_reactions=true", None
    yield "GET", "/v3/group_channels/room/messages/1/reactions?list_users=true", None
    yield "GET", "/v3/group_channels/room/messages/total_count", None
    yield "PUT", "/v3/group_channels/room/messages/mark_as_read", {"user_id": "alice"}
    yield "PUT", "/v3/group_channels/room/messages/mark_as_delivered", {"user_id": "carol"}
    yield "GET", "/v3/group_channels/room/messages/unread_count?user_ids=bob,carol", None
    yield "GET", "/v3/users/bob/unread_message_count", None
    yield "GET", "/v3/users/bob/unread_channel_count", None
    yield "GET", "/v3/users/bob/unread_item_count", None
    yield "GET", "/v3/users/carol/my_group_channels?show_member=true&show_metadata=true&show_read_receipt=true&show_delivery_receipt=true&show_empty=true", None
    yield "GET", "/v3/users/carol/group_channel_count", None
    yield "PUT", "/v3/users/carol/count_preference/room", {"count_preference": "unread_message_count_only"}
    yield "GET", "/v3/users/carol/count_preference/room", None
    yield "PUT", "/v3/group_channels/room/hide", {"user_id": "carol", "allow_auto_unhide": True}
    yield "PUT", "/v3/group_channels/room/reset_user_history", {"user_id": "carol"}
    yield "GET", "/v3/search/messages?query=hello&channel_url=room&limit=10", None

    yield "POST", "/v3/group_channels/room/scheduled_messages", {
        "message_type": "MESG", "user_id": "alice", "message": "later", "scheduled_at": NOW + 3_600_000,
    }
    yield "GET", "/v3/scheduled_messages?channel_url=room", None
    yield "GET", "/v3/scheduled_messages/count", None
    yield "POST", "/v3/polls", {
        "title": "Lunch?", "options": ["pizza", "salad"], "created_by": "alice", "allow_multiple_votes": True,
        "close_at": NOW // 1000 + 86_400,
    }
    yield "PUT", "/v3/polls/1/vote", {"user_id": "bob", "option_ids": [1]}
    yield "GET", "/v3/polls/1", None
    yield "GET", "/v3/polls/1/options/1/voters", None
    yield "GET", "/v3/polls", None

    yield "POST", "/v3/group_channels/room/ban", {"user_id": "dave", "seconds": 60, "description": "spam", "agent_id": "alice"}
    yield "GET", "/v3/group_channels/room/ban", None
    yield "GET", "/v3/group_channels/room/ban/dave", None
    yield "POST", "/v3/group_channels/room/mute", {"user_id": "carol", "seconds": 60, "description": "quiet"}
    yield "GET", "/v3/group_channels/room/mute", None
    yield "GET", "/v3/group_channels/room/mute/carol", None
    yield "GET", "/v3/users/carol/mute", None
    yield "GET", "/v3/users/dave/ban", None
    yield "PUT", "/v3/group_channels/room/freeze", {"freeze": True}
    yield "POST", "/v3/users/alice/block", {"target_id": "dave"}
    yield "GET", "/v3/users/alice/block", None
    yield "POST", "/v3/report/users/dave", {"report_category": "spam", "reporting_user_id": "alice", "report_description": "ads"}
    yield "POST", "/v3/report/group_channels/room/messages/1", {
        "report_category": "harassing", "offending_user_id": "bob", "reporting_user_id": "carol",
    }
    yield "GET", "/v3/report?limit=10", None
    yield "GET", "/v3/report/users/dave", None

    yield "POST", "/v3/open_channels", {"channel_url": "lobby", "name": "Lobby", "operator_ids": ["alice"], "custom_type": "hall"}
    yield "GET", "/v3/open_channels/lobby", None
    yield "GET", "/v3/open_channels?limit=10", None
    yield "POST", "/v3/open_channels/lobby/messages", {"message_type": "MESG", "user_id": "alice", "message": "hi all"}
    yield "GET", "/v3/open_channels/lobby/messages?message_ts=0&prev_limit=0&next_limit=10", None
    yield "GET", "/v3/open_channels/lobby/participants", None
    yield "GET", "/v3/open_channels/lobby/operators", None
    yield "PUT", "/v3/open_channels/lobby/freeze", {"freeze": True}

    yield "POST", "/v3/bots", {
        "bot_userid": "helper", "bot_nickname": "Helper", "bot_profile_url": "", "bot_type": "assistant",
        "bot_callback_url": "http://127.0.0.1:9/bot", "is_privacy_mode": False, "channel_urls": ["room"],
    }
    yield "GET", "/v3/bots", None
    yield "GET", "/v3/bots/helper", None
    yield "POST", "/v3/bots/helper/channels", {"channel_urls": ["room"]}
    yield "PUT", "/v3/group_channels/room/freeze", {"freeze": False}
    yield "POST", "/v3/bots/helper/send", {"message": "beep", "channel_url": "room"}

    yield "POST", "/v3/announcements", {
        "message": {"type": "MESG", "user_id": "alice", "content": "news"}, "target_at": "sender_all_channels",
        "target_channel_type": "distinct", "unique_id": "news-1", "announcement_group": "launch", "scheduled_at": NOW + 60_000,
    }
    yield "GET", "/v3/announcements", None
    yield "GET", "/v3/announcements/news-1", None
    yield "GET", "/v3/announcement_open_rate/news-1", None
    yield "GET", "/v3/announcement_group", None
    yield "GET", "/v3/announcement_open_status/news-1", None
    yield "GET", "/v3/announcement_open_rate_by_group/launch", None
    yield "GET", "/v3/announcement_stats/daily?start_date=2100-01-01&end_date=2100-01-02", None

    yield "POST", "/v3/emoji_categories", {"emoji_categories": [{"name": "faces", "url": "https://example.com/faces.png",
                                                                }]}
    yield "POST", "/v3/emojis", {"emoji_category_id": 1, "emojis": [{"key": "smile", "url": "https://example.com/smile.png"}]}
    yield "GET", "/v3/emoji_categories", None
    yield "GET", "/v3/emojis", None
    yield "GET", "/v3/emojis/smile", None

    yield "PUT", "/v3/applications/settings/webhook", {"enabled": False, "url": "http://127.0.0.1:9/hook",
                                                      "enabled_events": ["group_channel:message_send"]}
    yield "GET", "/v3/applications/settings/webhook?display_all_webhook_categories=true", None
    yield "GET", "/v3/applications/settings_global", None
    yield "POST", "/v3/applications/settings_by_channel_custom_type", {"custom_type": "team", "display_past_message": True}
    yield "PUT", "/v3/applications/settings_by_channel_custom_type/team", {"allow_links": False}
    yield "GET", "/v3/applications/settings_by_channel_custom_type", None
    yield "GET", "/v3/applications/settings/auto_event_message", None
    yield "GET", "/v3/applications/settings/ip_whitelist", None
    yield "GET", "/v3/applications/default_channel_invitation_preference", None
    yield "GET", "/v3/applications/push/settings", None
    yield "POST", "/v3/applications/push/fcm", {"api_key": "fcm-secret-key", "push_sound": "ding"}
    yield "POST", "/v3/applications/push/huawei", {"huawei_app_id": "app-1", "huawei_app_secret": "huawei-secret"}
    yield "GET", "/v3/applications/push/fcm", None
    yield "GET", "/v3/applications/push/huawei", None
    yield "GET", "/v3/applications/push/message_templates/default", None
    yield "GET", "/v3/applications/ccu", None
    yield "GET", "/v3/applications/push/message_templates", None
    yield "GET", "/v3/applications/dau?date=2100-01-01", None
    yield "GET", "/v3/applications/mau?date=2100-01-01", None
    yield "GET", "/v3/applications/peak_connections?time_dimension=daily&start_year=2100&start_month=1&start_day=1&end_year=2100&end_month=1&end_day=1", None

    yield "POST", "/v3/users/alice/push/gcm", {"gcm_reg_token": "token-1"}
    yield "GET", "/v3/users/alice/push/gcm", None
    yield "PUT", "/v3/users/alice/push_preference", {"do_not_disturb": True, "start_hour": 22, "start_min": 0, "end_hour": 7, "end_min": 0, "timezone": "Europe/Paris"}
    yield "GET", "/v3/users/alice/push_preference", None
    yield "GET", "/v3/users/alice/push_preference/room", None
    yield "POST", "/v3/users/bob/push/gcm", {"gcm_reg_token": "bob-phone"}
    yield "POST", "/v3/group_channels/room/messages", {"message_type": "MESG", "user_id": "alice", "message": "ping"}
    # Pushes are worked out after the send, from the log: read at once, before anything else is logged.
    yield "GET", "/roost/pushes", None

    yield "POST", "/v3/export/messages", {"start_ts": NOW - 86_400_000, "end_ts": NOW + 86_400_000, "format": "json"}
    yield "GET", "/v3/export/messages", None
    yield "POST", "/v3/privacy/gdpr", {"action": "access", "user_id": "carol"}
    yield "GET", "/v3/privacy/gdpr", None

    yield "DELETE", "/v3/group_channels/room/messages/3", None
    yield "DELETE", "/v3/users/alice/block/dave", None
    yield "PUT", "/v3/group_channels/room/leave", {"user_ids": ["carol"]}
    yield "DELETE", "/v3/group_channels/public-room", None
    yield "GET", "/v3/group_channels/room?show_member=true", None
    yield "POST", "/roost/faults", {"path_prefix": "/v3/nowhere", "status": 503, "code": 500901, "message": "down"}
    yield "GET", "/roost/faults", None
    yield "GET", "/roost/rate-limits", None
    yield "GET", "/v3/statistics/metric?metric_type=messages&time_dimension=daily&start_year=2100&start_month=1&start_day=1&end_year=2100&end_month=1&end_day=2", None
    yield "GET", "/roost/events?since=0&limit=1000", None


def answered(base, method, path, body):
    request = urllib.request.Request(
        base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Api-Token": API_TOKEN, "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def record(base):
    # Not recorded: its answer says how far the clock was moved from the machine's.
    assert answered(base, "PUT", "/roost/clock", {"now": NOW, "frozen": True})[0] == 200
    lines = []
    for method, path, body in calls():
        status, answer = answered(base, method, path, body)
        lines += [f"{method} {path}", str(status), answer.decode().replace(base, "{base}"), ""]
    return "\n".join(lines)


def test_every_answer_is_as_recorded():
    with tempfile.TemporaryDirectory() as folder:
        server = RoostServer(os.path.join(folder, "roost.sqlite"), ["--seed", "7", "--max-messages-per-second", "0"])
        server.start()
        try:
            written = record(server.url)
        finally:
            server.stop()
    if os.environ.get("ROOST_GOLDEN_UPDATE") == "1":
        RECORD.parent.mkdir(exist_ok=True)
        RECORD.write_text(written)
    kept = RECORD.read_text().split("\n\n")
    for expected, actual in zip(kept, written.split("\n\n"), strict=True):
        assert actual == expected, expected.split("\n", 1)[0]
