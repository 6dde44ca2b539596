"""Bots through the official SDK 0.0.16's BotApi: create, list, view, update, join, send,
leave and delete, against a running Roost."""

import pytest
import sendbird_platform_sdk as sendbird
from sendbird_platform_sdk.api.bot_api import BotApi
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.create_bot_data import CreateBotData
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.join_channels_data import JoinChannelsData
from sendbird_platform_sdk.model.send_bot_s_message_data import SendBotSMessageData
from sendbird_platform_sdk.model.update_bot_by_id_data import UpdateBotByIdData

from conftest import error_code


def test_a_bots_life(client, token):
    bots = BotApi(client)
    UserApi(client).create_user(token, create_user_data=CreateUserData(user_id="alice", nickname="alice", profile_url=""))
    GroupChannelApi(client).gc_create_channel(
        token, gc_create_channel_data=GcCreateChannelData(user_ids=["alice"], channel_url="room")
    )

    created = bots.create_bot(token, create_bot_data=CreateBotData(
        bot_userid="helper", bot_nickname="Helper", bot_profile_url="", bot_type="assistant",
        bot_callback_url="http://127.0.0.1:9/callback", is_privacy_mode=False,
    ))
    assert created.bot.bot_userid == "helper" and len(created.bot.bot_token) == 40
    assert [entry.bot.bot_userid for entry in bots.list_bots(token, limit=5).bots] == ["helper"]
    assert bots.view_bot_by_id(token, "helper").bot.bot_nickname == "Helper"
    updated = bots.update_bot_by_id(token, "helper", update_bot_by_id_data=UpdateBotByIdData(
        bot_userid="helper", bot_nickname="Helpful", bot_profile_url="", bot_callback_url="http://127.0.0.1:9/callback",
        is_privacy_mode=True, enable_mark_as_read=True, show_member=False, channel_invitation_preference=0,
    ))
    assert updated.bot.bot_nickname == "Helpful" and updated.is_privacy_mode is True

    joined = bots.join_channels(token, "helper", join_channels_data=JoinChannelsData(bot_userid="helper", channel_urls=["room"]))
    assert [channel.channel_url for channel in joined.channels] == ["room"]
    sent = bots.send_bots_message(token, "helper", send_bot_s_message_data=SendBotSMessageData(message="hi", channel_url="room"))
    assert sent.message == "hi" and sent.user.user_id == "helper"
    quiet = bots.send_bots_message(token, "helper", send_bot_s_message_data=SendBotSMessageData(
        message="shh", channel_url="room", send_push=False,
    ))
    assert quiet.message == "shh"

    bots.leave_channels_by_url(token, "helper", "room")
    with pytest.raises(sendbird.ApiException) as refused:
        bots.send_bots_message(token, "helper", send_bot_s_message_data=SendBotSMessageData(message="again", channel_url="room"))
    assert error_code(refused.value) == 900020
    bots.leave_channels(token, "helper")
    bots.delete_bot_by_id(token, "helper")
    with pytest.raises(sendbird.ApiException) as gone:
        bots.view_bot_by_id(token, "helper")
    assert error_code(gone.value) == 400201
