import { useEffect, useRef, useState } from 'react';
import {
  type ChangeKind,
  changeKinds,
  type PricelistRowValueField,
  pricelistRowValueFields,
} from '#contract/domain';
import type { ImportChange } from '#contract/imports';
import { type DataColumn, DataTable } from '../../../../ui/DataTable';
import { formatNumber, formatPrice } from '../../../../ui/format';
import type { PagerProps } from '../../../../ui/Pager';
import { pageOffsets } from '../../../../ui/paging';
import { sv } from '../../../../ui/text/sv';
import { useGetImportChangesQuery } from '../../api/summaryApi';
import { importTexts } from '../../texts';

/** Each kind shows its first rows at once; "Visa alla" pages through the rest. */
export const FIRST_ROWS = 10;
const PAGE_SIZE = 20;
type Counts = Record<ChangeKind, number>;

interface ImportChangesProps {
  organizationId: number;
  importId: number;
  counts: Counts;
}

/**
 * The rows behind the counts, open from the start, so a supplier reads exactly what the import
 * will do before the buttons: the first rows of each kind, and a way to see all of them. The
 * tables are fetched as the section comes near the screen; a browser that cannot tell
 * (no IntersectionObserver) opens them by "Visa ändringar".
 */
export function ImportChanges({ organizationId, importId, counts }: ImportChangesProps) {
  const kinds = changeKinds.filter((kind) => counts[kind] > 0);
  if (kinds.length === 0) return null;
  return <ChangesSection organizationId={organizationId} importId={importId} kinds={kinds} />;
}

function ChangesSection({
  organizationId,
  importId,
  kinds,
}: {
  organizationId: number;
  importId: number;
  kinds: readonly ChangeKind[];
}) {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const canObserve = typeof IntersectionObserver !== 'undefined';
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    const section = sectionRef.current;
    if (!canObserve || isShown || !section) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [canObserve, isShown]);
  const open = () => {
    setShown(true);
    // The button goes with the click: the heading keeps the focus off the body.
    headingRef.current?.focus();
  };
  return (
    <section ref={sectionRef} className="changes" aria-labelledby="changes-heading">
      <h2 id="changes-heading" ref={headingRef} tabIndex={-1}>
        {importTexts.summaryPage.changesHeading}
      </h2>
      {isShown ? (
        kinds.map((kind) => (
          <ChangesTable key={kind} organizationId={organizationId} importId={importId} kind={kind} />
        ))
      ) : canObserve ? (
        <p>{sv.app.loading}</p>
      ) : (
        <button type="button" className="button secondary" onClick={open}>
          {importTexts.summaryPage.showChanges}
        </button>
      )}
    </section>
  );
}

const captions: Record<ChangeKind, string> = importTexts.summaryPage.counts;
const fieldLabel = (field: PricelistRowValueField) => importTexts.rowFields[field];
/** The fields that hold numbers: shown in sv-SE ("1 234,50 kr", "1 500"). */
const numberFields: ReadonlySet<PricelistRowValueField> = new Set([
  'minimumOrderQuantity',
  'deliveryTimeDays',
  'warrantyQuantity',
]);
function formatValue(field: PricelistRowValueField, value: string | number) {
  if (field === 'price') return formatPrice(value);
  return numberFields.has(field) ? formatNumber(value) : String(value);
}
const shownValue = (field: PricelistRowValueField, value: string | number | null) =>
  value === null || value === '' ? importTexts.summaryPage.emptyValue : formatValue(field, value);
/** Numbers and prices are right-aligned, and never broken between the number and "kr" (ui/components.css). */
const isNumeric = (field: PricelistRowValueField) => field === 'price' || numberFields.has(field);

