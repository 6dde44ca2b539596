"""Device tokens and push preferences through the official SDK 0.0.16's UserApi, and the
application's push configurations and templates through its ApplicationApi."""

from sendbird_platform_sdk.api.application_api import ApplicationApi
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.add_fcm_push_configuration_data import AddFcmPushConfigurationData
from sendbird_platform_sdk.model.add_hms_push_configuration_data import AddHmsPushConfigurationData
from sendbird_platform_sdk.model.add_registration_or_device_token_data import AddRegistrationOrDeviceTokenData
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.update_fcm_push_configuration_by_id_data import UpdateFcmPushConfigurationByIdData
from sendbird_platform_sdk.model.update_hms_push_configuration_by_id_data import UpdateHmsPushConfigurationByIdData
from sendbird_platform_sdk.model.update_push_notification_content_template_data import UpdatePushNotificationContentTemplateData
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
    # Sendbird's page answers the removed token in a list, as this SDK's model does but 2.1.5's
    # does not (Tests/schemas.py). Page:
    # https://sendbird.com/docs/chat/v3/platform-api/user/managing-device-tokens/remove-a-registration-or-device-token
    removed = users.remove_registration_or_device_token_by_token(token, "alice", "gcm", "fcm:a/b")
    assert removed.user.user_id == "alice" and removed.token == ["fcm:a/b"]
    assert users.list_registration_or_device_tokens(token, "alice", "gcm").tokens == []
    users.remove_registration_or_device_token(token, "alice")


def test_push_preferences(client, token):
    users = UserApi(client)
    users.create_user(token, create_user_data=CreateUserData(user_id="alice", nickname="alice", profile_url=""))
    GroupChannelApi(client).gc_create_channel(token, gc_create_channel_data=GcCreateChannelData(user_ids=["alice"], channel_url="room"))
    # Sendbird's page answers the snooze period in Unix milliseconds, 0 while none is set; SDK
    # 0.0.16's model says strings, so its return-type check is off for this call. Page:
    # https://sendbird.com/docs/chat/v3/platform-api/user/configuring-notification-preferences/get-push-notification-preferences
    viewed = users.view_push_preferences(token, "alice", _check_return_type=False)
    assert viewed.push_trigger_option == "all"
    assert (viewed.snooze_enabled, viewed.snooze_start_ts, viewed.snooze_end_ts) == (False, 0, 0)
    # SDK 0.0.16 sends every field.
    updated = users.update_push_preferences(token, "alice", update_push_preferences_data=UpdatePushPreferencesData(
        push_trigger_option="mention_only", do_not_disturb=False, start_hour=0, start_min=0, end_hour=0, end_min=0,
        snooze_enabled=False, snooze_start_ts=0, snooze_end_ts=0, block_push_from_bots=False, push_blocked_bot_ids=[],
        push_sound="default", timezone="Asia/Seoul",
    ))
    assert updated.push_trigger_option == "mention_only" and updated.timezone == "Asia/Seoul"
    users.update_push_preferences(token, "alice", update_push_preferences_data=UpdatePushPreferencesData(
        push_trigger_option="all", do_not_disturb=False, start_hour=0, start_min=0, end_hour=0, end_min=0,
        snooze_enabled=True, snooze_start_ts=1_700_000_000_000, snooze_end_ts=1_700_000_600_000, block_push_from_bots=False,
        push_blocked_bot_ids=[], push_sound="default", timezone="UTC",
    ))
    # The snooze set is read back (the same page).
    viewed = users.view_push_preferences(token, "alice", _check_return_type=False)
    assert (viewed.snooze_enabled, viewed.snooze_start_ts, viewed.snooze_end_ts) == (True, 1_700_000_000_000, 1_700_000_600_000)
    users.reset_push_preferences(token, "alice")
    reset = users.view_push_preferences(token, "alice", _check_return_type=False)
    assert reset.timezone == "UTC" and (reset.snooze_enabled, reset.snooze_start_ts) == (False, 0)
    # A channel's trigger is "default" until set, as Sendbird's page shows:
    # https://sendbird.com/docs/chat/v3/platform-api/user/configuring-notification-preferences/get-push-notification-preferences-for-a-channel
    assert users.view_push_preferences_for_channel_by_url(token, "alice", "room").push_trigger_option == "default"
    channel = users.update_push_preferences_for_channel_by_url(
        token, "alice", "room",
        update_push_preferences_for_channel_by_url_data=UpdatePushPreferencesForChannelByUrlData(push_trigger_option="off", enable=False, push_sound="bell"),
    )
    assert channel.push_trigger_option == "off" and channel.enable is False
    assert users.view_push_preferences_for_channel_by_url(token, "alice", "room").push_sound == "bell"
    assert users.choose_push_notification_content_template(token, "alice", body={"name": "alternative"}).name == "alternative"


def test_push_configurations(client, token):
    application = ApplicationApi(client)
    added = application.add_fcm_push_configuration(
        token, add_fcm_push_configuration_data=AddFcmPushConfigurationData(api_key="AAAA-server-key-5678", push_sound="ring.wav"),
    )
    fcm = added.push_configurations[0]
    assert fcm.push_type == "FCM" and fcm.api_key.endswith("5678") and "server" not in fcm.api_key
    hms = application.add_hms_push_configuration(
        token, add_hms_push_configuration_data=AddHmsPushConfigurationData(huawei_app_id="100", huawei_app_secret="secret", push_sound=""),
    ).push_configurations[0]
    assert application.list_push_configurations(token, "fcm").push_configurations[0].id == fcm.id
    assert application.view_push_configuration_by_id(token, "huawei", hms.id).push_configurations[0].push_type == "HUAWEI"
    updated = application.update_fcm_push_configuration_by_id(
        token, fcm.id, update_fcm_push_configuration_by_id_data=UpdateFcmPushConfigurationByIdData(provider_id=fcm.id, api_key="", push_sound="bell.wav"),
    )
    assert updated.push_configurations == fcm.id
    application.update_hms_push_configuration_by_id(
        token, hms.id,
        update_hms_push_configuration_by_id_data=UpdateHmsPushConfigurationByIdData(provider_id=hms.id, huawei_app_id="200", huawei_app_secret="", push_sound=""),
    )
    assert application.view_push_configuration_by_id(token, "hms", hms.id).push_configurations[0]["huawei_app_id"] == "200"
    assert application.remove_push_configuration_by_id(token, "huawei", hms.id).push_configurations == [hms.id]
    assert application.list_push_configurations(token, "huawei").push_configurations == []


def test_push_content_templates(client, token):
    application = ApplicationApi(client)
    listed = application.list_push_notification_content_templates(token).push_message_templates
    assert [item.template_name for item in listed] == ["default", "alternative"]
    assert listed[0].template.mesg == "{sender_name}: {message}"
    changed = application.update_push_notification_content_template(
        token, "alternative",
        update_push_notification_content_template_data=UpdatePushNotificationContentTemplateData(
            template_name="alternative", template="", template_mesg="{sender_name} wrote", template_file="A file", template_admn="Notice",
        ),
    )
    assert changed.push_message_templates[0].template.admm == "Notice"
    viewed = application.view_push_notification_content_template(token, "alternative").push_message_templates[0]
    assert viewed.template.mesg == "{sender_name} wrote"
