-- Where an uploaded file's bytes are (docs/decisions/0010-uploaded-files-on-disk-and-retention.md).
-- On embedded PGlite they are a file under DATA_DIR/uploads named by `stored_file` (the database
-- runs on the API thread, and a 24 MB bytea held every request for seconds); on PostgreSQL they
-- stay in `content`. Once an ended import's retention time has passed, both are cleared and
-- `bytes_deleted_at` says when: the row, its size, the summary and the details stay.
alter table import_files alter column content drop not null;
alter table import_files add column stored_file text;
alter table import_files add column bytes_deleted_at timestamptz;
alter table import_files add constraint import_files_one_place
  check (num_nonnulls(content, stored_file) = case when bytes_deleted_at is null then 1 else 0 end);
