"""Moderation through the official SDK (ModerationApi, ReportApi), each rule's error code as
the SDK's ApiException carries it."""

import pytest
import sendbird_platform_sdk as sendbird
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.message_api import MessageApi
from sendbird_platform_sdk.api.moderation_api import ModerationApi
from sendbird_platform_sdk.api.open_channel_api import OpenChannelApi
from sendbird_platform_sdk.api.report_api import ReportApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.ban_from_channels_with_custom_channel_types_data import (
    BanFromChannelsWithCustomChannelTypesData,
)
from sendbird_platform_sdk.model.block_user_data import BlockUserData
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_ban_user_data import GcBanUserData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.gc_freeze_channel_data import GcFreezeChannelData
from sendbird_platform_sdk.model.gc_join_channel_data import GcJoinChannelData
from sendbird_platform_sdk.model.gc_mute_user_data import GcMuteUserData
from sendbird_platform_sdk.model.gc_update_ban_by_id_data import GcUpdateBanByIdData
from sendbird_platform_sdk.model.mute_in_channels_with_custom_channel_types_data import (
    MuteInChannelsWithCustomChannelTypesData,
)
from sendbird_platform_sdk.model.oc_ban_user_data import OcBanUserData
from sendbird_platform_sdk.model.oc_create_channel_data import OcCreateChannelData
from sendbird_platform_sdk.model.oc_mute_user_data import OcMuteUserData
from sendbird_platform_sdk.model.oc_update_ban_by_id_data import OcUpdateBanByIdData
from sendbird_platform_sdk.model.register_as_operator_to_channels_with_custom_channel_types_data import (
    RegisterAsOperatorToChannelsWithCustomChannelTypesData,
)
from sendbird_platform_sdk.model.report_channel_by_url_data import ReportChannelByUrlData
from sendbird_platform_sdk.model.report_message_by_id_data import ReportMessageByIdData
from sendbird_platform_sdk.model.report_user_by_id_data import ReportUserByIdData
from sendbird_platform_sdk.model.send_message_data import SendMessageData

from conftest import error_code


@pytest.fixture
def setup(client, token):
    users = UserApi(client)
    for user_id in ["alice", "bob", "carol"]:
        users.create_user(token, create_user_data=CreateUserData(user_id=user_id, nickname=user_id.title(), profile_url=""))
    GroupChannelApi(client).gc_create_channel(
        token,
        gc_create_channel_data=GcCreateChannelData(
            user_ids=["alice", "bob", "carol"], channel_url="room", is_public=True, operator_ids=["alice"], custom_type="team"
        ),
    )
    return ModerationApi(client), MessageApi(client)


def send(messages, token, user_id, text, channel_type="group_channels", url="room"):
    return messages.send_message(
        token, channel_type, url, send_message_data=SendMessageData(user_id=user_id, message_type="MESG", message=text)
    )


def expect_code(code, call, *args, status=400, **kwargs):
    with pytest.raises(sendbird.ApiException) as raised:
        call(*args, **kwargs)
    assert raised.value.status == status
    assert error_code(raised.value) == code


def test_ban_view_update_list_unban(setup, token, client):
    moderation, messages = setup
    banned = moderation.gc_ban_user(
        token, "room",
        gc_ban_user_data=GcBanUserData(channel_url="room", user_id="bob", agent_id="alice", seconds=600, description="spam"),
    )
    assert banned.user.user_id == "bob" and banned.description == "spam"
    assert banned.end_at - banned.start_at == 600_000

    expect_code(900020, send, messages, token, "bob", "hello?")
    expect_code(
        900100, GroupChannelApi(client).gc_join_channel, token, "room",
        gc_join_channel_data=GcJoinChannelData(channel_url="room", user_id="bob", access_code=""),
    )
    listed = moderation.gc_list_banned_users(token, "room")
    assert [entry.user.user_id for entry in listed.banned_list] == ["bob"]
    assert moderation.gc_view_ban_by_id(token, "room", "bob").description == "spam"
    updated = moderation.gc_update_ban_by_id(
        token, "room", "bob",
        gc_update_ban_by_id_data=GcUpdateBanByIdData(channel_url="room", banned_user_id="bob", seconds=-1, description="forever"),
    )
    assert updated.description == "forever"
    assert [item["channel"]["channel_url"] for item in moderation.list_banned_channels(token, "bob").banned_channels] == ["room"]

    moderation.gc_unban_user_by_id(token, "room", "bob")
    expect_code(400201, moderation.gc_view_ban_by_id, token, "room", "bob")
    GroupChannelApi(client).gc_join_channel(
        token, "room", gc_join_channel_data=GcJoinChannelData(channel_url="room", user_id="bob", access_code="")
    )
    send(messages, token, "bob", "back again")


