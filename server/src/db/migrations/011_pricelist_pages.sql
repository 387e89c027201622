-- The price-list pages. The rows page sorts its rows by article number, name or price and pages by keyset
-- (server/src/pricelists/pricelistPages.ts). Article numbers have their index already (the
-- unique key of articles); these two serve the other sorts, so a page 150,000 rows deep is read
-- from the index at the cursor, not sorted.
create index articles_org_name_idx on articles (organization_id, name, id);
create index pricelist_rows_price_idx on pricelist_rows (pricelist_id, price, id);

-- Each price list's row count, kept by statement-level triggers (one update per statement, not
-- per row), so the pages need not count 200,000 rows on every request.
alter table pricelists add column row_count integer not null default 0;
update pricelists p set row_count = (select count(*) from pricelist_rows r where r.pricelist_id = p.id);

create function pricelist_rows_counted() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update pricelists p set row_count = p.row_count + n.count
    from (select pricelist_id, count(*) as count from inserted_rows group by pricelist_id) n
    where p.id = n.pricelist_id;
  elsif tg_op = 'DELETE' then
    update pricelists p set row_count = p.row_count - o.count
    from (select pricelist_id, count(*) as count from deleted_rows group by pricelist_id) o
    where p.id = o.pricelist_id;
  else
    update pricelists set row_count = 0;
  end if;
  return null;
end $$;

create trigger pricelist_rows_inserted after insert on pricelist_rows
  referencing new table as inserted_rows for each statement execute function pricelist_rows_counted();
create trigger pricelist_rows_deleted after delete on pricelist_rows
  referencing old table as deleted_rows for each statement execute function pricelist_rows_counted();
create trigger pricelist_rows_truncated after truncate on pricelist_rows
  for each statement execute function pricelist_rows_counted();
