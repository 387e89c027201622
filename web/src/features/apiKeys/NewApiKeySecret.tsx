import { useEffect, useId, useRef, useState } from 'react';
import type { CreatedApiKey } from '#contract/apiKeys';
import { formatDateTime } from '../../ui/format';
import { apiKeyTexts } from './texts';

/**
 * The new key's secret, shown this once: in a read-only field that selects itself, with a copy
 * button and a polite status that says whether copying worked. The panel takes the focus when it
 * appears, so a screen reader reads the heading and the warning first.
 */
export function NewApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const texts = apiKeyTexts;
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
    <section ref={panel} tabIndex={-1} aria-labelledby={headingId} className="banner success api-key-secret">
      <h2 id={headingId}>{texts.createdHeading(created.key.name)}</h2>
      <p>
        <strong>{texts.showOnce}</strong>
      </p>
      <p>{texts.likePassword}</p>
      <label htmlFor={secretId} className="api-key-secret__label">
        {texts.secretLabel}
      </label>
      <div className="api-key-secret__row">
        <input
          id={secretId}
          className="api-key-secret__value"
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
      <p role="status" className="api-key-secret__status">
        {copyStatus}
      </p>
      <p>{texts.expiresOn(formatDateTime(created.key.expires))}</p>
      <button type="button" className="button secondary" onClick={onDone}>
        {texts.done}
      </button>
    </section>
  );
}
