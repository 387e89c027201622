import './priceChanges.css';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { RecentPriceChange } from '#contract/priceChanges';
import { API_BASE_URL } from '../../api/api';
import { type DataColumn, DataTable } from '../../ui/DataTable';
import { DateTime } from '../../ui/DateTime';
import { FileName } from '../../ui/FileName';
import { formatCount, formatPrice } from '../../ui/format';
import { usePageTitle } from '../../ui/usePageTitle';
import { pricelistPath } from '../../ui/v1Paths';
import { useGetRecentPriceChangesQuery } from './api';
import { PriceChangesDownload } from './PriceChangesDownload';
import { type ChosenChanges, PriceChangesFilter } from './PriceChangesFilter';
import { priceChangeTexts } from './texts';

/**
 * /prisandringar: the latest applied imports and undos across suppliers, newest first, for a
 * region's user (docs/api-changes.md). Filters by supplier and by day; "Visa äldre" adds the
 * next 25 below and moves the focus to the first of them.
 */
export function PriceChangesPage() {
  const texts = priceChangeTexts;
  usePageTitle(texts.heading);
  const [chosen, setChosen] = useState<ChosenChanges>({});
  const [before, setBefore] = useState<string | undefined>(undefined);
  const [earlier, setEarlier] = useState<RecentPriceChange[]>([]);
  // currentData: the answer to these filters and this page only, never the last one's.
  const { currentData, data, isError, isFetching } = useGetRecentPriceChangesQuery({
    ...chosen,
    ...(before !== undefined && { before }),
  });
  const changes = [...earlier, ...(currentData?.changes ?? [])];
  const firstNew = useRef<HTMLTableRowElement>(null);
  const failure = useRef<HTMLParagraphElement>(null);
  const [focusFirstNew, setFocusFirstNew] = useState(false);

  useEffect(() => {
    if (!focusFirstNew || isFetching) return;
    // The first of the older ones, or the message that they could not be fetched.
    (isError ? failure.current : firstNew.current)?.focus();
    setFocusFirstNew(false);
  }, [focusFirstNew, isFetching, isError]);

  const choose = (next: ChosenChanges) => {
    setEarlier([]);
    setBefore(undefined);
    setChosen(next);
  };
  const older = () => {
    if (!currentData?.nextBefore) return;
    setEarlier(changes);
    setBefore(currentData.nextBefore);
    setFocusFirstNew(true);
  };
  const anyChosen = Object.values(chosen).some((value) => value !== undefined);

  return (
    <div className="price-changes-page">
      <h1 tabIndex={-1}>{texts.heading}</h1>
      <p>{texts.intro}</p>
      <p>
        {texts.feedBefore} <a href="/api-dokumentation">{texts.feedLink}</a>.
      </p>
      {/* The suppliers of the last answer, so the choice stays while the next loads. */}
      <PriceChangesFilter suppliers={data?.suppliers ?? []} onChoose={choose} />
      <PriceChangesDownload href={exportHref(chosen)} />
      {isError && (
        <p ref={failure} className="banner error" role="alert" tabIndex={-1}>
          {texts.loadFailed}
        </p>
      )}
      <p role="status" className="price-changes-count">
        {!isFetching &&
          currentData &&
          (changes.length === 0 ? (anyChosen ? texts.noneChosen : texts.none) : texts.shown(changes.length))}
      </p>
      {changes.length > 0 && (
        <DataTable
          label={texts.tableCaption}
          className="price-changes-table"
          columns={changeColumns}
          rows={changes}
          rowKey={(change) => change.cursor}
          // The first of the older ones takes the focus once they are there.
          rowProps={(_, index) =>
            index === earlier.length && earlier.length > 0 ? { ref: firstNew, tabIndex: -1 } : {}
          }
        />
      )}
      {!isFetching && currentData?.nextBefore && (
        <button type="button" className="button secondary" onClick={older}>
          {texts.older}
        </button>
      )}
    </div>
  );
}

const changeColumns: DataColumn<RecentPriceChange>[] = [
  { header: priceChangeTexts.columns.changedAt, cell: (change) => <DateTime iso={change.changedAt} /> },
  { header: priceChangeTexts.columns.supplier, cell: (change) => change.organization.name },
  {
    header: priceChangeTexts.columns.pricelist,
    cell: (change) => (
      <>
        <Link
          to={pricelistPath(change.organization.id, change.pricelist.generalPricelistId, change.pricelist.id)}
        >
          {priceChangeTexts.pricelist(change.pricelist.number)}
        </Link>
        <br />
        <FileName name={change.import.fileName} />
      </>
    ),
  },
  { header: priceChangeTexts.columns.kind, cell: (change) => priceChangeTexts.kinds[change.kind] },
  {
    header: priceChangeTexts.columns.added,
    numeric: true,
    cell: (change) => formatCount(change.counts.added),
  },
  {
    header: priceChangeTexts.columns.updated,
    numeric: true,
    cell: (change) => formatCount(change.counts.updated),
  },
  {
    header: priceChangeTexts.columns.removed,
    numeric: true,
    cell: (change) => formatCount(change.counts.removed),
  },
  { header: priceChangeTexts.columns.largest, cell: (change) => <LargestPriceChanges change={change} /> },
];

/** The export of what the filters chose (all of it: the rows behind the page, not its 25). */
function exportHref(chosen: ChosenChanges) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(chosen)) if (value !== undefined) params.set(key, String(value));
  const query = params.toString();
  return `${API_BASE_URL}pricelists/changes/export${query ? `?${query}` : ''}`;
}

function LargestPriceChanges({ change }: { change: RecentPriceChange }) {
  const texts = priceChangeTexts;
  if (change.largestPriceChanges === null) return <>{texts.notKept}</>;
  if (change.largestPriceChanges.length === 0) return <>{texts.noPriceChanges}</>;
  return (
    <ul className="price-changes-largest">
      {change.largestPriceChanges.map((price) => (
        <li key={price.articleNumber}>
          {price.articleNumber}: {formatPrice(price.before)} → {formatPrice(price.after)}
        </li>
      ))}
    </ul>
  );
}
