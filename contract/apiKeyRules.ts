import { type PermissionName, permissions } from './permissions';

/**
 * The rules of API keys (docs/api-keys.md) both sides need. Nothing but the permission names, so the SPA's router
 * and menus can import it without pulling zod into the first bundle.
 */

/** Who may hold keys: the suppliers who import price lists. */
export const API_KEY_PERMISSION: PermissionName = permissions.productCreateOwn;

/** Every secret starts so, which makes a leaked key easy to recognise (in a log, a repository). */
export const API_KEY_PREFIX = 'hmdb_';

export const apiKeyLimits = {
  /** Characters (code points) of a key's name. */
  nameMaxLength: 100,
  minExpiryDays: 1,
  maxExpiryDays: 365,
  defaultExpiryDays: 90,
} as const;
