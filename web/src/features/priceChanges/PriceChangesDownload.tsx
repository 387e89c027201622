import { useEffect, useRef, useState } from 'react';
import { apiFailureOfText } from '../../api/apiError';
import { priceChangeTexts } from './texts';

/** The name the server gives the file (RFC 5987 `filename*`), or the page's own. */
function fileNameOf(disposition: string | null) {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/)?.[1];
  return encoded ? decodeURIComponent(encoded) : 'Prisändringar.xlsx';
}

/**
 * "Ladda ner som Excel": fetched by the page rather than followed as a link, so a refusal (a period
 * of more than 100,000 rows, busy workers) is said on the page in the server's Swedish words, with
 * the focus, instead of arriving as a file of JSON.
 */
export function PriceChangesDownload({ href }: { href: string }) {
  const texts = priceChangeTexts;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  // Why on the page, whether the server refused or the network failed; the focus moves to it once
  // it is rendered (a timer set beside the state could run before). Each try clears it first, so a
  // second refusal in the same words takes the focus again.
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const response = await fetch(href, { credentials: 'same-origin' });
      if (!response.ok) {
        setFailure(apiFailureOfText(response.status, await response.text()).message ?? texts.downloadFailed);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response.headers.get('content-disposition'));
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailure(texts.downloadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="price-changes-download">
      <p>
        <button
          type="button"
          className="button secondary"
          onClick={download}
          aria-disabled={busy || undefined}
          aria-describedby="price-changes-download-hint"
        >
          {texts.download}
        </button>{' '}
        <span id="price-changes-download-hint">{texts.downloadHint}</span>
      </p>
      {failure && (
        <p ref={failureRef} className="banner error" role="alert" tabIndex={-1}>
          {failure}
        </p>
      )}
    </div>
  );
}
