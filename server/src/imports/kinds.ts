/**
 * What the imports' machinery (commands, queue, routes, store) knows of each kind of import: the
 * functions it calls, one record keyed by the contract's import types. A kind's own code (its
 * file's engine, its rows, its checks) lives in its folder; only GENERAL_PRICELIST is accepted.
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { CreateImportRequest, ImportType } from '#contract';
import type { AppDeps } from '../appDeps';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { AuthContext } from '../identity/profile';
import type { CommandDeps } from './commandParts';
import { runApplyJob } from './generalPricelist/applyJob';
import { generalPricelistRoutes } from './generalPricelist/routes';
import { refusalOfPricelist } from './generalPricelist/target';
import { isUndoablePricelistImport, undoPricelistImport } from './generalPricelist/undo';
import { runValidationJob } from './generalPricelist/validationJob';
import type { ClaimedJob, JobDeps } from './jobs/importQueue';
import type { ApplyEnd, ValidationEnd } from './jobs/jobSteps';
import type { CommandOutcome } from './outcome';
import type { UndoTarget } from './store/undo';

export interface ImportKind {
  /** Why a new import may not go where its request says (createImport), or undefined. */
  refusalOfTarget(
    deps: Pick<CommandDeps, 'db' | 'clock'>,
    organizationId: number,
    metadata: CreateImportRequest['metadata'],
  ): Promise<string | undefined>;
  /** The job of an import in VALIDATION_PENDING. */
  validate(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<ValidationEnd>;
  /** The job of an import in IMPORT_PENDING. */
  apply(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<ApplyEnd>;
  /** Puts back what the applied import changed, in the caller's transaction (import locked and checked). */
  undo(trx: Transaction<DB>, auth: AuthContext, target: UndoTarget, now: Date): Promise<CommandOutcome>;
  /** Whether an applied import, not undone, is one its undo would accept now. */
  undoable(db: Database, applied: { importId: number; pricelistId: number }): Promise<boolean>;
  /** The kind's routes beside the imports' own, in their scope (a template, a history). */
  routes(scope: FastifyInstance, deps: AppDeps): void;
}

export const importKinds: Partial<Record<ImportType, ImportKind>> = {
  GENERAL_PRICELIST: {
    refusalOfTarget: refusalOfPricelist,
    validate: runValidationJob,
    apply: runApplyJob,
    undo: undoPricelistImport,
    undoable: isUndoablePricelistImport,
    routes: generalPricelistRoutes,
  },
};

/** The kind of an import that exists: createImport accepts no other, so one is always there. */
export function importKindOf(type: ImportType): ImportKind {
  const kind = importKinds[type];
  if (!kind) throw new Error(`no import kind ${type}`);
  return kind;
}
