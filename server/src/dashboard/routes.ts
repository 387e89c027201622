import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AgreementItem,
  ChangedArticleItem,
  DiscontinuedArticleItem,
  PricelistItem,
  PricelistRowItem,
  permissions,
} from '#contract';
import type { AppDeps } from '../appDeps';
import { badRequest, forbidden } from '../errors';
import { requireOwnOrganization } from '../identity/ownOrganization';
import { hasPermission } from '../identity/profile';
import { signedInFirst } from '../identity/session';
import { swedishDateOf } from '../lib/calendar';
import { apiTags, errors, json } from '../openapi/routeDocs';
import { organizationParams } from '../pathId';
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
  organizationId: number;
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

  /** What a list's route says in the OpenAPI document; every list is a JSON array, not paged. */
  const listSchema = (
    summary: string,
    description: string,
    items: z.ZodType,
    extraErrors = errors(),
    params: z.ZodType = organizationParams,
  ) => ({
    summary,
    description,
    tags: [apiTags.dashboard],
    params,
    response: {
      200: json('Listan.', z.array(items)),
      ...errors(
        401,
        [403, 'Användaren saknar behörigheten som listan kräver (FORBIDDEN).'],
        [404, 'Organisationen är inte användarens (NOT_FOUND).'],
      ),
      ...extraErrors,
    },
  });
  const agreementRight = 'Kräver behörigheten agreement:view_own.';

  api.get<{ Params: OrganizationParams & { filter: string } }>(
    `${agreementsPath}/getPricelistsFilteredBy/:filter`,
    {
      onRequest: signedInFirst,
      schema: listSchema(
        'Avtalens prislistor med ett visst läge',
        `Prislistor i organisationens avtal efter filter: EMPTY_PRICELISTS (utan rader), DECLINED, NEW_OR_CHANGED, PENDING_APPROVAL, PENDING_INACTIVATION. ${agreementRight}`,
        PricelistItem,
        errors([400, 'Okänt filter (BAD_REQUEST).']),
        organizationParams.extend({ filter: z.string() }),
      ),
    },
    async (request): Promise<PricelistItem[]> => {
      const { scope, today } = await agreementScope(request);
      const { filter } = request.params;
      if (!isPricelistFilter(filter)) throw badRequest('Okänt filter för prislistor.');
      return pricelistsFilteredBy(db, scope, filter, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getAgreementsChangedByCustomer`,
    {
      onRequest: signedInFirst,
      schema: listSchema(
        'Avtal som kunden nyligen ändrat',
        `Avtal som kunden ändrat de senaste 30 dagarna. ${agreementRight}`,
        AgreementItem,
      ),
    },
    async (request): Promise<AgreementItem[]> => {
      const { scope, now, today } = await agreementScope(request);
      return agreementsChangedByCustomer(db, scope, now, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getAgreementsToExtend`,
    {
      onRequest: signedInFirst,
      schema: listSchema(
        'Avtal att förlänga',
        `Avtal som slutar gälla inom 90 dagar. ${agreementRight}`,
        AgreementItem,
      ),
    },
    async (request): Promise<AgreementItem[]> => {
      const { scope, today } = await agreementScope(request);
      return agreementsToExtend(db, scope, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getPricelistRowsApprovedByCustomer`,
    {
      onRequest: signedInFirst,
      schema: listSchema(
        'Prislisterader som kunden nyligen godkänt',
        `Rader i avtalens prislistor som kunden godkänt de senaste 30 dagarna. ${agreementRight}`,
        PricelistRowItem,
      ),
    },
    async (request): Promise<PricelistRowItem[]> => {
      const { scope, now, today } = await agreementScope(request);
      return pricelistRowsApprovedByCustomer(db, scope, now, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    `${agreementsPath}/getArticlesChanged`,
    {
      onRequest: signedInFirst,
      schema: listSchema(
        'Artiklar som nyligen ändrats',
        `Artiklar i organisationens avtal som ändrats de senaste 30 dagarna. ${agreementRight}`,
        ChangedArticleItem,
      ),
    },
    async (request): Promise<ChangedArticleItem[]> => {
      const { scope, now, today } = await agreementScope(request);
      return articlesChanged(db, scope, now, today);
    },
  );

  api.get<{ Params: OrganizationParams }>(
    '/organizations/:organizationId/assortments/getArticlesDiscontinued',
    {
      onRequest: signedInFirst,
      schema: listSchema(
        'Utgående artiklar i utbuden',
        'Artiklar i organisationens utbud som har utgått. Kräver assortment:view_all (alla utbud) eller assortment:view (de utbud som är tilldelade användaren).',
        DiscontinuedArticleItem,
      ),
    },
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
