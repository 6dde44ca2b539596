"""The official SDK 2.1.5 drives group and open channels: creation, views, membership,
invitations, hiding, history resets, operators, typing, metadata and freezing."""

import pytest
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.message_api import MessageApi
from sendbird_platform_sdk.api.metadata_api import MetadataApi
from sendbird_platform_sdk.api.moderation_api import ModerationApi
from sendbird_platform_sdk.api.open_channel_api import OpenChannelApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.accept_an_invitation_request import AcceptAnInvitationRequest
from sendbird_platform_sdk.model.create_a_channel_metadata_request import CreateAChannelMetadataRequest
from sendbird_platform_sdk.model.create_a_group_channel_request import CreateAGroupChannelRequest
from sendbird_platform_sdk.model.create_a_user_request import CreateAUserRequest
from sendbird_platform_sdk.model.create_an_open_channel_request import CreateAnOpenChannelRequest
from sendbird_platform_sdk.model.freeze_a_group_channel_request import FreezeAGroupChannelRequest
from sendbird_platform_sdk.model.freeze_an_open_channel_request import FreezeAnOpenChannelRequest
from sendbird_platform_sdk.model.hide_a_channel_request import HideAChannelRequest
from sendbird_platform_sdk.model.invite_as_members_request import InviteAsMembersRequest
from sendbird_platform_sdk.model.join_a_channel_request import JoinAChannelRequest
from sendbird_platform_sdk.model.leave_a_channel_request import LeaveAChannelRequest
from sendbird_platform_sdk.model.leave_my_group_channels_request import LeaveMyGroupChannelsRequest
from sendbird_platform_sdk.model.register_operators_to_a_group_channel_request import (
    RegisterOperatorsToAGroupChannelRequest,
)
from sendbird_platform_sdk.model.reset_chat_history_request import ResetChatHistoryRequest
from sendbird_platform_sdk.model.send_a_message_request import SendAMessageRequest
from sendbird_platform_sdk.model.sendbird_user import SendbirdUser
from sendbird_platform_sdk.model.start_typing_indicators_request import StartTypingIndicatorsRequest
from sendbird_platform_sdk.model.update_a_channel_metadata_request import UpdateAChannelMetadataRequest
from sendbird_platform_sdk.model.update_a_group_channel_request import UpdateAGroupChannelRequest
from sendbird_platform_sdk.model.update_an_open_channel_request import UpdateAnOpenChannelRequest
from sendbird_platform_sdk.model.update_channel_invitation_preference_request import (
    UpdateChannelInvitationPreferenceRequest,
)
from sendbird_platform_sdk.model.update_count_preference_of_a_channel_request import (
    UpdateCountPreferenceOfAChannelRequest,
)

from conftest import error_code


def users(client, token, *user_ids):
    api = UserApi(client)
    for user_id in user_ids:
        api.create_a_user(api_token=token, create_a_user_request=CreateAUserRequest(user_id=user_id, nickname=user_id, profile_url=""))


def create_group(client, token, url, members, **extra):
    return GroupChannelApi(client).create_a_group_channel(
        api_token=token,
        create_a_group_channel_request=CreateAGroupChannelRequest(
            users=[SendbirdUser(user_id=member) for member in members], channel_url=url, **extra
        ),
    )


def say(client, token, url, user_id, text):
    return MessageApi(client).send_a_message(
        "group_channels", url, api_token=token,
        send_a_message_request=SendAMessageRequest(message_type="MESG", user_id=user_id, message=text),
    )


