import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ChangeKindSchema,
  ConfirmImportRequest,
  CreateImportRequest,
  type ImportChangesResponse,
  type ImportResponse,
  type ImportSummaryResponse,
  type LegacyImportStatus,
  type PricelistImportsResponse,
} from '#contract';
import type { AppDeps } from '../../appDeps';
import { requireAuth } from '../../auth/session';
import { ApiError, badRequest, notFound } from '../../errors';
import { pathId } from '../../pathId';
import {
  buildChangesWorkbook,
  buildPriceListTemplate,
  buildValidationErrorWorkbook,
} from '../../priceListFile';
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
import { loadChangesExport, loadChangesPage, loadErrorExport } from '../store/details';
import { ImportListCache } from '../store/importListCache';
import { findImport, findImportSummary, pricelistImportHistory } from '../store/importViews';
import { legacyImportStatuses } from '../store/legacy';
import { templateRows } from '../store/pricelistSnapshot';
import { requireImportAccess } from './access';
import { changesWorkbookName, errorWorkbookName, sendWorkbook } from './downloads';
import { readUpload } from './upload';

/** Parses the query after the access check, so a caller without a session always gets 401. */
function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw badRequest();
  return parsed.data;
}

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
  }
}

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
const templateQuery = z.object({
  type: z.literal('GENERAL_PRICELIST'),
  pricelistId: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
});

/** What the import lists can be sent as (browsers ask for gzip). */
const acceptedEncodings = ['gzip', 'identity'];

type OrgParams = { organizationId: string };
type ImportParams = OrgParams & { importId: string };

/** The caller (401 first), then the organisation (404 unless their own) and the import id. */
function organizationTarget(request: FastifyRequest<{ Params: OrgParams }>) {
  requireAuth(request);
  const organizationId = pathId(request.params.organizationId);
  return { auth: requireImportAccess(request, organizationId), organizationId };
}

function importTarget(request: FastifyRequest<{ Params: ImportParams }>) {
  return { ...organizationTarget(request), importId: pathId(request.params.importId) };
}

/** The `request` part is a few dozen characters; anything near this is not the SPA's. */
const MAX_REQUEST_PART_LENGTH = 10_000;

/** JSON.parse's reviver: keys that would set a prototype elsewhere are refused, not carried along. */
function refusePrototypeKeys(key: string, value: unknown) {
  if (key === '__proto__' || (key === 'constructor' && typeof value === 'object' && value !== null))
    throw new SyntaxError(`forbidden key ${key}`);
  return value;
}

