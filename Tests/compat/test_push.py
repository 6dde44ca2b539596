"""Device tokens and push preferences through the official SDK 0.0.16's UserApi."""

from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.add_registration_or_device_token_data import AddRegistrationOrDeviceTokenData
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.update_push_preferences_data import UpdatePushPreferencesData
from sendbird_platform_sdk.model.update_push_preferences_for_channel_by_url_data import UpdatePushPreferencesForChannelByUrlData


def test_device_tokens(client, token):
    users = UserApi(client)
    users.create_user(token, create_user_data=CreateUserData(user_id="alice", nickname="alice", profile_url=""))
    added = users.add_registration_or_device_token(
        token, "alice", "gcm",
        add_registration_or_device_token_data=AddRegistrationOrDeviceTokenData(gcm_reg_token="fcm:a/b", huawei_device_token="", apns_device_token=""),
    )
    assert added.token == "fcm:a/b" and added.user.user_id == "alice"
    assert users.list_registration_or_device_tokens(token, "alice", "gcm").tokens == ["fcm:a/b"]
    owners = users.view_who_owns_registration_or_device_token_by_token(token, "gcm", "fcm:a/b")
    assert [owner["user_id"] for owner in owners.value] == ["alice"]
    assert users.remove_registration_or_device_token_by_token(token, "alice", "gcm", "fcm:a/b").user.user_id == "alice"
    assert users.list_registration_or_device_tokens(token, "alice", "gcm").tokens == []
    users.remove_registration_or_device_token(token, "alice")


def test_push_preferences(client, token):
    users = UserApi(client)
    users.create_user(token, create_user_data=CreateUserData(user_id="alice", nickname="alice", profile_url=""))
    GroupChannelApi(client).gc_create_channel(token, gc_create_channel_data=GcCreateChannelData(user_ids=["alice"], channel_url="room"))
    assert users.view_push_preferences(token, "alice").push_trigger_option == "all"
    # SDK 0.0.16 sends every field.
    updated = users.update_push_preferences(token, "alice", update_push_preferences_data=UpdatePushPreferencesData(
        push_trigger_option="mention_only", do_not_disturb=False, start_hour=0, start_min=0, end_hour=0, end_min=0,
        snooze_enabled=False, snooze_start_ts=0, snooze_end_ts=0, block_push_from_bots=False, push_blocked_bot_ids=[],
        push_sound="default", timezone="Asia/Seoul",
    ))
    assert updated.push_trigger_option == "mention_only" and updated.timezone == "Asia/Seoul"
    users.reset_push_preferences(token, "alice")
    assert users.view_push_preferences(token, "alice").timezone == "UTC"
    channel = users.update_push_preferences_for_channel_by_url(
        token, "alice", "room",
        update_push_preferences_for_channel_by_url_data=UpdatePushPreferencesForChannelByUrlData(push_trigger_option="off", enable=False, push_sound="bell"),
    )
    assert channel.push_trigger_option == "off" and channel.enable is False
    assert users.view_push_preferences_for_channel_by_url(token, "alice", "room").push_sound == "bell"
    assert users.choose_push_notification_content_template(token, "alice", body={"name": "alternative"}).name == "alternative"
