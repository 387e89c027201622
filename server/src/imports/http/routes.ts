import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeKindSchema,
  ConfirmImportRequest,
  CreateImportRequest,
  ERRORS_PAGE_MAX,
  type ImportChangesResponse,
  type ImportErrorsResponse,
  type ImportResponse,
  type ImportSummaryResponse,
  type LegacyImportStatus,
  type PricelistImportsResponse,
  SUMMARY_ERROR_LIMIT,
  ValidationRuleSchema,
} from '#contract';
import { forbiddenCharacterIn } from '#contract/cellRules';
import type { AppDeps } from '../../appDeps';
import { ApiError, badRequest, notFound } from '../../errors';
import { answerOnce, idempotencyHeaders } from '../../idempotency/idempotency';
import { requireImportAccess } from '../../identity/importAccess';
import type { AuthContext } from '../../identity/profile';
import { KeyRateLimiter } from '../../identity/rateLimit';
import { requireAuth } from '../../identity/session';
import { PathIdParam, pathId } from '../../pathId';
import {
  buildChangesWorkbook,
  buildPriceListTemplate,
  buildValidationErrorWorkbook,
} from '../../pricelistFile';
import { templateRows } from '../../pricelists/snapshot';
import {
  confirmImport,
  createImport,
  deleteImport,
  replaceable,
  replaceImportFile,
  undoAppliedImport,
} from '../commands';
import { reserveRequestWorker } from '../jobs/workerLimits';
import type { CommandOutcome } from '../outcome';
import { correctedCellsOf } from '../store/corrections';
import { loadChangesExport, loadChangesPage, loadErrorExport, loadErrorsPage } from '../store/details';
import { ImportListCache } from '../store/importListCache';
import { findImport, findImportSummary, pricelistImportHistory } from '../store/importViews';
import { legacyImportStatuses } from '../store/legacy';
import { pendingValidationsFull, tooManyPendingValidations } from '../store/pendingValidations';
import { checkMappingAgainstFile, columnMappingRoutes } from './columnMappingRoutes';
import { correctionRoutes } from './correctionRoutes';
import { changesWorkbookName, errorWorkbookName, sendWorkbook } from './downloads';
import { importRouteDocs as docs, uploadBodies } from './openapi';
import { readUpload, UploadSlots } from './upload';

/** A command's outcome as the HTTP answer: its value, or the status and body for its kind. */
function answer<T>(outcome: CommandOutcome<T>): T {
  switch (outcome.kind) {
    case 'ok':
      return outcome.value;
    case 'notFound':
      throw notFound();
    case 'conflict':
      throw new ApiError(409, outcome.code ?? 'CONFLICT', outcome.message);
    case 'invalid':
      throw badRequest(outcome.message);
    case 'busy':
      throw tooManyRequests(outcome.message, outcome.retryAfterSeconds);
  }
}

const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, 'TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(retryAfterSeconds) });

const tooManyUploads = (seconds: number) =>
  tooManyRequests(
    `Du har läst in många filer på kort tid. Försök igen om ${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}.`,
    seconds,
  );

const CHOOSE_TYPE_AND_PRICELIST = 'Du måste välja typ av fil och prislistenummer.';
/** PostgreSQL's integer: larger numbers would fail in the query instead of being refused here. */
const INT4_MAX = 2_147_483_647;

