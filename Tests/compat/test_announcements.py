"""Announcements through the official SDK 0.0.16 (AnnouncementApi, StatisticsApi, MessageApi)."""

import time

from sendbird_platform_sdk.api.announcement_api import AnnouncementApi
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.message_api import MessageApi
from sendbird_platform_sdk.api.statistics_api import StatisticsApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.schedule_announcement_data import ScheduleAnnouncementData
from sendbird_platform_sdk.model.schedule_announcement_data_message import ScheduleAnnouncementDataMessage
from sendbird_platform_sdk.model.update_announcement_by_id_data import UpdateAnnouncementByIdData


def test_announcements(client, token):
    for user_id in ["boss", "ann"]:
        UserApi(client).create_user(token, create_user_data=CreateUserData(user_id=user_id, nickname=user_id, profile_url=""))
    GroupChannelApi(client).gc_create_channel(token, gc_create_channel_data=GcCreateChannelData(user_ids=["boss", "ann"], channel_url="team"))
    announcements = AnnouncementApi(client)
    scheduled_at = int(time.time() * 1000) + 3_600_000
    created = announcements.schedule_announcement(token, schedule_announcement_data=ScheduleAnnouncementData(
        message=ScheduleAnnouncementDataMessage(type="MESG", user_id="boss", content="hello"),
        target_at="target_channels", target_list=["team"], target_channel_type="all", unique_id="a1", announcement_group="g1",
        scheduled_at=scheduled_at,
    ))
    assert created.unique_id == "a1" and created.status == "scheduled"
    assert announcements.view_announcement_by_id(token, "a1").message.content == "hello"
    updated = announcements.update_announcement_by_id(token, "a1", update_announcement_by_id_data=UpdateAnnouncementByIdData(
        unique_id="a1", message_content="hello, all",
    ))
    assert updated["message"]["content"] == "hello, all"
    assert [item.unique_id for item in MessageApi(client).list_announcements(token).announcements] == ["a1"]
    assert announcements.list_announcement_groups(token).announcement_groups == ["g1"]
    today = time.strftime("%Y-%m-%d", time.gmtime())
    daily = announcements.get_statistics_daily(token, today, today, "", "", "", "")
    assert daily.statistics[0].total_announcement_count == 0
    assert len(announcements.get_statistics(token).statistics) == 1
    assert len(announcements.get_statistics_monthly(token).statistics) == 1
    assert len(StatisticsApi(client).get_detailed_open_rate_of_announcement_by_id(token, "a1").open_counts) == 168
    assert StatisticsApi(client).get_detailed_open_status_of_announcement_by_id(token, "a1").open_status == []
    assert announcements.get_detailed_open_rate_of_announcement_group(token, "g1").announcement_group == "g1"
    canceled = announcements.update_announcement_by_id(token, "a1", update_announcement_by_id_data=UpdateAnnouncementByIdData(unique_id="a1", action="cancel"))
    assert canceled["status"] == "canceled"
