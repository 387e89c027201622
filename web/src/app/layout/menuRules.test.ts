import { describe, expect, it } from 'vitest';
import type { Profile, Role } from '#contract/auth';
import { permissionNames, permissions } from '#contract/permissions';
import { generalPricelistTarget, isActive, mainMenuItems, userMenuItems } from './menuRules';

const ORG = 17;

const allPermissions = permissionNames;

const role = (name: string, names: readonly string[]): Role => ({
  name,
  permissions: names.map((p) => ({ name: p })),
});

const profileWith = (roles: Role[], laterEngagements: Role[][] = []): Profile => ({
  id: 1,
  firstName: 'Lena',
  lastName: 'Lindqvist',
  previousLoginFound: true,
  userEngagements: [
    { organizationId: ORG, roles },
    ...laterEngagements.map((r, i) => ({ organizationId: 100 + i, roles: r })),
  ],
});

/** docs/product.md, "Screens and routes"'s table, written out on its own so the rules are checked against it. */
const expectedMainMenu: [string, (permissions: Set<string>, roleName: string) => boolean][] = [
  ['Sök', () => true],
  ['Inläsningar', (p) => p.has(permissions.productCreateOwn)],
  ['Produkter & artiklar', (p) => p.has(permissions.productCreateOwn)],
  [
    'Generell prislista',
    (p) => p.has(permissions.generalPricelistView) || p.has(permissions.generalPricelistViewAll),
  ],
  ['Inköpsavtal', (p) => p.has(permissions.agreementViewOwn)],
  ['Utbud', (p) => p.has(permissions.assortmentView) || p.has(permissions.assortmentViewAll)],
  ['Organisation', (p) => p.has(permissions.organizationView)],
  ['Administration', (_p, r) => r === 'Superadmin'],
  ['Kategorier', (_p, r) => r === 'Superadmin'],
];

const expectedUserMenu: [string, (permissions: Set<string>) => boolean][] = [
  ['Min profil', () => true],
  ['Min organisation', () => true],
  ['Exportfil', (p) => p.has(permissions.exportSettingsViewOwn)],
  ['Exportinställningar', (p) => p.has(permissions.exportSettingsCreateAll)],
  ['Prisändringar', (p) => p.has(permissions.generalPricelistViewAll)],
  ['API-nycklar', (p) => p.has(permissions.productCreateOwn) || p.has(permissions.generalPricelistViewAll)],
  ['Webhooks', (p) => p.has(permissions.productCreateOwn) || p.has(permissions.generalPricelistViewAll)],
];

const subsets = <T>(items: readonly T[]): T[][] =>
  items.reduce<T[][]>((all, item) => all.concat(all.map((subset) => [...subset, item])), [[]]);

const roleNames = ['SupplierAgreementManager', 'Superadmin', 'superadmin', 'SUPERADMIN', 'Superadmin '];

describe('main menu and user menu over every permission and role combination', () => {
  const combinations = subsets(allPermissions).flatMap((names) =>
    roleNames.map((roleName) => ({ names, roleName })),
  );

  it(`covers all ${combinations.length} combinations`, () => {
    expect(combinations).toHaveLength(2 ** allPermissions.length * roleNames.length);
    for (const { names, roleName } of combinations) {
      const profile = profileWith([role(roleName, names)]);
      const granted = new Set<string>(names);
      const context = `${roleName} with [${names.join(', ')}]`;
      expect(
        mainMenuItems(profile, null).map((item) => item.label),
        context,
      ).toEqual(expectedMainMenu.filter(([, shown]) => shown(granted, roleName)).map(([label]) => label));
      expect(
        userMenuItems(profile).map((item) => item.label),
        context,
      ).toEqual(expectedUserMenu.filter(([, shown]) => shown(granted)).map(([label]) => label));
    }
  });

  it('reads permissions from every role of the first engagement', () => {
    const profile = profileWith([role('A', [permissions.productCreateOwn]), role('Superadmin', [])]);
    expect(mainMenuItems(profile, null).map((item) => item.key)).toEqual([
      'search',
      'imports',
      'products',
      'administration',
      'categories',
    ]);
  });

  it('ignores every engagement but the first', () => {
    const profile = profileWith(
      [role('CustomerAssignedAssortmentManager', [permissions.assortmentView])],
      [[role('Superadmin', allPermissions)]],
    );
    expect(mainMenuItems(profile, null).map((item) => item.label)).toEqual(['Sök', 'Utbud']);
    expect(userMenuItems(profile).map((item) => item.label)).toEqual(['Min profil', 'Min organisation']);
  });

  it('shows only Sök to a profile without engagements', () => {
    const profile: Profile = { ...profileWith([]), userEngagements: [] };
    expect(mainMenuItems(profile, null).map((item) => item.label)).toEqual(['Sök']);
  });
});