def test_group_channel_lifecycle(client, token):
    users(client, token, "alice", "bob", "carol")
    groups = GroupChannelApi(client)
    created = create_group(client, token, "team", ["alice", "bob"], name="Team", operator_ids=["alice"])
    assert created.channel_url == "team" and created.member_count == 2 and created.name == "Team"

    viewed = groups.get_a_group_channel("team", api_token=token, show_member=True, show_read_receipt=True)
    assert sorted(member.user_id for member in viewed.members) == ["alice", "bob"]
    listed = groups.list_channels(token, show_empty=True, limit=10)
    assert [channel.channel_url for channel in listed.channels] == ["team"]

    updated = groups.update_a_group_channel(
        "team", api_token=token, update_a_group_channel_request=UpdateAGroupChannelRequest(name="Renamed", data="d")
    )
    assert updated.name == "Renamed" and updated.data == "d"
    frozen = ModerationApi(client).freeze_a_group_channel(
        "team", api_token=token, freeze_a_group_channel_request=FreezeAGroupChannelRequest(freeze=True)
    )
    assert frozen.freeze is True
    groups.delete_a_group_channel("team", api_token=token)


def test_membership_invitations_and_operators(client, token):
    users(client, token, "alice", "bob", "carol", "dave")
    groups = GroupChannelApi(client)
    UserApi(client).update_channel_invitation_preference(
        "carol", api_token=token,
        update_channel_invitation_preference_request=UpdateChannelInvitationPreferenceRequest(auto_accept=False),
    )
    create_group(client, token, "club", ["alice"], is_public=True)
    invited = groups.invite_as_members("club", api_token=token, invite_as_members_request=InviteAsMembersRequest(user_ids=["carol"]))
    assert invited.member_count == 2
    assert groups.check_if_member("club", "carol", api_token=token).state == "invited"
    outsider = groups.check_if_member("club", "bob", api_token=token)
    assert outsider.is_member is False and outsider.state == "none"

    accepted = groups.accept_an_invitation("club", api_token=token, accept_an_invitation_request=AcceptAnInvitationRequest(user_id="carol"))
    assert accepted.joined_member_count == 2
    joined = groups.join_a_channel("club", api_token=token, join_a_channel_request=JoinAChannelRequest(user_id="dave"))
    assert joined.member_count == 3
    members = groups.list_members("club", api_token=token, limit=10)
    assert sorted(member.user_id for member in members.members) == ["alice", "carol", "dave"]

    groups.register_operators_to_a_group_channel(
        "club", api_token=token,
        register_operators_to_a_group_channel_request=RegisterOperatorsToAGroupChannelRequest(operator_ids=["carol"]),
    )
    assert [user.user_id for user in groups.list_operators("club", api_token=token).operators] == ["carol"]
    groups.cancel_the_registration_of_operators("club", "carol", api_token=token)
    assert groups.list_operators("club", api_token=token).operators == []

    groups.start_typing_indicators("club", api_token=token, start_typing_indicators_request=StartTypingIndicatorsRequest(user_ids=["dave"]))
    groups.stop_typing_indicators("club", api_token=token, start_typing_indicators_request=StartTypingIndicatorsRequest(user_ids=["dave"]))
    groups.leave_a_channel("club", api_token=token, leave_a_channel_request=LeaveAChannelRequest(user_ids=["dave"], reason="ADMIN_REMOVED"))
    assert groups.check_if_member("club", "dave", api_token=token).is_member is False
    UserApi(client).leave_my_group_channels("carol", api_token=token, leave_my_group_channels_request=LeaveMyGroupChannelsRequest(custom_type=""))
    assert groups.check_if_member("club", "carol", api_token=token).state == "none"


