-- The rows an applied import added, for its undo (docs/decisions/0024-added-rows-kept-as-id-arrays.md):
-- one array of row ids per statement of the apply step instead of one import_undo_rows row per
-- added row. The undo needs only the ids, to delete the rows again; 50,000 rows of import_undo_rows
-- (an index entry and a foreign-key check each) were ~15 % of applying 50,000 new rows on PGlite.
-- Imports applied before this migration keep their 'added' rows in import_undo_rows; the undo
-- reads both.
create table import_undo_added (
  import_id integer not null references imports (id) on delete cascade,
  batch integer not null,
  row_ids bigint[] not null,
  primary key (import_id, batch)
);
