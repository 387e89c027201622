-- API keys (docs/api-keys.md, decision 0019): a supplier's program calls the API as its user with
-- "Authorization: Bearer hmdb_…". The secret is 256 random bits; the table holds only its SHA-256.
create table api_keys (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  secret_hash text not null unique,
  -- The secret's last four characters, shown as "hmdb_…x3Fq" so the owner can tell keys apart.
  hint text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  -- Written at most once a minute per key, so a busy script does not write on every request.
  last_used_at timestamptz,
  revoked_at timestamptz,
  -- When the mail a week before the expiry went (or was claimed by an instance): once per key.
  expiry_warned_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id, created_at);
-- The housekeeping's search for keys to warn about reads only the keys still waiting for a warning.
create index api_keys_expiry_warning_idx on api_keys (expires_at)
  where revoked_at is null and expiry_warned_at is null;
