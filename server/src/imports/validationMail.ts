import type { ImportSummary } from '#contract';
import type { AppDeps } from '../appDeps';
import { apiKeysPageLink, validationEndedMail } from '../mail/texts';

const count = (n: number) => n.toLocaleString('sv-SE');

/** The result as the mail says it. */
export function resultSentence(summary: ImportSummary): string {
  if (summary.type === 'CONFIRM') {
    const counts = `Resultat: Validering OK. ${count(summary.added)} tillagda, ${count(summary.updated)} ändrade, ${count(summary.removed)} borttagna och ${count(summary.unchanged)} oförändrade rader.`;
    const risks = summary.risk?.warnings ?? [];
    if (risks.length === 0) return `${counts} Filen är inte inläst förrän du väljer ”Läs in”.`;
    // A risky file is applied only after an explicit confirmation: the mail names what it would do.
    return [
      counts,
      '',
      `Inläsningen innebär ${risks.length === 1 ? 'en risk' : `${risks.length} risker`} som du måste bekräfta på sammanfattningen innan filen läses in:`,
      ...risks.map((risk) => `- ${risk}`),
      '',
      'Filen är inte inläst förrän du väljer ”Läs in” och bekräftar med ”Ja, läs in ändå”.',
    ].join('\n');
  }
  if (summary.type === 'VALIDATION_ERRORS')
    return `Resultat: ${count(summary.errorCount)} fel hittades. Filen kan inte läsas in förrän de är rättade.`;
  return 'Resultat: Filen saknar kolumner eller flikar. Koppla filens egna kolumner på sammanfattningen, eller rätta filen.';
}

/** The summary page of an import; the host comes from configuration, never from a request. */
export const summaryLink = (publicUrl: string, importId: number) =>
  new URL(`/import/${importId}`, `${publicUrl}/`).toString();

/**
 * What decides the mail of a validation that is about to end, read before its result is written
 * (the attempt's facts are cleared with it): undefined when no mail goes out.
 */
export async function validationMailPlan(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, importId: number) {
  const row = await deps.db
    .selectFrom('imports as i')
    .innerJoin('users as u', 'u.id', 'i.attempt_by')
    .leftJoin('pricelists as p', 'p.id', 'i.pricelist_id')
    .select([
      'i.attempt_pending',
      'i.attempt_requested_at',
      'i.attempt_by_api_key',
      'i.file_name',
      'p.number',
      'u.email',
      'u.first_name',
      'u.username',
      'u.validation_mails',
    ])
    .where('i.id', '=', importId)
    .executeTakeFirst();
  if (!row?.attempt_pending || !row.validation_mails) return undefined;
  const afterSeconds = deps.config.VALIDATION_MAIL_AFTER_SECONDS;
  const tookMs = row.attempt_requested_at
    ? deps.clock.now().getTime() - row.attempt_requested_at.getTime()
    : 0;
  const long = row.attempt_requested_at !== null && tookMs >= afterSeconds * 1000;
  if (!row.attempt_by_api_key && !long) return undefined;
  return { row, reason: row.attempt_by_api_key ? ('API_KEY' as const) : ('LONG' as const), afterSeconds };
}

/** Sends the mail once the result is written; a failure is logged, the validation stands. */
export async function sendValidationMail(
  deps: Pick<AppDeps, 'mailer' | 'config' | 'logger'>,
  importId: number,
  plan: NonNullable<Awaited<ReturnType<typeof validationMailPlan>>>,
  summary: ImportSummary,
) {
  const { row } = plan;
  try {
    await deps.mailer.send(
      validationEndedMail(
        { email: row.email, firstName: row.first_name, username: row.username },
        {
          fileName: row.file_name,
          pricelistNumber: row.number,
          result: resultSentence(summary),
          summaryLink: summaryLink(deps.config.publicUrl, importId),
          reason: plan.reason,
          afterSeconds: plan.afterSeconds,
          settingsLink: apiKeysPageLink(deps.config.publicUrl),
        },
      ),
    );
  } catch (err) {
    deps.logger.error({ err, importId }, 'validation mail failed');
  }
}
