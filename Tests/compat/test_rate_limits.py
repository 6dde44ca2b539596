"""Sendbird's rate limits, emulated: the official SDK sees a throttled call as Sendbird's
429 with code 500910, and the call passes again in the next second of the emulator's clock."""

import json

import pytest
import sendbird_platform_sdk as sendbird
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.update_user_by_id_data import UpdateUserByIdData

from conftest import call_api, error_code


def test_a_throttled_call_is_sendbirds_429(client, token, server):
    users = UserApi(client)
    assert call_api(server.url, "POST", "/v3/users", {"user_id": "john", "nickname": "john", "profile_url": ""})[0] == 200
    # One second of the emulator's clock for every call until the test moves it.
    assert call_api(server.url, "PUT", "/roost/clock", {"frozen": True})[0] == 200
    status, usage = call_api(server.url, "PUT", "/roost/rate-limits", {"plan": "free-trial"})
    assert status == 200 and usage["limits"]["GET"] == 10

    for _ in range(10):
        users.list_users(token, limit=1)
    with pytest.raises(sendbird.ApiException) as throttled:
        users.list_users(token, limit=1)
    assert throttled.value.status == 429
    assert error_code(throttled.value) == 500910
    assert json.loads(throttled.value.body)["message"].startswith("Too many requests (scope: app, limit: 10;w=1")
    assert float(throttled.value.headers["X-RateLimit-RetryAfter"]) > 0

    # A user's own updates are limited to 5 a second, below the plan's 5 PUTs.
    for number in range(5):
        users.update_user_by_id(token, "john", update_user_by_id_data=UpdateUserByIdData(user_id="john", nickname=f"j{number}", profile_url=""))
    with pytest.raises(sendbird.ApiException) as refused:
        users.update_user_by_id(token, "john", update_user_by_id_data=UpdateUserByIdData(user_id="john", nickname="too many", profile_url=""))
    assert refused.value.status == 429 and error_code(refused.value) == 500910

    assert call_api(server.url, "PUT", "/roost/clock", {"advance_ms": 1000})[0] == 200
    assert users.view_user_by_id(token, "john").nickname == "j4", "the refused update changed nothing"
