import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ChangeKindSchema,
  CreateImportRequest,
  type ImportChangesResponse,
  type ImportListResponse,
  type ImportResponse,
  ImportSummary,
  type ImportSummaryResponse,
  type LegacyImportStatus,
} from '../../../contract';
import type { AppDeps } from '../app';
import { requireAuth } from '../auth/session';
import { badRequest, notFound } from '../errors';
import { requireImportAccess } from './access';
import { assertReplaceable, confirmImport, createImport, deleteImport, replaceImportFile } from './commands';
import { loadChangesPage, loadErrors } from './details';
import { errorWorkbookName, sendWorkbook } from './downloads';
import { buildPriceListTemplate, buildValidationErrorWorkbook } from './excel';
import { findImport, findImportSummary, listImports } from './importViews';
import { legacyImportStatuses } from './legacy';
import { readUpload } from './upload';

/** An id in the path; anything else is "not found" (the session is checked before it). */
function pathId(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw notFound();
  return Number(value);
}

/** Parses the query after the access check, so a caller without a session always gets 401. */
function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw badRequest();
  return parsed.data;
}

const listQuery = z.object({
  imported: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
const changesQuery = z.object({
  kind: ChangeKindSchema,
  offset: z.coerce.number().int().min(0).default(0),
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

function parseCreateRequest(value: unknown) {
  let json: unknown = value;
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value);
    } catch {
      json = undefined;
    }
  }
  const parsed = CreateImportRequest.safeParse(json);
  if (!parsed.success) throw badRequest('Du måste välja typ av fil och prislistenummer.');
  return parsed.data;
}

/** The import API of DESIGN.md §4 and docs/api-imports.md; every route is scoped to the caller's organisation. */
export function importRoutes(api: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;

  const importOrThrow = async (organizationId: number, importId: number) => {
    const found = await findImport(db, organizationId, importId);
    if (!found) throw notFound();
    return found;
  };

  api.get<{ Params: OrgParams }>('/imports/:organizationId', async (request): Promise<ImportListResponse> => {
    const { organizationId } = organizationTarget(request);
    const query = parseQuery(listQuery, request.query);
    return { imports: await listImports(db, organizationId, query.imported === 'true', query.limit) };
  });

  api.post<{ Params: OrgParams }>('/imports/:organizationId', async (request, reply) => {
    const { auth, organizationId } = organizationTarget(request);
    const upload = await readUpload(request, config);
    const createRequest = parseCreateRequest(upload.fields.get('request'));
    const id = await createImport(deps, auth, createRequest, upload);
    const body: ImportResponse = { importObject: await importOrThrow(organizationId, id) };
    return reply.status(201).send(body);
  });

  // Static, so it is never taken for an import id.
  api.get<{ Params: OrgParams }>('/imports/:organizationId/template', async (request, reply) => {
    const { organizationId } = organizationTarget(request);
    const query = parseQuery(templateQuery, request.query);
    if (query.pricelistId === undefined)
      return sendWorkbook(reply, 'Mall generell prislista.xlsx', await buildPriceListTemplate());
    const pricelist = await db
      .selectFrom('pricelists as p')
      .innerJoin('general_pricelists as g', 'g.id', 'p.general_pricelist_id')
      .select(['p.id', 'p.number'])
      .where('p.id', '=', query.pricelistId)
      .where('g.organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!pricelist) throw notFound('Prislistan hittades inte.');
    const rows = await db
      .selectFrom('pricelist_rows as r')
      .innerJoin('articles as a', 'a.id', 'r.article_id')
      .select([
        'a.article_number as articleNumber',
        'a.name as articleName',
        sql<string>`r.price::text`.as('price'),
        'r.minimum_order_quantity as minimumOrderQuantity',
        'r.delivery_time_days as deliveryTimeDays',
        'r.warranty_quantity as warrantyQuantity',
        'r.warranty_unit as warrantyUnit',
        'r.warranty_valid_from as warrantyValidFrom',
        'r.warranty_terms as warrantyTerms',
      ])
      .where('r.pricelist_id', '=', pricelist.id)
      .orderBy('a.article_number')
      .execute();
    const workbook = await buildPriceListTemplate(
      rows.map(({ articleName, ...values }) => ({ values, articleName })),
    );
    return sendWorkbook(reply, `Generell prislista ${pricelist.number}.xlsx`, workbook);
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
      assertReplaceable((await importOrThrow(organizationId, importId)).status);
      const upload = await readUpload(request, config);
      await replaceImportFile(deps, auth, importId, upload);
      return { importObject: await importOrThrow(organizationId, importId) };
    },
  );

  api.delete<{ Params: ImportParams }>('/imports/:organizationId/:importId', async (request, reply) => {
    const { auth, importId } = importTarget(request);
    await deleteImport(deps, auth, importId);
    return reply.status(204).send();
  });

  api.post<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId/confirm',
    async (request): Promise<ImportResponse> => {
      const { auth, organizationId, importId } = importTarget(request);
      await confirmImport(deps, auth, importId);
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
      const row = await db
        .selectFrom('imports')
        .select('summary')
        .where('id', '=', importId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!row) throw notFound();
      const summary = row.summary === null ? null : ImportSummary.parse(row.summary);
      if (summary?.type !== 'CONFIRM') return { total: 0, changes: [] };
      const changes = await loadChangesPage(
        db,
        organizationId,
        importId,
        query.kind,
        query.offset,
        query.limit,
      );
      return { total: summary[query.kind], changes };
    },
  );

  api.get<{ Params: ImportParams }>(
    '/imports/:organizationId/:importId/validation-errors/excel',
    async (request, reply) => {
      const { organizationId, importId } = importTarget(request);
      const found = await importOrThrow(organizationId, importId);
      const errors = await loadErrors(db, importId);
      const file = await db
        .selectFrom('import_files')
        .select('content')
        .where('import_id', '=', importId)
        .executeTakeFirst();
      if (errors.length === 0 || !file) throw notFound('Importen har inga valideringsfel.');
      const workbook = await buildValidationErrorWorkbook(file.content, found.fileName, errors);
      return sendWorkbook(reply, errorWorkbookName(found.fileName), workbook);
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
