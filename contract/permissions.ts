/**
 * Every permission name the product knows (docs/product.md, "Roles and permissions"): the server
 * checks them, the SPA shows its menus and pages by them, the demo data grants them. A name
 * written anywhere else is a type error.
 */
export const permissionNames = [
  'product:create_own',
  'generalpricelist:view',
  'generalpricelist:view_all',
  'generalpricelist:create_own',
  'agreement:view_own',
  'organization:view',
  'exportsettings:view_own',
  'exportsettings:create_all',
  'assortment:view',
  'assortment:view_all',
] as const;

export type PermissionName = (typeof permissionNames)[number];

/** What the import pages and the import API need: the supplier's own products and price lists. */
export const IMPORT_PERMISSION: PermissionName = 'product:create_own';
