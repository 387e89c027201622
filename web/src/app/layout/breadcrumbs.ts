import { matchPath } from 'react-router';
import { sv } from '../../ui/text/sv';

export interface Crumb {
  label: string;
  /** Absent on the last crumb: the page the user is on. */
  to?: string;
}

const start: Crumb = { label: sv.breadcrumb.start, to: '/' };
const imports: Crumb = { label: sv.breadcrumb.imports, to: '/import' };
const summary: Crumb = { label: sv.breadcrumb.summary };

/**
 * The trail of "Du är här" for a path (docs/product.md, "Screens and routes": Start › Inläsningar › Sammanfattning).
 * Matched on the path rather than on route data, so the import feature's routes need to know
 * nothing about the shell. Pages that are not nested (the start page, /v1) get no trail.
 */
export function breadcrumbTrail(pathname: string): Crumb[] {
  if (matchPath('/import', pathname)) return [start, { label: imports.label }];
  if (matchPath('/import/legacy/:id', pathname) || matchPath('/import/:id', pathname))
    return [start, imports, summary];
  return [];
}
