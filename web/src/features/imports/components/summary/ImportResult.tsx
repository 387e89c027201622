import type { ReactNode } from 'react';
import type { Import, ImportRisk, ImportSummary } from '#contract/imports';
import { formatCount, formatDateTime } from '../../../../ui/format';
import { sv } from '../../../../ui/text/sv';
import { useGetImportCorrectionsQuery } from '../../api/correctionsApi';
import { resourceUrls } from '../../api/resourceUrls';
import { initialChoice } from '../../columnMappingText';
import { summaryOffersCorrections } from '../../importRules';
import { importTexts } from '../../texts';
import { ColumnMappingForm } from '../columnMapping/ColumnMappingForm';
import { ColumnMappingNotice } from '../columnMapping/ColumnMappingNotice';
import { SavedMappingMismatchNotice } from '../columnMapping/SavedMappingMismatchNotice';
import { AttemptStatus, EarlierAttempts } from '../corrections/ImportAttempts';
import { KeptCorrections } from '../corrections/KeptCorrections';
import { ValidationErrors } from '../corrections/ValidationErrors';
import { CatalogueNotice } from './CatalogueNotice';
import { ImportChanges } from './ImportChanges';
import { RiskFacts } from './RiskFacts';

interface ImportResultProps {
  organizationId: number;
  item: Import;
  summary: ImportSummary | null | undefined;
  isLoading: boolean;
  isError: boolean;
  /**
   * Given while the user may map the file's columns and validate the import again: called once
   * the server has taken the mapping (the import is pending again).
   */
  onValidatingAgain?: (() => void) | undefined;
}

const isTechnicalError = (item: Import) =>
  item.status === 'VALIDATION_ERROR' || item.status === 'IMPORT_ERROR';

/** The content of the summary by its type (docs/product.md, "Data the shell shows") with the banners of §8. */
export function ImportResult({
  organizationId,
  item,
  summary,
  isLoading,
  isError,
  onValidatingAgain,
}: ImportResultProps) {
  if (isLoading) return <p>{sv.app.loading}</p>;
  if (isError) return <p className="banner error">{sv.app.somethingWentWrong}</p>;
  if (!summary) {
    // A file the reader refused says why (zip bomb, password, truncated…); other failures are ours.
    return isTechnicalError(item) ? (
      <p className="banner error">{item.failureReason ?? importTexts.summaryPage.technicalErrorBanner}</p>
    ) : null;
  }
  switch (summary.type) {
    case 'CONFIRM':
    case 'VALIDATION_ERRORS':
      return (
        <ValidatedResult
          organizationId={organizationId}
          item={item}
          summary={summary}
          onValidatingAgain={onValidatingAgain}
        />
      );
    case 'INVALID_FORMAT': {
      if (summary.catalogueProblem !== undefined)
        return <CatalogueProblem problem={summary.catalogueProblem} />;
      const sheets = summary.fileSheets ?? [];
      // The server's suggestion: saved choices where the headers still fit, else names that look alike.
      const initial = initialChoice(sheets, summary.suggestedMapping);
      const offersMapping = onValidatingAgain !== undefined && initial !== undefined;
      return (
        <>
          {/* Our own lead before the specified content: the way on is the form, not a new file. */}
          {offersMapping && <p className="banner next-step">{importTexts.summaryPage.mappingNextStep}</p>}
          <MissingColumns summary={summary} />
          {summary.savedMappingMismatch && (
            <SavedMappingMismatchNotice
              mismatch={summary.savedMappingMismatch}
              offersMapping={offersMapping}
            />
          )}
          {offersMapping && (
            <ColumnMappingForm
              organizationId={organizationId}
              importId={item.id}
              sheets={sheets}
              initial={initial}
              onValidating={onValidatingAgain}
            />
          )}
        </>
      );
    }
  }
}

type Validated = Extract<ImportSummary, { type: 'CONFIRM' | 'VALIDATION_ERRORS' }>;

/**
 * A file whose columns were read: the mapping used, the attempt and how it moved, the counts or
 * the errors (which the user may correct here), and the corrections kept for the import.
 */
function ValidatedResult({
  organizationId,
  item,
  summary,
  onValidatingAgain,
}: {
  organizationId: number;
  item: Import;
  summary: Validated;
  onValidatingAgain: (() => void) | undefined;
}) {
  const offersCorrections =
    summary.type === 'VALIDATION_ERRORS' &&
    onValidatingAgain !== undefined &&
    summaryOffersCorrections(item.status);
  const attemptNumber = summary.attempt?.number ?? 1;
  // Corrections are made by "Validera igen", a later attempt: the first has none to show.
  const { data: corrections } = useGetImportCorrectionsQuery(
    { organizationId, importId: item.id },
    { skip: !offersCorrections && attemptNumber <= 1, refetchOnMountOrArgChange: true },
  );
  const attempt = summary.attempt && (
    <>
      <AttemptStatus attempt={summary.attempt} />
      {attemptNumber > 1 && (
        <EarlierAttempts organizationId={organizationId} importId={item.id} current={attemptNumber} />
      )}
    </>
  );
  return (
    <>
      <CatalogueNotice summary={summary} />
      {summary.columnMapping && (
        <ColumnMappingNotice
          organizationId={organizationId}
          importId={item.id}
          mapping={summary.columnMapping}
          fileSheets={summary.fileSheets}
          onValidatingAgain={onValidatingAgain}
        />
      )}
      {summary.type === 'CONFIRM' ? (
        <ConfirmResult organizationId={organizationId} item={item} counts={summary} attempt={attempt} />
      ) : (
        <ValidationErrors
          organizationId={organizationId}
          importId={item.id}
          summary={summary}
          corrections={offersCorrections ? corrections : undefined}
          onValidatingAgain={offersCorrections ? onValidatingAgain : undefined}
          attempt={attempt}
        />
      )}
      {corrections && (
        <KeptCorrections organizationId={organizationId} importId={item.id} corrections={corrections} />
      )}
    </>
  );
}

