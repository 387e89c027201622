-- Agreements and assortments: the data behind the start-page counts (docs/dashboard-counts.md).
-- The /v1 application owns their screens; the shell only reads them.

-- A purchase agreement between a supplier and a customer (a region).
create table agreements (
  id serial primary key,
  supplier_organization_id integer not null references organizations (id),
  customer_organization_id integer not null references organizations (id),
  agreement_number text not null,
  name text not null,
  valid_from date not null,
  valid_to date not null,
  -- When the customer last changed the agreement (terms, dates, contacts); null when never.
  changed_by_customer_at timestamptz,
  check (valid_to >= valid_from),
  check (supplier_organization_id <> customer_organization_id),
  unique (customer_organization_id, agreement_number)
);
create index agreements_supplier_idx on agreements (supplier_organization_id, valid_to);
create index agreements_customer_idx on agreements (customer_organization_id, valid_to);

-- An agreement's price lists (not the supplier's general price list).
create table agreement_pricelists (
  id serial primary key,
  agreement_id integer not null references agreements (id) on delete cascade,
  number text not null,
  valid_from date not null,
  unique (agreement_id, number)
);

-- A row goes CREATED/CHANGED (supplier edits) -> PENDING_APPROVAL (sent to the customer) ->
-- ACTIVE (approved) or DECLINED; an ACTIVE row goes PENDING_INACTIVATION -> INACTIVE.
create table agreement_pricelist_rows (
  id bigserial primary key,
  agreement_pricelist_id integer not null references agreement_pricelists (id) on delete cascade,
  article_id integer not null references articles (id),
  price numeric(14, 2) not null,
  status text not null check (
    status in ('CREATED', 'CHANGED', 'PENDING_APPROVAL', 'ACTIVE', 'DECLINED', 'PENDING_INACTIVATION', 'INACTIVE')
  ),
  created_at timestamptz not null,
  status_changed_at timestamptz not null,
  -- When the customer approved the row (it became ACTIVE); null until then.
  approved_at timestamptz,
  unique (agreement_pricelist_id, article_id)
);
create index agreement_pricelist_rows_status_idx on agreement_pricelist_rows (agreement_pricelist_id, status);
create index agreement_pricelist_rows_article_idx on agreement_pricelist_rows (article_id);

-- A customer's assortment (utbud): the articles it offers.
create table assortments (
  id serial primary key,
  customer_organization_id integer not null references organizations (id),
  name text not null
);
create index assortments_customer_idx on assortments (customer_organization_id);

create table assortment_articles (
  assortment_id integer not null references assortments (id) on delete cascade,
  article_id integer not null references articles (id),
  primary key (assortment_id, article_id)
);
create index assortment_articles_article_idx on assortment_articles (article_id);

-- The users an assortment is assigned to: with assortment:view (not view_all) a user sees only these.
create table assortment_managers (
  assortment_id integer not null references assortments (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  primary key (assortment_id, user_id)
);
create index assortment_managers_user_idx on assortment_managers (user_id);
