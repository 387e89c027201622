import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LegacyImportStatus } from '#contract';
import type { AppDeps } from '../../appDeps';
import { notFound } from '../../errors';
import { requireImportAccess } from '../../identity/importAccess';
import { requireAuth, signedInFirst } from '../../identity/session';
import { pathId } from '../../pathId';
import { importKinds } from '../kinds';
import { legacyImportStatuses } from '../store/legacy';
import { columnMappingRoutes } from './columnMappingRoutes';
import { correctionRoutes } from './correctionRoutes';
import { exportRoutes } from './downloadRoutes';
import { importDetailRoutes } from './importDetailRoutes';
import { importLifecycleRoutes } from './importLifecycleRoutes';
import { importListRoutes } from './importListRoutes';
import { importRouteDocs as docs } from './openapi';
import { answer } from './routeParts';
import { uploadReceiver } from './uploadAdmission';

/**
 * Every import route is the caller's own organisation's: checked on request, before the body is
 * read or the params and query are validated, so a caller without a session always gets 401 and
 * another organisation's imports are 404 whatever the rest of the request says.
 */
async function requireOrganizationImportAccess(request: FastifyRequest) {
  requireAuth(request);
  const { organizationId } = request.params as { organizationId: string };
  requireImportAccess(request, pathId(organizationId));
}

/** The import API of docs/product.md, "API conventions" and docs/api-imports.md; every route is scoped to the caller's organisation. */
export function importRoutes(api: FastifyInstance, deps: AppDeps) {
  // One for both upload routes: a new import and a replaced file count against the same limits.
  const receiveUpload = uploadReceiver(deps);

  api.register(async (scope) => {
    scope.addHook('onRequest', requireOrganizationImportAccess);
    // Every import route takes an API key too, so a supplier's program can upload, follow and
    // confirm a price list as its user (docs/api-keys.md).
    // In this order, the order the OpenAPI document lists them in: the kinds' routes (a price
    // list's history, the template) before an import's routes, its exports after them.
    columnMappingRoutes(scope, deps, answer);
    correctionRoutes(scope, deps, answer);
    importListRoutes(scope, deps, receiveUpload);
    for (const kind of Object.values(importKinds)) kind.routes(scope, deps);
    importLifecycleRoutes(scope, deps, receiveUpload);
    importDetailRoutes(scope, deps);
    exportRoutes(scope, deps);
  });

  api.get<{ Params: { userId: number } }>(
    '/importStatus/:userId',
    // The session first, so a caller without one gets 401 whatever the id.
    { onRequest: signedInFirst, schema: docs.legacyStatus },
    async (request): Promise<LegacyImportStatus[]> => {
      const auth = requireAuth(request);
      if (request.params.userId !== auth.userId) throw notFound();
      return legacyImportStatuses(deps.db, auth.userId);
    },
  );
}
