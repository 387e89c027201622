-- The price-list page sorts its rows by article number, name or price and pages by keyset
-- (server/src/pricelists/pricelistPages.ts). Article numbers have their index already (the
-- unique key of articles); these two serve the other sorts, so a page 150,000 rows deep is read
-- from the index at the cursor, not sorted.
create index articles_org_name_idx on articles (organization_id, name, id);
create index pricelist_rows_price_idx on pricelist_rows (pricelist_id, price, id);
