import type { Transaction, Updateable } from 'kysely';
import {
  type ColumnChoice,
  type CreateImportRequest,
  type ImportStatus,
  ImportSummary,
  type SaveCorrectionsRequest,
} from '#contract';
import type { ChosenMapping, DB, ImportsTable } from '../db/schema';
import type { AuthContext } from '../identity/profile';
import {
  type CommandDeps,
  conflict,
  done,
  invalid,
  lockImport,
  notFound,
  ok,
  storedFileOf,
} from './commandParts';
import { expandRound } from './correctionRound';
import { importKinds } from './kinds';
import type { CommandOutcome } from './outcome';
import { deleteDraft } from './store/correctionDrafts';
import { dropCorrections, saveCorrections } from './store/corrections';
import { loadStoredErrors } from './store/details';
import type { PreparedImportFile } from './store/fileWriter';
import { removeStoredFiles } from './store/importFiles';
import { admitPendingValidation } from './store/pendingValidations';
import { backToValidationPending } from './store/revalidation';
import type { Upload } from './uploadedFile';

/** The statuses whose validation has ended, so a new file may replace the old one. */
const replaceableStatuses: readonly ImportStatus[] = [
  'VALIDATION_SUCCESS',
  'VALIDATION_FAIL',
  'VALIDATION_ERROR',
];

/** Whether a new file may replace the import's file now (a conflict while it is being processed or after it). */
export const replaceable = (status: ImportStatus): CommandOutcome =>
  replaceableStatuses.includes(status)
    ? done
    : conflict('Importen kan inte få en ny fil nu. En ny fil kan läsas in när valideringen är klar.');

/**
 * Creates an import in VALIDATION_PENDING, with its file, in one transaction; the validation job
 * takes it from there. Only of a kind in `importKinds`, whose check of the target it names must
 * pass (a price list: one of the organisation's own, CURRENT or FUTURE).
 */
export async function createImport(
  deps: CommandDeps,
  auth: AuthContext,
  request: CreateImportRequest,
  upload: Upload,
  /** The request's column mapping, checked against the file (columnMappingRequest.ts). */
  chosen?: ColumnChoice,
): Promise<CommandOutcome<number>> {
  const { db, clock } = deps;
  const kind = importKinds[request.type];
  if (!kind) return invalid('Endast generella prislistor kan läsas in.');
  const { parent, id: pricelistId } = request.metadata;
  const refusal = await kind.refusalOfTarget(deps, auth.organizationId, request.metadata);
  if (refusal) return invalid(refusal);

  const now = clock.now();
  const { file } = upload;
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const full = await admitPendingValidation(trx, deps.config, auth.organizationId);
      if (full) return full;
      const created = await trx
        .insertInto('imports')
        .values({
          organization_id: auth.organizationId,
          type: request.type,
          status: 'VALIDATION_PENDING',
          created_at: now,
          updated_at: now,
          file_name: upload.fileName,
          imported_by: auth.userId,
          general_pricelist_id: parent,
          pricelist_id: pricelistId,
          column_mapping: chosen ? chosenMappingJson(chosen, auth) : null,
          ...newAttempt(auth, now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('import_files')
        .values({ import_id: created.id, ...file.values })
        .execute();
      return created.id;
    })
    .catch(discardOnFailure(file));
  if (typeof id !== 'number') {
    await file.discard();
    return id;
  }
  file.keep();
  deps.importJobSignal.notify();
  return ok(id);
}

/** Removes a new file from its store when the transaction meant to refer to it failed, and rethrows. */
function discardOnFailure(file: PreparedImportFile) {
  return async (error: unknown): Promise<never> => {
    await file.discard();
    throw error;
  };
}

/**
 * Queues the import's validation anew, asked for by `auth` (a new attempt): its last results go,
 * and `changes` says what is different this time (a new file, a mapping, a round of corrections).
 * Inside the transaction that locked the import and admitted one more pending validation.
 */
async function validateAgain(
  trx: Transaction<DB>,
  { clock }: Pick<CommandDeps, 'clock'>,
  auth: AuthContext,
  importId: number,
  changes: Updateable<ImportsTable>,
) {
  await backToValidationPending(trx, importId, clock.now(), {
    revalidation_cause: null,
    revalidation_change_at: null,
    ...newAttempt(auth, clock.now()),
    ...changes,
  });
}

/** A new file for an import whose validation has ended: the old results go, validation starts again. */
export async function replaceImportFile(
  deps: CommandDeps,
  auth: AuthContext,
  importId: number,
  upload: Upload,
): Promise<CommandOutcome> {
  const { db } = deps;
  const { file } = upload;
  const replaced = await db
    .transaction()
    .execute(async (trx): Promise<CommandOutcome<string | null>> => {
      const current = await lockImport(trx, auth.organizationId, importId);
      if (!current) return notFound;
      const refused = replaceable(current.status);
      if (refused.kind !== 'ok') return refused;
      const full = await admitPendingValidation(trx, deps.config, auth.organizationId);
      if (full) return full;
      const old = await storedFileOf(trx, importId);
      await trx.updateTable('import_files').set(file.values).where('import_id', '=', importId).execute();
      await dropCorrections(trx, importId);
      await validateAgain(trx, deps, auth, importId, {
        file_name: upload.fileName,
        failure_reason: null,
        failure_about_file: false,
        // A new file is read by its own headers (or a saved mapping that fits them).
        column_mapping: null,
      });
      return ok(old);
    })
    .catch(discardOnFailure(file));
  if (replaced.kind !== 'ok') {
    await file.discard();
    return replaced;
  }
  file.keep();
  await removeStoredFiles(deps, [replaced.value]);
  deps.importJobSignal.notify();
  return done;
}

/**
 * A validation the user asked for: the job records it as the import's next attempt, and mails its
 * end when it took long or a program asked (an API key: no session).
 */
const newAttempt = (auth: AuthContext, now: Date) => ({
  attempt_by: auth.userId,
  attempt_pending: true,
  attempt_requested_at: now,
  attempt_by_api_key: auth.sessionIdHash === null,
});

const chosenMappingJson = (choice: ColumnChoice, auth: AuthContext) =>
  JSON.stringify({
    sheet: choice.sheet,
    columns: choice.columns,
    chosenBy: auth.userId,
  } satisfies ChosenMapping);

/** The statuses in which the same file may be validated again with a chosen mapping. */
export const remappableStatuses: readonly ImportStatus[] = ['VALIDATION_SUCCESS', 'VALIDATION_FAIL'];
export const NOT_REMAPPABLE_NOW =
  'Importen kan inte valideras med andra kolumner nu. Det går när valideringen är klar.';

/**
 * Validates the import's stored file again with a chosen mapping (checked against the file by the
 * caller): back to VALIDATION_PENDING, the old results gone, through the job queue like any
 * validation. Only once its validation has ended, and not for a file that was refused outright.
 */
export async function validateWithMapping(
  deps: CommandDeps,
  auth: AuthContext,
  importId: number,
  choice: ColumnChoice,
): Promise<CommandOutcome> {
  const { db } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<CommandOutcome> => {
    const current = await lockImport(trx, auth.organizationId, importId);
    if (!current) return notFound;
    if (!remappableStatuses.includes(current.status)) return conflict(NOT_REMAPPABLE_NOW);
    const full = await admitPendingValidation(trx, deps.config, auth.organizationId);
    if (full) return full;
    await dropCorrections(trx, importId);
    await validateAgain(trx, deps, auth, importId, { column_mapping: chosenMappingJson(choice, auth) });
    return done;
  });
  if (outcome.kind === 'ok') deps.importJobSignal.notify();
  return outcome;
}

