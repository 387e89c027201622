import './webhooks.css';
import type { CreatedWebhook, WebhookEndpoint } from '#contract/webhooks';
import { CreateAndList, useCreateAndList } from '../../ui/CreateAndList';
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
  const page = useCreateAndList<CreatedWebhook, WebhookEndpoint>();

  return (
    <div className="webhooks-page">
      <h1 tabIndex={-1}>{texts.heading}</h1>
      <p>{texts.intro}</p>
      <p>
        {texts.advice} <a href="/api-dokumentation">{texts.referenceLink}</a>
      </p>
      <CreateAndList
        idPrefix="webhooks"
        texts={texts}
        page={page}
        secret={(created) => (
          <NewWebhookSecret key={created.endpoint.id} created={created} onDone={page.secretDone} />
        )}
        removedNotice={(removed) => texts.removed(removed.url)}
        noticeClassName="webhook-url"
        form={<CreateWebhookForm onCreated={page.made} />}
        list={{ isLoading, isError, isEmpty: endpoints?.length === 0 }}
      >
        {endpoints?.map((endpoint) => (
          <WebhookEndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onRemoved={(gone) => page.gone(gone, (shown) => shown.endpoint.id === gone.id)}
          />
        ))}
      </CreateAndList>
    </div>
  );
}
