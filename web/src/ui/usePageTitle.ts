import { useEffect } from 'react';
import { sv } from './text/sv';

/**
 * Names the browser tab after the page, then the service: "Inläsningar – Hjälpmedelsdatabasen"
 * (WCAG 2.4.2). Every route calls it, so a client-side navigation never keeps the previous title.
 */
export function usePageTitle(pageTitle: string) {
  useEffect(() => {
    document.title = `${pageTitle} – ${sv.app.name}`;
  }, [pageTitle]);
}
