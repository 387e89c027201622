-- Undo of an applied import ("Ångra inläsning", docs/api-imports.md): what the apply step keeps
-- so that one transaction can put the price list back exactly as it was, row ids included.
--   fingerprint_after: md5 of the price list's rows right after the import; an undo is refused
--     unless the rows are still exactly those (no later import, no other write).
--   undone_at / undone_by: who undid it, when (the lists show "Ångrad").
alter table imports add column fingerprint_after text;
alter table imports add column undone_at timestamptz;
alter table imports add column undone_by integer references users (id);

-- 'previous': a row the import updated or removed, as it was before; 'added': a row it added
-- (only its id is needed, to delete it again). Dropped once the import is undone.
create table import_undo_rows (
  import_id integer not null references imports (id) on delete cascade,
  kind text not null check (kind in ('previous', 'added')),
  row_id bigint not null,
  article_id integer not null,
  price numeric(14, 2),
  minimum_order_quantity integer,
  delivery_time_days integer,
  warranty_quantity integer,
  warranty_unit text,
  warranty_valid_from text,
  warranty_terms text,
  primary key (import_id, row_id)
);

-- The lists show an undone import as "Ångrad": their version changes with undone_at too.
drop trigger imports_list_version on imports;
create constraint trigger imports_list_version
  after insert or delete or update of organization_id, type, status, created_at, import_started_at,
    imported_at, file_name, imported_by, general_pricelist_id, pricelist_id, undone_at
  on imports deferrable initially deferred
  for each row execute function imports_changed();