def test_mute_and_unmute(setup, token):
    moderation, messages = setup
    # Sendbird's page answers an empty body, where SDK 0.0.16's model says a group channel, so
    # its return-type check is off for this call. Page:
    # https://sendbird.com/docs/chat/v3/platform-api/moderation/muting-a-user/mute-a-member-in-a-group-channel
    muted = moderation.gc_mute_user(
        token, "room", gc_mute_user_data=GcMuteUserData(channel_url="room", user_id="carol", seconds=600, description="calm"),
        _check_return_type=False,
    )
    assert muted.to_dict() == {}
    expect_code(900041, send, messages, token, "carol", "let me speak")
    status = moderation.gc_view_mute_by_id(token, "room", "carol")
    assert status.is_muted is True and status.description == "calm"
    assert [user.user_id for user in moderation.gc_list_muted_users(token, "room").muted_list] == ["carol"]
    assert [channel.channel_url for channel in moderation.list_muted_channels(token, "carol").muted_channels] == ["room"]
    moderation.gc_unmute_user_by_id(token, "room", "carol")
    assert moderation.gc_view_mute_by_id(token, "room", "carol").is_muted is False
    send(messages, token, "carol", "thanks")


def test_freeze_lets_operators_and_admins_speak(setup, token):
    moderation, messages = setup
    moderation.gc_freeze_channel(token, "room", gc_freeze_channel_data=GcFreezeChannelData(channel_url="room", freeze=True))
    expect_code(900050, send, messages, token, "bob", "hello")
    send(messages, token, "alice", "operators may")
    messages.send_message(
        token, "group_channels", "room",
        send_message_data=SendMessageData(user_id="", message_type="ADMM", message="admins too"),
    )


def test_open_channel_ban_and_mute(client, token):
    UserApi(client).create_user(token, create_user_data=CreateUserData(user_id="dave", nickname="Dave", profile_url=""))
    created = OpenChannelApi(client).oc_create_channel(
        token, oc_create_channel_data=OcCreateChannelData(channel_url="lobby", is_dynamic_partitioned=True)
    )
    assert created.is_dynamic_partitioned is True
    moderation, messages = ModerationApi(client), MessageApi(client)
    moderation.oc_mute_user(token, "lobby", oc_mute_user_data=OcMuteUserData(user_id="dave", seconds=60, description=""))
    expect_code(900041, send, messages, token, "dave", "hi", "open_channels", "lobby")
    assert moderation.oc_view_mute_by_id(token, "lobby", "dave").is_muted is True
    assert [user.user_id for user in moderation.oc_list_muted_users(token, "lobby").muted_list] == ["dave"]
    moderation.oc_unmute_user_by_id(token, "lobby", "dave")
    moderation.oc_ban_user(
        token, "lobby",
        oc_ban_user_data=OcBanUserData(channel_url="lobby", user_id="dave", agent_id="", seconds=60, description=""),
    )
    expect_code(900100, send, messages, token, "dave", "hi", "open_channels", "lobby")
    assert [entry.user.user_id for entry in moderation.oc_list_banned_users(token, "lobby").banned_list] == ["dave"]
    assert moderation.oc_view_ban_by_id(token, "lobby", "dave").user.user_id == "dave"
    updated = moderation.oc_update_ban_by_id(
        token, "lobby", "dave",
        oc_update_ban_by_id_data=OcUpdateBanByIdData(channel_url="lobby", banned_user_id="dave", seconds=120, description="again"),
    )
    assert updated.description == "again"
    moderation.oc_unban_user_by_id(token, "lobby", "dave")
    send(messages, token, "dave", "hello again", "open_channels", "lobby")


def test_custom_type_wide_rules(setup, token, client):
    moderation, messages = setup
    users = UserApi(client)
    users.register_as_operator_to_channels_with_custom_channel_types(
        token, "carol",
        register_as_operator_to_channels_with_custom_channel_types_data=RegisterAsOperatorToChannelsWithCustomChannelTypesData(
            channel_custom_types=["team"]
        ),
    )
    assert "carol" in [operator["user_id"] for operator in GroupChannelApi(client).gc_view_channel_by_url(token, "room").operators]
    moderation.mute_in_channels_with_custom_channel_types(
        token, "bob",
        mute_in_channels_with_custom_channel_types_data=MuteInChannelsWithCustomChannelTypesData(channel_custom_types=["team"]),
    )
    expect_code(900041, send, messages, token, "bob", "hello")
    moderation.ban_from_channels_with_custom_channel_types(
        token, "bob",
        ban_from_channels_with_custom_channel_types_data=BanFromChannelsWithCustomChannelTypesData(channel_custom_types=["team"]),
    )
    assert [member.user_id for member in GroupChannelApi(client).gc_list_members(token, "room").members] == ["alice", "carol"]


