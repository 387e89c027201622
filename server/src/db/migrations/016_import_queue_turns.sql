-- When each organisation last had a job claimed (docs/decisions/0029-fair-job-queue-and-caps.md):
-- the claim orders waiting jobs by how long their organisation has waited since its last turn,
-- so one organisation's backlog does not hold back another organisation's first file.
create table import_queue_turns (
  organization_id integer primary key references organizations (id) on delete cascade,
  claimed_at timestamptz not null
);
