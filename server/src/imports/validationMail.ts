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

/** Who asked for a validation, as its mail addresses them. */
export interface ValidationRequester {
  email: string;
  firstName: string;
  username: string;
  /** Whether they want the mails of long or scripted validations. */
  validationMails: boolean;
}

/** What of a claimed job decides its mail (jobs/importQueue.ts, ClaimedJob). */
export interface ValidationMailFacts {
  fileName: string;
  pricelistNumber: string | null;
  attempt: { pending: boolean; requestedAt: Date | null; byApiKey: boolean };
  requester: ValidationRequester | null;
}

/**
 * What decides the mail of a validation that is about to end, from the import as its job claimed
 * it (the attempt's facts are cleared with the result): undefined when no mail goes out.
 */
export function validationMailPlan(deps: Pick<AppDeps, 'clock' | 'config'>, job: ValidationMailFacts) {
  const { attempt, requester } = job;
  if (!attempt.pending || !requester?.validationMails) return undefined;
  const afterSeconds = deps.config.VALIDATION_MAIL_AFTER_SECONDS;
  const tookMs = attempt.requestedAt ? deps.clock.now().getTime() - attempt.requestedAt.getTime() : 0;
  const long = attempt.requestedAt !== null && tookMs >= afterSeconds * 1000;
  if (!attempt.byApiKey && !long) return undefined;
  return {
    to: requester,
    fileName: job.fileName,
    pricelistNumber: job.pricelistNumber,
    reason: attempt.byApiKey ? ('API_KEY' as const) : ('LONG' as const),
    afterSeconds,
  };
}

/** Sends the mail once the result is written; a failure is logged, the validation stands. */
export async function sendValidationMail(
  deps: Pick<AppDeps, 'mailer' | 'config' | 'logger'>,
  importId: number,
  plan: NonNullable<ReturnType<typeof validationMailPlan>>,
  summary: ImportSummary,
) {
  const { to } = plan;
  try {
    await deps.mailer.send(
      validationEndedMail(
        { email: to.email, firstName: to.firstName, username: to.username },
        {
          fileName: plan.fileName,
          pricelistNumber: plan.pricelistNumber,
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
