"""The official SDK 2.1.5 drives messages: sending, history (2.1.5 always sends both
message_ts and message_id), single messages, edits, deletion, sorted meta arrays, read
state, imports, and blocking."""

from sendbird_platform_sdk.api.message_api import MessageApi
from sendbird_platform_sdk.api.moderation_api import ModerationApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.add_extra_data_to_a_message_request import AddExtraDataToAMessageRequest
from sendbird_platform_sdk.model.block_a_user_request import BlockAUserRequest
from sendbird_platform_sdk.model.mark_all_messages_as_read_request import MarkAllMessagesAsReadRequest
from sendbird_platform_sdk.model.mark_channel_messages_as_read_request import MarkChannelMessagesAsReadRequest
from sendbird_platform_sdk.model.migrate_messages_request import MigrateMessagesRequest
from sendbird_platform_sdk.model.migrate_messages_text_message_request import MigrateMessagesTextMessageRequest
from sendbird_platform_sdk.model.send_a_message_request import SendAMessageRequest
from sendbird_platform_sdk.model.sendbird_sorted_metaarray import SendbirdSortedMetaarray
from sendbird_platform_sdk.model.sendbird_sorted_metaarray_inner import SendbirdSortedMetaarrayInner
from sendbird_platform_sdk.model.update_a_message_request import UpdateAMessageRequest
from sendbird_platform_sdk.model.update_extra_data_in_a_message_request import UpdateExtraDataInAMessageRequest

from test_channels import create_group, say, users


def test_send_list_view_edit_and_delete(client, token):
    users(client, token, "alice", "bob")
    create_group(client, token, "chat", ["alice", "bob"])
    messages = MessageApi(client)
    first = say(client, token, "chat", "alice", "hello")
    assert first.message == "hello" and first.user.user_id == "alice" and first.channel_type == "group"
    second = say(client, token, "chat", "bob", "hi there")

    listed = messages.list_messages("group_channels", "chat", 0, 0, api_token=token, next_limit=10, prev_limit=0)
    assert [message.message for message in listed.messages] == ["hello", "hi there"]
    around = messages.list_messages(
        "group_channels", "chat", 0, second.message_id, api_token=token, prev_limit=1, next_limit=0, include=True
    )
    assert [message.message for message in around.messages] == ["hello", "hi there"]

    viewed = messages.get_a_message("group_channels", "chat", first.message_id, api_token=token)
    assert viewed.message_id == first.message_id
    edited = messages.update_a_message(
        "group_channels", "chat", first.message_id, api_token=token,
        update_a_message_request=UpdateAMessageRequest(message_type="MESG", message="hello, all"),
    )
    assert edited.message == "hello, all"
    assert messages.get_total_number_of_messages_in_a_channel("group_channels", "chat", api_token=token).total == 2
    messages.delete_a_message("group_channels", "chat", second.message_id, api_token=token)
    assert messages.get_total_number_of_messages_in_a_channel("group_channels", "chat", api_token=token).total == 1
    remaining = messages.list_messages("group_channels", "chat", 0, 0, api_token=token, next_limit=10, prev_limit=0)
    assert [message.message for message in remaining.messages] == ["hello, all"]


def test_sorted_metaarray(client, token):
    users(client, token, "alice")
    create_group(client, token, "meta", ["alice"])
    messages = MessageApi(client)
    sent = say(client, token, "meta", "alice", "tagged")
    added = messages.add_extra_data_to_a_message(
        "group_channels", "meta", sent.message_id, api_token=token,
        add_extra_data_to_a_message_request=AddExtraDataToAMessageRequest(
            sorted_metaarray=SendbirdSortedMetaarray([SendbirdSortedMetaarrayInner(key="color", value=["red"])])
        ),
    )
    assert added.sorted_metaarray.value[0].key == "color"
    updated = messages.update_extra_data_in_a_message(
        "group_channels", "meta", sent.message_id, api_token=token,
        update_extra_data_in_a_message_request=UpdateExtraDataInAMessageRequest(
            mode="add", upsert=True,
            sorted_metaarray=SendbirdSortedMetaarray([SendbirdSortedMetaarrayInner(key="color", value=["blue"])]),
        ),
    )
    assert updated.sorted_metaarray.value[0].value == ["red", "blue"]
    messages.remove_extra_data_from_a_message("group_channels", "meta", sent.message_id, api_token=token, keys="color")
    viewed = messages.get_a_message("group_channels", "meta", sent.message_id, api_token=token, with_sorted_meta_array=True)
    assert viewed.sorted_metaarray.value == []


def test_read_state_and_imports(client, token):
    users(client, token, "alice", "bob")
    create_group(client, token, "reads", ["alice", "bob"])
    messages = MessageApi(client)
    say(client, token, "reads", "alice", "one")
    say(client, token, "reads", "alice", "two")
    assert UserApi(client).view_number_of_unread_messages("bob", api_token=token).unread_count == 2
    messages.mark_channel_messages_as_read(
        "reads", api_token=token, mark_channel_messages_as_read_request=MarkChannelMessagesAsReadRequest(user_id="bob")
    )
    assert UserApi(client).view_number_of_unread_messages("bob", api_token=token).unread_count == 0
    say(client, token, "reads", "alice", "three")
    UserApi(client).mark_all_messages_as_read("bob", api_token=token, mark_all_messages_as_read_request=MarkAllMessagesAsReadRequest())
    assert UserApi(client).view_number_of_channels_with_unread_messages("bob", api_token=token).unread_count == 0

    messages.migrate_messages(
        "reads", api_token=token,
        migrate_messages_request=MigrateMessagesRequest(messages=[
            MigrateMessagesTextMessageRequest(user_id="bob", message="imported", timestamp=1_600_000_000_000),
        ]),
    )
    oldest = messages.list_messages("group_channels", "reads", 0, 0, api_token=token, next_limit=1, prev_limit=0)
    assert oldest.messages[0].message == "imported" and oldest.messages[0].created_at == 1_600_000_000_000


def test_blocking(client, token):
    users(client, token, "alice", "bob", "carol")
    moderation = ModerationApi(client)
    blocked = moderation.block_a_user("alice", api_token=token, block_a_user_request=BlockAUserRequest(target_id="bob"))
    assert blocked.user_id == "bob"
    moderation.block_a_user("alice", api_token=token, block_a_user_request=BlockAUserRequest(user_ids=["carol"]))
    listed = moderation.list_blocked_users("alice", api_token=token)
    assert sorted(user.user_id for user in listed.users) == ["bob", "carol"]
    moderation.unblock_a_user("alice", "bob", api_token=token)
    assert [user.user_id for user in moderation.list_blocked_users("alice", api_token=token).users] == ["carol"]
