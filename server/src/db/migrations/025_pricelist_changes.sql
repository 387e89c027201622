-- The change feed (docs/api-changes.md, decision 0048): one entry per applied import and per
-- undo, in the order they committed. An entry's rows are not copied: they are the import's own
-- changes (import_details, kept for as long as the import), read forwards for an applied import
-- and backwards for an undo.
--
-- Positions come from one counter row, updated as the last statement of the transaction that
-- applies or undoes. The row lock is held until that transaction ends, so the next writer gets
-- the next position only after this one has committed or rolled back: a position that a reader
-- can see always has every lower position visible already, and a rolled-back position is handed
-- out again. A sequence would not do: its values are taken at insert and committed in any order.
create table pricelist_change_head (
  singleton boolean primary key default true check (singleton),
  position bigint not null
);

create table pricelist_changes (
  position bigint primary key,
  kind text not null check (kind in ('IMPORT_APPLIED', 'IMPORT_UNDONE')),
  import_id integer not null references imports (id) on delete cascade,
  organization_id integer not null references organizations (id),
  general_pricelist_id integer not null references general_pricelists (id),
  pricelist_id integer not null references pricelists (id),
  changed_at timestamptz not null,
  changed_by integer references users (id),
  added integer not null,
  updated integer not null,
  removed integer not null,
  -- The largest price changes of the entry (at most five: article, price before and after), for
  -- the page "Prisändringar"; null for the entries numbered from the history below.
  largest_price_changes jsonb
);
create index pricelist_changes_organization_idx on pricelist_changes (organization_id, position);
create index pricelist_changes_pricelist_idx on pricelist_changes (pricelist_id, position);
create index pricelist_changes_changed_at_idx on pricelist_changes (changed_at);

-- What was applied and undone before this migration, in the order it happened.
with detail_counts as (
  select import_id,
    coalesce(sum(jsonb_array_length(items::jsonb)) filter (where kind = 'added'), 0) as added,
    coalesce(sum(jsonb_array_length(items::jsonb)) filter (where kind = 'updated'), 0) as updated,
    coalesce(sum(jsonb_array_length(items::jsonb)) filter (where kind = 'removed'), 0) as removed
  from import_details group by import_id
), events as (
  select i.id, 'IMPORT_APPLIED' as kind, i.imported_at as at, i.imported_by as by_user, 0 as turn
  from imports i where i.status = 'IMPORT_SUCCESS' and i.imported_at is not null and i.pricelist_id is not null
  union all
  select i.id, 'IMPORT_UNDONE', i.undone_at, i.undone_by, 1
  from imports i where i.undone_at is not null and i.pricelist_id is not null
)
insert into pricelist_changes (position, kind, import_id, organization_id, general_pricelist_id,
  pricelist_id, changed_at, changed_by, added, updated, removed)
select row_number() over (order by e.at, e.turn, e.id), e.kind, i.id, i.organization_id,
  i.general_pricelist_id, i.pricelist_id, e.at, e.by_user,
  case when e.kind = 'IMPORT_APPLIED' then coalesce(c.added, 0) else coalesce(c.removed, 0) end,
  coalesce(c.updated, 0),
  case when e.kind = 'IMPORT_APPLIED' then coalesce(c.removed, 0) else coalesce(c.added, 0) end
from events e join imports i on i.id = e.id left join detail_counts c on c.import_id = i.id;

insert into pricelist_change_head (position) select coalesce(max(position), 0) from pricelist_changes;
