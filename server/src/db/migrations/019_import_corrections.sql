-- Corrections typed on a failed validation's summary ("Validera igen"; decision 0034): the
-- cell's value as the file has it and as corrected, or a whole row left out (column ''), by whom
-- and when. They accumulate over rounds and go with a new file or a new column mapping.
create table import_corrections (
  import_id integer not null references imports (id) on delete cascade,
  row_number integer not null,
  -- Our column header ("Pris"); '' for a row left out of the file.
  column_name text not null,
  -- The cell in the file ("C12"); '' for a row left out.
  cell text not null,
  old_value text not null,
  new_value text,
  corrected_by integer references users (id) on delete set null,
  corrected_at timestamptz not null,
  primary key (import_id, row_number, column_name)
);

-- Moves with every saved round of corrections, so a second person's save based on an older
-- round is refused (409) instead of overwriting it.
alter table imports add column corrections_version integer not null default 0;