/** The banner and the missing columns (or sheet) of a file whose columns are not ours. */
function MissingColumns({ summary }: { summary: Extract<ImportSummary, { type: 'INVALID_FORMAT' }> }) {
  return (
    <section aria-labelledby="missing-columns-heading">
      <p className="banner error">{importTexts.invalidFormatBanner}</p>
      <h2 id="missing-columns-heading">{importTexts.summaryPage.missingColumnsHeading}</h2>
      {summary.missingSheet !== undefined ? (
        // No such sheet at all: say so, and which sheets the file has, rather than every column.
        <p>{importTexts.summaryPage.missingSheet(summary.missingSheet, summary.sheetsInFile ?? [])}</p>
      ) : (
        <ul className="missing-columns">
          {summary.missingColumns.map(({ column, sheets }) => (
            <li key={column}>{importTexts.summaryPage.missingColumn(column, sheets)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A Peppol catalogue (sent through the API) that does not fit the chosen price list. */
function CatalogueProblem({ problem }: { problem: string }) {
  return (
    <section aria-labelledby="catalogue-problem-heading">
      <p className="banner error">{importTexts.catalogueProblemBanner}</p>
      <h2 id="catalogue-problem-heading">{importTexts.summaryPage.catalogueProblemHeading}</h2>
      <p>{problem}</p>
    </section>
  );
}

type Counts = Extract<ImportSummary, { type: 'CONFIRM' }>;

/**
 * A file ready to be read in, in the order it is checked (docs/product.md, "Screens and routes";
 * issue 31): the banner, the risks, the four counts with what happens to prices, and the changes
 * themselves, open. The buttons come after all of it (ImportSummaryPage).
 */
function ConfirmResult({
  organizationId,
  item,
  counts,
  attempt,
}: {
  organizationId: number;
  item: Import;
  counts: Counts;
  /** Under the banner: the attempt, and how it moved since the one before. */
  attempt?: ReactNode;
}) {
  const labels = importTexts.summaryPage.counts;
  const isImported = item.status === 'IMPORT_SUCCESS' && item.imported !== null;
  const isRisky = (counts.risk?.warnings.length ?? 0) > 0;
  return (
    <>
      <section aria-labelledby="counts-heading">
        {/* The banner asks the user to press "Läs in": only while that button is there. A risky
            file is approved with a warning, never in success colours, and its risks come next. */}
        {item.status === 'VALIDATION_SUCCESS' && (
          <p className={isRisky ? 'banner warning' : 'banner success'}>
            {importTexts.validationSuccessBanner}
          </p>
        )}
        {counts.risk && (
          <RiskWarnings
            risk={counts.risk}
            heading={isImported ? importTexts.risk.shownHeading : importTexts.risk.warningsHeading}
          />
        )}
        {attempt}
        <h2 id="counts-heading">
          {isImported ? importTexts.summaryPage.importedCountsHeading : importTexts.summaryPage.countsHeading}
        </h2>
        {isImported && item.imported && (
          // A timestamp is a fact under the heading, never the heading itself.
          <p>{importTexts.summaryPage.importedAt(formatDateTime(item.imported), item.importedBy.fullName)}</p>
        )}
        <dl className="facts counts">
          <dt>{labels.added}</dt>
          <dd>{formatCount(counts.added)}</dd>
          <dt>{labels.updated}</dt>
          <dd>{formatCount(counts.updated)}</dd>
          <dt>{labels.removed}</dt>
          <dd>{formatCount(counts.removed)}</dd>
          <dt>{labels.unchanged}</dt>
          <dd>{formatCount(counts.unchanged)}</dd>
        </dl>
        {counts.risk && <RiskFacts risk={counts.risk} />}
        <p>
          <a href={resourceUrls.changesExcel(organizationId, item.id)} download>
            {importTexts.summaryPage.changesExcel}
          </a>
        </p>
      </section>
      <ImportChanges organizationId={organizationId} importId={item.id} counts={counts} />
    </>
  );
}

/**
 * Before the counts: the risks confirming carries (the server's sentences), read before anything
 * else; once applied, the same risks as they were shown and acknowledged.
 */
function RiskWarnings({ risk, heading }: { risk: ImportRisk; heading: string }) {
  if (risk.warnings.length === 0) return null;
  return (
    <div className="banner warning" role="note" aria-labelledby="risk-warnings-heading">
      <h2 id="risk-warnings-heading">{heading}</h2>
      <ul>
        {risk.warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
