"""Messages, their extras and read state through the official SDK (MessageApi and friends)."""

import json
import urllib.request

import pytest
import sendbird_platform_sdk as sendbird
from sendbird_platform_sdk.api.group_channel_api import GroupChannelApi
from sendbird_platform_sdk.api.message_api import MessageApi
from sendbird_platform_sdk.api.user_api import UserApi
from sendbird_platform_sdk.model.add_extra_data_to_message_data import AddExtraDataToMessageData
from sendbird_platform_sdk.model.add_reaction_to_a_message_data import AddReactionToAMessageData
from sendbird_platform_sdk.model.create_user_data import CreateUserData
from sendbird_platform_sdk.model.gc_create_channel_data import GcCreateChannelData
from sendbird_platform_sdk.model.gc_mark_all_messages_as_read_data import GcMarkAllMessagesAsReadData
from sendbird_platform_sdk.model.send_bird_message_response import SendBirdMessageResponse
from sendbird_platform_sdk.model.send_message_data import SendMessageData
from sendbird_platform_sdk.model.update_extra_data_in_message_data import UpdateExtraDataInMessageData
from sendbird_platform_sdk.model.update_message_by_id_data import UpdateMessageByIdData

from conftest import error_code


@pytest.fixture
def chat(client, token):
    users = UserApi(client)
    for user_id in ["alice", "bob", "carol"]:
        users.create_user(token, create_user_data=CreateUserData(user_id=user_id, nickname=user_id.title(), profile_url=""))
    GroupChannelApi(client).gc_create_channel(
        token, gc_create_channel_data=GcCreateChannelData(user_ids=["alice", "bob", "carol"], channel_url="chat")
    )
    return MessageApi(client)


def send(messages, token, user_id, text, **fields):
    return messages.send_message(
        token, "group_channels", "chat",
        send_message_data=SendMessageData(user_id=user_id, message_type="MESG", message=text, **fields),
    )


def test_send_view_update_delete(chat, token):
    sent = send(chat, token, "alice", "hello", custom_type="greeting", mentioned_user_ids=["bob"])
    assert sent.message == "hello" and sent.type == "MESG"
    assert sent.user.user_id == "alice"
    assert [user.user_id for user in sent.mentioned_users] == ["bob"]
    message_id = int(sent.message_id)

    viewed = chat.view_message_by_id(token, "group_channels", "chat", str(message_id))
    assert viewed.message == "hello"

    updated = chat.update_message_by_id(
        token, "group_channels", "chat", str(message_id),
        update_message_by_id_data=UpdateMessageByIdData(message_id=message_id, message_type="MESG", message="hello!"),
    )
    assert updated.message == "hello!"
    assert chat.view_total_number_of_messages_in_channel(token, "group_channels", "chat").total == 1

    chat.delete_message_by_id(token, "group_channels", "chat", str(message_id))
    with pytest.raises(sendbird.ApiException) as raised:
        chat.view_message_by_id(token, "group_channels", "chat", str(message_id))
    assert error_code(raised.value) == 400201


def test_admin_message_and_errors(chat, token):
    admin = chat.send_message(
        token, "group_channels", "chat",
        send_message_data=SendMessageData(user_id="", message_type="ADMM", message="Maintenance tonight"),
    )
    assert admin.type == "ADMM"
    with pytest.raises(sendbird.ApiException) as raised:
        chat.send_message(
            token, "group_channels", "chat",
            send_message_data=SendMessageData(user_id="nobody", message_type="MESG", message="hi"),
        )
    assert error_code(raised.value) == 400201


def test_500_messages_paged_by_timestamp_both_ways(chat, token):
    sent = [send(chat, token, ["alice", "bob", "carol"][index % 3], f"m{index:03d}") for index in range(500)]
    expected = [message.message for message in sent]

    forward, ts, seen_ids = [], 0, set()
    while True:
        page = chat.list_messages(
            token, "group_channels", "chat", message_ts=str(ts), prev_limit=0, next_limit=200, include=False
        ).messages
        fresh = [message for message in page if message.message_id not in seen_ids]
        if not fresh:
            break
        forward += [message.message for message in fresh]
        seen_ids.update(message.message_id for message in fresh)
        ts = int(page[-1].created_at) - 1
    assert forward == expected

    backward, ts = [], 99999999999999
    seen_ids = set()
    while True:
        page = chat.list_messages(
            token, "group_channels", "chat", message_ts=str(ts), prev_limit=200, next_limit=0, include=True, reverse=True
        ).messages
        fresh = [message for message in page if message.message_id not in seen_ids]
        if not fresh:
            break
        backward += [message.message for message in fresh]
        seen_ids.update(message.message_id for message in fresh)
        ts = int(page[-1].created_at)
    assert backward == list(reversed(expected))