def test_hide_reset_and_my_channels(client, token):
    users(client, token, "alice", "bob")
    groups = GroupChannelApi(client)
    create_group(client, token, "pair", ["alice", "bob"])
    say(client, token, "pair", "alice", "hello")

    mine = UserApi(client).list_my_group_channels("bob", token, show_empty=True)
    assert mine.channels[0].unread_message_count == 1 and mine.channels[0].last_message.message == "hello"

    reset = groups.reset_chat_history("pair", api_token=token, reset_chat_history_request=ResetChatHistoryRequest(user_id="bob"))
    assert reset.ts_message_offset > 0
    after = UserApi(client).list_my_group_channels("bob", token, show_empty=True)
    assert after.channels[0].unread_message_count == 0

    groups.hide_a_channel("pair", api_token=token, hide_a_channel_request=HideAChannelRequest(user_id="bob", should_hide_all=True))
    for member in ["alice", "bob"]:
        assert UserApi(client).list_my_group_channels(member, token, show_empty=True, hidden_mode="hidden_only").channels[0].channel_url == "pair"
    groups.unhide_a_channel("pair", "bob", api_token=token, should_unhide_all=True)
    assert UserApi(client).list_my_group_channels("alice", token, show_empty=True).channels[0].channel_url == "pair"

    # 2.1.5's enum has "unread_mentioned_count_only" as Sendbird's pages do (and "false" where they say "off").
    preference = UserApi(client).update_count_preference_of_a_channel(
        "bob", "pair", api_token=token,
        update_count_preference_of_a_channel_request=UpdateCountPreferenceOfAChannelRequest(
            count_preference="unread_mentioned_count_only"
        ),
    )
    assert preference.count_preference == "unread_mentioned_count_only"
    viewed = UserApi(client).view_count_preference_of_a_channel("bob", "pair", api_token=token)
    assert viewed.count_preference == "unread_mentioned_count_only"


def test_channel_metadata(client, token):
    users(client, token, "alice")
    create_group(client, token, "meta", ["alice"])
    metadata = MetadataApi(client)
    created = metadata.create_a_channel_metadata(
        "group_channels", "meta", api_token=token,
        create_a_channel_metadata_request=CreateAChannelMetadataRequest(metadata={"topic": "launch"}),
    )
    assert created.metadata == {"topic": "launch"}
    metadata.update_a_channel_metadata(
        "group_channels", "meta", api_token=token,
        update_a_channel_metadata_request=UpdateAChannelMetadataRequest(metadata={"topic": "later"}),
    )
    assert metadata.view_a_channel_metadata_when_retrieving_all_items_of_a_channel_metadata(
        "group_channels", "meta", api_token=token
    ) == {"topic": "later"}
    metadata.delete_a_channel_metadata_when_deleting_all_items_of_a_channel_metadata("group_channels", "meta", api_token=token)


def test_open_channels(client, token):
    users(client, token, "alice", "bob")
    channels = OpenChannelApi(client)
    created = channels.create_an_open_channel(
        api_token=token, create_an_open_channel_request=CreateAnOpenChannelRequest(channel_url="lobby", name="Lobby", operator_ids=["alice"])
    )
    assert created.channel_url == "lobby" and created.name == "Lobby"
    assert channels.get_an_open_channel("lobby", api_token=token).participant_count == 0
    assert [channel.channel_url for channel in channels.list_open_channels(api_token=token).channels] == ["lobby"]
    updated = channels.update_an_open_channel(
        "lobby", api_token=token, update_an_open_channel_request=UpdateAnOpenChannelRequest(name="Hall")
    )
    assert updated.name == "Hall"
    channels.register_operators("lobby", api_token=token, register_operators_to_a_group_channel_request=RegisterOperatorsToAGroupChannelRequest(operator_ids=["bob"]))
    assert sorted(user.user_id for user in channels.list_channel_operators("lobby", api_token=token).operators) == ["alice", "bob"]
    channels.unregister_operators("lobby", "bob", api_token=token)
    frozen = ModerationApi(client).freeze_an_open_channel(
        "lobby", api_token=token, freeze_an_open_channel_request=FreezeAnOpenChannelRequest(freeze=True)
    )
    assert frozen.freeze is True
    channels.delete_an_open_channel("lobby", api_token=token)
    with pytest.raises(Exception) as missing:
        channels.get_an_open_channel("lobby", api_token=token)
    assert error_code(missing.value) == 400201
