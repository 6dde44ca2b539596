"""Sendbird's official response schemas, as a checker for what Roost answers.

Every JSON body the official SDKs receive from Roost in the compatibility suites is checked
against the response schema of its operation in Sendbird's OpenAPI document
(`../shared/reference/sendbird-platform-openapi.yaml`, OpenAPI 3.0): `$ref`s resolved, a
`number` accepting integers, an `integer` refusing floats, a missing optional property
allowed, and `null` refused unless the schema is `nullable`.

Where the document contradicts Sendbird's own documentation page, the page wins; every such
override is listed in OVERRIDES below, with the page."""

import json
import os
import re
from pathlib import Path

import jsonschema
import yaml

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = Path(os.environ.get(
    "SENDBIRD_OPENAPI", ROOT.parent / "shared" / "reference" / "sendbird-platform-openapi.yaml"
))

# (method, path template) → the schema that replaces the document's, with the page that
# contradicts the document.
_COUNTERS = {"type": "object", "additionalProperties": {"type": "integer"}}
OVERRIDES = {
    ("DELETE", "/v3/push/device_tokens/{token_type}/{token}"): {
        "page": "sendbird-platform-sdk 2.1.5, model RemoveARegistrationOrDeviceTokenFromAnOwnerResponse (a list); 0.0.16 reads a list too",
        "why": "the owners the token was taken from are a list of {user_id}, as the view route answers (the document says one object)",
        "schema": {"type": "array", "items": {"type": "object", "required": ["user_id"], "properties": {"user_id": {"type": "string"}}}},
    },
    ("POST", "/v3/bots/{bot_userid}/send"): {
        "page": "sendbird-platform-sdk 0.0.16 (send_bots_message returns SendBirdMessageResponse) against 2.1.5 (SendABotMessageResponse)",
        "why": "0.0.16 sends JSON and reads the message itself; 2.1.5 sends a form and reads it wrapped: Roost answers each its way",
        "schema": {
            "anyOf": [
                {"type": "object", "required": ["message_id"], "properties": {"message": {"type": "string"}}},
                {"type": "object", "required": ["message"], "properties": {"message": {"type": "object", "required": ["message_id"]}}},
            ],
        },
    },
    ("GET", "/v3/{channel_type}/{channel_url}/metacounter"): {
        "page": "https://sendbird.com/docs/chat/v3/platform-api/channel/managing-metacounter/channel-get-metacounter",
        "why": "meta counters are integers (the document types the values as strings)",
        "schema": _COUNTERS,
    },
    ("PUT", "/v3/{channel_type}/{channel_url}/metacounter/{key}"): {
        "page": "https://sendbird.com/docs/chat/v3/platform-api/channel/managing-metacounter/channel-update-metacounter",
        "why": "meta counters are integers (the document types the values as strings)",
        "schema": _COUNTERS,
    },
    ("POST", "/v3/users/{user_id}/block"): {
        "page": "sendbird-platform-sdk 2.1.5, model BlockAUserResponse (no page shows the bulk answer)",
        "why": "the users blocked in bulk are user objects, which SDK 2.1.5 requires (the document says strings)",
        "schema": {
            "type": "object",
            "properties": {
                "users": {"type": "array", "items": {"type": "object", "required": ["user_id"]}},
                "next": {"type": "string"},
            },
        },
    },
    ("DELETE", "/v3/{channel_type}/{channel_url}/messages/{message_id}/reactions"): {
        "page": "https://sendbird.com/docs/chat/v3/platform-api/message/reactions-and-emojis/remove-a-reaction",
        "why": "user_id is the reacting user's id, a string (the document says number)",
        "schema": {
            "type": "object",
            "properties": {
                "user_id": {"type": "string"}, "operation": {"type": "string"}, "success": {"type": "boolean"},
                "reaction": {"type": "string"}, "updated_at": {"type": "integer"},
            },
        },
    },
}


def _load():
    with open(REFERENCE) as file:
        return yaml.safe_load(file)


class OfficialSchemas:
    def __init__(self):
        self.document = _load()
        self.routes = []
        for template, item in self.document["paths"].items():
            pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")
            # Literal segments beat parameters: /members/{user_id} must not swallow a fixed path.
            literal = len(re.sub(r"\{[^}]+\}", "", template))
            for method, operation in item.items():
                if isinstance(operation, dict) and "responses" in operation:
                    self.routes.append((literal, method.upper(), pattern, template, operation))
        self.routes.sort(key=lambda route: -route[0])

    def operation(self, method, path):
        for _, route_method, pattern, template, operation in self.routes:
            if route_method == method and pattern.match(path):
                return template, operation
        return None, None

    def schema(self, method, path, status):
        """The response schema for a request, with its path template; None when the document has none."""
        template, operation = self.operation(method, path)
        if operation is None:
            return None, None
        override = OVERRIDES.get((method, template))
        if override is not None:
            return template, override["schema"]
        response = operation["responses"].get(str(status)) or operation["responses"].get("default")
        content = (response or {}).get("content", {}).get("application/json")
        return template, (content or {}).get("schema")

    def problems(self, method, path, status, body):
        """What is wrong with a response body, as readable lines; empty when it matches."""
        template, schema = self.schema(method, path, status)
        if schema is None:
            return []
        try:
            instance = json.loads(body) if body else {}
        except ValueError as error:
            return [f"{method} {path}: not JSON ({error})"]
        resolved = _to_json_schema(schema, self.document)
        validator = _Validator(resolved)
        return [
            f"{method} {template} -> {status}: at {'/'.join(str(part) for part in error.absolute_path) or '(root)'}: {error.message}"
            for error in validator.iter_errors(instance)
        ]


def _to_json_schema(schema, document, seen=()):
    """An OpenAPI 3.0 schema as plain JSON Schema: `$ref`s inlined, `nullable` as a type union."""
    if isinstance(schema, list):
        return [_to_json_schema(item, document, seen) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        reference = schema["$ref"]
        if reference in seen:
            return {}
        target = document
        for part in reference.lstrip("#/").split("/"):
            target = target[part]
        return _to_json_schema(target, document, seen + (reference,))
    converted = {}
    for key, value in schema.items():
        if key in ("example", "examples", "description", "xml", "x-examples", "discriminator", "readOnly", "writeOnly"):
            continue
        if key in ("properties", "patternProperties"):
            converted[key] = {name: _to_json_schema(sub, document, seen) for name, sub in value.items()}
        elif key in ("items", "additionalProperties", "not") or key in ("allOf", "anyOf", "oneOf"):
            converted[key] = _to_json_schema(value, document, seen)
        elif key == "nullable":
            continue
        else:
            converted[key] = value
    if schema.get("nullable"):
        if "type" in converted:
            converted["type"] = [converted["type"], "null"] if isinstance(converted["type"], str) else converted["type"] + ["null"]
        if "enum" in converted:
            converted["enum"] = converted["enum"] + [None]
    return converted


def _is_integer(_, instance):
    return isinstance(instance, int) and not isinstance(instance, bool)


def _is_number(_, instance):
    return isinstance(instance, (int, float)) and not isinstance(instance, bool)


_types = jsonschema.Draft4Validator.TYPE_CHECKER.redefine_many({"integer": _is_integer, "number": _is_number})
_Validator = jsonschema.validators.extend(jsonschema.Draft4Validator, type_checker=_types)
