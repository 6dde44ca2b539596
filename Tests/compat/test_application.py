"""Application settings through the official SDK's ApplicationApi: secondary API tokens and
the IP whitelist."""

import pytest
import sendbird_platform_sdk as sendbird
from sendbird_platform_sdk.api.application_api import ApplicationApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.add_ip_to_whitelist_data import AddIpToWhitelistData
from sendbird_platform_sdk.model.generate_secondary_api_token_data import GenerateSecondaryApiTokenData

from conftest import error_code


def test_secondary_tokens(client, token):
    application = ApplicationApi(client)
    issued = application.generate_secondary_api_token(
        token, generate_secondary_api_token_data=GenerateSecondaryApiTokenData(http_api_token=token)
    )
    assert len(issued.token) == 40 and issued.created_at > 1_600_000_000
    listed = application.list_secondary_api_tokens(token)
    assert [entry.token for entry in listed.api_tokens] == [issued.token]
    assert application.view_secondary_api_token_by_token(token, issued.token).token == issued.token

    # The secondary token works for the rest of the API, but cannot manage tokens.
    assert UserApi(client).list_users(issued.token).users == []
    with pytest.raises(sendbird.ApiException) as refused:
        application.list_secondary_api_tokens(issued.token)
    assert error_code(refused.value) == 400108

    revoked = application.revoke_secondary_api_token_by_token(token, issued.token)
    assert revoked.token == issued.token
    with pytest.raises(sendbird.ApiException) as gone:
        UserApi(client).list_users(issued.token)
    assert error_code(gone.value) == 400401


def test_ip_whitelist(client, token):
    application = ApplicationApi(client)
    added = application.add_ip_to_whitelist(
        token, add_ip_to_whitelist_data=AddIpToWhitelistData(ip_whitelist_addresses=["127.0.0.1", "192.168.0.0/16"])
    )
    assert added.ip_whitelist_addresses == ["127.0.0.1/32", "192.168.0.0/16"]
    assert application.retrieve_ip_whitelist(token).ip_whitelist_addresses == ["127.0.0.1/32", "192.168.0.0/16"]
    left = application.delete_allowed_ips_from_whitelist(token, ["127.0.0.1/32", "192.168.0.0/16"])
    assert left.ip_whitelist_addresses == []


def test_bans_and_mutes_by_custom_type(client, token):
    from sendbird_platform_sdk.model.ban_users_in_channels_with_custom_channel_type_data import (
        BanUsersInChannelsWithCustomChannelTypeData,
    )
    from sendbird_platform_sdk.model.ban_users_in_channels_with_custom_channel_type_data_banned_list_inner import (
        BanUsersInChannelsWithCustomChannelTypeDataBannedListInner,
    )
    from sendbird_platform_sdk.model.create_user_data import CreateUserData
    from sendbird_platform_sdk.model.mute_users_in_channels_with_custom_channel_type_data import (
        MuteUsersInChannelsWithCustomChannelTypeData,
    )

    application = ApplicationApi(client)
    for user_id in ["alice", "bob"]:
        UserApi(client).create_user(token, create_user_data=CreateUserData(user_id=user_id, nickname=user_id, profile_url=""))
    application.ban_users_in_channels_with_custom_channel_type(
        token, "movie",
        ban_users_in_channels_with_custom_channel_type_data=BanUsersInChannelsWithCustomChannelTypeData(
            banned_list=[BanUsersInChannelsWithCustomChannelTypeDataBannedListInner(user_id="bob", seconds=600.0, description="spoilers")]
        ),
    )
    bans = application.list_banned_users_in_channels_with_custom_channel_type(token, "movie")
    assert [ban.user.user_id for ban in bans.banned_list] == ["bob"]
    assert bans.banned_list[0].description == "spoilers"
    application.unban_users_in_channels_with_custom_channel_type(token, "movie", ["bob"])
    assert application.list_banned_users_in_channels_with_custom_channel_type(token, "movie").banned_list == []

    application.mute_users_in_channels_with_custom_channel_type(
        token, "movie",
        mute_users_in_channels_with_custom_channel_type_data=MuteUsersInChannelsWithCustomChannelTypeData(user_ids=["alice"], seconds=60.0),
    )
    mutes = application.list_muted_users_in_channels_with_custom_channel_type(token, "movie", limit=10)
    assert [mute.user_id for mute in mutes.muted_list] == ["alice"]
    application.unmute_users_in_channels_with_custom_channel_type(token, "movie", ["alice"])
    assert application.list_muted_users_in_channels_with_custom_channel_type(token, "movie").muted_list == []


def test_reactions_setting(client, token):
    from sendbird_platform_sdk.api.message_api import MessageApi
    from sendbird_platform_sdk.model.enable_reactions_data import EnableReactionsData

    messages = MessageApi(client)
    assert messages.enable_reactions(token, enable_reactions_data=EnableReactionsData(enabled=False)).reactions is False
    assert messages.enable_reactions(token, enable_reactions_data=EnableReactionsData(enabled=True)).reactions is True


def test_auto_event_messages(client, token):
    from sendbird_platform_sdk.model.configure_auto_event_data import ConfigureAutoEventData
    from sendbird_platform_sdk.model.configure_auto_event_data_auto_event_message import ConfigureAutoEventDataAutoEventMessage

    application = ApplicationApi(client)
    listed = application.list_auto_event_messages(token)
    assert listed.auto_event_message.user_join == {"user_join": False}
    changed = application.configure_auto_event_messages(token, configure_auto_event_data=ConfigureAutoEventData(
        auto_event_message=ConfigureAutoEventDataAutoEventMessage(user_join={"user_join": True}),
    ))
    assert changed.auto_event_message.user_join == {"user_join": True}
