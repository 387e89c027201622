import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import { sv } from '../../ui/text/sv';
import './session.css';

interface Props {
  onLogout: () => void;
  onStayLoggedIn: () => void;
  busy: boolean;
}

/**
 * The warning of specification §4, shown while it is mounted. A native modal <dialog> keeps the
 * rest of the page inert and focus inside, without react-aria (the login area must stay light).
 * It cannot be dismissed: Escape does nothing, and a click outside never closes a native dialog.
 * Focus returns to where it was when the dialog goes away.
 */
export function SessionExpiryDialog({ onLogout, onStayLoggedIn, busy }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const mounted = useRef(false);
  const headingId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    mounted.current = true;
    if (dialog && !dialog.open) dialog.showModal?.();
    stayRef.current?.focus();
    return () => {
      mounted.current = false;
      dialog?.close?.();
      previousFocus?.focus();
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
      aria-describedby={textId}
      onKeyDown={blockEscape}
      onCancel={blockCancel}
      onClose={reopen}
    >
      <h2 id={headingId}>{sv.session.expiringHeading}</h2>
      <p id={textId}>{sv.session.expiringText}</p>
      <div className="session-dialog-buttons">
        <button type="button" className="secondary" onClick={onLogout}>
          {sv.session.logOut}
        </button>
        <button type="button" ref={stayRef} onClick={onStayLoggedIn} aria-disabled={busy || undefined}>
          {sv.session.stayLoggedIn}
        </button>
      </div>
    </dialog>
  );
}
