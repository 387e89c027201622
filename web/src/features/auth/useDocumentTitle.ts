import { useEffect } from 'react';
import { sv } from '../../ui/text/sv';

/** Names the browser tab after the page, then the service (WCAG 2.4.2). */
export function useDocumentTitle(pageTitle: string) {
  useEffect(() => {
    document.title = `${pageTitle} – ${sv.app.name}`;
  }, [pageTitle]);
}
