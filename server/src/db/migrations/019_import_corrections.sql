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

-- Each validation of an import is an attempt: the first upload, every new file, every new column
-- mapping and every round of corrections ("Validera igen"). A validation that runs again on its
-- own (its price list changed) is not a new attempt. error_keys: the attempt's errors as
-- "row|column|rule" (at most 10,000), to tell the next attempt what was fixed and what is new.
create table import_attempts (
  import_id integer not null references imports (id) on delete cascade,
  number integer not null,
  attempted_at timestamptz not null,
  attempted_by integer references users (id) on delete set null,
  file_name text not null,
  corrections integer not null,
  result text not null,
  error_count integer not null,
  counts jsonb,
  error_keys jsonb,
  comparison jsonb,
  primary key (import_id, number)
);
-- Who asked for the validation that is queued, and whether it is a new attempt.
alter table imports add column attempt_by integer references users (id) on delete set null;
alter table imports add column attempt_pending boolean not null default false;
