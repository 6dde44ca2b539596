"""Bots through the official SDK 2.1.5's BotApi, which sends every bot message as a form
(booleans as True/False, lists comma-joined) and reads `{"message": {...}}` back."""

import pytest
from sendbird_platform_sdk.api.bot_api import BotApi
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.exceptions import ApiException
from sendbird_platform_sdk.model.create_a_bot_request import CreateABotRequest
from sendbird_platform_sdk.model.create_a_group_channel_request import CreateAGroupChannelRequest
from sendbird_platform_sdk.model.create_a_user_request import CreateAUserRequest
from sendbird_platform_sdk.model.join_channels_request import JoinChannelsRequest

from conftest import error_code


def test_a_bots_life(client, token):
    bots = BotApi(client)
    UserApi(client).create_a_user(api_token=token, create_a_user_request=CreateAUserRequest(user_id="alice", nickname="alice", profile_url=""))
    GroupChannelApi(client).create_a_group_channel(
        api_token=token, create_a_group_channel_request=CreateAGroupChannelRequest(users=[], user_ids=["alice"], channel_url="room")
    )
    created = bots.create_a_bot(api_token=token, create_a_bot_request=CreateABotRequest(
        bot_userid="helper", bot_nickname="Helper", bot_profile_url="", bot_type="assistant",
        bot_callback_url="http://127.0.0.1:9/callback", is_privacy_mode=False,
    ))
    assert created.bot.bot_userid == "helper"
    assert [entry.bot.bot_userid for entry in bots.list_bots(api_token=token, limit=5).bots] == ["helper"]
    assert bots.view_bot_by_id("helper", api_token=token).bot.bot_nickname == "Helper"

    joined = bots.join_channels("helper", api_token=token, join_channels_request=JoinChannelsRequest(channel_urls=["room"]))
    assert joined.channel_url == "room"
    sent = bots.send_a_bot_message(
        "helper", "MESG", "room", api_token=token, message="hi", mentioned=["alice"], send_push=False, mark_as_read=True,
    )
    assert sent.message.message == "hi" and sent.message.user.user_id == "helper"
    assert [user.user_id for user in sent.message.mentioned_users] == ["alice"]

    bots.leave_a_group_channel("room", "helper", api_token=token)
    bots.leave_group_channels("helper", api_token=token)
    bots.delete_bot_by_id("helper", api_token=token)
    with pytest.raises(ApiException) as gone:
        bots.view_bot_by_id("helper", api_token=token)
    assert error_code(gone.value) == 400201
