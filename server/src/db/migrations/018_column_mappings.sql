-- A supplier's own columns mapped onto ours (docs/price-list-file.md, "The supplier's own
-- columns"; decision 0033).
-- The mapping chosen for an import (by the upload's request or on the summary page) that its
-- validation reads the file with: {"sheet": "...", "columns": {"Artikelnummer": "B", ...}}.
-- Null: the file's own headers, or a saved mapping that fits them. Gone with a new file.
alter table imports add column column_mapping jsonb;

-- The mappings an organisation saved: a chosen mapping that led to a validation, found again by
-- the sheet and the set of the file's headers (header_key), shared by every user of it.
create table column_mappings (
  id serial primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  header_key text not null,
  sheet text not null,
  -- The file's headers, in the file's order, as the list of saved mappings shows them.
  headers jsonb not null,
  -- For each of our column headers: {"header": "Art.nr", "occurrence": 1}.
  columns jsonb not null,
  saved_by integer references users (id) on delete set null,
  saved_at timestamptz not null,
  last_used_at timestamptz,
  unique (organization_id, header_key)
);
