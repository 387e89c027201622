import { sql, type Transaction } from 'kysely';
import { type PermissionName, permissions } from '#contract/permissions';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { seedAgreementData } from './agreements';
import type { OrganizationKey, SeedContext } from './seedContext';

/** Every demo user's password (docs/product.md, "Demo data"). */
export const DEMO_PASSWORD = 'Demo-Losen-2026';

const rolePermissions: Record<string, PermissionName[]> = {
  SupplierAgreementManager: [
    permissions.productCreateOwn,
    permissions.generalPricelistView,
    permissions.generalPricelistCreateOwn,
    permissions.agreementViewOwn,
    permissions.organizationView,
    permissions.exportSettingsViewOwn,
  ],
  CustomerAgreementManager: [
    permissions.agreementViewOwn,
    permissions.generalPricelistViewAll,
    permissions.organizationView,
    permissions.exportSettingsViewOwn,
  ],
  CustomerAssortmentManager: [
    permissions.assortmentViewAll,
    permissions.generalPricelistViewAll,
    permissions.organizationView,
  ],
  CustomerAssignedAssortmentManager: [permissions.assortmentView, permissions.organizationView],
  Superadmin: [
    permissions.generalPricelistViewAll,
    permissions.assortmentViewAll,
    permissions.organizationView,
    permissions.exportSettingsCreateAll,
  ],
};

export const demoUsers: {
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  organization: OrganizationKey;
  loggedInBefore: boolean;
}[] = [
  {
    username: 'lev.admin',
    firstName: 'Lena',
    lastName: 'Lindqvist',
    role: 'SupplierAgreementManager',
    organization: 'supplier',
    loggedInBefore: true,
  },
  {
    username: 'lev.ny',
    firstName: 'Nils',
    lastName: 'Nyström',
    role: 'SupplierAgreementManager',
    organization: 'supplier',
    loggedInBefore: false,
  },
  {
    username: 'lev2.admin',
    firstName: 'Anna',
    lastName: 'Åberg',
    role: 'SupplierAgreementManager',
    organization: 'otherSupplier',
    loggedInBefore: true,
  },
  {
    username: 'region.avtal',
    firstName: 'Rut',
    lastName: 'Östlund',
    role: 'CustomerAgreementManager',
    organization: 'region',
    loggedInBefore: true,
  },
  {
    username: 'region.utbud',
    firstName: 'Ulf',
    lastName: 'Ängström',
    role: 'CustomerAssortmentManager',
    organization: 'region',
    loggedInBefore: true,
  },
  {
    username: 'region.tilldelat',
    firstName: 'Tove',
    lastName: 'Törnqvist',
    role: 'CustomerAssignedAssortmentManager',
    organization: 'region',
    loggedInBefore: true,
  },
  {
    username: 'superadmin',
    firstName: 'Sara',
    lastName: 'Sjöberg',
    role: 'Superadmin',
    organization: 'supplier',
    loggedInBefore: true,
  },
];

const DAY = 24 * 60 * 60 * 1000;

export const articleNumber = (prefix: string, index: number) => `${prefix}-${String(index).padStart(4, '0')}`;

const articleNames = [
  'Rullstol',
  'Rollator',
  'Hörapparat',
  'Duschstol',
  'Gånghjälpmedel',
  'Lyftsele',
  'Förhöjningsdyna',
  'Räckviddsförlängare',
];

/** True when the database holds no users yet. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** Empties every table and loads the demo data of docs/product.md, "Demo data", in one transaction. */
export async function seedDemoData(db: Database, now = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await truncateAll(trx);
    const context = await seedCore(trx, now, passwordHash);
    await seedAgreementData(trx, context);
  });
}

async function truncateAll(trx: Transaction<DB>) {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'`.execute(
    trx,
  );
  if (tables.rows.length === 0) return;
  const names = tables.rows.map((row) => sql.id(row.table_name));
  await sql`truncate ${sql.join(names)} restart identity cascade`.execute(trx);
}

/**
 * The demo data every page builds on. The steps run in this order, so every id (serial) comes
 * out the same on every seed: the tests and the docs name them.
 */
