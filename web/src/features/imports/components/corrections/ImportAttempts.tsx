import type { ImportAttempt, ImportSummary } from '#contract/imports';
import { formatCount } from '../../../../ui/format';
import { ScrollRegion } from '../../../../ui/ScrollRegion';
import { useGetImportAttemptsQuery } from '../../api/correctionsApi';
import { formatDateTime } from '../../format';
import { importTexts } from '../../texts';

type Attempt = NonNullable<Extract<ImportSummary, { type: 'CONFIRM' }>['attempt']>;

const texts = importTexts.attempts;

/**
 * "Försök 3" and how it moved since the attempt before ("Försök 3: 97 fel rättade, 2 nya fel, 1
 * kvar."): the server's sentence, computed by the validation job.
 */
export function AttemptStatus({ attempt }: { attempt: Attempt }) {
  const label = texts.attempt(attempt.number);
  const message = attempt.comparison?.message;
  return (
    <p role="status" className="attempt-status">
      {/* The server's sentence names the attempt itself; otherwise it is named here. */}
      {message?.startsWith(label) ? (
        message
      ) : (
        <>
          <strong>{label}</strong>
          {message && ` ${message}`}
        </>
      )}
    </p>
  );
}

/** The attempt's result in a few words: "12 fel", "Validering OK: 2 tillagda, …", "Fel format". */
export function attemptResult(attempt: ImportAttempt): string {
  switch (attempt.result) {
    case 'VALIDATION_ERRORS':
      return texts.errors(attempt.errorCount);
    case 'CONFIRM': {
      const counts = attempt.counts ?? { added: 0, updated: 0, removed: 0 };
      return texts.ok(counts.added, counts.updated, counts.removed);
    }
    case 'INVALID_FORMAT':
      return texts.invalidFormat;
  }
}

interface EarlierAttemptsProps {
  organizationId: number;
  importId: number;
  /** The attempt the summary shows: those before it are listed. */
  current: number;
}

/** "Tidigare försök", folded away: each earlier validation of the import, oldest first. */
export function EarlierAttempts({ organizationId, importId, current }: EarlierAttemptsProps) {
  // On every mount: the list grows with each validation (decision 0042).
  const { data, isError, isLoading } = useGetImportAttemptsQuery(
    { organizationId, importId },
    { refetchOnMountOrArgChange: true },
  );
  const earlier = (data ?? []).filter((attempt) => attempt.number < current);
  if (!isLoading && !isError && earlier.length === 0) return null;
  const columns = texts.columns;
  return (
    <details className="attempts">
      <summary>{texts.earlier}</summary>
      {isLoading ? (
        <p>{texts.loading}</p>
      ) : isError ? (
        <p>{texts.failed}</p>
      ) : (
        <ScrollRegion label={texts.earlier}>
          <table className="data-table">
            <caption className="visually-hidden">{texts.earlier}</caption>
            <thead>
              <tr>
                <th scope="col">{columns.number}</th>
                <th scope="col">{columns.at}</th>
                <th scope="col">{columns.by}</th>
                <th scope="col">{columns.fileName}</th>
                <th scope="col">{columns.corrections}</th>
                <th scope="col">{columns.result}</th>
              </tr>
            </thead>
            <tbody>
              {earlier.map((attempt) => (
                <tr key={attempt.number}>
                  <td>{attempt.number}</td>
                  <td>{formatDateTime(attempt.at)}</td>
                  <td>{attempt.by ?? importTexts.corrections.unknownPerson}</td>
                  <td>{attempt.fileName}</td>
                  <td>{formatCount(attempt.corrections)}</td>
                  <td>{attemptResult(attempt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </details>
  );
}