const listQuery = z.object({
  imported: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
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
const templateQuery = z.object({
  type: z.literal('GENERAL_PRICELIST'),
  pricelistId: PathIdParam.optional(),
});
// No body, or { acknowledgedRiskId } for a risky import.
const confirmBody = ConfirmImportRequest.nullish().transform((body) => body ?? {});

const organizationParams = z.object({ organizationId: PathIdParam });
const importParams = organizationParams.extend({ importId: PathIdParam });
const pricelistParams = organizationParams.extend({ pricelistId: PathIdParam });

/** What the import lists can be sent as (browsers ask for gzip). */
const acceptedEncodings = ['gzip', 'identity'];

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

/** The `request` part is a few dozen characters; anything near this is not the SPA's. */
const MAX_REQUEST_PART_LENGTH = 10_000;

/** JSON.parse's reviver: keys that would set a prototype elsewhere are refused, not carried along. */
function refusePrototypeKeys(key: string, value: unknown) {
  if (key === '__proto__' || (key === 'constructor' && typeof value === 'object' && value !== null))
    throw new SyntaxError(`forbidden key ${key}`);
  return value;
}

/** The JSON text of a parsed part, or undefined when it is nested too deep to write (the stack overflows). */
function jsonTextOf(value: object): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function parseCreateRequest(part: unknown) {
  if (part === undefined) throw badRequest(CHOOSE_TYPE_AND_PRICELIST);
  // A part sent as application/json (curl's `;type=application/json`) arrives parsed by the
  // multipart plugin (which refuses prototype keys itself); it is read as its text would be.
  const value = typeof part === 'object' && part !== null ? jsonTextOf(part) : part;
  if (typeof value !== 'string' || value.length > MAX_REQUEST_PART_LENGTH) throw badRequest();
  let json: unknown;
  try {
    json = JSON.parse(value, refusePrototypeKeys);
  } catch {
    throw badRequest();
  }
  const parsed = CreateImportRequest.safeParse(json);
  if (!parsed.success) throw badRequest(CHOOSE_TYPE_AND_PRICELIST);
  return parsed.data;
}

/** The import API of docs/product.md, "API conventions" and docs/api-imports.md; every route is scoped to the caller's organisation. */
export function importRoutes(api: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;

  const importOrThrow = async (organizationId: number, importId: number) => {
    const found = await findImport(db, organizationId, importId, deps.clock.now());
    if (!found) throw notFound();
    return found;
  };

  // Each instance keeps its own lists; the version in the database keeps them all current.
  const importLists = new ImportListCache(db);
  const uploadSlots = new UploadSlots(config.UPLOADS_MAX_CONCURRENT);

  // Uploads per user through a session, per instance, as API keys have per key (apiKeys/bearer.ts).
  const uploadRate = new KeyRateLimiter({
    perMinute: config.UPLOAD_RATE_PER_MINUTE,
    burst: config.UPLOAD_RATE_BURST,
  });
  /** Refuses an upload before its file is read: too many by this signed-in user, or too many files waiting. */
  const admitUpload = async (request: FastifyRequest, auth: AuthContext) => {
    if (request.apiKey === null) {
      const wait = uploadRate.take(String(auth.userId), deps.clock.now().getTime());
      if (wait > 0) throw tooManyUploads(wait);
    }
    // The transaction that makes the import pending counts again (commands.ts); this spares the upload.
    if (await pendingValidationsFull(db, config, auth.organizationId))
      answer(tooManyPendingValidations(config.IMPORT_MAX_PENDING_VALIDATIONS));
  };

  api.register(async (scope) => {
    scope.addHook('onRequest', requireOrganizationImportAccess);
    // Every import route takes an API key too, so a supplier's program can upload, follow and
    // confirm a price list as its user (docs/api-keys.md).
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    columnMappingRoutes(scope, deps, answer);
    correctionRoutes(scope, deps, answer);

    routes.get(
      '/imports/:organizationId',
      {
        config: { apiKey: true },
        schema: { ...docs.list, params: organizationParams, querystring: listQuery },
      },
      async (request, reply) => {
        const { organizationId } = request.params;
        const { imported, limit } = request.query;
        const body = await importLists.responseBody(organizationId, imported === 'true', limit);
        reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        if (body.gzip && negotiate(request.headers['accept-encoding'] ?? '', acceptedEncodings) === 'gzip')
          return reply.header('content-encoding', 'gzip').send(body.gzip);
        return reply.send(body.json);
      },
    );

    routes.post(
      '/imports/:organizationId',
      {
        config: { apiKey: true, openapi: { body: uploadBodies.upload } },
        schema: { ...docs.upload, params: organizationParams, headers: idempotencyHeaders },
      },
      async (request, reply) => {
        const { organizationId } = request.params;
        await admitUpload(request, requireAuth(request));
        uploadSlots.take(reply);
        const upload = await readUpload(request, config);
        const createRequest = parseCreateRequest(upload.fields.get('request'));
        // The file by its digest, taken as it arrived: no second pass over it here.
        const fingerprint = [JSON.stringify(createRequest), upload.fileName, upload.sha256];
        return answerOnce(deps, request, reply, fingerprint, async () => {
          const chosen =
            createRequest.columnMapping &&
            (await checkMappingAgainstFile(
              deps,
              upload.content,
              upload.fileName,
              createRequest.columnMapping,
            ));
          const auth = requireAuth(request);
          const id = answer(await createImport(deps, auth, createRequest, upload, chosen));
          const body: ImportResponse = { importObject: await importOrThrow(organizationId, id) };
          return { statusCode: 201, body };
        });
      },
    );

    // The history on a price list's page. Static "pricelists", so it is never taken for an import id.
    routes.get(
      '/imports/:organizationId/pricelists/:pricelistId',
      { config: { apiKey: true }, schema: { ...docs.pricelistHistory, params: pricelistParams } },
      async (request): Promise<PricelistImportsResponse> => {
        const { organizationId, pricelistId } = request.params;
        return { imports: await pricelistImportHistory(db, organizationId, pricelistId) };
      },
    );

    // Static, so it is never taken for an import id.
    routes.get(
      '/imports/:organizationId/template',
      {
        config: { apiKey: true },
        schema: { ...docs.template, params: organizationParams, querystring: templateQuery },
      },
      async (request, reply) => {
        const { organizationId } = request.params;
        const { pricelistId } = request.query;
        const worker = await reserveRequestWorker(deps);
        try {
          if (pricelistId === undefined)
            return sendWorkbook(
              reply,
              'Mall generell prislista.xlsx',
              await buildPriceListTemplate([], worker),
            );
          const filled = await templateRows(db, organizationId, pricelistId);
          if (!filled) throw notFound('Prislistan hittades inte.');
          const workbook = await buildPriceListTemplate(filled.rows, worker);
          return sendWorkbook(reply, `Generell prislista ${filled.number}.xlsx`, workbook);
        } finally {
          worker.release();
        }
      },
    );

    routes.get(
      '/imports/:organizationId/:importId',
      { config: { apiKey: true }, schema: { ...docs.get, params: importParams } },
      async (request): Promise<ImportResponse> => {
        const { organizationId, importId } = request.params;
        return { importObject: await importOrThrow(organizationId, importId) };
      },
    );

    routes.post(
      '/imports/:organizationId/:importId',
      {
        config: { apiKey: true, openapi: { body: uploadBodies.replaceFile } },
        schema: { ...docs.replaceFile, params: importParams },
      },
      async (request, reply): Promise<ImportResponse> => {
        const { organizationId, importId } = request.params;
        // Checked before the upload is read, so a wrong state answers 409 without taking the file.
        answer(replaceable((await importOrThrow(organizationId, importId)).status));
        await admitUpload(request, requireAuth(request));
        uploadSlots.take(reply);
        const upload = await readUpload(request, config);
        answer(await replaceImportFile(deps, requireAuth(request), importId, upload));
        return { importObject: await importOrThrow(organizationId, importId) };
      },
    );

    routes.delete(
      '/imports/:organizationId/:importId',
      { config: { apiKey: true }, schema: { ...docs.delete, params: importParams } },
      async (request, reply) => {
        answer(await deleteImport(deps, requireAuth(request), request.params.importId));
        return reply.status(204).send();
      },
    );

    routes.post(
      '/imports/:organizationId/:importId/confirm',
      {
        config: { apiKey: true },
        schema: { ...docs.confirm, params: importParams, headers: idempotencyHeaders, body: confirmBody },
      },
      async (request, reply) => {
        const { organizationId, importId } = request.params;
        const { acknowledgedRiskId } = request.body;
        return answerOnce(deps, request, reply, [acknowledgedRiskId ?? ''], async () => {
          answer(await confirmImport(deps, requireAuth(request), importId, acknowledgedRiskId));
          const body: ImportResponse = { importObject: await importOrThrow(organizationId, importId) };
          return { statusCode: 200, body };
        });
      },
    );

    routes.post(
      '/imports/:organizationId/:importId/undo',
      { config: { apiKey: true }, schema: { ...docs.undo, params: importParams } },
      async (request): Promise<ImportResponse> => {
        const { organizationId, importId } = request.params;
        answer(await undoAppliedImport(deps, requireAuth(request), importId));
        return { importObject: await importOrThrow(organizationId, importId) };
      },
    );

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

    routes.get(
      '/imports/:organizationId/:importId/validation-errors/excel',
      { config: { apiKey: true }, schema: { ...docs.validationErrorsExcel, params: importParams } },
      async (request, reply) => {
        const { organizationId, importId } = request.params;
        const found = await importOrThrow(organizationId, importId);
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
        const found = await importOrThrow(organizationId, importId);
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
  });

  api.get<{ Params: { userId: string } }>(
    '/importStatus/:userId',
    { schema: docs.legacyStatus },
    async (request): Promise<LegacyImportStatus[]> => {
      const auth = requireAuth(request);
      if (pathId(request.params.userId) !== auth.userId) throw notFound();
      return legacyImportStatuses(db, auth.userId);
    },
  );
}
