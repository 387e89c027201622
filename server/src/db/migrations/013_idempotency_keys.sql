-- Safe retries (docs/api-idempotency.md): the first answer to an upload or confirm sent with an
-- Idempotency-Key, kept per user for 24 hours, so a retry gets that answer instead of a new import.
create table idempotency_keys (
  user_id integer not null references users (id) on delete cascade,
  key text not null,
  -- sha-256 of the method, the path and the request's body: the same key with another request is refused.
  fingerprint text not null,
  created_at timestamptz not null,
  -- The claiming request's own token: only it may write the answer or free the key, never a
  -- request that took over after 5 minutes.
  claim text not null,
  -- Null while the first request runs; then its status and JSON body, replayed to every retry.
  status_code integer,
  response_body text,
  primary key (user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
