-- The "Pågående" list (polled every 5 s by every open /import page) reads the newest open imports.
-- With the statuses in the index predicate, PostgreSQL walks the index in order and stops after
-- `limit` rows instead of reading every open import and sorting (1 ms → 0.04 ms at 4,000 open).
create index imports_open_idx on imports (organization_id, created_at desc, id desc)
  where status in ('VALIDATION_PENDING', 'VALIDATION_SUCCESS', 'VALIDATION_FAIL', 'VALIDATION_ERROR',
                   'IMPORT_PENDING', 'IMPORT_FAIL', 'IMPORT_ERROR');
