import { type ReactNode, useEffect, useRef } from 'react';

/**
 * What just happened, said on /import after an upload or a confirm, with a link onwards. It takes
 * the focus: at once after an upload (the dialog has closed and given focus back first), and on
 * arrival after a confirm (RouteFocus prefers `data-arrival-focus` to the page's heading).
 */
export function ImportNotice({ children, focusNow = false }: { children: ReactNode; focusNow?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusNow) return;
    // After the dialog's own focus restore, which runs as it unmounts.
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [focusNow]);
  return (
    <div ref={ref} className="banner success import-notice" role="status" tabIndex={-1} data-arrival-focus="">
      {children}
    </div>
  );
}
