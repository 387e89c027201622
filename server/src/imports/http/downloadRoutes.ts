import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../appDeps';
import { notFound } from '../../errors';
import { reserveRequestWorker } from '../../http/requestWorker';
import { buildChangesWorkbook, buildValidationErrorWorkbook } from '../../pricelistFile';
import { correctedCellsOf } from '../store/corrections';
import { loadChangesExport, loadErrorExport } from '../store/details';
import { changesWorkbookName, errorWorkbookName, sendWorkbook } from './downloads';
import { importRouteDocs as docs } from './openapi';
import { importOrThrow, importParams } from './routeParts';

/** An import's validation errors and its changes as workbooks, in the import routes' scope. */
export function exportRoutes(scope: FastifyInstance, deps: AppDeps) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  routes.get(
    '/imports/:organizationId/:importId/validation-errors/excel',
    { config: { apiKey: true }, schema: { ...docs.validationErrorsExcel, params: importParams } },
    async (request, reply) => {
      const { organizationId, importId } = request.params;
      const found = await importOrThrow(deps, organizationId, importId);
      // The file and the errors are loaded once a worker is ours, not while waiting for one
      // (an import removed meanwhile has none left to load).
      const worker = await reserveRequestWorker(deps);
      try {
        const exported = await loadErrorExport(deps, importId);
        if (!exported) throw notFound('Importen har inga valideringsfel.');
        const corrected = await correctedCellsOf(db, importId);
        const workbook = await buildValidationErrorWorkbook(
          exported.content,
          found.fileName,
          exported.errors,
          worker,
          corrected?.cells,
        );
        return sendWorkbook(reply, errorWorkbookName(found.fileName), workbook);
      } finally {
        worker.release();
      }
    },
  );

  routes.get(
    '/imports/:organizationId/:importId/changes/excel',
    { config: { apiKey: true }, schema: { ...docs.changesExcel, params: importParams } },
    async (request, reply) => {
      const { organizationId, importId } = request.params;
      const found = await importOrThrow(deps, organizationId, importId);
      const worker = await reserveRequestWorker(deps);
      try {
        const changes = await loadChangesExport(db, importId);
        if (!changes) throw notFound('Importen har inga ändringar att visa.');
        return sendWorkbook(
          reply,
          changesWorkbookName(found.fileName),
          await buildChangesWorkbook(changes, worker),
        );
      } finally {
        worker.release();
      }
    },
  );
}
