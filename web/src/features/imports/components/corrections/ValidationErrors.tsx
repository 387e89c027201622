import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { SUMMARY_ERROR_LIMIT } from '#contract/domain';
import type { ImportCorrectionsResponse, ImportSummary, ValidationErrorCount } from '#contract/imports';
import { useGetImportErrorsQuery } from '../../api/correctionsApi';
import { resourceUrls } from '../../api/resourceUrls';
import { importTexts } from '../../texts';
import { BulkCorrections } from './BulkCorrections';
import { DraftStatus, useCorrecting } from './CorrectErrors';
import { ErrorTable } from './ErrorTable';

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
  const formRef = useRef<HTMLFormElement>(null);
  const correctable = onValidatingAgain !== undefined && corrections?.correctable === true;
  const tooManyToCorrect =
    onValidatingAgain !== undefined &&
    corrections !== undefined &&
    !corrections.correctable &&
    summary.errorCount > corrections.maxErrors;
  // The way on, beside the specified banner: known once the server has said whether the errors
  // may be corrected here; nothing while the import is not waiting for the user.
  const nextStep =
    onValidatingAgain === undefined || corrections === undefined
      ? null
      : correctable
        ? texts.errorsNextStep
        : texts.errorsNextStepFileOnly;
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
    // On every mount: the errors of one validation are never shown for the next (decision 0042).
    { refetchOnMountOrArgChange: true },
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

  // The errors the page has read: a value set for all of a rule shows in their fields at once.
  const filteredErrors = filtered.currentData?.errors;
  const knownErrors = useMemo(
    () => [...summary.errors, ...(filteredErrors ?? [])],
    [summary.errors, filteredErrors],
  );
  const { round, change, editing, validateAgain, outcome, isSaving, draft } = useCorrecting({
    organizationId,
    importId,
    corrections,
    onValidatingAgain,
    correctable,
    knownErrors,
    formRef,
  });

  const table = page && (
    <ErrorTable errors={page.errors.slice(0, SUMMARY_ERROR_LIMIT)} total={page.total} editing={editing} />
  );

  return (
    <section aria-labelledby="errors-heading">
      <p className="banner error">{importTexts.validationErrorsBanner}</p>
      {nextStep && <p className="banner next-step">{nextStep}</p>}
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
      {editing && filter && (
        <BulkCorrections
          key={`${filter.column} ${filter.rule}`}
          count={filter}
          round={round}
          change={change}
          errors={knownErrors}
        />
      )}
      {tooManyToCorrect && <p>{correctionTexts.tooManyErrors(corrections.maxErrors)}</p>}
      {editing ? (
        <form ref={formRef} noValidate onSubmit={validateAgain} className="corrections-form">
          <p>{correctionTexts.intro}</p>
          <p>{correctionTexts.leaveOutHint}</p>
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
          <DraftStatus saveState={draft.saveState} restored={draft.restored} />
        </form>
      ) : (
        table
      )}
    </section>
  );
}
