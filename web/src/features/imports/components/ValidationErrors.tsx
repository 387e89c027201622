import { SUMMARY_ERROR_LIMIT } from '#contract/domain';
import type { ImportSummary } from '#contract/imports';
import { ScrollRegion } from '../../../ui/ScrollRegion';
import { sv } from '../../../ui/text/sv';
import { resourceUrls } from '../api';

type ErrorsSummary = Extract<ImportSummary, { type: 'VALIDATION_ERRORS' }>;

interface ValidationErrorsProps {
  organizationId: number;
  importId: number;
  summary: ErrorsSummary;
}

/** The first 100 errors, how many there are in all, and every error as an Excel file (docs/product.md, "Texts"). */
export function ValidationErrors({ organizationId, importId, summary }: ValidationErrorsProps) {
  const shown = summary.errors.slice(0, SUMMARY_ERROR_LIMIT);
  const columns = sv.imports.errorColumns;
  return (
    <section aria-labelledby="errors-heading">
      <p className="banner error">{sv.imports.validationErrorsBanner}</p>
      {summary.errorCount > SUMMARY_ERROR_LIMIT && <p className="banner">{sv.imports.tooManyErrorsBanner}</p>}
      <h2 id="errors-heading">{sv.imports.summaryPage.errorsHeading}</h2>
      <p>
        <a href={resourceUrls.validationErrorsExcel(organizationId, importId)} download>
          {sv.imports.summaryPage.exportErrors}
        </a>
      </p>
      <ScrollRegion label={sv.imports.summaryPage.errorsHeading}>
        <table className="data-table errors-table">
          <caption>{sv.imports.showingErrors(shown.length, summary.errorCount)}</caption>
          <thead>
            <tr>
              <th scope="col">{columns.row}</th>
              <th scope="col">{columns.articleNumber}</th>
              <th scope="col">{columns.sheet}</th>
              <th scope="col">{columns.column}</th>
              <th scope="col">{columns.value}</th>
              <th scope="col">{columns.message}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((error, index) => (
              // Several errors may share a row and a column; their order is the server's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for this summary
              <tr key={index}>
                <td>{error.row}</td>
                <td>{error.articleNumber ?? ''}</td>
                <td>{error.sheet}</td>
                <td>{error.column}</td>
                <td>{error.value}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
