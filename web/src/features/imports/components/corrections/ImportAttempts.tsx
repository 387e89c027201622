import type { ImportAttempt, ImportSummary } from '#contract/imports';
import { type DataColumn, DataTable } from '../../../../ui/DataTable';
import { formatCount } from '../../../../ui/format';
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

const earlierColumns: DataColumn<ImportAttempt>[] = [
  { header: texts.columns.number, cell: (attempt) => attempt.number },
  { header: texts.columns.at, cell: (attempt) => formatDateTime(attempt.at) },
  { header: texts.columns.by, cell: (attempt) => attempt.by ?? importTexts.corrections.unknownPerson },
  { header: texts.columns.fileName, cell: (attempt) => attempt.fileName },
  { header: texts.columns.corrections, cell: (attempt) => formatCount(attempt.corrections) },
  { header: texts.columns.result, cell: (attempt) => attemptResult(attempt) },
];

/** "Tidigare försök", folded away: each earlier validation of the import, oldest first. */
export function EarlierAttempts({ organizationId, importId, current }: EarlierAttemptsProps) {
  // On every mount: the list grows with each validation (decision 0042).
  const { data, isError, isLoading } = useGetImportAttemptsQuery(
    { organizationId, importId },
    { refetchOnMountOrArgChange: true },
  );
  const earlier = (data ?? []).filter((attempt) => attempt.number < current);
  if (!isLoading && !isError && earlier.length === 0) return null;
  return (
    <details className="attempts">
      <summary>{texts.earlier}</summary>
      {isLoading ? (
        <p>{texts.loading}</p>
      ) : isError ? (
        <p>{texts.failed}</p>
      ) : (
        <DataTable
          label={texts.earlier}
          columns={earlierColumns}
          rows={earlier}
          rowKey={(attempt) => attempt.number}
        />
      )}
    </details>
  );
}
