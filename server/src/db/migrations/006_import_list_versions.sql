-- A version per organisation that changes whenever anything its import lists show changes: the
-- API keeps each list's response and sends it again while the version is the same
-- (server/src/imports/importListCache.ts, decision 0004). Every server instance reads the
-- version from here, so a change made through one instance is seen by all of them.
--
-- Versions come from one sequence, never from counting up a row: a value is never handed out
-- twice, also after the table is emptied (the demo reset truncates every table).
create sequence import_list_version_seq;

-- No foreign key: a version may outlive its organisation's rows within a transaction.
create table import_list_versions (
  organization_id integer primary key,
  version bigint not null
);

create function bump_import_list_version(organization integer) returns void
language sql as $$
  insert into import_list_versions as v (organization_id, version)
  values (organization, nextval('import_list_version_seq'))
  on conflict (organization_id) do update set version = excluded.version;
$$;

create function imports_changed() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform bump_import_list_version(old.organization_id);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.organization_id <> old.organization_id) then
    perform bump_import_list_version(new.organization_id);
  end if;
  return null;
end $$;

-- Deferred to the commit: the version row is locked only for the moment the transaction ends,
-- so a long transaction on an import (the apply step) does not hold up the organisation's
-- other imports. Updates count only when they touch a column the lists show (a job's lease
-- renewal does not).
create constraint trigger imports_list_version
  after insert or delete or update of organization_id, type, status, created_at, import_started_at,
    imported_at, file_name, imported_by, general_pricelist_id, pricelist_id
  on imports deferrable initially deferred
  for each row execute function imports_changed();

create function imports_truncated() returns trigger
language plpgsql as $$
begin
  update import_list_versions set version = nextval('import_list_version_seq');
  return null;
end $$;

create trigger imports_list_version_truncate after truncate on imports
  for each statement execute function imports_truncated();

-- The lists also show who uploaded the file and the price list's number.
create function import_list_names_changed() returns trigger
language plpgsql as $$
begin
  if tg_table_name = 'users' then
    perform bump_import_list_version(organization_id)
    from (select distinct organization_id from imports where imported_by = new.id) as touched;
  else
    perform bump_import_list_version(g.organization_id)
    from general_pricelists g where g.id = new.general_pricelist_id;
  end if;
  return null;
end $$;

create constraint trigger users_import_list_version
  after update of first_name, last_name on users deferrable initially deferred
  for each row execute function import_list_names_changed();

create constraint trigger pricelists_import_list_version
  after update of number on pricelists deferrable initially deferred
  for each row execute function import_list_names_changed();
