import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface OneTimeSecretProps {
  heading: string;
  /** What the user must know: shown between the heading and the secret. */
  children: ReactNode;
  secret: string;
  /** The feature's own texts for the field, its copy button and status, and "done". */
  texts: { secretLabel: string; copy: string; copied: string; copyFailed: string; done: string };
  /** After the field and its copy button: e.g. when the secret stops working. */
  after?: ReactNode;
  onDone: () => void;
}

/**
 * A secret shown this once (a new API key, a webhook's signing secret): a read-only field that
 * selects itself, a copy button and a polite status that says whether copying worked. The panel
 * takes the focus when it appears, so a screen reader reads the heading and the warning first.
 */
export function OneTimeSecret({ heading, children, secret, texts, after, onDone }: OneTimeSecretProps) {
  const headingId = useId();
  const secretId = useId();
  const panel = useRef<HTMLElement>(null);
  const [copyStatus, setCopyStatus] = useState('');

  useEffect(() => {
    panel.current?.focus();
  }, []);

  const copy = async () => {
    setCopyStatus('');
    try {
      await navigator.clipboard.writeText(secret);
      setCopyStatus(texts.copied);
    } catch {
      setCopyStatus(texts.copyFailed);
      document.getElementById(secretId)?.focus();
    }
  };

  return (
    <section ref={panel} tabIndex={-1} aria-labelledby={headingId} className="banner success one-time-secret">
      <h2 id={headingId}>{heading}</h2>
      {children}
      <label htmlFor={secretId} className="one-time-secret__label">
        {texts.secretLabel}
      </label>
      <div className="one-time-secret__row">
        <input
          id={secretId}
          className="one-time-secret__value"
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          {texts.copy}
        </button>
      </div>
      <p role="status" className="one-time-secret__status">
        {copyStatus}
      </p>
      {after}
      <button type="button" className="button secondary" onClick={onDone}>
        {texts.done}
      </button>
    </section>
  );
}
