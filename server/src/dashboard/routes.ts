import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AgreementItem,
  type ChangedArticleItem,
  type DiscontinuedArticleItem,
  type PricelistItem,
  type PricelistRowItem,
  permissions,
} from '#contract';
import type { AppDeps } from '../appDeps';
import { hasPermission } from '../auth/profile';
import { badRequest, forbidden } from '../errors';
import { swedishDateOf } from '../pricelists/calendar';
import { requireOwnOrganization } from '../pricelists/ownOrganization';
import { type AgreementScope, isPricelistFilter } from './lists';
import {
  agreementSideOf,
  agreementsChangedByCustomer,
  agreementsToExtend,
  articlesChanged,
  articlesDiscontinued,
  pricelistRowsApprovedByCustomer,
  pricelistsFilteredBy,
} from './queries';

interface OrganizationParams {
  organizationId: string;
}

/**
 * The lists behind the start-page counts (docs/dashboard-counts.md). Each is scoped to the
 * caller's own organisation (another one answers 404) and needs the permission of the menu item
 * it belongs to: agreement:view_own for agreements/*, assortment:view or assortment:view_all for
 * assortments/* (403 without it).
 */
export function dashboardRoutes(api: FastifyInstance, { db, clock }: AppDeps) {
  /** The caller's agreement scope, after the session, organisation and permission checks. */
  async function agreementScope(request: FastifyRequest<{ Params: OrganizationParams }>) {
    const auth = requireOwnOrganization(request, request.params.organizationId);
    if (!hasPermission(auth, permissions.agreementViewOwn)) throw forbidden();
    const scope: AgreementScope = {
      organizationId: auth.organizationId,
      side: await agreementSideOf(db, auth.organizationId),
    };
    const now = clock.now();
    return { scope, now, today: swedishDateOf(now) };
  }

  const agreementsPath = '/organizations/:organizationId/agreements';

  api.get<{ Params: OrganizationParams & { filter: string } }>(
    `${agreementsPath}/getPricelistsFilteredBy/:filter`,
    async (request): Promise<PricelistItem[]> => {
      const { scope, today } = await agreementScope(request);
      const { filter } = request.params;
      if (!isPricelistFilter(filter)) throw badRequest('Okänt filter för prislistor.');
      return pricelistsFilteredBy(db, scope, filter, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getAgreementsChangedByCustomer`,
    async (request): Promise<AgreementItem[]> => {
      const { scope, now, today } = await agreementScope(request);
      return agreementsChangedByCustomer(db, scope, now, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getAgreementsToExtend`,
    async (request): Promise<AgreementItem[]> => {
      const { scope, today } = await agreementScope(request);
      return agreementsToExtend(db, scope, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getPricelistRowsApprovedByCustomer`,
    async (request): Promise<PricelistRowItem[]> => {
      const { scope, now, today } = await agreementScope(request);
      return pricelistRowsApprovedByCustomer(db, scope, now, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getArticlesChanged`,
    async (request): Promise<ChangedArticleItem[]> => {
      const { scope, now, today } = await agreementScope(request);
      return articlesChanged(db, scope, now, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    '/organizations/:organizationId/assortments/getArticlesDiscontinued',
    async (request): Promise<DiscontinuedArticleItem[]> => {
      const auth = requireOwnOrganization(request, request.params.organizationId);
      // assortment:view alone = "assigned assortments": only those assigned to the user.
      let assignedTo: number | null;
      if (hasPermission(auth, permissions.assortmentViewAll)) assignedTo = null;
      else if (hasPermission(auth, permissions.assortmentView)) assignedTo = auth.userId;
      else throw forbidden();
      return articlesDiscontinued(db, auth.organizationId, assignedTo, clock.now());
    },
  );
}
