import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfirmImportRequest, type ImportResponse } from '#contract';
import type { AppDeps } from '../../appDeps';
import { answerOnce, idempotencyHeaders } from '../../idempotency/idempotency';
import { requireAuth } from '../../identity/session';
import { confirmImport, deleteImport, replaceable, replaceImportFile, undoAppliedImport } from '../commands';
import { importRouteDocs as docs, uploadBodies } from './openapi';
import { answer, importOrThrow, importParams } from './routeParts';
import type { ReceiveUpload } from './uploadAdmission';

// No body, or { acknowledgedRiskId } for a risky import.
const confirmBody = ConfirmImportRequest.nullish().transform((body) => body ?? {});

/**
 * One import from upload to price list: read it, give it a new file, remove it, confirm it and
 * undo it, in the import routes' scope: the organisation's access is checked there.
 */
export function importLifecycleRoutes(scope: FastifyInstance, deps: AppDeps, receiveUpload: ReceiveUpload) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/imports/:organizationId/:importId',
    { config: { apiKey: true }, schema: { ...docs.get, params: importParams } },
    async (request): Promise<ImportResponse> => {
      const { organizationId, importId } = request.params;
      return { importObject: await importOrThrow(deps, organizationId, importId) };
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
      answer(replaceable((await importOrThrow(deps, organizationId, importId)).status));
      return receiveUpload(request, reply, async (upload) => {
        answer(await replaceImportFile(deps, requireAuth(request), importId, upload));
        return { importObject: await importOrThrow(deps, organizationId, importId) };
      });
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
        const body: ImportResponse = { importObject: await importOrThrow(deps, organizationId, importId) };
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
      return { importObject: await importOrThrow(deps, organizationId, importId) };
    },
  );
}
