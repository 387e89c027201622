-- What a validation of an import found (docs/decisions/0004-job-queue.md): the rows a confirm
-- would add, update and remove, and every validation error. The summary in imports.summary
-- holds only counts and the first 100 errors; these hold all of them, in chunks of up to 500
-- items (one jsonb array each), so a 200,000-row file is 400 rows here, written in a few
-- statements, and a page of changes reads one or two chunks.
create table import_details (
  import_id integer not null references imports (id) on delete cascade,
  kind text not null check (kind in ('added', 'updated', 'removed', 'error')),
  chunk integer not null,
  items jsonb not null,
  primary key (import_id, kind, chunk)
);

-- Why a job ended in VALIDATION_ERROR or IMPORT_ERROR (a Swedish text for support; never file contents).
alter table imports add column failure_reason text;