def test_blocking(setup, token, client):
    moderation, messages = setup
    GroupChannelApi(client).gc_create_channel(
        token, gc_create_channel_data=GcCreateChannelData(user_ids=["alice", "bob"], channel_url="alice-bob", is_distinct=True)
    )
    blocked = moderation.block_user(
        token, "alice", block_user_data=BlockUserData(user_id="alice", target_id="bob", user_ids=[], users=[])
    )
    assert blocked["user_id"] == "bob"
    assert [user.user_id for user in moderation.list_blocked_users(token, "alice").users] == ["bob"]
    send(messages, token, "bob", "ping", url="alice-bob")
    seen_by_alice = messages.list_messages(
        token, "group_channels", "alice-bob", message_ts="0", prev_limit=0, next_limit=10, user_id="alice"
    )
    assert seen_by_alice.messages == []
    moderation.unblock_user_by_id(token, "alice", "bob")
    assert moderation.list_blocked_users(token, "alice").users == []


@pytest.mark.flood_limit(5)
def test_flood_protection(setup, token):
    _, messages = setup
    for index in range(5):
        send(messages, token, "alice", f"quick {index}")
    expect_code(400910, send, messages, token, "alice", "one too many", status=429)


def test_reports(setup, token, client):
    _, messages = setup
    reports = ReportApi(client)
    message_id = int(send(messages, token, "bob", "buy now").message_id)
    reported = reports.report_message_by_id(
        token, "group_channels", "room", str(message_id),
        report_message_by_id_data=ReportMessageByIdData(
            report_category="spam", offending_user_id="bob", reporting_user_id="alice", report_description="ads"
        ),
    )
    assert reported.report_type == "message" and reported.report_category == "spam"
    assert reported.reported_message.message == "buy now"
    reports.report_user_by_id(
        token, "bob",
        report_user_by_id_data=ReportUserByIdData(offending_user_id="bob", report_category="harassing", reporting_user_id="carol"),
    )
    reports.report_channel_by_url(
        token, "group_channels", "room",
        report_channel_by_url_data=ReportChannelByUrlData(report_category="inappropriate", reporting_user_id="carol"),
    )
    assert len(reports.list_reports(token).report_logs) == 3
    assert len(reports.list_reports_on_message_by_id(token, "group_channels", "room", str(message_id)).report_logs) == 1
    assert len(reports.list_reports_on_user_by_id(token, "bob").report_logs) == 2
    assert len(reports.list_reports_on_channel_by_url(token, "group_channels", "room").report_logs) == 1
    expect_code(
        400111, reports.report_user_by_id, token, "bob",
        report_user_by_id_data=ReportUserByIdData(offending_user_id="bob", report_category="rude", _check_type=False),
    )


def test_profanity_filter_by_custom_type(client, token):
    from sendbird_platform_sdk.api.application_api import ApplicationApi
    from sendbird_platform_sdk.model.send_message_data import SendMessageData
    from sendbird_platform_sdk.model.set_domain_filter_data import SetDomainFilterData
    from sendbird_platform_sdk.model.set_domain_filter_data_profanity_filter import SetDomainFilterDataProfanityFilter

    UserApi(client).create_user(token, create_user_data=CreateUserData(user_id="alice", nickname="alice", profile_url=""))
    GroupChannelApi(client).gc_create_channel(
        token, gc_create_channel_data=GcCreateChannelData(user_ids=["alice"], channel_url="room", custom_type="kids")
    )
    ApplicationApi(client).set_domain_filter(
        token, "kids", set_domain_filter_data=SetDomainFilterData(profanity_filter=SetDomainFilterDataProfanityFilter(keywords=["darn"], type=1)),
    )
    sent = MessageApi(client).send_message(
        token, "group_channels", "room", send_message_data=SendMessageData(user_id="alice", message_type="MESG", message="darn it")
    )
    assert sent.message == "**** it"
    shown = ReportApi(client).view_moderated_message_by_id(token, "group_channels", "room", str(int(sent.message_id)))
    assert shown["message_text"] == "darn it" and shown["replaced_text"] == "**** it"
