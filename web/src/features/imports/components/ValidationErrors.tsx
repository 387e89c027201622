import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isCorrectableError, SUMMARY_ERROR_LIMIT } from '#contract/domain';
import type {
  ImportCorrectionsResponse,
  ImportSummary,
  ValidationError,
  ValidationErrorCount,
} from '#contract/imports';
import { apiFailureOf } from '../../../api/apiError';
import { ScrollRegion } from '../../../ui/ScrollRegion';
import { sv } from '../../../ui/text/sv';
import { resourceUrls, useGetImportErrorsQuery, useSaveCorrectionsMutation } from '../api';
import { importTexts } from '../texts';

type ErrorsSummary = Extract<ImportSummary, { type: 'VALIDATION_ERRORS' }>;

interface ValidationErrorsProps {
  organizationId: number;
  importId: number;
  summary: ErrorsSummary;
  /**
   * Given while the user may correct the errors here: the corrections kept for the import (whether
   * the server offers more, and the version they are typed on).
   */
  corrections?: ImportCorrectionsResponse | undefined;
  /** Called once the server has taken the corrections (the import is pending again). */
  onValidatingAgain?: (() => void) | undefined;
  /** Under the banners: the attempt, and how it moved since the one before. */
  attempt?: ReactNode;
}

const texts = importTexts.summaryPage;
const correctionTexts = importTexts.corrections;

/** A value typed for one cell (several errors of a cell share it), and the file's value. */
interface Draft {
  row: number;
  column: string;
  value: string;
  original: string;
}
const cellKey = (row: number, column: string) => `${row}\u0000${column}`;

/** What the table's rows may edit: the typed values and the rows left out, kept across filters. */
interface Editing {
  valueOf: (error: ValidationError) => string;
  change: (error: ValidationError, value: string) => void;
  isLeftOut: (row: number) => boolean;
  leaveOut: (row: number, leftOut: boolean) => void;
}

/**
 * The first 100 errors, how many there are in all, and every error as an Excel file (docs/product.md,
 * "Texts"); above the table, the errors counted by column and rule, each a button that shows only
 * those errors (fetched from the errors call, at most 100 of them).
 */
