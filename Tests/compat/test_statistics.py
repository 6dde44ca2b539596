"""Statistics through the official SDK 0.0.16's StatisticsApi: active users, connections and
their daily peaks, counted from what happened."""

import time

from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.message_api import MessageApi
from sendbird_platform_sdk.api.statistics_api import StatisticsApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.send_message_data import SendMessageData


def test_active_users_and_connections(client, token):
    for user_id in ["alice", "bob"]:
        UserApi(client).create_user(token, create_user_data=CreateUserData(user_id=user_id, nickname=user_id, profile_url=""))
    GroupChannelApi(client).gc_create_channel(token, gc_create_channel_data=GcCreateChannelData(user_ids=["alice", "bob"], channel_url="room"))
    MessageApi(client).send_message(
        token, "group_channels", "room", send_message_data=SendMessageData(user_id="alice", message_type="MESG", message="hi")
    )
    statistics = StatisticsApi(client)
    today = time.strftime("%Y-%m-%d", time.gmtime())
    assert statistics.view_number_of_daily_active_users(token, date=today).dau == 1
    assert statistics.view_number_of_monthly_active_users(token, date=today).mau == 1
    assert statistics.view_number_of_concurrent_connections(token).ccu == 0
    now = time.gmtime()
    peaks = statistics.view_number_of_peak_connections(
        token, "daily", now.tm_year, now.tm_mon, now.tm_year, now.tm_mon, start_day=now.tm_mday, end_day=now.tm_mday
    )
    assert [(peak.date, peak.peak_connections) for peak in peaks.peak_connections] == [(today, 0)]
