-- Secondary API tokens (the master token stays in `application`); `created_at` in seconds,
-- as Sendbird answers it.
CREATE TABLE api_tokens (
    token TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- The IP whitelist: addresses and CIDR ranges allowed to use the API, kept normalized
-- (`192.0.2.2/32`). Empty means every address is allowed.
CREATE TABLE ip_whitelist (
    address TEXT PRIMARY KEY
) WITHOUT ROWID;
