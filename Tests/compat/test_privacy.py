"""Data exports and GDPR requests through the official SDK 0.0.16 (DataExportApi, PrivacyApi);
the files they make open as zip archives whose CRCs check out."""

import io
import json
import time
import urllib.request
import zipfile

from sendbird_platform_sdk.api.data_export_api import DataExportApi
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.message_api import MessageApi
from sendbird_platform_sdk.api.privacy_api import PrivacyApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.register_and_schedule_data_export_data import RegisterAndScheduleDataExportData
from sendbird_platform_sdk.model.register_gdpr_request_data import RegisterGdprRequestData
from sendbird_platform_sdk.model.send_message_data import SendMessageData


def settled(view):
    deadline = time.monotonic() + 10
    answer = view()
    while answer.status == "scheduled" and time.monotonic() < deadline:
        time.sleep(0.05)
        answer = view()
    return answer


def opened(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        archive = zipfile.ZipFile(io.BytesIO(response.read()))
    assert archive.testzip() is None
    return archive


def test_export_and_gdpr(client, token):
    for user_id in ["alice", "bob"]:
        UserApi(client).create_user(token, create_user_data=CreateUserData(user_id=user_id, nickname=user_id, profile_url=""))
    GroupChannelApi(client).gc_create_channel(token, gc_create_channel_data=GcCreateChannelData(user_ids=["alice", "bob"], channel_url="room"))
    MessageApi(client).send_message(token, "group_channels", "room", send_message_data=SendMessageData(user_id="alice", message_type="MESG", message="hello"))
    now = int(time.time() * 1000)

    exports = DataExportApi(client)
    registered = exports.register_and_schedule_data_export(
        token, "messages", register_and_schedule_data_export_data=RegisterAndScheduleDataExportData(start_ts=now - 60_000, end_ts=now + 60_000),
    )
    done = settled(lambda: exports.view_data_export_by_id(token, "messages", registered.request_id))
    assert done.status == "done"
    archive = opened(done.file.url)
    assert archive.namelist() == ["room.json"] and b'"message":"hello"' in archive.read("room.json")
    assert [item.request_id for item in exports.list_data_exports_by_message_channel_or_user(token, "messages").exported_data] == [registered.request_id]

    privacy = PrivacyApi(client)
    access = privacy.register_gdpr_request(token, register_gdpr_request_data=RegisterGdprRequestData(
        action="access", user_ids=[], channel_delete_option="do_not_delete", user_id="alice",
    ))
    accessed = settled(lambda: privacy.view_gdpr_request_by_id(token, access.request_id))
    files = opened(accessed.files.url)
    assert sorted(files.namelist()) == ["channels.json", "messages.json", "user.json"]
    assert json.loads(files.read("user.json"))["user_id"] == "alice"
    assert [message["message"] for message in json.loads(files.read("messages.json"))["messages"]] == ["hello"]
    assert [channel["channel_url"] for channel in json.loads(files.read("channels.json"))["group_channels"]] == ["room"]
    deletion = privacy.register_gdpr_request(token, register_gdpr_request_data=RegisterGdprRequestData(
        action="delete", user_ids=["bob"], channel_delete_option="do_not_delete", user_id="",
    ))
    assert settled(lambda: privacy.view_gdpr_request_by_id(token, deletion.request_id)).status == "done"
    assert len(privacy.list_gdpr_requests(token).requests) == 2
