"""Group and open channels, their metadata and meta counters, through the official SDK."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
import sendbird_platform_sdk as sendbird
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.metadata_api import MetadataApi
from sendbird_platform_sdk.api.moderation_api import ModerationApi
from sendbird_platform_sdk.api.open_channel_api import OpenChannelApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.create_channel_metacounter_data import CreateChannelMetacounterData
from sendbird_platform_sdk.model.create_channel_metadata_data import CreateChannelMetadataData
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_accept_invitation_data import GcAcceptInvitationData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.gc_decline_invitation_data import GcDeclineInvitationData
from sendbird_platform_sdk.model.gc_freeze_channel_data import GcFreezeChannelData
from sendbird_platform_sdk.model.gc_hide_or_archive_channel_data import GcHideOrArchiveChannelData
from sendbird_platform_sdk.model.gc_invite_as_members_data import GcInviteAsMembersData
from sendbird_platform_sdk.model.gc_join_channel_data import GcJoinChannelData
from sendbird_platform_sdk.model.gc_leave_channel_data import GcLeaveChannelData
from sendbird_platform_sdk.model.gc_register_operators_data import GcRegisterOperatorsData
from sendbird_platform_sdk.model.gc_reset_chat_history_data import GcResetChatHistoryData
from sendbird_platform_sdk.model.gc_update_channel_by_url_data import GcUpdateChannelByUrlData
from sendbird_platform_sdk.model.oc_create_channel_data import OcCreateChannelData
from sendbird_platform_sdk.model.oc_freeze_channel_data import OcFreezeChannelData
from sendbird_platform_sdk.model.oc_register_operators_data import OcRegisterOperatorsData
from sendbird_platform_sdk.model.update_channel_invitation_preference_data import (
    UpdateChannelInvitationPreferenceData,
)
from sendbird_platform_sdk.model.update_channel_metacounter_data import UpdateChannelMetacounterData
from sendbird_platform_sdk.model.update_channel_metadata_data import UpdateChannelMetadataData

from conftest import error_code


def make_users(client, token, *user_ids):
    users = UserApi(client)
    for user_id in user_ids:
        users.create_user(token, create_user_data=CreateUserData(user_id=user_id, nickname=user_id.title(), profile_url=""))


def create_channel(client, token, **fields):
    return GroupChannelApi(client).gc_create_channel(token, gc_create_channel_data=GcCreateChannelData(**fields))


def expect_code(code, call, *args, **kwargs):
    with pytest.raises(sendbird.ApiException) as raised:
        call(*args, **kwargs)
    assert raised.value.status == 400
    assert error_code(raised.value) == code


def test_group_channel_lifecycle(client, token):
    make_users(client, token, "alice", "bob", "carol")
    channels = GroupChannelApi(client)
    created = create_channel(
        client, token, user_ids=["alice", "bob"], name="Study", custom_type="study", operator_ids=["alice"], inviter_id="alice"
    )
    url = created.channel_url
    assert url.startswith("sendbird_group_channel_")
    assert created.member_count == 2 and created.joined_member_count == 2
    assert created.created_by.user_id == "alice"
    assert [member.user_id for member in created.members] == ["alice", "bob"]

    viewed = channels.gc_view_channel_by_url(token, url, show_member=True)
    assert viewed.name == "Study"
    assert len(viewed.members) == 2

    updated = channels.gc_update_channel_by_url(
        token, url,
        gc_update_channel_by_url_data=GcUpdateChannelByUrlData(
            channel_url=url, name="Renamed", cover_url="", cover_file=None, custom_type="study", data="d",
            is_distinct=False, is_public=False, access_code="", operator_ids=["bob"], _check_type=False,
        ),
    )
    assert updated.name == "Renamed" and updated.data == "d"
    assert sorted(operator["user_id"] for operator in updated.operators) == ["alice", "bob"]

    frozen = ModerationApi(client).gc_freeze_channel(
        token, url, gc_freeze_channel_data=GcFreezeChannelData(channel_url=url, freeze=True)
    )
    assert frozen.freeze is True

    listed = channels.gc_list_channels(token, show_empty=True, custom_types="study", show_frozen=True)
    assert [channel.channel_url for channel in listed.channels] == [url]
    assert channels.gc_list_channels(token, show_empty=True, show_frozen=False).channels == []

    channels.gc_delete_channel_by_url(token, url)
    expect_code(400201, channels.gc_view_channel_by_url, token, url)


def test_distinct_channel_scenario(client, token):
    make_users(client, token, "alice", "bob", "carol")
    first = create_channel(client, token, user_ids=["alice", "bob"], is_distinct=True)
    again = create_channel(client, token, user_ids=["bob", "alice"], is_distinct=True)
    assert first.is_created is True
    assert again.is_created is False
    assert again.channel_url == first.channel_url

    GroupChannelApi(client).gc_invite_as_members(
        token, first.channel_url,
        gc_invite_as_members_data=GcInviteAsMembersData(
            channel_url=first.channel_url, user_ids=["carol"], users=[], invitation_status={}, hidden_status={}
        ),
    )
    fresh = create_channel(client, token, user_ids=["alice", "bob"], is_distinct=True)
    assert fresh.channel_url != first.channel_url


def test_invite_decline_accept_with_auto_accept_off(client, token):
    make_users(client, token, "alice", "bob", "carol")
    users = UserApi(client)
    channels = GroupChannelApi(client)
    for user_id in ["bob", "carol"]:
        users.update_channel_invitation_preference(
            token, user_id,
            update_channel_invitation_preference_data=UpdateChannelInvitationPreferenceData(auto_accept=False),
        )
    url = create_channel(client, token, user_ids=["alice"]).channel_url
    invited = channels.gc_invite_as_members(
        token, url,
        gc_invite_as_members_data=GcInviteAsMembersData(
            channel_url=url, user_ids=["bob", "carol"], users=[], invitation_status={}, hidden_status={}
        ),
    )
    assert invited.member_count == 3 and invited.joined_member_count == 1
    assert channels.gc_check_if_member_by_id(token, url, "bob").state == "invited"

    mine = users.list_my_group_channels(token, "bob", show_empty=True, member_state_filter="invited_only")
    assert [channel.channel_url for channel in mine.channels] == [url]

    channels.gc_decline_invitation(
        token, url, gc_decline_invitation_data=GcDeclineInvitationData(channel_url=url, user_id="carol")
    )
    accepted = channels.gc_accept_invitation(
        token, url, gc_accept_invitation_data=GcAcceptInvitationData(channel_url=url, user_id="bob", access_code="")
    )
    assert accepted.joined_member_count == 2
    assert accepted.member_count == 2
    member = channels.gc_check_if_member_by_id(token, url, "carol")
    assert member.is_member is False
    expect_code(
        400108, channels.gc_accept_invitation, token, url,
        gc_accept_invitation_data=GcAcceptInvitationData(channel_url=url, user_id="carol", access_code=""),
    )


def test_join_leave_and_members(client, token):
    make_users(client, token, "alice", "bob", "carol")
    channels = GroupChannelApi(client)
    public = create_channel(client, token, user_ids=["alice"], is_public=True, access_code="code")
    url = public.channel_url
    expect_code(
        400108, channels.gc_join_channel, token, url,
        gc_join_channel_data=GcJoinChannelData(channel_url=url, user_id="bob", access_code="wrong"),
    )
    channels.gc_join_channel(
        token, url, gc_join_channel_data=GcJoinChannelData(channel_url=url, user_id="bob", access_code="code")
    )
    channels.gc_register_operators(
        token, url, gc_register_operators_data=GcRegisterOperatorsData(channel_url=url, operator_ids=["bob"])
    )
    assert [user.user_id for user in channels.gc_list_operators(token, url).operators] == ["bob"]
    members = channels.gc_list_members(token, url, order="operator_then_member_alphabetical")
    assert [member.user_id for member in members.members] == ["bob", "alice"]
    assert members.next == ""
    channels.gc_cancel_the_registration_of_operators(token, url, ["bob"])
    assert channels.gc_list_operators(token, url).operators == []

    channels.gc_leave_channel(
        token, url, gc_leave_channel_data=GcLeaveChannelData(channel_url=url, user_ids=["bob"], should_leave_all=False)
    )
    assert channels.gc_view_channel_by_url(token, url).member_count == 1

    private = create_channel(client, token, user_ids=["alice"]).channel_url
    expect_code(
        400108, channels.gc_join_channel, token, private,
        gc_join_channel_data=GcJoinChannelData(channel_url=private, user_id="carol", access_code=""),
    )


def test_hide_with_auto_unhide_and_reset_history(client, token):
    make_users(client, token, "alice", "bob")
    users = UserApi(client)
    channels = GroupChannelApi(client)
    url = create_channel(client, token, user_ids=["alice", "bob"]).channel_url
    channels.gc_hide_or_archive_channel(
        token, url,
        gc_hide_or_archive_channel_data=GcHideOrArchiveChannelData(
            channel_url=url, user_id="alice", allow_auto_unhide=True, should_hide_all=False, hide_previous_messages=False
        ),
    )
    assert users.list_my_group_channels(token, "alice", show_empty=True).channels == []
    hidden = users.list_my_group_channels(token, "alice", show_empty=True, hidden_mode="hidden_allow_auto_unhide")
    assert hidden.channels[0].hidden_state == "hidden_allow_auto_unhide"
    assert hidden.channels[0].is_hidden is True

    channels.gc_unhide_or_unarchive_channel(token, url, "alice")
    assert [channel.channel_url for channel in users.list_my_group_channels(token, "alice", show_empty=True).channels] == [url]

    reset = channels.gc_reset_chat_history(
        token, url, gc_reset_chat_history_data=GcResetChatHistoryData(channel_url=url, user_id="alice", reset_all=False)
    )
    assert reset.ts_message_offset > 0


def test_page_through_120_channels_by_next(client, token):
    make_users(client, token, "alice")
    created = {create_channel(client, token, user_ids=["alice"]).channel_url for _ in range(120)}
    channels = GroupChannelApi(client)
    seen, next_token = [], None
    while True:
        kwargs = {"show_empty": True, "limit": 50}
        if next_token:
            kwargs["token"] = next_token
        page = channels.gc_list_channels(token, **kwargs)
        seen += [channel.channel_url for channel in page.channels]
        next_token = page.next
        if not next_token:
            break
    assert len(seen) == 120 and set(seen) == created

    mine, next_token = [], None
    while True:
        kwargs = {"show_empty": True, "limit": 100}
        if next_token:
            kwargs["token"] = next_token
        page = UserApi(client).list_my_group_channels(token, "alice", **kwargs)
        mine += [channel.channel_url for channel in page.channels]
        next_token = page.next
        if not next_token:
            break
    assert set(mine) == created


def test_open_channels(client, token):
    make_users(client, token, "alice", "bob")
    channels = OpenChannelApi(client)
    created = channels.oc_create_channel(token, oc_create_channel_data=OcCreateChannelData(name="Lobby", operator_ids=["alice"]))
    url = created.channel_url
    assert url.startswith("sendbird_open_channel_")
    assert created.name == "Lobby"
    assert [user.user_id for user in created.operators] == ["alice"]
    assert channels.oc_view_channel_by_url(token, url).channel_url == url
    assert [channel.channel_url for channel in channels.oc_list_channels(token, name_contains="lob").channels] == [url]
    assert channels.oc_list_participants(token, url).participants == []

    channels.oc_register_operators(
        token, url, oc_register_operators_data=OcRegisterOperatorsData(channel_url=url, operator_ids=["bob"])
    )
    assert [user.user_id for user in channels.oc_list_operators(token, url).operators] == ["alice", "bob"]
    channels.oc_cancel_the_registration_of_operators(token, url, ["alice", "bob"])
    assert channels.oc_list_operators(token, url).operators == []

    frozen = ModerationApi(client).oc_freeze_channel(
        token, url, oc_freeze_channel_data=OcFreezeChannelData(channel_url=url, freeze=True)
    )
    assert frozen.freeze is True
    channels.oc_delete_channel_by_url(token, url)
    expect_code(400201, channels.oc_view_channel_by_url, token, url)


@pytest.mark.parametrize("channel_type", ["group_channels", "open_channels"])
def test_channel_metadata_and_metacounter(client, token, channel_type):
    make_users(client, token, "alice")
    if channel_type == "group_channels":
        url = create_channel(client, token, user_ids=["alice"]).channel_url
    else:
        url = OpenChannelApi(client).oc_create_channel(token, oc_create_channel_data=OcCreateChannelData()).channel_url
    metadata = MetadataApi(client)

    created = metadata.create_channel_metadata(
        token, channel_type, url,
        create_channel_metadata_data=CreateChannelMetadataData(channel_type=channel_type, channel_url=url, metadata={"a": "1"}),
    )
    assert created.to_dict() == {"metadata": {"a": "1"}}
    updated = metadata.update_channel_metadata(
        token, channel_type, url,
        update_channel_metadata_data=UpdateChannelMetadataData(metadata={"a": "one", "b": "2"}, upsert=True),
    )
    assert updated.to_dict() == {"a": "one", "b": "2"}
    assert metadata.view_channel_metadata(token, channel_type, url).to_dict() == {"a": "one", "b": "2"}
    assert metadata.view_channel_metadata(token, channel_type, url, keys=["b"]).to_dict() == {"b": "2"}
    assert metadata.view_channel_metadata_by_key(token, channel_type, url, "a").to_dict() == {"a": "one"}
    assert metadata.update_channel_metadata_by_key(token, channel_type, url, "b", body={"value": "two"}).to_dict() == {"b": "two"}
    metadata.delete_channel_metadata_by_key(token, channel_type, url, "a")
    metadata.delete_channel_metadata(token, channel_type, url)
    assert metadata.view_channel_metadata(token, channel_type, url).to_dict() == {}

    counters = metadata.create_channel_metacounter(
        token, channel_type, url,
        create_channel_metacounter_data=CreateChannelMetacounterData(
            channel_type=channel_type, channel_url=url, metacounter=json.dumps({"likes": 1})
        ),
    )
    assert counters == {"likes": 1}
    increased = metadata.update_channel_metacounter(
        token, channel_type, url,
        update_channel_metacounter_data=UpdateChannelMetacounterData(metacounter=json.dumps({"likes": 2}), mode="increase"),
    )
    assert increased == {"likes": 3}
    # Sendbird answers counters as integers; SDK 0.0.16 types this one response as strings.
    viewed = metadata.view_channel_metacounter(token, channel_type, url, _check_return_type=False)
    assert viewed.to_dict() == {"likes": 3}
    assert metadata.view_channel_metacounter_by_key(token, channel_type, url, "likes") == {"likes": 3}
    metadata.delete_channel_metacounter_by_key(token, channel_type, url, "likes")
    expect_code(400201, metadata.view_channel_metacounter_by_key, token, channel_type, url, "likes")


def test_fifty_concurrent_metacounter_increases(server, token):
    with sendbird.ApiClient(sendbird.Configuration(host=server.url)) as client:
        url = OpenChannelApi(client).oc_create_channel(token, oc_create_channel_data=OcCreateChannelData()).channel_url
        metadata = MetadataApi(client)
        metadata.create_channel_metacounter(
            token, "open_channels", url,
            create_channel_metacounter_data=CreateChannelMetacounterData(
                channel_type="open_channels", channel_url=url, metacounter=json.dumps({"hits": 0})
            ),
        )

    def increase(_):
        with sendbird.ApiClient(sendbird.Configuration(host=server.url)) as own:
            MetadataApi(own).update_channel_metacounter(
                token, "open_channels", url,
                update_channel_metacounter_data=UpdateChannelMetacounterData(metacounter=json.dumps({"hits": 1}), mode="increase"),
            )

    with ThreadPoolExecutor(max_workers=16) as pool:
        list(pool.map(increase, range(50)))
    with sendbird.ApiClient(sendbird.Configuration(host=server.url)) as client:
        assert MetadataApi(client).view_channel_metacounter_by_key(token, "open_channels", url, "hits") == {"hits": 50}


def test_channel_errors(client, token):
    make_users(client, token, "alice")
    channels = GroupChannelApi(client)
    expect_code(400201, channels.gc_view_channel_by_url, token, "missing-channel")
    expect_code(400111, create_channel, client, token, user_ids=["alice", "ghost"], strict=True)
    url = create_channel(client, token, user_ids=["alice"], channel_url="dup-channel").channel_url
    expect_code(400202, create_channel, client, token, user_ids=["alice"], channel_url=url)
    expect_code(400111, channels.gc_list_channels, token, order="sideways")
