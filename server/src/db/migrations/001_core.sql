-- Organisations, users and what they may do (docs/product.md, "Data the shell shows"; docs/product.md, "Roles and permissions").
create table organizations (
  id serial primary key,
  name text not null,
  kind text not null check (kind in ('SUPPLIER', 'CUSTOMER'))
);

create table users (
  id serial primary key,
  username text not null unique,
  email text not null,
  first_name text not null,
  last_name text not null,
  password_hash text not null,
  last_login_at timestamptz,
  created_at timestamptz not null default now()
);

create table roles (id serial primary key, name text not null unique);
create table permissions (id serial primary key, name text not null unique);
create table role_permissions (
  role_id integer not null references roles (id) on delete cascade,
  permission_id integer not null references permissions (id) on delete cascade,
  primary key (role_id, permission_id)
);

-- A user's engagements with organisations; the one with the lowest position is "the first".
create table engagements (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  organization_id integer not null references organizations (id),
  position integer not null default 0,
  unique (user_id, position)
);
create table engagement_roles (
  engagement_id integer not null references engagements (id) on delete cascade,
  role_id integer not null references roles (id) on delete cascade,
  primary key (engagement_id, role_id)
);

-- Sessions: the cookie holds a random id, the table only its SHA-256.
create table sessions (
  id_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  previous_login_found boolean not null
);
create index sessions_user_idx on sessions (user_id);

-- Failed logins per username (also unknown ones), for the lockout.
create table login_failures (
  id bigserial primary key,
  username text not null,
  failed_at timestamptz not null
);
create index login_failures_username_idx on login_failures (username, failed_at);

create table password_reset_tokens (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id, created_at);

-- Articles of a supplier.
create table articles (
  id serial primary key,
  organization_id integer not null references organizations (id),
  article_number text not null,
  name text not null,
  changed_at timestamptz,
  discontinued_at timestamptz,
  unique (organization_id, article_number)
);

-- A supplier's general price list and its price lists; PAST/CURRENT/FUTURE follow from valid_from.
create table general_pricelists (
  id serial primary key,
  organization_id integer not null unique references organizations (id)
);
create table pricelists (
  id serial primary key,
  general_pricelist_id integer not null references general_pricelists (id),
  number text not null,
  valid_from date not null,
  unique (general_pricelist_id, number)
);
create table pricelist_rows (
  id bigserial primary key,
  pricelist_id integer not null references pricelists (id) on delete cascade,
  article_id integer not null references articles (id),
  price numeric(14, 2) not null,
  minimum_order_quantity integer not null,
  delivery_time_days integer,
  warranty_quantity integer,
  warranty_unit text,
  warranty_valid_from text,
  warranty_terms text,
  unique (pricelist_id, article_id)
);

-- Imports: a row in a pending state is also a job (docs/decisions/0004-job-queue.md).
create table imports (
  id serial primary key,
  organization_id integer not null references organizations (id),
  type text not null,
  status text not null,
  created_at timestamptz not null,
  import_started_at timestamptz,
  imported_at timestamptz,
  file_name text not null,
  imported_by integer not null references users (id),
  general_pricelist_id integer references general_pricelists (id),
  pricelist_id integer references pricelists (id),
  summary jsonb,
  lease_owner text,
  lease_expires_at timestamptz,
  attempts integer not null default 0,
  updated_at timestamptz not null
);
create index imports_org_status_idx on imports (organization_id, status, created_at desc);
create index imports_org_started_idx on imports (organization_id, import_started_at desc);
create index imports_jobs_idx on imports (status, lease_expires_at) where status in ('VALIDATION_PENDING', 'IMPORT_PENDING');

create table import_files (
  import_id integer primary key references imports (id) on delete cascade,
  content bytea not null,
  size integer not null
);

-- Imports from the previous system (docs/product.md, "Data the shell shows").
create table legacy_import_statuses (
  unique_id text primary key,
  user_id integer not null references users (id) on delete cascade,
  read_status integer not null,
  import_start_date timestamptz,
  import_end_date timestamptz,
  file_name text not null
);

create table dynamic_texts (
  id integer primary key,
  html text not null
);
