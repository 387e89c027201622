-- A mail when a long validation ends, or one a program asked for (decision 0035): when the
-- queued validation was asked for and whether through an API key; and whether the user wants
-- these mails (on by default; "API-nycklar" turns them off).
alter table imports add column attempt_requested_at timestamptz;
alter table imports add column attempt_by_api_key boolean not null default false;
alter table users add column validation_mails boolean not null default true;
