"""The Users API through the official SDK: UserApi, MetadataApi and ApplicationApi."""

import pytest
import sendbird_platform_sdk as sendbird
from sendbird_platform_sdk.api.application_api import ApplicationApi
from sendbird_platform_sdk.api.metadata_api import MetadataApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.create_user_metadata_data import CreateUserMetadataData
from sendbird_platform_sdk.model.create_user_token_data import CreateUserTokenData
from sendbird_platform_sdk.model.update_channel_invitation_preference_data import (
    UpdateChannelInvitationPreferenceData,
)
from sendbird_platform_sdk.model.update_default_channel_invitation_preference_data import (
    UpdateDefaultChannelInvitationPreferenceData,
)
from sendbird_platform_sdk.model.update_user_by_id_data import UpdateUserByIdData
from sendbird_platform_sdk.model.update_user_metadata_data import UpdateUserMetadataData

from conftest import error_code


def create(users, token, user_id, nickname=None, **fields):
    return users.create_user(
        token,
        create_user_data=CreateUserData(user_id=user_id, nickname=nickname or user_id, profile_url="", **fields),
    )


def listed_ids(response):
    return [user.user_id for user in response.users]


def test_create_and_view(client, token):
    users = UserApi(client)
    created = create(
        users, token, "alice", "Alice", issue_access_token=True,
        metadata={"city": "Seoul"}, discovery_keys=["alice@example.com"],
    )
    assert created.user_id == "alice"
    assert created.nickname == "Alice"
    assert len(created.access_token) == 40
    assert created.is_active is True and created.is_online is False
    assert created.metadata == {"city": "Seoul"}
    assert created.discovery_keys == ["alice@example.com"]
    assert isinstance(created.created_at, int)

    viewed = users.view_user_by_id(token, "alice")
    # Only the answer to creating a user has these two (Sendbird's own integration tests).
    assert created.is_created is True and created.phone_number == ""
    assert viewed.to_dict() == {key: value for key, value in created.to_dict().items() if key not in ("is_created", "phone_number")}


def test_ids_with_awkward_characters(client, token):
    users = UserApi(client)
    for user_id in ["with space", "a/b", "100%", "사용자"]:
        create(users, token, user_id)
        assert users.view_user_by_id(token, user_id).user_id == user_id


def test_list_filters(client, token):
    users = UserApi(client)
    metadata = MetadataApi(client)
    create(users, token, "ann", "Annie")
    create(users, token, "andy", "Andy")
    create(users, token, "bea", "Bea")
    metadata.create_user_metadata(token, "ann", create_user_metadata_data=CreateUserMetadataData(metadata={"team": "red"}))
    metadata.create_user_metadata(token, "bea", create_user_metadata_data=CreateUserMetadataData(metadata={"team": "blue"}))
    users.update_user_by_id(
        token, "bea", update_user_by_id_data=UpdateUserByIdData(user_id="bea", nickname="Bea", profile_url="", is_active=False)
    )

    assert listed_ids(users.list_users(token)) == ["ann", "andy"]
    assert listed_ids(users.list_users(token, active_mode="deactivated")) == ["bea"]
    assert listed_ids(users.list_users(token, active_mode="all")) == ["ann", "andy", "bea"]
    assert listed_ids(users.list_users(token, user_ids="bea,ann", active_mode="all")) == ["ann", "bea"]
    assert listed_ids(users.list_users(token, nickname="Andy")) == ["andy"]
    assert listed_ids(users.list_users(token, nickname_startswith="An")) == ["ann", "andy"]
    assert listed_ids(users.list_users(token, show_bot=False)) == ["ann", "andy"]
    assert listed_ids(
        users.list_users(token, metadatakey="team", metadatavalues_in="red,blue", active_mode="all")
    ) == ["ann", "bea"]


def test_page_through_250_users_with_next(client, token):
    users = UserApi(client)
    expected = [f"user{index:03d}" for index in range(250)]
    for user_id in expected:
        create(users, token, user_id)

    seen, next_token, pages = [], None, 0
    while True:
        kwargs = {"limit": 100}
        if next_token:
            kwargs["token"] = next_token
        page = users.list_users(token, **kwargs)
        seen += listed_ids(page)
        pages += 1
        next_token = page.next
        if not next_token:
            break
    assert seen == expected
    assert pages == 3


