import type { Profile } from '#contract/auth';
import { hasRole } from '../../api/profile';
import { startTexts } from './texts';

/**
 * Which counts of the start page a user sees (docs/product.md, "Roles and permissions") and the call behind each
 * (docs/product.md, "Calls"). Pure, so the rules are tested without a browser.
 */

export const pricelistFilters = [
  'EMPTY_PRICELISTS',
  'DECLINED',
  'NEW_OR_CHANGED',
  'PENDING_APPROVAL',
  'PENDING_INACTIVATION',
] as const;
export type PricelistFilter = (typeof pricelistFilters)[number];

export type CountSource =
  | PricelistFilter
  | 'getAgreementsChangedByCustomer'
  | 'getAgreementsToExtend'
  | 'getPricelistRowsApprovedByCustomer'
  | 'getArticlesChanged'
  | 'getArticlesDiscontinued';

/** The path of a count's list, relative to the API base. Every list is a JSON array. */
export function countSourcePath(organizationId: number, source: CountSource): string {
  const organization = `organizations/${organizationId}`;
  if ((pricelistFilters as readonly string[]).includes(source))
    return `${organization}/agreements/getPricelistsFilteredBy/${source}`;
  if (source === 'getArticlesDiscontinued') return `${organization}/assortments/${source}`;
  return `${organization}/agreements/${source}`;
}

export interface CountEntry {
  /** Unique within the start page; PENDING_APPROVAL is both a task and information. */
  key: keyof typeof startTexts.counts;
  source: CountSource;
}

const entry = (key: CountEntry['key'], source: CountSource): CountEntry => ({ key, source });

/** Groups of roles and their counts; role names compared case-sensitively (docs/product.md, "Roles and permissions"). */
const roleGroups: { roles: string[]; tasks: CountEntry[]; information: CountEntry[] }[] = [
  {
    roles: ['SupplierAgreementManager'],
    tasks: [
      entry('emptyPricelists', 'EMPTY_PRICELISTS'),
      entry('declined', 'DECLINED'),
      entry('newOrChanged', 'NEW_OR_CHANGED'),
    ],
    information: [
      entry('agreementsChangedByCustomer', 'getAgreementsChangedByCustomer'),
      entry('pendingApprovalInformation', 'PENDING_APPROVAL'),
      entry('pricelistRowsApprovedByCustomer', 'getPricelistRowsApprovedByCustomer'),
    ],
  },
  {
    roles: ['CustomerAgreementManager'],
    tasks: [
      entry('pendingApprovalTask', 'PENDING_APPROVAL'),
      entry('pendingInactivation', 'PENDING_INACTIVATION'),
      entry('agreementsToExtend', 'getAgreementsToExtend'),
    ],
    information: [entry('articlesChanged', 'getArticlesChanged')],
  },
  {
    roles: ['CustomerAssortmentManager', 'CustomerAssignedAssortmentManager'],
    tasks: [],
    information: [entry('articlesDiscontinued', 'getArticlesDiscontinued')],
  },
];

const unique = (entries: CountEntry[]) =>
  entries.filter((item, index) => entries.findIndex((other) => other.key === item.key) === index);

/** The task and information counts of the user's first engagement, in the order they are listed. */
export function startPageCounts(profile: Profile): { tasks: CountEntry[]; information: CountEntry[] } {
  const groups = roleGroups.filter((group) => group.roles.some((role) => hasRole(profile, role)));
  return {
    tasks: unique(groups.flatMap((group) => group.tasks)),
    information: unique(groups.flatMap((group) => group.information)),
  };
}

/** Every call the start page makes for these entries, each once. */
export const countSources = (entries: CountEntry[]): CountSource[] => [
  ...new Set(entries.map((item) => item.source)),
];

/**
 * Where a count's items are handled: the organisation's purchase agreements ("Inköpsavtal", the
 * price lists and rows of agreements, changed articles in them) or its assortments ("Utbud",
 * discontinued articles). Both are /v1 areas of the main menu.
 */
export function countTarget(organizationId: number, source: CountSource): string {
  const area = source === 'getArticlesDiscontinued' ? 'assortment' : 'agreement';
  return `/v1/organization/${organizationId}/${area}`;
}

/** The sentences to show, each with where it is handled: one per entry with a count above zero. */
export function countLinks(
  entries: CountEntry[],
  counts: Partial<Record<CountSource, number>>,
  organizationId: number,
): { text: string; to: string }[] {
  return entries.flatMap((item) => {
    const count = counts[item.source] ?? 0;
    return count > 0
      ? [{ text: startTexts.counts[item.key](count), to: countTarget(organizationId, item.source) }]
      : [];
  });
}

/** The sentences alone. */
export const countSentences = (
  entries: CountEntry[],
  counts: Partial<Record<CountSource, number>>,
): string[] => countLinks(entries, counts, 0).map((link) => link.text);
