import './pricelists.css';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { pricelistTimeStatusLabels } from '#contract/domain';
import { IMPORT_PERMISSION } from '#contract/permissions';
import type { PricelistOverview } from '#contract/pricelists';
import { API_BASE_URL } from '../../api/api';
import { hasPermission, useGetProfileQuery } from '../../api/profile';
import { formatCount } from '../../ui/format';
import { Tag } from '../../ui/Tag';
import { usePageTitle } from '../../ui/usePageTitle';
import { generalPricelistPath } from '../../ui/v1Paths';
import type { PricelistRef } from './api';
import { ImportHistory } from './ImportHistory';
import { PricelistRowsTable } from './PricelistRowsTable';
import { timeStatusTone } from './paths';
import { pricelistTexts } from './texts';
import { usePricelistRows } from './usePricelistRows';

const texts = pricelistTexts;

/**
 * /v1/organization/{org}/generalpricelist/{gp}/pricelist/{id}: the rows of one price list, read
 * only, with search, sorting and paging (a page at a time, by cursor), the downloads and, for who
 * may import into it, the list's import history. A region's user reads it as a buyer: the rows
 * and the Peppol catalogue, without the supplier's imports and template.
 */
export function PricelistPage() {
  const params = useParams();
  const ref: PricelistRef = {
    organizationId: Number(params.organizationId),
    generalPricelistId: Number(params.generalPricelistId),
    pricelistId: Number(params.pricelistId),
  };
  const shown = usePricelistRows(ref);
  const { data: profile } = useGetProfileQuery();
  const mayImport = hasPermission(profile, IMPORT_PERMISSION);
  const { pricelist, rows, search, firstShown, lastShown } = shown;
  usePageTitle(pricelist ? texts.heading(pricelist.number) : texts.rowsHeading);

  return (
    <div className="pricelist-page">
      <p>
        <Link to={generalPricelistPath(ref.organizationId, ref.generalPricelistId)}>{texts.toGeneral}</Link>
      </p>
      <h1 tabIndex={-1}>{pricelist ? texts.heading(pricelist.number) : texts.rowsHeading}</h1>
      {shown.isError && <p className="banner error">{texts.notFound}</p>}
      {pricelist && (
        <>
          <PricelistFacts pricelist={pricelist} />
          <PricelistDownloads pricelistRef={ref} mayImport={mayImport} />

          <h2 id="rows-heading">{texts.rowsHeading}</h2>
          <PricelistSearch
            typed={shown.typed}
            onType={shown.setTyped}
            search={search}
            onSubmit={shown.submitSearch}
            onShowAll={shown.showAll}
          />

          <PricelistRowsTable
            rows={rows}
            sort={shown.sort}
            isFetching={shown.isFetching}
            onSort={shown.sortBy}
            pager={{
              info:
                rows.length === 0
                  ? search
                    ? texts.noMatches(search)
                    : texts.noRows
                  : search
                    ? texts.shown(firstShown, lastShown)
                    : texts.shownOf(firstShown, lastShown, pricelist.rowCount),
              ...shown.paging,
            }}
          />

          {mayImport && (
            <ImportHistory pricelistRef={ref} latestImportId={pricelist.lastImport?.id ?? null} />
          )}
        </>
      )}
    </div>
  );
}

/** The price list's status, start and size. */
function PricelistFacts({ pricelist }: { pricelist: PricelistOverview }) {
  return (
    <dl className="facts">
      <dt>{texts.columns.status}</dt>
      <dd>
        <Tag tone={timeStatusTone[pricelist.status]} label={pricelistTimeStatusLabels[pricelist.status]} />
      </dd>
      <dt>{texts.columns.validFrom}</dt>
      <dd>{pricelist.validFrom}</dd>
      <dt>{texts.columns.rowCount}</dt>
      <dd>{formatCount(pricelist.rowCount)}</dd>
    </dl>
  );
}

/** The price list to download: as an Excel file to import again (its supplier's), and as a Peppol catalogue. */
function PricelistDownloads({
  pricelistRef: ref,
  mayImport,
}: {
  pricelistRef: PricelistRef;
  mayImport: boolean;
}) {
  return (
    <p>
      {mayImport && (
        <>
          <a
            className="button secondary"
            href={`${API_BASE_URL}imports/${ref.organizationId}/template?type=GENERAL_PRICELIST&pricelistId=${ref.pricelistId}`}
            download
          >
            {texts.download}
          </a>{' '}
        </>
      )}
      <a
        className="button secondary"
        href={`${API_BASE_URL}pricelists/${ref.organizationId}/${ref.generalPricelistId}/${ref.pricelistId}/peppol`}
        download
      >
        {texts.downloadPeppol}
      </a>
    </p>
  );
}

interface PricelistSearchProps {
  /** The search field's text, as typed. */
  typed: string;
  onType: (text: string) => void;
  /** The search the rows are filtered by, "" for none; a search can be cleared ("Visa alla rader"). */
  search: string;
  onSubmit: (event: FormEvent) => void;
  onShowAll: () => void;
}

function PricelistSearch({ typed, onType, search, onSubmit, onShowAll }: PricelistSearchProps) {
  return (
    <form className="pricelist-search" onSubmit={onSubmit}>
      <label htmlFor="pricelist-search">{texts.searchLabel}</label>
      <p id="pricelist-search-hint" className="hint">
        {texts.searchHint}
      </p>
      <div className="pricelist-search__row">
        <input
          id="pricelist-search"
          type="search"
          value={typed}
          maxLength={100}
          aria-describedby="pricelist-search-hint"
          onChange={(event) => onType(event.target.value)}
        />
        <button type="submit" className="button">
          {texts.search}
        </button>
        {search && (
          <button type="button" className="button secondary" onClick={onShowAll}>
            {texts.showAll}
          </button>
        )}
      </div>
    </form>
  );
}