def test_update_deactivate_and_delete(client, token):
    users = UserApi(client)
    created = create(users, token, "carol", issue_access_token=True)
    updated = users.update_user_by_id(
        token, "carol",
        update_user_by_id_data=UpdateUserByIdData(
            user_id="carol", nickname="Caz", profile_url="https://example.com/c.png",
            issue_access_token=True, last_seen_at=1234, preferred_languages=["en"],
        ),
    )
    assert updated.nickname == "Caz"
    assert updated.profile_url == "https://example.com/c.png"
    assert updated.access_token != created.access_token
    assert updated.last_seen_at == 1234, "kept for a user who never connected (Sendbird's Update a user page)"
    assert updated.has_ever_logged_in is False
    assert users.view_user_by_id(token, "carol").last_seen_at == 1234
    assert updated.preferred_languages == ["en"]

    deactivated = users.update_user_by_id(
        token, "carol",
        update_user_by_id_data=UpdateUserByIdData(
            user_id="carol", nickname="Caz", profile_url="", is_active=False, leave_all_when_deactivated=True
        ),
    )
    assert deactivated.is_active is False

    assert users.delete_user_by_id(token, "carol") == {}
    with pytest.raises(sendbird.ApiException) as raised:
        users.view_user_by_id(token, "carol")
    assert raised.value.status == 400
    assert error_code(raised.value) == 400201


def test_metadata_crud(client, token):
    users = UserApi(client)
    metadata = MetadataApi(client)
    create(users, token, "dave")

    created = metadata.create_user_metadata(
        token, "dave", create_user_metadata_data=CreateUserMetadataData(metadata={"a": "1", "b": "2"})
    )
    assert created.to_dict() == {"a": "1", "b": "2"}
    assert metadata.view_user_metadata(token, "dave").to_dict() == {"a": "1", "b": "2"}
    assert metadata.view_user_metadata_by_key(token, "dave", "a").to_dict() == {"a": "1"}

    with pytest.raises(sendbird.ApiException) as raised:
        metadata.create_user_metadata(token, "dave", create_user_metadata_data=CreateUserMetadataData(metadata={"a": "x"}))
    assert error_code(raised.value) == 400202

    updated = metadata.update_user_metadata(
        token, "dave", update_user_metadata_data=UpdateUserMetadataData(metadata={"a": "one", "c": "3"}, upsert=True)
    )
    assert updated.to_dict() == {"a": "one", "c": "3"}
    with pytest.raises(sendbird.ApiException) as raised:
        metadata.update_user_metadata(
            token, "dave", update_user_metadata_data=UpdateUserMetadataData(metadata={"z": "26"}, upsert=False)
        )
    assert error_code(raised.value) == 400201

    by_key = metadata.update_user_metadata_by_key(token, "dave", "b", body={"value": "two"})
    assert by_key.to_dict() == {"b": "two"}

    metadata.delete_user_metadata_by_key(token, "dave", "a")
    assert metadata.view_user_metadata(token, "dave").to_dict() == {"b": "two", "c": "3"}
    metadata.delete_user_metadata(token, "dave")
    assert metadata.view_user_metadata(token, "dave").to_dict() == {}


def test_session_tokens(client, token):
    users = UserApi(client)
    create(users, token, "erin")
    issued = users.create_user_token(token, "erin", create_user_token_data=CreateUserTokenData(expires_at=4102444800000.0))
    assert issued.expires_at == 4102444800000
    assert len(issued.token) >= 40

    with pytest.raises(sendbird.ApiException) as raised:
        users.create_user_token(token, "erin", create_user_token_data=CreateUserTokenData(expires_at=1000.0))
    assert error_code(raised.value) == 400111


def test_channel_invitation_preference(client, token):
    users = UserApi(client)
    application = ApplicationApi(client)
    create(users, token, "fay")
    assert application.view_default_channel_invitation_preference(token).auto_accept is True
    application.update_default_channel_invitation_preference(
        token, update_default_channel_invitation_preference_data=UpdateDefaultChannelInvitationPreferenceData(auto_accept=False)
    )
    # A new default is for users created from now on: fay keeps hers, a new user follows it.
    assert users.view_channel_invitation_preference(token, "fay").auto_accept is True
    create(users, token, "hal")
    assert users.view_channel_invitation_preference(token, "hal").auto_accept is False
    users.update_channel_invitation_preference(
        token, "hal", update_channel_invitation_preference_data=UpdateChannelInvitationPreferenceData(auto_accept=True)
    )
    assert users.view_channel_invitation_preference(token, "hal").auto_accept is True


def test_errors_come_back_as_api_exceptions(client, token):
    users = UserApi(client)
    create(users, token, "gus")
    cases = [
        (lambda: create(users, token, "gus"), 400202),
        (lambda: create(users, token, "x" * 81), 400110),
        (lambda: users.view_user_by_id(token, "nobody"), 400201),
        (lambda: users.list_users(token, limit=500), 400113),
        (lambda: users.list_users(token, active_mode="sleeping"), 400111),
        (lambda: users.list_users(token, token="not-a-token"), 400111),
    ]
    for call, code in cases:
        with pytest.raises(sendbird.ApiException) as raised:
            call()
        assert raised.value.status == 400
        assert error_code(raised.value) == code

    with pytest.raises(sendbird.ApiException) as raised:
        users.list_users("wrong-token")
    assert raised.value.status == 401
    assert error_code(raised.value) == 400401


def test_data_survives_a_restart(server, client, token):
    users = UserApi(client)
    create(users, token, "hal", metadata={"k": "v"})
    server.restart()
    assert users.view_user_by_id(token, "hal").metadata == {"k": "v"}
