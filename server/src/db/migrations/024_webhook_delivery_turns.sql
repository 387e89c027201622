-- Fair webhook delivery (docs/decisions/0045-fair-webhook-delivery.md): when each organisation
-- last had a delivery claimed, so that organisations take turns as their import jobs do (016),
-- and an index over the deliveries in flight (claimed under a lease), which the claim counts per
-- endpoint and per organisation.
create table webhook_delivery_turns (
  organization_id integer primary key references organizations (id) on delete cascade,
  claimed_at timestamptz not null
);
create index webhook_deliveries_in_flight_idx on webhook_deliveries (endpoint_id)
  where lease_expires_at is not null;
-- Each endpoint's oldest due delivery, which the claim looks up once per endpoint.
create index webhook_deliveries_pending_endpoint_idx on webhook_deliveries (endpoint_id, next_attempt_at, id)
  where status = 'PENDING';
