import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { SUMMARY_ERROR_LIMIT } from '#contract/domain';
import type { ImportSummary, ValidationError, ValidationErrorCount } from '#contract/imports';
import { ScrollRegion } from '../../../ui/ScrollRegion';
import { resourceUrls, useGetImportErrorsQuery } from '../api';
import { importTexts } from '../texts';

type ErrorsSummary = Extract<ImportSummary, { type: 'VALIDATION_ERRORS' }>;

interface ValidationErrorsProps {
  organizationId: number;
  importId: number;
  summary: ErrorsSummary;
}

const texts = importTexts.summaryPage;

/**
 * The first 100 errors, how many there are in all, and every error as an Excel file (docs/product.md,
 * "Texts"); above the table, the errors counted by column and rule, each a button that shows only
 * those errors (fetched from the errors call, at most 100 of them).
 */
export function ValidationErrors({ organizationId, importId, summary }: ValidationErrorsProps) {
  const [filter, setFilter] = useState<ValidationErrorCount | null>(null);
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

  return (
    <section aria-labelledby="errors-heading">
      <p className="banner error">{importTexts.validationErrorsBanner}</p>
      {summary.errorCount > SUMMARY_ERROR_LIMIT && (
        <p className="banner">{importTexts.tooManyErrorsBanner}</p>
      )}
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
      {page && <ErrorTable errors={page.errors.slice(0, SUMMARY_ERROR_LIMIT)} total={page.total} />}
    </section>
  );
}

function ErrorTable({ errors, total }: { errors: readonly ValidationError[]; total: number }) {
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
              <td>{error.value}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
