import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useDispatch } from 'react-redux';
import { Link, useParams } from 'react-router';
import type { ImportStatus } from '#contract/domain';
import { importStatusSummaryLabels, importTypeLabels, isPendingStatus } from '#contract/domain';
import type { Import, ImportSummary } from '#contract/imports';
import { StatusTag } from '../../../../ui/StatusTag';
import { sv } from '../../../../ui/text/sv';
import { usePageTitle } from '../../../../ui/usePageTitle';
import { pricelistPath } from '../../../../ui/v1Paths';
import {
  followNewValidation,
  summaryApi,
  useGetImportQuery,
  useGetImportSummaryQuery,
} from '../../api/summaryApi';
import { formatDateTime, summaryTitle } from '../../format';
import { summaryShowsColumnMapping } from '../../importRules';
import { SUMMARY_POLLING_MS } from '../../limits';
import { importTexts } from '../../texts';
import { useImportUser } from '../../useImportUser';
import { ImportResult } from './ImportResult';
import { SummaryActions } from './SummaryActions';
import '../../imports.css';

/** /import/{id}, "Sammanfattning" (docs/product.md, "Screens and routes"): the import, its result and its buttons. */
export function ImportSummaryPage() {
  const { id } = useParams();
  const importId = Number(id);
  const { organizationId, isError: profileFailed, mayImport } = useImportUser();
  const skip = organizationId === undefined || !Number.isInteger(importId);
  const ref = { organizationId: organizationId ?? 0, importId };

  // While validation or import is pending the page asks again until the result is there.
  const shown = summaryApi.endpoints.getImport.useQueryState(ref, { skip });
  const detail = useGetImportQuery(ref, {
    skip,
    refetchOnMountOrArgChange: true,
    pollingInterval: shown.data && isPendingStatus(shown.data.status) ? SUMMARY_POLLING_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const item = detail.data;
  usePageTitle(summaryTitle(item?.fileName));
  const isPending = item !== undefined && isPendingStatus(item.status);
  const summary = useGetImportSummaryQuery(
    { ...ref, status: item?.status ?? '' },
    { skip: skip || item === undefined || isPending, refetchOnMountOrArgChange: true },
  );
  // currentData, never data: RTK Query's data is the last result of any key, so a new validation
  // would show the one before it while pending and until its own summary came (decision 0042).
  const result = isPending ? undefined : summary.currentData;

  let content: ReactNode;
  if (!Number.isInteger(importId) || detail.isError || profileFailed) {
    // The page keeps its heading, so it is named and focus after navigation has a place to go.
    content = (
      <>
        <h1 tabIndex={-1}>{importTexts.summary}</h1>
        <p className="banner error">{importTexts.importMissing}</p>
      </>
    );
  } else if (item === undefined || organizationId === undefined) {
    content = <p>{sv.app.loading}</p>;
  } else {
    content = (
      <LoadedSummary
        organizationId={organizationId}
        item={item}
        mayImport={mayImport}
        summary={result}
        isSummaryLoading={!isPending && summary.isFetching && result === undefined}
        isSummaryError={summary.isError}
      />
    );
  }
  return (
    <I18nProvider locale="sv-SE">
      <div className="imports-page">{content}</div>
    </I18nProvider>
  );
}

/** While the import is validated again, or waits for a confirm of its new summary. */
const revalidationShown: readonly ImportStatus[] = [
  'VALIDATION_PENDING',
  'VALIDATION_SUCCESS',
  'VALIDATION_FAIL',
];

interface LoadedSummaryProps {
  organizationId: number;
  item: Import;
  mayImport: boolean;
  summary: ImportSummary | null | undefined;
  isSummaryLoading: boolean;
  isSummaryError: boolean;
}

function LoadedSummary({
  organizationId,
  item,
  mayImport,
  summary,
  isSummaryLoading,
  isSummaryError,
}: LoadedSummaryProps) {
  const dispatch = useDispatch();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  useFocusKeptOnPage(pageRef, headingRef);
  const [round, startRound] = useValidationRound(item.status);
  const [started, setStarted] = useState(0);
  const { parent, id, number } = item.metadata;
  /**
   * A new file, a new column mapping or corrections: the import is pending again, and the page
   * follows it. `pending` is the server's answer to the upload; the mapping and the corrections
   * have put theirs in the cache already (api.ts).
   */
  const followValidation = (pending?: Import | null) => {
    followNewValidation(dispatch, { organizationId, importId: item.id }, pending);
    startRound();
    setStarted((count) => count + 1);
  };
  // The button or form that started it goes away with the old status: the heading takes the
  // focus once that is rendered, after a closing dialog ("Läs in ny fil") has let go of it.
  useEffect(() => {
    if (started > 0) headingRef.current?.focus();
  }, [started]);
  // The order of the specification: the facts, the content and its banners, the buttons last.
  return (
    <div ref={pageRef}>
      <h1 ref={headingRef} tabIndex={-1}>
        {importTexts.summaryHeading(item.fileName)}
      </h1>
      <dl className="facts summary-facts">
        <dt>{importTexts.fields.fileName}</dt>
        <dd>{item.fileName}</dd>
        <dt>{importTexts.fields.fileType}</dt>
        <dd>{importTypeLabels[item.type]}</dd>
        <dt>{importTexts.fields.pricelistNumber}</dt>
        <dd>
          <Link to={pricelistPath(organizationId, parent, id)}>{number ?? id}</Link>
        </dd>
        <dt>{importTexts.fields.status}</dt>
        <dd aria-live="polite">
          <StatusTag
            status={item.status}
            label={item.undone ? sv.undoImport.status : importStatusSummaryLabels[item.status]}
            undone={item.undone !== undefined}
          />
        </dd>
        {item.undone && (
          <>
            <dt>{importTexts.undo.undoneAt}</dt>
            <dd>{importTexts.undo.undoneBy(formatDateTime(item.undone.at), item.undone.byFullName)}</dd>
          </>
        )}
      </dl>
      {item.revalidated && revalidationShown.includes(item.status) && (
        // The list changed since the file was validated: what is below is a new validation.
        <p className="banner warning" role="status">
          {item.revalidated.message}
        </p>
      )}
      {isPendingStatus(item.status) && <p>{importTexts.summaryPage.pendingNote}</p>}
      {/* Keyed by the validation: no field, filter, open form or message outlives the result it was for. */}
      <ImportResult
        key={`result-${round}`}
        organizationId={organizationId}
        item={item}
        summary={summary}
        isLoading={isSummaryLoading}
        isError={isSummaryError}
        onValidatingAgain={
          mayImport && summaryShowsColumnMapping(item.status) ? () => followValidation() : undefined
        }
      />
      {/* Read first, then act: "Läs in" after the changes, "Radera" apart at the row's end. */}
      <SummaryActions
        key={`actions-${round}`}
        organizationId={organizationId}
        item={item}
        risk={summary?.type === 'CONFIRM' ? summary.risk : undefined}
        // "Läs in" confirms what the summary shows: not before it is there.
        awaitsSummary={summary === undefined}
        onReplaced={followValidation}
      />
    </div>
  );
}

/**
 * Which validation the page shows: a new round whenever the import goes pending again (seen by
 * polling or started here), and one more when the page starts one itself, should its end come
 * before the page saw it pending. The result and the buttons are keyed by it.
 */
function useValidationRound(status: ImportStatus): [number, () => void] {
  const [seen, setSeen] = useState({ status, round: 0 });
  let { round } = seen;
  if (seen.status !== status) {
    // Adjusted while rendering (React's way for state that follows a prop): no frame shows the old round.
    if (isPendingStatus(status) && !isPendingStatus(seen.status)) round += 1;
    setSeen({ status, round });
  }
  return [round, () => setSeen((current) => ({ ...current, round: current.round + 1 }))];
}

const messageSelector = '[role="status"], [role="alert"]';

/**
 * Focus never falls to the body: when the focused control goes away with what it did ("Ja,
 * ångra" closes its dialog and "Ångra inläsning" gives way to the message), the message that
 * came in its place takes the focus, or else the page's heading.
 */
function useFocusKeptOnPage(
  pageRef: RefObject<HTMLElement | null>,
  headingRef: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const page = pageRef.current;
    if (!page) return;
    let last: Element | null = null;
    const remember = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
    };
    page.addEventListener('focusin', remember);
    const observer = new MutationObserver((records) => {
      if (!last || last.isConnected) return;
      last = null;
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const added = records
        .flatMap((record) => [...record.addedNodes])
        .filter((node): node is HTMLElement => node instanceof HTMLElement);
      const message =
        added.find((node) => node.matches(messageSelector)) ??
        added.map((node) => node.querySelector<HTMLElement>(messageSelector)).find((node) => node !== null);
      const target = message ?? headingRef.current;
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus();
    });
    observer.observe(page, { childList: true, subtree: true });
    return () => {
      page.removeEventListener('focusin', remember);
      observer.disconnect();
    };
  }, [pageRef, headingRef]);
}
