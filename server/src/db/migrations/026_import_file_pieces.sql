-- An uploaded file's bytes on PostgreSQL, in pieces of about 1 MB written as the upload arrives
-- (docs/decisions/0054-uploads-stored-in-pieces.md): no 20 MB parameter and no whole file on the
-- API thread. `file` is the random name the import_files row gives in `stored_file`, as it names a
-- file on disk with PGlite. The pieces are written before the row that names them, so a crash
-- or a refused upload leaves pieces no row names; the retention removes them once an hour old.
-- A row written before this (bytes in `content`) is read as before.
create table import_file_pieces (
  file text not null,
  seq integer not null,
  bytes bytea not null,
  written_at timestamptz not null default now(),
  primary key (file, seq)
);
create index import_file_pieces_written_at on import_file_pieces (written_at);
-- The retention looks up pieces by the name a row gives.
create index import_files_stored_file on import_files (stored_file) where stored_file is not null;
