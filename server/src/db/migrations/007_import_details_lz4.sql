-- The chunks of import_details (about 125 kB each) are compressed with lz4 instead of the default
-- pglz: storing the 116 chunks of a 200,000-row validation took ~195 ms with pglz and ~100 ms
-- with lz4 (measured side by side; docs/decisions/0004-job-queue.md). A server built without
-- lz4 (embedded PGlite is one) keeps pglz: the statement is then skipped, nothing else changes.
do $$
begin
  alter table import_details alter column items set compression lz4;
exception when feature_not_supported then
  null;
end $$;
