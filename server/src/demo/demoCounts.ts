/**
 * What each start-page list answers for each demo user right after the demo data is loaded
 * (docs/dashboard-counts.md explains each number). Pure data without imports, so the end-to-end
 * tests can use it too. Paths are relative to `/resources/v1/organizations/{organizationId}/`.
 * A path missing for a user answers 403: the user lacks the permission (see the doc).
 */
export const dashboardListPaths = [
  'agreements/getPricelistsFilteredBy/EMPTY_PRICELISTS',
  'agreements/getPricelistsFilteredBy/DECLINED',
  'agreements/getPricelistsFilteredBy/NEW_OR_CHANGED',
  'agreements/getPricelistsFilteredBy/PENDING_APPROVAL',
  'agreements/getPricelistsFilteredBy/PENDING_INACTIVATION',
  'agreements/getAgreementsChangedByCustomer',
  'agreements/getAgreementsToExtend',
  'agreements/getPricelistRowsApprovedByCustomer',
  'agreements/getArticlesChanged',
  'assortments/getArticlesDiscontinued',
] as const;
export type DashboardListPath = (typeof dashboardListPaths)[number];

type AgreementListPath = Exclude<DashboardListPath, 'assortments/getArticlesDiscontinued'>;

/** Hjälpmedel Demo AB as the supplier of its agreements with Region Demo. */
const demoSupplier: Record<AgreementListPath, number> = {
  'agreements/getPricelistsFilteredBy/EMPTY_PRICELISTS': 2,
  'agreements/getPricelistsFilteredBy/DECLINED': 3,
  'agreements/getPricelistsFilteredBy/NEW_OR_CHANGED': 4,
  'agreements/getPricelistsFilteredBy/PENDING_APPROVAL': 5,
  'agreements/getPricelistsFilteredBy/PENDING_INACTIVATION': 2,
  'agreements/getAgreementsChangedByCustomer': 1,
  'agreements/getAgreementsToExtend': 1,
  'agreements/getPricelistRowsApprovedByCustomer': 6,
  'agreements/getArticlesChanged': 5,
};

export const expectedDemoCounts: Record<string, Partial<Record<DashboardListPath, number>>> = {
  'lev.admin': demoSupplier,
  'lev.ny': demoSupplier,
  // Its one agreement (with Region Demo) holds nothing a supplier's start page shows.
  'lev2.admin': {
    'agreements/getPricelistsFilteredBy/EMPTY_PRICELISTS': 0,
    'agreements/getPricelistsFilteredBy/DECLINED': 0,
    'agreements/getPricelistsFilteredBy/NEW_OR_CHANGED': 0,
    'agreements/getPricelistsFilteredBy/PENDING_APPROVAL': 0,
    'agreements/getPricelistsFilteredBy/PENDING_INACTIVATION': 1,
    'agreements/getAgreementsChangedByCustomer': 0,
    'agreements/getAgreementsToExtend': 1,
    'agreements/getPricelistRowsApprovedByCustomer': 0,
    'agreements/getArticlesChanged': 2,
  },
  // Region Demo as the customer of both suppliers' agreements.
  'region.avtal': {
    'agreements/getPricelistsFilteredBy/EMPTY_PRICELISTS': 2,
    'agreements/getPricelistsFilteredBy/DECLINED': 3,
    'agreements/getPricelistsFilteredBy/NEW_OR_CHANGED': 4,
    'agreements/getPricelistsFilteredBy/PENDING_APPROVAL': 5,
    'agreements/getPricelistsFilteredBy/PENDING_INACTIVATION': 3,
    'agreements/getAgreementsChangedByCustomer': 1,
    'agreements/getAgreementsToExtend': 2,
    'agreements/getPricelistRowsApprovedByCustomer': 6,
    'agreements/getArticlesChanged': 7,
  },
  // Every assortment of Region Demo.
  'region.utbud': { 'assortments/getArticlesDiscontinued': 6 },
  // Only the assortments assigned to the user.
  'region.tilldelat': { 'assortments/getArticlesDiscontinued': 3 },
  // Hjälpmedel Demo AB is a supplier: it has no assortments.
  superadmin: { 'assortments/getArticlesDiscontinued': 0 },
};
