import type { AppDeps } from '../../appDeps';
import { ApiError, badRequest, notFound } from '../../errors';
import { organizationParams, PathIdParam } from '../../pathId';
import { importKinds } from '../kinds';
import type { CommandOutcome } from '../outcome';
import { findImport } from '../store/importViews';

/** A command's outcome as the HTTP answer: its value, or the status and body for its kind. */
export function answer<T>(outcome: CommandOutcome<T>): T {
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

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, 'TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(retryAfterSeconds) });

export { organizationParams };
export const importParams = organizationParams.extend({ importId: PathIdParam });

/** The organisation's import as its routes answer it, whether it may be undone asked of its kind. */
export const findImportOf = (deps: Pick<AppDeps, 'db' | 'clock'>, organizationId: number, importId: number) =>
  findImport(deps.db, organizationId, importId, deps.clock.now(), async (applied) =>
    Boolean(await importKinds[applied.type]?.undoable(deps.db, applied)),
  );

/** The organisation's import as its routes answer it; 404 when it has none by that id. */
export async function importOrThrow(deps: AppDeps, organizationId: number, importId: number) {
  const found = await findImportOf(deps, organizationId, importId);
  if (!found) throw notFound();
  return found;
}
