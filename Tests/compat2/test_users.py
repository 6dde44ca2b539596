"""The official SDK 2.1.5 drives users, their metadata, tokens and preferences. 2.1.5 checks
every answer strictly: integers must be JSON integers, optional fields may not be null, and
enums must hold one of their values."""

import pytest
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.exceptions import ApiException, UnauthorizedException
from sendbird_platform_sdk.model.create_a_user_request import CreateAUserRequest
from sendbird_platform_sdk.model.create_user_metadata_request import CreateUserMetadataRequest
from sendbird_platform_sdk.model.create_user_token_request import CreateUserTokenRequest
from sendbird_platform_sdk.model.update_a_user_request import UpdateAUserRequest
from sendbird_platform_sdk.model.update_channel_invitation_preference_request import (
    UpdateChannelInvitationPreferenceRequest,
)
from sendbird_platform_sdk.model.update_specific_user_metadata_request import UpdateSpecificUserMetadataRequest
from sendbird_platform_sdk.model.update_user_metadata_request import UpdateUserMetadataRequest

from conftest import error_code


def create(users, token, user_id, **extra):
    return users.create_a_user(
        api_token=token, create_a_user_request=CreateAUserRequest(user_id=user_id, nickname=user_id, profile_url="", **extra)
    )


def test_create_view_update_list_and_delete(client, token):
    users = UserApi(client)
    created = create(users, token, "alice", metadata={"team": "blue"}, issue_access_token=True)
    assert created.user_id == "alice" and created.metadata == {"team": "blue"}
    assert len(created.access_token) > 0 and created.is_active is True
    create(users, token, "bob")

    viewed = users.view_a_user("alice", api_token=token, include_unread_count=True)
    assert viewed.nickname == "alice" and viewed.unread_message_count == 0

    updated = users.update_a_user("alice", api_token=token, update_a_user_request=UpdateAUserRequest(nickname="Alice", last_seen_at=5))
    assert updated.nickname == "Alice" and updated.last_seen_at == 5, "kept for a user who never connected (Sendbird's Update a user page)"
    assert users.view_a_user("alice", api_token=token).last_seen_at == 5

    page = users.list_users(api_token=token, limit=1)
    assert [user.user_id for user in page.users] == ["alice"] and page.next
    rest = users.list_users(api_token=token, limit=1, token=page.next)
    assert [user.user_id for user in rest.users] == ["bob"]

    users.delete_a_user("bob", api_token=token)
    with pytest.raises(ApiException) as missing:
        users.view_a_user("bob", api_token=token)
    assert error_code(missing.value) == 400201


def test_a_request_without_a_token_is_refused(client):
    # 2.1.5 sends no Api-Token header at all when the caller gives none.
    with pytest.raises(UnauthorizedException) as refused:
        UserApi(client).list_users()
    assert error_code(refused.value) == 400401


def test_metadata(client, token):
    users = UserApi(client)
    create(users, token, "carol")
    created = users.create_user_metadata(
        "carol", api_token=token, create_user_metadata_request=CreateUserMetadataRequest(metadata={"a": "1", "b": "2"})
    )
    assert created == {"a": "1", "b": "2"}
    users.update_user_metadata(
        "carol", api_token=token, update_user_metadata_request=UpdateUserMetadataRequest(metadata={"a": "10"})
    )
    users.update_specific_user_metadata(
        "carol", "b", api_token=token, update_specific_user_metadata_request=UpdateSpecificUserMetadataRequest(value="20")
    )
    assert users.view_specific_user_metadata("carol", "a", api_token=token) == {"a": "10"}
    assert users.view_a_user("carol", api_token=token).metadata == {"a": "10", "b": "20"}
    users.delete_specific_user_metadata("carol", "a", api_token=token)
    users.delete_user_all_metadata("carol", api_token=token)
    assert users.view_a_user("carol", api_token=token).metadata == {}


def test_tokens_and_preferences(client, token):
    users = UserApi(client)
    create(users, token, "dave")
    issued = users.create_user_token("dave", api_token=token, create_user_token_request=CreateUserTokenRequest())
    assert len(issued.token) > 0 and issued.expires_at > 0

    preference = users.update_channel_invitation_preference(
        "dave", api_token=token,
        update_channel_invitation_preference_request=UpdateChannelInvitationPreferenceRequest(auto_accept=False),
    )
    assert preference.auto_accept is False
    assert users.get_channel_invitation_preference("dave", api_token=token).auto_accept is False

    assert users.view_number_of_unread_messages("dave", api_token=token).unread_count == 0
    assert users.view_number_of_channels_with_unread_messages("dave", api_token=token).unread_count == 0