const articleColumns: DataColumn<ImportChange>[] = [
  { header: importTexts.rowFields.articleNumber, cell: (change) => change.articleNumber },
  { header: importTexts.rowFields.articleName, cell: (change) => change.articleName ?? '' },
];
/** An added or removed row: its values, a column each. */
const valueColumns: DataColumn<ImportChange>[] = pricelistRowValueFields.map((field) => ({
  header: fieldLabel(field),
  numeric: isNumeric(field),
  cell: (change) => {
    const value = change.values[field];
    return value === null || value === '' ? '' : formatValue(field, value);
  },
}));
/** An updated row: what changed, in one column. */
const changedColumn: DataColumn<ImportChange> = {
  header: importTexts.summaryPage.changesColumn,
  cell: (change) => <ChangeList change={change} />,
};
const columnsOf = (kind: ChangeKind) => [
  ...articleColumns,
  ...(kind === 'updated' ? [changedColumn] : valueColumns),
];

interface ChangesTableProps {
  organizationId: number;
  importId: number;
  kind: ChangeKind;
}

function ChangesTable({ organizationId, importId, kind }: ChangesTableProps) {
  const [offset, setOffset] = useState(0);
  // First the first rows; after "Visa alla", pages of PAGE_SIZE with the shared Pager.
  const [showsAll, setShowsAll] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Asked for on every mount: a table shown again after a new validation must not keep the rows
  // read for the last one (decision 0042).
  const { data, isError } = useGetImportChangesQuery(
    { organizationId, importId, kind, offset, limit: showsAll ? PAGE_SIZE : FIRST_ROWS },
    { refetchOnMountOrArgChange: true },
  );
  const captionId = `changes-${kind}`;
  const showAll = () => {
    setShowsAll(true);
    // The button goes away with the first rows: the kind's heading takes the focus, not the body.
    headingRef.current?.focus();
  };
  // An answer without rows is as good as none: said, rather than a page that breaks.
  if (isError || (data !== undefined && !Array.isArray(data?.changes)))
    return <p className="banner error">{importTexts.summaryPage.changesFailed}</p>;
  if (!data) return <p>{sv.app.loading}</p>;

  const to = Math.min(offset + data.changes.length, data.total);
  const pager: PagerProps = showsAll
    ? {
        info: importTexts.summaryPage.pageInfo(data.total === 0 ? 0 : offset + 1, to, data.total),
        ...pageSteps(offset, data.total, setOffset),
      }
    : {
        info: importTexts.summaryPage.pageInfo(data.total === 0 ? 0 : 1, to, data.total),
        children: to < data.total && (
          <button type="button" className="button secondary" onClick={showAll}>
            {importTexts.summaryPage.showAllChanges(data.total, captions[kind])}
          </button>
        ),
      };
  return (
    <section className="changes__kind" aria-labelledby={captionId}>
      <h3 id={captionId} ref={headingRef} tabIndex={-1}>
        {captions[kind]}
      </h3>
      <DataTable
        label={captions[kind]}
        labelledBy={captionId}
        columns={columnsOf(kind)}
        rows={data.changes}
        rowKey={(change) => change.articleNumber}
        pager={pager}
      />
    </section>
  );
}

/** The Pager's steps for pages of PAGE_SIZE from `offset`: none with a single page. */
function pageSteps(offset: number, total: number, setOffset: (offset: number) => void) {
  const { previous, next } = pageOffsets(offset, PAGE_SIZE, total);
  if (previous === undefined && next === undefined) return {};
  return {
    onPrevious: previous === undefined ? undefined : () => setOffset(previous),
    onNext: next === undefined ? undefined : () => setOffset(next),
  };
}

/** An updated row's changes, each "Fält: före → efter". */
function ChangeList({ change }: { change: ImportChange }) {
  return (
    <ul className="change-list">
      {change.changes.map(({ field, oldValue, newValue }) =>
        isNumeric(field) ? (
          // The same sentence as importTexts.summaryPage.change, each value kept on one line.
          <li key={field}>
            {fieldLabel(field)}: <span className="money">{shownValue(field, oldValue)}</span> →{' '}
            <span className="money">{shownValue(field, newValue)}</span>
          </li>
        ) : (
          <li key={field}>
            {importTexts.summaryPage.change(
              fieldLabel(field),
              shownValue(field, oldValue),
              shownValue(field, newValue),
            )}
          </li>
        ),
      )}
    </ul>
  );
}
