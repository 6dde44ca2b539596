"""Profile images and channel covers as multipart forms, as Sendbird's pages document them
(`profile_file`, `cover_file`). The SDK's typed calls send JSON only, so the forms go through
its own ApiClient, and the answers are read into its models and checked against Sendbird's
schemas like every other answer."""

import io
import urllib.request

import sendbird_platform_sdk as sendbird
from sendbird_platform_sdk.model.send_bird_group_channel import SendBirdGroupChannel
from sendbird_platform_sdk.model.send_bird_open_channel import SendBirdOpenChannel
from sendbird_platform_sdk.model.send_bird_user import SendBirdUser

IMAGE = b"\x89PNG\r\n\x1a\n not really a picture"


def upload(client, token, method, path, fields, part, response_type):
    image = io.BytesIO(IMAGE)
    image.name = "face.png"
    return client.call_api(
        path, method,
        header_params={"Api-Token": token, "Content-Type": "multipart/form-data"},
        post_params=fields, files={part: [image]},
        response_type=(response_type,), _return_http_data_only=True, _check_type=True,
    )


def served(url):
    with urllib.request.urlopen(url) as response:
        return response.read()


def test_profile_images_and_covers_come_as_files(client, token):
    user = upload(client, token, "POST", "/v3/users", [("user_id", "ann"), ("nickname", "Ann")], "profile_file", SendBirdUser)
    assert user.user_id == "ann" and served(user.profile_url) == IMAGE
    changed = upload(client, token, "PUT", "/v3/users/ann", [("nickname", "Annie")], "profile_file", SendBirdUser)
    assert changed.nickname == "Annie" and changed.profile_url != user.profile_url

    group = upload(
        client, token, "POST", "/v3/group_channels", [("channel_url", "room"), ("user_ids[]", "ann")], "cover_file", SendBirdGroupChannel
    )
    assert group.channel_url == "room" and served(group.cover_url) == IMAGE
    renamed = upload(client, token, "PUT", "/v3/group_channels/room", [("name", "Room")], "cover_file", SendBirdGroupChannel)
    assert renamed.name == "Room"

    hall = upload(client, token, "POST", "/v3/open_channels", [("channel_url", "hall")], "cover_file", SendBirdOpenChannel)
    assert served(hall.cover_url) == IMAGE
    upload(client, token, "PUT", "/v3/open_channels/hall", [("name", "Hall")], "cover_file", SendBirdOpenChannel)
