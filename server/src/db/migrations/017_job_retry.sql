-- A job that failed for a reason that may pass (a lost connection, a serialization failure, a
-- deadlock, a worker thread that died) is claimed again only after this time, with a growing
-- back-off (docs/decisions/0032-worker-seams-and-job-retries.md). Null: claimable at once.
alter table imports add column run_after timestamptz;