async function seedCore(trx: Transaction<DB>, now: Date, passwordHash: string): Promise<SeedContext> {
  const organizations = await insertOrganizations(trx);
  const roleId = await insertRoles(trx);
  const users = await insertUsers(trx, now, passwordHash, organizations, roleId);
  const articles = await insertArticles(trx, organizations);
  const pricelists = await insertPricelists(trx, now, organizations, articles);
  await insertLegacyImportStatuses(trx, now, users);
  await insertDynamicTexts(trx);
  return { now, organizations, users, articles, pricelists };
}

async function insertOrganizations(trx: Transaction<DB>): Promise<SeedContext['organizations']> {
  const org = async (name: string, kind: 'SUPPLIER' | 'CUSTOMER', organizationNumber: string | null = null) =>
    (
      await trx
        .insertInto('organizations')
        .values({ name, kind, organization_number: organizationNumber })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    // A made-up number with a valid check digit; the other supplier has none (its catalogue names no number).
    supplier: await org('Hjälpmedel Demo AB', 'SUPPLIER', '5599000006'),
    otherSupplier: await org('Annan Leverantör AB', 'SUPPLIER'),
    region: await org('Region Demo', 'CUSTOMER'),
  };
}

/** The permissions and the roles that hold them; returns each role's id by name. */
async function insertRoles(trx: Transaction<DB>): Promise<Map<string, number>> {
  const permissionNames = [...new Set(Object.values(rolePermissions).flat())];
  const permissions = await trx
    .insertInto('permissions')
    .values(permissionNames.map((name) => ({ name })))
    .returning(['id', 'name'])
    .execute();
  const permissionId = new Map(permissions.map((p) => [p.name, p.id]));
  const roleId = new Map<string, number>();
  for (const [name, names] of Object.entries(rolePermissions)) {
    const role = await trx.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow();
    roleId.set(name, role.id);
    await trx
      .insertInto('role_permissions')
      .values(names.map((p) => ({ role_id: role.id, permission_id: permissionId.get(p)! })))
      .execute();
  }
  return roleId;
}

