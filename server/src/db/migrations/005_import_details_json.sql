-- The chunks of import_details are written whole and read whole, never queried inside: json
-- keeps the text as written, where jsonb would parse and rebuild it. Measured on a
-- 200,000-row validation (58,000 changes, 116 chunks): storing took ~550 ms as jsonb and
-- ~250 ms as json (measured side by side; docs/decisions/0004-job-queue.md).
alter table import_details alter column items type json using items::json;
