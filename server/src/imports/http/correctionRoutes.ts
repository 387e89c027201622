import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CorrectionDraft,
  type CorrectionDraftResponse,
  type ImportAttemptsResponse,
  type ImportCorrectionsResponse,
  type ImportResponse,
  ImportSummary,
  SaveCorrectionsRequest,
} from '#contract';
import { PRICE_LIST_SHEET } from '#contract/domain';
import type { AppDeps } from '../../appDeps';
import { conflict, notFound } from '../../errors';
import { reserveRequestWorker } from '../../http/requestWorker';
import { requireAuth } from '../../identity/session';
import { PathIdParam } from '../../pathId';
import { buildCorrectedFile, detectCatalogue } from '../../pricelistFile';
import { correctAndValidate } from '../commands';
import type { CommandOutcome } from '../outcome';
import { listAttempts } from '../store/attempts';
import { loadDraft, saveDraft } from '../store/correctionDrafts';
import { correctedCellsOf, listCorrections } from '../store/corrections';
import { loadStoredErrors } from '../store/details';
import { importFileKept, readImportFile } from '../store/importFiles';
import { findImportSummary } from '../store/importViews';
import { correctedFileName, sendWorkbook } from './downloads';
import { draftRouteDocs } from './draftDocs';
import { importRouteDocs as docs } from './openapi';
import { findImportOf } from './routeParts';

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

  /** The import's corrections version, and whether its errors may be corrected here now. */
  const correctionState = async (organizationId: number, importId: number) => {
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
    return { version: row.corrections_version, correctable };
  };

  routes.get(
    '/imports/:organizationId/:importId/corrections',
    { config: { apiKey: true }, schema: { ...docs.corrections, params: importParams } },
    async (request): Promise<ImportCorrectionsResponse> => {
      const { organizationId, importId } = request.params;
      return {
        ...(await correctionState(organizationId, importId)),
        maxErrors: config.CORRECTIONS_MAX_ERRORS,
        ...(await listCorrections(db, importId)),
      };
    },
  );

  // The round being typed, kept per user (decision 0043): read back without what no longer has an error.
  routes.get(
    '/imports/:organizationId/:importId/corrections/draft',
    { config: { apiKey: true }, schema: { ...draftRouteDocs.getDraft, params: importParams } },
    async (request): Promise<CorrectionDraftResponse> => {
      const { organizationId, importId } = request.params;
      const { userId } = requireAuth(request);
      if (!(await correctionState(organizationId, importId)).correctable) return { draft: null, dropped: 0 };
      return loadDraft(db, importId, userId, await loadStoredErrors(db, importId));
    },
  );

  routes.put(
    '/imports/:organizationId/:importId/corrections/draft',
    {
      config: { apiKey: true },
      schema: { ...draftRouteDocs.saveDraft, params: importParams, body: CorrectionDraft },
    },
    async (request, reply) => {
      const { organizationId, importId } = request.params;
      const { userId } = requireAuth(request);
      if (!(await correctionState(organizationId, importId)).correctable)
        throw conflict('Bara en fil med valideringsfel kan rättas här.');
      await saveDraft(db, { importId, userId, now: deps.clock.now() }, request.body);
      return reply.status(204).send();
    },
  );

  routes.get(
    '/imports/:organizationId/:importId/attempts',
    { config: { apiKey: true }, schema: { ...docs.attempts, params: importParams } },
    async (request): Promise<ImportAttemptsResponse> => {
      const { organizationId, importId } = request.params;
      if (!(await findImportOf(deps, organizationId, importId))) throw notFound();
      return { attempts: await listAttempts(db, importId) };
    },
  );

  routes.get(
    '/imports/:organizationId/:importId/corrected-file',
    { config: { apiKey: true }, schema: { ...docs.correctedFile, params: importParams } },
    async (request, reply) => {
      const { organizationId, importId } = request.params;
      const found = await findImportOf(deps, organizationId, importId);
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
      // The organisation's import first: another's is 404 whatever its file (never 410).
      if (!(await findImportOf(deps, organizationId, importId))) throw notFound();
      // 410 when the file is gone after the retention time: there is nothing to read again.
      if (!(await importFileKept(deps, importId))) throw notFound();
      answer(await correctAndValidate(deps, requireAuth(request), importId, request.body));
      const importObject = await findImportOf(deps, organizationId, importId);
      if (!importObject) throw notFound();
      return { importObject };
    },
  );
}
