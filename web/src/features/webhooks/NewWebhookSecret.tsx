import { useEffect, useId, useRef, useState } from 'react';
import type { CreatedWebhook } from '#contract/webhooks';
import { webhookTexts } from './texts';

/**
 * The new endpoint's signing secret, shown this once, as a new API key's is: a read-only field
 * that selects itself, a copy button and a polite status. The panel takes the focus.
 */
export function NewWebhookSecret({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const texts = webhookTexts;
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
      await navigator.clipboard.writeText(created.secret);
      setCopyStatus(texts.copied);
    } catch {
      setCopyStatus(texts.copyFailed);
      document.getElementById(secretId)?.focus();
    }
  };

  return (
    <section ref={panel} tabIndex={-1} aria-labelledby={headingId} className="banner success webhook-secret">
      <h2 id={headingId}>{texts.createdHeading}</h2>
      <p className="webhook-url">{created.endpoint.url}</p>
      <p>
        <strong>{texts.showOnce}</strong>
      </p>
      <label htmlFor={secretId} className="webhook-secret__label">
        {texts.secretLabel}
      </label>
      <div className="webhook-secret__row">
        <input
          id={secretId}
          className="webhook-secret__value"
          readOnly
          value={created.secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          {texts.copy}
        </button>
      </div>
      <p role="status" className="webhook-secret__status">
        {copyStatus}
      </p>
      <button type="button" className="button secondary" onClick={onDone}>
        {texts.done}
      </button>
    </section>
  );
}