def test_threaded_replies(chat, token):
    parent = send(chat, token, "alice", "question")
    for user_id in ["bob", "carol", "bob"]:
        send(chat, token, user_id, f"answer from {user_id}", parent_message_id=int(parent.message_id))
    listed = chat.list_messages(token, "group_channels", "chat", message_ts="0", prev_limit=0, next_limit=10)
    assert [message.message for message in listed.messages] == ["question"]
    replies = chat.list_messages(token, "group_channels", "chat", message_ts="0", prev_limit=0, next_limit=10, sender_id="bob")
    assert replies.messages == []
    viewed = chat.view_message_by_id(token, "group_channels", "chat", str(int(parent.message_id)))
    assert viewed.message == "question"

    # The SDK has no include_thread_info option; ask over HTTP and read the answer with its model.
    request = urllib.request.Request(
        f"{chat.api_client.configuration.host}/v3/group_channels/chat/messages/{int(parent.message_id)}?include_thread_info=true",
        headers={"Api-Token": token},
    )
    with urllib.request.urlopen(request) as response:
        raw = response.read()

    class Answer:
        data = raw

        def getheader(self, name, default=None):
            return "application/json"

    threaded = chat.api_client.deserialize(Answer(), (SendBirdMessageResponse,), True)
    assert threaded.thread_info["reply_count"] == 3
    assert [user["user_id"] for user in threaded.thread_info["most_replies"]] == ["bob", "carol"]


def test_reactions(chat, token):
    message_id = int(send(chat, token, "alice", "react to me").message_id)
    added = chat.add_reaction_to_a_message(
        token, "group_channels", "chat", str(message_id),
        add_reaction_to_a_message_data=AddReactionToAMessageData(
            channel_type="group_channels", channel_url="chat", message_id=message_id, user_id="bob", reaction="smile"
        ),
    )
    assert added.operation == "ADD" and added.success is True
    listed = chat.list_reactions_of_message(token, "group_channels", "chat", str(message_id), list_users=True, _check_return_type=False)
    assert listed.to_dict() == {"smile": ["bob"]}
    # Sendbird answers user_id as a string; SDK 0.0.16 types it as a number in this one response.
    removed = chat.remove_reaction_from_a_message(
        token, "group_channels", "chat", str(message_id), user_id="bob", reaction="smile", _check_return_type=False
    )
    assert removed["operation"] == "DELETE"


def test_sorted_meta_arrays(chat, token):
    message_id = int(send(chat, token, "alice", "tagged").message_id)
    added = chat.add_extra_data_to_message(
        token, "group_channels", "chat", str(message_id),
        add_extra_data_to_message_data=AddExtraDataToMessageData(
            channel_type="group_channels", channel_url="chat", message_id=message_id,
            sorted_metaarray=json.dumps([{"key": "tags", "value": ["a"]}]),
        ),
    )
    assert added.sorted_metaarray[0].key == "tags"
    updated = chat.update_extra_data_in_message(
        token, "group_channels", "chat", str(message_id),
        update_extra_data_in_message_data=UpdateExtraDataInMessageData(
            channel_type="group_channels", channel_url="chat", message_id=message_id, mode="add", upsert=True,
            sorted_metaarray=json.dumps([{"key": "tags", "value": ["b"]}]),
        ),
    )
    assert updated.sorted_metaarray[0].value == ["a", "b"]
    chat.remove_extra_data_from_message(token, "group_channels", "chat", str(message_id), keys=["tags"])
    viewed = chat.view_message_by_id(token, "group_channels", "chat", str(message_id), with_sorted_meta_array=True)
    assert viewed.sorted_metaarray == []


def test_unread_counts_and_mark_as_read(chat, token, client):
    for index in range(4):
        send(chat, token, "alice", f"unread {index}")
    unread = chat.gc_view_number_of_each_members_unread_messages(token, "chat")
    assert unread.unread == {"alice": 0, "bob": 4, "carol": 4}
    chat.gc_mark_all_messages_as_read(
        token, "chat",
        gc_mark_all_messages_as_read_data=GcMarkAllMessagesAsReadData(channel_url="chat", user_id="bob", timestamp=0),
    )
    unread = chat.gc_view_number_of_each_members_unread_messages(token, "chat", user_ids="bob")
    assert unread.unread == {"bob": 0}
    users = UserApi(client)
    assert users.view_number_of_unread_messages(token, "carol").unread_count == 4
    mine = users.list_my_group_channels(token, "carol", show_read_receipt=True)
    assert mine.channels[0].unread_message_count == 4
    assert mine.channels[0].last_message.message == "unread 3"


def test_migration(chat, token):
    chat.migrate_messages_by_url(
        token, "chat",
        body={"messages": [{"user_id": "alice", "message_type": "MESG", "message": "old", "timestamp": 1500000000000}]},
    )
    listed = chat.list_messages(token, "group_channels", "chat", message_ts="0", prev_limit=0, next_limit=5)
    assert [message.message for message in listed.messages] == ["old"]
    assert int(listed.messages[0].created_at) == 1500000000000
