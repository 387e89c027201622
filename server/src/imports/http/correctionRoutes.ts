import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ImportAttemptsResponse,
  type ImportCorrectionsResponse,
  type ImportResponse,
  ImportSummary,
  SaveCorrectionsRequest,
} from '#contract';
import { PRICE_LIST_SHEET } from '#contract/domain';
import type { AppDeps } from '../../appDeps';
import { notFound } from '../../errors';
import { requireAuth } from '../../identity/session';
import { PathIdParam } from '../../pathId';
import { buildCorrectedFile, detectCatalogue } from '../../pricelistFile';
import { correctAndValidate } from '../commands';
import { reserveRequestWorker } from '../jobs/workerLimits';
import type { CommandOutcome } from '../outcome';
import { listAttempts } from '../store/attempts';
import { correctedCellsOf, listCorrections } from '../store/corrections';
import { importFileKept, readImportFile } from '../store/importFiles';
import { findImport, findImportSummary } from '../store/importViews';
import { correctedFileName, sendWorkbook } from './downloads';
import { importRouteDocs as docs } from './openapi';

const importParams = z.object({ organizationId: PathIdParam, importId: PathIdParam });

/**
 * Corrections in the browser (docs/api-imports.md, "Corrections and Validera igen"), in the
 * import routes' scope: the organisation's access is checked there, before these run.
 */
export function correctionRoutes(
  scope: FastifyInstance,
  deps: AppDeps,
  answer: <T>(outcome: CommandOutcome<T>) => T,
) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;

  routes.get(
    '/imports/:organizationId/:importId/corrections',
    { config: { apiKey: true }, schema: { ...docs.corrections, params: importParams } },
    async (request): Promise<ImportCorrectionsResponse> => {
      const { organizationId, importId } = request.params;
      const row = await db
        .selectFrom('imports')
        .select(['status', 'summary', 'corrections_version'])
        .where('id', '=', importId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!row) throw notFound();
      const summary = row.summary === null ? null : ImportSummary.safeParse(row.summary).data;
      const correctable =
        row.status === 'VALIDATION_FAIL' &&
        summary?.type === 'VALIDATION_ERRORS' &&
        summary.errorCount <= config.CORRECTIONS_MAX_ERRORS;
      return {
        version: row.corrections_version,
        correctable,
        maxErrors: config.CORRECTIONS_MAX_ERRORS,
        ...(await listCorrections(db, importId)),
      };
    },
  );

  routes.get(
    '/imports/:organizationId/:importId/attempts',
    { config: { apiKey: true }, schema: { ...docs.attempts, params: importParams } },
    async (request): Promise<ImportAttemptsResponse> => {
      const { organizationId, importId } = request.params;
      if (!(await findImport(db, organizationId, importId, deps.clock.now()))) throw notFound();
      return { attempts: await listAttempts(db, importId) };
    },
  );

  routes.get(
    '/imports/:organizationId/:importId/corrected-file',
    { config: { apiKey: true }, schema: { ...docs.correctedFile, params: importParams } },
    async (request, reply) => {
      const { organizationId, importId } = request.params;
      const found = await findImport(db, organizationId, importId, deps.clock.now());
      if (!found) throw notFound();
      const worker = await reserveRequestWorker(deps);
      try {
        const corrected = await correctedCellsOf(db, importId);
        if (!corrected) throw notFound('Importen har inga rättelser.');
        const content = await readImportFile(deps, importId);
        if (!content) throw notFound();
        const summary = await findImportSummary(db, organizationId, importId);
        const result = summary?.result;
        const sheet =
          (result && result.type !== 'INVALID_FORMAT' && result.columnMapping?.sheet) || PRICE_LIST_SHEET;
        // Known before the bytes go to the worker thread (they are moved there, not copied).
        const isCatalogue = detectCatalogue(content) === 'catalogue';
        const workbook = await buildCorrectedFile(content, found.fileName, { sheet, ...corrected }, worker);
        return sendWorkbook(reply, correctedFileName(found.fileName, isCatalogue), workbook);
      } finally {
        worker.release();
      }
    },
  );

  routes.post(
    '/imports/:organizationId/:importId/corrections',
    {
      config: { apiKey: true },
      schema: { ...docs.correct, params: importParams, body: SaveCorrectionsRequest },
    },
    async (request): Promise<ImportResponse> => {
      const { organizationId, importId } = request.params;
      // 410 when the file is gone after the retention time: there is nothing to read again.
      if (!(await importFileKept(deps, importId))) throw notFound();
      answer(await correctAndValidate(deps, requireAuth(request), importId, request.body));
      const importObject = await findImport(db, organizationId, importId, deps.clock.now());
      if (!importObject) throw notFound();
      return { importObject };
    },
  );
}
