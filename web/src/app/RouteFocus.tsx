import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (a summary waits for its import) before we give up. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a client-side navigation, moves focus to the new page's h1, so a screen reader reads
 * where the user arrived and the next Tab starts at the page (WCAG 2.4.3); a page that has a
 * notice for the arriving user marks it with `data-arrival-focus` and gets focus there instead. A page that loads its
 * data first gets focus on its heading once it shows. Focus the user or the page has already
 * moved elsewhere is left alone; the first page of a visit is left to the browser.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  // The path this effect last saw. Not the location's key: a reload keeps the key of the entry.
  const seen = useRef<string | null>(null);

  useEffect(() => {
    if (seen.current === pathname) return;
    const isFirstPage = seen.current === null;
    seen.current = pathname;
    if (isFirstPage) return;
    const before = document.activeElement;
    const focusHeading = () => {
      // A page with something to say on arrival (a notice) marks it; otherwise its h1.
      const heading =
        document.querySelector<HTMLElement>('main [data-arrival-focus]') ??
        document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      const active = document.activeElement;
      const untouched = !active || active === document.body || active === before || !active.isConnected;
      if (untouched) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);

  return null;
}
