-- What a confirm applies is what its validation showed (docs/api-imports.md, "The price list
-- changed since the validation"). Each price list gets a version that changes with every
-- statement that writes its rows, whoever writes them; a validation records the version it read,
-- and the apply step writes nothing unless the version is still that one.
--
-- Versions come from one sequence, never from counting up a row: a value is never handed out
-- twice, also after the rows are truncated (the demo reset).
create sequence pricelist_rows_version_seq;
alter table pricelists add column rows_version bigint not null default nextval('pricelist_rows_version_seq');

-- validated_rows_version: the version of the price list the import's summary was computed
--   against (null: validated before this migration, which counts as changed since).
-- revalidation_cause / revalidation_change_at: why and since when the import was validated
--   again on its own, because its price list changed: 'IMPORT_APPLIED', 'IMPORT_UNDONE' or
--   'PRICELIST_CHANGED' (anything else). Cleared when the import gets a new file.
alter table imports add column validated_rows_version bigint;
alter table imports add column revalidation_cause text
  check (revalidation_cause in ('IMPORT_APPLIED', 'IMPORT_UNDONE', 'PRICELIST_CHANGED'));
alter table imports add column revalidation_change_at timestamptz;

-- The row-count triggers of migration 011 now also move the version, and updates count too (a
-- row never moves to another price list, so the new rows name every list an update touched).
create or replace function pricelist_rows_counted() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update pricelists p set row_count = p.row_count + n.count,
      rows_version = nextval('pricelist_rows_version_seq')
    from (select pricelist_id, count(*) as count from inserted_rows group by pricelist_id) n
    where p.id = n.pricelist_id;
  elsif tg_op = 'DELETE' then
    update pricelists p set row_count = p.row_count - o.count,
      rows_version = nextval('pricelist_rows_version_seq')
    from (select pricelist_id, count(*) as count from deleted_rows group by pricelist_id) o
    where p.id = o.pricelist_id;
  elsif tg_op = 'UPDATE' then
    update pricelists p set rows_version = nextval('pricelist_rows_version_seq')
    where p.id in (select distinct pricelist_id from updated_rows);
  else
    update pricelists set row_count = 0, rows_version = nextval('pricelist_rows_version_seq');
  end if;
  return null;
end $$;

create trigger pricelist_rows_updated after update on pricelist_rows
  referencing new table as updated_rows
  for each statement execute function pricelist_rows_counted();