describe('menu targets', () => {
  const everything = profileWith([role('Superadmin', allPermissions)]);

  it('leads every main menu item to its page of the first engagement', () => {
    expect(
      Object.fromEntries(mainMenuItems(everything, { id: 5 }).map((item) => [item.key, item.to])),
    ).toEqual({
      search: '/v1/search',
      imports: '/import',
      products: `/v1/organization/${ORG}/product`,
      generalPricelist: `/v1/organization/${ORG}/generalpricelist/5`,
      agreements: `/v1/organization/${ORG}/agreement`,
      assortment: `/v1/organization/${ORG}/assortment`,
      organization: `/v1/organization/${ORG}/handle`,
      administration: '/v1/administration',
      categories: '/v1/categoryadmin',
    });
  });

  it('leads every user menu link to its page', () => {
    expect(Object.fromEntries(userMenuItems(everything).map((item) => [item.key, item.to]))).toEqual({
      profile: '/v1/profile',
      organization: '/v1/organization',
      exportFile: `/v1/organization/${ORG}/exportfile`,
      exportSettings: '/v1/exportsettings',
      priceChanges: '/prisandringar',
      apiKeys: '/api-nycklar',
      webhooks: '/webhooks',
    });
  });
});

describe('target of "Generell prislista" (four steps)', () => {
  const withPermissions = (...names: string[]) => profileWith([role('R', names)]);

  it.each([
    [
      '1. an existing general price list wins over every permission',
      withPermissions(
        permissions.generalPricelistView,
        permissions.generalPricelistCreateOwn,
        permissions.generalPricelistViewAll,
      ),
      { id: 42 },
      `/v1/organization/${ORG}/generalpricelist/42`,
    ],
    [
      '2. none exists: create_own gives the create page',
      withPermissions(
        permissions.generalPricelistView,
        permissions.generalPricelistCreateOwn,
        permissions.generalPricelistViewAll,
      ),
      null,
      `/v1/organization/${ORG}/generalpricelist`,
    ],
    [
      '3. none exists, no create_own: view_all gives the list of all',
      withPermissions(permissions.generalPricelistView, permissions.generalPricelistViewAll),
      null,
      '/v1/generalpricelist',
    ],
    [
      '4. otherwise the empty page',
      withPermissions(permissions.generalPricelistView),
      null,
      `/v1/organization/${ORG}/generalpricelist/empty`,
    ],
  ])('%s', (_name, profile, generalPricelist, target) => {
    expect(generalPricelistTarget(profile, generalPricelist)).toBe(target);
    expect(mainMenuItems(profile, generalPricelist).find((item) => item.key === 'generalPricelist')?.to).toBe(
      target,
    );
  });
});

describe('active item', () => {
  const items = mainMenuItems(profileWith([role('Superadmin', allPermissions)]), { id: 5 });
  const activeAt = (pathname: string) =>
    items.filter((item) => isActive(item, pathname)).map((item) => item.key);

  it.each([
    ['/', []],
    ['/start', []],
    ['/import', ['imports']],
    ['/import/12', ['imports']],
    ['/import/legacy/legacy-0001', ['imports']],
    ['/importer', []],
    ['/v1/search', ['search']],
    [`/v1/organization/${ORG}/product/3/handle`, ['products']],
    [`/v1/organization/${ORG}/article/9/handle`, ['products']],
    [`/v1/organization/${ORG}/generalpricelist/5`, ['generalPricelist']],
    [`/v1/organization/${ORG}/generalpricelist/5/pricelist/2`, ['generalPricelist']],
    ['/v1/generalpricelist', ['generalPricelist']],
    [`/v1/organization/${ORG}/agreement/4/handle`, ['agreements']],
    [`/v1/organization/${ORG}/assortment`, ['assortment']],
    [`/v1/organization/${ORG}/handle`, ['organization']],
    [`/v1/organization/${ORG}/user/8/handle`, ['organization']],
    [`/v1/organization/${ORG + 1}/handle`, []],
    ['/v1/administration', ['administration']],
    ['/v1/categoryadmin', ['categories']],
    ['/v1/profile', []],
  ])('%s highlights %j', (pathname, expected) => {
    expect(activeAt(pathname)).toEqual(expected);
  });
});
