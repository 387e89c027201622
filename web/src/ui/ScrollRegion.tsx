import { type ReactNode, useEffect, useRef, useState } from 'react';
import { sv } from './text/sv';

/**
 * A wide table's horizontal scroll box. While its table is wider than the screen it is focusable
 * and named, so a keyboard user can reach it and scroll with the arrow keys, and a screen reader
 * says what it holds (axe: scrollable-region-focusable). When everything fits it is no extra stop.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(ref);
  return (
    <div
      ref={ref}
      className="table-scroll"
      {...(scrolls ? { role: 'region', 'aria-label': sv.app.tableRegion(label), tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}

/** Whether the element's content is wider than the element, followed as either changes size. */
function useScrolls(ref: React.RefObject<HTMLElement | null>) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
