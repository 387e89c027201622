import { type PermissionName, permissions } from './permissions';

/**
 * The rules of API keys (docs/api-keys.md) both sides need. Nothing but the permission names, so the SPA's router
 * and menus can import it without pulling zod into the first bundle.
 */

/**
 * Who may hold keys, by any one of these: the suppliers who import price lists, and the regions'
 * users who read every supplier's prices (the change feed). A key acts as its user, so a region's
 * key can only read: its user may do nothing else.
 */
export const API_KEY_PERMISSIONS: readonly PermissionName[] = [
  permissions.productCreateOwn,
  permissions.generalPricelistViewAll,
];

/** Every secret starts so, which makes a leaked key easy to recognise (in a log, a repository). */
export const API_KEY_PREFIX = 'hmdb_';

export const apiKeyLimits = {
  /** Characters (code points) of a key's name. */
  nameMaxLength: 100,
  minExpiryDays: 1,
  maxExpiryDays: 365,
  defaultExpiryDays: 90,
} as const;
