"""Daily and monthly active users through the official SDK 2.1.5, which wants them as integers."""

import time

from sendbird_platform_sdk.api.statistics_api import StatisticsApi


def test_daily_and_monthly_active_users(client, token):
    statistics = StatisticsApi(client)
    today = time.strftime("%Y-%m-%d", time.gmtime())
    assert statistics.view_number_of_daily_active_users(api_token=token, date=today).dau == 0
    assert statistics.view_number_of_monthly_active_users(api_token=token).mau == 0
