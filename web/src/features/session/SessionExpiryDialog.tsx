import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { focusOrHeading } from '../../ui/focusFallback';
import { announcementFor, countdownText } from './countdown';
import { sessionTexts } from './texts';
import './session.css';

interface Props {
  /** When the session ends (Date.now() time), as the last ping said. */
  expiresAt: number;
  /** Called once the countdown reaches zero, to ask the server at once. */
  onExpired: () => void;
  onLogout: () => void;
  onStayLoggedIn: () => void;
  busy: boolean;
}

/**
 * The warning of docs/product.md, "Session", shown while it is mounted. A native modal <dialog> keeps the
 * rest of the page inert and focus inside, without react-aria (the login area must stay light).
 * It cannot be dismissed: Escape does nothing, and a click outside never closes a native dialog.
 * Focus returns to where it was when the dialog goes away; when that is gone, or nothing had it
 * (a page opened directly), to the page's heading, never to the body.
 */
export function SessionExpiryDialog({ expiresAt, onExpired, onLogout, onStayLoggedIn, busy }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const mounted = useRef(false);
  const headingId = useId();
  const textId = useId();
  const countdownId = useId();
  const secondsLeft = useSecondsLeft(expiresAt);
  const expired = secondsLeft <= 0;

  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  useEffect(() => {
    const dialog = dialogRef.current;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    mounted.current = true;
    if (dialog && !dialog.open) dialog.showModal?.();
    stayRef.current?.focus();
    return () => {
      mounted.current = false;
      dialog?.close?.();
      focusOrHeading(previousFocus);
    };
  }, []);

  const blockEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') event.preventDefault();
  };
  const blockCancel = (event: SyntheticEvent) => event.preventDefault();
  // Chrome lets a repeated Escape close a dialog despite the blocked cancel: show it again.
  const reopen = () => {
    const dialog = dialogRef.current;
    if (mounted.current && dialog && !dialog.open) {
      dialog.showModal?.();
      stayRef.current?.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="session-dialog"
      aria-labelledby={headingId}
      // The countdown is part of the description: the dialog is read with the time left.
      aria-describedby={`${textId} ${countdownId}`}
      onKeyDown={blockEscape}
      onCancel={blockCancel}
      onClose={reopen}
    >
      <h2 id={headingId}>{sessionTexts.expiringHeading}</h2>
      <p id={textId}>{sessionTexts.expiringText}</p>
      {/* Seen every second, and read with the dialog; announced only through the region below, at a few points. */}
      <p id={countdownId} className="session-countdown">
        {countdownText(secondsLeft)}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcementFor(secondsLeft)}
      </p>
      <div className="session-dialog-buttons">
        <button type="button" className="secondary" onClick={onLogout}>
          {sessionTexts.logOut}
        </button>
        <button type="button" ref={stayRef} onClick={onStayLoggedIn} aria-disabled={busy || undefined}>
          {sessionTexts.stayLoggedIn}
        </button>
      </div>
    </dialog>
  );
}

/** Seconds until `expiresAt`, updated every second while mounted. */
function useSecondsLeft(expiresAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}
