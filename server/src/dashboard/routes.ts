import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    if (!hasPermission(auth, 'agreement:view_own')) throw forbidden();
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
    async (request) => {
      const { scope, today } = await agreementScope(request);
      const { filter } = request.params;
      if (!isPricelistFilter(filter)) throw badRequest('Okänt filter för prislistor.');
      return pricelistsFilteredBy(db, scope, filter, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getAgreementsChangedByCustomer`,
    async (request) => {
      const { scope, now, today } = await agreementScope(request);
      return agreementsChangedByCustomer(db, scope, now, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(`${agreementsPath}/getAgreementsToExtend`, async (request) => {
    const { scope, today } = await agreementScope(request);
    return agreementsToExtend(db, scope, today);
  });

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getPricelistRowsApprovedByCustomer`,
    async (request) => {
      const { scope, now, today } = await agreementScope(request);
      return pricelistRowsApprovedByCustomer(db, scope, now, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(`${agreementsPath}/getArticlesChanged`, async (request) => {
    const { scope, now, today } = await agreementScope(request);
    return articlesChanged(db, scope, now, today);
  });

  api.get<{ Params: OrganizationParams }>(
    '/organizations/:organizationId/assortments/getArticlesDiscontinued',
    async (request) => {
      const auth = requireOwnOrganization(request, request.params.organizationId);
      // assortment:view alone = "assigned assortments": only those assigned to the user.
      let assignedTo: number | null;
      if (hasPermission(auth, 'assortment:view_all')) assignedTo = null;
      else if (hasPermission(auth, 'assortment:view')) assignedTo = auth.userId;
      else throw forbidden();
      return articlesDiscontinued(db, auth.organizationId, assignedTo, clock.now());
    },
  );
}
