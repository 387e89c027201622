import { type FormEvent, useState } from 'react';
import type { PricelistRowSort } from '#contract/pricelists';
import { type PricelistRef, useGetPricelistRowsQuery } from './api';

const PAGE_SIZE = 50;

export interface RowSort {
  by: PricelistRowSort;
  direction: 'asc' | 'desc';
}

/**
 * A price list's rows as the page shows them: the search (as typed, and as sent), the sorting,
 * and the page on screen, read a page at a time by cursor. A new search or sorting starts over
 * from the first page.
 */
export function usePricelistRows(ref: PricelistRef) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<RowSort>({
    by: 'articleNumber',
    direction: 'asc',
  });
  // The cursors of the pages shown so far: the last one is the page on screen.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors.at(-1);
  const { data, currentData, isError, isFetching } = useGetPricelistRowsQuery({
    ...ref,
    search: search || undefined,
    sort: sort.by,
    direction: sort.direction,
    after,
    limit: PAGE_SIZE,
  });
  const pricelist = data?.pricelist;

  const startOver = () => setCursors([undefined]);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    startOver();
  };
  const showAll = () => {
    setTyped('');
    setSearch('');
    startOver();
  };
  const sortBy = (by: PricelistRowSort) => {
    setSort((current) => ({
      by,
      direction: current.by === by && current.direction === 'asc' ? 'desc' : 'asc',
    }));
    startOver();
  };
  // The page whose rows are on screen: while the next loads, the last one's rows stay, and so
  // does what the pager says of them ("Visar rad …"). Said ahead of the rows, a keyboard user
  // pressed "Nästa sida" again while it still led nowhere.
  const [shownPage, setShownPage] = useState(0);
  const settledPage = currentData ? cursors.length - 1 : shownPage;
  if (settledPage !== shownPage) setShownPage(settledPage);
  const firstShown = settledPage * PAGE_SIZE + 1;
  const rows = data?.rows ?? [];
  // The server may give a cursor after a full last page; without a search the row count says there is none.
  const lastShown = firstShown + rows.length - 1;
  const moreRows = search !== '' || (pricelist !== undefined && lastShown < pricelist.rowCount);
  // The next page's cursor only from the answer to this very request: while a new sorting or
  // search loads, `data` is still the last one's, whose cursor belongs to another order.
  const nextCursor = moreRows ? (currentData?.nextCursor ?? undefined) : undefined;
  // Only with more than one page are there page buttons.
  const paging =
    cursors.length > 1 || nextCursor
      ? {
          onPrevious: cursors.length > 1 ? () => setCursors((c) => c.slice(0, -1)) : undefined,
          onNext: nextCursor ? () => setCursors((c) => [...c, nextCursor]) : undefined,
        }
      : {};

  return {
    pricelist,
    rows,
    isError,
    isFetching,
    typed,
    setTyped,
    search,
    submitSearch,
    showAll,
    sort,
    sortBy,
    firstShown,
    lastShown,
    paging,
  };
}
