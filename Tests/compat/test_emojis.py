"""Emojis and emoji categories through the official SDK 0.0.16's MessageApi."""

from sendbird_platform_sdk.api.message_api import MessageApi
from sendbird_platform_sdk.model.add_emojis_data import AddEmojisData
from sendbird_platform_sdk.model.update_emoji_category_url_by_id_data import UpdateEmojiCategoryUrlByIdData
from sendbird_platform_sdk.model.update_emoji_url_by_key_data import UpdateEmojiUrlByKeyData
from sendbird_platform_sdk.model.use_default_emojis_data import UseDefaultEmojisData


def test_emojis(client, token):
    messages = MessageApi(client)
    added = messages.add_emoji_categories(token, body={"emoji_categories": [{"name": "faces", "url": "https://example.com/faces.png"}]})
    category = int(added.emoji_categories[0]["id"])
    emojis = messages.add_emojis(token, add_emojis_data=AddEmojisData(
        emoji_category_id=category, emojis=[{"key": "smile", "url": "https://example.com/smile.png"}],
    ))
    assert [emoji["key"] for emoji in emojis.emojis] == ["smile"]
    listed = messages.list_all_emojis_and_emoji_categories(token)
    assert listed.emoji_hash and listed.emoji_categories[0]["name"] == "faces"
    assert messages.get_emoji_category_by_id(token, str(category)).name == "faces"
    changed = messages.update_emoji_category_url_by_id(
        token, str(category), update_emoji_category_url_by_id_data=UpdateEmojiCategoryUrlByIdData(emoji_category_id=category, url="https://example.com/f2.png"),
    )
    assert changed.url == "https://example.com/f2.png"
    assert messages.get_emoji_by_key(token, "smile").url == "https://example.com/smile.png"
    emoji = messages.update_emoji_url_by_key(
        token, "smile", update_emoji_url_by_key_data=UpdateEmojiUrlByKeyData(emoji_key="smile", url="https://example.com/s2.png"),
    )
    assert emoji.url == "https://example.com/s2.png"
    assert len(messages.list_emojis(token).emojis) == 1
    assert messages.use_default_emojis(token, use_default_emojis_data=UseDefaultEmojisData(use_default_emoji=True)).use_default_emoji is True
    assert len(messages.list_emojis(token).emojis) == 8
    messages.delete_emoji_by_key(token, "smile")
    messages.delete_emoji_category_by_id(token, str(category))
    assert len(messages.list_emojis(token).emojis) == 7
