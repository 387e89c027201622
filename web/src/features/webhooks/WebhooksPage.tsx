import './webhooks.css';
import { useEffect, useRef, useState } from 'react';
import type { CreatedWebhook, WebhookEndpoint } from '#contract/webhooks';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';
import { useGetWebhooksQuery } from './api';
import { CreateWebhookForm } from './CreateWebhookForm';
import { NewWebhookSecret } from './NewWebhookSecret';
import { WEBHOOKS_POLLING } from './polling';
import { webhookTexts } from './texts';
import { WebhookEndpointCard } from './WebhookEndpointCard';

/**
 * /webhooks: the organisation's webhook endpoints (docs/api-webhooks.md), beside "API-nycklar".
 * A new endpoint's secret is shown once above the form; a removed endpoint leaves a notice that
 * takes the focus, since its section and buttons are gone.
 */
export function WebhooksPage() {
  const texts = webhookTexts;
  usePageTitle(texts.heading);
  // Refreshed while open, so an endpoint the service turned off after failures shows as off.
  const { data: endpoints, isError, isLoading } = useGetWebhooksQuery(undefined, WEBHOOKS_POLLING);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [removed, setRemoved] = useState<WebhookEndpoint | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!removed) return;
    // After the dialog has closed and tried to give the focus back to a button that is going.
    const timer = setTimeout(() => notice.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [removed]);

  return (
    <div className="webhooks-page">
      <h1 tabIndex={-1}>{texts.heading}</h1>
      <p>{texts.intro}</p>
      <p>
        {texts.advice} <a href="/api-dokumentation">{texts.referenceLink}</a>
      </p>
      {created && (
        <NewWebhookSecret
          key={created.endpoint.id}
          created={created}
          onDone={() => {
            setCreated(null);
            listHeading.current?.focus();
          }}
        />
      )}
      {removed && (
        <p ref={notice} role="status" tabIndex={-1} className="banner success webhook-url">
          {texts.removed(removed.url)}
        </p>
      )}
      <section aria-labelledby="webhooks-create-heading">
        <h2 id="webhooks-create-heading">{texts.createHeading}</h2>
        <CreateWebhookForm
          onCreated={(endpoint) => {
            setRemoved(null);
            setCreated(endpoint);
          }}
        />
      </section>
      <section aria-labelledby="webhooks-list-heading">
        <h2 id="webhooks-list-heading" ref={listHeading} tabIndex={-1}>
          {texts.listHeading}
        </h2>
        {isLoading && <p>{sv.app.loading}</p>}
        {isError && <p className="banner error">{texts.loadFailed}</p>}
        {endpoints && endpoints.length === 0 && <p>{texts.none}</p>}
        {endpoints?.map((endpoint) => (
          <WebhookEndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onRemoved={(gone) => {
              setCreated((shown) => (shown?.endpoint.id === gone.id ? null : shown));
              setRemoved(gone);
            }}
          />
        ))}
      </section>
    </div>
  );
}
