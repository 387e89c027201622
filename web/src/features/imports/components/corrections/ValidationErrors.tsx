import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
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
 * The errors shown: the first 100 of the summary, or those of the column and rule chosen (fetched
 * from the errors call, at most 100 of them), with the sentence that says which.
 */
function useErrorFilter(organizationId: number, importId: number, summary: ErrorsSummary) {
  const [filter, setFilter] = useState<ValidationErrorCount | null>(null);
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
  return { filter, setFilter, page, status, knownErrors };
}

/**
 * Whether the errors may be corrected here, or are too many for it, and the way on beside the
 * specified banner: known once the server has said whether the errors may be corrected here;
 * nothing while the import is not waiting for the user.
 */
function correctionChoice(
  summary: ErrorsSummary,
  corrections: ImportCorrectionsResponse | undefined,
  onValidatingAgain: (() => void) | undefined,
) {
  const correctable = onValidatingAgain !== undefined && corrections?.correctable === true;
  const tooManyToCorrect =
    onValidatingAgain !== undefined &&
    corrections !== undefined &&
    !corrections.correctable &&
    summary.errorCount > corrections.maxErrors;
  const nextStep =
    onValidatingAgain === undefined || corrections === undefined
      ? null
      : correctable
        ? texts.errorsNextStep
        : texts.errorsNextStepFileOnly;
  return { correctable, tooManyToCorrect, nextStep };
}

interface ErrorCountFiltersProps {
  counts: ValidationErrorCount[];
  errorCount: number;
  filter: ValidationErrorCount | null;
  onFilter: (filter: ValidationErrorCount | null) => void;
}

/** "Alla fel" and one button per column and rule; a pressed one shows only those errors. */
function ErrorCountFilters({ counts, errorCount, filter, onFilter }: ErrorCountFiltersProps) {
  if (counts.length === 0) return null;
  return (
    <>
      <h3 id="error-counts-heading">{texts.errorCountsHeading}</h3>
      {/* Buttons that stay in place: the pressed one keeps the focus while the table changes. */}
      <ul className="error-counts" aria-labelledby="error-counts-heading">
        <li>
          <button
            type="button"
            className="button secondary"
            aria-pressed={filter === null}
            onClick={() => onFilter(null)}
          >
            {texts.allErrors(errorCount)}
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
                onClick={() => onFilter(pressed ? null : count)}
              >
                {count.label}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

type Correcting = ReturnType<typeof useCorrecting>;

interface CorrectionsFormProps extends Pick<Correcting, 'validateAgain' | 'outcome' | 'isSaving' | 'draft'> {
  formRef: RefObject<HTMLFormElement | null>;
  /** The error table, its values typed in place. */
  children: ReactNode;
}

/** The error table as a form: the values typed in it are sent with "Validera igen". */
function CorrectionsForm({
  formRef,
  validateAgain,
  outcome,
  isSaving,
  draft,
  children,
}: CorrectionsFormProps) {
  return (
    <form ref={formRef} noValidate onSubmit={validateAgain} className="corrections-form">
      <p>{correctionTexts.intro}</p>
      <p>{correctionTexts.leaveOutHint}</p>
      {children}
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
  );
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
  const formRef = useRef<HTMLFormElement>(null);
  const { correctable, tooManyToCorrect, nextStep } = correctionChoice(
    summary,
    corrections,
    onValidatingAgain,
  );
  const { filter, setFilter, page, status, knownErrors } = useErrorFilter(organizationId, importId, summary);
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
      <ErrorCountFilters
        counts={summary.errorCounts ?? []}
        errorCount={summary.errorCount}
        filter={filter}
        onFilter={setFilter}
      />
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
      {tooManyToCorrect && corrections && <p>{correctionTexts.tooManyErrors(corrections.maxErrors)}</p>}
      {editing ? (
        <CorrectionsForm
          formRef={formRef}
          validateAgain={validateAgain}
          outcome={outcome}
          isSaving={isSaving}
          draft={draft}
        >
          {table}
        </CorrectionsForm>
      ) : (
        table
      )}
    </section>
  );
}