/**
 * "Validera igen": saves a round of corrections typed on a failed validation's summary and
 * validates the same stored file again with every round's corrections applied, through the job
 * queue. Each correction must be of a cell the last validation found wrong, each row left out a
 * row with an error (400 otherwise); a round typed on an earlier round than the latest saved is
 * refused (409), so a second person's save never overwrites the first's.
 */
export async function correctAndValidate(
  deps: CommandDeps,
  auth: AuthContext,
  importId: number,
  request: SaveCorrectionsRequest,
): Promise<CommandOutcome> {
  const { db, clock, config } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<CommandOutcome> => {
    const current = await trx
      .selectFrom('imports')
      .select(['status', 'summary', 'corrections_version'])
      .where('id', '=', importId)
      .where('organization_id', '=', auth.organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return notFound;
    // First: another person's round saved meanwhile (its validation may still be running).
    if (request.basedOn !== current.corrections_version)
      return conflict(
        'Någon annan har sparat rättelser för filen medan du skrev. Dina ändringar är inte sparade men finns kvar på sidan: läs in sidan igen för att se de sparade rättelserna, och spara dina igen.',
      );
    const summary = current.summary === null ? null : ImportSummary.parse(current.summary);
    if (current.status !== 'VALIDATION_FAIL' || summary?.type !== 'VALIDATION_ERRORS')
      return conflict('Bara en fil med valideringsfel kan rättas här.');
    if (summary.errorCount > config.CORRECTIONS_MAX_ERRORS)
      return conflict(tooManyToCorrect(config.CORRECTIONS_MAX_ERRORS));
    // Single cells and rows, and "Sätt alla" and "Ta bort alla rader" over every error kept.
    const expanded = expandRound(await loadStoredErrors(trx, importId), request);
    if (expanded.kind === 'invalid') return invalid(expanded.message);
    const { cells, leaveOut } = expanded.round;
    const full = await admitPendingValidation(trx, config, auth.organizationId);
    if (full) return full;
    await saveCorrections(trx, { importId, userId: auth.userId, now: clock.now() }, cells, leaveOut);
    // What was typed is saved as the round: the draft it was typed in is done.
    await deleteDraft(trx, importId, auth.userId);
    await validateAgain(trx, deps, auth, importId, { corrections_version: current.corrections_version + 1 });
    return done;
  });
  if (outcome.kind === 'ok') deps.importJobSignal.notify();
  return outcome;
}

/** Why the summary offers no corrections: more errors than the browser is for. */
export const tooManyToCorrect = (max: number) =>
  `Filen har fler än ${max.toLocaleString('sv-SE')} fel. Rätta dem i Excel med hjälp av felen som Excel-fil, och läs in filen igen.`;

export { confirmImport, deleteImport, undoAppliedImport } from './importDecisions';
