import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateImportRequest, type ImportResponse } from '#contract';
import type { AppDeps } from '../../appDeps';
import { badRequest } from '../../errors';
import { answerOnce, idempotencyHeaders } from '../../idempotency/idempotency';
import { requireAuth } from '../../identity/session';
import { createImport } from '../commands';
import { ImportListCache } from '../store/importListCache';
import type { Upload } from '../uploadedFile';
import { checkMappingAgainstFile } from './columnMappingRoutes';
import { importRouteDocs as docs, uploadBodies } from './openapi';
import { answer, importOrThrow, organizationParams } from './routeParts';
import type { ReceiveUpload } from './uploadAdmission';

const CHOOSE_TYPE_AND_PRICELIST = 'Du måste välja typ av fil och prislistenummer.';

const listQuery = z.object({
  imported: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

/** What the import lists can be sent as (browsers ask for gzip). */
const acceptedEncodings = ['gzip', 'identity'];

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

/**
 * The organisation's imports as lists (all of them, or one price list's history) and a new one
 * from an uploaded file, in the import routes' scope: the organisation's access is checked there.
 */
export function importListRoutes(scope: FastifyInstance, deps: AppDeps, receiveUpload: ReceiveUpload) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // Each instance keeps its own lists; the version in the database keeps them all current.
  const importLists = new ImportListCache(db);

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
      return receiveUpload(request, reply, async (upload) => {
        const createRequest = parseCreateRequest(upload.fields.get('request'));
        // The file by its digest, taken as it arrived: no second pass over it here.
        const fingerprint = [JSON.stringify(createRequest), upload.fileName, upload.sha256];
        return answerOnce(deps, request, reply, fingerprint, async () => {
          const { columnMapping } = createRequest;
          const chosen =
            columnMapping &&
            (await checkMappingAgainstFile(deps, await readWhole(upload), upload.fileName, columnMapping));
          const auth = requireAuth(request);
          const id = answer(await createImport(deps, auth, createRequest, upload, chosen));
          const body: ImportResponse = { importObject: await importOrThrow(deps, organizationId, id) };
          return { statusCode: 201, body };
        });
      });
    },
  );
}

/** An upload's whole file read back from its store: only a mapping chosen with the upload needs it. */
const readWhole = ({ file }: Upload) => file.read(0, file.values.size);