/** The demo users, each engaged in its organisation with its role; returns their ids by username. */
async function insertUsers(
  trx: Transaction<DB>,
  now: Date,
  passwordHash: string,
  organizations: SeedContext['organizations'],
  roleId: Map<string, number>,
): Promise<Record<string, number>> {
  const users: Record<string, number> = {};
  for (const user of demoUsers) {
    const { id } = await trx
      .insertInto('users')
      .values({
        username: user.username,
        email: `${user.username}@example.se`,
        first_name: user.firstName,
        last_name: user.lastName,
        password_hash: passwordHash,
        last_login_at: user.loggedInBefore ? new Date(now.getTime() - 2 * DAY) : null,
        created_at: new Date(now.getTime() - 400 * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users[user.username] = id;
    const engagement = await trx
      .insertInto('engagements')
      .values({ user_id: id, organization_id: organizations[user.organization], position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('engagement_roles')
      .values({ engagement_id: engagement.id, role_id: roleId.get(user.role)! })
      .execute();
  }
  return users;
}

/** 500 articles of the demo supplier (HMD-…) and 50 of the other (ANN-…); their ids by article number. */
async function insertArticles(
  trx: Transaction<DB>,
  organizations: SeedContext['organizations'],
): Promise<Map<string, number>> {
  const articles = new Map<string, number>();
  const addArticles = async (organizationId: number, prefix: string, count: number) => {
    const values = Array.from({ length: count }, (_, i) => ({
      organization_id: organizationId,
      article_number: articleNumber(prefix, i + 1),
      name: `${articleNames[i % articleNames.length]} ${prefix} ${i + 1}`,
    }));
    const rows = await trx
      .insertInto('articles')
      .values(values)
      .returning(['id', 'article_number'])
      .execute();
    for (const row of rows) articles.set(row.article_number, row.id);
  };
  await addArticles(organizations.supplier, 'HMD', 500);
  await addArticles(organizations.otherSupplier, 'ANN', 50);
  return articles;
}

/** The supplier's general price list: a past, a current (400 rows) and a future (100 rows) price list. */
async function insertPricelists(
  trx: Transaction<DB>,
  now: Date,
  organizations: SeedContext['organizations'],
  articles: Map<string, number>,
): Promise<SeedContext['pricelists']> {
  const generalPricelist = await trx
    .insertInto('general_pricelists')
    .values({ organization_id: organizations.supplier })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pricelist = async (number: string, validFrom: Date) =>
    (
      await trx
        .insertInto('pricelists')
        .values({
          general_pricelist_id: generalPricelist.id,
          number,
          valid_from: validFrom.toISOString().slice(0, 10),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const pricelists = {
    past: await pricelist('1', new Date(now.getTime() - 365 * DAY)),
    current: await pricelist('2', new Date(now.getTime() - 30 * DAY)),
    future: await pricelist('3', new Date(now.getTime() + 60 * DAY)),
  };
  await insertPricelistRows(trx, articles, pricelists.current, 400);
  await insertPricelistRows(trx, articles, pricelists.future, 100);
  return pricelists;
}

/** The first `count` HMD articles as rows of the price list, in batches of 500. */
async function insertPricelistRows(
  trx: Transaction<DB>,
  articles: Map<string, number>,
  pricelistId: number,
  count: number,
) {
  const values = Array.from({ length: count }, (_, i) => ({
    pricelist_id: pricelistId,
    article_id: articles.get(articleNumber('HMD', i + 1))!,
    price: (100 + (i + 1) * 2.5).toFixed(2),
    minimum_order_quantity: 1 + (i % 5),
    delivery_time_days: 5 + (i % 10),
    warranty_quantity: i % 3 === 0 ? null : 1 + (i % 4),
    warranty_unit: i % 3 === 0 ? null : 'År',
    warranty_valid_from: i % 3 === 0 ? null : 'Leveransdatum',
    warranty_terms: null,
  }));
  for (let start = 0; start < values.length; start += 500) {
    await trx
      .insertInto('pricelist_rows')
      .values(values.slice(start, start + 500))
      .execute();
  }
}

/** Three imports of the old system, as its status list shows them to lev.admin. */
async function insertLegacyImportStatuses(trx: Transaction<DB>, now: Date, users: Record<string, number>) {
  const legacy = [
    { unique_id: 'legacy-0001', read_status: 1, file_name: 'prislista_2024_host.xlsx', daysAgo: 200 },
    { unique_id: 'legacy-0002', read_status: 2, file_name: 'prislista_2024_var.xls', daysAgo: 150 },
    { unique_id: 'legacy-0003', read_status: 0, file_name: 'artiklar_import.xlsx', daysAgo: 100 },
  ];
  await trx
    .insertInto('legacy_import_statuses')
    .values(
      legacy.map(({ daysAgo, ...row }) => ({
        ...row,
        user_id: users['lev.admin']!,
        import_start_date: new Date(now.getTime() - daysAgo * DAY),
        import_end_date: row.read_status === 0 ? null : new Date(now.getTime() - daysAgo * DAY + 60_000),
      })),
    )
    .execute();
}

/** The start page's texts: the news, the welcome and the links. */
async function insertDynamicTexts(trx: Transaction<DB>) {
  await trx
    .insertInto('dynamic_texts')
    .values([
      {
        id: 1,
        html:
          '<h3>Ny version av Hjälpmedelsdatabasen</h3><p>Leverantörer kan nu läsa in sin generella prislista som Excel-fil under <strong>Inläsningar</strong> i huvudmenyn. ' +
          'Ladda ner mallen i dialogen Läs in fil, fyll i raderna och läs in filen.</p><p>Läs mer i <a href="https://www.inera.se/tjanster/hjalpmedelstjansten/">manualen</a>.</p>',
      },
      { id: 2, html: '<p>Välkommen till Hjälpmedelsdatabasen.</p>' },
      { id: 3, html: '<ul><li><a href="https://www.inera.se/">Inera</a></li></ul>' },
    ])
    .execute();
}