export function ValidationErrors({
  organizationId,
  importId,
  summary,
  corrections,
  onValidatingAgain,
  attempt,
}: ValidationErrorsProps) {
  const [filter, setFilter] = useState<ValidationErrorCount | null>(null);
  const [drafts, setDrafts] = useState<ReadonlyMap<string, Draft>>(new Map());
  const [leftOut, setLeftOut] = useState<ReadonlySet<number>>(new Set());
  /** What the last "Validera igen" came to; `shown` counts them, so a repeated message is read again. */
  const [outcome, setOutcome] = useState<{ text: string; shown: number } | null>(null);
  const [save, { isLoading: isSaving }] = useSaveCorrectionsMutation();
  const correctable = onValidatingAgain !== undefined && corrections?.correctable === true;
  const tooManyToCorrect =
    onValidatingAgain !== undefined &&
    corrections !== undefined &&
    !corrections.correctable &&
    summary.errorCount > corrections.maxErrors;
  const counts = summary.errorCounts ?? [];
  const filtered = useGetImportErrorsQuery(
    filter
      ? {
          organizationId,
          importId,
          column: filter.column,
          rule: filter.rule,
          offset: 0,
          limit: SUMMARY_ERROR_LIMIT,
        }
      : skipToken,
  );
  // currentData: never the rows of the filter chosen before while the new one loads.
  const page = filter ? filtered.currentData : { errors: summary.errors, total: summary.errorCount };
  const status = filter
    ? filtered.isError
      ? texts.errorsFailed
      : page
        ? texts.showingErrorsOf(filter.label)
        : texts.loadingErrors
    : texts.showingAllErrors;

  const editing: Editing | undefined = correctable
    ? {
        valueOf: (error) => drafts.get(cellKey(error.row, error.column))?.value ?? error.value,
        change: (error, value) =>
          setDrafts((current) => {
            const key = cellKey(error.row, error.column);
            const original = current.get(key)?.original ?? error.value;
            return new Map(current).set(key, { row: error.row, column: error.column, value, original });
          }),
        isLeftOut: (row) => leftOut.has(row),
        leaveOut: (row, out) =>
          setLeftOut((current) => {
            const next = new Set(current);
            if (out) next.add(row);
            else next.delete(row);
            return next;
          }),
      }
    : undefined;

  const showOutcome = (text: string) => setOutcome((current) => ({ text, shown: (current?.shown ?? 0) + 1 }));

  const validateAgain = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || !corrections || !onValidatingAgain) return;
    // Only the cells changed, and none of a row left out: the whole row goes.
    const changed = [...drafts.values()]
      .filter((draft) => draft.value !== draft.original && !leftOut.has(draft.row))
      .map(({ row, column, value }) => ({ row, column, value }));
    const rows = [...leftOut].sort((a, b) => a - b);
    if (changed.length === 0 && rows.length === 0) {
      showOutcome(correctionTexts.nothingChanged);
      return;
    }
    setOutcome(null);
    try {
      await save({
        organizationId,
        importId,
        basedOn: corrections.version,
        corrections: changed,
        leaveOut: rows,
      }).unwrap();
      onValidatingAgain();
    } catch (error) {
      // 400, 409 (someone else saved meanwhile), 410: the server's words; what was typed stays.
      const { status, message } = apiFailureOf(error);
      showOutcome(message ?? (status === 409 ? correctionTexts.cannotValidateNow : sv.app.actionFailed));
    }
  };

  const table = page && (
    <ErrorTable errors={page.errors.slice(0, SUMMARY_ERROR_LIMIT)} total={page.total} editing={editing} />
  );

  return (
    <section aria-labelledby="errors-heading">
      <p className="banner error">{importTexts.validationErrorsBanner}</p>
      {summary.errorCount > SUMMARY_ERROR_LIMIT && (
        <p className="banner">{importTexts.tooManyErrorsBanner}</p>
      )}
      {attempt}
      <h2 id="errors-heading">{texts.errorsHeading}</h2>
      <p>
        <a href={resourceUrls.validationErrorsExcel(organizationId, importId)} download>
          {texts.exportErrors}
        </a>
      </p>
      {counts.length > 0 && (
        <>
          <h3 id="error-counts-heading">{texts.errorCountsHeading}</h3>
          {/* Buttons that stay in place: the pressed one keeps the focus while the table changes. */}
          <ul className="error-counts" aria-labelledby="error-counts-heading">
            <li>
              <button
                type="button"
                className="button secondary"
                aria-pressed={filter === null}
                onClick={() => setFilter(null)}
              >
                {texts.allErrors(summary.errorCount)}
              </button>
            </li>
            {counts.map((count) => {
              const pressed = filter?.column === count.column && filter.rule === count.rule;
              return (
                <li key={`${count.column} ${count.rule}`}>
                  <button
                    type="button"
                    className="button secondary"
                    aria-pressed={pressed}
                    onClick={() => setFilter(pressed ? null : count)}
                  >
                    {count.label}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p role="status" className="error-counts__status">
        {status}
      </p>
      {tooManyToCorrect && <p>{correctionTexts.tooManyErrors(corrections.maxErrors)}</p>}
      {editing ? (
        <form noValidate onSubmit={validateAgain} className="corrections-form">
          <p>{correctionTexts.intro}</p>
          {table}
          {outcome && (
            <p key={outcome.shown} className="banner error" role="alert">
              {outcome.text}
            </p>
          )}
          <div className="button-row">
            <button
              type="submit"
              className="button"
              aria-disabled={isSaving || undefined}
              aria-busy={isSaving || undefined}
            >
              {correctionTexts.submit}
            </button>
          </div>
        </form>
      ) : (
        table
      )}
    </section>
  );
}

function ErrorTable({
  errors,
  total,
  editing,
}: {
  errors: readonly ValidationError[];
  total: number;
  editing?: Editing | undefined;
}) {
  const id = useId();
  const columns = importTexts.errorColumns;
  return (
    <ScrollRegion label={texts.errorsHeading}>
      <table className="data-table errors-table">
        <caption>{importTexts.showingErrors(errors.length, total)}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.row}</th>
            <th scope="col">{columns.articleNumber}</th>
            <th scope="col">{columns.sheet}</th>
            <th scope="col">{columns.column}</th>
            <th scope="col">{columns.cell}</th>
            <th scope="col">{columns.value}</th>
            <th scope="col">{columns.message}</th>
            {editing && <th scope="col">{correctionTexts.leaveOutColumn}</th>}
          </tr>
        </thead>
        <tbody>
          {errors.map((error, index) => (
            // Several errors may share a row and a column; their order is the server's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for one filter
            <tr key={index}>
              <td>{error.row}</td>
              <td>{error.articleNumber ?? ''}</td>
              <td>{error.sheet}</td>
              <td>
                {error.column}
                {error.fileColumn && (
                  // Under our name, the column as the supplier's file names it.
                  <>
                    {' '}
                    <span className="errors-table__file-column">
                      {importTexts.columnMapping.inFile(error.fileColumn)}
                    </span>
                  </>
                )}
              </td>
              <td>{error.cell ?? ''}</td>
              <td>
                {editing && isCorrectableError(error) ? (
                  // A cell's error: its value is a field, described by the error's message.
                  <input
                    type="text"
                    className="errors-table__value"
                    aria-label={correctionTexts.valueLabel(
                      error.column,
                      error.articleNumber,
                      error.row,
                      error.cell ?? '',
                    )}
                    aria-describedby={`${id}-message-${index}`}
                    value={editing.valueOf(error)}
                    disabled={editing.isLeftOut(error.row)}
                    onChange={(event) => editing.change(error, event.target.value)}
                  />
                ) : (
                  error.value
                )}
              </td>
              <td id={`${id}-message-${index}`}>{error.message}</td>
              {editing && (
                <td>
                  <label className="errors-table__leave-out">
                    {/* Named with its row: the visible label alone is the same on every row. */}
                    <input
                      type="checkbox"
                      aria-label={correctionTexts.leaveOutLabel(error.row, error.articleNumber)}
                      checked={editing.isLeftOut(error.row)}
                      onChange={(event) => editing.leaveOut(error.row, event.target.checked)}
                    />{' '}
                    {correctionTexts.leaveOut}
                  </label>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
