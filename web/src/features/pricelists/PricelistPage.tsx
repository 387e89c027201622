import './pricelists.css';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { priceListColumns, pricelistTimeStatusLabels } from '#contract/domain';
import type { PricelistRow, PricelistRowSort } from '#contract/pricelists';
import { API_BASE_URL } from '../../api/api';
import { formatCount, formatPrice } from '../../ui/format';
import { Pager } from '../../ui/Pager';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { Tag } from '../../ui/Tag';
import { usePageTitle } from '../../ui/usePageTitle';
import { generalPricelistPath } from '../../ui/v1Paths';
import { type PricelistRef, useGetPricelistRowsQuery } from './api';
import { ImportHistory } from './ImportHistory';
import { timeStatusTone } from './paths';
import { pricelistTexts } from './texts';

const PAGE_SIZE = 50;
const headerOf = Object.fromEntries(priceListColumns.map((column) => [column.key, column.header])) as Record<
  keyof PricelistRow,
  string
>;
const sortable: readonly PricelistRowSort[] = ['articleNumber', 'articleName', 'price'];
const columns: (keyof PricelistRow)[] = [
  'articleNumber',
  'articleName',
  'price',
  'minimumOrderQuantity',
  'deliveryTimeDays',
  'warrantyQuantity',
  'warrantyUnit',
  'warrantyValidFrom',
  'warrantyTerms',
];
const numericColumns = new Set<keyof PricelistRow>([
  'price',
  'minimumOrderQuantity',
  'deliveryTimeDays',
  'warrantyQuantity',
]);

function cellText(row: PricelistRow, column: keyof PricelistRow): string {
  const value = row[column];
  if (value === null) return '';
  if (column === 'price') return formatPrice(value);
  return typeof value === 'number' ? formatCount(value) : value;
}

/**
 * /v1/organization/{org}/generalpricelist/{gp}/pricelist/{id}: the rows of one price list, read
 * only, with search, sorting and paging (a page at a time, by cursor), the Excel download and the
 * list's import history.
 */
export function PricelistPage() {
  const params = useParams();
  const ref: PricelistRef = {
    organizationId: Number(params.organizationId),
    generalPricelistId: Number(params.generalPricelistId),
    pricelistId: Number(params.pricelistId),
  };
  const texts = pricelistTexts;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ by: PricelistRowSort; direction: 'asc' | 'desc' }>({
    by: 'articleNumber',
    direction: 'asc',
  });
  // The cursors of the pages shown so far: the last one is the page on screen.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors.at(-1);
  const { data, isError, isFetching } = useGetPricelistRowsQuery({
    ...ref,
    search: search || undefined,
    sort: sort.by,
    direction: sort.direction,
    after,
    limit: PAGE_SIZE,
  });
  const pricelist = data?.pricelist;
  usePageTitle(pricelist ? texts.heading(pricelist.number) : texts.rowsHeading);

  const startOver = () => setCursors([undefined]);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    startOver();
  };
  const sortBy = (by: PricelistRowSort) => {
    setSort((current) => ({
      by,
      direction: current.by === by && current.direction === 'asc' ? 'desc' : 'asc',
    }));
    startOver();
  };
  const firstShown = (cursors.length - 1) * PAGE_SIZE + 1;
  const rows = data?.rows ?? [];
  // The server may give a cursor after a full last page; without a search the row count says there is none.
  const lastShown = firstShown + rows.length - 1;
  const moreRows = search !== '' || (pricelist !== undefined && lastShown < pricelist.rowCount);
  const nextCursor = moreRows ? (data?.nextCursor ?? undefined) : undefined;

  return (
    <div className="pricelist-page">
      <p>
        <Link to={generalPricelistPath(ref.organizationId, ref.generalPricelistId)}>{texts.toGeneral}</Link>
      </p>
      <h1 tabIndex={-1}>{pricelist ? texts.heading(pricelist.number) : texts.rowsHeading}</h1>
      {isError && <p className="banner error">{texts.notFound}</p>}
      {pricelist && (
        <>
          <dl className="facts">
            <dt>{texts.columns.status}</dt>
            <dd>
              <Tag
                tone={timeStatusTone[pricelist.status]}
                label={pricelistTimeStatusLabels[pricelist.status]}
              />
            </dd>
            <dt>{texts.columns.validFrom}</dt>
            <dd>{pricelist.validFrom}</dd>
            <dt>{texts.columns.rowCount}</dt>
            <dd>{formatCount(pricelist.rowCount)}</dd>
          </dl>
          <p>
            <a
              className="button secondary"
              href={`${API_BASE_URL}imports/${ref.organizationId}/template?type=GENERAL_PRICELIST&pricelistId=${ref.pricelistId}`}
              download
            >
              {texts.download}
            </a>{' '}
            <a
              className="button secondary"
              href={`${API_BASE_URL}pricelists/${ref.organizationId}/${ref.generalPricelistId}/${ref.pricelistId}/peppol`}
              download
            >
              {texts.downloadPeppol}
            </a>
          </p>

          <h2 id="rows-heading">{texts.rowsHeading}</h2>
          <form className="pricelist-search" onSubmit={submitSearch}>
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
                onChange={(event) => setTyped(event.target.value)}
              />
              <button type="submit" className="button">
                {texts.search}
              </button>
              {search && (
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => {
                    setTyped('');
                    setSearch('');
                    startOver();
                  }}
                >
                  {texts.showAll}
                </button>
              )}
            </div>
          </form>

          <ScrollRegion label={texts.rowsHeading}>
            <table
              className="data-table pricelist-rows"
              aria-labelledby="rows-heading"
              aria-busy={isFetching}
            >
              <thead>
                <tr>
                  {columns.map((column) => {
                    const canSort = (sortable as readonly string[]).includes(column);
                    const sorted = canSort && sort.by === column;
                    return (
                      <th
                        key={column}
                        scope="col"
                        className={numericColumns.has(column) ? 'numeric' : undefined}
                        aria-sort={
                          sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                        }
                      >
                        {canSort ? (
                          <button
                            type="button"
                            className="sort-button"
                            onClick={() => sortBy(column as PricelistRowSort)}
                          >
                            {headerOf[column]}
                            <span aria-hidden="true" className="sort-button__icon">
                              {!sorted ? '↕' : sort.direction === 'asc' ? '▲' : '▼'}
                            </span>
                          </button>
                        ) : (
                          headerOf[column]
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.articleNumber}>
                    {columns.map((column) => (
                      <td key={column} className={numericColumns.has(column) ? 'numeric' : undefined}>
                        {cellText(row, column)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            info={
              rows.length === 0
                ? search
                  ? texts.noMatches(search)
                  : texts.noRows
                : search
                  ? texts.shown(firstShown, lastShown)
                  : texts.shownOf(firstShown, lastShown, pricelist.rowCount)
            }
            {...(cursors.length > 1 || nextCursor
              ? {
                  onPrevious: cursors.length > 1 ? () => setCursors((c) => c.slice(0, -1)) : undefined,
                  onNext: nextCursor ? () => setCursors((c) => [...c, nextCursor]) : undefined,
                }
              : {})}
          />

          <ImportHistory pricelistRef={ref} latestImportId={pricelist.lastImport?.id ?? null} />
        </>
      )}
    </div>
  );
}
