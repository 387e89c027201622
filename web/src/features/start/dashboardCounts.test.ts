import { describe, expect, it } from 'vitest';
import type { Profile } from '#contract/auth';
import {
  type CountSource,
  countSentences,
  countSourcePath,
  countSources,
  countTarget,
  startPageCounts,
} from './dashboardCounts';

const profileWithRoles = (...roleNames: string[]): Profile => ({
  id: 1,
  firstName: 'Rut',
  lastName: 'Östlund',
  previousLoginFound: true,
  userEngagements: [{ organizationId: 3, roles: roleNames.map((name) => ({ name, permissions: [] })) }],
});

const sourcesOf = (profile: Profile) => {
  const { tasks, information } = startPageCounts(profile);
  return { tasks: tasks.map((e) => e.source), information: information.map((e) => e.source) };
};

describe('which counts each group of roles sees (docs/product.md, "Roles and permissions")', () => {
  it.each([
    [
      'SupplierAgreementManager',
      ['EMPTY_PRICELISTS', 'DECLINED', 'NEW_OR_CHANGED'],
      ['getAgreementsChangedByCustomer', 'PENDING_APPROVAL', 'getPricelistRowsApprovedByCustomer'],
    ],
    [
      'CustomerAgreementManager',
      ['PENDING_APPROVAL', 'PENDING_INACTIVATION', 'getAgreementsToExtend'],
      ['getArticlesChanged'],
    ],
    ['CustomerAssortmentManager', [], ['getArticlesDiscontinued']],
    ['CustomerAssignedAssortmentManager', [], ['getArticlesDiscontinued']],
    ['Superadmin', [], []],
    ['supplieragreementmanager', [], []],
    ['Customeragreementmanager', [], []],
  ])('%s', (roleName, tasks, information) => {
    expect(sourcesOf(profileWithRoles(roleName))).toEqual({ tasks, information });
  });

  it('lists a count once when two roles give it', () => {
    const profile = profileWithRoles('CustomerAssortmentManager', 'CustomerAssignedAssortmentManager');
    expect(sourcesOf(profile)).toEqual({ tasks: [], information: ['getArticlesDiscontinued'] });
  });

  it('calls each list once even when it is both a task and information', () => {
    const { tasks, information } = startPageCounts(
      profileWithRoles('SupplierAgreementManager', 'CustomerAgreementManager'),
    );
    expect(tasks).toHaveLength(6);
    expect(information).toHaveLength(4);
    const sources = countSources([...tasks, ...information]);
    expect(sources.filter((source) => source === 'PENDING_APPROVAL')).toHaveLength(1);
    expect(sources).toHaveLength(9);
  });

  it('uses only the first engagement', () => {
    const profile: Profile = {
      ...profileWithRoles('CustomerAssignedAssortmentManager'),
      userEngagements: [
        { organizationId: 3, roles: [{ name: 'CustomerAssignedAssortmentManager', permissions: [] }] },
        { organizationId: 4, roles: [{ name: 'SupplierAgreementManager', permissions: [] }] },
      ],
    };
    expect(sourcesOf(profile)).toEqual({ tasks: [], information: ['getArticlesDiscontinued'] });
  });
});

describe('the call behind each count (docs/product.md, "Calls")', () => {
  it.each([
    ['EMPTY_PRICELISTS', 'organizations/7/agreements/getPricelistsFilteredBy/EMPTY_PRICELISTS'],
    ['DECLINED', 'organizations/7/agreements/getPricelistsFilteredBy/DECLINED'],
    ['NEW_OR_CHANGED', 'organizations/7/agreements/getPricelistsFilteredBy/NEW_OR_CHANGED'],
    ['PENDING_APPROVAL', 'organizations/7/agreements/getPricelistsFilteredBy/PENDING_APPROVAL'],
    ['PENDING_INACTIVATION', 'organizations/7/agreements/getPricelistsFilteredBy/PENDING_INACTIVATION'],
    ['getAgreementsChangedByCustomer', 'organizations/7/agreements/getAgreementsChangedByCustomer'],
    ['getAgreementsToExtend', 'organizations/7/agreements/getAgreementsToExtend'],
    ['getPricelistRowsApprovedByCustomer', 'organizations/7/agreements/getPricelistRowsApprovedByCustomer'],
    ['getArticlesChanged', 'organizations/7/agreements/getArticlesChanged'],
    ['getArticlesDiscontinued', 'organizations/7/assortments/getArticlesDiscontinued'],
  ] satisfies [CountSource, string][])('%s → %s', (source, path) => {
    expect(countSourcePath(7, source)).toBe(path);
  });
});