function parseCreateRequest(value: unknown) {
  if (value === undefined) throw badRequest(CHOOSE_TYPE_AND_PRICELIST);
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
    const found = await findImport(db, organizationId, importId);
    if (!found) throw notFound();
    return found;
  };

  // Each instance keeps its own lists; the version in the database keeps them all current.
  const importLists = new ImportListCache(db);
  api.get<{ Params: OrgParams }>('/imports/:organizationId', async (request, reply) => {
    const { organizationId } = organizationTarget(request);
    const query = parseQuery(listQuery, request.query);
    const body = await importLists.responseBody(organizationId, query.imported === 'true', query.limit);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (body.gzip && negotiate(request.headers['accept-encoding'] ?? '', acceptedEncodings) === 'gzip')
      return reply.header('content-encoding', 'gzip').send(body.gzip);
    return reply.send(body.json);
  });

  api.post<{ Params: OrgParams }>('/imports/:organizationId', async (request, reply) => {
    const { auth, organizationId } = organizationTarget(request);
    const upload = await readUpload(request, config);
    const createRequest = parseCreateRequest(upload.fields.get('request'));
    const id = answer(await createImport(deps, auth, createRequest, upload));
    const body: ImportResponse = { importObject: await importOrThrow(organizationId, id) };
    return reply.status(201).send(body);
  });

  // The history on a price list's page. Static "pricelists", so it is never taken for an import id.
  api.get<{ Params: OrgParams & { pricelistId: string } }>(
    '/imports/:organizationId/pricelists/:pricelistId',
    async (request): Promise<PricelistImportsResponse> => {
      const { organizationId } = organizationTarget(request);
      const pricelistId = pathId(request.params.pricelistId);
      return { imports: await pricelistImportHistory(db, organizationId, pricelistId) };
    },
  );

  // Static, so it is never taken for an import id.
  api.get<{ Params: OrgParams }>('/imports/:organizationId/template', async (request, reply) => {
    const { organizationId } = organizationTarget(request);
    const query = parseQuery(templateQuery, request.query);
    const worker = await reserveRequestWorker(deps);
    try {
      if (query.pricelistId === undefined)
        return sendWorkbook(reply, 'Mall generell prislista.xlsx', await buildPriceListTemplate([], worker));
      const filled = await templateRows(db, organizationId, query.pricelistId);
      if (!filled) throw notFound('Prislistan hittades inte.');
      const workbook = await buildPriceListTemplate(filled.rows, worker);
      return sendWorkbook(reply, `Generell prislista ${filled.number}.xlsx`, workbook);
    } finally {
      worker.release();
    }
  });

  api.get<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId',
    async (request): Promise<ImportResponse> => {
      const { organizationId, importId } = importTarget(request);
      return { importObject: await importOrThrow(organizationId, importId) };
    },
  );

  api.post<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId',
    async (request): Promise<ImportResponse> => {
      const { auth, organizationId, importId } = importTarget(request);
      // Checked before the upload is read, so a wrong state answers 409 without taking the file.
      answer(replaceable((await importOrThrow(organizationId, importId)).status));
      const upload = await readUpload(request, config);
      answer(await replaceImportFile(deps, auth, importId, upload));
      return { importObject: await importOrThrow(organizationId, importId) };
    },
  );

  api.delete<{ Params: ImportParams }>('/imports/:organizationId/:importId', async (request, reply) => {
    const { auth, importId } = importTarget(request);
    answer(await deleteImport(deps, auth, importId));
    return reply.status(204).send();
  });

  api.post<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId/confirm',
    async (request): Promise<ImportResponse> => {
      const { auth, organizationId, importId } = importTarget(request);
      // No body, or { acknowledgedRiskId } for a risky import.
      const body = parseQuery(ConfirmImportRequest, request.body ?? {});
      answer(await confirmImport(deps, auth, importId, body.acknowledgedRiskId));
      return { importObject: await importOrThrow(organizationId, importId) };
    },
  );

  api.post<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId/undo',
    async (request): Promise<ImportResponse> => {
      const { auth, organizationId, importId } = importTarget(request);
      answer(await undoAppliedImport(deps, auth, importId));
      return { importObject: await importOrThrow(organizationId, importId) };
    },
  );

  api.get<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId/summary',
    async (request): Promise<ImportSummaryResponse> => {
      const { organizationId, importId } = importTarget(request);
      const summary = await findImportSummary(db, organizationId, importId);
      if (!summary) throw notFound();
      return summary;
    },
  );

  api.get<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId/changes',
    async (request): Promise<ImportChangesResponse> => {
      const { organizationId, importId } = importTarget(request);
      const query = parseQuery(changesQuery, request.query);
      const page = await loadChangesPage(db, organizationId, importId, query.kind, query.offset, query.limit);
      if (!page) throw notFound();
      return page;
    },
  );

  api.get<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId/validation-errors/excel',
    async (request, reply) => {
      const { organizationId, importId } = importTarget(request);
      const found = await importOrThrow(organizationId, importId);
      // The file and the errors are loaded once a worker is ours, not while waiting for one
      // (an import removed meanwhile has none left to load).
      const worker = await reserveRequestWorker(deps);
      try {
        const exported = await loadErrorExport(deps, importId);
        if (!exported) throw notFound('Importen har inga valideringsfel.');
        const workbook = await buildValidationErrorWorkbook(
          exported.content,
          found.fileName,
          exported.errors,
          worker,
        );
        return sendWorkbook(reply, errorWorkbookName(found.fileName), workbook);
      } finally {
        worker.release();
      }
    },
  );

  api.get<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId/changes/excel',
    async (request, reply) => {
      const { organizationId, importId } = importTarget(request);
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

  api.get<{ Params: { userId: string } }>(
    '/importStatus/:userId',
    async (request): Promise<LegacyImportStatus[]> => {
      const auth = requireAuth(request);
      if (pathId(request.params.userId) !== auth.userId) throw notFound();
      return legacyImportStatuses(db, auth.userId);
    },
  );
}
