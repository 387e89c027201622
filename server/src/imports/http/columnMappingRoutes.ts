import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type ColumnChoice,
  type ColumnMappingRequest,
  type ImportResponse,
  type SavedColumnMappingsResponse,
  ValidateWithMappingRequest,
} from '#contract';
import type { AppDeps } from '../../appDeps';
import { badRequest, conflict, notFound } from '../../errors';
import { reserveRequestWorker } from '../../http/requestWorker';
import { requireAuth } from '../../identity/session';
import { organizationParams, PathIdParam } from '../../pathId';
import { ExcelWorkerError, readFileSheetsInWorker } from '../../pricelistFile';
import { resolveMappingRequest } from '../columnMappingRequest';
import { NOT_REMAPPABLE_NOW, remappableStatuses, validateWithMapping } from '../commands';
import type { CommandOutcome } from '../outcome';
import { deleteSavedMapping, listSavedMappings } from '../store/columnMappings';
import { readImportFile } from '../store/importFiles';
import { importRouteDocs as docs } from './openapi';
import { findImportOf } from './routeParts';

/**
 * A mapping a caller sent, checked against the file's sheets (read in a worker): its letters, or
 * 400 naming each header the file does not have. Undefined when the file cannot be read at all:
 * its validation then refuses it with the reason, as it would without a mapping.
 */
export async function checkMappingAgainstFile(
  deps: AppDeps,
  content: Uint8Array,
  fileName: string,
  request: ColumnMappingRequest,
): Promise<ColumnChoice | undefined> {
  const worker = await reserveRequestWorker(deps);
  let sheets: Awaited<ReturnType<typeof readFileSheetsInWorker>>;
  try {
    // A copy (not a Buffer view: slice() shares memory): the worker takes the bytes it is given.
    sheets = await readFileSheetsInWorker(new Uint8Array(content), fileName, worker);
  } catch (error) {
    if (error instanceof ExcelWorkerError && error.reason === 'INVALID_FILE') return undefined;
    throw error;
  } finally {
    worker.release();
  }
  const resolved = resolveMappingRequest(request, sheets);
  if (!resolved.ok) throw badRequest(resolved.message, resolved.fieldErrors);
  return resolved.choice;
}

const importParams = organizationParams.extend({ importId: PathIdParam });
const mappingParams = organizationParams.extend({ mappingId: PathIdParam });

/**
 * The mapping calls (docs/api-imports.md, "The supplier's own columns"), in the import routes'
 * scope: the organisation's access is checked there, before these run.
 */
export function columnMappingRoutes(
  scope: FastifyInstance,
  deps: AppDeps,
  answer: <T>(outcome: CommandOutcome<T>) => T,
) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/imports/:organizationId/:importId/column-mapping',
    {
      config: { apiKey: true },
      schema: { ...docs.validateWithMapping, params: importParams, body: ValidateWithMappingRequest },
    },
    async (request): Promise<ImportResponse> => {
      const { organizationId, importId } = request.params;
      const found = await findImportOf(deps, organizationId, importId);
      if (!found) throw notFound();
      // Said before the file is read; the command checks again under the import's lock.
      if (!remappableStatuses.includes(found.status)) throw conflict(NOT_REMAPPABLE_NOW);
      const content = await readImportFile(deps, importId);
      if (!content) throw notFound();
      const choice = await checkMappingAgainstFile(deps, content, found.fileName, request.body.columnMapping);
      if (!choice) throw conflict('Filen kan inte läsas, så den kan inte valideras med andra kolumner.');
      answer(await validateWithMapping(deps, requireAuth(request), importId, choice));
      const importObject = await findImportOf(deps, organizationId, importId);
      if (!importObject) throw notFound();
      return { importObject };
    },
  );

  routes.get(
    '/imports/:organizationId/column-mappings',
    { config: { apiKey: true }, schema: { ...docs.savedMappings, params: organizationParams } },
    async (request): Promise<SavedColumnMappingsResponse> => ({
      mappings: await listSavedMappings(deps.db, request.params.organizationId),
    }),
  );

  routes.delete(
    '/imports/:organizationId/column-mappings/:mappingId',
    { config: { apiKey: true }, schema: { ...docs.deleteSavedMapping, params: mappingParams } },
    async (request, reply) => {
      const { organizationId, mappingId } = request.params;
      if (!(await deleteSavedMapping(deps.db, organizationId, mappingId)))
        throw notFound('Kopplingen finns inte, eller är redan borttagen.');
      return reply.status(204).send();
    },
  );
}
