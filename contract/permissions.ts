/**
 * Every permission the product knows (docs/product.md, "Roles and permissions"), by what it
 * allows: the server checks them, the SPA shows its menus and pages by them, the demo data
 * grants them. Code names a permission through this object, never by its string; any other
 * name is a type error.
 */
export const permissions = {
  productCreateOwn: 'product:create_own',
  generalPricelistView: 'generalpricelist:view',
  generalPricelistViewAll: 'generalpricelist:view_all',
  generalPricelistCreateOwn: 'generalpricelist:create_own',
  agreementViewOwn: 'agreement:view_own',
  organizationView: 'organization:view',
  exportSettingsViewOwn: 'exportsettings:view_own',
  exportSettingsCreateAll: 'exportsettings:create_all',
  assortmentView: 'assortment:view',
  assortmentViewAll: 'assortment:view_all',
} as const;

export type PermissionName = (typeof permissions)[keyof typeof permissions];

export const permissionNames: readonly PermissionName[] = Object.values(permissions);

/** What the import pages and the import API need: the supplier's own products and price lists. */
export const IMPORT_PERMISSION: PermissionName = permissions.productCreateOwn;
