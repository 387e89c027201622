import { API_KEY_PERMISSIONS } from '#contract/apiKeyRules';
import type { Profile } from '#contract/auth';
import { type PermissionName, permissions } from '#contract/permissions';
import type { GeneralPricelist } from '#contract/pricelists';
import { WEBHOOK_PERMISSIONS } from '#contract/webhookRules';
import { firstEngagement, hasPermission, hasRole } from '../../api/profile';
import { sv } from '../../ui/text/sv';
import { generalPricelistPath } from '../../ui/v1Paths';

/**
 * Which header entries a user sees and where they lead (docs/product.md, "Screens and routes"). Pure: the header and
 * the tests both read the rules from here.
 */

export type MainMenuKey =
  | 'search'
  | 'imports'
  | 'products'
  | 'generalPricelist'
  | 'agreements'
  | 'assortment'
  | 'organization'
  | 'administration'
  | 'categories';

export interface MenuLink<Key extends string = string> {
  key: Key;
  label: string;
  to: string;
}

export interface MenuItem<Key extends string = string> extends MenuLink<Key> {
  /** Paths (and everything below them) that make the item the active one. */
  activeFor: string[];
}

/** Role names are compared case-sensitively (docs/product.md, "Roles and permissions"). */
export const SUPERADMIN_ROLE = 'Superadmin';

const anyPermission = (profile: Profile, ...names: PermissionName[]) =>
  names.some((name) => hasPermission(profile, name));

/** The four-step target of "Generell prislista" (docs/product.md, "Screens and routes"). */
export function generalPricelistTarget(profile: Profile, generalPricelist: GeneralPricelist | null): string {
  const org = firstEngagement(profile)?.organizationId;
  if (generalPricelist) return generalPricelistPath(org, generalPricelist.id);
  if (hasPermission(profile, permissions.generalPricelistCreateOwn))
    return `/v1/organization/${org}/generalpricelist`;
  if (hasPermission(profile, permissions.generalPricelistViewAll)) return '/v1/generalpricelist';
  return `/v1/organization/${org}/generalpricelist/empty`;
}

/** True when the header needs the organisation's general price list to place "Generell prislista". */
export const showsGeneralPricelist = (profile: Profile) =>
  anyPermission(profile, permissions.generalPricelistView, permissions.generalPricelistViewAll);

/** The main menu in its fixed order, only the entries the first engagement allows. */
export function mainMenuItems(
  profile: Profile,
  generalPricelist: GeneralPricelist | null,
): MenuItem<MainMenuKey>[] {
  const org = firstEngagement(profile)?.organizationId;
  const own = `/v1/organization/${org}`;
  const text = sv.header.menu;
  const candidates: [boolean, MenuItem<MainMenuKey>][] = [
    [true, { key: 'search', label: text.search, to: '/v1/search', activeFor: ['/v1/search'] }],
    [
      hasPermission(profile, permissions.productCreateOwn),
      { key: 'imports', label: text.imports, to: '/import', activeFor: ['/import'] },
    ],
    [
      hasPermission(profile, permissions.productCreateOwn),
      {
        key: 'products',
        label: text.products,
        to: `${own}/product`,
        activeFor: [`${own}/product`, `${own}/article`],
      },
    ],
    [
      showsGeneralPricelist(profile),
      {
        key: 'generalPricelist',
        label: text.generalPricelist,
        to: generalPricelistTarget(profile, generalPricelist),
        activeFor: [`${own}/generalpricelist`, '/v1/generalpricelist'],
      },
    ],
    [
      hasPermission(profile, permissions.agreementViewOwn),
      { key: 'agreements', label: text.agreements, to: `${own}/agreement`, activeFor: [`${own}/agreement`] },
    ],
    [
      anyPermission(profile, permissions.assortmentView, permissions.assortmentViewAll),
      {
        key: 'assortment',
        label: text.assortment,
        to: `${own}/assortment`,
        activeFor: [`${own}/assortment`],
      },
    ],
    [
      hasPermission(profile, permissions.organizationView),
      {
        key: 'organization',
        label: text.organization,
        to: `${own}/handle`,
        activeFor: [`${own}/handle`, `${own}/user`],
      },
    ],
    [
      hasRole(profile, SUPERADMIN_ROLE),
      {
        key: 'administration',
        label: text.administration,
        to: '/v1/administration',
        activeFor: ['/v1/administration'],
      },
    ],
    [
      hasRole(profile, SUPERADMIN_ROLE),
      {
        key: 'categories',
        label: text.categories,
        to: '/v1/categoryadmin',
        activeFor: ['/v1/categoryadmin'],
      },
    ],
  ];
  return candidates.filter(([shown]) => shown).map(([, item]) => item);
}

export type UserMenuKey =
  | 'profile'
  | 'organization'
  | 'exportFile'
  | 'exportSettings'
  | 'priceChanges'
  | 'apiKeys'
  | 'webhooks';

/**
 * The user menu's links inside the application. "Hjälp" (the manual) and "Logga ut" follow
 * them and are always there. "Min organisation" leads to /v1/organization, the organisation
 * page of the separate application (a known path of docs/product.md, "Screens and routes");
 * "Prisändringar", "API-nycklar" and "Webhooks" to the shell's own pages (docs/api-changes.md,
 * docs/api-keys.md, docs/api-webhooks.md).
 */
export function userMenuItems(profile: Profile): MenuLink<UserMenuKey>[] {
  const org = firstEngagement(profile)?.organizationId;
  const text = sv.userMenu;
  const candidates: [boolean, MenuLink<UserMenuKey>][] = [
    [true, { key: 'profile', label: text.profile, to: '/v1/profile' }],
    [true, { key: 'organization', label: text.organization, to: '/v1/organization' }],
    [
      hasPermission(profile, permissions.exportSettingsViewOwn),
      { key: 'exportFile', label: text.exportFile, to: `/v1/organization/${org}/exportfile` },
    ],
    [
      hasPermission(profile, permissions.exportSettingsCreateAll),
      { key: 'exportSettings', label: text.exportSettings, to: '/v1/exportsettings' },
    ],
    [
      hasPermission(profile, permissions.generalPricelistViewAll),
      { key: 'priceChanges', label: text.priceChanges, to: '/prisandringar' },
    ],
    [
      anyPermission(profile, ...API_KEY_PERMISSIONS),
      { key: 'apiKeys', label: text.apiKeys, to: '/api-nycklar' },
    ],
    [
      anyPermission(profile, ...WEBHOOK_PERMISSIONS),
      { key: 'webhooks', label: text.webhooks, to: '/webhooks' },
    ],
  ];
  return candidates.filter(([shown]) => shown).map(([, item]) => item);
}

/** An item is active on its own paths and on every path below them. */
export const isActive = (item: MenuItem, pathname: string) =>
  item.activeFor.some((path) => pathname === path || pathname.startsWith(`${path}/`));
