/** The demo organisations, by the part each plays in the demo data. */
export type OrganizationKey = 'supplier' | 'otherSupplier' | 'region';

/**
 * What the core demo data (db/seed.ts) made, for the seeds that build on it (the agreement data
 * of dashboard/seed.ts). Its own module, so that neither seed imports the other's module back.
 */
export interface SeedContext {
  now: Date;
  organizations: Record<OrganizationKey, number>;
  users: Record<string, number>;
  /** Article ids by article number. */
  articles: Map<string, number>;
  pricelists: { past: number; current: number; future: number };
}
