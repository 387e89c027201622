/**
 * Where the page buttons of an offset-paged table lead: the first row of the previous and of the
 * next page, each absent where there is none. A single page has neither, so the Pager shows no
 * buttons.
 */
export function pageOffsets(
  offset: number,
  pageSize: number,
  total: number,
): { previous?: number; next?: number } {
  if (offset === 0 && total <= pageSize) return {};
  return {
    ...(offset > 0 && { previous: Math.max(0, offset - pageSize) }),
    ...(offset + pageSize < total && { next: offset + pageSize }),
  };
}