describe('count sentences', () => {
  const supplier = startPageCounts(profileWithRoles('SupplierAgreementManager'));
  const customer = startPageCounts(profileWithRoles('CustomerAgreementManager'));
  const assortment = startPageCounts(profileWithRoles('CustomerAssortmentManager'));

  it('reads each supplier count with its number, singular or plural', () => {
    expect(countSentences(supplier.tasks, { EMPTY_PRICELISTS: 2, DECLINED: 1, NEW_OR_CHANGED: 3 })).toEqual([
      'Du har 2 prislistor utan rader.',
      '1 prislista har avböjda rader.',
      '3 prislistor har nya eller ändrade avtalsrader.',
    ]);
    expect(countSentences(supplier.tasks, { EMPTY_PRICELISTS: 1, DECLINED: 2, NEW_OR_CHANGED: 1 })).toEqual([
      'Du har 1 prislista utan rader.',
      '2 prislistor har avböjda rader.',
      '1 prislista har nya eller ändrade avtalsrader.',
    ]);
    expect(
      countSentences(supplier.information, {
        getAgreementsChangedByCustomer: 1,
        PENDING_APPROVAL: 2,
        getPricelistRowsApprovedByCustomer: 12,
      }),
    ).toEqual([
      '1 avtal har ändrats av kunden.',
      '2 prislistor väntar på kundens godkännande.',
      '12 prislisterader har godkänts av kunden.',
    ]);
  });

  it('reads each customer count with its number, singular or plural', () => {
    expect(
      countSentences(customer.tasks, {
        PENDING_APPROVAL: 1,
        PENDING_INACTIVATION: 4,
        getAgreementsToExtend: 2,
      }),
    ).toEqual([
      'Du har 1 prislista att godkänna.',
      '4 prislistor väntar på inaktivering.',
      'Du har 2 avtal att förlänga.',
    ]);
    expect(
      countSentences(customer.tasks, {
        PENDING_APPROVAL: 3,
        PENDING_INACTIVATION: 1,
        getAgreementsToExtend: 1,
      }),
    ).toEqual([
      'Du har 3 prislistor att godkänna.',
      '1 prislista väntar på inaktivering.',
      'Du har 1 avtal att förlänga.',
    ]);
    expect(countSentences(customer.information, { getArticlesChanged: 1 })).toEqual([
      '1 artikel har ändrats av leverantören.',
    ]);
    expect(countSentences(customer.information, { getArticlesChanged: 5 })).toEqual([
      '5 artiklar har ändrats av leverantörerna.',
    ]);
    expect(countSentences(assortment.information, { getArticlesDiscontinued: 1 })).toEqual([
      '1 artikel i ditt utbud har utgått.',
    ]);
    expect(countSentences(assortment.information, { getArticlesDiscontinued: 3 })).toEqual([
      '3 artiklar i ditt utbud har utgått.',
    ]);
  });

  it('leaves out counts of zero and counts that are missing', () => {
    expect(countSentences(supplier.tasks, { EMPTY_PRICELISTS: 0, DECLINED: 2 })).toEqual([
      '2 prislistor har avböjda rader.',
    ]);
    expect(countSentences(customer.tasks, {})).toEqual([]);
  });
});

describe('where a count leads', () => {
  it('links agreement counts to Inköpsavtal and discontinued articles to Utbud', () => {
    expect(countTarget(7, 'DECLINED')).toBe('/v1/organization/7/agreement');
    expect(countTarget(7, 'getArticlesChanged')).toBe('/v1/organization/7/agreement');
    expect(countTarget(7, 'getArticlesDiscontinued')).toBe('/v1/organization/7/assortment');
  });
});
