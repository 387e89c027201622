import { type ReactNode, useEffect, useRef } from 'react';

/**
 * What just happened, said on /import after an upload or a confirm, with a link onwards: one
 * message, whose text the page replaces as the status moves on (the element stays, so its focus
 * does). It takes
 * the focus: at once after an upload (the dialog has closed and given focus back first), and on
 * arrival after a confirm (RouteFocus prefers `data-arrival-focus` to the page's heading).
 */
export function ImportNotice({
  children,
  focusNow = false,
  tone = 'success',
}: {
  children: ReactNode;
  focusNow?: boolean;
  /** How it ended: a failure is said in the error style (with its words, never colour alone). */
  tone?: 'success' | 'error';
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusNow) return;
    // After the dialog's own focus restore, which runs as it unmounts.
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [focusNow]);
  return (
    <div
      ref={ref}
      className={`banner ${tone} import-notice`}
      role="status"
      tabIndex={-1}
      data-arrival-focus=""
    >
      {children}
    </div>
  );
}
