-- Session tokens from POST /v3/users/{user_id}/token are kept too, so that they open a
-- user's own event stream, but (as on Sendbird) they are not listed in the user's
-- `session_tokens`.
ALTER TABLE session_tokens ADD COLUMN listed INTEGER NOT NULL DEFAULT 1;
