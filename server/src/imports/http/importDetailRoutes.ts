import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeKindSchema,
  ERRORS_PAGE_MAX,
  type ImportChangesResponse,
  type ImportErrorsResponse,
  type ImportSummaryResponse,
  SUMMARY_ERROR_LIMIT,
  ValidationRuleSchema,
} from '#contract';
import { forbiddenCharacterIn } from '#contract/cellRules';
import type { AppDeps } from '../../appDeps';
import { notFound } from '../../errors';
import { loadChangesPage, loadErrorsPage } from '../store/details';
import { findImportSummary } from '../store/importViews';
import { importRouteDocs as docs } from './openapi';
import { importParams } from './routeParts';

/** PostgreSQL's integer: larger numbers would fail in the query instead of being refused here. */
const INT4_MAX = 2_147_483_647;

const changesQuery = z.object({
  kind: ChangeKindSchema,
  offset: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
const errorsQuery = z.object({
  // A column's header as the errors name it ("Pris"); longer than any header is not one, and one
  // with a character no header can hold (U+0000 would fail in the query) is a bad request.
  column: z
    .string()
    .min(1)
    .max(100)
    .refine((column) => forbiddenCharacterIn(column) === null)
    .optional(),
  rule: ValidationRuleSchema.optional(),
  offset: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(ERRORS_PAGE_MAX).default(SUMMARY_ERROR_LIMIT),
});

/**
 * What an import found: its summary, and its changes and errors a page at a time, in the import
 * routes' scope: the organisation's access is checked there.
 */
export function importDetailRoutes(scope: FastifyInstance, { db }: AppDeps) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/imports/:organizationId/:importId/summary',
    { config: { apiKey: true }, schema: { ...docs.summary, params: importParams } },
    async (request): Promise<ImportSummaryResponse> => {
      const { organizationId, importId } = request.params;
      const summary = await findImportSummary(db, organizationId, importId);
      if (!summary) throw notFound();
      return summary;
    },
  );

  routes.get(
    '/imports/:organizationId/:importId/changes',
    {
      config: { apiKey: true },
      schema: { ...docs.changes, params: importParams, querystring: changesQuery },
    },
    async (request): Promise<ImportChangesResponse> => {
      const { organizationId, importId } = request.params;
      const { kind, offset, limit } = request.query;
      const page = await loadChangesPage(db, organizationId, importId, kind, offset, limit);
      if (!page) throw notFound();
      return page;
    },
  );

  routes.get(
    '/imports/:organizationId/:importId/errors',
    {
      config: { apiKey: true },
      schema: { ...docs.errors, params: importParams, querystring: errorsQuery },
    },
    async (request): Promise<ImportErrorsResponse> => {
      const { organizationId, importId } = request.params;
      const { column, rule, offset, limit } = request.query;
      const page = await loadErrorsPage(db, organizationId, importId, { column, rule }, offset, limit);
      if (page === 'NO_IMPORT') throw notFound();
      if (page === 'NO_ERRORS') throw notFound('Importen har inga valideringsfel.');
      return page;
    },
  );
}
