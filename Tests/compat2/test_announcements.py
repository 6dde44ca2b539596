"""Scheduling an announcement through the official SDK 2.1.5 (its only announcement operation)."""

import time

from sendbird_platform_sdk.api.announcement_api import AnnouncementApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.create_a_user_request import CreateAUserRequest
from sendbird_platform_sdk.model.schedule_an_announcement_request import ScheduleAnAnnouncementRequest
from sendbird_platform_sdk.model.schedule_an_announcement_request_create_channel_options import ScheduleAnAnnouncementRequestCreateChannelOptions
from sendbird_platform_sdk.model.schedule_an_announcement_request_message import ScheduleAnAnnouncementRequestMessage


def test_schedule_an_announcement(client, token):
    UserApi(client).create_a_user(api_token=token, create_a_user_request=CreateAUserRequest(user_id="boss", nickname="Boss", profile_url=""))
    scheduled_at = int(time.time() * 1000) + 3_600_000
    answer = AnnouncementApi(client).schedule_an_announcement(api_token=token, schedule_an_announcement_request=ScheduleAnAnnouncementRequest(
        message=ScheduleAnAnnouncementRequestMessage(type="MESG", user_id="boss", content="hello", custom_type="news", data="{}"),
        target_at="target_users_included_channels", target_list=["ann"], target_channel_type="distinct", target_custom_type="",
        unique_id="a1", announcement_group="g1", create_channel=True,
        create_channel_options=ScheduleAnAnnouncementRequestCreateChannelOptions(name="Ch", cover_url="", custom_type="", data="", distinct=True),
        scheduled_at=scheduled_at, cease_at="2200", resume_at="0700", end_at=scheduled_at + 86_400_000, enable_push=True, mark_as_read=True,
    ))
    assert answer.unique_id == "a1" and answer.status == "scheduled" and answer.scheduled_at == scheduled_at
    assert answer.message.custom_type == "news" and answer.create_channel_options.name == "Ch"
