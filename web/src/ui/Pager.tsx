import type { ReactNode } from 'react';
import { sv } from './text/sv';

export interface PagerProps {
  /** What is shown, e.g. "Visar 21–40 av 50": said politely as it changes. */
  info: ReactNode;
  /** Go back a page; absent on the first page. */
  onPrevious?: (() => void) | undefined;
  /** Go on a page; absent on the last page. */
  onNext?: (() => void) | undefined;
  /** Another action beside the page buttons ("Visa alla …"). */
  children?: ReactNode;
}

/**
 * The one paging control of every paged table, under its table: what is shown, then "Föregående
 * sida" and "Nästa sida". With only one page the buttons are not there. On the first or last page
 * the button that leads nowhere stays in place with aria-disabled (not `disabled`), so the focus
 * that pressed it stays on it instead of falling to the page body.
 */
export function Pager({ info, onPrevious, onNext, children }: PagerProps) {
  const paged = onPrevious !== undefined || onNext !== undefined;
  return (
    <div className="pager">
      <p className="pager__info" aria-live="polite">
        {info}
      </p>
      {paged && (
        <>
          <PageButton label={sv.pager.previous} onPress={onPrevious} />
          <PageButton label={sv.pager.next} onPress={onNext} />
        </>
      )}
      {children}
    </div>
  );
}

function PageButton({ label, onPress }: { label: string; onPress: (() => void) | undefined }) {
  return (
    <button
      type="button"
      className="button secondary"
      aria-disabled={onPress === undefined || undefined}
      onClick={() => onPress?.()}
    >
      {label}
    </button>
  );
}
