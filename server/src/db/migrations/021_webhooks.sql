-- Webhooks (docs/api-webhooks.md, decision 0037): an organisation's endpoints, the events its
-- imports raise and one delivery per event and endpoint.
create table webhook_endpoints (
  id serial primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  url text not null,
  -- The event types it wants, e.g. {import.applied,import.undone}.
  events text[] not null,
  -- The signing secret, encrypted (AES-256-GCM) with WEBHOOKS_SECRET_KEY: a dump alone does not reveal it.
  secret_encrypted text not null,
  enabled boolean not null default true,
  -- Why it is off when it is: 'USER' or 'FAILURES' (the service turned it off).
  disabled_reason text,
  disabled_at timestamptz,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null,
  -- The first failed attempt since the last delivery that got through; null while deliveries succeed.
  failing_since timestamptz
);
create index webhook_endpoints_organization_idx on webhook_endpoints (organization_id, id);

-- The outbox: written in the transaction of the change it reports, so no change goes without its
-- event and no event tells of a change that was rolled back. The id is the `webhook-id` header.
create table webhook_events (
  id text primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null
);
create index webhook_events_created_idx on webhook_events (created_at);

create table webhook_deliveries (
  id bigserial primary key,
  event_id text not null references webhook_events (id) on delete cascade,
  endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
  -- PENDING, DELIVERED or FAILED (given up 24 hours after the first attempt).
  status text not null default 'PENDING',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  lease_owner text,
  lease_expires_at timestamptz,
  first_attempt_at timestamptz,
  last_attempt_at timestamptz,
  -- The receiver's HTTP status of the last attempt, or null when none came (refused, timed out).
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null,
  unique (event_id, endpoint_id)
);
-- The delivery loop's search: pending deliveries whose time has come.
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'PENDING';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc);
