import './apiKeys.css';
import { useEffect, useRef, useState } from 'react';
import type { ApiKey, CreatedApiKey } from '#contract/apiKeys';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';
import { ApiKeyTable } from './ApiKeyTable';
import { useGetApiKeysQuery } from './api';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { NewApiKeySecret } from './NewApiKeySecret';
import { apiKeyTexts } from './texts';
import { ValidationMails } from './ValidationMails';

/**
 * /api-nycklar: the signed-in supplier's API keys (docs/api-keys.md). A new key's secret is shown
 * once, above the form, until the user leaves the page or says it is saved; a revoked key leaves a
 * notice that takes the focus, since the row with its button is gone.
 */
export function ApiKeysPage() {
  const texts = apiKeyTexts;
  usePageTitle(texts.heading);
  const { data: keys, isError, isLoading } = useGetApiKeysQuery();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoked, setRevoked] = useState<ApiKey | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!revoked) return;
    // After the dialog has closed and tried to give the focus back to a button that is going.
    const timer = setTimeout(() => notice.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [revoked]);

  return (
    <div className="api-keys-page">
      <h1 tabIndex={-1}>{texts.heading}</h1>
      <p>{texts.intro}</p>
      <p>{texts.advice}</p>
      <p>
        {texts.referenceBefore}{' '}
        {/* Outside the SPA: a page of the server's own (docs/decisions/0036-own-api-reference-page.md). */}
        <a href="/api-dokumentation">{texts.referenceLink}</a>.
      </p>
      {created && (
        <NewApiKeySecret
          key={created.key.id}
          created={created}
          onDone={() => {
            setCreated(null);
            listHeading.current?.focus();
          }}
        />
      )}
      {revoked && (
        <p ref={notice} role="status" tabIndex={-1} className="banner success">
          {texts.revoked(revoked.name)}
        </p>
      )}
      <section aria-labelledby="api-keys-create-heading">
        <h2 id="api-keys-create-heading">{texts.createHeading}</h2>
        <CreateApiKeyForm
          onCreated={(key) => {
            setRevoked(null);
            setCreated(key);
          }}
        />
      </section>
      <section aria-labelledby="api-keys-list-heading">
        <h2 id="api-keys-list-heading" ref={listHeading} tabIndex={-1}>
          {texts.listHeading}
        </h2>
        {isLoading && <p>{sv.app.loading}</p>}
        {isError && <p className="banner error">{texts.loadFailed}</p>}
        {keys && keys.length === 0 && <p>{texts.none}</p>}
        {keys && keys.length > 0 && (
          <ApiKeyTable
            keys={keys}
            onRevoked={(key) => {
              setCreated((shown) => (shown?.key.id === key.id ? null : shown));
              setRevoked(key);
            }}
          />
        )}
      </section>
      <ValidationMails />
    </div>
  );
}
